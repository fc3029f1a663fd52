"""A verification job must not change the Python environment it runs in (package installs).

Found on the twin: a ported `pip install llama-recipes` step ran in a verification job and
replaced the verifier's CPU torch with a CUDA build.
"""

from __future__ import annotations

import subprocess

import pytest

from maple_flow.verify.prepare import SKIPPED_MARK, prepare, without_installs

SCRIPT = """#!/bin/bash
#SBATCH -N 1
export KEEP=1
{line}
srun python train.py
"""


@pytest.mark.parametrize("line", [
    "pip install llama-recipes",
    "pip3 install --user -r requirements.txt",
    "python -m pip install -e .",
    "python3.11 -m pip install 'torch==2.3'",
    "$PYTHON -m pip uninstall -y apex",
    "PIP_NO_INPUT=1 /opt/venv/bin/pip install x",
    "uv pip install datasets",
    "conda install -y numpy",
    "mamba env create -f env.yml",
    "  micromamba install -c conda-forge mpi4py",
])
def test_installs_are_not_run_and_the_script_stays_valid(line: str) -> None:
    out = without_installs(SCRIPT.format(line=line))
    assert f": {SKIPPED_MARK} {line.strip()}" in out
    assert "export KEEP=1" in out and "srun python train.py" in out
    assert subprocess.run(["bash", "-n"], input=out, text=True).returncode == 0


@pytest.mark.parametrize("line", ["echo pip install later", "pip list", "pip freeze > req.txt",
                                  "conda activate base", "source venv/bin/activate",
                                  "cat pip-install.log"])
def test_other_lines_are_left_alone(line: str) -> None:
    text = SCRIPT.format(line=line)
    assert without_installs(text) == text


def test_a_continued_install_inside_a_block_is_skipped_whole() -> None:
    text = ("#!/bin/bash\nif true; then\n    pip install -e . \\\n        --no-deps\nfi\n"
            "echo done\n")
    out = without_installs(text)
    ran = subprocess.run(["bash", "-c", out], capture_output=True, text=True)
    assert ran.returncode == 0 and ran.stdout == "done\n"
    assert "--no-deps" in out and "\n        --no-deps" not in out


def test_prepare_skips_installs() -> None:
    text = SCRIPT.format(line="pip install llama-recipes").replace(
        "#SBATCH -N 1", "#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -p gpuA100x4")
    job = prepare(text, "delta", entrypoint="train.py")
    assert f": {SKIPPED_MARK} pip install llama-recipes" in job.script
