"""A launch held in a shell variable the script builds over several lines, some of them on
one branch of an ``if``/``case`` the script's own values do not decide (``CMD="torchrun ...
train.py --config $C"``; ``if [ -n "$R" ]; then CMD="$CMD --resume $R"; fi``; ``$CMD`` or
``srun $CMD``; ``CMD=(torchrun ...)``; ``[[ -n $X ]] && CMD+=(...)``; ``"${CMD[@]}"``). The
launcher and program are in the first value, but which arguments the job runs is known only
when it runs: the port names the string, what it read from it and the branch, and says how to
write the optional part so that a launch line shows it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.scriptparse.launch import launcher_pattern, with_other_names
from maple_flow.scriptparse.shell import Block, ShellCommand, one_line, short_text

#: A block that runs its commands on a condition (a branch, a loop, ``[[ ... ]] && ...``).
_CONDITIONAL = re.compile(r"\s*(?:if|case|while|until|for)\b|\s*\[\[?.*(?:&&|\|\|)")
#: Text that starts a Python program (a launcher of Python, a .py file, ``-m module``).
_PYTHONISH = re.compile(
    r"\.py\b|\bpython[\d.]*\b|\btorchrun\b|\bdeepspeed\b|\baccelerate\b|\s-m\s+\w")
#: A word that is one variable's value, or a whole array (``$CMD``, ``"${CMD}"``, ``"${CMD[@]}"``).
_HELD = re.compile(r'^"?\$\{?(\w+)(\[[@*]\])?\}?"?$')
#: Launchers and prefixes that run the command after them (``srun $CMD``, ``eval $CMD``).
#: mpirun/mpiexec and their other names (scriptparse.launch's one table: orterun).
_MPI = launcher_pattern("mpirun", "mpiexec")
_RUNNERS = with_other_names({"srun", "mpirun", "mpiexec", "ibrun", "eval", "exec", "time",
                              "nohup", "command"})
_SHELLS = frozenset({"bash", "sh", "zsh"})


@dataclass(frozen=True)
class _Setting:
    line: int
    text: str
    conditional: bool


def _held_word(cmd: ShellCommand) -> tuple[str, bool] | None:
    """(variable, is_array) of the word that gives ``cmd`` its program: the first word, or the
    first after launchers and their options, or a ``bash -c`` body that is only that word."""
    raw = list(cmd.raw or cmd.words)
    k = 0
    while k < len(raw) and raw[k].rsplit("/", 1)[-1] in _RUNNERS:
        k += 1
        while k < len(raw) and raw[k].startswith("-"):
            k += 1
    if k + 1 < len(raw) and raw[k] in _SHELLS and raw[k + 1:k + 2] == ["-c"]:
        k += 2
    held = _HELD.match(raw[k]) if k < len(raw) else None
    return (held.group(1), bool(held.group(2))) if held else None


def _settings(blocks: list[Block], name: str, before: int) -> list[_Setting]:
    """Each line before line ``before`` that sets or appends to ``name``."""
    out = []
    pattern = re.compile(rf"(?:^|[\s;&|]){re.escape(name)}\+?=")
    for block in blocks:
        conditional = bool(_CONDITIONAL.match(block.text))
        for cmd in block.commands:
            if cmd.line >= before:
                continue
            named = [n for n, _ in cmd.assignments if n.rstrip("+") == name]
            if named or (cmd.words[:1] == ("export",) and pattern.search(cmd.text)):
                out.append(_Setting(cmd.line, " ".join(cmd.text.split()), conditional))
    return out


def _launcher_program(text: str) -> str:
    """`` (torchrun, program scripts/train.py)``: what the first value shows; ``""`` if unclear."""
    words = re.findall(r"[^\s\"'()=]+(?:=[^\s\"'()]*)?", text.split("=", 1)[-1])
    head = next((w for w in words if re.fullmatch(
        rf"(?:\S*/)?(?:torchrun|deepspeed|accelerate|python[\d.]*|uv|srun|{_MPI})", w)), "")
    module = next((words[k + 1] for k, w in enumerate(words[:-1]) if w == "-m"), "")
    program = next((w for w in words if w.endswith(".py")), "") or module
    if not head or not program:
        return ""
    return f" ({head.rsplit('/', 1)[-1]}, program {program})"


#: A block that repeats its commands (``for D in $DATASETS; do ... done``).
_LOOP = re.compile(r"\s*(?:for|while|until)\b")


def held_after_loop_reason(blocks: list[Block], found: ShellCommand, block: int) -> str:
    """The reason of a launch held in a command string built on a branch and run after the
    launch found (``$CMD`` after a ``for`` loop of ``python -m pkg.download "$D"``): the
    found one runs in a loop (a step over the data), the job's work is the held string,
    which the port cannot read; ``""`` otherwise (the found launch is not in a loop, or no
    such string runs after it)."""
    if not _LOOP.match(blocks[block].text):
        return ""
    return held_command_reason(blocks, after=found.line)


def held_command_reason(blocks: list[Block], cmd: ShellCommand | None = None,
                        after: int = 0) -> str:
    """Why the launch held in a variable the script sets or appends to on a branch is not
    ported (see the module's doc); ``""`` when no launch is held so. ``cmd``: the launch
    found, else the last command run from a variable (after line ``after``)."""
    cmds = [cmd] if cmd is not None else [
        c for b in blocks for c in b.commands
        if (not c.assignments or c.words) and c.line > after]
    for launch in reversed(cmds):
        held = _held_word(launch)
        if held is None:
            continue
        name, array = held
        settings = _settings(blocks, name, launch.line)
        first = next((s for s in settings if not s.conditional and _PYTHONISH.search(s.text)), None)
        later = [s for s in settings if s.conditional and (first is None or s.line > first.line)]
        if first is None or not later:
            continue
        if cmd is not None and not array:
            continue  # a string set on a branch is not read (no launch found): see below
        kind = "array" if array else "command string"
        read = _launcher_program(first.text)
        shown = "; ".join(f"line {s.line} `{short_text(s.text, 70)}`" for s in later[:3])
        optional = ('`NAME+=(...)` lines on a branch stay, and the launch line reads '
                    '`torchrun ... program.py "${ARGS[@]}"` with ARGS the optional part'
                    if array else '`${RESUME:+--resume "$RESUME"}` on the launch line '
                    "itself, or an `ARGS` array of the optional arguments")
        return (f"line {launch.line}: `{one_line(launch.text, 90)}` runs the {kind} "
                f"{name} the script builds: line {first.line} `{short_text(first.text, 90)}` "
                "gives its "
                f"launcher and program{read}, and {shown} change{'s' if len(later) == 1 else ''} "
                "it on a branch the script's own "
                "values do not decide, so the arguments the job runs are known only when it "
                "runs; the port rewrites a launch whose words it knows, and would otherwise run "
                "every branch's words or none. Write the launch out as one line with the "
                f"optional part as words of their own ({optional}) and port that")
    return ""


__all__ = ["held_after_loop_reason", "held_command_reason"]
