"""The structural recogniser (repair/structure.py): not-script failures read from the log's
structure (a traceback's frames and final exception, GPU fault reports, file-system faults,
NaN losses, native crashes) with no record per phrasing, and never for a log that speaks of
the launch (issue 17, bench/notscript3_probe)."""

from __future__ import annotations

import importlib

import pytest

from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import FailureEvidence
from maple_flow.repair.structure import CATEGORIES, read

classify_module = importlib.import_module("maple_flow.repair.classify")

SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
srun python -u train.py --epochs 10
"""

USER_SHAPE = """Traceback (most recent call last):
  File "/home/ana/proj/train.py", line 88, in <module>
    main()
  File "/home/ana/proj/train.py", line 61, in main
    out = head(feats).view(batch, classes)
RuntimeError: shape '[32, 10]' is invalid for input of size 640
"""
DATA_WORKER = """Traceback (most recent call last):
  File "fit.py", line 40, in <module>
    for batch in loader:
  File "/opt/v/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 631, in __next__
    data = self._next_data()
IndexError: Caught IndexError in DataLoader worker process 3.
Original Traceback (most recent call last):
  File "/home/ana/proj/data/coco.py", line 120, in __getitem__
    box = anns[k]["bbox"]
IndexError: list index out of range
"""
CHECKPOINT = ("RuntimeError: Error(s) in loading state_dict for ResNet:\n"
              "\tsize mismatch for fc.weight: copying a param with shape torch.Size([1000, 2048]) "
              "from checkpoint, the shape in current model is torch.Size([10, 2048]).\n")
NUMERIC = "step 1200 | lr 3.0e-04\nValueError: loss is nan at step 1201, stopping\n"
EIO = "OSError: [Errno 5] Input/output error: '/lustre/proj/ckpt/step_4000.pt'\n"
XID = "[ 8812.1] NVRM: Xid (PCI:0000:41:00): 48, pid=88211, DBE (0x2) detected\n"
KERNEL_ASSERT = ("Loss.cu:242: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: "
                 "[5,0,0] Assertion `t >= 0 && t < n_classes` failed.\n"
                 "[E ProcessGroupNCCL.cpp:475] NCCL watchdog thread terminated with exception: "
                 "CUDA error: device-side assert triggered\n")
ECC_WITH_NCCL = ("[E ProcessGroupNCCL.cpp:916] [Rank 1] NCCL watchdog thread terminated with "
                 "exception: CUDA error: uncorrectable ECC error encountered\n")
SEGFAULT = "epoch 3 it 400 loss=0.41\nFatal Python error: Segmentation fault\n"
USER_ASSERT = """Traceback (most recent call last):
  File "/home/ana/proj/train.py", line 140, in <module>
    loss = criterion(pred, target)
  File "/home/ana/proj/losses.py", line 17, in match
    assert len(boxes) == len(labels), (len(boxes), len(labels))
AssertionError: (12, 11)
"""


@pytest.mark.parametrize(("log", "category"), [
    (USER_SHAPE, "program"), (DATA_WORKER, "data"), (CHECKPOINT, "program"),
    (USER_ASSERT, "program"), (NUMERIC, "numeric"), (EIO, "filesystem"), (XID, "hardware"),
    (ECC_WITH_NCCL, "hardware"), (SEGFAULT, "library"), (KERNEL_ASSERT, "kernel"),
])
def test_structure_reads_not_script_failures(log: str, category: str) -> None:
    reading = read(log)
    assert reading is not None and reading.category == category
    assert reading.record_id == CATEGORIES[category]


DECOYS = [
    # an environment variable the launcher sets, raised through os.environ
    """  File "/home/ana/proj/train.py", line 12, in setup
    rank = int(os.environ["RANK"])
  File "/usr/lib/python3.10/os.py", line 680, in __getitem__
    raise KeyError(key) from None
KeyError: 'RANK'
""",
    # raised in the user's own code, but the GPU count of the launch is in play
    """Traceback (most recent call last):
  File "/home/ana/proj/train.py", line 30, in main
    torch.cuda.set_device(args.local_rank)
  File "/opt/venv/lib/python3.10/site-packages/torch/cuda/__init__.py", line 404, in set_device
    torch._C._cuda_setDevice(device)
RuntimeError: CUDA error: invalid device ordinal
""",
    "RuntimeError: Address already in use\n",
    # an import in the user's own code: the environment the script sets up
    """Traceback (most recent call last):
  File "/home/ana/proj/train.py", line 3, in <module>
    import nibabel
ModuleNotFoundError: No module named 'nibabel'
""",
    "FileNotFoundError: [Errno 2] No such file or directory: '/scratch/ana/data/train.json'\n",
    # where the job writes (a cache in $HOME) may be the script's: not read as a fault
    "OSError: [Errno 122] Disk quota exceeded: '/home/ana/.cache/huggingface/x.lock'\n",
    "srun: error: nid001: task 0: Exited with exit code 1\nsrun: error: Unable to create step\n",
    "AssertionError: world_size 8 does not divide the batch of 12\n",
    "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n",
    "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error\n",
    "[rank0]: Segmentation fault\nsrun: error: Unable to create step: Invalid generic resource\n",
    # a launch-related key in lower case, a process group never set up, an unset variable
    "  File \"demo.py\", line 9, in <module>\n    dev = kwargs['local_rank']\n"
    "KeyError: 'local_rank'\n",
    "  File \"/home/ana/t.py\", line 5, in f\n    g()\n"
    "ValueError: Default process group has not been initialized\n",
    "  File \"/home/ana/t.py\", line 5, in f\n    g()\n"
    "ValueError: invalid literal for int() with base 10: ''\n",
    # a user helper that parses the allocation's host list
    "  File \"/home/ana/launch_utils.py\", line 22, in peers\n    return nodelist[1]\n"
    "IndexError: list index out of range\n",
]


@pytest.mark.parametrize("log", DECOYS)
def test_structure_never_reads_a_launch_symptom(log: str) -> None:
    assert read(log) is None


def test_structure_records_are_advice_only() -> None:
    kb = load_knowledge_base()
    for record_id in CATEGORIES.values():
        record = kb.get(record_id)
        assert not record.script_problem and not record.fix and record.advice
        assert record.signature_only  # similarity never offers them


def test_classify_answers_not_script_for_a_program_traceback() -> None:
    ev = FailureEvidence(cluster="delta", stderr=USER_ASSERT, script=SCRIPT)
    found = classify_module.classify(ev)
    assert found and found[0].method == "structure"
    assert found[0].verdict == "not_script" and not found[0].fix.ops
    assert found[0].record_id == "structure-program-error"


def test_classify_keeps_a_script_signature_before_structure() -> None:
    log = DECOYS[1]  # invalid device ordinal: a script record, never "not the script"
    ev = FailureEvidence(cluster="delta", stderr=log, script=SCRIPT)
    found = classify_module.classify(ev)
    assert all(d.method != "structure" for d in found)
    assert not found or found[0].verdict != "not_script"


def test_a_lower_case_launch_key_is_never_not_script() -> None:
    """KeyError: 'local_rank' (a launcher's argument read from a dict) is not read as the
    program's own key by the python-exception-in-program record either."""
    log = ("  File \"demo.py\", line 9, in <module>\n    d = kwargs['local_rank']\n"
           "KeyError: 'local_rank'\n")
    ev = FailureEvidence(cluster="delta", stderr=log, script=SCRIPT)
    found = classify_module.classify(ev)
    assert not found or found[0].verdict != "not_script"
