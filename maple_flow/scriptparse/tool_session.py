"""A launch run under a debugger or profiler of a tools suite (Linaro Forge's ``ddt --connect
srun -n 1 python3 x.py``, ``map --profile srun x.py``, ``perf-report mpirun ...``, TotalView's
``totalview -args srun ...``): the tool, not the launcher, is the command's first word, and it
starts the launch after it itself. A port cannot carry the session: the tool comes from the
source site's module (``module load arm-forge``), a debugger holds the job at start until a
remote client on the user's machine takes its reverse connection (``--connect``), and a
profiler writes its report where the site's tool version reads it. The port refuses naming the
tool, what it needs on the target, and the launch inside it to port (issue 14: a refusal with
the right, actionable reason, never a misread of the tool as the job's program)."""

from __future__ import annotations

import re

from maple_flow.scriptparse.launch import launcher_pattern
from maple_flow.scriptparse.shell import Block, ShellCommand, one_line

#: The suites' tools by command name: (what it is, its suite).
_TOOLS = {
    "ddt": ("the DDT debugger", "Linaro (Arm) Forge"),
    "forge": ("the Forge debugger/profiler", "Linaro (Arm) Forge"),
    "map": ("the MAP profiler", "Linaro (Arm) Forge"),
    "perf-report": ("the Performance Reports profiler", "Linaro (Arm) Forge"),
    "totalview": ("the TotalView debugger", "TotalView"),
    "tvconnect": ("the TotalView debugger", "TotalView"),
}
#: What a wrapped command starts with: a launcher or an interpreter (by name or path).
_LAUNCH_WORD = re.compile(
    rf"(?:\S*/)?(?:srun|{launcher_pattern('mpirun', 'mpiexec')}|ibrun|aprun|jsrun|torchrun|"
    r"deepspeed|accelerate|"
    r"python[\d.]*)$")
#: DDT's Python debugging placeholder (``python3 %allinea_python_debug% x.py``).
_PLACEHOLDER = re.compile(r"%(?:allinea|forge|linaro)_python_debug%")


def _wrapped(words: tuple[str, ...]) -> str:
    """The launch the tool at ``words[0]`` starts (``srun -n 1 python3 x.py``), or ``""``
    when none follows (``map run.map``: the tool opening a report, no job)."""
    for k, word in enumerate(words[1:], start=1):
        if _LAUNCH_WORD.match(word) or word.startswith("$"):
            return " ".join(w for w in words[k:] if not _PLACEHOLDER.fullmatch(w))
    return ""


def _reason(cmd: ShellCommand) -> str:
    head = cmd.words[0].rsplit("/", 1)[-1]
    what, suite = _TOOLS[head]
    inner = _wrapped(cmd.words)
    options = " ".join(cmd.words[1:cmd.words.index(inner.split()[0])]) if inner else ""
    interactive = "--connect" in cmd.words or head in {"totalview", "tvconnect"}
    needs = (f"the target's own {suite} module (the source's is its site's) and a {suite} "
             "client on your machine listening for the job's reverse connection; the job waits "
             "at start until that client attaches" if interactive else
             f"the target's own {suite} module (the source's is its site's), and its report is "
             "read with that version")
    placeholder = next((w for w in cmd.words if _PLACEHOLDER.fullmatch(w)), "")
    dropped = f" and its `{placeholder}` placeholder" if placeholder else ""
    alone = ("" if not inner or not re.match(r"(?:\S*/)?python", inner) else
             f" (with no launcher after it, `{head}` started the job's processes itself: put "
             "the launcher the job needs in front, e.g. `srun python3 ...`)")
    return (f"line {cmd.line}: `{one_line(cmd.text, 100)}` runs the job under {what} of "
            f"{suite} (`{head}{' ' + options if options else ''}`), which starts the launch "
            f"after it: that needs {needs}, and a port does not carry a debugging or profiling "
            f"session. To port the job, remove `{head}`{dropped} so the line is the launch "
            f"itself (`{one_line(inner, 80)}`){alone} and port again; on the target, load its "
            f"{suite} module and put `{head}{' ' + options if options else ''}` back in front of "
            "the ported launch")


def tool_session_reason(blocks: list[Block]) -> str:
    """Why the job's launch, run under a debugger or profiler of a tools suite, is not ported
    (see the module's doc); ``""`` when no launch runs so."""
    for block in blocks:
        for cmd in block.commands:
            head = cmd.words[0].rsplit("/", 1)[-1] if cmd.words else ""
            if head in _TOOLS and not cmd.is_condition and _wrapped(cmd.words):
                return _reason(cmd)
    return ""


__all__ = ["tool_session_reason"]
