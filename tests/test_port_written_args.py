"""Issue 14: the target's launch line passes the program's arguments as the script writes
them (``$CFG``, ``$EXE_ARGS``, ``"${ARGS[@]}"``), their assignments kept above the launch;
a word is written as its value only where the port does not carry what it reads."""

from __future__ import annotations

from maple_flow import port
from maple_flow.scriptparse import parse_script

HEAD = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH -t 01:00:00
"""


def _launch(script: str) -> str:
    return script.rstrip().splitlines()[-1].strip()


def test_the_parser_keeps_each_argument_word_as_written_with_its_values() -> None:
    p = parse_script(HEAD + 'CFG=c.yaml\nEXE_ARGS="--lr 0.1 --epochs 3"\n'
                     'srun python train.py --config $CFG $EXE_ARGS "${CFG}_x"\n')
    assert p.launch.args == ["--config", "c.yaml", "--lr", "0.1", "--epochs", "3", "${CFG}_x"]
    assert p.launch.written_args == [("--config", 0, 1), ("$CFG", 1, 2), ("$EXE_ARGS", 2, 6),
                                     ('"${CFG}_x"', 6, 7)]


def test_a_variable_holding_the_program_and_its_arguments_has_no_written_arguments() -> None:
    p = parse_script(HEAD + 'CMD="python train.py --lr 0.1"\nsrun $CMD\n')
    assert p.launch.args == ["--lr", "0.1"] and p.launch.written_args is None


def test_arguments_in_variables_stay_as_written_and_their_lines_are_kept_before() -> None:
    script = HEAD + ('CFG="config.yaml"\nEXE_ARGS="--lr 0.1 --epochs 3"\n'
                     "OUT=out/$SLURM_JOB_ID\n"
                     "srun python train.py --config $CFG $EXE_ARGS --out $OUT\n")
    for target in ("polaris", "delta", "aurora"):
        r = port(script, target)[target]
        assert r.status == "generated", r.notes[:2]
        assert _launch(r.script).endswith("train.py --config $CFG $EXE_ARGS --out $OUT")
        lines = r.script.splitlines()
        launch_at = next(i for i, x in enumerate(lines) if "train.py" in x)
        for kept in ('CFG="config.yaml"', 'EXE_ARGS="--lr 0.1 --epochs 3"'):
            assert kept in lines[:launch_at], (target, kept)
        job = "$PBS_JOBID" if target in ("polaris", "aurora") else "$SLURM_JOB_ID"
        assert f"OUT=out/{job}" in lines[:launch_at]  # mapped inside the user's variable
        assert not any("only builds the source's launch line" in n for n in r.notes)


def test_a_bash_array_of_arguments_is_passed_as_the_array() -> None:
    script = HEAD + 'ARGS=(--lr 0.1 --name "my run")\nsrun python train.py "${ARGS[@]}"\n'
    r = port(script, "polaris")["polaris"]
    assert _launch(r.script).endswith('train.py "${ARGS[@]}"')  # it was '${ARGS[@]}', text
    assert 'ARGS=(--lr 0.1 --name "my run")' in r.script


def test_a_variable_the_port_does_not_carry_is_written_as_its_value_with_a_note() -> None:
    script = HEAD + ("CFG=c.yaml\nNW=$SLURM_CPUS_PER_TASK\n"
                     "srun python train.py --config $CFG --workers $NW\n")
    r = port(script, "delta")["delta"]
    assert _launch(r.script).endswith('train.py --config $CFG --workers "$SLURM_CPUS_PER_TASK"')
    assert any("written as its value on the target: $NW" in n for n in r.notes)


def test_a_value_read_from_the_job_size_the_port_rewrites_stays_a_value() -> None:
    """``--gpus $G`` with ``G=$NGPUS`` and torchrun's ``--nproc_per_node=$NGPUS``: the port
    sets NGPUS to the target's GPUs per node, so its topology notes speak of the value 4."""
    script = HEAD.replace("=4\n#SBATCH --gpus", "=1\n#SBATCH --gpus") + (
        "CFG=c.yaml\nNGPUS=4\nG=$NGPUS\n"
        "torchrun --nproc_per_node=$NGPUS train.py --config $CFG --gpus $G\n")
    r = port(script, "aurora")["aurora"]
    assert r.status == "generated", r.notes[:2]
    assert _launch(r.script).endswith("train.py --config $CFG --gpus 4")


def test_another_launch_of_the_job_reads_as_written_only_what_the_job_sets_before_it() -> None:
    """A stage ported on its own: ``$SRC`` (set above it in the port) stays as written; its
    own set-up lines are not carried with it, so a variable the job's port does not set
    before it is written as the value read for it (as before)."""
    script = HEAD + ("SRC=/data/x\nNW=$SLURM_CPUS_PER_TASK\n"
                     "srun -N 1 -n 1 python prep.py --src $SRC\n"
                     "srun python train.py --src $SRC\n")
    r = port(script, "polaris")["polaris"]
    stage = next(x for x in r.script.splitlines() if "prep.py" in x)
    assert stage.endswith("prep.py --src $SRC")
    late = script.replace("SRC=/data/x\n", "").replace("--src $SRC\nsrun python",
                                                           "--src $SRC\nSRC=/data/x\nsrun python")
    r = port(late, "polaris")["polaris"]
    stage = next(x for x in r.script.splitlines() if "prep.py" in x)
    assert "$SRC" not in stage and stage.endswith("prep.py --src /data/x")


def test_a_name_the_target_script_sets_itself_stays_the_sources_value() -> None:
    """``WORLD_SIZE=8`` then ``--world_size $WORLD_SIZE``: the target's script sets
    WORLD_SIZE before its launch, so the word is the source's value (as the notes say)."""
    script = HEAD.replace("-N 1", "-N 2") + (
        "CFG=c.yaml\nWORLD_SIZE=8\nsrun python train.py --config $CFG --world_size $WORLD_SIZE\n")
    r = port(script, "polaris")["polaris"]
    assert _launch(r.script).endswith("train.py --config $CFG --world_size 8")
