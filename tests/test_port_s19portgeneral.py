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
# nothing picking a rank's GPU: each rank saw the node's 4 GPUs. The port used to pack the
# ranks onto fewer nodes with one GPU each and say nothing of it.
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


def _directives(script: str) -> list[str]:
    return [line for line in script.splitlines() if line.startswith("#SBATCH")]


@pytest.mark.parametrize("target", ["perlmutter", "delta"])
def test_one_rank_a_whole_node_keeps_the_nodes_gpus(target: str) -> None:
    result = port(PPN1.format(pick=""), [target])[target]
    heads = _directives(result.script)
    assert "#SBATCH -N 2" in heads
    assert "#SBATCH --ntasks-per-node=1" in heads
    assert "#SBATCH --gpus-per-node=4" in heads
    assert any("each rank saw all 4 GPUs" in n for n in result.notes)


def test_one_rank_a_node_that_picks_its_gpu_is_not_a_whole_node_rank() -> None:
    result = port(PPN1.format(pick="export CUDA_VISIBLE_DEVICES=0\n"), ["perlmutter"])[
        "perlmutter"]
    assert not any("each rank saw all" in n for n in result.notes)
    assert "#SBATCH --gpus-per-node=4" not in _directives(result.script)


def test_one_gpu_a_rank_given_by_hand_overrides_the_whole_node_reading() -> None:
    result = port(PPN1.format(pick=""), ["perlmutter"], gpus_per_node=1)["perlmutter"]
    heads = _directives(result.script)
    assert "#SBATCH -N 2" in heads and "#SBATCH --gpus-per-node=1" in heads
