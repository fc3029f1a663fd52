"""Name the loopback address in the host list an MPI-based launcher (torchpack dist-run,
horovodrun, mpirun/mpiexec) hands to Open MPI: ``localhost:N`` becomes ``127.0.0.1:N``, and a
``torchpack dist-run``/``horovodrun`` without a host list gets ``-H 127.0.0.1:NP`` (pure; text
level, since these launchers are not Python launch stages scriptparse models)."""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

_LAUNCHER = re.compile(r"(?<![\w/.-])(?:\S*/)?"
                       r"(torchpack\s+dist-run|horovodrun|mpirun|mpiexec|orterun)(?![\w-])")
_HOSTS = re.compile(r"(?<![\w-])(?:-H|--host|-host|--hosts)[ =](\S+)")
_NP = re.compile(r"(?<![\w-])(?:-np|-n|--num-proc)[ =](\S+)")
_LOCAL = re.compile(r"(?<![\w.-])localhost(?=:\d+|,|$|['\"])")
#: Where the program's own words start (the launcher's options end there).
_PROGRAM = re.compile(r"\s(?:\S*/)?python[0-9.]*(?=\s|$)")
_NODES = re.compile(r"(?m)^(?:#SBATCH\s+(?:-N\s*|--nodes[= ])|#PBS\s+-l\s+(?:select|nodes)=)(\d+)")


def _logical_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each logical line of ``text`` (backslash continuations joined)."""
    spans: list[tuple[int, int]] = []
    start = 0
    pos = 0
    while pos <= len(text):
        end = text.find("\n", pos)
        if end < 0:
            end = len(text)
        if end > pos and text[end - 1] == "\\" and end < len(text):
            pos = end + 1
            continue
        spans.append((start, end))
        start = pos = end + 1
    return spans


def mpi_host_loopback(text: str) -> str:
    """``text`` whose MPI launcher names its one host as ``127.0.0.1`` (ops.MpiHostLoopback)."""
    nodes = [int(n) for n in _NODES.findall(text)]
    if nodes and nodes[-1] > 1:
        raise FixNotApplicable(f"a {nodes[-1]}-node job needs the allocation's hosts in the host "
                               "list, not the loopback address")
    edits: list[tuple[int, int, str]] = []
    for start, end in _logical_lines(text):
        line = text[start:end]
        if line.lstrip().startswith("#"):
            continue
        launcher = _LAUNCHER.search(line)
        if launcher is None:
            continue
        program = _PROGRAM.search(line, launcher.end())
        stop = program.start() if program else len(line)
        hosts = list(_HOSTS.finditer(line, launcher.end(), stop))
        if hosts:
            for h in hosts:
                for loc in _LOCAL.finditer(line, h.start(1), h.end(1)):
                    edits.append((start + loc.start(), start + loc.end(), "127.0.0.1"))
            continue
        if launcher.group(1).startswith("mpi") or launcher.group(1) == "orterun":
            continue
        np = _NP.search(line, launcher.end(), stop)
        if np is None:
            raise FixNotApplicable(f"{launcher.group(1).split()[0]} has no -np: the slots of "
                                   "its host list are not known")
        edits.append((start + launcher.end(), start + launcher.end(),
                      f" -H 127.0.0.1:{np.group(1)}"))
    if not edits:
        raise FixNotApplicable("no MPI launcher line names localhost in its host list")
    for a, b, new in sorted(edits, reverse=True):
        text = text[:a] + new + text[b:]
    return text


#: One host named without a slot count (``-H localhost``, ``-host node01``): Open MPI gives it
#: one slot.
_ONE_HOST = re.compile(r"[A-Za-z0-9_][\w.-]*")


def mpi_host_slots(text: str, ranks: int) -> str:
    """``text`` whose MPI launcher line that starts ``ranks`` ranks (``-np``/``-n``) on one host
    named without slots (``-H localhost``) names that host with them (``-H localhost:4``);
    ops.MpiHostSlots. Refused for a multi-node job, a host list of several names, or when no
    launcher line starts exactly ``ranks`` ranks on one host without slots."""
    nodes = [int(n) for n in _NODES.findall(text)]
    if nodes and nodes[-1] > 1:
        raise FixNotApplicable(f"a {nodes[-1]}-node job spreads its ranks over its hosts: which "
                               "host takes how many only the user can say")
    edits: list[tuple[int, int, str]] = []
    for start, end in _logical_lines(text):
        line = text[start:end]
        launcher = _LAUNCHER.search(line)
        if line.lstrip().startswith("#") or launcher is None:
            continue
        program = _PROGRAM.search(line, launcher.end())
        stop = program.start() if program else len(line)
        hosts = list(_HOSTS.finditer(line, launcher.end(), stop))
        np = _NP.search(line, launcher.end(), stop)
        if (len(hosts) != 1 or np is None or np.group(1) != str(ranks)
                or not _ONE_HOST.fullmatch(hosts[0].group(1))):
            continue
        edits.append((start + hosts[0].end(1), start + hosts[0].end(1), f":{ranks}"))
    if len(edits) != 1:
        raise FixNotApplicable(f"no one MPI launcher line starts {ranks} ranks on one host named "
                               "without its slot count")
    a, b, new = edits[0]
    return text[:a] + new + text[b:]
