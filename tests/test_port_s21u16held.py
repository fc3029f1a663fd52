"""Held-out port classes of bench/unseen16 (s21-u16held): a launcher flag followed by another
option (``mpiexec --no-vni -n $N``) is no option taking the next word; ..."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError

_PBS = "#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -q prod\n"

FLAG_THEN_COUNT = _PBS + """cd $PBS_O_WORKDIR
NNODES=`wc -l < $PBS_NODEFILE`
mpiexec --no-vni -n $NNODES --ppn 1 ./bin/stage_data /local/scratch
mpiexec --no-vni -n 8 --ppn 4 python train.py --epochs 3
"""


def test_launcher_flag_then_count_is_not_a_held_program() -> None:
    with pytest.raises(MapleError) as err:
        port(FLAG_THEN_COUNT, ["vista"])
    why = str(err.value)
    # `-n $NNODES` is the rank count, not a program held in $NNODES
    assert "held in the variable $NNODES" not in why
    assert "./bin/stage_data" in why


_SLURM = "#!/bin/bash\n#SBATCH --time=02:00:00\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n"


@pytest.mark.parametrize("line", [
    "srun xvfb-run -a python sim/render_eval.py --episodes 5",
    'xvfb-run -s "-screen 0 1024x768x24" python sim/render_eval.py --episodes 5',
])
@pytest.mark.parametrize("target", ["bridges2", "polaris"])
def test_xvfb_run_wraps_the_python_program(line: str, target: str) -> None:
    result = port(_SLURM + "module load ffmpeg\n" + line + "\n", [target])[target]
    assert result.status == "generated"
    wrapper = line.split(" python")[0].removeprefix("srun ")
    assert f"{wrapper} python sim/render_eval.py --episodes 5" in result.script
    note = next(n for n in result.notes if "xvfb-run" in n)
    assert "kept in front of it" in note and "command -v xvfb-run" in note


TEMPLATE_EVAL = _SLURM + """#SBATCH --ntasks=1
module purge
module load rhel8/default-amp
application="{app}"
options=""
workdir="$SLURM_SUBMIT_DIR"
CMD="$application {rest}"
cd $workdir
echo -e "Executing command: $CMD"
eval $CMD
"""


@pytest.mark.parametrize(("app", "rest", "why"), [
    ("~/proj/experiments/run.sh", "$@", "your shell script ~/proj/experiments/run.sh"),
    ("$HOME/solver/bin/lbm3d", "$options", "a program that is not Python"),
])
def test_eval_of_a_variable_the_script_sets_names_its_text(app: str, rest: str, why: str) -> None:
    with pytest.raises(MapleError) as err:
        port(TEMPLATE_EVAL.format(app=app, rest=rest), ["vista"])
    text = str(err.value)
    assert "does not show, so the program it trains" not in text  # CMD is set in the script
    assert "line 14: `eval $CMD` runs the text the script sets on line 11" in text
    assert f"$application (line 8: `{app}`)" in text and why in text
    assert ("$@: the arguments the job is submitted with" in text) == (rest == "$@")
