"""ClusterProfile: everything maple_flow knows about one cluster, each fact group with sources.

Profiles are data (``templates/clusters/<id>.yaml``); this module only says their shape.
Every fact group carries ``sources`` (keys of ``ClusterProfile.sources``) and may carry
``doubts``: what is uncertain about it and which documented default was chosen.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from maple_flow.models.common import (
    SETUPS,
    Backend,
    Framework,
    Launcher,
    Scheduler,
    Strategy,
    Strict,
    Walltime,
    walltime_seconds,
)


class Source(Strict):
    """Where facts come from: a document, a center's repository, a third-party script."""

    key: str
    title: str
    url: str
    kind: Literal["doc", "center-repo", "third-party", "inference"]
    snapshot: str = ""


class Sourced(Strict):
    """A fact group: its facts plus the keys of the sources they rest on."""

    sources: list[str] = Field(min_length=1)
    doubts: list[str] = Field(default_factory=list)


class Gpu(Sourced):
    """The accelerators of one node, as the training job sees them."""

    vendor: Literal["nvidia", "intel"]
    model: str
    per_node: int = Field(ge=1, description="devices a rank binds to (GPUs, or tiles in FLAT mode)")
    cards_per_node: int = Field(ge=1, description="physical cards (a PVC card holds two tiles)")
    memory_gb: int = Field(ge=1, description="memory of one device (GPU or tile)")
    device_api: Literal["cuda", "xpu"]
    visible_devices_var: str = Field(description="CUDA_VISIBLE_DEVICES or ZE_AFFINITY_MASK")
    mig_profiles: list[str] = Field(
        default_factory=list,
        description="MIG instances a job can ask for (e.g. 3g.20gb); empty: whole GPUs only")


class Node(Sourced):
    """Host side of a compute node."""

    cpu: str
    cpus_per_node: int = Field(ge=1, description="physical cores")
    threads_per_core: int = Field(default=1, ge=1)
    memory_gb: int = Field(ge=1)
    arch: Literal["x86_64", "aarch64"]
    name_pattern: str = Field(description="str.format pattern of node names, e.g. 'nid{:06d}'")
    name_start: int = Field(default=1, ge=0, description="number of the first node, for the twin")
    domain: str = Field(default="", description="FQDN suffix of node names, e.g. PBS_NODEFILE's")

    @property
    def cpus(self) -> int:
        """CPUs of one node as its scheduler counts them (hardware threads)."""
        return self.cpus_per_node * self.threads_per_core


class Route(Strict):
    """One execution queue a routing queue sends jobs of up to ``max_nodes`` nodes to, and
    its time limit (Polaris's prod: small <= 24 nodes, 3 h)."""

    name: str = ""
    max_nodes: int = Field(ge=1)
    max_walltime: Walltime


class Queue(Strict):
    """A partition (Slurm), queue (PBS) or QOS, with its limits."""

    name: str
    max_walltime: Walltime
    min_nodes: int = Field(default=1, ge=1)
    max_nodes: int = Field(ge=1)
    default: bool = False
    kind: Literal["partition", "qos", "queue"]
    notes: str = ""
    auto: bool = Field(
        default=True,
        description="maple_flow may choose it unasked; false for queues by request only, "
        "preemptible or premium ones (the notes say why)",
    )
    node_use: Literal["any", "whole", "partial"] = Field(
        default="any",
        description="whole: jobs take whole nodes only; partial: only jobs on part of one node",
    )
    max_gpus: int | None = Field(default=None, ge=1, description="GPUs one job may use in it")
    batch: bool = Field(
        default=True,
        description="batch jobs (sbatch/qsub) may use it; false for a QOS of interactive "
        "allocations only (salloc), which is never a batch script's fix (the notes say why)",
    )
    routes: list[Route] = Field(
        default=[],
        description="a routing queue's execution queues by node count, smallest first: a "
        "job's time limit is that of the first route that holds its nodes",
    )

    @property
    def max_walltime_seconds(self) -> int:
        return walltime_seconds(self.max_walltime)

    def walltime_limit(self, nodes: int) -> str:
        """The longest walltime a job of ``nodes`` nodes may ask here (``max_walltime``
        unless a route for that size sets a shorter one)."""
        route = next((r for r in self.routes if nodes <= r.max_nodes), None)
        return route.max_walltime if route is not None else self.max_walltime

    def walltime_limit_seconds(self, nodes: int) -> int:
        return walltime_seconds(self.walltime_limit(nodes))


