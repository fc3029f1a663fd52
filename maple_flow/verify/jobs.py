"""Run one batch job and wait for it: the body of the verification Parsl app.

``run_job`` is what executes on the target (the twin, a login node, or a Globus Compute
worker on the cluster). It takes and returns plain data so that any executor can ship it:
it writes the script and the mini-apps into a fresh folder under the endpoint's shared
working directory (expanded here, on the cluster), submits with the cluster's scheduler,
waits at most ``timeout_s``, and returns the state, exit code, logs and the reports the
ranks wrote into that folder. A job still queued or running when the wait ends comes back
``pending`` (queued | running), cancelled or kept as the endpoint says.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from maple_flow.jobstates import FINAL_STATES
from maple_flow.verify.workdir import expand_workdir

POLL_S = 0.5
#: Scheduler states of a job that has not started (Slurm names; PBS letters).
QUEUED_STATES = frozenset({"PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "SUSPENDED",
                           "RESV_DEL_HOLD", "Q", "H", "W", "T", "S"})


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
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              check=False)
    except FileNotFoundError:
        return subprocess.CompletedProcess(cmd, 127, "", f"{cmd[0]}: command not found")
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", f"{cmd[0]} did not answer in "
                                           f"{timeout:g} s")


def report_files(folder: Path) -> list[str]:
    """The mini-app reports the ranks wrote beside the mini-apps (one JSON text per rank)."""
    from maple_flow.verify.substitute import MINIAPP_DIR

    reports = folder / MINIAPP_DIR / "reports"
    return [p.read_text(errors="replace") for p in sorted(reports.glob("*.json"))]


def _result(state: str | None, **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"state": state, "job_id": None, "exit_code": None, "message": "",
                            "stdout": "", "stderr": "", "elapsed_s": 0.0, "workdir": "",
                            "report_files": [], "pending": None, "left_job": None}
    base.update(kw)
    if base["workdir"]:
        base["report_files"] = report_files(Path(base["workdir"]))
    return base


def _slurm_fields(job_id: str, cwd: Path) -> dict[str, str]:
    shown = _run(["scontrol", "show", "job", "-o", job_id], cwd).stdout
    return dict(re.findall(r"(\w+)=(\S*)", shown))


def _slurm_state(job_id: str, cwd: Path) -> tuple[str | None, int | None]:
    out = _run(["sacct", "-X", "-n", "-P", "-j", job_id, "-o", "State,ExitCode"], cwd).stdout
    for line in out.splitlines():
        state, _, code = line.partition("|")
        state = state.split()[0] if state else ""
        if state in FINAL_STATES:
            return state, int(code.split(":")[0] or 0)
    fields = _slurm_fields(job_id, cwd)
    if fields.get("JobState") in FINAL_STATES:
        code = fields.get("ExitCode", "")
        return fields["JobState"], int(code.split(":")[0]) if code[:1].isdigit() else None
    return None, None


def _pbs_fields(job_id: str, cwd: Path) -> dict[str, str]:
    out = _run(["qstat", "-fx", job_id], cwd).stdout
    return dict(re.findall(r"^\s*(\w+) = (.*)$", out, flags=re.M))


def _pbs_state(job_id: str, cwd: Path) -> tuple[str | None, int | None]:
    fields = _pbs_fields(job_id, cwd)
    if fields.get("job_state", "")[:1] not in ("F", "X"):
        return None, None
    code = fields.get("Exit_status", "")
    exit_code = int(code) if re.fullmatch(r"-?\d+", code.strip()) else None
    return ("COMPLETED" if exit_code == 0 else "FAILED"), exit_code


def current_state(scheduler: str, job_id: str, cwd: Path) -> str | None:
    """The job's state now (Slurm name or PBS letter), None when the scheduler does not say."""
    if scheduler == "slurm":
        return _slurm_fields(job_id, cwd).get("JobState") or None
    return _pbs_fields(job_id, cwd).get("job_state", "").strip()[:1] or None


def _submit(scheduler: str, script: Path, folder: Path) -> tuple[str | None, str]:
    """(job id or None when rejected, what the scheduler answered)."""
    out, err = folder / "job.out", folder / "job.err"
    if scheduler == "slurm":
        cmd = ["sbatch", "--parsable", "-o", str(out), "-e", str(err), str(script)]
    else:
        cmd = ["qsub", "-o", str(out), "-e", str(err), str(script)]
    proc = _run(cmd, folder)
    answer = "\n".join(t.strip() for t in (proc.stdout, proc.stderr) if t.strip())
    job_id = proc.stdout.strip().split(";")[0].strip()
    if proc.returncode != 0 or not job_id:
        return None, answer
    return job_id, answer


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""


