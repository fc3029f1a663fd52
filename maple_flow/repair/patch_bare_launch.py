"""A program a PBS batch script starts bare (no launcher anywhere in the script) on a site
whose launcher is PALS ``mpiexec``: its line is started by ``mpiexec`` with the process count
it already had, one rank on each node of the job's select (issue 17, helper s33r31).

oneCCL (and Intel MPI under it) reads the launcher's variables to choose its transport; a rank
started without mpiexec finds none and falls back to a transport the site does not tune
(``did not find MPI-launcher specific variables, switch to ATL/OFI``). The line found is the
one :func:`patch_lines.launch_with_srun` would start (the script's last command, a program);
the rank count is not raised (more ranks a node is the user's choice).
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.repair import patch_directives as pd
from maple_flow.repair.patch_lines import launch_with_srun
from maple_flow.repair.text import FixNotApplicable


def _select_nodes(text: str) -> int:
    """The node count of the job's PBS select (one chunk); FixNotApplicable without one."""
    select = pd.directive_value(text, "pbs", "select")
    m = re.match(r"(\d+)(?::|$)", select or "")
    if m is None or "+" in (select or ""):
        raise FixNotApplicable("the job's PBS select gives no single node count")
    return int(m.group(1))


def launch_with_site_mpiexec(text: str, profile: ClusterProfile | None) -> str:
    """``text`` whose bare program line is started by ``mpiexec -n NODES --ppn 1``."""
    if profile is None or profile.scheduler != "pbs" or profile.launch.launcher != "mpiexec":
        raise FixNotApplicable("the site's launcher is not PBS + mpiexec")
    nodes = _select_nodes(text)
    started = launch_with_srun(text).split("\n")
    original = text.split("\n")
    index = next(i for i, (a, b) in enumerate(zip(started, original, strict=True)) if a != b)
    line = original[index]
    indent = line[:len(line) - len(line.lstrip())]
    started[index] = f"{indent}mpiexec -n {nodes} --ppn 1 {line.lstrip()}"
    return "\n".join(started)
