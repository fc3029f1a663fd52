"""The CUDA stack a job's serving library runs does not fit the node, and the script can turn
the failing part off (issue 17, s31cuda):

- vLLM's custom all-reduce kernel fails (``custom_all_reduce.cuh:N 'invalid argument'``, or a
  CUDA error under a ``custom_all_reduce.py`` frame): ``--disable-custom-all-reduce`` on the
  script's ``vllm serve`` line; a script that runs no serving command, or already gives the
  switch, keeps the other records' answer;
- vLLM's workers forked after CUDA was initialised: ``export VLLM_WORKER_MULTIPROC_METHOD=spawn``
  when the script runs vLLM or the log's worker frames name it; a program's own DataLoader
  workers stay the program's (not-script).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_serving import serving_export, serving_flag
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SINGLE = (SCRIPTS / "torchrun_single.sh").read_text(encoding="utf-8")
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
TORCHRUN = ("torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py "
            "--config configs/small.yaml")
SERVE = SINGLE.replace(TORCHRUN, 'vllm serve "$MODEL" --tensor-parallel-size 4 --port 8000')
CUH = "Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:455 'invalid argument'\n"
FRAME = ('  File ".../distributed/device_communicators/custom_all_reduce.py", line 175, '
         "in __init__\n"
         "    self.meta_ptrs = self.create_shared_buffer(...)\n"
         "torch.AcceleratorError: CUDA error: CUDA driver version is insufficient for CUDA "
         "runtime version\n")
FORK = ("RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with "
        "multiprocessing, you must use the 'spawn' start method\n")
WORKER_FORK = ("(VllmWorkerProcess pid=13359) ERROR 08-02 18:15:15 multiproc_worker_utils.py:226] "
               + FORK)


@pytest.mark.parametrize("log", [CUH, FRAME])
def test_custom_allreduce_failure_disables_it_on_the_serve_line(log: str) -> None:
    result = diagnose_log(SERVE, log, "delta", None, False)
    assert _first(result)["record_id"] == "vllm-custom-allreduce-kernel-fails"
    assert ('+vllm serve "$MODEL" --tensor-parallel-size 4 --port 8000 '
            "--disable-custom-all-reduce") in _diff(result)


def test_custom_allreduce_needs_a_serve_line_without_the_switch() -> None:
    python_job = SRUN_PY.replace("train.py --batch-size 256 --epochs 32", "infer.py")
    given = SERVE.replace("--port 8000", "--port 8000 --disable-custom-all-reduce")
    for script in (python_job, given):
        result = diagnose_log(script, CUH, "delta", None, False)
        assert result.get("proposed") is None


def test_custom_allreduce_warning_with_an_oom_is_not_this() -> None:
    log = (FRAME.replace("CUDA error: CUDA driver version is insufficient for CUDA runtime "
                         "version", "CUDA error: out of memory"))
    result = diagnose_log(SERVE, log, "delta", None, False)
    assert "--disable-custom-all-reduce" not in _diff(result)


def test_serving_flag_keeps_redirection_and_continuation() -> None:
    text = ("#!/bin/bash\nsrun apptainer exec --nv v.sif vllm serve m \\\n"
            "    --tensor-parallel-size 2 > serve.log 2>&1 &\nwait\n")
    out = serving_flag(text, "vllm", "--disable-custom-all-reduce")
    assert "    --tensor-parallel-size 2 --disable-custom-all-reduce > serve.log 2>&1 &\n" in out
    with pytest.raises(FixNotApplicable):
        serving_flag(out, "vllm", "--disable-custom-all-reduce")
    with pytest.raises(FixNotApplicable):
        serving_flag(SINGLE, "vllm", "--disable-custom-all-reduce")
    module = "#!/bin/bash\npython -m vllm.entrypoints.openai.api_server --model m -tp 2\n"
    assert serving_flag(module, "vllm", "--disable-custom-all-reduce").endswith(
        "-tp 2 --disable-custom-all-reduce\n")


def test_vllm_fork_sets_the_spawn_start_method() -> None:
    worker = SINGLE.replace(TORCHRUN, 'python3 -m fastchat.serve.vllm_worker --model-path "$MODEL"')
    lm_eval = SINGLE.replace(TORCHRUN, "lm_eval --model vllm --model_args "
                             "pretrained=$MODEL,tensor_parallel_size=4 --tasks mmlu")
    for script, log in ((worker, FORK), (SRUN_PY, WORKER_FORK), (lm_eval, FORK)):
        result = diagnose_log(script, log, "delta", None, False)
        assert _first(result)["record_id"] == "vllm-worker-forked-after-cuda-init"
        assert "+export VLLM_WORKER_MULTIPROC_METHOD=spawn" in _diff(result)


def test_program_fork_without_vllm_stays_the_programs() -> None:
    for script in (SINGLE, SERVE.replace("vllm serve", "export VLLM_WORKER_MULTIPROC_METHOD=spawn"
                                         "\nvllm serve")):
        result = diagnose_log(script, FORK, "delta", None, False)
        assert result.get("proposed") is None
        assert _first(result)["record_id"] == "cuda-reinit-in-forked-subprocess"


def test_vllm_serve_job_gets_the_start_method_above_its_serve_line() -> None:
    result = diagnose_log(SERVE, FORK, "delta", None, False)
    assert ('+export VLLM_WORKER_MULTIPROC_METHOD=spawn\n vllm serve "$MODEL"'
            in _diff(result))
    with pytest.raises(FixNotApplicable):
        serving_export(SERVE.replace("vllm serve", "VLLM_WORKER_MULTIPROC_METHOD=fork vllm serve"),
                       "vllm", "VLLM_WORKER_MULTIPROC_METHOD", "spawn")
    with pytest.raises(FixNotApplicable):
        serving_export(SINGLE, "vllm", "VLLM_WORKER_MULTIPROC_METHOD", "spawn")
