"""s29rnot2: Python's own TypeError/ValueError/AttributeError raised at a statement of the
user's project code ("usercode") or inside an installed library the user's code called
("libcode") are read as not the script's; the launch's, the environment's and the values'
checks are not (maple_flow/repair/code_exception.py via structure.read)."""
from __future__ import annotations

import pytest

from maple_flow.repair.structure import read

USER_TYPO = '''Traceback (most recent call last):
  File "train.py", line 249, in <module>
    main()
  File "train.py", line 158, in train
    inputs, targets = torch.atrutograd.Variable(inputs), torch.autograd.Variable(targets)
AttributeError: module 'torch' has no attribute 'atrutograd'
'''
USER_UNPACK = '''Traceback (most recent call last):
  File "main.py", line 771, in <module>
    trainer.build(batch_size=10)
  File "main.py", line 539, in build
    train_image_batch, train_seg_batch = self.train_csv_reader.get_batch(batch_size)
ValueError: too many values to unpack (expected 2)
'''
WORKER_UNPACK = '''Traceback (most recent call last):
  File "/usr/local/lib/python3.7/dist-packages/joblib/parallel.py", line 263, in __call__
    for func, args, kwargs in self.items]
  File "/content/drive/MyDrive/crank/crank/bin/evaluate_mcd.py", line 48, in calculate
    number, orgspk, tarspk = basename.split("_")
ValueError: too many values to unpack (expected 3)
'''
LIBRARY_UNPACK = '''Traceback (most recent call last):
  File "run.py", line 12, in <module>
    model.fit(loader)
  File "/opt/conda/lib/python3.10/site-packages/somelib/engine.py", line 88, in fit
    images, labels = batch
ValueError: too many values to unpack (expected 2)
'''


@pytest.mark.parametrize("log, category, frame", [
    (USER_TYPO, "usercode", 'File "train.py", line 158, in train'),
    (USER_UNPACK, "usercode", 'File "main.py", line 539, in build'),
    (WORKER_UNPACK, "usercode", "evaluate_mcd.py\", line 48"),
    (LIBRARY_UNPACK, "libcode", "somelib/engine.py\", line 88"),
])
def test_code_exceptions_are_read_with_their_frame(log: str, category: str, frame: str) -> None:
    reading = read(log)
    assert reading is not None and reading.category == category
    assert frame in reading.evidence[0]
    assert reading.evidence[1].startswith(("AttributeError", "ValueError"))


def _swap(log: str, old: str, new: str) -> str:
    assert old in log
    return log.replace(old, new)


@pytest.mark.parametrize("log", [
    # a module of the launch or the devices lacks the attribute: a build or launch matter
    _swap(USER_TYPO, "module 'torch' has no attribute 'atrutograd'",
          "module 'torch.distributed' has no attribute 'init_process_group'"),
    _swap(USER_TYPO, "module 'torch' has no attribute 'atrutograd'",
          "module 'torch._C' has no attribute '_cuda_setDevice'"),
    _swap(USER_TYPO, "module 'torch' has no attribute 'atrutograd'",
          "module 'mpi4py' has no attribute 'MPI'"),
    # a module shadowed or half-imported (a file named like the package in the job's directory)
    _swap(USER_TYPO, "module 'torch' has no attribute 'atrutograd'",
          "partially initialized module 'torch' has no attribute 'nn' (most likely due to a "
          "circular import)"),
    # no traceback: where it was raised is unknown
    "AttributeError: module 'torch.utils.hooks' has no attribute 'RemovableHook'\n",
    # the program's own check of its input (a value the launch line may give)
    _swap(USER_UNPACK, "train_image_batch, train_seg_batch = self.train_csv_reader."
          "get_batch(batch_size)", "raise ValueError(f'bad mode {mode}')"),
    # the statement reads the command line's arguments or the environment
    _swap(USER_UNPACK, "self.train_csv_reader.get_batch(batch_size)", "args.sizes"),
    _swap(USER_UNPACK, "self.train_csv_reader.get_batch(batch_size)",
          "os.environ.get('DIMS')"),
    # a library's check of the values passed in (an empty data set the launch line may cause)
    _swap(LIBRARY_UNPACK, "images, labels = batch\nValueError: too many values to unpack "
          "(expected 2)", '"value, but got num_samples={}".format(self.num_samples))\n'
          "ValueError: num_samples should be a positive integer value, but got num_samples=0"),
    # the message speaks of the devices, a version or a path
    _swap(LIBRARY_UNPACK, "too many values to unpack (expected 2)",
          "this model requires a newer version of somelib"),
    _swap(USER_UNPACK, "too many values to unpack (expected 2)", "expected a cuda device"),
    # a Windows path of an installed package is a library frame, not the user's
    _swap(LIBRARY_UNPACK, "/opt/conda/lib/python3.10/site-packages/somelib/engine.py",
          "G:\\\\PYTHON\\\\lib\\\\site-packages\\\\somelib\\\\engine.py").replace(
              'File "run.py"', 'File "G:\\\\PYTHON\\\\lib\\\\site-packages\\\\x\\\\run.py"'),
])
def test_launch_environment_and_value_checks_are_not_read(log: str) -> None:
    reading = read(log)
    assert reading is None or reading.category not in ("usercode", "libcode"), reading


def test_a_value_the_script_names_vetoes_the_reading() -> None:
    log = _swap(USER_TYPO, "AttributeError: module 'torch' has no attribute 'atrutograd'",
                "TypeError: 'train_full' got an unexpected type")
    assert read(log) is not None and read(log).category == "usercode"  # type: ignore[union-attr]
    assert read(log, "#!/bin/bash\npython train.py --split train_full\n") is None


def test_a_launch_word_anywhere_vetoes_the_reading() -> None:
    assert read("export MASTER_PORT=29500\n" + USER_UNPACK) is None


DOUBLE_SPACED = '''Traceback (most recent call last):

  File "launch_simulation.py", line 13, in <module>

    import radical.pilot

  File "/env/lib/python2.7/site-packages/saga/__init__.py", line 46, in <module>

    version, version_detail, version_branch = ru.get_version ([root, pwd])

ValueError: too many values to unpack
'''


def test_a_log_pasted_double_spaced_is_read() -> None:
    """A blank line between a frame and its statement (a log pasted double-spaced)."""
    reading = read(DOUBLE_SPACED)
    assert reading is not None and reading.category == "libcode"
    assert "saga/__init__.py" in reading.evidence[0]


def test_a_statement_that_sets_up_the_devices_is_not_read() -> None:
    log = _swap(USER_UNPACK, "self.train_csv_reader.get_batch(batch_size)",
                "torch.cuda.current_device(), 1, 2")
    reading = read(log)
    assert reading is None or reading.category != "usercode"
