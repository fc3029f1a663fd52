# ruff: noqa: E501
"""Write cases.yaml of the s31pyenv2 probe (split by sha256(id) parity, fixed before any run)."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "reallogs"))

from make_cases import split_of

CASES = [
    {
        "id": "flashinfer-cutlass-moe-jit-ninja-code-137-in-ray-job",
        "kind": "script",
        "source": "find_string:66343074586",
        "thread_site": "a user's deployment notes for a Ray + vLLM serving job on SM120 GPUs (code search text id 66343074586, no repository name shown), 'Issue 2: Flashinfer JIT Compilation OOM': flashinfer's JIT build of the CUTLASS MoE kernels failed with these lines; cause given: exit code 137 = the OOM killer, 24 CUDA files compiled with -j 12, each nvcc 4-6 GB; fix given: bound the JIT build's parallelism",
        "what": "the job leaves the parallelism of a JIT kernel build unbounded, so the compilers are OOM-killed (ninja: FAILED: [code=137], Killed); the fix is in the job script's environment (export MAX_JOBS=N before the program); assumed shape - the Ray-on-Slurm job of bench/reallogs28/scripts/ray_slurm.sh (DeltaAI) with no MAX_JOBS",
        "cluster": "deltaai",
        "script": "ray_slurm.sh",
        "log": "RuntimeError: Ninja build failed.\nFAILED: [code=137] .../cutlass_kernel_file_gemm_grouped_sm120_M128_BS_group0.generated.cuda.o\nKilled\nninja: build stopped: subcommand failed.\n",
        "expect": {"families": ["environment", "resources"], "fix": r"(?m)^\+\s*(export\s+)?MAX_JOBS=\d+"},
    },
    {
        "id": "flashinfer-fp4-gemm-jit-ninja-exit-137-first-run",
        "kind": "script",
        "source": "find_string:66734235858",
        "thread_site": "a user's deployment log for a Nemotron NVFP4 model (code search text id 66734235858, no repository name shown): the scheduler died during the first-run FlashInfer FP4 GEMM compilation after the weights loaded; root cause given: Ninja launched many memory-heavy CUDA compiles at once; fix given: bound MAX_JOBS",
        "what": "the job's first run JIT-compiles FlashInfer kernels with ninja's default parallelism and the compilers are OOM-killed; the fix is `export MAX_JOBS=N` in the job script; assumed shape - a one-node Delta job of bench/reallogs/scripts/srun_python.sh with no MAX_JOBS",
        "cluster": "delta",
        "script": "srun_python.sh",
        "log": "subprocess.CalledProcessError: Command ['ninja', '-v', '-C',\n'/root/.cache/flashinfer/0.6.12/121a/cached_ops/fp4_gemm_cutlass_sm120',\n'-f', '.../build.ninja'] returned non-zero exit status 137.\n...\nFAILED: [code=137] ...fp4_gemm_cutlass...cuda.o\nKilled\nninja: build stopped: subcommand failed.\n",
        "expect": {"families": ["environment", "resources"], "fix": r"(?m)^\+\s*(export\s+)?MAX_JOBS=\d+"},
    },
    {
        "id": "gsplat-torch-extension-jit-nvcc-code-137",
        "kind": "script",
        "source": "find_string:62201249358",
        "thread_site": "a user's notes on running gsplat (code search text id 62201249358, no repository name shown): gsplat's CUDA extension, JIT-built by torch.utils.cpp_extension with ninja on first use inside a container, failed with `FAILED: [code=137] compute_sh_fwd.cuda.o` (the nvcc command line follows in the log)",
        "what": "torch's JIT extension build runs ninja with its default parallelism and an nvcc is OOM-killed (code 137); the fix is `export MAX_JOBS=N` in the job script before the program; assumed shape - a single-node torchrun job of bench/reallogs/scripts/torchrun_single.sh with no MAX_JOBS",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "log": "FAILED: [code=137] compute_sh_fwd.cuda.o\n/usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output compute_sh_fwd.cuda.o.d -DTORCH_EXTENSION_NAME=gsplat_cuda -DTORCH_API_INCLUDE_EXTENSION_H\n",
        "expect": {"families": ["environment", "resources"], "fix": r"(?m)^\+\s*(export\s+)?MAX_JOBS=\d+"},
    },
    {
        "id": "vllm-offline-smoke-heredoc-spawn-engine-core",
        "kind": "script",
        "source": "find_string:58570148998",
        "thread_site": "a user's Korean notes on running vLLM in WSL (code search text id 58570148998, no repository name shown), section 2.4 'do not pass vLLM scripts as a heredoc': `python - <<'PY' ... PY` works elsewhere in the project but not for vLLM, whose engine starts workers with multiprocessing spawn and re-reads __main__ by its file path; fix given: write the program to a file and run `python script.py`",
        "what": "the job feeds the Python program on stdin (here-document) and the program's workers are spawn-started, so they fail to re-import the main module; the fix is in the job script (write the program to a .py file and run it); assumed shape - a one-node Delta job of bench/reallogs/scripts/srun_python.sh whose srun step runs `python - <<'PY'` with the smoke program inline",
        "cluster": "delta",
        "script": "srun_python.sh",
        "replace": [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"],
                    ["srun python -u train.py --batch-size 256 --epochs 32", "srun python - <<'PY'\nfrom vllm import LLM\nif __name__ == \"__main__\":\n    llm = LLM(model=\"/scratch/me/Qwen2.5-0.5B-Instruct\")\n    print(llm.generate([\"hello\"]))\nPY"]],
        "log": "FileNotFoundError: [Errno 2] No such file or directory: '/.../<stdin>'\nRuntimeError: Engine core initialization failed. Failed core proc(s): {'EngineCore': 1}\n",
        "expect": {"families": ["launcher"], "fix": r"(?m)^\+.*\bpython3?\s+(?:-\S+\s+)*\"?[^\s\"-]\S*\.py\b|^-.*\bpython3?\s+-\s*<<"},
    },
    {
        "id": "test-runner-as-python-dash-spawn-workers-die",
        "kind": "script",
        "source": "find_string:71130118786",
        "thread_site": "a project's investigation notes of a test suite's shard failures (code search text id 71130118786, no repository name shown): the runner is started as `python -`, its main file is recorded as `<stdin>`, spawned workers die before any work; the shard logs show this line 13 times; the same runner saved as a file passes",
        "what": "the job feeds its runner to python on stdin and the runner's spawn-started workers cannot re-import it; the fix is in the job script (save the runner as a file and run the file); assumed shape - a one-node Delta job of bench/reallogs/scripts/srun_python.sh whose step runs `python -u - <<'EOF'` with the runner inline",
        "cluster": "delta",
        "script": "srun_python.sh",
        "replace": [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"],
                    ["srun python -u train.py --batch-size 256 --epochs 32", "python -u - <<'EOF'\nimport multiprocessing as mp\nfrom suite import run_shard\nif __name__ == \"__main__\":\n    with mp.get_context(\"spawn\").Pool(8) as pool:\n        pool.map(run_shard, range(8))\nEOF"]],
        "log": "FileNotFoundError: [Errno 2] No such file or directory: '/Users/edr/code/JouleWise-wt-suite9/<stdin>'\n",
        "expect": {"families": ["launcher"], "fix": r"(?m)^\+.*\bpython3?\s+(?:-\S+\s+)*\"?[^\s\"-]\S*\.py\b|^-.*\bpython3?\s+(?:-\S+\s+)*-\s*<<"},
    },
    {
        "id": "marker-pdf-python3-heredoc-short-filenotfound",
        "kind": "script",
        "source": "find_string:60268654282",
        "thread_site": "a user's Chinese evaluation notes (code search text id 60268654282, no repository name shown), section 'marker-pdf cannot be called through a stdin heredoc': marker-pdf uses multiprocessing, and started through `python3 <<'PYEOF'` it fails with this line; fix given: write it as a script file and call that",
        "what": "the job feeds a program that starts multiprocessing workers to python3 on stdin (no `-`), so the workers cannot re-import the main module; the fix is in the job script (write the program to a file and run it); assumed shape - a one-node Delta job of bench/reallogs/scripts/srun_python.sh that runs `python3 <<'PYEOF'` in the batch shell",
        "cluster": "delta",
        "script": "srun_python.sh",
        "replace": [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"],
                    ["srun python -u train.py --batch-size 256 --epochs 32", "python3 <<'PYEOF'\nfrom marker.converters.pdf import PdfConverter\nfrom marker.models import create_model_dict\nif __name__ == \"__main__\":\n    PdfConverter(artifact_dict=create_model_dict())(\"paper.pdf\")\nPYEOF"]],
        "log": "FileNotFoundError: '/path/<stdin>'\n",
        "expect": {"families": ["launcher"], "fix": r"(?m)^\+.*\bpython3?\s+(?:-\S+\s+)*\"?[^\s\"-]\S*\.py\b|^-.*\bpython3?\s+<<"},
    },
]


def main() -> None:
    """Write cases.yaml beside this file."""
    out = []
    for case in CASES:
        out.append({"id": case["id"], "split": split_of(case["id"]),
                    **{k: v for k, v in case.items() if k != "id"}})
    head = ("# s31pyenv2 probe: real error lines (public texts, claimed in /work/wt/claimed_threads.txt)\n"
            "# for a JIT kernel build whose compilers are OOM-killed, and python fed its program on stdin\n"
            "# whose spawn workers cannot re-import it; each class written before its first run.\n")
    Path(__file__).with_name("cases.yaml").write_text(
        head + yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True, width=200))


if __name__ == "__main__":
    main()
