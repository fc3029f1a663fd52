"""Failures that are not the launch script's (s19): a node's NVIDIA driver and library out of
step, a node that cannot resolve the Slurm controller, PBS aborting a job for a node or server
fault, the CUDA driver used before it was initialised, every loaded module unknown at once (the
node's module tree), a GPU the driver could not bring up, autograd misuse in the program's
code; and two tightenings: a CUDA wording on a library's warning line is not read as the
failure (XLA skips a device it cannot open), an out-of-memory whose figures say the GPU is
simply full gets no allocator setting (matching.figures_hold), and a script that does name its
own fault (one module of several unknown, an output path set) still gets the script's answer.
Logs shaped like bench/s19repairnot_probe's tune cases and bench/reallogs10's released ones
(threads named there); each test fails without its record or rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.lognorm import canonical_lines
from maple_flow.repair.structure import read

SRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python -u train.py --epochs 10
"""
PBS = """#!/bin/bash
#PBS -l select=1:system=polaris
#PBS -l walltime=01:00:00
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
mpiexec -n 4 --ppn 4 python train.py
"""

NVML = "Failed to initialize NVML: Driver/library version mismatch\n"
RESOLVER = ('slurmstepd: error: Unable to resolve "ctl01": Host name lookup failure\n'
            "slurmstepd: error: Unable to establish control machine address\n")
PBS_NODE = "Job deleted at request of root@server.local\njob preempted (node failure)\n"
PBS_ABORT = ("Aborted by PBS Server\nJob cannot be executed\nSee Administrator for help\n"
             "Exit_status=-9\n")
NOT_INIT = ("CUDA backend failed to initialize: jaxlib/cuda/versions_helpers.cc:90: operation "
            "gpuDeviceGetAttribute(&major, GPU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "
            "device) failed: CUDA_ERROR_NOT_INITIALIZED\n")


@pytest.mark.parametrize(("script", "log", "cluster", "record"), [
    (SRUN, NVML, "delta", "nvml-driver-library-mismatch"),
    (SRUN, RESOLVER, "delta", "slurm-controller-name-unresolved"),
    (PBS, PBS_NODE, "polaris", "pbs-job-aborted-node-or-server"),
    (PBS, PBS_ABORT, "polaris", "pbs-job-aborted-node-or-server"),
    (SRUN, NOT_INIT, "delta", "cuda-driver-not-initialized"),
])
def test_recognised_as_not_the_script(script: str, log: str, cluster: str, record: str) -> None:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    assert found and (found[0].record_id, found[0].verdict) == (record, "not_script")
    assert not found[0].fix.ops
    assert diagnose_log(script, log, cluster, None, False)["proposed"] is None


def test_nvml_mismatch_with_the_scripts_own_compat_library_is_not_the_node() -> None:
    script = SRUN.replace("srun", "export LD_LIBRARY_PATH=/opt/cuda/compat:$LD_LIBRARY_PATH\nsrun")
    found = classify(FailureEvidence(cluster="delta", stderr=NVML, script=script))
    assert all(d.record_id != "nvml-driver-library-mismatch" for d in found)


def test_pbs_abort_with_output_paths_set_by_the_script_is_not_claimed() -> None:
    script = PBS.replace("#PBS -A MyProject", "#PBS -A MyProject\n#PBS -o /no/such/dir/out.log")
    found = classify(FailureEvidence(cluster="polaris", stderr=PBS_ABORT, script=script))
    assert all(d.record_id != "pbs-job-aborted-node-or-server" for d in found)


def test_cublas_not_initialized_is_not_the_driver_record() -> None:
    log = ("RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling "
           "`cublasCreate(handle)`\n")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN))
    assert all(d.record_id != "cuda-driver-not-initialized" for d in found)


MODULES = SRUN.replace("srun", "module load fsl/5.0.10 ANTs\nsrun")
UNKNOWN = ('Lmod has detected the following error:  The following module(s) are\n'
           'unknown: "{}"\n')


