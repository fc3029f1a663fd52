"""Check a job against its cluster's rules: queues and their limits, GPUs per node, account
format, required and forbidden directives. Pure functions; every problem comes with a hint.

The same rules serve two callers: ``check_spec`` for a JobSpec maple_flow is about to render,
and ``check_script`` for a batch script handed to a scheduler (the twin's submission filter,
the linter), which also gets the site's own error message in ``Problem.scheduler_message``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from maple_flow.errors import PolicyViolation, Problem
from maple_flow.knowledge.directives import Directive, last_value, parse_directives
from maple_flow.models import ClusterProfile, JobSpec, Queue, format_walltime, walltime_seconds
from maple_flow.models.common import scheduler_walltime_seconds
from maple_flow.models.profile import DirectiveRule

#: PBS Pro's wording for the rules whose message above is written as Slurm's (by Problem.code).
PBS_MESSAGES = {
    "walltime.limit": "qsub: Job exceeds queue and/or server resource limits",
    "nodes.limit": "qsub: Job exceeds queue and/or server resource limits",
    "gpus.too_many": "qsub: Job exceeds queue and/or server resource limits",
    "account.format": "qsub: Job rejected by all possible destinations (invalid project)",
    "account.missing": "qsub: Resource: Account_Name is required to be set.",
}


def _in_scheduler_words(problems: list[Problem], scheduler: str) -> list[Problem]:
    if scheduler != "pbs":
        return problems
    return [replace(p, scheduler_message=PBS_MESSAGES.get(p.code, p.scheduler_message))
            for p in problems]


@dataclass(frozen=True)
class ResourceRequest:
    """The scheduler-relevant part of a job, from a JobSpec or from a script's directives."""

    nodes: int | None = None
    gpus_per_node: int | None = None
    walltime_s: int | None = None
    queue: str | None = None
    account: str | None = None


def request_from_spec(spec: JobSpec) -> ResourceRequest:
    """The resource request a rendered script for ``spec`` makes."""
    return ResourceRequest(
        nodes=spec.nodes,
        gpus_per_node=spec.gpus_per_node,
        walltime_s=walltime_seconds(spec.walltime),
        queue=spec.queue,
        account=spec.account,
    )


def _int_prefix(text: str | None) -> int | None:
    m = re.match(r"\s*(\d+)", text or "")
    return int(m.group(1)) if m else None


def _gpu_count(text: str | None) -> int | None:
    """GPU count of '4', 'a100:4', 'gpu:4', 'gpu:a100:4', 'v100-32:16' (last number field)."""
    if not text:
        return None
    fields = [f for f in re.split(r"[:,]", text.split("(")[0]) if f]
    for f in reversed(fields):
        if f.isdigit():
            return int(f)
    return 1 if fields else None


def _walltime(text: str | None, scheduler: str) -> int | None:
    if not text:
        return None
    try:
        return scheduler_walltime_seconds(text, scheduler) or None
    except ValueError:
        return None


def _slurm_request(ds: list[Directive]) -> ResourceRequest:
    nodes = _int_prefix(last_value(ds, "nodes"))
    per_node = _gpu_count(last_value(ds, "gpus-per-node"))
    gres = last_value(ds, "gres")
    if per_node is None and gres and gres.startswith("gpu"):
        per_node = _gpu_count(gres)
    total = _gpu_count(last_value(ds, "gpus"))
    if per_node is None and total is not None:
        per_node = math.ceil(total / (nodes or 1))
    return ResourceRequest(
        nodes=nodes,
        gpus_per_node=per_node,
        walltime_s=_walltime(last_value(ds, "time"), "slurm"),
        queue=last_value(ds, "qos") or last_value(ds, "partition"),
        account=last_value(ds, "account"),
    )


def _pbs_select(ds: list[Directive]) -> tuple[int | None, int | None]:
    select = last_value(ds, "select")
    if not select:
        return None, None
    chunks = dict(p.partition("=")[::2] for p in select.split(":")[1:])
    return _int_prefix(select), _int_prefix(chunks.get("ngpus"))


def _pbs_request(ds: list[Directive]) -> ResourceRequest:
    nodes, gpus = _pbs_select(ds)
    return ResourceRequest(
        nodes=nodes,
        gpus_per_node=gpus,
        walltime_s=_walltime(last_value(ds, "walltime"), "pbs"),
        queue=last_value(ds, "queue"),
        account=last_value(ds, "account"),
    )


def request_from_directives(ds: list[Directive]) -> ResourceRequest:
    """The resource request a script's directives make."""
    if not ds:
        return ResourceRequest()
    return _slurm_request(ds) if ds[0].scheduler == "slurm" else _pbs_request(ds)


def _queue_names(profile: ClusterProfile) -> str:
    return ", ".join(q.name for q in profile.queues.items)


