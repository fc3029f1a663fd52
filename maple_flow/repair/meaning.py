"""Whether two scripts mean the same to the shell (pure): a fix whose edit changes only the
spelling (spacing, comments, quoting, one idiom for another) changes nothing."""

from __future__ import annotations

import re

from maple_flow.errors import MapleError
from maple_flow.knowledge.directives import is_header_line
from maple_flow.scriptparse.shell import split_commands

#: Ways to keep the first line of a pipe's input, all read as ``head -n 1``.
_FIRST_LINE = re.compile(
    r"""\|\s*(?:head\s+(?:-n\s*1|-1|--lines=1)|sed\s+(?:-n\s+)?(?P<q>['"]?)(?:1p|1q)(?P=q)|"""
    r"""awk\s+(?P<a>['"])NR\s*==\s*1(?:\s*\{\s*print\s*\}|\s*\{\s*print\s*;?\s*exit\s*\})?(?P=a))"""
    r"""(?=\s*(?:\)|\||;|$|"|`))"""
)


#: The blanks sbatch and the shell split on: a no-break space (U+00A0) is not one of them
#: (``#SBATCH --partition<NBSP>milan`` is one unknown word to sbatch), though str.split()
#: takes it for one.
_BLANKS = re.compile(r"[ \t]+")


def canonical_word(word: str) -> str:
    """``word`` with its first-line idioms written as ``| head -n 1``."""
    return _FIRST_LINE.sub("| head -n 1", word)


def _directive_meaning(line: str) -> str:
    """A directive line as the scheduler reads it: spacing collapsed; an ``#SBATCH`` line
    written after blanks is marked, since sbatch reads a directive only at a line's start
    (src/sbatch/opt.c takes ``#SBATCH`` at column 0; NERSC/sfapi_client#74)."""
    text = " ".join(_BLANKS.split(line.strip(" \t")))
    indented = line[:1] in (" ", "\t") and text.startswith("#SBATCH")
    return f"(ignored) {text}" if indented else text


def meaning(script: str) -> tuple[tuple[str, ...], ...]:
    """What the shell and the scheduler read in ``script``: its directive lines (spacing
    collapsed) and its commands' assignments (``NRANKS_PER_NODE=4``) and words, with
    equivalent first-line idioms made one."""
    directives = tuple(_directive_meaning(line) for line in script.splitlines()
                       if is_header_line(line))
    commands = tuple(tuple(f"{name}={canonical_word(value)}" for name, value in cmd.assignments)
                     + tuple(canonical_word(w) for w in cmd.words)
                     for cmd in split_commands(script))
    return (directives, *commands)


#: A line whose backslash is followed by blanks: bash reads an escaped blank and ends the
#: command at the newline (scriptparse, reading the user's intent, joins the lines anyway).
_BLANK_AFTER_BACKSLASH = re.compile(r"(?m)(?<!\\)\\[ \t]+$")


def same_meaning(before: str, after: str) -> bool:
    """Whether ``after`` only respells ``before`` (False when either cannot be read)."""
    if before == after:
        return True
    if len(_BLANK_AFTER_BACKSLASH.findall(before)) != len(_BLANK_AFTER_BACKSLASH.findall(after)):
        return False  # a continuation mended (or broken): the shell reads other commands
    if before.count("\r\n") != after.count("\r\n"):
        return False  # line endings changed: bash reads a carriage return as part of a line
    try:
        return meaning(before) == meaning(after)
    except (MapleError, ValueError):
        return False
