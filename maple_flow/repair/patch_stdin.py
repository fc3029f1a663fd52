"""A Python program the job feeds on standard input, written to a file and run from it.

``python - <<'PY'`` (or ``python <<'PY'``) runs a program whose ``__main__`` has no file: its
``__file__`` is the pseudo-name ``<stdin>``. Multiprocessing's spawn and forkserver start
methods re-import the main module in each worker from that path, so every worker dies with
``FileNotFoundError: ... '<cwd>/<stdin>'`` (torch, vLLM and PyTorch's DataLoader use spawn).
The fix keeps the program exactly as written: the here-document is written to a file with
``cat`` (the same delimiter, so the same expansion rules) on the line the command stood on,
and the command, unchanged but for the program's name in place of ``-``, runs the file after
the closing word. A command that runs a file, a module (``-m``) or a string (``-c``) reads no
program from stdin and is left alone, as is a here-document not written whole on its lines.
"""

from __future__ import annotations

import re
import shlex

from maple_flow.models.shell_lines import heredoc_end, heredoc_opening
from maple_flow.repair.text import FixNotApplicable

#: The file the program is written to, in the directory the command runs in (``$$``: the
#: job shell's id, so two jobs started in one directory do not overwrite each other's).
PROGRAM_FILE = "program_from_stdin_$$.py"
_PYTHON = re.compile(r"^(?:\S*/)?python(?:\d+(?:\.\d+)?)?$")
#: The heredoc operator and its word, the last thing on the line.
_OPERATOR = re.compile(r"[ \t]*<<-?[ \t]*(?:(['\"])[A-Za-z_][\w.-]*\1|\\?[A-Za-z_][\w.-]*)[ \t]*$")
#: Interpreter options that take no value and leave the program to be named after them.
_FLAG = re.compile(r"^-[BEIOPqsSuvx]+$")


def _stdin_command(command: str) -> str | None:
    """``command`` (a line without its heredoc operator) with the program file in place of
    the stdin program, or None when the Python it runs reads no program from stdin."""
    try:
        words = shlex.split(command, posix=True)
    except ValueError:
        return None
    at = next((i for i, w in enumerate(words) if _PYTHON.match(w)), None)
    if at is None:
        return None
    rest = words[at + 1:]
    flags = 0
    while flags < len(rest) and _FLAG.match(rest[flags]):
        flags += 1
    if flags < len(rest) and rest[flags] != "-":
        return None  # a file, -m, -c, or an option this reading does not know
    raw = command.split()
    if len(raw) != len(words):
        return None  # quoting this rewrite would have to re-create: left alone
    head = raw[:at + 1 + flags]
    tail = raw[at + 2 + flags:] if flags < len(rest) else []
    return " ".join([*head, f'"{PROGRAM_FILE}"', *tail])


def program_from_stdin_file(text: str) -> str:
    """Every ``python [-u] - <<WORD`` here-document of ``text`` written to a file and run
    from it; FixNotApplicable when the script feeds no Python program on stdin."""
    lines = text.split("\n")
    out: list[str] = []
    i, changed = 0, False
    while i < len(lines):
        line = lines[i]
        operator = _OPERATOR.search(line)
        end = heredoc_end(lines, i) if operator and heredoc_opening(line) else -1
        command = _stdin_command(line[:operator.start()]) if operator and end > i else None
        if command is None or operator is None:
            out.append(line)
            i += 1
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out.append(f'{indent}cat > "{PROGRAM_FILE}"{line[operator.start():].rstrip()}')
        out.extend(lines[i + 1:end + 1])
        out.append(indent + command.lstrip())
        i, changed = end + 1, True
    if not changed:
        raise FixNotApplicable("the script feeds no Python program on stdin (python - <<WORD)")
    return "\n".join(out)
