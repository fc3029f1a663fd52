"""Writes bench/s35sched_probe/cases.yaml (the probe's 9 real excerpts); the file header is read
from stdin: python make_cases.py < header.txt > cases.yaml."""
# ruff: noqa: E501
import hashlib
import sys

import yaml

C = []


def add(id, kind, source, thread_site, what, cluster, script, log, expect, directives=None, replace=None):
    d = {"id": id, "split": "tune" if int(hashlib.sha256(id.encode()).hexdigest(), 16) % 2 == 0 else "heldout",
         "kind": kind, "source": source, "thread_site": thread_site, "what": what, "cluster": cluster, "script": script}
    if directives:
        d["directives"] = directives
    if replace:
        d["replace"] = replace
    d["log"] = log
    d["expect"] = expect
    C.append(d)

add("isciii-srun-more-time-partitiontimelimit", "script", "find_string:21594013564",
    "a Spanish bioinformatics unit's HPC training notes (ISCIII 'ideafix' cluster, Slurm; code search text id 21594013564): exercise 'Más tiempo' - `srun --partition short_idx --time 2-00:00:00 ... sleep 1` prints these two lines, and the queue shows the job PENDING with (PartitionTimeLimit); the notes say it will never run and must be cancelled",
    "the job asks a longer --time than its partition's MaxTime, so Slurm holds it pending forever; the request is the job's own (its --time / --partition): a script problem. Mapped onto Delta: the job names the 1-hour gpuA100x4-interactive partition with --time=2-00:00:00; right: a partition that takes two days (gpuA100x4) or a --time within the partition's 1 h",
    "delta", "srun_torchrun.sh",
    "srun: Requested partition configuration not available now\nsrun: job 4787287 queued and waiting for resources\n4787287 MORE_TIME                                                                   PENDING  s.varona   bi    short_idx  17928    1     2-00:00:00  0:00     1       4G      (PartitionTimeLimit)\n",
    {"families": ["scheduler"], "fix": r"(?m)^\+#SBATCH (?:--time=0?1:00:00|(?:-p|--partition)[ =]gpuA100x4)$"},
    directives=["#SBATCH --partition=gpuA100x4-interactive"],
    replace=[["--time=01:00:00", "--time=2-00:00:00"]])
add("gen13-pipeline-36h-partitiontimelimit", "script", "find_string:57373477787",
    "a research repo's incident note (code search text id 57373477787): the user's pipeline job sat PENDING with this squeue line; cause found: the script asked --time=36:00:00 on a partition whose ceiling is 24 h; fix: keep every --time within 24 h (the work split into chained jobs)",
    "the job's own --time exceeds its partition's maximum (PartitionTimeLimit: never scheduled): a script problem. Mapped onto Lonestar6: the job names the 2-hour gpu-a100-dev partition with --time=36:00:00; right: a partition that takes 36 h (gpu-a100) or a --time within 2 h",
    "lonestar6", "srun_torchrun.sh",
    "23577  llim  0:00  2  gpu-1-student  (PartitionTimeLimit)  gres:gpu:1  PENDING  imf_pipeline_hardflow\n",
    {"families": ["scheduler"], "fix": r"(?m)^\+#SBATCH (?:--time=0?2:00:00|(?:-p|--partition)[ =]gpu-a100)$"},
    directives=["#SBATCH -p gpu-a100-dev"],
    replace=[["--time=01:00:00", "--time=36:00:00"]])
add("pbsworks-training-can-never-run-ncpus", "script", "find_string:21523789217",
    "an Altair PBS Professional training deck (text of the slides; code search text id 21523789217), 'Managing Jobs': qstat of job 5 asking 15 nodes/30 tasks, with the scheduler's comment; the deck: 'Job is in queue due to insufficient amount of resources on compute nodes'",
    "Can Never Run: the job asks 30 CPUs where the complex has 2 in total (R: 30 A: 2 T: 2), so it can never start as written; the request (select/ncpus) is the job script's and only the user knows the size the work needs: ask. Mapped onto Polaris: the script's select asks ncpus=30 a chunk; right: a question (no fix)",
    "polaris", "pbs_polaris_torchrun.sh",
    "5.pbsworks   manish  workq  STDIN     --  15 30  --  -- Q  --\nCan Never Run: Insufficient amount of resource: ncpus (R: 30 A: 2 T: 2)\n",
    {"families": ["scheduler"], "ask": True, "ask_for": ["select", "ncpus", "count"]},
    replace=[["select=2:system=polaris", "select=1:ncpus=30:system=polaris"]])
