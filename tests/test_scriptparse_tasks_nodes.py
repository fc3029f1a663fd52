"""A Slurm job that asks --ntasks and --ntasks-per-node but no -N runs on tasks / tasks-per-node
nodes (sbatch(1): with --ntasks, --ntasks-per-node is "treated as a maximum count of tasks per
node"); an srun that restates the job's task count starts that many ranks on those nodes, one a
GPU, not all on one node (issue 14, unseen29 tune perlmutter-shifter-16node-cmd-var)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.scriptparse import parse_script, read_facts

HEAD = """#!/bin/bash
#SBATCH -A abc
#SBATCH -t 60
#SBATCH --ntasks 64
#SBATCH --ntasks-per-node 4
#SBATCH --gpus-per-node 4
NODES=16
"""


@pytest.mark.parametrize("launch", ["srun python train.py", "srun --ntasks 64 python train.py",
                                    "srun --ntasks $(($NODES*4)) python train.py"])
def test_tasks_over_tasks_per_node_is_the_node_count(launch: str) -> None:
    facts = read_facts(parse_script(HEAD + launch + "\n"))
    assert (facts.nodes, facts.gpus_per_node) == (16, 4)


def test_the_port_sizes_it_as_sixteen_nodes_one_rank_a_gpu() -> None:
    r = port(HEAD + "srun --ntasks $(($NODES*4)) python train.py\n", "polaris")["polaris"]
    assert r.status != "refused"
    assert "select=16:" in r.script
    assert not any("ranks a GPU, a layout" in n for n in r.notes)
