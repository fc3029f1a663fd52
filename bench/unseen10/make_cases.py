"""Write bench/unseen10/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Usage: python bench/unseen10/make_cases.py /work/cache/unseen10 bench/unseen10/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import CLUSTERS, R, S, T, case, write_cases

CASES = [
    case("clarin-gres3-time-torchrun-nproc3-broken-continuation", "CLARIN-PL/RetNet",
         "run_slurm.sh", "CLARIN-PL (Wroclaw University of Science and Technology) Slurm GPU node",
         "clarin-pl", ["time-prefix", "conda-hook", "broken-line-continuation",
                       "launcher-torchrun-nproc"],
         launch_model="launcher", launcher="torchrun", total_ranks=3, gpus_per_node=3,
         program="train.py", strategy="ddp",
         args=["--model_size", "300m", "--output_dir", "checkpoints", "--do_train", "--do_eval",
               "--prediction_loss_only"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate retnet")],
         refuse_words=["continuation", "--remove_unused_columns"],
         assumptions=["1 node, --gres=gpu:3, `time torchrun --nproc_per_node=3 train.py ...`: 3 "
                      "ranks "
                      "on one node. The line `--prediction_loss_only` has no trailing "
                      "backslash, so "
                      "the launch ends there and `--remove_unused_columns False \\ ...` runs as a "
                      "separate (failing) command: right is a port that keeps the launch and the "
                      "following lines as written (or names the broken continuation), with 3 "
                      "ranks kept or the layout change noted; the `time` prefix kept."]),
    case("iiit-gres-a100x2-torchrun-nproc2-nnodes1-free-port-long-export",
         "SakethReddyVemula/hnet-impl", "run_slurm.sh",
         "IIIT Hyderabad (Ada cluster, Slurm, A100-SXM4 gres)", "iiit-ada",
         ["export-all-with-values", "free-port-function", "master-addr-from-nodelist",
          "launcher-nnodes-arg", "venv-activate", "cuda-visible-devices-set"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="train.py", strategy="ddp",
         args=["--data_path", '"$DATA_PATH"', "--output_dir", '"$OUTPUT_DIR"', "--batch_size",
               "$BATCH_SIZE", "--epochs", "$EPOCHS", "--patience", "$PATIENCE",
               "--wandb_project", '"$WANDB_PROJECT"'],
         vars={"BATCH_SIZE": "32", "EPOCHS": "40", "PATIENCE": "1"},
         setup=[S("source ~/santam-tok/hnet-venv/bin/activate"),
                S(': "${LANG_CODE:=tel}"', "required"), S("mkdir -p $OUTPUT_DIR", "required")],
         source_only=["A100-SXM4"],
         assumptions=["1 node (implicit), --gres=gpu:A100-SXM4:2, 32 tasks a node, "
                      "`torchrun --master_port $MASTER_PORT --nproc_per_node 2 --nnodes 1 "
                      "train.py`: "
                      "2 ranks on one node. The --export line carries two long user variables "
                      "(JOB_DESCRIPTION, EXPECTED_OUTCOME): kept or noted. LANG_CODE default, "
                      "DATA_PATH/OUTPUT_DIR and the free-port helper are the user's and stay. "
                      "`export WANDB_API_KEY=\"\"` is empty (no secret)."]),
    case("luh-ood-gpus-per-node-1-module-chain-pathonpath-typo-no-newline",
         "YuanYunshuang/v2v4real-bevseg", "run_slurm.sh",
         "a university Slurm cluster with Open OnDemand and EasyBuild modules (author at Leibniz "
         "University Hannover)", "luh", ["login-shebang", "module-chain-continued",
                                         "env-prefix-typo", "two-time-directives",
                                         "no-final-newline", "tasks-without-srun"],
         launch_model="single", launcher="none", total_ranks=1, program="opencood/tools/train.py",
         args=["--hypes_yaml", "opencood/hypes_yaml/point_pillar_fax.yaml"],
         keep_text=["PATHONPATH=."],
         setup=[S("conda activate testenv")],
         source_only=["cuDNN/8.0.4.30-CUDA-11.1.1", "PyTorch/1.10.0", "Miniconda3"],
         assumptions=["1 node, --gpus-per-node=1, --ntasks-per-node=32 but the program is a plain "
                      "`python` (no srun): one process on one GPU. Two --time directives (00:10:00 "
                      "then 1:00). The env prefix `PATHONPATH=.` (the user's typo) stays verbatim; "
                      "the EasyBuild module chain (one `module load` continued over 6 lines) is "
                      "the "
                      "site's. The file has no final newline."]),
    case("lahc-srun-loop-4-background-runs-one-gpu-bad-directive", "Zotkin/La-MAML",
         "run_slurm.sh", "Laboratoire Hubert Curien, Saint-Etienne (Slurm, partition GPU)", "lahc",
         ["loop-over-runs", "background-and-wait", "invalid-directive",
          "directive-trailing-comment",
          "user-var-expanded-args", "several-runs-one-gpu"],
         launch_model="per_rank", launcher="srun", total_ranks=4, gpus_per_node=1,
         program="main.py",
         args=["$CIFAR", "--model", "lamaml_cifar", "--memories", '"${MEMORIES[i]}"',
               "--batch_size", "10", "--n_epochs", "10", "--arch", '"pc_cnn"', "--seed", "$SEED",
               "--first-increment", "$FIRST_INCREMENT"],
         vars={"CIFAR": "'--data_path data/ --log_every 100 --dataset cifar100 --cuda --log_dir "
                        "logs/'",
               "SEED": "0", "FIRST_INCREMENT": "50"},
         setup=[S("export OMP_NUM_THREADS=4", "required"),
                S("source /home/zoy07590/virtenv_project-lamaml/bin/activate")],
         keep_text=["wait"],
         refuse_words=["loop", "background", "-n_tasks_per_node", "&"],
         assumptions=["-n 4 -N 1, --gres=gpu:1 (one GPU for the job), an invalid directive "
                      "`-n_tasks_per_node 4`, and a bash loop over MEMORIES=(50 100 200 400) that "
                      "starts `srun python main.py $CIFAR ... &` four times, then `wait`. "
                      "Each srun "
                      "(no -n) takes the job's 4 tasks, so each pass runs 4 copies of a program "
                      "that uses no rank (not a distributed job); the 4 backgrounded steps queue "
                      "for the tasks. Right is a port that keeps the loop, the `&` and the `wait`, "
                      "one GPU, the user's $CIFAR string and the source's task count (or notes the "
                      "change), or a refusal that names the background loop; never one DDP job "
                      "nor one run."]),
    case("ibex-gres2-reservation-one-process-devices-arg-commented-history",
         "Srijith-rkr/Jais_GitHub", "train.sbatch", "KAUST Ibex (Slurm, A100 reservation)", "ibex",
         ["one-process-n-gpus", "program-topology-args", "reservation",
          "commented-runs", "conda-sh-source"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="training_scripts/jais_big_init.py", framework="lightning",
         args=["--lr", "1e-3", "--data_path", "'temp_cv11'", "--d", "2", "--mask", "1", "--batch",
               "16"],
         topology_args=[T("--d", "2", "gpus_per_node")],
         setup=[S("source /home/radhaks/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate LLFT")],
         source_only=["--reservation=A100"],
         assumptions=["-N 1, --gres=gpu:2, one `python training_scripts/jais_big_init.py ... "
                      "--d 2` "
                      "(--d is, by its use with 2 GPUs, the device count the program spawns "
                      "over): one "
                      "process driving 2 GPUs. Right keeps one process with 2 GPUs and --d 2 "
                      "consistent with the GPUs given (or names --d). The A100 reservation is "
                      "Ibex's. The many commented-out python lines stay as comments."]),
    case("hse-gpus8-account-stats-stage-then-torchrun-nproc8",
         "MeshchaninovViacheslav/DiffusionTextGeneration-cond-ca", "train.sbatch",
         "HSE University cHARISMa (Slurm, account proj_1525, constraint type_e)", "hse-charisma",
         ["several-programs", "setup-python-stage", "launcher-torchrun-nproc", "gpus-total",
          "space-after-shebang-bang"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="train_diffusion.py", args=[], strategy="ddp",
         other_runs=[R("stats.py", [], False)],
         source_only=["type_e"], accounts=["proj_1525"],
         assumptions=["1 node, --gpus=8: first `python stats.py` (one process, not launched), then "
                      "`torchrun --nproc_per_node=8 train_diffusion.py` (8 ranks). Right keeps "
                      "stats.py as a plain one-process stage before the launch, and the launch "
                      "with "
                      "8 ranks (or the layout change noted). `#! /bin/bash` has a space."]),
    case("jureca-4x4-srun-python-hydra-positional-experiment", "IBG4-CBCLab/TopEC",
         "train.sbatch", "FZ Juelich JURECA-DC (Slurm, dc-gpu, account vsk33)", "jureca-dc",
         ["per-rank-srun", "positional-arg", "hydra-override", "bashrc-source", "venv-activate",
          "cuda-visible-devices-set", "abs-log-paths"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=4, gpus_per_node=4,
         program="train.py", args=["--config-name", "train", "experiment=$1"],
         setup=[S("source $HOME/.bashrc"),
                S("export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:512", "required"),
                S("source /p/project/vsk33/vanderweg/TopEC/topec_venv/bin/activate")],
         source_only=["dc-gpu"], accounts=["vsk33"],
         refuse_words=["$1", "positional"],
         assumptions=["4 nodes x 4 tasks, --gres gpu:4: `srun python -u train.py --config-name "
                      "train "
                      "experiment=$1`, 16 ranks (the program reads the Slurm/torch env). "
                      "`experiment=$1` is a positional argument of sbatch: kept verbatim (with a "
                      "note that the target's submit must pass it) or asked for. The log paths "
                      "under /p/project are JURECA's filesystem: kept and flagged."]),
    case("illinois-h200x8-one-process-num-gpu-8-dist-url-heredoc-port", "IrohXu/GazeAnywhere",
         "train.sbatch", "Illinois Campus Cluster (Slurm, HCESC-H200-normal partition)",
         "illinois-campus-cluster",
         ["one-process-n-gpus", "program-topology-args", "python-heredoc-free-port",
          "abs-conda-path", "unused-python-variable"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=8, gpus_per_rank=8,
         program="tools/train.py", strategy="ddp",
         args=["--config-file", "./configs/gazeanywhere_dinov3txt_large_text_concept_next.py",
               "--num-gpu", "8", "--dist-url", "tcp://127.0.0.1:${MASTER_PORT}"],
         topology_args=[T("--num-gpu", "8", "gpus_per_node")],
         setup=[S("source "
                  "/projects/illinois/eng/cs/jrehg/users/xucao2/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate smolagent")],
         source_only=["HCESC-H200-normal"],
         assumptions=["1 node, 1 task, --gres=gpu:8: `python -u tools/train.py ... --num-gpu 8 "
                      "--dist-url tcp://127.0.0.1:${MASTER_PORT}` (detectron2 style: the program "
                      "spawns 8 workers itself). One process driving 8 GPUs; --num-gpu must match "
                      "the GPUs the target gives (kept at 8 on an 8-GPU node, else named). The "
                      "MASTER_PORT python heredoc stays."]),
    case("fiji-gres2-py-spy-prefix-torchrun-nproc2-mamba", "mchowdh200/giggle-ml", "job.sbatch",
         "CU Boulder BioFrontiers Fiji (Slurm, nvidia-a100 partition)", "fiji",
         ["profiler-prefix-around-launcher", "time-prefix", "launcher-torchrun-nproc",
          "mamba-activate", "user-rc-source"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="scripts/hparam_search.py", args=[],
         keep_text=["py-spy record -o data/spy.svg -r 20 --subprocesses --"],
         setup=[S("source ~/rc/gpu.sh"), S("mamba activate gml3"),
                S("export PYTHONUNBUFFERED=1", "required")],
         source_only=["nvidia-a100"],
         assumptions=["1 node, 1 task, --gres=gpu:2: `time py-spy record -o data/spy.svg -r 20 "
                      "--subprocesses -- torchrun --nproc_per_node=2 scripts/hparam_search.py`. "
                      "The profiler and `time` wrap the launcher: right keeps both prefixes "
                      "verbatim around the target's launch (2 ranks, or the change noted)."]),
    case("sofia-h200-nodelist-miniforge-install-user-run-process-sh-tee", "3D-Hope/b2diff",
         "run_slurm.sh", "a Slurm cluster with H200 nodes (node sof1-h200-2; likely INSAIT Sofia)",
         "sofia-h200",
         ["user-wrapper", "tee-log", "conda-installer-in-job", "heredoc-python-checks",
          "traps", "nodelist", "set-euo-pipefail"],
         launch_model="single", launcher="unknown", total_ranks=1,
         program="run_process.sh", args=[],
         expect="refuse", refuse_words=["run_process.sh", "wrapper", "script"],
         source_only=["sof1-h200-2"],
         assumptions=["--gpus=h200:1 on a named node; the job installs Miniforge if missing, "
                      "builds "
                      "a conda env, pip-installs requirements, runs two python heredoc checks, "
                      "then `bash run_process.sh 2>&1 | tee \"$LOG_FILE\"`: the training program "
                      "is inside the user's wrapper. Right is a refusal that names run_process.sh "
                      "(the launch is not in this script), or a port that keeps the wrapper line "
                      "with its tee verbatim and notes it; never an invented program."]),
    case("uva-cs-gres1-a40-user-eval-sh-wrapper", "DonghaoLee/Shared-LoRA-Reward",
         "run_slurm.sh", "University of Virginia CS (Slurm, partition gpu, constraint a40)",
         "uva-cs",
         ["user-wrapper", "anaconda-activate-abs"],
         launch_model="single", launcher="unknown", total_ranks=1,
         program="eval_reward_modeling.sh",
         args=[], expect="refuse", refuse_words=["eval_reward_modeling.sh", "wrapper", "script"],
         source_only=["a40"],
         assumptions=["1 node, --gres=gpu:1, `bash eval_reward_modeling.sh`: the program is in the "
                      "user's wrapper. Right: a refusal naming the wrapper, or the wrapper line "
                      "kept verbatim with a note."]),
    case("mbzuai-lowercase-sbatch-gpus16-2-nodes-env-prefix-user-dist-script", "akshitac8/OW-DETR",
         "run_slurm.sh", "a Slurm cluster (partition argument berz; author at MBZUAI)", "mbzuai",
         ["user-wrapper", "lowercase-sbatch-typo", "env-prefix", "gpus-total"],
         launch_model="launcher", launcher="unknown", total_ranks=16, nodes=2, gpus_per_node=8,
         program="./tools/run_dist_slurm.sh",
         args=["berz", "deformable_detr", "16", "configs/OWOD_new_split.sh"],
         keep_text=["GPUS_PER_NODE=8"], expect="refuse",
         refuse_words=["run_dist_slurm.sh", "wrapper", "script"],
         assumptions=["--gpus=16 --nodes=2 (the job-name line is `#sBATCH`, so it is a comment), "
                      "then `GPUS_PER_NODE=8 ./tools/run_dist_slurm.sh berz deformable_detr 16 "
                      "configs/OWOD_new_split.sh`: the user's script runs srun itself with "
                      "partition "
                      "berz and 16 GPUs. Right: a refusal naming the wrapper (it calls srun and "
                      "takes a partition), or the line kept with a note; never a torchrun of it."]),
    case("nyuad-a100x2-80g-module-purge-user-finetune-sh", "Kelo2000/LLaVA_BA", "train.sbatch",
         "NYU Abu Dhabi Jubail (Slurm, partition nvidia, -C 80g; likely)", "nyuad-jubail",
         ["user-wrapper", "directive-after-comment-glued", "constraint"],
         launch_model="launcher", launcher="unknown", total_ranks=1, gpus_per_node=2,
         program="./scripts/v1_5/finetune_task.sh", args=[], expect="refuse",
         refuse_words=["finetune_task.sh", "wrapper", "script"],
         setup=[S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate llava")],
         source_only=["80g"],
         assumptions=["1 node, 1 task, --gres=gpu:a100:2, -C 80g: "
                      "`./scripts/v1_5/finetune_task.sh` "
                      "(LLaVA's deepspeed launch is inside it). Right: a refusal naming the "
                      "wrapper, "
                      "or the line kept with a note. `# Environment setup#SBATCH -q ebrainccs` "
                      "is a "
                      "comment, not a directive."]),
    case("lrz-mcml-enroot-create-start-heredoc-user-sh", "LijunRio/LLaMA-Factory-Latest",
         "job.sbatch", "LRZ AI Systems, MCML partition (Slurm, enroot)", "lrz-ai",
         ["container-enroot", "heredoc-body-in-container", "user-wrapper",
          "container-create-in-job"],
         launch_model="single", launcher="unknown", total_ranks=1,
         program="evaluate_experiments.sh",
         args=[], expect="refuse",
         refuse_words=["enroot", "container", "evaluate_experiments.sh", "wrapper"],
         source_only=["/dss/dsshome1/01/go68zuc2/llamafactory.sqsh", "mcml-hgx-a100-80x4", "mcml"],
         assumptions=["1 task, --gres=gpu:1, partition mcml-hgx-a100-80x4 / qos mcml: creates an "
                      "enroot container from a .sqsh if missing, then `enroot start --root --mount "
                      "... llamafactory << EOF` with conda activate, cd and `bash "
                      "evaluate_experiments.sh` inside the heredoc. No target has enroot; the "
                      "program "
                      "is the user's wrapper. Right: a refusal naming enroot/the container or the "
                      "wrapper."]),
    case("juwels-template-placeholders-srun-python-4-tasks-a-node", "SLAMPAI/open_clip_scaling",
         "train.sbatch", "JSC JUWELS Booster (Slurm template filled by a Python generator)",
         "juwels-booster",
         ["template-placeholders", "per-rank-srun", "accel-bind", "master-addr-i-suffix",
          "mamba-activate-abs", "ml-purge"],
         launch_model="per_rank", launcher="srun", total_ranks="unknown", nodes=None,
         gpus_per_node=4, program="open_clip/src/training/main.py",
         args=["--save-frequency", "1", "--dataset-type", "webdataset", "--precision",
               "amp_bfloat16", "--batch-size", "{batch_size}"],
         expect="refuse", refuse_words=["{nodes}", "placeholder", "template", "nodes"],
         source_only=["ml purge", "/p/project/ccstdl/laion/mamba/bin/activate"],
         assumptions=["A template, not a job: `--nodes={nodes}`, `--account={account}`, "
                      "`--time={time_minutes}` and the program's arguments are `{...}` "
                      "placeholders "
                      "that a generator fills; 4 tasks and 4 GPUs a node, `srun --cpu_bind=none,v "
                      "--accel-bind=gn python -u open_clip/src/training/main.py ...`. The node "
                      "count "
                      "is unknown: right is a refusal that names the placeholders / unknown node "
                      "count, never a port that sets nodes to 1."]),
    case("imperial-cx1-pbs-no-shebang-ngpus8-rtx6000-tf-one-process-conda-install",
         "JPXKQX/dl-fx-forecasting", "train.pbs", "Imperial College London CX1 (PBS Pro)",
         "imperial-cx1",
         ["pbs-no-shebang", "one-process-n-gpus", "conda-install-in-job", "pbs-workdir-in-program",
          "user-var-from-pbs-var", "copy-to-jobid-dir", "tensorflow"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=8, gpus_per_rank=8,
         program="$PBS_O_WORKDIR/src/models/train_model.py", framework="tensorflow",
         args=[], vars={"ROOT_DIR": "$PBS_O_WORKDIR"},
         setup=[S("source activate dl-fx-forecasting"),
                S("conda install tensorflow-gpu", "required"),
                S("conda install -c conda-forge pyarrow", "required"),
                S("pip install -r $PBS_O_WORKDIR/requirements.txt")],
         source_only=["anaconda3/personal", "gpu_type=RTX6000"],
         assumptions=["No shebang; `-lselect=1:ncpus=32:mem=192gb:ngpus=8:gpu_type=RTX6000`, then "
                      "`python $PBS_O_WORKDIR/src/models/train_model.py` (TensorFlow, one process "
                      "seeing 8 GPUs). $PBS_O_WORKDIR becomes the target's submit directory "
                      "everywhere (program path, ROOT_DIR, requirements); `mkdir $WORK/$PBS_JOBID; "
                      "cp -r . $WORK/$PBS_JOBID` after the run maps the job id and keeps $WORK "
                      "(flagged: a CX1 variable). One process with 8 GPUs stays one process."]),
    case("nus-pbs-volta-singularity-heredoc-redirect-jobid", "kaemp/MAE-For-Medical-Images",
         "train.pbs", "NUS HPC (PBS Pro, queue volta_gpu, Singularity images under /app1)",
         "nus-hpc",
         ["container-singularity", "heredoc-body-in-container", "redirect-with-jobid",
          "pythonpath-into-conda-site-packages", "unused-image-variable", "cd-submit-dir"],
         launch_model="single", launcher="none", total_ranks=1, program="main_pretrain.py",
         args=[],
         container_image="/app1/common/singularity-img/3.0.0/pytorch_2.0_cuda_12.0_cudnn8-devel_u22.04.sif",
         source_only=["/app1/common/singularity-img/3.0.0/pytorch_2.0_cuda_12.0_cudnn8-devel_u22.04.sif",
                      "volta_gpu"],
         accounts=["MAE"],
         refuse_words=["singularity", "container", "heredoc", "image"],
         assumptions=["select=1:ngpus=1, queue volta_gpu: `cd $PBS_O_WORKDIR`, then "
                      "`singularity exec "
                      "-e <NUS image> bash << EOF > stdout.$PBS_JOBID 2> stderr.$PBS_JOBID` with "
                      "`export PYTHONPATH=...` and `python main_pretrain.py` inside the heredoc. "
                      "One GPU, one process. Right: a port that keeps the heredoc body and its "
                      "redirects (job id mapped), with the image carried to an Apptainer target or "
                      "named in a note, or a refusal naming the NUS image/container. The unquoted "
                      "heredoc expands $PYTHONPATH at submit time."]),
    case("but-fit-pbs-ngpus2-gpu-ram-two-cd-abs-one-process", "xmihol00/video_detr", "train.pbs",
         "Brno University of Technology FIT (PBS, mem_free/gpu_ram resources)", "but-fit",
         ["cd-absolute-twice", "user-setup-sh", "one-process-n-gpus", "site-resources-in-select"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="main.py", args=[],
         setup=[S('cd "/homes/eva/xm/xmihol00"', "required"), S("source setup.sh", "required"),
                S("conda activate orig_yolo"),
                S('cd "/mnt/matylda5/xmihol00/video_detr"', "required")],
         source_only=["mem_free=24G", "gpu_ram=24G"],
         assumptions=["select=1:ncpus=8:ngpus=2:mem_free=24G:gpu_ram=24G, then two `cd` to "
                      "absolute "
                      "paths, `source setup.sh` (the user's, relative to the first cd), conda, and "
                      "`python main.py` (one process; 2 GPUs requested). Both cds and the order "
                      "stay; "
                      "the paths are flagged as the source's filesystem."]),
    case("arizona-slurm-named-pbs-gres1-account-module-conda", "marcovzla/discobert", "train.pbs",
         "University of Arizona HPC (Slurm; the file is named .pbs)", "arizona-hpc",
         ["slurm-in-pbs-named-file", "directive-trailing-spaces", "bashrc-source"],
         launch_model="single", launcher="none", total_ranks=1, program="train.py", args=[],
         setup=[S("source ~/.bashrc"), S("conda activate dl")],
         source_only=["cuda11/11.0", "anaconda/2020.02"], accounts=["bsharp"],
         assumptions=["A Slurm script despite its .pbs name: 1 task, --gres=gpu:1, partition "
                      "standard, account bsharp; `python train.py`. One process on one GPU."]),
    case("ntu-ee-pbs-loop-7-styles-four-python-stages-one-gpu", "1999ADEK/Stylized-NeRF",
         "pbs_train.sh", "National Taiwan University EE (PBS, queue ee)", "ntu-ee",
         ["loop-over-runs", "several-programs", "file-staging-between-stages",
          "source-activate-before-cd"],
         launch_model="single", launcher="none", total_ranks=1, program="run_nerf_patch.py",
         args=["--config", "configs/fern.txt", "--expname", "${img}-2-patch", "--style_path",
               "imgs/${img}-2.jpg", "--patch_size", "80", "--no_resume"],
         other_runs=[R("run_nerf_overlap.py",
                       ["--config", "configs/fern.txt", "--expname", "${img}-2-overlap",
                        "--patch_size", "80", "--no_resume"], False)],
         setup=[S("source activate b06201018"), S("cd $PBS_O_WORKDIR")],
         source_only=["cuda/cuda-10.0/x86_64"],
         assumptions=["select=1:ncpus=8:ngpus=1, queue ee: a loop over 7 style images; each pass "
                      "stages a checkpoint (mkdir/cp/rm), runs `python run_nerf_patch.py` twice "
                      "(train, then --render_only) and `python run_nerf_overlap.py` twice. Four "
                      "one-process runs a pass on one GPU, in order. Right keeps the whole loop "
                      "verbatim (no run moved into a set-up or put under a launcher)."]),
    case("pbs-gpuq-ngpus1-python-dot-package-dir-mkdir-guard",
         "FrancoisGoualard/Lunar_Landscape_Detection",
         "pbs_train.sh", "a PBS Pro cluster (queue gpuq, project test; author at a French school)",
         "pbs-gpuq",
         ["program-is-directory", "mkdir-guard", "mail-directives", "shell-directive"],
         launch_model="single", launcher="none", total_ranks=1, program=".", args=[],
         setup=[S("cd $PBS_O_WORKDIR"), S("[ ! -d output ] && mkdir output", "required"),
                S("source activate lunarenv")],
         source_only=["anaconda3/5.3", "cuda/9.0"], accounts=["test"],
         assumptions=["select=1:ncpus=24:ngpus=1, queue gpuq; `python .` runs the directory's "
                      "__main__.py: one process, one GPU. The program `.` must stay `.` (not "
                      "dropped nor taken as a path to rewrite)."]),
    case("cedar-2x2-v100l-srun-user-srun-ae-sh-head-node-env", "santisy/stylegan3",
         "launch_multi_node.sh", "Compute Canada / Alliance Cedar (Slurm, v100l GPUs)", "cedar",
         ["user-wrapper", "per-rank-srun", "head-node-env", "srun-count-hosts", "chmod-then-run"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=2, gpus_per_node=2,
         program="srun_AE_01.sh", args=[], expect="refuse",
         refuse_words=["srun_AE_01.sh", "wrapper", "script"],
         source_only=["v100l"],
         assumptions=["2 nodes x 1 task, --gpus-per-node=v100l:2: counts hosts with `srun ... "
                      "bash -c "
                      "'hostname'`, exports HEAD_NODE/HEAD_NODE_PORT, then `chmod +x srun_AE_01.sh "
                      "&& srun srun_AE_01.sh`: the launch (one a node, each driving 2 GPUs) is in "
                      "the user's script. Right: a refusal naming srun_AE_01.sh, or the line kept "
                      "under the target's per-node launch with a note."]),
    case("slurm-4x8-srun-bash-c-body-rank-from-procid-n-gpus-32",
         "CeramicTeam/ceramic-fine-grained-moe", "submit_job.sh",
         "a company/lab Slurm cluster (4 nodes x 8 GPUs, /scratch/shared)", "ceramic",
         ["bash-c-launch-body", "rank-from-slurm-procid", "world-size-from-slurm",
          "program-topology-args", "random-port", "module-load"],
         launch_model="per_rank", launcher="srun", total_ranks=32, nodes=4, gpus_per_node=8,
         program="research/conditional/train/cc_train.py", strategy="fsdp", strategy_in_script=True,
         args=["--model_type", "gpt", "--n_blocks", "12", "--batch_size", "2048", "--n_gpus", "32",
               "--n_nodes", "4", "--fsdp_enabled", "--mixed_precision", "--name",
               "dense_85M_33B_repro"],
         topology_args=[T("--n_gpus", "32", "world_size"), T("--n_nodes", "4", "nodes")],
         vars={"WORLD_SIZE": "$((SLURM_NNODES * SLURM_NTASKS_PER_NODE))"},
         setup=[S("source venv/bin/activate"),
                S("export HF_DATASETS_CACHE=/scratch/shared/datasets/c4", "required")],
         source_only=["cuda/11.7"],
         assumptions=["4 nodes, 8 GPUs and 8 tasks a node: `srun bash -c \"cd /home/lucas/... "
                      "&& source "
                      "venv/bin/activate && export ... RANK=\\$SLURM_PROCID "
                      "LOCAL_RANK=\\$SLURM_LOCALID "
                      "&& python3 research/conditional/train/cc_train.py ... --n_gpus 32 "
                      "--n_nodes 4 "
                      "...\"`: 32 ranks, one a GPU. The bash -c body stays (escaped Slurm rank "
                      "variables mapped to the target's), WORLD_SIZE from SLURM_NNODES x "
                      "SLURM_NTASKS_PER_NODE mapped; --n_gpus 32 / --n_nodes 4 kept consistent "
                      "with "
                      "the target layout or named."]),
    case("insait-h200x2-accelerate-launch-no-config-bf16-micromamba", "AHupuJR/ETM-Video-Diff",
         "submit_job.sh", "a Slurm cluster with H200 nodes (--gpus=h200:2; likely INSAIT Sofia)",
         "insait",
         ["accelerate-no-config", "micromamba-activate", "cd-absolute", "nccl-env",
          "abs-log-paths", "commented-config-hint"],
         launch_model="launcher", launcher="accelerate", total_ranks=2, gpus_per_node=2,
         program="scripts/wan2.1_fun/train_control.py", strategy="deepspeed",
         strategy_in_script=True,
         args=['--config_path="config/wan2.1/wan_civitai.yaml"',
               "--pretrained_model_name_or_path=$MODEL_NAME", "--train_batch_size=4",
               "--use_deepspeed", "--gradient_checkpointing"],
         setup=[S('eval "$(micromamba shell hook --shell bash)"'), S("micromamba activate evdiff"),
                S("cd /home/lei_sun/projects/evdiff/ETM-Video-Diff", "required"),
                S("export NCCL_IB_DISABLE=1", "required")],
         assumptions=["1 node, 1 task, --gpus=h200:2: `accelerate launch --main_process_port=29501 "
                      "--mixed_precision=\"bf16\" scripts/wan2.1_fun/train_control.py ...` with no "
                      "--num_processes and no config file (accelerate then uses the GPUs it "
                      "sees: 2 "
                      "processes). Right keeps accelerate with the user's options and 2 processes "
                      "(or the layout change noted); the cd and the exported paths stay "
                      "(flagged)."]),
    case("dtu-lsf-gpua100-gpu-num1-exclusive-venv-relative-jobindex-logs",
         "lop1498/masked_pretraining_ablations", "job_gpu.sh", "DTU HPC (LSF, queue gpua100)",
         "dtu-hpc",
         ["lsf-source", "sh-shebang", "venv-relative", "array-index-in-log-name"],
         launch_model="single", launcher="none", total_ranks=1, program="./bert.py", args=[],
         setup=[S("source ../venv/bin/activate")],
         source_only=["gpua100"],
         refuse_words=["LSF", "BSUB", "bsub"],
         assumptions=["LSF: `-q gpua100 -n 1 -gpu \"num=1:mode=exclusive_process\"`, logs named "
                      "%J_%I; `python3 ./bert.py`: one process on one GPU. Right: a port to the "
                      "target's scheduler with 1 GPU and the relative venv kept, or a refusal that "
                      "names LSF as an unread source."]),
    case("jeanzay-v100-4-tasks-srun-python3-escaped-work-dsdir",
         "JeremyMorlier/Template_Pytorch_Parallel",
         "slurm_job.sh", "IDRIS Jean Zay (Slurm, v100-32g, qos_gpu-t3)", "jean-zay",
         ["per-rank-srun", "escaped-dollar-in-conda-path", "site-dataset-var", "signal-directive",
          "hint-nomultithread", "space-separated-directives"],
         launch_model="per_rank", launcher="srun", total_ranks=4, gpus_per_node=4,
         program="example_train_resnet50.py",
         args=["--data_path", "$DSDIR/imagenet/", "--model", "resnet50", "--device", "cuda",
               "--epochs", "600", "--batch_size", "256", "--output_dir", "$WORK/results_resnet/"],
         setup=[S("conda activate \\$WORK/venvs/venvResolution"),
                S("export WANDB_MODE=offline", "required")],
         source_only=["anaconda-py3/2023.09", "v100-32g", "qos_gpu-t3"], accounts=["sxq@v100"],
         assumptions=["1 node, 4 tasks, --gres gpu:4, directives written `#SBATCH --key value`: "
                      "`srun python3 example_train_resnet50.py --data_path $DSDIR/imagenet/ ...` "
                      "(4 ranks, one a GPU). $DSDIR and $WORK are Jean Zay's: kept and flagged "
                      "(the "
                      "dataset path has no equivalent). `conda activate \\$WORK/...` has an "
                      "escaped "
                      "dollar (the user's bug), kept or noted."]),
    case("imperial-doc-resgpu-one-gpu-cuda-setup-sh-venv-path-cd", "chinmay8bit/Halton-MaskGIT",
         "slurm_job.sh", "Imperial College London Department of Computing (Slurm, resgpu)",
         "imperial-doc",
         ["site-cuda-setup-script", "venv-on-path", "cd-absolute", "offline-hf-env"],
         launch_model="single", launcher="none", total_ranks=1,
         program="inference_remdm_using_SMC.py", args=[],
         setup=[S("source "
                  "/vol/bitbucket/cp524/dev/papers_with_code/Halton-MaskGIT/venv/bin/activate"),
                S("cd /vol/bitbucket/cp524/dev/papers_with_code/Halton-MaskGIT", "required"),
                S("export HF_HUB_OFFLINE=1", "required")],
         source_only=["/vol/cuda/12.5.0/setup.sh", "resgpu"],
         assumptions=["--gres=gpu:1, partition resgpu: `source /vol/cuda/12.5.0/setup.sh` (the "
                      "site's CUDA), venv, cd, `python inference_remdm_using_SMC.py`. One process, "
                      "one GPU; the cd stays before the program."]),
    case("euler-gpus-per-node-1-gpumem-gres-conda-one-gpu", "causalNLP/cit-trainer",
         "slurm_job.sh", "ETH Zurich Euler (Slurm, gpumem gres)", "euler",
         ["site-gres-gpumem", "bashrc-source"],
         launch_model="single", launcher="none", total_ranks=1, program="experiment.py",
         args=["--dataset_size", "128000", "--lambda_ci", "0.1"],
         setup=[S("source ~/.bashrc"), S("conda activate ci_train")],
         source_only=["gpumem:10g"],
         assumptions=["1 node, 1 task, --gpus-per-node=1 and --gres=gpumem:10g (Euler's GPU-memory "
                      "resource): `python experiment.py --dataset_size 128000 --lambda_ci 0.1`, "
                      "one "
                      "process, one GPU."]),
    case("ufal-gres4-two-partitions-one-process-jax-continued-comment", "KathyHaem/zett",
         "slurm_job.sh", "Charles University UFAL cluster (Slurm, gpu-ms,gpu-troja)", "ufal",
         ["one-process-n-gpus", "partition-list", "continuation-into-comment", "jax-flax"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="scripts/transfer.py", framework="jax",
         args=["--target_model=mistralai/Mistral-7B-v0.1", "--revision=refs/pr/95",
               "--output=mistral-bpe-20-nolc-test", "--model_class=AutoModelForCausalLM",
               "--checkpoint_path=zett-hypernetwork-multilingual-Mistral-7B-v0.1", "--save_pt"],
         source_only=["gpu-ms,gpu-troja"],
         assumptions=["--gres=gpu:4, partitions gpu-ms,gpu-troja: `python3 scripts/transfer.py "
                      "...` "
                      "(JAX/Flax; one process using the 4 GPUs). The last argument line ends in a "
                      "backslash followed by `    # --lang_code=hi`. One process with 4 GPUs stays "
                      "one process."]),
    case("apocrita-sge-gpu4-virtualenv-pip-install-num-gpus-4", "Delphboy/xmodaler", "run.qsub",
         "Queen Mary University of London Apocrita (SGE, cluster=andrena)", "apocrita",
         ["sge-source", "one-process-n-gpus", "program-topology-args", "venv-created-in-job",
          "pip-install-in-job", "directive-trailing-comment"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="train_net.py",
         args=["--num-gpus", "4", "--config-file", "configs/image_caption/gcn/gcn.yaml"],
         topology_args=[T("--num-gpus", "4", "gpus_per_node")],
         setup=[S("virtualenv xmodaler", "required"), S("source xmodaler/bin/activate"),
                S("pip install -r requirements.txt", "required")],
         source_only=["python/3.8.5", "cudnn/8.1.1-cuda11", "cuda/11.0.3", "cluster=andrena"],
         refuse_words=["SGE", "Grid Engine", "#$"],
         assumptions=["SGE: `-pe smp 4 -l gpu=4 -l cluster=andrena -cwd`: `python train_net.py "
                      "--num-gpus 4 --config-file ...` (detectron2 style, spawns 4 workers): one "
                      "process with 4 GPUs, --num-gpus consistent with the GPUs given. Right: a "
                      "port "
                      "that keeps virtualenv/pip lines and one process on 4 GPUs, or a refusal "
                      "that "
                      "names SGE as an unread source."]),
    case("bch-titan-rtx-user-validate-sh-redirect-jobid-fallback", "Erfandarzi/SAM-Med3D",
         "submit_job.sh", "Boston Children's Hospital E2 cluster (Slurm, bch-gpu-pe)", "bch-e2",
         ["user-wrapper", "redirect-with-jobid", "jobid-fallback-pid", "set-x"],
         launch_model="single", launcher="unknown", total_ranks=1,
         program="./validate_adaptive.sh",
         args=[], expect="refuse", refuse_words=["validate_adaptive.sh", "wrapper", "script"],
         vars={"JOB_ID": "${SLURM_JOB_ID:-$$}"},
         source_only=["Titan_RTX", "bch-gpu-pe"],
         assumptions=["--gres=gpu:Titan_RTX:1: `JOB_ID=${SLURM_JOB_ID:-$$}` then "
                      "`./validate_adaptive.sh > \"validate_adaptive_${JOB_ID}.log\" 2>&1`: the "
                      "program is in the user's wrapper. Right: a refusal naming the wrapper, or "
                      "the line and its redirect kept with the job id mapped and a note."]),
    case("uzh-sciencecluster-typo-directive-srun-unquoted-args", "J22Melody/subtitle_align",
         "job_gpu.sh", "University of Zurich ScienceCluster (Slurm)", "uzh-sciencecluster",
         ["command-from-positional-args", "typo-directive", "per-rank-srun"],
         launch_model="per_rank", launcher="srun", total_ranks=1, program="$@", args=[],
         expect="refuse", refuse_words=["$@", "positional", "command"],
         source_only=["cudnn/7.6.5.32-10.2", "anaconda3"], accounts=["iict-sp2.volk.cl.uzh"],
         assumptions=["1 task, --gres gpu:1, `#BATCH --mem=8000` (a typo: a comment): `srun $@` "
                      "runs whatever the submitter passes. No program in the script: right is a "
                      "refusal that names the command taken from the arguments, or `$@` kept "
                      "verbatim under the target's launch with a note."]),
    case("euler-lsf-50-cores-no-gpu-rllib-omp-prefix",
         "giarcieri/Robust-optimal-maintenance-planning-through-reinforcement-learning-and-rllib",
         "job.bsub", "ETH Zurich Euler (LSF era)", "euler-lsf",
         ["lsf-source", "no-gpu-request", "cpu-only", "semicolon-env-then-program"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=None,
         program="main.py", args=["--model", "belief"], expect="refuse",
         refuse_words=["GPU", "gpu", "LSF", "BSUB"],
         assumptions=["LSF: `-n 50 -R span[hosts=1]`, no GPU request; `export OMP_NUM_THREADS=50; "
                      "python main.py --model belief` (RLlib on 50 cores). No GPU count: right "
                      "is a "
                      "refusal that names the missing GPU request (or LSF as unread), never a "
                      "1-GPU port with the count invented. No final newline."]),
]


def targets(i: int, c: dict[str, object]) -> list[str]:
    """3 of the ten, rotated (case i starts at 3i mod 10); no source is one of the ten."""
    assert c["source_cluster"] not in CLUSTERS
    return [CLUSTERS[(3 * i + k) % 10] for k in range(3)]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]), targets)
