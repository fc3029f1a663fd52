"""Shell quoting of values that reach a launch script.

``quote``: one literal word (shlex.quote). ``shell_word``: one word that keeps only the
user's ``$NAME``/``${NAME}``/leading ``~/`` references live. ``dquote``: a double-quoted
profile value keeping ``$VAR``/``${VAR:-x}`` references. ``comment``: text for one ``#`` line.
``split_words``: the other way, a line's words as the shell splits them.
"""

from __future__ import annotations

import re
import shlex
from functools import lru_cache

_VAR_REF = re.compile(r"\$(?:\{[A-Za-z_][A-Za-z0-9_]*(?::?-[^}]*)?\}|[A-Za-z_][A-Za-z0-9_]*)")


@lru_cache(maxsize=8192)
def split_words(text: str) -> tuple[str, ...]:
    """``text``'s words as POSIX shell splits them (quotes removed, a ``#`` comment dropped);
    with an unbalanced quote, split at whitespace. Memoised: a batch splits the same
    directive and template lines in every port."""
    try:
        return tuple(shlex.split(text, comments=True))
    except ValueError:
        return tuple(text.split())


@lru_cache(maxsize=8192)
def shell_split(text: str) -> tuple[str, ...] | None:
    """``shlex.split(text)`` (POSIX, a ``#`` kept as a word), memoised; None where it raises
    (an unbalanced quote). A batch splits the same set-up lines once for each target."""
    try:
        return tuple(shlex.split(text))
    except ValueError:
        return None


def quote(value: object) -> str:
    """Shell-quote any value (the ``q`` filter)."""
    return shlex.quote(str(value))


#: A reference kept live in a user's word: ``$NAME``, ``${NAME}``, or a braced one of the job
#: script's own arguments (``--rank=${4}``: a port keeps the caller's value, as the source had
#: it); a bare ``$1`` inside a longer word stays text.
#: An arithmetic expansion of names, numbers and operators only (``$((${LSB_JOBINDEX}-1))``,
#: ``$((SLURM_ARRAY_TASK_ID * 2))``), one level of parentheses inside: it runs no command (no
#: ``$(``, backtick or array subscript in it), so it stays live like a reference (issue 14).
_ARITH_ATOM = r"(?:[\w \t+\-*/%<>=!&|^~?:,]|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)"
ARITHMETIC = rf"\$\(\((?:{_ARITH_ATOM}|\({_ARITH_ATOM}*\))*\)\)"
_USER_REF = re.compile(
    ARITHMETIC + r"|\$(?:\{(?:[A-Za-z_][A-Za-z0-9_]*|[1-9][0-9]*)\}|[A-Za-z_][A-Za-z0-9_]*)")
#: A whole word that is the job script's own arguments (``$@``) or one of them (``$1``).
_SCRIPT_ARGS = re.compile(r"\$(?:@|[1-9]|\{(?:@|[1-9][0-9]*)\})")
#: A whole word that is every element of the user's array (``"${COMMON_ARGS[@]}"``): one word
#: an element, as the source's shell passed them; it runs no command.
_ARRAY_ALL = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*\[@\]\}")


def shell_word(value: object) -> str:
    """A user value as one shell word, keeping only its variable and home references live.

    A whole word ``$@`` (or ``$1``, ``${10}``) passes on the job script's own arguments:
    ``"$@"``. Without ``$NAME``, ``${NAME}``, ``${1}`` or a leading ``~/`` the value is
    single-quoted (nothing expands; a bare ``$1`` inside a longer word stays text).
    Otherwise it is double-quoted with those references (and an arithmetic expansion of names,
    numbers and operators only, ``$((${I}-1))``) left to expand (a leading ``~/`` becomes
    ``"$HOME"/``) and every other ``$``, backtick, ``"`` and backslash escaped, so no command
    substitution or other parameter expansion runs.
    """
    text = str(value)
    if _SCRIPT_ARGS.fullmatch(text) or _ARRAY_ALL.fullmatch(text):
        return f'"{text}"'
    home = text == "~" or text.startswith("~/")
    if not home and not _USER_REF.search(text):
        return shlex.quote(text)
    return _expanding("$HOME" + text[1:] if home else text)


def kept_as_text(value: object) -> bool:
    """Whether ``shell_word(value)`` keeps some expansion of ``value`` as plain text: a
    command substitution (``$(...)``, backticks), ``${X:-y}`` and the like do not run; only
    ``$NAME``, ``${NAME}``, an arithmetic expansion of names and numbers and a leading ``~/``
    stay live."""
    text = str(value)
    if _SCRIPT_ARGS.fullmatch(text) or _ARRAY_ALL.fullmatch(text):
        return False
    rest = _USER_REF.sub("", text)
    return "$" in rest or "`" in rest


#: A single-quoted string of a script line (nothing in it expands).
_SINGLE_QUOTED = re.compile(r"'[^'\n]*'")


def written_word(value: object, source: str) -> str:
    """The user's own word (an interpreter path) as the source's shell read it.

    ``shell_word`` keeps a command substitution or a ``${X:-y}`` as text (``kept_as_text``);
    where the source wrote this word outside single quotes (``/homes/$(whoami)/env/bin/python``
    on its launch line), its shell expanded them, so the port lets the target's shell expand
    them too: the word double-quoted as written. A word with a ``"`` or ``\\`` in it, or one
    the source does not show outside single quotes, is ``shell_word``'s."""
    text = str(value)
    if (not kept_as_text(text) or '"' in text or "\\" in text
            or text not in _SINGLE_QUOTED.sub("''", source)):
        return shell_word(text)
    return f'"{text}"'


def _expanding(text: str) -> str:
    return _double_quoted(text, _USER_REF)


def dquote(value: object) -> str:
    """Double-quote a profile value, keeping ``$VAR``/``${VAR:-x}`` references expandable."""
    return _double_quoted(str(value), _VAR_REF)


def _double_quoted(text: str, refs: re.Pattern[str]) -> str:
    """``text`` as one double-quoted word: the matches of ``refs`` stay live, every other
    ``$``, backtick, ``"`` and ``\\`` is escaped."""
    out: list[str] = []
    pos = 0
    for m in refs.finditer(text):
        out.append(_escape_dq(text[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(_escape_dq(text[pos:]))
    return '"' + "".join(out) + '"'


def _escape_dq(text: str) -> str:
    return re.sub(r'([\\"$`])', r"\\\1", text)


def comment(value: object) -> str:
    """Text made safe for a single ``#`` comment line (newlines become spaces)."""
    return " ".join(str(value).split())
