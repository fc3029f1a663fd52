"""Every time-limit form the source's scheduler reads is carried over; a limit of none is
ported as the target's longest, said in a note; an unread value is asked, never shrunk to the
30-minute default (issue 14: bench/unseen30 tune `--time=1-` got 00:30:00)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation
from maple_flow.models.common import no_time_limit, scheduler_walltime_seconds

JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:1
#SBATCH --time={time}
python train.py --epochs 10
"""


@pytest.mark.parametrize(("text", "seconds"), [
    ("1-", 86400), ("7-", 7 * 86400), ("2-0", 2 * 86400), ("1-12", 129600),
    ("3-00:30", 3 * 86400 + 1800), ("0-20:00:00", 72000), ("30", 1800), ("30:00", 1800),
])
def test_every_slurm_time_form_is_read(text: str, seconds: int) -> None:
    assert scheduler_walltime_seconds(text, "slurm") == seconds


def test_torque_days_walltime_is_read() -> None:
    assert scheduler_walltime_seconds("2:00:00:00", "pbs") == 2 * 86400


@pytest.mark.parametrize("text", ["UNLIMITED", "infinite", "-1"])
def test_slurm_no_limit_values_are_known(text: str) -> None:
    assert no_time_limit(text, "slurm") and not no_time_limit(text, "pbs")


def test_a_days_only_time_is_ported_as_days_not_the_default() -> None:
    out = port(JOB.format(time="1-"), ["delta"])["delta"]
    assert "#SBATCH -t 24:00:00" in out.script
    assert not any("sets no time limit" in n for n in out.notes)


def test_no_limit_asks_the_longest_queue_with_a_note() -> None:
    out = port(JOB.format(time="UNLIMITED"), ["delta"])["delta"]
    assert "00:30:00" not in out.script
    note = next(n for n in out.notes if "asks no time limit" in n)
    assert "#SBATCH --time=UNLIMITED" in note and "the longest" in note


def test_an_unread_time_is_asked_not_shrunk() -> None:
    with pytest.raises(MissingInformation) as err:
        port(JOB.format(time="1d12h"), ["delta"])
    assert "walltime" in str(err.value) and "1d12h" in str(err.value)
    out = port(JOB.format(time="1d12h"), ["delta"], walltime="36:00:00")["delta"]
    assert "#SBATCH -t 36:00:00" in out.script
