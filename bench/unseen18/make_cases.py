"""Write bench/unseen18/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF and
SGE sources: any three are of another family). Same rules as bench/unseen12..unseen17
(bench/unseen6/make_common.py).
Usage: python bench/unseen18/make_cases.py /work/cache/unseen18 bench/unseen18/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import S, case, fam, write_cases

CASES = [
    case(fam("taiwan-r740-14-days-ntasks2-gres2-ml-mpi-venv-time-torchrun-nproc2-node-rank0", "slurm"),
         "latteine1217/nemo_test", "train.sh",
         "a university Slurm cluster (partition r740, Tesla P100-era nodes)", "slurm-r740",
         ["torchrun-single-node", "ntasks-2-one-launcher", "time-prefix", "cvd-hardcoded",
          "fourteen-day-walltime", "ml-module-mpi"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="NSFnet/ev-NSFnet/train.py", args=[],
         keep_text=["--nproc_per_node=2 --nnodes=1 --node_rank=0"],
         setup=[S("source ~/python/bin/activate"), S("export OMP_NUM_THREADS=24"),
                S("export TORCH_NCCL_ASYNC_ERROR_HANDLING=1")],
         source_only=["--partition=r740", "ml load mpi", "export CUDA_VISIBLE_DEVICES=0,1"],
         refuse_words=["r740", "14-00:00:00", "CUDA_VISIBLE_DEVICES"],
         assumptions=["1 node, --ntasks=2 (but one torchrun), 24 CPUs a task, 108G, --gres=gpu:2, 14 days, "
                      "-p r740: `ml load mpi`, OMP and NCCL variables, CUDA_VISIBLE_DEVICES=0,1, a venv, then "
                      "`time torchrun --nproc_per_node=2 --nnodes=1 --node_rank=0 NSFnet/ev-NSFnet/train.py`. "
                      "Right: one torchrun with 2 workers on one node (the 2 tasks are not 2 launchers), the "
                      "14-day walltime cut to the target's limit with a note, the hard-coded device list "
                      "dropped or kept consistent."]),
    case(fam("flatiron-gpu-v100-constraint-modules-2-2-relative-venv-srun-python-regression", "slurm"),
         "rachelczhang/lightcurve-to-spectra-ml", "regression.sh",
         "Flatiron Institute rusty (modules/2.2, -p gpu -C v100)", "flatiron-rusty",
         ["bash-login-shebang", "srun-one-task", "relative-venv", "module-stack-version",
          "trailing-spaces-directives"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="regression.py", args=[],
         setup=[S("source ../../envs/mlproj/bin/activate")],
         source_only=["module load modules/2.2", "#SBATCH -C v100"],
         refuse_words=["modules/2.2", "v100", "../../envs"],
         assumptions=["1 node, --gpus=1, -C v100, 50G, 1 h, -p gpu: the Flatiron modules/2.2 stack "
                      "(python, gcc, cuda, cudnn), a venv two levels up, then `srun python regression.py`. "
                      "Right: 1 process on 1 GPU, the relative venv kept (named), the modules replaced."]),
    case(fam("cscs-piz-daint-constraint-gpu-d78-cray-cuda-mps-srun-dollar-at-any-command", "slurm"),
         "michelif/HHbbgg_ETH", "bregression/notebooks/my_job.sh",
         "CSCS Piz Daint (account d78, -C gpu, partition normal)", "cscs-daint",
         ["srun-dollar-at", "program-from-arguments", "cray-cuda-mps", "home-env-script",
          "ntasks-per-core"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="$@", args=[], expect="refuse",
         setup=[S("source $HOME/env.sh"), S("cd $HOME/jupyter/bregression")],
         source_only=["--constraint=gpu", "export CRAY_CUDA_MPS=1"], accounts=["d78"],
         refuse_words=["$@", "arguments", "CRAY_CUDA_MPS", "env.sh"],
         assumptions=["1 node, 1 task, 6 CPUs, -C gpu, -p normal, -A d78, 24 h: OMP threads from "
                      "SLURM_CPUS_PER_TASK, CRAY_CUDA_MPS=1, `source $HOME/env.sh`, cd, then `srun $@` "
                      "(the whole command comes from sbatch arguments). Right: a refusal or a port that "
                      "keeps `srun $@` and says the command is given at submit time; never a guessed "
                      "program; the Cray MPS variable dropped with a note."]),
    case(fam("l40s-partition-gpus2-no-tasks-sh-shebang-set-x-srun-python-u-no-final-newline", "slurm"),
         "KrzakalaPaul/GRALE", "train.sh",
         "a university Slurm cluster (partition L40S)", "slurm-l40s",
         ["sh-shebang", "set-x", "srun-no-ntasks", "two-gpus-one-task", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="train.py", args=["--run_name", "PUBCHEM16_1", "--config", "16"],
         keep_text=["srun python -u"],
         source_only=["--partition=L40S"],
         refuse_words=["L40S", "--gpus=2", "one task"],
         assumptions=["#!/bin/sh, 16 h, -p L40S, --gpus=2, no task count: set -x, then `srun python -u "
                      "train.py --run_name PUBCHEM16_1 --config 16` (one task that sees 2 GPUs). Right: 1 "
                      "process with 2 GPUs on one node, the arguments kept."]),
    case(fam("deltaai-ghx4-bbqg-login-shell-conda-set-euo-nvidia-smi-query-python-deeponet", "slurm"),
         "hoseinkazemii/Hood_Impact", "run_delta.slurm",
         "NCSA DeltaAI (account bbqg-dtai-gh, partition ghx4, GH200)", "deltaai",
         ["bash-login-shebang", "conda-from-profile", "set-euo-pipefail", "inline-directive-comments",
          "aarch64-source", "submit-dir-cd"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="temporal_deeponet.py", args=[],
         setup=[S("conda activate hood_impact"), S('cd "$SLURM_SUBMIT_DIR"')],
         source_only=["--partition=ghx4"], accounts=["bbqg-dtai-gh"],
         refuse_words=["ghx4", "bbqg-dtai-gh", "aarch64", "hood_impact"],
         assumptions=["DeltaAI: -A bbqg-dtai-gh, -p ghx4 (GH200, aarch64), 1 node, 1 task, --gres=gpu:1, 24 "
                      "CPUs, 192g, 4 h, bash -l so conda is initialised: set -euo pipefail, conda env, cd to "
                      "the submit dir, nvidia-smi, `python temporal_deeponet.py`. Right: 1 process on 1 GPU; "
                      "an aarch64 conda env named as not portable to x86 targets (or the reverse)."]),
    case(fam("delta-gpua40x4-4x4-gpus-per-task-env-mpi-ompi-mca-srun-mpi-pmi2-westpa-w-run", "slurm"),
         "BioMedAI-UCSC/westpa_prop", "run_delta.slurm",
         "NCSA Delta (account bbpa-delta-gpu, partition gpuA40x4)", "delta",
         ["srun-mpi-pmi2", "non-python-program", "westpa-work-manager", "ompi-mca-vars",
          "sourced-env-file", "gpus-per-task-and-node"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=4, gpus_per_node=4,
         program="w_run", args=["-r", "west_openmm.cfg", "--work-manager", "mpi", "--n-workers=4"],
         framework="other",
         keep_text=["srun --mpi=pmi2 -n $SLURM_NTASKS"],
         setup=[S("source env_mpi.sh"), S('export OMPI_MCA_pml=ob1'), S('export OMPI_MCA_btl="self,tcp"'),
                S("export OMP_NUM_THREADS=2")],
         source_only=["--partition=gpuA40x4", "export PMIX_MCA_psec=native"],
         accounts=["bbpa-delta-gpu"],
         refuse_words=["w_run", "env_mpi.sh", "pmi2", "OMPI_MCA"],
         assumptions=["Delta: -A bbpa-delta-gpu, -p gpuA40x4, 4 nodes x 4 tasks, 1 GPU a task, 2 CPUs a "
                      "task, 1 h: SLURM_CPU_BIND=cores, OMP 2, `source env_mpi.sh` (user file), Open MPI "
                      "MCA variables (ob1, self,tcp), PMIX psec, then `srun --mpi=pmi2 -n $SLURM_NTASKS "
                      "w_run -r west_openmm.cfg --work-manager mpi --n-workers=4` (WESTPA, OpenMM). Right: "
                      "16 MPI ranks (or a fitting size) with the --mpi flag suited to the target, the env "
                      "file and MCA settings kept or named; not turned into torchrun."]),
    case(fam("upenn-p-nlp-48gbgpu-module-avail-ray-stop-verl-main-ppo-hydra-overrides-tee", "slurm"),
         "JustinSQiu/TinyZero-Efficient", "train_job.slurm",
         "a university Slurm cluster (partition p_nlp, constraint 48GBgpu)", "slurm-p-nlp",
         ["python-m-module", "hydra-overrides", "ray-stop", "env-vars-in-args", "pipe-tee",
          "abs-home-paths", "plus-prefixed-overrides"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="verl.trainer.main_ppo", module=True,
         args=["data.train_files=$DATA_DIR/train.parquet", "data.val_files=$DATA_DIR/test.parquet",
               "actor_rollout_ref.model.path=$BASE_MODEL", "critic.model.path=$BASE_MODEL",
               "trainer.n_gpus_per_node=$N_GPUS", "trainer.nnodes=1", "+trainer.val_before_train=False",
               "trainer.total_epochs=15", "+dtype=half"],
         keep_text=["python3 -m verl.trainer.main_ppo", "ray stop || true", "unset RAY_ADDRESS"],
         setup=[S("export N_GPUS=1"), S("export BASE_MODEL=/home1/j/jsq/models/Qwen0.5B"),
                S("export DATA_DIR=/home1/j/jsq/data/countdown"),
                S("export VLLM_ATTENTION_BACKEND=XFORMERS"),
                S("source /home1/j/jsq/miniconda3/bin/activate zero"), S("cd ~/dev/TinyZero-Efficient")],
         source_only=["--partition=p_nlp", "--constraint=48GBgpu", "module load cuda/11.7"],
         refuse_words=["p_nlp", "48GBgpu", "/home1/j/jsq", "ray"],
         assumptions=["1 GPU (48GB constraint), 4 CPUs, 128GB, -p p_nlp: cuda module, torch checks, "
                      "`module avail`, verl variables (N_GPUS=1, model and data under /home1), conda env, cd, "
                      "`ray stop || true`, unset RAY_ADDRESS, then `python3 -m verl.trainer.main_ppo "
                      "<hydra overrides> 2>&1 | tee verl_demo.log` (verl starts its own Ray). Right: one "
                      "verl process on 1 GPU, every override kept, trainer.n_gpus_per_node consistent with "
                      "the GPUs asked, the /home1 paths named."]),
    case(fam("hf-hopper-prod-gpus8-array-0-3-bash-arrays-lora-flag-one-python-process", "slurm"),
         "andimarafioti/florence2-finetuning", "train_job.slurm",
         "Hugging Face's Slurm cluster (partition hopper-prod, /fsx, /admin/home)", "hf-hopper",
         ["job-array-configs", "bash-arrays-by-task-id", "one-process-eight-gpus", "bashrc-source",
          "abs-fsx-paths", "optional-flag-variable"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=8, gpus_per_rank=8,
         program="distributed_train.py",
         args=["--dataset", "$dataset", "--batch-size", "$batch_size", "--epochs", "10", "--lr", "1e-6",
               "--eval-steps", "1000", "--max-val-item-count", "1000", "$lora_arg"],
         setup=[S("source /admin/home/andres_marafioti/.bashrc"), S("cd /fsx/andi/florence2-finetuning/"),
                S("source .venv/bin/activate")],
         source_only=["--partition=hopper-prod", "--qos=normal", "#SBATCH --array=0-3"],
         refuse_words=["hopper-prod", "/fsx", "array", "SLURM_ARRAY_TASK_ID"],
         assumptions=["-p hopper-prod, --gpus=8, qos normal, 24 h, --array=0-3: the user's .bashrc, cd "
                      "/fsx/..., venv, dataset and LoRA flag picked from bash arrays by "
                      "SLURM_ARRAY_TASK_ID, then one `python distributed_train.py --dataset $dataset "
                      "--batch-size $batch_size ... $lora_arg` (the program spawns its own workers). "
                      "Right: an array 0-3 of one process with 8 GPUs, the array logic kept, the /fsx paths "
                      "named."]),
    case(fam("perlmutter-m3443-g-regular-gres1-module-python-source-activate-python-train", "slurm"),
         "ameya1101/e2e-diffusion", "train_job.slurm",
         "NERSC Perlmutter (account m3443_g, -C gpu, qos regular)", "perlmutter",
         ["module-python-source-activate", "inline-directive-comments", "no-final-newline",
          "echo-of-command", "gres-on-perlmutter"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/train.py", args=["--logging=True", "--ckpt_freq=30"],
         setup=[S("source activate torch-gpu")],
         source_only=["#SBATCH -C gpu", "#SBATCH -q regular", "module load python"],
         accounts=["m3443_g"],
         refuse_words=["m3443_g", "torch-gpu", "module load python"],
         assumptions=["Perlmutter: -A m3443_g, -C gpu, -q regular, 1 node, 1 task, --gres=gpu:1, 1.5 h: "
                      "module python, `source activate torch-gpu`, a date, then `python src/train.py "
                      "--logging=True --ckpt_freq=30`. Right: 1 process on 1 GPU, the conda env named, "
                      "the account and qos replaced."]),
    case(fam("medarc-main-sophont-time-infinite-qos-top-uv-sync-torchrun-standalone-nproc-var", "slurm"),
         "MedARC-AI/nanopath", "scripts/train.sbatch",
         "MedARC's Slurm cluster (partition main, account sophont, qos top, /admin/home)", "medarc",
         ["torchrun-standalone", "time-infinite", "uv-sync-in-job", "set-euo-pipefail",
          "abs-admin-home-paths", "nproc-variable", "inline-directive-comments"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, gpus_per_node=1,
         program="train.py", args=['"${CONFIG_FILE}"'],
         keep_text=["--standalone"],
         setup=[S('CONFIG_FILE="/admin/home/paul/nanopath/configs/nano.yaml"'), S("NPROC_PER_NODE=1"),
                S("cd /admin/home/paul/nanopath"), S("mkdir -p /data/nanopath"), S("uv sync"),
                S("source /admin/home/paul/nanopath/.venv/bin/activate")],
         source_only=["--time=infinite", "--partition=main", "--qos=top"], accounts=["sophont"],
         refuse_words=["infinite", "uv sync", "/admin/home", "sophont"],
         assumptions=["1 node, 1 task, 1 GPU a task, --time=infinite, -p main, -A sophont, qos top: set "
                      "-euo pipefail, config and NPROC_PER_NODE=1, cd, mkdir /data/nanopath, `uv sync` "
                      "(network), venv, then `torchrun --standalone --nproc_per_node \"${NPROC_PER_NODE}\" "
                      "train.py \"${CONFIG_FILE}\"`. Right: torchrun with 1 worker, the infinite walltime "
                      "replaced by the target's limit with a note, uv sync kept with the network risk named."]),
    case(fam("nvidia-internal-pyxis-enroot-cache-image-scontrol-gres-count-srun-container-bash-c-torchrun-requeue", "slurm"),
         "NVlabs/Mosaic3D", "scripts/train.sbatch",
         "NVIDIA internal Slurm (account nvr_lpr_nvgptvision, pyxis/enroot, /lustre/fsw)", "nvidia-internal",
         ["pyxis-container-image", "gpu-count-from-scontrol", "srun-bash-c-cmd-string",
          "torchrun-inside-container", "pip-install-in-job", "git-clone-in-job", "scontrol-requeue",
          "signal-usr1", "tag-positional-arg", "hydra-overrides-passthrough"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="src/train.py",
         args=["trainer=${TRAINER}", "trainer.devices=${GPU_COUNT}", "${TRAINING_ARGS[*]}"],
         keep_text=["--container-image=\"$IMAGE_CACHE_FILE\"", "--nproc_per_node=${GPU_COUNT}",
                    "scontrol requeue \"$SLURM_JOBID\""],
         setup=[S("pip install -r requirements.txt;"), S("export PYTHONPATH=/workspace;")],
         source_only=["--account=nvr_lpr_nvgptvision", "gitlab-master.nvidia.com/3dmmllm/openvocab-3d:$TAG",
                      "LUSTRE_NVR=/lustre/fsw/portfolios/nvr"],
         refuse_words=["pyxis", "container-image", "gitlab-master.nvidia.com", "/lustre", "requeue"],
         assumptions=["--exclusive, 31 CPUs, --mem=1843200, --gres=gpu:8, 4 h, SIGUSR1@300, NVIDIA "
                      "partitions: GPU_COUNT read back from scontrol, an optional TAG argument, an internal "
                      "gitlab image cached with the user's enroot helper, a CMD string (pip installs, a git "
                      "clone and build of Pointcept pointops, then `torchrun --nnodes=1 "
                      "--nproc_per_node=${GPU_COUNT} src/train.py trainer=${TRAINER} ...`) run by `srun "
                      "--container-image ... --container-mounts ... bash -c \"$CMD\"`, then a status file "
                      "that may `scontrol requeue` the job. Right: a refusal or ask on targets without "
                      "pyxis (the internal image cannot be pulled), or an apptainer/podman-hpc equivalent "
                      "named as needing the user's image; torchrun with 8 workers kept."]),
    case(fam("jureca-dc-gpu-jinm11-4-tasks-gres4-srun-c32-python-hydra-experiment-dollar1-trailing-backslash", "slurm"),
         "FZJ-INM1-BDA/pli2cells", "scripts/train.sbatch",
         "JSC JURECA-DC (account jinm11, partition dc-gpu)", "jureca-dc",
         ["srun-per-rank", "srun-c-override", "hydra-experiment-positional", "trailing-backslash-last-line",
          "bashrc-conda", "hdf5-file-locking"],
         launch_model="per_rank", launcher="srun", total_ranks=4, gpus_per_node=4,
         program="scripts/train.py", args=["experiment=$1"],
         keep_text=["srun -c 32"],
         setup=[S("source $HOME/.bashrc"), S("conda activate pli2cells"),
                S("export HDF5_USE_FILE_LOCKING='FALSE'")],
         source_only=["--partition=dc-gpu", "export CUDA_VISIBLE_DEVICES=0,1,2,3"], accounts=["jinm11"],
         refuse_words=["dc-gpu", "jinm11", "$1", "trailing"],
         assumptions=["JURECA-DC: -A jinm11, -p dc-gpu, 1 node x 4 tasks, --gres=gpu:4, 14 h: .bashrc, "
                      "conda env, CUDA_VISIBLE_DEVICES=0,1,2,3, HDF5 locking off, then `srun -c 32 python "
                      "scripts/train.py experiment=$1 \\` (the last line ends in a backslash). Right: 4 ranks "
                      "(one a GPU) on one node, experiment=$1 kept, the dangling continuation handled "
                      "without swallowing a following line."]),
    case(fam("kaist-partition-placeholder-gres8-cpus-mem-per-gpu-one-python-hydra-lists-trailing-backslash", "slurm"),
         "Haawron/vq2d-lightning", "scripts/train.sbatch",
         "a university Slurm cluster (partition left as the placeholder PARTITION)", "slurm-placeholder",
         ["placeholder-partition", "one-process-eight-gpus", "hydra-list-overrides-escaped",
          "trailing-backslash-last-line", "lightning-in-program", "commented-setup"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=8, gpus_per_rank=8,
         program="train.py",
         args=["--config-name", "train_fast", "model.late_reduce=true", "+model.weight_entropy=0.1",
               "+model.ignore_border=false"],
         framework="lightning",
         source_only=["--partition=PARTITION", "--mem-per-gpu=43G"],
         refuse_words=["PARTITION", "placeholder", "8 GPUs"],
         assumptions=["--gres=gpu:8, 8 CPUs and 43G a GPU, 4 days, partition left as PARTITION: hostname, "
                      "the setup line commented out, then one `python train.py --config-name train_fast "
                      "+model_adjust=\\[...\\] +experiment=\\[...\\] ... +model.ignore_border=false \\` (a "
                      "Lightning program that spreads over the 8 GPUs itself; the last line ends in a "
                      "backslash). Right: one process with 8 GPUs on one node, the escaped list overrides "
                      "kept byte for byte, the placeholder partition replaced with a note."]),
    case(fam("lonestar6-gpu-a100-n1-bashrc-conda-work-ls6-python3-openfold-inference-scratch-paths", "slurm"),
         "MichaelTrumbull/openfold-mt", "tacc.slurm",
         "TACC Lonestar6 (partition gpu-a100, /work/<id>/ls6, /scratch)", "lonestar6",
         ["abs-work-scratch-paths", "other-users-scratch", "inline-directive-comments",
          "ld-library-path-prepend", "inference-not-training", "commented-srun"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run_pretrained_openfold.py",
         args=["/work/09123/mjt2211/ls6/openfold-mt/cameo_dir/fasta_dir",
               "/scratch/00946/zzhang/data/openfold/ls6-tacc/pdb_mmcif/mmcif_files", "--output_dir", "./",
               "--model_device", '"cuda:0"', "--config_preset", '"model_1_ptm"',
               "--openfold_checkpoint_path", "openfold/resources/openfold_params/finetuning_ptm_2.pt",
               "--use_precomputed_alignments", "/scratch/09120/sk844/validation_set_cameo/alignments",
               "--subtract_plddt", "--skip_relaxation"],
         keep_text=["python3 run_pretrained_openfold.py"],
         setup=[S("source ~/.bashrc"), S("export LD_LIBRARY_PATH=/usr/lib64:$LD_LIBRARY_PATH"),
                S("source /work/09123/mjt2211/ls6/openfold-mt/lib/conda/bin/activate"),
                S("conda activate openfold_venv")],
         source_only=["#SBATCH -p gpu-a100"],
         refuse_words=["/work/09123", "/scratch/00946", "ls6", "gpu-a100"],
         assumptions=["Lonestar6: -p gpu-a100, -N 1, -n 1, 4 h, no GPU count (whole node): .bashrc, "
                      "/usr/lib64 prepended to LD_LIBRARY_PATH, a conda under /work/.../ls6, then `python3 "
                      "run_pretrained_openfold.py <fasta dir> <mmcif dir under another user's /scratch> "
                      "--model_device \"cuda:0\" ...`. Right: 1 process on 1 GPU, every argument kept, the "
                      "Lonestar6 /work and other users' /scratch paths named as not on the target."]),
    case(fam("nyu-greene-multi-partition-gres-gpu-singularity-overlay-ro-bash-c-multiline-python", "slurm"),
         "glbreeze/audio-codec", "scripts/train.sbatch",
         "NYU Greene (partitions a100_1,a100_2,h100_1,v100,rtx8000; singularity overlays)", "nyu-greene",
         ["singularity-overlay-ro", "bash-c-multiline", "partition-list", "unused-path-vars",
          "cvd-inside-container", "gres-gpu-no-count"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/train.py",
         args=["--args.load", "conf/libri_base.yml", "--save_path", "runs/libri6_baseline/", "--exp_name",
               "cb6_baseline"],
         keep_text=["singularity exec --nv --overlay /scratch/lg154/python11/overlay-25GB-500K.ext3:ro",
                    "source /ext3/env.sh"],
         source_only=["--partition=a100_1,a100_2,h100_1,v100,rtx8000",
                      "/scratch/lg154/python11/cuda11.8.86-cudnn8.7-devel-ubuntu22.04.2.sif"],
         refuse_words=["overlay", "/scratch/lg154", "singularity", ".sif"],
         assumptions=["1 node, 1 task, 10 CPUs, 80GB, 48 h, --gres=gpu (one), five partitions: two path "
                      "variables set but not used, then `singularity exec --nv --overlay <ext3>:ro <sif> "
                      "/bin/bash -c \"source /ext3/env.sh; export SSL_CERT_FILE=...; export "
                      "CUDA_VISIBLE_DEVICES=0; python scripts/train.py --args.load conf/libri_base.yml "
                      "...\"`. Right: 1 process on 1 GPU inside the user's image and overlay (apptainer on "
                      "the target, paths named), the multi-line command kept."]),
    case(fam("kth-rpl-constrain-typo-gres1-conda-sh-lightning-flags-transformers-offline", "slurm"),
         "martinigoyanes/thesis-src", "slurm/train.sbatch",
         "KTH RPL Slurm cluster (node constraint arwen, /Midgard/home)", "kth-rpl",
         ["abbreviated-directive-constrain", "node-name-constraint", "array-task-id-echo-without-array",
          "transformers-offline", "lightning-flags", "no-final-newline", "no-partition"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="code/train.py",
         args=["--batch_size", "$BATCH_SIZE", "--datamodule_name", "$DATAMODULE_NAME", "--model_name",
               "$MODEL_NAME", "--default_root_dir", "$JOB_PATH", "--preprocess_kind", "$PREPROCESS_KIND",
               "--limit_train_batches", "$TRAIN_DATA_PERCENT", "--accumulate_grad_batches",
               "$ACCUMULATE_GRAD_BATCHES", "--max_epochs", "$MAX_EPOCHS"],
         framework="lightning",
         setup=[S('source "${HOME}/miniconda3/etc/profile.d/conda.sh"'), S("conda activate thesis-src"),
                S("JOB_PATH=/Midgard/home/martinig/thesis-src/jobs/gst/${SLURM_JOB_ID}"),
                S("export TRANSFORMERS_OFFLINE=1")],
         source_only=['--constrain="arwen"'],
         refuse_words=["arwen", "constrain", "/Midgard", "TRANSFORMERS_OFFLINE"],
         assumptions=["--constrain=\"arwen\" (Slurm's abbreviation of --constraint: one named node "
                      "type), --gres=gpu:1, 2 CPUs, 20GB, 6 h, mail: echoes (SLURM_ARRAY_TASK_ID without an "
                      "array), nvidia-smi, conda, a job dir under /Midgard/home, training variables, "
                      "TRANSFORMERS_OFFLINE=1, then `python code/train.py --batch_size $BATCH_SIZE ... "
                      "--max_epochs $MAX_EPOCHS`. Right: 1 process on 1 GPU, the node constraint dropped "
                      "with a note, offline mode kept (model cache must exist on the target)."]),
    case(fam("ista-gpu-constraint-or-requeue-env-script-python-dollar-at-hydra-args", "slurm"),
         "berkerdemirel/lambda-jepa", "slurm/train.sbatch",
         "ISTA (Austria) Slurm cluster (partition gpu, constraint L40S|A40|A100, /nfs/scistore19)", "ista",
         ["requeue-resume", "program-args-from-sbatch", "constraint-or", "sourced-env-file",
          "abs-nfs-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="experiments/train.py", args=['"$@"'],
         setup=[S("source /nfs/scistore19/locatgrp/bdemirel/ssl_project/slurm/_env.sh"),
                S("cd /nfs/scistore19/locatgrp/bdemirel/ssl_project")],
         source_only=["--constraint=L40S|A40|A100", "#SBATCH --requeue"],
         refuse_words=["$@", "requeue", "/nfs/scistore19", "_env.sh"],
         assumptions=["-p gpu, -C L40S|A40|A100, --gres=gpu:1, 12 CPUs, 96G, 8 h, --requeue (the "
                      "program resumes from _last.pt): source the user's _env.sh, cd, `python "
                      "experiments/train.py \"$@\"` (hydra overrides given at sbatch time). Right: 1 "
                      "process on 1 GPU with \"$@\" kept, --requeue kept or its loss named, the env file "
                      "and /nfs paths named."]),
    case(fam("mit-orcd-l40s-miniforge-set-euo-defaults-from-env-srun-python-u-m-module", "slurm"),
         "lironui/AeroReformer2", "slurm/train.sbatch",
         "MIT ORCD Engaging (partition mit_normal_gpu, --gres=gpu:l40s:1)", "mit-orcd",
         ["srun-python-m-module", "env-defaults-expansion", "set-euo-pipefail", "miniforge-module",
          "home-orcd-paths", "trailing-blank-line"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="aeroreformer2.train", module=True,
         args=["--model", '"$MODEL"', "--audio-encoder", "wav2vec2", "--risbench-root", '"$RISBENCH_ROOT"',
               "--audio-root", '"$DATA_ROOT"', "--backend", "auto", "--output", '"$RUN"', "--epochs", "40",
               "--batch-size", '"$BATCH_SIZE"', "--workers", "8", "--image-size", "352", "--lr", "2e-4",
               "--backbone-lr", "2e-5", "--seed", '"$SEED"', "--device", "cuda"],
         keep_text=["srun python -u -m aeroreformer2.train"],
         setup=[S("source activate aeroreformer2"), S('cd "$PROJECT"')],
         source_only=["--partition=mit_normal_gpu", "--gres=gpu:l40s:1", "module load miniforge"],
         refuse_words=["mit_normal_gpu", "l40s", "orcd", "miniforge"],
         assumptions=["-p mit_normal_gpu, --gres=gpu:l40s:1, 1 task, 8 CPUs, 96G, 12 h: set -euo "
                      "pipefail, module purge + miniforge, conda env, defaults for PROJECT/MODEL/SEED/... "
                      "from the environment (${VAR:-...}), mkdir, cd, then `srun python -u -m "
                      "aeroreformer2.train --model \"$MODEL\" ... --device cuda`. Right: 1 process on 1 "
                      "GPU, the env-default variables kept (they let sbatch --export override), the GPU "
                      "type dropped with a note."]),
    case(fam("cloud-dev-partition-8xh100-set-euo-config-positional-s3-sync-loop-trap-pkill-srun-torchrun-m", "slurm"),
         "KevinZhoutianyi/fone_pretrain", "scripts/train.sbatch",
         "a cloud Slurm cluster (partition dev, 8xH100 nodes, /fsx, S3 checkpoints)", "cloud-fsx",
         ["srun-ntasks1-torchrun", "torchrun-python-m", "background-s3-sync-loop", "trap-cleanup-pkill",
          "config-positional-then-extra-args", "python-c-yaml-read", "aws-cli-network"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="fone_pretrain.train", module=True, args=['"$CONFIG"', '"${EXTRA[@]}"'],
         keep_text=["srun --ntasks=1 torchrun --standalone --nproc_per_node=8 -m fone_pretrain.train",
                    "trap cleanup EXIT TERM INT"],
         setup=[S("CONFIG=$1", "required"), S("cd /fsx/zhouty/fone_pretrain"), S("source .venv/bin/activate"),
                S("export HF_HOME=/fsx/zhouty/data/hf_cache")],
         source_only=["--partition=dev", "--mem=0"],
         refuse_words=["aws s3", "s3://", "/fsx", "pkill", "trap"],
         assumptions=["1 node, 1 task, --gres=gpu:8, 96 CPUs, --mem=0, 3 days, -p dev: set -euo pipefail, "
                      "CONFIG=$1 and the rest as EXTRA, cd /fsx/..., venv, HF_HOME, RUN_DIR read from the "
                      "YAML by python -c, a background loop that `aws s3 sync`s checkpoints every 10 min, a "
                      "cleanup trap (kill the loop, pkill children, final sync), then `srun --ntasks=1 "
                      "torchrun --standalone --nproc_per_node=8 -m fone_pretrain.train \"$CONFIG\" "
                      "\"${EXTRA[@]}\"`. Right: 8 workers on one node, the trap and sync loop kept (S3 "
                      "access from compute nodes named as a risk), $1 and the extra args kept."]),
    case(fam("delta-course-body-no-account-partition-wrapper-submit-cluster-env-uv-run-train-task-id", "slurm"),
         "parasollab/cs498rt_booster_student", "scripts/train.sbatch",
         "NCSA Delta (course jobs: account, partition and GPUs added by the wrapper scripts/train.sh)", "delta",
         ["resources-from-wrapper", "no-gpu-directive", "uv-run-entry-point", "sourced-cluster-env",
          "task-id-positional-required", "wandb-offline-fallback", "set-euo-pipefail"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train", args=['"${TASK_ID}"', "--log-root", '"${RUN_ROOT}"', '"$@"'],
         keep_text=["uv run train"],
         setup=[S('cd "${SLURM_SUBMIT_DIR}"'), S("source scripts/cluster.env", "required"),
                S('export WANDB_DIR="${RUN_ROOT}"')],
         expect="refuse",
         refuse_words=["scripts/train.sh", "wrapper", "cluster.env", "no GPU", "account"],
         assumptions=["Only --job-name, 1 node, 1 task in the file (the comments say ./scripts/train.sh "
                      "adds account, partition, GPUs, memory, time from locked settings, and plain sbatch "
                      "fails on Delta): set -euo pipefail, cd, `source scripts/cluster.env` (user file), "
                      "TASK_ID=$1 required, a run root under COURSE_WORK_DIR, W&B variables with an offline "
                      "fallback, then `uv run train \"${TASK_ID}\" --log-root \"${RUN_ROOT}\" \"$@\"`. "
                      "Right: a refusal or ask naming the wrapper that holds the resources (GPU count "
                      "unknown from this file); never a silent CPU-only job."]),
    case(fam("perlmutter-m3246-regular-4-tasks-gpus-per-task-module-tensorflow-pip-install-one-python-n4", "slurm"),
         "afinitus/transformer-hep-opt", "submit_pm.sh",
         "NERSC Perlmutter (account m3246, -C gpu, qos regular, /pscratch)", "perlmutter",
         ["four-tasks-one-process", "gpus-per-task-without-srun", "pip-install-in-job",
          "module-tensorflow-for-torch", "abs-pscratch-program", "gpu-bind-none"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="/pscratch/sd/n/nishank/humberto/transformer-hep/train_pfn_vinniedata.py", args=["-n", "4"],
         setup=[S("pip install 'weaver-core>=0.4'"),
                S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")],
         source_only=["module load tensorflow", "#SBATCH -C gpu", "--gpu-bind=none"], accounts=["m3246"],
         refuse_words=["/pscratch", "m3246", "pip install", "4 tasks"],
         assumptions=["Perlmutter: -A m3246, -C gpu, qos regular, 1 node, 4 tasks a node (\"must match "
                      "--trainer.devices\"), 1 GPU a task, 4 GPUs a node, gpu-bind none, 24 h: module "
                      "tensorflow, `pip install 'weaver-core>=0.4'`, then one `python "
                      "/pscratch/.../train_pfn_vinniedata.py -n 4` (no srun: one process that uses 4 GPUs). "
                      "Right: one process with 4 GPUs (not 4 copies), the /pscratch program path named, the "
                      "pip install kept with the network risk named."]),
    case(fam("polaris-gridfm-select-at-qsub-mpiexec-ppn1-depth64-torch-distributed-run-rdzv-c10d", "pbs"),
         "argonne-gridfm/lumina-sdk", "scripts/polaris.sh",
         "ALCF Polaris (account GridFM, filesystems home:grand:eagle; select and queue given at qsub)", "polaris",
         ["mpiexec-one-per-node-torchrun", "torch-distributed-run-module", "rdzv-c10d", "select-at-qsub",
          "nodes-from-pbs-nodefile", "gpus-from-nvidia-smi", "bash-login-shebang"],
         launch_model="launcher", launcher="torchrun", total_ranks="unknown", nodes=None, gpus_per_node=4,
         program="example/opf/train_opf.py",
         args=["--case", "case14", "--group_id", "0", "--config", "configs/config.polaris.yaml", "--model_type",
               "HeteroGNN", "--loss_type", "mse", "--minmax_scaling", "--accelerator", "auto", "--devices",
               "${NGPU_PER_HOST}", "--num_nodes", "${NHOSTS}"],
         keep_text=["mpiexec -n ${NHOSTS} --ppn 1", "--rdzv_backend c10d"],
         setup=[S("cd $PBS_O_WORKDIR", "required"), S("source /eagle/GridFM/conda_envs/lumina/bin/activate"),
                S("export HF_HOME=$SCRATCH/cache/huggingface"),
                S('export PYTHONPATH="$PBS_O_WORKDIR:$PYTHONPATH"')],
         source_only=["filesystems=home:grand:eagle", "module load conda"], accounts=["GridFM"],
         refuse_words=["select", "qsub", "/eagle", "filesystems"],
         assumptions=["PBS on Polaris: -A GridFM, filesystems home:grand:eagle, -j oe; no select, walltime "
                      "or queue in the file (the comments give `qsub -V -q debug -l select=2 ...`): cd, "
                      "conda module + a venv under /eagle, NHOSTS from PBS_NODEFILE, GPUs from nvidia-smi, "
                      "MASTER_ADDR = first host, HF caches on /eagle, then `mpiexec -n ${NHOSTS} --ppn 1 "
                      "--depth=64 --cpu-bind depth python -m torch.distributed.run --nnodes ${NHOSTS} "
                      "--nproc_per_node ${NGPU_PER_HOST} --rdzv_backend c10d ... "
                      "example/opf/train_opf.py ...`. Right: one torchrun a node with 4 workers each (srun "
                      "--ntasks-per-node=1 on Slurm targets), the node count asked or defaulted with a "
                      "note since qsub sets it, --devices/--num_nodes consistent."]),
    case(fam("lsf-training-parallel-gpu-num4-exclusive-gmem-required-env-selector-torchrun-standalone", "lsf"),
         "ArianYp/EnergyVLM", "scripts/train.lsf",
         "an LSF GPU cluster (queue training-parallel, -gpu num=4:mode=exclusive_process:gmem=80G, H200)", "lsf-gmem",
         ["lsf-gpu-gmem", "required-env-var-colon-check", "bsub-env-submission", "torchrun-standalone",
          "python-c-arith", "conditional-arg-expansion", "set-euo-pipefail", "sourced-env-file"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="train/distill.py",
         args=["--selector", '"$SELECTOR"', "--cache_dir", '"$CACHE"', "--output_dir", '"checkpoints/$RUN"',
               "--seed", '"$SEED"', "--num_steps", '"$STEPS"', "--lr", '"$LR"', "--K", "8", "--cfg", "7.0",
               "--gradient_checkpointing"],
         keep_text=['torchrun --standalone --nproc-per-node="$GPUS"',
                    '${WANDB_PROJECT:+--wandb_project "$WANDB_PROJECT" --wandb_run_name "$RUN"}'],
         setup=[S("source scripts/env.sh"), S("GPUS=${GPUS:-4}")],
         source_only=['#BSUB -gpu "num=4:mode=exclusive_process:gmem=80G"', "#BSUB -q training-parallel"],
         refuse_words=["SELECTOR", "gmem", "bsub -env", "exclusive_process"],
         assumptions=["LSF: -q training-parallel, -n 16, span[hosts=1], 256000 MB, -gpu "
                      "num=4:mode=exclusive_process:gmem=80G, 24 h: set -euo pipefail, `source "
                      "scripts/env.sh`, SELECTOR required (`: \"${SELECTOR:?...}\"`, given by `bsub -env "
                      "\"all,SELECTOR=...\"`), defaults for the rest, STEPS computed by python3 -c from a "
                      "jsonl count, then `torchrun --standalone --nproc-per-node=\"$GPUS\" train/distill.py "
                      "--selector \"$SELECTOR\" ... ${WANDB_PROJECT:+...}`. Right: 4 workers on one node "
                      "with 80 GB GPUs, SELECTOR still required (passed with sbatch --export or asked), the "
                      "conditional W&B expansion kept."]),
    case(fam("nyu-greene-pufferdrive-account-partition-at-submit-bash-array-cmd-optional-singularity-branch", "slurm"),
         "Emerge-Lab/PufferDrive", "scripts/train.sbatch",
         "NYU Greene or any Slurm cluster (account and partition given at sbatch time)", "nyu-greene",
         ["account-partition-at-submit", "bash-array-command", "conditional-singularity-wrap",
          "printf-q-inner-command", "non-python-entry-point", "set-euo-pipefail", "env-default-venv"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="puffer",
         args=["train", "puffer_drive", "--train.data-dir", "experiments", "--train.seed", '"${SEED:-0}"',
               "--train.total-timesteps", "1_000_000_000"],
         keep_text=['"${TRAIN_CMD[@]}"', 'singularity exec --nv --overlay "${SINGULARITY_OVERLAY}:ro"'],
         setup=[S('VENV_PATH="${VENV_PATH:-.venv}"'), S('source "$VENV_PATH/bin/activate"')],
         source_only=["sbatch --account=<acct> --partition=<gpu-partition> scripts/train.sbatch"],
         refuse_words=["account", "partition", "SINGULARITY_IMAGE", "TRAIN_CMD"],
         assumptions=["1 node, --gres=gpu:1, 16 CPUs, 96gb, 48 h; account and partition come from the "
                      "sbatch command line (comments): set -euo pipefail, mkdir, VENV_PATH default .venv, "
                      "TRAIN_CMD as a bash array `puffer train puffer_drive --train.data-dir experiments "
                      "--train.seed \"${SEED:-0}\" --train.total-timesteps 1_000_000_000`, echoes, then "
                      "either a singularity exec with overlay (when SINGULARITY_IMAGE and _OVERLAY are set) "
                      "or the venv and the array run directly. Right: 1 process on 1 GPU, the array and "
                      "both branches kept, the target's account/partition filled in."]),
    case(fam("lsf-no-bsub-directives-module-miniconda-pip-user-wandb-key-file-gpu-count-if-torchrun-else-python", "lsf"),
         "soroush-bn/chatemg", "scripts/train.lsf",
         "an LSF cluster (module miniconda/pytorch-tensorflow-gpu-2024.09; no #BSUB lines in the file)", "lsf-nodirectives",
         ["no-scheduler-directives", "gpu-count-from-nvidia-smi", "if-torchrun-else-python",
          "pip-install-user", "secret-from-file", "config-positional", "preprocessing-stage"],
         launch_model="launcher", launcher="torchrun", total_ranks="unknown", gpus_per_node=None,
         program="train.py", args=["--config", '"$1"'],
         keep_text=["torchrun --standalone --nproc_per_node=$NUM_GPUS", 'python -u train.py --config "$1"'],
         setup=[S("conda activate buildrust"), S("python -m pip install --user wandb==0.15.11"),
                S("export WANDB_API_KEY=$(cat ~/.wandb_key)"), S("python prepare_data_for_train.py")],
         source_only=["module load miniconda/pytorch-tensorflow-gpu-2024.09"],
         expect="refuse",
         refuse_words=["no #BSUB", "resources", "GPU count", "bsub"],
         assumptions=["No #BSUB directives (resources come from the bsub command line, not shown): set -euo "
                      "pipefail, module purge + a site miniconda module, conda env, three `pip install "
                      "--user`, WANDB_API_KEY read from ~/.wandb_key (not in clear), git echoes, `python "
                      "prepare_data_for_train.py`, NUM_GPUS from nvidia-smi, then torchrun --standalone "
                      "over all GPUs if more than one, else `python -u train.py --config \"$1\"`. Right: "
                      "a refusal or ask for the GPU count/walltime (nothing in the file says them); if "
                      "ported, both branches and the preprocessing kept, the key file kept by reference."]),
    case(fam("nasa-pbs-placeholders-select-model-scatter-excl-ssh-per-node-launch-sh-train-master-last", "pbs"),
         "NASA-IMPACT/gravity-wave-finetuning", "scripts/train.pbs",
         "NASA NAS Pleiades/Aitken-style PBS (every resource left as a <PLACEHOLDER>)", "nasa-nas",
         ["placeholder-resources", "ssh-per-node-launch", "user-wrapper-program", "sh-shebang-bash-arrays",
          "master-addr-hostname-i", "pbs-nodefile-uniq", "no-final-newline"],
         launch_model="per_rank", launcher="none", total_ranks="unknown", nodes=None, gpus_per_node=None,
         program="train.sh", args=["$data_args", "0", "$NUM_NODES", "$MASTER_ADDR", "$MASTER_PORT", "$job_id"],
         expect="refuse",
         keep_text=['ssh -i $HOME/.ssh/id_rsa $node "cd $BASE; sh train.sh'],
         source_only=["#PBS -l select=<NUM_NODES>:model=<MODEL_TYPE>:ncpus=<NUM_CPUS>:ngpus=<NUM_GPUS>:mem=<MEMORY>",
                      "#PBS -q <QUEUE_NAME>"],
         refuse_words=["placeholder", "<NUM_NODES>", "ssh", "train.sh"],
         assumptions=["A template: select=<NUM_NODES>:model=<MODEL_TYPE>:...:ngpus=<NUM_GPUS>, "
                      "place=scatter:excl, queue and walltime placeholders, #!/usr/bin/sh with bash "
                      "arrays: `cat <CONFIG_FILE_PATH>`, MASTER_ADDR from hostname -i, WORLD_SIZE from the "
                      "placeholders, the unique nodes of PBS_NODEFILE, `ssh` to every other node to run `sh "
                      "train.sh <args> <node rank> ...` in the background, then the master's `sh "
                      "$BASE/train.sh ...` (the user's wrapper, not shown, starts the training). Right: a "
                      "refusal naming the placeholders and the ssh launch (srun/mpiexec would replace it "
                      "only once the wrapper is known)."]),
    case(fam("inria-almanach-rtx8000x3-ntasks3-sh-shebang-module-purge-bashrc-conda-wrapper-train-sh", "slurm"),
         "Madjakul/DeepStylometry", "scripts/train.sbatch",
         "Inria Paris cluster (partition almanach, --gres=gpu:rtx8000:3)", "inria-almanach",
         ["user-wrapper-program", "ntasks-3-no-srun", "sh-shebang", "inline-directive-comments",
          "comments-contradict-directives", "output-pattern-task-id"],
         launch_model="single", launcher="none", total_ranks="unknown", gpus_per_node=3,
         program="./scripts/train.sh", args=[], expect="refuse",
         setup=[S("source /home/$USER/.bashrc"), S("conda activate deep_stylometry"),
                S("export DATASETS_MULTIPROCESS_CONTEXT=spawn")],
         source_only=["--partition=almanach", "--gres=gpu:rtx8000:3"],
         refuse_words=["scripts/train.sh", "wrapper", "almanach", "3 GPUs"],
         assumptions=["#!/bin/sh, 1 node, --ntasks=3 (comment says \"a single task\"), "
                      "--gres=gpu:rtx8000:3 (comment says 1 GPU), 10 CPUs a task, 2 days, -p almanach: "
                      "module purge, .bashrc, conda env, mkdir logs, a datasets variable, then "
                      "`./scripts/train.sh` (the user's wrapper, not shown, holds the launch). Right: a "
                      "refusal or ask naming the wrapper; if ported, the wrapper run once with 3 GPUs "
                      "visible and the comment/directive mismatch named."]),
    case(fam("sigma2-saga-accel-nn9851k-nlpl-easybuild-modules-nounset-submitdir-crlf-python3-u-dollar-at", "slurm"),
         "pmhalvor/mtl-tsa", "run_gpu.slurm",
         "Sigma2 Saga (account nn9851k, partition accel, NLPL easybuild modules)", "sigma2-saga",
         ["crlf-line-endings", "nounset-with-unset-var", "module-use-project-tree", "program-args-from-sbatch",
          "three-minute-walltime", "openblas-threads-from-slurm"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="test_soft.py", args=["${@}"],
         keep_text=["python3 -u test_soft.py ${@}", "set -o nounset"],
         setup=[S("set -o errexit"), S("module purge")],
         source_only=["--partition=accel", "module use -a /cluster/projects/nn9851k/software/easybuild/install/modules/all/",
                      "module load NLPL-PyTorch/1.6.0-gomkl-2019b-Python-3.7.4"],
         accounts=["nn9851k"],
         refuse_words=["NLPL", "nn9851k", "SUBMITDIR", "CRLF"],
         assumptions=["Saga: -A nn9851k, -p accel, --gres=gpu:1, 1 node x 2 tasks, 2G a CPU, 2 min 45 s, "
                      "file saved with CRLF line ends: OPENBLAS threads from SLURM_CPUS_ON_NODE, errexit "
                      "and nounset, module purge, the NLPL easybuild tree and three NLPL modules (tools, "
                      "PyTorch 1.6, transformers 4.2.2), an echo of ${SUBMITDIR} (unset: nounset stops the "
                      "job there), then `python3 -u test_soft.py ${@}`. Right: 1 process on 1 GPU with "
                      "${@} kept, the NLPL modules replaced by a named env, the CRLF ends and the unset "
                      "SUBMITDIR named (the job as written dies before python)."]),
    case(fam("snellius-style-gpu-gpus1-cpus18-bashrc-conda-venv-python-train-yaml-positional", "slurm"),
         "dqmis/dl4nlp", "train_job.slurm",
         "a Slurm cluster with a `gpu` partition and 18 cores a GPU (Snellius style; UvA course)", "snellius",
         ["positional-config", "bashrc-conda", "inline-directive-comments", "conda-env-named-venv"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/train.py", args=["train_bt-ee.yaml"],
         setup=[S("source ~/.bashrc"), S("conda activate venv")],
         source_only=["--partition=gpu", "--cpus-per-task=18"],
         refuse_words=["venv", "~/.bashrc"],
         assumptions=["-p gpu, --gpus=1, 1 task, 18 CPUs, 5 h, out/err under out/en_ee: .bashrc, `conda "
                      "activate venv`, `python scripts/train.py train_bt-ee.yaml`. Right: 1 process on 1 "
                      "GPU, the config argument kept, the conda env named."]),
    case(fam("uw-hyak-ckpt-g2-intelligentsystems-gpus2-one-task-wrapper-download-dataset-and-train", "slurm"),
         "Tasadan-Filip/UW_StreamSpeech", "train_job.slurm",
         "UW Hyak klone (account intelligentsystems, partition ckpt-g2: preemptible)", "uw-hyak",
         ["user-wrapper-program", "download-in-job", "preemptible-partition", "two-gpus-one-task"],
         launch_model="single", launcher="none", total_ranks="unknown", gpus_per_node=2,
         program="./download_dataset_and_train.sh", args=[], expect="refuse",
         source_only=["--partition=ckpt-g2"], accounts=["intelligentsystems"],
         refuse_words=["download_dataset_and_train.sh", "wrapper", "ckpt-g2", "download"],
         assumptions=["Hyak: -A intelligentsystems, -p ckpt-g2 (checkpoint/preemptible), 1 node, 1 task, "
                      "4 CPUs, 30G, --gpus=2, 24 h: only `./download_dataset_and_train.sh` (the user's "
                      "wrapper downloads the data and trains; not shown). Right: a refusal naming the "
                      "wrapper (launch and rank count unknown) and the download from a compute node; "
                      "never a guessed python command."]),
    case(fam("hf-hopper-prod-gpus4-array-0-2-sed-temp-config-accelerate-launch-rm-config", "slurm"),
         "arthurbr11/colpali", "train_job.slurm",
         "Hugging Face's Slurm cluster (partition hopper-prod, qos normal, /fsx)", "hf-hopper",
         ["accelerate-launch-no-flags", "job-array-configs", "sed-generated-config",
          "slurm-gpus-on-node-var", "cleanup-after-run", "abs-fsx-paths", "inline-directive-comments"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, gpus_per_node=4,
         program="scripts/train/train_colbert.py", args=["${TEMP_CONFIG}"],
         keep_text=["accelerate launch scripts/train/train_colbert.py ${TEMP_CONFIG}", "rm ${TEMP_CONFIG}"],
         setup=[S("cd /fsx/arthur_bresnu/projects/colpali"), S("source .venv/bin/activate"),
                S("N_GPU=$SLURM_GPUS_ON_NODE")],
         source_only=["--partition=hopper-prod", "--qos=normal", "#SBATCH --array=0-2"],
         refuse_words=["hopper-prod", "/fsx", "array", "accelerate"],
         assumptions=["-p hopper-prod, --gpus=4, qos normal, 6 h, --array=0-2: cd /fsx/..., venv, "
                      "N_GPU=$SLURM_GPUS_ON_NODE, batch size and LR from bash arrays by "
                      "SLURM_ARRAY_TASK_ID, a temp YAML written by sed from the base config, `accelerate "
                      "launch scripts/train/train_colbert.py ${TEMP_CONFIG}` (no flags: accelerate's "
                      "default config decides the process count), then rm of the temp config. Right: an "
                      "array 0-2, each 4 processes on one node (num_processes made explicit or the "
                      "default config named), the sed step and cleanup kept, the /fsx path named."]),
    case(fam("msoe-rosie-dgxh100-gpus8-positional-defaults-auto-resume-ls-bash-array-srun-torch-distributed-run-m", "slurm"),
         "TravisJ33304/OptiQual3D", "slurm/train.sbatch",
         "MSOE Rosie (partition dgxh100, 8xH100 DGX nodes)", "msoe-rosie",
         ["srun-one-task-torchrun-module", "torch-distributed-run-rdzv-c10d", "bash-array-command",
          "positional-defaults", "auto-resume-latest-checkpoint", "conda-env-on-path", "gpus-on-node-default-4"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="scripts.train", module=True,
         args=["--config", "configs/train.yaml", "--pretrained", '"${PRETRAINED}"', "--output-dir",
               '"${OUTPUT_DIR}"'],
         keep_text=["srun python -m torch.distributed.run", '--nproc_per_node="${NGPUS}"', '"${CMD[@]}"'],
         setup=[S('export PATH="/home/ad.msoe.edu/jankowskitb/.conda/envs/optiqual3d/bin:$PATH"'),
                S("NGPUS=${SLURM_GPUS_ON_NODE:-4}"),
                S("PRETRAINED=${1:-outputs/pretrain/checkpoints/pretrain_latest.pt}")],
         source_only=["--partition=dgxh100"],
         refuse_words=["dgxh100", "SLURM_GPUS_ON_NODE", "/home/ad.msoe.edu", "auto"],
         assumptions=["1 node, 1 task, --gpus-per-node=8, 32 CPUs, 256G, 24 h, -p dgxh100: set -euo "
                      "pipefail, a conda env prepended to PATH, MASTER_ADDR from scontrol, "
                      "NGPUS=${SLURM_GPUS_ON_NODE:-4}, three positional arguments with defaults, an auto "
                      "resume that picks the newest anomaly_*.pt, then a CMD array `srun python -m "
                      "torch.distributed.run --nnodes=1 --nproc_per_node=\"${NGPUS}\" --rdzv_backend=c10d "
                      "... -m scripts.train --config configs/train.yaml ...` (+ --resume) run as "
                      "\"${CMD[@]}\". Right: one torchrun with 8 workers (the :-4 default named), the "
                      "positional defaults and resume logic kept, the conda path named."]),
    case(fam("rutgers-amarel-gpu-redhat-ampere-exclude-apptainer-pull-ngc-jax-bash-c-uv-sync-uv-run-cli", "slurm"),
         "RajeevAtla/galaxy-classifier", "slurm/train.sbatch",
         "Rutgers Amarel (partition gpu-redhat, constraint ampere, /scratch/<netid>)", "rutgers-amarel",
         ["apptainer-pull-in-job", "ngc-jax-image", "bash-c-single-quoted", "uv-sync-in-container",
          "uv-run-cli-entry-point", "jax-program", "exclude-nodes", "env-default-config"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="galaxy-classifier",
         args=["train", "--config", '"${TRAIN_CONFIG:-configs/vit_tiny.toml}"', "--dataset-path",
               '"/scratch/${USER}/galaxy-classifier/data/Galaxy10_DECals.h5"', "--run-dir",
               '"/scratch/${USER}/galaxy-classifier/runs/${SLURM_JOB_ID}"'],
         framework="jax",
         keep_text=['apptainer exec --nv --bind "${PWD}:/workspace" "${JAX_IMAGE}" bash -c',
                    "/home/rra80/.local/bin/uv sync --locked --extra cuda --extra train"],
         setup=[S('export APPTAINER_CACHEDIR="/scratch/${USER}/apptainer"'),
                S('apptainer pull "${JAX_IMAGE}" docker://nvcr.io/nvidia/jax:25.10-py3')],
         source_only=["--partition=gpu-redhat", "--constraint=ampere", "--exclude=gpu[017,018]"],
         refuse_words=["apptainer pull", "nvcr.io", "/home/rra80", "uv sync", "exclude"],
         assumptions=["-p gpu-redhat, --gres=gpu:1, -C ampere, --exclude=gpu[017,018], 4 CPUs, 32G, 12 h: "
                      "set -euo pipefail, an apptainer cache on /scratch, `apptainer pull` of NGC JAX 25.10 "
                      "if missing (network), git rev, then `apptainer exec --nv --bind ${PWD}:/workspace "
                      "<sif> bash -c '...'` that runs `uv sync --locked --extra cuda --extra train`, a JAX "
                      "device check and `uv run galaxy-classifier train --config ... --dataset-path "
                      "/scratch/... --run-dir ...` (uv from the user's home). Right: 1 JAX process on 1 "
                      "GPU in the same image (pull kept with the network risk named), the single-quoted "
                      "inner script kept, the excluded nodes dropped with a note."]),
    case(fam("uf-hipergator-hpg-turin-l4-qos-account-module-conda-env-file-set-a-python-dollar-at-exit-code", "slurm"),
         "Ruthik27/conflict-damage-monitor", "slurm/train.sbatch",
         "UF HiPerGator (account and qos smin.fgcu, partition hpg-turin, L4 GPUs, /blue)", "uf-hipergator",
         ["secrets-from-env-file", "set-a-source", "program-args-from-sbatch", "exit-code-capture",
          "abs-blue-paths", "typed-gpu-gres", "qos-equals-account"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/train/train.py",
         args=["--config", "configs/train.yaml", "--paths-cfg", "configs/paths.yaml", '"$@"'],
         setup=[S("module load conda"), S("conda activate cdm"),
                S('export PYTHONPATH="$SLURM_SUBMIT_DIR:$PYTHONPATH"'),
                S('source "$SLURM_SUBMIT_DIR/configs/.env"')],
         source_only=["--partition=hpg-turin", "--gres=gpu:l4:1", "--qos=smin.fgcu"], accounts=["smin.fgcu"],
         refuse_words=["/blue", "smin.fgcu", "configs/.env", "l4"],
         assumptions=["HiPerGator: -A/--qos smin.fgcu, -p hpg-turin, --gres=gpu:l4:1, 1 task, 8 CPUs, 60gb, "
                      "24 h, output under /blue: echoes, module purge + conda, env cdm, cd to the submit "
                      "dir (or exit), PYTHONPATH, `set -a; source configs/.env; set +a` (secrets from a "
                      "file, not in the script), mkdir under /blue, `python src/train/train.py --config "
                      "configs/train.yaml --paths-cfg configs/paths.yaml \"$@\"`, then the exit code echoed "
                      "and returned. Right: 1 process on 1 GPU with \"$@\" kept, the .env sourcing kept, "
                      "the /blue log and checkpoint paths named."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
