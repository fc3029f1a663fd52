"""Turn a request in plain words into a JobSpec, with where each value came from."""

from __future__ import annotations

import math
import re
from typing import Any

from pydantic import ValidationError

from maple_flow.errors import (
    Contradiction,
    MapleError,
    MissingInformation,
    NotOneJob,
    ParseError,
    UnknownCluster,
    api_boundary,
)
from maple_flow.extract.command import Command, find_command
from maple_flow.extract.comments import drop_directive_comments
from maple_flow.extract.explain import words_by_field
from maple_flow.extract.leftovers import check_accounted
from maple_flow.extract.numbers import words_to_digits
from maple_flow.extract.phrases import (
    bare_account_rule,
    scan_account,
    scan_env,
    scan_list_items,
    scan_queue,
    scan_walltime,
)
from maple_flow.extract.scan import Finding, Scan
from maple_flow.extract.setup import scan_cluster, scan_setup
from maple_flow.extract.sharing import sharing_phrase, sweep_arguments, triples_hint
from maple_flow.extract.sizes import ALL, GPU_MODEL, HALF, scan_sizes
from maple_flow.models import ClusterProfile, JobSpec, format_walltime

#: The longest request read, in characters (8 KiB): a request is a sentence or a paragraph;
#: anything longer is refused with a clear error rather than scanned.
MAX_REQUEST = 8192
_SPACES = re.compile(r"\s+")
#: Where a request names a machine: "on Frontier", "at Summit", "the Frontier cluster",
#: "cluster: frontier". Read only when no known cluster was found, on the text left once
#: every other rule has taken its words.
_MACHINE = re.compile(
    r"\b(?:on|at|onto|to|using)\s+(?:the\s+)?([A-Z][A-Za-z0-9_-]{2,30})\b"
    r"|\b([A-Za-z][A-Za-z0-9_-]{2,30})\s+(?:cluster|supercomputer|system|machine)\b"
    r"|\b(?:cluster|supercomputer|system|machine)(?:\s+(?:called|named|is))?(?:\s*[=:])?\s+"
    r"([A-Za-z][A-Za-z0-9_-]{2,30})\b",
)
_NOT_MACHINES = frozenset({"the", "a", "an", "this", "that", "each", "every", "all", "any", "our",
                           "my", "same", "new", "one", "gpu", "gpus", "node", "nodes", "slurm",
                           "pbs", "cpu", "cpus", "batch", "shared", "local", "whole", "hpc",
                           "python", "conda", "docker", "apptainer", "singularity", "linux",
                           "cuda", "rocm", "nccl", "gloo", "mpi", "torchrun", "pytorch"})
_GPU_MODEL = re.compile(rf"{GPU_MODEL}s?", re.IGNORECASE)

#: What a launcher starts when no Python program was found: a command or a shell script
#: ("srun litgpt pretrain", "srun -N2 ./wrapper.sh"), named in the question about it.
_LAUNCHED = re.compile(
    r"\b(?:srun|torchrun|mpiexec|mpirun|orterun|deepspeed|accelerate\s+launch)\b"
    r"((?:\s+-[^\s]+(?:\s+(?!-)[^\s]+)?)*?)\s+"
    # not a word of the sentence: "using srun on Bridges-2"
    r"(?!(?:on|in|at|to|with|for|and|or|the|a|an|from|across|over|is|was|but|so)\b)"
    r"((?:\.{0,2}/)?[A-Za-z_][\w./-]*)"
)
HOW_TO_FILL = {
    "cluster": "name the cluster, e.g. 'on Polaris' (see `maple clusters`)",
    "entrypoint": "name the training program, e.g. 'train.py --epochs 10' or "
    "'python -m pkg.train'",
    "nodes": "say how big the job is, e.g. '2 nodes', '8 GPUs' or '4 GPUs per node on 2 nodes'",
}


def _profile(cluster: str | None) -> ClusterProfile | None:
    from maple_flow.knowledge.clusters import get_profile

    return get_profile(cluster) if cluster else None