def _leave(scheduler: str, job_id: str, cwd: Path, on_timeout: str) -> tuple[str, str]:
    """Cancel or keep an unfinished job: ("cancelled" | "kept", note)."""
    if on_timeout == "keep":
        return "kept", ""
    proc = _run(["scancel" if scheduler == "slurm" else "qdel", job_id], cwd)
    if proc.returncode == 0:
        return "cancelled", ""
    return "kept", f"cancelling job {job_id} failed: {(proc.stderr or proc.stdout).strip()}"


def run_on_scheduler(scheduler: str, script_text: str, files: dict[str, str],
                     timeout_s: float, workdir: str | None = None, *,
                     on_timeout: str = "cancel", poll_s: float = POLL_S) -> dict[str, Any]:
    """Submit with this machine's sbatch/qsub (a login node), wait, return the outcome.

    ``workdir`` is the shared folder, expanded here; a job unfinished after ``timeout_s`` is
    cancelled (``on_timeout="cancel"``) or left queued (``"keep"``) and comes back pending.
    """
    if not workdir:
        raise ValueError("a login-node or Globus Compute endpoint needs a shared workdir")
    folder, script = stage(files, script_text, expand_workdir(workdir))
    start = time.monotonic()
    job_id, message = _submit(scheduler, script, folder)
    if job_id is None:
        return _result("REJECTED", message=message, workdir=str(folder))
    poll = _slurm_state if scheduler == "slurm" else _pbs_state
    state, code = None, None
    while state is None and time.monotonic() - start < timeout_s:
        time.sleep(max(0.0, min(poll_s, timeout_s - (time.monotonic() - start))))
        state, code = poll(job_id, folder)
    extra: dict[str, Any] = {}
    if state is None:
        state = current_state(scheduler, job_id, folder)
        left, note = _leave(scheduler, job_id, folder, on_timeout)
        extra = {"pending": "queued" if (state or "PENDING") in QUEUED_STATES else "running",
                 "left_job": left}
        message = "\n".join(m for m in (message, note) if m)
    return _result(state, job_id=job_id, exit_code=code, workdir=str(folder), message=message,
                   stdout=_read(folder / "job.out"), stderr=_read(folder / "job.err"),
                   elapsed_s=round(time.monotonic() - start, 3), **extra)


def _twin_pending(twin: Any, cluster: str, job_id: str | None) -> str:
    """Whether a twin job the twin stopped waiting for had started ("running") or not."""
    from maple_flow.twin.submit import job_fields

    if not job_id:
        return "queued"
    fields = job_fields(twin.layout(cluster), job_id.split(".")[0])
    return "queued" if fields.get("RunTime", "00:00:00") == "00:00:00" else "running"


def run_on_twin(cluster: str, script_text: str, files: dict[str, str],
                timeout_s: float, workdir: str | None = None, ranks: int = 1) -> dict[str, Any]:
    """Submit to the local twin of ``cluster`` (it must be up), wait, return the outcome.

    The job waits for its ``ranks`` to fit in the twin's rank budget before it is submitted.
    The twin cancels a job it stopped waiting for; that job comes back pending.
    """
    from maple_flow.twin import Twin
    from maple_flow.verify.budget import twin_budget

    twin = Twin()
    base = expand_workdir(workdir) if workdir else twin.jobs_dir()
    folder, script = stage(files, script_text, base)
    with twin_budget.hold(ranks):
        r = twin.submit(cluster, script, timeout_s=timeout_s, workdir=folder)
    extra: dict[str, Any] = {}
    if r.state == "TIMEOUT" and r.message.startswith("the twin stopped waiting"):
        extra = {"pending": _twin_pending(twin, cluster, r.job_id), "left_job": "cancelled"}
    return _result(r.state, job_id=r.job_id, exit_code=r.exit_code, message=r.message,
                   stdout=r.stdout, stderr=r.stderr, elapsed_s=r.elapsed_s, workdir=str(folder),
                   **extra)


def run_job(kind: str, cluster: str, scheduler: str, script_text: str, files: dict[str, str],
            timeout_s: float, workdir: str | None = None, ranks: int = 1,
            on_timeout: str = "cancel", poll_s: float = POLL_S) -> dict[str, Any]:
    """Entry point of the verification app: dispatch on the endpoint kind."""
    if kind == "twin":
        return run_on_twin(cluster, script_text, files, timeout_s, workdir, ranks)
    return run_on_scheduler(scheduler, script_text, files, timeout_s, workdir,
                            on_timeout=on_timeout, poll_s=poll_s)
