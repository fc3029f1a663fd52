"""The general classes behind unseen22's tune ports judged not good (s23-u22tune): every fixture
is our own script shape, each test fails without its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse.launch import read_words

ONE = "#!/bin/bash\n#SBATCH -N 1 --ntasks=1 --gres=gpu:1\n#SBATCH -t 02:00:00\n"
SLURM = ("#!/bin/bash\n#SBATCH -N 1 --ntasks-per-node=1 --gpus-per-node=4\n"
         "#SBATCH -t 02:00:00\n")


def test_torchrun_of_a_which_looked_up_command_is_the_launch() -> None:
    """``torchrun ... $(which mytool) sub --x``: torchrun runs the console script PATH finds
    with Python, the command itself; it was no launch at all, and a sourced set-up file
    above it was then named as the job's hidden launch (a false refusal)."""
    line = read_words(["torchrun", "--nproc_per_node=4", "$(which mytool)", "fit", "--x", "1"])
    assert line is not None and line.command and line.entrypoint == "mytool"
    assert line.args == ["fit", "--x", "1"]
    script = SLURM + ("source env/setup.sh\n"
                      "torchrun --nproc_per_node=4 $(which mytool) fit --config a.yaml\n")
    for target in ("perlmutter", "polaris"):
        r = port(script, target)[target]
        assert r.status != "refused", r.notes[:2]
        assert "mytool fit --config a.yaml" in r.script


def test_a_program_format_field_in_a_path_is_a_job_not_a_template() -> None:
    """``--logdir $HOME/logdir/${RUN}/{timestamp}``: a program's own format field (DreamerV3
    fills it when it runs) in a path segment, the file's only braces: the job is ported with
    the field as written and a note (it was refused as a job template)."""
    script = ONE + ("RUN=a\nsrun python main.py --logdir $HOME/logdir/${RUN}/{timestamp}"
                      " --seed 1\n")
    r = port(script, "vista")["vista"]
    assert r.status != "refused", r.notes[:2]
    assert "--logdir $HOME/logdir/${RUN}/{timestamp}" in r.script
    assert any("`{timestamp}` in the program's arguments is passed as written" in n
               for n in r.notes)


def test_whole_word_or_directive_placeholders_stay_a_template() -> None:
    """A generator's placeholders (whole values, directives) keep the template refusal, also
    beside a path-segment field."""
    for script in (ONE + "srun python main.py --lr {lr} --out runs/{name}\n",
                   "#!/bin/bash\n#SBATCH -N {nodes}\n#SBATCH -t 01:00:00\n"
                   "srun python main.py --out runs/{name}\n"):
        with pytest.raises(ParseError, match="job template"):
            port(script, "vista")


def test_cpus_per_task_in_the_program_arguments_is_the_source_value_on_pbs() -> None:
    """``--num_workers $((SLURM_CPUS_PER_TASK))`` on a PBS target: unset there (0 workers);
    written as the source's --cpus-per-task, with a note. A Slurm target keeps the reference."""
    script = ("#!/bin/bash\n#SBATCH -N 1 --ntasks=1 --cpus-per-task=6 --gres=gpu:1\n"
              "#SBATCH -t 01:00:00\npython main.py --num_workers $(($SLURM_CPUS_PER_TASK))"
              " --dl ${SLURM_CPUS_PER_TASK}\n")
    r = port(script, "polaris")["polaris"]
    assert r.status != "refused", r.notes[:2]
    assert "--num_workers \"$((6))\" --dl 6" in r.script.replace("'", '"') or (
        "$((6))" in r.script and "--dl 6" in r.script), r.script[-300:]
    assert "SLURM_CPUS_PER_TASK" not in r.script
    assert any("read $SLURM_CPUS_PER_TASK, the source's --cpus-per-task (6)" in n
               for n in r.notes)
    s = port(script, "delta")["delta"]
    assert "SLURM_CPUS_PER_TASK" in s.script


