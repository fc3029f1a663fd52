"""A library's NotImplementedError about its own API (s37rl3639, maple_flow/repair/
not_implemented.py, templates/failures/rl3639_s37.yaml): the packages of the environment disagree
(tensordict, datasets/fsspec, numpy/TensorFlow), shown alone or with the library's own raise as
the innermost frame - not the launch script's; messages about the locale, a backend, devices,
an environment variable, and a raise of the user's own code keep their answers."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.not_implemented import library_not_implemented

SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=02:00:00
source $HOME/venvs/rl/bin/activate
srun python -u train.py --epochs 3
"""
RECORD = "structure-library-not-implemented"
LIBRARY_RAISE = (
    'Traceback (most recent call last):\n'
    '  File "/home/u/proj/train.py", line 40, in <module>\n'
    '    ds = load_dataset("json", data_files=path)\n'
    '  File "/home/u/venvs/rl/lib/python3.10/site-packages/datasets/builder.py", line 1108, '
    'in as_dataset\n'
    '    raise NotImplementedError(f"Loading a dataset cached in a {type(self._fs).__name__} is '
    'not supported.")\n'
    'NotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.\n')
USER_RAISE = (
    'Traceback (most recent call last):\n'
    '  File "/home/u/proj/train.py", line 12, in <module>\n'
    '    raise NotImplementedError(f"loss {name} is not implemented yet in this trainer")\n'
    'NotImplementedError: loss focal_v2 is not implemented yet in this trainer\n')


def _first(log: str, script: str = SCRIPT) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, "delta", None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


@pytest.mark.parametrize("log", [
    "NotImplementedError: TensorDict does not support membership checks with the `in` keyword. "
    "If you want to check if a particular key is in your TensorDict, please use `key in "
    "tensordict.keys()` instead.\n",
    "NotImplementedError: Cannot convert a symbolic Tensor (gru/strided_slice:0) to a numpy array."
    "\n",
])
def test_library_api_not_implemented_is_not_the_script(log: str) -> None:
    data, first = _first(log)
    assert first == f"{RECORD}/not_script"
    assert data["proposed"] is None


def test_the_librarys_own_raise_as_innermost_frame_is_read() -> None:
    assert library_not_implemented(LIBRARY_RAISE, SCRIPT) == (
        "NotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.",)
    data, first = _first(LIBRARY_RAISE)
    assert first.endswith("/not_script") and data["proposed"] is None


@pytest.mark.parametrize("log", [
    "NotImplementedError: A UTF-8 locale is required. Got ANSI_X3.4-1968\n",
    "NotImplementedError: Could not run 'torchvision::nms' with arguments from the 'CUDA' "
    "backend.\n",
    "NotImplementedError: CUDA_HOME is None. Please set environment variable CUDA_HOME.\n",
    "NotImplementedError: Using RTX 4000 series doesn't support faster communication broadband "
    "via P2P or IB. Please set `NCCL_P2P_DISABLE=\"1\"` and `NCCL_IB_DISABLE=\"1\"`\n",
    "NotImplementedError: Pipeline parallelism is not supported for this model.\n",
    "NotImplementedError: sm_70 is not supported by this attention implementation.\n",
    "NotImplementedError: all_gather_object over the world group is not implemented here.\n",
    "NotImplementedError\n",
    USER_RAISE,
])
def test_launch_environment_or_own_code_messages_are_left(log: str) -> None:
    assert library_not_implemented(log, SCRIPT) is None
    _, first = _first(log)
    assert not first.startswith(RECORD)


def test_a_value_the_script_names_vetoes_the_reading() -> None:
    log = "NotImplementedError: Sampler seq_pack_v2 is not supported by this collate function.\n"
    assert library_not_implemented(log, SCRIPT) is not None
    script = SCRIPT.replace("--epochs 3", "--epochs 3 --sampler seq_pack_v2")
    assert library_not_implemented(log, script) is None


def test_torchs_missing_forward_is_read_though_it_says_module() -> None:
    log = 'NotImplementedError: Module [ModuleDict] is missing the required "forward" function\n'
    data, first = _first(log)
    assert first == f"{RECORD}/not_script" and data["proposed"] is None
    assert library_not_implemented("NotImplementedError: module 'x' is not built here\n",
                                   SCRIPT) is None
