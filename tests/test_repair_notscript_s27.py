# ruff: noqa: E501
"""s27notscript (issue 17): failures that are not the launch script's must be recognised or left
"not recognised", never given an invented script fix: Slurm's own plugin loader failing on the
node is the site's; srun's newer reports that tasks aborted or were terminated, and the
scheduler's cancellation of the step with no reason, are a launcher's summary (they say not why,
so no similarity match edits the script on them). Each test fails without its rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.evidence_gate import summary_only

SRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00

srun python train.py --epochs 3
"""
PYXIS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --time=01:00:00
srun --container-image=nvcr.io#nvidia/pytorch:24.01-py3 python train.py
"""


@pytest.mark.parametrize("line", [
    "srun: error: plugin_load_from_file: dlopen(/usr/lib64/slurm/spank_extra.so): spank_extra.so: cannot open shared object file: No such file or directory",
    "srun: error: Couldn't load specified plugin name for select/cons_tres: Plugin init() callback failed",
])
def test_slurm_plugin_loader_failure_is_the_sites(line: str) -> None:
    result = diagnose_log(PYXIS, line + "\n", "delta", None, False)
    assert result["proposed"] is None
    first = result["diagnoses"][0]
    assert first["record_id"] == "slurm-plugin-load-failed"
    assert first["verdict"] == "not_script"


def test_a_program_missing_library_is_not_a_slurm_plugin() -> None:
    log = "python: error while loading shared libraries: libcudart.so.12: cannot open shared object file: No such file or directory\n"
    result = diagnose_log(SRUN, log, "delta", None, False)
    assert all(d["record_id"] != "slurm-plugin-load-failed" for d in result["diagnoses"])


@pytest.mark.parametrize("line", [
    "srun: error: nid001234: tasks 0,2: Aborted",
    "srun: error: gpu017: task 3: Terminated",
    "srun: Terminating StepId=881234.0",
    "0: slurmstepd: error: *** STEP 881234.0 ON nid001234 CANCELLED AT 2025-03-02T10:11:12 ***",
])
def test_newer_srun_task_reports_are_summaries(line: str) -> None:
    assert summary_only([line])


@pytest.mark.parametrize("line", [
    "slurmstepd: error: *** JOB 881234 ON nid001234 CANCELLED AT 2025-03-02T10:11:12 DUE TO TIME LIMIT ***",
    "slurmstepd: error: *** STEP 881234.0 ON gpu017 CANCELLED AT 2025-03-02T10:11:12 DUE TO PREEMPTION ***",
    "srun: error: gpu017: task 3: Illegal instruction",
])
def test_a_cancellation_with_its_reason_is_no_summary(line: str) -> None:
    assert not summary_only([line])


def test_tasks_that_aborted_get_no_invented_fix() -> None:
    log = """srun: error: nid004242: tasks 1,3: Aborted
srun: Terminating StepId=700001.0
0: slurmstepd: error: *** STEP 700001.0 ON nid004242 CANCELLED AT 2025-05-05T05:05:05 ***
srun: error: nid004242: task 2: Terminated
srun: Force Terminated StepId=700001.0
"""
    result = diagnose_log(SRUN, log, "vista", None, False)
    assert result["proposed"] is None
