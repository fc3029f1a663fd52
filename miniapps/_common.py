"""Pure helpers shared by the verification mini-apps: rank env, device model, checks, report.

Nothing here imports torch, so this module loads in milliseconds and is unit-tested directly.

Rank precedence (the first family whose rank AND size variables are both set wins; its own
local-rank and node-rank variables are used, falling back to the later families' local-rank
variables only when the winning family has none):

1. torchrun / deepspeed / accelerate launch: ``RANK``, ``WORLD_SIZE``, ``LOCAL_RANK``,
   node ``GROUP_RANK``
2. Open MPI: ``OMPI_COMM_WORLD_RANK``, ``OMPI_COMM_WORLD_SIZE``, ``OMPI_COMM_WORLD_LOCAL_RANK``
3. PALS (Cray/HPE ``mpiexec``, Polaris/Aurora): ``PALS_RANKID``, ``PMI_SIZE``,
   ``PALS_LOCAL_RANKID``, node ``PALS_NODEID``
4. PMI (MPICH Hydra, Intel MPI, PMIx): ``PMI_RANK``/``PMIX_RANK``, ``PMI_SIZE``,
   ``PMI_LOCAL_RANK``/``MPI_LOCALRANKID``
5. Slurm (``srun``): ``SLURM_PROCID``, ``SLURM_NTASKS``/``SLURM_NPROCS``, ``SLURM_LOCALID``,
   node ``SLURM_NODEID``

MPI families come before Slurm because a batch script's own environment already holds
``SLURM_PROCID=0``; an ``mpiexec`` inside the allocation does not reset it.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

REPORT_PREFIX = "MAPLE_MINIAPP_REPORT "
#: Folder beside the mini-apps where each rank also writes its report (rank-N.json).
REPORTS_DIR = "reports"
GPUS_PER_NODE_VAR = "MAPLE_TWIN_GPUS_PER_NODE"
#: File beside the mini-apps naming the GPUs per node the job means to use, when that is
#: fewer than a node has (a part-node job on a site that gives whole nodes).
JOB_LAYOUT_FILE = "job_layout.json"
# Device-visibility variables, in the order they are honoured.
VISIBILITY_VARS = (
    "CUDA_VISIBLE_DEVICES",
    "HIP_VISIBLE_DEVICES",
    "ROCR_VISIBLE_DEVICES",
    "ZE_AFFINITY_MASK",
)


@dataclass(frozen=True)
class RankFamily:
    """One launcher's way of telling a process its rank."""

    name: str
    rank: tuple[str, ...]
    size: tuple[str, ...]
    local_rank: tuple[str, ...]
    node_rank: tuple[str, ...] = ()


RANK_FAMILIES = (
    RankFamily("torchrun", ("RANK",), ("WORLD_SIZE",), ("LOCAL_RANK",), ("GROUP_RANK",)),
    RankFamily(
        "openmpi",
        ("OMPI_COMM_WORLD_RANK",),
        ("OMPI_COMM_WORLD_SIZE",),
        ("OMPI_COMM_WORLD_LOCAL_RANK",),
    ),
    RankFamily("pals", ("PALS_RANKID",), ("PMI_SIZE",), ("PALS_LOCAL_RANKID",), ("PALS_NODEID",)),
    RankFamily(
        "pmi",
        ("PMI_RANK", "PMIX_RANK"),
        ("PMI_SIZE",),
        ("PMI_LOCAL_RANK", "MPI_LOCALRANKID"),
    ),
    RankFamily(
        "slurm", ("SLURM_PROCID",), ("SLURM_NTASKS", "SLURM_NPROCS"), ("SLURM_LOCALID",),
        ("SLURM_NODEID",),
    ),
)
RENDEZVOUS_VARS = ("MASTER_ADDR", "MASTER_PORT")
SNAPSHOT_VARS = tuple(
    sorted(
        {v for f in RANK_FAMILIES for v in (*f.rank, *f.size, *f.local_rank, *f.node_rank)}
        | set(RENDEZVOUS_VARS)
        | set(VISIBILITY_VARS)
        | {GPUS_PER_NODE_VAR, "SLURM_JOB_ID", "PBS_JOBID", "SLURMD_NODENAME"}
    )
)


class MiniAppError(Exception):
    """A problem that stops the mini-app before or during its run; the message is reported."""


@dataclass(frozen=True)
class RankInfo:
    """Where this process sits in the job, and which env family said so."""

    rank: int
    local_rank: int
    world_size: int
    node_rank: int | None
    source: str


def _first(env: Mapping[str, str], names: tuple[str, ...]) -> tuple[str, str] | None:
    for name in names:
        value = env.get(name, "").strip()
        if value:
            return name, value
    return None


def _as_int(name: str, value: str) -> int:
    try:
        return int(value)
    except ValueError as exc:
        raise MiniAppError(f"{name}={value!r} is not an integer") from exc


