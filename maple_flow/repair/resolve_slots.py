"""The job's task count that gives an Open MPI launch line its slots (pure; ``{slots:X}``).

Open MPI inside a Slurm batch job takes its slots from the allocation (the job's tasks on each
node). A one-node job that asks fewer tasks than the ``-np`` of its one MPI launch line (with
no host list or hostfile of its own, not itself run by srun) is refused with "not enough
slots"; the job's task request, raised to the line's rank count, is the fix. ``{slots:option}``
is the directive the script states its count with (``ntasks-per-node`` where it says so, else
``ntasks``), ``{slots:tasks}`` the count: the log's asked slots, which must be the line's -np.
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_directives import directive_value
from maple_flow.repair.unresolved import Unresolved

#: An MPI-based launcher word at the start of a command (after a path, an env prefix or `&&`).
_LAUNCH = re.compile(r"(?m)^[^#\n]*?(?<![\w/.-])(?:\S*/)?"
                     r"(?:mpirun|mpiexec|orterun|horovodrun|torchpack\s+dist-run)(?![\w-])[^\n]*$")
_NP = re.compile(r"(?<![\w-])(?:-np|-n|--np)[ =]?(\d+)(?![\w-])")
#: Options that give the launcher its own slots, or say to ignore them.
_OWN_SLOTS = re.compile(r"(?<![\w-])(?:-H|--host|-host|--hosts|--hostfile|-hostfile|"
                        r"--machinefile|-machinefile|--oversubscribe|-oversubscribe)(?![\w-])")


#: A GPU request's count per node (``--gpus-per-node=4``, ``a100:4``, ``--gres=gpu:a100:4``).
_GPU_COUNT = re.compile(r"(?:^|:)(\d+)$")
#: Launchers that start one rank per GPU (their -np is a GPU count).
_PER_GPU = re.compile(r"(?<![\w/.-])(?:\S*/)?(?:horovodrun|torchpack\s+dist-run)(?![\w-])")


class SlotsUnresolved(Unresolved):
    """The job's task count is not what the refusal is about, or not one the script decides."""


def _count(script: str, option: str) -> int | None:
    """The directive's count; None where the script does not set it. A value that is not one
    count (a node range ``1-2``, a ``${VAR}`` sbatch never expands) is not decided here."""
    value = directive_value(script, "slurm", option)
    if value is None:
        return None
    if not value.strip().isdigit():
        raise SlotsUnresolved(f"--{option}={value} is not one count")
    return int(value)


def job_gpus(script: str, line: str, site_gpus: int | None) -> int | None:
    """The GPUs per node the job has for ``line``: its GPU directive's count, else the site's
    GPUs per node for a launcher that starts one rank per GPU; None for a CPU launch."""
    for option in ("gpus-per-node", "gres"):
        value = directive_value(script, "slurm", option) or ""
        if option == "gres" and "gpu" not in value:
            continue
        m = _GPU_COUNT.search(value.strip())
        if m:
            return int(m.group(1))
    return site_gpus if _PER_GPU.search(line) else None


def job_slots(script: str, asked: str | None, arg: str, site_gpus: int | None = None,
              node_cpus: int | None = None) -> str:
    """``{slots:option}``, ``{slots:tasks}`` or ``{slots:cpus}`` for a refusal of ``asked``
    slots; raises SlotsUnresolved where the script does not decide it. ``site_gpus``: the
    node's GPUs, for a launcher that starts a rank per GPU (more ranks than GPUs is the rank
    count's fault); ``node_cpus``: the node's CPUs, which the new tasks times their CPUs must
    fit. A job whose CPUs per task times its tasks are the ranks asked (``-c 32`` for
    ``-np 32``) meant them for the ranks: ``{slots:cpus}`` is then 1, else unresolved."""
    if not asked or not asked.isdigit():
        raise SlotsUnresolved("the log gave no slot count")
    lines = [m.group(0) for m in _LAUNCH.finditer(script)]
    if len(lines) != 1:
        raise SlotsUnresolved(f"{len(lines)} MPI launch lines: which one was refused is not known")
    line = lines[0]
    np = _NP.search(line)
    if np is None or np.group(1) != asked:
        raise SlotsUnresolved(f"the launch line does not start the {asked} ranks refused")
    if _OWN_SLOTS.search(line) or re.search(r"(?<![\w-])srun\s", line):
        raise SlotsUnresolved("the launch line takes its slots from its own host list or step")
    gpus = job_gpus(script, line, site_gpus)
    if gpus is not None and int(asked) > gpus:
        raise SlotsUnresolved(f"{asked} ranks for {gpus} GPUs a node: the rank count is at fault")
    nodes = _count(script, "nodes") or 1
    if nodes != 1:
        raise SlotsUnresolved(f"a {nodes}-node job: how the ranks spread over nodes is the user's")
    per_node, tasks = _count(script, "ntasks-per-node"), _count(script, "ntasks")
    has = per_node or tasks or 1
    if has >= int(asked):
        raise SlotsUnresolved(f"the job already asks {has} tasks for {asked} ranks")
    cpus = _count(script, "cpus-per-task")
    regrouped = cpus is not None and cpus > 1 and cpus * has == int(asked)
    per_task = 1 if regrouped or cpus is None else cpus
    if node_cpus and int(asked) * per_task > node_cpus:
        raise SlotsUnresolved(f"{asked} tasks of {per_task} CPUs pass the node's {node_cpus}")
    if arg == "cpus":
        if not regrouped:
            raise SlotsUnresolved("the job's CPUs per task stay as they are")
        return "1"
    if arg == "option":
        return "ntasks-per-node" if per_node and not tasks else "ntasks"
    if arg == "tasks":
        return asked
    raise SlotsUnresolved(f"no slots value {arg!r}")
