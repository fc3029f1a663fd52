"""Facts a failure signature may ask of the script, read through scriptparse (pure).

A regular expression over the text only sees one spelling (``#SBATCH --ntasks-per-node=4``);
these read what the script does, wherever and however it says it (an option on the srun
line, a variable, a task count), so a record matches users' scripts as well as maple's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from maple_flow.knowledge.directives import directives_once, last_value
from maple_flow.models import ClusterProfile
from maple_flow.repair.models import ScriptFact
from maple_flow.repair.ofi_provider import forced_provider_absent
from maple_flow.repair.parsed import parsed_or_none
from maple_flow.repair.patch_container import NV_FLAGS, NV_RUNTIMES
from maple_flow.repair.patch_container_header import container_option_on_header
from maple_flow.repair.patch_ibrun import MPI_LAUNCHERS, site_launches_with_ibrun
from maple_flow.repair.patch_layout import several_launchers_per_node
from maple_flow.repair.patch_rankvars import (
    local_rank_from_global_rank,
    mpiexec_ranks_unbound,
    world_size_off_the_ranks,
)
from maple_flow.repair.patch_workers import loader_workers_above_two_on_whole_node
from maple_flow.repair.ray_steps import (
    ray_driver_off_head_node,
    ray_driver_on_head_node,
    ray_launch_as_documented,
    ray_started_in_job,
    ray_step_detached,
)
from maple_flow.repair.script_facts_account import account_required_unnamed
from maple_flow.repair.script_facts_ccl import (
    mpi_launch_ccl_env_without_mpi_launcher,
    site_ccl_env_unset_mpi_launch,
)
from maple_flow.repair.script_facts_env import (
    site_network_env_unset,
    visible_devices_beyond_job,
)
from maple_flow.repair.script_facts_nodecfg import partition_sole_candidate
from maple_flow.repair.script_facts_rdzv import local_store_on_one_node
from maple_flow.repair.script_facts_s37 import (
    deepspeed_flag_one_gpu,
    job_on_several_nodes,
    mem_per_cpu_below_node,
)
from maple_flow.repair.site_constraint import constraint_unknown_to_site
from maple_flow.repair.step_export import (
    inherited_export_without_srun_step,
    srun_step_without_job_env,
)
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.facts import directive_size
from maple_flow.scriptparse.launch import ENV_RUNNERS, Stage
from maple_flow.scriptparse.nodecount import stage_node_counts
from maple_flow.scriptparse.values import first_int, to_int
from maple_flow.units import size_mb

#: Options of srun or the directives that ask for GPUs.
_GPU_OPTIONS = ("--gres", "--gpus", "--gpus-per-node", "--gpus-per-task", "-G")


def _asks_gpus(p: ParsedScript) -> bool:
    if directive_size(p)["gpus"] is not None or p.directive("gpus", "gpus-per-task"):
        return True
    srun = p.launch.stage("srun")
    return srun is not None and any(srun.has(o) for o in _GPU_OPTIONS
                                    if o != "--gres" or "gpu" in (srun.get(o) or ""))


def _partition(p: ParsedScript) -> str | None:
    srun = p.launch.stage("srun")
    named = srun.get("-p", "--partition") if srun is not None else None
    return named or p.directive("partition")


def gpu_job_off_the_gpu_partitions(p: ParsedScript, profile: ClusterProfile | None) -> bool:
    """A Slurm job that asks for GPUs in a partition that is none of the site's GPU
    partitions: one the profile does not list (a CPU partition), or none named on a site
    whose default partition is not a GPU one (its queues are partitions)."""
    if profile is None or profile.scheduler != "slurm" or not _asks_gpus(p):
        return False
    gpu = {q.name for q in profile.queues.items if q.kind == "partition"}
    if profile.queues.partition:
        gpu.add(profile.queues.partition)
    named = _partition(p)
    if named is None:
        return False  # the default partition: the no-partition record's (script_lacks) case
    return named not in gpu and not named.startswith("$")


#: Per-node process counts of the launchers that start one process per GPU of a node.
_PER_NODE_COUNTS = {"torchrun": ("--nproc_per_node", "--nproc-per-node"),
                    "deepspeed": ("--num_gpus", "--num-gpus")}


def _processes_per_node(p: ParsedScript, stage: Stage) -> int | None:
    """How many processes ``stage`` starts on each node, as its options say (None: unknown)."""
    known = {**p.variables, **p.env}
    if stage.name in _PER_NODE_COUNTS:
        return to_int(stage.get(*_PER_NODE_COUNTS[stage.name]), known)
    if stage.name != "accelerate":
        return None
    total = to_int(stage.get("--num_processes"), known)
    machines = to_int(stage.get("--num_machines"), known) or 1
    return -(-total // machines) if total else None


def _launcher_above_gpus(p: ParsedScript, names: frozenset[str]) -> bool:
    """Whether a launcher among ``names`` starts more processes on a node than the GPUs per
    node the job asks for (each process beyond them has no device of its own)."""
    gpus = directive_size(p)["gpus"]
    if not gpus:
        return False
    counts = [_processes_per_node(p, s) for s in p.launch.stages if s.name in names]
    return any(n is not None and n > gpus for n in counts)


def per_node_launcher_above_node_gpus(p: ParsedScript,
                                      profile: ClusterProfile | None = None) -> bool:
    """Whether a job that asks no GPUs by name (a whole-node request, as PBS select=N on a GPU
    system) runs a per-node launcher (torchrun, deepspeed) that starts more processes on a node
    than the profile's node has GPUs (a job that asks GPUs: per_node_launcher_above_gpus)."""
    if directive_size(p)["gpus"]:
        return False
    gpus = profile.gpu.per_node if profile is not None else 0
    if not gpus:
        return False
    counts = [_processes_per_node(p, s) for s in p.launch.stages if s.name in _PER_NODE_COUNTS]
    return any(n is not None and n > gpus for n in counts)


