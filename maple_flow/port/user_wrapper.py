"""The user's own wrapper script in front of the Python program (``srun install.sh python
x.py``, ``mpirun -np 8 ./wrapper.sh python train.py``): it is the user's, not the site's, so
the port keeps it, verbatim with its own options, in front of the target's interpreter word
(each process starts the program through it, as on the source); where the target's launch
has no interpreter word (a per-node launcher that starts ``train.py`` itself), it is not
carried and the note says so. Never said to be replaced by the target's launcher."""

from __future__ import annotations

import re

from maple_flow.knowledge.site_commands import site_command
from maple_flow.models import ClusterProfile
from maple_flow.port.interpreter import _interpreter_before, keep_prefix
from maple_flow.port.stages import fit_into_quotes, launch_command_span, sub_in_launch
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES, PER_NODE_LAUNCHERS
from maple_flow.shellquote import shell_word

_SHELLS = frozenset({"bash", "sh"})


def wrapper_prefix(p: ParsedScript) -> str:
    """The wrapper as the source runs it (``bash -l install.sh --quiet``), or ``""``."""
    names = [s.name for s in p.launch.stages]
    script = p.launch.wrapper_script
    if script not in names:
        return ""
    k = names.index(script)
    words = [script, *(w for key, value in p.launch.stages[k].options
                       for w in (key, value) if w is not None)]
    shell = p.launch.stages[k - 1] if k and names[k - 1] in _SHELLS else None
    if shell is not None:
        words = [shell.name, *(key for key, _ in shell.options), *words]
    return " ".join(shell_word(w) for w in words)


def _in_front_of_python(p: ParsedScript) -> bool:
    """The wrapper stood right in front of the interpreter: inside the launch's container (or
    there is none) and with no per-node launcher after it (``./env.sh torchrun ...`` runs
    once a node, not once a process: it cannot go in front of each process's interpreter)."""
    names = [s.name for s in p.launch.stages]
    k = names.index(p.launch.wrapper_script)
    runtimes = [i for i, n in enumerate(names) if n in CONTAINER_RUNTIMES]
    return (not runtimes or k > runtimes[0]) and not any(
        n in PER_NODE_LAUNCHERS for n in names[k + 1:])


def _before_program(script: str, prefix: str, entry: str) -> tuple[str, bool]:
    """``script`` whose launch runs the program ``entry`` (a shell script, run as itself)
    behind ``prefix``; and whether the launch starts ``entry``."""
    span = launch_command_span(script)
    if span is None:
        return script, False
    lines, start, end = span
    word = re.compile(rf"(^|\s)(?={re.escape(shell_word(entry))}(\s|$))")
    for i in range(start, end + 1):
        new, count = word.subn(lambda m: f"{m.group(1)}{prefix} ", lines[i], count=1)
        if count:
            lines[i] = new
            return "\n".join(lines), True
    return script, False


def hand_to_wrapper(script: str, python: str, prefix: str, entry: str) -> tuple[str, bool]:
    """``script`` whose launch's interpreter word before ``entry`` is replaced by the user's
    wrapper ``prefix``: the source handed the wrapper the file (``srun ./nsys.sh train.py``)
    and the wrapper runs it with its own interpreter; and whether the launch had it."""
    word = _interpreter_before(python, entry, False)
    return sub_in_launch(script, word, lambda m: (
        f"{m.group(1)}{fit_into_quotes(prefix, m.string[:m.start()])} "))


def srun_task_vars_note(p: ParsedScript, profile: ClusterProfile) -> str:
    """A user script the source's srun started once a task, on a target whose launcher is not
    srun: srun gave each task SLURM_PROCID/SLURM_LOCALID/SLURM_NODEID, which such a script
    often reads (a rank, a GPU index); the target's launcher sets other names (the profile's
    launch variables, with their sources), and none of the SLURM_* ones."""
    if p.launch.launcher != "srun" or profile.launch.launcher == "srun":
        return ""
    launch = profile.launch
    names = [f"{launch.rank_var} (rank)", f"{launch.local_rank_var} (local rank)"]
    if launch.node_rank_var not in {launch.rank_var, launch.local_rank_var}:
        names.append(f"{launch.node_rank_var} (node)")
    return (f"; srun started it in the source and gave each task SLURM_PROCID, SLURM_LOCALID "
            f"and SLURM_NODEID: {launch.launcher} on {profile.name} sets none of them, so if "
            f"it reads them (a rank, a GPU index) they are empty there: make it read "
            f"{', '.join(names)}, which {launch.launcher} sets on {profile.name}, or "
            "RANK/LOCAL_RANK, which the port exports to each process")


def keep_user_wrapper(script: str, p: ParsedScript, profile: ClusterProfile,
                      entry: str) -> tuple[str, list[str]]:
    """``script`` with the source's wrapper kept in front of the target's interpreter, and
    the note on it (or the note that it is not carried, and why)."""
    prefix = wrapper_prefix(p)
    name = p.launch.wrapper_script
    if not prefix:  # named after a launcher (`torchrun-multinode.sh`): read as that launcher
        launcher = p.launch.launcher
        return script, [f"your wrapper {name} is named after {launcher} and was read as it (a "
                        f"site's {launcher} wrapper): the target's {launcher} launch replaces "
                        "it; carry over anything else it did"]
    site = site_command(name, profile.id)
    if site is not None:  # a centre's own helper (GPU binding), not the user's
        return script, [f"{name} in front of the program is {site.centre}'s helper ({site.does}): "
                        f"not carried to {profile.name}: {site.instead}"]
    kept = False
    # the target's interpreter word, or the source's where the container kept it
    for python in dict.fromkeys([profile.software.python, p.launch.python or "python"]):
        if kept or not _in_front_of_python(p):
            break
        script, kept = (hand_to_wrapper(script, python, prefix, entry) if p.launch.handed
                        else keep_prefix(script, python, prefix, entry, p.launch.module))
    if not kept and _in_front_of_python(p) and entry.endswith((".sh", ".bash")):
        script, kept = _before_program(script, prefix, entry)  # a shell-script program
    if kept and p.launch.handed:
        return script, [
            f"your wrapper script {name} was handed the program file on the source "
            f"(`{prefix} {entry} ...`, no interpreter written): kept so on {profile.name}, "
            "verbatim, with no interpreter word put between them (it starts the program "
            "itself); the port cannot see inside it (a launcher, sizes, modules, paths or "
            "scheduler variables of the source site it may use): check it on the target"
            + srun_task_vars_note(p, profile)]
    if kept:
        return script, [
            f"your wrapper script {name} ran in front of the program on the source: kept, "
            f"verbatim, in front of the program on {profile.name} (`{prefix} ...`), "
            "so each process starts the program through it "
            "as before; the port cannot see inside it (a launcher, sizes, modules, paths or "
            "scheduler variables of the source site it may use): check it on the target"
            + srun_task_vars_note(p, profile)
            + (f"; the target's launcher looks {name} up on $PATH: write ./{name} if it lies "
               "in the job's directory" if "/" not in name and not prefix.startswith(
                   tuple(f"{s} " for s in _SHELLS)) else "")]
    return script, [
        f"your wrapper script {name} ran in front of the program on the source (`{prefix} "
        f"... {entry}`); the target's launch starts {entry} without it (it has no "
        "interpreter word to put it in front of, the wrapper ran outside the container, or "
        "in front of a per-node launcher): "
        f"NOT carried, and the port cannot see what it did (environment, modules, set-up): "
        f"run its steps before the launch, or port the job with {name} in front by hand"]
