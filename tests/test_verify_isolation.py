"""A verification job must not change the Python environment it runs in (package installs).

Found on the twin: a ported `pip install llama-recipes` step ran in a verification job and
replaced the verifier's CPU torch with a CUDA build.
"""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from maple_flow.verify.prepare import INLINE_MARK, SKIPPED_MARK, prepare, without_installs

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


@pytest.mark.parametrize(("line", "kept"), [
    ('bash -c "pip install foo"', 'bash -c "true "'),
    ("sh -c 'pip install -r req.txt && echo ok'", "sh -c 'true && echo ok'"),
    ("source env/bin/activate && pip install -e .", "source env/bin/activate && true"),
    ("srun -n 1 pip install x", "srun -n 1 true"),
    ("srun -N1 --ntasks-per-node=1 python -m pip install y", "srun -N1 --ntasks-per-node=1 true"),
    ("apptainer exec --nv img.sif pip install z", "apptainer exec --nv img.sif true"),
    ("singularity exec --bind /data img.sif python3 -m pip install --user z; echo done",
     "singularity exec --bind /data img.sif true ; echo done"),
    ("X=$(pip install q 2>&1)", "X=$(true )"),
    ("if ! pip install x; then exit 1; fi", "if ! true ; then exit 1; fi"),
    ("time conda env create -f e.yml", "time true"),
])
def test_installs_inside_a_line_become_true(line: str, kept: str) -> None:
    out = without_installs(SCRIPT.format(line=line))
    marked = next(row for row in out.split("\n") if INLINE_MARK in row)
    command = marked.split(INLINE_MARK)[0]
    assert command.strip() == kept and not re.search(r"\b(pip|conda)\b", command)
    assert subprocess.run(["bash", "-n"], input=out, text=True).returncode == 0


@pytest.mark.parametrize("line", ["echo pip install later", "echo 'run: pip install foo'",
                                  "# pip install a", "mpiexec -n 4 python train.py", "pip list",
                                  "pip freeze > req.txt",
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


def test_a_part_node_job_tells_the_mini_apps_its_ranks_per_node() -> None:
    from maple_flow.generate import generate_from_spec
    from maple_flow.models import JobSpec
    from maple_flow.verify.substitute import JOB_LAYOUT_FILE, MINIAPP_DIR

    layout_file = f"{MINIAPP_DIR}/{JOB_LAYOUT_FILE}"
    for gpus, told in ((2, {"ranks_per_node": 2}), (4, None)):
        spec = JobSpec(cluster="polaris", nodes=2, gpus_per_node=gpus, entrypoint="train.py")
        job = prepare(generate_from_spec(spec).script, "polaris", entrypoint="train.py",
                      spec=spec)
        assert (json.loads(job.files[layout_file]) if layout_file in job.files else None) == told
        assert job.expected.ranks_per_node == gpus


def test_the_mini_apps_read_the_file_prepare_writes() -> None:
    from maple_flow.paths import miniapps_dir
    from maple_flow.verify.substitute import JOB_LAYOUT_FILE

    common = (miniapps_dir() / "_common.py").read_text()
    assert f'JOB_LAYOUT_FILE = "{JOB_LAYOUT_FILE}"' in common
