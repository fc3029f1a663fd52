"""Plain shell the reader misread (s20-shellread, issue 14): a launch under `accelerate
launch` whose program is a variable, a one-line `if/elif/else` that sets a launch variable,
and bash's `!` negation in front of the launch."""

from __future__ import annotations

import subprocess

import pytest

from maple_flow import port
from maple_flow.errors import MapleError

_HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:4\n#SBATCH --ntasks-per-node=1\n"
_TORCHRUN = "torchrun --standalone --nproc_per_node=4 train.py --cfg a.yaml"


def _port(body: str, target: str = "perlmutter") -> str:
    return port(_HEAD + body, [target])[target].script


def test_accelerate_launch_with_a_variable_program_names_the_variable_not_launch() -> None:
    body = ("TRAIN_SCRIPT=$1\nshift\nTRAIN_ARGS=$@\n"
            "uv run accelerate launch --multi_gpu --num_machines 1 --num_processes 4 "
            "--mixed_precision bf16 $TRAIN_SCRIPT $TRAIN_ARGS\n")
    with pytest.raises(MapleError) as err:
        _port(body)
    reason = str(err.value)
    assert "the program is $TRAIN_SCRIPT" in reason
    assert "launch is a program that is not Python" not in reason


def test_a_one_line_if_elif_else_value_is_not_taken_from_its_last_branch() -> None:
    body = ('if [ "$1" == "big" ]; then CFG=big.yaml; elif [ "$1" == "small" ]; then '
            "CFG=s.yaml; else CFG=a.yaml; fi\n"
            "torchrun --standalone --nproc_per_node=4 train.py --cfg $CFG\n")
    script = _port(body)
    assert "train.py --cfg $CFG" in script
    assert "--cfg a.yaml" not in script


@pytest.mark.parametrize("launch", [_TORCHRUN, "python train.py --cfg a.yaml",
                                    "srun python train.py --cfg a.yaml"])
def test_if_not_launch_then_is_read_and_keeps_its_negation(launch: str) -> None:
    script = _port(f"if ! {launch}; then\n  echo failed >&2\n  exit 1\nfi\n")
    assert "train.py --cfg a.yaml" in script
    assert "if ! {" in script and "}; then" in script
    assert subprocess.run(["bash", "-n"], input=script, text=True).returncode == 0
    # a lone `!` line negates nothing: the group keeps the test the launch's own
    assert subprocess.run(["bash"], input="if ! {\nfalse\n}; then echo neg; fi\n", text=True,
                          capture_output=True).stdout == "neg\n"


def test_a_negated_launch_chained_with_and_keeps_the_bang() -> None:
    script = _port(f"! {_TORCHRUN} && echo failed\n")
    launch = next(line for line in script.splitlines() if "srun" in line and "--nodes" in line)
    assert launch.startswith("! srun")
    assert "&& echo failed" in script


@pytest.mark.parametrize("define, call", [
    ("run_it() { srun python train.py --cfg a.yaml; }", "time run_it"),
    ('function go { srun python train.py "$@"; }', "go --cfg a.yaml 2>&1 | tee log"),
])
def test_a_launch_in_a_one_line_function_keeps_the_function_its_calls_need(
        define: str, call: str) -> None:
    script = _port(f"{define}\n{call}\n")
    name = define.split()[1] if define.startswith("function") else define.split("(")[0]
    lines = script.splitlines()
    opener = next(i for i, line in enumerate(lines) if line.startswith(name) or
                  line.startswith(f"function {name}"))
    launch = next(i for i, line in enumerate(lines) if "train.py" in line)
    assert opener < launch < lines.index("}") < lines.index(call)
    assert subprocess.run(["bash", "-n"], input=script, text=True).returncode == 0


def test_a_launch_as_an_if_test_keeps_its_quotes() -> None:
    script = _port('TAG="a b"\nif python bench.py "$@" --tag "$TAG"; then\n  echo ok\nfi\n')
    assert 'bench.py "$@" --tag "$TAG"' in script


def test_a_launch_on_its_one_line_case_branch_is_refused_naming_the_branch() -> None:
    body = ("case $MODE in\n"
            "  a) torchrun --standalone --nproc_per_node=4 train.py --a ;;\n"
            "  b) torchrun --standalone --nproc_per_node=4 train.py --b ;;\n"
            "esac\n")
    r = port(_HEAD + body, ["perlmutter"])["perlmutter"]
    assert r.status == "refused"
    why = " ".join(r.notes)
    assert "case branch `b)`" in why and "is a program that is not Python" not in why


def test_a_one_line_case_branch_reads_its_command() -> None:
    from maple_flow.scriptparse.shell import split_commands

    words = [c.words for c in split_commands('  0) python train.py --seed "$S" ;;')]
    assert words == [("python", "train.py", "--seed", "$S")]


def test_a_shell_fed_a_heredoc_is_named_as_such_not_a_non_python_program() -> None:
    with pytest.raises(MapleError) as err:
        _port(f"bash <<EOF\n{_TORCHRUN}\nEOF\n")
    reason = str(err.value)
    assert "bash is given no script and no -c" in reason and "here-document" in reason
    assert "bash is a program that is not Python" not in reason


def test_time_over_a_subshell_around_the_launch_is_refused_not_broken() -> None:
    # was: `srun ... time ( torchrun ... ')'`, a syntax error written silently
    with pytest.raises(MapleError) as err:
        _port(f"time ( {_TORCHRUN} )\n")
    assert "times a subshell" in str(err.value)
