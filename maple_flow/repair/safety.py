"""The safety policy of repair operations, whoever proposes them (see docs/repair-safety.md).

Two layers, both pure:

- **Hard rules** hold for every op from every source (knowledge base, LLM, ``--answer``): no
  loader, shell-startup or code-search variable is set or passed on (``LD_PRELOAD``,
  ``BASH_ENV``, ``PATH``, ...); no launcher or directive option that runs a command, loads a
  file as code or moves the job elsewhere (``--wrap``, ``--prolog``, ``--mca``, ``-S`` ...);
  output paths stay inside the job's directory (relative, no ``..``); no module by path. The op
  models of ``ops.py`` call these rules, so a violating op cannot be built at all.
- **The allowlist**: the environment names, directives and launcher options (per stage) an op
  may touch without a person's review. An LLM proposal is applied unreviewed only when every
  op is on it (``review.review_reasons``); otherwise it is shown for review, or refused when
  nobody can review.

Option names are compared the way getopt_long reads them: an unambiguous prefix of a long
option is that option (``--out`` is ``--output``), and ``_`` and ``-`` are the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from maple_flow.models import ClusterProfile

# -- environment names -------------------------------------------------------------------------
#: Variables that make a loader, a shell, an interpreter or a launcher run foreign code.
FORBIDDEN_ENV = frozenset({
    "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "IFS", "PS1", "PS2", "PS3", "PS4",
    "PROMPT_COMMAND", "HOME", "SHELL", "ZDOTDIR", "GLOBIGNORE", "HISTFILE", "TMPDIR",
    "PERL5OPT", "RUBYOPT", "NODE_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
    "JDK_JAVA_OPTIONS", "EDITOR", "VISUAL", "PAGER", "BROWSER", "HOSTALIASES",
    "MODULERCFILE", "MODULESHOME", "CUDA_INJECTION64_PATH",
})
_FORBIDDEN_ENV_RE = re.compile(
    r"^(?:LD_|DYLD_|BASH_FUNC_|PYTHON|LMOD_|OMPI_MCA_|PMIX_MCA_|PRTE_MCA_|OPAL_|GIT_|SSH_"
    r"|OMP_TOOL)"
    r"|(?:PATH|LIB|LIBS|LIBRARIES|OPTS?|OPTIONS|_EXEC|AGENT)$"
    r"|PRELOAD|AUDIT|PLUGIN|INJECTION|PROLOG|EPILOG|EXPORT|STARTUP"
)
#: Names that end like a search path (``...PATH``) but name one data folder a library writes
#: (no program, library or module is searched there): set like any other cache folder (s33cov).
DATA_FOLDER_ENV = frozenset({
    "MIOPEN_USER_DB_PATH",  # MIOpen's user performance database
    "ENROOT_TEMP_PATH",  # the folder enroot unpacks and converts image layers in (s33b3)
})
#: Names that end like a search path but name one data file a library reads (no code is
#: searched there): the Hugging Face Hub's token file, so that a job reads the user's token
#: from the file ``hf auth login`` wrote instead of carrying the secret in the job script.
DATA_FILE_ENV = frozenset({"HF_TOKEN_PATH"})
#: Switches that only take a folder off the interpreter's search path (no code is added to
#: it): CPython then leaves out the user site-packages of ``pip install --user`` (~/.local,
#: PEP 370), which shadows the job's environment (s35pyenv).
SEARCH_NARROWING_ENV = frozenset({"PYTHONNOUSERSITE"})
#: Names an op may set without review: exact names, and families by prefix.
ALLOWED_ENV = frozenset({
    "MASTER_ADDR", "MASTER_PORT", "OMP_NUM_THREADS", "CUDA_VISIBLE_DEVICES",
    "CUDA_DEVICE_MAX_CONNECTIONS", "CUDA_LAUNCH_BLOCKING", "PYTORCH_CUDA_ALLOC_CONF",
    "SRUN_CPUS_PER_TASK", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE",
    "HDF5_USE_FILE_LOCKING", "ZE_FLAT_DEVICE_HIERARCHY",
    "ZE_AFFINITY_MASK", "TORCH_DISTRIBUTED_DEBUG", "TORCH_CPP_LOG_LEVEL",
    "WANDB_MODE",  # offline: the run logs locally, no key or network needed
    "USE_LIBUV",  # torch's TCPStore without libuv (a torch built without it)
    "OPENBLAS_NUM_THREADS",  # a thread count, like OMP_NUM_THREADS
    "ZES_ENABLE_SYSMAN",  # Level Zero Sysman: the SYCL free-memory query (ALCF Aurora)
    "XLA_FLAGS",  # XLA's compiler flags (ALCF Polaris JAX page: one compilation thread)
    "TRITON_CACHE_DIR",  # where Triton keeps its compiled kernels (a cache folder)
    # where MIOpen keeps its user database and compiled kernels (cache folders, s33cov)
    "MIOPEN_USER_DB_PATH", "MIOPEN_CUSTOM_CACHE_DIR",
    "MAX_JOBS",  # a count: the parallel compile jobs of torch cpp_extension / ninja builds
    # Ray leaves the ROCm visible devices of its workers to the framework (vLLM, SGLang)
    "RAY_EXPERIMENTAL_NOSET_HIP_VISIBLE_DEVICES",
    "TORCHDYNAMO_DISABLE",  # a switch: torch.compile runs the model uncompiled (s32r2a)
    "JULIA_CUDA_USE_COMPAT",  # a switch: CUDA.jl without its forward-compatible driver (s32gpu)
    # Cray PMI's start-up secret, cleared (empty) as LUMI's known issues advise (s33r32)
    "PMI_SHARED_SECRET",
    # a switch of NeMo recipes: tensor-parallel communication overlap (userbuffers) off (s35rl36)
    "TP_COMM_OVERLAP",
    # a switch: CPython leaves the ~/.local user site-packages off sys.path (s35pyenv)
    "PYTHONNOUSERSITE",
    # cuBLAS's fixed workspace (:4096:8 or :16:8) that deterministic PyTorch needs (s36rl34)
    "CUBLAS_WORKSPACE_CONFIG",
    # a size: the cap of the heap the Chapel runtime registers with the NIC (s36rl38)
    "CHPL_RT_MAX_HEAP_SIZE",
    # torch.distributed's rank variables, set to the one-process world (RANK=0, WORLD_SIZE=1)
    # of a job that starts one process (s36rl37)
    "RANK", "LOCAL_RANK", "WORLD_SIZE",
    # the site's documented HTTP proxy for compute nodes (profile network.proxy_env: ALCF
    # Polaris/Aurora reach the internet only through it), both spellings tools read (s36hub)
    "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY",
    # the hosts the same settings keep out of that proxy (profile network.no_proxy: the
    # site's own hosts and localhost, as its getting-started page writes them; s38facts)
    "no_proxy",
    # the file the Hugging Face Hub reads its token from (a path the user gives; the token
    # itself never goes into the script)
    "HF_TOKEN_PATH",
    # a switch: huggingface_hub's hf_transfer downloads off (0), its plain downloads (s39rl46)
    "HF_HUB_ENABLE_HF_TRANSFER",
})
ALLOWED_ENV_PREFIXES = ("NCCL_", "FI_", "CCL_", "MPICH_", "TORCH_NCCL_")
#: Words of an environment list that are not names (srun --export=ALL,NAME=value).
_ENV_KEYWORDS = frozenset({"ALL", "NONE", "NIL"})


#: Search paths a job sets for itself that may be passed on by name (``mpirun -x PATH``, the
#: OpenMPI way to give remote ranks the job's own PATH); never set to a new value by an op.
PASS_ON_BY_NAME = frozenset({"PATH", "LD_LIBRARY_PATH"})


#: maple's internal variables (MAPLE_MINIAPP_BACKEND, ...): never set in a user's script.
MAPLE_INTERNAL_PREFIX = "MAPLE_"


def env_name_problem(name: str, passed_on: bool = False) -> str | None:
    """Why setting ``name`` (or, ``passed_on``, passing the job's own value on) is refused."""
    if passed_on and name in PASS_ON_BY_NAME:
        return None
    if name.upper().startswith(MAPLE_INTERNAL_PREFIX):
        return (f"{name} is maple's own variable (read by its mini-apps and tools); it never "
                "goes into a user's script")
    if name in DATA_FOLDER_ENV or name in DATA_FILE_ENV or name in SEARCH_NARROWING_ENV:
        return None
    if name in FORBIDDEN_ENV or _FORBIDDEN_ENV_RE.search(name.upper()):
        return (f"{name} is a loader, shell-startup or code-search variable; a repair never "
                "sets or passes it on")
    return None


def passed_on_problem(name: str) -> str | None:
    """Why passing the job's own value of ``name`` on to the tasks is refused."""
    return env_name_problem(name, passed_on=True)


def env_allowed(name: str) -> bool:
    """Whether ``name`` is on the allowlist (and not forbidden)."""
    return env_name_problem(name) is None and (
        name in ALLOWED_ENV or name.startswith(ALLOWED_ENV_PREFIXES))


def env_list_names(value: str) -> list[str]:
    """The variable names of an environment list: ``ALL,A=1,B`` -> [A, B]; ``A=1`` -> [A];
    ``A 1`` (mpiexec -env NAME VALUE) -> [A]."""
    names = []
    for item in value.split(","):
        name = re.split(r"[=\s]", item.strip(), maxsplit=1)[0]
        if name and name.upper() not in _ENV_KEYWORDS:
            names.append(name)
    return names


def env_list_problem(value: str) -> str | None:
    """Why an environment list is refused: a forbidden or malformed name in it."""
    for item in value.split(","):
        name = re.split(r"[=\s]", item.strip(), maxsplit=1)[0]
        if not name or name.upper() in _ENV_KEYWORDS:
            continue
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            return f"{name!r} in an environment list is not a variable name"
        problem = env_name_problem(name, passed_on=item.strip() == name)
        if problem:
            return problem
    return None


# -- paths -------------------------------------------------------------------------------------
def job_path_problem(value: str) -> str | None:
    """Why ``value`` is not a path inside the job's directory: absolute, home-relative,
    ``..``, a ``host:path`` or an expansion."""
    path = value.strip()
    if not path:
        return "an empty path"
    if path.startswith(("/", "~")) or ":" in path or "$" in path or "`" in path:
        return f"{value!r} is not a relative path inside the job's directory"
    if ".." in re.split(r"[/\\]", path):
        return f"{value!r} leaves the job's directory (..)"
    return None


def module_problem(name: str) -> str | None:
    """Why a module name is refused: a path to a modulefile rather than a name."""
    if name.startswith(("/", ".", "~")) or ".." in name.split("/"):
        return f"module {name!r} is a path, not a module name"
    return None


# -- option names ------------------------------------------------------------------------------
def _canon(name: str) -> str:
    return name.lstrip("-").replace("_", "-")


def _means(name: str, options: Iterable[str], known: Iterable[str] = ()) -> bool:
    """Whether option ``name`` is one of ``options``: exactly, or (unless it is exactly one of
    ``known``) as an abbreviation of a long one, the way getopt_long reads ``--out``."""
    given = _canon(name)
    if given in {_canon(o) for o in options}:
        return True
    if given in {_canon(o) for o in known} or not name.startswith("--") or len(given) < 2:
        return False
    return any(_canon(o).startswith(given) for o in options if len(_canon(o)) > 1)


#: Options that write files where the job's output goes (value: a job-relative path).
PATH_OPTIONS = frozenset({"--output", "--error", "--input", "--chdir", "-o", "-e", "-i",
                          "-D", "--log-dir", "--output-filename", "--wdir", "-wdir"})
#: Options whose value is an environment list (names checked).
ENV_LIST_OPTIONS = frozenset({"--export", "-x", "--env", "-env", "-genv", "--genv",
                              "-envlist", "--envlist", "-genvlist", "--genvlist"})
#: Launcher options that run a program, load code, copy files or change identity.
FORBIDDEN_LAUNCHER = frozenset({
    "--wrap", "--prolog", "--epilog", "--task-prolog", "--task-epilog", "--bcast",
    "--export-file", "--uid", "--gid", "--container", "--container-id", "--get-user-env",
    "--preload-binary", "--preload-files", "--prefix", "--mca", "-mca", "--gmca", "-gmca",
    "--tune", "-am", "--app", "--report-uri", "--launch-agent", "-launch-agent", "--path",
    "-launcher-exec", "--launcher-exec", "-bootstrap-exec", "--bootstrap-exec",
    "-configfile", "--configfile", "--launcher-args", "--config-file",
})
#: Directives that run or load something, or change who runs the job and where.
FORBIDDEN_DIRECTIVES = frozenset({
    "wrap", "export-file", "uid", "gid", "container", "container-id", "bb", "bbf",
    "burst-buffer", "shell", "S", "clusters", "M", "get-user-env",
})
DIRECTIVE_PATHS = frozenset({"output", "error", "input", "chdir", "o", "e", "i", "D"})
DIRECTIVE_ENV_LISTS = frozenset({"export", "variables", "v"})

#: Options of each launch stage an op may set without review.
ALLOWED_LAUNCHER: dict[str, frozenset[str]] = {
    "srun": frozenset({
        "--ntasks", "-n", "--ntasks-per-node", "--nodes", "-N", "--cpus-per-task", "-c",
        "--gpus-per-task", "--gpus-per-node", "--gpus", "--gpu-bind", "--cpu-bind", "--mpi",
        "--distribution", "--export", "--exclusive", "--overlap", "--kill-on-bad-exit", "-K",
        "--label", "-l", "--unbuffered", "-u", "--gres", "--mem", "--network", "--hint",
        "--threads-per-core", "--ntasks-per-gpu", "--cpus-per-gpu",
        # the step gets only the resources it asks (no value, a Slurm 21.08+ flag like --exclusive)
        "--exact",
        # pyxis: mount the container image's root filesystem writable (no value, runs nothing)
        "--container-writable"}),
    "mpiexec": frozenset({
        "-n", "-np", "--np", "--ppn", "-ppn", "--depth", "-d", "--cpu-bind", "--env",
        "-env", "-genv", "--genv", "--envall", "-genvall", "--envlist", "--no-vni",
        "--hostfile", "-f", "--line-buffer", "-l", "--label"}),
    "mpirun": frozenset({
        "-np", "-n", "--np", "--npernode", "-npernode", "--map-by", "--bind-to",
        "--rank-by", "-x", "--report-bindings", "--oversubscribe", "--hostfile"}),
    "ibrun": frozenset({"-n", "-o"}),
    "torchrun": frozenset({
        "--nproc-per-node", "--nnodes", "--node-rank", "--rdzv-backend", "--rdzv-endpoint",
        "--rdzv-id", "--rdzv-conf", "--master-addr", "--master-port", "--max-restarts",
        "--standalone", "--use-env", "--monitor-interval", "--tee", "--redirects",
        "--local-addr", "--start-method"}),
    "deepspeed": frozenset({
        "--num-gpus", "--num-nodes", "--hostfile", "--master-addr", "--master-port",
        "--launcher", "--include", "--exclude", "--no-ssh-check", "--no-local-rank",
        "--force-multi",
        # the runner's switch that runs the program as a module (deepspeed/launcher/runner.py)
        "--module"}),
    # horovodrun's documented launcher options: ranks, hosts, controller, network interface
    "horovodrun": frozenset({
        "-np", "-H", "--hosts", "--hostfile", "--gloo", "--mpi", "--network-interface",
        "--start-timeout"}),
    "accelerate": frozenset({
        "--num-processes", "--num-machines", "--machine-rank", "--main-process-ip",
        "--main-process-port", "--multi-gpu", "--mixed-precision", "--rdzv-backend",
        "--same-network", "--use-deepspeed", "--use-fsdp", "--deepspeed-multinode-launcher"}),
}
ALLOWED_DIRECTIVES = frozenset({
    "account", "partition", "qos", "time", "nodes", "ntasks", "ntasks-per-node", "gpus",
    "gpus-per-node", "gpus-per-task", "cpus-per-task", "gres", "constraint", "mem",
    "exclusive", "job-name", "filesystems", "select", "walltime", "queue", "place",
    "ngpus", "ncpus", "gpu-bind", "cpus-per-gpu", "mem-per-gpu", "reservation",
    "output", "error",  # their values are held to job-relative paths by the hard rules
    "network",  # Slurm's switch request (Slingshot VNIs), as srun's --network above
})
#: Launch stages whose ``--export``-style options take an environment list.
_SITE_STAGES = frozenset({"srun", "mpiexec", "mpirun", "ibrun"})


def _known_launcher_options() -> frozenset[str]:
    return PATH_OPTIONS | ENV_LIST_OPTIONS | frozenset().union(*ALLOWED_LAUNCHER.values())


def launcher_option_problem(stage: str, name: str, value: str | None) -> str | None:
    """Why setting option ``name`` (with ``value``) of launch stage ``stage`` is refused."""
    known = _known_launcher_options()
    if _means(name, FORBIDDEN_LAUNCHER, known):
        return f"{stage} {name} runs or loads something other than the job's program"
    if value is None:
        return None
    if stage in _SITE_STAGES and _means(name, ENV_LIST_OPTIONS, known):
        return env_list_problem(value)
    if _means(name, PATH_OPTIONS, known) and not (stage == "ibrun" and name == "-o"):
        problem = job_path_problem(value)
        return f"{stage} {name}: {problem}" if problem else None
    return None


def directive_problem(option: str, value: str | None) -> str | None:
    """Why setting scheduler option ``option`` (long name, or a PBS letter) is refused."""
    name = option if len(option) == 1 else f"--{option}"
    known = ALLOWED_DIRECTIVES | DIRECTIVE_PATHS | DIRECTIVE_ENV_LISTS
    if _means(name, FORBIDDEN_DIRECTIVES, known):
        return f"the {option} directive runs, loads or moves the job; a repair never sets it"
    if value is None:
        return None
    if _means(name, DIRECTIVE_PATHS, known):
        problem = job_path_problem(value)
        return f"directive {option}: {problem}" if problem else None
    if _means(name, DIRECTIVE_ENV_LISTS, known):
        return env_list_problem(value)
    if option in {"attributes", "W"} and re.search(r"(?i)stage(?:in|out)", value):
        return "a PBS stagein/stageout copies files; a repair never sets it"
    return None


# -- the allowlist -----------------------------------------------------------------------------
#: Ops that are typed tightly enough to need no list (a queue, a walltime, a count ...) or
#: only take something away.
ALWAYS_ALLOWED = frozenset({
    "unset_env", "remove_directive", "remove_launcher_arg", "remove_module", "set_backend",
    "set_queue", "set_walltime", "set_nodes", "set_gpus_per_node", "set_shell",
    "set_master_addr", "underscore_options", "gres_gpus",
    "container_gpu_flag", "ray_head_address", "csh_setenv",
    # script-shape ops: no value reaches the script but a count, an option name already in it
    # or a fixed line (patch_shape.py)
    "join_continuation", "container_bind_spec", "container_writable_tmpfs", "raise_open_files",
    "container_drop_limits",  # options taken off an apptainer command (patch_container_limits)
    "set_rank_count", "container_python3", "container_host_mpi",
    # runtime ops (patch_runtime.py): a '/' written '#' in an image reference the script has, a
    # fixed variable with a fixed value, a fixed cache variable set to a folder of the job's
    "registry_host_hash", "mpi_single_copy_off", "job_dir_cache",
    # line ops (patch_lines.py): characters taken away, a fixed launcher word before the
    # script's own program line, a count the script's launch line already gives
    "strip_invisible", "launch_with_srun", "pbs_select_mpiprocs",
    # fixed words before a line of the script: unset of named variables, module purge
    # (patch_inherited.py)
    "unset_before_program", "purge_modules",
    # module use / module load lines of the cluster profile's container facts, nothing of the
    # log (patch_container_runtime.py)
    "container_runtime_setup",
    # the site launcher word and the select's node count before a bare program line
    # (patch_bare_launch.py)
    "launch_with_site_mpiexec",
    # the site's launcher word and srun's own counts in place of srun (patch_site_launcher.py)
    "site_launcher",
    # a slot count (the launch line's own -np) after the one host it names (patch_hostlist.py)
    "mpi_host_slots",
    # ibrun in place of mpirun/mpiexec and the job's own count (patch_ibrun.py)
    "ibrun_launch",
    # the site's launcher in place of an mpd-based mpirun, its count kept (patch_mpi_site.py)
    "site_mpi_launch",
    # line endings written as plain line feeds; a backslash added to a launcher's own line
    "unix_line_endings", "continue_launch_command",
    # Unicode spaces written as ASCII ones (patch_spaces.py): no character is added
    "plain_spaces",
    # a smaller digit count in place of the loader-worker count the script gives (patch_workers.py)
    "lower_loader_workers",
    # PBS select mends (patch_pbs.py): resources and values the script's own request holds
    "pbs_select_mend", "drop_pbs_directive",
    # another scheduler's -l list on an #SBATCH line written as the Slurm options its own
    # values map to one-to-one (patch_foreign_resources.py): sizes, times, counts only
    "foreign_resources",
    # a module purge above ibrun written as the site's documented reset (patch_module_reset.py)
    "site_module_reset",
    # the refused #PBS line's own words mended: a comment cut, a space taken out, -l put in
    # front of a lone resource (patch_pbs_directive.py)
    "mend_pbs_directive",
    # a PBS mem request raised to the size PBS saw used, digits only (patch_pbs_mem.py)
    "pbs_raise_mem",
    # a PBS ncpus request raised to the count PBS saw used, digits only (patch_pbs_ncpus.py)
    "pbs_raise_ncpus",
    # Ray steps (patch_ray_steps.py): fixed option words, port numbers computed from the
    # script's own ports, the head step's own node word copied in front of its driver
    "ray_block_steps", "ray_pin_ports", "ray_quote_json", "ray_driver_on_head",
    # a node type from the cluster profile (patch_constraint.py)
    "allocation_constraint",
    # the header's own container option words moved to the srun line (patch_container_header.py)
    "container_option_to_srun",
    # blanks taken off the script's own directive lines (patch_indented.py)
    "unindent_directives",
    # a fixed flag word before the script's own image word (patch_sqfs.py)
    "squashfs_mount_image_flag",
    # a node type, or a queue name, from the cluster profile in place of the header's
    # (patch_policy.py)
    "site_policy",
    # the GRES name the script misspells written as Slurm's 'gpu' (patch_gres.py)
    "gres_gpu_name",
    # a fixed line writing the job's node list with a count the script gives, and the fixed
    # file name it writes on the deepspeed line (patch_deepspeed.py)
    "deepspeed_slurm_hostfile",
    # a fixed variable (SLURM_SUBMIT_DIR) in place of a directory the script derives from its own
    # location, or a fixed cd to it (patch_submit_dir.py)
    "root_from_submit_dir",
    # the script's own GPU-visibility, allocator or port line mended in place: no value but
    # the script's own words, a fixed separator or a modulo range (patch_script_env.py)
    "show_hidden_devices", "alloc_conf", "bound_port_arithmetic",
    # a library directory of the site's profile (plain path characters) bound into the launch
    # line's container and put on its library path, or (bind false) the image's own library
    # directory the user names, put first on the container's library path (patch_container_lib.py)
    "container_site_library", "container_net_plugin",
    # a fixed switch or variable of the serving program the script runs, from a fixed list
    # (patch_serving.py)
    "serving_flag", "serving_env",
    # the head address option on a multi-node serving line, valued by the script's own
    # first-node MASTER_ADDR or a fixed first-node expression (patch_serving_head.py)
    "serving_head_address",
    # a here-document fed to python written to a fixed file name with cat, the script's own
    # command run on that file (patch_stdin.py): no value but the script's own words
    "program_from_stdin_file",
    # the served-model name a serving line already loads (its own model word or that word's
    # last folder; patch_served_name.py); a command name from the packages' own lists
    # (templates/sites/entry_points.yaml; patch_command.py)
    "serving_model_name", "respell_command",
    # a fixed line, conda's own hook for the script's shell, before its conda activate
    # (patch_conda.py)
    "conda_shell_hook",
    # a fixed one-line shell (Slurm's own per-task ids as torch's rank variables) before the
    # Python program an srun line starts (patch_srun_ranks.py)
    "srun_rank_env",
    # only takes a module away, one the job inherits (patch_env.unload_before)
    "unload_module",
    # only takes a module away, one the HINT names, just above the script's own unload of
    # the module that needs it gone first (patch_env.unload_dependent_first)
    "unload_dependent_first",
    # a fixed flag (--exact) after the srun word of the script's own side-by-side steps
    # (patch_steps.py)
    "exact_parallel_steps",
    # fixed words (python3 -m venv) for the virtualenv command of the script's own line that
    # creates an environment in its own folder (patch_venv.py)
    "venv_for_virtualenv",
    # a count (digits, the script's own --cpus-per-task) for a known Hydra key of the program
    # (patch_override.py)
    "program_override",
    # the site profile's own NCCL network plugin directory in place of the job's own build on
    # its LD_LIBRARY_PATH lines (patch_net_plugin.py)
    "site_net_plugin_path",
    # the script's own multi-line python -c program written to a fixed file name through a
    # here-document (a program without $, backquote or backslash) and run by the same
    # command (patch_inline_program.py)
    "program_from_inline_file",
})
#: Program arguments whose meaning maple_flow knows (the number of processes of the job, as
#: fairseq and ParlAI take it): setting one to a count needs no review.
WORLD_SIZE_ARGUMENTS = frozenset({"--distributed-world-size"})
#: Program runtime options whose meaning maple_flow knows, with the values it may set unreviewed:
#: HPX's thread stacks without guard pages (one memory map fewer per stack; HPX's own message
#: names it when the map count is exhausted - TheHPXProject/hpx#609, STEllAR-GROUP/hpx 498c7c8).
KNOWN_PROGRAM_OPTIONS: dict[str, frozenset[str]] = {
    "-Ihpx.stacks.use_guard_pages": frozenset({"0"}),
    # torchtitan's checkpoint mode switched to synchronous saves (its JobConfig
    # checkpoint.async_mode; the async modes build a gloo subgroup, s32gpu)
    "--checkpoint.async-mode": frozenset({"disabled"}),
    "--checkpoint.async_mode": frozenset({"disabled"}),
    # AlphaFold 3's attention kernel: XLA's, where the GPU generation lacks the Triton one
    # (google-deepmind/alphafold3#46, s33r32)
    "--flash_attention_implementation": frozenset({"xla"}),
}


def module_known(name: str, profile: ClusterProfile | None) -> bool:
    if profile is None:
        return False
    return name in profile.software.available_modules or name in profile.software.modules


def launcher_off_list(stage: str, name: str, value: str | None) -> str | None:
    allowed = ALLOWED_LAUNCHER.get(stage, frozenset())
    if not any(_canon(name) == _canon(a) and name.startswith("--") == a.startswith("--")
               for a in allowed):
        return f"sets {stage} {name}, which is not on the allowlist"
    if value and _means(name, ENV_LIST_OPTIONS):
        names = [n for n in env_list_names(value) if not env_allowed(n)]
        return f"passes on {', '.join(names)}, not on the allowlist" if names else None
    return None
