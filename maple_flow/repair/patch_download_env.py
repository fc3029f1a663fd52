"""A variable a download needs, exported above the job's first download (s36hub).

``export_env`` puts a new variable above the launch line. A compute node that reaches the
internet only through the site's proxy (ALCF Polaris, Aurora: ``network.proxy_env``) needs
``https_proxy`` before the job's own downloads too - ``pip install``, ``conda create``,
``git clone``, ``curl``/``wget``, ``huggingface-cli download`` often come before the launch.
:func:`export_before_download` writes ``export NAME=value`` above the first such command, or
where ``export_env`` would when the script downloads nothing itself (the program does).
Pure: script text in, script text out.
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_env import export_env
from maple_flow.repair.patch_storage import export_above, sets
from maple_flow.repair.text import lines

#: A command that fetches from the network: a package install, a clone, a plain download.
DOWNLOAD = re.compile(
    r"(?:^|[;&|(]\s*|\b(?:then|do|else)\s+)(?:\S*/)?(?:"
    r"(?:pip3?|uv\s+pip|python3?\s+-m\s+pip)\s+(?:install|download)\b"
    r"|(?:conda|mamba|micromamba)\s+(?:install|create|env\s+(?:create|update)|update)\b"
    r"|git\s+(?:clone|fetch|pull|submodule|lfs)\b|(?:curl|wget)\b"
    r"|(?:huggingface-cli|hf)\s+download\b)")


def first_download(text: str) -> int | None:
    """0-based index of the first line (outside comments) that runs a download command."""
    for index, line in enumerate(lines(text)):
        if not line.lstrip().startswith("#") and DOWNLOAD.search(line.strip()):
            return index
    return None


def export_before_download(text: str, name: str, value: str) -> str:
    """``text`` with ``export NAME=value`` above its first download command (above a continued
    command's first line and the comments over it); as ``export_env`` when there is none or
    the script sets ``name`` itself."""
    index = first_download(text)
    if index is None or sets(text, name):
        return export_env(text, name, value)
    return export_above(text, index, name, value)
