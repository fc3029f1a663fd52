"""Site-only commands, environment runners and the user's interpreter in front of the launch, and
shell the user wrote that does not do what it seems to (bench/s18tuneB_probe; unseen13 tune):
each port edits or names them, never copies or misreads them."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError

CLSP_VARIABLE = """#!/bin/bash
#$ -cwd
#$ -l gpu=1,h_rt=72:00:00
set -e
device=`free-gpu`

mkdir -p models

python3 train_qsub.py $device
"""


@pytest.mark.parametrize("target", ["lonestar6", "polaris", "delta"])
def test_a_variable_set_by_another_centres_gpu_picker_becomes_the_targets_first_gpu(
        target: str) -> None:
    result = port(CLSP_VARIABLE, [target])[target]
    code = [x for x in result.script.splitlines() if not x.lstrip().startswith("#")]
    assert not any("free-gpu" in x for x in code)  # never run under set -e on the target
    assert "device=0" in code
    said = [n for n in result.notes if "`free-gpu`" in n and "$device is set to 0" in n]
    assert said, result.notes


def test_a_picker_with_arguments_is_dropped_with_a_note_not_copied() -> None:
    script = CLSP_VARIABLE.replace("device=`free-gpu`", "device=$(free-gpu -n 1)")
    result = port(script, ["delta"])["delta"]
    code = [x for x in result.script.splitlines() if not x.lstrip().startswith("#")]
    assert not any("free-gpu" in x for x in code)
    assert any("free-gpu" in n and "not copied" in n for n in result.notes)


LSF_OWN_PYTHON = """#!/bin/sh
#BSUB -q gpua100
#BSUB -n 4
#BSUB -gpu "num=1:mode=exclusive_process"
#BSUB -W 24:00
module load cuda/12.1
~/miniconda3/envs/fungi/bin/python ~/thesis/main.py
"""


@pytest.mark.parametrize("target", ["delta", "lonestar6", "vista"])
def test_the_users_interpreter_runs_torchrun_as_its_module_on_a_torchrun_target(
        target: str) -> None:
    plain = port(LSF_OWN_PYTHON, [target])[target].script  # one process: your Python runs it
    assert '"$HOME/miniconda3/envs/fungi/bin/python" "$HOME/thesis/main.py"' in plain
    result = port(LSF_OWN_PYTHON, [target], ranks=1)[target]
    assert '"$HOME/miniconda3/envs/fungi/bin/python" -m torch.distributed.run' in result.script
    assert not any("the port runs" in n and "put your interpreter" in n for n in result.notes)
    assert any("-m torch.distributed.run" in n and "your interpreter" in n
               for n in result.notes)


THREE_NODES = """#!/bin/bash
#SBATCH --nodes=3
#SBATCH --ntasks=3
#SBATCH --gpus-per-task=2

nodes=( $( scontrol show hostnames $SLURM_NODELIST ) ) # the nodes
nodes_array=($nodes)
head_node=${nodes_array[0]}
head_node_ip = $( srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address )

srun conda run -n astrodl torchrun \\
--nnodes 3 \\
--nproc_per_node 2 \\ # gpus per node
--rdzv_id $RANDOM \\
--rdzv_backend c10d \\
--rdzv_endpoint $head_node_ip:29500 \\
train_multinode.py
"""


def test_a_refusal_names_the_broken_continuation_and_the_spaced_assignment() -> None:
    with pytest.raises(MapleError) as err:
        port(THREE_NODES, ["aurora"])
    why = str(err.value)
    assert "line 13:" in why and "has a comment after its continuation backslash" in why
    assert "line 9:" in why and "is not an assignment" in why
    # the environment runner is a prefix, the array assignment and the variable no programs
    assert "`conda run -n astrodl` runs its command in the project's environment" in why
    assert "(-n astrodl torchrun) is not a Python program file" not in why
    assert "head_node_ip is a program" not in why
    assert "$( scontrol" not in why
    assert "--rdzv_id is a program" not in why and "ended early" in why


SPACED = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --gpus-per-node=4
head = $(hostname)
srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_endpoint $head:29500 train.py
"""


def test_a_launch_reading_a_spaced_assignment_is_refused_with_the_line_to_fix() -> None:
    with pytest.raises(MapleError, match=r"line 4: `head = \$\(hostname\)` is not an assignment"):
        port(SPACED, ["delta"])


def test_a_launcher_option_value_is_not_read_as_the_program() -> None:
    from maple_flow.scriptparse.unread import why_not_launch

    why = why_not_launch(("conda", "run", "-p", "/envs/x", "torchrun", "--nnodes", "3",
                          "--nproc_per_node", "2", "./solver"))
    assert "`conda run -p /envs/x` runs its command" in why
    assert "./solver is a program that is not Python" in why


ENV_PREFIX = """#!/bin/bash
#$ -cwd
#$ -l gpu=1
device=`free-gpu`
time CUDA_LAUNCH_BLOCKING=1 CUDA_VISIBLE_DEVICES=$device python train.py --gpu_id $device
"""


@pytest.mark.parametrize("target", ["bridges2", "polaris"])
def test_assignments_in_front_of_the_program_are_kept_once_with_env(target: str) -> None:
    script = port(ENV_PREFIX, [target])[target].script
    assert script.count("CUDA_LAUNCH_BLOCKING=1") == 1
    assert "env CUDA_LAUNCH_BLOCKING=1 CUDA_VISIBLE_DEVICES=" in script


def test_another_vendors_visibility_variable_in_front_of_the_program_is_named_not_kept() -> None:
    result = port(ENV_PREFIX, ["stampede3"])["stampede3"]
    assert "env CUDA_LAUNCH_BLOCKING=1 python train.py" in result.script
    assert "CUDA_VISIBLE_DEVICES" not in result.script
    assert any("`CUDA_VISIBLE_DEVICES=$device` in front of the program is NOT carried" in n
               for n in result.notes)


def test_a_job_shell_variable_in_a_prefix_is_expanded_by_the_job_shell_inside_quotes() -> None:
    script = port(ENV_PREFIX.replace("CUDA_VISIBLE_DEVICES=", "TRAIN_GPU="),
                  ["stampede3"], ranks=1)["stampede3"].script  # torchrun in ibrun bash -c
    # not frozen in the target's bash -c '...' body, where the job shell's $device is unset
    assert "env CUDA_LAUNCH_BLOCKING=1 TRAIN_GPU='\"$device\"' torchrun" in script


def test_an_environment_runner_note_names_an_aarch64_target() -> None:
    source = ("#!/bin/bash\n#SBATCH --gpus=1\n#SBATCH --time=01:00:00\n"
              "srun conda run -n diayn python train.py\n")
    notes = port(source, ["vista"])["vista"].notes
    assert any("`conda run -n diayn`" in n and "aarch64 CPUs" in n for n in notes), notes
    delta = port(source, ["delta"])["delta"].notes
    assert not any("aarch64" in n for n in delta)
