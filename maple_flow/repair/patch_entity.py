"""Ops on one word of one script line: the line an error of the log names (entity.py)."""

from __future__ import annotations

import re
import shlex

from maple_flow.repair.text import FixNotApplicable
from maple_flow.scriptparse.launch import with_other_names

#: A word the shell reads as written (no quoting needed).
_PLAIN = re.compile(r"^[A-Za-z0-9_./~:@%+,=-]+$")


#: Commands that run the words after their options (launchers with their other names).
_RUNS_NEXT = with_other_names({"srun", "mpirun", "mpiexec", "ibrun", "exec", "time", "env"})


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


def _launcher_prefix(words: list[str]) -> bool:
    """Whether ``words`` are a launcher and its own options only (``srun -n 4``, ``mpirun -np 8
    --map-by ppr:4:node --bind-to core``): an option's value is a word that is no option and
    names no program (s35mpi)."""
    if words[0] not in _RUNS_NEXT:
        return False
    rest, expect_value = words[1:], False
    for item in rest:
        if item.startswith("-"):
            expect_value = True
        elif expect_value and not _PROGRAM_WORD.search(item):
            expect_value = False
        else:
            return False
    return True


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
    if before and not _launcher_prefix(before):
        raise FixNotApplicable(f"{word!r} is not the command line {number} runs")
    parts[index] = line[:found.start(1)] + f"{interpreter} " + line[found.start(1):]
    return "\n".join(parts)


#: A directive line (``#SBATCH``, ``#PBS``, ``#BSUB``, ``#$``) and what follows its prefix.
_DIRECTIVE = re.compile(r"^(\s*#(?:SBATCH|PBS|BSUB|\$|COBALT|FLUX:?))(\s.*)?$")


#: Words that start a program (so they are no option's value): interpreters, launchers and
#: wrappers, and files run by path or by their kind's extension.
_PROGRAM_WORD = re.compile(
    r"^(?:python[\d.]*|bash|sh|torchrun|deepspeed|accelerate|julia|Rscript|singularity|"
    r"apptainer|env|numactl|nsys|ncu|time|exec|srun|mpirun|mpiexec|shifter|podman-hpc)$"
    r"|/|\.(?:py|sh|x|exe|out|jl|R)$")


def _value_after(rest: str, option: str, number: int) -> int:
    """How much of ``rest`` (what follows an option written without ``=``) is that option's
    value: the next word when it is no option and no program and what follows it is an option,
    a program or nothing; 0 when the next word is an option or a program. Refused when it
    cannot be told (``-env NAME VALUE prog``: two words that are neither)."""
    words = list(re.finditer(r"\s+([^\s\\;|&]+)", rest))
    if not words or words[0].group(1).startswith("-") or _PROGRAM_WORD.search(words[0].group(1)):
        return 0
    if len(words) == 1:
        return words[0].end(0)
    following = words[1].group(1)
    if following.startswith("-") or _PROGRAM_WORD.search(following):
        return words[0].end(0)
    raise FixNotApplicable(f"which words after {option!r} on line {number} are its value is "
                           "not known")


def drop_option(text: str, number: int, option: str, value: str = "", spelling: str = "") -> str:
    """``text`` with option ``option`` taken off line ``number``: the word ``option`` or
    ``option=...``, and ``value`` when it is the word right after the option. A directive line
    left with no option is deleted; refused when the line does not hold the option. With
    ``spelling`` (not ``none``) the option's name is written so instead, its value kept."""
    parts, index = _line(text, number)
    line = parts[index]
    found = re.search(rf"(?:(?<=^)|(?<=[\s'\"]))({re.escape(option)}(?:=\S*)?)(?=$|[\s'\";)|])",
                      line)
    if found is None:
        if _DIRECTIVE.match(line) is None and re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])",
                                                        line) is None:
            raise FixNotApplicable(f"line {number} does not hold {option!r}")
        raise FixNotApplicable(f"line {number} writes {option!r} in a form not taken apart")
    if spelling and spelling != "none":
        if spelling == option:
            return text
        tail = line[found.start(1) + len(option):]
        if re.fullmatch(r"-[A-Za-z]", spelling) and tail.startswith("="):
            tail = " " + tail[1:]  # a one-letter option takes its value after a blank
        parts[index] = line[:found.start(1)] + spelling + tail
        return "\n".join(parts)
    start, end = found.start(1), found.end(1)
    rest = line[end:]
    if value and "=" not in found.group(1):
        after = re.match(rf"\s+({re.escape(value)}|'{re.escape(value)}'|\"{re.escape(value)}\")"
                         rf"(?=$|[\s;)|])", rest)
        if after is not None:
            end += after.end(0)
    elif "=" not in found.group(1) and _DIRECTIVE.match(line) is None:
        end += _value_after(rest, option, number)
    elif "=" not in found.group(1):
        # a directive's words are options and their values: a word after a dropped option
        # that is no option (nor a comment) is that option's value, never left on its own
        orphan = re.match(r"\s+(?![-#])\S+", rest)
        end += orphan.end(0) if orphan is not None else 0
    head = line[:start].rstrip(" \t")
    tail = line[end:]
    if not head.strip():  # the option began the line: keep its indent, not the blank after
        head, tail = line[:start], tail.lstrip(" \t")
    new = head + (tail if not head.strip() or not tail.strip() or tail.startswith((" ", "\t"))
                  else " " + tail)
    directive = _DIRECTIVE.match(new.rstrip())
    if directive is not None and not (directive.group(2) or "").strip():
        del parts[index]
        return "\n".join(parts)
    if new.strip() == "\\" and index > 0 and parts[index - 1].rstrip().endswith("\\"):
        del parts[index]  # a continuation line that held only the option
        return "\n".join(parts)
    if not new.strip() or new.strip() == "\\":
        raise FixNotApplicable(f"line {number} would be left with nothing but {option!r} gone")
    parts[index] = new.rstrip() if not tail.strip() else new
    return "\n".join(parts)
