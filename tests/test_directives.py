"""Directive parsing: every spelling sbatch and qsub accept, stopping where they stop."""

from __future__ import annotations

import pytest

from maple_flow.knowledge.directives import (
    cpus_per_node,
    detect_scheduler,
    is_directive_line,
    is_header_line,
    last_value,
    parse_directives,
)
from maple_flow.models.common import scheduler_walltime_seconds

SLURM = """#!/bin/bash
#SBATCH -N2 --ntasks-per-node=4 -C "gpu&hbm80g"  # an inline comment
#SBATCH --time 01:00:00
#SBATCH --exclusive
#SBATCH -q regular -A m1234
#SBATCH --gres=gpu:a100:4
## a comment line between directives
srun hostname
#SBATCH -p too-late
"""

PBS = """#!/bin/bash -l
#PBS -l select=2:ncpus=64:ngpus=4:system=polaris
#PBS -l place=scatter,walltime=0:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug -A proj -j oe -V
cd "$PBS_O_WORKDIR"
"""


def opts(text: str) -> list[tuple[str, str | None]]:
    return [(d.option, d.value) for d in parse_directives(text)]


def test_slurm_all_spellings() -> None:
    assert opts(SLURM) == [
        ("nodes", "2"), ("ntasks-per-node", "4"), ("constraint", "gpu&hbm80g"),
        ("time", "01:00:00"), ("exclusive", None), ("qos", "regular"),
        ("account", "m1234"), ("gres", "gpu:a100:4"),
    ]


def test_directives_stop_at_first_command() -> None:
    assert "too-late" not in [v for _, v in opts(SLURM)]


def test_pbs_resources_split() -> None:
    got = opts(PBS)
    assert ("select", "2:ncpus=64:ngpus=4:system=polaris") in got
    assert ("place", "scatter") in got and ("walltime", "0:30:00") in got
    assert ("filesystems", "home:eagle") in got
    assert ("queue", "debug") in got and ("account", "proj") in got and ("V", None) in got


def test_detect_and_last_value() -> None:
    assert detect_scheduler(SLURM) == "slurm"
    assert detect_scheduler(PBS) == "pbs"
    assert detect_scheduler("echo hi\n") is None
    ds = parse_directives("#SBATCH -t 10\n#SBATCH --time=20\n")
    assert last_value(ds, "time") == "20"


ODD = ["#SBATCH --job-name='unbalanced\n", "#SBATCH\n", "#SBATCHX -N 2\n"]


def test_odd_lines() -> None:
    unbalanced, empty, glued = ODD
    assert [(d.option, d.value) for d in parse_directives(unbalanced, "slurm")] == [
        ("job-name", "'unbalanced")]
    assert parse_directives(empty, "slurm") == []
    assert parse_directives(glued, "slurm") == []


@pytest.mark.parametrize(("text", "scheduler", "seconds"), [
    ("30", "slurm", 1800), ("30:00", "slurm", 1800), ("1:30:00", "slurm", 5400),
    ("1-12", "slurm", 129600), ("2-00:30", "slurm", 174600), ("1-0:0:30", "slurm", 86430),
    ("3600", "pbs", 3600), ("30:00", "pbs", 1800), ("01:00:00", "pbs", 3600),
])
def test_time_limits_read_as_the_scheduler_reads_them(text: str, scheduler: str,
                                                      seconds: int) -> None:
    assert scheduler_walltime_seconds(text, scheduler) == seconds


def test_bad_time_limits_are_errors() -> None:
    for text, scheduler in (("1:2:3:4", "slurm"), ("abc", "pbs"), ("1-2-3", "slurm")):
        with pytest.raises(ValueError):
            scheduler_walltime_seconds(text, scheduler)


@pytest.mark.parametrize("line", ["#SBATCH -N 2", "  #PBS -l select=2", "#BSUB -nnodes 2",
                                  "#COBALT -t 60", "#FLUX: -N 2", "#MSUB -l nodes=2",
                                  "#$ -pe mpi 8", "#PJM -L node=4", "#@ job_type = parallel",
                                  "#OAR -l nodes=2"])
def test_every_schedulers_directive_is_one(line: str) -> None:
    assert is_directive_line(line) and is_header_line(line)


@pytest.mark.parametrize("line", ["#SBATCHX -N 2", "# SBATCH -N 2", "# a comment", "echo '#PBS'"])
def test_look_alikes_are_not_directives(line: str) -> None:
    assert not is_directive_line(line)


def test_the_interpreter_line_is_header_not_directive() -> None:
    assert is_header_line("#!/bin/bash -l") and not is_directive_line("#!/bin/bash -l")


@pytest.mark.parametrize(("lines", "cpus"), [
    ("#SBATCH --cpus-per-task=8\n#SBATCH --ntasks-per-node=4\n", 32),
    ("#SBATCH -c 8\n", 8), ("#SBATCH --ntasks-per-node=4\n", 4),
    ("#SBATCH -c 2\n#SBATCH -c 16\n", 16),  # the last wins, as in sbatch
    ("#SBATCH -N 2\n", None),  # neither given
    ("#SBATCH -c 0\n#SBATCH --ntasks-per-node=4\n", None),  # sbatch refuses 0
    ("#SBATCH -c $N\n#SBATCH --ntasks-per-node=4\n", None),  # not a number
])
def test_cpus_per_node_of_slurm_directives(lines: str, cpus: int | None) -> None:
    assert cpus_per_node(parse_directives("#!/bin/bash\n" + lines, "slurm")) == cpus


def test_directive_words_split_as_the_shell_does_and_survive_a_bad_quote() -> None:
    from maple_flow.shellquote import split_words

    assert split_words('--job-name="a b" -N 2 # two nodes') == ("--job-name=a b", "-N", "2")
    assert split_words("--comment='open -N 2") == ("--comment='open", "-N", "2")
    got = parse_directives("#!/bin/bash\n#SBATCH --comment='open -N 2\n", "slurm")
    assert [(d.option, d.value) for d in got] == [("comment", "'open"), ("nodes", "2")]
