"""Classes closed by s35rl34 (issue 17, reallogs34 tune half and reallogs33 held-out misses;
probe bench/s35rl34_probe):

- a tokenizer's decode handed ids it does not have (-100 label padding, generated ids beyond
  the vocabulary): the program's data, not the script; advice, no fix;
- an invalid device ordinal in a Slurm job whose GPUs are asked per task or as a job total
  over a node range: the same tasks and cards on every node (resolve_taskshape).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.resolve_taskshape import TaskShapeUnresolved, shape_value, task_shape

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")


@pytest.mark.parametrize("line", [
    "OverflowError: out of range integral type conversion attempted",
    "IndexError: Out of range: piece id is out of range.",
    "IndexError: piece id is out of range.",
    "ValueError: chr() arg not in range(0x110000)",
    "ValueError: bytes must be in range(0, 256)",
])
def test_decoding_ids_the_tokenizer_lacks_is_the_program(line: str) -> None:
    log = ("    preds = tokenizer.batch_decode(preds, skip_special_tokens=True)\n"
           f"{line}\n")
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    assert _first(result)["record_id"] == "tokenizer-decode-invalid-token-id"
    assert _first(result)["verdict"] == "not_script"
    assert result.get("proposed") is None


def test_an_embedding_index_error_keeps_its_own_record() -> None:
    result = diagnose_log(SRUN_PY, "IndexError: index out of range in self\n", "delta", None,
                          False)
    assert _first(result)["record_id"] == "embedding-index-out-of-range"


def _job(*directives: str) -> str:
    head = "\n".join(f"#SBATCH {d}" for d in directives)
    return f"#!/bin/bash\n{head}\nsrun python -u train.py\n"


@pytest.mark.parametrize(("directives", "cluster", "shape"), [
    (("--nodes=1-8", "--ntasks=8", "--gpus=8"), "bridges2", (1, 8, 8)),
    (("--nodes=1-8", "--ntasks=8", "--gpus-per-task=1"), "bridges2", (1, 8, 8)),
    (("--ntasks=8", "--gpus-per-task=1"), "delta", (2, 4, 4)),
    (("-N 4", "--ntasks-per-node=4", "--gpus-per-task=1"), "perlmutter", (4, 4, 4)),
    (("--nodes=2", "--ntasks=6", "--gpus-per-task=1"), "delta", (2, 3, 3)),
])
def test_uniform_shape_of_a_per_task_or_job_total_request(
        directives: tuple[str, ...], cluster: str, shape: tuple[int, int, int]) -> None:
    got = task_shape(_job(*directives), get_profile(cluster))
    assert (got.nodes, got.per_node, got.gpus) == shape


@pytest.mark.parametrize("directives", [
    ("--nodes=2", "--ntasks-per-node=4", "--gpus-per-node=4"),  # per node already
    ("--nodes=1", "--ntasks=4", "--gpus=4"),  # a job total on a fixed node count
    ("--nodes=1-4", "--ntasks=5", "--gpus=4"),  # does not divide
    ("--nodes=1", "--ntasks=8", "--gpus-per-task=1"),  # more tasks than a node's GPUs
])
def test_no_shape_where_the_request_is_not_what_failed(directives: tuple[str, ...]) -> None:
    with pytest.raises(TaskShapeUnresolved):
        task_shape(_job(*directives), get_profile("delta"))


def test_only_what_the_script_lacks_is_set() -> None:
    shape = task_shape(_job("-N 4", "--ntasks-per-node=4", "--gpus-per-task=1"),
                       get_profile("perlmutter"))
    assert shape_value(shape, "gpus") == "4"
    for arg in ("nodes", "per_node", "total_option"):
        with pytest.raises(TaskShapeUnresolved):
            shape_value(shape, arg)


FLEXIBLE = SRUN_PY.replace(
    "#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4",
    "#SBATCH -p GPU\n#SBATCH --nodes=1-8\n#SBATCH --ntasks=8\n#SBATCH --gpus=8")


@pytest.mark.parametrize("log", ["invalid device ordinal\n",
                                 "RuntimeError: CUDA error: invalid device ordinal\n"])
def test_a_node_range_with_a_job_total_gets_a_uniform_shape(log: str) -> None:
    result = diagnose_log(FLEXIBLE, log, "bridges2", None, False)
    diff = (result.get("proposed") or {}).get("diff", "")
    assert _first(result)["record_id"] == "invalid-device-ordinal"
    assert "+#SBATCH --nodes=1\n" in diff and "+#SBATCH --ntasks-per-node=8\n" in diff
    assert "-#SBATCH --gpus=8\n" in diff and "+#SBATCH --gpus=v100-32:8\n" in diff


def test_a_job_total_on_a_fixed_node_keeps_its_request() -> None:
    script = SRUN_PY.replace(
        "#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4",
        "#SBATCH --ntasks=4\n#SBATCH --gpus=4")
    result = diagnose_log(script, "RuntimeError: CUDA error: invalid device ordinal\n",
                          "delta", None, False)
    diff = (result.get("proposed") or {}).get("diff", "")
    assert "--nodes" not in diff and "-#SBATCH --gpus=4" not in diff


def test_jax_picking_its_own_device_is_not_taken_for_the_shape() -> None:
    script = SRUN_PY.replace("#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-task=1")
    log = ("W external/xla/xla/service/platform_util.cc:199] unable to create StreamExecutor "
           "for CUDA:1: failed initializing StreamExecutor for CUDA device ordinal 1: INTERNAL: "
           "Failed call to cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal\n")
    result = diagnose_log(script, log, "delta", None, False)
    assert result.get("proposed") is None


@pytest.mark.parametrize("log", [
    "ERROR: --config: grass76: command not found\n",
    "err: b'/bin/sh: grass78: command not found\\n'\n",
    "sh: g.gisenv: command not found\n",
])
def test_a_tool_the_program_runs_off_path_asks_for_its_module(log: str) -> None:
    result = diagnose_log(SRUN_PY, log, "stampede3", None, False)
    assert result.get("verdict") == "ask" and result.get("proposed") is None
    assert result["question"]["record_id"] == "program-runs-tool-not-on-path"


@pytest.mark.parametrize(("log", "record"), [
    ("/var/spool/slurmd/job1/slurm_script: line 4: module: command not found\n",
     "module-command-not-found"),
    ("/var/spool/slurmd/job1/slurm_script: line 12: torchrun: command not found\n",
     "program-runs-tool-not-on-path"),
])
def test_named_commands_keep_their_own_records(log: str, record: str) -> None:
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    if record == "program-runs-tool-not-on-path":
        assert _first(result)["record_id"] != record
    else:
        assert _first(result)["record_id"] == record


def test_a_missing_command_the_script_runs_leaves_the_question_to_that_line() -> None:
    script = SRUN_PY.replace("srun python -u", "srun deepspeed")
    result = diagnose_log(script, "ds_report: command not found\ndeepspeed: command not found\n",
                          "delta", None, False)
    assert _first(result)["record_id"] != "program-runs-tool-not-on-path"
