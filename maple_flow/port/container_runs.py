"""A program the job script runs in a container with no launcher in front (``apptainer exec
--nv IMG python -m server ... &``, ``singularity exec --nv IMG python train.py ... &``): it runs
once, on the node the script runs on, often in the background beside the job's main launch (a
server its client talks to, runs side by side). The port keeps it so: the target's launch of
it (the container carried, converted or dropped with the note that names the image, as for a
main launch) without the target's launcher words."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from maple_flow.models import ClusterProfile
from maple_flow.scriptparse.inline_launch import raw_words
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES
from maple_flow.scriptparse.shell import BACKGROUND_END

if TYPE_CHECKING:
    from maple_flow.port.api import PortResult
    from maple_flow.scriptparse.steps import Step

#: Environment words in front of a command (``CUDA_VISIBLE_DEVICES=0 apptainer exec ...``).
_ENV_WORD = re.compile(r"^[A-Za-z_]\w*=")
#: An interpreter word (``python3``, ``/opt/conda/bin/python``).
_PYTHON_WORD = re.compile(r"^(?:\S*/)?python[\d.]*$")


def in_container_alone(launch: str) -> bool:
    """``launch`` runs a container (``apptainer exec --nv IMG python x.py``) with no launcher
    in front: the batch script starts its program once, where the script runs."""
    words = [w for w in raw_words(launch) if not _ENV_WORD.match(w)]
    return bool(words) and words[0] in CONTAINER_RUNTIMES


def once_in_container(step: Step, launch: str, lines: list[str], result: PortResult,
                       profile: ClusterProfile) -> tuple[list[str], str]:
    """The target's lines for a source line that runs its program in a container with no
    launcher (once, on the node the script runs on): the target's launch of it without the
    target's launcher words, so it runs once there too (in the background when the source's
    did: several runs side by side, or a server the job's main launch talks to), in the
    target's container where the port carries the image, else on the target's stack with
    the note that says so. ([], why) when the launch cannot be told apart from its launcher."""
    words = raw_words(lines[-1]) if lines else []
    start = next((i for i, w in enumerate(words) if w in CONTAINER_RUNTIMES), None)
    if start is None:
        start = next((i for i, w in enumerate(words) if _PYTHON_WORD.match(w)), None)
    launcher = words[:start] if start is not None else []
    if start is None or any(w in ("bash", "sh", "maple-rank") or w.startswith("'")
                            for w in launcher):
        return [], (f"line {step.line} `{step.text}` runs its program once in the source's "
                    "container, with no launcher; the port cannot write it so for "
                    f"{profile.name}: write the launch by hand (the target's container runtime "
                    "and the program as written)")
    command = " ".join(words[start:])
    if BACKGROUND_END.search(launch) and not BACKGROUND_END.search(command):
        command += " &"
    runtime = profile.container
    setup = (list(runtime.setup_lines()) if runtime is not None
             and words[start] in CONTAINER_RUNTIMES else [])
    image = [n for n in result.notes if n.startswith("container ") or ("image" in n
             and ("container" in n or "apptainer" in n or "singularity" in n))][:1]
    where = (f"in {profile.name}'s {words[start]}" if words[start] in CONTAINER_RUNTIMES
             else f"on {profile.name}'s own stack, not in the container")
    note = (f"line {step.line} `{step.text}` runs its program once, in the source's container "
            f"and with no launcher{' (in the background)' if command.endswith('&') else ''}: "
            f"kept so, {where}: `{command}`"
            + (f"; {image[0]}" if image else ""))
    return [*setup, command], note
