"""A Slurm constraint (``-C``/``--constraint``) naming node features the site does not have
(issue 17, helper s36rl39).

Slurm refuses a job whose constraint no node satisfies (``Requested node configuration is not
available``): a feature copied from another cluster's script (Sherlock's ``CPU_MNF:INTEL``,
``IB:HDR``) or a combination no node has. A site whose submit filter makes every job name its
node type documents the whole set of features its jobs may name (the profile's CPU-node
constraint, its GPU nodes' required constraint, its other node types' constraints); a feature
outside that set is one no node of the site offers. Sites that document no such set are never
judged.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import directives_once, last_value
from maple_flow.models import ClusterProfile

#: Operators and counts of Slurm's constraint expressions (``a&b``, ``a|b``, ``[a|b]``,
#: ``a*2``, ``!a`` is not Slurm's but is split off too).
_SPLIT = re.compile(r"[&|,()\[\]!]+|\*\d+")


def features(expression: str) -> set[str]:
    """The feature names a constraint expression uses (quotes and counts dropped)."""
    return {f for f in _SPLIT.split(expression.strip("'\" ")) if f.strip()}


def site_features(profile: ClusterProfile | None) -> set[str]:
    """The features the site documents for its jobs' constraints; empty when it documents
    none (then no constraint is judged)."""
    if profile is None or not profile.directives.cpu_constraint:
        return set()
    known = features(profile.directives.cpu_constraint)
    for rule in profile.directives.required:
        if rule.option == "constraint":
            known |= features(rule.render.split()[-1] if rule.render else "")
    for node_type in profile.node_types:
        known |= features(node_type.constraint)
    return known


def constraint_unknown_to_site(script: str, profile: ClusterProfile | None) -> bool:
    """Whether the Slurm script's constraint names a feature the site does not document."""
    known = site_features(profile)
    if not known:
        return False
    asked = last_value(directives_once(script, "slurm"), "constraint")
    return bool(asked) and bool(features(asked or "") - known)
