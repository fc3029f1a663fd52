"""Warm mode, client side: a `python` start handed to the node's zygote instead of run cold.

Loaded by the ``sitecustomize`` hook (``boot/``) inside every start of the twin's Python when
``MAPLE_TWIN_WARM=1``. It works out what Python was asked to run (a script, ``-m module`` or
``-c code``), finds or starts the zygote of this node (per UTS hostname and interpreter
configuration, a unix socket under the twin's state dir), sends argv, cwd, the environment
and every open file descriptor (SCM_RIGHTS), forwards SIGTERM/SIGINT/SIGHUP/SIGQUIT/SIGUSR1/2
to the forked child and ends with the child's exit status. When anything is off (an
unsupported interpreter option, no zygote within the start bound) ``run`` returns and Python
goes on cold, after a note on stderr. Standard library only; also the wire format and
paths shared with ``zygote.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import struct
import sys
import time
from typing import Any

PROTOCOL = 1
SWITCH = "MAPLE_TWIN_WARM"
ROLE = "MAPLE_TWIN_WARM_ROLE"
DIR_VAR = "MAPLE_TWIN_WARM_DIR"
START_VAR = "MAPLE_TWIN_WARM_START_S"
IDLE_VAR = "MAPLE_TWIN_WARM_IDLE_S"
PRELOAD_VAR = "MAPLE_TWIN_WARM_PRELOAD"
DEFAULT_PRELOAD = ("torch,torch.distributed.run,torch.nn.parallel,torch.distributed.fsdp,"
                   "deepspeed,accelerate")
DEFAULT_START_S = 120.0
MAX_FDS = 250  # SCM_MAX_FD is 253
FORWARDED = ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2")
_HEADER = struct.Struct("!I")
#: Flags a zygote cannot take over after start (its own interpreter has them fixed).
_FIXED_FLAGS = ("debug", "inspect", "interactive", "optimize", "ignore_environment", "verbose",
                "bytes_warning", "no_site", "isolated", "dev_mode", "warn_default_encoding")
HERE = os.path.dirname(os.path.abspath(__file__))


def note(text: str) -> None:
    """One line on stderr, prefixed so that logs show where it came from."""
    with contextlib.suppress(OSError):
        os.write(2, f"maple twin warm: {text}\n".encode())


# -- wire format: a 4-byte length then JSON; file descriptors ride on the first bytes -------
def send_msg(sock: socket.socket, obj: Any, fds: list[int] | None = None) -> None:
    """Send ``obj`` as JSON (with ``fds`` attached to the header)."""
    body = json.dumps(obj).encode()
    header = _HEADER.pack(len(body))
    if fds:
        socket.send_fds(sock, [header], fds)
    else:
        sock.sendall(header)
    sock.sendall(body)


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    chunks = bytearray()
    while len(chunks) < n:
        part = sock.recv(n - len(chunks))
        if not part:
            raise ConnectionError("connection closed")
        chunks += part
    return bytes(chunks)


def recv_msg(sock: socket.socket, max_fds: int = 0) -> tuple[Any, list[int]]:
    """Receive one message: (object, received file descriptors)."""
    fds: list[int] = []
    if max_fds:
        data, fds, _flags, _addr = socket.recv_fds(sock, _HEADER.size, max_fds)
        if not data:
            raise ConnectionError("connection closed")
        header = data + _recv_exact(sock, _HEADER.size - len(data))
    else:
        header = _recv_exact(sock, _HEADER.size)
    (size,) = _HEADER.unpack(header)
    return json.loads(_recv_exact(sock, size)), fds


# -- where: the warm folder, the key of this interpreter configuration -----------------------
def warm_dir(env: dict[str, str] | os._Environ[str]) -> str:
    """$MAPLE_TWIN_WARM_DIR, else <twin state dir>/warm (from $MAPLE_TWIN_ROOT)."""
    if env.get(DIR_VAR):
        return env[DIR_VAR]
    root = env.get("MAPLE_TWIN_ROOT")
    base = os.path.dirname(root.rstrip("/")) if root else "/tmp/maple-twin"
    return os.path.join(base, "warm")


def _ns(name: str) -> str:
    try:
        return os.readlink(f"/proc/self/ns/{name}")
    except OSError:
        return ""


def config_key() -> str:
    """What a zygote must share with this Python for a fork to equal a cold start."""
    flags = {k: getattr(sys.flags, k) for k in dir(sys.flags)
             if not k.startswith("_") and k not in ("n_fields", "n_sequence_fields",
                                                   "n_unnamed_fields", "count", "index",
                                                   "dont_write_bytecode", "quiet")}
    parts = {
        "protocol": PROTOCOL, "code": HERE, "executable": os.path.realpath(sys.executable),
        "prefix": sys.prefix, "exec_prefix": sys.exec_prefix, "path": sys.path,
        "flags": flags, "warnoptions": sys.warnoptions, "xoptions": sys._xoptions,
        "fsencoding": sys.getfilesystemencoding(), "uid": os.getuid(), "gid": os.getgid(),
        "ns": [_ns(n) for n in ("uts", "mnt", "net", "pid", "ipc")],
        "env": {k: os.environ.get(k) for k in ("PYTHONHASHSEED", "LD_LIBRARY_PATH", "LD_PRELOAD",
                                               PRELOAD_VAR)},
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:12]


def socket_path(env: dict[str, str] | os._Environ[str], key: str) -> str:
    """The zygote's socket for this node (UTS hostname) and key."""
    return os.path.join(warm_dir(env), f"{os.uname().nodename}-{key}.sock")


