"""Write bench/unseen31/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen30 (bench/unseen6/make_common.py).
Usage: python bench/unseen31/make_cases.py /work/cache/unseen31 bench/unseen31/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("no-gpu-request-epyc-cuda-modules", "slurm"),
         "Abhinav0710rajput/Normalising_Flows_RE", "train.slurm",
         "USC CARC Discovery (assumed from the partition name epyc-64; no GPU requested)", "usc-carc",
         ["no-gpu-request", "cuda-modules-without-gpu", "cpu-partition", "no-env-activation"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=["--configs", "config.yaml"],
         keep_text=["python main.py --configs config.yaml"],
         source_only=["--partition=epyc-64", "module load cuda/11.1-1", "module load cudnn/8.0.4.30-11.1"],
         refuse_words=["GPU", "epyc-64", "cuda/11.1-1", "environment"],
         assumptions=["epyc-64, 1 node, 1 task, 16 CPUs, 64GB, 24 h, no GPU request: modules cuda/11.1-1 and cudnn/8.0.4.30-11.1, then "
                      "`python main.py --configs config.yaml` (a normalising-flow model; no env activated). Right: the cuda/cudnn "
                      "modules say the program expects a GPU the job never asked for: 1 process with 1 GPU requested on the target "
                      "and a note that the source asked none (or an ask whether it is a CPU run), the modules replaced, the env named."]),
    case(fam("ntnu-idun-a100m40-pip-user-yolov5", "slurm"),
         "Augustab/YoloV5-Road-Damage-Detection", "train.slurm",
         "NTNU Idun (partition GPUQ, account ie-idi, typed gres A100m40)", "ntnu-idun",
         ["typed-gres-a100m40", "pip-install-user-in-job", "slurm-variable-echoes", "cd-submit-dir", "uname-after", "mail-all"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py",
         args=["--img", "1400", "--batch", "16", "--epochs", "80", "--data", "dataset.yaml", "--cfg", "yolov5m.yaml", "--weights", "yolov5m.pt",
               "--device", "0", "--name", "medium", "--cache", "ram"],
         keep_text=["python train.py --img 1400 --batch 16 --epochs 80 --data dataset.yaml --cfg yolov5m.yaml --weights yolov5m.pt --device 0 --name medium  --cache ram",
                    "uname -a"],
         setup=[S("WORKDIR=${SLURM_SUBMIT_DIR}"), S("cd ${WORKDIR}"), S("pip3 install -r requirements.txt --user -q")],
         source_only=["--partition=GPUQ", "--gres=gpu:A100m40:1", "module load Anaconda3/2020.07"],
         accounts=["ie-idi"],
         refuse_words=["A100m40", "Anaconda3", "--user", "SLURM_SUBMIT_DIR"],
         assumptions=["GPUQ, -A ie-idi, 23 h, 1 node, 1 task, --gres=gpu:A100m40:1, 24 CPUs, 50000 MB, mail: WORKDIR=$SLURM_SUBMIT_DIR and cd "
                      "there, echoes of Slurm variables, module purge + Anaconda3/2020.07, `pip3 install -r requirements.txt --user -q`, "
                      "then `python train.py --img 1400 ... --device 0 --name medium --cache ram` (YOLOv5), `uname -a`. Right: 1 "
                      "process on 1 GPU, the submit dir and echoed variables mapped on PBS, the pip install kept in order (or named), "
                      "the module replaced with the target's python and a note, the account and typed gres replaced."]),
    case(fam("osu-venv-module-scratch-placeholder", "slurm"),
         "BGill8/Cell-Segmentation-Deep-Learning", "train.slurm",
         "Oregon State University HPC (the comment says OSU and ONID; partition gpu)", "osu-hpc",
         ["placeholder-user-in-path", "site-modules-then-venv", "line-continuations", "wandb-project-arg", "banner-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src/train.py",
         args=["--data_path", "/scratch/your_onid/data-science-bowl-2018/stage1_train", "--epochs", "50", "--batch_size", "16", "--lr", "1e-4",
               "--num_workers", "4", "--wandb_project", '"cell-segmentation-ai535"'],
         setup=[S("source .venv/bin/activate")],
         source_only=["--partition=gpu", "module load python/3.10", "module load cuda/11.8"],
         refuse_words=["your_onid", "/scratch", "venv", "python/3.10"],
         assumptions=["nuclei_instance_seg, partition gpu, --gres=gpu:1, 4 CPUs, 32G, 12 h, outputs/slurm-%j.out: modules python/3.10 and "
                      "cuda/11.8, `source .venv/bin/activate` (relative to the submit dir), then `python src/train.py --data_path "
                      "/scratch/your_onid/data-science-bowl-2018/stage1_train --epochs 50 ... --wandb_project \"cell-segmentation-ai535\"` "
                      "(backslash continuations). Right: 1 process on 1 GPU, the venv kept (its python must match the target's), "
                      "the modules replaced, the /scratch/your_onid placeholder path named (the user must fill it; the target's "
                      "scratch differs), the outputs/ directory for the log existing before the job."]),
    case(fam("ucf-enforce-binding-file-var-time", "slurm"),
         "Bearmax-UCF/BEARMAX-Object-Detection", "train.slurm",
         "University of Central Florida ARCC Newton (assumed from the comment template; no partition)", "ucf-newton",
         ["program-in-exported-variable", "time-wrapper", "nvidia-smi-and-chain", "gres-flags-enforce-binding", "comment-contradicts-time",
          "sleep-after", "uppercase-J-in-output"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_and_val.py", args=[],
         keep_text=['export file="train_and_val.py"', "nvidia-smi && time python $file", "sleep 3"],
         source_only=["--gres-flags=enforce-binding"],
         refuse_words=["$file", "time", "enforce-binding", "120:00:00", "environment"],
         assumptions=["1 node, 2 CPUs a task, 1 task, --gres=gpu:1, --gres-flags=enforce-binding, --time=120:00:00 (the comment says 10 "
                      "minutes), bearmax_train.%J.err/out: export file=\"train_and_val.py\", `nvidia-smi && time python $file`, sleep 3 "
                      "(no env activated). Right: 1 process on 1 GPU running $file (the variable kept or resolved), the && chain "
                      "and `time` kept, 120 h fitted to the target's queue limit with a note, enforce-binding mapped or dropped "
                      "with a note, %J mapped, the env named."]),
    case(fam("durham-ncc-qos-short-bare-gres", "slurm"),
         "Carrotsniper/Multiclass-SGCN", "train.slurm",
         "Durham University NCC (partition res-gpu-small, qos short; the comment names ncc1)", "durham-ncc",
         ["bare-gres-gpu", "qos-short", "day-time-format", "source-etc-profile", "commented-venv", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py", args=[],
         keep_text=["python train.py"],
         setup=[S("source /etc/profile")],
         source_only=["-p res-gpu-small", "--qos=short", "module load cuda/11.3"],
         refuse_words=["res-gpu-small", "qos", "environment", "/etc/profile"],
         assumptions=["-N 1, -c 4, --gres=gpu (no count: one GPU), -p res-gpu-small, --qos=short, -t 2-0 (2 days), 4G, job full_model: "
                      "`source /etc/profile`, a commented venv activation, module cuda/11.3, `python train.py` (no final newline). "
                      "Right: 1 process on 1 GPU, 48 h fitted to the target's queue limit, the qos and partition replaced, the cuda "
                      "module replaced and the env named (none active: the venv line is commented)."]),
    case(fam("monash-l40s-qos-conda-scratch", "slurm"),
         "Chloe-Liu33/CadST", "train.slurm",
         "Monash MASSIVE M3 (assumed from the partition and qos names listed in the comments; account ek04)", "monash-m3",
         ["typed-gres-l40s", "qos-normal", "conda-under-project-scratch", "alloc-conf-export", "commented-killall", "non-ascii-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=[],
         keep_text=["python main.py"],
         setup=[S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"), S("source ~/ek04_scratch/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate torch2")],
         source_only=["--partition=gpu", "--gres=gpu:L40S:1", "--qos=normal"],
         accounts=["ek04"],
         refuse_words=["L40S", "ek04_scratch", "qos", "3-00:00:00"],
         assumptions=["STGCN_ood2, logs/ files, partition gpu, --gres=gpu:L40S:1, 8 CPUs, 64G, 3 days, -A ek04, qos normal (Chinese "
                      "comments): a killall line commented, PYTORCH_CUDA_ALLOC_CONF export, the user's miniconda under "
                      "~/ek04_scratch, `conda activate torch2`, `python main.py`. Right: 1 process on 1 GPU, the export and env kept "
                      "in order with the ek04_scratch path named as the source's, 72 h fitted to the target, the account, qos and "
                      "L40S type replaced."]),
    case(fam("tartu-singularity-bash-lc-venv-checks", "slurm"),
         "CombatSambo/deep-noise-suppression", "train.slurm",
         "University of Tartu HPC (assumed from /gpfs/helios and the ETAIS user; partition gpu, tesla gres)", "tartu-hpc",
         ["singularity-exec-bash-lc-single-quoted", "venv-inside-container", "checks-before-training", "set-euo-pipefail",
          "absolute-project-dir", "typed-gres-tesla", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_baseline_pytorch.py",
         args=["--config", "synthesizer_config.yaml", "--device", "cuda", "--epochs", "10", "--batch-size", "32", "--epoch-size", "50000",
               "--val-epoch-size", "5000", "--segment-seconds", "1.0", "--num-workers", "8", "--lr", "5e-4", "--grad-clip", "5.0",
               "--save-dir", "checkpoints_v100_10ep"],
         keep_text=["set -euo pipefail", 'singularity exec --nv -B /gpfs:/gpfs "$CONTAINER" bash -lc', "ls -lh checkpoints_v100_10ep"],
         setup=[S('cd "$PROJECT_DIR"'), S("mkdir -p logs checkpoints_v100_10ep outputs"), S("source .venv/bin/activate")],
         source_only=["-p gpu", "--gres=gpu:tesla:1", "module load singularity"],
         accounts=["ealloc_ati-1-neur"],
         container_image="/gpfs/helios/projects/neuralnet_course/track02/containers/pytorch_26.04-py3.sif",
         refuse_words=["singularity", "/gpfs/helios", "bash -lc", "container", "tesla"],
         assumptions=["dns_v100_10ep, -A ealloc_ati-1-neur, -p gpu, --gres=gpu:tesla:1, 8 CPUs, 64G, 8 h, logs/%x-%j: set -euo pipefail, "
                      "PROJECT_DIR and CONTAINER (a course .sif on /gpfs/helios), cd, module singularity, mkdir, then one `singularity "
                      "exec --nv -B /gpfs:/gpfs \"$CONTAINER\" bash -lc '...'` whose single-quoted body cds, activates a venv, runs "
                      "nvidia-smi, a torch CUDA check, dataset listings, then `python train_baseline_pytorch.py --config "
                      "synthesizer_config.yaml --device cuda --epochs 10 ...`, and lists the checkpoints. Right: 1 process on 1 GPU "
                      "inside the image on the target's container runtime (or a note where it has none), the whole bash -lc body "
                      "kept together in order, the /gpfs/helios paths named as Tartu's, the account and gres type replaced. A port "
                      "that runs python outside the container is wrong."]),
    case(fam("accelerate-4proc-qos-venv-train-test", "slurm"),
         "Cornil3/spnn-diffusion", "train.slurm",
         "Technion (assumed from the account shocher_prj; partition a100-public, qos 72h_8g)", "technion",
         ["accelerate-launch-num-processes", "train-and-test-flags", "qos-named-by-limit", "set-euo-pipefail", "venv-relative", "long-args"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, nodes=1, gpus_per_node=4,
         program="main.py",
         args=["--train", "--test", "--dataset", "celebahq", "--hidden", "192", "--scale_bound", "2.0", "--lambda_lpips", "0.5",
               "--lambda_cycle", "0.3", "--lambda_roundtrip", "0.3", "--batch_size", "16", "--lr", "1e-4", "--num_epochs", "500",
               "--output_dir", "checkpoints_celebahq"],
         keep_text=["accelerate launch --num_processes=4 main.py --train --test"],
         topology_args=[T("--num_processes", "4", "world_size")],
         setup=[S("mkdir -p logs"), S("cd /home/yamitehrlich/work/spnn-diffusion"), S("source venv/bin/activate")],
         source_only=["-p a100-public", "--qos=72h_8g"],
         accounts=["shocher_prj"],
         refuse_words=["/home/yamitehrlich", "72h_8g", "num_processes", "venv"],
         assumptions=["-A shocher_prj, -p a100-public, --qos=72h_8g, --gres=gpu:4, 32 CPUs, 64G, 72 h, logs/%x_%j, spnn_vae: set -euo "
                      "pipefail, mkdir -p logs (after the directives that write there), cd /home/yamitehrlich/work/spnn-diffusion, "
                      "`source venv/bin/activate`, then `accelerate launch --num_processes=4 main.py --train --test --dataset celebahq "
                      "... --output_dir checkpoints_celebahq` (batch size per GPU). Right: 4 processes on one node with 4 GPUs "
                      "through accelerate, --num_processes kept equal to the GPUs, 72 h fitted to the target's limit, the qos and "
                      "account replaced, the /home path and venv named as the source's."]),
    case(fam("tau-studentbatch-minutes-env-prefix", "slurm"),
         "Dorcoh4/Transformer-Explainability", "train.slurm",
         "Tel Aviv University CS (partition studentbatch, /home/joberant course paths)", "tau-cs",
         ["space-after-shebang", "time-in-minutes", "gpus-1", "hf-cache-exports", "pythonpath-prefix-on-command", "no-final-newline",
          "no-env-activation"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="BERT_rationale_benchmark/models/pipeline/weight_map.py",
         args=["--model_params", "BERT_params/movies_bert.json", "--output_dir", "bert_models/movies/", "--data_dir", "data/movies/"],
         keep_text=["PYTHONPATH=./:$PYTHONPATH python BERT_rationale_benchmark/models/pipeline/weight_map.py"],
         setup=[S('export HF_DATASETS_CACHE="/home/joberant/NLP_2122/dorcoh4/.cache/huggingface/datasets"'),
                S('export TRANSFORMERS_CACHE="/home/joberant/NLP_2122/dorcoh4/.cache/huggingface/"')],
         source_only=["--partition=studentbatch"],
         refuse_words=["/home/joberant", "PYTHONPATH", "studentbatch", "1500"],
         assumptions=["#! /bin/sh; bert-mask_retro_bug, mask_retro_bug.out/err, studentbatch, --time=1500 (minutes: 25 h), 1 node, 1 task, "
                      "--gpus=1: two HF cache exports under /home/joberant/NLP_2122, then `PYTHONPATH=./:$PYTHONPATH python "
                      "BERT_rationale_benchmark/models/pipeline/weight_map.py --model_params BERT_params/movies_bert.json --output_dir "
                      "bert_models/movies/ --data_dir data/movies/` (no env; no final newline). Right: 1 process on 1 GPU, the "
                      "PYTHONPATH prefix kept on the command, 1500 minutes read as 25 h and fitted, the cache paths named as the "
                      "course's, the env named."]),
    case(fam("ntnu-idun-wrapper-then-tail-f", "slurm"),
         "EinarSommerfeldt/neodroid_plenoxels", "train.slurm",
         "NTNU Idun (partition GPUQ, account ie-idi, /cluster/home)", "ntnu-idun",
         ["user-wrapper-script-launch", "tail-f-after-launch", "nvidia-smi-topology", "easybuild-pytorch-module", "ten-minute-limit",
          "output-absolute-path", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="./launch_neodroid.sh",
         args=["fruit_roi_alpha_2802", "0", "/cluster/home/einarjso/local_datasets/fruit_roi_scale4", "-c", "configs/neodroid/filterdataset.json"],
         keep_text=["./launch_neodroid.sh fruit_roi_alpha_2802 0 /cluster/home/einarjso/local_datasets/fruit_roi_scale4 -c configs/neodroid/filterdataset.json",
                    "tail -f ckpt/fruit_roi_alpha_2802/log"],
         setup=[S("nvidia-smi nvlink -s"), S("nvidia-smi topo -m"), S("cd /cluster/home/einarjso/neodroid_plenoxels/svox2/opt")],
         source_only=["--partition=GPUQ", "module load PyTorch/1.12.1-foss-2022a-CUDA-11.7.0"],
         accounts=["ie-idi"],
         refuse_words=["launch_neodroid.sh", "tail -f", "wrapper", "/cluster/home", "PyTorch/1.12.1"],
         assumptions=["#!/bin/sh; GPUQ, -A ie-idi, 10 min, 1 node, 1 task, 8G, --gres=gpu:1, output under /cluster/home/einarjso: echoes of "
                      "Slurm variables and CUDA_VISIBLE_DEVICES, nvidia-smi (plain, nvlink, topo), module purge + EasyBuild "
                      "PyTorch/1.12.1-foss-2022a-CUDA-11.7.0, cd into svox2/opt, `./launch_neodroid.sh fruit_roi_alpha_2802 0 <dataset> "
                      "-c configs/neodroid/filterdataset.json` (the user's wrapper: its contents decide the launch; svox2's launch "
                      "script starts training in the background), then `tail -f ckpt/fruit_roi_alpha_2802/log` (never ends: the job "
                      "runs to its limit). Right: the wrapper kept with its arguments on 1 GPU and a note that its contents decide "
                      "the launch (or an ask naming it), tail -f kept with a note, the module replaced, the /cluster/home paths named."]),
    case(fam("no-resources-conda-hook-4dgs", "slurm"),
         "FedeHR/E-D3DGS-plus", "train.slurm",
         "An unnamed Slurm cluster (only job name and logs: no partition, time, CPU or GPU request)", "unnamed-ed3dgs",
         ["no-resource-request", "conda-shell-hook-by-path", "gaussian-splatting-needs-cuda", "trailing-space-no-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py",
         args=["-s", "data/vrig-chicken", "--configs", "arguments/hypernerf/vrig-chicken.py", "--model_path", "output/hypernerf/vrig-chicken",
               "--expname", "hypernerf/vrig-chicken", "-r", "2"],
         keep_text=['echo "Job completed"'],
         setup=[S('eval "$(~/miniforge3/bin/conda shell.bash hook)"'), S("conda activate ed3dgs")],
         refuse_words=["GPU", "no gpu", "time", "miniforge3"],
         assumptions=["vrig-chicken-train, slurm_logs/ files, nothing else requested: the user's miniforge hook, `conda activate ed3dgs`, "
                      "`python train.py -s data/vrig-chicken --configs arguments/hypernerf/vrig-chicken.py --model_path "
                      "output/hypernerf/vrig-chicken --expname hypernerf/vrig-chicken -r 2` (dynamic 3D Gaussian splatting: needs "
                      "CUDA), an end echo (trailing space, no final newline). Right: 1 process with 1 GPU requested on the target "
                      "and a note that the source asked none (its site default decided), a time limit set and said (or an ask), "
                      "the env kept or named."]),
    case(fam("truba-apptainer-binds-h100", "slurm"),
         "HaktanM/DVO", "train.slurm",
         "TÜBİTAK ULAKBİM TRUBA ARF (partition kolyoz-cuda, /arf/scratch; -C H100)", "truba-arf",
         ["apptainer-exec-sandbox-dir", "binds-into-container", "bash-c-single-quoted-chain", "home-reassigned-in-container",
          "typo-joined-arg", "duplicate-job-name", "exit-at-end", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_h5.py", args=["--P", "3", "--R", "3--name", "DC3X3"],
         keep_text=["python3 train_h5.py --P 3 --R 3--name DC3X3", "apptainer exec --nv --no-home", "--bind /arf/scratch/hyalcin/datasets/h5:/data",
                    "--bind /arf/scratch/hyalcin/DVO:/DVO"],
         setup=[S("export EVO_ASSETS_PATH=/data"), S("source /env/bin/activate"), S("cd /DVO"), S("export HOME=/DVO")],
         source_only=["--partition=kolyoz-cuda", "-C H100"],
         accounts=["romer"],
         container_image="/arf/scratch/hyalcin/container",
         refuse_words=["apptainer", "/arf/scratch", "3--name", "container", "H100"],
         assumptions=["-A romer, outputs under /arf/scratch/hyalcin, 3 days, job name given twice (train, deneme), kolyoz-cuda, 1 node, 1 "
                      "task, 16 CPUs, --gres=gpu:1, -C H100: EVO_ASSETS_PATH=/data, then `apptainer exec --nv --no-home --bind <h5 "
                      "data>:/data --bind <repo>:/DVO /arf/scratch/hyalcin/container bash -c '...'` (a sandbox image directory) "
                      "whose body activates /env, cds to /DVO, sets HOME=/DVO and runs `python3 train_h5.py --P 3 --R 3--name DC3X3` "
                      "(the missing space makes --R's value '3--name' and DC3X3 a stray argument: kept as written, or said), then "
                      "exit. Right: 1 process on 1 GPU inside the image with both binds on the target's runtime (or a note), the "
                      "/arf paths named as TRUBA's, the H100 constraint and account replaced; dropping the container is wrong."]),
    case(fam("miniforge-source-activate-clip", "slurm"),
         "J-I-N-G-L-I/CLIP-for-Medical-Caption", "train.slurm",
         "University of Leeds (assumed from the /users/sc232jl student id; partition gpu, miniforge module)", "leeds-hpc",
         ["source-activate-after-module", "absolute-cd", "data-on-scratch", "line-continuations"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="./scripts/train.py",
         args=["--data_root", "/scratch/sc232jl/rocov2", "--save_dir", "./checkpoints", "--batch_size", "128", "--epochs", "30", "--lr", "5e-4"],
         setup=[S("source activate clip_medical_caption"), S("cd /users/sc232jl/CLIP_for_Medical_Caption")],
         source_only=["--partition=gpu", "module load miniforge"],
         refuse_words=["/users/sc232jl", "/scratch/sc232jl", "source activate", "miniforge"],
         assumptions=["training_clip_medical_caption, partition gpu, --gres=gpu:1, 32G, 8 CPUs, 30 h, train_%j.out: module miniforge, "
                      "`source activate clip_medical_caption`, cd /users/sc232jl/CLIP_for_Medical_Caption, `python ./scripts/train.py "
                      "--data_root /scratch/sc232jl/rocov2 --save_dir ./checkpoints --batch_size 128 --epochs 30 --lr 5e-4`. Right: 1 "
                      "process on 1 GPU, the env activation and cd kept in order with the module replaced, the /users and /scratch "
                      "paths named as the source's, 30 h fitted to the target."]),
    case(fam("six-runs-dinov2-venv-then-cd", "slurm"),
         "JeanJNMV/MVA-DLMI_HistopathologyChallenge", "train.slurm",
         "Paris-Saclay Mésocentre Ruche (assumed from /workdir and the miniconda3/25.5.1/none-none module name; an MVA course)", "ruche",
         ["six-trainings-in-sequence", "venv-before-cd", "conda-module-with-venv", "trailing-space", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="scripts/augmented_training.py", args=[],
         other_runs=[R("scripts/augmented_training.py", ["--num-unfreeze", "3"]), R("scripts/augmented_training.py", ["--num-unfreeze", "5"]),
                     R("scripts/augmented_training.py", ["--model-name", "dinov2_vitb14"]),
                     R("scripts/augmented_training.py", ["--model-name", "dinov2_vitb14", "--num-unfreeze", "3"]),
                     R("scripts/augmented_training.py", ["--model-name", "dinov2_vitb14", "--num-unfreeze", "5"])],
         keep_text=["python scripts/augmented_training.py --model-name dinov2_vitb14 --num-unfreeze 5"],
         setup=[S("source .venv/bin/activate"), S("cd /workdir/martinije/dlmi_challenge")],
         source_only=["--partition=gpu", "module load miniconda3/25.5.1/none-none"],
         refuse_words=["/workdir", "six", "venv", "4 h"],
         assumptions=["dinov2_train, logs/ files, 4 h, partition gpu, --gres=gpu:1, 4 CPUs, 16G: module miniconda3/25.5.1/none-none, "
                      "`source .venv/bin/activate` (relative to the submit dir, before the cd), cd /workdir/martinije/dlmi_challenge, "
                      "then six trainings one after the other (`python scripts/augmented_training.py` with no args, --num-unfreeze "
                      "3/5, --model-name dinov2_vitb14 with 0/3/5; no final newline). Right: all six kept in order on 1 GPU, the "
                      "venv activated from the submit dir before the cd, the module replaced, /workdir named as the source's, the "
                      "4 h limit kept (six runs share it)."]),
    case(fam("calgary-conda-init-in-job", "slurm"),
         "KayiuTommyLI/ENEL645_Fall_2024_Proj", "train.slurm",
         "University of Calgary (ENEL 645 course; partition gpu, assumed TALC)", "calgary-talc",
         ["conda-init-in-job", "conda-shell-hook-by-path", "multimodal-args", "space-after-shebang", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py",
         args=["--mode", "train", "--modality", "text_image", "--num_classes", "4", "--text_model_name", "distilbert-base-uncased",
               "--image_model_name", "resnet18", "--tokenizer", "distilbert-base-uncased"],
         setup=[S('eval "$(~/miniforge3/bin/conda shell.bash hook)"'), S("conda init"), S("conda activate sam_env")],
         source_only=["--partition=gpu"],
         refuse_words=["conda init", "miniforge3", "sam_env"],
         assumptions=["#! /bin/bash; ENEL645-Project, 1 node, 1 task, 2 CPUs, 16GB, 20 h, --gres=gpu:1, partition gpu: the user's miniforge "
                      "hook, `conda init` (edits ~/.bashrc on every run), `conda activate sam_env`, `python main.py --mode train "
                      "--modality text_image --num_classes 4 ...` (no final newline). Right: 1 process on 1 GPU, the env lines "
                      "kept in order (conda init may be dropped with a note), the partition replaced."]),
    case(fam("ntnu-idun-constraint-no-gres-uv-run", "slurm"),
         "Knolaisen/sport-tracking", "train.slurm",
         "NTNU Idun (partition GPUQ, account share-ie-idi; GPU model by --constraint, no gres)", "ntnu-idun",
         ["no-gres-gpu-by-constraint-only", "constraint-expression", "uv-sync-and-run", "pip-install-user-uv", "yolo-settings-step",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train-obb.py", args=[],
         keep_text=["uv run python train-obb.py", 'echo "Job finished"'],
         setup=[S("cd ${WORKDIR}"), S("pip install uv --user"), S("uv sync"), S("uv run yolo settings wandb=True")],
         source_only=['--constraint="(a100|h100|h200)&(gpu40g|gpu80g)"', "--partition=GPUQ", "module load Python/3.13.5-GCCcore-14.3.0"],
         accounts=["share-ie-idi"],
         refuse_words=["uv run", "gres", "constraint", "GPU"],
         assumptions=["#!/bin/sh; -A share-ie-idi, sport-tracking, 10 h, GPUQ, 80GB, --constraint=\"(a100|h100|h200)&(gpu40g|gpu80g)\", "
                      "slurm_outputs/ files, mail; no --gres: the constraint picks a GPU node type but requests no GPU. cd "
                      "$SLURM_SUBMIT_DIR, echoes, module purge + Python/3.13.5, `pip install uv --user`, `uv sync`, `uv run yolo "
                      "settings wandb=True`, `uv run python train-obb.py`, an end echo. Right: 1 process with 1 GPU requested on "
                      "the target and a note that the source requested none (only a constraint), the constraint replaced, the uv "
                      "steps kept in order and `uv run` kept on the program, the module replaced."]),
    case(fam("palmetto-pbs-k40x2-singularity-redirect", "pbs"),
         "SystemsGenetics/gene-oracle", "run.pbs",
         "Clemson Palmetto (PBS Pro; gpu_model=k40, /software, /scratch2, /local_scratch)", "clemson-palmetto",
         ["pbs-pro-select-ngpus-2", "no-shebang", "singularity-exec-site-image", "python-by-path-in-image", "stdout-redirect-to-log",
          "one-process-two-gpus", "tensorflow-program"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2, framework="tensorflow",
         program="nn_gtex.py", args=[],
         keep_text=["/usr/bin/python  nn_gtex.py > logs/gtex53_512x512x512_100e.log",
                    "singularity exec --nv -B /software:/software -B /scratch2:/scratch2 -B /local_scratch:/local_scratch"],
         setup=[S("cd /home/ctargon/SciDAS/DeepGTEx"), S("module list")],
         source_only=["gpu_model=k40"],
         container_image="/software/singularity-containers/ubuntu_dl_gpu.img",
         refuse_words=["singularity", "/software", "k40", "ngpus=2", "/scratch2"],
         assumptions=["No shebang; -N gtexspt, select=1:ncpus=8:ngpus=2:mem=8gb:gpu_model=k40, 2 h: cd /home/ctargon/SciDAS/DeepGTEx, "
                      "module list, then `singularity exec --nv -B /software -B /scratch2 -B /local_scratch "
                      "/software/singularity-containers/ubuntu_dl_gpu.img /usr/bin/python nn_gtex.py > logs/...log` (a TensorFlow "
                      "program, one process given 2 GPUs). Right: one process with 2 GPUs on one node inside the image on the "
                      "target's runtime (or a note: Palmetto's site image and binds do not exist there), the redirect kept, the "
                      "k40 model dropped with a note; on Slurm targets the PBS select mapped to gres/gpus."]),
    case(fam("osc-torque-ppn-gpus-conda-siren", "pbs"),
         "harviu/siren", "run.pbs",
         "Ohio Supercomputer Center (Torque: nodes=1:ppn=4:gpus=1, project PAS0027, /fs/project)", "osc",
         ["torque-nodes-ppn-gpus", "ml-shortcut-module", "source-activate-conda", "commented-earlier-runs", "data-export-unused",
          "join-oe", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="./experiment_scripts/train_volume.py",
         args=["--experiment_name", "tornado", "--model_type", "sine", "--num_epochs", "6000", "--dataset", "tornado"],
         setup=[S("cd $HOME/siren"), S("source activate vtk"), S('export data="/fs/project/PAS0027"')],
         source_only=["ml python/3.6-conda5.2"],
         accounts=["PAS0027"],
         refuse_words=["/fs/project", "python/3.6-conda5.2", "source activate", "ppn"],
         assumptions=["Torque: walltime 8 h, nodes=1:ppn=4:gpus=1, mem=8GB, -N job, -j oe, -A PAS0027: cd $HOME/siren, `ml "
                      "python/3.6-conda5.2`, `source activate vtk`, export data=/fs/project/PAS0027, two earlier runs commented, "
                      "then `python ./experiment_scripts/train_volume.py --experiment_name tornado --model_type sine --num_epochs "
                      "6000 --dataset tornado` (no final newline). Right: 1 process on 1 GPU, the Torque resource line mapped (to "
                      "select/ngpus on PBS Pro targets, gres/gpus on Slurm), the `ml` module replaced with the env named, the "
                      "/fs/project path named as OSC's, the account replaced."]),
    case(fam("enforce-binding-cvd0-python3-u", "slurm"),
         "ian19-8-1/BERTTest", "submit.slurm",
         "University of Central Florida ARCC Newton (assumed from the comment template; module names gcc/gcc-8.3.0, cuda/cuda-11.0)", "ucf-newton",
         ["cuda-visible-devices-0-prefix", "gres-flags-enforce-binding", "gpus-1", "site-modules", "source-activate", "comment-contradicts-time",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="Main.py", args=[],
         keep_text=["CUDA_VISIBLE_DEVICES=0 python3 -u Main.py", "python3 --version"],
         setup=[S("module list"), S("nvidia-smi topo -m"), S("source activate reu2021")],
         source_only=["module load gcc/gcc-8.3.0", "module load anaconda/anaconda3", "module load cuda/cuda-11.0", "--gres-flags=enforce-binding"],
         refuse_words=["CUDA_VISIBLE_DEVICES", "reu2021", "enforce-binding", "anaconda/anaconda3"],
         assumptions=["1 node, 2 CPUs, 1 task, --gpus=1, --gres-flags=enforce-binding, 1 day (the comment says 7 days), cifar-koh, "
                      "dropout-%J.out, mail: modules gcc/gcc-8.3.0, anaconda/anaconda3, cuda/cuda-11.0, module list, nvidia-smi topo "
                      "-m, `source activate reu2021`, python3 --version, `CUDA_VISIBLE_DEVICES=0 python3 -u Main.py` (no final newline). "
                      "Right: 1 process on 1 GPU with the CUDA_VISIBLE_DEVICES=0 prefix kept (or dropped with a note), the modules "
                      "replaced with the env named, enforce-binding mapped or dropped with a note."]),
    case(fam("ada-clone-scp-unzip-uv-venv", "slurm"),
         "ABiiitH/CorrectiveMachineUnlearningForMRI", "sbatch.sh",
         "IIIT Hyderabad Ada (nodelist gnode067; data copied from ada.iiit.ac.in:/share1)", "iiith-ada",
         ["nodelist-pinned", "rm-rf-scratch-first", "git-clone-in-job", "uv-venv-in-job", "scp-from-login-host", "unzip-tar-stage-in",
          "positional-with-default", "error-guards-on-every-step", "secret-token-in-script", "one-process-four-gpus", "hydra-override-arg",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="src/train_varnet.py", args=['experiment="$EXPERIMENT"'],
         keep_text=["EXPERIMENT=${1:-fastmri_multicoil_training}", 'SCRATCH_DIR="/scratch/$USER"', 'rm -rf "$SCRATCH_DIR"'],
         setup=[S('mkdir -p "$SCRATCH_DIR"'), S('git clone "https://github.com/Saigum/CorrectiveMachineUnlearningForMRI.git" "$REPO_DIR"'),
                S('uv venv "$VENV_DIR"'), S('source "$VENV_DIR/bin/activate"'), S('uv pip install -r "$REQS_PATH"'),
                S('scp -r "ada.iiit.ac.in:/share1/$USER/M4Raw_train.zip" "$BRAIN_DIR/"'), S('unzip -o "$BRAIN_DIR/M4Raw_train.zip"'),
                S('tar -xvf "$KNEE_DIR/CMRxRecon_Knee_TrainingSet.tar.gz" -C "multicoil_train"')],
         source_only=["--nodelist=gnode067"],
         refuse_words=["gnode067", "scp", "ada.iiit.ac.in", "/share1", "rm -rf", "$1"],
         assumptions=["mri_training, 1 node, 1 task, --nodelist=gnode067, 30 CPUs, --gres=gpu:4, 80 h, output.log/error.log: EXPERIMENT=${1:-"
                      "fastmri_multicoil_training}, paths under /scratch/$USER, `rm -rf \"$SCRATCH_DIR\"` then mkdir, a git clone of "
                      "the repository, `uv venv` + activate + `uv pip install -r`, dataset dirs, three scp copies from "
                      "ada.iiit.ac.in:/share1/$USER and unzips, one scp + tar for the knee set, cd back, an export of a Comet API "
                      "token written in the script, then `python src/train_varnet.py experiment=\"$EXPERIMENT\"`, every step with an "
                      "`|| { echo ...; exit 1; }` guard (no final newline). Right: one process given 4 GPUs on one node, the stage-in "
                      "steps kept in order with the scp source named as Ada's login host (unreachable from the target: a note or "
                      "an ask), the rm -rf of the user's whole scratch named as destructive, the node pin dropped, $1 kept as a "
                      "submit-time input with its default, the token not spread into notes."]),
    case(fam("rivanna-bii-gpu-miniforge-texlive", "slurm"),
         "Aaheer17/ADM_Calorimeter", "sbatch.sh",
         "University of Virginia Rivanna (partition bii-gpu, account bii_nssac, /project/biocomplexity)", "uva-rivanna",
         ["commented-directives", "texlive-module-for-plots", "which-check", "path-prepend", "config-path-positional", "use-cuda-flag",
          "commented-alternative-run", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=["/project/biocomplexity/fa7sa/Diffusion_multi_step/config.yaml", "--use_cuda"],
         keep_text=["python3 main.py /project/biocomplexity/fa7sa/Diffusion_multi_step/config.yaml --use_cuda"],
         setup=[S("source activate torch_gpu_renew"), S("export PATH=~/bin:$PATH"), S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
                S("which dvipng")],
         source_only=["-p bii-gpu", "module load miniforge", "module load texlive"],
         accounts=["bii_nssac"],
         refuse_words=["/project/biocomplexity", "texlive", "bii-gpu", "dvipng"],
         assumptions=["-N 1, -n 1, ADM_small, 72 h, 80000 MB, -p bii-gpu, --gres=gpu:1, -A bii_nssac (--exclusive and an a100_80gb "
                      "constraint commented with ##): modules miniforge and texlive, `source activate torch_gpu_renew`, PATH=~/bin "
                      "prepended, PYTORCH_CUDA_ALLOC_CONF, `which dvipng`, `python3 main.py "
                      "/project/biocomplexity/fa7sa/Diffusion_multi_step/config.yaml --use_cuda` (an alternative commented; no final "
                      "newline). Right: 1 process on 1 GPU, the texlive need named (the target's TeX or a note), the /project path "
                      "named as Rivanna's, the account and partition replaced, 72 h fitted."]),
    case(fam("srun-8nodes-heredoc-wrapper-rank", "slurm"),
         "AvatarHwang/GROVER", "sbatch.sh",
         "An unnamed Slurm cluster with A10 GPUs (partition gpu2, node n058 excluded)", "unnamed-gpu2-a10",
         ["eight-nodes-one-gpu-each", "srun-bash-c-heredoc-script", "node-index-as-local-rank", "master-addr-from-etc-hosts",
          "user-wrapper-per-node", "srun-repeats-partition-gres", "backticks", "escaped-dollars-in-heredoc"],
         launch_model="per_rank", launcher="srun", total_ranks=8, nodes=8, gpus_per_node=1,
         program="pretrain.sh", args=["\\$LOCAL_RANK", "$MASTER_ADDR"],
         keep_text=["bash pretrain.sh \\$LOCAL_RANK $MASTER_ADDR", 'bash -c "$SRUN_SCRIPT"', "SRUN_SCRIPT=$(cat <<EOF",
                    "MASTER_ADDR=`cat /etc/hosts | grep $MASTER_HOST | awk '{print $1}'`", "--partition=$SLURM_JOB_PARTITION"],
         setup=[S("mkdir -p ./log/$SLURM_JOB_ID")],
         source_only=["--partition=gpu2", "--exclude=n058", "--gres=gpu:a10:1", 'GRES="gpu:a10:1"'],
         refuse_words=["pretrain.sh", "SLURM_JOB_PARTITION", "/etc/hosts", "node_array", "a10"],
         assumptions=["8 nodes, 1 task a node, gpu2, --exclude=n058, --gres=gpu:a10:1, 7 CPUs a task, logs under ./log: GRES variable, "
                      "mkdir ./log/$SLURM_JOB_ID, a function setting MASTER_ADDR from scontrol's first host looked up in /etc/hosts, "
                      "SRUN_SCRIPT built from a heredoc (escaped \\$ so each node computes its index in the node list as LOCAL_RANK, "
                      "while $MASTER_ADDR is filled in the batch shell), then `srun --partition=$SLURM_JOB_PARTITION --gres=$GRES "
                      "--cpus-per-task=7 -o/-e per node bash -c \"$SRUN_SCRIPT\"`, which runs the user's `bash pretrain.sh <node "
                      "index> <master addr>` once per node (the wrapper holds the real launch). Right: 8 per-node starts of "
                      "pretrain.sh with one GPU each (the target's per-node launcher: srun or mpiexec --ppn 1), the node index and "
                      "MASTER_ADDR still computed per node (SLURM_JOB_NODELIST and SLURM_JOB_PARTITION mapped on PBS), a note that "
                      "pretrain.sh decides the training launch, the A10 type and node exclusion replaced."]),
    case(fam("nvwulf-h200x4-one-process-4gpus", "slurm"),
         "BenCheng2/latent-diffusion-nca", "sbatch.sh",
         "Stony Brook University NVwulf (partition h200x4-long, /lustre/nvwulf)", "stonybrook-nvwulf",
         ["one-process-lightning-gpus-list", "exclusive-no-kill", "gpus-4-total", "cuda-module-named-by-version", "count-gpus-after-run",
          "append-to-own-output-file", "set-eo-pipefail"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4, framework="lightning",
         program="main.py", args=["--base", "configs/latent-diffusion/celebahq-ldm-vq-4.yaml", "-t", "--gpus", "0,1,2,3"],
         keep_text=["python main.py --base configs/latent-diffusion/celebahq-ldm-vq-4.yaml -t --gpus 0,1,2,3",
                    "NUM_GPUS=$(echo $CUDA_VISIBLE_DEVICES | tr ',   ' '\\n' | wc -l)", "set -eo pipefail"],
         topology_args=[T("--gpus", "0,1,2,3", "gpus_per_node")],
         setup=[S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate ldm"),
                S("export DATASET=/lustre/nvwulf/projects/YouGroup-nvwulf/wang159/data/celebahq256_imgs"),
                S("cd /lustre/nvwulf/projects/YouGroup-nvwulf/wang159/latent-diffusion-nca")],
         source_only=["--partition=h200x4-long", "module load cuda12.8/toolkit/12.8.0", "--no-kill"],
         refuse_words=["/lustre/nvwulf", "0,1,2,3", "h200x4-long", "--no-kill"],
         assumptions=["latent_diffusion_nca, mail, h200x4-long, --gpus=4, 47:59:00, 1 task, 64 CPUs, --no-kill, --exclusive: set -eo pipefail, "
                      "module purge + cuda12.8 toolkit, the user's miniconda, `conda activate ldm`, DATASET export, cd to the project "
                      "on /lustre/nvwulf, an echo appended to the job's own output file, NUM_GPUS counted from CUDA_VISIBLE_DEVICES "
                      "(after nothing uses it), `python main.py --base configs/latent-diffusion/celebahq-ldm-vq-4.yaml -t --gpus "
                      "0,1,2,3` (Lightning starts its own 4 DDP workers from one process), echoes. Right: one process given 4 GPUs on "
                      "one node, --gpus 0,1,2,3 kept equal to the target's GPUs a node (or a note), the /lustre paths named, "
                      "--no-kill dropped with a note, 48 h fitted."]),
    case(fam("hildesheim-stud-srun-no-time", "slurm"),
         "CreamCheese-Brotchen/Thesis-Codes", "sbatch.sh",
         "University of Hildesheim ISMLL (partition STUD; assumed from the mail)", "hildesheim",
         ["srun-single-step", "tilde-in-output-path", "no-time-limit", "source-activate", "env-shebang", "no-final-newline"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="experiment01.py",
         args=["--dataset", "MNIST", "--entropy_threshold", "0.6", "--run_epochs", "60", "--candidate_start_epoch", "1", "--tensorboard_comment",
               '"MNIST"', "--lr", "0.0001", "--l2", "1e-4", "--batch_size", "64"],
         keep_text=["srun python experiment01.py"],
         setup=[S("source activate toyEnv")],
         source_only=["--partition=STUD"],
         refuse_words=["~/thesis/logs", "STUD", "time", "toyEnv"],
         assumptions=["#!/usr/bin/env bash; experiment, --output/--error=~/thesis/logs/experiment%j.* (Slurm does not expand ~: a "
                      "directory literally named ~), mail, partition STUD, --gres=gpu:1, no time limit: `source activate toyEnv`, then "
                      "`srun python experiment01.py --dataset MNIST --entropy_threshold 0.6 ... --batch_size 64` (no final newline). "
                      "Right: 1 process on 1 GPU, the log path written with $HOME or said, a time limit set and said (or an ask), "
                      "the partition replaced, the env named."]),
    case(fam("lonestar6-srun-torchrun-3gpu-4nodes", "slurm"),
         "DonaldDai/clm_code", "sbatch.sh",
         "TACC Lonestar6 (partition gpu-a100: 3 A100s a node; /work/09735/yichao/ls6)", "lonestar6",
         ["srun-bash-c-torchrun-per-node", "three-gpus-per-node", "node-rank-from-slurm-nodeid", "master-addr-hostname", "no-gres",
          "chinese-comments", "fixed-master-port"],
         launch_model="launcher", launcher="torchrun", total_ranks=12, nodes=4, gpus_per_node=3,
         program="train.py",
         args=["--model-choice", "transformer", "--num-epoch", "200", "--data-path", "/work/09735/yichao/ls6/zhilian/clm_code",
               "--save-directory", "/work/09735/yichao/ls6/zhilian/clm_code/pretrain"],
         keep_text=["--nproc_per_node=3 --nnodes=4 --node_rank=\\$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=39688",
                    'srun bash -c "torchrun'],
         topology_args=[T("--nproc_per_node", "3", "gpus_per_node"), T("--nnodes", "4", "nodes")],
         setup=[S("source /work/09735/yichao/ls6/miniconda/etc/profile.d/conda.sh"), S("conda activate drugassist-jay"),
                S("cd /work/09735/yichao/ls6/zhilian/clm_code"), S("MASTER_ADDR=$(hostname)")],
         source_only=["-p gpu-a100"],
         refuse_words=["/work/09735", "nproc_per_node=3", "SLURM_NODEID", "3 GPUs"],
         assumptions=["clm_pretrain, 4 nodes, 1 task a node, logs/, -p gpu-a100, 48 h, mail (Chinese comments; no GPU directive: LS6 "
                      "gpu-a100 nodes come whole with 3 A100s): the user's miniconda under /work, `conda activate drugassist-jay`, cd, "
                      "MASTER_ADDR=$(hostname) (the batch host), then `srun bash -c \"torchrun --nproc_per_node=3 --nnodes=4 "
                      "--node_rank=\\$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=39688 train.py --model-choice transformer "
                      "--num-epoch 200 ...\"` (one torchrun a node). Right: 12 workers over 4 nodes with 3 GPUs each on a target with "
                      "4 a node (3 of 4 used, said) or 3 nodes x 4 with a note on the changed world size, the node rank per node "
                      "(SLURM_NODEID mapped on PBS), the /work/09735 paths named as TACC's, GPUs requested explicitly where the "
                      "target needs it."]),
    case(fam("bridges2-submitter-heredoc-name-typo", "slurm"),
         "Dvv112345/11685_project", "sbatch.sh",
         "PSC Bridges-2 (GPU-shared, --gpus=v100-32:1, /ocean/projects, account cis251142)", "bridges2",
         ["submitter-not-job-script", "no-directives", "heredoc-writes-job", "submits-other-file-name", "options-after-script-name",
          "positional-config", "usage-guard", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py", args=["--config", "configs/${input}.yaml"],
         keep_text=['cat <<EOF > "sbatch.job"', 'sbatch -o "$log" -t 30:00:00 --gpus=v100-32:1 -p GPU-shared batch.job -A cis251142',
                    "conda activate /ocean/projects/cis250019p/jye9/conda/envs/11685"],
         accounts=["cis251142"],
         expect="refuse",
         refuse_words=["submit", "sbatch.job", "batch.job", "not a job script", "$1", "-A"],
         assumptions=["Not a job script: no directives; a submitter run on the login node with a config name as $1 (usage guard), which "
                      "writes a job (module anaconda3, `conda activate /ocean/projects/cis250019p/jye9/conda/envs/11685`, `python "
                      "train.py --config configs/${input}.yaml`) to sbatch.job through a heredoc, then runs `sbatch -o \"$log\" -t "
                      "30:00:00 --gpus=v100-32:1 -p GPU-shared batch.job -A cis251142` (it submits batch.job, not the sbatch.job it "
                      "wrote, and -A after the script name goes to the script, not to sbatch; no final newline). Right: a refusal "
                      "or ask saying it is a submission wrapper (the job is the heredoc), naming the file-name mismatch and the "
                      "misplaced -A; a port that rewrites it as a job must carry 1 GPU, 30 h, the config as a required input and "
                      "those notes."]),
    case(fam("tasks64-one-gpu-conda-hook", "slurm"),
         "Amirtmgr/DL-for-OCD", "jobscript.sh",
         "An unnamed Slurm cluster (partition gpu; a course or thesis project)", "unnamed-dl23",
         ["sixty-four-tasks-one-process", "directive-after-commands", "env-var-in-directive", "conda-shell-hook", "commented-mem",
          "backticks"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=["configs/default.json"],
         keep_text=["python main.py configs/default.json", "#SBATCH --mail-user=$EMAIL"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate dl23")],
         source_only=["--partition=gpu"],
         refuse_words=["ntasks-per-node=64", "$EMAIL", "mail-user", "64"],
         assumptions=["train_01, partition gpu, 1 node, --ntasks-per-node=64, 1 h, saved/logs and saved/cluster/err files (%j, %x), --gres "
                      "gpu:1, mail ALL (a --mem line commented): echoes, module purge, conda hook, `conda activate dl23`, a "
                      "`#SBATCH --mail-user=$EMAIL` after the commands (ignored by Slurm, and $EMAIL would not expand), echoes, "
                      "`python main.py configs/default.json` (one process, not srun). Right: 1 process on 1 GPU (the 64 tasks are "
                      "only CPU slots: fitted as CPUs for the one process, said), the late directive named as ignored, the env named."]),
    case(fam("dtu-lsf-gpuv100-impala-modules", "lsf"),
         "CM134/RL_Project_02456", "jobscript.sh",
         "DTU HPC (LSF; queue gpuv100, exclusive_process GPU)", "dtu-lsf",
         ["lsf-bsub-directives", "gpu-exclusive-process", "rusage-mem", "numpy-module-as-env", "submit-with-stdin-redirect",
          "rl-training"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_IMPALAshort_config.py", args=["config/conf1.json"],
         keep_text=["python3 train_IMPALAshort_config.py config/conf1.json"],
         source_only=["-q gpuv100", "module load numpy/1.21.1-python-3.8.11-openblas-0.3.17", "module load cuda/10.2"],
         refuse_words=["gpuv100", "exclusive_process", "numpy/1.21.1", "cuda/10.2", "bsub"],
         assumptions=["LSF (#BSUB, DTU template): -q gpuv100, -J IMP_short, -n 1, -gpu \"num=1:mode=exclusive_process\", -W 5:00, "
                      "rusage[mem=16GB], -u mail, -B/-N, logs/gpu_%J.out/err: modules numpy/1.21.1-python-3.8.11 (the python) and "
                      "cuda/10.2, `python3 train_IMPALAshort_config.py config/conf1.json` (submitted with `bsub < jobscript.sh`). "
                      "Right: 1 process on 1 GPU, 5 h, 16 GB, the LSF directives mapped to the target's scheduler, %J mapped, the "
                      "DTU modules replaced with the target's python and a note (numpy 1.21 on python 3.8 is the env)."]),
    case(fam("dtu-lsf-env-python-path-continuation", "lsf"),
         "CarlAnSc/bachelor_project", "jobscript.sh",
         "DTU HPC (LSF; queue gpuv100, /work3)", "dtu-lsf",
         ["lsf-bsub-directives", "conda-env-python-by-path", "line-continuation-program", "relative-climb-to-work3", "overwrite-logs-oo-eo",
          "trailing-space-no-newline", "non-ascii-dash-comment"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src/models/ResNet-50.py", args=['"../../../../../../work3/s204162/Bachelor/"'],
         keep_text=["~/miniconda3/envs/hpc_env/bin/python"],
         setup=[S("nvidia-smi")],
         source_only=["-q gpuv100", "module load cuda/11.6"],
         refuse_words=["work3", "hpc_env", "gpuv100", "miniconda3"],
         assumptions=["LSF (DTU template, an en dash in a comment): -q gpuv100, -J testjob, -n 1, -gpu num=1:mode=exclusive_process, -W 1:00, "
                      "rusage[mem=5GB], -B/-N, -oo/-eo job_output/gpu_%J.*: nvidia-smi, module cuda/11.6, then the user's conda env "
                      "python by path `~/miniconda3/envs/hpc_env/bin/python \\` continued on the next line with "
                      "`src/models/ResNet-50.py \"../../../../../../work3/s204162/Bachelor/\"` (a relative climb to DTU's /work3; "
                      "trailing space, no final newline). Right: 1 process on 1 GPU with the env's python kept (or the target's "
                      "python with a note), the continuation kept as one command, the /work3 data path named as DTU's, the LSF "
                      "directives mapped."]),
    case(fam("dtu-lsf-no-shebang-ldm-resume", "lsf"),
         "Irisbjork04/latent-diffusion-model-age-manipulation", "jobscript.sh",
         "DTU HPC (LSF; queue gpuv100, /work3)", "dtu-lsf",
         ["lsf-bsub-directives", "no-shebang", "lightning-gpus-trailing-comma", "resume-from-work3-checkpoint", "venv-after-python-module",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1, framework="lightning",
         program="main.py",
         args=["--base", "configs/latent-diffusion/agemodel-ldm-magv2.yaml", "--resume",
               "/work3/s212461/logs/2024-02-20T17-35-39_agemodel-ldm-magv2/checkpoints/last.ckpt", "-t", "--gpus", "0,"],
         keep_text=["python3 main.py --base configs/latent-diffusion/agemodel-ldm-magv2.yaml --resume"],
         topology_args=[T("--gpus", "0,", "gpus_per_node")],
         setup=[S("source venv_3/bin/activate"), S("nvidia-smi")],
         source_only=["-q gpuv100", "module load python3/3.11.4", "module load cuda/11.6"],
         refuse_words=["/work3", "last.ckpt", "gpuv100", "venv_3"],
         assumptions=["No shebang; LSF (DTU template): -q gpuv100, -J magface_scaled, -n 4, -gpu num=1:mode=exclusive_process, -W 24:00, "
                      "rusage[mem=5GB] (per core), -u mail, -B/-N, gpu_%J.out/err: module python3/3.11.4, `source venv_3/bin/activate`, "
                      "nvidia-smi, module cuda/11.6, `python3 main.py --base configs/latent-diffusion/agemodel-ldm-magv2.yaml --resume "
                      "/work3/s212461/logs/.../last.ckpt -t --gpus 0,` (Lightning, one GPU; no final newline). Right: 1 process on 1 "
                      "GPU, --gpus 0, kept, the resume checkpoint on DTU's /work3 named (it must be copied), the venv kept with the "
                      "python module replaced, 4 cores and 24 h mapped."]),
    case(fam("gatech-ice-coc-venv-ocr", "slurm"),
         "KunalDaga/Spanish-Portuguese-Transfer-Learning", "train.slurm",
         "Georgia Tech PACE ICE (partition coc-gpu, account coc, /storage/ice1)", "gatech-ice",
         ["venv-absolute-project", "commented-notebook-run", "echo-dates", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_spanish.py", args=[],
         keep_text=["python3 train_spanish.py"],
         setup=[S("cd /storage/ice1/6/7/kdaga7/Spanish-Portuguese-Transfer-Learning"), S("source .venv/bin/activate"), S("nvidia-smi")],
         source_only=["--partition=coc-gpu"],
         accounts=["coc"],
         refuse_words=["/storage/ice1", "coc-gpu", "venv"],
         assumptions=["spanish-ocr-train, coc-gpu, -A coc, --gres=gpu:1, 32G, 6 h, slurm-%j.out: echoes, cd "
                      "/storage/ice1/6/7/kdaga7/..., `source .venv/bin/activate`, nvidia-smi, a notebook run commented, `python3 "
                      "train_spanish.py`, an echo (no final newline). Right: 1 process on 1 GPU, the venv kept (python must match) "
                      "and the /storage/ice1 path named as ICE's, the account and partition replaced."]),
    case(fam("tacc-maverick2-gtx-pip-in-job", "slurm"),
         "Matt594/nlp-final", "train.slurm",
         "TACC Maverick2 (retired; gtx queue of whole GTX 1080 Ti nodes, no GPU directive; utexas course)", "tacc-maverick2",
         ["whole-node-gpu-queue-no-gres", "conda-init-in-job", "pip-install-in-job", "relative-cd", "tab-before-comments", "tacc-template"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="run.py",
         args=["--do_train", "--task", "qa", "--dataset", "./quoref/quoref_original_formatted.json", "--output_dir", "./trained_model/"],
         keep_text=["python3 run.py --do_train --task qa --dataset ./quoref/quoref_original_formatted.json --output_dir ./trained_model/"],
         setup=[S("conda init bash"), S("conda activate cs378-nlp-final-project"), S("cd nlp-final"), S("pip install --upgrade pip"),
                S("pip install -r requirements.txt")],
         source_only=["-p gtx"],
         refuse_words=["gtx", "Maverick2", "conda init", "GPU"],
         assumptions=["TACC template: -J myjob, -o/-e myjob.o%j/e%j (tabs before the comments), -p gtx, -N 1, -n 1, 1:30:00, mail: module "
                      "list, pwd, date, `conda init bash`, `conda activate cs378-nlp-final-project`, cd nlp-final, pip upgrades and "
                      "`pip install -r requirements.txt`, then `python3 run.py --do_train --task qa --dataset "
                      "./quoref/quoref_original_formatted.json --output_dir ./trained_model/` (an ELECTRA QA fine-tune). Right: 1 "
                      "process on 1 GPU with a GPU requested on the target (Maverick2's gtx queue gave whole GPU nodes without a "
                      "directive; say so), the env and pip steps kept in order, 1.5 h kept."]),
    case(fam("gmem32-constraint-long-args-vivit", "slurm"),
         "NyleSiddiqui/Action_Biometrics", "train.slurm",
         "University of Central Florida CRCV cluster (assumed from the author; -C gmem32, partition gpu)", "ucf-crcv",
         ["gpu-memory-constraint", "no-time-limit", "module-only-no-activation", "long-args-quoted-description", "commented-previous-run",
          "job-name-in-output"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py",
         args=["--train_classifier", "--gpu", "0", "--run_id", "ntu_rgbd_120_rgb_5layers_run2", "--run_description",
               '"Experiment with five layer ViViT model. Using decord to load the frames."', "--dataset", "ntu_rgbd_120", "--model_version",
               "'baseline'", "--input_type", '"rgb"', "--num_frames", "32", "--input_dim", "224", "--patch_size", "16", "--num_heads", "8",
               "--num_layers", "5", "--batch_size", "8", "--num_epochs", "50", "--num_workers", "4", "--learning_rate", "1e-4",
               "--weight_decay", "1e-6", "--optimizer", "ADAM", "--f1_threshold", "0.5", "--skip", "0", "--steps", "1"],
         keep_text=["python3 main.py --train_classifier --gpu 0 --run_id ntu_rgbd_120_rgb_5layers_run2"],
         setup=[S("module list"), S("nvidia-smi topo -m")],
         source_only=["-C gmem32", "-p gpu", "module load anaconda3"],
         refuse_words=["gmem32", "anaconda3", "time", "environment"],
         assumptions=["--gres=gpu:1, -C gmem32 (a 32 GB GPU), -c 6, -p gpu, job name ntu_rgbd_120_rgb_5layers_run2, ./logs/%x.out, no time "
                      "limit: module anaconda3 (no env activated), module list, nvidia-smi topo -m, python3 --version, an earlier run "
                      "commented, then `python3 main.py --train_classifier --gpu 0 --run_id ntu_rgbd_120_rgb_5layers_run2 "
                      "--run_description \"Experiment with five layer ViViT model. Using decord to load the frames.\" ... --steps 1`. "
                      "Right: 1 process on 1 GPU of at least 32 GB (the target's GPU named), the quoted description kept as one "
                      "argument, a time limit set and said, %x mapped, the env named."]),
    case(fam("vt-arc-l40s-vv-positional-rl", "slurm"),
         "Ketan13294/Project8-NNJackal", "train.slurm",
         "Virginia Tech ARC (partition l40s_normal_q; a course allocation ece6474drlspring2025)", "vt-arc",
         ["verbose-directive-vv", "bare-positional-numbers", "path-prepend-anaconda", "bashrc-then-source-activate", "rl-training",
          "comments-after-directives"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py", args=["1.0", "1.0", "1e-4"],
         keep_text=["python train.py 1.0 1.0 1e-4"],
         setup=[S("source ~/.bashrc"), S('export PATH="$HOME/anaconda3/bin:$PATH"'), S("source activate"), S("conda activate deeprl")],
         source_only=["--partition=l40s_normal_q", "-vv"],
         accounts=["ece6474drlspring2025"],
         refuse_words=["l40s_normal_q", "-vv", "anaconda3", "deeprl"],
         assumptions=["Jackal_trajectory_tracking_wt_5_wc_075, training_wt_5_wc_075.txt, 48 h, 16 CPUs, --gres=gpu:1, l40s_normal_q, -A "
                      "ece6474drlspring2025, -vv (sbatch verbosity): ~/.bashrc, PATH prepended with $HOME/anaconda3/bin, bare `source "
                      "activate`, `conda activate deeprl`, then `python train.py 1.0 1.0 1e-4` (three positional weights and a "
                      "learning rate). Right: 1 process on 1 GPU with the three positionals kept in order, the env lines kept in "
                      "order with the anaconda path named as the user's, -vv dropped or said, the account and partition replaced."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
