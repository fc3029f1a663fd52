"""Fixtures of s27size: the job's size read from what the script fixes, and an interpreter the
job takes from the environment it is submitted from."""

from __future__ import annotations

import pytest

from maple_flow.port.api import port
from maple_flow.scriptparse.values import gres_gpu_count

_GRES_WITHOUT_COUNT = """#!/bin/bash -e
#SBATCH -p part1
#SBATCH -N 1
#SBATCH -n 4
#SBATCH --gres=gpu
#SBATCH -t 01:00:00

python main.py --epochs 3
"""

_NVIDIA_SMI_COUNT = """#!/bin/bash
#SBATCH --job-name=sft
#SBATCH --partition=gpu-h100
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=16
#SBATCH --time=24:00:00

set -euo pipefail
num_gpus=$(nvidia-smi --list-gpus | wc -l)
echo "GPUs: $num_gpus"
accelerate launch --config_file config/ddp.yaml \\
    --num_processes "$num_gpus" scripts/train_sft.py "$@"
"""

_ENV_INTERPRETER = """#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00
#SBATCH --export=ALL
set -euo pipefail
cd "$GROOT_ROOT"
exec "$GROOT_PYTHON" gr00t/experiment/launch_finetune.py "$@"
"""


@pytest.mark.parametrize(("gres", "count"), [
    ("gpu", 1), ("gpu:v100", 1), ("gpu:2", 2), ("gpu:a100:4", 4), ("nvme:1,gpu:v100:2", 2),
    ("gpu:1g.10gb:1", 1), ("gpumem:24g", None), ("gpu:0", 0)])
def test_gres_gpu_count_defaults_to_one(gres: str, count: int | None) -> None:
    # sbatch(1) --gres: "name[[:type]:count]", the count "with a default value of 1"
    assert gres_gpu_count(gres) == count


def test_gres_gpu_without_a_count_is_one_gpu() -> None:
    # s27size probe (t2t-vp): `--gres=gpu` with -n 4 and one plain python was asked for its
    # GPUs ("asks no GPUs by directive"); Slurm gives it one
    for target in ("polaris", "delta", "aurora"):
        result = port(_GRES_WITHOUT_COUNT, [target])[target]
        assert result.spec is not None, target
        assert result.spec.ranks == 1, target
        assert result.spec.nodes * result.spec.gpus_per_node == 1, target
        assert any("`--gres=gpu` names no count" in n for n in result.notes), target


def test_nvidia_smi_count_is_the_gpus_the_job_asks() -> None:
    # unseen28 held-out kit-h100: `--num_processes $num_gpus` counted by nvidia-smi on a job
    # of one --gres GPU (one node, Slurm's default) was asked for its ranks
    for target in ("polaris", "delta", "aurora"):
        result = port(_NVIDIA_SMI_COUNT, [target])[target]
        assert result.spec is not None and result.spec.ranks == 1, target
        assert any("counts the GPUs the node shows the job" in n and "--gres=gpu:1" in n
                   and "gpus_per_node=N" in n for n in result.notes), target
    given = port(_NVIDIA_SMI_COUNT, ["delta"], gpus_per_node=2)["delta"]
    assert given.spec is not None and given.spec.ranks == 2
    assert not any("counts the GPUs the node shows the job" in n for n in given.notes)


def test_interpreter_from_the_submitting_environment_is_kept() -> None:
    # unseen28 held-out univtac-groot: `exec "$GROOT_PYTHON" x.py` (never set in the script)
    # was read as a hidden launcher and the ranks asked; it is the user's interpreter
    for target in ("polaris", "delta", "aurora"):
        result = port(_ENV_INTERPRETER, [target])[target]
        assert result.spec is not None and result.spec.ranks == 1, target
        launch = [x for x in result.script.splitlines() if "launch_finetune.py" in x]
        assert launch and '"$GROOT_PYTHON" gr00t/experiment/launch_finetune.py' in launch[-1]
        assert any("interpreter $GROOT_PYTHON" in n and "never sets" in n
                   for n in result.notes), target
        assert any("submit-time inputs" in n and "$GROOT_PYTHON" in n and "$GROOT_ROOT" in n
                   for n in result.notes), target


def test_python_settings_variable_is_not_an_interpreter() -> None:
    # `$PYTHONPATH` is Python's search path, not an interpreter: still read as before
    from maple_flow.scriptparse.launch import interpreter_variable_word

    assert interpreter_variable_word("$PYTHONPATH") == ""
    assert interpreter_variable_word("${PYTHONUNBUFFERED}") == ""
    assert interpreter_variable_word("$GROOT_PYTHON") == "GROOT_PYTHON"
    assert interpreter_variable_word("${PYTHON_BIN}") == "PYTHON_BIN"
    assert interpreter_variable_word("$PY3") == "PY3"


def test_interpreter_variable_a_sourced_file_may_set() -> None:
    # the script sources a helper: the variable may come from it, and the note says so
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:1\n"
              "#SBATCH -t 01:00:00\nsource env.sh\n$PYTHON -m pkg.train --lr 1\n")
    result = port(script, ["polaris"])["polaris"]
    assert result.spec is not None and result.spec.ranks == 1
    assert any("interpreter $PYTHON" in n and "env.sh" in n for n in result.notes)
    assert '"$PYTHON" -m pkg.train' in result.script
