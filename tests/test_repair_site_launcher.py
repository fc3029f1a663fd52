"""srun on a site without Slurm (issue 17, s27logs): the record srun-on-site-without-slurm
(PBS sites only) and the op site_launcher (maple_flow/repair/patch_site_launcher.py), which
puts the site's mpiexec in place of srun with srun's counts, or refuses with the reason."""

from __future__ import annotations

import subprocess

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.patch_site_launcher import site_launcher
from maple_flow.repair.text import FixNotApplicable

_PBS = """#!/bin/bash
#PBS -l select={nodes}:system=polaris
#PBS -l walltime=01:00:00
#PBS -A MyProject
cd ${{PBS_O_WORKDIR}}
{launch}
"""
_SLURM = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python train.py
"""


def _pbs(launch: str, nodes: int = 1) -> str:
    return _PBS.format(nodes=nodes, launch=launch)


def _fixed(launch: str, nodes: int = 1) -> str:
    text = site_launcher(_pbs(launch, nodes), get_profile("polaris"))
    assert subprocess.run(["bash", "-n"], input=text, text=True).returncode == 0
    return text.splitlines()[-1]


@pytest.mark.parametrize(("launch", "nodes", "expected"), [
    # no count: srun's default in a batch job, one task on each node of the job
    ("srun python train.py", 2, "mpiexec -n 2 --ppn 1 python train.py"),
    # total and per-node counts, cpus per task; scheduling options dropped
    ("srun -p debug --gres=gpu:4 -N 2 --ntasks-per-node=4 -c 8 python x.py --lr 1", 2,
     "mpiexec -n 8 --ppn 4 --depth=8 python x.py --lr 1"),
    ("srun --mpi=pmi2 -n1 --job-name=t python -u t.py -e", 1,
     "mpiexec -n 1 --ppn 1 python -u t.py -e"),
    # a count held in a variable stays the user's variable
    ("srun --ntasks-per-node=${GPUS} python x.py", 2,
     'mpiexec -n "$(( 2 * ${GPUS} ))" --ppn "${GPUS}" python x.py'),
    # an environment prefix before srun is kept
    ("PYTHONPATH=. srun -n 4 python x.py", 1, "PYTHONPATH=. mpiexec -n 4 --ppn 4 python x.py"),
])
def test_site_launcher_carries_srun_counts(launch: str, nodes: int, expected: str) -> None:
    assert _fixed(launch, nodes) == expected


@pytest.mark.parametrize(("launch", "why"), [
    ('srun -n 4 python tools/train.py cfg.py --launcher="slurm"', "ranks from Slurm"),
    ("srun --launcher slurm", "starts no program"),
    ("srun $SRUN_ARGS -n 4 python x.py", "through a variable"),
    ("srun -n 4 -o out.%t python x.py", "no counterpart"),
    ("srun -n 4 --gpus-per-task=1 python x.py", "no counterpart"),
    ("srun --nodes=$SLURM_JOB_NUM_NODES --ntasks-per-node=4 python x.py", "does not set"),
    ("srun -n 4 python a.py\nsrun -n 4 python b.py", "on 2 lines"),
])
def test_site_launcher_refuses_what_it_cannot_carry(launch: str, why: str) -> None:
    with pytest.raises(FixNotApplicable, match=why):
        site_launcher(_pbs(launch), get_profile("polaris"))


def test_site_launcher_is_not_for_a_slurm_site() -> None:
    with pytest.raises(FixNotApplicable, match="srun is this site's launcher"):
        site_launcher(_SLURM, get_profile("delta"))


@pytest.mark.parametrize("log", [
    "train.sh: 1: srun: not found",
    "./run.sh: line 19: srun: command not found",
    "The program 'srun' is currently not installed. To run 'srun' please ask your "
    "administrator to install the package 'slurm-client'",
    "srun: error: Unable to establish control machine address",
    "s_p_parse_file: unable to status file /etc/slurm-llnl/slurm.conf",
    "FileNotFoundError: [Errno 2] No such file or directory: 'srun'",
    "srun: error: Unable to allocate resources: Unable to contact slurm controller (connect "
    "failure)",
])
def test_log_on_a_pbs_site_gets_the_site_launcher(log: str) -> None:
    data = diagnose_log(_pbs("srun -n 4 python train.py"), log, "polaris", None, False)
    proposed = data["proposed"]
    assert proposed and proposed["record_id"] == "srun-on-site-without-slurm"
    assert "+mpiexec -n 4 --ppn 4 python train.py" in proposed["diff"]


def test_same_log_on_a_slurm_site_is_not_this_record() -> None:
    data = diagnose_log(_SLURM, "srun: error: Unable to establish control machine address",
                        "delta", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "srun-on-site-without-slurm" not in ids
    assert not data["proposed"] or data["proposed"]["record_id"] != "srun-on-site-without-slurm"


def test_program_told_slurm_gets_no_fix_but_the_reason() -> None:
    text = _pbs('srun -n 4 python -u tools/train.py cfg.py --launcher="slurm"')
    data = diagnose_log(text, "tools/slurm_train.sh: line 15: srun: command not found",
                        "polaris", None, False)
    assert data["proposed"] is None
    assert "ranks from Slurm" in str(data["why_none"])
