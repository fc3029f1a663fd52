"""Rank wiring found in users' scripts through their launch lines and shell bodies
(maple_flow/repair/patch_rankvars.py, templates/failures/s20_repairops.yaml): a local rank set
from the global rank where each rank reads it, a literal WORLD_SIZE off the job's rank count,
mpiexec ranks with nothing giving each its GPU, DDP variables exported by hand under srun."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op
from maple_flow.repair.patch_rankvars import (
    bind_rank_gpus,
    local_rank_from_local_id,
    world_size_from_job,
)
from maple_flow.repair.text import FixNotApplicable

ROOT = Path(__file__).resolve().parents[1]
LOGS = {**json.loads((ROOT / "bench" / "gpufaults" / "logs-h100.json")
                     .read_text(encoding="utf-8"))["faults"],
        **json.loads((ROOT / "bench" / "gpufaults" / "logs2-h100.json")
                     .read_text(encoding="utf-8"))["faults"]}
SLURM = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
{extra}{launch}
"""
PBS = """#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -q debug-scaling
#PBS -A MyProject
cd ${{PBS_O_WORKDIR}}
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
{extra}mpiexec -n ${{NTOTRANKS}} --ppn ${{NRANKS_PER_NODE}} --depth=16 \\
    --cpu-bind depth {wrap}python train.py
"""


def _proposed(script: str, log: str, cluster: str) -> tuple[str | None, str]:
    data = diagnose_log(script, log, cluster, None, False)
    proposed = data.get("proposed") or {}
    return proposed.get("record_id"), proposed.get("diff", "")


# -- local rank from the global rank ------------------------------------------------------

def test_local_rank_in_a_single_quoted_srun_body_reads_the_local_id() -> None:
    script = SLURM.format(extra="", launch="srun bash -c 'RANK=$SLURM_PROCID "
                          "LOCAL_RANK=$SLURM_PROCID python -u train.py'")
    after = local_rank_from_local_id(script)
    assert "RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID python" in after


def test_escaped_option_in_a_double_quoted_container_body_stays_escaped() -> None:
    """A container's ``-c "..."`` body (no launch scriptparse follows): the reference is kept
    for each rank's shell."""
    script = SLURM.format(extra="", launch='srun -N 2 -n 6 apptainer run img.sif -c "python '
                          'train.py --local_rank=\\$SLURM_PROCID --world_size=6"')
    assert "--local_rank=\\$SLURM_LOCALID" in local_rank_from_local_id(script)


def test_unescaped_reference_in_a_double_quoted_body_is_escaped_for_each_rank() -> None:
    script = SLURM.format(extra="", launch='srun bash -c "LOCAL_RANK=$SLURM_PROCID python x.py"')
    assert 'bash -c "LOCAL_RANK=\\$SLURM_LOCALID python' in local_rank_from_local_id(script)


def test_pals_global_rank_reads_the_pals_local_id() -> None:
    script = PBS.format(extra="", wrap="bash -c 'LOCAL_RANK=${PALS_RANKID} exec \"$@\"' bash ")
    assert "LOCAL_RANK=${PALS_LOCAL_RANKID}" in local_rank_from_local_id(script)


def test_a_batch_shell_export_is_refused_with_the_reason() -> None:
    script = SLURM.format(extra="export LOCAL_RANK=$SLURM_PROCID\n",
                          launch="srun python -u train.py")
    with pytest.raises(FixNotApplicable, match="batch shell expands it once"):
        local_rank_from_local_id(script)


def test_a_script_srun_runs_in_every_rank_is_rewritten_at_its_top() -> None:
    script = "#!/bin/bash\nexport LOCAL_RANK=$SLURM_PROCID\npython train.py\n"
    assert "export LOCAL_RANK=$SLURM_LOCALID" in local_rank_from_local_id(script)


def test_the_log_of_a_global_local_rank_gets_the_local_id() -> None:
    script = SLURM.format(extra="", launch="srun bash -c 'RANK=$SLURM_PROCID "
                          "LOCAL_RANK=$SLURM_PROCID WORLD_SIZE=$SLURM_NTASKS python -u train.py'")
    record, diff = _proposed(script, LOGS["local-rank-from-global-rank"]["log"], "delta")
    assert record == "local-rank-from-global-rank"
    assert "LOCAL_RANK=$SLURM_LOCALID" in diff


def test_a_correct_local_rank_is_not_this_record() -> None:
    script = SLURM.format(extra="", launch="srun bash -c 'LOCAL_RANK=$SLURM_LOCALID python x.py'")
    record, _ = _proposed(script, LOGS["local-rank-from-global-rank"]["log"], "delta")
    assert record != "local-rank-from-global-rank"


# -- WORLD_SIZE off the job's rank count ---------------------------------------------------

def test_slurm_world_size_literal_becomes_the_task_count() -> None:
    script = SLURM.format(extra="export WORLD_SIZE=16\n",
                          launch="srun bash -c 'RANK=$SLURM_PROCID python train.py'")
    assert 'export WORLD_SIZE="$SLURM_NTASKS"' in world_size_from_job(script)


