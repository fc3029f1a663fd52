"""Warm mode, server side: one zygote per node keeps torch imported and forks a child per start.

Started detached by the first client on a node (``client.spawn_zygote``), in that node's UTS
namespace and with that client's environment and interpreter options. It imports the preload
list ($MAPLE_TWIN_WARM_PRELOAD), listens on a unix socket under the twin's state dir, records
its PID beside it (``<node>-<key>.json``) and says ``ready`` on the pipe it was given. Per
request it forks; the child takes the client's descriptors, cwd, umask, limits, CPU
affinity, signal dispositions and mask, environment, argv and std streams, then runs the
program as ``python`` would (a script, ``-m`` through runpy, ``-c``). The zygote reports the
child's exit status to the client, kills the child's process group when the client goes
away, and exits after $MAPLE_TWIN_WARM_IDLE_S seconds (default 90) without children or
requests, or on SIGTERM/SIGINT/SIGHUP. Loopback only: a unix socket, mode 0600.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import importlib.util
import json
import os
import selectors
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_IDLE_S = 90.0
PRIVATE = "_maple_twin_warm_"


def _load_private(stem: str) -> ModuleType:
    """``<stem>.py`` beside this file under a private module name (the zygote runs as a
    script, outside the maple_flow package)."""
    name = PRIVATE + stem
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, f"{stem}.py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


wire = _load_private("client")  # the wire format and constants


def log(text: str) -> None:
    """A time-stamped line in the zygote's log (its stderr)."""
    sys.stderr.write(f"{time.strftime('%H:%M:%S')} zygote {os.getpid()}: {text}\n")
    sys.stderr.flush()


def _fd_set() -> set[int]:
    found = set()
    for name in os.listdir("/proc/self/fd"):
        try:
            os.fstat(int(name))
            found.add(int(name))
        except OSError:
            pass
    return found


def preload(names: list[str]) -> list[str]:
    """Import ``names``; return what failed (a failure leaves that module to the child)."""
    failed = []
    for name in names:
        start = time.monotonic()
        try:
            importlib.import_module(name)
        except Exception as exc:  # any import error: the child imports it (or fails) itself
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        log(f"imported {name} in {time.monotonic() - start:.1f} s")
    for module in ("runpy", "io", "types", "builtins", "importlib.machinery", "resource",
                   "ctypes", "fcntl", "traceback"):
        importlib.import_module(module)
    return failed


@dataclass
class Job:
    """A request taken over by a forked child: what to become, and the received fds."""

    request: dict[str, Any]
    fds: list[int]


