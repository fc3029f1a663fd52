"""The hostfile a job writes, for a launcher line that names another one (s37ask).

A multi-node ``deepspeed`` job writes its hostfile from the allocation (``scontrol show
hostnames ... | sed 's/$/ slots=4/' > hostfile``) and passes ``--hostfile PATH``; where PATH is
not the file the job wrote, the launcher finds none and runs on the first node only. The
script decides it: exactly one file that a line of the script writes with a node list (a
redirect or ``tee`` on a line that reads the job's nodes or writes ``slots=``), and the launch
line names another path (or none). Otherwise the path is the user's to say: ``need``.

Pure: a function of the script text.
"""

from __future__ import annotations

import re

from maple_flow.repair.unresolved import Unresolved

#: a line that writes a node list: the job's nodes or DeepSpeed's ``slots=``
_NODE_LIST = re.compile(r"slots=|SLURM_(?:JOB_)?NODELIST|PBS_NODEFILE|scontrol\s+show\s+hostnames")
#: where such a line writes: ``> FILE``, ``>> FILE``, ``tee [-a] FILE``
_TARGET = re.compile(r"(?:>>?|\btee(?:\s+-a)?)\s*[\"']?([\w./${}-]+)[\"']?\s*$")
_HOSTFILE_ARG = re.compile(r"\bdeepspeed\b[^\n]*?\s--hostfile[= ]\s*[\"']?([^\s\"']+)")


class HostfileUnresolved(Unresolved):
    """No one file of the script is the hostfile the launcher should read."""


def _written(script: str) -> list[str]:
    found: list[str] = []
    for line in script.splitlines():
        code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
        if not code or not _NODE_LIST.search(code):
            continue
        m = _TARGET.search(code.rstrip())
        if m and m.group(1) not in found and m.group(1) != "/dev/null":
            found.append(m.group(1))
    return found


def written_hostfile(script: str, need: str, answers: dict[str, str] | None = None) -> str:
    """The one file the script writes a node list into, when the deepspeed line names another
    path (or none); else the user's answer to ``need``; else HostfileUnresolved asking it."""
    if answers and answers.get(need):
        return answers[need]
    files = _written(script)
    named = [m.group(1) for m in _HOSTFILE_ARG.finditer(script)]
    if len(files) != 1:
        raise HostfileUnresolved(f"the script writes {len(files)} node lists: which file is "
                                 f"the hostfile is yours to say ({need})", need)
    if files[0] in named:
        raise HostfileUnresolved(f"the launch line already reads {files[0]}, the file the job "
                                 f"writes: where it is found is yours to say ({need})", need)
    return files[0]
