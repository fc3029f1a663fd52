"""A program argument that names one GPU by its index (``--cuda 4``, ``--gpu_id 3``,
``--device cuda:5``): where the port drops the source's ``CUDA_VISIBLE_DEVICES`` pin and the
job has fewer GPUs than that index, the program would ask for a GPU the target's job does not
show it; named in a note, never silently kept (the port does not rewrite the user's argument)."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Options whose value is one GPU's index (a plain ``N`` or ``cuda:N``).
_INDEX_OPTIONS = frozenset({"--cuda", "--gpu", "--gpu_id", "--gpu-id", "--gpuid", "--gpu_idx",
                            "--device_id", "--device-id", "--cuda_device", "--cuda-device",
                            "--device"})
_INDEX = re.compile(r"^(?:cuda:)?(\d{1,3})$")


def device_index_args(args: Sequence[str], gpus: int) -> list[tuple[str, int]]:
    """(the argument as written, its index) for each GPU-index argument in ``args`` whose
    index is ``gpus`` or more (a GPU a job of ``gpus`` GPUs a node does not have)."""
    found: list[tuple[str, int]] = []
    for i, word in enumerate(args):
        option, eq, value = word.partition("=")
        if option not in _INDEX_OPTIONS:
            continue
        if not eq:
            value = args[i + 1] if i + 1 < len(args) else ""
        match = _INDEX.match(value.strip("'\""))
        if match is None or (option == "--device" and not value.strip("'\"").startswith("cuda:")):
            continue
        if int(match.group(1)) >= gpus:
            found.append((word if eq else f"{word} {value}", int(match.group(1))))
    return found


def device_index_note(args: Sequence[str], gpus: int, target: str) -> str:
    """The note naming the program's own GPU-index arguments beyond the port's ``gpus`` a node
    on ``target``; ``""`` where there is none."""
    found = device_index_args(args, gpus)
    if not found:
        return ""
    shown = ", ".join(f"`{text}`" for text, _ in found)
    return (f"the program's own {shown} names GPU {found[0][1]} (as the source's dropped pin "
            f"did); on {target} the job has {gpus} GPU(s) a node (indices 0..{gpus - 1}), so "
            f"GPU {found[0][1]} does not exist there: set it to one the job has (0); the "
            "argument is kept as you wrote it")


__all__ = ["device_index_args", "device_index_note"]
