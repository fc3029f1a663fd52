"""Classes of input found on bench/unseen9's tune half (issue 14), each with its fix."""

from __future__ import annotations

from maple_flow import port
from maple_flow.knowledge.directives import slurm_file_pattern

PBS_JOB = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=01:00:00\n"
           "{lines}cd $PBS_O_WORKDIR\npython train.py\n")


def test_pbs_job_variables_in_an_output_path_become_slurm_file_patterns() -> None:
    assert slurm_file_pattern("$PBS_JOBID.err", "pbs") == "%j.err"
    assert slurm_file_pattern("${PBS_O_WORKDIR}/logs/${PBS_JOBNAME}.o", "pbs") == "logs/%x.o"
    assert slurm_file_pattern("$HOME/x.$JOB_ID", "sge") == "$HOME/x.%j"
    script = PBS_JOB.format(lines="#PBS -o $PBS_O_WORKDIR/logs/train_$PBS_JOBID.log\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --output=logs/train_%j.log" in r.script
    assert "$PBS_JOBID" not in r.script.split("set -e")[0]


def test_an_output_path_with_a_variable_sbatch_cannot_expand_is_a_noted_comment() -> None:
    script = PBS_JOB.format(lines="#PBS -e $MYLOGS/run.err\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --error" not in r.script
    assert "# source directive, not carried: #PBS -e $MYLOGS/run.err" in r.script
    assert any("sbatch does not expand" in n for n in r.notes)


def test_a_pbs_output_path_is_kept_verbatim_on_a_pbs_target() -> None:
    script = PBS_JOB.format(lines="#PBS -o $PBS_JOBID.out\n")
    assert "#PBS -o $PBS_JOBID.out" in port(script, ["polaris"])["polaris"].script
