"""A switch of an LLM-serving program given on the script's own serving line (issue 17, s31cuda).

Class: a serving library's optional CUDA feature fails on the node - vLLM's custom all-reduce
(a CUDA-IPC kernel built for the library's CUDA and GPU list) on a driver older than the
wheel's CUDA, on GPUs it does not support, or where the peer mapping is refused - while the
library's plain path (NCCL all-reduce) works. The library has a command-line switch for the
feature (``vllm serve --disable-custom-all-reduce``, vLLM's engine arguments); the job script
that runs ``vllm serve`` (or vLLM's OpenAI server module) can give it, the program's code is
not touched.

:func:`serving_flag` writes the switch at the end of each such command (before a redirection
or ``&``, on the last line of a backslash-continued command); FixNotApplicable when the script
runs no such command or every one already has the switch. :func:`serving_export` sets a
variable the serving library reads (``VLLM_WORKER_MULTIPROC_METHOD=spawn``: vLLM's workers
started fresh, not forked from a parent that already initialised CUDA) above the line that
runs it, for a job whose command is not a Python launch scriptparse reads (``vllm serve``,
``lm_eval --model vllm``). Pure text functions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from maple_flow.repair.text import FixNotApplicable

#: Command starts of each serving program whose command-line switches a repair may give, and
#: those switches (vLLM engine arguments: https://docs.vllm.ai/en/latest/configuration/engine_args.html).
SERVING_COMMANDS: dict[str, re.Pattern[str]] = {
    "vllm": re.compile(r"(?<![\w/.-])(?:\S*/)?(?:vllm[ \t]+serve|python3?[ \t]+(?:-\S+[ \t]+)*"
                       r"-m[ \t]+vllm\.entrypoints\.(?:openai\.)?api_server)(?![\w.-])"),
}
SERVING_FLAGS: dict[str, frozenset[str]] = {
    "vllm": frozenset({"--disable-custom-all-reduce"}),
}
#: Lines that run a program using the serving library (its own server, or a tool whose model
#: backend is named as it: ``lm_eval --model vllm``, ``python -m fastchat.serve.vllm_worker``).
SERVING_USERS: dict[str, re.Pattern[str]] = {
    "vllm": re.compile(r"(?<![\w/.-])(?:\S*/)?vllm[ \t]+serve(?![\w.-])|-m[ \t]+[\w.]*vllm"
                       r"|--(?:model|backend)[ \t=]+vllm\b"),
}
#: Where a command's own words end on its last line: a redirection, a pipe, ``&``, ``;`` or
#: a comment (outside quotes; serving lines rarely quote these characters).
_TAIL = re.compile(r"[ \t]*(?:\d?>>?|&>|<|\||&|;|#)")


def _command_lines(lines: list[str], start: int) -> int:
    """The index of the last line of the command starting at ``lines[start]`` (backslash
    continuations followed)."""
    end = start
    while end < len(lines) - 1 and lines[end].rstrip().endswith("\\"):
        end += 1
    return end


def serving_commands(lines: list[str], server: str) -> Iterator[tuple[int, int]]:
    """(first, last) line index of each command of ``server`` in ``lines`` (comments skipped,
    backslash continuations followed); ``lines[last]`` may be edited between steps."""
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("#") or not SERVING_COMMANDS[server].search(lines[i]):
            i += 1
            continue
        end = _command_lines(lines, i)
        yield i, end
        i = end + 1


def _with_flag(line: str, flag: str) -> str:
    """``line`` (a command's last line) with ``flag`` after its own words."""
    quoted = False
    for i, char in enumerate(line):
        if char in "\"'":
            quoted = not quoted
        elif not quoted and _TAIL.match(line, i) and (i == 0 or line[i - 1] in " \t"):
            return f"{line[:i].rstrip()} {flag} {line[i:].lstrip()}"
    return f"{line.rstrip()} {flag}"


def serving_flag(text: str, server: str, flag: str) -> str:
    """``text`` with ``flag`` given to every command of ``server`` that lacks it."""
    if flag not in SERVING_FLAGS.get(server, frozenset()):
        raise FixNotApplicable(f"{flag} is not a {server} switch maple_flow knows")
    lines = text.split("\n")
    found = changed = False
    for i, end in serving_commands(lines, server):
        found = True
        if not any(re.search(rf"(?<!\S){re.escape(flag)}(?![\w-])", ln) for ln in lines[i:end + 1]):
            lines[end] = _with_flag(lines[end], flag)
            changed = True
    if not found:
        raise FixNotApplicable(f"the script runs no {server} server command to give {flag}")
    if not changed:
        raise FixNotApplicable(f"every {server} server command already has {flag}")
    return "\n".join(lines)


def serving_export(text: str, server: str, name: str, value: str) -> str:
    """``text`` with ``export NAME=VALUE`` above its first line that runs ``server``;
    FixNotApplicable when no line does, or when the script assigns ``name`` already (which of
    its assignments counts is the user's to say)."""
    if re.search(rf"(?m)^[^#\n]*\b{re.escape(name)}=", text):
        raise FixNotApplicable(f"the script sets {name} already; change that line by hand")
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("#") and SERVING_USERS[server].search(line):
            indent = line[: len(line) - len(line.lstrip())]
            lines.insert(i, f"{indent}export {name}={value}")
            return "\n".join(lines)
    raise FixNotApplicable(f"the script runs no {server} command to set {name} above")
