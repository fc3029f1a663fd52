"""Writes bench/s35sched_probe/cases2.yaml: a second set of real excerpts (pending reasons),
gathered after the records were built and run on them once, untuned (a check of generality).
Header from stdin: python make_cases2.py < cases2_header.txt > cases2.yaml."""
# ruff: noqa: E501
import sys

import yaml
from make_cases import C, add  # type: ignore[import-not-found]

C.clear()
add("knu-espresso-srun-partitionnodelimit", "script", "find_string:29162457855",
    "a Slurm user guide of a university cluster (code search text id 29162457855): `srun -N 5 -n 10 -p espresso /bin/hostname` on a partition whose per-job node maximum is 2; the guide: the job will not run and awaits resources; scancel it",
    "the job asks more nodes than its partition allows (PartitionNodeLimit; srun prints the controller's reason first): a script problem. Mapped onto Delta: the job names the 4-node gpuA100x4-interactive partition with -N 5; right: a partition that takes 5 nodes (gpuA100x4)",
    "delta", "srun_torchrun.sh",
    "$ srun -N 5 -n 10 -p espresso /bin/hostname\nsrun: Requested partition configuration not available now\nsrun: job 330 queued and waiting for resources\n$ squeue\nJOBID PARTITION     NAME     USER    STATE       TIME   TIME_LIMIT  NODES  NODELIST(REASON)\n  330  espresso hostname   cbpark  PENDING       0:00        20:00      5  (PartitionNodeLimit)\n",
    {"families": ["scheduler"], "fix": r"(?m)^\+#SBATCH --partition=gpuA100x4$"},
    directives=["#SBATCH --partition=gpuA100x4-interactive"],
    replace=[["#SBATCH -N 2", "#SBATCH -N 5"]])
add("vtarc-normal-q-64-nodes-partitionnodelimit", "script", "find_string:34119726714",
    "a university research-computing guide (code search text id 34119726714): squeue of a job pending on normal_q; the guide: it was submitted with a request for 64 nodes, which exceeds the per-job limit of normal_q",
    "the request's node count is above its partition's per-job limit: a script problem. Mapped onto Delta: the job names the 4-node gpuA100x4-interactive partition with -N 64; right: a partition that takes 64 nodes (gpuA100x4)",
    "delta", "srun_torchrun.sh",
    "[brownm12@calogin2 ~]$ squeue -u brownm12\nJOBID PARTITION NAME USER ST TIME NODES NODELIST(REASON)\n310926 normal_q bash brownm12 PD 0:00 64 (PartitionNodeLimit)\n",
    {"families": ["scheduler"], "fix": r"(?m)^\+#SBATCH --partition=gpuA100x4$"},
    directives=["#SBATCH --partition=gpuA100x4-interactive"],
    replace=[["#SBATCH -N 2", "#SBATCH -N 64"]])
add("networktests-scontrol-jobheldadmin", "not_script", "find_string:4905088492",
    "a network-test suite's README (code search text id 4905088492): a 10-node run submitted with make; `scontrol show job` shows the job held",
    "JobHeldAdmin: an administrator holds the job; only the site releases it - not the script. Mapped onto Delta (Slurm)",
    "delta", "srun_torchrun.sh",
    "Submitted batch job 123456\n$ scontrol show job 123456 | grep -i jobstate\n   JobState=PENDING Reason=JobHeldAdmin Dependency=(null)\n",
    {})
add("pcluster-cmaq-nodes-required-down", "not_script", "find_string:45248679034",
    "a CMAQ on AWS ParallelCluster tutorial (code search text id 45248679034): the 2-node job stays pending with this reason while spot compute nodes cannot be started; the tutorial switches the cluster to on-demand nodes",
    "the nodes are down/unavailable (cloud capacity), not the job's request - not the script. Mapped onto Delta (Slurm)",
    "delta", "srun_torchrun.sh",
    "ubuntu@ip-10-0-1-70:/shared/build/openmpi_gcc/CMAQ_v54+/CCTM/scripts$ squeue\n             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n                 3    queue1     CMAQ   ubuntu PD       0:00      2 (Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions)\n",
    {})
add("biooscloud-squeue-pending-mix", "not_script", "find_string:39801628789",
    "a lab cluster's Slurm notes (code search text id 39801628789): squeue with a custom format of the users' jobs: three pending with Resources, node availability and Priority, one running",
    "the pending jobs wait for busy or unavailable nodes and priority; nothing says the script is wrong. Mapped onto Delta (Slurm)",
    "delta", "srun_torchrun.sh",
    "             JOBID PRIORITY      NAME     USER ST       TIME  TIME_LEFT   CPUS MIN_MEMORY NODELIST(REASON)\n                 9 4294901751      test jm12em@b PD       0:00 14-00:00:00     40 300G (Resources)\n                10 4294901750  minimap2 ksa@bio. PD       0:00    1:00:00      4 40G (Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions)\n                11 4294901749      test jm12em@b PD       0:00 14-00:00:00      4 10G (Priority)\n                 8 4294901752      test jm12em@b  R      20:35 13-23:39:25     40 0 bio-oscloud04\n",
    {})
head = sys.stdin.read()
print(head + yaml.safe_dump({"schema": 1, "cases": C}, sort_keys=False, allow_unicode=True, width=110))
