"""Hugging Face Accelerate launches in users' job scripts (issue 14 item 7, bench/accelerate_probe):
the user's rendezvous backend and --rdzv_conf kept, the config accelerate reads from a file the
port cannot see named (the user's --config_file, or the default config when none is given),
accelerate run by a path of the source's filesystem named, fp8 on GPUs without FP8 named."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

C10D = """#!/bin/bash
#SBATCH --nodes=2 --ntasks-per-node=1 --gpus-per-node=4
#SBATCH --time=01:00:00
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun accelerate launch --multi_gpu --num_machines 2 --num_processes 8 \\
  --machine_rank $SLURM_NODEID --main_process_ip $head --main_process_port 29500 \\
  --rdzv_backend c10d --rdzv_conf timeout=900 --max_restarts 2 train.py --bs 8
"""

NOFLAGS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=2
#SBATCH --time=04:00:00
conda activate env
srun accelerate launch train.py --num_processes 2
"""

CONFIG = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
accelerate launch --config_file cfg/zero2.yaml train.py
"""

BYPATH = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=2
#SBATCH --time=04:00:00
/home/me/.conda/envs/torch/bin/accelerate launch --num_processes 2 train.py
"""

FP8 = """#!/bin/bash
#SBATCH --nodes=2 --ntasks-per-node=1 --gpus-per-node=4
#SBATCH --time=01:00:00
srun accelerate launch --multi_gpu --num_machines 2 --num_processes 8 \\
  --machine_rank $SLURM_NODEID --mixed_precision fp8 train.py
"""


def _notes(r: object) -> str:
    return "\n".join(r.notes)  # type: ignore[attr-defined]


def test_accelerate_c10d_rendezvous_is_kept_not_made_static() -> None:
    r = port(C10D, "delta")["delta"]
    assert "--rdzv_backend=c10d" in r.script
    assert "--rdzv_backend=static" not in r.script
    assert "--rdzv_backend c10d is kept" in _notes(r)


def test_accelerate_rdzv_conf_is_carried_as_the_users_option() -> None:
    r = port(C10D, "perlmutter")["perlmutter"]
    assert "--rdzv_conf timeout=900 --max_restarts 2 train.py --bs 8" in r.script


def test_no_config_file_names_the_default_config_the_port_cannot_see() -> None:
    r = port(NOFLAGS, "delta")["delta"]
    notes = _notes(r)
    assert "default_config.yaml" in notes and "the source's process count" in notes
    assert r.script.rstrip().endswith("train.py --num_processes 2")


def test_no_config_file_on_a_site_without_accelerate_says_it_does_not_apply() -> None:
    r = port(NOFLAGS, "polaris")["polaris"]
    assert "starts the program without accelerate, so none of it applies" in _notes(r)


def test_config_file_kept_and_its_overridden_counts_named() -> None:
    r = port(CONFIG, "perlmutter")["perlmutter"]
    assert "--config_file cfg/zero2.yaml train.py" in r.script
    assert "your accelerate config cfg/zero2.yaml is read on Perlmutter" in _notes(r)
    assert "num_processes, num_machines, machine_rank and main_process_ip" in _notes(r)


def test_accelerate_by_a_source_path_is_kept_on_the_launch_and_named() -> None:
    r = port(BYPATH, "delta")["delta"]
    assert "exec /home/me/.conda/envs/torch/bin/accelerate launch" in r.script
    assert "your launcher /home/me/.conda/envs/torch/bin/accelerate" in _notes(r)
    assert "runs `accelerate` from PATH" not in _notes(r)  # no longer true


def test_accelerate_by_a_source_path_on_a_site_without_accelerate_runs_its_python() -> None:
    r = port(BYPATH, "aurora")["aurora"]
    assert "/home/me/.conda/envs/torch/bin/python train.py" in r.script
    assert "the python beside that accelerate" in _notes(r)


def test_fp8_named_on_a100_not_on_gh200() -> None:
    r = port(FP8, "delta")["delta"]
    assert "--mixed_precision fp8" in r.script
    assert "has no FP8 tensor cores" in _notes(r)
    v = port(FP8, "vista")["vista"]
    assert "FP8 tensor cores" not in _notes(v)


ONE_TASK = """#!/bin/bash
#SBATCH --ntasks=1
#SBATCH --gpus=4
#SBATCH --time=08:00:00
accelerate launch --multi-gpu --mixed_precision=fp16 src/main.py
"""

ONE_TASK_GRES = """#!/bin/bash
#SBATCH -n 1
#SBATCH --gres=gpu:2
#SBATCH -t 1-00:00:00
srun accelerate launch --main_process_port 29511 train.py
"""


def test_one_task_of_accelerate_is_one_launcher_not_one_rank() -> None:
    """--ntasks=1 counts accelerate launch's own copies (one a node), not its ranks: the job's
    4 GPUs stay 4, not shrunk to one rank on one GPU."""
    r = port(ONE_TASK, "perlmutter")["perlmutter"]
    assert "NRANKS=4" in r.script and "#SBATCH --gpus-per-node=4" in r.script
    assert "--mixed_precision fp16 src/main.py" in r.script


def test_accelerate_count_not_in_the_script_is_asked_naming_the_default_config() -> None:
    with pytest.raises(MissingInformation) as err:
        port(ONE_TASK_GRES, "delta")
    assert "default_config.yaml" in str(err.value)
    r = port(ONE_TASK_GRES, "delta", ranks=2)["delta"]
    assert "NRANKS=2" in r.script and "--main_process_port" not in r.script.split("maple-node")[0]


AS_MODULE = """#!/bin/bash
#SBATCH --nodes=2 --gpus-per-node=4 --ntasks-per-node=1 --time=01:00:00
srun python -m accelerate.commands.launch --num_processes 8 --num_machines 2 \\
  --machine_rank $SLURM_NODEID --mixed_precision bf16 -m mypkg.train --lr 1
"""


def test_python_m_accelerate_commands_launch_is_accelerate_launch() -> None:
    """`python -m accelerate.commands.launch` is read as the accelerate launcher (per node,
    its own options kept), not as a Python program started once a node."""
    r = port(AS_MODULE, "delta")["delta"]
    assert "exec accelerate launch --machine_rank=" in r.script
    assert "accelerate.commands.launch" not in r.script
    assert r.script.rstrip().endswith("--mixed_precision bf16 -m mypkg.train --lr 1")
