"""Scheduler variables in a port (issue 14, "scheduler variables mapped ... inside the user's
own variables too"): Slurm, PBS and LSF job facts renamed to the target scheduler's, from the
one data file templates/schedulers/variables.yaml. Our own example scripts."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.knowledge.scheduler_vars import SchedulerVars, scheduler_vars
from maple_flow.port.rules import translate_scheduler_vars

SLURM = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
"""
TORQUE = """#!/bin/bash
#PBS -l nodes=2:ppn=4:gpus=4
#PBS -l walltime=01:00:00
"""
LSF = """#!/bin/bash
#BSUB -nnodes 2
#BSUB -W 60
"""


def _notes(result: object) -> str:
    return "\n".join(result.notes)  # type: ignore[attr-defined]


def test_slurm_node_list_and_job_id_inside_user_lines_on_pbs() -> None:
    script = SLURM + ("RUN=$(date +%F).$SLURM_JOB_ID\n"
                      'echo "nodes: $SLURM_JOB_NODELIST" > nodes.$SLURM_JOBID.txt\n'
                      "srun python train.py --out out/$RUN\n")
    r = port(script, "polaris")["polaris"]
    steps = r.spec.setup_steps
    assert steps[0] == 'MAPLE_NODELIST="$(uniq "$PBS_NODEFILE" | paste -sd, -)"'
    assert "RUN=$(date +%F).$PBS_JOBID" in steps
    assert 'echo "nodes: $MAPLE_NODELIST" > nodes.$PBS_JOBID.txt' in steps
    assert "SLURM_" not in "\n".join(steps) and r.spec.args == ["--out", "out/$RUN"]
    assert "$SLURM_JOB_NODELIST (the job's nodes) is, on PBS, $MAPLE_NODELIST" in _notes(r)


def test_torque_sizes_and_queue_on_slurm() -> None:
    script = TORQUE + ('echo "$PBS_NUM_NODES nodes, $PBS_NP ranks in $PBS_QUEUE"\n'
                       "mpirun -np 8 python train.py\n")
    r = port(script, "delta")["delta"]
    assert 'echo "$NNODES nodes, $NRANKS ranks in $SLURM_JOB_PARTITION"' in r.spec.setup_steps
    assert "$PBS_NUM_NODES -> $NNODES" in _notes(r)


def test_lsf_host_file_renamed_and_an_lsf_variable_without_one_is_not_kept_silently() -> None:
    script = LSF + ("cp $LSB_DJOB_HOSTFILE hosts.txt\necho $LSB_HOSTS\n"
                    "jsrun -n 8 -a 1 -g 1 python train.py\n")
    delta = port(script, "delta")["delta"]
    assert "cp $MAPLE_NODEFILE hosts.txt" in delta.spec.setup_steps
    assert "$LSB_DJOB_HOSTFILE (one host per line) is a file the port writes" in _notes(delta)
    assert "echo $LSB_HOSTS" not in delta.script
    assert "$LSB_HOSTS is not set by Delta's scheduler" in _notes(delta)
    polaris = port(script, "polaris")["polaris"]
    assert "cp $PBS_NODEFILE hosts.txt" in polaris.spec.setup_steps
    assert "$LSB_HOSTS is not set by Polaris's scheduler" in _notes(polaris)


def test_renaming_keeps_expansion_operators_and_leaves_the_own_scheduler_alone() -> None:
    assert translate_scheduler_vars("${SLURM_JOB_ID%%.*}", "pbs")[0] == "${PBS_JOBID%%.*}"
    assert translate_scheduler_vars("$SLURM_JOB_ID", "slurm")[0] == "$SLURM_JOB_ID"
    assert translate_scheduler_vars("$SLURM_SUBMIT_HOST", "pbs")[0] == "$PBS_O_HOST"


def test_the_data_names_a_helper_for_every_helper_variable_it_maps_to() -> None:
    data = scheduler_vars()
    assert data.variables["SLURM_NODELIST"]["pbs"] in data.helpers
    with pytest.raises(ValueError, match="without a helper"):
        SchedulerVars.model_validate({"variables": {"A_B": {"pbs": "MAPLE_X"}},
                                      "foreign_prefixes": {}})


def test_a_query_of_the_job_becomes_the_target_schedulers_query() -> None:
    """`scontrol show job` / `show hostnames` (alone or into a file) become qstat -f / the
    node file on PBS, and qstat -f becomes scontrol show job on Slurm; a query whose output
    a pipe parses is not rewritten (other format) and is named in a note."""
    script = SLURM + ("scontrol show job $SLURM_JOB_ID > job.txt\n"
                      "scontrol show hostnames $SLURM_JOB_NODELIST > hosts.txt\n"
                      "scontrol show job $SLURM_JOB_ID | grep TimeLimit\n"
                      "srun python train.py\n")
    r = port(script, "polaris")["polaris"]
    assert r.spec.setup_steps[:2] == ['qstat -f "$PBS_JOBID" > job.txt',
                                      'uniq "$PBS_NODEFILE" > hosts.txt']
    assert "scontrol" not in "\n".join(r.spec.setup_steps)
    assert "`scontrol show job $SLURM_JOB_ID | grep TimeLimit` is not copied" in _notes(r)
    back = TORQUE + "qstat -f $PBS_JOBID\nmpirun -np 8 python train.py\n"
    assert 'scontrol show job "$SLURM_JOB_ID"' in port(back, "delta")["delta"].spec.setup_steps
