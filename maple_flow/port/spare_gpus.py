"""GPUs the source's job holds beyond the processes its launcher is told to start.

A one-task job that asks ``--gres=gpu:4`` (or pins ``CUDA_VISIBLE_DEVICES=0,1,2,3``) and runs
``accelerate launch --num_processes=3`` leaves a GPU to the program's own use: TRL's GRPO puts
its vLLM generation on the next free GPU, others an evaluator or a second model. The port sizes
the target's job by the processes (3 GPUs a node), so on a target that gives the job only
those GPUs the program finds no spare one and fails at start. The port cannot know whether the
program uses it, so it says so, naming the launch line; where the target gives whole nodes
with every GPU visible (PBS sites here), the note says the spare GPUs are still there.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.port.words import short
from maple_flow.scriptparse import ParsedScript, ScriptFacts
from maple_flow.scriptparse.facts import directive_size

#: A launcher's own process count, written as a number (``--num_processes=3``,
#: ``--nproc_per_node 3``, deepspeed's ``--num_gpus 3``).
_PROCESS_COUNT = re.compile(
    r"(?:^|\s)--(?:num_processes|num-processes|nproc_per_node|nproc-per-node|num_gpus|num-gpus)"
    r"(?:=|\s+)[\"']?(\d+)\b")
#: The opening of the notes that already name the spare GPUs (the device-list note).
SPARE_SAID = "the source's job held"


def spare_gpus(p: ParsedScript, facts: ScriptFacts, lines: list[str]) -> tuple[int, int, str]:
    """(GPUs a node the directives hold, processes a node the launcher is told to start, the
    launch line that tells it, as ``line N `text```) where the launcher's own count is written
    as a number, is smaller, and each process drives one GPU; (0, 0, "") otherwise (srun's
    tasks, or a count read from elsewhere, leave no GPU to the program by design)."""
    held = directive_size(p)["gpus"]
    procs = facts.gpus_per_node
    if held is None or procs is None or held <= procs or facts.gpus_per_process:
        return 0, 0, ""
    for k, line in enumerate(lines):
        found = _PROCESS_COUNT.search(line)
        if found and not line.lstrip().startswith("#") and int(found.group(1)) == procs:
            start = k
            while start and lines[start - 1].rstrip().endswith("\\"):
                start -= 1  # the command's first line, its continuations joined
            text = " ".join(x.strip().rstrip("\\").strip() for x in lines[start:k + 1])
            return held, procs, f"line {start + 1} `{short(text)}`"
    return 0, 0, ""


def spare_gpus_clause(held: int, procs: int, profile: ClusterProfile, port_gpus: int) -> str:
    """What the port does with the spare GPUs on ``profile`` and what the user does about it."""
    spare = held - procs
    lead = (f"{SPARE_SAID} {held} GPU(s) a node while its launch starts {procs} process(es) a "
            f"node: the other {spare} GPU(s) were left free, which the program may use itself "
            "(a generation server such as vLLM, an evaluator, a second model); the port sizes "
            f"the job by its processes, {port_gpus} GPU(s) a node on {profile.name}")
    if profile.scheduler == "pbs" and profile.gpu.per_node >= held:
        return (lead + f", on whole nodes of {profile.gpu.per_node} GPUs with no device list "
                "set: the program still sees them all, the spare one(s) among them")
    if profile.gpu.per_node < held:
        return (lead + f", and a {profile.name} node has only {profile.gpu.per_node}: if the "
                "program uses the spare GPU(s), it cannot run there as the source ran it: port "
                f"it to a site whose nodes have {held} GPUs")
    return (lead + ", where the program sees only those (a port given gpus_per_node="
            f"{held} would start {held} processes instead): if it uses the spare GPU(s), give "
            f"the job {held} GPUs a node by hand (the header's GPU request, or the device list "
            f"the port sets) and keep the launch's {procs} process(es)")


def spare_gpus_note(p: ParsedScript, facts: ScriptFacts, lines: list[str],
                    profile: ClusterProfile, port_gpus: int, notes: list[str]) -> list[str]:
    """The note on the spare GPUs of a launch, naming its line, unless a note already says
    it; [] otherwise."""
    held, procs, where = spare_gpus(p, facts, lines)
    if not held or any(SPARE_SAID in n for n in notes):
        return []
    return [f"{where}: " + spare_gpus_clause(held, procs, profile, port_gpus)]


#: ``export CUDA_VISIBLE_DEVICES=0``: a device pin set for the steps that follow it.
_PIN = re.compile(r"^\s*export\s+CUDA_VISIBLE_DEVICES=(\S+)\s*$")
_BACKGROUND = re.compile(r"(?<![&|])&\s*(?:#.*)?$")


def repinned_note(lines: list[str], script: str) -> list[str]:
    """The source pins its steps to different GPUs one after another (``export
    CUDA_VISIBLE_DEVICES=0``, a server started in the background, ``export
    CUDA_VISIBLE_DEVICES=1``, the training launch) and the port keeps none of those pins: the
    background step and the launch may now share GPUs. Named with the lines; [] otherwise."""
    pins = [(n, line.strip(), m.group(1)) for n, line in enumerate(lines, 1)
            if (m := _PIN.match(line))]
    if len({value for _, _, value in pins}) < 2 or any(
            f"CUDA_VISIBLE_DEVICES={value}" in script for _, _, value in pins):
        return []
    first, last = pins[0][0], pins[-1][0]
    background = [(n, line.strip()) for n, line in enumerate(lines, 1)
                  if first < n < last and _BACKGROUND.search(line)
                  and not line.lstrip().startswith("#")]
    if not background:
        return []
    where = ", ".join(f"line {n} `{short(text)}`" for n, text, _ in pins)
    runs = ", ".join(f"line {n} `{short(text)}`" for n, text in background)
    return [f"the source gives its steps different GPUs ({where}): {runs} runs in the "
            "background on the GPUs pinned before it while the launch uses the later ones; the "
            "port keeps none of these pins, so the background step and the launch may share "
            "GPUs on the target: put the pins back around those lines by hand (the launch's "
            "own processes then need a GPU count that matches its pin)"]
