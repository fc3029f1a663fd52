# ruff: noqa: E501  (hand-written case facts: long prose strings)
"""Write bench/unseen16/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF and
SGE sources: any three are of another family). Same rules as bench/unseen12..unseen14
(bench/unseen6/make_common.py).
Usage: python bench/unseen16/make_cases.py /work/cache/unseen16 bench/unseen16/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("snellius-h100x4-eval-torchrun-string-rdzv-bash-array-args", "slurm"),
         "tvosch/OLMo-core-Snellius", "train.job",
         "SURF Snellius (partition gpu_h100, /scratch-shared, the 2024 module stack)", "snellius",
         ["torchrun-in-string-eval", "bash-array-args", "c10d-rdzv-one-node", "set-e",
          "world-size-arithmetic", "scratch-shared-caches", "fsdp-flag-var"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="train.py", args=["${TRAIN_SCRIPT_ARGS[@]}"], strategy="fsdp",
         strategy_in_script=True,
         setup=[S("source $VENV_PATH/bin/activate"), S("export OLMO_SHARED_FS=1"),
                S("export MASTER_PORT=39591")],
         source_only=["gpu_h100", "module load 2024 NCCL/2.22.3-GCCcore-13.3.0-CUDA-12.6.0",
                      "export SAVE_FOLDER=/scratch-shared/$USER/OLMo"],
         refuse_words=["eval", "TORCHLAUNCHER", "/scratch-shared", "TRAIN_SCRIPT_ARGS"],
         assumptions=["1 node, 1 task, 18 CPUs, --gpus-per-node=4, set -e: module purge, the 2024 "
                      "NCCL module, a relative .venv, MASTER_ADDR from scontrol, a WORLD_SIZE "
                      "computed for the batch sizes, many config variables and a 28-element bash "
                      "array of key=value overrides, caches under /scratch-shared, then a torchrun "
                      "command line built in the string TORCHLAUNCHER (--nproc_per_node="
                      "$SLURM_GPUS_PER_NODE --nnodes=$SLURM_NNODES, c10d rendezvous) run by `eval`. "
                      "Right: 4 ranks on one node with train.py and every array element kept (FSDP "
                      "chosen by FSDP=1), the eval'd string read or refused with the reason, the "
                      "Snellius module and /scratch-shared paths replaced or named."]),
    case(fam("uw-tillicum-qos-normal-gpu1-conda-srun-python-env-root-paths", "slurm"),
         "josecols/ft-llms-tillicum", "eval.slurm",
         "University of Washington Tillicum (qos normal, no partition or account)", "uw-tillicum",
         ["srun-one-task", "gpus-per-task-and-gres", "env-var-root-paths", "module-conda",
          "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="scripts/eval.py",
         args=["--predictions-path", '"$PREDICTIONS_PATH"', "--dataset-path", '"$DATASET_PATH"'],
         setup=[S("conda activate ft-llms"), S('SHARED_FS="$FT_LLMS_ROOT"')],
         source_only=["module load conda", "--qos=normal"],
         refuse_words=["FT_LLMS_ROOT"],
         assumptions=["1 node, 1 task, --gres=gpu:1 and --gpus-per-task=1, 8 CPUs, 1 h: module "
                      "conda, conda activate, paths built from $FT_LLMS_ROOT (set by the submitter), "
                      "`srun python scripts/eval.py --predictions-path ... --dataset-path ...`. "
                      "Right: 1 rank on 1 GPU with both arguments kept, FT_LLMS_ROOT named as a "
                      "variable the job needs, the conda module replaced."]),
    case(fam("flatiron-gpupreempt-4-nodes-gpus-a100-16-srun-torchrun-hostname-i-endpoint", "slurm"),
         "Byeol-Haneul/TopoGal", "eval.slurm",
         "Flatiron Institute Rusty (partition/qos gpupreempt, a100-sxm4-40gb, workergpu nodes)",
         "flatiron-rusty",
         ["srun-torchrun-per-node", "gpus-typed-total", "rdzv-endpoint-hostname-i",
          "srun-hostname-banner", "bashrc-conda", "walltime-120h", "trailing-spaces"],
         launch_model="launcher", launcher="torchrun", total_ranks=16, nodes=4, gpus_per_node=4,
         program="main.py", args=[],
         setup=[S("source ~/.bashrc"), S("conda activate topo"), S("cd $SLURM_SUBMIT_DIR", "required")],
         source_only=["a100-sxm4-40gb:16", "gpupreempt", "module load openmpi/4.0.7"],
         refuse_words=["hostname -I", "rdzv", "120", "16 GPUs"],
         assumptions=["4 nodes, 4 tasks (one a node), 48 CPUs each, --gpus=a100-sxm4-40gb:16 (4 a "
                      "node), 120 h, gpupreempt: openmpi module, ~/.bashrc and conda, `srun "
                      "hostname`, MASTER_IP from `hostname -I` of the batch node, then `srun torchrun "
                      "--nproc_per_node=4 --nnodes=4 --rdzv_backend=c10d --rdzv_endpoint="
                      "${MASTER_IP}:12345 main.py` (one torchrun per node). Right: 16 ranks as 4x4 "
                      "with a per-node torchrun and a reachable endpoint, the walltime capped with a "
                      "note, the typed --gpus replaced by the target's GPU request."]),
    case(fam("deakin-v100x2-no-tasks-anaconda-tensorflow-gpu-env-python-mail", "slurm"),
         "a2i2/tree_diff", "gpu_job.sh",
         "Deakin University (partition gpu, gres v100; Applied AI Institute)", "deakin",
         ["one-process-multi-gpu", "no-task-count", "module-anaconda", "source-activate",
          "mail-directives", "job-name-with-spaces"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="High_boson.py", args=[], framework="tensorflow",
         setup=[S("source activate tensorflow-gpu")],
         source_only=["gpu:v100:2", "module load Anaconda3"],
         refuse_words=["2 GPUs", "one process"],
         assumptions=["1 node, no task count, --gres=gpu:v100:2, a quoted job name with spaces, mail "
                      "to a deakin.edu.au address: module purge, Anaconda3, `source activate "
                      "tensorflow-gpu`, `python High_boson.py` (one process that sees 2 GPUs). "
                      "Right: one process with 2 GPUs (not 2 ranks), the env kept, the module "
                      "replaced."]),
    case(fam("sigma2-olivia-accel-arm64-apptainer-container-default-srun-exec-gpu-monitor-trap", "slurm"),
         "kaspehs/masterproject", "gpu_job.sh",
         "Sigma2/NRIS Olivia (account nn9352k, partition accel, qos devel, ARM64 GH nodes, module "
         "NRIS/GPU)", "sigma2-olivia",
         ["srun-apptainer-exec", "container-from-var-default", "arm64-image", "errexit-nounset",
          "gpu-monitor-background-trap", "inline-torch-check", "exit-if-missing"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["--config", "runconfigs/phnn_smoke.yml"],
         container_image="/cluster/work/support/container/pytorch_nvidia_25.06_arm64.sif",
         setup=[S('cd "$SLURM_SUBMIT_DIR"', "required"), S("export TRAIN_DEVICE=cuda")],
         source_only=["module load NRIS/GPU",
                      "/cluster/work/support/container/pytorch_nvidia_25.06_arm64.sif",
                      "--qos=devel"],
         accounts=["nn9352k"],
         refuse_words=["apptainer", "container", "arm64", "CONTAINER", "aarch64"],
         assumptions=["1 node, 1 task, 12 CPUs, --gres=gpu:1, 5 min devel qos, set -o errexit/"
                      "nounset: cd to the submit dir, NRIS/GPU module, apptainer module if missing, "
                      "CONTAINER defaulting to an ARM64 PyTorch .sif under /cluster/work (exit 1 if "
                      "absent), a torch check inside the container, an nvidia-smi monitor in the "
                      "background killed by an EXIT trap, then `srun apptainer exec --nv "
                      "\"$CONTAINER\" python train.py --config runconfigs/phnn_smoke.yml`. Right: 1 "
                      "rank on 1 GPU inside a container the target can run (the ARM64 image named: "
                      "it runs only on an aarch64 target), or a refusal naming the image; the "
                      "account and module replaced."]),
    case(fam("constraint-a100-short-srun-unbuffered-python-m-forward-all-args", "slurm"),
         "macmacmacmac/llm_asr_clarification", "gpu_job.sh",
         "a Slurm cluster with a `short` partition and an A100 node feature (WPI-style Turing)",
         "slurm-short-a100",
         ["srun-python-m", "forward-all-args", "constraint-gpu-model", "minutes-walltime",
          "trailing-spaces", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="run_scripts", module=True, args=['"$@"'],
         source_only=['-C "A100"', "-p short"],
         refuse_words=['"$@"', "arguments", "submit"],
         assumptions=["-N 1 -n 1 -c 1, 8g, 60 minutes, --gres=gpu:1, -C \"A100\": `srun --unbuffered "
                      "python -m run_scripts \"$@\"` (all arguments come from the sbatch command "
                      "line). Right: 1 rank on 1 GPU, `-m run_scripts` kept as a module run, \"$@\" "
                      "kept (or asked for) with a note, the A100 constraint mapped to the target's "
                      "GPU."]),
    case(fam("psi-t3-gpu-gres-account-positional-sample-pythonpath-prefix-python3", "slurm"),
         "mmeinhard/hepaccelerate", "gpu_job.sh",
         "PSI Tier-3 (account gpu_gres, t3gpu01 node; CMS analysis)", "psi-t3",
         ["positional-arg", "env-prefix-pythonpath", "trailing-comment-args", "ntasks-as-cpus",
          "account-as-gpu-access"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run_analysis.py",
         args=["--filelist", "datasets/RunIIFall17NanoAODv4/$1.txt", "--sample", "$1", "--outdir",
               "results_studyBoostedStatistics_fancyJetSelection/mc", "--boosted", "--use-cuda",
               "--from-cache"],
         keep_text=["PYTHONPATH=hepaccelerate:coffea:."],
         source_only=[],
         accounts=["gpu_gres"],
         refuse_words=["$1", "positional", "sample"],
         assumptions=["1 node, --ntasks=5 (comment: CPUs to balance the GPU), --gres=gpu:1, account "
                      "gpu_gres (the site's way to reach GPUs): echo of $1, then `PYTHONPATH="
                      "hepaccelerate:coffea:. python3 run_analysis.py --filelist .../$1.txt --sample "
                      "$1 ...` with a commented tail. Right: one process on 1 GPU (not 5 ranks), the "
                      "PYTHONPATH prefix and every argument kept, $1 named as a submit-time "
                      "argument, the gpu_gres account replaced."]),
    case(fam("lab-partition-kellislab-a100-one-gpu-bare-python-no-tasks", "slurm"),
         "sophiejguo/diffusion_AR", "gpu_job.sh",
         "MIT Kellis lab partition (kellislab, an A100)", "mit-kellislab",
         ["bare-python", "no-task-count", "lab-partition", "misleading-comments", "days-hours-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="demo_sample.py", args=[],
         source_only=["kellislab", "gpu:a100:1"],
         refuse_words=["kellislab"],
         assumptions=["-t 10:00:00 (comment says 6 hours), -N 1 (comment says two nodes), -c 16, "
                      "100GB, --gres=gpu:a100:1, partition kellislab: `python demo_sample.py`. "
                      "Right: 1 process on 1 GPU, no environment setup invented, the lab partition "
                      "replaced."]),
    case(fam("aalto-gres2-srun-with-own-gres-guild-run-flags-after-inline-comments", "slurm"),
         "christabella/bruno", "gpu_job.sh",
         "Aalto University Triton (K80 GPUs; no partition or account)", "aalto-triton",
         ["srun-own-resource-options", "guild-run", "one-task-multi-gpu", "directive-inline-comments",
          "commented-alternatives", "continuation-line"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="conditional_bruno:train",
         args=["config_name=m1_shapenet_glow", "nr_gpu=2", "learning_rate=1e-5"],
         framework="unknown",
         keep_text=["guild run -y conditional_bruno:train"],
         source_only=["--gres=gpu:2 --mem=2G"],
         refuse_words=["guild", "srun", "--gres", "2 GPUs"],
         assumptions=["--time=30:00:00, --gres=gpu:2 (comment: one K80), --mem=3G, nothing else: "
                      "`srun --time=30:00:00 --gres=gpu:2 --mem=2G guild run -y conditional_bruno:"
                      "train config_name=m1_shapenet_glow nr_gpu=2 learning_rate=1e-5` (Guild AI runs "
                      "the operation; one process with 2 GPUs; srun repeats its own resources). "
                      "Right: one process with 2 GPUs, the guild line kept verbatim with its flags, "
                      "the srun resource options reconciled with the target's (or a refusal naming "
                      "guild)."]),
    case(fam("gpu-partition-a100-module-cuda-futhark-bench-backend-cuda", "slurm"),
         "Skovrup1/quantom", "gpu_job.sh",
         "a Slurm cluster with a `gpu` partition and A100s (DIKU-style)", "slurm-gpu-a100",
         ["non-python-program", "futhark-bench", "module-cuda", "one-task"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="futhark", args=["bench", "gpu_bench.fut", "--backend=cuda", "--concurrency=1"],
         framework="futhark",
         source_only=["module load cuda", "gpu:a100:1"],
         refuse_words=["futhark"],
         assumptions=["-p gpu, --gres=gpu:a100:1, 1 task, 4 CPUs, 64G, 24 h: module load cuda, "
                      "`futhark bench gpu_bench.fut --backend=cuda --concurrency=1` (a compiler's "
                      "benchmark runner, not Python). Right: one process on 1 GPU with the futhark "
                      "line kept verbatim, the CUDA module mapped to the target's, futhark named as "
                      "a tool the target must have."]),
    case(fam("perlmutter-one-node-module-pytorch-pscratch-venv-cvd-0123-python3", "slurm"),
         "erichson/SuperDiffusion", "nersc.sh",
         "NERSC Perlmutter (account m4633, -C gpu, qos regular)", "perlmutter",
         ["one-process-four-gpus", "cuda-visible-devices-export", "module-pytorch-plus-venv",
          "pscratch-paths", "no-task-count", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="trainFC_nstk.py",
         args=["--run-name", "full1021", "--sampling-fre", "50", "--epochs", "1000"],
         setup=[S("source /pscratch/sd/y/yanggao/SuperDiffusion/venv/bin/activate"),
                S("cd /pscratch/sd/y/yanggao/SuperDiffusion"),
                S("export CUDA_VISIBLE_DEVICES=0,1,2,3")],
         source_only=["module load pytorch", "-C gpu"],
         accounts=["m4633"],
         refuse_words=["/pscratch", "CUDA_VISIBLE_DEVICES", "4 GPUs"],
         assumptions=["Perlmutter, -N 1, -C gpu, qos regular, 23 h, no task or GPU count (a whole "
                      "4-GPU node): module pytorch, a venv under /pscratch, cd there, "
                      "CUDA_VISIBLE_DEVICES=0,1,2,3, `python3 trainFC_nstk.py --run-name full1021 "
                      "--sampling-fre 50 --epochs 1000` (one process that uses the node's 4 GPUs). "
                      "Right: one process with 4 GPUs (the CVD list fitted to the target's node), the "
                      "/pscratch paths named, the account and -C gpu replaced."]),
    case(fam("vista-gh-dev-one-task-gcc-python3-mpi-work-venv-python-run-subcommand", "slurm"),
         "Cortega13/AstroChemNet", "run_tacc.sh",
         "TACC Vista (queue gh-dev, Grace Hopper, project AST24021)", "vista",
         ["tacc-style-directives", "gh-dev-queue", "work-path-venv", "tabs-in-directive",
          "subcommand-args", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run.py", args=["train", "latent_ode", "--dataset", "uclchem_grav"],
         setup=[S("source /work/09338/carlos9/vista/AstroChemNet/venv/bin/activate")],
         source_only=["gh-dev", "module load python3_mpi/3.11.8", "module load gcc"],
         accounts=["AST24021"],
         refuse_words=["/work/09338", "aarch64", "gh-dev"],
         assumptions=["Vista, -p gh-dev, -N 1 -n 1, 30 min, -A AST24021 (a tab-padded comment): "
                      "gcc and python3_mpi modules, a venv under /work/.../vista (built for the "
                      "aarch64 Grace CPU), `python run.py train latent_ode --dataset uclchem_grav`. "
                      "Right: 1 process on 1 GPU, every argument kept, the venv flagged (ARM64 build "
                      "and a TACC /work path), the queue, modules and project replaced."]),
    case(fam("bu-scc-sge-project-gpus1-gpu-c-module-python3-venv-python", "sge"),
         "rayan-syed/automatic-training", "job.qsub",
         "Boston University SCC (SGE, -P tianlabdl, -l gpus=1, gpu_c compute capability)", "bu-scc",
         ["sge-source", "gpu-compute-capability", "bash-l", "relative-venv", "no-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         setup=[S("source .venv/bin/activate")],
         source_only=["module load python3", "gpu_c=3.5"],
         accounts=["tianlabdl"],
         refuse_words=["SGE", "gpu_c", "gpus=1"],
         assumptions=["SGE (#$ -P tianlabdl, -l gpus=1, -l gpu_c=3.5: any GPU of compute capability "
                      ">= 3.5; no walltime, no -cwd): module python3, a relative .venv, `python "
                      "train.py`. Right: 1 process on 1 GPU, the SGE header read (or a refusal "
                      "naming it), the project replaced, the working directory (SGE starts in $HOME "
                      "without -cwd) noted."]),
    case(fam("uci-hpc3-class-account-free-gpu-v100-requeue-srun-xvfb-run-python", "slurm"),
         "carol3961/quadKWPter", "submit_gpu.sh",
         "UC Irvine HPC3 (class account cs175_class_gpu, partition free-gpu, V100)", "uci-hpc3",
         ["srun-wrapper-command", "xvfb-run", "requeue-open-mode-append", "indented-comments",
          "course-project"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="nikolaj_tests/base_test.py", args=[],
         keep_text=["xvfb-run -a"],
         setup=[S("mkdir -p sbatch_logs")],
         source_only=["free-gpu", "gpu:V100:1", "module load ffmpeg"],
         accounts=["cs175_class_gpu"],
         refuse_words=["xvfb-run", "ffmpeg"],
         assumptions=["1 node, --gres=gpu:V100:1, 16 CPUs, 30GB, 4 h, --requeue, --open-mode=append, "
                      "logs under sbatch_logs/ (created only after the job starts): module ffmpeg, "
                      "`srun xvfb-run -a python nikolaj_tests/base_test.py` (a virtual display for "
                      "rendering). Right: 1 rank on 1 GPU with xvfb-run kept in front of python, "
                      "ffmpeg named as a module to find on the target, the class account and free "
                      "partition replaced."]),
    case(fam("stanford-sherlock-gpu-sku-constraint-af3-singularity-heredoc-probe-trap-log", "slurm"),
         "dhusmann/alphafold3-runner", "submit_gpu.sh",
         "Stanford Sherlock (GPU_SKU features, /scratch/groups; partition given on the command line)",
         "stanford-sherlock",
         ["singularity-exec-nv", "container-image-from-var", "heredoc-python-in-container",
          "positional-folder", "trap-exit-log", "gpu-sku-constraint", "conditional-bind-args",
          "no-partition"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/app/alphafold3/run_alphafold.py",
         args=["--json_path=${JSON_PATH}", "--model_dir=/root/models",
               "--db_dir=/root/public_databases", "--output_dir=/root/af_output"],
         framework="jax", container_image="${AF3_BASE_DIR}/alphafold3_resources/image/alphafold3.sif",
         setup=[S("export AF3_BASE_DIR=/scratch/groups/ogozani/alphafold3"),
                S("mkdir -p ${AF3_OUTPUT_DIR}")],
         source_only=['-C "GPU_SKU:L40S|GPU_SKU:H100_SXM5"', "/scratch/groups/ogozani/alphafold3"],
         refuse_words=["FOLDER_NAME", "$1", "singularity", "/scratch/groups", "alphafold3.sif"],
         assumptions=["1 node, --gpus=1, 64GB, 2 h, -C \"GPU_SKU:L40S|GPU_SKU:H100_SXM5\" (no "
                      "partition: submit_dist.sh passes -p): FOLDER_NAME=$1, a function finds the job "
                      "directory under /scratch/groups/ogozani/alphafold3, a first `singularity exec "
                      "--nv ... python - <<'PY'` probes the input JSON, an EXIT trap updates a CSV log "
                      "under a lock file, then `singularity exec --nv` with $( ... ) bind options "
                      "runs /app/alphafold3/run_alphafold.py inside alphafold3.sif. Right: one "
                      "process on 1 GPU inside the image (kept with its binds and the heredoc "
                      "probe), $1 and the /scratch/groups paths named, or a refusal naming the "
                      "image; the GPU_SKU feature replaced by the target's GPU."]),
    case(fam("harvard-kempner-account-mamba-cuda-modules-python-train-transformers-vars", "slurm"),
         "sunnytqin/hier_gen", "submit_gpu.sh",
         "Harvard FASRC Kempner cluster (partition kempner, account kempner_dam_lab)",
         "harvard-kempner",
         ["sh-shebang", "mamba-activate", "vars-in-args", "continuation-lines",
          "inline-directive-comments", "commented-loop"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_transformers.py",
         args=["--callback", "--batch_size", "8", "--dataset", "question_${dataset}",
               "--disamb_num", "0", "--max_train_steps", "300000", "--encoder_n_layers", "6",
               "--lr", "${lr}", "--num_warmup_steps", "10000", "--weight_decay", "0.0",
               "--max_grad_norm", "1.0", "--eval_every", "2000", "--seed", "${seed}",
               "--tied-embedding", "--run_name", "${dataset}_lr${lr}_seed${seed}",
               "--save_every", "100000", "--save_dir", "./checkpoints/", "--save_prefix",
               "question_${dataset}_lr${lr}"],
         vars={"dataset": "qf_disamb", "lr": "1e-4", "seed": "42"},
         setup=[S("mamba activate hiergenv"), S("mkdir -p slurm_out")],
         source_only=["module load Mambaforge", "module load cuda cudnn", "kempner"],
         accounts=["kempner_dam_lab"],
         refuse_words=["kempner", "mamba"],
         assumptions=["#!/bin/sh, -c 2, 6 h, -p kempner, 250G, -n 1, --gres=gpu:1, account "
                      "kempner_dam_lab, logs under slurm_out/ (created in the job): module purge, "
                      "Mambaforge, cuda cudnn, mamba activate, hostname/nvidia-smi, three shell "
                      "variables, `python train_transformers.py` with 27 arguments over continuation "
                      "lines. Right: 1 process on 1 GPU, every argument and the variables kept, the "
                      "modules and account replaced, the sh shebang kept or noted."]),
    case(fam("allen-aind-a100-tmp-conda-path-copy-data-wandb-login-positional-config", "slurm"),
         "AllenNeuralDynamics/posetail", "train_lightning.sh",
         "Allen Institute HPC (partition aind, /allen/aind/scratch, --tmp for /scratch/fast)",
         "allen-aind",
         ["positional-default-config", "conda-sh-by-path", "copy-data-to-local", "wandb-login-var",
          "rm-rf-submit-dir", "lightning-devices-arg", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_rat7m.py",
         args=["--config-path", '"${CONFIG_PATH}"', "--devices", "${NUM_GPUS}"],
         framework="lightning",
         vars={"NUM_GPUS": "1"},
         setup=[S("source $CONDA_PATH/etc/profile.d/conda.sh"),
                S("conda activate $CONDA_PATH/envs/$CONDA_ENV_NAME"),
                S("cp -r $DATA_DIR $TEMP_DIR/"), S("wandb login $WANDB")],
         source_only=['CONDA_PATH="/allen/aind/scratch/katie.rupp/miniforge3"', "aind", "--tmp=30G"],
         refuse_words=["/allen", "WANDB", "rm -rf", "$1", "/scratch/fast"],
         assumptions=["1 node, 1 task a node, 64G, 48 h, --gres=gpu:a100:1, partition aind, "
                      "--tmp=30G: CONFIG_PATH=${1:-configs/config_hpc_2d.toml}, a conda install under "
                      "/allen/aind/scratch sourced by path, the data copied to /scratch/fast, `wandb "
                      "login $WANDB` (key from the environment), `python train_rat7m.py --config-path "
                      "... --devices ${NUM_GPUS}` (Lightning, 1 device), then `rm -rf "
                      "\"$SLURM_SUBMIT_DIR\"` (deletes the submit directory). Right: 1 process on 1 "
                      "GPU with the arguments kept, the /allen paths and node-local /scratch/fast "
                      "named, WANDB named as a needed secret, the rm -rf kept verbatim with a warning "
                      "or asked about; never silently dropped or made to hit another directory."]),
    case(fam("idris-jean-zay-a100-constraint-arch-module-pytorch-gpu-python-u-lightning", "slurm"),
         "tizianofassina/hackathon_idris", "train_lightning.sh",
         "IDRIS Jean Zay (account ltc@a100, partition gpu_p5, -C a100, arch/a100 modules)",
         "idris-jean-zay",
         ["srun-python-u", "arch-module", "site-pytorch-module", "account-with-at", "pythonpath-pwd",
          "trailing-spaces"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train_lightning.py", args=[], framework="lightning",
         setup=[S("export PYTHONPATH=$PYTHONPATH:$(pwd)"), S("export OMP_NUM_THREADS=1")],
         source_only=["module load arch/a100", "module load pytorch-gpu/py3/2.3.0", "gpu_p5",
                      "--constraint=a100"],
         accounts=["ltc@a100"],
         refuse_words=["pytorch-gpu", "ltc@a100", "arch/a100"],
         assumptions=["1 node, 1 task, --gres=gpu:1, 16 CPUs, 2 h, -A ltc@a100, gpu_p5 with -C a100: "
                      "module purge, arch/a100, pytorch-gpu/py3/2.3.0 (the site's PyTorch), "
                      "PYTHONPATH and thread exports, `srun python -u train_lightning.py`. Right: 1 "
                      "rank on 1 GPU, the site PyTorch module replaced by the target's (named), the "
                      "account and partition replaced, -u kept."]),
    case(fam("cambridge-wilkes3-ampere-template-eval-cmd-user-run-sh-wrapper-args", "slurm"),
         "rainavyas/hpc_setup", "submit_gpu.sh",
         "Cambridge CSD3 Wilkes3 (account GALES-SL4-GPU, partition ampere, rhel8/default-amp)",
         "cambridge-wilkes3",
         ["centre-template", "eval-cmd", "user-wrapper-script", "forward-all-args",
          "bang-comment-directives", "generate-pbs-nodefile", "tilde-in-quotes"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="~/rds/hpc-work/Projects/Pruning/nlp_sample_prune/experiments/run.sh", args=[],
         expect="refuse",
         setup=[S('workdir="$SLURM_SUBMIT_DIR"')],
         source_only=["module load rhel8/default-amp", ". /etc/profile.d/modules.sh", "-p ampere"],
         accounts=["GALES-SL4-GPU"],
         refuse_words=["run.sh", "eval", "CMD", "wrapper", "application"],
         assumptions=["the CSD3 Wilkes3 template (#! comments; `#! SBATCH -J` is inert): -A "
                      "GALES-SL4-GPU, 1 node, 1 task, --gres=gpu:1, 12 h, --no-requeue, -p ampere; "
                      "rhel8/default-amp, application=\"~/rds/hpc-work/.../experiments/run.sh\" (the "
                      "tilde inside quotes is not expanded), CMD=\"$application $@\", a machine file "
                      "from generate_pbs_nodefile, then `eval $CMD`. The program is in the user's "
                      "run.sh. Right: a refusal (or the eval line kept verbatim) naming run.sh and the "
                      "forwarded arguments; the account, partition and module replaced."]),
    case(fam("backfill-partition-n12-gres4-sh-shebang-bare-python-pinn", "slurm"),
         "smyng91/DeepHX", "submit_gpu.sh",
         "a Slurm cluster with a `backfill` partition (a university GPU cluster)", "slurm-backfill",
         ["tasks-without-srun", "one-process-four-gpus", "sh-shebang", "trailing-spaces",
          "bare-python"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="HX.py", args=[],
         source_only=["backfill"],
         refuse_words=["-n 12", "12", "4 GPUs", "one process"],
         assumptions=["#!/bin/sh, -p backfill, 4 h, -n 12, --gres=gpu:4: `python HX.py` run once by "
                      "the batch shell (12 tasks asked, no srun: one process that sees 4 GPUs). "
                      "Right: one process with 4 GPUs (not 12 or 4 ranks), the 12-task request "
                      "mapped to CPUs with a note, the backfill partition replaced."]),
    case(fam("lsf-normal-queue-gpu-num2-host-pinned-ptile1-python-redirect-log", "lsf"),
         "Willzy-x/kits_experiment", "lsf_job.sh",
         "an LSF GPU cluster (queue normal, host user-g4a60; kidney-tumour segmentation project)",
         "lsf-normal",
         ["lsf-source", "gpu-num-2", "host-pinned", "stdout-redirect", "quoted-job-name"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="main.py", args=[],
         keep_text=["> full_seg_aug_prob+0.5_con.log"],
         source_only=['-m "user-g4a60"', "span[ptile=1]"],
         refuse_words=["LSF", "BSUB", "user-g4a60", "2 GPUs"],
         assumptions=["LSF (#!/bin/sh; -q normal, -n 1, span[ptile=1], -m \"user-g4a60\" pins a host, "
                      "-gpu num=2, no walltime): `python main.py > full_seg_aug_prob+0.5_con.log` "
                      "(one process that sees 2 GPUs). Right: one process with 2 GPUs, the redirect "
                      "kept, the LSF header read (or a refusal naming it), the host pin dropped with "
                      "a note."]),
    case(fam("imperial-cx3-pbs-lselect-ngpus1-venv-loop-four-damage-experiments", "pbs"),
         "Will-JacKnight/qdrl-robotics", "hpc_job.sh",
         "Imperial College London CX3 (PBS Pro, -lselect with ngpus, no queue or project)",
         "imperial-cx3",
         ["pbs-lselect-no-space", "for-loop-over-arrays", "rm-rf-output", "relative-venv",
          "jax-qdax", "commented-stages"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["--config", "config.json", "--output_path", "$output_path", "--exp_path",
               "$damage_path", "--damage_joint_idx", "$idx", "--damage_joint_action", "$action",
               "--damage_type", "physical"],
         framework="jax",
         setup=[S("cd $PBS_O_WORKDIR", "required"), S("source qdax050/bin/activate"),
                S('rm -rf "$exp_path"'), S('mkdir -p "$exp_path"')],
         keep_text=['for i in "${!damaged_joint_idx[@]}"; do'],
         source_only=["-lselect=1:ncpus=2:mem=16gb:ngpus=1"],
         refuse_words=["loop", "PBS", "lselect"],
         assumptions=["PBS Pro (-lwalltime=01:00:00, -lselect=1:ncpus=2:mem=16gb:ngpus=1 written "
                      "without a space): cd $PBS_O_WORKDIR, a relative venv (QDax/JAX), output paths, "
                      "rm -rf and mkdir of the experiment dir, then a loop over four damage settings "
                      "(bash arrays) each running `python main.py --config config.json ... "
                      "--damage_type physical`. Right: 1 process at a time on 1 GPU with the loop "
                      "and arrays kept, the PBS header read into the target's (a Slurm target gets "
                      "the submit dir, not $PBS_O_WORKDIR)."]),
    case(fam("perlmutter-shared-hbm80g-uv-run-heredoc-probe-function-three-bench-runs", "slurm"),
         "krishdesai7/quadbench", "sbatch_gpu.sh",
         "NERSC Perlmutter (account m3246_g, -C gpu&hbm80g, qos shared)", "perlmutter",
         ["uv-run", "shell-function-runs", "heredoc-python", "fail-fast-probe", "hbm80g-constraint",
          "shared-qos-one-gpu", "cupy"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="bench_gpu.py", args=['"$@"', "--tag", '"$tag"'], framework="cupy",
         keep_text=["uv run bench_gpu.py"],
         setup=[S('cd "${SLURM_SUBMIT_DIR:-$PWD}" || exit 1', "required")],
         source_only=["gpu&hbm80g", "module load cudatoolkit/13.2 nccl/2.29.2-cu13"],
         accounts=["m3246_g"],
         refuse_words=["hbm80g", "80", "uv run", "cudatoolkit"],
         assumptions=["Perlmutter, -A m3246_g, -C gpu&hbm80g (80 GB A100s), qos shared, -G 1, -c 32, "
                      "3 h: cd to the submit dir, cudatoolkit/nccl modules, a `uv run python -c` "
                      "cuBLAS probe (exit 1 on failure), a `uv run python - <<'PY'` device report, a "
                      "shell function `run` that calls `uv run bench_gpu.py \"$@\" --tag \"$tag\"`, "
                      "moves the archive, runs clean_npz.py and a heredoc check, called three times "
                      "with different sweeps. Right: one process on 1 GPU with the function, heredocs "
                      "and uv runs kept, the 80 GB-GPU requirement named (or mapped to a target GPU "
                      "with that memory), the account, constraint and modules replaced."]),
    case(fam("osc-pgs-account-gpus-per-node1-time-julia-home-binary-positional-params", "slurm"),
         "mdeutsc2/ChLLModel", "sbatch_gpu.sh",
         "Ohio Supercomputer Center (account pgs0213; Pitzer/Owens)", "osc",
         ["julia-program", "home-binary", "time-prefix", "positional-param-file",
          "post-run-file-shuffle", "tabs-in-directives", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./src/ll_main.jl", args=["-t", "GPU", "$1"], framework="julia",
         keep_text=["~/julia-1.6.3/bin/julia"],
         source_only=["module load cuda"],
         accounts=["pgs0213"],
         refuse_words=["julia", "$1"],
         assumptions=["-A pgs0213, 10 h, 1 node, 1 task a node, --gpus-per-node=1: module load cuda, "
                      "`time ~/julia-1.6.3/bin/julia ./src/ll_main.jl -t GPU $1` (a Julia binary in "
                      "$HOME; $1 is a parameter file), then a dated directory, a loop moving output "
                      "files, cp $1 and a zip. Right: one process on 1 GPU with the julia line and the "
                      "post-processing kept, the home Julia named as user software, $1 named as a "
                      "submit-time argument, the account replaced."]),
    case(fam("nh100q-partition-no-gres-conda-hook-two-python-m-stages", "slurm"),
         "CPS-research-group/dtsemnet", "hpc_job.sh",
         "a lab Slurm cluster with an H100 partition NH100q (no GPU request in the directives)",
         "slurm-nh100q",
         ["no-gpu-request", "gpu-by-partition", "conda-shell-hook", "two-python-m-stages",
          "commented-alternatives", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src.net_train", module=True,
         args=["--model", "dtsemnet", "--dataset", "all", "--depth", "3", "-s", "100",
               "--output_prefix", "f", "--verbose", "True"],
         other_runs=[R("src.cro_dt", ["--dataset", "mnist", "--cro_config",
                                      "configs/simple_sa1.json", "--simulations", "1", "--depth",
                                      "8", "--initial_pop", "None", "--alpha", "1.0",
                                      "--evaluation_scheme", "matrix", "--output_prefix",
                                      "cro-dt-cs_depth3", "--verbose", "True"])],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate dtnet-ecai")],
         source_only=["NH100q"],
         refuse_words=["GPU", "gres", "NH100q"],
         assumptions=["1 task, 8 CPUs, partition NH100q, no --gres/--gpus and no walltime: the conda "
                      "shell hook, conda activate, `python -m src.net_train ...`, then `python -m "
                      "src.cro_dt --dataset mnist ...` (two stages, many commented alternatives). "
                      "Right: both stages kept in order, one process each, the missing GPU request "
                      "named (a GPU asked explicitly on the target, with a note, or asked); never a "
                      "CPU-only port that drops the partition's GPU silently."]),
    case(fam("umn-msi-a100-4-bash-l-conda-activate-parent-dir-python", "slurm"),
         "Ashutoshknehete/polymer-md", "job_gpu.slurm",
         "University of Minnesota MSI (partition a100-4)", "umn-msi",
         ["bash-l", "conda-activate-no-module", "parent-dir-program", "cd-submit-dir"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="../analysis.py", args=[],
         setup=[S("cd $SLURM_SUBMIT_DIR", "required"), S("conda activate md")],
         source_only=["a100-4", "gpu:a100:1"],
         refuse_words=["a100-4", "conda"],
         assumptions=["#!/bin/bash -l, 1 h, 1 task, 4g, -p a100-4, --gres=gpu:a100:1: cd to the "
                      "submit dir, `conda activate md` (works through the login shell), `python "
                      "../analysis.py` (a script one level up). Right: 1 process on 1 GPU, the "
                      "relative ../ program kept with the submit-dir cd, bash -l kept (or the conda "
                      "init made explicit), the partition replaced."]),
    case(fam("princeton-mig-array-1-4-anaconda-task-id-in-args", "slurm"),
         "YongweiChe/hyperbolic-gcrl", "job_gpu.slurm",
         "Princeton Research Computing (partition mig: an A100 MIG slice; anaconda3/2023.3)",
         "princeton-rc",
         ["job-array", "array-task-id-arg", "mig-partition", "module-anaconda", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--project", '"exp_vs_hyp"', "--custom", '"$SLURM_ARRAY_TASK_ID"', "--hyperbolic",
               "True", "--embedding_dim", "16", "--num_epochs=256", "--maze_type", '"pyramid"',
               "--gamma", "0.01", "--num_workers", "8"],
         setup=[S("conda activate hypll")],
         source_only=["--partition=mig", "module load anaconda3/2023.3"],
         refuse_words=["array", "SLURM_ARRAY_TASK_ID", "mig", "MIG"],
         assumptions=["1 node, 1 task, 1 CPU, --gres=gpu:1 on the mig partition (a MIG slice of an "
                      "A100), 8 h, --array=1-4: module purge, anaconda3/2023.3, conda activate, "
                      "`python train.py ... --custom \"$SLURM_ARRAY_TASK_ID\" ... --num_workers 8`. "
                      "Right: a 4-task array (or its target equivalent: PBS -J with "
                      "$PBS_ARRAY_INDEX) of 1 process on 1 GPU each, every argument kept, the MIG "
                      "partition mapped to a target GPU with a note; 8 workers on 1 CPU noted."]),
    case(fam("alliance-narval-a100-scratch-venv-slurm-tmpdir-stage-srun-python-m-override", "slurm"),
         "Leon-afk1/NoduLoCC2026", "train_gpu.slurm",
         "Digital Research Alliance of Canada, Narval (account def-zonata, --gpus=a100:1, "
         "$SCRATCH, $SLURM_TMPDIR)", "alliance-narval",
         ["slurm-tmpdir-staging", "srun-python-m", "scratch-venv", "hf-offline-caches",
          "set-euo-pipefail", "override-arg", "continuation-line"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="nodulocc.cli", module=True,
         args=["train", "--config", "configs/r3_b4_bce_no_posw.yaml", "--override",
               'data.dataset_root="$SLURM_TMPDIR/nodulocc_dataset"'],
         setup=[S("source .venv/bin/activate"), S('cp "$DATASET_TAR" "$SLURM_TMPDIR/"'),
                S("tar -xf nodulocc_dataset.tar"), S("export HF_HUB_OFFLINE=1"),
                S("export WANDB_MODE=offline")],
         source_only=["module load StdEnv/2023", "module load python/3.14.2", "a100:1"],
         accounts=["def-zonata"],
         refuse_words=["SLURM_TMPDIR", "$SCRATCH", "StdEnv"],
         assumptions=["--gpus=a100:1, 8 CPUs, 32G, 6 h, account def-zonata, set -euo pipefail: "
                      "StdEnv/2023 and python modules, cd $SCRATCH/NoduLoCC2026, a .venv there, HF/"
                      "timm caches under $SCRATCH (offline), W&B offline, the dataset tar copied to "
                      "and extracted in $SLURM_TMPDIR, then `srun python -m nodulocc.cli train "
                      "--config ... --override data.dataset_root=\"$SLURM_TMPDIR/nodulocc_dataset\"`. "
                      "Right: 1 rank on 1 GPU, -m kept, the staging kept with $SLURM_TMPDIR mapped to "
                      "the target's node-local directory (named), $SCRATCH mapped or named, the "
                      "Alliance modules and account replaced."]),
    case(fam("alliance-h100-mig-slice-gpus-venv-inline-torch-check-srun-python-u-m", "slurm"),
         "paabL/NOMAD_RL_clean", "train_gpu.slurm",
         "Digital Research Alliance of Canada, Rorqual (account def-kuzhang_gpu, --gpus=h100_1g.10gb: "
         "a MIG slice)", "alliance-rorqual",
         ["mig-slice-gpus", "positional-default-config", "srun-python-m", "inline-python-c-check",
          "set-euo-pipefail", "home-venv"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="NOMAD_RC5.training", module=True, args=['"$CONFIG"'],
         vars={"CONFIG": "configs/rc5_rorqual.json"},
         setup=[S("source ~/envs/nomad_rl/bin/activate"), S('cd "$SLURM_SUBMIT_DIR"', "required"),
                S("mkdir -p logs")],
         source_only=["h100_1g.10gb:1", "module load python/3.11"],
         accounts=["def-kuzhang_gpu"],
         refuse_words=["MIG", "h100_1g.10gb", "CONFIG", "$1"],
         assumptions=["--gpus=h100_1g.10gb:1 (one 10 GB MIG slice of an H100), 2 CPUs, 32000M, 24 h, "
                      "logs/ in the directives (created later in the job), set -euo pipefail: python "
                      "module, a venv under ~, CONFIG=${1:-configs/rc5_rorqual.json}, thread exports, "
                      "a `python -c` torch check, then `srun python -u -m NOMAD_RC5.training "
                      "\"$CONFIG\"`. Right: 1 rank on 1 GPU (a whole GPU or a slice on the target, "
                      "with a note), -m and -u kept, CONFIG kept with its default, the account "
                      "replaced."]),
    case(fam("washu-ris-pyxis-container-image-mounts-workdir-python3-main", "slurm"),
         "Siyuan-Shen/Daily_NA_PM25", "run_gpu.slurm",
         "Washington University RIS Compute2 (partition general-gpu, pyxis container directives, "
         "/storage1)", "washu-ris",
         ["pyxis-container-directives", "container-mounts", "one-process-four-gpus",
          "rsync-snapshot", "walltime-14-days", "exclude-nodes", "verbose-sbatch"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="main.py", args=[],
         container_image="syword/python3-pytorch:2025.06",
         setup=[S("export WANDB_DIR=/my-projects2/tmp/wandb_dir"), S("cd $SNAPSHOT_DIR")],
         source_only=["--container-image=syword/python3-pytorch:2025.06",
                      "--container-mounts=/storage1/fs1/rvmartin/Active/s.siyuan:/my-projects",
                      "general-gpu", "--exclude=c2-gpu-[013,014]"],
         refuse_words=["container-image", "container-mounts", "/storage1", "pyxis", "14"],
         assumptions=["1 node, 1 task, --gpus=4, 800G, 14 days, -vvv, node exclusions, and "
                      "--container-image/--container-mounts/--container-workdir directives (pyxis: "
                      "the whole batch script runs inside syword/python3-pytorch:2025.06 with "
                      "/storage1 mounted at /my-projects*): W&B/tmp dirs, an rsync snapshot of the "
                      "code, a random sleep, nvidia-smi, `python3 main.py` (one process that sees 4 "
                      "GPUs). Right: one process with 4 GPUs inside the image on a target that can "
                      "run it (apptainer exec with the mounts as binds), or a refusal naming the "
                      "pyxis directives; the 14-day walltime capped with a note."]),
    case(fam("gpu-partition-abs-interpreter-var-four-timed-renders-heredoc-compare", "slurm"),
         "jmholton/xtal-loop-sim", "run_gpu.slurm",
         "a lab Slurm cluster (partition gpu, /programs shared software; LBNL crystallography)",
         "slurm-lab-gpu",
         ["interpreter-in-variable", "time-prefix", "four-stage-runs", "heredoc-python",
          "abs-home-paths", "cpu-and-gpu-runs"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="render.py",
         args=["scene.yaml", "--device", "cpu", "--n-cond", "1", "--output", "scene_ref1.png"],
         other_runs=[R("render.py", ["scene.yaml", "--device", "cuda", "--n-cond", "1", "--output",
                                     "scene_optim1.png"]),
                     R("render.py", ["scene.yaml", "--device", "cpu", "--n-cond", "7", "--output",
                                     "scene_ref.png"]),
                     R("render.py", ["scene.yaml", "--device", "cuda", "--n-cond", "7", "--output",
                                     "scene_optim.png"])],
         keep_text=["time $PT", "$PT - <<'PYEOF'"],
         setup=[S("cd /home/jamesh/projects/loop_sim/claude")],
         source_only=["PT=/programs/pytorch/envs/pt/bin/python"],
         refuse_words=["/programs", "PT", "/home/jamesh"],
         assumptions=["-p gpu, 1 node, 1 task, --gres=gpu:1, log under /home/jamesh: "
                      "PT=/programs/pytorch/envs/pt/bin/python (the site's interpreter), cd to an "
                      "absolute home path, four `time $PT render.py scene.yaml --device cpu|cuda "
                      "--n-cond 1|7 --output ...` runs, then `$PT - <<'PYEOF'` comparing the PNGs. "
                      "Right: all four runs and the heredoc kept in order on 1 GPU, the /programs "
                      "interpreter named (replaced by the target's python with a note, or asked), "
                      "the absolute paths named."]),
    case(fam("gpu-best-partition-cuda-module-scratch-venv-python-main-train", "slurm"),
         "mehdikalla/unrolling_GPU", "run_gpu.slurm",
         "a Slurm cluster with a `gpu-best` partition (a French university cluster)", "slurm-gpu-best",
         ["set-euo-pipefail", "module-cuda", "scratch-venv", "abs-scratch-logs",
          "continuation-lines", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["--function", "train", "--device", "cuda", "--number_layers", "10",
               "--number_pd_layers", "10", "--epochs", "50", "--lr", "9e-3", "--train_batch_size",
               "10"],
         setup=[S("cd /scratch/mkalla/unrolling_GPU"), S("source gpu_env/bin/activate"),
                S("export MPLBACKEND=Agg")],
         source_only=["gpu-best", "module load cuda/12.5"],
         refuse_words=["/scratch/mkalla", "gpu-best"],
         assumptions=["--gres=gpu:1, 2 CPUs, 8G, 2.5 h, -p gpu-best, logs under /scratch/mkalla, set "
                      "-euo pipefail: module purge, cuda/12.5, MPLBACKEND=Agg, cd to /scratch, a venv "
                      "there, `python main.py --function train --device cuda ...`. Right: 1 process "
                      "on 1 GPU with every argument kept, the /scratch paths named, the module and "
                      "partition replaced."]),
    case(fam("tamu-grace-a100-module-restore-scratch-venv-pythonpath-python-train", "slurm"),
         "shubham-mhaske/vfm_project", "run_gpu.slurm",
         "Texas A&M HPRC Grace (partition gpu, a100, $SCRATCH)", "tamu-grace",
         ["module-restore-collection", "scratch-venv", "pythonpath-export", "days-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/train_sam.py", args=["-c", "bcss_finetune_best"],
         setup=[S("source $SCRATCH/vfm_env/bin/activate"), S("cd $SCRATCH/vfm_project"),
                S('export PYTHONPATH="$SCRATCH/vfm_project:$SCRATCH/vfm_project/sam2:$PYTHONPATH"')],
         source_only=["module restore dl", "gpu:a100:1"],
         refuse_words=["module restore", "$SCRATCH"],
         assumptions=["1 node, 1 task a node, 32 CPUs, 128G, --gres=gpu:a100:1, -p gpu, 36 h: "
                      "`module restore dl` (a saved user module collection), a venv under $SCRATCH, "
                      "cd, PYTHONPATH, `python src/train_sam.py -c bcss_finetune_best`. Right: 1 "
                      "process on 1 GPU, the saved collection named (it does not exist on the "
                      "target), $SCRATCH mapped or named, the partition replaced."]),
    case(fam("usc-carc-singularity-exec-nv-home-bind-env-python-m-hydra", "slurm"),
         "szhaovas/MO-CMA-MAE", "run_gpu.slurm",
         "USC CARC Discovery (account nikolaid_548, partition gpu, module usc)", "usc-carc",
         ["singularity-exec-nv", "home-override", "container-env-list", "python-m-hydra-args",
          "relative-sif", "jax-xla-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src.main", module=True,
         args=["num_trials=1", "env=overcooked", "dask=32_cpu", "alg=nsga2", "seed=42"],
         framework="jax", container_image="gpu_container.sif",
         keep_text=["--env MALLOC_TRIM_THRESHOLD_=0,XLA_PYTHON_CLIENT_PREALLOCATE=false",
                    "-H $PWD:/home"],
         source_only=["module load usc", "module load cuda/12.2.1", "gpu_container.sif"],
         accounts=["nikolaid_548"],
         refuse_words=["singularity", "gpu_container.sif", "container"],
         assumptions=["1 node, 1 task a node, 32 CPUs x 4GB, 48 h, --gres=gpu:1, account "
                      "nikolaid_548: usc/gcc/cuda modules, `singularity exec --nv -H $PWD:/home --env "
                      "MALLOC_TRIM_THRESHOLD_=0,XLA_PYTHON_CLIENT_PREALLOCATE=false gpu_container.sif "
                      "python -m src.main num_trials=1 ...` (a relative .sif, Hydra overrides, a "
                      "Dask pool of 32 CPUs). Right: one process on 1 GPU inside the same image with "
                      "-H and --env kept (apptainer on the target), or a refusal naming the image; "
                      "the account and modules replaced."]),
    case(fam("course-gpu-partition-dotenv-set-a-drive-loop-download-train", "slurm"),
         "DivyanshChoudhary391/nih-chestxray-hpc", "run_gpu.slurm",
         "a university Slurm cluster (partition gpu, module python/conda-python/3.7; a course "
         "project)", "slurm-course-gpu",
         ["dotenv-set-a", "loop-download-train", "home-venv", "bash-helper-script",
          "repeated-final-run"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_chunked.py", args=[],
         keep_text=['bash download_from_drive.sh "$FILE_ID"', "for FILE_ID in $NIH_DRIVE_FILE_IDS; do"],
         setup=[S("cd ~/nih-chestxray-hpc"), S("source venv/bin/activate"), S("source .env")],
         source_only=["module load python/conda-python/3.7", "module load cuda"],
         refuse_words=[".env", "NIH_DRIVE_FILE_IDS", "download"],
         assumptions=["-p gpu, --gres=gpu:1, 8 CPUs, 32G, 8 h: module purge, conda-python/3.7 and "
                      "cuda modules, cd ~/nih-chestxray-hpc, a venv, `set -a; source .env; set +a` "
                      "(the Drive file ids and any credentials), a loop that downloads each chunk "
                      "with a helper script and runs `python train_chunked.py`, then one more run. "
                      "Right: the loop, helper and .env kept in order, 1 process on 1 GPU at a time, "
                      "the network download from a compute node named as a risk on targets without "
                      "outbound access."]),
    case(fam("polaris-run-next-mofka-bedrock-daq-dist-sirt-den-mpiexec-hosts-pipeline", "pbs"),
         "diaspora-project/aps-mini-apps", "polaris.sh",
         "ALCF Polaris (filesystems home:eagle, cxi fabric, spack env under /eagle; queue run_next, "
         "no select or project line)", "polaris",
         ["mpmd-pipeline", "mpiexec-hosts-per-stage", "background-server", "wait-for-file",
          "node-roles-from-nodefile", "spack-env", "no-select", "printenv-banner", "loops"],
         launch_model="per_rank", launcher="mpiexec", total_ranks="unknown", nodes=None,
         gpus_per_node=4,
         program="./build/bin/sirt_stream", args=[],
         expect="refuse",
         setup=[S("cd $PBS_O_WORKDIR", "required"), S("spack env activate APS")],
         source_only=[". /eagle/radix-io/agueroudji/spack/share/spack/setup-env.sh",
                      "export FI_PROVIDER=cxi", "run_next"],
         refuse_words=["pipeline", "bedrock", "mofka", "--hosts", "hostfile", "select", "stages"],
         assumptions=["PBS on Polaris (2 h, -q run_next, filesystems=home:eagle; no -l select, no "
                      "-A): PrgEnv-gnu, a spack env under /eagle, FI_PROVIDER=cxi, a cxi_service "
                      "check over all nodes, node roles taken from $PBS_NODEFILE (mofka server, DAQ, "
                      "distributor, denoiser, the rest for SIRT), a backgrounded `mpiexec ... "
                      "--hosts $node_mofka bedrock cxi -c config.json`, waiting for mofka.json, "
                      "mofkactl topic/partition set-up in loops, then four mpiexec stages pinned to "
                      "hosts (`--hosts`, `--hostfile sirt_file`, --no-vni). Right: a refusal naming "
                      "the multi-stage pipeline bound to named nodes (and the missing select), or a "
                      "port that keeps every stage with its node roles mapped to the target's "
                      "allocation; never one launch for the whole job."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
