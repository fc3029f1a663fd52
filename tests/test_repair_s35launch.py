"""PyTorch-ecosystem launchers' own messages (helper s35launch, issue 17): DeepSpeed's runner
with no GPU in a job that asks for none, counts beside a host filter or an MPI runner, its own
ssh-check message; Lightning's srun warning in a multi-task job; torchrun's agent signalled
from outside and a rendezvous closed by another node or kept closed in etcd
(templates/failures/launch_s35.yaml, launcher.yaml deepspeed-ssh-check)."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

DS = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=4/' > hostfile
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py
"""
DS_ONE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --time=04:00:00
deepspeed --num_gpus 4 train.py --deepspeed_config ds_config.json
"""
LIGHTNING = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=12:00:00
python train.py trainer.devices=4 trainer.num_nodes=2
"""
LIGHTNING_ONE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --time=08:00:00
python train.py
"""
TORCHRUN = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\
    --rdzv_endpoint="$MASTER_ADDR:29500" --rdzv_id="$SLURM_JOB_ID" train.py
"""
NO_GPU = "RuntimeError: Unable to proceed, no GPU resources available\n"
SRUN_WARN = ("slurm.py:204: The `srun` command is available on your system but is not used."
             " HINT: If your intention is to run Lightning on SLURM, prepend your python command"
             " with `srun` like so: srun python train.py ...\n")
CLOSED = "torch.distributed.elastic.rendezvous.api.RendezvousClosedError\n"


def _answer(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _fix(script: str, log: str) -> tuple[str | None, str]:
    proposed = _answer(script, log).get("proposed") or {}
    assert isinstance(proposed, dict)
    return proposed.get("record_id"), str(proposed.get("diff", ""))


def _first(script: str, log: str) -> tuple[str, str]:
    first = _answer(script, log)["diagnoses"][0]  # type: ignore[index]
    return first["record_id"], first["verdict"]


def test_deepspeed_without_gpus_in_a_job_that_asks_none_requests_them() -> None:
    record, diff = _fix(DS_ONE, NO_GPU)
    assert record == "deepspeed-no-gpu-job-requests-none"
    assert "+#SBATCH --gpus-per-node=" in diff


def test_deepspeed_without_gpus_in_a_gpu_job_gets_no_fix() -> None:
    assert _fix(DS.replace(" --hostfile hostfile", ""), NO_GPU)[0] is None


def test_deepspeed_counts_beside_exclude_are_dropped() -> None:
    script = DS.replace("--num_nodes 2", "--num_nodes 2 --exclude gpua002:3")
    record, diff = _fix(script, "ValueError: Cannot specify num_nodes/gpus with include/exclude\n")
    assert record == "deepspeed-counts-beside-host-filter"
    assert "--exclude gpua002:3" in diff and "+deepspeed" in diff
    added = diff.split("+deepspeed")[1]
    assert "+deepspeed --num_gpus" not in diff and "--num_nodes 2" not in added


def test_deepspeed_counts_with_openmpi_runner_are_dropped() -> None:
    script = DS.replace("deepspeed --num_gpus", "deepspeed --launcher openmpi --num_gpus")
    log = "AssertionError: openmpi backend does not support limiting num nodes/gpus\n"
    record, diff = _fix(script, log)
    assert record == "deepspeed-counts-beside-host-filter"
    assert "+deepspeed --launcher openmpi --master_addr" in diff


def test_deepspeed_counts_message_without_filter_on_the_line_gets_no_fix() -> None:
    log = "ValueError: Cannot specify num_nodes/gpus with include/exclude\n"
    assert _fix(DS, log)[0] != "deepspeed-counts-beside-host-filter"


def test_deepspeed_runner_ssh_check_message_uses_the_slurm_runner() -> None:
    log = ("RuntimeError: Using hostfile at hostfile but host=gpua001 was not reachable via ssh."
           " If you are running with a single node please remove hostfile or setup"
           " passwordless ssh.\n")
    record, diff = _fix(DS, log)
    assert record == "deepspeed-ssh-check"
    assert "+deepspeed --launcher=slurm" in diff


def test_lightning_srun_warning_in_a_multitask_job_starts_python_with_srun() -> None:
    record, diff = _fix(LIGHTNING, SRUN_WARN)
    assert record == "lightning-srun-not-used-multitask"
    assert "+srun" in diff


def test_lightning_srun_warning_in_a_one_task_job_is_left_alone() -> None:
    assert _fix(LIGHTNING_ONE, SRUN_WARN)[0] is None


def test_torchrun_agent_sigterm_is_not_the_script() -> None:
    log = ("torch.distributed.elastic.multiprocessing.api.SignalException: Process 1187 got"
           " signal: 15\n")
    assert _first(TORCHRUN, log) == ("torchrun-agent-terminated-from-outside", "not_script")
    assert _fix(TORCHRUN, log)[0] is None


def test_torchrun_agent_sigint_stays_open() -> None:
    log = ("torch.distributed.elastic.multiprocessing.api.SignalException: Process 1187 got"
           " signal: 2\n")
    assert _first(TORCHRUN, log)[0] != "torchrun-agent-terminated-from-outside"


def test_torchrun_sigterm_at_the_time_limit_keeps_the_time_limit_record() -> None:
    log = ("slurmstepd: error: *** JOB 4 ON gpua001 CANCELLED AT 2024-05-01T12:00:01 DUE TO TIME"
           " LIMIT ***\ntorch.distributed.elastic.multiprocessing.api.SignalException: Process 11"
           " got signal: 15\n")
    assert _first(TORCHRUN, log)[0] != "torchrun-agent-terminated-from-outside"


def test_rendezvous_closed_with_c10d_is_another_nodes_failure() -> None:
    assert _first(TORCHRUN, CLOSED) == ("torchrun-rendezvous-closed-by-other-node", "not_script")


def test_rendezvous_closed_with_etcd_and_a_fixed_id_gets_a_job_id() -> None:
    script = TORCHRUN.replace("--rdzv_backend=c10d", "--rdzv_backend=etcd-v2").replace(
        '--rdzv_id="$SLURM_JOB_ID"', "--rdzv_id=1")
    record, diff = _fix(script, CLOSED)
    assert record == "torchrun-etcd-rendezvous-id-reused"
    added = [line for line in diff.splitlines() if line.startswith("+") and "rdzv_id" in line]
    assert added and "SLURM_JOB_ID" in added[0] and "rdzv_id=1" not in added[0]
