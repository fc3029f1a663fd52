"""Checks on the user's own shell lines (``JobSpec.setup_steps``) before they enter a script.

A set-up line is the user's shell code and is written verbatim, so it must stand alone: one
line, no NUL, quotes and backticks closed, no heredoc (its body would swallow the lines
maple_flow writes after it) and no trailing backslash (it would join the next line).
"""

from __future__ import annotations

import re
from functools import lru_cache

_HEREDOC = re.compile(r"<<-?\s*['\"\\]?[A-Za-z0-9_]")
_WORD_START = " \t;&|()"
_HEREDOC_PROBLEM = "a heredoc (<<) would swallow the lines after it; put its body in a file"


class _Scan:
    """State of a left-to-right scan of one line: quoting and arithmetic nesting."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.pos = 0
        self.stack: list[str] = []  # open ' " ` $' and (( contexts, innermost last

    def problem(self) -> str:
        while self.pos < len(self.line):
            issue = self._step()
            if issue:
                return issue
        if self.stack:
            return f"unbalanced {self._name(self.stack[-1])}"
        return ""

    @staticmethod
    def _name(opener: str) -> str:
        return {"'": "single quote", '"': "double quote", "`": "backtick",
                "$'": "$'...' quote", "((": "arithmetic (( ))",
                "(": "parenthesis in arithmetic"}[opener]

    def _step(self) -> str:
        line, pos = self.line, self.pos
        ch = line[pos]
        top = self.stack[-1] if self.stack else ""
        if top == "'":
            self._close_if(ch == "'", 1)
            return ""
        if ch == "\\":
            if pos + 1 >= len(line):
                return "a trailing backslash would join the next line of the script"
            self.pos += 2
            return ""
        if top == "$'":
            self._close_if(ch == "'", 1)
            return ""
        if top == '"':
            return self._in_double(ch)
        return self._unquoted(ch, top)

    def _close_if(self, closes: bool, width: int) -> None:
        if closes:
            self.stack.pop()
        self.pos += width

    def _in_double(self, ch: str) -> str:
        if ch == '"':
            self.stack.pop()
        elif ch == "`":
            self.stack.append("`")
        self.pos += 1
        return ""

    def _unquoted(self, ch: str, top: str) -> str:
        line, pos = self.line, self.pos
        rest = line[pos:]
        if ch == "#" and (pos == 0 or line[pos - 1] in _WORD_START) and top not in {"((", "("}:
            self.pos = len(line)  # a comment: the rest of the line is not shell code
        elif rest.startswith("$'"):
            self.stack.append("$'")
            self.pos += 2
        elif ch in "'\"":
            self.stack.append(ch)
            self.pos += 1
        elif ch == "`" and top == "`":
            self._close_if(True, 1)
        elif ch == "`":
            self._open("`", 1)
        elif top in {"((", "("} and ch in "()" and not rest.startswith(("))", "$((")):
            self._paren(ch, top)  # a grouping inside arithmetic: ((RANDOM<<15)|RANDOM)
        elif top == "(" and rest.startswith("))"):
            self._close_if(True, 1)  # closes the grouping; the next ) is the outer one's
        elif rest.startswith("$((") or rest.startswith("(("):
            self._open("((", 3 if ch == "$" else 2)
        elif rest.startswith("))") and top == "((":
            self._close_if(True, 2)
        elif rest.startswith("<<<"):
            self.pos += 3
        elif top not in {"((", "("} and _HEREDOC.match(rest):
            return _HEREDOC_PROBLEM
        else:
            self.pos += 1
        return ""

    def _paren(self, ch: str, top: str) -> None:
        """One parenthesis inside arithmetic: ``(`` opens a grouping, ``)`` closes one (an
        unmatched ``)`` is left for the shell to judge)."""
        if ch == "(":
            self.stack.append("(")
        elif top == "(":
            self.stack.pop()
        self.pos += 1

    def _open(self, opener: str, width: int) -> None:
        self.stack.append(opener)
        self.pos += width


def setup_line_problem(line: str) -> str:
    """Why ``line`` cannot be written as one line of a job script, or ``""`` when it can."""
    if "\x00" in line:
        return "NUL bytes cannot appear in a shell script"
    if "\n" in line or "\r" in line:
        return "one set-up step is one line (give each line as its own step)"
    return _Scan(line).problem()


#: A heredoc's opening word on a line: ``<<'PY'``, ``<< EOF``, ``<<-"END"``, ``<<\EOF``.
_HEREDOC_WORD = re.compile(r"<<(-?)[ \t]*(?:(['\"])([A-Za-z_][\w.-]*)\2|\\?([A-Za-z_][\w.-]*))")


def heredoc_opening(line: str) -> tuple[str, bool, bool] | None:
    """The heredoc ``line`` opens, as (delimiter, ``<<-`` (tabs stripped), quoted (no
    expansion in the body)), or None when the line opens none, opens several, or has another
    problem besides (a heredoc whose opening line is itself unsafe is not kept)."""
    if _Scan(line).problem() != _HEREDOC_PROBLEM and "$(" not in line:
        return None
    found = [m for m in _HEREDOC_WORD.finditer(line) if not line[m.start():].startswith("<<<")]
    if len(found) != 1:
        return None
    match = found[0]
    rest = line[:match.start()] + line[match.end():]
    if _Scan(rest).problem() and not _open_substitution(rest):
        return None
    quoted = bool(match.group(2)) or match.group(0).replace(" ", "").startswith(
        ("<<\\", "<<-\\"))
    return match.group(3) or match.group(4), bool(match.group(1)), quoted



def _open_substitution(text: str) -> bool:
    """Whether ``text`` leaves a ``$(`` open (its heredoc body and the lines after the closing
    word end it: ``X=$(python - <<'PY'`` ... ``PY`` ``)``)."""
    return text.count("$(") > text.count(")")


def _outer_end(lines: list[str], start: int, end: int) -> int:
    """The last line of the command a heredoc opened on ``lines[start]`` (closed on
    ``lines[end]``) runs to: ``end`` when its opening line stands alone, else the first line
    after ``end`` that closes the ``$(`` (and quotes) it left open; -1 when none does."""
    opening = lines[start]
    match = next(m for m in _HEREDOC_WORD.finditer(opening)
                 if not opening[m.start():].startswith("<<<"))
    outer = opening[:match.start()] + opening[match.end():]
    if not _Scan(outer).problem():
        return end
    for i in range(end + 1, min(end + 4, len(lines))):
        outer += "\n" + lines[i]
        if not _Scan(outer.replace("\n", " ")).problem() and not _open_substitution(outer):
            return i
    return -1


def heredoc_end(lines: list[str], start: int) -> int:
    """The index of the line that closes the heredoc ``lines[start]`` opens, or -1."""
    opening = heredoc_opening(lines[start])
    if opening is None:
        return -1
    word, dash, _ = opening
    for i in range(start + 1, len(lines)):
        if (lines[i].lstrip("\t") if dash else lines[i]) == word:
            return i
    return -1


def heredoc_block_end(lines: list[str], start: int) -> int:
    """The last line of the command whose heredoc ``lines[start]`` opens: its closing word's
    line, or the line after it that closes the ``$(`` the opening line left open
    (``echo "x: $(python - <<'PY'`` ... ``PY`` ``)"``); -1 when it is not written whole."""
    end = heredoc_end(lines, start)
    return _outer_end(lines, start, end) if end >= 0 else -1


def quoted_block_end(lines: list[str], start: int) -> int:
    """The last line of the command whose quote ``lines[start]`` opens and a later line
    closes (``python -c "`` ... ``"``: a string that spans lines, which bash reads as one
    word): the first line after which the lines read together have no problem; -1 when the
    line has no open quote of its own or none closes it whole."""
    if setup_line_problem(lines[start]) not in {"unbalanced double quote",
                                                "unbalanced single quote"}:
        return -1
    text = lines[start]
    for i in range(start + 1, min(start + 200, len(lines))):
        if "\x00" in lines[i] or "\r" in lines[i]:
            return -1
        text += "\n" + lines[i]
        problem = _Scan(text).problem()
        if not problem:
            return i
        if not problem.startswith("unbalanced"):
            return -1
    return -1


def setup_lines_problem(lines: list[str]) -> str:
    """Why ``lines`` cannot be written as they are, or ``""`` (:func:`_lines_problem`; kept
    for each list of lines, as a port validates the same set-up lines for every target)."""
    return _lines_problem(tuple(lines))


@lru_cache(maxsize=4096)
def _lines_problem(given: tuple[str, ...]) -> str:
    """Why ``lines`` (the user's set-up lines, in order) cannot be written as they are, or
    ``""``: each line stands alone, except a heredoc written whole (its opening line, its
    body verbatim, its closing word on a line of its own: ``python - <<'PY'`` ... ``PY``),
    which swallows only its own body, and a quoted string that spans lines and closes
    (``python -c "`` ... ``"``)."""
    lines = list(given)
    i = 0
    while i < len(lines):
        end = heredoc_block_end(lines, i)
        if end < 0:
            end = quoted_block_end(lines, i)
        if end < 0:
            problem = setup_line_problem(lines[i])
            if problem:
                return f"{lines[i]!r}: {problem}"
            i += 1
            continue
        body = lines[i + 1:end + 1]
        if any("\x00" in x or "\r" in x or "\n" in x for x in body):
            return f"{lines[i]!r}: its heredoc body has a NUL or carriage return"
        i = end + 1
    return ""
