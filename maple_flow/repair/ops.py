"""The closed vocabulary of typed fix operations (a pydantic discriminated union).

Every operation names what it changes in a launch script: a module line, an environment
variable, a scheduler directive, an option of one launcher, the program's arguments, the
rendezvous host. Values are plain strings; ``apply_fix`` shell-quotes every one it writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from maple_flow.models.common import Strict
from maple_flow.repair import safety


def _checked(rule: Callable[[str], str | None]) -> Callable[[str], str]:
    """A field validator from a safety rule: the rule's reason is the validation error."""
    def check(value: str) -> str:
        problem = rule(value)
        if problem:
            raise ValueError(f"refused by the repair safety policy: {problem}")
        return value
    return check


def _refuse(problem: str | None) -> None:
    if problem:
        raise ValueError(f"refused by the repair safety policy: {problem}")


EnvName = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", max_length=128)]
#: A value that reaches a script: one line of printable text (quoted when written).
Value = Annotated[str, Field(pattern=r"^[^\x00-\x1f\x7f]*$", max_length=512)]
ModuleName = Annotated[str, Field(pattern=r"^[A-Za-z0-9_.+/-]+$", max_length=200),
                      AfterValidator(_checked(safety.module_problem))]
#: A variable an op sets or passes on: never a loader or shell-startup one (safety.py).
SafeEnvName = Annotated[EnvName, AfterValidator(_checked(safety.env_name_problem))]
#: A variable whose own value the launcher passes on to the tasks (``mpirun -x NAME``).
PassedEnvName = Annotated[EnvName, AfterValidator(_checked(safety.passed_on_problem))]
OptionName = Annotated[str, Field(pattern=r"^-{1,2}[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=64)]
DirectiveName = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$", max_length=64)]
SiteLauncher = Literal["srun", "mpiexec", "mpirun", "ibrun"]
LaunchStage = Literal["srun", "mpiexec", "mpirun", "ibrun", "torchrun", "deepspeed", "accelerate",
                      "horovodrun"]


class AddModule(Strict):
    """Load a module after the last module line (``first``: before the first load, e.g. a
    module tree that others need; ``before``: just before the line that loads that module, a
    prerequisite Lmod names); a no-op when it is already loaded."""

    op: Literal["add_module"] = "add_module"
    name: ModuleName
    first: bool = False
    before: ModuleName | None = None


class RemoveModule(Strict):
    """Stop loading a module: ``name`` exactly, or any version of a family named without '/'."""

    op: Literal["remove_module"] = "remove_module"
    name: ModuleName


class UnloadModule(Strict):
    """Unload a module the job inherits (no script line loads it) just before the script
    loads ``before``, which Lmod says conflicts with it."""

    op: Literal["unload_module"] = "unload_module"
    name: ModuleName
    before: ModuleName


class UnloadDependentFirst(Strict):
    """Unload ``name`` just above the first script line that unloads (or switches away)
    module ``unloading``, which Environment Modules refuses to unload while ``name``, loaded
    and requiring it, stays loaded ("cannot be unloaded due to a prereq")."""

    op: Literal["unload_dependent_first"] = "unload_dependent_first"
    name: ModuleName
    unloading: ModuleName


class SwapModule(Strict):
    """Load ``new`` where ``old`` (exact, or any version of a family) was loaded."""

    op: Literal["swap_module"] = "swap_module"
    old: ModuleName
    new: ModuleName


class ExportEnv(Strict):
    """Set an environment variable: its existing assignment is rewritten, else exported."""

    op: Literal["export_env"] = "export_env"
    name: SafeEnvName
    value: Value


class ExportEnvBeforeRead(Strict):
    """Define an environment variable above the first command that reads it (a storage
    variable of another site that the script uses before its launch line; patch_storage)."""

    op: Literal["export_env_before_read"] = "export_env_before_read"
    name: SafeEnvName
    value: Value


class ExportEnvBeforeDownload(Strict):
    """Define an environment variable above the job's first download command (pip, conda,
    git, curl): the site's proxy for compute nodes (patch_download_env, s36hub)."""

    op: Literal["export_env_before_download"] = "export_env_before_download"
    name: SafeEnvName
    value: Value


class UnsetEnv(Strict):
    """Drop every assignment of a variable and unset it (it may come from the submit shell)."""

    op: Literal["unset_env"] = "unset_env"
    name: EnvName


class PropagateEnv(Strict):
    """Make the site launcher pass the job's environment to every node's tasks."""

    op: Literal["propagate_env"] = "propagate_env"
    launcher: SiteLauncher
    names: list[PassedEnvName] = Field(default_factory=list, description="mpirun: the -x names")


class SetDirective(Strict):
    """Set a scheduler option: Slurm long name (``constraint``), PBS option or ``-l`` resource."""

    op: Literal["set_directive"] = "set_directive"
    option: DirectiveName
    value: Value | None = None

    @model_validator(mode="after")
    def _safe(self) -> SetDirective:
        _refuse(safety.directive_problem(self.option, self.value))
        return self


class RemoveDirective(Strict):
    """Remove a scheduler option, in any spelling."""

    op: Literal["remove_directive"] = "remove_directive"
    option: DirectiveName


class SetLauncherArg(Strict):
    """Set (or add) an option of one stage of the launch line."""

    op: Literal["set_launcher_arg"] = "set_launcher_arg"
    launcher: LaunchStage
    name: OptionName
    value: Value | None = None

    @model_validator(mode="after")
    def _safe(self) -> SetLauncherArg:
        _refuse(safety.launcher_option_problem(self.launcher, self.name, self.value))
        return self


class RemoveLauncherArg(Strict):
    """Remove an option (and its value) from one stage of the launch line."""

    op: Literal["remove_launcher_arg"] = "remove_launcher_arg"
    launcher: LaunchStage
    name: OptionName


class RespellLauncherArg(Strict):
    """Write option ``name`` (in any of its spellings) of one launcher stage as ``spelling``,
    its value kept: a launcher that knows the option under another name (MPICH's Hydra and
    PALS take ``-ppn`` where Open MPI takes ``-npernode``)."""

    op: Literal["respell_launcher_arg"] = "respell_launcher_arg"
    launcher: LaunchStage
    name: OptionName
    spelling: OptionName

    @model_validator(mode="after")
    def _safe(self) -> RespellLauncherArg:
        _refuse(safety.launcher_option_problem(self.launcher, self.spelling, None))
        return self


class UnderscoreOptions(Strict):
    """Write every ``--a-b`` option of an argparse launcher stage as ``--a_b``: older torchrun
    and ``torch.distributed.launch`` know only the underscore spellings (newer ones take
    both)."""

    op: Literal["underscore_options"] = "underscore_options"
    launcher: Literal["torchrun", "deepspeed", "accelerate"]


class SetBackend(Strict):
    """Use another torch.distributed backend: the program's backend argument (a program
    without one chooses its backend in its code; maple's own variables never go into a
    user's script)."""

    op: Literal["set_backend"] = "set_backend"
    backend: Literal["nccl", "xccl", "ccl", "gloo", "mpi"]


class SetQueue(Strict):
    """Submit to another queue: partition, QOS or PBS queue, as the profile names it."""

    op: Literal["set_queue"] = "set_queue"
    name: Annotated[str, Field(pattern=r"^[A-Za-z0-9_.-]+$", max_length=64)]


class SetWalltime(Strict):
    """Ask for another time limit (``HH:MM:SS``)."""

    op: Literal["set_walltime"] = "set_walltime"
    walltime: Annotated[str, Field(pattern=r"^\d{1,4}:\d{2}:\d{2}$")]


class SetNodes(Strict):
    """Ask for another node count: the directive and the script's NNODES/NRANKS."""

    op: Literal["set_nodes"] = "set_nodes"
    nodes: int = Field(ge=1, le=100_000)


class SetGpusPerNode(Strict):
    """Run another number of ranks per node: GPUS_PER_NODE/NRANKS and the GPU directive."""

    op: Literal["set_gpus_per_node"] = "set_gpus_per_node"
    gpus_per_node: int = Field(ge=1, le=64)


class AddArgument(Strict):
    """Give the program an argument (replacing the value of one it already has); a one-dash
    option with a dotted key (``-Ihpx.stacks.use_guard_pages``, ``-Dkey.name``) is written
    ``NAME=VALUE`` in one word, as such runtimes read it."""

    op: Literal["add_argument"] = "add_argument"
    name: OptionName
    value: Value | None = None


class GresGpus(Strict):
    """Write the job's ``--gpus``/``--gpus-per-node`` request (directives and the srun line)
    as ``--gres=gpu:N`` per node: a Slurm that predates the ``--gpus*`` options."""

    op: Literal["gres_gpus"] = "gres_gpus"


class GresGpuName(Strict):
    """Name the GPU generic resource ``gpu`` where the job's ``--gres`` misspells it
    (``--gres=gpus:4``, ``GPU:4``): the type and count are kept (patch_gres.py)."""

    op: Literal["gres_gpu_name"] = "gres_gpu_name"


class ContainerGpuFlag(Strict):
    """Give the launch line's ``apptainer``/``singularity`` command ``--nv`` (the NVIDIA
    driver bound into the container) when it has none."""

    op: Literal["container_gpu_flag"] = "container_gpu_flag"


class RayHeadAddress(Strict):
    """Give a ``ray start --head`` that advertises a wildcard address (``0.0.0.0``) the
    variable the script sets from the head node's address."""

    op: Literal["ray_head_address"] = "ray_head_address"


class RayBlockSteps(Strict):
    """Give every ``ray start`` that a launcher starts as a job step without ``--block`` the
    option and ``&``: the step lasts as long as the job, so its Ray daemons are not ended
    when ``ray start`` returns (Ray's Slurm guide)."""

    op: Literal["ray_block_steps"] = "ray_block_steps"


class RayPinPorts(Strict):
    """Pin the agent ports Ray picks at random on every ``ray start`` (outside its worker
    port range), and move a default worker range past a port the script pins itself."""

    op: Literal["ray_pin_ports"] = "ray_pin_ports"


class RayQuoteJson(Strict):
    """Single-quote a ``ray start --resources``/``--labels`` JSON object that reaches Ray
    without its quotes (bare, or in a nested ``bash -c "..."``)."""

    op: Literal["ray_quote_json"] = "ray_quote_json"


class RayDriverOnHead(Strict):
    """Start the driver the batch step runs on the allocation's first node on the Ray head's
    node instead (``srun --overlap --nodes=1 --ntasks=1 -w HEAD``)."""

    op: Literal["ray_driver_on_head"] = "ray_driver_on_head"


class UseTorchrun(Strict):
    """Start the program with torchrun: ``python -m torch.distributed.launch`` (which hands
    the program ``--local_rank``) becomes ``torchrun``; a one-node job's plain ``python
    PROGRAM`` gets ``torchrun --standalone --nproc_per_node=N`` in front (N: its GPUs per
    node), which sets RANK, LOCAL_RANK, WORLD_SIZE and the rendezvous for each process."""

    op: Literal["use_torchrun"] = "use_torchrun"
    nproc_per_node: int | None = Field(default=None, ge=1, le=64)


class LaunchOnEveryNode(Strict):
    """Start a torchrun that a multi-node job runs once (on its first node only) on every
    node: ``srun --ntasks-per-node=1`` (Slurm) or ``mpiexec -n NODES --ppn 1`` (PBS) in front,
    so each node's agent joins the rendezvous the others wait for."""

    op: Literal["launch_on_every_node"] = "launch_on_every_node"


class DeepspeedSlurmHostfile(Strict):
    """Give a multi-node ``deepspeed`` launch of a Slurm job a hostfile of the job's nodes: a
    line before the launch writes ``scontrol show hostnames`` with ``slots=N`` (the launcher's
    --num_gpus, else the job's GPUs per node) and ``--hostfile`` points at it
    (maple_flow.repair.patch_deepspeed)."""

    op: Literal["deepspeed_slurm_hostfile"] = "deepspeed_slurm_hostfile"


class CshSetenv(Strict):
    """Write each C-shell ``setenv NAME VALUE`` line of a bash script as ``export NAME=VALUE``
    (bash has no ``setenv``: the variable was never set)."""

    op: Literal["csh_setenv"] = "csh_setenv"


class TorchrunThroughPython(Strict):
    """Start torchrun through the job's own interpreter: the ``torchrun`` entry point (whose
    shebang names the Python it was installed with: a module's, ``~/.local``'s) becomes
    ``python -m torch.distributed.run``, so the launcher and its workers run the python the
    script activated (venv, conda, ``uv run``) and import its packages."""

    op: Literal["torchrun_through_python"] = "torchrun_through_python"


class LauncherThroughPython(Strict):
    """Start a per-node launcher through the python the script's environment puts first on
    PATH: ``torchrun`` -> ``python -m torch.distributed.run``, ``deepspeed`` -> ``python -m
    deepspeed.launcher.runner``, ``accelerate launch`` -> ``python -m
    accelerate.commands.launch``, on the launch line (after ``srun``/``uv run``) or in its
    ``bash -c`` body. For an environment the script activates whose launcher entry point is
    missing or names another interpreter (the package is the environment's, its ``bin`` script
    is not)."""

    op: Literal["launcher_through_python"] = "launcher_through_python"
    launcher: Literal["torchrun", "deepspeed", "accelerate"]


class MpiHostLoopback(Strict):
    """Name a one-node job's host as ``127.0.0.1`` in the host list an MPI-based launcher
    (torchpack dist-run, horovodrun, mpirun) hands to Open MPI: ``-H localhost:N`` becomes
    ``-H 127.0.0.1:N``; a torchpack dist-run/horovodrun without ``-H`` gets
    ``-H 127.0.0.1:NP`` (its ``-np``). Refused for a multi-node job."""

    op: Literal["mpi_host_loopback"] = "mpi_host_loopback"


class MpiHostSlots(Strict):
    """Give the one host an MPI launcher line names without slots (``-H localhost``, which
    Open MPI gives one slot) the ``ranks`` its ``-np`` starts: ``-H localhost:4``. Refused for
    a multi-node job or a list of hosts (patch_hostlist.mpi_host_slots)."""

    op: Literal["mpi_host_slots"] = "mpi_host_slots"
    ranks: int = Field(ge=2, le=100_000)


class JoinContinuation(Strict):
    """Mend the broken continuation of a multi-line command: the line before the one that
    starts with option ``option`` gets its end-of-line backslash (added, or the blanks after
    it removed), so the shell reads the option as part of the command instead of running it
    as one (``--deepspeed: command not found``)."""

    op: Literal["join_continuation"] = "join_continuation"
    option: OptionName


class ContainerBindSpec(Strict):
    """Write the apptainer/singularity bind specs of the script so the runtime reads them:
    ``absolute_destination``: ``SRC:rw`` (rw read as the destination) becomes ``SRC:SRC:rw`` and
    a relative destination the source path; ``drop_options``: a ``:rw``/``:ro`` an older runtime
    refuses as an option is dropped (read-write is the default)."""

    op: Literal["container_bind_spec"] = "container_bind_spec"
    mode: Literal["absolute_destination", "drop_options"]


class ContainerWritableTmpfs(Strict):
    """Run the script's apptainer/singularity commands with ``--writable-tmpfs`` instead of
    ``--writable`` (with which the runtime cannot create a bind destination the image lacks)."""

    op: Literal["container_writable_tmpfs"] = "container_writable_tmpfs"


class ContainerDropLimits(Strict):
    """Take the cgroup limit options (``--cpus``, ``--memory``, ...) off the script's
    apptainer/singularity commands: the node does not let the runtime apply them (s32b2)."""

    op: Literal["container_drop_limits"] = "container_drop_limits"


class RaiseOpenFiles(Strict):
    """Raise the job's soft open-files limit to its hard limit (``ulimit -n "$(ulimit -Hn)"``)
    before the launch: srun and the launchers pass the batch shell's limits on to the tasks."""

    op: Literal["raise_open_files"] = "raise_open_files"


class CondaShellHook(Strict):
    """Define conda's shell function (``eval "$(conda shell.bash hook)"``) just before the
    script's first ``conda activate`` (maple_flow.repair.patch_conda)."""

    op: Literal["conda_shell_hook"] = "conda_shell_hook"


class SrunRankEnv(Strict):
    """Start the Python program an srun line starts itself through a one-line shell that
    exports RANK, LOCAL_RANK and WORLD_SIZE from each task's SLURM_PROCID, SLURM_LOCALID and
    SLURM_NTASKS (maple_flow.repair.patch_srun_ranks)."""

    op: Literal["srun_rank_env"] = "srun_rank_env"


class ShowHiddenDevices(Strict):
    """Unset before the launch the GPU-visibility variable (``CUDA_VISIBLE_DEVICES``,
    ``HIP_VISIBLE_DEVICES``, ``ROCR_VISIBLE_DEVICES``) a line above it sets to a value that shows
    no device (empty, ``-1``) and nothing sets again (patch_script_env.py)."""

    op: Literal["show_hidden_devices"] = "show_hidden_devices"


class ContainerSiteLibrary(Strict):
    """Make a host library directory the site documents (``directory``, from the profile) visible
    in the launch line's Apptainer/Singularity container: its top folder bound (``-B /soft``)
    where no bind covers it, the directory appended to the ``APPTAINERENV_LD_LIBRARY_PATH`` the
    script exports or such an export written (maple_flow.repair.patch_container_lib). With
    ``bind`` false the directory is the image's own (the user's answer): only put first on the
    container's library path, nothing bound from the host (s39nofix)."""

    op: Literal["container_site_library"] = "container_site_library"
    directory: str = Field(pattern=r"^/[A-Za-z0-9_.+/-]+$")
    bind: bool = True


class ContainerNetPlugin(Strict):
    """Bind the site's NCCL network plugin (``plugin``, a library path of the profile) into the
    launch line's Apptainer/Singularity container and preload it there
    (``APPTAINERENV_LD_PRELOAD``; maple_flow.repair.patch_container_lib)."""

    op: Literal["container_net_plugin"] = "container_net_plugin"
    plugin: str = Field(pattern=r"^/[A-Za-z0-9_.+/-]+$")


class AllocConf(Strict):
    """Mend the script's PyTorch allocator setting (``PYTORCH_CUDA_ALLOC_CONF`` and kin) that
    torch rejected: ``key=value`` items written ``key:value``; with ``option``, that option (one
    the installed torch does not know) taken out; a value left with nothing dropped."""

    op: Literal["alloc_conf"] = "alloc_conf"
    option: Annotated[str, Field(pattern=r"^\w*$", max_length=64)] = ""


class BoundPortArithmetic(Strict):
    """Take the job number of a port the script computes as ``$((BASE + JOB_NUMBER))`` modulo
    a range that keeps it below 65536 (patch_script_env.py)."""

    op: Literal["bound_port_arithmetic"] = "bound_port_arithmetic"


class SetRankCount(Strict):
    """Start ``count`` ranks with the script's MPI-based launcher (mpirun/mpiexec, horovodrun,
    torchpack dist-run) where its ``-np`` asks more (its one ``-H host:N`` slot count too)."""

    op: Literal["set_rank_count"] = "set_rank_count"
    count: int = Field(ge=1, le=1_000_000)


class ContainerPython3(Strict):
    """Run ``python3`` where a container command of the script runs ``python`` (an image that
    has only ``python3``)."""

    op: Literal["container_python3"] = "container_python3"


class RegistryHostHash(Strict):
    """Write the script's pyxis/enroot image references ``HOST/PATH`` as ``HOST#PATH``
    (enroot's separator of a registry host; with ``/`` the host is read as a Docker Hub
    repository): the ``--container-image`` value, an ``enroot import docker://`` reference, or
    the variable either reads."""

    op: Literal["registry_host_hash"] = "registry_host_hash"
    host: Annotated[str, Field(pattern=r"^(?:[A-Za-z0-9](?:[\w-]*\.)+[\w-]+(?::\d+)?|[\w-]+:\d+)$",
                               max_length=253)]


class MpiSingleCopyOff(Strict):
    """Turn Open MPI's vader single-copy (CMA) transfers off for the run: export
    ``OMPI_MCA_btl_vader_single_copy_mechanism=none`` (a fixed value of one fixed variable;
    other MCA variables stay refused) where ranks may not read each other's memory."""

    op: Literal["mpi_single_copy_off"] = "mpi_single_copy_off"


class JobDirCache(Strict):
    """Set a library's cache directory to a folder under the job's working directory
    (``export NUMBA_CACHE_DIR="$PWD/.numba_cache"``) where its default is not writable."""

    op: Literal["job_dir_cache"] = "job_dir_cache"
    name: Literal["NUMBA_CACHE_DIR"]


class ContainerHostMpi(Strict):
    """Start the ranks of a container command that runs mpirun/mpiexec inside the image from
    the host: ``ch-run IMG -- mpiexec -n 2 PROG`` becomes ``srun --ntasks=2 ch-run IMG --
    PROG`` (also ``apptainer``/``singularity exec``): inside the image the MPI launcher finds
    the Slurm allocation but no ``srun`` to start its daemons with."""

    op: Literal["container_host_mpi"] = "container_host_mpi"


class LocalRankFromLocalId(Strict):
    """Read a local rank that the script takes from the global rank (``LOCAL_RANK=$SLURM_PROCID``,
    ``--local_rank=\\$SLURM_PROCID``) from the same launcher's local id (``SLURM_LOCALID``,
    ``PMI_LOCAL_RANK``, ``PALS_LOCAL_RANKID``, ``OMPI_COMM_WORLD_LOCAL_RANK``), where each
    rank reads it: a ``-c`` body a site launcher starts (escaped in double quotes), or a
    script the launcher runs in every rank. The names come from a fixed table; one the
    batch shell expands once is refused with the reason."""

    op: Literal["local_rank_from_local_id"] = "local_rank_from_local_id"


class WorldSizeFromJob(Strict):
    """Write the job's own rank count where the script gives WORLD_SIZE a literal number that
    is not it: the site launcher's rank-count word as the script writes it (``${NTOTRANKS}``,
    a number; only a whole variable or a number), else ``$SLURM_NTASKS`` where the directives
    set the task count. Refused under a per-node launcher (it sets WORLD_SIZE itself)."""

    op: Literal["world_size_from_job"] = "world_size_from_job"


class BindRankGpus(Strict):
    """Give each rank that mpiexec/mpirun starts several a node its own GPU: the Python program
    is started through ``bash -c 'export CUDA_VISIBLE_DEVICES=$LOCAL; exec "$@"' bash``, LOCAL
    the site profile's local-rank variable (PALS_LOCAL_RANKID on Polaris), as ALCF's GPU
    affinity wrapper does. NVIDIA sites only; refused where something binds GPUs already."""

    op: Literal["bind_rank_gpus"] = "bind_rank_gpus"


#: One word of a script line as an op names it: no blanks, no control characters.
Word = Annotated[str, Field(pattern=r"^[^\s\x00-\x1f\x7f]+$", max_length=512)]


class ReplaceWord(Strict):
    """Write another value in place of one word of one script line: the line an error of the
    log names through something the script contains (a path, an image, a host, a module), the
    value the user gave (``{ask:...}``). The line must hold the word; it is written quoted
    when the shell would read it otherwise."""

    op: Literal["replace_word"] = "replace_word"
    line: int = Field(ge=1, description="the script line (1-based) that holds the word")
    old: Word
    new: Annotated[Value, Field(min_length=1)] = Field(
        description="one shell word: written quoted when it holds blanks or shell characters")


class DropOption(Strict):
    """Take one option off one script line: the line an error of the log names through the
    option the tool refused (``unrecognized option '--x'``), with its value when the option
    writes it (``--x=v``) or when the log names the value after it (argparse's
    ``unrecognized arguments: --x v``). A directive line left with no option is deleted. With
    ``spelling`` (the user's answer) the option is written that way instead, its value kept."""

    op: Literal["drop_option"] = "drop_option"
    line: int = Field(ge=1, description="the script line (1-based) that holds the option")
    option: OptionName
    value: Annotated[str, Field(pattern=r"^[^\s\x00-\x1f\x7f]*$", max_length=512)] = Field(
        default="", description="the separate word after the option the log named as its value")
    spelling: Annotated[str, Field(pattern=r"^(?:none|-{1,2}[A-Za-z0-9][A-Za-z0-9_.-]*)?$",
                                   max_length=64)] = Field(
        default="", description="the option as the tool writes it (its value kept) instead of "
                                "taking it off; empty or 'none': take it off")


class SrunEnvExport(Strict):
    """Write each ``-x NAME=VALUE`` of the srun line (Open MPI's way to pass a variable, which
    srun reads as ``--exclude`` of a node named ``NAME=VALUE``) as ``export NAME=VALUE`` above
    the launch, the option taken off: srun passes the job's environment to its tasks."""

    op: Literal["srun_env_export"] = "srun_env_export"


class ServingFlag(Strict):
    """Give every command of a serving program the script runs (``vllm serve``) one of that
    program's own switches maple_flow knows (``--disable-custom-all-reduce``: its plain NCCL
    all-reduce instead of a CUDA kernel that fails on the node; patch_serving.py)."""

    op: Literal["serving_flag"] = "serving_flag"
    server: Literal["vllm"]
    flag: Literal["--disable-custom-all-reduce"]


class ServingEnv(Strict):
    """Set a variable the serving library the job runs reads, from a fixed list
    (``VLLM_WORKER_MULTIPROC_METHOD=spawn``): above the launch line, else above the line that
    runs the library (``vllm serve``, ``lm_eval --model vllm``; patch_serving.py)."""

    op: Literal["serving_env"] = "serving_env"
    server: Literal["vllm"]
    name: Literal["VLLM_WORKER_MULTIPROC_METHOD"]
    value: Literal["spawn"]
class ServingHeadAddress(Strict):
    """Give each multi-node command of a serving program (``vllm serve --nnodes N``, or a
    headless data-parallel rank) that lacks it the head node's address (``--master-addr`` /
    ``--data-parallel-address "$MASTER_ADDR"``, the script's own first-node MASTER_ADDR or a new
    one from the scheduler's node list; patch_serving_head.py)."""

    op: Literal["serving_head_address"] = "serving_head_address"
    server: Literal["vllm"]


class ServingModelName(Strict):
    """Serve the model of a serving line (``vllm serve``) under the name its client asked for
    (``model``, the name the log's 404 names), only where the line's own words say that name
    is the model it loads: its ``--served-model-name`` replaced when it loads that model, or
    given when it loads a folder of that name (patch_served_name.py)."""

    op: Literal["serving_model_name"] = "serving_model_name"
    server: Literal["vllm"]
    model: Annotated[str, Field(pattern=r"^[\w./:@+-]+$", max_length=512)]


class RespellCommand(Strict):
    """Write the command name a package installs in place of the name the script runs that
    only misspells it (``cosmos_rl`` -> ``cosmos-rl``: separators or case; the packages' own
    lists of names, templates/sites/entry_points.yaml; patch_command.py)."""

    op: Literal["respell_command"] = "respell_command"
    command: Word


class ProgramFromStdinFile(Strict):
    """Write the Python program a command reads from a here-document (``python - <<'PY'``)
    to a file and run the file: spawn-started workers re-import the main module from its
    file, which a program read from stdin does not have."""

    op: Literal["program_from_stdin_file"] = "program_from_stdin_file"


class RunThroughInterpreter(Strict):
    """Start a script file that a line runs as a command through its interpreter
    (``main.py args`` -> ``python main.py args``): a file that is not executable, or whose
    first line names no interpreter, is then read by the one its kind needs."""

    op: Literal["run_through_interpreter"] = "run_through_interpreter"
    line: int = Field(ge=1)
    word: Word
    interpreter: Literal["python", "bash"]


class SetShell(Strict):
    """Run the script in a login shell (``#!/bin/bash -l``: site profile, ``module``) or not."""

    op: Literal["set_shell"] = "set_shell"
    login: bool = True


class SetMasterAddr(Strict):
    """Make MASTER_ADDR rank 0's node: the first host of the job's node list, or with
    ``by_address`` that node's IP address (for a host name the other nodes cannot resolve)."""

    op: Literal["set_master_addr"] = "set_master_addr"
    by_address: bool = False
    #: only where the script already sets or reads MASTER_ADDR (a store timeout or refusal
    #: says an address was chosen; a launcher that picks its own is not changed; s38precC)
    only_where_named: bool = False


class StripInvisible(Strict):
    """Delete the invisible format characters (zero-width space, joiners, word joiner, a
    byte-order mark) a copy from a web page or a document left in the script: bash runs a line
    holding one as a command of that name."""

    op: Literal["strip_invisible"] = "strip_invisible"


class UnixLineEndings(Strict):
    """Write every line of a script saved with Windows (CRLF) line endings with a plain line
    feed: bash reads the carriage return as part of the line's last word (``$'\\r': command
    not found``, ``/bin/bash^M: bad interpreter``, a continuation backslash that no longer ends
    its line)."""

    op: Literal["unix_line_endings"] = "unix_line_endings"


class ContinueLaunchCommand(Strict):
    """Mend the continuation a ``launcher`` command lost before the line that holds its
    program: the command's last line ends on one of the launcher's own options and the next
    code line is indented under it, so that line gets joined again (a backslash added, or the
    blanks after one removed); see patch_lines.py."""

    op: Literal["continue_launch_command"] = "continue_launch_command"
    launcher: Literal["torchrun"]


class LaunchWithSrun(Strict):
    """Start the MPI program a Slurm batch script runs bare (its last command; no launcher
    anywhere in the script) with ``srun``, so its MPI gets the job's process manager."""

    op: Literal["launch_with_srun"] = "launch_with_srun"


class UnsetBeforeProgram(Strict):
    """Unset variables inherited from the submitting shell before the script's program line
    (its launch, else its last command): for a tool the job runs that reads them (an srun a
    solver's MPI bootstrap starts) (patch_inherited)."""

    op: Literal["unset_before_program"] = "unset_before_program"
    names: list[EnvName] = Field(min_length=1, max_length=4)


class PurgeModules(Strict):
    """Add ``module purge`` before the script's first module load, so modules left in the
    environment no longer shadow the libraries of the ones it loads (patch_inherited)."""

    op: Literal["purge_modules"] = "purge_modules"


class ContainerRuntimeSetup(Strict):
    """Load the site's container runtime: the profile's ``container.module_use`` paths and
    ``container.modules`` the script lacks (patch_container_runtime); not applicable where the
    profile gives the runtime with no module."""

    op: Literal["container_runtime_setup"] = "container_runtime_setup"
    program: Literal["apptainer", "singularity"] = Field(
        description="the runtime command the log says is not found")


class LaunchWithSiteMpiexec(Strict):
    """Start the program a PBS batch script runs bare (no launcher anywhere) with the site's
    mpiexec in the site's rank-per-GPU shape and CPU binding (patch_bare_launch)."""

    op: Literal["launch_with_site_mpiexec"] = "launch_with_site_mpiexec"


class UseSiteLauncher(Strict):
    """Start the program a launch line starts with Slurm's ``srun`` with the site's own
    launcher on a site that does not run Slurm (PBS + PALS ``mpiexec``), srun's counts carried
    (patch_site_launcher)."""

    op: Literal["site_launcher"] = "site_launcher"


class IbrunLaunch(Strict):
    """Start the program a launch line starts with ``mpirun``/``mpiexec`` with ``ibrun`` on a
    Slurm site whose profile names ibrun as its launcher (a missing mpirun there), only a task
    count other than the job's carried (patch_ibrun)."""

    op: Literal["ibrun_launch"] = "ibrun_launch"


class SiteMpiLaunch(Strict):
    """Start the program an mpd-based (another MPI's) ``mpirun`` starts with the site's own
    launcher: ibrun on a TACC site, PALS ``mpiexec -n N`` on a PBS site whose profile names
    mpiexec; refused elsewhere (patch_mpi_site)."""

    op: Literal["site_mpi_launch"] = "site_mpi_launch"


class PbsSelectMpiprocs(Strict):
    """Give the PBS select chunk ``mpiprocs=`` the ranks per node of the script's Open MPI
    launch (its ``-np`` over the chunk's nodes): without it PBS gives Open MPI one slot a node."""

    op: Literal["pbs_select_mpiprocs"] = "pbs_select_mpiprocs"


class PbsSelectMend(Strict):
    """Mend the PBS select request qsub refused: move a chunk resource given job-wide into the
    chunks (``into``), a job-wide resource written in a chunk out to its own ``-l``
    (``out_of``), drop a resource a chunk names twice with one value (``dedupe``), or drop the
    select's empty fields (``empty_fields``); see patch_pbs.py."""

    op: Literal["pbs_select_mend"] = "pbs_select_mend"
    mode: Literal["into", "out_of", "dedupe", "empty_fields"]
    resource: str | None = Field(default=None, max_length=40, pattern=r"^[A-Za-z_][\w.-]*$")


class DropPbsDirective(Strict):
    """Delete the ``#PBS`` line whose words qsub echoed in ``qsub: directive error: WORDS``
    (an option qsub does not have, such as a Slurm ``--gres=`` copied into the header)."""

    op: Literal["drop_pbs_directive"] = "drop_pbs_directive"
    words: str = Field(min_length=2, max_length=200)


class MendPbsDirective(Strict):
    """Mend the ``#PBS`` line whose words qsub echoed in ``qsub: directive error: WORDS``: an
    inline comment cut off, a stray space in the ``-l`` value taken out, or ``-l`` put before
    a lone ``resource=value`` (patch_pbs_directive.py)."""

    op: Literal["mend_pbs_directive"] = "mend_pbs_directive"
    words: str = Field(min_length=2, max_length=200)


class PbsRaiseMem(Strict):
    """Raise the script's PBS mem request (select chunks or job-wide ``-l mem=``) above the
    ``used`` figure of PBS's ``job killed: mem USED exceeded limit LIMIT``, only when LIMIT is
    what the script asks (patch_pbs_mem.py)."""

    op: Literal["pbs_raise_mem"] = "pbs_raise_mem"
    used: str = Field(max_length=24, pattern=r"^\d+ ?(?:[kKmMgGtT]?[bB])?$")
    limit: str = Field(max_length=24, pattern=r"^\d+ ?(?:[kKmMgGtT]?[bB])?$")


class PbsRaiseNcpus(Strict):
    """Raise the script's PBS ncpus request (select chunks or job-wide ``-l ncpus=``) above
    the ``used`` figure of PBS's ``job killed: ncpus USED exceeded limit LIMIT``, only when
    LIMIT is what the script asks and one node has the CPUs (patch_pbs_ncpus.py)."""

    op: Literal["pbs_raise_ncpus"] = "pbs_raise_ncpus"
    used: str = Field(max_length=16, pattern=r"^\d+(?:\.\d+)?$")
    limit: str = Field(max_length=16, pattern=r"^\d+(?:\.\d+)?$")


class WrapperGpuCount(Strict):
    """Give a ``dist_train.sh CONFIG GPUS`` wrapper call (OpenMMLab convention) the GPU count
    ``gpus`` where it has none that torchrun reads (``GPUS=2``, an option, an unset variable,
    nothing) and, when it names no config the script sets, the user's ``config``."""

    op: Literal["wrapper_gpu_count"] = "wrapper_gpu_count"
    gpus: str = Field(pattern=r"^[1-9]\d{0,2}$")
    config: Word | None = None


class ColossalaiRunPerNode(Strict):
    """Start the torchrun that ``colossalai run --host/--hostfile`` starts over SSH on each
    host with srun instead, one a node of the Slurm job: ``srun --ntasks-per-node=1 torchrun
    --nnodes="$SLURM_JOB_NUM_NODES" --nproc_per_node=N --rdzv_backend=c10d
    --rdzv_endpoint=ADDR:PORT`` (N: colossalai run's own; ADDR:PORT: its master address and
    port, else the script's MASTER_ADDR/MASTER_PORT, else the job's first node and 29500)."""

    op: Literal["colossalai_run_per_node"] = "colossalai_run_per_node"


class DropEmptyDirective(Strict):
    """Delete the directives whose option needs a value and has none (``#SBATCH -p`` alone):
    sbatch takes the next option of the header as that value and the rest as stray words."""

    op: Literal["drop_empty_directive"] = "drop_empty_directive"


class TasksPerNode(Strict):
    """Write the job's ``--ntasks=N`` as ``--ntasks-per-node`` on its nodes (``--nodes``, one
    when unsaid): a site whose submit filter refuses ``--ntasks``."""

    op: Literal["tasks_per_node"] = "tasks_per_node"


class AllocationConstraint(Strict):
    """Name the node type ``value`` a site's submit filter requires: on the batch header, on
    the srun line that allocates by itself when there is no header, or by writing at the start
    of their lines the indented ``#SBATCH`` lines that already name one (patch_constraint.py)."""

    op: Literal["allocation_constraint"] = "allocation_constraint"
    value: str = Field(pattern=r"^[A-Za-z0-9_.&|,-]+$", max_length=64)


class ContainerOptionToSrun(Strict):
    """Move the container options of the batch header (``#SBATCH --environment``,
    ``--container-image``) to the srun line, so srun itself runs on the host
    (maple_flow.repair.patch_container_header)."""

    op: Literal["container_option_to_srun"] = "container_option_to_srun"


class UnindentDirectives(Strict):
    """Write the scheduler directives the script indents (``  #SBATCH ...``, which the
    scheduler reads as comments) at the start of their lines
    (maple_flow.repair.patch_indented)."""

    op: Literal["unindent_directives"] = "unindent_directives"


class SquashfsMountImageFlag(Strict):
    """Give each ``squashfs-mount IMAGE:MOUNTPOINT -- CMD`` of the old form its image behind
    ``-s`` (maple_flow.repair.patch_sqfs)."""

    op: Literal["squashfs_mount_image_flag"] = "squashfs_mount_image_flag"


class SitePolicy(Strict):
    """Read a site's generic submit-policy refusal against the script's header and the site's
    rules (node-type constraint by whether the job asks GPUs, a queue name the profile lists, a
    queue whose limits take the request) and edit the directive at fault; refused with the
    reason when no rule shows one (maple_flow.repair.patch_policy)."""

    op: Literal["site_policy"] = "site_policy"


class RemoveArgument(Strict):
    """Take an option (and its value) off the program of the launch line: one the program's
    build does not take (GROMACS's thread-MPI ``-ntmpi`` given to its MPI build)."""

    op: Literal["remove_argument"] = "remove_argument"
    name: OptionName


class PlainSpaces(Strict):
    """Write each no-break space (U+00A0) or other Unicode space separator of the script as an
    ASCII space: a line copied from a web page that sbatch reads as an unknown directive
    (maple_flow.repair.patch_spaces)."""

    op: Literal["plain_spaces"] = "plain_spaces"


class LowerLoaderWorkers(Strict):
    """Write each data-loader worker count above ``workers`` that the script's command lines
    give the program as ``workers`` (maple_flow.repair.patch_workers)."""

    op: Literal["lower_loader_workers"] = "lower_loader_workers"
    workers: int = Field(default=2, ge=0, le=64)


class RootFromSubmitDir(Strict):
    """Take a Slurm batch script's paths from the submit directory: each directory it derives
    from its own location (``BASH_SOURCE``, ``$0``: under sbatch slurmd's spool copy) written as
    ``${SLURM_SUBMIT_DIR}``; a script that derives none and changes directory nowhere first
    moves there (maple_flow.repair.patch_submit_dir)."""

    op: Literal["root_from_submit_dir"] = "root_from_submit_dir"


class ExactParallelSteps(Strict):
    """Write ``--exact`` after the ``srun`` word of each step the script runs side by side in
    the background (maple_flow.repair.patch_steps): a fixed flag, no value."""

    op: Literal["exact_parallel_steps"] = "exact_parallel_steps"


class VenvForVirtualenv(Strict):
    """Create the script's Python environment with ``python3 -m venv`` where a line runs
    ``virtualenv [--system-site-packages] DIR`` (maple_flow.repair.patch_venv): fixed words,
    the script's own folder, no value."""

    op: Literal["venv_for_virtualenv"] = "venv_for_virtualenv"


class ProgramOverride(Strict):
    """Give a Hydra-configured program the override ``key=N`` (a count) on its command line:
    only keys whose meaning is known (patch_override.py)."""

    op: Literal["program_override"] = "program_override"
    key: Literal["ray_init.num_cpus"]
    value: Annotated[str, Field(pattern=r"^(?:\d{1,4}|\{cpus:asked\})$")]


class ProgramFromInlineFile(Strict):
    """Write a multi-line ``python -c "..."`` program of the script to a file (a
    here-document) and run that file (maple_flow.repair.patch_inline_program): the C shell
    cannot carry a double-quoted string over lines; the script's own words, no value."""

    op: Literal["program_from_inline_file"] = "program_from_inline_file"


class SiteNetPluginPath(Strict):
    """Write the site profile's NCCL network plugin directory in place of each aws-ofi-nccl
    build of the job's own on its LD_LIBRARY_PATH lines (maple_flow.repair.patch_net_plugin):
    a directory of the profile, no value from the log."""

    op: Literal["site_net_plugin_path"] = "site_net_plugin_path"


class ForeignResources(Strict):
    """Write each ``#SBATCH -l key=value,...`` line (Grid Engine's or PBS's resource list, which
    sbatch has no option for) as the Slurm options that say the same one-to-one (h_rt/walltime
    -> --time, h_vmem -> --mem-per-cpu, nodes -> --nodes; patch_foreign_resources.py); refused
    on any resource or word without such a mapping."""

    op: Literal["foreign_resources"] = "foreign_resources"


class SiteModuleReset(Strict):
    """Write a ``module purge`` above TACC's ibrun as the site's ``module reset`` (purge plus the
    site's default modules, the MPI stack ibrun needs among them; patch_module_reset.py), on a
    site whose documented reset does that; refused elsewhere."""

    op: Literal["site_module_reset"] = "site_module_reset"


class JoinOptionalValue(Strict):
    """Write the value ``word`` that a header directive gives an option whose value is optional
    (``--nice 0``, ``--exclusive user``) after a space as ``--nice=0``: sbatch takes such a value
    only after ``=`` and refuses the spaced word as a stray argument (patch_submit.py)."""

    op: Literal["join_optional_value"] = "join_optional_value"
    word: str = Field(pattern=r"^[^\s=#'\"`$;&|<>-][^\s#'\"`$;&|<>]*$", max_length=64)


FixOp = Annotated[
    AddModule | RemoveModule | SwapModule | ExportEnv | ExportEnvBeforeRead | UnsetEnv
    | ExportEnvBeforeDownload
    | PropagateEnv | SetDirective
    | RemoveDirective | SetLauncherArg | RemoveLauncherArg | RespellLauncherArg | UnderscoreOptions
    | SetBackend
    | SetQueue | SetWalltime | SetNodes | SetGpusPerNode | AddArgument | SetShell | SetMasterAddr
    | GresGpus | ContainerGpuFlag | UseTorchrun | LaunchOnEveryNode | RayHeadAddress | CshSetenv
    | TorchrunThroughPython
    | LauncherThroughPython | MpiHostLoopback | MpiHostSlots | ReplaceWord | DropOption
    | RunThroughInterpreter
    | JoinContinuation | ContainerBindSpec | ContainerWritableTmpfs | ContainerDropLimits
    | RaiseOpenFiles | SetRankCount
    | ContainerPython3 | RegistryHostHash | MpiSingleCopyOff | JobDirCache | ContainerHostMpi
    | StripInvisible | LaunchWithSrun | UnsetBeforeProgram | PurgeModules | ContainerRuntimeSetup
    | LaunchWithSiteMpiexec | PbsSelectMpiprocs
    | UnixLineEndings | ContinueLaunchCommand
    | PbsSelectMend | DropPbsDirective | MendPbsDirective | WrapperGpuCount
    | LocalRankFromLocalId | WorldSizeFromJob | BindRankGpus | ColossalaiRunPerNode
    | DropEmptyDirective | TasksPerNode | RemoveArgument
    | PlainSpaces | AllocationConstraint | GresGpuName | UseSiteLauncher | IbrunLaunch
    | SiteMpiLaunch
    | DeepspeedSlurmHostfile | RootFromSubmitDir | PbsRaiseMem | PbsRaiseNcpus
    | ShowHiddenDevices | AllocConf | BoundPortArithmetic | ContainerSiteLibrary
    | ContainerNetPlugin
    | RayBlockSteps | RayPinPorts | RayQuoteJson | RayDriverOnHead | SrunEnvExport | ServingFlag
    | ServingEnv | ServingHeadAddress | ProgramFromStdinFile | ServingModelName | RespellCommand
    | SitePolicy | LowerLoaderWorkers | CondaShellHook | SrunRankEnv | UnloadModule
    | UnloadDependentFirst
    | ContainerOptionToSrun | UnindentDirectives | SquashfsMountImageFlag | ExactParallelSteps
    | VenvForVirtualenv | ProgramOverride | SiteNetPluginPath | ProgramFromInlineFile
    | ForeignResources | SiteModuleReset | JoinOptionalValue,
    Field(discriminator="op"),
]

OP_KINDS: tuple[str, ...] = (
    "add_module", "remove_module", "swap_module", "export_env", "export_env_before_read",
    "export_env_before_download",
    "unset_env", "propagate_env",
    "set_directive", "remove_directive", "set_launcher_arg", "remove_launcher_arg",
    "respell_launcher_arg", "underscore_options", "set_backend", "set_queue", "set_walltime",
    "set_nodes", "set_gpus_per_node", "add_argument", "set_shell", "set_master_addr",
    "gres_gpus", "container_gpu_flag", "use_torchrun", "ray_head_address", "csh_setenv",
    "torchrun_through_python", "launcher_through_python", "mpi_host_loopback", "mpi_host_slots",
    "replace_word",
    "drop_option",
    "run_through_interpreter", "join_continuation", "container_bind_spec",
    "container_writable_tmpfs", "container_drop_limits", "raise_open_files", "set_rank_count",
    "container_python3",
    "registry_host_hash", "mpi_single_copy_off", "job_dir_cache",
    "container_host_mpi", "launch_on_every_node", "strip_invisible", "launch_with_srun",
    "pbs_select_mpiprocs", "pbs_select_mend", "drop_pbs_directive", "mend_pbs_directive",
    "wrapper_gpu_count",
    "local_rank_from_local_id", "world_size_from_job", "bind_rank_gpus",
    "colossalai_run_per_node",
    "drop_empty_directive", "tasks_per_node", "remove_argument",
    "plain_spaces", "allocation_constraint", "gres_gpu_name",
    "unix_line_endings", "continue_launch_command", "site_launcher", "ibrun_launch",
    "site_mpi_launch",
    "deepspeed_slurm_hostfile", "root_from_submit_dir",
    "pbs_raise_mem", "pbs_raise_ncpus",
    "show_hidden_devices", "alloc_conf", "bound_port_arithmetic", "container_site_library",
    "container_net_plugin",
    "ray_block_steps", "ray_pin_ports", "ray_quote_json", "ray_driver_on_head", "srun_env_export",
    "serving_flag", "serving_env", "serving_head_address",
    "program_from_stdin_file", "serving_model_name", "respell_command",
    "site_policy", "lower_loader_workers", "unset_before_program", "purge_modules",
    "launch_with_site_mpiexec", "conda_shell_hook", "srun_rank_env", "unload_module",
    "unload_dependent_first",
    "container_option_to_srun", "unindent_directives", "squashfs_mount_image_flag",
    "container_runtime_setup",
    "exact_parallel_steps", "venv_for_virtualenv", "program_override", "site_net_plugin_path",
    "program_from_inline_file", "foreign_resources",
    "site_module_reset", "join_optional_value",
)


def validate_ops(ops: object) -> list[dict[str, object]]:
    """``ops`` as typed fix operations in JSON form (what the store keeps); InvalidValue
    naming what is wrong when one is not an operation of this vocabulary or breaks the
    safety policy."""
    from pydantic import TypeAdapter, ValidationError

    from maple_flow.errors import invalid_value

    adapter: TypeAdapter[list[FixOp]] = TypeAdapter(list[FixOp])
    try:
        typed = adapter.validate_python(ops)
    except ValidationError as exc:
        raise invalid_value(exc, "fix operations") from None
    return [dict(op) for op in adapter.dump_python(typed, mode="json")]
