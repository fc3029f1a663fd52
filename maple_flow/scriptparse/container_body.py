"""Why a script whose container runs no program the port can see is refused: the line of the
container command, and what its body (a heredoc, a ``bash -c`` string, the words after the
image) runs instead of a Python program, named (issue 14)."""

from __future__ import annotations

import re

from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES, wrapper_end
from maple_flow.scriptparse.shell import Block, ShellCommand

_HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")
_VAR_COMMAND = re.compile(r"^\s*(\$\{?\w+\}?)")
_LAUNCH_WORD = re.compile(r"^\s*(?:\w+=\S*\s+)*(?:\S*/)?(?:python[\d.]*|torchrun|deepspeed|"
                          r"accelerate)\s+\S")


def _runtime_at(cmd: ShellCommand) -> int | None:
    return next((i for i, w in enumerate(cmd.words) if w in CONTAINER_RUNTIMES), None)


def _heredoc_reason(block: Block, cmd: ShellCommand, runtime: str) -> str:
    first, _, rest = block.text.partition("\n")
    m = _HEREDOC.search(first)
    if m is None:
        return ""
    body = rest.split("\n")
    end = next((i for i, ln in enumerate(body) if ln.strip() == m.group(1)), len(body))
    launch = next((ln.strip() for ln in body[:end] if _LAUNCH_WORD.match(ln)), "")
    if launch:
        return (f"line {cmd.line}: `{runtime} ...` runs the heredoc that follows it (up to "
                f"`{m.group(1)}`) in the container, and the launch `{launch}` is inside it: "
                "the port reads no program from a heredoc; put that launch on the container's "
                f"line (`{runtime} ... IMAGE {launch}`), the heredoc's other lines before it, "
                "then port the script")
    var = next((v.group(1) for ln in body[:end] if (v := _VAR_COMMAND.match(ln))), "")
    what = (f"its line `{var}` runs a command the script does not show (given by its caller)"
            if var else "no line of it starts a Python program")
    return (f"line {cmd.line}: `{runtime} ...` runs the heredoc that follows it (up to "
            f"`{m.group(1)}`) in the container, and {what}: write the program there (`python "
            "train.py ...`) or give the port the script that starts it")


def _inner_reason(cmd: ShellCommand, at: int, runtime: str) -> str:
    """The words after the image are a variable (``podman-hpc run ... $IMG $CMD``)."""
    raw = list(cmd.raw or cmd.words)
    end = wrapper_end(raw, at, [])  # past the runtime's verb, options (their values) and image
    inner = [w for w in raw[end:] if not re.match(r"^[A-Za-z_]\w*=", w)]
    var = inner[0] if inner and _VAR_COMMAND.match(inner[0]) else ""
    if not var:  # an option's value (``--bind $HOME,/data``) is no command
        return ""
    return (f"line {cmd.line}: `{runtime} ...` runs `{var}` in the container, a command "
            "the script does not show (given by its caller): write the program on that line "
            "(`python train.py ...`) or give the port the script that starts it")


def container_body_reason(blocks: list[Block]) -> str:
    """The reason for the last container command that runs no visible program, or ``""``."""
    reasons = []
    for block in blocks:
        for cmd in block.commands:
            at = _runtime_at(cmd)
            if at is None:
                continue
            runtime = " ".join(cmd.words[at:at + 2])
            reason = _heredoc_reason(block, cmd, runtime) or _inner_reason(cmd, at, runtime)
            reasons += [reason] if reason else []
    return reasons[-1] if reasons else ""