def per_node_launcher_several_processes(p: ParsedScript) -> bool:
    """Whether a per-node launcher (torchrun, deepspeed, accelerate) starts more than one
    process on a node (each then takes the GPU of its local rank among the visible ones)."""
    counts = [_processes_per_node(p, s) for s in p.launch.stages
              if s.name in _PER_NODE_COUNTS or s.name == "accelerate"]
    return any(n is not None and n > 1 for n in counts)


def per_node_launcher_one_process_a_gpu(p: ParsedScript,
                                        profile: ClusterProfile | None = None) -> bool:
    """Whether every process of the launch is started by a per-node launcher (torchrun,
    deepspeed, accelerate) whose per-node count is known and at most the GPUs of a node (the
    job's GPU request, else the profile's node): each process then has a GPU of its own by its
    local rank, so the launch line gives no two of them one device (s28)."""
    stages = [s for s in p.launch.stages if s.name in _PER_NODE_COUNTS or s.name == "accelerate"]
    gpus = directive_size(p)["gpus"] or (profile.gpu.per_node if profile is not None else 0)
    if not stages or not gpus or p.launch.command:
        return False
    counts = [_processes_per_node(p, s) for s in stages]
    return all(n is not None and 1 <= n <= gpus for n in counts)


def one_launcher_on_one_node(p: ParsedScript) -> bool:
    """Whether the job runs one per-node launcher (torchrun, deepspeed, accelerate) on one
    node: a port it takes is then the node's alone to choose."""
    if (directive_size(p)["nodes"] or 1) > 1 or several_launchers_per_node(p):
        return False
    return any(s.name in _PER_NODE_COUNTS or s.name == "accelerate" for s in p.launch.stages)


def job_on_one_node(p: ParsedScript) -> bool:
    """Whether the job runs on one node by its own word: a node-count directive of one (or a
    PBS select of one chunk) and no launcher of the launch line that spans more nodes
    (``torchrun --nnodes 2``, ``srun -N 2``). A job that names no node count is not taken for
    one node (Slurm may spread its tasks). Every GPU of such a job talks to the others inside
    the node, so NCCL needs no network transport between them (s30r2script)."""
    if first_int(p.directive("nodes", "select")) != 1:
        return False
    counts = stage_node_counts(p.launch.stages, {**p.variables, **p.env})
    return all(count is not None and count <= 1 for count in counts)