def _framework(scan: Scan) -> tuple[str, str]:
    """Framework and strategy, with 'PyTorch' giving way to a more specific framework."""
    frameworks = {str(f.value) for f in scan.found.get("framework", [])}
    if len(frameworks) > 1:
        frameworks.discard("pytorch")
    strategies = {str(f.value) for f in scan.found.get("strategy", [])}
    if {"accelerate", "deepspeed"} <= frameworks:  # accelerate launching DeepSpeed's ZeRO
        frameworks.discard("deepspeed")
        strategies.add("zero3")
    if "zero3" in strategies or "deepspeed" in frameworks:
        strategies.discard("ddp")
    for name, values in (("framework", frameworks), ("strategy", strategies)):
        if len(values) > 1:
            phrases = ", ".join(repr(f.phrase) for f in scan.found[name])
            raise Contradiction(f"the request names more than one {name}: {phrases}")
    framework = next(iter(frameworks), "")
    strategy = next(iter(strategies), "")
    if not framework:
        framework = "deepspeed" if strategy == "zero3" else "pytorch"
    if not strategy:
        strategy = "zero3" if framework == "deepspeed" else "ddp"
    return framework, strategy


def _size(scan: Scan, profile: ClusterProfile | None) -> tuple[int | None, int | None, str]:
    """Nodes and GPUs per node from what was said; the third item is how they were got."""
    nodes = scan.value("nodes")
    total = scan.value("total")
    full = profile.gpu.per_node if profile else None
    per_node = _said_per_node(scan, full)
    all_gpus = per_node in (ALL, HALF)
    if per_node == HALF:
        per_node = _half(full)
    elif all_gpus:
        per_node = full
    n = int(nodes) if isinstance(nodes, int) else None
    g = int(per_node) if isinstance(per_node, int) else None
    t = int(total) if isinstance(total, int) else None
    g, t = _either(scan.value("gpus_either"), n, g, t, full)
    n, g, derived = _solve(n, g, t, full, scan)
    return n, g, derived + (",gpus_per_node" if all_gpus else "")


def _said_per_node(scan: Scan, full: int | None) -> object | None:
    """GPUs per node as said. "All GPUs" and "half a node" are counted on the cluster's
    nodes when they stand beside a number ("two full nodes ... --nproc-per-node 8" on
    8-GPU nodes agree); alone they stay markers, filled in by the caller."""
    items = scan.found.get("gpus_per_node", [])
    markers = [f for f in items if f.value in (ALL, HALF)]
    if full is None or not markers or len(markers) == len(items):
        return scan.value("gpus_per_node")
    counted: dict[object, object] = {ALL: full, HALF: _half(full)}
    said = [Finding(counted.get(f.value, f.value), f.phrase) for f in items]
    return Scan(scan.text, {"gpus_per_node": said}).value("gpus_per_node")


def _half(full: int | None) -> int | None:
    """GPUs in half a node of ``full`` GPUs (None while the cluster is unknown)."""
    if full is not None and full < 2:
        raise Contradiction(f"half a node is not a whole number of GPUs on {full}-GPU nodes")
    return full // 2 if full else None


def _either(
    said: object, n: int | None, g: int | None, t: int | None, full: int | None
) -> tuple[int | None, int | None]:
    """GPUs per node and total once a count said next to the nodes ("2 nodes, 8 GPUs") is
    placed: per node, unless more GPUs than a node holds split evenly over the nodes (or
    the other reading is already taken)."""
    if not isinstance(said, int):
        return g, t
    if g is not None and t is None:
        return g, (None if said == g else said)
    if t is not None and g is None:
        return said, t
    if full and n and said > full and said % n == 0:
        return g, said
    return said, t


def _solve(
    n: int | None, g: int | None, t: int | None, full: int | None, scan: Scan
) -> tuple[int | None, int | None, str]:
    if any(v is not None and v < 1 for v in (n, g, t)):
        raise Contradiction("node and GPU counts must be at least 1")
    if n and g and t and n * g != t:
        raise Contradiction(
            f"{t} GPUs in total ({scan.phrase('total')!r}) is not {n} nodes x {g} GPUs per "
            f"node ({scan.phrase('nodes')!r}, {scan.phrase('gpus_per_node')!r})"
        )
    if t and n and not g:
        if t % n:
            raise Contradiction(f"{t} GPUs cannot be spread evenly over {n} nodes")
        return n, t // n, "gpus_per_node"
    if t and g and not n:
        if t % g:
            raise Contradiction(f"{t} GPUs do not make whole nodes of {g} GPUs each")
        return t // g, g, "nodes"
    if t and not n and not g:
        return _from_total(t, full)
    if n and not g:
        return n, full, "gpus_per_node"
    if g and not n:
        return 1, g, "nodes"
    return n, g, ""


