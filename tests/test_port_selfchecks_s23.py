"""Whole-port self-checks (s23silent): pure functions of (source, port, notes) that find what a
port lost without a word, whatever the script's shape: each run of a ``sh -c`` body is a launch
of its own; a changed word counts as named only where a note names it as a word; a run lost
while another is doubled refuses; a variable the port reads but no longer sets is named."""

from __future__ import annotations

from maple_flow.port.accounted import set_names, unset_reads, unset_reads_note
from maple_flow.port.launches_kept import doubled_launch, launches, unkept_launches

BODY = """#!/bin/bash
#SBATCH --gres=gpu:1
singularity exec --nv img.sif /bin/bash -c \\
    "source /ext3/env.sh; cd /work; \\
    python train.py -l 4 --camera r; \\
    python train.py -l 4 --camera b;"
"""

#: The body's first run replaced by "$@", which holds the second run: `r` lost, `b` twice.
MIXED = """#!/bin/bash
#SBATCH -N 1
srun --ntasks=1 singularity exec --nv img.sif /bin/bash -c \\
    "source /ext3/env.sh; cd /work; \\"\\$@\\"; python train.py -l 4 --camera b;" \\
    bash python train.py -l 4 --camera b
"""

KEPT = """#!/bin/bash
#SBATCH -N 1
srun --ntasks=1 singularity exec --nv img.sif /bin/bash -c \\
    "source /ext3/env.sh; cd /work; python train.py -l 4 --camera r; \\
    python train.py -l 4 --camera b;"
"""


def test_each_run_of_a_sh_c_body_is_a_launch() -> None:
    found = launches(BODY)
    assert [(x.program, x.args[-1]) for x in found] == [("train.py", "r"), ("train.py", "b")]
    assert all(x.line == 3 for x in found)


def test_a_sh_c_body_passing_its_arguments_runs_them() -> None:
    found = launches(MIXED)
    assert [x.args[-1] for x in found] == ["b", "b"]
    assert all(x.procs == 1 for x in found)


def test_a_body_kept_whole_needs_no_note_and_no_refusal() -> None:
    assert unkept_launches(BODY, KEPT, []) == []
    assert doubled_launch(BODY, KEPT) == ""


def test_a_run_lost_and_another_doubled_refuses() -> None:
    said = doubled_launch(BODY, MIXED)
    assert "--camera r" in said and "2 time(s)" in said and "1 time(s)" in said


def test_a_one_letter_word_in_some_note_does_not_name_the_change() -> None:
    """`r` and `b` stand in every note as letters of other words: the change is still named."""
    notes = ["your container runs the program on the target as before", "backend nccl"]
    whats = [what for _, _, what in unkept_launches(BODY, MIXED, notes)]
    assert whats == ["launched without r and with b added"]


def test_a_word_said_on_its_own_names_the_change() -> None:
    notes = ["line 3: the run with `--camera r` is dropped on purpose, `b` kept"]
    assert unkept_launches(BODY, MIXED, notes) == []


def test_a_shell_word_that_is_an_argument_is_not_a_body() -> None:
    text = "python tool.py --shell bash -c 'ls; python other.py'\n"
    assert [x.program for x in launches(text)] == ["tool.py"]


SOURCE_VARS = """#!/bin/bash
#SBATCH --gres=gpu:1
PROJECT_DIR=/home/me/proj
TASK_SCRIPT="${PROJECT_DIR}/jobs/agent.sh"
: "${LANG_CODE:=tel}"
for f in a b; do echo $f; done
srun python train.py --script "$TASK_SCRIPT" --lang $LANG_CODE --dir ${OUT:-out}
"""

PORT_VARS = """#!/bin/bash
set -eo pipefail
NRANKS=1
export WORLD_SIZE=$NRANKS
cd "$HOME"
srun python train.py --script "$TASK_SCRIPT" --lang $LANG_CODE --dir ${OUT:-out}
echo $SLURM_JOB_ID '$PROJECT_DIR'
"""


def test_set_names_reads_every_assignment_form() -> None:
    assert {"PROJECT_DIR", "TASK_SCRIPT", "LANG_CODE", "f"} <= set_names(SOURCE_VARS)


def test_a_variable_only_the_source_sets_is_named() -> None:
    found = unset_reads(SOURCE_VARS, PORT_VARS)
    assert [(name, src_line) for name, _, _, src_line, _ in found] == [
        ("TASK_SCRIPT", 4), ("LANG_CODE", 5)]
    note = unset_reads_note(found, "Polaris")[0]
    assert "$TASK_SCRIPT" in note and "line 4" in note and "Polaris" in note