@dataclass
class Zygote:
    """The fork server of one node and interpreter configuration."""

    path: str
    key: str
    idle_s: float
    children: dict[int, tuple[socket.socket | None, int]] = field(default_factory=dict)
    stopping: bool = False

    def record_path(self) -> str:
        return self.path[: -len(".sock")] + ".json"

    def listen(self) -> None:
        """Bind the socket (0600) and record this zygote's PID beside it."""
        if os.path.exists(self.path):
            os.unlink(self.path)
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            self.listener.bind(self.path)
        finally:
            os.umask(old)
        self.listener.listen(128)
        record = {"pid": os.getpid(), "node": os.uname().nodename, "key": self.key,
                  "cluster": os.environ.get("MAPLE_TWIN_CLUSTER", ""), "socket": self.path,
                  "script": os.path.abspath(__file__), "started": time.time()}
        with open(self.record_path(), "w", encoding="utf-8") as handle:
            json.dump(record, handle)

    def _on_signal(self, _signum: int, _frame: Any) -> None:
        self.stopping = True

    def serve(self) -> Job | None:
        """Accept and fork until idle or told to stop. Returns only in a forked child."""
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.listener, selectors.EVENT_READ, ("accept", 0))
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        signal.set_wakeup_fd(self.wake_w)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, self._on_signal)
        self.sel.register(self.wake_r, selectors.EVENT_READ, ("wake", 0))
        last = time.monotonic()
        while not self.stopping:
            idle_left = last + self.idle_s - time.monotonic()
            if not self.children and idle_left <= 0:
                log("idle: exiting")
                break
            events = self.sel.select(timeout=None if self.children else idle_left)
            for key, _ in events:
                what, pid = key.data
                if what == "accept":
                    job = self.accept()
                    if job is not None:
                        return job
                elif what == "wake":
                    os.read(self.wake_r, 512)
                elif what == "exit":
                    self.reap(pid)
                elif what == "conn":
                    self.client_event(pid)
            if events:
                last = time.monotonic()
        self.shutdown()
        return None

    def accept(self) -> Job | None:
        conn, _ = self.listener.accept()
        conn.settimeout(10)
        try:
            req, fds = wire.recv_msg(conn, wire.MAX_FDS)
        except (OSError, ValueError) as exc:
            log(f"bad request: {exc}")
            conn.close()
            return None
        if req.get("protocol") != wire.PROTOCOL or req.get("key") != self.key:
            for fd in fds:
                os.close(fd)
            self._send(conn, {"error": "this zygote serves another interpreter configuration"})
            conn.close()
            return None
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            self.leave(conn)
            return Job(req, fds)
        for fd in fds:
            os.close(fd)
        target = str(req.get("target", ""))
        shown = os.path.basename(target) if req.get("mode") == "script" else target[:40]
        log(f"forked {pid}: {req.get('mode')} {shown!r}")
        pidfd = os.pidfd_open(pid)
        self.sel.register(pidfd, selectors.EVENT_READ, ("exit", pid))
        conn.settimeout(None)
        self._send(conn, {"pid": pid})
        self.sel.register(conn, selectors.EVENT_READ, ("conn", pid))
        self.children[pid] = (conn, pidfd)
        return None

    def leave(self, conn: socket.socket) -> None:
        """In the forked child: drop every part of the server."""
        signal.set_wakeup_fd(-1)
        self.sel.close()
        self.listener.close()
        os.close(self.wake_r)
        os.close(self.wake_w)
        for other, pidfd in self.children.values():
            if other is not None:
                other.close()
            os.close(pidfd)
        conn.close()

    @staticmethod
    def _send(conn: socket.socket | None, msg: dict[str, Any]) -> None:
        if conn is None:
            return
        with contextlib.suppress(OSError):
            conn.sendall((json.dumps(msg) + "\n").encode())

    def reap(self, pid: int) -> None:
        """The child ended: send its status to the client, forget both."""
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        conn, pidfd = self.children.pop(pid)
        self.sel.unregister(pidfd)
        os.close(pidfd)
        self._send(conn, {"exit": code} if code >= 0 else {"signal": -code})
        if conn is not None:
            self.sel.unregister(conn)
            conn.close()

    def client_event(self, pid: int) -> None:
        """The client's connection became readable: it went away, so the child goes too."""
        conn, pidfd = self.children[pid]
        if conn is None:
            return
        try:
            data = conn.recv(64)
        except OSError:
            data = b""
        if data:
            return
        self.sel.unregister(conn)
        conn.close()
        self.children[pid] = (None, pidfd)
        log(f"client of {pid} went away: killing its process group")
        _kill_group(pid)

    def shutdown(self) -> None:
        """Stop: kill remaining children, close and remove the socket and the record."""
        for pid in list(self.children):
            _kill_group(pid)
            self.reap(pid)
        self.listener.close()
        try:
            with open(self.record_path(), encoding="utf-8") as handle:
                mine = json.load(handle).get("pid") == os.getpid()
        except (OSError, ValueError):
            mine = False
        if mine:
            for path in (self.path, self.record_path()):
                with contextlib.suppress(OSError):
                    os.unlink(path)


def _kill_group(pid: int) -> None:
    """SIGKILL the child's process group (the child leads it), else the child alone."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _arg(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def start(argv: list[str]) -> Zygote | None:
    """Preload, listen and say ready on the pipe; None (after saying why) when it cannot."""
    path, key, ready = _arg(argv, "--socket"), _arg(argv, "--key"), int(_arg(argv, "--ready-fd"))
    if sys.path and sys.path[0] == HERE:
        del sys.path[0]  # a client's sys.path never holds this folder
    before = _fd_set()
    names = [n for n in (os.environ.get(wire.PRELOAD_VAR) or wire.DEFAULT_PRELOAD).split(",") if n]
    failed = preload(names)
    for line in failed:
        log(f"preload failed: {line}")
    problem = ""
    if threading.active_count() > 1:
        problem = "the preloaded modules started Python threads; forking them is unsafe"
    held = _fd_set() - before
    if held:
        problem = f"the preloaded modules hold file descriptors {sorted(held)}"
    try:
        idle = float(os.environ.get(wire.IDLE_VAR) or DEFAULT_IDLE_S)
    except ValueError:
        idle = DEFAULT_IDLE_S
    zygote = Zygote(path, key, idle)
    if not problem:
        try:
            zygote.listen()
        except OSError as exc:
            problem = f"cannot listen on {path}: {exc}"
    os.write(ready, f"error: {problem}\n".encode() if problem else b"ready\n")
    os.close(ready)
    if problem:
        log(problem)
        return None
    gc.collect()
    gc.freeze()  # keep the preloaded objects' pages shared with the children
    log(f"ready on {path} (preloaded {len(names) - len(failed)} of {len(names)})")
    return zygote


def main() -> None:
    """Run the zygote; in a forked child, become the client's program instead."""
    zygote = start(sys.argv[1:])
    if zygote is None:
        sys.exit(1)
    child = _load_private("child")  # loaded before the first fork, as the preloaded modules
    job = zygote.serve()
    if job is None:
        return
    child.become(job.request, job.fds)
    child.run_program(job.request)


if __name__ == "__main__":
    main()
