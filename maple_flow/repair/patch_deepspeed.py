"""Give a multi-node ``deepspeed`` launch in a Slurm job the hostfile it needs (pure; the
launch is read through scriptparse).

The deepspeed runner learns its nodes only from a hostfile (``--hostfile``, default
``/job/hostfile``); asked for ``--num_nodes`` > 1 without one it stops ("Num nodes is >1 but no
extra nodes available via hostfile"). In a Slurm job the nodes are the job's own: the line
``scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=N/' > FILE`` before the launch
writes them with the GPUs each gives (N: the launcher's ``--num_gpus``, else the job's GPUs per
node), and ``--hostfile FILE`` points the runner at it. The runner then starts one worker
launcher per node itself (pdsh over ssh by default)."""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.layout import comment_block_start, find_launch
from maple_flow.repair.parsed import parse_or_refuse
from maple_flow.repair.text import FixNotApplicable, insert_line, lines, replace

#: The file the new line writes (one per job, in the job's working directory).
HOSTFILE = "hostfile.$SLURM_JOB_ID"
#: deepspeed options that already say where or how the nodes are reached: the missing host
#: list is then not the script's omission alone (refused with the reason).
_HOST_OPTIONS = ("--hostfile", "-H", "--no_ssh", "--launcher", "--include", "-i",
                 "--exclude", "-e", "--force_multi")
_GPU_OPTIONS = ("--num_gpus", "--num_accelerators")


def _slots(text: str, options: list[pl.Option]) -> str:
    """The workers a node runs: deepspeed's literal --num_gpus, else the job's literal GPUs
    per node (--gpus-per-node, --gres=gpu[:type]:N); FixNotApplicable otherwise."""
    given = [o.value for o in options if o.name in _GPU_OPTIONS and o.value]
    if given:
        if not given[-1].isdigit() or int(given[-1]) < 1:
            raise FixNotApplicable(f"deepspeed's --num_gpus {given[-1]!r} is not a literal count")
        return given[-1]
    ds = parse_directives(text, "slurm")
    per_node = last_value(ds, "gpus-per-node") or ""
    gres = re.fullmatch(r"gpu(?::[\w.-]+)?:(\d+)", last_value(ds, "gres") or "")
    value = per_node if per_node.isdigit() else gres.group(1) if gres else ""
    if not value or int(value) < 1:
        raise FixNotApplicable("neither deepspeed's --num_gpus nor the job's GPUs per node is "
                               "a literal count: the slots of each node are the user's")
    return value


def deepspeed_slurm_hostfile(text: str, scheduler: str) -> str:
    """``text`` whose first-stage ``deepspeed`` launch reads a hostfile of the job's nodes
    written just before it (see ops.DeepspeedSlurmHostfile); FixNotApplicable with the reason
    otherwise."""
    if scheduler != "slurm":
        raise FixNotApplicable("only a Slurm job's node list is written as a hostfile here")
    stages = parse_or_refuse(text).launch.stages
    if not stages or stages[0].name != "deepspeed":
        raise FixNotApplicable("deepspeed is not the launch line's first command (srun or "
                               "another launcher starts it: one runner per task would each "
                               "start every node)")
    options = pl.stage_options(text, "deepspeed")
    named = sorted({o.name for o in options if o.name in _HOST_OPTIONS})
    if named:
        raise FixNotApplicable(f"deepspeed is given {', '.join(named)}: how it reaches the "
                               "nodes is already the script's choice")
    slots = _slots(text, options)
    launch = find_launch(text, "deepspeed")
    indent = re.match(r"[ \t]*", lines(text)[launch.line - 1]).group()  # type: ignore[union-attr]
    write = (f'{indent}scontrol show hostnames "$SLURM_JOB_NODELIST" '
             f"| sed 's/$/ slots={slots}/' > \"{HOSTFILE}\"")
    runner = next((w for w in launch.words if w.raw.rsplit("/", 1)[-1] == "deepspeed"), None)
    if runner is None:
        raise FixNotApplicable("the deepspeed runner is not a plain `deepspeed` word of the "
                               "launch line")
    # the file name keeps its variable: written as a double-quoted word of the script's own
    text = replace(text, runner.end, runner.end, f' --hostfile "{HOSTFILE}"')
    return insert_line(text, comment_block_start(text, launch.line), write)
