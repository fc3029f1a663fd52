"""Write bench/unseen25/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen24 (bench/unseen6/make_common.py).
Usage: python bench/unseen25/make_cases.py /work/cache/unseen25 bench/unseen25/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("centralesupelec-ruche-gpua100-exclude-list-gpfs-workdir-apptainer-module-exec-nv-writable-tmpfs-binds-sif-python-many-flags", "slurm"),
         "ADnocap/phantom", "scripts/slurm/finetune.slurm",
         "Mésocentre Paris-Saclay / CentraleSupélec Ruche (partition gpua100, nodes ruche-gpu*, /gpfs/workdir)", "ruche",
         ["apptainer-exec-nv", "writable-tmpfs", "bind-mounts", "sif-under-workdir", "exclude-node-list",
          "workdir-var-cd", "program-many-flags", "box-drawing-comment"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/train/train_finetune.py",
         args=["--pretrained", "checkpoints/best.pt", "--btc_cache", "data/btc_daily.npz", "--val_start", "2022-01-01",
               "--test_start", "2023-07-01", "--real_fraction", "0.3", "--n_branches", "128", "--steps", "10000",
               "--batch_size", "256", "--lr_head", "1e-4", "--lr_encoder", "3e-5", "--llrd", "0.7", "--min_lr", "1e-6",
               "--warmup_steps", "300", "--weight_decay", "0.02", "--freeze_encoder_steps", "2000", "--l2sp_lambda", "0.01",
               "--n_model_samples", "256", "--nll_weight_synth", "0.1", "--nll_weight_real", "0.05", "--val_every", "500",
               "--save_every", "1000", "--log_every", "50", "--seed", "42"],
         keep_text=["apptainer exec --nv --writable-tmpfs", "--bind $WORKDIR:$WORKDIR:rw", "--bind $WORKDIR/mytmp:/tmp"],
         setup=[S("WORKDIR=/gpfs/workdir/dalbanal"), S("PROJECT=$WORKDIR/phantom"), S("cd $PROJECT"),
                S("mkdir -p logs checkpoints_ft")],
         source_only=["--partition=gpua100", "--exclude=ruche-gpu11,ruche-gpu16,ruche-gpu17,ruche-gpu19,ruche-gpu12",
                      "module load apptainer/1.4.4/gcc-15.1.0", "$WORKDIR/unsloth.sif"],
         container_image="$WORKDIR/unsloth.sif",
         refuse_words=["/gpfs/workdir", "unsloth.sif", "apptainer", "mytmp"],
         assumptions=["Ruche: 1 node, --gres=gpu:1, partition gpua100, an --exclude list of five ruche-gpu nodes, 10 CPUs, "
                      "12G a CPU, 4 h: WORKDIR and PROJECT under /gpfs/workdir, cd, mkdir, the site apptainer module, then "
                      "`apptainer exec --nv --writable-tmpfs --bind $WORKDIR:$WORKDIR:rw --bind $WORKDIR/mytmp:/tmp "
                      "$WORKDIR/unsloth.sif python scripts/train/train_finetune.py ...` (one process, one GPU, 27 flag "
                      "pairs). Right: 1 process on 1 GPU run inside the same image with --nv and the binds kept (the "
                      "target's apptainer/singularity module, said), the image and /gpfs/workdir paths named as to be "
                      "copied, the exclude list and the partition dropped with notes."]),
    case(fam("snellius-like-gpu-a100-gres1-blank-line-in-directives-relative-venv-python-redirect-log-no-final-newline", "slurm"),
         "Evelien-bug/impossible_project_training", "finetune.slurm",
         "A university cluster (partition gpu_a100; SURF Snellius assumed from the partition name)", "snellius",
         ["blank-line-between-directives", "relative-venv", "redirect-stdout-stderr-to-file", "no-final-newline",
          "no-cpu-mem-request"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="fine_tuning/finetune.py",
         args=["-c", "configs/gpu-100k.yml", "-p", "datasets/100k_gutenberg.train", "-t", "localShuffle5"],
         keep_text=["> output.log 2>&1"],
         setup=[S("source .venv/bin/activate")],
         source_only=["--partition=gpu_a100"],
         refuse_words=[".venv", "gpu_a100", "output.log"],
         assumptions=["1:30 h, logs/%x-%j, a blank line inside the directive block, partition gpu_a100, --gres=gpu:1, no CPU "
                      "or memory request: `source .venv/bin/activate` (relative to the submit directory), then `python "
                      "fine_tuning/finetune.py -c configs/gpu-100k.yml -p datasets/100k_gutenberg.train -t localShuffle5 > "
                      "output.log 2>&1` (no final newline). Right: 1 process on 1 GPU, the relative venv kept or named, the "
                      "redirect to output.log kept, the partition replaced with the target's GPU one; the directives after "
                      "the blank line (partition, gres) must still be read as directives."]),
    case(fam("plgrid-tesla-account-gres-h100-1-variant-positional-case-submit-dir-exports-long-ckpt-path-venv-python-m-gpuid", "slurm"),
         "VisCoLab/met-fork", "slurm/finetune.slurm",
         "A cluster with partition tesla and account pl0896-03 (a Polish centre assumed from the account name)", "tesla-pl",
         ["required-positional-variant", "case-statement-sets-paths", "cd-submit-dir", "exports-on-one-line",
          "venv-python-by-path", "python-m-module", "gpuid-arg", "usage-comment-before-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, module=True,
         program="code.examples.train_contrastive",
         args=['"$OUT"', "--net", "r18_sw-sup", "--pretrained", "--init_weights", '"$CKPT"', "--pairs_type", "new_pos+new_neg",
               "--emb_proj", "--pca", "--backbone_lr", "1e-7", "--epochs", "5", "--sched_step", "3", "--seed", "0",
               "--info_dir", '"$INFO"', "--im_root", "data/aug", "--gpuid", "0"],
         keep_text=['VARIANT="${1:?usage: sbatch slurm/finetune.slurm <combined|synth>}"', 'case "$VARIANT" in',
                    ".venv/bin/python -m code.examples.train_contrastive"],
         setup=[S('cd "$SLURM_SUBMIT_DIR"'), S('mkdir -p logs "$OUT"'), S('export TORCH_HOME="$SLURM_SUBMIT_DIR/data/torch_home"'),
                S("export PYTHONUNBUFFERED=1")],
         source_only=["--account=pl0896-03", "--partition=tesla", "--gres=gpu:h100:1"],
         accounts=["pl0896-03"],
         refuse_words=["$1", "VARIANT", "combined", "synth", "pl0896-03", "tesla"],
         assumptions=["Usage comments before the directives (the variant is an sbatch argument), account pl0896-03, partition "
                      "tesla, one H100, 16 CPUs, 64G, 1-12:00:00: VARIANT from $1 (required, ${1:?usage}), a case statement "
                      "setting INFO and OUT, cd \"$SLURM_SUBMIT_DIR\", mkdir, TORCH_HOME and PYTHONUNBUFFERED exported, a long "
                      "CKPT path, echo and nvidia-smi, then `.venv/bin/python -m code.examples.train_contrastive \"$OUT\" ... "
                      "--gpuid 0`. Right: 1 process on 1 GPU, $1 and the case statement kept (the variant stays an sbatch "
                      "argument), $SLURM_SUBMIT_DIR mapped on a PBS target, the venv by path kept, the account and the "
                      "partition replaced with notes."]),
    case(fam("uio-fox-accel-ec-account-gpus1-inline-comment-set-euo-easybuild-modules-abs-venv-unset-submitdir-echo-python-no-args", "slurm"),
         "carolinevannebo/ExamIN5550", "finetune.slurm",
         "University of Oslo Fox (partition accel, account ec403, EasyBuild modules, /cluster/work/projects)", "uio-fox",
         ["inline-comment-on-directive", "set-euo", "easybuild-modules", "abs-venv-under-project", "unset-variable-under-set-u",
          "program-no-args", "trailing-space"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="finetune_semqa.py", args=[],
         keep_text=['echo "submission directory: ${SUBMITDIR}"'],
         setup=[S("set -euo pipefail"), S("source /cluster/work/projects/ec403/ec-kjetiki/ExamIN5550/venvp310/bin/activate")],
         source_only=["--partition=accel", "module load Python/3.10.8-GCCcore-12.2.0", "module load CUDA/11.7.0"],
         accounts=["ec403"],
         refuse_words=["SUBMITDIR", "/cluster/work/projects", "ec403", "accel"],
         assumptions=["Fox: account ec403, 1:20 h, partition accel (with an inline comment), --gpus=1, 1 node, 15G a CPU, 8 "
                      "CPUs: set -euo pipefail, module purge and two EasyBuild modules (Python 3.10.8, CUDA 11.7.0), a venv "
                      "under /cluster/work/projects/ec403, echoes, `echo \"submission directory: ${SUBMITDIR}\"` (SUBMITDIR "
                      "is never set: under set -u the job stops there), then `python finetune_semqa.py ` (no arguments). "
                      "Right: 1 process on 1 GPU, set -euo kept, the venv path named, the unset SUBMITDIR kept as written or "
                      "named (not silently replaced), the EasyBuild modules and the account replaced with notes."]),
    case(fam("koc-kuacc-kutem-gpu-tesla-a100-conda-info-base-activate-ld-library-path-python-no-args-no-final-newline", "slurm"),
         "Alirzeanoroozi/DiT-AMP", "run.slurm",
         "Koç University KUACC (partition kutem_gpu, account kutem, gres tesla_a100)", "koc-kuacc",
         ["conda-info-base-activate", "ld-library-path-overwritten", "program-no-args", "no-final-newline", "72h-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/amp.py", args=[],
         setup=[S("CONDA_BASE=$(conda info --base)"), S("source ${CONDA_BASE}/bin/activate comp"),
                S("export LD_LIBRARY_PATH=${CONDA_BASE}/lib")],
         source_only=["--partition=kutem_gpu", "--gres=gpu:tesla_a100:1"],
         accounts=["kutem"],
         refuse_words=["kutem", "comp", "LD_LIBRARY_PATH", "72"],
         assumptions=["KUACC: 1 node, 1 task, 1 CPU, partition kutem_gpu, account kutem, one tesla_a100, 72 h, 40G, both logs to "
                      "logs/comp.out: CONDA_BASE from `conda info --base`, `source ${CONDA_BASE}/bin/activate comp`, "
                      "LD_LIBRARY_PATH set (not appended) to the conda lib, then `python src/amp.py` (no final newline). "
                      "Right: 1 process on 1 GPU, the conda lines kept in order (a conda on PATH is assumed: said), the 72 h "
                      "walltime fitted to the target's limit with a note, the account and partition replaced."]),
    case(fam("flatiron-rusty-gpu-2x-ntasks2-gpus-a100-sxm4-8-mem0-openmpi-bashrc-conda-array-loops-hostname-i-srun-torchrun-nproc4-rdzv-unset-feat", "slurm"),
         "Byeol-Haneul/CosmoTopo", "run.slurm",
         "Flatiron Institute Rusty (partition gpu, --gpus=a100-sxm4-40gb:8; assumed from the GPU type name)", "flatiron-rusty",
         ["two-nodes-one-task-each", "gpus-total-typed", "bash-array-nested-loops", "torchrun-per-node-via-srun",
          "rdzv-endpoint-from-hostname-i", "unset-variable-in-rdzv-id", "export-in-loop", "mem-0", "trailing-spaces"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=2, gpus_per_node=4,
         strategy="ddp", program="tune.py", args=["--layerType", '"$layer"'],
         topology_args=[T("--nproc_per_node", "4", "gpus_per_node"), T("--nnodes", "2", "nodes")],
         keep_text=["srun torchrun", "MASTER_IP=$(hostname -I", 'for layer in "${layerTypes[@]}"; do', "export TYPE",
                    '--rdzv_id="gnn_${SLURM_JOB_ID}_${TYPE}_${layer}_${feat}"'],
         setup=[S("source ~/.bashrc"), S("conda activate topo")],
         source_only=["--partition=gpu", "--gpus=a100-sxm4-40gb:8", "module load openmpi/4.0.7", "--mail-user=toti010@naver.com"],
         refuse_words=["hostname -I", "a100-sxm4-40gb", "layerTypes", "feat", "openmpi"],
         assumptions=["2 nodes, 2 tasks (one a node), 48 CPUs a task, 120 h, partition gpu, 8 A100-SXM4-40GB in all, mem 0, "
                      "mail: openmpi module, ~/.bashrc, `conda activate topo`, two bash arrays (types, 5 layerTypes), "
                      "MASTER_IP from `hostname -I` on the batch node, then a nested loop that runs `srun torchrun "
                      "--nproc_per_node=4 --nnodes=2 --rdzv_id=... --rdzv_backend=c10d --rdzv_endpoint=\"${MASTER_IP}:12345\" "
                      "tune.py --layerType \"$layer\"` five times in turn (${feat} is never set). Right: 2 nodes x 4 GPUs, "
                      "one torchrun a node for each loop step, the loops, the export and the rendezvous kept (hostname -I "
                      "gives the node's first address: on the target a high-speed interface may be wanted, said), the "
                      "GPU-type request turned into the target's 4 GPUs a node; a 120 h walltime fitted with a note."]),
    case(fam("ncsa-delta-gpua100x4-bdja-account-long-header-chdir-work-hdd-set-euo-project-default-conda-prefix-eval-emit-env-nproc-default-if-torchrun-standalone-else-python-redirects", "slurm"),
         "bivekpok/esm_deeploc", "run_multilabel_cv.sh",
         "NCSA Delta (partition gpuA100x4, account bdja-delta-gpu, /work/hdd, /u)", "delta",
         ["long-comment-header", "chdir-directive", "set-euo", "project-dir-env-default", "conda-sh-prefix-env",
          "eval-of-helper-script-output", "nproc-from-env-default", "if-torchrun-else-python", "redirects-to-log-files",
          "submit-wrapper-exports-env", "mail-user-quoted"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, nodes=1, gpus_per_node=2,
         strategy="ddp", program="${ENTRY}", args=[],
         topology_args=[T("--nproc_per_node", '"${NPROC}"', "gpus_per_node")],
         keep_text=['NPROC="${NPROC_PER_NODE:-2}"', 'if [ "${NPROC}" -gt 1 ]; then', "torchrun --standalone",
                    '>"${MAIN_LOG}" 2>"${MAIN_ERR}"', 'eval "$(NPROC_PER_NODE="${NPROC_PER_NODE:-}"'],
         setup=[S("set -euo pipefail"), S('PROJECT_DIR="${PROJECT_DIR:-/work/hdd/bdja/bpokhrel/deeploc}"'),
                S('cd "${PROJECT_DIR}" || exit 1'), S('ENTRY="train.py"'), S("export NUMEXPR_MAX_THREADS=8"),
                S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
                S("source /u/bpokhrel/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate /u/bpokhrel/miniconda3/envs/esm"), S('mkdir -p "${LOG_DIR}"')],
         source_only=["--partition=gpuA100x4", "--account=bdja-delta-gpu"],
         accounts=["bdja-delta-gpu"],
         workdir="/work/hdd/bdja/bpokhrel/deeploc",
         refuse_words=["/work/hdd", "/u/bpokhrel", "NPROC_PER_NODE", "emit_run_env.sh", "submit_multilabel_cv.sh"],
         assumptions=["Delta: a long comment header (submitted by submit_multilabel_cv.sh, which exports RUN_TAG, OUTPUT_DIR, "
                      "NPROC_PER_NODE), logs and --chdir under /work/hdd, partition gpuA100x4, account bdja-delta-gpu, "
                      "120G, 1 node, 1 task, 16 CPUs, --gpus-per-node=2, mail, 48 h: set -euo pipefail, PROJECT_DIR with a "
                      "default, cd, an ENTRY check, module purge, exports, a conda env by prefix under /u, a log dir, an "
                      "`eval` of scripts/emit_run_env.sh output when RUN_TAG/OUTPUT_DIR are unset, NPROC from "
                      "NPROC_PER_NODE (default 2), then `torchrun --standalone --nproc_per_node=\"${NPROC}\" \"${ENTRY}\"` "
                      "(else `python -u`) with stdout/stderr to log files. Right: 2 processes on one node with 2 GPUs "
                      "(NPROC default and the if/else kept, the GPU request matching it), the eval and the redirects kept, "
                      "--chdir mapped, /work/hdd and /u named as Delta paths, the account replaced."]),
    case(fam("pyxis-container-image-mount-home-workdir-gres1-ifs-read-params-file-flags-while-read-datasets-loop-python3-lora", "slurm"),
         "DarynaKalinchuk/InfEstimation_benchmark", "finetune.sbatch",
         "A Slurm cluster with the pyxis/enroot container plugin (--container-image, /srv/home/users; unnamed)", "pyxis-cluster",
         ["pyxis-container-directives", "container-mount-home", "container-workdir", "params-from-csv-file-ifs-read",
          "conditional-flag-strings", "while-read-loop-over-file", "unquoted-optional-flags", "no-final-newline",
          "trailing-spaces"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="finetune.py",
         args=["--model", "$MODEL_NAME", "$LOAD8BIT_ARG", "--dataset", "$DATASET_NAME", "$VAL_ARG", "--max_length", "$MAX_LENGTH",
               "--batch_size", "$BATCH_SIZE", "--logging_step", "$LOGGING_STEP", "--epochs", "$EPOCHS", "--lora_r", "$LORA_R",
               "--lora_alpha", "$LORA_ALPHA", "--target_layer", '"$TARGET_LAYER"', "--train_mode", "$TRAIN_MODE"],
         keep_text=["IFS=',' read -r MODEL_NAME VAL_FLAG MAX_LENGTH BATCH_SIZE LOGGING_STEP EPOCHS LORA_R LORA_ALPHA TARGET_LAYER LOAD_8BIT < finetune_params.txt",
                    "while read -r DATASET_NAME; do", "done < dataset_settings.txt", "python3 finetune.py"],
         setup=[S('TRAIN_MODE="lora"')],
         source_only=["--container-image=kalinchukd/inf_env:latest", "--container-mount-home",
                      "--container-workdir=/srv/home/users/kalinchukd23cs/InfEstimation_benchmark"],
         container_image="kalinchukd/inf_env:latest",
         refuse_words=["container", "kalinchukd/inf_env", "pyxis", "finetune_params.txt", "dataset_settings.txt"],
         assumptions=["A pyxis cluster: the job runs in the container kalinchukd/inf_env:latest (home mounted, workdir "
                      "/srv/home/users/.../InfEstimation_benchmark), 128G, 24 CPUs, --gres=gpu:1, 1 h: python3 --version, "
                      "ten parameters read from finetune_params.txt (IFS=','), --val and --load_in_8bit flags built from "
                      "them, echoes, then a `while read` loop over dataset_settings.txt running `python3 finetune.py --model "
                      "$MODEL_NAME $LOAD8BIT_ARG --dataset $DATASET_NAME ...` once a dataset (no final newline). Right: 1 "
                      "process on 1 GPU, the reads, flag strings and loop kept verbatim, the container carried to the "
                      "target's apptainer/singularity (docker:// image, --nv, the workdir as --pwd or a cd) or named as "
                      "dropped; a port that runs python3 on the host with no note is wrong."]),
    case(fam("northeastern-explorer-gpu-course-account-scratch-logs-mkdir-site-miniconda-conda-sh-prefix-env-cd-home-nvidia-smi-python-args", "slurm"),
         "Joshi-Shreyas/wafer-defect-open-set-rejection", "finetune.sbatch",
         "Northeastern University Explorer (partition gpu, course account eece5640.202630, /scratch/<user>, /shared/EL9/explorer)", "northeastern-explorer",
         ["course-account", "logs-under-scratch", "mkdir-log-dir-in-job", "site-miniconda-conda-sh", "conda-env-by-prefix",
          "cd-home-repo", "nvidia-smi", "date-echoes"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="finetune.py", args=["--epochs", "30", "--batch_size", "128", "--lr", "0.0005"],
         setup=[S("mkdir -p /scratch/joshi.shreyas/wafer_results/finetuned"),
                S("source /shared/EL9/explorer/miniconda3/24.11.1/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate /scratch/joshi.shreyas/conda/envs/wafer_env"), S("cd ~/wafer-defect-open-set-rejection")],
         source_only=["--partition=gpu", "--account=eece5640.202630",
                      "#SBATCH --output=/scratch/joshi.shreyas/wafer_results/finetuned/slurm_%j.out"],
         accounts=["eece5640.202630"],
         refuse_words=["/scratch/joshi.shreyas", "/shared/EL9/explorer", "eece5640.202630"],
         assumptions=["Explorer: partition gpu, course account, --gres=gpu:1, 4 h, 4 CPUs, 32G, logs under /scratch/<user>: "
                      "mkdir of that log dir (in the job, after Slurm opened the logs), the site miniconda's conda.sh, a "
                      "conda env by prefix under /scratch, cd ~/wafer-defect-open-set-rejection, echoes and nvidia-smi, then "
                      "`python finetune.py --epochs 30 --batch_size 128 --lr 0.0005`. Right: 1 process on 1 GPU, the site "
                      "conda.sh replaced (or named) and the /scratch env and log paths named, cd ~/... kept, the course "
                      "account replaced with a note."]),
    case(fam("unnamed-gpu-gres1-cd-home-conda-info-base-sh-env-prefix-alloc-conf-python3-continuation-flags", "slurm"),
         "sbfnk/medrxiv-journal-prediction", "finetune.sbatch",
         "A cluster with partition gpu (unnamed)", "unnamed-gpu",
         ["cd-home-dir", "conda-info-base-profile", "env-prefix-on-continuation-line", "python3-continuation-flags"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="finetune_embeddings.py",
         args=["--output-dir", "finetuned-specter2/", "--epochs", "3", "--batch-size", "8", "--max-chunks", "4", "--lr", "2e-5",
               "--temperature", "0.05", "--checkpoint-every", "500"],
         keep_text=["PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"],
         setup=[S("cd ~/medrxiv"), S("source $(conda info --base)/etc/profile.d/conda.sh"), S("conda activate medrxiv")],
         source_only=["--partition=gpu"],
         refuse_words=["~/medrxiv", "medrxiv"],
         assumptions=["4 h, 32G, 4 CPUs, partition gpu, --gres=gpu:1: cd ~/medrxiv, conda.sh from `conda info --base`, `conda "
                      "activate medrxiv`, then `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True \\` on its own line and "
                      "`python3 finetune_embeddings.py ...` continued over 8 lines (the env prefix belongs to the python "
                      "command). Right: 1 process on 1 GPU with the env prefix kept on the same command, cd ~/medrxiv and the "
                      "conda lines kept in order, the partition replaced."]),
    case(fam("mesh-partition-gres1-oversubscribe-cd-home-or-exit-venv-pip-install-ultralytics-conditional-prep-python-exit-check-exports-yolo-cli-train", "slurm"),
         "Meteerd/abdomen-scanner", "slurm_phase1.5_yolo.sh",
         "A university cluster (partition mesh, /home/<user>; unnamed)", "mesh-cluster",
         ["pip-install-in-job", "conditional-prep-step", "exit-code-checks", "exports-before-launch", "cli-entry-point-yolo",
          "key-value-args", "many-echoes", "unicode-in-echo", "oversubscribe"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="yolo",
         args=["detect", "train", "data=data_processed/yolo_dataset/data.yaml", "model=yolo11x.pt", "epochs=100", "imgsz=640",
               "batch=16", "device=0", "project=models/yolo", "name=baseline_validation", "patience=20", "save=True",
               "plots=True", "val=True"],
         other_runs=[R("scripts/prep_yolo_data.py", ["--dicom_root", "data/AbdomenDataSet/Training-DataSets", "--out_root",
                                                     "data_processed/yolo_dataset", "--seed", "42"])],
         keep_text=['if [ ! -f "data_processed/yolo_dataset/data.yaml" ]; then', "EXIT_CODE=$?", "exit $EXIT_CODE"],
         setup=[S("mkdir -p logs"), S("cd /home/mete/abdomen-scanner || exit 1"), S("source venv/bin/activate"),
                S("pip install -U ultralytics"), S("export CLEARML_DISABLED=1"), S("export COMET_DISABLED=1"),
                S("export WANDB_DISABLED=1")],
         source_only=["--partition=mesh", "--oversubscribe"],
         refuse_words=["/home/mete", "pip install", "mesh", "oversubscribe"],
         assumptions=["Partition mesh, --gres=gpu:1 (inline comment), 16 CPUs, 32G, 10 h, --oversubscribe: many echoes, mkdir "
                      "logs, `cd /home/mete/abdomen-scanner || exit 1`, a venv, python/torch checks, nvidia-smi, `pip install "
                      "-U ultralytics` (needs the network from the compute node), a dataset preparation `python "
                      "scripts/prep_yolo_data.py ...` only when data.yaml is missing (with an exit check), three "
                      "*_DISABLED exports, then `yolo detect train data=... device=0 ...` (the ultralytics CLI), EXIT_CODE and "
                      "a success/failure report that exits with the code. Right: 1 process on 1 GPU, the pip step, the "
                      "conditional prep and the exit checks kept in order, device=0 kept, the network need on the target "
                      "(Polaris/Aurora compute nodes need a proxy) named, the partition and --oversubscribe dropped with "
                      "notes."]),
    case(fam("pbs-pro-gpu-queue-select-ngpus1-logs-relative-set-e-workdir-if-conda-sh-under-repo-torch-check-python-device-cuda", "pbs"),
         "Hirishi24/lsa-glqie-brain-tumor-classification", "train.pbs",
         "A PBS Pro cluster (queue gpu, /home/<user>; unnamed)", "pbs-gpu-queue",
         ["pbs-select-ngpus", "relative-log-paths", "set-e", "cd-workdir-if-set", "conda-sh-inside-repo",
          "python-gpu-check-if", "commented-alternatives", "device-cuda-arg"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["--data-dir", '"Dataset"', "--output-dir", '"results"', "--config", '"config.yaml"', "--device", "cuda",
               "--batch-size", "512"],
         keep_text=['if [ -n "$PBS_O_WORKDIR" ]; then'],
         setup=[S("set -e"), S('cd "$PBS_O_WORKDIR"'), S("mkdir -p logs"),
                S("source /home/harshasiva/lsa-glqie-brain-tumor-classification/enter/etc/profile.d/conda.sh"),
                S("conda activate braintumor")],
         source_only=["#PBS -q gpu", "#PBS -l select=1:ncpus=4:ngpus=1:mem=32gb"],
         refuse_words=["/home/harshasiva", "PBS_O_WORKDIR", "queue gpu"],
         assumptions=["PBS Pro: job name, logs/job.out and logs/job.err (relative), queue gpu, select=1:ncpus=4:ngpus=1:mem=32gb, "
                      "12 h: set -e, `cd \"$PBS_O_WORKDIR\"` only when it is set, mkdir logs, a conda.sh inside the user's "
                      "repo under /home, `conda activate braintumor`, python checks of torch and CUDA, then `python main.py "
                      "--data-dir \"Dataset\" ... --device cuda --batch-size 512`. Right: 1 process on 1 GPU, the "
                      "PBS_O_WORKDIR test mapped (SLURM_SUBMIT_DIR on a Slurm target, or the cd kept as the submit dir), "
                      "the conda.sh path named, the queue replaced with the target's."]),
    case(fam("pbs-no-shebang-select-ngpus1-no-walltime-cd-work-source-activate-cuda-visible-4-python-cuda-4-commented-rest", "pbs"),
         "dkn16/RG-Flow", "train.pbs",
         "A PBS Pro cluster (/work/<user>, /scratch/<user>; unnamed)", "pbs-unnamed",
         ["no-shebang", "no-walltime", "join-oe", "source-activate-env", "cuda-visible-devices-pinned-index",
          "device-index-arg", "commented-commands-after"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=["--data", "/scratch/dkn16/camels/lmdb_tng", "--nchannels", "1", "--L", "64", "--cuda", "4"],
         keep_text=["CUDA_VISIBLE_DEVICES=4 python main.py"],
         setup=[S("cd /work/dkn16/RG-Flow/code"), S("source activate PyTorch-1.4.0")],
         source_only=["#PBS -l select=1:ncpus=8:mem=20gb:ngpus=1"],
         refuse_words=["CUDA_VISIBLE_DEVICES=4", "--cuda 4", "/work/dkn16", "/scratch/dkn16", "walltime"],
         assumptions=["PBS, no shebang line, no walltime, -j oe, select=1:ncpus=8:mem=20gb:ngpus=1: cd /work/dkn16/RG-Flow/code, "
                      "`source activate PyTorch-1.4.0`, commented exports, then `CUDA_VISIBLE_DEVICES=4 python main.py --data "
                      "/scratch/dkn16/camels/lmdb_tng --nchannels 1 --L 64 --cuda 4`, then commented generate/apply lines. "
                      "Right: 1 process on 1 GPU; the pinned device index 4 (which the one-GPU allocation does not give) "
                      "named or dropped with a note, --cuda 4 named as a device index the program reads, /work and /scratch "
                      "paths named, a walltime chosen for the target with a note (the source sets none)."]),
    case(fam("pbs-pro-isia-queue-project-select-ngpus2-modules-anaconda-source-activate-torch-distributed-launch-nproc2-pbs-jobid-in-arg-trailing-space", "pbs"),
         "jblaval/dacodac", "train.pbs",
         "A PBS Pro cluster (queue isiaq, project isia; a French school cluster assumed from the names)", "pbs-isia",
         ["pbs-select-ngpus2", "pbs-project-P", "commented-queue", "s-bin-bash-directive", "site-anaconda-module",
          "torch-distributed-launch-nproc2", "pbs-jobid-in-output-arg", "trailing-space-last-arg", "absolute-predict-file"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=2, gpus_per_node=2,
         strategy="ddp", program="./run_squad_V2.py",
         args=["--model_type", "bert", "--model_name_or_path", "bert-base-uncased", "--output_dir",
               "./results/output_bert_bert-base-uncased_data_FQuAD_$PBS_JOBID/", "--train_file", "./data_FQuAD/train.json",
               "--predict_file", "/data_FQuAD/valid.json", "--per_gpu_train_batch_size", "12", "--learning_rate", "0.00003",
               "--weight_decay", "0.0", "--gradient_accumulation_steps", "1", "--adam_epsilon", "0.00000001",
               "--num_train_epochs", "10", "--max_seq_length", "384", "--max_answer_length", "30", "--max_query_length", "64",
               "--doc_stride", "128", "--seed", "42", "--save_steps", "500", "--threads", "24", "--do_train", "--do_eval",
               "--do_lower_case", "--overwrite_cache", "--eval_all_checkpoints"],
         topology_args=[T("--nproc_per_node", "2", "gpus_per_node")],
         keep_text=["python -m torch.distributed.launch --nproc_per_node=2"],
         setup=[S("cd $PBS_O_WORKDIR"), S("source activate transformers_env")],
         source_only=["#PBS -q isiaq", "#PBS -P isia", "module load anaconda3/5.3.1"],
         accounts=["isia"],
         refuse_words=["PBS_JOBID", "isiaq", "isia", "/data_FQuAD/valid.json"],
         assumptions=["PBS Pro: -S/bin/bash, job name, -j oe, 8 h, select=1:ncpus=24:ngpus=2:mem=20gb, queue gpuq commented, "
                      "queue isiaq, project isia: cd $PBS_O_WORKDIR, the anaconda3/5.3.1 module, `source activate "
                      "transformers_env`, then `python -m torch.distributed.launch --nproc_per_node=2 ./run_squad_V2.py ... "
                      "--output_dir ./results/..._$PBS_JOBID/ ... --eval_all_checkpoints ` (a trailing space). Right: 2 "
                      "processes on one node with 2 GPUs (launcher kept or torchrun with the same count), $PBS_JOBID in "
                      "the output dir mapped to the target's job id ($SLURM_JOB_ID on Slurm), the site module replaced, "
                      "--threads 24 matched to the CPUs asked; --predict_file /data_FQuAD/valid.json (absolute, likely a "
                      "typo) kept as written."]),
    case(fam("ncsa-bluewaters-torque-nodes-ppn16-xk-pbs-vars-in-o-e-modules-init-bwpy-cudatoolkit-aprun-n1-python3-positional", "pbs"),
         "kaurrachneet6/ShowAndTell-neural-captioning", "train.pbs",
         "NCSA Blue Waters (Torque, nodes=1:ppn=16:xk, queue high, aprun; retired)", "bluewaters",
         ["torque-nodes-ppn-feature", "pbs-vars-in-log-names", "modules-init-sourced", "bwpy-module", "aprun-n1",
          "python3-positional-arg", "cd-home-path"],
         launch_model="per_rank", launcher="aprun", total_ranks=1, gpus_per_node=1,
         program="NIC_Train_5GRU.py", args=["2"],
         keep_text=["aprun -n 1 -N 1 python3 NIC_Train_5GRU.py 2"],
         setup=[S("cd ~/Project/cs598_final_project/Normal_5GRU")],
         source_only=["#PBS -l nodes=1:ppn=16:xk", "#PBS -q high", ". /opt/modules/default/init/bash", "module load bwpy",
                      "module load cudatoolkit"],
         refuse_words=["aprun", "bwpy", "xk", "~/Project"],
         assumptions=["Blue Waters: Torque nodes=1:ppn=16:xk (one K20X node), 48 h, -e/-o named with $PBS_JOBNAME.$PBS_JOBID, "
                      "mail, queue high: cd ~/Project/..., the Cray modules init, bwpy and cudatoolkit modules, then `aprun "
                      "-n 1 -N 1 python3 NIC_Train_5GRU.py 2`. Right: 1 process on 1 GPU (aprun replaced by the target's "
                      "launch: srun, mpiexec or plain python3), the positional 2 kept, the cd kept, bwpy named as the "
                      "Python stack to replace (a python3 with the program's packages), the log names mapped."]),
    case(fam("hpcmp-pbs-pro-placeholder-account-select-ngpus2-mpiprocs4-bashrc-cd-env-var-singularity-two-background-sifs-env-names-wait", "pbs"),
         "loganfrank/research-utils", "train.pbs",
         "A DoD HPCMP-style PBS Pro cluster (queue standard, -A allocation_number placeholder; unnamed)", "hpcmp-pbs",
         ["placeholder-account-email", "select-ngpus2-mpiprocs4", "bashrc", "cd-env-var", "singularity-exec-nv",
          "two-images", "two-background-runs", "single-quoted-dollar-literal", "wait"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2,
         program="train.py", args=["--path", "''", "--name", "$NAME1", "--dataset", "'cifar10'", "--seed", "'$SEED1'"],
         other_runs=[R("train.py", ["--path", "''", "--name", "$NAME2", "--dataset", "'cifar10'", "--seed", "'$SEED2'"])],
         keep_text=["singularity exec --nv $STATICS/pytorch_v4.sif python train.py", "singularity exec --nv $STATICS/pytorch.sif python train.py",
                    "wait"],
         setup=[S("source ~/.bashrc"), S("cd $CODE")],
         source_only=["#PBS -A allocation_number", "#PBS -q standard", "#PBS -l select=1:ncpus=12:mpiprocs=4:ngpus=2",
                      "module load singularity", "module load cuda11.3/toolkit/11.3.0", "$STATICS/pytorch_v4.sif"],
         container_image="$STATICS/pytorch_v4.sif",
         accounts=["allocation_number"],
         refuse_words=["$CODE", "$STATICS", "$NAME1", "$SEED1", "allocation_number", "singularity"],
         assumptions=["PBS Pro: -A allocation_number and -M email@email.com (placeholders), queue standard, 20 h, "
                      "select=1:ncpus=12:mpiprocs=4:ngpus=2, -j oe: ~/.bashrc, cd $CODE (set in the user's environment), "
                      "singularity and cuda modules, then two background runs `singularity exec --nv $STATICS/pytorch_v4.sif "
                      "python train.py ... --name $NAME1 ... --seed '$SEED1' &` and the same with $STATICS/pytorch.sif, $NAME2, "
                      "'$SEED2', then `wait` ('$SEED1' is single-quoted: the program gets the literal text). Right: one "
                      "node with 2 GPUs and both runs kept in the background with wait (one GPU each when the target "
                      "pins them: CUDA_VISIBLE_DEVICES 0 and 1 with a note), the two images and $CODE/$STATICS/$NAME*/SEED* "
                      "named as unset in the script, the quoting kept, the placeholder account replaced."]),
    case(fam("torque-qgpu01-gres-gpu1-ppn9-double-hash-shebang-modules-nodefile-counts-tmp-files-mpirun-np-python-u-redirect-module-unload", "pbs"),
         "wanglikuan/FedNova", "train.pbs",
         "A Torque/Moab cluster (queue qgpu01, -W x=GRES:gpu@1; a university cluster, unnamed)", "torque-qgpu01",
         ["double-hash-shebang", "torque-gres-w-x", "ppn9-one-gpu", "modules-anaconda-cuda-openmpi", "nodefile-derived-counts",
          "tmp-files-with-pid", "mpirun-np-var", "python-u-redirect", "many-commented-variants", "module-unload-after",
          "pbs-v-export-env"],
         launch_model="per_rank", launcher="mpirun", total_ranks=9, nodes=1, gpus_per_node=1,
         strategy="federated-mpi", strategy_in_script=False, program="start.py",
         args=["--num-gpu=1", "--lr=0.1", "--model=VGG11OnCifar10", "--local-iteration=exp", "--epochs=150", "--iid=True"],
         keep_text=["NP=`cat $PBS_NODEFILE | wc -l`", "mpirun -n $NP python -u start.py", "> Output_VGG_8w_iid_exp_lr01.out",
                    "rm -f /tmp/nodefile.$$"],
         setup=[S("source activate py_gpu"), S("cd $PBS_O_WORKDIR"), S("nvidia-smi > nv.out")],
         source_only=["#PBS -l nodes=1:ppn=9 -W x=GRES:gpu@1", "#PBS -q qgpu01", "module load anaconda3-5.2.0", "module load cuda-9.0",
                      "module load openmpi-3.0.1-gcc-5.5.0"],
         refuse_words=["PBS_NODEFILE", "NP", "9", "ppn=9", "one GPU"],
         assumptions=["Torque: `##!/bin/sh` first line (a comment), job name, nodes=1:ppn=9 with -W x=GRES:gpu@1 (one GPU), 36 h, "
                      "queue qgpu01, -V, -S /bin/bash: anaconda/cuda/openmpi modules, `source activate py_gpu`, NP and NN from "
                      "$PBS_NODEFILE (9 slots, 1 node) with /tmp files named by $$, date echoes, cd $PBS_O_WORKDIR, nvidia-smi "
                      "> nv.out, many commented mpirun variants, then `mpirun -n $NP python -u start.py --num-gpu=1 ... > "
                      "Output_VGG_8w_iid_exp_lr01.out` (9 MPI ranks, a server and 8 workers, sharing one GPU), cleanup and "
                      "module unloads. Right: 9 ranks on one node with one GPU shared (the count from the nodefile "
                      "replaced by the target's task count, or kept as $SLURM_NTASKS/PBS_NODEFILE lines with ncpus/mpiprocs "
                      "9), the redirect and the cleanup kept, an MPI for the target's python named; a port that gives each "
                      "rank its own GPU or changes 9 silently is wrong."]),
    case(fam("umn-msi-torque-k40-nodes-ppn24-gpus2-trailing-spaces-caffe-module-source-activate-cd-panfs-caffe-bin-train-solver-tee", "pbs"),
         "MaDooSan/kaggle-catdog", "train.pbs",
         "University of Minnesota MSI (Torque, queue k40, /panfs/roc/groups)", "umn-msi",
         ["torque-nodes-ppn-gpus-walltime-one-line", "bash-l-shebang", "long-trailing-spaces", "caffe-module",
          "source-activate-env", "cd-panfs-abs", "caffe-binary-train", "pipe-tee-log", "two-gpus-asked-one-used"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, framework="caffe",
         program="caffe.bin", args=["train", "--solver", "solver_1.prototxt"],
         keep_text=["caffe.bin train --solver solver_1.prototxt 2>&1 | tee caffe_train.log"],
         setup=[S("source activate caffe_mocha"), S("cd /panfs/roc/groups/14/sbedros/tenna031/mo/kaggle-catdog/caffe_models")],
         source_only=["#PBS -l nodes=1:ppn=24:gpus=2,walltime=8:00:00", "#PBS -q k40", "module load caffe/1.0"],
         refuse_words=["caffe", "/panfs/roc", "k40", "caffe.bin"],
         assumptions=["MSI: `#!/bin/bash -l` and every directive line padded with long runs of spaces, nodes=1:ppn=24:gpus=2 "
                      "with walltime=8:00:00 on the same -l, queue k40, mail: the caffe/1.0 module, `source activate "
                      "caffe_mocha`, cd to an absolute /panfs path, then `caffe.bin train --solver solver_1.prototxt 2>&1 | "
                      "tee caffe_train.log` (Caffe uses the solver's device, one GPU, unless -gpu is given). Right: one "
                      "process on one node with the 2 GPUs asked (or 1 with a note that caffe.bin uses one), the tee kept, "
                      "caffe named as software the target must provide (no site module), the /panfs path named."]),
    case(fam("nersc-perlmutter-gpu-hbm80g-m4818-regular-1x4-gpus-per-task1-gpu-bind-none-cpu-bind-conda-module-prefix-env-omp-exports-srun-n4-python-config-var-no-final-newline", "slurm"),
         "anthonyzhou-1/climate_diffusion", "run_large.sh",
         "NERSC Perlmutter (-C gpu&hbm80g, account m4818, qos regular, /pscratch)", "perlmutter",
         ["constraint-gpu-hbm80g", "gpus-total-and-per-node-and-per-task", "gpu-bind-none", "slurm-cpu-bind-export",
          "conda-module-prefix-env", "omp-exports", "srun-with-own-sizes", "config-var", "no-final-newline", "trailing-space-shebang"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=1, gpus_per_node=4,
         strategy="ddp", program="train.py", args=["--config=$config_file"],
         keep_text=["srun -n 4 -c 32 -G 4 python train.py"],
         setup=[S('export SLURM_CPU_BIND="cores"'), S("config_file=./configs/large_perl.yaml"),
                S("conda activate /pscratch/sd/a/ayz2/envs/climate"), S("export OMP_NUM_THREADS=4"), S("export OMP_PLACES=threads"),
                S("export OMP_PROC_BIND=spread"), S("export NCCL_IB_DISABLE=1")],
         source_only=["-C gpu&hbm80g", "--account=m4818", "-q regular", "module load conda", "--gpu-bind=none"],
         accounts=["m4818"],
         refuse_words=["/pscratch", "hbm80g", "m4818", "NCCL_IB_DISABLE"],
         assumptions=["Perlmutter: 24 h, -C gpu&hbm80g (80 GB A100s), account m4818, mail, qos regular, 1 node, -G 4, 4 tasks a "
                      "node, 4 GPUs a node, 32 CPUs a task, --gpus-per-task=1, --gpu-bind=none: SLURM_CPU_BIND exported, "
                      "config_file, the conda module and an env by prefix under /pscratch, OMP exports, NCCL_IB_DISABLE=1, then "
                      "`srun -n 4 -c 32 -G 4 python train.py --config=$config_file` (no final newline). Right: 4 ranks, one a "
                      "GPU, on one node (srun's own -n/-c/-G replaced by the target's launch with the same counts), the "
                      "exports kept, the /pscratch env named, 80 GB GPUs named where the target's are smaller, the account "
                      "and constraint replaced."]),
    case(fam("nersc-perlmutter-gpu-regular-n48-ntasks-per-node4-gpus-per-task1-trailing-spaces-sh-shebang-mpich-exports-cd-pscratch-tensorflow-module-echo-then-srun-python-cfs-data", "slurm"),
         "jp2555/OmniFold", "scripts_perlmutter/closure.sh",
         "NERSC Perlmutter (-C gpu, qos regular, account m3246, /pscratch, /global/cfs)", "perlmutter",
         ["sh-shebang-trailing-spaces", "directives-padded-with-spaces", "ntasks-total-48", "gpus-per-task1", "gpu-bind-none",
          "minutes-walltime", "mpich-exports", "cd-pscratch", "site-tensorflow-module", "echo-of-command-then-srun",
          "cfs-data-path", "horovod-implied"],
         launch_model="per_rank", launcher="srun", total_ranks=48, nodes=12, gpus_per_node=4, framework="tensorflow",
         strategy="horovod", strategy_in_script=False, program="Unfold.py",
         args=["--config", "config_4d_general.json", "--closure", "--nevts", "50e6", "--data_folder", "/global/cfs/cdirs/m3246/jing"],
         keep_text=["srun python Unfold.py", "echo python Unfold.py"],
         setup=[S("export MPICH_ALLGATHERV_PIPELINE_MSG_SIZE=0"), S("export MPICH_MAX_THREAD_SAFETY=multiple"),
                S("export MPIR_CVAR_GPU_EAGER_DEVICE_MEM=0"), S("cd $PSCRATCH/H1PCT/scripts_perlmutter/")],
         source_only=["-C gpu", "-q regular", "module load tensorflow/2.9.0"],
         accounts=["m3246"],
         refuse_words=["/global/cfs", "$PSCRATCH", "tensorflow/2.9.0", "m3246", "MPICH"],
         assumptions=["Perlmutter: `#!/bin/sh` and directive lines padded with spaces, -C gpu, qos regular, -n 48, 4 tasks a "
                      "node (12 nodes), --gpus-per-task 1, --gpu-bind=none, -t 59 (minutes), account m3246: three Cray MPICH "
                      "exports, cd $PSCRATCH/H1PCT/scripts_perlmutter/, the NERSC tensorflow/2.9.0 module, an echo of the "
                      "command, then `srun python Unfold.py --config config_4d_general.json --closure --nevts 50e6 "
                      "--data_folder /global/cfs/cdirs/m3246/jing` (one rank a GPU; Horovod/MPI inside). Right: 48 ranks, 4 "
                      "a node on 12 nodes (where the target has another count a node: the same 48 ranks over more or fewer "
                      "nodes, said), the MPICH exports kept or named as Cray-specific, $PSCRATCH and /global/cfs named, the "
                      "tensorflow module replaced by the target's TensorFlow with Horovod (said)."]),
    case(fam("nersc-perlmutter-gpu-regular-n64-ntasks-per-node4-gpus-per-task1-trailing-spaces-sh-shebang-mpich-exports-cd-pscratch-tensorflow-module-echo-srun-python-no-args", "slurm"),
         "jp2555/parnassus", "scripts/sub_train.sh",
         "NERSC Perlmutter (-C gpu, qos regular, account m3246, /pscratch)", "perlmutter",
         ["sh-shebang-trailing-spaces", "directives-padded-with-spaces", "ntasks-total-64", "gpus-per-task1", "gpu-bind-none",
          "mpich-exports", "cd-pscratch", "site-tensorflow-module-unversioned", "echo-of-command-then-srun", "program-no-args"],
         launch_model="per_rank", launcher="srun", total_ranks=64, nodes=16, gpus_per_node=4, framework="tensorflow",
         strategy="horovod", strategy_in_script=False, program="train.py", args=[],
         keep_text=["srun python train.py", "echo python train.py"],
         setup=[S("export MPICH_ALLGATHERV_PIPELINE_MSG_SIZE=0"), S("export MPICH_MAX_THREAD_SAFETY=multiple"),
                S("export MPIR_CVAR_GPU_EAGER_DEVICE_MEM=0"), S("cd $PSCRATCH/par/parnassus/scripts/")],
         source_only=["-C gpu", "-q regular", "module load tensorflow"],
         accounts=["m3246"],
         refuse_words=["$PSCRATCH", "tensorflow", "m3246", "MPICH"],
         assumptions=["Perlmutter (the same author's template as the OmniFold closure.sh): `#!/bin/sh` and padded directive "
                      "lines, -C gpu, qos regular, -n 64, 4 tasks a node (16 nodes), --gpus-per-task 1, --gpu-bind=none, 15 h, "
                      "account m3246: three Cray MPICH exports, cd $PSCRATCH/par/parnassus/scripts/, the NERSC tensorflow "
                      "module (no version), `echo python train.py`, then `srun python train.py` (no arguments). Right: 64 "
                      "ranks, one a GPU, 4 a node on 16 nodes (or the same 64 over the target's GPUs a node, said), the "
                      "exports kept or named, $PSCRATCH named, the tensorflow module replaced with a note."]),
    case(fam("auth-aristotle-ampere-qos-extd-gres4-one-task-modules-conda-profile-path-prefix-alloc-conf-python-devices-cuda0-3-one-process-tabs", "slurm"),
         "lazarosgogos/ijepa", "mono.sh",
         "Aristotle University of Thessaloniki HPC (partition ampere, qos ampere-extd, $CONDA_PROFILE from the site miniconda3 module)", "auth-aristotle",
         ["one-task-four-gpus", "devices-list-arg", "site-modules-gcc-miniconda3-cuda", "conda-profile-var-from-module",
          "path-prepend-conda-prefix", "alloc-conf-export", "tab-indented-continuation"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="main.py", args=["--fname", "configs/in100_vitb16_ep300_bs448.yaml", "--devices", "cuda:0", "cuda:1", "cuda:2", "cuda:3"],
         topology_args=[T("--devices", "cuda:0 cuda:1 cuda:2 cuda:3", "gpus_per_node")],
         setup=[S("source $CONDA_PROFILE/conda.sh"), S("conda activate ijepa"), S("export PATH=$CONDA_PREFIX/bin:$PATH"),
                S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")],
         source_only=["-p ampere", "--qos=ampere-extd", "module load gcc miniconda3 cuda"],
         refuse_words=["CONDA_PROFILE", "--devices", "cuda:3", "ampere"],
         assumptions=["AUTh: job name, 1 day, 128G, 10 CPUs, 1 task, mail, partition ampere, --gres=gpu:4, qos ampere-extd: the "
                      "site gcc/miniconda3/cuda modules, `source $CONDA_PROFILE/conda.sh` ($CONDA_PROFILE set by the site "
                      "module), `conda activate ijepa`, PATH prepended with $CONDA_PREFIX/bin, an alloc-conf export, then "
                      "(tab-indented continuation) `python main.py --fname configs/in100_vitb16_ep300_bs448.yaml --devices "
                      "cuda:0 cuda:1 cuda:2 cuda:3` (one launch; the I-JEPA main spawns one process a listed device). "
                      "Right: one launch with 4 GPUs visible on one node and the 4-device list kept (changed together with "
                      "the GPU count where the target node has another, said), $CONDA_PROFILE named as unset off AUTh "
                      "(the target's conda.sh instead), the qos and partition replaced."]),
    case(fam("duke-compsci-gpu-gres-a6000-1-set-e-echo-slurm-vars-nvidia-smi-uv-run-entry-point-train-many-flags", "slurm"),
         "alexoh2bd/aipi540_depth", "slurm/train_depth_cluster.sh",
         "Duke Computer Science cluster (partition compsci-gpu, gres a6000)", "duke-cs",
         ["set-e", "echo-slurm-vars", "nvidia-smi", "uv-run-console-entry-point", "program-many-flags", "no-env-activation"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train",
         args=["--deeplearning", "--epochs", "30", "--bs", "128", "--lr", "5e-5", "--global_img_size", "224", "--local_img_size", "96",
               "--prefetch_factor", "4", "--model", "vit_small_patch16_224.augreg_in21k", "--num_workers", "6", "--grad_accum", "1",
               "--V_global", "2", "--V_local", "4", "--lamb", "0.05", "--wandb", "--save_path", "checkpoints/deeplearning.pt"],
         keep_text=["uv run train --deeplearning"],
         setup=[S("set -e"), S("nvidia-smi")],
         source_only=["--partition=compsci-gpu", "--gres=gpu:a6000:1"],
         refuse_words=["uv", "compsci-gpu", "a6000"],
         assumptions=["Duke CS: logs/%x_%j, 1 node, 1 task, 6 CPUs, 40G, 24 h, partition compsci-gpu, one A6000: set -e, echoes of "
                      "hostname and SLURM_JOB_PARTITION/JOB_ID/NODELIST/GPUS, nvidia-smi, then `uv run train --deeplearning "
                      "--epochs 30 ... --save_path checkpoints/deeplearning.pt` (`train` is the project's console entry "
                      "point run by uv in the submit directory). Right: 1 process on 1 GPU with `uv run train` kept (uv "
                      "must be on the target's PATH: said), the Slurm variables in the echoes mapped on a PBS target, the "
                      "partition and GPU type replaced."]),
    case(fam("nersc-perlmutter-desi-g-shared-n1-gpus-per-task1-conda-prefix-pscratch-cache-export-cd-placeholder-vae-ckpt-env-prefix-srun-console-entry-jax-many-flags", "slurm"),
         "MatthewDowicz/desisky", "jobs/train_ldm_moon.sh",
         "NERSC Perlmutter (-C gpu, qos shared, account desi_g, $PSCRATCH)", "perlmutter",
         ["qos-shared-one-gpu", "conda-module-prefix-env-pscratch", "cache-dir-export", "cd-pscratch",
          "placeholder-checkpoint-var", "env-prefix-on-continuation", "srun-console-entry-point", "jax-xla-flags"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1, framework="jax",
         program="desisky-train-ldm",
         args=["--variant", "moon", "--epochs", "12500", "--learning-rate", "2e-5", "--batch-size", "256", "--dropout-p", "0.0",
               "--hidden", "32", "--levels", "2", "--emb-dim", "32", "--vae-path", "$VAE_CHECKPOINT", "--data-path",
               "training_data/metadata_clean.csv", "--flux-path", "training_data/flux_clean.npy", "--save-dir", "models/",
               "--wandb", "--wandb-project", "desisky-ldm"],
         keep_text=['XLA_FLAGS="--xla_gpu_autotune_level=0"', "srun desisky-train-ldm --variant moon"],
         setup=[S("conda activate $PSCRATCH/envs/desisky"), S("export DESISKY_CACHE_DIR=$PSCRATCH/desisky_cache"),
                S("cd $PSCRATCH/desisky"), S('VAE_CHECKPOINT="models/REPLACE_WITH_VAE_CHECKPOINT.eqx"')],
         source_only=["-C gpu", "-q shared", "module load conda"],
         accounts=["desi_g"],
         refuse_words=["REPLACE_WITH_VAE_CHECKPOINT", "$PSCRATCH", "desi_g", "shared"],
         assumptions=["Perlmutter: account desi_g, -C gpu, qos shared, 8 h, -n 1, -c 32, --gpus-per-task=1, logs/: the conda "
                      "module, an env by prefix under $PSCRATCH, DESISKY_CACHE_DIR, cd $PSCRATCH/desisky, VAE_CHECKPOINT set "
                      "to a placeholder (models/REPLACE_WITH_VAE_CHECKPOINT.eqx, with an UPDATE comment), then "
                      "`XLA_FLAGS=\"--xla_gpu_autotune_level=0\" \\` and `srun desisky-train-ldm --variant moon ... --vae-path "
                      "$VAE_CHECKPOINT ...` (a JAX console entry point, one task). Right: 1 process on 1 GPU with the "
                      "XLA_FLAGS prefix kept on the launch, the placeholder checkpoint named as left for the user, $PSCRATCH "
                      "named (the target's scratch), the shared qos and account replaced."]),
    case(fam("ncsa-delta-gpuh200x8-bdau-account-gres1-trailing-spaces-exports-cuda-visible-0-cd-work-hdd-python-path-var-home-conda-env-echo-nvidia-query-srun-python-var-config", "slurm"),
         "BanisharifM/GAT_EFG", "scripts/run_train.sh",
         "NCSA Delta (partition gpuH200x8, account bdau-delta-gpu, /work/hdd)", "delta",
         ["trailing-spaces-on-directives", "cuda-visible-devices-export", "alloc-conf-export", "cd-work-hdd",
          "python-by-path-var-home-conda", "echo-nvidia-query", "srun-python-var"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="scripts/train.py", args=["--config", "configs/model_config.yaml", "--experiment", "exp_001_gat_baseline"],
         keep_text=["srun $PYTHON_PATH scripts/train.py"],
         setup=[S("mkdir -p experiments/logs"), S("export CUDA_VISIBLE_DEVICES=0"),
                S("export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:512"), S("cd /work/hdd/bdau/mbanisharifdehkordi/GAT_EFG"),
                S('PYTHON_PATH="$HOME/.conda/envs/gnn4_env/bin/python"')],
         source_only=["--partition=gpuH200x8", "--account=bdau-delta-gpu"],
         accounts=["bdau-delta-gpu"],
         refuse_words=["/work/hdd", "gnn4_env", "bdau-delta-gpu", "CUDA_VISIBLE_DEVICES"],
         assumptions=["Delta: job name, account bdau-delta-gpu, partition gpuH200x8, 1 node, 1 task, --gres=gpu:1, 8 CPUs, 32G, "
                      "4 h (directive lines with trailing spaces), logs under experiments/logs: mkdir, CUDA_VISIBLE_DEVICES=0 "
                      "and an alloc-conf exported, cd /work/hdd/bdau/.../GAT_EFG, PYTHON_PATH to a conda env's python under "
                      "$HOME/.conda, echoes with nvidia-smi, then `srun $PYTHON_PATH scripts/train.py --config "
                      "configs/model_config.yaml --experiment exp_001_gat_baseline`. Right: 1 process on 1 GPU, the python by "
                      "path kept (the env must exist on the target: said), CUDA_VISIBLE_DEVICES=0 kept or dropped with a "
                      "note, /work/hdd named, the account and partition replaced."]),
    case(fam("ncsa-delta-gpuh200x8-no-gpu-request-no-account-anaconda3-gpu-source-activate-sizes-from-slurm-vars-if-else-envsubst-config-srun-or-python3", "slurm"),
         "Supercomputing-System-AI-Lab/MegaFold", "scripts/megafold.sh",
         "NCSA Delta (partition gpuH200x8, module anaconda3_gpu; lab repository)", "delta",
         ["crlf-line-ends", "no-gpu-or-task-request", "no-account", "sizes-from-slurm-env", "arithmetic-on-unset-vars", "if-else-srun-or-python",
          "envsubst-rendered-config", "site-anaconda3-gpu-module", "source-activate-venv"],
         launch_model="per_rank", launcher="srun", total_ranks="unknown", nodes=None, gpus_per_node=None,
         program="train.py", args=["--config", "configs/megafold_rendered.yaml", "--trainer_name", "initial_training"],
         keep_text=["NUM_GPUS=$SLURM_NTASKS_PER_NODE", "envsubst < configs/megafold.yaml > configs/megafold_rendered.yaml",
                    'if [ "$GLOBAL_BATCH_SIZE" -gt 1 ]; then', "srun python3 train.py"],
         setup=[S("source activate venv")],
         source_only=["--partition=gpuH200x8", "module load anaconda3_gpu"],
         refuse_words=["SLURM_NTASKS_PER_NODE", "--ntasks-per-node", "GPU", "account", "sbatch"],
         assumptions=["Delta: 1 h, partition gpuH200x8, 64G, logs/%x_%j, and NO node, task, GPU or account request (they are "
                      "sbatch options at submit time): the anaconda3_gpu module, `source activate venv`, NUM_NODES and NUM_GPUS "
                      "from $SLURM_JOB_NUM_NODES and $SLURM_NTASKS_PER_NODE, a global size and dataloader settings exported, "
                      "`envsubst` rendering configs/megafold.yaml, then `srun python3 train.py ...` when the size is over 1, "
                      "else `python3 train.py ...`. Every line ends in CRLF (sbatch rejects a script with DOS line breaks as it stands). Right: an ask or refusal that names the sizes and the GPU request as "
                      "submit-time options (ntasks-per-node = GPUs a node), or a port that keeps the if/else and the "
                      "envsubst and adds a GPU request with a note saying the size it chose; a port that picks a size "
                      "silently is wrong; the port's own text has LF line ends (saying so is a plus)."]),
    case(fam("centralesupelec-ruche-gpu-gres1-whoami-export-modules-anaconda-cuda-arm-forge-source-activate-ld-path-which-python3-ddt-debugger-wraps-srun-n1-placeholder-token", "slurm"),
         "FilLTP89/SeismicRepGAN", "run.slurm",
         "Mésocentre Paris-Saclay / CentraleSupélec Ruche (partition gpu, /gpfs/users, /gpfs/workdir, Arm Forge module)", "ruche",
         ["arm-forge-ddt-debugger-wraps-srun", "ddt-placeholder-token", "which-python3-var", "site-modules-anaconda-cuda-forge",
          "source-activate-env", "ld-library-path-prepend", "commented-allinea-exports", "tensorflow-env"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1, framework="tensorflow",
         program="RepGAN.py", args=[],
         keep_text=["ddt --connect --mem-debug=balanced srun -n 1", "%allinea_python_debug%", "application=`which python3`"],
         setup=[S("export thisuser=$(whoami)"), S('export hmd="/gpfs/users"'), S("source activate tf"),
                S("export LD_LIBRARY_PATH=/gpfs/workdir/invsem07/.conda/envs/tf/lib:$LD_LIBRARY_PATH")],
         source_only=["--partition=gpu", "module load anaconda3/2020.02/gcc-9.2.0", "module load cuda/10.1.243/intel-19.0.3.199",
                      "module load arm-forge/20.1.3-Redhat-7.0/intel-19.0.3.199"],
         refuse_words=["ddt", "arm-forge", "Forge", "allinea", "debugger", "/gpfs"],
         assumptions=["Ruche: job name, %x.o%j, 1 h, 1 task, --gres=gpu:1, partition gpu: whoami and /gpfs/users exported, module "
                      "purge and the anaconda, cuda and arm-forge modules, `source activate tf`, LD_LIBRARY_PATH prepended with "
                      "the env's lib under /gpfs/workdir, commented ALLINEA exports, application=`which python3`, then `ddt "
                      "--connect --mem-debug=balanced srun -n 1 $application %allinea_python_debug% RepGAN.py` (the Arm "
                      "DDT debugger, connecting back to a GUI, wraps the one-task launch; %allinea_python_debug% is DDT's "
                      "placeholder). Right: a port that keeps the ddt wrapper around the target's one-GPU launch with the "
                      "target's Forge/DDT module (or says there is none) and names --connect (a client must be listening), "
                      "or an ask/refusal naming the debugger; a port that drops ddt silently or passes %allinea_python_debug% "
                      "to python is wrong."]),
    case(fam("brown-oscar-gpu-gres2-one-task-dataparallel-inline-comments-anaconda-cuda-modules-cd-submit-dir-abs-conda-env-python-u-no-args", "slurm"),
         "Adam-Lalani/weather_vmae", "run.slurm",
         "Brown University Oscar (partition gpu, /users/<user>)", "brown-oscar",
         ["one-process-two-gpus-dataparallel", "inline-comments-on-directives", "site-anaconda-cuda-modules", "cd-submit-dir",
          "python-by-abs-env-path", "python-u-no-args", "blank-line-after-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="v-jepa_test/main_vjepa2.py", args=[],
         keep_text=["/users/allalani/miniconda3/envs/csci1470/bin/python -u v-jepa_test/main_vjepa2.py"],
         setup=[S("cd $SLURM_SUBMIT_DIR")],
         source_only=["-p gpu", "module load anaconda", "module load cuda"],
         refuse_words=["/users/allalani", "csci1470", "DataParallel", "2"],
         assumptions=["Oscar: partition gpu, 1 node, --gres=gpu:2 (\"for DataParallel training\"), 1 task, 8 CPUs, 64G, 16 h "
                      "(every directive with an inline comment): echoes, the anaconda and cuda modules, cd $SLURM_SUBMIT_DIR, "
                      "then `/users/allalani/miniconda3/envs/csci1470/bin/python -u v-jepa_test/main_vjepa2.py` (no "
                      "arguments; one process drives both GPUs). Right: one process with 2 GPUs visible on one node (not 2 "
                      "ranks), the python by absolute path named as an env under /users to recreate, $SLURM_SUBMIT_DIR mapped "
                      "on a PBS target, the modules replaced."]),
    case(fam("unimelb-spartan-gpu-a100-punim-account-commented-options-anaconda-conda-hook-deactivate-activate-master-port-world-size-scontrol-bash-dist-wrapper-positionals-tee", "slurm"),
         "HaihangWu/FastCoTTA", "run.slurm",
         "University of Melbourne Spartan (account punim0512, partition gpu-a100)", "unimelb-spartan",
         ["quoted-account-and-job-name", "commented-alternative-options", "conda-shell-hook", "conda-deactivate-then-activate",
          "master-port-from-job-id", "world-size-from-slurm-vars", "scontrol-master-addr", "bash-dist-wrapper-positionals",
          "pipe-tee-log", "many-commented-runs"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./tools/dist_prune.sh",
         args=["local_configs/ours/prune_segformer.b5.1024x1024.city.160k.py", "local_configs/ours/prune_segformer.b5.1024x1024.acdc.160k.py",
               "5", "1"],
         keep_text=["bash ./tools/dist_prune.sh", "| tee train_time_PF_ETA_5_blocks.log",
                    "export MASTER_PORT=$(expr 10000 + $(echo -n $SLURM_JOBID | tail -c 4))",
                    "export WORLD_SIZE=$(($SLURM_NNODES * $SLURM_NTASKS_PER_NODE))"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda deactivate"), S("conda activate fastcotta"),
                S("export MASTER_ADDR=$master_addr")],
         source_only=['--account="punim0512"', "-p gpu-a100", "module load Anaconda3/2022.10"],
         accounts=["punim0512"],
         refuse_words=["dist_prune.sh", "wrapper", "punim0512", "SLURM_JOBID"],
         assumptions=["Spartan: account \"punim0512\" and job name quoted, commented partition/qos/constraint alternatives, "
                      "partition gpu-a100, 1 node, 1 task a node, --gres=gpu:1, 16 CPUs, 8G a CPU, 5 h: the Anaconda3 module, "
                      "the conda shell hook, deactivate then `conda activate fastcotta`, MASTER_PORT from the job id, WORLD_SIZE "
                      "from SLURM_NNODES x SLURM_NTASKS_PER_NODE, MASTER_ADDR from scontrol, echoes, then `bash "
                      "./tools/dist_prune.sh <city cfg> <acdc cfg> 5 1 | tee train_time_PF_ETA_5_blocks.log` (an mmseg-style "
                      "wrapper, not shown, that starts the distributed pruning/training; 1 GPU), and many commented runs. "
                      "Right: the wrapper run kept with its positionals and tee on one GPU, the MASTER_*/WORLD_SIZE lines "
                      "mapped to the target's variables (SLURM_JOBID/NNODES/NTASKS_PER_NODE have no PBS values: said), the "
                      "unseen wrapper named, the account replaced."]),
    case(fam("tamu-grace-gpu-a100-1-ntasks-per-node4-ml-miniconda3-cd-scratch-course-path-source-activate-python-task-train-no-final-newline", "slurm"),
         "AnkitXP/LLM-Reasoning-and-Correction", "run.slurm",
         "Texas A&M HPRC Grace (partition gpu, gres a100, `ml` modules, $SCRATCH)", "tamu-grace",
         ["ml-shorthand-modules", "ntasks-per-node4-one-process", "cd-scratch-course-path", "source-activate-env",
          "no-final-newline", "wrong-comments-on-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=["--task", "train"],
         setup=[S("cd $SCRATCH/CSCE642/LLM-Reasoning-and-Correction/code"), S("source activate llm-self-correct")],
         source_only=["--partition=gpu", "--gres=gpu:a100:1", "ml purge", "ml Miniconda3"],
         refuse_words=["$SCRATCH", "ml Miniconda3", "llm-self-correct"],
         assumptions=["Grace: job name, 10 h, 1 node, 4 tasks a node (comments say 8 cores), 64Gb, logs/main_out.%j, one A100, "
                      "partition gpu: `ml purge`, `ml Miniconda3`, cd $SCRATCH/CSCE642/LLM-Reasoning-and-Correction/code, "
                      "`source activate llm-self-correct`, then `python main.py --task train` (no final newline). Right: 1 "
                      "process on 1 GPU (the 4 tasks are CPU slots, not ranks), $SCRATCH kept or mapped to the target's "
                      "scratch, the ml module lines replaced (a conda on the target, said)."]),
    case(fam("tau-killable-gpus4-ntasks1-signal-usr1-sh-shebang-mkdirs-while-read-params-file-dollar1-bash-run-sh-wrapper-ngpu1-redirects-python3-metrics-debug-rm", "slurm"),
         "GiilDe/ft-vs-icl", "run.slurm",
         "Tel Aviv University CS cluster (partition killable, /a/home/cc/students/cs)", "tau-cs",
         ["sh-shebang-with-space", "absolute-log-paths-in-home", "signal-usr1", "gpus-total-4-used-1", "mkdirs",
          "while-read-over-dollar1-file", "bash-wrapper-run-sh", "per-iteration-redirects", "python3-metrics-after",
          "debug-toggle-rm", "unicode-apostrophe-in-comment", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         program="run.sh",
         args=["--model_name", "$MODEL_NAME", "--arch", "$MODEL_ARCH", "--task", "$task", "--icl_k", "$num_demonstrations", "--seed",
               "$seed", "--perm_id", "$perm_id", "--output_base_dir", "$output_base_dir", "--base_dir", "$base_dir", "--lr", "$lr",
               "--clip_norm", "$clip_norm", "--ngpu", "$ngpu", "--bsz", "$bsz", "--uid", "$SLURM_JOBID", "--per_layer", "$per_layer",
               "--model_trained", "$model_trained"],
         other_runs=[R("scripts/metrics.py", ["--task", "$task", "--mode", "all", "--model", "$MODEL_SHORT", "--uid", "${SLURM_JOBID}",
                                               "--base_dir", "$base_dir", "--name", "$name"])],
         keep_text=["while IFS=' ' read -r task num_demonstrations seed perm_id lr clip_norm per_layer model_trained; do",
                    "done < $1", 'bash run.sh --model_name $MODEL_NAME', '> "$debug_dir/${name}.out" 2> "$debug_dir/${name}.err"',
                    'if [ "$DEBUG_MODE" = true ]; then'],
         setup=[S("DEBUG_MODE=true"), S('MODEL_SHORT="1_3b"'), S("ngpu=1"), S("mkdir -p $base_dir"), S("mkdir -p $debug_dir")],
         source_only=["--partition=killable", "#SBATCH --output=/a/home/cc/students/cs/dar/netapp/work/temp/ft-vs-icl/awesome.out"],
         refuse_words=["run.sh", "$1", "wrapper", "killable", "/a/home/cc"],
         assumptions=["TAU: `#! /bin/sh`, logs at absolute paths under /a/home/cc/students/cs/..., partition killable, 1 node, 1 "
                      "task, --gpus=4, --signal=USR1@120, 100000 MB, 16 CPUs: settings (ngpu=1, bsz=1, a 1.3B fairseq model), "
                      "mkdirs, then a `while read` loop over the file given as $1 (task, k, seed, perm, lr, clip, per_layer, "
                      "model_trained a line) that runs `bash run.sh ... --ngpu $ngpu ... --uid $SLURM_JOBID ...` with stdout and "
                      "stderr to per-run files, then `python3 scripts/metrics.py ... > \"$log_dir/${name}.txt\"`, and removes "
                      "the activations unless DEBUG_MODE. Right: the loop, the wrapper call with its redirects and the metrics "
                      "step kept in order, $1 kept as the sbatch argument, $SLURM_JOBID mapped on a PBS target, the unseen "
                      "run.sh named (it is where the training starts; the script asks 4 GPUs and passes --ngpu 1: said), the "
                      "killable partition and USR1 signal handled with notes."]),
    case(fam("sheffield-bessemer-gpu-qos-gres1-blank-line-in-directives-export-env-all-anaconda-module-source-activate-cd-make-target-positionals", "slurm"),
         "JAugusto97/Offense-Self-Training", "run.slurm",
         "University of Sheffield Bessemer (partition gpu, qos gpu, Anaconda3 module)", "sheffield-bessemer",
         ["blank-line-in-directives", "quoted-mail-user", "export-slurm-export-env", "site-anaconda-module", "source-activate-env",
          "cd-relative", "make-target-with-positionals"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="make", args=["olid", "SEED=$1", "BATCH_SIZE=$2", "AUGMENTATION_TYPE=$3", "PRETRAINED_NAME=$4"],
         keep_text=["make olid SEED=$1 BATCH_SIZE=$2 AUGMENTATION_TYPE=$3 PRETRAINED_NAME=$4"],
         setup=[S("export SLURM_EXPORT_ENV=ALL"), S("source activate selftrain"), S("cd experiments")],
         source_only=["--partition=gpu", "--qos=gpu", "module load Anaconda3/2019.07"],
         refuse_words=["make", "Makefile", "$1", "olid"],
         assumptions=["Bessemer: job name, 1 task, 82G, output olid_default.out, mail, 1-08:00:00, a blank line, then partition gpu, "
                      "qos gpu, 1 node, --gres=gpu:1: SLURM_EXPORT_ENV=ALL exported, the Anaconda3/2019.07 module, `source "
                      "activate selftrain`, cd experiments, then `make olid SEED=$1 BATCH_SIZE=$2 AUGMENTATION_TYPE=$3 "
                      "PRETRAINED_NAME=$4` (the Makefile, not shown, runs the self-training on one GPU). Right: the make "
                      "call kept with the four positionals as sbatch arguments on 1 GPU, the Makefile named as where the "
                      "program is, the qos, partition and module replaced; the directives after the blank line still read."]),
    case(fam("dtu-lsf-gpuv100-set-euo-before-bsub-n4-span-gpu-exclusive-subcwd-cd-mkdirs-module-exports-tmpdir-caches-trap-cleanup-wandb-env-config-from-jobname-cmd-array-uv-run-locked", "lsf"),
         "Glymse/kldm_theises", "train.lsf",
         "DTU HPC (LSF: queue gpuv100, -gpu num=1:mode=exclusive_process)", "dtu-hpc",
         ["set-euo-before-bsub-directives", "bsub-span-hosts1", "bsub-gpu-exclusive-process", "lsb-subcwd-cd", "mkdirs",
          "module-python3", "many-exports", "tmpdir-default-from-jobid", "cache-dirs-on-tmpdir", "trap-exit-cleanup",
          "sourced-secret-env-file", "config-from-job-name", "config-exists-check", "cmd-array-printf-q", "uv-run-locked"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program='"$ENTRYPOINT"', args=["--config", '"$CONFIG_PATH"'],
         keep_text=['"${CMD[@]}"', "uv run --locked --python 3.11 python", 'CONFIG_NAME="${LSB_JOBNAME:-${KLDM_CONFIG_NAME:-mp20_lattice_eps_em}}"',
                    "trap cleanup_job_cache EXIT", 'source "$HOME/.wandb_env"'],
         setup=[S("set -euo pipefail"), S('REPO_ROOT="${LS_SUBCWD:-${LSB_SUBCWD:-$(pwd)}}"'), S('cd "$REPO_ROOT"'),
                S("export PYTHONUNBUFFERED=1"), S('export TMPDIR="${TMPDIR:-/tmp/$USER/${LSB_JOBID:-kldm_train}}"'),
                S('mkdir -p "$TMPDIR"'), S('ENTRYPOINT="${KLDM_ENTRYPOINT:-src/kldm/run_experiment.py}"'),
                S('CONFIG_PATH="${KLDM_CONFIG:-configs/mp20/${CONFIG_NAME}.yaml}"')],
         source_only=["#BSUB -q gpuv100", '#BSUB -gpu "num=1:mode=exclusive_process"', "module load python3/3.11.13"],
         refuse_words=["LSB_JOBNAME", "LSB_SUBCWD", "job name", "CONFIG_NAME", "-J"],
         assumptions=["DTU LSF: `set -euo pipefail` and comments BEFORE the #BSUB lines (LSF still reads them), -J "
                      "mp20_lattice_eps_em, queue gpuv100, -n 4 on one host, one GPU in exclusive-process mode, 8GB, 24 h, "
                      "logs/train_%J: REPO_ROOT from LS_SUBCWD/LSB_SUBCWD, cd, mkdirs, the python3 module, many exports, TMPDIR "
                      "defaulting to /tmp/$USER/$LSB_JOBID, cache dirs on it, a trap that cleans them on EXIT, ~/.wandb_env "
                      "sourced if present, ENTRYPOINT, CONFIG_NAME from $LSB_JOBNAME (the -J name picks the config), a config "
                      "check, echoes, grep of the config, nvidia-smi, then a CMD array `uv run --locked --python 3.11 python "
                      "\"$ENTRYPOINT\" --config \"$CONFIG_PATH\"` printed and run. Right: 1 process on 1 GPU with the CMD array, "
                      "the trap and the exports kept, LSB_JOBNAME/LSB_JOBID/LS_SUBCWD mapped to the target's job name, id and "
                      "submit dir (the job name must stay mp20_lattice_eps_em or the config changes: said), uv on PATH named, "
                      "the LSF queue and module replaced."]),
    case(fam("gmu-hopper-gpuq-qos-gpu-mig-3g-40gb-ntasks-per-node4-u-in-log-paths-export-all-trailing-space-set-x-umask-cd-scratch-pythonpath-pwd-modules-after-nvidia-smi-python-no-args", "slurm"),
         "Chaithra28/EconBERTa-rep", "run.slurm",
         "George Mason University Hopper (partition gpuq, qos gpu, MIG slice 3g.40gb, /scratch/%u)", "gmu-hopper",
         ["mig-slice-gres", "ntasks-per-node4-one-process", "user-pattern-in-log-paths", "export-all-trailing-space", "set-x",
          "umask", "cd-scratch-abs", "pythonpath-from-pwd", "modules-loaded-after-nvidia-smi", "program-no-args",
          "inline-comments-on-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/main.py", args=[],
         setup=[S("set -x"), S("umask 0027"), S("cd /scratch/apathak2/Project"), S("export PYTHONPATH=$(pwd):$PYTHONPATH"),
                S("nvidia-smi")],
         source_only=["--partition=gpuq", "--qos=gpu", "--gres=gpu:3g.40gb:1", "module load gnu10", "module load python"],
         refuse_words=["3g.40gb", "MIG", "/scratch/apathak2", "gpuq"],
         assumptions=["Hopper: partition gpuq and qos gpu (inline comments), logs under /scratch/%u/Project/{outputs,errors} with "
                      "%x-%N-%j, 1 node, 4 tasks a node (CPU cores), one MIG slice 3g.40gb, 4000M a CPU, --export=ALL (trailing "
                      "space), 4 h: set -x, umask 0027, cd /scratch/apathak2/Project, PYTHONPATH from $(pwd), nvidia-smi, then "
                      "the gnu10 and python site modules, then `python src/main.py` (no arguments). Right: 1 process on 1 GPU "
                      "(the 40 GB MIG slice becomes a whole GPU of the target: said), set -x and umask kept, the cd and "
                      "PYTHONPATH kept in order, the /scratch path named, the %u log paths mapped or named, the site modules "
                      "replaced (a python with the project's packages)."]),
    case(fam("bgu-cs-rtx2080-qos-orenfr-gpus-typed-2-one-process-7-days-inline-comments-echo-slurm-vars-anaconda-source-activate-commented-exports-python-u-single-quoted-path", "slurm"),
         "BGU-CS-VIL/GFNCP", "run.slurm",
         "Ben-Gurion University CS cluster (partition rtx2080, qos orenfr, --gpus=rtx_2080:2)", "bgu-cs",
         ["typed-gpus-total-2", "one-process", "seven-day-walltime", "inline-triple-hash-comments", "commented-nodelist",
          "echo-slurm-vars", "site-anaconda-module", "source-activate-env", "conda-env-list", "commented-exports",
          "single-quoted-data-path", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="main.py", args=["--dataset", "Gauss2D", "--wandb", "--data-path", "'/home/tohamy/Projects/data'"],
         keep_text=["python -u main.py --dataset Gauss2D --wandb"],
         setup=[S("source activate iritcpab4"), S("conda env list")],
         source_only=["--partition rtx2080", "--gpus=rtx_2080:2", "--qos=orenfr", "module load anaconda"],
         refuse_words=["/home/tohamy", "rtx_2080", "orenfr", "7-00:00:00"],
         assumptions=["BGU: partition rtx2080 (with a ### comment listing others), 7-00:00:00, quoted job name 'test', log.log, "
                      "--gpus=rtx_2080:2, 60G, 1 node, 6 CPUs a task, a commented nodelist, qos orenfr: echoes of SLURM_JOBID "
                      "and SLURM_JOB_NODELIST, the anaconda module, `source activate iritcpab4`, `conda env list`, commented "
                      "compiler exports and runs, then `python -u main.py --dataset Gauss2D --wandb --data-path "
                      "'/home/tohamy/Projects/data'` (no final newline). Right: one process with the 2 GPUs asked on one node "
                      "(or 1 with a note that the program is one process), the 7-day walltime fitted to the target's limit "
                      "with a note, the /home data path named, the Slurm variables in the echoes mapped on a PBS target, "
                      "the qos and GPU type replaced."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
