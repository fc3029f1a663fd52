"""Fixes edit the line that holds what the log names (issue 17, point 3; s22-wrongline): the
srun step's task count, the untyped one of two GPU requests, the launcher's own literal port -
found through scriptparse in the user's script, never through maple's variable names."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resolve import Context, Unresolved, fill

HEAD = "#!/bin/bash\n#SBATCH --time=01:00:00\n"


def _proposed(script: str, log: str, cluster: str) -> tuple[str, str]:
    data = diagnose_log(script, log, cluster, None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["record_id"]), str(proposed["diff"])  # type: ignore[index]


# --- an srun step with more tasks than the job ------------------------------------------

STEP_LOG = "srun: error: Unable to create job step: More processors requested than permitted\n"


def test_a_step_above_the_jobs_tasks_asks_them_in_the_job() -> None:
    script = HEAD + "module load openmpi\nsrun -n 2 ./pingpong\n"
    record, diff = _proposed(script, STEP_LOG, "deltaai")
    assert record == "srun-more-processors-than-permitted"
    assert "+#SBATCH --ntasks=2" in diff


@pytest.mark.parametrize("script", [
    HEAD + "#SBATCH --ntasks=4\nsrun -n 2 ./pingpong\n",          # the step fits
    HEAD + "#SBATCH --ntasks-per-node=1\nsrun -n 2 ./pingpong\n",  # a layout the user chose
    HEAD + "srun -n $NP ./pingpong\n",                              # not a literal
])
def test_a_step_that_fits_or_is_not_literal_is_left_to_the_advice(script: str) -> None:
    with pytest.raises(Unresolved):
        fill("{step_tasks:srun}", Context(script=script))


# --- a typed and an untyped GPU request ---------------------------------------------------

GRES_LOG = ("sbatch: error: Batch job submission failed: Invalid GRES specification "
            "(with and without type identification)\n")


def test_the_untyped_gpu_request_is_the_one_removed() -> None:
    script = (HEAD + "#SBATCH -N 2\n#SBATCH --gres=gpu:v100-32:2\n#SBATCH --gpu=2\n"
              "srun python train.py\n")
    record, diff = _proposed(script, GRES_LOG, "bridges2")
    assert record == "slurm-gres-typed-and-untyped"
    assert "-#SBATCH --gpu=2" in diff and "-#SBATCH --gres" not in diff


@pytest.mark.parametrize("script, expect", [
    (HEAD + "#SBATCH --gpus-per-node=a100:4\n#SBATCH --gres=gpu:4\n", "gres"),
    (HEAD + "#SBATCH --gres=gpu:a100:4\n#SBATCH --gpus=8\n", "gpus"),
])
def test_gpu_request_untyped(script: str, expect: str) -> None:
    assert fill("{gpu_request:untyped}", Context(script=script)) == expect


def test_the_untyped_request_on_the_srun_line_is_removed_there() -> None:
    """The twin's users'-script fault (bridges2 srun-gres): the typed request is a directive,
    the untyped one the srun step's own ``--gres``."""
    script = (HEAD + "#SBATCH -N 1\n#SBATCH --gpus=v100-32:8\n"
              "srun --gres=gpu:16 --ntasks=1 python train.py\n")
    assert fill("{gpu_request:untyped}", Context(script=script)) == "gres"
    record, diff = _proposed(script, GRES_LOG, "bridges2")
    assert record == "slurm-gres-typed-and-untyped"
    assert "+srun --ntasks=1 python train.py" in diff and "-#SBATCH --gpus" not in diff


def test_an_option_typed_somewhere_is_not_the_untyped_one() -> None:
    script = (HEAD + "#SBATCH --gres=gpu:a100:4\n#SBATCH --gpus=8\n"
              "srun --gres=gpu:4 python train.py\n")
    assert fill("{gpu_request:untyped}", Context(script=script)) == "gpus"


def test_two_typed_requests_are_not_guessed_at() -> None:
    script = HEAD + "#SBATCH --gpus-per-node=a100:4\n#SBATCH --gres=gpu:a100:4,nvme:1\n"
    with pytest.raises(Unresolved):
        fill("{gpu_request:untyped}", Context(script=script))


# --- a port taken: the launcher's own literal --------------------------------------------

PORT_LOG = ("[W socket.cpp:436] [c10d] The server socket has failed to bind to 0.0.0.0:29400 "
            "(errno: 98 - Address already in use).\n")


def test_a_literal_rendezvous_endpoint_is_set_in_place() -> None:
    script = (HEAD + "#SBATCH --gpus-per-node=4\ntorchrun --nnodes=1 --rdzv-backend=c10d "
              "--rdzv-endpoint=localhost:29400 --nproc_per_node=4 train.py\n")
    record, diff = _proposed(script, PORT_LOG, "delta")
    assert record == "port-in-use"
    assert "+torchrun --nnodes=1 --rdzv-backend=c10d --rdzv-endpoint=localhost:30409 " in diff
    assert "MASTER_PORT" not in diff
