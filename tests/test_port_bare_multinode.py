"""A per-node launcher (torchrun) started once by the job's shell, with no srun/mpiexec around
it, in a job whose directives ask several nodes runs on the first node only: the port keeps
the ranks it started (never nodes x ranks), names the bare launch and any parallel-degree
argument that asks more ranks (scriptparse/facts.py). Script shapes written here."""

from __future__ import annotations

import pytest

from maple_flow import port

BARE = ("#!/bin/bash\n#SBATCH -N 4\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n"
        "#SBATCH -t 01:00:00\ntorchrun --nproc_per_node 1 train.py --tp_size 4\n")


@pytest.mark.parametrize("target", ["polaris", "vista", "stampede3", "perlmutter"])
def test_bare_torchrun_in_four_nodes_keeps_one_rank(target: str) -> None:
    r = port(BARE, [target])[target]
    assert r.status == "generated", r.notes[:3]
    assert r.spec is not None and r.spec.nodes * r.spec.gpus_per_node == 1
    [note] = [n for n in r.notes if "directives ask 4 node(s)" in n]
    assert "`torchrun` is started once by the job's shell" in note
    assert "first of the 4 node(s) only" in note and "`--tp_size 4`" in note
    assert not any("the source ran 4 node(s)" in n for n in r.notes)


def test_srun_torchrun_still_runs_on_every_node() -> None:
    """srun around torchrun starts it on each of the 4 nodes: 4 x 1, no bare-launch note."""
    script = BARE.replace("torchrun --nproc", "srun torchrun --nnodes 4 --nproc")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.spec is not None and r.spec.nodes * r.spec.gpus_per_node == 4
    assert not any("started once by the job's shell" in n for n in r.notes)
