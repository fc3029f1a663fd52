"""A job's submit-time inputs (its own arguments, the submitting shell's variables it reads and
never sets) are named once on every port, with how the target's submit command gives them
(templates/schedulers/submit_inputs.yaml). Shapes of bench/s24inputs_probe and unseen22's
idris-jeanzay `xp=$1` (written here, not copied)."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.submit_inputs import submit_inputs

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
        "#SBATCH -t 01:00:00\n")


def _inputs_notes(script: str, target: str) -> list[str]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return [n for n in r.notes if n.startswith("submit-time inputs")]


def test_an_argument_inside_a_word_is_named_once_with_qsub_facts() -> None:
    notes = port(HEAD + "python main.py exp=$1 mode=train\n", "polaris")["polaris"].notes
    assert not [n for n in notes if "passed as text" in n or "kept live" in n]  # the old muddle
    said = [n for n in notes if n.startswith("submit-time inputs")]
    assert len(said) == 1 and "($1)" in said[0]
    assert "qsub passes no arguments" in said[0] and "qsub -v SCRIPT_ARGS SCRIPT" in said[0]


def test_variables_with_defaults_from_sbatch_are_named_on_pbs() -> None:
    notes = _inputs_notes(HEAD + "python model.py -e ${EPOCHS:-50} ${FLAGS:-}\n", "aurora")
    assert len(notes) == 1 and "$EPOCHS, $FLAGS" in notes[0]
    assert "own default" in notes[0] and "Aurora's does not" in notes[0]


def test_a_variable_given_with_qsub_v_is_named_on_slurm() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=01:00:00\n"
              'cd $PBS_O_WORKDIR\npython train.py --config "$CONFIG"\n')
    notes = _inputs_notes(script, "perlmutter")
    assert len(notes) == 1 and "($CONFIG)" in notes[0] and "--export=ALL,NAME=VALUE" in notes[0]


def test_no_inputs_no_note() -> None:
    script = HEAD + "X=3\nfor i in 1 2; do echo $i; done\npython train.py --x $X --h $HOME\n"
    assert _inputs_notes(script, "polaris") == []


def test_function_arguments_awk_fields_and_set_args_are_not_inputs() -> None:
    text = ("f() {\n  echo $1\n}\nN=$(nvidia-smi -L | awk '{print $1}')\n"
            "python t.py --n $N\n")
    assert not submit_inputs(text)
    assert not submit_inputs("set -- a b\npython t.py $1\n").args


def test_positional_forms_are_named_by_number() -> None:
    got = submit_inputs('A=${1:-x}\npython t.py "$@" ${2} ${@:3}\n')
    assert got.args == ("$1", "$@", "$2")


def test_an_input_that_set_the_size_is_named_as_not_read_by_the_port() -> None:
    script = (HEAD.replace("--ntasks=1", "--ntasks-per-node=1").replace("gpu:1", "gpu:4")
              + "NGPU=$1\ntorchrun --nproc_per_node=$NGPU train.py --cfg $2\n")
    notes = _inputs_notes(script, "polaris")
    assert len(notes) == 1 and "($2)" in notes[0] and "read $1 in lines the port does not keep" \
        in notes[0] and "size or program" in notes[0]


def test_escaped_references_are_the_inner_shell_s() -> None:
    got = submit_inputs('bash -c "echo \\$RANK \\$1 \\$FOO"\npython t.py $BAR\n')
    assert got.args == () and got.env == ("BAR",)


def test_let_and_arithmetic_sets_and_runtime_names_are_not_inputs() -> None:
    text = ("let NRANKS=$((NNODES*4))\n((M = 3))\nNNODES=2\n"
            "echo $NRANKS $M $SLURMD_NODENAME $https_proxy $CUDA_HOME $MYVAR\n")
    assert submit_inputs(text).env == ("MYVAR",)


def test_a_name_the_port_sets_itself_is_no_input_there() -> None:
    script = (HEAD.replace("--ntasks=1", "--ntasks-per-node=1").replace("gpu:1", "gpu:4")
              + 'echo "nodes: $NNODES"\ntorchrun --nproc_per_node=4 train.py\n')
    assert submit_inputs(script).env == ("NNODES",)
    assert _inputs_notes(script, "polaris") == []  # the port's header sets NNODES


def test_a_refused_port_names_the_inputs_for_the_hand_written_port() -> None:
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.port.submit_inputs import submit_inputs_note

    notes = submit_inputs_note(submit_inputs("python -m src.$1 --lr $2\n"), "slurm",
                               get_profile("polaris"), None)
    assert len(notes) == 1 and "($1, $2)" in notes[0] and "the port refused" in notes[0]
    assert "keeps the lines" not in notes[0] and "qsub passes no arguments" in notes[0]


def test_user_names_that_start_like_runtime_prefixes_are_inputs() -> None:
    got = submit_inputs("echo $GPUS $ZERO_STAGE $CUDAVER $PJM_O_NODEINF $EBROOTCUDA\n")
    assert got.env == ("GPUS", "ZERO_STAGE", "CUDAVER")