class Queues(Sourced):
    """The queues a GPU training job may use."""

    items: list[Queue] = Field(min_length=1)
    partition: str = Field(default="", description="fixed partition when queues are QOSes")

    @model_validator(mode="after")
    def _one_default(self) -> Queues:
        defaults = [q.name for q in self.items if q.default]
        if len(defaults) != 1:
            raise ValueError(f"exactly one queue must be the default, found {defaults or 'none'}")
        return self

    def get(self, name: str) -> Queue | None:
        """The queue called ``name`` (exact match, names are case-sensitive on clusters)."""
        return next((q for q in self.items if q.name == name), None)

    @property
    def default_queue(self) -> Queue:
        return next(q for q in self.items if q.default)


class Account(Sourced):
    """How a job names the allocation it is charged to."""

    flag: str = Field(description="directive flag, e.g. '-A' or '--account'")
    required: bool
    pattern: str = Field(description="regular expression a valid account matches")
    example: str
    placeholder: str = Field(description="what a script carries when no account was given")
    hint: str = Field(description="how a user finds their account name")


class DirectiveForm(Strict):
    """Another option that meets a required directive (``--gres=gpu:v100:4`` for ``--gpus``)."""

    option: str = Field(description="long option without dashes (Slurm) or resource name (PBS)")
    value_pattern: str = Field(default=".*", description="regex its value must match")


class DirectiveRule(Strict):
    """A scheduler option the site requires or rejects, recognised in any spelling."""

    option: str = Field(description="long option without dashes (Slurm) or resource name (PBS)")
    short: str = Field(default="", description="single-letter form, if any")
    value_pattern: str = Field(default=".*", description="regex a required value must match")
    render: str = Field(default="", description="the directive as maple_flow writes it")
    message: str = Field(description="the site's own error message when the rule is broken")
    alternatives: list[DirectiveForm] = Field(
        default_factory=list, description="required only: other options that meet it too")


class NodeShare(Strict):
    """What a job on part of a shared node asks for per GPU (the site's per-GPU share)."""

    cpus_per_gpu: int = Field(ge=1, description="scheduler CPUs that come with one GPU")
    memory_mb_per_gpu: int = Field(default=0, ge=0, description="0: leave the site's default")


class Directives(Sourced):
    """Scheduler directives: what is required, what is rejected, how GPUs are requested."""

    required: list[DirectiveRule] = Field(default_factory=list)
    forbidden: list[DirectiveRule] = Field(default_factory=list)
    gpu_request: Literal["gpus-per-node", "whole-node", "typed-gpus", "pbs-select"]
    gpu_type: str = Field(default="", description="GPU type string for typed requests")
    cpu_constraint: str = Field(
        default="", description="the constraint a job on the CPU nodes names, at a site whose "
        "submit filter refuses a job that names no node type (empty: none required)")
    exclusive: bool = Field(
        default=False, description="ask whole-node jobs to be exclusive (nodes shared by default)"
    )
    extra: list[str] = Field(default_factory=list, description="further directives always written")
    whole_node_extra: list[str] = Field(
        default_factory=list, description="directives written only when the job takes whole nodes"
    )
    partial_share: NodeShare | None = Field(
        default=None, description="per-GPU share a job on part of a shared node asks for"
    )


class Software(Sourced):
    """How a job gets its Python stack: module tree, modules, environment activation."""

    shell: str = Field(default="#!/bin/bash", description="shebang line")
    module_use: list[str] = Field(default_factory=list)
    modules: list[str] = Field(default_factory=list, description="modules loaded, in order")
    purge: str = Field(default="", description="e.g. 'module reset' or 'module purge'")
    activate: list[str] = Field(default_factory=list, description="shell lines after modules")
    available_modules: list[str] = Field(description="module names that exist (twin + lint)")
    python: str = Field(default="python", description="interpreter name after set-up")
    cuda_toolkit: list[str] = Field(
        default_factory=list,
        description="modules that put the CUDA toolkit (nvcc, nsys, ncu) on PATH, loaded after "
                    "`modules` for a job that runs its programs; empty: `modules` give it, or "
                    "the site has none (non-NVIDIA GPUs)")
    check_on_target: list[str] = Field(
        default_factory=list,
        description="set-up the docs leave to the user; written as comments, never invented",
    )
    net_plugin_modules: list[str] = Field(
        default_factory=list,
        description="modules that give a job's own NCCL the site's Slingshot network plugin "
                    "(aws-ofi-nccl, NCCL_NET \"AWS Libfabric\") on the host, outside a "
                    "container; empty: none documented")
    system_frameworks: bool = Field(
        default=True,
        description="whether the site gives a job a deep-learning framework (PyTorch) of its "
                    "own (a module or environment); false: each job activates the user's own",
    )
    frameworks: list[str] = Field(
        default_factory=lambda: ["PyTorch"],
        description="the deep-learning frameworks the stack the port loads (`modules`, "
                    "`activate`) gives a job, by name (PyTorch, TensorFlow, JAX); read only "
                    "where `system_frameworks` is true",
    )


