"""generate(): a JobSpec (or plain words) in, a checked launch script with its reasons out."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from pydantic import Field

from maple_flow.errors import PolicyViolation, Problem, RenderError, api_boundary
from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.library import find_templates, get_template
from maple_flow.knowledge.policy import check_spec, choose_queue, queue_to_name, request_from_spec
from maple_flow.lint import Finding
from maple_flow.models import ClusterProfile, JobSpec, Template
from maple_flow.models.common import Strict
from maple_flow.render import master_port_base, queue_for, render

if TYPE_CHECKING:
    from maple_flow.retrieve.variants import Candidate
    from maple_flow.store import TemplateStore


class GenerateResult(Strict):
    """A rendered script, the spec and template it came from, findings and explanations."""

    script: str
    spec: JobSpec
    template_id: str
    findings: list[Finding]
    explanation: dict[str, str]
    #: What the caller should know: a learned variant not used, or fixes of it left out.
    notes: list[str] = Field(default_factory=list)

    @property
    def cluster(self) -> str:
        """The cluster the script is for."""
        return self.spec.cluster


def problem_finding(problem: Problem) -> Finding:
    """A policy Problem as a Finding (severity error; the hint is part of the message)."""
    return Finding(source="policy", severity="error", code=problem.code or problem.field,
                   message=str(problem))


def choose_template(spec: JobSpec, profile: ClusterProfile, template_id: str | None) -> Template:
    """The named template (checked against the spec's cluster), else the first that matches."""
    if template_id is None:
        return find_templates(profile.id, spec.framework, spec.strategy)[0]
    template = get_template(template_id)
    if template.cluster != profile.id:
        raise RenderError(
            f"template {template_id} is for {template.cluster}, the job is for {profile.id}; "
            f"see `maple templates list --cluster {profile.id}`"
        )
    return template


def _line(value: object, origin: str, reason: str) -> str:
    return f"{value} ({origin}): {reason}"


def _account_reason(spec: JobSpec, profile: ClusterProfile) -> str:
    rule = profile.account
    if spec.account is not None:
        return _line(spec.account, spec.origin("account"), f"written as {rule.flag}")
    if rule.required:
        return _line(rule.placeholder, "default",
                     f"no account given; replace the marked placeholder ({rule.hint})")
    return _line("none", "default", f"{profile.name} needs no account unless you have several")


def _queue_reason(spec: JobSpec, profile: ClusterProfile) -> str:
    queue = queue_for(spec, profile)
    limits = f"{queue.kind} with at most {queue.max_nodes} nodes and {queue.max_walltime}"
    if spec.queue is None:
        return _line(queue.name, "default", f"the profile's default {limits}")
    if spec.origin("queue") == "derived":
        return _line(queue.name, "derived", choose_queue(request_from_spec(spec), profile).reason)
    return _line(queue.name, spec.origin("queue"), limits)


def _launcher_reason(spec: JobSpec, profile: ClusterProfile, template: Template) -> str:
    if spec.launch_model == "per_rank":
        names = ", ".join(spec.rank_vars) or "RANK, LOCAL_RANK, WORLD_SIZE"
        return _line(profile.launch.launcher, spec.origin("launch_model"),
                     f"per_rank: {profile.launch.launcher} starts one {profile.software.python} "
                     f"per GPU; each rank sets {names} from {profile.launch.rank_var}/"
                     f"{profile.launch.local_rank_var}")
    return _line(template.launcher, "derived", f"{profile.center} recipe: "
                 f"{profile.launch.launcher}, {profile.launch.style}")


def _port_reason(spec: JobSpec, profile: ClusterProfile) -> str:
    base = master_port_base(spec, profile)
    origin = spec.origin("master_port") if base == spec.master_port else "derived"
    why = "the port you gave" if origin != "derived" else f"{profile.center}'s documented port"
    return _line(base, origin, f"MASTER_PORT = {base} + job id % 1000 ({why}), so concurrent "
                 "jobs sharing hosts do not collide")


def explain(
    spec: JobSpec, profile: ClusterProfile, template: Template, chosen: str = "derived"
) -> dict[str, str]:
    """Field -> "value (said|parsed|default|derived): reason" for everything the script uses.

    ``chosen`` is the provenance of the template: ``said`` when the caller named it.
    """
    unit = "GPU tiles" if profile.gpu.vendor == "intel" else f"{profile.gpu.model} GPUs"
    run = "python -m" if spec.module else "script"
    return {
        "cluster": _line(profile.id, spec.origin("cluster"),
                         f"{profile.name} at {profile.center}, {profile.scheduler}"),
        "framework": _line(spec.framework, spec.origin("framework"), f"template {template.id}"),
        "strategy": _line(spec.strategy, spec.origin("strategy"), f"template {template.id}"),
        "nodes": _line(spec.nodes, spec.origin("nodes"), f"{spec.ranks} ranks in total"),
        "gpus_per_node": _line(spec.gpus_per_node, spec.origin("gpus_per_node"),
                               f"one rank each; a node has {profile.gpu.per_node} {unit}"),
        "entrypoint": _line(spec.entrypoint, spec.origin("entrypoint"), f"run as {run}"),
        "args": _line(shlex.join(spec.args) or "none", spec.origin("args"), "passed verbatim"),
        "walltime": _line(spec.walltime, spec.origin("walltime"), "the job's time limit"),
        "account": _account_reason(spec, profile),
        "queue": _queue_reason(spec, profile),
        "master_port": _port_reason(spec, profile),
        "launcher": _launcher_reason(spec, profile, template),
        "template": _line(template.id, chosen,
                          template.derived_from or "the center's documented recipe"),
    }


def with_fitting_queue(spec: JobSpec, profile: ClusterProfile) -> JobSpec:
    """Without a queue given, the queue :func:`~maple_flow.knowledge.policy.choose_queue` picks
    (never one marked ``auto: false``, a partial-node queue for a job on part of a node),
    marked ``derived`` unless it is the default; when none takes the job, the spec is left as it is
    and the policy check explains why."""
    if spec.queue is not None:
        return spec
    chosen = queue_to_name(request_from_spec(spec), profile)
    if chosen is None:
        return spec
    provenance = {**spec.provenance, "queue": "derived"}
    return spec.model_copy(update={"queue": chosen.name, "provenance": provenance})


def _learned(spec: JobSpec, template_id: str | None, store: TemplateStore | None
             ) -> Candidate | None:
    if store is None:
        return None
    from maple_flow.retrieve.rank import learned_choice

    return learned_choice(store, spec, template_id)


def _op_field(op: dict[str, object]) -> str:
    """The part of a script a fix operation changes, as an explanation key."""
    kind = str(op["op"])
    subject = {"export_env": "env", "unset_env": "env", "add_module": "module",
               "remove_module": "module", "swap_module": "module", "set_directive": "directive",
               "remove_directive": "directive"}.get(kind)
    if subject:
        return f"{subject} {op.get('name') or op.get('old') or op.get('option')}"
    if kind in ("set_launcher_arg", "remove_launcher_arg"):
        return f"launcher {op['launcher']} {op['name']}"
    return {"propagate_env": f"launcher {op.get('launcher')} environment",
            "set_backend": "backend", "set_shell": "shell"}.get(kind, kind)


def _variant_lines(ops: tuple[dict[str, object], ...], variant: Template) -> dict[str, str]:
    """One explanation line per value a learned variant changed, naming the variant."""
    from maple_flow.store.fixops import describe_op

    where = ", ".join(sorted(variant.verified_at)) or "no endpoint now"
    return {_op_field(op): _line(op.get("value") or describe_op(op), "learned",
                                 f"learned variant {variant.id} (verified on {where})")
            for op in ops}


def _with_variant(spec: JobSpec, profile: ClusterProfile, learned: Candidate
                  ) -> tuple[Template, str, dict[str, str], list[str]]:
    """The template, script, explanation lines and notes of ``learned`` applied to ``spec``;
    the seed's when it does not apply (a note says why, never an error)."""
    from maple_flow.repair.scope import apply_variant, mismatch

    script = render(spec, profile, learned.template)
    why = mismatch(learned.conditions, script, spec.launch_model, learned.seed_sha256)
    applied = apply_variant(script, learned.template.id, list(learned.ops), profile,
                            reason=why, cause=learned.template.description,
                            user_env=frozenset(spec.env))
    if applied.used:
        from maple_flow.store.fixops import summary

        variant = learned.template.model_copy(update={"derived_from": (
            f"learned variant of {learned.template.parent}, verified on "
            f"{', '.join(sorted(learned.template.verified_at)) or 'no endpoint now'}: "
            f"{learned.seed_id} with its site fixes applied ({summary(list(applied.ops))})")})
        return variant, applied.script, _variant_lines(applied.ops, variant), applied.left_out
    seed = get_template(learned.seed_id)
    return seed, render(spec, profile, seed), {}, [applied.note, *applied.left_out]


@api_boundary
def generate_from_spec(
    spec: JobSpec, template_id: str | None = None, *, strict: bool = True,
    store: TemplateStore | None = None, retrieved: bool = False,
) -> GenerateResult:
    """Check ``spec`` against its cluster's policy and render it.

    With ``strict`` (the default) any policy problem raises PolicyViolation listing them all;
    otherwise the script is rendered anyway and the problems become ``findings``. With a
    template ``store``, a verified learned variant for the setup (or the one named) is
    rendered: its seed, then its site fix operations, before the policy check and the
    explanation (which names the variant for each value it changed); a variant that does not
    apply gives the seed and a note in ``notes``. ``retrieved`` says ``template_id`` was
    chosen by retrieval (explained as derived), not named by the caller (said).
    """
    profile = get_profile(spec.cluster)
    spec = with_fitting_queue(spec.model_copy(update={"cluster": profile.id}), profile)
    learned = _learned(spec, template_id, store)
    lines: dict[str, str] = {}
    notes: list[str] = []
    if learned is None:
        template = choose_template(spec, profile, template_id)
        script = render(spec, profile, template)
    else:
        template, script, lines, notes = _with_variant(spec, profile, learned)
    problems = check_spec(spec, profile)
    if problems and strict:
        raise PolicyViolation(profile.id, problems)
    explanation = explain(spec, profile, template,
                          "derived" if template_id is None or retrieved else "said")
    return GenerateResult(
        script=script,
        spec=spec,
        template_id=template.id,
        findings=[problem_finding(p) for p in problems],
        explanation={**explanation, **lines},
        notes=notes,
    )


@api_boundary
def generate(
    request: JobSpec | str, template_id: str | None = None, *, strict: bool = True,
    store: TemplateStore | None = None,
) -> GenerateResult:
    """A launch script for ``request``: a JobSpec, or plain words read by ``extract``.

    ``store`` (a TemplateStore, optional) adds its verified learned variants to retrieval.
    """
    if isinstance(request, JobSpec):
        return generate_from_spec(request, template_id, strict=strict, store=store)
    from maple_flow.extract import extract_explained
    from maple_flow.retrieve.rank import rank_templates

    spec, words = extract_explained(request)
    ranked = rank_templates(spec, request, store=store) if template_id is None else []
    chosen = ranked[0].template.id if len(ranked) > 1 else template_id
    result = generate_from_spec(spec, chosen, strict=strict, store=store,
                                retrieved=template_id is None)
    return result.model_copy(update={"explanation": with_words(result.explanation, words)})


def with_words(explanation: dict[str, str], words: dict[str, str]) -> dict[str, str]:
    """``explanation`` with the request's words that gave each field ("from '2 nodes'"), and
    the words read but not used, with why ("ignored")."""
    out = {name: f"{line}; from {words[name]}" if name in words else line
           for name, line in explanation.items()}
    if "ignored" in words:
        out["ignored"] = words["ignored"]
    return out
