# ruff: noqa: E501
"""Write cases.yaml of the s36rl34 probe (written BEFORE any run of the new code on it)."""

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
IBRUN = ("module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\n"
         "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
         "export MASTER_PORT=29500\nibrun python train.py --epochs 10")
SRUN = "srun python -u train.py --batch-size 256 --epochs 32"
CUBLAS = {"families": ["environment"],
          "fix": "(?m)^\\+\\s*export\\s+CUBLAS_WORKSPACE_CONFIG=[\"']?:(4096|16):8"}
LIBIMF = {"families": ["modules", "environment"],
          "fix": "(?m)^\\+\\s*(module\\s+load\\s+\\S*(intel|oneapi)|export\\s+LD_LIBRARY_PATH=\\S*(intel|oneapi|compiler))"}


def case(cid, kind, source, site, what, cluster, script, log, expect=None, replace=None):
    """One case in the format of bench/reallogs29/cases.yaml (all `tune`: a probe)."""
    out = {"id": cid, "split": "tune", "kind": kind, "source": source, "thread_site": site,
           "what": what, "cluster": cluster, "script": script}
    if replace:
        out["replace"] = replace
    out["log"] = log
    out["expect"] = expect or {}
    return out


CASES = [
    # (1) collective inputs of different shapes on different ranks: the program's (not-script)
    case("lighteval204-accelerate-gather-shape-mismatch-zero-shot", "not_script",
         "https://github.com/huggingface/lighteval/issues/204",
         "huggingface/lighteval #204: `accelerate launch run_evals_accelerate.py` on 8 GPUs, MMLU 0-shot; 5-shot runs; without the shape check the run hangs; maintainer: a pad-and-gather bug",
         "the evaluation gathers tensors padded to different lengths on different processes (a library/program bug, fixed in lighteval), not the job script; assumed shape - a one-node Delta job with accelerate launch",
         "delta", "accelerate.sh",
         "Cannot apply desired operation due to shape mismatches. All shapes across devices must be valid.\n"
         "[rank3]: Operation: accelerate.utils.operations.gather`\n[rank3]: Input shapes:\n"
         "[rank3]:   - Process 0: [1024]\n[rank3]:   - Process 1: [2048]\n[rank3]:   - Process 2: [2048]\n",
         replace=[["accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py",
                   "accelerate launch run_evals_accelerate.py --model_args pretrained=gpt2"]]),
    case("tf34156-multiworker-ringreduce-collective-shape-mismatch", "not_script",
         "https://github.com/tensorflow/tensorflow/issues/34156",
         "tensorflow/tensorflow #34156: MultiWorkerMirroredStrategy on two workers, RingReduce aborts with a shape mismatch in a collective instance",
         "the workers hand the all-reduce tensors of different shapes (the program's per-worker input/model shapes), not the launch; assumed shape - an Anvil job starting one worker a task with srun",
         "anvil", "srun_python.sh",
         "2019-11-11 11:45:07.182077: W tensorflow/core/framework/op_kernel.cc:1655] OP_REQUIRES failed at collective_ops.cc:253 : Invalid argument: Shape mismatch in the collective instance 106. Op at device /job:worker/replica:0/task:1/device:CPU:0 expected shape [49] but another member in the group expected shape [64]. This is likely due to different input shapes at different members of the collective op.\n"),
    case("tf56885-all-reduce-v2-ordering-token-ringgather-shape-mismatch", "not_script",
         "https://github.com/tensorflow/tensorflow/issues/56885",
         "tensorflow/tensorflow #56885: collective_ops.all_reduce_v2 with ordering_token; RingGather aborts with a shape mismatch between workers",
         "collectives issued in a different order on different workers (the ordering token not honoured: a library issue), not the job script; assumed shape - a Bridges-2 job starting workers with srun",
         "bridges2", "srun_python.sh",
         "2022-07-25 11:57:07.265079: E tensorflow/core/common_runtime/ring_alg.cc:276] Aborting RingGather with Invalid argument: [_Derived_]Collective ops is aborted by: Shape mismatch in the collective instance 244. Op at device /job:worker/replica:0/task:1/device:CPU:0 expected shape [98] but another member in the group expected shape [102]. This is likely due to different input shapes at different members of the collective op.\n"),
    # (2) deterministic cuBLAS needs CUBLAS_WORKSPACE_CONFIG in the environment (script)
    case("metta654-deterministic-cublas-workspace-config-missing", "script",
         "https://github.com/Metta-AI/metta/pull/654",
         "Metta-AI/metta #654 hotfix: training fails at the first cuBLAS call with deterministic algorithms on; fixed by setting CUBLAS_WORKSPACE_CONFIG=:4096:8",
         "the program turns deterministic algorithms on and cuBLAS needs the workspace variable set before the process starts; the job script's environment can set it (export CUBLAS_WORKSPACE_CONFIG=:4096:8); assumed shape - a Delta job from srun",
         "delta", "srun_python.sh",
         "RuntimeError: Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` \n"
         "or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not deterministic because \n"
         "it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic behavior in this case, you must \n"
         "set an environment variable before running your PyTorch application: CUBLAS_WORKSPACE_CONFIG=:4096:8 \n"
         "or CUBLAS_WORKSPACE_CONFIG=:16:8.\n", CUBLAS),
    case("pttutorials2758-deterministic-cublas-ci-job", "script",
         "https://github.com/pytorch/tutorials/pull/2758",
         "pytorch/tutorials #2758: a GPU CI job fails with the cuBLAS determinism error",
         "deterministic algorithms on without the cuBLAS workspace variable; the job environment can set it; assumed shape - a Polaris PBS job, torchrun per node under mpiexec",
         "polaris", "pbs_polaris_torchrun.sh",
         "RuntimeError: Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not deterministic because it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic behavior in this case, you must set an environment variable before running your PyTorch application: CUBLAS_WORKSPACE_CONFIG=:4096:8 or CUBLAS_WORKSPACE_CONFIG=:16:8. For more information, go to https://docs.nvidia.com/cuda/cublas/index.html#cublasApi_reproducibility\n",
         CUBLAS),
    case("mmengine929-runner-deterministic-cublas-error", "script",
         "https://github.com/open-mmlab/mmengine/pull/929",
         "open-mmlab/mmengine #929: the Runner raises the cuBLAS determinism error on CUDA >= 10.2; setting CUBLAS_WORKSPACE_CONFIG=:16:8 avoids it",
         "the runner enables deterministic algorithms; the workspace variable in the job environment fixes it; assumed shape - a Lonestar6 job with ibrun",
         "lonestar6", "tacc_ibrun.sh",
         "RuntimeError: Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not deterministic because it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic behavior in this case, you must set an environment variable before running your PyTorch application: CUBLAS_WORKSPACE_CONFIG=:4096:8 or CUBLAS_WORKSPACE_CONFIG=:16:8. For more information, go to https://docs.nvidia.com/cuda/cublas/index.html#cublasApi_reproducibility \n",
         CUBLAS),
    case("litgpt2124-pytest-gpu-deterministic-cublas", "script",
         "https://github.com/Lightning-AI/litgpt/pull/2124",
         "Lightning-AI/litgpt #2124: GPU tests fail with the cuBLAS determinism error; fixed by CUBLAS_WORKSPACE_CONFIG=:4096:8 in the GPU job's environment",
         "the GPU test job's environment lacks the workspace variable; assumed shape - an Anvil job running the tests from srun",
         "anvil", "srun_python.sh",
         "E       RuntimeError: Deterministic behavior was enabled with either torch.use_deterministic_algorithms(True)orat::Context::setDeterministicAlgorithms(true), but this operation is not deterministic because it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic behavior in this case, you must set an environment variable before running your PyTorch application: CUBLAS_WORKSPACE_CONFIG=:4096:8 or CUBLAS_WORKSPACE_CONFIG=:16:8. For more information, go to https://docs.nvidia.com/cuda/cublas/index.html#results-reproducibility\n",
         CUBLAS, replace=[[SRUN, "srun python -m pytest -v tests/ -m gpu"]]),
    # look-alikes of (2) that must get no cuBLAS fix
    case("pytorch109856-deterministic-cublas-warn-only-userwarning", "not_script",
         "https://github.com/pytorch/pytorch/issues/109856",
         "pytorch/pytorch #109856: timing runs with deterministic algorithms in warn-only mode; the cuBLAS note is a UserWarning and the run completes; the thread is about speed",
         "LOOK-ALIKE: a warning (warn_only=True), nothing failed; any fix would be invented; assumed shape - a Delta job from srun",
         "delta", "srun_python.sh",
         "/vol/apps/python/3.9/ext_modules/pytorch/1.13.1-weta.1/cuda/11.2/torch/nn/modules/linear.py:114: UserWarning: Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not deterministic because it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic behavior in this case, you must set an environment variable before running your PyTorch application: CUBLAS_WORKSPACE_CONFIG=:4096:8 or CUBLAS_WORKSPACE_CONFIG=:16:8. For more information, go to https://docs.nvidia.com/cuda/cublas/index.html#cublasApi_reproducibility (Triggered internally at /vol/apps_build/makepkg/pytorch/1.13.1/src/pytorch-1.13.1/aten/src/ATen/Context.cpp:159.)\n"
         "  return F.linear(input, self.weight, self.bias)\n"),
    case("yolov8ca-adaptive-avg-pool-backward-no-deterministic-impl", "not_script",
         "find_string:997874718",
         "a blog note: training YOLOv8 with a CA attention block, train.py fails; cure: switch determinism off around that op (the program)",
         "LOOK-ALIKE: an op without a deterministic implementation under use_deterministic_algorithms(True); no environment variable helps, the program must change; assumed shape - a Delta job from srun",
         "delta", "srun_python.sh",
         "RuntimeError: adaptive_avg_pool2d_backward_cuda does not have a deterministic implementation, but you set 'torch.use_deterministic_algorithms(True)'. You can turn off determinism just for this operation, or you can use the 'warn_only=True' option, if that's acceptable for your application. You can also file an issue at https://github.com/pytorch/pytorch/issues to help us prioritize adding deterministic support for this operation.\n"),
    # (3) the Intel compiler runtime (libimf, libsvml, libirng, libintlc) not on the library path (script)
    case("cmaqioapi-m3tools-juldate-libimf-missing", "script", "find_string:13656920596",
         "CMAQ tutorial (I/O API m3tools on a Slurm cluster with modules): running m3tools gives this; 'be sure that the appropriate module is loaded, or that the LD_LIBRARY_PATH contains a path to the shared object file'",
         "a tool built with the Intel compilers runs without the Intel runtime on its library path; the fix is the job script's module/LD_LIBRARY_PATH; assumed shape - a Stampede3 CPU job with gcc loaded that runs the tool",
         "stampede3", "tacc_ibrun.sh",
         "./juldate: error while loading shared libraries: libimf.so: cannot open shared object file: No such file or directory\n",
         LIBIMF, replace=[["#SBATCH -p gpu-a100", "#SBATCH -p skx"], [IBRUN, "module load gcc/13.2.0\n./juldate"]]),
    case("lammpsnote-lmp-mpi-libimf-missing", "script", "find_string:36891704215",
         "a LAMMPS build note: lmp_mpi built with the Intel compilers fails to start; cure: the Intel compiler lib directory on LD_LIBRARY_PATH",
         "the executable needs the Intel runtime the job does not put on its library path; fix in the job script (intel module or LD_LIBRARY_PATH); assumed shape - a Lonestar6 job running lmp_mpi with ibrun, gcc loaded",
         "lonestar6", "tacc_ibrun.sh",
         "/home/coiby/lammps/src/lmp_mpi: error while loading shared libraries: libimf.so: cannot open shared object file: No such file or directory\n",
         LIBIMF, replace=[[IBRUN, "module load gcc/11.2.0\nibrun /home/coiby/lammps/src/lmp_mpi -in in.lj"]]),
    case("petscfaq-intel-built-code-libimf-at-run-time", "script", "find_string:69518664",
         "PETSc FAQ: code built with the Intel compilers needs the Intel initialization (module) at run time, also in batch jobs",
         "the job runs Intel-built code without the Intel environment; the fix is in the job script; assumed shape - a Stampede3 CPU job running the program with ibrun without the intel module",
         "stampede3", "tacc_ibrun.sh",
         "Error while loading shared libraries: libimf.so: cannot open shared object file: No such file or directory\n",
         LIBIMF, replace=[["#SBATCH -p gpu-a100", "#SBATCH -p skx"], [IBRUN, "module load gcc/13.2.0\nibrun ./ex19 -da_refine 3"]]),
    # (4) nvidia-smi finds no GPU: the job asked none (script) / it asked and the node has none to give (not script)
    case("gresmap-cpu-only-step-nvidia-smi-no-devices", "script", "find_string:67108344189",
         "a cluster operator's notes (Slurm on cloud GPU nodes): CPU-only jobs (srun without GRES) run, but nvidia-smi in those jobs says No devices were found",
         "DOUBTFUL - the notes' root cause is the site's gres map (GPU jobs pended); the excerpt's job itself asked no GPU, so Slurm's device cgroup hides them: the job-script fix is a GPU request; assumed shape - a Delta job without a GPU directive running nvidia-smi",
         "delta", "srun_python.sh", "No devices were found\n",
         {"families": ["devices", "scheduler", "resources"],
          "fix": "(?m)^\\+#SBATCH\\s+--(gpus-per-node|gres=gpu|gpus)[= :]"},
         replace=[["#SBATCH --gpus-per-node=4\n", ""], [SRUN, "srun nvidia-smi"]]),
    case("autodlnote-instance-without-gpu-nvidia-smi-no-devices", "not_script", "find_string:59577410549",
         "a user's setup notes for a rented GPU instance: 'nvidia-smi: No devices were found' means the instance runs without a card or the GPU is not mounted; check the console, do not change the Python code",
         "the machine the job got has no usable GPU (provider/node side); mapped: a Delta job that asks GPUs and runs nvidia-smi first",
         "delta", "srun_python.sh", "nvidia-smi: No devices were found\n",
         replace=[[SRUN, "nvidia-smi\n" + SRUN]]),
    # (5) virtualenv not on PATH on the cluster (script: python -m venv)
    case("dgxbench-virtualenv-not-available-use-venv", "script", "find_string:36340228395",
         "a GPU benchmarking recipe's troubleshooting page (Slurm cluster): a benchmark needs a venv but `virtualenv` is not installed and users cannot install it; use another environment tool",
         "the script creates its environment with a tool the cluster lacks; the fix is in the script (python3 -m venv, or the site's virtualenv module); assumed shape - a Delta job that creates a venv with virtualenv before the run",
         "delta", "srun_python.sh", "bash: virtualenv: command not found\n",
         {"families": ["modules", "environment"],
          "fix": "(?m)^\\+\\s*((module\\s+load|ml)\\b.*\\bvirtualenv\\b|.*\\bpython3?\\s+-m\\s+venv\\b)"},
         replace=[[SRUN, "virtualenv $HOME/bench-venv\nsource $HOME/bench-venv/bin/activate\n" + SRUN]]),
]