class Launch(Sourced):
    """The center's documented multi-node launch recipe."""

    launcher: Literal["srun", "mpiexec", "ibrun", "mpirun"]
    style: Literal["torchrun-per-node", "rank-per-gpu"]
    node_rank_var: str = Field(description="variable carrying the node rank in per-node style")
    local_rank_var: str = Field(description="variable carrying the local rank in per-GPU style")
    rank_var: str = Field(description="variable carrying the global rank in per-GPU style")
    cpu_bind: str = Field(default="", description="binding flags for the launcher")
    per_node_cpu_bind: str = Field(
        default="", description="binding flags when the launcher starts one process per node "
        "that starts the node's workers itself (accelerate kept on a rank-per-gpu site); "
        "empty: cpu_bind")
    master_port: int = Field(default=29500, ge=1024, le=65535)
    notes: str = ""


#: The flags each runtime gives a container the node's GPUs with ("" = the devices are seen
#: without one, as Apptainer does for Intel GPUs).
CONTAINER_GPU_FLAGS: dict[str, frozenset[str]] = {
    "apptainer": frozenset({"--nv", "--rocm", ""}),
    "singularity": frozenset({"--nv", "--rocm", ""}),
    "shifter": frozenset({"--module=gpu"}),
    "podman-hpc": frozenset({"--gpu"}),
}
_MODULE_NAME = re.compile(r"^[A-Za-z0-9][\w.+/-]*$")
_MODULE_PATH = re.compile(r"^/[\w.+/-]+$")


class Container(Sourced):
    """The container runtime a job runs a user's image with, and what loads it."""

    command: Literal["apptainer", "singularity", "shifter", "podman-hpc"] = Field(
        description="the runtime's command (apptainer and singularity run the same SIF and "
        "docker:// images; shifter and podman-hpc run registry images only)")
    gpu_flag: str = Field(description="the flag that gives the container the node's GPUs")
    module_use: list[str] = Field(
        default_factory=list, description="module paths to `module use` before the load")
    modules: list[str] = Field(
        default_factory=list, description="modules to load for the runtime (empty: on PATH)")
    site_binds: list[str] = Field(
        default_factory=list, description="host paths the site's documented container launch "
        "binds for its own MPI/launcher runtime (Polaris: /opt, /var/run/palsd/): a port from "
        "this site does not carry them")
    pull_env: dict[str, str] = Field(
        default_factory=dict, description="variables a compute node needs to pull a registry "
        "(docker://) image when the job runs (a site's proxy); empty: none documented")

    @model_validator(mode="after")
    def _valid(self) -> Container:
        flags = CONTAINER_GPU_FLAGS[self.command]
        if self.gpu_flag not in flags:
            raise ValueError(f"gpu_flag {self.gpu_flag!r} is not one of {self.command}'s: "
                             f"{sorted(flags)}")
        bad = [m for m in self.modules if not _MODULE_NAME.match(m)]
        bad += [k for k in self.pull_env if not re.fullmatch(r"[A-Za-z_]\w*", k)]
        bad += [u for u in self.module_use if not _MODULE_PATH.match(u)]
        if bad:
            raise ValueError(f"not a module name or module path: {bad}")
        return self

    def setup_lines(self) -> list[str]:
        """The shell lines that make the runtime's command available in a job."""
        return ([f"module use {u}" for u in self.module_use]
                + ([f"module load {' '.join(self.modules)}"] if self.modules else []))


class Network(Sourced):
    """Communication backend and the environment variables the site recommends."""

    backend: Backend
    env: dict[str, str] = Field(default_factory=dict)
    proxy_env: dict[str, str] = Field(
        default_factory=dict, description="variables a compute node needs to reach the "
        "internet (the site's proxy): a job that downloads (pip install, conda create, git "
        "clone, wget, a Hugging Face download) sets them first; empty: none documented")
    no_proxy: str = Field(
        default="", description="the hosts the site's proxy settings keep OUT of the proxy "
        "(its own hosts and localhost: the documented no_proxy value), set beside proxy_env; "
        "empty: none documented")
    site_domains: list[str] = Field(
        default_factory=list, description="DNS domains of the centre's own hosts (its login "
        "and data-transfer nodes, as its docs name them): a job that copies from a host in "
        "them reaches this centre (maple_flow.port.remote_hosts); empty: none documented")


