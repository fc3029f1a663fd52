"""How much of a GPU node the ported job's processes see, against what the source gave them:
a MIG slice asked by the source (``--gres=gpu:a100_3g.20gb:1``, ``--gpus=3g.40gb:1``,
``--gres gpu:mig:1``) becomes what the target's profile offers (its MIG instances, or whole
GPUs), named in a note; a job of fewer GPUs than a node has, on a target that hands every job
whole nodes, is limited to its GPUs with the profile's visible-devices variable."""

from __future__ import annotations

import re

from maple_flow.models.profile import ClusterProfile
from maple_flow.scriptparse import ParsedScript

#: A MIG instance in a GPU request: ``3g.40gb``, ``a100_3g.20gb``, ``gpu:mig``, ``mig=2g.10gb``.
_MIG = re.compile(r"(?:[a-z0-9]+_)*\d+g\.\d+gb\b|\bgpu:mig\b|\bmig[=:]", re.I)
#: Directives that never ask for GPUs (names, log files, mail): a MIG-like word there is text.
_NOT_A_REQUEST = frozenset({"job-name", "J", "N", "output", "o", "error", "e", "mail-user",
                            "M", "comment", "chdir", "D"})
#: Targets whose jobs always get whole nodes (every GPU of each node).
_WHOLE_NODE_REQUESTS = frozenset({"whole-node", "pbs-select"})


def mig_request(p: ParsedScript) -> str:
    """The source's directive that asks for a MIG slice of a GPU (as written), or ``""``."""
    for d in p.directives:
        value = d.value or ""
        if d.option not in _NOT_A_REQUEST and _MIG.search(value):
            return d.spelled if value in d.spelled else f"{d.spelled} {value}".strip()
    return ""


def mig_note(p: ParsedScript, profile: ClusterProfile) -> list[str]:
    """A note naming the source's MIG slice and what the target gives instead."""
    asked = mig_request(p)
    if not asked:
        return []
    gpu = profile.gpu
    head = (f"the source asks a MIG slice of one GPU (`{asked}`: part of a GPU's compute and "
            "memory, not a whole GPU)")
    if gpu.mig_profiles:
        return [f"{head}; {profile.name} offers MIG instances ({', '.join(gpu.mig_profiles)}), "
                f"but the port asks whole {gpu.model} GPUs ({gpu.memory_gb} GB each): ask an "
                "instance by hand if the job fits one"]
    return [f"{head}; {profile.name}'s GPUs are not split into MIG instances: the port gives "
            f"each slice a whole {gpu.model} ({gpu.memory_gb} GB), more than the source had"]


def limit_visible_gpus(profile: ClusterProfile, gpus_per_node: int, user_env: set[str],
                       text: str) -> tuple[dict[str, str], list[str]]:
    """The environment that limits a job using ``gpus_per_node`` GPUs of each node to them on
    a target that hands it whole nodes (its processes would see every GPU of the node), with
    its note; nothing when the target's request already limits them, the job uses the whole
    node, or the user's script sets the variable itself (``user_env``, ``text``)."""
    var = profile.gpu.visible_devices_var
    per_node = profile.gpu.per_node
    if (profile.directives.gpu_request not in _WHOLE_NODE_REQUESTS
            or gpus_per_node >= per_node or var in user_env
            or re.search(rf"(?:^|[\s;(])(?:export\s+)?{var}=", text, re.M)):
        return {}, []
    value = ",".join(str(k) for k in range(gpus_per_node))
    note = (f"{profile.name} gives the job whole nodes ({per_node} GPU devices each) and its "
            f"process(es) would see all {per_node}, while the job asks {gpus_per_node} a node: "
            f"the port sets {var}={value} so they see {gpus_per_node}, as the job asked")
    return {var: value}, [note]


#: What picks a rank's GPU in a script (a visible-device variable, a per-task GPU option, a
#: binding helper in front of the program): with one of them a rank does not see the node.
_PICKS_GPU = re.compile(
    r"CUDA_VISIBLE_DEVICES|ZE_AFFINITY_MASK|ROCR_VISIBLE_DEVICES|HIP_VISIBLE_DEVICES|"
    r"--gpus-per-task|--gpu-bind|--gpus-per-rank|set_affinity|gpu_tile_compact|"
    r"affinity\.sh|gpu_bind|select_gpu")