def launcher_on_several_nodes(p: ParsedScript) -> bool:
    """Whether a per-node launcher (torchrun, deepspeed, accelerate) runs in a job of more
    than one node: its rendezvous must then be shared by every node's launcher."""
    return (directive_size(p)["nodes"] or 1) > 1 and any(
        s.name in _PER_NODE_COUNTS or s.name == "accelerate" for s in p.launch.stages)


def srun_ranks_several_a_node(p: ParsedScript) -> bool:
    """Whether srun itself starts the Python program (no per-node launcher between them) with
    more than one task a node: each task is one rank, and which GPU it takes is up to the
    binding (``--gpus-per-task``, ``--gpu-bind``) or the program's own local rank."""
    srun = p.launch.stage("srun")
    if srun is None or p.launch.command or not p.launch.entrypoint or any(
            s.name in _PER_NODE_COUNTS or s.name == "accelerate" for s in p.launch.stages):
        return False
    known = {**p.variables, **p.env}
    size = directive_size(p)
    per_node = to_int(srun.get("--ntasks-per-node"), known) or size["tpn"]
    if per_node is None and size["tasks"] and size["nodes"]:
        per_node = size["tasks"] // size["nodes"]
    return (per_node or 1) > 1


def torchrun_once_on_several_nodes(p: ParsedScript) -> bool:
    """Whether a job of several nodes starts torchrun itself, with no site launcher in front
    (so on its first node only), for a rendezvous of several nodes (``--nnodes`` above 1)
    that numbers the nodes itself (c10d: no ``--node_rank``)."""
    stages = p.launch.stages
    if not stages or stages[0].name != "torchrun" or p.per_node_loop is not None:
        return False
    torchrun = stages[0]
    known = {**p.variables, **p.env}
    nnodes = to_int((torchrun.get("--nnodes") or "").split(":")[0], known)
    if torchrun.get("--node_rank", "--node-rank") is not None:
        return False
    return (nnodes or 0) > 1 and (directive_size(p)["nodes"] or 1) > 1


def container_without_gpu_flag(p: ParsedScript, profile: ClusterProfile | None) -> bool:
    """The launch runs an apptainer/singularity container without ``--nv``/``--nvccli`` on
    a site of NVIDIA GPUs (any site when none is named)."""
    if profile is not None and profile.gpu.vendor != "nvidia":
        return False
    return any(s.name in NV_RUNTIMES and not any(s.has(f) for f in NV_FLAGS)
               for s in p.launch.stages)


def site_container_runtime_known(_p: ParsedScript, profile: ClusterProfile | None) -> bool:
    """The site's profile names the container runtime its jobs use (apptainer, singularity,
    shifter, podman-hpc - each a command of its own, none a Slurm SPANK plugin): a container
    option srun does not know is then the site lacking that plugin, and the site's own runtime
    is the way. An unknown site, or a profile silent on containers, tells nothing."""
    return profile is not None and profile.container is not None


def gpu_job_without_gpu_request(p: ParsedScript, profile: ClusterProfile | None) -> bool:
    """A Slurm job on a site where GPUs are asked for (not whole nodes) that asks none (no
    GPU directive, no GPU option on the srun line) and is not constrained to CPU nodes."""
    if profile is None or profile.scheduler != "slurm" or p.scheduler != "slurm":
        return False
    if profile.directives.gpu_request not in ("gpus-per-node", "typed-gpus"):
        return False
    return not _asks_gpus(p) and "cpu" not in (p.directive("constraint") or "").lower()


def program_without_launcher(p: ParsedScript) -> bool:
    """The job starts its Python program with plain python: no site launcher (srun,
    mpiexec, ibrun) and no per-node launcher sets the ranks' RANK/WORLD_SIZE."""
    return not p.launch.stages and not p.launch.command and bool(p.launch.entrypoint)


