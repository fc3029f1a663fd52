"""Stage "plan edits": one-GPU ``srun`` steps run side by side in one job on one node
(``srun --exact -n 1 --gpus-per-task 1 python a.py &`` repeated, or in a loop, then ``wait``).

Each step is the user's program run on ONE GPU of the job's node. The port keeps every step
where the user wrote it (its loop, its ``&``, the ``wait`` after it) and changes only the
launcher words: ``srun <step options>`` becomes a plain run pinned to the next GPU of the node
in turn (``maple_gpu=...`` then ``CUDA_VISIBLE_DEVICES=$maple_gpu <program as written> &``,
the index computed in the batch shell on the line before, so a loop's passes get GPUs 0, 1,
... N-1, 0, ...). The job is then a packed job (see ``packing``) and is sized and ported as
one: one node with the source node's GPUs. srun's per-step options other than the one task
and the one GPU (``-c 1``, ``--mem-per-gpu=20G``) are named in a note, not carried.

Left to the refusal of ``packing.refuse_unkept_packing`` (with what to do): steps on several
nodes, a step continued over several lines, an srun option this stage does not know, or a
source node whose GPU count neither the directives nor the source cluster give.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.models import ClusterProfile
from maple_flow.port.words import short

#: srun options that take a value as the next word when not written ``--opt=value``.
_VALUE_LONG = frozenset({
    "--ntasks", "--nodes", "--cpus-per-task", "--cpus-per-gpu", "--gpus", "--gpus-per-task",
    "--gpus-per-node", "--gres", "--mem", "--mem-per-cpu", "--mem-per-gpu", "--time",
    "--partition", "--nodelist", "--output", "--error", "--input", "--job-name", "--account",
    "--constraint", "--exclude", "--gpu-bind", "--cpu-bind", "--distribution",
    "--ntasks-per-node", "--ntasks-per-gpu", "--chdir", "--export", "--mpi", "--qos",
    "--signal", "--hint"})
_VALUE_SHORT = frozenset("nNcGptwoeiJACxmD")
#: srun options without a value.
_FLAGS = frozenset({"--exact", "--exclusive", "-u", "--unbuffered", "-l", "--label",
                    "--overlap", "-K", "--kill-on-bad-exit", "-Q", "--quiet", "-v",
                    "--verbose", "--overcommit", "-O", "--whole"})
#: One task, and one GPU, as a step's options ask them.
_ONE_TASK = r"-n\s*1|--ntasks[=\s]1"
_ONE_GPU = r"--gpus(?:-per-task)?[=\s]1|-G\s*1|--gres[=\s]gpu(?::[\w.-]+)?:1"
#: The options that make a step ONE task on ONE GPU of one node (what the pinning replaces).
_ONE_STEP = re.compile(
    rf"^(?:--exact|--exclusive|-u|--unbuffered|-N\s*1|--nodes[=\s]1|{_ONE_TASK}|{_ONE_GPU})$")
#: The next word of an srun line.
_WORD = re.compile(r"\s*(\S+)")
_SRUN = re.compile(r"^(\s*)srun\s")
_BACKGROUND = re.compile(r"(?<![&|>])&\s*(?:#.*)?$")
#: The names the pinned steps use (user scripts do not use them).
GPU_VAR, STEP_VAR = "maple_gpu", "maple_step"


@dataclass(frozen=True)
class PinnedSteps:
    """The source text with its one-GPU srun steps pinned, and the note saying so."""

    text: str
    note: str
    #: The GPUs of the node the steps share out.
    gpus: int
    #: Where the first pinned step is (for the notes of the packed job).
    where: str


def _step_words(rest: str) -> tuple[list[str], str] | None:
    """(the srun options, the command as written) of the text after ``srun``; None when an
    option is not known (its value may be the next word)."""
    options: list[str] = []
    pos = 0
    while True:
        match = _WORD.match(rest, pos)
        if match is None:
            return None
        word = match.group(1)
        if not word.startswith("-"):
            return options, rest[match.start(1):]
        end = match.end()
        if "=" in word or word in _FLAGS or (
                len(word) > 2 and word[1] in _VALUE_SHORT and not word.startswith("--")):
            options.append(word)
        elif word in _VALUE_LONG or (len(word) == 2 and word[1] in _VALUE_SHORT):
            value = _WORD.match(rest, end)
            if value is None:
                return None
            options.append(f"{word} {value.group(1)}")
            end = value.end()
        else:
            return None
        pos = end


def pin_one_gpu_steps(text: str, node_gpus: int | None, nodes: int | None) -> PinnedSteps | None:
    """``text`` with each background one-task one-GPU ``srun`` step made a plain run on the
    next GPU of the node (see the module's doc); None when the script has no such steps (two
    or more), or they cannot be carried (the refusal then says what to do)."""
    from maple_flow.port.packing import one_gpu_steps

    if one_gpu_steps(text) is None or not node_gpus or (nodes or 1) > 1:
        return None
    lines = text.split("\n")
    pinned: list[tuple[int, str, list[str]]] = []
    for number, line in enumerate(lines):
        head = _SRUN.match(line)
        if head is None or not _BACKGROUND.search(line) or line.rstrip().endswith("\\"):
            continue
        words = _step_words(line[head.end() - 1:])
        if words is None:
            return None
        options, command = words
        if not any(re.fullmatch(_ONE_TASK, o) for o in options) or not any(
                re.fullmatch(_ONE_GPU, o) for o in options):
            continue
        if any(re.match(r"^(?:-N\s*|--nodes[=\s])(\d+)$", o) and not _ONE_STEP.match(o)
               for o in options):
            return None  # a step on several nodes
        dropped = [o for o in options if not _ONE_STEP.match(o)]
        lines[number] = (f"{head.group(1)}{GPU_VAR}=$(( ${{{STEP_VAR}:=0}} % {node_gpus} )); "
                         f"{STEP_VAR}=$(( {STEP_VAR} + 1 ))\n"
                         f"{head.group(1)}CUDA_VISIBLE_DEVICES=${GPU_VAR} {command}")
        pinned.append((number + 1, " ".join(line.split()), dropped))
    if len(pinned) < 1:
        return None
    shown = "; ".join(f"line {n} `{short(s, 80)}`" for n, s, _ in pinned[:2])
    more = f" and {len(pinned) - 2} more" if len(pinned) > 2 else ""
    dropped = sorted({o for _, _, d in pinned for o in d})
    note = (f"one-GPU srun steps run side by side ({shown}{more}): each kept where it is (its "
            "loop, its `&`, the `wait` after it), its launcher `srun` replaced by a plain run "
            f"on ONE GPU of the job's node, `CUDA_VISIBLE_DEVICES=${GPU_VAR}`, the next of the "
            f"node's {node_gpus} GPUs in turn ({GPU_VAR}/{STEP_VAR} set in the batch shell on "
            "the line before the step): the job is one node with those GPUs"
            + (f"; the steps' own srun options are not carried (the step shares the job's "
               f"CPUs and memory): {', '.join(f'`{o}`' for o in dropped)}" if dropped else ""))
    first = pinned[0]
    where = f"line {first[0]} `{short(first[1], 80)}`"
    return PinnedSteps("\n".join(lines), note, node_gpus, where)


def pinned_steps_refusal(where: str, profile: ClusterProfile) -> str:
    """The reason the pinned steps cannot be kept on a target whose GPUs are not chosen with
    ``CUDA_VISIBLE_DEVICES`` (Intel GPUs: ``ZE_AFFINITY_MASK``); ``""`` where they can."""
    var = profile.gpu.visible_devices_var
    if var == "CUDA_VISIBLE_DEVICES":
        return ""
    return (f"the job runs one-GPU srun steps side by side ({where}), each to be pinned to one "
            f"GPU of the node, and {profile.name}'s {profile.gpu.vendor} GPUs are chosen with "
            f"{var}, not CUDA_VISIBLE_DEVICES (and the program runs on CUDA): port the program "
            f"to {profile.gpu.device_api} first, then run each step as `{var}=k <program> &` "
            "(k = 0, 1, ... in turn) and `wait`")


__all__ = ["GPU_VAR", "STEP_VAR", "PinnedSteps", "pin_one_gpu_steps", "pinned_steps_refusal"]
