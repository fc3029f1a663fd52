"""A failed ``assert`` of code's own state, shown by its statement alone (s31not).

A log often shows only the failing statement of an assertion: a worker's logger prints each
traceback line after its own prefix (``(VllmWorker rank=0 pid=1) ERROR ... [file.py:487]``, so
no frame line starts a line), or the user quotes the statement (``assert self.moe_kernel is not
None``) without the traceback. A support engineer reads such a statement the same way as a whole
traceback: the program or a library checked its own objects (``self.x is not None``, an
``isinstance`` of its own layer, a size of its own array) and the check failed - its code, its
version, or its own inputs, never a setting of the launch.

Read only where:

- the log ends with that statement: after it come only blank lines, Python's caret lines, and
  an ``AssertionError`` line (its message read like the statement); no other exception is the
  log's last;
- neither the statement nor the message names the launch, the devices, the ranks, the
  environment, an installation, a file or a path, nor the command line's arguments or a
  configuration (the words of :mod:`maple_flow.repair.code_exception`, the structural reader's
  launch and GPU words), nor a count of what the launch starts or a degree of parallelism;
- no frame the log shows is the launcher's or rank set-up code
  (:data:`maple_flow.repair.frames.LAUNCH_SETUP_FRAME`), with a logger's prefix or without;
- no name of the statement (an identifier of four letters or more, Python's own names aside) is
  a word of the job script (``moe_kernel`` and an option ``--moe-kernel`` alike): then the
  script may give the value checked.

The caller has already vetoed launch words anywhere in the log.
"""
from __future__ import annotations

import re

from maple_flow.repair.code_exception import ENVIRONMENT_WORDS, STATEMENT_WORDS
from maple_flow.repair.frames import LAUNCH_SETUP_FRAME

#: A line whose statement (after a logger's prefix that ends in ``]`` or ``)``, or only
#: indentation) is an ``assert``.
_PREFIX = r"^(?:[^\n]*?[\])][ \t]+|[ \t]*)"
_ASSERT_LINE = re.compile(rf"{_PREFIX}assert[ \t]+(?P<expr>\S[^\n]*)$")
#: A line that may follow the failing statement: blank, Python's carets, the AssertionError.
_AFTER = re.compile(rf"{_PREFIX}(?:[\^~ \t]*|AssertionError\b:?(?P<msg>[^\n]*))$")
#: Counts of what the launch starts (GPUs, processes, tasks, nodes) and the degrees of
#: parallelism they must divide (``assert tp_size <= ngpus``), Horovod's or MPI's process
#: count: the launch may be in play.
_COUNT_WORDS = re.compile(
    r"(?i)gpu|nproc|ntask|nnode|num_?(?:nodes|procs|processes|workers|tasks)|\bprocs?\b|"
    r"parallel|\b[tpdse]p(?:_size|_degree)?\b|\bmp_size\b|"
    # the process count of Horovod or MPI (``hvd.size()``, ``comm.Get_size()``)
    r"\bhvd\.|\bcomm\.|Get_size")
#: A frame's file anywhere on a line (a logger's prefix before it or not).
_FRAME_PATH = re.compile(r'File "([^"\n]+)", line \d+')
#: An identifier of the statement.
_NAME = re.compile(r"[A-Za-z_]\w{3,}")
#: Python's own names and words common to any statement: they tie nothing to the script.
_PYTHON_NAMES = frozenset({
    "self", "None", "True", "False", "isinstance", "issubclass", "len", "type", "hasattr",
    "getattr", "none", "true", "false", "list", "dict", "tuple", "shape", "size", "numel",
    "item", "keys", "values", "items", "all", "any", "cls",
})


def _words_launch(part: str, launch: re.Pattern[str], gpu: re.Pattern[str]) -> bool:
    """Whether a statement or message names the launch, the devices or the environment."""
    return bool(STATEMENT_WORDS.search(part) or ENVIRONMENT_WORDS.search(part)
                or _COUNT_WORDS.search(part) or launch.search(part) or gpu.search(part))


def _script_names(expr: str, script: str | None) -> bool:
    """Whether an identifier of the statement is a word of the job script."""
    if not script:
        return False
    return any(name not in _PYTHON_NAMES
               and re.search(rf"(?<!\w){re.escape(name).replace('_', '[-_]')}(?!\w)", script)
               for part in expr.replace(".", " ").split() for name in _NAME.findall(part))


def failed_assert(text: str, launch: re.Pattern[str], gpu: re.Pattern[str],
                  script: str | None = None) -> tuple[str, ...] | None:
    """The evidence lines (the statement, and the AssertionError line when shown) of a log that
    ends in a failed ``assert`` of code's own state (module docstring), or None. ``launch`` and
    ``gpu`` are the structural reader's words of the launch and of the GPU runtime."""
    lines = text.splitlines()
    for index in range(len(lines) - 1, -1, -1):
        statement = _ASSERT_LINE.match(lines[index])
        if statement:
            break
        if not _AFTER.match(lines[index]):
            return None  # the log goes on past the last assert: something else ended it
    else:
        return None
    if any(LAUNCH_SETUP_FRAME.search(path) for path in _FRAME_PATH.findall(text)):
        return None  # the failing call went through the launch's set-up code
    expr = statement.group("expr").strip()
    after = [_AFTER.match(line) for line in lines[index + 1:]]
    messages = [m.group("msg").strip() for m in after if m and m.group("msg")]
    if any(_words_launch(part, launch, gpu) for part in (expr, *messages)) or _script_names(
            expr, script):
        return None
    shown = [line.strip() for line in lines[index + 1:] if "AssertionError" in line]
    return (lines[index].strip(), *shown[-1:])
