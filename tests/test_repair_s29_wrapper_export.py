"""s29rscript: an environment export (op export_env) in a job that hands its launch to a
wrapper shell script of its own goes above that call; a job with neither a launch nor such a
call is refused with the line that is missing named."""

from __future__ import annotations

import pytest

from maple_flow.repair.patch_env import export_env
from maple_flow.repair.text import FixNotApplicable
from maple_flow.scriptparse.wrapper_call import wrapper_call_line

_WRAPPED = """#!/bin/bash
#PBS -l select=1
#PBS -q debug
cd ${PBS_O_WORKDIR}
source venv/bin/activate
export PYTHONPATH=$PBS_O_WORKDIR
bash examples/run_pipeline.sh
"""


def test_export_goes_above_the_wrapper_call() -> None:
    out = export_env(_WRAPPED, "OPENBLAS_NUM_THREADS", "1")
    lines = out.splitlines()
    assert lines.index("export OPENBLAS_NUM_THREADS=1") == lines.index(
        "bash examples/run_pipeline.sh") - 1


@pytest.mark.parametrize("command,found", [
    ("./scripts/run_analysis.sh \"$N\"", True),
    ("cd d && sh -e tools/train.sh cfg.yaml > log 2>&1", True),
    ("source env.sh", False),           # runs in the job's own shell: not a wrapper call
    ("bash -c 'echo hi'", False),       # no script file
    ("echo run.sh", False),
])
def test_wrapper_call_forms(command: str, found: bool) -> None:
    text = "#!/bin/bash\n#SBATCH -N 1\n" + command + "\n"
    assert (wrapper_call_line(text) == 3) is found


def test_call_inside_a_function_or_branch_is_not_taken() -> None:
    text = ("#!/bin/bash\n#SBATCH -N 1\nrun() {\n  bash train.sh\n}\n"
            "if true; then\n  bash x.sh\nfi\n")
    assert wrapper_call_line(text) is None


def test_no_launch_and_no_wrapper_names_the_missing_line() -> None:
    text = "#!/bin/bash\n#SBATCH -N 1\nmodule load conda\necho done\n"
    with pytest.raises(FixNotApplicable, match="line that starts the program is missing"):
        export_env(text, "HDF5_USE_FILE_LOCKING", "FALSE")


def test_python_launch_still_wins_over_a_wrapper() -> None:
    text = "#!/bin/bash\n#SBATCH -N 1\nbash prep.sh\nsrun python train.py\n"
    out = export_env(text, "HDF5_USE_FILE_LOCKING", "FALSE").splitlines()
    assert out.index("export HDF5_USE_FILE_LOCKING=FALSE") == out.index("srun python train.py") - 1


def test_export_goes_above_an_earlier_launcher_command() -> None:
    text = "#!/bin/bash\n#SBATCH -N 1\nsrun ./lmp -in in.lj\n./postprocess.sh\n"
    out = export_env(text, "OMP_NUM_THREADS", "1").splitlines()
    assert out.index("export OMP_NUM_THREADS=1") == out.index("srun ./lmp -in in.lj") - 1
