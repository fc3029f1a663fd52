"""Launcher counts that are not literal (issue 14, s25r3ranks): a PBS node file's line count is
the job's slots (nodes x ppn / mpiprocs), not its nodes; ``python -m deepspeed.launcher.runner``
is the ``deepspeed`` launcher (one worker per GPU of the node without ``--num_gpus``)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.facts import job_size
from maple_flow.scriptparse.nodefile import counts_nodefile_slots, nodefile_lines

TORQUE_PPN9 = """##!/bin/sh
#PBS -N ps
#PBS -l nodes=1:ppn=9 -W x=GRES:gpu@1
#PBS -l walltime=36:00:00
#PBS -q qgpu01
NP=`cat $PBS_NODEFILE | wc -l`
NN=`cat $PBS_NODEFILE | sort | uniq | wc -l`
cd $PBS_O_WORKDIR
mpirun -n $NP python -u start.py --lr=0.1 > out.log
"""

PBSPRO_MPIPROCS = """#!/bin/bash
#PBS -l walltime=0:20:00,select=2:ncpus=4:ngpus=2:mem=10gb:mpiprocs=2
#PBS -N demo
cd $PBS_O_WORKDIR
np=$(wc -l < $PBS_NODEFILE)
mpiexec -np $np python demo.py
"""

TORQUE_DEDUP = """#!/bin/bash
#PBS -l nodes=2:ppn=4:gpus=4
#PBS -l walltime=1:00:00
NN=$(sort -u $PBS_NODEFILE | wc -l)
cd $PBS_O_WORKDIR
mpirun -np $NN python train.py
"""

POLARIS_DS_RUNNER = """#!/bin/bash
#PBS -N ft
#PBS -l select=1
#PBS -l walltime=12:00:00
#PBS -q preemptable
#PBS -A Proj
#PBS -l filesystems=home:grand
cd $PBS_O_WORKDIR
python3 -m deepspeed.launcher.runner --module finetuning.tasks --task gsm8k --epochs 3
"""


@pytest.mark.parametrize(("value", "slots"), [
    ("`cat $PBS_NODEFILE | wc -l`", True),
    ("$(wc -l < $PBS_NODEFILE)", True),
    ("`wc -l <$PBS_NODEFILE`", True),
    ("$(cat ${PBS_NODEFILE} | wc -l)", True),
    ("$(wc -l $PBS_NODEFILE | awk '{print $1}')", True),
    ("$(sort -u $PBS_NODEFILE | wc -l)", False),
    ("`cat $PBS_NODEFILE | sort | uniq | tee /tmp/nodes.$$ | wc -l`", False),
    ("$(scontrol show hostnames $SLURM_JOB_NODELIST | wc -l)", False),
])
def test_nodefile_line_count_is_slots_unless_deduplicated(value: str, slots: bool) -> None:
    assert counts_nodefile_slots(value) is slots


def test_nodefile_lines_multiplies_slots_and_defaults_to_one() -> None:
    assert nodefile_lines(1, 9) == 9
    assert nodefile_lines(3, None) == 3
    assert nodefile_lines(None, 4) is None


def test_torque_ppn_nodefile_count_is_the_rank_count() -> None:
    nodes, gpn = job_size(parse_script(TORQUE_PPN9))
    assert (nodes or 1) * (gpn or 0) == 9  # not 1: the node file has 9 lines


def test_pbspro_mpiprocs_nodefile_count_is_nodes_times_mpiprocs() -> None:
    nodes, gpn = job_size(parse_script(PBSPRO_MPIPROCS))
    assert (nodes, gpn) == (2, 2)


def test_deduplicated_nodefile_count_stays_the_node_count() -> None:
    nodes, gpn = job_size(parse_script(TORQUE_DEDUP))
    assert (nodes or 1) * (gpn or 0) == 2


def test_torque_ppn9_port_keeps_nine_ranks_not_one() -> None:
    result = port(TORQUE_PPN9, ["perlmutter"])["perlmutter"]
    assert result.spec.ranks != 1
    assert any("9" in n and "rank" in n for n in result.notes)


def test_deepspeed_runner_module_is_the_deepspeed_launcher() -> None:
    parsed = parse_script(POLARIS_DS_RUNNER)
    assert [s.name for s in parsed.launch.stages] == ["deepspeed"]
    assert (parsed.launch.entrypoint, parsed.launch.module) == ("finetuning.tasks", True)
    try:
        result = port(POLARIS_DS_RUNNER, ["perlmutter"])["perlmutter"]
    except MapleError as exc:  # asking for the node's GPU count is right too
        assert "GPU" in str(exc)
        return
    assert result.spec.nodes * result.spec.gpus_per_node == 4  # one worker per Polaris GPU
