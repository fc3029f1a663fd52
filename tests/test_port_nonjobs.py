"""Inputs that are not (yet) a job, or whose program is named only when the job runs
(s16-nonjobs, issue 14): a job TEMPLATE (``{nodes}``, ``{{S}}``, ``__NNODES__``) is refused
naming its placeholders, not ported as a job with the placeholders quoted or read as programs;
a program word that expands when the job runs (``-m experiments.$1``,
``${MODELS[$SLURM_ARRAY_TASK_ID]}.py``, ``$SCRIPT`` with ``SCRIPT=train_$2.py``) is written
as the user wrote it, unquoted, not as one quoted word whose expansion is dead."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.scriptparse.template import template_placeholders

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"


def _refusal(script: str, target: str = "delta") -> str:
    try:
        r = port(script, target, account="bbka-delta-gpu")[target]
    except MapleError as exc:
        return str(exc)
    assert r.status == "refused", r.script
    return "; ".join(r.notes)


def _port(script: str, target: str = "delta") -> tuple[str, str]:
    r = port(script, target, account="bbka-delta-gpu")[target]
    assert r.status == "generated", r.notes
    return r.script, "\n".join(r.notes)


def test_a_format_template_is_refused_naming_its_placeholders() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes={nodes}\n#SBATCH --gres=gpu:{gpus}\n"
              "#SBATCH --time={time}\nsrun python train.py --batch_size {batch_size}\n")
    why = _refusal(script)
    assert "template" in why
    assert all(p in why for p in ("{nodes} (line 2)", "{gpus}", "{batch_size} (line 5)"))


def test_a_mustache_template_in_a_pbs_job_is_refused_naming_the_placeholder() -> None:
    script = ("#!/bin/bash\n#PBS -N run_{{S}}\n#PBS -l select=1:ncpus=4:ngpus=1\n"
              "cd \"${PBS_O_WORKDIR}\"\npython3 train.py out/run_{{S}} --seed {{S}}\n")
    why = _refusal(script, "perlmutter")
    assert "template" in why and "{{S}} (lines 2, 5)" in why


@pytest.mark.parametrize("marker", ["__NNODES__", "@NNODES@", "%%NNODES%%"])
def test_a_sed_marker_in_a_size_directive_is_named(marker: str) -> None:
    script = (f"#!/bin/bash\n#SBATCH --nodes={marker}\n#SBATCH --ntasks-per-node=4\n"
              "#SBATCH --gres=gpu:4\nsrun python train.py\n")
    why = _refusal(script)
    assert marker in why and "template" in why


def test_a_jinja_header_with_no_launch_is_named_as_a_template() -> None:
    script = ('{% extends "base.sh" %}\n{% block header %}\n#!/bin/bash\n'
              "#SBATCH --gres gpu:{{ gpus }}\n#SBATCH --ntasks={{ np }}\n{% endblock %}\n")
    why = _refusal(script)
    assert "template" in why and "{{ gpus }}" in why and "{% extends" in why


def test_shell_braces_and_quoted_text_are_not_placeholders() -> None:
    script = (HEAD + "#SBATCH --account=<ACCOUNT>\nOUT=${HOME}/runs\n"
              "for i in {1..3}; do echo $i; done\n"
              "nvidia-smi | awk '{print $1}'\npython -c \"x=1; print(f'{x}')\"\n"
              "cat > cfg.yaml <<EOF\nlr: {lr}\nEOF\n"
              "python train.py --out ${OUT}\n")
    assert template_placeholders(script) == {}
    text, _ = _port(script)
    assert "train.py" in text


def test_a_module_named_by_the_jobs_argument_stays_unquoted() -> None:
    text, notes = _port(HEAD + "python -m experiments.$1 --epochs 10\n")
    assert "-m experiments.$1 --epochs 10" in text and "'experiments.$1'" not in text
    assert "named when the job runs" in notes and "same arguments" in notes


def test_a_program_picked_from_an_array_by_the_task_index_stays_as_written() -> None:
    script = (HEAD + "#SBATCH --array=0-2\nMODELS=(resnet vit mlp)\n"
              "python ${MODELS[$SLURM_ARRAY_TASK_ID]}.py --lr 0.1\n")
    text, notes = _port(script)
    assert "MODELS=(resnet vit mlp)" in text
    assert " ${MODELS[$SLURM_ARRAY_TASK_ID]}.py --lr 0.1" in text
    assert "passed as literal text" not in notes


def test_a_program_variable_built_from_an_argument_is_written_as_its_live_value() -> None:
    # issue 14 (s22-keeplines): the user's `SCRIPT=` line stays, so the launch reads it as
    # written (it was dropped and its value written in the launch before)
    text, notes = _port(HEAD + "SCRIPT=train_$2.py\npython $SCRIPT --lr 0.1\n")
    assert "\nSCRIPT=train_$2.py\n" in text and " $SCRIPT --lr 0.1" in text
    assert "'train_$2.py'" not in text and "passed as written" in notes


def test_a_plain_program_variable_stays_the_users_variable() -> None:
    # s25keep (unseen24 redacted-cluster: `$SCRIPT` replaced by its value while `SCRIPT=` stayed
    # above, so editing that line no longer changed what ran): the word stays `$SCRIPT`
    text, notes = _port(HEAD + "SCRIPT=train.py\npython $SCRIPT --lr 0.1\n")
    assert "\nSCRIPT=train.py\n" in text and " $SCRIPT --lr 0.1" in text
    assert "your variable names the program" in notes and "named when the job runs" not in notes


def test_the_placeholder_that_names_the_program_is_named_first() -> None:
    script = ("#!/bin/bash\n" + "".join(f"#SBATCH --opt{k}={{{{v{k}}}}}\n" for k in range(8))
              + "srun {{cmd}} --debug\n")
    why = _refusal(script)
    assert why.index("{{cmd}} (line 10)") < why.index("{{v0}}")


def test_a_quoted_program_word_written_as_its_value_stays_quoted() -> None:
    # issue 14 (s22-keeplines): `DIR=` stays (flagged as a source path), the word as written
    text, notes = _port(HEAD + "DIR=/home/u/code\npython \"$DIR/train_$1.py\" --lr 1\n")
    assert "\nDIR=/home/u/code\n" in text and ' "$DIR/train_$1.py" --lr 1' in text
    assert "quoted as in the source" in notes and "`/home/u/code`" in notes


def test_a_program_reading_a_site_variable_that_is_not_kept_is_refused() -> None:
    why = _refusal(HEAD + "module load cuda\npython $EBROOTX/train_$1.py\n")
    assert "$EBROOTX" in why and "named when the job runs" in why
