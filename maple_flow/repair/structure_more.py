"""More structural readings of "not the launch script" (s34), read by
:mod:`maple_flow.repair.structure` with its own guards:

- a node of the job lost (``nodelost``): the scheduler's or the launcher's own report that a
  node or its daemon failed - Slurm's node failure, PALS's shepherd killed, Open MPI's daemon
  lost, a node that never became ready -; and, only where the log shows the training loop ran
  first, a launcher's or the shell's report that the connection to another node's proxy or
  host went away (at the start of a job those are the launch's: a host list, ssh);
- a library's own assertion at a line of its C source (``internal``): ``Assertion failure at
  psm3/ptl_am/ptl.c:196: ...`` (the form PSM2/PSM3 and other C libraries print), read like
  :data:`maple_flow.repair.structure._SELF_REPORTED`'s forms;
- an exception of the program's own logic shown alone (``alone``): the log ends in Python's
  exception line with no traceback frames (an excerpt, a logger's one-line report), of a type
  programs raise about their own data and code, whose message names nothing of the launch,
  the devices, the environment, a file, an argument, a check of a value that may come from
  the launch line, or a value of the job script.

And one guard the other way: Python's complaint that a path is None (``expected str, bytes
or os.PathLike object, not NoneType``) is no reading of the program's own: an environment
variable or an argument the launch left unset gives that None (:func:`path_is_none`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from maple_flow.repair.code_exception import ENVIRONMENT_WORDS, STATEMENT_WORDS
from maple_flow.repair.frames import read_frames
from maple_flow.repair.program_error import _ENV_SYMPTOM, final_exception_at

#: The scheduler's or launcher's own report that a node of the job (or its daemon) failed:
#: decisive wherever it stands in the log.
_NODE_LOST = re.compile(
    r"(?im)\b(?:srun|salloc|sbatch|slurmstepd)\b[^\n]{0,20}\bNode failure on \S+|"
    r"\bNodes? \S+ (?:are|is) still not ready\b|"
    # PALS (HPE Cray PE) on Aurora/Polaris: the per-node daemon was killed, its node silent
    r"^(?:\S+: )?shepherd died from signal \d+|\bping RPC timeout from \S+|"
    r"\b[OP]RTE has lost communication with (?:a|its) remote daemon\b")
#: A launcher's or the shell's report that the connection to another node's proxy or host
#: went away: a node lost only where the job had been running (:func:`node_lost`).
_CONNECTION_LOST = re.compile(
    r"(?im)\bconnection to proxy \d+ at host \S+ failed\b|"
    r"^Connection to \S+ closed by remote host\b")
#: A library's assertion at a line of its C/C++ source (PSM2/PSM3's own form).
_ASSERT_AT = re.compile(
    r"\bAssertion fail(?:ure|ed) at [\w./-]+\.(?:c|cc|cpp|cxx|h|hpp|cu):\d+\b")
#: Python's words for a path argument that is None.
_PATH_NONE = re.compile(r"os\.PathLike object, not '?NoneType|\bpath should be [^\n]*NoneType")

#: Exceptions a program raises about its own data and code, read alone.
_ALONE_TYPES = frozenset({
    "KeyError", "IndexError", "ValueError", "TypeError", "AttributeError", "ZeroDivisionError",
    "NameError", "UnboundLocalError", "RecursionError", "AssertionError", "RuntimeError",
})
#: Words of a message about what the launch starts or asks for (processes, workers, tasks,
#: nodes, a server and its port, a request of resources), an option of a command line, a thing
#: that is not there or not importable (the job's environment may have to provide it), a wait.
_ALONE_VETO = re.compile(
    r"(?i)(?:^|\s|`|')--?[a-z][\w-]*|\bprocess|\blaunch|\bworkers?\b|\btasks?\b|\bnodes?\b|"
    r"\bservers?\b|\bports?\b|\brequest|\ballocat|\bresources?\b|\bexist|\bavailable\b|"
    r"\bimport|\bmodule|\bpackage|\blibrar|\btimed? ?out\b|\bconnect")
#: A message of a check of values (the values may come from the launch line: an empty data
#: set, a size given as an argument); a type's check (``must be a string``) is the code's.
_VALUE_CHECK = re.compile(
    r"(?i)\bshould be\b|\bmust be\b|\binvalid\b|\bunknown\b|\bunrecogni[sz]ed\b|"
    r"\bnot a valid\b|\bnot allowed\b|\bcan(?:no|')t be\b|\bis required\b|\bempty\b|"
    r"\bmissing\b|\bat least\b|\bno \w+ found\b")
#: A number of two digits or more, or a dotted or underscored name, in a message: a value
#: the job script may have given.
_VALUE = re.compile(r"\b\d{2,}\b|\b[A-Za-z]\w*[._]\w+\b")


def _line_at(text: str, at: int) -> str:
    """The line that holds offset ``at`` (its first non-blank character on), stripped."""
    start = len(text) - len(text[at:].lstrip())
    end = text.find("\n", start)
    return text[start:end if end >= 0 else len(text)].strip()


def _names_value(message: str, script: str | None) -> bool:
    """Whether a value of the message (a number, a dotted or underscored name) is in the job
    script's text."""
    return bool(script) and any(re.search(rf"(?<![\w.]){re.escape(v)}(?![\w])", script or "")
                                for v in _VALUE.findall(message))


