"""Whether a port a log names as taken is the job script's rendezvous port (issue 17, s31r2).

A bind failure (``EADDRINUSE``, errno 98) is the script's to fix only when the port is one the
script sets or derives: a literal in a line of its own (``MASTER_PORT=29500``,
``--master_port 12345``, ``--rdzv_endpoint host:29400``, ``tcp://host:23456``), a port it
computes or draws at random (``$((10000 + SLURM_JOB_ID % 50000))``, ``$RANDOM``, ``shuf``),
or the default port of a launcher the script runs (29500 for torchrun, torch.distributed.launch,
deepspeed, accelerate and colossalai; 29400 for torchrun's c10d endpoint). A bind failure on
another port (a library's own server, a dashboard, an inference engine's API port) is not the
rendezvous, and a new MASTER_PORT would change nothing: the caller then proposes no port fix.
"""

from __future__ import annotations

import re

#: Launchers whose rendezvous port defaults to 29500 when the script gives none.
_DEFAULT_29500 = re.compile(
    r"\b(?:torchrun|torch\.distributed\.(?:launch|run)|deepspeed|accelerate\s+launch|"
    r"colossalai\s+run|launch\.py|torch_xla\.distributed)\b")
#: torchrun's c10d rendezvous endpoint default (``--rdzv_backend c10d`` without a port,
#: ``--standalone`` on torch 1.x).
_DEFAULT_29400 = re.compile(r"\btorchrun\b|\btorch\.distributed\.run\b")
#: A port the script computes or draws: arithmetic, $RANDOM, shuf, a free-port probe.
_DERIVED = re.compile(
    r"PORT\w*=[\"']?\$\(|PORT\w*=[\"']?\$\{?RANDOM|\bRANDOM\b|\bshuf\b|find_free_port|"
    r"get_free_port|socket\.socket\(\)")


def _code_lines(script: str) -> str:
    """The script without comment lines (a commented-out port is not one it uses)."""
    return "\n".join(ln for ln in script.splitlines() if not ln.lstrip().startswith("#"))


def port_is_the_scripts(port: str | None, script: str) -> bool:
    """Whether ``port`` (as the log names it; None when it names none) may be the script's
    rendezvous port. True when the log names no port or the script is not known (empty)."""
    if not port or not port.isdigit() or not script.strip():
        return True
    code = _code_lines(script)
    if re.search(rf"(?<![\w.]){re.escape(port)}(?!\w)", code):
        return True
    if _DERIVED.search(code):
        return True
    if port == "29500" and _DEFAULT_29500.search(code):
        return True
    return port == "29400" and bool(_DEFAULT_29400.search(code))


#: Where a bind failure's log names the port outside a signature's own groups: torch's
#: ``port: 29500`` and ``bind to [::]:29500 (errno: 98``, uvicorn's/asyncio's
#: ``error while attempting to bind on address ('0.0.0.0', 8000)``.
_LOG_PORT = re.compile(
    r"\bport: (?P<a>\d+)\b|:(?P<b>\d+) \(errno: 98\b|"
    r"bind on address \('[^']*', (?P<c>\d+)\)")


def port_in_log(text: str) -> str | None:
    """The port a bind failure's log names, None when it names none."""
    m = _LOG_PORT.search(text)
    return next((g for g in m.groups() if g), None) if m else None
