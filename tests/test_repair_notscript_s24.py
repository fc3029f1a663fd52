# ruff: noqa: E501
"""Failures that are not the launch script's, read by the STRUCTURE of the log (s24, helper
s24notscript): a file whose own structure says it was cut short (HDF5's recorded end of file
beyond the file's size, a zip/PyTorch checkpoint without its end record, a gzip, tar or pickle
stream ending early) - outweighing a signature record whose fix cannot be made here; a GPU
driver's or the kernel's own "[Hardware Error]" report; a collective's report that ranks stopped
joining it after the log shows the training loop ran many steps or epochs. Guards: an HDF5 file
not shorter than its header says, a stall with no progress shown, with a collective timeout
setting in the log or the script, after a kill, or with a hard launch word. Each test fails
without its rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.structure import CATEGORIES, read

SRUN = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python -u train.py --config configs/base.yaml
"""
SRUN_BLOCKING = SRUN.replace("srun python", "export NCCL_BLOCKING_WAIT=1\nsrun python")

H5_TRUNCATED = """Traceback (most recent call last):
  File "/home/u/proj/train.py", line 40, in <module>
    feats = h5py.File(args.features, "r")
  File "/opt/env/lib/python3.10/site-packages/h5py/_hl/files.py", line 231, in make_fid
    fid = h5f.open(name, flags, fapl=fapl)
  File "h5py/h5f.pyx", line 102, in h5py.h5f.open
OSError: Unable to synchronously open file (truncated file: eof = 2940928, sblock->base_addr = 0, stored_eof = 4107541)
"""
H5_NOT_SHORT = H5_TRUNCATED.replace("eof = 2940928", "eof = 4107541")
ZIP_NO_END = """-- Process 1 terminated with the following error:
Traceback (most recent call last):
  File "/opt/env/lib/python3.10/site-packages/torch/multiprocessing/spawn.py", line 75, in _wrap
    fn(i, *args)
  File "/home/u/proj/train.py", line 88, in run
    state = torch.load(ckpt, map_location="cpu")
  File "/opt/env/lib/python3.10/site-packages/torch/serialization.py", line 1004, in load
    with _open_zipfile_reader(opened_file) as opened_zipfile:
RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
"""
GZIP_SHORT = "EOFError: Compressed file ended before the end-of-stream marker was reached\n"
AMDGPU = ("[13850.91] amdgpu 0000:1c:00.0: {1}uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!\n"
          "[13850.92] amdgpu 0000:42:00.0: {1}[Hardware Error]: Accelerator Check Architecture events logged\n")
GHES = ("[ 812.1] {2}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: 0\n"
        "[ 812.1] {2}[Hardware Error]: event severity: fatal\n")
HOROVOD_STALL = (
    "Train Epoch     #41:  55% 688/1252 [20:11<16:30, 1.76s/it, loss=1.02, accuracy=74]"
    "WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by "
    "subset of ranks and are waiting for remainder of ranks for more than 60 seconds. Stalled "
    "ops: allreduce.fc.weight [ready ranks: 1, 2, 3]\n")
GLOO_TIMEOUT = ("ep 118 train, step 402, ce 0.41, fer 0.061\n"
                "ep 118 train, step 403, ce 0.39, fer 0.058\n"
                "RuntimeError: Timed out waiting 1800000ms for send operation to complete\n")
STALL_AT_START = HOROVOD_STALL.replace("Epoch     #41:  55% 688/1252 [20:11", "Epoch     #1:  0% 0/1252 [00:00")
STALL_AFTER_KILL = GLOO_TIMEOUT + "slurmstepd: error: *** STEP 4412.0 ON c01 CANCELLED AT 2024-05-01T10:00:00 ***\n"
STALL_WITH_SETTING = "NCCL_BLOCKING_WAIT=1\n" + GLOO_TIMEOUT
STALL_WITH_LAUNCH = GLOO_TIMEOUT + "KeyError: 'LOCAL_RANK'\n"


@pytest.mark.parametrize("log", [H5_TRUNCATED, ZIP_NO_END, GZIP_SHORT])
def test_a_file_cut_short_is_damaged(log: str) -> None:
    reading = read(log)
    assert reading is not None and reading.category == "damaged"
    assert reading.record_id == CATEGORIES["damaged"] == "structure-file-damaged"


