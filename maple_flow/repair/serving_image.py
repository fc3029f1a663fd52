"""The container image a serving line runs its server from (issue 17, s32cmd).

For a question about the image (a route the client uses that the image's server is too old to
have: vLLM's ``/v1/messages``, ``/v1/responses``): the line and the word of the image on the
command that runs the server - an Apptainer/Singularity image file or URI
(``apptainer exec --nv vllm-openai_v0.6.3.sif vllm serve ...``), a pyxis
``--container-image``, a docker/podman image of vLLM. A bare variable (``"$CONT"``) is not
taken: its value is set elsewhere. Pure text functions.
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_serving import serving_commands
from maple_flow.repair.text import continued_from

_IMAGE = re.compile(
    r"""(?<![^\s=])(?P<w>["']?(?:(?:docker|oras|library|shub)://[^\s"']+|[^\s"'=]+\.(?:sif|simg|sqsh|sqfs|squashfs)|[\w./-]*vllm-openai:[\w.-]+)["']?)(?!\S)""")
_PYXIS = re.compile(r"--container-image(?:=|[ \t]+)(?P<w>\S+)")
_BARE_VARIABLE = re.compile(r"""^["']?\$\{?\w+\}?["']?$""")


def serving_image(text: str, server: str = "vllm") -> tuple[int, str] | None:
    """(1-based line, word) of the image the first ``server`` command runs in, or None."""
    lines = text.split("\n")
    for first, last in serving_commands(lines, server):
        for i in range(continued_from(lines, first), last + 1):
            for pattern in (_PYXIS, _IMAGE):
                found = pattern.search(lines[i])
                if found and not _BARE_VARIABLE.match(found.group("w")):
                    return i + 1, found.group("w")
    return None