class Fabric(Sourced):
    """A node's links to the other nodes: what an inter-node all-reduce can at best reach."""

    name: str
    nics_per_node: int = Field(ge=1)
    nic_gbit_s: float = Field(gt=0, description="line rate of one NIC, Gb/s")

    @property
    def node_gbytes_s(self) -> float:
        """The node's injection bandwidth in GB/s (all its NICs at line rate)."""
        return self.nics_per_node * self.nic_gbit_s / 8


class Quirk(Sourced):
    """Something about this cluster that breaks scripts written for another."""

    id: str
    text: str


class Verification(Sourced):
    """Where maple_flow's verification runs on the real cluster (read by the endpoint code)."""

    workdir: str = Field(description=(
        "a folder every node of a job sees, where verification jobs are staged; '$VAR's are "
        "expanded on the cluster, '{account}' becomes the script's account"))
    endpoint_host: Literal["login", "workflow-queue"] = Field(description=(
        "where a Globus Compute endpoint that only submits and polls jobs may run: a login "
        "node, or a site queue for light long-running processes"))
    poll_s: float = Field(default=60.0, gt=0, description="seconds between job-state polls")
    notes: str = ""


class NodeType(Sourced):
    """Another kind of GPU node of the cluster than the profile's own (``gpu``/``node``): other
    GPUs (model, memory, count) reached through other partitions or queues, or a constraint.
    A port lands on it only when the source asks for GPUs the profile's own nodes do not have
    and it has them; every group it leaves out is the profile's."""

    id: str = Field(pattern=r"^[A-Za-z0-9][\w.-]*$", description="short name, e.g. gpuA100x8")
    gpu: Gpu
    node: Node | None = Field(default=None, description="None: the profile's node facts")
    queues: Queues = Field(description="the partitions/queues/QOSes reaching these nodes")
    constraint: str = Field(
        default="", description="the value of the required constraint (-C) that reaches these "
        "nodes instead of the profile's (Perlmutter's gpu&hbm80g)")
    gpu_type: str = Field(default="", description="the typed-GPU request value (Bridges-2)")
    partial_share: NodeShare | None = Field(
        default=None, description="per-GPU share on these nodes; None: the profile's")
    software: Software | None = Field(default=None, description="None: the profile's")
    launch: Launch | None = Field(default=None, description="None: the profile's")
    network: Network | None = Field(default=None, description="None: the profile's")
    container: Container | None = Field(default=None, description="None: the profile's")
    account: Account | None = Field(default=None, description="None: the profile's")
    auto: bool = Field(
        default=True, description="false: never chosen by a port (named in its notes only; "
        "the notes say why, e.g. another account)")
    takes_vendor: str = Field(
        default="", description="the GPU maker whose programs the site sends to these nodes "
        "where the profile's own nodes are another maker's (Stampede3's h100 queue for NVIDIA "
        "programs beside its Intel pvc one): a job whose source GPUs are this maker's and that "
        "names no GPU model lands here when it fits; \"\": only a GPU model or memory asked "
        "picks these nodes")
    notes: str = ""


