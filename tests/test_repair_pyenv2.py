"""s31pyenv2: a just-in-time kernel build inside the job whose compilers are OOM-killed
(ninja's ``FAILED: [code=137]``) is answered with a bound on its parallelism (MAX_JOBS) where
the script sets none, a question where it sets one, and nothing on a bare build failure."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
module load cuda
{env}srun python serve.py --model /scratch/me/model
"""
KILLED = ("[3/24] /usr/local/cuda/bin/nvcc -c moe_gemm.cu -o moe_gemm.cuda.o\n"
          "FAILED: [code=137] moe_gemm.cuda.o\nKilled\n"
          "ninja: build stopped: subcommand failed.\n")
TORCH_NOTE = ("Emitting ninja build file /home/me/.cache/torch_extensions/fused_adam/build.ninja\n"
              "Building extension module fused_adam...\n"
              "Allowing ninja to set a default number of workers... (overridable by setting the "
              "environment variable MAX_JOBS=N)\n"
              "nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n")


def _proposed(script: str, log: str) -> tuple[str | None, str]:
    data = diagnose_log(script, log, "delta", None, False)
    proposed = data.get("proposed") or {}
    return proposed.get("record_id"), proposed.get("diff", "")


def test_killed_jit_compilers_get_a_bound_where_the_script_sets_none() -> None:
    record, diff = _proposed(SCRIPT.format(env=""), KILLED)
    assert record == "jit-build-compilers-oom-killed-unbounded"
    assert "+export MAX_JOBS=4" in diff
    assert diff.index("+export MAX_JOBS=4") < diff.index("srun python serve.py")


def test_torch_worker_note_then_a_killed_compiler_is_the_same_class() -> None:
    record, diff = _proposed(SCRIPT.format(env=""), TORCH_NOTE)
    assert record == "jit-build-compilers-oom-killed-unbounded"
    assert "+export MAX_JOBS=4" in diff


def test_a_bound_the_script_sets_is_the_users_to_lower() -> None:
    data = diagnose_log(SCRIPT.format(env="export MAX_JOBS=32\n"), KILLED, "delta", None, False)
    assert data["diagnoses"][0]["record_id"] == "jit-build-compilers-oom-killed-bound-set"
    assert data["diagnoses"][0]["needs"] == ["max_jobs"]
    assert not data.get("proposed")


def test_a_bare_build_failure_gets_no_bound() -> None:
    """A compile error ends the same way: without the kill code nothing says memory."""
    for log in ("subcommand failed\nNinja build failed\n",
                "FAILED: moe_gemm.cuda.o\nninja: build stopped: subcommand failed.\n"):
        record, diff = _proposed(SCRIPT.format(env=""), log)
        assert record != "jit-build-compilers-oom-killed-unbounded"
        assert "MAX_JOBS" not in diff


STDIN_JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=1
cd /scratch/me/proj
{launch}
echo finished
"""
STDIN_LOG = "FileNotFoundError: [Errno 2] No such file or directory: '/scratch/me/proj/<stdin>'\n"


def test_program_fed_on_stdin_is_written_to_a_file_and_run_from_it() -> None:
    launch = "srun --ntasks=1 python -u - --n 4 <<'PY'\nimport multiprocessing as mp\nPY"
    record, diff = _proposed(STDIN_JOB.format(launch=launch), STDIN_LOG)
    assert record == "spawn-main-from-stdin-program"
    assert "-srun --ntasks=1 python -u - --n 4 <<'PY'" in diff
    assert "+cat > \"program_from_stdin_$$.py\" <<'PY'" in diff
    assert '+srun --ntasks=1 python -u "program_from_stdin_$$.py" --n 4' in diff
    assert diff.index("+cat >") < diff.index(" PY\n") < diff.index("+srun")


def test_unquoted_heredoc_keeps_its_expansion_and_the_short_message_counts() -> None:
    launch = "python3 <<EOF\nprint('$SLURM_JOB_ID')\nEOF"
    record, diff = _proposed(STDIN_JOB.format(launch=launch), "FileNotFoundError: '/x/<stdin>'\n")
    assert record == "spawn-main-from-stdin-program"
    assert '+cat > "program_from_stdin_$$.py" <<EOF' in diff
    assert '+python3 "program_from_stdin_$$.py"' in diff


def test_stdin_named_but_no_program_fed_on_stdin_gets_no_rewrite() -> None:
    """A file, a module or a string is run: the script is not where '<stdin>' comes from."""
    for launch in ("srun python train.py <<'PY'\nx\nPY", "python -m pkg.run <<EOF\nx\nEOF",
                   "srun python -u train.py --epochs 3"):
        record, diff = _proposed(STDIN_JOB.format(launch=launch), STDIN_LOG)
        assert record != "spawn-main-from-stdin-program"
        assert "program_from_stdin" not in diff
