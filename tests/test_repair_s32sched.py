"""Scheduler and step-environment records of helper s32sched (issue 17,
templates/failures/s32_sched.yaml): srun's default MPI plugin not installed (the script names
no --mpi: ``--mpi=pmi2``; a script that names one keeps the advice), a GPU job charged to the
sibling account of its allocation (the profile's account form: ``bbka-delta-cpu`` ->
``bbka-delta-gpu``; an account already of that form is asked, never changed), and ARCHER2's
warning of a working directory on home (advice naming the /work directory, no edit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import all_profiles
from maple_flow.repair.resolve_account import AccountUnresolved, sibling_account

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
SRUN_MPI = (SCRIPTS.parent.parent / "reallogs29" / "scripts" / "srun_mpi_app.sh").read_text(
    encoding="utf-8")

PMIX_V3 = (
    "srun: error: Couldn't find the specified plugin name for mpi/pmix_v3 looking at all files\n"
    "srun: error: cannot find mpi plugin for mpi/pmix_v3\n"
    "srun: error: MPI: Cannot create context for mpi/pmix_v3\n"
    "srun: error: MPI: Unable to load any plugin\n"
    "srun: error: Invalid MPI type 'pmix_v3', --mpi=list for acceptable types\n")
REFUSED = ("sbatch: error: Batch job submission failed: Invalid account or "
           "account/partition combination specified\n")
ARCHER2 = ("sbatch: Warning: It appears your working directory may not be on the work "
           "filesystem. It is /home1/home/n02/n02/an25872. The home filesystem and RDFaaS are "
           "not available from the compute nodes - please check that this is what you "
           "intended. You can cancel your job with 'scancel <JOBID>' if you wish to resubmit.\n")


def _with(script: str, lines: str) -> str:
    return script.replace("#SBATCH --nodes=1", lines + "#SBATCH --nodes=1", 1)


def test_default_mpi_plugin_missing_names_pmi2() -> None:
    result = diagnose_log(SRUN_PY, PMIX_V3, "delta", None, False)
    assert result["proposed"]["record_id"] == "srun-default-mpi-plugin-not-installed"
    assert "--mpi=pmi2" in _diff(result)


@pytest.mark.parametrize("script", [
    SRUN_PY.replace("srun python", "srun --mpi=pmix_v3 python"),
    SRUN_PY.replace("srun python", "export SLURM_MPI_TYPE=pmix_v3\nsrun python"),
    SRUN_PY.replace("srun python", "module load openmpi/5.0.5\nsrun python"),
    SRUN_PY.replace("srun python", "srun -m plane=30 --mpi=pmix_v3 python"),
])
def test_mpi_plugin_the_script_names_gets_no_fix(script: str) -> None:
    result = diagnose_log(script, PMIX_V3, "delta", None, False)
    assert result["proposed"] is None


def test_plugin_that_does_not_load_gets_no_fix() -> None:
    log = ("srun: error: dlopen(/usr/lib64/slurm/mpi_pmix.so): libhwloc.so.15: cannot open "
           "shared object file: No such file or directory\n"
           "srun: error: Invalid MPI type 'pmix', --mpi=list for acceptable types\n")
    assert diagnose_log(SRUN_PY, log, "delta", None, False)["proposed"] is None


@pytest.mark.parametrize(("cluster", "lines", "want"), [
    ("delta", "#SBATCH -A bbka-delta-cpu\n#SBATCH -p gpuA100x4\n", "bbka-delta-gpu"),
    ("anvil", "#SBATCH -A cis230270\n#SBATCH -p gpu\n", "cis230270-gpu"),
    ("anvil", "#SBATCH -A cis230270-ai\n", "cis230270-gpu"),
])
def test_sibling_account(cluster: str, lines: str, want: str) -> None:
    assert sibling_account(_with(SRUN_PY, lines), all_profiles()[cluster]) == want


@pytest.mark.parametrize(("cluster", "script"), [
    ("delta", _with(SRUN_PY, "#SBATCH -A bbka-delta-gpu\n#SBATCH -p gpuA100x4\n")),
    ("anvil", _with(SRUN_PY, "#SBATCH -A myproj\n#SBATCH -p pdebug\n")),
    ("delta", SRUN_PY),
    ("delta", SRUN_MPI.replace("#SBATCH --nodes=8",
                               "#SBATCH -A bbka-delta-cpu\n#SBATCH --nodes=8")),
])
def test_no_sibling_account(cluster: str, script: str) -> None:
    with pytest.raises(AccountUnresolved):
        sibling_account(script, all_profiles()[cluster])


def test_gpu_job_on_cpu_account_gets_the_gpu_account() -> None:
    script = _with(SRUN_PY, "#SBATCH -A bbka-delta-cpu\n#SBATCH -p gpuA100x4\n")
    result = diagnose_log(script, REFUSED, "delta", None, False)
    assert result["proposed"]["record_id"] == "slurm-gpu-job-on-sibling-account"
    assert "+#SBATCH -A bbka-delta-gpu" in _diff(result)


def test_account_of_the_site_form_is_asked_not_changed() -> None:
    script = _with(SRUN_PY, "#SBATCH -A bbka-delta-gpu\n#SBATCH -p gpuA100x4\n")
    result = diagnose_log(script, REFUSED, "delta", None, False)
    assert result["proposed"] is None


def test_archer2_home_workdir_advice_names_work_dir() -> None:
    result = diagnose_log(SRUN_MPI, ARCHER2, "anvil", None, False)
    assert result["proposed"] is None
    first = result["diagnoses"][0]
    assert first["record_id"] == "archer2-workdir-on-home-not-on-compute"
    assert "/work/n02/n02/an25872" in first["advice"]