def _resolve_queue(
    req: ResourceRequest, profile: ClusterProfile
) -> tuple[Queue | None, list[Problem]]:
    if req.queue is None:
        return profile.queues.default_queue, []
    queue = profile.queues.get(req.queue)
    if queue is not None:
        return queue, []
    kind = profile.queues.default_queue.kind
    site = {
        "partition": f"sbatch: error: invalid partition specified: {req.queue}",
        "qos": "sbatch: error: Batch job submission failed: Invalid qos specification",
        "queue": f"qsub: Unknown queue {req.queue}",
    }[kind]
    return None, [Problem(
        "queue", f"{profile.name} has no {kind} named {req.queue!r}",
        f"use one of: {_queue_names(profile)}", "queue.unknown", site,
    )]


def _gpu_problems(req: ResourceRequest, profile: ClusterProfile) -> list[Problem]:
    per_node = profile.gpu.per_node
    if req.gpus_per_node is None or req.gpus_per_node <= per_node:
        return []
    ranks = (req.nodes or 1) * req.gpus_per_node
    nodes = math.ceil(ranks / per_node)
    unit = "GPU tiles" if profile.gpu.vendor == "intel" else f"{profile.gpu.model} GPUs"
    if ranks % per_node == 0:
        hint = f"use --gpus-per-node {per_node} and --nodes {nodes} for {ranks} ranks"
    else:
        hint = (f"use --gpus-per-node {per_node} and --nodes {nodes} ({nodes * per_node} ranks; "
                f"{ranks} ranks do not fill {per_node}-device nodes evenly)")
    return [Problem(
        "gpus_per_node",
        f"{profile.name} nodes have {per_node} {unit}, {req.gpus_per_node} were asked per node",
        hint,
        "gpus.too_many",
        "sbatch: error: Batch job submission failed: Requested node configuration is not available",
    )]


def partial_node(gpus_per_node: int | None, profile: ClusterProfile) -> bool:
    """Whether a job uses only part of each node's GPUs (and so should not hold whole nodes)."""
    return gpus_per_node is not None and gpus_per_node < profile.gpu.per_node


def _alternatives(req: ResourceRequest, queue: Queue, profile: ClusterProfile) -> str:
    others = [q for q in profile.queues.items  # an interactive-only QOS takes no batch job
              if q.name != queue.name and q.batch and not queue_misfits(req, q, profile)]
    names = [q.name if q.auto else f"{q.name} (only by choice: {q.notes or 'restricted'})"
             for q in others]
    return f"; {', '.join(names)} would take it" if names else ""


_QOS_LIMIT = ("sbatch: error: Batch job submission failed: Job violates accounting/QOS policy "
              "(job submit limit, user's size and/or time limits)")


def _node_use_problems(
    req: ResourceRequest, queue: Queue, profile: ClusterProfile
) -> list[Problem]:
    codes = queue_misfits(req, queue, profile)
    per_node = profile.gpu.per_node
    nodes, gpn = req.nodes or 1, req.gpus_per_node or per_node
    alt = _alternatives(req, queue, profile)
    where = f"the {queue.name} {queue.kind}"
    problems: list[Problem] = []
    if "queue.partial_only" in codes:
        problems.append(Problem(
            "queue", f"{where} is for jobs on part of one node, the job asks for {nodes} "
            f"node(s) x {gpn} GPU(s)", f"ask for fewer than {per_node} GPUs on one node{alt}",
            "queue.partial_only", _QOS_LIMIT,
        ))
    if "queue.whole_nodes" in codes:
        problems.append(Problem(
            "queue", f"{where} takes whole nodes of {per_node} GPUs, the job asks for {gpn} "
            "per node", f"ask for {per_node} GPUs per node{alt}", "queue.whole_nodes",
            "sbatch: error: Batch job submission failed: Requested node configuration is not "
            "available",
        ))
    if "gpus.queue_limit" in codes:
        problems.append(Problem(
            "gpus_per_node", f"{where} takes at most {queue.max_gpus} GPUs per job, "
            f"{nodes * gpn} were asked", f"ask for {queue.max_gpus} GPUs or fewer{alt}",
            "gpus.queue_limit", _QOS_LIMIT,
        ))
    return problems


def queue_misfits(req: ResourceRequest, queue: Queue, profile: ClusterProfile) -> list[str]:
    """Codes of the rules ``req`` breaks in ``queue`` (empty: the queue takes the job)."""
    nodes = req.nodes or 1
    codes = []
    if not queue.min_nodes <= nodes <= queue.max_nodes:
        codes.append("nodes.limit")
    if (req.walltime_s or 0) > queue.walltime_limit_seconds(nodes):
        codes.append("walltime.limit")
    partial = partial_node(req.gpus_per_node, profile)
    if queue.node_use == "partial" and (nodes > 1 or not partial):
        codes.append("queue.partial_only")
    if queue.node_use == "whole" and partial:
        codes.append("queue.whole_nodes")
    gpus = nodes * (req.gpus_per_node or profile.gpu.per_node)
    if queue.max_gpus is not None and gpus > queue.max_gpus:
        codes.append("gpus.queue_limit")
    return codes