def node_lost(text: str, progressed: Callable[[str, int], str | None],
              killed: re.Pattern[str]) -> tuple[str, ...] | None:
    """The lines that show a node of the job lost (module doc), or None. ``progressed`` gives
    the line that shows the training loop ran before an offset; ``killed`` the reports of a
    kill (a limit, memory, preemption, a cancel) that would make the loss the kill's: a job
    killed at its walltime takes its per-node daemons with it."""
    others = "\n".join(line for line in text.splitlines()
                       if not _NODE_LOST.search(line) and "NODE FAIL" not in line.upper())
    if killed.search(others):  # a limit, memory or a cancel killed the job: the kill's
        return None
    found = _NODE_LOST.search(text)
    if found is not None:
        return (_line_at(text, found.start()),)
    lost = _CONNECTION_LOST.search(text)
    if lost is None:
        return None
    progress = progressed(text, lost.start())
    return None if progress is None else (progress, _line_at(text, lost.start()))


def assertion_at_source(text: str, launch_words: Callable[[str], bool]) -> tuple[str, ...] | None:
    """The line of a library's assertion at a line of its C source (module doc) that names
    nothing of the launch (``launch_words``), or None."""
    for match in _ASSERT_AT.finditer(text):
        line = _line_at(text, match.start())
        if not launch_words(line):
            return (line,)
    return None


def path_is_none(message: str) -> bool:
    """Whether an exception's message is Python's complaint that a path is None."""
    return bool(_PATH_NONE.search(message))


def exception_alone(text: str, script: str | None, launch_message: re.Pattern[str],
                    gpu_words: re.Pattern[str],
                    data_message: re.Pattern[str]) -> tuple[str, ...] | None:
    """The exception line when the log ends in a program's exception shown alone (module
    doc), or None."""
    found = final_exception_at(text)
    if found is None:
        return None
    kind, message, at = found
    if kind not in _ALONE_TYPES or not message or read_frames(text, 0, at):
        return None
    plain = message.strip("'\" ")
    if (_ENV_SYMPTOM.search(plain) or launch_message.search(message) or gpu_words.search(message)
            or ENVIRONMENT_WORDS.search(message) or STATEMENT_WORDS.search(message)
            or _ALONE_VETO.search(message) or path_is_none(message)
            or _names_value(message, script)):
        return None
    if kind != "TypeError" and _VALUE_CHECK.search(message):
        return None
    if kind == "RuntimeError" and not data_message.search(message):
        return None
    return (_line_at(text, at),)


#: Slurm's report that a step or job was cancelled, with no reason given (no DUE TO ...: a
#: time limit, a node failure, a preemption say so; an out-of-memory kill has its own lines).
_BARE_CANCEL = re.compile(
    r"(?m)^[^\n]*\bslurmstepd: error: \*\*\* (?:STEP|JOB) \S+ ON \S+ CANCELLED AT \S+ "
    r"\*\*\*[ \t]*$")


def without_collateral_cancel(text: str, crash: re.Pattern[str]) -> str:
    """``text`` without Slurm's reasonless cancel lines of the step when a native crash
    (``crash``: a segmentation fault, a bus error...) is reported before the first of them:
    srun ends the step because a task crashed, so the cancel says nothing of the launch."""
    first = _BARE_CANCEL.search(text)
    if first is None or not crash.search(text, 0, first.start()):
        return text
    return _BARE_CANCEL.sub("", text)


#: A compiler's error at a line of a source file (GCC/Clang's ``file:line:col: error:``,
#: EDG/nvcc's ``"file", line N: error:``).
_SOURCE = r"\.(?:c|cc|cpp|cxx|cu|cuh|h|hh|hpp|f|f90|F90)"
_COMPILE_ERROR = re.compile(
    rf'(?m)^(?:(?P<file>[^\s:"(]+{_SOURCE}):\d+(?::\d+)?: |(?P<nvcc>[^\s:"(]+{_SOURCE})\(\d+\): '
    r'|"(?P<quoted>[^"\n]+)", line \d+: )(?:fatal )?error: (?P<msg>[^\n]*)$')
#: A build tool's or compiler's summary that the build failed.
_BUILD_FAILED = re.compile(
    r"(?m)\b\d+ errors? generated\.|\b\d+ errors? detected in the compilation of\b|"
    r"^ninja: build stopped\b|^make(?:\[\d+\])?: \*\*\* [^\n]*\bError \d+|"
    r"^compilation terminated\.")
#: Sources of the system, the software stack or an installed package: an error there is the
#: compiler's or the stack's version (the environment the script loads), not the user's code.
_STACK_SOURCE = re.compile(
    r"^/(?:usr|opt|lib\w*|sw|apps|soft\w*)/|/(?:include|site-packages|dist-packages|conda\w*|"
    r"envs|\.?venv|spack|modules|cuda[\w.-]*|torch|pybind11)/|^<")
