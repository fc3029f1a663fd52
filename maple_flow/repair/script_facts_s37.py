"""Script facts of session s37 (helper s37rl42): how many nodes the job spans, a one-GPU job
whose program is handed ``--deepspeed`` without a launcher that sets the rank variables, and a
memory request per CPU below a node (pure functions of the script and the site's profile)."""

from __future__ import annotations

from maple_flow.errors import MapleError
from maple_flow.knowledge.directives import cpus_per_node, directives_once, last_value
from maple_flow.models import ClusterProfile
from maple_flow.repair.layout import find_launch
from maple_flow.repair.patch_launch import program_args, program_launch, walk_program_args
from maple_flow.scriptparse.facts import directive_size
from maple_flow.scriptparse.nodecount import NODE_SPANS, stage_node_counts
from maple_flow.scriptparse.script import ParsedScript
from maple_flow.units import size_mb

#: The spanning options of the launch stages, with mpiexec's ``--nnodes`` besides.
_SPANS = {**NODE_SPANS, "mpiexec": ("--nnodes",)}
#: Launchers that set RANK / WORLD_SIZE / MASTER_ADDR for the program (DeepSpeed then needs
#: no MPI discovery).
_RANK_LAUNCHERS = frozenset({"torchrun", "deepspeed", "srun", "mpirun", "mpiexec", "ibrun"})


def job_on_several_nodes(p: ParsedScript) -> bool:
    """Whether the job spans more than one node by its own word: a node count above one in
    its directives or on a launch stage (``srun -N 2``, ``torchrun --nnodes 2``). A job that
    names no node count is not taken for several nodes (nothing shows another node)."""
    if (directive_size(p)["nodes"] or 1) > 1:
        return True
    counts = stage_node_counts(p.launch.stages, {**p.variables, **p.env}, _SPANS)
    return any(count is not None and count > 1 for count in counts)


def _program_given(p: ParsedScript, text: str, name: str) -> bool:
    """Whether the launch line (of ``text``, parsed as ``p``) hands its program the option
    ``name``."""
    entry = p.launch.entrypoint
    if not entry:
        return False
    try:
        launch = program_launch(find_launch(text), entry)
        first, end = program_args(launch, entry)
        return any(o.name == name for o in walk_program_args(launch.words, first, end))
    except (MapleError, ValueError, IndexError, AttributeError):
        return False


def deepspeed_flag_one_gpu(p: ParsedScript | None, text: str) -> bool:
    """A one-node job of one GPU whose program is handed ``--deepspeed`` and whose launch has
    no stage that sets the rank variables (torchrun, the DeepSpeed launcher, srun, MPI) nor
    ``accelerate launch --use_deepspeed``: DeepSpeed then looks for MPI (mpi4py) to learn its
    rank, and the FAQ's cure is to drop the flag on a single GPU (axolotl docs/faq.qmd)."""
    if p is None:
        return False
    size = directive_size(p)
    if size["nodes"] != 1 or size["gpus"] != 1:
        return False
    for stage in p.launch.stages:
        if stage.name in _RANK_LAUNCHERS:
            return False
        if stage.name == "accelerate" and stage.has("--use_deepspeed"):
            return False
    return _program_given(p, text, "--deepspeed")


def mem_per_cpu_below_node(script: str, profile: ClusterProfile | None) -> bool:
    """Whether the Slurm script asks memory per CPU (``--mem-per-cpu``, a size above zero)
    whose total over its CPUs per node is below a node of the profile's memory: a memory kill
    is then answered by asking more (the whole node's memory)."""
    if profile is None or profile.scheduler != "slurm":
        return False
    ds = directives_once(script, "slurm")
    per_cpu = size_mb(last_value(ds, "mem-per-cpu"), "slurm")
    if not per_cpu or last_value(ds, "mem") is not None:
        return False
    return per_cpu * (cpus_per_node(ds) or 1) < profile.node.memory_gb * 1024
