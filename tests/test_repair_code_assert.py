"""s31not: a log that ends in a failed ``assert`` of code's own state, shown by its statement
alone (a worker logger's prefixed lines, a quoted statement), is read as the library's or the
program's internal check - never where the statement speaks of the launch, the devices, the
arguments or a path, or names a word of the job script; a None value at a statement that reads
the parsed command line is not read as the program's (maple_flow/repair/code_assert.py,
code_exception.none_from_argument via structure.read)."""
from __future__ import annotations

import pytest

from maple_flow.repair.structure import read

PREFIXED = (
    '(VllmWorker rank=0 pid=11) ERROR 07-08 15:41:43 [multiproc_executor.py:487]   File '
    '"/opt/lib/python3.11/site-packages/somelib/models/net.py", line 743, in __init__\n'
    '(VllmWorker rank=0 pid=11) ERROR 07-08 15:41:43 [multiproc_executor.py:487]     '
    'assert isinstance(layer, DecoderLayer)\n')
QUOTED = "assert self.moe_kernel is not None\n"
STACK_SUMMARY = "optimizer.step()\nself.after_apply()\nassert root.size == 1\nAssertionError\n"
SCRIPT = "#!/bin/bash\n#SBATCH --nodes=1\nsrun python train.py --epochs 3\n"


@pytest.mark.parametrize("log", [PREFIXED, QUOTED, STACK_SUMMARY])
def test_a_failed_assert_of_code_state_is_internal(log: str) -> None:
    reading = read(log, SCRIPT)
    assert reading is not None and reading.category == "internal"
    assert reading.evidence[0].endswith(log.strip().splitlines()[-1].strip()) or any(
        "assert " in line for line in reading.evidence)


@pytest.mark.parametrize("log", [
    "assert world_size % tp_size == 0\n",                # the ranks the launch starts
    "assert torch.cuda.is_available()\n",                # the devices
    "assert tp_size <= ngpus\n",                         # counts the launch gives
    "assert self.pipeline_parallel_size == 2\n",
    "assert hvd.size() == 4\n",
    "assert os.path.exists(args.data_dir)\n",            # a path, an argument
    "assert self.config.num_layers > 0\n",               # a configuration
    "assert self.moe_kernel is not None\nValueError: bad value\n",  # something else ended it
    "assert self.model is not None\nAssertionError: rank 3 has no model\n",  # message: ranks
])
def test_an_assert_that_speaks_of_the_launch_is_not_read(log: str) -> None:
    assert read(log, SCRIPT) is None or read(log, SCRIPT).category != "internal"


def test_an_assert_under_launch_setup_frames_is_not_read() -> None:
    log = PREFIXED.replace("somelib/models/net.py", "torch/distributed/distributed_c10d.py")
    assert read(log, SCRIPT) is None


def test_an_assert_on_a_name_of_the_script_is_not_read() -> None:
    script = SCRIPT.replace("--epochs 3", "--moe_kernel triton")
    assert read(QUOTED, script) is None


ARGUMENT_NONE = '''Traceback (most recent call last):
  File "../../main/train.py", line 821, in <module>
    set_defaults(args)
  File "../../main/train.py", line 204, in set_defaults
    train_it = os.path.join(data_dir, args.train_it[i])
TypeError: 'NoneType' object is not subscriptable
'''


def test_a_none_argument_is_not_the_programs() -> None:
    assert read(ARGUMENT_NONE, SCRIPT) is None


def test_a_none_value_of_the_programs_own_is_still_read() -> None:
    log = ARGUMENT_NONE.replace("args.train_it[i]", "batch.items[i]").replace(
        "os.path.join(data_dir, ", "(")
    reading = read(log, SCRIPT)
    assert reading is not None and reading.category == "program"
