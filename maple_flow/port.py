"""port(): a script that works on one cluster, rewritten for others.

Kept: the program (entry point, arguments verbatim and in order), framework and strategy,
the total number of ranks, the walltime where the target queue allows it, and user
environment variables that are not cluster-specific. Everything that belongs to the source
cluster (account, queue, modules, environment activation, launcher flags, network variables,
paths on its filesystems, containers) is not copied: it is listed in ``notes`` with the
target's equivalent where its profile knows one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maple_flow.clusters import no_target_message
from maple_flow.errors import InvalidValue, MissingInformation, UnknownCluster, api_boundary
from maple_flow.models import ClusterProfile, JobSpec, format_walltime, walltime_seconds
from maple_flow.port_rules import choose_queue, is_path, place_ranks, split_env
from maple_flow.scriptparse import ParsedScript, ScriptFacts, guess_cluster, parse_script
from maple_flow.scriptparse import read_facts as _read_facts

if TYPE_CHECKING:
    from maple_flow.verify.report import VerifyReport
    from maple_flow.verify.run import Progress

_PORTABLE_OVERRIDES = frozenset(
    {
        "nodes",
        "gpus_per_node",
        "account",
        "queue",
        "walltime",
        "job_name",
        "master_port",
        "framework",
        "strategy",
        "env",
        "modules",
    }
)


@dataclass
class PortResult:
    """The script for one target cluster, the spec behind it, and what to check there."""

    cluster: str
    script: str
    spec: JobSpec
    template_id: str
    status: str = "generated"
    notes: list[str] = field(default_factory=list)
    explanation: dict[str, str] = field(default_factory=dict)
    report: VerifyReport | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``maple port --json``."""
        data: dict[str, Any] = {
            "status": self.status,
            "script": self.script,
            "notes": self.notes,
            "template_id": self.template_id,
            "explanation": self.explanation,
        }
        if self.report is not None:
            data["report"] = self.report.model_dump(exclude={"script"})
        return data


@dataclass
class Source:
    """A parsed source script with what porting needs from it."""

    parsed: ParsedScript
    facts: ScriptFacts
    cluster: str | None
    total: int


def _source(script: str | bytes, source: str | None) -> Source:
    from maple_flow.clusters import get_profile, resolve_cluster

    parsed = parse_script(script)
    text = script if isinstance(script, str) else script.decode("utf-8")
    cluster = resolve_cluster(source) if source else guess_cluster(parsed, text)
    facts = _read_facts(parsed)
    gpn = facts.gpus_per_node or (get_profile(cluster).gpu.per_node if cluster else None)
    if gpn is None:
        raise MissingInformation(
            {
                "gpus_per_node": "the script does not say how many ranks it starts per node; "
                "pass gpus_per_node=N (or --gpus-per-node N), or source='<cluster>'",
            }
        )
    return Source(parsed, facts, cluster, (facts.nodes or 1) * gpn)


def _software_notes(src: Source, profile: ClusterProfile) -> list[str]:
    p, notes = src.parsed, []
    target = ", ".join(profile.software.modules) or "no modules"
    if p.modules or p.module_use:
        notes.append(
            f"modules {', '.join(p.module_use + p.modules)} belong to the source cluster "
            f"and are not loaded; {profile.name} loads: {target}"
        )
    activate = (
        "; ".join(a for a in profile.software.activate if not a.startswith("#"))
        or "no activation (the modules provide python)"
    )
    for line in p.activations:
        notes.append(
            f"environment activation `{line}` is not copied; {profile.name} uses: "
            f"{activate}. Recreate your packages there if the env had extras"
        )
    notes += [
        f"`source {f}` is not copied: check what it sets and whether it exists on {profile.name}"
        for f in p.sourced
    ]
    notes += [
        f"`cd {d}` is not copied: the path is on the source cluster's filesystem"
        for d in p.workdirs
    ]
    for stage in p.launch.stages:
        if stage.name in {"apptainer", "singularity", "shifter", "podman-hpc"}:
            image = stage.operands[0] if stage.operands else stage.get("--image") or "?"
            notes.append(
                f"container {image} ({stage.name}) is not used on the target; check "
                f"that {profile.name}'s software stack has what it provided"
            )
    return notes


def _env_notes(
    src: Source, overrides_env: dict[str, str] | None
) -> tuple[dict[str, str], list[str]]:
    kept, specific, paths = split_env(src.parsed.env)
    notes = []
    if specific:
        notes.append(
            f"cluster-specific variables not copied (the target template sets its own): "
            f"{', '.join(sorted(specific))}"
        )
    for name, value in paths.items():
        notes.append(
            f"{name}={value} points to the source cluster's filesystem: not copied; "
            "set it to the matching path on the target"
        )
    kept.update(overrides_env or {})
    return kept, notes


def _arg_notes(facts: ScriptFacts) -> list[str]:
    notes = [
        f"argument {a!r} names a path: make sure it exists on the target"
        for a in facts.args
        if is_path(a)
    ]
    notes += [
        f"{a!r} uses a shell variable the source script did not set literally; it is "
        "passed as written"
        for a in facts.unresolved_args
    ]
    return notes


def _account(src: Source, profile: ClusterProfile, given: str | None) -> list[str]:
    if given:
        return []
    was = f"the source account {src.facts.account!r} is not copied; " if src.facts.account else ""
    need = "required" if profile.account.required else "optional"
    return [
        f"{was}set the {profile.name} account ({need}; {profile.account.hint}), e.g. "
        f"account='{profile.account.example}' or --account"
    ]


