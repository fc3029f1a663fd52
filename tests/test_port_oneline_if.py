"""Issue 14, s28port2: a launch that is the test of an ``if`` written on one line
(``if srun python train.py; then echo ok; else echo failed; fi``) keeps the branches around the
target's launch, as the multi-line form does; none of its commands dropped. Fixtures written
here, not copied from any script."""

from __future__ import annotations

import subprocess

import pytest

from maple_flow import port

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH --time=01:00:00\n"
        "module load cuda\n")


@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_a_one_line_if_around_the_launch_keeps_its_branches(target: str) -> None:
    script = HEAD + "if srun python train.py; then echo ok; else echo failed; fi\n"
    r = port(script, target)[target]
    assert r.status != "refused", r.notes[:1]
    assert "\nthen echo ok; else echo failed; fi\n" in r.script
    assert "train.py" in r.script.split("\nif\n", 1)[1].split("\nthen ", 1)[0]
    assert not any("not carried" in n for n in r.notes)
    assert subprocess.run(["bash", "-n"], input=r.script, text=True).returncode == 0


def test_a_one_line_if_whose_test_is_more_than_the_launch_is_not_read_as_its_branch() -> None:
    script = HEAD + "if cd run && srun python train.py; then echo ok; fi\n"
    r = port(script, "delta")["delta"]
    assert "\nthen echo ok; fi\n" not in r.script
