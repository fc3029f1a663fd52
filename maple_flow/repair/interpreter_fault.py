"""The Python interpreter's own report that the program broke a rule of its objects (s38).

CPython raises a few exceptions whose messages are its own fixed words about the state of the
program's objects, not about any value handed in from outside: a dict, set, deque or
OrderedDict changed while a loop iterated it; a generator that let ``StopIteration`` escape
(PEP 479, Python 3.7+) or was re-entered; a coroutine awaited twice; ``eval``/``exec`` given an
object that is no source; a float operation of the ``math`` module out of range. No launch
line, resource request or environment variable produces them: the code (the user's or an
installed library's) does, whatever the job script says. :func:`interpreter_fault` reads such a
final exception; :mod:`maple_flow.repair.structure` reads it only where nothing in the log
speaks of the launch.

Messages as CPython raises them (python/cpython at 400a4e27cffccec38feced9955f72b026c6c3a63:
``Objects/dictobject.c``, ``Objects/setobject.c``, ``Objects/odictobject.c``,
``Modules/_collectionsmodule.c``, ``Objects/genobject.c``, ``Python/bltinmodule.c``,
``Modules/mathmodule.c``, ``Objects/floatobject.c``).

And the other way, :func:`argv_index_missing`: an ``IndexError`` at a statement that indexes
``sys.argv`` is the program reading a positional argument the launch line did not give - the
launch line's, so no reading of "not the script" is made from it.
"""

from __future__ import annotations

import re

from maple_flow.repair.frames import traceback_frames
from maple_flow.repair.program_error import final_exception_at

#: Exception type -> CPython's own messages of that type about the program's objects.
_MESSAGES: dict[str, re.Pattern[str]] = {
    "RuntimeError": re.compile(
        r"(?:dictionary|dictionary keys|Set|set|OrderedDict|list) changed size during iteration"
        r"|dictionary keys changed during iteration|(?:deque|OrderedDict) mutated during "
        r"iteration|(?:async )?generator raised StopIteration|asynchronous generator raised "
        r"StopIteration|coroutine raised StopIteration|cannot reuse already awaited coroutine"
        r"|(?:generator|coroutine) ignored GeneratorExit"),
    "ValueError": re.compile(r"generator already executing|coroutine already executing"),
    "TypeError": re.compile(r"(?:eval|exec)\(\) arg 1 must be a string, bytes or code object"),
    "OverflowError": re.compile(
        r"math range error|cannot convert float infinity to integer|"
        r"int too large to convert to float|\(34, 'Numerical result out of range'\)"),
}
#: A statement that indexes the program's command line.
_ARGV_INDEX = re.compile(r"\bargv\s*\[")


def interpreter_fault(text: str) -> tuple[str, ...] | None:
    """The final exception line when it is one of CPython's own messages about the program's
    objects (module doc), or None."""
    found = final_exception_at(text)
    if found is None:
        return None
    kind, message, at = found
    pattern = _MESSAGES.get(kind)
    if pattern is None or not pattern.match(message):
        return None
    end = text.find("\n", at)
    return (text[at:end if end >= 0 else len(text)].strip(),)


def argv_index_missing(text: str, at: int, kind: str) -> bool:
    """Whether the exception of type ``kind`` at offset ``at`` is an ``IndexError`` raised at a
    statement that indexes ``sys.argv`` (a positional argument the launch line left out)."""
    if kind != "IndexError":
        return False
    frames = [f for f in traceback_frames(text, at) if f.source]
    return bool(frames) and bool(_ARGV_INDEX.search(frames[-1].source))


def argv_argument_missing(text: str) -> bool:
    """Whether ``text`` ends in an ``IndexError`` at a statement that indexes ``sys.argv``."""
    found = final_exception_at(text)
    return found is not None and argv_index_missing(text, found[2], found[0])
