# ruff: noqa: E501
"""s27r2logs (issue 17, round 2): MPICH's PMI-2 client without srun's pmi2 plugin
(`PMI2_Job_GetId returned N`: srun --mpi=pmi2 only when srun starts the program and no MPI
plugin is named), and a Slurm step refused for the CPUs per task it inherits from the job
(srun --cpus-per-task = the job's CPUs / the step's tasks, only when the tasks fit at one CPU
each; the job's tasks are then not raised). Each test fails without its rule."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resolve_step import (
    StepUnresolved,
    job_tasks,
    step_cpus_per_task,
    step_shape,
)

PMI2_LOG = ("Abort(1091087) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init: Other MPI error, error stack:\n"
            "MPIR_Init_thread(136):\nMPID_Init(939).......:\nMPIR_pmi_init(168)...: PMI2_Job_GetId returned 14\n")
IMPI = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=64
#SBATCH --time=02:00:00
module load intel impi
export I_MPI_PMI_LIBRARY=/usr/lib64/libpmi2.so
srun ./model namelist.in
"""
STEP_LOG = "srun: error: Unable to create step for job 4242: More processors requested than permitted\n"
WIDE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=128
#SBATCH --time=01:00:00
module load amber
srun -n 128 pmemd.MPI -O -i min.in
"""


def test_pmi2_client_under_a_bare_srun_gets_the_pmi2_plugin() -> None:
    diff = _diff(diagnose_log(IMPI, PMI2_LOG, "anvil", None, False))
    assert "+srun --mpi=pmi2 ./model namelist.in" in diff


@pytest.mark.parametrize("script", [
    IMPI.replace("srun ./model", "srun --mpi=pmi2 ./model"),  # the plugin is already pmi2: not the launch line
    IMPI.replace("srun ./model", "srun --mpi=pmix ./model"),  # a plugin is named: which one is the user's call
    IMPI.replace("export I_MPI", "export SLURM_MPI_TYPE=pmi2\nexport I_MPI"),
    IMPI.replace("srun ./model", "srun hostname > hosts\nmpirun -n 128 ./model"),  # mpirun's own PMI
])
def test_pmi2_failure_the_launch_line_does_not_explain_gets_no_plugin(script: str) -> None:
    assert "--mpi=pmi2" not in _diff(diagnose_log(script, PMI2_LOG, "anvil", None, False))


def test_step_inheriting_the_jobs_cpus_per_task_gets_its_own() -> None:
    diff = _diff(diagnose_log(WIDE, STEP_LOG, "anvil", None, False))
    assert "+srun --cpus-per-task=1 -n 128 pmemd.MPI" in diff


def test_a_job_of_ntasks_keeps_its_widening_when_the_step_is_narrower_than_the_job() -> None:
    script = WIDE.replace("--ntasks-per-node=1", "--ntasks=2").replace("=128\n#SBATCH --time", "=8\n#SBATCH --time").replace("-n 128", "-n 4")
    assert "+#SBATCH --ntasks=4" in _diff(diagnose_log(script, STEP_LOG, "anvil", None, False))


def test_a_job_of_ntasks_is_not_widened_when_the_step_only_inherits_cpus() -> None:
    script = WIDE.replace("--ntasks-per-node=1", "--ntasks=2").replace("=128\n#SBATCH --time", "=64\n#SBATCH --time")
    diff = _diff(diagnose_log(script, STEP_LOG, "anvil", None, False))
    assert "+#SBATCH --ntasks=128" not in diff  # 128 tasks x 64 CPUs: the job would ask 8192
    assert "+srun --cpus-per-task=1 -n 128" in diff


@pytest.mark.parametrize("script", [
    WIDE.replace("srun -n 128", "srun -n 128 -c 2"),  # the step gives its own CPUs
    WIDE.replace("srun -n 128", "srun -n 256"),  # more tasks than the job's CPUs even at one each
    WIDE.replace("srun -n 128", "srun -n 64"),  # fewer tasks than CPUs: narrower tasks or more of them
    WIDE.replace("srun -n 128", 'srun -n "$NP"'),  # no literal count
    WIDE.replace("--cpus-per-task=128", "--cpus-per-task=1"),  # nothing inherited
])
def test_steps_not_refused_for_inherited_cpus_get_no_cpus_per_task(script: str) -> None:
    assert "--cpus-per-task=" not in "\n".join(
        line for line in _diff(diagnose_log(script, STEP_LOG, "anvil", None, False)).splitlines()
        if line.startswith("+srun"))


def test_step_shape_arithmetic() -> None:
    assert job_tasks("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n") == 8
    assert job_tasks("#!/bin/bash\n#SBATCH -N 3\n") == 3
    assert step_cpus_per_task(step_shape("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=2\n#SBATCH -c 32\n", "128", False)) == "1"
    with pytest.raises(StepUnresolved):  # 32 tasks in 128 CPUs: 4 a task, or 32 job tasks of 32?
        step_cpus_per_task(step_shape("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=2\n#SBATCH -c 32\n", "32", False))
    with pytest.raises(StepUnresolved):
        step_cpus_per_task(step_shape("#!/bin/bash\n#SBATCH -c 4\n", "8", True))


DS_LOG = "ValueError: Num nodes is >1 but no extra nodes available via hostfile\n"
DEEPSPEED = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
deepspeed --num_nodes 2 --master_addr "$MASTER_ADDR" train.py --deepspeed_config ds.json
"""


