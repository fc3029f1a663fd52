"""A launch line inside the user's loop: the loop is kept around the target's launch line.

The loop's own lines (``for X in ...``, ``do``, body lines before and after the launch,
``done``) are carried verbatim with the other scheduler's job variables renamed; a body line
that cannot run on the target (another vendor's tool, the source's modules or scheduler
commands, a value of the source's launch that the target's own replaces) is left out with a
note; any other body line is the user's and stays, as written. When
the loop itself cannot be kept faithfully (an ``if`` between the loop and the launch, the
launch sharing its line, a loop line that reads what the target does not have), the port to
that target is refused with the reason: a loop is never flattened into one run.
"""

from __future__ import annotations

import re
from dataclasses import replace

from maple_flow.models import ClusterProfile
from maple_flow.port.carry import (
    Carried,
    Source,
    builds_launch,
    foreign_reason,
    launch_command_vars,
    launcher_only_vars,
    option_vars,
    replaced_value,
    scheduler_size_role,
    set_by_port,
    target_size,
)
from maple_flow.port.fit import SCRIPT_SET_VARS, launch_shell_options
from maple_flow.port.rules import referenced, translate_scheduler_vars
from maple_flow.port.words import short
from maple_flow.scriptparse.shell import logical_lines
from maple_flow.scriptparse.steps import line_steps

_SYNTAX = re.compile(r"^\s*(?:do|done|then|else|fi|esac|for|while|until|select|if|case)\b|"
                     r"\b(?:do|then)\s*$|^\s*\{\s*$|^\s*\}")


def _body_lines(text: str, src: Source, profile: ClusterProfile, out: Carried
                ) -> list[str] | None:
    """A body line of the wrapper to keep (translated), another launch in it as the target's
    launch of the same program (indented as it was); None when left out (with a note)."""
    from maple_flow.port.stages import dropped, port_stage

    loop = src.parsed.launch_loop
    kind = "block" if loop is not None and loop.branch else "loop"
    where = f"`{short(text)}` in the {kind} around the launch"
    foreign = foreign_reason(text, profile)
    steps = line_steps(text, src.parsed)
    if len(steps) == 1 and steps[0].launch:
        first = text.strip().split("\n", 1)[0]
        line = next((n for n, x in enumerate(src.lines, 1) if x.strip() == first), 0) or next(
            (n for n, x in logical_lines("\n".join(src.lines))  # a continued launch
             if " ".join(x.split()) == " ".join(first.split())), 0)
        ported, note = port_stage(replace(steps[0], line=line), src, profile, out.size,
                                  set_by_port(out) | set(loop.variables if loop else ()))
        (out.notes if ported or dropped(steps[0], ported) else out.refusals).append(note)
        indent = text[:len(text) - len(text.lstrip())]
        lines = [indent + x for x in ported]
        out.stage_lines.update(lines)
        return lines if ported else None
    if foreign:
        out.notes.append(f"{where} is not copied: {foreign}")
        return None
    for step in steps:
        if step.launch:
            out.refusals.append(f"{where} launches a program beside other commands on its "
                                "line; put the launch on a line of its own")
            return None
        if step.keep is False and (role := scheduler_size_role(step)):
            sized = target_size(step, role)
            out.notes.append(f"{where}: {sized.why}: `{sized.text}`")
            return [text[:len(text) - len(text.lstrip())] + sized.text]
        if step.keep is False:
            out.notes.append(f"{where} is not copied: {step.why}")
            return None
        if (step.keep is None and step.name in src.parsed.launch_vars
                and step.name not in option_vars(src.parsed)
                and step.name not in _program_reads(src)  # its arguments stay verbatim
                and step.name not in _other_loop_reads(src, text)  # a kept line reads it
                and (why := replaced_value(step, launch_command_vars(src.parsed), {},
                                           launcher_only_vars(src.parsed)))):
            out.notes.append(f"{where} is not copied: {why}")
            return None
        if step.keep and builds_launch(step, src.parsed.launch_vars, src.parsed):
            out.notes.append(f"{where} prints the source's launch line (a variable holding "
                             "its launch command, which is not copied: the target's launch line "
                             "replaces it): not copied")
            return None
    return [text]


def _other_loop_reads(src: Source, text: str) -> set[str]:
    """The variables the loop's other lines read (an echo, another launch in a branch): a
    body line that sets one stays with them."""
    loop = src.parsed.launch_loop  # its lines before and after the launch, not the launch
    return {name for raw in ((loop.before + loop.after) if loop is not None else [])
            if raw.strip() != text.strip() for name in referenced(raw)}


