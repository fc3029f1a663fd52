"""Where a script's launch is, when maple finds no launch it reads (s23, refusals that misnamed
the launch): the refusal names the lines that hold launch words and the shape that stops the
port, never a helper line (image set-up, a case arm's label, a function's definition or a call
of the script's own helper, a test's end, a sourced set-up file before the launch). Every
fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

HEAD = "#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=1 --gres=gpu:4\n#SBATCH -t 02:00:00\n"


def _reason(script: str) -> str:
    with pytest.raises(ParseError) as err:
        parse_script(script)
    return str(err.value)


def test_container_image_set_up_is_never_named_as_the_launch() -> None:
    text = _reason(HEAD + "if ! enroot list | grep -q box; then\n  enroot create -n box /img.sqsh\n"
                   "fi\nenroot start --mount /d:/d box bash run.sh\n")
    assert "enroot start" in text and "run.sh" in text
    assert "enroot list" not in text and "enroot create" not in text


def test_docker_build_is_set_up_and_docker_run_options_are_read_past() -> None:
    text = _reason(HEAD + "docker build -t mymodel .\n"
                   "docker run --gpus all --rm mymodel ./train_model\n")
    assert "docker build" not in text
    assert "container mymodel" in text and "./train_model" in text
    assert "container all" not in text


def test_case_labels_and_the_scripts_own_helper_functions_are_never_named() -> None:
    text = _reason(HEAD + 'usage() {\n  echo "usage: $0 mode" >&2\n}\ncase "$1" in\n'
                   "  fit|train)\n    wandb agent me/proj/abc\n    ;;\n  *)\n    usage >&2\n"
                   "    exit 1\n    ;;\nesac\n")
    assert "wandb agent" in text
    for helper in ("fit|train)", "`*)`", "usage() {", "`usage >&2`"):
        assert helper not in text


def test_a_sourced_file_before_the_launch_line_is_not_named_as_the_launch() -> None:
    inline = "import subprocess; subprocess.call([\"torchrun\", \"x.py\"])"
    text = _reason(HEAD + "source scripts/common.sh\nPY=\"$(which python)\"\n"
                   f"srun \"$PY\" -c '{inline}'\n")
    assert "scripts/common.sh" not in text
    assert "line 6" in text and "(a Python interpreter)" in text and "inline Python code" in text
    assert "ask the job one task" not in text  # the inline code is the shape, not the size


def test_a_sourced_file_with_no_launch_after_it_is_still_named() -> None:
    text = _reason(HEAD + "module load cuda\nsource scripts/train_job.sh\necho done\n")
    assert "the sourced file scripts/train_job.sh" in text


def test_an_activation_file_held_in_a_variable_is_set_up_not_the_launch() -> None:
    text = _reason(HEAD + 'source "$VENV_ACTIVATE"\nwandb agent me/proj/abc\n')
    assert "VENV_ACTIVATE" not in text and "wandb agent" in text


def test_exec_of_the_jobs_arguments_names_the_submitted_command() -> None:
    text = _reason(HEAD + 'source ~/venv/bin/activate\nexec "$@"\n')
    assert "given as its arguments (`$@`)" in text and "activate" not in text
    assert "a variable the launch line does not show" not in text


def test_test_ends_and_arithmetic_are_not_read_as_programs() -> None:
    text = _reason(HEAD + 'if [[ -z "$X" || ! -x "$X" ]]; then exit 1; fi\n'
                   "if (( N == 1 )); then return 0; fi\nfuthark bench gpu.fut\n")
    assert "futhark bench" in text
    assert "`N`" not in text and "the program is $X" not in text and "N is a program" not in text


def test_a_script_with_set_up_only_says_it_runs_no_program() -> None:
    text = _reason(HEAD + "module load cuda\nunset PYTHONHOME\n")
    assert "runs no program" in text and "line 5 `unset PYTHONHOME`" in text
    assert "should start a Python program" not in text


def test_launch_words_in_a_here_document_or_a_value_are_named_with_their_shape() -> None:
    text = _reason(HEAD + "cat > run_job.sh <<EOF\npython train.py --lr 1\nEOF\n")
    assert "line 5 `python train.py --lr 1`" in text and "here-document of line 4" in text
    text = _reason(HEAD + 'CMD="torchrun --nproc_per_node=4 train.py"\necho "will run: $CMD"\n')
    assert "value the script assigns to CMD" in text


def test_a_program_variable_set_in_the_script_is_not_called_unset() -> None:
    text = _reason(HEAD + 'BIN="$(cat bin_path.txt)"\n"$BIN" --steps 3\n')
    assert "a variable the script sets to `$(cat bin_path.txt)`" in text
    assert "does not show the value" not in text


def test_a_command_line_run_on_other_hosts_names_its_own_command() -> None:
    text = _reason(HEAD + 'for h in $(scontrol show hostnames); do\n'
                   '  ssh $h "cd $PWD && ./start.sh" &\ndone\nwait\n')
    assert "your shell script ./start.sh" in text
    assert "shell script cd $PWD" not in text


def test_probes_are_not_taken_for_the_launch_nor_given_its_advice() -> None:
    text = _reason(HEAD + 'python -c "import torch; print(torch.cuda.is_available())"\n'
                   "srun hostname\nwandb agent me/proj/abc\n")
    assert "wandb agent" in text  # the work is still named, beside the probes
    assert "code written in the script" not in text
