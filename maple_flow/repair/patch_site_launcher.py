"""Slurm's ``srun`` on a site that does not run Slurm: the launch line started with the site's
own launcher (PBS + PALS ``mpiexec``) instead.

A job script written for a Slurm cluster and run where no Slurm runs stops at its launch line
(``srun: command not found``, or a Slurm client with no cluster behind it). The srun stage of
the launch line is replaced by the site launcher with srun's own counts carried over:

- ``-n``/``--ntasks`` -> ``-n``, ``--ntasks-per-node`` -> ``--ppn``, ``-c``/``--cpus-per-task``
  -> ``--depth``; ``-N``/``--nodes`` with a per-node count gives the total;
- no count at all: srun's default in a batch job, one task on each node of the job (the nodes
  of the PBS select), so ``-n NODES --ppn 1``;
- srun's scheduling and Slurm-only options (partition, job name, GRES/GPUs, account, time,
  memory, ``--mpi``, ``--kill-on-bad-exit``, srun's CPU binding and output labels) are
  dropped: the job's ``#PBS`` directives ask for the resources on this site.

Refused (FixNotApplicable, with the reason) when the script runs srun on more than one line,
when srun has an option this table does not know (its meaning would be lost), or when the
program is told to take its ranks from Slurm (``--launcher=slurm``): mpiexec does not give a
rank Slurm's variables, so the swap alone would not start it right.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.repair import patch_directives as pd
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.text import FixNotApplicable, quote, replace
from maple_flow.scriptparse.spellings import spellings

#: srun options carried to mpiexec (canonical srun name -> what it counts).
_COUNTS = {"--ntasks": "ranks", "--ntasks-per-node": "ppn", "--nodes": "nodes",
           "--cpus-per-task": "depth"}
#: srun options that ask the scheduler for resources or set Slurm-only behaviour: on a PBS
#: site the job's directives ask for the resources, so they are dropped. Options that change
#: what each rank sees or where it runs (--gpus-per-task, --gpu-bind, --export, --distribution)
#: are not here: mpiexec would not do the same, so the swap is refused.
_DROPPED = ("--partition", "--job-name", "--gres", "--gpus", "--gpus-per-node", "--account",
            "--time", "--mem", "--mem-per-cpu", "--mem-per-gpu", "--qos", "--mpi",
            "--kill-on-bad-exit", "--cpu-bind", "--label", "--unbuffered", "--exclusive",
            "--quotatype", "--comment", "--constraint", "--reservation", "--overlap", "--wait")
_SRUN_LINE = re.compile(r"(?m)^[^#\n]*\bsrun\b")
_SLURM_LAUNCHER = re.compile(r"^(?:--?[\w-]*launcher[\w-]*=)?slurm$", re.I)
_INT = re.compile(r"^\d+$")
#: A count srun may be given: a number or one whole variable reference.
_COUNT = re.compile(r"^(?:\d+|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$")


def _canonical(name: str) -> str | None:
    """The canonical srun option ``name`` spells, among the ones this module knows."""
    for canon in (*_COUNTS, *_DROPPED):
        if name == canon or name in spellings("srun", canon):
            return canon
    return None


def _counts(options: list[pl.Option]) -> dict[str, str]:
    """srun's counts (ranks, ppn, nodes, depth) as written; FixNotApplicable for an option
    whose meaning a launcher swap would lose."""
    counts: dict[str, str] = {}
    for opt in options:
        canon = _canonical(opt.name)
        if canon is None:
            raise FixNotApplicable(f"srun's option {opt.name} has no counterpart this repair "
                                   "knows on the site's launcher")
        if canon in _COUNTS:
            if opt.value is None or not _COUNT.match(opt.value):
                raise FixNotApplicable(f"srun's {opt.name} is not a number or one variable")
            if "SLURM_" in opt.value:
                raise FixNotApplicable(f"srun's {opt.name} reads {opt.value}, which a job of "
                                       "this site's scheduler does not set")
            counts[_COUNTS[canon]] = opt.value
    return counts


def _product(nodes: str, ppn: str) -> str:
    """The total ranks of ``nodes`` nodes with ``ppn`` each: a number, or shell arithmetic
    of the script's own variables."""
    if _INT.match(nodes) and _INT.match(ppn):
        return str(int(nodes) * int(ppn))
    return f"$(( {nodes} * {ppn} ))"


