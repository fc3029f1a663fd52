"""A launch whose program is inline Python code or an installed command: a launcher, then an
interpreter and ``-c CODE`` (``srun python -c "import torch; print(torch.cuda.is_available())"``,
``mpiexec -n $RANKS --ppn 4 python -c "import mpi4py.MPI as mpi; ..."``) or a command on the
job's ranks (``srun hostname``, ``srun --ntasks-per-node=1 nvidia-smi -L``): a check or a hello
run next to the job's main launch. Its launcher words are read as any launch's; the code or the
command is kept verbatim. The port reads such a line with a stand-in program file
(:data:`PLACEHOLDER`) and puts the code or the command back, as written, in the target's
launch."""

from __future__ import annotations

import re
import shlex

from maple_flow.scriptparse.launch import (
    C_SHELLS,
    CONTAINER_RUNTIMES,
    LAUNCH_CMDS,
    PLAIN_WRAPPERS,
    Stage,
    _options,
    read_words,
)

#: The program file the code is read as (a name no user script gives its own program).
PLACEHOLDER = "maple_inline_code.py"
_PYTHON = re.compile(r"python[\d.]*")


def raw_words(text: str) -> list[str]:
    """``text``'s words as written (quotes kept), split at unquoted blanks; [] when its
    quotes do not close."""
    try:
        lexer = shlex.shlex(text, posix=False)
        lexer.whitespace_split = True
        lexer.commenters = ""
        return list(lexer)
    except ValueError:
        return []


def inline_code_launch(text: str) -> tuple[str, str] | None:
    """(``text`` with ``-c CODE`` written as :data:`PLACEHOLDER`, ``-c CODE`` as written)
    for a launch line whose launcher (srun, mpiexec, ...) starts inline Python code; None for
    any other line."""
    raw = raw_words(text)
    if not raw or raw[0] not in LAUNCH_CMDS:
        return None
    at = next((i for i in range(1, len(raw) - 2)
               if _PYTHON.fullmatch(raw[i]) and raw[i + 1] == "-c"), None)
    if at is None:
        return None
    written = re.search(rf"(?<=\s){re.escape(raw[at])}\s+(-c\s+{re.escape(raw[at + 2])})"
                        r"(?=\s|$)", text)
    if written is None:
        return None
    swapped = text[:written.start(1)] + PLACEHOLDER + text[written.end(1):]
    try:
        words = shlex.split(swapped)
    except ValueError:
        return None
    line = read_words(words)
    if line is None or line.entrypoint != PLACEHOLDER or line.inline:
        return None
    return swapped, written.group(1)


#: An installed command's name (on the PATH: no directory, no variable).
_COMMAND = re.compile(r"[A-Za-z][\w.+-]*")
#: What is not a command run as itself on the ranks: an interpreter, a shell, a container, a
#: launcher, a wrapper of another program (the launch reading covers those).
_NOT_COMMANDS = C_SHELLS | CONTAINER_RUNTIMES | LAUNCH_CMDS | PLAIN_WRAPPERS | frozenset({
    "torchrun", "deepspeed", "accelerate", "horovodrun", "bash", "exec", "eval", "source"})
#: Shell words a command's tail may not hold here (redirects, lists, pipes, background).
_SHELL_WORD = re.compile(r"^(?:&&|\|\||[|;&]|\d*[<>].*|&>.*)$")
#: Launcher options that only size or place the ranks (how many, how many a node, CPUs each):
#: the port writes the target's for them. A command line with any other option (``srun -p gpu
#: date``: a site's partition) is left to its note, never ported without that option.
_SIZE_OPTIONS = frozenset({
    "-n", "-np", "--np", "-N", "--nodes", "--ntasks", "--ntasks-per-node", "--ppn", "-ppn",
    "--npernode", "-npernode", "--depth", "-d", "--cpu-bind", "--cpus-per-task", "-c"})
#: The target's interpreter word and the stand-in program after it.
_STANDING_IN = re.compile(rf"\S*python[\d.]*\s+{re.escape(PLACEHOLDER)}")


def command_launch(text: str) -> tuple[str, str] | None:
    """(``text`` with its command written as ``python`` :data:`PLACEHOLDER`, the command as
    written) for a launch line whose launcher (srun, mpiexec, ...) runs an installed command
    with plain arguments and only sizing options (``srun hostname``, ``srun -n 2 nvidia-smi
    -L``); None for any other line (a Python program, a path, a shell, a site option such as a
    partition, redirects or a list on the line)."""
    raw = raw_words(text)
    try:
        words = shlex.split(text)
    except ValueError:
        return None
    if not raw or len(raw) != len(words) or raw[0] not in LAUNCH_CMDS:
        return None
    stage = Stage(raw[0])
    at = _options(words, 1, stage)
    stuck = re.compile(r"^(-[nNcd])\d+$")  # `-n4`
    if any((m.group(1) if (m := stuck.match(name)) else name) not in _SIZE_OPTIONS
           for name, _ in stage.options):
        return None
    if (at >= len(words) or not _COMMAND.fullmatch(words[at]) or words[at] in _NOT_COMMANDS
            or _PYTHON.fullmatch(words[at]) or any(_SHELL_WORD.match(w) for w in raw[at:])):
        return None
    swapped = " ".join([*raw[:at], "python", PLACEHOLDER])
    line = read_words(shlex.split(swapped))
    if line is None or line.entrypoint != PLACEHOLDER or line.inline:
        return None
    return swapped, " ".join(raw[at:])


def put_back(line: str, inline: tuple[str, str] | None, command: tuple[str, str] | None) -> str:
    """The target's launch ``line`` with the stand-in program replaced by the source's inline
    code (``-c CODE``) or its command (the interpreter word too), as written."""
    if inline:
        return line.replace(PLACEHOLDER, inline[1], 1)
    if command:
        return _STANDING_IN.sub(lambda _: command[1], line, count=1)
    return line
