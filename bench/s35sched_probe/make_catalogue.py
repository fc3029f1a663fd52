"""The scheduler-side message catalogue of helper s35sched as run.py cases (catalogue_cases.yaml).

Each message is one a job script can meet, read from the schedulers' own sources:
  Slurm  SchedMD/slurm@284c3b95f08a2dc2478499837b03355e1b9c5c75: src/common/job_state_reason.c
         (the pending/failure REASON codes squeue and scontrol print), doc/man/man1/squeue.1
         (JOB REASON CODES), src/common/slurm_errno.c (ESLURM_* texts not in
         bench/s21slurmcat_probe), src/api/allocate.c / src/salloc/salloc.c (srun/salloc waits);
  PBS    openpbs/openpbs@cd7ab5edaf03dcac2f1cb9e2f42d75eb117d468a: src/scheduler/job_info.cpp
         (the job comments "Not Running: ..." / "Can Never Run: ..." of translate_fail_code).
Printed as the tools print them (squeue %R in parentheses, scontrol `Reason=`, sbatch's
DenyOnLimit line, qstat -f `comment =`) into base scripts, and labelled by class:
  script (fix regex or ask), not_script WAIT (clears by itself) or ADMIN (only the site).
Run: python bench/s35sched_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s35sched_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SL = "SchedMD/slurm@284c3b95 "
PB = "openpbs/openpbs@cd7ab5ed src/scheduler/job_info.cpp "
REASON = SL + "src/common/job_state_reason.c"
ERRNO = SL + "src/common/slurm_errno.c"


def sq(reason: str, nodes: int = 2) -> str:
    """An squeue row of a pending job with its %R reason."""
    return (f"             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
            f"           4012345 gpuA100x4    train    alice PD       0:00      {nodes} ({reason})\n")


def sc(reason: str, state: str = "PENDING") -> str:
    """An scontrol show job excerpt with its Reason= field."""
    return (f"JobId=4012345 JobName=train\n   UserId=alice(51234) GroupId=alice(51234)\n"
            f"   JobState={state} Reason={reason} Dependency=(null)\n")


def pbs(comment: str) -> str:
    """A qstat -f excerpt of a queued PBS job with the scheduler's comment."""
    return (f"Job Id: 1234567.polaris-pbs-01.hsn.cm.polaris.alcf.anl.gov\n"
            f"    Job_Name = train\n    job_state = Q\n    comment = {comment}\n")


SLURM = {"cluster": "delta", "script": "srun_torchrun.sh"}
POLARIS = {"cluster": "polaris", "script": "pbs_polaris_torchrun.sh"}
WAIT, ADMIN = "WAIT", "ADMIN"

