# ruff: noqa: E501  (hand-written case facts: long quoted assumptions)
"""bench/s21portprobe_probe/cases.yaml from the hand-written facts below (make_common adds commit,
sha256, targets and split). Run: python make_cases.py /work/cache/s21portprobe sources.txt"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("nersc-shifter-srun-wrapper-positional", "slurm"),
         "konakaji/ncs", "task/srun_debug.sh",
         "NERSC Perlmutter (-C gpu, debug QOS, shifter image, cuda-mpich module)", "perlmutter",
         ["shifter-image", "shifter-module", "user-wrapper-script", "positional-arg", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="srun_exec.sh", args=["$1", "--target", "nvidia-mgpu"],
         source_only=["m4461_g", "--image=ghcr.io/1tnguyen/cuda-quantum:mpich-231710",
                      "--module=cuda-mpich"],
         accounts=["m4461_g"], container_image="ghcr.io/1tnguyen/cuda-quantum:mpich-231710",
         expect="refuse",
         refuse_words=["srun_exec.sh", "shifter", "$1", "wrapper"],
         assumptions=["1 node, 4 tasks x 1 GPU, gpu-bind none, a shifter image and the cuda-mpich "
                      "shifter module: `srun -N 1 -n 4 shifter bash srun_exec.sh $1 --target "
                      "nvidia-mgpu`. The program is inside the user's srun_exec.sh (not in the "
                      "script) and runs in a shifter image no target has. Right: a refusal naming "
                      "shifter/the image or the srun_exec.sh wrapper; a port that drops shifter "
                      "silently is wrong."]),
    case(fam("array-five-stage-python-chain", "slurm"),
         "btheodorou99/SECONDGRAM", "jobs/Pretrained.sh",
         "a university Slurm cluster (partition gpu, P100)", "generic-slurm",
         ["job-array", "multi-stage-sequential", "five-programs", "site-module-python",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1,
         program="/home/SECONDGRAM/trainPretrained_seed.py", args=["$SLURM_ARRAY_TASK_ID"],
         other_runs=[R("/home/SECONDGRAM/generatePretrained_seed.py", ["$SLURM_ARRAY_TASK_ID"]),
                     R("/home/SECONDGRAM/evaluation/evaluate_training_pretrained_seed.py",
                       ["$SLURM_ARRAY_TASK_ID"]),
                     R("/home/SECONDGRAM/evaluation/evaluate_training_unscaled_pretrained_seed.py",
                       ["$SLURM_ARRAY_TASK_ID"]),
                     R("/home/SECONDGRAM/evaluation/evaluate_modeling_pretrained_seed.py",
                       ["$SLURM_ARRAY_TASK_ID"])],
         source_only=["module load python", "p100"],
         assumptions=["array 1-100, 1 node 1 task, --gres=gpu:p100:1, 32 GB: `module load python` "
                      "then five python programs in a row, each given $SLURM_ARRAY_TASK_ID. Right: "
                      "the array kept (or PBS -J with the index mapped), all five programs in order "
                      "with the task id, 1 GPU, the site python module replaced or named."]),
    case(fam("wpi-ntasks8-plain-python-venv", "slurm"),
         "afrenkai/KDDProject3", "eval.sh",
         "WPI Turing (partition academic)", "wpi-turing",
         ["ntasks-8-one-process", "plain-python", "venv-home", "site-modules", "output-abs-path"],
         launch_model="single", launcher="none", total_ranks=1,
         program="model_run.py", args=[],
         setup=[S("source ~/KDDProject3/kdd/bin/activate")],
         source_only=["module load cuda", "module load python/3.10.13", "academic"],
         assumptions=["1 node, -n 8 tasks, 100 GB, --gres=gpu:1, 16 h: two site modules, a venv "
                      "under ~, then a plain `python model_run.py` (ONE process: no srun, the 8 "
                      "tasks are only CPUs). Right: one process on 1 GPU, the venv kept, the modules "
                      "replaced or named; 8 copies of the program is wrong."]),
    case(fam("gres2-torchrun-nproc-slurm-gpus", "slurm"),
         "TylrDn/pytorch-ddp-nccl-distributed", "slurm/train.sbatch",
         "a generic Slurm cluster (no partition/account)", "generic-slurm",
         ["torch-distributed-run", "nproc-from-slurm-var", "guard-exit-on-var", "module-or-true",
          "nccl-env"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, nodes=1, gpus_per_node=2,
         program="train/main.py", args=[], strategy="ddp", strategy_in_script=False,
         setup=[S("export NCCL_P2P_LEVEL=NVL")],
         source_only=["module load cuda/12.1 || true", "export NCCL_SOCKET_IFNAME=^lo,docker0"],
         assumptions=["1 node, --gres=gpu:2, no ntasks: a guard exits when $SLURM_GPUS is empty, "
                      "then `srun python -m torch.distributed.run --nproc_per_node=$SLURM_GPUS "
                      "train/main.py` (one srun task, 2 workers). NB $SLURM_GPUS is set by --gpus, "
                      "not by --gres. Right: 2 ranks on one node running train/main.py, with the "
                      "nproc expression resolving on the target (mapped to 2, or a --gpus request "
                      "that sets SLURM_GPUS, or a note); the NCCL socket interface named as site."]),
    case(fam("isaac-utk-srun-make-train", "slurm"),
         "jmcguigan10/Rheidae", "slurm/train.sbatch",
         "UTK ISAAC-NG (condo partition, account isaac-utk0307, /nfs/home)", "utk-isaac",
         ["srun-make-target", "chdir-abs", "site-modules", "venv-abs-path", "makefile-program"],
         launch_model="per_rank", launcher="srun", total_ranks=1, program="make", args=["train"],
         setup=[S("source /nfs/home/jmcguig1/venv_Emu/bin/activate"),
                S("export VENV=/nfs/home/jmcguig1/venv_Emu"),
                S("export PYTHONPATH=src", "required"), S("mkdir -p .slurm/output")],
         source_only=["isaac-utk0307", "condo-slagergr", "module load gcc/10.2.0",
                      "module load cuda/11.4.2-gcc"],
         accounts=["isaac-utk0307"], workdir="/nfs/home/jmcguig1/Rheidae",
         assumptions=["1 node 1 task, --gpus=1, --chdir /nfs/home/..., five site modules, a venv "
                      "on /nfs/home, VENV/PYTHONPATH exported, then `srun make train` (the Makefile "
                      "runs the program). Right: `make train` kept as the one process on 1 GPU with "
                      "the exports, the modules replaced or named, the --chdir kept or named; or a "
                      "refusal naming make/the Makefile as holding the program."]),
    case(fam("singularity-bash-c-torchrun-8gpu", "slurm"),
         "alexxchen/LLM-pretraining", "run_singularity.sh",
         "a lab Slurm cluster (partition a100, 8 GPUs a node)", "generic-slurm",
         ["singularity-exec", "bash-c-body", "torchrun-standalone", "one-task-8-gpus",
          "container-env-flags", "ulimit"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=1, gpus_per_node=8,
         program="train.py", args=["OLMo-1B.yaml"], strategy="fsdp", strategy_in_script=False,
         setup=[S("ulimit -u unlimited"), S("export NUM_THREADS=16")],
         source_only=["a100"], container_image="olmo.sif",
         keep_text=["--env OMP_NUM_THREADS=${NUM_THREADS}"],
         refuse_words=["standalone", "nnodes", "8", "container", "bash -c"],
         assumptions=["1 node, 1 task, --gres=gpu:8, 128 CPUs: `singularity exec --cleanenv --nv "
                      "--env ... olmo.sif bash -c 'torchrun --standalone --nnodes=1 "
                      "--nproc_per_node=8 train.py OLMo-1B.yaml'`. Right on a 4-GPU target: 8 ranks "
                      "over 2 nodes (standalone replaced by a rendezvous, one launcher a node) inside "
                      "the container (apptainer/singularity exec --nv olmo.sif), or a refusal naming "
                      "the single-node torchrun in the bash -c body / the 8 GPUs; 8 workers on one "
                      "4-GPU node, or the container dropped silently, is wrong."]),
    case(fam("eval-cmd-string-grpo", "slurm"),
         "memo-ozdincer/rlvr-tool-safety", "slurm/train.sbatch",
         "University of Toronto / Alliance Trillium (H100; partition and account given at submit)",
         "generic-slurm",
         ["eval-cmd-string", "cmd-built-conditionally", "sourced-cluster-env", "set-euo",
          "output-abs-path"],
         launch_model="single", launcher="none", total_ranks=1, program="src/training/train.py",
         args=["--traces", "$TRACES", "--policy", "$POLICY", "--log-completions-every", "50"],
         setup=[S('source "$(dirname "$0")/cluster_env.sh"', "required")],
         source_only=["/scratch/memoozd/cb-scratch/logs"],
         refuse_words=["eval", "CMD"],
         assumptions=["1 node, --gpus-per-node=1, 16 CPUs, 80 GB, set -euo pipefail, sources "
                      "cluster_env.sh next to the script, many defaults, then builds "
                      "CMD=\"python src/training/train.py ...\", appends flags under if-blocks and "
                      "runs `eval $CMD`. Right: one process on 1 GPU with the CMD string, its "
                      "if-blocks and `eval $CMD` kept verbatim (or a refusal naming eval/CMD); "
                      "the log paths under /scratch/memoozd named."]),
    case(fam("alliance-array-throttle-exec-uv-run", "slurm"),
         "jonaden94/CanViT-pretrain", "slurm/train.sbatch",
         "Digital Research Alliance of Canada (H100, account given at submit)", "alliance-canada",
         ["job-array-throttle", "exec-uv-run", "python-m-module", "dollar-at-passthrough",
          "shell-functions", "bash-array-args"],
         launch_model="single", launcher="none", total_ranks=1, program="canvit_pretrain.train",
         module=True, args=['"${RUN_NAME_ARG[@]}"', '"$@"'],
         setup=[S("source slurm/env.sh", "required"), S("timed uv sync", "required")],
         source_only=["h100"],
         assumptions=["array 0-400%1 (one task at a time), --gres=gpu:h100:1, 16 CPUs, 45 min: "
                      "log/timed shell functions, source slurm/env.sh, `timed uv sync`, then `exec uv "
                      "run python -m canvit_pretrain.train \"${RUN_NAME_ARG[@]}\" ... \"$@\"`. Right: "
                      "array with its %1 throttle kept (or PBS -J with a note on the throttle), one "
                      "process on 1 GPU, `uv run` and \"$@\" kept, functions kept."]),
    case(fam("lrz-mcml-srun-python-dollar-at-4gpu", "slurm"),
         "felixmin/high-level-robot-planner", "slurm/train.sbatch",
         "LRZ AI Systems (partition mcml-hgx-h100-94x4, qos mcml)", "lrz-ai",
         ["program-from-positional", "srun-one-task-4-gpus", "master-addr-export", "nccl-ib0"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=4,
         program="$@", args=[],
         source_only=["mcml-hgx-h100-94x4", "--qos=mcml", "export NCCL_SOCKET_IFNAME=ib0"],
         expect="refuse",
         refuse_words=["$@", "positional", "argument", "program"],
         assumptions=["1 node, --gpus-per-node=4, no ntasks (1 task), MASTER_ADDR/PORT exported, "
                      "NCCL on ib0, then `srun python \"$@\"`: the program and its size live on the "
                      "sbatch command line (the usage comment: scripts/2_train_laq.py "
                      "experiment=laq_full). Right: a refusal naming the positional program ($@); "
                      "a port guessing a program or a rank count is wrong."]),
    case(fam("twcc-container-runtime-var-build-sweep-loops", "slurm"),
         "viecon/hpc-final-router", "slurm/sweep.sbatch",
         "NCHC Taiwania 2 / TWCC (partition gp1d)", "twcc-taiwania2",
         ["container-runtime-var", "singularity-exec", "build-then-run", "nested-loops",
          "set-positional-in-loop", "output-redirect"],
         launch_model="single", launcher="none", total_ranks=1,
         program="./build-sweep/router_bench", args=["--mode", '"$mode"', "--threads", '"$threads"'],
         setup=[S("mkdir -p logs results build-sweep", "required")],
         source_only=["gp1d"], container_image="router.sif",
         keep_text=["> results/.tmp_sweep.csv"],
         refuse_words=["CONTAINER_RUNTIME", "container", "router.sif"],
         assumptions=["1 node 1 task, --gpus-per-node=1, 4 CPUs, 1 h: IMAGE and CONTAINER_RUNTIME "
                      "(default singularity) from the env, two `\"$CONTAINER_RUNTIME\" exec --nv "
                      "\"$IMAGE\" cmake ...` build steps, then three nested loops running "
                      "router_bench in the container with `set -- $mode_threads`, CSV assembly. "
                      "Right: the whole body kept in order with the container calls (the runtime "
                      "variable resolving to the target's apptainer/singularity, or a note), 1 GPU; "
                      "or a refusal naming the container runtime variable."]),
    case(fam("if-else-two-uv-run-branches", "slurm"),
         "m9h/evo-embodied", "slurm/sweep.sbatch",
         "a lab Slurm cluster (no partition; /data and /home/mhough)", "generic-slurm",
         ["if-else-branches", "two-launch-lines", "uv-sync-if-missing", "cd-abs-path",
          "env-export"],
         launch_model="single", launcher="none", total_ranks=1, program="experiments/sweep.py",
         args=["--output-dir", "/data/evo-embodied"],
         other_runs=[R("experiments/sweep.py", ["--only", '"${EXPERIMENTS}"'])],
         setup=[S("cd /home/mhough/evo-embodied"), S("export MUJOCO_GL=egl", "required")],
         assumptions=["1 GPU, 8 CPUs, 48 GB, 24 h, set -e: cd to /home/mhough/..., `uv sync` when "
                      ".venv is missing, MUJOCO_GL=egl, then an if/else on $EXPERIMENTS with one `uv "
                      "run python experiments/sweep.py` in each branch. Right: both branches kept "
                      "with `uv run`, one process on 1 GPU, the /home and /data paths named."]),
    case(fam("array-bash-arrays-conds-seeds", "slurm"),
         "imrulhuda/babylm-aoa-audit", "slurm/train.sbatch",
         "a university Slurm cluster (partition gpuq)", "generic-slurm",
         ["job-array", "bash-arrays-indexed-by-task", "env-from-submitter", "set-euo"],
         launch_model="single", launcher="none", total_ranks=1, program="scripts/05_train.py",
         args=["--corpus", '"$CORPUS_DIR/${C}_train.txt"', "--seed", '"$S"'],
         setup=[S("CONDS=(curriculum curriculum curriculum flat_shuffle flat_shuffle flat_shuffle)",
                  "required"), S("S=${SEEDS[$SLURM_ARRAY_TASK_ID]}", "required")],
         source_only=["gpuq"],
         assumptions=["array 0-5, --gres=gpu:1, 6 CPUs, 64 GB, 9 h: two bash arrays indexed by "
                      "$SLURM_ARRAY_TASK_ID, then `python -u scripts/05_train.py` with 8 flags "
                      "(env vars from the submitter). Right: the array kept and its index mapped "
                      "(PBS_ARRAY_INDEX on PBS targets), both arrays and every flag kept, 1 GPU."]),
    case(fam("positional-required-args-uv-run-project", "slurm"),
         "Severus-Yang0/libero-delta-ablation", "slurm/train.sbatch",
         "a university Slurm cluster (partition gpu_rtx6000)", "generic-slurm",
         ["positional-required-args", "shift", "uv-run-project", "bash-array-args", "set-euo",
          "guard-exit"],
         launch_model="single", launcher="none", total_ranks=1,
         program="$OPENPI_DIR/scripts/train.py",
         args=['"$config"', "--exp-name", '"$exp"', "--seed", '"$seed"', '"$@"'],
         setup=[S("config=${1:?usage: train.sbatch CONFIG EXP_NAME SEED [EXTRA_TRAIN_ARGS...]}",
                  "required"), S("shift 3", "required"), S("source env.sh", "required")],
         source_only=["gpu_rtx6000"],
         assumptions=["--gres=gpu:1, 16 CPUs, 160 GB, 2 days: three required positional arguments "
                      "(${1:?...}) then shift 3, source env.sh, a norm-stats guard, a resume array, "
                      "then `uv run --frozen --project \"$OPENPI_DIR\" python "
                      "\"$OPENPI_DIR/scripts/train.py\" \"$config\" ... \"$@\"`. Right: one process "
                      "on 1 GPU with the positional handling, uv run --project and \"$@\" kept "
                      "verbatim (the job is submitted with the same arguments)."]),
    case(fam("mig-3g40gb-uv-run-positional-defaults", "slurm"),
         "StefanoBergia/spaceitup_qwen_fine_tuning", "slurm/train.sbatch",
         "a university Slurm cluster (partition A100 with MIG slices)", "generic-slurm",
         ["mig-slice", "gres-mig", "uv-run-home-path", "positional-defaults", "shift-arith"],
         launch_model="single", launcher="none", total_ranks=1, program="scripts/train.py",
         args=["--train-file", '"$TRAIN_FILE"', "--output-dir", '"$OUTPUT_DIR"', '"$@"'],
         setup=[S('TRAIN_FILE="${1:-data/prepared/train_500.json}"', "required"),
                S("export HF_HUB_OFFLINE=1", "required")],
         source_only=["gpu:3g.40gb:1", "A100"],
         assumptions=["--gres=gpu:3g.40gb:1 (one MIG slice of an A100: 3/7 of the GPU, 40 GB), 8 "
                      "CPUs, 64 GB, 12 h: positional args with defaults, shift arithmetic, "
                      "HF_HUB_OFFLINE, then `~/.local/bin/uv run scripts/train.py ...`. Right: one "
                      "process, a note naming the 3g.40gb slice and what the target gives instead "
                      "(a whole GPU, or a whole node on node-exclusive targets), uv run and the "
                      "positional handling kept; a port requesting 1 GPU with no MIG note is "
                      "wrong-silent."]),
    case(fam("exec-bash-wrapper-signal-resubmit", "slurm"),
         "dumbkin31/exploration-in-grpo", "slurm/train.sbatch",
         "IIIT Hyderabad ADA (partition u22, 2080ti, qos low)", "iiith-ada",
         ["exec-bash-wrapper", "signal-to-batch-shell", "env-required-var", "resubmit"],
         launch_model="single", launcher="none", total_ranks=1, program="slurm/run_train.sh",
         args=['"${CONFIG}"', '"$@"'],
         source_only=["-A research", "--qos=low", "-p u22", "2080ti"], accounts=["research"],
         expect="refuse",
         refuse_words=["run_train.sh", "wrapper", "exec bash"],
         assumptions=["1 node, --gres=gpu:1 (-C 2080ti), 10 CPUs, 4 days, --signal=B:SIGUSR1@300: "
                      "MC_CONFIG required, then `exec bash slurm/run_train.sh \"${CONFIG}\" \"$@\"` "
                      "(the launch and the signal traps are in the wrapper). Right: a refusal naming "
                      "slurm/run_train.sh as holding the launch (or a port keeping the exec line "
                      "with 1 GPU, --signal kept and a note that the wrapper is not read)."]),
    case(fam("no-size-directives-srun-site-exec-wrapper-jax", "slurm"),
         "vorhersager/gw1b-f2026", "slurm/train_multinode.sbatch",
         "a university Slurm cluster (A100 partition given at submit)", "generic-slurm",
         ["no-size-directives", "size-on-sbatch-line", "srun-exec-wrapper", "jax-distributed",
          "sourced-env", "signal"],
         launch_model="per_rank", launcher="srun", total_ranks="unknown", nodes=None,
         gpus_per_node=None, program="gw1b.train", module=True, args=['"$@"'],
         framework="jax", setup=[S('source "$GW1B_HOME/gw1b.env"', "required")],
         refuse_words=["size", "nodes", "ntasks", "gw1b-exec", "GPUs"],
         assumptions=["only --cpus-per-task=6 and --signal in the directives: nodes, tasks and "
                      "GPUs come from the sbatch command line (usage: --nodes=2 --ntasks-per-node=8 "
                      "--gres=gpu:8). `srun --kill-on-bad-exit=1 \"$GW1B_HOME/bin/gw1b-exec\" python "
                      "-m gw1b.train \"$@\"`, one JAX process per GPU. Right: a refusal/ask naming the "
                      "missing size (or the gw1b-exec wrapper); any guessed size is wrong."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
