"""Apply a typed Fix to a launch script: pure, deterministic, idempotent, values quoted."""

from __future__ import annotations

import contextlib
import difflib
import re
from collections.abc import Callable
from typing import Any

from maple_flow.errors import MapleError
from maple_flow.models import ClusterProfile
from maple_flow.repair import ops as o
from maple_flow.repair import patch_directives as pd
from maple_flow.repair import patch_download_env as pdownload
from maple_flow.repair import patch_env as pe
from maple_flow.repair import patch_inherited as pinh
from maple_flow.repair import patch_launch as pl
from maple_flow.repair import patch_layout as playout
from maple_flow.repair import patch_port as pport
from maple_flow.repair import patch_program as pprog
from maple_flow.repair import patch_runtime as prt
from maple_flow.repair import patch_script_env as pse
from maple_flow.repair import patch_shape as pshape
from maple_flow.repair import patch_storage as pstorage
from maple_flow.repair import patch_submit as psubmit
from maple_flow.repair import patch_url_port as purl
from maple_flow.repair import safety
from maple_flow.repair.layout import find_launch, launch_or_last_line, scheduler_of
from maple_flow.repair.models import Fix
from maple_flow.repair.patch_bare_launch import launch_with_site_mpiexec
from maple_flow.repair.patch_colossal import colossalai_run_per_node
from maple_flow.repair.patch_command import respell_command
from maple_flow.repair.patch_conda import conda_shell_hook
from maple_flow.repair.patch_constraint import allocation_constraint
from maple_flow.repair.patch_container import container_gpu_flag
from maple_flow.repair.patch_container_header import container_option_to_srun
from maple_flow.repair.patch_container_lib import container_net_plugin, container_site_library
from maple_flow.repair.patch_container_limits import container_drop_limits
from maple_flow.repair.patch_container_runtime import container_runtime_setup
from maple_flow.repair.patch_deepspeed import deepspeed_slurm_hostfile
from maple_flow.repair.patch_entity import drop_option, replace_word, run_through_interpreter
from maple_flow.repair.patch_envopts import remove_keeping_env
from maple_flow.repair.patch_foreign_resources import foreign_resources
from maple_flow.repair.patch_gres import gres_gpu_name, gres_gpus
from maple_flow.repair.patch_hostlist import mpi_host_loopback, mpi_host_slots
from maple_flow.repair.patch_ibrun import ibrun_launch
from maple_flow.repair.patch_indented import unindent_directives
from maple_flow.repair.patch_inline_program import program_from_inline_file
from maple_flow.repair.patch_lines import (
    continue_launch_command,
    launch_with_srun,
    pbs_select_mpiprocs,
    strip_invisible,
    unix_line_endings,
)
from maple_flow.repair.patch_module_reset import site_module_reset
from maple_flow.repair.patch_mpi_site import site_mpi_launch
from maple_flow.repair.patch_net_plugin import site_net_plugin_path
from maple_flow.repair.patch_override import program_override
from maple_flow.repair.patch_pbs import drop_pbs_directive, pbs_select_mend
from maple_flow.repair.patch_pbs_directive import mend_pbs_directive
from maple_flow.repair.patch_pbs_mem import pbs_raise_mem
from maple_flow.repair.patch_pbs_ncpus import pbs_raise_ncpus
from maple_flow.repair.patch_policy import policy_mend
from maple_flow.repair.patch_rankvars import (
    bind_rank_gpus,
    local_rank_from_local_id,
    world_size_from_job,
)
from maple_flow.repair.patch_ray import ray_head_address
from maple_flow.repair.patch_ray_steps import (
    ray_block_steps,
    ray_driver_on_head,
    ray_pin_ports,
    ray_quote_json,
)
from maple_flow.repair.patch_served_name import serving_model_name
from maple_flow.repair.patch_serving import serving_export, serving_flag
from maple_flow.repair.patch_serving_head import serving_head_address
from maple_flow.repair.patch_site_launcher import site_launcher
from maple_flow.repair.patch_spaces import plain_spaces
from maple_flow.repair.patch_sqfs import squashfs_mount_image_flag
from maple_flow.repair.patch_srun_ranks import srun_rank_env
from maple_flow.repair.patch_stdin import program_from_stdin_file
from maple_flow.repair.patch_steps import exact_parallel_steps
from maple_flow.repair.patch_submit_dir import root_from_submit_dir
from maple_flow.repair.patch_torchrun import (
    launch_on_every_node,
    launcher_through_python,
    torchrun_through_python,
    use_torchrun,
)
from maple_flow.repair.patch_venv import venv_for_virtualenv
from maple_flow.repair.patch_workers import lower_loader_workers
from maple_flow.repair.patch_wrapper import wrapper_gpu_count
from maple_flow.repair.step_export import export_all, reach_step
from maple_flow.repair.text import FixNotApplicable
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.spellings import spellings


