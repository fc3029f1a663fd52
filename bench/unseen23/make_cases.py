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

from make_common import R, S, case, fam, write_cases

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
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