def test_pbs_world_size_literal_becomes_the_mpiexec_count_word() -> None:
    script = PBS.format(extra="export WORLD_SIZE=16\n", wrap="")
    assert 'export WORLD_SIZE="${NTOTRANKS}"' in world_size_from_job(script)


def test_world_size_under_torchrun_is_refused() -> None:
    script = SLURM.format(extra="export WORLD_SIZE=16\n",
                          launch="srun torchrun --nnodes=2 --nproc_per_node=4 train.py")
    with pytest.raises(FixNotApplicable, match="per-node launcher"):
        world_size_from_job(script)


def test_the_store_timeout_of_a_literal_world_size_gets_the_job_count() -> None:
    script = SLURM.format(extra="export WORLD_SIZE=16\n",
                          launch="srun bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID "
                          "python -u train.py'")
    record, diff = _proposed(script, LOGS["world-size-above-ranks"]["log"], "delta")
    assert record == "world-size-literal-off-the-ranks"
    assert "-export WORLD_SIZE=16" in diff


def test_a_world_size_equal_to_the_ranks_is_not_this_record() -> None:
    script = SLURM.format(extra="export WORLD_SIZE=8\n", launch="srun python -u train.py")
    record, _ = _proposed(script, LOGS["world-size-above-ranks"]["log"], "delta")
    assert record != "world-size-literal-off-the-ranks"


# -- mpiexec ranks with nothing binding their GPU ------------------------------------------

def test_mpiexec_ranks_get_their_gpu_from_the_pals_local_rank() -> None:
    after = apply_op(PBS.format(extra="", wrap=""), o.BindRankGpus(), get_profile("polaris"))
    assert ("--cpu-bind depth bash -c 'export CUDA_VISIBLE_DEVICES=$PALS_LOCAL_RANKID; "
            "exec \"$@\"' bash python train.py") in after


def test_ranks_bound_by_the_affinity_wrapper_are_refused() -> None:
    script = PBS.format(extra="", wrap="./set_affinity_gpu_polaris.sh ")
    with pytest.raises(FixNotApplicable, match="nothing binding"):
        bind_rank_gpus(script, "PALS_LOCAL_RANKID", "nvidia")


def test_intel_sites_are_refused() -> None:
    with pytest.raises(FixNotApplicable, match="intel"):
        bind_rank_gpus(PBS.format(extra="", wrap=""), "PALS_LOCAL_RANKID", "intel")


def test_the_duplicate_gpu_of_mpiexec_ranks_binds_them() -> None:
    record, diff = _proposed(PBS.format(extra="", wrap=""),
                             LOGS["ranks-without-local-rank"]["log"], "polaris")
    assert record == "duplicate-gpu-mpiexec-ranks-unbound"
    assert "CUDA_VISIBLE_DEVICES=$PALS_LOCAL_RANKID" in diff


# -- DDP variables exported by hand under srun ---------------------------------------------

def test_hand_exported_ddp_variables_are_dropped() -> None:
    script = SLURM.format(extra="export RANK=0\nexport LOCAL_RANK=0\nexport WORLD_SIZE=8\n",
                          launch="srun python -u train.py")
    log = ("RuntimeError: Defined env variables '['RANK', 'LOCAL_RANK', 'WORLD_SIZE']' "
           "should not be specified with SLURM.\n")
    record, diff = _proposed(script, log, "delta")
    assert record == "ddp-env-exported-under-slurm"
    assert "-export RANK=0" in diff and "-export WORLD_SIZE=8" in diff


# -- the program's own global-rank device: not the script's --------------------------------

def test_a_program_that_sets_the_global_rank_as_device_is_not_given_a_script_fix() -> None:
    script = SLURM.format(extra="", launch="srun python -u train.py")
    data = diagnose_log(script, "torch.cuda.set_device(rank)\n"
                        "RuntimeError: CUDA error: invalid device ordinal\n", "delta", None, False)
    assert not data.get("proposed")
    first = (data.get("diagnoses") or [{}])[0]
    assert first.get("record_id") == "program-global-rank-as-device"


def test_world_size_in_an_srun_body_reads_the_step_task_count() -> None:
    """In the rank's shell the step's own count is there (escaped in a double-quoted body)."""
    script = SLURM.format(extra="", launch="srun bash -c 'WORLD_SIZE=16 python train.py'")
    assert "'WORLD_SIZE=$SLURM_NTASKS python" in world_size_from_job(script)
    script = SLURM.format(extra="", launch='srun bash -c "WORLD_SIZE=16 python train.py"')
    assert '"WORLD_SIZE=\\$SLURM_NTASKS python' in world_size_from_job(script)


@pytest.mark.parametrize("kind", ["local_rank_from_local_id", "world_size_from_job",
                                  "bind_rank_gpus"])
def test_the_rank_ops_take_no_free_text(kind: str) -> None:
    """The variable a rank op writes comes from a fixed table, the site profile or the script's
    own launcher word: an op given a value of its own is refused by validation."""
    from maple_flow.errors import MapleError

    assert o.validate_ops([{"op": kind}]) == [{"op": kind}]
    with pytest.raises(MapleError):
        o.validate_ops([{"op": kind, "value": "$(touch /tmp/x)"}])