#: Errors about the toolchain and environment rather than the code: a missing header or
#: library, a version or option, an architecture, an ``#error`` check of the configuration.
_TOOLCHAIN_WORDS = re.compile(
    r"(?i)no such file|#error|unsupported|not supported|version|option|flag|\barch|"
    r"\bgpu\b|\bcuda|\bmpi|\bnccl|undefined reference|cannot find|not found|permission")
#: A job script line that builds: then the build is the job's own step.
_BUILDS = re.compile(
    r"(?m)^\s*(?:[\w./-]*/)?(?:make|cmake|ninja|meson|bazel|cargo|nvcc|gcc|g\+\+|clang\+*|"
    r"icpx|icx|icc|ifort|ifx|mpicc|mpicxx|mpic\+\+|mpif90|CC|cc|ftn)\b|\bsetup\.py\b|"
    r"\bpip3? install\b|\bpython[\d.]* -m pip install\b")


def build_error(text: str, script: str | None) -> tuple[str, ...] | None:
    """The compiler's error line when the log shows a build that failed on the user's own
    source - a compiler's error at a line of a file outside the system and the software stack,
    whose message names nothing of the toolchain or the environment, and a build tool's
    summary that the build failed - while the job script itself builds nothing (the build was
    not a step of the job), or None. The code does not compile: not the launch script's."""
    if script is None or _BUILDS.search(script) or not _BUILD_FAILED.search(text):
        return None
    for match in _COMPILE_ERROR.finditer(text):
        source = match.group("file") or match.group("nvcc") or match.group("quoted")
        if not (_STACK_SOURCE.search(source) or _TOOLCHAIN_WORDS.search(match.group("msg"))):
            return (_line_at(text, match.start()),)
    return None


#: Words of a failure report of any kind: a log without any of them reports no failure.
_FAILURE_WORDS = re.compile(
    r"(?i)error|exception|fail|killed|cancel|abort|terminat|time ?out|timed out|traceback|"
    r"signal|fatal|denied|not found|refused|unable|cannot|can't|no such|invalid|segmentation|"
    r"\boom\b|memory|exit(?:ed)? (?:code|status|with)|core dumped|\bexit\b|stopp|stuck|hang|"
    r"(?m:^\s*File \")")


def stopped_after_progress(text: str,
                           progressed: Callable[[str, int], str | None]) -> tuple[str, ...] | None:
    """The last line that shows the training loop ran (two epochs, a hundred steps: the
    ``progressed`` reader), when the log shows that and reports no failure of any kind after
    it or before it: the launch, the ranks and the transport worked that long and nothing was
    killed or refused - the run stopped making progress (a hang of the program or of a rank, a
    deadlock, a stuck node) or the excerpt ends at its last good line. Not the launch
    script's; or None. ``text`` is the log as written: a launcher's summary that a task
    failed, or a traceback whose exception is cut off, is a failure not shown."""
    if _FAILURE_WORDS.search(text):
        return None
    progress = progressed(text, len(text))
    return None if progress is None else (progress,)


#: gfortran's runtime checks of the program's own code (-fcheck=bounds/all): an index outside
#: an array's bounds, arrays of mismatched shapes, an allocation twice, an argument not
#: allocated or not associated - with the file and line of the program, when printed.
_FORTRAN_CHECK = re.compile(
    r"(?m)(?:^At line \d+ of file (?P<file>\S+)[^\n]*\n\s*)?"
    r"^\s*Fortran runtime error: (?P<msg>(?:Index '-?\d+' of (?:dimension \d+ of )?[Aa]rray|"
    r"Array bound mismatch|Attempting to allocate already allocated|"
    r"Allocatable (?:actual )?argument '[^'\n]+' is not allocated|"
    r"Pointer actual argument '[^'\n]+' is not associated|"
    r"Dimension \d+ of array '[^'\n]+' has extent)[^\n]*)")
#: Words of the parallel set-up in the file or the message: an array sized by the number of
#: tasks or a decomposition the launch chose may overflow for the launch's counts.
_PARALLEL_WORDS = re.compile(r"(?i)decomp|partition|\bmpi|comm|proc|rank|task|parallel|halo|"
                             r"thread|node|block")


def fortran_runtime_check(text: str) -> tuple[str, ...] | None:
    """The lines of gfortran's runtime check that failed in the program's own code (an index
    out of an array's bounds, a shape mismatch, an allocation state), whose file and message
    name nothing of the parallel set-up (a decomposition sized by the task count) and whose
    file is no system source: a bug of the program or of the compiler that built it, not the
    launch script's; or None."""
    for match in _FORTRAN_CHECK.finditer(text):
        source = match.group("file") or ""
        if _PARALLEL_WORDS.search(source) or _PARALLEL_WORDS.search(match.group("msg")) or (
                _STACK_SOURCE.search(source)):
            continue
        return tuple(line.strip() for line in match.group(0).splitlines() if line.strip())
    return None