def _from_total(total: int, full: int | None) -> tuple[int | None, int | None, str]:
    if full is None:
        return None, None, ""
    if total <= full:
        return 1, total, "nodes,gpus_per_node"
    if total % full:
        raise MissingInformation({
            "nodes": f"{total} GPUs do not fill whole nodes of {full} GPUs; say how many nodes, "
            f"e.g. '{math.ceil(total / full)} nodes'",
        })
    return total // full, full, "nodes,gpus_per_node"


def _scan_all(scan: Scan, profile: ClusterProfile | None) -> Scan:
    queues = [q.name for q in profile.queues.items] if profile else None
    scan_env(scan)
    scan_walltime(scan)
    scan_account(scan)
    scan_queue(scan, queues)
    scan_setup(scan)
    scan_sizes(scan)
    if profile:
        scan_list_items(scan, bare_account_rule(profile.account.pattern, profile.account.example),
                        queues or [])
    return scan


def _cluster(scan: Scan, override: str | None) -> tuple[str | None, str]:
    from maple_flow.knowledge.clusters import alias_index, resolve_cluster

    if override:
        return resolve_cluster(override), "said"
    scan_cluster(scan, alias_index())
    value = scan.value("cluster")
    return (str(value), "said") if value else (None, "")


def _fields(scan: Scan, command: Command | None, cluster: str | None) -> dict[str, Any]:
    profile = _profile(cluster)
    framework, strategy = _framework(scan)
    nodes, per_node, derived = _size(scan, profile)
    fields: dict[str, Any] = {"cluster": cluster, "framework": framework, "strategy": strategy}
    fields.update(nodes=nodes, gpus_per_node=per_node)
    if command:
        fields.update(entrypoint=command.entrypoint, module=command.module, args=command.args)
    for name in ("account", "queue", "job_name"):
        if scan.value(name) is not None:
            fields[name] = scan.value(name)
    walltime = scan.value("walltime")
    if isinstance(walltime, int):
        fields["walltime"] = format_walltime(walltime)
    fields["env"] = dict(f.value for f in scan.found.get("env", []))  # type: ignore[misc]
    fields["modules"] = [str(f.value) for f in scan.found.get("modules", [])]
    fields["provenance"] = _provenance(scan, fields, derived)
    return fields


def _provenance(scan: Scan, fields: dict[str, Any], derived: str) -> dict[str, str]:
    said = {name for name in scan.found if name != "total"}
    prov: dict[str, str] = {}
    for name in fields:
        if name in said or name in {"cluster", "entrypoint", "module", "args"}:
            prov[name] = "said"
        else:
            prov[name] = "default"
    if "total" in scan.found:
        prov.update(nodes="said", gpus_per_node="said")
    for name in filter(None, derived.split(",")):
        prov[name] = "derived"
    if "framework" not in scan.found and "strategy" in scan.found:
        prov["framework"] = "derived"
    if "strategy" not in scan.found and "framework" in scan.found:
        prov["strategy"] = "derived"
    prov.pop("provenance", None)
    return prov


def _unknown_machine(text: str) -> str | None:
    """A machine the request names that is none of the known clusters, or None."""
    for match in _MACHINE.finditer(text):
        word = next(g for g in match.groups() if g)
        if word.lower() not in _NOT_MACHINES and not _GPU_MODEL.fullmatch(word):
            return word
    return None


def _check_cluster_named(scan: Scan, fields: dict[str, Any]) -> None:
    """Without a known cluster, a machine named in words ("on Frontier") is an
    UnknownCluster error that lists the known ones, never silently ignored."""
    from maple_flow.knowledge.clusters import known_clusters

    if fields.get("cluster"):
        return
    word = _unknown_machine(scan.text)
    if word:
        raise UnknownCluster(f"unknown cluster {word!r}; known clusters: {known_clusters()}")


def _missing(fields: dict[str, Any]) -> dict[str, str]:
    names = ("cluster", "entrypoint")
    missing = {name: HOW_TO_FILL[name] for name in names if not fields.get(name)}
    if fields.get("nodes") is None or fields.get("gpus_per_node") is None:
        missing["nodes"] = HOW_TO_FILL["nodes"]
    return missing


