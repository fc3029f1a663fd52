"""A plain line (words only: no operator, redirection, substitution, glob or reserved word) is
read without bashlex, exactly as bashlex reads it; any other line still goes to bashlex."""

from __future__ import annotations

import importlib

import pytest

shell = importlib.import_module("maple_flow.scriptparse.shell")

PLAIN = [
    "srun --ntasks=4 python train.py --epochs 3",
    'mpiexec -n "$NRANKS" --ppn "${NRANKS_PER_NODE}" --depth=8 python -u train_3.py --seed 3',
    "CUDA_VISIBLE_DEVICES=0 OMP_NUM_THREADS=8 python t.py --lr 1e-4",
    "export NCCL_DEBUG=INFO",
    'export NCCL_NET="AWS Libfabric"',
    "PRELOAD+=\"source .venv/bin/activate;  \"",
    "torchrun --nnodes=2 --rdzv_endpoint=$MASTER_ADDR:29500 main.py --name 'a b'",
    "module load cuda/12.2 cudnn/8.9",
    "A=1",
]
NOT_PLAIN = [
    "python t.py > log 2>&1",
    "python t.py | tee log",
    'echo "$(date)"',
    "for i in 1 2; do echo $i; done",
    "time python t.py",
    "python t.py *.yaml",
    "echo ${X:-default value}",
    "cd ~/proj",
    "python t.py \\\n  --x 1",
    "if true",
]


@pytest.mark.parametrize("line", PLAIN)
def test_plain_line_reads_as_bashlex_does(line: str) -> None:
    plain = shell._plain_command(line)
    assert plain is not None
    parsed = shell._bashlex_commands(line)
    assert parsed is not None
    assert plain == tuple((tuple(w), tuple(a), tuple(r)) for w, a, r in parsed)


@pytest.mark.parametrize("line", NOT_PLAIN)
def test_other_lines_are_left_to_bashlex(line: str) -> None:
    assert shell._plain_command(line) is None


def test_a_long_line_that_is_not_plain_fails_at_once() -> None:
    line = "python t.py " + "$a1b2c3d4 " * 400 + "| tee log"
    assert shell._plain_command(line) is None  # atomic pieces: no backtracking blow-up
