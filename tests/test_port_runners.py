"""What stands in front of or around the program on the launch line (bench/runners_probe):
commands chained in front of the launch (``cd src &&``, ``source env.sh &&``, ``echo go;``,
``chmod +x run.sh &&``), tools in front of the program (``stdbuf -oL``, ``env A=1``,
``timeout 10h``, ``/usr/bin/time -v``, ``numactl``, ``nice``), ``pipenv run``, a versioned
interpreter, and the user's own echo of a value the program's arguments read: each kept
verbatim around the target's launch words, or named with the reason."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.scriptparse import parse_script

ONE = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n#SBATCH -t 01:00:00\n"
FOUR = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
        "#SBATCH -t 01:00:00\n")
TARGETS = ["perlmutter", "polaris", "lonestar6"]


def _ported(script: str, target: str) -> tuple[str, list[str]]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return r.script, r.notes


def _launch_lines(script: str) -> list[str]:
    """The ported launch command, its continuation lines included."""
    lines = script.splitlines()
    end = max(i for i, x in enumerate(lines) if "train.py" in x or "run.sh" in x)
    start = end
    while start > 0 and lines[start - 1].rstrip().endswith("\\"):
        start -= 1
    return lines[start:end + 1]


# --- 1. commands chained in front of the launch -------------------------------------------

@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("head", "line"), [
    (ONE, "cd src && python train.py --lr 1"),
    (ONE, "source env.sh && python train.py --lr 1"),
    (FOUR, "cd src && srun python train.py --lr 1"),
    (FOUR, "source env.sh && torchrun --nproc_per_node=4 train.py --lr 1"),
    (FOUR, "chmod +x run.sh && srun ./run.sh"),
])
def test_a_chain_in_front_of_the_launch_stays_in_front_of_the_targets(
        head: str, line: str, target: str) -> None:
    script, notes = _ported(head + line + "\n", target)
    chain = line.split("&&")[0] + "&&"
    assert _launch_lines(script)[0].lstrip().startswith(chain)
    assert any(f"`{chain}`" in n and "kept in front of" in n for n in notes)
    assert not any("also runs" in n for n in notes)


def test_a_chain_reading_the_source_schedulers_variable_is_renamed() -> None:
    script, _ = _ported(FOUR + "cd $SLURM_SUBMIT_DIR && srun python train.py --lr 1\n",
                        "polaris")
    assert _launch_lines(script)[0].startswith("cd $PBS_O_WORKDIR && mpiexec")


def test_a_semicolon_chain_goes_above_the_launchs_shellcheck_directive() -> None:
    """``clear; srun ...``: run before the launch either way; above the directive, so the
    directive still covers the launch command."""
    script, _ = _ported(FOUR + "clear; srun python train.py --lr 1\n", "polaris")
    lines = script.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("mpiexec"))
    assert lines[at - 1].startswith("# shellcheck disable=")
    assert lines[at - 2] == "clear;"


def test_the_source_sites_modules_in_a_chain_are_not_carried_with_the_reason() -> None:
    script, notes = _ported(ONE + "module load cuda/11.8 && python train.py --lr 1\n",
                            "polaris")
    assert "cuda/11.8" not in script
    assert any("module load cuda/11.8 &&" in n and "source site's modules" in n for n in notes)


# --- 2. tools in front of the program -------------------------------------------------------

def test_timeout_is_read_as_a_wrapper_with_its_duration() -> None:
    p = parse_script(FOUR + "srun timeout -s INT 10h python train.py --lr 1\n")
    assert p.launch.entrypoint == "train.py" and p.launch.args == ["--lr", "1"]
    stage = next(s for s in p.launch.stages if s.name == "timeout")
    assert stage.operands == ["10h"] and stage.get("-s") == "INT"


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("head", "line", "words"), [
    (ONE, "stdbuf -oL python train.py --lr 1", "stdbuf -oL"),
    (ONE, "env OMP_NUM_THREADS=8 CUDA_LAUNCH_BLOCKING=1 python train.py --lr 1",
     "env OMP_NUM_THREADS=8 CUDA_LAUNCH_BLOCKING=1"),
    (ONE, "timeout 10h python train.py --lr 1", "timeout 10h"),
    (ONE, "/usr/bin/time -v python train.py --lr 1", "/usr/bin/time -v"),
    (ONE, "nice -n 5 python train.py --lr 1", "nice -n 5"),
    (FOUR, "srun stdbuf -oL python train.py --lr 1", "stdbuf -oL"),
    (FOUR, "srun env OMP_NUM_THREADS=8 python train.py --lr 1", "env OMP_NUM_THREADS=8"),
    (FOUR, "timeout 10h srun python train.py --lr 1", "timeout 10h"),
    (FOUR, "stdbuf -oL -eL torchrun --nproc_per_node=4 train.py --lr 1", "stdbuf -oL -eL"),
])
def test_a_tool_in_front_of_the_program_is_kept_verbatim(
        head: str, line: str, words: str, target: str) -> None:
    script, notes = _ported(head + line + "\n", target)
    assert words in "\n".join(_launch_lines(script))
    assert any(f"`{words}`" in n and "is kept in front of" in n for n in notes)
    assert not any("does not carry it" in n or "not in the port" in n for n in notes)


def test_the_time_program_is_not_turned_into_bashs_time_keyword() -> None:
    script, notes = _ported(ONE + "/usr/bin/time -v python train.py --lr 1\n", "polaris")
    assert "time -v mpiexec" not in script and "/usr/bin/time -v python train.py" in script
    assert not any("timed its launch" in n for n in notes)


def test_bashs_time_in_front_of_the_launch_still_times_the_targets_launch() -> None:
    script, notes = _ported(FOUR + "time srun python train.py --lr 1\n", "polaris")
    assert _launch_lines(script)[0].startswith("time mpiexec")
    assert any("timed its launch" in n for n in notes)


@pytest.mark.parametrize("target", ["perlmutter", "polaris"])
def test_a_binding_tool_is_kept_with_a_note_on_the_source_nodes_numbers(target: str) -> None:
    script, notes = _ported(FOUR + "srun numactl --cpunodebind=0 python train.py --lr 1\n",
                            target)
    assert "numactl --cpunodebind=0 python train.py" in script
    assert any("numactl --cpunodebind=0" in n and "source node's" in n for n in notes)


def test_a_tool_inside_the_container_is_kept_where_the_image_runs_python() -> None:
    script, _ = _ported(FOUR + "srun apptainer exec --nv img.sif env OMP_NUM_THREADS=8 "
                        "python train.py --lr 1\n", "delta")
    assert "img.sif env OMP_NUM_THREADS=8 python" in script


def test_assignments_in_front_of_the_program_inside_the_container_are_kept() -> None:
    """`apptainer exec IMG OMP_NUM_THREADS=8 python ...` (no `env` word): read as the
    program's environment, kept as written (was dropped with a "put it back" note)."""
    script, notes = _ported(FOUR + "srun apptainer exec --nv img.sif OMP_NUM_THREADS=8 "
                            "python train.py --lr 1\n", "polaris")
    assert "img.sif OMP_NUM_THREADS=8 python train.py" in script
    assert not any("not in the port" in n for n in notes)


