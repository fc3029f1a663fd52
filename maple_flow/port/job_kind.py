"""Whether the source is a GPU job at all, and how many GPUs it has, when its script does not
count them: asked (a job that names no GPU anywhere) or noted (a GPU queue with no count),
never set to one GPU a process in silence.

Applies to sources outside the ten clusters and the known GPU centres only: a script from one
of those runs on GPU nodes whose count the profile or the site's data gives.
"""

from __future__ import annotations

import re
from typing import Any

from maple_flow.errors import CpuOnlyJob, MissingInformation, ParseError
from maple_flow.scriptparse import ParsedScript, parse_script
from maple_flow.scriptparse.facts import ScriptFacts
from maple_flow.scriptparse.gpu_request import (
    GPU_WORDS,
    cpu_request,
    dask_lines,
    gpu_named,
    stated_gpu_count,
)
from maple_flow.scriptparse.sge import may_hold_gpus

#: Per-node launchers state their ranks a node (one per GPU): their count is the job's GPUs.
_COUNTING_LAUNCHERS = frozenset({"torchrun", "deepspeed", "accelerate"})
_ANSWERED = ("gpus_per_node", "ranks")


def _applies(p: ParsedScript, facts: ScriptFacts, o: dict[str, Any], known_site: bool) -> bool:
    return not (known_site or any(o.get(k) for k in _ANSWERED) or stated_gpu_count(p)
                or facts.gpus_per_process
                or any(s.name in _COUNTING_LAUNCHERS for s in p.launch.stages))


#: A Grid Engine parallel environment request: ``#$ -pe NAME SLOTS``.
_PE = re.compile(r"^\s*#\$.*?-pe\s+(\S+)\s+(\d[\d-]*)", re.M)


def ask_if_no_gpu_named(p: ParsedScript, text: str, facts: ScriptFacts, o: dict[str, Any],
                        known_site: bool) -> None:
    """MissingInformation when nothing in the script asks for or names a GPU: it reads as a
    CPU job (a Dask cluster, an MPI solver), and maple_flow's targets are GPU nodes."""
    if ((not p.directives and not p.grid_engine) or (p.grid_engine and may_hold_gpus(text))
            or not _applies(p, facts, o, known_site) or gpu_named(p, text)):
        # no directive: the resources were given at submission (noted, see below); a Grid
        # Engine site resource the port does not read may hold GPUs unnamed: asked as counts
        return
    asked = cpu_request(p)
    pe = _PE.search(text) if p.grid_engine else None
    if pe and not asked:  # `#$ -pe impi 1200`: slots, whatever runs in them
        asked = f"{pe.group(2)} slots of the parallel environment {pe.group(1)} (`-pe`)"
    dask = dask_lines(text)
    what = (f"; it starts Dask ({', '.join(dask[:2])}): a Dask cluster computing on CPUs"
            if dask else "")
    raise MissingInformation({"gpus_per_node": (
        "the source requests no GPU anywhere (no GPU directive or count"
        + (f"; it asks {asked}" if asked else "; no directive asks nodes, tasks or CPUs")
        + ", and no GPU queue, module, library or launcher is named)" + what
        + ": it reads as a CPU job, and maple_flow ports jobs to the targets' GPU nodes; "
        "if it does run on GPUs, pass gpus_per_node=N (--gpus-per-node N, N GPUs a node), "
        "or ranks=N (--ranks N) for N one-GPU ranks; otherwise run it on a CPU cluster")})


def parse_naming_cpu_jobs(script: str | bytes, text: str) -> ParsedScript:
    """``parse_script``, whose refusal of a script with no Python launch (``dask-worker
    ...``) also says, where nothing in it names a GPU, that it reads as a CPU Dask job."""
    try:
        return parse_script(script)
    except ParseError as exc:
        dask = dask_lines(text)
        if not dask or GPU_WORDS.search(text):
            raise
        raise CpuOnlyJob(
            f"{exc}; it starts Dask ({', '.join(dask[:2])}) and requests no GPU anywhere: "
            "a CPU Dask cluster, which maple_flow does not port (its targets are GPU nodes); "
            "run it on a CPU cluster") from None


#: More ranks a node than any GPU node has GPUs (8 GPUs, 12 Aurora tiles): ranks that share
#: GPUs or run on CPUs, never one GPU each.
MOST_GPUS_A_NODE = 16


def note_gpu_count_assumed(p: ParsedScript, text: str, facts: ScriptFacts,
                           o: dict[str, Any], known_site: bool) -> str:
    """The note for a job that names a GPU but counts none (``#PBS -q gpu``): the port's one
    GPU a process is an assumption the user must see; ``""`` when the count was read."""
    if not _applies(p, facts, o, known_site) or "CUDA_VISIBLE_DEVICES" in {**p.env,
                                                                           **p.variables}:
        return ""
    named = gpu_named(p, text)
    if not facts.ranks or not (named or not p.directives):
        return ""
    per_node = facts.ranks // facts.nodes if facts.nodes else None
    if per_node and per_node > MOST_GPUS_A_NODE:
        raise MissingInformation({"gpus_per_node": (
            f"the launch starts {per_node} ranks a node on {facts.nodes} node(s) and the "
            "source states no GPU count: that many ranks share a node's GPUs (or run on its "
            f"CPUs), so one GPU a rank ({facts.ranks} GPUs) would not be the source's job; "
            "maple ports one GPU a rank: give --ranks N (the ranks the job should run, one GPU "
            "each) or write this layout on the target by hand (MPS, or CPU ranks)")})
    if not named:
        return (f"the script has no scheduler directive and names no GPU: its resources were "
                f"given at submission; the port reads {facts.ranks} process(es) from the "
                "launch and assumes one GPU each: if the job ran on CPUs it is not a GPU job; "
                "if a process drove several GPUs, pass gpus_per_node=N (--gpus-per-node N)")
    return (f"the source states no GPU count (it names GPUs only in {named}): the port "
            f"assumes one GPU for each of its {facts.ranks} process(es); if the job had more "
            "(the queue's whole node, or several GPUs driven by one process), pass "
            "gpus_per_node=N "
            "(--gpus-per-node N)")


__all__ = ["ask_if_no_gpu_named", "note_gpu_count_assumed", "parse_naming_cpu_jobs"]
