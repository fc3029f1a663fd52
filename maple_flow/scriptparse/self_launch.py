"""Commands that start their own worker processes on the node they run on (issue 14).

``tune run --nproc_per_node 4 RECIPE`` (torchtune: torchrun underneath), ``composer -n 4
train.py`` (MosaicML Composer's launcher), ``lightning run model --devices 4 train.py`` and
``fabric run --devices 4 train.py`` (Lightning Fabric) each start one worker per GPU
themselves, from one process run once by the job's batch shell. maple does not read them as a
launch of a Python program, but a job that runs one of them once, on one node, is a job of one
process: the port keeps the command as written (``port.kept_command``), and the count of
workers it starts is the one its own option gives.

Sources: torchtune's ``tune run`` (pytorch.org/torchtune, "tune run --nproc_per_node");
Composer's launcher (docs.mosaicml.com, "composer -n 8 train.py"); Lightning Fabric's CLI
(lightning.ai/docs/fabric, "fabric run --devices=4 train.py", formerly ``lightning run
model``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: (command words, the options that give how many workers it starts on the node).
_LAUNCHERS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("tune", "run"), ("--nproc_per_node", "--nproc-per-node")),
    (("composer",), ("-n", "--nproc")),
    (("lightning", "run", "model"), ("--devices",)),
    (("fabric", "run"), ("--devices",)),
)

#: Options of those commands that start workers on more than one node.
_MULTI_NODE = ("--nnodes", "--num_nodes", "--num-nodes", "--world_size", "--node_rank",
               "--node-rank", "--rdzv-endpoint", "--rdzv_endpoint", "--master_addr",
               "--master-addr", "--main-address", "--main_address")


@dataclass(frozen=True)
class SelfLauncher:
    """A command that starts its own workers: its words (``tune run``), the word its count
    option gives (``4``, ``${SLURM_GPUS_ON_NODE}``) and that option."""

    name: str
    count: str
    option: str


def self_launcher(words: tuple[str, ...]) -> SelfLauncher | None:
    """The self-launching command ``words`` are (their environment assignments and a path in
    front of the command word skipped), or None; None too when its options give no count of
    workers (``tune run RECIPE``: one process, a single-device recipe) or start workers on
    other nodes (``--nnodes 2``, a rendezvous endpoint): that is a multi-node launch."""
    rest = [w for w in words]
    while rest and re.match(r"^[A-Za-z_]\w*=", rest[0]):
        rest = rest[1:]
    if not rest:
        return None
    head = [rest[0].rsplit("/", 1)[-1], *rest[1:]]
    for name, options in _LAUNCHERS:
        if tuple(head[:len(name)]) != name:
            continue
        tail = head[len(name):]
        if _multi_node(tail):
            return None
        for k, word in enumerate(tail):
            for option in options:
                if word == option and k + 1 < len(tail):
                    return SelfLauncher(" ".join(name), tail[k + 1], option)
                if word.startswith(option + "="):
                    return SelfLauncher(" ".join(name), word[len(option) + 1:], option)
        return None  # no count: one process (`tune run RECIPE` runs a single-device recipe)
    return None


def self_launching(words: tuple[str, ...]) -> str:
    """The self-launching command ``words`` run (``tune run``), count option or not, when it
    starts no workers on other nodes; ``""`` otherwise. With no count (``tune run RECIPE
    --config X``) it is one process: a single-device recipe run by the job's shell."""
    rest = list(words)
    while rest and re.match(r"^[A-Za-z_]\w*=", rest[0]):
        rest = rest[1:]
    if not rest:
        return ""
    head = [rest[0].rsplit("/", 1)[-1], *rest[1:]]
    for name, _ in _LAUNCHERS:
        if tuple(head[:len(name)]) == name and not _multi_node(head[len(name):]):
            return " ".join(name)
    return ""


def _multi_node(words: list[str]) -> bool:
    """Whether ``words`` (a self-launcher's options) ask workers on more than one node."""
    for k, word in enumerate(words):
        option, _, value = word.partition("=")
        if option not in _MULTI_NODE:
            continue
        if option in ("--nnodes", "--num_nodes", "--num-nodes"):
            value = value or (words[k + 1] if k + 1 < len(words) else "")
            if value.strip("'\"") == "1":
                continue
        return True
    return False


#: A Slurm directive asking tasks: ``--ntasks=N``, ``-n N``, ``--ntasks-per-node=N``.
_TASKS = re.compile(r"^#SBATCH\s+(?:--ntasks(?:-per-node)?|--tasks-per-node|-n)(?:=|\s+)(\d+)\s*"
                    r"(?:#.*)?$")
_CPUS = re.compile(r"^(#SBATCH\s+(?:--cpus-per-task|-c)(?:=|\s+))(\d+)(\s*(?:#.*)?)$")


def one_task_directives(lines: list[str]) -> tuple[list[str], int]:
    """``lines`` (a Slurm script) with its task requests made one task whose CPUs are those of
    all the tasks it asked (``--ntasks-per-node=4`` -> ``--cpus-per-task=4``; ``--ntasks=2
    --cpus-per-task=8`` -> ``--cpus-per-task=16``); and that task count (1 when it asked none
    or one). For a job whose batch shell runs a self-launcher once: its tasks are no processes
    of the job (nothing starts them), its workers are the launcher's own. The lines keep their
    numbers (a removed directive is left blank)."""
    tasks = max((int(m.group(1)) for x in lines if (m := _TASKS.match(x.strip()))), default=1)
    if tasks <= 1:
        return lines, 1
    out, cpus_set = [], False
    for line in lines:
        stripped = line.strip()
        cpus = _CPUS.match(stripped)
        if _TASKS.match(stripped):
            out.append("")
        elif cpus:
            out.append(f"{cpus.group(1)}{int(cpus.group(2)) * tasks}{cpus.group(3)}")
            cpus_set = True
        else:
            out.append(line)
    if not cpus_set:
        at = next(k for k, x in enumerate(lines) if _TASKS.match(x.strip()))
        out[at] = f"#SBATCH --cpus-per-task={tasks}"
    return out, tasks
