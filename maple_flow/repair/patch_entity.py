"""Ops on one word of one script line: the line an error of the log names (entity.py)."""

from __future__ import annotations

import re
import shlex

from maple_flow.repair.text import FixNotApplicable

#: A word the shell reads as written (no quoting needed).
_PLAIN = re.compile(r"^[A-Za-z0-9_./~:@%+,=-]+$")


def _word_at(line: str, word: str) -> re.Match[str] | None:
    """Where ``word`` stands as a whole word of ``line`` (as written or within quotes, or as
    the value of ``--opt=word`` / ``NAME=word``)."""
    return re.search(rf"(?:(?<=^)|(?<=[\s='\"(]))({re.escape(word)})(?=$|[\s'\";)|])", line)


def _line(text: str, number: int) -> tuple[list[str], int]:
    parts = text.split("\n")
    if not 1 <= number <= len(parts):
        raise FixNotApplicable(f"the script has no line {number}")
    return parts, number - 1


def _shell_word(value: str) -> str:
    return value if _PLAIN.match(value) else shlex.quote(value)


def replace_word(text: str, number: int, old: str, new: str) -> str:
    """``text`` with the word ``old`` of line ``number`` written as ``new``."""
    parts, index = _line(text, number)
    found = _word_at(parts[index], old)
    if found is None and _word_at(parts[index], _shell_word(new)) is not None:
        return text  # applied already
    if found is None:
        raise FixNotApplicable(f"line {number} does not hold {old!r}")
    if old == new:
        return text
    line = parts[index]
    parts[index] = line[:found.start(1)] + _shell_word(new) + line[found.end(1):]
    return "\n".join(parts)


def run_through_interpreter(text: str, number: int, word: str, interpreter: str) -> str:
    """``text`` with the file ``word`` that line ``number`` runs as a command started by
    ``interpreter``; refused when the word is not the command of that line (or right after a
    launcher's own options, ``srun -n 4 main.py``)."""
    parts, index = _line(text, number)
    line = parts[index]
    found = _word_at(line, word)
    if found is None:
        raise FixNotApplicable(f"line {number} does not hold {word!r}")
    before = line[:found.start(1)].split()
    if before and before[-1] in {"python", "python3", "bash", "sh", interpreter}:
        return text  # already started through an interpreter
    if before and not re.fullmatch(r"(?:srun|mpirun|mpiexec|ibrun|exec|time|env)"
                                   r"(?:\s+-\S+(?:\s+\d+)?)*", " ".join(before)):
        raise FixNotApplicable(f"{word!r} is not the command line {number} runs")
    parts[index] = line[:found.start(1)] + f"{interpreter} " + line[found.start(1):]
    return "\n".join(parts)
