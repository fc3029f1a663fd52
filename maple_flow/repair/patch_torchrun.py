"""Start the program with torchrun: the deprecated launcher rewritten, or torchrun put in
front of a plain ``python PROGRAM`` (pure; the launch is read through scriptparse)."""

from __future__ import annotations

import os
import re

from maple_flow.repair.layout import Launch, find_launch
from maple_flow.repair.parsed import parse_or_refuse
from maple_flow.repair.patch_launch import remove_launcher_arg, stage_view
from maple_flow.repair.text import FixNotApplicable, Word, replace
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.facts import directive_size

_PYTHON = re.compile(r"^python[0-9.]*$")
_LEGACY = "torch.distributed.launch"
#: Interpreter options torchrun does without (it starts ``python`` itself).
_DROPPABLE_PY_OPTS = frozenset({"-u"})


def _python_word(words: list[Word], end: int) -> int | None:
    """Index of the interpreter word before ``end`` (past its own options), or None."""
    i = end - 1
    while i >= 0 and words[i].value.startswith("-"):
        i -= 1
    if i >= 0 and _PYTHON.match(os.path.basename(words[i].value)):
        return i
    return None


def _legacy_to_torchrun(text: str) -> str:
    """``python -m torch.distributed.launch OPTS PROGRAM`` written ``torchrun OPTS PROGRAM``
    (``--use_env`` dropped: torchrun always behaves so), on the launch line or in the
    ``bash -c`` body that runs it."""
    text = remove_launcher_arg(text, "torchrun", "--use-env")
    launch, start = stage_view(text, "torchrun")
    module = start - 1
    if launch.words[module].value != _LEGACY or launch.words[module - 1].value != "-m":
        raise FixNotApplicable("the launch line runs no python -m torch.distributed.launch")
    first = _python_word(launch.words, module - 1)
    if first is None:
        raise FixNotApplicable("no python interpreter word in front of -m "
                               "torch.distributed.launch")
    return replace(text, launch.words[first].start, launch.words[module].end, "torchrun")


def _plain_python_launch(text: str, parsed: ParsedScript, nproc: int | None) -> str:
    """``python [-u] PROGRAM`` of a one-node job as ``torchrun --standalone
    --nproc_per_node=N PROGRAM``; FixNotApplicable for any other shape, with the reason."""
    if parsed.launch.stages or parsed.launch.command or parsed.launch.inline:
        raise FixNotApplicable("the program is started by a launcher already (not plain python)")
    nodes = directive_size(parsed)["nodes"] or 1
    if nodes > 1:
        raise FixNotApplicable(f"a {nodes}-node job needs one torchrun per node sharing one "
                               "rendezvous (srun --ntasks-per-node=1 torchrun --nnodes ...), "
                               "not one torchrun")
    if nproc is None:
        raise FixNotApplicable("the job's GPUs per node are not known: torchrun's "
                               "--nproc_per_node is asked, never guessed")
    extra = [o for o in parsed.launch.python_opts if o not in _DROPPABLE_PY_OPTS]
    if extra:
        raise FixNotApplicable(f"the interpreter options {' '.join(extra)} cannot be given "
                               "through torchrun")
    launch: Launch = find_launch(text)
    program = "-m" if parsed.launch.module else parsed.launch.entrypoint
    at = next((i for i, w in enumerate(launch.words) if w.value == program), None)
    first = _python_word(launch.words, at) if at is not None else None
    if at is None or first is None:
        raise FixNotApplicable("the launch line's python and program are not plain words")
    return replace(text, launch.words[first].start, launch.words[at - 1].end,
                   f"torchrun --standalone --nproc_per_node={nproc}")


def use_torchrun(text: str, nproc_per_node: int | None) -> str:
    """``text`` whose program is started by torchrun (see ops.UseTorchrun)."""
    parsed = parse_or_refuse(text)
    torchrun = parsed.launch.stage("torchrun")
    if torchrun is not None:
        if torchrun.via != _LEGACY:
            raise FixNotApplicable("the program is started by torchrun already")
        return _legacy_to_torchrun(text)
    return _plain_python_launch(text, parsed, nproc_per_node)


def launch_on_every_node(text: str, scheduler: str) -> str:
    """``text`` whose torchrun, run once in a multi-node job, is started on every node (see
    ops.LaunchOnEveryNode): the site launcher's one-task-a-node words put in front of it."""
    from maple_flow.repair.script_facts import torchrun_once_on_several_nodes

    parsed = parse_or_refuse(text)
    if not torchrun_once_on_several_nodes(parsed):
        raise FixNotApplicable("the script does not run torchrun once for a rendezvous of "
                               "several nodes")
    launch = find_launch(text)
    first = next((w for w in launch.words if not re.match(r"^[A-Za-z_]\w*=", w.value)), None)
    if first is None:
        raise FixNotApplicable("the launch line has no command word")
    if scheduler == "slurm":
        prefix = "srun --ntasks-per-node=1 "
    else:
        nodes = directive_size(parsed)["nodes"]
        prefix = f"mpiexec -n {nodes} --ppn 1 "
    return replace(text, first.start, first.start, prefix)


def torchrun_through_python(text: str) -> str:
    """``text`` whose ``torchrun`` entry point is started as ``python -m
    torch.distributed.run`` (see ops.TorchrunThroughPython): on the launch line, after
    ``srun``/``uv run``, or in the ``bash -c`` body that runs it."""
    return launcher_through_python(text, "torchrun")


#: The module each per-node launcher's entry point runs (``python -m MODULE`` starts it as is).
LAUNCHER_MODULES = {"torchrun": "torch.distributed.run", "deepspeed": "deepspeed.launcher.runner",
                    "accelerate": "accelerate.commands.launch"}


def launcher_through_python(text: str, launcher: str) -> str:
    """``text`` whose ``launcher`` entry point (``torchrun``, ``deepspeed``, ``accelerate
    launch``) is started as ``python -m MODULE`` (see ops.LauncherThroughPython)."""
    parsed = parse_or_refuse(text)
    stage = parsed.launch.stage(launcher)
    if stage is None:
        raise FixNotApplicable(f"the script starts no {launcher}")
    if stage.via:
        raise FixNotApplicable(f"{launcher} is started through python already (-m {stage.via})")
    launch, start = stage_view(text, launcher)
    words = launch.words
    first = start - 1
    if launcher == "accelerate":  # `accelerate launch ARGS`: the verb goes with the entry point
        first = start - 2
        if first < 0 or words[first + 1].value != "launch":
            raise FixNotApplicable("the accelerate command is not `accelerate launch`")
    if first < 0 or os.path.basename(words[first].value) != launcher:
        raise FixNotApplicable(f"the {launcher} entry point is not a plain word of the launch line")
    return replace(text, words[first].start, words[start - 1].end,
                   f"python -m {LAUNCHER_MODULES[launcher]}")
