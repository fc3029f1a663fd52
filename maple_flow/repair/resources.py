"""Which resources a failure message names and which a record's fix changes (pure).

A submit error about memory is not fixed by a new partition, nor a GPU-count error by a new
queue: a record whose fix only edits the job's request (directives, queue, walltime, nodes,
GPUs) must change a resource the message names. Queue and account count only when the
message names no specific resource (memory, GPUs, nodes, walltime, CPUs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from maple_flow.repair.models import OpTemplate

#: Resources a message can name, by the words schedulers use for them.
SPECIFIC: dict[str, re.Pattern[str]] = {
    "memory": re.compile(r"(?i)\bv?p?mem\b|\bmemory\b|--mem\b|\bmem-per-|\bRAM\b|"
                         r"(?:Min|Max)Memory|MemoryPer"),
    "gpus": re.compile(r"(?i)\bn?gpus?\b|\bgres\b|--gpus|(?:Min|Max)GRES|GRESPer"),
    "nodes": re.compile(r"(?i)\bnodes=|\bnode count\b|\bnumber of nodes\b|\bselect\b|"
                        r"\bfeasible nodes\b|\bnodes statement\b|NodePer|\bnnodes\b|"
                        r"PartitionNodeLimit|"
                        # TACC's submit filter: "--> Q Queue Limits: 1024(512) ... cores on 8
                        # Nodes", "Requested too many cores/node"
                        r"Queue Limits: [^\n]* on \d+ Nodes\b|\bcores/node\b"),
    "walltime": re.compile(r"(?i)wall ?time|\bwall ?clock\b|\btime ?limit\b|WallDuration|--time\b|"
                           r"\btime specification\b|\brun ?time\b|PartitionTimeLimit|"
                           r"Queue Limits: \d+ Hours\b"),
    "cpus": re.compile(r"(?i)\bn?cpus?\b|\bcores?\b|\bppn\b|cpus-per-task|\bprocessors\b|"
                       r"(?:Min|Max)Cpus?|CpusPer"),
}
GENERAL: dict[str, re.Pattern[str]] = {
    "queue": re.compile(r"(?i)\bpartition\b|\bqueue\b|\bqos\b"),
    "account": re.compile(r"(?i)\baccount\b|\bproject\b|\ballocation\b"),
}
#: Scheduler options (long names, PBS resources) and the resource each sets.
_OPTION: dict[str, frozenset[str]] = {
    **dict.fromkeys(("mem", "mem-per-cpu", "mem-per-gpu", "vmem", "pmem"),
                    frozenset({"memory"})),
    **dict.fromkeys(("gres", "gpus", "gpus-per-node", "gpus-per-task", "ngpus",
                     "gpus-per-socket"), frozenset({"gpus"})),
    **dict.fromkeys(("nodes", "N", "ntasks-per-node"), frozenset({"nodes"})),
    # the job's task count is also its count of CPUs (Slurm gives each task a CPU by default;
    # TACC's filter asks "total core count with the -n option")
    **dict.fromkeys(("ntasks", "n"), frozenset({"nodes", "cpus"})),
    "select": frozenset({"nodes", "gpus", "cpus", "memory"}),
    **dict.fromkeys(("time", "t", "walltime", "time-min"), frozenset({"walltime"})),
    **dict.fromkeys(("cpus-per-task", "c", "ncpus", "ppn", "cpus-per-gpu"), frozenset({"cpus"})),
    # cores kept back for system use on each node (Slurm's -S/--core-spec): a count of cores
    **dict.fromkeys(("core-spec", "S"), frozenset({"cpus"})),
    **dict.fromkeys(("partition", "p", "qos", "q", "queue"), frozenset({"queue"})),
    **dict.fromkeys(("account", "A"), frozenset({"account"})),
    # which nodes (and how many tasks on each GPU) the job takes: a node list, a task count
    # per GPU; a node list picks nodes of the partition ("Requested nodes not in this
    # partition"; s21_slurmcat.yaml)
    **dict.fromkeys(("nodelist", "w", "exclude", "x"), frozenset({"nodes", "queue"})),
    "ntasks-per-gpu": frozenset({"nodes", "gpus"}),
}
_OP: dict[str, frozenset[str]] = {
    "set_walltime": frozenset({"walltime"}), "set_nodes": frozenset({"nodes"}),
    "set_gpus_per_node": frozenset({"gpus"}),
}
ANY = frozenset({"*"})
#: A scheduler's error line about a submission or an allocation (sbatch, salloc, srun, qsub):
#: the lines of one refusal, read together for the resources they name.
SUBMIT_ERROR = re.compile(r"(?i)\b(?:sbatch|salloc|srun|qsub)(?:\.bin)?:\s*error:")
#: A task's summary line of srun, which names no resource of the request.
_TASK_SUMMARY = re.compile(r"(?i)srun: error: \S+: tasks? [\d,-]+:|Terminating|StepId=\S+ "
                           r"CANCELLED|Force Terminated")


#: The refusal's outcome line, which repeats that it failed (its reason is often generic:
#: "Requested node configuration is not available", "Requested time limit is invalid").
_OUTCOME = re.compile(r"(?i)Batch job submission failed|Unable to allocate resources|"
                      r"Job submit/allocate failed")
#: A directive's value in a script (``#SBATCH --partition=gpu-v100``, ``#SBATCH -p gpu``).
_DIRECTIVE_VALUE = re.compile(r"(?m)^\s*#(?:SBATCH|PBS)\s+-{1,2}[\w-]+(?:=|\s+)(\S+)")


def submit_lines(text: str, script: str = "") -> list[str]:
    """The scheduler's error lines of ``text`` that give a refusal's cause (not its outcome
    line, not a task's summary), with the values of ``script``'s directives taken out (a
    partition called gpu-v100 names no GPU count)."""
    values = sorted({v for v in _DIRECTIVE_VALUE.findall(script) if len(v) > 1},
                    key=len, reverse=True)
    lines = []
    for ln in text.splitlines():
        if SUBMIT_ERROR.search(ln) and not _TASK_SUMMARY.search(ln) and not _OUTCOME.search(ln):
            for value in values:
                ln = ln.replace(value, " ")
            lines.append(ln.strip())
    return lines


def named(lines: Iterable[str]) -> frozenset[str]:
    """The resources ``lines`` name: the specific ones, else queue or account, else none."""
    text = "\n".join(lines)
    specific = frozenset(k for k, rx in SPECIFIC.items() if rx.search(text))
    return specific or frozenset(k for k, rx in GENERAL.items() if rx.search(text))


def _changed_by(op: OpTemplate) -> frozenset[str] | None:
    kind = str(op.get("op", ""))
    if kind in _OP:
        return _OP[kind]
    if kind == "set_queue":
        name = str(op.get("name", ""))
        return frozenset({"queue"} | ({"nodes"} if "{queue:nodes}" in name else set())
                         | ({"walltime"} if "{queue:time}" in name else set())
                         | ({"nodes", "walltime"} if "{queue:size}" in name else set()))
    if kind in ("set_directive", "remove_directive"):
        option = str(op.get("option", ""))
        return ANY if "{" in option else _OPTION.get(option, frozenset())
    return None


def changed(fix: list[OpTemplate]) -> frozenset[str] | None:
    """The resources a fix of request edits changes; None when it does more than edit the
    request (modules, environment, launcher), which this check does not judge."""
    out: set[str] = set()
    for op in fix:
        part = _changed_by(op)
        if part is None:
            return None
        out |= part
    return frozenset(out) if fix else None


def misses_named(fix: list[OpTemplate], lines: Iterable[str]) -> bool:
    """Whether ``fix`` edits the request but none of the resources ``lines`` name."""
    edits = changed(fix)
    wanted = named(lines)
    return bool(edits is not None and wanted and edits != ANY and not edits & wanted)
