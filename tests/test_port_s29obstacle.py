"""s29port: refusals, questions and notes name the obstacle the script has (issue 14)."""

from __future__ import annotations

import pytest

from maple_flow.port.api import port
from maple_flow.scriptparse.values import gres_gpu_count, gres_gpu_types

# unseen30 srun-5tasks-mixed-gres-ddp's shape: 5 tasks on one node of 4 + 1 GPUs of two types
_MIXED_GRES = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=5
#SBATCH --gres=gpu:a40-48:4,gpu:3090:1
#SBATCH --cpus-per-task=5
#SBATCH --time=12:00:00

export MASTER_ADDR=$(scontrol show hostname $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=12345
export WORLD_SIZE=$SLURM_NTASKS
srun python train_ddp.py
"""


@pytest.mark.parametrize(("gres", "count", "typed"), [
    ("gpu:a40-48:4,gpu:3090:1", 5, [("a40-48", 4), ("3090", 1)]),
    ("gpu:tesla:2,gpu:kepler:2", 4, [("tesla", 2), ("kepler", 2)]),
    ("gpu:a100:4", 4, [("a100", 4)]), ("gpu:2", 2, []), ("nvme:1,gpu:v100:2", 2, [("v100", 2)])])
def test_a_gres_list_of_several_gpu_entries_asks_them_all(
        gres: str, count: int, typed: list[tuple[str, int]]) -> None:
    # sbatch(1) --gres: a comma-delimited list of resources, each entry asked
    assert gres_gpu_count(gres) == count
    assert gres_gpu_types(gres) == typed


def test_mixed_gpu_types_count_together_and_are_named() -> None:
    for target in ("delta", "polaris"):
        r = port(_MIXED_GRES, [target])[target]
        assert r.status == "generated", r.notes
        assert r.spec is not None and r.spec.ranks == 8, target  # 5 ranks do not fit a node
        assert not any("disagrees with itself" in n for n in r.notes)
        assert any("asks 5 GPUs a node of 2 types (4 a40-48, 1 3090)" in n for n in r.notes)
        assert any("5 -> 8" in n and "ranks=4" in n for n in r.notes)


# unseen30 summit-lsf-jsrun-loop-background's shape: a function's nested loops start one-GPU
# runs of the user's wrapper in the background, on 2 nodes, and no `wait` follows
_LOOP_IN_FUNCTION = """#!/bin/bash
#BSUB -P abc123
#BSUB -W 01:00
#BSUB -nnodes 2

cnt=0
sweep () {
    name=$1
    for fold in $(seq 0 4); do
        for seed in 1 2; do
            gpu=$(($cnt % 6))
            jsrun -n 1 -a 1 -c 7 -g 1 ./run_one.sh $gpu $fold $seed $name > log.$cnt 2>&1 &
            cnt=$(($cnt + 1))
        done
    done
}

sweep resnet
echo done
"""


def test_background_runs_of_a_loop_in_a_function_are_named_with_the_missing_wait() -> None:
    for target in ("polaris", "perlmutter"):
        r = port(_LOOP_IN_FUNCTION, [target])[target]
        assert r.status == "refused", r.notes
        reason = r.notes[0]
        assert "header and launch as one job" not in reason
        assert "`for fold in $(seq 0 4); do` (line 9)" in reason
        assert "of the function sweep (line 7; called on line 18)" in reason
        assert "no `wait` follows" in reason and "job array" in reason
        assert "./run_one.sh, your script, holds the program" in reason


def test_a_waited_background_loop_is_not_said_to_lack_its_wait() -> None:
    waited = _LOOP_IN_FUNCTION.replace("echo done", "wait\necho done")
    for target in ("polaris",):
        r = port(waited, [target])[target]
        assert not any("no `wait` follows" in n for n in r.notes), r.notes
        assert any("side by side with the others" in n and "job array" in n
                   and "one launch line" not in n for n in r.notes), r.notes


# unseen30 berzelius-uv-torchrun-arg-parse's shape: the job's own argument loop decides the
# program and the GPUs; a uv installer runs under `if ! command -v uv`
_ARG_LOOP = """#!/bin/bash
#SBATCH -N 1
#SBATCH -n 1
#SBATCH --gres=gpu:a100:1
#SBATCH -t 01:00:00

if ! command -v uv &> /dev/null; then
    curl -LsSf https://astral.sh/uv/install.sh | sh
fi
PROG="train.py"
NGPU=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --fast)
      PROG="train_fast.py"
      shift
      ;;
    -g|--gpus)
      NGPU="$2"
      shift 2
      ;;
  esac
done
uv run torchrun --nproc_per_node=$NGPU $PROG --epochs 3
"""


def test_a_program_the_argument_loop_decides_is_named_with_the_loop() -> None:
    from maple_flow.errors import ParseError

    with pytest.raises(ParseError) as caught:
        port(_ARG_LOOP, ["polaris"])
    reason = str(caught.value)
    assert ("the program is $PROG: $PROG is decided by the job script's own argument loop "
            "(line 12 `while [[ $# -gt 0 ]]; do`): `train.py` (line 10) unless") in reason
    assert "`--fast` sets `train_fast.py` (line 15)" in reason
    assert "(`-g|--gpus`)" in reason
    assert "sets `train_fast.py`" in reason and "branch of line 7" not in reason
    assert "ask the job one task on one node" not in reason
