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
