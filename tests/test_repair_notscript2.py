"""More failures that are not the launch script's are recognised (advice, no fix): a file
system's I/O error, PyTorch's internal asserts, a NaN loss, a segfault in torch's libraries, a
library object without an attribute another library calls, UCX retries over InfiniBand, a
DataLoader worker's segfault, a GPU that nvidia-smi can no longer reach.
Logs shaped like bench/notscript2_probe's tune cases (threads named in its cases.yaml); each
test fails without its record in templates/failures/notscript_breadth2.yaml."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify

SCRIPT = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\
    --rdzv_endpoint="$(hostname):29500" train.py --config configs/small.yaml
"""

EIO_SAVE = (
    "[rank0]: Traceback (most recent call last):\n"
    '[rank0]:   File "/home/u/proj/train.py", line 88, in save\n'
    "[rank0]:     torch.save(state, path)\n"
    "[rank0]: OSError: [Errno 5] Input/output error: '/global/u/ckpt/step_2000.pt'\n")
INTERNAL_ASSERT = (
    '  File "/home/u/proj/train.py", line 201, in step\n'
    "    loss.backward(retain_graph=True)\n"
    "RuntimeError: has_marked_unused_parameters_ INTERNAL ASSERT FAILED at "
    "/opt/conda/work/torch/csrc/distributed/c10d/reducer.cpp:290, please report a bug to "
    "PyTorch.\n")
NAN_LOSS = ("-- Process 1 terminated with the following error:\n"
            "FloatingPointError: Loss became infinite or NaN at iteration=412!\n"
            "loss_dict = {'loss_cls': tensor(nan, device='cuda:1')}\n")
TORCH_SEGFAULT = (
    "[gpu012:4411] *** Process received signal ***\n"
    "[gpu012:4411] Signal: Segmentation fault (11)\n"
    "[gpu012:4411] [ 0] /lib64/libpthread.so.0(+0x12cf0)[0x7f2a1c2b0cf0]\n"
    "[gpu012:4411] [ 2] /home/u/env/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so"
    "(+0x1a2b3c)[0x7f2a0a1a2b3c]\n")
ATTRIBUTE_MISMATCH = (
    '  File "/home/u/env/lib/python3.11/site-packages/deepspeed/runtime/zero/stage3.py", '
    "line 311, in __init__\n"
    "AttributeError: 'DeepSpeedZeroOptimizer_Stage3' object has no attribute "
    "'_register_hooks_recursively'\n")
UCX_RETRIES = (
    "[gpu031:88211:0:88211] ib_mlx5_log.c:143  Transport retry count exceeded on mlx5_0:1/IB "
    "(synd 0x15 vend 0x81 hw_synd 0/0)\n"
    "[gpu031:88211:0:88211] ib_mlx5_log.c:143  DCI QP 0x1f3a wqe[12]: SEND s-e\n")
LOADER_SEGFAULT = (
    "Train: 40 [1200/5004 ( 24%)]  Loss: 3.101 (3.02)\n"
    "ERROR: Unexpected segmentation fault encountered in worker.\n"
    "RuntimeError: DataLoader worker (pid 48213) is killed by signal: Segmentation fault.\n")
GPU_LOST = ("$ nvidia-smi\n"
            "Unable to determine the device handle for GPU0000:41:00.0: Unknown Error\n")


@pytest.mark.parametrize(("log", "record"), [
    (EIO_SAVE, "filesystem-io-error"),
    (INTERNAL_ASSERT, "pytorch-internal-assert"),
    (NAN_LOSS, "training-loss-not-finite"),
    (TORCH_SEGFAULT, "segfault-in-torch-library"),
    (ATTRIBUTE_MISMATCH, "library-object-missing-attribute"),
    (UCX_RETRIES, "ucx-transport-retry-exceeded"),
    (LOADER_SEGFAULT, "dataloader-worker-segfault"),
    (GPU_LOST, "gpu-lost-device-handle"),
])
def test_recognised_as_not_the_script(log: str, record: str) -> None:
    found = classify(FailureEvidence(cluster="perlmutter", stderr=log, script=SCRIPT))
    assert found and (found[0].record_id, found[0].verdict) == (record, "not_script")
    assert not found[0].fix.ops
    assert diagnose_log(SCRIPT, log, "perlmutter", None, False)["proposed"] is None


def test_gpu_index_assert_is_still_the_launch() -> None:
    """PyTorch's assert that a process selects a GPU it cannot see is the launch's."""
    log = ("torch.cuda.DeferredCudaCallError: CUDA call failed lazily at initialization with "
           "error: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at "
           '"../aten/src/ATen/cuda/CUDAContext.cpp":50, please report a bug to PyTorch.\n')
    found = classify(FailureEvidence(cluster="perlmutter", stderr=log, script=SCRIPT))
    assert found[0].record_id == "device-index-beyond-visible"
    assert all(d.record_id != "pytorch-internal-assert" for d in found)


@pytest.mark.parametrize("log", [
    "AttributeError: 'Namespace' object has no attribute 'local_rank'\n",
    "AttributeError: 'NoneType' object has no attribute 'split'\n",
])
def test_attribute_errors_about_the_launch_are_not_a_library_mismatch(log: str) -> None:
    found = classify(FailureEvidence(cluster="perlmutter", stderr=log, script=SCRIPT))
    assert all(d.record_id != "library-object-missing-attribute" for d in found)
