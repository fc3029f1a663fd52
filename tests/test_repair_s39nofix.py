"""Records found but "no fix applies" (helper s39nofix, issue 17): a host GL library that
Apptainer's --nv binds in needs a newer glibc than the image -> a question for the image's own
library directory (library_path), then that directory first on the container's library path,
nothing of the host bound (templates/failures/notprec_s37.yaml,
maple_flow/repair/patch_container_lib.py)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_container_lib import container_site_library
from maple_flow.repair.text import FixNotApplicable

NV_JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
module load apptainer
srun apptainer exec --nv --bind /scratch viz.sif python render.py
"""
GLX = ("/usr/bin/glxgears: /lib64/libc.so.6: version `GLIBC_2.34' not found "
       "(required by /.singularity.d/libs/libGLX.so.0)\n")
CUDA = ("/usr/bin/app: /lib64/libc.so.6: version `GLIBC_2.27' not found "
        "(required by /.singularity.d/libs/libcuda.so.1)\n")
RECORD = "container-nv-host-library-needs-newer-glibc"


def test_the_image_directory_goes_first_and_nothing_is_bound() -> None:
    after = container_site_library(NV_JOB, "/usr/lib64", bind=False)
    assert ('export APPTAINERENV_LD_LIBRARY_PATH="/usr/lib64'
            '${APPTAINERENV_LD_LIBRARY_PATH:+:$APPTAINERENV_LD_LIBRARY_PATH}"\nsrun') in after
    assert "-B /usr" not in after


def test_an_existing_container_library_path_gets_the_image_directory_first() -> None:
    script = NV_JOB.replace("srun", 'export APPTAINERENV_LD_LIBRARY_PATH="/opt/x/lib"\nsrun')
    after = container_site_library(script, "/usr/lib64", bind=False)
    assert 'APPTAINERENV_LD_LIBRARY_PATH="/usr/lib64:/opt/x/lib"' in after
    assert container_site_library(after, "/usr/lib64", bind=False) == after


def test_no_container_on_the_launch_line_no_edit() -> None:
    with pytest.raises(FixNotApplicable):
        container_site_library(NV_JOB.replace("apptainer exec --nv --bind /scratch viz.sif ",
                                              ""), "/usr/lib64", bind=False)


def test_a_gl_library_asks_for_the_image_library_directory() -> None:
    data = diagnose_log(NV_JOB, GLX, "delta", None, False)
    assert data["proposed"] is None and data["verdict"] == "ask"
    assert data["question"]["record_id"] == RECORD
    assert data["question"]["needs"] == ["library_path"]


def test_the_answer_makes_the_fix() -> None:
    data = diagnose_log(NV_JOB, GLX, "delta", None, False,
                        answers={"library_path": "/usr/lib64"})
    assert data["proposed"]["record_id"] == RECORD
    assert "+export APPTAINERENV_LD_LIBRARY_PATH=\"/usr/lib64" in data["proposed"]["diff"]


def test_a_driver_library_is_not_asked_for() -> None:
    data = diagnose_log(NV_JOB, CUDA, "delta", None, False)
    assert data["proposed"] is None
    assert (data.get("question") or {}).get("record_id") != RECORD


# --- the launch written after another command of its line (a list or pipeline) -------------

LIST_JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=4
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
module load openmpi && srun --mpi=pmix -n 4 python3 sim.py
"""
CPUS = ("srun: fatal: cpus-per-task set by two different environment variables "
        "SLURM_CPUS_PER_TASK=6 != SLURM_TRES_PER_TASK=cpu=1\n")


@pytest.mark.parametrize("line", [
    "yes y | srun python train.py --x 1",
    "cd run && srun python train.py --x 1",
    "export OMP_NUM_THREADS=8 && srun python train.py --x 1",
])
def test_the_launch_words_are_the_command_that_runs_the_launcher(line: str) -> None:
    from maple_flow.repair.layout import find_launch

    launch = find_launch(LIST_JOB.replace(LIST_JOB.splitlines()[-1], line))
    assert [w.value for w in launch.words][:3] == ["srun", "python", "train.py"]


def test_a_launch_followed_by_a_pipe_keeps_its_own_words() -> None:
    from maple_flow.repair.layout import find_launch

    script = LIST_JOB.replace("module load openmpi && srun --mpi=pmix -n 4 python3 sim.py",
                              "srun python train.py 2>&1 | tee log")
    assert find_launch(script).words[0].value == "srun"


def test_a_launcher_option_goes_on_the_srun_after_the_module_load() -> None:
    data = diagnose_log(LIST_JOB, CPUS, "delta", None, False)
    assert data["proposed"]["record_id"] == "srun-step-cpus-differ-from-job-request"
    assert "+module load openmpi && srun --exact --cpus-per-task=1 --mpi=pmix" in \
        data["proposed"]["diff"]