def _program_reads(src: Source) -> set[str]:
    """The variables the program and its arguments read: the port writes those verbatim, so
    a loop line that sets one (``support_shot=$((i-1))``) is the program's, not the launch's."""
    reads = {n for a in [src.facts.entrypoint, *src.facts.args] for n in referenced(a)}
    loop = src.parsed.launch_loop
    sets: dict[str, set[str]] = {}
    for raw in (loop.before + loop.after) if loop is not None else []:
        found = _ASSIGN.match(raw)
        if found:
            sets.setdefault(found.group(1), set()).update(referenced(found.group(2)))
    grown = True
    while grown:  # `datasets="('${dataset_name}',)"`: dataset_name is the program's too
        more = set().union(*(sets.get(n, set()) for n in reads)) - reads
        grown = bool(more)
        reads |= more
    return reads


#: A variable assignment on a line of its own (``name=value``).
_ASSIGN = re.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=(.*)$")


def _syntax_problem(text: str, src: Source, profile: ClusterProfile, out: Carried) -> str:
    if any(step.launch for step in line_steps(text, src.parsed)):
        return (f"its line `{short(text)}` launches a program on the line of an if/case/loop "
                "keyword; put the launch on a line of its own")
    foreign = foreign_reason(text, profile)
    if foreign:
        return f"its line `{short(text)}` cannot run on {profile.name}: {foreign}"
    lost = sorted(set(referenced(text)) & out.dropped_env - SCRIPT_SET_VARS)
    if lost:
        return (f"its line `{short(text)}` reads {', '.join('$' + n for n in lost)}, which is "
                "not copied")
    return ""


def _multi_line_command(texts: list[str], src: Source) -> str:
    """Why the block's command written over several lines (a quoted ``bash -c "..."`` body
    that spans lines) cannot be kept in the block, or ``""`` when every command is one line."""
    for text in texts:
        if "\n" not in text and "\r" not in text:
            continue
        first = text.splitlines()[0]
        where = next((f"line {n}" for n, raw in enumerate(src.lines, 1)
                      if raw.rstrip() == first.rstrip()), "a line")
        count = len(text.splitlines())
        return (f"{where} `{short(first.strip())}` is one command written over {count} lines "
                "(a quoted body that spans lines, such as a multi-line `bash -c \"...\"`), "
                "which the port cannot carry inside the block around the launch; put that body "
                "in a script of its own (run it as `bash body.sh`, in the image where it runs "
                "in one) or write the command on one line, then port again")
    return ""


def carry_loop(src: Source, profile: ClusterProfile, out: Carried) -> str:
    """The loop around the source's launch line into ``out.loop_open``/``loop_close``; the
    reason the port to ``profile`` must be refused instead, or ``""``."""
    loop = src.parsed.launch_loop
    if loop is None:
        return ""
    refuse = f"the launch line runs inside `{short(loop.head)}` (line {loop.line}) and "
    if loop.problem:
        return refuse + f"the loop cannot be kept: {loop.problem}"
    kept: list[list[str]] = [[], []]
    for side, lines in enumerate((loop.before, loop.after)):
        for raw in lines:
            text = raw.rstrip()
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            if _SYNTAX.search(text):
                problem = _syntax_problem(text, src, profile, out)
                if problem:
                    return refuse + "the block cannot be kept: " + problem
                kept[side].append(text)
            elif (lines_kept := _body_lines(text, src, profile, out)) is not None:
                kept[side] += lines_kept
    spread = _multi_line_command(kept[0] + kept[1], src)
    if spread:
        return refuse + "the block cannot be kept: " + spread
    renamed = [translate_scheduler_vars(t, profile.scheduler, src.parsed.grid_engine)
               for t in kept[0] + kept[1]]
    texts = [t for t, _ in renamed]
    out.loop_open, out.loop_close = texts[:len(kept[0])], texts[len(kept[0]):]
    out.loop_vars = list(loop.variables)
    done = sorted({d for _, ds in renamed for d in ds})
    if done:
        out.notes.append(f"scheduler variables renamed in the loop for {profile.scheduler}: "
                         f"{', '.join(done)}")
    if loop.branch:
        out.notes.append(f"the launch line runs inside `{short(loop.head)}` (line {loop.line}): "
                         "the block is kept around the target's launch line, as written")
        return ""
    errexit = launch_shell_options(src.parsed, src.lines[0] if src.lines else "")[0]
    out.notes.append(f"the launch line runs inside `{short(loop.head)}` (line {loop.line}): the "
                     "loop is kept around the target's launch line, which runs once per pass"
                     + (" (the script stops at the first pass that fails: it runs under `set -e`"
                        ", as the source did)" if errexit else ""))
    return ""
