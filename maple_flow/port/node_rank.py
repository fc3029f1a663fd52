"""Stage "plan edits": the node rank of a program started once per node on several nodes by a
PBS target's PALS ``mpiexec --ppn 1`` (s24multirun, issue 14); a Python program or an installed
command, not a script of the user's own (its wrappers have their own handling).

A program started once per node that starts its own workers on the node's GPUs (Lightning with
``num_nodes=N``, a ``torch.multiprocessing.spawn`` of its own) must learn which node it is. Under
the source's ``srun`` each process has SLURM_NODEID/SLURM_PROCID (Lightning's SLURMEnvironment
reads them); PALS ``mpiexec`` sets its own PALS_NODEID and no Slurm names, so without more every
node's process takes node rank 0 and the job never forms. The port gives each process
``NODE_RANK`` (the name Lightning's default environment and torch's launchers read) from the
target's node rank variable (profile ``launch.node_rank_var``), inside the process, and says
so; it cannot read the program, so the note says what a program that reads another name needs.
"""

from __future__ import annotations

from maple_flow.models import ClusterProfile
from maple_flow.port.stages import launch_section

#: The per-process prefix: NODE_RANK read from the target launcher's own node rank variable.
_PREFIX = "bash -c 'export NODE_RANK=\"${{{var}}}\"; exec \"$@\"' maple-node "


def with_node_rank(script: str, profile: ClusterProfile, nodes: int,
                   source_launcher: str) -> tuple[str, str]:
    """``script`` with its one-process-per-node launch (``mpiexec ... --ppn 1 \\`` then the
    program's line) giving each process NODE_RANK from the target's node rank variable, and
    the note; unchanged (and ``""``) for one node, a target whose launcher is srun, a source
    started by the same launcher (its program reads that launcher's own names), or a launch not
    of that shape."""
    var = profile.launch.node_rank_var
    if (nodes <= 1 or profile.launch.launcher != "mpiexec" or not var
            or source_launcher == profile.launch.launcher):
        return script, ""
    start, section = launch_section(script)
    if (len(section) < 2 or "--ppn 1" not in section[-2] or not section[-1].startswith("    ")
            or "NODE_RANK" in section[-1]):
        return script, ""
    lines = script.rstrip("\n").split("\n")
    at = start + len(section) - 1
    lines[at] = "    " + _PREFIX.format(var=var) + lines[at].strip()
    if not lines[at - 2].startswith("# shellcheck disable=SC2016"):  # as the templates do
        lines.insert(at - 1, "# shellcheck disable=SC2016  # the node rank is expanded inside "
                     "each process")
    return "\n".join(lines) + "\n", (
        f"the program is started once per node on {nodes} nodes; {profile.launch.launcher} on "
        f"{profile.name} sets no Slurm variables (srun's SLURM_NODEID/SLURM_PROCID, which "
        "Lightning's SLURMEnvironment reads), so every node's process would take node rank 0: "
        f"the port sets NODE_RANK in each process from ${var} (Lightning's default environment "
        "and torch's launchers read it; a program that takes its node rank from another name "
        "must read NODE_RANK). If mpi4py is importable there, Lightning picks its MPI "
        "environment instead (one rank per process): then port with ranks=N (one rank per GPU)")
