"""Write bench/unseen28/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen26 (bench/unseen6/make_common.py).
Usage: python bench/unseen28/make_cases.py /work/cache/unseen28 bench/unseen28/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("bluewaters-captioning", "pbs"),
         "davinhill/Convolution_Captioning", "run.pbs",
         "NCSA Blue Waters (Torque; an XK node with one GPU; aprun; a training allocation under /u/training/instr030)", "ncsa-bluewaters",
         ["aprun-launch", "xk-node-feature", "pbs-jobid-in-log-names", "module-init-sourced", "program-under-home-scratch", "mail-bea"],
         launch_model="per_rank", launcher="aprun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="~/scratch/Convolution_Captioning/train.py", args=["--num_epochs", "2"],
         keep_text=["--num_epochs 2"],
         setup=[S("cd /u/training/instr030/code_directory")],
         source_only=["#PBS -l nodes=01:ppn=16:xk", "module load python/2.0.1", ". /opt/modules/default/init/bash"],
         refuse_words=["aprun", "xk", "/u/training/instr030", "python/2.0.1", "~/scratch"],
         assumptions=["Blue Waters: nodes=01:ppn=16:xk (one XK node, 16 cores, 1 GPU), 6 h, -e/-o named after $PBS_JOBID, mail bea: "
                      "cd /u/training/instr030/code_directory, the Cray module init sourced, module python/2.0.1 (cudatoolkit "
                      "commented out), then `aprun -n 1 -N 1 python ~/scratch/Convolution_Captioning/train.py --num_epochs 2` "
                      "(one rank). Right: 1 process on 1 GPU with the target's launcher or plain python, aprun, the xk "
                      "feature and the Blue Waters python module replaced with notes (the user's env must be named), the "
                      "~/scratch program path and the training directory named, the log names mapped to the target's job id."]),
    case(fam("osc-particlenn", "pbs"),
         "harviu/particleNN", "run.pbs",
         "Ohio Supercomputer Center (Torque nodes=1:ppn=8:gpus=1, project PAS0027, python/3.6-conda5.2 module; assumed from the account)", "osc",
         ["torque-gpus-in-nodes", "site-conda-module", "source-activate-env", "cd-home-dir", "source-deactivate-at-end"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=["--epochs", "1"],
         keep_text=["python main.py --epochs 1"],
         setup=[S("source activate vtk"), S("cd ~/fpm_code_4dim/")],
         source_only=["#PBS -l nodes=1:ppn=8:gpus=1", "module load python/3.6-conda5.2", "#PBS -l mem=16GB"],
         accounts=["PAS0027"],
         refuse_words=["PAS0027", "python/3.6-conda5.2", "vtk", "~/fpm_code_4dim"],
         assumptions=["OSC (Torque): 1 h, nodes=1:ppn=8:gpus=1, 16GB, -A PAS0027, -j oe, mail abe: the site python/3.6-conda5.2 module, "
                      "`source activate vtk`, cd ~/fpm_code_4dim/, `python main.py --epochs 1`, `source deactivate`. Right: 1 "
                      "process on 1 GPU, the env (vtk, built on the OSC conda module) named or kept with a note, the module and "
                      "account replaced, the home directory kept or named."]),
    case(fam("imperial-idc-unet", "pbs"),
         "akiraawan/IDC_Group1", "run.pbs",
         "Imperial College London RCS (PBS Pro; select with gpu_type=RTX6000 and cpu_type=rome; tools/prod modules)", "imperial-cx3",
         ["pbs-select-gpu-type-cpu-type", "site-easybuild-modules", "relative-venv", "pip-install-in-job", "cd-pbs-workdir"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="run.py", args=[],
         keep_text=["python3 run.py"],
         setup=[S("cd $PBS_O_WORKDIR"), S("source .venv/bin/activate"), S("python3 -m pip install -r requirements.txt")],
         source_only=["module add tools/prod", "module add Python/3.11.3-GCCcore-12.3.0", "module add virtualenv/20.23.1-GCCcore-12.3.0", "gpu_type=RTX6000"],
         refuse_words=["PBS_O_WORKDIR", "RTX6000", "tools/prod", ".venv", "pip install"],
         assumptions=["Imperial RCS: select=1:ncpus=4:mem=96gb:ngpus=1:gpu_type=RTX6000:cpu_type=rome, 24 h, -N unet: cd $PBS_O_WORKDIR, "
                      "module purge, tools/prod, Python/3.11.3 and virtualenv modules, `source .venv/bin/activate` (a venv built on "
                      "that Python module), `python3 -m pip install -r requirements.txt` inside the job, then `python3 run.py`. "
                      "Right: 1 process on 1 GPU, $PBS_O_WORKDIR mapped to the submit directory on a Slurm target, the modules "
                      "replaced (the venv is tied to them: named), the pip install kept or said to need network on the compute "
                      "node, the GPU type named."]),
    case(fam("hse-graph-coder", "slurm"),
         "gaarutyunov/graph-coder", "scripts/train.sbatch",
         "HSE University cHARISMa (--constraint type_a|type_b|type_c; assumed from the constraint names and the author's earlier hse.ru mail)", "hse-charisma",
         ["positional-args-root-and-rest", "constraint-node-types", "sourced-prepare-script", "gpus-per-node1", "env-prefix-on-command", "license-header"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="graph_coder.run", args=["--root", "$1", "${@:2}"],
         keep_text=["ACCELERATE_LOG_LEVEL=DEBUG python -m graph_coder.run"],
         setup=[S("chmod +x ./scripts/prepare.sh"), S("source ./scripts/prepare.sh")],
         source_only=['--constraint="type_a|type_b|type_c"'],
         refuse_words=["$1", "prepare.sh", "type_a", "positional"],
         assumptions=["An Apache license header, then mail ALL, logs under logs/slurm/train/, --constraint=\"type_a|type_b|type_c\", "
                      "--gpus-per-node=1, 1 node, 1 CPU a GPU, 7 days: chmod and source ./scripts/prepare.sh (modules and the venv, "
                      "in another file), then `ACCELERATE_LOG_LEVEL=DEBUG python -m graph_coder.run --root \"$1\" \"${@:2}\"` "
                      "(the root and the rest come from sbatch's command line). Right: 1 process on 1 GPU, the positional "
                      "arguments kept as submit-time inputs (or asked for), prepare.sh named as site setup to check, the "
                      "constraint replaced with a note."]),
    case(fam("hai-brave", "slurm"),
         "pnlong/BRAVE", "scripts/train.sbatch",
         "A lab Slurm cluster (account hai-res, partition hai-res-l40s, qos hai-res-main, /data/hai-res; not named)", "hai-res",
         ["required-env-vars", "env-default-knobs", "sourced-env-and-slurm-helpers", "gpu-args-from-helper-function", "two-programs-in-sequence", "bash-array-args", "export-all"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="RAVE/scripts/train.py", args=["${TRAIN_ARGS[@]}"],
         other_runs=[R("scripts/lmdb_duration.py", ["${DB_PATH}"])],
         keep_text=['python RAVE/scripts/train.py "${TRAIN_ARGS[@]}"', ': "${DB_PATH:?'],
         setup=[S("set -euo pipefail"), S('source "${BRAVE_ROOT}/scripts/load_env.sh"'), S('source "${BRAVE_ROOT}/scripts/slurm_env.sh"'),
                S("slurm_build_gpu_train_args GPU_TRAIN_ARGS"), S('cd "${BRAVE_ROOT}"')],
         source_only=["--partition=hai-res-l40s", "--qos=hai-res-main"],
         accounts=["hai-res"],
         refuse_words=["DB_PATH", "RUN_NAME", "/data/hai-res", "slurm_env.sh", "hai-res-l40s"],
         assumptions=["23:59:59, 8 CPUs, 32G, --gres=gpu:1, --export=ALL, -A hai-res, partition hai-res-l40s, qos hai-res-main: set -euo "
                      "pipefail, DB_PATH and RUN_NAME required (`: \"${DB_PATH:?...}\"`), BRAVE_ROOT defaulting to /data/hai-res/..., "
                      "load_env.sh sourced, knobs with defaults (CONFIG, OUT_PATH, BATCH, ...), slurm_env.sh sourced and "
                      "slurm_build_gpu_train_args filling GPU_TRAIN_ARGS from the allocation (a comment says more GPUs may be asked "
                      "at sbatch time), cd, echoes, `python scripts/lmdb_duration.py \"${DB_PATH}\"`, then `python "
                      "RAVE/scripts/train.py \"${TRAIN_ARGS[@]}\"` (array with optional resume/ckpt flags). Right: both runs kept in "
                      "order as 1 process on 1 GPU, the required variables kept as submit-time inputs, the sourced helpers named "
                      "(they read Slurm variables), the account, partition and qos replaced."]),
    case(fam("mila-safevla", "slurm"),
         "rdesc/SafeVLA", "scripts/train.sbatch",
         "Mila (gres a100l, partition short-unkillable, /network/scratch, node exclusions cn-g...)", "mila",
         ["singularity-exec-nv-cleanenv", "binds-and-env-flags", "wrapper-script-in-container", "one-process-four-gpus", "requeue", "exclude-nodelist", "set-euo"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="scripts/train.sh",
         args=["--task_type", "objectnav", "--il_ckpt_path", "/root/data/models/spoc_IL/model.ckpt", "--output_dir", "${OUTPUT_DIR}",
               "--dataset_dir", "/root/data/training_data/astar/", "--num_train_processes", "24", "--grpo_num_generations", "6",
               "--tag", "${EXP_NAME}", "--max_stage_steps", "10000000", "--max_steps", "300"],
         keep_text=["singularity exec --nv --cleanenv", "${CODE_PATH}/safevla.sif", "CUDA_VISIBLE_DEVICES=0,1,2,3 bash scripts/train.sh"],
         setup=[S("set -euo pipefail"), S("rm -f ~/.ai2thor/cuda-vulkan-mapping.json"), S("module load singularity")],
         source_only=["--partition=short-unkillable", "--gres=gpu:a100l:4", "--exclude=cn-g[001-007,009-010,014,017-020,022,024,027]"],
         refuse_words=["/network/scratch", "a100l", "singularity", "safevla.sif", "--exclude"],
         assumptions=["24 CPUs, 128G, 3 h, --requeue, --gres=gpu:a100l:4, partition short-unkillable, a node exclusion list: variables "
                      "(code and data under /network/scratch/d/deschaer, wandb entity, HF/torch caches), a stale ai2thor file "
                      "removed, module singularity, then one `singularity exec --nv --cleanenv` with four binds and many --env "
                      "flags running `/bin/bash -lc \"cd /root/SafeVLA && CUDA_VISIBLE_DEVICES=0,1,2,3 bash scripts/train.sh ...\"` "
                      "(a wrapper inside the container using the 4 GPUs). Right: one container process on one node with 4 GPUs, "
                      "the container runtime of the target (apptainer/podman-hpc/shifter) or a note, the binds kept with the "
                      "/network/scratch paths named, the partition, a100l type and exclusion list replaced with notes."]),
    case(fam("vla0-accelerate", "slurm"),
         "josephdutoit/vla-interp", "scripts/train.sbatch",
         "An unnamed Slurm cluster (8 GPUs, 112 CPUs and 1TB on one node; no partition or account)", "unnamed-8gpu",
         ["accelerate-launch-num-processes8", "relative-cd-up", "relative-venv", "commented-module-lines", "no-final-newline"],
         launch_model="launcher", launcher="accelerate", total_ranks=8, nodes=1, gpus_per_node=8,
         program="scripts/train.py",
         args=["--config", "configs/vla0.yaml", "--output_dir", "./logs/runs/vla0_sft-lr4e-5-gradclip", "--run-name",
               "vla0_sft-lr4e-5-gradclip", "--max-grad-norm", "1.0"],
         keep_text=["accelerate launch --num_processes=8 scripts/train.py"],
         setup=[S("export WANDB_PROJECT=vla0"), S("cd ../"), S("source .venv/bin/activate")],
         source_only=["--mem=1TB", "--cpus-per-task=112"],
         refuse_words=["cd ../", "1TB", "num_processes=8", ".venv"],
         assumptions=["--gpus=8, 112 CPUs, 1TB, 7 days, 1 node, logs/%j: module lines commented out, WANDB_PROJECT, `cd ../` (relative "
                      "to the submit directory), a relative .venv, then `accelerate launch --num_processes=8 scripts/train.py "
                      "--config configs/vla0.yaml ... --max-grad-norm 1.0` (no final newline). Right: 8 workers on one node with "
                      "8 GPUs (the target's GPUs a node, with a note where it has 4), the relative cd and venv kept, the memory "
                      "and CPU request fitted to the target."]),
    case(fam("ntnu-idun-breast-mri", "slurm"),
         "konradhj/ComputerVision", "jobs/train.slurm",
         "NTNU IDUN (partition GPUQ, account share-ie-idi, /cluster/work, Anaconda3 module)", "ntnu-idun",
         ["site-anaconda-module", "conda-activate-env", "python-c-gpu-check", "banner-echoes", "sh-shebang", "absolute-work-dirs"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="scripts/train.py", args=["--config", "configs/idun.yaml"],
         keep_text=["python scripts/train.py --config configs/idun.yaml"],
         setup=[S("cd ${SLURM_SUBMIT_DIR}"), S("mkdir -p /cluster/work/konradj/breast_mri/outputs/checkpoints"), S("module purge"), S("conda activate breast_mri")],
         source_only=["--partition=GPUQ", "module load Anaconda3/2023.09-0"],
         accounts=["share-ie-idi"],
         refuse_words=["GPUQ", "share-ie-idi", "/cluster/work", "Anaconda3/2023.09-0", "breast_mri"],
         assumptions=["#!/bin/sh; -A share-ie-idi, 8 h, GPUQ, --gres=gpu:1, 32G, 8 CPUs, logs/, mail: banner echoes, cd ${SLURM_SUBMIT_DIR}, "
                      "mkdir logs and a checkpoint dir under /cluster/work, module purge, the site Anaconda3 module, `conda activate "
                      "breast_mri`, a `python -c` CUDA check, then `python scripts/train.py --config configs/idun.yaml`. Right: 1 "
                      "process on 1 GPU, the conda env named (built on the IDUN module), the /cluster/work path named, the "
                      "partition, account and module replaced."]),
    case(fam("face-occ-3090-uv", "slurm"),
         "mohammed-elamine/face-occlusion-estimation", "jobs/train.slurm",
         "A university Slurm cluster (partition 3090, /projects/share/apps, module uv; not named)", "unnamed-3090",
         ["env-default-config", "exec-tee-process-substitution", "git-info", "site-modules-python-cuda-uv", "ld-library-path-site-miniconda",
          "two-heredoc-python-checks", "command-in-variable", "relative-venv"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="scripts.training.train", args=["--config", "${CONFIG_PATH}"],
         keep_text=['TRAIN_CMD="python -m scripts.training.train --config ${CONFIG_PATH}"', 'exec > >(tee -a'],
         setup=[S("set -e"), S('cd "$SLURM_SUBMIT_DIR"'), S('export LD_LIBRARY_PATH="/projects/share/apps/miniconda3/25.5.1/lib:${LD_LIBRARY_PATH:-}"'),
                S("source .venv/bin/activate")],
         source_only=["--partition=3090", "module load python/3.11", "module load cuda/12.4", "module load uv"],
         refuse_words=["--partition=3090", "/projects/share/apps", "module load uv", "CONFIG_PATH"],
         assumptions=["Partition 3090, --gres=gpu:1, 8 CPUs, 32G, 12 h, raw logs under outputs/slurm_logs/_raw: set -e, cd the submit dir, "
                      "CONFIG_PATH and RUN_NAME from the environment with defaults, stdout/stderr also teed by `exec > >(tee -a ...)` "
                      "into a run log dir named with $SLURM_JOB_NAME and $SLURM_JOB_ID, git info, module purge + python/3.11, "
                      "cuda/12.4, uv, LD_LIBRARY_PATH to a site miniconda lib, checks (config, .venv), `source .venv/bin/activate`, "
                      "two heredoc python checks, then TRAIN_CMD=\"python -m scripts.training.train --config ${CONFIG_PATH}\" run "
                      "as ${TRAIN_CMD}. Right: 1 process on 1 GPU, CONFIG_PATH kept as a submit-time input, the Slurm variables "
                      "in the log names mapped on a PBS target, the modules and the site library path replaced with notes."]),
    case(fam("low-gn-personality", "slurm"),
         "CamillaDeMartino/personality-trait-prediction", "slurm/train.sbatch",
         "A university Slurm cluster (partition low-gn, node gn05 excluded, /opt/share/libs/nvidia; not named)", "unnamed-low-gn",
         ["exclude-node", "absolute-home-venv", "thread-exports-from-cpus", "ld-library-path-filter-stubs", "heredoc-python-check-exits", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="scripts/train.py", args=[],
         keep_text=["python scripts/train.py"],
         setup=[S("set -euo pipefail"), S('cd "$PROJECT_DIR"'), S('source "$VENV_DIR/bin/activate"'),
                S("export LD_LIBRARY_PATH=/opt/share/libs/nvidia/cuda-12.8.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}")],
         source_only=["--partition=low-gn", "--exclude=gn05"],
         refuse_words=["low-gn", "gn05", "/home/c.demartino", "/opt/share/libs/nvidia"],
         assumptions=["Partition low-gn, --exclude=gn05, --gres=gpu:1, 8 CPUs, 32G, 3 days: set -euo pipefail, a project dir and venv under "
                      "/home/c.demartino, thread counts from SLURM_CPUS_PER_TASK, LD_LIBRARY_PATH prepended with a site CUDA 12.8 "
                      "lib then filtered of stubs, echoes, nvidia-smi, a heredoc python check that exits when CUDA is missing, then "
                      "`python scripts/train.py` (no final newline). Right: 1 process on 1 GPU, the venv and home paths named, the "
                      "site CUDA path replaced by the target's CUDA module with a note, partition and exclusion replaced."]),
    case(fam("jsc-booster-matbind-21nodes", "slurm"),
         "HFMI-SOL-AI/MatBind", "slurm/train.sbatch",
         "Jülich Supercomputing Centre JUWELS Booster (account solai, partition booster, /p/project1; SYSTEMNAME check)", "jsc-juwels-booster",
         ["multi-node-21", "srun-per-gpu-tasks", "master-addr-scontrol", "systemname-hostname-suffix-i", "cuda-visible-devices-fixed",
          "offline-env", "abs-venv-project", "positional-passthrough", "hydra-overrides", "trailing-commented-continuation-lines", "line-of-spaces"],
         launch_model="per_rank", launcher="srun", total_ranks=84, nodes=21, gpus_per_node=4,
         program="experiments/train.py", args=["$@", "trainer.num_nodes=${SLURM_JOB_NUM_NODES}"],
         keep_text=['MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)"', 'MASTER_ADDR="$MASTER_ADDR"i'],
         setup=[S('export SRUN_CPUS_PER_TASK="$SLURM_CPUS_PER_TASK"'), S("export CUDA_VISIBLE_DEVICES=0,1,2,3"), S("export NCCL_IB_DISABLE=1"),
                S("export WANDB_MODE=offline"), S('cd "${PROJECT_ROOT}"'), S('source "${PYTHON_ENVIRONMENT}"')],
         source_only=["--partition=booster", "--threads-per-core=1"],
         accounts=["solai"],
         refuse_words=["booster", "solai", "/p/project1", "SYSTEMNAME", "juwelsbooster"],
         assumptions=["JUWELS Booster: -A solai, 21 nodes x 4 tasks, 12 CPUs a task, 1 thread a core, 24 h, partition booster (no GPU "
                      "directive: Booster nodes have 4 GPUs), logs under slurm/logs: SRUN_CPUS_PER_TASK, MASTER_ADDR from scontrol "
                      "with an `i` appended on JSC systems (a SYSTEMNAME test), CUDA_VISIBLE_DEVICES=0,1,2,3, offline transformers "
                      "and wandb, NCCL_IB_DISABLE=1, a venv under /p/project1, then `srun --nodes=$SLURM_JOB_NUM_NODES --gres=gpu:4 "
                      "--ntasks-per-node=4 --cpus-per-task=4 --cpu-bind=none python ${PYTHON_SCRIPT} \"$@\" "
                      "trainer.num_nodes=${SLURM_JOB_NUM_NODES}` (84 ranks, one a GPU; the two lines after it are comments, so "
                      "the command ends there). Right: 84 ranks on 21 nodes with 4 GPUs each via the target's launcher, the "
                      "JSC-only hostname suffix dropped or noted, MASTER_ADDR derived on the target, the account, partition and "
                      "/p/project1 paths named."]),
    case(fam("utah-chpc-medquant", "slurm"),
         "Endlesscrazz/MedQuant", "slurm/train.sbatch",
         "University of Utah CHPC (account and partition yqu-gpu-np, gres a800, /scratch/general/vast, /uufs/chpc.utah.edu)", "utah-chpc",
         ["positional-args-with-defaults", "conditional-flag-expansion", "offline-hf-env", "abs-venv", "abs-scratch-logs", "mail"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src/train/train.py", args=["--config", "${CONFIG}", "${DRY_RUN:+--dry-run}"],
         keep_text=["CONFIG=${1:-${PROJECT}/config/gpu_config.yaml}", "python src/train/train.py"],
         setup=[S("set -euo pipefail"), S("export HF_HOME=${SCRATCH}/hf_cache"), S("export TRANSFORMERS_OFFLINE=1"),
                S("source ${PROJECT}/medq_env/bin/activate"), S("mkdir -p ${SCRATCH}/logs"), S("cd ${PROJECT}")],
         source_only=["--partition=yqu-gpu-np", "--gres=gpu:a800:1", "module load cuda/12.1"],
         accounts=["yqu-gpu-np"],
         refuse_words=["yqu-gpu-np", "a800", "/uufs/chpc.utah.edu", "/scratch/general/vast", "$1"],
         assumptions=["CHPC: -A/-p yqu-gpu-np, 1 task, 8 CPUs, 80G, --gres=gpu:a800:1, 8 h, logs under /scratch/general/vast, mail: set -euo "
                      "pipefail, module cuda/12.1, SCRATCH and PROJECT paths, HF caches and offline flags, a venv under /uufs, "
                      "CONFIG=${1:-...} and DRY_RUN=${2:-} from positional arguments, echoes, cd ${PROJECT}, then `python "
                      "src/train/train.py --config \"${CONFIG}\" ${DRY_RUN:+--dry-run}`. Right: 1 process on 1 GPU, the "
                      "positional arguments kept, the Utah paths named, the account/partition and the a800 type replaced."]),
    case(fam("h100-seed-loop", "slurm"),
         "GCVCG/MomentAux", "slurm/train.sbatch",
         "A Slurm cluster with H100 and H200 gres types and a 2-running-job QOS (not named)", "unnamed-h100",
         ["seed-loop-over-positionals", "config-first-positional-shift", "gres-typed-h100", "no-env-activation"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py", args=["--config", "${CONFIG}", "--seed", "${SEED}"],
         keep_text=['for SEED in "$@"; do', 'CONFIG="$1"; shift'],
         setup=[S("set -euo pipefail")],
         source_only=["--gres=gpu:h100:1"],
         refuse_words=["$1", "SEED", "h100", "positional"],
         assumptions=["--gres=gpu:h100:1, 8 CPUs, 32G, 48 h, logs under slurm/logs: set -euo pipefail, CONFIG=\"$1\"; shift, echoes, "
                      "nvidia-smi, then a loop `for SEED in \"$@\"` running `python train.py --config \"${CONFIG}\" --seed "
                      "\"${SEED}\"` one after another on the one GPU. No environment is activated. Right: the loop kept (several "
                      "sequential 1-GPU runs), the positional config and seeds kept as submit-time inputs, the h100 type "
                      "replaced (an H100 where the target has one, or a note), a note that no env is set up."]),
    case(fam("rtx6000-brainmri", "slurm"),
         "ALIUD1/Socr_2026", "scripts/train.sbatch",
         "A university Slurm cluster (account dinov_owned1, partition gpu-rtx6000; not named)", "unnamed-rtx6000",
         ["site-python-module", "home-venv", "cd-home-dir", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="scripts/train.py", args=[],
         keep_text=["python -u scripts/train.py"],
         setup=[S("source ~/envs/brainmri/bin/activate"), S("cd ~/Summer2026")],
         source_only=["--partition=gpu-rtx6000", "module load python"],
         accounts=["dinov_owned1"],
         refuse_words=["dinov_owned1", "gpu-rtx6000", "~/envs/brainmri", "~/Summer2026"],
         assumptions=["-A dinov_owned1, partition gpu-rtx6000, --gres=gpu:1, 8 CPUs, 64G, 30 h, outputs/train_%j.log: module python, a venv "
                      "under ~/envs, cd ~/Summer2026, then `python -u scripts/train.py` (no final newline). Right: 1 process on 1 "
                      "GPU, the venv named (tied to the site python module), the home paths kept or named, account and "
                      "partition replaced."]),
    case(fam("uv-accentroute-positional", "slurm"),
         "Bestpart-Irene/accent-route", "scripts/train.sbatch",
         "A university Slurm cluster (account p2026_0038_neu, partition rtx-batch; not named)", "unnamed-rtx-batch",
         ["required-positionals-with-usage", "optional-positional", "bash-array-args", "uv-run-console-script", "cd-submit-dir-default", "non-ascii-comment"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="accentroute", args=["train", "run", "${ARGS[@]}"],
         keep_text=['uv run accentroute train run "${ARGS[@]}"', 'ARM="${1:?usage: train.sbatch <arm> <seed> [steps_c]}"'],
         setup=[S("set -euo pipefail"), S('cd "${SLURM_SUBMIT_DIR:-$PWD}"'), S("mkdir -p logs runs")],
         source_only=["--partition=rtx-batch"],
         accounts=["p2026_0038_neu"],
         refuse_words=["$1", "ARM", "SEED", "uv run", "rtx-batch"],
         assumptions=["-A p2026_0038_neu, partition rtx-batch, --gres=gpu:1, 8 CPUs, 48G, 6 h: set -euo pipefail, ARM and SEED required "
                      "positionals (`${1:?usage ...}`), STEPS_C optional, cd to the submit dir, an ARGS array (--common, --arm "
                      "configs/arms/${ARM}.yaml, --seed, optional --steps-c), then `uv run accentroute train run \"${ARGS[@]}\"` "
                      "(a console script of the uv project). Right: 1 process on 1 GPU, the positional arguments kept as "
                      "submit-time inputs, uv kept (or named as needed on the target), account and partition replaced."]),
    case(fam("caltech-cs156b", "slurm"),
         "Cdub220/CS156b", "scripts/train.sbatch",
         "Caltech HPC (Resnick; /resnick/groups/CS156b course group, partition gpu, a caltech.edu mail)", "caltech-resnick",
         ["abs-group-miniconda", "conda-activate-env", "cd-submit-dir", "nvidia-smi", "mail"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src/train.py", args=[],
         keep_text=["python -u src/train.py"],
         setup=[S("set -e"), S("mkdir -p logs"), S("source /resnick/groups/CS156b/from_central/2026/JSC/miniconda/etc/profile.d/conda.sh"),
                S("conda activate cs156b"), S('cd "$SLURM_SUBMIT_DIR"')],
         source_only=["--partition=gpu"],
         refuse_words=["/resnick/groups/CS156b", "cs156b", "SLURM_SUBMIT_DIR"],
         assumptions=["Partition gpu, 1 node, 1 task, 8 CPUs, --gres=gpu:1, 32G, 12 h, logs/, mail: set -e, mkdir logs, a group miniconda "
                      "under /resnick/groups/CS156b sourced, `conda activate cs156b`, cd $SLURM_SUBMIT_DIR, nvidia-smi, then "
                      "`python -u src/train.py`. Right: 1 process on 1 GPU, the group conda named (it does not exist on the "
                      "target), $SLURM_SUBMIT_DIR mapped on a PBS target, the partition replaced."]),
    case(fam("isi-gemma-lora", "slurm"),
         "NamanChhibbar/CD_NL2SQL", "scripts/train.sbatch",
         "USC ISI Slurm cluster (partition medium-lg, account eclair, gres rtxa6000; named in a comment)", "usc-isi",
         ["knob-variables", "date-stamped-output-dir", "relative-venv", "gres-typed-rtxa6000", "lora-unsloth"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="training/train.py",
         args=["--model-name", "${MODEL_NAME}", "--dataset-name", "${DATASET_NAME}", "--output-dir", "${OUTPUT_DIR}", "--batch-size", "${BATCH_SIZE}",
               "--gradient-accumulation-steps", "${GRADIENT_ACCUMULATION_STEPS}", "--num-train-epochs", "${NUM_TRAIN_EPOCHS}",
               "--learning-rate", "${LEARNING_RATE}", "--max-seq-length", "${MAX_SEQ_LENGTH}"],
         keep_text=["python3 training/train.py"],
         setup=[S('mkdir -p "${OUTPUT_DIR}"'), S("source .venv/bin/activate")],
         source_only=["--partition=medium-lg", "--gres=gpu:rtxa6000:1"],
         accounts=["eclair"],
         refuse_words=["medium-lg", "eclair", "rtxa6000", ".venv"],
         assumptions=["ISI: partition medium-lg, -A eclair, 1 node, 1 task, 8 CPUs, 64G, --gres=gpu:rtxa6000:1, 24 h: knob variables "
                      "(gemma-3-4b-it, wikisql, a date-stamped OUTPUT_DIR, batch, accumulation, epochs, lr, length), echoes, "
                      "mkdir, `source .venv/bin/activate`, then `python3 training/train.py --model-name \"${MODEL_NAME}\" ... "
                      "--max-seq-length ${MAX_SEQ_LENGTH}`. Right: 1 process on 1 GPU (a 48 GB-class GPU or a note), the "
                      "knobs kept, the relative venv kept, partition, account and the rtxa6000 type replaced."]),
    case(fam("wmt26-dora-requeue", "slurm"),
         "John-salvin/wmt26-indicmt-dods-iitpkd", "scripts/train.sbatch",
         "An Indian institute Slurm cluster (anaconda3-2024 module under /home/apps/compilers; IIT Palakkad assumed from the repository name)", "unnamed-iitpkd",
         ["signal-usr1-requeue", "site-anaconda-module-and-activate", "positional-args-with-defaults", "offline-hf-env", "scratch-user-paths"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src/train/train_dora.py", args=["--config", "$CONFIG", "--output_dir", "$OUTDIR", "--resume_from_checkpoint", "auto"],
         keep_text=["CONFIG=${1:-configs/base.yaml}", "python src/train/train_dora.py"],
         setup=[S("cd $SLURM_SUBMIT_DIR"), S("source /home/apps/compilers/anaconda3/2024/bin/activate"), S("conda activate wmt26"),
                S("export HF_HOME=/scratch/$USER/wmt26/hf_cache"), S("export TRANSFORMERS_OFFLINE=1")],
         source_only=["module load anaconda3-2024", "--signal=B:USR1@1800", "--partition=gpu"],
         refuse_words=["$1", "/home/apps/compilers", "USR1", "requeue", "anaconda3-2024"],
         assumptions=["Partition gpu, --gres=gpu:1, 200G, 1 task, 16 CPUs, 11:30 h, logs under /scratch/%u, --signal=B:USR1@1800 and "
                      "--requeue: cd the submit dir, the site anaconda3-2024 module and its activate script, `conda activate "
                      "wmt26`, HF caches under /scratch/$USER and offline flags, CONFIG=${1:-...} and OUTDIR=${2:-...}, then "
                      "`python src/train/train_dora.py --config $CONFIG --output_dir $OUTDIR --resume_from_checkpoint auto` (the "
                      "script has no USR1 trap: the signal reaches the batch shell). Right: 1 process on 1 GPU, the positional "
                      "arguments kept, the signal/requeue mapped (PBS has no --signal: a note) or kept on Slurm, the site conda "
                      "named, the 200G request fitted."]),
    case(fam("osu-eecs-gcn-sweep", "slurm"),
         "YosemiteSamurai/CurrentPrediction", "scripts/train.sbatch",
         "Oregon State University COE HPC (account and partition eecs, /nfs/stak/users; classgpu named in comments)", "oregon-state-coe",
         ["env-python-by-absolute-path", "module-conda-only", "comment-partition-alternatives", "abs-nfs-paths", "wandb-sweep-program"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="python/sweep.py", args=[],
         keep_text=['"$PYTHON" -u "$PROJECT_DIR/python/sweep.py"'],
         setup=[S('mkdir -p "$PROJECT_DIR/logs"')],
         source_only=["--partition=eecs", "module load conda"],
         accounts=["eecs"],
         refuse_words=["/nfs/stak/users/jonesm25", "eecs", ".conda/envs/currentprediction"],
         assumptions=["OSU COE: --gres=gpu:1, 32G, 4 h, 1 node, 1 task, 4 CPUs, -A/-p eecs (comments list classgpu, preempt, ampere), logs "
                      "under /nfs/stak/users/jonesm25: echoes, module conda, PROJECT_DIR and PYTHON (an env's python by absolute "
                      "path), mkdir, then `\"$PYTHON\" -u \"$PROJECT_DIR/python/sweep.py\"` (a training sweep). Right: 1 process on "
                      "1 GPU with the interpreter path kept or named (the env is on OSU's NFS), account/partition and module "
                      "replaced."]),
    case(fam("csail-vision-shared", "slurm"),
         "angelinaquan/3d-reconstruction", "scripts/train.sbatch",
         "MIT CSAIL (partitions vision-shared-*, csail-shared-h200; account vision-sitzmann; qos shared-if-available)", "mit-csail",
         ["partition-list", "qos-shared-if-available", "abs-python-of-another-users-env", "exec-program", "positional-passthrough", "wandb-key-comment"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src/train.py", args=["--config", "configs/default.yaml", "$@"],
         keep_text=["exec $PYTHON src/train.py"],
         setup=[S("set -euo pipefail"), S("export PYTHONUNBUFFERED=1"), S('cd "$PROJECT"'), S("mkdir -p logs checkpoints")],
         source_only=["--partition=vision-shared-l40s,vision-shared-a100,vision-shared-h100,vision-shared-h200,csail-shared-h200", "--qos=shared-if-available"],
         accounts=["vision-sitzmann"],
         refuse_words=["/data/scene-rep", "vision-sitzmann", "drifting_dd", "shared-if-available"],
         assumptions=["CSAIL: five partitions, -A vision-sitzmann, qos shared-if-available, --gres=gpu:1, 8 CPUs, 32G, 8 h, logs under "
                      "/data/scene-rep/u/aquan: set -euo pipefail, PYTHON (another user's conda env python under /data/scene-rep/u/gcaz), "
                      "PROJECT, cd, mkdir, then `exec $PYTHON src/train.py --config configs/default.yaml \"$@\"`. Right: 1 process on "
                      "1 GPU, the interpreter and project paths named, the arguments passed through, partitions, account and qos "
                      "replaced."]),
    case(fam("array-isl-diffusion", "slurm"),
         "MahadevBalla/isl-diffusion", "slurm/train.sbatch",
         "A university Slurm cluster (partition general, /home/<user>/scratch_space; not named)", "unnamed-general",
         ["array-0-3-picks-experiment", "bash-array-index", "array-index-in-job-name-and-logs", "abs-venv-checks", "offline-hf-env", "python-c-check"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="run_experiment.py", args=["train", "--exp", "$EXP_NAME"],
         keep_text=['EXP_NAME="${EXPERIMENTS[$SLURM_ARRAY_TASK_ID]}"', 'python run_experiment.py train --exp "$EXP_NAME"'],
         setup=[S("set -euo pipefail"), S('cd "$PROJECT_DIR"'), S('source "$VENV_DIR/bin/activate"'), S('export HF_HOME="$PROJECT_DIR/.cache/huggingface"')],
         source_only=["--partition=general"],
         refuse_words=["SLURM_ARRAY_TASK_ID", "--array=0-3", "/home/mahadevballa23", "%a"],
         assumptions=["--array=0-3, partition general, --gres=gpu:1, 8 CPUs, 64G, 72 h, job name and logs with %a: set -euo pipefail, "
                      "EXPERIMENTS=(4 names) indexed by $SLURM_ARRAY_TASK_ID, a project dir and venv under "
                      "/home/mahadevballa23/scratch_space with existence checks, HF offline exports, thread exports, echoes, "
                      "nvidia-smi, then `python run_experiment.py train --exp \"$EXP_NAME\"`. Right: an array of 4 one-GPU jobs "
                      "(PBS -J 0-3 with PBS_ARRAY_INDEX on a PBS target), the index mapping kept, %a in names mapped, the home "
                      "path named, the partition replaced."]),
    case(fam("lhcb-torchrun8-standalone", "slurm"),
         "mstamenk/transforming-lhcb", "jobs/train.slurm",
         "An unnamed Slurm cluster with 8-GPU nodes (no partition or account: a comment says to set them)", "unnamed-8gpu-lhcb",
         ["torchrun-standalone-nproc8", "one-task-eight-gpus", "submit-dir-required", "positional-passthrough", "no-env-activation-comment"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=1, gpus_per_node=8,
         program="python/train.py",
         args=["--config", "config/training.yaml", "--train", "outputs/ml/signed_pid_v1/train.json", "--val", "outputs/ml/signed_pid_v1/validation.json",
               "--output", "outputs/checkpoints/mc", "--device", "cuda", "--workers", "5", "$@"],
         keep_text=["torchrun --standalone --nproc-per-node=8 python/train.py"],
         setup=[S("set -euo pipefail"), S('cd "${SLURM_SUBMIT_DIR:?}"'), S("export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1")],
         source_only=["--gres=gpu:8"],
         refuse_words=["partition", "account", "activate the environment", "nproc-per-node=8"],
         assumptions=["1 node, 1 task, --gres=gpu:8, 48 CPUs, 128G, 24 h; a comment says to set partition/account and activate the env "
                      "before submission (nothing is activated in the script): set -euo pipefail, cd \"${SLURM_SUBMIT_DIR:?}\", "
                      "thread exports, then `torchrun --standalone --nproc-per-node=8 python/train.py ... \"$@\"`. Right: 8 "
                      "workers on one node with 8 GPUs (the target's GPUs a node: 4 on most of the ten, so 2 nodes or 4 workers, "
                      "said), the environment named as the user's to provide, the target's account/queue asked for."]),
    case(fam("univtac-groot-env-exec", "slurm"),
         "J1Y2003/UniVTAC", "slurm/train.sbatch",
         "An unnamed Slurm cluster (only --gres=gpu:1; everything else from the environment)", "unnamed-env",
         ["env-provided-root-and-python", "export-all", "exec-program", "positional-passthrough", "minimal-directives"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="gr00t/experiment/launch_finetune.py", args=["$@"],
         keep_text=['exec "$GROOT_PYTHON" gr00t/experiment/launch_finetune.py "$@"'],
         setup=[S("set -euo pipefail"), S('cd "$GROOT_ROOT"')],
         source_only=["--export=ALL"],
         refuse_words=["GROOT_ROOT", "GROOT_PYTHON", "--export=ALL"],
         assumptions=["Only --gres=gpu:1, logs/%x-%j, --export=ALL: set -euo pipefail, cd \"$GROOT_ROOT\", then `exec \"$GROOT_PYTHON\" "
                      "gr00t/experiment/launch_finetune.py \"$@\"` (GROOT_ROOT and GROOT_PYTHON must come from the submitting "
                      "shell). Right: 1 process on 1 GPU, the two variables kept as submit-time inputs (PBS: -V or -v), the "
                      "arguments passed through; an ask naming GROOT_ROOT/GROOT_PYTHON is also right."]),
    case(fam("kit-h100-accelerate-nvidia-smi-count", "slurm"),
         "MoritzM00/fall-detection-mllm", "slurm/train.sbatch",
         "Karlsruhe Institute of Technology (partition gpu-h100, --constraint=LSDF: HoreKa/bwUniCluster assumed)", "kit",
         ["accelerate-launch-config-file", "num-processes-from-nvidia-smi", "sourced-env-script", "hydra-overrides-passthrough", "constraint-lsdf"],
         launch_model="launcher", launcher="accelerate", total_ranks=1, nodes=1, gpus_per_node=1,
         program="scripts/train_sft.py", args=["$@"],
         keep_text=['accelerate launch --config_file config/accelerate/ddp_bf16.yaml', "num_gpus=$(nvidia-smi --list-gpus | wc -l)"],
         setup=[S("set -euo pipefail"), S("source slurm/env.sh")],
         launcher_config=["config/accelerate/ddp_bf16.yaml"],
         source_only=["--partition=gpu-h100", "--constraint=LSDF"],
         refuse_words=["LSDF", "slurm/env.sh", "num_gpus", "gpu-h100"],
         assumptions=["Partition gpu-h100, --constraint=LSDF (a KIT file-system feature), --gres=gpu:1 (a comment shows --gres=gpu:2 at "
                      "sbatch time), 16 CPUs, 128G, 24 h: set -euo pipefail, slurm/env.sh sourced (env in another file), "
                      "nvidia-smi query, num_gpus from `nvidia-smi --list-gpus | wc -l`, then `accelerate launch --config_file "
                      "config/accelerate/ddp_bf16.yaml --num_processes \"$num_gpus\" scripts/train_sft.py \"$@\"`. Right: one "
                      "worker a visible GPU (1 as written), the count line kept, the accelerate config kept, env.sh named, the "
                      "LSDF constraint and partition replaced."]),
    case(fam("highgpu-ddim-mnist", "slurm"),
         "SHlHAB/diffusion-DDIM-pytorch", "slurm/train.sbatch",
         "An unnamed Slurm cluster (partition highgpu, gres nvidia_h100_80gb_hbm3)", "unnamed-highgpu",
         ["bashrc-sourced-conda", "ld-library-path-env-lib", "gres-long-type-name", "proof-of-life-echo", "cd-submit-dir-late"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py", args=[],
         keep_text=["python train.py"],
         setup=[S("set -euo pipefail"), S("mkdir -p slurm/logs"), S("source ~/.bashrc"), S("conda activate ddim"),
                S('export LD_LIBRARY_PATH="$HOME/.conda/envs/ddim/lib:${LD_LIBRARY_PATH:-}"'), S('cd "$SLURM_SUBMIT_DIR"')],
         source_only=["--partition=highgpu", "--gres=gpu:nvidia_h100_80gb_hbm3:1"],
         refuse_words=["highgpu", "nvidia_h100_80gb_hbm3", "~/.bashrc", "ddim"],
         assumptions=["Partition highgpu, 1 node, 1 task, 8 CPUs, 32G, --gres=gpu:nvidia_h100_80gb_hbm3:1, 24 h: set -euo pipefail, mkdir, an "
                      "echo, ~/.bashrc sourced, `conda activate ddim`, LD_LIBRARY_PATH to the env's lib, nvidia-smi -L, cd "
                      "$SLURM_SUBMIT_DIR (after the mkdir: logs relative to where sbatch ran), then `python train.py`. Right: 1 "
                      "process on 1 GPU (an H100 80 GB where the target has one, or a note), the env kept or named, the "
                      "partition and long gres type replaced."]),
    case(fam("wyckoff-positional-config-exec-redirect", "slurm"),
         "moyankai/WQGNet", "jobs/train.slurm",
         "A Chinese university Slurm cluster (/public/home, /public/software/anaconda3; not named)", "unnamed-public-home",
         ["positional-config-then-shift-overrides", "console-script-program", "exec-redirect-to-run-dir", "cd-absolute-home", "staging-log-move", "ntasks4-one-gpu", "non-ascii-comment"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="wyckoffgnn", args=["train", "--config", "$CONFIG", "--output-dir", "$OUTPUT_DIR", "$@"],
         keep_text=['wyckoffgnn train --config "$CONFIG" --output-dir "$OUTPUT_DIR" "$@"', 'exec > "$OUTPUT_DIR/slurm_job.out" 2> "$OUTPUT_DIR/slurm_job.err"'],
         setup=[S("set -eo pipefail"), S("cd /public/home/moyk/wyckoff_gnn"), S("source /public/software/anaconda3/etc/profile.d/conda.sh"),
                S("conda activate wyckoff_gnn")],
         source_only=["#SBATCH -p gpu"],
         refuse_words=["/public/home/moyk", "/public/software/anaconda3", "$1", "exec >"],
         assumptions=["-J train, -p gpu, --gres=gpu:1, 1 node, -n 4 (4 tasks, one GPU), staging logs: set -eo pipefail, cd an absolute "
                      "/public/home dir, the site anaconda3 conda.sh, `conda activate wyckoff_gnn`, CONFIG=${1:-configs/train.yaml}; "
                      "shift, OUTPUT_DIR from `wyckoffgnn resolve-output-dir ...` (a CPU helper), `exec >` redirecting the rest "
                      "into the run dir, echoes, then `wyckoffgnn train --config \"$CONFIG\" --output-dir \"$OUTPUT_DIR\" \"$@\"`, "
                      "and the staging logs moved by $SLURM_JOB_ID. Right: 1 process on 1 GPU (the -n 4 is not 4 ranks), the "
                      "positional config and overrides kept, the absolute /public paths named, SLURM_JOB_ID in the log move "
                      "mapped on a PBS target."]),
    case(fam("mammo-gres2-one-process-env-knobs", "slurm"),
         "Cieliocas/mamografia-bi-rads-ia", "scripts/train.slurm",
         "An unnamed Slurm cluster (partition gpu 'to verify', L4 GPUs per a comment; Portuguese comments)", "unnamed-l4",
         ["one-process-two-gpus-tf-replicas", "env-default-knobs", "conditional-resume-flag", "site-modules-python-cuda", "relative-venv", "non-ascii-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2, framework="tensorflow",
         program="src/ml/train.py",
         args=["--run-name", "${TRAIN_RUN_NAME}", "--epochs", "${TRAIN_EPOCHS}", "--batch-size-per-replica", "${TRAIN_BATCH_PER_REPLICA}", "${RESUME_FLAG}"],
         keep_text=["python3 -u src/ml/train.py"],
         setup=[S("set -euo pipefail"), S("source venv/bin/activate"), S("mkdir -p logs")],
         source_only=["--partition=gpu", "module load python/3.9", "module load cuda/12.1"],
         refuse_words=["VERIFICAR", "L4", "TRAIN_RUN_NAME", "venv"],
         assumptions=["Partition gpu (comment: check the name), 1 node, 1 task, --gres=gpu:2 (L4 per the comment), 8 CPUs, 32G, 24 h: set "
                      "-euo pipefail, echoes, modules python/3.9 and cuda/12.1, `source venv/bin/activate`, nvidia-smi, env knobs "
                      "with defaults (TF_CPP_MIN_LOG_LEVEL, TRAIN_RUN_NAME, TRAIN_EPOCHS, TRAIN_BATCH_PER_REPLICA, TRAIN_RESUME), "
                      "RESUME_FLAG set when TRAIN_RESUME=1, then `python3 -u src/ml/train.py --run-name ... ${RESUME_FLAG}` (one "
                      "TensorFlow process using both GPUs as replicas). Right: 1 process with 2 GPUs on one node, the knobs kept "
                      "as submit-time inputs, modules replaced, the relative venv kept."]),
    case(fam("cineca-leonardo-lerobot-positional", "slurm"),
         "OliEfr/cost_of_generality", "slurm/train.sbatch",
         "CINECA Leonardo Booster (EuroHPC account euhpc_b38_106, partition boost_usr_prod, $WORK and $FAST)", "cineca-leonardo",
         ["required-positionals-task-level-ndemos", "case-on-task", "heredoc-python-in-command-substitution", "site-env-vars-work-fast",
          "sourced-config-with-fallback", "srun-one-task", "conditional-resume", "offline-wandb-hf", "unquoted-flag-variables"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="lerobot.scripts.train",
         args=['--dataset.repo_id="local/${DS_NAME}"', '--dataset.root="${DS}"', '--dataset.episodes="[${EPISODES}]"', '--output_dir="${OUT}"',
               '--job_name="${RUN_ID}"', '--batch_size="${COG_DP_BATCH}"', '--optimizer.lr="${COG_DP_LR}"', "--wandb.enable=true",
               "--wandb.project=cost_of_generality", "--wandb.disable_artifact=true", "${RESUME}", "${COG_DP_FLAGS}"],
         keep_text=["srun python -m lerobot.scripts.train", 'TASK="${1:?usage: train.sbatch TASK LEVEL NDEMOS}"'],
         setup=[S("set -euo pipefail"), S("export WANDB_MODE=offline"), S("export HF_HUB_OFFLINE=1"), S('source "${WORK}/miniforge3/etc/profile.d/conda.sh"'),
                S('conda activate "${COG_TRAIN_ENV:-cog_lerobot}"'), S('mkdir -p "${OUT}"')],
         source_only=["--partition=boost_usr_prod"],
         accounts=["euhpc_b38_106"],
         refuse_words=["euhpc_b38_106", "boost_usr_prod", "$WORK", "$FAST", "TASK LEVEL NDEMOS"],
         assumptions=["Leonardo: -A euhpc_b38_106, boost_usr_prod, 1 node, 1 task, --gres=gpu:1, 8 CPUs, 64G, 24 h: set -euo pipefail, "
                      "TASK, LEVEL, NDEMOS required positionals, WORK from COG_WORK or $WORK/cog, a case on TASK for the dataset "
                      "name (unknown TASK exits 2), DS under $FAST, offline wandb/HF, a conda under $WORK, a config sourced from "
                      "/home/admin_07/... or the fallback, EPISODES from a heredoc python in $( ), a resume flag when a checkpoint "
                      "exists, then `srun python -m lerobot.scripts.train --dataset.repo_id=... ${RESUME} ${COG_DP_FLAGS}` (one "
                      "task). Right: 1 process on 1 GPU via the target's launcher or plain python, the positionals kept as "
                      "submit-time inputs, $WORK/$FAST (CINECA variables) named with the target's file systems, account and "
                      "partition replaced."]),
    case(fam("purdue-smallgpu-3dgs-env-defaults", "slurm"),
         "ShayManor/3d-gaussian-splatting", "slurm/train.sbatch",
         "Purdue RCAC (account lilly-rob1, partition smallgpu; Gautschi assumed: not Anvil, whose accounts are x-...)", "purdue-rcac",
         ["bash-l", "scratch-var-in-output-directive", "env-default-knobs", "wandb-key-from-file-or-offline", "abs-scratch-venv", "unset-display"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src.train",
         args=["--videos", "$VIDEO", "--output", "$OUTPUT", "--cache_dir", "$CACHE_DIR", "--stride", "$STRIDE", "--device", "cuda",
               "--iterations", "$ITERATIONS", "--batch_size", "$BATCH_SIZE", "--matcher", "$MATCHER", "--wandb_project", "$WANDB_PROJECT",
               "--wandb_mode", "$WANDB_MODE", "--wandb_run_name", "$WANDB_RUN_NAME", "--wandb_tags", "train", "slurm", "j${SLURM_JOB_ID}"],
         keep_text=["python -u -m src.train"],
         setup=[S("set -euo pipefail"), S("source $SCRATCH/venvs/3dgs/bin/activate"), S("export REPO=~/3d-gaussian-splatting"), S("unset DISPLAY"), S('cd "$REPO"')],
         source_only=["-p smallgpu", "-o $SCRATCH/logs/3dgs-train_%j.out"],
         accounts=["lilly-rob1"],
         refuse_words=["lilly-rob1", "smallgpu", "$SCRATCH", "WANDB_API_KEY"],
         assumptions=["#!/bin/bash -l; 1 node, 1 task, 64 CPUs, 12 h, -A lilly-rob1, -p smallgpu, --gres=gpu:1, -o/-e under $SCRATCH/logs "
                      "(sbatch does not expand $SCRATCH in directives: the logs go to a literal path), set -euo pipefail, a venv "
                      "under $SCRATCH, REPO=~/3d-gaussian-splatting, PYTHONPATH, DISPLAY unset, cd, a wandb key read from a file "
                      "or offline mode, knobs with env defaults (VIDEO, STRIDE, ITERATIONS, ...), a video check, then `python -u -m "
                      "src.train --videos \"$VIDEO\" ... --wandb_tags train slurm \"j${SLURM_JOB_ID}\"`. Right: 1 process on 1 GPU, "
                      "the knobs kept as submit-time inputs, $SCRATCH mapped or named, the log directive fixed or noted, "
                      "account and partition replaced, no key copied."]),
    case(fam("t5nmr-config-env-resubmit", "slurm"),
         "RedOffset6/t5_nmr", "slurm/train.sbatch",
         "An unnamed Slurm cluster (resources set by ./submit.sh from configs/train/$RUN.env; no directive but --output)", "unnamed-submit-wrapper",
         ["resources-from-submit-wrapper", "sourced-env-and-run-loader", "branch-single-or-multinode", "srun-torchrun-rdzv", "self-resubmit-dependency",
          "job-end-time-from-squeue", "functions-from-sourced-file"],
         launch_model="launcher", launcher="torchrun", total_ranks="unknown", nodes=None, gpus_per_node=None,
         program="t5_train.py", args=[],
         keep_text=["srun python -u t5_train.py", './submit.sh train "$RUN" --dependency=afterany:"$SLURM_JOB_ID"', '--rdzv-endpoint="$MASTER_ADDR:$MASTER_PORT"'],
         setup=[S("set -e"), S("export PYTHONUNBUFFERED=1"), S('cd "$SLURM_SUBMIT_DIR"'), S("source slurm/env.sh"), S("source slurm/load_run.sh"), S("setup_job_env")],
         refuse_words=["submit.sh", "load_run.sh", "RUN", "GPUS_PER_NODE", "resubmit"],
         assumptions=["Only #SBATCH --output: nodes, GPUs, memory and time are set by ./submit.sh from configs/train/$RUN.env; set -e, cd, "
                      "slurm/env.sh and slurm/load_run.sh sourced (RUN, NODES, GPUS_PER_NODE, OUTPUT_DIR, setup_job_env, "
                      "setup_multinode_nccl), SLURM_JOB_END_TIME from squeue when unset, echoes, setup_job_env, then if "
                      "NODES*GPUS_PER_NODE > 1: MASTER_ADDR from scontrol, MASTER_PORT from the job id, `srun --ntasks-per-node=1 "
                      "torchrun --nnodes=$SLURM_JOB_NUM_NODES --nproc-per-node=$GPUS_PER_NODE --rdzv-... t5_train.py`, else `srun "
                      "python -u t5_train.py`; at the end it resubmits itself through ./submit.sh with an afterany dependency. "
                      "Right: a port that says the resources come from the wrapper and config (ask for them or keep both branches "
                      "with the Slurm variables mapped), names env.sh/load_run.sh/submit.sh as site files, and maps the "
                      "resubmission (qsub -W depend=afterany on PBS) or notes it. An ask is right."]),
    case(fam("bdc100m-uv-torchrun-detect-gpus", "slurm"),
         "Big-Data-Club/bdc-1.0-100M", "slurm/train.sbatch",
         "An unnamed Slurm cluster (portable script: partition/account given at sbatch time)", "unnamed-portable",
         ["uv-run-torchrun", "gpu-count-detection-function", "env-default-knobs", "omp-threads-from-cpus", "slurm-tmpdir-caches", "exec-launch", "uv-sync-optional"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="bdc100m.train", args=["--config", "$CONFIG"],
         keep_text=["exec uv run --no-sync torchrun", 'NPROC_PER_NODE="${NPROC_PER_NODE:-$(detect_gpu_count)}"'],
         setup=[S("set -euo pipefail"), S('cd "$PROJECT_ROOT"'), S("mkdir -p logs"), S("export PYTHONUNBUFFERED=1")],
         refuse_words=["uv", "detect_gpu_count", ".venv", "SLURM_GPUS_ON_NODE", "partition"],
         assumptions=["1 node, 1 task, 16 CPUs, --gres=gpu:1, 24 h (a comment: partition, account and more GPUs at sbatch time): set -euo "
                      "pipefail, PROJECT_ROOT and CONFIG with defaults, cd, uv required, optional `uv sync`, .venv required, "
                      "detect_gpu_count (CUDA_VISIBLE_DEVICES, SLURM_GPUS_ON_NODE, nvidia-smi), NPROC_PER_NODE from it, OMP threads "
                      "from SLURM_CPUS_PER_TASK, NCCL_DEBUG, caches under SLURM_TMPDIR when set, echoes, then `exec uv run "
                      "--no-sync torchrun --standalone --nproc_per_node=\"$NPROC_PER_NODE\" -m bdc100m.train --config \"$CONFIG\"`. "
                      "Right: torchrun with one worker a GPU of the request (1 as written), the detection kept with its Slurm "
                      "variables mapped on a PBS target, uv and .venv kept, the account/queue asked for."]),
    case(fam("ged-conda-base-tag-required-heredoc", "slurm"),
         "DannyJPark/ChIEDiff", "slurm/train.sbatch",
         "An unnamed Slurm cluster (partition and qos deliberately given at sbatch time; a 3-day association cap)", "unnamed-no-partition",
         ["required-env-tag", "conda-base-default-home", "heredoc-python-config-print", "partition-qos-at-submit", "positional-passthrough", "long-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="bin/train.py", args=["--config", "$CONFIG", "--tag", "$TAG", "--logdir", "$LOGDIR", "$@"],
         keep_text=['TAG="${TAG:?set TAG=<short run name>}"', 'python bin/train.py --config "$CONFIG" --tag "$TAG" --logdir "$LOGDIR" "$@"'],
         setup=[S("set -euo pipefail"), S('cd "${SLURM_SUBMIT_DIR:-.}"'), S("mkdir -p logs_slurm"), S('source "$CONDA_BASE/etc/profile.d/conda.sh"'),
                S('conda activate "${CONDA_ENV:-ged-train}"')],
         refuse_words=["TAG", "partition", "qos", "CONDA_BASE"],
         assumptions=["--gres=gpu:1, 8 CPUs, 48G, 3 days (a comment: the association caps at 4320 min), logs_slurm/; partition and qos "
                      "deliberately left to `sbatch -p ... -q ...`: set -euo pipefail, cd, conda.sh from CONDA_BASE (default "
                      "$HOME/anaconda3) and `conda activate ${CONDA_ENV:-ged-train}` or exit, CONFIG and LOGDIR with defaults, TAG "
                      "required, echoes, nvidia-smi -L, a heredoc python printing config values, then `python bin/train.py "
                      "--config \"$CONFIG\" --tag \"$TAG\" --logdir \"$LOGDIR\" \"$@\"`. Right: 1 process on 1 GPU, TAG kept as a "
                      "submit-time input, the conda defaults kept, the target's queue/account asked for or said."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
