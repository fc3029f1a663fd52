# ruff: noqa: E501
"""s37notprec (issue 17): launch-script causes that were answered "not the script" - a host
library that Apptainer/Singularity --nv binds in needs a newer glibc than the image (the
container launch is in play: s39nofix asks the image's library directory), a oneAPI runtime library not
found by a job that sets up no oneAPI environment (ask which module), and a missing library of
a module or environment (oneAPI, MPI) that similarity must not call "not the script". Each
test fails without its rule; the look-alikes stay not-the-script."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.module_library import module_library_missing

SLURM = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n#SBATCH --time=01:00:00\n"
NV = SLURM + "module load apptainer\nsrun apptainer exec --nv --bind /scratch img.sif python run.py\n"
GLX = "ITK-SNAP: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found (required by /.singularity.d/libs/libGLX.so.0)\n"


def _answer(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


@pytest.mark.parametrize("log", [
    GLX,
    "/lib64/libc.so.6: version 'GLIBC_2.38' not found (required by /.singularity.d/libs/libEGL.so.1)\n",
])
def test_nv_host_library_glibc_names_the_container_launch_not_not_the_script(log: str) -> None:
    # the cure is the container's library path (the image's own directory first) or no --nv:
    # never "not the script"; s39nofix: the directory is the user's, so the answer asks it
    data = _answer(NV, log)
    assert data["verdict"] == "ask" and data["proposed"] is None
    assert data["question"]["needs"] == ["library_path"]
    assert data["diagnoses"][0]["record_id"] == "container-nv-host-library-needs-newer-glibc"


def test_without_nv_the_host_library_glibc_is_neither_fixed_nor_the_containers() -> None:
    data = _answer(NV.replace(" --nv", ""), GLX)
    assert data["proposed"] is None
    assert all(d["record_id"] != "container-nv-host-library-needs-newer-glibc" for d in data["diagnoses"])


@pytest.mark.parametrize(("script", "log"), [
    # the runtime's own fakeroot helper, not a library --nv binds in
    (NV, "/.singularity.d/libs/faked: /lib64/libc.so.6: version `GLIBC_2.33' not found (required by /.singularity.d/libs/faked)\n"),
    # a package built for a newer OS, no container
    (SLURM + "srun python run.py\n", "/lib64/libc.so.6: version `GLIBC_2.29' not found (required by /env/lib/python3.10/site-packages/libpyg.so)\n"),
])
def test_glibc_look_alikes_stay_not_the_script(script: str, log: str) -> None:
    data = _answer(script, log)
    assert data["verdict"] == "not_script"
    assert data["not_script"]["record_id"] == "glibc-too-old"


ONEAPI_LOG = "Error: libmkl_sycl_blas.so.4: cannot open shared object file: No such file or directory\n"


def test_oneapi_library_without_oneapi_environment_asks_for_the_module() -> None:
    data = _answer(SLURM + "source $HOME/venvs/llm/bin/activate\nsrun python run.py\n", ONEAPI_LOG)
    assert data["verdict"] == "ask"
    assert data["question"]["record_id"] == "oneapi-runtime-library-not-on-path"


@pytest.mark.parametrize("setup", ["module load intel-oneapi-mkl/2024.0", "source /opt/intel/oneapi/setvars.sh"])
def test_oneapi_record_not_where_the_script_sets_oneapi_up(setup: str) -> None:
    data = _answer(SLURM + f"{setup}\nsrun python run.py\n", ONEAPI_LOG)
    assert (data.get("question") or {}).get("record_id") != "oneapi-runtime-library-not-on-path"


@pytest.mark.parametrize(("text", "expected"), [
    ("OSError: libmkl_intel_lp64.so.2: cannot open shared object file", True),
    ("cpptraj.MPI: error while loading shared libraries: libmpicxx.so.12: cannot open shared object file: No such file or directory", True),
    ("ImportError: libGL.so.1: cannot open shared object file", False),
    ("lotus: error while loading shared libraries: libhwloc.so.15: cannot open shared object file", False),
])
def test_module_library_reading(text: str, expected: bool) -> None:
    assert module_library_missing(text) is expected


def test_mpi_library_missing_is_not_called_not_the_script_by_resemblance() -> None:
    script = SLURM + "export MPI_HOME=/usr/local/mpich-3.2.1\n$MPI_HOME/bin/mpiexec -n 4 cpptraj.MPI -i cpptraj.in\n"
    log = "cpptraj.MPI: error while loading shared libraries: libmpicxx.so.12: cannot open shared object file: No such file or directory\n"
    assert _answer(script, log)["verdict"] != "not_script"


def test_mkl_missing_with_oneapi_loaded_is_not_called_not_the_script_by_resemblance() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2\n#PBS -A MyProject\nmodule load frameworks\n"
              "conda activate $HOME/envs/ipex-xpu\nmpiexec -n 24 --ppn 12 python train.py\n")
    log = "OSError: libmkl_intel_lp64.so.2: cannot open shared object file: No such file or directory.\n"
    assert _answer(script, log, "aurora")["verdict"] != "not_script"


def test_os_library_missing_stays_not_the_script() -> None:
    log = "lotus: error while loading shared libraries: libhwloc.so.15: cannot open shared object file: No such file or directory\n"
    assert _answer(SLURM + "srun lotus -v\n", log)["verdict"] == "not_script"


PREFETCH = "ValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.\n"
SRUN = SLURM + "srun python -u train.py --batch-size 256 --epochs 32"


def test_not_script_record_excluded_by_the_scripts_line_is_not_replaced_by_a_resemblance() -> None:
    # the launch line passes --num_workers 0: dataloader-option-conflict rightly stays silent,
    # and no other not-script record found by similarity says "not the script" instead
    data = _answer(SRUN + " --num_workers 0\n", PREFETCH)
    assert data["verdict"] != "not_script"
    assert all(not d["record_id"].startswith("dataloader-option") for d in data["diagnoses"])


def test_program_side_dataloader_conflict_stays_not_the_script() -> None:
    data = _answer(SRUN + "\n", PREFETCH)
    assert data["verdict"] == "not_script"
    assert data["not_script"]["record_id"] == "dataloader-option-conflict"


def test_script_shows_cause_reads_script_lacks_of_not_script_records_only() -> None:
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.script_shown import script_shows_cause

    records = load_knowledge_base().records
    assert script_shows_cause(records, PREFETCH, SRUN + " --num_workers 0\n")
    assert not script_shows_cause(records, PREFETCH, SRUN + "\n")
    assert not script_shows_cause(records, "Segmentation fault\n", SRUN + " --num_workers 0\n")
