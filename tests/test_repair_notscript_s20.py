"""Failures that are not the launch script's (s20): an AMD GPU's memory access fault in the
older ROCm wording (no agent handle), the ROCm runtime's kernel faults read structurally, an
illegal instruction (a build for a newer CPU than the node's, also when srun only summarises
it), Kokkos built for another GPU architecture, a safetensors checkpoint whose header cannot be
read, a Slurm client that cannot reach munge on its host, Slurm's "launch failed requeued held"
given without squeue's parentheses, and a job Slurm preempted (no walltime fix). Guards: srun
inside a container that lacks the munge socket and a script that builds with Kokkos_ARCH_ itself
stay the script's, a time limit keeps its walltime fix, CUDA's own "illegal instruction was
encountered" stays a kernel fault, and a launch symptom still vetoes a structural reading. Logs
shaped like bench/s20repairnot_probe's tune cases and released tune rows (threads named in
templates/failures/s20_notscript.yaml); each test fails without its record or rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.structure import read

SRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python -u train.py --epochs 10
"""
CONTAINER = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --time=01:00:00
apptainer exec --nv pipeline.sif bash -c 'srun python -u train.py'
"""

ROCM_OLD = ("INFO:tensorflow:loss = 1.00229, step = 901, precision = 0.703125\n"
            "Memory access fault by GPU node-1 on address 0x1e4000. Reason: Page not present "
            "or supervisor privilege.\nAborted (core dumped)\n")
HSA = (":0:rocdevice.cpp            :2984: 185480406807 us: Callback: Queue 0x7f1c aborting "
       "with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access "
       "memory beyond the largest legal address. code: 0x29\n")
SIGILL = ("/var/spool/slurmd/job81234/slurm_script: line 9: 40412 Illegal instruction"
          "     (core dumped) Rscript fit.R\n")
SRUN_SIGILL = ("srun: error: cn0412: tasks 0-2: Illegal instruction\n"
               "srun: error: cn0412: task 3: Illegal instruction\n")
SAFETENSORS = ("safetensors_rust.SafetensorError: Error while deserializing header: "
               "MetadataIncompleteBuffer\n")
MUNGE = ('sbatch: error: If munged is up, restart with --num-threads=10\n'
         'sbatch: error: Munge encode failed: Failed to access "/run/munge/munge.socket.2": '
         'No such file or directory\n'
         'sbatch: error: authentication: Socket communication error\n'
         'sbatch: error: Batch job submission failed: Protocol authentication error\n')
KOKKOS = ("Kokkos::Cuda::initialize ERROR: likely mismatch of architecture\n"
          "[gpu004:105080] *** Process received signal ***\n"
          "[gpu004:105080] Signal: Aborted (6)\n")
PREEMPTED = ("slurmstepd: error: *** JOB 8812345 ON gpu017 CANCELLED AT 2024-03-02T10:11:12 "
             "DUE TO PREEMPTION ***\n")


@pytest.mark.parametrize(("log", "record"), [
    (ROCM_OLD, "rocm-gpu-queue-exception"),
    (SIGILL, "structure-cpu-instruction-unsupported"),
    (SRUN_SIGILL, "structure-cpu-instruction-unsupported"),
    (SAFETENSORS, "structure-data-error"),
    (MUNGE, "slurm-munge-unreachable"),
    (KOKKOS, "kokkos-gpu-arch-mismatch"),
    ("launch failed requeued held\n", "slurm-launch-failed-requeued-held"),
    (PREEMPTED, "slurm-job-preempted"),
])
def test_recognised_as_not_the_script(log: str, record: str) -> None:
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN))
    assert found and (found[0].record_id, found[0].verdict) == (record, "not_script")
    assert not found[0].fix.ops
    assert diagnose_log(SRUN, log, "delta", None, False)["proposed"] is None


@pytest.mark.parametrize(("log", "category"), [
    (ROCM_OLD, "kernel"),
    (HSA, "kernel"),
    (SIGILL, "cpu"),
    (SRUN_SIGILL, "cpu"),
    (SAFETENSORS, "data"),
])
def test_structure_reads_them(log: str, category: str) -> None:
    reading = read(log)
    assert reading is not None and reading.category == category


def test_cuda_illegal_instruction_stays_a_kernel_fault() -> None:
    log = "RuntimeError: CUDA error: an illegal instruction was encountered\n"
    reading = read(log)
    assert reading is not None and reading.category == "kernel"


def test_a_launch_symptom_still_vetoes_an_illegal_instruction() -> None:
    log = SIGILL + "srun: error: Unable to create step for job 41: Invalid generic resource\n"
    assert read(log) is None


def test_a_script_that_builds_with_kokkos_arch_is_not_cleared() -> None:
    """The job script configures the build itself: its Kokkos_ARCH_ setting is then in play."""
    script = SRUN.replace("srun python", "cmake -DKokkos_ENABLE_CUDA=ON -DKokkos_ARCH_VOLTA70=ON "
                          "..\nmake -j8\nsrun python")
    found = classify(FailureEvidence(cluster="delta", stderr=KOKKOS, script=script))
    assert not any(d.record_id == "kokkos-gpu-arch-mismatch" for d in found)


def test_a_time_limit_still_gets_the_walltime_fix() -> None:
    """A time limit is the script's walltime (set_walltime); only preemption is not."""
    log = PREEMPTED.replace("PREEMPTION", "TIME LIMIT")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN))
    assert found and found[0].record_id == "slurm-time-limit-reached"
    assert found[0].verdict == "script"


def test_munge_inside_a_container_is_not_called_a_site_fault() -> None:
    """srun run inside a container that lacks the host's munge socket: the script's doing."""
    log = MUNGE.replace("sbatch", "srun")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=CONTAINER))
    assert not any(d.record_id == "slurm-munge-unreachable" for d in found)
