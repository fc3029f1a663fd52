"""Warm mode, forked child: become the client's process, then run its program as `python` does.

``become`` applies, in the child the zygote forked, what the client sent: its file
descriptors at the same numbers (everything else closed), cwd, umask, resource limits, CPU
affinity, environment, signal dispositions and mask, argv, ``sys.executable``, ``sys.path``
(with the entry Python itself would put first) and std streams like the client's. The child
gets its own process group and dies with the zygote (PR_SET_PDEATHSIG). ``run_program`` runs
a script, ``-m module`` (runpy, as CPython does) or ``-c code`` in a fresh ``__main__``;
an uncaught exception prints its traceback (without this file's frames) and exits 1.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import ctypes
import fcntl
import importlib
import importlib.machinery
import io
import os
import resource
import signal
import sys
import types
from typing import Any

PR_SET_PDEATHSIG = 1
PRIVATE = "_maple_twin_warm_"


def _die_with_parent(parent: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)  # the zygote is already gone


def place_fds(wanted: list[list[Any]], received: list[int]) -> None:
    """Put ``received[i]`` at descriptor ``wanted[i][0]`` (inheritable as ``wanted[i][1]``)
    and close every other descriptor of this process."""
    targets = [int(fd) for fd, _ in wanted]
    base = max([*targets, *received, 2]) + 1
    moved = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, base) for fd in received]
    keep = set(moved)
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd not in keep:
            with contextlib.suppress(OSError):
                os.close(fd)
    for (target, inheritable), src in zip(wanted, moved, strict=True):
        os.dup2(src, int(target), inheritable=bool(inheritable))
        os.close(src)


def _std_stream(info: dict[str, Any] | None, write: bool) -> Any:
    if info is None:
        return None
    fd = int(info["fd"])
    raw = write and info["raw"]
    buffer = open(fd, "wb" if write else "rb", buffering=0 if raw else -1,  # noqa: SIM115
                  closefd=False)
    stream = io.TextIOWrapper(buffer, encoding=info["encoding"], errors=info["errors"],
                              newline="\n", line_buffering=info["line_buffering"],
                              write_through=info["write_through"])
    stream.mode = "w" if write else "r"  # type: ignore[misc]
    return stream


def set_streams(infos: list[dict[str, Any] | None]) -> None:
    """New sys.stdin/stdout/stderr as the client had them. The zygote's own stream objects,
    which preloaded modules may hold (log handlers), now write to the client's descriptors:
    they become line buffered and are flushed at exit."""
    old: list[Any] = [s for s in (sys.stdout, sys.stderr) if s is not None]
    for stream in old:
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(line_buffering=True, write_through=True)
    for stream in old:
        atexit.register(_flush, stream)
    streams = (_std_stream(infos[0], write=False), _std_stream(infos[1], write=True),
               _std_stream(infos[2], write=True))
    sys.stdin, sys.stdout, sys.stderr = streams
    for name, stream in zip(("__stdin__", "__stdout__", "__stderr__"), streams, strict=True):
        setattr(sys, name, stream)


def _flush(stream: Any) -> None:
    with contextlib.suppress(OSError, ValueError):
        stream.flush()


def set_signals(ignored: list[int], mask: list[int]) -> None:
    """Dispositions of a fresh Python: defaults, SIGINT raises KeyboardInterrupt, SIGPIPE and
    SIGXFSZ ignored, plus what the client had ignored; its blocked mask."""
    for sig in signal.valid_signals():
        if sig in (signal.SIGKILL, signal.SIGSTOP):
            continue
        with contextlib.suppress(OSError, ValueError):
            signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for number in ignored:
        with contextlib.suppress(OSError, ValueError):
            signal.signal(number, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _limits(limits: dict[str, list[int]]) -> None:
    for name, (soft, hard) in limits.items():
        with contextlib.suppress(OSError, ValueError, AttributeError):
            resource.setrlimit(getattr(resource, name), (soft, hard))


def path0(req: dict[str, Any]) -> list[str]:
    """The entry CPython puts first in sys.path (none with -P / PYTHONSAFEPATH)."""
    if sys.flags.safe_path:
        return []
    if req["mode"] == "module":
        return [os.getcwd()]
    if req["mode"] == "command":
        return [""]
    return [os.path.dirname(os.path.realpath(req["target"]))]


def _reseed(env: dict[str, str], zygote_threads: str | None) -> None:
    """What a fresh process would draw or read itself: numpy's global generator; torch's
    thread count when OMP_NUM_THREADS differs from the zygote's (OpenMP read it at load)."""
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        with contextlib.suppress(Exception):  # an odd numpy: leave it
            numpy_random.seed(None)
    torch = sys.modules.get("torch")
    want = env.get("OMP_NUM_THREADS")
    if torch is not None and want != zygote_threads:
        threads = int(want) if want and want.isdigit() and int(want) > 0 else len(
            os.sched_getaffinity(0))
        torch.set_num_threads(threads)


