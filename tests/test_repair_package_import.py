"""The structural reading "package" (repair/package_import.py, s29): an installed package's
own import failing inside the installation is not the launch script's (advice, no fix); an
import failure the launch may cause (no environment, two installations, a shared library, a
launcher's error) is not read (issue 17, bench/s29rnot_probe)."""

from __future__ import annotations

import pytest

from maple_flow.repair.package_import import broken_installation
from maple_flow.repair.structure import read

SITE = "/u/.conda/envs/a/lib/python3.10/site-packages"
VERSIONS = f"""Traceback (most recent call last):
  File "train.py", line 5, in <module>
    import peft
  File "{SITE}/peft/peft_model.py", line 37, in <module>
    from transformers import Cache, EDCache
ImportError: cannot import name 'EDCache' from 'transformers' ({SITE}/transformers/__init__.py)
"""
OWN_SUBMODULE = f"""Traceback (most recent call last):
  File "train.py", line 3, in <module>
    import gitlib
  File "{SITE}/gitlib/__init__.py", line 41, in <module>
    from gitlib.objects import *
ModuleNotFoundError: No module named 'gitlib.objects'
"""
BARE_NAME = f"""Traceback (most recent call last):
  File "run.py", line 1, in <module>
    from jobq.sge import Cluster
  File "{SITE}/jobq/core.py", line 11, in <module>
    from distributed.deploy import Cluster
ImportError: cannot import name 'Cluster'
"""
OPTIONAL = """File ".../outlines/types/airports.py", line 7, in <module>
    raise ImportError(
ImportError: The `airports` module requires "pyairports" to be installed.
"""
NO_FRAMES_DOTTED = ("ImportError: cannot import name 'Imports' from "
                    "wandb.proto.wandb_telemetry_pb2\n")


@pytest.mark.parametrize("log", [VERSIONS, OWN_SUBMODULE, BARE_NAME, OPTIONAL, NO_FRAMES_DOTTED])
def test_import_failing_inside_an_installed_package_is_not_the_script(log: str) -> None:
    reading = read(log)
    assert reading is not None and reading.category == "package"
    assert reading.record_id == "structure-package-import-broken"


MIXED = """Traceback (most recent call last):
  File "/h/.local/lib/python3.7/site-packages/wrapt/importer.py", line 176, in _exec
    self.loader.exec_module(module)
  File "/opt/mc/lib/python3.7/site-packages/torch/utils/tb/__init__.py", line 1, in <module>
    from tensorboard.summary import x
ModuleNotFoundError: No module named 'tensorboard.summary'
"""


@pytest.mark.parametrize("log", [
    "ModuleNotFoundError: No module named 'torch'\n",  # no environment: the launch's
    f"""  File "{SITE}/torch/__init__.py", line 9, in <module>
    import typing_extensions
ModuleNotFoundError: No module named 'typing_extensions'
""",  # another top-level package: an environment the script may have picked wrong
    MIXED,  # two installations in the frames: the launch mixes environments
    "ImportError: libcudart.so.12: cannot open shared object file: No such file or directory\n",
    f"ImportError: cannot import name 'PeftModel' from partially initialized module 'peft' "
    f"(most likely due to a circular import) ({SITE}/peft/__init__.py)\n",
    "ImportError: cannot import name 'get_peft_config' from 'peft' (unknown location)\n",
    f"ImportError: cannot import name 'x' from 'torch._C' ({SITE}/torch/_C.so)\n",
    "Lmod has detected the following error: The following module(s) are unknown: \"py\"\n"
    + VERSIONS,  # the module system failed first: the launch's
])
def test_import_failure_the_launch_may_cause_is_not_read(log: str) -> None:
    assert broken_installation(log) is None or read(log) is None
    reading = read(log)
    assert reading is None or reading.category != "package"


def test_exception_line_after_a_blank_line_is_read() -> None:
    reading = read("\n" + NO_FRAMES_DOTTED)
    assert reading is not None and reading.category == "package"
    assert reading.evidence == (NO_FRAMES_DOTTED.strip(),)
