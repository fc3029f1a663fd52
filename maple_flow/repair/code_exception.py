"""Python's own exceptions raised in the program's code or in a library it called (s29).

The structural reader (:mod:`maple_flow.repair.structure`) reads a ``TypeError``,
``ValueError`` or ``AttributeError`` as the program's only when its message is about data
(shapes, types, ``NoneType``...): these types are raised for anything. This module reads the
rest of them from the traceback itself, for the class of failures where Python raised the
exception at a statement of code, not at a value the launch gave:

- the innermost frame is a file of the user's project (not an installed package) and the
  statement printed under it is no ``raise`` of the program's own (a check of its input, which
  may come from the job script's command line) and reads no argument, environment variable or
  path: the user's code is wrong (``too many values to unpack``, an attribute a module lacks,
  ``module 'torch' has no attribute 'atrutograd'``) -> ``usercode``;
- the innermost frame is an installed library's, the user's frames only above it, and the
  statement there is no ``raise`` (a library's check of the values passed in, which may come
  from the launch line: an empty data set): the library and the code that calls it disagree,
  or the library has a bug -> ``libcode``.

Never where the message or the statement speaks of the launch, the devices, the ranks, the
environment, an installation, a version, a file or a path, names a module of the launch
(``torch.distributed``, ``torch.cuda``, ``mpi4py``...), or quotes a value the job script also
names (the script's argument may be the cause). The caller has already vetoed launch words
anywhere in the log.
"""
from __future__ import annotations

import re

from maple_flow.repair.frames import Frame, traceback_frames

#: The exception types this module reads (the others the structural reader reads itself).
CODE_TYPES = frozenset({"TypeError", "ValueError", "AttributeError"})
#: ``module 'X' has no attribute 'Y'``: a module the code names lacks the attribute.
MODULE_ATTRIBUTE = re.compile(r"^module '(?P<module>[\w.]+)' has no attribute '(?P<name>\w+)'$")
#: Modules of the launch, the devices and the environment: an attribute they lack is a build or
#: launch matter (a CPU-only torch, an MPI binding), not the program's typo.
_RUNTIME_MODULE = re.compile(
    r"(?i)^(?:os|sys|subprocess|socket|mpi4py|horovod|deepspeed|accelerate|nccl|cupy|"
    r"apex|triton|flash_attn|xformers)(?:\.|$)|cuda|distributed|\bmpi|_C\b|backends|"
    r"multiprocessing|hip|xpu|mps|rocm")
#: Words of a statement or message that reads the job's arguments (the command line, a
#: configuration): the job script may give these.
_ARG_WORDS = (r"argv|parse_args|\bargs?\b|\bopts?\b|\bflags?\b|\bconfig|\bcfg\b|\bhparams\b|"
              r"\boptions?\b")
#: Words of the environment, the file system and the hosts the launch sets up.
_PLACE_WORDS = (r"environ|getenv|\bpath|\bfile|director|\bhost|\bnode|socket|address|\bslurm|"
                r"\bpbs")
#: Words of the environment, an installation, a version or the file system in a message or a
#: statement: the job script may set these up.
_ENVIRONMENT_WORDS = re.compile(
    r"(?i)\binstall|\bversion|\brequires?\b|\bsupport|not (?:found|available|installed)|"
    rf"no such|permission|\bthread|\bcpu|memory|\bshm\b|{_PLACE_WORDS}|{_ARG_WORDS}")
#: Words of a statement that reads what the launch gives (the command line's arguments, the
#: environment, a path) or sets up the devices and ranks: the launch may be in play.
_STATEMENT_WORDS = re.compile(
    rf"(?i){_ARG_WORDS}|{_PLACE_WORDS}|"
    r"rank|world|device|cuda|\bgpus?\b|nccl|distributed|\bdist\.|\bmpi")
