"""Where one personality of the twin lives: addresses, ports, node names, folders. Pure."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path

from maple_flow.knowledge.clusters import CLUSTER_IDS
from maple_flow.models import ClusterProfile

#: Nodes per personality: enough for 2-node jobs and for "too many nodes" checks.
DEFAULT_NODES = 4
#: First TCP port of the twin; each personality takes PORTS_PER_CLUSTER ports from here.
BASE_PORT = 16800
PORTS_PER_CLUSTER = 20
#: Third octet of the first personality's 127.0.x.0/24 block.
BASE_OCTET = 100


@dataclass(frozen=True)
class TwinNode:
    """One emulated compute node: a slurmd in its own UTS namespace."""

    name: str
    fqdn: str
    addr: str
    port: int


@dataclass(frozen=True)
class ClusterLayout:
    """Addresses, ports and folders of one personality."""

    cluster: str
    index: int
    root: Path
    nodes: tuple[TwinNode, ...]
    ctl_name: str
    ctl_addr: str
    ctl_port: int
    first_job_id: int

    @property
    def etc(self) -> Path:
        return self.root / "etc"

    @property
    def slurm_conf(self) -> Path:
        return self.etc / "slurm.conf"

    @property
    def run(self) -> Path:
        return self.root / "run"

    @property
    def log(self) -> Path:
        return self.root / "log"

    @property
    def spool(self) -> Path:
        return self.root / "spool"

    @property
    def bin(self) -> Path:
        """Front ends and launchers that jobs and users of this personality see on PATH."""
        return self.root / "bin"

    @property
    def modules(self) -> Path:
        """The Lmod module tree (MODULEPATH)."""
        return self.root / "modules"

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def scratch(self) -> Path:
        return self.root / "scratch"

    @property
    def work(self) -> Path:
        return self.root / "work"

    @property
    def env_file(self) -> Path:
        """Shell file that gives a shell this personality's login environment."""
        return self.etc / "profile.sh"

    @property
    def ctl_pidfile(self) -> Path:
        return self.run / "slurmctld.pid"

    def slurmd_pidfile(self, node: TwinNode) -> Path:
        return self.run / f"slurmd-{node.name}.pid"

    def host_names(self) -> list[tuple[str, list[str]]]:
        """(address, names) for /etc/hosts: the controller and every node, FQDN first."""
        entries = [(self.ctl_addr, [self.ctl_name])]
        for node in self.nodes:
            names = [node.fqdn, node.name] if node.fqdn != node.name else [node.name]
            entries.append((node.addr, names))
        return entries


def cluster_index(cluster: str) -> int:
    """A stable small number per cluster id: its place in CLUSTER_IDS, else a hash."""
    if cluster in CLUSTER_IDS:
        return CLUSTER_IDS.index(cluster)
    return len(CLUSTER_IDS) + zlib.crc32(cluster.encode()) % 50


def layout_for(
    profile: ClusterProfile, state_dir: Path, nodes: int = DEFAULT_NODES
) -> ClusterLayout:
    """The layout of ``profile``'s personality under ``state_dir``."""
    index = cluster_index(profile.id)
    octet = BASE_OCTET + index
    base = BASE_PORT + PORTS_PER_CLUSTER * index
    if nodes >= PORTS_PER_CLUSTER:
        raise ValueError(f"at most {PORTS_PER_CLUSTER - 1} nodes per personality")
    twin_nodes = []
    for i in range(nodes):
        name = profile.node_name(i)
        fqdn = f"{name}.{profile.node.domain}" if profile.node.domain else name
        twin_nodes.append(TwinNode(name, fqdn, f"127.0.{octet}.{i + 1}", base + 1 + i))
    return ClusterLayout(
        cluster=profile.id,
        index=index,
        root=state_dir / profile.id,
        nodes=tuple(twin_nodes),
        ctl_name=f"{profile.id}-twin-ctl",
        ctl_addr=f"127.0.{octet}.254",
        ctl_port=base,
        # Templates derive MASTER_PORT from the job id modulo 1000, and every personality
        # shares this host's ports: personality i starts at residue 100*i, so jobs of
        # different personalities running at once do not pick the same port.
        first_job_id=(index + 1) * 100000 + index * 100,
    )
