"""Write bench/unseen17/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF and
SGE sources: any three are of another family). Same rules as bench/unseen12..unseen16
(bench/unseen6/make_common.py).
Usage: python bench/unseen17/make_cases.py /work/cache/unseen17 bench/unseen17/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("nyu-greene-cds-12x4-array0-srun-python-u-abs-scratch-mingpt-seed-task-id", "slurm"),
         "eminorhan/igpt", "train_multinode.sh",
         "NYU Greene (account cds, /scratch/<netid>, /scratch/work/public datasets)", "nyu-greene",
         ["srun-per-rank-multinode", "array-of-one", "task-id-as-seed", "abs-scratch-program",
          "master-addr-hostname-s", "random-port-shuf", "world-size-hardcoded"],
         launch_model="per_rank", launcher="srun", total_ranks=48, nodes=12, gpus_per_node=4,
         program="/scratch/eo41/minGPT/train.py",
         args=["/scratch/work/public/imagenet/train", "--data_cache",
               "/scratch/eo41/minGPT/data_model_cache/imagenet_train.pth", "--save_dir",
               "/scratch/eo41/minGPT/data_model_cache", "--epochs", "100", "--start-epoch", "4",
               "--batch_size", "1", "--optimizer", "$OPTIMIZER", "--lr", "$LR", "--seed",
               "$SLURM_ARRAY_TASK_ID", "--n_layer", "24", "--n_head", "8", "--n_emb", "512",
               "--resume", "model_3_24l_8h_512e_48b_64d_0.0005lr_Adamop_100ep_0seed_imagenet.pt"],
         keep_text=["python -u"],
         setup=[S("export MASTER_ADDR=$(hostname -s)"),
                S("export MASTER_PORT=$(shuf -i 10000-65500 -n 1)"), S("export WORLD_SIZE=48"),
                S("LR=0.0005"), S("OPTIMIZER='Adam'")],
         source_only=["module load cuda/11.3.1", "/scratch/eo41/minGPT/train.py"],
         accounts=["cds"],
         refuse_words=["/scratch/eo41", "/scratch/work/public", "WORLD_SIZE", "48"],
         assumptions=["-A cds, 12 nodes x 4 tasks, --gres=gpu:4 (no type), 2 CPUs a task, 320GB, "
                      "48 h, --array=0: MASTER_ADDR from `hostname -s` (the batch host), a random "
                      "port, WORLD_SIZE=48 typed by hand, module purge + cuda/11.3.1, then `srun "
                      "python -u /scratch/eo41/minGPT/train.py <dataset dir> ... --seed "
                      "$SLURM_ARRAY_TASK_ID ...` (one rank per GPU, DDP set up by the program from "
                      "SLURM vars). Right: 48 ranks (12 nodes x 4) or a size that fits the target "
                      "with WORLD_SIZE kept consistent, every argument kept (the task id seed "
                      "stays valid for an array of one), the absolute /scratch paths named."]),
    case(fam("snellius-gpu-a100-array-juliaup-julia-project-threads-auto-positional-conf", "slurm"),
         "DEEPDIP-project/CoupledNODE_Benchmark.jl", "job_a100.sh",
         "SURF Snellius (partition gpu_a100, 2023 module stack, juliaup module)", "snellius",
         ["julia-program", "juliaup-module", "array-of-one", "positional-config",
          "commented-mail-directive", "threads-auto"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="cnn_model_workflow.jl", args=["$CONF_FILE"], framework="julia",
         keep_text=["julia --project -t auto"],
         setup=[S("export CONF_FILE=$1")],
         source_only=["gpu_a100", "module load 2023", "module load juliaup/1.14.5-GCCcore-12.3.0"],
         refuse_words=["julia", "juliaup", "$1"],
         assumptions=["1 node, 1 task, 18 CPUs, --gpus=1, -p gpu_a100, 10 h, --array=1-1: the "
                      "2023 stack and a juliaup module, CONF_FILE=$1 (a config given at sbatch "
                      "time), `julia --project -t auto cnn_model_workflow.jl $CONF_FILE`. Right: "
                      "one Julia process on 1 GPU with --project and -t auto kept, $1 still passed, "
                      "the juliaup module replaced by the target's Julia (or asked)."]),
    case(fam("perlmutter-hbm80g-premium-8x4-srun-l-bash-c-source-ddp-vars-cmd-string", "slurm"),
         "cainsliewastaken/LBNL_dt_scaling", "run_multi_gpu.sh",
         "NERSC Perlmutter (account m4790, -C gpu&hbm80g, qos premium)", "perlmutter",
         ["srun-bash-c-source-vars", "cmd-string-var", "python-m-with-py-suffix", "set-x",
          "bash-login-shebang", "hbm80g-constraint", "no-final-newline", "mem-on-gpu-node"],
         launch_model="per_rank", launcher="srun", total_ranks=32, nodes=8, gpus_per_node=4,
         program="train_2d_turb_ddp.py", module=True, args=["--config", "config.yaml"],
         keep_text=["source export_DDP_vars.sh", "srun -l"],
         setup=[S("conda activate cainslie_env"), S("export MASTER_ADDR=$(hostname)")],
         source_only=["gpu&hbm80g", "--qos premium", "module load conda"],
         accounts=["m4790"],
         refuse_words=["export_DDP_vars.sh", "hbm80g", "premium", "-m train_2d_turb_ddp.py"],
         assumptions=["-A m4790, 8 nodes x 4 tasks, --gpus-per-node=4, 32 CPUs a task, 224GB, 24 h, "
                      "-C gpu&hbm80g, qos premium: module conda, a named env, MASTER_ADDR from the "
                      "batch host, cmd=\"python -u -m train_2d_turb_ddp.py --config config.yaml\" "
                      "(note: `-m` with a .py name, which Python rejects after importing the "
                      "module), then `srun -l bash -c \"source export_DDP_vars.sh; $cmd\"` (the "
                      "user's file turns SLURM_PROCID/LOCALID into RANK/LOCAL_RANK). Right: 32 "
                      "ranks (or a fitting size) each sourcing export_DDP_vars.sh before the "
                      "command, the command kept as written (the -m quirk named, not silently "
                      "fixed), the 80GB constraint and premium qos replaced with a note."]),
    case(fam("princeton-gres1-anaconda-tune-run-lora-single-device-config-override", "slurm"),
         "niznik-dev/predicting-zygosity", "finetune.slurm",
         "Princeton Research Computing (Della style: anaconda3 module, commented account/partition/"
         "gpu80 lines)", "princeton",
         ["torchtune-tune-run", "inline-directive-comments", "placeholder-mail", "commented-directives",
          "abs-home-scratch-config", "no-final-newline"],
         launch_model="launcher", launcher="tune", total_ranks=1, gpus_per_node=1,
         program="lora_finetune_single_device",
         args=["--config", "/home/$USER/scratch/GitHub/predicting-zygosity/finetune.yaml", "epochs=1"],
         setup=[S("conda activate ttenv"),
                S("mkdir -p /home/$USER/scratch/zygosity_output_old1line_test/logs/wandb")],
         source_only=["module load anaconda3/2024.10"],
         refuse_words=["tune run", "/home/$USER/scratch", "anaconda3"],
         assumptions=["1 node, 1 task, 1 CPU, 8G, 59 min, --gres=gpu:1 (directives carry trailing "
                      "`# ...` comments; account, partition and gpu80 constraint are commented out): "
                      "module purge, anaconda3/2024.10, conda env ttenv, a mkdir under "
                      "/home/$USER/scratch, then `tune run lora_finetune_single_device --config "
                      "/home/$USER/scratch/.../finetune.yaml epochs=1` (torchtune's single-device "
                      "recipe). Right: the tune command kept (1 process on 1 GPU), the override kept, "
                      "the home/scratch path named, the module replaced."]),
    case(fam("qgpu-a800-gres2-set-e-bashrc-conda-two-python-stages-torchrun-standalone", "slurm"),
         "andyzhou4451/compress_amsua", "pretrain.sbatch",
         "a Chinese university Slurm cluster (partition qgpu_a800)", "slurm-qgpu-a800",
         ["multi-stage-python-then-torchrun", "torchrun-standalone", "set-e", "bashrc-conda",
          "non-ascii-comments", "job-id-in-args"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="train_amsua_vaeformer_lite.py",
         args=["--data_dir", ".", "--stage", "pretrain", "--out_dir",
               "runs_amsua/pretrain_${SLURM_JOB_ID}", "--epochs", "10", "--steps_per_epoch", "1000",
               "--val_steps", "200", "--batch_size", "2", "--num_workers", "2", "--patch_h", "256",
               "--patch_w", "256", "--patch_size", "16", "--in_channels", "40", "--lr", "3e-5",
               "--stats_json", "stats_amsua.json", "--norm_clamp", "10", "--amp"],
         strategy="ddp", strategy_in_script=False,
         other_runs=[R("train_amsua_vaeformer_lite.py",
                       ["--data_dir", ".", "--make_split_only", "--show_split", "3"]),
                     R("train_amsua_vaeformer_lite.py",
                       ["--data_dir", ".", "--compute_stats", "--stats_out", "stats_amsua.json"])],
         setup=[S("cd $SLURM_SUBMIT_DIR"), S("export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK"),
                S("source ~/.bashrc"), S("conda activate amsua")],
         source_only=["qgpu_a800"],
         refuse_words=["qgpu_a800", "stages", "~/.bashrc"],
         assumptions=["-p qgpu_a800, 1 node, 1 task, --gres=gpu:2, 8 CPUs, 64G, 24 h, set -e: "
                      "cd, OMP threads, ~/.bashrc + conda env, then two single-process python "
                      "stages (make the split, compute stats) and `torchrun --standalone "
                      "--nproc_per_node=2 train_amsua_vaeformer_lite.py --stage pretrain ... --amp`. "
                      "Right: the two stages kept in order as one process each, then 2 ranks on 2 "
                      "GPUs of one node (standalone rendezvous kept or equivalent), every argument "
                      "kept, the partition replaced."]),
    case(fam("nyu-course-a100-requeue-usr1-trap-singularity-overlay-bash-c-torchrun-standalone-m",
             "slurm"),
         "helenqu/physical-representation-learning", "pretrain.sbatch",
         "NYU HPC (course account csci_ga_2572-2026sp, partition c12m85-a100-1, /share/apps/images "
         "Singularity images with ext3 overlays)", "nyu-hpc-course",
         ["singularity-overlay", "bash-c-in-container", "torchrun-standalone-one-proc",
          "torchrun-python-m", "requeue-signal-trap", "set-euo-pipefail", "escaped-var-in-bash-c"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, gpus_per_node=1,
         program="physics_jepa.train_jepa", module=True,
         args=["$CONFIG", "out_path=$REPO/checkpoints"],
         container_image="/share/apps/images/cuda13.0.1-cudnn9.13.0-ubuntu-24.04.3.sif",
         keep_text=['--overlay "$OVERLAY:ro"', "--bind /scratch/$USER:/scratch/$USER"],
         setup=[S("source /ext3/env.sh"), S("conda activate jepa"), S("cd $REPO"),
                S("export THE_WELL_DATA_DIR=$REPO/datasets"),
                S("trap 'echo \"[$(date)] SIGUSR1 received — exiting for requeue\"; exit 0' USR1")],
         source_only=["c12m85-a100-1", "--signal=B:USR1@120",
                      "/share/apps/images/cuda13.0.1-cudnn9.13.0-ubuntu-24.04.3.sif"],
         accounts=["csci_ga_2572-2026sp"],
         refuse_words=["overlay", "singularity", "/share/apps/images", "ext3", "requeue"],
         assumptions=["course account, partition c12m85-a100-1, 1 node, 1 task, 8 CPUs, "
                      "--gres=gpu:1, 24 h, --requeue, --signal=B:USR1@120 with a trap that exits 0: "
                      "`singularity exec --nv --overlay $OVERLAY:ro --bind /scratch/$USER ... "
                      "$IMAGE bash -c \"source /ext3/env.sh; conda activate jepa; cd $REPO; "
                      "exports; torchrun --standalone --nproc_per_node=1 -m "
                      "physics_jepa.train_jepa $CONFIG out_path=...\"`. Right: one process on 1 "
                      "GPU inside the same image with the overlay (apptainer on the target), or a "
                      "refusal naming the site image/overlay; the requeue trap kept or named."]),
    case(fam("lumi-standard-g-8-gpus-srun-singularity-exec-binds-container-script-config", "slurm"),
         "metno/ocean-ai", "lumi_train.sh",
         "CSC LUMI-G (partition standard-g, project_465001629, AMD MI250X GCDs, LUMI/24.03 stack)",
         "lumi",
         ["srun-singularity-exec", "container-wrapper-script", "cray-binds", "singularityenv-ld-path",
          "unused-cpu-bind-mask", "pwd-p-paths", "amd-gpus"],
         launch_model="per_rank", launcher="srun", total_ranks=8, nodes=1, gpus_per_node=8,
         program="$CONTAINER_SCRIPT", args=["$CONFIG_DIR", "$CONFIG_NAME"], device="amd",
         container_image="$PROJECT_DIR/container/ocean-ai.sif",
         keep_text=["-B /pfs:/pfs", "-B /opt/cray"],
         setup=[S("export VIRTUAL_ENV=$VENV"), S("CONFIG_NAME=main.yaml")],
         source_only=["standard-g", "module load LUMI/24.03 partition/G",
                      "/pfs/lustrep2/projappl/project_465001629/python-envs/anemoi-env-trimedge"],
         accounts=["project_465001629"],
         refuse_words=["run_pytorch.sh", "container", "singularity", "/pfs", "MI250X", "amd"],
         assumptions=["LUMI-G: 1 node, 8 tasks, --gpus-per-node=8 (MI250X GCDs), 10 h: LUMI/24.03 "
                      "partition/G modules, SINGULARITYENV_LD_LIBRARY_PATH with the aws-ofi-rccl "
                      "plugin and Cray xpmem, then `srun singularity exec -B /pfs -B "
                      "/var/spool/slurmd -B /opt/cray -B /usr/lib64 $CONTAINER run_pytorch.sh "
                      "$CONFIG_DIR main.yaml` (the user's wrapper inside the image starts anemoi "
                      "training). Right: on NVIDIA/Intel targets a refusal or a clear note that the "
                      "ROCm image and the Cray binds do not carry; a port keeps 8 ranks, the wrapper "
                      "and its two arguments, and names the image and binds."]),
    case(fam("leonardo-boost-lprod-a100-container-detect-function-singularity-exec-pwd-python", "slurm"),
         "acbueff/euroSFT", "run_leonardo.sh",
         "CINECA Leonardo Booster (account EUHPC_E05_119, boost_usr_prod, qos boost_qos_lprod)",
         "leonardo",
         ["shell-function-launch", "container-runtime-detect", "singularityenv-exports", "offline-hf",
          "set-euo-err-trap", "exit-code-capture", "pip-packages-outside-container"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="${CODE_DIR}/train_sft.py", args=[],
         container_image="/leonardo_work/EUHPC_D21_101/containers/smoLLM_fixed.sif",
         keep_text=['run_python "${CODE_DIR}/train_sft.py"', '--pwd "$CODE_DIR"'],
         setup=[S("export HF_HUB_OFFLINE=1"), S("export TRANSFORMERS_OFFLINE=1"),
                S('export HF_HOME="${WORK_DIR}/hf_cache"'),
                S('export SINGULARITYENV_PYTHONPATH="${PIP_PACKAGES}:${PYTHONPATH:-}"')],
         source_only=["boost_usr_prod", "boost_qos_lprod", "/leonardo_work/EUHPC_E05_119/abueff00/euroSFT",
                      "/leonardo_work/EUHPC_D21_101/containers/smoLLM_fixed.sif"],
         accounts=["EUHPC_E05_119"],
         refuse_words=["/leonardo_work", "container", "singularity", "run_python"],
         assumptions=["-A EUHPC_E05_119, boost_usr_prod, qos boost_qos_lprod, 1 node, 1 task, "
                      "--gres=gpu:a100:1, 8 CPUs, 128G, 6 h, set -euo pipefail with an ERR trap: "
                      "paths under /leonardo_work and the user's home, HF offline caches, the "
                      "runtime picked at run time (singularity or apptainer), SINGULARITYENV_* "
                      "forwards (incl. a PYTHONPATH to pip packages outside the image), then the "
                      "shell function run_python that runs `$CONTAINER_CMD exec --nv --bind ... --pwd "
                      "$CODE_DIR $CONTAINER python train_sft.py`, exit code captured. Right: one "
                      "process on 1 GPU in the same image (function and detection kept), the "
                      "/leonardo_work paths and image named; HF_TOKEN stays an env pass-through."]),
    case(fam("frontier-geo163-gres8-arg-parser-usr1-forward-hostfile-eval-srun-bash-c-ddp-vars-"
             "deepspeed", "slurm"),
         "alexk101/sci-scaling", "submit_frontier.sh",
         "OLCF Frontier (account GEO163, partition batch, MI250X, /lustre/orion world-shared env)",
         "frontier",
         ["eval-cmd-string", "srun-bash-c-source-vars", "arg-parser-case-loop", "nodes-from-sbatch-N",
          "signal-usr1-forward-pgrep", "deepspeed-hostfile-unused", "cmd-string-surgery",
          "amd-gpus", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks="unknown", nodes=None, gpus_per_node=8,
         program="train.py",
         args=["--config", "config/configs.yaml", "--config_name", "$CONFIG_NAME", "--ds_config",
               "$DS_CONFIG", "--precision", "$PRECISION", "--strategy", "$STRATEGY", "--num_nodes",
               "$NUM_NODES"],
         device="amd", strategy="deepspeed", strategy_in_script=True,
         keep_text=["eval $CMD", "source export_DDP_vars.sh", "--export=ALL"],
         setup=[S("source export_frontier_vars.sh"), S("source activate ${CONDA_ENV_PATH}"),
                S("trap 'cleanup_handler' USR1"), S("export DS_SKIP_CUDA_CHECK=1")],
         source_only=["/lustre/orion/geo163/world-shared/python-envs/deepspeedv2",
                      "--signal=B:USR1@60", "export_frontier_vars.sh"],
         accounts=["GEO163"],
         refuse_words=["eval", "CMD", "sbatch -N", "export_frontier_vars.sh", "/lustre/orion", "amd"],
         assumptions=["-A GEO163, -p batch, 30 min, --gres=gpu:8, 8 tasks a node, 7 CPUs a task, "
                      "--signal=B:USR1@60, nodes given at submission (`sbatch -N <n> ... "
                      "--config_name <c>`): a long-option parser over the script's arguments, a USR1 "
                      "handler that forwards the signal to child python processes, "
                      "export_frontier_vars.sh, a conda env under /lustre/orion, a DeepSpeed "
                      "hostfile (written, never used), then CMD=\"srun --export=ALL bash -c 'source "
                      "export_DDP_vars.sh && $CONDA_ENV_PATH/bin/python -u train.py ... "
                      "--strategy deepspeed ...'\" with flags spliced into the string, run by `eval "
                      "$CMD`. Right: 8 ranks a node over the submitted node count (or asked), the "
                      "per-rank sourcing and the eval'd string kept or refused with the reason; the "
                      "Frontier env files and ROCm/AMD specifics named on NVIDIA/Intel targets."]),
    case(fam("polaris-debug-scaling-select2-ranks-arith-mpiexec-wrapper-script-redirects", "pbs"),
         "jtchilders/madgraph_scaling", "submit_polaris.sh",
         "ALCF Polaris (account atlas_aesp, queue debug-scaling, filesystems eagle:home)", "polaris",
         ["mpiexec-user-wrapper", "ranks-arithmetic", "two-ranks-per-gpu", "broken-shebang",
          "redirects-to-jobdir", "positional-args-to-wrapper", "sycl-program"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=16, nodes=2, gpus_per_node=4,
         program="$PROJ_PATH/madgraph_scaling/run_everything.sh",
         args=["$GPUS_PER_NODE", "$TILES_PER_GPU", "$RANKS_PER_TILE", "$PROJ_PATH", "$MEPYTHON",
               "$MG_PROC_DIR", "$SYCL_SETUP", "$MACHINE"],
         framework="sycl", expect="refuse",
         keep_text=["1> $JOBDIR/run_stdout.txt 2> $JOBDIR/run_stderr.txt"],
         setup=[S("export MACHINE=polaris"), S("mkdir -p $JOBDIR"), S("cd $JOBDIR")],
         source_only=["filesystems=eagle:home", "debug-scaling",
                      "/soft/datascience/conda/2022-09-08/mconda3/bin/python",
                      "/eagle/atlas_aesp/madgraph"],
         accounts=["atlas_aesp"],
         refuse_words=["run_everything.sh", "wrapper", "MACHINE", "/eagle", "setup_sycl_polaris.sh"],
         assumptions=["PBS on Polaris: select=2, 15 min, queue debug-scaling, filesystems "
                      "eagle:home, logs under /eagle; `#/bin/bash` (no `!`): NODES from "
                      "$PBS_NODEFILE, 4 GPUs x 1 tile x 2 ranks a tile = 8 ranks a node, 16 in "
                      "all, MEPYTHON from /soft/datascience, MACHINE=polaris and a Polaris SYCL "
                      "setup file handed to the user's run_everything.sh, which `mpiexec -n "
                      "$RANKS -ppn $RANKS_PER_NODE` starts with 8 positional arguments and "
                      "redirects. Right: a refusal naming the wrapper (its GPU binding, SYCL setup "
                      "and MACHINE switch are in files not shown), or a port that keeps the wrapper "
                      "and its arguments with MACHINE/paths named; never a guessed program."]),
    case(fam("umd-nexus-rtxa6000x2-qos-high-fs-venv-srun-u-python3-lightning-devices-2", "slurm"),
         "minghui-liu/SevenTLightning", "submit_lightning.sh",
         "UMD UMIACS Nexus (qos high, rtxa6000 GPUs, /fs/nexus-scratch)", "umd-nexus",
         ["srun-per-rank-lightning", "devices-flag", "typed-gres", "module-add", "abs-scratch-venv",
          "days-walltime"],
         launch_model="per_rank", launcher="srun", total_ranks=2, gpus_per_node=2,
         program="train_lightning.py",
         args=["--model", "unetr", "-w", "1", "--scale_intensity_clip", "False", "--epochs", "1000",
               "-lr", "0.0002", "--devices", "2", "-b", "8"],
         framework="lightning", strategy="ddp", strategy_in_script=False,
         topology_args=[T("--devices", "2", "gpus_per_node")],
         setup=[S("source /fs/nexus-scratch/minghui/NMSS/MSProject/.venv/bin/activate")],
         source_only=["gpu:rtxa6000:2", "--qos high", "module add cuda", "module add Python3"],
         refuse_words=["/fs/nexus-scratch", "rtxa6000", "--devices"],
         assumptions=["1 node, 2 tasks a node, --gres=gpu:rtxa6000:2, 32gb a CPU, qos high, 1 day: "
                      "module add cuda and Python3, a venv under /fs/nexus-scratch, `srun -u python3 "
                      "train_lightning.py ... --devices 2 -b 8` (Lightning picks up the 2 Slurm "
                      "tasks). Right: 2 ranks on 2 GPUs with --devices kept equal to the GPUs a "
                      "node, the venv path named, qos and modules replaced."]),
    case(fam("nscc-pbs-select-ngpus1-personal-miniconda-cvd0-python-commented-continuation-lines",
             "pbs"),
         "quandao10/lfm", "run_pbs.sh",
         "a PBS Pro cluster with project `Personal` and queue normal (NSCC Singapore ASPIRE style)",
         "pbs-nscc",
         ["comment-breaks-continuation", "stray-option-lines", "cvd-prefix", "set-e-after-set-x",
          "miniconda-activate-arg", "mail-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_redressing_flow.py",
         args=["--exp", "experiment_cifar_redressing", "--dataset", "cifar10", "--coupling_model",
               "../diff-flow-matching/saved_info/flow_matching/cifar10/experiment_cifar_default/"
               "model_500.pth"],
         keep_text=["CUDA_VISIBLE_DEVICES=0"],
         setup=[S("source $HOME/miniconda3/bin/activate ottest"), S("cd $HOME/scratch/work/lfm")],
         source_only=["-P Personal", "select=1:ncpus=32:mem=128G:ngpus=1"],
         refuse_words=["continuation", "--batch_size", "comment", "Personal"],
         assumptions=["PBS: queue normal, select=1:ncpus=32:mem=128G:ngpus=1, 48 h, -P Personal, "
                      "mail: miniconda activate, cd under $HOME/scratch, set -x, set -e, then "
                      "`CUDA_VISIBLE_DEVICES=0 python train_redressing_flow.py --exp ... --dataset "
                      "cifar10 --coupling_model '...model_500.pth'` -- that line has no trailing "
                      "backslash, so the command ends there; the next lines (a `#--minibatch_ot` "
                      "comment, then `--batch_size 128 \\ ... --save_content_every 10 \\`) run as a "
                      "separate command that fails under set -e. Right: the program with exactly "
                      "the three option pairs the shell passes, on 1 GPU, and a note (or question) "
                      "on the broken continuation; never the stray options merged in silently."]),
    case(fam("nyu-greene-a100x4-array0-cuda-module-accelerate-launch-config-file-abs-scratch",
             "slurm"),
         "eminorhan/llm-memory", "train_accelerate.sh",
         "NYU Greene (a100 GPUs, /scratch/<netid>)", "nyu-greene",
         ["accelerate-config-file", "abs-scratch-program", "array-of-one", "no-tasks-directive",
          "whitespace-only-line"],
         launch_model="launcher", launcher="accelerate", total_ranks="unknown", gpus_per_node=4,
         program="/scratch/eo41/lm-recognition-memory/train.py",
         args=["--model_name_or_path", "facebook/opt-13b", "--train_file",
               "/scratch/eo41/lm-recognition-memory/data/recognition-memory-experimental-data/"
               "seen_data_0.json", "--per_device_train_batch_size", "$BS", "--num_train_epochs",
               "$EP", "--learning_rate", "$LR", "--output_dir",
               "/scratch/eo41/lm-recognition-memory/models/opt13b-seen-0", "--checkpointing_steps",
               "epoch", "--block_size", "128", "--save_prefix", "opt13b-seen-0", "--overwrite_cache"],
         launcher_config=["/scratch/eo41/lm-recognition-memory/accelerate_config.yaml"],
         setup=[S("LR=0.00001"), S("BS=1"), S("EP=4")],
         source_only=["module load cuda/11.6.2", "gpu:a100:4"],
         refuse_words=["accelerate_config.yaml", "/scratch/eo41", "config_file"],
         assumptions=["--gres=gpu:a100:4, 4 CPUs, 350GB, 60 min, --array=0 (no nodes/tasks "
                      "directives): module purge, cuda/11.6.2, LR/BS/EP set, then `accelerate "
                      "launch --config_file /scratch/.../accelerate_config.yaml /scratch/.../train.py "
                      "--model_name_or_path facebook/opt-13b ...` (the process count and strategy "
                      "live in the config file, not shown). Right: accelerate kept with the config "
                      "file passed or named (its num_processes checked against 4 GPUs), every "
                      "argument kept, the /scratch paths named."]),
    case(fam("cloud-nodes0-gres0-template-pyxis-srun-container-bash-c-launcher-unset-vars", "slurm"),
         "dashabalashova/distr-accept", "slurm_train.sbatch",
         "a cloud Slurm cluster with pyxis/enroot (a test template: nodes and GPUs filled in later)",
         "slurm-cloud-pyxis",
         ["template-placeholders-zero", "pyxis-srun-container", "bash-c-single-quoted",
          "launcher-in-env-var", "unset-vars", "torch-distributed-launch", "if-srun-status",
          "hint-nomultithread"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks="unknown",
         nodes=None, gpus_per_node=None,
         program="/workspace/train.py", args=["--distributed-backend", "nccl", "--deepspeed"],
         strategy="deepspeed", strategy_in_script=True, expect="refuse",
         container_image="$SLURM_SUBMIT_DIR/deepspeed-train-3.sqsh",
         keep_text=["bash -c '$LAUNCHER --node_rank $SLURM_PROCID $CMD'"],
         setup=[S("export OMP_NUM_THREADS=1")],
         source_only=["--container-image=$SLURM_SUBMIT_DIR/deepspeed-train-3.sqsh",
                      "--container-mounts=$SLURM_SUBMIT_DIR:/workspace"],
         refuse_words=["nodes=0", "gpu:0", "GPUS_PER_NODE", "NNODES", "container-image", "pyxis",
                       "template"],
         assumptions=["--nodes=0, --gres=gpu:0, 1 task a node, 4 CPUs, set -euo pipefail: the "
                      "size directives are zero placeholders and GPUS_PER_NODE/NNODES are never set "
                      "(with set -u the LAUNCHER export fails), then `if srun --container-image=... "
                      ".sqsh --container-mounts=$SLURM_SUBMIT_DIR:/workspace bash -c '$LAUNCHER "
                      "--node_rank $SLURM_PROCID $CMD'` (torch.distributed.launch of "
                      "/workspace/train.py --deepspeed). Right: a refusal (or question) naming the "
                      "zero/unset sizes and the pyxis container; never a size invented."]),
    case(fam("nobackup-gpus1-mamba-run-three-stages-rsync-local-tmp-trap-torchrun-nproc-var",
             "slurm"),
         "adameubanks/waggle-chat", "slurm_train.sbatch",
         "a university Slurm cluster with /nobackup/archive paths (BYU Office of Research Computing "
         "style)", "slurm-nobackup",
         ["mamba-run-prefix", "three-python-stages", "rsync-to-node-local", "trap-cleanup",
          "torchrun-nproc-env-default", "nproc-exceeds-gpus", "set-euo-pipefail"],
         launch_model="launcher", launcher="torchrun", total_ranks="unknown", gpus_per_node=1,
         program="run.py",
         args=["train", "--train_manifest", "$MAN_DIR/train_manifest.csv", "--val_manifest",
               "$MAN_DIR/val_manifest.csv", "--out_dir", "$RUN_DIR", "--cache_train_dir",
               "$LOCAL_CACHE/train", "--cache_val_dir", "$LOCAL_CACHE/val", "--epochs", "20",
               "--batch_size", "64", "--lr", "3e-4", "--weight_decay", "5e-3", "--num_workers", "3",
               "--prefetch_factor", "2", "--val_every", "1", "--val_max_batches", "20", "--amp"],
         other_runs=[R("run.py", ["prep", "--data_dir", "data", "--out_dir", "$MAN_DIR", "--fps", "30",
                                  "--clip_frames", "16", "--stride", "2", "--center_stride_frames",
                                  "2", "--neg_per_pos", "3", "--seed", "0"]),
                     R("run.py", ["cache", "--manifest_csv", "$MAN_DIR/train_manifest.csv",
                                  "--out_dir", "$CACHE_DIR/train", "--fps", "30", "--clip_frames", "16",
                                  "--stride", "2", "--shard_size", "512"]),
                     R("run.py", ["cache", "--manifest_csv", "$MAN_DIR/val_manifest.csv",
                                  "--out_dir", "$CACHE_DIR/val", "--fps", "30", "--clip_frames", "16",
                                  "--stride", "2", "--shard_size", "512"])],
         keep_text=['mamba run -p "$ENV_PREFIX"', "--nproc_per_node=${NPROC}",
                    'rsync -a --info=progress2 "$CACHE_DIR/" "$LOCAL_TMP/cache/"'],
         setup=[S("cd /nobackup/archive/usr/adameuba/waggle_chat"),
                S('NPROC="${NPROC:-4}"'), S("trap cleanup_local_tmp TERM INT")],
         source_only=["module load cuda", "/nobackup/archive/usr/adameuba/waggle_chat",
                      "/home/adameuba/.conda/envs/waggle_env"],
         refuse_words=["NPROC", "4", "--gpus=1", "/nobackup", "/tmp"],
         assumptions=["1 node, 1 task, 32 CPUs, 256G, --gpus=1, 24 h, set -euo pipefail: module "
                      "cuda, cd to /nobackup/archive, paths per job id, NPROC=${NPROC:-4}, three "
                      "single-process stages through `mamba run -p $ENV_PREFIX python run.py "
                      "prep|cache|cache`, a cleanup trap, rsync of the cache to /tmp/<jobid>, then "
                      "`mamba run -p ... torchrun --standalone --nnodes=1 "
                      "--nproc_per_node=${NPROC} run.py train ...` -- 4 processes by default on 1 "
                      "GPU. Right: stages, rsync and trap kept in order, the torchrun size made to "
                      "match the GPUs given (or the mismatch named/asked), mamba run kept."]),
    case(fam("snellius-gpu-a100-two-module-years-srun-pip-installs-then-srun-python-train", "slurm"),
         "pedrocurvo/erwinpp", "snellius.sh",
         "SURF Snellius (partition gpu_a100, 2024 and 2023 module stacks)", "snellius",
         ["pip-install-in-job", "srun-pip", "two-module-stacks", "source-activate",
          "srun-one-task", "no-final-newline", "network-from-compute"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train_shapenet.py",
         args=["--data-path", "shapenet_car/mlcfd_data/preprocessed", "--experiment",
               "shapenet_default"],
         setup=[S("source activate erwin"), S("cd $HOME/erwinpp"),
                S("srun pip3 install torch==2.5.0 torch-cluster -f "
                  "https://data.pyg.org/whl/torch-2.5.0+cu124.html"),
                S("srun pip3 install torch-scatter -f https://data.pyg.org/whl/torch-2.5.0+cu124.html")],
         source_only=["gpu_a100", "module load 2024", "module load Anaconda3/2024.06-1",
                      "module load 2023", "module load CUDA/12.4.0"],
         refuse_words=["pip3 install", "data.pyg.org", "cu124", "Anaconda3"],
         assumptions=["-p gpu_a100, --gpus=1, 1 task, 8 CPUs, 20 h: module purge, the 2024 stack "
                      "with Anaconda3, then the 2023 stack with CUDA/12.4.0, `source activate "
                      "erwin`, cd $HOME/erwinpp, three `srun pip3 install ...` (torch 2.5.0 + "
                      "cu124 wheels from data.pyg.org and a long package list), then `srun python "
                      "train_shapenet.py --data-path ... --experiment shapenet_default`. Right: the "
                      "installs kept in order (network from compute nodes named as a risk, the "
                      "cu124 wheels named on non-CUDA-12 targets), 1 process on 1 GPU."]),
    case(fam("mri2020-h100x4-one-task-micromamba-hook-deepspeed-num-gpus-4-config-args", "slurm"),
         "bigyanghimire/deepspeed-experiments", "train_slurm.sh",
         "a university Slurm cluster (partition mri2020, h100 GPUs; an MRI-funded system)",
         "slurm-mri2020",
         ["deepspeed-launcher-single-node", "micromamba-shell-hook", "one-task-many-gpus",
          "commented-alternatives", "trailing-space-activate"],
         launch_model="launcher", launcher="deepspeed", total_ranks=4, gpus_per_node=4,
         program="train.py",
         args=["--deepspeed_config", "configs/bf16_full.json", "--num_layers", "32", "--hidden_dim",
               "4096", "--num_heads", "32", "--batch_size", "1", "--num_steps", "1000",
               "--activation_checkpointing", "--loss_log_file", "logs/bf16_full_loss.csv",
               "--use_real_data", "--seed", "42"],
         strategy="deepspeed", strategy_in_script=True,
         topology_args=[T("--num_gpus", "4", "gpus_per_node")],
         setup=[S('eval "$(micromamba shell hook --shell bash)"'), S("micromamba activate ds-hf")],
         source_only=["mri2020", "module load cuda/11.8.0", "gpu:h100:4"],
         refuse_words=["deepspeed", "micromamba", "mri2020"],
         assumptions=["1 node, 1 task, --gres=gpu:h100:4, 8 CPUs, 128G, 1 h, -p mri2020: module "
                      "cuda/11.8.0, micromamba hook and env ds-hf, `deepspeed --num_gpus=4 train.py "
                      "--deepspeed_config configs/bf16_full.json ...` (the deepspeed launcher forks "
                      "4 ranks on this node). Right: 4 ranks on one node of 4 GPUs (--num_gpus kept "
                      "equal to the GPUs a node), every argument kept, the partition and CUDA "
                      "module replaced."]),
    case(fam("desy-maxwell-maxgpu-constraint-or-sh-shebang-bashrc-conda-python-train-flags", "slurm"),
         "desy-ml/rl-vs-bo", "train_slurm.sh",
         "DESY Maxwell (partition maxgpu, constraint A100|P100|V100, /beegfs/desy)", "desy-maxwell",
         ["no-gpu-count-partition-implies", "constraint-or", "sh-shebang-source", "bashrc-conda",
          "abs-beegfs-cd", "exit-at-end", "cpu-device-flag"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--action_type", "direct", "--filter_action", "0", "1", "3", "--filter_observation",
               "beam", "magnets", "--incoming", "random", "--magnet_init", "random",
               "--misalignments", "random", "--reward_method", "feedback", "--quad_action",
               "oneway", "--sb3_device", "cpu", "--target_beam_mode", "random", "--vec_env", "dummy",
               "--w_mu_x", "0.0", "--w_mu_y", "0.0", "--w_time", "0.0"],
         setup=[S("source ~/.bashrc"), S("conda activate rl39"),
                S("cd /beegfs/desy/user/kaiserja/ares-ea-v2")],
         source_only=["maxgpu", "A100|P100|V100", "source /etc/profile.d/modules.sh"],
         refuse_words=["maxgpu", "/beegfs", "constraint", "GPU count"],
         assumptions=["`#!/bin/sh` with `source` lines, -p maxgpu, 1 node, 1 day, "
                      "--constraint=A100|P100|V100, no --gres/--gpus (Maxwell's maxgpu nodes are "
                      "whole GPU nodes): modules init, ~/.bashrc + conda rl39, cd to /beegfs, `python "
                      "train.py --action_type direct ... --sb3_device cpu ...`, exit. Right: 1 "
                      "process with a GPU requested explicitly on the target (the implied GPU and "
                      "--sb3_device cpu noted), every flag kept, the /beegfs path named."]),
    case(fam("umn-msigpu-v100-array-0-4-seed-bash-array-positional-flag-python3-main", "slurm"),
         "dwij2212/HydroDiffusion", "train_slurm.sh",
         "University of Minnesota MSI (account kumarv, partition msigpu)", "umn-msi",
         ["array-five-seeds", "bash-array-index-task-id", "positional-flag-default", "if-elif-flags",
          "set-e", "abs-home-cd", "anaconda-profile"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["train_npy", '--model_name="decoder_only_ssm"', '--seed="$SEED"', "--gpu=0",
               '--no_static="$no_static"', '--concat_static="$concat_static"', "--epochs=60",
               "--d_model=256", "--d_state=256", "--lr=3e-5", "--lr_min=3e-6", "--weight_decay=0.00",
               "--wd=4e-5", "--lr_dt=0.001", "--min_dt=0.01", "--max_dt=0.1", "--warmup=1",
               "--n_layers=6", "--ssm_dropout=0.2", "--cfi=10", "--cfr=10", "--pool_type='power'",
               "--forcing_source='daymet'"],
         keep_text=["static_flag=${1:-static}", "SEED=${SEEDS[$SLURM_ARRAY_TASK_ID]}"],
         setup=[S("cd /users/6/mehta423/projects/HydroDiffusion"),
                S("source ~/anaconda3/etc/profile.d/conda.sh"), S("conda activate nsdiff")],
         source_only=["msigpu", "gpu:v100:1"],
         accounts=["kumarv"],
         refuse_words=["/users/6/mehta423", "array", "v100"],
         assumptions=["-A kumarv, -p msigpu, --gres=gpu:v100:1, 1 CPU, 20G, 23:59:59, --array=0-4, "
                      "set -e: cd to an absolute home path, anaconda env, static_flag=${1:-static} "
                      "mapped by if/elif to two booleans, SEED picked from a bash array by "
                      "$SLURM_ARRAY_TASK_ID, `python3 main.py train_npy --model_name=... "
                      "--seed=$SEED ...`. Right: the array (5 tasks) kept, the seed lookup and $1 "
                      "default kept, 1 process on 1 GPU each, the account/partition replaced."]),
    case(fam("psu-mgc-mri-4-tasks-gpus4-one-python3-process-anaconda", "slurm"),
         "AMBehroozi/Flood_Neural_operator", "train_slurm.sh",
         "Penn State ICDS Roar Collab (partition mgc-mri, account cxs1024_mri, /storage/work)",
         "psu-roar",
         ["one-process-four-gpus", "tasks-not-used", "quoted-job-name", "abs-storage-cd",
          "anaconda-source-activate"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="FNO_forward/FNO_Trainer/FNO_parallel_trainer_multi_stream.py", args=[],
         setup=[S("source activate FNO"),
                S("cd /storage/work/amb10399/project/MHPI_FLOOD/Hurricane_Matthew_Flood/")],
         source_only=["mgc-mri", "module load anaconda3"],
         accounts=["cxs1024_mri"],
         refuse_words=["/storage/work", "4 GPUs", "one process"],
         assumptions=["1 node, 4 tasks, 4 CPUs each, 80GB, --gpus=4, 24 h, -p mgc-mri, -A "
                      "cxs1024_mri: module purge, anaconda3, source activate FNO, cd to /storage/work, "
                      "then one bare `python3 FNO_forward/FNO_Trainer/FNO_parallel_trainer_multi_stream"
                      ".py` (one process that sees the 4 GPUs; the 4 tasks are never used by a "
                      "launcher). Right: one process with 4 GPUs visible on one node, not 4 copies; "
                      "the /storage path named."]),
    case(fam("ailab-offline-env-venv-check-background-vllm-server-curl-wait-python3-m", "slurm"),
         "sethkarten/AI-Bazaar", "train_slurm.sh",
         "a university Slurm cluster (partition ailab; Princeton style)", "slurm-ailab",
         ["background-vllm-server", "curl-wait-loop", "kill-server-at-end", "venv-exists-check",
          "offline-env", "cvd-export", "python-m-program"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="ai_bazaar.train.train_reinforce", module=True,
         args=["--llm", "./models/gemma-3-4b-it-bnb-4bit", "--port", "8000", "--num_episodes", "5",
               "--num_iterations", "100", "--lr", "5e-5", "--num-firms", "3", "--num-consumers",
               "10", "--max-timesteps", "20", "--firm-type", "LLM", "--consumer-type", "CES",
               "--service", "vllm", "--log-dir", "logs"],
         other_runs=[R("vllm.entrypoints.openai.api_server",
                       ["--model", "./models/gemma-3-4b-it-bnb-4bit", "--port", "8000",
                        "--gpu-memory-utilization", "0.4", "--disable-log-requests"])],
         keep_text=["VLLM_PID=$!", "curl -s http://localhost:8000/v1/models", "kill $VLLM_PID"],
         setup=[S(". .venv/bin/activate"), S("export CUDA_VISIBLE_DEVICES=0"),
                S("export HF_DATASETS_OFFLINE=1"), S("export WANDB_MODE=offline")],
         source_only=["--partition=ailab"],
         refuse_words=["vllm", "background", "server", "ailab"],
         assumptions=["1 node, 1 task, 16 CPUs, --gres=gpu:1, 128G, 48 h, -p ailab: offline "
                      "HF/W&B/uv env, CUDA_VISIBLE_DEVICES=0, a check that .venv exists, then a vLLM "
                      "OpenAI server started in the background on the same GPU (40% memory), a curl "
                      "loop until it answers, `python3 -m ai_bazaar.train.train_reinforce ... "
                      "--service vllm`, and `kill $VLLM_PID`. Right: server, wait loop, trainer and "
                      "kill kept in order on one GPU; the partition replaced."]),
    case(fam("exclusive-8-gpus-8-tasks-168h-srun-python-hydra-log-dir", "slurm"),
         "lucadellalib/X-Codec-2.0", "train_slurm.sh",
         "an unnamed Slurm cluster (no partition or account; 8-GPU nodes, --exclusive)",
         "slurm-generic-8gpu",
         ["srun-per-rank", "hydra-override-arg", "placeholder-path", "walltime-7-days",
          "exclusive", "trailing-whitespace", "whitespace-only-lines"],
         launch_model="per_rank", launcher="srun", total_ranks=8, nodes=1, gpus_per_node=8,
         program="train.py", args=["log_dir=/path/to/log_dir"],
         setup=[S("export LOGLEVEL=INFO"), S("export NCCL_DEBUG=INFO"),
                S('export PYTHONWARNINGS="ignore"')],
         source_only=["--exclusive", "168:00:00", "--mem=1024G"],
         refuse_words=["168", "/path/to/log_dir", "1024G"],
         assumptions=["1 node, 8 tasks, --gpus-per-node=8, 28 CPUs a task, 1024G, --exclusive, "
                      "168 h: env exports, `srun python train.py log_dir=/path/to/log_dir` (a "
                      "placeholder path; one rank per GPU). Right: 8 ranks (or the target's GPUs a "
                      "node) with the Hydra override kept, 168 h and 1 TB memory cut to the target's "
                      "limits with a note, the placeholder named."]),
    case(fam("uiuc-csl-l40s-x2-7-days-conda-python-hydra-overrides-trailing-backslash", "slurm"),
         "AdityaDeshmukh/prompt_opt", "grpo.slurm",
         "UIUC CSL cluster (partition csl, L40S GPUs, /u/<netid>)", "uiuc-csl",
         ["one-process-two-gpus", "hydra-overrides", "trailing-backslash-blank-line",
          "ntasks-as-cores", "walltime-7-days", "conda-activate-no-init"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="run_tst_multi_obj.py",
         args=["algo=grpo", "train_batch_size=15", "num_repeats=16", "num_samples=50",
               "save_dir=/u/ad11/prompt_opt/grpo",
               "checkpoint_path=/u/ad11/prompt_opt/grpo/ckpt/ckpt.step.3900.pth"],
         setup=[S("conda activate base"), S("conda activate prompt_opt")],
         source_only=["--partition=csl", "gpu:L40S:2"],
         refuse_words=["/u/ad11", "7-00:00:00", "7 days", "L40S"],
         assumptions=["--gres=gpu:L40S:2, 1 node, 32 tasks a node (meant as cores), 7 days, -p csl, "
                      "mail: two `conda activate` lines (no conda init), then `python "
                      "run_tst_multi_obj.py algo=grpo ... checkpoint_path=/u/ad11/...pth \\` with a "
                      "trailing backslash before a blank line. Right: one process seeing 2 GPUs, "
                      "every Hydra override kept, the absolute /u/ad11 paths named, 7 days cut to "
                      "the target's limit with a note, 32 tasks not turned into 32 ranks."]),
    case(fam("lab-partition-h100-constraint-set-euo-share-apps-conda-python-script", "slurm"),
         "MihirMishra23/Multi-Hop-Reasoning", "grpo.slurm",
         "a lab partition (jjs533) on a university Slurm cluster with /share/apps (Cornell G2 style)",
         "slurm-lab-jjs533",
         ["lab-partition", "quoted-constraint", "set-euo-pipefail", "share-apps-conda",
          "walltime-3-days", "one-cpu"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/rl_test.py", args=[],
         setup=[S('cd "${SLURM_SUBMIT_DIR}"', "required"),
                S("source /share/apps/software/anaconda3/etc/profile.d/conda.sh"),
                S("conda activate multi-hop-reasoning")],
         source_only=["-p jjs533", "--constraint='h100'"],
         refuse_words=["jjs533", "/share/apps", "h100"],
         assumptions=["-p jjs533, 1 node, 1 task, 1 CPU, --gres=gpu:1, --constraint='h100', 256G, "
                      "3 days, set -euo pipefail: cd to the submit dir, conda from /share/apps, "
                      "`python scripts/rl_test.py`. Right: 1 process on 1 GPU (an H100-class GPU "
                      "where the target has one), the /share/apps conda replaced or named, 3 days "
                      "cut where needed."]),
    case(fam("batch-a100-two-bash-wrapper-calls-finetune-preference-sizes", "slurm"),
         "zaidalyafeai/MeXtract", "dpo.slurm",
         "KAUST Ibex style Slurm (partition batch, gres gpu:a100)", "slurm-batch-a100",
         ["bash-wrapper-program", "two-wrapper-runs", "array-style-log-names-no-array"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="finetune_preference.sh", args=["0.5B"], expect="refuse",
         other_runs=[R("finetune_preference.sh", ["1.5B"])],
         source_only=["--partition=batch", "gpu:a100:1"],
         refuse_words=["finetune_preference.sh", "wrapper"],
         assumptions=["-p batch, --gres=gpu:a100:1, 32GB, 3 h (log names use %A_%a but no array): "
                      "`bash finetune_preference.sh 0.5B` then `bash finetune_preference.sh 1.5B` "
                      "(the training launch is inside the user's script, not shown). Right: a "
                      "refusal naming the wrapper, or both wrapper calls kept in order on 1 GPU with "
                      "a note; never a guessed python command."]),
    case(fam("imperial-pbs-ngpus1-qsub-v-vars-venv-python38-train-flags", "pbs"),
         "tbuckworth/goal-misgen", "hpc_train.sh",
         "Imperial College London RCS (PBS Pro, select ...:ngpus=1, EasyBuild modules)",
         "imperial-cx3",
         ["qsub-v-variables", "undefined-without-v", "easybuild-modules", "venv-in-home",
          "python38-explicit"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--exp_name", "coinrun", "--env_name", "coinrun", "--num_levels", "$num_levels",
               "--distribution_mode", "hard", "--param_name", "hard-500", "--num_timesteps",
               "200000000", "--num_checkpoints", "5", "--seed", "$seed", "--use_wandb",
               "--random_percent", "$random_percent"],
         keep_text=["python3.8 train.py"],
         setup=[S("cd $HOME/pyg/goal-misgen/"), S("source venv/bin/activate")],
         source_only=["module load Python/3.8.6-GCCcore-10.2.0", "module load CMake/3.18.4-GCCcore-10.2.0",
                      "module load Qt5/5.15.2-GCCcore-10.3.0"],
         refuse_words=["qsub -v", "num_levels", "random_percent", "seed"],
         assumptions=["PBS: select=1:ncpus=8:mem=24gb:ngpus=1, 48 h: CMake/Qt5/Python 3.8 "
                      "EasyBuild modules, cd to $HOME/pyg/goal-misgen, a venv, `python3.8 train.py "
                      "... --num_levels $num_levels --seed $seed --random_percent $random_percent` "
                      "(the three values come from `qsub -v ...`, shown only in a usage comment). "
                      "Right: 1 process on 1 GPU with the three variables still passed in (sbatch "
                      "--export or a note), the modules replaced or named."]),
    case(fam("idris-jean-zay-h100-2-nodes-sglang-head-worker-srun-w-background-servers-test-sleep",
             "slurm"),
         "Julien-pour/multi_node_inference", "multi_node.sh",
         "IDRIS Jean Zay H100 partition (account imi@h100, qos_gpu_h100-dev, arch/h100 modules)",
         "jean-zay",
         ["multi-node-inference-server", "srun-w-per-node", "background-servers", "head-ip-by-srun",
          "tp-from-slurm-vars", "sleep-keepalive", "jobscratch-tmpdir", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=2, gpus_per_node=4,
         gpus_per_rank=4, program="sglang.launch_server", module=True,
         args=["--model-path", "$model", "--tp", "$tp", "--dist-init-addr", "${head_node_ip}:5000",
               "--nnodes", "2", "--node-rank", "0", "--trust-remote-code", "--host", "0.0.0.0",
               "--port", "9876", "--max-running-requests", "128", "--max-total-tokens", "40000",
               "--enable-ep-moe"],
         framework="pytorch", strategy="tensor-parallel", strategy_in_script=True,
         other_runs=[R("test.py", ["--model_path", '"$model"', "--port", "9876"])],
         keep_text=['srun --nodes=1 --ntasks=1 -w "$head_node"', "sleep 4h",
                    "head_node_ip=$(srun --nodes=1 --ntasks=1 -w \"$head_node\" hostname --ip-address)"],
         setup=[S("export TMPDIR=$JOBSCRATCH"), S("conda activate sglang"),
                S("cd /lustre/fswork/projects/rech/imi/uqv82bm/multi_node/")],
         source_only=["-C h100", "qos_gpu_h100-dev", "module load arch/h100", "module load python/3.11.5",
                      "module load cuda/12.8.0",
                      "/lustre/fsn1/projects/rech/imi/uqv82bm/hf/Qwen3-Coder-480B-A35B-Instruct-FP8"],
         accounts=["imi@h100"],
         refuse_words=["sglang", "server", "head node", "-w", "sleep 4h", "inference"],
         assumptions=["-A imi@h100, -C h100, qos_gpu_h100-dev, 2 nodes x 1 task, --gres=gpu:4, 96 "
                      "CPUs, 2 h: TMPDIR=$JOBSCRATCH, arch/h100 + python + cuda modules, a conda env, "
                      "a model under /lustre/fsn1, tp = nodes x GPUs a node, the head node's IP "
                      "from an srun on it, an SGLang server per node started in the background with "
                      "`srun --nodes=1 --ntasks=1 -w <node> bash -c \"... python3 -m "
                      "sglang.launch_server --tp $tp --dist-init-addr ...:5000 --nnodes 2 "
                      "--node-rank i ...\"`, sleep 30, `python test.py` against the head's port, then "
                      "`sleep 4h`. Right: the head/worker servers, the test and the keep-alive kept "
                      "with node roles mapped to the target's allocation (2 nodes x 4 GPUs), or a "
                      "refusal naming the multi-node server orchestration; never one launch."]),
    case(fam("cambridge-wilkes3-ampere-template-gres4-one-task-cvd-rm-checkpoints-python-m-gin",
             "slurm"),
         "ChikaYan/multinerf", "hpc_train.sh",
         "Cambridge CSD3 Wilkes3 (partition ampere, account OZTIRELI-SL2-GPU, rhel8 default-amp)",
         "cambridge-csd3",
         ["csd3-template", "one-process-four-gpus", "cvd-0123", "rm-glob-before-run", "python-m-gin",
          "unused-cmd-template", "rds-paths", "bang-comment-lines"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="train", module=True,
         args=["--gin_configs=configs/blender_256.gin",
               "--gin_bindings=\"Config.data_dir = '${DATA_DIR}/${SCENE}'\"",
               "--gin_bindings=\"Config.checkpoint_dir = '${CHECKPOINT_DIR}'\"", "--logtostderr"],
         framework="jax",
         setup=[S("conda activate multinerf"), S("cd $workdir", "required"),
                S("export CUDA_VISIBLE_DEVICES=0,1,2,3"), S('rm "$CHECKPOINT_DIR"/*')],
         source_only=["-p ampere", "module load rhel8/default-amp", "/rds/project/rds-qxpdOeYWi78/multinerf"],
         accounts=["OZTIRELI-SL2-GPU"],
         refuse_words=["/rds/project", "rm", "CUDA_VISIBLE_DEVICES", "template"],
         assumptions=["the CSD3 Wilkes template (`#!` comment lines): -A OZTIRELI-SL2-GPU, -p "
                      "ampere, 1 node, 1 task, --gres=gpu:4, 32 h: rhel8/default-amp, a miniconda "
                      "from /usr/local/software, workdir on /rds, CMD built but unused, "
                      "CUDA_VISIBLE_DEVICES=0,1,2,3, `rm \"$CHECKPOINT_DIR\"/*`, then `python -m "
                      "train --gin_configs=... --gin_bindings=\"Config.data_dir = '...'\" ...` (JAX "
                      "multinerf: one process over 4 GPUs). Right: one process seeing 4 GPUs, the "
                      "gin bindings kept with their quoting, the rm kept (destructive: noted), the "
                      "/rds paths named."]),
    case(fam("oatml-scratch-ssd-run-locked-conda-env-update-seven-srun-python-sacred-with", "slurm"),
         "danieldritter/ScalingExplanations", "cluster_train.sh",
         "Oxford OATML group cluster (node-local /scratch-ssd, shared oatml miniconda)", "oatml",
         ["seven-sequential-srun-runs", "sacred-with-args", "conda-env-update-locked",
          "scratch-ssd-envs", "no-partition", "many-commented-runs", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train_models.py",
         args=["with", "'run_name=\"dn_t5_tiny_enc/eraser_cose/cls-finetune\"'",
               "'data_cache_dir=\"/scratch-ssd/ms21ddr/data/hf_language_datasets\"'",
               "'disable_tqdm=True'", "'output_dir=\"/scratch-ssd/ms21ddr/model_outputs\"'",
               '"batch_size=32"', '"num_epochs=40"', '"lr=.00002"', '"use_early_stopping=False"'],
         other_runs=[R("train_models.py", ["with", "'run_name=\"dn_t5_mini_enc/eraser_cose/cls-finetune\"'", "'data_cache_dir=\"/scratch-ssd/ms21ddr/data/hf_language_datasets\"'", "'disable_tqdm=True'", "'output_dir=\"/scratch-ssd/ms21ddr/model_outputs\"'", '"batch_size=32"', '"num_epochs=40"', '"lr=.00002"', '"use_early_stopping=False"']),
                     R("train_models.py", ["with", "'run_name=\"dn_t5_small_enc/eraser_cose/cls-finetune\"'", "'data_cache_dir=\"/scratch-ssd/ms21ddr/data/hf_language_datasets\"'", "'disable_tqdm=True'", "'output_dir=\"/scratch-ssd/ms21ddr/model_outputs\"'", '"batch_size=32"', '"num_epochs=40"', '"lr=.00002"', '"use_early_stopping=False"']),
                     R("train_models.py", ["with", "'run_name=\"dn_t5_base_enc/eraser_cose/cls-finetune\"'", "'data_cache_dir=\"/scratch-ssd/ms21ddr/data/hf_language_datasets\"'", "'disable_tqdm=True'", "'output_dir=\"/scratch-ssd/ms21ddr/model_outputs\"'", '"batch_size=32"', '"num_epochs=40"', '"lr=.00002"', '"use_early_stopping=False"']),
                     R("train_models.py", ["with", "'run_name=\"bert_base_uncased/eraser_cose/cls-finetune\"'", "'data_cache_dir=\"/scratch-ssd/ms21ddr/data/hf_language_datasets\"'", "'disable_tqdm=True'", "'output_dir=\"/scratch-ssd/ms21ddr/model_outputs\"'", '"batch_size=32"', '"num_epochs=40"', '"lr=.00002"', '"use_early_stopping=False"']),
                     R("train_models.py", ["with", "'run_name=\"t5_base_enc/eraser_cose/cls-finetune\"'", "'data_cache_dir=\"/scratch-ssd/ms21ddr/data/hf_language_datasets\"'", "'disable_tqdm=True'", "'output_dir=\"/scratch-ssd/ms21ddr/model_outputs\"'", '"batch_size=32"', '"num_epochs=40"', '"lr=.00002"', '"use_early_stopping=False"']),
                     R("train_models.py", ["with", "'run_name=\"roberta_base/eraser_cose/cls-finetune\"'", "'data_cache_dir=\"/scratch-ssd/ms21ddr/data/hf_language_datasets\"'", "'disable_tqdm=True'", "'output_dir=\"/scratch-ssd/ms21ddr/model_outputs\"'", '"batch_size=32"', '"num_epochs=40"', '"lr=.00002"', '"use_early_stopping=False"'])],
         setup=[S("export CONDA_ENVS_PATH=/scratch-ssd/$USER/conda_envs"),
                S("/scratch-ssd/oatml/run_locked.sh /scratch-ssd/oatml/miniconda3/bin/conda-env update "
                  "-f environment.yml"),
                S("source /scratch-ssd/oatml/miniconda3/bin/activate ms21ddr_llms")],
         source_only=["/scratch-ssd/oatml/run_locked.sh", "/scratch-ssd/oatml/miniconda3"],
         refuse_words=["/scratch-ssd", "run_locked.sh", "conda-env update", "seven"],
         assumptions=["--gres=gpu:1, 4 CPUs, no partition/time: conda env dirs on node-local "
                      "/scratch-ssd, a locked `conda-env update -f environment.yml` with the group's "
                      "helper, source activate, then seven `srun python train_models.py with "
                      "'run_name=\"...\"' ... \"use_early_stopping=False\"` runs one after another "
                      "(Sacred config updates after `with`; many more runs commented out). Right: "
                      "the env update and all seven runs kept in order with their quoting, 1 process "
                      "on 1 GPU each, the /scratch-ssd helper and paths named."]),
    case(fam("gpu-partition-srun-apptainer-exec-no-home-shared-sif-bash-c-exports-python-main",
             "slurm"),
         "stsh59/CheXQuery-MedVLM", "train_lora.slurm",
         "a university course Slurm cluster (partition gpu, /home/shared/sif course image)",
         "slurm-course-sif",
         ["srun-apptainer-exec", "no-home", "bash-c-exports", "shm-home", "cvd-export",
          "python-subcommand"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["train_siglip", "--peft_method", "lora", "--num_epochs", "15", "--batch_size", "32"],
         container_image="/home/shared/sif/csci-2025-Fall.sif",
         keep_text=["--no-home", "--bind /dev/shm:/dev/shm", "export HOME=/dev/shm"],
         setup=[S('cd "$SLURM_SUBMIT_DIR"', "required"), S("export CUDA_VISIBLE_DEVICES=0"),
                S("export PYTHONUNBUFFERED=1")],
         source_only=["--partition=gpu", "/home/shared/sif/csci-2025-Fall.sif"],
         refuse_words=["apptainer", "/home/shared/sif", "container"],
         assumptions=["-p gpu, 1 node, 1 task, 8 CPUs, 32G, --gres=gpu:1, 48 h: cd to the submit "
                      "dir, CUDA_VISIBLE_DEVICES=0, nvidia-smi, `srun apptainer exec --no-home "
                      "--bind /dev/shm:/dev/shm --nv /home/shared/sif/csci-2025-Fall.sif bash -c "
                      "\"export HOME=/dev/shm; export KAGGLEHUB_CACHE_DIR=...; python main.py "
                      "train_siglip --peft_method lora ...\"`. Right: one process on 1 GPU inside the "
                      "same image (apptainer on the target) with --no-home and the bash -c exports "
                      "kept, or a refusal naming the course image."]),
    case(fam("gwdg-grete-shared-g-a100-1-c-80gb-anaconda-git-info-loop-bart-files-python-u", "slurm"),
         "FrederikHennecke/DeepLearning4NLP", "sbatch_train.sh",
         "GWDG Grete (partition grete:shared, -G A100:1 with -C 80gb)", "gwdg-grete",
         ["loop-over-bash-array", "two-programs-in-loop", "git-info-banner", "module-git",
          "gpu-letter-g-flag", "inline-directive-comments", "collect-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="bart_detection.py", args=["--use_gpu"],
         other_runs=[R("bart_generation.py", ["--use_gpu"])],
         keep_text=['for file in "${bart_files[@]}"', 'python -u "$file" --use_gpu',
                    'bart_files=("bart_detection.py" "bart_generation.py")'],
         setup=[S("source activate dnlp")],
         source_only=["grete:shared", "-G A100:1", "-C 80gb", "module load anaconda3"],
         refuse_words=["grete", "-G A100:1", "80gb"],
         assumptions=["-p grete:shared, -G A100:1, -C 80gb, 8G a GPU, 1 node, 1 task, 8 CPUs, 2 h "
                      "(trailing comments on directives): anaconda3 + env dnlp, python and "
                      "collect_env banners, git branch/commit info, then a loop over "
                      "bart_files=(bart_detection.py bart_generation.py) running `python -u \"$file\" "
                      "--use_gpu`. Right: the loop kept (both programs, in order) on 1 GPU with "
                      "80GB where the target has it, the partition and -G/-C replaced."]),
    case(fam("ugrad-batch-w-aurora-node-conda-init-tar-stage-local-datasets-parse-then-train",
             "slurm"),
         "ket0825/cosmos", "sbatch_train.sh",
         "a Korean university Slurm cluster (partition batch_ugrad, nodes named aurora-g*, "
         "/local_datasets node-local)", "slurm-ugrad-aurora-nodes",
         ["pinned-node-named-aurora", "tar-stage-node-local", "conda-init-in-job", "two-stages",
          "vars-as-args", "cpus-mem-per-gpu", "relative-dataset-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./src_review/do_train.py",
         args=["--epochs=$epochs", "--init_model_path=$init_model_path",
               "--train_batch_size=$train_batch_size", "--valid_batch_size=$valid_batch_size",
               "--max_length=$max_length", "--need_birnn=$need_birnn",
               "--sentiment_drop_ratio=$sentiment_drop_ratio", "--aspect_drop_ratio=$aspect_drop_ratio",
               "--sentiment_in_feature=$sentiment_in_feature",
               "--aspect_in_feature=$aspect_in_feature", "--stop_patience=$stop_patience",
               "--train_fp=$train_fp", "--valid_fp=$valid_fp", "--base_path=$base_path",
               "--label_info_file=$label_info_file", "--out_model_path=$out_model_path"],
         other_runs=[R("./src_review/do_parsingData.py",
                       ["--fp=$fp", "--save_p=$save_p", "--val_ratio=$val_ratio",
                        "--test_ratio=$test_ratio", "--encoding=$encoding"])],
         setup=[S("/data/$USER/anaconda3/bin/conda init"), S("source ~/.bashrc"),
                S("conda activate envs2"), S("cd /data/lch0324/repos/cosmos/resources_review/data/"),
                S("tar -xf /data/lch0324/repos/cosmos/resources_review/data/keyboard_dataset.tar -C "
                  "/local_datasets/keyboard_dataset/"),
                S("cd ../../")],
         source_only=["batch_ugrad", "-w aurora-g5"],
         refuse_words=["aurora-g5", "/local_datasets", "-w", "tar"],
         assumptions=["-p batch_ugrad, -w aurora-g5 (a node of that cluster, not ALCF Aurora), "
                      "--gres=gpu:1, 8 CPUs and 8G a GPU, 10 h: many shell variables, `conda init` "
                      "from /data/$USER, ~/.bashrc, conda env, tar the JSON data and untar it into "
                      "node-local /local_datasets, cd back, then `python "
                      "./src_review/do_parsingData.py ...` and `python ./src_review/do_train.py "
                      "--epochs=$epochs ...`. Right: the staging and both stages kept in order on 1 "
                      "GPU, the pinned node dropped with a note (never read as the Aurora system), "
                      "/local_datasets mapped to the target's node-local disk or named."]),
    case(fam("bocconi-ai-partition-gpus1-miniconda-module-conda-hook-two-python-model-runs", "slurm"),
         "quercia-dev/birdclef2025", "hpc_train.sh",
         "Bocconi University HPC (partition ai, account = student id)", "bocconi",
         ["two-sequential-runs", "conda-shell-hook", "numeric-account", "no-final-newline",
          "mail-to-student-address"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="model.py",
         args=["--model", "efficient", "--epochs", "10", "--dataset", "labelled", "--mass", "1.0"],
         other_runs=[R("model.py", ["--model", "efficient", "--epochs", "10", "--dataset",
                                    "labelled", "--mass", "0.8"])],
         setup=[S("cd ~/PRJ/birdclef2025/"), S('eval "$(conda shell.bash hook)"'),
                S("conda activate birdclef")],
         source_only=["--partition=ai", "module load modules/miniconda3"],
         accounts=["3189081"],
         refuse_words=["3189081", "ai", "miniconda3"],
         assumptions=["-A 3189081, -p ai, 8G, 1 CPU, --gpus=1 (no time given): cd ~/PRJ/..., "
                      "the site's miniconda module, conda hook, env birdclef, then `python model.py "
                      "--model efficient ... --mass 1.0` and the same with --mass 0.8 (no final "
                      "newline). Right: both runs kept in order on 1 GPU, the account/partition "
                      "replaced, a walltime chosen with a note."]),
    case(fam("dgx-partition-set-euo-data-checks-python-u-lora-aligned-quoted-args", "slurm"),
         "y0tAaAa/Qwen2.5-Instruct", "train_lora.slurm",
         "a university Slurm cluster with a `dgx` partition (Russian-language comments)",
         "slurm-dgx",
         ["set-euo-pipefail", "file-exists-checks", "aligned-continuation-args", "date-in-output-dir",
          "hf-home-cache", "non-ascii-comments", "no-tasks-directive"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_lora.py",
         args=["--base", '"$BASE"', "--train_file", '"$TRAIN_FILE"', "--val_file", '"$VAL_FILE"',
               "--output_dir", '"$OUTPUT_DIR"', "--lora_r", '"$LORA_R"', "--lora_alpha",
               '"$LORA_ALPHA"', "--lora_dropout", '"$LORA_DROPOUT"', "--epochs", '"$EPOCHS"',
               "--batch_size", '"$BATCH_SIZE"', "--grad_accum", '"$GRAD_ACCUM"', "--lr", '"$LR"',
               "--max_seq_len", '"$MAX_SEQ_LEN"', "--max_train", '"$MAX_TRAIN"', "--seed", '"$SEED"'],
         keep_text=["python -u train_lora.py"],
         setup=[S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate cypher"),
                S("export HF_HOME=$HOME/.cache/huggingface"),
                S('OUTPUT_DIR="checkpoints/cipherchat-7b-$(date +%Y%m%d_%H%M%S)"')],
         source_only=["--partition=dgx"],
         refuse_words=["dgx", "Qwen/Qwen2.5-7B-Instruct", "HF_HOME"],
         assumptions=["-p dgx, 20 CPUs, --gres=gpu:1, 80G, 24 h, set -euo pipefail: mkdir, a "
                      "banner, miniconda env, HF caches under $HOME, many training variables "
                      "(Qwen/Qwen2.5-7B-Instruct, LoRA r=64 ...), checks that data/train.json and "
                      "data/val.json exist, nvidia-smi, then `python -u train_lora.py --base \"$BASE\" "
                      "... --seed \"$SEED\"` with column-aligned continuation lines. Right: 1 process "
                      "on 1 GPU, every variable and argument kept, the file checks kept, the model "
                      "download from a compute node named where the target has no outbound "
                      "access."]),
    case(fam("imperial-pbs-v1-gpu72-ngpus1-relative-miniconda-cd-python3-main", "pbs"),
         "lengtx20/Koopman4Rob", "hpc_train.sh",
         "Imperial College London RCS CX3 (PBS Pro queue v1_gpu72)", "imperial-cx3",
         ["explicit-gpu-queue", "relative-miniconda-path", "no-pbs-o-workdir", "relative-cd",
          "custom-log-names"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main_demo.py", args=[],
         keep_text=["python3 main_demo.py"],
         setup=[S("source miniconda3/bin/activate"), S("conda activate koopman4rob"),
                S("cd RSR/Koopman4rob")],
         source_only=["v1_gpu72", "select=1:ncpus=4:mem=24gb:ngpus=1"],
         refuse_words=["v1_gpu72", "miniconda3", "relative"],
         assumptions=["PBS: -q v1_gpu72, select=1:ncpus=4:mem=24gb:ngpus=1, 12 h, -o/-e files: "
                      "`source miniconda3/bin/activate` and `cd RSR/Koopman4rob` relative to the "
                      "job's start directory (PBS starts in $HOME; no cd $PBS_O_WORKDIR), conda env, "
                      "`python3 main_demo.py`. Right: 1 process on 1 GPU with the relative paths "
                      "resolved as PBS would (from $HOME) or named; Slurm starts in the submit dir, "
                      "so a port must say which."]),
    case(fam("aurora-flare-debug-select1-juliaup-depot-mpiexec-depth-env-julia-project", "pbs"),
         "michel2323/OceanRoar.jl", "submit_aurora.sh",
         "ALCF Aurora (account Julia, queue debug, filesystems home:flare, Intel GPUs)", "aurora",
         ["julia-program", "mpiexec-one-rank", "depth-cpu-bind", "env-flags-mixed-dash",
          "unexported-var", "juliaup-binary-path", "intel-gpus", "no-final-newline"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=1, nodes=1, gpus_per_node=1,
         program="near_global_ocean_simulation.jl", args=[], framework="julia", device="intel",
         keep_text=["--project=.", "--depth=${NDEPTH} --cpu-bind depth",
                    "-env OMP_NUM_THREADS=${NTHREADS} --env OMP_PLACES=cores"],
         setup=[S("cd ${PBS_O_WORKDIR}", "required"),
                S("export JULIA_DEPOT_PATH=/lus/flare/projects/Julia/$USER/julia_depot_path"),
                S("export IGC_OverrideOCLMaxParamSize=4096")],
         source_only=["filesystems=home:flare",
                      "/lus/flare/projects/Julia/$USER/juliaup/juliaup/julia-1.10.9+0.x64.linux.gnu/bin/julia"],
         accounts=["Julia"],
         refuse_words=["julia", "/lus/flare", "IGC_OverrideOCLMaxParamSize", "intel"],
         assumptions=["PBS on Aurora: select=1, place=scatter, 1 h, queue debug, -A Julia, "
                      "filesystems home:flare: cd, MPIR_CVAR_ENABLE_GPU=0 (set, not exported), a "
                      "Julia depot and a juliaup binary under /lus/flare, an Intel GPU compiler "
                      "variable, then `mpiexec -n 1 -ppn 1 --depth=4 --cpu-bind depth -env "
                      "OMP_NUM_THREADS=4 --env OMP_PLACES=cores $JULIA_BIN --project=. "
                      "near_global_ocean_simulation.jl`. Right: one Julia rank with --project kept, "
                      "the /lus/flare Julia and depot named (the target's Julia used or asked), the "
                      "Intel-only IGC variable dropped with a note on NVIDIA targets."]),
    case(fam("lsf-normal-host-pinned-m-gpu-num4-ptile1-one-python-process-trailing-comments", "lsf"),
         "geekep/VideoAnomalyRecognition", "lsf.sh",
         "an LSF cluster (queue normal, a host pinned with -m \"user-g4a60\"; a Chinese university)",
         "lsf-host-pinned",
         ["lsf-gpu-num-no-mode", "host-pinned", "one-process-four-gpus", "blank-lines-between-directives",
          "commented-other-stages", "no-final-newline", "sh-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="TrainingAnomalyDetector_public.py",
         args=["--features_path", "c3d_out", "--annotation_path",
               "Anomaly_Detection_splits/Train_Annotation.txt", "--annotation_path_test",
               "Anomaly_Detection_splits/Test_Annotation.txt"],
         source_only=['#BSUB -m "user-g4a60"', "#BSUB  -gpu  num=4", "#BSUB -q normal"],
         refuse_words=["user-g4a60", "4 GPUs", "-m"],
         assumptions=["LSF: -q normal, -n 1, span[ptile=1], -m \"user-g4a60\" (one named host), "
                      "-gpu num=4, no walltime, directives separated by blank lines: one `python "
                      "TrainingAnomalyDetector_public.py --features_path c3d_out ...` (one process that "
                      "sees 4 GPUs; two other stages are commented out). Right: one process with 4 "
                      "GPUs on one node of the target, the pinned host dropped with a note, a "
                      "walltime chosen with a note."]),
    case(fam("lsf-bosch-batch-v100-array-1-4-no-shebang-mandatory-profiles-run-sh-jobindex", "lsf"),
         "thuyduongtt/benchmark_lavis", "lsf.sh",
         "Bosch Center for AI LSF cluster (queue batch_v100, /fs/applications profiles, /fs/scratch)",
         "lsf-bosch",
         ["lsf-job-array", "lsb-jobindex-arg", "user-wrapper-program", "no-shebang",
          "mandatory-site-profiles", "set-e-after-profiles", "inline-directive-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./run.sh", args=["$LSB_JOBINDEX"], expect="refuse",
         setup=[S("source activate lavis")],
         source_only=["#BSUB -J BLIP[1-4]", "batch_v100", ". /fs/applications/lsf/latest/conf/profile.lsf",
                      ". /fs/applications/modules/current/init/bash", "module load conda"],
         refuse_words=["run.sh", "LSB_JOBINDEX", "array", "wrapper", "/fs/applications"],
         assumptions=["LSF, no shebang line: -J BLIP[1-4] (a job array of 4), 36 h, -n 2, 8000 MB a "
                      "CPU, -gpu \"num=1\", span[hosts=1], -q batch_v100, mail: the two site profile "
                      "lines the comments call mandatory, set -e, module conda, source activate lavis, "
                      "then `./run.sh $LSB_JOBINDEX` (the user's wrapper, not shown, picks the work "
                      "from the array index). Right: a refusal naming the wrapper, or a Slurm array "
                      "1-4 that passes $SLURM_ARRAY_TASK_ID to ./run.sh with a note; never a guessed "
                      "python command, the Bosch profiles dropped with a note."]),
    case(fam("lsf-dtu-gpua100-exclusive-process-fresh-venv-pip-install-python-batch-inference", "lsf"),
         "chufakiks/SLTevaluation", "jobscript.bsub",
         "DTU HPC LSF (queue gpua100, -gpu num=1:mode=exclusive_process, /work3)", "dtu-lsf",
         ["lsf-gpu-exclusive-process", "fresh-venv-each-job", "pip-install-in-job",
          "network-from-compute", "abs-work3-paths", "no-final-newline", "comment-banner-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="batchinferencespamo.py",
         args=["--video_dir", "/work3/s235253/ASL_STEM_Wiki/videos", "--checkpoint",
               "spamocheckpoint.ckpt", "--config", "configs/finetune.yaml", "--output_dir",
               "./inference_output_asl_stem_wiki", "--target_lang", "English", "--device", "cuda:0",
               "--spatial_batch_size", "64", "--motion_batch_size", "16", "--sample_percent", "10",
               "--log_file", "./inference_progress.log", "--save_features"],
         setup=[S("python3 -m venv $VENV_DIR"), S("source $VENV_DIR/bin/activate"),
                S("pip install --upgrade pip"), S("pip install -r requirements.txt"),
                S("cd SLTevaluation")],
         source_only=["gpua100", "module load python3/3.10.12", "module load cuda/12.1",
                      "VENV_DIR=/work3/s235253/spamo_env"],
         refuse_words=["/work3", "pip install", "venv", "gpua100"],
         assumptions=["LSF: -q gpua100, -n 4, span[hosts=1], 8GB a core, -M 10GB, -gpu "
                      "\"num=1:mode=exclusive_process\", 24 h, -B/-N mail: python3 and cuda/12.1 "
                      "modules, a venv (re)created under /work3 every job, pip upgrades and "
                      "`pip install -r requirements.txt` (network from the compute node), cd, then "
                      "`python batchinferencespamo.py --video_dir /work3/... --device cuda:0 ...`. "
                      "Right: 1 process on 1 GPU after the venv/pip steps kept in order, the /work3 "
                      "paths named, the modules replaced, network use named as a risk."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
