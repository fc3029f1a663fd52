# ruff: noqa: E501
"""Write cases.yaml of the s31cuda probe (split by sha256(id) parity, fixed before any run)."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "reallogs"))

from make_cases import split_of

SERVE = "torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml"
SPAWN = r"(?m)^\+\s*(export\s+)?VLLM_WORKER_MULTIPROC_METHOD=spawn\b"
NOCAR = r"(?m)^\+.*vllm\s+serve\b.*--disable-custom-all-reduce"

CASES = [
    {
        "id": "vllm5613-serve-tp8-custom-allreduce-cuh-invalid-argument",
        "kind": "script",
        "source": "https://github.com/vllm-project/vllm/issues/5613",
        "thread_site": "vllm-project/vllm#5613 (title: the error line below); a later comment: the same error from `vllm serve ./deepseek-v3 --tensor-parallel-size 8 --pipeline-parallel-size 2 --trust-remote-code`, solved by adding `--enforce-eager` or `--disable-custom-all-reduce` to the command",
        "what": "the job starts vLLM with its custom all-reduce kernel, which fails on these nodes (CUDA IPC of the all-reduce buffers); the fix is on the launch line (`--disable-custom-all-reduce`, plain NCCL all-reduce); assumed shape - a one-node, 8-GPU Delta job whose batch step runs the quoted `vllm serve` line without the pipeline-parallel part (one node)",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=8"], [SERVE, "vllm serve ./deepseek-v3 --tensor-parallel-size 8 --trust-remote-code"]],
        "log": "Failed: /home/runner/work/vllm/vllm/csrc/custom_all_reduce.cuh:310 'invalid argument'\n",
        "expect": {"families": ["launcher", "environment"], "fix": NOCAR},
    },
    {
        "id": "posttrainarena46-a100x8-tp4-custom-allreduce-cuh-455",
        "kind": "script",
        "source": "https://github.com/benchflow-ai/posttrainarena/pull/46",
        "thread_site": "benchflow-ai/posttrainarena#46: GRPO runs on an a100x8 job, vLLM with TP=4 on CUDA_VISIBLE_DEVICES=4,5,6,7 failed at start with this line (vLLM's CUDA-IPC custom all-reduce) while NCCL itself works on the node; the PR adds an opt-out that passes disable_custom_all_reduce=True so tensor parallelism falls back to NCCL all-reduce",
        "what": "the job's vLLM uses its custom all-reduce kernel, which fails on this node; the fix is the library's switch, on the launch line (`--disable-custom-all-reduce`); assumed shape - a one-node, 4-GPU Delta job whose batch step runs `vllm serve \"$MODEL\" --tensor-parallel-size 4` (the PR's server is a Python worker; the serve line is an assumption)",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [[SERVE, "vllm serve \"$MODEL\" --tensor-parallel-size 4 --port 8000"]],
        "log": "Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:455 'invalid argument'\n",
        "expect": {"families": ["launcher", "environment"], "fix": NOCAR},
    },
    {
        "id": "vllm47751-sm120-two-gpu-tp-custom-allreduce-capture",
        "kind": "script",
        "source": "https://github.com/vllm-project/vllm/pull/47751",
        "thread_site": "vllm-project/vllm#47751: on consumer Blackwell (sm_120/121; RTX PRO 6000, RTX 50-series, GB10) with two-GPU tensor parallelism the custom all-reduce kernel's IPC / peer-mapping path aborts during cudagraph capture with this error, killing the TP worker; 'Today users must pass --disable-custom-all-reduce manually' (the PR makes vLLM turn it off on sm_12x)",
        "what": "the job's vLLM uses its custom all-reduce kernel on GPUs it does not support; the fix is on the launch line (`--disable-custom-all-reduce`); the line is the PR's quotation; assumed shape - a one-node, 2-GPU Delta job whose batch step runs `vllm serve \"$MODEL\" --tensor-parallel-size 2`",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=2"], [SERVE, "vllm serve \"$MODEL\" --tensor-parallel-size 2"]],
        "log": "custom_all_reduce.cuh:455 'invalid argument'\n",
        "expect": {"families": ["launcher", "environment"], "fix": NOCAR},
    },
    {
        "id": "fastchat3507-vllm-worker-tp-forked-cuda",
        "kind": "script",
        "source": "https://github.com/lm-sys/FastChat/issues/3507",
        "thread_site": "lm-sys/FastChat#3507 (title: the error line below): serving a model with FastChat's vllm_worker works on one GPU; with tensor parallelism over several GPUs it raises this error; the reporter: `export VLLM_WORKER_MULTIPROC_METHOD=spawn` fixes it",
        "what": "the job starts vLLM's tensor-parallel workers with the fork start method after CUDA was initialised in the parent; the fix is in the job script's environment (`export VLLM_WORKER_MULTIPROC_METHOD=spawn` before the launch); assumed shape - a one-node, 2-GPU Delta job whose batch step runs `python3 -m fastchat.serve.vllm_worker --model-path \"$MODEL\" --num-gpus 2`",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=2"], [SERVE, "python3 -m fastchat.serve.vllm_worker --model-path \"$MODEL\" --num-gpus 2"]],
        "log": "RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method\n",
        "expect": {"families": ["environment"], "fix": SPAWN},
    },
    {
        "id": "vllm7151-vllmworkerprocess-init-device-fork",
        "kind": "script",
        "source": "https://github.com/vllm-project/vllm/issues/7151",
        "thread_site": "vllm-project/vllm#7151 (title: the error line below, cut where the title ends): after updating to vllm 0.5.3.post1 the workers fail in init_device; a comment: set environment variable VLLM_WORKER_MULTIPROC_METHOD=spawn; the reporter: 'Thanks! This works for me.'",
        "what": "vLLM's worker processes are forked after CUDA was initialised in the parent; the fix is in the job script's environment (`export VLLM_WORKER_MULTIPROC_METHOD=spawn`); the script does not name vLLM - the log does (VllmWorkerProcess); assumed shape - a one-node, 2-GPU Anvil job whose srun step runs the user's `python infer.py` (which builds vllm.LLM with tensor_parallel_size=2)",
        "cluster": "anvil",
        "script": "srun_python.sh",
        "replace": [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=2"], ["srun python -u train.py --batch-size 256 --epochs 32", "srun python -u infer.py --model \"$MODEL\""]],
        "log": "Exception in worker VllmWorkerProcess while processing method init_device: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing,\n",
        "expect": {"families": ["environment"], "fix": SPAWN},
    },
    {
        "id": "geomol8-dataloader-worker-cuda-in-fork",
        "kind": "not_script",
        "source": "https://github.com/PattanaikL/GeoMol/issues/8",
        "thread_site": "PattanaikL/GeoMol#8 (title: 'RuntimeError: Cannot re-initialize CUDA in forked subprocess (solved)'): training stopped at the first batch, the traceback going through the DataLoader's worker data (train.py -> model/training.py -> torch/utils/data/dataloader.py _process_data -> data.reraise())",
        "what": "the program's data loading touches CUDA inside DataLoader worker processes (forked), which CUDA forbids; the cure is in the program (no CUDA in the dataset, or num_workers / the loader's multiprocessing context), not the launch script; assumed shape - a one-node Delta job that runs `python train.py`",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"], [SERVE, "python train.py --data_dir data/qm9"]],
        "log": "  File \"/home/grads/e/ethanycx/miniconda3/envs/torch/lib/python3.9/site-packages/torch/utils/data/dataloader.py\", line 1111, in _process_data\n    data.reraise()\nRuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method\n",
    },
    {
        "id": "ufld160-dataset-getitem-cuda-forked",
        "kind": "not_script",
        "source": "https://github.com/cfzd/Ultra-Fast-Lane-Detection-v2/issues/160",
        "thread_site": "cfzd/Ultra-Fast-Lane-Detection-v2#160: the user's own dataset's __getitem__ calls the repository's my_interp, which needs the data on CUDA, so `data.cuda()` in __getitem__ raises this error (loader workers are forked)",
        "what": "the program's dataset uses CUDA in the DataLoader's forked workers; the cure is in the program, not the launch script; assumed shape - a one-node, 4-GPU Delta job that runs the repository's `torchrun --standalone --nproc_per_node=4 train.py configs/culane_res34.py`",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [[SERVE, "torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py configs/culane_res34.py"]],
        "log": "RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method\n",
    },
]


def main() -> None:
    """Write cases.yaml beside this file."""
    out = []
    for case in CASES:
        out.append({"id": case["id"], "split": split_of(case["id"]),
                    **{k: v for k, v in case.items() if k != "id"}})
    head = ("# s31cuda probe: real error lines (public threads, claimed in /work/wt/claimed_threads.txt)\n"
            "# for the CUDA/NCCL-stack classes of reallogs28's misses; written before any run.\n")
    Path(__file__).with_name("cases.yaml").write_text(
        head + yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True, width=200))


if __name__ == "__main__":
    main()
