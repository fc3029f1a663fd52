"""What porting keeps and what it reports: environment, paths, queues, rank arithmetic."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache, lru_cache

from maple_flow.knowledge.scheduler_vars import scheduler_vars
from maple_flow.models import ClusterProfile, format_walltime
from maple_flow.paths import templates_dir
from maple_flow.port.words import count
from maple_flow.scriptparse.steps import JOB_IDENTITY_NAMES, without_job_identity
from maple_flow.yamlio import load_yaml

#: Environment variables that belong to a cluster (network, launcher, devices, rendezvous).
_CLUSTER_PREFIXES = (
    "NCCL_", "FI_", "CCL_", "ZE_", "ZEX_", "MPICH_", "PALS_", "SLURM_", "PBS_", "OMPI_", "UCX_",
    "I_MPI_", "CUDA_", "HSA_", "ROCR_", "NVIDIA_", "MASTER_", "LD_", "CXI_", "CRAY_", "PMI_",
    "CONDA_", "ONEAPI_", "SYCL_", "MPIR_", "OMP_", "KMP_", "GOMP_",
    "MIOPEN_", "HIP_", "ROCM_", "AMD_", "SBATCH_", "SRUN_", "SALLOC_", "GLOO_",
)
#: The GPU architectures a build targets: the source's GPUs (V100's 7.0 on Summit).
_GPU_ARCH_NAMES = frozenset({"TORCH_CUDA_ARCH_LIST", "CMAKE_CUDA_ARCHITECTURES", "CUDAARCHS"})
#: A network interface named for a library (``TP_SOCKET_IFNAME=bond1``, ``MY_IFNAME=ib0``):
#: the source site's NIC names.
_INTERFACE_NAME = re.compile(r"(?:^|_)IFNAME$")
_CLUSTER_NAMES = frozenset({
    "CUDA_VISIBLE_DEVICES", "MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "RANK", "LOCAL_RANK",
    "NODE_RANK", "LOCAL_WORLD_SIZE", "NNODES", "NGPUS", "NRANKS", "PATH", "PYTHONPATH",
    "VIRTUAL_ENV", "HOSTNAME", "TMPDIR", "HOME", "SCRATCH", "WORK", "PSCRATCH", "CFS", "GPUS",
    "NUM_NODES", "HEAD_NODE", "HEAD_NODE_IP", "NTOTRANKS", "NRANKS_PER_NODE", "NDEPTH",
    # MPICH's Hydra process manager (not Hydra the config framework: HYDRA_FULL_ERROR is the user's)
    "HYDRA_HOST_FILE", "HYDRA_LAUNCHER", "HYDRA_LAUNCHER_EXEC", "HYDRA_BOOTSTRAP",
    "HYDRA_BOOTSTRAP_EXEC", "HYDRA_IFACE", "HYDRA_ENV", "HYDRA_RMK", "HYDRA_TOPOLIB",
    "HYDRA_BINDING", "HYDRA_DEBUG", "HYDRA_DEMUX", "HYDRA_PROXY_RETRY_COUNT",
    "HYDRA_LAUNCHER_AUTOFORK",
})
_PATHISH = re.compile(r"(?:^|[=:,])(?:/|~/|\$\{?(?:HOME|SCRATCH|WORK|PSCRATCH|CFS|PROJECT)\b)")


@cache
def _env_families() -> tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]:
    """(prefix, the patterns of its site's names) of ``templates/env/site_env.yaml``."""
    data = load_yaml((templates_dir() / "env" / "site_env.yaml").read_text(encoding="utf-8"))
    return tuple((f["prefix"], tuple(re.compile(p) for p in f["site"]))
                 for f in data["families"])


def family_site(name: str) -> bool | None:
    """For a variable of a communication library's family (``NCCL_``, ``TORCH_NCCL_``, ...):
    whether it is the site's (network, fabric, plugin, hardware) rather than the user's own
    behaviour knob (``NCCL_TIMEOUT``, ``TORCH_NCCL_AVOID_RECORD_STREAMS``); None for a name
    of no family listed there."""
    for prefix, site in sorted(_env_families(), key=lambda f: -len(f[0])):
        if name.startswith(prefix):
            return any(p.search(name) for p in site)
    return None


def is_cluster_specific(name: str, value: str) -> bool:
    """Whether an exported variable belongs to the source cluster rather than to the program."""
    if (in_family := family_site(name)) is not None and name not in _CLUSTER_NAMES:
        return in_family or _reads_source_scheduler(value)
    if name in _CLUSTER_NAMES or name.startswith(_CLUSTER_PREFIXES):
        return True
    if _INTERFACE_NAME.search(name):
        return True
    return _reads_source_scheduler(value)


#: Wholly the site's fabric: libfabric providers, Slingshot CXI and UCX transports/devices.
_FABRIC_PREFIXES = ("FI_", "CXI_", "UCX_")


def network_not_carried(target: str, names: list[str]) -> str:
    """Why the source site's network settings ``names`` are not carried to ``target``."""
    nic = any(_INTERFACE_NAME.search(n) or "HCA" in n for n in names)
    return ("a network setting of the source site (its interfaces, InfiniBand HCAs, fabric or "
            f"node topology), naming hardware {target} need not have"
            + (" (NCCL stops at init when no interface matches)" if nic else "")
            + f": not carried; {target}'s own network settings (the port's, the environment "
            "the program inherits) apply")


def site_network(name: str) -> bool:
    """Whether ``name`` sets the source site's network: its NICs (``NCCL_SOCKET_IFNAME=ib0``,
    ``GLOO_SOCKET_IFNAME``, any ``*_IFNAME``), InfiniBand HCAs, NCCL's fabric, plugin and
    topology settings (``site_env.yaml``'s site names of a communication family) or the
    fabric libraries' own (``FI_``, ``CXI_``, ``UCX_``). Such a value names the source's
    hardware whatever way it reaches the program (an ``export``, a container's ``--env`` or
    ``SINGULARITYENV_``/``APPTAINERENV_`` variable, an ``env X=V`` in front of it): on another
    cluster it names interfaces or devices that need not exist there (NCCL stops at init
    when no interface matches)."""
    return (family_site(name) is True or bool(_INTERFACE_NAME.search(name))
            or name.startswith(_FABRIC_PREFIXES))


def _reads_source_scheduler(value: str) -> bool:
    """A value computed when the job runs, or from the source scheduler's variables other than
    its job identity (``$PBS_JOBID`` is renamed to the target's, not dropped)."""
    bare = without_job_identity(value)
    return "$(" in value or "`" in value or "$SLURM" in bare or "$PBS" in bare


def is_path(value: str) -> bool:
    """Whether a value names a location on some filesystem (absolute, home or scratch); a
    network address (``tcp://$HOST:3456``, ``https://host/x``) is none: its ``//`` and ``/``
    belong to the URL (a ``file://`` URL names a path)."""
    return bool(_PATHISH.search(_NET_URL.sub(" ", value)))


#: A URL of a network scheme (tcp, env, http(s), s3...), not ``file://``.
_NET_URL = re.compile(r"\b(?!file:)[A-Za-z][\w+.-]*://[^\s,]*")


def split_env(env: dict[str, str]) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(kept, cluster-specific, paths) from a script's exported variables."""
    kept: dict[str, str] = {}
    specific: dict[str, str] = {}
    paths: dict[str, str] = {}
    for name, value in env.items():
        if is_cluster_specific(name, value):
            specific[name] = value
        elif is_path(value):
            paths[name] = value
        else:
            kept[name] = value
    return kept, specific, paths


def place_ranks(
    total: int, per_node: int, nodes: int | None = None, gpn: int | None = None
) -> tuple[int, int, str]:
    """Nodes and ranks per node on the target for ``total`` ranks, and a note when inexact."""
    if gpn is None and nodes is not None:
        gpn = min(per_node, math.ceil(total / nodes))
    gpn = gpn or (total if total < per_node else per_node)
    nodes = nodes or math.ceil(total / gpn)
    note = ""
    if nodes * gpn != total:
        fewer = (nodes - 1) * gpn if nodes > 1 and nodes * gpn > total else 0
        other = (f"; for whole nodes with fewer ranks pass ranks={fewer} ({nodes - 1} x {gpn})"
                 if fewer else "")
        note = (
            f"the source ran {count(total, 'rank')}; {nodes} node(s) x {gpn} rank(s) per node "
            f"gives {nodes * gpn}: the target cannot hold the source's {total} exactly, so the "
            f"rank count changes ({total} -> {nodes * gpn}): check the global batch size and "
            f"learning rate{other}"
        )
    return nodes, gpn, note


def choose_queue(profile: ClusterProfile, nodes: int, seconds: int,
                 gpus_per_node: int | None = None) -> tuple[str, int, str]:
    """(queue, walltime seconds, note): the queue :func:`maple_flow.knowledge.policy.
    choose_queue` picks for the job (never one marked ``auto: false``, such as a by-request
    queue); when none takes it for that long, the walltime is clamped to the longest limit
    among the queues that may be chosen for its size, with a note."""
    from dataclasses import replace

    from maple_flow.knowledge.policy import ResourceRequest, queue_misfits
    from maple_flow.knowledge.policy import choose_queue as policy_queue

    req = ResourceRequest(nodes=nodes, gpus_per_node=gpus_per_node, walltime_s=seconds)
    picked = policy_queue(req, profile).queue
    if picked is not None:
        return picked.name, seconds, ""
    sized = [q for q in profile.queues.items if q.auto  # take the job but for its walltime
             and set(queue_misfits(req, q, profile)) <= {"walltime.limit"}]
    longest = max(sized or [profile.queues.default_queue],
                  key=lambda q: q.walltime_limit_seconds(nodes))
    limit = longest.walltime_limit_seconds(nodes)
    again = policy_queue(replace(req, walltime_s=limit), profile).queue
    if seconds <= limit:  # no queue takes the job for another reason (its size): no clamp
        return (again or longest).name, seconds, ""
    routed = next((r for r in longest.routes if nodes <= r.max_nodes), None)
    why = (f" ({longest.name} routes jobs of up to {routed.max_nodes} nodes to "
           f"{routed.name or 'a queue'} of {routed.max_walltime} at most)"
           if routed is not None and routed.max_walltime != longest.max_walltime else "")
    note = (
        f"walltime {format_walltime(seconds)} exceeds the {longest.name} limit on {profile.name}"
        f"{why}; clamped to {longest.walltime_limit(nodes)}"
    )
    longer = [f"{q.name} ({q.walltime_limit(nodes)})" for q in profile.queues.items
              if not q.auto and q.walltime_limit_seconds(nodes) > limit
              and set(queue_misfits(req, q, profile)) <= {"walltime.limit"}]
    if longer:
        note += f" (by request only, longer: {', '.join(longer)}; pass --queue to use one)"
    return (again or longest).name, limit, note


#: Program-level knobs a user sets for their own run: kept whatever their prefix.
_USER_KNOBS = frozenset({
    "OMP_NUM_THREADS", "NCCL_DEBUG", "NCCL_DEBUG_SUBSYS", "NCCL_DEBUG_FILE",
    "TORCH_DISTRIBUTED_DEBUG", "TORCH_NCCL_ASYNC_ERROR_HANDLING", "NCCL_ASYNC_ERROR_HANDLING",
    "TORCH_NCCL_BLOCKING_WAIT", "NCCL_BLOCKING_WAIT", "CUDA_LAUNCH_BLOCKING",
    "TORCH_SHOW_CPP_STACKTRACES", "TORCH_CPP_LOG_LEVEL", "CUDA_HOME", "PYTHONPATH",
    "CUDA_DEVICE_MAX_CONNECTIONS", "CCL_LOG_LEVEL", "TMPDIR", "HOME",
})
#: Directories every Linux node has locally: a path there is no site's filesystem.
_NODE_LOCAL = re.compile(r"^/(?:tmp|dev|var/tmp|usr/share|etc|proc|sys)(?:/|$)")
_RANK_NAMES = frozenset({
    "MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "RANK", "LOCAL_RANK", "NODE_RANK",
    "LOCAL_WORLD_SIZE", "GROUP_RANK", "NNODES", "NRANKS", "GPUS_PER_NODE", "NGPUS",
    "NTOTRANKS", "NRANKS_PER_NODE", "NUM_NODES", "NGPU_PER_NODE",
})
_CONTAINER_ENV = re.compile(r"^(?:APPTAINERENV_|SINGULARITYENV_)")
_SCHEDULER_REF = re.compile(r"\$\{?(?:SLURM_|PBS_|PALS_|PMI_|OMPI_)|scontrol|NODEFILE")
_ACCOUNT_ENV = re.compile(
    r"^(?:SBATCH|SRUN|SALLOC|PBS)_ACCOUNT$|^(?:SBATCH|SALLOC)_(?:QOS|PARTITION)$"
)
_SITE_HOST = re.compile(r"\.hsn\.|\bhsn\d|\.cm\.\w+")
_BINDING = re.compile(r"AFFINITY|CPU_BIND|GPU_BIND|MEM_BIND|_MASK$")


@dataclass(frozen=True)
class EnvVerdict:
    """What porting does with one exported variable: ``keep`` (spec.env), ``step`` (the
    export line verbatim), or a drop kind (``site``, ``path``, ``rank``, ``account``)."""

    kind: str
    why: str = ""


def container_env_name(name: str) -> str:
    """The variable ``APPTAINERENV_X`` / ``SINGULARITYENV_X`` sets inside the container (``X``),
    or ``""`` for another name."""
    found = _CONTAINER_ENV.match(name)
    return name[found.end():] if found else ""


def _reads_scheduler(value: str, own: frozenset[str]) -> bool:
    """Whether ``value`` reads the source scheduler: its job identity (renamed on the target)
    and the script's own variables (``${PBS_JOBID_NUMBER}`` set above) do not count."""
    bare = re.sub(r"\$\{?(\w+)", lambda m: "" if m.group(1) in own else m.group(0),
                  without_job_identity(value))
    return bool(_SCHEDULER_REF.search(bare))


def reads_scheduler_in_arithmetic(value: str) -> bool:
    """Whether ``value`` reads a scheduler's variable by its bare name inside ``$(( ))``
    (``$((SLURM_CPUS_PER_TASK / NGPUS))``), which another scheduler does not set (0 there)."""
    return bool(_BARE_SCHEDULER.search(" ".join(_ARITH.findall(value))))


#: A scheduler variable read by its bare name in an arithmetic expansion (``_ARITH``), not the
#: job's identity, which the port renames rather than drops.
_BARE_SCHEDULER = re.compile(
    rf"(?<![\w$])(?!(?:{JOB_IDENTITY_NAMES})\b)(?:SLURM_|PBS_|PALS_|PMI_|OMPI_)\w+")


def classify_env(name: str, value: str, domains: tuple[str, ...] = (),
                 own: frozenset[str] = frozenset()) -> EnvVerdict:
    """Whether and why an exported variable of a source script is carried to a target
    (``own``: the variables the script sets itself)."""
    if _ACCOUNT_ENV.match(name):
        return EnvVerdict("account", "the source's account or queue, read by its scheduler")
    if _CONTAINER_ENV.match(name):
        return EnvVerdict("site", "passed into the source's container image")
    if name in _RANK_NAMES:
        return EnvVerdict("rank", "job size, rendezvous and rank facts: the target's script "
                          "and launcher set them")
    if _BINDING.search(name):
        return EnvVerdict("site", "a CPU/GPU binding list for the source's node layout")
    if name in _GPU_ARCH_NAMES:
        return EnvVerdict("site", "the source's GPU architectures, that CUDA extensions are built "
                          "for (unset, PyTorch builds them for the GPUs it finds on the target)")
    if _SITE_HOST.search(value) or any(d and d in value for d in domains):
        return EnvVerdict("site", "a host address on the source's network")
    if _PROXY.match(name):
        return EnvVerdict("site", "the source site's web proxy (its compute nodes reach the "
                          "internet through it)")
    if _reads_scheduler(value, own):
        return EnvVerdict("site", "computed from the source scheduler's variables")
    if name in _USER_KNOBS and "$(" not in value and "`" not in value:
        verdict = _path_or(name, value, "keep")
        return _IMPORT_PATH if name == "PYTHONPATH" and verdict.kind == "path" else verdict
    if _own_environment_paths(name, value, own):
        return EnvVerdict("step", "adds directories of your own environment (conda/venv) to "
                          "the search path: carried as your export line")
    if _system_paths(name, value):
        return EnvVerdict("step", "adds the operating system's own directories (on every "
                          "Linux target too) to the search path: carried as your export line")
    if (name in _SEARCH_PATHS and "$(" not in value and "`" not in value
            and (where := _path_or(name, value, "site")).kind == "path"):
        return where  # `PATH=/glade/u/home/me/env/bin:$PATH`: a directory, no network setting
    if is_cluster_specific(name, value) and "$(" not in value and "`" not in value:
        if _network_launcher_device(name):
            return EnvVerdict("site", "a network, launcher or device setting of the source "
                              "cluster; the target's template sets what its own needs")
        # ``HOME=/dev/shm``, ``LD_LIBRARY_PATH=$MY_CUDNN:...``, ``CONDA_PKGS_DIRS=...``: a
        # variable some site sets too, but nothing positively of the source site's network,
        # launcher or devices: the user's line, kept (a source path flagged, or left out
        # with that true note)
        unset = sorted(set(_names_read(value)) - own - {name} - _USER_SHELL_NAMES)
        if unset:
            return EnvVerdict("site", "it reads " + ", ".join("$" + n for n in unset)
                              + ", which the script does not set (the source site's "
                              "environment or modules set it); the target's modules set "
                              "their own")
        verdict = _path_or(name, value, "step")
        if verdict.kind == "step":
            return EnvVerdict("step", "your own setting (not one of the source site's "
                              "network, launcher or devices): carried as your export line")
        return _OWN_PATH if name not in _SITE_SOFTWARE_PATHS else verdict
    if "$(" in value or "`" in value:
        return EnvVerdict("step", "computed when the job runs: carried as your export line")
    verdict = _path_or(name, value, "keep")
    return _OWN_PATH if verdict.kind == "path" else verdict


#: Prefixes of the variables that are positively a site's network fabric, MPI/launcher or GPU
#: device set-up (the target's template sets its own): a drop under "a network, launcher or
#: device setting" is true only for these (and the communication families of site_env.yaml).
_NETWORK_LAUNCHER_DEVICE = (
    "NCCL_", "FI_", "CCL_", "ZE_", "ZEX_", "MPICH_", "PALS_", "SLURM_", "PBS_", "OMPI_", "UCX_",
    "I_MPI_", "HSA_", "ROCR_", "NVIDIA_", "MASTER_", "CXI_", "CRAY_", "PMI_", "MPIR_",
    "SBATCH_", "SRUN_", "SALLOC_", "GLOO_", "HYDRA_", "CUDA_VISIBLE", "CUDA_DEVICE_ORDER",
    "GPU_DEVICE_ORDINAL",
    "SYCL_", "KMP_AFFINITY", "OMP_PLACES", "OMP_PROC_BIND", "MIOPEN_", "ROCM_", "HIP_",
    "AMD_", "ONEAPI_",
)
#: Rank and size names the target's script and launcher set themselves.
_LAUNCH_NAMES = frozenset({"WORLD_SIZE", "RANK", "LOCAL_RANK", "NODE_RANK", "LOCAL_WORLD_SIZE",
                           "NNODES", "NGPUS", "NRANKS", "GPUS", "NUM_NODES", "HEAD_NODE",
                           "HEAD_NODE_IP", "NTOTRANKS", "NRANKS_PER_NODE", "NDEPTH"})
#: Variables whose path value is the site's software installation (not the user's data).
_SITE_SOFTWARE_PATHS = frozenset({"LD_LIBRARY_PATH", "LD_PRELOAD", "LIBRARY_PATH", "ROCM_PATH",
                                  "ROCM_HOME", "ONEAPI_ROOT", "CONDA_EXE", "CONDA_PYTHON_EXE"})


#: Variables every login shell or activated environment sets: a value reading them is no
#: sign of the source site's own environment.
_USER_SHELL_NAMES = frozenset({"HOME", "USER", "PWD", "LOGNAME", "CONDA_PREFIX", "VIRTUAL_ENV",
                               "SCRATCH", "WORK", "TMPDIR"})


def _names_read(value: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in re.finditer(r"\$\{(\w+)|\$(\w+)", value)]


def _network_launcher_device(name: str) -> bool:
    """Whether the exported ``name`` is positively a site's network, launcher or device
    setting (see ``_NETWORK_LAUNCHER_DEVICE``)."""
    return (bool(family_site(name)) or name in _LAUNCH_NAMES
            or name.startswith(_NETWORK_LAUNCHER_DEVICE) or bool(_INTERFACE_NAME.search(name)))


#: ``PYTHONPATH=/src/of/mine:$PYTHONPATH``: where the program imports the user's own code from
#: (a checkout the job runs); Python skips a directory that does not exist, so the line is kept.
_IMPORT_PATH = EnvVerdict("step", "your program's import path names directories of the "
                          "source's filesystem (your code): kept as your export line; make "
                          "them exist on the target (same path) or change it")
#: ``DATA=/scratch/me/set``, ``UV_PROJECT=/home/me/proj``: a location of the user's own (data,
#: outputs, project) that their program or tools read: dropping it leaves it empty, so the line
#: is kept, flagged.
_OWN_PATH = EnvVerdict("step", "names a location of the source's filesystem (your data, "
                       "outputs or project) that the job reads: kept as your export line; "
                       "make it exist on the target (same path) or change it")
#: Search paths a user extends with their own environment's directories.
_SEARCH_PATHS = frozenset({"LD_LIBRARY_PATH", "LIBRARY_PATH", "PATH", "CPATH", "C_INCLUDE_PATH",
                           "CPLUS_INCLUDE_PATH", "PKG_CONFIG_PATH"})
#: The activated environment's directories, and ``pip install --user``'s command directory
#: (where a package's console scripts go: ``$HOME/.local/bin``).
_OWN_ENV_DIR = re.compile(
    r"^(?:\$\{?(?:CONDA_PREFIX|VIRTUAL_ENV)\}?(?:/[\w.+-]+)*|(?:\$\{?HOME\}?|~)/\.local/bin)/?$")


def _own_environment_paths(name: str, value: str, own: frozenset[str] = frozenset()) -> bool:
    """``LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH``: a search path given only
    directories of the environment the user activated (and its own previous value); for
    ``PATH``, also the ``bin`` of an environment the job makes itself (``VENV=$PWD/.venv;
    python -m venv $VENV; export PATH="$VENV/bin:$PATH"``, ``.venv/bin``)."""
    if name not in _SEARCH_PATHS:
        return False
    itself = {f"${name}", f"${{{name}}}", f"${{{name}:-}}"}
    added = [part for part in value.split(":") if part not in itself]
    return bool(added) and all(_OWN_ENV_DIR.match(part)
                               or (name == "PATH" and _own_bin(part, own)) for part in added)


#: The operating system's own directories (the Filesystem Hierarchy Standard's ``/usr/lib64``,
#: ``/usr/lib/x86_64-linux-gnu``, ``/bin``): on every Linux cluster, no site's file system.
#: ``/usr/local`` and ``/opt`` are left out (sites install their own software there).
_SYSTEM_DIR = re.compile(r"^/(?:usr/)?(?:lib|lib64|lib32|bin|sbin|include)"
                         r"(?:/(?:x86_64|aarch64|powerpc64le)-linux-gnu)?/?$")


def _system_paths(name: str, value: str) -> bool:
    """``LD_LIBRARY_PATH=/usr/lib64:$LD_LIBRARY_PATH``: a search path given only the operating
    system's own directories (and its own previous value)."""
    if name not in _SEARCH_PATHS:
        return False
    itself = {f"${name}", f"${{{name}}}", f"${{{name}:-}}"}
    added = [part for part in value.strip("\"'").split(":") if part not in itself]
    return bool(added) and all(_SYSTEM_DIR.match(part) for part in added)


#: ``$VENV/bin``, ``${ENV_DIR}/x/bin``, ``.venv/bin``, ``$PWD/.venv/bin``: a ``bin`` directory
#: under one of the script's own variables or under the job's directory.
_OWN_BIN = re.compile(r"^(?:\$\{?(\w+)\}?/)?(?:[\w.+-]+/)*bin/?$")


def _own_bin(part: str, own: frozenset[str]) -> bool:
    found = _OWN_BIN.match(part)
    if not found:
        return False
    var = found.group(1)
    if var is None:  # relative to the job's directory (``.venv/bin``), not ``bin`` alone
        return "/" in part.rstrip("/")
    return var in own or var == "PWD"


_PROXY = re.compile(r"^(?:https?|ftp|all|no)_proxy$", re.I)
_URL = re.compile(r"\b[a-z][\w+.-]*://\S*", re.I)


def _path_or(name: str, value: str, kind: str) -> EnvVerdict:
    parts = re.split(r"[:=,]", _URL.sub("", value))  # a URL's //host is no path
    if any(p.startswith("/") and not _NODE_LOCAL.match(p) for p in parts):
        return EnvVerdict("path", "points to the source cluster's filesystem")
    return EnvVerdict(kind)


#: ``${NAME}``, ``${NAME%%.*}`` (an expansion with an operator), ``$NAME``.
_REF = re.compile(r"\$\{(\w+)((?:[:#%/^,@]|-|\+|=|\?)[^}]*)?\}|\$(\w+)")
#: A braced reference with no reference inside it: the inner one of ``${A:-${PBS_O_WORKDIR}}``.
_INNER_REF = re.compile(r"\$\{(\w+)((?:[:#%/^,@]|-|\+|=|\?)[^{}$]*)?\}")


def translate_scheduler_vars(text: str, scheduler: str,
                             grid_engine: bool = False) -> tuple[str, list[str]]:
    """``text`` with the other scheduler's job variables renamed to ``scheduler``'s (and
    Grid Engine's, for a ``grid_engine`` source), and ``"$A -> $B"`` for each renaming."""
    renamed, done = _translated(text, scheduler, grid_engine)
    return renamed, list(done)


@lru_cache(maxsize=8192)
def _translated(text: str, scheduler: str, grid_engine: bool) -> tuple[str, tuple[str, ...]]:
    """:func:`translate_scheduler_vars`, kept per text and scheduler (a batch translates the
    same lines for every target; the renamings come from the fixed scheduler_vars data)."""
    done: list[str] = []
    data = scheduler_vars()
    renames = {**data.variables, **data.grid_engine} if grid_engine else data.variables

    def one(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(3)
        tail = match.group(2) or ""
        if "$" in tail:  # references in its operator's word: ``${OUT:=runs/$SLURM_JOB_ID}``
            tail = _REF.sub(one, tail)
        new = renames.get(name, {}).get(scheduler)
        if new is None or new == name:
            return "${" + name + tail + "}" if match.group(1) else match.group(0)
        done.append(f"${name} -> ${new}")
        return "${" + new + tail + "}" if match.group(1) else "$" + new

    def numeric(match: re.Match[str]) -> str:
        """A reference in arithmetic renamed to a variable that is not a number on the
        target (``$SLURM_JOB_ID`` -> PBS's ``1234.server``): its number instead."""
        name = match.group(1) or match.group(3)
        new = renames.get(name, {}).get(scheduler)
        if match.group(2) or new is None or new not in data.not_numeric:
            return match.group(0)
        done.append(f"${name} -> {data.not_numeric[new]}")
        return data.not_numeric[new]

    def bare(match: re.Match[str]) -> str:
        """A name read bare inside ``$(( ))`` (``$((LSB_JOBINDEX - 1))``) is renamed too."""
        def name(m: re.Match[str]) -> str:
            new = renames.get(m.group(1), {}).get(scheduler)
            if new is None or new == m.group(1):
                return m.group(0)
            form = data.not_numeric.get(new, new)
            done.append(f"${m.group(1)} -> {form if form != new else '$' + new}")
            return form
        return _BARE_NAME.sub(name, _REF.sub(numeric, match.group(0)))

    return _REF.sub(one, _INNER_REF.sub(one, _ARITH.sub(bare, text))), tuple(done)


#: An arithmetic expansion, and a name read in it without ``$``.
_ARITH = re.compile(r"\$\(\((?:[^()]|\([^()]*\))*\)\)")
_BARE_NAME = re.compile(r"(?<![\w$\{])([A-Za-z_]\w*)")


#: An array element's subscript (``${seeds[$seed_id]}``, ``${lines[i]}``): arithmetic, so a
#: bare name in it is read too.
_SUBSCRIPT = re.compile(r"\$\{#?!?\w+\[([^\]]*)\]")


#: A ``$`` reference's name; an arithmetic expansion's body; a bare name in arithmetic.
_DOLLAR_NAME = re.compile(r"\$\{?#?!?(\w+)")
_ARITHMETIC = re.compile(r"\$\(\((.*?)\)\)")
_ARITH_NAME = re.compile(r"(?<![\w$])([A-Za-z_]\w*)")


def referenced(text: str) -> list[str]:
    """The variable names ``text`` reads (``$A``, ``${B}``, ``${C:-$x}``, ``$((D * 2))``,
    ``${E[$i]}``): every ``$`` reference, those inside another's default or subscript too."""
    return list(_referenced(text))


@lru_cache(maxsize=4096)
def _referenced(text: str) -> tuple[str, ...]:
    """``referenced``, kept per text (a port reads the same lines for every target)."""
    if "$" not in text:
        return ()
    names = _DOLLAR_NAME.findall(text)
    for inner in [*_ARITHMETIC.findall(text), *_SUBSCRIPT.findall(text)]:
        names += [n for n in _ARITH_NAME.findall(inner) if n not in names]
    return tuple(names)


_FAMILY = {
    "nvidia": ("NVIDIA", "cuda", "nccl", "torch.cuda / device 'cuda' / backend 'nccl'"),
    "amd": ("AMD", "cuda", "nccl", "torch.cuda (HIP) / device 'cuda' / backend 'nccl' (RCCL)"),
    "intel": ("Intel", "xpu", "xccl", "torch.xpu / device 'xpu' / backend 'xccl' (or 'ccl')"),
}
_FAMILY_WORDS = re.compile(r"\b(cuda|nccl|xpu|xccl|oneccl|ccl)\b", re.I)


def device_family_note(source: str, target: str, target_name: str, args: list[str]) -> str:
    """What must change in the program when the GPU vendor changes, or ``""``."""
    named = sorted({m.group(0) for a in args for m in _FAMILY_WORDS.finditer(a)})
    in_args = f"; the arguments name {', '.join(named)}" if named else ""
    if source not in _FAMILY and target == "intel":
        return (f"{target_name} has Intel GPUs: if the program uses cuda/nccl (torch.cuda, "
                f"device 'cuda', backend 'nccl'), change it to xpu/xccl ({_FAMILY['intel'][3]})"
                f"{in_args}")
    if source not in _FAMILY or target not in _FAMILY or _FAMILY[source][1] == _FAMILY[target][1]:
        return ""
    was, now = _FAMILY[source], _FAMILY[target]
    return (
        f"device family changes: the source runs on {was[0]} GPUs ({was[3]}), {target_name} "
        f"has {now[0]} GPUs: change the program's {was[1]}/{was[2]} calls to "
        f"{now[1]}/{now[2]} ({now[3]}){in_args}"
    )

