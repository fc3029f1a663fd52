"""Write bench/unseen27/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen26 (bench/unseen6/make_common.py).
Usage: python bench/unseen27/make_cases.py /work/cache/unseen27 bench/unseen27/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("utec-khipu-gpu-nodelist-mig-a100-2g-module-python3-venv-python-train-many-args", "slurm"),
         "Fabrizzio20k/Lab3-deep-learning", "train.slurm",
         "UTEC Peru (Khipu assumed: partition gpu, node ag001, MIG slice a100_2g.10gb; the owner's other repos are UTEC labs)", "utec-khipu",
         ["nodelist-pinned", "mig-slice-gres", "site-python-module", "relative-venv", "program-many-args"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--train_h5", "data/train.h5", "--train_csv", "data/train.csv", "--epochs", "80", "--batch", "32",
               "--lr", "3e-4", "--lr_backbone", "1e-5", "--freeze-epochs", "10", "--embed", "256",
               "--backbone", "efficientnet_b0", "--out", "model_effnet.pt", "--no-val", "--workers", "2"],
         keep_text=["python train.py"],
         setup=[S("mkdir -p logs"), S("source .venv/bin/activate")],
         source_only=["--nodelist=ag001", "--gres=gpu:a100_2g.10gb:1", "module load python3/3.13.2"],
         refuse_words=["ag001", "a100_2g.10gb", "python3/3.13.2", "MIG"],
         assumptions=["Partition gpu, --nodelist=ag001, one MIG slice --gres=gpu:a100_2g.10gb:1, 1 task, 8 CPUs, 32G, 3 h, "
                      "logs under logs/: mkdir logs, the site python3/3.13.2 module, a venv at .venv (relative to the "
                      "submit dir), then `python train.py --train_h5 data/train.h5 ... --workers 2`. Right: 1 process on "
                      "1 GPU (a whole GPU or the target's smallest slice, with a note that the source asked for a 10 GB "
                      "MIG slice), the node pin dropped with a note, the python module replaced, the venv kept or named."]),
    case(fam("alliance-narval-def-downd-modules-scipy-stack-abs-venv-pip-no-index-torch-distributed-run-nproc1-main-cfg", "slurm"),
         "mmdmirh/CAS732-CoachMe-Replication", "pretrain.slurm",
         "Digital Research Alliance of Canada (Narval: account def-downd, job name coachme_pretrain_narval, the pip --no-index wheelhouse)", "alliance-narval",
         ["alliance-modules-gcc-arrow-scipy-stack", "absolute-project-venv", "pip-install-no-index-in-job",
          "torch-distributed-run-nproc1", "fixed-master-port", "day-hour-time-format"],
         launch_model="launcher", launcher="torch.distributed.run", total_ranks=1, gpus_per_node=1,
         strategy="ddp", program="main.py", args=["--cfg_file", "./results/pretrain/pretrain.yaml"],
         keep_text=["python -m torch.distributed.run", "--nproc_per_node=1", "main.py --cfg_file ./results/pretrain/pretrain.yaml"],
         setup=[S('source $VENV_PATH/bin/activate'),
                S("pip install --no-index torch torchvision torchaudio pytorch_lightning transformers  --quiet")],
         source_only=["--account=def-downd", "module load gcc arrow", "module load python/3.10", "module load scipy-stack"],
         accounts=["def-downd"],
         refuse_words=["def-downd", "scipy-stack", "--no-index", "/home/mmdmir/projects/def-downd"],
         assumptions=["Alliance (Narval): --account=def-downd, --gres=gpu:1, 4 CPUs, 32G, 0-04:00:00, %j logs: modules gcc "
                      "arrow, python/3.10, scipy-stack, a venv at /home/mmdmir/projects/def-downd/mmdmir/coachme_venv, a "
                      "`pip install --no-index ...` in the job (the Alliance wheelhouse; no internet on compute nodes), then "
                      "`python -m torch.distributed.run --nproc_per_node=1 --master_port=29050 main.py --cfg_file "
                      "./results/pretrain/pretrain.yaml`. Right: 1 worker on 1 GPU, the launcher line kept, the Alliance "
                      "modules replaced, the --no-index install named (it needs the Alliance wheelhouse; on the target "
                      "install beforehand or drop with a note), the account replaced, the venv path named."]),
    case(fam("unnamed-qos-level4-account-research-gres2-module-purge-slurm-module-anaconda-source-activate-sh-wrapper-config", "slurm"),
         "JeremyZhao1998/MRT-release", "run.slurm",
         "An unnamed Slurm cluster (partition gpu, --qos=level4, --account=research, module slurm/slurm/20.11.8)", "unnamed-cluster",
         ["sh-wrapper-script-launches-torchrun", "gres2-ntasks1", "module-purge", "slurm-module", "site-anaconda-module",
          "bare-source-activate", "deep-output-path"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="configs/def-detr-base/city2foggy/source_only.sh", args=[],
         keep_text=["sh configs/def-detr-base/city2foggy/source_only.sh"],
         setup=[S("conda activate at")],
         source_only=["--qos=level4", "--account=research", "module load slurm/slurm/20.11.8", "module load anaconda3/2021.11"],
         accounts=["research"],
         refuse_words=["level4", "research", "anaconda3/2021.11", "source_only.sh", "torchrun"],
         assumptions=["1 node, 1 task, 48 CPUs, --gres=gpu:2, partition gpu, --qos=level4, --account=research, 10 h, output "
                      "to outputs/def-detr-base/city2foggy/source_only/log.txt: module purge, modules slurm and "
                      "anaconda3/2021.11, a bare `source activate` then `conda activate at`, then `sh "
                      "configs/def-detr-base/city2foggy/source_only.sh` (a wrapper in the repository that runs torchrun "
                      "with --nproc_per_node=2 on CUDA_VISIBLE_DEVICES=0,1). Right: the wrapper kept as the one command "
                      "with both GPUs of one node given to it (2 GPUs, 1 task), the qos/account/modules replaced, the "
                      "output directory created or named (Slurm does not create it)."]),
    case(fam("nyu-greene-rtx8000-gres-typed-abs-scratch-venv-cd-scratch-python-config-chinese-comments", "slurm"),
         "AlanMuErDan/Content-Style-Disentangled-Representation-Learning", "run_train.sbatch",
         "NYU HPC Greene (partition rtx8000, /scratch/gz2199; assumed from the partition and the NetID path)", "nyu-greene",
         ["typed-gres-rtx8000", "absolute-scratch-venv", "cd-absolute-scratch", "chinese-comments", "one-cpu"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main_train.py", args=["--config", "configs/config.yaml"],
         workdir="/scratch/gz2199/Content-Style-Disentangled-Representation-Learning",
         keep_text=["python main_train.py --config configs/config.yaml"],
         setup=[S("source /scratch/gz2199/calli_env/bin/activate")],
         source_only=["--partition=rtx8000", "--gres=gpu:rtx8000:1"],
         refuse_words=["rtx8000", "/scratch/gz2199"],
         assumptions=["Partition rtx8000, --gres=gpu:rtx8000:1, 1 CPU, 16G, 24 h, logs under logs/: a venv at "
                      "/scratch/gz2199/calli_env, cd /scratch/gz2199/Content-Style-..., then `python main_train.py --config "
                      "configs/config.yaml` (Chinese comments). Right: 1 process on 1 GPU, the GPU type replaced with a "
                      "note, the /scratch/gz2199 paths named (they do not exist on the target), the logs directory made."]),
    case(fam("unnamed-gpu-h100-4-set-euo-heredoc-torch-check-exports-conditional-srun-data-loader-then-srun-train-then-srun-eval", "slurm"),
         "CastleBby/612_FinalProject", "run_train.sbatch",
         "An unnamed Slurm cluster (partition gpu, --gres=gpu:h100:4; the account line is commented out)", "unnamed-cluster",
         ["three-srun-steps", "conditional-data-step", "heredoc-python-check", "set-euo", "gres4-one-task",
          "thread-exports-from-slurm-cpus", "commented-venv-and-cd"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="train_multitask.py", args=[],
         other_runs=[R("data_loader.py", [], launched=True), R("evaluate_multitask.py", [], launched=True)],
         keep_text=["srun -u python3 data_loader.py", "srun -u python3 train_multitask.py", "srun -u python3 evaluate_multitask.py",
                    'if [ ! -f "processed_data.npz" ]; then'],
         setup=[S("set -euo pipefail"), S('export OMP_NUM_THREADS="$SLURM_CPUS_PER_TASK"'),
                S("export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:512,garbage_collection_threshold:0.9"),
                S("export NVIDIA_TF32_OVERRIDE=1")],
         source_only=["--gres=gpu:h100:4"],
         refuse_words=["h100", "SLURM_CPUS_PER_TASK", "srun", "processed_data.npz"],
         assumptions=["Partition gpu, --gres=gpu:h100:4, 8 CPUs, 48G, 8 h, slurm-%j.out (account commented): set -euo "
                      "pipefail, nvidia-smi, a heredoc python CUDA check, OMP/MKL threads from $SLURM_CPUS_PER_TASK, "
                      "allocator and TF32 exports, then `srun -u python3 data_loader.py` only when processed_data.npz is "
                      "missing, `srun -u python3 train_multitask.py`, `srun -u python3 evaluate_multitask.py` (1 task each; "
                      "the one task sees all 4 GPUs). Right: the three steps in order with the condition kept, each as 1 "
                      "process with the node's GPUs (4, or what the target gives with a note), srun mapped on a PBS target "
                      "(mpiexec -n 1 or a plain call), $SLURM_CPUS_PER_TASK mapped or set."]),
    case(fam("gpu-2080ti-qos-normal-gres3-mail-set-euo-cd-home-anaconda-module-conda-sh-conditional-env-create-pip-install-marker-python-mmdet-config", "slurm"),
         "EstebanDARIZ/GCC-Net_slurm", "run_train.sbatch",
         "A French lab Slurm cluster (partition gpu-2080ti, qos normal, EasyBuild Anaconda3 2024.02-1; French comments)", "unnamed-cluster",
         ["gres3-one-process", "conditional-conda-create", "pip-install-once-marker-file", "set-euo", "cd-home-project",
          "easybuild-anaconda-path", "old-cuda-wheels-cu101"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=3, gpus_per_rank=3,
         program="tools/train.py", args=["configs/autoassign/autoassign_r50_fpn_8x2_3x_gcc_custom.py"],
         workdir="~/GCC-Net",
         keep_text=["python tools/train.py configs/autoassign/autoassign_r50_fpn_8x2_3x_gcc_custom.py",
                    'if [ ! -f "${MARKER_FILE}" ]; then'],
         setup=[S("set -euo pipefail"), S("cd ~/GCC-Net"),
                S("source /opt/easybuild/software/Anaconda3/2024.02-1/etc/profile.d/conda.sh"),
                S("conda activate ${ENVIRONMENT_NAME}")],
         source_only=["--partition=gpu-2080ti", "--qos=normal", "module load Anaconda3"],
         refuse_words=["gpu-2080ti", "/opt/easybuild", "cu101", "Anaconda3"],
         assumptions=["1 node, 1 task, 8 CPUs, 48G, 72 h, partition gpu-2080ti, qos normal, --gres=gpu:3, mail: set -euo "
                      "pipefail, cd ~/GCC-Net, module Anaconda3 and its conda.sh under /opt/easybuild, `conda create` of "
                      "gccnet_env (python 3.8.18) when missing, activate, a one-time pip install keyed on "
                      "sha256(requirements.txt) (torch 1.7.0+cu101, mmcv-full 1.6.0, -e .; needs internet), then `python "
                      "tools/train.py configs/autoassign/...py` (one process; the 3 GPUs are visible to it). Right: the "
                      "env-create and install block kept (with a note that it needs internet and CUDA-10.1 wheels may not "
                      "run on the target's GPUs) or named, the training command kept as 1 process, the partition/qos and "
                      "EasyBuild path replaced."]),
    case(fam("dartmouth-discovery-h200-preemptable-account-free-gres2-bash-l-set-euo-conda-two-background-pythons-one-gpu-each-wait", "slurm"),
         "andrewbelles/compressive-augmentation", "run_train.sbatch",
         "Dartmouth Discovery (/dartfs-hpc/scratch, /optnfs/common/miniconda3, account free, partition h200_preemptable)", "dartmouth-discovery",
         ["two-background-runs-one-gpu-each", "cuda-visible-devices-per-run", "wait", "python-c-gpu-count-check", "set-euo",
          "bash-l", "hint-nomultithread", "per-run-log-redirect"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2,
         program="train.py",
         args=["--half", "0", "--scratch-dir", '"$REPO"', "--data-dir", '"$REPO/preprocess/data/fma_small_mel"',
               "--audio-root", '"$REPO/preprocess/data"', "--num-workers", "2"],
         other_runs=[R("train.py", ["--half", "1", "--scratch-dir", '"$REPO"', "--num-workers", "2"])],
         keep_text=["CUDA_VISIBLE_DEVICES=0 python train.py", "CUDA_VISIBLE_DEVICES=1 python train.py", "wait",
                    "assert n>=2"],
         setup=[S("set -euo pipefail"), S("source /optnfs/common/miniconda3/etc/profile.d/conda.sh"),
                S('conda activate "$CONDA_ENV"'), S('cd "$REPO"')],
         source_only=["--account=free", "--partition=h200_preemptable", "--gres=gpu:h200:2", "/dartfs-hpc/scratch/$USER"],
         accounts=["free"],
         refuse_words=["h200_preemptable", "free", "/dartfs-hpc", "/optnfs"],
         assumptions=["bash -l; account free, partition h200_preemptable, --gres=gpu:h200:2, 1.5 days, 128G, 16 CPUs, "
                      "--hint=nomultithread, logs/: set -euo pipefail, thread exports, REPO under /dartfs-hpc/scratch/$USER, "
                      "the site miniconda conda.sh, `conda activate compressive-augmentation`, cd $REPO, two python -c "
                      "checks (CUDA, at least 2 GPUs), cache dirs, then two independent trainings in the background, "
                      "`CUDA_VISIBLE_DEVICES=0 python train.py --half 0 ...` and `CUDA_VISIBLE_DEVICES=1 python train.py "
                      "--half 1 ...`, each to its own log, and `wait`. Right: 1 node with 2 GPUs, both runs kept in the "
                      "background each pinned to its own GPU, the wait kept; the paths and the conda setup named; the "
                      "preemptable partition and account replaced."]),
    case(fam("umass-gres1-no-time-srun-u-python-all-args-from-export-vars-tab-indented-exit", "slurm"),
         "cvl-umass/ssl-evaluation", "run_train.sbatch",
         "UMass Amherst (cvl-umass lab; the cluster is not named, no partition, no time)", "umass-cluster",
         ["all-args-from-submit-time-exported-vars", "srun-u-python", "tab-indented-continuations", "no-time-limit",
          "double-output-directive"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="run_train.py",
         args=["--task", "${task}", "--init", "${init}", "--alg", "${alg}", "--unlabel", "${unlabel}", "--num_iter", "${num_iter}",
               "--warmup", "${warmup}", "--lr", "${lr}", "--wd", "${wd}", "--batch_size", "${batch_size}", "--exp_dir", "${exp_dir}",
               "--MoCo", "${MoCo}", "--alpha", "${alpha}", "--kd_T", "${kd_T}", "--trainval"],
         keep_text=["srun -u python run_train.py --task ${task}"],
         refuse_words=["task", "exported", "sbatch --export", "qsub -v", "variables"],
         assumptions=["1 node, --mem=100GB, --gres=gpu:1, no time, two output directives (--output and -o): one `srun -u python "
                      "run_train.py --task ${task} --init ${init} ... --kd_T ${kd_T} --trainval` whose every value comes "
                      "from variables that must be exported at submit time (none is set in the file). Right: the command "
                      "kept with the variables, and the port says they must be passed (sbatch --export / qsub -v on a PBS "
                      "target) or asks for them; a port that invents values or silently drops them is wrong."]),
    case(fam("unimore-aimagelab-all-usr-prod-constraint-2080ti-conda-init-block-italian-pythonpath-to-python-binary-abs-python-accelerate-program-no-final-newline", "slurm"),
         "olmobaldoni/bio_project", "run_train.sbatch",
         "UNIMORE AImageLab cluster (partition all_usr_prod, account ai4bio2023, constraint gpu_2080Ti_11G; Italian comments)", "unimore-aimagelab",
         ["conda-init-block-abs-anaconda", "pythonpath-set-to-python-binary", "accelerate-program-run-with-plain-python",
          "gpu-model-constraint", "absolute-program-path", "no-final-newline", "italian-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/homes/obaldoni/bio_project/textual_inversion/train_accelerate.py", args=[],
         keep_text=["python /homes/obaldoni/bio_project/textual_inversion/train_accelerate.py"],
         setup=[S("conda activate bio_env"), S("export PYTHONPATH='/usr/local/anaconda3/bin/python'")],
         source_only=["--partition=all_usr_prod", '--constraint="gpu_2080Ti_11G"', "/usr/local/anaconda3"],
         accounts=["ai4bio2023"],
         refuse_words=["all_usr_prod", "ai4bio2023", "gpu_2080Ti_11G", "/usr/local/anaconda3", "/homes/obaldoni"],
         assumptions=["1 node, 8 CPUs, 50G, --gres=gpu:1, 24 h, account ai4bio2023, partition all_usr_prod, "
                      "--constraint=gpu_2080Ti_11G: a pasted conda-init block for /usr/local/anaconda3 (Italian comments), "
                      "`conda activate bio_env`, PYTHONPATH set to the python binary path (harmless but wrong), then `python "
                      "/homes/obaldoni/bio_project/textual_inversion/train_accelerate.py` run as one plain process (no "
                      "accelerate launch; no final newline). Right: 1 process on 1 GPU kept as written, the absolute "
                      "/homes path named, the conda block/anaconda path, partition, constraint and account replaced."]),
    case(fam("utrecht-gpua16-mail-set-e-env-var-config-defaults-cd-scratch-conditional-conda-then-venv-required-dataset-download-loop-cmd-string-built-then-run", "slurm"),
         "sjoerdvink99/graph_surrogate", "run_train.sbatch",
         "Utrecht University (a uu.nl mail; partition gpua16; /storage/scratch/2427021; cluster assumed from the mail)", "uu-cluster",
         ["env-var-defaults-config", "cmd-string-built-then-run-unquoted", "dataset-download-loop", "conditional-conda-then-required-venv",
          "cd-absolute-scratch", "set-e", "usage-comment-env-overrides"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts.run_rne_experiments", module=True,
         args=["--datasets", "$RNE_DATASETS", "--config", "$RNE_CONFIG", "--run-id", "$RNE_RUN_ID", "--seed", "$RNE_SEED"],
         other_runs=[R("datasets.registry", ["download", '"$DATASET"'])],
         keep_text=['CMD="python -m scripts.run_rne_experiments"', "$CMD", 'RNE_DATASETS="${RNE_DATASETS:-deezer facebook amazon dblp}"',
                    'python -m datasets.registry download "$DATASET"'],
         setup=[S("set -e"), S('cd "$PROJECT_DIR"'), S("source .venv/bin/activate")],
         source_only=["--partition=gpua16", "/storage/scratch/2427021/conda/etc/profile.d/conda.sh"],
         refuse_words=["gpua16", "/storage/scratch/2427021", "RNE_CONFIG", "$CMD"],
         assumptions=["Partition gpua16, --gres=gpu:1, 1 node, 1 task, 8 CPUs, 64G, 72 h, mail: set -e, exports, cd to the "
                      "absolute /storage/scratch/2427021/graph_surrogate (exit when missing), a conda env when its conda.sh "
                      "exists, then a required .venv (exit when missing), RNE_* knobs with defaults overridable at submit, "
                      "banner echoes, a download loop `python -m datasets.registry download \"$DATASET\"` per dataset, then "
                      "a command string CMD built (with --rne-only / --neurips when set) and run unquoted as `$CMD`. Right: "
                      "1 process on 1 GPU, the loop and the built command kept (not expanded at port time), the submit-time "
                      "overrides named, the scratch paths named, the partition replaced."]),
    case(fam("unnamed-partition-GPU-gres-rtx6000ada-1-chinese-comments-echo-debug-python-u-no-args-no-final-newline", "slurm"),
         "wang-10086/MVGFormerHand", "run_train.sbatch",
         "An unnamed Slurm cluster (partition GPU, --gres=gpu:rtx6000ada:1; Chinese comments citing a site manual)", "unnamed-cluster",
         ["typed-gres-rtx6000ada", "no-env-setup", "echo-debug-lines", "python-u-no-args", "no-final-newline", "chinese-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         keep_text=["python -u train.py"],
         source_only=["--partition=GPU", "--gres=gpu:rtx6000ada:1"],
         refuse_words=["rtx6000ada", "--partition=GPU", "python"],
         assumptions=["Partition GPU, --gres=gpu:rtx6000ada:1, 8 CPUs, 32G, 72 h, logs/train_%j.out (the comment says "
                      "make logs first): echoes (node, time, `which python`), `python -u train.py`, an end echo; no "
                      "environment setup at all (the python on PATH at submit is used; no final newline). Right: 1 process "
                      "on 1 GPU, the GPU type replaced with a note, the missing environment named (the target's default "
                      "python will not have the packages), logs dir made."]),
    case(fam("nyu-langone-bigpurple-gpu4-short-gres1-cd-gpfs-abs-miniconda-conda-sh-activate-nvidia-smi-python-no-args", "slurm"),
         "yoonseo1001-khu/SLM-hybrid-LLM-evaluation", "run_train.sbatch",
         "NYU Langone BigPurple (partition gpu4_short, /gpfs/data/oermannlab)", "nyu-bigpurple",
         ["absolute-gpfs-cd", "absolute-miniconda-conda-sh", "nvidia-smi", "program-no-args", "fixed-log-names"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_medqa.py", args=[],
         workdir="/gpfs/data/oermannlab/gaifl/users/yl14814/SLM_hybrid_project",
         keep_text=["python train_medqa.py"],
         setup=[S("source /gpfs/data/oermannlab/gaifl/users/yl14814/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate llm_eval2")],
         source_only=["--partition=gpu4_short"],
         refuse_words=["gpu4_short", "/gpfs/data/oermannlab"],
         assumptions=["Partition gpu4_short, --gres=gpu:1, 12 h, train.out/train.err: cd to /gpfs/data/oermannlab/..., a "
                      "miniconda under the same tree, `conda activate llm_eval2`, nvidia-smi, then `python train_medqa.py`. "
                      "Right: 1 process on 1 GPU, the /gpfs paths and the conda env named, the partition replaced."]),
    case(fam("imperial-cx3-pbs-no-shebang-select-ncpus16-ngpus1-anaconda-personal-cd-workdir-python-redirect-output", "pbs"),
         "lorenzolucchese/deepOBs", "submit.pbs",
         "Imperial College London RCS (PBS, module anaconda3/personal)", "imperial-cx3",
         ["no-shebang", "pbs-select-ngpus1", "anaconda-personal-module", "cd-pbs-o-workdir", "stdout-redirect-to-file",
          "no-conda-activate"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="model_AAL_OB_classification.py", args=[],
         keep_text=["python model_AAL_OB_classification.py > model_AAL_OB_classification3.txt"],
         setup=[S("cd $PBS_O_WORKDIR")],
         source_only=["module load anaconda3/personal", "#PBS -l select=1:ncpus=16:mem=96gb:ngpus=1"],
         refuse_words=["anaconda3/personal", "PBS_O_WORKDIR", "ngpus"],
         assumptions=["No shebang; PBS 1 h, select=1:ncpus=16:mem=96gb:ngpus=1: module anaconda3/personal (no env "
                      "activated: the base of the user's personal anaconda), cd $PBS_O_WORKDIR, `python "
                      "model_AAL_OB_classification.py > model_AAL_OB_classification3.txt`. Right: 1 process on 1 GPU on a "
                      "Slurm target with the submit dir mapped (cd $SLURM_SUBMIT_DIR or the default), the redirect kept, "
                      "the personal anaconda named (the environment must be made on the target)."]),
    case(fam("tacc-lonestar6-gpu-h100-account-mll-set-e-abs-scratch-paths-secrets-env-wandb-hf-login-abs-conda-bin-accelerate-launch-num-processes2-config-env-default", "slurm"),
         "giannisdaras/ddpo-pytorch", "scripts/launch_ls6_h100.sh",
         "TACC Lonestar6 (partition gpu-h100, -A MLL, /scratch/07362 and /work/07362/.../ls6)", "lonestar6",
         ["accelerate-launch-num-processes2", "absolute-conda-env-bin-tools", "secrets-file-sourced", "wandb-and-hf-login-in-job",
          "env-default-config", "set-e", "one-task-two-processes"],
         launch_model="launcher", launcher="accelerate", total_ranks=2, nodes=1, gpus_per_node=2,
         strategy="ddp", program="scripts/train.py",
         args=["--config", "config/ls6.py:$CONFIG", "--config.run_name", "$RUN_NAME", "--config.logdir", "$SCRATCH/ddpo-pytorch/logs/$RUN_NAME"],
         keep_text=["$CONDA/accelerate launch --num_processes 2 --mixed_precision fp16", "source $REPO/secrets/env.sh",
                    "CONFIG=${DDPO_CONFIG:-compressibility_h100}"],
         setup=[S("set -e"), S("source $REPO/secrets/env.sh"), S("cd $REPO"),
                S("$CONDA/wandb login $WANDB_API_KEY --relogin"), S("$CONDA/huggingface-cli login --token $HF_TOKEN")],
         source_only=["-p gpu-h100", "-A MLL", "SCRATCH=/scratch/07362/gdaras", "CONDA=/work/07362/gdaras/ls6/miniconda3/envs/ddpo/bin"],
         accounts=["MLL"],
         refuse_words=["MLL", "gpu-h100", "/scratch/07362", "/work/07362", "secrets/env.sh", "num_processes"],
         assumptions=["LS6: -p gpu-h100, -N 1, -n 1, 2 days, -A MLL, log under /scratch/07362/gdaras: set -e, SCRATCH/REPO/"
                      "CONDA set to absolute LS6 paths (REPO under /home1/07362), HF/W&B cache exports, `source "
                      "$REPO/secrets/env.sh` (supplies WANDB_API_KEY and HF_TOKEN), CONFIG and RUN_NAME with env defaults, "
                      "echoes, mkdirs, `wandb login` and `huggingface-cli login` with the env binaries, cd $REPO, then "
                      "`$CONDA/accelerate launch --num_processes 2 --mixed_precision fp16 scripts/train.py --config "
                      "config/ls6.py:$CONFIG ...` (2 processes on one node; no GPU count is requested: the gpu-h100 nodes "
                      "give their GPUs to the job). Right: one accelerate launch of 2 processes with 2 GPUs on one node, "
                      "the absolute LS6 paths named (the env binaries and the secrets file must exist on the target), the "
                      "logins kept (they need the network), the account and partition replaced."]),
    case(fam("nersc-perlmutter-mp107c-gpu-hbm40g-shared-gpus1-set-euo-abs-cfs-python-jax-knobs-conditional-build-steps-train-then-sample-plot", "slurm"),
         "yomori/AgoraSynth", "scripts/submit_cib_train.sh",
         "NERSC Perlmutter (-A mp107c, -C gpu&hbm40g, -q shared, /global/cfs/cdirs)", "perlmutter",
         ["jax", "absolute-python-binary", "knobs-block", "three-conditional-build-steps", "train-then-sample-then-plot",
          "xla-preallocate-off", "jax-platforms-cpu-for-one-step", "set-euo", "shared-qos-one-gpu"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="jax",
         program="scripts/train_fm_wph_cib.py",
         args=["--data", '"$DATA"', "--wph-prior", '"$PRIOR"', "--wph-targets", '"$TARGETS"', "--wph-mode", "persample",
               "--epochs", '"$EPOCHS"', "--batch-size", '"$BATCH"', "--lr", '"$LR"', "--channels", "$CHANNELS", "--out", '"$CKPT"'],
         other_runs=[R("scripts/build_dataset_cib.py", ["--n-patches", "10000"]),
                     R("scripts/build_wph_prior_cib.py", ["--data", '"$DATA"']),
                     R("scripts/build_wph_targets_cib_sharded.py", ["--shard", "2000"]),
                     R("scripts/sample_fm_cib.py", ["--ckpt", '"$CKPT"']),
                     R("scripts/plot_cib_realizations.py", ["--samples", "samples/fm_cib.npz"])],
         keep_text=["export XLA_PYTHON_CLIENT_PREALLOCATE=false", 'if [[ ! -f "$DATA" ]]; then',
                    "JAX_PLATFORMS=cpu $PY scripts/build_dataset_cib.py"],
         setup=[S("set -euo pipefail"), S('cd "$REPO"')],
         source_only=["-A mp107c", "-C gpu&hbm40g", "-q shared", "REPO=/global/cfs/cdirs/mp107c/yomori/repo/AgoraSynth",
                      "PY=/global/cfs/cdirs/des/yomori/packages_perl/miniconda3/envs/jaxkdk2/bin/python"],
         accounts=["mp107c"],
         refuse_words=["mp107c", "hbm40g", "/global/cfs", "jaxkdk2", "shared"],
         assumptions=["Perlmutter: -A mp107c, -C gpu&hbm40g, -q shared, 16 h, -N 1, --gpus 1, 32 CPUs, runs/ logs: set -euo "
                      "pipefail, knobs (REPO and PY are absolute /global/cfs paths; PY is a JAX conda env's python), cd $REPO, "
                      "XLA_PYTHON_CLIENT_PREALLOCATE=false, a jax.devices() check, then three build steps each only when its "
                      "output file is missing (the dataset one forced to CPU with JAX_PLATFORMS=cpu), the training `$PY "
                      "scripts/train_fm_wph_cib.py ...`, sampling and plotting. Right: 1 process on 1 GPU (a 40 GB A100 "
                      "or a note), all steps kept in order with their conditions, $PY and $REPO named (they do not exist "
                      "off Perlmutter), account/constraint/qos replaced."]),
    case(fam("purdue-gautschi-ai-preemptible-gres4-requeue-signal-usr1-traps-conda-module-gpus-from-job-gpus-python-c-heredocs-bash-array-args-torchrun-oom-retry-loop", "slurm"),
         "JimmyJamJr/nl-fine-tuning", "nl/tuning_job_qwen06b_curr96_lr5e-5_fullft.sh",
         "Purdue RCAC Gautschi (/scratch/gautschi, partition ai, -A asaparov, -q preemptible; a purdue.edu mail)", "purdue-gautschi",
         ["torchrun-nproc-from-slurm-job-gpus", "oom-retry-while-loop", "requeue-signal-usr1-trap", "scontrol-requeue",
          "python-c-multiline-strings", "bash-array-args-with-conditional-flags", "master-port-from-job-id", "set-euo",
          "module-conda", "dotenv-next-to-script"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         strategy="ddp", program="tuning_nl.py", args=['"${ARGS[@]}"'],
         keep_text=['trap \'echo "[SIG] USR1 @ $(date) — grace period"; sleep 120; scontrol requeue "$SLURM_JOB_ID"; exit 0\' USR1',
                    'GPUS_PER_NODE=$(echo $SLURM_JOB_GPUS | tr "," "\\n" | wc -l)',
                    "while [ $RETRY_COUNT -lt $MAX_RETRIES ]; do", "torchrun --nproc_per_node=$GPUS_PER_NODE"],
         setup=[S("set -euo pipefail"), S("module load conda"), S("conda activate search"),
                S('export SCRATCH="/scratch/gautschi/$USER"'), S("export HF_HUB_OFFLINE=1")],
         source_only=["--partition=ai", "-A asaparov", "-q preemptible"],
         accounts=["asaparov"],
         refuse_words=["asaparov", "preemptible", "gautschi", "SLURM_JOB_GPUS", "scontrol requeue", "USR1"],
         assumptions=["Gautschi: 1 node, 1 task, --gres=gpu:4, 56 CPUs, 64G, 48 h, partition ai, -A asaparov, -q preemptible, "
                      "mail, append-mode logs, --requeue, --signal=B:USR1@180: set -euo pipefail, a USR1 trap that sleeps and "
                      "`scontrol requeue`s the job, module conda + `conda activate search`, SCRATCH=/scratch/gautschi/$USER, "
                      "an optional .env next to the script, GPUS_PER_NODE counted from $SLURM_JOB_GPUS, OMP threads, NCCL "
                      "and MASTER_* exports (port from the job id), a long knobs block, two `python -c` multi-line "
                      "programs (build the C++ generator, cache the HF model), an ARGS bash array with conditional flags, "
                      "then a retry loop (up to 10) running `torchrun --nproc_per_node=$GPUS_PER_NODE --master_port=... "
                      "tuning_nl.py \"${ARGS[@]}\"` and restarting on a RESTART_FLAG file. Right: 4 workers on 1 node, the "
                      "loop, array and python -c blocks kept, $SLURM_JOB_GPUS mapped on a PBS target (or the count written "
                      "as 4), the requeue/signal mechanism mapped or named as not portable (PBS has no --signal; qrerun "
                      "differs), the Gautschi scratch and account/qos replaced."]),
    case(fam("northeastern-discovery-ai-jumpstart-gres8-mail-source-activate-cd-scratch-cuda-visible-distributed-train-sh-wrapper-nproc8-positional", "slurm"),
         "whuhxb/ShiftFormer", "sbatch/fcvt/fcvt_s12_64_TFFF.sh",
         "Northeastern University Discovery (partition ai-jumpstart, /scratch/ma.xu1, a northeastern.edu mail)", "northeastern-discovery",
         ["wrapper-script-nproc-positional", "torch-distributed-launch-in-wrapper", "cuda-visible-devices-8", "dev-shm-dataset-path",
          "source-activate-env", "cd-absolute-scratch", "apex-amp"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=8, nodes=1, gpus_per_node=8,
         strategy="ddp", program="./distributed_train.sh",
         args=["8", "/dev/shm/imagenet/", "--model", "fcvt_s12_64_TFFF", "-b", "128", "--lr", "1e-3", "--drop-path", "0.1", "--apex-amp"],
         workdir="/scratch/ma.xu1/ShiftFormer",
         keep_text=["CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 ./distributed_train.sh 8 /dev/shm/imagenet/"],
         setup=[S("source activate timm"), S("cd /scratch/ma.xu1/ShiftFormer")],
         source_only=["-p ai-jumpstart"],
         refuse_words=["ai-jumpstart", "/scratch/ma.xu1", "/dev/shm/imagenet", "distributed_train.sh"],
         assumptions=["Discovery: -N 1, -p ai-jumpstart, --gres=gpu:8, 64 CPUs, 512Gb, ~2 days, mail: `source activate "
                      "timm`, cd /scratch/ma.xu1/ShiftFormer, then `CUDA_VISIBLE_DEVICES=0,...,7 ./distributed_train.sh 8 "
                      "/dev/shm/imagenet/ --model fcvt_s12_64_TFFF ...` (the repository's wrapper runs `python3 -m "
                      "torch.distributed.launch --nproc_per_node=$1 train.py \"$@\"`: 8 workers). Right: 8 workers on one "
                      "node with 8 GPUs (or the target's GPUs per node with the count changed and a note), the wrapper and "
                      "its positional 8 kept together, the /dev/shm dataset named (it must be staged on the node first), "
                      "the scratch path and partition replaced."]),
    case(fam("tacc-vista-gh-atm23014-set-euo-abs-work-miniforge-conda-python-c-check-exports-sed-i-config-nested-seed-arch-loops-skip-existing-python-m-then-holdout-eval", "slurm"),
         "garry-p12/downscaling-temperature", "slurm/vista_multiseed.sh",
         "TACC Vista (-p gh, -A ATM23014, /work/11755/gurup12/vista)", "vista",
         ["nested-seed-arch-loops", "skip-when-checkpoint-exists", "failure-tolerant-runs", "sed-i-edits-config-in-job",
          "python-m-module", "set-euo", "absolute-work-miniforge", "gh200-aarch64"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="training.train", module=True,
         args=["--arch", '"$a"', "--epochs", "20", "--seed", '"$s"', "--run-name", '"$name"'],
         other_runs=[R("evaluation.holdout_eval", ["--archs", "$ALL", "--n-boot", "200", "--device", "cuda", "--out", "image_outputs/multiseed"])],
         keep_text=["for s in $SEEDS; do", "for a in $ARCHS; do", 'python -u -m training.train --arch "$a" --epochs 20',
                    "sed -i 's/^device: .*/device: \"cuda\"/' configs/train.yaml"],
         setup=[S("set -euo pipefail"), S('cd "$ROOT"'), S("source /work/11755/gurup12/vista/miniforge3/etc/profile.d/conda.sh"),
                S("conda activate dsc"), S("export WANDB_MODE=offline")],
         source_only=["-p gh", "-A ATM23014", "ROOT=/work/11755/gurup12/vista/downscaling"],
         accounts=["ATM23014"],
         refuse_words=["ATM23014", "/work/11755", "-p gh", "aarch64", "miniforge3"],
         assumptions=["Vista: -p gh (one GH200 per node, aarch64), -N 1, -n 1, 8 h, -A ATM23014, logs under /work/11755/...: "
                      "set -euo pipefail, cd ROOT, nvidia-smi, a miniforge conda.sh under /work, `conda activate dsc`, a "
                      "python -c torch check, exports, two `sed -i` edits of configs/train.yaml, then 5 seeds x 6 "
                      "architectures of `python -u -m training.train --arch \"$a\" --epochs 20 --seed \"$s\" --run-name "
                      "\"$name\"` (skipped when checkpoints/<name>/best.pt exists, failures tolerated), then one `python -u "
                      "-m evaluation.holdout_eval --archs $ALL ...`. Right: 1 process on 1 GPU, the loops, skip test and "
                      "final evaluation kept, the env named (an aarch64 env does not run on x86 targets), the /work paths "
                      "and account replaced."]),
    case(fam("smu-template-researchshort-constraint-a100-gres1-module-purge-easybuild-python-cuda-home-venv-job-name-from-env-python-train-args-no-final-newline", "slurm"),
         "NayMyatMin/mitigate_hallucination", "sbatch_train.sh",
         "Singapore Management University (partition researchshort, qos research-1-qos, account sunjunresearch; the site template)", "smu-cluster",
         ["site-template-banner", "constraint-a100", "easybuild-python-cuda-modules", "home-venv",
          "slurm-job-name-exported-from-unset-vars", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["--model_name", "llama3.1-8b-instruct", "--dataset_type", "truthfulqa"],
         keep_text=["python train.py --model_name llama3.1-8b-instruct --dataset_type truthfulqa"],
         setup=[S("source ~/myenv/bin/activate")],
         source_only=["--partition=researchshort", "--qos=research-1-qos", "--constraint=a100",
                      "module load Python/3.10.16-GCCcore-13.3.0", "module load CUDA/12.6.0"],
         accounts=["sunjunresearch"],
         refuse_words=["researchshort", "sunjunresearch", "research-1-qos", "GCCcore", "SLURM_JOB_NAME"],
         assumptions=["1 node, 10 CPUs, 48GB, --gres=gpu:1, --constraint=a100, 2 days, output %u.%x, partition researchshort, "
                      "account sunjunresearch, qos research-1-qos (a site template with a banner): exports SLURM_JOB_NAME "
                      "from MODEL_NAME/DATASET_NAME (unset here), module purge, EasyBuild Python/3.10.16 and CUDA/12.6.0, a "
                      "venv under ~, then `python train.py --model_name llama3.1-8b-instruct --dataset_type truthfulqa` (no "
                      "final newline). Right: 1 process on an A100 (or a note), the venv kept or named, the modules, "
                      "partition, qos and account replaced; the SLURM_JOB_NAME export mapped or kept harmlessly."]),
    case(fam("alliance-cedar-rrg-gres-v100l-1-nodes2-ntasks16-modules-virtualenv-slurm-tmpdir-pip-install-requirements-sh-abs-finetune-wrapper-no-final-newline", "slurm"),
         "Shreya-Kannan/polygon-transformer", "sbatch_train.sh",
         "Digital Research Alliance of Canada (Cedar assumed: --gres=gpu:v100l:1, account rrg-punithak, a ualberta.ca mail)", "alliance-cedar",
         ["nodes2-ntasks16-one-gpu-per-node", "virtualenv-in-slurm-tmpdir", "pip-install-in-job", "alliance-modules",
          "sh-wrapper-absolute-path", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=2, gpus_per_node=1,
         program="/home/shreya/scratch/Regional/polygon-transformer/run_scripts/finetune/finetune.sh", args=[],
         keep_text=["sh /home/shreya/scratch/Regional/polygon-transformer/run_scripts/finetune/finetune.sh"],
         setup=[S("virtualenv --no-download $SLURM_TMPDIR/env"), S("source $SLURM_TMPDIR/env/bin/activate"),
                S("python -m pip install pip==21.2.4"), S("pip install -r requirements.txt")],
         source_only=["--account=rrg-punithak", "--gres=gpu:v100l:1", "module load gcc python arrow", "module load opencv"],
         accounts=["rrg-punithak"],
         refuse_words=["rrg-punithak", "v100l", "SLURM_TMPDIR", "--nodes=2", "/home/shreya"],
         assumptions=["Alliance: --account=rrg-punithak, --gres=gpu:v100l:1, --nodes=2, --ntasks=16, 32G, 40 h, mail: modules "
                      "gcc python arrow and opencv, a fresh virtualenv in $SLURM_TMPDIR, pip pinned and `pip install -r "
                      "requirements.txt` in the job, then one `sh "
                      "/home/shreya/scratch/Regional/polygon-transformer/run_scripts/finetune/finetune.sh` run once in the "
                      "batch shell on the first node (the wrapper's own launch decides the processes; 2 nodes and 16 tasks "
                      "are asked but nothing here uses the second node). Right: the wrapper kept as one command; the 2-node "
                      "request kept with a note that only the first node runs it, or reduced to 1 node with a note/ask; "
                      "$SLURM_TMPDIR mapped on a PBS target; the Alliance modules and account replaced; the /home path named."]),
    case(fam("bu-scc-sge-project-ds596-gpus1-positional-default-histone-modules-miniconda-conda-cuda-home-exports-space-in-path-python-train", "sge"),
         "ShunjiaLou/DS596_Class_proj_EpiModX_re", "sbatch_train.sh",
         "Boston University SCC (SGE: -P ds596, -l gpus=1, /share/pkg.8, /projectnb)", "bu-scc",
         ["sge-directives", "positional-with-default", "cwd", "modules-miniconda-cuda-gcc", "cuda-home-from-site-path",
          "space-in-exported-path", "job-name-in-log-path"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_MTL_Moe.py", args=["--histone", '"$HISTONE"', "--save_model", "True"],
         keep_text=['HISTONE=${1:-H3K4me3}', 'python train_MTL_Moe.py --histone "$HISTONE" --save_model True',
                    'export REFERENCE_GENOME_PATH="/projectnb/ds596/projects/Team 5/reference/hg38.fa"'],
         setup=[S("conda activate EpiModX")],
         source_only=["#$ -P ds596", "#$ -l gpus=1", "module load miniconda", "module load cuda/12.2", "module load gcc/12.2.0",
                      "export CUDA_HOME=/share/pkg.8/cuda/12.2/install"],
         accounts=["ds596"],
         refuse_words=["ds596", "/share/pkg.8", "/projectnb", "HISTONE", "#$"],
         assumptions=["SGE (qsub; the file is named sbatch_train.sh): -N EpiModX_train, -P ds596, -l gpus=1, 12 h, "
                      "mem_per_core=32G, -cwd, logs under logs/: HISTONE from $1 with default H3K4me3, modules miniconda, "
                      "cuda/12.2, gcc/12.2.0, `source activate` + `conda activate EpiModX`, CUDA_HOME/PATH/LD_LIBRARY_PATH "
                      "from the site /share/pkg.8 tree, REFERENCE_GENOME_PATH with a space in it, then `python "
                      "train_MTL_Moe.py --histone \"$HISTONE\" --save_model True`. Right: 1 process on 1 GPU, the positional "
                      "argument with its default kept (and how to pass it on the target said), -cwd mapped, the site CUDA "
                      "paths and modules replaced, the /projectnb path named and kept quoted."]),
    case(fam("mila-rpp-bengioy-gres1-abs-home-logs-module-python36-abs-home-venv-python-src-train", "slurm"),
         "ak3ra/mimic_cxr", "sbatch_train.sh",
         "Digital Research Alliance of Canada (account rpp-bengioy: a Mila allocation on an Alliance cluster, assumed)", "alliance-cluster",
         ["rpp-allocation-account", "absolute-home-log-paths", "old-python-module", "absolute-home-venv", "comments-disagree-with-values"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/train.py", args=[],
         keep_text=["python src/train.py"],
         setup=[S("source /home/akera/glacier_env/bin/activate")],
         source_only=["--account=rpp-bengioy", "module load python/3.6"],
         accounts=["rpp-bengioy"],
         refuse_words=["rpp-bengioy", "python/3.6", "/home/akera"],
         assumptions=["--account=rpp-bengioy, 6 CPUs, --gres=gpu:1, 128G (the comment says 32 GB), 14 h (comment: 13), logs "
                      "under /home/akera/logs: module python/3.6, a venv at /home/akera/glacier_env, `python src/train.py`. "
                      "Right: 1 process on 1 GPU, the values not the comments followed, the log directory named (it must "
                      "exist), the module and account replaced, the venv named."]),
    case(fam("eth-dvis-biwi-gres1-mem40g-no-time-abs-conda-sh-errexit-echoes-cd-code-python-u-all-positionals-scan-id-exit0-no-final-newline", "slurm"),
         "albertgassol1/volsdf", "sbatch_train.sh",
         "ETH Zurich D-ITET (Computer Vision Lab, /scratch_net/biwidl204; assumed from the path)", "eth-ditet",
         ["all-positionals-forwarded-as-scan-id", "no-time-limit", "absolute-conda-sh", "set-o-errexit", "cd-code",
          "exit-0", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="training/exp_runner.py", args=["--conf", "./confs/dtu.conf", "--cancel_vis", "--scan_id", '"$@"'],
         keep_text=['python -u training/exp_runner.py --conf ./confs/dtu.conf --cancel_vis --scan_id "$@"'],
         setup=[S("source /scratch_net/biwidl204/agassol/conda/etc/profile.d/conda.sh"), S("conda activate volsdf_cu11"),
                S("set -o errexit"), S("cd code")],
         source_only=[],
         refuse_words=["/scratch_net/biwidl204", '"$@"', "scan_id", "time"],
         assumptions=["--gres=gpu:1, --mem=40G, logs under log/, no time and no partition: the conda.sh under "
                      "/scratch_net/biwidl204, `conda activate volsdf_cu11`, set -o errexit, echoes, cd code, `python -u "
                      "training/exp_runner.py --conf ./confs/dtu.conf --cancel_vis --scan_id \"$@\"` (the scan id comes from "
                      "the sbatch command line), exit 0 (no final newline). Right: 1 process on 1 GPU, \"$@\" kept (and how "
                      "to pass it to qsub on a PBS target said: qsub does not forward arguments), a time limit added with a "
                      "note, the conda path named."]),
    case(fam("mit-orcd-mit-normal-gpu-gres1-mkdir-abs-logs-bashrc-conda-cd-abs-home-many-commented-runs-python-u-config", "slurm"),
         "FedericoCortesi/finNN_code", "train_job.slurm",
         "MIT ORCD Engaging (partition mit_normal_gpu, /orcd/home/002)", "mit-orcd",
         ["bashrc-conda", "absolute-orcd-home-paths", "mkdir-absolute-logs", "many-commented-runs", "python-u-config"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/run_experiments.py", args=["--config", "mlp_eos.yaml"],
         workdir="/orcd/home/002/corte911/code/finNN_code",
         keep_text=["python -u src/run_experiments.py --config mlp_eos.yaml"],
         setup=[S("mkdir -p /orcd/home/002/corte911/code/finNN_code/logs"), S("source ~/.bashrc"), S("conda activate torch_h200_py312")],
         source_only=["-p mit_normal_gpu"],
         refuse_words=["mit_normal_gpu", "/orcd/home", "torch_h200_py312"],
         assumptions=["-p mit_normal_gpu, --gres=gpu:1, 8 CPUs, 128G, 6 h, logs/: mkdir of the absolute logs dir, ~/.bashrc, "
                      "`conda activate torch_h200_py312`, cd /orcd/home/002/corte911/code/finNN_code, 24 commented runs, "
                      "then one `python -u src/run_experiments.py --config mlp_eos.yaml`. Right: 1 process on 1 GPU, the "
                      "commented runs left out or kept as comments, the /orcd paths named, the partition replaced."]),
    case(fam("gmu-hopper-gpuq-qos-gpu-mig-3g40gb-ntasks-per-node4-mail-abs-scratch-logs-nvidia-smi-python-no-args", "slurm"),
         "Joshua-Otten/ML_class_Milestone3", "train_job.slurm",
         "George Mason University Hopper (partition gpuq, qos gpu, MIG 3g.40gb, /scratch/jotten4, a gmu.edu mail)", "gmu-hopper",
         ["mig-slice-gres", "ntasks-per-node4-one-process", "no-env-setup", "absolute-scratch-logs", "tiny-mem-for-llm"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_model.py", args=[],
         keep_text=["python train_model.py"],
         source_only=["--partition=gpuq", "--qos=gpu", "--gres=gpu:3g.40gb:1"],
         refuse_words=["gpuq", "3g.40gb", "/scratch/jotten4", "MIG"],
         assumptions=["Partition gpuq, qos gpu, --gres=gpu:3g.40gb:1 (a MIG slice), 1 node, 4 tasks a node, 6GB, 3 days, mail, "
                      "logs in /scratch/jotten4: nvidia-smi then `python train_model.py` run once in the batch shell (no "
                      "environment set up; the 4 tasks are unused). Right: 1 process on 1 GPU (a whole GPU or a slice, with "
                      "a note on the 40 GB MIG slice), the missing environment named, the log paths named, partition/qos "
                      "replaced."]),
    case(fam("unnamed-partition-gpu-qos-gpu-access-blank-lines-between-directives-anaconda-module-conda-train-and-predict-and-evaluate-chained-with-and", "slurm"),
         "KerryJin0917/VPR-Model", "train_job.slurm",
         "An unnamed Slurm cluster (partition gpu, qos gpu_access: UNC Longleaf assumed from the qos name)", "unnamed-cluster",
         ["blank-lines-between-directives", "three-commands-chained-with-and", "site-anaconda-module", "conda-activate"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_example.py",
         args=["--data_root", "./datasets/dataset_a", "--save_dir", "./checkpoints/gem_v1", "--loss", "contrastive",
               "--epochs", "20", "--batch_size", "32", "--lr", "0.0001"],
         other_runs=[R("train_example.py", ["--predict", "--dataset_root", "./datasets/dataset_a", "--checkpoint", "./checkpoints/gem_v1/best_model.pth"]),
                     R("evaluate.py", ["--student_id", '"Kerry_Jin"', "--prediction", "./results/gem_dataset_a.csv", "--datasets", "dataset_a"])],
         keep_text=["--lr 0.0001 && python train_example.py --predict", "&& python evaluate.py"],
         setup=[S("conda activate vpr_env")],
         source_only=["--partition=gpu", "--qos=gpu_access", "module load anaconda"],
         refuse_words=["gpu_access", "anaconda", "&&"],
         assumptions=["Directives separated by blank lines (all still read: nothing but comments and blanks before them): "
                      "partition gpu, --gres=gpu:1, qos gpu_access, 32G, 4 h, results/ log: module anaconda, `conda activate "
                      "vpr_env`, then one line chaining train, predict and evaluate with &&. Right: the three runs kept in "
                      "order with the && chain (or equivalent stop-on-failure), 1 process on 1 GPU, results/ made, "
                      "qos/partition/module replaced."]),
    case(fam("ncsa-blue-waters-pbs-nodes-01-ppn16-xk-jobid-logs-mail-cd-abs-u-modules-init-python-module-aprun-n1-N1-python-no-final-newline", "pbs"),
         "bluewaves3141/VDCNN", "run.pbs",
         "NCSA Blue Waters (PBS/Torque nodes=01:ppn=16:xk, aprun, /u/eot; retired)", "ncsa-blue-waters",
         ["crlf-line-ends", "torque-nodes-ppn-xk", "aprun-n1-N1", "modules-init-sourced", "old-python-module", "pbs-jobid-in-log-names",
          "cd-absolute-u", "no-final-newline", "retired-system"],
         launch_model="single", launcher="aprun", total_ranks=1, gpus_per_node=1,
         program="VDCNN.py", args=[],
         workdir="/u/eot/klee137/CS547/code/VDCNN",
         keep_text=["python VDCNN.py"],
         setup=[S("cd /u/eot/klee137/CS547/code/VDCNN")],
         source_only=["#PBS -l nodes=01:ppn=16:xk", ". /opt/modules/default/init/bash", "module load python/2.0.1", "aprun -n 1 -N 1"],
         refuse_words=["xk", "aprun", "/u/eot", "python/2.0.1", "Blue Waters"],
         assumptions=["CRLF line ends throughout (the harness reads LF). Blue Waters Torque: nodes=01:ppn=16:xk (an XK node: one K20X GPU), 24 h, -N VDCNN_D9_N2, $PBS_JOBID "
                      "log names (literal in #PBS lines), mail: cd /u/eot/klee137/CS547/code/VDCNN, source the modules init, "
                      "module python/2.0.1 (the Blue Waters bwpy-style module), then `aprun -n 1 -N 1 python VDCNN.py` (no "
                      "final newline). Right: 1 process on 1 GPU, aprun replaced by the target's launch or a plain call, the "
                      "module replaced, the /u/eot path named; the xk node type mapped to a GPU request with a note."]),
    case(fam("psc-bridges2-gpu-shared-gpus-v100-1-abs-jet-log-cd-jet-home-module-cuda-venv-python-tee-to-log", "slurm"),
         "HaojiongZhang/LLM-System-Final-Project", "run_training.slurm",
         "PSC Bridges-2 (-p GPU-shared, --gpus=v100:1, /jet/home)", "bridges2",
         ["gpu-shared-partition", "gpus-type-count", "absolute-jet-home", "module-cuda", "relative-venv", "pipe-to-tee",
          "exit-code-after-pipe"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="project/run_machine_translation.py", args=["--learning_rate=0.02", "--n_epochs=4", "--grad_clip=1.0"],
         workdir="/jet/home/kchien/llmsys_hw3",
         keep_text=["2>&1 | tee training_output_${SLURM_JOB_ID}.log"],
         setup=[S("cd /jet/home/kchien/llmsys_hw3"), S("module load cuda"), S("source .venv/bin/activate")],
         source_only=["-p GPU-shared", "--gpus=v100:1"],
         refuse_words=["GPU-shared", "v100", "/jet/home", "SLURM_JOB_ID"],
         assumptions=["Bridges-2: -p GPU-shared, --gpus=v100:1, 4 h, 20G, log under /jet/home/kchien/llmsys_hw3: cd there, module "
                      "cuda, a .venv, then `python project/run_machine_translation.py --learning_rate=0.02 --n_epochs=4 "
                      "--grad_clip=1.0 2>&1 | tee training_output_${SLURM_JOB_ID}.log` (the last echo prints tee's exit "
                      "code). Right: 1 process on 1 GPU, the tee kept with $SLURM_JOB_ID mapped on a PBS target, the /jet "
                      "paths named, the partition and GPU type replaced."]),
    case(fam("nvidia-dgx-pyxis-gres1-mem-per-cpu-three-srun-container-image-mounts-workdir-sh-train-scripts-in-sequence", "slurm"),
         "alessandrolombardini/Supervised-Single-View-Depth-Learning-with-Uncertainty", "sbatch_train.sh",
         "An unnamed DGX-style Slurm cluster with pyxis/enroot (/raid/ropert; --container-image=nvcr.io#nvidia/pytorch:23.09-py3)", "unnamed-cluster",
         ["pyxis-srun-container-image", "container-mounts-and-workdir", "three-sruns-in-sequence", "per-step-output-files",
          "sh-wrapper-scripts", "no-time-limit", "trailing-blank-line"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="scripts/train_aleatoric_gaussian.sh", args=[],
         container_image="nvcr.io#nvidia/pytorch:23.09-py3",
         other_runs=[R("scripts/train_aleatoric_laplacian.sh", [], launched=True), R("scripts/train_aleatoric_tstudent.sh", [], launched=True)],
         keep_text=["sh scripts/train_aleatoric_gaussian.sh", "sh scripts/train_aleatoric_laplacian.sh", "sh scripts/train_aleatoric_tstudent.sh"],
         source_only=["--container-mounts=/raid/ropert/alombard:/workspace", "--container-image=nvcr.io#nvidia/pytorch:23.09-py3"],
         refuse_words=["pyxis", "container-image", "/raid/ropert", "apptainer", "enroot"],
         assumptions=["-N 1, --gres=gpu:1, --mem-per-cpu=20G, no time: three `srun --output=log/<name>.out "
                      "--container-mounts=/raid/ropert/alombard:/workspace --container-workdir=/workspace/... "
                      "--container-image=nvcr.io#nvidia/pytorch:23.09-py3 sh scripts/train_aleatoric_<x>.sh` in sequence "
                      "(pyxis/enroot srun options). Right: the three runs in order, each in the NGC PyTorch 23.09 container "
                      "with the mount and workdir (the target's container runtime: apptainer exec --nv with a docker:// or "
                      "pulled .sif, or podman-hpc/shifter on Perlmutter) or an honest ask that names the pyxis options; a "
                      "port that silently drops the container is wrong."]),
    case(fam("alliance-beluga-def-arguinj-gres2-array0-exports-host-branch-singularity-shell-nv-bind-classifier-sh-stdin-tensorflow", "slurm"),
         "bpascualdias/ATLAS-e-ID", "sbatch_train.sh",
         "Digital Research Alliance of Canada (Béluga, account def-arguinj; a second branch for an LPS 'atlas' host)", "alliance-beluga",
         ["two-host-branches", "singularity-shell-nv-bind", "script-fed-on-stdin", "array-single-index", "node-local-data-copy",
          "tensorflow-sif", "exported-slurm-vars", "gres2"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2, framework="tensorflow",
         program="classifier.sh", args=["$SBATCH_VAR", "$HOST_NAME", "$NODE_DIR", "$FEATURE_RANKING_TRAINING"],
         container_image="/project/def-arguinj/shared/sing_images/tf-2.1.0-gpu-py3_sing-3.5.sif",
         keep_text=["singularity shell --nv --bind $PATHS $SIF < classifier.sh $SBATCH_VAR $HOST_NAME $NODE_DIR $FEATURE_RANKING_TRAINING",
                    "if [[ $HOST_NAME == *atlas* ]]"],
         setup=[S("export SBATCH_VAR=$SLURM_ARRAY_TASK_ID"), S("export NODE_DIR=$SLURM_TMPDIR"),
                S("module load singularity/3.6")],
         source_only=["--account=def-arguinj", "cp -r /project/def-arguinj/shared/e-ID_data/2020-10-30/{0.0-1.3,1.3-1.6,1.6-2.5,0.0-2.5} $NODE_DIR"],
         accounts=["def-arguinj"],
         refuse_words=["def-arguinj", "SLURM_TMPDIR", "/project/def-arguinj", "singularity", "atlas"],
         assumptions=["Alliance (Béluga): --account=def-arguinj, 1 day, 1 node, 64G, 4 CPUs, --gres=gpu:2, --array=0, logs "
                      "%x_%A_%a: exports from Slurm variables (array id, submit host, $SLURM_TMPDIR), then a branch on the "
                      "submit host: on an LPS 'atlas' host `singularity shell --nv --bind ... classifier.sh ...`; otherwise "
                      "(Béluga) copy four data folders to the node-local $SLURM_TMPDIR, module singularity/3.6, and "
                      "`singularity shell --nv --bind $PATHS $SIF < classifier.sh ...` (the script fed on stdin; its "
                      "arguments go to the outer shell, not to classifier.sh). Right: the Béluga branch ported (the LPS branch "
                      "kept or named), the container run kept with --nv and the binds (apptainer on the target), "
                      "$SLURM_TMPDIR and $SLURM_ARRAY_TASK_ID mapped on a PBS target, the /project data and image named, "
                      "2 GPUs for one process; an ask about the host branch or the stdin feed is also right."]),
    case(fam("nersc-perlmutter-m3443-g-gres4-one-process-module-python-source-activate-tz-date-echo-python-save-model-no-final-newline", "slurm"),
         "athete/equivariant-tracking", "train_job.slurm",
         "NERSC Perlmutter (-A m3443_g, -C gpu, -q regular)", "perlmutter",
         ["gres4-one-process", "module-python-source-activate", "tz-date", "echo-of-command", "relative-program-outside-cd",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="equivariant-tracking/train_so2.py", args=["--save-model"],
         keep_text=["python equivariant-tracking/train_so2.py --save-model"],
         setup=[S("source activate torch-gpu")],
         source_only=["-A m3443_g", "-C gpu", "-q regular", "module load python"],
         accounts=["m3443_g"],
         refuse_words=["m3443_g", "-C gpu", "module load python", "torch-gpu"],
         assumptions=["Perlmutter: -A m3443_g, -C gpu, -q regular, 1 node, 1 task, --gres=gpu:4, 3.5 h: module python, "
                      "`source activate torch-gpu`, a date in Asia/Kolkata time, an echo, then `python "
                      "equivariant-tracking/train_so2.py --save-model` (one process that sees the 4 GPUs; the program path "
                      "is relative to the submit dir's parent; no final newline). Right: 1 process with the node's 4 GPUs "
                      "(or a note), the submit dir kept so the relative path resolves, the NERSC module and account "
                      "replaced, the env named."]),
    case(fam("cmu-babel-general-gres-a6000-1-bashrc-conda-activate-conda-run-env-assignment-python-no-final-newline", "slurm"),
         "amdefranco/Sign-Language-To-Speech", "train_job.slurm",
         "An unnamed Slurm cluster (partition general, --gres=gpu:A6000:1; CMU LTI Babel assumed)", "unnamed-cluster",
         ["conda-run-with-env-assignment", "typed-gres-a6000", "bashrc-conda", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         keep_text=["conda run -n asl-ez CUDA_VISIBLE_DEVICES=0 python train.py"],
         setup=[S("source ~/.bashrc"), S("conda activate asl-ez")],
         source_only=["--partition=general", "--gres=gpu:A6000:1"],
         refuse_words=["A6000", "general", "conda run", "CUDA_VISIBLE_DEVICES"],
         assumptions=["Partition general, --gres=gpu:A6000:1, 4 CPUs, 50GB, 1 node, 10 h: ~/.bashrc, `conda activate asl-ez`, "
                      "then `conda run -n asl-ez CUDA_VISIBLE_DEVICES=0 python train.py` (conda run is given "
                      "CUDA_VISIBLE_DEVICES=0 as the command name, which is not a valid way to set a variable there: as "
                      "written this likely fails; no final newline). Right: 1 process on 1 GPU with the line kept and a note "
                      "on it, or the intent ported (run python train.py in asl-ez on the one GPU) with a note saying so; the "
                      "partition and GPU type replaced."]),
    case(fam("unnamed-partition-gpu-gres1-timestamp-command-before-output-directives-inert-modules-pytorch-venv-python-timestamp-arg", "slurm"),
         "bastiengless/hedgedex", "train_job.slurm",
         "An unnamed Slurm cluster (partition gpu, modules python, cuda/11.4, cudnn/8.2.4, pytorch/1.10)", "unnamed-cluster",
         ["directives-after-first-command-inert", "variable-in-directive", "timestamp-arg", "site-pytorch-module", "relative-venv"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="hedgedexv2.4/scripts/train.py", args=["--timestamp", "${timestamp}"],
         keep_text=['timestamp=$(date +"%Y%m%d_%H%M%S")', "python hedgedexv2.4/scripts/train.py --timestamp ${timestamp}"],
         setup=[S("source hedgedexv2.4/bin/activate")],
         source_only=["module load python", "module load cuda/11.4", "module load cudnn/8.2.4", "module load pytorch/1.10"],
         refuse_words=["#SBATCH --output", "inert", "timestamp", "pytorch/1.10"],
         assumptions=["1 task, 4 CPUs, 16G, 2 h, partition gpu, --gres=gpu:1; then `timestamp=$(date ...)` and two more #SBATCH "
                      "lines (--output/--error with ${timestamp}) AFTER that command: sbatch stops reading directives at the "
                      "first command, so they are inert (and sbatch would not expand the variable anyway): the job writes "
                      "slurm-%j.out. Then modules python, cuda/11.4, cudnn/8.2.4, pytorch/1.10, a venv at hedgedexv2.4/, and "
                      "`python hedgedexv2.4/scripts/train.py --timestamp ${timestamp}`. Right: 1 process on 1 GPU, the "
                      "timestamp kept, a note that the late #SBATCH lines were inert (not silently turned into real log "
                      "options), the modules replaced, the venv kept or named."]),
    case(fam("sjsu-coe-hpc-partition-gpu-no-gpu-request-exclude-and-nodelist-source-activate-cd-abs-data-python-no-args-no-final-newline", "slurm"),
         "jshon88/FineTuning-QA-LanguageModel", "train_job.slurm",
         "San Jose State University College of Engineering HPC (course cmpe258; /data/cmpe258-sp24; node g16 of 'HPC3' per the comments)", "sjsu-coe-hpc",
         ["partition-gpu-without-gpu-request", "nodelist-and-exclude", "commented-alternative-mem", "source-activate-env",
          "cd-absolute-data", "program-no-args", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="LM_comparison.py", args=[],
         workdir="/data/cmpe258-sp24/017553289/cmpe258/Assignment2/",
         keep_text=["python LM_comparison.py"],
         setup=[S("source activate py310LLM"), S("cd /data/cmpe258-sp24/017553289/cmpe258/Assignment2/")],
         source_only=["--partition=gpu", "--exclude=g10", "--nodelist=g16"],
         refuse_words=["g16", "g10", "/data/cmpe258-sp24", "gres", "GPU"],
         assumptions=["1 task, 4 CPUs, 32G (a commented 16G line for another cluster), 72 h, partition gpu, --exclude=g10, "
                      "--nodelist=g16, logs under logs/; NO GPU is requested (no --gres/--gpus: the job relies on the gpu "
                      "partition's node g16 exposing its GPU): `source activate py310LLM`, cd "
                      "/data/cmpe258-sp24/017553289/cmpe258/Assignment2/, `python LM_comparison.py` (no final newline). "
                      "Right: 1 process with 1 GPU requested explicitly on the target and a note that the source asked for "
                      "none (or an ask), the node pins dropped with a note, the /data path and env named, logs dir made."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
