"""PLACEHOLDERS in the program's place: a word that stands for a value someone fills in
before the job is submitted (a submit script's ``sed "s|ARGS|...|" job.sh | bsub``, a
template's ``[YOUR_SCRIPTS_HERE]``, a redacted ``.../main.py``), not a program the job runs.

A port that keeps such a word as the program runs it literally on the target: the port looks
right and is not. So where the program of the launch (or the one command that is the job's
work) is a placeholder, the port refuses naming it and the line, rather than guess; the
placeholders elsewhere in a script are named by the port's notes.

The spellings read (each seen in public job scripts): an ellipsis standing for text left out
(``...``, ``.../main.py``, ``…``); a name in angle or square brackets (``<your_model>``,
``[YOUR_SCRIPTS_HERE]``); a generator's marker (``{{model}}``, ``{script}``, ``__DATA__``,
``@PROG@``, ``%%PROG%%``, ``$$PLACEHOLDER$$``); a path with ``path/to``, ``xxx`` or
``your_...`` in it (``/path/to/train.py``); a word that says it is one (``YOUR_SCRIPT``,
``CHANGE_ME``, ``TODO``); and, in the program's place only, an upper-case word with no
extension (``python ARGS``: no one names a program file so) or the bare generic noun a
template leaves for the command (``command``, ``program``, ``script``)."""

from __future__ import annotations

import re

from maple_flow.scriptparse.shell import one_line

#: An ellipsis as a word or a path component: ``...``, ``.../main.py``, ``/data/.../x``.
_ELLIPSIS = re.compile(r"(?:^|/)(?:\.{3,}|\u2026)(?:/|$)")
#: A name in angle or square brackets: ``<your_model>``, ``[YOUR_SCRIPTS_HERE]``.
_BRACKETED = re.compile(r"<[A-Za-z_][\w .:-]*>|^\[(?:[A-Z][A-Z0-9_ -]*|(?i:your)[\w -]*)\]$")
#: A generator's marker: Jinja/mustache, ``str.format``, sed/autoconf and ``$$NAME$$`` markers.
_MARKER = re.compile(r"\{\{[^{}]*\}\}|(?<![$\w])\{[A-Za-z_]\w*\}|(?<![\w.])__[A-Z][A-Z0-9_]*__"
                     r"(?!\w)|@[A-Z][A-Z0-9_]*@|%%[A-Z][A-Z0-9_]*%%|\$\$[A-Za-z_]\w*\$\$")
#: A path that says it stands for one: ``/path/to/...``, ``/home/xxx/...``, ``your_dir/x``.
_PATH_TO = re.compile(r"(?i)(?:^|/)path/to(?:/|$)")
_FILL_COMPONENT = re.compile(r"(?i)^(?:x{3,}|your(?:[_-]\w*)?)$")
#: A word that says it is one.
_SAYS_SO = re.compile(r"(?i)^(?:your_\w+|change_?me|edit_?me|fill_?me(?:_in)?|todo|fixme|"
                      r"replace_?me|placeholder)(?:\.\w+)?$")
#: In the program's place: an upper-case word with no extension (``ARGS``, ``SCRIPT``).
_CAPS = re.compile(r"^[A-Z][A-Z0-9_]*[A-Z0-9]$")
#: In the program's place, alone on its line: the generic noun a template leaves there.
_NOUNS = frozenset({"command", "cmd", "program", "executable", "script", "args", "arguments"})


def placeholder_kind(word: str) -> str:
    """What kind of placeholder ``word`` is, anywhere in a script (``""`` when none)."""
    bare = word.strip("\"'")
    if not bare or (bare.startswith("$") and not bare.startswith("$$")):
        return ""
    if _ELLIPSIS.search(bare) or bare == "\u2026":
        return "an ellipsis standing for text left out"
    if _BRACKETED.search(bare):
        return "a name in brackets, left for you to fill in"
    if _MARKER.search(bare):
        return "a template marker, filled by whatever renders the file"
    parts = [p for p in bare.split("/") if p]
    if _PATH_TO.search(bare) or any(_FILL_COMPONENT.match(p) for p in parts):
        return "a path left for you to fill in"
    if _SAYS_SO.match(parts[-1] if parts else bare):
        return "a word left for you to fill in"
    return ""


def program_placeholder(word: str, alone: bool = False, python_file: bool = False) -> str:
    """What kind of placeholder ``word`` is in the PROGRAM's place (the file python or the
    launcher runs, or the command that is the job's work), ``alone`` when it is the whole
    command, ``python_file`` when a Python interpreter is given it as its program file (an
    installed application may have an upper-case name; a Python file never has none);
    ``""`` when it reads as a program."""
    kind = placeholder_kind(word)
    if kind:
        return kind
    bare = word.strip("\"'")
    if python_file and _CAPS.match(bare) and len(bare) >= 3:
        return ("an upper-case word with no extension, the way a template marks the text a "
                "submit step (`sed`) or you fill in")
    if alone and bare in _NOUNS:
        return ("the bare word a template leaves for the command (with nothing after it the "
                "job runs no work)")
    return ""


#: The words of a line (an angle-bracketed name kept whole; ``=``, quotes and the shell's
#: separators split them).
_WORD = re.compile(r"<[^<>\s]+>|[^\s=\"',;()|&`]+")
_DIRECTIVE = re.compile(r"^\s*#\s*(?:SBATCH|PBS|BSUB|\$|COBALT|FLUX:?)\s")
_MESSAGE = re.compile(r"^\s*(?:echo|printf)\b")
_MAX_NAMED = 6


def script_placeholders(text: str) -> list[tuple[int, str]]:
    """``(line, word)`` of each placeholder in the lines the shell or scheduler reads (comments
    and the messages the job prints left out), in order."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if (line.lstrip().startswith("#") and not _DIRECTIVE.match(line)) or _MESSAGE.match(line):
            continue
        body = _DIRECTIVE.sub("", line).split(" #", 1)[0]
        for word in _WORD.findall(body):
            if placeholder_kind(word) and (number, word) not in found:
                found.append((number, word))
    return found


def program_placeholder_reason(line: int, text: str, word: str, kind: str,
                               via: str = "", script: str = "") -> str:
    """The refusal for a launch whose program ``word`` (on ``line``, written ``text``) is a
    placeholder of ``kind``; ``via`` names the variable it came through (``$SCRIPT, set on
    line 33``) or is ``""``; the other placeholders of ``script`` are named after it."""
    came = f" (through {via})" if via else ""
    lines = script.splitlines()
    others = list(dict.fromkeys(n for n, w in script_placeholders(script) if w != word))
    named = "; ".join(f"line {n} `{one_line(lines[n - 1], 60)}`" for n in others[:_MAX_NAMED])
    more = f" and {len(others) - _MAX_NAMED} more" if len(others) > _MAX_NAMED else ""
    also = (f". The script's other placeholders, to fill in too: {named}{more}"
            if others else "")
    return (f"line {line}: `{text}` runs `{word}`{came} as its program, and `{word}` is a "
            f"placeholder ({kind}), not a program this script shows: the job's real program "
            "is filled in before submission (by the script that renders or submits this one, "
            "e.g. a `sed ... | sbatch`/`bsub` step) or left for you to write; write the "
            f"program (and its arguments) in its place and port the script again{also}")


__all__ = ["placeholder_kind", "program_placeholder", "program_placeholder_reason",
           "script_placeholders"]