def program_bare_in_multitask_job(p: ParsedScript) -> bool:
    """A Slurm job that asks for more than one task (``--ntasks``, or several nodes or tasks
    a node) but starts its Python program with plain python: the batch script runs once, on
    the first node, so only one of the ranks the job's SLURM_* variables announce ever starts."""
    if p.scheduler != "slurm" or not program_without_launcher(p):
        return False
    return _job_tasks(p) > 1


def _job_tasks(p: ParsedScript) -> int:
    """The tasks the job's directives ask (``--ntasks``, else nodes x tasks a node, each 1
    when not given)."""
    size = directive_size(p)
    return size["tasks"] or (size["nodes"] or 1) * (size["tpn"] or 1)


def one_process_in_job(p: ParsedScript) -> bool:
    """The job starts one process of its program: one node and one task by its directives,
    and no launcher stage that starts more (a per-node launcher's count above one, an MPI
    launcher, srun -n above one). No rank of the job then shares a GPU with another (s33cov)."""
    if not job_on_one_node(p) or _job_tasks(p) != 1:
        return False
    known = {**p.variables, **p.env}
    for stage in p.launch.stages:
        if stage.name in MPI_LAUNCHERS or stage.name == "accelerate":
            return False
        if stage.name in _PER_NODE_COUNTS and _processes_per_node(p, stage) != 1:
            return False
        if stage.name == "srun" and (to_int(stage.get("-n", "--ntasks"), known) or 1) > 1:
            return False
    return True


def deepspeed_launch(p: ParsedScript) -> bool:
    """The launch runs the DeepSpeed launcher (``deepspeed``, or ``python -m
    deepspeed.launcher.runner``): it hands every process ``--local_rank=N`` unless told
    ``--no_local_rank``."""
    return any(s.name == "deepspeed" and not s.has("--no_local_rank") for s in p.launch.stages)


def deprecated_torch_launch(p: ParsedScript) -> bool:
    """The launch runs ``python -m torch.distributed.launch`` (it hands the program
    ``--local_rank``/``--local-rank``), on the launch line or in its ``bash -c`` body."""
    return any(s.name == "torchrun" and s.via == "torch.distributed.launch"
               for s in p.launch.stages)


def deprecated_launch_one_process_a_node(p: ParsedScript) -> bool:
    """The deprecated launcher starts one process on each node (``--nproc_per_node=1``, its
    default): every process has local rank 0, so a program that reads its GPU from the
    ``--local_rank`` argument loses nothing when torchrun no longer passes it."""
    known = {**p.variables, **p.env}
    for s in p.launch.stages:
        if s.name == "torchrun" and s.via == "torch.distributed.launch":
            value = s.get(*_PER_NODE_COUNTS["torchrun"])
            if value is None or to_int(value, known) == 1:
                return True
    return False


def deprecated_launch_several_processes_a_node(p: ParsedScript) -> bool:
    """The deprecated launcher starts several processes on a node (each must learn its own
    local rank, from the ``--local-rank`` argument or LOCAL_RANK)."""
    return deprecated_torch_launch(p) and not deprecated_launch_one_process_a_node(p)


#: Where an environment lives only on the node that made it (``virtualenv $SLURM_TMPDIR/env``).
_NODE_LOCAL = re.compile(
    r"\$\{?(?:SLURM_TMPDIR|TMPDIR|LOCAL_?SCRATCH|LSCRATCH)\b|(?:^|[\s=])/(?:tmp|dev/shm)/")
#: Container runtimes and wrappers whose programs come from the image, not the host's PATH.
_CONTAINERS = frozenset({"apptainer", "singularity", "docker", "podman", "enroot", "shifter",
                         "apptainer_wrapper", "singularity_wrapper"})


def _env_runner(p: ParsedScript) -> bool:
    return any(s.name.split()[0] in ENV_RUNNERS for s in p.launch.stages)


def _user_activations(p: ParsedScript, profile: ClusterProfile | None) -> list[str]:
    """The script's activations that are not the site's own (the profile's ``conda activate
    base`` after ``module load conda``: the site's stack, not the user's environment)."""
    site = {" ".join(a.split()) for a in (profile.software.activate if profile else [])}
    return [a for a in p.activations if " ".join(a.split()) not in site]


