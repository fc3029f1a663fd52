"""Python's traceback frames as a log shows them: one reader for the forms the repair readers use.

The forms read (one frame a line; a path never spans a line):

- a traceback's frame, ``File "path", line N, in function``, with the statement Python prints
  under it (read past one blank line: a log pasted double-spaced puts one between them);
- faulthandler's frame, ``File "path", line N in function`` (no comma: a fatal error's dump of
  the threads, innermost first);
- a frame whose ``File "`` an excerpt cut off, ``path.py", line N, in function`` (``cut``: read
  only where the caller asks for it, :mod:`maple_flow.repair.package_import`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Where a traceback starts: its frames follow, outermost first.
TRACEBACK_HEAD = "Traceback (most recent call last)"

#: A frame path of launcher, rendezvous and environment code (torch.distributed.run/elastic,
#: the deepspeed and accelerate launchers, ``os.environ``): the launch is in play.
LAUNCHER_FRAME = re.compile(
    r"torch/distributed/(?:run|launch|launcher|elastic|rendezvous)|deepspeed/launcher|"
    r"accelerate/commands|/os\.py$")
#: :data:`LAUNCHER_FRAME` and the code that sets up the ranks' communication (c10d,
#: deepspeed.comm, accelerate's state, Lightning's cluster environments, mpi4py, horovod's
#: runner, multiprocessing's spawn): the structural reader's launch frames.
LAUNCH_SETUP_FRAME = re.compile(
    rf"{LAUNCHER_FRAME.pattern}|torch/distributed/distributed_c10d|"
    r"deepspeed/(?:comm|utils/distributed)|accelerate/state|"
    r"lightning/fabric/plugins/environments|pytorch_lightning/plugins/environments|"
    r"mpi4py|horovod/runner|multiprocessing/spawn")
#: A frame line of any form (module docstring); ``comma`` is empty in faulthandler's form.
_FRAME = re.compile(
    r'^[^\S\n]*(?:File "(?P<path>[^"\n]+)"|(?P<cut>[^"\s][^"\n]*\.py)"), '
    r"line (?P<line>\d+)(?P<comma>,?) in (?P<function>\S+)(?P<rest>[^\n]*)", re.M)
#: A blank line (spaces or tabs, then its newline): a double-spaced paste.
_BLANK = re.compile(r"[ \t]*\n")
#: A line that starts a frame: no statement of the frame above it.
_FRAME_START = re.compile(r'[ \t]*File "')


@dataclass(frozen=True)
class Frame:
    """One frame line of a log.

    ``path``: the file (``cut``: its ``File "`` was cut off); ``faulthandler``: the dump's form
    (no comma before ``in``); ``whole``: the line ends after the function (only spaces before
    its newline: Python's own line, not one mixed with other output); ``source``: the statement
    printed under it ('' when none: the line is not ``whole``, or the next line is a frame);
    ``spaced``: that statement was read past a blank line; ``start``/``end``: the offsets of the
    line's first character and of the function's end; ``text``: the frame line, stripped."""

    path: str
    line: int
    function: str
    cut: bool
    faulthandler: bool
    whole: bool
    source: str
    spaced: bool
    start: int
    end: int
    text: str


def read_frames(text: str, start: int = 0, end: int | None = None) -> list[Frame]:
    """The frame lines of ``text`` between offsets ``start`` and ``end`` (all of it by default),
    in order; a frame's statement is read only inside that range."""
    stop = len(text) if end is None else end
    return [_frame(text, match, stop) for match in _FRAME.finditer(text[:stop], start)]


def traceback_start(text: str, at: int) -> int:
    """The offset of the traceback head that ends at offset ``at`` (0 when there is none)."""
    start = text.rfind(TRACEBACK_HEAD, 0, at)
    return start if start >= 0 else 0


def traceback_frames(text: str, at: int) -> list[Frame]:
    """The frames of the traceback (with its re-raised original) that ends at offset ``at``:
    those from its head on (from the start of ``text`` when no head is shown)."""
    return read_frames(text, traceback_start(text, at), at)


def traceback_paths(text: str, at: int) -> list[str]:
    """The file paths of the traceback's own frames (:func:`traceback_frames`; neither cut nor
    faulthandler's) in order, innermost last."""
    return [f.path for f in traceback_frames(text, at) if not (f.cut or f.faulthandler)]


def frame_line(line: str) -> Frame | None:
    """``line`` read as a frame line when it starts as one (any form), else None."""
    match = _FRAME.match(line)
    return _frame(line, match, len(line)) if match else None


def _frame(text: str, match: re.Match[str], stop: int) -> Frame:
    """The frame of a match of :data:`_FRAME` in ``text`` (read up to offset ``stop``)."""
    after = match.end()
    whole = not match.group("rest").strip(" \t") and after < stop
    source, spaced = _statement(text, after + 1, stop) if whole else ("", False)
    return Frame(path=match.group("path") or match.group("cut"), line=int(match.group("line")),
                 function=match.group("function"), cut=match.group("path") is None,
                 faulthandler=not match.group("comma"), whole=whole, source=source,
                 spaced=spaced, start=match.start(), end=match.end("function"),
                 text=match.group(0).strip())


def _statement(text: str, at: int, stop: int) -> tuple[str, bool]:
    """The statement line at offset ``at`` (past one blank line) and whether it was past one;
    ('', ...) when the line is a frame's or has no newline before ``stop``."""
    blank = _BLANK.match(text, at, stop)
    spaced = blank is not None
    at = blank.end() if blank else at
    newline = text.find("\n", at, stop)
    if newline < 0 or _FRAME_START.match(text, at, stop):
        return "", spaced
    return text[at:newline], spaced
