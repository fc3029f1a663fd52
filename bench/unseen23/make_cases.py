"""Write bench/unseen23/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen22 (bench/unseen6/make_common.py).
Usage: python bench/unseen23/make_cases.py /work/cache/unseen23 bench/unseen23/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("cambridge-csd3-ampere-sl2-qos-gpu1-gres4-tasks4-cuda-module-home-venv-accelerate-multi-gpu-num-processes4-tilde-program", "slurm"),
         "AlexBM173/cmb_foregrounds_diffusion", "train_slurm.sh",
         "University of Cambridge CSD3 (partition ampere, account mphil-dis-sl2-gpu, qos gpu1)", "cambridge-csd3",
         ["accelerate-launch-multi-gpu", "num-processes-fixed", "tilde-program-path", "home-venv", "tasks-equal-gpus-no-srun"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, nodes=1, gpus_per_node=4,
         program="~/cmb_foregrounds_diffusion/train.py", args=[],
         keep_text=["--multi_gpu", "--num_processes 4"],
         setup=[S("source ~/diffusion_project_env/bin/activate")],
         source_only=["--partition=ampere", "--qos=gpu1", "module load cuda/11.8"],
         accounts=["mphil-dis-sl2-gpu"],
         refuse_words=["~/diffusion_project_env", "ampere", "gpu1", "mphil-dis-sl2-gpu", "num_processes"],
         assumptions=["CSD3: 1 node, 4 tasks a node, 8 CPUs a task, --gres=gpu:4, 128G, 36 h, logs/: module cuda/11.8, a "
                      "home venv, then ONE `accelerate launch --multi_gpu --num_processes 4 "
                      "~/cmb_foregrounds_diffusion/train.py` (no srun; the 4 tasks are only an allocation). Right: one "
                      "accelerate launcher on one node driving 4 processes on 4 GPUs (--num_processes equal to the "
                      "target node's GPUs only where it has 4; else kept at 4 on a node with >= 4 GPUs or a note on "
                      "the batch), the home venv kept or named, the account/qos/partition replaced, the 36 h checked "
                      "against the target's limit."]),
    case(fam("mit-engaging-pi-partition-gres1-set-euo-positional-defaults-root-from-env-or-dollar0-uv-run-exec-fallback-venv-console-script", "slurm"),
         "EmaRimoldi/HateLens", "scripts/slurm/train.sh",
         "MIT Engaging (ORCD; partition pi_tpoggio)", "mit-engaging",
         ["uv-run-program", "exec-launch", "command-v-fallback", "positional-args-with-defaults", "root-from-dollar0",
          "console-script-program", "set-euo"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="hatelens", args=["train", '"$CONFIG"', "--dataset", '"$DATASET"'],
         keep_text=['exec uv run hatelens train "$CONFIG" --dataset "$DATASET"',
                    'exec .venv/bin/hatelens train "$CONFIG" --dataset "$DATASET"',
                    "if command -v uv >/dev/null 2>&1; then"],
         setup=[S("set -euo pipefail"), S('DATASET="${1:-dynahate}"'), S('CONFIG="${2:-configs/models/tinyllama.yaml}"'),
                S('ROOT="${HATELENS_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}"'), S('cd "$ROOT"'),
                S("mkdir -p outputs/logs"), S("export HATELENS_SMOKE=0")],
         source_only=["--partition=pi_tpoggio"],
         refuse_words=["pi_tpoggio", "uv run", "HATELENS_ROOT", "$0", "exec", "$1"],
         assumptions=["Engaging: 1 node, 1 task, 8 CPUs, 64G, 8 h, partition pi_tpoggio, --gres=gpu:1, logs under "
                      "outputs/logs: set -euo pipefail, DATASET/CONFIG from $1/$2 with defaults, ROOT from "
                      "$HATELENS_ROOT or from dirname \"$0\" (under sbatch $0 is the spooled copy, so HATELENS_ROOT must "
                      "be exported at submit time), cd ROOT, HATELENS_SMOKE=0, then `exec uv run hatelens train "
                      "\"$CONFIG\" --dataset \"$DATASET\"` when uv exists, else the venv's hatelens console script. "
                      "Right: 1 process on 1 GPU, both branches (uv run and the .venv fallback) and exec kept, the two "
                      "positional args and HATELENS_ROOT named as submit-time inputs, the partition replaced."]),
    case(fam("paris-saclay-ruche-gpu-partition-gres1-mem300g-abs-gpfs-output-anaconda-module-source-activate-config-dollar1-default-python-m", "slurm"),
         "MICS-Lab/novae", "scripts/ruche/gpu.sh",
         "Mésocentre Paris-Saclay Ruche (partition gpu, /gpfs/workdir)", "paris-saclay-ruche",
         ["python-m-module-program", "positional-arg-default", "abs-gpfs-workdir", "anaconda-module-source-activate",
          "exported-after-assign"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="scripts.train", args=["--config", "$CONFIG"],
         keep_text=["python -u -m scripts.train --config $CONFIG"],
         setup=[S("source activate novae-gpu"), S("cd /gpfs/workdir/blampeyq/novae"), S("CONFIG=${1:-$DEFAULT_CONFIG}"),
                S("WANDB__SERVICE_WAIT=300"), S("export WANDB__SERVICE_WAIT")],
         source_only=["--partition=gpu", "module load anaconda3/2022.10/gcc-11.2.0",
                      "--output=/gpfs/workdir/blampeyq/.jobs_outputs/%j"],
         refuse_words=["/gpfs/workdir/blampeyq", "anaconda3/2022.10", "novae-gpu", "$1", "300G"],
         assumptions=["Ruche: 1 GPU (--gres=gpu:1), 8 CPUs, 300G, 24 h, partition gpu, output to an absolute /gpfs/workdir "
                      "path: module purge, the anaconda3 module, `source activate novae-gpu`, cd to the /gpfs/workdir "
                      "clone, CONFIG from $1 (default all_6.yaml), WANDB__SERVICE_WAIT exported, then `python -u -m "
                      "scripts.train --config $CONFIG`. Right: 1 process on 1 GPU, python -m kept, $1 named as a submit "
                      "argument, the /gpfs/workdir paths and the anaconda module named (not on the target), the 300G "
                      "checked against the target's node memory."]),
    case(fam("nersc-perlmutter-desi-gpus-per-node4-nodes-time-qos-from-submit-cli-named-arg-parse-loop-exec-tee-log-nccl-hsn-srun-torchrun-c10d-node-rank-procid", "slurm"),
         "ashandonay/bedcosmo", "scripts/slurm/train.sh",
         "NERSC Perlmutter (-C gpu, account desi, $SCRATCH)", "perlmutter",
         ["nodes-from-submit-cli", "named-arg-parse-loop", "exec-tee-log", "srun-per-node-torchrun", "rdzv-c10d",
          "node-rank-from-procid", "nccl-module-after-conda", "hsn-interface", "world-size-arith"],
         launch_model="launcher", launcher="torchrun", total_ranks="unknown", nodes=None, gpus_per_node=4, module=True,
         strategy="ddp",
         program="bedcosmo.train", args=["--cosmo-exp", '"$COSMO_EXP"', '"${EXTRA_ARGS[@]}"'],
         keep_text=["--nproc_per_node=$NPROC_PER_NODE", "--nnodes=$SLURM_NNODES", "--node_rank=$SLURM_PROCID",
                    "--rdzv_backend=c10d", "--rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT", "while [[ $# -gt 0 ]]; do",
                    'exec > >(tee -a "$JOB_LOG") 2>&1'],
         setup=[S('LOG_DIR="${SCRATCH}/bedcosmo/${COSMO_EXP}/logs"'), S('mkdir -p "$LOG_DIR"'), S("conda activate bedcosmo"),
                S("export TORCH_NCCL_ASYNC_ERROR_HANDLING=1"), S("export XLA_PYTHON_CLIENT_PREALLOCATE=false"),
                S("export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)"),
                S("export MASTER_PORT=$(shuf -i 10000-60000 -n 1)"), S("export CUDA_DEVICE_ORDER=PCI_BUS_ID")],
         source_only=["-C gpu", "module load conda", "module load nccl/2.21.5", "export NCCL_SOCKET_IFNAME=hsn",
                      "--output=/dev/null"],
         accounts=["desi"],
         refuse_words=["submit.sh", "--nodes", "--qos", "--time", "hsn", "${SCRATCH}", "nccl/2.21.5", "--cosmo-exp"],
         assumptions=["Perlmutter: -C gpu, -A desi, 1 task a node, 128 CPUs, --gpus-per-node=4, output to /dev/null; "
                      "--nodes, --time and --qos are NOT in the script (given by a submit.sh on the sbatch command line). "
                      "A loop parses --cosmo-exp (required, exit 1) and extra args into an array, the log goes to "
                      "$SCRATCH/bedcosmo/<exp>/logs via `exec > >(tee -a ...)`, echoes, conda module + env, a cuBLAS "
                      "LD_LIBRARY_PATH tweak, module nccl/2.21.5, NCCL env (NCCL_SOCKET_IFNAME=hsn), WORLD_SIZE and a "
                      "random MASTER_PORT, then `srun torchrun --nproc_per_node=$NPROC_PER_NODE --nnodes=$SLURM_NNODES "
                      "--node_rank=$SLURM_PROCID --rdzv_backend=c10d ... -m bedcosmo.train --cosmo-exp \"$COSMO_EXP\" "
                      "\"${EXTRA_ARGS[@]}\"`. Right: one torchrun per node with the node's GPUs, the node count left a "
                      "submit-time choice (or asked; a PBS target needs select=N), the arg loop and tee kept, $SCRATCH, "
                      "hsn and the NCCL module named, -C gpu/-A desi replaced."]),
    case(fam("lab-6000ada-gres4-no-tasks-thirty-days-abs-output-cd-home-venv-python-nccl-p2p-ib-off-lo-if-ngpu-gt1-torchrun-else-python-dollar-at-resume", "slurm"),
         "eightmm/mambafold", "scripts/slurm/train.sh",
         "A lab Slurm cluster (partition 6000ada: RTX 6000 Ada, /home/jaemin)", "lab-cluster-kr",
         ["gpu-count-from-slurm-gpus-on-node", "if-branch-torchrun-or-python", "venv-interpreter-path", "dollar-at-args",
          "conditional-resume-arg", "nccl-p2p-ib-disabled", "thirty-day-walltime", "abs-output-path"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="scripts/train.py",
         args=["--config", "configs/pretrain_256.yaml", "--out_dir", "outputs/train/${SLURM_JOB_ID}", '"$@"',
               "${RESUME:+--resume $RESUME}"],
         keep_text=["N_GPU=${SLURM_GPUS_ON_NODE:-1}", 'if [ "${N_GPU}" -gt 1 ]; then', "--master_port=29500",
                    "PYTHONPATH=src PYTHONUNBUFFERED=1 .venv/bin/torchrun"],
         setup=[S("set -e"), S("cd /home/jaemin/project/protein/folding"), S("mkdir -p outputs/train/${SLURM_JOB_ID}"),
                S("export NCCL_P2P_DISABLE=1"), S("export NCCL_IB_DISABLE=1")],
         source_only=["--partition=6000ada", "module load cuda/12.8",
                      "--output=/home/jaemin/project/protein/folding/outputs/train/%j/slurm.out", "--time=30-00:00:00"],
         refuse_words=["6000ada", "SLURM_GPUS_ON_NODE", "NCCL_SOCKET_IFNAME=lo", "/home/jaemin", "RESUME", "30-00:00:00"],
         assumptions=["Lab cluster: partition 6000ada, --gres=gpu:4 (no task count), 128G, 30 DAYS, output under an "
                      "absolute /home path (whose %j dir the job itself creates later): set -e, cd to the /home clone, "
                      "N_GPU from SLURM_GPUS_ON_NODE (default 1), module cuda/12.8, NCCL env for a PCIe box (P2P and IB "
                      "off, socket on lo), a torch probe, then if N_GPU > 1 `.venv/bin/torchrun --nproc_per_node=${N_GPU} "
                      "--master_port=29500 scripts/train.py --config ... --out_dir ... \"$@\" ${RESUME:+--resume "
                      "$RESUME}`, else the same with .venv/bin/python. Right: 4 processes on one node (the if kept so "
                      "SLURM_GPUS_ON_NODE still picks the branch; the target's GPU request must set it), \"$@\" and the "
                      "RESUME expansion kept, the NCCL P2P/IB-off tweaks named (a fix for this box), the 30-day limit "
                      "cut to the target's maximum with a note, the /home paths named."]),
    case(fam("unnamed-a6000-qos-gpu-medium-gres1-output-with-literal-date-conda-hook-env-list-torchtune-tune-run-recipe-config", "slurm"),
         "anilkeshwani/tuna-lm", "sft.sbatch",
         "A university Slurm cluster (partition a6000, qos gpu-medium)", "unnamed-university",
         ["torchtune-tune-run", "recipe-file-program", "output-name-with-command-substitution", "conda-hook"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="tunalm/sft.py", args=["--config", "tunalm/configs/1B_sft.yaml"],
         keep_text=["tune run tunalm/sft.py --config tunalm/configs/1B_sft.yaml"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate tunalm")],
         source_only=["--partition a6000", "--qos=gpu-medium"],
         refuse_words=["a6000", "gpu-medium", "$(date)", "tune run", "tunalm"],
         assumptions=["1 GPU (--gres=gpu:1), 48 h, partition a6000, qos gpu-medium, --output=\"job-%x-$(date)-%j.log\" "
                      "(Slurm does not run $(date) in a directive: the file name is literal): conda hook, `conda "
                      "activate tunalm`, `conda env list`, echo $PWD, then `tune run tunalm/sft.py --config "
                      "tunalm/configs/1B_sft.yaml` (torchtune's launcher running a single-device recipe). Right: 1 "
                      "process on 1 GPU with `tune run` kept (no nproc: single device), the conda env named, the "
                      "partition/qos replaced, the $(date) output name kept literal or fixed with a note."]),
    case(fam("template-placeholder-account-partition-gres1-scratch-default-home-cmode-env-default-conda-sh-background-gpu-monitor-loop-kill-pid", "slurm"),
         "ShxLuo-Saxon/structure-llama", "scripts/slurm/train.sh",
         "Unnamed cluster (placeholders <your_account>/<your_gpu_partition>; $SCRATCH)", "unnamed-template",
         ["placeholder-account-partition", "background-monitor-loop", "kill-monitor-pid", "env-var-mode-default",
          "scratch-default-home", "conda-sh-from-home"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/training/train.py",
         args=["--config_path", "scripts/configs/model_config_structure_llama_839M.json", "--sections_dir", "$SEC",
               "--pairs_csv", "$SEC/pairs.csv", "--checkpoint", "$MODEL", "--condition_mode", "$CMODE", "--use_lora",
               "--lora_rank", "8", "--lora_alpha", "16", "--context_length", "1024", "--batch_size", "2",
               "--num_epochs", "200", "--lr", "3e-5", "--constant_lr", "--num_workers", "8", "--save_dir",
               "$SCRATCH/runs/${CMODE}", "--save_every", "10"],
         keep_text=["(while true; do", "GPU_LOG_PID=$!", "kill $GPU_LOG_PID 2>/dev/null", "CMODE=${CMODE:-m1}"],
         setup=[S("SCRATCH=${SCRATCH:-$HOME/scratch}"), S("mkdir -p $SCRATCH/logs $SCRATCH/runs/${CMODE}"),
                S('source "$HOME/miniforge3/etc/profile.d/conda.sh"'), S("conda activate moonbeam_train"),
                S("cd $PROJECT")],
         source_only=["--account=<your_account>", "--partition=<your_gpu_partition>"],
         refuse_words=["<your_account>", "<your_gpu_partition>", "CMODE", "$SCRATCH", "A100 80GB"],
         assumptions=["A template: --account=<your_account>, --partition=<your_gpu_partition> (placeholders), "
                      "--gres=gpu:1, 64G, 8 CPUs, 24 h: SCRATCH defaults to $HOME/scratch, CMODE from the environment "
                      "(default m1; `CMODE=m2 sbatch ...`), dirs, conda from $HOME/miniforge3, cd "
                      "$SCRATCH/structure-llama, echoes, a background `( while true; nvidia-smi ...; sleep 300 ) &` "
                      "whose PID is kept, then `python scripts/training/train.py ...` (LoRA, 200 epochs; the header says "
                      "one A100 80GB), then kill of the monitor. Right: 1 process on 1 GPU, the monitor loop and its "
                      "kill kept, CMODE named as a submit-time variable, the placeholders replaced by the target's "
                      "account/partition (or asked), $SCRATCH's meaning on the target named."]),
    case(fam("drac-def-account-gres1-cpus16-stdenv2023-python-cuda-modules-if-elif-venv-candidates-env-defaults-data-path-wandb-key-passthrough-python-m-or-exit", "slurm"),
         "alexwolson/piv-bubble-prediction", "scripts/slurm/train.sh",
         "Digital Research Alliance of Canada (account def-bussmann, StdEnv/2023, /scratch/$USER)", "drac",
         ["if-elif-venv-candidates", "env-default-data-path", "or-brace-exit-after-launch", "python-m-module-program",
          "stdenv-module-stack", "wandb-key-passthrough"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="src.train",
         args=["--zarr-path", '"$PIV_DATA_PATH"', "--sequence-length", "20", "--batch-size", "32", "--epochs", "100",
               "--learning-rate", "1e-4", "--output-dir", "models/", "--use-wandb", "--wandb-project",
               "piv-bubble-prediction", "--split-method", "experiment", "--patience", "15"],
         keep_text=['|| { echo "Training failed with exit code $?"; exit 1; }',
                    'if [ -d "$HOME/.venv/piv-bubble-prediction" ]; then'],
         setup=[S("source $HOME/.venv/piv-bubble-prediction/bin/activate"),
                S("export PIV_DATA_PATH=${PIV_DATA_PATH:-/scratch/$USER/data/raw/all_experiments.zarr/}"),
                S("export WANDB_API_KEY=${WANDB_API_KEY:-}"), S("mkdir -p logs models checkpoints")],
         source_only=["module load StdEnv/2023", "module load python/3.11", "module load cuda"],
         accounts=["def-bussmann"],
         refuse_words=["StdEnv/2023", "def-bussmann", "/scratch/$USER", "PIV_DATA_PATH", "$PROJECT/venv"],
         assumptions=["DRAC: --account=def-bussmann, --gres=gpu:1 (the comment says an H100), 16 CPUs, 64G, 24 h: "
                      "echoes, module purge + StdEnv/2023, python/3.11, cuda, version probes, the first venv found of "
                      "$HOME/.venv/..., $HOME/venv/..., $PROJECT/venv/... (else system python), PIV_DATA_PATH default "
                      "/scratch/$USER/..., WANDB_API_KEY passed through, mkdir, then `python -m src.train ... || { echo "
                      "...; exit 1; }`. Right: 1 process on 1 GPU, the venv if/elif chain and the || exit kept, the "
                      "DRAC module stack replaced with notes, /scratch/$USER and $PROJECT named (both mean something "
                      "else or nothing on the target), the account replaced."]),
    case(fam("unnamed-base-partition-gres1-mem15g-modules-cuda-gcc-venv-created-in-job-pip-install-wandb-key-placeholder-python311-script", "slurm"),
         "ddegenaro/mozilla-asr-challenge", "scripts/slurm/train.sh",
         "A university Slurm cluster (partition base)", "unnamed-university",
         ["venv-created-in-job", "pip-install-in-job", "placeholder-api-key", "versioned-interpreter", "quoted-output-pattern"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./scripts/trainer.py", args=[],
         keep_text=["python3.11 ./scripts/trainer.py", "export WANDB_API_KEY=<API_KEY>"],
         setup=[S("python3.11 -m venv venv"), S("source venv/bin/activate"), S("pip3 install -r requirements.txt"),
                S('export WANDB_PROJECT="mozilla_asr"')],
         source_only=["--partition=base", "module load cuda/12.5", "module load gcc/11.4.0"],
         refuse_words=["<API_KEY>", "WANDB_API_KEY", "python3.11", "cuda/12.5", "base"],
         assumptions=["1 node, 1 task, --gres=gpu:1, 15G, 60 h, partition base, logs/\"%x.o%j\": modules cuda/12.5 and "
                      "gcc/11.4.0, a venv CREATED in the job with python3.11, pip install -r requirements.txt, "
                      "WANDB_API_KEY set to the placeholder <API_KEY>, WANDB_PROJECT, then `python3.11 "
                      "./scripts/trainer.py`. Right: 1 process on 1 GPU, the venv creation and pip install kept in "
                      "order, python3.11 named (it may not be on the target's PATH: a module or note), the placeholder "
                      "key kept or flagged (not filled), the modules replaced with notes."]),
    case(fam("jsc-jureca-dc-gpu-devel-training-account-4-tasks-no-gres-threads-per-core1-curr-dir-from-scontrol-source-activate-sh-master-addr-i-suffix-ib0-srun-env-u-cuda-visible-terratorch-fit", "slurm"),
         "stemauro/gfm-workshop", "finetune.sbatch",
         "JSC JURECA-DC (partition dc-gpu-devel, account training2431: a training course)", "jsc-jureca-dc",
         ["no-gpu-request-whole-node-site", "commented-gres", "script-dir-from-scontrol-command", "sourced-activate-script",
          "master-addr-ib-suffix-by-systemname", "srun-env-unset-cuda-visible", "lightning-cli-fit", "dollar-at-config",
          "srun-cpus-per-task-propagation"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=1, gpus_per_node=4, module=True,
         framework="lightning",
         program="terratorch", args=["fit", '"$@"'],
         keep_text=["srun env -u CUDA_VISIBLE_DEVICES python -m terratorch fit", 'MASTER_ADDR="$MASTER_ADDR"i'],
         setup=[S('export SRUN_CPUS_PER_TASK="$SLURM_CPUS_PER_TASK"'), S('source "$curr_dir"/activate.sh'),
                S('export MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)"'),
                S("export MASTER_PORT=54123")],
         source_only=["--partition=dc-gpu-devel", "--threads-per-core=1", "export NCCL_SOCKET_IFNAME=ib0",
                      "export GLOO_SOCKET_IFNAME=ib0"],
         accounts=["training2431"],
         refuse_words=["activate.sh", "curr_dir", "ib0", "SYSTEMNAME", "dc-gpu-devel", "gres", "training2431"],
         assumptions=["JURECA-DC: -A training2431, dc-gpu-devel, 1 node, 4 tasks a node, 8 CPUs a task, 15 min; NO GPU "
                      "directive (`#--gres=gpu:4` is commented: JSC GPU partitions give whole 4-GPU nodes): the script's "
                      "own dir from `scontrol show job` Command=, SRUN_CPUS_PER_TASK, `source $curr_dir/activate.sh` "
                      "(a repo file), MASTER_ADDR = first host with an 'i' suffix on JSC systems (by $SYSTEMNAME), port "
                      "54123, NCCL/GLOO on ib0, then `srun env -u CUDA_VISIBLE_DEVICES python -m terratorch fit \"$@\"` "
                      "(Lightning CLI, one task per GPU; config files as sbatch args). Right: 4 tasks on one node with an "
                      "explicit 4-GPU request on the target (said in a note), env -u kept, \"$@\" kept, the sourced "
                      "activate.sh named, ib0 and the JSC 'i' suffix named (dropped or kept harmless), the account "
                      "replaced."]),
    case(fam("lrz-mcml-dgx-a100-40x8-qos-gres6-one-task-abs-miniconda-activate-cd-subdir-cuda-visible-0-5-hf-cache-deepspeed-num-gpus6-ds-config-zero3", "slurm"),
         "egesualp/growth-vs-forgetting", "experiments/configs/llm_7b_m1_train.sbatch",
         "LRZ AI Systems, MCML (partition mcml-dgx-a100-40x8, qos mcml, /dss)", "lrz-mcml",
         ["deepspeed-launcher-num-gpus", "six-gpus-one-node", "hard-coded-cuda-visible-devices", "ds-config-file",
          "cd-subdir-relative", "abs-dss-output-dir"],
         launch_model="launcher", launcher="deepspeed", total_ranks=6, nodes=1, gpus_per_node=6,
         strategy="deepspeed", strategy_in_script=True,
         program="finetune_v3.py",
         args=["--model_name_or_path", '"llm-stacking/LLM_7B_300BToken"', "--dataset",
               '"../../data/preprocessed/simp_wiki_auto_new.json"', "--dataset_format", '"prompt"', "--output_dir",
               '"/dss/dssmcmlfs01/pr74ze/pr74ze-dss-0001/ra95kix2/models/llm_7b_m1_prompt"', "--run_name",
               '"llm_7b_m1_prompt_exp2"', "--num_train_epochs", "3", "--max_steps", "-1",
               "--per_device_train_batch_size", "8", "--gradient_accumulation_steps", "1", "--per_device_eval_batch_size",
               "4", "--eval_accumulation_steps", "16", "--save_strategy", "'epoch'", "--evaluation_strategy", "'steps'",
               "--eval_steps", "300", "--save_total_limit", "1", "--learning_rate", "2e-5", "--logging_steps", "150",
               "--lr_scheduler_type", "'constant'", "--gradient_checkpointing", "true", "--deepspeed", "'ds_config_3.json'",
               "--bf16", "true", "--report_to", '"wandb"', "--logging_first_step", "true", "--seed", "42", "--do_train",
               "true", "--do_eval", "true", "--do_predict", "false", "--predict_with_generate", "false",
               "--train_on_source", "false", "--trust_remote_code", "true", "--task", "'simp'"],
         keep_text=["deepspeed --num_gpus=6 finetune_v3.py"],
         setup=[S("source /dss/dsshome1/02/ra95kix2/miniconda3/bin/activate clean"), S("cd src/utils"),
                S("export CUDA_VISIBLE_DEVICES=0,1,2,3,4,5"), S("export TRANSFORMERS_CACHE=~/.cache/huggingface"),
                S("export HF_HOME=~/.cache/huggingface")],
         source_only=["--qos=mcml", "--partition=mcml-dgx-a100-40x8"],
         refuse_words=["--num_gpus=6", "CUDA_VISIBLE_DEVICES=0,1,2,3,4,5", "/dss/dssmcmlfs01", "mcml", "hostfile"],
         assumptions=["LRZ: qos mcml, partition mcml-dgx-a100-40x8 (8-GPU DGX nodes), --gres=gpu:6, 1 task, 4 h: the "
                      "user's miniconda on /dss activated, cd src/utils, CUDA_VISIBLE_DEVICES=0,1,2,3,4,5, HF caches, "
                      "nvidia-smi, then `deepspeed --num_gpus=6 finetune_v3.py ... --deepspeed 'ds_config_3.json' "
                      "--output_dir /dss/...`. Right: 6 ranks of one model (ZeRO-3 config): a target node with >= 6 "
                      "GPUs, or 2 nodes through a deepspeed hostfile, or a refusal/ask naming the 6-GPU need (a 4-GPU "
                      "node cannot hold it; cutting to 4 changes the global batch: a note); the hard-coded "
                      "CUDA_VISIBLE_DEVICES named, the /dss paths named, the qos/partition replaced."]),
    case(fam("stanford-hai-yejin-partition-account-gres1-set-euo-bashrc-conda-env-default-paths-with-spaces-python-bin-from-env-optional-load-args-array-dollar-at", "slurm"),
         "smiles724/Proteo-AA", "scripts/training/slurm_pretrain_protenix_monomer.sh",
         "A Stanford lab cluster (/hai/users, /hai/scratch; partition and account yejin)", "stanford-hai",
         ["interpreter-from-env-default", "env-default-paths", "path-with-space", "optional-args-array", "dollar-at-args",
          "env-defaults-in-args", "set-euo", "bashrc-conda"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/training/train_protenix_monomer.py",
         args=["--training-stage", "backbone_only", "--data-root", '"${DATA_ROOT}"', "--protenix-code-dir",
               '"${PROTENIX_CODE_DIR}"', "--pxdesign-code-dir", '"${PXDESIGN_CODE_DIR}"', "--output-dir", '"${RUN_ROOT}"',
               "--crop-size", '"${CROP_SIZE:-640}"', "--max-n-token", '"${MAX_N_TOKEN:-640}"', "--max-steps",
               '"${MAX_STEPS:-100000}"', "--train-samples-per-epoch", '"${TRAIN_SAMPLES_PER_EPOCH:-10000}"', "--lr",
               '"${LR:-5e-4}"', "--warmup-steps", '"${WARMUP_STEPS:-2000}"', "--checkpoint-interval",
               '"${CHECKPOINT_INTERVAL:-2000}"', "--log-interval", '"${LOG_INTERVAL:-50}"', "--eval-interval",
               '"${EVAL_INTERVAL:-1000}"', "--eval-samples", '"${EVAL_SAMPLES:-64}"', "--eval-num-workers",
               '"${EVAL_NUM_WORKERS:-0}"', "--num-workers", '"${NUM_WORKERS:-4}"', "--dtype", '"${DTYPE:-bf16}"',
               "--device", "cuda", '"${LOAD_ARGS[@]}"', '"${@}"'],
         keep_text=['"${PYTHON_BIN}" scripts/training/train_protenix_monomer.py',
                    'PYTHON_BIN="${PYTHON_BIN:-/hai/users/y/f/yfsun/miniconda3/envs/ml/bin/python}"',
                    'LOAD_ARGS+=(--load-checkpoint "${LOAD_CHECKPOINT}")',
                    'PROTENIX_CODE_DIR="${PROTENIX_CODE_DIR:-/hai/users/y/f/yfsun/Protein Project/Protenix}"'],
         setup=[S("set -euo pipefail"), S("source ~/.bashrc"), S("conda activate ml"),
                S('mkdir -p "${REPO_ROOT}/logs" "${RUN_ROOT}"'), S('cd "${REPO_ROOT}"'),
                S('export PROTENIX_ROOT_DIR="${DATA_ROOT}"'), S('export LAYERNORM_TYPE="${LAYERNORM_TYPE:-torch}"'),
                S('export PYTHONPATH="${REPO_ROOT}:${PXDESIGN_CODE_DIR}:${PROTENIX_CODE_DIR}${PYTHONPATH:+:${PYTHONPATH}}"')],
         source_only=["--partition=yejin"],
         accounts=["yejin"],
         refuse_words=["/hai/", "PYTHON_BIN", "REPO_ROOT", "Protein Project", "yejin"],
         assumptions=["Partition and account yejin, --gres=gpu:1, 8 CPUs, 64G, 23:50: set -euo pipefail, ~/.bashrc + "
                      "`conda activate ml`, eight settings from the environment with /hai defaults (two code dirs "
                      "contain a space: 'Protein Project'), the interpreter itself from PYTHON_BIN (default an absolute "
                      "conda python), mkdir, cd REPO_ROOT, PROTENIX_ROOT_DIR/LAYERNORM_TYPE/PYTHONPATH, an optional "
                      "LOAD_ARGS array (--load-checkpoint, --warm-start-params-only), then `\"${PYTHON_BIN}\" "
                      "scripts/training/train_protenix_monomer.py ... \"${LOAD_ARGS[@]}\" \"${@}\"` with ${X:-default} "
                      "values. Right: 1 process on 1 GPU, the quoted paths with spaces kept quoted, the PYTHON_BIN "
                      "interpreter and the arrays kept, the /hai defaults named (they do not exist on the target: set "
                      "the env at submit), the partition/account replaced."]),
    case(fam("nersc-perlmutter-m4416-hbm40g-qos-regular-1x4-tasks4-module-directive-gpu-nccl-set-x-cd-global-homes-ml-conda-source-ddp-vars-nproc-from-nvidia-smi-wandb-key-file-torchrun-positionals", "slurm"),
         "dhruvitppatel/SSL-for-2D-Turbulence", "src/PM_2DTurb_train.sh",
         "NERSC Perlmutter (account m4416, -C gpu&hbm40g, qos regular, --module=gpu,nccl-2.18)", "perlmutter",
         ["module-directive", "nproc-from-nvidia-smi-count", "sourced-ddp-vars-file", "wandb-key-file", "positional-args",
          "torchrun-without-srun", "abs-pscratch-log", "set-x", "job-name-at-submit"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4, strategy="ddp",
         program="train.py", args=["--yaml_config=${2}", "--config=${3}", "--run_num=${1}", "--fresh_start"],
         keep_text=["--nproc_per_node=${NUM_TASKS_PER_NODE}", "--nnodes=${SLURM_NNODES}"],
         setup=[S("set -x"), S("cd /global/homes/d/dpp94/SSL-for-2D-Turbulence/src"), S("conda activate 2DTurbEmulator"),
                S("source export_DDP_vars.sh"), S("export NUM_TASKS_PER_NODE=$(nvidia-smi -L | wc -l)"),
                S("export OMP_NUM_THREADS=1"), S("source $HOME/set_wandb_key_dpp94.sh"), S("export WANDB_MODE=online")],
         source_only=["#SBATCH -C 'gpu&hbm40g'", "#SBATCH -q regular", "#SBATCH --module=gpu,nccl-2.18", "ml conda",
                      "#SBATCH -o /pscratch/sd/d/dpp94/Logfiles/2DTurb_%x.out"],
         accounts=["m4416"],
         refuse_words=["export_DDP_vars.sh", "set_wandb_key_dpp94.sh", "--module=gpu,nccl-2.18", "hbm40g", "/global/homes",
                       "nvidia-smi -L"],
         assumptions=["Perlmutter (#!/bin/bash -l): --account=m4416, -C 'gpu&hbm40g', qos regular, 1 node, 4 tasks a "
                      "node, 4 GPUs a node, 8 CPUs a task, 26 h, `--module=gpu,nccl-2.18` (a NERSC directive), output to "
                      "/pscratch with %x (the job name comes from `sbatch -J`): set -x, cd to a /global/homes clone, `ml "
                      "conda` + `conda activate 2DTurbEmulator`, `source export_DDP_vars.sh` (a repo file), the process "
                      "count from `nvidia-smi -L | wc -l`, a W&B key file sourced from $HOME, then one `torchrun "
                      "--nproc_per_node=${NUM_TASKS_PER_NODE} --nnodes=${SLURM_NNODES} train.py --yaml_config=${2} "
                      "--config=${3} --run_num=${1} --fresh_start` (no srun). Right: 4 processes on one node (the "
                      "nvidia-smi count follows the target's GPUs: said), the three positional args kept, the sourced "
                      "DDP-vars and key files named, the --module directive, hbm40g constraint and qos replaced with "
                      "notes, the /pscratch and /global/homes paths named."]),
    case(fam("alcf-polaris-pbs-ppfl-preemptable-rerunnable-select1-set-euo-proxy-heredoc-python-seeds-mapfile-three-loops-three-background-runs-cuda-visible-per-index-wait", "pbs"),
         "vaseline555/APPFL-SIM", "commands/cross-device/tinyimagenet/main/main_fedavg.sh",
         "ALCF Polaris (PBS Pro: account PPFL_FM, queue preemptable, filesystems home:eagle)", "polaris",
         ["heredoc-python-in-job", "mapfile-process-substitution", "background-runs-per-gpu", "cuda-visible-per-index",
          "three-sequential-waves", "alcf-proxy", "rerunnable-preemptable", "python-m-module-program", "hydra-style-overrides"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=3, module=True,
         program="appfl_sim.runner",
         args=["--config", "appfl_sim/config/cross-device/tinyimagenet/fedavg.yaml",
               '"logging.configs.wandb_entity=${WANDB_ENTITY}"', '"logging.configs.wandb_mode=${WANDB_MODE}"',
               "logging.configs.wandb_group=fedavg", '"logging.configs.wandb_tags=cross-device,tinyimagenet,fedavg,main"',
               "train.local_epochs=1", "optimizer.lr_decay.enable=true", "optimizer.lr=0.1",
               "optimizer.lr_decay.gamma=0.999", '"experiment.seed=${SEEDS[$i]}"', "experiment.name=GALE",
               'logging.name="main_tinyimagenet_fedavg_1_${SEEDS[$i]}"'],
         other_runs=[R("appfl_sim.runner", ["train.local_epochs=2", "optimizer.lr_decay.gamma=0.9975",
                                            'logging.name="main_tinyimagenet_fedavg_2_${SEEDS[$i]}"']),
                     R("appfl_sim.runner", ["train.local_epochs=4", "optimizer.lr_decay.gamma=0.995",
                                            'logging.name="main_tinyimagenet_fedavg_4_${SEEDS[$i]}"'])],
         keep_text=["mapfile -t SEEDS < <(", "python3 - <<'PY'", 'for i in "${!SEEDS[@]}"; do',
                    "CUDA_VISIBLE_DEVICES=$i python -m appfl_sim.runner"],
         setup=[S("set -euo pipefail"), S('cd "${PBS_O_WORKDIR:-$PWD}"'), S("conda activate base"),
                S('WANDB_ENTITY="${WANDB_ENTITY:-}"'), S('WANDB_MODE="${WANDB_MODE:-online}"')],
         source_only=["#PBS -q preemptable", "#PBS -l filesystems=home:eagle", "#PBS -r y", "module use /soft/modulefiles",
                      "module load conda", 'export http_proxy="http://proxy.alcf.anl.gov:3128"'],
         accounts=["PPFL_FM"],
         refuse_words=["proxy.alcf.anl.gov", "preemptable", "CUDA_VISIBLE_DEVICES=$i", "mapfile", "eagle", "SEEDS"],
         assumptions=["Polaris (#!/bin/bash -l): -A PPFL_FM, queue preemptable, select=1:system=polaris (one 4-GPU node), "
                      "place=scatter, 6 h, home:eagle, rerunnable (-r y), -k doe, -j oe: set -euo pipefail, cd "
                      "$PBS_O_WORKDIR, ALCF conda module + base env, the ALCF proxy exported, W&B settings from the "
                      "environment, three seeds made by a python heredoc read with mapfile, then THREE waves (local "
                      "epochs 1, 2, 4), each starting one `CUDA_VISIBLE_DEVICES=$i python -m appfl_sim.runner --config "
                      "... experiment.seed=${SEEDS[$i]} ...` per seed in the background (GPUs 0-2) and `wait`. Right: "
                      "one node with >= 3 GPUs, the heredoc/mapfile, the three waves with their background runs and "
                      "waits kept in order, the per-index CUDA_VISIBLE_DEVICES kept (a note if the target binds GPUs "
                      "per task), the proxy and ALCF modules dropped or named, the preemptable queue/rerun mapped or "
                      "named."]),
    case(fam("ncsa-delta-gpua40x4-bcqc-1x1-gpus-per-node1-cd-abs-u-home-loop-three-terms-uv-run-project-subdir-python-train-abs-log-dir", "slurm"),
         "tliao730/Traffic_Forecast_Benchmark", "run_mamba_fm_sd_2018.sh",
         "NCSA Delta (partition gpuA40x4, account bcqc-delta-gpu, /u home)", "delta",
         ["uv-run-project-subdir", "loop-over-values", "abs-home-cd", "abs-log-dir-arg"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="fm/mamba/mamba.py",
         args=["--term", "${TERM}", "--year", "2018", "--context_length", "48", "--num_sensors", "0",
               "--windows_per_sensor", "1000", "--bs", "64", "--lrate", "1e-3", "--max_epochs", "50", "--patience", "15",
               "--wandb_project", "TrafficFM", "--log_dir", "/u/tliao2/TrafficFM/benchmark/experiments/mamba_fm/SD/2018/"],
         keep_text=["for TERM in short medium long; do", "uv run --project fm/moirai python fm/mamba/mamba.py"],
         setup=[S("cd /u/tliao2/TrafficFM/benchmark")],
         source_only=["--partition=gpuA40x4"],
         accounts=["bcqc-delta-gpu"],
         refuse_words=["/u/tliao2", "uv run", "--project fm/moirai", "gpuA40x4", "bcqc-delta-gpu", "TERM"],
         assumptions=["Delta: -A bcqc-delta-gpu, gpuA40x4, 1 node, 1 task, 1 GPU a node, 32G, 24 h, logs %j_*.out/err in "
                      "the submit dir: cd /u/tliao2/TrafficFM/benchmark, then a loop over TERM in short medium long, each "
                      "`uv run --project fm/moirai python fm/mamba/mamba.py --term ${TERM} --year 2018 ... --log_dir "
                      "/u/tliao2/...` (no module, no env: uv resolves the project env). Right: the three runs in order, "
                      "1 process on 1 GPU each, `uv run --project fm/moirai` kept, the /u paths named, the "
                      "account/partition replaced (note the variable name TERM shadows the terminal type: keep as is)."]),
    case(fam("psc-bridges2-gpu-shared-h100-80-1-chdir-jet-home-logs-relative-to-chdir-anaconda-module-conda-activate-ocean-path-torchrun-nproc1", "slurm"),
         "kookhh0827/alm-cot-project", "train-code/batchfile.sh",
         "PSC Bridges-2 (GPU-shared, h100-80, account cis220031p, /jet/home and /ocean)", "bridges2",
         ["chdir-directive", "logs-relative-to-chdir", "conda-env-by-path", "torchrun-one-process", "commented-nodes"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="finetune_qwen_audio.py", args=[],
         keep_text=["torchrun --nproc_per_node=1 finetune_qwen_audio.py"],
         setup=[S("conda activate /ocean/projects/cis220031p/hkook/envs/almcot"),
                S("cd /jet/home/hkook/workspace/alm_cot_project/alm-cot-project/train-code")],
         source_only=["#SBATCH -p GPU-shared", "#SBATCH --gpus=h100-80:1", "module load anaconda3"],
         accounts=["cis220031p"],
         workdir="/jet/home/hkook/workspace/alm_cot_project/alm-cot-project/train-code",
         refuse_words=["/jet/home", "/ocean/projects", "GPU-shared", "h100-80", "-D"],
         assumptions=["Bridges-2: -D /jet/home/.../train-code (the logs logs/%x-%j.* are relative to it), -A cis220031p, "
                      "GPU-shared, --gpus=h100-80:1, 1 task a node, 4 CPUs, 12 h (`##SBATCH -N 1` commented): module "
                      "anaconda3, conda env by /ocean path, cd to the same train-code dir, then `torchrun "
                      "--nproc_per_node=1 finetune_qwen_audio.py`. Right: 1 process on 1 GPU through torchrun, the -D "
                      "dir kept as the working directory (and the log path relative to it), the /jet and /ocean paths "
                      "named (not on the target), the PSC GPU type/partition/account replaced."]),
    case(fam("psc-bridges2-gpu-shared-h100-80-1-n2-no-account-hf-cache-exports-ocean-mkdir-dot-source-espnet-activate-and-and-python-abs-script-commented-redirect-variant", "slurm"),
         "Frostday/Speech-Project", "owsm_ctc_finetuning/run_finetuning.sh",
         "PSC Bridges-2 (GPU-shared, h100-80, /ocean/projects)", "bridges2",
         ["dot-source-and-and-launch", "espnet-activate-script", "hf-cache-exports", "abs-program-path", "tasks-without-srun",
          "commented-variant-line"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/ocean/projects/cis250187p/dgarg2/Speech-Project/owsm_ctc_finetuning/espnet_owsm_finetuning.py", args=[],
         keep_text=[". /ocean/projects/cis250187p/dgarg2/espnet/tools/activate_python.sh && python"],
         setup=[S("export HF_HOME=/ocean/projects/cis250086p/dgarg2/hf_cache"), S('export HUGGINGFACE_HUB_CACHE="$HF_HOME/hub"'),
                S('export HF_DATASETS_CACHE="$HF_HOME/datasets"'), S('export TRANSFORMERS_CACHE="$HF_HOME/transformers"'),
                S('mkdir -p "$HUGGINGFACE_HUB_CACHE" "$HF_DATASETS_CACHE" "$TRANSFORMERS_CACHE"')],
         source_only=["#SBATCH -p GPU-shared", "#SBATCH --gpus=h100-80:1"],
         refuse_words=["/ocean/projects", "activate_python.sh", "GPU-shared", "h100-80", "espnet"],
         assumptions=["Bridges-2: 1 node, GPU-shared, --gpus=h100-80:1, -n 2 (two tasks but no srun), 12 h, output.log "
                      "and output.err in the submit dir, no account line: HF_HOME and three caches under /ocean, mkdir "
                      "of them, then `. /ocean/.../espnet/tools/activate_python.sh && python "
                      "/ocean/.../owsm_ctc_finetuning/espnet_owsm_finetuning.py` on one line (a commented variant with "
                      "redirects below). Right: 1 process on 1 GPU, the `. activate && python` line kept as one step, "
                      "the HF cache exports kept, the /ocean paths named (not on the target), the PSC GPU type and "
                      "partition replaced, no account invented (one named as needed on the target)."]),
    case(fam("nscc-aspire2a-pbs-select1-ngpus4-120h-literal-jobid-in-output-set-euo-conda-sh-brace-mkdir-shell-function-four-background-runs-cuda-visible-time-v-redirect-wait-pids", "pbs"),
         "HEJA100/capstone-logo-selected-modules", "01_Pre-training_Model/recover_01/run_train_all_3456_full_parallel.pbs",
         "NSCC Singapore ASPIRE 2A (PBS Pro, /home/users/nus/..., select=1:ngpus=4)", "nscc-aspire2a",
         ["shell-function-launch", "background-runs-per-gpu", "cuda-visible-per-run", "usr-bin-time-wrapper",
          "per-run-redirect", "wait-on-pids", "brace-expansion-mkdir", "literal-jobid-in-pbs-output", "tensorflow-keras"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, framework="tensorflow",
         program="02_train_gene_transformer_lm_hg_bert4keras_tfrecord.py",
         args=["--save", '"${SAVE_DIR}"', "--train-data", '"${TRAIN_DATA}"', "--seq-len", "1000", "--model-dim", "256",
               "--transformer-depth", "2", "--num-heads", "8", "--batch-size", '"${BATCH_SIZE}"', "--ngram", '"${K}"',
               "--stride", '"${K}"', "--model-name", '"${MODEL_NAME}"', "--steps-per-epoch", '"${STEPS_PER_EPOCH}"',
               "--epochs", '"${EPOCHS}"', "--shuffle-size", '"${SHUFFLE_SIZE}"', "--num-gpu", "1", "--verbose", "1"],
         keep_text=["run_one () {", "CUDA_VISIBLE_DEVICES=${GPU_ID} /usr/bin/time -v", '> "${LOG_ROOT}/${MODEL_NAME}.log" 2>&1',
                    "wait $PID3 $PID4 $PID5 $PID6"],
         setup=[S("set -euo pipefail"), S("cd /home/users/nus/e1538285/scratch/LOGO/01_Pre-training_Model"),
                S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate logo"),
                S('mkdir -p "${SAVE_ROOT}"/{3gram,4gram,5gram,6gram}'), S('mkdir -p "${LOG_ROOT}"')],
         source_only=["#PBS -l select=1:ncpus=32:ngpus=4:mem=128gb",
                      "#PBS -o /home/users/nus/e1538285/scratch/LOGO/01_Pre-training_Model/recover_01/logs/logo01_full_3456.$PBS_JOBID.log"],
         refuse_words=["/home/users/nus/e1538285", "CUDA_VISIBLE_DEVICES=${GPU_ID}", "120:00:00", "run_one", "$PBS_JOBID"],
         assumptions=["ASPIRE 2A (PBS Pro): select=1:ncpus=32:ngpus=4:mem=128gb, 120 h, -j oe, -o to an absolute path "
                      "holding $PBS_JOBID (not expanded in a directive), no queue or project: set -euo pipefail, cd to "
                      "the /home/users/nus scratch clone, conda, settings (50 epochs, ...), mkdir with brace expansion, "
                      "nvidia-smi || true, a shell function run_one GPU K DATA DIR that runs `CUDA_VISIBLE_DEVICES=${GPU_ID} "
                      "/usr/bin/time -v python 02_train_..._tfrecord.py ... --num-gpu 1 > log 2>&1`, called four times "
                      "in the background (GPUs 0-3; 3-, 4-, 5-, 6-gram), then `wait` on the four PIDs. Right: one node "
                      "with 4 GPUs, the function, the four background runs and the wait kept, the 120 h cut to the "
                      "target's limit with a note, the /home/users/nus paths named, the literal $PBS_JOBID output "
                      "mapped to %j or named."]),
    case(fam("ncar-derecho-pbs-main-queue-premium-priority-select1-ncpus64-ngpus1-256gb-abs-glade-logs-cuda-conda-modules-conda-info-base-sh-cd-abs-python", "pbs"),
         "advikeswaran/gnn-recon", "submit_train.sh",
         "NCAR Derecho (PBS Pro: account P93300301, queue main, job_priority=premium, /glade)", "ncar-derecho",
         ["job-priority-directive", "conda-sh-from-conda-info", "abs-glade-workdir", "abs-log-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="unknown",
         program="train_head.py", args=["--epochs", "200", "--lr", "1e-3", "--hidden", "128", "--t2t-rounds", "6"],
         setup=[S("source $(conda info --base)/etc/profile.d/conda.sh"), S("conda activate graphcast"),
                S("cd /glade/derecho/scratch/advike/graphcast_recon")],
         source_only=["#PBS -q main", "#PBS -l job_priority=premium", "module load cuda/12.9.0", "module load conda/latest",
                      "#PBS -o /glade/derecho/scratch/advike/graphcast_recon/logs/train.out"],
         accounts=["P93300301"],
         refuse_words=["/glade/derecho", "job_priority=premium", "P93300301", "conda/latest", "256GB"],
         assumptions=["Derecho (PBS Pro): -A P93300301, queue main, select=1:ncpus=64:ngpus=1:mem=256GB, 12 h, "
                      "job_priority=premium, -o/-e to absolute /glade log paths, -j oe: modules cuda/12.9.0 and "
                      "conda/latest, conda.sh from `conda info --base`, `conda activate graphcast`, cd to the /glade "
                      "scratch dir, then `python train_head.py --epochs 200 --lr 1e-3 --hidden 128 --t2t-rounds 6`. "
                      "Right: 1 process on 1 GPU, the conda steps kept or named, the /glade paths named, the premium "
                      "priority and queue mapped or named, the 256GB and 64 CPUs checked against the target's share."]),
    case(fam("abci-sge-rt-f4-use-ssh-singularitypro-hostlist-hostfile-dig-master-ip-four-ssh-port-2222-singularity-exec-bash-wrapper-per-host-machine-rank", "sge"),
         "kaiyama12345679/LLM-Turorial", "multinode_train.sh",
         "AIST ABCI (SGE/Altair GE: resource type rt_F=4 full nodes, USE_SSH=1)", "abci",
         ["ssh-per-host-launch", "wrapper-program-multi-command-sh", "singularity-container", "sge-hostlist",
          "hostfile-from-hostlist", "master-ip-by-dig", "hard-coded-four-hosts", "nested-quotes-ssh-command"],
         launch_model="launcher", launcher="ssh", total_ranks=16, nodes=4, gpus_per_node=4,
         program="multi-command.sh", args=["$EXP_PATH", "$MASTER_IP", "$MASTER_PORT", "0"],
         keep_text=["singularity exec --nv --bind $EXP_PATH:$EXP_PATH llm-train.sif", "ssh -p 2222 $HOST0"],
         setup=[S("cat ${SGE_JOB_HOSTLIST} | awk '{print $0, \"slots=4\"}' > hostfile"),
                S("export MASTER_HOST=$(cat ${SGE_JOB_HOSTLIST} | head -n 1)"),
                S("export MASTER_IP=$(dig +short $MASTER_HOST)"), S("export MASTER_PORT=29500"),
                S("export EXP_PATH=$(pwd)")],
         source_only=["#$ -l rt_F=4", "#$ -l USE_SSH=1", "source /etc/profile.d/modules.sh",
                      "module load singularitypro hpcx-mt/2.12"],
         container_image="llm-train.sif",
         refuse_words=["multi-command.sh", "ssh", "SGE_JOB_HOSTLIST", "rt_F", "llm-train.sif", "2222"],
         assumptions=["ABCI (SGE): rt_F=4 (four full nodes, 4 V100 each), 4 h, -j y, -cwd, USE_SSH=1: modules "
                      "singularitypro and hpcx-mt, a hostfile from $SGE_JOB_HOSTLIST (slots=4), MASTER_IP by `dig`, "
                      "HOST0..HOST3 from the host list, then four `ssh -p 2222 $HOSTk \"cd $EXP_PATH && ... singularity "
                      "exec --nv --bind $EXP_PATH:$EXP_PATH llm-train.sif \"bash multi-command.sh $EXP_PATH $MASTER_IP "
                      "$MASTER_PORT k\"\"` (three in the background, the last in the foreground). multi-command.sh (a repo "
                      "file, not in this script) runs `accelerate launch --num_processes 16 --num_machines 4 ... "
                      "--machine_rank $4`. Right: 4 nodes, one container wrapper per node with its machine rank (ssh "
                      "replaced by srun/mpiexec one-per-node, $SLURM_NODEID or the PBS equivalent as the rank), the "
                      "image and binds kept, the wrapper named (its 16/4 assume 4 GPUs a node); or a refusal naming "
                      "the ssh-per-host launch and the unseen multi-command.sh."]),
    case(fam("nersc-perlmutter-m3900-early-science-qos-32-nodes-gpus128-no-tasks-module-python-conda-args-string-unquoted-srun-python-lightning-num-nodes32", "slurm"),
         "georgestein/ssl-legacysurvey", "scripts/slurm/train_ssl.sh",
         "NERSC Perlmutter (-C gpu, account m3900, qos early_science, /pscratch)", "perlmutter",
         ["srun-default-one-task-per-node", "total-gpus-directive", "args-in-unquoted-string", "program-in-variable",
          "lightning-num-nodes-arg", "retired-qos", "abs-pscratch-data"],
         launch_model="per_rank", launcher="srun", total_ranks=128, nodes=32, gpus_per_node=4, framework="lightning",
         strategy="ddp", strategy_in_script=True,
         program="train_ssl.py", args=["${args}"],
         topology_args=[T("--num_nodes", "$num_nodes", "nodes")],
         keep_text=["srun python $moco_loc ${args}", "--num_nodes $num_nodes", "--strategy ddp"],
         setup=[S("cd $main_dir"), S("conda activate ssl-pl"), S("export HDF5_USE_FILE_LOCKING=FALSE")],
         source_only=["#SBATCH -C gpu", "#SBATCH --qos=early_science", "module load python",
                      "train_file=/pscratch/sd/g/gstein/machine_learning/decals_self_supervised/data/images_npix152_000000000_003500000.h5"],
         accounts=["m3900"],
         refuse_words=["early_science", "num_nodes", "/pscratch", "--gpus 128", "ntasks"],
         assumptions=["Perlmutter: -C gpu, -A m3900, qos early_science (a 2021 qos; `#regular` noted), --nodes 32, --gpus "
                      "128, 32 CPUs a task, 12 h, NO task count: main_dir and the training file under /pscratch, cd, "
                      "module python + `conda activate ssl-pl`, HDF5_USE_FILE_LOCKING=FALSE, settings (num_nodes=32, "
                      "batch 256, ...), an args string, then `srun python $moco_loc ${args}` (train_ssl.py; Lightning "
                      "--strategy ddp --num_nodes 32 --gpu). Right: 32 nodes x 4 GPUs = 128 ranks (srun with one task "
                      "a GPU, or the source's one-task-a-node kept with a note that Lightning's rank count follows the "
                      "tasks), --num_nodes kept equal to the node count, the unquoted ${args} kept, the retired qos and "
                      "/pscratch paths named, -C gpu/-A replaced."]),
    case(fam("unnamed-uni-cpu-all-submitter-writes-gpu-job-by-unquoted-heredoc-l40s-a40-partitions-gres2-tasks2-venv-nccl-p2p-off-srun-per-rank-output-console-script-hydra-devices-sbatch-inner", "slurm"),
         "Riccardo-Riva/fm4tag", "slurm/pretrain.sh",
         "A university Slurm cluster (partitions cpu-all, gpu-L40S-open, gpu-A40; /storage3/DSIP)", "unnamed-university",
         ["submitter-writes-inner-job", "unquoted-heredoc-expands-at-write", "nested-sbatch", "cpu-outer-job",
          "two-partitions-list", "srun-per-rank-output-files", "console-script-program", "hydra-config-path",
          "escaped-dollar-in-heredoc"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=1, gpus_per_node=2, framework="lightning",
         program="fm4tag",
         args=["--config-path=${CONFIG_DIR}", "--config-name=${CONFIG}", "phase=pretrain", "action=fit",
               "trainer.devices=${GPU_NUM}", "trainer.max_epochs=${MAX_EPOCHS}", "dataloader.num_workers=${NUM_WORKERS}",
               "dataloader.batch_size=${BATCH_SIZE}", "output_dir=${OUTPUT_DIR}"],
         keep_text=['cat > "${OUTPUT_DIR}/pretrain_run.sh" << EOF', "sbatch pretrain_run.sh",
                    "--output=${OUTPUT_DIR}/rank_%t.out", "export NCCL_P2P_DISABLE=1"],
         setup=[S('mkdir -pv "${OUTPUT_DIR}"'), S("source ${VENV}/bin/activate"), S('cd "${OUTPUT_DIR}"')],
         source_only=["#SBATCH --partition=cpu-all", "GPU_NODE=gpu-L40S-open,gpu-A40", "REPO=/storage3/DSIP/rriva/research/fm4tag"],
         refuse_words=["pretrain_run.sh", "heredoc", "cpu-all", "gpu-L40S-open", "/storage3/DSIP", "trainer.devices"],
         assumptions=["An outer CPU job (partition cpu-all, 4G) that only writes and submits the real job: settings "
                      "(GPU_NODE=gpu-L40S-open,gpu-A40, GPU_NUM=2, workers, repo/venv under /storage3/DSIP), a "
                      "timestamped OUTPUT_DIR, then an UNQUOTED heredoc (expanded at write time; \\$ kept for the inner "
                      "job) writes pretrain_run.sh with its own #SBATCH lines (partition list, --gres=gpu:2, 2 tasks a "
                      "node, cpus = workers + 2, 128G, logs in OUTPUT_DIR): nvidia-smi, venv, NCCL_P2P_DISABLE=1 (\"P2P "
                      "broken on this cluster\"), `srun --output=.../rank_%t.out ... fm4tag --config-path=... "
                      "phase=pretrain action=fit trainer.devices=2 ...` (Lightning, one task a GPU), elapsed echo; then "
                      "cd and `sbatch pretrain_run.sh`. Right: the inner job ported (2 tasks on one node with 2 GPUs, "
                      "trainer.devices kept equal to them, the per-rank outputs kept) with the outer submitter kept "
                      "submitting it, the two partitions and /storage3 paths named, the P2P-off fix named; or an ask "
                      "naming the heredoc-written inner job. A port that puts GPU directives on the CPU submitter and "
                      "drops the heredoc is wrong."]),
    case(fam("company-lsf-rb-ai-queue-no-shebang-w-2h-n1-m2048-gpu-num1-echo-dollar-start-conda-cuda-gcc-modules-proxy-module-proxy-on-function-yolov5-train", "lsf"),
         "OBaruch/yolov5_obb", "run.bsub",
         "A company LSF cluster (queue rb_ai_initiative; proxy4server-access module)", "company-lsf",
         ["lsf-directives", "no-shebang", "proxy-module-shell-function", "commented-directives", "command-substitution-typo"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--data", "../datasets/roboflow/data.yaml", "--epochs", "10", "--batch-size", "1", "--img", "3840",
               "--device", "0", "--exist-ok"],
         setup=[S("conda activate yolov5")],
         source_only=["#BSUB -q rb_ai_initiative", "module load conda/4.9.2", "module load cuda/10.2.89",
                      "module load gcc/7.5.0", "module load proxy4server-access/", "proxy_on"],
         refuse_words=["proxy_on", "proxy4server-access", "rb_ai_initiative", "-M 2048", "conda/4.9.2"],
         assumptions=["LSF (no shebang line): -J base, queue rb_ai_initiative (the comment says Volta nodes), -W 2:00, "
                      "-n 1, -M 2048 (MB a core), -gpu \"num=1\" (commented -o/-e/-R/-P lines): `echo $('start')` (runs "
                      "a command named start: an error, harmless), modules conda/cuda/gcc, `conda activate yolov5`, a "
                      "proxy module whose shell function `proxy_on` opens web access, then `python train.py --data "
                      "../datasets/roboflow/data.yaml --epochs 10 --batch-size 1 --img 3840 --device 0 --exist-ok`. "
                      "Right: 1 process on 1 GPU, a bash shebang added, the conda env kept or named, the proxy module "
                      "and proxy_on named (site-only; the target's compute nodes may have no web access: a note), the "
                      "2048 MB memory checked (a 3840-pixel YOLO run needs more: a note), the queue replaced."]),
    case(fam("ncsu-hazel-lsf-tcsh-n4-w3000-minutes-gpu-queue-gpu-num1-shared-mps-select-rtx2080-rusage-mem-conda-activate-abs-usrapps-env-python3-abs-gpfs-share-script", "lsf"),
         "Nirav1929/Weather_forecast", "run.bsub",
         "NC State Hazel (LSF; /usr/local/usrapps, /gpfs_share)", "ncsu-hazel",
         ["tcsh-job-shell", "lsf-gpu-shared-mps", "gpu-model-select", "walltime-in-minutes", "conda-env-by-path",
          "abs-program-path"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/gpfs_share/rhe/nkpatel8/Ocean_SST/scripts/train.py", args=[],
         setup=[S("conda activate /usr/local/usrapps/rhe/conda_ocean_new")],
         source_only=['#BSUB -gpu "num=1:mode=shared:mps=yes:"', '#BSUB -R "select[rtx2080]"', "#BSUB -q gpu",
                      '#BSUB -R "rusage[mem=24GB]"'],
         refuse_words=["tcsh", "mps", "rtx2080", "/gpfs_share", "/usr/local/usrapps", "3000"],
         assumptions=["Hazel (#!/bin/tcsh): -n 4, -W 3000 (minutes: 50 h), queue gpu, one GPU in shared mode with MPS, "
                      "select[rtx2080], rusage mem=24GB, out.sst/err.sst: `conda activate` of an env under "
                      "/usr/local/usrapps, then `python3 /gpfs_share/.../Ocean_SST/scripts/train.py`. Right: 1 process "
                      "on 1 GPU, the 3000 minutes read as 50 h (cut to the target's limit with a note), the csh job "
                      "shell kept or the two lines rewritten for bash with a note, MPS/shared mode and the RTX 2080 "
                      "choice named, the /usr/local/usrapps and /gpfs_share paths named."]),
    case(fam("tacc-lonestar6-gpu-a100-dev-bcs-no-gpu-directive-gres-at-submit-module-purge-unset-ld-preload-if-elif-conda-work-path-ld-library-conda-prefix-ngpus-from-gpus-on-node-torchrun-standalone-else-python", "slurm"),
         "Georgakopoulos-Soares-lab/glm-locking", "scripts/run_lock_slurm.sh",
         "TACC Lonestar6 (partition gpu-a100-dev, account BCS25073, /work/.../ls6; the header mentions Stampede3)", "lonestar6",
         ["no-gpu-directive-gres-at-submit", "gpu-count-from-slurm-gpus-on-node", "if-branch-torchrun-or-python",
          "if-elif-conda-setup", "unset-ld-preload", "work-path-pythonpath", "header-names-other-cluster"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/lock.py", args=[],
         keep_text=['NGPUS="${SLURM_GPUS_ON_NODE:-1}"', 'if [ "$NGPUS" -gt 1 ]; then', '--nproc_per_node="${NGPUS}"',
                    'if [ -f "$CONDA_ROOT/etc/profile.d/conda.sh" ]; then'],
         setup=[S("unset LD_PRELOAD"), S("conda activate evo"), S('export LD_LIBRARY_PATH="$CONDA_PREFIX/lib:${LD_LIBRARY_PATH}"'),
                S('export PYTHONPATH="/work/10906/arisk/ls6/evo-locking:${PYTHONPATH}"'),
                S('export PYTORCH_CUDA_ALLOC_CONF="expandable_segments:True"'), S("cd /work/10906/arisk/ls6/evo-locking"),
                S("mkdir -p logs")],
         source_only=["#SBATCH -p gpu-a100-dev", 'CONDA_ROOT="/work/10906/arisk/conda"'],
         accounts=["BCS25073"],
         refuse_words=["gpu-a100-dev", "/work/10906/arisk", "SLURM_GPUS_ON_NODE", "--gres", "Stampede3", "BCS25073"],
         assumptions=["Lonestar6 (gpu-a100-dev; paths under /work/.../ls6; the header comment says Stampede3 / h100): "
                      "-J evo_lock, 1 node, 40G, 2 h, -A BCS25073, NO GPU directive: the usage comments give "
                      "`sbatch --gres=gpu:1` or `--gres=gpu:4` on the command line. module purge, unset LD_PRELOAD, a "
                      "conda from /work by if/elif (exit 1 otherwise), LD_LIBRARY_PATH/PYTHONPATH/alloc conf, cd, then "
                      "NGPUS from SLURM_GPUS_ON_NODE (default 1): torchrun --standalone --nproc_per_node=$NGPUS "
                      "scripts/lock.py if > 1, else `python scripts/lock.py`. As written (no --gres) it runs 1 process. "
                      "Right: 1 process on 1 GPU with the if/else kept (so a submit-time GPU request still picks "
                      "torchrun; the request named), the /work paths and conda if/elif kept or named, the dev "
                      "partition/account replaced."]),
    case(fam("cambridge-csd3-ampere-t2-account-gres1-cpus16-rhel8-default-amp-module-workdir-var-cmd-string-eval-wrapper-scripts-train-sh-dollar1-generate-pbs-nodefile", "slurm"),
         "aj-dray/gnn-fluid-dynamics", "scripts/slurm/train.sh",
         "University of Cambridge CSD3 (partition ampere, account T2-CS181-GPU, rhel8/default-amp)", "cambridge-csd3",
         ["eval-command-string", "wrapper-program-scripts-train-sh", "positional-arg-options", "csd3-template",
          "generate-pbs-nodefile", "commented-mpirun-alternative", "deprecated-arith-syntax"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./scripts/train.sh", args=["$options"],
         keep_text=['CMD="$application $options"', "eval $CMD"],
         setup=[S("export OMP_NUM_THREADS=1"), S("cd $workdir")],
         source_only=["#SBATCH -p ampere", ". /etc/profile.d/modules.sh", "module load rhel8/default-amp",
                      "export NODEFILE=`generate_pbs_nodefile`",
                      "#SBATCH --output=/home/ajd246/code/project/slurm_log/train/%j.txt"],
         accounts=["T2-CS181-GPU"],
         refuse_words=["scripts/train.sh", "eval", "generate_pbs_nodefile", "rhel8/default-amp", "/home/ajd246", "$1"],
         assumptions=["CSD3 (the centre's template): -A T2-CS181-GPU (an alternative account in a comment), -p ampere, 1 "
                      "node, 1 task, --gres=gpu:1, 16 CPUs, 10 h, output to an absolute /home path: workdir "
                      "/home/ajd246/code/project-exec, application ./scripts/train.sh (a repo wrapper, not shown), "
                      "options=$1 (a config name), modules.sh + rhel8/default-amp, task arithmetic, CMD string, cd "
                      "workdir, echoes, a machine file from CSD3's generate_pbs_nodefile, then `eval $CMD`. Right: the "
                      "wrapper run once on 1 GPU in that workdir with $1 passed (eval kept or the command written out), "
                      "the wrapper named (its launch is not visible), generate_pbs_nodefile and the rhel8 module named "
                      "(CSD3-only), the account/partition replaced."]),
    case(fam("unnamed-uni-shared-partition-constraint-gpu0-gres1-set-e-commented-modules-mkdir-log-dir-too-late-uv-run-hydra-experiment-no-final-newline", "slurm"),
         "nirschl-lab/sngp_core", "scripts/slurm/train.sh",
         "A university Slurm cluster (partition shared, constraint gpu0)", "unnamed-university",
         ["uv-run-program", "hydra-experiment-override", "log-dir-made-inside-job", "commented-modules", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/train.py", args=["experiment=mcdropout_wong"],
         keep_text=["uv run src/train.py experiment=mcdropout_wong"],
         setup=[S("set -e"), S("mkdir -p slurm_logs")],
         source_only=["#SBATCH --partition=shared", '#SBATCH --constraint="gpu0"'],
         refuse_words=["gpu0", "shared", "uv run", "slurm_logs"],
         assumptions=["Partition shared, --constraint=\"gpu0\", --gres=gpu:1, 8 CPUs, 32G, 24 h, 1 node, 1 task, logs to "
                      "slurm_logs/ (the job's own `mkdir -p slurm_logs` comes too late for them: the dir must exist at "
                      "submit): set -e, echoes, then `uv run src/train.py experiment=mcdropout_wong` (modules "
                      "commented). Right: 1 process on 1 GPU, `uv run` kept (uv must be on the target's PATH: a note), "
                      "the constraint and partition replaced, the log dir noted."]),
    case(fam("northwestern-quest-gengpu-p30041-gres-a100-1-array-0-2-index-arrays-data-model-abs-home-script-var-ulimit-module-gcc-conda-hook-env-path-python-hydra-overrides-trailing-comment", "slurm"),
         "stefanpate/rcgnn", "scripts/slurm/train.sh",
         "Northwestern Quest (account p30041, partition gengpu)", "northwestern-quest",
         ["job-array-index-maps", "bash-arrays-of-args", "program-in-variable", "hydra-overrides", "ulimit-core",
          "conda-env-by-path", "array-output-pattern", "trailing-comment-on-launch"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/home/spn1560/hiec/scripts/train.py",
         args=["data=${data[$SLURM_ARRAY_TASK_ID]}", "model=${model[$SLURM_ARRAY_TASK_ID]}", "data.split_idx=$split_idx"],
         keep_text=["#SBATCH --array=0-2", "python $script data=${data[$SLURM_ARRAY_TASK_ID]}"],
         setup=[S("ulimit -c 0"), S('eval "$(conda shell.bash hook)"'), S("conda activate /home/spn1560/.conda/envs/hiec2")],
         source_only=["#SBATCH -p gengpu", "#SBATCH --gres=gpu:a100:1", "module load gcc/9.2.0",
                      "#SBATCH --output=/home/spn1560/hiec/logs/out/%x_%A_%a.out"],
         accounts=["p30041"],
         refuse_words=["gengpu", "p30041", "/home/spn1560", "%A_%a", "array"],
         assumptions=["Quest: -A p30041, -p gengpu, --gres=gpu:a100:1, 1 node, 1 task, 48GB, 48 h, array 0-2, logs by "
                      "%x_%A_%a under /home/spn1560: script path in a variable, two bash arrays (data, model) indexed by "
                      "SLURM_ARRAY_TASK_ID, split_idx=0, ulimit -c 0, module purge + gcc/9.2.0, conda hook + env by "
                      "path, then `python $script data=${data[$SLURM_ARRAY_TASK_ID]} model=${model[...]} "
                      "data.split_idx=$split_idx # ...` (a trailing comment). Right: a 3-task array (PBS targets: -J "
                      "0-2 with PBS_ARRAY_INDEX), 1 process on 1 GPU each, the index maps kept, %A_%a mapped, the "
                      "/home paths named, the account/partition/A100 type replaced."]),
    case(fam("nyu-greene-gres1-tasks-per-node1-source-constants-from-submit-dir-singularityenv-exports-cert-file-singularity-exec-nv-overlay-ro-bash-lc-single-quoted-body-env-sh-wrapper", "slurm"),
         "mattia-scardecchia/WM-playground", "scripts/slurm/train.sh",
         "NYU Greene (Singularity with an ext3 overlay; settings in a sourced constants.sh)", "nyu-greene",
         ["singularity-overlay-ro", "sourced-constants-file", "singularityenv-exports", "bash-lc-single-quoted-body",
          "wrapper-program-run-train-sh", "container-env-sh", "submit-dir-paths", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/run_train.sh", args=[],
         keep_text=['source "${SLURM_SUBMIT_DIR}/scripts/slurm/constants.sh"', "singularity exec --nv",
                    '--overlay "$SINGULARITY_OVERLAY:ro"', "source /ext3/env.sh", 'bash "${EXEC_PATH}"'],
         setup=[S("WORK=/$DATA_PARTITION/$USER"), S("export SINGULARITYENV_TFDS_DATA_DIR=$WORK/tfds"),
                S("export SINGULARITYENV_XDG_CACHE_HOME=$WORK/.cache"),
                S("export SINGULARITYENV_HF_HOME=$WORK/.cache/huggingface"),
                S("export SINGULARITYENV_TORCH_HOME=$WORK/.cache/torch"),
                S('export SINGULARITYENV_EXEC_PATH="${SLURM_SUBMIT_DIR}/scripts/run_train.sh"')],
         source_only=["export SINGULARITYENV_SSL_CERT_FILE=/home/ms16518/ws/WM-playground/cacert.pem"],
         refuse_words=["constants.sh", "run_train.sh", "SINGULARITY_OVERLAY", "/ext3/env.sh", "singularity", "cacert.pem"],
         assumptions=["Greene-style: --gres=gpu:1, 1 node, 1 task, 8 CPUs, 8G, 47:59, logs/: `source "
                      "${SLURM_SUBMIT_DIR}/scripts/slurm/constants.sh` (a repo file, not shown: DATA_PARTITION, "
                      "SINGULARITY_OVERLAY, SINGULARITY_IMG), WORK=/$DATA_PARTITION/$USER, SINGULARITYENV_* exports "
                      "(data, caches, a cert file under /home/ms16518, EXEC_PATH), then `singularity exec --nv --bind "
                      "$WORK:$WORK --overlay \"$SINGULARITY_OVERLAY:ro\" \"$SINGULARITY_IMG\" bash -lc '...source "
                      "/ext3/env.sh; bash \"${EXEC_PATH}\"'` (run_train.sh: a repo wrapper, not shown). Right: one "
                      "container run on 1 GPU with the overlay, binds, SINGULARITYENV_ exports and the single-quoted "
                      "body kept (the target's apptainer/singularity named; a target without one: refuse or note), "
                      "constants.sh and run_train.sh named as unseen, the /home cert path named."]),
    case(fam("drac-gres-v100-1-array-0-14-pct8-five-positionals-literal-if-z-bug-module-httpproxy-slurm-tmpdir-tar-cp-rsync-virtualenv-no-download-pip-no-index-augment-map-seed-loop-hydra", "slurm"),
         "adamtupper/usaugment-experiments", "scripts/slurm/train.sh",
         "Digital Research Alliance of Canada (--gres=gpu:v100:1, $SLURM_TMPDIR, wheelhouse pip --no-index)", "drac",
         ["job-array-throttle", "array-index-map", "seed-loop", "positional-args-five", "node-local-tmpdir-staging",
          "venv-created-in-job", "pip-no-index-wheelhouse", "httpproxy-module", "user-lowercase-project-scratch-vars",
          "literal-test-bug"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="usaugment-experiments/src/usaugment/train.py",
         args=["output_dir=$scratch/$1/$2/$3/$augmentation/$seed", "data_dir=$SLURM_TMPDIR", "models_dir=$SLURM_TMPDIR",
               "task=$2", "model=$3", "augmentation=$augmentation", "seed=$seed", "batch_size=64", "epochs=200", "lr=$4",
               "weight_decay=$5"],
         keep_text=["#SBATCH --array 0-14%8", "augmentation=${augmentations[$SLURM_ARRAY_TASK_ID]}", "for seed in {1..10}; do"],
         setup=[S("export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK"), S("export TORCH_HOME=$SLURM_TMPDIR"),
                S("export HF_DATASETS_OFFLINE=1"), S("export HF_HUB_OFFLINE=1"), S("export HF_HOME=$SLURM_TMPDIR/huggingface/hub"),
                S("tar -xf $project/data/$1.tar.gz -C $SLURM_TMPDIR"), S("cp -r $project/models/* $SLURM_TMPDIR"),
                S("rsync -a $project/usaugment-experiments $SLURM_TMPDIR --exclude-from=$project/usaugment-experiments/.gitignore"),
                S("virtualenv --no-download $SLURM_TMPDIR/env"), S("source $SLURM_TMPDIR/env/bin/activate"),
                S("pip install --no-index --upgrade pip"),
                S("pip install --no-index -r $SLURM_TMPDIR/usaugment-experiments/requirements_cc.txt"),
                S("pip install --no-index -e $SLURM_TMPDIR/usaugment-experiments"), S("cd $SLURM_TMPDIR"),
                S("mkdir -p $scratch/$1/$2/$3/$augmentation/$seed")],
         source_only=["module load gcc arrow git-lfs python/3.11 cuda cudnn rust httpproxy opencv", "#SBATCH --gres=gpu:v100:1"],
         refuse_words=["$SLURM_TMPDIR", "--no-index", "httpproxy", "$project", "$scratch", "v100"],
         assumptions=["DRAC: --gres=gpu:v100:1, 10 CPUs, 32G, 1 node, array 0-14%8 (15 tasks, 8 at once), mail, no "
                      "account/time line (given at submit: `sbatch --job-name <name> ... <dataset> <task> <model> <lr> "
                      "<weight_decay>`): echoes, module purge + a DRAC module list (incl. httpproxy), env "
                      "(TORCH_HOME/HF_HOME on $SLURM_TMPDIR, HF offline), five positional checks (the first two test "
                      "the literal strings \"1\"/\"2\": never empty), data/models/code staged from $project (a user "
                      "variable) to $SLURM_TMPDIR, a venv made there with --no-download and pip --no-index (DRAC's "
                      "wheelhouse), cd, the augmentation picked by array index, then 10 seeds in a loop: mkdir "
                      "$scratch/..., `python usaugment-experiments/src/usaugment/train.py output_dir=... lr=$4 "
                      "weight_decay=$5`. Right: a 15-task array throttled to 8, 1 process on 1 GPU, 10 runs a task in "
                      "order, the staging kept with $SLURM_TMPDIR mapped to the target's node-local dir, the "
                      "--no-index installs named (no wheelhouse on the target), $project/$scratch named as user "
                      "variables, the positional args named, the DRAC modules replaced."]),
    case(fam("tuebingen-lab-v100-partition-gres4-one-process-placeholder-project-and-python-paths-sudo-mount-data-before-and-unmount-after-config-dollar1", "slurm"),
         "berenslab/disentangling-retinal-images", "scripts/slurm/train.sh",
         "A university lab Slurm cluster (partition v100; data mounted by a sudo script)", "unnamed-university",
         ["sudo-mount-steps", "placeholder-paths", "one-process-many-gpus", "python-in-variable", "config-dollar1",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="$PROJECT_DIR/src/train.py", args=["-c", "$1"],
         keep_text=["$python_path $PROJECT_DIR/src/train.py -c $1", "scontrol show job $SLURM_JOB_ID"],
         setup=[S("PROJECT_DIR=/absolute/path/to/code/"), S("python_path=/path/to/python/")],
         source_only=["#SBATCH --partition=v100", "sudo /opt/eyepacs/start_mount.sh", "sudo /opt/eyepacs/stop_mount.sh"],
         refuse_words=["sudo", "/opt/eyepacs", "/absolute/path/to/code/", "/path/to/python/", "$1"],
         assumptions=["Partition v100, 1 node, --gres=gpu:4, 16 CPUs, 100G, 3 days, logfiles/: scontrol show job, "
                      "PROJECT_DIR and python_path set to PLACEHOLDERS (/absolute/path/to/code/, /path/to/python/), "
                      "`sudo /opt/eyepacs/start_mount.sh` (mounts the EyePACS data on this cluster), then ONE `$python_path "
                      "$PROJECT_DIR/src/train.py -c $1` (one process seeing 4 GPUs), then the sudo unmount. Right: one "
                      "process with 4 GPUs on one node, $1 named, the placeholders named (to be filled), the sudo "
                      "mount/unmount named (no sudo on the target; the data must be staged instead), the 3 days cut "
                      "to the target's limit with a note."]),
    case(fam("berkeley-eecs-ntasks1-no-gpu-request-250h-exclude-nodes-host-stats-path-miniconda-free-port-python-socket-env-required-runname-pip-install-horovod-npm-horovodrun-np-numgpu-unset", "slurm"),
         "parasj/contracode", "scripts/slurm/pretrain_hybrid_horovod.sh",
         "UC Berkeley EECS / RISELab Slurm cluster (/home/eecs, /data, /work; excluded nodes atlas,blaze,r16)", "berkeley-eecs",
         ["no-gpu-request", "horovodrun-np-from-unset-env", "required-env-vars", "pip-install-in-job", "npm-install-in-job",
          "free-port-by-python", "host-stat-echoes", "exclude-nodes", "very-long-walltime"],
         launch_model="launcher", launcher="horovodrun", total_ranks="unknown", nodes=1, gpus_per_node=None,
         strategy="horovod", strategy_in_script=True,
         program="representjs/pretrain_horovod.py",
         args=["$RUNNAME", "--num_epochs=200", "--batch_size=$BATCHSIZE", "--lr=$LR", "--num_workers=16",
               "--subword_regularization_alpha", "$SW_REG_ALPHA", "--program_mode", "contrastive", "--loss_mode", "hybrid",
               "--save_every", "5000", '--train_filepath="$DATA_CACHE/codesearchnet_javascript/javascript_augmented.pickle"',
               '--spm_filepath="$DATA_CACHE/codesearchnet_javascript/csnjs_8k_9995p_unigram_url.model"',
               "--min_alternatives", "1", "--n_encoder_layers", "$N_ENCODER_LAYERS", "--d_model", "$D_MODEL", "--n_head",
               "$N_HEAD", "--max_length", "$MAX_LENGTH"],
         expect="refuse",
         keep_text=["horovodrun -np $NUMGPU", "HOROVOD_WITH_PYTORCH=1 pip install horovod[pytorch]",
                    '[ -z "$RUNNAME" ] && { echo "Need to set RUNNAME"; exit 1; }'],
         setup=[S("set -x"), S('export PATH="/data/paras/miniconda3/bin:$PATH"'), S('export DATA_CACHE="/data/paras/data_cache"'),
                S("export BATCHSIZE=${BATCHSIZE:-64}"), S('export LR=${LR:-"4e-4"}'), S("mkdir -p $DATA_CACHE"),
                S("cd /work/paras/code/contracode"), S("pip install torch"), S("pip install -e ."), S("npm install")],
         source_only=["#SBATCH --exclude=atlas,blaze,r16", "#SBATCH --output=/home/eecs/paras/slurm/coderep/%j_pretrain_hybrid.log",
                      "gpustat -cup"],
         refuse_words=["NUMGPU", "GPU", "RUNNAME", "horovodrun", "gres", "SW_REG_ALPHA"],
         assumptions=["Berkeley: 1 task, 400000 MB, 250 h, excluded nodes, output under /home/eecs, and NO GPU request "
                      "at all: set -x, host stats (gpustat, nvidia-smi, free, df, top), chmod, PATH to a /data "
                      "miniconda, DATA_CACHE, FREE_PORT from a python socket one-liner, BATCHSIZE/LR defaults, RUNNAME "
                      "required (exit 1), echoes, cd to /work/paras/code/contracode, pip install torch, pip install -e "
                      ".,  horovod built with HOROVOD_WITH_PYTORCH=1, npm install, then `horovodrun -np $NUMGPU python "
                      "representjs/pretrain_horovod.py $RUNNAME ...` where NUMGPU, SW_REG_ALPHA, N_ENCODER_LAYERS, "
                      "D_MODEL, N_HEAD and MAX_LENGTH come from the submit environment. Right: a refusal or ask naming "
                      "the missing GPU request and NUMGPU (the process count is not in the script), and the required "
                      "env vars; a port that invents a GPU count is wrong."]),
    case(fam("purdue-anvil-ai-partition-nairr-account-gres1-array-0-3-domains-four-positionals-defaults-read-a-arrays-env-hyperparams-modtree-gpu-private-modules-model-mode-loops-case-dispatch-uv-run-python-m-train-then-infer-if-ckpt", "slurm"),
         "ai4society/state-centric-gen-planning", "2_train_eval.slurm",
         "Purdue Anvil (partition ai, account nairr250014-ai, modtree/gpu)", "anvil",
         ["job-array-index-map", "positional-args-with-defaults", "read-a-into-array", "env-hyperparameter-defaults",
          "nested-loops-model-mode", "case-dispatch", "train-then-infer-if-checkpoint", "uv-run-python-m",
          "private-modulefiles", "log-dir-made-inside-job"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="code.modeling.train_lstm",
         args=["--domain", '"$DOMAIN"', "--data_dir", '"$DATA_DIR"', "--save_dir", '"$CHECKPOINT_DIR"', "--epochs",
               '"$EPOCHS"', "--batch_size", '"$BATCH_SIZE"', "--hidden_dim", '"$HIDDEN_DIM"', "--lr", '"$LR"', "--seed",
               '"$SEED"', "$DELTA_FLAG"],
         other_runs=[R("code.modeling.inference_lstm", ["--domain", '"$DOMAIN"', "--checkpoint", '"$BEST_PT"', "--encoding",
                                                        '"$ENCODING"', "--results_dir", '"$RESULTS_DIR"', "--tag", '"$MODE"']),
                     R("code.modeling.train_xgb", ["--domain", '"$DOMAIN"', "--n_estimators", '"$EPOCHS"', "--max_depth",
                                                   '"$MAX_DEPTH"']),
                     R("code.modeling.inference_xgb", ["--domain", '"$DOMAIN"', "--checkpoint_dir", '"$CHECKPOINT_DIR"',
                                                       "--results_dir", '"$RESULTS_DIR"'])],
         keep_text=["#SBATCH --array=0-3", "for MODEL in $TARGET_MODELS; do", 'for MODE in "${TARGET_MODES[@]}"; do',
                    "case $MODEL in", 'read -r -a TARGET_MODES <<< "$TARGET_MODES_STR"', 'if [ -f "$BEST_PT" ]; then',
                    "DOMAIN=${DOMAINS[$TASK_ID]}"],
         setup=[S('TARGET_MODELS=${1:-"lstm xgboost"}'), S('ENCODING=${2:-"graphs"}'), S("EPOCHS=${EPOCHS:-500}"),
                S('module use "$HOME/privatemodules"'), S('export PATH="$HOME/.local/bin:$HOME/.cargo/bin:$PATH"'),
                S("mkdir -p slurm-out"), S('mkdir -p "$CHECKPOINT_DIR"'), S('mkdir -p "$RESULTS_DIR"')],
         source_only=["#SBATCH --partition=ai", "module load modtree/gpu", "module load gcc/11.2.0"],
         accounts=["nairr250014-ai"],
         refuse_words=["modtree/gpu", "nairr250014-ai", "privatemodules", "uv", "$1", "array"],
         assumptions=["Anvil: -A nairr250014-ai, partition ai, --gres=gpu:1, 1 node, 1 task, 8 CPUs, 4 h, array 0-3 (one "
                      "domain a task), logs slurm-out/%x_%A_%a.* (the job's own mkdir -p slurm-out comes too late): four "
                      "positional args with defaults (models \"lstm xgboost\", encoding, modes \"state delta\", domains) "
                      "read into arrays, hyperparameters from the environment with defaults, modules modtree/gpu + gcc "
                      "and a private module dir, PATH with ~/.local/bin (uv), the domain picked by array index (exit 1 "
                      "if none), then for each model and mode a `case` dispatch: lstm = `uv run python -m "
                      "code.modeling.train_lstm ...` then inference_lstm if the best .pt exists; xgboost = train_xgb "
                      "then inference_xgb if its model exists. Right: a 4-task array (PBS: -J 0-3 with "
                      "PBS_ARRAY_INDEX), 1 process on 1 GPU per run, the loops/case/if-checkpoint kept in order, the "
                      "positional args and env hyperparameters named as submit-time inputs, the Anvil modules and "
                      "private modulefiles named, the account/partition replaced."]),
    case(fam("tacc-vista-gh-dev-atm-1x1-no-gpu-directive-set-eeuo-env-default-scratch-home1-paths-trap-exit-archive-conda-dir-activate-probes-stats-symlink-yaml-read-by-python-resume-check-accelerate-one-process-mixed-precision", "slurm"),
         "afahadabdullah/geos_subc", "ml_model/submit_resume_flowmultiv4_clean.sh",
         "TACC Vista (partition gh-dev: GH200, aarch64; account ATM25008; /scratch/11353, /home1)", "vista",
         ["trap-exit-archive", "env-default-paths", "yaml-value-by-python-one-liner", "resume-from-checkpoint-check",
          "symlink-stats-file", "accelerate-one-process", "mixed-precision-from-config", "aarch64-conda-env",
          "no-gpu-directive-whole-node", "set-eeuo"],
         launch_model="launcher", launcher="accelerate", total_ranks=1, nodes=1, gpus_per_node=1,
         program="ml_model/train_flow_multiv4.py", args=["--config", '"$CONFIG_PATH"', "--epochs-per-run", '"$EPOCHS_PER_RUN"'],
         keep_text=['accelerate launch --num_processes 1 --mixed_precision "$MIXED_PRECISION"', "trap archive_on_exit EXIT",
                    "bash scripts/archive_scratch_to_work.sh || true", 'ln -s "$HOME_STATS" "$STATS_PATH"'],
         setup=[S("set -Eeuo pipefail"), S('cd "$PROJECT_DIR" || exit 1'), S('mkdir -p "$OUTPUT_DIR"'),
                S('source "$CONDA_DIR/bin/activate" "$ENV_NAME"'), S('export LD_LIBRARY_PATH="$CONDA_PREFIX/lib:${LD_LIBRARY_PATH:-}"'),
                S("export PYTHONUNBUFFERED=1")],
         source_only=["#SBATCH -p gh-dev", 'PROJECT_DIR="${PROJECT_DIR:-/scratch/11353/afahad/geossub/geos_subc_clean}"',
                      'HOME_STATS="${HOME_STATS:-/home1/11353/afahad/geos_subc/ml_model/v1_multi_global_stats.pt}"'],
         accounts=["ATM25008"],
         refuse_words=["gh-dev", "aarch64", "/scratch/11353", "/home1/11353", "archive_scratch_to_work.sh", "ATM25008"],
         assumptions=["Vista: -p gh-dev (one GH200 a node, aarch64), 1 node, 1 task, 2 h, -A ATM25008, mail, one log for "
                      "-o/-e under ml_output_flowmulti_v4/ relative to the submit dir; no GPU directive (Vista gives "
                      "the node): set -Eeuo pipefail, PROJECT_DIR/CONDA_DIR/ENV/CONFIG/OUTPUT/EPOCHS_PER_RUN/HOME_STATS "
                      "from the environment with /scratch/11353 and /home1 defaults, cd (exit 1), a trap on EXIT that "
                      "runs scripts/archive_scratch_to_work.sh, the project's own miniconda activated (checked), probes, "
                      "a stats file symlinked from $HOME_STATS if missing, max epochs and mixed precision read from the "
                      "YAML by python one-liners, a resume check on latest_flow_ckpt.pt, then `accelerate launch "
                      "--num_processes 1 --mixed_precision \"$MIXED_PRECISION\" ml_model/train_flow_multiv4.py --config "
                      "... --epochs-per-run ...`. Right: 1 process on 1 GPU through accelerate, the trap, checks and "
                      "symlink kept in order, the aarch64 conda env under the project named (rebuild on an x86 target), "
                      "the /scratch and /home1 defaults named, the dev partition/account replaced."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
