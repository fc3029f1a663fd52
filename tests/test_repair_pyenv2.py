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