# -- what Python was asked to run ---------------------------------------------------------
def what_to_run(argv: list[str], orig_argv: list[str]) -> tuple[str, str] | None:
    """("script"|"module"|"command", target), or None when only a cold start does it."""
    if not argv or any(getattr(sys.flags, f) for f in _FIXED_FLAGS) or sys._xoptions:
        return None
    first, rest = argv[0], len(argv) - 1
    if first in ("-c", "-m"):
        idx = len(orig_argv) - rest - 1
        if idx < 1:
            return None
        mode = "command" if first == "-c" else "module"
        target, prev = orig_argv[idx], orig_argv[idx - 1]
        if prev == first:
            return mode, target
        if target.startswith(first) and len(target) > 2:
            return mode, target[2:]
        return None
    if first in ("", "-") or not os.path.isfile(first) or not os.access(first, os.R_OK):
        return None
    if _twin_front_end(first):
        return None
    with open(first, "rb") as handle:
        head = handle.read(4)
    if head == b"PK\x03\x04" or head[2:4] == b"\r\n":  # zip application or .pyc
        return None
    return "script", first


def _twin_front_end(script: str) -> bool:
    """The twin's own programs (sbatch, qsub, mpiexec ... in $MAPLE_TWIN_ROOT/bin) stay cold:
    they import no torch, and sbatch/qsub run on the submitting host, not on a node."""
    root = os.environ.get("MAPLE_TWIN_ROOT")
    if not root:
        return False
    bin_dir = os.path.realpath(os.path.join(root, "bin"))
    return os.path.dirname(os.path.realpath(script)) == bin_dir


def _open_fds() -> list[int]:
    found = []
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        try:
            os.fstat(fd)
        except OSError:
            continue  # the folder listing's own descriptor, closed by now
        found.append(fd)
    return sorted(found)


def _stream(stream: Any) -> dict[str, Any] | None:
    if stream is None:
        return None
    return {"fd": stream.fileno(), "encoding": stream.encoding, "errors": stream.errors,
            "line_buffering": stream.line_buffering, "write_through": stream.write_through,
            "raw": type(getattr(stream, "buffer", None)).__name__ == "FileIO"}


def _limits() -> dict[str, list[int]]:
    import resource

    out = {}
    for name in dir(resource):
        if name.startswith("RLIMIT_"):
            with contextlib.suppress(OSError, ValueError):
                out[name] = list(resource.getrlimit(getattr(resource, name)))
    return out


def request(mode: str, target: str, key: str, fds: list[int]) -> dict[str, Any]:
    """Everything the child needs to become this process."""
    import signal

    mask = os.umask(0)
    os.umask(mask)
    ignored = [int(s) for s in signal.valid_signals()
               if s not in (signal.SIGKILL, signal.SIGSTOP)
               and signal.getsignal(s) is signal.SIG_IGN]
    return {
        "protocol": PROTOCOL, "key": key, "mode": mode, "target": target,
        "argv": sys.argv, "orig_argv": sys.orig_argv, "executable": sys.executable,
        "path": sys.path, "env": dict(os.environ), "cwd": os.getcwd(), "umask": mask,
        "fds": [[fd, os.get_inheritable(fd)] for fd in fds],
        "streams": [_stream(s) for s in (sys.stdin, sys.stdout, sys.stderr)],
        "dont_write_bytecode": sys.dont_write_bytecode, "limits": _limits(),
        "affinity": sorted(os.sched_getaffinity(0)), "ignored": ignored,
        "sigmask": sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, [])),
    }


# -- finding or starting the zygote --------------------------------------------------------
def try_connect(path: str) -> socket.socket | None:
    """A connection to the zygote at ``path``, or None."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
    except OSError:
        sock.close()
        return None
    return sock


def zygote_argv(path: str, key: str, ready_fd: int) -> list[str]:
    """The command line of a zygote with this interpreter's own start options."""
    opts = [o for o, on in (("-s", sys.flags.no_user_site), ("-B", sys.dont_write_bytecode),
                            ("-P", sys.flags.safe_path)) if on]
    from_env = [w for w in os.environ.get("PYTHONWARNINGS", "").split(",") if w.strip()]
    for w in sys.warnoptions[len(from_env):]:
        opts += ["-W", w]
    return [sys.executable, *opts, os.path.join(HERE, "zygote.py"), "--socket", path,
            "--key", key, "--ready-fd", str(ready_fd)]