def _limit_problems(req: ResourceRequest, queue: Queue, profile: ClusterProfile) -> list[Problem]:
    problems: list[Problem] = []
    nodes = req.nodes or 1
    seconds = req.walltime_s or 0
    alt = _alternatives(req, queue, profile)
    if not queue.min_nodes <= nodes <= queue.max_nodes:
        problems.append(Problem(
            "nodes", f"the {queue.name} {queue.kind} takes {queue.min_nodes}-{queue.max_nodes} "
            f"nodes, {nodes} were asked",
            f"use --nodes between {queue.min_nodes} and {queue.max_nodes}{alt}", "nodes.limit",
            "sbatch: error: Batch job submission failed: Node count specification invalid",
        ))
    if seconds > queue.walltime_limit_seconds(nodes):
        limit = queue.walltime_limit(nodes)
        sized = f" for {nodes} node(s)" if limit != queue.max_walltime else ""
        problems.append(Problem(
            "walltime", f"the {queue.name} {queue.kind} allows at most {limit}{sized}, "
            f"{format_walltime(seconds)} was asked",
            f"use --walltime {limit} or less{alt}", "walltime.limit",
            "sbatch: error: Batch job submission failed: Requested time limit is invalid "
            "(missing or exceeds some limit)",
        ))
    return problems + _node_use_problems(req, queue, profile)


def _account_problems(
    req: ResourceRequest, profile: ClusterProfile, *, required: bool
) -> list[Problem]:
    rule = profile.account
    if req.account is None:
        if required and rule.required:
            return [Problem("account", f"{profile.name} jobs must name an account ({rule.flag})",
                            rule.hint, "account.missing",
                            f"error: no account given; {rule.flag} is required")]
        return []
    if re.fullmatch(rule.pattern, req.account):
        return []
    return [Problem(
        "account", f"{req.account!r} is not a {profile.name} account name (e.g. {rule.example})",
        rule.hint, "account.format",
        "sbatch: error: Batch job submission failed: Invalid account or account/partition "
        "combination specified",
    )]


def check_request(
    req: ResourceRequest, profile: ClusterProfile, *, account_required: bool = False
) -> list[Problem]:
    """Every rule ``req`` breaks on ``profile``: queue, limits, GPUs per node, account."""
    queue, problems = _resolve_queue(req, profile)
    problems += _gpu_problems(req, profile)
    if queue is not None:
        problems += _limit_problems(req, queue, profile)
    problems += _account_problems(req, profile, required=account_required)
    return _in_scheduler_words(problems, profile.scheduler)


@dataclass(frozen=True)
class QueueChoice:
    """The queue maple_flow picks for a job that named none, and why.

    ``queue`` is None when no queue maple_flow may choose unasked takes the job; ``problems``
    then says what the default queue rejects and which queues were left out (``auto: false``),
    so a caller can refuse, or change nodes or walltime and ask again.
    """

    queue: Queue | None
    reason: str
    problems: tuple[Problem, ...] = ()


def choose_queue(req: ResourceRequest, profile: ClusterProfile) -> QueueChoice:
    """The queue for ``req`` (its ``queue`` is ignored), among those with ``auto`` set that
    take it: a partial-node queue for a job on part of one node (charged for its share, not
    the node), else the profile's default, else the one with the shortest walltime limit."""
    fits = [q for q in profile.queues.items if q.auto and not queue_misfits(req, q, profile)]
    default = profile.queues.default_queue
    nodes = req.nodes or 1
    limits = "{q.kind} with at most {q.max_nodes} nodes and {q.max_walltime}"
    partial = [q for q in fits if q.node_use == "partial"]
    if partial and nodes == 1 and partial_node(req.gpus_per_node, profile):
        best = min(partial, key=lambda q: q.max_walltime_seconds)
        return QueueChoice(best, f"the {limits.format(q=best)} for jobs on part of one node "
                           f"({req.gpus_per_node} of {profile.gpu.per_node} GPUs), charged for "
                           "that share rather than the whole node")
    if default in fits:
        return QueueChoice(default, f"the profile's default {limits.format(q=default)}")
    if fits:
        best = min(fits, key=lambda q: q.max_walltime_seconds)
        return QueueChoice(best, f"the tightest {limits.format(q=best)} that takes the job "
                           "(the default does not)")
    return QueueChoice(None, "no queue takes the job", tuple(_none_fits(req, profile)))


