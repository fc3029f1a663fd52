"""s21-u17heldB: classes behind the unseen17 held-out ports (letter B) that were not good."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.scriptparse.launch import read_words

CONTAINER_HOME = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=8
#SBATCH --gres=gpu:1
#SBATCH --time=10:00:00

srun apptainer exec --no-home --nv /scratch/me/img.sif \\
  bash -c "export HOME={home}; \\
           export XDG_CACHE_HOME=/tmp/cache; \\
           python train.py --epochs 3"
"""


@pytest.mark.parametrize("target", ["delta", "anvil"])
def test_a_body_export_of_home_is_the_users_and_kept(target: str) -> None:
    result = port(CONTAINER_HOME.format(home="/dev/shm"), [target])[target]
    assert result.status != "refused", result.notes
    assert "export HOME=/dev/shm" in result.script.splitlines()
    assert not any("not copied" in n and "HOME=" in n for n in result.notes), result.notes
    assert any("HOME is one the" in n and "--home" in n for n in result.notes), result.notes


def test_a_home_on_the_source_filesystem_is_named_as_a_path_of_the_source() -> None:
    result = port(CONTAINER_HOME.format(home="/scratch/me/home"), ["delta"])["delta"]
    assert any("HOME=/scratch/me/home points to the source cluster's filesystem" in n
               for n in result.notes), result.notes
    assert not any("network, launcher or device setting" in n and "HOME" in n
                   for n in result.notes), result.notes


PRINTS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus=1
#SBATCH --time=02:00:00
{set}
NPROC="${{NPROC:-4}}"
echo "node=$(hostname) gpus={read} nproc=${{NPROC}}"
torchrun --standalone --nnodes=1 --nproc_per_node="${{NPROC}}" train.py
"""


@pytest.mark.parametrize("target", ["aurora"])  # Stampede3 takes it to its NVIDIA h100 queue
def test_a_print_of_another_vendors_variable_with_a_default_is_kept(target: str) -> None:
    text = PRINTS.format(set="set -euo pipefail", read="${CUDA_VISIBLE_DEVICES:-unset}")
    result = port(text, [target])[target]
    assert 'gpus=${CUDA_VISIBLE_DEVICES:-unset}' in result.script
    assert any("prints CUDA_VISIBLE_DEVICES" in n for n in result.notes), result.notes
    assert not any("is not copied" in n and "echo" in n for n in result.notes), result.notes
    assert 'NPROC="$GPUS_PER_NODE"' in result.script  # the print reads it: sized, not dropped


def test_a_bare_read_under_set_u_is_still_dropped() -> None:
    text = PRINTS.format(set="set -euo pipefail", read="$CUDA_VISIBLE_DEVICES")
    result = port(text, ["aurora"])["aurora"]
    assert "gpus=$CUDA_VISIBLE_DEVICES" not in result.script
    assert any("is not copied" in n and "CUDA_VISIBLE_DEVICES" in n for n in result.notes)


def test_a_print_that_runs_another_vendors_tool_is_still_dropped() -> None:
    text = PRINTS.format(set="", read="$(nvidia-smi -L | wc -l)")
    result = port(text, ["aurora"])["aurora"]
    assert "nvidia-smi" not in result.script


@pytest.mark.parametrize("words", [
    "srun pip3 install numpy accelerate wandb",
    "srun pip install deepspeed transformers",
    "srun conda install -y accelerate",
])
def test_an_install_of_a_package_named_like_a_launcher_runs_the_installer(words: str) -> None:
    line = read_words(words.split())
    assert line is not None and line.command and line.entrypoint in {"pip3", "pip", "conda"}


SRUN_PIPS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus=1
#SBATCH --time=02:00:00
source activate myenv
srun pip3 install torch-scatter -f https://data.pyg.org/whl/torch-2.5.0+cu124.html
srun pip3 install numpy accelerate wandb
srun python train.py
"""


def test_every_srun_pip_line_is_carried_to_a_pbs_target() -> None:
    result = port(SRUN_PIPS, ["polaris"])["polaris"]
    assert "pip3 install numpy accelerate wandb" in result.script
    assert not any("`srun` is the source scheduler's command" in n for n in result.notes)


def test_installs_on_an_aarch64_target_name_the_architecture_and_wheel_pages() -> None:
    result = port(SRUN_PIPS, ["vista"])["vista"]
    assert any(n.startswith("CPU architecture: Vista's nodes are aarch64") for n in result.notes)
    assert any("installs packages itself" in n and "data.pyg.org" in n
               for n in result.notes), result.notes


def test_an_x86_64_target_of_an_unknown_source_gets_no_architecture_note() -> None:
    result = port(SRUN_PIPS, ["delta"])["delta"]
    assert not any(n.startswith("CPU architecture") for n in result.notes), result.notes


HUB_BASE = """#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
BASE="{model}"
python -u finetune.py --{option} "$BASE" --epochs 2
"""


@pytest.mark.parametrize("option", ["base", "llm", "backbone", "repo_id"])
def test_a_base_model_option_with_a_hub_id_sets_the_proxy(option: str) -> None:
    text = HUB_BASE.format(option=option, model="Qwen/Qwen2.5-7B-Instruct")
    result = port(text, ["polaris"])["polaris"]
    assert "export https_proxy=http://proxy.alcf.anl.gov:3128" in result.script.splitlines()
    assert any("Qwen/Qwen2.5-7B-Instruct" in n and "Hugging Face Hub" in n
               for n in result.notes), result.notes


def test_a_base_option_naming_a_local_directory_sets_no_proxy() -> None:
    text = HUB_BASE.format(option="base", model="checkpoints/run1")
    result = port(text, ["polaris"])["polaris"]
    assert "proxy.alcf" not in result.script


JULIA = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus=1
#SBATCH --time=04:00:00
module load {module}
julia --project -t auto run.jl $1
"""


@pytest.mark.parametrize("module", ["juliaup/1.14.5", "julia/1.10.4"])
@pytest.mark.parametrize("target", ["lonestar6", "stampede3"])
def test_the_module_that_gave_the_kept_command_is_named(module: str, target: str) -> None:
    result = port(JULIA.format(module=module), [target])[target]
    assert result.status != "refused", result.notes
    assert "julia --project -t auto run.jl" in result.script
    assert any(f"`module load {module}`" in n and "provided `julia`" in n
               for n in result.notes), result.notes
