"""Classes left by bench/s21portprobe_probe and fixed on branch s21-portleft (containers and
program paths): a shell the source ran inside the image (``shifter bash run.sh``) stays behind
the target's runtime; a variable among a container runtime's options (``${BINDS}``) is read as
options, not the image; a runtime or an image held in a variable set to its own default
(``RT=${RT:-singularity}``, ``IMG=${IMG:-x.sif}``); a contained runtime whose body's ``cd`` runs
on the host gets ``--pwd``; the interpreter that runs a launcher's module is kept; a user's wrapper
command given by path in front of ``python``; a job whose directives and srun state no size asks
for it. Each test fails on the branch before its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError
from maple_flow.scriptparse import parse_script


def _ported(script: str, target: str) -> tuple[str, list[str]]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return r.script, r.notes


def _launch(script: str, program: str) -> str:
    """The ported launch command (its continuation lines joined) that runs ``program``."""
    lines = script.splitlines()
    end = max(i for i, x in enumerate(lines) if program in x)
    start = end
    while start > 0 and lines[start - 1].rstrip().endswith("\\"):
        start -= 1
    return " ".join(x.rstrip("\\ ") for x in lines[start:end + 1])


SHIFTER = """#!/bin/bash
#SBATCH -C gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH -t 00:30:00
#SBATCH --image=docker:myorg/app:1.0
srun -N 1 -n 4 shifter bash run_rank.sh --steps 10
"""


@pytest.mark.parametrize("target", ["polaris", "lonestar6"])
def test_a_shell_run_in_the_image_stays_behind_the_runtime(target: str) -> None:
    script, _ = _ported(SHIFTER, target)
    launch = _launch(script, "run_rank.sh")
    assert "apptainer exec --nv docker://myorg/app:1.0 bash run_rank.sh --steps 10" in launch
    assert "bash apptainer" not in launch


SIF_OPTIONS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:4
#SBATCH -t 01:00:00
singularity exec --nv ${EXTRA_BINDS} --env OMP_NUM_THREADS=4 app.sif torchrun --standalone \\
    --nproc_per_node=4 train.py
"""


def test_a_variable_among_the_runtimes_options_is_not_the_image() -> None:
    stage = parse_script(SIF_OPTIONS).launch.stages[0]
    assert stage.name == "singularity" and stage.operands == ["app.sif"]
    assert ("${EXTRA_BINDS}", None) in stage.options


def test_an_options_variable_the_script_does_not_set_is_carried_as_written() -> None:
    script, notes = _ported(SIF_OPTIONS, "delta")
    launch = _launch(script, "train.py")
    assert "apptainer exec" in launch and "${EXTRA_BINDS}" in launch
    assert launch.index("${EXTRA_BINDS}") < launch.index("app.sif")
    assert any("${EXTRA_BINDS} among your runtime's options is kept" in n for n in notes)
    back = next(s for s in parse_script(script).launch.stages if s.name == "apptainer")
    assert back.operands == ["app.sif"]  # read back: the variable is options, not the image


RUNTIME_VAR = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH -t 01:00:00
RT=${RT:-singularity}
"$RT" exec --nv app.sif ./build/bench --size 10
"""


def test_a_runtime_held_in_a_variable_with_a_default_is_named_by_that_default() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(RUNTIME_VAR)
    why = str(err.value)
    assert "default `singularity`" in why and "./build/bench" in why
    assert "runs inside your container" in why
    assert "does not show the value" not in why


IMAGE_VAR = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH -t 01:00:00
IMG=${IMG:-model.sif}
singularity exec --nv --contain -B "$PWD/work:/workspace" "$IMG" \
    bash -c "cd /workspace && python eval.py --k 1"
"""


