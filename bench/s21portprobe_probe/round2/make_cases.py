# ruff: noqa: E501  (hand-written case facts: long quoted assumptions)
"""bench/s21portprobe_probe/round2/cases.yaml from the hand-written facts below.
Run: python make_cases.py /work/cache/s21portprobe sources.txt"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "unseen6"))

from make_common import S, case, fam, write_cases

CASES = [
    case(fam("r2-singularity-contain-sif-var-bash-c-cd-python", "slurm"),
         "snitgit/ouro-thai", "slurm/eval.sbatch",
         "a Thai university DGX cluster (partition defq)", "generic-slurm",
         ["singularity-contain", "image-in-variable-default", "bash-c-cd-body", "optional-arg-expansion",
          "unset-proxy", "module-singularity"],
         launch_model="single", launcher="none", total_ranks=1, program="eval.py",
         args=["--total_ut_steps", "$TOTAL_UT_STEPS", "--dataset", "$DATASET"],
         setup=[S("unset https_proxy"), S('mkdir -p "$PROJECT_DIR/results" slurm/logs', "required")],
         source_only=["defq", "module load singularity"], container_image="ouro.sif",
         keep_text=['--bind "$PROJECT_DIR:/workspace"'],
         refuse_words=["SIF_IMAGE", "container", "bash -c"],
         assumptions=["--gres=gpu:1, 8 CPUs, 64 GB, 4 h: config from env with defaults (SIF_IMAGE=ouro.sif), "
                      "`module load singularity`, then `singularity exec --nv --contain --writable-tmpfs --bind "
                      "... \"$SIF_IMAGE\" bash -c \"cd /workspace && python eval.py ... ${ADAPTER_PATH:+...}\"`. "
                      "Right: one process on 1 GPU in the container (the target's apptainer/singularity with "
                      "--nv, the binds and the bash -c body kept), the site module replaced; or a refusal "
                      "naming the container/bash -c body truly."]),
    case(fam("r2-torchrun-batch-shell-ntasks4-bash-array-args", "slurm"),
         "devinnicholson/llm-activation", "slurm/train_ddp.sbatch",
         "a university Slurm cluster (partition gpu, a spack env named CS-2050-gpu)", "generic-slurm",
         ["torchrun-in-batch-shell", "ntasks-per-node-unused", "bash-array-args", "sourced-cluster-env",
          "nnodes-from-slurm"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="scripts/02_train.py", args=['"${TRAIN_ARGS[@]}"'], strategy="ddp",
         setup=[S("source slurm/cluster_env.sh", "required"),
                S("TRAIN_ARGS=(--config configs/base_125m.yaml)", "required")],
         source_only=["gpu", "export SPACK_ENV_NAME=CS-2050-gpu"],
         assumptions=["1 node, --gres=gpu:4, --ntasks-per-node=4 (unused: no srun), set -euo: cluster_env.sh, "
                      "a bash array of args with an optional --resume, then `torchrun --nnodes=${SLURM_NNODES} "
                      "--nproc_per_node=4 scripts/02_train.py \"${TRAIN_ARGS[@]}\"` in the batch shell. Right: "
                      "4 ranks on one node, the array and its if-block kept, the spack env name named as site."]),
    case(fam("r2-sherlock-conda-prefix-python-m-dist-run-gpu-mem-constraint", "slurm"),
         "geoz-lab/Omni_Trailer_Pick_the_Video_Highlight", "slurm/train_ddp.sbatch",
         "Stanford Sherlock (partition serc, -C GPU_MEM:80GB)", "stanford-sherlock",
         ["python-m-torch-distributed-run", "interpreter-path-variable", "standalone", "gpu-mem-constraint",
          "conditional-args", "conda-activate"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="scripts/train_rl.py", args=["--config", "configs/train_rl.yaml"], strategy="ddp",
         setup=[S("conda activate omni_trailer"), S("export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1", "required")],
         source_only=["serc", "GPU_MEM:80GB", "module load cuda/12.1.1"],
         keep_text=['${RESUME:+--resume "$RESUME"}'],
         assumptions=["1 node, -G 4 with -C GPU_MEM:80GB, 16 CPUs, 160 GB, 12 h: conda env, HF offline exports, then "
                      "`\"$CONDA_PREFIX/bin/python\" -m torch.distributed.run --standalone --nproc_per_node=\"$NGPU\" "
                      "scripts/train_rl.py --config ... ${RESUME:+...} ${MAX_STEPS:+...}` (NGPU=4). Right: 4 ranks "
                      "on one node with 80 GB GPUs (or a true LESS note), the env's python (the conda env kept), "
                      "both ${VAR:+...} expansions kept."]),
    case(fam("r2-torchrun-standalone2-batch-shell-pythonpath", "slurm"),
         "antonambroa/phage-kmer-language-model", "slurm/train_ddp.sbatch",
         "a generic Slurm cluster (no partition; environment left to the user)", "generic-slurm",
         ["torchrun-standalone", "one-task-two-gpus", "pythonpath-pwd", "set-euo"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, nodes=1, gpus_per_node=2,
         program="scripts/train.py", args=["--data-dir", "data/processed", "--batch-size", "8"], strategy="ddp",
         setup=[S('export PYTHONPATH="$PWD/src:${PYTHONPATH:-}"', "required"),
                S("mkdir -p logs checkpoints", "required")],
         assumptions=["1 node 1 task, --gres=gpu:2, 8 CPUs, 32 GB, 4 h: PYTHONPATH and an allocator setting, then "
                      "`torchrun --standalone --nproc-per-node=2 scripts/train.py ...`. Right: 2 ranks on one "
                      "node, every argument and export kept."]),
    case(fam("r2-container-or-venv-branches-wrapper-scripts", "slurm"),
         "kiuhuang/llm-training", "slurm/eval.sbatch",
         "a university Slurm cluster (partition gpu; .env-driven)", "generic-slurm",
         ["if-else-container-or-venv", "user-wrapper-scripts", "container-in-wrapper", "dollar-at",
          "sourced-env"],
         launch_model="single", launcher="none", total_ranks=1, program="scripts/run_eval_all.sh",
         args=['"$@"'], setup=[S("source setup/load_env.sh", "required")], expect="refuse",
         refuse_words=["run_eval_all.sh", "container_exec.sh", "wrapper", "script"],
         assumptions=["1 node 1 task, --gres=gpu:1, 16 CPUs, 100 GB, 2 h: load_env.sh, an image resolved by a "
                      "user script, then an if/else: `bash scripts/container_exec.sh bash scripts/run_eval_all.sh "
                      "\"$@\"` or a venv then `bash scripts/run_eval_all.sh \"$@\"`. The program is in the user's "
                      "scripts. Right: a refusal naming the wrapper scripts, or the body kept verbatim on 1 GPU with "
                      "a note that the scripts are not read."]),
    case(fam("r2-venv-or-echo-unquoted-optional-arg-var", "slurm"),
         "jpsank/moshivis", "slurm/eval.sbatch",
         "a generic Slurm cluster (no partition; $HOME/moshivis)", "generic-slurm",
         ["venv-or-echo-fallback", "unquoted-optional-arg-var", "required-env-guard", "cd-abs-var"],
         launch_model="single", launcher="none", total_ranks=1, program="scripts/eval.py",
         args=["--kyuteye-config", '"$KYUTEYE_CONFIG"', "--dtype", "bfloat16", "$MAX_BATCHES_ARG"],
         setup=[S('cd "$REPO_ROOT/kyuteye_pt"', "required"), S('MAX_BATCHES_ARG=""', "required")],
         assumptions=["--gres=gpu:1, 8 CPUs, 64 GB, 2 h: config from env with defaults, a CHECKPOINT guard, `source "
                      ".venv/bin/activate 2>/dev/null || echo WARN`, cd, then `python scripts/eval.py ... --batch-size "
                      "$BATCH_SIZE --dtype bfloat16 $MAX_BATCHES_ARG` (the last unquoted so it splits or vanishes). "
                      "Right: one process on 1 GPU, the guard/fallback/cd kept, $MAX_BATCHES_ARG unquoted."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
