"""A job script's own arguments on a target whose qsub passes none (PBS Pro: Polaris, Aurora)
are restored at the script's top from a variable given with ``qsub -v NAME``, and the note
gives the submit line (s26args; shapes of unseen26's lonestar6 `getopts "v:"`, unseen25's
plgrid `${1:?usage}` and bench/s26args_probe, written here, not copied). On Slurm targets
sbatch passes them as before: nothing is added."""

from __future__ import annotations

import subprocess

from maple_flow import port
from maple_flow.port.script_args import restoring_lines
from maple_flow.port.submit_inputs import arg_reads, submit_inputs, with_arguments_restored

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
        "#SBATCH -t 01:00:00\n")
GETOPTS = HEAD + ('version=""\nwhile getopts "v:" opt; do\n  case $opt in\n'
                  '    v) version="$OPTARG" ;;\n'
                  '    \\?) echo "usage: sbatch x.sh -v V"; exit 1 ;;\n'
                  '  esac\ndone\nif [ -z "$version" ]; then\n  echo "no version"; exit 1\nfi\n'
                  "python train.py --version $version\n")
RESTORE = 'if [ -n "${SCRIPT_ARGS:-}" ]; then set -f; set -- $SCRIPT_ARGS; set +f; fi'


def _port(script: str, target: str) -> tuple[str, list[str]]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return r.script, r.notes


def _inputs(notes: list[str]) -> str:
    said = [n for n in notes if n.startswith("submit-time inputs")]
    assert len(said) == 1, notes
    return said[0]


def test_a_getopts_loop_gets_its_arguments_on_pbs() -> None:
    script, notes = _port(GETOPTS, "polaris")
    assert RESTORE in script
    assert script.index(RESTORE) < script.index("while getopts")
    said = _inputs(notes)
    assert "(getopts)" in said and "qsub -v SCRIPT_ARGS SCRIPT" in said
    assert "qsub -v NAME=VALUE" not in said  # no offer of what cannot reach getopts
    assert not [n for n in notes if "read but not set" in n and "OPTARG" in n]


def test_a_required_argument_is_restored_on_aurora_and_passed_by_sbatch() -> None:
    src = HEAD + 'V="${1:?usage: sbatch x.sh <a|b>}"\npython -m m --variant "$V"\n'
    script, notes = _port(src, "aurora")
    assert RESTORE in script and script.index(RESTORE) < script.index('V="${1:?')
    assert "restores them at the top" in _inputs(notes)
    script, notes = _port(src, "perlmutter")
    assert "SCRIPT_ARGS" not in script
    assert "`sbatch SCRIPT ARG...` passes them" in _inputs(notes)


def test_defaults_are_named_with_the_value_the_job_uses() -> None:
    src = HEAD + 'B=$1\nM=${2:-bpe}\nE=${3:-true}\npython ev.py "$B" "$M" "$E"\n'
    said = _inputs(_port(src, "polaris")[1])
    assert "$2 -> bpe" in said and "$3 -> true" in said


def test_no_argument_read_no_restore() -> None:
    for src in (HEAD + "python train.py --lr 1e-3\n",
                HEAD + 'f() {\n  echo "$1"\n}\nf x\npython t.py\n',
                HEAD + "N=$(nvidia-smi -L | awk '{print $1}')\npython t.py --n $N\n"):
        script, _ = _port(src, "polaris")
        assert "SCRIPT_ARGS" not in script, src


def test_the_user_s_own_shellcheck_findings_stay() -> None:
    """The directive on the restoring line must not stand above the script's first command
    (there shellcheck applies it to the whole script)."""
    script, notes = _port(HEAD + "python main.py --config $1 fit\n", "polaris")
    lines = script.split("\n")
    first = next(k for k, x in enumerate(lines) if x.strip() and not x.startswith("#"))
    assert lines[first] != RESTORE and lines.index(RESTORE) > first
    assert [n for n in notes if n.startswith("shellcheck:") and "SC2086" in n]


def test_the_restoring_line_splits_at_blanks_with_globbing_off() -> None:
    text = "\n".join([*restoring_lines("SCRIPT_ARGS"), 'printf "[%s]" "$@"\n'])
    out = subprocess.run(["bash", "-c", text], capture_output=True, text=True, check=True,
                         env={"SCRIPT_ARGS": "-v 1.2 *.py", "PATH": "/usr/bin:/bin"}).stdout
    assert out == "[-v][1.2][*.py]"


def test_a_name_the_source_uses_is_not_taken() -> None:
    src = HEAD + 'echo "$SCRIPT_ARGS"\npython t.py "$@"\n'
    out, _ = with_arguments_restored("#!/bin/bash\nset -e\npython t.py \"$@\"\n", src, "pbs",
                                     [])
    assert "JOB_SCRIPT_ARGS" in out and "set -- $SCRIPT_ARGS;" not in out


def test_the_other_reads_of_the_arguments() -> None:
    assert arg_reads("if [ $# -lt 1 ]; then exit 1; fi\nshift\nfor a; do echo $a; done\n") \
        == ("$#", "shift", "for")
    assert arg_reads('set -- "$@" --pretrained x\npython m.py "$@"\n') == ("$@",)
    assert arg_reads("echo ${#ARR[@]} ${#X}\ngit shift-log\nfor i in 1 2; do :; done\n") == ()
    assert submit_inputs(GETOPTS).env == ()  # getopts sets opt and OPTARG


def test_a_pbs_source_that_read_arguments_is_said_so_on_slurm() -> None:
    src = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=01:00:00\n"
           'cd $PBS_O_WORKDIR\npython train.py --config "$1"\n')
    script, notes = _port(src, "perlmutter")
    said = _inputs(notes)
    assert "passed none" in said and "SCRIPT_ARGS" not in script


def test_a_kept_make_target_reading_arguments_is_restored_and_lines_renumbered() -> None:
    """A kept command put back after the port (a make target, unseen25 sheffield's shape)
    reads the arguments too; notes naming port lines move with the lines added."""
    src = HEAD + "cd experiments\nmake olid SEED=$1 BATCH_SIZE=$2\n"
    script, notes = _port(src, "aurora")
    assert RESTORE in script and script.index(RESTORE) < script.index("make olid")
    assert "restores them at the top" in _inputs(notes)
    out, moved = with_arguments_restored("#!/bin/bash\nset -e\necho $1\n", "echo $1\n", "pbs",
                                         ["shellcheck: line 3: info", "x (line 2 of the port) y",
                                          "shellcheck: line 1: z"])
    assert out.split("\n")[-2] == "echo $1"
    assert moved == ["shellcheck: line 9: info", "x (line 2 of the port) y",
                     "shellcheck: line 1: z"]