def _entrypoint_question(text: str) -> str:
    """What to say when no Python program was found, naming a command a launcher starts."""
    launched = _LAUNCHED.search(text)
    program = launched.group(2) if launched else ""
    # a path or a script is a program wherever it stands; a plain word only right after
    # the launcher ("srun litgpt"), not after its options ("--num_processes 2 hangs")
    said = "/" in program or program.endswith(".sh") or bool(launched and not launched.group(1))
    if not said or program.endswith(".py") or re.fullmatch(r"python[\d.]*", program):
        return HOW_TO_FILL["entrypoint"]
    return (f"{program!r} is not a Python program: maple_flow writes jobs that run "
            f"a Python script or module; {HOW_TO_FILL['entrypoint']}")


def _walltime_ranges(scan: Scan, given: bool, missing: dict[str, str]) -> None:
    """A range of durations ("3-4 days") is an estimate: asked for as the walltime, unless a
    walltime is said apart (then read and not used)."""
    ranges = [f.phrase for f in scan.found.pop("walltime_range", [])]
    if given or "walltime" in scan.found:
        for phrase in ranges:
            scan.ignore(phrase, "a range of durations; the walltime said apart is used")
    elif ranges:
        missing["walltime"] = (f"{', '.join(map(repr, ranges))} is a range, not a time limit; "
                               "say the walltime, e.g. 'for 4 days' or '--time=96:00:00'")


def _refuse_sharing(scan: Scan, command: Command | None, cluster: str | None) -> None:
    """NotOneJob when the request asks for independent tasks sharing GPUs (triples), or its
    program sweeps runs itself (Hydra's ``--multirun``)."""
    phrase = sharing_phrase(scan.text) or sweep_arguments(command)
    if phrase is None:
        return
    try:
        named = _cluster(Scan(scan.text), cluster)[0]
    except MapleError:
        named = None
    raise NotOneJob(phrase, triples_hint(named, command))


@api_boundary
def extract(text: str, **overrides: Any) -> JobSpec:
    """The JobSpec a plain-language request asks for.

    ``overrides`` are JobSpec fields that take precedence over the text (``cluster="polaris"``).
    Raises MissingInformation naming each missing field and how to give it (and each number
    or size, setup or queue word no rule read), Contradiction when two statements disagree
    or a program argument names a framework or size, UnknownCluster and ParseError on
    unusable input.
    """
    return _extract(text, overrides)[0]


@api_boundary
def extract_explained(text: str, **overrides: Any) -> tuple[JobSpec, dict[str, str]]:
    """``extract`` with, for each field, the words of the request it was read from."""
    return _extract(text, overrides)


def _extract(text: str, overrides: dict[str, Any]) -> tuple[JobSpec, dict[str, str]]:
    if not isinstance(text, str):
        raise ParseError(f"a request is text, not {type(text).__name__}")
    if len(text) > MAX_REQUEST:
        raise ParseError(f"the request is {len(text)} characters long; the limit is "
                         f"{MAX_REQUEST} (8 KiB): say what to run in a sentence or two")
    overrides = dict(overrides)
    text = drop_directive_comments(text)
    command = find_command(text)
    rest = command.rest if command else text
    # One space for every run of white space: no phrase rule can backtrack over a long run.
    scan = Scan(_SPACES.sub(" ", words_to_digits(rest)))
    _refuse_sharing(scan, command, overrides.get("cluster"))
    cluster, _ = _cluster(scan, overrides.pop("cluster", None))
    profile = _profile(cluster)
    _scan_all(scan, profile)
    fields = _fields(scan, command, cluster)
    fields.update(overrides)
    fields["provenance"].update({k: "said" for k in overrides})
    _check_cluster_named(scan, fields)
    missing = _missing(fields)
    if "entrypoint" in missing:
        missing["entrypoint"] = _entrypoint_question(text)
    bounds = [repr(f.phrase) for f in scan.found.get("vague_size", [])]
    if bounds:
        missing["nodes"] = (f"{', '.join(bounds)} is a bound, not a count; "
                            f"{HOW_TO_FILL['nodes']}")
    _walltime_ranges(scan, "walltime" in overrides, missing)
    for name, question in check_accounted(scan, command).items():
        missing[name] = f"{missing[name]}; {question}" if name in missing else question
    if missing:
        raise MissingInformation(missing)
    words = words_by_field(scan, command)
    words.update({k: "given by the caller" for k in overrides})
    return _build(fields), words


def _build(fields: dict[str, Any]) -> JobSpec:
    try:
        return JobSpec.model_validate(fields)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise ParseError(f"the request gives values a job cannot have: {problems}") from None


__all__ = ["HOW_TO_FILL", "UnknownCluster", "extract", "extract_explained"]
