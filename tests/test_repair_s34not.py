"""s34not: structural readings of "not the launch script" by the log's shape
(maple_flow/repair/structure_more.py): a node of the job lost (the scheduler's or launcher's own
report; a lost connection only after the training loop ran), a library's assertion at a line of
its C source, a program's exception shown alone (no traceback) whose message names nothing of
the launch - advice, no fix - and the look-alikes of the same shapes that stay the script's."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.structure import read

SRUN = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --time=02:00:00\nsrun python -u train.py --batch-size 256 --epochs 32\n")
PBS = ("#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -A MyProject\n"
       "cd ${PBS_O_WORKDIR}\nmpiexec -n 24 --ppn 12 python train.py\n")

#: (cluster, script, log, category, record): fixtures in the forms the tools print.
READ = [
    ("delta", SRUN, "salloc: error: Node failure on gpu-a100-17\n", "nodelost",
     "structure-node-lost"),
    ("delta", SRUN, "sbatch: error: Node failure on c203\n", "nodelost", "structure-node-lost"),
    ("aurora", PBS, "x4117c0s6b0n0.hsn.cm.aurora.alcf.anl.gov: shepherd died from signal 9\n"
     "x4115c5s4b0n0.hsn.cm.aurora.alcf.anl.gov: rank 12 died from signal 15\n", "nodelost",
     "structure-node-lost"),
    ("delta", SRUN, "epoch 14 | step 41200 | loss 2.113\n"
     "[mpiexec@c1-01] control_cb (pmiserv_cb.c:864): connection to proxy 3 at host c1-07 failed\n",
     "nodelost", "structure-node-lost"),
    ("anvil", SRUN, "rank3: Assertion failure at psm3/ptl_am/ptl.c:196: "
     "nbytes == req->req_data.recv_msglen\n", "internal", "structure-library-internal-error"),
    ("delta", SRUN, "ValueError: cannot work out a plan to padd items. "
     "Some front values are too large.\n", "alone", "structure-program-exception-alone"),
    ("delta", SRUN, "ValueError: Window size 200 exceeds trial duration 100\n", "alone",
     "structure-program-exception-alone"),
    ("delta", SRUN, "TypeError: must be called with a dataclass type or instance\n", "alone",
     "structure-program-exception-alone"),
]


@pytest.mark.parametrize(("cluster", "script", "log", "category", "record"), READ)
def test_structure_read_as_not_the_script(cluster: str, script: str, log: str, category: str,
                                          record: str) -> None:
    reading = read(log, script)
    assert reading is not None and (reading.category, reading.record_id) == (category, record)
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    # PALS's own node-down record (s34held) answers before the structural reading where it
    # knows the words; both say "not the script"
    named = {record, "pals-node-down-during-job"} if cluster == "aurora" else {record}
    assert found and found[0].record_id in named and found[0].verdict == "not_script"
    assert diagnose_log(script, log, cluster, None, False)["proposed"] is None


#: The same shapes where the launch may be in play: no such reading.
NOT_READ = [
    # a lost connection at the start of a job: the host list or ssh, not a lost node
    "[mpiexec@c1-01] control_cb (pmiserv_cb.c:864): connection to proxy 3 at host c1-07 failed\n",
    # after progress, but the job was killed at its limit: the kill's
    "epoch 14 | step 41200 | loss 2.113\nConnection to c1-07 closed by remote host.\n"
    "slurmstepd: error: *** JOB 77 ON c1-01 CANCELLED AT 2024-01-01T00:00:00 DUE TO TIME "
    "LIMIT ***\n",
    # exceptions alone that speak of the launch, an option, a check of a value, a path
    "ValueError: You need to use at least 2 processes to use `--multi_gpu`.\n",
    "KeyError: 'LOCAL_RANK'\n",
    "ValueError: num_samples should be a positive integer value, but got num_samples=0\n",
    "TypeError: expected str, bytes or os.PathLike object, not NoneType\n",
    "ValueError: Tokenizer class QWenTokenizer does not exist or is not currently imported.\n",
    "RuntimeError: Enqueue process failed\n",
    # a value the job script gives (--batch-size 256)
    "ValueError: batch of 256 exceeds the buffer\n",
    # an assertion at a source line that names the ranks
    "Assertion failure at psm3/ptl.c:210: rank count == nranks\n",
]


@pytest.mark.parametrize("log", NOT_READ)
def test_same_shapes_that_may_be_the_launch_are_not_read(log: str) -> None:
    reading = read(log, SRUN)
    assert reading is None or reading.category not in ("nodelost", "alone", "internal")


def test_none_path_in_a_traceback_is_not_the_programs() -> None:
    """Python's complaint that a path is None (an unset variable or argument gives it) is no
    reading of the program's own, even with a data-like ``NoneType`` in the message."""
    log = ('Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n'
           "    open(os.path.join(root, name))\n"
           "TypeError: expected str, bytes or os.PathLike object, not NoneType\n")
    assert read(log, SRUN) is None


