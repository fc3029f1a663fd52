"""Launch commands assembled in shell variables (issue 14, bench/launchvar_probe): a launcher
variable with arithmetic in it (`--num_processes $((N * G))`), a `\\$SLURM_PROCID` escaped for
the per-node shell, exported launcher/command variables, a quoted launcher value spanning
lines, torchrun's options in a bash array (`torchrun ${DISTRIBUTED_ARGS[@]}`), and the user's
own launcher options that read a variable."""

from __future__ import annotations

import shlex

import pytest

from maple_flow import port
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.model import batch_shell_rank
from maple_flow.scriptparse.values import array_literals, split_words

SLURM = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
         "#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n")

ACCEL = (SLURM + "GPUS_PER_NODE=4\n"
         'export LAUNCHER="accelerate launch \\\n'
         "    --config_file my_accel.yaml \\\n"
         "    --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) \\\n"
         "    --num_machines $SLURM_NNODES \\\n"
         "    --machine_rank \\$SLURM_PROCID \\\n"
         '    "\n'
         'export SCRIPT="train.py"\n'
         'export SCRIPT_ARGS="--lr 0.1"\n'
         'export CMD="$LAUNCHER $SCRIPT $SCRIPT_ARGS"\n'
         'srun bash -c "$CMD" 2>&1 | tee -a run.log\n')


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", getattr(r, "refusals", r)
    return r


# --- 1. arithmetic in a launcher variable is one word, not a command substitution ---

def test_arithmetic_is_one_word_of_a_value() -> None:
    assert split_words(["$L"], [True], {"L": "accelerate launch --num_processes $((A * B)) x.py"}) \
        == ["accelerate", "launch", "--num_processes", "$((A * B))", "x.py"]


@pytest.mark.parametrize("target", ["perlmutter", "polaris", "delta"])
def test_launcher_variable_with_arithmetic_is_the_target_s_accelerate(target: str) -> None:
    p = parse_script(ACCEL)
    assert [s.name for s in p.launch.stages] == ["srun", "accelerate"]
    assert p.launch.entrypoint == "train.py"
    r = _port(ACCEL, target)
    launch = r.script[r.script.index("accelerate launch"):]
    assert "--machine_rank=" in launch and "train.py --lr 0.1" in launch
    assert "--config_file my_accel.yaml" in launch
    assert "$LAUNCHER" not in r.script and "python train.py" not in r.script
    assert "tee -a run.log" in r.script


# --- 2. an escaped \$SLURM_PROCID is each task's, not the batch shell's 0 ---

def test_escaped_procid_is_not_read_in_the_batch_shell() -> None:
    p = parse_script(ACCEL)
    assert batch_shell_rank("LAUNCHER", p.env["LAUNCHER"], p) == ""
    unescaped = ACCEL.replace("\\$SLURM_PROCID", "$SLURM_PROCID")
    q = parse_script(unescaped)
    assert batch_shell_rank("LAUNCHER", q.env["LAUNCHER"], q) == "SLURM_PROCID"


def test_launch_variables_are_not_copied_and_say_why() -> None:
    r = _port(ACCEL, "perlmutter")
    assert 'export CMD="$LAUNCHER' not in r.script and "export LAUNCHER" not in r.script
    assert any(n.startswith("`export LAUNCHER=") and "holds the source's launch command" in n
               for n in r.notes)
    assert not any("batch step's 0" in n for n in r.notes)
    assert not any("read but not set" in n and "$LAUNCHER" in n for n in r.notes)


# --- 3. a quoted launcher value spanning lines is one command (its export is env) ---

def test_quoted_newline_in_an_exported_launcher_is_one_command() -> None:
    script = (SLURM + 'export LAUNCHER="accelerate launch --num_processes 8 --num_machines 2\n'
              '    --machine_rank 0\n    "\nexport CMD="$LAUNCHER train.py"\nsrun $CMD\n')
    p = parse_script(script)
    assert "LAUNCHER" in p.env and "LAUNCHER" in p.launch_vars
    r = _port(script, "perlmutter")
    assert "export CMD=" not in r.script
    assert not any("add it on the target" in n and "LAUNCHER" in n for n in r.notes)