#: The two word sets above, for the reader of a failed assert's statement
#: (:mod:`maple_flow.repair.code_assert`).
ENVIRONMENT_WORDS = _ENVIRONMENT_WORDS
STATEMENT_WORDS = _STATEMENT_WORDS
#: A message of a check of values (``should be a positive integer value, but got
#: num_samples=0``): the values checked may come from the launch line (an empty data set).
_VALUE_CHECK = re.compile(
    r"(?i)\bshould be\b|\bmust be\b|\binvalid\b|\bunknown\b|\bunrecogni[sz]ed\b|"
    r"\bnot a valid\b|\bnot allowed\b|\bcan(?:no|')t be\b|\bis required\b|\bempty\b|"
    r"\bmissing\b")
#: Quoted values of a message (``'abc'``, ``"abc"``).
_QUOTED = re.compile(r"""['"]([^'"\n]{3,})['"]""")


def _frames(text: str, at: int) -> list[Frame]:
    """The traceback's own frames (Python's whole frame lines) of the traceback that ends at
    offset ``at``."""
    return [f for f in traceback_frames(text, at) if f.whole and not (f.cut or f.faulthandler)]


def _quotes_script(message: str, script: str | None) -> bool:
    """Whether the message quotes a value the job script also names."""
    return bool(script) and any(value.strip() and value.strip() in script  # type: ignore[operator]
                                for value in _QUOTED.findall(message))


def _message_allowed(kind: str, message: str) -> bool:
    """Whether the message names nothing of the launch or the environment (a module's missing
    attribute only for a module that is not the launch's or the devices')."""
    module = MODULE_ATTRIBUTE.match(message)
    if module:
        return kind == "AttributeError" and not (_RUNTIME_MODULE.search(module.group("module"))
                                                 or _RUNTIME_MODULE.search(module.group("name")))
    return not (message.startswith("module '") or "partially initialized" in message
                or _ENVIRONMENT_WORDS.search(message) or _VALUE_CHECK.search(message))


def code_fault(text: str, at: int, kind: str, message: str, library: re.Pattern[str],
               script: str | None = None) -> tuple[str, str] | None:
    """``("usercode"|"libcode", frame)`` for the exception ``kind: message`` at offset ``at`` of
    ``text`` (launch words already vetoed by the caller), or None. ``library`` tells an installed
    package's frame path; ``frame`` is the innermost frame's line (the file and line to read)."""
    if kind not in CODE_TYPES or not _message_allowed(kind, message) or _quotes_script(
            message, script):
        return None
    frames = _frames(text, at)
    if not frames:
        return None
    user = [f for f in frames if not _installed(library, f)]
    if not user:
        return None
    innermost = frames[-1]
    frame_line = innermost.text
    source = innermost.source.strip()
    if (not source or source.startswith(("raise", "assert", '"', "'", 'f"', "f'"))
            or _STATEMENT_WORDS.search(source)):
        return None  # a check of the values passed in (they may come from the launch line)
    if not _installed(library, innermost):
        return "usercode", frame_line
    caller = user[-1].source.strip()
    if _STATEMENT_WORDS.search(caller) or MODULE_ATTRIBUTE.match(message):
        return None
    return "libcode", frame_line


def _installed(library: re.Pattern[str], frame: Frame) -> bool:
    """Whether a frame is an installed package's (a Windows path read with its slashes)."""
    return bool(library.search(frame.path.replace("\\", "/")))


#: Python's words for a value that is None where the code uses it.
_NONE_VALUE = re.compile(r"'NoneType' object|\bNoneType\b")
#: A statement that reads the parsed command line (``args.train_it[i]``, ``opt.data``,
#: ``sys.argv[1]``, ``FLAGS.x``): a value the job script's launch line gives or leaves out.
_READS_ARGUMENT = re.compile(r"\b(?:args|opts?|argv|FLAGS|flags|hparams|cli_args)\s*[.\[]")


def none_from_argument(text: str, at: int, message: str) -> bool:
    """Whether the exception at offset ``at`` is Python's complaint about a None value
    (``'NoneType' object is not subscriptable``) at a statement that reads the parsed command
    line (s31not): an argument the launch line left out is None by default, so the job script
    may be the cause - the reading is not "not the script's"."""
    if not _NONE_VALUE.search(message):
        return False
    frames = _frames(text, at)
    return bool(frames) and bool(_READS_ARGUMENT.search(frames[-1].source))