def test_multinode_deepspeed_gets_a_hostfile_of_the_jobs_nodes() -> None:
    diff = _diff(diagnose_log(DEEPSPEED, DS_LOG, "delta", None, False))
    assert "+scontrol show hostnames \"$SLURM_JOB_NODELIST\" | sed 's/$/ slots=4/' > \"hostfile.$SLURM_JOB_ID\"" in diff
    assert '+deepspeed --hostfile "hostfile.$SLURM_JOB_ID" --num_nodes 2' in diff


def test_the_launchers_own_gpu_count_gives_the_slots() -> None:
    script = DEEPSPEED.replace("deepspeed --num_nodes", "deepspeed --num_gpus 2 --num_nodes")
    assert "slots=2/" in _diff(diagnose_log(script, DS_LOG, "delta", None, False))


@pytest.mark.parametrize("script", [
    DEEPSPEED.replace("deepspeed --num_nodes", "deepspeed --hostfile my_hosts --num_nodes"),  # a hostfile the runner read empty
    DEEPSPEED.replace("deepspeed --num_nodes", "deepspeed --no_ssh --node_rank 0 --num_nodes"),  # per-node start: another shape
    DEEPSPEED.replace("deepspeed --num_nodes", "srun deepspeed --num_nodes"),  # one runner per task
    DEEPSPEED.replace("#SBATCH --gpus-per-node=4\n", ""),  # no literal GPUs per node: the slots are the user's
])
def test_deepspeed_shapes_a_job_hostfile_does_not_settle_get_none(script: str) -> None:
    assert "slots=" not in _diff(diagnose_log(script, DS_LOG, "delta", None, False))


LIGHTNING_LOG = "lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [0, 1, 2, 3]\n But your machine only has: [0]\n"
LIGHTNING_IN_TASK = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --time=12:00:00
srun bash -c 'export CUDA_VISIBLE_DEVICES=0,1,2,3; python train.py trainer.devices=4'
"""


def test_an_unset_before_a_launch_that_sets_the_variable_again_is_not_proposed() -> None:
    diff = _diff(diagnose_log(LIGHTNING_IN_TASK, LIGHTNING_LOG, "delta", None, False))
    assert "+unset CUDA_VISIBLE_DEVICES" not in diff  # each task exports it again after
    assert "-#SBATCH --gpus-per-task=1" in diff  # the per-task binding is what hides the GPUs


def test_an_unset_before_the_launch_still_fixes_a_pin_set_before_it() -> None:
    script = LIGHTNING_IN_TASK.replace("#SBATCH --gpus-per-task=1", "#SBATCH --gpus-per-node=4").replace(
        "srun bash -c 'export CUDA_VISIBLE_DEVICES=0,1,2,3; python train.py trainer.devices=4'",
        "export CUDA_VISIBLE_DEVICES=0\nsrun python train.py trainer.devices=4")
    assert "+unset CUDA_VISIBLE_DEVICES" in _diff(diagnose_log(script, LIGHTNING_LOG, "delta", None, False))
