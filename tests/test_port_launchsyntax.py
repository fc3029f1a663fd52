"""Launch lines wrapped in shell syntax and what surrounds them (issue 14,
bench/launchsyntax_probe): a value read through an array subscript (``${seeds[$seed_id]}``),
a program or arguments with a default the submit environment overrides (``python
${SCRIPT:-train.py} ${ARGS:-}``), an interpreter chosen so (``PY=${PYTHON:-python}``), a Python
command held in a bash array (``CMD=(python x.py ...)``, ``CMD+=(...)`` under an ``if``, one
``CMD=(...)`` per ``case`` branch, then ``srun "${CMD[@]}"``), a redirect alone (``> "$LOG"``)."""

from __future__ import annotations

import re

from maple_flow import port
from maple_flow.port.rules import referenced
from maple_flow.scriptparse import parse_script

ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
       "#SBATCH -t 01:00:00\n")
TWO = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n"
       "#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", getattr(r, "refusals", r)
    return r


# --- 1. a variable read in an array subscript or a default is read ---

def test_referenced_reads_subscripts_and_defaults() -> None:
    assert "seed_id" in referenced("seed=${seeds[$seed_id]}")
    assert "i" in referenced("x=${lines[i]}")
    assert "d" in referenced("y=${c:-$d}") and "B" in referenced("${A:-${B}}")


def test_a_value_read_through_a_subscript_keeps_its_line() -> None:
    script = (ONE + "#SBATCH --array=0-9\nseed_id=$((SLURM_ARRAY_TASK_ID / 5))\n"
              "seeds=(1 2 3)\nseed=${seeds[$seed_id]}\n"
              'srun python run.py --seed "$seed"\n')
    for target in ("perlmutter", "polaris"):
        r = _port(script, target)
        assert "seed_id=$((" in r.script, target
        assert not any("seed_id" in n and "only builds" in n for n in r.notes)


# --- 2. a program or arguments with a default the submit environment overrides ---

def test_a_defaulted_program_stays_as_written() -> None:
    script = ONE + "python ${SCRIPT:-train.py} --epochs 3 2>&1 | tee log.txt\n"
    for target in ("delta", "polaris"):
        r = _port(script, target)
        assert "${SCRIPT:-train.py} --epochs 3" in r.script, target
        assert any("named when the job runs" in n for n in r.notes)


def test_an_empty_defaulted_argument_stays() -> None:
    r = _port(ONE + "python ${SCRIPT:-train.py} ${ARGS:-} --lr ${LR:-0.1}\n", "delta")
    assert "${SCRIPT:-train.py} ${ARGS:-} --lr ${LR:-0.1}" in r.script
    r = _port(ONE + "python train.py ${ARGS:-}\n", "delta")
    assert "train.py ${ARGS:-}" in r.script


def test_a_defaulted_program_not_placed_is_refused() -> None:
    script = ONE + 'python ${SCRIPT:-echo "ERROR: set SCRIPT"} ${ARGS:-}\n'
    r = port(script, "perlmutter")["perlmutter"]
    if r.status == "generated":
        assert '${SCRIPT:-echo "ERROR: set SCRIPT"}' in r.script
    else:
        assert any("${SCRIPT:-" in x for x in r.notes if x.startswith("refused"))


def test_an_interpreter_with_a_default_is_read_as_the_interpreter() -> None:
    script = ONE + "PY=${PYTHON:-python}\nsrun $PY -u train.py --lr 0.1\n"
    p = parse_script(script)
    assert p.launch.stages[0].options == [] and p.launch.entrypoint == "train.py"
    r = _port(script, "delta")
    assert "srun -u" not in r.script and "train.py --lr 0.1" in r.script


# --- 3. a Python command held in a bash array runs as written ---

ARRAY = (ONE + "cmd=(\n  python train.py\n  --config a.yaml\n  --seed 42\n)\n"
         'if [ -n "${WANDB_PROJECT:-}" ]; then\n  cmd+=(--wandb_project "${WANDB_PROJECT}")\nfi\n'
         'echo "Command: ${cmd[*]}"\nsrun "${cmd[@]}"\n')


def test_a_python_command_array_is_read() -> None:
    p = parse_script(ARRAY)
    assert p.launch.entrypoint == "train.py" and p.launch.array_command == '"${cmd[@]}"'
    assert p.launch.array_lead == 1 and "cmd" not in p.launch_vars


def test_a_python_command_array_runs_as_written() -> None:
    for target in ("perlmutter", "polaris", "delta"):
        r = _port(ARRAY, target)
        assert r.script.rstrip().endswith('"${cmd[@]}"'), target
        assert 'cmd+=(--wandb_project "${WANDB_PROJECT}")' in r.script
        assert "--config a.yaml" in r.script  # the array's line, kept
        assert 'echo "Command: ${cmd[*]}"' in r.script
        assert any("your array `cmd`" in n for n in r.notes)


