"""Failures that are not the launch script's, read by the family of the message (s21): the RDMA
fabric's own reports (an IB port event, a catastrophic adapter error, a completion failed after
its retries, UCX's retry count exceeded), the scheduler's reports of its own machinery failing
on a node (a prolog, a job credential the node rejects, a revoked allocation after a prolog
failure, slurmstepd's own plugins), GPU driver/firmware reports of any vendor (GSP firmware
timeouts, a contained NVLink/hardware error, amdgpu resets, Intel's lost device) and glibc's
abort on a corrupted heap (a native crash). Guards: a log that names a fabric setting the
script may set (NCCL_IB_*, UCX_*) keeps a completion error open, a refused request of the
script (an invalid account) keeps the scheduler's words the script's, munge's missing socket (a
container without it) is not a site fault, and the old launch veto still holds for the rest.
Logs shaped like bench/s21notscript_probe's tune cases (threads named in
templates/failures/s21_notscript.yaml); each test fails without its rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.structure import read

TORCHRUN = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\
    --rdzv_endpoint="$MASTER_ADDR:29500" train.py
"""

IB_COMPLETION = "gpu12:4654:5666 [0] NCCL WARN NET/IB Got completion error 12\n"
UCX_RETRY = ("[compute001:31180:0:31180] ib_mlx5_log.c:143  Transport retry count exceeded on "
             "mlx5_0:1/RoCE (synd 0x15 vend 0x81 hw_synd 0/0)\n")
PORT_EVENT = ("iter 83594: loss 1.9491, time: 6235.95ms\n"
              "node48:34050:34121 [0] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event "
              ": port error\n")
PROLOG = ("srun: error: Task launch for 23.0 failed on node hpc: Job prolog failed\n"
          "srun: error: Application launch failed: Job prolog failed\n"
          "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n")
CREDENTIAL = ("srun: error: Task launch for 47.0 failed on node n-c122: Invalid job credential\n"
              "srun: error: Application launch failed: Invalid job credential\n")
REVOKED = ("salloc: Prolog failure on node k003-006\n"
           "salloc: Job allocation 235454 has been revoked.\n")
STEPD_PLUGIN = ("slurmstepd: error: container_p_join: open failed /scratch/119383/.active: No "
                "such file or directory\nslurmstepd: error: container_g_join failed: 119383\n")
GSP = "NVRM: GPU0 Timeout waiting for RPC from GSP! Expected function 76 (GSP_RM_CONTROL)\n"
CONTAINED = ("E0905 17:34:36.549 gpu_cudamallocasync_allocator.cc:414] CUDA_ERROR_CONTAINED: "
             "Invalid access of peer GPU memory over nvlink or a hardware error\n")
AMD_RESET = ("[22344.295194] amdgpu 0000:03:00.0: amdgpu: GPU mode1 reset failed\n"
             "[22348.746525] [drm] VRAM is lost due to GPU reset!\n")
HEAP = ("step 4100 loss 2.31\ndouble free or corruption (!prev)\n"
        "/var/spool/slurmd/job812/slurm_script: line 12: 9981 Aborted (core dumped) "
        "python train.py\n")
ZE_LOST = "RuntimeError: level_zero backend failed with error: 20 (ZE_RESULT_ERROR_DEVICE_LOST)\n"


@pytest.mark.parametrize(("log", "category"), [
    (IB_COMPLETION, "fabric"),
    (UCX_RETRY, "fabric"),
    (PORT_EVENT, "fabric"),
    (PROLOG, "site"),
    (CREDENTIAL, "site"),
    (REVOKED, "site"),
    (STEPD_PLUGIN, "site"),
    (GSP, "hardware"),
    (CONTAINED, "hardware"),
    (AMD_RESET, "hardware"),
    (ZE_LOST, "hardware"),
    (HEAP, "library"),
])
def test_structure_reads_the_family(log: str, category: str) -> None:
    reading = read(log)
    assert reading is not None and reading.category == category


@pytest.mark.parametrize(("log", "record"), [
    (IB_COMPLETION, "structure-fabric-fault"),
    (PROLOG, "structure-site-fault"),
    (GSP, "structure-gpu-hardware-fault"),
])
def test_recognised_as_not_the_script(log: str, record: str) -> None:
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=TORCHRUN))
    assert found and (found[0].record_id, found[0].verdict) == (record, "not_script")
    assert not found[0].fix.ops
    assert diagnose_log(TORCHRUN, log, "delta", None, False)["proposed"] is None


def test_a_fabric_setting_in_the_log_keeps_a_completion_error_open() -> None:
    """With the script's own fabric settings in play (a GID index, an HCA list), a completion
    error may be theirs: no fabric reading."""
    log = ("NCCL INFO NCCL_IB_GID_INDEX set by environment to 0.\n" + IB_COMPLETION)
    assert read(log) is None


def test_a_refused_request_keeps_the_schedulers_words_the_scripts() -> None:
    log = PROLOG + ("srun: error: Unable to allocate resources: Invalid account or "
                    "account/partition combination specified\n")
    assert read(log) is None


def test_munge_socket_missing_is_not_a_site_fault() -> None:
    """munged's socket not found is a container without it (the script's) or a daemon down:
    its own record decides, not the site category."""
    log = ('srun: error: Munge encode failed: Unable to access "/var/run/munge/munge.socket.2":'
           ' No such file or directory\n')
    reading = read(log)
    assert reading is None or reading.category != "site"


def test_the_launch_veto_still_holds_for_the_rest() -> None:
    log = "OSError: [Errno 5] Input/output error\nexport MASTER_ADDR=unset\n"
    assert read(log) is None
