"""Write bench/unseen22/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen20 (bench/unseen6/make_common.py).
Usage: python bench/unseen22/make_cases.py /work/cache/unseen22 bench/unseen22/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("qmul-apocrita-sge-gpu1-ampere-andrena-wd-modules-venv-bc-qsub-v-vars-feature-if-chain-python3-trailing-backslash", "sge"),
         "Delphboy/ViGCap", "hpc/train.qsub",
         "Queen Mary University of London Apocrita (SGE/Univa: -l gpu=1, gpu_type=ampere, cluster=andrena)", "qmul-apocrita",
         ["sge-directives", "submit-time-variables-qsub-v", "bc-conversion", "if-elif-chain-exit", "sge-wd-workdir",
          "java-module", "trailing-backslash-last-arg"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_vig.py",
         args=["--dataset", "${dataset}", "--dataset_img_path", '"/data/scratch/eey362/superpixel_features/${feature}/"',
               "--dataset_ann_path", '"/data/home/eey362/dataset_coco.json"',
               "--checkpoint_location", '"/data/scratch/eey362/vig-cap-checkpoints/"',
               "--feature_limit", "${feature_limit}",
               "--exp_name", '"${feature}-gat-${dataset}-k_${k}-sag_${sag_ratio}-dropout_${dropout}"',
               "--m", "40", "--workers", "4", "--max_epochs", "30", "--batch_size", "64", "--seed", "42",
               "--patience", "5", "--force_rl_after", "-1", "--meshed_emb_size", "512", "--patch_feature_size", "2048",
               "--gnn_emb_size", "2048", "--k", "$k_cleaned", "--sag_ratio", "$sag_ratio_cleaned",
               "--dropout", "$dropout_cleaned"],
         setup=[S("source .venv/bin/activate"), S('dataset="coco"')],
         keep_text=['k_cleaned=$(echo "$k" | bc)', 'if [ "$feature" == "m25" ]; then'],
         source_only=["#$ -l gpu=1", "#$ -l gpu_type=ampere", "#$ -l cluster=andrena", "#$ -pe smp 8",
                      "module load python/3.8.5", "module load cuda/11.6.2", "module load java/1.8.0_382-openjdk"],
         workdir="/data/home/eey362/ViGCap",
         refuse_words=["qsub -v", "feature", "sag_ratio", "andrena", "/data/scratch/eey362", "bc"],
         assumptions=["SGE: 30 min, h_vmem=11G per slot x smp 8, 1 ampere GPU on the andrena cluster, -wd "
                      "/data/home/eey362/ViGCap, -j y, mail, logs/: python/cuda/cudnn/java modules, a relative .venv, "
                      "dataset=coco; k, sag_ratio, dropout and feature are NOT set in the script (they come from "
                      "`qsub -v` at submit time), converted with bc, feature mapped to feature_limit by an if/elif "
                      "chain (exit 1 otherwise), then `python3 train_vig.py ...` whose last line ends in a trailing "
                      "backslash. Right: 1 process on 1 GPU, the -wd kept as the working directory, the four "
                      "submit-time variables named as inputs (qsub -v -> sbatch --export), the if-chain and bc kept, "
                      "the /data/scratch paths and the java module named."]),
    case(fam("company-g2gpu8multinode-2x1-scontrol-hostnames-head-ip-srun-w-srun-bash-data-bucket-wrapper-no-final-newline", "slurm"),
         "feiguo-cienet/maxtext-llama", "gpu/slurm-2-node/files/train.job",
         "A cloud Slurm cluster of a company (partition g2gpu8multinode, /data_bucket mount)", "company-cloud",
         ["wrapper-program-not-shown", "no-gpu-request", "head-node-ip-probe-srun-w", "bash-array-of-hostnames",
          "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=2, gpus_per_node=None, framework="jax",
         program="/data_bucket/train.sh", args=["$head_node_ip"], expect="refuse",
         keep_text=['head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)'],
         source_only=["--partition=g2gpu8multinode"],
         refuse_words=["/data_bucket/train.sh", "wrapper", "GPU", "g2gpu8multinode", "head_node_ip"],
         assumptions=["2 nodes x 1 task, 1 h, no GPU request at all (the partition name says 8 GPUs a node): the "
                      "hostnames into an array, the head node's IP from an `srun -w` step, then `srun bash "
                      "/data_bucket/train.sh $head_node_ip` (no final newline). The training (MaxText, JAX) is inside "
                      "a wrapper on a bucket mount that the script does not show, and the GPUs per node are unknown. "
                      "Right: a refusal or ask naming the unseen wrapper and the missing GPU request; a port that "
                      "invents a GPU count or a launch is wrong."]),
    case(fam("idris-jeanzay-yrf-gpu-v100-32g-qos-t3-conda-hook-stack-pythonpath-work-hydra-xp-dollar1", "slurm"),
         "CIA-Oceanix/4dvarnet-core", "scripts/hydra_train.slurm",
         "IDRIS Jean Zay (account yrf@gpu, -C v100-32g, qos_gpu-t3)", "idris-jeanzay",
         ["positional-arg-dollar1", "hydra-overrides", "conda-hook-stack", "work-pythonpath", "site-data-selector-arg",
          "commented-srun-alternative"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="hydra_main.py", args=["xp=$1", "entrypoint=train", "file_paths=jz"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate 4dvarnet --stack"),
                S("export PYTHONPATH=${WORK}/4dvarnet-core:${PYTHONPATH}"), S("export HYDRA_FULL_ERROR=1")],
         source_only=["-C v100-32g", "--qos=qos_gpu-t3", "--hint=nomultithread", "module purge"],
         accounts=["yrf@gpu"],
         refuse_words=["$1", "yrf@gpu", "qos_gpu-t3", "${WORK}", "file_paths=jz", "v100-32g"],
         assumptions=["Jean Zay (bash -l): 1 node, 1 task, 10 CPUs, --gres=gpu:1, 4h30, v100-32g, qos_gpu-t3: module "
                      "purge, conda hook, `conda activate 4dvarnet --stack`, PYTHONPATH from $WORK, then `python "
                      "hydra_main.py xp=$1 entrypoint=train file_paths=jz` ($1 given at sbatch time; a commented srun "
                      "variant above). Right: 1 process on 1 GPU with the three overrides kept, $1 named as a "
                      "submit-time argument, file_paths=jz named (it selects Jean Zay data paths in the config), "
                      "$WORK named (IDRIS variable), the account/qos/constraint replaced."]),
    case(fam("idris-jeanzay-ajs-32x4-hf-offline-ccfrwork-wandb-key-file-srun-accelerate-wrapper-128-procs", "slurm"),
         "TevenLeScao/tetraencoder", "scripts/run_kelm.slurm",
         "IDRIS Jean Zay (account ajs@gpu, 32 nodes x 4 V100-32G, /gpfsscratch)", "idris-jeanzay",
         ["srun-per-node-wrapper", "accelerate-multi-machine-counts", "hf-offline-caches", "site-work-variables",
          "wandb-key-from-file", "abs-gpfsscratch-logs", "wait-after-srun"],
         launch_model="launcher", launcher="accelerate", total_ranks=128, nodes=32, gpus_per_node=4,
         program="$WORK/tetraencoder/tetraencoder/train.py",
         args=["--model_name_or_path", "$WORK/tetraencoder/all-mpnet-base-v2", "--kelm_file",
               "$WORK/tetraencoder/datasets/KELM/clean_kelm.jsonl", "--train_batch_size", "20", "--hard_negatives",
               "--output_dir", "$SCRATCH/tetraencoder_xps", "--num_epochs", "1", "--eval_steps", "1000",
               "--checkpoint_save_steps", "1000", "--max_seq_length", "384", "--wandb", "--run_name",
               "kelm_bs2560_hard_neg", "--find_unused_parameters"],
         keep_text=["srun $WORK/tetraencoder/scripts/accelerate_launcher.sh", "--multi_gpu", "--fp16",
                    "--num_processes 128", "--num_machines 32"],
         setup=[S("export TRANSFORMERS_CACHE=$ajs_ALL_CCFRWORK/models"), S("export HF_DATASETS_OFFLINE=1"),
                S("export TRANSFORMERS_OFFLINE=1"), S("export WANDB_API_KEY=`cat $WORK/wandb_key`"),
                S("export WANDB_MODE=offline"), S("source $WORK/virtualenvs/tetrenv/bin/activate")],
         source_only=["-C v100-32g", "--qos=qos_gpu-t3", "--hint=nomultithread",
                      "#SBATCH -o /gpfsscratch/rech/ajs/uhk85as/tetraencoder_xps/log-kelm_bs2560_hard_neg-%j.out"],
         accounts=["ajs@gpu"],
         refuse_words=["accelerate_launcher.sh", "$ajs_ALL_CCFRWORK", "wandb_key", "num_machines", "gpfsscratch"],
         assumptions=["Jean Zay (#!/bin/sh): 32 nodes, 1 task a node, 40 CPUs, 4 GPUs a node, 2 h, logs to "
                      "/gpfsscratch: HF/torch caches under $ajs_ALL_CCFRWORK (an IDRIS project variable), offline HF, "
                      "WANDB_API_KEY read from a file, wandb offline, a $WORK venv, then `srun "
                      "$WORK/tetraencoder/scripts/accelerate_launcher.sh --multi_gpu --fp16 --num_processes 128 "
                      "--num_machines 32 $WORK/.../train.py ...` and `wait`. The wrapper (not shown) runs accelerate "
                      "on each node. Right: one wrapper per node on 32 nodes, --num_processes kept equal to nodes x "
                      "the target's GPUs a node (128 only where a node has 4), --num_machines = nodes, the unseen "
                      "wrapper named, $ajs_ALL_CCFRWORK/$WORK/$SCRATCH named, the account and qos replaced."]),
    case(fam("surf-snellius-gpu-mig-module-2023-abs-home-venv-poetry-run-lightning-fit-c-dollar-at", "slurm"),
         "UNSAT3D/unsat", "scripts/run.slurm",
         "SURF Snellius (partition gpu_mig: half an A100, EasyBuild 2023 stack)", "surf-snellius",
         ["mig-partition", "poetry-run-program", "lightning-cli-fit", "dollar-at-config", "easybuild-year-module",
          "abs-home-venv"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="lightning",
         program="unsat/main.py", args=["fit", "-c", '"$@"'],
         keep_text=['poetry run python unsat/main.py fit -c "$@"'],
         setup=[S("source /home/sciarella1/.virtualenvs/unsat/bin/activate")],
         source_only=["--partition=gpu_mig", "module load 2023", "module load Python/3.11.3-GCCcore-12.3.0"],
         refuse_words=["gpu_mig", "poetry", "$@", "/home/sciarella1", "MIG"],
         assumptions=["Snellius: 1 node, 1 task, 9 CPUs, partition gpu_mig (a MIG slice, half an A100; the header "
                      "comment says so), --gpus-per-node=1, 10h10: module 2023 + Python, an absolute home venv, then "
                      "`poetry run python unsat/main.py fit -c \"$@\"` (Lightning CLI; the config files come as sbatch "
                      "arguments). Right: 1 process on 1 GPU (a full GPU on the target is fine, said), `poetry run` "
                      "and \"$@\" kept, the home venv path and the 2023 module stack named."]),
    case(fam("vsc-antwerp-ampere-gpu-calcua-set-euo-preflight-checks-squashfs-bind-srun-apptainer-bash-run-script", "slurm"),
         "InViLabVirtualStainingBenchmark/SinSR", "hpc/train_bci.sh",
         "VSC (Flemish Supercomputer Centre) University of Antwerp CalcUA (partition ampere_gpu, $VSC_DATA/$VSC_SCRATCH)", "vsc-antwerp",
         ["apptainer-container", "squashfs-image-src-bind", "wrapper-run-script", "preflight-file-checks", "set-euo",
          "site-storage-variables", "empty-resume-env"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="$RUN_SCRIPT", args=[],
         keep_text=["srun apptainer exec --nv", 'bash "$RUN_SCRIPT"'],
         setup=[S("set -euo pipefail"), S('export REPO_DIR="$VSC_DATA/projects/sinsr/code/SinSR"'),
                S('export CONFIG="$REPO_DIR/configs/virtualstaining_bci.yaml"'), S('export RESUME=""'),
                S('mkdir -p "$VSC_SCRATCH/datasets/BCI"')],
         source_only=["-p ampere_gpu", "module load calcua/2025a", 'CONTAINER="$VSC_SCRATCH/containers/sinsr_nvidia.sif"',
                      '"$VSC_SCRATCH/datasets/BCI.sqsh:$VSC_SCRATCH/datasets/BCI:image-src=/"'],
         accounts=["ap_invilab_td_thesis"],
         refuse_words=["$VSC_DATA", "$VSC_SCRATCH", "image-src", "run_sinsr_bci.sh", "apptainer", "calcua"],
         assumptions=["CalcUA: 1 node, 1 task, 16 CPUs, 60G, 24 h, -A ap_invilab_td_thesis, -p ampere_gpu, "
                      "--gres=gpu:1, logs under /data/antwerpen/...: set -euo pipefail, exported settings (REPO_DIR, "
                      "CONFIG, SAVE_DIR, LOG_DIR from $VSC_DATA; RESUME empty), module calcua/2025a, preflight checks "
                      "(container, BCI.sqsh, weights; exit 1), then `srun apptainer exec --nv -B "
                      "BCI.sqsh:...:image-src=/ -B $VSC_DATA:$VSC_DATA $CONTAINER bash $RUN_SCRIPT` (the training "
                      "wrapper hpc/run_sinsr_bci.sh is not shown). Right: 1 task on 1 GPU in the container with the "
                      "binds kept (a squashfs image-src bind needs Apptainer on the target) and the unseen wrapper "
                      "named, $VSC_DATA/$VSC_SCRATCH named as site variables, the preflight checks kept."]),
    case(fam("princeton-della-pli-c-gres8-bash-l-nvidia-smi-count-jq-env-defaults-args-array-torchrun-nproc-count-dollar-at", "slurm"),
         "joie-zhang/HELMET", "duo-attention/scripts/train.sh",
         "Princeton Della PLI (partition pli-c, /scratch/gpfs)", "princeton-della",
         ["gpu-count-from-nvidia-smi-or-jq", "env-default-overrides", "bash-args-array", "conditional-args",
          "dollar-at-passthrough", "array-output-pattern-without-array", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="duo_attn/train.py", args=['"${args[@]}"', "$@"],
         keep_text=["torchrun --nnodes 1 --nproc_per_node $num_gpus", 'num_gpus=$(jq -n "[$CUDA_VISIBLE_DEVICES] | length")',
                    "num_gpus=${NUM_GPUS:-$num_gpus}"],
         setup=[S("export TOKENIZERS_PARALLELISM=true"), S('export WANDB_MODE="offline"'),
                S("export OMP_NUM_THREADS=$num_gpus")],
         source_only=["--partition=pli-c", "--gres=gpu:8", "--mem=680G"],
         refuse_words=["pli-c", "/scratch/gpfs", "jq", "NUM_GPUS", "$@"],
         assumptions=["Della PLI (bash -l): 1 node, 64 CPUs, --gres=gpu:8, 680G, 1 day, output %x-%A_%a (no array): "
                      "num_gpus from nvidia-smi -L or from CUDA_VISIBLE_DEVICES via jq, NUM_GPUS override; wandb "
                      "offline; model/ctx/lr/steps/dataset defaults overridable from the environment; an args array "
                      "with a conditional dataset block (/scratch/gpfs/PLI/... mds data); then `torchrun --nnodes 1 "
                      "--nproc_per_node $num_gpus duo_attn/train.py \"${args[@]}\" $@`. Right: 8 processes on one "
                      "8-GPU node (or the target's GPUs a node, said), the GPU-count logic and env overrides kept, the "
                      "/scratch/gpfs model and data paths named, jq named as a dependency."]),
    case(fam("surf-snellius-gpu-h100-2x4-ntasks-per-node1-random-port-triple-quoted-torchrun-apptainer-slurm-binds-srun-debug-steps-bash-c", "slurm"),
         "eliotwalt/aurora-testbed", "train_8gpus.job",
         "SURF Snellius (partition gpu_h100, /scratch-shared, EAR)", "surf-snellius",
         ["torchrun-in-container-bash-c", "node-rank-from-procid", "random-master-port", "slurm-binds-into-container",
          "nccl-socket-ifname", "debug-srun-steps", "triple-quote-strings", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=2, gpus_per_node=4,
         program="train.py",
         args=["--num_epochs=500", "--bf16", "--autocast", "--checkpointing_module_names", "Perceiver3DEncoder",
               "Swin3DTransformerBackbone", "Basic3DEncoderLayer", "Basic3DDecoderLayer", "Perceiver3DDecoder",
               "LinearPatchReconstruction"],
         keep_text=["--node_rank=$SLURM_PROCID", "--rdzv_backend=c10d", "--rdzv_conf=timeout=7200", "--max_restarts=0",
                    'bash -c "$BASE_COMMAND $DYNAMIC_BASE_ARGS $PYTHON_SCRIPT $PYTHON_ARGS"'],
         setup=[S('MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)'),
                S("MASTER_PORT=$((20000 + RANDOM % 10001))"), S("mkdir -p logs/train/8gpus")],
         source_only=["--partition=gpu_h100", 'CONTAINER_PATH="container/torch-2.7-aurora-25-06.sif"', "/opt/ear/",
                      "--env NCCL_SOCKET_IFNAME=eno2np0", 'BIND_DIRS=$TMPDIR,"/scratch-shared/$USER"'],
         container_image="container/torch-2.7-aurora-25-06.sif",
         refuse_words=["eno2np0", "BIND_SLURM", "/scratch-shared", "apptainer", "TRITON_LIBCUDA_PATH"],
         assumptions=["Snellius: 2 nodes x 4 H100 (--gpus-per-node=4), 1 task a node, 1 h: MASTER_ADDR = first host, "
                      "a random port, torchrun options kept in a '''...''' string (--nnodes=$SLURM_NNODES "
                      "--nproc_per_node=$SLURM_GPUS_PER_NODE --node_rank=$SLURM_PROCID, c10d), binds of Slurm/EAR "
                      "files and /scratch-shared into the container, two debug srun steps printing the eno2np0 "
                      "interface, then `srun --label --gpus-per-node=... apptainer exec --nv --no-home --env HF_HOME=... "
                      "--env NCCL_SOCKET_IFNAME=eno2np0 ... $CONTAINER bash -c \"torchrun ... train.py --num_epochs=500 "
                      "--bf16 ...\"`. Right: 2 nodes x 4 ranks, one torchrun per node in the container, the rendezvous "
                      "kept, the Snellius-specific binds (/opt/ear, /etc/slurm libs), eno2np0 and /scratch-shared "
                      "named (they do not exist on the target), the container image carried or named."]),
    case(fam("uhawaii-koa-gres-typo-batch-no-gpu-request-thirty-days-two-outputs-profile-source-activate-plain-python", "slurm"),
         "linneawolniewicz/fno-lightcurves", "run.slurm",
         "University of Hawaii Koa (partition koa, account koa)", "uhawaii-koa",
         ["gpu-request-typo-ignored", "two-output-directives", "thirty-day-walltime", "commented-alternatives",
          "profile-then-source-activate", "mail-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=None,
         program="scripts/fno_signal_classification.py", args=[],
         setup=[S("source ~/profiles/auto.profile"), S("source activate fno")],
         source_only=["#SBATCH --partition=koa", "#BATCH --gres=gpu:1", "#SBATCH --time=30-00:00:00"],
         accounts=["koa"],
         refuse_words=["#BATCH", "gres", "GPU", "30-00:00:00", "koa"],
         assumptions=["Koa: partition koa, account koa, 6 CPUs, 36gb, 30 days, two --output lines (the later, "
                      "logs/slurm_output/job-%A.out, wins), mail: the GPU line is `#BATCH --gres=gpu:1` (a typo: "
                      "Slurm ignores it), so as written the job asks for NO GPU; a commented --nodelist; .profile and "
                      "`source activate fno`, commented alternatives (jupyter nbconvert), then `python "
                      "scripts/fno_signal_classification.py`. Right: 1 process; the port names the typo'd GPU line and "
                      "asks (or says plainly) whether a GPU is wanted; silently dropping it or silently requesting a "
                      "GPU without saying so is wrong; 30 days named against the target's limit."]),
    case(fam("vector-t4v1-t4v2-rtx6000-partitions-qos-normal-signal-usr1-open-append-abs-conda-python-hydra-override", "slurm"),
         "med-i-lab/TRUSFormer", "scripts/submit_job.sh",
         "Vector Institute (partitions t4v1,t4v2,rtx6000, qos normal, /h/<user>)", "vector",
         ["partition-list", "signal-usr1-requeue-hint", "abs-env-python", "hydra-override", "open-mode-append",
          "export-all"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=["experiment=core_classification"],
         keep_text=["/h/pwilson/anaconda3/envs/trusnet/bin/python main.py"],
         source_only=["--partition=t4v1,t4v2,rtx6000", "--qos=normal", "--signal=SIGUSR1@90"],
         refuse_words=["/h/pwilson", "t4v1", "SIGUSR1", "qos"],
         assumptions=["Vector: 1 task, 16 CPUs, 4 h, a partition list t4v1,t4v2,rtx6000, qos normal, --export=ALL, "
                      "logs/%x.%j.log appended, 1 GPU, 128G, SIGUSR1 90 s before the end (the program may "
                      "checkpoint on it): one line, `/h/pwilson/anaconda3/envs/trusnet/bin/python main.py "
                      "experiment=core_classification`. Right: 1 process on 1 GPU, the Hydra override kept, the "
                      "absolute /h/pwilson interpreter named (it does not exist on the target), the signal kept."]),
    case(fam("utwente-main-gpu-itc-gpu-gpus2-constraint-or-singularity-module-proxy-port-from-jobid-sandbox-binds-dist-train-wrapper", "slurm"),
         "TrifuRazvan/TV3S-DINOv3", "hpc/train.sh",
         "University of Twente (partitions main-gpu,itc-gpu, proxy.utwente.nl)", "utwente",
         ["singularity-sandbox-dir", "wrapper-dist-train-sh", "constraint-or-list", "http-proxy", "port-from-jobid",
          "env-prefix-in-bash-c", "gpus-total"],
         launch_model="single", launcher="none", total_ranks=2, gpus_per_node=2,
         program="./tools/dist_train.sh", args=["${CONFIG}", "2", "--work-dir", "work_dirs/${WORK_DIR}"],
         keep_text=["PORT=${PORT} NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 PYTHONPATH=/workspace/TV3S ./tools/dist_train.sh",
                    "--pwd /workspace/TV3S"],
         setup=[S("PORT=$((29500 + SLURM_JOB_ID % 1000))"),
                S("CONFIG=local_configs/dinov3/dinov3_hf_convnext_base_tv3s_lpft.480x480.vspw2.160k.py")],
         source_only=["--partition=main-gpu,itc-gpu", "--constraint=l40|l40s|a40|a100|rtx6000pro",
                      "module load singularity/3.9.5", "export HTTP_PROXY=http://proxy.utwente.nl:3128",
                      "/home/s2283921/tv3s_sandbox_cu128/"],
         container_image="/home/s2283921/tv3s_sandbox_cu128/",
         refuse_words=["dist_train.sh", "proxy.utwente.nl", "sandbox", "/home/s2283921", "constraint"],
         assumptions=["UTwente: 1 node, --gpus=2, a constraint OR-list of GPU types, 24 h, 64G, 16 CPUs: singularity "
                      "module, the university HTTP(S) proxy, PORT from the job id, CONFIG/WORK_DIR, then `singularity "
                      "exec --nv --bind ... --pwd /workspace/TV3S /home/s2283921/tv3s_sandbox_cu128/ bash -c "
                      "\"PORT=... NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 PYTHONPATH=... ./tools/dist_train.sh ${CONFIG} 2 "
                      "--work-dir ...\"` (an mmseg-style wrapper that starts 2 processes; not shown). Right: one wrapper "
                      "on 2 GPUs of one node, the 2 kept equal to the GPUs requested, the sandbox directory and binds "
                      "named (home paths), the proxy dropped or named, the NCCL env kept."]),
    case(fam("itu-hpc-gres1-anaconda-module-bashrc-conda-activate-two-python-config-then-train-echoes", "slurm"),
         "PLtier/NLP-Cyber-NER", "scripts/itu_hpc/cross_datasets_model.job",
         "IT University of Copenhagen HPC (no partition named)", "itu-hpc",
         ["two-programs-in-order", "anaconda-module-bashrc", "echo-progress", "plain"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="nlp_cyber_ner/modeling/cross_dataset_model.py", args=[],
         other_runs=[R("nlp_cyber_ner/config.py", [])],
         setup=[S("source ~/.bashrc"), S("conda activate desktops")],
         source_only=["module load Anaconda3"],
         refuse_words=["Anaconda3", "desktops", "config.py"],
         assumptions=["ITU: 1 h, 24G, 8 CPUs, --gres=gpu:1, log to cross_datasets_model.log: echoes, module "
                      "Anaconda3, .bashrc, `conda activate desktops`, then `python nlp_cyber_ner/config.py` and "
                      "`python nlp_cyber_ner/modeling/cross_dataset_model.py` in that order, an echo. Right: both "
                      "programs in order, 1 process on 1 GPU, the Anaconda3 module replaced."]),
    case(fam("jsc-jureca-dc-hwai-westai-gres4-bashrc-conda-cd-p-scratch-cuda-visible-alloc-conf-nvidia-smi-one-python-vllm-tp2-tee-dated-output", "slurm"),
         "Dense-Communication/GRPO_latent", "scripts/run_rl_train.sh",
         "Jülich Supercomputing Centre JURECA-DC (partition dc-hwai, account westai0052, /p/scratch)", "jsc-jureca",
         ["one-process-several-gpus", "vllm-tensor-parallel", "cuda-visible-devices-hardcoded", "tee-log",
          "dated-output-dir", "cd-abs-scratch", "bashrc-conda"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="run_rl_train.py",
         args=["--model_name", "$MODEL_NAME", "--task", "$TASK", "--prompt", "sequential", "--device", "cuda:0",
               "--device2", "cuda:1", "--use_vllm", "--tensor_parallel_size", "2", "--gpu_memory_utilization", "0.85",
               "--max_new_tokens", "4096", "--latent_steps", "10", "--temperature", "0.6", "--top_p", "0.95", "--think",
               "--latent_space_realign", "--top_k_blocks", "4", "--policy_num_heads", "8", "--policy_num_layers", "2",
               "--policy_dropout", "0.1", "--similarity_threshold", "0.85", "--min_block_size", "4",
               "--max_block_size", "64", "--segment_layer_idx", "16", "--policy_lr", "1e-5", "--grpo_group_size", "8",
               "--grpo_clip_epsilon", "0.2", "--grpo_kl_coef", "0.1", "--entropy_coef", "0.01",
               "--ref_policy_update_freq", "100", "--update_every_n_groups", "4", "--reward_alpha", "1.0",
               "--reward_beta", "0.5", "--reward_gamma", "0.1", "--num_epochs", "5", "--max_samples", "500",
               "--eval_samples", "50", "--max_grad_norm", "1.0", "--seed", "42", "--output_dir", "$OUTPUT_DIR",
               "--log_file", "$OUTPUT_DIR/training_log.json"],
         keep_text=["2>&1 | tee $OUTPUT_DIR/console_output.log", 'OUTPUT_DIR="checkpoints/rl_policy/${TASK}_$(date +%Y%m%d_%H%M%S)"'],
         setup=[S("source ~/.bashrc"), S("conda activate latentmas"), S("cd /p/scratch/westai0052/liu52/LatentMAS"),
                S("export CUDA_VISIBLE_DEVICES=0,1,2,3"), S("export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:512")],
         source_only=["--partition=dc-hwai"], accounts=["westai0052"],
         refuse_words=["/p/scratch/westai0052", "westai0052", "dc-hwai", "CUDA_VISIBLE_DEVICES", "vllm"],
         assumptions=["JURECA-DC: -A westai0052, -p dc-hwai, 1 node, --gres=gpu:4, 10 CPUs, 64G, 4 h: echoes, "
                      ".bashrc, `conda activate latentmas`, cd to /p/scratch/westai0052/liu52/LatentMAS, mkdirs, "
                      "CUDA_VISIBLE_DEVICES=0,1,2,3 and an allocator setting, nvidia-smi, MODEL_NAME=Qwen/Qwen3-14B, "
                      "a dated OUTPUT_DIR, then ONE `python run_rl_train.py ... --device cuda:0 --device2 cuda:1 "
                      "--use_vllm --tensor_parallel_size 2 ...` piped to tee, then a cat of the training log. Right: one "
                      "process seeing the 4 GPUs (not 4 ranks), the hard-coded CUDA_VISIBLE_DEVICES named (a target "
                      "node may number GPUs differently; drop or keep with a note), the tee and dated dir kept, the "
                      "/p/scratch cd named."]),
    case(fam("deltaai-ghx4-dtai-gh-set-euo-three-required-positionals-miniforge-module-conda-submit-dir-repo-five-stage-skip-if-final-loop-lora-arrays", "slurm"),
         "sid-in-the-loop/user_interactions", "jobs/deltaai/tac_train_resume.sh",
         "NCSA DeltaAI (partition ghx4: GH200, account bgtw-dtai-gh, /work/hdd)", "deltaai",
         ["required-positional-args", "five-training-stages", "skip-if-final-exists", "bash-arrays-of-args",
          "submit-dir-repo-root", "set-euo", "aarch64-source", "hf-home-abs"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/fkl/train_methods.py",
         args=["--objective", "sft", "--lr", "2e-6", "--output_dir", '"$CKPT_ROOT/sft"', "--run_name", '"${TAG}_sft"',
               '"${COMMON[@]}"'],
         other_runs=[R("scripts/fkl/train_methods.py", ["--objective", "fkl", "--pure_kl", "--lr", "2e-6"]),
                     R("scripts/fkl/train_methods.py", ["--objective", "jsd", "--beta", "0.5", "--pure_kl", "--lr", "1e-4"]),
                     R("scripts/fkl/train_methods.py", ["--objective", "dpo", "--dpo_beta", "0.1", "--lr", "2e-6"]),
                     R("experiments/tac_winrates/train_sdpo_lora.py", ["--base_model", '"$BASE_MODEL"', "--train_jsonl", '"$IN_SDPO"'])],
         keep_text=['DATASET="${1:?Usage: sbatch tac_train_resume.sh DATASET WINRATE MATCH_N}"',
                    'have_final() { [ -d "$CKPT_ROOT/$1/final" ]; }'],
         setup=[S("set -euo pipefail"), S("conda activate skywork"), S('cd "$REPO"'),
                S("export HF_HOME=/work/hdd/bgtw/ssredharan/models"), S('export PYTHONPATH="$REPO:${PYTHONPATH:-}"'),
                S("export TOKENIZERS_PARALLELISM=false")],
         source_only=["--partition=ghx4", "module load python/miniforge3_pytorch/2.10.0"],
         accounts=["bgtw-dtai-gh"],
         refuse_words=["DATASET WINRATE MATCH_N", "ghx4", "/work/hdd/bgtw", "miniforge3_pytorch", "aarch64"],
         assumptions=["DeltaAI: -A bgtw-dtai-gh, -p ghx4, 1 node, 1 task, 8 CPUs, 1 GPU, 96g, 6 h: set -euo pipefail, "
                      "three REQUIRED positional args (DATASET WINRATE MATCH_N via ${n:?}), the DeltaAI miniforge "
                      "PyTorch module + `conda activate skywork`, cd to SLURM_SUBMIT_DIR, HF_HOME on /work/hdd, input "
                      "files checked (exit 1), then up to five sequential trainings, each skipped if its final/ dir "
                      "exists: train_methods.py sft, fkl, jsd, dpo (COMMON and LORA_ARGS arrays) and "
                      "train_sdpo_lora.py (rkl), then du. Right: all five stages in order with the skip logic, 1 "
                      "process on 1 GPU each, the three positional args named as sbatch arguments, the GH200 (aarch64) "
                      "source named (the conda env and module are not usable on an x86 target), /work/hdd named."]),
    case(fam("wm-sciclone-pbs-tcsh-worker-job-no-resources-conda-csh-unsetenv-torchrun-rdzv-endpoint-from-qsub-v-ip-numnodes-ppn", "pbs"),
         "heatherbaier/temporal-mig", "workers.sh",
         "William & Mary SciClone (PBS/Torque, tcsh, /sciclone/home20)", "wm-sciclone",
         ["tcsh-job", "worker-half-of-multi-job-rendezvous", "no-resource-request", "env-from-qsub-v",
          "rdzv-endpoint-from-env", "csh-conda"],
         launch_model="launcher", launcher="torchrun", total_ranks="unknown", nodes=None, gpus_per_node=None,
         program="/sciclone/home20/hmbaier/tm/run.py", args=["$PPN", "$NUMNODES"], expect="refuse",
         keep_text=["--rdzv_endpoint=$IP_ADDRESS", "--nnodes=$NUMNODES --nproc_per_node=$PPN"],
         setup=[S('source "/usr/local/anaconda3-2021.05/etc/profile.d/conda.csh"'), S("unsetenv PYTHONPATH"),
                S("conda activate dhsrl4")],
         source_only=["#!/bin/tcsh", "module load anaconda3/2021.05"],
         refuse_words=["tcsh", "IP_ADDRESS", "NUMNODES", "head_node", "worker", "rendezvous"],
         assumptions=["PBS, tcsh, 24 h, -j oe, NO node/GPU request: csh conda init, module anaconda3, unsetenv "
                      "PYTHONPATH, `conda activate dhsrl4`, echo $IP_ADDRESS, then `torchrun --nnodes=$NUMNODES "
                      "--nproc_per_node=$PPN --rdzv_id=790876 --rdzv_backend=c10d --rdzv_endpoint=$IP_ADDRESS run.py "
                      "$PPN $NUMNODES`. IP_ADDRESS, NUMNODES and PPN come from qsub -v: this is the worker half of a "
                      "hand-built multi-job rendezvous (head_node.sh writes its IP to a file; N worker jobs join). "
                      "Right: a refusal or ask that names the multi-job pattern (the target way is one multi-node "
                      "job) and the missing resources; porting the worker alone as a job is wrong."]),
    case(fam("psc-bridges2-gpu-shared-v100-32-array-0-24-requeue-abs-ocean-cd-path-env-cuda-probe-seed-c-from-array-index-skip-if-done-python-m", "slurm"),
         "romanbelaire/causal-rep-rl", "src/experiments/jobs/ea5_resume_shear_s.sh",
         "PSC Bridges-2 (GPU-shared, v100-32, account cis260223p, /ocean/projects)", "bridges2",
         ["array-index-to-two-lists", "skip-if-done", "requeue", "abs-ocean-cd", "path-prepend-env", "cuda-probe-python-c",
          "python-m-module", "env-default-steps"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="src.experiments.run_performance_train",
         args=["--suite", '"${SUITE}"', "--task", '"${TASK}"', "--seed", '"${SEED}"', "--exp-name", '"${EXP_NAME}"',
               "--agent", "ctro", "--algo-preset", "anti_aliased_ppo", "--init-weights", '"${INIT}"', "--total-steps",
               '"${RESUME_STEPS}"', "--no-early-stop", "--device", "cuda", "--results-root", "results"],
         keep_text=['IDX="${SLURM_ARRAY_TASK_ID}"', 'SEED="${SEEDS[$((IDX / 5))]}"', 'C="${CS[$((IDX % 5))]}"'],
         setup=[S("REPO=/ocean/projects/cis260223p/rbelaire/causal-rep-rl"), S('cd "$REPO" || exit 1'),
                S("export PATH=/ocean/projects/cis260223p/rbelaire/envs/causal-rep/bin:$PATH"),
                S("export MUJOCO_GL=egl"), S('export PYTHONPATH="$REPO"')],
         source_only=["#SBATCH -p GPU-shared", "#SBATCH --gpus=v100-32:1", "#SBATCH --array=0-24", "module load cuda/12.6.1"],
         accounts=["cis260223p"],
         refuse_words=["/ocean/projects/cis260223p", "SLURM_ARRAY_TASK_ID", "array", "v100-32", "requeue"],
         assumptions=["Bridges-2: -p GPU-shared, --gpus=v100-32:1, 5 CPUs, 12 h, -A cis260223p, logs under /ocean, "
                      "--array=0-24, --requeue: cd to the /ocean repo, an env bin dir prepended to PATH, module cuda "
                      "(errors ignored), nvidia-smi and a python -c CUDA assert, env settings, SEED and C picked from "
                      "two lists by the array index (5 x 5), an input checkpoint check (exit 1) and a done check "
                      "(exit 0), then `python -m src.experiments.run_performance_train ...`. Right: an array of 25 "
                      "with the index mapping kept, 1 process on 1 GPU each, the /ocean paths named, the GPU type "
                      "mapped, --requeue kept or named."]),
    case(fam("alcf-aurora-select2-auroragpt-debug-frameworks-module-oneccl-env-cpu-bind-list-world-size-from-ngpu-mpiexec-ppn12-python-u-xpu", "pbs"),
         "n-getty/vjepa2", "submit_2_nodes.sh",
         "ALCF Aurora (PBS Pro, account AuroraGPT, queue debug, Intel GPU Max tiles)", "aurora",
         ["intel-xpu-source", "oneccl-env", "cpu-bind-list", "world-size-from-env", "mpiexec-ppn",
          "master-addr-from-nodefile"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=24, nodes=2, gpus_per_node=12, device="intel",
         program="train_xpu.py", args=["--config", "configs/train/vitg16/droid-256px-8f.yaml"], expect="refuse",
         keep_text=["mpiexec -n ${WORLD_SIZE} --ppn ${NGPU} --cpu-bind=${CPU_BIND}"],
         setup=[S("export MASTER_ADDR=$(head -n 1 ${PBS_NODEFILE})"), S("export MASTER_PORT=29500"),
                S("cd $PBS_O_WORKDIR")],
         source_only=["module load frameworks", "#PBS -l filesystems=home:flare", "export CCL_ALLREDUCE=topo",
                      "export CCL_WORKER_AFFINITY=1,9,17,25,33,41,53,61,69,77,85,93"],
         accounts=["AuroraGPT"],
         refuse_words=["xpu", "oneCCL", "CCL_", "train_xpu.py", "Intel"],
         assumptions=["Aurora (bash -l): select=2, 30 min, -A AuroraGPT, -q debug, filesystems home:flare: module "
                      "frameworks, oneCCL algorithm settings and worker affinity, a CPU bind list, NGPU=12 (tiles) x "
                      "NNODES=2 -> WORLD_SIZE=24, MASTER_ADDR from PBS_NODEFILE, cd $PBS_O_WORKDIR, then `mpiexec -n "
                      "24 --ppn 12 --cpu-bind=... python -u train_xpu.py --config ...`. The program is the Intel XPU "
                      "port (train_xpu.py); every target of another vendor needs the CUDA program. Right: a refusal or "
                      "ask that names the XPU program and the oneCCL settings; a port that runs train_xpu.py on "
                      "NVIDIA GPUs is wrong (to Aurora itself it would not be asked)."]),
    case(fam("psc-bridges2-gpu-shared-h100-80-array-0-39-set-euo-shared-timestamp-required-env-defaults-extra-flags-array-index-map-skip-if-done-torchrun-standalone-1", "slurm"),
         "TongQM/slowrun", "experiments/parallel/train_array.sh",
         "PSC Bridges-2 (GPU-shared, h100-80, account cis260161p, /ocean/projects)", "bridges2",
         ["array-index-to-strategy-and-model", "required-env-from-orchestrator", "env-default-overrides",
          "extra-flags-array", "skip-if-done", "set-euo", "wandb-key-from-file", "torchrun-standalone-one-proc",
          "array-size-vs-default-mismatch"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, gpus_per_node=1,
         program="unlimited/train.py",
         args=["--n_layer=$N_LAYER", "--n_head=$N_HEAD", "--n_embd=$N_EMBD", "--num-models=$NUM_MODELS",
               "--single-model-idx=$MODEL_IDX", "--ensemble-type=$ENSEMBLE_TYPE", "--num-epochs=$NUM_EPOCHS",
               "--optimizer=$OPTIMIZER", "--ensemble-mode=$ENSEMBLE_MODE", "--data-fraction=$DATA_FRACTION",
               "--val-every-n-steps=$VAL_EVERY_N_STEPS", "--total-batch-size=$TOTAL_BATCH_SIZE",
               "--num-epochs-model-0=$NUM_EPOCHS", "--compile-mode=$COMPILE_MODE", '"${EXTRA_FLAGS[@]}"',
               "--resume=$RUN_ID", "--run=$RUN_NAME", "--wandb_group=$WANDB_GROUP"],
         keep_text=["--standalone", "--nproc_per_node=1", "-- unlimited/train.py",
                    "STRATEGY_IDX=$((SLURM_ARRAY_TASK_ID / NUM_MODELS))", 'NUM_MODELS="${NUM_MODELS:-5}"'],
         setup=[S("set -euo pipefail"), S("conda activate slowrun"), S("cd /ocean/projects/cis260161p/ymiao6/scaling/slowrun"),
                S("mkdir -p experiments/logs")],
         source_only=["--partition=GPU-shared", "--gpus=h100-80:1", "--array=0-39", "module load anaconda3/2024.10-1"],
         accounts=["cis260161p"],
         refuse_words=["SHARED_TIMESTAMP", "launch.sh", "NUM_MODELS", "/ocean/projects", "h100-80"],
         assumptions=["Bridges-2: -p GPU-shared, -A cis260161p, --gpus=h100-80:1, 1 task, 4 CPUs, 32G, 2 h, "
                      "--array=0-39: set -euo pipefail; exits unless SHARED_TIMESTAMP is set (the header says: submit "
                      "only through experiments/parallel/launch.sh, which also sets the overrides); anaconda module + "
                      "conda, cd to /ocean, WANDB key from a file, ~15 env-default settings, an EXTRA_FLAGS array, "
                      "STRATEGY_IDX/MODEL_IDX from the array index and NUM_MODELS (default 5: with the default, tasks "
                      "10..39 hit the `exit 1` branch; the comment says 20 models), a done check, then `torchrun "
                      "--standalone --nproc_per_node=1 -- unlimited/train.py ...`. Right: an array of 40, 1 process on "
                      "1 GPU each, the env contract named (SHARED_TIMESTAMP and the launch.sh orchestrator), the index "
                      "mapping kept, /ocean named, the H100 request mapped."]),
    case(fam("surf-snellius-gpu-a100-gres-and-gpus-module-2024-2023-anaconda-source-activate-srun-python-home-dreamer-timestamp-braces-no-final-newline", "slurm"),
         "2t2c/re-dreamerv3", "jobs/combined_rssmv2_replay/jobs/cheetah_run/train_cheetah_run_rssmv2_plus_combined_replay_seed_0.job",
         "SURF Snellius (partition gpu_a100, EasyBuild 2023/2024 stacks)", "surf-snellius",
         ["gres-and-gpus-both", "two-module-years", "srun-one-task", "literal-braces-in-arg", "seed-name-mismatch",
          "jax-program", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1, framework="jax",
         program='"${DIR}/dreamerv3/main.py"',
         args=["--run_name", '"${TASK}"', "--project", '"${PROJECT}"', "--logdir",
               "$HOME/logdir/${PROJECT}/${TASK}/${SEED}/{timestamp}", "--configs", "dmc_cheetah_run", "--seed", '"$SEED"',
               "--replay.fracs.uniform", "0.0", "--replay.fracs.priority", "0.5", "--replay.fracs.curious", "0.5",
               "--replay.curious.max_aggregation", "False", "--agent.use_transformer", "True",
               "--agent.dyn.rssm.gating", "True", "--agent.dyn.rssm.adaptive_unimix", "True",
               "--agent.dec.simple.symlog_log_cosh", "False"],
         setup=[S("source activate re-dreamer"), S("SEED=1"), S("TASK=dmc_cheetah_run"), S("DIR=$HOME/re-dreamerv3/")],
         source_only=["--partition=gpu_a100", "module load 2024", "module load Java/21.0.2", "module load 2023",
                      "module load Anaconda3/2023.07-2"],
         refuse_words=["gpu_a100", "module load 2024", "{timestamp}", "Java", "Anaconda3"],
         assumptions=["Snellius: -p gpu_a100, --gres=gpu:1 AND --gpus=1, 9 CPUs, 1 task, 12 h, 32000M: module purge, "
                      "modules 2024 + Java, then 2023 + Anaconda3, `source activate re-dreamer`, SEED=1 (the job name "
                      "says seed 0), TASK/PROJECT/DIR, then `srun python \"${DIR}/dreamerv3/main.py\" --run_name ... "
                      "--logdir $HOME/logdir/.../{timestamp} ...` (DreamerV3, JAX; {timestamp} is filled by the "
                      "program; no final newline). Right: 1 process on 1 GPU, every argument kept ({timestamp} "
                      "literal), the two module years and Java named, SEED as written."]),
    case(fam("princeton-style-gres4-one-task-four-cpus-anaconda3-module-conda-one-python-num-workers-arith-from-cpus", "slurm"),
         "adrianbayer/gnn-sz", "train.job",
         "A university cluster (Princeton-style header, no partition named; module anaconda3)", "unnamed-university",
         ["one-process-four-gpus", "arith-from-slurm-var", "plain", "long-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="main.py", args=["--num_workers", "$(($SLURM_CPUS_PER_TASK))"],
         setup=[S("conda activate fastpm")],
         source_only=["module load anaconda3", "#SBATCH --gres=gpu:4"],
         refuse_words=["SLURM_CPUS_PER_TASK", "anaconda3", "100:00:00", "4 GPUs"],
         assumptions=["1 node, 1 task, 4 CPUs, 200G, --gres=gpu:4, 100 h: module purge, anaconda3, `conda activate "
                      "fastpm`, then `python main.py --num_workers $(($SLURM_CPUS_PER_TASK))`. Right: one process "
                      "seeing 4 GPUs of one node (not 4 ranks), the CPU-count argument kept with the target's "
                      "variable, 100 h named against the target's limit, the anaconda3 module replaced."]),
    case(fam("lisn-titanic-gres3-requeue-twice-open-append-datestamp-log-folders-flag-strings-bashrc-python-redirect-mv-logs-after", "slurm"),
         "anditp/diffusion-lagr-improved", "train.job",
         "Université Paris-Saclay LISN/Inria TAU cluster (partition titanic, /home/tau)", "lisn-titanic",
         ["flag-string-variables", "append-redirect-log", "post-run-mv-logs", "requeue-directive-twice",
          "one-process-three-gpus", "bashrc-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=3, gpus_per_rank=3,
         program="$TEST_PATH/turb_train.py", args=["$DATA_FLAGS", "$MODEL_FLAGS", "$DIFFUSION_FLAGS", "$TRAIN_FLAGS"],
         keep_text=[">> $LOG_STDOUT", 'DATA_FLAGS="--dataset_path /home/tau/apantea/data/both_1d.npy"',
                    'TRAIN_FLAGS="--lr 1e-5 --batch_size 192"'],
         setup=[S("DATESTAMP=`date +%Y%m%d`"), S("mkdir -p $LOGS_FOLDER"), S('TEST_PATH="$HOME/diffusion-lagr-1"'),
                S("source $HOME/.bashrc")],
         source_only=["--partition=titanic", "--gres=gpu:3", "--requeue", "--open-mode=append"],
         refuse_words=["titanic", "/home/tau/apantea", "mv $HOME/$LOG_STDOUT", "$TEST_PATH"],
         assumptions=["-p titanic, --gres=gpu:3, 4 days, 10 CPUs, 40g, --open-mode=append, --requeue (twice): dated "
                      "log folders under $HOME/local_logs, TEST_PATH=$HOME/diffusion-lagr-1, four flag strings "
                      "(data path under /home/tau/apantea), .bashrc, echoes to the log, then `python "
                      "$TEST_PATH/turb_train.py $DATA_FLAGS $MODEL_FLAGS $DIFFUSION_FLAGS $TRAIN_FLAGS >> $LOG_STDOUT`, "
                      "then two mv of logs (the first prefixes $HOME/ to an already absolute path: it fails). Right: "
                      "one process with 3 GPUs visible (no launcher: the program is one rank), the flag strings "
                      "unquoted as written, the redirect kept, /home/tau named, --requeue kept."]),
    case(fam("surf-lisa-gpu-shared-n4-no-gpu-request-module-2019-miniconda2-source-activate-dot-slash-train-sh-wrapper", "slurm"),
         "robogast/driver-attention-prediction", "train.job",
         "SURF Lisa/Cartesius (partition gpu_shared, 2019 module stack; both retired)", "surf-lisa",
         ["wrapper-program-not-shown", "no-gpu-request", "module-year-stack", "retired-cluster", "plain"],
         launch_model="single", launcher="none", total_ranks="unknown", gpus_per_node=None,
         program="./train.sh", args=[], expect="refuse",
         setup=[S("source activate test-bdda2")],
         source_only=["-p gpu_shared", "module load 2019", "module load Miniconda2"],
         refuse_words=["./train.sh", "gpu_shared", "Miniconda2", "GPU", "wrapper"],
         assumptions=["-p gpu_shared, -n 4, 10 h, no GPU directive (gpu_shared gave a share of a node's GPUs by "
                      "policy): module 2019 + Miniconda2, `source activate test-bdda2`, then `./train.sh` (the training "
                      "is in a wrapper the script does not show). Right: a refusal or ask naming the unseen wrapper and "
                      "the missing GPU count; a port that guesses a program or GPU count is wrong."]),
    case(fam("tum-vcg-submit-partition-gpus1-constraint-a100-signal-2-open-append-modules-init-source-cuda-module-echo-command-python-u-lightning-gpus-0-comma", "slurm"),
         "Peter-Kocsis/latent-diffusion", "train.job",
         "Technical University of Munich lab cluster (partition submit, qos normal, /cluster/falas)", "tum-lab",
         ["lightning-gpus-list-arg", "signal-int", "modules-init-sourced", "echo-of-command", "abs-cluster-log-path",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="lightning",
         program="main.py", args=["--base", "configs/latent-diffusion/irradiance_toy.yaml", "-t", "--gpus", "0,"],
         keep_text=["python -u main.py"],
         setup=[S("source /usr/local/Modules/init/bash")],
         source_only=["--partition=submit", '--constraint="a100"', "--signal=2", "module load cuda/11.3",
                      "--output=/cluster/falas/pkocsis/projects/lighting-diffusion/logs/slurm/ldm_train_%A-%a.log"],
         refuse_words=["--gpus 0,", "/cluster/falas", "signal", "cuda/11.3"],
         assumptions=["1 node, --gpus=1, 8 CPUs a GPU, a100 constraint, 16GB, -p submit, qos normal, --signal=2, "
                      "output appended to /cluster/falas/..., 4 days, mail: the Modules init files sourced, cuda/11.3, "
                      "echoes (one repeats the command), then `python -u main.py --base "
                      "configs/latent-diffusion/irradiance_toy.yaml -t --gpus 0,` (Lightning: GPU list \"0,\"; no "
                      "final newline). Right: 1 process on 1 GPU with `--gpus 0,` kept as written, the signal kept, the "
                      "/cluster/falas log path named, the cuda module replaced."]),
    case(fam("unnamed-cluster-gpu-gres1-set-e-cache-mkdirs-singularity-binds-share-home-user-sif-python-isaaclab-rsl-rl-4096-envs-headless", "slurm"),
         "hupohupoh/isaac-biped-rl", "hpc/train.sh",
         "An unnamed university cluster (partition gpu, /share/home; header comments unsure of names)", "unnamed-university",
         ["singularity-image-from-share-home", "binds-of-cache-dirs", "set-e", "program-path-inside-container",
          "rl-simulation-headless", "uncertain-partition-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/workspace/biped_demo/scripts/rsl_rl/train.py",
         args=["--task", "Biped-velocity-v0", "--num_envs", "4096", "--max_iterations", "10000", "--headless"],
         keep_text=["singularity exec --nv", "--bind $HOME/biped_demo:/workspace/biped_demo"],
         setup=[S("set -e"), S("mkdir -p $HOME/.cache/nvidia/GLCache"), S("mkdir -p $HOME/biped_demo/logs")],
         source_only=["#SBATCH -p gpu", "/share/home/$USER/biped-train.sif"],
         container_image="/share/home/$USER/biped-train.sif",
         refuse_words=["singularity", "/share/home", "biped-train.sif", "GLCache", "Isaac"],
         assumptions=["-p gpu (a comment says the partition and GPU syntax are unconfirmed), 1 node, 1 task, 16 CPUs, "
                      "--gres=gpu:1, 12 h: set -e, cache dirs made in $HOME, then `singularity exec --nv --bind ... "
                      "/share/home/$USER/biped-train.sif python /workspace/biped_demo/scripts/rsl_rl/train.py --task "
                      "Biped-velocity-v0 --num_envs 4096 --max_iterations 10000 --headless` (Isaac Lab RL; the "
                      "program path is inside the container). Right: 1 process on 1 GPU in the container with the "
                      "binds kept, the /share/home image named (carried or asked for), the GL/OV cache binds kept."]),
    case(fam("aphp-gpuv100-pyxis-container-image-in-sbatch-conda-sh-cd-abs-venv-conda-deactivate-config-array-train-loop-then-infer-loop-timing", "slurm"),
         "Aremaki/eds_ner_cardioccc", "scripts/run.slurm",
         "AP-HP Entrepôt de Données de Santé cluster (partition gpuV100, pyxis container directives)", "aphp-eds",
         ["pyxis-container-directive", "config-array-loop", "train-then-infer-loops", "python-m-module", "elapsed-timing",
          "conda-then-venv-then-deactivate"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="edsnlp.train", args=["--config", '"$config"'],
         other_runs=[R("scripts/infer.py", ["--config", '"$config"'])],
         keep_text=['for config in "${CONFIGS[@]}"; do', '"configs/spaccc/config_bsc_ehr.yml"'],
         setup=[S("source $HOME/.user_conda/miniconda/etc/profile.d/conda.sh"),
                S('cd "/export/home/cse200093/Adam/eds_ner_cardioccc"'),
                S('source "/export/home/cse200093/Adam/eds_ner_cardioccc/.venv/bin/activate"'), S("conda deactivate")],
         source_only=["--partition gpuV100", "--gres=gpu:v100:1", "--container-image /scratch/images/sparkhadoop.sqsh",
                      "--container-mount-home"],
         container_image="/scratch/images/sparkhadoop.sqsh",
         refuse_words=["container-image", "pyxis", "sparkhadoop.sqsh", "/export/home/cse200093", "CONFIGS"],
         assumptions=["48 h, --gres=gpu:v100:1, 2 CPUs, 40000M, -p gpuV100, and an #SBATCH line of pyxis options "
                      "(--container-image /scratch/images/sparkhadoop.sqsh, mounts, --container-mount-home, "
                      "--container-writable): conda.sh, cd to /export/home/..., a venv, conda deactivate, five config "
                      "files, then a loop `python -m edsnlp.train --config \"$config\"` over all five and a second "
                      "loop `python scripts/infer.py --config \"$config\"`, each timed. Right: both loops in order, 1 "
                      "process on 1 GPU, the pyxis container named (a target without pyxis runs it with its own "
                      "runtime or asks), the /export/home paths named."]),
    case(fam("eth-euler-ntasks18-gpus-per-node1-gpumem-20g-tmp-modules-eth-proxy-relative-venv-free-port-python-torchrun-nproc1-placeholder-paths", "slurm"),
         "cm090999/dinoret", "scripts/run.slurm",
         "ETH Zürich Euler (--gres=gpumem, module eth_proxy, python_gpu stack)", "eth-euler",
         ["gpumem-gres", "free-port-from-python", "placeholder-paths", "rm-rf-placeholder", "relative-venv",
          "tasks-as-cpus", "torchrun-one-proc"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, gpus_per_node=1,
         program="main_finetune.py",
         args=["--batch_size", "32", "--world_size", "1", "--model", "dinov2_vitb14", "--epochs", "100",
               "--warmup_epochs", "5", "--blr", "2e-3", "--weight_decay", "0", "--drop_path", "0.0", "--nb_classes", "5",
               "--num_workers", "$num_tasks", "--data_path", "/add/your/path", "--task", "$test_path", "--input_size",
               "224", "--fix_backbone", "True", "--n_classification_heads", "1"],
         keep_text=["torchrun --nproc_per_node=1 --master_port=$FREE_PORT main_finetune.py", "rm -rf $test_path",
                    "FREE_PORT=$(python -c"],
         setup=[S("source .env//bin/activate"), S("num_tasks=$SLURM_NTASKS"), S("test_path=/add/your/path")],
         source_only=["--gres=gpumem:20g", "--tmp=4000", "module load gcc/8.2.0 python_gpu/3.11.2", "module load eth_proxy"],
         refuse_words=["gpumem", "eth_proxy", "/add/your/path", "rm -rf", "python_gpu"],
         assumptions=["Euler: 1 node, 18 tasks (used as data-loader workers), 1 GPU with >= 20g memory "
                      "(--gres=gpumem:20g), 6000M a CPU, 4000 MB local tmp, 1 h, mail: gcc + python_gpu modules, "
                      "eth_proxy, a relative venv, a free port from a python one-liner, num_tasks=$SLURM_NTASKS, "
                      "test_path=/add/your/path (a placeholder) then `rm -rf $test_path`, then `torchrun "
                      "--nproc_per_node=1 --master_port=$FREE_PORT main_finetune.py ...` (many flags; --data_path a "
                      "placeholder). Right: 1 process on 1 GPU with the port logic and every flag kept, the GPU-memory "
                      "request mapped to a GPU type, the placeholder paths and the rm -rf named, 18 tasks as CPUs."]),
    case(fam("uva-gpu-gres1-c12-bashrc-cuda-home-paths-source-activate-abs-cache-dirs-train-then-encode-query-and-corpus-shard-loops", "slurm"),
         "GSidiropoulos/typo-robust-multi-positive-DR", "train.job",
         "A university lab cluster (University of Amsterdam IR lab style; partition gpu, CUDA 10.2 in /usr/local)", "unnamed-university",
         ["train-then-encode-stages", "shard-loops", "seq-format-loop", "cuda-home-paths", "abs-root-cache-dirs",
          "output-dir-mismatch", "python-m-module"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="tevatron_dst.driver.train",
         args=["--model_name_or_path", "bert-base-uncased", "--output_dir", "/model_msmarco_bert_40",
               "--passage_field_separator", "[SEP]", "--save_steps", "40000", "--dataset_name", "Tevatron/msmarco-passage",
               "--fp16", "--per_device_train_batch_size", "16", "--learning_rate", "1e-5", "--max_steps", "150000",
               "--dataloader_num_workers", "10", "--cache_dir", "/cache_data", "--logging_steps", "150",
               "--query_augmentation_size", "40", "--beta", "0.5", "--gamma", "0.5", "--sigma", "0.2", "--multi_positive"],
         other_runs=[R("tevatron_dst.driver.encode", ["--output_dir=temp", "--model_name_or_path",
                                                      "$LOAD_MODEL_DIR/checkpoint-final", "--encode_is_qry"])],
         keep_text=["for s in $(seq 1 10)", 'for s in $(seq -f "%02g" 0 19)'],
         setup=[S("source ${HOME}/.bashrc"), S('export CUDA_HOME="/usr/local/cuda-10.2"'), S("source activate noise_dr"),
                S("export TRANSFORMERS_CACHE=/cache_models"), S("export HF_DATASETS_CACHE=/cache_data"),
                S("export NCCL_IB_DISABLE=1")],
         source_only=["--partition=gpu", "/usr/local/cuda-10.2"],
         refuse_words=["/usr/local/cuda-10.2", "/model_msmarco_bert_40", "/cache_data", "checkpoint-final"],
         assumptions=["-p gpu, --gres=gpu:1, 12 CPUs, 30G, 48 h: .bashrc, CUDA_HOME paths for cuda-10.2, Hydra/NCCL "
                      "env, `source activate noise_dr`, caches at /cache_models and /cache_data (root-level dirs), "
                      "echoes, then `python -m tevatron_dst.driver.train ... --output_dir /model_msmarco_bert_40 ...`, "
                      "then many `python -m tevatron_dst.driver.encode` runs: three query sets, a loop of 10 typo "
                      "query sets, a loop over 20 corpus shards (seq -f %02g). The encode runs load "
                      "model_msmarco_bert_40/checkpoint-final RELATIVE to the cwd while training wrote to "
                      "/model_msmarco_bert_40 (a user path mismatch). Right: every stage and loop in order, 1 process "
                      "on 1 GPU, the root-level cache/output dirs and the cuda-10.2 paths named."]),
    case(fam("gmu-hopper-gpuq-qos-gpu-gres-a100-80gb-mem-per-cpu-export-all-nvidia-smi-language-array-loop-bash-install-sh-task-wrapper-no-final-newline", "slurm"),
         "ffaisal93/neg_inf", "scripts/run_all_adapter_at_once.slurm",
         "George Mason University Hopper (partition gpuq, qos gpu, A100.80gb)", "gmu-hopper",
         ["wrapper-program-not-shown", "language-list-loop", "relative-parent-log-dir", "typed-gres-dotted",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="install.sh", args=["--task", "${task}", "--lang", "${file1}", "--MODEL_NAME", "xlmr"], expect="refuse",
         keep_text=['for ind1 in "${!arr[@]}";do', "task='eval_xnli_adapters_1'"],
         source_only=["--partition=gpuq", "--qos=gpu", "--gres=gpu:A100.80gb:1", "--output=../tr_output/anli_all.out"],
         refuse_words=["install.sh", "gpuq", "A100.80gb", "wrapper", "../tr_output"],
         assumptions=["Hopper: -p gpuq, --qos=gpu, 1 node, 1 task, --gres=gpu:A100.80gb:1, 35500M a CPU, "
                      "--export=ALL, 3 days 1 h, logs to ../tr_output (relative to the submit dir): nvidia-smi, a list "
                      "of 38 language codes, then a loop `bash install.sh --task eval_xnli_adapters_1 --lang "
                      "${file1} --MODEL_NAME xlmr` (a commented bert variant; no final newline). The training/eval is "
                      "inside install.sh, which the script does not show. Right: a refusal or ask naming the unseen "
                      "install.sh wrapper (or a port that keeps the loop and the wrapper verbatim and says the launch "
                      "inside it is unseen), never an invented program."]),
    case(fam("kaust-ibex-batch-gres-a100-reservation-bash-login-module-purge-conda-dot-source-tag-sh-pythonpath-dot-python-tag-from-jobid-extra-key", "slurm"),
         "Obs01ete/kaggle_latenciaga", "train_layout_xla_default.job",
         "KAUST Ibex (partition batch, --reservation=A100, /ibex/ai/home)", "kaust-ibex",
         ["reservation", "sourced-helper-sets-tag", "env-prefix-pythonpath", "jobid-in-arg", "unset-extra-key-var",
          "bash-login"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/main.py", args=["--collection=layout-xla-default", "--tag=${SLURM_JOB_ID}_${TAG}", "${EXTRA_KEY}"],
         keep_text=["PYTHONPATH=. python src/main.py", ". ./tag.sh"],
         setup=[S("conda activate latenciaga4")],
         source_only=["--partition=batch", "--gres=gpu:a100:1", "--reservation=A100",
                      "-o /ibex/ai/home/khizbud/latenciaga/slurm_logs/output.%J.out"],
         refuse_words=["reservation", "tag.sh", "EXTRA_KEY", "/ibex/ai/home", "SLURM_JOB_ID"],
         assumptions=["Ibex (bash --login): 1 node, 1 task, 16 CPUs, 200G, 24 h, --gres=gpu:a100:1, "
                      "--reservation=A100, logs under /ibex/ai/home, mail: module purge, `conda activate "
                      "latenciaga4`, `. ./tag.sh` (sets TAG; not shown), then `PYTHONPATH=. python src/main.py "
                      "--collection=layout-xla-default --tag=${SLURM_JOB_ID}_${TAG} ${EXTRA_KEY}` (EXTRA_KEY unset in "
                      "the script: from the submit environment or empty). Right: 1 process on 1 GPU with the env prefix "
                      "and the sourced helper kept, the job-id variable mapped, the reservation dropped or named, the "
                      "/ibex paths named."]),
    case(fam("weizmann-wexac-lsf-waic-short-app-nvidia-gpu-env-container-image-gpu-num8-exclusive-torch-distributed-launch-nproc8-use-env-resume-auto", "lsf"),
         "omriKramer/csPose", "train.job",
         "Weizmann Institute WEXAC (IBM LSF, queue waic-short, -app nvidia-gpu, LSF Docker container image)", "weizmann-wexac",
         ["lsf-gpu-exclusive", "lsf-container-image-env", "lsf-application-profile", "torch-distributed-launch-use-env",
          "world-size-arg"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=8, gpus_per_node=8,
         program="csPose/train_cs.py",
         args=["--data-path", "/home/labs/waic/shared/coco/", "-b", "4", "-e", "1", "--output-dir", "resnet18/run1",
               "--num-workers", "4", "--resume", "auto", "--world-size", "8", "--print-freq", "50", "--plot-freq", "12"],
         keep_text=["python3 -m torch.distributed.launch --nproc_per_node=8 --use_env"],
         source_only=["#BSUB -q waic-short", "#BSUB -app nvidia-gpu", "#BSUB -env LSB_CONTAINER_IMAGE=nvcr.io/nvidia/pytorch:19.09-py3",
                      "#BSUB -gpu num=8:j_exclusive=yes"],
         container_image="nvcr.io/nvidia/pytorch:19.09-py3",
         refuse_words=["LSB_CONTAINER_IMAGE", "nvcr.io", "waic", "--world-size", "exclusive"],
         assumptions=["LSF (#!/bin/sh): queue waic-short, -oo/-eo out/err.%J, application profile nvidia-gpu, the "
                      "container image given as LSB_CONTAINER_IMAGE (nvcr.io/nvidia/pytorch:19.09-py3: LSF runs the "
                      "job inside it), 8 GPUs exclusive, no walltime: `python3 -m torch.distributed.launch "
                      "--nproc_per_node=8 --use_env csPose/train_cs.py --data-path /home/labs/waic/shared/coco/ -b 4 "
                      "-e 1 ... --world-size 8 ...`. Right: 8 processes on one 8-GPU node (or the "
                      "target's GPUs a node with --world-size kept equal, said), the container image carried to the "
                      "target's runtime or named, the /home/labs data path named, a walltime chosen and said."]),
    case(fam("ncsa-delta-gpua100x4-bgdn-4gpus-one-task-config-dollar1-default-sourced-repo-bashrc-uv-venv-torchrun-nproc4-which-swift-rlhf", "slurm"),
         "Tianyi-Billy-Ma/N-MARS", "scripts/delta/grpo_train.sh",
         "NCSA Delta (account bgdn-delta-gpu, partition gpuA100x4, /work/hdd, /projects)", "delta",
         ["sourced-repo-env-script", "dollar1-with-default", "torchrun-of-which-swift", "fixed-master-port",
          "one-task-four-gpus-torchrun"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="$(which swift)", args=["rlhf", "--config", '"$CONFIG"'],
         keep_text=["--nproc_per_node=4", "--master_port=29500", "CONFIG=${1:-configs/train/grpo_template.yaml}"],
         setup=[S("source scripts/delta/bashrc.sh")],
         source_only=["--partition=gpuA100x4", "--gpus-per-node=4"], accounts=["bgdn-delta-gpu"],
         refuse_words=["scripts/delta/bashrc.sh", "swift", "bgdn-delta-gpu", "gpuA100x4", "$1"],
         assumptions=["Delta: -A bgdn-delta-gpu, -p gpuA100x4, 1 node, 1 task, 4 GPUs, 16 CPUs, 128G, 24 h, mail: "
                      "CONFIG from $1 with a default, `source scripts/delta/bashrc.sh` (a repo file, not shown here: it "
                      "loads aws-ofi-nccl, a uv venv, NCCL/HF/W&B settings with Delta /work/hdd and /projects paths), "
                      "then `torchrun --nproc_per_node=4 --master_port=29500 $(which swift) rlhf --config \"$CONFIG\"` "
                      "(ms-swift GRPO). Right: 4 processes on one 4-GPU node, the $(which swift) program and $1 kept, "
                      "the sourced Delta-specific env script named (its module and paths do not exist on the target)."]),
    case(fam("nersc-perlmutter-m5017-hbm80g-gpus4-no-tasks-set-euo-scratch-repo-config-env-dotenv-loop-default-cmd-gpu-id-split-bash-run-sh-container-wrapper", "slurm"),
         "HyperPotatoNeo/contextual_learning", "scripts/nersc/sbatch_wrapper.sh",
         "NERSC Perlmutter (account m5017, -C gpu&hbm80g, qos regular, $SCRATCH)", "perlmutter",
         ["wrapper-program-run-sh", "command-from-env-default", "gpu-ids-split-by-role", "dotenv-secrets-loop",
          "sourced-config-env", "set-euo", "scratch-repo-root"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program='"${SCRIPT_DIR}/run.sh"', args=["${CMD}"],
         keep_text=['CMD="${PRIME_CMD:-${DEFAULT_CMD}}"', "--inference-gpu-ids 0 --teacher-gpu-ids 1 --trainer-gpu-ids"],
         setup=[S("set -euo pipefail"), S('REPO_DIR="${SCRATCH}/contextual_learning"'),
                S('source "${SCRIPT_DIR}/config.env"'), S('mkdir -p "${REPO_DIR}/logs"')],
         source_only=['#SBATCH -C "gpu&hbm80g"', "#SBATCH --qos=regular"], accounts=["m5017"],
         refuse_words=["run.sh", "config.env", ".env", "PRIME_CMD", "gpu-ids", "${SCRATCH}"],
         assumptions=["Perlmutter: -A m5017, gpu&hbm80g, qos regular, 48 h, 4 GPUs a node, no node/task count: set -euo "
                      "pipefail, the repo at $SCRATCH/contextual_learning, `source config.env`, a .env file of API keys "
                      "sourced (set -a) from $HOME or the repo, a default prime-rl command (rl @ ... with inference on "
                      "GPU 0, teacher on GPU 1, trainer on GPUs 2,3) overridable by PRIME_CMD, echoes, then `bash "
                      "\"${SCRIPT_DIR}/run.sh\" ${CMD}` (run.sh runs it in a container; not shown). Right: one wrapper "
                      "process on one node with 4 GPUs (the GPU-id split needs 4 on the target), PRIME_CMD and the "
                      "sourced config.env/.env named, the unseen run.sh and its container named, $SCRATCH named."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
