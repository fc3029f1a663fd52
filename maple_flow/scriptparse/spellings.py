"""The spellings of one launcher option: the short and long forms that mean the same.

``srun -n 8`` and ``srun --ntasks=8``, ``mpiexec -np 8`` and ``mpiexec --np 8``, torchrun's
``--nproc_per_node`` and ``--nproc-per-node`` name one option; an edit of one must find the
others as the user wrote them.
"""

from __future__ import annotations

import re

#: Groups of equivalent spellings per stage (beyond argparse's ``_``/``-`` equivalence).
_GROUPS: dict[str, tuple[frozenset[str], ...]] = {
    "srun": tuple(frozenset(g) for g in (
        ("-n", "--ntasks"), ("-N", "--nodes"), ("-c", "--cpus-per-task"),
        ("-w", "--nodelist"), ("-x", "--exclude"), ("-G", "--gpus"), ("-p", "--partition"),
        ("-q", "--qos"), ("-A", "--account"), ("-t", "--time"), ("-C", "--constraint"),
        ("--cpu-bind", "--cpu_bind"), ("-l", "--label"), ("-o", "--output"), ("-e", "--error"),
    )),
    "mpiexec": tuple(frozenset(g) for g in (
        ("-n", "-np", "--np", "--n"), ("--ppn", "-ppn", "--npernode", "-npernode"),
        ("-d", "--depth", "-depth"), ("--cpu-bind", "-cpu-bind", "--cpu_bind"),
        ("--hostfile", "-hostfile", "-f", "--hosts", "-hosts"), ("--env", "-env"),
        ("--envall", "-envall", "-genvall"),
    )),
    "mpirun": tuple(frozenset(g) for g in (
        ("-n", "-np", "--np", "-c"), ("--npernode", "-npernode"), ("-x",),
        ("--hostfile", "-hostfile", "--machinefile", "-machinefile"),
    )),
    "ibrun": tuple(frozenset(g) for g in (("-n", "-np"), ("-o", "--offset"))),
}
#: Stages whose long options are parsed by argparse (``--a_b`` and ``--a-b`` alike).
_ARGPARSE = frozenset({"torchrun", "deepspeed", "accelerate"})
_SHORT_ATTACHED = re.compile(r"^(-[A-Za-z])(\d+)$")


#: MPI launchers whose long options take one dash or two alike (``-map-by``, ``--map-by``:
#: Open MPI, MPICH's Hydra and PALS parse both).
_ONE_OR_TWO_DASHES = frozenset({"mpiexec", "mpirun"})


def spellings(stage: str, name: str) -> frozenset[str]:
    """Every spelling of option ``name`` of ``stage`` (``name`` itself included)."""
    if stage in _ARGPARSE and name.startswith("--"):
        stem = name[2:]
        return frozenset({name, "--" + stem.replace("_", "-"), "--" + stem.replace("-", "_")})
    found = next((g for g in _GROUPS.get(stage, ()) if name in g), frozenset({name}))
    if stage in _ONE_OR_TWO_DASHES:
        stems = {s.lstrip("-") for s in found if len(s.lstrip("-")) > 1}
        found = found | {f"{dashes}{stem}" for stem in stems for dashes in ("-", "--")}
    return found


def split_short(word: str) -> tuple[str, str] | None:
    """``-n8`` -> ("-n", "8"): a one-letter option with its count attached; else None."""
    m = _SHORT_ATTACHED.match(word)
    return (m.group(1), m.group(2)) if m else None
