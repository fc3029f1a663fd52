"""Fixes of one line of a user's script that find that line themselves (pure, text level; each
raises FixNotApplicable with the reason when the script has no such line). Issue 17, helper
s20-rl12tune:

- :func:`strip_invisible`: invisible format characters (zero-width space, joiners, word joiner,
  a byte-order mark inside the file) that a copy from a web page or a document left in the
  script; bash reads a line holding one as a command named by it (``$'\\342\\200\\213': command
  not found``);
- :func:`launch_with_srun`: a Slurm batch script that starts its MPI program bare (no srun,
  mpirun or mpiexec anywhere), so the program's MPI has no process manager to initialise from
  (Cray MPICH: ``PMI2_Job_GetId returned 14``); the program's line is started with ``srun``;
- :func:`pbs_select_mpiprocs`: a PBS select chunk that gives each node no MPI slots of its own
  (no ``mpiprocs=``: one slot a node), for an Open MPI ``mpirun``/``mpiexec`` that starts more
  ranks than that; the chunk gets ``mpiprocs=`` ranks over nodes.
"""

from __future__ import annotations

import re

from maple_flow.repair import patch_directives as pd
from maple_flow.repair.text import FixNotApplicable

#: Format characters that print as nothing (Unicode Cf, the ones editors and web pages leave).
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"
_INVISIBLE = re.compile(f"[{INVISIBLE}]")

#: A launcher that gives an MPI program its process manager.
_LAUNCHER = re.compile(r"(?<![\w/.-])(?:\S*/)?(?:srun|mpirun|mpiexec|orterun|ibrun|aprun|"
                       r"jsrun|flux|torchrun|deepspeed|accelerate|horovodrun|charmrun)(?![\w-])")
#: Commands of a batch script that are not the job's program.
_NOT_PROGRAM = frozenset({
    "echo", "printf", "cd", "pushd", "popd", "export", "unset", "set", "source", ".", "module",
    "ml", "conda", "mamba", "micromamba", "spack", "mkdir", "cp", "mv", "rm", "ln", "cat", "date",
    "hostname", "sleep", "wait", "exit", "ulimit", "umask", "nvidia-smi", "scontrol", "sbatch",
    "squeue", "env", "printenv", "which", "ls", "pwd", "time", "trap", "if", "then", "else",
    "fi", "for", "do", "done", "while", "case", "esac", "return", "true", "false", "test", "[",
    "[[", "shift", "eval", "exec", "let", "local", "declare", "readonly", "alias", "pip",
    "tar", "rsync", "touch", "chmod", "sed", "awk", "grep", "head", "tail",
    "tee", "sort", "wc", "find", "xargs",
})
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
_NP = re.compile(r"(?<![\w-])(?:-np|-n|--np|--n)(?:[ =])(\d+)(?![\w])")
_OPEN_MPI = re.compile(r"(?m)^[^#\n]*(?<![\w/.-])(?:\S*/)?(?:mpirun|orterun|mpiexec)(?![\w-])"
                       r"[^\n]*$")


def strip_invisible(text: str) -> str:
    """``text`` without invisible format characters; FixNotApplicable when it has none."""
    if not _INVISIBLE.search(text):
        raise FixNotApplicable("the script holds no zero-width or byte-order-mark character")
    return "\n".join(_INVISIBLE.sub("", line) for line in text.split("\n"))


def _commands(text: str) -> list[tuple[int, str]]:
    """(index, first word) of each command line of ``text`` outside comments, continuation
    lines joined to the line that starts them."""
    out: list[tuple[int, str]] = []
    parts = text.split("\n")
    continued = False
    for index, line in enumerate(parts):
        stripped = line.strip()
        was_continued, continued = continued, line.rstrip().endswith("\\")
        if was_continued or not stripped or stripped.startswith("#"):
            continue
        out.append((index, stripped.split()[0]))
    return out


def launch_with_srun(text: str) -> str:
    """``text`` whose last command, a program started bare, is started by ``srun``.

    FixNotApplicable when the script already runs a launcher anywhere (the bare line is then
    not the only start of the program), or when its last command is a shell builtin, an
    environment set-up command or a variable assignment (no program line to start)."""
    lines = text.split("\n")
    body = [line for line in lines if not line.lstrip().startswith("#")]
    if _LAUNCHER.search("\n".join(body)):
        raise FixNotApplicable("the script already starts something with a launcher")
    commands = _commands(text)
    if not commands:
        raise FixNotApplicable("the script runs no command")
    index, word = commands[-1]
    if word in _NOT_PROGRAM or _ASSIGNMENT.match(word) or "$(" in word or "`" in word:
        raise FixNotApplicable(f"the script's last command ({word}) is not a program to launch")
    line = lines[index]
    indent = line[:len(line) - len(line.lstrip())]
    lines[index] = f"{indent}srun {line.lstrip()}"
    return "\n".join(lines)


def pbs_select_mpiprocs(text: str) -> str:
    """``text`` whose PBS select chunk gives each node ``mpiprocs=`` the ranks per node of its
    Open MPI launch (its literal ``-np``/``-n`` over the select's node count).

    FixNotApplicable when the select already says mpiprocs, has no leading node count, the
    launch has no literal rank count, or the ranks do not divide evenly over the nodes."""
    select = pd.directive_value(text, "pbs", "select")
    if select is None:
        raise FixNotApplicable("the script has no PBS select line")
    if "mpiprocs=" in select:
        raise FixNotApplicable("the select already gives mpiprocs")
    nodes_match = re.match(r"(\d+)(?::|$)", select)
    if "+" in select or nodes_match is None:
        raise FixNotApplicable("the select has no single chunk with a node count")
    nodes = int(nodes_match.group(1))
    counts = [int(m.group(1)) for line in _OPEN_MPI.findall(text) for m in [_NP.search(line)]
              if m is not None]
    if len(set(counts)) != 1:
        raise FixNotApplicable("the launch has no single literal rank count (-np N)")
    ranks = counts[0]
    if ranks <= nodes or ranks % nodes:
        raise FixNotApplicable(f"{ranks} ranks do not fill {nodes} nodes evenly with more than "
                               f"one rank a node")
    return pd.set_directive(text, "pbs", "select", f"{select}:mpiprocs={ranks // nodes}")
