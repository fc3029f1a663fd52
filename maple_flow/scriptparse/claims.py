"""Checks of the facts a refusal states about the script before it is issued.

A refusal that quotes a word of the script and says what it is (``X is a program that is not
Python``, ``X is an installed command``, ``runs X, a program of yours that is not Python``,
``$X, which the script does not set``) is checked here against the parsed script: the
program position of each command line (from the launchers' option grammars,
:mod:`maple_flow.scriptparse.grammar`) and the variables the script sets. A reason whose
claim does not hold is not issued on that ground: a false "not set" clause is corrected to
the line that sets the variable; otherwise the reason is replaced by one that names what the
port really does not understand (the line, and its program as the launcher's grammar reads
it)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from maple_flow.errors import MissingInformation, ParseError
from maple_flow.scriptparse.grammar import option_value_of, program_position
from maple_flow.scriptparse.shell import (
    Block,
    ShellCommand,
    one_line,
    split_blocks,
    split_commands,
)

T = TypeVar("T")
_SHELLS = frozenset({"bash", "sh", "zsh", "ksh", "dash"})
_REF = r"\$\{?([A-Za-z_]\w*)\}?"
#: Claims that the script does not set a variable.
_UNSET = (re.compile(rf"{_REF}, which the script does not set"),)
#: Claims that a word is the program a line starts.
_PROGRAM = (
    re.compile(r"(?:^|[\s(,:;])(\S+) is a program that is not Python"),
    re.compile(r"(?:^|[\s(,:;])(\S+) is an installed command"),
    re.compile(r"\bruns (\S+), a program of yours that is not Python"),
    re.compile(r"`\s*runs the command held in (\$\{?\w+\}?)"),
)
_SETTERS = frozenset({"export", "declare", "typeset", "readonly", "local"})


def _bodies(words: tuple[str, ...], line: int) -> Iterator[tuple[int, tuple[str, ...]]]:
    """``words`` and the command lines of the ``bash -c BODY`` bodies they run, each with
    the script line it is on."""
    yield line, words
    at, _ = program_position(words)
    if at is None or words[at].rsplit("/", 1)[-1] not in _SHELLS:
        return
    for k in range(at + 1, len(words) - 1):
        if not re.fullmatch(r"-[a-z]*c[a-z]*", words[k]):
            if not words[k].startswith("-"):
                return
            continue
        for cmd in split_commands(words[k + 1]):
            yield from _bodies(cmd.words, line)
        return


def command_lines(blocks: list[Block]) -> Iterator[tuple[ShellCommand, tuple[str, ...]]]:
    """Every command line of the script (those of ``bash -c`` bodies too), with the script
    command it is on."""
    for block in blocks:
        for cmd in block.commands:
            for _, words in _bodies(cmd.words, cmd.line):
                yield cmd, words


def sets_variable(blocks: list[Block], name: str) -> int | None:
    """The first line where the script sets ``name`` (an assignment, ``export``/``declare``/
    ``local`` NAME=..., ``read NAME``, ``for NAME in``), or None."""
    for block in blocks:
        if re.search(rf"\bfor\s+{name}\s+in\b", block.text):
            return block.line
        for cmd in block.commands:
            if any(n == name for n, _ in cmd.assignments):
                return cmd.line
            head = cmd.words[0] if cmd.words else ""
            if head in _SETTERS and any(w.startswith(f"{name}=") for w in cmd.words[1:]):
                return cmd.line  # `export NAME` alone sets nothing: its value is the caller's
            if head in ("read", "mapfile", "readarray") and name in cmd.words[1:]:
                return cmd.line
            if head == "getopts" and name in cmd.words[2:3]:
                return cmd.line
    return None


def _word_is_program(blocks: list[Block], word: str) -> tuple[bool, str]:
    """Whether ``word`` is the program of some command line of the script (True where the
    script never writes it as a word: a value the reason read elsewhere, not checked here),
    and, where it is not, what it is on the first line that writes it."""
    seen = ""
    for cmd, words in command_lines(blocks):
        if word not in (w.strip("'\"") for w in words):
            continue
        at, _ = program_position(words)
        if at is not None and words[at].strip("'\"") == word:
            return True, ""
        option = option_value_of(words, word)
        if option and not seen:
            real = words[at] if at is not None else ""
            seen = (f"line {cmd.line} `{one_line(cmd.text, 100)}`: `{word}` is the value of the "
                    f"launcher option {option}, not its program"
                    + (f"; the program it starts is `{real}`" if real else ""))
        elif not seen:
            seen = "-"  # an argument or operand: not checked further
    return (False, seen) if seen and seen != "-" else (True, "")


def false_claims(reason: str, blocks: list[Block]) -> list[str]:
    """The facts ``reason`` states about the script that the parsed script contradicts, each
    with what the script really says; ``[]`` when every checked claim holds."""
    wrong: list[str] = []
    for pattern in _UNSET:
        for match in pattern.finditer(reason):
            name = match.group(1)
            line = sets_variable(blocks, name)
            if line is not None:
                wrong.append(f"${name} is set by the script (line {line})")
    for pattern in _PROGRAM:
        for match in pattern.finditer(reason):
            word = match.group(1).strip("`'\",;")
            holds, what = _word_is_program(blocks, word)
            if not holds:
                wrong.append(what)
    return list(dict.fromkeys(wrong))


#: The clause of a reason that says a variable is not set by the script, and what follows it
#: up to the end of its parenthesis (the caller or the job's environment named as its source).
_UNSET_CLAUSE = re.compile(
    rf"({_REF}), which the script does not set \(it comes from the caller or the environment\)")


def _set_at_run_time(blocks: list[Block], reason: str) -> str:
    """``reason`` with each false "the script does not set $X" clause replaced by what the
    script does: it sets $X on a line (``read``, ``for``, ``mapfile``...) whose value the
    port does not read."""
    def fix(match: re.Match[str]) -> str:
        name = match.group(2)
        line = sets_variable(blocks, name)
        if line is None:
            return match.group(0)
        where = next((one_line(c.text, 80) for b in blocks for c in b.commands
                      if c.line == line), "")
        return (f"${name}, which the script sets on line {line} (`{where}`), a value the port "
                "does not read")
    return _UNSET_CLAUSE.sub(fix, reason)


def checked_reason(reason: str, blocks: list[Block]) -> str:
    """``reason`` when every fact it states about the script holds, else the reason with a
    false "not set" clause corrected, or one that says what the port does not understand,
    with the facts corrected."""
    wrong = false_claims(reason, blocks)
    if not wrong:
        return reason
    fixed = _set_at_run_time(blocks, reason)
    if not false_claims(fixed, blocks):
        return fixed
    return ("the port does not read this script's launch as one it can rewrite, and cannot "
            "say more than this for sure: " + "; ".join(wrong) + ". Write the launch out on a "
            "line of its own (the launcher, its options, then the program and its arguments "
            "as words, with the variables it reads set in the script) and port again")




def refusals_checked(func: Callable[..., T]) -> Callable[..., T]:
    """``func(script, ...)`` (the port's entry) with the facts of every refusal it raises
    checked against ``script`` before it leaves: a ParseError's text through
    :func:`checked_reason`, and each answer a MissingInformation asks for whose text states
    a false fact about the script (the ask stays an ask, its words corrected)."""
    @functools.wraps(func)
    def wrapper(script: str | bytes, *args: Any, **kwargs: Any) -> T:
        try:
            return func(script, *args, **kwargs)
        except (ParseError, MissingInformation) as error:
            try:
                text = script.decode("utf-8", "replace") if isinstance(script, bytes) else script
                blocks = split_blocks(text.replace("\r\n", "\n"))
            except (ParseError, ValueError):
                raise error from None
            if isinstance(error, MissingInformation):
                asks = {k: checked_reason(v, blocks) for k, v in error.missing.items()}
                if asks == error.missing:
                    raise
                raise MissingInformation(asks) from None
            fixed = checked_reason(str(error), blocks)
            if fixed == str(error):
                raise
            raise type(error)(fixed) from None
    return wrapper


__all__ = [
    "checked_reason", "command_lines", "false_claims", "refusals_checked", "sets_variable",
]
