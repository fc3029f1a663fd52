"""Failures that are not the launch script's, read by the FORM of the message (s22): a library's
own words that it failed inside itself (a bug-report request, its own bug or internal error,
MPICH's "Assertion failed in file", a C assert in a library source, glog's "Check failed:"), a
native abort with a backtrace frame of a library that is neither the C runtime nor the MPI/fabric
stack, C++'s uncaught exception of a library, the node's machine checks, the module system's own
Lua runtime errors, NVLS set-up refused by CUDA in other words, Lustre's eviction (ESHUTDOWN)
and a file system needing repair, PBS's lost sister MOM, and a call the installed library's API
does not take. Guards: a warning line, a line naming ranks/GPUs/NCCL, a backtrace only in libc
or the MPI stack, C++'s exception about the launch, a module name reported unknown, NVLS out of
memory, and the launch veto. Logs shaped like bench/s22notscript_probe's tune cases (threads in
templates/failures/s22_notscript.yaml); each test fails without its rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.structure import CATEGORIES, read

SRUN = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python -u train.py
"""

XLA_BUG = ("E1224 22:35:53.165575   26868 real_program_continuator.cc:1331] 0x0x0_TC0: *** Halt "
           "is unexpected, all pending programs will fail. This is likely an XLA compiler bug, "
           "please file a bug to xla-tpu@ and CC tfrt-devs@.\n")
GENERIC_BUG = ("FATAL: inconsistent free list in the solver; this is a bug, please report it "
               "upstream\n")
MPICH_ASSERT = ("Assertion failed in file src/mpid/ch3/channels/nemesis/netmod/tcp/socksm.c at "
                "line 596: hdr.pkt_type == MPIDI_NEM_TCP_SOCKSM_PKT_ID_INFO\n"
                "internal ABORT - process 4\n")
GLOG_CHECK = ("F0224 15:19:45.211447 29510 SocketChannel.cpp:99] Check failed: len > 0  "
              "peer=10.73.71.49 iov_len=16: Broken pipe [32]\n"
              "*** Aborted at 1487920785 (unix time) try \"date -d @1487920785\" ***\n")
LIB_ABORT = (
    "[dgx15:128145] [17] /opt/env/lib/librapidsmp.so(_ZN8rapidsmp8shuffler8Shuffler10event_loop"
    "EPS1_+0x378)[0x7f78c260a158]\n"
    "[dgx15:128145] [18] /opt/env/lib/libstdc++.so.6(+0xd3b65)[0x7f789bfd0b65]\n"
    "[dgx15:128145] [19] /lib/x86_64-linux-gnu/libc.so.6(clone+0x43)[0x7f789be0b353]\n"
    "[dgx15:128145] *** End of error message ***\n"
    "prterun noticed that process rank 0 with PID 128141 on node dgx15 exited on\n"
    "signal 6 (Aborted).\n")
LIBC_ONLY_ABORT = (
    "[n1:4411] [ 0] /lib/x86_64-linux-gnu/libc.so.6(+0x42520)[0x7fcbac242520]\n"
    "[n1:4411] [ 1] /opt/ompi/lib/libmpi.so.40(PMPI_Init+0x12)[0x7fcbac2969fc]\n"
    "mpirun noticed that process rank 0 with PID 4411 on node n1 exited on signal 6 (Aborted).\n")
TERMINATE = ("terminate called after throwing an instance of 'std::runtime_error'\n"
             "  what():  n1.back != null\n")
TERMINATE_LAUNCH = ("terminate called after throwing an instance of 'c10::DistBackendError'\n"
                    "  what():  [Rank 3] NCCL watchdog thread terminated with exception\n")
MCE = ("[  +0.000127] mce: [Hardware Error]: Machine check events logged\n"
       "[  +0.000013] EDAC skx MC3: HANDLING MCE MEMORY ERROR\n")
LUA = ("Lmod has detected the following error:  Unable to load module because of error when "
       "evaluating modulefile:\n     /sw/modulefiles/gromacs/2023.lua: [string \"local base = "
       "os.getenv('SW') .. '/gromacs'\"]:3: attempt to concatenate a nil value\n")
LUA_UNKNOWN = ('Lmod has detected the following error:  The following module(s) are unknown: '
               '"gromacs/2099"\nlua: /sw/lmod/hook.lua:3: attempt to index a nil value\n')
NVLS = ("gpu-dgc86:420:437 [5] transport/nvls.cc:379 (nvlsAllocateMem) NCCL WARN Failed to bind "
        "NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401 'the operation "
        "cannot be performed in the present state'.\n")
NVLS_OOM = ("gpu-dgc86:420:437 [5] transport/nvls.cc:379 (nvlsAllocateMem) NCCL WARN Failed to "
            "bind NVLS Multicast memory of size 2097152 : CUDA error 2 'out of memory'.\n")
