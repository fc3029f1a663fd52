"""Move a container option from the batch header to the srun line (issue 17, helper s33r32).

Slurm's container options (CSCS's ``--environment=EDF``, pyxis's ``--container-image``) given
to sbatch start the batch step itself inside the image, so every ``srun`` of the script runs
there, where the host's Slurm plugins (the Slingshot switch plugin and the libraries it needs)
cannot load. Given to ``srun``, the launcher stays on the host and only the tasks run in the
image. The fix takes each such ``#SBATCH`` line off the header and gives its value to the srun
line; a script without one, or without an srun line, is refused with the reason.
"""

from __future__ import annotations

from maple_flow.knowledge.directives import parse_directives
from maple_flow.repair import patch_directives as pd
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.text import FixNotApplicable

#: sbatch options that run the batch step in a container image.
HEADER_CONTAINER_OPTIONS: tuple[str, ...] = ("environment", "container-image")


def header_container_options(text: str) -> list[tuple[str, str]]:
    """The container options the script's ``#SBATCH`` header gives, with their values."""
    return [(d.option, d.value) for d in parse_directives(text, "slurm")
            if d.option in HEADER_CONTAINER_OPTIONS and d.value
            and d.raw.startswith("#SBATCH")]


def container_option_on_header(text: str) -> bool:
    """Whether the batch header runs the batch step in a container image."""
    return bool(header_container_options(text))


def container_option_to_srun(text: str) -> str:
    """``text`` with each header container option moved to its srun line (module
    docstring); FixNotApplicable with the reason when there is none or no srun line."""
    moved = header_container_options(text)
    if not moved:
        raise FixNotApplicable("the batch header gives no container option (--environment, "
                               "--container-image) to move to srun")
    for option, value in moved:
        text = pd.remove_directive(text, "slurm", option)
        try:
            text = pl.set_launcher_arg(text, "srun", f"--{option}", value)
        except FixNotApplicable:
            raise FixNotApplicable("the script has no srun line to give the container "
                                   f"option --{option} to") from None
    return text