def _size(src: Source, profile: ClusterProfile, o: dict[str, Any]) -> tuple[int, int, list[str]]:
    nodes, gpn, note = place_ranks(
        src.total, profile.gpu.per_node, o.get("nodes"), o.get("gpus_per_node")
    )
    notes = [note] if note else []
    if gpn > profile.gpu.per_node:
        notes.append(
            f"{gpn} ranks per node exceed the {profile.gpu.per_node} devices of a "
            f"{profile.name} node"
        )
    return nodes, gpn, notes


def _timing(
    src: Source, profile: ClusterProfile, nodes: int, o: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    wanted = o.get("walltime")
    seconds = walltime_seconds(wanted) if wanted else (src.facts.walltime or 1800)
    if o.get("queue"):
        return {"queue": o["queue"], "walltime": format_walltime(seconds)}, []
    queue, seconds, note = choose_queue(profile, nodes, seconds)
    notes = [note] if note else []
    if src.facts.queue:
        notes.append(
            f"source queue {src.facts.queue!r} is not copied; {profile.name} uses "
            f"{queue!r} for {nodes} node(s) and {format_walltime(seconds)}"
        )
    return {"queue": queue, "walltime": format_walltime(seconds)}, notes


def _port_one(src: Source, target: str, o: dict[str, Any]) -> PortResult:
    from maple_flow.clusters import get_profile
    from maple_flow.generate import generate_from_spec

    profile = get_profile(target)
    nodes, gpn, notes = _size(src, profile, o)
    timing, time_notes = _timing(src, profile, nodes, o)
    env, env_notes = _env_notes(src, o.get("env"))
    f = src.facts
    fields: dict[str, Any] = {
        "cluster": profile.id,
        "framework": o.get("framework", f.framework),
        "strategy": o.get("strategy", f.strategy),
        "nodes": nodes,
        "gpus_per_node": gpn,
        "entrypoint": f.entrypoint,
        "module": f.module,
        "args": f.args,
        "env": env,
        "account": o.get("account"),
        **timing,
    }
    fields.update({k: v for k, v in o.items() if k in {"job_name", "master_port", "modules"}})
    fields["provenance"] = _provenance(fields, o, src)
    spec = JobSpec.model_validate(fields)
    result = generate_from_spec(spec, strict=False)
    notes += time_notes + _account(src, profile, o.get("account")) + env_notes
    notes += _software_notes(src, profile) + _arg_notes(f)
    notes += [f"policy: {x.message}" for x in result.findings if x.severity == "error"]
    return PortResult(
        profile.id,
        result.script,
        result.spec,
        result.template_id,
        "generated",
        notes,
        result.explanation,
    )


def _provenance(fields: dict[str, Any], o: dict[str, Any], src: Source) -> dict[str, str]:
    prov = dict.fromkeys(fields, "derived")
    prov["cluster"] = "said"
    for name in ("framework", "strategy", "entrypoint", "module", "args", "env"):
        prov[name] = "parsed"
    if src.facts.walltime and "walltime" not in o:
        prov["walltime"] = "parsed"
    prov.update(dict.fromkeys((k for k in o if k in fields), "said"))
    if not fields.get("account"):
        prov["account"] = "default"
    return prov


def verify_results(results: dict[str, PortResult], *, timeout_s: float = 300.0,
                   progress: Progress | None = None) -> None:
    """Verify every ported script on its target at once; fills ``.status`` and ``.report``."""
    from maple_flow.verify import VerifyTarget, verify_many

    items = list(results.values())
    targets = [VerifyTarget.from_spec(r.script, r.spec) for r in items]
    for result, report in zip(items, verify_many(targets, timeout_s=timeout_s,
                                                 progress=progress), strict=True):
        result.status, result.report = report.status, report


@api_boundary
def port(
    script: str | bytes, targets: list[str] | str, *, source: str | None = None,
    verify: bool = False, timeout_s: float = 300.0, progress: Progress | None = None,
    **overrides: Any,
) -> dict[str, PortResult]:
    """Rewrite ``script`` for each target cluster (ids or aliases; a comma-separated string works).

    ``overrides`` are JobSpec fields for the targets: nodes, gpus_per_node, account, queue,
    walltime, job_name, master_port, env, modules, framework, strategy. With ``verify=True``
    every target's script is run with a mini-app on its endpoint (concurrently) and
    ``.status`` becomes verified, failed or unverified, with ``.report``. Raises ParseError,
    MissingInformation, UnknownCluster (all MapleError) on unusable input.
    """
    unknown = sorted(set(overrides) - _PORTABLE_OVERRIDES)
    if unknown:
        raise TypeError(
            f"port() got unknown overrides {unknown}; known: {sorted(_PORTABLE_OVERRIDES)}"
        )
    for key in ("nodes", "gpus_per_node"):
        value = overrides.get(key)
        if value is not None and (not isinstance(value, int) or value < 1):
            raise InvalidValue(f"{key}: must be a whole number of at least 1 (got {value!r})")
    names = [t.strip() for t in (targets.split(",") if isinstance(targets, str) else targets)]
    if not any(names):
        raise UnknownCluster(no_target_message())
    src = _source(script, source)
    results = {r.cluster: r for r in (_port_one(src, name, overrides) for name in names if name)}
    if verify:
        verify_results(results, timeout_s=timeout_s, progress=progress)
    return results


__all__ = ["PortResult", "port"]
