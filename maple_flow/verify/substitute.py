"""Swap a script's training program for the matching mini-app (pure).

Everything else in the script stays as it is: directives, modules, environment, launcher and
its flags, rendezvous, and the user's arguments (the mini-apps accept and ignore them).
"""

from __future__ import annotations

import re
import shlex

from maple_flow.errors import ParseError
from maple_flow.models import Framework, Strategy

MINIAPP_DIR = "maple_miniapps"
#: The file in MINIAPP_DIR naming the GPUs per node a part-node job uses (read by the
#: mini-apps: miniapps/_common.JOB_LAYOUT_FILE).
JOB_LAYOUT_FILE = "job_layout.json"
MINIAPP_FILES: dict[tuple[Framework, Strategy], str] = {
    ("pytorch", "ddp"): "ddp.py",
    ("pytorch", "fsdp"): "fsdp.py",
    ("deepspeed", "zero3"): "zero3.py",
    ("accelerate", "ddp"): "accelerate_ddp.py",
}


def miniapp_setup(framework: Framework, strategy: Strategy) -> str:
    """The ``setup`` a mini-app writes in its report (its file name without .py)."""
    return MINIAPP_FILES[(framework, strategy)].removesuffix(".py")


def miniapp_for(framework: Framework, strategy: Strategy) -> str:
    """The mini-app (path relative to the job's working directory) for a training setup."""
    try:
        return f"{MINIAPP_DIR}/{MINIAPP_FILES[(framework, strategy)]}"
    except KeyError:
        raise ParseError(f"no mini-app for {framework} with {strategy}") from None


def _spellings(entrypoint: str) -> list[str]:
    forms = [shlex.quote(entrypoint), f'"{entrypoint}"', entrypoint]
    return list(dict.fromkeys(forms))


def _is_code(line: str) -> bool:
    return not line.lstrip().startswith("#")


def swap_entrypoint(script: str, entrypoint: str, miniapp: str, *, module: bool = False) -> str:
    """Replace every use of ``entrypoint`` on the script's command lines with ``miniapp``.

    With ``module=True`` the entry point is a module run as ``-m pkg.train`` (python,
    torchrun, deepspeed and accelerate all accept it); the ``-m``/``--module`` flag goes too.
    Raises ParseError when the entry point does not occur in any command line.
    """
    edge = r"(?<![\w./-]){}(?![\w./-])"
    patterns = [
        re.compile((r"(?:-m|--module)\s+" if module else "") + edge.format(re.escape(form)))
        for form in _spellings(entrypoint)
    ]
    replaced = 0
    lines = script.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if not _is_code(line):
            continue
        for pattern in patterns:
            line, count = pattern.subn(lambda _m: shlex.quote(miniapp), line)
            replaced += count
        lines[i] = line
    if not replaced:
        raise ParseError(f"the entry point {entrypoint!r} does not occur in any command line")
    return "".join(lines)


_NO_PYTHON_FLAG = re.compile(r"--no[-_]python\s+")


def as_python_program(script: str, miniapp: str, python: str) -> str:
    """``script`` whose launch ran an installed command (``srun fairseq-train``, ``torchrun
    --no-python ethos``), now swapped for ``miniapp``: the mini-app is a Python file, so a
    per-node launcher's no-python option goes and a per-rank launch gets ``python`` in front."""
    word = re.escape(shlex.quote(miniapp))
    flagged = re.compile(rf"--no[-_]python\s+(?={word}(?:\s|$))")
    bare = re.compile(rf"(?<![\w./-])(?<!python )(?<!python3 )(?={word}(?:\s|$))")
    lines = script.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if not _is_code(line) or shlex.quote(miniapp) not in line:
            continue
        line, count = flagged.subn("", line)
        if not count:
            line = bare.sub(f"{shlex.quote(python)} ", line)
        lines[i] = line
    return "".join(lines)
