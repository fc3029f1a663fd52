"""Launches held in shell variables and unusual launch syntax (issue 14, bench/s18cmdvars_probe):
GPT-NeoX's deepy.py launcher, command strings built over appends, multi-line command bodies run
by `srun bash -c "$CMD"`, the quoting of words taken from a command string, and multi-line
command arrays kept as written."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

SLURM = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
         "#SBATCH --gres=gpu:4\n#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", getattr(r, "refusals", r)
    return r


# --- 1. deepy.py is GPT-NeoX's launcher, not a one-process program ---

DEEPY = (SLURM + "TRAIN_PATH=/opt/gpt-neox\ncd $TRAIN_PATH\n"
         "export DLTS_HOSTFILE=$HOME/hostfiles/hosts_$SLURM_JOBID\n"
         "python $TRAIN_PATH/deepy.py $TRAIN_PATH/train.py --conf_dir configs small.yml\n")


def test_deepy_is_named_as_the_gpt_neox_launcher() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(DEEPY)
    text = str(err.value)
    assert "deepy.py, GPT-NeoX's launcher" in text
    assert "DLTS_HOSTFILE" in text and "hostfile" in text


# --- 2. words of a command string keep how bash reads them ---

def test_eval_of_a_string_keeps_its_single_quoted_words() -> None:
    script = (SLURM + "X=1\nCMD=\"torchrun --nproc_per_node=${X} train.py \\\n"
              "    --start='2045-01-01 00:00:00' --n=1\"\neval $CMD\n")
    p = parse_script(script)
    assert p.launch.entrypoint == "train.py"
    assert p.launch.args == ["--start=2045-01-01 00:00:00", "--n=1"]
    r = _port(script, "perlmutter")
    assert "'--start=2045-01-01 00:00:00' --n=1" in r.script


def test_unquoted_string_passes_its_quote_characters() -> None:
    script = (SLURM + 'CMD="python train.py --devices 4 cfg=\\"conf/a.json\\""\nsrun $CMD\n')
    p = parse_script(script)
    assert p.launch.args == ["--devices", "4", 'cfg="conf/a.json"']
    r = _port(script, "delta")
    assert """'cfg="conf/a.json"'""" in r.script


# --- 3. `srun bash -c "$CMD"` runs the text CMD holds, lines and comments too ---

BODY = (SLURM.replace("--ntasks-per-node=1", "--ntasks-per-node=4") + "STEPS=10\n"
        'CMD="\n# show the rank\necho \\"rank=\\$SLURM_PROCID host=\\$(hostname)\\"\n'
        "cd /users/$USER/run\n"
        'python3 train.py --distributed --steps $STEPS\n"\n'
        'srun bash -c "$CMD"\n')


def test_multi_line_command_string_body_is_read() -> None:
    p = parse_script(BODY)
    assert p.launch.entrypoint == "train.py"
    assert p.launch.args[:2] == ["--distributed", "--steps"]


@pytest.mark.parametrize("target", ["delta", "perlmutter"])
def test_multi_line_command_string_body_is_ported(target: str) -> None:
    r = _port(BODY, target)
    assert "train.py --distributed --steps" in r.script
    assert "cd /users/$USER/run" in r.script


# --- 4. a command string or array changed on a branch: named, with what was read from it ---

APPENDED = (SLURM + "RESUME_FROM=${RESUME_FROM:-}\n"
            'CMD="torchrun --nproc_per_node=4 \\\n    scripts/train.py \\\n    --config a.yaml"\n'
            'if [ -n "$RESUME_FROM" ]; then\n    CMD="$CMD --resume $RESUME_FROM"\nfi\n'
            "$CMD\n")


@pytest.mark.parametrize("launch", ["$CMD", "srun $CMD"])
def test_string_appended_on_a_branch_is_named(launch: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_script(APPENDED.replace("$CMD\n", launch + "\n", 1)
                     if launch != "$CMD" else APPENDED)
    text = str(err.value)
    assert "command string CMD" in text and "(torchrun, program scripts/train.py)" in text
    assert 'CMD="$CMD --resume $RESUME_FROM"' in text
    assert "which program runs is not in the script" not in text


def test_string_appended_unconditionally_is_read() -> None:
    script = APPENDED.replace('if [ -n "$RESUME_FROM" ]; then\n    CMD="$CMD --resume $RESUME_FROM"'
                              "\nfi\n", 'CMD="$CMD --seed 1"\n')
    assert parse_script(script).launch.args == ["--config", "a.yaml", "--seed", "1"]


def test_launcher_array_appended_on_a_branch_is_named() -> None:
    script = (SLURM + 'CMD=(torchrun --standalone --nproc_per_node=4 train.py \\\n'
              '    --data_dir "$D")\nif [[ -n "$X" ]]; then\n  CMD+=(--x "$X")\nfi\n'
              '"${CMD[@]}"\n')
    with pytest.raises(ParseError) as err:
        parse_script(script)
    assert "array CMD" in str(err.value) and "CMD+=(--x" in str(err.value)


# --- 5. a compiled program held in a variable (`srun "$EXE" ...`) is that program ---

def test_program_path_in_a_variable_is_the_launched_program() -> None:
    script = (SLURM.replace("--ntasks-per-node=1", "--ntasks-per-node=4")
              + 'EXE=./build/lulesh_gpu\nsrun "$EXE" -s 128 -i 100\n')
    r = _port(script, "delta")
    assert "./build/lulesh_gpu -s 128 -i 100" in r.script
    assert any("MPI/GPU application" in n for n in r.notes)


# --- 6. a multi-line command array stays as the user wrote it ---

def test_multi_line_array_is_kept_line_by_line() -> None:
    script = (SLURM + 'A="x"\nCMD=(\n    python scripts/run.py\n    endpoint_a="$A"\n'
              "    overwrite=true\n)\n" + 'srun "${CMD[@]}"\n')
    r = _port(script, "delta")
    assert 'CMD=(\n    python scripts/run.py\n    endpoint_a="$A"\n    overwrite=true\n)' \
        in r.script


# --- 7. torchrun's ranks a node counted by nvidia-smi when the job runs: asked, not 1 ---

def test_node_gpu_count_from_nvidia_smi_is_asked() -> None:
    from maple_flow.errors import MissingInformation
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -t 01:00:00\n"
              "export NPN=$(nvidia-smi -L | wc -l)\n"
              'CMD="torchrun --nproc_per_node=${NPN} train.py --x 1"\neval $CMD\n')
    with pytest.raises(MissingInformation) as err:
        port(script, "delta")
    assert "nvidia-smi" in str(err.value) and "gpus_per_node" in str(err.value)
    r = port(script, "delta", ranks=4)["delta"]
    assert r.status == "generated" and "4 ranks" in r.script


# --- 8. a one-rank set-up launch keeps what its bash -c body runs after the program ---

def test_one_rank_body_after_its_program_is_kept() -> None:
    script = (SLURM.replace("--ntasks-per-node=1", "--ntasks-per-node=4")
              + "V=./venv\nif [ ! -d $V ]; then\n"
              "    srun -n 1 -N 1 /bin/bash -c 'python3 -m venv '\"$V\"'; '\"$V\"'/bin/pip "
              "install -r requirements.txt'\nfi\n"
              "srun python train.py --lr 1\n")
    r = _port(script, "delta")
    venv = r.script.index("-m venv")
    assert "./venv/bin/pip install -r requirements.txt" in r.script[venv:]
    assert r.script.index("pip install") < r.script.index("train.py --lr 1")


# --- 9. a `uv run python ...` array is run as written, its branch appends kept ---

def test_uv_run_array_is_run_as_written() -> None:
    script = (SLURM + 'D=data.jsonl\ncmd=(\n  uv run python scripts/sweep.py\n  --dataset "$D"\n)\n'
              'if [[ -n "$LIMIT" ]]; then\n  cmd+=(--limit "$LIMIT")\nfi\nsrun "${cmd[@]}"\n')
    r = _port(script, "delta")
    assert r.script.rstrip().endswith('"${cmd[@]}"')
    assert 'cmd+=(--limit "$LIMIT")' in r.script
    assert "uv run python" not in r.script.split("cmd+=")[1]


def test_array_words_are_not_called_literal_text() -> None:
    """`--seeds "${seeds[@]}"` inside the kept array is expanded there: no note may say it is
    passed as literal text (a false note found on the launchsyntax probe after the merge)."""
    script = (SLURM + 'read -r -a seeds <<< "$SEEDS"\ncmd=(\n  uv run python sweep.py\n'
              '  --seeds "${seeds[@]}"\n)\nsrun "${cmd[@]}"\n')
    r = _port(script, "polaris")
    assert '"${cmd[@]}"' in r.script
    assert not any(n.startswith("passed as literal text") for n in r.notes), r.notes


# --- 10. an ssh loop over a host array's indices is a per-node loop ---

def test_ssh_loop_over_array_indices_is_the_per_node_launch() -> None:
    script = (SLURM.replace("--nodes=2", "--nodes=2")
              + "NODES=( $(scontrol show hostnames $SLURM_JOB_NODELIST) )\n"
              'for i in "${!NODES[@]}"; do\n'
              '    ssh "${NODES[$i]}" "cd /work/run && torchrun --nnodes 2 --nproc_per_node 4 '
              '--node_rank $i --master_addr ${NODES[0]} --master_port 29500 train.py --lr 1" &\n'
              "done\nwait\n")
    r = _port(script, "delta")
    assert 'for i in "${!NODES[@]}"' not in r.script
    assert r.script.count("train.py --lr 1") == 1
    assert any("once per node" in n for n in r.notes)
