"""A program a PBS batch script starts bare (no launcher anywhere in the script) on a site
whose launcher is PALS ``mpiexec`` and whose documented shape is one rank per GPU (Aurora: 12
tiles a node): its line is started by ``mpiexec`` with the site's ranks per node on each node
of the job's select and the site's CPU binding (issue 17, helper s33r31).

oneCCL (and Intel MPI under it) reads the launcher's variables to choose its transport; a rank
started without mpiexec finds none and falls back to a transport the site does not tune
(``did not find MPI-launcher specific variables, switch to ATL/OFI``). The line found is the
one :func:`patch_lines.launch_with_srun` would start (the script's last command, a program);
the ranks are the site's documented ones (``launch.style: rank-per-gpu``, ``gpu.per_node``),
as the site's own launch line starts a oneCCL/xccl program; a site of another style is refused.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.repair import patch_directives as pd
from maple_flow.repair.patch_lines import launch_with_srun
from maple_flow.repair.text import FixNotApplicable, indent_of


def _select_nodes(text: str) -> int:
    """The node count of the job's PBS select (one chunk); FixNotApplicable without one."""
    select = pd.directive_value(text, "pbs", "select")
    m = re.match(r"(\d+)(?::|$)", select or "")
    if m is None or "+" in (select or ""):
        raise FixNotApplicable("the job's PBS select gives no single node count")
    return int(m.group(1))


def launch_with_site_mpiexec(text: str, profile: ClusterProfile | None) -> str:
    """``text`` whose bare program line is started by ``mpiexec -n NODES*G --ppn G`` (G: the
    site's ranks per node) with the site's CPU binding."""
    if profile is None or profile.scheduler != "pbs" or profile.launch.launcher != "mpiexec":
        raise FixNotApplicable("the site's launcher is not PBS + mpiexec")
    if profile.launch.style != "rank-per-gpu":
        raise FixNotApplicable(f"{profile.name} documents no rank-per-GPU launch shape")
    nodes, ppn = _select_nodes(text), profile.gpu.per_node
    words = f"mpiexec -n {nodes * ppn} --ppn {ppn}"
    bind = profile.launch.cpu_bind or ""
    if re.fullmatch(r"--cpu-bind[= ][\w,:.-]+", bind):
        words += f" {bind}"
    started = launch_with_srun(text).split("\n")
    original = text.split("\n")
    index = next(i for i, (a, b) in enumerate(zip(started, original, strict=True)) if a != b)
    line = original[index]
    started[index] = f"{indent_of(line)}{words} {line.lstrip()}"
    return "\n".join(started)
