"""The step/task-side Slurm message catalogue of helper s36srun as run.py cases.

Messages read from SchedMD/slurm@284c3b95f08a2dc2478499837b03355e1b9c5c75: src/srun/launch.c
(step creation, task exit lines), src/common/slurm_errno.c (the step-creation reasons),
src/srun/opt.c and src/common/slurm_opt.c (option warnings/fatals), src/srun/srun_job.c (--mpi),
src/slurmd/slurmstepd/task.c (execve), mgr.c (chdir), req.c (STEP ... CANCELLED), src/plugins/task
(affinity binding, cgroup OOM), src/api/step_launch.c (task launch failed), src/api/pmi_server.c.
Classes: SCRIPT (a fix or a question is right) or NODE / PROGRAM / WAIT (not the script).
Run: python bench/s36srun_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s36srun_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SL = "SchedMD/slurm@284c3b95 "
ERRNO = SL + "src/common/slurm_errno.c"
LAUNCH = SL + "src/srun/launch.c"
TORCH = {"cluster": "delta", "script": "srun_torchrun.sh"}
PERGPU = {"cluster": "delta", "script": "srun_pergpu.sh"}
J = "srun: error: Unable to create step for job 4012345: "
STEPLINE = "srun python train.py --epochs 10"


def srun_line(new: str) -> dict:
    """Replace the per-GPU script's srun line."""
    return {"replace": [[STEPLINE, new]]}


ENTRIES: list[tuple[str, str, str, str, dict, dict]] = [
    # ---- the step asks what the allocation lacks (SCRIPT: fix or ask) ----
    ("st-nodeconfig", "SCRIPT", J + "Requested node configuration is not available\n", ERRNO + ":277",
     PERGPU, srun_line("srun -N 4 --ntasks-per-node=4 python train.py --epochs 10")),
    ("st-moreprocs", "SCRIPT", J + "More processors requested than permitted\n", ERRNO + ":241",
     PERGPU, srun_line("srun --cpus-per-task=64 python train.py --epochs 10")),
    ("st-memory", "SCRIPT", J + "Memory required by task is not available\n", ERRNO + ":411",
     PERGPU, srun_line("srun --mem-per-cpu=64G python train.py --epochs 10")),
    ("st-gres", "SCRIPT", J + "Invalid generic resource (gres) specification\n", ERRNO + ":521",
     PERGPU, srun_line("srun --gres=gpu:8 python train.py --epochs 10")),
    ("st-tres", "SCRIPT", J + "Invalid Trackable RESource (TRES) specification\n", ERRNO + ":682",
     PERGPU, srun_line("srun --gpus-per-task=2 python train.py --epochs 10")),
    ("st-taskcount", "SCRIPT", J + "Task count specification invalid\n", ERRNO + ":325",
     PERGPU, srun_line("srun -n 1 -N 2 python train.py --epochs 10")),
    ("st-busy-disabled", "SCRIPT",
     "srun: Job 4012345 step creation temporarily disabled, retrying (Requested nodes are busy)\n"
     "srun: Job 4012345 step creation still disabled, retrying (Requested nodes are busy)\n",
     LAUNCH + ":1382", PERGPU,
     srun_line("srun -n 1 python train.py --seed 1 &\nsrun -n 1 python train.py --seed 2 &\nwait")),
    ("st-ntpn-honor", "SCRIPT",
     "srun: Warning: can't honor --ntasks-per-node set to 4 which doesn't match the requested tasks 2 with the maximum number of requested nodes 2. Ignoring --ntasks-per-node.\n",
     SL + "src/srun/opt.c:1308", PERGPU, srun_line("srun -n 2 python train.py --epochs 10")),
    ("st-cpt-two-env", "SCRIPT",
     "srun: fatal: SLURM_CPUS_PER_TASK set by two different environment variables SLURM_CPUS_PER_TASK=8 != SLURM_TRES_PER_TASK=cpu=4\n",
     SL + "src/common/slurm_opt.c:5536", PERGPU,
     srun_line("export SLURM_CPUS_PER_TASK=4\nsrun python train.py --epochs 10")),
    ("st-mpi-type", "SCRIPT",
     "srun: error: Invalid MPI type 'pmix_v5', --mpi=list for acceptable types\n",
     SL + "src/srun/srun_job.c:746", PERGPU, srun_line("srun --mpi=pmix_v5 python train.py --epochs 10")),
    ("st-execve-noent", "SCRIPT",
     "slurmstepd: error: execve(): torchrun: No such file or directory\n"
     "srun: error: gpub001: task 0: Exited with exit code 2\n",
     SL + "src/slurmd/slurmstepd/task.c:541", TORCH, {}),
    ("st-execve-perm", "SCRIPT",
     "slurmstepd: error: execve(): ./run_train.sh: Permission denied\n"
     "srun: error: gpub001: task 0: Exited with exit code 13\n",
     SL + "src/slurmd/slurmstepd/task.c:541", PERGPU, srun_line("srun ./run_train.sh")),
    ("st-chdir", "SCRIPT",
     "slurmstepd: error: couldn't chdir to `/home/alice/proj': No such file or directory: going to /tmp instead\n"
     "python: can't open file '/tmp/train.py': [Errno 2] No such file or directory\n",
     SL + "src/slurmd/slurmstepd/mgr.c:1962", PERGPU, {}),
    ("st-cpubind-outside", "SCRIPT",
     "slurmstepd: error: CPU binding outside of job step allocation, allocated CPUs are: 0x00000000000000000000000000000F0F.\n"
     "slurmstepd: error: task_g_pre_launch: Invalid argument\n",
     SL + "src/plugins/task/affinity/dist_tasks.c:245", PERGPU,
     srun_line("srun --cpu-bind=map_cpu:0,16,32,48 python train.py --epochs 10")),
    ("st-kvs-dup", "SCRIPT",
     "srun: error: PMK_KVS_Barrier duplicate request from task 0\n",
     SL + "src/api/pmi_server.c:507", PERGPU, srun_line("srun mpirun -np 8 python train.py --epochs 10")),
    ("st-execve-badinterp", "LIBRARY",
     "slurmstepd: error: execve(): bad interpreter(/home/alice/venv/bin/python3): No such file or directory\n"
     "srun: error: gpub001: task 0: Exited with exit code 2\n",
     SL + "src/slurmd/slurmstepd/task.c:536", PERGPU, srun_line("srun wandb agent alice/proj/sweep1")),
    ("st-gres-select", "SCRIPT", J + "Requested GRES option unsupported by configured SelectType plugin\n",
     ERRNO + ":710", PERGPU, srun_line("srun --gpus-per-task=1 python train.py --epochs 10")),
    # ---- not the script: node / site faults ----
    ("st-pmi2-kvs", "NODE", "srun: error: mpi/pmi2: failed to send temp kvs to compute nodes\n"
     "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n",
     SL + "src/plugins/mpi/pmi2/tree.c:142", PERGPU, srun_line("srun --mpi=pmi2 python train.py --epochs 10")),
    ("st-interconnect", "NODE",
     "srun: error: task 0 launch failed: Error configuring interconnect\n", SL + "src/api/step_launch.c:1122",
     PERGPU, {}),
    ("st-interconnect-step", "NODE", J + "Error configuring interconnect\n", ERRNO + ":313", PERGPU, {}),
    ("st-nodefail", "NODE",
     "slurmstepd: error: *** STEP 4012345.0 ON gpub001 CANCELLED AT 2024-05-02T10:11:12 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***\n",
     SL + "src/slurmd/slurmstepd/req.c:1130", PERGPU, {}),
    ("st-preempt", "WAIT",
     "slurmstepd: error: *** STEP 4012345.0 ON gpub001 CANCELLED AT 2024-05-02T10:11:12 DUE TO PREEMPTION ***\n",
     SL + "src/slurmd/slurmstepd/req.c:1126", PERGPU, {}),
    ("st-completing", "WAIT", J + "Job/step already completing or completed\n", ERRNO + ":309", PERGPU, {}),
    ("st-socket-timeout", "NODE",
     "srun: error: slurm_receive_msgs: [[gpub002]:6818] failed: Socket timed out on send/recv operation\n"
     "srun: error: Task launch for StepId=4012345.0 failed on node gpub002: Socket timed out on send/recv operation\n"
     "srun: error: Application launch failed: Socket timed out on send/recv operation\n",
     LAUNCH + ":1572", PERGPU, {}),
    # ---- not the script: the program's own end ----
    ("st-exit1-alone", "PROGRAM",
     "srun: error: gpub001: task 0: Exited with exit code 1\n", LAUNCH + ":388", PERGPU, {}),
    ("st-exit-tasks", "PROGRAM",
     "srun: error: gpub002: tasks 4-7: Exited with exit code 1\nsrun: Terminating StepId=4012345.0\n"
     "slurmstepd: error: *** STEP 4012345.0 ON gpub001 CANCELLED AT 2024-05-02T10:11:12 ***\n"
     "srun: error: gpub001: tasks 0-3: Killed\n", LAUNCH + ":409", PERGPU, {}),
    ("st-taskfail", "PROGRAM",
     "slurmstepd: error: *** STEP 4012345.0 ON gpub001 CANCELLED AT 2024-05-02T10:11:12 DUE TO TASK FAILURE ***\n",
     SL + "src/slurmd/slurmstepd/req.c:1149", PERGPU, {}),
    ("st-hitmem-info", "SCRIPT",
     "slurmstepd: StepId=4012345.0 hit memory limit at least once during execution. This may or may not result in some failure.\n",
     SL + "src/plugins/task/cgroup/task_cgroup_memory.c:278", PERGPU, {}),
]