def queue_to_name(req: ResourceRequest, profile: ClusterProfile) -> Queue | None:
    """The queue a job that names none is given explicitly: :func:`choose_queue`'s pick
    when it is not the profile's default (the default needs no directive), else None."""
    chosen = choose_queue(req, profile).queue
    return None if chosen is None or chosen == profile.queues.default_queue else chosen


def _none_fits(req: ResourceRequest, profile: ClusterProfile) -> list[Problem]:
    default = profile.queues.default_queue
    problems = [p for p in check_request(replace(req, queue=default.name), profile)
                if p.code != "account.missing"]
    held = [f"{q.name} ({q.notes or 'not chosen unasked'})"
            for q in profile.queues.items
            if not q.auto and q.batch and not queue_misfits(req, q, profile)]
    hint = f"only these would take it, if you may use them: {'; '.join(held)}" if held else (
        "change the node count, GPUs per node or walltime")
    nodes, gpn = req.nodes or 1, req.gpus_per_node or profile.gpu.per_node
    problems.append(Problem(
        "queue", f"no {profile.name} queue that maple_flow may choose takes {nodes} node(s) x "
        f"{gpn} GPU(s) for {format_walltime(req.walltime_s or 0)}", hint, "queue.none_fits",
    ))
    return problems


def check_spec(spec: JobSpec, profile: ClusterProfile) -> list[Problem]:
    """Every rule ``spec`` breaks on ``profile``, with a fix-it hint for each."""
    problems = check_request(request_from_spec(spec), profile)
    if spec.setup not in profile.setups:
        supported = ", ".join(f"{f}/{s}" for f, s in profile.setups)
        problems.append(Problem(
            "strategy",
            f"{spec.framework} with {spec.strategy} is not supported on {profile.name}",
            f"supported: {supported}", "setup.unsupported",
        ))
    return problems


def enforce_spec(spec: JobSpec, profile: ClusterProfile) -> None:
    """Raise PolicyViolation listing every problem of ``spec`` on ``profile``, if any."""
    problems = check_spec(spec, profile)
    if problems:
        raise PolicyViolation(profile.id, problems)


def _matches(rule: DirectiveRule, d: Directive) -> bool:
    return d.option == rule.option or (bool(rule.short) and d.option == rule.short)


def _required_met(rule: DirectiveRule, ds: list[Directive]) -> bool:
    """Whether the last directive of the rule's option, or of one of its alternatives, has a
    value of the form the site takes."""
    present = [d for d in ds if _matches(rule, d)]
    if present and re.search(rule.value_pattern, present[-1].value or ""):
        return True
    for form in rule.alternatives:
        given = [d for d in ds if d.option == form.option]
        if given and re.search(form.value_pattern, given[-1].value or ""):
            return True
    return False


def directive_problems(ds: list[Directive], profile: ClusterProfile) -> list[Problem]:
    """Required directives that are missing or malformed, and forbidden ones that are present."""
    problems: list[Problem] = []
    for rule in profile.directives.required:
        if not _required_met(rule, ds):
            problems.append(Problem(
                rule.option, f"{profile.name} requires {rule.render or rule.option}",
                f"add `{rule.render}`" if rule.render else "", "directive.required", rule.message,
            ))
    for rule in profile.directives.forbidden:
        for d in ds:
            if _matches(rule, d):
                problems.append(Problem(
                    rule.option, f"{profile.name} rejects {d.spelled or rule.option}",
                    f"remove line {d.line}", "directive.forbidden", rule.message,
                ))
    return problems


def node_type_profile(ds: list[Directive], profile: ClusterProfile) -> ClusterProfile:
    """``profile`` as seen on the node type the directives reach (a partition or queue of
    one of its ``node_types``, its constraint, or its typed GPU request); else ``profile``."""
    queue = last_value(ds, "partition", "queue")
    qos = last_value(ds, "qos")
    constraint = (last_value(ds, "constraint") or "").strip("'\"")
    typed = " ".join(v for v in (last_value(ds, "gpus"), last_value(ds, "gres")) if v)
    for t in profile.node_types:
        named = next((q for q in (queue, qos) if q and t.queues.get(q)
                      and profile.queues.get(q) is None), None)
        if named or (t.constraint and constraint == t.constraint) or (
                t.gpu_type and re.search(rf"(?<![\w-]){re.escape(t.gpu_type)}:", typed)):
            return profile.on_node_type(t.id)
    return profile


def check_script(text: str, profile: ClusterProfile) -> list[Problem]:
    """Every rule a batch script breaks on ``profile`` (on the node type its request reaches),
    as the site's submit filter sees it."""
    ds = parse_directives(text, profile.scheduler)
    profile = node_type_profile(ds, profile)
    problems = directive_problems(ds, profile)
    problems += check_request(request_from_directives(ds), profile, account_required=True)
    return problems