def test_every_loaded_module_unknown_is_the_module_tree_not_a_fix() -> None:
    log = UNKNOWN.format("fsl/5.0.10") + UNKNOWN.format("ANTs")
    data = diagnose_log(MODULES, log, "anvil", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "lmod-module-tree-unreadable"
    assert data["diagnoses"][0]["verdict"] == "not_script"


def test_one_unknown_module_of_several_is_the_script_not_the_tree() -> None:
    # s34wrong: fsl is an application's module, so it is asked for, no longer dropped
    data = diagnose_log(MODULES, UNKNOWN.format("fsl/5.0.10"), "anvil", None, False)
    assert data["diagnoses"][0]["record_id"] != "lmod-module-tree-unreadable"
    assert data["proposed"] is None
    assert any(d["needs"] for d in data["diagnoses"])


@pytest.mark.parametrize("line", [
    "[   39.147720] NVRM: RmInitAdapter failed! (0x26:0xffff:1127)",
    "[   38.773764] NVRM: rm_init_adapter failed for device bearing minor number 0",
])
def test_driver_cannot_bring_up_a_gpu_is_hardware(line: str) -> None:
    reading = read(line)
    assert reading is not None and reading.category == "hardware"


@pytest.mark.parametrize("log", [
    "RuntimeError: grad_input must be contiguous\n",
    "RuntimeError: element 0 of variables does not require grad and does not have a grad_fn\n",
    "RuntimeError: unsupported operation: more than one element of the written-to tensor "
    "refers to a single memory location.\n",
])
def test_autograd_misuse_is_the_program(log: str) -> None:
    data = diagnose_log(SRUN, log, "delta", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "structure-program-error"


XLA_WARNING = ("2024-09-05 07:57:34.555804: W external/xla/xla/service/platform_util.cc:199] "
               "unable to create StreamExecutor for CUDA:1: failed initializing StreamExecutor "
               "for CUDA device ordinal 1: INTERNAL: Failed call to cuDeviceGet: "
               "CUDA_ERROR_INVALID_DEVICE: invalid device ordinal\n")


def test_a_warning_lines_cuda_wording_is_not_the_failure() -> None:
    assert canonical_lines(XLA_WARNING) == []
    assert canonical_lines(XLA_WARNING.replace(": W external", ": E external")) == [
        "CUDA error: invalid device ordinal"]


def test_xla_skipping_a_device_gets_no_gpu_request_fix() -> None:
    script = SRUN.replace("#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-task=1")
    assert diagnose_log(script, XLA_WARNING, "delta", None, False)["proposed"] is None


OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {need}. GPU 0 has a total "
       "capacity of {cap} of which 0 bytes is free. Of the allocated memory 80.00 GiB is "
       "allocated by PyTorch, and {spare} is reserved by PyTorch but unallocated. If reserved "
       "but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments"
       ":True to avoid fragmentation.\n")
TORCHRUN = SRUN.replace("srun python -u train.py", "srun torchrun --nproc_per_node=4 train.py")


@pytest.mark.parametrize(("need", "cap", "spare"), [
    ("1.30 GiB", "94.99 GiB", "3.97 GiB"),   # a twentieth of the GPU is more than that
    ("1.70 GiB", "6.00 GiB", "2.30 GiB"),    # not twice the request
    ("14.06 GiB", "79.25 GiB", "14.15 GiB"),
])
def test_a_full_gpu_is_not_fragmentation(need: str, cap: str, spare: str) -> None:
    log = OOM.format(need=need, cap=cap, spare=spare)
    data = diagnose_log(TORCHRUN, log, "delta", None, False)
    assert data["proposed"] is None
    assert all(d["record_id"] != "cuda-out-of-memory-fragmented" for d in data["diagnoses"])


def test_fragmentation_with_room_to_spare_keeps_the_allocator_setting() -> None:
    log = OOM.format(need="2.00 GiB", cap="79.32 GiB", spare="12.40 GiB")
    data = diagnose_log(TORCHRUN, log, "delta", None, False)
    assert data["proposed"]["record_id"] == "cuda-out-of-memory-fragmented"
