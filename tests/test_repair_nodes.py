"""A new node count reaches every line of the script that states one, found through
scriptparse, and a record's node count is the script's own, asked when it gives none
(issue 17, point 3)."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op

TACC_LOG = ("-N is required: define the resources you need with -N and -n, or -N and "
            "--ntasks-per-node.\n")


def test_srun_line_counts_follow_the_directive() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH -n 8\n#SBATCH --gpus-per-node=4\n"
              "srun -N 2 -n 8 python train.py\n")
    fixed = apply_op(script, o.SetNodes(nodes=3), get_profile("perlmutter"))
    assert fixed.endswith("srun -N 3 -n 12 python train.py\n")
    assert "#SBATCH -n 12\n" in fixed and "#SBATCH -N 3\n" in fixed  # as the user spelled them


def test_a_node_count_held_in_a_user_variable_is_set_there() -> None:
    script = ("#!/bin/bash\n#SBATCH -p gpu-a100\nNUM_NODES=2\n"
              "ibrun torchrun --nnodes $NUM_NODES --nproc_per_node 3 train.py\n")
    fixed = apply_op(script, o.SetNodes(nodes=3), get_profile("lonestar6"))
    assert "NUM_NODES=3\n" in fixed and "--nodes=3" in fixed


def test_pals_total_ranks_follow_the_select_line() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n"
              "mpiexec -n 8 --ppn 4 python train.py\n")
    fixed = apply_op(script, o.SetNodes(nodes=3), get_profile("polaris"))
    assert "select=3:system=polaris" in fixed and "mpiexec -n 12 --ppn 4" in fixed


def test_a_missing_node_directive_takes_the_launch_lines_count() -> None:
    script = ("#!/bin/bash\n#SBATCH -p gpu-a100\n#SBATCH -t 01:00:00\n"
              "ibrun torchrun --nnodes=2 --nproc_per_node=3 train.py\n")
    proposed = diagnose_log(script, TACC_LOG, "lonestar6", None, False)["proposed"]
    assert proposed is not None and "+#SBATCH --nodes=2" in proposed["diff"]
