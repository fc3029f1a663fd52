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

s26rl24:

- :func:`unix_line_endings`: a script saved with Windows (CRLF) line endings; every line is
  written with a plain line feed;
- :func:`continue_launch_command`: a launcher command (torchrun) whose last line ends on one of
  its own options, the indented line under it holding the program; the continuation is mended.
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


def unix_line_endings(text: str) -> str:
    """``text`` with the carriage return that ends any of its lines taken away;
    FixNotApplicable when no line ends with one."""
    lines = text.split("\n")
    if not any(line.endswith("\r") for line in lines):
        raise FixNotApplicable("no line of the script ends with a carriage return")
    return "\n".join(line.rstrip("\r") for line in lines)


#: The torch launcher's names: the torchrun entry point and the modules behind it.
_TORCH_LAUNCHER = re.compile(r"(?<![\w/.-])(?:\S*/)?torchrun(?![\w-])|"
                             r"-m\s+torch\.distributed\.(?:run|launch)\b")


def _command_groups(parts: list[str]) -> list[tuple[int, int]]:
    """(first, last) line index of each command of ``parts`` outside comments, its
    continuation lines (a line ending with a backslash) joined to it."""
    groups: list[tuple[int, int]] = []
    index = 0
    while index < len(parts):
        if not parts[index].strip() or parts[index].lstrip().startswith("#"):
            index += 1
            continue
        last = index
        while parts[last].endswith("\\") and last + 1 < len(parts):
            last += 1
        groups.append((index, last))
        index = last + 1
    return groups


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def continue_launch_command(text: str, launcher: str) -> str:
    """``text`` whose ``launcher`` command that ends on one of its options (its last word
    starts with ``-``: it names no program) is continued onto the next code line when that
    line is indented deeper than the command's first line (a continuation the shell lost: the
    backslash missing, or blanks after it). FixNotApplicable when no command is so."""
    parts = text.split("\n")
    edits = 0
    for first, last in _command_groups(parts):
        command = " ".join(parts[first:last + 1])
        words = parts[last].replace("\\", " ").split()
        if (launcher != "torchrun" or not _TORCH_LAUNCHER.search(command) or not words
                or not words[-1].startswith("-")):
            continue
        after = last + 1
        while after < len(parts) and not parts[after].strip():
            after += 1
        if (after >= len(parts) or parts[after].lstrip().startswith("#")
                or _indent(parts[after]) <= _indent(parts[first]) or after != last + 1):
            continue
        before = parts[last].rstrip()
        parts[last] = before if before.endswith("\\") else before + " \\"
        edits += 1
    if not edits:
        raise FixNotApplicable(f"no {launcher} command ends on an option with its program on "
                               "the indented line under it")
    return "\n".join(parts)


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