def test_an_image_variable_with_its_own_default_is_carried_live() -> None:
    script, notes = _ported(IMAGE_VAR, "polaris")
    launch = _launch(script, "eval.py")
    assert 'apptainer exec --nv' in launch and '"$IMG" python eval.py --k 1' in launch
    assert "IMG=${IMG:-model.sif}" in script.split(launch.split()[0])[0]
    assert any("set by your line `IMG=${IMG:-model.sif}`" in n for n in notes)


def test_a_contained_runtime_gets_the_bodys_directory_as_pwd() -> None:
    script, notes = _ported(IMAGE_VAR, "polaris")
    launch = _launch(script, "eval.py")
    assert "--pwd /workspace" in launch
    assert any("--pwd /workspace" in n for n in notes)


MODULE_LAUNCHER = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gres=gpu:4
#SBATCH -t 01:00:00
source ~/miniconda3/etc/profile.d/conda.sh
conda activate train
"$CONDA_PREFIX/bin/python" -m torch.distributed.run --standalone --nproc_per_node=4 train.py
"""


def test_the_interpreter_of_a_launchers_module_is_read() -> None:
    launch = parse_script(MODULE_LAUNCHER).launch
    assert launch.launcher_python == "$CONDA_PREFIX/bin/python"
    assert parse_script(MODULE_LAUNCHER.replace('"$CONDA_PREFIX/bin/python"', "python3")
                        ).launch.launcher_python == "python3"


@pytest.mark.parametrize(("target", "expected"), [
    ("delta", '"$CONDA_PREFIX/bin/python" -m torch.distributed.run'),
    ("polaris", '"$CONDA_PREFIX/bin/python" train.py'),
])
def test_the_interpreter_of_a_launchers_module_is_kept(target: str, expected: str) -> None:
    script, notes = _ported(MODULE_LAUNCHER, target)
    assert expected in _launch(script, "train.py")
    assert any("$CONDA_PREFIX/bin/python" in n and "kept" in n for n in notes)


@pytest.mark.parametrize("wrapper", ['"$APP_HOME/bin/app-exec"', "./bin/app-exec",
                                     "/opt/app/bin/app-exec"])
def test_a_wrapper_command_given_by_path_is_read_in_front_of_python(wrapper: str) -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
              f"srun {wrapper} python -m pkg.train --lr 1\n")
    launch = parse_script(script).launch
    assert launch.entrypoint == "pkg.train" and launch.module
    assert launch.wrapper_script == wrapper.strip('"')
    ported, _ = _ported(script, "delta")
    assert f"{wrapper} python3 -m pkg.train --lr 1" in _launch(ported, "pkg.train")


SIZELESS = """#!/bin/bash
#SBATCH --job-name=train
#SBATCH --cpus-per-task=6
# one process per GPU, the size given at submission (sbatch --nodes=2 --gres=gpu:4 ...)
srun --kill-on-bad-exit=1 "$APP_HOME/bin/app-exec" python -m pkg.train "$@"
"""


def test_a_job_whose_directives_and_srun_state_no_size_asks_for_it() -> None:
    with pytest.raises(MissingInformation) as err:
        port(SIZELESS, "delta")
    assert "state no size" in str(err.value)
    script, _ = _ported_with(SIZELESS, "delta", nodes=2, gpus_per_node=4)
    assert "pkg.train" in script


def _ported_with(script: str, target: str, **o: int) -> tuple[str, list[str]]:
    r = port(script, target, **o)[target]
    assert r.status == "generated", r.notes
    return r.script, r.notes


PWD_IMAGE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:1
#SBATCH -t 01:00:00
export IMAGES=$(pwd)
singularity exec --nv $IMAGES/app.sif python run.py
"""


@pytest.mark.parametrize("target", ["polaris", "bridges2"])
def test_an_image_under_an_exported_pwd_variable_is_carried(target: str) -> None:
    script, notes = _ported(PWD_IMAGE, target)
    launch = _launch(script, "run.py")
    assert "exec --nv \"$PWD/app.sif\" python run.py" in launch
    assert not any("is not used on the target" in n for n in notes)
