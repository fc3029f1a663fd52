"""Write bench/unseen24/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen22 (bench/unseen6/make_common.py).
Usage: python bench/unseen24/make_cases.py /work/cache/unseen24 bench/unseen24/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import S, T, case, fam, write_cases

CASES = [
    case(fam("uchicago-midway3-gpu-nodelist-rcc-account-mem-per-gpu-anaconda-module-source-activate-python3-no-args", "slurm"),
         "himanshisyadav/TransPolymer", "run.sbatch",
         "University of Chicago RCC Midway3 (partition gpu, node midway3-0294, account rcc-staff)", "uchicago-midway3",
         ["comment-before-directives", "nodelist-pin", "mem-per-gpu", "site-anaconda-module", "source-activate-env",
          "program-no-args"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="Downstream.py", args=[],
         keep_text=["python3 Downstream.py"],
         setup=[S("source activate TransPolymer")],
         source_only=["--partition=gpu", "--nodelist=midway3-0294", "--mem-per-gpu=32000",
                      "module load python/anaconda-2022.05"],
         accounts=["rcc-staff"],
         refuse_words=["midway3-0294", "rcc-staff", "TransPolymer", "anaconda-2022.05"],
         assumptions=["Midway3: a comment line before the directives, 6 h, partition gpu, --gres=gpu:1 pinned to node "
                      "midway3-0294, account rcc-staff, 1 node x 1 task x 8 CPUs, 32000 MB per GPU, mail, logs under "
                      "./sbatch_files: the site anaconda module, `source activate TransPolymer`, then `python3 "
                      "Downstream.py` (no arguments). Right: 1 process on 1 GPU, `source activate TransPolymer` kept "
                      "or named (a conda env that must exist on the target), the node pin, the account and the site "
                      "module replaced with notes."]),
    case(fam("gpu-c-gpu80-set-euo-heredoc-usage-named-args-command-from-list-line-sed-usr1-timer-self-resubmit-bash-lc-background-wait", "slurm"),
         "SRP-raju/mpp-wip", "finetune.sbatch",
         "A university cluster (partition gpu, constraint gpu80, /users/<user>/projects)", "unnamed-university",
         ["command-from-list-file-line", "named-args-loop", "heredoc-usage", "usr1-timer-subshell", "self-resubmit-dependency",
          "background-launch-wait", "bash-lc-command-string", "set-euo"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="bash", args=["-lc", '"${CMD}"'], expect="refuse",
         keep_text=['CMD="$(sed -n "${LINE_NO}p" "${LIST_FILE}"', "trap handle_usr1 USR1",
                    'sbatch --dependency=afterany:${SLURM_JOB_ID} "$0"', 'bash -lc "${CMD}" &', 'wait "${TRAIN_PID}"'],
         setup=[S("set -euo pipefail"), S("mkdir -p logs"), S("cd /users/spandit/projects/artimis/mpp/mpp-spandit-npz-clx")],
         source_only=["#SBATCH -p gpu", "#SBATCH -C gpu80"],
         refuse_words=["--list", "--line", "list file", "CMD", "sed", "resubmit", "WALL_SEC"],
         assumptions=["1 GPU (-p gpu, -C gpu80), 16 h: set -euo pipefail, cd to an absolute /users path, a heredoc usage "
                      "text, named arguments --list/--line/--warn-min parsed in a loop and checked, the training command "
                      "read at run time from line N of a list file (sed), a subshell timer that sends USR1 "
                      "WARN_MIN minutes before the 16 h walltime (WALL_SEC hard-coded to match --time), a USR1 handler "
                      "that TERMs the training, waits up to 25 min and resubmits the script with "
                      "--dependency=afterany, then `bash -lc \"${CMD}\" &` and `wait`. The program is not in the script "
                      "(it is a line of a list file given at sbatch time). Right: a refusal or ask naming the list-file "
                      "command (and that WALL_SEC must follow the target's walltime and the resubmission uses sbatch); "
                      "a port that keeps the whole machinery verbatim on 1 GPU with those named is also acceptable."]),
    case(fam("scinet-mist-compute-full-node-1x4-ntasks4-module-ignore-cache-placeholders-stdbuf-srun-python-lightning-num-gpus", "slurm"),
         "Adibvafa/CodonTransformer", "slurm/finetune.sh",
         "SciNet Mist, University of Toronto (partition compute_full_node: a whole 4-V100 node; assumed from the partition name and `module --ignore_cache`)", "scinet-mist",
         ["srun-per-rank-lightning", "num-gpus-topology-arg", "placeholder-paths", "stdbuf-prefix", "module-ignore-cache",
          "source-activate-env"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=1, gpus_per_node=4, framework="lightning",
         strategy="ddp", strategy_in_script=False,
         program="finetune.py",
         args=["--dataset_dir", "your_dataset_directory", "--checkpoint_dir", "your_checkpoint_directory",
               "--checkpoint_filename", "finetune.ckpt", "--batch_size", "6", "--max_epochs", "15", "--num_workers", "5",
               "--accumulate_grad_batches", "1", "--num_gpus", "4", "--learning_rate", "0.00005", "--warmup_fraction", "0.1",
               "--save_every_n_steps", "512", "--seed", "123"],
         topology_args=[T("--num_gpus", "4", "gpus_per_node")],
         keep_text=["stdbuf -oL -eL srun python finetune.py"],
         setup=[S("source activate your_environment"), S("cd your_working_directory"),
                S("export CUBLAS_WORKSPACE_CONFIG=:4096:2"), S("export NCCL_DEBUG=INFO"), S("export PYTHONFAULTHANDLER=1")],
         source_only=["--partition=compute_full_node", "module --ignore_cache load cuda/11.4.4",
                      "module --ignore_cache load anaconda3"],
         refuse_words=["your_working_directory", "your_environment", "your_dataset_directory", "compute_full_node", "--num_gpus"],
         assumptions=["1 node, 4 tasks a node, 4 GPUs a node, 6 CPUs a task, 15 h, partition compute_full_node, outputs to "
                      "placeholder directories: cuda and anaconda3 modules (`module --ignore_cache`), `source activate "
                      "your_environment`, `cd your_working_directory`, three exports, then `stdbuf -oL -eL srun python "
                      "finetune.py ... --num_gpus 4 ...` (Lightning: one srun task per GPU). Right: 4 ranks on one node "
                      "with 4 GPUs (where the target node has another count, ranks and --num_gpus changed together, "
                      "said), stdbuf kept, the placeholders (your_environment, your_working_directory, "
                      "your_dataset_directory) named as left for the user, the Mist modules replaced."]),
    case(fam("uchicago-dsi-general-clab-veitch-constraint-or-set-e-dataset-dollar1-shift-option-loop-cmd-string-eval", "slurm"),
         "toddnief/subliminal-learning", "slurm/finetune.sh",
         "University of Chicago (a departmental cluster: partitions general, clab, veitch; constraint a100|h100|h200)", "uchicago-dsi",
         ["positional-dollar1-required", "option-loop-next-is", "command-string-built-then-eval", "constraint-or",
          "multi-partition", "set-e", "abs-home-cd", "relative-venv", "nvidia-smi-query"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/finetune.py", args=["--dataset", "$DATASET"],
         keep_text=["eval $CMD", 'DATASET="$1"', 'CMD="$CMD --model $MODEL"'],
         setup=[S("set -e"), S("cd /home/tnief/1-Projects/subliminal-learning"), S("mkdir -p logs"),
                S("source .venv/bin/activate"),
                S("export PYTHONPATH=/home/tnief/1-Projects/subliminal-learning:$PYTHONPATH")],
         source_only=["--partition=general,clab,veitch", '--constraint="a100|h100|h200"'],
         refuse_words=["$1", "dataset", "eval", "/home/tnief", "clab", "veitch"],
         assumptions=["1 GPU (--gres=gpu:1, constraint a100|h100|h200), 8 CPUs, 64G, 8 h, partitions general,clab,veitch: "
                      "set -e, the dataset path from $1 (required, then shift), the other options (--model, --animal, "
                      "--job, --rank, prompts, targets) parsed by a NEXT_IS loop, cd to an absolute /home path, a "
                      "relative .venv, PYTHONPATH, echoes, nvidia-smi, then a command string `python "
                      "scripts/finetune.py --dataset \"$DATASET\" ...` built from the options and run by `eval $CMD`. "
                      "Right: 1 process on 1 GPU with the option loop, the string building and `eval $CMD` kept "
                      "verbatim ($1 and the options stay sbatch arguments), the /home path and the partitions/constraint "
                      "named; a port that rewrites the eval'd string is wrong."]),
    case(fam("ncsa-deltaai-ghx4-gpus-per-node4-account-placeholder-cp-tar-tmp-bashrc-conda-prefix-cp-ckpts-accelerate-launch-multi-gpu-no-nproc-no-final-newline", "slurm"),
         "hxu129/RandAR", "slurm_scripts/randar_0.3b_llamagen_360k.sh",
         "NCSA DeltaAI (partition ghx4: 4 GH200 a node, aarch64; /work/nvme, /work/hdd, /projects)", "deltaai",
         ["accelerate-multi-gpu-implicit-nproc", "stage-data-to-tmp", "stage-checkpoints-to-tmp", "bashrc-conda-prefix",
          "account-placeholder", "no-final-newline"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, nodes=1, gpus_per_node=4,
         strategy="ddp", strategy_in_script=True,
         program="train_c2i.py",
         args=["--exp-name", "randar_0.3b_llamagen_360k", "--config", "configs/randar/randar_l_0.3b_llamagen.yaml",
               "--data-path", "/tmp/imagenet-llamagen-adm-256_codes", "--vq-ckpt", "/tmp/vq_ds16_c2i.pt", "--no-compile",
               "--results-dir", "/tmp", "--disk-location", "/work/hdd/bcnt/ziqip2/ARGen/training_ckpts"],
         keep_text=["accelerate launch --mixed_precision=bf16 --multi_gpu"],
         setup=[S("cp /work/nvme/bbsg/ziqip2/Datasets/imagenet/imagenet-llamagen-adm-256_codes.tar /tmp"), S("cd /tmp"),
                S("tar -xf imagenet-llamagen-adm-256_codes.tar"), S("source ~/.bashrc"),
                S("conda activate /u/ziqip2/conda_envs/randar"), S("cd /projects/RandAR"),
                S("cp ../vq_ds16_c2i.pt /tmp"), S("mkdir /tmp/randar_0.3b_llamagen_360k_bs_1024_lr_0.0004/"),
                S("cp -r /work/hdd/bcnt/ziqip2/ARGen/training_ckpts/randar_0.3b_llamagen_360k_bs_1024_lr_0.0004/* /tmp/randar_0.3b_llamagen_360k_bs_1024_lr_0.0004/checkpoints/")],
         source_only=["--partition=ghx4", "--account=ACCOUNT", "--mail-user=EMAIL"],
         accounts=["ACCOUNT"],
         refuse_words=["/work/nvme", "/work/hdd", "/projects/RandAR", "ACCOUNT", "ghx4", "num_processes", "aarch64"],
         assumptions=["DeltaAI: 1 node, 1 task, 32 CPUs, 128g, 48 h, partition ghx4, --gpus-per-node=4, account and mail "
                      "are placeholders (ACCOUNT, EMAIL): copy and untar the latent codes to node-local /tmp, "
                      "~/.bashrc + a conda env by prefix under /u, cd /projects/RandAR, copy the tokenizer and the "
                      "last checkpoints from /work/hdd to /tmp, then `accelerate launch --mixed_precision=bf16 "
                      "--multi_gpu train_c2i.py ...` (no --num_processes: accelerate uses every visible GPU, 4; no "
                      "final newline). Right: 4 processes on one node (or the target's GPUs a node with a batch-size "
                      "note), the /tmp staging and copies kept in order, the Delta file systems (/work/nvme, /work/hdd, "
                      "/projects, /u) named, the ACCOUNT placeholder named, the aarch64 conda env named for an x86 "
                      "target."]),
    case(fam("fau-lme-gres1-signal-b-usr1-set-e-env-defaults-positionals-rsync-git-stash-sourced-setup-env-copy-scratch-traps-exit-resubmit-background-python-wait", "slurm"),
         "Rikorose/DeepFilterNet", "scripts/sbatch_train.sh",
         "A university lab cluster (node names lme*, /net/cluster and /cluster/<user>; FAU Erlangen LME assumed from the node names)", "fau-lme",
         ["positional-args-base-dir-project-branch", "env-default-overrides", "rsync-git-checkout-copy", "sourced-setup-function",
          "copy-data-to-local-scratch", "trap-exit-resubmit", "signal-usr1-forward", "background-python-wait",
          "pythonpath-prefix", "set-e"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--host-batchsize-config", "$CLUSTER/host_batchsize.ini", '"$DATA_CFG"', '"$DATA_DIR"', '"$BASE_DIR"', '"$DEBUG"'],
         keep_text=['PYTHONPATH="$PROJECT_HOME/DeepFilterNet/" python train.py', "trainprocess=$!", "wait $trainprocess",
                    "trap _at_exit EXIT", "trap _usr1 SIGUSR1", 'setup_env "$CLUSTER" "$PROJECT_HOME" "$MODEL_NAME"'],
         setup=[S("set -e"), S("export CLUSTER=/net/cluster/$USER"), S('cd "$CLUSTER"'),
                S('. "$PROJECT_HOME"/scripts/setup_env.sh --source-only'), S('cd "$PROJECT_HOME"/DeepFilterNet/df/')],
         source_only=["#SBATCH -o /cluster/%u/logs/%j.out", "--signal=B:USR1@25200", "EXCLUDE=${EXCLUDE:-lme[49,170,171]}"],
         refuse_words=["$1", "base directory", "/net/cluster", "sbatch --exclude", "resubmit", "setup_env.sh", "lme"],
         assumptions=["1 task, 1 CPU, 8000 MB, --gres=gpu:1, 24 h, logs under /cluster/%u, USR1 to the batch shell 7 h "
                      "before the end: set -e, cache/user-base exports under /cluster/$USER, env-default settings "
                      "(BRANCH, DATA_DIR, COPY_DATA, DEBUG, EXCLUDE=lme nodes), $1 = model base dir (required), $2 = "
                      "project home, $3 = branch; the repo rsync'ed to a per-model copy and the branch checked out (git "
                      "stash), `. setup_env.sh --source-only; setup_env ...` (conda env made on demand), data copied to "
                      "/scratch with a helper, traps: EXIT checks a continue file and resubmits itself with `sbatch "
                      "--exclude=$EXCLUDE`, USR1 is forwarded to the training; then `PYTHONPATH=... python train.py "
                      "... &` and `wait`. Right: 1 process on 1 GPU with the traps, the background launch and wait, "
                      "the sourced setup and the resubmission kept (the --signal directive carried to the target's "
                      "form or noted), $1..$3 named as sbatch arguments, /net/cluster and the lme node names named."]),
    case(fam("unimore-aimagelab-all-usr-prod-constraint-or-array-0-10-pct1-cd-or-exit-srun-abs-homes-whoami-conda-python-resume", "slurm"),
         "aimagelab/Teddy", "sbatch/train_1dis.sh",
         "UNIMORE AImageLab cluster (partition all_usr_prod, account fomo_aiisdh, /work and /homes)", "unimore-aimagelab",
         ["array-as-resume-chain", "constraint-or", "cd-or-exit", "abs-conda-python-whoami", "srun-single-task", "resume-flag"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--root_path", "/work/FoMo_AIISDH/vpippi/Teddy/files/datasets/", "--wandb", "--tag", "eccv_single_img_dis",
               "--resume", "--run_id", "1dis", "--single_img_dis"],
         keep_text=["srun /homes/$(whoami)/.conda/envs/teddy/bin/python train.py"],
         setup=[S("cd /work/FoMo_AIISDH/vpippi/Teddy || exit")],
         source_only=["--partition=all_usr_prod", '--constraint="gpu_RTX6000_24G|gpu_RTXA5000_24G"',
                      "#SBATCH -e /work/FoMo_AIISDH/vpippi/Teddy/jobs/teddy_%j.err"],
         accounts=["fomo_aiisdh"],
         refuse_words=["array", "/work/FoMo_AIISDH", "/homes/", "all_usr_prod", "fomo_aiisdh"],
         assumptions=["1 GPU (--gres=gpu:1, constraint RTX6000 or RTXA5000 24G), 32G, 1 day, account fomo_aiisdh, logs under "
                      "/work/FoMo_AIISDH/..., --array=0-10%1 (11 one-at-a-time tasks: a resume chain, the index is not "
                      "read): cd to the project or exit, then `srun /homes/$(whoami)/.conda/envs/teddy/bin/python "
                      "train.py ... --resume --run_id 1dis ...`. Right: 1 process on 1 GPU with the absolute conda "
                      "python kept or named, the array kept as an 11-task one-at-a-time array on the target (or said), "
                      "/work/FoMo_AIISDH and /homes named, the account and constraint replaced."]),
    case(fam("rwth-claix-c23g-thes-account-gres1-easybuild-modules-cd-home-venv-accelerate-config-default-if-missing-abs-venv-accelerate-launch-config-yaml", "slurm"),
         "helbingvital/voxtral_finetune", "slurm_scripts/train.sh",
         "RWTH Aachen CLAIX-2023 (partition c23g, account thes2173, EasyBuild modules)", "rwth-claix",
         ["accelerate-config-default-if-missing", "accelerate-from-venv-variable", "easybuild-modules", "cd-home",
          "relative-venv", "scontrol-show-job", "gcc-diagnostics"],
         launch_model="launcher", launcher="accelerate", total_ranks=1, gpus_per_node=1,
         program="./src/voxtral_finetune/main.py",
         args=["/home/ve001107/voxtral_finetune/voxtral_finetune/config/voxtral-3B-mini-uka_data_0122.yaml"],
         launcher_config=["~/.cache/huggingface/accelerate/default_config.yaml"],
         keep_text=['"$ACCELERATE_EXEC" launch ./src/voxtral_finetune/main.py', '"$ACCELERATE_EXEC" config default'],
         setup=[S("mkdir -p slurm_out"), S("cd ~/voxtral_finetune/voxtral_finetune"), S('VENV_DIR="$PWD/.venv"'),
                S("source .venv/bin/activate")],
         source_only=["-A thes2173", "--partition c23g", "module load FFmpeg", "module load CUDA/12.6.3",
                      "module load Python/3.12.3"],
         accounts=["thes2173"],
         refuse_words=["thes2173", "c23g", "FFmpeg", "default_config.yaml", "~/voxtral_finetune", "/home/ve001107"],
         assumptions=["CLAIX: 1 node, 1 task, 24 CPUs, --gres=gpu:1, 12 h, -A thes2173, partition c23g: echoes of the "
                      "allocation, EasyBuild modules (FFmpeg, GCCcore, CUDA, cuDNN, GCC, Python), cd to the home "
                      "checkout, a relative .venv (PYTHON/ACCELERATE_EXEC from it), gcc diagnostics, `accelerate config "
                      "default` (bf16, 1 process, NO distribution) only if the default config file is missing, then "
                      "`\"$ACCELERATE_EXEC\" launch ./src/voxtral_finetune/main.py /home/ve001107/.../config/....yaml`. "
                      "Right: 1 process on 1 GPU, the config-if-missing step and the venv accelerate kept, FFmpeg named "
                      "as a module the target must provide, the /home/ve001107 config path named, account/partition "
                      "replaced."]),
    case(fam("tacc-vista-gh-account-no-gpu-request-bashrc-conda-init-cd-home-make-train-gpu-args-hydra-overrides-backslash-in-quotes", "slurm"),
         "kulinshah98/diffuSID", "slurm_scripts/train.sh",
         "TACC Vista (partition gh: 1 GH200 a node, aarch64; account CGAI24022; /scratch/01318)", "vista",
         ["make-target-launch", "no-gpu-request-whole-node", "bashrc-conda-init", "hydra-overrides-in-make-args",
          "backslash-newline-inside-quotes", "commented-alternatives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="make", args=["train-gpu"],
         keep_text=['make train-gpu ARGS="experiment=dd_train_correct_dense_retrieval_low_rank'],
         setup=[S("source ~/.bashrc"), S("conda init"), S("conda activate goatee"), S("cd ~/diffuSID/mycode")],
         source_only=["--partition gh", "--account CGAI24022"],
         accounts=["CGAI24022"],
         refuse_words=["make", "Makefile", "train-gpu", "/scratch/01318", "CGAI24022", "gh"],
         assumptions=["Vista: 1 node, 1 task a node, 22 h, partition gh, account CGAI24022, no GPU request (a gh node "
                      "has one GH200 and is given whole): nvidia-smi, hostname, ~/.bashrc, conda init, conda activate "
                      "goatee, cd ~/diffuSID/mycode, then `make train-gpu ARGS=\"experiment=... ckpt_path=/scratch/01318/"
                      "kulin/.../....ckpt exp_id=...\"` (the Makefile target that runs the Hydra training is not shown; "
                      "the quoted ARGS spans lines with backslash-newline). Right: one process on 1 GPU with the make "
                      "line verbatim and the unseen Makefile target named (a GPU request added for the target), the "
                      "/scratch/01318 checkpoint path named, the aarch64 conda env named; a refusal naming the make "
                      "target is also right."]),
    case(fam("unnamed-cluster-gres4-one-node-no-tasks-python3-version-df-wandb-agent-sweep-set-me-placeholder", "slurm"),
         "loris3/ceelm", "finetune.sbatch",
         "An unnamed university cluster (no partition or account in the script)", "unnamed-university",
         ["wandb-agent-sweep", "placeholder-sweep-id", "one-process-four-gpus", "python-m-module", "quoted-job-name-brackets"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4, module=True,
         program="wandb", args=["agent", "SET_ME"],
         keep_text=["python3 -m  wandb agent SET_ME"],
         setup=[S("export TOKENIZERS_PARALLELISM=true")],
         source_only=[],
         refuse_words=["SET_ME", "sweep", "wandb agent", "sweep.yaml"],
         assumptions=["1 node, --gres=gpu:4, 32 CPUs, 128G, 1 day 16 h, no tasks, partition or account, job name "
                      "\"[CEELM] Finetuning Sweep\": python3 --version, df -h, TOKENIZERS_PARALLELISM, then `python3 -m  "
                      "wandb agent SET_ME` (the sweep id is a placeholder to be set after `wandb sweep sweep.yaml`; the "
                      "agent runs the fine-tuning runs of the sweep in this one process, which sees the 4 GPUs). Right: "
                      "one process with 4 GPUs on one node, the agent line kept, SET_ME named as a placeholder the user "
                      "must fill; a refusal/ask naming SET_ME is also right."]),
    case(fam("heidelberg-dieterich-gpu-ampere-nodelist-dotenv-set-a-submit-dir-venv-default-python-u-lora-push", "slurm"),
         "dieterich-lab/LLM-PPI-Extraction", "slurm/finetune_llama31.sh",
         "Dieterich lab cluster, Heidelberg University Hospital (partition gpu, node gpu-g4-1, --gres=gpu:ampere:1)", "dieterich-lab",
         ["dotenv-set-a-from-submit-dir", "venv-from-env-default", "gres-type-ampere", "nodelist-pin", "comment-before-directives",
          "hf-token-from-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="finetune.py", args=["--model", "llama31", "--noconfidence", "--train", "--save", "--push"],
         keep_text=["python -u finetune.py"],
         setup=[S('set -a; source "${SLURM_SUBMIT_DIR:-.}/.env"; set +a'),
                S('VENV="${LINDA_LLM_PYTHON_VENV:-${HOME}/.venvs/finetune}"'), S('. "$VENV/bin/activate"')],
         source_only=["--gres=gpu:ampere:1", "--partition=gpu", "--nodelist=gpu-g4-1"],
         refuse_words=[".env", "LINDA_LLM_PYTHON_VENV", "gpu-g4-1", "HF_ACCESS_TOKEN", "ampere"],
         assumptions=["Comment block first (it says: one Ampere GPU on gpu-g4-1, ~8 GB, .env with LINDA_LLM_PYTHON_VENV and "
                      "HF_ACCESS_TOKEN), then --gres=gpu:ampere:1, partition gpu pinned to gpu-g4-1, 100G, log to "
                      "../outputs/slurm: the submit dir's .env sourced with set -a (if present), a venv from "
                      "LINDA_LLM_PYTHON_VENV or ~/.venvs/finetune, then `python -u finetune.py --model llama31 "
                      "--noconfidence --train --save --push` (LoRA; pushes to the Hub). Right: 1 process on 1 GPU, the "
                      ".env step and the venv default kept, the node pin and the ampere GPU type replaced with notes, "
                      "the HF token from .env named."]),
    case(fam("imperial-cx3-pbs-select-ngpus1-rds-abs-logs-hf-home-tmpdir-jobid-conda-hook-miniforge-mkdir-cd-python-redirect-log-utf8-comments", "pbs"),
         "sodabreak/MHA2HLA", "train/HPC_pbs/HLA.pbs",
         "Imperial College London CX3 (PBS Pro, select=1:ncpus=1:mem=64gb:ngpus=1, /rds/general)", "imperial-cx3",
         ["pbs-select-ngpus", "pbs-jobid-in-directive-paths", "hf-home-tmpdir", "conda-hook-miniforge", "abs-rds-paths",
          "python-redirect-to-log", "utf8-emoji-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="fine_tuning.py", args=["--model_dir", '"$MODEL_DIR"', "--epochs", "50", "--batch_size", "4"],
         keep_text=['> "$LOG_PATH/result_${PBS_JOBID}.txt" 2>&1'],
         setup=[S("export HF_HOME=$TMPDIR/hf_cache_${PBS_JOBID}"), S('eval "$(~/miniforge3/bin/conda shell.bash hook)"'),
                S("conda config --set auto_activate_base false"), S("conda activate MHA2HLA"),
                S('RDS_PROJECTS="/rds/general/user/zz4321/home"'), S('mkdir -p "$MODEL_DIR"'), S('cd "$MODEL_PATH"')],
         source_only=["#PBS -l select=1:ncpus=1:mem=64gb:ngpus=1",
                      "#PBS -o /rds/general/user/zz4321/home/MHA2HLA/log/${PBS_JOBID}.out"],
         refuse_words=["/rds/general", "PBS_JOBID", "TMPDIR", "miniforge3"],
         assumptions=["PBS Pro: select=1:ncpus=1:mem=64gb:ngpus=1, 48 h, -o/-e under /rds/general/... with ${PBS_JOBID}, "
                      "-j oe, mail: HF_HOME under $TMPDIR per job, the conda hook from ~/miniforge3, conda config, "
                      "conda activate MHA2HLA, absolute /rds paths, mkdir, cd, then `python fine_tuning.py --model_dir "
                      "\"$MODEL_DIR\" --epochs 50 --batch_size 4 > \"$LOG_PATH/result_${PBS_JOBID}.txt\" 2>&1` and an "
                      "echo appended to the log (UTF-8 emoji and Chinese comments). Right: 1 process on 1 GPU with the "
                      "redirect kept, PBS_JOBID mapped to the target's job id variable (also in HF_HOME and the log "
                      "name), $TMPDIR mapped or named, /rds/general named."]),
    case(fam("tacc-frontera-rtx-n1-bcs-account-set-e-cd-up-sourced-start-venv-work-paths-python3-m-tensorflow-gns", "slurm"),
         "kks32/learning_to_simulate", "slurm_scripts/train.sh",
         "TACC Frontera (partition rtx: 4 Quadro RTX 5000 a node, given whole; account BCS20003)", "tacc-frontera",
         ["no-gpu-request-whole-node", "cd-up-relative", "sourced-venv-script", "work-variable-paths", "python-m-module",
          "tensorflow"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="tensorflow", module=True,
         program="learning_to_simulate.train",
         args=["--data_path=${DATA_PATH}", "--model_path=${MODEL_PATH}", '--num_steps="1000000"'],
         keep_text=["python3 -m learning_to_simulate.train"],
         setup=[S("set -e"), S("cd .."), S("source start_venv.sh"), S('data="Sand"'),
                S('DATA_PATH="${WORK}/gns_tensorflow/${data}/dataset"'), S('MODEL_PATH="${WORK}/gns_tensorflow/${data}/models"')],
         source_only=["-p rtx", "-A BCS20003"],
         accounts=["BCS20003"],
         refuse_words=["${WORK}", "start_venv.sh", "rtx", "BCS20003", "GPU"],
         assumptions=["Frontera: 1 node, 1 task, 48 h, partition rtx (no GPU request: the whole 4-GPU node), account "
                      "BCS20003, mail: set -e, cd .. (from slurm_scripts), `source start_venv.sh` (a repo script, not "
                      "shown), cd .., data=Sand, paths under ${WORK}, then `python3 -m learning_to_simulate.train "
                      "--data_path=... --model_path=... --num_steps=\"1000000\"` (TensorFlow GNS, one process). Right: "
                      "1 process with a GPU request added for the target (1 GPU; the whole-node grant of the source "
                      "said), the two `cd ..` and the sourced venv script kept in order, ${WORK} mapped or named (a "
                      "TACC variable), account/partition replaced."]),
    case(fam("adelaide-phoenix-a100-ntasks2-gres2-chdir-gpfs-emoji-job-name-easybuild-cuda-conda-info-accelerate-launch-multi-gpu-nproc2-port", "slurm"),
         "iClaude1998/CA-seg", "slurm_scripts/distribute_train.sh",
         "University of Adelaide Phoenix (partition a100, /gpfs/users, EasyBuild modules)", "adelaide-phoenix",
         ["accelerate-explicit-counts", "chdir-directive", "emoji-job-name", "no-env-activation", "accelerate-port-env",
          "commented-alternative-launch"],
         launch_model="launcher", launcher="accelerate", total_ranks=2, nodes=1, gpus_per_node=2,
         strategy="ddp", strategy_in_script=True,
         program="main.py",
         args=["--task", "train", "--exp_name", "${exp_name}", "--config", "${config}", "--num_workers", "8", "--learn_obj",
               "dice", "--distribution_training"],
         keep_text=["accelerate launch --multi-gpu", "--main_process_port=$ACCELERATE_PORT", "--num_processes=2",
                    "--num_machines=1", "--mixed-precision=no", "--dynamo_backend=no"],
         setup=[S("export ACCELERATE_PORT=29501"), S("exp_name=camus_4ch_v0_aug"), S("config=configs/dice/camus_4ch_v0_aug.yaml")],
         source_only=["-p a100", "module load CUDA/11.8.0", "module load cuDNN/8.6.0.163-CUDA-11.8.0"],
         workdir="/gpfs/users/a1233646/myprojects/clipflow2",
         refuse_words=["--num_processes", "/gpfs/users/a1233646", "conda", "a100", "chdir"],
         assumptions=["Phoenix: 1 node, 2 tasks, 8 CPUs, 32G, 18 h, --gres=gpu:2, partition a100, --chdir "
                      "/gpfs/users/a1233646/myprojects/clipflow2, job name with an emoji: CUDA/cuDNN EasyBuild modules, "
                      "`conda info --envs` and `nvcc -V` (no env is activated: accelerate comes from the login PATH), "
                      "ACCELERATE_PORT=29501, then `accelerate launch --multi-gpu --main_process_port=$ACCELERATE_PORT "
                      "--num_processes=2 --num_machines=1 --mixed-precision=no --dynamo_backend=no main.py --task train "
                      "...`. Right: 2 processes on one node with 2 GPUs (--num_processes kept equal to the GPUs "
                      "requested), the --chdir kept as the working directory (a /gpfs path to name), the missing env "
                      "activation named, the modules replaced."]),
    case(fam("redacted-cluster-gres4-ellipsis-placeholders-dated-workdir-exec-redirect-modules-home-venv-script-args-env-accelerate-launch-nproc-var-deactivate", "slurm"),
         "statsle/OPODM-CFE", "slurm_scripts/train.sh",
         "A redacted cluster (job name, account, HF_HOME, wandb settings and the program path are '...' placeholders)", "redacted",
         ["ellipsis-placeholders", "program-path-placeholder", "dated-workdir-exec-redirect", "script-and-args-in-env",
          "accelerate-nproc-from-variable", "home-venv", "deactivate-after"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, nodes=1, gpus_per_node=4,
         program="$SCRIPT", args=["$SCRIPT_ARGS"],
         keep_text=["accelerate launch --num_processes $GPUS_PER_NODE $SCRIPT $SCRIPT_ARGS",
                    'exec >"$WORKDIR/stdout.log" 2>"$WORKDIR/stderr.log"'],
         setup=[S('day="$(date +"%d-%m-%Y")"'), S("WORKDIR=sd_runs/$day-$SLURM_JOB_ID"), S('mkdir -p "$WORKDIR"'),
                S("source $HOME/venv/bin/activate"), S("export GPUS_PER_NODE=4"), S('export SCRIPT=".../main.py"'),
                S("deactivate")],
         source_only=["module load cuda/12.2", "module load python/3.11.5"],
         refuse_words=["...", ".../main.py", "placeholder", "HF_HOME", "WANDB_API_KEY", "account"],
         assumptions=["1 node, 1 task, 4 CPUs, 25G, 4 days, --gres=gpu:4, job name and account '...': a dated workdir "
                      "sd_runs/<date>-<jobid>, stdout/stderr of the rest of the job redirected into it (exec), cuda and "
                      "python modules, a $HOME venv, HF_HOME/WANDB_MODE/WANDB_API_KEY set to '...', GPUS_PER_NODE=4, "
                      "SCRIPT=\".../main.py\" and SCRIPT_ARGS (config '.../config.yaml') in env, then `accelerate launch "
                      "--num_processes $GPUS_PER_NODE $SCRIPT $SCRIPT_ARGS` and deactivate. Right: 4 processes on one "
                      "node with GPUS_PER_NODE following the target's GPU request, the exec redirect and the dated "
                      "workdir kept, every '...' placeholder (program path, config, account, HF_HOME, wandb) named as "
                      "left for the user; a refusal/ask naming the placeholder program path is also right."]),
    case(fam("edinburgh-mlp-teach-standard-sh-cuda-home-exports-scratch-whoami-getopts-groups-array-index-no-array-eval-sh-script-wrapper", "slurm"),
         "vsimkus/variational-gibbs-inference", "slurm_scripts/standard_train_by_model.sh",
         "University of Edinburgh Informatics MLP teaching cluster (partition Teach-Standard, /disk/scratch, /opt/cuda)", "edinburgh-mlp",
         ["getopts-submit-args", "script-from-option", "eval-command-string", "array-index-without-array-directive",
          "here-string-read-groups", "cuda-home-exports", "sh-shebang-bash-features"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="$script", args=["-c", "${config_file}"], expect="refuse",
         keep_text=["eval $COMMAND", "GROUP=${groups[$SLURM_ARRAY_TASK_ID]}", "while getopts b:g:m:s:p: option; do"],
         setup=[S("export STUDENT_ID=$(whoami)"), S("mkdir -p /disk/scratch/${STUDENT_ID}"),
                S("export TMP=/disk/scratch/${STUDENT_ID}")],
         source_only=["--partition=Teach-Standard", "export CUDA_HOME=/opt/cuda-9.0.176.1/", "export CUDNN_HOME=/opt/cuDNN-7.0/"],
         refuse_words=["-s", "script", "getopts", "SLURM_ARRAY_TASK_ID", "array", "eval", "/disk/scratch"],
         assumptions=["#!/bin/sh, 1 node, 1 task, --gres=gpu:1, 4000 MB, 8 h, partition Teach-Standard, mail: CUDA/cuDNN "
                      "homes under /opt exported into PATH/LD_LIBRARY_PATH, scratch under /disk/scratch/$(whoami), "
                      "options -b -g -m -s -p parsed by getopts (all but -p required), the groups split into an array, "
                      "one picked by $SLURM_ARRAY_TASK_ID (no --array directive: the array comes from the sbatch "
                      "command), then `eval \"sh $script -c ${config_file} [-p ...]\"`: the training script is whatever "
                      "-s names at submit time (not in this file). Right: a refusal or ask naming the -s script (an "
                      "unseen wrapper chosen at submit time), the array index that needs sbatch --array, and the /opt "
                      "CUDA paths; a port that invents the program is wrong."]),
    case(fam("duke-compsci-gpu-gres4-ntasks1-no-requeue-open-append-sourced-secrets-txt-venv-path-var-python3-no-args", "slurm"),
         "IslinaS/ConceptWhitening", "slurm_scripts/train.sh",
         "Duke University Computer Science cluster (partition compsci-gpu)", "duke-cs",
         ["sourced-secrets-file", "venv-path-from-sourced-variable", "one-process-four-gpus", "no-requeue", "open-mode-append",
          "env-bash-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="py_scripts/train-coco.py", args=[],
         keep_text=["python3 py_scripts/train-coco.py"],
         setup=[S("source slurm_scripts/secrets.txt"), S("source $VENV_PATH/bin/activate")],
         source_only=["--partition=compsci-gpu"],
         refuse_words=["secrets.txt", "$VENV_PATH", "compsci-gpu", "GPUs"],
         assumptions=["#!/usr/bin/env bash, 1 task, 20 CPUs, 160gb, 96 h, partition compsci-gpu, --gres=gpu:4, no requeue, "
                      "append logs: `source slurm_scripts/secrets.txt` (it sets VENV_PATH and whatever else; not in the "
                      "repo), `source $VENV_PATH/bin/activate`, then `python3 py_scripts/train-coco.py` (one process; the "
                      "program decides how it uses the 4 GPUs). Right: one process with 4 GPUs on one node (a GPU "
                      "shortage on the target said), the secrets file and $VENV_PATH named as user inputs, the "
                      "partition replaced."]),
    case(fam("imperial-doc-gres1-vol-bitbucket-path-venv-source-activate-cuda-setup-sh-term-nvidia-smi-pythonpath-cd-and-srun-python", "slurm"),
         "agSwift/whiteboard-captioning", "slurm_scripts/iam_train.sh",
         "Imperial College London Department of Computing GPU cluster (/vol/bitbucket, /vol/cuda; no partition)", "imperial-doc",
         ["venv-bin-on-path-then-source-activate", "site-cuda-setup-script", "cd-and-srun-one-line", "pythonpath-append",
          "no-partition"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="backend/iam/train.py", args=[],
         keep_text=["cd /vol/bitbucket/ag2719/drawing-gui/ && srun python backend/iam/train.py"],
         setup=[S("export PATH=/vol/bitbucket/ag2719/drawing/bin/:$PATH"), S("source activate"), S("TERM=vt100"),
                S("export PYTHONPATH=$PYTHONPATH:/vol/bitbucket/ag2719/drawing-gui/backend")],
         source_only=[". /vol/cuda/12.0.0/setup.sh", "#SBATCH --output=/vol/bitbucket/ag2719/drawing-gui/slurm_outputs/slurm_%j.out"],
         refuse_words=["/vol/bitbucket", "/vol/cuda", "source activate", "partition"],
         assumptions=["DoC: --gres=gpu:1, mail, output under /vol/bitbucket, no partition/time: a venv's bin put first on "
                      "PATH and `source activate` (the venv's own activate), `. /vol/cuda/12.0.0/setup.sh` (site CUDA), "
                      "TERM, nvidia-smi, uptime, PYTHONPATH, then `cd /vol/bitbucket/ag2719/drawing-gui/ && srun python "
                      "backend/iam/train.py`. Right: 1 process on 1 GPU with the venv steps kept or named, the cd && "
                      "launch kept as one line (or the cd kept before it), /vol/bitbucket named, the /vol/cuda setup "
                      "replaced by the target's CUDA with a note."]),
    case(fam("jhu-clsp-brtx6-gpus1-commented-positionals-unset-vars-nested-for-loops-mkdir-cuda-visible-prefix-python-u-pipe-tee", "slurm"),
         "esteng/calibration_miso", "intent/slurm_scripts/train_intent_all.sh",
         "Johns Hopkins CLSP (partition brtx6, /srv/local1, /home/estengel)", "jhu-clsp",
         ["unset-variables-from-env", "commented-positional-assignments", "nested-for-loops", "cuda-visible-self-prefix",
          "pipe-tee-per-run", "abs-output-directive"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["--split-type", "interest", "--bert-name", "bert-base-cased", "--checkpoint-dir", "${checkpoint_dir}",
               "--batch-size", "256", "--total-train", "${num}", "--total-interest", "${fxn_num}", "--epochs", "200",
               "--intent-of-interest", "${FXN}", "--seed", "${SEED}", "--device", "0"],
         keep_text=["for num in 750 1500 3000 7500 15000 18000", "CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES} python -u main.py",
                    "| tee ${checkpoint_dir}/stdout.log"],
         setup=[S('checkpoint_root="/srv/local1/estengel/intent_fixed_test/${MODEL}/${FXN}/${SEED}_seed"'),
                S("mkdir -p ${checkpoint_dir}")],
         source_only=["-p brtx6", "#SBATCH -o /home/estengel/incremental-function-learning/intent/logs/train.out"],
         refuse_words=["FXN", "MODEL", "SEED", "unset", "/srv/local1", "brtx6"],
         assumptions=["CLSP: partition brtx6, --gpus=1, output to an absolute /home path: FXN, MODEL, SEED and DEVICE "
                      "assignments from $1..$4 are commented out, so FXN/MODEL/SEED must come from the environment "
                      "(sbatch --export) or are empty; checkpoint_root under /srv/local1; nested loops (fxn_num 75; num "
                      "750..18000, 6 runs in turn), each: mkdir, `CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES} python -u "
                      "main.py ... --device 0 | tee .../stdout.log`. Right: 1 GPU, the loops and the six sequential runs "
                      "kept with the tee, FXN/MODEL/SEED named as unset inputs, /srv/local1 named (a node-local disk)."]),
    case(fam("eth-euler-gpus1-gpumem-tmp-modules-eth-proxy-pip-install-in-job-dataset-array-loop-rsync-tar-tmpdir-python-trailing-backslash-rm", "slurm"),
         "qglht/Latent-DIRE", "sbatch/train_ldire.sh",
         "ETH Zurich Euler (--gres=gpumem:8g, --tmp, modules gcc/8.2.0 python_gpu eth_proxy, /cluster/scratch)", "eth-euler",
         ["pip-install-in-job", "bash-array-loop-of-runs", "rsync-tar-to-tmpdir", "gres-gpumem", "tmp-request",
          "trailing-backslash-then-blank", "proxy-module"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/training.py",
         args=["--name", '"$NAME"', "--model", "$MODEL", "--data_type", "$DATA_TYPE", "--data_dir", "$DATA",
               "--freeze_backbone", "1", "--batch_size", "256", "--max_epochs", "1000"],
         keep_text=['for dataset in "${datasets[@]}"; do', "rsync -chavzP $COMPRESSED_FOLDER_PATH $TMPDIR",
                    "tar xf $TMPDIR/$dataset.tar -C $TMPDIR", "rm -rf $TMPDIR/dataset"],
         setup=[S("pip install . src/guided-diffusion"),
                S('datasets=("5_steps_split" "10_steps_split" "20_steps_split" "30_steps_split")')],
         source_only=["module load gcc/8.2.0 python_gpu/3.10.4 eth_proxy", "--gres=gpumem:8g", "--tmp=40G",
                      'COMPRESSED_FOLDER_PATH="/cluster/scratch/$USER/training_data/ldire/$dataset.tar"'],
         refuse_words=["eth_proxy", "gpumem", "TMPDIR", "/cluster/scratch", "pip install"],
         assumptions=["Euler: 4 h, 1 task, 8 CPUs x 4G, --tmp=40G, --gpus=1 with gpumem>=8g: modules gcc/python_gpu/"
                      "eth_proxy, `pip install . src/guided-diffusion` in the job, then for each of 4 datasets: rsync the "
                      "tar from /cluster/scratch to $TMPDIR, untar, ls, `python src/training.py --name \"$NAME\" ... "
                      "--max_epochs 1000 \\` (last line ends in a backslash followed by a blank line), rm. Right: 1 GPU "
                      "(gpumem dropped with a note, a node-local tmp request mapped or named), the loop with the rsync/"
                      "tar staging kept, $TMPDIR mapped to the target's node-local scratch or named, the pip install "
                      "kept, eth_proxy replaced (a proxy the target may need), /cluster/scratch named."]),
    case(fam("alcf-polaris-pbs-select4-filesystems-grand-eagle-project-placeholder-set-e-conda-module-nccl-nodefile-count-mpiexec-ppn4-depth-python-m-date-run-name", "pbs"),
         "acadev/diffgenslm", "scripts/polaris_train.sh",
         "ALCF Polaris (PBS Pro, select=4:system=polaris, filesystems home:grand:eagle, queue prod)", "polaris",
         ["mpiexec-per-rank", "ranks-from-nodefile", "hard-coded-ranks-per-node", "depth-cpu-bind", "project-placeholder",
          "eagle-placeholder-paths", "python-m-module", "date-in-arg"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=16, nodes=4, gpus_per_node=4, module=True,
         program="diffgenslm.train",
         args=["--config", '"${CONFIG}"', "--hdf5_dir", '"${HDF5_DIR}"', "--save_dir", '"${SAVE_DIR}"', "--backend", "nccl",
               "--bf16", "--resume", "--wandb_project", "diffgenslm", "--wandb_run_name", '"polaris_small_$(date +%Y%m%d)"'],
         keep_text=['NNODES=$(wc -l < "${PBS_NODEFILE}")', "NRANKS_PER_NODE=4"],
         setup=[S("set -e"), S('cd "${PBS_O_WORKDIR}"'), S("conda activate diffgenslm"),
                S("HDF5_DIR=/eagle/projects/<project>/diffgenslm/hdf5"), S("CONFIG=diffgenslm/configs/small.yaml"),
                S("export NCCL_NET_GDR_LEVEL=PHB")],
         source_only=["#PBS -l filesystems=home:grand:eagle", "#PBS -A <YOUR_PROJECT_HERE>", "#PBS -q prod",
                      "module load conda/2024-04-29", "module load nccl"],
         accounts=["<YOUR_PROJECT_HERE>"],
         refuse_words=["<project>", "/eagle", "NRANKS_PER_NODE", "<YOUR_PROJECT_HERE>", "PBS_NODEFILE"],
         assumptions=["Polaris: 4 nodes (select=4:system=polaris, scatter), 12 h, filesystems home:grand:eagle, queue prod, "
                      "-A a placeholder: set -e, cd $PBS_O_WORKDIR, conda/2024-04-29 and nccl modules, conda activate "
                      "diffgenslm, /eagle/projects/<project> paths (placeholders), NNODES from $PBS_NODEFILE, "
                      "NRANKS_PER_NODE=4 hard-coded, NDEPTH=8, NCCL exports, then `mpiexec -n $NTOTRANKS --ppn 4 --depth "
                      "8 --cpu-bind depth -env OMP_NUM_THREADS=8 python -m diffgenslm.train ...` (one rank per GPU, "
                      "16). Right: 4 nodes x the target's GPUs a node as ranks (NRANKS_PER_NODE changed with it, said), "
                      "the node count read from the target's host list, the <project> placeholders and /eagle named, "
                      "the conda module replaced by the target's Python env with a note."]),
    case(fam("psc-bridges2-gpu-shared-v100-32-gres1-modules-cuda-anaconda3-conda-activate-cd-project-python3-unsloth-lora-echoes", "slurm"),
         "Moulik04/memegpt", "scripts/bridges2_job.sh",
         "PSC Bridges-2 (partition GPU-shared, --gres=gpu:v100-32:1, $PROJECT)", "bridges2",
         ["gres-typed-v100-32", "site-modules", "conda-activate", "project-variable-cd", "commented-prep-step", "unsloth-lora"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/finetune_unsloth.py",
         args=["--data", "scripts/memegpt_train.jsonl", "--out", "scripts/memegpt_lora", "--epochs", "3", "--batch", "8",
               "--rank", "32", "--seq-len", "512"],
         keep_text=["python3 scripts/finetune_unsloth.py"],
         setup=[S("conda activate memegpt"), S("cd $PROJECT/memegpt")],
         source_only=["--partition=GPU-shared", "--gres=gpu:v100-32:1", "module load cuda/12.1", "module load anaconda3"],
         refuse_words=["$PROJECT", "GPU-shared", "v100-32", "anaconda3", "unsloth"],
         assumptions=["Bridges-2: 1 node, 1 task, 8 CPUs, 64GB, 4 h, GPU-shared, one V100-32GB: an echo, cuda/12.1 and "
                      "anaconda3 modules, conda activate memegpt, cd $PROJECT/memegpt, a commented data-prep step, then "
                      "`python3 scripts/finetune_unsloth.py --data ... --rank 32 --seq-len 512` (Unsloth LoRA) and an "
                      "echo. Right: 1 process on 1 GPU, conda activate kept (the env must exist on the target), $PROJECT "
                      "mapped or named (a PSC variable), the modules replaced."]),
    case(fam("alcf-polaris-pbs-select1-diomp-eagle-set-euo-workdir-default-sourced-activate-qsub-v-env-defaults-nvidia-smi-cuda-visible-4-one-python-pipe-tee-dated", "pbs"),
         "lwshanbd/Fuzzlang", "scripts/polaris_qsub_sft.sh",
         "ALCF Polaris (PBS Pro, select=1:system=polaris, -A diomp, filesystems home:eagle, /lus/eagle)", "polaris",
         ["qsub-v-env-defaults", "workdir-default-expansion", "sourced-activate-script", "one-process-four-gpus",
          "cuda-visible-four", "pipe-tee-dated-log", "set-euo", "config-variable-unused"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="scripts/run_sft.py",
         args=["--base-model", '"$BASE_MODEL"', "--data-path", '"$DATA_PATH"', "--adapter-out", '"$ADAPTER_OUT"', "--lora-rank",
               "16", "--epochs", "1", "--batch-size", "8", "--grad-accum", "4", "--lr", "2e-4", "--bf16", "--seed", "42"],
         keep_text=["2>&1 | tee logs/sft_$(date +%Y%m%d_%H%M%S).log", 'CONFIG="${CONFIG:-configs/sft_default.yaml}"'],
         setup=[S("set -euo pipefail"), S('cd "${PBS_O_WORKDIR:-/lus/eagle/projects/diomp/baodi/Fuzzlang}"'), S("mkdir -p logs"),
                S("source scripts/activate_dvcr.sh"), S("export CUDA_VISIBLE_DEVICES=0,1,2,3"),
                S("export TOKENIZERS_PARALLELISM=false"), S("export OMP_NUM_THREADS=8")],
         source_only=["#PBS -l filesystems=home:eagle", "#PBS -q prod",
                      "#PBS -o /lus/eagle/projects/diomp/baodi/Fuzzlang/logs/sft.out"],
         accounts=["diomp"],
         refuse_words=["qsub -v", "CONFIG", "/lus/eagle", "activate_dvcr.sh", "CUDA_VISIBLE_DEVICES", "diomp"],
         assumptions=["Polaris: 1 node (select=1:system=polaris), 4 h, filesystems home:eagle, queue prod, -A diomp, -j oe, -o "
                      "under /lus/eagle: set -euo pipefail, cd ${PBS_O_WORKDIR:-/lus/eagle/...}, `source "
                      "scripts/activate_dvcr.sh` (a repo script), CONFIG/ADAPTER_OUT/DATA_PATH/BASE_MODEL with defaults "
                      "overridable by `qsub -v` (CONFIG is never passed to the program), echoes, nvidia-smi, "
                      "CUDA_VISIBLE_DEVICES=0,1,2,3, then one `python scripts/run_sft.py ... --bf16 --seed 42 2>&1 | tee "
                      "logs/sft_<date>.log` (LoRA SFT in one process seeing 4 GPUs). Right: one process with 4 GPUs on "
                      "one node (CUDA_VISIBLE_DEVICES following the target's GPUs, said), the qsub -v overrides named "
                      "(sbatch --export on a Slurm target), PBS_O_WORKDIR mapped, /lus/eagle paths named, the tee kept."]),
    case(fam("nersc-perlmutter-m4698-g1-array-0-2-pct1-set-euo-env-defaults-run-specs-index-map-read-here-string-conda-if-module-exec-tee-cmd-array-srun-gpu-bind-map-gpu", "slurm"),
         "panaschristou/inductive-bias-probes", "scripts/nersc_02_pretrain_physics_models.sh",
         "NERSC Perlmutter (-C gpu, -q regular, -A m4698, /pscratch)", "perlmutter",
         ["array-index-to-run-spec", "read-here-string", "env-default-overrides", "cmd-array-built", "exec-tee-log",
          "srun-gpu-bind-map-gpu", "conda-if-available", "set-euo"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="inductivebiasprobes/experiments/physics/train_model.py",
         args=["--config", '"${CONFIG_NAME}"', "--experiment_name", '"${EXPERIMENT_NAME}"', "--num_data_points",
               '"${NUM_DATA_POINTS}"', "--max_iters", '"${MAX_ITERS}"', "--eval_interval", '"${EVAL_INTERVAL}"', "--eval_iters",
               '"${EVAL_ITERS}"', "--batch_size", '"${BATCH_SIZE}"', "--gradient_accumulation_steps", '"${GRAD_ACCUM}"',
               "--dtype", '"${DTYPE}"'],
         keep_text=['read -r EXPERIMENT_NAME CONFIG_NAME <<< "${RUN_SPECS[${TASK_ID}]}"', 'exec > >(tee -a "${LOG_FILE}") 2>&1',
                    '"${CMD[@]}"', '--gpu-bind="${GPU_BIND}"'],
         setup=[S("set -euo pipefail"), S('cd "${PROJECT_ROOT}"'), S('mkdir -p "${OUTDIR}" outputs/slurm'),
                S('export PYTHONPATH="${PROJECT_ROOT}:${PYTHONPATH:-}"'), S('conda activate "${CONDA_ENV_NAME}"')],
         source_only=["#SBATCH -C gpu", "#SBATCH -q regular", "module load python >/dev/null 2>&1 || true",
                      'SCRATCH_ROOT="${SCRATCH_ROOT:-/pscratch/sd/${USER:0:1}/${USER}}"'],
         accounts=["m4698"],
         refuse_words=["array", "RUN_SPECS", "map_gpu", "NUM_GPUS", "m4698", "/pscratch"],
         assumptions=["Perlmutter: 1 node, -C gpu, qos regular, 8 h, -A m4698, 1 task x 32 CPUs, -G 1, --array=0-2%1 (three "
                      "runs one at a time), mail: set -euo pipefail, env-default settings (CPUS_PER_GPU, NUM_GPUS=1, "
                      "CONDA_ENV_NAME, PROJECT_ROOT=$(pwd), SCRATCH_ROOT under /pscratch, sizes), run specs in a bash "
                      "array picked by $SLURM_ARRAY_TASK_ID (exit 2 when out of range) and split with read <<<, OMP/BLAS "
                      "exports, `module load python` and conda only if present, exec > >(tee -a LOG), a CMD array built "
                      "with optional flags, then `srun -n 1 --cpus-per-task=... --gpus-per-task=$NUM_GPUS "
                      "--gpu-bind=map_gpu:0 --cpu-bind=cores \"${CMD[@]}\"`. Right: 1 task on 1 GPU, the array kept as a "
                      "3-task one-at-a-time array (index -> run spec unchanged), the CMD array and the tee kept, the "
                      "Perlmutter-only srun binding (map_gpu) kept on a Slurm target or dropped with a note, /pscratch "
                      "and the account named."]),
    case(fam("nsc-berzelius-gpus1-c-thin-no-partition-env-commented-cd-proj-torchrun-standalone-nproc1-trailing-space-commented-resume", "slurm"),
         "rominaoji/llm-labs", "slurm/train.sh",
         "NSC Berzelius, Linköping (-C thin: A100-40GB nodes; /proj)", "nsc-berzelius",
         ["torchrun-standalone-one-proc", "no-env-activation", "constraint-thin", "commented-resume-args",
          "trailing-space-after-program"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, gpus_per_node=1,
         program="lab2_train.py", args=[],
         keep_text=["--standalone", "--nproc_per_node=1"],
         setup=[S("cd /proj/dl4nlp/users/x_romoj/code/LLM-Labs")],
         source_only=['#SBATCH -C "thin"'],
         refuse_words=["thin", "/proj/dl4nlp", "conda activate llmlab", "environment"],
         assumptions=["Berzelius: --gpus 1, -C thin, 48 h, no partition or account: the env activation is commented out "
                      "(`# conda activate llmlab`), cd to /proj/dl4nlp/..., then `torchrun --standalone "
                      "--nproc_per_node=1 lab2_train.py ` (resume arguments commented below) and an echo. Right: 1 "
                      "process on 1 GPU with torchrun --standalone kept, the missing env activation named, /proj/dl4nlp "
                      "named, the thin constraint replaced."]),
    case(fam("nyu-gcp-burst-n1s16-t4-2-gres2-exclusive-requeue-p2p-test-set-x-cp-sqsh-tmp-singularity-overlays-bash-c-env-sh-conda-moco-mp-distributed-one-process", "slurm"),
         "gyaneshg96/DL_finalcode", "2gpu_pretrain_final.sbatch",
         "NYU HPC cloud burst on GCP for a course (partition n1s16-t4-2: 2 T4, account dl11, /scratch/DL21SP)", "nyu-gcp-burst",
         ["singularity-overlays-ext3-sqsh", "bash-c-multiline-in-container", "conda-inside-container",
          "moco-multiprocessing-distributed", "one-process-spawns-per-gpu", "copy-sqsh-to-tmp", "exclusive-requeue"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="moco-master/main_moco.py",
         args=["-a", "resnet50", "--lr", "0.06", "--dist-url", "'tcp://localhost:10004'", "--batch-size", "512",
               "--multiprocessing-distributed", "--world-size", "1", "--rank", "0", "-data", "/dataset", "--mlp", "--moco-t",
               "0.2", "--aug-plus", "--cos", "--workers", "4", "--epochs", "300"],
         keep_text=["singularity exec --nv", "--overlay $SCRATCH/conda.ext3:rw", "--overlay /tmp/student_dataset.sqsh:ro",
                    "source /ext3/env.sh", "conda activate dev"],
         setup=[S("set -x"), S("mkdir /tmp/$USER"), S("export SINGULARITY_CACHEDIR=/tmp/$USER"),
                S("cp -rp /scratch/DL21SP/student_dataset.sqsh /tmp"), S("cd $HOME/code_11")],
         source_only=["--partition=n1s16-t4-2", "/share/apps/local/bin/p2pBandwidthLatencyTest",
                      "/share/apps/images/cuda11.1-cudnn8-devel-ubuntu18.04.sif"],
         container_image="/share/apps/images/cuda11.1-cudnn8-devel-ubuntu18.04.sif",
         accounts=["dl11"],
         refuse_words=["overlay", "/scratch/DL21SP", "singularity", "dl11", "n1s16-t4-2", "ext3"],
         assumptions=["NYU GCP burst: --gres=gpu:2, partition n1s16-t4-2, account dl11, 24 h, exclusive, requeue: a site "
                      "p2p test binary, set -x, SINGULARITY_CACHEDIR in /tmp, the course dataset squashfs copied to "
                      "/tmp, cd $HOME/code_11, then `singularity exec --nv --bind /scratch --overlay "
                      "$SCRATCH/conda.ext3:rw --overlay /tmp/student_dataset.sqsh:ro <site cuda11.1 sif> /bin/bash -c "
                      "\"source /ext3/env.sh; conda activate dev; python moco-master/main_moco.py ... "
                      "--multiprocessing-distributed --world-size 1 --rank 0 ...\"` (one process that spawns one worker "
                      "per visible GPU, 2). Right: one launch on one node with 2 GPUs inside the container with the "
                      "overlays kept (an ext3 overlay needs Singularity/Apptainer on the target) and the bash -c body "
                      "verbatim, the site image, /scratch/DL21SP and the p2p binary named."]),
    case(fam("ntu-spms-pbs-gpu-h200-p-project-select-ngpus1-set-euo-exec-scratch-logs-set-u-toggle-conda-hook-required-qsub-v-config-bash-run-train-wrapper", "pbs"),
         "shelvia-w/cbopt", "pbs/train.pbs",
         "Nanyang Technological University (PBS Pro; -P gs_spms_..., queue gpu_h200; assumed NTU from the project name)", "ntu-pbs",
         ["required-qsub-v-variable", "exec-redirect-to-scratch-logs", "set-u-toggle-around-conda", "conda-hook-abs",
          "bash-wrapper-program", "pbs-project-P"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program='"$PBS_O_WORKDIR/scripts/run_train.sh"', args=['"$PBS_O_WORKDIR/$CONFIG"'],
         keep_text=[': "${CONFIG:?Set CONFIG before submitting: qsub -v CONFIG=configs/ucbopt.yaml pbs/train.pbs}"',
                    'exec >"$LOG_DIR/${PBS_JOBNAME}.o${PBS_JOBID}" 2>"$LOG_DIR/${PBS_JOBNAME}.e${PBS_JOBID}"'],
         setup=[S("set -euo pipefail"), S('cd "$PBS_O_WORKDIR"'), S("export QT_XCB_GL_INTEGRATION=none"),
                S("conda activate cbo"), S('export LD_LIBRARY_PATH="$CONDA_PREFIX/lib:$LD_LIBRARY_PATH"')],
         source_only=["#PBS -q gpu_h200", "module load anaconda2025", 'eval "$(/usr/local/anaconda2025/bin/conda shell.bash hook)"'],
         accounts=["gs_spms_jeremie.houssineau"],
         refuse_words=["run_train.sh", "CONFIG", "qsub -v", "gpu_h200", "anaconda2025", "PBS_JOBNAME"],
         assumptions=["PBS Pro: -P gs_spms_jeremie.houssineau, queue gpu_h200, 120 h, select=1:ncpus=32:ngpus=1, -j oe: set "
                      "-euo pipefail, the rest of the job's output redirected by exec to /scratch/$USER/pbs_logs/"
                      "${PBS_JOBNAME}.o${PBS_JOBID}, cd $PBS_O_WORKDIR, set +u around the anaconda2025 module and conda "
                      "hook/activate cbo, LD_LIBRARY_PATH from the env, CONFIG required (qsub -v), then `bash "
                      "\"$PBS_O_WORKDIR/scripts/run_train.sh\" \"$PBS_O_WORKDIR/$CONFIG\"` (the wrapper that runs the "
                      "training is not shown). Right: 1 process on 1 GPU with the wrapper kept and named, CONFIG named "
                      "as a submit-time variable (sbatch --export on Slurm), PBS_JOBNAME/PBS_JOBID/PBS_O_WORKDIR mapped, "
                      "the queue/project/modules replaced."]),
    case(fam("uiuc-campus-cluster-torque-pbs-nodes-ppn16-teslak40m-feature-queue-ncsa-anaconda-module-cd-home-sh-train-sh-wrapper-tensorflow", "pbs"),
         "abc99lr/DnCNN-tensorflow", "pbs/train.pbs",
         "University of Illinois Campus Cluster (Torque PBS, queue ncsa, node feature TeslaK40M)", "uiuc-campus-cluster",
         ["torque-nodes-ppn-feature", "gpu-implied-by-node-feature", "sh-wrapper-program", "abs-home-cd", "trailing-space-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="tensorflow",
         program="train.sh", args=[],
         keep_text=["sh train.sh"],
         setup=[S("cd /home/ruilan2/DnCNN-tensorflow")],
         source_only=["#PBS -l walltime=30:00:00,nodes=1:ppn=16:TeslaK40M", "#PBS -q ncsa", "module load anaconda/3"],
         refuse_words=["train.sh", "TeslaK40M", "ncsa", "/home/ruilan2", "wrapper"],
         assumptions=["Torque: nodes=1:ppn=16:TeslaK40M (the GPU only as a node feature), 30 h, queue ncsa: module "
                      "anaconda/3, cd /home/ruilan2/DnCNN-tensorflow, then `sh train.sh` (the repository's wrapper that "
                      "runs the TensorFlow training; not shown). Right: one process with 1 GPU requested explicitly on "
                      "the target, `sh train.sh` kept and named as the unseen wrapper, the /home path named, the "
                      "feature/queue/module replaced."]),
    case(fam("dtu-hpc-lsf-gpuv100-n4-span-hosts1-gpu-num1-exclusive-process-modules-relative-venv-python-args-placeholder-sed-template", "lsf"),
         "cyue55/thesis_2", "lsf/gpuv100.sh",
         "DTU HPC (LSF, queue gpuv100, -gpu num=1:mode=exclusive_process)", "dtu-hpc",
         ["lsf-directives", "sed-filled-template", "program-placeholder-args", "lsf-gpu-exclusive-process", "relative-venv"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="ARGS", args=[], expect="refuse",
         keep_text=["python ARGS"],
         setup=[S("source .venv/bin/activate")],
         source_only=["#BSUB -q gpuv100", '#BSUB -gpu "num=1:mode=exclusive_process"', "module load gcc/14.2.0-binutils-2.43",
                      "module load cuda/12.6.2"],
         refuse_words=["ARGS", "placeholder", "template", "sed", "submit.sh"],
         assumptions=["LSF: queue gpuv100, 4 slots on one host, 4GB each, 24 h, -oo/-eo under lsf/logs, one GPU in "
                      "exclusive-process mode: gcc and cuda modules, a relative .venv, then `python ARGS` -- ARGS is a "
                      "placeholder that the repository's lsf/submit.sh replaces with sed (`sed \"s|ARGS|...|g\" ... | "
                      "bsub`) before submission; the program is not in this file. Right: a refusal or ask naming ARGS "
                      "as a placeholder filled at submit time (a port could keep the template with ARGS and say so)."]),
    case(fam("polito-hpc-cuda-partition-gres1-modules-cudasdk-intel-python-abs-venv-cuda-visible-1-env-prefix-detectron2-train-net-num-gpus1", "slurm"),
         "Niiikkkk/Mask2Anomaly", "finetune.sbatch",
         "Politecnico di Torino HPC (partition cuda, modules nvidia/cudasdk and intel/python)", "polito-hpc",
         ["env-prefix-launch", "cuda-visible-index-1-with-one-gpu", "detectron2-num-gpus", "abs-home-venv", "abs-program-path"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/home/nberardo/Mask2Anomaly/train_net.py",
         args=["--num-gpus", "1", "--config-file", "configs/cityscapes/semantic-segmentation/anomaly_ft.yaml"],
         topology_args=[T("--num-gpus", "1", "gpus_per_node")],
         keep_text=["CUDA_VISIBLE_DEVICES=1 DETECTRON2_DATASETS=/home/nberardo/Datasets/ python"],
         setup=[S("source /home/nberardo/myenv/bin/activate")],
         source_only=["--partition=cuda", "module load nvidia/cudasdk/", "module load intel/python/3/"],
         refuse_words=["CUDA_VISIBLE_DEVICES=1", "/home/nberardo", "partition", "intel/python"],
         assumptions=["PoliTo: 1 task, 5 CPUs, --gres=gpu:1, 48 h, partition cuda: site modules, an absolute home venv, then "
                      "`CUDA_VISIBLE_DEVICES=1 DETECTRON2_DATASETS=/home/nberardo/Datasets/ python "
                      "/home/nberardo/Mask2Anomaly/train_net.py --num-gpus 1 --config-file ...` (Detectron2, relative "
                      "config). CUDA_VISIBLE_DEVICES=1 with one allocated GPU names a device the job may not own. Right: "
                      "1 process on 1 GPU, the env prefix kept or the device index flagged in a note (it would select "
                      "no GPU or another job's under a one-GPU allocation), /home/nberardo paths named, modules "
                      "replaced."]),
    case(fam("hpi-delab-account-gpus1-no-partition-trailing-space-time-conda-hook-pythonpath-ld-library-path-env-lib-srun-python3-many-flags", "slurm"),
         "tfiedlerdev/pretraining-aware-hotprot", "sbatch/train.sh",
         "Hasso Plattner Institute (account renard-molecule2022, /hpi/fs00; no partition)", "hpi",
         ["conda-hook", "abs-pythonpath", "ld-library-path-env-lib", "srun-single", "trailing-spaces", "no-partition"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="applications/train.py",
         args=["--batch_size=32", "--epochs=30", "--learning_rate=0.001", "--model=summarizer", "--model_dropoutrate=0.5",
               "--model_first_hidden_units=1024", "--model_hidden_layers=2", "--optimizer=adam", "--representation_key=s_s",
               "--summarizer_activation=identity", "--summarizer_mode=per_repr_position", "--summarizer_num_layers=1",
               "--summarizer_out_size=1", "--summarizer_type=average", "--val_on_trainset=false", "--wandb",
               "--early_stopping", "--wandb_run_name=base_model", "--bin_width=5"],
         keep_text=["srun python3 applications/train.py"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate hotprot"),
                S('export PYTHONPATH="/hpi/fs00/home/tobias.fiedler/hot-prot"'),
                S('export LD_LIBRARY_PATH="/hpi/fs00/home/tobias.fiedler/miniconda3/envs/hotprot/lib"')],
         source_only=["#SBATCH -A renard-molecule2022"],
         accounts=["renard-molecule2022"],
         refuse_words=["/hpi/fs00", "renard-molecule2022", "LD_LIBRARY_PATH", "partition"],
         assumptions=["HPI: -A renard-molecule2022, 48G, --gpus=1, 120 h (a trailing space after the time), mail, no "
                      "partition: conda hook, conda activate hotprot, PYTHONPATH and LD_LIBRARY_PATH set to absolute "
                      "/hpi/fs00 paths (LD_LIBRARY_PATH replaced, not appended), then `srun python3 applications/train.py "
                      "--batch_size=32 ... --bin_width=5 ` (trailing space). Right: 1 process on 1 GPU, the conda steps "
                      "kept, the /hpi/fs00 paths named (PYTHONPATH, the env's lib), the account replaced."]),
    case(fam("generic-gpu-a100-dependency-placeholder-job-id-email-placeholder-modules-home-venv-submit-dir-hydra-overrides-transfer-stage2", "slurm"),
         "saitejasrivilli/maxwell-pinn", "slurm/finetune.sh",
         "A generic university cluster (partition gpu, --gres=gpu:a100:1; email and the pretrain job id are placeholders)", "generic-university",
         ["dependency-directive-placeholder", "email-placeholder", "hydra-overrides", "home-venv", "submit-dir-cd",
          "two-stage-pipeline-second"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["geometry=icp_reactor", "bc=hard", "network=fourier_net", "experiment.name=finetune_icp",
               "experiment.output_dir=outputs/finetune_icp", "training.max_epochs=5000", "transfer.enabled=true",
               "transfer.checkpoint=outputs/pretrain_cylinder/ckpt_best.pt", "transfer.frozen_blocks=6"],
         setup=[S("source ~/.venv/pinn/bin/activate"), S("cd $SLURM_SUBMIT_DIR"), S("mkdir -p logs outputs/finetune_icp")],
         source_only=["--partition=gpu", "--gres=gpu:a100:1", "module load cuda/11.8 python/3.10",
                      "--mail-user=YOUR_EMAIL@university.edu"],
         refuse_words=["PRETRAIN_JOB_ID", "dependency", "YOUR_EMAIL", "a100", "pretrain"],
         assumptions=["1 A100 (--gres=gpu:a100:1), 8 CPUs, 64G, 1h30, partition gpu, mail to a placeholder address, and "
                      "`--dependency=afterok:PRETRAIN_JOB_ID` (a placeholder job id of the stage-1 pretrain job): cuda and "
                      "python modules, a ~/.venv, cd $SLURM_SUBMIT_DIR, mkdir, echoes with nvidia-smi, then `python "
                      "train.py geometry=icp_reactor ... transfer.checkpoint=outputs/pretrain_cylinder/ckpt_best.pt "
                      "transfer.frozen_blocks=6` (Hydra overrides). Right: 1 process on 1 GPU with the overrides kept, "
                      "the dependency carried to the target's form or named with PRETRAIN_JOB_ID as a placeholder (the "
                      "stage-1 checkpoint must exist), the email placeholder named, the submit dir mapped."]),
    case(fam("nyu-shanghai-aquila-nodelist-agpu8-chinese-comments-module-purge-anaconda-source-deactivate-abs-activate-cuda-visible-0-python-u-continuation-line", "slurm"),
         "Zacchaeus14/lang-seg", "sbatch/train.sh",
         "NYU Shanghai HPC (partition aquila, node agpu8, /gpfsnyu)", "nyu-shanghai",
         ["chinese-inline-comments", "nodelist-pin", "source-deactivate-then-abs-activate", "cuda-visible-0",
          "python-u-continuation", "lightning-accumulate"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="lightning",
         program="train_lseg.py",
         args=["--dataset", "ade20k", "--data_path", "../datasets", "--batch_size", "1", "--exp_name", "lseg_ade20k_l16",
               "--base_lr", "0.004", "--weight_decay", "1e-4", "--no-scaleinv", "--max_epochs", "240", "--widehead",
               "--accumulate_grad_batches", "2", "--backbone", "clip_vitl16_384"],
         keep_text=["python -u train_lseg.py"],
         setup=[S("cd /gpfsnyu/scratch/yw3642/lang-seg"), S("source deactivate"),
                S("source /gpfsnyu/packages/anaconda3/5.2.0/bin/activate lseg"), S("export CUDA_VISIBLE_DEVICES=0")],
         source_only=["-p aquila", "--nodelist=agpu8", "module load anaconda3 cuda/11.1.1"],
         refuse_words=["/gpfsnyu", "aquila", "agpu8", "anaconda3/5.2.0"],
         assumptions=["NYU Shanghai: 1 node, 1 task, 16 CPUs, 16GB, 167 h, --gres=gpu:1, partition aquila pinned to agpu8 "
                      "(a 3090), Chinese comments after every directive: module purge, anaconda3 + cuda modules, "
                      "nvidia-smi, nvcc, cd /gpfsnyu/scratch/..., echo, `source deactivate`, `source "
                      "/gpfsnyu/packages/anaconda3/5.2.0/bin/activate lseg` (the site anaconda's activate), "
                      "CUDA_VISIBLE_DEVICES=0, then `python -u train_lseg.py ... \\` continued on the next line, echo. "
                      "Right: 1 process on 1 GPU with the continuation line kept, the site anaconda activate path and "
                      "/gpfsnyu named, the node pin and modules replaced."]),
    case(fam("bsc-marenostrum5-acc-64x4-ehpc-project-chdir-dot-exclusive-head-ip-srun-w-gpfs-venv-sourced-env-file-ulimits-hard-coded-counts-srun-torchrun-rdzv-module-tab-trailing-backslash", "slurm"),
         "VLR-CVC/vlm-training", "scripts/multinode_mn5.sh",
         "BSC MareNostrum 5 ACC (EuroHPC; partition acc: 4 H100 a node; project ehpc391 under /gpfs/projects)", "bsc-marenostrum5",
         ["srun-torchrun-per-node", "rdzv-head-node-ip-srun-w", "hard-coded-node-and-gpu-counts", "sourced-project-env-file",
          "chdir-dot", "ulimits-taskset-lscpu", "wandb-offline-commands", "tab-indented-last-arg", "trailing-backslash-at-eof"],
         launch_model="launcher", launcher="torchrun", total_ranks=256, nodes=64, gpus_per_node=4, module=True,
         program="train.train_qwen", args=["--config", "configs/8b_64_nodes.toml"],
         keep_text=["srun --cpu-bind=none torchrun --nproc_per_node=$NGPUS", "--nnodes=$NNODES", "--rdzv_backend c10d",
                    '--rdzv_endpoint "$head_node_ip:29500"', "NGPUS=4", "NNODES=64"],
         setup=[S('head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)'),
                S("source /gpfs/projects/ehpc391/envs/torch151/bin/activate"),
                S("source /gpfs/projects/ehpc391/env_variables.sh"), S("export OMP_NUM_THREADS=16"),
                S("export NCCL_P2P_LEVEL=NVL"), S("ulimit -l unlimited"), S("wandb offline")],
         source_only=["--partition=acc", "/gpfs/projects/ehpc391", 'export NCCL_SOCKET_IFNAME="eth0,en,eth,em,bond"'],
         workdir=".",
         refuse_words=["NNODES", "NGPUS", "/gpfs/projects/ehpc391", "env_variables.sh", "acc", "64"],
         assumptions=["MareNostrum 5 ACC: 64 nodes, 1 task a node, 80 CPUs, --gres=gpu:4, exclusive, 1h20, partition acc, -D "
                      ".: head node IP from an `srun -w` step, a venv and an env-variables file sourced from "
                      "/gpfs/projects/ehpc391, thread/NCCL exports (socket ifname list, buffsize, EFA var), lscpu, "
                      "taskset, ulimits, wandb offline, NGPUS=4 and NNODES=64 hard-coded, then `srun --cpu-bind=none "
                      "torchrun --nproc_per_node=$NGPUS --nnodes=$NNODES --rdzv_id 101 --rdzv_backend c10d "
                      "--rdzv_endpoint \"$head_node_ip:29500\" -m train.train_qwen --config configs/8b_64_nodes.toml \\` "
                      "(a tab-indented last line that ends in a backslash at end of file). Right: 64 nodes x the "
                      "target's GPUs a node with one torchrun per node and the rendezvous kept, NGPUS/NNODES changed "
                      "with the target's shape (or a refusal where 64 nodes exceed what the target's queue allows, "
                      "with the limit), /gpfs/projects/ehpc391 and the env file named, the EFA/ifname settings noted."]),
    case(fam("company-rsc-2x5-gpus-per-node5-qos-lowest-exclude-list-checkpoint-paths-anaconda-conda-init-bashrc-prefix-env-srun-label-per-node-wrapper-timestamp-dollar-at", "slurm"),
         "fanyix/Bagel", "scripts/multinodes_run.sh",
         "A company research cluster (node names rsclearn*, /checkpoint/maestro, qos lowest; Meta RSC assumed from the names)", "company-rsc",
         ["srun-per-node-wrapper", "five-gpus-per-node", "exclude-node-list", "qos-only-no-partition", "conda-init-then-bashrc",
          "conda-prefix-env", "timestamp-and-dollar-at-to-wrapper"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=2, gpus_per_node=5, gpus_per_rank=5,
         program='"${SCRIPT}"', args=['"${TIMESTAMP}"', "$@"],
         keep_text=['srun --label "${SCRIPT}" "${TIMESTAMP}" $@', "SCRIPT=scripts/train/rsc/finetune.sh"],
         setup=[S("conda init bash"), S("source ~/.bashrc"), S("conda activate /checkpoint/maestro/envs/bagel"),
                S('TIMESTAMP=$(date +"%y%m%d%H%M")')],
         source_only=["--qos lowest", "module load anaconda3/2021.05",
                      "#SBATCH --output=/checkpoint/maestro/wam_runs/slurm/reasoning/wam_reasoning-%j.log"],
         refuse_words=["finetune.sh", "wrapper", "/checkpoint/maestro", "5", "rsclearn"],
         assumptions=["2 nodes, 1 task a node, 5 GPUs a node, 256 CPUs, 1536g, 24 h, qos lowest, logs under /checkpoint/maestro, "
                      "an --exclude list of rsclearn nodes: anaconda module, conda init bash, ~/.bashrc, a conda env by "
                      "prefix under /checkpoint, SCRIPT=scripts/train/rsc/finetune.sh, a timestamp, then `srun --label "
                      "\"${SCRIPT}\" \"${TIMESTAMP}\" $@` (one wrapper per node that starts the training on the node's "
                      "GPUs; not shown). Right: 2 nodes with one wrapper task each and the GPUs a node the target has "
                      "(5 is not a count the ten offer: say so, or refuse with the reason), the unseen wrapper and "
                      "$@ named, /checkpoint/maestro named, the qos and exclude list dropped with a note."]),
    case(fam("bu-scc-sge-project-cs585-gpus1-gpu-type-or-h-rt-pe-omp4-job-id-log-bash-l-miniconda-env-commented-project-root-default-indented-cd-python-m-csv-append", "sge"),
         "kuromi1kow/Interpretability-and-Failure-Analysis-for-Video-Moment-Retrieval", "scripts/train_moment_detr.sh",
         "Boston University SCC (SGE: -P cs585, -l gpus=1, gpu_type=V100|A100, -pe omp 4, /projectnb)", "bu-scc",
         ["sge-directives-inline-comments", "job-id-in-log-directive", "env-activation-commented", "project-root-env-default",
          "indented-cd-and-launch", "python-m-module", "csv-append-after", "bash-l-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="moment_detr.train",
         args=["--dset_name", "hl", "--train_path", '"$PROJECT_ROOT/data/qvhighlights/annotations/highlight_train_release.jsonl"',
               "--eval_path", '"$PROJECT_ROOT/data/qvhighlights/annotations/highlight_val_release.jsonl"', "--v_feat_dirs",
               '"$PROJECT_ROOT/lighthouse/features_tmp/qvhighlight/clip_features"', "--t_feat_dir",
               '"$PROJECT_ROOT/lighthouse/features_tmp/qvhighlight/clip_text_features"', "--v_feat_dim", "512", "--t_feat_dim",
               "512", "--results_root", '"$SAVE_DIR"', "--exp_id", "moment_detr_run", "--n_epoch", '"$EPOCHS"', "--bsz",
               '"$BATCH_SIZE"', "--lr", '"$LR"', "--seed", '"$SEED"', "--num_workers", "2"],
         keep_text=['cd "$PROJECT_ROOT/moment_detr"', ">> results/experiment_log.csv"],
         setup=[S('PROJECT_ROOT="${PROJECT_ROOT:-/projectnb/cs585/projects/VMR/vmr_project}"'), S('cd "$PROJECT_ROOT"'),
                S('SAVE_DIR="checkpoints/${MODEL}_${FEATURES}_seed${SEED}_$(date +%Y%m%d)"'), S('mkdir -p "$SAVE_DIR"'),
                S("mkdir -p logs")],
         source_only=["#$ -P cs585", "#$ -l gpu_type=V100|A100", "#$ -pe omp 4", "module load miniconda"],
         accounts=["cs585"],
         refuse_words=["conda activate vmr", "/projectnb", "cs585", "JOB_ID", "gpu_type"],
         assumptions=["SCC (bash -l): -P cs585, 1 GPU of type V100|A100, 8 h, 64G, -pe omp 4, job name, -o "
                      "logs/train_moment_detr_$JOB_ID.log, -j y, mail (directives carry inline comments): echoes with "
                      "$JOB_ID, module miniconda, `conda activate vmr` commented out (the env is assumed active at "
                      "submit), PROJECT_ROOT with a /projectnb default, cd, nvidia-smi, settings and a dated SAVE_DIR, "
                      "mkdirs, a commented Option A, then (indented) `cd \"$PROJECT_ROOT/moment_detr\"` and `python -m "
                      "moment_detr.train ... --num_workers 2`, echoes, and a CSV line appended to results/"
                      "experiment_log.csv (relative to the moment_detr dir). Right: 1 process on 1 GPU, the cd and the "
                      "CSV append kept in order, $JOB_ID mapped to the target's job id variable in the log name, the "
                      "missing env activation named, /projectnb named, the SGE project/pe/gpu_type replaced."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
