"""Other versions' wordings of an error are recognised by the records written for the current
one (issue 17, recognition): the old PyTorch, THC, NCCL, ONNX Runtime and driver-API forms
of a CUDA runtime error are read as ``CUDA error: <message>``."""

from __future__ import annotations

import pytest

from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.lognorm import canonical_lines, normalised

SCRIPT = "#!/bin/bash\n#SBATCH --nodes=1\ntorchrun --standalone --nproc_per_node=4 train.py\n"


@pytest.mark.parametrize(("line", "message"), [
    ("RuntimeError: cuda runtime error (59) : device-side assert triggered at "
     "/pytorch/aten/src/THC/generic/THCTensorMathPointwise.cu:265", "device-side assert triggered"),
    ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingHostAllocator.cpp line=271 error=4 "
     ": unspecified launch failure", "unspecified launch failure"),
    ("[2025-05-04 23:32:59] host:94:94 [1] enqueue.cc:1556 NCCL WARN Cuda failure 700 "
     "'an illegal memory access was encountered'", "an illegal memory access was encountered"),
    ("include/alloc.h:125 NCCL WARN Cuda failure 'out of memory'", "out of memory"),
    ("could not synchronize on CUDA context: CUDA_ERROR_LAUNCH_FAILED: unspecified launch "
     "failure ::", "unspecified launch failure"),
    ("onnxruntime::CudaCall CUDA failure 700: an illegal memory access was encountered ; GPU=0",
     "an illegal memory access was encountered"),
])
def test_other_wordings_read_as_cuda_error(line: str, message: str) -> None:
    assert canonical_lines(line) == [f"CUDA error: {message}"]


def test_a_log_in_the_current_wording_gets_nothing_added() -> None:
    ev = FailureEvidence(stderr="RuntimeError: CUDA error: unspecified launch failure\n")
    assert canonical_lines(ev.stderr) == [] and normalised(ev) is ev


def test_each_error_is_added_once_in_order() -> None:
    text = ("THCudaCheck FAIL file=a.cpp line=1 error=4 : unspecified launch failure\n"
            "THCudaCheck FAIL file=a.cpp line=1 error=4 : unspecified launch failure\n"
            "RuntimeError: cuda runtime error (2) : out of memory at b.cpp:3\n")
    assert canonical_lines(text) == ["CUDA error: unspecified launch failure",
                                     "CUDA error: out of memory"]


@pytest.mark.parametrize(("log", "record"), [
    # pytorch/pytorch#21276 (old THC wording of a kernel failure after 9000 iterations)
    ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingHostAllocator.cpp line=271 "
     "error=4 : unspecified launch failure\nTraceback (most recent call last):\n"
     "  File \"model_run.py\", line 163, in train\n    loss.backward()\n",
     "cuda-unspecified-launch-failure"),
    ("RuntimeError: cuda runtime error (59) : device-side assert triggered at "
     "/pytorch/aten/src/THC/generic/THCTensorMathPointwise.cu:265\n", "label-out-of-range"),
])
def test_old_wordings_are_recognised_as_not_the_script(log: str, record: str) -> None:
    first = classify(FailureEvidence(cluster="delta", stderr=log, script=SCRIPT))[0]
    assert (first.record_id, first.method, first.verdict) == (record, "signature", "not_script")
