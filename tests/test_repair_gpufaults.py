"""Records first run on logs real torch/NCCL printed on an H100 (bench/gpufaults): ranks that
srun starts itself, several a node, with no per-task GPU binding (every rank on GPU 0: one GPU
a task, not one task a node); torchrun's failure summary no longer answered with
``--max-restarts 0`` (torchrun's default) where the script asks no restarts."""

from __future__ import annotations

import json
from pathlib import Path

from maple_flow.cli.repair import diagnose_log

LOGS = json.loads((Path(__file__).resolve().parents[1] / "bench" / "gpufaults"
                   / "logs-h100.json").read_text(encoding="utf-8"))["faults"]
SRUN_RANKS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
{launch}
"""
TORCHRUN = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=ib0
srun torchrun --nnodes=2 --nproc_per_node=4 {restarts}--rdzv_backend=c10d \\
    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" train.py
"""


def _proposed(script: str, fault: str) -> tuple[str | None, str]:
    data = diagnose_log(script, LOGS[fault]["log"], "perlmutter", None, False)
    proposed = data.get("proposed") or {}
    return proposed.get("record_id"), proposed.get("diff", "")


def test_srun_ranks_on_one_gpu_get_one_gpu_a_task() -> None:
    record, diff = _proposed(SRUN_RANKS.format(launch="srun python -u train.py --epochs 3"),
                             "ranks-without-local-rank")
    assert record == "duplicate-gpu-srun-ranks-unbound"
    assert "+srun --gpus-per-task=1 python -u train.py --epochs 3" in diff
    assert "-#SBATCH --ntasks-per-node=4" not in diff  # was: one task a node (3 GPUs idle)


def test_srun_ranks_with_their_own_binding_are_not_this_record() -> None:
    """The script maps each task's GPU itself: the binding is not what is missing."""
    launch = "srun bash -c 'CUDA_VISIBLE_DEVICES=$SLURM_LOCALID python train.py'"
    record, _ = _proposed(SRUN_RANKS.format(launch=launch), "ranks-without-local-rank")
    assert record != "duplicate-gpu-srun-ranks-unbound"


def test_torchrun_summary_is_not_answered_with_restarts_the_script_never_asked() -> None:
    record, diff = _proposed(TORCHRUN.format(restarts=""), "nccl-socket-ifname-absent")
    assert record == "nccl-socket-ifname-unknown"
    assert "--max-restarts" not in diff


def test_torchrun_restarts_asked_by_the_script_are_turned_off() -> None:
    """A summary alone (no rank's error in the log) with restarts asked: the old fix stays."""
    summary = "\n".join(ln for ln in LOGS["nccl-socket-ifname-absent"]["log"].splitlines()
                        if not ln.startswith("[rank"))
    data = diagnose_log(TORCHRUN.format(restarts="--max-restarts=3 "), summary, "perlmutter",
                        None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "torchrun-max-restarts" in ids


def test_torchrun_once_in_a_two_node_job_is_started_on_every_node() -> None:
    """Was rendezvous-timeout, whose MASTER_ADDR fix changed nothing here: no fix."""
    script = TORCHRUN.format(restarts="").replace("srun torchrun", "torchrun")
    record, diff = _proposed(script, "rendezvous-waits-for-second-node")
    assert record == "torchrun-on-first-node-only"
    assert "+srun --ntasks-per-node=1 torchrun --nnodes=2" in diff


def test_torchrun_once_on_pbs_nodes_gets_one_mpiexec_rank_a_node() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n"
              "#PBS -A MyProject\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\n"
              "torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
              "--rdzv_endpoint=$MASTER_ADDR:29500 train.py\n")
    data = diagnose_log(script, LOGS["rendezvous-waits-for-second-node"]["log"], "polaris",
                        None, False)
    assert data["proposed"]["record_id"] == "torchrun-on-first-node-only"
    assert "+mpiexec -n 2 --ppn 1 torchrun --nnodes=2" in data["proposed"]["diff"]


def test_torchrun_with_its_own_node_rank_is_not_started_everywhere_alike() -> None:
    """A static rendezvous numbers nodes by --node_rank: one command on every node would give
    them all the same rank, so this record does not apply."""
    script = TORCHRUN.format(restarts="--node_rank=0 ").replace("srun torchrun", "torchrun")
    record, _ = _proposed(script, "rendezvous-waits-for-second-node")
    assert record != "torchrun-on-first-node-only"


LOGS2 = json.loads((Path(__file__).resolve().parents[1] / "bench" / "gpufaults"
                    / "logs2-h100.json").read_text(encoding="utf-8"))["faults"]


def test_one_visible_gpu_a_task_under_torchrun_drops_the_mapping() -> None:
    script = TORCHRUN.format(restarts="").replace(
        "export NCCL_SOCKET_IFNAME=ib0", "export CUDA_VISIBLE_DEVICES=$SLURM_LOCALID")
    data = diagnose_log(script, LOGS2["visible-devices-one-under-torchrun"]["log"],
                        "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "invalid-device-ordinal-one-gpu-a-task-under-launcher"
    assert "-export CUDA_VISIBLE_DEVICES=$SLURM_LOCALID" in data["proposed"]["diff"]


def test_one_visible_gpu_a_task_for_one_rank_a_task_is_not_this_record() -> None:
    """srun python, one rank a task: one visible GPU a task is right there."""
    script = SRUN_RANKS.format(launch="srun python -u train.py").replace(
        "export MASTER_PORT=12802", "export CUDA_VISIBLE_DEVICES=$SLURM_LOCALID")
    data = diagnose_log(script, LOGS2["visible-devices-one-under-torchrun"]["log"],
                        "perlmutter", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "invalid-device-ordinal-one-gpu-a-task-under-launcher" not in ids


def test_a_forced_nccl_network_the_node_lacks_is_unset() -> None:
    script = TORCHRUN.format(restarts="").replace("NCCL_SOCKET_IFNAME=ib0", "NCCL_NET=IB")
    data = diagnose_log(script, LOGS2["nccl-net-ib-without-ib"]["log"], "perlmutter", None,
                        False)
    assert data["proposed"]["record_id"] == "nccl-net-forced-absent"
    assert "-export NCCL_NET=IB" in data["proposed"]["diff"]
