"""Where the launch is when the script runs its program in a less common shape (s26r2launch,
issue 14): an environment assignment handed to an environment runner (``conda run -n env
CUDA_VISIBLE_DEVICES=0 python x.py``: conda's shell reads it; ``uv run X=1 ...``: uv does
not), a launch under a debugger or profiler of a tools suite (``ddt --connect srun ...``,
``map --profile srun ...``), a command string built on a branch and run after a loop of
another Python step, and a container's shell fed the user's script (``singularity shell IMG <
run.sh``). Each is ported, or refused naming the real line and the real obstacle."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

_HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH -t 01:00:00\n"


def test_conda_run_reads_an_environment_assignment_as_the_commands_prefix() -> None:
    text = _HEAD + ("source ~/.bashrc\nconda activate asl-ez\n"
                    "conda run -n asl-ez CUDA_VISIBLE_DEVICES=0 python train.py --lr 3")
    parsed = parse_script(text)
    assert parsed.launch.entrypoint == "train.py"
    assert parsed.launch.args == ["--lr", "3"]
    result = port(text, ["polaris"])["polaris"]
    assert result.status == "generated"
    assert "conda run -n asl-ez CUDA_VISIBLE_DEVICES=0 python train.py --lr 3" in result.script


@pytest.mark.parametrize(("runner", "why"), [
    ("uv run --locked", "starts its first word as the program"),
    ("pixi run", "does not know whether `pixi run` reads it"),
])
def test_another_runner_given_an_assignment_is_refused_naming_it(runner: str, why: str) -> None:
    text = _HEAD + f"{runner} CUDA_VISIBLE_DEVICES=0 python train.py\n"
    with pytest.raises(ParseError) as err:
        port(text, ["polaris"])
    assert "the environment assignment `CUDA_VISIBLE_DEVICES=0`" in str(err.value)
    assert why in str(err.value) and "task" not in str(err.value)


@pytest.mark.parametrize(("line", "tool"), [
    ("ddt --connect --mem-debug=balanced srun -n 1 $app %allinea_python_debug% gan.py", "ddt"),
    ("map --profile srun python3 /home/me/distances_mpi.py", "map --profile"),
    ("ddt --connect srun -n 4 pi_openacc", "ddt --connect"),  # one task asked: not kept either
])
def test_a_launch_under_a_forge_tool_is_refused_naming_the_tool(line: str, tool: str) -> None:
    text = _HEAD + "#SBATCH --ntasks=1\nmodule load arm-forge\napp=`which python3`\n" + line + "\n"
    with pytest.raises(ParseError) as err:
        port(text, ["anvil"])
    message = str(err.value)
    assert f"`{tool}" in message and "Forge module" in message
    assert "not Python" not in message and "one process drives" not in message
    assert "%allinea_python_debug%`" not in message.split("so the line is")[-1]


def test_ddt_with_no_launcher_says_the_launcher_must_be_written() -> None:
    text = _HEAD + "#SBATCH -n 2\nddt --connect python3 %allinea_python_debug% x.py\n"
    with pytest.raises(ParseError) as err:
        port(text, ["perlmutter"])
    assert "listening for the job's reverse connection" in str(err.value)
    assert "`srun python3 ...`" in str(err.value)


def test_a_command_string_built_on_a_branch_after_a_loop_is_the_one_named() -> None:
    text = _HEAD + ("set -e\nD=\"a b\"\nfor X in $D; do\n"
                    "    python -m data.registry download \"$X\" 2>&1 || echo failed\ndone\n"
                    "CMD=\"python -m scripts.run --datasets $D\"\nCMD=\"$CMD --seed 42\"\n"
                    "if [ \"$ONLY\" = \"1\" ]; then\n    CMD=\"$CMD --only\"\nfi\n$CMD\n")
    with pytest.raises(ParseError) as err:
        port(text, ["anvil"])
    message = str(err.value)
    assert message.startswith("line 15: `$CMD` runs the command string CMD")
    assert "download" not in message


@pytest.mark.parametrize("line", [
    "singularity shell --nv -B /project $SIF < classifier.sh $TASK $HOST",
    "apptainer shell --nv $SIF classifier.sh $TASK",
])
def test_a_container_shell_running_the_users_script_names_that_script(line: str) -> None:
    text = _HEAD + "SIF=/images/tf-gpu.sif\n" + line + "\n"
    with pytest.raises(ParseError) as err:
        port(text, ["anvil"])
    message = str(err.value)
    assert "reads no commands" not in message
    assert "The job's launch is inside your script classifier.sh" in message