def test_step_cancelled_after_a_crash_says_nothing_of_the_launch() -> None:
    """srun's reasonless cancel of the step after a task crashed is the crash's consequence."""
    log = ("0: Program received signal SIGSEGV: Segmentation fault - invalid memory reference.\n"
           "0: slurmstepd: error: *** STEP 5168341.0 ON nid001492 CANCELLED AT "
           "2023-02-01T18:19:49 ***\n")
    reading = read(log, SRUN)
    assert reading is not None and reading.category == "library"
    # a cancel with a reason, or before any crash, still speaks of the launch
    assert read(log.replace(" ***\n", " DUE TO TIME LIMIT ***\n"), SRUN) is None
    assert read("slurmstepd: error: *** STEP 5.0 ON n1 CANCELLED AT 2023-02-01T18:19:49 ***\n"
                "Segmentation fault\n", SRUN) is None


BUILD_LOGS = [
    '"main.cpp", line 79: error: identifier "timeH2D" is undefined\n'
    '3 errors detected in the compilation of "main.cpp".\n'
    "make: *** [Makefile.nvc:58: main.o] Error 2\n",
    "../../src/neural/encoder.cc:116:14: error: 'X' is not a member of 'pb::NetworkFormat'\n"
    "ninja: build stopped: subcommand failed.\n",
    "src/knn.cu(90): error: identifier \"FLT_MAX\" is undefined\n"
    '1 error detected in the compilation of "src/knn.cu".\n',
]


@pytest.mark.parametrize("log", BUILD_LOGS)
def test_users_source_that_does_not_compile_is_not_the_script(log: str) -> None:
    reading = read(log, SRUN)
    assert reading is not None and (reading.category, reading.record_id) == (
        "build", "structure-program-build-error")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN))
    assert found and found[0].verdict == "not_script"


@pytest.mark.parametrize("log", [
    # the system's or the stack's headers, a missing header, the toolchain's options
    "/usr/include/x86_64-linux-gnu/bits/mathcalls.h(83): error: exception\n"
    '6 errors detected in the compilation of "CMakeCUDACompilerId.cu".\n',
    "csrc/adam.cpp:3:10: fatal error: cuda_runtime.h: No such file or directory\n"
    "compilation terminated.\n",
    "/home/u/env/lib/python3.11/site-packages/deepspeed/ops/csrc/adam.cpp:12:1: error: 'x' "
    "was not declared in this scope\nninja: build stopped: subcommand failed.\n",
    # no build summary: a compiler line alone
    "main.cpp:10:3: error: expected ';' before '}' token\n",
])
def test_toolchain_errors_are_not_read_as_the_users_code(log: str) -> None:
    reading = read(log, SRUN)
    assert reading is None or reading.category != "build"


def test_a_build_the_job_script_runs_is_not_read() -> None:
    """Where the job script builds, the compiler and flags it loads may be the cause."""
    script = SRUN.replace("srun python", "module load gcc/13\nmake -j 8\nsrun python")
    reading = read(BUILD_LOGS[0], script)
    assert reading is None or reading.category != "build"