def _layout(counts: dict[str, str], job_nodes: int | None) -> tuple[str, str | None]:
    """(total ranks, ranks per node or None) of srun's ``counts`` in a job of ``job_nodes``."""
    ranks, ppn = counts.get("ranks"), counts.get("ppn")
    nodes = counts.get("nodes") or (str(job_nodes) if job_nodes else None)
    if ranks is not None:
        if ppn is None and nodes is not None and _INT.match(nodes) and _INT.match(ranks) \
                and int(ranks) % int(nodes) == 0:
            ppn = str(int(ranks) // int(nodes))
        return ranks, ppn
    if nodes is None:
        raise FixNotApplicable("the job's node count is not written (srun starts one task "
                               "on each node unless told a count)")
    if ppn is None:  # srun's default in a batch job: one task on each node
        return nodes, "1"
    return _product(nodes, ppn), ppn


def _mpiexec_words(counts: dict[str, str], job_nodes: int | None) -> str:
    """``mpiexec -n N --ppn M [--depth D]`` for srun's ``counts`` in a job of ``job_nodes``."""
    ranks, ppn = _layout(counts, job_nodes)
    words = ["mpiexec", "-n", f'"{ranks}"' if ranks.startswith("$((") else quote(ranks)]
    if ppn is not None:
        words += ["--ppn", quote(ppn)]
    if "depth" in counts:
        words.append(f"--depth={quote(counts['depth'])}")
    return " ".join(words)


def _job_nodes(text: str) -> int | None:
    """The node count of the job's PBS select (its first chunk's leading count)."""
    select = pd.directive_value(text, "pbs", "select")
    m = re.match(r"(\d+)(?::|$)", select or "")
    return int(m.group(1)) if m and "+" not in (select or "") else None


def _told_slurm(words: list[str]) -> bool:
    """Whether the program's arguments tell it to take its ranks from Slurm."""
    for i, word in enumerate(words):
        if _SLURM_LAUNCHER.match(word) and (
                "=" in word or (i > 0 and "launcher" in words[i - 1].lower())):
            return True
    return False


def site_launcher(text: str, profile: ClusterProfile | None) -> str:
    """``text`` whose srun launch is started by the site's mpiexec (see the module doc)."""
    if profile is None or profile.scheduler == "slurm":
        raise FixNotApplicable("srun is this site's launcher (a Slurm site, or no site named)")
    if profile.launch.launcher != "mpiexec":
        raise FixNotApplicable(f"{profile.name}'s launcher is {profile.launch.launcher}, not "
                               "the mpiexec this repair writes")
    body = [ln for ln in text.split("\n") if not ln.lstrip().startswith("#")]
    lines = len(_SRUN_LINE.findall("\n".join(body)))
    if lines != 1:
        raise FixNotApplicable(f"the script runs srun on {lines} lines, not one launch line")
    launch, start = pl.stage_view(text, "srun")
    options, end = pl._walk(launch.words, start)
    covered = {i for o in options for i in range(o.first, o.last + 1)}
    if len(covered) != end - start:
        raise FixNotApplicable("srun is given options through a variable, whose words this "
                               "repair cannot read")
    if end >= len(launch.words):
        raise FixNotApplicable("srun starts no program on the launch line")
    if _told_slurm([w.value for w in launch.words[end:]]):
        raise FixNotApplicable("the program is told to take its ranks from Slurm "
                               "(--launcher=slurm), which mpiexec does not give it")
    new = _mpiexec_words(_counts(options), _job_nodes(text))
    first, last = launch.words[start - 1], launch.words[end - 1]
    return replace(text, first.start, last.end, new)