# (id, class, log, source, base, directives/replace, expect)
#   class: WAIT / ADMIN (not_script) or SCRIPT (expect: fix regex or 'ask')
ENTRIES: list[tuple[str, str, str, str, dict, dict, str | None]] = [
    # ---- Slurm pending reasons that clear by themselves (WAIT) ----
    ("sl-priority-squeue", WAIT, sq("Priority"), REASON, SLURM, {}, None),
    ("sl-resources-scontrol", WAIT, sc("Resources"), REASON, SLURM, {}, None),
    ("sl-dependency-squeue", WAIT, sq("Dependency"), REASON, SLURM, {}, None),
    ("sl-begintime-squeue", WAIT, sq("BeginTime"), REASON, SLURM, {}, None),
    ("sl-licenses-squeue", WAIT, sq("Licenses"), REASON, SLURM, {}, None),
    ("sl-reservation-squeue", WAIT, sq("Reservation"), REASON, SLURM, {}, None),
    ("sl-qosgrpgres-squeue", WAIT, sq("QOSGrpGRES"), REASON, SLURM, {}, None),
    ("sl-qosgrpcpu-scontrol", WAIT, sc("QOSGrpCpuLimit"), REASON, SLURM, {}, None),
    ("sl-qosgrpnode-squeue", WAIT, sq("QOSGrpNodeLimit"), REASON, SLURM, {}, None),
    ("sl-assocgrpgres-squeue", WAIT, sq("AssocGrpGRES"), REASON, SLURM, {}, None),
    ("sl-assocgrpcpu-scontrol", WAIT, sc("AssocGrpCpuLimit"), REASON, SLURM, {}, None),
    ("sl-assocgrpmem-squeue", WAIT, sq("AssocGrpMemLimit"), REASON, SLURM, {}, None),
    ("sl-qosmaxgrespu-squeue", WAIT, sq("QOSMaxGRESPerUser"), REASON, SLURM, {}, None),
    ("sl-qosmaxjobspu-squeue", WAIT, sq("QOSMaxJobsPerUserLimit"), REASON, SLURM, {}, None),
    ("sl-qosmaxcpupu-squeue", WAIT, sq("QOSMaxCpuPerUserLimit"), REASON, SLURM, {}, None),
    ("sl-assocmaxjobs-squeue", WAIT, sq("AssocMaxJobsLimit"), REASON, SLURM, {}, None),
    ("sl-assocjoblimit-squeue", WAIT, sq("AssociationJobLimit"), REASON, SLURM, {}, None),
    ("sl-assocreslimit-squeue", WAIT, sq("AssociationResourceLimit"), REASON, SLURM, {}, None),
    ("sl-qosjoblimit-squeue", WAIT, sq("QOSJobLimit"), REASON, SLURM, {}, None),
    ("sl-arraytasklimit-squeue", WAIT, sq("JobArrayTaskLimit"), REASON, SLURM, {}, None),
    ("sl-maxgrespa-squeue", WAIT, sq("MaxGRESPerAccount"), REASON, SLURM, {}, None),
    ("sl-grpgresrunmin-squeue", WAIT, sq("AssocGrpGRESRunMinutes"), REASON, SLURM, {}, None),
    ("sl-reqnode-maint-squeue", WAIT,
     sq("ReqNodeNotAvail, Reserved for maintenance"), REASON, SLURM, {}, None),
    ("sl-reqnode-unavail-squeue", WAIT,
     sq("ReqNodeNotAvail, UnavailableNodes:gpua[001-004]"), REASON, SLURM, {}, None),
    ("sl-srun-queued", WAIT,
     "srun: job 4012345 queued and waiting for resources\n", SL + "src/api/allocate.c:1498",
     SLURM, {}, None),
    ("sl-srun-required-node", WAIT,
     "srun: Required node not available (down, drained or reserved)\n"
     "srun: job 4012345 queued and waiting for resources\n", ERRNO + ":505", SLURM, {}, None),
    ("sl-salloc-pending", WAIT,
     "salloc: Pending job allocation 4012345\nsalloc: job 4012345 queued and waiting for resources\n",
     SL + "src/salloc/salloc.c:868", SLURM, {}, None),
    ("sl-maint-resv", WAIT,
     "srun: error: Unable to allocate resources: Job can not start due to maintenance reservation.\n",
     ERRNO + ":694", SLURM, {}, None),
    ("sl-schedmaxjobspu-deny", WAIT,
     "sbatch: error: QOSMaxSubmitJobPerUserLimit\nsbatch: error: Batch job submission failed: "
     "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)\n",
     REASON, SLURM, {}, None),
    # ---- Slurm: only the site (or the user's hold) can change it (ADMIN) ----
    ("sl-heldadmin-squeue", ADMIN, sq("JobHeldAdmin"), REASON, SLURM, {}, None),
    ("sl-helduser-scontrol", ADMIN, sc("JobHeldUser"), REASON, SLURM, {}, None),
    ("sl-nodedown-squeue", ADMIN, sq("NodeDown"), REASON, SLURM, {}, None),
    ("sl-partdown-squeue", ADMIN, sq("PartitionDown"), REASON, SLURM, {}, None),
    ("sl-partinactive-squeue", ADMIN, sq("PartitionInactive"), REASON, SLURM, {}, None),
    ("sl-systemfailure-scontrol", ADMIN, sc("SystemFailure", "FAILED"), REASON, SLURM, {}, None),
    ("sl-launchfailed-squeue", ADMIN, sq("launch failed requeued held"), REASON, SLURM, {}, None),
    ("sl-maxrequeue-scontrol", ADMIN, sc("JobHoldMaxRequeue"), REASON, SLURM, {}, None),
    ("sl-qosusage-squeue", ADMIN, sq("QOSUsageThreshold"), REASON, SLURM, {}, None),
    ("sl-depnever-squeue", ADMIN, sq("DependencyNeverSatisfied"), REASON, SLURM, {}, None),
    ("sl-heldstate-srun", ADMIN,
     "srun: error: Unable to allocate resources: Job is in held state, pending scheduler release\n",
     ERRNO + ":407", SLURM, {}, None),
    ("sl-submissions-disabled", ADMIN,
     "sbatch: error: Batch job submission failed: System submissions disabled\n", ERRNO + ":646",
     SLURM, {}, None),
    ("sl-internal-error", ADMIN,
     "sbatch: error: Batch job submission failed: Slurm internal error, contact system administrator\n",
     ERRNO + ":589", SLURM, {}, None),
    ("sl-rate-limit", ADMIN,
     "sbatch: error: Batch job submission failed: Rate limit exceeded, please retry momentarily\n",
     ERRNO + ":202", SLURM, {}, None),
    # ---- Slurm: the request itself breaks a per-job limit (SCRIPT) ----
    ("sl-parttime-squeue", "SCRIPT", sq("PartitionTimeLimit"), REASON, SLURM,
     {"replace": [["--time=01:00:00", "--time=72:00:00"]]}, r"(?m)^\+#SBATCH --time=48:00:00"),
    ("sl-parttime-scontrol", "SCRIPT", sc("PartitionTimeLimit"), REASON, SLURM,
     {"replace": [["--time=01:00:00", "--time=72:00:00"]]}, r"(?m)^\+#SBATCH --time=48:00:00"),
    ("sl-srun-partconfig", "SCRIPT",
     "srun: Requested partition configuration not available now\n"
     "srun: job 4012345 queued and waiting for resources\n", SL + "src/api/allocate.c:252", SLURM,
     {"directives": ["#SBATCH --partition=gpuA100x4-interactive"],
      "replace": [["--time=01:00:00", "--time=2-00:00:00"]]},
     r"(?m)^\+#SBATCH (?:--time=0?1:00:00|--partition=gpuA100x4)$"),
    ("sl-partconfig-squeue", "SCRIPT", sq("PartitionConfig", 8), REASON, SLURM,
     {"directives": ["#SBATCH --partition=gpuA100x4-interactive"],
      "replace": [["#SBATCH -N 2", "#SBATCH -N 8"]]},
     r"(?m)^\+#SBATCH --partition=gpuA100x4$"),
    ("sl-partnode-squeue", "SCRIPT", sq("PartitionNodeLimit", 128), REASON, SLURM,
     {"replace": [["#SBATCH -N 2", "#SBATCH -N 128"]]}, "ask"),
    ("sl-qosmaxwall-squeue", "SCRIPT", sq("QOSMaxWallDurationPerJobLimit"), REASON, SLURM,
     {"replace": [["--time=01:00:00", "--time=72:00:00"]]}, r"(?m)^\+#SBATCH --time=48:00:00"),
    ("sl-qosmaxnode-scontrol", "SCRIPT", sc("QOSMaxNodePerJobLimit"), REASON, SLURM,
     {"replace": [["#SBATCH -N 2", "#SBATCH -N 128"]]}, "ask"),
    ("sl-qosmaxgresjob-squeue", "SCRIPT", sq("QOSMaxGRESPerJob"), REASON, SLURM, {}, "ask"),
    ("sl-qosmaxcpujob-deny", "SCRIPT",
     "sbatch: error: QOSMaxCpuPerJobLimit\nsbatch: error: Batch job submission failed: Job violates "
     "accounting/QOS policy (job submit limit, user's size and/or time limits)\n", REASON, SLURM,
     {}, "ask"),
    ("sl-assocmaxwall-squeue", "SCRIPT", sq("AssocMaxWallDurationPerJobLimit"), REASON, SLURM,
     {"replace": [["--time=01:00:00", "--time=72:00:00"]]}, "ask"),
    ("sl-badconstraints-squeue", "SCRIPT", sq("BadConstraints"), REASON, SLURM,
     {"directives": ["#SBATCH --constraint=a100_80gb"]}, "ask"),
    ("sl-invalidaccount-squeue", "SCRIPT", sq("InvalidAccount"), REASON, SLURM,
     {"directives": ["#SBATCH --account=bbka-delta-cpu"]}, "ask"),
    ("sl-invalidqos-scontrol", "SCRIPT", sc("InvalidQOS"), REASON, SLURM,
     {"directives": ["#SBATCH --qos=long"]}, "ask"),
    ("sl-qosnotallowed-squeue", "SCRIPT", sq("QOSNotAllowed"), REASON, SLURM,
     {"directives": ["#SBATCH --qos=long"]}, "ask"),
    ("sl-accountnotallowed-squeue", "SCRIPT", sq("AccountNotAllowed"), REASON, SLURM,
     {"directives": ["#SBATCH --account=bbka-delta-cpu"]}, "ask"),
    ("sl-qosmingres-squeue", "SCRIPT", sq("QOSMinGRES"), REASON, SLURM,
     {"replace": [["#SBATCH --gpus-per-node=4\n", ""]]}, "ask"),
    ("sl-unknown-assoc", "SCRIPT",
     "sbatch: error: Batch job submission failed: Invalid or unknown association\n",
     ERRNO + ":883", SLURM, {"directives": ["#SBATCH --account=bbka-delta-cpu"]}, "ask"),
    ("sl-nice-invalid", "SCRIPT",
     "sbatch: error: Batch job submission failed: Invalid --nice value\n", ERRNO + ":714", SLURM,
     {"directives": ["#SBATCH --nice=-100"]}, r"(?m)^-#SBATCH --nice"),
    ("sl-prefer-invalid", "SCRIPT",
     "sbatch: error: Batch job submission failed: Invalid preferred feature specification\n",
     ERRNO + ":755", SLURM, {"directives": ["#SBATCH --prefer=a100_80gb"]}, r"(?m)^-#SBATCH --prefer"),
    ("sl-multipart-assoc", "SCRIPT",
     "sbatch: error: Batch job submission failed: Multiple partition job request not supported "
     "when a partition is set in the association\n", ERRNO + ":743", SLURM,
     {"directives": ["#SBATCH --partition=gpuA100x4,gpuA100x4-preempt"]},
     "ask"),
    # ---- PBS Pro / OpenPBS job comments on Polaris ----
    ("pbs-notrun-insufficient-ngpus", WAIT,
     pbs("Not Running: Insufficient amount of resource: ngpus (R: 8 A: 0 T: 2240)"),
     PB + "(INSUFFICIENT_RESOURCE)", POLARIS, {}, None),
    ("pbs-notrun-nodes", WAIT, pbs("Not Running: Not enough free nodes available"),
     PB + "(NO_FREE_NODES)", POLARIS, {}, None),
    ("pbs-notrun-queue-user-limit", WAIT,
     pbs("Not Running: User has reached queue debug-scaling running job limit."),
     PB + "(QUEUE_USER_LIMIT_REACHED)", POLARIS, {}, None),
    ("pbs-notrun-would-exceed-user", WAIT,
     pbs("Not Running: would exceed user alice's limit on resource nodect in queue debug-scaling"),
     PB + "(QUEUE_USER_RES_LIMIT_REACHED)", POLARIS, {}, None),
    ("pbs-notrun-topjob", WAIT,
     pbs("Not Running: Job would conflict with reservation or top job"),
     PB + "(RESERVATION_CONFLICT)", POLARIS, {}, None),
    ("pbs-notrun-dedicated", WAIT, pbs("Not Running: Job would cross dedicated time boundary"),
     PB + "(CROSS_DED_TIME_BOUNDRY)", POLARIS, {}, None),
    ("pbs-notrun-project-limit", WAIT,
     pbs("Not Running: Server per-project limit reached on resource ncpus"),
     PB + "(SERVER_PROJECT_RES_LIMIT_REACHED)", POLARIS, {}, None),
    ("pbs-notrun-node-state", ADMIN, pbs("Not Running: Node is in an ineligible state: offline"),
     PB + "(INVALID_NODE_STATE)", POLARIS, {}, None),
    ("pbs-notrun-queue-not-started", ADMIN, pbs("Not Running: Queue not started."),
     PB + "(QUEUE_NOT_STARTED)", POLARIS, {}, None),
    ("pbs-held-failed-attempts", ADMIN, pbs("job held, too many failed attempts to run"),
     "openpbs/openpbs@cd7ab5ed src/server/req_runjob.c:1285",
     POLARIS, {}, None),
    ("pbs-never-total-nodes", "SCRIPT", pbs("Can Never Run: Not enough total nodes available"),
     PB + "(NO_TOTAL_NODES)", POLARIS,
     {"replace": [["select=2:system=polaris", "select=600:system=polaris"]]}, "ask"),
    ("pbs-never-insufficient-ncpus", "SCRIPT",
     pbs("Can Never Run: Insufficient amount of resource: ncpus (R: 128 A: 64 T: 64)"),
     PB + "(INSUFFICIENT_RESOURCE)", POLARIS,
     {"replace": [["select=2:system=polaris", "select=2:ncpus=128:system=polaris"]]}, "ask"),
]


def case(entry: tuple) -> dict:
    cid, cls, log, source, base, edits, expect = entry
    out: dict = {"id": cid, "split": "tune", "kind": "script" if cls == "SCRIPT" else "not_script",
                 "source": source, "what": cls if cls != "SCRIPT" else "per-job request", **base,
                 **edits, "log": log}
    if cls != "SCRIPT":
        out["expect"] = {}
    elif expect == "ask":
        out["expect"] = {"families": ["scheduler"], "ask": True}
    else:
        out["expect"] = {"families": ["scheduler"], "fix": expect}
    return out


def main() -> None:
    head = "# Generated by make_catalogue.py (edit there).\n"
    body = yaml.safe_dump({"schema": 1, "cases": [case(e) for e in ENTRIES]}, sort_keys=False,
                          allow_unicode=True, width=100)
    (HERE / "catalogue_cases.yaml").write_text(head + body, encoding="utf-8")
    print(len(ENTRIES), "messages")


if __name__ == "__main__":
    main()