def spawn_zygote(path: str, key: str, deadline: float) -> str | None:
    """Start a detached zygote and wait until it listens; None, or why it did not start."""
    import select

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the forked starter
        try:
            os.setsid()
            if os.fork():
                os._exit(0)
            os.chdir("/")
            log = os.open(path[: -len(".sock")] + ".log", os.O_WRONLY | os.O_CREAT | os.O_APPEND,
                          0o600)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            os.dup2(log, 1)
            os.dup2(log, 2)
            os.closerange(3, w)
            os.closerange(w + 1, 65536)
            os.set_inheritable(w, True)
            env = {**os.environ, ROLE: "zygote"}
            argv = zygote_argv(path, key, w)
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    os.close(w)
    os.waitpid(pid, 0)
    answer = b""
    try:
        while b"\n" not in answer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([r], [], [], left)[0]:
                return "the zygote did not start in time"
            part = os.read(r, 4096)
            if not part:
                return "the zygote exited while starting (see its log)"
            answer += part
    finally:
        os.close(r)
    line = answer.split(b"\n", 1)[0].decode(errors="replace")
    return None if line == "ready" else line


def connect_or_start(path: str, key: str, start_s: float) -> tuple[socket.socket | None, str]:
    """A connection to this node's zygote, starting it under a lock when none listens."""
    import fcntl

    sock = try_connect(path)
    if sock is not None:
        return sock, ""
    deadline = time.monotonic() + start_s
    os.makedirs(os.path.dirname(path), exist_ok=True)
    lock = os.open(path[: -len(".sock")] + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return None, "timed out waiting for another start of the zygote"
                time.sleep(0.1)
        sock = try_connect(path)
        if sock is not None:
            return sock, ""
        if os.path.exists(path):
            os.unlink(path)  # stale: nothing listens
        why = spawn_zygote(path, key, deadline)
        if why:
            return None, why
        sock = try_connect(path)
        return sock, "" if sock else "the zygote said ready but does not answer"
    finally:
        os.close(lock)


# -- the relay ------------------------------------------------------------------------------
class Refused(Exception):
    """The zygote declined the request before forking (the start can still run cold)."""


def relay(sock: socket.socket) -> int:
    """Forward signals to the child until its exit status arrives; return its exit code, or
    minus the signal that killed it. Raises Refused when the zygote declines at once."""
    import signal

    child: dict[str, int] = {}
    pending: list[int] = []

    def forward(signum: int, _frame: Any) -> None:
        if "pid" in child:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child["pid"], signum)
        else:
            pending.append(signum)

    for name in FORWARDED:
        signal.signal(getattr(signal, name), forward)
    reader = sock.makefile("rb")
    for raw in reader:
        msg = json.loads(raw)
        if "pid" in msg:
            child["pid"] = msg["pid"]
            for signum in pending:
                forward(signum, None)
            pending.clear()
        elif "exit" in msg:
            return int(msg["exit"])
        elif "signal" in msg:
            return -int(msg["signal"])
        elif "error" in msg:
            raise (ConnectionError if "pid" in child else Refused)(msg["error"])
    raise ConnectionError("the zygote closed the connection before the child ended")


def exit_like(status: int) -> None:
    """End this process as the child ended: same exit code, or killed by the same signal."""
    import signal

    if status < 0:
        signum = -status
        signal.signal(signum, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signum])
        os.kill(os.getpid(), signum)
        os._exit(128 + signum)
    os._exit(status)


def run() -> None:
    """Hand this start over to the zygote and never return; return to run cold instead."""
    found = what_to_run(sys.argv, sys.orig_argv)
    if found is None:
        return
    fds = _open_fds()
    if len(fds) > MAX_FDS:
        note(f"{len(fds)} open file descriptors, more than one message carries: running cold")
        return
    key = config_key()
    path = socket_path(os.environ, key)
    if len(path.encode()) > 107:
        note(f"socket path too long ({path}): running cold")
        return
    try:
        start_s = float(os.environ.get(START_VAR) or DEFAULT_START_S)
    except ValueError:
        start_s = DEFAULT_START_S
    try:
        sock, why = connect_or_start(path, key, start_s)
        if sock is None:
            note(f"no zygote on {os.uname().nodename} ({why}): running cold")
            return
        send_msg(sock, request(*found, key, fds), fds)
    except (OSError, ValueError) as exc:
        note(f"zygote unreachable ({exc}): running cold")
        return
    import signal

    saved = {name: signal.getsignal(getattr(signal, name)) for name in FORWARDED}
    try:
        status = relay(sock)
    except Refused as exc:
        for name, handler in saved.items():
            signal.signal(getattr(signal, name), handler)
        note(f"the zygote declined ({exc}): running cold")
        return
    except (OSError, ValueError) as exc:
        note(f"lost the zygote while the program ran: {exc}")
        os._exit(1)
    exit_like(status)
