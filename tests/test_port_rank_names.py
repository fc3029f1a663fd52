"""A program started by srun may take its rank from srun's own variables (SLURM_PROCID...):
JAX's jax.distributed.initialize(), Lightning's SLURMEnvironment, setup code written as
``int(os.environ["SLURM_PROCID"])``. On a target whose launcher is another (PALS mpiexec, ibrun,
Open MPI mpirun) each rank's launch sets them from the target's rank; what cannot be given (a PBS
target has no SLURM_JOB_ID or node list) and the reverse direction's names are named in a note."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from maple_flow import port
from maple_flow.knowledge.scheduler_vars import scheduler_vars

SRUN = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 00:10:00
srun python train.py
"""

PALS = """#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=00:10:00
#PBS -A myproj
#PBS -q debug
cd $PBS_O_WORKDIR
mpiexec -n 8 --ppn 4 python train.py
"""


def _launch_note(result: port.PortResult) -> str:
    return next(n for n in result.notes if n.startswith("launch model kept"))


def _wrapper(script: str) -> str:
    """The per-rank ``bash -c '...'`` body of the port's launch."""
    m = re.search(r"bash -c '([^']*)' maple-rank", script)
    assert m, script
    return m.group(1)


@pytest.mark.parametrize("target", ["aurora", "polaris", "stampede3", "lonestar6", "vista"])
def test_srun_rank_variables_are_set_in_each_rank(target: str) -> None:
    r = port(SRUN, [target])[target]
    body = _wrapper(r.script)
    for name in ("SLURM_PROCID", "SLURM_LOCALID", "SLURM_NODEID", "SLURM_NTASKS"):
        assert f"{name}=" in body, body
    assert 'SLURM_PROCID="$MAPLE_RANK"' in body
    assert "SLURM_PROCID" in _launch_note(r)


def test_wrapper_gives_each_rank_its_own_slurm_values() -> None:
    """Run the Aurora wrapper as PALS would start rank 13 of 24 (node 1, local rank 1)."""
    r = port(SRUN, ["aurora"])["aurora"]
    body = _wrapper(r.script)
    env = {"PATH": os.environ["PATH"], "PALS_RANKID": "13", "PALS_LOCAL_RANKID": "1"}
    out = subprocess.run(["bash", "-c", body, "maple-rank", "env"], env=env, check=True,
                         capture_output=True, text=True).stdout
    got = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    assert got["SLURM_PROCID"] == "13" and got["RANK"] == "13"
    assert got["SLURM_LOCALID"] == "1"
    assert got["SLURM_NODEID"] == str(13 // r.spec.gpus_per_node)
    assert got["SLURM_NTASKS"] == str(r.spec.ranks)


def test_pbs_target_names_what_it_cannot_give() -> None:
    note = _launch_note(port(SRUN, ["aurora"])["aurora"])
    assert "SLURM_JOB_ID" in note and "SLURM_STEP_NODELIST" in note
    assert "jax.distributed.initialize()" in note and "coordinator_address" in note
    assert "check it reads what the target's launcher sets" not in note


def test_slurm_target_sets_the_step_node_list() -> None:
    r = port(SRUN, ["stampede3"])["stampede3"]
    assert 'SLURM_STEP_NODELIST="$SLURM_JOB_NODELIST"' in _wrapper(r.script)
    assert "runs SLURM" not in _launch_note(r)
    pbs = port(SRUN, ["aurora"])["aurora"]
    assert "SLURM_STEP_NODELIST=" not in _wrapper(pbs.script)


def test_srun_target_is_unchanged() -> None:
    r = port(SRUN, ["delta"])["delta"]
    assert "SLURM_PROCID=" not in r.script


def test_script_giving_its_own_rank_is_left_alone() -> None:
    text = SRUN.replace("srun python train.py",
                        "srun bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID; "
                        "python train.py'")
    r = port(text, ["aurora"])["aurora"]
    assert "SLURM_PROCID=" not in r.script


def test_reverse_names_the_source_launchers_variables() -> None:
    r = port(PALS, ["delta"], ranks=8)["delta"]
    note = _launch_note(r)
    assert "PALS_RANKID" in note and "PALS_LOCAL_RANKID" in note
    assert "RANK, LOCAL_RANK and WORLD_SIZE" in note
    assert "PALS_RANKID=" not in r.script and "PMI_RANK=" not in r.script


def test_data_has_sources_and_variable_names() -> None:
    table = scheduler_vars().per_rank
    assert {"srun", "mpiexec", "ibrun", "mpirun"} <= set(table)
    for data in table.values():
        assert data.source
        assert all(re.fullmatch(r"[A-Z_][A-Z0-9_]*", n) for n in data.names.values())
    assert not any(n.startswith("PMI_") for d in table.values() if d.recreate
                   for n in d.names.values())


def test_a_launcher_read_as_another_is_not_named_as_it() -> None:
    """aprun (ALPS) is read as mpiexec; its ranks had no PALS_* variables."""
    text = PALS.replace("mpiexec -n 8 --ppn 4", "aprun -n 8 -N 4")
    r = port(text, ["delta"], ranks=8)["delta"]
    assert "Cray PALS" not in _launch_note(r)
