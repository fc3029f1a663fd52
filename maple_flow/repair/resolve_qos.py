"""``{queue:qos_partition}``: the partition a job script wrongly names as its QOS (s34ctr2).

A Slurm QOS directive whose value is the name of one of the site's partitions is a partition
given in the wrong option (``--qos=gpuA100x4`` on Delta): the scheduler knows no such QOS and
refuses the job ("Invalid qos specification"). The value is the script's own word and the
site's partition list says what it is, so the fix (that name as the partition) is decided by
the script and the site, not guessed. Anything else (no QOS directive, a QOS that is no
partition name, another partition named as well) is Unresolved: the record then does not hold.
"""

from __future__ import annotations

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.models import ClusterProfile
from maple_flow.repair.unresolved import Unresolved


class QosUnresolved(Unresolved):
    """The script names no partition of the site as its QOS."""


def qos_partition(script: str, profile: ClusterProfile) -> str:
    """The site partition the script's QOS directive names; QosUnresolved when it names none."""
    if profile.scheduler != "slurm":
        raise QosUnresolved(f"{profile.name} is not a Slurm site")
    directives = parse_directives(script, "slurm")
    qos = last_value(directives, "qos")
    if not qos:
        raise QosUnresolved("the script names no QOS")
    queue = profile.queues.get(qos)
    if queue is None or queue.kind != "partition":
        raise QosUnresolved(f"the QOS {qos!r} is no partition of {profile.name}")
    partition = last_value(directives, "partition")
    if partition and partition != qos:
        raise QosUnresolved(f"the script names partition {partition!r} as well")
    return qos