#: The right script fix of a SCRIPT message (the others: a question or advice).
FIXES = {
    "st-nodeconfig": r"(?m)^\+srun --ntasks-per-node=4 python train\.py",
    "st-moreprocs": r"(?m)^\+srun python train\.py",
    "st-memory": r"(?m)^\+srun python train\.py",
    "st-gres": r"(?m)^\+srun python train\.py",
    "st-busy-disabled": r"(?m)^\+srun (?:--exact|--overlap)",
    "st-cpt-two-env": r"(?m)^(?:\+srun[^\n]*--cpus-per-task=8|-export SLURM_CPUS_PER_TASK)",
    "st-execve-perm": r"(?m)^\+srun bash \./run_train\.sh",
}


def case(entry: tuple) -> dict:
    cid, cls, log, source, base, edits = entry
    out: dict = {"id": cid, "split": "tune", "kind": "script" if cls == "SCRIPT" else "not_script",
                 "source": source, "what": cls, **base, **edits, "log": log}
    fix = FIXES.get(cid)
    fams = {"families": ["launcher", "scheduler", "resources", "environment"]}
    out["expect"] = ({**fams, "fix": fix} if fix else {**fams, "ask": True}) if cls == "SCRIPT" else {}
    return out


def main() -> None:
    head = "# Generated by make_catalogue.py (edit there).\n"
    body = yaml.safe_dump({"schema": 1, "cases": [case(e) for e in ENTRIES]}, sort_keys=False,
                          allow_unicode=True, width=100)
    (HERE / "catalogue_cases.yaml").write_text(head + body, encoding="utf-8")
    print(len(ENTRIES), "messages")


if __name__ == "__main__":
    main()
