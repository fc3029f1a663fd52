"""Write bench/unseen29/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen28 (bench/unseen6/make_common.py).
Usage: python bench/unseen29/make_cases.py /work/cache/unseen29 bench/unseen29/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("calgary-enel645-conda", "slurm"),
         "AbhilashPaul/enel645-assignment-2", "job.slurm",
         "University of Calgary (ENEL 645 course; partition gpu; the cluster is not named, TALC assumed)", "ucalgary",
         ["sourced-conda-init-script", "conda-activate-env", "conda-deactivate-after", "no-final-newline", "course-assignment"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="assignment2.py", args=[],
         keep_text=["python assignment2.py"],
         setup=[S("source ~/software/init-conda.sh"), S("conda activate enel645"), S("conda deactivate")],
         source_only=["--partition=gpu"],
         refuse_words=["init-conda.sh", "enel645", "partition"],
         assumptions=["Partition gpu, --gpus-per-node=1, 1 node, 1 task, 1 CPU, 16GB, 4 h: `source ~/software/init-conda.sh` (the user's "
                      "own conda init), `conda activate enel645`, `python assignment2.py`, `conda deactivate` (no final newline). Right: "
                      "1 process on 1 GPU, the conda init and env kept or named (built on the source machine), the partition replaced."]),
    case(fam("princeton-adroit-resmfn-4gpu", "slurm"),
         "AllisonShen/ResidualMFN", "job.slurm",
         "Princeton Research Computing (Adroit assumed from /scratch/network and --constraint=v100)", "princeton-adroit",
         ["one-process-four-gpus", "commented-alternative-runs", "conda-env-list-echo", "bashrc-sourced", "absolute-scratch-paths",
          "positional-paths-to-program", "site-anaconda-module"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="train_cryoem.py",
         args=["/scratch/network/xs6153/resmfndata/1AK2_180_12A", "/scratch/network/xs6153/resmfndata/1AK2_180/N500_snr0.1_ctf",
               "/scratch/network/xs6153/resmfndata/results/1AK2_12_epoch50", "--epochs", "50", "--bacon-hidden-dim", "64",
               "--bacon-hidden-layers", "3", "--bacon-iter", "30"],
         setup=[S("source ~/.bashrc"), S("conda activate resmfn"), S("cd /scratch/network/xs6153/ResidualMFN")],
         source_only=["module load anaconda3/2023.9", "--constraint=v100"],
         refuse_words=["/scratch/network", "v100", "anaconda3/2023.9", "resmfn"],
         assumptions=["1 node, 1 task, 1 CPU, 64G a CPU, --gres=gpu:4, -C v100, 4 h, mail: module purge, the site anaconda3/2023.9 "
                      "module, conda env list, ~/.bashrc, `conda activate resmfn`, cd /scratch/network/xs6153/ResidualMFN, two "
                      "commented earlier runs, then one `python train_cryoem.py <three /scratch/network paths> --epochs 50 "
                      "--bacon-hidden-dim 64 --bacon-hidden-layers 3 --bacon-iter 30`. Right: one process given 4 GPUs on one node "
                      "(what the program does with them is its own), the /scratch/network paths kept and named as the source's "
                      "filesystem, the module and v100 constraint replaced."]),
    case(fam("begin-time-unet", "slurm"),
         "Divyansh5555/unet-segmentation", "job.slurm",
         "An unnamed Slurm cluster (no partition or account; a German-time --begin)", "unnamed-begin",
         ["begin-time-directive", "bashrc-sourced", "conda-activate-env", "no-partition"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_unet.py", args=["--epochs", "50"],
         keep_text=["python train_unet.py --epochs 50"],
         setup=[S("source ~/.bashrc"), S("conda activate unet-env")],
         refuse_words=["--begin", "unet-env", "bashrc"],
         assumptions=["logs/, --gres=gpu:1, 16G, 8 h, --begin=19:20 (a comment: 7 PM German time): ~/.bashrc, `conda activate "
                      "unet-env`, `python train_unet.py --epochs 50`. Right: 1 process on 1 GPU, the conda env named, the start "
                      "time kept (--begin on Slurm, -a on PBS) or said in a note (the clock is the target's)."]),
    case(fam("conda-create-in-job-cnn", "slurm"),
         "EMCL-Research-ITSecLab/ssci23-xai-network-traffic", "job.slurm",
         "An unnamed Slurm cluster (a Miniconda under /usr/local; no partition)", "unnamed-usr-local-conda",
         ["conda-create-in-job", "env-name-mismatch", "conda-env-remove-after", "site-miniconda-path", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_cnn.py", args=[],
         keep_text=["python train_cnn.py"],
         setup=[S("source /usr/local/Miniconda3-py39_4.10.3-Linux-x86_64/etc/profile.d/conda.sh"), S("conda create --name ssci"),
                S("conda activate cnn"), S("conda env remove -n cnn")],
         refuse_words=["/usr/local/Miniconda3", "conda create", "env remove", "cnn"],
         assumptions=["1 node, 1 task, 1 CPU, --gres=gpu:1: the Miniconda3 under /usr/local sourced, `conda create --name ssci` (an "
                      "empty env, never used), `conda activate cnn`, `python train_cnn.py`, `conda env remove -n cnn` (no final "
                      "newline; the env activated and removed is not the one created). Right: 1 process on 1 GPU, the conda steps "
                      "kept in order or named (the /usr/local Miniconda is the source machine's), no fix of the mismatch passed off "
                      "as the user's."]),
    case(fam("a100q-reservation-scrdit", "slurm"),
         "Jeffz999/scDiffusion_DiT_Fork", "job.slurm",
         "A university Bright cluster (partition a100q, node sabercore-a100-001, a reservation; not named)", "unnamed-sabercore",
         ["no-gpu-request-gpu-partition", "nodelist-one-node", "reservation", "cm-shared-anaconda", "misleading-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py", args=[],
         keep_text=["python train.py"],
         setup=[S("source /cm/shared/apps/anaconda3/3.11/etc/profile.d/conda.sh"), S("conda activate dl1")],
         source_only=["--partition=a100q", "--nodelist=sabercore-a100-001", "--reservation=jeffz_1178"],
         refuse_words=["reservation", "nodelist", "a100q", "gres", "GPU"],
         assumptions=["Partition a100q on node sabercore-a100-001, reservation jeffz_1178, 4 CPUs, 72:30:00, one output file; no --gres "
                      "(the A100 node is picked by partition and node name; the comments do not match the values): the site "
                      "anaconda3 conda.sh, `conda activate dl1`, an echo, `python train.py` (an hpo.py line commented). Right: 1 "
                      "process with 1 GPU requested on the target and a note that the source asked none, the node and reservation "
                      "dropped with a note, the conda env named. An ask about the GPU count is right too."]),
    case(fam("delta-apptainer-cadre", "slurm"),
         "Jiminator/CADRE", "job.slurm",
         "NCSA Delta (partition gpuA100x4, account bcrn-delta-gpu, apptainer image under /scratch/bcrn)", "delta",
         ["apptainer-run-nv-bind", "bash-c-cd-and-redirect", "gpu-bind-closest", "module-reset", "centre-template-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="run_cf.py", args=[],
         keep_text=["cd CADRE/; python3 run_cf.py > myjob.out"],
         setup=[S("module reset")],
         source_only=["--partition=gpuA100x4", "--gpu-bind=closest"],
         accounts=["bcrn-delta-gpu"],
         refuse_words=["apptainer", "python.sif", "/scratch/bcrn", "bcrn-delta-gpu"],
         assumptions=["Delta's template: 64G, 1 node, 1 task, 16 CPUs, gpuA100x4, -A bcrn-delta-gpu, --gpus-per-node=1, "
                      "--gpus-per-task=1, --gpu-bind=closest, 2 h: module reset, module list, an echo, then `apptainer run --nv "
                      "--bind /scratch/bcrn/jshong /scratch/bcrn/jshong/python.sif /bin/bash -c \"cd CADRE/; python3 run_cf.py > "
                      "myjob.out\"`. Right: 1 process on 1 GPU inside the user's image with the target's container runtime (or a "
                      "note where it has none), the bind and image path named as Delta's filesystem, the redirect kept, the "
                      "account and partition replaced."]),
    case(fam("athena-plgrid-barlow-positional", "slurm"),
         "KrzysiekJa/Sentence-similarity-model-BarlowTwinsLoss", "job.slurm",
         "Cyfronet Athena (PLGrid partition plgrid-gpu-a100)", "cyfronet-athena",
         ["positional-into-export", "relative-venv", "empty-api-token-export", "env-knobs-for-program"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="Sentence-similarity-model-Barlow-Twins/sentence_similarity_training_en.py", args=[],
         keep_text=["export LAMBDA_=$1", "python Sentence-similarity-model-Barlow-Twins/sentence_similarity_training_en.py"],
         setup=[S("source python_venv/bin/activate"), S('export NEPTUNE_PROJECT="kjarek/sentence-similarity-research"'),
                S('export MODEL_NAME="nli-distilroberta-base-v2"')],
         source_only=["--partition=plgrid-gpu-a100"],
         refuse_words=["$1", "LAMBDA_", "plgrid", "python_venv"],
         assumptions=["20 min, plgrid-gpu-a100, 1 node, 1 task, --gres=gpu:1, 32GB: a relative python_venv, NEPTUNE_API_TOKEN set "
                      "empty, NEPTUNE_PROJECT, LAMBDA_=$1 (the first sbatch argument), MODEL_NAME, then `python "
                      "Sentence-similarity-model-Barlow-Twins/sentence_similarity_training_en.py` (reads them from the "
                      "environment). Right: 1 process on 1 GPU, $1 kept as a submit-time input (qsub has no positional "
                      "arguments: -v or -F on a PBS target, or an ask), the venv kept, the partition replaced."]),
    case(fam("conda-run-gres4-oct", "slurm"),
         "FraResca/OCT_EM_NN", "job.slurm",
         "An Italian university Slurm cluster (partition shortrun; not named)", "unnamed-shortrun",
         ["conda-run-no-env-name", "pip-install-in-job", "site-anaconda-cuda-modules", "four-gpus-one-process", "positional-program-args",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="trainer.py", args=["20", "yes", "yes"],
         keep_text=["conda run python3 trainer.py 20 yes yes"],
         setup=[S("pip install -r requirements.txt")],
         source_only=["--partition=shortrun", "module load anaconda/3", "module load cuda/11.4"],
         refuse_words=["shortrun", "conda run", "anaconda/3", "pip install"],
         assumptions=["1 node, 30 min, shortrun, 4 CPUs x 35G, --gres=gpu:4: modules anaconda/3 and cuda/11.4, `pip install -r "
                      "requirements.txt` in the job, then `conda run python3 trainer.py 20 yes yes` (conda run without -n: the "
                      "base env of the site module; no final newline). Right: one process given the 4 GPUs, `conda run` kept or "
                      "named with the site anaconda replaced, the pip install kept or said to need network."]),
    case(fam("tau-killable-wrapper-runsh", "slurm"),
         "AsafAvr/RefRec", "run.slurm",
         "Tel Aviv University CS cluster (account gpu-research, partition gpu-a100-killable, /home/yandex; assumed from the paths)", "tau-cs",
         ["wrapper-script-holds-launch", "signal-usr1", "killable-partition", "absolute-log-paths", "sh-shebang-with-space"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="/home/yandex/DL20232024a/asafavrahamy/Projects/RefRec/run.sh", args=[],
         keep_text=["bash /home/yandex/DL20232024a/asafavrahamy/Projects/RefRec/run.sh"],
         source_only=["--partition=gpu-a100-killable", "--constraint=a100"],
         accounts=["gpu-research"],
         refuse_words=["run.sh", "wrapper", "/home/yandex", "killable"],
         assumptions=["`#! /bin/sh`, -A gpu-research, gpu-a100-killable, --signal=USR1@120, 1 node, 1 task, 50000 MB, 4 CPUs, "
                      "--gres=gpu:1, -C a100, stdout/stderr to absolute paths under /home/yandex: one line, `bash "
                      "/home/yandex/DL20232024a/asafavrahamy/Projects/RefRec/run.sh` (the training is inside the user's wrapper, "
                      "not in the script). Right: the wrapper kept as 1 task with 1 GPU and a note that its content was not read "
                      "(and that the path is the source machine's), the signal kept or noted, account/partition replaced; an ask "
                      "or refusal naming the wrapper is right too."]),
    case(fam("shanghaitech-cs172-hope-4gpu", "slurm"),
         "Baojch/CS172-Project", "run.slurm",
         "ShanghaiTech University AI cluster (course partition CS172, /public/home/CS172; assumed from the paths)", "shanghaitech-cs172",
         ["one-process-four-gpus", "gpu-ids-in-args", "anaconda-activate-base-absolute", "chinese-comments", "slurm-echo-banner",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="HOPE.py",
         args=["--input_file", "./datanpy/", "--output_file", "./checkpoints/fhad/model-", "--train", "--val", "--resume",
               "./checkpoints/fhad/model-hope-2500.pkl", "--batch_size", "45", "--model_def", "HopeNet", "--gpu", "--gpu_number",
               "0 1 2 3", "--learning_rate", "0.002", "--lr_step", "60", "--lr_step_gamma", "0.9", "--log_batch", "40",
               "--val_epoch", "100", "--snapshot_epoch", "200", "--num_iterations", "5000"],
         setup=[S("source /public/home/CS172/baojch-cs172/anaconda3/bin/activate base")],
         source_only=["-p CS172"],
         refuse_words=["CS172", "/public/home", "gpu_number", "anaconda3"],
         assumptions=["-p CS172, 32 CPUs, 1 node, 7 days, --gres=gpu:4: echoes of the Slurm variables (Chinese comments), the user's "
                      "anaconda3 base activated by absolute path, then one `python HOPE.py ... --gpu --gpu_number 0 1 2 3 ...` "
                      "(DataParallel over the 4 GPUs it names; no final newline). Right: one process given 4 GPUs on one node "
                      "(GPU ids 0-3 kept), the anaconda path named, the partition replaced."]),
    case(fam("soton-ecs-swapae-4gpu-copy", "slurm"),
         "COMP6248-Reproducability-Challenge/Swapping-Autoencoder-for-Deep-Image-Manipulation-Reproduction", "run.slurm",
         "University of Southampton ECS GPU cluster (partition ecsall, /ECShome, /ECSssd)", "soton-ecs",
         ["one-process-four-gpus", "dataset-copy-to-node-ssd", "cat-own-script", "conda-shell-hook", "site-modules", "positional-program-arg"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="training.py", args=["20550"],
         keep_text=["python training.py 20550"],
         setup=[S("cd $HOME/6248/Swapping-Autoencoder-for-Deep-Image-Manipulation-Reproduction"), S("mkdir /ECSssd/data-sets"),
                S("cp -r ../CwkData/lsun/* /ECSssd/data-sets"), S('eval "$(conda shell.bash hook)"'), S("conda activate 6248_39")],
         source_only=["--partition=ecsall", "module load conda/py3-latest", "module load cuda/11.1"],
         refuse_words=["/ECSssd", "ecsall", "conda/py3-latest", "6248_39"],
         assumptions=["ecsall, --gpus-per-node=4, output under /ECShome, mail, 4-23:59: python unloaded, modules conda/py3-latest, "
                      "gcc/8.5.0, cuda/11.1, cd to the repository under $HOME, `cat run.slurm` between banners, mkdir "
                      "/ECSssd/data-sets and copy the LSUN data there (a node-local SSD), conda hook, `conda activate 6248_39`, "
                      "then `python training.py 20550`. Right: one process given 4 GPUs, the copy to /ECSssd kept with a note "
                      "(or mapped to the target's node-local disk), the modules replaced, the env named."]),
    case(fam("scratch-rsync-conda-run-lightning", "slurm"),
         "FilippNikitin/10701-Dehazing", "run.slurm",
         "A university Slurm cluster (partition dept_gpu, node-local /scr; CMU 10-701 course project, cluster not named)", "unnamed-dept-gpu",
         ["node-local-scratch-by-job-id", "rsync-in-and-out", "conda-run-live-stream", "pbs-variable-echo", "lightning-config-positional"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="lightning.py", args=["configs/hrtransformer.yaml"],
         keep_text=["conda run --live-stream -n pt1102 python -u lightning.py configs/hrtransformer.yaml"],
         setup=[S("cd $SLURM_SUBMIT_DIR"), S("SCRDIR=/scr/${SLURM_JOB_ID}"), S("rsync -rv -q $SLURM_SUBMIT_DIR/ ${SCRDIR}"),
                S("cd ${SCRDIR}"), S("rsync -rv -q $SCRDIR/ $SLURM_SUBMIT_DIR"), S("rm -rf ${SCRDIR}")],
         source_only=["--partition=dept_gpu", "module load cuda"],
         refuse_words=["/scr/", "dept_gpu", "pt1102", "rsync"],
         assumptions=["--job ml_project (a prefix of --job-name), 1 node, dept_gpu, --gres=gpu:1: echoes (one of $PBS_O_WORKDIR, "
                      "empty under Slurm), cd the submit dir, SCRDIR=/scr/$SLURM_JOB_ID made if absent, rsync the submit dir "
                      "there, saved_models removed, cd there, module cuda, `conda run --live-stream -n pt1102 python -u "
                      "lightning.py configs/hrtransformer.yaml`, rsync back, remove the scratch dir. Right: 1 process on 1 GPU, "
                      "the stage-in/stage-out kept in order with /scr mapped to the target's node-local or scratch space (or "
                      "named), the job id mapped on a PBS target, the conda env named."]),
    case(fam("gpu-a40-ntasks20-positional", "slurm"),
         "GZU-SAMLab/DRC", "run.slurm",
         "Guizhou University lab cluster (partition gpu-a40; assumed from the organisation)", "gzu-samlab",
         ["ntasks-20-one-program", "positional-program-args", "no-env-setup", "no-final-newline", "sh-shebang"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="bce_train.py", args=["64", "20"],
         keep_text=["python bce_train.py 64 20"],
         source_only=["--partition=gpu-a40"],
         refuse_words=["gpu-a40", "ntasks", "python"],
         assumptions=["#!/bin/sh, logs under output/, gpu-a40, 1 node, --ntasks=20 and --ntasks-per-node=20 (CPU slots: no srun), "
                      "--gres=gpu:1, then `python bce_train.py 64 20` with no environment set up (no final newline). Right: 1 "
                      "process on 1 GPU (the 20 tasks are cores for it, not 20 ranks), the partition replaced, a note that the "
                      "python is whatever is on PATH."]),
    case(fam("nscc-aspire2a-nbfnet-conda-run", "pbs"),
         "AAAI2025Submission/Context-Pooling---NBFNet", "job.pbs",
         "NSCC Singapore ASPIRE 2A (PBS Pro; project 12003906, queue normal, /home/users/ntu)", "nscc-aspire2a",
         ["pbs-select-ngpus", "relative-cd-from-home", "conda-run-absolute-no-capture", "absolute-log-dirs", "gpus-list-arg",
          "trailing-blank-lines"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="/home/users/ntu/zhixian5/NBFNet_Context_Pooling/script/run.py",
         args=["-c", "config/inductive/fb15k237.yaml", "--gpus", "[0]", "--version", "v1"],
         keep_text=["conda run -n py310 --no-capture-output python"],
         setup=[S("cd NBFNet_Context_Pooling/"), S("export CUBLAS_WORKSPACE_CONFIG=:16:8"), S("export PYTHONUNBUFFERED=1")],
         source_only=["#PBS -P 12003906", "#PBS -q normal", "module load cuda/11.6.2"],
         accounts=["12003906"],
         refuse_words=["12003906", "/home/users/ntu", "py310", "cuda/11.6.2"],
         assumptions=["PBS Pro: select=1:mpiprocs=1:ngpus=1, 3 h, -j oe, -o/-e to a pbs_log dir under /home/users/ntu/zhixian5, -P "
                      "12003906, -q normal: `cd NBFNet_Context_Pooling/` (relative to $HOME, where PBS starts), module cuda/11.6.2, "
                      "nvidia-smi, CUBLAS_WORKSPACE_CONFIG and PYTHONUNBUFFERED, then `/home/users/ntu/zhixian5/anaconda3/bin/conda "
                      "run -n py310 --no-capture-output python .../script/run.py -c config/inductive/fb15k237.yaml --gpus [0] "
                      "--version v1`. Right: 1 process on 1 GPU, the relative cd kept (a Slurm target starts in the submit dir: "
                      "say it), the user's conda path named, the project and queue replaced, `--gpus [0]` kept."]),
    case(fam("torque-gpu-queue-lotteryfl", "pbs"),
         "anime-sh/lotteryFL_cell", "job.pbs",
         "IIT Kharagpur (Torque, queue gpu, /home/du4 roll-number homes; assumed from the paths)", "iitkgp",
         ["broken-shebang", "pbs-V-twice", "queue-picks-gpu-no-count", "source-activate-env-path", "wandb-offline", "vars-for-paths"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py",
         args=["--rounds", "100", "--n_classes", "3", "--n_clients", "20", "--n_samples", "200", "--exp_name", "CELL_TEST",
               "--frac_clients_per_round", "0.5", "--server_prune", "True", "--server_prune_freq", "13", "--server_prune_step", "0.1"],
         setup=[S("source activate $HOME_DIR/anaconda3/envs/CELL"), S("cd $WORK_DIR"), S("wandb offline")],
         source_only=["#PBS -q gpu", "#PBS -l nodes=1:ppn=20", "module load anaconda3"],
         refuse_words=["/home/du4", "queue", "anaconda3", "CELL"],
         assumptions=["`#/bin/sh` (not a shebang), -V twice, 6 h, mail abe, nodes=1:ppn=20, 50gb, -q gpu (no GPU count: the queue's "
                      "nodes carry the GPU): HOME_DIR=/home/du4/19CS30033, WORK_DIR under it, module anaconda3, `source activate "
                      "$HOME_DIR/anaconda3/envs/CELL`, cd $WORK_DIR, `wandb offline`, then `python main.py --rounds 100 ... "
                      "--server_prune_step 0.1` (federated training simulated in one process). Right: 1 process with 1 GPU "
                      "requested (a note that the source asked none but the gpu queue), the home paths named, wandb offline kept, "
                      "the module replaced."]),
    case(fam("umd-zaratan-h100x4-pip-user", "slurm"),
         "natashaoberoi/FFU", "run_ddp.sh",
         "University of Maryland Zaratan (partition gpu, h100; the commented cd names ~/scratch/zt1/project/msml612)", "umd-zaratan",
         ["one-process-spawns-ddp", "pip-install-user-in-job", "pip-index-url", "site-modules", "commented-cd-and-env", "named-run_ddp"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="ddp_updated.py", args=[],
         keep_text=["python ddp_updated.py"],
         setup=[S("pip install --user regex ftfy"), S("pip install --user torch==2.1.2 torchvision --index-url https://download.pytorch.org/whl/cu121"),
                S("pip install --user transformers"), S("pip install --user pycocotools"), S("pip install --user z3-solver==4.12.5")],
         source_only=["--gres=gpu:h100:4", "module load python/3.10.10", "module load cuda-new/x86_64/12.3.0"],
         refuse_words=["pip install", "h100", "cuda-new", "python/3.10.10"],
         assumptions=["1 day, 8 CPUs, 1 task, --gres=gpu:h100:4, 32gb a CPU, partition gpu, mail: the env activation and the cd into "
                      "the class scratch are commented out (the job runs in the submit dir), module purge, python/3.10.10 and "
                      "cuda-new/x86_64/12.3.0 modules, five `pip install --user` lines in the job (torch 2.1.2 cu121 from the "
                      "PyTorch index, transformers, pycocotools, z3-solver ...), echoes, nvidia-smi, then `python ddp_updated.py` "
                      "(one process; the file name says it starts DDP itself). Right: one process given 4 GPUs on one node, the "
                      "pip installs kept in order with a note (network on the compute node, ~/.local shared), the modules "
                      "replaced."]),
    case(fam("torque-gpus2-feature-tf-siamese", "pbs"),
         "Zhengtq/siamese-fc_tf", "job.pbs",
         "A Torque cluster with GPU nodes of feature D (nodes=1:gpus=2:D; not named)", "unnamed-torque-d",
         ["leading-blank-line-no-shebang", "torque-gpus-in-nodes-feature", "pbs-gpufile", "rerunnable", "program-under-home", "tensorflow"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2,
         framework="tensorflow",
         program="~/ztqnet_class/train_net.py", args=[],
         keep_text=["python ~/ztqnet_class/train_net.py"],
         setup=[S("cd $PBS_O_WORKDIR")],
         source_only=["nodes=1:gpus=2:D"],
         refuse_words=["PBS_GPUFILE", "gpus=2:D", "~/ztqnet_class", "PBS_NODEFILE"],
         assumptions=["No shebang (a blank first line), -N, -o/-e in the submit dir, nodes=1:gpus=2:D (2 GPUs on a node of feature D), "
                      "-r y: cd $PBS_O_WORKDIR, echoes, `cat $PBS_NODEFILE`, `cat $PBS_GPUFILE`, then `python "
                      "~/ztqnet_class/train_net.py` (TensorFlow, one process). Right: one process given 2 GPUs, $PBS_O_WORKDIR "
                      "and the node/GPU file listings mapped (Slurm: submit dir, scontrol/CUDA_VISIBLE_DEVICES) or noted, the D "
                      "feature dropped with a note, the ~ program path kept."]),
    case(fam("delta-apptainer-wideresnet-args", "slurm"),
         "Jiminator/WideResNet-pytorch", "job.slurm",
         "NCSA Delta (partition gpuA100x4, account bcrn-delta-gpu, apptainer image under /scratch/bcrn)", "delta",
         ["apptainer-run-nv-bind", "bash-c-program-args", "commented-earlier-run", "timing-arithmetic", "no-final-newline",
          "centre-template-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py",
         args=["--name", "run_5", "--dataset", "cifar10", "--layers", "52", "--widen-factor", "38", "--epochs", "10", "--tensorboard"],
         keep_text=["python train.py --name run_5 --dataset cifar10 --layers 52 --widen-factor 38 --epochs 10 --tensorboard"],
         setup=[S("module reset"), S("start_time=$(date +%s)"), S("end_time=$(date +%s)")],
         source_only=["--partition=gpuA100x4", "--gpu-bind=closest"],
         accounts=["bcrn-delta-gpu"],
         refuse_words=["apptainer", "python3.sif", "/scratch/bcrn", "bcrn-delta-gpu"],
         assumptions=["Delta's template (64G, 16 CPUs, gpuA100x4, -A bcrn-delta-gpu, 1 GPU, gpu-bind closest, 2 h): module reset and "
                      "list, start time, then `apptainer run --nv --bind /scratch/bcrn/jshong /scratch/bcrn/jshong/python3.sif "
                      "/bin/bash -c \"python train.py --name run_5 --dataset cifar10 --layers 52 --widen-factor 38 --epochs 10 "
                      "--tensorboard\"` (an earlier run commented above it), end time and the duration printed (no final "
                      "newline). Right: 1 process on 1 GPU in the user's image with the target's runtime or a note, the bind "
                      "and image named as Delta paths, the timing lines kept around the launch."]),
    case(fam("uw-commented-sbatch-uv-grpo", "slurm"),
         "JiexiaoXu/assignment3-rl", "job.slurm",
         "University of Washington CSE course cluster (tomago/tempura nodes; every directive written `# SBATCH`, so none applies)", "uw-cse",
         ["inactive-directives-space-after-hash", "srun-uv-run", "ray-inside-program", "no-final-newline", "chdir-only-in-comment"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=None,
         program="./cse599o_alignment/train_grpo_ray_disaggregated.py", args=["--steps", "3"],
         keep_text=["uv run python ./cse599o_alignment/train_grpo_ray_disaggregated.py --steps 3"],
         refuse_words=["# SBATCH", "directive", "comment", "GPU"],
         assumptions=["Every resource line is `# SBATCH ...` (a space after #): sbatch reads none of them, so as written the job "
                      "gets the site defaults (1 node, 1 task, no GPU); the commented intent is account jiexiao, partition gpu, 1 "
                      "node, 1 task, 16G, --gpus=2, 2 h, --chdir=/homes/iws/jiexiao/assignment3-rl, output files. Then `srun uv "
                      "run python ./cse599o_alignment/train_grpo_ray_disaggregated.py --steps 3` (no final newline; the program "
                      "starts Ray actors itself). Right: one task under uv run, and a note that the `# SBATCH` lines are not "
                      "directives (whether the port applies their intent -- 2 GPUs, the chdir -- or keeps the as-written "
                      "defaults, it must say which); an ask about the GPU count is right."]),
    case(fam("ntnu-idun-2node-conda-create-gadbench", "slurm"),
         "JorgenWP/SynGraphBench", "job.slurm",
         "NTNU IDUN (account ie-idi, partition GPUQ, Anaconda3 module)", "ntnu-idun",
         ["nodes-2-tasks-4-one-python", "conda-create-and-installs-in-job", "pip-install-in-job", "site-anaconda-module", "mail-placeholder",
          "sh-shebang", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=2,
         program="benchmark.py", args=["--trial", "1", "--datasets", "0", "--models", "GCN"],
         keep_text=["python benchmark.py --trial 1 --datasets 0 --models GCN"],
         setup=[S("cd ${WORKDIR}"), S("conda create -n GADBench python=3.10"), S("conda activate GADBench"),
                S("conda install pytorch==1.13.1 pytorch-cuda=11.7 -c pytorch -c nvidia"), S("conda install -c dglteam/label/cu117 dgl=1.1.2"),
                S("pip install xgboost pyod scikit-learn sympy pandas catboost bidict openpyxl")],
         source_only=["--partition=GPUQ", "module load Anaconda3/2024.02-1"],
         accounts=["ie-idi"],
         refuse_words=["GPUQ", "ie-idi", "conda create", "nodes=2", "Anaconda3/2024.02-1"],
         assumptions=["#!/bin/sh; -A ie-idi, 1 h, GPUQ, --gres=gpu:2, 10G, --nodes=2 with 2 tasks a node (but no srun: the one "
                      "`python` runs once, on the first node), output files, a <email> placeholder: cd the submit dir, echoes, "
                      "module purge, Anaconda3/2024.02-1, `conda create -n GADBench python=3.10` and conda/pip installs (numpy<2, "
                      "pytorch 1.13.1 cu117, dgl cu117, mkl pins, xgboost ...) inside the job, then `python benchmark.py --trial 1 "
                      "--datasets 0 --models GCN` (no final newline). Right: one process on one node with the GPUs of the request "
                      "(2), a note that the second node and the extra tasks are idle as written (or the request reduced with a "
                      "note), the env build kept in order or named (network needed), account/partition/module replaced."]),
    case(fam("soton-iridis-text2motion", "slurm"),
         "KaiJie-5/Text2Motion-LSTM-GAN", "job.slurm",
         "University of Southampton Iridis (partition gpu, soton.ac.uk mail; Iridis assumed)", "soton-iridis",
         ["conda-shell-hook", "site-cuda-module", "mail-all", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="execute_model.py", args=[],
         keep_text=["python execute_model.py"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate myenv")],
         source_only=["--partition=gpu", "module load cuda/12.2"],
         refuse_words=["myenv", "cuda/12.2", "partition"],
         assumptions=["Output/error logs named Case_19, 2-02:00:00, partition gpu, 1 node, --gres=gpu:1, mail ALL: module cuda/12.2, "
                      "conda hook, `conda activate myenv`, `python execute_model.py` (no final newline). Right: 1 process on 1 GPU, "
                      "the env named, the module and partition replaced."]),
    case(fam("odu-crun-yolo-positional-heredoc", "slurm"),
         "Luzzitto/unsec_ml", "job.slurm",
         "Old Dominion University Wahab (partition high-gpu-mem, container_env module and crun)", "odu-wahab",
         ["crun-container-env", "cli-program-yolo", "eight-positionals", "heredoc-append-to-log", "usage-example-comment"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="yolo",
         args=["segment", "train", "data=$1", "model=$2", "epochs=$3", "imgsz=$4", "batch=$5", "device=0", "project=$6", "name=$7",
               "seed=1337"],
         keep_text=["cat >> output/job_logs << EOF"],
         source_only=["--partition high-gpu-mem", "module load container_env python3/2023.2-py310"],
         refuse_words=["crun", "container_env", "$1", "positional"],
         assumptions=["Job name a100-ml, high-gpu-mem, --gres gpu:1, 8 CPUs, mail: module container_env python3/2023.2-py310, a heredoc "
                      "appended to output/job_logs recording $SLURM_JOB_ID and the 8 positionals (data, model, epochs, imgsz, batch, "
                      "project, name, description), then `crun -p ~/envs/ultralytics yolo segment train data=$1 ... device=0 "
                      "project=$6 name=$7 seed=1337` (crun: ODU's wrapper running the command in its container env). Right: 1 "
                      "process on 1 GPU, the positionals kept as submit-time inputs (or asked), crun named as a site wrapper the "
                      "target lacks (the env ~/envs/ultralytics named), the heredoc log kept with the job id mapped."]),
    case(fam("spack-a100x2-cuffless", "slurm"),
         "Aashrey2407/Cuffless_BP_Estimation_Diffusion_Model", "train.slurm",
         "An Indian institute cluster (partition gpu_a100_8, spack python; not named)", "unnamed-gpu-a100-8",
         ["spack-load-python", "commented-venv", "two-gpus-one-process", "ulimit-in-job", "absolute-home-project-dir"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2,
         program="train.py", args=[],
         keep_text=["python train.py"],
         setup=[S("cd /home/ssdan/cuffless_BP_prediction/aashrey/Cuffless_BP_Estimation_Diffusion_Model/"), S("ulimit -n 2048")],
         source_only=["--partition=gpu_a100_8", "spack load python@3.9.13%gcc@8.5.0"],
         refuse_words=["spack", "gpu_a100_8", "/home/ssdan"],
         assumptions=["gpu_a100_8, --gpus=2, 4 CPUs, 32G, 1 day, logs under ./slurm: `spack load python@3.9.13%gcc@8.5.0` (the venv "
                      "line commented), python --version twice, pwd, nvidia-smi, cd to the project under /home/ssdan, `ulimit -n "
                      "2048`, then `python train.py`. Right: one process given 2 GPUs (the script starts no more), the spack load "
                      "replaced by the target's python with a note, the cd and ulimit kept."]),
    case(fam("nodelist-srun-corpus-positional", "slurm"),
         "Bibliome/KBPubMedBERT", "train.slurm",
         "INRAE MaIAGE / Bibliome lab cluster (partition all, node n102; assumed from the organisation)", "inrae-migale",
         ["nodelist-one-node", "srun-single-task", "positional-into-paths", "set-x-commented", "sh-shebang"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="codes/run.py",
         args=["--do_train", "--do_valid", "--cuda", "--evaluate_train", "--data_path", "data/${corpus}", "--cpu", "4", "--model", "RotatE",
               "-n", "128", "-b", "1024", "-d", "200", "-g", "24.0", "-a", "1.0", "-adv", "-lr", "0.0001", "--max_steps", "100000",
               "-save", "models/${corpus}", "--test_batch_size", "16", "-de"],
         source_only=["--nodelist=n102", "--partition=all"],
         refuse_words=["corpus", "$1", "n102", "positional"],
         assumptions=["#!/bin/sh, output and error to kbtrain.out, --nodelist=n102, 1 task, --gres=gpu:1, partition all: corpus=$1 (the "
                      "first sbatch argument), then `srun python -u codes/run.py --do_train ... --data_path data/${corpus} ... -save "
                      "models/${corpus} ...` (a RotatE knowledge-graph embedding training). Right: 1 process on 1 GPU, $1 kept as a "
                      "submit-time input or asked for (qsub has none), the node pin dropped with a note, the partition replaced."]),
    case(fam("loop-languages-three-srun-ner", "slurm"),
         "MikelZubi/GrAL", "train.slurm",
         "University of the Basque Country HiTZ cluster (assumed from the Basque messages; no partition named)", "unnamed-hitz",
         ["loop-over-dirs", "three-trainings-per-iteration", "checkpoint-cleanup-between", "tests-after-loop", "two-gpus-one-task",
          "trailing-backslash-before-blank", "basque-echoes", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2,
         program="run_ner.py",
         args=["--model_name_or_path", "xlm-roberta-base", "--do_train", "--do_eval", "--do_predict", "--evaluation_strategy", "steps",
               "--per_device_train_batch_size", "16", "--num_train_epochs", "16.0", "--label_column_name", "labels",
               "--train_file", "MEE_BIO/$language/train.json", "--output_dir", "Models/$language/entity", "--overwrite_output_dir"],
         other_runs=[R("test.py", [], launched=True), R("testAll.py", [], launched=True), R("testCross.py", [], launched=True)],
         keep_text=["for dir in MEE_BIO/*/", "rm -rf Models/$language/entity/checkpoint-*/", "rm -rf Models/$language/arguments/checkpoint-*/"],
         setup=[S("source ~/inguruneak/GRAL/bin/activate")],
         refuse_words=["loop", "$language", "gres", "GRAL"],
         assumptions=["1 CPU, 1 node, 1 task, 8GB, --gres=gpu:2, logs under ./SLURM: a venv under ~/inguruneak, then for each "
                      "directory of MEE_BIO/*/ (language = its name): three `srun python run_ner.py --model_name_or_path "
                      "xlm-roberta-base ...` trainings (labels -> Models/$language/entity, triggers, arguments; 16, 32 and 200 "
                      "epochs), each followed by removing its checkpoint-* dirs (each srun ends with a trailing backslash before a "
                      "blank line); after the loop `srun python test.py`, testAll.py, testCross.py (no final newline). Right: the "
                      "loop kept with its three runs and cleanups in order, each as one task with the 2 GPUs (HF Trainer in one "
                      "process), then the three tests; the venv named."]),
    case(fam("alliance-abs-python-redirect-finetune", "slurm"),
         "hahahaki/cem500kevaluation", "finetune.slurm",
         "Digital Research Alliance of Canada (assumed from ~/scratch and the --mem in M; cluster not named)", "alliance-canada",
         ["absolute-python-interpreter", "redirect-to-log-dir", "ntasks-4-one-process", "pwd-relative-mkdir-of-absolute", "commented-ddp-hints",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="/home/codee/scratch/sourcecode/cem-dataset/evaluation/finetune.py", args=[],
         keep_text=["/home/codee/miniconda3/bin/python /home/codee/scratch/sourcecode/cem-dataset/evaluation/finetune.py > $log_dir/mocofinetune1.8"],
         setup=[S("source /home/codee/miniconda3/etc/profile.d/conda.sh"), S("conda activate base"),
                S('log_dir="/home/codee/scratch/sourcecode/cem-dataset/evaluation/finetunesave"')],
         refuse_words=["/home/codee", "miniconda3", "scratch"],
         assumptions=["1 node, --gpus-per-node=1, --ntasks-per-node=4 (no srun: one process), 6 CPUs a task, 128000M, 40 min, output "
                      "file under the user's scratch with %j_%N: the user's miniconda conda.sh, `conda activate base`, log_dir set to "
                      "an absolute path, `mkdir -p \\`pwd\\`/$log_dir` (a path under the cwd, not log_dir itself), an echo, then "
                      "`/home/codee/miniconda3/bin/python .../evaluation/finetune.py > $log_dir/mocofinetune1.8`. Right: 1 process on "
                      "1 GPU, the absolute interpreter and redirect kept, the /home/codee paths named as the source machine's."]),
    case(fam("nyu-gcp-singularity-overlay-launch4", "slurm"),
         "jaiminkhanderia/Self-Semi-Supervised-Learning-for-Object-Detection", "finetune.slurm",
         "NYU HPC GCP burst (course account csci_ga_2572_2022sp_09, partition n1c24m128-v100-4, /scratch/DL22SP)", "nyu-gcp-burst",
         ["singularity-exec-overlays", "squashfs-copy-to-tmp", "torch-distributed-launch-4", "bash-c-multiline", "exclusive-requeue",
          "commented-alternative-partitions", "no-final-newline"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=4, nodes=1, gpus_per_node=4,
         program="finetune.py",
         args=["--exp-dir", "/home/jk7178/finetune_run_04_24_2022_20_00", "--epochs", "20", "--batch-size", "8", "--lr", "0.005", "--wd",
               "0.0005", "--momentum", "0.9"],
         keep_text=["python -m torch.distributed.launch --nproc_per_node=4 finetune.py"],
         setup=[S("mkdir /tmp/$USER"), S("export SINGULARITY_CACHEDIR=/tmp/$USER"), S("cp -rp /scratch/DL22SP/unlabeled_224.sqsh /tmp"),
                S("cp -rp /scratch/DL22SP/labeled.sqsh /tmp"), S("source /ext3/env.sh")],
         source_only=["--partition=n1c24m128-v100-4"],
         accounts=["csci_ga_2572_2022sp_09"],
         refuse_words=["singularity", "overlay", "/scratch/DL22SP", "sqsh"],
         assumptions=["-A csci_ga_2572_2022sp_09, n1c24m128-v100-4, --gres=gpu:4, 24 CPUs (1- and 2-GPU alternatives commented), 2 h, "
                      "--exclusive, --requeue: mkdir /tmp/$USER, SINGULARITY_CACHEDIR, the two dataset .sqsh files copied to /tmp, "
                      "then `singularity exec --nv --bind /scratch --overlay /scratch/DL22SP/conda.ext3:ro --overlay "
                      "/tmp/unlabeled_224.sqsh --overlay /tmp/labeled.sqsh /share/apps/images/cuda11.3.0-cudnn8-devel-ubuntu20.04.sif "
                      "/bin/bash -c \"source /ext3/env.sh; conda activate; python -m torch.distributed.launch --nproc_per_node=4 "
                      "finetune.py --exp-dir ... --momentum 0.9\"` (no final newline). Right: 4 workers on one node with 4 GPUs "
                      "inside the container with its overlays (target runtime or a note), the overlay and image paths named as "
                      "NYU's, the copies kept, account/partition replaced."]),
    case(fam("ucf-markdown-fenced-2node-srun", "slurm"),
         "MuhammadAsadHaider/mic-project", "submit.slurm",
         "University of Central Florida Newton (course account cap6412.student10; assumed from the paths and mail)", "ucf-newton",
         ["markdown-fence-first-and-last-line", "multi-node-2x2-srun", "master-addr-scontrol", "world-size-hardcoded", "gres-enforce-binding",
          "relative-venv", "program-topology-args"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=2, gpus_per_node=2,
         program="train_ddgan.py",
         args=["--num_epoch", "100", "--num_process_per_node", "2", "--num_proc_node", "2", "--data_dir", "swin_unitr", "--json_list",
               "swin_unitr/brats21_folds.json"],
         keep_text=["export WORLD_SIZE=4", "export MASTER_PORT=12340"],
         setup=[S("cd /home/cap6412.student10/MIC-PROJECT"), S("source venv/bin/activate"), S("export NCCL_DEBUG=INFO")],
         source_only=["module load cuda/cuda-11.6", "module load gcc/gcc-9.1.0", "module load oneapi/mkl", "--gres-flags=enforce-binding"],
         refuse_words=["```", "markdown", "shebang", "cap6412"],
         assumptions=["The file starts and ends with a ``` line (a Markdown fence): #!/bin/bash is line 2, so sbatch as written would "
                      "reject it or run it under the default shell. Inside: 2 nodes, 2 tasks a node, --gres=gpu:2 with "
                      "enforce-binding, 4 CPUs a task, 37 h, mail: module purge and cuda/gcc/oneapi modules, MASTER_PORT=12340, "
                      "WORLD_SIZE=4, MASTER_ADDR from scontrol, NCCL_DEBUG, cd, a relative venv, `srun python train_ddgan.py "
                      "--num_epoch 100 --num_process_per_node 2 --num_proc_node 2 ...` (4 ranks). Right: 4 ranks on 2 nodes x 2 GPUs, "
                      "the fence lines dropped or named in a note, MASTER_ADDR mapped on a PBS target, the topology args kept, "
                      "modules replaced; an ask or refusal naming the fence is right too."]),
    case(fam("uab-cheaha-required-positionals", "slurm"),
         "hieupt810/ich_segmentation", "submit.slurm",
         "University of Alabama at Birmingham Cheaha (partition amperenodes, EasyBuild modules)", "uab-cheaha",
         ["required-positionals-with-usage", "easybuild-modules", "module-reset", "conda-activate-env", "workers-from-cpus", "set-euo",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py",
         args=["all", "--architecture", "${ARCHITECTURE}", "--encoder-name", "${ENCODER_NAME}", "--epochs", "50", "--clf-epochs", "30",
               "--batch-size", "32", "--workers", "${SLURM_CPUS_PER_TASK:-8}"],
         keep_text=['ARCHITECTURE="${1:?Usage: sbatch submit.slurm <architecture> <encoder_name>}"'],
         setup=[S("set -euo pipefail"), S("conda activate ich-segmentation")],
         source_only=["--partition=amperenodes", "GCC/14.2.0", "cuDNN/8.9.2.26-CUDA-11.8.0"],
         refuse_words=["ARCHITECTURE", "ENCODER_NAME", "$1", "amperenodes"],
         assumptions=["amperenodes, --gres=gpu:1, 1 node, 8 CPUs, 64G, 3 h, ich-%j logs: set -euo pipefail, ARCHITECTURE=${1:?Usage...} "
                      "and ENCODER_NAME=${2:?...} required, module reset and Anaconda3/GCC/CUDA/cuda11.8 toolkit/cuDNN modules, "
                      "echoes, nvidia-smi, `conda activate ich-segmentation`, then `python main.py all --architecture ... "
                      "--encoder-name ... --epochs 50 --clf-epochs 30 --batch-size 32 --workers ${SLURM_CPUS_PER_TASK:-8}` (no final "
                      "newline). Right: 1 process on 1 GPU, the two positionals kept as required submit-time inputs (PBS: -v or -F, "
                      "or an ask), SLURM_CPUS_PER_TASK mapped on a PBS target, the modules replaced with the env named."]),
    case(fam("richmond-all-steps-commented", "slurm"),
         "Brian-1018/395SharedTask", "run.slurm",
         "University of Richmond (partition NLP, tesla_a40 GPUs; assumed from the mail)", "richmond",
         ["every-step-commented-out", "no-program-runs", "ddp-env-from-slurm", "conda-init-in-job", "pip-freeze-check", "banner-comments"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=1, gpus_per_node=2,
         program="train_10m_modified.py", args=[],
         expect="refuse",
         refuse_words=["commented", "no program", "nothing", "no launch"],
         assumptions=["#!/bin/bash -e; 2 tasks, 11 CPUs each, --gres=gpu:tesla_a40:2, partition NLP, 128000 MB, 8-15:00:30, mail: "
                      "MASTER_ADDR/PORT, WORLD_SIZE=$SLURM_NTASKS, RANK=$SLURM_PROCID, WANDB off, HF_HOME on /scratch, date, cd the "
                      "submit dir then a project dir, `conda init bash`, `pip freeze | grep minicons`; every step (tokenizer, "
                      "corpus tokenization, `srun python train_10m_modified.py ...`, conversion, BLiMP and EWOK evaluations) is "
                      "commented out, then date. The job as written trains nothing. Right: a refusal or ask saying no program "
                      "runs (every launch is commented); a port that uncomments a step or invents a launch is wrong."]),
    case(fam("gmu-hopper-mucot-long-args", "slurm"),
         "HariVigneshG123/mucot-678-project", "run.slurm",
         "George Mason University Hopper (partition gpuq, qos gpu, A100.80gb, gnu10 module)", "gmu-hopper",
         ["gres-typed-a100-80gb", "qos-gpu", "site-modules-gnu10-python", "long-argument-list", "caret-in-args", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py",
         args=["--dataset", "chaii", "--dataset_augmentation", "translation", "--langs", "hi ta ml^ te^", "--min_langs", "1",
               "--langs_for_min_langs_filter", "hi ta bn^ mr^ ml^ te^", "--wt_contrastive_loss", "0.05", "--max_steps", "5000",
               "--model_name", "mbert", "--eval", "False", "--debug", "False"],
         keep_text=["--langs hi ta ml^ te^ --min_langs 1"],
         source_only=["--partition=gpuq", "--qos=gpu", "--gres=gpu:A100.80gb:1", "module load gnu10"],
         refuse_words=["gpuq", "A100.80gb", "gnu10", "qos"],
         assumptions=["gpuq, qos gpu, --gres=gpu:A100.80gb:1, 1 node, 12 tasks a node (cores: no srun), 150GB, 1:30 h: modules gnu10 and "
                      "python, then one `python main.py --dataset chaii ... --langs hi ta ml^ te^ ... --model_name mbert --eval False "
                      "--debug False` (no final newline; ^ marks in language lists). Right: 1 process on 1 GPU (an 80 GB A100 "
                      "asked: a note where the target's GPUs are smaller), the args unchanged, the modules, qos and partition "
                      "replaced (the python on PATH named)."]),
    case(fam("perlmutter-shifter-16node-cmd-var", "slurm"),
         "exabiome/deep-taxon", "scripts/shifter/graphcore.sh",
         "NERSC Perlmutter (-C gpu, account m2865_g, shifter image, $PSCRATCH)", "perlmutter",
         ["shifter-image-directive", "srun-shifter-python", "command-in-variables", "multi-node-16x4", "script-copies-itself", "redirect-to-log",
          "mv-slurm-log", "program-topology-args"],
         launch_model="per_rank", launcher="srun", total_ranks=64, nodes=16, gpus_per_node=4,
         program="bin/deep-taxon.py", args=["train", "$OPTIONS", "$CONF", "$INPUT", "$OUTDIR"],
         container_image="ajtritt/deep-taxon:amd64_v1",
         keep_text=["> $LOG 2>&1", 'OPTIONS="--csv --slurm -g 4 -n $NODES -e 6 -k 6 -y -D -E shifter_n${NODES}_g4"'],
         setup=[S("mkdir -p $OUTDIR"), S("cp $0 $OUTDIR.sh"), S("cp $REPO_DIR/configs/graphcore.yml $CONF"), S("mv train.$JOB.log $LOG")],
         source_only=["--image=ajtritt/deep-taxon:amd64_v1", "-C gpu"],
         accounts=["m2865_g"],
         refuse_words=["shifter", "$PSCRATCH", "deep-taxon:amd64_v1", "--slurm"],
         assumptions=["-A m2865_g, 6 h, 64 tasks, 4 a node (16 nodes), 16 CPUs a task, 4 GPUs a node, -C gpu, shifter image "
                      "ajtritt/deep-taxon:amd64_v1, -o/-e train.%j.log: INPUT under $PSCRATCH, REPO_DIR under $HOME, NODES=16, "
                      "OUTDIR runs/train.$SLURM_JOB_ID, mkdir, the script copies itself ($0) and a config there, OPTIONS (--slurm -g 4 "
                      "-n $NODES ...) and CMD built in variables, the Slurm log moved, then `srun --ntasks $(($NODES*4)) shifter "
                      "python $CMD > $LOG 2>&1`. Right: 64 ranks on 16 nodes x 4 GPUs, the image carried with "
                      "the target's runtime (podman-hpc/apptainer) or noted, $PSCRATCH and the job id mapped, the program's "
                      "--slurm flag named (it reads Slurm variables) on a PBS target, the variables and redirect kept."]),
    case(fam("ntnu-epic-tf18-mpirun-vgg", "slurm"),
         "HenrikKronborg/EiT-Machine-Learning", "job.slurm",
         "NTNU EPIC (partition EPIC, TensorFlow 1.8 EasyBuild modules, /lustre1/work)", "ntnu-epic",
         ["mpirun-one-rank-two-gpus", "easybuild-tf-modules", "venv-on-lustre", "sh-shebang", "slurm-echo-banner", "uname-after",
          "alternative-modules-commented", "tensorflow"],
         launch_model="per_rank", launcher="mpirun", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2,
         framework="tensorflow",
         program="VGG_main.py", args=[],
         keep_text=["python VGG_main.py"],
         setup=[S("cd ${WORKDIR}"), S("source /lustre1/work/johnew/EiT/cuda/bin/activate"), S("uname -a")],
         source_only=["--partition=EPIC", "module load TensorFlow/1.8.0-Python-3.6.4", "module load gcccuda/2018a"],
         refuse_words=["EPIC", "TensorFlow/1.8.0", "/lustre1/work", "mpirun"],
         assumptions=["#!/bin/sh; EPIC, 5 h, 1 node, 1 task a node, --gres=gpu:2, job name with a space, mail: cd the submit dir, "
                      "echoes, module purge, gcccuda/2018a, OpenMPI/2.1.2, cuDNN, TensorFlow/1.8.0-Python-3.6.4, Python, GTK+ "
                      "(another set commented), a venv under /lustre1/work/johnew, then `mpirun python VGG_main.py` (1 rank: the "
                      "one task) and `uname -a`. Right: one process given the 2 GPUs (mpirun's one rank), the TF 1.8 module stack "
                      "named as the source's (the target has none that old: a note), the venv path named."]),
    case(fam("ucf-cd-src-2gpu-one-process", "slurm"),
         "kylebeggs/DeepCenterline", "submit.slurm",
         "University of Central Florida Newton (assumed from the mail; no partition)", "ucf-newton",
         ["gpus-per-node-2-one-process", "cpus-and-mem-per-gpu", "gres-enforce-binding", "source-activate-env", "nvidia-smi-topo", "cd-src"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2,
         program="train.py", args=["--name", "pooling", "--model", "pooling", "--epochs", "20", "--lr", "0.01"],
         keep_text=["python train.py --name pooling --model pooling --epochs 20 --lr 0.01"],
         setup=[S("source activate torch-medical"), S("cd src")],
         source_only=["module load anaconda/anaconda3", "--gres-flags=enforce-binding"],
         refuse_words=["torch-medical", "anaconda/anaconda3", "enforce-binding"],
         assumptions=["--gpus-per-node=2, 1 node, 4 CPUs and 10G a GPU, enforce-binding, 12 h, mail: module anaconda/anaconda3, module "
                      "list, `source activate torch-medical`, nvidia-smi and `nvidia-smi topo -m`, cd src, then `python train.py --name "
                      "pooling --model pooling --epochs 20 --lr 0.01`. Right: one process given 2 GPUs, the env named (built on the "
                      "site anaconda), cd src kept, the per-GPU CPU and memory fitted to the target."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
