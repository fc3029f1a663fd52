"""A launch whose interpreter, program and arguments come from a bash array the script
builds (``CMD=(python x.py --a 1)``, ``CMD+=(--resume)`` under an ``if``, one ``CMD=(...)`` per
``case`` branch; then ``srun "${CMD[@]}"``). The array's lines are the user's and stay
verbatim, so the port runs the array as written: the target's per-rank launch ends in
``"${CMD[@]}"`` instead of the words the parser read from it (the last assignment, every
``+=`` appended whether its ``if`` runs or not: not what the job runs). Behind a launcher
that takes the program itself (torchrun), the array's interpreter words are skipped
(``"${CMD[@]:1}"``). When the rendered launch does not hold the program and its arguments
once, the port is refused rather than run the parsed words."""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.port.stages import launch_command_span
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.shell import _array_end, _join
from maple_flow.shellquote import shell_word

#: An interpreter word of the rendered launch with its options (``python3 -u``), and an
#: environment runner's ``run`` in front of it (``uv run --locked python3``).
_INTERPRETER = re.compile(
    r"(?:^|(?<=\s))(?:(?:\S*/)?(?:uv|poetry|pdm|hatch|pixi|rye|conda|mamba|micromamba|pipenv)"
    r"\s+run\s+(?:\S+\s+)*?)?(?:\S*/)?python[\d.]*(?:\s+-[A-Za-z]\S*)*\s+$")


def keep_array_command(script: str, p: ParsedScript, profile: ClusterProfile, entry: str,
                       args: list[str], module: bool) -> tuple[str, list[str], str]:
    """``script`` running the array as written (see the module's doc), the notes on it and
    the refusal (``""`` when none)."""
    word = p.launch.array_command
    if not word:
        return script, [], ""
    name = re.sub(r"[^\w]", "", word.split("[", 1)[0])
    where = f"line {p.launch_block.line}" if p.launch_block else "the launch"
    refusal = (f"{where}: the program and its arguments come from the array `{name}` "
               f"(`{word}`), and {profile.name}'s launch could not be written to run it as "
               "written: run the program on the launch line itself, and port again")
    span = launch_command_span(script)
    if span is None:
        return script, [], refusal
    lines, first, last = span
    head = " ".join(shell_word(w) for w in (["-m", entry] if module else [entry]))
    old = " ".join([head, *(shell_word(a) for a in args)])
    hits = [k for k in range(first, last + 1)
            if re.search(re.escape(old) + r"(?=\s*(?:\||&|>|2>|$))", lines[k])]
    if len(hits) != 1:
        return script, [], refusal
    k = hits[0]
    at = lines[k].index(old)
    before = lines[k][:at]
    interp = _INTERPRETER.search(before)
    if interp:
        new = before[:interp.start()] + word + lines[k][at + len(old):]
        how = f"`{word}` (its own interpreter, program and arguments)"
    else:
        lead = p.launch.array_lead
        inner = re.sub(r"\[@\]", f"[@]:{lead}", word, count=1)
        new = before + inner + lines[k][at + len(old):]
        how = (f"`{inner}` (its words after its first {lead}, the interpreter the launcher "
               "replaces)")
    lines[k] = new
    note = (f"the program and its arguments come from your array `{name}`: its lines are kept "
            f"as written (every `{name}=(...)`/`{name}+=(...)`, under their if/case as in the "
            f"source) and {profile.name}'s launch runs {how}, so the job runs what the array "
            "holds when it gets there")
    return "\n".join(lines), [note], ""


def restore_array_lines(script: str, source: list[str]) -> str:
    """``script`` with each multi-line array assignment of the ``source`` lines (``CMD=(``,
    one item a line, ``)``), which the reading joins onto one line, written back as the user
    wrote it, wherever the port keeps it whole."""
    lines = script.split("\n")
    k = 0
    while k < len(source):
        end = _array_end(source, k)
        if end is None:
            k += 1
            continue
        joined = _join(source, k)[1]
        hits = [j for j, line in enumerate(lines) if line.strip() == joined.strip()]
        if len(hits) == 1:
            j = hits[0]
            indent = lines[j][:len(lines[j]) - len(lines[j].lstrip())]
            base = source[k][:len(source[k]) - len(source[k].lstrip())]
            lines[j:j + 1] = [indent + (x[len(base):] if x.startswith(base) else x.lstrip())
                              for x in source[k:end + 1]]
        k = end + 1
    return "\n".join(lines)


__all__ = ["keep_array_command", "restore_array_lines"]
