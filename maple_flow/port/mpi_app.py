"""A launch whose ranks are an MPI/GPU application, not Python (``srun lmp -k on g 2 ...``,
``mpirun gmx_mpi mdrun``, ``srun ./my_cuda_app``): the port keeps the source's rank layout
(nodes, ranks a node, one GPU a rank) on the target's launcher, names the application's own
count options where the target's nodes differ, and refuses, naming the numbers, where the
layout cannot be kept. Such a job is never re-laid as a PyTorch one-rank-per-GPU job."""

from __future__ import annotations

from maple_flow.errors import MissingInformation
from maple_flow.knowledge.app_commands import count_options, is_python_command
from maple_flow.models import ClusterProfile
from maple_flow.port.gpus_of_one import launch_gpus_per_node
from maple_flow.port.words import gpus as gpus_word
from maple_flow.scriptparse.facts import directive_size
from maple_flow.scriptparse.launch import PER_RANK_LAUNCHERS
from maple_flow.scriptparse.script import ParsedScript

#: ``(nodes, ranks a node, notes, refusal)``: the refusal is "" when the layout is kept.
AppLayout = tuple[int, int, list[str], str]


def runs_an_app(p: ParsedScript) -> bool:
    """The launch starts a program that is not Python and not a known Python console script
    on the ranks of a per-rank launcher (srun, mpirun, mpiexec, ibrun)."""
    launch = p.launch
    return (launch.command and not is_python_command(launch.entrypoint)
            and any(s.name in PER_RANK_LAUNCHERS for s in launch.stages))


def app_layout(p: ParsedScript, size: tuple[int | None, int | None, int | None],
               profile: ClusterProfile) -> AppLayout:
    """The source's layout (``size``: nodes, ranks a node, ranks) kept on ``profile``, one
    GPU a rank, or the refusal naming the numbers when its ranks share GPUs or a target node
    has fewer GPUs than its ranks a node; raises MissingInformation when the source states
    no GPU count or no layout."""
    nodes, ranks_per_node, total = size
    app, target_gpus = app_name(p), profile.gpu.per_node
    if not nodes and ranks_per_node and total == ranks_per_node:
        nodes = 1  # `--ntasks=4 --gres=gpu:4`: the ranks of one node
    if total == 1 and (nodes or 1) == 1 and (ranks_per_node or 1) == 1:
        nodes = ranks_per_node = 1  # `-n 1`: one task runs on one node, whatever else is unsaid
    if not nodes or not ranks_per_node:
        raise MissingInformation({"ranks": (
            f"{app} is an MPI/GPU application, not Python: its rank layout is kept as written, "
            "and the script does not fix it; give --ranks N and --nodes N")})
    stated = directive_size(p)
    gpus = stated["gpus"]
    if gpus is None and stated["gpus_per_task"]:  # `--gpus-per-task=1`: G a rank
        gpus = stated["gpus_per_task"] * ranks_per_node
    if gpus is None:  # no directive counts them: the launcher's own GPU options may
        gpus = launch_gpus_per_node(p, nodes, ranks_per_node)
    layout = f"{nodes} node(s) x {ranks_per_node} rank(s) a node"
    if gpus is None:
        raise MissingInformation({"gpus_per_node": (
            f"{app} is an MPI/GPU application, not Python, run as {layout}; neither the "
            "script's directives nor its launch line count GPUs (no --gpus/--gres/ngpus), so "
            "how many GPUs its ranks use is not known: give --gpus-per-node N (GPUs a source "
            "node gave the job)")})
    kept: tuple[int, int, list[str]] = (nodes, min(ranks_per_node, target_gpus), [])
    if gpus < ranks_per_node:
        return *kept, (
            f"{app} runs {layout} sharing {gpus} GPU(s) a node in the source (an MPI/GPU "
            "application, not Python, several ranks on one GPU); maple keeps such a layout "
            f"only with one GPU a rank: on {profile.name} ({gpus_word(target_gpus)} a node) run "
            f"{ranks_per_node} ranks a node on "
            f"{gpus_word(min(ranks_per_node, target_gpus))} by hand "
            f"(MPS), or give --gpus-per-node N with the ranks a node {app} should use")
    if ranks_per_node > target_gpus and app != p.launch.entrypoint:  # words not read
        return *kept, (
            f"{app} runs {layout}, one GPU a rank ({gpus} GPUs a node) in the source; what "
            "those words run is not read (a script or command named by a variable), so the "
            f"port keeps the layout as written and does not re-lay it; a {profile.name} node "
            f"has {gpus_word(target_gpus)}, fewer than its {ranks_per_node} ranks a node: give "
            f"--nodes N and --gpus-per-node N (at most {target_gpus}) and make what runs "
            "(its rank, GPU and data-parallel settings) use that layout")
    if ranks_per_node > target_gpus:
        return *kept, (
            f"{app} runs {layout}, one GPU a rank ({gpus} GPUs a node) in the source; a "
            f"{profile.name} node has {gpus_word(target_gpus)}, fewer than its {ranks_per_node} "
            f"ranks a node, so the layout cannot be kept as written (an MPI/GPU application, "
            f"not Python, is not re-laid as one rank per GPU); give --nodes N and "
            f"--gpus-per-node N (at most {target_gpus}) and set {app}'s own decomposition "
            f"options to match{_options_clause(p)}")
    notes = [f"{app} is an MPI/GPU application, not Python: its rank layout is kept as the "
             f"source wrote it, {layout}, one GPU a rank, on {profile.name}'s "
             f"{profile.launch.launcher} (not re-laid as one rank per GPU of a "
             f"{target_gpus}-GPU node)"]
    if gpus != target_gpus:
        notes.append(f"a {profile.name} node has {gpus_word(target_gpus)}, the source's {gpus}: "
                     f"the job asks {ranks_per_node} a node; {app}'s own GPU and thread "
                     f"options must agree with that{_options_clause(p)}")
    return nodes, ranks_per_node, notes, ""


def app_name(p: ParsedScript) -> str:
    """The application as the launch starts it: its program word, or, where the launch runs
    unknown words in front of it (``$CONTAINER_SCRIPT $CONFIG_DIR main.yaml`` in a container:
    a script of the user's, named by a computed path, given a config), those words with the
    values the script gives them, so a refusal names what runs, not its last argument."""
    unknown = [s.name for s in p.launch.stages if s.name.startswith("$")]
    if not unknown:
        return p.launch.entrypoint
    words = " ".join([*unknown, p.launch.entrypoint])
    values = [f"{w.strip('${}')}={p.variables[w.strip('${}')]}" for w in unknown
              if p.variables.get(w.strip("${}"))]
    inside = next((s.name for s in p.launch.stages if s.name in _CONTAINERS), "")
    where = f" in your {inside} image" if inside else ""
    return f"`{words}`{where}" + (f" ({', '.join(values)})" if values else "")


_CONTAINERS = frozenset({"singularity", "apptainer", "podman-hpc", "shifter", "podman",
                         "docker", "enroot", "charliecloud", "ch-run"})


def _options_clause(p: ParsedScript) -> str:
    """``: -k on g 2, -ntomp 6`` naming the count options the launch passes, or a hint."""
    found = count_options(list(p.launch.args))
    return (f" ({', '.join(found)})" if found else
            " (its GPU, rank and thread options and its input's decomposition)")
