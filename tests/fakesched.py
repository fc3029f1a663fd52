"""A fake Slurm front end for tests of the login-node / Globus Compute job path.

``install(folder, mode)`` writes ``sbatch``, ``scontrol`` and ``scancel`` scripts into
``folder/bin``. They keep each job's state in ``folder/state``:

- ``run``: the job script really runs, in the background, as on a compute node: its working
  directory is the submit folder, but TMPDIR points at a node-local folder, so anything the
  job writes outside the shared folder is invisible to the submitting side;
- ``queue``: the job stays PENDING (a full queue);
- ``hang``: the job starts and sleeps (at most 60 s), RUNNING until cancelled;
- ``reject``: sbatch refuses the script with a Slurm-style error.

There is no ``sacct``: the verification code must fall back to ``scontrol``, as it does on
sites without accounting. Every background process ends by itself within 60 s.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

SBATCH = r"""#!/bin/bash
state=__STATE__
out=/dev/null err=/dev/null
while [ $# -gt 1 ]; do
  case "$1" in
    -o) out=$2; shift 2 ;;
    -e) err=$2; shift 2 ;;
    *) shift ;;
  esac
done
script=$1
id=$(( $(cat "$state/next" 2>/dev/null || echo 4200) + 1 ))
echo "$id" > "$state/next"
echo "$PWD" > "$state/$id.cwd"
case "__MODE__" in
  reject)
    echo "sbatch: error: Batch job submission failed: Invalid account or" \
      "account/partition combination specified" >&2
    exit 1 ;;
  queue)
    echo PENDING > "$state/$id.state" ;;
  hang)
    echo RUNNING > "$state/$id.state"
    ( exec sleep 60 ) > /dev/null 2>&1 &
    echo $! > "$state/$id.pid" ;;
  run)
    echo RUNNING > "$state/$id.state"
    node_tmp=$(mktemp -d "$state/node-local.XXXX")
    (
      TMPDIR=$node_tmp SLURM_JOB_ID=$id SLURM_JOB_NUM_NODES=1 \
        timeout 60 bash "$script" > "$out" 2> "$err"
      code=$?
      echo "$code" > "$state/$id.code"
      if [ "$code" = 0 ]; then echo COMPLETED; else echo FAILED; fi > "$state/$id.state"
    ) < /dev/null > /dev/null 2>&1 &
    echo $! > "$state/$id.pid" ;;
esac
echo "$id"
"""

SCONTROL = r"""#!/bin/bash
state=__STATE__
id=${@: -1}
[ -f "$state/$id.state" ] || { echo "slurm_load_jobs error: Invalid job id specified" >&2; exit 1; }
code=$(cat "$state/$id.code" 2>/dev/null || echo 0)
echo "JobId=$id JobName=job.sh JobState=$(cat "$state/$id.state") ExitCode=$code:0"
"""

SCANCEL = r"""#!/bin/bash
state=__STATE__
id=$1
[ -f "$state/$id.state" ] || { echo "scancel: error: Invalid job id $id" >&2; exit 1; }
echo "$id" >> "$state/cancelled"
[ -f "$state/$id.pid" ] && kill "$(cat "$state/$id.pid")" 2>/dev/null
echo CANCELLED > "$state/$id.state"
"""


def install(folder: Path, mode: str = "run") -> Path:
    """Write the fake commands; returns their bin folder (put it first on PATH)."""
    state = folder / "state"
    bin_dir = folder / "bin"
    state.mkdir(parents=True, exist_ok=True)
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name, text in (("sbatch", SBATCH), ("scontrol", SCONTROL), ("scancel", SCANCEL)):
        path = bin_dir / name
        path.write_text(text.replace("__STATE__", str(state)).replace("__MODE__", mode))
        path.chmod(0o755)
    return bin_dir


def cancelled(folder: Path) -> list[str]:
    """Job ids scancel was called for."""
    path = folder / "state" / "cancelled"
    return path.read_text().split() if path.exists() else []


def stop_all(folder: Path) -> None:
    """Kill the background processes the fake started (by their recorded pids)."""
    for pid_file in (folder / "state").glob("*.pid"):
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pid_file.read_text()), 15)
