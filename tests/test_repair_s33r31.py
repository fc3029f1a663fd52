"""Records and ops for classes bench/reallogs31's tune half missed (issue 17, helper s33r31):
Slurm TIMEOUT told by seff/scontrol (longest walltime), srun's cpus-per-task conflict raised by
an srun the script does not run itself (unset the inherited variables), an MPI launcher whose
library a stacked module shadows (module purge); and not-script (advice only): solver pivots,
cuBLAS alloc failures with GPU OOM, CUDA-only torch features without CUDA, AccumulateGrad
stream mismatch. Wordings are the probe's (bench/s33r31_probe), not the tune cases'."""

from __future__ import annotations

import pytest

from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.patch_inherited import purge_modules, unset_before_program
from maple_flow.repair.text import FixNotApplicable

NEW = load_file(failures_dir() / "s33_r31.yaml")


def _diagnose(script: str, log: str, cluster: str) -> dict:
    from maple_flow.cli.repair import diagnose_log

    return diagnose_log(script, log, cluster, None, False)


_GPU = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=00:15:00
srun python -u train.py
"""
_CPU = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=6
#SBATCH --time=06:00:00
module load gcc/13.2.0 intel-oneapi-mkl
module load openmpi5
{run}
"""


def test_records_are_sourced_and_signature_only() -> None:
    assert len(NEW) == 10  # cublas-alloc-failed-one-process-job folded into s33_cov.yaml
    assert all(r.references and r.signature_only for r in NEW)


def test_seff_timeout_asks_the_longest_walltime() -> None:
    log = "State: TIMEOUT (exit code 0)\nJob Wall-time:  100.33%  00:15:03 of 00:15:00 time limit\n"
    data = _diagnose(_GPU, log, "delta")
    assert data["proposed"]["record_id"] == "slurm-job-state-timeout-report"
    assert "+#SBATCH --time=" in data["proposed"]["diff"]


def test_completed_state_is_not_a_timeout() -> None:
    data = _diagnose(_GPU, "State: COMPLETED (exit code 0)\n", "delta")
    assert not data["proposed"]


def test_inner_srun_conflict_unsets_inherited_variables() -> None:
    log = ("srun: fatal: cpus-per-task set by two different environment variables "
           "SLURM_CPUS_PER_TASK=4 != SLURM_TRES_PER_TASK=cpu=1\n")
    data = _diagnose(_CPU.format(run="snakemake --profile slurm"), log, "anvil")
    assert data["proposed"]["record_id"] == "inherited-cpus-per-task-conflict-inner-srun"
    assert "+unset SLURM_CPUS_PER_TASK SLURM_TRES_PER_TASK" in data["proposed"]["diff"]
    # with a srun line of its own the script's srun is told its CPUs instead (other records)
    data = _diagnose(_CPU.format(run="srun ./solver"), log, "anvil")
    assert data["proposed"]["record_id"] != "inherited-cpus-per-task-conflict-inner-srun"


def test_mpi_launcher_library_shadowed_purges_modules() -> None:
    log = ("mpiexec: error while loading shared libraries: libhwloc.so.15: cannot open shared "
           "object file: No such file or directory\n")
    data = _diagnose(_CPU.format(run="mpiexec ./solver input.dat"), log, "anvil")
    assert data["proposed"]["record_id"] == "mpi-launcher-library-shadowed-by-modules"
    assert "+module purge" in data["proposed"]["diff"]
    one = "#!/bin/bash\n#SBATCH --nodes=1\nmodule load openmpi5\nmpiexec ./solver\n"
    data = _diagnose(one, log, "anvil")
    assert not data["proposed"] or data["proposed"]["record_id"] != \
        "mpi-launcher-library-shadowed-by-modules"


@pytest.mark.parametrize(("log", "record"), [
    ("[0]PETSC ERROR: Zero pivot in LU factorization: https://petsc.org/release/faq/#zeropivot\n",
     "direct-solver-pivot-singular-matrix"),
    ("RuntimeError: Tried to instantiate dummy base class Event\n",
     "torch-cuda-only-feature-without-cuda"),
    ("UserWarning: The AccumulateGrad node's stream does not match the stream of the node that "
     "produced the incoming gradient.\n", "accumulategrad-stream-mismatch"),
    ("RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`\n"
     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n",
     "cublas-alloc-failed-gpu-memory-exhausted"),
])
def test_not_script_classes_give_advice_only(log: str, record: str) -> None:
    # several ranks: a cuBLAS failure is then the program's only with the OOM beside it
    script = _GPU.replace("--ntasks-per-node=1", "--ntasks-per-node=4")
    data = _diagnose(script, log, "delta")
    assert not data["proposed"]
    first = data["diagnoses"][0]
    assert first["record_id"] == record and first["verdict"] == "not_script"


def test_unset_before_program_places_and_refuses() -> None:
    text = "#!/bin/bash\nmodule load x\nansys251 -b -np 1 -i x.dat\n"
    out = unset_before_program(text, ["SLURM_CPUS_PER_TASK"])
    assert out.splitlines()[2] == "unset SLURM_CPUS_PER_TASK"
    with pytest.raises(FixNotApplicable):
        unset_before_program(out, ["SLURM_CPUS_PER_TASK"])
    with pytest.raises(FixNotApplicable):
        unset_before_program(text, ["A;rm"])


