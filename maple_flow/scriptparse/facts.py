"""What a parsed script means: job size, walltime, account, queue, setup, program."""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass, field

from maple_flow.knowledge.directives import Directive
from maple_flow.knowledge.other_sites import constraint_gpus
from maple_flow.models.common import no_time_limit, scheduler_walltime_seconds
from maple_flow.scriptparse.launch import COLOSSAL_RUN, PER_RANK_LAUNCHERS, Stage
from maple_flow.scriptparse.model import launch_model
from maple_flow.scriptparse.nodecount import outer_nodes
from maple_flow.scriptparse.nodefile import counts_nodefile_slots, nodefile_lines
from maple_flow.scriptparse.script import ParsedScript
from maple_flow.scriptparse.setup import setup_of
from maple_flow.scriptparse.values import (
    expand,
    first_int,
    gpu_count,
    gres_gpu_count,
    gres_gpu_types,
    to_int,
)

_PER_NODE_LAUNCHERS = ("torchrun", "deepspeed", "accelerate")


@dataclass
class ScriptFacts:
    """The job a script describes, independent of the cluster it was written for."""

    nodes: int | None
    gpus_per_node: int | None
    framework: str
    strategy: str
    entrypoint: str
    module: bool
    args: list[str]
    walltime: int | None = None
    #: The source's time directive when it asks no limit (``--time=UNLIMITED``), else "".
    walltime_unlimited: str = ""
    #: The source's time directive when its value is not read (never shrunk to a default:
    #: the port asks for the time), else "".
    walltime_unread: str = ""
    account: str | None = None
    queue: str | None = None
    job_name: str | None = None
    unresolved_args: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: The node count is Slurm's default one node (no -N, per-node counts only), which the
    #: job's size depended on: a nodes= answer replaces it as if the script had left it open.
    nodes_defaulted: bool = False
    #: Total ranks when the script gives them (None: unknown, never guessed).
    ranks: int | None = None
    #: Where the size was read (launch line, directives), for notes.
    size_from: str = ""
    launch_model: str = "launcher"
    rank_vars: dict[str, str] = field(default_factory=dict)
    model_why: str = ""
    horovod: bool = False
    cpus_per_task: int | None = None
    #: GPUs each process drives when one process per node uses several (``--gpus-per-task=8``,
    #: or ``--gpus=4`` and one task): None when a process per GPU is started.
    gpus_per_process: int | None = None
    #: Where a directive-less job's side-by-side copies pin the GPUs it is given (one
    #: process per copy, each on its own GPU), for notes and refusals; "" otherwise.
    packed_copies: str = ""
    #: Where the job starts several programs side by side on its node, none pinned to a GPU
    #: (``singularity exec IMG python a.py &`` ... its launch ``&``, then ``wait``): each sees
    #: all the node's GPUs (``port.side_runs``); "" otherwise.
    side_runs: str = ""
    #: The script disagrees with itself about its layout (``layout_conflict``): its size is
    #: asked, never guessed from a node's GPUs.
    size_conflict: bool = False


def _pbs_resource(ds: list[Directive], *keys: str) -> int | None:
    """A per-node count of a PBS chunk: ``select=1:ngpus=4`` (PBS Pro) or Torque's
    ``nodes=1:ppn=8:gpus=8`` (``keys``: the resource names that count it)."""
    names = "|".join(keys)
    for d in reversed(ds):
        if d.option in {"select", "nodes"} and d.value:
            match = re.search(rf"(?:^|:)(?:{names})=(\d{{1,7}})(?!\d)", d.value)
            if match:
                return int(match.group(1))
    return None


def job_gpus(p: ParsedScript) -> int | None:
    """The GPUs of the whole job: Slurm's ``--gpus``, or PBS Pro's job-wide ``-l ngpus=N``
    (NCI Gadi's form, without a ``select`` chunk)."""
    return gpu_count(p.directive("gpus")) or first_int(p.directive("ngpus"))


#: sbatch(1), -N/--nodes: "If -N is not specified, the default behavior is to allocate enough
#: nodes to satisfy the requested resources as expressed by per-job specification options, e.g.
#: -n, -c and --gpus": a job that asks only per-node counts (--ntasks-per-node,
#: --gpus-per-node, --gres) and no per-job count gets one node.
SLURM_ONE_NODE_NOTE = (
    "the script gives no node count (no -N/--nodes) and asks only per-node counts ({asked}): "
    "Slurm gives such a job ONE node (sbatch's default when -N is not given), so it is ported as "
    "1 node; if you submit it with `sbatch -N K`, pass nodes=K (--nodes K)")


#: Slurm's job-size variables: a script that reads one is written to take its size from the
#: scheduler at run time (the README's `sbatch -N <n>`), so its node count is the submission's.
_SLURM_SIZE_REF = re.compile(
    r"\$\{?(?:SLURM_NNODES|SLURM_JOB_NUM_NODES|SLURM_NTASKS|SLURM_NPROCS|"
    r"SLURM_NTASKS_PER_NODE|SLURM_TASKS_PER_NODE|SLURM_GPUS_ON_NODE|SLURM_JOB_GPUS|"
    r"SLURM_GPUS_PER_NODE|SLURM_JOB_NODELIST|SLURM_NODELIST)\b")
#: The node's own GPU list (SLURM_JOB_GPUS), read only to count it
#: (:func:`gpu_list_count_var`): a count of the GPUs asked a node, which says nothing of the
#: node count (unlike SLURM_NNODES or the node list, it does not make the size the submission's).
_GPU_LIST_ONLY = re.compile(r"\$\{?SLURM_JOB_GPUS\b")


#: Whether a Slurm script without -N is read as Slurm's default one node; off (in this context
#: only: thread- and task-safe) while read_facts checks whether the size is known without it.
_SLURM_DEFAULT_NODE: ContextVar[bool] = ContextVar("slurm_default_node", default=True)


def _known_without_default(p: ParsedScript) -> bool:
    """Whether the job's total is read without Slurm's default one node (then the note on
    that default would say nothing: the size never depended on it)."""
    token = _SLURM_DEFAULT_NODE.set(False)
    try:
        return job_total(p, *job_size(p))[0] is not None
    finally:
        _SLURM_DEFAULT_NODE.reset(token)


_LAUNCH_NODE_OPTIONS = ("--nnodes", "--num_nodes", "--num-nodes", "--num_machines",
                        "--num-machines")


def slurm_default_nodes(p: ParsedScript) -> str:
    """The per-node directives of a Slurm script that runs on Slurm's default one node (no
    -N, no per-job count: -n/--ntasks, --gpus, --ntasks-per-gpu; --ntasks-per-node or
    --gpus-per-node asked; no node count on its launch line; no job-size variable read, which
    says the size is given at submission), as written for a note; ``""`` otherwise."""
    if p.scheduler != "slurm" or p.directive("nodes") is not None:
        return ""
    blocks = [*p.before, *([p.launch_block] if p.launch_block else []), *p.after]
    counted = {name for name, value in p.variables.items() if gpu_list_count_var(value)}
    if any(_SLURM_SIZE_REF.search(_counts_dropped(b.text, counted)) for b in blocks):
        return ""
    if any(p.directive(o) is not None for o in ("ntasks", "gpus", "ntasks-per-gpu")):
        return ""
    # a launch line that states its own node count (srun -N, torchrun --nnodes, accelerate
    # --num_machines, deepspeed --num_nodes) is read as written, as before
    if any(s.has("-N", "--nodes") if s.name == "srun" else s.has(*_LAUNCH_NODE_OPTIONS)
           for s in p.launch.stages):
        return ""
    asked = [f"--{o}={p.directive(o)}" for o in ("ntasks-per-node", "gpus-per-node", "gres")
             if p.directive(o) and (o != "gres" or "gpu" in (p.directive(o) or ""))]
    per_node = first_int(p.directive("ntasks-per-node")) or gpu_count(p.directive(
        "gpus-per-node"))
    return ", ".join(asked) if per_node else ""


def _counts_dropped(text: str, counted: set[str]) -> str:
    """``text`` without its lines that only count the node's GPU list into a variable
    (``NUM_GPUS=$(echo $SLURM_JOB_GPUS | tr ',' '\n' | wc -l)``) or echo it: reading the
    GPUs of the node does not make the node count the submission's."""
    if not counted and not _GPU_LIST_ONLY.search(text):
        return text
    kept = []
    for line in text.split("\n"):
        bare = line.strip()
        name = bare.split("=", 1)[0].removeprefix("export ").strip()
        if (name in counted and "=" in bare) or (
                bare.startswith(("echo ", "printf ")) and not _SLURM_SIZE_REF.search(
                    _GPU_LIST_ONLY.sub("", bare))):
            continue
        kept.append(line)
    return "\n".join(kept)


