"""Text primitives for precise script edits: word spans (bashlex positions), line edits."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from maple_flow.errors import MapleError
from maple_flow.scriptparse.shell import _bashlex, dequote

_SAFE = re.compile(r"^[A-Za-z0-9_@%+=:,./-]+$")
#: A value that is exactly one variable reference is written double-quoted, expanded.
_VAR_REF = re.compile(r"^\$\{[A-Za-z_][A-Za-z0-9_]*\}$")
#: A path of safe characters and braced variable references (``/tmp/cache-${USER}``): written
#: double-quoted with the references live (no command substitution or other expansion).
_PATH_WITH_REFS = re.compile(r"^(?:[A-Za-z0-9_@%+=:,./-]|\$\{[A-Za-z_][A-Za-z0-9_]*\})+$")


class FixNotApplicable(MapleError):
    """A fix operation cannot be applied to this script; the message says why."""


@dataclass(frozen=True)
class Word:
    """One shell word of a text: its span (in the text given) and its quote-removed value."""

    start: int
    end: int
    raw: str
    value: str


def quote(value: str) -> str:
    """A value as one shell word: as is when made of safe characters only, double-quoted when
    it is a variable reference (``${NAME}``) or safe characters with braced references
    (``/tmp/cache-${USER}``), else single-quoted (literal)."""
    if "\n" in value or "\x00" in value:
        raise FixNotApplicable(f"a value holds a newline or NUL: {value!r}")
    if _VAR_REF.match(value) or ("${" in value and _PATH_WITH_REFS.match(value)):
        return f'"{value}"'
    if _SAFE.match(value):
        return value
    if "$" in value or "`" in value:  # double quotes with escapes: literal, and no SC2016
        return '"' + re.sub(r'([\\"$`])', r"\\\1", value) + '"'
    return shlex.quote(value)


def _skip_quoted(text: str, i: int) -> int:
    """Index after the quoted or expanded construct starting at ``text[i]``."""
    ch = text[i]
    if ch == "\\":
        return i + 2
    if ch == "'":
        end = text.find("'", i + 1)
        return len(text) if end < 0 else end + 1
    if ch == "`":
        j = i + 1
        while j < len(text) and text[j] != "`":
            j += 2 if text[j] == "\\" else 1
        return j + 1
    if ch == '"':
        j = i + 1
        while j < len(text) and text[j] != '"':
            j = _skip_quoted(text, j) if text[j] in "\\$`" else j + 1
        return j + 1
    if text.startswith("$(", i) or text.startswith("${", i):
        close = ")" if text[i + 1] == "(" else "}"
        depth, j = 1, i + 2
        while j < len(text) and depth:
            c = text[j]
            if c in "\\'\"`" or text.startswith("$(", j) or text.startswith("${", j):
                j = _skip_quoted(text, j)
                continue
            depth += 1 if c == text[i + 1] else -1 if c == close else 0
            j += 1
        return j
    return i + 1


def scan_words(text: str, base: int = 0) -> list[Word]:
    """Words of the first simple command of ``text`` by a small shell scanner: quotes,
    escapes, ``$(...)``, ``${...}`` and backticks are kept whole; ``;``, ``|`` and ``&``
    end the command; backslash-newline is a blank."""
    found: list[Word] = []
    i = 0
    while i < len(text):
        if text[i] in " \t\n" or text.startswith("\\\n", i):
            i += 2 if text[i] == "\\" else 1
            continue
        if text[i] in ";|&" or text[i] == "#":
            break
        start = i
        while i < len(text) and text[i] not in " \t\n;|&" and not text.startswith("\\\n", i):
            i = min(_skip_quoted(text, i), len(text)) if text[i] in "\\'\"`$" else i + 1
            if text[i - 1] in "<>" and i < len(text) and text[i] == "&":
                i += 1  # 2>&1
        raw = text[start:i]
        found.append(Word(base + start, base + i, raw, dequote(raw)))
    return found


def quote_directive(value: str) -> str:
    """A directive value: as is when safe, else single-quoted (sbatch and qsub read directive
    lines with POSIX quoting and never expand variables in them)."""
    if "\n" in value or "\x00" in value:
        raise FixNotApplicable(f"a value holds a newline or NUL: {value!r}")
    return value if _SAFE.match(value) else shlex.quote(value)


def words_of(text: str, base: int = 0) -> list[Word]:
    """The words of a (possibly continued) simple command, spans offset by ``base``:
    bashlex positions when bashlex parses it as one command, else :func:`scan_words`."""
    try:
        trees = _bashlex().parse(text)
        if len(trees) == 1 and trees[0].kind == "command":
            parts = [p for p in trees[0].parts if p.kind in {"word", "assignment"}]
            return [Word(base + p.pos[0], base + p.pos[1], text[p.pos[0]:p.pos[1]],
                         dequote(text[p.pos[0]:p.pos[1]])) for p in parts]
    except Exception:  # bashlex raises many types on shell it does not support
        pass
    return scan_words(text, base)


def line_starts(text: str) -> list[int]:
    """Offset of the start of each line (0-based lines)."""
    starts = [0]
    for m in re.finditer(r"\n", text):
        starts.append(m.end())
    return starts


def quote_open(segment: str) -> bool:
    """Whether ``segment`` ends inside a quoted string, ``$(...)`` or backticks (a command
    that goes on on the next line); a ``#`` comment ends at its line."""
    i = 0
    while i < len(segment):
        ch = segment[i]
        if ch == "#" and (i == 0 or segment[i - 1] in " \t\n"):
            end = segment.find("\n", i)
            if end < 0:
                return False
            i = end + 1
            continue
        if ch in "\\'\"`" or segment.startswith(("$(", "${"), i):
            j = _skip_quoted(segment, i)
            if j > len(segment) or (ch != "\\" and j == len(segment)
                                    and not _closed(segment, i)):
                return True
            i = j
            continue
        i += 1
    return False


