"""A last check of a port's refusal against its source (issue 14, s24remedy): a refusal must
name the obstacles the user has to act on, in the user's own lines.

A refusal written for one part of the job (a launch ported on its own, with the job's
directives but not its other lines) can miss an obstacle only the whole script shows: the
source ran the whole batch script in a pyxis container (``#SBATCH --container-image``) and its
own lines use that container's mount points (``--container-mounts=SRC:DST``), which exist only
inside it. Following a refusal that names only the image (provide one the target runs) gives a
job that still stops at those paths; so the mounts are named too, with their host sources.

A job's rendezvous taken from variables the script never sets (``torchrun
--rdzv_endpoint=$IP_ADDRESS --nnodes=$NUMNODES``, given by ``qsub -v``) makes it one part of a
multi-job run started by hand: a refusal for another reason (its shell) is named with that too,
since a rewrite that mends the first would still be ported as one worker alone.

Pure: reads the refusal, the source's directives and text; returns the refusal."""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import Directive
from maple_flow.port.container import pyxis_mounts_used
from maple_flow.port.words import short

#: How a refusal names the source's pyxis container (``severity.container_reason`` and
#: ``container_lost.pyxis_mounts_refusal`` write it so).
_PYXIS = "the whole batch script in its pyxis container"


def checked_refusal(refusal: str, directives: list[Directive], source: str) -> str:
    """``refusal`` with the pyxis container's mount points the script's lines use added where
    it names the container but not them; ``refusal`` as it is otherwise."""
    if _PYXIS not in refusal:
        return refusal
    mounts = pyxis_mounts_used(directives, source)
    named = re.findall(r"(\S+ \(from [^)]*\))", mounts)
    if not mounts or (named and all(m in refusal for m in named)) or (
            not named and "mount point" in refusal):
        return refusal  # none used, or the refusal names each already
    return (f"{refusal}; besides, {mounts}: on the target bind each of them to its host "
            "source in the image's runtime (`-B SRC:DST`) or write the host paths in place of "
            "the mount points, then port again")


#: A launcher's options that give its rendezvous (where its ranks meet, how many nodes).
_RENDEZVOUS = re.compile(
    r"--(?:rdzv[_-]endpoint|master[_-]addr|nnodes|node[_-]rank|main[_-]address)[=\s]+"
    r"[\"']?\$\{?([A-Za-z_]\w*)")
#: Variables a scheduler or the shell sets in the job (never the user's submit-time input).
_SET_BY_JOB = re.compile(r"^(?:PBS_|SLURM_|LSB_|COBALT_|FLUX_|HOST|HOSTNAME$|USER$|HOME$|PWD$)")


def submit_time_rendezvous(text: str) -> str:
    """The launch lines of ``text`` whose rendezvous (endpoint, node count, node rank) comes
    from variables the script never sets and no scheduler sets: inputs given at submission
    (``qsub -v IP_ADDRESS=...``), so the job is one part of a multi-job rendezvous started by
    hand. Named as "line N `...` takes ... from $X, $Y, which the script never sets"; "" when
    there is none."""
    lines = text.split("\n")
    assigned = set(re.findall(r"(?:^|[\s;(])(?:export\s+|set\s+|setenv\s+|local\s+|read\s+)?"
                              r"([A-Za-z_]\w*)\s*=", text))
    assigned |= set(re.findall(r"(?:^|[\s;])setenv\s+([A-Za-z_]\w*)", text))
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("#"):
            continue
        unset = [v for v in _RENDEZVOUS.findall(line)
                 if v not in assigned and not _SET_BY_JOB.match(v)]
        if unset:
            names = ", ".join(f"${v}" for v in dict.fromkeys(unset))
            return (f"line {number} `{short(line, 70)}` takes where its ranks meet "
                    f"({names}) from variables the script itself never sets: given when the "
                    "job is submitted (`qsub -v`/`sbatch --export`) or by a file it sources, so "
                    "this job looks like one part of a rendezvous of several jobs started by "
                    "hand; ported alone it would wait for the others: port the script that "
                    "submits them, or write the whole run as one job on all its nodes (one "
                    "launch per node), and port that")
    return ""
