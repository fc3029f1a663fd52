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


def test_a_pbs_job_that_never_changes_directory_names_its_relative_program() -> None:
    notes = _notes(_PBS + "source activate tf\npython sub/dir/main.py\n")
    assert "the launch names sub/dir/main.py, a path relative to where the job starts" in notes
    assert "PBS started the job in your home directory" in notes


def test_a_relative_glob_after_the_launch_is_named() -> None:
    notes = _notes(_PBS + "python3 $HOME/t.py\ncp * $HOME/out/\n")
    assert "`cp * $HOME/out/` (after the launch) names *" in notes


def test_no_home_note_where_the_job_starts_in_the_submit_directory() -> None:
    assert "home directory" not in _notes(_PBS + "cd $PBS_O_WORKDIR\npython sub/main.py\n")
    assert "home directory" not in _notes(_PBS + "python -m pkg.main --cfg x\n")
    gadi = _PBS + "#PBS -l wd\n"  # NCI Gadi: the job starts where it was submitted from
    assert "home directory" not in _notes(gadi + "cd ..\npython sub/main.py\n")
    assert "`#PBS -l wd` started the job in the directory it was submitted from" in _notes(
        gadi + "python main.py\n")
