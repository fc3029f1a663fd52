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

#: An MPI-based launcher word at the start of a command (after a path, an env prefix or `&&`).
_LAUNCH = re.compile(r"(?m)^[^#\n]*?(?<![\w/.-])(?:\S*/)?"
                     r"(?:mpirun|mpiexec|orterun|horovodrun|torchpack\s+dist-run)(?![\w-])[^\n]*$")
_NP = re.compile(r"(?<![\w-])(?:-np|-n|--np)[ =]?(\d+)(?![\w-])")
#: Options that give the launcher its own slots, or say to ignore them.
_OWN_SLOTS = re.compile(r"(?<![\w-])(?:-H|--host|-host|--hosts|--hostfile|-hostfile|"
                        r"--machinefile|-machinefile|--oversubscribe|-oversubscribe)(?![\w-])")


class SlotsUnresolved(Exception):
    """The job's task count is not what the refusal is about, or not one the script decides."""


def _count(script: str, option: str) -> int | None:
    value = directive_value(script, "slurm", option)
    return int(value) if value and value.isdigit() else None


def job_slots(script: str, asked: str | None, arg: str) -> str:
    """``{slots:option}`` or ``{slots:tasks}`` for a refusal of ``asked`` slots; raises
    SlotsUnresolved where the script does not decide it."""
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
    nodes = _count(script, "nodes") or 1
    if nodes != 1:
        raise SlotsUnresolved(f"a {nodes}-node job: how the ranks spread over nodes is the user's")
    per_node, tasks = _count(script, "ntasks-per-node"), _count(script, "ntasks")
    has = per_node or tasks or 1
    if has >= int(asked):
        raise SlotsUnresolved(f"the job already asks {has} tasks for {asked} ranks")
    if arg == "option":
        return "ntasks-per-node" if per_node and not tasks else "ntasks"
    if arg == "tasks":
        return asked
    raise SlotsUnresolved(f"no slots value {arg!r}")