def become(req: dict[str, Any], fds: list[int]) -> None:
    """Turn this forked child into the client's process (see the module text)."""
    parent = os.getppid()
    os.setpgid(0, 0)
    _die_with_parent(parent)
    zygote_threads = os.environ.get("OMP_NUM_THREADS")
    for stream in (sys.stdout, sys.stderr):
        _flush(stream)
    place_fds(req["fds"], fds)
    os.chdir(req["cwd"])
    os.umask(int(req["umask"]))
    _limits(req["limits"])
    with contextlib.suppress(OSError):
        os.sched_setaffinity(0, req["affinity"])
    os.environ.clear()
    os.environ.update(req["env"])
    set_signals(req["ignored"], req["sigmask"])
    sys.argv = list(req["argv"])
    sys.orig_argv = list(req["orig_argv"])
    sys.executable = req["executable"]
    sys.dont_write_bytecode = bool(req["dont_write_bytecode"])
    sys.path[:] = path0(req) + list(req["path"])
    sys.path_importer_cache.clear()
    importlib.invalidate_caches()
    set_streams(req["streams"])
    _reseed(req["env"], zygote_threads)
    for name in [n for n in sys.modules if n.startswith(PRIVATE) and n != PRIVATE + "child"]:
        del sys.modules[name]


def _trimmed(tb: Any) -> Any:
    while tb is not None and tb.tb_frame.f_code.co_filename in (__file__, _zygote_file()):
        tb = tb.tb_next
    return tb


def _zygote_file() -> str:
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "zygote.py")


def _execute(req: dict[str, Any], main: types.ModuleType) -> None:
    mode, target = req["mode"], req["target"]
    if mode == "module":
        import runpy

        runpy._run_module_as_main(target, alter_argv=True)  # type: ignore[attr-defined]
        return
    if mode == "command":
        main.__loader__ = importlib.machinery.BuiltinImporter
        code = compile(target, "<string>", "exec", dont_inherit=True)
    else:
        main.__file__ = target
        main.__dict__["__cached__"] = None
        main.__loader__ = importlib.machinery.SourceFileLoader("__main__", target)
        with open(target, "rb") as handle:
            code = compile(handle.read(), target, "exec", dont_inherit=True)
    exec(code, main.__dict__)


def run_program(req: dict[str, Any]) -> None:
    """Run the program in a fresh ``__main__``; exceptions end the process as in CPython."""
    main = types.ModuleType("__main__")
    main.__builtins__ = builtins  # type: ignore[attr-defined]
    main.__annotations__ = {}
    sys.modules["__main__"] = main
    try:
        _execute(req, main)
    except SystemExit:
        raise
    except BaseException as exc:
        exc.__traceback__ = _trimmed(exc.__traceback__)  # the hook prints the exception's own
        sys.excepthook(type(exc), exc, exc.__traceback__)
        if isinstance(exc, KeyboardInterrupt):
            _flush(sys.stdout)
            _flush(sys.stderr)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        raise SystemExit(1) from None
    finally:
        sys.modules.pop(PRIVATE + "child", None)
