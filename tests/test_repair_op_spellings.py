"""Ops find a launcher option however the user spelled it, and an srun task count where the
step reads it (issue 17, point 3)."""

from __future__ import annotations

import pytest

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op

SLURM = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n"
PBS = "#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=00:30:00\n"


@pytest.mark.parametrize("launch, op, expect", [
    ("srun -n 8 python train.py", o.SetLauncherArg(launcher="srun", name="--ntasks", value="2"),
     "srun -n 2 python train.py"),
    ("srun -n8 python train.py", o.SetLauncherArg(launcher="srun", name="--ntasks", value="2"),
     "srun -n2 python train.py"),
    ("srun --ntasks 8 python train.py", o.SetLauncherArg(launcher="srun", name="-n", value="2"),
     "srun --ntasks 2 python train.py"),
    ("srun -N 2 -w node[1-2] python train.py",
     o.RemoveLauncherArg(launcher="srun", name="--nodelist"), "srun -N 2 python train.py"),
    ("srun -N2 -n8 python train.py", o.RemoveLauncherArg(launcher="srun", name="--ntasks"),
     "srun -N2 python train.py"),
    ("torchrun --nnodes=2 --nproc-per-node=8 train.py",
     o.RemoveLauncherArg(launcher="torchrun", name="--nproc_per_node"),
     "torchrun --nnodes=2 train.py"),
])
def test_slurm_options_in_any_spelling(launch: str, op: o.FixOp, expect: str) -> None:
    fixed = apply_op(SLURM + launch + "\n", op, get_profile("perlmutter"))
    assert fixed.rstrip().splitlines()[-1] == expect


@pytest.mark.parametrize("launch, op, expect", [
    ("mpiexec -np 8 --ppn 4 python train.py",
     o.SetLauncherArg(launcher="mpiexec", name="-n", value="16"),
     "mpiexec -np 16 --ppn 4 python train.py"),
    ("mpiexec -n 8 -ppn 4 --cpu-bind depth python train.py",
     o.RemoveLauncherArg(launcher="mpiexec", name="--cpu_bind"),
     "mpiexec -n 8 -ppn 4 python train.py"),
])
def test_mpiexec_options_in_any_spelling(launch: str, op: o.FixOp, expect: str) -> None:
    fixed = apply_op(PBS + launch + "\n", op, get_profile("polaris"))
    assert fixed.rstrip().splitlines()[-1] == expect


def test_an_srun_task_count_given_by_a_directive_is_set_there() -> None:
    # pytorch/pytorch#67547: --ntasks=4 on 2 nodes, srun torchrun says nothing itself
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks=4\n#SBATCH --gres=gpu:2\n"
              "srun torchrun --nnodes=2 --nproc_per_node=2 train.py\n")
    fixed = apply_op(script, o.SetLauncherArg(launcher="srun", name="--ntasks", value="2"),
                     get_profile("anvil"))
    assert "#SBATCH --ntasks=2\n" in fixed
    assert fixed.endswith("srun torchrun --nnodes=2 --nproc_per_node=2 train.py\n")


def test_an_srun_task_count_of_its_own_line_stays_there() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks=4\n"
              "srun -n 4 torchrun --nnodes=2 --nproc_per_node=2 train.py\n")
    fixed = apply_op(script, o.SetLauncherArg(launcher="srun", name="--ntasks", value="2"),
                     get_profile("anvil"))
    assert "#SBATCH --ntasks=4\n" in fixed and "srun -n 2 torchrun" in fixed


def test_a_directive_keeps_the_users_spelling_and_comment() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH -n 64   # one task a GPU\n"
              "#SBATCH --ntasks-per-node 4\n#SBATCH --gpus-per-task 1\nsrun python train.py\n")
    fixed = apply_op(script, o.SetDirective(option="ntasks", value="32"),
                     get_profile("perlmutter"))
    assert "#SBATCH -n 32   # one task a GPU\n" in fixed


