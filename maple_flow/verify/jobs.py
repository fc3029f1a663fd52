"""Run one batch job and wait for it: the body of the verification Parsl app.

``run_job`` is what executes on the target (the twin, a login node, or a Globus Compute
worker on the cluster). It takes and returns plain data so that any executor can ship it:
it writes the script and the mini-apps into a fresh working directory, submits with the
cluster's scheduler, waits at most ``timeout_s``, and returns the state, exit code and logs.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from maple_flow.jobstates import FINAL_STATES

POLL_S = 0.5


def stage(files: dict[str, str], script_text: str, workdir: Path | None) -> tuple[Path, Path]:
    """Write ``files`` (relative path -> text) and the script into a new working directory."""
    base = Path(workdir) if workdir else Path(tempfile.gettempdir())
    base.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="maple-verify-", dir=base))
    for rel, text in files.items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    script = folder / "job.sh"
    script.write_text(script_text, encoding="utf-8")
    return folder, script


def _run(cmd: list[str], cwd: Path, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          check=False)


def report_files(folder: Path) -> list[str]:
    """The mini-app reports the ranks wrote beside the mini-apps (one JSON text per rank)."""
    from maple_flow.verify.substitute import MINIAPP_DIR

    reports = folder / MINIAPP_DIR / "reports"
    return [p.read_text(errors="replace") for p in sorted(reports.glob("*.json"))]


def _result(state: str, **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"state": state, "job_id": None, "exit_code": None, "message": "",
                            "stdout": "", "stderr": "", "elapsed_s": 0.0, "workdir": "",
                            "report_files": []}
    base.update(kw)
    if base["workdir"]:
        base["report_files"] = report_files(Path(base["workdir"]))
    return base


def _slurm_state(job_id: str, cwd: Path) -> tuple[str | None, int | None]:
    out = _run(["sacct", "-X", "-n", "-P", "-j", job_id, "-o", "State,ExitCode"], cwd).stdout
    for line in out.splitlines():
        state, _, code = line.partition("|")
        state = state.split()[0] if state else ""
        if state in FINAL_STATES:
            return state, int(code.split(":")[0] or 0)
    shown = _run(["scontrol", "show", "job", job_id], cwd).stdout
    m = re.search(r"JobState=(\w+)", shown)
    if m and m.group(1) in FINAL_STATES:
        exit_match = re.search(r"ExitCode=(\d+)", shown)
        return m.group(1), int(exit_match.group(1)) if exit_match else None
    return None, None


def _pbs_state(job_id: str, cwd: Path) -> tuple[str | None, int | None]:
    out = _run(["qstat", "-fx", job_id], cwd).stdout
    state = re.search(r"job_state = (\w)", out)
    if not state or state.group(1) not in ("F", "X"):
        return None, None
    code = re.search(r"Exit_status = (-?\d+)", out)
    exit_code = int(code.group(1)) if code else None
    return ("COMPLETED" if exit_code == 0 else "FAILED"), exit_code


def _submit(scheduler: str, script: Path, folder: Path) -> tuple[str | None, str]:
    out, err = folder / "job.out", folder / "job.err"
    if scheduler == "slurm":
        cmd = ["sbatch", "--parsable", "-o", str(out), "-e", str(err), str(script)]
    else:
        cmd = ["qsub", "-o", str(out), "-e", str(err), str(script)]
    proc = _run(cmd, folder)
    if proc.returncode != 0:
        return None, (proc.stderr or proc.stdout).strip()
    return proc.stdout.strip().split(";")[0], ""


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""


def _cancel(scheduler: str, job_id: str, cwd: Path) -> None:
    _run(["scancel" if scheduler == "slurm" else "qdel", job_id], cwd)


def run_on_scheduler(scheduler: str, script_text: str, files: dict[str, str],
                     timeout_s: float, workdir: str | None = None) -> dict[str, Any]:
    """Submit with this machine's sbatch/qsub (a login node), wait, return the outcome."""
    folder, script = stage(files, script_text, Path(workdir) if workdir else None)
    start = time.monotonic()
    job_id, message = _submit(scheduler, script, folder)
    if job_id is None:
        return _result("REJECTED", message=message, workdir=str(folder))
    poll = _slurm_state if scheduler == "slurm" else _pbs_state
    state, code = None, None
    while state is None and time.monotonic() - start < timeout_s:
        time.sleep(POLL_S)
        state, code = poll(job_id, folder)
    if state is None:
        _cancel(scheduler, job_id, folder)
        state = "TIMEOUT"
    return _result(state, job_id=job_id, exit_code=code, workdir=str(folder),
                   stdout=_read(folder / "job.out"), stderr=_read(folder / "job.err"),
                   elapsed_s=round(time.monotonic() - start, 3))


def run_on_twin(cluster: str, script_text: str, files: dict[str, str],
                timeout_s: float, workdir: str | None = None, ranks: int = 1) -> dict[str, Any]:
    """Submit to the local twin of ``cluster`` (it must be up), wait, return the outcome.

    The job waits for its ``ranks`` to fit in the twin's rank budget before it is submitted.
    """
    from maple_flow.twin import Twin
    from maple_flow.verify.budget import twin_budget

    twin = Twin()
    folder, script = stage(files, script_text, Path(workdir) if workdir else twin.jobs_dir())
    with twin_budget.hold(ranks):
        r = twin.submit(cluster, script, timeout_s=timeout_s, workdir=folder)
    return _result(r.state, job_id=r.job_id, exit_code=r.exit_code, message=r.message,
                   stdout=r.stdout, stderr=r.stderr, elapsed_s=r.elapsed_s, workdir=str(folder))


def run_job(kind: str, cluster: str, scheduler: str, script_text: str, files: dict[str, str],
            timeout_s: float, workdir: str | None = None, ranks: int = 1) -> dict[str, Any]:
    """Entry point of the verification app: dispatch on the endpoint kind."""
    if kind == "twin":
        return run_on_twin(cluster, script_text, files, timeout_s, workdir, ranks)
    return run_on_scheduler(scheduler, script_text, files, timeout_s, workdir)
