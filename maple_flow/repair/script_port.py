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


#: A line that gives the rendezvous port: a launcher's port option, an init method's URL, or an
#: upper-case port variable (MASTER_PORT=, PORT=, export MY_PORT=). An application's own
#: server option (``vllm serve --port 8000``) is not one.
_RDZV_LINE = re.compile(
    r"(?i:master[_-]?port|rdzv[_-]endpoint|main[_-]process[_-]port|init[_-]method|dist[_-]url|"
    r"tcp://)|\b[A-Z_]*PORT[A-Z_]*=")
#: A port variable the script reads (``$MASTER_PORT``, ``${PORT}``).
_PORT_REF = re.compile(r"\$\{?([A-Za-z_]*[Pp][Oo][Rr][Tt][A-Za-z0-9_]*)")


def _literal_here(port: str, code: str) -> bool:
    """Whether a rendezvous line of ``code`` holds ``port`` as a literal."""
    number = re.compile(rf"(?<![\w.]){re.escape(port)}(?!\w)")
    return any(_RDZV_LINE.search(ln) and number.search(ln) for ln in code.splitlines())


def _read_from_outside(code: str) -> bool:
    """Whether a port variable the script reads gets its value from outside the script (the
    caller's environment, ``${PORT:-29500}``) or from a computation: its value is unknown."""
    for name in set(_PORT_REF.findall(code)):
        assigned = re.findall(rf"^\s*(?:export\s+)?{re.escape(name)}=(\S*)", code, re.M)
        if not assigned or any(not v.strip("\"'").isdigit() for v in assigned):
            return True
    return False


def port_is_the_scripts(port: str | None, script: str) -> bool:
    """Whether ``port`` (as the log names it; None when it names none) may be the script's
    rendezvous port. True when the log names no port or the script is not known (empty)."""
    if not port or not port.isdigit() or not script.strip():
        return True
    code = _code_lines(script)
    if _literal_here(port, code) or _DERIVED.search(code) or _read_from_outside(code):
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
    """The port a bind failure's log names, None when it names none; failing a bind message
    that names one, the port of a tcp:// init URL the log prints (``Process group URL:
    tcp://127.0.0.1:50152``, s38precB): the URL the program bound."""
    m = _LOG_PORT.search(text)
    if m:
        return next((g for g in m.groups() if g), None)
    url = _LOG_URL.search(text)
    return url.group(1) if url else None


#: A tcp:// init URL with its port, as a log prints it
#: (printed as the program's: ``Process group URL: tcp://...``, ``dist_url='tcp://...'``).
_LOG_URL = re.compile(r"(?i)(?:dist_url|init_method|group URL)\s*[=:]\s*['\"]?"
                      r"tcp://[^\s'\"/:]*:(\d{2,5})\b")
#: A log whose rendezvous went through torch's tcp:// init method (the URL a program gives
#: ``init_process_group``), which reads no MASTER_PORT.
_TCP_INIT = re.compile(r"(?i)\b_tcp_rendezvous_handler\b|"
                       r"(?:dist_url|init_method|group URL)\s*[=:]\s*['\"]?tcp://")
#: A script line that gives the program a tcp:// URL or its port option.
_SCRIPT_URL = re.compile(r"(?i)tcp://|--(?:dist[_-]url|init[_-]method|tcp[_-]port)\b")


#: A script line that gives the program a port it may build its URL from (Megatron and many
#: repositories write ``tcp://{MASTER_ADDR}:{MASTER_PORT}`` from the environment).
_SCRIPT_PORT = re.compile(r"\bMASTER_PORT\b|\b[A-Z_]*PORT[A-Z_]*=|(?i:--master[_-]port|"
                          r"--main[_-]process[_-]port|--rdzv[_-]endpoint)")


def program_url_elsewhere(log: str, script: str) -> bool:
    """Whether the log's rendezvous is a tcp:// init URL the script gives no part of: no URL,
    no port variable or option, no launcher that sets MASTER_PORT for its workers - the
    program's own setting (its config's dist_url, tacotron2#181 shape), which a new MASTER_PORT
    may not reach. False when the script is not known (empty)."""
    if not script.strip() or not _TCP_INIT.search(log):
        return False
    code = _code_lines(script)
    return not (_SCRIPT_URL.search(code) or _SCRIPT_PORT.search(code)
                or _DEFAULT_29500.search(code))


def rendezvous_port_holds(log: str, script: str, port: str | None = None) -> bool:
    """Whether a port fix may cure the log's bind failure: the port (given, else the log's)
    may be the script's own and the rendezvous is not a URL only the program sets."""
    port = port or port_in_log(log)
    return port_is_the_scripts(port, script) and not program_url_elsewhere(log, script)
