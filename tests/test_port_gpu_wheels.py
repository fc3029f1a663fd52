"""An install the ported job keeps that pins a build for another GPU vendor or CPU
architecture than the target's is named on its line (issue 14, unseen29 tune: a CUDA torch
installed with --user on Aurora shadows the site's XPU torch)."""

from __future__ import annotations

import pytest

from maple_flow import port

HEAD = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -A abc
#SBATCH -t 01:00:00
"""


@pytest.mark.parametrize(("install", "target", "said"), [
    ("pip install --user torch==2.1.2 torchvision --index-url "
     "https://download.pytorch.org/whl/cu121", "aurora", "installs a CUDA build (`cu121`)"),
    ("pip install torch==2.3.0 --index-url https://download.pytorch.org/whl/rocm6.0",
     "polaris", "installs a ROCm build (`rocm6.0`)"),
    ("pip install torch-scatter -f https://data.pyg.org/whl/torch-2.3.0+cu121.html", "aurora",
     "installs a CUDA build (`+cu121`)"),
    ("pip install https://example.org/flash_attn-2.5.8-cp310-cp310-linux_x86_64.whl",
     "deltaai", "installs a wheel built for x86_64 CPUs"),
    ("pip install numpy spconv-cu120 timm", "aurora", "installs a CUDA build (`spconv-cu120`)"),
    # a launch of its own (unseen17 snellius): the line is rewritten, the install is kept
    ("srun pip3 install torch-scatter -f https://data.pyg.org/whl/torch-2.5.0+cu124.html",
     "aurora", "installs a CUDA build (`+cu124`)")])
def test_an_install_for_another_gpu_or_cpu_is_named_on_its_line(install: str, target: str,
                                                                said: str) -> None:
    r = port(HEAD + f"module load python\n{install}\nsrun python train.py\n", target)[target]
    assert install.removeprefix("srun ") in r.script  # the user's install, kept
    note = next(n for n in r.notes if n.startswith("line 8 `") and "installs a" in n)
    assert said in note
    assert ("--user it goes to ~/.local" in note) is ("--user" in install)


@pytest.mark.parametrize(("install", "target"), [
    ("pip install --user torch==2.1.2 --index-url https://download.pytorch.org/whl/cu121",
     "polaris"),
    ("pip install torch --index-url https://download.pytorch.org/whl/xpu", "aurora"),
    ("pip install https://example.org/x-1.0-cp310-cp310-linux_x86_64.whl", "polaris"),
    ("pip install curl-cffi cupcake", "aurora")])
def test_an_install_for_the_targets_own_gpus_is_not_named(install: str, target: str) -> None:
    r = port(HEAD + f"module load python\n{install}\nsrun python train.py\n", target)[target]
    assert not any(n.startswith("line 8 `pip install") and "build" in n for n in r.notes)
