"""The user's ``bash -c`` body that runs in the container image, kept there: ``singularity exec
--overlay env.ext3:ro IMG /bin/bash -c "source /ext3/env.sh; conda activate wp; python x.py"``
runs its set-up steps inside the image (the overlay's conda environment exists only there).

A port keeps the body as the user wrote it (its quotes, line breaks, redirects) and puts only
the program's launch in the target's hands: the launch command inside the body becomes
``"$@"``, and the target's launch of the program follows the body as its arguments
(``... IMG /bin/bash -c "source /ext3/env.sh; \\"\\$@\\"" bash python x.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES
from maple_flow.scriptparse.shell import ShellCommand

#: The launch command inside a body: after a command separator (or at the start), optional
#: ``NAME=value`` prefixes, then an interpreter or per-node launcher word.
_LAUNCH_START = re.compile(
    r"(?:^|[;\n]|&&|\|\|)(?:[ \t]|\\\n)*(?P<cmd>(?:[A-Za-z_]\w*=\S*[ \t]+)*"
    # the project's environment runner in front (`uv run python x.py`), kept by the port
    r"(?:(?:\S*/)?(?:uv|pixi|poetry|pdm|hatch|rye)[ \t]+run[ \t]+(?:-\S+[ \t]+)*)?(?:\S*/)?"
    r"(?:python[\d.]*|torchrun|deepspeed|accelerate)(?=[ \t\n\\]|$))")
#: A body's step that builds the environment the program then runs in, inside the image
#: (``uv sync``, ``pip install -r requirements.txt``, an installer piped to ``sh``): run on
#: the host it would build another environment than the one the program gets in the image.
_BUILDS_ENV = re.compile(
    r"\b(?:uv[ \t]+(?:sync|pip[ \t]+install)|pixi[ \t]+install|poetry[ \t]+install"
    r"|(?:pip[\d.]*|python[\d.]*[ \t]+-m[ \t]+pip)[ \t]+install)\b"
    r"|\|[ \t]*(?:ba)?sh\b")
_SHELLS = frozenset({"bash", "sh"})
#: A body's step that sets up an environment held in the image: a file of the image sourced
#: (``source /ext3/env.sh``), a conda/mamba environment activated. Only such a body is kept in
#: the image: other steps (``source export_DDP_vars.sh``, which sets the ranks from Slurm's
#: variables) run once in the batch shell, before the target's launch sets the ranks.
IMAGE_ENV = re.compile(
    r"(?:\bsource|(?:^|(?<=[;&\s]))\.)\s+(?:/ext3|/opt|/usr|/etc|/workspace)/\S+"
    r"|\b(?:conda|mamba|micromamba)\s+activate\b[^;&\n]*")
#: A body's step that activates a Python virtual environment (``source /env/bin/activate``,
#: ``. venv/bin/activate``): the environment the program runs in, activated where the program
#: runs, in the image (a venv of the image's own filesystem exists only there; one on a mounted
#: path was built against the image's Python). Run on the host instead, it would activate
#: nothing the program in the image gets.
_VENV_ACTIVATE = re.compile(r"(?:\bsource|(?:^|(?<=[;&\s]))\.)\s+[\"']?\S*/bin/activate\b")
#: The body's launch sends its output somewhere of the user's (``python x.py > out.log``,
#: ``2>&1 | tee run.log``): kept with the launch in the body, where the user put it.
_OUTPUT_TO = re.compile(r"\s*(?:\d?>>?|&>>?|>&|\|&?\s*tee\b)")
_POSITIONAL = re.compile(r"\$(?:[1-9#*]|\{[1-9#*]\})")
#: The shell's option word that takes the body: ``-c``, or single-letter options given with it
#: (``bash -lc`` a login shell, ``bash -ec``, ``sh -xc``), kept as the user wrote it.
_C_FLAG = re.compile(r"-[A-Za-z]*c")
#: A ``cd`` among the body's steps: run in the batch shell instead, it would move the job's
#: working directory before the container command (a relative image path then names another
#: file).
_CD = re.compile(r"(?:^|[;\n&|])[ \t]*cd[ \t]")
_ENDS = frozenset(";&|<>)\n")


@dataclass(frozen=True)
class ImageBody:
    """The shell and the body (quoted as the user quoted it) that run the program in the image,
    the body's set-up text (before its launch), for the notes, and whether the body sends the
    program's output somewhere of its own (a redirect, a pipe to ``tee``)."""

    shell: str
    quoted: str
    steps: str
    sends_output: bool = False
    flag: str = "-c"

    def reads_job_args(self) -> bool:
        """The body reads the batch script's own arguments (``$1``, ``$*``) besides the
        ``"$@"`` the port gives it."""
        return bool(_POSITIONAL.search(self.quoted))

    def reads_own_args(self) -> bool:
        """A single-quoted body reads its own shell's arguments (``$1``: none in the source;
        the program's words once the port passes them as ``"$@"``)."""
        return self.quoted.startswith("'") and self.reads_job_args()

    def words(self) -> str:
        """The words that follow the image: the shell, ``-c``, the body, its ``$0``."""
        return f"{self.shell} {self.flag} {self.quoted} {self.shell.rsplit('/', 1)[-1]}"


