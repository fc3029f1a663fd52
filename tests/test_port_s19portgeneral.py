"""Classes found by bench/s19portgeneral_probe (users' scripts written for the ten clusters,
ported to others). Fixtures written here, not copied.

- an interpreter variable whose directory a command substitution gives
  (``PY=$(conda info --base)/envs/x/bin/python``, then ``$PY x.py``) is the user's
  interpreter: kept as the interpreter, not read as a command put in front of the target's
  ``python`` (which wrote ``$PY python x.py`` and dropped the ``PY=`` line).
"""

from __future__ import annotations

import pytest

from maple_flow.port.api import port
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.model import launch_model

SOURCE = """#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH -t 01:00:00

module load python
conda activate myenv
PY=$(conda info --base)/envs/myenv/bin/python
mkdir -p out
$PY tools/bench.py --n 3 --out out
"""


@pytest.mark.parametrize("target", ["delta", "polaris", "bridges2"])
def test_interpreter_variable_from_command_substitution_is_kept_as_interpreter(
        target: str) -> None:
    result = port(SOURCE, [target])[target]
    script = result.script
    assert "PY=$(conda info --base)/envs/myenv/bin/python" in script
    assert '"$PY" ' in script
    assert "$PY python" not in script and '"$PY" python' not in script
    assert "tools/bench.py --n 3 --out out" in script
    assert any("interpreter variable $PY" in n for n in result.notes)


def test_interpreter_variable_is_not_a_hidden_launcher() -> None:
    """``$PY x.py`` with PY an interpreter path: one process, not a launcher hidden in $PY."""
    model = launch_model(parse_script(SOURCE))
    assert "hidden" not in model.why


# One rank a node on a source that gives whole nodes (Polaris: select=N, 4 GPUs a node),
# nothing picking a rank's GPU: each rank saw the node's 4 GPUs. The port gives each rank one
# GPU (what DDP/Horovod programs use) and used to say nothing of it: now a note says so.
PPN1 = """#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:30:00
#PBS -q debug
#PBS -l filesystems=home:eagle
#PBS -A myproj

cd ${{PBS_O_WORKDIR}}
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=1
NRANKS=$(( NNODES * NRANKS_PER_NODE ))
{pick}mpiexec -n ${{NRANKS}} -ppn ${{NRANKS_PER_NODE}} python train.py --epochs 3
"""


@pytest.mark.parametrize("target", ["perlmutter", "delta"])
def test_one_rank_a_whole_node_given_one_gpu_is_said(target: str) -> None:
    result = port(PPN1.format(pick=""), [target])[target]
    assert any("each rank saw all 4 GPUs" in n and "ONE GPU" in n for n in result.notes)


def test_one_rank_a_node_that_picks_its_gpu_gets_no_such_note() -> None:
    result = port(PPN1.format(pick="export CUDA_VISIBLE_DEVICES=0\n"), ["perlmutter"])[
        "perlmutter"]
    assert not any("each rank saw all" in n for n in result.notes)


def test_gpus_given_by_hand_get_no_such_note() -> None:
    result = port(PPN1.format(pick=""), ["perlmutter"], gpus_per_node=4)["perlmutter"]
    assert not any("each rank saw all" in n for n in result.notes)