def test_kept_lines_defaults_runtime_and_single_quotes_are_not_named() -> None:
    """The port keeps the lines: nothing to name; `${OUT:-out}` stands without OUT;
    `$SLURM_JOB_ID` is the scheduler's; `'$PROJECT_DIR'` is not expanded."""
    kept = PORT_VARS.replace("set -eo pipefail\n",
                             "set -eo pipefail\nTASK_SCRIPT=x\nLANG_CODE=tel\n")
    assert unset_reads(SOURCE_VARS, kept) == []


ARRAY_BODY = """#!/bin/bash
#SBATCH -J train
#SBATCH -t 01:00:00
#SBATCH --nodes 1
#SBATCH --ntasks-per-node 1
#SBATCH --gres gpu
#SBATCH --array=1,2,4

module purge
singularity exec --nv \\
    --overlay /home/me/py/overlay.ext3:ro \\
    /scratch/images/cuda.sif \\
    /bin/bash -c \\
    "source /ext3/env.sh; cd /home/me/scripts; \\
    python train.py 100 -l $SLURM_ARRAY_TASK_ID --camera r; \\
    python train.py 100 -l $SLURM_ARRAY_TASK_ID --camera b;"
"""


def test_port_refuses_a_body_whose_runs_it_mixed_up() -> None:
    """End to end: the port of a two-run body that keeps one run twice is refused, not issued."""
    from maple_flow.port.api import port

    result = port(ARRAY_BODY, targets=["bridges2"])["bridges2"]
    if result.status == "refused":
        assert "--camera r" in result.notes[0] and "not run in the port" in result.notes[0]
    else:  # a port that keeps both runs needs no refusal
        assert doubled_launch(ARRAY_BODY, result.script) == ""
        assert {x.args[-1] for x in launches(result.script)} == {"r", "b"}


def _written_note(body: str) -> str:
    from maple_flow.port.api import port

    src = "#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n" + body
    notes = port(src, targets=["delta"])["delta"].notes
    return next(n for n in notes if n.startswith("the program's arguments are passed as written ("))


def test_kept_lines_claim_only_where_the_script_sets_the_names() -> None:
    """The note says the lines that set the arguments' names are kept only where the script sets
    them (loops and `read` included); a name set nowhere is said to come from the environment."""
    assert "are kept above the launch" in _written_note(
        "for seed in 1 2; do\n  python train.py --seed $seed\ndone\n")
    assert "are kept above the launch" in _written_note(
        "read -r A B < cfg.txt\npython train.py --a $A --b $B\n")
    outside = _written_note("python train.py --lr $LR --out $HOME/x --id $SLURM_JOB_ID\n")
    assert "sets $LR nowhere" in outside and "$HOME" not in outside.split("nowhere")[0][-20:]
    assert "kept above the launch" not in outside


def test_single_quoted_defaulted_and_scheduler_names_are_not_said_unset() -> None:
    """`'${now:%H}'` is Hydra's (single-quoted), `${N:-2}` stands without N, `$SLURM_TMPDIR` is
    the scheduler's (renamed by the port): none is said to be set nowhere."""
    note = _written_note("python train.py hydra.run.dir='out/${now:%H}' --n ${N:-2} "
                         "--tmp $SLURM_TMPDIR/x\n")
    assert "nowhere" not in note


def test_a_case_arm_or_indented_assignment_sets_the_name() -> None:
    from maple_flow.port.accounted import set_names

    text = 'case "$1" in\n  a) KIND=deep ;;\n  *) KIND=none ;;\nesac\nif true; then\n    N=1\nfi\n'
    assert {"KIND", "N"} <= set_names(text)


def test_a_name_the_script_may_get_from_a_sourced_file_is_not_said_set_nowhere() -> None:
    import maple_flow

    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n. ./tag.sh\n"
              'case "$1" in\n  a) KIND=deep ;;\n  *) KIND=none ;;\nesac\n'
              "python train.py --kind $KIND --tag $TAG\n")
    notes = maple_flow.port(script, "polaris")["polaris"].notes
    said = [n for n in notes if "passed as written ($KIND, $TAG)" in n]
    assert said and "nowhere" not in said[0] and "$KIND" not in said[0].split(":", 1)[1]
    assert "the file it sources (`./tag.sh`) may" in said[0]


def test_a_two_digit_number_a_note_names_counts_as_said() -> None:
    from maple_flow.port.launches_kept import _said

    assert _said("18", "written as 18, the value the program got on the source", 7)
    assert not _said("r", "every note has an r in it, as a word: r", 7)
