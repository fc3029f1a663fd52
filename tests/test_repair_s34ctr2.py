"""Slurm submission classes of helper s34ctr2 (templates/failures/ctr2_s34.yaml and two
extended records): a site partition given as the QOS (moved to --partition only when the
script's QOS value is one of the site's partitions), a submit filter's "no time
specification", and a quota filter refusing submissions at any Slurm site (not the script's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES
from maple_flow.repair.resolve_qos import QosUnresolved, qos_partition

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
HEAD = "#!/bin/bash\n#SBATCH --account=bbka-delta-gpu\n"
QOS_AS_PARTITION = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=gpuA100x4\n")


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict) -> str | None:
    found = data.get("diagnoses") or []
    return found[0]["record_id"] if found else None


def test_qos_partition_is_the_scripts_qos_when_it_names_a_partition() -> None:
    assert qos_partition(QOS_AS_PARTITION, get_profile("delta")) == "gpuA100x4"
    short = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH -q gpuA100x4\n")
    assert qos_partition(short, get_profile("delta")) == "gpuA100x4"


@pytest.mark.parametrize("script", [
    TORCHRUN,  # no QOS at all
    TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=normal\n"),  # a QOS, no partition
    QOS_AS_PARTITION.replace("#SBATCH --qos", "#SBATCH --partition=gpuA100x4-preempt\n"
                             "#SBATCH --qos"),  # another partition named too
])
def test_qos_partition_unresolved_otherwise(script: str) -> None:
    with pytest.raises(QosUnresolved):
        qos_partition(script, get_profile("delta"))


@pytest.mark.parametrize("log", [
    "Invalid qos specification\n",
    "sbatch: error: Batch job submission failed: Invalid qos specification\n",
])
def test_partition_named_as_qos_moves_to_the_partition_directive(log: str) -> None:
    data = _diagnose(QOS_AS_PARTITION, log)
    assert data["proposed"]["record_id"] == "slurm-partition-named-as-qos"
    diff = data["proposed"]["diff"]
    assert "-#SBATCH --qos=gpuA100x4" in diff
    assert "+#SBATCH --partition=gpuA100x4" in diff


def test_a_qos_that_names_no_partition_is_not_moved() -> None:
    script = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=premium\n")
    data = _diagnose(script, "sbatch: error: Batch job submission failed: Invalid qos "
                     "specification\n")
    ids = [d["record_id"] for d in data.get("diagnoses") or []]
    assert "slurm-partition-named-as-qos" not in ids


def test_no_qos_in_the_script_is_not_this_class() -> None:
    data = _diagnose(TORCHRUN.replace("#!/bin/bash\n", HEAD), "Invalid qos specification\n")
    assert data.get("proposed") is None


def test_no_time_specification_sets_a_walltime() -> None:
    script = HEAD + "#SBATCH --partition=gpuA100x4\n" + TORCHRUN.replace(
        "#!/bin/bash\n", "").replace("#SBATCH --time=01:00:00\n", "")
    data = _diagnose(script, "error: Your job has no time specification (--time=)...\n")
    assert data["proposed"]["record_id"] == "slurm-time-limit-required"
    assert "+#SBATCH --time=" in data["proposed"]["diff"]


def test_quota_filter_refusal_is_not_the_script_at_any_slurm_site() -> None:
    log = ("sbatch: error: Your account has exceeded a file system quota and is not permitted "
           "to submit batch jobs.  Please run `myquota` for more information.\n")
    data = _diagnose(TORCHRUN, log, "delta")
    assert data.get("proposed") is None
    first = _first(data)
    assert first == "nersc-quota-blocks-submit"
    assert load_knowledge_base().get(first).family in NOT_SCRIPT_FAMILIES


B2_RM = ("#!/bin/bash\n#SBATCH -p RM-shared\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=16\n"
         "#SBATCH --time=06:00:00\nmodule load openmpi\nsrun ./solver input.dat\n")


@pytest.mark.parametrize("log", [
    "Invalid qos specification\n",
    "sbatch: error: Batch job submission failed: Invalid qos specification\n",
])
def test_no_qos_named_asks_and_never_moves_the_partition(log: str) -> None:
    data = _diagnose(B2_RM, log, "bridges2")
    assert data.get("proposed") is None
    assert _first(data) == "slurm-qos-refused-none-named"
    assert data["diagnoses"][0]["needs"] == ["qos"]


def test_a_named_qos_that_is_no_partition_asks_for_the_qos() -> None:
    script = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=gpu-a100_default\n")
    data = _diagnose(script, "Invalid qos specification\n")
    assert data.get("proposed") is None
    assert _first(data) == "slurm-named-qos-refused-ask"


def test_sbatchs_invalid_qos_with_a_named_qos_keeps_its_record() -> None:
    script = TORCHRUN.replace("#!/bin/bash\n", "#!/bin/bash\n#SBATCH --qos=bsc_es\n")
    data = _diagnose(script, "sbatch: error: Batch job submission failed: Invalid qos "
                     "specification\n", "perlmutter")
    assert data["proposed"]["record_id"] == "slurm-invalid-qos"


TACC = (Path(__file__).resolve().parent.parent / "bench" / "reallogs28" / "scripts"
        / "tacc_ibrun.sh").read_text(encoding="utf-8")
VISTA_4_ON_2 = (TACC.replace("-p gpu-a100", "-p gh-dev").replace("#SBATCH -n 6", "#SBATCH -n 4")
                .replace("ibrun python train.py --epochs 10", "ibrun ./main 128 50"))
LAMMPS_64 = ("#!/bin/bash\n#SBATCH --account=bbka-delta-gpu\n#SBATCH --partition=gpuA100x4\n"
             "#SBATCH --nodes=1\n#SBATCH --gres=gpu:a100:1\n#SBATCH --ntasks-per-node=64\n"
             "#SBATCH --time=04:00:00\nsrun lmp -k on g 1 -sf kk -in in.lammps\n")
BAMBOO = ("ERROR: pair_bamboo: mismatch between number of ranks and number of available GPUs "
          "(src/pair_bamboo.cpp:67)\n")


def test_rank_cap_is_the_jobs_gpus_a_node_when_ranks_exceed_them() -> None:
    from maple_flow.repair.resolve_rankcap import RankCapUnresolved, rank_cap
    assert rank_cap(2, VISTA_4_ON_2, get_profile("vista")) == 1
    assert rank_cap(64, LAMMPS_64, get_profile("delta")) == 1  # one A100 asked, not four
    with pytest.raises(RankCapUnresolved):
        rank_cap(1, VISTA_4_ON_2, get_profile("vista"))
    with pytest.raises(RankCapUnresolved):
        rank_cap(None, VISTA_4_ON_2, get_profile("vista"))


def test_vista_two_ranks_a_one_gpu_node_become_one() -> None:
    data = _diagnose(VISTA_4_ON_2, "local MPI ranks > local GPUs\n", "vista")
    assert data["proposed"]["record_id"] == "program-ranks-exceed-node-gpus"
    diff = data["proposed"]["diff"]
    assert "-#SBATCH -n 4" in diff and "+#SBATCH --ntasks-per-node=1" in diff


def test_sixty_four_ranks_on_one_asked_gpu_become_one() -> None:
    data = _diagnose(LAMMPS_64, BAMBOO)
    assert data["proposed"]["record_id"] == "program-ranks-exceed-node-gpus"
    assert "+#SBATCH --ntasks-per-node=1" in data["proposed"]["diff"]


@pytest.mark.parametrize("script", [
    LAMMPS_64.replace("--ntasks-per-node=64", "--ntasks-per-node=1"),  # already one a GPU
    LAMMPS_64.replace("srun lmp", "srun -n 64 lmp"),  # the launch line sets its own count
])
def test_ranks_within_gpus_or_counted_on_the_launch_line_are_not_changed(script: str) -> None:
    data = _diagnose(script, BAMBOO)
    ids = [d["record_id"] for d in data.get("diagnoses") or []]
    assert "program-ranks-exceed-node-gpus" not in ids


def test_a_warning_that_ranks_share_gpus_is_not_the_refusal() -> None:
    log = ("Warning: more MPI ranks than GPUs on this node, ranks will share GPUs\n"
           "RuntimeError: CUDA out of memory.\n")
    ids = [d["record_id"] for d in _diagnose(LAMMPS_64, log).get("diagnoses") or []]
    assert "program-ranks-exceed-node-gpus" not in ids
    data = _diagnose(LAMMPS_64, "Error: more MPI ranks than GPUs\n")
    assert data["proposed"]["record_id"] == "program-ranks-exceed-node-gpus"


def test_tacc_balance_refusal_is_the_allocation_not_the_script() -> None:
    log = ("ERROR: Insufficient balance for Project (ASC23046) on (ls6) to run job.\n"
           "Current Balance: 4314 SUs\nRequested in queued jobs: 7638 SUs\n")
    data = _diagnose(TACC, log, "lonestar6")
    assert data.get("proposed") is None
    first = _first(data)
    assert first == "tacc-project-balance-insufficient"
    assert load_knowledge_base().get(first).family in NOT_SCRIPT_FAMILIES


SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
POLICY = ("sbatch: error: Batch job submission failed: Job violates accounting/QOS policy "
          "(job submit limit, user's size and/or time limits)\n")


@pytest.mark.parametrize("log", [
    "2025-04-02 11:01:15,079 - ERROR - cluster - sbatch: error: QOSGrpGRES\n",
    "sbatch: error: QOSGrpGRES\n" + POLICY,
])
def test_a_group_limit_at_submission_asks_and_moves_nothing(log: str) -> None:
    script = SRUN_PY.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=interactive\n")
    data = _diagnose(script, log)
    assert data.get("proposed") is None
    assert _first(data) == "slurm-group-tres-limit-at-submit"
    assert data["diagnoses"][0]["needs"] == ["qos"]


def test_a_pending_group_reason_is_not_a_refusal() -> None:
    log = "  1204221      ghx4    myjob     .... PD       0:00      5 (QOSGrpGRES)\n"
    ids = [d["record_id"] for d in _diagnose(SRUN_PY, log).get("diagnoses") or []]
    assert "slurm-group-tres-limit-at-submit" not in ids