def user_environment_for_launch(p: ParsedScript, profile: ClusterProfile | None = None) -> bool:
    """The script puts a Python environment of the user's first on the launch's PATH (``conda
    activate``, a venv's ``activate``, ``uv run``) and every node of the job reaches it: one
    made in node-local storage (``$SLURM_TMPDIR``, ``/tmp``) exists on the first node only."""
    if _env_runner(p):
        return True
    activations = _user_activations(p, profile)
    if not activations:
        return False
    nodes = directive_size(p)["nodes"] or 1
    return nodes == 1 or not any(_NODE_LOCAL.search(a) for a in activations)


#: srun options that run the step inside a pyxis/enroot container image.
_PYXIS_OPTIONS = ("--container-image", "--container-name")
#: Per-node launchers whose entry point a container image may lack on its PATH.
_ENTRY_LAUNCHERS = frozenset({"torchrun", "deepspeed", "accelerate"})


def launcher_in_container(p: ParsedScript, _profile: ClusterProfile | None = None) -> bool:
    """The launch starts a per-node launcher's entry point (torchrun, deepspeed, accelerate,
    not through python) inside a container: a runtime stage (apptainer, singularity, docker,
    podman, enroot ...) or a pyxis ``srun --container-image`` in front of it, directly or
    through the ``bash -c`` body the container runs. The image's PATH, not the job's, decides
    whether the entry point is found there."""
    inside = False
    for stage in p.launch.stages:
        if stage.name in _CONTAINERS or (stage.name == "srun" and stage.has(*_PYXIS_OPTIONS)):
            inside = True
        elif stage.name in _ENTRY_LAUNCHERS:
            return inside and not stage.via
    return False


def no_user_environment(p: ParsedScript, profile: ClusterProfile | None = None) -> bool:
    """The script sets up no Python environment of its own (no activation, no sourced setup
    file, no ``uv run``-like runner, no container): its launcher can only come from the
    site's software."""
    containers = any(s.name in _CONTAINERS for s in p.launch.stages) or (
        p.launch.command and p.launch.entrypoint.rsplit("/", 1)[-1] in _CONTAINERS)
    return not (_user_activations(p, profile) or p.sourced or _env_runner(p) or containers)


def site_python_stack(p: ParsedScript, profile: ClusterProfile | None = None) -> bool:
    """The script sets up no environment of its own and uses the site's Python stack (loads a
    module the profile names for it, or runs only the site's own activation): a launcher it
    misses is then the site stack's to provide."""
    if profile is None or not no_user_environment(p, profile):
        return False
    site = {m.split("/")[0] for m in profile.software.modules}
    return any(m.split("/")[0] in site for m in p.modules) or bool(p.activations)


def mpi_launcher_off_the_site(p: ParsedScript, profile: ClusterProfile | None) -> bool:
    """The script starts its ranks with mpirun/mpiexec on a Slurm site whose profile names
    ibrun as the launcher of its batch jobs (patch_ibrun): there a missing mpirun is the site's
    launcher not used, where elsewhere it is an MPI module not loaded."""
    return site_launches_with_ibrun(profile) and any(
        p.launch.stage(name) is not None for name in MPI_LAUNCHERS)


#: What tells Slurm's srun the PMI plugin to give a step's tasks (srun(1) --mpi).
_MPI_TYPE_VARS = ("SLURM_MPI_TYPE", "I_MPI_PMI_LIBRARY")


def _srun_naming_none(p: ParsedScript, variables: tuple[str, ...]) -> Stage | None:
    """The script's srun stage when it names no ``--mpi`` and the script sets none of
    ``variables``; else None."""
    srun = p.launch.stage("srun")
    if srun is None or srun.has("--mpi") or any(v in p.env or v in p.variables
                                                 for v in variables):
        return None
    return srun


