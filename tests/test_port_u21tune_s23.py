"""General classes found on unseen21's tune half (session s23), each with its fix."""

from __future__ import annotations

from maple_flow import port

PBS_JOB = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=01:00:00\n"
           "{lines}cd $PBS_O_WORKDIR\npython train.py\n")


def test_a_pbs_output_folder_becomes_a_slurm_file_pattern_in_it() -> None:
    script = PBS_JOB.format(lines="#PBS -j oe\n#PBS -o logs/\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --output=logs/%x.o%j" in r.script
    assert "#SBATCH --output=logs/\n" not in r.script
    assert any("`logs/` is a folder" in n and "make sure `logs/` exists" in n for n in r.notes)


def test_a_pbs_error_folder_and_the_current_folder() -> None:
    script = PBS_JOB.format(lines="#PBS -e errs/\n#PBS -o .\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --error=errs/%x.e%j" in r.script
    assert "#SBATCH --output=./%x.o%j" in r.script


def test_a_pbs_output_file_stays_a_file() -> None:
    script = PBS_JOB.format(lines="#PBS -o logs/run.log\n")
    assert "#SBATCH --output=logs/run.log\n" in port(script, ["delta"])["delta"].script
