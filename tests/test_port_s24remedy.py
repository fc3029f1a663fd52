"""Refusals that help, and shapes carried verbatim (issue 14, s24remedy): a command that starts
its own workers on one node (``tune run --nproc_per_node N``, ``composer -n N``) is kept as a
one-node job's one process; a container's ``bash -c`` body whose program is named by the
script's positional argument is carried; a one-task job's refusal does not ask for one task."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse.self_launch import one_task_directives, self_launcher

_TUNE = """#!/bin/sh
#SBATCH -J ttune
#SBATCH -t 12:00:00
#SBATCH -p A100-80GB
#SBATCH --gres=gpu:2
#SBATCH --nodes=1
#SBATCH --ntasks={tasks}
#SBATCH --cpus-per-task=4

cd $SLURM_SUBMIT_DIR
srun -l /bin/hostname
source $HOME/anaconda3/etc/profile.d/conda.sh
conda activate tune
cd $HOME/project/torchtune
tune run --nproc_per_node 2 lora_finetune_distributed --config recipes/configs/8B_lora.yaml
date
"""


@pytest.mark.parametrize("target", ["anvil", "polaris"])
def test_tune_run_kept_as_one_process_beside_srun_probes(target: str) -> None:
    result = port(_TUNE.format(tasks=1), [target])[target]
    assert result.status == "generated", result.notes
    line = ("tune run --nproc_per_node 2 lora_finetune_distributed --config "
            "recipes/configs/8B_lora.yaml")
    assert line in result.script.split("\n")
    assert result.spec.gpus_per_node == 2 and result.spec.nodes == 1
    kept = result.notes[0]
    assert "`tune run` starts its own worker processes" in kept and "2 workers" in kept
    assert "srun -l /bin/hostname" not in kept  # not in the port: not named as kept


def test_tune_run_unused_tasks_made_one_task_with_their_cpus() -> None:
    result = port(_TUNE.format(tasks=2), ["anvil"])["anvil"]
    assert result.status == "generated", result.notes
    assert "--cpus-per-task=8" in result.script and "--ntasks-per-node=1" in result.script
    assert "the source asked 2 tasks" in result.notes[0]


_COMPOSER = """#!/bin/bash
#SBATCH -J lm1b
#SBATCH -t 24:00:00
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
source setup_env.sh
composer -n ${SLURM_GPUS_ON_NODE} train.py run_name=x \\
  training.global_batch_size=$(( 8 * SLURM_GPUS_ON_NODE ))
"""


def test_composer_count_from_the_scheduler_renamed_on_pbs() -> None:
    result = port(_COMPOSER, ["polaris"])["polaris"]
    assert result.status == "generated", result.notes
    assert "composer -n ${GPUS_PER_NODE} train.py run_name=x" in result.script
    assert "GPUS_PER_NODE=4" in result.script


def test_self_launcher_reading() -> None:
    assert self_launcher(("tune", "run", "--nproc-per-node", "4", "r.py")).count == "4"
    assert self_launcher(("composer", "-n", "8", "t.py")).name == "composer"
    assert self_launcher(("tune", "run", "--nnodes", "1", "--nproc_per_node", "2", "r"))
    assert self_launcher(("tune", "run", "--nnodes", "2", "--nproc_per_node", "2", "r")) is None
    assert self_launcher(("tune", "download", "x")) is None
    assert self_launcher(("tune", "run", "lora_finetune_single_device")) is None
    lines, tasks = one_task_directives(["#SBATCH --ntasks-per-node=4", "#SBATCH -N 1"])
    assert tasks == 4 and lines == ["#SBATCH --cpus-per-task=4", "#SBATCH -N 1"]


_LOOPED = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:4
#SBATCH --time=24:00:00
source ~/miniconda3/etc/profile.d/conda.sh
conda activate tt
for c in a b; do
  tune run --nproc_per_node 4 full_finetune_distributed --config ft.yaml dataset=$c
done
"""


def test_one_task_refusal_names_the_loop_not_one_task() -> None:
    with pytest.raises(ParseError) as err:
        port(_LOOPED, ["anvil"])
    why = str(err.value)
    assert "ask the job one task on one node" not in why
    assert "line 9 runs inside the loop of line 8 (`for c in a b; do`)" in why


_BODY = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --time=15:00:00
#SBATCH --gres=gpu:1
train_file=$1
config_path=$2
singularity exec --nv --overlay /scratch/$USER/env.ext3:ro /scratch/$USER/cuda.sif \\
  /bin/bash -c "
source /ext3/env.sh
cd /scratch/$USER/proj
python -m src.${train_file} --config ${config_path}
"
"""


@pytest.mark.parametrize("target", ["anvil", "polaris"])
def test_container_body_with_program_from_positional_argument_carried(target: str) -> None:
    result = port(_BODY, [target])[target]
    assert result.status == "generated", result.notes
    assert "exec --nv --overlay" in result.script
    assert 'bash python -m src.$1 --config "$2"' in result.script


_PYXIS = """#!/bin/bash
#SBATCH --time=2-00:00:00
#SBATCH --gpus=1
#SBATCH --container-image=someuser/my-lab-image:v3
#SBATCH --container-mounts=/users/me/lab:/workspace,/users/me/results:/output
set -euo pipefail
if [ ! -d "/workspace" ]; then exit 1; fi
cd /workspace
RUN_ID="${1:-unnamed}"
python3 -u run.py --run "$RUN_ID" > "/output/$RUN_ID.log" 2>&1
python3 -m wandb sync /output/wandb
"""


@pytest.mark.parametrize("target", ["aurora", "lonestar6"])
def test_pyxis_refusal_names_the_mount_points_the_lines_use(target: str) -> None:
    result = port(_PYXIS, [target])[target]
    assert result.status == "refused"
    why = result.notes[0]
    assert "pyxis container" in why
    assert "/workspace (from /users/me/lab)" in why and "/output (from /users/me/results)" in why


_WORKER = """#!/bin/tcsh
#PBS -N worker
#PBS -l walltime=24:00:00
source "/usr/local/anaconda3/etc/profile.d/conda.csh"
unsetenv PYTHONPATH
conda activate env
torchrun --nnodes=$NUMNODES --nproc_per_node=$PPN --rdzv_backend=c10d --rdzv_endpoint=$IP_ADDRESS run.py
"""  # noqa: E501


def test_worker_job_of_a_hand_built_rendezvous_is_named() -> None:
    with pytest.raises(ParseError) as err:
        port(_WORKER, ["aurora"])
    why = str(err.value)
    assert "tcsh" in why
    assert "line 7 `torchrun" in why and "($NUMNODES, $IP_ADDRESS)" in why
    assert "never sets" in why