def srun_ranks_without_pmi_plugin(p: ParsedScript, _profile: ClusterProfile | None) -> bool:
    """The script starts several tasks with srun and names neither srun's PMI plugin
    (``--mpi``, ``SLURM_MPI_TYPE``) nor the PMI library Intel MPI is to load
    (``I_MPI_PMI_LIBRARY``): ranks that find no PMI server there each start alone. A program
    run bare (a singleton, which the message itself allows) has no srun stage."""
    srun = _srun_naming_none(p, _MPI_TYPE_VARS)
    return srun is not None and (
        to_int(srun.get("-n", "--ntasks"), p.variables) or _job_tasks(p)) > 1


def srun_without_mpi_type(p: ParsedScript, _profile: ClusterProfile | None) -> bool:
    """The script runs an srun step and names no MPI plugin type for it (``--mpi``,
    ``SLURM_MPI_TYPE``): srun loads the site's default (slurm.conf ``MpiDefault``) for the
    step, whatever its task count (s32sched)."""
    return _srun_naming_none(p, ("SLURM_MPI_TYPE",)) is not None


_FACTS: dict[str, Callable[[ParsedScript, ClusterProfile | None], bool]] = {
    "srun_ranks_without_pmi_plugin": srun_ranks_without_pmi_plugin,
    "srun_without_mpi_type": srun_without_mpi_type,
    "mpi_launcher_off_the_site": mpi_launcher_off_the_site,
    "several_launchers_per_node": lambda p, _profile: several_launchers_per_node(p),
    "gpu_job_off_the_gpu_partitions": gpu_job_off_the_gpu_partitions,
    "per_node_launcher_above_gpus":
        lambda p, _profile: _launcher_above_gpus(p, frozenset(_PER_NODE_COUNTS)),
    "per_node_launcher_above_node_gpus": per_node_launcher_above_node_gpus,
    "accelerate_above_gpus":
        lambda p, _profile: _launcher_above_gpus(p, frozenset({"accelerate"})),
    "one_launcher_on_one_node": lambda p, _profile: one_launcher_on_one_node(p),
    "per_node_launcher_one_process_a_gpu": per_node_launcher_one_process_a_gpu,
    "per_node_launcher_several_processes":
        lambda p, _profile: per_node_launcher_several_processes(p),
    "launcher_on_several_nodes": lambda p, _profile: launcher_on_several_nodes(p),
    "job_on_one_node": lambda p, _profile: job_on_one_node(p),
    "job_on_several_nodes": lambda p, _profile: job_on_several_nodes(p),
    # a one-node job whose rendezvous store is its own node's (script_facts_rdzv.py, s38precC)
    "local_store_on_one_node": lambda p, _profile: local_store_on_one_node(p),
    "one_process_in_job": lambda p, _profile: one_process_in_job(p),
    "container_without_gpu_flag": container_without_gpu_flag,
    "site_container_runtime_known": site_container_runtime_known,
    "srun_ranks_several_a_node": lambda p, _profile: srun_ranks_several_a_node(p),
    "torchrun_once_on_several_nodes": lambda p, _profile: torchrun_once_on_several_nodes(p),
    "gpu_job_without_gpu_request": gpu_job_without_gpu_request,
    "program_without_launcher": lambda p, _profile: program_without_launcher(p),
    "deprecated_torch_launch": lambda p, _profile: deprecated_torch_launch(p),
    "program_bare_in_multitask_job": lambda p, _profile: program_bare_in_multitask_job(p),
    "deepspeed_launch": lambda p, _profile: deepspeed_launch(p),
    "deprecated_launch_one_process_a_node":
        lambda p, _profile: deprecated_launch_one_process_a_node(p),
    "deprecated_launch_several_processes_a_node":
        lambda p, _profile: deprecated_launch_several_processes_a_node(p),
    "user_environment_for_launch": user_environment_for_launch,
    "launcher_in_container": launcher_in_container,
    "no_user_environment": no_user_environment,
    "site_python_stack": site_python_stack,
}


