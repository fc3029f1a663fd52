"""Runtime set-up failures whose fix finds its line in a user's script (issue 17,
s19-repairscript, bench/s19repairscript_probe): a pyxis/enroot image reference with a registry
host written with '/', Open MPI's vader single-copy (CMA) refused, numba with no writable cache
folder, OpenBLAS's threads over the process limit, a container without --nv (and, with --nv, a
host driver older than the image: not the script), accelerate's RTX 4000 NCCL demand, pynvml
asked for a GPU index beyond a per-node launcher's GPUs. Logs are public threads' text (named
in the records); each test fails without its record or op."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import ops as o
from maple_flow.repair import patch_runtime as prt
from maple_flow.repair.text import FixNotApplicable

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --time=01:00:00\n")
PYXIS = HEAD + ("CONT={image}\n"
                'srun --container-image="$CONT" --container-mounts="$PWD":/workspace '
                "python /workspace/train.py\n")
PYXIS_INLINE = HEAD + "srun --container-image={image} python train.py\n"
SRUN_PY = HEAD + "srun {pre}python -u train.py\n"


def _answer(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _proposed(script: str, log: str, cluster: str = "delta") -> tuple[str, str]:
    data = _answer(script, log, cluster)
    assert data["proposed"], data.get("why_none")
    return data["proposed"]["record_id"], data["proposed"]["diff"]


# -- pyxis/enroot registry host ------------------------------------------------------------------
DOCKER_HUB_401 = ("[ERROR] URL https://registry-1.docker.io/v2/registry.example.org/team/app/"
                  "manifests/v2 returned error code: 401")


@pytest.mark.parametrize("script", [PYXIS, PYXIS_INLINE])
def test_registry_host_written_with_hash(script: str) -> None:
    record, diff = _proposed(script.format(image="registry.example.org/team/app:v2"),
                             DOCKER_HUB_401)
    assert record == "pyxis-docker-hub-path-with-registry-host"
    assert "+CONT=registry.example.org#team/app:v2" in diff or \
        "--container-image=registry.example.org#team/app:v2" in diff


def test_registry_host_with_port_and_enroot_import() -> None:
    script = HEAD + ("enroot import -o app.sqsh docker://gitlab.example.org:5050/group/app:1\n"
                     "srun --container-image=./app.sqsh python train.py\n")
    log = ("[ERROR] URL https://registry-1.docker.io/v2/gitlab.example.org:5050/group/app/"
           "manifests/1 returned error code: 401")
    _, diff = _proposed(script, log)
    assert "docker://gitlab.example.org:5050#group/app:1" in diff


def test_registry_host_no_reference_in_script_no_fix() -> None:
    # the log names a host the script's image references do not: nothing to rewrite
    data = _answer(PYXIS.format(image="nvcr.io#nvidia/pytorch:24.01-py3"), DOCKER_HUB_401)
    assert data["proposed"] is None


def test_docker_hub_library_path_is_not_a_registry_host() -> None:
    log = ("slurmstepd: error: pyxis:     [ERROR] URL https://registry-1.docker.io/v2/library/"
           "ubuntu/manifests/24.04 returned error code: 404 Not Found")
    data = _answer(PYXIS.format(image="ubuntu:24.04"), log)
    assert data["proposed"] is None


def test_registry_host_hash_op() -> None:
    text = "#!/bin/bash\nIMG=reg.io/a/b:1\necho reg.io/a\nsrun --container-image=$IMG x\n"
    out = prt.registry_host_hash(text, "reg.io")
    assert "IMG=reg.io#a/b:1" in out and "echo reg.io/a" in out  # only image words change
    with pytest.raises(FixNotApplicable):
        prt.registry_host_hash(text, "other.io")
    with pytest.raises(ValueError):
        o.RegistryHostHash(host="bad host; rm -rf /")


# -- Open MPI vader single copy ------------------------------------------------------------------
MPI_APPT = HEAD + "module load apptainer\napptainer exec sim.sif mpirun -np 4 ./solver in.dat\n"


def test_vader_read_errno1_turns_single_copy_off() -> None:
    record, diff = _proposed(MPI_APPT, "[node017:04321] Read -1, expected 131072, errno = 1")
    assert record == "ompi-vader-single-copy-refused"
    assert "+export OMPI_MCA_btl_vader_single_copy_mechanism=none" in diff


def test_vader_other_errno_no_fix() -> None:
    data = _answer(MPI_APPT, "[host:00192] Read -1, expected 10024, errno = 14")
    assert data["proposed"] is None or \
        data["proposed"]["record_id"] != "ompi-vader-single-copy-refused"


def test_single_copy_op_is_fixed_and_mca_stays_refused() -> None:
    assert o.MpiSingleCopyOff().op == "mpi_single_copy_off"
    with pytest.raises(ValueError):
        o.ExportEnv(name="OMPI_MCA_btl_vader_single_copy_mechanism", value="none")
    with pytest.raises(FixNotApplicable):
        prt.mpi_single_copy_off(HEAD + "python train.py\n")


# -- numba cache folder --------------------------------------------------------------------------
NUMBA = ("RuntimeError: cannot cache function 'create_fsm_info': no locator available for file "
         "'/usr/local/lib/python3.10/dist-packages/outlines/fsm/regex.py'")


def test_numba_cache_folder_under_job_dir() -> None:
    record, diff = _proposed(SRUN_PY.format(pre="apptainer exec --nv serve.sif "), NUMBA)
    assert record == "numba-cache-folder-not-writable"
    assert '+export NUMBA_CACHE_DIR="$PWD/.numba_cache"' in diff


def test_numba_cache_already_set_gives_no_edit() -> None:
    script = HEAD + "export NUMBA_CACHE_DIR=/opt/cache\nsrun python train.py\n"
    assert _answer(script, NUMBA)["proposed"] is None
    with pytest.raises(ValueError):
        o.JobDirCache(name="LD_LIBRARY_PATH")  # type: ignore[arg-type]


# -- OpenBLAS threads ----------------------------------------------------------------------------
@pytest.mark.parametrize("log", [
    "OpenBLAS blas_thread_init: RLIMIT_NPROC 512 current, 1031280 max",
    "OpenBLAS blas_thread_init: pthread_create failed for thread 86 of 128: Resource temporarily "
    "unavailable",
])
def test_openblas_threads_capped(log: str) -> None:
    record, diff = _proposed(SRUN_PY.format(pre=""), log, "anvil")
    assert record == "openblas-threads-over-process-limit"
    assert "+export OPENBLAS_NUM_THREADS=1" in diff


# -- container GPU driver ------------------------------------------------------------------------
DRIVER = "CUDA driver version is insufficient for CUDA runtime version"


def test_container_without_nv_gets_nv() -> None:
    record, diff = _proposed(SRUN_PY.format(pre="singularity exec grasp.sif "), DRIVER)
    assert record == "container-without-nv-driver-insufficient"
    assert "+srun singularity exec --nv grasp.sif" in diff


def test_container_with_nv_is_the_host_driver_not_the_script() -> None:
    data = _answer(SRUN_PY.format(pre="singularity exec --nv tf.sif "), "Status: " + DRIVER)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "container-cuda-newer-than-host-driver"
    assert data["diagnoses"][0]["verdict"] == "not_script"


# -- accelerate on RTX 4000-series ---------------------------------------------------------------
def test_rtx4000_sets_both_nccl_variables() -> None:
    log = "Using RTX 4000 series doesn't support faster communication broadband via P2P or IB."
    record, diff = _proposed(HEAD + "torchrun --standalone --nproc_per_node=4 train.py\n", log)
    assert record == "accelerate-rtx4000-p2p-ib-env"
    assert "+export NCCL_P2P_DISABLE=1" in diff and "+export NCCL_IB_DISABLE=1" in diff


# -- pynvml index beyond the GPUs ----------------------------------------------------------------
NVML = ("[1,4]<stderr>:    self.handle = pynvml.nvmlDeviceGetHandleByIndex(device_idx)\n"
        "[1,4]<stderr>:pynvml.NVMLError_InvalidArgument: Invalid Argument")


def test_nvml_invalid_argument_with_launcher_above_gpus() -> None:
    script = HEAD + "torchrun --standalone --nnodes=1 --nproc_per_node=8 train.py\n"
    record, diff = _proposed(script, NVML)
    assert record == "nvml-index-launcher-above-gpus"
    assert "--nproc_per_node=4" in diff


def test_nvml_invalid_argument_launcher_within_gpus_no_fix() -> None:
    script = HEAD + "torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py\n"
    data = _answer(script, NVML)
    assert data["proposed"] is None or \
        data["proposed"]["record_id"] != "nvml-index-launcher-above-gpus"


# -- a module the site says was replaced --------------------------------------------------------
def test_module_replaced_by_is_swapped() -> None:
    script = HEAD + "module load ipympl/0.9.3-foss-2023a\nsrun python train.py\n"
    log = ("Lmod has detected the following error: \n"
           "ipympl/0.9.3-foss-2023a: This module has been replaced by ipympl/0.9.3-gfbf-2023a\n")
    record, diff = _proposed(script, log)
    assert record == "site-module-replaced-by"
    assert "+module load ipympl/0.9.3-gfbf-2023a" in diff


def test_module_replaced_by_not_in_script_no_edit() -> None:
    script = HEAD + "module load python\nsrun python train.py\n"
    log = "ipympl/0.9.3-foss-2023a: This module has been replaced by ipympl/0.9.3-gfbf-2023a\n"
    data = _answer(script, log)
    assert data["proposed"] is None
