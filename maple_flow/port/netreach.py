"""What in a job script says the job reaches the internet while it runs, beyond the set-up
steps that download (:func:`maple_flow.port.proxy.downloads`): the source site's own proxy (a
proxy module such as ETH Euler's ``module load eth_proxy``, proxy variables the script exports,
a sourced proxy settings file), and Python the script runs inline that fetches from a hub
(``torch.hub.load(...)``, ``hf_hub_download(...)``). Each reader returns a short quote of the line
that says so (for the port's note), or ``""``: a job with none of these signs is not claimed to
reach the internet.

The source's proxy is the source site's: on a target whose compute nodes reach the internet
only through the target's own proxy, the port sets that one in its place
(:func:`maple_flow.port.proxy.proxy_edit`); on a target with direct access it is dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.port.words import short
from maple_flow.shellquote import shell_split

#: A module whose name says it is a web proxy (``eth_proxy``, ``proxy``, ``http-proxy``),
#: loaded by ``module load|add`` or Lmod's ``ml``.
_PROXY_MODULE = re.compile(
    r"^\s*(?:module\s+(?:load|add)|ml(?:\s+load)?)\s+(?:[^\n#;&|]*\s)?"
    r"(?P<name>[\w./+-]*proxy[\w./+-]*)", re.IGNORECASE)
#: A proxy variable set to a value (``export https_proxy=http://proxy.example.org:3128``);
#: ``no_proxy`` (the addresses kept OUT of a proxy) is not one.
_PROXY_VAR = re.compile(
    r"^\s*(?:export\s+)?(?:https?|all|ftp)_proxy=['\"]?(?P<value>[^'\"\s;]+)", re.IGNORECASE)
#: A sourced settings file named for a proxy (``source ~/http_proxy_polaris``).
_PROXY_FILE = re.compile(r"^\s*(?:source|\.)\s+(?P<file>\S*proxy\S*)", re.IGNORECASE)
#: Inline Python (``python -c``, a heredoc) that fetches from a hub when it runs.
_INLINE_FETCH = re.compile(
    r"\btorch\.hub\.(?:load|load_state_dict_from_url|download_url_to_file)\s*\("
    r"|\b(?:hf_hub_download|snapshot_download)\s*\(")


#: A Hugging Face Hub account the job uses: its token variable (in code, or in a comment that
#: documents what the job needs: "HF_TOKEN set ... for model download"), a login, or a program
#: option that pushes to the Hub or passes the token.
_HUB_ACCOUNT = re.compile(
    r"\b(?:HF_TOKEN|HF_ACCESS_TOKEN|HF_API_TOKEN|HUGGING_?FACE_HUB_TOKEN|HUGGINGFACE_TOKEN)\b"
    r"|\b(?:huggingface-cli|hf)\s+(?:auth\s+)?login\b|--push[_-]to[_-]hub\b|--hub[_-]token\b")


def _code_lines(script: str) -> list[str]:
    """The script's lines that are not comments (directives and ``#`` comments dropped)."""
    return [x for x in script.splitlines() if x.strip() and not x.lstrip().startswith("#")]


@lru_cache(maxsize=256)  # the source's text: asked again for every target
def source_proxy(script: str) -> str:
    """The line where the source sets its own site's web proxy (a proxy module, a proxy
    variable with a value, a sourced proxy settings file), as a short quote; "" when none.
    A source that sets a proxy says its job reaches the internet while it runs."""
    for line in _code_lines(script):
        for pattern in (_PROXY_MODULE, _PROXY_VAR, _PROXY_FILE):
            if pattern.search(line):
                return f"`{_short(line.strip())}`"
    return ""


def proxy_values(script: str) -> list[str]:
    """The values the script's code gives its proxy variables (``http://proxy.site:3128``)."""
    return [m.group("value") for line in _code_lines(script)
            if (m := _PROXY_VAR.search(line)) is not None]


@lru_cache(maxsize=256)  # the source's text: asked again for every target
def inline_fetch(script: str) -> str:
    """The line of inline Python that fetches from a hub when it runs (``torch.hub.load(``,
    ``hf_hub_download(``, ``snapshot_download(``), as a short quote; "" when none."""
    for line in _code_lines(script):
        if _INLINE_FETCH.search(line):
            return f"`{_short(line.strip())}`"
    return ""


@lru_cache(maxsize=256)  # the source's text: asked again for every target
def hub_account(script: str) -> str:
    """The line that says the job uses a Hugging Face Hub account (a token variable, a login,
    ``--push_to_hub``), as a short quote; "" when none. Such a job talks to the Hub while it
    runs (gated downloads, uploads), whatever the program's options name."""
    for line in script.splitlines():
        if _HUB_ACCOUNT.search(line) and not line.startswith("#!"):
            return f"`{_short(line.strip())}`"
    return ""


def step_words(steps: list[str]) -> list[str]:
    """The shell words of the job's other program lines (its set-up steps, loop bodies), for
    the program-option readers (Hub ids, W&B switches): a line that does not split is split
    on blanks."""
    words: list[str] = []
    for step in steps:
        code = "\n".join(x for x in step.split("\n") if not x.lstrip().startswith("#"))
        code = code.replace("\\\n", " ")
        for line in code.splitlines():
            split = shell_split(line)
            words += split if split is not None else line.split()
    return words


def _short(text: str) -> str:
    """``text`` on one line, at most 70 characters: a note's quote of a script line."""
    return short(text, 70)
