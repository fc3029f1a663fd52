"""s32not: not-script classes read from the failing component's own words - a cuDNN kernel
with no execution plan, an NVML driver/library mismatch in any case or the container hook's
form, an MPI count or size that overflowed to a negative value, a device allocation refused by
XLA/TF/llama.cpp, a namelist the program cannot read, a privileged port a library picked - are
advice with no fix; their script-side look-alikes are not claimed."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify

SRUN = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --time=02:00:00\nsrun python -u eval.py\n")
MPI = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --time=01:00:00\n"
       "module load openmpi\nsrun ./attach_large_buffer\n")

CASES = [
    (SRUN, "RuntimeError: cuDNN Frontend error: No valid execution plans built\n", "delta",
     "cudnn-no-execution-plan"),
    (SRUN, "failed to initialize NVML: Driver/library version mismatch\n", "delta",
     "nvml-driver-library-mismatch"),
    (SRUN, "nvidia-container-cli: initialization error: nvml error: driver/library version "
     "mismatch: unknown\n", "delta", "nvml-driver-library-mismatch"),
    (MPI, "PMPI_Buffer_attach(114): MPI_Buffer_attach(buf=0x150c42495020, size=-589934592) "
     "failed\nPMPI_Buffer_attach(89).: Invalid value for size, must be non-negative but is "
     "-589934592\nsrun: error: nid003048: task 0: Exited with exit code 255\n", "anvil",
     "mpi-negative-count-or-size"),
    (SRUN, "memory allocation failed with OOM on device 0 while trying to allocate 27GB\n",
     "delta", "device-memory-allocation-failed"),
    (SRUN, "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 33762398024 bytes.\n",
     "delta", "device-memory-allocation-failed"),
    (MPI, " ***ERROR reading VEGFRAC namelist\ngc_abort (Processor     0): ANCIL EXIT\n"
     "srun: error: dvn01: task 0: Exited with exit code 9\n", "anvil",
     "program-namelist-read-error"),
    (SRUN, "local network address. port: 100, ..., EADDRINUSE\n", "delta",
     "program-binds-privileged-port"),
]


@pytest.mark.parametrize(("script", "log", "cluster", "record"), CASES)
def test_recognised_as_not_the_script(script: str, log: str, cluster: str, record: str) -> None:
    data = diagnose_log(script, log, cluster, None, False)
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record, "not_script")
    assert data["proposed"] is None


def test_a_privileged_port_the_script_sets_is_not_a_library_choice() -> None:
    script = SRUN.replace("srun", "export MASTER_PORT=100\nsrun")
    log = ("The server socket has failed to listen on any local network address. port: 100, "
           "useIpv6: 0, code: -13, name: EACCES, message: permission denied\n")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=script))
    assert all(d.record_id != "program-binds-privileged-port" for d in found)


def test_an_unprivileged_port_taken_stays_the_scripts_port() -> None:
    log = ("torch.distributed.DistNetworkError: The server socket has failed to listen on any "
           "local network address. port: 29500, useIpv6: false, code: -98, name: EADDRINUSE, "
           "message: address already in use\n")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN))
    assert all(d.record_id != "program-binds-privileged-port" for d in found)


def test_a_positive_count_refused_is_not_an_overflow() -> None:
    log = ("Abort(338288898) (rank 0 in comm 0): Fatal error in PMPI_Send: Invalid count, error "
           "stack:\nPMPI_Send(163): MPI_Send(buf=0x7f1e92200000, count=1024, MPI_INT, dest=1, "
           "tag=123, MPI_COMM_WORLD) failed\n(unknown)(): Invalid count\n")
    found = classify(FailureEvidence(cluster="anvil", stderr=log, script=MPI))
    assert all(d.record_id != "mpi-negative-count-or-size" for d in found)


def test_a_host_oom_kill_is_not_a_device_allocation() -> None:
    log = ("slurmstepd: error: Detected 1 oom_kill event in StepId=123456.0. Some of the step "
           "tasks have been OOM Killed.\n")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN))
    assert all(d.record_id != "device-memory-allocation-failed" for d in found)
