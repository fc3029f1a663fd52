"""slurm.conf and gres.conf of one personality, rendered from its profile. Pure."""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from maple_flow.models import ClusterProfile
from maple_flow.twin.layout import ClusterLayout
from maple_flow.twin.node_types import gpu_kinds, largest_node, seen_as


@dataclass(frozen=True)
class Partition:
    """A Slurm partition of the twin."""

    name: str
    max_minutes: int
    max_nodes: int
    min_nodes: int
    default: bool


def partition_name(profile: ClusterProfile) -> str:
    """The one partition of a cluster whose queues are QOSes (Perlmutter): the profile's
    fixed partition if it names one, else the cluster id."""
    return profile.queues.partition or profile.id


def partitions(profile: ClusterProfile, node_count: int) -> list[Partition]:
    """Slurm partitions for the profile's queues and its node types' own (on the same nodes).

    Partitions and PBS queues become partitions with their real names and limits (PBS node
    limits are checked by the qsub front end, not here). QOSes become one partition whose
    time limit is the longest QOS limit; the sbatch front end checks each QOS's limits.
    """
    result: dict[str, Partition] = {}
    for view in seen_as(profile):
        for p in _queue_partitions(view, node_count):
            result.setdefault(p.name, p if view is profile else
                              Partition(p.name, p.max_minutes, p.max_nodes, p.min_nodes, False))
    return list(result.values())


def _queue_partitions(profile: ClusterProfile, node_count: int) -> list[Partition]:
    items = profile.queues.items
    if items[0].kind == "qos":
        longest = max(q.max_walltime_seconds for q in items)
        return [Partition(partition_name(profile), math.ceil(longest / 60),
                          max(q.max_nodes for q in items), 1, True)]
    result = []
    for q in items:
        pbs = q.kind == "queue"
        min_nodes = 1 if pbs or q.min_nodes > node_count else q.min_nodes
        result.append(Partition(q.name, math.ceil(q.max_walltime_seconds / 60),
                                0 if pbs else q.max_nodes, min_nodes, q.default))
    return result


def node_features(profile: ClusterProfile) -> list[str]:
    """Node features a required ``--constraint`` asks for (Perlmutter's ``-C gpu``), on the
    default nodes or a node type (``-C gpu&hbm80g``)."""
    features: list[str] = []
    for rule in (r for view in seen_as(profile) for r in view.directives.required):
        if rule.option == "constraint" and rule.render:
            value = re.split(r"[ =]", rule.render.strip(), maxsplit=1)[-1].strip("'\"")
            features += [w for w in re.split(r"[&|,]", value) if re.fullmatch(r"\w+", w)]
    return list(dict.fromkeys(features))


def gres_spec(profile: ClusterProfile) -> str:
    """The nodes' GRES: ``gpu[:type]:count`` (typed where the site requests typed GPUs), one
    entry per node type's GPU type."""
    return ",".join(f"gpu:{t}:{n}" if t else f"gpu:{n}" for t, n in gpu_kinds(profile))


def task_prolog_path(layout: ClusterLayout) -> Path:
    """Where the personality's TaskProlog lives."""
    return layout.etc / "task-prolog"


def whole_node_gpus(profile: ClusterProfile) -> dict[str, int]:
    """GPUs of a whole node by partition, where a node type's own partition has another count
    than the default nodes (Delta's gpuA100x8: 8; Stampede3's h100: 4)."""
    counts: dict[str, int] = {}
    for view in seen_as(profile)[1:]:
        for p in _queue_partitions(view, 1):
            if view.gpu.per_node != profile.gpu.per_node:
                counts.setdefault(p.name, view.gpu.per_node)
    return counts


def render_task_prolog(profile: ClusterProfile) -> str:
    """A TaskProlog giving every task the twin's device model (GPUs per node).

    Slurm reads `export NAME=value` lines a TaskProlog prints into each task's environment,
    whatever the job's --export setting; the mini-apps check their layout against it. A job
    that was given part of a node's GPUs (``--gpus-per-node=2``, ``--gres=gpu:2``) sees
    those, as on the real cluster (Slurm's ``SLURM_GPUS_ON_NODE``); otherwise the whole node
    of the partition's node type. With the ``slow-node`` option (``MAPLE_TWIN_SLOW_NODE=last``)
    the tasks on the job's last node are bound to CPU 0 before they start (``taskset`` on
    ``SLURM_TASK_PID``; children such as torchrun's workers inherit it).
    """
    arms = "".join(f"  {shlex.quote(name)}) whole={count};;\n"
                   for name, count in whole_node_gpus(profile).items())
    return ("#!/bin/sh\n# maple_flow twin: the modelled GPUs (or tiles) per node, or the\n"
            "# GPUs the job was given on it\n"
            f'whole={profile.gpu.per_node}\n'
            + (f'case "${{SLURM_JOB_PARTITION:-}}" in\n{arms}esac\n' if arms else "")
            + 'echo export MAPLE_TWIN_GPUS_PER_NODE="${SLURM_GPUS_ON_NODE:-$whole}"\n'
            "# option slow-node: the job's last node runs its tasks on one core\n"
            'nodes="${SLURM_JOB_NUM_NODES:-1}"\n'
            'if [ "${MAPLE_TWIN_SLOW_NODE:-}" = last ] && [ "$nodes" -gt 1 ] && '
            '[ "${SLURM_NODEID:-0}" -eq $((nodes - 1)) ]; then\n'
            '  taskset -pc 0 "$SLURM_TASK_PID" >/dev/null 2>&1\n'
            "fi\n")


