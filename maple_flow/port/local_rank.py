"""A program that takes its local rank as an argument (the source's ``python -m
torch.distributed.launch`` without ``--use_env`` passed ``--local_rank=N``): the port passes
``--local_rank=$LOCAL_RANK`` itself on every target (``templates/launch/_common/launch.j2``),
since a torch 2 launcher would pass ``--local-rank=N`` (dashed), which a parser of
``--local_rank`` stops on. The note says so, naming the torch the target's profile loads."""

from __future__ import annotations

import re
from typing import Any

from maple_flow.models.profile import ClusterProfile

#: A torch version in a module name (``pytorch/2.6.0``, ``AI/pytorch_23.02-1.13.1-py3``).
_TORCH_MODULE = re.compile(r"torch[^/]*/(\d+\.\d+(?:\.\d+)?)|torch_[\d.]+-(\d+\.\d+(?:\.\d+)?)")


def target_torch(profile: ClusterProfile) -> str:
    """The torch version the profile's loaded modules name, or "" when they name none."""
    for module in profile.software.modules:
        m = _TORCH_MODULE.search(module)
        if m:
            return m.group(1) or m.group(2)
    return ""


def local_rank_note(profile: ClusterProfile, model: dict[str, Any]) -> str:
    """What the port does for a program that takes ``--local_rank=N``, on ``profile``."""
    said = ("the source's python -m torch.distributed.launch (no --use_env) gives the program "
            "its local rank as --local_rank=N (torch 1.x's spelling), which its parser expects: "
            f"on {profile.name} (as on every target) the port passes --local_rank=$LOCAL_RANK "
            "itself, after the program's own arguments")
    check = "; if the program parses only --local-rank (torch 2's spelling), change the flag"
    if model["launch_model"] == "per_rank" or profile.launch.style == "rank-per-gpu":
        return f"{said}, to each rank {profile.launch.launcher} starts{check}"
    version = target_torch(profile)
    torch = (f"the torch {profile.name} loads ({version})" if version
             else f"{profile.name}'s torch (its version not in the port's profile)")
    passes = (f", since the launcher of {torch} would pass --local-rank=N (dashed: torch 2.0 "
              "on)" if not version or int(version.split(".")[0]) >= 2
              else f" (the launcher of {torch} would pass the same)")
    return (f"{said}: python -m torch.distributed.launch is kept as the per-node launcher with "
            f"--use_env --no_python, each worker appending it{passes}{check}")
