"""Submit a job script to a personality as its user would, wait for it, collect the result."""

from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from maple_flow.jobstates import FINAL_STATES
from maple_flow.models import ClusterProfile
from maple_flow.twin.daemons import daemon_env
from maple_flow.twin.layout import ClusterLayout
from maple_flow.twin.options import UnknownOption, option_env
from maple_flow.twin.userenv import login_env
from maple_flow.twin.warm import warm_env, warm_requested

SUBMIT_TIMEOUT_S = 60.0
POLL_S = 0.1
_SUBMITTED = {"slurm": re.compile(r"Submitted batch job (\d+)"),
              "pbs": re.compile(r"^(\d+)\.\S+$", re.M)}


@dataclass
class JobResult:
    """The outcome of one submission to the twin."""

    cluster: str
    job_id: str | None
    state: str  # COMPLETED | FAILED | TIMEOUT | REJECTED | CANCELLED
    exit_code: int | None
    message: str
    stdout_path: Path | None
    stderr_path: Path | None
    stdout: str
    stderr: str
    elapsed_s: float

    @property
    def ok(self) -> bool:
        return self.state == "COMPLETED"

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "cluster": self.cluster, "job_id": self.job_id, "state": self.state,
            "exit_code": self.exit_code, "message": self.message,
            "stdout_path": str(self.stdout_path) if self.stdout_path else None,
            "stderr_path": str(self.stderr_path) if self.stderr_path else None,
            "stdout": self.stdout, "stderr": self.stderr, "elapsed_s": round(self.elapsed_s, 3),
        }


def job_fields(layout: ClusterLayout, slurm_id: str) -> dict[str, str]:
    """``scontrol show job -o`` of a Slurm job as a dict ({} when unknown)."""
    try:
        proc = subprocess.run(["scontrol", "show", "job", "-o", slurm_id], capture_output=True,
                              text=True, timeout=20, env=daemon_env(layout), check=False)
    except subprocess.TimeoutExpired:
        return {}
    fields: dict[str, str] = {}
    for word in re.split(r" (?=[A-Za-z:/]+=)", proc.stdout.strip()):
        key, eq, value = word.partition("=")
        if eq:
            fields.setdefault(key, value)
    return fields


def _read(path: Path | None) -> str:
    if path is None:
        return ""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _path(value: str | None) -> Path | None:
    return Path(value) if value and value != "(null)" else None


def submit(profile: ClusterProfile, layout: ClusterLayout, script: Path, timeout_s: float,
           workdir: Path | None = None, warm: bool | None = None) -> JobResult:
    """Submit ``script`` with the personality's sbatch or qsub, wait up to ``timeout_s``.

    ``warm`` (default: $MAPLE_TWIN_WARM=1 here) submits in the twin's warm mode: the
    submission environment carries the switch, which sbatch exports into the job and qsub
    forwards into the PBS job shell.
    """
    start = time.monotonic()
    script = script.resolve()
    cwd = workdir or script.parent
    command = "qsub" if profile.scheduler == "pbs" else "sbatch"
    env = login_env(profile, layout)
    if warm_requested() if warm is None else warm:
        env.update(warm_env(layout.root.parent))
    try:
        env.update(option_env(profile.id, script.read_text(errors="replace"), os.environ))
    except (OSError, UnknownOption) as exc:
        return JobResult(profile.id, None, "REJECTED", None, f"twin option: {exc}",
                         None, None, "", "", time.monotonic() - start)
    try:
        proc = subprocess.run([str(layout.bin / command), str(script)], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=SUBMIT_TIMEOUT_S,
                              check=False)
    except subprocess.TimeoutExpired:
        return JobResult(profile.id, None, "REJECTED", None, f"{command} did not answer",
                         None, None, "", "", time.monotonic() - start)
    match = _SUBMITTED[profile.scheduler].search(proc.stdout)
    if proc.returncode != 0 or not match:
        message = (proc.stderr or proc.stdout).strip()
        return JobResult(profile.id, None, "REJECTED", None, message, None, None, "", "",
                         time.monotonic() - start)
    slurm_id = match.group(1)
    job_id = proc.stdout.strip() if profile.scheduler == "pbs" else slurm_id
    return wait(profile, layout, job_id, slurm_id, start, timeout_s)


def wait(profile: ClusterProfile, layout: ClusterLayout, job_id: str, slurm_id: str,
         start: float, timeout_s: float) -> JobResult:
    """Poll the job until it ends or ``timeout_s`` has passed since ``start`` (then cancel)."""
    fields: dict[str, str] = {}
    message = ""
    while True:
        fields = job_fields(layout, slurm_id) or fields
        state = fields.get("JobState", "")
        if state in FINAL_STATES:
            break
        if time.monotonic() - start > timeout_s:
            subprocess.run(["scancel", slurm_id], env=daemon_env(layout), timeout=20,
                           check=False, capture_output=True)
            state = "TIMEOUT"
            message = f"the twin stopped waiting after {timeout_s:g} s and cancelled the job"
            time.sleep(0.5)
            break
        time.sleep(POLL_S)
    code_text = fields.get("ExitCode", "")
    exit_code = int(code_text.split(":")[0]) if code_text[:1].isdigit() else None
    if state not in {"COMPLETED", "FAILED", "TIMEOUT", "CANCELLED"}:
        message = message or f"Slurm state {state}"
        state = "FAILED"
    if state == "TIMEOUT" and not message:
        message = "the job reached its time limit"
    out, err = _path(fields.get("StdOut")), _path(fields.get("StdErr"))
    if err == out:
        err = None
    reason = fields.get("Reason", "")
    if not message and reason not in ("", "None"):
        message = reason
    return JobResult(profile.id, job_id, state, exit_code, message,
                     out, err, _read(out), _read(err), time.monotonic() - start)
