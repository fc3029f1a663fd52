"""Checks on the user's own shell lines (``JobSpec.setup_steps``) before they enter a script.

A set-up line is the user's shell code and is written verbatim, so it must stand alone: one
line, no NUL, quotes and backticks closed, no heredoc (its body would swallow the lines
maple_flow writes after it) and no trailing backslash (it would join the next line).
"""

from __future__ import annotations

import re

_HEREDOC = re.compile(r"<<-?\s*['\"\\]?[A-Za-z0-9_]")
_WORD_START = " \t;&|()"


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
            return "a heredoc (<<) would swallow the lines after it; put its body in a file"
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
