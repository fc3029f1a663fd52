"""Stage "read": a job WITH size directives that runs copies of its work side by side, each in
the background on the GPU its own ``CUDA_VISIBLE_DEVICES`` names (``for i in ...; do
CUDA_VISIBLE_DEVICES=$i python run.py --seed ... & done; wait``, in one wave or several),
while its directives state no GPU count (``#PBS -l select=1:system=polaris`` takes a whole
node; ``--gres=gpu:N`` absent).

The job's GPU need is the union of the GPUs its concurrent copies are pinned to, not the one
GPU of "one process": the port sizes one node with that many GPUs (the copies kept as written,
each on the GPU it names; the waves kept in order with their ``wait``). Where the copies'
count is set only when the job runs (a loop over ``${!SEEDS[@]}`` filled by ``mapfile``), the
port keeps the GPUs of the source node the job held (the source cluster's GPUs per node) and
says so; with no known source node it asks (``gpus_per_node``), never a guess of 1.
"""

from __future__ import annotations

import re

from maple_flow.errors import MissingInformation
from maple_flow.models import ClusterProfile
from maple_flow.port.oneproc import ONE_PROCESS_GPUS
from maple_flow.port.packing import _BACKGROUND, _CVD_VALUE, _FOR, _code_lines, packed_gpus
from maple_flow.port.words import short
from maple_flow.scriptparse import ParsedScript, ScriptFacts
from maple_flow.scriptparse.facts import directive_size, job_gpus

#: Marks a copies' GPU count taken from the source node (their own count is set at run time).
FROM_SOURCE_NODE = "their count is set when the job runs"


def _unread_copy(text: str) -> str:
    """Where a copy in the background pins ``CUDA_VISIBLE_DEVICES=$VAR`` with ``VAR`` the
    variable of a loop whose list is read only when the job runs (``"${!SEEDS[@]}"``,
    ``$(seq 0 $((N - 1)))``); ``""`` otherwise."""
    loop_vars: set[str] = set()
    for number, line in _code_lines(text):
        loop = _FOR.match(line)
        if loop and "$" in loop.group(2):
            loop_vars.add(loop.group(1))
        if not _BACKGROUND.search(line):
            continue
        for match in _CVD_VALUE.finditer(line):
            name = re.fullmatch(r"\"?\$\{?(\w+)\}?\"?", match.group(1))
            if name and name.group(1) in loop_vars:
                return f"line {number} `{short(line, 90)}`"
    return ""


def _gpus_stated(p: ParsedScript) -> bool:
    """Whether the directives state the job's GPU count (per node, per task or job-wide)."""
    size = directive_size(p)
    return bool(size["gpus"] or size["gpus_per_task"] or job_gpus(p))


def size_pinned_copies(p: ParsedScript, facts: ScriptFacts, text: str,
                       source_node_gpus: int | None, o: dict[str, object]) -> None:
    """Size ``facts`` as one node with the GPUs the job's pinned background copies use, for a
    job whose directives ask one node and state no GPU count; raise MissingInformation when
    that count is set at run time and the source node's GPUs are unknown."""
    if (not p.directives or facts.packed_copies or (facts.nodes or 1) != 1
            or any(o.get(k) for k in ("nodes", "gpus_per_node", "ranks"))
            or _gpus_stated(p)):
        return
    packed = packed_gpus(text)
    if packed is not None:
        facts.nodes, facts.gpus_per_process, facts.packed_copies = 1, packed.gpus, packed.where
        return
    where = _unread_copy(text)
    if not where:
        return
    if not source_node_gpus:
        raise MissingInformation({"gpus_per_node": (
            f"the job runs copies of its work side by side, each on the GPU its own "
            f"CUDA_VISIBLE_DEVICES names ({where}), and how many run at once is set only when "
            "the job runs; its directives state no GPU count: pass gpus_per_node=N "
            "(--gpus-per-node N), the GPUs the copies use at once")})
    facts.nodes, facts.gpus_per_process = 1, source_node_gpus
    facts.packed_copies = (f"{where}: {FROM_SOURCE_NODE}, so the port keeps the "
                           f"{source_node_gpus} GPUs of the source node the job held; pass "
                           "gpus_per_node=N (--gpus-per-node N) if the copies use fewer")


def intel_pins_refusal(facts: ScriptFacts, profile: ClusterProfile) -> str:
    """Why copies pinned by their own CUDA_VISIBLE_DEVICES are refused on a target with Intel
    GPUs (which read ZE_AFFINITY_MASK); ``""`` for another target or a job without copies."""
    if not facts.packed_copies or profile.gpu.vendor != "intel":
        return ""
    return (f"the job runs copies of its work side by side, each on the GPU its own "
            f"CUDA_VISIBLE_DEVICES names ({facts.packed_copies}); {profile.name} has Intel GPUs, "
            "which read ZE_AFFINITY_MASK (CUDA_VISIBLE_DEVICES does nothing there: every copy "
            "would see the same devices): write each copy's pin as `ZE_AFFINITY_MASK=<tile>` "
            "on its own line (and its program for xpu), or port the job to a site with NVIDIA "
            "GPUs")


def pinned_runs_refusal(refusal: str, pinned: tuple[int, list[str], str], where: str,
                        profile: ClusterProfile) -> str:
    """``refusal`` of "one process on N GPUs" rewritten for a job whose launch is one of its
    runs side by side, each pinned to ONE GPU by its own ``CUDA_VISIBLE_DEVICES=$var``
    (``where``: how the runs start, e.g. a function called in the background): the obstacle
    is N one-GPU runs on a node of fewer GPUs, not one process's GPU count; ``refusal`` as it
    is otherwise."""
    match = ONE_PROCESS_GPUS.search(refusal)
    if not match or not pinned[2]:
        return refusal
    gpus, have = int(match.group(1)), profile.gpu.per_node
    text = short(" ".join(b.strip().rstrip(chr(92)) for b in pinned[1]), 80)
    how = f" ({where})" if where else ""
    return (refusal[:match.start()]
            + f"the job runs its work as {gpus} one-GPU runs side by side, each pinned to its "
            f"own GPU by CUDA_VISIBLE_DEVICES={pinned[2]} (line {pinned[0]} `{text}`{how}), on "
            f"a node of {gpus} GPUs, and a {profile.name} node has {have}: run at most {have} "
            f"of them at once on GPUs 0-{have - 1} (the others after them, or in a second "
            f"job), or port the job to a site with {gpus} GPUs a node")
