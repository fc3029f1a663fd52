"""Parse a Slurm or PBS batch script into what it runs and what it asks the scheduler for."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maple_flow.directives import Directive, detect_scheduler, last_value, parse_directives
from maple_flow.errors import ParseError
from maple_flow.scriptparse.launch import LaunchLine, read_words
from maple_flow.scriptparse.shell import ShellCommand, split_commands

MAX_SCRIPT = 1_000_000
_ACTIVATE = re.compile(r"(?:^|/)activate$")
_NODE_COUNT_HINTS = ("PBS_NODEFILE", "SLURM_JOB_NODELIST", "SLURM_NODELIST", "scontrol show")


@dataclass
class ParsedScript:
    """Everything read from a batch script, before it is mapped onto a JobSpec."""

    scheduler: str | None
    directives: list[Directive]
    launch: LaunchLine
    variables: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)
    module_use: list[str] = field(default_factory=list)
    activations: list[str] = field(default_factory=list)
    sourced: list[str] = field(default_factory=list)
    workdirs: list[str] = field(default_factory=list)
    node_count_vars: list[str] = field(default_factory=list)

    def directive(self, *options: str) -> str | None:
        return last_value(self.directives, *options)


def _decode(data: str | bytes) -> str:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            msg = f"the script is not UTF-8 text ({exc.reason} at byte {exc.start})"
            raise ParseError(msg) from None
    if not isinstance(data, str):
        raise ParseError(f"a script is text, not {type(data).__name__}")
    if len(data) > MAX_SCRIPT:
        raise ParseError(f"the script is {len(data)} characters; the limit is {MAX_SCRIPT}")
    if "\x00" in data:
        raise ParseError("the script contains NUL bytes; is it a binary file?")
    return data


def _module_command(words: tuple[str, ...], parsed: ParsedScript) -> None:
    if words[0] == "ml":
        sub, rest = ("load", list(words[1:]))
        if rest and rest[0] in {"load", "add", "use", "purge", "reset", "unload", "swap"}:
            sub, rest = rest[0], rest[1:]
    else:
        sub, rest = (words[1], list(words[2:])) if len(words) > 1 else ("", [])
    names = [w for w in rest if not w.startswith("-")]
    if sub in {"load", "add", "try-load"}:
        parsed.modules.extend(names)
    elif sub in {"swap", "switch"} and names:
        parsed.modules.append(names[-1])
    elif sub == "use":
        parsed.module_use.extend(names)


def _export(cmd: ShellCommand, parsed: ParsedScript) -> None:
    for word in cmd.words[1:]:
        if word.startswith("-"):
            continue
        name, eq, value = word.partition("=")
        if eq:
            parsed.env[name] = value
        elif name in parsed.variables:
            parsed.env[name] = parsed.variables[name]


def _activation(words: tuple[str, ...], parsed: ParsedScript) -> bool:
    line = " ".join(words)
    if words[0] in {"conda", "mamba", "micromamba"} and len(words) > 1 and words[1] == "activate":
        parsed.activations.append(line)
        return True
    if words[0] in {"source", "."} and len(words) > 1:
        if words[1] == "activate" or _ACTIVATE.search(words[1]):
            parsed.activations.append(line)
        else:
            parsed.sourced.append(words[1])
        return True
    if words[0] == "eval" and "conda" in line:
        parsed.activations.append(line)
        return True
    return False


def _record(cmd: ShellCommand, parsed: ParsedScript) -> None:
    for name, value in cmd.assignments:
        if not cmd.words:
            parsed.variables[name] = value
            if any(h in value for h in _NODE_COUNT_HINTS) and "wc" in value:
                parsed.node_count_vars.append(name)
    if not cmd.words:
        return
    head = cmd.words[0]
    if head in {"module", "ml"}:
        _module_command(cmd.words, parsed)
    elif head == "export":
        _export(cmd, parsed)
    elif head == "cd" and len(cmd.words) > 1:
        parsed.workdirs.append(cmd.words[1])
    else:
        _activation(cmd.words, parsed)


def _find_launch(commands: list[ShellCommand]) -> tuple[LaunchLine, ShellCommand] | None:
    """The launch line: the last command that starts a Python program, launchers first."""
    found: list[tuple[LaunchLine, ShellCommand]] = []
    for cmd in commands:
        line = read_words(list(cmd.words)) if cmd.words else None
        if line and line.inline:
            inner = _find_launch(split_commands(line.inline))
            if inner:
                inner[0].stages[:0] = line.stages
                found.append((inner[0], cmd))
            continue
        if line and line.entrypoint:
            found.append((line, cmd))
    with_launcher = [f for f in found if f[0].stages]
    return (with_launcher or found or [None])[-1]  # type: ignore[list-item]


def parse_script(data: str | bytes) -> ParsedScript:
    """Parse a Slurm/PBS batch script; ParseError when it is not text or launches nothing."""
    text = _decode(data)
    kind = detect_scheduler(text)
    commands = split_commands(text)
    found = _find_launch(commands)
    if found is None:
        raise ParseError(
            "no launch line found: the script should start a Python program (python, srun, "
            "mpiexec, ibrun, torchrun, deepspeed or accelerate launch followed by a .py file "
            "or -m module)"
        )
    launch, launch_cmd = found
    parsed = ParsedScript(kind, parse_directives(text, kind) if kind else [], launch)
    for cmd in commands:
        if cmd is not launch_cmd:
            _record(cmd, parsed)
        else:
            parsed.env.update(dict(cmd.assignments))
    return parsed