def _set_queue(text: str, op: o.SetQueue, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    queue = profile.queues.get(op.name)
    if queue is None:
        names = ", ".join(q.name for q in profile.queues.items)
        raise FixNotApplicable(f"{profile.name} has no queue {op.name!r}; it has {names}")
    if not queue.batch:  # a QOS of salloc allocations (Perlmutter's interactive): no batch job
        raise FixNotApplicable(f"{op.name} takes interactive allocations only (salloc), never a "
                               f"batch job: {queue.notes}")
    if scheduler == "pbs":
        return pd.set_directive(text, "pbs", "queue", op.name)
    option = "qos" if queue.kind == "qos" else "partition"
    text = pd.set_directive(text, "slurm", option, op.name)
    if option == "qos":  # the QOS's partition is fixed by the site, or left to its default
        text = (pd.set_directive(text, "slurm", "partition", profile.queues.partition)
                if profile.queues.partition else pd.remove_directive(text, "slurm", "partition"))
    return _drop_unknown_qos(text, profile)


def _drop_unknown_qos(text: str, profile: ClusterProfile) -> str:
    """Remove a ``--qos`` (directive or srun option) naming no QOS of the site: a bad QOS is
    fixed where it is, not by moving the job to another partition."""
    known = {q.name for q in profile.queues.items if q.kind == "qos"}
    value = pd.directive_value(text, "slurm", "qos")
    if value is not None and value not in known:
        text = pd.remove_directive(text, "slurm", "qos")
    try:
        options = pl.stage_options(text, "srun")
    except FixNotApplicable:
        return text
    for opt in options:
        if opt.name in {"-q", "--qos"} and opt.value not in known:
            text = pl.remove_launcher_arg(text, "srun", opt.name)
    return text


def _set_walltime(text: str, op: o.SetWalltime, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    return pd.set_directive(text, scheduler, "time" if scheduler == "slurm" else "walltime",
                            op.walltime)


def _literal_int(text: str, name: str) -> int | None:
    m = re.search(rf"^\s*(?:export\s+)?{name}=(\d+)\s*$", text, re.M)
    return int(m.group(1)) if m else None


def _set_literal(text: str, name: str, value: int) -> str:
    pattern = re.compile(rf"^(\s*(?:export\s+)?{name}=)\d+(\s*)$", re.M)
    return pattern.sub(lambda m: f"{m.group(1)}{value}{m.group(2)}", text)


def _update_ranks(text: str) -> str:
    nodes, per_node = _literal_int(text, "NNODES"), _literal_int(text, "GPUS_PER_NODE")
    if nodes is not None and per_node is not None and _literal_int(text, "NRANKS") is not None:
        text = _set_literal(text, "NRANKS", nodes * per_node)
    return text


def _replace_count(value: str, old: int | None, new: int) -> str:
    """'a100:4' -> 'a100:8': the last number field (only when it equals ``old``, if given)."""
    fields = value.split(":")
    if fields[-1].isdigit() and (old is None or int(fields[-1]) == old):
        fields[-1] = str(new)
    return ":".join(fields)


def _job_size(text: str) -> tuple[int | None, int | None]:
    """The script's nodes and ranks per node, read by scriptparse (directives, then the
    launch line); maple's own NNODES / GPUS_PER_NODE lines where it says nothing else."""
    from maple_flow.scriptparse.facts import directive_size, job_size

    try:
        parsed = parse_script(text)
    except MapleError:  # no Python launch line (a compiled program): the directives still say
        return _directive_nodes(text), _literal_int(text, "GPUS_PER_NODE")
    nodes, per_node = job_size(parsed)
    nodes = directive_size(parsed)["nodes"] or nodes or _literal_int(text, "NNODES")
    return nodes, per_node or _literal_int(text, "GPUS_PER_NODE")


def _directive_nodes(text: str) -> int | None:
    """The node count a Slurm ``--nodes``/``-N`` or PBS ``select=`` directive asks for."""
    from maple_flow.scriptparse.values import first_int

    for scheduler, option in (("slurm", "nodes"), ("pbs", "select")):
        found = first_int(pd.directive_value(text, scheduler, option))
        if found is not None:
            return found
    return _literal_int(text, "NNODES")


def _set_nodes(text: str, op: o.SetNodes, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    old, per_node = _job_size(text)
    launch_old = old
    if scheduler == "pbs":
        select = pd.directive_value(text, "pbs", "select")
        if select is None:
            raise FixNotApplicable("the script has no -l select directive")
        rest = re.sub(r"^\d+", "", select)
        text = pd.set_directive(text, "pbs", "select", f"{op.nodes}{rest}")
    else:
        tasks = pd.directive_value(text, "slurm", "ntasks")
        text = pd.set_directive(text, "slurm", "nodes", str(op.nodes))
        if tasks is not None and tasks.isdigit() and old is not None:
            if int(tasks) == old:
                text = pd.set_directive(text, "slurm", "ntasks", str(op.nodes))
            elif per_node and int(tasks) == old * per_node:
                text = pd.set_directive(text, "slurm", "ntasks", str(op.nodes * per_node))
        gpus = pd.directive_value(text, "slurm", "gpus")
        if gpus is not None and old is not None and per_node is not None:
            text = pd.set_directive(text, "slurm", "gpus",
                                    _replace_count(gpus, old * per_node, op.nodes * per_node))
    text = playout.set_launch_nodes(text, launch_old, op.nodes)
    if _literal_int(text, "NNODES") is not None:
        text = _update_ranks(_set_literal(text, "NNODES", op.nodes))
    return text


def _set_gpus_per_node(text: str, op: o.SetGpusPerNode, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    new = playout.set_ranks_per_node(text, scheduler, op.gpus_per_node, profile.node.cpus)
    d = profile.directives
    if scheduler == "slurm" and d.gpu_request == "typed-gpus" and d.gpu_type:
        new = playout.typed_gpus(new, d.gpu_type, op.gpus_per_node)
    if new == text and not playout.says_per_node(text):
        raise FixNotApplicable("the script says nowhere how many ranks or GPUs a node gets "
                               "(no GPU directive, no per-node launcher option)")
    return _update_ranks(new)


def _set_backend(text: str, op: o.SetBackend) -> str:
    """The program's own backend argument; maple's internal ``MAPLE_MINIAPP_BACKEND`` never
    goes into a user's script (only the mini-app reads it), so a program without a backend
    argument gets no fix here."""
    entry = parse_script(text).launch.entrypoint
    name = pl.backend_argument(text, entry) if entry else None
    if name is None:
        raise FixNotApplicable("the program takes no backend argument: the backend is chosen "
                               "in its code (torch.distributed.init_process_group(backend=...))")
    return pl.add_argument(text, entry, name, op.backend)


def _propagate(text: str, op: o.PropagateEnv) -> str:
    if op.launcher == "srun":  # the user's list kept: ALL added to it (step_export.py)
        return export_all(text)
    if op.launcher == "mpiexec":
        return pl.set_launcher_arg(text, "mpiexec", "--envall", None)
    if op.launcher == "mpirun":
        if not op.names:
            raise FixNotApplicable("mpirun passes variables one by one: name them (-x NAME)")
        for name in op.names:
            text = pl.add_env_name(text, name)
        return text
    raise FixNotApplicable("ibrun passes the job's environment itself; nothing to add")


def _master_addr(text: str, op: o.SetMasterAddr, profile: ClusterProfile) -> str:
    scheduler = scheduler_of(text, profile.scheduler)
    text = pe.set_master_addr(text, scheduler, profile.node.domain, op.by_address,
                              op.only_where_named)
    return pl.endpoint_at_master_addr(pl.point_at_master_addr(text))


def _add_argument(text: str, op: o.AddArgument) -> str:
    entry = parse_script(text).launch.entrypoint
    if not entry:
        raise FixNotApplicable("the launch line starts no program to give an argument to")
    return pl.add_argument(text, entry, op.name, op.value)


def _set_directive(text: str, op: o.SetDirective, profile: ClusterProfile) -> str:
    """Set a directive; a per-node GPU count at a site that takes typed requests only
    (Bridges-2: ``--gpus=v100-32:16``) is written in the site's form; at a site whose GPUs
    come with the node (TACC: ``gpu_request: whole-node``) there is no GPU request to set."""
    scheduler = _scheduler(text, profile)
    d = profile.directives
    if scheduler == "slurm" and op.option == "gpus-per-node" and d.gpu_request == "whole-node":
        raise FixNotApplicable(f"{profile.name}'s GPUs come with the node (no Slurm GPU "
                               "request is taken there): a job that sees no GPU is not "
                               "missing one")
    if (scheduler == "slurm" and op.option == "gpus-per-node" and op.value is not None
            and op.value.isdigit() and d.gpu_request == "typed-gpus" and d.gpu_type):
        nodes = _job_size(text)[0] or 1  # the scheduler's one node when nothing says more
        text = pd.remove_directive(text, scheduler, "gpus-per-node")
        return pd.set_directive(text, scheduler, "gpus",
                                f"{d.gpu_type}:{nodes * int(op.value)}")
    text = pd.set_directive(text, scheduler, op.option, op.value)
    return _step_follows(text, op.option, op.value) if scheduler == "slurm" else text


#: Job options the srun step also takes: a value of its own there overrides the directive
#: (an account, QOS or reservation the step names is the one it is charged to or runs in).
_STEP_SETS = ("cpus-per-task", "gpus-per-node", "gres", "gpus", "gpus-per-task",
              "ntasks-per-node", "mem", "mem-per-gpu", "mem-per-cpu", "constraint", "partition",
              "account", "qos", "reservation")


def _step_follows(text: str, option: str, value: str | None) -> str:
    """The srun line's own ``--option`` (any spelling) set to the directive's new ``value``,
    where the line carries one: the step would keep asking the old one."""
    if option not in _STEP_SETS or value is None:
        return text
    name = f"--{option}"
    try:
        options = pl.stage_options(text, "srun")
    except FixNotApplicable:
        return text
    names = spellings("srun", name)
    own = [opt for opt in options if opt.name in names]
    if not own or own[-1].value == value:
        return text
    if value.isdigit():
        return playout.set_count(text, "srun", own[-1].name, value)
    return pl.set_launcher_arg(text, "srun", own[-1].name, value)


def _set_launcher_arg(text: str, op: o.SetLauncherArg) -> str:
    """A per-node count option (``--ppn``, ``--nproc_per_node``...) that reads a variable
    is fixed where the variable is set; an srun task count the step inherits from a directive
    is set in that directive; any other option on the launch line."""
    if op.launcher == "srun" and op.value is not None:
        inherited = playout.set_srun_inherited(text, op.name, op.value)
        if inherited is not None:
            return inherited
    if op.value is not None and op.name in playout.PER_NODE_OPTIONS.get(op.launcher, ()):
        return playout.set_count(text, op.launcher, op.name, op.value)
    return pl.set_launcher_arg(text, op.launcher, op.name, op.value)


#: Scheduler options srun also takes for its step: removed from the srun line too.
_STEP_OPTIONS = {"gres": "--gres", "gpus-per-node": "--gpus-per-node", "gpus": "--gpus"}


def _remove_directive(text: str, op: o.RemoveDirective, profile: ClusterProfile) -> str:
    scheduler = _scheduler(text, profile)
    text = pd.remove_directive(text, scheduler, op.option)
    if scheduler == "slurm" and op.option in _STEP_OPTIONS:
        with contextlib.suppress(FixNotApplicable):  # no srun stage: nothing more to remove
            text = pl.remove_launcher_arg(text, "srun", _STEP_OPTIONS[op.option])
    return text


def _scheduler(text: str, profile: ClusterProfile) -> str:
    return scheduler_of(text, profile.scheduler)



def _has_launch(text: str) -> bool:
    try:
        find_launch(text)
    except FixNotApplicable:
        return False
    return True


def _export(text: str, name: str, value: str) -> str:
    """``export_env``; a new MASTER_PORT is given where the launcher reads its port (else the
    export would change nothing): a literal port option points at it, a user variable the
    option reads is set instead, a launcher given no port gets an option that reads it. A
    job whose step runs another command (no Python launch line) just exports it."""
    if name != "MASTER_PORT" or not _has_launch(text):
        return pe.export_env(text, name, value)
    url = purl.set_url_port(text, value)
    if url is not None:
        return url  # the program's own tcp:// init URL: MASTER_PORT is not read there
    if value.isdigit() and not pl.sets_master_port(text):
        literal = pl.point_at_master_port(text, value)
        if literal != text:
            return literal  # a literal c10d endpoint's port, set where it is written
    given = pport.launcher_port(text, value)
    if given is not None and given != text and not pport.reads_master_port(given):
        return given  # the port's own variable was set
    text = pe.export_env(given if given is not None else text, name, value)
    return pl.point_at_master_port(text)

def _serving_env(text: str, op: o.ServingEnv) -> str:
    """``serving_env``: exported as ``export_env`` does (above the launch line); a job whose
    command scriptparse does not read as a launch gets it above its serving line."""
    try:
        return pe.export_env(text, op.name, op.value)
    except FixNotApplicable:
        return serving_export(text, op.server, op.name, op.value)


def _srun_env_export(text: str) -> str:
    """``srun_env_export``: each ``-x NAME=VALUE`` of the srun line taken off and exported
    above the launch (srun passes the job's environment on); a name the safety policy keeps
    out of a script's exports is refused."""
    found = pl.srun_exclude_assignments(text)
    if not found:
        raise FixNotApplicable("the srun line passes no -x NAME=VALUE")
    for name, value in found:
        problem = safety.env_name_problem(name)
        if problem:
            raise FixNotApplicable(f"refused by the repair safety policy: {problem}")
        text = pe.export_env(pl.drop_srun_exclude_assignment(text, name), name, value)
    return text


Handler = Callable[[str, Any, ClusterProfile], str]
_HANDLERS: dict[type, Handler] = {
    o.AddModule: lambda t, op, p: pe.add_module(t, op.name, op.first, op.before),
    o.RespellLauncherArg: lambda t, op, p: pl.respell_launcher_arg(t, op.launcher, op.name,
                                                                   op.spelling),
    o.UnderscoreOptions: lambda t, op, p: pl.underscore_options(t, op.launcher),
    o.RemoveModule: lambda t, op, p: pe.remove_module(t, op.name),
    o.SwapModule: lambda t, op, p: pe.swap_module(t, op.old, op.new),
    o.ExportEnv: lambda t, op, p: _export(t, op.name, op.value),
    o.ExportEnvBeforeRead: lambda t, op, p: pstorage.export_before_read(t, op.name, op.value),
    o.ExportEnvBeforeDownload: lambda t, op, p: pdownload.export_before_download(
        t, op.name, op.value),
    o.UnsetEnv: lambda t, op, p: pe.unset_env(t, op.name),
    o.PropagateEnv: lambda t, op, p: _propagate(t, op),
    o.SetDirective: lambda t, op, p: _set_directive(t, op, p),
    o.RemoveDirective: lambda t, op, p: _remove_directive(t, op, p),
    o.SetLauncherArg: lambda t, op, p: _set_launcher_arg(t, op),
    o.RemoveLauncherArg: lambda t, op, p: remove_keeping_env(t, op.launcher, op.name),
    o.SetBackend: lambda t, op, p: _set_backend(t, op),
    o.SetQueue: _set_queue,
    o.SetWalltime: _set_walltime,
    o.SetNodes: lambda t, op, p: pprog.with_program_counts(
        lambda: _set_nodes(t, op, p), t, pprog.PROGRAM_NODE_KEYS, op.nodes),
    o.SetGpusPerNode: lambda t, op, p: pprog.with_program_counts(
        lambda: _set_gpus_per_node(t, op, p), t, pprog.PROGRAM_PER_NODE_KEYS, op.gpus_per_node),
    o.AddArgument: lambda t, op, p: _add_argument(t, op),
    o.SetShell: lambda t, op, p: pe.set_shell(t, op.login),
    o.CshSetenv: lambda t, op, p: pe.csh_setenv(t),
    o.SetMasterAddr: lambda t, op, p: _master_addr(t, op, p),
    o.GresGpus: lambda t, op, p: gres_gpus(t, _scheduler(t, p)),
    o.GresGpuName: lambda t, op, p: gres_gpu_name(t, _scheduler(t, p)),
    o.ContainerGpuFlag: lambda t, op, p: container_gpu_flag(t),
    o.UseTorchrun: lambda t, op, p: use_torchrun(t, op.nproc_per_node),
    o.LaunchOnEveryNode: lambda t, op, p: launch_on_every_node(t, _scheduler(t, p)),
    o.DeepspeedSlurmHostfile: lambda t, op, p: deepspeed_slurm_hostfile(t, _scheduler(t, p)),
    o.RayHeadAddress: lambda t, op, p: ray_head_address(t),
    o.RayBlockSteps: lambda t, op, p: ray_block_steps(t),
    o.RayPinPorts: lambda t, op, p: ray_pin_ports(t),
    o.RayQuoteJson: lambda t, op, p: ray_quote_json(t),
    o.RayDriverOnHead: lambda t, op, p: ray_driver_on_head(t),
    o.TorchrunThroughPython: lambda t, op, p: torchrun_through_python(t),
    o.LauncherThroughPython: lambda t, op, p: launcher_through_python(t, op.launcher),
    o.MpiHostLoopback: lambda t, op, p: mpi_host_loopback(t),
    o.MpiHostSlots: lambda t, op, p: mpi_host_slots(t, op.ranks),
    o.ReplaceWord: lambda t, op, p: replace_word(t, op.line, op.old, op.new),
    o.DropOption: lambda t, op, p: drop_option(t, op.line, op.option, op.value, op.spelling),
    o.RunThroughInterpreter: lambda t, op, p: run_through_interpreter(t, op.line, op.word,
                                                                      op.interpreter),
    o.JoinContinuation: lambda t, op, p: pshape.join_continuation(t, op.option),
    o.ContainerBindSpec: lambda t, op, p: pshape.container_bind_spec(t, op.mode),
    o.ContainerWritableTmpfs: lambda t, op, p: pshape.container_writable_tmpfs(t),
    o.ContainerDropLimits: lambda t, op, p: container_drop_limits(t),
    o.RaiseOpenFiles: lambda t, op, p: pshape.raise_open_files(t, launch_or_last_line(t)),
    o.CondaShellHook: lambda t, op, p: conda_shell_hook(t),
    o.SrunRankEnv: lambda t, op, p: srun_rank_env(t),
    o.UnloadModule: lambda t, op, p: pe.unload_before(t, op.name, op.before),
    o.UnloadDependentFirst: lambda t, op, p: pe.unload_dependent_first(t, op.name, op.unloading),
    o.SetRankCount: lambda t, op, p: pshape.set_rank_count(t, op.count),
    o.ContainerPython3: lambda t, op, p: pshape.container_python3(t),
    o.RegistryHostHash: lambda t, op, p: prt.registry_host_hash(t, op.host),
    o.MpiSingleCopyOff: lambda t, op, p: prt.mpi_single_copy_off(t),
    o.JobDirCache: lambda t, op, p: prt.job_dir_cache(t, op.name),
    o.ContainerHostMpi: lambda t, op, p: pshape.container_host_mpi(t),
    o.StripInvisible: lambda t, op, p: strip_invisible(t),
    o.UnixLineEndings: lambda t, op, p: unix_line_endings(t),
    o.ContinueLaunchCommand: lambda t, op, p: continue_launch_command(t, op.launcher),
    o.LaunchWithSrun: lambda t, op, p: launch_with_srun(t),
    o.ProgramOverride: lambda t, op, p: program_override(t, op.key, op.value),
    o.UnsetBeforeProgram: lambda t, op, p: pinh.unset_before_program(t, list(op.names)),
    o.PurgeModules: lambda t, op, p: pinh.purge_modules(t),
    o.ContainerRuntimeSetup: lambda t, op, p: container_runtime_setup(t, p, op.program),
    o.LaunchWithSiteMpiexec: lambda t, op, p: launch_with_site_mpiexec(t, p),
    o.UseSiteLauncher: lambda t, op, p: site_launcher(t, p),
    o.IbrunLaunch: lambda t, op, p: ibrun_launch(t, p),
    o.SiteMpiLaunch: lambda t, op, p: site_mpi_launch(t, p),
    o.PbsSelectMpiprocs: lambda t, op, p: pbs_select_mpiprocs(t),
    o.PbsSelectMend: lambda t, op, p: pbs_select_mend(t, op.mode, op.resource),
    o.DropPbsDirective: lambda t, op, p: drop_pbs_directive(t, op.words),
    o.ForeignResources: lambda t, op, p: foreign_resources(
        t, p.node.memory_gb if p else None),
    o.SiteModuleReset: lambda t, op, p: site_module_reset(t, p.id if p else ""),
    o.MendPbsDirective: lambda t, op, p: mend_pbs_directive(t, op.words),
    o.PbsRaiseMem: lambda t, op, p: pbs_raise_mem(t, op.used, op.limit),
    o.PbsRaiseNcpus: lambda t, op, p: pbs_raise_ncpus(t, op.used, op.limit,
                                                      p.node.cpus if p else None),
    o.SrunEnvExport: lambda t, op, p: _srun_env_export(t),
    o.ServingFlag: lambda t, op, p: serving_flag(t, op.server, op.flag),
    o.ServingEnv: lambda t, op, p: _serving_env(t, op),
    o.ServingHeadAddress: lambda t, op, p: serving_head_address(
        t, op.server, scheduler_of(t, p.scheduler)),
    o.ProgramFromStdinFile: lambda t, op, p: program_from_stdin_file(t),
    o.ServingModelName: lambda t, op, p: serving_model_name(t, op.server, op.model),
    o.RespellCommand: lambda t, op, p: respell_command(t, op.command),
    o.WrapperGpuCount: lambda t, op, p: wrapper_gpu_count(t, op.gpus, op.config),
    o.LocalRankFromLocalId: lambda t, op, p: local_rank_from_local_id(t),
    o.WorldSizeFromJob: lambda t, op, p: world_size_from_job(t),
    o.BindRankGpus: lambda t, op, p: bind_rank_gpus(t, p.launch.local_rank_var, p.gpu.vendor),
    o.ColossalaiRunPerNode: lambda t, op, p: colossalai_run_per_node(t, _scheduler(t, p)),
    o.DropEmptyDirective: lambda t, op, p: psubmit.drop_empty_directive(t, _scheduler(t, p)),
    o.JoinOptionalValue: lambda t, op, p: psubmit.join_optional_value(t, op.word),
    o.TasksPerNode: lambda t, op, p: psubmit.tasks_per_node(t),
    o.RemoveArgument: lambda t, op, p: psubmit.remove_argument(t, op.name),
    o.PlainSpaces: lambda t, op, p: plain_spaces(t),
    o.LowerLoaderWorkers: lambda t, op, p: lower_loader_workers(t, op.workers),
    o.RootFromSubmitDir: lambda t, op, p: root_from_submit_dir(t),
    o.AllocationConstraint: lambda t, op, p: allocation_constraint(t, op.value),
    o.SitePolicy: lambda t, op, p: policy_mend(t, p),
    o.ContainerOptionToSrun: lambda t, op, p: container_option_to_srun(t),
    o.UnindentDirectives: lambda t, op, p: unindent_directives(t),
    o.SquashfsMountImageFlag: lambda t, op, p: squashfs_mount_image_flag(t),
    o.ExactParallelSteps: lambda t, op, p: exact_parallel_steps(t),
    o.VenvForVirtualenv: lambda t, op, p: venv_for_virtualenv(t),
    o.ProgramFromInlineFile: lambda t, op, p: program_from_inline_file(t),
    o.SiteNetPluginPath: lambda t, op, p: site_net_plugin_path(t, list(p.software.activate)),
    o.ShowHiddenDevices: lambda t, op, p: pse.show_hidden_devices(t),
    o.ContainerSiteLibrary: lambda t, op, p: container_site_library(t, op.directory, op.bind),
    o.ContainerNetPlugin: lambda t, op, p: container_net_plugin(t, op.plugin),
    o.AllocConf: lambda t, op, p: pse.alloc_conf(t, op.option),
    o.BoundPortArithmetic: lambda t, op, p: pse.bound_port_arithmetic(t),
}


def _set_names(op: o.FixOp) -> tuple[str, ...] | None:
    """The variables an op that sets variables for the program names (those it writes above
    the launch are found by reach_step too); None for an op that sets none."""
    if isinstance(op, (o.ExportEnv, o.ServingEnv)):
        return (op.name,)
    if isinstance(op, o.SetMasterAddr):
        return ("MASTER_ADDR",)
    if isinstance(op, o.SrunEnvExport):
        return ()  # the -x NAME=VALUE words it moves above the launch
    return None


def apply_op(text: str, op: o.FixOp, profile: ClusterProfile) -> str:
    """``text`` with one operation applied. An op that sets a variable for the program also
    hands it to an srun step whose ``--export`` would drop it (step_export.reach_step: the
    user's list kept and extended)."""
    after = _HANDLERS[type(op)](text, op, profile)
    names = _set_names(op)
    if names is None or after == text:
        return after
    return reach_step(text, after, names)


def apply_fix(script: str, fix: Fix, profile: ClusterProfile) -> str:
    """``script`` with every operation of ``fix`` applied, in order.

    Pure and deterministic; applying the same fix twice gives the same script as once.
    Raises FixNotApplicable (a MapleError) when an operation cannot apply or the result
    no longer parses as a launch script.
    """
    text = script
    for op in fix.ops:
        try:
            text = apply_op(text, op, profile)
        except FixNotApplicable:
            raise
        except MapleError as exc:
            raise FixNotApplicable(f"{op.op}: {exc}") from exc
    text = pprog.follow_launcher_counts(script, drop_orphaned_assignments(script, text))
    try:
        parse_script(text)
    except MapleError as exc:
        if _parses(script):  # a script that never had a Python launch line is not broken by it
            raise FixNotApplicable(f"the patched script no longer parses: {exc}") from exc
    return text


def _parses(script: str) -> bool:
    try:
        parse_script(script)
    except MapleError:
        return False
    return True


_BARE_ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=\S*$")


def _uses(text: str, name: str, skip: int) -> int:
    word = re.compile(rf"\b{name}\b")
    return sum(bool(word.search(line)) for i, line in enumerate(text.split("\n"))
               if i != skip and not line.lstrip().startswith("#"))


def drop_orphaned_assignments(before: str, after: str) -> str:
    """Remove ``NAME=...`` lines whose only use a fix removed (e.g. JOB_NUM once MASTER_PORT
    no longer derives from it), so the patched script stays shellcheck-clean."""
    parts = after.split("\n")
    for index in range(len(parts) - 1, -1, -1):
        m = _BARE_ASSIGNMENT.match(parts[index])
        if m and not _uses(after, m.group(1), index):
            old = next((i for i, line in enumerate(before.split("\n")) if line == parts[index]),
                       None)
            if old is not None and _uses(before, m.group(1), old):
                del parts[index]
                after = "\n".join(parts)
    return after


def script_diff(a: str, b: str, before: str = "before", after: str = "after") -> str:
    """A unified diff of two scripts ('' when they are equal)."""
    return "".join(difflib.unified_diff(
        a.splitlines(keepends=True), b.splitlines(keepends=True), before, after,
    ))
