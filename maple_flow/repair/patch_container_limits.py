"""The resource-limit options of an apptainer/singularity command taken off (s32b2).

``--cpus``, ``--memory`` and the other cgroup limit options make the runtime apply a cgroup
of its own; on a node that does not delegate those controllers to the user (no cgroup v2
delegation, no D-Bus session in a batch job) the container is never created
("container creation failed: while applying cgroups config"). The scheduler already confines
the job, so the options go; the rest of the command is kept.
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_shape import runtime_options_edited
from maple_flow.repair.text import FixNotApplicable

#: Apptainer's cgroup limit options that take a value, and those that take none.
_VALUED = ("--cpus", "--cpu-shares", "--cpuset-cpus", "--cpuset-mems", "--memory",
           "--memory-reservation", "--memory-swap", "--pids-limit", "--blkio-weight",
           "--apply-cgroups")
_BARE = ("--oom-kill-disable",)
_LIMIT = re.compile(
    r"[ \t]+(?:(?:" + "|".join(re.escape(o) for o in _VALUED) + r")(?:=|[ \t]+)"
    r"(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\\]+)|(?:" + "|".join(re.escape(o) for o in _BARE)
    + r"))(?=[ \t]|\\?$|\n)")
#: Where the runtime's own options end: the image.
_IMAGE = re.compile(r"\s(?!-)\S+\.(?:sif|simg|img|sqsh|squashfs)\b"
                    r"|\s(?!-)(?:docker|library|oras|shub|docker-daemon)://\S+")


def container_drop_limits(text: str) -> str:
    """``text`` whose apptainer/singularity commands give none of the cgroup limit options
    (before their image); FixNotApplicable when no command gives one."""
    edited = runtime_options_edited(text, lambda options: _LIMIT.sub("", options), _IMAGE)
    if edited is None:
        raise FixNotApplicable("no apptainer/singularity command of the script gives a cgroup "
                               "limit option (--cpus, --memory, ...)")
    return edited