class ClusterProfile(Strict):
    """Everything about one cluster that a launch script depends on."""

    id: str = Field(pattern=r"^[a-z][a-z0-9]*$")
    name: str
    center: str
    aliases: list[str] = Field(min_length=1)
    scheduler: Scheduler
    gpu: Gpu
    node: Node
    queues: Queues
    account: Account
    directives: Directives
    software: Software
    launch: Launch
    network: Network
    container: Container | None = Field(
        default=None, description="where a source documents a runtime for users' images")
    fabric: Fabric | None = Field(
        default=None, description="inter-node links, where a source gives their count and rate")
    quirks: list[Quirk] = Field(default_factory=list)
    setups: list[tuple[Framework, Strategy]] = Field(default_factory=lambda: list(SETUPS))
    launchers: list[Launcher] = Field(description="launchers a template on this cluster may use")
    verification: Verification | None = None
    node_types: list[NodeType] = Field(
        default_factory=list, description="other GPU nodes, reached through other queues")
    seen_on: str = Field(default="", description=(
        "the node type this profile is seen on (set by on_node_type; empty: the default nodes)"))
    sources: list[Source] = Field(min_length=1)

    @model_validator(mode="after")
    def _sources_resolve(self) -> ClusterProfile:
        known = {s.key for s in self.sources}
        for group, keys in self.fact_sources().items():
            unknown = sorted(set(keys) - known)
            if unknown:
                raise ValueError(f"{group}: unknown source keys {unknown}; known: {sorted(known)}")
        return self

    @model_validator(mode="after")
    def _container_modules_exist(self) -> ClusterProfile:
        """The runtime's modules are module names that exist (the twin builds and the lint
        checks only those): a port that loads them must not fail as an unknown module."""
        known = {*self.software.available_modules, *self.software.modules}
        missing = [m for m in (self.container.modules if self.container else []) if m not in known]
        if missing:
            raise ValueError(f"container.modules {missing} are not in software.available_modules")
        missing = [m for m in self.software.cuda_toolkit if m not in known]
        if missing:
            raise ValueError(f"software.cuda_toolkit {missing} are not in "
                             "software.available_modules")
        return self

    def fact_sources(self) -> dict[str, list[str]]:
        """Each fact group's name with the source keys it cites."""
        groups: dict[str, Sourced] = {
            "gpu": self.gpu,
            "node": self.node,
            "queues": self.queues,
            "account": self.account,
            "directives": self.directives,
            "software": self.software,
            "launch": self.launch,
            "network": self.network,
        }
        groups.update({f"quirks.{q.id}": q for q in self.quirks})
        if self.fabric is not None:
            groups["fabric"] = self.fabric
        if self.container is not None:
            groups["container"] = self.container
        if self.verification is not None:
            groups["verification"] = self.verification
        for t in self.node_types:
            groups[f"node_types.{t.id}"] = t
            groups[f"node_types.{t.id}.gpu"] = t.gpu
            groups[f"node_types.{t.id}.queues"] = t.queues
            groups.update({f"node_types.{t.id}.{k}": g for k, g in (
                ("node", t.node), ("software", t.software), ("launch", t.launch),
                ("network", t.network), ("container", t.container), ("account", t.account))
                if g is not None})
        return {name: g.sources for name, g in groups.items()}

    def doubts(self) -> dict[str, list[str]]:
        """Fact groups with recorded uncertainty."""
        groups = {
            "gpu": self.gpu.doubts, "node": self.node.doubts, "queues": self.queues.doubts,
            "account": self.account.doubts, "directives": self.directives.doubts,
            "software": self.software.doubts, "launch": self.launch.doubts,
            "network": self.network.doubts,
        }
        groups.update({f"quirks.{q.id}": q.doubts for q in self.quirks})
        if self.fabric is not None:
            groups["fabric"] = self.fabric.doubts
        if self.verification is not None:
            groups["verification"] = self.verification.doubts
        return {k: v for k, v in groups.items() if v}

    def node_type(self, type_id: str) -> NodeType | None:
        """The node type called ``type_id``; None if the profile has none of that name."""
        return next((t for t in self.node_types if t.id == type_id), None)

    def on_node_type(self, type_id: str) -> ClusterProfile:
        """This profile as seen by a job on its ``type_id`` nodes: their GPUs, node facts,
        queues (and constraint, GPU type, share, software where the type has its own)."""
        t = self.node_type(type_id)
        if t is None:
            raise KeyError(f"{self.id} has no node type {type_id!r}")
        directives = self.directives.model_copy(update={
            "gpu_type": t.gpu_type or self.directives.gpu_type,
            "partial_share": t.partial_share or self.directives.partial_share,
            "required": [
                r.model_copy(update={"render": f"-C {t.constraint}"})
                if t.constraint and r.option == "constraint" else
                r.model_copy(update={"render": f"-p {t.queues.default_queue.name}"})
                if r.option == "partition" and r.render else r
                for r in self.directives.required],
        })
        return self.model_copy(update={
            "gpu": t.gpu, "node": t.node or self.node, "queues": t.queues,
            "directives": directives, "software": t.software or self.software,
            "launch": t.launch or self.launch, "network": t.network or self.network,
            "container": t.container or self.container, "account": t.account or self.account,
            "seen_on": type_id,
        })

    def node_name(self, index: int) -> str:
        """The short host name of the ``index``-th node (0-based) in the site's style."""
        return self.node.name_pattern.format(self.node.name_start + index)