def derive_rank_info(env: Mapping[str, str]) -> RankInfo:
    """Rank, local rank, world size and node rank from the first launcher family present."""
    for fam in RANK_FAMILIES:
        rank, size = _first(env, fam.rank), _first(env, fam.size)
        if rank is None or size is None:
            continue
        local = _first(env, fam.local_rank)
        if local is None:  # e.g. plain PMI without a local-rank variable under srun
            later = RANK_FAMILIES[RANK_FAMILIES.index(fam) + 1 :]
            local = _first(env, tuple(v for f in later for v in f.local_rank))
        if local is None:
            raise MiniAppError(
                f"rank comes from {fam.name} ({rank[0]}) but no local-rank variable is set "
                f"(looked for {', '.join(v for f in RANK_FAMILIES for v in f.local_rank)})"
            )
        node = _first(env, fam.node_rank)
        info = RankInfo(
            rank=_as_int(*rank),
            local_rank=_as_int(*local),
            world_size=_as_int(*size),
            node_rank=_as_int(*node) if node else None,
            source=fam.name,
        )
        if not 0 <= info.rank < info.world_size or info.local_rank < 0:
            raise MiniAppError(
                f"inconsistent rank env from {fam.name}: rank {info.rank}, "
                f"local rank {info.local_rank}, world size {info.world_size}"
            )
        return info
    raise MiniAppError(
        "no rank information in the environment: expected torchrun (RANK/WORLD_SIZE/LOCAL_RANK), "
        "MPI (OMPI_COMM_WORLD_*, PALS_RANKID, PMI_RANK/PMI_SIZE) or Slurm (SLURM_PROCID/"
        "SLURM_NTASKS/SLURM_LOCALID) variables"
    )


def rendezvous(env: Mapping[str, str]) -> tuple[str, int]:
    """MASTER_ADDR and MASTER_PORT as the launch script set them; never invented here."""
    addr, port = env.get("MASTER_ADDR", "").strip(), env.get("MASTER_PORT", "").strip()
    missing = [n for n, v in (("MASTER_ADDR", addr), ("MASTER_PORT", port)) if not v]
    if missing:
        raise MiniAppError(
            f"{' and '.join(missing)} not set: the launch script (or its launcher) must set the "
            "rendezvous address of rank 0's node; the mini-app does not invent one"
        )
    return addr, _as_int("MASTER_PORT", port)


def gpus_per_node(env: Mapping[str, str]) -> int | None:
    """The modelled GPUs per node from MAPLE_TWIN_GPUS_PER_NODE, or None when unset."""
    raw = env.get(GPUS_PER_NODE_VAR, "").strip()
    if not raw:
        return None
    value = _as_int(GPUS_PER_NODE_VAR, raw)
    if value < 1:
        raise MiniAppError(f"{GPUS_PER_NODE_VAR}={value} must be at least 1")
    return value


def visible_devices(env: Mapping[str, str]) -> tuple[str, list[str]] | None:
    """The first device-visibility variable that is set, and its entries."""
    for name in VISIBILITY_VARS:
        if name in env:
            return name, [p.strip() for p in env[name].split(",") if p.strip()]
    return None


def pick_device(local_rank: int, n_devices: int | None, env: Mapping[str, str]) -> tuple[int, str]:
    """(logical index, physical device id) this rank uses.

    The logical index is LOCAL_RANK, or 0 when exactly one device is visible (a per-rank
    binding); the physical id is the visibility variable's entry at that index, else the index.
    ``n_devices`` is what the runtime sees (None on a CPU-only host: taken from the mask).
    """
    vis = visible_devices(env)
    if vis is not None and not vis[1]:
        raise MiniAppError(f"{vis[0]} is set but empty: this rank can see no device")
    count = n_devices if n_devices is not None else (len(vis[1]) if vis else None)
    if count is None or local_rank < count:
        index = local_rank
    elif count == 1:
        index = 0
    else:
        shown = f"{vis[0]}={','.join(vis[1])}" if vis else f"{count} visible devices"
        raise MiniAppError(f"LOCAL_RANK {local_rank} has no device in {shown}")
    physical = vis[1][index] if vis and index < len(vis[1]) else str(index)
    return index, physical


def _device_index(device: str) -> int | None:
    head = device.split(".", 1)[0]  # ZE_AFFINITY_MASK tiles: "3.1" is tile 1 of GPU 3
    return int(head) if head.isdigit() else None


def ranks_per_node_wanted(text: str | None) -> int | None:
    """The ranks per node the job means to run, from JOB_LAYOUT_FILE's text (None: all GPUs)."""
    if text is None:
        return None
    try:
        value = json.loads(text)["ranks_per_node"]
    except (ValueError, KeyError, TypeError) as err:
        raise MiniAppError(f"{JOB_LAYOUT_FILE} is not valid: {err}") from err
    if not isinstance(value, int) or value < 1:
        raise MiniAppError(f"{JOB_LAYOUT_FILE}: ranks_per_node must be a positive integer")
    return value


