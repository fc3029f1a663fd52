"""Fit a job to a site's submit policy when its filter answers with a generic refusal
(issue 17, helper s31site).

Some sites' submit filters refuse a job without naming the option at fault (NERSC:
``sbatch: error: Job request does not match any supported policy.``). Support staff then read
the script's allocation directives against the site's rules; so does this module, with the
site's facts from the cluster profile (templates/clusters/*.yaml), in this order:

1. node type: a job that names no constraint sbatch reads gets the one its kind needs -
   the GPU nodes' constraint for a job that asks GPUs, the profile's CPU-node constraint for
   one that asks none (patch_constraint.allocation_constraint; never a GPU constraint on a
   CPU job);
2. QOS: a QOS name the site does not list, that holds exactly one listed QOS as one of its
   ``_``/``-``/``.`` separated words (``gpu_regular`` -> ``regular``), is written as that one;
   any other unknown name is refused with the reason (which QOS the user may use is theirs);
3. otherwise the refusal names what the site's facts show (a queue limit the request breaks)
   or says that they show no misfit: the fix would change nothing, so none is given.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import Directive, parse_directives
from maple_flow.knowledge.policy import check_request, request_from_directives
from maple_flow.models import ClusterProfile
from maple_flow.repair import patch_directives as pd
from maple_flow.repair.patch_constraint import allocation_constraint
from maple_flow.repair.text import FixNotApplicable

_WORDS = re.compile(r"[_.\-]+")


def _last(directives: list[Directive], option: str) -> Directive | None:
    named = [d for d in directives if d.option == option]
    return named[-1] if named else None


def _read_constraint(directives: list[Directive]) -> Directive | None:
    """The constraint directive sbatch reads (an indented ``#SBATCH`` line it does not)."""
    named = [d for d in directives if d.option == "constraint" and d.raw[:1] not in " \t"]
    return named[-1] if named else None


def public_qos(name: str, profile: ClusterProfile) -> str | None:
    """The one QOS of ``profile`` that ``name`` (not a QOS the site lists) holds as a whole
    word (``gpu_regular`` -> ``regular``); None when it holds none or several."""
    words = set(_WORDS.split(name.lower()))
    found = [q.name for q in profile.queues.items if q.name.lower() in words]
    return found[0] if len(found) == 1 else None


def _fit_qos(text: str, directives: list[Directive], profile: ClusterProfile) -> str | None:
    qos = _last(directives, "qos")
    if qos is None or not qos.value or profile.queues.get(qos.value) is not None:
        return None
    known = ", ".join(q.name for q in profile.queues.items)
    public = public_qos(qos.value, profile)
    if public is None:
        raise FixNotApplicable(
            f"line {qos.line} ({qos.raw.strip()}) names a QOS {profile.name} does not list "
            f"({known}); which one you may use is yours to say (`sacctmgr show assoc "
            "user=$USER format=account,qos`)")
    return pd.set_directive(text, "slurm", "qos", public)


def fit_site_policy(text: str, node_type: str, profile: ClusterProfile) -> str:
    """``text`` with the one allocation directive the site's rules show at fault mended
    (module docstring); FixNotApplicable with the reason when they show none."""
    if profile.scheduler != "slurm":
        raise FixNotApplicable(f"{profile.name} does not run Slurm")
    directives = parse_directives(text, "slurm")
    if _read_constraint(directives) is None:
        return allocation_constraint(text, node_type)
    mended = _fit_qos(text, directives, profile)
    if mended is not None:
        return mended
    problems = [p for p in check_request(request_from_directives(directives), profile)
                if not p.code.startswith("account.")]
    if problems:
        said = "; ".join(f"{p.message} ({p.hint})" for p in problems)
        raise FixNotApplicable(f"the request breaks {profile.name}'s rules: {said}")
    raise FixNotApplicable(
        f"the script names its node type and a QOS {profile.name} lists; its "
        "facts show no other misfit, so the refusal has a cause the script does not show "
        "(account, GPUs per node the policy takes): ask the site which rule it broke")
