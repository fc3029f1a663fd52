"""A placeholder in the program's place (a word a submit step or the user fills in before the job
is submitted) is refused naming it and its line, never run as the program; a container's
``bash -lc`` body is read for the script it hides; a trailing comment is no submit-time input.
Shapes of unseen24's dtu-hpc (`python ARGS`) and redacted-cluster (`SCRIPT=".../main.py"`),
unseen23's nyu-greene and northwestern-quest, and bench/s25ask_probe (written here, not copied)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse.placeholder import placeholder_kind, program_placeholder

SLURM = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
         "#SBATCH -t 01:00:00\n")
LSF = ('#!/bin/bash\n#BSUB -q gpuv100\n#BSUB -n 4\n#BSUB -W 24:00\n#BSUB -R "span[hosts=1]"\n'
       '#BSUB -gpu "num=1:mode=exclusive_process"\n')


def _refusal(script: str, target: str = "delta") -> str:
    with pytest.raises(ParseError) as err:
        port(script, target)
    return str(err.value)


def test_an_upper_case_word_as_pythons_program_is_refused_as_a_placeholder() -> None:
    why = _refusal(LSF + "module load cuda/12.6.2\nsource .venv/bin/activate\npython ARGS\n")
    assert "line 9" in why and "`ARGS` is a placeholder" in why


def test_an_ellipsis_program_through_a_variable_names_the_line_that_set_it() -> None:
    script = (SLURM + "export HF_HOME=...\nexport SCRIPT=\".../main.py\"\n"
              "export SCRIPT_ARGS=\"--config .../config.yaml\"\n"
              "accelerate launch --num_processes 1 $SCRIPT $SCRIPT_ARGS\n")
    why = _refusal(script, "aurora")
    assert "`.../main.py` is a placeholder" in why and "$SCRIPT, set on line 7" in why
    assert "line 6 `export HF_HOME=...`" in why and "line 8" in why  # the others, named


@pytest.mark.parametrize("work", ["command", "[YOUR_SCRIPTS_HERE]"])
def test_a_lone_placeholder_as_the_work_is_refused_not_asked_for_gpus(work: str) -> None:
    why = _refusal("#!/bin/bash\n#SBATCH --cpus-per-task=4\nsource venv/bin/activate\n" + work
                   + "\n", "polaris")  # a refusal (ParseError), not a question on GPUs
    assert f"`{work}` is a placeholder" in why and "line 4" in why


def test_python_with_its_program_in_a_comment_is_named() -> None:
    why = _refusal(SLURM + "bash\nsource .bash_profile\npython #path/to/file\n")
    assert "Line 8 gives python no program" in why and "#path/to/file" in why


def test_a_real_program_is_no_placeholder() -> None:
    for word in ("train.py", "scripts/run.sh", "ARGS.py", "$SCRIPT", "fairseq-train", "CMD.sh"):
        assert program_placeholder(word) == "", word
    assert program_placeholder("command", alone=False) == ""  # `command -v python`: a builtin
    assert program_placeholder("NAMD") == ""  # an application may have an upper-case name
    assert program_placeholder("ARGS", python_file=True)  # a Python file never has
    for word in (".../main.py", "<your_model>", "{{model}}", "__DATA__", "$$PLACEHOLDER$$",
                 "/path/to/train.py", "/home/xxx/train.py", "YOUR_SCRIPT.py", "[YOUR_SCRIPT]"):
        assert placeholder_kind(word), word


def test_a_container_bash_lc_body_names_the_hidden_script_and_where_it_is_set() -> None:
    script = (SLURM + 'source "${SLURM_SUBMIT_DIR}/scripts/constants.sh"\n'
              'export SINGULARITYENV_EXEC_PATH="${SLURM_SUBMIT_DIR}/scripts/run_train.sh"\n'
              'singularity exec --nv --overlay "$OVERLAY:ro" "$IMG" bash -lc \'\n'
              '  source /ext3/env.sh\n  bash "${EXEC_PATH}"\n\'\n')
    why = _refusal(script, "polaris")
    assert "line 8" in why and "singularity exec" in why and "constants.sh" not in why
    assert "run_train.sh" in why and "set on line 7" in why


def test_a_variable_in_a_trailing_comment_is_no_submit_time_input() -> None:
    notes = port(SLURM + "python train.py --lr 0.1  # --epochs=$n_epochs\n", "aurora")[
        "aurora"].notes
    assert not [n for n in notes if "n_epochs" in n]
