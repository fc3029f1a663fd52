"""A PBS job starts in the home directory: a relative first `cd` is named (issue 14, item 4)."""

from __future__ import annotations

from maple_flow import port

_PBS = "#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=02:00:00\n"


def _notes(text: str) -> str:
    return "\n".join(port(text, ["delta"])["delta"].notes)


def test_relative_cd_of_a_pbs_job_is_named_home_relative() -> None:
    notes = _notes(_PBS + "cd proj/run\npython train.py\n")
    assert "line 4 `cd proj/run` is a relative path: PBS started the job in your home" in notes
    assert 'cd "$HOME"/proj/run' in notes


def test_no_note_after_cd_to_the_submit_dir_or_on_slurm() -> None:
    assert "relative path" not in _notes(_PBS + "cd $PBS_O_WORKDIR\ncd run\npython t.py\n")
    slurm = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n"
    assert "relative path" not in _notes(slurm + "cd run\npython t.py\n")