def test_an_array_per_case_branch_and_a_multiline_append() -> None:
    script = (TWO + 'case "${KIND:-a}" in\n  a)\n    CMD=(python -u a.py --x 1)\n    ;;\n'
              "  *)\n    CMD=(python -u b.py)\n    ;;\nesac\n"
              'if [[ "${EXTRA:-1}" == "1" ]]; then\n  CMD+=(\n    --extra\n    --more 2\n  )\nfi\n'
              'srun "${CMD[@]}"\n')
    p = parse_script(script)
    assert p.launch.array_command and p.launch.array_lead == 2
    for target in ("perlmutter", "polaris"):
        r = _port(script, target)
        assert 'case "${KIND:-a}" in' in r.script and "CMD=(python -u b.py)" in r.script
        assert "--more 2" in r.script and '"${CMD[@]' in r.script


# --- 4. a redirect alone is the user's ---

def test_a_redirect_alone_is_kept() -> None:
    script = ONE + 'OUT=run.out\n> "$OUT"\nexec >"$OUT"\nsrun python train.py\n'
    r = _port(script, "perlmutter")
    assert '> "$OUT"' in r.script.split("srun")[0]
    assert not any("no other note says why" in n for n in r.notes)


# --- 5. an argument escaped for each task's shell in a bash -c body ---

def test_an_argument_read_per_task_is_not_passed_from_the_batch_shell() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=2\n"
              "#SBATCH --gpus-per-node=2\n#SBATCH -t 01:00:00\n"
              'srun bash -c "python process.py \\\n  --page \\$SLURM_PROCID \\\n'
              '  --per_page 49\n"\n')
    assert parse_script(script).deferred_args == {"SLURM_PROCID"}
    for target in ("perlmutter", "polaris"):
        r = port(script, target)[target]
        assert r.status != "generated" or "--page $SLURM_PROCID" not in r.script, target
        assert any("escaped inside the `bash -c` body" in n for n in r.notes), target


# --- 6. a plain command run through srun stays on another Slurm cluster ---

def test_a_plain_srun_step_stays_on_a_slurm_target() -> None:
    script = ONE + ('srun bash -c "hostname; nvidia-smi"\nsrun hostname\nsrun -p gpu date\n'
                    "srun python train.py\n")
    r = _port(script, "perlmutter")
    assert 'srun bash -c "hostname; nvidia-smi"' in r.script and "\nsrun hostname\n" in r.script
    assert "srun -p gpu date" not in r.script  # a site option: not copied, with its note
    assert any("srun -p gpu date" in n and "not copied" in n for n in r.notes)
    r = _port(script, "polaris")
    assert "srun bash" not in r.script
    assert any("hostname; nvidia-smi" in n and "by hand" in n for n in r.notes)
    site = ONE + 'srun bash -c "module load cuda/11.0; nvidia-smi"\nsrun python train.py\n'
    assert "module load cuda/11.0" not in _port(site, "perlmutter").script  # the source site's


# --- 7. exec in front of the launch; a default inside an eval'd launch ---

def test_exec_in_front_of_the_launch_stays() -> None:
    script = ONE + "exec srun python -u train.py --lr 1\n"
    for target in ("perlmutter", "polaris"):
        r = _port(script, target)
        assert any(line.startswith("exec ") and ("srun" in line or "mpiexec" in line)
                   for line in r.script.splitlines()), target


def test_an_evald_launch_keeps_its_defaulted_program() -> None:
    script = ONE + 'eval "python ${SCRIPT:-part.py} ${ARGS:-}"\n'
    for target in ("perlmutter", "polaris"):
        r = _port(script, target)
        assert "${SCRIPT:-part.py} ${ARGS:-}" in r.script, target


# --- 8. what follows the program in a bash -c body, and the pipe after it ---

def test_a_body_command_after_the_program_and_the_tee_after_the_body_stay() -> None:
    script = ONE + ('srun bash -c "hostname; python train.py --lr 1; echo finished" 2>&1 '
                    "| tee log.txt\necho after\n")
    r = _port(script, "perlmutter")
    _, _, rest = r.script.partition("train.py --lr 1")
    assert rest.startswith(" 2>&1 | tee log.txt")
    assert rest.index("echo finished") < rest.index("echo after")
    assert any("`echo finished` ran in the launch's `bash -c` body after the program" in n
               for n in r.notes)


def test_a_subshell_with_a_cd_around_the_launch_keeps_its_close_and_redirect() -> None:
    script = ONE + "( cd sub && srun python train.py --lr 1 ) > run.log\n"
    for target in ("perlmutter", "polaris"):
        r = _port(script, target)
        text = r.script.split("( cd sub && ", 1)[1]
        before = re.sub(r"\$\(\([^)]*\)\)", "", text.split("train.py")[0])  # rank arithmetic
        assert "train.py --lr 1 ) > run.log" in text and "( " not in before