def directive_size(p: ParsedScript) -> dict[str, int | None]:
    """Nodes, GPUs per node, tasks per node and tasks as the directives request them."""
    nodes = first_int(p.directive("nodes", "select"))
    if nodes is None and _SLURM_DEFAULT_NODE.get() and slurm_default_nodes(p):
        nodes = 1  # Slurm's default (see SLURM_ONE_NODE_NOTE)
    gpus = gpu_count(p.directive("gpus-per-node")) or _pbs_resource(p.directives, "ngpus", "gpus")
    gres = p.directive("gres")
    if gpus is None and gres and "gpu" in gres:
        gpus = gres_gpu_count(gres)  # `--gres=gpu` (no count): one GPU, Slurm's default count
    total_gpus = job_gpus(p)
    per_task = gpu_count(p.directive("gpus-per-task"))
    tpn = first_int(p.directive("ntasks-per-node")) or _pbs_resource(p.directives, "mpiprocs")
    tasks = first_int(p.directive("ntasks"))
    if nodes is None and p.scheduler == "slurm" and tasks and tpn and tasks % tpn == 0:
        # sbatch(1) --ntasks-per-node: with --ntasks "treated as a maximum count of tasks per
        # node": -n 64 --ntasks-per-node 4 without -N is 16 nodes of 4 tasks
        nodes = tasks // tpn
    if gpus is None and total_gpus and nodes:
        gpus = total_gpus // nodes if total_gpus % nodes == 0 else None
    if gpus is None and total_gpus is None and (
            counted := constraint_gpus(p.directive("constraint"))):
        gpus = counted[0]  # "V100&GPUx4": a node of 4 GPUs, all the job's
    if gpus is None and total_gpus and nodes is None and not (tpn or (tasks or 1) > 1):
        gpus = total_gpus  # one task and no node count: Slurm places the job on one node
    if gpus is None and per_task and tpn:
        gpus = per_task * tpn
    if gpus is None and per_task and tasks and nodes and tasks % nodes == 0:
        gpus = per_task * (tasks // nodes)  # --ntasks=4 on --nodes=4: one task per node
    per_gpu = first_int(p.directive("ntasks-per-gpu"))
    if tpn is None and per_gpu and gpus:
        tpn = per_gpu * gpus  # --ntasks-per-gpu=1 with --gpus-per-node=4: 4 tasks a node
    return {"nodes": nodes, "gpus": gpus, "tpn": tpn, "tasks": tasks, "gpus_per_task": per_task}


#: Slurm job variables whose value follows from the directives (used to read sizes).
_SCHEDULER_SIZE_VARS = {"SLURM_NNODES": "nodes", "SLURM_JOB_NUM_NODES": "nodes",
                        "SLURM_GPUS_PER_NODE": "gpus", "SLURM_GPUS_ON_NODE": "gpus",
                        "SLURM_NTASKS_PER_NODE": "tpn", "SLURM_NTASKS": "tasks"}


#: A count of the items of a GPU list the scheduler sets for the job's node (Slurm's
#: SLURM_JOB_GPUS/SLURM_STEP_GPUS, the CUDA_VISIBLE_DEVICES it exports, "0,1,2,3"), taken when
#: the job runs: ``$(echo $SLURM_JOB_GPUS | tr ',' '\n' | wc -l)``, ``... | awk -F, '{print NF}'``.
#: Its value is the GPUs the directives ask a node (the list has one entry per GPU).
_GPU_LIST_COUNT = re.compile(
    r"""^\$\(\s*echo\s+["']?\$\{?(?P<name>SLURM_JOB_GPUS|SLURM_STEP_GPUS|CUDA_VISIBLE_DEVICES|"""
    r"""GPU_DEVICE_ORDINAL|ROCR_VISIBLE_DEVICES|HIP_VISIBLE_DEVICES)\}?["']?\s*\|\s*"""
    r"""(?:tr\s+["']?,["']?\s+["']?(?:\\n|\s)["']?\s*\|\s*wc\s+-[lw]"""
    r"""|awk\s+-F\s*["']?,["']?\s+["']\{\s*print\s+NF;?\s*\}["'])\s*\)$""")


def gpu_list_count_var(value: str) -> str:
    """The scheduler GPU list ``value`` counts the items of (``SLURM_JOB_GPUS`` for
    ``$(echo $SLURM_JOB_GPUS | tr ',' '\n' | wc -l)``), or ``""``."""
    match = _GPU_LIST_COUNT.match(value.strip().strip('"'))
    return match.group("name") if match else ""


def _variables(p: ParsedScript, size: dict[str, int | None]) -> dict[str, str]:
    known = {**p.variables, **p.env}
    scheduler = {name: size[key] for name, key in _SCHEDULER_SIZE_VARS.items()}
    for name in p.node_count_vars:
        scheduler[name] = size["nodes"]
        if counts_nodefile_slots(p.variables.get(name, "")):  # one line per slot, not node
            scheduler[name] = nodefile_lines(size["nodes"], _pbs_resource(
                p.directives, "ppn", "mpiprocs"))
    if size["gpus"]:  # a count of the node's scheduler GPU list: the GPUs asked a node
        for name, value in p.variables.items():
            listed = gpu_list_count_var(value)
            # a list the script sets itself is its own (counted from its value elsewhere);
            # `$(nvidia-smi -L | wc -l)` counts the node's GPUs the job sees: node_gpu_count_note
            own = listed in p.variables or listed in p.env
            if (listed and not own) or counts_node_gpus(value, {}):
                scheduler[name] = size["gpus"]
    known.update({k: str(v) for k, v in scheduler.items() if v is not None})
    return known


def _positive(count: int | None) -> int | None:
    """A count the launch fixes: None for none, zero or a negative ("all of them")."""
    return count if count is not None and count > 0 else None


def _per_node_size(
    stage: Stage, size: dict[str, int | None], vars_: dict[str, str], outer: bool
) -> tuple[int | None, int | None]:
    """Nodes and ranks per node of a per-node launcher; torchrun started once by the job's
    shell (no site launcher around it), with neither ``--nnodes`` nor a node directive,
    runs on one node (its default) when its ranks per node are known."""
    if stage.name == "accelerate":
        total = to_int(stage.get("--num_processes", "--num-processes"), vars_)
        machines = to_int(stage.get("--num_machines", "--num-machines"), vars_)
        nodes = machines or size["nodes"]
        if bare_on_first_node(stage, size, outer):
            # started once, on the job's first node: it starts that machine's share there
            # (--num_processes / --num_machines), or all of --num_processes on one machine
            if total and machines and total % machines == 0:
                return 1, total // machines
            return 1, (total if total and not machines else size["gpus"])
        if total and nodes and total % nodes == 0:
            return nodes, total // nodes
        return nodes, size["gpus"]
    if stage.name == "deepspeed":
        # ``--num_nodes -1`` / ``--num_gpus -1`` (deepspeed's defaults): every host and GPU of
        # the hostfile, a size the line does not fix
        gpn = _positive(to_int(stage.get("--num_gpus", "--num-gpus"), vars_))
        nodes = _positive(to_int(stage.get("--num_nodes", "--num-nodes"), vars_))
        inc_nodes, inc_gpn = _include_size(stage.get("--include", "-i"))
        # started once by the job's shell with no hostfile: deepspeed runs on its own node
        alone = not (outer or stage.has("--hostfile", "-H", "--master_addr", "--master-addr"))
        gpn = gpn or inc_gpn or size["gpus"]
        return nodes or inc_nodes or size["nodes"] or (1 if gpn and alone else None), gpn
    raw_gpn = nproc_option(stage)
    gpn = to_int(raw_gpn, vars_)
    if gpn is None and raw_gpn in _ALL_DEVICES:  # one rank per GPU the node shows the job
        gpn = visible_devices(vars_)
    nnodes = stage.get("--nnodes", "--num_nodes")  # colossalai run: --num_nodes
    nodes = to_int(nnodes.split(":")[0], vars_) if nnodes else None
    nodes = nodes or (1 if stage.has("--standalone") else None)  # a single-node rendezvous
    nodes = nodes or _host_list_size(stage)
    # torchrun's default, one process a node, on several GPUs a node: asked (job_total)
    gpn = gpn or (None if torchrun_default_one(stage, size) else size["gpus"])
    elsewhere = stage.has(*_HOST_OPTIONS)  # the hosts are listed: not the job's shell's node
    if bare_on_first_node(stage, size, outer):
        return 1, gpn  # no launcher starts it on the job's other nodes: it runs on one
    return nodes or size["nodes"] or (
        1 if gpn and not (nnodes or outer or elsewhere) else None), gpn


def bare_on_first_node(stage: Stage, size: dict[str, int | None], outer: bool) -> bool:
    """Whether a per-node launcher (torchrun) is started once by the job's shell, with no
    site launcher around it (srun, mpiexec), no ``--nnodes`` and no host list, in a job whose
    directives ask several nodes: it runs on the job's first node only (torchrun's default
    is one node), the other nodes idle."""
    return (stage.name in {"torchrun", "accelerate"} and not outer and (size["nodes"] or 0) > 1
            and stage.get("--nnodes", "--num_nodes") is None
            and not stage.has(*_HOST_OPTIONS))


def nproc_option(stage: Stage) -> str | None:
    """torchrun's ranks a node as written: ``--nproc_per_node``/``--nproc-per-node`` or an
    abbreviation argparse accepts (``--nproc_per_nod=4``); None when not given."""
    for key, value in reversed(stage.options):
        if len(key) >= len("--nproc") and any(
                full.startswith(key) for full in ("--nproc_per_node", "--nproc-per-node")):
            return value
    return None


def torchrun_default_one(stage: Stage, size: dict[str, int | None]) -> bool:
    """torchrun (or ``python -m torch.distributed.launch``) without a ranks-a-node option
    starts one process a node, its default, on a job whose directives give each node
    several GPUs: whether one process drives them all or one rank per GPU was meant is not in
    the script."""
    return (stage.name == "torchrun" and stage.via != COLOSSAL_RUN
            and nproc_option(stage) is None and (size["gpus"] or 0) > 1)


#: A per-node launcher's options naming the hosts it starts on (``colossalai run --host a,b``
#: or ``--hostfile FILE``).
_HOST_OPTIONS = ("--host", "--hosts", "--hostfile")


def _host_list_size(stage: Stage) -> int | None:
    """How many hosts a written ``--host a,b,c`` list names; None without one."""
    hosts = stage.get("--host", "--hosts")
    if not hosts or "$" in hosts:
        return None
    return len({h.split(":")[0] for h in hosts.split(",") if h})


#: A count of the GPUs the node shows the job, taken when the job runs
#: (``$(nvidia-smi -L | wc -l)``, ``$(nvidia-smi --list-gpus | wc -l)``).
_NODE_GPU_COUNT = re.compile(
    r"^\$\(\s*(?:nvidia-smi\s+(?:-L|--list-gpus)|rocm-smi\s+--showid|xpu-smi\s+discovery)"
    r"\s*(?:\|\s*grep\s+[^|)]*)?\|\s*wc\s+-l\s*\)$")
_REFERENCE = re.compile(r"^\$\{?(\w+)\}?$")


def counts_node_gpus(raw: str | None, vars_: dict[str, str]) -> bool:
    """Whether ``raw`` (a ranks-a-node value as written, or a variable holding it) is the
    node's GPU count taken when the job runs (``NGPU=$(nvidia-smi -L | wc -l)``)."""
    for _ in range(3):
        ref = _REFERENCE.match((raw or "").strip().strip('"'))
        if not ref:
            break
        raw = vars_.get(ref.group(1))
    return bool(raw and _NODE_GPU_COUNT.match(raw.strip().strip('"')))


def node_gpu_count_note(p: ParsedScript) -> str:
    """What the port read a launch size from when the launch takes it from a variable that
    counts the GPUs the node shows the job when it runs (``num_gpus=$(nvidia-smi --list-gpus |
    wc -l)``, then ``accelerate launch --num_processes $num_gpus``) in a job whose directives
    ask its GPUs a node: that count is the GPUs asked (Slurm and PBS show a job its own GPUs
    where the site confines devices to the job), read so and said, with how to give another;
    ``""`` otherwise."""
    gpus = directive_size(p)["gpus"]
    if not gpus:
        return ""
    for name in size_vars(p):
        value = p.variables.get(name, "")
        if counts_node_gpus(value, {}):
            return (f"`{name}={value.strip()}` counts the GPUs the node shows the job when it "
                    f"runs: read as the {gpus} GPU(s) a node the job asks ({_gpu_directive(p)}; "
                    "a job sees only its own GPUs where the site confines devices to jobs, as "
                    "Slurm's cgroups do); if you submit it with more GPUs than that directive "
                    "asks, or your site shows a job every GPU of the node, pass gpus_per_node=N "
                    "(--gpus-per-node N)")
    return ""


#: How the GRES default-count note begins (a size given with the port replaces it).
GRES_DEFAULT_COUNT = "the job's GPUs: "
#: How the GRES mixed-types note begins.
GRES_MIXED_TYPES = "the job's GPU types: "


def _gres_default_count_note(p: ParsedScript) -> str:
    """The note for a job whose GPUs a node are read from a GRES ``gpu`` entry that names no
    count (``--gres=gpu``, ``--gres=gpu:v100``): Slurm's default count, one; ``""`` when the
    GPUs are read from elsewhere or counted."""
    gres = p.directive("gres")
    if (not gres or gpu_count(gres) is not None or gres_gpu_count(gres) != 1
            or p.directive("gpus-per-node") or _pbs_resource(p.directives, "ngpus", "gpus")):
        return ""
    return (f"{GRES_DEFAULT_COUNT}`--gres={gres}` names no count, so Slurm gives the job 1 GPU "
            "a node (the count sbatch takes when none is written): ported so")


def _gres_mixed_types_note(p: ParsedScript) -> str:
    """The note for a GRES list that asks GPUs of several types on one node
    (``--gres=gpu:a40-48:4,gpu:3090:1``): the job's GPUs a node are their sum, and a target
    node has one model, so every rank runs on it; ``""`` for one type."""
    gres = p.directive("gres")
    typed = gres_gpu_types(gres)
    if len({t.lower() for t, _ in typed}) < 2:
        return ""
    parts = ", ".join(f"{n} {t}" for t, n in typed)
    return (f"{GRES_MIXED_TYPES}`--gres={gres}` asks {gres_gpu_count(gres)} GPUs a node of "
            f"{len(typed)} types ({parts}), counted together as the job's GPUs; a target node "
            "has GPUs of one model, so every rank runs on that model: check settings tied to a "
            "GPU type (batch size, memory)")


def _node_gpu_count_why(p: ParsedScript, gpn: int | None, vars_: dict[str, str]) -> str:
    """Why the ranks are unknown when torchrun starts one process per GPU the node shows
    (its --nproc_per_node counted by nvidia-smi when the job runs) and no directive says how
    many GPUs the node gives the job; ``""`` otherwise."""
    stage = p.launch.stage("torchrun")
    raw = nproc_option(stage) if stage is not None else None
    if gpn or not counts_node_gpus(raw, vars_):
        return ""
    return (f"torchrun's --nproc_per_node={raw} is the number of GPUs the node shows the job, "
            "counted when it runs, and no directive says how many GPUs the job asks a node "
            "(a whole node of the source's partition): pass gpus_per_node=N (--gpus-per-node N), "
            "the GPUs of one source node, for one rank per GPU")


#: torchrun's --nproc_per_node values that mean one rank per GPU the node has.
_ALL_DEVICES = frozenset({"gpu", "auto", "cuda", "xpu"})
_DEVICE_LIST = re.compile(r"^\d{1,3}(?:,\d{1,3})*$")


def visible_devices(vars_: dict[str, str]) -> int | None:
    """How many GPUs the script's own ``CUDA_VISIBLE_DEVICES=0,2,4,6`` (or the ROCm/oneAPI
    equivalents) lets the job see; None when it sets no such list."""
    for name in ("CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
                 "ZE_AFFINITY_MASK"):
        value = vars_.get(name, "").strip("'\"")
        if _DEVICE_LIST.match(value):
            return len(value.split(","))
    return None


_INCLUDE_HOST = re.compile(r"^[\w.-]+:(\d{1,4}(?:\s*,\s*\d{1,4})*)$")


def _include_size(value: str | None) -> tuple[int | None, int | None]:
    """Nodes and devices per node of deepspeed's ``--include host:0,1@host2:0,1``: the
    hosts, and the device list they share (None where a host lists none or they differ); a
    list written with blanks or quotes inside (``localhost:"1, 2"``) is the same list."""
    if not value:
        return None, None
    counts = []
    for host in value.split("@"):
        match = _INCLUDE_HOST.match(host.strip().replace('"', "").replace("'", ""))
        if match is None:
            return None, None
        counts.append(len(match.group(1).split(",")))
    return len(counts), counts[0] if len(set(counts)) == 1 else None


def _ppr(value: str | None) -> int | None:
    match = re.match(r"ppr:(\d{1,7}):node", value or "")
    return int(match.group(1)) if match else None


def _rank_per_gpu_size(
    stage: Stage | None, size: dict[str, int | None], vars_: dict[str, str]
) -> tuple[int | None, int | None]:
    if stage is None:
        return 1, 1
    nodes = to_int(stage.get("-N", "--nodes"), vars_) if stage.name == "srun" else None
    nodes = nodes or size["nodes"]
    total = to_int(stage.get("-n", "-np", "--np", "--ntasks"), vars_)
    gpn = to_int(stage.get(*_per_node_options(stage)), vars_) or _ppr(
        stage.get("--map-by", "-map-by"))
    listed = host_slots(stage)
    if listed is not None and gpn is None:  # `-H a:4,b:4`: the ranks go on the listed hosts
        nodes, gpn = listed
        if total and total > nodes * gpn and total % nodes == 0:
            gpn = total // nodes  # oversubscribed (`--oversubscribe`): all on those hosts
    explicit = total
    total = total or size["tasks"]
    if explicit and gpn is None and _over_directive(explicit, nodes, size):
        gpn = explicit // (nodes or 1)  # the launch line's ranks, not the directive's tasks
    if explicit and gpn is None and not size["tpn"] and nodes and explicit < nodes:
        return explicit, 1  # fewer ranks than nodes: one a node, the other nodes idle
    gpn = gpn or size["tpn"]
    if explicit and gpn and explicit < (nodes or 1) * gpn:
        return _fewer_ranks(explicit, nodes, gpn)
    if gpn is None and total and nodes and total % nodes == 0:
        gpn = total // nodes
    if nodes is None and total and gpn and total % gpn == 0:
        nodes = total // gpn
    if (stage.name == "srun" and gpn is None and (total or nodes or 1) == (nodes or 1)
            and not (stage.get("--gpus-per-task") or size["gpus_per_task"])):
        # Slurm's default: one task a node (none asked, or one a node); GPUs asked per task
        # with no task count mean the count comes from the sbatch command line
        return nodes or 1, 1
    return nodes or (1 if total and gpn and total == gpn else None), gpn or size["gpus"]


def _per_node_options(stage: Stage) -> tuple[str, ...]:
    """A parallel launcher's options for its ranks per node; Open MPI's ``mpirun -N 4`` is
    ``--npernode 4`` (srun's ``-N`` is its node count)."""
    names = ("--ntasks-per-node", "--ppn", "-ppn", "--npernode", "-npernode")
    return (*names, "-N") if stage.name == "mpirun" else names


def _over_directive(total: int, nodes: int | None, size: dict[str, int | None]) -> bool:
    """Whether a launcher's explicit rank count (``mpirun -np 4``) is more than the
    directives' tasks per node give on the job's nodes (``--ntasks-per-node=1``), and spreads
    evenly over them: the launch line is what the job runs."""
    tpn, n = size["tpn"], nodes or 1
    return bool(tpn) and total > n * (tpn or 0) and total % n == 0


def launch_over_directive_note(p: ParsedScript) -> str:
    """A note when the launch line starts more ranks than the task directives ask."""
    size = directive_size(p)
    outer = _outer(p)
    if outer is None or any(s.name in _PER_NODE_LAUNCHERS for s in p.launch.stages):
        return ""
    total = to_int(outer.get("-n", "-np", "--np", "--ntasks"), _variables(p, size))
    ppn = outer.get(*_per_node_options(outer))
    nodes = size["nodes"] or 1
    if not total or ppn or not _over_directive(total, nodes, size):
        return ""
    return (f"the launch line starts {total} ranks ({outer.name} -n) but the directives ask "
            f"{size['tpn']} task(s) per node on {nodes} node(s): read as the launch line says, "
            f"{total // nodes} rank(s) per node")


def _tasks_per_node(outer: Stage, size: dict[str, int | None], vars_: dict[str, str]) -> int | None:
    """The tasks a node the site launcher starts: its own options, and for srun the job's
    (srun inherits the directives' task counts)."""
    own = to_int(outer.get(*_per_node_options(outer)), vars_) or _ppr(
        outer.get("--map-by", "-map-by"))
    total = to_int(outer.get("-n", "-np", "--np", "--ntasks"), vars_)
    nodes = (to_int(outer.get("-N", "--nodes"), vars_) if outer.name == "srun" else None) or (
        size["nodes"] or 1)
    if own or (total and total % nodes == 0):
        return own or (total // nodes if total else None)
    if outer.name != "srun" or total:
        return None
    tasks = size["tasks"]
    return size["tpn"] or (tasks // nodes if tasks and tasks % nodes == 0 else None)


def several_launchers_note(p: ParsedScript, facts: ScriptFacts) -> str:
    """A note when the site launcher starts several tasks a node and each runs a per-node
    launcher (``srun torchrun`` under ``--ntasks-per-node=2``): every task started its own
    ranks on the same GPUs (a common mistake); the port starts the per-node launcher once a
    node, and gives that one task the CPUs of the source's tasks on the node."""
    outer = _outer(p)
    inner = next((s for s in p.launch.stages if s.name in _PER_NODE_LAUNCHERS), None)
    if outer is None or inner is None:
        return ""
    size = directive_size(p)
    tpn = _tasks_per_node(outer, size, _variables(p, size))
    if not tpn or tpn < 2 or deliberate_agents(p):
        return ""
    cpus = ""
    if facts.cpus_per_task:
        facts.cpus_per_task *= tpn
        cpus = f"; its one task a node gets their {facts.cpus_per_task} CPUs"
    return (f"the source's `{outer.name}` starts {tpn} tasks a node and each runs `{inner.name}`"
            f", which starts its own ranks: {tpn} launchers a node, their ranks on the same "
            f"GPUs and ports (a common mistake); the port starts `{inner.name}` once a node{cpus}")


def _idle_tasks(p: ParsedScript, facts: ScriptFacts) -> int:
    """The tasks a node the directives ask when the program starts with no launcher
    (``--ntasks-per-node=4`` and a plain ``python x.py``: one process runs, the tasks only
    reserved CPUs), or 0 when that is not so (or they ask one)."""
    if p.launch.stages or facts.ranks != 1:
        return 0
    size = directive_size(p)
    nodes = size["nodes"] or 1
    tpn = size["tpn"] or (size["tasks"] // nodes if size["tasks"] and nodes == 1 else None)
    return tpn if tpn and tpn >= 2 else 0


def _idle_nodes_note(
    p: ParsedScript, nodes: int | None, gpn: int | None, ranks: int | None
) -> str:
    """A note when the directives ask more nodes than the launch runs on (``-nnodes 128``
    for ``jsrun -n1``): the port asks for the nodes the launch uses."""
    asked = directive_size(p)["nodes"]
    if not (asked and nodes and gpn and ranks) or asked <= nodes:
        return ""
    said = (f"the directives ask {asked} node(s) but the launch starts {ranks} rank(s) on "
            f"{nodes} node(s) x {gpn}: read at the launch's size")
    others = _other_launches(p)
    if others:
        return (f"{said} ({nodes} node(s)); the job's other launches ({', '.join(others[:2])}) "
                f"ran on the other nodes, and the ported job does not have them: pass nodes="
                f"{asked} (--nodes {asked}) or port those launches as jobs of their own")
    said += ", the other nodes were idle"
    bare = _bare_launch(p)
    if bare:
        said += (f"; {bare} is started once by the job's shell, with no srun/mpiexec around it "
                 f"to start it on the other nodes: it ran on the first of the {asked} node(s) "
                 f"only")
        said += _machines_note(p, asked)
        degree = _degree_over(p.launch.args, ranks)
        if degree:
            said += (f"; the program's {degree} asks more ranks than the {ranks} the launch "
                     "starts: the port keeps what the source ran; to run the layout the "
                     "arguments ask, give it (ranks=N / nodes=N, gpus_per_node=N)")
    return said


def _machines_note(p: ParsedScript, asked: int) -> str:
    """A bare ``accelerate launch --num_machines M`` (M > 1): only the first machine is
    started, so the source's launch waited at its rendezvous for M - 1 machines that never
    came; "" for any other launch."""
    accel = p.launch.stage("accelerate")
    raw = accel.get("--num_machines", "--num-machines") if accel is not None else None
    vars_ = _variables(p, directive_size(p))
    machines = to_int(raw, vars_) if raw else None
    if accel is None or not machines or machines <= 1:
        return ""
    total = to_int(accel.get("--num_processes", "--num-processes"), vars_)
    give = (f"ranks={total} (--ranks {total})" if total else
            f"nodes={asked} and gpus_per_node=N (--nodes {asked} --gpus-per-node N)")
    return (f"; its `--num_machines {raw}` asks {machines} machines, but nothing starts "
            f"accelerate launch on the other {machines - 1}: the source's launch waited at its "
            "rendezvous for machines that never joined (it hangs there, or fails at the "
            "rendezvous timeout); the port runs what the one started machine runs (its "
            f"--num_processes share) on 1 node: to train on all the nodes, pass {give} and the "
            "port starts accelerate launch on each node")


#: torchrun as written on a launch line: the command, or ``python -m torch.distributed.*``.
_TORCHRUN_WORD = re.compile(r"(?:^|[\s/;&|('\"])(?:torchrun|torch\.distributed\.(?:run|launch))"
                            r"(?=[\s;'\"]|$)")


def _written_launcher(p: ParsedScript, stage: Stage) -> bool:
    """Whether the launch line names the per-node launcher itself, not a site or user wrapper
    read as it (``torchrun-multinode.sh prog.py``, which starts torchrun on every node)."""
    if stage.name != "torchrun" or p.launch_block is None:
        return True
    return bool(_TORCHRUN_WORD.search(p.launch_block.text))


def _bare_launch(p: ParsedScript) -> str:
    """The per-node launcher (``torchrun``) the job's shell starts once with no site launcher
    around it in a several-node job, as named in a note; "" when there is none."""
    size = directive_size(p)
    per_node = [s for s in p.launch.stages if s.name in _PER_NODE_LAUNCHERS]
    wrapped = _outer(p) is not None or any(s.name.startswith("$") for s in p.launch.stages)
    if per_node and _written_launcher(p, per_node[-1]) and bare_on_first_node(
            per_node[-1], size, wrapped):
        return f"`{per_node[-1].name}`"
    return ""


#: A program's parallel-degree arguments (tensor, pipeline, data, context, expert parallel
#: sizes): their product is at most the world size, so each one is.
_DEGREE = re.compile(r"^--?(?:[\w-]+\.)*((?:tp|pp|dp|cp|ep|tensor_model_parallel|"
                     r"pipeline_model_parallel|tensor_parallel|pipeline_parallel|"
                     r"data_parallel|context_parallel|expert_parallel)[_-]size)$")


def _degree_over(args: list[str], ranks: int | None) -> str:
    """The first parallel-degree argument (``--tp_size 4``) whose literal value exceeds
    ``ranks``, as written; "" when none does."""
    for i, word in enumerate(args):
        key, eq, value = word.partition("=")
        if not eq:
            value = args[i + 1] if i + 1 < len(args) else ""
        if _DEGREE.match(key) and value.isdigit() and ranks and int(value) > ranks:
            return f"`{key} {value}`"
    return ""


#: Commands that start work on the job's nodes (other than the launch the port reads).
_NODE_LAUNCHERS = PER_RANK_LAUNCHERS | {"aprun", "jsrun", "pbsdsh", "ssh", "pdsh", "clush"}


def _other_launches(p: ParsedScript) -> list[str]:
    """The lines outside the launch that start work on the job's nodes (``srun -w $host
    dask-worker ... &``), as ``line N``."""
    blocks = [*p.before, *p.after]
    return [f"line {c.line} `{c.words[0]}`" for b in blocks for c in b.commands
            if c.words and c.words[0] in _NODE_LAUNCHERS]


def _fewer_ranks(total: int, nodes: int | None, gpn: int) -> tuple[int | None, int | None]:
    """Nodes and ranks per node of a launch that asks fewer ranks (``srun -n 1``) than the
    job's nodes x tasks per node: packed on as few nodes as hold them."""
    if total <= gpn:
        return 1, total
    if total % gpn == 0:
        return total // gpn, gpn
    if nodes and total % nodes == 0:
        return nodes, total // nodes
    return None, None


def job_size(p: ParsedScript) -> tuple[int | None, int | None]:
    """Nodes and ranks per node the script starts (nodes None when the launcher asks more
    nodes than the job has: no size of it runs)."""
    size = directive_size(p)
    vars_ = _variables(p, size)
    stages = p.launch.stages
    per_node = [s for s in stages if s.name in _PER_NODE_LAUNCHERS]
    if per_node:
        wrapped = (_outer(p) is not None or any(s.name.startswith("$") for s in stages)
                   or not _written_launcher(p, per_node[-1]))
        nodes, gpn = _per_node_size(per_node[-1], size, vars_, wrapped)
        nodes = nodes or outer_nodes(_outer(p), vars_)
        agents = deliberate_agents(p)
        if agents and gpn:  # several agents a node on purpose: their ranks share the node
            nodes, gpn = size["nodes"] or 1, agents * gpn
        return (None if _node_conflict(p) else nodes), gpn
    outer = _outer(p)
    if _hidden_launcher(p):  # its ranks per node are what the directives say, if they do
        return size["nodes"], size["tpn"]
    nodes, gpn = _rank_per_gpu_size(outer, size, vars_)
    return (None if _slots_conflict(p) else nodes), gpn


#: Parallel launchers that place their ranks on a written host list (``-H a:4,b:4``).
_HOST_LIST_LAUNCHERS = frozenset({"mpirun", "horovodrun"})
_HOST_SLOT = re.compile(r"^([\w.-]+)(?::(\d{1,4}))?$")


def host_slots(stage: Stage | None) -> tuple[int, int] | None:
    """(hosts, slots a host) of a written ``mpirun -H a:4,b:4`` / ``horovodrun -H a:4,b:4``
    (a host named twice has two slots; horovodrun needs ``:slots``); None without such a list,
    with a variable in it, or when the hosts have different slot counts."""
    if stage is None or stage.name not in _HOST_LIST_LAUNCHERS:
        return None
    raw = stage.get("-H", "--host", "--hosts", "-host")
    if not raw or "$" in raw or "`" in raw:
        return None
    slots: dict[str, int] = {}
    for item in raw.split(","):
        match = _HOST_SLOT.match(item.strip())
        if match is None or (stage.name == "horovodrun" and match.group(2) is None):
            return None
        host = match.group(1)
        slots[host] = slots.get(host, 0) + int(match.group(2) or 1)
    counts = set(slots.values())
    return (len(slots), counts.pop()) if len(counts) == 1 else None


def _slots_conflict(p: ParsedScript) -> str:
    """Why a launch asks more ranks (``-np 8``) than its host list has slots (``-H
    localhost:4``): Open MPI and horovodrun refuse to start it, so no size of it runs; ``""``
    when it fits, may oversubscribe, or either is not written out."""
    outer = _outer(p)
    listed = host_slots(outer)
    if outer is None or listed is None or outer.has("--oversubscribe", "-oversubscribe"):
        return ""
    total = to_int(outer.get("-n", "-np", "--np", "--num-proc"),
                   _variables(p, directive_size(p)))
    hosts, slots = listed
    if not total or total <= hosts * slots:
        return ""
    written = outer.get("-H", "--host", "--hosts", "-host")
    return (f"{outer.name} -np {total} asks more ranks than its host list `-H {written}` has "
            f"slots ({hosts * slots}): as written it does not start, so its size is not known")


def _hidden_launcher(p: ParsedScript) -> str:
    """The variable the launcher comes from when the script does not set it (``${LAUNCH}``
    in front of python, set by a sourced helper), or ``""``."""
    if _outer(p) is not None or any(s.name in _PER_NODE_LAUNCHERS for s in p.launch.stages):
        return ""
    return next((s.name for s in p.launch.stages if s.name.startswith("$")), "")


def _outer(p: ParsedScript) -> Stage | None:
    return next((s for s in p.launch.stages if s.name in PER_RANK_LAUNCHERS), None)


def _node_conflict(p: ParsedScript) -> str:
    """Why the per-node launcher cannot start as written: it waits for more nodes
    (``torchrun --nnodes=5``, the least of an elastic ``2:5``) than the job's node directive
    gives (``--nodes=3``); ``""`` when it fits or either is not a fixed number."""
    size = directive_size(p)
    stage = next((s for s in reversed(p.launch.stages) if s.name in _PER_NODE_LAUNCHERS), None)
    if stage is None or not size["nodes"]:
        return ""
    names = {"torchrun": ("--nnodes",), "deepspeed": ("--num_nodes", "--num-nodes"),
             "accelerate": ("--num_machines", "--num-machines")}[stage.name]
    raw = stage.get(*names)
    asked = to_int(raw.split(":")[0], _variables(p, size)) if raw else None
    if asked is None or asked <= size["nodes"] or deliberate_agents(p):
        return ""
    return (f"{stage.name} {names[0]}={raw} waits for {asked} nodes but the job has "
            f"{size['nodes']} (its node directive): as written the job cannot start, so its "
            "size is not known")


#: A per-node launcher's option for its processes a node, and for the agents it waits for.
_PROCS_OPTION = {"torchrun": ("--nproc_per_node", "--nproc-per-node"),
                 "deepspeed": ("--num_gpus", "--num-gpus")}
_AGENTS_OPTION = {"torchrun": ("--nnodes",), "deepspeed": ("--num_nodes", "--num-nodes")}


def _gpu_directive(p: ParsedScript) -> str:
    """The directive the job's GPUs a node are read from, as written (``--gres=gpu:1``)."""
    for name in ("gres", "gpus-per-node", "gpus", "gpus-per-task", "select", "nodes", "ngpus"):
        value = p.directive(name)
        if value and (name != "gres" or "gpu" in value) and (
                name not in {"select", "nodes"} or re.search(r"(?:ngpus|gpus)=", value)):
            return f"-l {name}={value}" if p.scheduler == "pbs" else f"--{name}={value}"
    return "its GPU directive"


def deliberate_agents(p: ParsedScript) -> int | None:
    """Per-node launchers a node when the site launcher starts several a node on purpose:
    ``srun torchrun --nnodes 4 --nproc_per_node 1`` under ``--nodes=1 --ntasks-per-node=4``,
    where torchrun's agent count is the job's task count (its "nodes" are the 4 agents, not
    4 hosts); None otherwise."""
    outer = _outer(p)
    stage = next((s for s in reversed(p.launch.stages) if s.name in _AGENTS_OPTION), None)
    if outer is None or stage is None:
        return None
    size = directive_size(p)
    vars_ = _variables(p, size)
    tpn = _tasks_per_node(outer, size, vars_)
    raw = stage.get(*_AGENTS_OPTION[stage.name])
    agents = to_int(raw.split(":")[0], vars_) if raw else None
    nodes = size["nodes"] or 1
    return tpn if tpn and tpn >= 2 and agents == nodes * tpn else None


def _agents_note(p: ParsedScript, gpn: int | None) -> str:
    """A note when the source started several per-node launchers a node on purpose (their
    agent count is the job's task count): the port starts one a node with all its ranks."""
    agents = deliberate_agents(p)
    if not agents or not gpn:
        return ""
    return (f"the source's {_outer(p).name if _outer(p) else 'launcher'} started {agents} "  # type: ignore[union-attr]
            f"launcher agents a node, each with {gpn // agents} process(es), and told them the "
            f"agent count as their node count: {gpn} ranks a node; the port starts one agent a "
            f"node with its {gpn} ranks (the same ranks and GPUs)")


def _job_wide_gpus(p: ParsedScript) -> bool:
    """The GPUs a node are the job-wide ``--gpus=4`` divided over several nodes: often
    written meaning a node's GPUs (``--gpus=4  # 4 a node``), so no disagreement is read from
    it; the launch line's count stands, as before."""
    size = directive_size(p)
    per_node = p.directive("gpus-per-node") or (p.directive("gres") or "").count("gpu") or (
        _pbs_resource(p.directives, "ngpus", "gpus"))
    return not per_node and bool(job_gpus(p)) and (size["nodes"] or 1) > 1


def layout_conflict(p: ParsedScript) -> str:
    """Why the script disagrees with itself about its layout, so that which layout was meant
    is not in it: the job's GPUs a node (``--gres=gpu:1``) against the processes its launch
    starts a node (``torchrun --nproc_per_node=8``, ``--ntasks-per-node=8`` with ``srun
    python``), the agents a site launcher starts against the agents torchrun waits for (``srun``
    on 2 nodes, ``torchrun --nnodes 1``), or fewer tasks than nodes (``-N 2 --ntasks=1``);
    ``""`` when they agree or either is not a fixed number."""
    size = directive_size(p)
    vars_ = _variables(p, size)
    outer = _outer(p)
    stage = next((s for s in reversed(p.launch.stages) if s.name in _PROCS_OPTION), None)
    if stage is not None and stage.via != COLOSSAL_RUN:
        return _per_node_conflict(p, stage, outer, size, vars_)
    if outer is None or any(s.name in _PER_NODE_LAUNCHERS for s in p.launch.stages):
        return ""
    nodes, tasks = size["nodes"], size["tasks"]
    own = outer.has("-n", "-np", "--np", "--ntasks", "-N", "--nodes", *_per_node_options(outer))
    if nodes and tasks and tasks < nodes and not own and not size["tpn"]:
        return (f"the job asks {nodes} nodes (--nodes={nodes}) but {tasks} task(s) (--ntasks="
                f"{tasks}): {outer.name} starts {tasks} task(s), on {tasks} node(s), so the script "
                "disagrees with itself about its layout and which was meant is not in it")
    gpus = size["gpus"]
    tpn = _tasks_per_node(outer, size, vars_)
    python = p.launch.module or p.launch.entrypoint.endswith(".py")  # an MPI app may share GPUs
    if python and gpus and tpn and tpn > gpus and not _job_wide_gpus(p) and not (
            size["gpus_per_task"] or outer.has(
            "--gpus-per-task", "--gpus", "-G", "--gres", "--gpus-per-node")):
        shared = _shared_gpus(p, outer, size, vars_, tpn, gpus)
        if shared:
            return shared
        return (f"the job asks {gpus} GPU(s) a node ({_gpu_directive(p)}) but {outer.name} "
                f"starts {tpn} tasks a node: more processes than GPUs, so the script disagrees "
                "with itself and which was meant (one rank per GPU, or per task) is not in it")
    return ""


#: How a deliberate layout of several ranks on each GPU begins (``_shared_gpus``): the ranks
#: are known, what the port asks is how many of them a GPU takes on the target.
SHARED_GPUS = "the source runs "


def _shared_gpus(p: ParsedScript, outer: Stage, size: dict[str, int | None],
                 vars_: dict[str, str], tpn: int, gpus: int) -> str:
    """The question for ranks that deliberately share a node's GPUs: the launcher states its
    count (``mpiexec -n 2``) and the directives agree with it (``--ntasks=2`` on one node with
    ``--gres=gpu:1``), so the rank count is known and only the ranks a GPU are open; ``""``
    when the launcher states no count or the counts disagree."""
    flag = next((o for o in ("-n", "-np", "--np", "--ntasks") if outer.has(o)), "")
    written = outer.get(flag) if flag else None
    total = to_int(written, vars_) if written else None
    nodes = size["nodes"] or 1
    if not total or total != tpn * nodes or (size["tasks"] and size["tasks"] != total):
        return ""
    share = f"{tpn // gpus} ranks a GPU" if tpn % gpus == 0 else f"{tpn} ranks on {gpus} GPU(s)"
    return (f"{SHARED_GPUS}{total} rank(s) (`{outer.name} {flag} {written}`, as its directives "
            f"say) on {gpus} GPU(s) a node ({_gpu_directive(p)}): "
            f"{share}, a layout the port does not write (it gives each rank a GPU of its own); "
            f"the rank count is known, the ranks a GPU are not: pass ranks={total} (--ranks "
            f"{total}) to run the {total} ranks one GPU each, or ranks={gpus * nodes} for one "
            f"rank a GPU; to keep the source's layout ({tpn} ranks on {gpus} GPU(s) a node), "
            "write the target's launch by hand with the ranks sharing the device (CUDA MPS)")


def fewer_processes_note(p: ParsedScript) -> str:
    """A note when a per-node launcher's written count starts fewer processes a node than
    the job's GPUs a node (``--gres=gpu:8`` with ``torch.distributed.launch
    --nproc_per_node=1``): a choice the port keeps (the launch's count), naming both sides."""
    size = directive_size(p)
    vars_ = _variables(p, size)
    stage = next((s for s in reversed(p.launch.stages) if s.name in _PROCS_OPTION), None)
    if stage is None or stage.via == COLOSSAL_RUN or _job_wide_gpus(p):
        return ""
    raw = stage.get(*_PROCS_OPTION[stage.name]) if stage.name != "torchrun" else nproc_option(
        stage)
    procs, gpus = _positive(to_int(raw, vars_)), size["gpus"]
    if not (procs and gpus) or visible_devices(vars_) == procs:
        return ""
    per_node = procs * (deliberate_agents(p) or 1)
    if per_node >= gpus:
        return ""
    launcher = stage.via or stage.name
    return (f"the job asks {gpus} GPU(s) a node ({_gpu_directive(p)}) but `{launcher} "
            f"{_PROCS_OPTION[stage.name][0]}={raw}` starts {per_node} process(es) a node: the "
            f"port keeps the launch's {per_node} a node, one GPU each (the job's other "
            f"{gpus - per_node} GPU(s) a node idle, as on the source); if one process drives "
            "several GPUs, this port gives it one: check the program")


def _per_node_conflict(p: ParsedScript, stage: Stage, outer: Stage | None,
                       size: dict[str, int | None], vars_: dict[str, str]) -> str:
    launcher = stage.via or stage.name
    nodes = size["nodes"] or 1
    tpn = _tasks_per_node(outer, size, vars_) if outer is not None else None
    raw_agents = stage.get(*_AGENTS_OPTION[stage.name])
    agents = to_int(raw_agents.split(":")[0], vars_) if raw_agents else None
    if agents is None and stage.has("--standalone"):
        agents, raw_agents = 1, "1 (--standalone)"
    # one copy a node (several a node: several_launchers_note names the mistake, or they are
    # deliberate_agents)
    started = nodes if outer is not None and tpn == 1 else None
    if started and agents and agents < started and ":" not in (raw_agents or ""):
        if stage.has("--standalone") and agents == 1:
            return _standalone_groups(stage, launcher, outer.name if outer else "the job",
                                      nodes, size, vars_)
        return (f"{outer.name if outer else 'the job'} starts {started} copies of {launcher} "
                f"(one on each of {nodes} node(s)) but each waits for {raw_agents} (its "
                f"{_AGENTS_OPTION[stage.name][0]}): they form separate groups that do not train "
                "together, so the script disagrees with itself about its layout and which was "
                "meant is not in it")
    raw = stage.get(*_PROCS_OPTION[stage.name]) if stage.name != "torchrun" else nproc_option(
        stage)
    procs = _positive(to_int(raw, vars_))
    gpus = size["gpus"]
    if not (procs and gpus) or visible_devices(vars_) == procs:
        return ""
    per_node = procs * (deliberate_agents(p) or 1)
    if per_node <= gpus or _job_wide_gpus(p):
        return ""  # fewer processes than GPUs is a choice (a whole-node partition, half used)
    opt = _PROCS_OPTION[stage.name][0]
    return (f"the job asks {gpus} GPU(s) a node ({_gpu_directive(p)}) but `{launcher} {opt}="
            f"{raw}` starts {per_node} process(es) a node: the script disagrees with itself, and "
            f"which was meant is not in it: ranks={per_node * nodes} (--ranks {per_node * nodes})"
            f" for {launcher}'s count, ranks={gpus * nodes} for the job's GPUs")


def _standalone_groups(stage: Stage, launcher: str, outer: str, nodes: int,
                       size: dict[str, int | None], vars_: dict[str, str]) -> str:
    """The ask for copies of ``torchrun --standalone`` started one a node on several nodes:
    each copy is its own one-node job (its own rendezvous on its node), so the script runs
    ``nodes`` independent trainings, a layout the port does not make: it names that reading
    and what each answer ports (one group; or one training across the nodes)."""
    per_node = _positive(to_int(nproc_option(stage), vars_)) or size["gpus"]
    each = f"{per_node} process(es)" if per_node else "its node's process(es)"
    one = f"ranks={per_node} (--ranks {per_node}) " if per_node else "ranks=N "
    across = (f"ranks={per_node * nodes} " if per_node else "ranks= the total ")
    return (f"{outer} starts {nodes} copies of {launcher} --standalone, one on each of "
            f"{nodes} node(s): --standalone gives each copy its own rendezvous on its own node, "
            f"so the script runs {nodes} independent trainings of {each} each, not one training "
            "across the nodes; the port makes one training, not several independent ones in "
            f"one job: pass {one}with nodes=1 to port one such group (submit the ported job "
            f"once for each group you want), or, if the nodes were meant to train together, "
            f"pass {across}for one training across the {nodes} nodes (the port's launch then "
            "gives them one rendezvous)")


def job_total(p: ParsedScript, nodes: int | None, gpn: int | None) -> tuple[int | None, str]:
    """Total ranks the script starts and where that was read; (None, why) when unknown."""
    conflict = (_node_conflict(p) or _slots_conflict(p) or _torchrun_default_why(p)
                or layout_conflict(p))
    if conflict:
        return None, conflict
    if nodes and gpn:
        return nodes * gpn, "the launch line and directives"
    size = directive_size(p)
    vars_ = _variables(p, size)
    accel = p.launch.stage("accelerate")
    if accel is not None:
        total = to_int(accel.get("--num_processes", "--num-processes"), vars_)
        if total:
            return total, "accelerate's --num_processes"
    outer = _outer(p)
    if outer is not None and not any(s.name in _PER_NODE_LAUNCHERS for s in p.launch.stages):
        total = to_int(outer.get("-n", "-np", "--np", "--ntasks"), vars_)
        if total:
            return total, f"{outer.name} -n"
    counted = _node_gpu_count_why(p, gpn, vars_)
    if counted:
        return None, counted
    if _accelerate_on_one_gpu(p, accel, size):
        return 1, "the job's one GPU (accelerate launch run once by the job's shell)"
    # accelerate launch is a per-node launcher: the job's tasks are its copies (one a node),
    # not its ranks; with no --num_processes it starts one per GPU (or its config's count)
    if size["tasks"] and accel is None:
        return size["tasks"], "the ntasks directive"
    total_gpus = job_gpus(p)
    if total_gpus and not _hidden_launcher(p):
        return total_gpus, "the gpus directive"
    return None, _unknown_why(p) + _accelerate_count_why(accel)


def _accelerate_on_one_gpu(p: ParsedScript, accel: Stage | None,
                           size: dict[str, int | None]) -> bool:
    """accelerate launch with no process or machine count, started once by the job's shell (no
    srun/mpiexec in front: it runs on the first node only) of a job that asks ONE GPU a node:
    whatever its default config says, one process is all that GPU runs (a second process
    would find no GPU of its own), so the job is one process."""
    if accel is None or len(p.launch.stages) != 1 or _hidden_launcher(p):
        return False
    if accel.has("--num_processes", "--num-processes", "--num_machines", "--num-machines",
                 "--config_file", "--config-file", "--gpu_ids", "--gpu-ids", "--multi_gpu",
                 "--multi-gpu"):  # (--multi_gpu on one GPU contradicts itself: still asked)
        return False
    return (size["gpus"] == 1 and (size["nodes"] or 1) == 1 and (size["tasks"] or 1) == 1
            and (size["tpn"] or 1) == 1 and not job_gpus(p))


def _accelerate_count_why(accel: Stage | None) -> str:
    """Where accelerate launch with no --num_processes takes its count, for an ask."""
    if accel is None or accel.has("--num_processes", "--num-processes"):
        return ""
    config = accel.get("--config_file", "--config-file")
    if config is not None:
        return f"; accelerate launch takes its process count from {config}, not in the script"
    return ("; accelerate launch without --num_processes takes its count from your default "
            "config (~/.cache/huggingface/accelerate/default_config.yaml), not in the script")


def _torchrun_default_why(p: ParsedScript) -> str:
    size = directive_size(p)
    stage = next((s for s in p.launch.stages if torchrun_default_one(s, size)), None)
    if stage is None:
        return ""
    gpus = size["gpus"]
    return (f"{stage.via or 'torchrun'} without --nproc_per_node starts one process a node (its "
            f"default), but the job has {gpus} GPUs a node: whether that process drives all "
            f"{gpus} or one rank per GPU was meant is not in the script; pass gpus_per_node="
            f"{gpus} (--gpus-per-node {gpus}) for one rank per GPU")


def _unknown_why(p: ParsedScript) -> str:
    hidden = _hidden_launcher(p)
    if hidden:
        helpers = f" (it may come from {', '.join(p.sourced)})" if p.sourced else ""
        return (f"the launcher comes from `{hidden}`, whose value the script does not "
                f"give{helpers}, so how many ranks it starts per node is not in the script")
    uncounted = _uncounted_per_node_launcher(p)
    if uncounted:
        return _uncounted_why(uncounted)
    listed = _hostfile_launch(p)
    if listed:
        return listed
    wrapped = _wrapper_launch_why(p)
    if wrapped:
        return wrapped
    what = "the node count" if not directive_size(p)["nodes"] else "the ranks per node"
    if what == "the node count" and not size_vars(p):
        return ("no directive or launch option states the node count: it is given at "
                "submission (`sbatch -N 4`, `qsub -l select=4`; one node if none is given)")
    counted = _run_time_count_why(p) if what == "the node count" else ""
    if counted:
        return counted
    return f"{what} is computed at run time and no directive states it"


_ROLE_WORDS = {"gpus_per_node": "processes a node", "ranks": "process count"}


def _run_time_count_why(p: ParsedScript) -> str:
    """Why the size is unknown when no directive states a node count (one node) and the
    launch takes its PROCESS count from a variable the script computes at run time
    (``accelerate launch --num_processes=$NUM_GPUS``, ``NUM_GPUS=$(echo $SLURM_JOB_GPUS |
    ... | wc -l)``): it is that count, not a node count, that is read at run time."""
    found = [(name, role) for name, role in size_vars(p).items() if role != "nodes"]
    if not found or any(role == "nodes" for role in size_vars(p).values()):
        return ""
    name, role = found[0]
    value = p.variables.get(name, "")
    shown = f" (`{name}={value}`)" if value and len(value) <= 80 else ""
    # a positional parameter is not computed: it is what the script is given when it runs
    arg = re.fullmatch(r'"?\$\{?([1-9])(?::?[-=][^}]*)?\}?"?', value.strip())
    how = (f"takes from its argument ${arg.group(1)} (given when the script is submitted or run)"
           if arg else "computes at run time")
    return (f"the launch takes its {_ROLE_WORDS.get(role, role)} from ${name}, which the "
            f"script {how}{shown}, so how many ranks it starts on its one node "
            "(no directive states a node count) is not in the script")


def _wrapper_launch_why(p: ParsedScript) -> str:
    """Why the size is unknown when the launcher starts the user's own shell script (``mpirun
    -np $nnodes ./dist_run.sh 8 $addr train.py``): the processes each copy starts (a launcher
    inside it) are in that file, which the script does not show; ``""`` otherwise."""
    wrapper = p.launch.wrapper_script
    outer = next((s for s in p.launch.stages if s.name in _PER_RANK_LAUNCHERS), None)
    if not wrapper or not wrapper.endswith(".sh") or outer is None:
        return ""
    count = outer.get("-np", "-n", "--ntasks", "--np")
    copies = f" ({outer.name} {'-np ' + count if count else ''})".replace(" )", ")")
    args = " ".join(p.launch.args[:4]) + (" ..." if len(p.launch.args) > 4 else "")
    known = directive_size(p)["nodes"]
    nodes = f"{known} node(s)" if known else "nodes"
    return (f"the launch runs your script {wrapper}{copies} with the arguments `{args}`: how "
            f"many processes each copy starts (a launcher inside {wrapper}, e.g. torchrun with "
            f"one of those arguments as its processes a node) is in {wrapper}, which this "
            "script does not show, and the copies' count is computed at run time; give the "
            f"total ({nodes} x the processes {wrapper} starts a node)")


#: Launchers that start one copy of their program per rank.
_PER_RANK_LAUNCHERS = frozenset({"mpirun", "mpiexec", "srun", "aprun", "ibrun", "jsrun"})


def _hostfile_launch(p: ParsedScript) -> str:
    """Why the node count is unknown when a per-node launcher runs on the hosts of a file
    (``colossalai run --hostfile FILE``), else ``""``."""
    for stage in p.launch.stages:
        listed = stage.get("--hostfile") if stage.name in _PER_NODE_LAUNCHERS else None
        if listed:
            return (f"{stage.via or stage.name} --hostfile {listed} runs on the hosts that file "
                    "lists, which the script does not show, so the node count is not in the "
                    "script")
    return ""


#: Per-node launchers' option for their ranks per node (without it: every GPU of the node).
_PER_NODE_COUNT = {"deepspeed": ("--num_gpus", "--num-gpus", "--include", "-i"),
                   "torchrun": ("--nproc_per_node", "--nproc-per-node"),
                   "accelerate": ("--num_processes", "--num-processes")}


def _uncounted_per_node_launcher(p: ParsedScript) -> str:
    """``deepspeed without --num_gpus`` when the launch's per-node launcher has no count of
    its own and no directive gives the node's GPUs; ``""`` otherwise."""
    if directive_size(p)["gpus"]:
        return ""
    for stage in p.launch.stages:
        names = _PER_NODE_COUNT.get(stage.name)
        if names is None:
            continue
        config = stage.get("--config_file", "--config-file")
        count = stage.get(*names)
        if count in _ALL_DEVICES:
            return f"{stage.name} {names[0]}={count} (every GPU of the node)"
        if not stage.has(*names):
            return f"{stage.name} without {names[0]}" + (
                f" (its count is in {config}, which the port does not read)" if config else "")
    return ""


def _uncounted_why(uncounted: str) -> str:
    if "which the port does not read" in uncounted:
        return f"{uncounted}: how many ranks it starts is not in the script"
    return (f"{uncounted} starts one rank per GPU of each node, and the script does not say "
            "how many GPUs a node gives the job")


def gpus_per_process(p: ParsedScript, nodes: int | None, gpn: int | None) -> int | None:
    """GPUs one process drives when the job starts one process per node on nodes with
    several GPUs allocated to it; None otherwise (or when not known)."""
    stages = p.launch.stages
    if any(s.name in _PER_NODE_LAUNCHERS for s in stages) or _hidden_launcher(p):
        return None
    size = directive_size(p)
    outer = _outer(p)
    per_task = gpu_count(p.directive("gpus-per-task"))
    if outer is not None:
        per_task = gpu_count(outer.get("--gpus-per-task")) or per_task
    if gpn != 1:
        return None
    total = job_gpus(p)
    job_nodes = nodes or size["nodes"] or 1
    per_node = size["gpus"] or (total // job_nodes if total else None)
    gpus = per_task or per_node
    return gpus if gpus and gpus > 1 else None


def _time_directive_text(p: ParsedScript, raw: str) -> str:
    """The time directive as the script writes it (``#SBATCH --time=1-``), for notes and
    questions; its value alone when no line holds it."""
    line = next((d.raw.strip() for d in reversed(p.directives)
                 if d.option in {"time", "walltime"} and d.value == raw), "")
    return re.sub(r"\s+#.*$", "", line) or f"time {raw.strip()!r}"


def _walltime(p: ParsedScript, facts: ScriptFacts) -> None:
    raw = p.directive("time", "walltime")
    if raw is None:
        return
    if no_time_limit(raw, p.scheduler or "slurm"):
        facts.walltime_unlimited = _time_directive_text(p, raw)
        return
    try:
        facts.walltime = scheduler_walltime_seconds(raw, p.scheduler or "slurm") or None
    except ValueError:
        facts.walltime_unread = _time_directive_text(p, raw)


def read_facts(p: ParsedScript) -> ScriptFacts:
    """The job ``p`` describes."""
    size = directive_size(p)
    vars_ = _variables(p, size)
    # the scheduler's own job variables stay live in the program's arguments (renamed for
    # the target by the port): their value on the target is the target job's, not this one's
    literal = {k: v for k, v in vars_.items()
               if "$" not in v and "`" not in v and k not in _SCHEDULER_SIZE_VARS}
    args = [expand(a, literal) for a in p.launch.args]
    entry = expand(p.launch.entrypoint, literal)
    nodes, gpn = job_size(p)
    framework, strategy, why = setup_of(p)
    facts = ScriptFacts(nodes, gpn, framework, strategy, entry, p.launch.module, args)
    facts.ranks, facts.size_from = job_total(p, nodes, gpn)
    default_nodes = slurm_default_nodes(p)
    if default_nodes and facts.ranks and not _known_without_default(p):
        facts.notes.append(SLURM_ONE_NODE_NOTE.format(asked=default_nodes))
        facts.nodes_defaulted = True
    facts.size_conflict = facts.ranks is None and facts.size_from == layout_conflict(p) != ""
    counted = node_gpu_count_note(p) if facts.ranks else ""
    facts.notes += [counted] if counted else []
    uncounted = _gres_default_count_note(p)
    facts.notes += [uncounted] if uncounted else []
    mixed = _gres_mixed_types_note(p)
    facts.notes += [mixed] if mixed else []
    model = launch_model(p)
    facts.launch_model, facts.rank_vars = model.model, model.rank_vars
    facts.model_why, facts.horovod = model.why, model.horovod
    facts.cpus_per_task = first_int(p.directive("cpus-per-task"))
    facts.gpus_per_process = gpus_per_process(p, nodes, gpn)
    idle = _idle_tasks(p, facts)
    if idle:  # the one process gets the CPUs the idle tasks reserved
        facts.cpus_per_task = (facts.cpus_per_task or 1) * idle
        facts.notes.append(
            f"the source asks {idle} tasks a node but starts its program with no launcher "
            f"(`{p.launch.entrypoint}` runs once): one process, the tasks only reserved CPUs; "
            f"the port runs the one process and gives it their {facts.cpus_per_task} CPUs")
    if why:
        facts.notes.append(f"setup {framework} {strategy}: {why}")
    over = (launch_over_directive_note(p) or _idle_nodes_note(p, nodes, gpn, facts.ranks)
            or several_launchers_note(p, facts) or _agents_note(p, gpn))
    fewer = fewer_processes_note(p) if facts.ranks else ""
    facts.notes += [fewer] if fewer else []
    if over:
        facts.notes.append(over)
    facts.unresolved_args = [a for a in [entry, *args] if "$" in a]
    gres = p.directive("gres")
    asked = [v for v in (gres if gres and "gpu" in gres else None, p.directive("gpus"),
                         p.directive("gpus-per-node")) if v is not None]
    if asked and all(gpu_count(v) == 0 for v in asked):
        facts.notes.append(f"the source asks no GPU ({asked[0]}): the job ran its program on "
                           "CPUs; the port runs it on the target's GPU nodes, one GPU a process")
    _walltime(p, facts)
    facts.account = p.directive("account")
    facts.queue = p.directive("qos", "queue") or p.directive("partition")
    facts.job_name = p.directive("job-name")
    return facts


#: Launcher options whose value is a job size, and which size: per-node launchers first.
_SIZE_OPTIONS: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "torchrun": ((("--nproc_per_node", "--nproc-per-node"), "gpus_per_node"),
                 (("--nnodes",), "nodes")),
    "deepspeed": ((("--num_gpus", "--num-gpus"), "gpus_per_node"),
                  (("--num_nodes", "--num-nodes"), "nodes")),
    "accelerate": ((("--num_processes", "--num-processes"), "ranks"),
                   (("--num_machines", "--num-machines"), "nodes")),
    "srun": ((("--ntasks-per-node",), "gpus_per_node"), (("-N", "--nodes"), "nodes"),
             (("-n", "--ntasks"), "ranks")),
    "mpiexec": ((("--ppn", "-ppn", "--npernode", "-npernode"), "gpus_per_node"),
                (("-n", "-np", "--np"), "ranks")),
}
_WHOLE_REF = re.compile(r"^\$\{?([A-Za-z_]\w*)\}?$")


def size_vars(p: ParsedScript) -> dict[str, str]:
    """Variables the launch line takes a job size from (``--nproc-per-node=$num_gpus``):
    name -> ``gpus_per_node`` | ``nodes`` | ``ranks``."""
    found: dict[str, str] = {}
    for stage in p.launch.stages:
        for names, role in _SIZE_OPTIONS.get(stage.name, ()):
            match = _WHOLE_REF.match(stage.get(*names) or "")
            if match:
                found.setdefault(match.group(1), role)
    return found