def whole_node_rank_gpus(source: ClusterProfile | None, ranks_per_node: int | None,
                         nodes: int | None, ranks: int | None, per_rank: bool,
                         text: str) -> int:
    """The GPUs each rank of the source drove when the source cluster gives a job whole
    nodes, the script starts one rank a node with a parallel launcher (``mpiexec -n 2 -ppn
    1`` on two Polaris nodes) and nothing in it picks a rank's GPU: each rank saw every GPU
    of its node (the node's count); 0 when that is not the case."""
    if (source is None or not per_rank or ranks_per_node != 1 or not nodes
            or ranks != nodes or source.directives.gpu_request not in _WHOLE_NODE_REQUESTS
            or source.gpu.per_node <= 1 or _PICKS_GPU.search(text)):
        return 0
    return source.gpu.per_node


def whole_node_shared_gpus(source: ClusterProfile | None, ranks_per_node: int | None,
                           nodes: int | None, ranks: int | None, per_rank: bool,
                           text: str = "") -> str:
    """Why the source's layout is several ranks on each GPU, where the source cluster gives a
    job whole nodes and its launcher starts more ranks a node than a node has GPUs
    (``mpiexec -n 16 -ppn 8`` on two 4-GPU Polaris nodes: 2 ranks a GPU, a scaling run's own
    choice); ``""`` otherwise. The port gives each rank a GPU of its own, so it does not
    re-lay such a job unasked. A site with CPU nodes too (``whole-node``: TACC) counts only a
    job whose ``text`` speaks of GPUs; on one whose nodes all have GPUs (``pbs-select``: ALCF)
    every job is a GPU job."""
    if (source is None or not per_rank or not ranks_per_node or not nodes
            or ranks != nodes * ranks_per_node
            or source.directives.gpu_request not in _WHOLE_NODE_REQUESTS
            or ranks_per_node <= source.gpu.per_node
            or (source.directives.gpu_request != "pbs-select"
                and not re.search(r"(?i)gpu", text))):
        return ""
    gpus = source.gpu.per_node
    share = (f"{ranks_per_node // gpus} ranks a GPU" if ranks_per_node % gpus == 0
             else f"{ranks_per_node} ranks on {gpus} GPUs")
    return (f"the source runs {ranks} rank(s), {ranks_per_node} a node on {nodes} "
            f"{source.name} node(s), which a job gets whole with {gpus} GPUs each: {share}, a "
            "layout the port does not write (it gives each rank a GPU of its own) and does not "
            f"change unasked; pass ranks={nodes * gpus} (--ranks {nodes * gpus}) for one rank a "
            f"GPU, or ranks={ranks} to run the {ranks} ranks one GPU each (and set the "
            "program's own ranks-a-GPU settings to match); to keep the source's layout, write "
            "the target's launch by hand with the ranks sharing the GPUs")


def whole_node_rank_note(source: ClusterProfile, gpus: int, src_nodes: int,
                         layout: tuple[int, int], target: str) -> str:
    """The note for a port that gives one GPU to each rank of a source whose ranks each saw
    a whole node's GPUs (the reading it makes, said, with what to do if it is wrong)."""
    nodes, gpn = layout
    return (f"the source ran one rank a node on {src_nodes} {source.name} node(s), which a job "
            f"gets whole ({gpus} GPUs each), and nothing in the script picks a rank's GPU: each "
            f"rank saw all {gpus} GPUs of its node. The port gives each rank ONE GPU on "
            f"{target} ({nodes} node(s) x {gpn}): right for a program that uses one GPU a "
            "rank (its local rank's, as DDP and Horovod do); if a rank drives several GPUs "
            f"itself (DataParallel, a TensorFlow mirrored strategy), ask {gpus} GPUs a node "
            "and one rank a node by hand")


__all__ = ["limit_visible_gpus", "mig_note", "mig_request", "whole_node_rank_gpus",
           "whole_node_rank_note", "whole_node_shared_gpus"]
