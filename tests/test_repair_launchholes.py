"""Repair reads the launch through scriptparse: the launch shapes of bench/launchholes_probe
(a launcher found on PATH or held in a variable set so, ``colossalai run``) are seen by the
failure records' script facts as what they are. Fixtures written here, not copied."""

from __future__ import annotations

from maple_flow.repair.script_facts import holds

SEVERAL = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
           "TORCHRUN=$(which torchrun)\n"
           "srun ${TORCHRUN} --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
           "--rdzv_endpoint=$HEAD:29500 train.py\n")


def test_a_torchrun_held_in_a_path_lookup_variable_is_several_launchers_per_node() -> None:
    """``srun ${TORCHRUN}`` with 4 tasks a node: four torchruns per node (the most common real
    mistake), seen through ``TORCHRUN=$(which torchrun)``."""
    assert holds("several_launchers_per_node", SEVERAL)
    fixed = SEVERAL.replace("--ntasks-per-node=4", "--ntasks-per-node=1")
    assert not holds("several_launchers_per_node", fixed)


def test_colossalai_run_above_the_gpus_is_seen() -> None:
    """``colossalai run --nproc_per_node 8`` on 4-GPU nodes: more processes than GPUs."""
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:4\n"
              "colossalai run --nproc_per_node 8 train.py\n")
    assert holds("per_node_launcher_above_gpus", script)
    assert holds("one_launcher_on_one_node", script)


def test_the_one_launcher_per_node_fix_edits_that_srun_line() -> None:
    """The fix puts one task a node on the srun that starts ``${TORCHRUN}``."""
    from maple_flow.repair.patch_layout import one_launcher_per_node

    fixed = one_launcher_per_node(SEVERAL)
    assert "srun --ntasks=\"${SLURM_JOB_NUM_NODES}\" --ntasks-per-node=1 ${TORCHRUN}" in fixed
    assert not holds("several_launchers_per_node", fixed.replace(
        "--ntasks-per-node=4\n", "--ntasks-per-node=1\n"))
