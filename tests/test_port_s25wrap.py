"""s25wrap: launches that are not ``python prog.py`` read as something else.

A user's shell wrapper handed a ``.py`` file as its own positional (``bash
./tools/dist_prune.sh cfg.py cfg2.py 5 1``): the wrapper starts or reads the file itself, so
the port keeps the command verbatim (no interpreter word inserted between them, which would
shift every positional), its ``| tee`` with it."""

from __future__ import annotations

from maple_flow.port.api import port

_HEAD = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n"


def _launch(script: str, target: str = "polaris") -> str:
    result = port(script, [target])[target]
    return result.script


def test_wrapper_handed_py_file_keeps_positionals() -> None:
    out = _launch(_HEAD + "bash ./tools/dist_train.sh configs/a.py 4 --seed 1\n")
    assert "bash ./tools/dist_train.sh configs/a.py 4 --seed 1" in out
    assert "dist_train.sh python" not in out


def test_wrapper_handed_py_file_keeps_its_tee() -> None:
    out = _launch(_HEAD + "bash ./tools/dist_prune.sh a.py b.py 5 1 | tee run.log\n",
                  "stampede3")
    assert "bash ./tools/dist_prune.sh a.py b.py 5 1 | tee run.log" in out
    assert "dist_prune.sh python" not in out


def test_srun_wrapper_handed_py_file_is_the_program() -> None:
    out = _launch("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
                  "#SBATCH -t 1:00:00\nsrun ./tools/run.sh train.py --lr 1\n")
    assert "./tools/run.sh train.py --lr 1" in out
    assert "run.sh python" not in out


def test_wrapper_with_interpreter_written_still_kept_in_front() -> None:
    out = _launch("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
                  "#SBATCH -t 1:00:00\nsrun ./env.sh python train.py --lr 1\n")
    assert "./env.sh python" in out and "train.py --lr 1" in out


_BRANCH_EXPORTS = _HEAD + """DATA="${DATA:-full}"
if [ "$DATA" = "small" ]; then
    STOP_FRAC=0.2
fi
if [ -z "$CKPT_EVERY" ]; then
    if [ "$DATA" = "full" ]; then
        CKPT_EVERY=10
    else
        CKPT_EVERY=100
    fi
fi
export STOP_FRAC
export CKPT_EVERY
python train.py --data "$DATA"
"""


def test_bare_exports_of_branch_values_stay_where_written() -> None:
    out = _launch(_BRANCH_EXPORTS)
    assert "export STOP_FRAC=0.2" not in out and "export CKPT_EVERY=100" not in out
    lines = [x.strip() for x in out.split("\n")]
    assert lines.index("export CKPT_EVERY") > lines.index("CKPT_EVERY=100")
    assert lines.index("export STOP_FRAC") > lines.index("STOP_FRAC=0.2")
    assert lines.index("export CKPT_EVERY") < next(
        k for k, x in enumerate(lines) if "train.py" in x)


def test_bare_export_of_one_plain_value_still_carried() -> None:
    out = _launch(_HEAD + "SEED=7\nexport SEED\npython train.py\n")
    assert 'SEED' in out


def test_console_entry_on_one_task_is_one_rank() -> None:
    """``#SBATCH -n 1 --gpus-per-task=1`` then ``srun <console script>``: one task is one rank
    on one node with its one GPU, never a question about the rank layout."""
    script = ("#!/bin/bash\n#SBATCH -n 1\n#SBATCH -c 32\n#SBATCH --gpus-per-task=1\n"
              "#SBATCH -t 8:00:00\nsrun desisky-train-ldm --variant moon --epochs 10\n")
    result = port(script, ["polaris"])["polaris"]
    assert "desisky-train-ldm --variant moon --epochs 10" in result.script
    assert 'NRANKS=1' in result.script.replace('"', "")
