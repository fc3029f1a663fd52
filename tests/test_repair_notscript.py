"""Failures that are not the launch script's are recognised, and never get a script fix:
an exception of the user's program with no symptom of the launch (program_error), ROCm builds
without code for the GPU, GPU queue exceptions, torch without NCCL on NVIDIA sites, quotas.
Logs shaped like bench/repairnot_probe's tune cases (public threads named in its cases.yaml)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.program_error import final_exception, program_failure

SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml
"""

#: a user-code exception under torchrun, told by rich's boxed traceback, then torchrun's summary
BOXED_KEYERROR = """\
│ ❱  88 │   │   │   │   p_mask = batch["attention_mask"]                                           │
╰──────────────────────────────────────────────────────────────────────────────────────────────────╯
KeyError: 'attention_mask'
ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 \
(pid: 76781) of binary: /opt/conda/bin/python
"""
#: the same shape with an exception no record names: only the general rule keeps it unfixed
BOXED_ATTRIBUTE = BOXED_KEYERROR.replace(
    "KeyError: 'attention_mask'", "AttributeError: 'NoneType' object has no attribute 'squeeze'")


def test_final_exception_skips_launcher_summaries() -> None:
    text = ("KeyError: 'labels'\n"
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n")
    assert final_exception(text) == ("KeyError", "'labels'")


@pytest.mark.parametrize("log", [
    BOXED_KEYERROR,
    BOXED_ATTRIBUTE,
    'Traceback (most recent call last):\n  File "/home/u/proj/train.py", line 10, in <module>\n'
    "    x = batch[3]\nIndexError: list index out of range\n",
    '  File "/home/u/proj/model.py", line 5, in forward\n'
    "    assert x.dim() == 4\nAssertionError\n",
])
def test_program_exceptions_without_launch_symptoms(log: str) -> None:
    assert program_failure(log)


@pytest.mark.parametrize("log", [
    # the key is a variable the launcher sets
    "KeyError: 'RANK'\n",
    "KeyError: 'OMPI_COMM_WORLD_RANK'\n",
    # raised from os.environ
    'Traceback (most recent call last):\n  File "/x/os.py", line 675, in __getitem__\n'
    "    raise KeyError(key) from None\nKeyError: 'node_rank'\n",
    # raised in the launcher's own code
    'Traceback (most recent call last):\n'
    '  File "/x/site-packages/torch/distributed/run.py", line 7, in main\n'
    "AttributeError: 'Namespace' object has no attribute 'local_addr'\n",
    # a scheduler's error line beside it
    "srun: error: Unable to create step for job 12: Invalid generic resource (gres)\n"
    "IndexError: list index out of range\n",
    # not a program exception
    "RuntimeError: CUDA error: invalid device ordinal\n",
    "ValueError: Error initializing torch.distributed using env:// rendezvous\n",
])
def test_launch_symptoms_or_other_exceptions_are_not_program_failures(log: str) -> None:
    assert not program_failure(log)


def _first(log: str, cluster: str = "delta", script: str = SCRIPT):
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    assert found, log
    return found[0]


def test_user_keyerror_is_the_programs() -> None:
    d = _first(BOXED_KEYERROR)
    assert d.record_id == "python-exception-in-program"
    assert d.verdict == "not_script" and not d.fix.ops


def test_program_exception_gets_no_script_fix_by_similarity() -> None:
    found = classify(FailureEvidence(cluster="delta", stderr=BOXED_ATTRIBUTE, script=SCRIPT))
    assert all(d.verdict != "script" for d in found)
    data = diagnose_log(SCRIPT, BOXED_ATTRIBUTE, "delta", None, False)
    assert data["proposed"] is None


def test_environment_keyerror_still_reads_as_the_launch() -> None:
    found = classify(FailureEvidence(cluster="delta", stderr="KeyError: 'RANK'\n",
                                     script=SCRIPT))
    assert all(d.record_id != "python-exception-in-program" for d in found)


def test_rocm_without_code_for_the_gpu() -> None:
    d = _first('"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"\n'
               "Aborted (core dumped)\n")
    assert (d.record_id, d.verdict) == ("rocm-no-code-object-for-gpu", "not_script")


def test_rocm_queue_exception() -> None:
    d = _first(":0:rocdevice.cpp:3001: Callback: Queue 0x7f12 aborting with error : "
               "HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a hardware "
               "exception. code: 0x1016\n")
    assert (d.record_id, d.verdict) == ("rocm-gpu-queue-exception", "not_script")


def test_torch_without_nccl_is_the_install_on_nvidia_sites_only() -> None:
    log = ("(worker1, rank=0, pid=1, ip=10.0.0.2) (TrainController pid=2) RuntimeError: "
           "Distributed\n    package doesn't have NCCL built in\n")
    d = _first(log, cluster="vista")
    assert (d.record_id, d.verdict) == ("torch-built-without-nccl", "not_script")
    on_intel = _first("RuntimeError: Distributed package doesn't have NCCL built in\n",
                      cluster="aurora")
    assert on_intel.verdict == "script"


def test_lower_case_quota_is_the_file_system() -> None:
    d = _first("tensorflow.python.framework.errors_impl.ResourceExhaustedError: disk quota "
               "exceeded [Op:SaveV2]\n")
    assert (d.record_id, d.verdict) == ("filesystem-quota-on-write", "not_script")
