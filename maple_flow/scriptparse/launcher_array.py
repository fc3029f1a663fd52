"""A site launcher held in a bash array and used as the first word of the job's launch lines
(``MPIEXEC=(mpiexec -n "$N" --ppn 4 ...)``, then ``"${MPIEXEC[@]}" python step1.py`` over
several stages): written out on each line that uses it, so that each line is the launch it
is (the port then ports every stage in order, as it does written-out launches).

``"${A[@]}"`` expands to the array's elements, one word each; writing the elements' own source
text in its place gives the same words when the array is set once, at the top level, from
plain words (no command substitution), and is not changed or read otherwise. Anything else is
left alone (the parser then refuses the lines, naming the array)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.scriptparse.launch import LAUNCH_CMDS

#: A top-level array assignment's start: ``NAME=(``.
_DEFINITION = re.compile(r"^(\w+)=\(", re.MULTILINE)


@dataclass(frozen=True)
class ExpandedArrays:
    """The script with the launcher arrays written out, and the note saying so."""

    text: str
    note: str


def _words(body: str) -> list[str] | None:
    """The elements of an array body as written (quotes kept); None when it holds what the
    expansion would not reproduce (command substitution, backquotes, a glob, a comment)."""
    if "$(" in body or "`" in body:
        return None
    words: list[str] = []
    current, quote, i = "", "", 0
    while i < len(body):
        ch = body[i]
        if quote:
            current += ch
            if ch == "\\" and quote == '"' and i + 1 < len(body):
                current += body[i + 1]
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote, current = ch, current + ch
        elif ch == "\\" and body[i + 1:i + 2] == "\n":
            i += 1  # a line continuation inside the parentheses
        elif ch.isspace():
            if current:
                words.append(current)
            current = ""
        elif (ch == "#" and not current) or ch in "*?[":
            return None
        else:
            current += ch
        i += 1
    if quote:
        return None
    if current:
        words.append(current)
    return words


def _close(text: str, start: int) -> int | None:
    """The index of the ``)`` closing the array body that starts at ``start``."""
    quote, i = "", start
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1  # the escaped character is part of the quoted text
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == ")":
            return i
        elif ch == "(":
            return None
        i += 1
    return None


def expand_launcher_arrays(text: str) -> ExpandedArrays | None:
    """``text`` with each launcher array written out on the lines whose first word it is;
    None when there is none to write out (or one is not safe to: see the module's doc)."""
    lines = text.split("\n")
    out, said = list(lines), []
    for match in _DEFINITION.finditer(text):
        name = match.group(1)
        end = _close(text, match.end())
        words = _words(text[match.end():end]) if end is not None else None
        if not words or words[0].strip("\"'").rsplit("/", 1)[-1] not in LAUNCH_CMDS:
            continue
        other_sets = re.findall(rf"(?m)(?:^|[\s;&|(])(?:{name}(?:\+?=|\[)|(?:local|declare|"
                                rf"readonly|unset)\s+(?:-\w+\s+)*{name}\b)", text)
        if len(other_sets) != 1:
            continue  # set more than once, changed, or declared: not written out
        use = re.compile(rf'^(\s*)"?\$\{{{name}\[@\]\}}"?(?=\s)')
        refs = len(re.findall(rf"\$\{{{name}\[", text))
        used = [k for k, line in enumerate(lines) if use.match(line)]
        if not used or len(used) != refs:
            continue  # read elsewhere too (echo "${A[@]}", exec "${A[@]}"): left alone
        spelled = " ".join(words)
        for k in used:
            head = use.match(out[k])
            assert head is not None  # `used` holds the lines it matches
            out[k] = head.group(1) + spelled + out[k][head.end():]
            j = k  # its continuation lines joined onto it (left blank: lines keep their numbers)
            while out[k].rstrip().endswith("\\") and j + 1 < len(out):
                j += 1
                out[k] = out[k].rstrip()[:-1].rstrip() + " " + out[j].strip()
                out[j] = ""
        first = text.count("\n", 0, match.start()) + 1
        said.append(f"{name} (line {first}), on line(s) {', '.join(str(k + 1) for k in used)}")
    if not said:
        return None
    return ExpandedArrays(
        "\n".join(out),
        "the launcher held in the bash array " + "; ".join(said) + " is written out on each "
        "line that starts a program through it (`\"${NAME[@]}\" python ...` is those words), "
        "so each of those lines is ported as the launch it is, in the script's order")
