"""The job script's own shell behaviour survives a port (issue 14, bench/shellopts_probe): a
source without ``set -e`` that reads its launch's status (``EXIT_CODE=$?``, ``PIPESTATUS``)
runs its launch so on the target too, not under the template's ``set -eo pipefail``; a launch
run in the background keeps its ``&`` and the ``wait`` stays where the source has it (before
``exit 0``); a Slurm requeue inside a ``trap`` is written for a PBS target."""

from __future__ import annotations

import re

import pytest

from maple_flow import port
from maple_flow.port.fit import launch_shell_options
from maple_flow.scriptparse import parse_script

SLURM = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
         "#SBATCH --gpus-per-node=1\n#SBATCH -t 01:00:00\n")


def _script(script: str, target: str) -> str:
    r = port(script, target)[target]
    assert r.status == "generated", r.refusals
    return r.script


def _launch_index(lines: list[str]) -> int:
    return next(i for i, x in enumerate(lines) if "train.py" in x and not x.startswith("#"))


def _options_at_launch(script: str) -> str:
    """The last `set` line before the launch line."""
    lines = script.split("\n")
    sets = [x.split("#")[0].strip() for x in lines[:_launch_index(lines)]
            if x.lstrip().startswith("set ")]
    return sets[-1] if sets else ""


@pytest.mark.parametrize("target", ["perlmutter", "polaris"])
def test_status_read_after_launch_runs_it_without_set_e(target: str) -> None:
    script = (SLURM + "module load cuda\nsrun python train.py --lr 0.1\nEXIT_CODE=$?\n"
              'if [ $EXIT_CODE -eq 99 ]; then\n    scontrol requeue $SLURM_JOB_ID\nfi\n'
              "exit $EXIT_CODE\n")
    out = _script(script, target)
    assert _options_at_launch(out) == "set +eo pipefail", out
    lines = out.split("\n")
    # nothing between the launch and the line that reads its status
    assert lines[_launch_index(lines) + 1:][:4].count("EXIT_CODE=$?") == 1, out


def test_pipestatus_with_set_e_but_no_pipefail_turns_pipefail_off() -> None:
    script = (SLURM + "set -e\nsrun python train.py 2>&1 | tee log.txt\n"
              "status=${PIPESTATUS[0]}\n"
              'if [ "$status" -ne 0 ]; then echo failed; fi\nexit $status\n')
    out = _script(script, "delta")
    assert _options_at_launch(out) == "set +o pipefail", out


def test_source_with_set_eo_pipefail_keeps_the_target_options() -> None:
    script = SLURM + "set -eo pipefail\nsrun python train.py\necho done\n"
    out = _script(script, "delta")
    assert "as in the source: its launch ran without" not in out


def test_launch_that_ends_the_job_gets_no_extra_set_line() -> None:
    out = _script(SLURM + "srun python train.py\n", "delta")
    assert "as in the source: its launch ran without" not in out


@pytest.mark.parametrize("target", ["perlmutter", "polaris"])
def test_background_launch_keeps_and_wait_stays_before_exit(target: str) -> None:
    script = (SLURM + "handler() { echo 'time is up'; exit 2; }\ntrap handler SIGUSR1\n"
              "srun python train.py &\nwait\nexit 0\n")
    out = _script(script, target)
    lines = out.split("\n")
    launch_end = _launch_index(lines)
    while lines[launch_end].rstrip().endswith("\\"):
        launch_end += 1
    assert lines[launch_end].rstrip().endswith("&"), out
    rest = [x.strip() for x in lines[launch_end + 1:] if x.strip() and not x.startswith(
        ("#", "set "))]
    assert rest[:2] == ["wait", "exit 0"], out


def test_kept_command_in_background_keeps_its_wait() -> None:
    script = (SLURM + "OPTS=$@\ntrap 'kill -s TERM $(jobs -p); wait; exit' SIGTERM\n"
              "my-trainer ${OPTS[@]} &\nwait\n")
    out = _script(script, "delta")
    body = out.split("my-trainer ${OPTS[@]} &", 1)
    assert len(body) == 2 and re.search(r"^wait$", body[1], re.M), out


def test_requeue_inside_a_trap_is_written_for_pbs() -> None:
    script = (SLURM + "trap 'scontrol requeue $SLURM_JOB_ID; exit 0' USR1\n"
              "srun python train.py\n")
    out = _script(script, "polaris")
    trap = next(x for x in out.split("\n") if x.startswith("trap "))
    assert "scontrol" not in trap and "qrerun" in trap and "PBS_JOBID" in trap, out
    kept = _script(script, "delta")
    assert "trap 'scontrol requeue $SLURM_JOB_ID; exit 0' USR1" in kept


@pytest.mark.parametrize(("text", "want"), [
    ("#!/bin/bash\n#SBATCH -N 1\nsrun python train.py\n", (False, False)),
    ("#!/bin/bash -e\n#SBATCH -N 1\nsrun python train.py\n", (True, False)),
    ("#!/bin/bash\n#SBATCH -N 1\nset -euo pipefail\nsrun python train.py\n", (True, True)),
    ("#!/bin/bash\n#SBATCH -N 1\nset -eo pipefail\nset +e\nsrun python train.py\n",
     (False, True)),
    ("#!/usr/bin/env bash\n#SBATCH -N 1\nset -o pipefail\nsrun python train.py\n",
     (False, True)),
])
def test_launch_shell_options(text: str, want: tuple[bool, bool]) -> None:
    assert launch_shell_options(parse_script(text), text.split("\n")[0]) == want


def test_set_up_steps_still_run_without_set_e_when_the_launch_does() -> None:
    script = (SLURM + "mkdir -p out\ngrep -q x missing.txt\n"
              "srun python train.py\nEXIT_CODE=$?\nexit $EXIT_CODE\n")
    out = _script(script, "delta")
    lines = out.split("\n")
    steps = lines.index("mkdir -p out")
    assert any(x.startswith("set +eo pipefail") for x in lines[:steps]), out
    assert _options_at_launch(out) == "set +eo pipefail", out


@pytest.mark.parametrize("opts", ["", "set -o pipefail\n", "set -e\n"])
def test_status_line_comes_right_after_the_launch(opts: str) -> None:
    """No `set` line of the port between the launch and the user's `rc=$?` (it was: the
    after-launch `set +eo pipefail` made `$?` always 0)."""
    script = SLURM + opts + "srun python train.py\nrc=$?\necho \"rc=$rc\"\nexit $rc\n"
    lines = _script(script, "delta").split("\n")
    end = _launch_index(lines)
    while lines[end].rstrip().endswith("\\"):
        end += 1
    nxt = [x for x in lines[end + 1:] if x.strip() and not x.lstrip().startswith("#")]
    assert nxt[0] == "rc=$?", lines


def test_function_whose_body_is_not_copied_loses_its_header_too() -> None:
    """`handler()` on its own line, its `{ ... }` body dropped as another scheduler's: the port
    kept the header alone, a script that does not parse."""
    script = (SLURM + "handler()\n{\n\techo caught\n\tscancel --signal=USR1 \"$SLURM_JOB_ID\"\n}\n"
              "trap handler SIGUSR1\nsrun python train.py &\nwait\n")
    r = port(script, "polaris")["polaris"]
    assert r.status == "generated"
    assert not any(x.strip() == "handler()" for x in r.script.split("\n")), r.script
    assert any("its function header `handler()`" in n for n in r.notes), r.notes
    kept = _script(script, "delta")
    assert "handler()\n{" in kept
