"""Precision at first contact (helper s37prec, issue 17): oneCCL's bootstrap errors are answered
with the site's settings only where the job lacks them and an MPI launcher starts its ranks,
and with unsetting the MPI-launch settings where no MPI launcher starts the program
(templates/failures/backend.yaml, prec_s37.yaml, maple_flow/repair/script_facts_ccl.py)."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import script_facts_ccl as sfc

AURORA = """#!/bin/bash
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module load frameworks
NNODES=$(wc -l < $PBS_NODEFILE)
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n $((NNODES * 12)) --ppn 12 --cpu-bind depth -d 8 python train.py
"""
MPI_SETTINGS = ("module load frameworks\nexport CCL_KVS_MODE=mpi\n"
                "export CCL_PROCESS_LAUNCHER=pmix")
VLLM = "vllm serve /models/Llama-3.3-70B-Instruct --tensor-parallel-size 12 --port 8000"
MPIEXEC = "mpiexec -n $((NNODES * 12)) --ppn 12 --cpu-bind depth -d 8 python train.py"
KVS = ("|CCL_ERROR| internal_kvs.cpp:42 kvs_set_value: condition\n"
       "can_use_internal_kvs() failed\n")
ATL = ("RuntimeError: oneCCL: atl_ofi_comm.cpp:232 init_transport: EXCEPTION: "
       "failed to initialize ATL\n")
NO_PROVIDER = ("|CCL_ERROR| atl_ofi_helper.cpp:1118\n"
               "   atl_ofi_get_prov_list: fi_getinfo error: ret -61, providers 0\n")


def _fix(script: str, log: str) -> tuple[str | None, str]:
    proposed = diagnose_log(script, log, "aurora", None, False).get("proposed") or {}
    assert isinstance(proposed, dict)
    return proposed.get("record_id"), str(proposed.get("diff", ""))


# -- the facts --------------------------------------------------------------------------------
def test_site_settings_unset_holds_for_an_mpiexec_job_without_them() -> None:
    aurora = get_profile("aurora")
    assert sfc.site_ccl_env_unset_mpi_launch(AURORA, aurora)
    assert not sfc.site_ccl_env_unset_mpi_launch(AURORA.replace("module load frameworks",
                                                                MPI_SETTINGS), aurora)
    assert not sfc.site_ccl_env_unset_mpi_launch(AURORA.replace(MPIEXEC, VLLM), aurora)
    # a site whose settings are no oneCCL settings (Stampede3: the device hierarchy only)
    assert not sfc.site_ccl_env_unset_mpi_launch(AURORA, get_profile("stampede3"))


def test_mpi_launch_settings_without_a_launcher() -> None:
    script = AURORA.replace("module load frameworks", MPI_SETTINGS).replace(MPIEXEC, VLLM)
    assert sfc.mpi_launch_ccl_settings(script) == ["CCL_PROCESS_LAUNCHER", "CCL_KVS_MODE"]
    assert sfc.mpi_launch_ccl_env_without_mpi_launcher(script, None)
    launched = AURORA.replace("module load frameworks", MPI_SETTINGS)
    assert not sfc.mpi_launch_ccl_env_without_mpi_launcher(launched, None)
    # values that ask for no MPI launch, and a comment, are no MPI-launch settings
    own = AURORA.replace("module load frameworks", "export CCL_PROCESS_LAUNCHER=none\n"
                         "export CCL_ATL_TRANSPORT=ofi\n# export CCL_KVS_MODE=mpi")
    assert sfc.mpi_launch_ccl_settings(own.replace(MPIEXEC, VLLM)) == []


# -- the records --------------------------------------------------------------------------------
def test_an_mpiexec_job_without_the_site_settings_gets_them() -> None:
    record, diff = _fix(AURORA, ATL)
    assert record == "oneccl-environment-missing"
    assert "+export CCL_PROCESS_LAUNCHER=pmix" in diff


def test_a_job_that_sets_the_site_settings_gets_no_export_again() -> None:
    record, diff = _fix(AURORA.replace("module load frameworks", MPI_SETTINGS), ATL)
    assert record != "oneccl-environment-missing"
    assert "+export CCL_" not in diff


def test_libfabric_finding_no_provider_gets_no_site_settings() -> None:
    record, diff = _fix(AURORA, NO_PROVIDER)
    assert record != "oneccl-environment-missing"
    assert "+export CCL_" not in diff


def test_a_program_without_mpi_launcher_gets_no_site_settings() -> None:
    record, diff = _fix(AURORA.replace(MPIEXEC, "python vllm_bench2.py --tensor-parallel-size 2"),
                        ATL)
    assert record is None
    assert diff == ""


def test_mpi_launch_settings_for_spawned_workers_are_unset() -> None:
    script = AURORA.replace("module load frameworks", MPI_SETTINGS).replace(MPIEXEC, VLLM)
    for log in (KVS, NO_PROVIDER):
        record, diff = _fix(script, log)
        assert record == "oneccl-mpi-launch-settings-without-mpi-launcher"
        assert "+unset CCL_PROCESS_LAUNCHER\n+unset CCL_KVS_MODE\n" in diff
        changed = [ln for ln in diff.splitlines()[2:] if ln[:1] in "+-"]
        assert changed == ["+unset CCL_PROCESS_LAUNCHER", "+unset CCL_KVS_MODE"]


# -- fixes that are there already ------------------------------------------------------------
SRUN = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --time=01:00:00
module load openmpi
srun python -m mpi4py.bench helloworld
"""
DIRECT = ("[nid200247:2144171] OPAL ERROR: Unreachable in file ext3x_client.c at line 111\n"
          "The application appears to have been direct launched using \"srun\",\n"
          "but OMPI was not built with SLURM's PMI support and therefore cannot\nexecute.\n")


def test_srun_without_pmix_is_given_it() -> None:
    answer = diagnose_log(SRUN, DIRECT, "delta", None, False)
    proposed = answer.get("proposed") or {}
    assert isinstance(proposed, dict)
    assert "--mpi=pmix" in str(proposed.get("diff", ""))


def test_srun_that_asks_pmix_already_is_not_the_script() -> None:
    script = SRUN.replace("srun python", "srun --mpi=pmix python")
    for cluster in ("delta", "perlmutter"):
        answer = diagnose_log(script, DIRECT, cluster, None, False)
        assert answer.get("proposed") is None
        first = answer["diagnoses"][0]  # type: ignore[index]
        assert (first["record_id"], first["verdict"]) == ("openmpi-pmix-client-unreachable",
                                                          "not_script")


def test_wandb_retry_of_a_run_that_is_offline_already_gets_no_offline_fix() -> None:
    script = SRUN.replace("srun python -m mpi4py.bench helloworld", "srun python train.py")
    online = "wandb: Network error (ConnectTimeout), entering retry loop.\n"
    offline = ("wandb: W&B syncing is set to `offline` in this directory.\n"
               "wandb: Run `wandb online` or set WANDB_MODE=online to enable cloud syncing.\n"
               + online)
    assert diagnose_log(script, online, "delta", None, False)["proposed"]
    answer = diagnose_log(script, offline, "delta", None, False)
    assert answer.get("proposed") is None
    assert all(d["record_id"] != "wandb-server-unreachable"
               for d in answer["diagnoses"])  # type: ignore[union-attr]


def test_atl_init_with_no_libfabric_provider_anywhere_gets_no_site_settings() -> None:
    record, diff = _fix(AURORA, ATL + NO_PROVIDER)
    assert record != "oneccl-environment-missing"
    assert "+export CCL_" not in diff
