# ruff: noqa: E501
"""s38rl45 (issue 17): classes of the tune half of reallogs45 - GASNet's internal assertion, a
non-ELF compiled module of a Python environment, AssocMaxGRESPerJob on a one-GPU request
(not-script; a larger request keeps the account question), PBS's bare "Unauthorized Request"
(a question for the project), and GPU-aware Cray MPICH's invalid buffer under per-task GPU
binding (srun --gpu-bind=none; a NULL buffer of the program stays untouched). Each test fails
without its record (templates/failures/rl45_s38.yaml)."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log

PBS = "#!/bin/bash\n#PBS -l select=1:system=polaris\n#PBS -l walltime=01:00:00\n#PBS -A oldgroup\ncd ${PBS_O_WORKDIR}\n"
SLURM1 = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-task=1\n#SBATCH -t 09:00:00\n"
PM_GPU = ("#!/bin/bash\n#SBATCH -A m0000_g\n#SBATCH -C gpu\n#SBATCH -q regular\n#SBATCH -N 1\n"
          "#SBATCH --ntasks-per-node=2\n#SBATCH --gpus-per-task=1\n#SBATCH -c 32\n#SBATCH -t 02:00:00\n"
          "module load PrgEnv-gnu cudatoolkit craype-accel-nvidia80\nexport MPICH_GPU_SUPPORT_ENABLED=1\n")
PETSC = "[0]PETSC ERROR: General MPI error\n[0]PETSC ERROR: MPI error 1 Invalid buffer pointer\n"


def _first(data: dict) -> str:
    return str(data["diagnoses"][0]["record_id"])


@pytest.mark.parametrize(("script", "log", "cluster", "record"), [
    (SLURM1 + "srun ./app\n", "*** FATAL ERROR: Assertion failure (proc 103): in gasnetc_ofi_handle_am() at anguage/gasnet/GASNet-2023.9.0/ofi-conduit/gasnet_ofi.c:1725: isreq == header->isreq\n", "perlmutter", "gasnet-internal-assertion"),
    (SLURM1 + "python app.py\n", "ImportError: /home/u/venv/lib/python3.10/site-packages/cryptography/hazmat/bindings/_rust.abi3.so: invalid ELF header\n", "delta", "python-env-compiled-module-not-elf"),
    (SLURM1 + "python app.py\n", "AssocMaxGRESPerJob\n", "bridges2", "slurm-assoc-max-gres-on-one-gpu-request"),
])
def test_not_script_classes_get_advice_only(script: str, log: str, cluster: str, record: str) -> None:
    data = diagnose_log(script, log, cluster, None, False)
    assert _first(data) == record
    assert data["verdict"] == "not_script"
    assert not _diff(data)


def test_assoc_max_gres_on_a_many_gpu_request_keeps_the_question() -> None:
    script = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gres=gpu:4\n#SBATCH -t 01:00:00\nsrun python train.py\n"
    data = diagnose_log(script, "AssocMaxGRESPerJob\n", "bridges2", None, False)
    assert _first(data) == "slurm-assoc-per-job-limit"


def test_bare_unauthorized_request_asks_for_the_project() -> None:
    data = diagnose_log(PBS + "python run.py\n", "qsub: Unauthorized Request\n", "polaris", None, False)
    assert _first(data) == "pbs-unauthorized-request-without-reason"
    assert data["verdict"] == "ask" and data["proposed"] is None


def test_unauthorized_request_with_a_reason_is_not_the_bare_record() -> None:
    log = "qsub: Unauthorized Request: Please do NOT submit jobs on compute nodes!\n"
    data = diagnose_log(PBS + "python run.py\n", log, "polaris", None, False)
    assert all(d["record_id"] != "pbs-unauthorized-request-without-reason" for d in data["diagnoses"])


def test_invalid_buffer_under_per_task_binding_unbinds_the_gpus() -> None:
    data = diagnose_log(PM_GPU + "srun -n 2 --gpus-per-task=1 -c 32 ./ex19\n", PETSC, "perlmutter", None, False)
    assert _first(data) == "gpu-aware-mpich-buffer-under-per-task-gpu-binding"
    assert "+srun --gpu-bind=none -n 2" in _diff(data)


@pytest.mark.parametrize(("script", "log"), [
    # no GPU-aware MPICH in the script
    (PM_GPU.replace("export MPICH_GPU_SUPPORT_ENABLED=1\n", "") + "srun ./ex19\n", PETSC),
    # the program's own NULL buffer
    (PM_GPU + "srun ./ex19\n", "Fatal error in PMPI_Reduce: Invalid buffer pointer, error stack:\nPMPI_Reduce(535): MPI_Reduce(sbuf=MPI_IN_PLACE, rbuf=(nil), count=4) failed\nPMPI_Reduce(456): Null buffer pointer\n"),
    # already unbound
    (PM_GPU + "srun --gpu-bind=none ./ex19\n", PETSC),
])
def test_invalid_buffer_without_the_binding_evidence_is_not_unbound(script: str, log: str) -> None:
    data = diagnose_log(script, log, "perlmutter", None, False)
    assert all(d["record_id"] != "gpu-aware-mpich-buffer-under-per-task-gpu-binding" for d in data["diagnoses"])
    assert "--gpu-bind=none" not in _diff(data)


@pytest.mark.parametrize(("script", "log", "record"), [
    # newer glibc quotes the version with two straight quotes, older with ` and '
    (SLURM1 + "source ~/miniconda3/bin/activate dsmv\ndeepspeed --num_gpus=1 t.py\n", "ImportError: libstdc++.so.6: version 'GLIBCXX_3.4.30' not found\n", "glibcxx-version-missing"),
    (SLURM1 + "conda activate x\npython t.py\n", "ImportError: /lib64/libstdc++.so.6: version 'GLIBCXX_3.4.30' not found\n", "conda-env-runtime-library-not-first"),
    (SLURM1 + "python t.py\n", "/lib64/libc.so.6: version 'GLIBC_2.29' not found\n", "glibc-too-old"),
    (SLURM1 + "python t.py\n", "ImportError: /home/u/miniconda3/envs/isaaclab/bin/../lib/libstdc++.so.6: version 'GLIBCXX_3.4.30' not found (required by /opt/ros/humble/lib/x.so)\n", "conda-env-libstdcxx-older-than-system-library"),
])
def test_loader_version_messages_in_either_quoting(script: str, log: str, record: str) -> None:
    data = diagnose_log(script, log, "delta", None, False)
    assert _first(data) == record
    assert data["diagnoses"][0]["method"] == "signature"