def check_layout(placements: list[tuple[str, str | None]], per_node: int | None,
                 wanted: int | None = None) -> list[str]:
    """Errors in the device model; placements[rank] = (host, physical device id or None when
    the rank got no device, an error it reports itself).

    ``per_node``: the GPUs a node shows. ``wanted``: the GPUs per node the job means to use
    when fewer (each node then runs that many ranks, on distinct devices of the node)."""
    errors: list[str] = []
    per_host = Counter(host for host, _ in placements)
    use = wanted if wanted is not None and (per_node is None or wanted < per_node) else None
    for host, count in sorted(per_host.items()):
        if use is not None and count != use:
            errors.append(f"ranks per node {count} != {use} GPUs per node the job uses "
                          f"(host {host})")
        elif use is None and per_node is not None and count != per_node:
            errors.append(
                f"ranks per node {count} != modelled GPUs per node {per_node} (host {host})"
            )
    seen: dict[tuple[str, str], int] = {}
    for rank, (host, device) in enumerate(placements):
        if device is None:
            continue
        other = seen.setdefault((host, device), rank)
        if other != rank:
            errors.append(f"ranks {other} and {rank} on host {host} both use device {device}")
        index = _device_index(device)
        if per_node is not None and index is not None and index >= per_node:
            errors.append(
                f"rank {rank} on host {host} uses device {device}, "
                f"but a node has only {per_node} GPUs (0..{per_node - 1})"
            )
    return errors


def _is_loopback(addr: str) -> bool:
    try:
        return ipaddress.ip_address(addr).is_loopback
    except ValueError:
        return False


def check_rendezvous(
    master_addr: str,
    hosts: list[str],
    resolve: Callable[[str], str] = socket.gethostbyname,
    rank0_owns: Callable[[str], bool] | None = None,
) -> list[str]:
    """Errors when MASTER_ADDR is not rank 0's node; hosts[rank] = that rank's host name.

    ``rank0_owns(ip)`` may say whether rank 0's node has that (non-loopback) address on another
    interface (e.g. a high-speed network name); loopback addresses must match exactly, since on
    the twin every node is a different 127.x.y.z.
    """
    host0, multi = hosts[0], len(set(hosts)) > 1
    try:
        master_ip = resolve(master_addr)
    except OSError as exc:
        return [f"MASTER_ADDR {master_addr} does not resolve: {exc}"]
    try:
        host0_ip = resolve(host0)
    except OSError as exc:
        return [f"rank 0's host name {host0} does not resolve: {exc}"]
    if master_ip == host0_ip:
        return []
    if _is_loopback(master_ip):
        if not multi:
            return []  # one host: localhost is rank 0's node
        return [f"MASTER_ADDR {master_addr} is not rank 0's node {host0} ({host0_ip})"]
    if rank0_owns is not None and rank0_owns(master_ip):
        return []
    return [f"MASTER_ADDR {master_addr} ({master_ip}) is not rank 0's node {host0} ({host0_ip})"]


def can_bind(ip: str) -> bool:
    """Whether this machine owns the address (binding to it succeeds)."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.bind((ip, 0))
        return True
    except OSError:
        return False


@dataclass
class Report:
    """The one report line a rank prints; see maple_flow/verify/miniapp_report.py for its schema."""

    setup: str
    host: str = field(default_factory=socket.gethostname)
    world_size: int | None = None
    rank: int | None = None
    local_rank: int | None = None
    node_rank: int | None = None
    rank_source: str | None = None
    device: str | None = None
    modelled_device: str | None = None
    device_uuid: str | None = None
    backend: str | None = None
    master_addr: str | None = None
    master_port: int | None = None
    collectives: dict[str, dict[str, Any]] = field(default_factory=dict)
    step: dict[str, Any] = field(default_factory=lambda: {"ok": False, "loss": None})
    device_model: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    perf: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when nothing failed and every check ran and passed."""
        colls = ("allreduce", "allgather")
        return (
            not self.errors
            and all(self.collectives.get(c, {}).get("ok") is True for c in colls)
            and self.step.get("ok") is True
        )

    def line(self) -> str:
        """The report as one line: the prefix, then compact JSON."""
        data = {k: v for k, v in self.__dict__.items()}
        data["ok"] = self.ok
        return REPORT_PREFIX + json.dumps(data, sort_keys=True, separators=(",", ":"))


def env_snapshot(env: Mapping[str, str]) -> dict[str, str]:
    """The rank, rendezvous and device variables that are set."""
    return {k: env[k] for k in SNAPSHOT_VARS if k in env}


def cpu_list_text(cpus: list[int]) -> str:
    """Sorted CPU ids as Linux writes a CPU list: '0-3,8,10-11'."""
    parts: list[str] = []
    i = 0
    while i < len(cpus):
        j = i
        while j + 1 < len(cpus) and cpus[j + 1] == cpus[j] + 1:
            j += 1
        parts.append(str(cpus[i]) if i == j else f"{cpus[i]}-{cpus[j]}")
        i = j + 1
    return ",".join(parts)


def bus_bandwidth_gbs(size_bytes: int, seconds: float, ranks: int) -> float:
    """All-reduce bus bandwidth in GB/s as nccl-tests defines it: size / time * 2(n-1)/n."""
    if seconds <= 0 or ranks < 2:
        return 0.0
    return size_bytes / seconds * 2 * (ranks - 1) / ranks / 1e9