def test_an_hdf5_file_as_long_as_its_header_says_is_not_shown_cut_short() -> None:
    reading = read(H5_NOT_SHORT)
    assert reading is None or reading.category != "damaged"


def test_a_damaged_checkpoint_outweighs_a_record_whose_fix_cannot_be_made() -> None:
    result = diagnose_log(SRUN, ZIP_NO_END, "delta", None, False)
    assert result["verdict"] == "not_script"
    assert result["not_script"]["record_id"] == "structure-file-damaged"
    assert not result.get("diff")


def test_the_damaged_file_record_is_advice_only() -> None:
    record = load_knowledge_base().get(CATEGORIES["damaged"])
    assert not record.script_problem and not record.fix and record.advice


def test_a_gpu_drivers_uncorrectable_hardware_error_is_hardware() -> None:
    reading = read(AMDGPU)
    assert reading is not None and reading.category == "hardware"


def test_the_kernels_hardware_error_record_is_the_nodes() -> None:
    reading = read(GHES)
    assert reading is not None and reading.category == "nodehw"


@pytest.mark.parametrize("log", [HOROVOD_STALL, GLOO_TIMEOUT])
def test_ranks_falling_behind_after_many_steps_is_no_launch_fault(log: str) -> None:
    reading = read(log, SRUN)
    assert reading is not None and reading.category == "stall"
    assert reading.record_id == "structure-collective-stall"
    assert len(reading.evidence) == 2  # the progress line and the stall line


@pytest.mark.parametrize(("log", "script"), [
    (STALL_AT_START, SRUN),  # no steps done: the launch may be at fault
    (STALL_AFTER_KILL, SRUN),  # a kill (a limit the script requests) came first
    (STALL_WITH_SETTING, SRUN),  # a collective timeout setting in the log
    (GLOO_TIMEOUT, SRUN_BLOCKING),  # ... or exported by the job script
    (STALL_WITH_LAUNCH, SRUN),  # a hard launch word
])
def test_a_stall_the_launch_may_explain_is_left_to_the_records(log: str, script: str) -> None:
    reading = read(log, script)
    assert reading is None or reading.category != "stall"


def test_repair_answers_not_script_for_a_stall_after_many_epochs() -> None:
    result = diagnose_log(SRUN, HOROVOD_STALL, "delta", None, False)
    assert result["verdict"] == "not_script"
    assert result["not_script"]["record_id"] == "structure-collective-stall"
    assert not result.get("diff")


@pytest.mark.parametrize("line", [
    "malloc(): unsorted double linked list corrupted",
    "free(): corrupted unsorted chunks",
    "corrupted double-linked list",
    "free(): double free detected in tcache 2",
    "munmap_chunk(): invalid pointer",
])
def test_glibcs_heap_consistency_aborts_are_a_native_crash(line: str) -> None:
    reading = read(f"{line}\nAborted (core dumped)\n")
    assert reading is not None and reading.category == "library"


def test_a_heap_word_in_a_message_of_the_launch_is_not_read() -> None:
    assert read("free(): corrupted unsorted chunks\nKeyError: 'LOCAL_RANK'\n") is None


def test_a_bar_of_data_preparation_is_no_training_progress() -> None:
    log = ("<class 'data.read_data.LineShuffler'>: Init /data/u/corpus/train\n"
           " 35%|████      | 73811210851/208140108456 [30:01<57:14, 39115047.81MB/s]\n"
           "[E ProcessGroupNCCL.cpp:485] [Rank 6] Watchdog caught collective operation timeout: "
           "WorkNCCL(OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802246 milliseconds\n")
    reading = read(log, SRUN)
    assert reading is None or reading.category != "stall"


def test_an_early_collective_number_outweighs_progress_lines() -> None:
    log = GLOO_TIMEOUT + ("[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, "
                          "OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600114 milliseconds\n")
    reading = read(log, SRUN)
    assert reading is None or reading.category != "stall"


def test_pickle_data_cut_short_is_left_to_the_launch_veto() -> None:
    log = ("_pickle.UnpicklingError: pickle data was truncated\n"
           "slurmstepd: error: Detected 1 oom_kill event in StepId=812.0.\n")
    reading = read(log, SRUN)
    assert reading is None or reading.category != "damaged"
