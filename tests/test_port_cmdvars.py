"""Launches held in shell variables and unusual launch syntax (issue 14, bench/s18cmdvars_probe):
GPT-NeoX's deepy.py launcher, command strings built over appends, multi-line command bodies run
by `srun bash -c "$CMD"`, the quoting of words taken from a command string, and multi-line
command arrays kept as written."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

SLURM = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
         "#SBATCH --gres=gpu:4\n#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", getattr(r, "refusals", r)
    return r


# --- 1. deepy.py is GPT-NeoX's launcher, not a one-process program ---

DEEPY = (SLURM + "TRAIN_PATH=/opt/gpt-neox\ncd $TRAIN_PATH\n"
         "export DLTS_HOSTFILE=$HOME/hostfiles/hosts_$SLURM_JOBID\n"
         "python $TRAIN_PATH/deepy.py $TRAIN_PATH/train.py --conf_dir configs small.yml\n")


def test_deepy_is_named_as_the_gpt_neox_launcher() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(DEEPY)
    text = str(err.value)
    assert "deepy.py, GPT-NeoX's launcher" in text
    assert "DLTS_HOSTFILE" in text and "hostfile" in text
