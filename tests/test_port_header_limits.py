"""Header directives whose meaning depends on the rest of the header or on the target's limits
(issue 14, s25header): a working directory (``#SBATCH -D``/``--chdir``, Grid Engine ``-wd``)
that relative log paths are opened in, and a memory request at a whole node's memory, which
Slurm cannot give. Script shapes written here, not copied."""

from __future__ import annotations

from maple_flow import port

CHDIR = ("#!/bin/bash\n#SBATCH -D /home/u/project/code\n#SBATCH -o logs/%x-%j.out\n"
         "#SBATCH -e logs/%x-%j.err\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n\n"
         "python train.py\n")
PLAIN_LOG = ("#!/bin/bash\n#SBATCH --chdir=/home/u/run\n#SBATCH --output=train.log\n"
             "#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n\npython train.py\n")
GRID_WD = ("#!/bin/bash\n#$ -N lid\n#$ -wd /home/u/lid/\n#$ -o qsub_logs/run.out\n"
           "#$ -l h_rt=4:00:00,gpu=1\n\npython train.py\n")
MEM = ("#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH --cpus-per-task=8\n#SBATCH --mem={}\n"
       "#SBATCH -t 1:00:00\n\npython train.py\n")


def _generated(script: str, target: str, **kw: int):  # type: ignore[no-untyped-def]
    r = port(script, [target], **kw)[target]
    assert r.status == "generated", r.notes[:3]
    return r


def test_slurm_workdir_is_kept_as_a_directive_so_relative_logs_open_there() -> None:
    """`-D DIR` with `-o logs/...`: Slurm opens the logs in DIR; a body `cd` alone would leave
    them in the submit directory (the job fails at start without logs/ there): the port keeps
    `--chdir` as a directive and says why."""
    for target in ("delta", "vista", "perlmutter"):
        r = _generated(CHDIR, target)
        assert "#SBATCH --chdir=/home/u/project/code\n" in r.script, target
        assert "#SBATCH --output=logs/%x-%j.out" in r.script
        [note] = [n for n in r.notes if n.startswith("your directive `#SBATCH -D")]
        assert "kept as `#SBATCH --chdir=/home/u/project/code`" in note
        assert "opens relative log files" in note


def test_grid_engine_wd_is_carried_as_chdir() -> None:
    """Grid Engine's `-wd DIR` opened `-o qsub_logs/...` in DIR: carried as --chdir too."""
    r = _generated(GRID_WD, "perlmutter")
    assert "#SBATCH --chdir=/home/u/lid/\n" in r.script
    assert "#SBATCH --output=qsub_logs/run.out" in r.script


def test_a_workdir_with_a_variable_is_not_written_as_a_directive() -> None:
    """`-D $HOME/x`: sbatch reads no variable in a directive; the port writes no --chdir (the
    body's cd stays, as before)."""
    r = _generated(CHDIR.replace("/home/u/project/code", "$HOME/code"), "delta")
    assert "--chdir" not in r.script


def test_pbs_target_writes_a_relative_log_under_the_source_workdir() -> None:
    """PBS's qsub opens a relative -o in the submit directory: the carried path is written
    under the source's working directory, where the source's Slurm opened it."""
    r = _generated(PLAIN_LOG, "polaris")
    assert "#PBS -o /home/u/run/train.log" in r.script
    [note] = [n for n in r.notes if "train.log" in n and n.startswith("your directive")]
    assert "working directory /home/u/run" in note
    rel = _generated(PLAIN_LOG.replace("/home/u/run", "runs/a"), "polaris")
    assert "#PBS -o runs/a/train.log" in rel.script


def test_memory_at_a_whole_node_is_asked_as_the_node_not_written() -> None:
    """`--mem=256G` on one A100 of a 256 GB Delta node: sbatch would reject it ("Memory
    specification can not be satisfied"); the port asks `--mem=0` and says so."""
    r = _generated(MEM.format("256G"), "delta")
    assert "#SBATCH --mem=0\n" in r.script and "--mem=256G" not in r.script
    [note] = [n for n in r.notes if n.startswith("memory:")]
    assert "can not be satisfied" in note and "`--mem=0`" in note
    assert "238416M" in note  # 4 x the documented 59604M share


def test_memory_above_the_documented_shares_of_a_node_is_asked_as_the_node() -> None:
    """240G is under Delta's nominal 256 GB but above the 4 x 59604M the site counts for a
    whole node: `--mem=0`; 200G, under it, is asked as written."""
    assert "#SBATCH --mem=0\n" in _generated(MEM.format("240G"), "delta").script
    assert "#SBATCH --mem=200G\n" in _generated(MEM.format("200G"), "delta").script
    assert "#SBATCH --mem=0\n" in _generated(MEM.format("512G"), "anvil").script