HEAD = """# Probe of helper s36rl34 (session s36): NEW real excerpts of the classes it builds for, written
# BEFORE its code ran on them (first run on the branch's start code 91796d92: first.json; after
# the change: after.json). Format of bench/reallogs29/cases.yaml; scripts in scripts/ (copied
# from bench/reallogs28/scripts). All cases `tune` (a probe, not a held-out set). Classes:
# (1) collective inputs of different shapes on different ranks (accelerate's debug check,
#     TensorFlow's collective shape check): the program's, not the script's;
# (2) deterministic cuBLAS without CUBLAS_WORKSPACE_CONFIG (script: export it) and two
#     look-alikes (a warn-only UserWarning; an op without a deterministic implementation);
# (3) the Intel compiler runtime (libimf) missing at run time (script: load the intel module);
# (4) nvidia-smi "No devices were found" (script when no GPU is asked, else the node's);
# (5) virtualenv missing on the cluster (script: python3 -m venv).
# Generated by make_cases.py.
"""

if __name__ == "__main__":
    text = yaml.safe_dump({"schema": 1, "cases": CASES}, sort_keys=False, allow_unicode=True,
                          width=10000)
    (HERE / "cases.yaml").write_text(HEAD + text, encoding="utf-8")
    print(len(CASES), "cases")
