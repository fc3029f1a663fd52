"""Split a shell script into simple commands with a real shell parser (bashlex).

Each logical line (continuations joined) is parsed on its own, so one construct bashlex
does not support (arithmetic expansion, ``case``) costs only that line, which then falls
back to POSIX word splitting (shlex). Compound commands (``if``/``for``/``&&`` lists) are
walked down to their simple commands; command substitutions are not.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from functools import cache
from typing import Any

_ARITH = re.compile(r"\$\(\((.*?)\)\)")
_KEYWORDS = frozenset({"then", "do", "else", "elif", "fi", "done", "{", "}", "if", "while"})


@dataclass(frozen=True)
class ShellCommand:
    """One simple command: its words (quotes removed), leading assignments, line number."""

    words: tuple[str, ...]
    assignments: tuple[tuple[str, str], ...]
    line: int
    text: str


def logical_lines(text: str) -> list[tuple[int, str]]:
    """(first line number, text) of each logical line, backslash continuations joined."""
    out: list[tuple[int, str]] = []
    buffer: list[str] = []
    start = 1
    for number, raw in enumerate(text.splitlines(), start=1):
        if not buffer:
            start = number
        if raw.rstrip().endswith("\\") and not raw.lstrip().startswith("#"):
            buffer.append(raw.rstrip()[:-1])
            continue
        buffer.append(raw)
        out.append((start, " ".join(buffer)))
        buffer = []
    if buffer:
        out.append((start, " ".join(buffer)))
    return out


def _protect_arith(line: str) -> tuple[str, dict[str, str]]:
    saved: dict[str, str] = {}

    def keep(match: re.Match[str]) -> str:
        key = f"__MAPLE_ARITH_{len(saved)}__"
        saved[key] = match.group(0)
        return key

    return _ARITH.sub(keep, line), saved


def _restore(word: str, saved: dict[str, str]) -> str:
    for key, value in saved.items():
        word = word.replace(key, value)
    return word


@cache
def _bashlex() -> Any:
    """bashlex, imported on first use (building its parser tables takes about 0.2 s)."""
    import bashlex

    return bashlex


@cache
def _collector_class() -> Any:
    base = _bashlex().ast.nodevisitor

    class Collector(base):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            self.commands: list[list[Any]] = []

        def visitcommand(self, node: Any, parts: list[Any]) -> bool:
            self.commands.append(parts)
            return False  # do not descend into command substitutions

        def visitfunction(self, node: Any, name: Any, body: Any, parts: list[Any]) -> bool:
            self.visit(body)
            return False

    return Collector


def dequote(raw: str) -> str:
    """Bash quote removal on one word: '...', "..." (\\ escapes $ ` " \\) and bare \\x."""
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(raw):
        ch = raw[i]
        if quote == "'":
            quote, keep = ("", "") if ch == "'" else (quote, ch)
        elif ch == "\\" and i + 1 < len(raw) and (not quote or raw[i + 1] in '$`"\\'):
            i, keep = i + 1, raw[i + 1]
        elif ch == '"' or (ch == "'" and not quote):
            quote, keep = ("" if quote else ch), ""
        else:
            keep = ch
        out.append(keep)
        i += 1
    return "".join(out)


def _word(part: Any, line: str, saved: dict[str, str]) -> str:
    """A word's text after quote removal; bashlex's own is wrong on 'a'"'"'b' words."""
    raw = line[part.pos[0]:part.pos[1]]
    simple = "'" in raw and not re.search(r"\$[(\'{]|`", raw)
    return _restore(dequote(raw) if simple else part.word, saved)


def _bashlex_commands(line: str) -> list[tuple[list[str], list[tuple[str, str]]]] | None:
    protected, saved = _protect_arith(line)
    try:
        trees = _bashlex().parse(protected)
        collector = _collector_class()()
        for tree in trees:
            collector.visit(tree)
    except Exception:  # bashlex raises many types on shell it does not support
        return None
    result = []
    for parts in collector.commands:
        words = [_word(p, protected, saved) for p in parts if p.kind == "word"]
        assigns = [_word(p, protected, saved) for p in parts if p.kind == "assignment"]
        pairs = [tuple(a.split("=", 1)) for a in assigns]
        result.append((words, [(k, v) for k, v in pairs]))
    return result


def _shlex_commands(line: str) -> list[tuple[list[str], list[tuple[str, str]]]]:
    result = []
    for chunk in re.split(r"\s(?:&&|\|\||;|\|)\s|;\s*", line):
        try:
            words = shlex.split(chunk, comments=True)
        except ValueError:
            words = chunk.split()
        words = [w for w in words if w not in _KEYWORDS]
        assigns: list[tuple[str, str]] = []
        while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
            name, _, value = words.pop(0).partition("=")
            assigns.append((name, value))
        if words or assigns:
            result.append((words, assigns))
    return result


def split_commands(text: str) -> list[ShellCommand]:
    """Every simple command of ``text`` in order; comments and directives are skipped."""
    commands: list[ShellCommand] = []
    for number, line in logical_lines(text):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parsed = _bashlex_commands(stripped)
        if parsed is None:
            parsed = _shlex_commands(stripped)
        for words, assigns in parsed:
            commands.append(ShellCommand(tuple(words), tuple(assigns), number, stripped))
    return commands
