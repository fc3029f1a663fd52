"""Whether a log ends in an exception of the user's program, with no symptom of the launch.

A Python traceback whose last exception is one that programs raise about their own data and
code (a missing dictionary key, an index out of range, a failed assert, a name or attribute
that does not exist, a division by zero) says what went wrong inside the program or a
library it calls. The launch script can cause such an exception only through what it hands
the program, and that leaves a symptom in the log: a key that is an environment variable
(``KeyError: 'RANK'``), a frame of ``os.environ``, a frame in a launcher or rendezvous module
(torch.distributed.run, elastic, deepspeed/accelerate launchers), or a scheduler's or MPI
launcher's own error line. Without any of them the failure is the program's: a similarity
match may not propose a script fix for it (``classify``), only a hint.
"""

from __future__ import annotations

import re

from maple_flow.repair.frames import LAUNCHER_FRAME, traceback_paths

#: The last exception line of a traceback: ``KeyError: 'x'``, ``AssertionError``,
#: ``torch.cuda.OutOfMemoryError: ...`` (the type is read without its module).
_EXCEPTION_LINE = re.compile(
    r"^\s*(?:[A-Za-z_][\w]*\.)*(?P<type>[A-Z]\w*(?:Error|Exception))\b\s*(?::\s*(?P<msg>.*))?$",
    re.M)
#: Exceptions a program raises about its own data and code.
PROGRAM_EXCEPTIONS = frozenset({
    "KeyError", "IndexError", "AssertionError", "ZeroDivisionError", "NameError",
    "UnboundLocalError", "AttributeError", "RecursionError", "NotImplementedError",
})
#: A launcher's summary that a worker failed: the worker's own exception comes before it.
SUMMARY_EXCEPTIONS = frozenset({
    "ChildFailedError", "CalledProcessError", "ProcessRaisedException", "ProcessExitedException",
})
#: A key or message that names the launch's environment (a variable the launcher sets).
_ENV_SYMPTOM = re.compile(
    r"^'?[A-Z][A-Z0-9_]*'?$|os\.environ|environment variable|\b(?:MASTER_ADDR|MASTER_PORT|"
    r"LOCAL_RANK|WORLD_SIZE|SLURM_\w+|PBS_\w+|PMI_\w+|OMPI_\w+|PALS_\w+|CUDA_VISIBLE_DEVICES)\b")
#: Error lines of a scheduler, an MPI launcher or a module system.
_SITE_LINE = re.compile(
    r"(?im)^\s*(?:\S+: )?(?:srun|sbatch|salloc|slurmstepd|qsub|mpiexec|mpirun|aprun|ibrun|"
    r"Lmod has detected)\b.*(?:error|fail|not found|unable)")


def final_exception(text: str) -> tuple[str, str] | None:
    """The type and message of the last exception line in ``text``, or None."""
    found = final_exception_at(text)
    return found[:2] if found is not None else None


def final_exception_at(text: str) -> tuple[str, str, int] | None:
    """The type, message and offset of the last exception line in ``text`` that is not a
    launcher's summary of a failed rank, or None."""
    last = None
    for match in _EXCEPTION_LINE.finditer(text):
        if match.group("type") not in SUMMARY_EXCEPTIONS:
            last = match
    if last is None:
        return None
    return last.group("type"), (last.group("msg") or "").strip(), last.start()


def program_failure(text: str) -> bool:
    """Whether ``text`` ends in an exception of the program (:data:`PROGRAM_EXCEPTIONS`) with
    no symptom of the launch: no environment key or variable in its message, no launcher,
    rendezvous or ``os.environ`` frame in its traceback, no scheduler or launcher error line."""
    found = final_exception(text)
    if found is None or found[0] not in PROGRAM_EXCEPTIONS:
        return False
    kind, message = found
    if _ENV_SYMPTOM.search(message.strip("'\" ")) or _SITE_LINE.search(text):
        return False
    end = text.rfind(f"{kind}")
    frames = traceback_paths(text, end)
    return not any(LAUNCHER_FRAME.search(path) for path in frames)