# --- 4. torchrun's options in a bash array ---

ARRAY = (SLURM + "GPUS_PER_NODE=4\nLOG_RANK=${LOG_RANK:-0}\n"
         "head_node_ip=$(hostname -i)\n"
         "DISTRIBUTED_ARGS=(\n    --nproc_per_node $GPUS_PER_NODE  # per node\n"
         "    --nnodes 2\n    --rdzv_backend c10d\n    --rdzv_endpoint $head_node_ip:29500\n)\n"
         "MODEL_ARGS=(\n    --num-layers 24\n    --hidden-size 1024\n)\n"
         'srun torchrun ${DISTRIBUTED_ARGS[@]} --local-ranks-filter ${LOG_RANK} --tee 3 \\\n'
         '    pretrain_gpt.py "${MODEL_ARGS[@]}" --lr 1e-4\n')


def test_array_literals_are_read() -> None:
    arrays = array_literals(ARRAY)
    assert shlex.split(arrays["DISTRIBUTED_ARGS[@]"])[:2] == ["--nproc_per_node", "$GPUS_PER_NODE"]
    assert "#" not in arrays["DISTRIBUTED_ARGS[@]"]  # the comment is no word
    assert array_literals("A=( $(ls) )\n") == {}


@pytest.mark.parametrize("target", ["perlmutter", "polaris"])
def test_torchrun_args_array_is_the_launcher_s_and_program_arrays_stay(target: str) -> None:
    p = parse_script(ARRAY)
    assert [s.name for s in p.launch.stages] == ["srun", "torchrun"]
    assert p.launch.entrypoint == "pretrain_gpt.py"
    r = _port(ARRAY, target)
    assert '"${MODEL_ARGS[@]}"' in r.script and "--num-layers 24" in r.script
    assert "${DISTRIBUTED_ARGS[@]}" not in r.script
    if target == "perlmutter":  # the user's own torchrun options stay, and what they read
        assert "--local-ranks-filter" in r.script and "LOG_RANK=${LOG_RANK:-0}" in r.script
    else:  # a target that starts the ranks without torchrun says so
        assert any("--local-ranks-filter" in n for n in r.notes)


def test_a_non_python_command_held_in_an_array_is_still_not_read() -> None:
    # a Python command in an array is read and run as written (test_port_launchsyntax.py)
    script = SLURM + 'FIT=(mytool fit --epochs 5)\nsrun "${FIT[@]}"\n'
    with pytest.raises(Exception, match=r"FIT"):
        parse_script(script)


# --- 5. an unset $ARGS in a command variable's value reached the launch unquoted ---

def test_an_unset_argument_variable_from_a_command_variable_stays_bare() -> None:
    script = (SLURM + 'export LAUNCHER="accelerate launch --num_processes 8 --num_machines 2"\n'
              'export SCRIPT="train.py"\nexport CMD="$LAUNCHER $SCRIPT $ARGS"\nsrun $CMD\n')
    r = _port(script, "perlmutter")
    # the program stays the user's $SCRIPT, its export line kept (s25keep)
    assert "$SCRIPT $ARGS" in r.script and '"$ARGS"' not in r.script
    assert 'export SCRIPT="train.py"' in r.script
    assert any("read but not set" in n and "$ARGS" in n for n in r.notes)


def test_a_launcher_command_held_in_an_array_is_read() -> None:
    script = SLURM + ('CMD=(torchrun --nproc_per_node 4 --nnodes 2 train.py --lr 1e-4)\n'
                      'srun "${CMD[@]}"\n')
    p = parse_script(script)
    assert [s.name for s in p.launch.stages] == ["srun", "torchrun"]
    assert p.launch.entrypoint == "train.py" and p.launch.args == ["--lr", "1e-4"]
    r = _port(script, "perlmutter")
    assert "train.py --lr 1e-4" in r.script and "${CMD[@]}" not in r.script
    assert "CMD=(" not in r.script
    assert not any("no other note says why" in n for n in r.notes)
