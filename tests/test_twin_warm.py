"""The twin's warm mode: a real zygote (fork server) in a temporary folder runs small programs.

Each test starts Python through the warm hook exactly as a job does (MAPLE_TWIN_WARM=1, the
hook folder on PYTHONPATH) and compares with a cold start where that is the point. The
zygotes preload only ``json`` (fast), stop after a short idle time by themselves, and are
stopped by PID at the end of each test. Every wait is bounded.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from maple_flow.twin.warm import BOOT_DIR, forwarded, stop_zygotes, warm_env, zygotes

PY = sys.executable
WAIT_S = 60


@pytest.fixture
def state() -> Iterator[Path]:
    """A short state dir (unix socket paths are limited to 107 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="mtw-", dir="/tmp"))
    yield folder
    stop_zygotes(folder)


def _env(state: Path, warm: bool = True, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAPLE_TWIN")}
    env.pop("PYTHONPATH", None)
    if warm:
        env.update(warm_env(state, env={}))
    env.update({"MAPLE_TWIN_WARM_PRELOAD": "json", "MAPLE_TWIN_WARM_IDLE_S": "30", **extra})
    return env


def _run(args: list[str], env: dict[str, str], cwd: Path, stdin: str = "",
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PY, *args], env=env, cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=WAIT_S, check=False)


def _zygote_pid(state: Path) -> int:
    [record] = [z for z in zygotes(state) if z["running"]]
    return int(record["pid"])


SHOW = textwrap.dedent("""
    import json, os, sys
    print(json.dumps({"argv": sys.argv, "cwd": os.getcwd(), "path0": sys.path[0],
                      "name": __name__, "file": globals().get("__file__"),
                      "foo": os.environ.get("FOO"), "executable": sys.executable,
                      "stdin": sys.stdin.read(), "main_keys": sorted(
                          k for k in vars(sys.modules["__main__"]) if k != "__builtins__")}))
    print("to stderr", file=sys.stderr)
    sys.exit(int(os.environ.get("CODE", "0")))
""")


def _cold_and_warm(state: Path, args: list[str], cwd: Path, stdin: str = "hello\n",
                   **extra: str) -> tuple[subprocess.CompletedProcess[str], ...]:
    cold = _run(args, _env(state, warm=False, **extra), cwd, stdin)
    warm = _run(args, _env(state, **extra), cwd, stdin)
    return cold, warm


def test_script_runs_forked_and_equals_a_cold_start(state: Path, tmp_path: Path) -> None:
    script = tmp_path / "show.py"
    script.write_text(SHOW)
    work = tmp_path / "work"
    work.mkdir()
    cold, warm = _cold_and_warm(state, [str(script), "a", "--b"], work, FOO="bar", CODE="7")
    assert warm.returncode == cold.returncode == 7
    assert json.loads(warm.stdout) == json.loads(cold.stdout)
    assert json.loads(warm.stdout)["stdin"] == "hello\n"
    assert warm.stderr == cold.stderr == "to stderr\n"
    probe = _run(["-c", "import os; print(os.getppid())"], _env(state), tmp_path)
    assert int(probe.stdout) == _zygote_pid(state)  # really forked by the zygote


def test_module_and_command_modes_equal_cold(state: Path, tmp_path: Path) -> None:
    (tmp_path / "showmod.py").write_text(SHOW)
    for args in (["-m", "showmod", "x"], ["-c", SHOW, "y", "z"], ["-u", "-c", SHOW]):
        cold, warm = _cold_and_warm(state, args, tmp_path)
        assert warm.returncode == cold.returncode == 0, warm.stderr
        assert json.loads(warm.stdout) == json.loads(cold.stdout)
    assert len(zygotes(state)) == 1  # -u does not need a zygote of its own


def test_uncaught_exception_and_missing_module(state: Path, tmp_path: Path) -> None:
    script = tmp_path / "boom.py"
    script.write_text("def f():\n    raise ValueError('boom')\nf()\n")
    cold, warm = _cold_and_warm(state, [str(script)], tmp_path)
    assert warm.returncode == cold.returncode == 1
    assert warm.stderr == cold.stderr
    assert "zygote" not in warm.stderr and "child.py" not in warm.stderr
    cold, warm = _cold_and_warm(state, ["-m", "no_such_module_here"], tmp_path)
    assert warm.returncode == cold.returncode == 1
    assert warm.stderr == cold.stderr