add("cscs-eiger-reqnodenotavail-maintenance", "not_script", "find_string:384903878",
    "a CSCS (Eiger, Slurm) course's exercise log (code search text id 384903878): three submitted hostname jobs shown by squeue, all pending for the maintenance reservation",
    "(ReqNodeNotAvail, Reserved for maintenance): the nodes are reserved for a maintenance window; the jobs start when it ends - nothing in the script (a tiny debug job) is at fault. Mapped onto Delta (Slurm)",
    "delta", "srun_torchrun.sh",
    "[eiger][mfaehnri@eiger-ln001 exercise_session_02]$ squeue -u mfaehnri\n             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n           3370977     debug   my_job mfaehnri PD       0:00      1 (ReqNodeNotAvail, Reserved for maintenance)\n           3370984     debug   my_job mfaehnri PD       0:00      1 (ReqNodeNotAvail, Reserved for maintenance)\n           3370985     debug   my_job mfaehnri PD       0:00      1 (ReqNodeNotAvail, Reserved for maintenance)\n",
    {})
add("a40-array-pending-qosmaxgresperuser", "not_script", "find_string:54888915707",
    "a research repo's job watch log (code search text id 54888915707): an 8-task GPU array on the A40 partition polled with squeue, all tasks pending",
    "(QOSMaxGRESPerUser): the user's other GPU jobs already hold the QOS's per-user GPU cap; the array tasks start as those end - a wait, not the script. Mapped onto Delta (Slurm)",
    "delta", "srun_torchrun.sh",
    "### squeue\n```text\n             JOBID PARTITION    STATE       TIME     NODELIST(REASON)\n      889864_[0-7]       A40  PENDING       0:00  (QOSMaxGRESPerUser)\n```\n",
    {}, directives=["#SBATCH --array=0-7"])
add("polaris-debug-scaling-notrunning-at-queue", "not_script", "find_string:55904381373",
    "a project's run log on ALCF Polaris (PBS; code search text id 55904381373): a 2-node debug-scaling job still queued; qstat -f shows the scheduler's comment",
    "Not Running: the queue's resources are busy right now (at_queue); the job runs when they free - a wait, not the script",
    "polaris", "pbs_polaris_torchrun.sh",
    "- qstat -f: `job_state = Q`; `comment = Not Running: Insufficient amount of resource: at_queue`\n",
    {})
add("imperial-cx3-notrunning-ncpus", "not_script", "find_string:16033181809",
    "a user's qstat -f output on Imperial College's CX3 (PBS Pro; code search text id 16033181809): a one-GPU job queued in v1_gpu72 with an estimated start time",
    "Not Running: not enough free CPUs now; PBS estimates a start time - a wait, not the script. Mapped onto Polaris (PBS)",
    "polaris", "pbs_polaris_torchrun.sh",
    "\tPBS_O_MAIL=/var/spool/mail/user,PBS_O_QUEUE=v1_gpu72,\n\tPBS_O_HOST=cx3-2-29.cx3.hpc.ic.ac.uk\n    comment = Not Running: Insufficient amount of resource: ncpus \n    etime = Mon Feb 13 19:00:07 2023\n    eligible_time = 01:10:51\n    estimated.exec_vnode = (cx3-10-8.cx3.hpc.ic.ac.uk:ncpus=4:mem=8388608kb:ngp\n\tus=1)\n    estimated.start_time = Tue Feb 14 02:10:01 2023\n",
    {})
add("cyclecloud-can-never-run-slot-type-quota", "not_script", "find_string:3016861087",
    "a Japanese Azure CycleCloud + OpenPBS walkthrough (code search text id 3016861087): a job sent to the HB120rs_v2 node array, which the subscription has no quota for; the author: it fails for want of quota",
    "look-alike: 'Can Never Run' here is the cloud subscription's VM quota (the autoscaler can start no such VM), not the job's request; the job script (a one-CPU hello) is not at fault. Mapped onto Polaris (PBS)",
    "polaris", "pbs_polaris_torchrun.sh",
    "0.ip-0A000304   cyclead* workq    hello.sh      --    1   1    --    --  Q   --\n    --\n   Can Never Run: Insufficient amount of resource: slot_type (HB120rs_v2 !...\n",
    {})
add("spock-srun-queued-then-libibmad-missing", "not_script", "find_string:25601497702",
    "a user's notes on building MPI code on a new Cray (code search text id 25601497702): srun waits, is allocated, and the program fails to load a fabric library on the compute node",
    "look-alike: the job was queued and then allocated (no pending reason is the failure); the failure is a shared library (libibmad) missing from the node's environment under the chosen programming environment: the site's software stack, not the launch script. Mapped onto Delta (Slurm)",
    "delta", "srun_torchrun.sh",
    "[kaig@ln-0001 build]$ srun ./mpi-hello\nsrun: job 4901 queued and waiting for resources\nsrun: job 4901 has been allocated resources\n/mnt/lustre/germaschewski/kaig/src/mpi-test/build/./mpi-hello: error while loading shared libraries: libibmad.so.12: cannot open shared object file: No such file or directory\nsrun: error: cn-0013: task 0: Exited with exit code 127\n",
    {})
if __name__ == "__main__":
    head = sys.stdin.read()
    print(head + yaml.safe_dump({"schema": 1, "cases": C}, sort_keys=False, allow_unicode=True, width=110))