ESHUTDOWN = "OSError: [Errno 108] Cannot send after transport endpoint shutdown: 'ckpt/step_900'\n"
EUCLEAN = "OSError: [Errno 117] Structure needs cleaning: '/scratch/u/data/shard_0041.tar'\n"
SISTER = ("=>> PBS: job killed: node 1 (x3005c0s13b0n0) requested job terminate, 'EOF' (code 1099)"
          " - received SISTER_EOF attempting to communicate with sister MOM's\n")
KWARG = """Traceback (most recent call last):
  File "/home/u/proj/train.py", line 40, in <module>
    trainer = Trainer(model, evaluation_strategy="steps")
  File "/opt/v/lib/python3.11/site-packages/transformers/trainer.py", line 300, in __init__
TypeError: Trainer.__init__() got an unexpected keyword argument 'evaluation_strategy'
"""


@pytest.mark.parametrize(("log", "category"), [
    (XLA_BUG, "internal"),
    (GENERIC_BUG, "internal"),
    (MPICH_ASSERT, "internal"),
    (GLOG_CHECK, "internal"),
    (LIB_ABORT, "library"),
    (TERMINATE, "library"),
    (MCE, "nodehw"),
    (LUA, "modulecode"),
    (NVLS, "gpunode"),
    (ESHUTDOWN, "filesystem"),
    (EUCLEAN, "filesystem"),
    (SISTER, "site"),
    (KWARG, "program"),
])
def test_structure_reads_the_family(log: str, category: str) -> None:
    reading = read(log)
    assert reading is not None and reading.category == category
    assert reading.record_id == CATEGORIES[category]


@pytest.mark.parametrize("log", [
    # a library only warns of a bug: not why the job failed
    "UserWarning: this is probably a bug in the sampler, please report it\n",
    # the self-report names the launch's own things (ranks, GPUs, NCCL): the records decide
    "RuntimeError: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at "
    "\"../aten/src/ATen/cuda/CUDAContext.cpp\":50, please report a bug to PyTorch.\n",
    "Test NCCL failure common.cu:1012 'internal error - please report this issue to the NCCL "
    "developers'\n",
    # an abort whose frames are only the C runtime and the MPI stack the launch wires
    LIBC_ONLY_ABORT,
    # C++'s uncaught exception about the collectives: the launch may be in play
    TERMINATE_LAUNCH,
    # the module system names a module of the script unknown: the script's names
    LUA_UNKNOWN,
    # NVLS memory out of memory: the job's memory use, not the node's fabric
    NVLS_OOM,
    # a self-report next to a launch symptom: the launch veto holds
    "srun: error: Unable to create step for job 12: More processors requested than permitted\n"
    + GENERIC_BUG,
])
def test_structure_keeps_the_script_or_the_records(log: str) -> None:
    reading = read(log)
    assert reading is None or reading.category not in (
        "internal", "library", "modulecode", "gpunode")


def test_new_records_are_advice_only() -> None:
    kb = load_knowledge_base()
    for record_id in ("structure-library-internal-error", "structure-node-hardware-fault",
                      CATEGORIES["modulecode"]):
        record = kb.get(record_id)
        assert not record.script_problem and not record.fix and record.advice


@pytest.mark.parametrize(("log", "record"), [
    (XLA_BUG, "structure-library-internal-error"),
    (LIB_ABORT, "structure-library-crash"),
    (MCE, "structure-node-hardware-fault"),
])
def test_repair_answers_not_script_and_proposes_nothing(log: str, record: str) -> None:
    result = diagnose_log(SRUN, log, "delta", None, False)
    assert result["verdict"] == "not_script"
    assert result["not_script"]["record_id"] == record
    assert not result.get("diff")


FATAL_ABORT = """Fatal Python error: Aborted

Thread 0x00007f5741fff700 (most recent call first):
  File "/opt/v/lib/python3.10/threading.py", line 324 in wait

Current thread 0x00007fa2972464c0 (most recent call first):
  File "/opt/v/lib/python3.10/site-packages/dgl/sparse.py", line 88 in _gspmm
  File "/home/u/proj/model.py", line 40 in forward
"""
FATAL_ABORT_LAUNCH = """Fatal Python error: Aborted

Current thread 0x00007fa2972464c0 (most recent call first):
  File "/opt/v/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", line 25 in f
  File "/home/u/proj/train.py", line 40 in step
"""
SLURMD_DOWN = ("srun: error: Task launch for StepId=812.0 failed on node gpu07: Communication "
               "connection failure\nsrun: error: Application launch failed: Communication "
               "connection failure\n")


def test_faulthandler_abort_in_a_library_is_a_library_crash() -> None:
    reading = read(FATAL_ABORT)
    assert reading is not None and reading.category == "library"
    assert read(FATAL_ABORT_LAUNCH) is None or read(FATAL_ABORT_LAUNCH).category != "library"


def test_a_node_daemon_the_launch_cannot_reach_is_the_site() -> None:
    reading = read(SLURMD_DOWN)
    assert reading is not None and reading.category == "site"
    # the same words after a refused request of the script stay the script's
    assert read("srun: error: Unable to allocate resources: Invalid account or account/partition"
                " combination specified\n" + SLURMD_DOWN) is None
