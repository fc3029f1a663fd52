"""Stage "notes": the memory of one GPU the source asks for (``--constraint=a100_80gb``,
``--gres=gpu:v100-32g:1``, a partition named for it) against the target's GPUs. A model sized
for 80 GB GPUs may not fit on 40 GB ones: the port says so, never silently."""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import Directive
from maple_flow.models import ClusterProfile

#: Options whose value may name the GPU type (and with it the memory of one GPU).
_GPU_TYPE_OPTIONS = frozenset({"constraint", "gres", "gpus", "gpus-per-node", "gpus-per-task",
                               "partition", "queue", "select"})
#: A value that names a GPU: a model or the word gpu.
_NAMES_GPU = re.compile(
    r"(?i)gpu|a100|h100|h200|gh200|v100|p100|a40|a30|a10|l40|l4\b|a6000|a5000|rtx|quadro|tesla")
#: A memory size written in a GPU type: ``_80gb``, ``-32g``, ``80GB``, ``:80g:``.
_GPU_MEMORY = re.compile(r"(?i)(?<![\d.])(\d{2,3})\s?g(?:b|ib)?(?![a-z0-9])")
#: A host memory resource in a PBS chunk (``mem=96G``): not the GPUs'.
_HOST_MEMORY = re.compile(r"(?i)\b[pv]?mem=[^:,\s]*")


def asked_gpu_memory(directives: list[Directive]) -> tuple[int, str] | None:
    """The memory of one GPU (GB) the source's directives ask for, with the directive that
    says it; None where none states one."""
    for d in directives:
        value = _HOST_MEMORY.sub("", d.value or "")
        if d.option in _GPU_TYPE_OPTIONS and _NAMES_GPU.search(value):
            match = _GPU_MEMORY.search(value)
            if match:
                return int(match.group(1)), d.raw.strip()
    return None


def gpu_memory_note(directives: list[Directive], profile: ClusterProfile) -> list[str]:
    """A note when the target's GPUs have less memory than the GPUs the source asks for."""
    asked = asked_gpu_memory(directives)
    if asked is None or asked[0] <= profile.gpu.memory_gb:
        return []
    gb, raw = asked
    return [f"GPU memory: the source asks {gb} GB GPUs (`{raw}`); {profile.name}'s "
            f"{profile.gpu.model} have {profile.gpu.memory_gb} GB: LESS; a model or batch sized "
            f"for {gb} GB may run out of GPU memory there (shrink the batch, shard the model, "
            "or port to a site with larger GPUs)"]
