"""Issue 14, s28port2: copies of ``torchrun --standalone`` started one a node on several nodes
(``srun -N 2 --ntasks-per-node=1 torchrun --standalone --nproc_per_node=4 ...``) are each their
own one-node job: the ask names that reading (independent trainings, not a script at odds with
itself) and what each answer ports. Fixtures written here, not copied from any script."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

HEAD = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:4\n"
        "#SBATCH --time=04:00:00\nsource ~/venv/bin/activate\n")


def _asked(script: str, target: str) -> str:
    with pytest.raises(MissingInformation) as err:
        port(script, [target])
    return str(err.value)


@pytest.mark.parametrize("launch", [
    "srun -N 2 --ntasks-per-node=1 torchrun --standalone --nproc_per_node=4 train.py --cfg a.yaml",
    'srun -N 2 --ntasks-per-node=1 bash -c "torchrun --standalone --nproc_per_node=4 train.py"',
])
def test_per_node_standalone_groups_are_asked_naming_independent_trainings(launch: str) -> None:
    for target in ("delta", "polaris"):
        asked = _asked(HEAD + launch + "\n", target)
        assert "2 independent trainings of 4 process(es) each" in asked, target
        assert "ranks=4 (--ranks 4) with nodes=1" in asked and "ranks=8" in asked, target
        assert "disagrees with itself" not in asked, target


def test_copies_of_a_one_node_torchrun_without_standalone_are_still_a_conflict() -> None:
    launch = "srun -N 2 --ntasks-per-node=1 torchrun --nnodes=1 --nproc_per_node=4 train.py\n"
    asked = _asked(HEAD + launch, "delta")
    assert "disagrees with itself" in asked and "independent trainings" not in asked