def container_command(p: ParsedScript) -> ShellCommand | None:
    """The command of the launch's block that runs the container runtime, or None."""
    block = p.launch_block
    commands = block.commands if block is not None else ()
    return next((c for c in commands if set(c.words) & CONTAINER_RUNTIMES), None)


def _command_end(body: str, start: int) -> int:
    """Where the command that starts at ``start`` ends (an unquoted separator, redirect or
    line end; a ``2>`` redirect's descriptor is not part of it)."""
    quote, k = "", start
    while k < len(body):
        ch = body[k]
        if ch == "\\":
            k += 2
            continue
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in _ENDS:
            digit = ch == ">" and k > start + 1 and body[k - 1].isdigit() and body[k - 2] in " \t"
            end = k - 1 if digit else k
            while end > start and body[end - 1] in " \t":
                end -= 1  # the space before a redirect stays with it
            return end
        k += 1
    return len(body)


def image_body(p: ParsedScript) -> ImageBody | None:
    """The body of the ``bash -c`` the source's container runs, with its launch as ``"$@"``;
    None when the container runs no ``bash -c`` body that sets up an environment held in the
    image before the program (see IMAGE_ENV)."""
    cmd = container_command(p)
    raw = list(cmd.raw or cmd.words) if cmd is not None else []
    at = next((i for i, w in enumerate(raw) if w in CONTAINER_RUNTIMES), len(raw))
    shell = next((j for j in range(at + 1, len(raw) - 2)
                  if raw[j].rsplit("/", 1)[-1] in _SHELLS and _C_FLAG.fullmatch(raw[j + 1])),
                 None)
    if shell is None or shell + 3 != len(raw):  # a body given arguments of its own: not read
        return None
    word = raw[shell + 2]
    quote = word[:1]
    if quote not in ("'", '"') or len(word) < 2 or word[-1] != quote:
        return None
    body = word[1:-1]
    match = _program_launch(body, p.launch.entrypoint)
    if match is None:
        return None
    start = match.start("cmd")
    steps, rest = body[:start], body[_command_end(body, start):]
    if not (IMAGE_ENV.search(steps) or _VENV_ACTIVATE.search(steps) or _BUILDS_ENV.search(steps)
            or _OUTPUT_TO.match(rest)
            or _runs_in_image(steps, raw[shell - 1])):
        return None
    args = '"$@"' if quote == "'" else '\\"\\$@\\"'
    text = steps + args + rest
    return ImageBody(raw[shell], f"{quote}{text}{quote}", re.sub(r"\s*\\\n\s*", " ", steps)
                     .strip().rstrip(";&").strip(), bool(_OUTPUT_TO.match(rest)), raw[shell + 1])


def _runs_in_image(steps: str, image: str) -> bool:
    """The body's steps need the image or their place in it: one runs a program there (``python
    train.py && python eval.py``: moved to the batch shell it would run on the host's Python,
    outside the image), or one is a ``cd`` while the image is a relative path (``cd sub &&
    ...`` run first in the batch shell, ``../img.sif`` would name another file)."""
    if _LAUNCH_START.search(steps):
        return True
    relative = not image.startswith(("/", "$", "~", '"$', "'")) and "://" not in image
    return relative and bool(_CD.search(steps))


def _program_launch(body: str, entry: str) -> re.Match[str] | None:
    """The body's launch of the program: the last launch-like command that names the
    program (``uv run python main.py``, not the ``uv run python --version`` check before it;
    of several runs of it, ``python ev.py --len 10`` then ``python ev.py --len 20``, the last,
    which the reader takes for the launch, the runs before it being steps), else the first
    launch-like command."""
    found = list(_LAUNCH_START.finditer(body))
    named = [m for m in found if entry and re.search(
        rf"(?<![\w/.-]){re.escape(entry)}(?![\w/.-])", body[m.start("cmd"):_command_end(
            body, m.start("cmd"))])]
    return named[-1] if named else found[0] if found else None


def inner_step_keys(p: ParsedScript) -> set[tuple[int, str]]:
    """The (line, text) of each step read from the launch's ``bash -c`` body, before or after
    its program."""
    from maple_flow.scriptparse.steps import command_text

    body = [*p.inner, *p.inner_after]  # both run in the kept body, around the program
    return ({(c.line, command_text(c)) for c in body}
            | {(c.line, c.text.strip()) for c in body})  # a line kept whole (`curl | sh`)


def inside_quoted_wrapper(script: str, prefix: str) -> bool:
    """``prefix`` lies, in the launch command of ``script``, inside a single-quoted string (the
    target's own ``bash -c '...' maple-node`` wrapper): ``$1`` there reads the wrapper's
    arguments, not the job's."""
    from maple_flow.port.stages import launch_command_span

    span = launch_command_span(script)
    text = "\n".join(span[0][span[1]:span[2] + 1]) if span is not None else ""
    at = max(text.find(prefix), text.find(prefix.replace("'", "'\\''")))
    return at >= 0 and text[:at].count("'") % 2 == 1
