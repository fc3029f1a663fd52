"""Stage "plan edits" for the job's other launches: a set-up line that starts a program
through the source's launcher (``srun python prep.py``, before the main launch) is ported as a
job of its own (the same header, that line as its launch) and replaced by the target's launch
of the same program, arguments verbatim."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from maple_flow.errors import MapleError, MissingInformation
from maple_flow.knowledge.directives import is_header_line
from maple_flow.models import ClusterProfile
from maple_flow.models.shell_lines import setup_line_problem
from maple_flow.port.container_runs import in_container_alone, once_in_container
from maple_flow.port.task_steps import same_scheduler_task_step
from maple_flow.scriptparse.inline_launch import (
    PLACEHOLDER,
    command_launch,
    inline_code_launch,
    put_back,
)
from maple_flow.scriptparse.launch import NO_PYTHON_OPTION
from maple_flow.scriptparse.script import launch_command_line, reading_setup_step
from maple_flow.scriptparse.shell import BACKGROUND_END
from maple_flow.shellquote import shell_word

if TYPE_CHECKING:
    from maple_flow.port.carry import Source
    from maple_flow.scriptparse.steps import Step

#: Lines the templates write just before a launch command, part of it.
_LAUNCH_PREAMBLE = re.compile(r"^\s*(?:# shellcheck |export WORLD_SIZE=)")
_SIZE_VARS = ("NNODES", "NRANKS", "GPUS_PER_NODE")
#: A run with no launcher: environment words, ``nohup``/``time``, then a bare interpreter word.
_PLAIN_RUN = re.compile(r"^\s*(?:\w+=\S*\s+)*(?:(?:nohup|time)\s+)*python[\d.]*\s")


def plain_background_copy(text: str) -> bool:
    """``text`` starts a Python program with no launcher, in the background (``python x.py
    --seed 1 &``, ``CUDA_VISIBLE_DEVICES=0 python x.py &``): one of several concurrent copies."""
    return bool(_PLAIN_RUN.match(text) and BACKGROUND_END.search(text))


def header_of(text: str) -> str:
    """The shebang and scheduler directive lines of a script, in order."""
    return "".join(line + "\n" for line in text.splitlines() if is_header_line(line))


def launch_section(script: str) -> tuple[int, list[str]]:
    """(first line index, lines) of the launch of a generated script: its command (to its
    last continued line) and the lines the template writes just before it; the lines after
    it (the user's loop closing around it) are not part of it."""
    lines = script.rstrip("\n").split("\n")
    at = launch_command_line(script)
    if at is None:
        return len(lines), []
    start, end = at - 1, at - 1
    while start > 0 and _LAUNCH_PREAMBLE.match(lines[start - 1]):
        start -= 1
    while end < len(lines) - 1 and lines[end].rstrip().endswith("\\"):
        end += 1
    return start, lines[start:end + 1]


def one_line_commands(lines: list[str]) -> list[str]:
    """Continued lines (``\\`` at the end) joined: one line per command or comment."""
    out: list[str] = []
    joined = ""
    for line in lines:
        if line.rstrip().endswith("\\"):
            joined += line.rstrip()[:-1].strip() + " "
            continue
        out.append(joined + line.strip())
        joined = ""
    return [line for line in out if line]


def _values_read(text: str, src: Source) -> str:
    """The script's assignments of a literal value (``PROG=prep.py``) that ``text`` reads,
    as lines: the launch is read with them, as the main launch is."""
    from maple_flow.port.rules import referenced

    values = src.parsed.variables
    names = dict.fromkeys(n for n in referenced(text) if n in values
                          and "$" not in values[n] and "`" not in values[n])
    return "".join(f"{n}={shlex.quote(values[n])}\n" for n in names)


def port_stage(step: Step, src: Source, profile: ClusterProfile,
               size: tuple[int, int, int],
               set_before: set[str] | None = None) -> tuple[list[str], str]:
    """The target's lines for a launch set-up ``step`` and a note, or ([], why it cannot).
    ``set_before``: the variables the ported job sets before it (its arguments may read
    those as written); None when not known (its arguments are written as their values).
    A step with a ``drop_note`` that cannot be ported gives ([], a note that it is not
    copied): the caller names it (:func:`dropped`) and goes on, as for any dropped line."""
    if step.drop_note and same_scheduler_task_step(step, src, profile):
        return [step.text], (f"line {step.line} `{step.text}` is a command run on the job's "
                             f"tasks through srun, {profile.name}'s launcher too (no program, "
                             "no site option): kept as written")
    with reading_setup_step():  # the step read on its own: a venv build is its launch
        lines, note = _port_stage(step, src, profile, size, set_before)
    if lines or not step.drop_note:
        return lines, note
    return [], f"line {step.line} `{step.text}` is not copied: {step.drop_note} ({note})"


def dropped(step: Step, lines: list[str]) -> bool:
    """``port_stage`` gave no lines for ``step`` and its note says it is not copied (a
    command on the ranks the port cannot write for the target): a note, not a refusal."""
    return not lines and bool(step.drop_note)


def _port_stage(step: Step, src: Source, profile: ClusterProfile, size: tuple[int, int, int],
                set_before: set[str] | None) -> tuple[list[str], str]:
    from maple_flow.port.api import port_launch_only

    launch = step.inner or step.text
    if not step.inner and plain_background_copy(launch):
        return [step.text], (
            f"line {step.line} `{step.text}` runs its program without a launcher, in the "
            "background (one of the job's concurrent copies): kept as written, one process, "
            "not put under the target's launcher (its steps would share the job's GPUs and "
            "rendezvous, or wait for each other)")
    inline = inline_code_launch(launch)
    # a command on the ranks read as such (``srun hostname``; not ``srun pip3 install``,
    # which the launch reading ports itself)
    command = command_launch(launch) if step.drop_note and not inline else None
    if inline or command:  # `srun python -c CODE`, `srun hostname`: read with a stand-in
        launch = (inline or command or ("", ""))[0]  # program file, put back after
    text = src.header + _values_read(launch, src) + launch + "\n"
    sized = ""
    try:
        try:
            result = port_launch_only(text, src.cluster, profile.id, set_before=set_before)
        except MissingInformation:  # its size is the job's: the allocation it runs in
            result = port_launch_only(text, src.cluster, profile.id, set_before=set_before,
                                      nodes=size[0], gpus_per_node=size[1])
            sized = "; its size is not in the line: run at the job's size, as the main launch"
    except MapleError as exc:
        return [], f"line {step.line} `{step.text}` launches a program that cannot be ported: {exc}"
    if result.status == "refused":
        kept = (inline or command or ("", PLACEHOLDER))[1]
        why = "; ".join(result.notes[:1]).replace(PLACEHOLDER, kept)
        return [], f"line {step.line} `{step.text}` launches a program: {why}"
    if result.spec.nodes > size[0]:
        return [], (f"line {step.line} `{step.text}` launches a program on "
                    f"{result.spec.nodes} node(s) and the ported job has {size[0]} (sized on "
                    "its main launch, the last one): give nodes= (--nodes) for the largest "
                    "launch, or port the launches as jobs of their own")
    _, section = launch_section(result.script)
    lines = one_line_commands(section)
    if inline or command:
        lines = [put_back(line, inline, command) for line in lines]
        kept = (inline or command or ("", ""))[1]
        if not lines or kept not in lines[-1] or PLACEHOLDER in lines[-1]:
            return [], (f"line {step.line} `{step.text}` launches `{kept}`, which the port "
                        "cannot keep in the target's launch")
    if in_container_alone(launch):
        return once_in_container(step, launch, lines, result, profile)
    wanted = dict(zip(_SIZE_VARS, (result.spec.nodes, result.spec.ranks,
                                   result.spec.gpus_per_node), strict=True))
    main = dict(zip(_SIZE_VARS, (size[0], size[2], size[1]), strict=True))
    for name, value in wanted.items():
        if value != main[name]:
            lines = [line.replace(f'"${name}"', str(value)) for line in lines]
    bad = [p for line in lines if (p := setup_line_problem(line))]
    if not lines or bad:
        return [], f"line {step.line} `{step.text}` launches a program the port cannot rewrite"
    after, procs = _body_after(text)
    if after and procs != 1:
        return [], (f"line {step.line} `{step.text}` launches a program whose `bash -c` body "
                    f"runs `{'; '.join(after)}` after it, once per rank; the port cannot put "
                    "that inside the target's launch: write those commands on lines of their "
                    "own after the launch (or in a script the launch runs) and port again")
    if step.inner:  # `R=$(srun python x.py)`: the target's launch captured the same way
        lines[-1] = step.text.replace(step.inner, lines[-1], 1)
    elif BACKGROUND_END.search(launch) and not BACKGROUND_END.search(lines[-1]):
        lines[-1] += " &"  # the source ran it concurrently with what follows: so does the port
    note = (f"line {step.line} `{step.text}` is a launch of its own: the target's launch of the "
            f"same program ({result.spec.nodes} node(s) x {result.spec.gpus_per_node}): "
            f"`{lines[-1]}`{sized}")
    if after:  # one rank ran them after its program, in its body: they run once after it
        lines += after
        note += (f"; the commands its `bash -c` body ran after the program (`{'; '.join(after)}`) "
                 "follow it, once, as the one rank ran them")
    return lines, note


def _body_after(text: str) -> tuple[list[str], int | None]:
    """The commands a launch's ``bash -c`` body runs after its program (``srun -n 1 bash -c
    'python3 -m venv V; V/bin/pip install -r r.txt'``), as shell text, and how many processes
    the launch starts; ([], None) when none."""
    from maple_flow.errors import MapleError
    from maple_flow.scriptparse import parse_script
    from maple_flow.scriptparse.facts import read_facts
    from maple_flow.scriptparse.steps import command_text

    try:
        parsed = parse_script(text)
        after = [command_text(c) for c in parsed.inner_after]
        return after, (read_facts(parsed).ranks if after else None)
    except MapleError:
        return [], None


def _logical_lines(text: str) -> list[str]:
    """``text``'s lines with backslash-continued ones joined (each still one string), and
    the lines of a quoted value that spans lines (``CMD="`` ... ``"``) joined to the line
    that opens it: a command written inside quotes is text, not a command of the block."""
    from maple_flow.scriptparse.shell import _open_state

    out: list[str] = []
    quote = ""
    bodies: list[tuple[bool, str]] = []  # the here-documents still open (their bodies not scanned)
    for line in text.split("\n"):
        if out and (quote or out[-1].rstrip().endswith("\\")):
            out[-1] += "\n" + line
        else:
            out.append(line)
        if bodies:
            strip, delimiter = bodies[0]
            if (line.lstrip("\t") if strip else line) == delimiter:
                bodies.pop(0)
            continue
        quote, opened = _open_state(line, quote)
        bodies += opened
    return out


def port_inner_launches(step: Step, src: Source, profile: ClusterProfile,
                        size: tuple[int, int, int]) -> tuple[str, list[str], str]:
    """A multi-line block (``if ...; then srun python prep.py; fi``) with each launch line in
    it replaced by the target's launch of the same program, indentation kept; the notes;
    and a refusal when one cannot be ported (the block is then not carried)."""
    from maple_flow.scriptparse.steps import line_steps

    out: list[str] = []
    notes: list[str] = []
    number = step.line
    for line in _logical_lines(step.text):
        flat = " ".join(line.replace("\\\n", " ").split())
        inner = line_steps(flat, src.parsed) if flat else []
        if len(inner) == 1 and inner[0].launch:
            ported, note = port_stage(replace(inner[0], line=number), src, profile, size)
            if dropped(inner[0], ported):  # kept as written in the block, as before
                out.append(line)
                number += line.count("\n") + 1
                continue
            if not ported:
                return step.text, notes, note
            indent = line[:len(line) - len(line.lstrip())]
            out += [indent + p for p in ported]
            notes.append(note)
        else:
            out.append(line)
        number += line.count("\n") + 1
    return "\n".join(out), notes, ""


def launch_command_span(script: str) -> tuple[list[str], int, int] | None:
    """The script's lines and the first and last index (0-based) of its launch command, its
    continued lines included; None when the script starts no program."""
    at = launch_command_line(script)
    if at is None:
        return None
    lines = script.split("\n")
    end = at - 1
    while end < len(lines) - 1 and lines[end].rstrip().endswith("\\"):
        end += 1
    return lines, at - 1, end


def sub_in_launch(script: str, pattern: re.Pattern[str],
                  repl: Callable[[re.Match[str]], str]) -> tuple[str, bool]:
    """``script`` with the first match of ``pattern`` in its launch command (the first of its
    lines that has one) replaced by ``repl``; and whether there was one."""
    span = launch_command_span(script)
    if span is None:
        return script, False
    lines, start, end = span
    for i in range(start, end + 1):
        new, count = pattern.subn(repl, lines[i], count=1)
        if count:
            lines[i] = new
            return "\n".join(lines), True
    return script, False


#: The target's per-node launcher word in its launch (``torchrun``, ``exec accelerate launch``).
_LAUNCHER_WORD = re.compile(r"(^|\s|')((?:exec\s+)?)(torchrun|accelerate|deepspeed)(?=\s)")


#: A ``$NAME`` / ``${...}`` expansion, with the double quotes around it if any.
_EXPANSION = re.compile(r'"?(\$\{[^}]*\}|\$[A-Za-z_]\w*)"?')


def fit_into_quotes(prefix: str, before: str) -> str:
    """``prefix`` as it must be written after ``before`` (the launch line's text before it):
    inside a single-quoted string (the target's ``bash -c '...'`` wrapper) each of its single
    quotes as ``'\\''``, and each ``$VAR`` it expands as ``'"$VAR"'`` (the quote closed
    around it), so the job's shell expands it, as the source's did (a variable of the job's
    shell that is not exported is unset inside the wrapper's shell)."""
    if not before.count("'") % 2:
        return prefix
    return _EXPANSION.sub(lambda m: f"'\"{m.group(1)}\"'", prefix.replace("'", "'\\''"))


def before_launcher_word(script: str, prefix: str) -> tuple[str, str]:
    """``script`` with ``prefix`` (a container's or an environment runner's words) in front of
    its launch's first per-node launcher word (``srun ... torchrun ...`` -> ``srun ... uv run
    torchrun ...``), and that word; ``""`` where there is none."""
    span = launch_command_span(script)
    if span is None:
        return script, ""
    lines, start, end = span
    for i in range(start, end + 1):
        m = _LAUNCHER_WORD.search(lines[i])
        if m is None:
            continue
        fitted = fit_into_quotes(prefix, lines[i][:m.start(3)])
        lines[i] = lines[i][:m.start(3)] + f"{fitted} " + lines[i][m.start(3):]
        return "\n".join(lines), m.group(3)
    return script, ""


def append_to_launch(script: str, tail: str) -> str:
    """``script`` with ``tail`` (``| tee log``, ``&& cmd``, ``> out 2>&1``) after its launch
    command, as the source had it."""
    if not tail:
        return script
    span = launch_command_span(script)
    if span is None:
        return script
    lines, _, end = span
    lines[end] = f"{lines[end].rstrip()} {tail}"
    return "\n".join(lines)


def entry_pattern(entry: str) -> str:
    """A regex of ``entry`` as the user wrote it or as the template writes it
    (``~/run.sh`` rendered ``"$HOME/run.sh"``)."""
    forms = sorted({entry, shell_word(entry)}, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(f) for f in forms) + ")"


def prefix_launch(script: str, prefix: str) -> str:
    """``script`` with ``prefix`` (``time``, the user's own word in front of the source's
    launch) in front of its launch command, on the command's first line."""
    span = launch_command_span(script) if prefix else None
    if span is None:
        return script
    lines, start, _ = span
    indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
    lines[start] = f"{indent}{prefix} {lines[start].lstrip()}"
    return "\n".join(lines)


def shell_in_front(script: str, shell: str, entry: str) -> str:
    """``script`` whose launch runs ``entry`` (the user's shell script) through ``shell``."""
    span = launch_command_span(script)
    if span is None:
        return script
    lines, start, end = span
    word = re.compile(rf"(^|\s){re.escape(shell_word(entry))}(?=\s|$)")
    for i in range(start, end + 1):
        new, count = word.subn(lambda m: f"{m.group(1)}{shell} {shell_word(entry)}", lines[i],
                               count=1)
        if count:
            lines[i] = new
            break
    return "\n".join(lines)


def without_python(script: str, python: str, entry: str) -> tuple[str, str]:
    """``script`` whose launch starts ``entry`` (the user's own shell script) directly instead
    of through ``python``; and a problem when the launch is not of that shape."""
    span = launch_command_span(script)
    if span is None:
        return script, "the target's launch could not be found"
    lines, _, end = span
    pattern = re.compile(rf"(^|\s){re.escape(python)} (?={entry_pattern(entry)}(\s|$))")
    new, count = pattern.subn(r"\1", lines[end], count=1)
    if count != 1:
        return script, f"the target's launch does not start {entry} itself"
    lines[end] = new
    return "\n".join(lines), ""


#: A per-node launcher's word in a launch (``python -m torch.distributed.run`` is torchrun).
_PER_NODE_WORD = re.compile(
    r"(?:^|\s)(torchrun|deepspeed|accelerate|-m torch\.distributed\.run)(?=\s)")


def _spans(lines: list[str]) -> list[tuple[int, int]]:
    """First and last index of each logical line (continued lines joined)."""
    out, start = [], 0
    for k, line in enumerate(lines):
        if not line.rstrip().endswith("\\"):
            out.append((start, k))
            start = k + 1
    return out


def _no_python_flag(text: str, entry: str) -> str | None:
    """``text`` (one logical command) with the no-python option of its per-node launcher put
    in front of ``entry``, or None when no per-node launcher starts ``entry`` there."""
    launcher = _PER_NODE_WORD.search(text)
    at = re.search(rf"(^|\s){entry_pattern(entry)}(?=\s|$)", text)
    if launcher is None or at is None or at.start() < launcher.end():
        return None
    flag = NO_PYTHON_OPTION["torchrun" if "torch" in launcher.group(1) else launcher.group(1)]
    if flag in text[launcher.end():at.start()].split():
        return text
    cut = at.start() + len(at.group(1))
    return f"{text[:cut]}{flag} {text[cut:]}"


def as_command(script: str, python: str, entry: str) -> tuple[str, str]:
    """``script`` whose launch starts ``entry``, an installed command (a package's console
    script), as itself: the ``python`` word in front of it dropped (a per-rank launch), or
    the per-node launcher told not to prepend ``python`` (``torchrun --no-python``, see
    ``NO_PYTHON_OPTION``); and a problem when the launch is of neither shape."""
    new, problem = without_python(script, python, entry)
    if not problem:
        return new, ""
    lines = script.split("\n")
    for start, end in reversed(_spans(lines)):  # the launch: the last command that starts it
        text = _no_python_flag("\n".join(lines[start:end + 1]), entry)
        if text is not None:
            lines[start:end + 1] = text.split("\n")
            return "\n".join(lines), ""
    return script, f"the target's launch does not start {entry} itself"
