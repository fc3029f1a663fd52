"""A kept line that reads the job script's own arguments gets the note on how to pass them
(PBS's qsub passes none): a kept non-Python command (`time tool ... -o $1`) and the
`${1:?usage}` form (bench/unseen11 re-judge)."""

from __future__ import annotations

from maple_flow import port

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
        "#SBATCH -t 01:00:00\n")


def _args_notes(script: str, target: str) -> list[str]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return [n for n in r.notes if "own arguments" in n]


def _line_and_inputs(notes: list[str]) -> tuple[list[str], list[str]]:
    """The notes naming a line that reads the arguments, and the one submit-time inputs note."""
    return ([n for n in notes if n.startswith("line ")],
            [n for n in notes if n.startswith("submit-time inputs")])


def test_a_kept_command_reading_script_arguments_is_named_on_pbs() -> None:
    notes = _args_notes(HEAD + "time inkid-train-and-predict --data x -o $1\n", "polaris")
    line, inputs = _line_and_inputs(notes)
    assert len(line) == 1 and "-o $1" in line[0]
    assert len(inputs) == 1 and "passes no arguments" in inputs[0] and "($1)" in inputs[0]


def test_a_kept_command_reading_script_arguments_on_slurm_says_pass_them() -> None:
    notes = _args_notes(HEAD + "time inkid-train-and-predict --data x -o $1\n", "delta")
    line, inputs = _line_and_inputs(notes)
    assert len(line) == 1 and len(inputs) == 1 and "`sbatch SCRIPT ARG...`" in inputs[0]


def test_a_required_argument_default_form_is_read_as_a_script_argument() -> None:
    script = (HEAD.replace("--ntasks=1", "--ntasks-per-node=4").replace("gpu:1", "gpu:4")
              + 'CONFIG=${1:?usage: job.sh CONFIG}\nsrun python train.py --config "$CONFIG"\n')
    line, inputs = _line_and_inputs(_args_notes(script, "polaris"))
    assert len(line) == 1 and "CONFIG=${1:?usage" in line[0]
    assert len(inputs) == 1 and "passes no arguments" in inputs[0]


def test_awk_fields_are_not_script_arguments() -> None:
    script = HEAD + "N=$(nvidia-smi -L | awk '{print $1}' | wc -l)\npython train.py --n $N\n"
    assert _args_notes(script, "polaris") == []
