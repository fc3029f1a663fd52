"""``{gpus:rank_cap}``: the ranks a node may start when the program wants one GPU a rank and the
script starts more ranks on a node than the job has GPUs there (s34ctr2).

A program that maps one rank to one GPU and refuses otherwise ("local MPI ranks > local GPUs",
"mismatch between number of ranks and number of available GPUs") names no counts; the script
and the site do: the ranks a node starts (scriptparse: directives, then the launch line) and
the GPUs the job has on a node (the GPUs its directives ask per node, else a node's GPUs on a
site whose GPU jobs get whole nodes' devices). The cap holds only when the first exceeds the
second; otherwise the program's complaint is not about the script's counts (Unresolved).
"""

from __future__ import annotations

from maple_flow.knowledge.directives import parse_directives
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.models import ClusterProfile
from maple_flow.repair.unresolved import Unresolved


class RankCapUnresolved(Unresolved):
    """The script starts no more ranks on a node than the job has GPUs there."""


def job_gpus_per_node(script: str, profile: ClusterProfile) -> int:
    """The GPUs the job has on a node: asked per node by its directives, else a node's."""
    asked = request_from_directives(parse_directives(script, profile.scheduler)).gpus_per_node
    return asked or profile.gpu.per_node


def rank_cap(ranks_per_node: int | None, script: str, profile: ClusterProfile) -> int:
    """The GPUs a node gives the job, when ``ranks_per_node`` (the script's) exceeds them."""
    gpus = job_gpus_per_node(script, profile)
    if not gpus:
        raise RankCapUnresolved(f"{profile.name}'s nodes have no GPUs")
    if not ranks_per_node or ranks_per_node <= gpus:
        raise RankCapUnresolved(f"the script starts {ranks_per_node or 'no known number of'} "
                                f"rank(s) a node, within the {gpus} GPU(s) a node has")
    return gpus
