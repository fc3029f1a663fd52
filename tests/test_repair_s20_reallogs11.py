"""The classes behind bench/reallogs11's held-out failures (templates/failures/s20_reallogs11.yaml):
MPICH's internal assertions, the spooled batch script missing on the node, pyxis' seccomp
filter, enroot mount sources (a blank in the path, a source root cannot read) are not the
script's; a named pyxis container without an image asks for the image; Lightning ranks started
twice get one task per GPU; Singularity's sandbox under /tmp asks for a temporary directory
unless the script set one (then the runtime is at fault); Ray workers that cannot register are
Ray's runtime; NCCL invalid usage from a per-node launcher above the GPUs gets the GPU count.
Logs shaped like bench/s20repair11held_probe's tune cases (threads named there); each test
fails without its record."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify

SRUN_MPI = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=64
#SBATCH --time=06:00:00
module load mpich
srun --cpu-bind=cores ./solver input.dat
"""
SRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=02:00:00
srun python -u train.py
"""
PYXIS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
CONT=nvcr.io#nvidia/pytorch:24.01-py3
srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py
"""
PYXIS_NAMED = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
srun --container-name=nemo --container-mounts="$PWD":/workspace python /workspace/train.py
"""
PYXIS_BLANK = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
srun --container-mounts '/home/u/foo bar':/root --container-image=debian date
"""
LIGHTNING = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=12:00:00
srun python train.py trainer.devices=4 trainer.num_nodes=2
"""
SING = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
module load singularity
{extra}srun singularity exec --nv --bind /scratch img.simg python train.py
"""
TORCHRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
torchrun --standalone --nnodes=1 --nproc_per_node={n} train.py
"""

MPICH_ASSERT = ("Assertion failed in file src/mpid/ch3/src/ch3u_request.c at line 481: "
                "dtp_ != NULL\n"
                "/usr/lib64/mpich/lib/libmpi.so.12(PMPI_Finalize+0x1c) [0x4000372aa784]\n")
SPOOL = ("slurmstepd: error: execve(): /tmp/slurmd/job2997814/slurm_script: No such file or "
         "directory\n")
SECCOMP = ("slurmstepd: error: pyxis: seccomp filter failed\n"
           "slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with "
           "rc=-1\n"
           "srun: error: em-node0: task 0: Exited with exit code 1\n")
RAY = ("Failed to register worker 01000000ffffffffffffffffffffffffffffffffffffffffffffffff to "
       "Raylet. IOError: [RayletClient] Unable to register worker with raylet. No such file or "
       "directory\n")
MOUNT_BLANK = ("slurmstepd: error: pyxis:     enroot-mount: failed to mount: /home/u/foo at "
               "/tmp/enroot-data/user-1/pyxis_4.0/bar: No such file or directory\n"
               "srun: error: node1: task 0: Exited with exit code 1\n")
MOUNT_DENIED = ("slurmstepd: error: pyxis:     enroot-mount: failed to mount: /home/u/coco at "
                "/tmp/enroot-data/user-0/pyxis_x/data: Permission denied\n")
NAMED = ('pyxis: error: a container with name "nemo" does not exist, and --container-image is '
         'not set\n')
RANKS_TWICE = "".join(f"initializing ddp: GLOBAL_RANK: {r}, MEMBER: {r + 1}/8\n" * 2
                      for r in range(4))
RANKS_ONCE = "".join(f"initializing ddp: GLOBAL_RANK: {r}, MEMBER: {r + 1}/8\n" for r in range(8))
SANDBOX = ("INFO:    Converting SIF file to temporary sandbox...\n"
           "FATAL:   while extracting /home/u/img.simg: root filesystem extraction failed: failed "
           "to copy content in staging file: write /tmp/rootfs-39/archive-41: no space left on "
           "device\n")
INVALID = ("RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:911, invalid "
           "usage, NCCL version 2.7.8\nncclInvalidUsage: This usually reflects invalid usage of "
           "NCCL library (such as too many async ops, too many collectives at once, mixing "
           "streams in a group, etc.).\n")


@pytest.mark.parametrize(("script", "log", "cluster", "record"), [
    (SRUN_MPI, MPICH_ASSERT, "delta", "mpich-internal-assertion"),
    # the same assertion as a terminal wraps it (s20repairnot_probe's ufs509 shape)
    (SRUN_MPI, "Assertion failed in file src/mpid/ch4/netmod/ofi/ofi_events.c at\nline 1034: "
     "0\n", "delta", "mpich-internal-assertion"),
    (SRUN, SPOOL, "anvil", "slurm-batch-script-missing-on-node"),
    (PYXIS, SECCOMP, "delta", "pyxis-seccomp-filter-failed"),
    (SRUN, RAY, "delta", "ray-worker-register-failed"),
    (PYXIS_BLANK, MOUNT_BLANK, "deltaai", "enroot-mount-source-with-blank"),
    (PYXIS, MOUNT_DENIED, "delta", "enroot-mount-source-not-readable"),
    (SING.format(extra="export SINGULARITY_TMPDIR=/scratch/$USER/tmp\n"), SANDBOX, "delta",
     "apptainer-tmpdir-ignored"),
])
def test_recognised_as_not_the_script(script: str, log: str, cluster: str, record: str) -> None:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    assert found and (found[0].record_id, found[0].verdict) == (record, "not_script")
    assert not found[0].fix.ops
    assert diagnose_log(script, log, cluster, None, False)["proposed"] is None


def test_a_blank_in_a_mount_path_is_not_an_unexported_environment() -> None:
    """DeltaAI's "not exported" record matched the bare "No such file or directory" of an
    enroot mount and invented --export=ALL (bench/reallogs11 pyxis133)."""
    data = diagnose_log(PYXIS_BLANK, MOUNT_BLANK, "deltaai", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "enroot-mount-source-with-blank"


def test_a_missing_mount_source_without_a_blank_is_the_script_s_path() -> None:
    log = MOUNT_BLANK.replace("/home/u/foo at", "/home/u/data at")
    data = diagnose_log(PYXIS, log, "deltaai", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "enroot-mount-source-missing"


def test_named_container_without_image_asks_for_the_image() -> None:
    data = diagnose_log(PYXIS_NAMED, NAMED, "delta", None, False)
    first = data["diagnoses"][0]
    assert first["record_id"] == "pyxis-named-container-missing"
    assert data["proposed"] is None and first.get("needs")


def test_lightning_ranks_started_twice_get_one_task_per_gpu() -> None:
    data = diagnose_log(LIGHTNING, RANKS_TWICE, "delta", None, False)
    assert data["proposed"]["record_id"] == "lightning-ranks-started-twice"
    assert "+#SBATCH --ntasks-per-node=4" in data["proposed"]["diff"]


def test_lightning_ranks_each_once_are_not_read_as_started_twice() -> None:
    found = classify(FailureEvidence(cluster="delta", stderr=RANKS_ONCE, script=LIGHTNING))
    assert all(d.record_id != "lightning-ranks-started-twice" for d in found)


def test_sandbox_under_tmp_asks_for_a_temporary_directory() -> None:
    data = diagnose_log(SING.format(extra=""), SANDBOX, "delta", None, False)
    first = data["diagnoses"][0]
    assert first["record_id"] == "apptainer-sandbox-extract-tmp-full" and first.get("needs")


def test_nccl_invalid_usage_from_more_processes_than_gpus() -> None:
    data = diagnose_log(TORCHRUN.format(n=8), INVALID, "delta", None, False)
    assert data["proposed"]["record_id"] == "nccl-invalid-usage-launcher-above-gpus"
    assert "--nproc_per_node=4" in data["proposed"]["diff"]


def test_nccl_invalid_usage_with_one_process_per_gpu_gets_no_launcher_fix() -> None:
    data = diagnose_log(TORCHRUN.format(n=4), INVALID, "delta", None, False)
    assert data["proposed"] is None


def test_a_killed_line_of_the_batch_script_is_not_a_missing_batch_script() -> None:
    log = "/tmp/slurmd/job603995/slurm_script: line 9:  4727 Killed\n"
    found = classify(FailureEvidence(cluster="anvil", stderr=log, script=SRUN))
    assert all(d.record_id != "slurm-batch-script-missing-on-node" for d in found)