def quote_at(segment: str, at: int) -> str:
    """The quote open at ``segment[at]``: ``"'"``, ``'"'`` or ``""`` (a backslash escapes the
    next character outside single quotes)."""
    state, i = "", 0
    while i < at:
        c = segment[i]
        if c == "\\" and state != "'":
            i += 2
            continue
        if state == "" and c in "'\"":
            state = c
        elif c == state:
            state = ""
        i += 1
    return state


def _closed(segment: str, i: int) -> bool:
    """Whether the construct starting at ``segment[i]`` and reaching its end is closed."""
    last = segment[-1] if segment else ""
    opener = segment[i]
    if opener in "'\"`":
        return len(segment) - i >= 2 and last == opener
    return last == (")" if segment.startswith("$(", i) else "}")


def logical_span(text: str, line: int) -> tuple[int, int]:
    """(start, end) offsets of the logical line beginning at 1-based ``line``
    (backslash continuations and quoted strings over several lines included, final newline
    excluded)."""
    starts = line_starts(text)
    start = starts[line - 1]
    pos = start
    while True:
        end = text.find("\n", pos)
        if end < 0:
            return start, len(text)
        continued = text[pos:end].rstrip().endswith("\\") and \
            not text[pos:end].lstrip().startswith("#")
        if not continued and not quote_open(text[start:end]):
            return start, end
        pos = end + 1


def continued_from(parts: list[str], index: int) -> int:
    """The index of the first line of the backslash-continued command that ``parts[index]``
    belongs to."""
    while index > 0 and parts[index - 1].rstrip().endswith("\\"):
        index -= 1
    return index


def replace(text: str, start: int, end: int, new: str) -> str:
    """``text`` with ``[start, end)`` replaced by ``new``."""
    return text[:start] + new + text[end:]


def remove_word(text: str, word: Word) -> str:
    """``text`` without ``word`` and the blank before it (or after it, at a line start)."""
    start, end = word.start, word.end
    if start > 0 and text[start - 1] in " \t":
        start -= 1
        while start > 0 and text[start - 1] in " \t":
            start -= 1
    elif end < len(text) and text[end] in " \t":
        end += 1
    return text[:start] + text[end:]


def is_code(line: str) -> bool:
    """Whether ``line`` holds a command (not blank, not a comment or directive)."""
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def lines(text: str) -> list[str]:
    """The lines of ``text`` without their newlines."""
    return text.split("\n")


def join(parts: list[str]) -> str:
    """Inverse of :func:`lines`."""
    return "\n".join(parts)


def insert_line(text: str, index: int, line: str) -> str:
    """``text`` with ``line`` inserted before 0-based line ``index``."""
    parts = lines(text)
    parts.insert(index, line)
    return join(parts)


def delete_line(text: str, index: int) -> str:
    """``text`` without 0-based line ``index``."""
    parts = lines(text)
    del parts[index]
    return join(parts)


def indent_of(line: str) -> str:
    """The leading blanks of ``line``."""
    return line[: len(line) - len(line.lstrip())]
