"""Launch problems left by s28rscript (issue 17, s28-s28rscript2):

- ``mpirun: command not found`` on a Slurm site whose profile names ibrun as its launcher: the
  launch line is started with ibrun (op ibrun_launch); on a site whose launcher is mpirun or
  srun the message means an MPI module not loaded: no swap is made;
- Intel MPI's "PMI server not found" from ranks srun started without a PMI plugin: srun is
  told ``--mpi=pmi2``; a program run bare (a singleton) is not given a fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.patch_ibrun import ibrun_launch
from maple_flow.repair.script_facts import holds
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs25" / "scripts"
TACC = (SCRIPTS / "tacc_ibrun.sh").read_text(encoding="utf-8")
MPI_APP = (SCRIPTS / "srun_mpi_app.sh").read_text(encoding="utf-8")
NOT_FOUND = "/var/spool/slurmd/job1365738/slurm_script: line 13: mpirun: command not found\n"
NO_PMI = ("MPI startup(): PMI server not found. Please set I_MPI_PMI_LIBRARY variable if it is "
          "not a singleton case.\n")


def _tacc(launch: str, tasks: int = 6) -> str:
    return TACC.replace("#SBATCH -n 6", f"#SBATCH -n {tasks}").replace(
        "ibrun python train.py --epochs 10", launch)


def _app(launch: str, extra: str = "") -> str:
    return MPI_APP.replace("module load cray-mpich", "module load intel impi" + extra).replace(
        "srun --cpu-bind=cores ./solver input.dat", launch)


@pytest.mark.parametrize(("launch", "tasks", "expected"), [
    ("mpirun -n 6 ./fds bus.fds", 6, "\nibrun ./fds bus.fds"),       # the job's own count
    ("mpiexec -np 4 ./fds bus.fds", 8, "\nibrun -n 4 -o 0 ./fds bus.fds"),  # a sub-count
    ("mpirun ./fds bus.fds", 6, "\nibrun ./fds bus.fds"),
])
def test_ibrun_launch_keeps_only_a_count_other_than_the_jobs(
        launch: str, tasks: int, expected: str) -> None:
    text = ibrun_launch(_tacc(launch, tasks), get_profile("lonestar6"))
    assert expected in text
    assert "mpirun" not in text and "mpiexec" not in text


@pytest.mark.parametrize(("site", "launch"), [
    ("vista", "mpirun -n 6 ./fds bus.fds"),  # Vista's profile launcher is mpirun
    ("anvil", "mpirun -n 6 ./fds bus.fds"),  # an srun site
    ("lonestar6", "mpirun -n 6 --hostfile hosts ./fds bus.fds"),  # an option ibrun would lose
])
def test_ibrun_launch_refuses_where_it_would_invent(site: str, launch: str) -> None:
    with pytest.raises(FixNotApplicable):
        ibrun_launch(_tacc(launch), get_profile(site))


def test_the_fact_holds_only_on_an_ibrun_site() -> None:
    script = _tacc("mpirun -n 6 ./fds bus.fds")
    assert holds("mpi_launcher_off_the_site", script, get_profile("stampede3"))
    assert not holds("mpi_launcher_off_the_site", script, get_profile("vista"))
    assert not holds("mpi_launcher_off_the_site", script, get_profile("anvil"))
    assert not holds("mpi_launcher_off_the_site", TACC, get_profile("lonestar6"))  # ibrun


def test_missing_mpirun_on_lonestar6_is_started_with_ibrun() -> None:
    result = diagnose_log(_tacc("mpirun -n 6 ./fds bus.fds"), NOT_FOUND, "lonestar6", None, False)
    assert "+ibrun ./fds bus.fds" in _diff(result)


def test_missing_mpirun_on_an_srun_site_is_no_swap() -> None:
    result = diagnose_log(_app("mpirun -n 512 ./solver input.dat"), NOT_FOUND, "anvil", None,
                          False)
    assert "ibrun" not in _diff(result)
    assert result["diagnoses"][0]["record_id"] == "mpi-launcher-not-found"  # type: ignore[index]


def test_intel_mpi_without_pmi_under_srun_gets_pmi2() -> None:
    result = diagnose_log(_app("srun ./croco croco.in"), NO_PMI, "anvil", None, False)
    assert "+srun --mpi=pmi2 ./croco croco.in" in _diff(result)


@pytest.mark.parametrize("script", [
    _app("./matdyn.x < matdyn.in"),  # a program run bare: a singleton
    _app("srun --mpi=pmix ./croco croco.in"),  # srun already told its plugin
    _app("srun ./croco croco.in", "\nexport I_MPI_PMI_LIBRARY=/usr/lib64/libpmi2.so"),
])
def test_no_pmi_fix_where_the_script_already_names_it_or_runs_one_process(script: str) -> None:
    assert not holds("srun_ranks_without_pmi_plugin", script, get_profile("anvil"))
    assert "--mpi=pmi2" not in _diff(diagnose_log(script, NO_PMI, "anvil", None, False))
