"""Read a site's generic submit-policy refusal against the script's header (issue 17, s31site2).

Some submit filters refuse a job with one line that names no directive (NERSC: ``sbatch: error:
Job request does not match any supported policy.``). The site's support staff then read the
job's header against the site's rules; this does the same with the facts of
templates/clusters/<site>.yaml, and edits only the directive a rule shows at fault:

- no node-type constraint where the site requires one: the GPU nodes' constraint when the job
  asks GPUs, the profile's CPU-node constraint when it asks none (never a GPU constraint on a
  CPU job; maple_flow.repair.patch_constraint writes it);
- a QOS/partition name the profile does not list whose ``_``/``-``-separated words hold exactly
  one listed name (``gpu_regular`` -> ``regular``): that name;
- a script with no header whose srun allocates by itself (a login-node run): the node type on
  the srun line, as for the header;
- a listed queue whose time or node limit the request passes: the one other queue maple_flow
  may choose unasked that takes the request unchanged.

A name with no listed word in it, or two queues that would take the job, is refused with the
reason (which QOS the project may use is the user's to say); a header that breaks no rule the
profile knows is left unchanged, so no fix is proposed: the cause is then one only the user or
the site can see (the project's allocation, a QOS they are entitled to).
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import Directive, last_value, parse_directives
from maple_flow.knowledge.policy import queue_misfits, request_from_directives
from maple_flow.models import ClusterProfile
from maple_flow.repair import patch_directives as pd
from maple_flow.repair.patch_constraint import allocation_constraint
from maple_flow.repair.text import FixNotApplicable

#: A GPU request on a launch line (the job then runs on GPU nodes even with no directive).
_SRUN_GPUS = re.compile(r"^[ \t]*srun\b[^\n]*\s--(?:gpus(?:-per-node|-per-task)?|gres)[= ]",
                        re.M)
_GPU_OPTIONS = ("gpus", "gpus-per-node", "gpus-per-task", "gpu")


def asks_gpus(text: str, ds: list[Directive]) -> bool:
    """Whether the job asks GPUs: a GPU directive (``--gres=gpu:..`` included) or an srun
    line's GPU option."""
    if any(d.option in _GPU_OPTIONS for d in ds):
        return True
    if any(d.option == "gres" and "gpu" in (d.value or "") for d in ds):
        return True
    return bool(_SRUN_GPUS.search(text))


def _constraint_value(text: str, ds: list[Directive], profile: ClusterProfile) -> str | None:
    """The node type the job must name, or None when it names one or the site requires none."""
    rule = next((r for r in profile.directives.required if r.option == "constraint"), None)
    if rule is None or last_value(ds, "constraint") is not None:
        return None
    if not asks_gpus(text, ds):
        if not profile.directives.cpu_constraint:
            raise FixNotApplicable(f"the job asks no GPUs and {profile.name}'s profile names "
                                   "no CPU-node constraint: say which node type it runs on")
        return profile.directives.cpu_constraint
    value = rule.render.split()[-1] if rule.render else ""
    if not value or not re.search(rule.value_pattern, value):
        raise FixNotApplicable(f"{profile.name}'s profile gives no GPU constraint to write")
    return value


def _queue_option(ds: list[Directive], profile: ClusterProfile) -> tuple[str, str] | None:
    """The directive (option, value) that names the job's queue, by the site's queue kind."""
    kind = profile.queues.default_queue.kind
    option = {"qos": "qos", "partition": "partition", "queue": "queue"}[kind]
    value = last_value(ds, option)
    return (option, value) if value else None


def _named_queue(value: str, profile: ClusterProfile) -> str:
    """The one listed queue whose name is a word of ``value``; FixNotApplicable otherwise."""
    words = {w for w in re.split(r"[_\-.]", value.lower()) if w}
    hits = [q.name for q in profile.queues.items if q.name.lower() in words]
    names = ", ".join(q.name for q in profile.queues.items)
    if len(hits) != 1:
        raise FixNotApplicable(
            f"the job names {value!r}, which is not among the queues {profile.name}'s profile "
            f"lists ({names}); which one your project may use only you can say")
    return hits[0]


def _queue_taking(ds: list[Directive], name: str, profile: ClusterProfile) -> str | None:
    """Another queue for a request the listed queue ``name`` refuses by its limits; None when
    the queue takes it."""
    queue = profile.queues.get(name)
    req = request_from_directives(ds)
    if queue is None or not {"walltime.limit", "nodes.limit"} & set(
            queue_misfits(req, queue, profile)):
        return None
    others = [q.name for q in profile.queues.items
              if q.name != name and q.auto and not queue_misfits(req, q, profile)]
    if len(others) != 1:
        raise FixNotApplicable(
            f"the {name} queue's limits refuse this request and "
            + (f"{' and '.join(others)} would each take it: say which" if others
               else "no other queue takes it unchanged: shorten the time or the node count"))
    return others[0]


def _mend_queue(text: str, ds: list[Directive], profile: ClusterProfile) -> str:
    named = _queue_option(ds, profile)
    if named is None:
        return text
    option, value = named
    queue = value if profile.queues.get(value) is not None else _named_queue(value, profile)
    queue = _queue_taking(ds, queue, profile) or queue
    return text if queue == value else pd.set_directive(text, profile.scheduler, option, queue)


def policy_mend(text: str, profile: ClusterProfile) -> str:
    """``text`` with each directive the site's rules show at fault for a generic submit-policy
    refusal edited (module docstring); FixNotApplicable with the reason when a fault is seen
    that only the user can settle. A header that breaks no rule the profile knows comes back
    unchanged (a second application of the fix changes nothing), and the repair loop then says
    the fix changes nothing in this script: no fix is proposed."""
    ds = parse_directives(text, profile.scheduler)
    out = text
    value = _constraint_value(text, ds, profile)
    if value is not None:
        out = allocation_constraint(out, value)
    return _mend_queue(out, ds, profile)
