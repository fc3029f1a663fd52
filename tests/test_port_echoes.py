"""User lines around the launch that ports dropped under false notes (bench/echoes_probe):
echoes of the job's facts, heredoc preflights fed to python, the user's interpreter
variable, library thread counts."""

from __future__ import annotations

from maple_flow import port

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:4\n"
        "#SBATCH -t 01:00:00\n")
ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus=1\n"
       "#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", r.notes[:3]
    return r


# --- 1. an echo of the job's facts stays; an echo of the launch command goes, noted ---

ECHOES = (HEAD + "NGPU=4\nLOG=logs/train_${SLURM_JOB_ID}.log\nCONFIG_FILE=configs/a.yaml\n"
          'echo "GPUs: $NGPU"\necho "Training log file: ${LOG}"\necho "Config: $CONFIG_FILE"\n'
          'echo "Running: torchrun --nproc_per_node=$NGPU train.py $CONFIG_FILE"\n'
          'torchrun --nproc_per_node=$NGPU train.py --config $CONFIG_FILE 2>&1 | tee -a "$LOG"\n')


def test_an_echo_of_job_facts_stays_with_the_lines_it_reads() -> None:
    for target in ("delta", "polaris"):
        r = _port(ECHOES, target)
        for line in ('echo "GPUs: $NGPU"', 'echo "Training log file: ${LOG}"',
                     'echo "Config: $CONFIG_FILE"'):
            assert line in r.script, (target, line)
        assert "\nNGPU=" in r.script and "\nLOG=logs/train_" in r.script
        assert not any(n.startswith("line 9 ") or n.startswith("line 10 ") for n in r.notes)


def test_an_echo_that_names_the_launcher_stays_with_a_true_note() -> None:
    # issue 14 (s22-keeplines): the user's echo is text; it stays, and a note says the job
    # on the target runs the port's launch line (it was dropped as "the launch line" before)
    r = _port(ECHOES, "polaris")
    assert 'echo "Running: torchrun --nproc_per_node=$NGPU train.py $CONFIG_FILE"' in r.script
    assert any(n.startswith("line 12 ") and "kept as written" in n and "`torchrun`" in n
               for n in r.notes)


def test_a_command_substitution_in_an_echo_is_no_launch_command() -> None:
    script = (ONE + 'OUT=runs/a\necho "Python: $(which python) out=$OUT"\n'
              "srun python train.py 2>&1 | tee $OUT/log\n")
    assert 'echo "Python: $(which python) out=$OUT"' in _port(script, "delta").script


# --- 2. a heredoc fed to a command stays verbatim ---

PREFLIGHT = (ONE + "mapfile -t SPLITS < <(python - <<'PY'\nprint(\"a\")\nPY\n)\n"
             "python - <<'PY'\nimport torch\nprint(\"it's\", torch.cuda.device_count())\nPY\n"
             "srun python train.py\n")


def test_a_python_heredoc_preflight_is_kept_verbatim() -> None:
    for target in ("delta", "polaris"):
        r = _port(PREFLIGHT, target)
        assert ("python - <<'PY'\nimport torch\nprint(\"it's\", torch.cuda.device_count())\nPY\n"
                in r.script), target
        assert "mapfile -t SPLITS < <(python - <<'PY'\nprint(\"a\")\nPY\n)\n" in r.script
        assert not any("put its body in a file" in n for n in r.notes)


def test_set_up_lines_hold_a_heredoc_only_when_written_whole() -> None:
    from maple_flow.models.shell_lines import setup_lines_problem

    assert setup_lines_problem(["python - <<'PY'", "print(\"it's\")", "PY", "echo ok"]) == ""
    assert "heredoc" in setup_lines_problem(["python - <<'PY'", "print(1)"])
    assert "unbalanced" in setup_lines_problem(['echo "a'])


# --- 3. the user's interpreter variable stays on the launch ---

def test_an_interpreter_override_runs_the_program() -> None:
    script = ONE + 'PYTHON="${PYTHON:-.venv/bin/python}"\nsrun "$PYTHON" -u train.py --lr 0.1\n'
    for target in ("delta", "polaris"):
        r = _port(script, target)
        assert 'PYTHON="${PYTHON:-.venv/bin/python}"' in r.script
        assert '"$PYTHON" train.py --lr 0.1' in r.script, target
        assert any("interpreter variable $PYTHON" in n for n in r.notes)


def test_an_interpreter_variable_under_torchrun_runs_the_launcher() -> None:
    script = ONE + "PYTHON=${PYTHON:-python}\n$PYTHON train.py --lr 0.1\n"
    r = _port(script, "delta")
    assert "PYTHON=${PYTHON:-python}" in r.script
    assert '"$PYTHON" -m torch.distributed.run' in r.script or '"$PYTHON" train.py' in r.script


def test_a_site_interpreter_variable_is_not_kept() -> None:
    script = ONE + "PYTHON=/usr/bin/python3\nsrun $PYTHON train.py\n"
    assert '"$PYTHON"' not in _port(script, "delta").script


# --- 4. library thread counts from the job's CPUs per task ---

def test_thread_counts_from_cpus_per_task_are_set_on_the_target() -> None:
    script = (ONE.replace("#SBATCH -t", "#SBATCH --cpus-per-task=4\n#SBATCH -t")
              + "export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK}\n"
              "export MKL_NUM_THREADS=${SLURM_CPUS_PER_TASK}\nsrun python train.py\n")
    r = _port(script, "polaris")
    assert "MKL_NUM_THREADS=4" in r.script and "OMP_NUM_THREADS=4" in r.script


def test_an_interpreter_variable_is_not_named_as_a_prefix_not_carried() -> None:
    script = ONE + 'PYTHON="/home/me/env/bin/python"\nsrun "$PYTHON" src/train.py\n'
    r = _port(script, "delta")
    assert '"$PYTHON" src/train.py' in r.script
    assert not any("in front of the program" in n for n in r.notes)


def test_two_srun_stages_of_an_interpreter_variable_are_both_ported() -> None:
    script = (ONE + "PYTHON=/home/me/env/bin/python\n"
              "srun $PYTHON -u train.py --seed 1\nsrun $PYTHON -u generate.py --seed 1\n")
    for target in ("delta", "polaris"):
        r = _port(script, target)
        assert '"$PYTHON" train.py --seed 1' in r.script or "$PYTHON train.py --seed 1" in r.script
        assert '"$PYTHON" generate.py --seed 1' in r.script, target


def test_a_heredoc_inside_a_command_substitution_is_kept_whole() -> None:
    echo = ("echo \"Config path: $(python - <<'PY' \"${CFG}\"\n"
            "import sys\nprint(sys.argv[1])\nPY\n)\"\n")
    script = (ONE + "CFG=configs/a.yaml\n" + echo
              + "N=$(python - <<'PY'\nprint(3)\nPY\n)\nsrun python train.py --n $N\n")
    r = _port(script, "polaris")
    assert echo in r.script
    assert "N=$(python - <<'PY'\nprint(3)\nPY\n)\n" in r.script
    assert not any("put its body in a file" in n for n in r.notes)