def test_many_good_steps_and_no_failure_reported_is_not_the_script() -> None:
    log = ("| epoch 027 | valid on 'valid' subset | valid_loss 8.30 | num_updates 10198\n"
           "| WARNING: overflow detected, setting loss scale to: 0.25\n"
           "| WARNING: overflow detected, setting loss scale to: 0.125\n")
    reading = read(log, SRUN)
    assert reading is not None and (reading.category, reading.record_id) == (
        "stopped", "structure-stopped-after-progress")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN))
    assert found and found[0].verdict == "not_script"


@pytest.mark.parametrize("log", [
    # few steps: the job had just begun
    "epoch 0 | step 12 | loss 2.1\nepoch 0 | step 13 | loss 2.0\n",
    # a failure reported after the progress: the records and other readings decide
    "step 4100 | loss 1.2\nslurmstepd: error: *** JOB 9 ON n1 CANCELLED AT 2024-01-01T00:00:00 "
    "DUE TO TIME LIMIT ***\n",
    "step 4100 | loss 1.2\nsrun: error: n1: task 0: Exited with exit code 1\n",
    # a frame of the ranks' set-up after the progress
    'step 4100 | loss 1.2\n  File "/env/lib/python3.11/site-packages/torch/distributed/'
    'distributed_c10d.py", line 3, in barrier\n',
])
def test_progress_with_a_failure_or_few_steps_is_not_read_as_stopped(log: str) -> None:
    reading = read(log, SRUN)
    assert reading is None or reading.category != "stopped"


def test_a_quiet_log_of_a_job_the_scheduler_ended_is_its_state() -> None:
    """Where the job state says why the job ended (a time limit), the quiet log is not read as
    a stop after progress; a short quiet log (two epochs) says nothing either."""
    log = "epoch 30 | step 41200 | loss 2.113\nepoch 31 | step 42600 | loss 2.101\n"
    found = classify(FailureEvidence(cluster="delta", stdout=log, script=SRUN,
                                     job_state="TIMEOUT"))
    assert not any(d.record_id == "structure-stopped-after-progress" for d in found)
    assert read("epoch 1 loss 2.0\nepoch 2 loss 1.9\n", SRUN) is None


def test_a_daemon_killed_with_the_job_at_its_limit_is_not_a_node_lost() -> None:
    log = ("=>> PBS: job killed: walltime 3610 exceeded limit 3600\n"
           "x4117c0s6b0n0.hsn.cm.aurora.alcf.anl.gov: shepherd died from signal 9\n")
    reading = read(log, PBS)
    assert reading is None or reading.category != "nodelost"


@pytest.mark.parametrize("log", [
    "At line 166 of file effectivesamplesize.f90\n"
    "Fortran runtime error: Index '13' of dimension 2 of array 'acorr' above upper bound of 12\n",
    "At line 5 of file dffti.f\nFortran runtime error: Index '121' of Array 'wsave' above upper "
    "bound of 1.\n",
    "Fortran runtime error: Attempting to allocate already allocated variable 'grid'\n",
])
def test_a_runtime_check_of_the_programs_fortran_is_not_the_script(log: str) -> None:
    reading = read(log, SRUN)
    assert reading is not None and (reading.category, reading.record_id) == (
        "fcheck", "structure-program-runtime-check")


@pytest.mark.parametrize("log", [
    # an array of the decomposition, sized by the number of tasks the launch chose
    "At line 183 of file mpas_block_decomp.F\nFortran runtime error: Index '30210' of dimension "
    "1 of array 'global_list' above upper bound of 30209\n",
    # a read of the input: the application-input reading's, not this one
    "At line 88 of file setup.f90 (unit = 11, file = 'params.nml')\n"
    "Fortran runtime error: Cannot match namelist object name dt_max\n",
])
def test_fortran_checks_of_the_parallel_setup_or_input_are_not_read(log: str) -> None:
    reading = read(log, SRUN)
    assert reading is None or reading.category != "fcheck"