#: Facts that read the script's text beside its parse (where in a launch line or body a value
#: is written decides whether each rank reads it).
_TEXT_FACTS: dict[str, Callable[[ParsedScript | None, str], bool]] = {
    "local_rank_from_global_rank": local_rank_from_global_rank,
    "world_size_off_the_ranks": world_size_off_the_ranks,
    "mpiexec_ranks_unbound": mpiexec_ranks_unbound,
    # the job's own Ray cluster (ray_steps.py reads the ray start lines from the text)
    "ray_step_detached": lambda _p, text: ray_step_detached(text),
    "ray_driver_off_head_node": lambda _p, text: ray_driver_off_head_node(text),
    "ray_driver_on_head_node": lambda _p, text: ray_driver_on_head_node(text),
    "ray_started_in_job": lambda _p, text: ray_started_in_job(text),
    "ray_launch_as_documented": lambda _p, text: ray_launch_as_documented(text),
    # loader workers above two a rank on a job with its nodes' whole memory (patch_workers.py)
    "loader_workers_above_two_on_whole_node":
        lambda _p, text: loader_workers_above_two_on_whole_node(text),
    # a container option on the batch header: srun runs in the image (patch_container_header.py)
    "container_option_on_header": lambda _p, text: container_option_on_header(text),
    # --deepspeed handed to a one-GPU program no rank launcher starts (script_facts_s37.py)
    "deepspeed_flag_one_gpu": deepspeed_flag_one_gpu,
}


def mem_below_node(script: str, profile: ClusterProfile | None) -> bool:
    """Whether the Slurm script's ``--mem`` directive asks a size above zero and below a node
    of the profile's memory: a request a memory kill is answered on by asking more on that
    line (False without a profile, a ``--mem`` or a size: there the edit has no line). Read
    from the directive block alone, so it holds of a job whose work is any command."""
    if profile is None or profile.scheduler != "slurm":
        return False
    asked = size_mb(last_value(directives_once(script, "slurm"), "mem"), "slurm")
    return asked is not None and 0 < asked < profile.node.memory_gb * 1024


#: Facts that read the script's directive block with the site's profile (no parse needed).
_DIRECTIVE_FACTS: dict[str, Callable[[str, ClusterProfile | None], bool]] = {
    "mem_below_node": mem_below_node,
    "mem_per_cpu_below_node": mem_per_cpu_below_node,
    # the job's environment against the site's documented settings (script_facts_env.py)
    "site_network_env_unset": site_network_env_unset,
    "visible_devices_beyond_job": visible_devices_beyond_job,
    # oneCCL's bootstrap settings against how the ranks start (script_facts_ccl.py, s37prec)
    "site_ccl_env_unset_mpi_launch": site_ccl_env_unset_mpi_launch,
    "mpi_launch_ccl_env_without_mpi_launcher": mpi_launch_ccl_env_without_mpi_launcher,
    # a libfabric provider the site's fabric does not have (ofi_provider.py, s36rl39)
    "forced_ofi_provider_absent": forced_provider_absent,
    # a constraint feature the site does not document (site_constraint.py, s36rl39)
    "constraint_unknown_to_site": constraint_unknown_to_site,
    # an account the site requires and the script does not name (script_facts_account.py)
    "account_required_unnamed": account_required_unnamed,
    # the default partition is all a bare node-configuration refusal can mean (s38precD)
    "partition_sole_candidate": partition_sole_candidate,
    # the --export the job's srun step gets, its own or inherited (step_export.py, s40code)
    "srun_step_without_job_env": lambda text, _profile: srun_step_without_job_env(text),
    "inherited_export_without_srun_step":
        lambda text, _profile: inherited_export_without_srun_step(text),
}


def holds(fact: ScriptFact, script: str, profile: ClusterProfile | None = None) -> bool:
    """Whether ``fact`` holds of ``script`` on ``profile``'s site (False for a script that
    does not parse)."""
    if not script.strip():
        return False
    if fact in _DIRECTIVE_FACTS:
        return _DIRECTIVE_FACTS[fact](script, profile)
    parsed = parsed_or_none(script)
    if fact in _TEXT_FACTS:  # they read the text, and say False where the parse is needed
        return _TEXT_FACTS[fact](parsed, script)
    return parsed is not None and _FACTS[fact](parsed, profile)
