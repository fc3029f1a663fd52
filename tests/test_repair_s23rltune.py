"""General readings of helper s23rltune (templates/failures/s23_rltune.yaml, the srun cpu-bind
and NVLS wordings, repair/lognorm.py): each a log line read together with the launch's shape,
never one thread's message. Fixtures written anew (other scripts and values than the
reallogs20/21 tune cases), each failing without its fix."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.lognorm import canonical_lines

BARE = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=2\n#SBATCH --gpus-per-node=2\n"
        "#SBATCH --time=02:00:00\nmodule load python\npython fit.py --max-epochs 5\n")
DEEPSPEED = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=2\n#SBATCH --time=01:00:00\n"
             "deepspeed --num_gpus 2 finetune.py --deepspeed ds.json\n")
SRUN = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=2\n#SBATCH --gpus-per-node=2\n"
        "#SBATCH --time=01:00:00\nsrun python fit.py\n")


def _diag(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def test_allocation_refusal_without_the_clients_name_reads_as_sbatchs() -> None:
    log = "error: Job submit/allocate failed: Invalid partition name specified\n"
    assert canonical_lines(log) == [
        "sbatch: error: Batch job submission failed: Invalid partition name specified"]
    data = _diag(SRUN.replace("#SBATCH --time", "#SBATCH --partition=a100\n#SBATCH --time"), log)
    assert data["proposed"] is not None, data.get("why_none")
    assert data["proposed"]["record_id"] == "slurm-invalid-partition"


def test_one_store_client_of_many_with_a_bare_python_launches_it_with_srun() -> None:
    log = ("torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. "
           "1/4 clients joined.\n")
    data = _diag(BARE, log)
    assert data["proposed"] is not None, data.get("why_none")
    assert data["proposed"]["record_id"] == "program-bare-in-multitask-job"
    assert "+srun python fit.py --max-epochs 5" in data["proposed"]["diff"]


def test_the_bare_python_reading_needs_a_job_of_several_tasks_and_one_client() -> None:
    log = ("torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. "
           "1/4 clients joined.\n")
    one = BARE.replace("#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=2\n", "#SBATCH --nodes=1\n")
    for script in (one, SRUN):
        ids = [d["record_id"] for d in _diag(script, log)["diagnoses"]]
        assert "program-bare-in-multitask-job" not in ids, (script, ids)
    three = log.replace("1/4", "3/4")
    ids = [d["record_id"] for d in _diag(BARE, three)["diagnoses"]]
    assert "program-bare-in-multitask-job" not in ids, ids


def test_deepspeed_local_rank_rejected_by_the_program_is_not_the_scripts() -> None:
    log = "finetune.py: error: unrecognized arguments: --local_rank=1\n"
    data = _diag(DEEPSPEED, log)
    assert data["proposed"] is None, data["proposed"]
    first = data["diagnoses"][0]
    assert first["record_id"] == "deepspeed-local-rank-program-parser", first
    # told not to pass it, the launcher is not the one that gave the argument
    quiet = DEEPSPEED.replace("deepspeed --num_gpus", "deepspeed --no_local_rank --num_gpus")
    ids = [d["record_id"] for d in _diag(quiet, log)["diagnoses"]]
    assert "deepspeed-local-rank-program-parser" not in ids, ids


def test_srun_cpu_bind_refusal_unbinds_the_step() -> None:
    for log in ("srun: error: Unable to satisfy cpu bind request\n",
                "srun: error: Application launch failed: Unable to satisfy cpu bind request\n"):
        data = _diag(SRUN, log)
        assert data["proposed"] is not None, data.get("why_none")
        assert data["proposed"]["record_id"] == "srun-cpu-bind-unsatisfiable"
        assert "+srun --cpu-bind=none python fit.py" in data["proposed"]["diff"], data["proposed"]


def test_nvls_multicast_bind_of_newer_nccl_is_the_nodes() -> None:
    log = ("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, "
           "unhandled cuda error, NCCL version 2.27.5\nLast error:\nFailed to bind NVLink SHARP "
           "(NVLS) Multicast memory of size 4194304 : CUDA error 800 'operation not permitted'\n")
    data = _diag(SRUN, log)
    assert data["proposed"] is None, data["proposed"]
    assert data["diagnoses"][0]["record_id"] == "nccl-nvls-multicast-setup-refused"
