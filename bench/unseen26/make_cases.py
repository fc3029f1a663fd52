"""Write bench/unseen26/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen24 (bench/unseen6/make_common.py).
Usage: python bench/unseen26/make_cases.py /work/cache/unseen26 bench/unseen26/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("princeton-gres1-constraint-gpu80-mail-x3-module-purge-anaconda-conda-activate-python-no-args-no-final-newline", "slurm"),
         "jane2620/finetuning-fairness", "slurm/finetune.slurm",
         "Princeton Research Computing (Della assumed: --constraint=gpu80, anaconda3/2024.6, a princeton.edu mail)", "princeton-della",
         ["constraint-gpu80", "module-purge", "site-anaconda-module", "conda-activate-env", "program-no-args", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run_finetuning.py", args=[],
         keep_text=["python run_finetuning.py"],
         setup=[S("conda activate FairTune")],
         source_only=["--constraint=gpu80", "module load anaconda3/2024.6"],
         refuse_words=["gpu80", "FairTune", "anaconda3/2024.6"],
         assumptions=["1 node, 1 task, --gres=gpu:1, --constraint=gpu80, 80G, 2 h, three --mail-type lines and a mail "
                      "user: module purge, the site anaconda3/2024.6 module, `conda activate FairTune`, then `python "
                      "run_finetuning.py` (no arguments, no final newline). Right: 1 process on 1 GPU (an 80 GB GPU "
                      "where the target has one, or a note), the conda env kept or named, the constraint and the site "
                      "module replaced with notes."]),
    case(fam("unc-charlotte-partition-GPU-gres1-mail-banner-echoes-set-euo-cd-submit-dir-home-venv-pythonpath-two-stages-python-u", "slurm"),
         "SamKhan32/argo-latent-ode", "slurm/finetune.slurm",
         "UNC Charlotte (partition GPU; a charlotte.edu mail; cluster assumed from the mail domain)", "unc-charlotte",
         ["two-programs-in-sequence", "set-euo", "cd-submit-dir", "home-venv", "pythonpath-conditional-append",
          "commented-alternative-stages", "banner-echoes-slurm-vars"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run/main.py", args=["--stage", "finetune"],
         other_runs=[R("run/main.py", ["--stage", "extrapolation"])],
         keep_text=["python -u run/main.py --stage finetune", "python -u run/main.py --stage extrapolation"],
         setup=[S("set -euo pipefail"), S("cd $SLURM_SUBMIT_DIR"), S("mkdir -p logs checkpoints results"),
                S("source ~/envs/ocean/bin/activate"), S("export PYTHONPATH=$SLURM_SUBMIT_DIR${PYTHONPATH:+:$PYTHONPATH}")],
         source_only=["--partition=GPU"],
         refuse_words=["SLURM_SUBMIT_DIR", "~/envs/ocean", "--partition=GPU"],
         assumptions=["6 h, 1 task, 4 CPUs, 32G, partition GPU, --gres=gpu:1, logs under logs/, mail: a banner of echoes "
                      "($SLURM_SUBMIT_DIR, $SLURM_JOBID, $SLURM_JOB_NAME, $SLURM_JOB_PARTITION), set -euo pipefail, cd "
                      "$SLURM_SUBMIT_DIR, mkdir, a venv under ~/envs, PYTHONPATH with a conditional append, then two "
                      "stages in sequence: `python -u run/main.py --stage finetune` and `... --stage extrapolation` "
                      "(other stages commented out), end echoes. Right: both runs kept in order as 1 process on 1 GPU, "
                      "the Slurm variables mapped on a PBS target (the submit dir, job id/name, partition/queue), the "
                      "venv kept or named, the partition replaced."]),
    case(fam("olcf-trn040-space-in-hash-sbatch-directives-all-inert-gpus-per-node4-intended-module-cuda-abs-venv-python-lora-args-no-final-newline", "slurm"),
         "vjodoin1/lamma_finetune", "slurm/finetune.slurm",
         "OLCF (project trn040, /gpfs/wolf2/olcf: an OLCF training allocation; cluster assumed from the paths)", "olcf-wolf2",
         ["directives-written-hash-space-sbatch-inert", "intended-gpus-per-node4-one-process", "absolute-venv",
          "absolute-gpfs-paths", "lora-args", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="../scripts/finetune.py",
         args=["--model_dir", "/gpfs/wolf2/olcf/trn040/world-shared/vjodo/models/Llama-2-7b-hf",
               "--data_dir", "/gpfs/wolf2/olcf/trn040/world-shared/vjodo/data/alpaca",
               "--output_dir", "/gpfs/wolf2/olcf/trn040/world-shared/vjodo/checkpoints/llama2_alpaca",
               "--batch_size", "8", "--micro_batch_size", "1", "--num_epochs", "3", "--lr", "2e-5",
               "--lora_r", "64", "--lora_alpha", "16", "--lora_dropout", "0.05"],
         keep_text=["python ../scripts/finetune.py"],
         setup=[S("source /gpfs/wolf2/olcf/trn040/world-shared/vjodo/envs/llama-ft/bin/activate")],
         source_only=["module load cuda/12.2", "# SBATCH -A trn040", "# SBATCH --gpus-per-node=4"],
         accounts=["trn040"],
         refuse_words=["# SBATCH", "trn040", "/gpfs/wolf2", "--gpus-per-node=4", "comment"],
         assumptions=["Every directive is written `# SBATCH` (a space after the hash): sbatch reads none of them, so as "
                      "submitted the job gets the site defaults (no account, no GPU, default time). What they say is "
                      "-A trn040, -J llama-ft, logs in ../logs, 10 h, 1 node, --gpus-per-node=4, 32 CPUs a task, "
                      "--mem=0. Body: module cuda/12.2, an absolute venv under /gpfs/wolf2/olcf/trn040, then one `python "
                      "../scripts/finetune.py --model_dir ... --lora_dropout 0.05` (one process; no final newline). "
                      "Right: a port that says the source directives were inert comments and ports the intended request "
                      "(1 process, the 4 GPUs on one node, or 1 GPU with a note) keeping the program and its arguments, "
                      "the /gpfs/wolf2 paths and the venv named; an ask naming the `# SBATCH` lines is also right. A "
                      "port that silently reads the commented lines as the request is wrong_silent."]),
    case(fam("unnamed-gres1-comment-usage-set-euo-module-cuda-trailing-spaces-home-venv-hf-token-required-wandb-offline-prepare-train-eval-three-pythons", "slurm"),
         "juliusbroomfield/BlindSpots", "scripts/finetune.slurm",
         "An unnamed Slurm cluster (--gres=gpu:1 with an A100 40GB comment; no partition, no account)", "unnamed-cluster",
         ["three-programs-in-sequence", "required-env-var-check", "wandb-offline-fallback", "set-euo", "home-venv",
          "usage-comment-names-another-file", "date-in-argument"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="mitigations/sft/finetune_lora.py",
         args=["--train", "finetune_data/train.jsonl", "--val", "finetune_data/val.jsonl", "--output", "checkpoints",
               "--run-name", '"llama-3.1-8b-lora-$(date +%Y%m%d)"'],
         other_runs=[R("mitigations/sft/prepare_finetune_data.py", []),
                     R("mitigations/sft/finetune_lora.py", ["--eval-only", "--checkpoint", "checkpoints/best", "--held-out", "finetune_data/held_out.jsonl"])],
         keep_text=["HF_TOKEN:?export HF_TOKEN", 'export WANDB_MODE=offline'],
         setup=[S("set -euo pipefail"), S("source ~/envs/blindspot/bin/activate"), S("mkdir -p logs checkpoints finetune_data"),
                S('export WANDB_PROJECT="${WANDB_PROJECT:-blindspot-sft}"')],
         source_only=["module load cuda/12.1"],
         refuse_words=["HF_TOKEN", "~/envs/blindspot", "cuda/12.1", "WANDB_API_KEY"],
         assumptions=["1 node, 1 task, 8 CPUs, --gres=gpu:1 (comment: an A100 40GB fits 8B with LoRA), 48G, 12 h, logs "
                      "under logs/: set -euo pipefail, module cuda/12.1 (trailing spaces), a venv under ~/envs, mkdirs, "
                      "`: \"${HF_TOKEN:?...}\"` (the job stops unless HF_TOKEN is exported at submit), WANDB_PROJECT "
                      "default and WANDB_MODE=offline when no key, then three runs in order: prepare_finetune_data.py, "
                      "finetune_lora.py (train, run name with the date) and finetune_lora.py --eval-only. The usage "
                      "comment names scripts/run_finetune.slurm (not this file). Right: the three runs kept in order "
                      "on 1 GPU, the HF_TOKEN requirement kept and named (it must be exported for the target's "
                      "sbatch/qsub too), the venv kept or named, the cuda module replaced."]),
    case(fam("unimore-aimagelab-all-usr-prod-ntasks-per-node2-gres2-conda-init-block-ifs-read-nodelist-free-port-comm-ss-torchrun-no-nproc-no-final-newline", "slurm"),
         "IloDan/GX_alBERTo", "train_ddp.sbatch",
         "UNIMORE AImageLab cluster (partition all_usr_prod, account ai4bio2023; Italian comments)", "unimore-aimagelab",
         ["torchrun-without-nproc-default-one", "tasks-and-gpus-2-unused", "conda-init-block-abs-anaconda",
          "master-addr-from-ifs-read", "free-port-from-comm-ss", "no-final-newline", "italian-comments"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=1, gpus_per_node=2,
         strategy="ddp", strategy_in_script=False,
         program="train_no_met_ddp.py", args=[],
         keep_text=["torchrun train_no_met_ddp.py", "IFS=',' read -r -a nodelist <<<$SLURM_NODELIST",
                    "export MASTER_PORT=`comm -23"],
         setup=[S("conda activate AIE"), S("export CUDA_HOME=/usr/local/cuda")],
         source_only=["--partition=all_usr_prod", "/usr/local/anaconda3"],
         accounts=["ai4bio2023"],
         refuse_words=["nproc_per_node", "all_usr_prod", "ai4bio2023", "/usr/local/anaconda3", "MASTER_PORT"],
         assumptions=["1 node, 2 tasks a node, 8 CPUs a task, 1 thread a core, --gres=gpu:2, 50G, 24 h, partition "
                      "all_usr_prod, account ai4bio2023: a pasted `conda init` block for /usr/local/anaconda3 (Italian "
                      "comments), `conda activate AIE`, MASTER_ADDR from the first entry of $SLURM_NODELIST (IFS read), a "
                      "free MASTER_PORT chosen with comm/ss/shuf, CUDA_HOME, then `torchrun train_no_met_ddp.py` run once "
                      "in the batch shell with no --nproc_per_node: torchrun's default is 1 worker, so one process runs "
                      "although 2 tasks and 2 GPUs are asked (no final newline). Right: the one-worker launch kept as "
                      "written with a note that it uses 1 of the 2 GPUs (or an ask); a port that silently makes it 2 "
                      "workers changes the job (acceptable only with a note saying so); the anaconda path, partition "
                      "and account replaced or named."]),
    case(fam("nyu-greene-gres2-requeue-signal-usr1-90-mail-singularity-nv-overlay-rw-tab-indented-bash-c-source-ext3-env-abs-python", "slurm"),
         "tanmayy24/mask_dl_final", "slurm/finetune.slurm",
         "NYU HPC Greene (overlay ext3 + /scratch/work singularity image, an nyu.edu mail; assumed from the paths)", "nyu-greene",
         ["singularity-overlay-rw", "bash-c-in-container", "source-ext3-env", "requeue-signal", "gres2-one-process",
          "tab-indented-continuations", "long-checkpoint-variable"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="/scratch/tk3309/mask_dl_final/finetune.py",
         args=["--simvp_path", "/scratch/tk3309/mask_dl_final/slurm/checkpoints/${checkpoint}"],
         container_image="/scratch/tk3309/DL24/cuda11.8.86-cudnn8.7-devel-ubuntu22.04.2.sif",
         keep_text=["--overlay ${overlay_path}:rw", "source /ext3/env.sh;"],
         setup=[S('overlay_path="/scratch/tk3309/DL24/overlay-50G-10M.ext3"'), S('checkpoint="in_shape=11-49-160-240')],
         source_only=["/scratch/tk3309/DL24/cuda11.8.86-cudnn8.7-devel-ubuntu22.04.2.sif", "--signal=SIGUSR1@90"],
         refuse_words=["singularity", "overlay", "/scratch/tk3309", "requeue", "SIGUSR1"],
         assumptions=["1 node, 8 CPUs, 12 h, 32GB, --gres=gpu:2, logs/, --requeue, --signal=SIGUSR1@90, mail: an overlay path "
                      "and a long checkpoint file name in variables, then `singularity exec --nv --overlay "
                      "${overlay_path}:rw <cuda11.8 sif> /bin/bash -c \"source /ext3/env.sh; python "
                      "/scratch/.../finetune.py --simvp_path .../${checkpoint}\"` (tab-indented continuation lines). One "
                      "process sees both GPUs. Right: 1 process with 2 GPUs on one node inside the same container and "
                      "overlay (carried with the target's apptainer/singularity and a note that the image and the "
                      "/scratch/tk3309 overlay must be copied), requeue/signal carried or noted; dropping the container "
                      "silently is wrong."]),
    case(fam("nchc-twcc-account-mst-partition-dev-gres1-abs-env-torchrun-var-free-port-python-c-socket-nnodes1-nproc1-yaml-config-chinese-comments", "slurm"),
         "choutilin/makani", "submit_train.sh",
         "NCHC Taiwania 2 / TWCC (account MST112107, partition dev; Chinese comments on gp1d..gp4d partitions)", "nchc-twcc",
         ["torchrun-from-absolute-env-variable", "free-port-from-python-socket", "no-env-activation",
          "commented-mpi-block", "chinese-comments", "globus-notes-in-comments"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="makani/train.py", args=["--yaml_config=config/sfnonet.yaml", "--config=large_test1"],
         keep_text=["$TORCHRUN --master_port=$FREE_PORT"],
         setup=[S("TORCHRUN=/work/lkkbox945/models/makani/env/bin/torchrun"), S("FREE_PORT=$(python -c")],
         source_only=["--partition=dev"],
         accounts=["MST112107"],
         refuse_words=["/work/lkkbox945", "MST112107", "TORCHRUN", "--partition=dev"],
         assumptions=["TWCC: 1 task a node, --gres=gpu:1, account MST112107, partition dev (no time, no node count): date, "
                      "TORCHRUN set to an absolute torchrun under /work/lkkbox945/.../env, a free port picked by `python "
                      "-c` (whatever python is on PATH: no environment is activated), then `$TORCHRUN "
                      "--master_port=$FREE_PORT --nnodes=1 --nproc_per_node=1 makani/train.py "
                      "--yaml_config=config/sfnonet.yaml --config=large_test1`, date; the rest is a commented MPI block "
                      "and Chinese/Globus notes. Right: 1 worker on 1 GPU with the absolute torchrun kept or named (an "
                      "env on the source's /work), the port pick kept, the account and partition replaced."]),
    case(fam("ncsa-blue-waters-pbs-nodes-01-ppn16-xk-no-shebang-jobid-logs-bwpy-module-cd-home-scratch-aprun-n1-N1-python", "pbs"),
         "killamocingbird/IE498-Final", "run_job.pbs",
         "NCSA Blue Waters (Torque/Moab PBS; an XK node with one K20X GPU; aprun; bwpy)", "ncsa-bluewaters",
         ["aprun-launch", "xk-node-feature", "no-shebang", "bwpy-module", "pbs-jobid-in-log-names"],
         launch_model="per_rank", launcher="aprun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="mainHD.py", args=[],
         setup=[S("cd ~/scratch/IE498-Final")],
         source_only=["#PBS -l nodes=01:ppn=16:xk", "module load bwpy/2.0.1"],
         refuse_words=["aprun", "bwpy", "xk", "~/scratch"],
         assumptions=["Blue Waters (no shebang): nodes=01:ppn=16:xk (one XK node: 16 cores, 1 GPU), 24 h, job name Final, "
                      "-e/-o named after $PBS_JOBID: module bwpy/2.0.1 (Blue Waters python), cd ~/scratch/IE498-Final, "
                      "then `aprun -n 1 -N 1 python mainHD.py` (one rank; mainHD.py trains on cuda). Right: 1 process "
                      "on 1 GPU launched with the target's launcher (or plain python), aprun and bwpy replaced with "
                      "notes (bwpy has no equivalent: the user's python env must be named), ~/scratch named, the "
                      "log names mapped to the target's job id."]),
    case(fam("tacc-lonestar6-gpu-a100-small-mss-account-sample-header-comments-abs-work-venv-python3-no-args", "slurm"),
         "FunnyEngineer/CityTFT", "submit_train.sh",
         "TACC Lonestar6 (partition gpu-a100-small, account MSS23005; TACC's sample serial header kept)", "lonestar6",
         ["tacc-sample-header", "gpu-a100-small-slice", "absolute-work-venv", "commented-modules", "program-no-args"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/12_multi_urban_train.py", args=[],
         keep_text=["python3 src/12_multi_urban_train.py"],
         setup=[S("source /work/08388/tudai/ls6/envs/mae/bin/activate")],
         source_only=["-p gpu-a100-small"],
         accounts=["MSS23005"],
         refuse_words=["/work/08388", "MSS23005", "gpu-a100-small"],
         assumptions=["Lonestar6, TACC's `milan.serial.slurm` sample header: -J, -o/-e, -p gpu-a100-small (one A100 "
                      "slice), -N 1, -n 1, -A MSS23005, 48 h, mail: cuda/cudnn/nccl modules commented out, a venv under "
                      "/work/08388/tudai/ls6, then `python3 src/12_multi_urban_train.py`. Right: 1 process on 1 GPU, the "
                      "LS6 venv named (an LS6 path), the partition and account replaced."]),
    case(fam("thaisc-lanta-gpu-gpus-per-node2-project-placeholder-module-restore-mamba-conda-prefix-placeholder-nccl-hsn-port-shuf-accelerate-multi-gpu-nproc2-deepspeed-arg-trailing-backslash-eof", "slurm"),
         "boss-chanon/tutorial_grpo_on_lanta", "submit_train.sh",
         "ThaiSC LANTA (HPE Cray; partition gpu, NCCL on the hsn interface, module restore + Mamba; a tutorial repository)", "thaisc-lanta",
         ["accelerate-multi-gpu-nproc2", "deepspeed-config-as-program-arg", "placeholders-project-and-paths",
          "module-restore", "conda-deactivate-activate-prefix", "nccl-socket-ifname-hsn", "random-port-shuf",
          "trailing-backslash-at-eof-no-newline"],
         launch_model="launcher", launcher="accelerate", total_ranks=2, nodes=1, gpus_per_node=2,
         strategy="deepspeed", strategy_in_script=True,
         program="train.py",
         args=["--model_name", "/path/to/your/model", "--dataset_path", "/path/to/your/gms8k/dataset", "--use_lora", "True",
               "--deepspeed", "/path/to/your/deepspeed/config", "--output_dir", "/path/to/your/output",
               "--per_device_train_batch_size", "4", "--num_generations", "8", "--bf16", "True",
               "--save_strategy", '"steps"', "--save_steps", "10"],
         keep_text=["accelerate launch", "--num_processes 2", "--main_process_port $PORT"],
         setup=[S("conda deactivate"), S("conda activate /path/to/your/conda/env"), S("export NCCL_SOCKET_IFNAME=hsn"),
                S("export WANDB_MODE=\"offline\""), S("export HF_HOME=./.cache"), S("export PORT=$(shuf -i 0-65535 -n 1)")],
         source_only=["module restore", "module load Mamba", "module load gcc/10.3.0"],
         accounts=["{your_project_id}"],
         refuse_words=["{your_project_id}", "/path/to/your", "hsn", "Mamba"],
         assumptions=["LANTA: partition gpu, 1 node, 32 CPUs, 1 task a node, --gpus-per-node=2, 1 h, -A {your_project_id} "
                      "(a placeholder), logs/: module restore, Mamba, cuda, gcc/10.3.0, `conda deactivate` + `conda "
                      "activate /path/to/your/conda/env`, NCCL exports (NCCL_SOCKET_IFNAME=hsn), offline wandb, HF caches "
                      "under ./.cache, PORT from shuf, then `accelerate launch --num_machines 1 --num_processes 2 "
                      "--multi_gpu --mixed_precision fp16 --main_process_port $PORT train.py ... --deepspeed "
                      "/path/to/your/deepspeed/config ... --save_steps 10 \\` (the file ends on that backslash, no "
                      "newline). Right: 2 processes on one node with 2 GPUs, the accelerate options kept, the placeholders "
                      "(project, /path/to/your/...) named as left for the user, the hsn interface name named (it is "
                      "LANTA's; right on Perlmutter, wrong elsewhere), the LANTA modules replaced."]),
    case(fam("sheffield-stanage-multi-partition-qos-gpu-array-0-15-nested-lr-sigma-loops-index-match-apptainer-exec-nv-exp-sif-wrapper-script-positionals-exit", "slurm"),
         "Mattias421/hotchoc", "submit_train.sh",
         "University of Sheffield Stanage (partitions gpu, gpu-h100, gpu-h100-nvl; qos gpu; $EXP set by the user's profile)", "sheffield-stanage",
         ["array-index-picks-loop-combination", "nested-loops", "apptainer-exec-wrapper-script", "wrapper-positionals",
          "array-smaller-than-grid", "multi-partition"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./train_text.sh", args=["$sigma_min", "$lr"],
         container_image="$EXP/apptainer/unsupgan.sif",
         keep_text=['if [ "$job_count" -eq "$SLURM_ARRAY_TASK_ID" ]; then', "for lr in 0.001 0.0002 0.0001 0.00001; do",
                    "exit 0"],
         setup=[S("mkdir -p logs")],
         source_only=["--partition=gpu,gpu-h100,gpu-h100-nvl", "--qos=gpu"],
         refuse_words=["array", "apptainer", "$EXP", "train_text.sh", "gpu-h100"],
         assumptions=["--array=0-15, 15 h, 1 CPU, 64G, logs/%x-%a.out, partitions gpu,gpu-h100,gpu-h100-nvl, qos gpu, "
                      "--gres=gpu:1: mkdir logs, an echo, then two nested loops (4 lr x 5 sigma_min = 20 combinations; "
                      "the array has 16, so the last 4 never run) in which the task whose counter equals "
                      "$SLURM_ARRAY_TASK_ID runs `apptainer exec --nv $EXP/apptainer/unsupgan.sif ./train_text.sh "
                      "$sigma_min $lr` and exits. train_text.sh (a user wrapper) runs fairseq-hydra-train. Right: a "
                      "16-task array, 1 GPU a task, the loops and the container line kept verbatim ($SLURM_ARRAY_TASK_ID "
                      "mapped on a PBS target), $EXP and the image named, the partitions/qos replaced."]),
    case(fam("unsw-katana-pbs-select-ncpus16-ngpus2-mem92gb-abs-home-venv-cd-home-commented-kitti-staging-python3-main-then-eval", "pbs"),
         "jou-98/Complex-YOLO", "run_job.pbs",
         "UNSW Katana (PBS Pro; a z-ID home /home/z5211173)", "unsw-katana",
         ["pbs-select-ngpus2-one-process", "two-programs-train-then-eval", "absolute-home-venv",
          "commented-data-staging-block", "output-to-absolute-path"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="main.py", args=[],
         other_runs=[R("eval.py", [])],
         keep_text=["python3 main.py", "python3 eval.py"],
         setup=[S("source /home/z5211173/.venvs/Complex-YOLO/bin/activate"), S("cd /home/z5211173/Complex-YOLO")],
         source_only=["#PBS -o /home/z5211173/Complex-YOLO/job_output.txt"],
         refuse_words=["/home/z5211173", "ngpus=2", "eval.py"],
         assumptions=["Katana: select=1:ncpus=16:ngpus=2:mem=92gb, 11 h, -o to an absolute file: a venv under /home/z5211173, "
                      "cd to the project, a long commented-out KITTI download/unzip/sed block, then `python3 main.py` and "
                      "`python3 eval.py` in order (each one process seeing the 2 GPUs). Right: both programs kept in order "
                      "on one node with 2 GPUs (16 CPUs, 92 GB), the /home/z5211173 venv and paths named."]),
    case(fam("nscc-aspire2a-pbs-personal-project-queue-normal-select-ngpus1-cd-workdir-miniforge-cuda-modules-conda-hook-numba-exports-nvidia-smi-three-pythons-heredoc-python-check", "pbs"),
         "RoKenobi/Gpu-Failure-Analysis-V1-Binary", "run_job.pbs",
         "NSCC Singapore ASPIRE 2A (PBS Pro; project personal-rohan023, queue normal)", "nscc-aspire2a",
         ["three-programs-in-sequence", "heredoc-python-after", "numba-cuda-env-from-conda-prefix", "conda-hook-from-conda-info",
          "two-cds-workdir-then-home", "nvidia-smi"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/ml_detector.py", args=[],
         other_runs=[R("src/cuda_simulator.py", []), R("src/graph_analyzer.py", [])],
         keep_text=["python - <<EOF", "import numba"],
         setup=[S("cd $PBS_O_WORKDIR"), S("source $(conda info --base)/etc/profile.d/conda.sh"), S("conda activate test_ai_amd"),
                S("export NUMBA_CUDA_NVVM=$CONDA_PREFIX/lib"), S("export NUMBA_CUDA_LIBDEVICE=$CONDA_PREFIX/lib/device"),
                S("cd $HOME/AMDProjects/gpu-failure-platform")],
         source_only=["module load miniforge3", "module load cuda/12.2.2", "#PBS -q normal"],
         accounts=["personal-rohan023"],
         refuse_words=["PBS_O_WORKDIR", "personal-rohan023", "miniforge3", "$HOME/AMDProjects"],
         assumptions=["ASPIRE 2A: select=1:ncpus=16:mem=110G:ngpus=1, 2 h, queue normal, -P personal-rohan023, logs/: cd "
                      "$PBS_O_WORKDIR, echoes, miniforge3 and cuda/12.2.2 modules, the conda hook from `conda info "
                      "--base`, `conda activate test_ai_amd`, NUMBA_CUDA_NVVM/LIBDEVICE from $CONDA_PREFIX, nvidia-smi, cd "
                      "$HOME/AMDProjects/gpu-failure-platform, then three programs in order (src/cuda_simulator.py, "
                      "src/graph_analyzer.py, src/ml_detector.py: the training) and a `python - <<EOF` numba check. "
                      "Right: all of it kept in order on 1 GPU, $PBS_O_WORKDIR mapped on a Slurm target, the modules "
                      "replaced, the conda env named."]),
    case(fam("ucl-cs-sge-no-shebang-tmem-h-rt-seconds-gpu-true-gpu-type-a6000-pe-gpu2-S-bash-cwd-share-apps-python-cuda-sources-home-venv-python3-one-process", "sge"),
         "edshkim98/HalluGen", "train.qsub.sh",
         "UCL Computer Science cluster (SGE; -l tmem, gpu=True,gpu_type=a6000, -pe gpu 2; /share/apps sources)", "ucl-cs",
         ["sge-pe-gpu2-one-process", "no-shebang-S-bash", "h-rt-in-seconds", "share-apps-source-files", "home-venv",
          "centre-template-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="image_train.py", args=[],
         keep_text=["python3 image_train.py"],
         setup=[S("source /home/seunghki/skim_py39/bin/activate")],
         source_only=["source /share/apps/source_files/python/python-3.9.5.source", "export PATH=/share/apps/python-3.9.5-shared/bin:$PATH",
                      "source /share/apps/source_files/cuda/cuda-11.0.source", "#$ -l gpu=True,gpu_type=a6000", "#$ -pe gpu 2"],
         refuse_words=["/share/apps", "gpu_type=a6000", "-pe gpu", "/home/seunghki"],
         assumptions=["UCL CS (the centre's template comments, no shebang; -S /bin/bash): tmem=40G, h_rt=864000 s (10 days), "
                      "gpu=True,gpu_type=a6000, -pe gpu 2, -j y, -N ZeroTwo, -cwd: /share/apps python-3.9.5 and cuda-11.0 "
                      "source files, PATH/LD_LIBRARY_PATH to /share/apps, a venv under /home/seunghki, then `python3 "
                      "image_train.py` (one process with 2 A6000s). Right: 1 process with 2 GPUs on one node, run in the "
                      "submit directory, the /share/apps set-up replaced with notes, the venv named, the 10-day limit "
                      "capped to the target's with a note."]),
    case(fam("dtu-lsf-gpua100-gpu-num1-exclusive-span-hosts1-rusage-n4-W72-template-tpl-placeholders-set-euo-uv-env-file-uv-sync-uv-run-python-c-copy-trainer-uv-run-nnunet", "lsf"),
         "linusjuni/spinal-fairness", "jobs/train.sh",
         "DTU HPC (LSF; queue gpua100)", "dtu-hpc",
         ["template-placeholders-filled-by-submit-script", "uv-sync-in-job", "uv-run-console-entry", "copy-into-site-packages",
          "set-euo", "env-file-for-uv"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="nnUNetv2_train",
         args=["${DATASET_ID}", "${CONFIG}", "${FOLD}", "--npz", "-p", "${PLANS}", "-tr", "${TRAINER}"],
         keep_text=["uv run nnUNetv2_train", "CONFIG=TPLCONFIG", "FOLD=TPLFOLD", 'cp "${TRAINER_SRC}" "${TRAINER_DST}"'],
         setup=[S("set -euo pipefail"), S('export UV_ENV_FILE=".env"'), S("export OMP_NUM_THREADS=1"),
                S("export nnUNet_n_proc_DA=2"), S("mkdir -p jobs/logs"), S("uv sync")],
         source_only=["#BSUB -q gpua100", '#BSUB -gpu "num=1:mode=exclusive_process"'],
         refuse_words=["TPLCONFIG", "TPLFOLD", "submit.sh", "gpua100", "uv"],
         assumptions=["DTU LSF: -J cspine_TPLCONFIG_TPLFOLD, queue gpua100, 1 GPU exclusive_process, span[hosts=1], 8GB a "
                      "core, -n 4, 72 h, logs named with TPLCONFIG/TPLFOLD: the file is a template (its comment: "
                      "\"replaced by submit.sh\"), CONFIG=TPLCONFIG and FOLD=TPLFOLD are filled by sed before bsub. Body: "
                      "set -euo pipefail, UV_ENV_FILE=.env, thread limits, mkdir, `uv sync`, a custom trainer copied into "
                      "the nnunetv2 package found with `uv run python -c`, then `uv run nnUNetv2_train ${DATASET_ID} "
                      "${CONFIG} ${FOLD} --npz -p ${PLANS} -tr ${TRAINER}`. Right: 1 process on 1 GPU with the uv steps, "
                      "the copy and the `uv run` launch kept, and the TPL placeholders kept as placeholders with a note "
                      "that submit.sh fills them (or an ask naming them); a port that drops `uv run` or fills the "
                      "placeholders with a guess is wrong."]),
    case(fam("eth-euler-partition-gpu-gres-v100-4-mem-per-cpu-40g-bashrc-conda-hf-offline-torchrun-nproc4-master-127-abs-cluster-work-program-positionals-no-final-newline", "slurm"),
         "leonardosalsi/msc_thesis", "jobs/train.sh",
         "ETH Zurich Euler (/cluster/work/grlab; -p gpu, --gres=gpu:v100:4)", "eth-euler",
         ["torchrun-nproc4-fixed-master", "absolute-cluster-work-program", "positional-program-args", "bashrc-conda",
          "hf-offline", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="/cluster/work/grlab/projects/projects2024-petagraph-input-optimisation-msc-thesis/msc_thesis/train_model.py",
         args=["multi_genome_dataset", "OverlappingEsmTokenizerWithNSkipping", "1200", "--shannon", "1.35", "1.8", "--gc", "0.4", "0.6"],
         keep_text=["--master_addr=127.0.0.1 --master_port=29500"],
         setup=[S("source ~/.bashrc"), S("conda activate gpu_env"), S("export HF_DATASETS_OFFLINE=1"), S("export HF_HUB_OFFLINE=1")],
         source_only=["#SBATCH -p gpu", "--gres=gpu:v100:4"],
         refuse_words=["/cluster/work/grlab", "v100", "gpu_env"],
         assumptions=["Euler: 4 CPUs, 72 h, 40G a CPU, -p gpu, --gres=gpu:v100:4, out/ log: ~/.bashrc, `conda activate "
                      "gpu_env`, HF offline exports, then `torchrun --nproc_per_node=4 --master_addr=127.0.0.1 "
                      "--master_port=29500 /cluster/work/grlab/.../train_model.py multi_genome_dataset "
                      "OverlappingEsmTokenizerWithNSkipping 1200 --shannon 1.35 1.8 --gc 0.4 0.6` (no final newline). "
                      "Right: 4 workers on one node with 4 GPUs (the target's count with a note where it differs), the "
                      "/cluster/work program path named, the conda env named, the V100 gres replaced."]),
    case(fam("alcf-polaris-pbs-select2-debug-datascience-cd-workdir-conda-module-bare-conda-activate-nodefile-ranks-mpiexec-ppn4-depth-mpi4py-hello-then-horovod-tf-training", "pbs"),
         "jtchilders/randles_esp", "qsub_polaris.sh",
         "ALCF Polaris (PBS Pro; select=2:system=polaris, queue debug, project datascience; an ALCF staff member's research repository)", "polaris",
         ["mpiexec-per-rank-ppn4", "ranks-from-nodefile", "mpi4py-hello-before-training", "horovod-tensorflow",
          "bare-conda-activate", "omp-env-on-mpiexec", "pbs-jobid-log-names"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=8, nodes=2, gpus_per_node=4,
         framework="tensorflow", strategy="horovod", strategy_in_script=False,
         publisher="staff",
         program="/home/parton/git/randles_esp/run_training_v4.py", args=[],
         keep_text=["import mpi4py.MPI as mpi"],
         setup=[S("cd $PBS_O_WORKDIR"), S("conda activate"), S("export OMP_NUM_THREADS=16")],
         source_only=["module load conda/2022-07-19", "#PBS -q debug"],
         accounts=["datascience"],
         refuse_words=["/home/parton", "datascience", "conda/2022-07-19", "PBS_NODEFILE", "mpiexec"],
         assumptions=["Polaris: select=2:system=polaris, 60 min, queue debug, -A datascience, logs named by $PBS_JOBID: cd "
                      "$PBS_O_WORKDIR, module conda/2022-07-19 + bare `conda activate` (the module's base env), echoes, "
                      "NODES from $PBS_NODEFILE, 4 GPUs a node, RANKS=NODES*4, OMP_NUM_THREADS=16, then two mpiexec "
                      "launches with -n $RANKS --ppn 4 --depth --cpu-bind depth: an mpi4py hello (`python -c ...`) and "
                      "the training `python /home/parton/git/randles_esp/run_training_v4.py` (Horovod TensorFlow, one "
                      "rank a GPU). Right: 8 ranks, 4 a node on 2 nodes (the target's GPUs a node with the rank count "
                      "changed together and said), both launches kept in order, the ALCF conda module replaced with a "
                      "note (the TF/Horovod env must exist on the target), /home/parton named."]),
    case(fam("ufrgs-pcad-tupi-nodelist-exclusive-no-gpu-request-set-euo-required-env-from-submit-workflow-conda-cuda-visible-default-darshan-ld-preload-mapfile-loop-python-train-script-var-mv-model", "slurm"),
         "ArthurAndradee/drishti-pdebench-io", "jobs/train.sh",
         "UFRGS PCAD (partition tupi, node tupi6, --exclusive; Darshan I/O tracing)", "ufrgs-pcad",
         ["required-env-vars-from-submit-workflow", "program-name-from-variable", "loop-over-data-files", "darshan-ld-preload",
          "no-gpu-request-exclusive-node", "mv-newest-output-after-each-run", "emoji-echoes", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program='"${TRAIN_SCRIPT}"',
         args=['"${COMMON_ARGS[@]}"', '"++args.filename=${FILENAME}"', '"++args.epochs=${EPOCHS_PER_FILE}"',
               '"++args.if_training=true"', '"++args.continue_training=false"'],
         keep_text=[': "${RUN_NAME:?RUN_NAME not set}"', 'export LD_PRELOAD="$DARSHAN_ROOT/lib/libdarshan.so"',
                    "mapfile -t DATAFILES", 'TRAIN_SCRIPT="train_models_forward_${TRAIN_VARIANT}.py"',
                    'mv "${GENERATED_MODEL}" "${TRAINED_MODELS_DIR}/${FINAL_NAME}"'],
         setup=[S("set -euo pipefail"), S("source ~/miniconda3/etc/profile.d/conda.sh"), S('conda activate "${CONDA_ENV_PATH}"'),
                S('export CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0}"'), S("cd /scratch/aadsilva/erad-2026/PDEBench/pdebench/models"),
                S('mkdir -p "${TRAINED_MODELS_DIR}"')],
         source_only=["--partition=tupi", "--nodelist=tupi6"],
         refuse_words=["submit_workflow.sh", "RUN_NAME", "TRAIN_VARIANT", "tupi6", "Darshan", "/scratch/aadsilva"],
         assumptions=["tupi6 (partition tupi, --exclusive, 12 h; no GPU directive: the whole node, CUDA_VISIBLE_DEVICES "
                      "defaults to 0): set -euo pipefail, 13 variables required from submit_workflow.sh (`: "
                      "\"${VAR:?...}\"`, passed with sbatch --export), conda, cd to an absolute /scratch path, Darshan "
                      "exports and LD_PRELOAD, data files found with mapfile/ls, COMMON_ARGS (hydra overrides), "
                      "TRAIN_SCRIPT=train_models_forward_${TRAIN_VARIANT}.py checked to exist, then a loop: one `python "
                      "\"${TRAIN_SCRIPT}\" ...` per data file, the newest *.pt renamed into TRAINED_MODELS_DIR, pickles "
                      "removed (no final newline). Right: the whole body kept verbatim as 1 process on 1 GPU (a GPU "
                      "requested explicitly on the target, said), the required variables named as submit-time inputs "
                      "(--export / qsub -v on the target), Darshan's LD_PRELOAD kept, tupi6 and /scratch/aadsilva named; "
                      "an ask naming submit_workflow.sh's variables is also right."]),
    case(fam("lanl-darwin-crlf-line-ends-volta-x86-nodelist-8-nodes-qos-long-mail-banner-hostname-master-scontrol-slaves-modules-source-activate-cd-home-srun-python-dist-url-world-size-ntasks", "slurm"),
         "cheny-lanl/PreMevE-MEO-2024", "jobs/train.sh",
         "LANL Darwin (partition volta-x86, nodes cn660-cn667, qos long; a lanl.gov mail)", "lanl-darwin",
         ["crlf-line-ends", "no-gpu-request-gpu-partition", "nodelist-pool", "master-from-hostname-backticks",
          "srun-single-rank-dist-url", "world-size-from-ntasks", "bash-l-shebang"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py",
         args=["--output_dir", "~/PreMevE_MEO/Space_code/ckpt", "--dist_url", "tcp://$MASTER:$MASTERPORT", "--world_size",
               "$SLURM_NTASKS", "--anno-path", "~/PreMevE_MEO/Space_code/dataset/2023_05_25", "--batch_size", "32",
               "--accum_iter", "2", "--model", "FluexNet_meta", "--ckpt_name", "besta", "--no-save_window"],
         keep_text=["MASTER=`/bin/hostname -s`", "srun python -u main.py"],
         setup=[S("source activate premev2024"), S("export OMP_NUM_THREADS=1"), S("cd ~/PreMevE_MEO/Space_code/src")],
         source_only=["--partition=volta-x86", "--nodelist=cn660,cn661,cn662,cn663,cn664,cn665,cn666,cn667", "--qos=long",
                      "module load cuda/11.3.1", "module load miniconda3/py39_4.10.3"],
         refuse_words=["volta-x86", "cn660", "--qos=long", "premev2024", "GPU"],
         assumptions=["The file has CRLF line ends (the harness reads it with universal newlines; bash on the cluster would "
                      "see the carriage returns). Darwin (bash -l): 1 node, 1 task, 16 CPUs, 32768 MB a CPU, partition "
                      "volta-x86, --nodelist of 8 nodes (a pool), qos long, 48 h, mail; no GPU directive. Body: echoes, "
                      "MASTER=`hostname -s`, SLAVES from scontrol minus the master, MASTERPORT=6000, modules cuda/11.3.1 "
                      "and miniconda3, `source activate premev2024`, OMP_NUM_THREADS=1, cd ~/PreMevE_MEO/Space_code/src, "
                      "then `srun python -u main.py --dist_url tcp://$MASTER:$MASTERPORT --world_size $SLURM_NTASKS ...` "
                      "(one rank). Right: 1 rank on 1 GPU (the GPU requested explicitly on the target, said), "
                      "$SLURM_NTASKS and the master variables mapped on a PBS target, the nodelist/partition/qos and "
                      "modules replaced with notes, the env named."]),
    case(fam("yale-bouchet-gpfs-radev-partition-gpu-gres-a100-1-knobs-block-routing-export-dir-jobid-modules-gcccore-cuda-miniconda-conda-bash-arrays-flags-python-abs-finetune-main-many-args-cheat-sheet", "slurm"),
         "0oJimmyo0/EEGxPlore", "scripts/submit_train.slurm",
         "Yale YCRC Bouchet (/gpfs/radev; partition gpu, --gres=gpu:a100:1)", "yale-bouchet",
         ["bash-array-flags-expanded-in-launch", "knobs-block-at-top", "jobid-in-export-dir", "absolute-gpfs-program",
          "easybuild-modules", "long-comment-cheat-sheet-after"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/gpfs/radev/project/xu_hua/mj756/EEG_F/model_rep/CBraMod/finetune_main.py",
         args=["--seed", '"$seed"', "--cuda", '"$cuda_id"', "--epochs", '"$epochs"', "--batch_size", '"$batch_size"', "--lr", '"$lr"',
               "--downstream_dataset", '"$downstream_dataset"', "--datasets_dir", '"$dataset_dir"', "--num_of_classes", "9",
               "--model_dir", '"$model_dir"', "--moe", "--moe_shared_specialist", "--moe_num_experts", "4", "--moe_top_k", "2",
               "--moe_expert_type", "typed"],
         keep_text=['"${PSD_FLAGS[@]}"', '"${ROUTING_FLAGS[@]}"', '"${TQDM_FLAGS[@]}"',
                    'ROUTING_EXPORT_DIR="/gpfs/radev/scratch/xu_hua/shared/models/checkpoints/routing_record_dir/run_${RUN_TAG}_${SLURM_JOB_ID}"'],
         setup=[S("conda activate cbramod"), S('mkdir -p "$model_dir"'), S('mkdir -p "$ROUTING_EXPORT_DIR"')],
         source_only=["--partition=gpu", "--gres=gpu:a100:1", "module load GCCcore/12.2.0", "module load CUDA/12.6.3",
                      "module load miniconda/24.3.0"],
         refuse_words=["/gpfs/radev", "a100", "cbramod", "SLURM_JOB_ID"],
         assumptions=["Bouchet: logs to absolute /gpfs/radev paths, partition gpu, --gres=gpu:a100:1, 1 task, 4 CPUs, 32G, 4 "
                      "h: a knobs block (USE_PSD, RUN_TAG, ROUTING_EXPORT_DIR with ${SLURM_JOB_ID}, splits, run name "
                      "from $SLURM_JOB_ID), GCCcore/CUDA/miniconda modules, `conda activate cbramod`, dataset and model "
                      "dirs under /gpfs/radev, hyperparameters, three bash arrays of optional flags, then one `python "
                      "/gpfs/radev/.../finetune_main.py --seed ... --moe_expert_type typed \"${PSD_FLAGS[@]}\" "
                      "\"${ROUTING_FLAGS[@]}\" \"${TQDM_FLAGS[@]}\"` and a long comment cheat sheet. Right: 1 process on 1 "
                      "GPU with the knobs, arrays and the full argument list kept verbatim, $SLURM_JOB_ID mapped on a PBS "
                      "target, the /gpfs/radev paths named, the modules replaced."]),
    case(fam("tacc-lonestar6-gpu-a100-small-mss-account-getopts-v-version-required-usage-exit-python3-module-abs-work-venv-env-flag-python3-version-arg", "slurm"),
         "FunnyEngineer/RL-BEM", "submit.sh",
         "TACC Lonestar6 (partition gpu-a100-small, account MSS23005; the same user as the CityTFT case, another repository)", "lonestar6",
         ["getopts-required-option-at-submit", "usage-and-exit", "tacc-python3-module", "absolute-work-venv", "env-flag-export"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/modeling/train_surrogate_model.py", args=["--version", "$version"],
         keep_text=['while getopts "v:" opt; do', "Usage: sbatch submit.sh -v your_version_string"],
         setup=[S("source /work/08388/tudai/ls6/envs/bem/bin/activate"), S("export HCP_ENVIRONMENT=true")],
         source_only=["-p gpu-a100-small", "module load python3/3.9.7"],
         accounts=["MSS23005"],
         refuse_words=["-v", "version", "getopts", "/work/08388", "MSS23005"],
         assumptions=["Lonestar6: -J RL-BEM, one log for both streams, -p gpu-a100-small, -N 1, -n 1, -A MSS23005, 48 h, mail: "
                      "version parsed with `getopts \"v:\"` from the sbatch arguments (`sbatch submit.sh -v X`), a usage "
                      "message and exit 1 without it, module python3/3.9.7, a venv under /work/08388/tudai/ls6, "
                      "HCP_ENVIRONMENT=true, then `python3 src/modeling/train_surrogate_model.py --version $version`. "
                      "Right: 1 process on 1 GPU with the getopts block kept (the -v option stays a submit-time "
                      "argument, said for a PBS target where qsub passes none), the LS6 venv named, module, partition "
                      "and account replaced."]),
    case(fam("alcf-polaris-pbs-select1-preemptable-superbert-filesystems-home-grand-array-J-0-4-two-tasks-rerunnable-set-e-cd-eagle-module-use-soft-conda-venv-deepspeed-runner-module", "pbs"),
         "jcksanderson/backdoor-merging", "jobs/finetune_llama.sh",
         "ALCF Polaris (PBS Pro; queue preemptable, project SuperBERT, /eagle/projects/ModCon)", "polaris",
         ["pbs-array-J-more-indices-than-tasks", "array-index-selects-bash-array", "deepspeed-runner-module-all-local-gpus",
          "venv-on-conda-module", "rerunnable", "set-e"],
         launch_model="launcher", launcher="deepspeed", total_ranks=4, nodes=1, gpus_per_node=4, module=True,
         strategy="deepspeed", strategy_in_script=False,
         program="finetuning.tasks", args=["--task", '"$TASK"', "--out_dir", '"finetuned_llms"', "--epochs", "3"],
         keep_text=["python3 -m deepspeed.launcher.runner --module finetuning.tasks", "TASK=${TASKS[$PBS_ARRAY_INDEX]}",
                    "TASKS=(winogrande anli)"],
         setup=[S("set -e"), S("cd /eagle/projects/ModCon/jcksanderson/backdoor-merging"), S("source .venv/bin/activate"),
                S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")],
         source_only=["module use /soft/modulefiles", "module load conda/2025-09-25", "#PBS -q preemptable",
                      "#PBS -l filesystems=home:grand"],
         accounts=["SuperBERT"],
         refuse_words=["PBS_ARRAY_INDEX", "/eagle/projects/ModCon", "SuperBERT", "0-4", "TASKS"],
         assumptions=["Polaris: select=1, 12 h, preemptable, -A SuperBERT, filesystems=home:grand, logs/, -J 0-4 (an array of "
                      "5), -r y: set -e, cd /eagle/projects/ModCon/..., module use /soft/modulefiles + conda/2025-09-25, a "
                      "project .venv, PYTORCH_CUDA_ALLOC_CONF, TASKS=(winogrande anli) (the full list is commented out, so "
                      "indices 2-4 get an empty task), TASK=${TASKS[$PBS_ARRAY_INDEX]}, echoes, then `python3 -m "
                      "deepspeed.launcher.runner --module finetuning.tasks --task \"$TASK\" ...` (no hostfile: the runner "
                      "starts one worker per local GPU, 4). Right: a 5-task array (or 2 with a note on the empty "
                      "indices), 4 workers on one node per task through the same deepspeed runner, $PBS_ARRAY_INDEX "
                      "mapped to $SLURM_ARRAY_TASK_ID on a Slurm target, /eagle named, the .venv tied to the ALCF conda "
                      "module named, queue/filesystems/account replaced."]),
    case(fam("nersc-perlmutter-qos-overrun-C-gpu-N4-gpus-per-node4-ntasks-per-node1-c64-gpus-per-task4-module-pytorch-conda-init-bashrc-conda-cd-global-homes-srun-l-u-python-n-nodes-no-final-newline", "slurm"),
         "Transconnectome/qPATE", "qPATE_lightning/batch_scripts/qPATE/eps1.0.sh",
         "NERSC Perlmutter (-C gpu, qos overrun, account m4138_g)", "perlmutter",
         ["srun-one-task-per-node-four-gpus-each", "n-nodes-topology-arg", "module-pytorch-plus-conda", "conda-init-in-job",
          "cd-global-homes", "qos-overrun", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=4, gpus_per_node=4, gpus_per_rank=4,
         framework="lightning", strategy="ddp", strategy_in_script=False,
         program="main_PATE.py",
         args=["--n_nodes", "4", "--teacher_epoch", "15", "--student_epoch", "25", "--batch_size", "256", "--n_teachers", "4",
               "--n_samples", "1000", "--lr", "1e-3", "--noise_eps", "1.0", "--quantum", "--n_qubits", "10",
               "--val_test_together_student"],
         topology_args=[T("--n_nodes", "4", "nodes")],
         keep_text=["srun -l -u python main_PATE.py"],
         setup=[S("conda init bash"), S("source ~/.bashrc"), S("conda activate qPATE"), S("cd /global/homes/h/heehaw/qPATE_lightning")],
         source_only=["#SBATCH -q overrun", "#SBATCH -C gpu", "module load pytorch/2.0.1"],
         accounts=["m4138_g"],
         refuse_words=["overrun", "m4138_g", "/global/homes", "--n_nodes", "pytorch/2.0.1"],
         assumptions=["Perlmutter: qos overrun, -C gpu, -N 4, 4 GPUs a node, 1 h, -A m4138_g, 1 task a node, 64 CPUs a task, "
                      "4 GPUs a task: module pytorch/2.0.1, `conda init bash`, ~/.bashrc, `conda activate qPATE`, cd "
                      "/global/homes/h/heehaw/qPATE_lightning, an echo, then `srun -l -u python main_PATE.py --n_nodes 4 "
                      "... --val_test_together_student` (one process a node driving 4 GPUs; no final newline). Right: 4 "
                      "nodes x 1 task x 4 GPUs with --n_nodes kept equal to the node count, the NERSC pytorch module and "
                      "qos/account replaced with notes, /global/homes named, the conda steps kept."]),
    case(fam("bu-scc-sge-project-ds598-only-gpus-given-at-qsub-in-comment-bash-l-modules-miniconda-academic-ml-conda-pythonpath-usr3-python-train", "sge"),
         "DL4DS/sp2024_midterm", "submit_train.sh",
         "Boston University SCC (SGE; project ds598, a course's academic-ml module; a course repository)", "bu-scc",
         ["no-gpu-directive-gpus-in-usage-comment", "qsub-options-at-submit", "site-course-module", "absolute-pythonpath",
          "bash-l-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="src/submission/train.py", args=[],
         keep_text=["python src/submission/train.py"],
         setup=[S("conda activate spring-2024-pyt"), S('export PYTHONPATH="/usr3/graduate/iranjan/sp2024_midterm:$PYTHONPATH"')],
         source_only=["#$ -P ds598", "module load miniconda", "module load academic-ml/spring-2024"],
         accounts=["ds598"],
         refuse_words=["gpus=4", "qsub", "ds598", "/usr3/graduate", "academic-ml"],
         assumptions=["SCC (bash -l): the only directive is -P ds598; the resources come from the submit line in a comment: "
                      "`qsub -pe omp 4 -P ds598 -l gpus=4 submit_train.sh`. Body: modules miniconda and "
                      "academic-ml/spring-2024, `conda activate spring-2024-pyt` (an env of that module), PYTHONPATH to "
                      "an absolute /usr3/graduate path, then `python src/submission/train.py` (one process). Right: a "
                      "port that takes the request from the usage comment (1 process, 4 GPUs, 4 cores) and says so, or "
                      "an ask naming the missing request; the course module and env named (they exist only on SCC), "
                      "/usr3/graduate named."]),
    case(fam("ucl-myriad-sge-bash-l-gpu1-ac-allow-EF-cwd-mail-miniconda-activate-conda-function-timer-torchrun-nproc1-relative-program-backslash-no-space-then-test-loop-seq-torchrun-no-final-newline", "sge"),
         "vickie02736/imae", "jobs/train.sh",
         "UCL Myriad (SGE; -l gpu=1, -ac allow=EF)", "ucl-myriad",
         ["torchrun-nproc1-train-then-test-loop", "relative-program-path-from-cwd", "backslash-without-space-continuations",
          "bash-function-timer", "seq-loop-nine-runs", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="../program/main.py",
         args=["--epochs", "600", "--resume-epoch", "1", "--database", "shallow_water", "--save-frequency", "20", "--model-name", "imae"],
         other_runs=[R("../program/main.py", ["--test-flag", "True", "--resume-epoch", "601", "--database", "shallow_water",
                                               "--mask-ratio", "$ratio", "--model-name", "imae"], launched=True)],
         keep_text=["for ratio in $(seq 0.1 0.1 0.9); do", "convert_to_seconds() {", "torchrun --nnodes=1 --nproc_per_node=1 ../program/main.py"],
         setup=[S("source /home/uceckz0/miniconda3/bin/activate"), S("conda activate imae")],
         source_only=["#$ -ac allow=EF", "#$ -l gpu=1"],
         refuse_words=["allow=EF", "/home/uceckz0", "../program/main.py", "cwd"],
         assumptions=["Myriad (bash -l): -N convlstm, h_rt 30 h, mem 20G, gpu=1, -ac allow=EF (node types), mail, -cwd: "
                      "miniconda activate + `conda activate imae`, a date helper function, then `torchrun --nnodes=1 "
                      "--nproc_per_node=1 ../program/main.py --epochs 600 ... --model-name imae` (continuations written "
                      "`main.py\\` with no space; the next lines' indentation separates the words), the time taken, and "
                      "a test loop over 9 mask ratios, each `torchrun ... ../program/main.py --test-flag True "
                      "--resume-epoch 601 ... --mask-ratio $ratio` (no final newline). Right: 1 worker on 1 GPU for the "
                      "train and every test run, in order, run from the submit directory (so ../program resolves), the "
                      "functions and timers kept, allow=EF replaced, /home/uceckz0 named."]),
    case(fam("dtu-lsf-every-line-indented-four-spaces-shebang-and-bsub-gpua100-n4-gpu-num1-W24-mail-module-swap-cuda-cudnn-work3-conda-python3-quoted-args-trailing-backslash-spaces-eof", "lsf"),
         "FrederikMR/ebm_interpolation", "submit_train.sh",
         "DTU HPC (LSF; queue gpua100, /work3)", "dtu-hpc",
         ["indented-shebang-and-directives", "module-swap", "work3-conda", "quoted-path-args", "trailing-backslash-then-blank-eof"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_latent_ebm.py",
         args=["--data_root", "/work3/fmry/Data/afhq/stargan-v1/data/", "--save_root", "/work3/fmry/projects/RiemannEBM/RiemannEBM/saved_models/",
               "--init_type", "normal_01", "--training", "cdsm", "--epoch", "3000", "--n_steps", "50", "--buffer_size", "10000",
               "--energy_func", "VanillaNet_ELU_2", "--model_name", "model_afhq"],
         keep_text=["python3 train_latent_ebm.py"],
         setup=[S("source /work3/fmry/miniconda3/bin/activate"), S("conda activate section_talk_03_03_26")],
         source_only=["#BSUB -q gpua100", "module swap cuda/12.0", "module swap cudnn/v8.9.1.23-prod-cuda-12.X"],
         refuse_words=["/work3/fmry", "gpua100", "#BSUB", "indented"],
         assumptions=["Every line, `#! /bin/bash` and the #BSUB lines included, is indented by four spaces (so the first line "
                      "is no shebang, and LSF may not read the indented directives). What they ask: queue gpua100, -J "
                      "train_ebm, -n 4, 1 GPU exclusive_process, 24 h, span[hosts=1], 16GB, mail -B -N, -o/-e in "
                      "../output_folder and ../error_folder. Body: module swap cuda/12.0 and cudnn, conda from /work3/fmry, "
                      "then `python3 train_latent_ebm.py --data_root '/work3/...' ... --model_name 'model_afhq' \\` with "
                      "a final line of spaces. Right: 1 process on 1 GPU with the arguments kept, the indentation named "
                      "as a risk (the request read as intended, said) or an ask, /work3 named, the modules replaced."]),
    case(fam("cloud-research-partition-gpus8-ntasks1-c36-mem512g-set-e-submit-dir-default-abs-conda-env-heredoc-python-aim-init-env-defaults-data-choice-shm-rsync-staging-exports-python-launcher-program-args-array", "slurm"),
         "YerevaNN/CoordToken", "submit_train.sh",
         "A lab GPU cluster with Weka storage (partition research, /mnt/weka, 8 GPUs a node; cloud Slurm assumed from /mnt/weka; not named)", "yerevann-cloud",
         ["python-program-that-runs-torch-distributed-itself", "one-task-eight-gpus", "env-default-knobs", "dev-shm-staging-rsync",
          "heredoc-python-init", "bash-array-args", "set-e"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=8, gpus_per_rank=8,
         program="submit_train.py", args=['"${submit_args[@]}"'],
         keep_text=["python - <<'PY'", 'rsync -av --progress "$SOURCE_DATA/" "$TARGET_DATA/"', 'DATA="${DATA:-full}"',
                    "export USE_1GPU"],
         setup=[S("set -e"), S('LAUNCH_DIR="${SLURM_SUBMIT_DIR:-$PWD}"'), S('export FSQ_RUNS_DIR="$LAUNCH_DIR/logs"'),
                S('mkdir -p "$FSQ_RUNS_DIR"'), S("source /home/fgeikyan/tokenizer/conda_envs/train/bin/activate")],
         source_only=["--partition=research"],
         refuse_words=["/mnt/weka", "/dev/shm", "/home/fgeikyan", "research", "submit_train.py"],
         assumptions=["48 h, 1 node, 1 task, 36 CPUs, --gpus=8, partition research, 512G: set -e, LAUNCH_DIR from "
                      "$SLURM_SUBMIT_DIR, an env by path under /home/fgeikyan, an Aim repository made once by a `python - "
                      "<<'PY'` heredoc, many env-default knobs (DATA, LEVELS_SIZE, ... USE_1GPU), the data set chosen by "
                      "DATA and copied from /mnt/weka to /dev/shm with rsync after a size check, exports, then `python "
                      "submit_train.py \"${submit_args[@]}\"`: a Python driver that itself runs `python -m "
                      "torch.distributed.run --nproc_per_node=...` (read in the repository). Right: one task with the 8 "
                      "GPUs on one node and the python driver kept as the only launch (no srun/torchrun added around "
                      "it), the knobs, heredoc and staging kept, $SLURM_SUBMIT_DIR mapped on a PBS target, /mnt/weka and "
                      "the env path named."]),
    case(fam("unnamed-partition-gpu-gpus1-ntasks1-c4-60h-source-activate-srun-python-relative-program", "slurm"),
         "RyanAmaudruz/marinedebrisdetector", "jobs/train.sh",
         "An unnamed university Slurm cluster (partition gpu, --gpus=1)", "unnamed-cluster",
         ["srun-single-task", "source-activate-env", "relative-program-path", "program-no-args"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="marinedebrisdetector/train.py", args=[],
         setup=[S("source activate marinedebrisdetector")],
         source_only=["--partition=gpu"],
         refuse_words=["marinedebrisdetector", "source activate", "--partition=gpu"],
         assumptions=["1 node, 1 task, 4 CPUs, --gpus=1, partition gpu, 60 h, train.out: `source activate "
                      "marinedebrisdetector` (a conda env, no conda module loaded), then `srun python "
                      "marinedebrisdetector/train.py` (relative to the submit directory). Right: 1 process on 1 GPU, the "
                      "env activation kept or named, the 60 h capped to the target's limit with a note, the partition "
                      "replaced."]),
    case(fam("cloud-nvhpc-2-nodes-8-tasks-per-node-no-gpu-directive-module-use-nvidia-hpcx-lustre-miniforge-conda-mpi-hosts-head-ip-srun-hostname-mpirun-np-host-x-env-mca-python3-yaml", "slurm"),
         "NOAA-EMC/mlsfs", "submit_train.sh",
         "A GPU cluster with NVHPC under /nvidia and /lustre/<First.Last> homes (NOAA EMC; cloud Slurm assumed, not named)", "noaa-cloud",
         ["mpirun-per-rank-with-host-list", "head-node-ip-via-srun", "no-gpu-directive", "module-use-nvhpc-hpcx",
          "env-forwarding-x", "mca-options"],
         launch_model="per_rank", launcher="mpirun", total_ranks=16, nodes=2, gpus_per_node=8,
         program="train.py", args=["--run_num=1", "--yaml_config=./config/SFNO_era5.yaml", "--config=sfno_backbone"],
         keep_text=['MPI_HOSTS=$(scontrol show hostname $SLURM_NODELIST', 'head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)'],
         setup=[S("source /lustre/Linlin.Cui/miniforge3/etc/profile.d/conda.sh"), S("conda activate mlsfs"), S("export LOGLEVEL=INFO")],
         source_only=["module use /nvidia/nvhpc/24.7/modulefiles", "module load nvhpc-hpcx-cuda12/24.7"],
         refuse_words=["mpirun", "MPI_HOSTS", "/lustre/Linlin.Cui", "nvhpc", "GPU"],
         assumptions=["-N 2, 8 tasks a node, job name fcn, output.txt/error.txt; no GPU, partition, time or account directive "
                      "(8 GPUs a node assumed from the 8 tasks a node; the training is SFNO, one rank a GPU): NVHPC/HPC-X "
                      "modules from /nvidia, conda from /lustre/Linlin.Cui, MPI_HOSTS built from scontrol with "
                      ":$SLURM_NTASKS_PER_NODE slots, the head node's IP through `srun ... hostname --ip-address`, then "
                      "`mpirun -np ${SLURM_NPROCS} -host ${MPI_HOSTS} -x MASTER_ADDR=... -x MASTER_PORT=1234 -x PATH "
                      "-bind-to none -map-by slot -mca pml ob1 -mca btl ^openib python3 train.py --run_num=1 "
                      "--yaml_config=./config/SFNO_era5.yaml --config=sfno_backbone`. Right: 16 ranks, 8 a node on 2 "
                      "nodes (or the target's GPUs a node with ranks and nodes changed together, said) launched with the "
                      "target's launcher or the same mpirun with the host list rebuilt, GPUs requested explicitly (said), "
                      "MASTER_ADDR/PORT kept, the NVHPC modules and the /lustre conda named."]),
    case(fam("pik-potsdam-qos-medium-account-tipes-partition-gpu-gres-v100-1-mem64-c16-module-singularity-spack-setup-load-squashfs-mkdir-tmp-cd-home-singularity-run-nv-bind-p-sif-python", "slurm"),
         "p-hss/weather-gan", "jobs/train.sh",
         "PIK Potsdam (qos medium, account tipes, partition gpu, /p file system, spack)", "pik-potsdam",
         ["singularity-run-nv-bind", "spack-setup-and-load", "commented-alternative-directives", "tmp-singularity-dir"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=[],
         container_image="/home/hess/projects/container/singularity-pytorch/stack_v4.sif",
         keep_text=["singularity run --nv --bind /p"],
         setup=[S("mkdir -p /tmp/singularity/mnt/session"), S("cd /home/hess/projects/weather-gan/")],
         source_only=["--qos=medium", "--partition=gpu", "--gres=gpu:v100:1", "module load singularity",
                      "source /p/system/packages/spack/share/spack/setup-env.sh", "spack load squashfs@4.4%gcc@8.3.0",
                      "/home/hess/projects/container/singularity-pytorch/stack_v4.sif"],
         accounts=["tipes"],
         refuse_words=["singularity", "spack", "/p", "tipes", "stack_v4.sif"],
         assumptions=["PIK: qos medium (short/long commented), account tipes, out/ logs, partition gpu, --gres=gpu:v100:1, 64GB, "
                      "1 task, 16 CPUs (alternatives commented with ##SBATCH): module singularity, spack set-up and `spack "
                      "load squashfs`, mkdir /tmp/singularity/mnt/session, cd to the project in /home/hess, then `singularity "
                      "run --nv --bind /p <stack_v4.sif> python main.py`. Right: 1 process on 1 GPU inside the same image "
                      "(apptainer/singularity on the target, the image to be copied, said), the /p bind named (a PIK file "
                      "system), spack/squashfs replaced with notes, qos/account replaced."]),
    case(fam("nscc-aspire2a-pbs-sh-shebang-personal-project-queue-normal-select-ncpus8-ngpus1-conda-init-activate-pip-install-upgrade-in-job-relative-cd-scratch-python-train", "pbs"),
         "yukiwukii/whisper", "finetune.pbs",
         "NSCC Singapore ASPIRE 2A (PBS Pro; project personal-nady0006, queue normal)", "nscc-aspire2a",
         ["pip-install-in-job", "conda-init-in-job", "relative-cd-from-home", "sh-shebang", "job-name-ipynb"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         keep_text=["python train.py"],
         setup=[S("conda init"), S("conda activate astar"), S("pip install --upgrade --quiet pip"),
                S("pip install --upgrade --quiet datasets[audio] transformers accelerate evaluate jiwer tensorboard gradio"),
                S("pip install --upgrade --quiet python-dotenv"), S("cd scratch/ASTAR")],
         source_only=["#PBS -q normal"],
         accounts=["personal-nady0006"],
         refuse_words=["scratch/ASTAR", "personal-nady0006", "pip install", "conda init"],
         assumptions=["ASPIRE 2A (#!/bin/sh): -N ipynb, select=1:ncpus=8:mem=64gb:ngpus=1, 6 h, -j oe, -P personal-nady0006, "
                      "queue normal: `conda init`, `conda activate astar`, three `pip install --upgrade --quiet` lines "
                      "(network access from the compute node), `cd scratch/ASTAR` (relative: PBS starts in $HOME), then "
                      "`python train.py`. Right: 1 process on 1 GPU with the conda and pip steps kept in order (a note "
                      "that the target's compute nodes may have no internet), the relative cd kept with a note that it "
                      "assumes the job starts in $HOME (Slurm starts in the submit directory), project/queue replaced."]),
    case(fam("imperial-cx3-pbs-select1-ngpus1-no-ncpus-abs-rds-logs-easybuild-nccl-module-miniconda-hook-conda-cd-rds-python-train-config", "pbs"),
         "qiqipan23/Erase-Insert-Transform-Point-Cloud-Editing-for-Next-Gen-3D-Vision-Models", "train_gpu.pbs",
         "Imperial College London CX3 (PBS Pro; /rds/general)", "imperial-cx3",
         ["select-ngpus1-no-ncpus-mem", "easybuild-nccl-module", "absolute-rds-paths", "program-config-positional"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["configs/pointcloud_crop/hypo3d_scannet_remove_train_test_gpu.yaml"],
         setup=[S("source /rds/general/user/qp23/home/miniconda3/etc/profile.d/conda.sh"), S("conda activate placeit3d"),
                S("cd /rds/general/user/qp23/home/Hypo3D/repo/convolutional_occupancy_networks")],
         source_only=["module load NCCL/2.18.3-GCCcore-12.3.0-CUDA-12.1.1"],
         refuse_words=["/rds/general", "placeit3d", "NCCL/2.18.3"],
         assumptions=["CX3: select=1:ngpus=1 (no ncpus/mem), 12 h, -o/-e to absolute /rds/general paths, -N hypo3d_train_gpu: "
                      "the EasyBuild NCCL/CUDA module, miniconda hook under /rds, `conda activate placeit3d`, cd to the "
                      "project under /rds, then `python train.py configs/pointcloud_crop/hypo3d_..._gpu.yaml`. Right: 1 "
                      "process on 1 GPU, the /rds paths and the env named, the module replaced, logs mapped."]),
    case(fam("fau-nhr-atuin-gres-h100-4-export-none-unset-export-env-rrze-proxy-modules-cd-source-activate-prefix-n-gpus-from-slurm-gpus-on-node-case-array-task-id-no-array-directive-torchrun-standalone", "slurm"),
         "MischaD/Trichotomy", "submit_train.sh",
         "NHR@FAU (an H100 cluster, /home/atuin, the RRZE proxy; Helma assumed from --gres=gpu:h100:4)", "nhr-fau",
         ["array-task-id-used-without-array-directive", "case-on-array-index", "nproc-from-slurm-gpus-on-node",
          "export-none-unset-slurm-export-env", "site-http-proxy", "source-activate-prefix", "torchrun-standalone"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="edm2/train_edm2.py",
         args=["--pseudo_cond_feature_extractor", "$PSEUDO_COND_FEATURE_EXTRACTOR", "--outdir", "$OUTDIR", "--basedir", "$DATA_BASE_DIR",
               "--filelist", "$FILELIST", "--cond_mode", "$COND_MODE", "--pretrain_path", "$PRETRAIN_PATH", "--preset", "$PRESET",
               "--batch-gpu", "$BATCH_GPU", "--encoder_norm_mode", "$ENCODER_NORM_MODE", "--lr", "$LR", "--decay", "$DECAY",
               "--fp16", "$FP16", "--seed", "$SEED", "--snapshot", "$SNAPSHOT", "--checkpoint", "$CHECKPOINT", "--status", "$STATUS"],
         keep_text=['case "$SLURM_ARRAY_TASK_ID" in', "export N_GPUS=${SLURM_GPUS_ON_NODE:-1}",
                    "torchrun --standalone --nproc_per_node=${N_GPUS} $PROGRAM"],
         setup=[S("unset SLURM_EXPORT_ENV"), S("cd /home/atuin/b180dc/b180dc10/pycharm/trichotomy"),
                S("source activate /home/atuin/b180dc/b180dc10/conda/edm2"), S("export PYTHONPATH=$BASE_DIR")],
         source_only=["--gres=gpu:h100:4", "export http_proxy=http://proxy.rrze.uni-erlangen.de:80",
                      "export https_proxy=http://proxy.rrze.uni-erlangen.de:80", "module load python", "module load cuda"],
         refuse_words=["SLURM_ARRAY_TASK_ID", "--array", "proxy.rrze", "/home/atuin", "SLURM_GPUS_ON_NODE"],
         assumptions=["NHR@FAU (bash -l): 24 h, 1 task, --gres=gpu:h100:4, --export=NONE with `unset SLURM_EXPORT_ENV`: RRZE "
                      "http(s) proxies, modules python and cuda, cd and `source activate` of an env by prefix under "
                      "/home/atuin, N_GPUS=${SLURM_GPUS_ON_NODE:-1}, settings, a `case \"$SLURM_ARRAY_TASK_ID\"` over 0..8 "
                      "choosing file list, norm mode, cond mode and outdir (any other value exits 1) although the script "
                      "has no --array directive (the range is given at sbatch time), the pretrain path from the cond "
                      "mode, echoes, then `torchrun --standalone --nproc_per_node=${N_GPUS} $PROGRAM ...` with PROGRAM="
                      "edm2/train_edm2.py. Right: 4 workers on one node with 4 GPUs, the case kept verbatim with "
                      "$SLURM_ARRAY_TASK_ID mapped on a PBS target, the array range said to be a submit-time input "
                      "(--array=0-8) or added with a note, N_GPUS's source variable mapped or set to the GPU count, the "
                      "proxy and modules replaced, /home/atuin named."]),
    case(fam("unsw-katana-pbs-select-ncpus1-ngpus1-16gb-20min-mail-join-abs-srv-scratch-output-modules-cuda-python-home-venv-cd-workdir-python-finetuning", "pbs"),
         "Brono25/MIAMI-Corpus", "finetune.pbs",
         "UNSW Katana (PBS Pro; /srv/scratch/z5146619)", "unsw-katana",
         ["pbs-select-ngpus1", "site-modules-cuda-python", "home-venv", "cd-pbs-workdir", "output-to-absolute-dir"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="finetuning.py", args=[],
         keep_text=["python finetuning.py"],
         setup=[S("source /home/z5146619/environments/pyannote-env/bin/activate"), S("cd $PBS_O_WORKDIR")],
         source_only=["module load cuda/10.1", "module load python/3.10.8", "#PBS -o /srv/scratch/z5146619/MIAMI-Corpus/pbs_output"],
         refuse_words=["PBS_O_WORKDIR", "/srv/scratch/z5146619", "pyannote-env"],
         assumptions=["Katana: -N finetune_test, select=1:ncpus=1:ngpus=1:mem=16gb, 20 min, mail a/e, -j oe, -o to a directory "
                      "under /srv/scratch: modules cuda/10.1 and python/3.10.8, a venv under /home/z5146619 (built on that "
                      "python module), cd $PBS_O_WORKDIR, then `python finetuning.py`. Right: 1 process on 1 GPU, "
                      "$PBS_O_WORKDIR mapped to the submit directory on a Slurm target, the venv named (tied to the "
                      "Katana python module), the modules replaced, the log path named."]),
    case(fam("ncsa-delta-gpuA40x4-delta-gpu-account-gpus1-constraint-scratch-module-reset-anaconda3-gpu-conda-hook-pythonpath-pwd-local-transformers-python3-many-flags-scratch-projects-paths", "slurm"),
         "sirapop3/COMBINI_Mig", "train_delta.slurm",
         "NCSA Delta (partition gpuA40x4, account bdxz-delta-gpu, --constraint=scratch; /scratch/bdxz and /projects/bdxz)", "delta",
         ["site-anaconda3-gpu-module", "module-reset", "conda-shell-hook", "pythonpath-local-source-tree-from-pwd",
          "delta-filesystem-constraint", "absolute-scratch-projects-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run_re_trg_marked.py",
         args=["--model_type", "bertsub", "--model_name_or_path", "/scratch/bdxz/sumnakkittikul/BiomedNLP-BiomedBERT-base-uncased-abstract-fulltext",
               "--do_lower_case", "--data_dir", "/projects/bdxz/sumnakkittikul/data", "--learning_rate", "2e-5", "--num_train_epochs", "1",
               "--per_gpu_train_batch_size", "8", "--per_gpu_eval_batch_size", "16", "--gradient_accumulation_steps", "1",
               "--max_seq_length", "256", "--max_pair_length", "16", "--save_steps", "607", "--eval_logsoftmax", "--seed", "0",
               "--output_dir", "/projects/bdxz/sumnakkittikul/output/RE/dimb-re_models_biomedbert_trg_test-0", "--overwrite_output_dir",
               "--use_trigger", "--use_typemarker", "--lminit", "--eval_all_checkpoints", "--no_sym", "--do_train"],
         keep_text=["python3 run_re_trg_marked.py"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate combini"),
                S('export PYTHONPATH="$(pwd)/transformers/src:$PYTHONPATH"')],
         source_only=["--partition=gpuA40x4", '--constraint="scratch"', "module reset", "module load anaconda3_gpu"],
         accounts=["bdxz-delta-gpu"],
         refuse_words=["bdxz-delta-gpu", "gpuA40x4", "anaconda3_gpu", "/scratch/bdxz", "/projects/bdxz"],
         assumptions=["Delta: partition gpuA40x4, -A bdxz-delta-gpu, 1 node, 1 task, 4 CPUs, 32g, --gpus=1, 4 h, "
                      "--constraint=\"scratch\" (a Delta file-system constraint), slurm-%j logs: module reset, the site "
                      "anaconda3_gpu module, the conda shell hook, `conda activate combini` (an env of that module), "
                      "PYTHONPATH to a local transformers tree under $(pwd), echoes, then `python3 run_re_trg_marked.py "
                      "--model_type bertsub ... --do_train` with model, data and output under /scratch/bdxz and "
                      "/projects/bdxz. Right: 1 process on 1 GPU, the arguments kept, the Delta paths named, the "
                      "constraint, partition, account and anaconda3_gpu module replaced with notes (the env must exist on "
                      "the target)."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
