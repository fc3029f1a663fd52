"""Start the torchrun that ``colossalai run`` starts over SSH with the site's launcher instead
(pure; the launch is read through scriptparse).

``colossalai run --nproc_per_node N --host a,b | --hostfile F PROGRAM ARGS`` logs into every
host with SSH (paramiko) and runs ``torchrun`` there. In a Slurm job the nodes are the job's
own: ``srun --ntasks-per-node=1`` starts one torchrun on each of them, and torchrun's c10d
rendezvous (on the first node) replaces the host list, so no SSH into the compute nodes (keys,
a login environment that marks SSH_* read-only) is needed."""

from __future__ import annotations

import re

from maple_flow.repair.layout import find_launch
from maple_flow.repair.parsed import parse_or_refuse
from maple_flow.repair.patch_launch import _walk
from maple_flow.repair.text import FixNotApplicable, Word, replace
from maple_flow.scriptparse.launch import COLOSSAL_RUN

#: colossalai run's options this rewrite reads (the others change which hosts or how the
#: launcher behaves, which the new line would not keep: refused with the reason).
_KNOWN = frozenset({"--nproc_per_node", "--host", "--hostfile", "--master_addr",
                    "--master_port"})
#: A value the new line may write: a plain host, address or number, or one variable reference.
_PLAIN = re.compile(r"^(?:[A-Za-z0-9_.-]+|\$\{?[A-Za-z_]\w*\}?)$")
_VAR = re.compile(r"^\$\{?[A-Za-z_]\w*\}?$")
_SETS = "(?m)^[ \t]*(?:export[ \t]+)?{name}="
#: rank 0's node in a Slurm job: the first host of the job's node list
_FIRST_NODE = '$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)'


def _value(name: str, value: str | None) -> str:
    if not value or not _PLAIN.match(value):
        raise FixNotApplicable(f"colossalai run's {name} {value!r} is not a plain value or one "
                               "variable: the rendezvous endpoint is not written from it")
    return value


def _endpoint(text: str, addr: str | None, port: str | None) -> str:
    """``ADDR:PORT`` of torchrun's rendezvous: colossalai run's own (an address only where
    it is a variable the script sets: a host written into the line need not be a node of this
    job), else the script's MASTER_ADDR / MASTER_PORT, else the job's first node and 29500."""
    if addr is not None and _VAR.match(_value("--master_addr", addr)):
        host = addr
    elif re.search(_SETS.format(name="MASTER_ADDR"), text):
        host = "$MASTER_ADDR"
    else:
        host = _FIRST_NODE
    if port is not None:
        number = _value("--master_port", port)
    elif re.search(_SETS.format(name="MASTER_PORT"), text):
        number = "$MASTER_PORT"
    else:
        number = "29500"
    return f'"{host}:{number}"'


def colossalai_run_per_node(text: str, scheduler: str) -> str:
    """``text`` whose ``colossalai run`` over a host list is started as one torchrun a node
    by srun (see ops.ColossalaiRunPerNode); FixNotApplicable with the reason otherwise."""
    if scheduler != "slurm":
        raise FixNotApplicable("only a Slurm job's colossalai run is started with srun here")
    parsed = parse_or_refuse(text)
    stages = parsed.launch.stages
    if not stages or stages[0].name != "torchrun" or stages[0].via != COLOSSAL_RUN:
        raise FixNotApplicable("the launch line does not start with colossalai run (another "
                               "launcher starts it, or none)")
    launch = find_launch(text)
    words: list[Word] = launch.words
    at = next((i for i, w in enumerate(words[:-1])
               if w.value.rsplit("/", 1)[-1] == "colossalai" and words[i + 1].value == "run"),
              None)
    if at is None:
        raise FixNotApplicable("the colossalai run words are not plain words of the launch line")
    options, program = _walk(words, at + 2)
    if program >= len(words):
        raise FixNotApplicable("colossalai run names no program")
    given = {opt.name: opt.value for opt in options}
    unknown = sorted(set(given) - _KNOWN)
    if unknown:
        raise FixNotApplicable(f"colossalai run's {', '.join(unknown)} would be lost by the "
                               "per-node launch")
    if "--host" not in given and "--hostfile" not in given:
        raise FixNotApplicable("colossalai run is given no host list: it runs on this node only")
    nproc = _value("--nproc_per_node", given.get("--nproc_per_node"))
    endpoint = _endpoint(text, given.get("--master_addr"), given.get("--master_port"))
    new = ('srun --ntasks-per-node=1 torchrun --nnodes="$SLURM_JOB_NUM_NODES" '
           f"--nproc_per_node={nproc} --rdzv_backend=c10d --rdzv_endpoint={endpoint} "
           '--rdzv_id="$SLURM_JOB_ID" ')
    return replace(text, words[at].start, words[program].start, new)
