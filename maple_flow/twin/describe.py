"""What the twin reproduces of one cluster, and what it does not, read from its profile."""

from __future__ import annotations

from maple_flow.models import ClusterProfile
from maple_flow.twin.node_types import largest_node
from maple_flow.twin.programs import launcher_names
from maple_flow.twin.quirks import EMULATED, report
from maple_flow.twin.slurmconf import gres_spec, node_features

#: Behaviours no personality reproduces (the machine is one host with no GPUs).
NEVER = [
    "GPUs, their memory, NCCL/xccl, Slingshot/InfiniBand: ranks run on CPU with gloo",
    "CPU binding and memory limits (--cpu-bind/--depth and --mem are accepted, not applied)",
    "the real node count (4 nodes; node-count limits above 4 are checked by the submit "
    "filter, Slurm itself answers 'Requested node configuration is not available')",
    "accounting (sacct/sbank), fair share, priorities, preemption, per-user job limits",
    "separate filesystems: every node shares one filesystem and one process table",
    "the real module contents: Python-stack modules all give the twin's Python and torch",
]


def describe(profile: ClusterProfile) -> dict[str, list[str]]:
    """``reproduced`` and ``not reproduced`` behaviours of ``profile``'s personality."""
    queues = ", ".join(f"{q.name} ({q.kind}, {q.max_walltime}, {q.min_nodes}-{q.max_nodes} "
                       "nodes)" for q in profile.queues.items)
    scheduler = ("PBS Pro front end (qsub/qstat/qdel, PBS_* variables, PALS mpiexec) over "
                 "real Slurm" if profile.scheduler == "pbs" else "real Slurm sbatch/srun")
    launchers = ["srun (real)"] if profile.scheduler == "slurm" else []
    launchers += [f"{n} (emulated over srun)" for n in launcher_names(profile)]
    yes = [
        f"scheduler: {scheduler}",
        "node names: " + ", ".join(profile.node_name(i) for i in range(2)) + ", ..."
        + (f" (FQDN .{profile.node.domain})" if profile.node.domain else ""),
        f"GPUs per node as Slurm GRES {gres_spec(profile)}; "
        f"{largest_node(profile).node.cpus} CPUs advertised",
        f"queues with their time and node limits: {queues}",
        "required directives: " + (", ".join(r.render or r.option
                                              for r in profile.directives.required) or "none"),
        "forbidden directives: " + (", ".join(r.option for r in profile.directives.forbidden)
                                    or "none"),
        f"account format {profile.account.pattern} "
        f"({'required' if profile.account.required else 'optional'})",
        "Lmod modules: " + ", ".join(profile.software.available_modules),
        "launchers: " + ", ".join(launchers),
    ]
    if profile.node_types:
        yes.append("node types on the same nodes (their queues, GPUs, features, modules): "
                   + ", ".join(t.id for t in profile.node_types))
    if node_features(profile):
        yes.append("node features: " + ", ".join(node_features(profile)))
    emulated, not_emulated = report(profile)
    yes += [f"quirk {q}: {EMULATED[q]}" for q in emulated]
    no = [f"quirk {q}" for q in not_emulated] + NEVER
    return {"reproduced": yes, "not reproduced": no}
