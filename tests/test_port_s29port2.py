"""Accepted ports that must not run wrong on the target (s29port2).

1. ``export $(grep -v '^#' FILE | xargs)``: the user's environment file loaded into the job is
   the user's, not the site's: the port keeps the line where it stood (unseen30's
   usc-carc-getopts-env-venv-branch dropped it, so the program ran with empty arguments), and
   the notes on variables the script never sets name it as where they may come from.
2. ``python -m torch.distributed.launch`` without ``--use_env``: the port passes the program its
   ``--local_rank`` on every target alike (below).
Shapes written here, not copied from any script."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.scriptparse.env_file import exported_file, exported_output

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
        "#SBATCH -t 01:00:00\n")
LOADS = [
    "export $(grep -v '^#' $ENV_FILE | xargs -d '\\n')",
    "export $(cat .env | xargs)",
    "export `grep -v '^#' settings.env | xargs`",
]


def _port(script: str, target: str) -> tuple[str, list[str]]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return r.script, r.notes


@pytest.mark.parametrize("target", ["polaris", "delta"])
@pytest.mark.parametrize("load", LOADS)
def test_an_environment_file_export_is_kept_in_place(load: str, target: str) -> None:
    src = HEAD + f'ENV_FILE="$1"\n{load}\necho "$LR"\npython train.py --lr $LR --data $DATA\n'
    script, notes = _port(src, target)
    assert load in script
    assert script.index(load) < script.index("train.py --lr")
    assert not [n for n in notes if "not in the port" in n and "export" in n]
    said = [n for n in notes if n.startswith("the program's arguments are passed as written")]
    assert said and "sets $DATA, $LR nowhere" not in said[0]


def test_the_file_an_export_reads() -> None:
    loaded = exported_output(("export", "$(grep -v '^#' .env | xargs)"))
    assert loaded == "grep -v '^#' .env | xargs"
    assert exported_output(("export", "A=1")) == ""
    assert exported_file("grep -v '^#' .env | xargs") == ".env"
    assert exported_file("grep -v -e '^#' $F | xargs -d '\\n'") == "$F"
    assert exported_file("cat cfg/run.env | xargs") == "cfg/run.env"
    assert exported_file("xargs < .env") == ".env"
    assert exported_file("printenv") == ""


# 2. A program that takes its local rank as an argument (the source's ``python -m
#    torch.distributed.launch`` without ``--use_env``): a torch 2 launcher passes
#    ``--local-rank=N`` (dashed), which a parser of ``--local_rank`` stops on, so the port
#    passes ``--local_rank=$LOCAL_RANK`` itself on every target (unseen30 nyu-greene: the
#    Perlmutter port kept the launcher as it was and was silently wrong).
LAUNCH = (HEAD.replace("--gres=gpu:1", "--gres=gpu:4")
          + "python -m torch.distributed.launch --nproc_per_node=4 --master_port 6666 "
          "train.py --epochs 3\n")
WRAP = "bash -c 'exec \"$@\" --local_rank=\"$LOCAL_RANK\"' maple-rank"


@pytest.mark.parametrize("target", ["perlmutter", "bridges2", "stampede3", "delta"])
def test_the_local_rank_argument_is_passed_by_the_port_per_node(target: str) -> None:
    script, notes = _port(LAUNCH, target)
    assert "torch.distributed.launch --use_env --no_python" in script
    assert WRAP in script
    assert script.index(WRAP) < script.index("train.py --epochs 3")
    said = [n for n in notes if "--local_rank=$LOCAL_RANK" in n]
    assert said and "as on every target" in said[0]


def test_the_local_rank_note_names_the_targets_torch() -> None:
    _, notes = _port(LAUNCH, "perlmutter")
    said = next(n for n in notes if "--local_rank=$LOCAL_RANK" in n)
    assert "(2.6.0)" in said and "--local-rank=N (dashed" in said
    _, notes = _port(LAUNCH, "bridges2")
    said = next(n for n in notes if "--local_rank=$LOCAL_RANK" in n)
    assert "(1.13.1) would pass the same" in said


def test_rank_per_gpu_targets_append_it_as_before() -> None:
    script, _ = _port(LAUNCH, "polaris")
    assert 'exec "$@" --local_rank="$LOCAL_RANK"' in script
    assert "torch.distributed.launch" not in script


# 4. A job that reads its own output file after the run (unseen30 orfeo: `cat
#    slurm_rain_$SLURM_JOB_ID.out | grep ...`), ported to PBS: the note names the line.
OWN_LOG = (HEAD + "#SBATCH --output=logs/train_%j.out\n"
           "python train.py --epochs 3\n"
           "grep Loss logs/train_$SLURM_JOB_ID.out > loss.txt\n"
           "python plot.py --log logs/train_${SLURM_JOB_ID}.out\n")


def test_reading_the_jobs_own_output_is_named_on_pbs() -> None:
    _, notes = _port(OWN_LOG, "polaris")
    said = [n for n in notes if "read the job's own output file" in n]
    assert len(said) == 1
    assert "line 8 `grep Loss logs/train_$SLURM_JOB_ID.out" in said[0]
    assert "line 9 `python plot.py" in said[0]
    assert "only when the job ends" in said[0]


def test_not_on_slurm_targets_nor_for_another_file() -> None:
    _, notes = _port(OWN_LOG, "delta")
    assert not [n for n in notes if "read the job's own output file" in n]
    other = OWN_LOG.replace("logs/train_$SLURM_JOB_ID.out", "results/train_$SLURM_JOB_ID.out")
    other = other.replace("logs/train_${SLURM_JOB_ID}.out", "train_x.out")
    _, notes = _port(other, "polaris")
    assert not [n for n in notes if "read the job's own output file" in n]


def test_sbatchs_default_output_file_counts_and_a_message_does_not() -> None:
    default = (HEAD + "python train.py --epochs 3\n"
               'echo "logs in slurm-$SLURM_JOB_ID.out"\n'
               "cat slurm-${SLURM_JOB_ID}.out | grep Loss > loss.txt\n")
    _, notes = _port(default, "polaris")
    said = [n for n in notes if "read the job's own output file" in n]
    assert len(said) == 1 and "sbatch's default slurm-%j.out" in said[0]
    assert "line 8 `cat slurm-${SLURM_JOB_ID}.out" in said[0] and "line 7" not in said[0]


# 3. A per-job folder the source site's prolog made (`/scratch/$SLURM_JOB_ID`), used by the
#    program and never created by the script: nothing creates it on the target, so the port
#    refuses, naming the lines (unseen30 tuebingen: accepted, the stage-in failing there).
STAGED = (HEAD + 'mkdir /scratch/$SLURM_JOB_ID/data\n'
          'rsync -a $HOME/data/ /scratch/$SLURM_JOB_ID/data\n'
          'python train.py --data /scratch/$SLURM_JOB_ID/data\n')


@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_a_prolog_made_job_folder_the_program_uses_is_asked_for(target: str) -> None:
    r = port(STAGED, target)[target]
    assert r.status != "generated"
    said = " ".join(r.notes)
    assert "/scratch/$SLURM_JOB_ID, a per-job folder it never creates" in said
    assert "line 6 `mkdir /scratch/$SLURM_JOB_ID/data`" in said


def test_a_folder_the_script_makes_or_the_program_never_uses_is_ported() -> None:
    made = STAGED.replace("mkdir /scratch", "mkdir -p /scratch")
    _port(made, "delta")
    held = (HEAD + "SCR=/scr/${SLURM_JOB_ID}\nmkdir $SCR\ncd $SCR\npython train.py\n")
    _port(held, "delta")
    unused = (HEAD + "cp -R $HOME/code/ /scratch/$SLURM_JOB_ID/\npython train.py\n")
    _port(unused, "delta")