def test_a_task_count_that_is_not_the_process_count_keeps_the_source_value() -> None:
    """``--ntasks=12`` for loader CPUs under one torchrun process, ``--num_workers
    $SLURM_NTASKS`` (through a variable): the port's job has one task, so the word is written
    as 12; a task count equal to the processes stays the job's."""
    script = ("#!/bin/bash\n#SBATCH -N 1 --ntasks=12 --gpus-per-node=1\n#SBATCH -t 01:00:00\n"
              "nw=$SLURM_NTASKS\ntorchrun --nproc_per_node=1 train.py --num_workers $nw\n")
    for target in ("delta", "aurora"):
        r = port(script, target)[target]
        assert r.status != "refused", r.notes[:2]
        assert "--num_workers 12" in r.script, r.script[-300:]
        assert any("read $SLURM_NTASKS, the source's --ntasks (12)" in n for n in r.notes)
    same = ("#!/bin/bash\n#SBATCH -N 1 --ntasks=4 --gpus-per-node=4\n#SBATCH -t 01:00:00\n"
            "srun python train.py --world $SLURM_NTASKS\n")
    r = port(same, "delta")["delta"]
    assert "--world 4" not in r.script and not any("the source's --ntasks" in n for n in r.notes)


def test_wandb_online_on_a_proxy_only_target_gets_the_proxy() -> None:
    """A job that logs to W&B online (its API key exported, or `--report_to wandb`) on a
    target whose compute nodes reach the internet only through a proxy: the port sets it,
    with a note; a job that keeps W&B offline does not get it."""
    base = ONE + "export WANDB_API_KEY=$(cat ~/.wandb_key)\npython train.py --run x\n"
    r = port(base, "polaris")["polaris"]
    assert "export https_proxy=" in r.script
    assert any("logs to Weights & Biases online" in n for n in r.notes)
    flag = ONE + "python train.py --report_to wandb\n"
    assert "export https_proxy=" in port(flag, "aurora")["aurora"].script
    off = ONE + "export WANDB_MODE=offline\npython train.py --report_to wandb\n"
    assert "https_proxy" not in port(off, "polaris")["polaris"].script


def test_a_scheduler_level_image_of_an_older_generation_is_refused() -> None:
    """LSF's ``-env LSB_CONTAINER_IMAGE=`` (and pyxis's ``#SBATCH --container-image``): the
    scheduler ran the whole job in that image; a name pinning an older framework generation
    cannot be stood in for by the target's stack: refused naming it (it was dropped as a
    comment and the program ran on the target's stack)."""
    lsf = ("#!/bin/sh\n#BSUB -q short\n#BSUB -app nvidia-gpu\n"
           "#BSUB -env LSB_CONTAINER_IMAGE=nvcr.io/nvidia/pytorch:19.05-py3\n"
           "#BSUB -gpu num=4:j_exclusive=yes\n#BSUB -W 01:00\n"
           "python3 -m torch.distributed.launch --nproc_per_node=4 --use_env train.py\n")
    slurm = ("#!/bin/bash\n#SBATCH -N 1 --ntasks-per-node=1 --gpus-per-node=4\n"
             "#SBATCH -t 01:00:00\n#SBATCH --container-image=nvcr.io#nvidia/pytorch:20.03-py3\n"
             "torchrun --nproc_per_node=4 train.py\n")
    for script in (lsf, slurm):
        r = port(script, "delta")["delta"]
        assert r.status == "refused"
        assert any("ran the whole job in the container image" in n for n in r.notes), r.notes[:3]
    current = slurm.replace("20.03", "24.05")
    r = port(current, "delta")["delta"]
    assert not any("ran the whole job in the container image" in n for n in r.notes)


def test_a_user_variable_from_the_submit_environment_names_qsub_v_on_pbs() -> None:
    """A variable the job reads and does not set (set by a wrapper that submits it): Slurm's
    sbatch passed it, PBS's qsub does not unless told: the note says so."""
    script = ONE + 'python train.py --stamp "$RUN_STAMP"\n'
    r = port(script, "polaris")["polaris"]
    # s24inputs: the how is in the one submit-time inputs note
    assert any(n.startswith("submit-time inputs") and "($RUN_STAMP)" in n
               and "qsub -v NAME=VALUE" in n for n in r.notes)
    s = port(script, "delta")["delta"]
    assert not any("qsub -v" in n for n in s.notes)