def test_purge_modules_places_and_refuses() -> None:
    text = "#!/bin/bash\nmodule load a\nmodule load b\n./app\n"
    assert purge_modules(text).splitlines()[1] == "module purge"
    with pytest.raises(FixNotApplicable):
        purge_modules(purge_modules(text))
    with pytest.raises(FixNotApplicable):
        purge_modules("#!/bin/bash\n./app\n")


_AURORA = """#!/bin/bash
#PBS -l select=2
#PBS -l walltime=01:00:00
#PBS -A MyProject
cd ${{PBS_O_WORKDIR}}
module load frameworks
{run}
"""
_CCL = ("2025:01:28-08:07:38:(115657) |CCL_WARN| did not find MPI-launcher specific variables, "
        "switch to ATL/OFI, to force enable ATL/MPI set CCL_ATL_TRANSPORT=mpi\n")


def test_oneccl_without_launcher_starts_the_program_with_mpiexec() -> None:
    data = _diagnose(_AURORA.format(run="python train.py --config c.json"), _CCL, "aurora")
    assert data["proposed"]["record_id"] == "oneccl-ranks-started-without-mpiexec"
    assert "+mpiexec -n 24 --ppn 12 --cpu-bind=verbose,list:4-7:" in data["proposed"]["diff"]
    assert "python train.py --config c.json" in data["proposed"]["diff"]


def test_oneccl_warning_under_a_launcher_gets_no_fix() -> None:
    for run in ("torchrun --standalone --nproc_per_node=12 train.py",
                "mpiexec -n 24 --ppn 12 python train.py"):
        data = _diagnose(_AURORA.format(run=run), _CCL, "aurora")
        assert not data["proposed"], run


_LOGIN_STEP = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=02:00:00
{setup}
srun -n 1 bash -lc "vllm serve model --port 8000"
"""
_NOT_FOUND = ("/usr/bin/bash: line 1: vllm: command not found\n"
              "srun: error: k003: task 0: Exited with exit code 127\n")


def test_login_shell_step_without_environment_asks_the_program_path() -> None:
    data = _diagnose(_LOGIN_STEP.format(setup="export PORT=8000"), _NOT_FOUND, "delta")
    assert not data["proposed"]
    first = data["diagnoses"][0]
    assert first["record_id"] == "login-shell-step-command-not-found-no-environment"
    assert first["needs"]


def test_login_shell_step_after_activation_runs_a_plain_shell() -> None:
    setup = "source $WORK/venv/bin/activate"
    data = _diagnose(_LOGIN_STEP.format(setup=setup), _NOT_FOUND, "delta")
    assert data["proposed"]["record_id"] == "login-shell-step-resets-activated-environment"
    assert '+srun -n 1 bash -c "vllm serve model --port 8000"' in data["proposed"]["diff"]


def test_plain_shell_step_is_not_a_login_shell_matter() -> None:
    script = _LOGIN_STEP.format(setup="export PORT=8000").replace("bash -lc", "bash -c")
    data = _diagnose(script, _NOT_FOUND, "delta")
    assert not any(d["record_id"].startswith("login-shell-step") for d in data["diagnoses"])


def test_scheduler_library_missing_is_not_a_module_stack_matter() -> None:
    log = ("mpirun: error while loading shared libraries: libslurm.so.36: cannot open shared "
           "object file: No such file or directory\n")
    data = _diagnose(_CPU.format(run="mpirun -np 16 ./wrf.exe"), log, "anvil")
    assert not data["proposed"] or data["proposed"]["record_id"] != \
        "mpi-launcher-library-shadowed-by-modules"


def test_a_warning_does_not_outrank_the_failure_of_the_same_log() -> None:
    log = ("UserWarning: The AccumulateGrad node's stream does not match the stream of the node "
           "that produced the incoming gradient.\n"
           "slurmstepd: error: *** JOB 5051673 ON nid001 CANCELLED AT 2025-01-01T00:40:00 DUE "
           "TO TIME LIMIT ***\n")
    data = _diagnose(_GPU, log, "delta")
    assert data["diagnoses"][0]["record_id"] != "accumulategrad-stream-mismatch"


def test_sacct_job_row_timeout_asks_the_longest_walltime() -> None:
    log = ("       JobID    JobName  Partition    Account  AllocCPUS      State ExitCode\n"
           "56749        bad-scrip+        cpu        kcl          1    TIMEOUT      0:0\n"
           "56749.batch       batch                   kcl          1  CANCELLED     0:15\n")
    data = _diagnose(_GPU, log, "delta")
    assert data["proposed"]["record_id"] == "slurm-job-state-timeout-report"
    steps_only = "56749.batch       batch                   kcl          1    TIMEOUT      0:0\n"
    data = _diagnose(_GPU, steps_only, "delta")
    assert not data["proposed"] or data["proposed"]["record_id"] != \
        "slurm-job-state-timeout-report"


_ONE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
{run}
"""
_CUBLAS = ("RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling "
           "`cublasCreate(handle)`\n")


def test_cublas_alloc_failed_in_a_one_process_job_is_the_program() -> None:
    data = _diagnose(_ONE.format(run="python train.py"), _CUBLAS, "delta")
    assert not data["proposed"]
    assert data["diagnoses"][0]["record_id"] == "blas-handle-alloc-failed-one-process"
    for run in ("torchrun --nproc_per_node=4 train.py", "python a.py &\npython b.py &\nwait"):
        data = _diagnose(_ONE.format(run=run), _CUBLAS, "delta")
        assert data["diagnoses"][0]["record_id"] != "blas-handle-alloc-failed-one-process", run
