"""Classes of real failures the third real-log set (bench/reallogs3, tune half) showed missing:
an allocation's spent balance, a submit filter against CPU counts on GPU jobs, Environment
Modules (Tcl) wording, and launchers that start more processes per node than the job's GPUs."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.classify import classify
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import FailureEvidence
from maple_flow.repair.patch import apply_fix
from maple_flow.repair.script_facts import holds

KB = load_knowledge_base()
SRUN = """#!/bin/bash
#SBATCH --account=abc123
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
module load {module}
srun python -u train.py
"""
TORCHRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
torchrun --standalone --nproc-per-node={nproc} train.py --outdir=runs
"""
ACCELERATE = """#!/bin/bash
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node={gpus}
#SBATCH --time=08:00:00
srun accelerate launch --multi_gpu --num_machines {nodes} --num_processes {procs} run.py
"""
ORDINAL = "RuntimeError: CUDA error: invalid device ordinal\n"


def _ev(script: str, log: str, cluster: str = "delta") -> FailureEvidence:
    return FailureEvidence(cluster=cluster, scheduler="slurm", stderr=log, script=script)


def _top(script: str, log: str, cluster: str = "delta") -> str:
    return classify(_ev(script, log, cluster), KB)[0].record_id


def test_a_spent_balance_asks_for_an_account_not_a_time_limit() -> None:
    """Was slurm-time-limit-invalid: the time limit raised to the partition's maximum."""
    log = ("sbatch: error: bank_limit plugin: The requested time can not exceed the available "
           "balance.\nRequested SUs: 19\nAllocation available group SUs: 29\n"
           "sbatch: error: Batch job submission failed: Requested time limit is invalid "
           "(missing or exceeds some limit)\n")
    data = diagnose_log(SRUN.format(module="cuda"), log, "anvil", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "slurm-bank-limit-balance"
    assert data["diagnoses"][0]["needs"] == ["account"]


def test_a_filter_against_cpu_counts_on_gpu_jobs_removes_them() -> None:
    """Was slurm-gpu-spec-required by similarity (the GPUs per node cut to one)."""
    log = "sbatch: error: Job rejected: Please do not specify cores/CPUs/tasks for GPU jobs.\n"
    script = SRUN.format(module="cuda")
    top = classify(_ev(script, log), KB)[0]
    assert top.record_id == "slurm-filter-no-cpu-counts-on-gpu-jobs"
    after = apply_fix(script, top.fix, get_profile("vista"))
    assert "--ntasks-per-node" not in after and "--cpus-per-task" not in after
    assert "#SBATCH --gpus-per-node=4" in after and "srun python -u train.py" in after


def test_tcl_modules_wording_of_an_unknown_module_is_recognised() -> None:
    """Was 'not recognised' (only Lmod's wording had a record)."""
    for log in ("ModuleCmd_Load.c(213):ERROR:105: Unable to locate a modulefile for "
                "'cuda100/toolkit'\n",
                "ERROR: Unable to locate a modulefile for 'cuda100/toolkit'\n"):
        script = SRUN.format(module="cuda100/toolkit")
        found = classify(_ev(script, log, "bridges2"), KB)
        ids = [d.record_id for d in found]
        assert {"envmodules-unknown-modulefile", "envmodules-unknown-modulefile-absent"} <= set(ids)
        absent = next(d for d in found if d.record_id == "envmodules-unknown-modulefile-absent")
        after = apply_fix(script, absent.fix, get_profile("bridges2"))
        assert "cuda100/toolkit" not in after and "srun python -u train.py" in after


def test_another_sites_version_of_a_family_the_site_has_is_swapped() -> None:
    profile = get_profile("delta")
    cudas = [m for m in profile.software.available_modules if m.split("/")[0] == "cuda"]
    log = "ERROR: Unable to locate a modulefile for 'cuda/9.9.9'\n"
    script = SRUN.format(module="cuda/9.9.9")
    swap = next(d for d in classify(_ev(script, log), KB)
                if d.record_id == "envmodules-unknown-modulefile")
    after = apply_fix(script, swap.fix, profile)
    assert "cuda/9.9.9" not in after
    assert any(f"module load {m}" in after for m in cudas)


def test_torchrun_processes_above_the_gpus_asked_are_a_fact() -> None:
    assert holds("per_node_launcher_above_gpus", TORCHRUN.format(nproc=8))
    assert not holds("per_node_launcher_above_gpus", TORCHRUN.format(nproc=4))
    assert not holds("per_node_launcher_above_gpus",
                     TORCHRUN.format(nproc=8).replace("#SBATCH --gpus-per-node=4\n", ""))


def test_torchrun_above_the_gpus_sets_its_processes_to_them() -> None:
    """Was invalid-device-ordinal only, 'not applicable: the launch line has no srun stage'."""
    script = TORCHRUN.format(nproc=8)
    top = classify(_ev(script, ORDINAL, "deltaai"), KB)[0]
    assert top.record_id == "per-node-launcher-above-gpus"
    after = apply_fix(script, top.fix, get_profile("deltaai"))
    assert "--nproc-per-node=4" in after and "--nproc-per-node=8" not in after
    assert "#SBATCH --gpus-per-node=4" in after


def test_a_launcher_that_fits_its_gpus_is_not_blamed() -> None:
    ids = [d.record_id for d in classify(_ev(TORCHRUN.format(nproc=4), ORDINAL, "deltaai"), KB)]
    assert "per-node-launcher-above-gpus" not in ids
    fits = ACCELERATE.format(nodes=2, gpus=4, procs=8)
    assert not holds("accelerate_above_gpus", fits)


def test_accelerate_above_the_gpus_sets_the_total_processes() -> None:
    one = ACCELERATE.format(nodes=1, gpus=1, procs=8)
    assert holds("accelerate_above_gpus", one)
    top = classify(_ev(one, ORDINAL, "anvil"), KB)[0]
    assert top.record_id == "accelerate-processes-above-gpus"
    assert "--num_processes 1 " in apply_fix(one, top.fix, get_profile("anvil"))
    two = ACCELERATE.format(nodes=2, gpus=4, procs=16)  # 8 a machine on 4-GPU nodes
    top = classify(_ev(two, ORDINAL, "delta"), KB)[0]
    assert top.record_id == "accelerate-processes-above-gpus"
    assert "--num_processes 8 " in apply_fix(two, top.fix, get_profile("delta"))