# --- 3. runners and interpreters ------------------------------------------------------------

def test_pipenv_run_is_an_environment_runner_kept_in_front_of_the_interpreter() -> None:
    script, notes = _ported(ONE + "pipenv run python train.py --lr 1\n", "polaris")
    assert "pipenv run python train.py --lr 1" in script
    assert any("`pipenv run`" in n and "pipenv install" in n for n in notes)


def test_a_versioned_interpreter_replaced_by_the_targets_is_named() -> None:
    _, notes = _ported(ONE + "python3.10 train.py --lr 1\n", "polaris")
    assert any("`python3.10`" in n and "Python 3.10" in n for n in notes)


@pytest.mark.parametrize("ipython", ["ipython", "ipython3"])
def test_ipython_runs_the_program_file_and_is_named_when_replaced(ipython: str) -> None:
    """`ipython train.py --lr 1` was refused as "a program that is not Python"."""
    script, notes = _ported(ONE + f"{ipython} train.py --lr 1\n", "polaris")
    assert "train.py --lr 1" in script
    assert any(f"`{ipython}`" in n and "magics" in n for n in notes)


# --- 4. the user's own echo of a value the program reads ------------------------------------

def test_an_echo_of_a_value_the_programs_arguments_read_is_kept() -> None:
    script, notes = _ported(ONE + 'SEED=3\necho "Seed: ${SEED}"\n'
                            'python train.py --seed "${SEED}"\n', "polaris")
    assert 'echo "Seed: ${SEED}"' in script
    assert not any("prints the source's launch line" in n for n in notes)


def test_an_echo_of_the_launch_command_itself_is_still_left_to_the_target() -> None:
    r = port(ONE + 'CMD="python train.py --lr 1"\necho "running $CMD"\n$CMD\n',
             "polaris")["polaris"]
    assert 'echo "running $CMD"' not in r.script
    assert any("prints the source's launch line" in n for n in r.notes)


# --- 5. a command kept as the job's one process, with a chain in front of it -----------------

@pytest.mark.parametrize("target", ["polaris", "delta"])
@pytest.mark.parametrize("line", ["chmod +x run.sh && ./run.sh",
                                  "chmod +x bin/app && ./bin/app --x 1",
                                  "cd run; ./bin/app --x 1"])
def test_a_kept_command_keeps_the_chain_in_front_of_it_once(line: str, target: str) -> None:
    """The known defect: `chmod +x run.sh && ./run.sh` lost its `chmod +x ... &&` (refused
    before: the line shared with another command was not kept)."""
    script, notes = _ported(ONE + line + "\n", target)
    body = [x.strip() for x in script.splitlines() if x.strip() and not x.startswith("#")]
    assert body[-1] == line
    chain = line.split("&&")[0] + "&&" if "&&" in line else line.split(";")[0] + ";"
    assert sum(chain in x for x in body) == 1
    assert any(f"`{line}` is not a Python launch" in n for n in notes)


# --- 6. the job's next command after the launch on its line ---------------------------------

@pytest.mark.parametrize("target", ["polaris", "perlmutter"])
@pytest.mark.parametrize(("head", "line", "tail"), [
    (ONE, "python train.py --lr 1; echo done", "; echo done"),
    (FOUR, "srun python train.py --lr 1; echo rc=$?", "; echo rc=$?"),
])
def test_a_command_after_the_launch_on_its_line_runs_after_the_targets(
        head: str, line: str, tail: str, target: str) -> None:
    script, notes = _ported(head + line + "\n", target)
    assert _launch_lines(script)[-1].rstrip().endswith(tail)
    assert not any("also runs" in n for n in notes)


def test_a_semicolon_closing_a_one_line_loop_is_not_a_tail() -> None:
    from maple_flow.scriptparse.script import launch_tail
    from maple_flow.scriptparse.shell import split_blocks

    cmd = split_blocks("for s in 1 2; do python train.py --lr $s; done\n")[0].commands
    assert all(launch_tail(c) != "; done" for c in cmd)
