"""Map a parsed script onto a JobSpec, and guess which cluster it was written for."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Any

from pydantic import ValidationError

from maple_flow.errors import MissingInformation, ParseError
from maple_flow.models import ClusterProfile, JobSpec, format_walltime
from maple_flow.scriptparse.facts import ScriptFacts, read_facts
from maple_flow.scriptparse.script import ParsedScript, decode_script, parse_script
from maple_flow.scriptparse.vendor import vendor_of_script

#: Directives nearly every (GPU) job script of its scheduler states (size, time, partition,
#: account, GPUs): a site that requires them is no likelier the script's source for having them.
_EVERY_JOB_SAYS = frozenset({"nodes", "time", "walltime", "select", "partition", "account",
                             "gpus", "gpus-per-node"})


def _modules(profile: ClusterProfile) -> set[str]:
    return set(profile.software.available_modules) | set(profile.software.modules)


@cache
def _common_modules() -> frozenset[str]:
    """Module names known at more than two of the clusters (``python``, ``cuda``, ``gcc``):
    no evidence of any one of them."""
    from maple_flow.knowledge.clusters import all_profiles

    counts = Counter(m for prof in all_profiles().values() for m in _modules(prof))
    return frozenset(m for m, n in counts.items() if n > 2)


@cache
def _names_pattern(*names: str) -> re.Pattern[str]:
    """A site's id, name or alias (longer than 3 letters) as a whole word, in any case."""
    words = [re.escape(n) for n in names if len(n) > 3] or [r"(?!)"]  # (?!): matches nothing
    return re.compile(rf"(?<![\w-])(?:{'|'.join(words)})(?![\w-])", re.I)


def _score(p: ParsedScript, text: str, profile: ClusterProfile, queues: bool = True) -> int:
    """How strongly ``p`` points at ``profile``'s site; below 3 (no guess) unless what only a
    few sites have says so: one of its queues (unless ``queues`` is False), its domain or
    name, or two of its modules and required directives (the scheduler and an account's shape
    alone are no evidence)."""
    score = 0
    if p.scheduler and p.scheduler != profile.scheduler:
        score -= 10
    names = {q.name for q in profile.queues.items} if queues else set()
    for option in ("qos", "queue", "partition"):
        if p.directive(option) in names:
            score += 5  # outweighs directives every script of the scheduler has (-N, -t)
    known = _modules(profile) - _common_modules()
    score += 2 * sum(1 for m in p.modules if m in known)
    options = {d.option for d in p.directives} - _EVERY_JOB_SAYS
    score += 2 * sum(1 for r in profile.directives.required if r.option in options)
    if profile.node.domain and profile.node.domain in text:
        score += 3
    if _names_pattern(profile.id, profile.name, *profile.aliases).search(text):
        score += 3
    specific = score
    score += 1 if p.scheduler == profile.scheduler else 0
    account = p.directive("account")
    if account and re.match(profile.account.pattern, account):
        score += 1
    vendor = vendor_of_script(p.env, p.modules, [p.launch.entrypoint, *p.launch.args])
    if vendor and vendor != profile.gpu.vendor:
        score -= 10  # a script for another GPU vendor (e.g. ROCm) is not for this cluster
    return score if specific >= 3 else min(score, 2)


def guess_cluster(p: ParsedScript, text: str) -> str | None:
    """The cluster a script was most likely written for, or None when nothing stands out."""
    from maple_flow.knowledge.clusters import all_profiles

    scores = sorted(
        ((_score(p, text, prof), cid) for cid, prof in all_profiles().items()), reverse=True
    )
    if not scores or scores[0][0] < 3 or (len(scores) > 1 and scores[1][0] == scores[0][0]):
        return None
    return scores[0][1]


def named_beyond_queue(p: ParsedScript, text: str, cluster: str) -> bool:
    """Whether more than a queue name points at ``cluster`` (its domain, name, modules or
    required directives): a queue name alone (``gpu-debug``) is also another centre's, so what
    the guess implies about the hardware the source ran on is not known."""
    from maple_flow.knowledge.clusters import get_profile

    return _score(p, text, get_profile(cluster), queues=False) >= 3


def spec_fields(facts: ScriptFacts, cluster: str | None) -> dict[str, Any]:
    """JobSpec fields for ``facts`` on ``cluster``; GPUs per node fall back to the profile."""
    from maple_flow.knowledge.clusters import get_profile

    fields: dict[str, Any] = {
        "cluster": cluster,
        "framework": facts.framework,
        "strategy": facts.strategy,
        "nodes": facts.nodes,
        "gpus_per_node": facts.gpus_per_node,
        "entrypoint": facts.entrypoint,
        "module": facts.module,
        "args": facts.args,
    }
    prov = dict.fromkeys(fields, "parsed")
    if facts.gpus_per_node is None and cluster:
        fields["gpus_per_node"] = get_profile(cluster).gpu.per_node
        prov["gpus_per_node"] = "derived"
    if fields["nodes"] is None and fields["gpus_per_node"]:
        fields["nodes"], prov["nodes"] = 1, "default"
    optional = {"account": facts.account, "queue": facts.queue, "job_name": facts.job_name}
    for name, value in optional.items():
        if value:
            fields[name], prov[name] = value, "parsed"
    if facts.walltime:
        fields["walltime"], prov["walltime"] = format_walltime(facts.walltime), "parsed"
    fields["provenance"] = prov
    return fields


def script_to_spec(data: str | bytes, cluster: str | None = None) -> JobSpec:
    """The JobSpec a batch script describes, on ``cluster`` or the cluster it was written for.

    Environment, modules and activation stay out of the spec: they belong to the source
    cluster (``maple_flow.port.api`` reports them). Raises ParseError or MissingInformation.
    """
    from maple_flow.knowledge.clusters import resolve_cluster

    text = decode_script(data)
    parsed = parse_script(text)
    cid = resolve_cluster(cluster) if cluster else guess_cluster(parsed, text)
    fields = spec_fields(read_facts(parsed), cid)
    fields["provenance"]["cluster"] = "said" if cluster else "derived"
    missing = {}
    if not cid:
        missing["cluster"] = "the script does not say which cluster it is for; name it"
    if not fields["gpus_per_node"]:
        missing["gpus_per_node"] = "the script does not say how many GPUs per node it uses"
    if missing:
        raise MissingInformation(missing)
    try:
        return JobSpec.model_validate(fields)
    except ValidationError as exc:
        from maple_flow.scriptparse.claims import invalid_value_reason

        raise ParseError(invalid_value_reason(exc, text)) from None