def test_extra_inherited_descriptor_and_nested_start(state: Path, tmp_path: Path) -> None:
    """A descriptor passed to the program (beyond 0-2) arrives at its number, and a Python
    the program starts with sys.executable goes through the same zygote."""
    code = textwrap.dedent("""
        import os, subprocess, sys
        fd = int(sys.argv[1])
        os.write(fd, b"via fd")
        inner = subprocess.run([sys.executable, "-c", "import os; print(os.getppid())"],
                               capture_output=True, text=True, timeout=60)
        print(inner.stdout.strip())
    """)
    r, w = os.pipe()
    try:
        proc = subprocess.run([PY, "-c", code, str(w)], env=_env(state), cwd=tmp_path,
                              capture_output=True, text=True, timeout=WAIT_S, pass_fds=(w,),
                              check=False)
        os.close(w)
        w = -1
        assert os.read(r, 100) == b"via fd"
    finally:
        os.close(r)
        if w >= 0:
            os.close(w)
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout) == _zygote_pid(state)


def _start(state: Path, code: str, tmp_path: Path) -> tuple[subprocess.Popen[str], int]:
    """A warm program that prints its pid and then waits; (client, child pid)."""
    proc = subprocess.Popen([PY, "-c", code], env=_env(state), cwd=tmp_path, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # bounded: the program prints at once, or the test fails
    return proc, int(line)


WAITER = textwrap.dedent("""
    import os, signal, sys, time
    def handler(signum, frame):
        print("got", signum, flush=True)
        sys.exit(5)
    if "handle" in sys.argv[0] or os.environ.get("HANDLE"):
        signal.signal(signal.SIGTERM, handler)
    print(os.getpid(), flush=True)
    time.sleep(60)
""")


def test_sigterm_is_forwarded(state: Path, tmp_path: Path) -> None:
    env_handle = {"HANDLE": "1"}
    proc = subprocess.Popen([PY, "-c", WAITER], env={**_env(state), **env_handle},
                            cwd=tmp_path, text=True, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    child = int(proc.stdout.readline())
    assert child != proc.pid
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 5 and "got 15" in out


def test_child_killed_by_signal_ends_client_the_same_way(state: Path, tmp_path: Path) -> None:
    proc, _child = _start(state, WAITER, tmp_path)
    proc.send_signal(signal.SIGTERM)  # no handler in the program: SIGTERM kills it
    proc.communicate(timeout=WAIT_S)
    assert proc.returncode == -signal.SIGTERM


def _proc_state(pid: int) -> str:
    """The state letter of `pid` from /proc ("Z" zombie), or "X" once it is gone.

    The process can vanish between any two reads, so every read tolerates that."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "X"


def test_client_killed_takes_the_child_along(state: Path, tmp_path: Path) -> None:
    proc, child = _start(state, WAITER, tmp_path)
    proc.kill()
    proc.communicate(timeout=WAIT_S)
    deadline = time.monotonic() + WAIT_S
    while _proc_state(child) not in ("X", "Z") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _proc_state(child) in ("X", "Z")


def test_falls_back_to_cold_with_a_note(state: Path, tmp_path: Path) -> None:
    (tmp_path / "threads.py").write_text(
        "import threading, time\nthreading.Thread(target=time.sleep, args=(30,), "
        "daemon=True).start()\n")
    env = _env(state, MAPLE_TWIN_WARM_PRELOAD="threads")
    env["PYTHONPATH"] += f":{tmp_path}"
    proc = _run(["-c", "import os; print('ran', os.getpid())"], env, tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("ran ")
    assert "maple twin warm:" in proc.stderr and "running cold" in proc.stderr
    assert "threads" in proc.stderr


def test_zygote_stops_when_idle_and_by_pid(state: Path, tmp_path: Path) -> None:
    assert _run(["-c", "pass"], _env(state, MAPLE_TWIN_WARM_IDLE_S="1"), tmp_path
                ).returncode == 0
    deadline = time.monotonic() + WAIT_S
    while zygotes(state) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert zygotes(state) == []  # exited by itself and removed its record
    assert _run(["-c", "pass"], _env(state), tmp_path).returncode == 0
    pid = _zygote_pid(state)
    assert stop_zygotes(state) == [f"zygote {pid} ({os.uname().nodename})"]
    assert zygotes(state) == []


def test_environment_helpers() -> None:
    env = warm_env(Path("/x"), env={"PYTHONPATH": "/a", "MAPLE_TWIN_WARM_IDLE_S": "5"})
    assert env["MAPLE_TWIN_WARM"] == "1" and env["MAPLE_TWIN_WARM_DIR"] == "/x/warm"
    assert env["PYTHONPATH"] == f"{BOOT_DIR}:/a" and env["MAPLE_TWIN_WARM_IDLE_S"] == "5"
    assert forwarded({"PYTHONPATH": "/a"}) == {}
    passed = forwarded(env)
    assert passed["PYTHONPATH"] == str(BOOT_DIR) and passed["MAPLE_TWIN_WARM"] == "1"
