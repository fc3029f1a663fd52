"""A per-job folder the source site's job prolog creates (``/scratch/$SLURM_JOB_ID``, a
node-local area Slurm's prolog makes on some sites), used by the job for its stage-in or its
program's files and never created by the script itself: on the target nothing creates it (a
``/scratch/<job id>`` is no path there), so the ``mkdir`` of its sub-folders, the copies into it
and the program reading it fail. The port does not know the target's per-job local storage
(no profile names one), so it asks: it refuses, naming the lines, instead of porting a job
whose stage-in cannot work."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from maple_flow.models import ClusterProfile
from maple_flow.scriptparse.shell import code_part, one_line

#: The job id variables of the source schedulers (Slurm, PBS, LSF).
_JOB_ID = (r"(?:\$(?:SLURM_JOB_?ID|PBS_JOBID|LSB_JOBID)(?!\w)"
           r"|\$\{(?:SLURM_JOB_?ID|PBS_JOBID|LSB_JOBID)\})")
#: An absolute folder named by the job id (``/scratch/$SLURM_JOB_ID``, ``/local/${SLURM_JOBID}``).
_FOLDER = re.compile(rf"(?<![\w$}}/.-])(/[\w.-]+(?:/[\w.-]+)*/{_JOB_ID})(?=/|[\s\"';:)]|$)")
#: A simple assignment (``SCRDIR=/scr/${SLURM_JOB_ID}``), quotes allowed around the value.
_ASSIGNED = re.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=[\"']?([^\s\"';]+)[\"']?\s*$")
#: ``mkdir`` with ``-p`` (it makes the parents too).
_MKDIR_P = re.compile(r"\bmkdir\s+(?:-\w*p\w*\s+|--parents\s+)")


def _key(folder: str) -> str:
    """``folder`` with its job id variable spelled one way (``${SLURM_JOBID}`` -> ``$ID``)."""
    return re.sub(_JOB_ID, "$ID", folder)


def _created(code: str, folder: str) -> bool:
    """Whether the shell ``code`` creates ``folder`` itself: ``mkdir -p`` of it or of a folder
    under it, or a plain ``mkdir`` of exactly it."""
    if not re.search(r"\bmkdir\b", code):
        return False
    named = [_key(m.group(1)) for m in _FOLDER.finditer(code)]
    if _MKDIR_P.search(code):
        return folder in named
    return any(re.search(rf"\bmkdir\s+(?:-\S+\s+)*{re.escape(m.group(0))}(?![\w/])", code)
               for m in _FOLDER.finditer(code) if _key(m.group(1)) == folder)


def _program_needs(folder: str, launch: str, lines: Sequence[str],
                   held: dict[str, str]) -> bool:
    """Whether the program depends on ``folder``: the launch names it (or a variable holding
    it), or the job changes into it (``cd /scratch/$SLURM_JOB_ID``) to run there. A copy into
    it that nothing reads afterwards does not make the job fail."""
    names = [n for n, f in held.items() if _key(f) == folder]
    def named(text: str) -> bool:
        return any(_key(m.group(1)) == folder for m in _FOLDER.finditer(text)) or any(
            re.search(rf"\$\{{?{n}\}}?(?!\w)", text) for n in names)
    return named(launch) or any(
        re.match(r"\s*(?:cd|pushd)\s", code_part(t)) and named(code_part(t)) for t in lines)


def prolog_folder_refusal(lines: Sequence[str], profile: ClusterProfile,
                          launch: str = "") -> str:
    """The refusal for a job whose program uses a per-job folder (``launch``: the source's
    launch text) the script never creates, or ""."""
    found = _unmade_folder(tuple(lines), launch)
    if found is None:
        return ""
    name, shown, more = found
    return (f"the job uses {name}, a per-job folder it never creates ({shown}{more}): the source "
            "site's job prolog made it (its node-local scratch for the job), and on "
            f"{profile.name} nothing creates it, so the lines that use it fail there; the port "
            f"does not know {profile.name}'s per-job local "
            "storage: point these lines at a folder that exists there (a folder under your "
            "scratch or the node's local disk, created at the job's start with `mkdir -p`), "
            "then port again")


@lru_cache(maxsize=256)
def _unmade_folder(lines: tuple[str, ...], launch: str) -> tuple[str, str, str] | None:
    """The first per-job folder the program of ``lines`` uses and nothing creates: its name
    as written, the lines that use it (up to three) and how many more; None if there is none.
    Memoised: it reads the source only, and a batch ports one source to every target."""
    uses: dict[str, list[tuple[int, str]]] = {}
    made: set[str] = set()
    held: dict[str, str] = {}  # SCRDIR=/scr/$SLURM_JOB_ID: the variable holding a folder
    for n, text in enumerate(lines, 1):
        code = code_part(text)
        if not code.strip() or code.lstrip().startswith(("echo ", "printf ")):
            continue
        for m in _FOLDER.finditer(code):
            uses.setdefault(_key(m.group(1)), []).append((n, text.strip()))
        assigned = _ASSIGNED.match(code)
        if assigned and _FOLDER.fullmatch(assigned.group(2)):
            held[assigned.group(1)] = assigned.group(2)
        for name, folder in held.items():  # `mkdir $SCRDIR`: as the folder it holds
            code = re.sub(rf"\$\{{?{name}\}}?(?!\w)", folder.replace("\\", r"\\"), code)
        made |= {f for f in uses if _created(code, f)}
    unmade = [f for f in uses if f not in made and _program_needs(f, launch, lines, held)]
    if not unmade:
        return None
    folder = unmade[0]
    used = list(dict.fromkeys(uses[folder]))
    shown = "; ".join(f"line {n} `{one_line(t, 70)}`" for n, t in used[:3])
    more = f" (and {len(used) - 3} more)" if len(used) > 3 else ""
    written = re.search(_FOLDER, used[0][1])
    return (written.group(1) if written else folder), shown, more
