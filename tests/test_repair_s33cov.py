"""Classes reallogs30 still missed (issue 17, s33cov; records templates/failures/s33_cov.yaml):

- MIOpen's database on a file system the ranks share: a node-local MIOPEN_USER_DB_PATH (and
  MIOPEN_CUSTOM_CACHE_DIR); a read-only database, or a script that already has a node-local
  path, is not given it; "no suitable algorithm" only where the script names a shared folder;
- an mpd-based mpirun with no mpd ring: the site's own launcher (op site_mpi_launch), refused
  where the script already runs the site's launcher word or on an srun site;
- DataLoader options that need workers given with none: the program's (not-script), unless the
  script passes the zero worker count itself;
- a cuBLAS/hipBLAS handle the job's only process cannot allocate: not the launch (script fact
  one_process_in_job); with several processes a node the devices record keeps it;
- MVAPICH2's own completion-error line: advice on the script's MVAPICH2 settings, no edit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.patch_mpi_site import site_mpi_launch
from maple_flow.repair.safety import env_name_problem
from maple_flow.repair.script_facts import holds
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s33cov_probe" / "scripts"
SRUN = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
PBS = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
TACC = (SCRIPTS / "tacc_ibrun.sh").read_text(encoding="utf-8")
PBS_LAUNCH = ("mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth "
              "python train.py")
SRUN_LAUNCH = "srun python -u train.py --batch-size 256 --epochs 32"
LOCKING = ("MIOpen Error: /MIOpen/src/sqlite_db.cpp:220: Internal error while accessing SQLite "
           "database: locking protocol\n")
NO_ALGO = "MIOpen Error: No suitable algorithm was found to execute the required convolution\n"
MPD = ("mpiexec_node1.local: cannot connect to local mpd (/tmp/mpd2.console_u); possible causes:\n"
       "  1. no mpd is running on this host\n")
PREFETCH = ("ValueError: prefetch_factor option could only be specified in multiprocessing.let "
            "num_workers > 0 to enable multiprocessing.\n")


def _srun(before: str = "", launch: str = SRUN_LAUNCH) -> str:
    return SRUN.replace(SRUN_LAUNCH, before + launch)


def _pbs(launch: str) -> str:
    return PBS.replace(PBS_LAUNCH, launch)


def test_miopen_locking_on_shared_home_gets_a_node_local_database() -> None:
    diff = _diff(diagnose_log(_srun(), LOCKING, "delta", None, False))
    assert '+export MIOPEN_USER_DB_PATH="/tmp/${USER}-miopen-cache"' in diff
    assert '+export MIOPEN_CUSTOM_CACHE_DIR="/tmp/${USER}-miopen-cache"' in diff


def test_a_shared_miopen_path_of_the_script_is_rewritten_on_no_algorithm() -> None:
    script = _srun("export MIOPEN_USER_DB_PATH=/scratch/proj/miopen_cache\n")
    diff = _diff(diagnose_log(script, NO_ALGO, "delta", None, False))
    assert "-export MIOPEN_USER_DB_PATH=/scratch/proj/miopen_cache" in diff
    assert '+export MIOPEN_USER_DB_PATH="/tmp/${USER}-miopen-cache"' in diff


@pytest.mark.parametrize(("script", "log"), [
    (_srun(), NO_ALGO),  # no cache folder in the script: the log alone does not decide
    (_srun('export MIOPEN_USER_DB_PATH="/tmp/$USER"\n'), LOCKING),  # already node-local
    (_srun(), "MIOpen Error: ... Internal error while accessing SQLite database: attempt to "
              "write a readonly database\n"),  # a node's fault (users exclude the node)
])
def test_no_miopen_cache_fix_where_the_evidence_does_not_decide(script: str, log: str) -> None:
    result = diagnose_log(script, log, "delta", None, False)
    assert "MIOPEN" not in _diff(result)
    assert all(d["record_id"] != "miopen-db-on-shared-filesystem"  # type: ignore[index]
               or d["verdict"] == "hint" for d in result["diagnoses"])  # type: ignore[union-attr]


def test_miopen_database_folder_is_not_a_search_path_for_the_safety_policy() -> None:
    assert env_name_problem("MIOPEN_USER_DB_PATH") is None
    assert env_name_problem("MY_LIBRARY_PATH") is not None


@pytest.mark.parametrize(("launch", "expected"), [
    ("mpirun -np ${NTOTRANKS} ./app", 'mpiexec -n "${NTOTRANKS}" ./app'),
    ("mpirun -np 8 -machinefile ${PBS_NODEFILE} ./app", "mpiexec -n 8 ./app"),
    ("mpirun ./app", "mpiexec ./app"),
])
def test_pals_site_starts_an_mpirun_with_its_mpiexec(launch: str, expected: str) -> None:
    text = site_mpi_launch(_pbs(launch), get_profile("polaris"))
    assert f"\n{expected}\n" in text and "mpirun" not in text


def test_tacc_site_starts_an_mpirun_with_ibrun() -> None:
    script = TACC.replace("#SBATCH -n 6", "#SBATCH -n 2").replace(
        "ibrun python train.py --epochs 10", "mpirun -np 2 ./try.exe")
    assert "\nibrun ./try.exe\n" in site_mpi_launch(script, get_profile("lonestar6"))


@pytest.mark.parametrize(("site", "script"), [
    ("polaris", _pbs("mpiexec -np 2 ./mainmpi")),  # the site's word already: PATH/module
    ("polaris", _pbs("mpirun -np 8 -hostfile hosts.txt ./app")),  # a host file of its own
    ("polaris", _pbs("mpirun -np 8 ./a\nmpirun -np 8 ./b")),  # two launch lines
    ("delta", _srun(launch="mpirun -np 4 ./app")),  # an srun site: the user's MPI decides
    ("polaris", None),  # no profile
])
def test_site_mpi_launch_refuses_where_it_would_invent(site: str, script: str | None) -> None:
    with pytest.raises(FixNotApplicable):
        site_mpi_launch(script or _pbs("mpirun -np 8 ./app"),
                        None if script is None else get_profile(site))


def test_mpd_launcher_on_polaris_is_started_with_mpiexec() -> None:
    result = diagnose_log(_pbs("mpirun -np ${NTOTRANKS} ./mycode.x"), MPD, "polaris", None, False)
    assert first_diagnosis(result)["record_id"] == "mpd-launcher-without-mpd-ring"
    assert '+mpiexec -n "${NTOTRANKS}" ./mycode.x' in _diff(result)


def test_mpd_launcher_with_the_sites_own_word_gets_no_swap() -> None:
    result = diagnose_log(_pbs("mpiexec -np 2 ./mainmpi"), MPD, "polaris", None, False)
    assert first_diagnosis(result)["record_id"] == "mpd-launcher-without-mpd-ring"
    assert _diff(result) == ""


@pytest.mark.parametrize("log", [
    PREFETCH, "ValueError: persistent_workers option needs num_workers > 0\n"])
def test_worker_only_loader_options_are_the_programs(log: str) -> None:
    result = diagnose_log(_srun(), log, "delta", None, False)
    first = first_diagnosis(result)
    assert first["record_id"] == "dataloader-option-conflict"
    assert first["verdict"] == "not_script" and _diff(result) == ""


def test_a_zero_worker_count_of_the_script_is_not_called_the_programs() -> None:
    script = _srun(launch=SRUN_LAUNCH + " --num_workers 0")
    result = diagnose_log(script, PREFETCH, "delta", None, False)
    assert all(d["record_id"] != "dataloader-option-conflict"  # type: ignore[index]
               for d in result["diagnoses"])  # type: ignore[union-attr]


BLAS = "RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`\n"
ONE_TASK = SRUN.replace("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1")


@pytest.mark.parametrize("log", [BLAS, "HIPBLAS_STATUS_ALLOC_FAILED when calling "
                                       "hipblasCreate(handle)\n"])
def test_blas_handle_alloc_of_a_one_process_job_is_not_the_launch(log: str) -> None:
    result = diagnose_log(ONE_TASK, log, "delta", None, False)
    first = first_diagnosis(result)
    assert first["record_id"] == "blas-handle-alloc-failed-one-process"
    assert first["verdict"] == "not_script" and _diff(result) == ""


@pytest.mark.parametrize("script", [
    SRUN,  # four tasks on the node: ranks may share a GPU
    ONE_TASK.replace("#SBATCH --nodes=1", "#SBATCH --nodes=2"),  # two nodes
    ONE_TASK.replace(SRUN_LAUNCH, "torchrun --nproc_per_node=4 train.py"),  # four processes
    ONE_TASK.replace(SRUN_LAUNCH, "mpirun -np 4 python train.py"),
])
def test_blas_handle_alloc_with_several_processes_is_not_called_the_programs(script: str) -> None:
    assert not holds("one_process_in_job", script, get_profile("delta"))
    result = diagnose_log(script, BLAS, "delta", None, False)
    assert all(d["record_id"] != "blas-handle-alloc-failed-one-process"  # type: ignore[index]
               for d in result["diagnoses"])  # type: ignore[union-attr]


MV2 = ("[gcn-4-11.sdsc.edu:mpi_rank_10][MPIDI_CH3I_MRAILI_Cq_poll] src/mpid/ch3/channels/mrail/"
       "src/gen2/ibv_channel_manager.c:586: [] Got completion with error 12, vendor code=0x81, "
       "dest rank=17\n")


def test_mvapich2_completion_error_is_advice_on_the_scripts_settings_no_edit() -> None:
    script = TACC.replace("ibrun python train.py --epochs 10", "ibrun ./mycode.x")
    result = diagnose_log(script, MV2, "lonestar6", None, False)
    first = first_diagnosis(result)
    assert first["record_id"] == "mvapich2-ib-completion-error"
    assert first["verdict"] == "script" and _diff(result) == ""
    assert "MV2_DEFAULT_TIME_OUT" in str(first["advice"])


def test_nccl_completion_error_stays_the_fabrics() -> None:
    log = ("transport/net_ib.cc:839 NCCL WARN NET/IB : Got completion with error 12, opcode 1, "
           "len 0, vendor err 129\n")
    result = diagnose_log(_srun(), log, "delta", None, False)
    assert all(d["record_id"] != "mvapich2-ib-completion-error"  # type: ignore[index]
               for d in result["diagnoses"])  # type: ignore[union-attr]
