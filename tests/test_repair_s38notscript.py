# ruff: noqa: E501
"""s38notscript (issue 17): the Python interpreter's own messages about the program's objects
(a container changed while a loop iterated it, a generator that let StopIteration escape, a
math result out of range, eval() given no source) are the code's, whatever the job script says
- read by structure as "not the script" (repair/interpreter_fault.py, record
structure-python-object-rule-broken); and the other way, an IndexError at a statement that
indexes ``sys.argv`` is a positional argument the launch line left out, never answered "not the
script" (by the structure reading, python-exception-in-program's signature or a not-script
record found by resemblance). Each test fails without its rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.interpreter_fault import argv_argument_missing, interpreter_fault
from maple_flow.repair.matching import unprefixed_lines
from maple_flow.repair.structure import read

SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
srun python -u train.py --epochs 10
"""
RECORD = "structure-python-object-rule-broken"

# a library's reader under Python 3.7 (DLTK#42 shape: StopIteration raised in a generator)
LIB_STOP = """Traceback (most recent call last):
  File "/opt/env/lib/python3.7/site-packages/dltk/io/abstract_reader.py", line 92, in _read_sample
    raise StopIteration
StopIteration

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/ana/proj/train.py", line 140, in <module>
    for batch in reader:
RuntimeError: generator raised StopIteration
"""
# a loss too large for math.exp (fairseq#1833 shape)
MATH_RANGE = """epoch 001 | loss 69041.9 | nll_loss 6820
Traceback (most recent call last):
  File "/home/ana/fairseq/fairseq/utils.py", line 351, in get_perplexity
    return math.exp(loss)
OverflowError: math range error
"""
DICT_CHANGED = """[rank2]: Traceback (most recent call last):
[rank2]:   File "/home/ana/proj/callbacks.py", line 55, in on_step_end
[rank2]:     for name, value in self.meters.items():
[rank2]: RuntimeError: dictionary changed size during iteration
"""
DEQUE = "RuntimeError: deque mutated during iteration\n"
EVAL_ARG = "TypeError: eval() arg 1 must be a string, bytes or code object\n"
ARGV = """Traceback (most recent call last):
  File "train.py", line 12, in <module>
    data_dir = sys.argv[1]
IndexError: list index out of range
"""


@pytest.mark.parametrize("log", [LIB_STOP, MATH_RANGE, DICT_CHANGED, DEQUE, EVAL_ARG])
def test_interpreter_messages_are_read_as_the_programs(log: str) -> None:
    reading = read(unprefixed_lines(log), SCRIPT)  # as classify hands it over
    assert reading is not None and reading.record_id == RECORD


@pytest.mark.parametrize("log", [LIB_STOP, MATH_RANGE, DICT_CHANGED])
def test_interpreter_messages_answer_not_the_script_without_a_fix(log: str) -> None:
    data = diagnose_log(SCRIPT, log, "delta", None, False)
    assert data["proposed"] is None and data["verdict"] == "not_script"
    assert data["diagnoses"][0]["record_id"] == RECORD


@pytest.mark.parametrize("message", [
    # a value handed in from outside, or no interpreter wording: not this reading
    "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1169, invalid usage",
    "OverflowError: Python int too large to convert to C long",
    "TypeError: expected str, bytes or os.PathLike object, not NoneType",
    "ValueError: max() arg is an empty sequence",
])
def test_other_messages_are_not_this_reading(message: str) -> None:
    assert interpreter_fault(message + "\n") is None


def test_launch_words_veto_the_reading() -> None:
    log = DICT_CHANGED + "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. MASTER_ADDR=gpu01\n"
    reading = read(log, SCRIPT)
    assert reading is None or reading.record_id != RECORD


def test_argv_index_error_is_the_launch_lines() -> None:
    assert argv_argument_missing(ARGV)
    assert not argv_argument_missing(ARGV.replace("sys.argv[1]", "labels[1]"))
    assert read(ARGV, SCRIPT) is None
    data = diagnose_log(SCRIPT, ARGV, "delta", None, False)
    assert data["verdict"] != "not_script"
    assert all(d.get("verdict") != "not_script" for d in data["diagnoses"])


def test_argv_index_error_of_a_rank_prefixed_log_is_the_launch_lines() -> None:
    log = "".join(f"[rank0]: {line}\n" for line in ARGV.splitlines())
    data = diagnose_log(SCRIPT, log, "delta", None, False)
    assert all(d.get("verdict") != "not_script" for d in data["diagnoses"])


def test_an_index_error_elsewhere_stays_the_programs() -> None:
    data = diagnose_log(SCRIPT, ARGV.replace("sys.argv[1]", "labels[k]"), "delta", None, False)
    assert data["verdict"] == "not_script"


# --- torch.compile's tracer could not trace the program's code (repair/compile_trace.py)
TRACE_RECORD = "structure-graph-compiler-trace-failed"
DYNAMO_UNSUPPORTED = """[rank0]:   File "/opt/env/lib/python3.11/site-packages/torch/_dynamo/symbolic_convert.py", line 962, in step
[rank0]:     self.dispatch_table[inst.opcode](self, inst)
[rank0]: torch._dynamo.exc.Unsupported: Data-dependent branching
[rank0]:   Explanation: Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`).
[rank0]:
[rank0]: from user code:
[rank0]:    File "/home/ana/proj/model.py", line 88, in forward
[rank0]:     if mask.any():
"""
DYNAMO_FAKE = ("torch._dynamo.exc.TorchRuntimeError: Failed running call_function <built-in function linear>"
               "(*(FakeTensor(..., device='cuda:0', size=(8, 512)), Parameter(FakeTensor(..., size=(10, 256)))), **{}):\n"
               "a and b must have same reduction dim, but got [8, 512] X [256, 10].\n")
FROM_USER_CODE_ONLY = """Attempted to call function marked as skipped

from user code:
   File "/home/ana/proj/train.py", line 41, in step
    loss = self.criterion(out, y)
"""


@pytest.mark.parametrize("log", [DYNAMO_UNSUPPORTED, DYNAMO_FAKE, FROM_USER_CODE_ONLY])
def test_dynamo_tracing_failures_are_the_codes(log: str) -> None:
    reading = read(unprefixed_lines(log), SCRIPT)
    assert reading is not None and reading.record_id == TRACE_RECORD
    data = diagnose_log(SCRIPT, log, "delta", None, False)
    assert data["proposed"] is None and data["diagnoses"][0]["record_id"] == TRACE_RECORD


@pytest.mark.parametrize("log", [
    # the backend that compiles the traced graph: the job's compiler, Triton, the GPU
    "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nInvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')\n",
    DYNAMO_UNSUPPORTED + "torch._inductor.exc.InductorError: CalledProcessError: Command '['/usr/bin/gcc', ...]' returned non-zero exit status 1.\n",
    "RuntimeError: Failed to find C compiler. Please specify via CC environment variable.\n\nfrom user code:\n   File \"train.py\", line 9, in f\n",
    # a traced call that fails on the installation (a build without CUDA)
    "torch._dynamo.exc.TorchRuntimeError: Failed running call_function <built-in method cuda>(*(FakeTensor(..., size=(4,)),), **{}):\nTorch not compiled with CUDA enabled\n",
])
def test_the_compiling_backend_is_never_this_reading(log: str) -> None:
    reading = read(unprefixed_lines(log), SCRIPT)
    assert reading is None or reading.record_id != TRACE_RECORD