def test_gpus_given_per_task_set_the_tasks_a_node() -> None:
    # bench/realport mila-multi-node.sh: --gpus-per-task=rtx8000:1 x --ntasks-per-node=4
    script = ("#!/bin/bash\n#SBATCH --gpus-per-task=rtx8000:1\n#SBATCH --ntasks-per-node=4\n"
              "#SBATCH --nodes=2\n#SBATCH -n 8\nsrun python main.py\n")
    fixed = apply_op(script, o.SetGpusPerNode(gpus_per_node=2), get_profile("perlmutter"))
    assert "#SBATCH --ntasks-per-node=2\n" in fixed and "#SBATCH -n 4\n" in fixed
    assert "--gpus-per-task=rtx8000:1" in fixed


def test_one_task_a_node_gets_the_gpus_itself() -> None:
    # bench/realport mila-llm-accelerate.sh: one accelerate task a node with a100:2
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --gpus-per-task=a100:2\nsrun python main.py\n")
    fixed = apply_op(script, o.SetGpusPerNode(gpus_per_node=4), get_profile("perlmutter"))
    assert "#SBATCH --gpus-per-task=a100:4\n" in fixed


def test_options_after_a_variable_holding_options_are_found() -> None:
    # bench/realport alcf-dlscaling-hvd-aurora.sh: mpiexec ${EXT_ENV} --np ... -ppn ${RPN}
    script = ("#!/bin/bash\n#PBS -l select=2\nRANKS_PER_NODE=12\nNRANKS=24\n"
              'EXT_ENV="--env FI_CXI_DEFAULT_CQ_SIZE=1048576"\n'
              "mpiexec ${EXT_ENV} --np ${NRANKS} -ppn ${RANKS_PER_NODE} python3 app.py\n")
    fixed = apply_op(script, o.SetGpusPerNode(gpus_per_node=6), get_profile("aurora"))
    assert "RANKS_PER_NODE=6\n" in fixed and "NRANKS=12\n" in fixed
    assert fixed.endswith(
        "mpiexec ${EXT_ENV} --np ${NRANKS} -ppn ${RANKS_PER_NODE} python3 app.py\n")


def test_pbs_select_ranks_a_node_follow() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2:system=polaris:mpiprocs=8\n"
              "mpiexec -n 16 --ppn 8 python train.py\n")
    fixed = apply_op(script, o.SetGpusPerNode(gpus_per_node=4), get_profile("polaris"))
    assert "#PBS -l select=2:system=polaris:mpiprocs=4\n" in fixed
    assert fixed.endswith("mpiexec -n 8 --ppn 4 python train.py\n")


@pytest.mark.parametrize("directive", ["#SBATCH --gpus-per-node=8", "#SBATCH --gres=gpu:8",
                                       "#SBATCH --gpus=16"])
def test_bridges2_gets_its_typed_gpu_request(directive: str) -> None:
    script = (f"#!/bin/bash\n#SBATCH -N 2\n#SBATCH -p GPU\n{directive}\n"
              "srun torchrun --nnodes=2 --nproc_per_node=8 train.py\n")
    fixed = apply_op(script, o.SetGpusPerNode(gpus_per_node=4), get_profile("bridges2"))
    assert "#SBATCH --gpus=v100-32:8\n" in fixed and directive not in fixed
    assert "--nproc_per_node=4" in fixed


def test_a_directive_fix_reaches_the_srun_steps_own_option() -> None:
    # the srun line's own -c / --gpus-per-node override the directive for the step
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --cpus-per-task=128\n"
              "#SBATCH --gpus-per-node=4\nCPT=128\n"
              "srun -c $CPT --gpus-per-node 4 python train.py\n")
    profile = get_profile("perlmutter")
    fixed = apply_op(script, o.SetDirective(option="cpus-per-task", value="32"), profile)
    assert "#SBATCH --cpus-per-task=32\n" in fixed and "CPT=32\n" in fixed
    fixed = apply_op(script, o.SetDirective(option="gpus-per-node", value="2"), profile)
    assert fixed.endswith("srun -c $CPT --gpus-per-node 2 python train.py\n")


def test_a_typed_request_counts_the_nodes_the_launch_line_starts() -> None:
    script = ("#!/bin/bash\n#SBATCH -p GPU\n#SBATCH --gpus-per-node=8\n"
              "srun --ntasks-per-node=1 torchrun --nnodes=2 --nproc_per_node=8 train.py\n")
    fixed = apply_op(script, o.SetDirective(option="gpus-per-node", value="8"),
                     get_profile("bridges2"))
    assert "#SBATCH --gpus=v100-32:16\n" in fixed
