"""Classes of the tune half of bench/reallogs49 closed by helper s40rl49
(templates/failures/rl49_s40.yaml): an Environment Modules unload refused while a loaded
module requires it (the HINT's dependent module is unloaded first, only above the script's
own unload), and Cray MPICH's NUMA NIC policy with a rank spanning NUMA domains."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_env import unload_dependent_first
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
UNLOAD_LOG = ("Unloading compilers/intel/2018/update3\n"
              "  ERROR: compilers/intel/2018/update3 cannot be unloaded due to a prereq.\n"
              "    HINT: Might try \"module unload default-modules/2018\" first.\n")


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict:
    return diagnose_log(script, log, cluster, None, False)


def _with(lines: str) -> str:
    return SRUN.replace("srun python", f"{lines}\nsrun python", 1)


def test_unload_dependent_first_goes_above_the_scripts_unload_of_the_family() -> None:
    script = _with("module unload compilers mpi\nmodule load compilers/gnu/10.2.0")
    out = unload_dependent_first(script, "default-modules/2018",
                                 "compilers/intel/2018/update3")
    assert "module unload default-modules/2018\nmodule unload compilers mpi\n" in out


def test_unload_dependent_first_handles_switch_and_ml_minus() -> None:
    switch = _with("module switch cuda/11.0/11.0.3 cuda/11.2/11.2.2")
    assert "module unload cudnn/8.4/8.4.1\nmodule switch cuda/11.0" in unload_dependent_first(
        switch, "cudnn/8.4/8.4.1", "cuda/11.0/11.0.3")
    ml = _with("ml -cuda")
    assert "module unload cudnn\nml -cuda" in unload_dependent_first(ml, "cudnn", "cuda/12.1")


@pytest.mark.parametrize("lines", [
    "module load tb",  # the unload is a modulefile's own (envmodules/modules#259)
    "module unload tb\nmodule unload ta",  # the dependent is unloaded first already
    "module switch ta",  # a one-name switch does not switch ta away
])
def test_unload_dependent_first_refuses_where_the_unload_is_not_the_scripts(lines: str) -> None:
    with pytest.raises(FixNotApplicable):
        unload_dependent_first(_with(lines), "tb", "ta")


def test_unload_refused_by_a_prereq_gets_the_hint_module_unloaded_first() -> None:
    script = _with("module unload compilers mpi")
    data = _diagnose(script, UNLOAD_LOG)
    assert data["proposed"]["record_id"] == "envmodules-unload-blocked-by-dependent"
    assert "+module unload default-modules/2018" in data["proposed"]["diff"]


def test_unload_refused_without_a_script_unload_gets_no_fix() -> None:
    log = ("Unloading ta\n  ERROR: ta cannot be unloaded due to a prereq.\n"
           "    HINT: Might try \"module unload tb\" first.\n")
    data = _diagnose(_with("module load --auto tb"), log)
    assert data.get("proposed") is None


def test_nic_policy_numa_gets_block_exported() -> None:
    log = ("MPICH ERROR: Unable to use a NIC_POLICY of 'NUMA'. Rank 0 is not confined to a "
           "single NUMA node.\n")
    app = SRUN.replace("srun python -u train.py --batch-size 256 --epochs 32",
                       "srun --cpu-bind=cores ./hybrid_app.exe input.nml")
    assert "python" not in app.split("#SBATCH")[-1]
    data = _diagnose(app, log, "perlmutter")
    assert data["proposed"]["record_id"] == "cray-mpich-nic-policy-numa-rank-spans-domains"
    assert "+export MPICH_OFI_NIC_POLICY=BLOCK" in data["proposed"]["diff"]


def test_ofi_poll_failure_is_not_the_nic_policy_record() -> None:
    log = ("MPIDI_OFI_handle_cq_error(1062): OFI poll failed (ofi_events.c:1064:"
           "MPIDI_OFI_handle_cq_error:Input/output error - PTLTE_NOT_FOUND)\n")
    data = _diagnose(SRUN, log, "perlmutter")
    ids = [d["record_id"] for d in data.get("diagnoses") or []]
    assert "cray-mpich-nic-policy-numa-rank-spans-domains" not in ids


def test_nic_policy_numa_in_a_python_job_is_the_programs_import_order() -> None:
    log = ("MPICH ERROR: Unable to use a NIC_POLICY of 'NUMA'. Rank 4 is not confined to a "
           "single NUMA node.  There are 4 numa_nodes detected (rc=0).\n")
    data = _diagnose(SRUN.replace("srun python", "srun python3", 1), log, "perlmutter")
    assert data.get("proposed") is None
    first = (data.get("diagnoses") or [{}])[0]
    assert first.get("record_id") == "cray-mpich-nic-policy-numa-python-import-order"