def render_slurm_conf(profile: ClusterProfile, layout: ClusterLayout, munge_socket: Path) -> str:
    """The personality's slurm.conf: real daemons, loopback addresses, the profile's facts."""
    root = layout.root
    node = largest_node(profile).node
    cpus = node.cpus
    features = node_features(profile)
    feature_text = f" Features={','.join(features)}" if features else ""
    lines = [
        f"# maple_flow twin: {profile.name} ({profile.center}); generated from its profile",
        f"ClusterName={profile.id}",
        f"SlurmctldHost={layout.ctl_name}({layout.ctl_addr})",
        f"SlurmctldPort={layout.ctl_port}",
        f"SlurmdPort={layout.nodes[0].port}",
        "AuthType=auth/munge",
        "CredType=cred/munge",
        f"AuthInfo=socket={munge_socket}",
        "SlurmUser=root",
        "SlurmdUser=root",
        f"StateSaveLocation={layout.spool}/ctld",
        f"SlurmdSpoolDir={layout.spool}/%n",
        f"SlurmctldPidFile={layout.ctl_pidfile}",
        f"SlurmdPidFile={layout.run}/slurmd-%n.pid",
        f"SlurmctldLogFile={layout.log}/slurmctld.log",
        f"SlurmdLogFile={layout.log}/slurmd-%n.log",
        f"TmpFS={root}/tmp",
        f"TaskProlog={task_prolog_path(layout)}",
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "JobAcctGatherType=jobacct_gather/none",
        "AccountingStorageType=accounting_storage/none",
        "JobCompType=jobcomp/filetxt",
        f"JobCompLoc={layout.log}/jobcomp.txt",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_Core",
        "SchedulerParameters=batch_sched_delay=0",
        "SlurmdParameters=config_overrides",
        "EnforcePartLimits=ALL",
        "ReturnToService=2",
        "MpiDefault=none",
        "GresTypes=gpu",
        f"FirstJobId={layout.first_job_id}",
        "MinJobAge=900",
        "KillWait=5",
        "InactiveLimit=0",
        "MessageTimeout=20",
        "SlurmdTimeout=300",
        "SlurmctldTimeout=120",
    ]
    for n in layout.nodes:
        lines.append(
            f"NodeName={n.name} NodeHostname={n.name} NodeAddr={n.addr} Port={n.port} "
            f"CPUs={cpus} Sockets=1 CoresPerSocket={node.cpus_per_node} "
            f"ThreadsPerCore={node.threads_per_core} RealMemory={node.memory_gb * 1024} "
            f"Gres={gres_spec(profile)}{feature_text} State=UNKNOWN"
        )
    for p in partitions(profile, len(layout.nodes)):
        limits = f" MaxNodes={p.max_nodes}" if p.max_nodes else ""
        limits += f" MinNodes={p.min_nodes}" if p.min_nodes > 1 else ""
        lines.append(
            f"PartitionName={p.name} Nodes=ALL MaxTime={p.max_minutes}{limits} "
            f"Default={'YES' if p.default else 'NO'} State=UP"
        )
    return "\n".join(lines) + "\n"


def gpu_files(profile: ClusterProfile, layout: ClusterLayout) -> list[Path]:
    """Stand-in device files of the modelled GPUs (Slurm drops GPUs without a File)."""
    count = sum(n for _, n in gpu_kinds(profile))
    return [layout.root / "dev" / f"gpu{i}" for i in range(count)]


def render_gres_conf(profile: ClusterProfile, layout: ClusterLayout) -> str:
    """gres.conf: each node's modelled GPUs, one stand-in device file per GPU (a range of
    files per GPU type)."""
    names = ",".join(n.name for n in layout.nodes)
    lines, first = ["AutoDetect=off"], 0
    for gtype, count in gpu_kinds(profile):
        last = first + count - 1
        files = (f"{layout.root}/dev/gpu[{first}-{last}]" if last > first
                 else f"{layout.root}/dev/gpu{first}")
        typed = f" Type={gtype}" if gtype else ""
        lines.append(f"NodeName={names} Name=gpu{typed} File={files}")
        first = last + 1
    return "\n".join(lines) + "\n"
