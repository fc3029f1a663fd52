"""Write bench/unseen21/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none. Same
rules as bench/unseen12..unseen20 (bench/unseen6/make_common.py).
Usage: python bench/unseen21/make_cases.py /work/cache/unseen21 bench/unseen21/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("bridges2-gpu-shared-h100-80-1-ocean-logs-anaconda3-module-conda-prefix-cd-python-m-train-job-id-run-name", "slurm"),
         "hxyv/active-learning-plm-distillation", "slurm/train.slurm",
         "PSC Bridges-2 (partition GPU-shared, --gpus=h100-80:1, account cis250233p, /ocean)", "bridges2",
         ["typed-gpus-total", "abs-ocean-log-paths", "conda-prefix-env", "python-m-module", "job-id-in-args",
          "export-all"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.train", module=True,
         args=["--config", '"${CONFIG}"', "--run-name", '"psc_schake_distill_${SLURM_JOB_ID}"'],
         setup=[S('PROJECT_ROOT="/ocean/projects/cis250233p/xhu15/active-learning-plm-distillation"'),
                S('CONFIG="${PROJECT_ROOT}/configs/psc_dispef_m.yaml"'),
                S("conda activate /ocean/projects/cis250233p/xhu15/envs/esm3_gnn_distill"), S('cd "${PROJECT_ROOT}"')],
         source_only=["-p GPU-shared", "--gpus=h100-80:1", "module load anaconda3/2024.10-1"], accounts=["cis250233p"],
         refuse_words=["/ocean/projects", "h100-80", "anaconda3", "GPU-shared"],
         assumptions=["Bridges-2: -N 1, -p GPU-shared, --gpus=h100-80:1, 8 CPUs, 1 day, -A cis250233p, logs under "
                      "/ocean (mkdir'd in the job, after Slurm opened them), --export=ALL: PROJECT_ROOT and CONFIG on "
                      "/ocean, the anaconda3 module, a conda env by prefix on /ocean, cd, then `python -m train.train "
                      "--config \"${CONFIG}\" --run-name \"psc_schake_distill_${SLURM_JOB_ID}\"`. Right: 1 process on 1 "
                      "GPU, `-m train.train` kept as a module, the job id mapped inside the run name, the /ocean "
                      "paths and the env prefix named, the anaconda3 module replaced."]),
    case(fam("ntnu-idun-gpuq-a100-gpu80g-constraint-cd-dotdot-submit-dir-pip-install-uv-user-uv-sync-three-uv-run-validate", "slurm"),
         "Knolaisen/jormungandr", "scripts/experiment_1.slurm",
         "NTNU Idun (partition GPUQ, account share-ie-idi, constraint a100&gpu80g)", "ntnu-idun",
         ["uv-run-program", "pip-install-in-job", "uv-sync-in-job", "three-sequential-runs", "odd-workdir-expression",
          "constraint-expression", "sh-shebang", "slurm-var-echoes"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="validate.py", args=["--config", "experiment_1_0.yaml"],
         other_runs=[R("validate.py", ["--config", "experiment_1_4.yaml"]), R("validate.py", ["--config", "experiment_1_6.yaml"])],
         keep_text=["uv run python validate.py --config experiment_1_0.yaml", "WORKDIR=../${SLURM_SUBMIT_DIR}"],
         setup=[S("cd ${WORKDIR}"), S("pip install uv --user"), S("uv sync")],
         source_only=["--partition=GPUQ", '--constraint="(a100)&(gpu80g)"', "module load Anaconda3/2024.02-1"],
         accounts=["share-ie-idi"],
         refuse_words=["gpu80g", "Anaconda3", "uv sync", "pip install", "../${SLURM_SUBMIT_DIR}"],
         assumptions=["#!/bin/sh, Idun: -A share-ie-idi, 1 h, -p GPUQ, 80GB, 6 CPUs, --gres=gpu:1, 1 node, -C "
                      "\"(a100)&(gpu80g)\": WORKDIR=../${SLURM_SUBMIT_DIR} (a relative '..' before an absolute path) "
                      "and cd there, four echoes, module purge + Anaconda3/2024.02-1, `pip install uv --user`, `uv sync` "
                      "(network from the compute node), then three `uv run python validate.py --config "
                      "experiment_1_{0,4,6}.yaml` in turn. Right: 1 process on 1 GPU running the three validations in "
                      "order under `uv run`, the odd WORKDIR kept as written (or named), the in-job installs kept "
                      "with their network need named, the A100-80GB constraint mapped or named."]),
    case(fam("princeton-pli-c-qos-pli-medium-gres1-set-euo-cd-gpfs-positional-defaults-hf-offline-venv-python-train-quoted-args", "slurm"),
         "JackCai1206/superposition-distillation", "scripts/train.slurm",
         "Princeton (PLI cluster: partition pli-c, account pli, qos pli-medium, /scratch/gpfs)", "princeton-rc",
         ["positional-sbatch-args-with-defaults", "set-euo-pipefail", "abs-gpfs-cd", "relative-venv-python-bin",
          "hf-offline-env", "nvidia-smi-query"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--method", '"$METHOD"', "--data_kind", '"$KIND"', "--teacher", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B",
               "--student", "Qwen/Qwen2.5-0.5B", "--device", "cuda", "--stage1_steps", '"$S1"', "--stage2_steps", '"$S2"',
               "--fixed_lambda", '"$LAMBDA"', "--seq_len", "1024", "--batch_size", "8"],
         keep_text=[".venv/bin/python train.py", "METHOD=${1:-cross_seq}", "LAMBDA=${5:-0.7}"],
         setup=[S("cd /scratch/gpfs/ARORA/zc5794/superposition_distillation"),
                S("export HF_HOME=${HF_HOME:-/scratch/gpfs/ARORA/zc5794/.cache/huggingface}"),
                S("export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TOKENIZERS_PARALLELISM=false")],
         source_only=["--partition=pli-c", "--qos=pli-medium"], accounts=["pli"],
         refuse_words=["/scratch/gpfs", "pli-c", "HF_HUB_OFFLINE", "positional"],
         assumptions=["Princeton PLI: -p pli-c, -A pli, --qos=pli-medium, --gres=gpu:1, 8 CPUs, 80G, 4 h: set -euo "
                      "pipefail, cd to /scratch/gpfs/..., five positional parameters with defaults "
                      "(METHOD, KIND, S1, S2, LAMBDA; given to sbatch), HF_HOME default on /scratch/gpfs and offline "
                      "HF flags, an nvidia-smi query, then `.venv/bin/python train.py --method \"$METHOD\" ... "
                      "--batch_size 8` (the relative venv interpreter). Right: 1 process on 1 GPU with the positional "
                      "defaults and every argument kept, the venv interpreter kept, the /scratch/gpfs cd and HF cache "
                      "named, the offline flags kept (the model must be cached on the target)."]),
    case(fam("uf-hipergator-turin-l4-qos-conda-cuda-module-cd-home-ondemand-pythonpath-src-positional-args-if-else-two-launches-exit-code", "slurm"),
         "Qianchen26/HouseGymRL", "scripts/train.slurm",
         "University of Florida HiPerGator (partition hpg-turin, --gres=gpu:l4:1, account/qos vivian.wong)", "uf-hipergator",
         ["if-else-two-launches", "positional-sbatch-args-with-defaults", "arith-from-slurm-var", "typed-gres",
          "pythonpath-from-pwd", "abs-home-cd", "exit-code-propagation"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/main_ppo.py",
         args=["--experiment-name", '"$EXPERIMENT_NAME"', "--timesteps", '"$TIMESTEPS"', "--n-envs", '"$N_ENVS"', "--use-synthetic"],
         other_runs=[R("src/main_ppo.py", ["--experiment-name", '"$EXPERIMENT_NAME"', "--region", '"Mataram"', "--timesteps",
                                           '"$TIMESTEPS"', "--n-envs", '"$N_ENVS"'])],
         keep_text=["N_ENVS=$((SLURM_CPUS_PER_TASK - 4))", 'if [ "$USE_SYNTHETIC" = "true" ]; then', "exit $EXIT_CODE"],
         setup=[S("conda activate urbanai"), S("export PYTHONUNBUFFERED=1"), S("cd /home/yu.qianchen/ondemand/housegymrl/ppo"),
                S("export PYTHONPATH=$(pwd)/src:$PYTHONPATH")],
         source_only=["--partition=hpg-turin", "--gres=gpu:l4:1", "--qos=vivian.wong", "module load conda", "module load cuda/12.4.1"],
         accounts=["vivian.wong"],
         refuse_words=["hpg-turin", "l4", "/home/yu.qianchen", "SLURM_CPUS_PER_TASK", "vivian.wong"],
         assumptions=["HiPerGator: 1 node, 1 task, 16 CPUs, 120gb, 24 h, -p hpg-turin, --gres=gpu:l4:1, account and "
                      "qos vivian.wong, logs under /home: conda and cuda/12.4.1 modules, `conda activate urbanai`, "
                      "cd to an absolute /home path, PYTHONPATH=$(pwd)/src, three positional parameters with defaults, "
                      "N_ENVS=$((SLURM_CPUS_PER_TASK - 4)), then one of two `python src/main_ppo.py ...` lines by "
                      "USE_SYNTHETIC (default true: --use-synthetic), the exit code kept. Right: 1 process on 1 GPU "
                      "with the if/else and both launch lines kept, SLURM_CPUS_PER_TASK mapped (N_ENVS = 12 needs 16 "
                      "CPUs kept), the L4 type and /home cd named, the modules replaced."]),
    case(fam("nyu-course-account-c12m85-a100-1-requeue-set-e-cd-scratch-conda-sh-wandb-env-torch-check-python-m-hydra-overrides-job-id", "slurm"),
         "aditirai-12/active-matter-representation", "scripts/slurm/run_A1_gap.sbatch",
         "NYU (course account csci_ga_2572-2026sp, partition c12m85-a100-1, /scratch/<netid>)", "nyu-greene",
         ["python-m-module", "hydra-style-overrides", "job-id-in-args", "wandb-online-env", "requeue",
          "conda-sh-from-scratch", "torch-cuda-check", "set-e"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="physics_jepa.train_jepa", module=True,
         args=["configs/train_physics_jepa_upgraded.yaml", "dataset.num_frames=8", "dataset.gap_frames=8",
               "model.use_channel_stem=false", "model.use_temporal_mixer=false", "model.predictor_scale_factor=2",
               "model.predictor_depth=1", "train.num_epochs=50", "train.batch_size=8", "train.distributed=false",
               "train.run_name=A1-gap-only-${SLURM_JOB_ID}"],
         setup=[S("cd /scratch/ml9542/active-matter-representation"), S("source /scratch/ml9542/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate active_matter"), S("export THE_WELL_DATA_DIR=/scratch/ml9542/data"),
                S("export WANDB_NAME=A1-gap-only-${SLURM_JOB_ID}"), S("export WANDB_MODE=online"),
                S("mkdir -p logs checkpoints dataset_cache")],
         source_only=["--partition=c12m85-a100-1", "--requeue"], accounts=["csci_ga_2572-2026sp"],
         refuse_words=["/scratch/ml9542", "c12m85-a100-1", "csci_ga_2572", "WANDB_MODE=online"],
         assumptions=["NYU course cluster: -A csci_ga_2572-2026sp, -p c12m85-a100-1, --gres=gpu:1, 4 CPUs, 80G, 10 h, "
                      "--requeue, logs under /scratch/ml9542: set -e, cd and a miniconda under /scratch, conda activate, "
                      "data dir and four WANDB_* variables (online; run name with the job id), mkdir, a one-line torch "
                      "CUDA check, then `python -m physics_jepa.train_jepa configs/... dataset.num_frames=8 ... "
                      "train.run_name=A1-gap-only-${SLURM_JOB_ID}`. Right: 1 process on 1 GPU with every override "
                      "kept and the job id mapped in two places, the /scratch paths named, wandb online named (a "
                      "target's compute nodes may have no network)."]),
    case(fam("uf-hipergator-b200-gres1-cuda-gcc-modules-cd-blue-hf-torch-caches-nvidia-smi-echoes-uv-run-python-u-abs-program-overrides", "slurm"),
         "d3v-26/addiffusion", "scripts/train.slurm",
         "University of Florida HiPerGator (partition hpg-b200, /blue/ruogu.fang)", "uf-hipergator",
         ["uv-run-program", "abs-program-path", "abs-blue-cd", "cache-env-vars", "b200-partition", "nvidia-smi-in-echo"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/blue/ruogu.fang/pateld3/addiffusion/src/train.py",
         args=["--config", "/blue/ruogu.fang/pateld3/addiffusion/configs/default.yaml", "training.total_iterations=2000",
               "training.seed=42", "ppo.batch_size=8"],
         keep_text=["uv run python -u /blue/ruogu.fang/pateld3/addiffusion/src/train.py"],
         setup=[S('cd "/blue/ruogu.fang/pateld3/addiffusion/"'), S("export PYTHONUNBUFFERED=1"),
                S("export HF_HOME=/blue/ruogu.fang/pateld3/.cache/huggingface"), S("export TRANSFORMERS_CACHE=$HF_HOME"),
                S("export TORCH_HOME=/blue/ruogu.fang/pateld3/.cache/torch")],
         source_only=["--partition=hpg-b200", "module load cuda/12.8.1", "module load gcc/11.4.0"],
         refuse_words=["/blue/ruogu.fang", "hpg-b200", "uv run", "cuda/12.8.1"],
         assumptions=["HiPerGator: -p hpg-b200, --gres=gpu:1, 8 CPUs, 64G, 48 h, logs on /blue: cuda/12.8.1 and "
                      "gcc/11.4.0 modules, cd to /blue, HF/transformers/torch caches on /blue, echoes with nvidia-smi "
                      "queries, then `uv run python -u /blue/.../src/train.py --config /blue/.../default.yaml "
                      "training.total_iterations=2000 training.seed=42 ppo.batch_size=8`. Right: 1 process on 1 GPU "
                      "under `uv run` with the absolute program and overrides kept, the /blue paths named, the "
                      "modules replaced (B200 needs a recent CUDA: named)."]),
    case(fam("uh-koa-gpu-partition-gres1-mail-three-days-profile-source-activate-program-args-from-submit-env-trailing-backslash", "slurm"),
         "hawaii-ai/GalacticCosmicRays", "scripts/nn/run_train_nn.slurm",
         "University of Hawaii Koa (partition gpu; account sadow commented out)", "uh-koa",
         ["program-args-from-submit-env", "trailing-backslash-last-line", "commented-account-directive",
          "profile-sourcing", "mail-directives", "three-day-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_nn.py",
         args=["--polarity", '"$POLARITY"', "--data_version", '"$DATA_VERSION"', "--model_version", '"$MODEL_VERSION"',
               "--train_size_fraction", '"$TRAIN_SIZE"', "--bootstrap", '"$BOOTSTRAP"', "--save_dir", '"$SAVE_DIR"'],
         setup=[S("source ~/profiles/auto.profile"), S("source activate gcr-gpu")],
         source_only=["#SBATCH --partition=gpu"],
         refuse_words=["POLARITY", "SAVE_DIR", "auto.profile", "03-00:00:00"],
         assumptions=["Koa: -p gpu, --gres=gpu:1, 4 CPUs, 18gb, 3 days, mail to hawaii.edu, --account commented out "
                      "(##SBATCH): a home profile, `source activate gcr-gpu`, echoes of six variables given at submit "
                      "time (POLARITY, DATA_VERSION, MODEL_VERSION, TRAIN_SIZE, BOOTSTRAP, SAVE_DIR; sbatch --export), "
                      "then `python train_nn.py --polarity \"$POLARITY\" ... --save_dir \"$SAVE_DIR\" \\` (the last line "
                      "ends in a backslash). Right: 1 process on 1 GPU with the six variables named as submit-time "
                      "inputs (not invented), the arguments kept, the profile and env named, the walltime kept or cut "
                      "to the target's limit."]),
    case(fam("uni-bonn-a40medium-exclude-nodes-bashrc-conda-py38-lightning-num-gpus-1-resume-abs-ckpt-with-equals", "slurm"),
         "kgasenzer/avocodo", "scripts/train.slurm",
         "a university cluster (partition A40medium, /home/s6kogase: University of Bonn Bender)", "uni-bonn",
         ["exclude-nodes", "bashrc-conda", "abs-checkpoint-path-with-equals", "gpu-count-arg", "lightning-checkpoint"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="lightning",
         program="avocodo/train.py",
         args=["--config", "avocodo/configs/avocodo_v1.json", "--num_gpus", "1", "--resume_checkpoint_path",
               "/home/s6kogase/work/avocodo_fork/logs/Avocodo/version_1/checkpoints/epoch=84-step=138040.ckpt"],
         setup=[S("source ${HOME}/.bashrc"), S("conda activate py38")],
         source_only=["--partition=A40medium", "-x node-02,node-06"],
         refuse_words=["A40medium", "/home/s6kogase", "node-02", "epoch=84"],
         assumptions=["1 node, --gres=gpu:1, 8 CPUs, -p A40medium, -x node-02,node-06, logs under /home/s6kogase, no "
                      "walltime: .bashrc, `conda activate py38`, then `python avocodo/train.py --config ... --num_gpus 1 "
                      "--resume_checkpoint_path /home/.../epoch=84-step=138040.ckpt` (a Lightning checkpoint; the "
                      "'=' inside the path kept). Right: 1 process on 1 GPU with --num_gpus 1 and the checkpoint path "
                      "kept byte for byte (named: it lives on the source's /home), the excluded nodes dropped with a "
                      "note, a walltime chosen and said."]),
    case(fam("lab-cluster-standard-partition-nodelist-mastiff-gres1-abs-miniconda-conda-sh-python-m-zoology-launch-commented-alternatives", "slurm"),
         "berlino/seq-test", "slurm/rms.slurm",
         "a lab cluster (partition standard, --nodelist=mastiff, /data/cl/user)", "lab-mastiff",
         ["nodelist-pinned", "python-m-module", "abs-miniconda", "commented-alternative-runs", "no-walltime",
          "inline-directive-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="zoology.launch", module=True, args=["zoology/experiments/mqar/rms.py"],
         setup=[S("source /data/cl/user/bailinw/miniconda3/etc/profile.d/conda.sh"), S("conda activate seq-test")],
         source_only=["--partition=standard", "--nodelist=mastiff"],
         refuse_words=["mastiff", "/data/cl/user", "zoology.launch", "nodelist"],
         assumptions=["-p standard, 1 node, --nodelist=mastiff, 3 CPUs, --gres=gpu:1, no walltime, directives with "
                      "inline comments: conda.sh from an absolute miniconda, `conda activate seq-test`, then `python -m "
                      "zoology.launch zoology/experiments/mqar/rms.py` (zoology's launcher may itself fan out "
                      "runs: named), two commented alternatives. Right: 1 process on 1 GPU, `-m zoology.launch` kept as "
                      "a module with its config path, the pinned node dropped with a note, the miniconda path named, "
                      "the commented lines left comments."]),
    case(fam("sigma2-fox-ec30-accel-gpus-per-node1-mem-per-gpu-cuda-anaconda-modules-conda-prefix-abs-env-python-dollar-at", "slurm"),
         "marksverdhei/SYAC-ML", "slurm/train.slurm",
         "Sigma2 / University of Oslo Fox (partition accel, account ec30, /fp/homes01)", "sigma2-fox",
         ["program-args-from-sbatch", "env-python-by-path", "mem-per-gpu", "easybuild-modules", "conda-prefix-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["${@}"],
         keep_text=["~/.conda/envs/SYAC-ML/bin/python train.py ${@}"],
         setup=[S("source activate /fp/homes01/u01/ec-markuhei/.conda/envs/SYAC-ML")],
         source_only=["--partition=accel", "--mem-per-gpu=38G", "module load CUDA/11.3.1", "module load Anaconda3/5.3.0"],
         accounts=["ec30"],
         refuse_words=["/fp/homes01", "ec30", "Anaconda3/5.3.0", "CUDA/11.3.1", "${@}"],
         assumptions=["Fox: -A ec30, 20 h, --mem-per-gpu=38G, -p accel, --gpus-per-node=1: module purge, CUDA/11.3.1 and "
                      "Anaconda3/5.3.0, `source activate` of an env by its /fp/homes01 prefix, nvidia-smi, a version "
                      "print, then `~/.conda/envs/SYAC-ML/bin/python train.py ${@}` (arguments given to sbatch). "
                      "Right: 1 process on 1 GPU with ${@} passed through and the env interpreter kept or named, "
                      "the EasyBuild modules replaced, the /fp/homes01 env named."]),
    case(fam("umd-nexus-cml-rtxa5000-4-qos-high-module-add-cuda-abs-conda-sh-cd-fs-scratch-nested-loops-tune-run-nproc4-postprocess-links", "slurm"),
         "chengez/DyePack", "scripts/train.slurm",
         "University of Maryland UMIACS Nexus/CML (--gres=gpu:rtxa5000:4, qos high, /fs/cml-scratch)", "umd-nexus",
         ["torchtune-tune-run", "nested-loops-over-arrays", "launch-per-iteration", "exit-status-check", "postprocess-symlinks",
          "typed-gres", "module-add", "abs-scratch-cd", "commented-alternatives"],
         launch_model="launcher", launcher="tune", total_ranks=4, gpus_per_node=4,
         program="full_finetune_distributed",
         args=["--config", "torchtune_configs/${model_name_short}_full_lowmem.yaml", "epochs=${epoch_num}",
               "exp_name=${category}_${pattern_name}_B${B}_pr0.1", "save_folder=${save_folder}", "shuffle=${shuffle}",
               "data_name=${data_name}", "model_cache_dir=${model_cache_dir}"],
         keep_text=["tune run --nnodes 1 --nproc_per_node 4 full_finetune_distributed", 'for B in "${Bs[@]}"; do', "Bs=(1 2 4 6 8)"],
         setup=[S("source /fs/nexus-scratch/yzcheng/anaconda3/etc/profile.d/conda.sh"), S("conda activate dyepack"),
                S("cd /fs/cml-scratch/yzcheng/DyePack")],
         source_only=["--gres=gpu:rtxa5000:4", "--qos=high", "module add cuda/11.7.0"],
         refuse_words=["tune run", "/fs/cml-scratch", "rtxa5000", "qos=high", "loop"],
         assumptions=["UMD: 1 task, 4 CPUs, 48gb, 24 h, --gres=gpu:rtxa5000:4, --qos=high: `module add cuda/11.7.0`, "
                      "conda.sh from /fs/nexus-scratch, `conda activate dyepack`, cd /fs/cml-scratch/..., a block of user "
                      "variables (arrays categories=('alpaca') and Bs=(1 2 4 6 8)), then for each category and B a "
                      "`tune run --nnodes 1 --nproc_per_node 4 full_finetune_distributed --config ... key=value ...` "
                      "(torchtune's launcher, 4 workers), and after each a $? check that removes recipe_state files "
                      "and symlinks tokenizer files by model family. Right: the loops and the post-processing kept "
                      "as written, tune run with 4 workers on one node each iteration, the /fs paths named, the "
                      "rtxa5000 type and qos dropped or mapped with a note, the cuda module replaced."]),
    case(fam("pyxis-container-image-mounts-env-gpus1-seven-days-positional-run-id-shift-python-yaml-heredoc-wandb-verify-heredoc-redirect", "slurm"),
         "iremurhan/clip-retrieval-lab", "scripts/train.slurm",
         "a university Slurm cluster with Pyxis/enroot containers (/users/beyza.urhan)", "slurm-pyxis",
         ["pyxis-container-image", "container-mounts", "container-env", "positional-sbatch-args-with-defaults",
          "shift-and-extra-args-array", "python-c-yaml-lookup", "output-redirect-to-file", "quoted-python-heredoc",
          "wandb-sync-after", "exit-code-propagation", "seven-day-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run.py",
         args=["--config", '"$CONFIG_FILE"', "--run", '"$RUN_ID"', "--override", "debug.debug_mode=false",
               'logging.checkpoint_dir="$CKPT_DIR"', '"${EXTRA_ARGS[@]}"'],
         keep_text=['> "$JOB_DIR/training.log" 2>&1', "shift 2", 'EXTRA_ARGS=("$@")', "python3 -u run.py"],
         setup=[S('JOB_DIR="/output/results/${DATASET}/${SLURM_JOB_ID}"'), S('mkdir -p "$JOB_DIR"'), S('export WANDB_DIR="$JOB_DIR"'),
                S("cd /workspace"), S('export PYTHONPATH="/workspace:${PYTHONPATH:-}"'),
                S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")],
         source_only=["#SBATCH --container-image=biremurhan/image-text-contrast:v0.16",
                      "#SBATCH --container-env=WANDB_API_KEY,WANDB_MODE,PYTHONPATH=/workspace"],
         container_image="biremurhan/image-text-contrast:v0.16",
         refuse_words=["container-image", "container-mounts", "pyxis", "/users/beyza.urhan", "/workspace"],
         assumptions=["--gpus=1, 8 CPUs and 48G a GPU, 7 days, Pyxis: --container-image=biremurhan/image-text-contrast:v0.16, "
                      "six --container-mounts from /users/beyza.urhan to /workspace, /output/results and /env, "
                      "--container-env: set -euo pipefail, mount checks, RUN_ID and CONFIG_FILE from $1/$2 then `shift 2` "
                      "and EXTRA_ARGS=(\"$@\"), DATASET read by an inline python3 -c YAML merge, JOB_DIR from it and the "
                      "job id, wandb env from /env/wandb.env, cd /workspace, then `python3 -u run.py --config ... --run "
                      "... --override debug.debug_mode=false logging.checkpoint_dir=... \"${EXTRA_ARGS[@]}\" > "
                      "$JOB_DIR/training.log 2>&1`, then wandb sync and a quoted python heredoc that verifies the run "
                      "online, cleanup, moving the Slurm log, the training exit code. Right: 1 process on 1 GPU inside "
                      "the same image with the same mounts (the target's container runtime, or asked/refused where "
                      "none: the script needs /workspace and /output), the redirect and the post-steps kept."]),
    case(fam("osc-pcs0229-gpus-per-node1-96h-mail-set-e-python-cuda-modules-venv-if-elif-scratch-fallback-cache-mkdir-brace-bash-wrapper", "slurm"),
         "imankhazrak/LoRA-Diffusion", "slurm/rerun_bitfit.slurm",
         "Ohio Supercomputer Center (account pcs0229, /fs/scratch/users)", "osc",
         ["wrapper-program", "if-elif-env-discovery", "scratch-fallback", "brace-expansion-mkdir", "cache-env-vars",
          "mail-directives", "set-e", "four-day-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/rerun_bitfit.sh", args=[],
         keep_text=["bash scripts/rerun_bitfit.sh"],
         setup=[S("source $VENV_PATH/bin/activate"), S("cd $PROJECT_DIR"), S("export PYTHONPATH=$PROJECT_DIR:$PYTHONPATH"),
                S("export HF_HOME=$CACHE_BASE/hf_cache"), S("mkdir -p $OUTPUT_DIR")],
         source_only=["module load python/3.10", "module load cuda/11.8.0"], accounts=["pcs0229"],
         refuse_words=["rerun_bitfit.sh", "/fs/scratch", "wrapper", "96:00:00", "pcs0229"],
         assumptions=["OSC: -A pcs0229, 96 h, 1 node, 1 task, --gpus-per-node=1, 8 CPUs, 128GB, mail: set -e, echoes, "
                      "module purge + python/3.10 + cuda/11.8.0, VENV_PATH/PROJECT_DIR found by an if/elif over two "
                      "home paths, the venv activated (exit if missing), SCRATCH set to /fs/scratch/users/$USER when "
                      "writable else the project dir, five HF/torch caches under it (mkdir with a brace list), cd, "
                      "PYTHONPATH, OUTPUT_DIR chosen by an if, then `bash scripts/rerun_bitfit.sh` (the training "
                      "runs are inside that wrapper, not shown). Right: the wrapper kept as the job's program (its "
                      "launches are not visible: named), the env discovery and caches kept, the OSC modules "
                      "replaced and /fs/scratch named, the 96 h cut to the target's limit with a note."]),
    case(fam("lab-nodelist-ws-l4-019-rtx-5000-ada-gres-abs-anaconda-activate-module-cuda-cd-home-git-dotenv-set-a-python-train-many-commented", "slurm"),
         "ACharacterInASimulation/adaptive-computation", "scripts/train.slurm",
         "a university workstation cluster (--nodelist=ws-l4-019, /apps/local/anaconda3; MBZUAI)", "mbzuai",
         ["nodelist-pinned", "typed-gres-long-name", "dotenv-set-a", "abs-home-cd", "many-commented-alternatives",
          "activate-before-module"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["--config", "configs/babylm_act.yaml"],
         setup=[S("source /apps/local/anaconda3/bin/activate code-lab"),
                S("cd \"$PROJECT_ROOT\""), S("source .env")],
         keep_text=["set -a", "set +a"],
         source_only=["--nodelist=ws-l4-019", "--gres=gpu:nvidia-rtx-5000-ada-generation:1", "module load cuda/12.1"],
         refuse_words=["ws-l4-019", "/apps/local/anaconda3", "/home/badrinath.chandana", ".env"],
         assumptions=["1 node, 1 task, --nodelist=ws-l4-019, 8 CPUs, --gres=gpu:nvidia-rtx-5000-ada-generation:1, 50G, "
                      "20 h, logs in ../logs: `source /apps/local/anaconda3/bin/activate code-lab`, module cuda/12.1, "
                      "PROJECT_ROOT on /home and cd, `set -a; source .env; set +a`, then one live `python train.py "
                      "--config configs/babylm_act.yaml` among a dozen commented alternatives. Right: 1 process on 1 "
                      "GPU running only the live line, the pinned node and GPU type dropped with a note, the .env "
                      "export kept, the absolute anaconda and /home paths named."]),
    case(fam("uh-koa-cli-no-gres-commented-gpu-set-euo-env-default-paths-venv-bootstrap-pip-install-dotenv-python-four-quoted-args", "slurm"),
         "michaelburiek/eeg-hackathon", "scripts/train.slurm",
         "University of Hawaii Koa (submitted by koa-cli, which picks the GPU)", "uh-koa",
         ["no-gpu-directive", "commented-gres", "env-default-parameters", "venv-bootstrap-in-job", "pip-install-in-job",
          "dotenv-set-a", "set-euo-pipefail", "env-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/04_train.py",
         args=["--config", '"$CONFIG"', "--index-csv", '"$INDEX_CSV"', "--splits-json", '"$SPLITS_JSON"', "--output-dir", '"$OUTPUT_DIR"'],
         keep_text=['PROJECT_DIR="${KOA_PROJECT_DIR:-$HOME/koa-jobs/eeg_hackathon}"', 'CONFIG="${CONFIG:-configs/lead_train.yaml}"'],
         setup=[S('cd "$PROJECT_DIR"'), S('source "$VENV/bin/activate"')],
         refuse_words=["koa", "KOA_PROJECT_DIR", "gres", "no GPU", "pip install"],
         assumptions=["#!/usr/bin/env bash, 1 node, 1 task, 8 CPUs, 64G, 12 h, NO GPU directive (a comment says "
                      "koa-cli adds one; `# #SBATCH --gres=gpu:a100:1` is commented): set -euo pipefail, PROJECT_DIR and "
                      "DATA_DIR from KOA_* variables with defaults, cd, a venv created and pip-installed from "
                      "requirements.txt on first run, an optional .env exported, four parameters with defaults, "
                      "echoes, then `python scripts/04_train.py --config \"$CONFIG\" --index-csv ... --output-dir ...`. "
                      "Right: 1 process with a GPU requested on the target (the script itself requests none: said), "
                      "the defaults and the bootstrap kept with its network need named, the KOA_* inputs named."]),
    case(fam("gpu-partition-gres1-requeue-four-days-set-x-e-home-miniconda-conda-sh-accelerate-launch-config-ddp-yaml-sft-recipe", "slurm"),
         "wenquanlu/rl-reasoning-optimizer-old", "sft.sh",
         "a university Slurm cluster (partition gpu, no account)", "slurm-gpu",
         ["accelerate-launch-config-file", "requeue", "set-x-e", "four-day-walltime", "home-miniconda"],
         launch_model="launcher", launcher="accelerate", total_ranks=1, gpus_per_node=1,
         program="src/open_r1/sft.py", args=["--config", "recipes/Qwen2.5-3B-Instruct/sft/config_demo_eval.yaml"],
         launcher_config=["recipes/accelerate_configs/ddp.yaml"],
         setup=[S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate grpo")],
         source_only=["--partition=gpu", "--requeue"],
         refuse_words=["ddp.yaml", "num_processes", "4-00:00:00", "requeue"],
         assumptions=["1 node, 1 task, --gres=gpu:1, -p gpu, 4 days, --requeue: set -x -e, home miniconda, `conda "
                      "activate grpo`, then `accelerate launch --config_file recipes/accelerate_configs/ddp.yaml "
                      "src/open_r1/sft.py --config recipes/.../config_demo_eval.yaml`. Right: accelerate with the "
                      "config file kept on one node with 1 GPU (the ddp.yaml's num_processes is not visible and may "
                      "ask for 8: named), the walltime cut to the target's limit with a note."]),
    case(fam("tufts-gpu-partition-class-modules-cd-cluster-tufts-extra-args-from-dollar-at-unquoted-python-model-flag", "slurm"),
         "jeffliulab/real-time-power-predict", "scripts/train.slurm",
         "Tufts HPC (partition gpu, course modules class/default and cs137/2026spring, /cluster/tufts)", "tufts",
         ["program-args-from-sbatch", "course-modules", "abs-cluster-cd", "unquoted-extra-args-var"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="training/train.py", args=["--model", "cnn_transformer_baseline", "$EXTRA_ARGS"],
         keep_text=['EXTRA_ARGS="${@}"'],
         setup=[S("export PYTHONUNBUFFERED=1"), S("cd /cluster/tufts/c26sp1cs0137/pliu07/assignment3")],
         source_only=["-p gpu", "module load class/default", "module load cs137/2026spring"],
         refuse_words=["cs137", "/cluster/tufts", "class/default", "EXTRA_ARGS"],
         assumptions=["Tufts: 4 CPUs, 24 h, 48G, -p gpu, --gres=gpu:1, logs in runs/: the course modules class/default "
                      "and cs137/2026spring (the course's Python env), cd to /cluster/tufts/..., EXTRA_ARGS=\"${@}\" "
                      "(arguments given to sbatch), echoes, then `python training/train.py --model "
                      "cnn_transformer_baseline $EXTRA_ARGS` (unquoted: word-split on purpose). Right: 1 process on 1 "
                      "GPU with $EXTRA_ARGS unquoted as written, the course modules replaced by a named env, the "
                      "/cluster/tufts cd named."]),
    case(fam("uva-rivanna-uva-mira-gpu-gres1-72h-relative-venv-hf-offline-pythonpath-home-user-vars-train-then-two-evaluate", "slurm"),
         "baoware/face-fft", "scripts/train.slurm",
         "University of Virginia Rivanna (account uva-mira, partition gpu)", "uva-rivanna",
         ["three-sequential-runs", "train-then-evaluate", "user-variable-block", "hf-offline-env", "relative-venv",
          "pythonpath-home-user"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="bin/train.py",
         args=["--real_dir", '"${REAL_DATA_DIR}"', "--synth_dir", '"${SYNTH_COGVIDEOX_DIR}"', "--epochs", '"${EPOCHS}"',
               "--batch_size", '"${BATCH_SIZE}"', "--lr", '"${LR}"', "--save_path", '"${SAVE_PATH}"'],
         other_runs=[R("bin/evaluate.py", ["--real_dir", '"${REAL_DATA_DIR}"', "--synth_dir", '"${SYNTH_COGVIDEOX_DIR}"',
                                           "--model_path", '"${SAVE_PATH}"', "--batch_size", '"${BATCH_SIZE}"']),
                     R("bin/evaluate.py", ["--real_dir", '"${REAL_DATA_DIR}"', "--synth_dir", '"${SYNTH_WAN_DIR}"',
                                           "--model_path", '"${SAVE_PATH}"', "--batch_size", '"${BATCH_SIZE}"'])],
         setup=[S("source .venv/bin/activate"), S("export HF_HOME=/scratch/$USER/checkpoints/hub"), S("export TRANSFORMERS_OFFLINE=1"),
                S("export HF_DATASETS_OFFLINE=1"), S("export PYTHONPATH=/home/$USER/home/face-fft/src"), S("mkdir -p ${CHECKPOINT_DIR}")],
         source_only=["-p gpu"], accounts=["uva-mira"],
         refuse_words=["uva-mira", "/scratch/$USER", "/home/$USER/home", "72:00:00"],
         assumptions=["Rivanna: -A uva-mira, -p gpu, --gres=gpu:1, 4 CPUs, 72 h, 64000 MB: module purge, a relative "
                      ".venv, HF_HOME on /scratch/$USER and offline flags, PYTHONPATH=/home/$USER/home/face-fft/src, a "
                      "block of user variables (data dirs, EPOCHS=20, BATCH_SIZE=16, LR=1e-3, SAVE_PATH), mkdir, then "
                      "three runs in turn: `python3 bin/train.py ...` and two `python3 bin/evaluate.py ...` (CogVideoX "
                      "then Wan synth dir). Right: the three runs in order, each 1 process on 1 GPU, the variables "
                      "kept, the /scratch and /home PYTHONPATH named, the walltime cut to the target's limit if needed."]),
    case(fam("mcgill-course-account-qos-1gpu-12h-module-cuda-home-venv-cd-home-hf-home-dev-shm-job-id-snapshot-download-python-device-0", "slurm"),
         "lshiyan/COMP579_project", "scripts/train.slurm",
         "McGill SOCS course cluster (account winter2026-comp579, partition all, qos comp579-1gpu-12h)", "mcgill-socs",
         ["hf-home-in-dev-shm", "model-download-in-job", "python-c-inline", "device-index-arg", "env-default-parameters",
          "job-id-in-args", "cleanup-after", "set-e"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run_experiment.py",
         args=["grpo", "--model", "Qwen/Qwen2.5-7B-Instruct", "--device", "0", "--num-runs", '"$NUM_RUNS"', "--experiment-id",
               '"qwen7b-${SLURM_JOB_ID}"', "--save-transcript"],
         keep_text=["NUM_RUNS=${NUM_RUNS:-10}", 'rm -rf "$HF_HOME"'],
         setup=[S("source ~/envs/comp579/bin/activate"), S("cd ~/COMP579_project"), S("export HF_HOME=/dev/shm/${USER}_hf_${SLURM_JOB_ID}"),
                S('export TRANSFORMERS_CACHE="$HF_HOME"'), S('mkdir -p "$HF_HOME"')],
         source_only=["--partition=all", "--qos=comp579-1gpu-12h", "module load cuda/cuda-12.6"], accounts=["winter2026-comp579"],
         refuse_words=["/dev/shm", "snapshot_download", "comp579", "--device 0"],
         assumptions=["-A winter2026-comp579, -p all, --qos=comp579-1gpu-12h, --gres=gpu:1, 64G, 3 CPUs, 12 h: set -e, "
                      "module cuda/cuda-12.6, a home venv, cd ~/COMP579_project, HF_HOME in /dev/shm named by user and "
                      "job id, a `python -c` that downloads two models there (network from the compute node), echoes "
                      "and nvidia-smi, NUM_RUNS default 10, then `python run_experiment.py grpo --model "
                      "Qwen/Qwen2.5-7B-Instruct --device 0 ... --experiment-id \"qwen7b-${SLURM_JOB_ID}\" "
                      "--save-transcript`, then rm of the cache. Right: 1 process on 1 GPU with --device 0 kept, the "
                      "job id mapped in HF_HOME and the argument, the in-job download named (compute-node network), "
                      "the /dev/shm cache kept with its memory cost named."]),
    case(fam("uni-batch-grad-nodelist-gres4-help-flag-arg-parse-loop-defaults-dotenv-xargs-export-cmd-var-uv-run-accelerate-launch-config", "slurm"),
         "FacerAin/EHR-R1", "slurm/train.slurm",
         "a university GPU cluster (partition batch_grad, node ariel-v13)", "slurm-batch-grad",
         ["accelerate-launch-config-file", "uv-run-launcher", "launch-from-env-vars", "program-args-from-sbatch",
          "arg-parse-case-loop", "help-flag-exit", "dotenv-xargs-export", "unused-master-addr", "nodelist-pinned",
          "set-x-e", "elapsed-time-arith"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, gpus_per_node=4,
         program="src/ehr_r1/train.py",
         args=["--model_name", "$MODEL", "--data_path", "$DATA_PATH", "--num_epochs", "$EPOCHS", "--batch_size", "$BATCH_SIZE",
               "--gradient_accumulation_steps", "$GRAD_ACC", "--max_length", "$MAX_LENGTH", "--max_prompt_length",
               "$MAX_PROMPT_LENGTH", "--reward-functions", "$REWARD_FUNCS", "--num_generations", "$NUM_GENERATIONS",
               "--use_wandb", "--bf16", "--use_flash_attention", "$ADDITIONAL_ARGS"],
         launcher_config=["accelerate_config.yaml"],
         keep_text=['export LAUNCHER="uv run accelerate launch', "$LAUNCHER $CMD 2>&1", 'MODEL="MPX0222forHF/SQL-R1-3B"'],
         setup=[S("source ~/.bashrc"), S("mkdir -p logs"), S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
                S("export ACCELERATE_LOG_LEVEL=info")],
         source_only=["-p batch_grad", "-w ariel-v13", "--mem-per-gpu=32G"],
         refuse_words=["ariel-v13", "batch_grad", "accelerate_config.yaml", "uv run", ".env"],
         assumptions=["-J R1, --gres=gpu:4, 8 CPUs and 32G a GPU, -p batch_grad, -w ariel-v13, 1 day: a --help "
                      "check that prints usage and exits, set -x -e, .bashrc, defaults (MODEL, DATA_PATH, EPOCHS=1, "
                      "BATCH_SIZE=4, ...), a while/case loop over sbatch arguments, NUM_NODES/WORLD_SIZE/MASTER_ADDR "
                      "computed (not passed to the launcher), `export $(grep -v '^#' .env | xargs)`, CMD and LAUNCHER "
                      "built as strings, then `$LAUNCHER $CMD 2>&1` = `uv run accelerate launch --config_file "
                      "accelerate_config.yaml src/ehr_r1/train.py --model_name $MODEL ...`, then the elapsed time. "
                      "Right: accelerate under `uv run` with the config file kept, 4 GPUs on one node (the config's "
                      "num_processes is not visible: named), the argument loop and defaults kept, the pinned node "
                      "dropped with a note, the .env export kept."]),
    case(fam("bscc-paratera-exclude-eleven-nodes-gres4-one-task-miniforge-modules-source-activate-cvd-cd-abs-home-echo-torch-checks-torchrun-nproc4", "slurm"),
         "JiayiCheung/SpectraLink-Net", "slurm/train.slurm",
         "Beijing Super Cloud Computing Center (Paratera 'bingxing2' N32 H partition nodes excluded, /home/bingxing2)", "bscc-paratera",
         ["torchrun-standalone", "exclude-node-list", "cuda-visible-devices-set", "abs-home-cd", "python-c-in-echo",
          "non-ascii-comments", "miniforge-module"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="scripts/train.py", args=["--config=config/config.yaml"],
         keep_text=["--nproc_per_node=4"],
         setup=[S("source activate fsf"), S("export CUDA_VISIBLE_DEVICES=0,1,2,3"),
                S("cd /home/bingxing2/home/scx7776/run/CSUqx/SLinkNet")],
         source_only=["module load miniforge3/24.1 compilers/gcc/13.2.0 compilers/cuda/12.1",
                      "#SBATCH -x paraai-n32-h-01-agent-1"],
         refuse_words=["/home/bingxing2", "paraai-n32", "miniforge3/24.1", "CUDA_VISIBLE_DEVICES"],
         assumptions=["-x eleven paraai-n32-h-01-agent-* nodes, 1 node, 1 task, --gres=gpu:4, 32 CPUs, 48 h: module purge, "
                      "miniforge3/gcc/cuda modules on one line, `source activate fsf`, CUDA_VISIBLE_DEVICES=0,1,2,3, cd "
                      "to an absolute /home/bingxing2 path, echoes that run python -c torch checks, then `torchrun "
                      "--nproc_per_node=4 scripts/train.py --config=config/config.yaml` (Chinese comments). Right: "
                      "torchrun with 4 workers on one node, the excluded node list dropped with a note, the fixed "
                      "CUDA_VISIBLE_DEVICES kept or named (the target sets it), the modules replaced, the cd named."]),
    case(fam("cwru-pioneer-gpu-l40s-constraint-bashrc-conda-module-cuda-silenced-unquoted-heredoc-torch-check-tmpdir-rsync-symlink-abs-program-dollar-at", "slurm"),
         "enhanced-telerobotics/shaft_force_sensing", "slurm/train.slurm",
         "Case Western Reserve University Pioneer HPC (partition gpu, -C gpul40s, /scratch/pioneer)", "cwru-pioneer",
         ["node-local-staging", "tmpdir-default-fallback", "rsync-data-in", "symlink-logs", "unquoted-heredoc-python",
          "program-args-from-sbatch", "job-id-arg", "abs-program-path", "module-load-silenced", "cleanup-after",
          "trailing-usage-comment"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program='"${PROGRAM_DIR}/shaft_force_sensing/training/trainer.py"', args=['"$@"', "--job_id", '"${SLURM_JOB_ID}"'],
         keep_text=['TEMP_DIR="${TMPDIR:-/tmp/job.${SLURM_JOB_ID}.pioneer}"', 'rsync -a "${PROGRAM_DIR}/data" ./', 'rm -rf "$TEMP_DIR"'],
         setup=[S("source ~/.bashrc"), S("conda activate ltc311"), S("export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK"),
                S('SCRATCH_DIR="/scratch/pioneer/users/sxk2514/shaft_force_sensing"'), S('PROGRAM_DIR="/home/sxk2514/erie/shaft_force_sensing"'),
                S('cd "$TEMP_DIR"'), S('ln -s "${SCRATCH_DIR}/logs" logs')],
         source_only=["-p gpu", "-C gpul40s", "module load cuda 2>/dev/null"],
         refuse_words=["/scratch/pioneer", "gpul40s", "TMPDIR", "/home/sxk2514", "rsync"],
         assumptions=["Pioneer: -p gpu, -C gpul40s, --gres=gpu:1, 1 node, 20 CPUs, 1 day, 20gb, logs in output/: echoes, "
                      ".bashrc and `conda activate ltc311`, `module load cuda 2>/dev/null`, OMP_NUM_THREADS from Slurm, an "
                      "unquoted python heredoc that prints torch/CUDA facts, SCRATCH_DIR and PROGRAM_DIR absolute, "
                      "TEMP_DIR=${TMPDIR:-/tmp/job.$SLURM_JOB_ID.pioneer}, cd there, a logs symlink to scratch, rsync of "
                      "the data in, nvidia-smi, then `python \"${PROGRAM_DIR}/.../trainer.py\" \"$@\" --job_id "
                      "\"${SLURM_JOB_ID}\"` (arguments given to sbatch), echoes, rm -rf of TEMP_DIR. Right: 1 process on "
                      "1 GPU in the staged directory with \"$@\" and the job id mapped, the staging/cleanup kept with "
                      "the target's node-local dir, the /scratch/pioneer and /home paths named, the L40S constraint "
                      "mapped or named."]),
    case(fam("hkust-hpc4-wtliaf-rtx5880-set-euo-env-defaults-spack-setup-conditional-cuda-module-conda-hook-dirname-dollar0-cd-python-c-inline-trainer", "slurm"),
         "molecular-william/mint_plus", "scripts/train.slurm",
         "HKUST HPC4 (account wtliaf, partition gpu-rtx5880, Spack edge instance)", "hkust-hpc4",
         ["python-c-inline-program", "dirname-dollar0-project-root", "env-default-parameters", "spack-setup-env",
          "conditional-module-load", "conda-shell-hook", "nccl-ib-env", "unset-cuda-visible-devices", "lightning-trainer",
          "exit-code-propagation", "set-euo-pipefail", "open-mode-truncate"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="lightning",
         program="-c", args=[],
         keep_text=["trainer = MINTTrainer.from_config('${CONFIG}', overrides=overrides if overrides else None)", "trainer.fit()",
                    'SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"', 'CONFIG="${CONFIG:-configs/recipes/frozen_150M.yaml}"'],
         setup=[S("source /opt/shared/.spack-edge/dist/bin/setup-env.sh -y"), S('eval "$(conda shell.bash hook)"'),
                S('conda activate "${CONDA_ENV}"'), S('cd "${PROJECT_ROOT}"'), S("unset CUDA_VISIBLE_DEVICES"),
                S('export PYTHONPATH="${PROJECT_ROOT}:${PYTHONPATH:-}"'), S('export TRITON_CACHE_DIR="${CKPT_DIR}/triton_cache"')],
         source_only=["--partition=gpu-rtx5880", "module load anaconda3/2025", "--open-mode=truncate"], accounts=["wtliaf"],
         refuse_words=["dirname", "$0", "spack", "gpu-rtx5880", "python -c", "wtliaf"],
         assumptions=["HKUST HPC4: 48 h, 1 node, 1 task, 8 CPUs, -A wtliaf, -p gpu-rtx5880, --gpus-per-node=1, 128G, "
                      "--open-mode=truncate: set -euo pipefail, defaults from the environment (CONFIG, CONDA_ENV, "
                      "DATA_DIR, CKPT_DIR, GPUS, CPUS, USE_SYSTEM_CUDA), the site Spack setup-env, a cuda module only "
                      "if USE_SYSTEM_CUDA, anaconda3/2025, the conda hook and env by path or name, PROJECT_ROOT from "
                      "`dirname \"$0\"`/.. (under sbatch $0 is Slurm's spooled copy, not scripts/: the cd lands in "
                      "the wrong place), mkdir, diagnostics, `unset CUDA_VISIBLE_DEVICES`, NCCL/IB and Triton "
                      "variables, then `python -c \"...MINTTrainer.from_config('${CONFIG}', ...).fit()\"` (a Lightning "
                      "trainer, the program is inline code), the exit code kept. Right: 1 process on 1 GPU with the "
                      "inline program kept byte for byte, the $0-based PROJECT_ROOT named as wrong under a batch "
                      "system (or replaced by the submit dir with a note), the unset CUDA_VISIBLE_DEVICES named, the "
                      "Spack/anaconda set-up replaced."]),
    case(fam("ntnu-idun-gpuq-a100-constraint-167h-mail-two-users-cd-submit-dir-fosscuda-python-modules-cd-dotdot-yolov5-wandb-online-device-0", "slurm"),
         "sebastianvitterso/master-sau", "slurm/train.slurm",
         "NTNU Idun (partition GPUQ, account ie-idi, constraint A100)", "ntnu-idun",
         ["very-long-walltime", "relative-cd-chain", "wandb-online", "device-index-arg", "easybuild-modules",
          "many-commented-alternatives", "sh-shebang", "mail-directives", "job-name-with-spaces"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--img", "1280", "--batch", "8", "--epochs", "1000", "--data", "sheep-cropped-no-msx.yaml", "--weights", "yolov5l6.pt",
               "--cache", "--device", "0"],
         setup=[S("WORKDIR=${SLURM_SUBMIT_DIR}"), S("cd ${WORKDIR}"), S("cd .."), S("cd yolov5"), S("wandb online")],
         source_only=["--partition=GPUQ", '--constraint="A100"', "module load fosscuda/2020b", "module load Python/3.8.6-GCCcore-10.2.0"],
         accounts=["ie-idi"],
         refuse_words=["167:00:00", "fosscuda", "wandb online", "--device 0"],
         assumptions=["#!/bin/sh, Idun: -p GPUQ, --gres=gpu:1, -C A100, -A ie-idi, 167 h, 1 node, 1 task, 12000 MB, a job "
                      "name with spaces, mail to two addresses: cd to the submit dir, uname, module purge + "
                      "fosscuda/2020b + Python/3.8.6, `cd ..` then `cd yolov5`, `wandb online`, then `python train.py "
                      "--img 1280 --batch 8 --epochs 1000 --data sheep-cropped-no-msx.yaml --weights yolov5l6.pt --cache "
                      "--device 0`, a dozen commented alternatives (torch.distributed.launch/run among them). Right: 1 "
                      "process on 1 GPU with --device 0 kept, the relative cd chain from the submit dir kept, the "
                      "167 h cut to the target's limit with a note, the EasyBuild modules replaced, wandb online "
                      "named (compute-node network), the commented lines left comments."]),
    case(fam("princeton-ee-gpu-ee-partition-gres1-array-style-log-names-etc-profile-anaconda3-module-conda-wandb-offline-python3-two-flags", "slurm"),
         "zzx9636/cross-view", "slurm/train.slurm",
         "Princeton (partition gpu-ee, /home/zixuz)", "princeton-rc",
         ["array-style-log-names-without-array", "etc-profile-sourced", "wandb-offline", "inline-directive-comments",
          "abs-home-log-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_argo.py", args=["--batch_size", "16", "--num_workers", "16"],
         setup=[S(". /etc/profile"), S("conda activate crossview"), S("wandb offline")],
         source_only=["-p gpu-ee", "module load anaconda3/2021.5"],
         refuse_words=["gpu-ee", "anaconda3/2021.5", "/home/zixuz", "%A_%a"],
         assumptions=["1 node, 1 task, 16 CPUs, 100G, --gres=gpu:1, 8 h, -p gpu-ee, logs under /home/zixuz named with "
                      "%A_%a (no --array), directives with inline comments: `. /etc/profile`, module purge + "
                      "anaconda3/2021.5, `conda activate crossview`, `wandb offline`, then `python3 train_argo.py "
                      "--batch_size 16 --num_workers 16`. Right: 1 process on 1 GPU with 16 CPUs kept (16 workers), "
                      "the anaconda module replaced, the /home log paths named."]),
    case(fam("irit-osirim-array-0-3-gpunodes-gres-enforce-binding-singularity-module-sif-venv-python-bash-array-index-two-srun-singularity-steps", "slurm"),
         "jeslev/ctp", "scripts/train.slurm",
         "IRIT OSIRIM Toulouse (partition GPUNodes, Singularity 3.0.3, /logiciels/containerCollections)", "irit-osirim",
         ["job-array-index-in-args", "bash-array-indexed-by-task-id", "singularity-exec-under-srun", "two-srun-steps",
          "venv-python-in-container", "gres-flags-enforce-binding", "commented-partition", "sh-shebang-with-bash-arrays",
          "relative-cd-between-steps"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="run_finetuning_hypernym_classification_multidomain.py",
         args=["--experiment-name", "${configs[$SLURM_ARRAY_TASK_ID]}"],
         other_runs=[R("examine_subtrees.py", ["--prediction-metric-type", "ancestor", "--experiment-name", "${configs[$SLURM_ARRAY_TASK_ID]}"], launched=True)],
         keep_text=["srun singularity exec ${_container} ${_python}", '_python="/users/cost/jlovonme/envs/ctp/bin/python"'],
         setup=[S('export PYTHONPATH="."'), S("export TOKENIZERS_PARALLELISM=false"), S("cd scripts")],
         source_only=["#SBATCH --array=0-3", "--partition=GPUNodes", "--gres-flags=enforce-binding", "module load singularity/3.0.3",
                      '_container="/logiciels/containerCollections/CUDA11/pytorch-NGC-20-06-py3.sif"'],
         container_image="/logiciels/containerCollections/CUDA11/pytorch-NGC-20-06-py3.sif",
         refuse_words=["/logiciels", "singularity", "SLURM_ARRAY_TASK_ID", "/users/cost", "enforce-binding"],
         assumptions=["#!/bin/sh (but bash arrays: configs=( ... )), --array=0-3, 1 task, 4 CPUs, -p GPUNodes (RTX6000Node "
                      "commented), --gres=gpu:1, --gres-flags=enforce-binding, mail: module purge + singularity/3.0.3, "
                      "a site .sif and a venv python on /users/cost, four config names in a bash array, PYTHONPATH=., "
                      "cd scripts, `srun singularity exec ${_container} ${_python} run_finetuning_...py --experiment-name "
                      "${configs[$SLURM_ARRAY_TASK_ID]}`, wait, cd ../ctp/inference, a second srun singularity step "
                      "running examine_subtrees.py. Right: an array of 4, each running both steps in order (1 task, 1 "
                      "GPU) in the same image under the target's Apptainer/Singularity (or asked), the array index "
                      "mapped inside the bash-array subscript, the shebang/bash-array mismatch named, the /logiciels "
                      "image and /users venv named."]),
    case(fam("nyu-greene-partition-list-a100-v100-rtx8000-gres-gpu-positional-args-singularity-ro-overlay-bash-c-env-sh-cd-scratch-python-m-src-var", "slurm"),
         "TeamOfProfGuo/NRC_SFDA", "scripts/train.slurm",
         "NYU Greene (partitions a100_1,a100_2,v100,rtx8000, Singularity overlays on /scratch/$USER)", "nyu-greene",
         ["positional-sbatch-args", "module-name-from-arg", "singularity-overlay-ro", "bash-c-double-quoted-body",
          "partition-list", "untyped-gres"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src.${train_file}", module=True,
         args=["--config", "${config_path}", "--exp_name", "${exp_name}", "--exp_id", "${exp_id}"],
         keep_text=["train_file=$1", "source /ext3/env.sh", "cd /scratch/$USER/Research-Team/NRC_My"],
         source_only=["--partition=a100_1,a100_2,v100,rtx8000", "--overlay ${ext3_path}:ro",
                      "sif_path=/scratch/$USER/my_env/cuda11.4.2-cudnn8.2.4-devel-ubuntu20.04.3.sif"],
         container_image="/scratch/$USER/my_env/cuda11.4.2-cudnn8.2.4-devel-ubuntu20.04.3.sif",
         refuse_words=["singularity", "overlay", "/scratch/$USER", "train_file", "a100_1"],
         assumptions=["Greene: 1 node, 1 task, 6 CPUs, 70GB, 15 h, --gres=gpu, -p a100_1,a100_2,v100,rtx8000: four "
                      "positional parameters (train_file, config_path, exp_name, exp_id; given to sbatch), an overlay "
                      "and a .sif on /scratch/$USER, then `singularity exec --nv --overlay ...:ro ${sif_path} /bin/bash "
                      "-c \"source /ext3/env.sh; cd /scratch/$USER/...; python -m src.${train_file} --config "
                      "${config_path} --exp_name ${exp_name} --exp_id ${exp_id}\"` (the module name itself comes from "
                      "$1). Right: 1 process on 1 GPU in the same image and overlay (or asked where the target has no "
                      "Singularity/Apptainer), the four positional inputs named and passed through, the partition "
                      "list mapped to one GPU partition with a note."]),
    case(fam("uni-gpu-all-a100-80gb-4-one-task-bright-cuda-module-home-anaconda-cvd-0-3-accelerate-launch-zero2-num-processes-3-grpo", "slurm"),
         "tem556/ChainOfConscience", "slurm/train.slurm",
         "a university Slurm cluster (partition gpu-all, --gres=gpu:A100_80GB:4, Bright cuda12.2 module)", "slurm-gpu-all",
         ["accelerate-launch-config-file", "num-processes-fewer-than-gpus", "cuda-visible-devices-set", "typed-gres",
          "deepspeed-zero2-config", "grpo-one-gpu-for-generation"],
         launch_model="launcher", launcher="accelerate", total_ranks=3, gpus_per_node=4, strategy="deepspeed",
         strategy_in_script=True,
         program="src/safety_grpo.py", args=["--config", "recipes/qwen/Qwen2.5-3B-Instruct/grpo/confg_full.yaml"],
         launcher_config=["recipes/accelerate_configs/zero2.yaml"],
         keep_text=["--num_processes=3"],
         setup=[S("source ~/anaconda3/etc/profile.d/conda.sh"), S("conda activate coc"), S("export ACCELERATE_LOG_LEVEL=info"),
                S("export CUDA_VISIBLE_DEVICES=0,1,2,3"), S('export PYTORCH_CUDA_ALLOC_CONF="expandable_segments:True"')],
         source_only=["--gres=gpu:A100_80GB:4", "--partition=gpu-all", "module load cuda12.2/toolkit/12.2.1"],
         refuse_words=["num_processes=3", "zero2.yaml", "A100_80GB", "CUDA_VISIBLE_DEVICES", "gpu-all"],
         assumptions=["--gres=gpu:A100_80GB:4, -p gpu-all, 1 node, 1 task, 32 CPUs, 256G, 12 h: module "
                      "cuda12.2/toolkit/12.2.1, home anaconda, `conda activate coc`, ACCELERATE_LOG_LEVEL, "
                      "CUDA_VISIBLE_DEVICES=0,1,2,3, PYTORCH_CUDA_ALLOC_CONF, then `accelerate launch --config_file "
                      "recipes/accelerate_configs/zero2.yaml --num_processes=3 src/safety_grpo.py --config ...` (3 "
                      "training processes on a 4-GPU node: the fourth GPU is left for GRPO generation, open-r1 "
                      "style). Right: accelerate with --num_processes=3 kept (not raised to 4) on a node with 4 "
                      "GPUs, the DeepSpeed ZeRO-2 config kept, the typed gres mapped, CUDA_VISIBLE_DEVICES kept or "
                      "named, the Bright cuda module replaced."]),
    case(fam("aurora-select2-debug-flare-fs-pbs-common-helper-split-nodefile-train-eval-background-supervisor-loop-two-mpiexec-pmix-python-m-xpu", "pbs"),
         "bryan-nm/ProLoopDiff", "scripts/train.pbs",
         "ALCF Aurora (PBS Pro, account NLDesignProtein, queue debug, filesystems home_fs:flare_fs)", "aurora",
         ["sourced-helper-sets-ranks", "split-nodefile-head-tail", "background-supervisor-subshell", "restart-loop",
          "two-mpiexec-launches", "mpiexec-pmix-hostfile", "env-prefix-master-addr", "python-m-module", "xpu-device-arg",
          "pkill-cleanup", "mktemp-hostfiles", "exit-code-propagation", "bash-login-shebang"],
         launch_model="per_rank", launcher="mpiexec", total_ranks="unknown", nodes=2, gpus_per_node=12, device="intel",
         program="src.train", module=True, args=["--device", "xpu"],
         other_runs=[R("src.eval", ["--device", "xpu", "${EVAL_ARGS:-}"], launched=True)],
         keep_text=["source ./scripts/pbs_common.sh", 'head -n "$TRAIN_NODES" "$PBS_NODEFILE" > "$TRAIN_NODEFILE"',
                    "MASTER_ADDR=$TRAIN_MASTER MASTER_PORT=29500", 'kill "$eval_pid"'],
         setup=[S('cd "${PBS_O_WORKDIR:?submit with qsub from the repo root}" || exit 1')],
         source_only=["#PBS -l filesystems=home_fs:flare_fs", "#PBS -q debug", "--pmi=pmix --cpu-bind depth -d 8"],
         accounts=["NLDesignProtein"],
         refuse_words=["pbs_common.sh", "RANKS_PER_NODE", "xpu", "eval", "supervisor", "PBS_NODEFILE"],
         assumptions=["Aurora (bash -l): -A NLDesignProtein, 30 min, select=2, place=scatter, filesystems home_fs:flare_fs, "
                      "-q debug: cd $PBS_O_WORKDIR (or exit), `source ./scripts/pbs_common.sh` (not shown: it sets NNODES, "
                      "RANKS_PER_NODE (12 by the comments), job_banner and the env), a >=2-node check, the nodefile "
                      "split with head/tail into two mktemp hostfiles (last node evaluates, the rest train), a "
                      "background subshell that runs `mpiexec -n $EVAL_RANKS -ppn 1 --pmi=pmix ... python -m src.eval "
                      "--device xpu ${EVAL_ARGS:-}` up to 5 times with MASTER_ADDR/PORT prefixes, then in the "
                      "foreground `mpiexec -n $TRAIN_RANKS -ppn $RANKS_PER_NODE ... --hostfile $TRAIN_NODEFILE python -m "
                      "src.train --device xpu`, then kill/wait of the supervisor, pkill, rm, exit with training's rc. "
                      "Right: an ask or refusal that names what is hidden (pbs_common.sh sets the rank counts and the "
                      "environment) and the XPU device argument for NVIDIA targets; a port, if any, keeps the "
                      "node split, both launches and the supervisor, with --device xpu changed only with a note."]),
    case(fam("imperial-cx1-pbs-select-ngpus1-env-task-from-qsub-v-set-euo-pixi-path-pixi-run-cuda-assert-pixi-run-python-train", "pbs"),
         "arushisinha98/synapster", "scripts/train.pbs",
         "Imperial College London RCS CX1 (PBS Pro, select=1:ncpus=8:mem=32gb:ngpus=1)", "imperial-cx3",
         ["pixi-run-program", "env-default-parameters", "qsub-v-inputs", "python-c-cuda-assert", "set-euo-pipefail",
          "path-prepend-home", "logs-dir-o-directive"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="ctrnn/train.py",
         args=["--task", '"${TASK}"', "--epochs", '"${EPOCHS}"', "--seed", '"${SEED}"', "--device", "cuda", "--out", "ctrnn/bundles"],
         keep_text=["pixi run -e hpc python ctrnn/train.py", 'TASK="${TASK:-perceptual_decision}"'],
         setup=[S('cd "${PBS_O_WORKDIR}"'), S("mkdir -p logs ctrnn/bundles"), S('export PATH="$HOME/.pixi/bin:$PATH"')],
         source_only=["#PBS -l select=1:ncpus=8:mem=32gb:ngpus=1"],
         refuse_words=["pixi", "TASK", "qsub -v", ".pixi"],
         assumptions=["PBS (CX1): select=1:ncpus=8:mem=32gb:ngpus=1, 4 h, -j oe, -o logs/: set -euo pipefail, TASK/EPOCHS/SEED "
                      "from the environment with defaults (qsub -v), cd $PBS_O_WORKDIR, mkdir, ~/.pixi/bin on PATH, a "
                      "`pixi run -e hpc python -c` CUDA assertion, then `pixi run -e hpc python ctrnn/train.py --task "
                      "\"${TASK}\" --epochs \"${EPOCHS}\" --seed \"${SEED}\" --device cuda --out ctrnn/bundles`. Right: 1 "
                      "process on 1 GPU under `pixi run -e hpc` with the defaults kept (sbatch --export instead of qsub "
                      "-v: said), the submit-dir cd mapped, the pixi install in $HOME named."]),
    case(fam("qut-aqua-pbs-select-ngpus1-gpu-id-h100-mail-cd-workdir-venv-bootstrap-pip-install-cvd-0-override-venv-entry-point-train", "pbs"),
         "Simbov/stilt-locomotion", "scripts/train.pbs",
         "QUT Aqua (PBS Pro, select=1:ncpus=8:ngpus=1:mem=64GB:gpu_id=H100)", "qut-aqua",
         ["venv-bootstrap-in-job", "pip-install-in-job", "console-script-entry-point", "cuda-visible-devices-override",
          "gpu-id-resource", "mail-directives", "bash-login-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program=".venv/bin/train",
         args=["Mjlab-Velocity-Flat-Unitree-G1", "--env.scene.num-envs", "4096", "--agent.max-iterations", "30000",
               "--agent.logger", "wandb", "--agent.wandb-project", "stilt-locomotion", "--agent.upload-model", "False",
               "--agent.save-interval", "500"],
         keep_text=['if [ ! -f ".venv/bin/train" ]; then', "~/miniconda3/bin/python3 -m venv .venv"],
         setup=[S("cd $PBS_O_WORKDIR"), S("export CUDA_VISIBLE_DEVICES=0")],
         source_only=["#PBS -l select=1:ncpus=8:ngpus=1:mem=64GB:gpu_id=H100"],
         refuse_words=["gpu_id=H100", "CUDA_VISIBLE_DEVICES=0", "pip install", "miniconda3", "wandb"],
         assumptions=["PBS (bash -l): select=1:ncpus=8:ngpus=1:mem=64GB:gpu_id=H100, 6 h, mail abe: cd $PBS_O_WORKDIR, a "
                      ".venv built from ~/miniconda3 and pip-installed from requirements.txt when .venv/bin/train is "
                      "missing (network from the compute node), else activated, CUDA_VISIBLE_DEVICES=0 forced (PBS "
                      "gives a UUID; the tool wants an index), then `.venv/bin/train Mjlab-Velocity-Flat-Unitree-G1 "
                      "--env.scene.num-envs 4096 ... --agent.save-interval 500` (a console-script entry point, wandb "
                      "logging). Right: 1 process on 1 GPU running the entry point with every argument kept, the "
                      "bootstrap kept with its network need named, the forced CUDA_VISIBLE_DEVICES=0 kept or named "
                      "(on Slurm the index is already an integer), the H100 gpu_id mapped or named."]),
    case(fam("ncar-derecho-pbs-preempt-placeholder-account-ngpus1-job-priority-ncarenv-cuda-conda-modules-tmpdir-glade-python-c-check-accelerate-launch-m-axolotl", "pbs"),
         "ringusTheImp/AFDModel", "scripts/train.pbs",
         "NCAR Derecho (PBS Pro, queue preempt, job_priority=regular, /glade/derecho/scratch)", "ncar-derecho",
         ["accelerate-launch-module", "placeholder-account", "job-priority-resource", "tmpdir-override", "abs-glade-cd",
          "python-c-inline-check", "conda-shell-hook", "force-purge"],
         launch_model="launcher", launcher="accelerate", total_ranks=1, gpus_per_node=1,
         program="axolotl.cli.train", module=True, args=["configs/wx-afd-dora.yml"],
         keep_text=["accelerate launch -m axolotl.cli.train configs/wx-afd-dora.yml"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate wx-afd"), S("export TMPDIR=/glade/derecho/scratch/$USER/tmpdir"),
                S("mkdir -p $TMPDIR"), S("cd /glade/derecho/scratch/$USER/wx-afd")],
         source_only=["#PBS -A <PROJECT_CODE>", "#PBS -q preempt", "#PBS -l job_priority=regular", "module load ncarenv/24.12",
                      "module load cuda/12.8.0"],
         refuse_words=["<PROJECT_CODE>", "preempt", "/glade", "ncarenv", "axolotl"],
         assumptions=["Derecho: -A <PROJECT_CODE> (a placeholder), -q preempt, 6 h, select=1:ncpus=64:ngpus=1, "
                      "job_priority=regular, log on /glade: module --force purge, ncarenv/24.12, cuda/12.8.0, conda, the "
                      "conda hook and `conda activate wx-afd`, TMPDIR on /glade scratch, cd there, a python -c that "
                      "prints torch/GPU/axolotl facts, then `accelerate launch -m axolotl.cli.train "
                      "configs/wx-afd-dora.yml` (no accelerate flags: 1 GPU). Right: accelerate with `-m "
                      "axolotl.cli.train` kept as a module and 1 process on 1 GPU, the placeholder account asked or "
                      "named (never invented), the preempt queue and job_priority dropped with a note, the /glade "
                      "paths and NCAR modules named or replaced."]),
    case(fam("polaris-lighthouse-purdue-preemptable-rerunnable-select1-eagle-set-uo-sourced-env-lib-functions-pinned-save-folder-resume-hdr-run-python-var", "pbs"),
         "chenghao-chen/HDR", "scripts/polaris/train.pbs",
         "ALCF Polaris (PBS Pro, account lighthouse-purdue, queue preemptable, filesystems home:eagle)", "polaris",
         ["sourced-helper-functions", "wrapper-function-launch", "interpreter-from-helper-var", "rerunnable-preemptable",
          "resume-from-pinned-dir", "env-default-parameters", "qsub-v-inputs", "set-uo-pipefail", "one-gpu-of-four",
          "bash-login-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_A100_MoE_two_phase.py", args=[],
         keep_text=['hdr::run "$HDR_PYTHON" train_A100_MoE_two_phase.py', 'source "${PBS_O_WORKDIR:-$(pwd)}/scripts/lib/hdr_env.sh"',
                    'export HDR_SAVE_FOLDER="${HDR_SAVE_FOLDER:-models_p1_moe_Teacher_MobileHDR_polaris01/}"', "exit $status"],
         setup=[S('cd "${PBS_O_WORKDIR:-$(pwd)}" || exit 1'), S("hdr::init")],
         source_only=["#PBS -q preemptable", "#PBS -r y", "#PBS -l select=1:system=polaris", "#PBS -l filesystems=home:eagle"],
         accounts=["lighthouse-purdue"],
         refuse_words=["hdr_env.sh", "hdr::run", "HDR_PYTHON", "preemptable", "-r y", "requeue"],
         assumptions=["Polaris (bash -l): -A lighthouse-purdue, -q preemptable, select=1:system=polaris, place=scatter, 8 h, "
                      "filesystems home:eagle, -r y (rerunnable), logs/: a long comment on why (single-node jobs must use "
                      "preemptable; a requeued run resumes from a pinned folder), set -uo pipefail, cd $PBS_O_WORKDIR, "
                      "`source .../scripts/lib/hdr_env.sh` (not shown: defines hdr::init/banner/log/preflight/die/run "
                      "and HDR_PYTHON), HDR_SAVE_FOLDER default (qsub -v), a resume/scratch log line, a preflight that "
                      "dies on failure, then `hdr::run \"$HDR_PYTHON\" train_A100_MoE_two_phase.py` (one process on one "
                      "of the node's four A100s), exit with its status. Right: 1 process on 1 GPU through the same "
                      "helper (kept, and named: the interpreter and the launch live in hdr_env.sh), the rerun/requeue "
                      "mapped (--requeue) with the pinned resume folder kept, the preemptable queue mapped or named."]),
    case(fam("rutgers-amarel-gpu-gres4-ampere-exclude-community-modules-apptainer-cachedir-scratch-pull-if-missing-exec-bash-c-curl-uv-sync-jax-uv-run", "slurm"),
         "RajeevAtla/chexmix", "train.sbatch",
         "Rutgers Amarel (partition gpu, constraint ampere, /projects/community modulefiles)", "rutgers-amarel",
         ["apptainer-pull-in-job", "container-exec-bash-c-single-quoted", "curl-install-in-job", "uv-sync-in-job",
          "uv-run-program", "jax-one-process-four-gpus", "exclude-nodes", "mail-user-variable", "git-rev-parse-log"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4, framework="jax",
         program="__main__.py", args=["train", "--config", "config/default.toml"],
         keep_text=["uv run python __main__.py train --config config/default.toml", 'apptainer exec --nv "${JAX_IMAGE}" bash -c',
                    "curl -LsSf https://astral.sh/uv/install.sh | sh", "uv sync --group cuda"],
         setup=[S("mkdir -p /scratch/${USER}/apptainer"), S("export APPTAINER_CACHEDIR=/scratch/${USER}/apptainer"),
                S("JAX_IMAGE=jax_25.10-py3.sif")],
         source_only=["--partition=gpu", "--constraint=ampere", "--exclude=gpu[017,018]", "module use /projects/community/modulefiles",
                      "module load git/2.35.1-ez82"],
         container_image="docker://nvcr.io/nvidia/jax:25.10-py3",
         refuse_words=["apptainer pull", "curl", "uv sync", "/projects/community", "ampere", "gpu[017,018]"],
         assumptions=["Amarel: -p gpu, --gres=gpu:4, 48 h, 192G, 8 CPUs, -C ampere, --exclude=gpu[017,018], mail to "
                      "${USER}@rutgers.edu (not expanded by Slurm), logs in slurm/: module purge, the community module "
                      "tree, apptainer and git modules, APPTAINER_CACHEDIR on /scratch/${USER}, `git rev-parse`, an "
                      "`apptainer pull` of docker://nvcr.io/nvidia/jax:25.10-py3 when the .sif is missing (network), "
                      "then `apptainer exec --nv \"${JAX_IMAGE}\" bash -c '...'` whose single-quoted body installs uv "
                      "with curl, `uv sync --group cuda`, checks nvidia-smi/nvcc/jax.devices(), and runs `uv run python "
                      "__main__.py train --config config/default.toml` (one JAX process that uses the 4 GPUs). Right: "
                      "one process seeing 4 GPUs of one node inside the same image under the target's Apptainer, the "
                      "body kept verbatim, the in-job pull and curl/uv installs named (compute-node network), the "
                      "excluded nodes and module tree dropped with a note."]),
    case(fam("gatech-pace-l40s-gres-one-line-n1-cpus16-mail-cd-home-scratch-bashrc-anaconda3-module-conda-srun-python-ensemble-flags-commented-run", "slurm"),
         "Data-Centric-ML-MEADOW/meadow", "train.sbatch",
         "Georgia Tech PACE (--gres=gpu:L40S:1, $HOME/scratch)", "gatech-pace",
         ["several-options-one-directive-line", "typed-gres", "srun-single-task", "home-scratch-cd", "bashrc-conda",
          "quoted-arg-value", "commented-alternative-runs", "mail-directives"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--model-name", "resnet", "--model-variant", "50", "--epochs", "40", "--lr", "0.2", "--batch-size", "128",
               "--early-stopping-patience", "7", "--ensemble-type", "snapshot-pl", "--num-estimators", "3", "--misc-desc", "'e40'"],
         setup=[S("cd $HOME/scratch/meadow"), S("source ~/.bashrc"), S("conda activate dml_env")],
         source_only=["#SBATCH -N1 --gres=gpu:L40S:1 --ntasks-per-node=1 --cpus-per-task=16", "module load anaconda3"],
         refuse_words=["L40S", "$HOME/scratch", "anaconda3"],
         assumptions=["PACE: one directive line `-N1 --gres=gpu:L40S:1 --ntasks-per-node=1 --cpus-per-task=16`, 64G, 16 h, "
                      "mail to a gatech.edu address, logs in sbatch_logs/: cd $HOME/scratch/meadow, .bashrc, the anaconda3 "
                      "module, `conda activate dml_env`, then `srun python train.py --model-name resnet --model-variant 50 "
                      "--epochs 40 --lr 0.2 --batch-size 128 --early-stopping-patience 7 --ensemble-type snapshot-pl "
                      "--num-estimators 3 --misc-desc 'e40'`, a commented alternative run after. Right: 1 task on 1 GPU "
                      "(srun kept or the target's launcher for one task) with every argument kept, all four options "
                      "of the one directive line read, the L40S type mapped or named, the anaconda module replaced."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
