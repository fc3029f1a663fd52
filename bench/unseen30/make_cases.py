"""Write bench/unseen30/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF/SGE
sources: any three). Same rules as bench/unseen12..unseen29 (bench/unseen6/make_common.py).
Usage: python bench/unseen30/make_cases.py /work/cache/unseen30 bench/unseen30/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("nyu-gcp-t4-singularity-fixmatch", "slurm"),
         "Auazure/DL21SP20", "train.sbatch",
         "NYU HPC GCP burst (partition n1s8-t4-1, account dl20, /share/apps images; course DL21SP)", "nyu-gcp",
         ["singularity-exec-overlays-bash-c", "dataset-squashfs-copy-to-tmp", "p2p-bandwidth-test-first", "exclusive-requeue", "set-x",
          "commented-eval-after"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="FixMatch_train.py", args=["--checkpoint-dir", "$HOME/DL21SP20/checkpoints/", "--model-name", "FixMatch", "--epochs=1"],
         keep_text=["python FixMatch_train.py --checkpoint-dir $HOME/DL21SP20/checkpoints/ --model-name FixMatch --epochs=1"],
         setup=[S("/share/apps/local/bin/p2pBandwidthLatencyTest > /dev/null 2>&1"), S("mkdir /tmp/$USER"), S("export SINGULARITY_CACHEDIR=/tmp/$USER"),
                S("cp -rp /scratch/DL21SP/student_dataset.sqsh /tmp"), S("cd $HOME/DL21SP20"), S("source /ext3/env.sh"), S("conda activate dev")],
         source_only=["--partition=n1s8-t4-1"],
         accounts=["dl20"],
         container_image="/share/apps/images/cuda11.1-cudnn8-devel-ubuntu18.04.sif",
         refuse_words=["singularity", "overlay", "sqsh", "/share/apps", "/scratch/DL21SP"],
         assumptions=["--gres=gpu:1, n1s8-t4-1, -A dl20, 10 min, exclusive, requeue: the site's p2pBandwidthLatencyTest to /dev/null, set -x, "
                      "mkdir /tmp/$USER and SINGULARITY_CACHEDIR there, the course dataset squashfs copied to /tmp, cd $HOME/DL21SP20, then "
                      "`singularity exec --nv --bind /scratch --overlay /scratch/DL21SP/conda.sqsh:ro --overlay /tmp/student_dataset.sqsh:ro "
                      "<cuda11.1 sif> /bin/bash -c \"source /ext3/env.sh; conda activate dev; python FixMatch_train.py --checkpoint-dir "
                      "$HOME/DL21SP20/checkpoints/ --model-name FixMatch --epochs=1\"` (an eval line commented). Right: 1 process on 1 GPU "
                      "inside the image with both overlays on the target's container runtime (or a note where it has none), the "
                      "/share/apps and /scratch/DL21SP paths named as the source's, the NYU bandwidth test dropped or named, the "
                      "account and partition replaced."]),
    case(fam("sh-shebang-2gpu-resnet", "slurm"),
         "Beerend/ACVPR", "train.sbatch",
         "An unnamed Slurm cluster (no partition or account; a course project)", "unnamed-acvpr",
         ["sh-shebang", "one-process-two-gpus", "no-partition", "no-env-activation", "quoted-relative-path-arg"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2,
         program="resnet.py", args=["--epochs", "1", "--save_dir", "'./result_resnet_2'"],
         keep_text=["python3 resnet.py --epochs 1 --save_dir './result_resnet_2'"],
         refuse_words=["gpu:2", "environment", "python3"],
         assumptions=["#!/bin/sh; -N 1, --gres=gpu:2, -c 32, nothing else: `python3 resnet.py --epochs 1 --save_dir './result_resnet_2'`. "
                      "Right: one process given 2 GPUs on one node (what it does with them is the program's), 32 CPUs fitted to the "
                      "target, the target's python/env named (the script activates none)."]),
    case(fam("srun-5tasks-mixed-gres-ddp", "slurm"),
         "Bigtais/PatientTrajetoryForecasting", "train.sbatch",
         "A university Slurm cluster with A40 and 3090 GPUs (partition gpu; not named)", "unnamed-a40-3090",
         ["srun-per-rank-ddp", "mixed-gpu-types-in-gres", "cuda-visible-devices-from-localid", "master-addr-from-scontrol", "seven-day-limit",
          "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=5, nodes=1, gpus_per_node=5,
         program="cross_val_train_ddp.py", args=[],
         keep_text=["srun python cross_val_train_ddp.py"],
         setup=[S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate pytorch-2.2"),
                S("export MASTER_ADDR=$(scontrol show hostname $SLURM_JOB_NODELIST | head -n 1)"), S("export MASTER_PORT=12345"),
                S("export WORLD_SIZE=$SLURM_NTASKS"), S("export CUDA_VISIBLE_DEVICES=$SLURM_LOCALID")],
         source_only=["--gres=gpu:a40-48:4,gpu:3090:1", "--partition=gpu"],
         refuse_words=["a40-48", "3090", "5", "SLURM_LOCALID", "GPUs a node"],
         assumptions=["partition gpu, 1 node, 5 tasks, --gres=gpu:a40-48:4,gpu:3090:1 (4 A40s and one 3090 on one node), 5 CPUs a task, "
                      "7 days: the user's miniconda, `conda activate pytorch-2.2`, MASTER_ADDR from scontrol, MASTER_PORT=12345, "
                      "WORLD_SIZE=$SLURM_NTASKS, CUDA_VISIBLE_DEVICES=$SLURM_LOCALID exported in the batch shell (so every rank sees "
                      "the batch shell's value, not its own), then `srun python cross_val_train_ddp.py` (no final newline). Right: 5 "
                      "ranks with one GPU each; no target node has 5 GPUs (4 on most of the ten): 2 nodes or 4 ranks, said, or an "
                      "ask; the per-rank variables mapped (PMI/PALS ranks on PBS), the mixed GPU types named."]),
    case(fam("nyu-greene-launch4-bitrunet", "slurm"),
         "BruceResearch/BiTr-Unet", "train.sbatch",
         "NYU Greene (assumed from the python/intel/3.8.6 and cuda/11.1.74 modules; no partition)", "nyu-greene",
         ["torch-distributed-launch-4", "fixed-master-port", "site-python-modules", "python3.8-explicit", "100-hour-limit"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=4, nodes=1, gpus_per_node=4,
         program="train.py", args=[],
         keep_text=["python3.8 -m torch.distributed.launch --nproc_per_node=4 --master_port 6666 train.py"],
         source_only=["module load python/intel/3.8.6", "module load cuda/11.1.74"],
         refuse_words=["python/intel/3.8.6", "cuda/11.1.74", "python3.8", "nproc_per_node=4"],
         assumptions=["1 node, 30GB, 12 CPUs, 100 h, --gres=gpu:4 (no task count): modules python/intel/3.8.6 and cuda/11.1.74, then "
                      "`python3.8 -m torch.distributed.launch --nproc_per_node=4 --master_port 6666 train.py`. Right: 4 workers on one "
                      "node with 4 GPUs through the launcher, the site modules replaced with a note (python3.8 and torch must exist "
                      "on the target), the 100 h limit fitted to the target's queue limit with a note."]),
    case(fam("mbzuai-qos-sh-train-wrapper", "slurm"),
         "DanaOsama/Balanced-Contrastive-Learning", "train.sbatch",
         "MBZUAI (partition gpu, qos gpu-8; assumed from the author's affiliation)", "mbzuai",
         ["wrapper-script-holds-launch", "qos-directive", "array-style-output-name", "sh-runs-wrapper"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.sh", args=[],
         keep_text=["sh train.sh"],
         source_only=["--qos=gpu-8", "-p gpu"],
         refuse_words=["train.sh", "wrapper", "qos"],
         assumptions=["bcl-aptos, output slurm-logs/bcl.%A_%a.txt (array names, no --array), 1 node, 1 task, 40G, 16 CPUs, --gres=gpu:1, "
                      "-p gpu, 12 h, --qos=gpu-8: then only `sh train.sh` (the user's wrapper, not in the job script, holds the real "
                      "launch). Right: `sh train.sh` kept on 1 GPU with a note that its contents decide the launch (or an ask naming "
                      "train.sh), %A/%a mapped or said, the qos and partition replaced."]),
    case(fam("lrz-enroot-container-mapra", "slurm"),
         "BetelgeuseBugFixer/MaPra2025", "train.sbatch",
         "LRZ AI Systems (partition lrz-dgx-a100-80x8, enroot/pyxis container image on /dss)", "lrz-ai",
         ["pyxis-container-image-directive", "container-mounts-directive", "paths-inside-container", "echo-banners"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="models/train.py", args=["--emb_file", "/mnt/data/lys6/emb/ly6.h5", "--tok_jsonl", "/mnt/data/lys6/tokens_sanitized.jsonl", "--epochs", "100"],
         keep_text=["python models/train.py --emb_file /mnt/data/lys6/emb/ly6.h5 --tok_jsonl /mnt/data/lys6/tokens_sanitized.jsonl --epochs 100"],
         setup=[S("cd /mnt/repro/MaPra2025")],
         source_only=["-p lrz-dgx-a100-80x8"],
         container_image="/dss/dssfs02/lwp-dss-0001/pn67na/pn67na-dss-0000/group1/container/mapra_container.sqsh",
         refuse_words=["container-image", "container-mounts", "/mnt/repro", "/dss", "sqsh"],
         assumptions=["lrz-dgx-a100-80x8, --gres=gpu:1, -o/-e files, and two pyxis directives: --container-image=<a .sqsh on /dss> and "
                      "--container-mounts=<data dir>:/mnt/data,<repro dir>:/mnt/repro; the body runs inside the container: cd "
                      "/mnt/repro/MaPra2025, echo, `python models/train.py --emb_file /mnt/data/lys6/emb/ly6.h5 --tok_jsonl "
                      "/mnt/data/lys6/tokens_sanitized.jsonl --epochs 100`, echo. Right: 1 process on 1 GPU in the user's image with "
                      "the two mounts on the target's container runtime (apptainer/podman-hpc/shifter, or a note where pyxis is "
                      "missing), the /mnt paths kept as in-container paths and the /dss sources named as LRZ's filesystem. A port "
                      "that drops the container directives and runs python bare on the host is wrong."]),
    case(fam("tuebingen-tcml-rsync-loop-singularity", "slurm"),
         "CORaisch/DeepVO-pytorch", "train.sbatch",
         "University of Tübingen TCML cluster (partition week; node-local /scratch/$SLURM_JOB_ID, /common/singularityImages)", "tuebingen-tcml",
         ["stage-in-loop-rsync", "bash-array-of-ids", "singularity-exec-nv-var-image", "home-reassigned", "job-scratch-dir", "mail-all"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="$HOME/main.py", args=["--remote_dir=/scratch/$SLURM_JOB_ID", "--home_dir=$HOME"],
         keep_text=["python3 $HOME/main.py --remote_dir=/scratch/$SLURM_JOB_ID --home_dir=$HOME", "HOME=/home/raisch/DeepVO-pytorch"],
         setup=[S("mkdir /scratch/$SLURM_JOB_ID/images /scratch/$SLURM_JOB_ID/poses_gt"), S("rsync --info=progress2 -r /home/raisch/Datasets/KITTI/images/$id /scratch/$SLURM_JOB_ID/images"),
                S("rsync --info=progress2 /home/raisch/Datasets/KITTI/poses_gt/$id.* /scratch/$SLURM_JOB_ID/poses_gt"),
                S("IMG_FILE=/common/singularityImages/TCML-Cuda10_0Tensorflow2_0_0.simg"), S("HOME=/home/raisch/DeepVO-pytorch")],
         source_only=["--partition=week"],
         container_image="/common/singularityImages/TCML-Cuda10_0Tensorflow2_0_0.simg",
         refuse_words=["/scratch/$SLURM_JOB_ID", "singularity", "/common/singularityImages", "rsync", "HOME"],
         assumptions=["4 CPUs, partition week, 32G a CPU, --gres=gpu:1, 6-12:00:00, mail: echo, mkdir two dirs under the job's node-local "
                      "/scratch/$SLURM_JOB_ID, a loop over a bash array of 11 KITTI sequence ids rsyncing images and poses there, ls/du, "
                      "then IMG_FILE=<TCML TF2 simg>, HOME reassigned to the project dir, `singularity exec --nv $IMG_FILE python3 "
                      "$HOME/main.py --remote_dir=/scratch/$SLURM_JOB_ID --home_dir=$HOME`. Right: 1 process on 1 GPU in the image on "
                      "the target's runtime (or a note), the per-job scratch dir mapped to the target's node-local or scratch space "
                      "(Slurm job id variable mapped on PBS), the stage-in loop kept in order, the /common image and /home/raisch "
                      "data named as the source's, the 6.5-day limit fitted with a note."]),
    case(fam("tuebingen-tcml-singularity-run-hydra", "slurm"),
         "FlorianSp2000/hockey-rl-challenge", "train.sbatch",
         "University of Tübingen TCML cluster (partition day; assumed from the mail and the comments)", "tuebingen-tcml",
         ["singularity-run-user-image", "hydra-overrides", "rl-training", "comments-between-directives"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="./main.py", args=["algorithm=sac", "mode=train"],
         keep_text=["python3 ./main.py algorithm=sac mode=train"],
         source_only=["--partition=day"],
         container_image="~/container.sif",
         refuse_words=["singularity", "container.sif", "day"],
         assumptions=["ta_train, 4 CPUs, partition day, 3G a CPU, --gres=gpu:1, 23:59:59, tcml_logs/ files, mail (comments between the "
                      "directives): `singularity run ~/container.sif python3 ./main.py algorithm=sac mode=train` (hydra overrides). "
                      "Right: 1 process on 1 GPU inside the user's image with the target's runtime (`singularity run` passes the "
                      "command to the image's runscript: kept as run, or a note), the image path named as the user's, the partition "
                      "replaced."]),
    case(fam("nodelist-hpc4-long-args-align", "slurm"),
         "Tobhal/Align-fine-tuning", "train.sbatch",
         "UiT The Arctic University of Norway lab cluster (assumed from the Norwegian comment; partition normal, node hpc4)", "unnamed-hpc4",
         ["nodelist-one-node", "long-arg-list", "slurm-job-id-in-args", "quoted-arg-with-spaces", "commented-module", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="align_fine_tuning.py",
         args=["--batch_size", "32", "--accumulation_steps", "4", "--epochs", "10000", "--maximize", "--lr", "0.0001", "--stop_patience", "500",
               "--save", "--save_every", "1000", "--verbose", "--loss_func", "contrastive", "--split_name", "fold_4_t", "--validate",
               "--slurm_job_id", "$SLURM_JOB_ID", "--slurm_job_desc", "'Testing learning rate of 1e-4 on normal datasett'", "--ignore_checkpoint",
               "--description", "phosc_number"],
         keep_text=["--slurm_job_id $SLURM_JOB_ID --slurm_job_desc 'Testing learning rate of 1e-4 on normal datasett'"],
         source_only=["--partition normal", "--nodelist=hpc4"],
         refuse_words=["nodelist", "hpc4", "SLURM_JOB_ID", "environment"],
         assumptions=["partition normal, 1 task, 1 CPU, 4G, 48 h, --gres=gpu:1, --nodelist=hpc4 (a module line commented): `python "
                      "align_fine_tuning.py --batch_size 32 ... --slurm_job_id $SLURM_JOB_ID --slurm_job_desc 'Testing learning rate of "
                      "1e-4 on normal datasett' --ignore_checkpoint --description phosc_number` (no final newline). Right: 1 process on "
                      "1 GPU, every argument kept with the quoted description intact, $SLURM_JOB_ID mapped on a PBS target ($PBS_JOBID), "
                      "the node pin dropped with a note, the env named (none activated)."]),
    case(fam("colgate-pbs-gpu-queue-jupyterhub-conda", "pbs"),
         "ZXUTOBY/NLP_FINAL", "train.pbs",
         "Colgate University (Torque/PBS, queue gpu; assumed from the mail)", "colgate",
         ["pbs-nodes-ppn", "gpu-queue-no-gpu-request", "localhost-output-paths", "pbs-V", "jupyterhub-venv-then-conda", "relative-cd",
          "config-path-arg", "template-comments"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=["../NLP_FINAL/train.yaml"],
         keep_text=["python main.py ../NLP_FINAL/train.yaml"],
         setup=[S("cd NLPScholar"), S("source /local/JupyterHub/bin/activate"), S("conda activate nlp")],
         source_only=["#PBS -q gpu", "#PBS -l nodes=1:ppn=4"],
         refuse_words=["gpu", "JupyterHub", "localhost", "ngpus", "GPU"],
         assumptions=["Torque: -N MiniLM, -q gpu, nodes=1:ppn=4, 24 h, mem=5gb, -o/-e localhost:/Users/toby_xu/Desktop/... (a laptop "
                      "path), mail, -V; no GPU count asked (the queue is a GPU queue): cd NLPScholar (relative to the home dir: no cd "
                      "$PBS_O_WORKDIR), `source /local/JupyterHub/bin/activate && conda activate nlp`, `python main.py "
                      "../NLP_FINAL/train.yaml`. Right: 1 process with 1 GPU requested on the target and a note that the source asked "
                      "none (or an ask), the cd kept relative to home (or the start directory said), the localhost:/Users paths "
                      "replaced with a note, the JupyterHub venv named as Colgate's."]),
    case(fam("tau-studentkillable-gpus3-module", "slurm"),
         "HarelBS/NLP_Project", "train.sbatch",
         "Tel Aviv University CS cluster (partition studentkillable; assumed)", "tau-cs",
         ["python-m-module", "gpus-3-one-process", "signal-usr1", "killable-partition", "minutes-time", "which-python-echo", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=3, gpus_per_rank=3,
         program="fine_tuning", module=True, args=[],
         keep_text=["python -m fine_tuning"],
         source_only=["--partition=studentkillable", "--signal=USR1@120"],
         refuse_words=["gpus=3", "studentkillable", "USR1", "environment"],
         assumptions=["nlp-fine-tuning, studentkillable, --time=1440 (minutes), --signal=USR1@120, 1 node, 1 task, 50000 MB, --gpus=3, "
                      "train.out/err: echoes of the host and `which python`, python --version, then `python -m fine_tuning` (a debugpy "
                      "line commented; no final newline; no env activated). Right: one process given 3 GPUs on one node, the "
                      "module form kept, the USR1 warning signal mapped or said (PBS has no --signal), 24 h kept, the env named."]),
    case(fam("p100-commented-loops-distill", "slurm"),
         "SeanZLiu/StableNLU", "train.sbatch",
         "Harbin Institute of Technology SCIR cluster (assumed from /users5 paths; partition compute, tesla_p100-pcie-16gb GPUs)", "hit-scir",
         ["two-trainings-in-sequence", "commented-loops", "cuda-visible-devices-0", "conda-activate-by-path", "absolute-cd", "typed-gres",
          "line-continuations"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_roberta_distill.py",
         args=["--train_with_feature", "--model_type", "bert", "--output_dir", "../experiments_self_debias_mnli_seed111_different_shallow/bert_prune_shallow_seed135",
               "--do_train", "--do_eval", "--mode", "none", "--custom_teacher", "../teacher_preds/mnli_trained_on_sample2K_seed111.json", "--seed", "135",
               "--which_bias", "hans", "--task", "mnli", "--shallow_model_num", "1", "--shallow_feature_file", "shallow_features/prune_feature.pkl"],
         other_runs=[R("train_roberta_distill.py", ["--model_type", "bert", "--output_dir",
                                                    "../experiments_self_debias_mnli_seed111_different_shallow/bert_without_prune_shallow_seed135"])],
         setup=[S("source ~/.bashrc"), S("conda activate /users5/kxiong/miniconda3/envs/py36_jsliu"),
                S("cd /users5/kxiong/jsliu/emnlp2020-debiasing-unknown/src")],
         source_only=["-p compute", "--gres=gpu:tesla_p100-pcie-16gb:1"],
         refuse_words=["/users5", "tesla_p100", "CUDA_VISIBLE_DEVICES", "py36_jsliu"],
         assumptions=["-J train, -p compute, -N 1, 4 CPUs, 8G a CPU, 36 h, --gres=gpu:tesla_p100-pcie-16gb:1: ~/.bashrc, conda activate by "
                      "path under /users5, cd /users5/.../src, four commented loops of earlier runs, then two trainings one after "
                      "the other, each `CUDA_VISIBLE_DEVICES=0 python train_roberta_distill.py ...` with backslash continuations "
                      "(with-prune features, then without). Right: both trainings kept in order on 1 GPU, the /users5 env and dir "
                      "named as the source's, the CUDA_VISIBLE_DEVICES=0 prefix kept or dropped with a note, the typed gres and "
                      "partition replaced."]),
    case(fam("simula-hgx2q-venv-4gpu-maskdit", "slurm"),
         "Jollokim/LanguageFreeFastT2IDiffusion", "train.sbatch",
         "Simula eX3 (partition hgx2q; assumed from the partition name)", "simula-ex3",
         ["one-process-four-gpus-program-spawns", "program-arg-num-process-per-node", "mem-per-gpu", "relative-venv", "14-day-limit",
          "commented-alternative-configs"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4,
         program="train.py", args=["--config", "configs/train/maskdit-MMCelebAHQ.yaml", "--num_process_per_node", "4", "--enable_eval"],
         keep_text=["python3 -u train.py --config configs/train/maskdit-MMCelebAHQ.yaml --num_process_per_node 4 --enable_eval"],
         topology_args=[T("--num_process_per_node", "4", "gpus_per_node")],
         setup=[S("source venv/bin/activate")],
         source_only=["--partition=hgx2q", "--mem-per-gpu=80G"],
         refuse_words=["num_process_per_node", "hgx2q", "venv", "14-0:00:00"],
         assumptions=["#!/bin/sh; hgx2q, --gres=gpu:4, 14 days, 80G a GPU, one output file: `source venv/bin/activate` (relative), then "
                      "`python3 -u train.py --config configs/train/maskdit-MMCelebAHQ.yaml --num_process_per_node 4 --enable_eval` (the "
                      "program spawns its 4 processes itself; two other configs commented). Right: one process given 4 GPUs on one "
                      "node, --num_process_per_node 4 kept equal to the GPUs given, the venv kept, the 14-day limit fitted to the "
                      "target with a note, `source` under sh said or the shell made bash."]),
    case(fam("athena-plgrid-venv-module-soccernet", "slurm"),
         "KNSI-Golem/soccerNet-Ball-Action-Spotting", "train.sbatch",
         "Cyfronet Athena (PLGrid; partition plgrid-gpu-a100, account plggolemml25-gpu-a100)", "cyfronet-athena",
         ["python-m-module", "venv-on-tscratch", "absolute-cd", "typed-gres"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src.modeling.train_tdeed_bas", module=True, args=["--model", "SoccerNetBall_baseline"],
         keep_text=["python -m src.modeling.train_tdeed_bas --model SoccerNetBall_baseline"],
         setup=[S("source /net/tscratch/people/plgkobusf112/.venv/bin/activate"), S("cd /net/people/plgrid/plgkobusf112/soccerNet-Ball-Action-Spotting")],
         source_only=["--partition=plgrid-gpu-a100", "--gres=gpu:a100:1"],
         accounts=["plggolemml25-gpu-a100"],
         refuse_words=["/net/tscratch", "/net/people", "plggolemml25", "plgrid"],
         assumptions=["train_soccernet, plgrid-gpu-a100, -A plggolemml25-gpu-a100, --gres=gpu:a100:1, 60G, 8 CPUs, 4 h: a venv on "
                      "Athena's /net/tscratch, cd /net/people/plgrid/.../soccerNet-Ball-Action-Spotting, `python -m "
                      "src.modeling.train_tdeed_bas --model SoccerNetBall_baseline`. Right: 1 process on 1 GPU, the module form kept, "
                      "the venv and project paths named as Athena's filesystems, the account and partition replaced."]),
    case(fam("lrz-v100x2-empty-key-srun", "slurm"),
         "LazerLambda/udl-negation", "train.sbatch",
         "LRZ AI Systems (partition lrz-v100x2)", "lrz-ai",
         ["srun-single-task", "empty-shell-variable-key", "relative-venv", "no-final-newline"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=[],
         keep_text=["srun python main.py"],
         setup=[S("WANDB_API_KEY="), S("source .venv/bin/activate")],
         source_only=["-p lrz-v100x2"],
         refuse_words=["lrz-v100x2", "WANDB_API_KEY", ".venv"],
         assumptions=["-N 1, lrz-v100x2, --gres=gpu:1, 1 task, logs/ files, 8 h: `WANDB_API_KEY=` (an unexported, empty shell variable), "
                      "`source .venv/bin/activate`, `srun python main.py` (no final newline). Right: 1 process on 1 GPU through the "
                      "target's launcher or bare, the empty key kept as written (not filled, not exported), the venv kept, the "
                      "partition replaced."]),
    case(fam("tum-vram-gres-source-activate-omr", "slurm"),
         "Luca-Wiehe/music_recognition", "train.sbatch",
         "TUM Computer Vision group cluster (assumed from /home/stud and the VRAM gres)", "tum-cvg",
         ["vram-gres-constraint", "source-activate-env", "python-m-module", "srun-single-task", "absolute-log-paths", "no-final-newline"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="src.train", module=True, args=["--config", "configs/luca_model.yaml"],
         keep_text=["srun python -m src.train --config configs/luca_model.yaml"],
         setup=[S("source activate music_recognition")],
         source_only=["--gres=gpu:1,VRAM:32G"],
         refuse_words=["VRAM", "music_recognition", "/home/stud"],
         assumptions=["\"OMR Training\", 1 node, 1 CPU, --gres=gpu:1,VRAM:32G (a site GRES for GPU memory), 72G, 2 days, mail NONE, output "
                      "and error to /home/stud/wiel/...: `source activate music_recognition`, `srun python -m src.train --config "
                      "configs/luca_model.yaml` (no final newline). Right: 1 process on 1 GPU with at least 32 GB (any of the ten's "
                      "A100/H100 GPUs; the VRAM gres dropped with a note), the env named, the log paths replaced or named."]),
    case(fam("alliance-aip-l40s-chdir-srun", "slurm"),
         "ObedDzik/mri_histo", "train.sbatch",
         "Digital Research Alliance of Canada (account aip-medilab, L40S GPUs, /project and /scratch; the cluster assumed)", "alliance-l40s",
         ["chdir-directive", "absolute-program-path", "env-paths-exports", "srun-single-task", "venv-on-project", "job-id-export"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="/home/obed/projects/aip-medilab/obed/medproj/mri_histo/train.py",
         args=["-c", "/home/obed/projects/aip-medilab/obed/medproj/mri_histo/cfg.yaml"],
         workdir="/project/aip-medilab/shared/picai",
         setup=[S("source /project/aip-medilab/obed/medproj/mri_histo/mri_env/bin/activate"),
                S("export DINOV3_LIBRARY_PATH=/home/obed/projects/aip-medilab/obed/medproj/dinov3"),
                S("export DINOV3_CHECKPOINTS_PATH=/datasets/exactvu_pca/checkpoint_store"), S("export CHECKPOINT=/scratch/obed"),
                S("export JOB_ID=$SLURM_JOB_ID")],
         source_only=["--gres=gpu:l40s:1"],
         accounts=["aip-medilab"],
         refuse_words=["/project/aip-medilab", "l40s", "-D", "/datasets", "aip-medilab"],
         assumptions=["-J isup-proj-triplet, -A aip-medilab, --gres=gpu:l40s:1, 50 min, 8 CPUs, 64G, -D /project/aip-medilab/shared/picai "
                      "(the working directory), -o under /home/obed: a venv under /project, four exports (DINOV3 paths, "
                      "CHECKPOINT=/scratch/obed, JOB_ID=$SLURM_JOB_ID), `srun python <abs>/train.py -c <abs>/cfg.yaml`. Right: 1 process "
                      "on 1 GPU started in the -D directory (cd on PBS), JOB_ID mapped, the /project, /scratch and /datasets paths "
                      "named as the Alliance's, the account replaced."]),
    case(fam("gatech-pace-inferno-set-euo", "slurm"),
         "SharvariTatachar/deepcleanv3", "train.sbatch",
         "Georgia Tech PACE Phoenix (account gts-..., qos inferno)", "gatech-phoenix",
         ["set-euo-pipefail", "qos-inferno", "gpus-1", "srun-single-task", "relative-venv-after-cd", "no-final-newline"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="dc-transform-train.py", args=[],
         keep_text=["srun python3 dc-transform-train.py"],
         setup=[S("set -euo pipefail"), S("cd ~/r-pli77-0/deepcleanv3"), S("mkdir -p logs"), S("source .venv/bin/activate")],
         source_only=["--qos=inferno", "--partition=gpu"],
         accounts=["gts-pli77-ideas_l40s"],
         refuse_words=["inferno", "gts-pli77", "r-pli77-0", ".venv"],
         assumptions=["train, -A gts-pli77-ideas_l40s, partition gpu, --qos=inferno, 1 node, 8 CPUs, 48G, --gpus=1, 12 h, logs/%x-%j, mail: "
                      "set -euo pipefail, cd ~/r-pli77-0/deepcleanv3, mkdir -p logs (after Slurm already opened logs/ files), the "
                      "relative .venv, `srun python3 dc-transform-train.py` (no final newline). Right: 1 process on 1 GPU, set -euo "
                      "kept, the cd and venv kept in order, the account/qos replaced, the log dir said to exist before submission."]),
    case(fam("orfeo-vars-train-then-plots", "slurm"),
         "mzampar/Deep-Learning-Project", "train/train.sh",
         "ORFEO at AREA Science Park, Trieste (partition GPU, account dssc; assumed from /u/dssc)", "orfeo",
         ["args-from-shell-variables", "unquoted-multiword-vars", "job-id-in-paths", "post-processing-programs", "grep-sed-pipeline",
          "move-log-at-end", "several-programs", "no-final-newline"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py",
         args=["--job_id", "$SLURM_JOB_ID", "--num_hidden", "$num_hidden", "--stride", "$stride", "--filter_size", "$filter_size", "--batch_size", "$batch_size",
               "--leaky_slope", "$leaky_slope", "--num_epochs", "$num_epochs", "--loss", "$loss", "--initial_lr", "$initial_lr", "--gamma", "$gamma",
               "--model_name", "$out_folder/$model_name", "$transpose", "$layer_norm", "$max_pool", "$bias"],
         other_runs=[R("$src/plot_loss_median.py", ["--cleaned_file", "slurm_rain_${SLURM_JOB_ID}_cleaned.out"]),
                     R("$src/generate_gif.py", ["--fig_height", "128", "--model", "$model_name"])],
         keep_text=['out_folder="/u/dssc/mzampar/Deep-Learning-Project/rain-models/$SLURM_JOB_ID"', 'num_hidden="64 32 32 16"',
                    "mv slurm_rain_$SLURM_JOB_ID.out slurm_rain_${SLURM_JOB_ID}_cleaned.out $out_folder"],
         setup=[S("mkdir -p $out_folder")],
         source_only=["--partition=GPU"],
         accounts=["dssc"],
         refuse_words=["SLURM_JOB_ID", "/u/dssc", "slurm_rain_", "num_hidden"],
         assumptions=["1 node, --gres=gpu:1, 24 CPUs, 2 h, partition GPU, -A dssc, --output=slurm_rain_%j.out: an echo, out_folder under "
                      "/u/dssc/... named by $SLURM_JOB_ID, ~20 shell variables (num_hidden=\"64 32 32 16\" split unquoted into four "
                      "values; flag variables like --transpose), `srun python -u train.py --job_id $SLURM_JOB_ID ...`, then grep/sed "
                      "of the job's own output file into a cleaned file, `python $src/plot_loss_median.py ...`, `python "
                      "$src/generate_gif.py ...`, rm *.gif, and mv of the output files into out_folder. Right: the training on 1 "
                      "GPU then both plot programs in order, the variables kept unquoted as written, $SLURM_JOB_ID mapped and the "
                      "output file name the script reads (slurm_rain_<id>.out) kept equal to the scheduler's output name (-o on "
                      "PBS), /u/dssc named as ORFEO's."]),
    case(fam("dtu-lsf-gpua100-venv-draw", "lsf"),
         "simonamtoft/recurrence-and-attention-latent-variable-models", "bsub.sh",
         "DTU HPC (LSF, queue gpua100)", "dtu-lsf",
         ["lsf-gpu-exclusive-process", "lsf-n4-cores", "rusage-mem", "overwrite-output-oo-eo", "site-cuda-cudnn-modules", "relative-venv",
          "sh-shebang", "disabled-double-hash-directives"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="draw.py", args=[],
         keep_text=["python draw.py"],
         setup=[S("source venv/bin/activate")],
         source_only=["#BSUB -q gpua100", "module load cuda/11.1", "module load cudnn/v8.0.4.30-prod-cuda-11.1"],
         refuse_words=["gpua100", "cuda/11.1", "cudnn", "venv"],
         assumptions=["#!/bin/sh LSF: -q gpua100, -J TrainDRAW, -n 4, -gpu \"num=1:mode=exclusive_process\", -W 23:59, rusage[mem=8GB] (a "
                      "core, so 32 GB), -oo/-eo gpu-%J files (##BSUB lines are disabled): modules cuda/11.1 and cudnn v8.0.4.30, `source "
                      "venv/bin/activate`, `python draw.py`. Right: 1 process on 1 GPU with 4 cores, per-core memory turned into the "
                      "target's per-node or per-task form, %J mapped, the DTU modules replaced with a note, the venv kept."]),
    case(fam("summit-lsf-jsrun-loop-background", "lsf"),
         "adpartin/dr-learning-curves", "bsub.sh",
         "OLCF Summit (LSF, project med110, jsrun; 6 GPUs a node)", "olcf-summit",
         ["jsrun-per-resource-set", "function-with-nested-loops", "background-runs-no-wait", "wrapper-script-holds-launch", "device-index-mod-6",
          "array-as-argument", "five-minute-limit", "large-commented-blocks"],
         launch_model="per_rank", launcher="jsrun", total_ranks=12, nodes=2, gpus_per_node=6,
         program="./jsrun.sh", args=["$device", "$split", "$trial", "$src", "$model"],
         keep_text=["jsrun -n 1 -a 1 -c 4 -g 1 ./jsrun.sh $device $split $trial $src $model", "run_trn gdsc nn_reg0", "device=$(($cnt % 6))"],
         source_only=["#BSUB -P med110", "#BSUB -nnodes 2"],
         accounts=["med110"],
         refuse_words=["jsrun.sh", "background", "wait", "jsrun", "Summit"],
         assumptions=["LSF on Summit: -P med110, -W 00:05, -nnodes 2, -J dr-crv-bsub; comments say to load ibm-wml-ce and activate the "
                      "conda env before bsub. A function run_trn loops 4 splits x 3 trials, each `jsrun -n 1 -a 1 -c 4 -g 1 ./jsrun.sh "
                      "$device $split $trial $src $model \"${lc_sizes_arr[@]}\" $cnt exec > <log> 2>&1 &` (12 one-GPU runs in the "
                      "background, device = cnt mod 6, sleep 2 between) and it is called once (gdsc nn_reg0); no `wait` follows, so "
                      "the batch shell exits while the runs are in flight. The training is inside ./jsrun.sh (a user wrapper). Right: "
                      "an ask or a port that says jsrun.sh holds the program, maps each jsrun to one single-GPU task on the target "
                      "(srun --exact -n1 --gpus=1 / mpiexec -n 1 with the GPU bound), keeps the loop, and adds or notes the missing "
                      "wait; the 6-GPU device arithmetic named (4 GPUs a node on most of the ten)."]),
    case(fam("nqsv-pbs-uv-make-run", "pbs"),
         "phvv-me/icip2025", "qsub.sh",
         "An NEC NQSV site (#PBS -b, elapstim_req, queue gen_S; AIST/Japanese centre assumed from the comments)", "nqsv-gen-s",
         ["nqsv-directives", "en-dash-broken-directives", "make-target-holds-launch", "uv-run-version-check", "openmpi-version-variable",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=None,
         program="make", args=["run"],
         keep_text=["make run", 'uv run python -c "import torch; print(torch.__version__)"'],
         setup=[S("cd $PBS_O_WORKDIR")],
         source_only=["module load cuda/12.3.2", "module load openmpi/$NQSV_MPI_VER", "#PBS -q gen_S"],
         accounts=["CVLABPJ"],
         refuse_words=["make run", "Makefile", "gen_S", "NQSV", "GPU"],
         assumptions=["NQSV: -A CVLABPJ, -q gen_S, -b 1 (one host), elapstim_req=12:00:00, and two lines written with an en dash (`#PBS –M`, "
                      "`#PBS –m`: not directives), -N sub_pvalois; no GPU count (the queue sets it): modules cuda/12.3.2 and "
                      "openmpi/$NQSV_MPI_VER, cd $PBS_O_WORKDIR, a `uv run python -c` torch version print, then `make run` (no final "
                      "newline; the Makefile's run target holds the training). Right: an ask or a port that names the Makefile "
                      "target as holding the launch and asks for the GPU count; no invented program. expect stays port: a port that "
                      "keeps `make run` on one node with its GPUs asked or said is right."]),
    case(fam("usc-carc-getopts-env-venv-branch", "slurm"),
         "avi-jit/eTok", "train.job",
         "USC CARC Discovery (account jpujara_1025, partition gpu; assumed from the mail)", "usc-carc",
         ["getopts-in-job", "env-file-export-xargs", "venv-create-if-missing", "pip-install-in-job", "if-else-two-trainings", "site-modules",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="unitrain.py",
         args=["-dataset", "$DATASET", "-base", "$BASE", "--e2e", "--device", "$DEVICE", "--lang", "$LANG", "--learning_rate", "$LEARNING_RATE",
               "--num_prefix", "$NUM_PREFIX", "--batch_size", "$BATCH_SIZE", "--num_epochs", "$EPOCHS"],
         other_runs=[R("unitrain.py", ["--no-e2e"])],
         keep_text=["while getopts f: flag", "export $(grep -v '^#'  $file_path | xargs -d '\\n')", 'if [ "$E2E" = true ]'],
         setup=[S("python -m venv train"), S("pip install --upgrade -r requirements.txt"), S("source train/bin/activate")],
         source_only=["module load gcc/11.3.0", "module load python/3.9.12", "module load cuda/11.6.2", "module load cudnn/8.4.0.27-11.6"],
         accounts=["jpujara_1025"],
         refuse_words=["-f", "getopts", "file_path", ".env", "positional"],
         assumptions=["-A jpujara_1025, partition gpu, 1 node, 1 task, 4 CPUs, 32GB, --gres=gpu:a100:1, 48 h, mail: module purge and gcc, "
                      "python 3.9.12, cuda 11.6.2, cudnn modules; getopts reads `-f <file>` from the job's arguments (sbatch train.job -f "
                      "x.env), every non-comment line of that file exported, a venv `train` created with pip install when missing, "
                      "then activated, an echo of the config, and `python unitrain.py ... --e2e ...` if E2E is true else the same with "
                      "--no-e2e (no final newline). Right: 1 process on 1 GPU, the -f argument kept as a submit-time input (PBS: -F "
                      "or -v, or an ask), the env-file export and venv steps kept in order, both branches kept, the modules replaced."]),
    case(fam("exclusive-no-gpu-request-mpnet", "slurm"),
         "nizaanth/Finetuning_LLMs", "train.job",
         "A German university Slurm cluster (partition gpu03_queue, /work/y0110479; not named)", "unnamed-gpu03",
         ["exclusive-node-no-gres", "bash-login-shell", "api-key-in-script", "pythonpath-export", "torch-version-check", "seven-day-limit"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=None,
         program="code/train.py", args=[],
         keep_text=["python code/train.py"],
         setup=[S("cd /work/y0110479/Master-Thesis/Nizaanth_MPNET"), S("export PYTHONPATH=$(pwd):$PYTHONPATH"), S("conda activate sentence-transformers-env")],
         source_only=["--partition=gpu03_queue"],
         refuse_words=["exclusive", "gres", "GPU", "gpu03_queue", "WANDB_API_KEY"],
         assumptions=["#!/bin/bash -l; gpu03_queue, 1 node, 7 days, --exclusive, no GPU request (the whole node and its GPUs by "
                      "exclusivity): cd /work/y0110479/..., PYTHONPATH, a W&B key exported in the script, nvidia-smi, `conda activate "
                      "sentence-transformers-env`, python version and torch checks, `python code/train.py`. Right: 1 process on a "
                      "whole node with its GPUs (the count said or asked: the source does not give it), the key left to the user "
                      "(not copied into notes), the /work path named, the 7-day limit fitted with a note."]),
    case(fam("smithsonian-sge-l40s-path-env-trocr", "sge"),
         "wjbmattingly/trocr-train", "train.job",
         "Smithsonian Hydra (SGE: -l gpu,ngpu=1,gpu_arch=L40S, -pe mthread)", "smithsonian-hydra",
         ["sge-gpu-resource-arch", "sge-pe-mthread", "path-prepend-env-bin", "module-after-path", "device-mps-on-cuda-node", "sh-shebang",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py",
         args=["--shuffle_seed", "42", "--select_range", "100000", "--batch_size", "18", "--epochs", "10", "--logging_steps", "1000", "--save_steps", "1000",
               "--save_limit", "2", "--device", "mps:0", "--output_dir", "yiddish"],
         keep_text=["--device mps:0"],
         setup=[S("export PATH=/home/mattinglyw/mambaforge/envs/kraken/bin:$PATH"), S("module load nvidia")],
         source_only=["#$ -l gpu,ngpu=1,gpu_arch=L40S", "#$ -pe mthread 1"],
         refuse_words=["mps", "gpu_arch", "kraken", "mambaforge"],
         assumptions=["SGE (#!/bin/sh, -S /bin/sh): -pe mthread 1, -l gpu,ngpu=1,gpu_arch=L40S, -cwd, -j y, -N train, -o train.log, mail: PATH "
                      "prefixed with the user's mambaforge env `kraken`, echoes of $JOB_NAME/$QUEUE/$JOB_ID/$NSLOTS, module load nvidia, "
                      "`python main.py ... --device mps:0 --output_dir yiddish` (mps is Apple's backend: on a CUDA node the program may "
                      "fail or fall back; the user's choice), an end echo (no final newline). Right: 1 process on 1 GPU, the "
                      "arguments kept as written with a note about mps:0 (not silently changed to cuda), the SGE variables mapped, "
                      "the env path named as the user's."]),
    case(fam("bme-gpu-n8-date-typo", "slurm"),
         "xiongjiuli/lymph_det", "train.job",
         "ShanghaiTech University BME cluster (partition bme_gpu; assumed)", "shanghaitech-bme",
         ["n8-tasks-one-process", "typo-command-data", "job-name-with-py", "no-env-activation", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_v1.py", args=[],
         keep_text=["python train_v1.py", "echo start on $(data)"],
         source_only=["--partition=bme_gpu"],
         refuse_words=["bme_gpu", "-n 8", "environment"],
         assumptions=["job name 1012_v1_swin3d_160_hmapv4bbox.py, bme_gpu, -N 1, -n 8 (8 tasks, no srun: one python), 40G, --gres=gpu:1, 48 h: "
                      "echo of the node list, `echo start on $(data)` (a typo for date: prints an error, harmless), `python train_v1.py`, "
                      "the end echo (no final newline). Right: 1 process on 1 GPU (8 tasks read as CPUs, not 8 ranks), the echoes "
                      "kept as written (fixing the typo is the user's), the env named (none activated)."]),
    case(fam("neu-explorer-env-overrides-vae", "slurm"),
         "ScottBiggs2/latent-optimization-foundation", "slurm_train.sh",
         "Northeastern University Explorer (partition gpu; named in the comments)", "neu-explorer",
         ["chdir-directive", "env-overrides-at-submit", "flags-from-env", "set-e", "hf-cache-on-scratch", "echo-banner-nvidia-smi",
          "long-arg-list"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="run_hpc.py",
         args=["--mode", '"$MODE"', "--artifact_dir", '"$ARTIFACT_DIR"', "--n_components", "97", "--pca_batch_size", "10", "--latent_dim", "32",
               "--hidden_dim", "256", "--cond_dim", "64", "--val_fraction", "0.0", "--epochs", "500", "--patience", "50", "--warmup_epochs", "50",
               "--beta", "1.0", "--lr", "3e-4", "--batch_size", "32", "--eval_seq_len", "512", "--eval_n_sequences", "32", "$EVAL_LM_FLAG", "$MC_EVAL_FLAG"],
         workdir="/home/biggs.s/llm_vae",
         keep_text=['MODE="${MODE:-full}"', 'if [ "${EVAL_LM:-1}" != "0" ]; then'],
         setup=[S("set -e"), S("source ~/miniconda/etc/profile.d/conda.sh"), S("conda activate llm_vae"), S("export HF_HOME=/scratch/biggs.s/hf_cache"),
                S("export HF_DATASETS_CACHE=/scratch/biggs.s/hf_cache"), S("export TRITON_CACHE_DIR=/scratch/biggs.s/triton_cache"),
                S("export ARTIFACT_DIR=/scratch/biggs.s/llm_vae"), S('mkdir -p "$ARTIFACT_DIR" "$HF_HOME" "$TRITON_CACHE_DIR"')],
         source_only=["--partition=gpu"],
         refuse_words=["MODE", "EVAL_LM", "MC_EVAL", "/scratch/biggs.s", "chdir"],
         assumptions=["llm_vae_train, -o/-e on /scratch/biggs.s, --chdir=/home/biggs.s/llm_vae, partition gpu, --gres=gpu:1, 64G, 8 CPUs, 6 h: "
                      "set -e, the user's miniconda and `conda activate llm_vae`, HF/Triton caches and ARTIFACT_DIR on /scratch/biggs.s "
                      "with mkdir -p, MODE/EVAL_LM/MC_EVAL read from the submit environment with defaults (`MODE=tiny sbatch ...`), "
                      "echoes with nvidia-smi, then `python run_hpc.py --mode \"$MODE\" ... $EVAL_LM_FLAG $MC_EVAL_FLAG`. Right: 1 process "
                      "on 1 GPU started in the --chdir directory, the defaults kept and the submit-time override said (qsub -v on "
                      "PBS), the /scratch paths named as Explorer's, the partition replaced."]),
    case(fam("uga-sapelo-torchrun-nproc-gpu", "slurm"),
         "jacksettles/mt_modeling", "slurm_train.sh",
         "University of Georgia Sapelo2 (partition gpu_p, ml modules; assumed from the mail domain)", "uga-sapelo2",
         ["torchrun-standalone-nproc-gpu", "one-gpu-request", "ml-module-shorthand", "relative-venv", "placeholder-args", "time-1-dash", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train_model.py",
         args=["--train_data", "processed_split_sequences/train_sequences_1.pkl", "--val_data", "processed_split_sequences/test_sequences_1.pkl",
               "--save_path", "however_you_want_to_name_your_model", "--num_heads", "8", "--num_layers", "1", "--hidden_dim", "256", "--lr", "5e-6",
               "--model_type", "mamba", "--embed_dim", "8"],
         keep_text=["torchrun --standalone --nproc_per_node=gpu train_model.py"],
         setup=[S("source mtenv/bin/activate")],
         source_only=["--partition=gpu_p", "ml Python/3.11.3-GCCcore-12.3.0", "--gres=gpu:A100:1"],
         refuse_words=["nproc_per_node=gpu", "gpu_p", "Python/3.11.3", "mtenv"],
         assumptions=["gpu_p, 1 node, 1 task, 16 CPUs, --gres=gpu:A100:1, --time=1- (one day), 64G, mail to a placeholder address: ml purge, "
                      "ml Python/3.11.3-GCCcore-12.3.0, the relative venv mtenv, `torchrun --standalone --nproc_per_node=gpu "
                      "train_model.py ...` (one worker a visible GPU: 1 here; --save_path is a placeholder name). Right: 1 worker on 1 "
                      "GPU through torchrun (nproc_per_node=gpu kept only where the target shows one GPU to the job, else 1, said), "
                      "the module replaced, the venv kept."]),
    case(fam("mit-openmind-srun-one-task-2gpu", "slurm"),
         "GasserElbanna/voice-speech-metamers", "train_job.sh",
         "MIT OpenMind (partition mcdermott, /om2, openmind modules)", "mit-openmind",
         ["srun-one-task-two-gpus", "lab-partition", "conda-env-by-path", "site-modules-sh", "no-final-newline"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=2, gpus_per_rank=2,
         program="train.py", args=[],
         keep_text=["srun python train.py"],
         setup=[S("source /etc/profile.d/modules.sh"), S("source activate /om2/user/gelbanna/miniconda3/envs/metamer310")],
         source_only=["--partition=mcdermott", "module load openmind/miniconda/3.9.1", "module load openmind/git-lfs/2.13.2"],
         refuse_words=["/om2", "mcdermott", "openmind", "a100:2"],
         assumptions=["metamer, -o/-e under /om2/user/gelbanna, 25Gb, --gres=gpu:a100:2, 16 CPUs, 24 h, partition mcdermott (a lab's): the "
                      "modules init, openmind miniconda and git-lfs modules, `source activate` of an env by /om2 path, `srun python "
                      "train.py` (one task: one process given both GPUs). Right: one process with 2 GPUs on one node, the env named as "
                      "OpenMind's, the lab partition and modules replaced."]),
    case(fam("boost-usr-prod-torchrun2-random-port", "slurm"),
         "ZenoTsT/qwen3-vl-slt-how2sign", "train_job.sh",
         "UniMoRe AImageLab cluster (account tesi_ztesta, partition boost_usr_prod, /homes; assumed from the Italian comments and paths)", "unimore-aimagelab",
         ["torchrun-nproc2", "random-master-port", "pythonpath-export", "site-anaconda-module", "source-activate-env", "absolute-cd", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, nodes=1, gpus_per_node=2,
         program="src/training/train_qwen3vl.py", args=[],
         keep_text=["MASTER_PORT=$(( 20000 + RANDOM % 10000 ))", "--master_port=$MASTER_PORT"],
         setup=[S("source activate qwen3vl_env"), S("cd /homes/ztesta/qwen3-vl-slt-how2sign"),
                S("export PYTHONPATH=/homes/ztesta/qwen3-vl-slt-how2sign:$PYTHONPATH"), S("mkdir -p logs")],
         source_only=["--partition=boost_usr_prod", "module load anaconda3/2023.09-0-none-none"],
         accounts=["tesi_ztesta"],
         refuse_words=["boost_usr_prod", "tesi_ztesta", "/homes/ztesta", "qwen3vl_env"],
         assumptions=["qwen3vl_slt, logs/ files, -A tesi_ztesta, boost_usr_prod, --gres=gpu:2, 8 CPUs, 48G, 4 h: the site anaconda3 "
                      "module, `source activate qwen3vl_env`, cd /homes/ztesta/..., PYTHONPATH, mkdir -p logs, MASTER_PORT from $RANDOM, "
                      "`torchrun --nproc_per_node=2 --master_port=$MASTER_PORT src/training/train_qwen3vl.py` (no final newline). "
                      "Right: 2 workers on one node with 2 GPUs, the random port kept, the env and /homes paths named, the account "
                      "and partition replaced."]),
    case(fam("berzelius-uv-torchrun-arg-parse", "slurm"),
         "codeset-ai/CodeRepairRL", "train_job.sh",
         "NSC Berzelius (account berzelius-2025-72, -C fat)", "nsc-berzelius",
         ["uv-run-torchrun", "argument-parsing-loop", "gpus-flag-vs-gres", "curl-install-in-job", "chdir-directive", "copy-results-after",
          "constraint-fat", "hydra-experiment-override"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="$SCRIPT", args=["+experiment=$CONFIG"],
         keep_text=["uv run torchrun --nproc_per_node=$NUM_GPUS $SCRIPT +experiment=$CONFIG", "--gpus)", 'SCRIPT="src/train_grpo.py"'],
         setup=[S("mkdir -p logs"), S("curl -LsSf https://astral.sh/uv/install.sh | sh"), S('export PATH="$HOME/.local/bin:$HOME/.cargo/bin:$PATH"'),
                S("cp -r /scratch/local/$SLURM_JOB_ID/results /proj/berzelius-2025-72/users/x_bjabj/", keep="required")],
         source_only=["module load buildenv-gcccuda/12.1.1-gcc12.3.0", "-C fat", "--gres=gpu:a100:1"],
         workdir="/proj/berzelius-2025-72/users/x_bjabj",
         accounts=["berzelius-2025-72"],
         refuse_words=["--gpus", "NUM_GPUS", "uv", "/proj/berzelius-2025-72", "curl"],
         assumptions=["ttc, -A berzelius-2025-72, 1 node, 1 task, 8 CPUs, --gres=gpu:a100:1, 128G, 10 min, partition gpu, -D /proj/..., -C fat, "
                      "mail: echoes, mkdir -p logs, buildenv-gcccuda module, uv installed with curl when missing (needs network), PATH, "
                      "defaults SCRIPT=src/train_grpo.py CONFIG=base_grpo_config NUM_GPUS=1, a while/case loop over the job's "
                      "arguments (--config, --unsloth, --gpus N; the comment says the gres must be changed by hand to match), `uv run "
                      "torchrun --nproc_per_node=$NUM_GPUS $SCRIPT +experiment=$CONFIG`, then cp of /scratch/local/$SLURM_JOB_ID/results "
                      "to /proj. Right: 1 worker on 1 GPU by default, the argument loop kept (PBS has no job arguments: -v/-F or an "
                      "ask), --gpus said to need a matching GPU request, uv kept with the network need said, $SLURM_JOB_ID mapped, the "
                      "/proj and /scratch/local paths named as Berzelius's."]),
    case(fam("wustl-condo-pycache-clear-openvla", "slurm"),
         "andrewhaggstrom0/openvla-finetuning", "train_job.sh",
         "Washington University in St. Louis (condo partition condo-cse5100; assumed from the mail)", "wustl-condo",
         ["find-delete-cache", "pythonpath-user-site", "hf-home-export", "alloc-conf-export", "typed-gres", "course-condo"],
         launch_model="single", launcher="none", total_ranks=1, nodes=1, gpus_per_node=1,
         program="train.py", args=[],
         keep_text=["python3 train.py"],
         setup=[S('export HF_HOME="/home/compute/a.haggstrom/.cache/huggingface"'), S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
                S('export PYTHONPATH="/home/compute/a.haggstrom/.local/lib/python3.9/site-packages:$PYTHONPATH"'),
                S('find ~/.cache/huggingface/modules -name "*.pyc" -delete 2>/dev/null'), S("cd /home/compute/a.haggstrom/openvla_project")],
         source_only=["-p condo-cse5100", "--gres=gpu:a100-sxm4:1"],
         accounts=["engr-acad-cse5100"],
         refuse_words=["condo-cse5100", "/home/compute", "python3.9", "a100-sxm4"],
         assumptions=["condo-cse5100, --gres=gpu:a100-sxm4:1, 40G, 4 CPUs, 16 h, -J openvla_train, -A engr-acad-cse5100, -o under "
                      "/home/compute/a.haggstrom, mail: echoes and nvidia-smi, HF_HOME, PYTORCH_CUDA_ALLOC_CONF, PYTHONPATH to the user's "
                      "python3.9 site-packages, two find commands clearing cached bytecode, cd to the project, `python3 train.py`, an "
                      "end echo. Right: 1 process on 1 GPU, the exports and cache clearing kept in order, the python3.9 user site "
                      "named (the target's python3 must be 3.9 for it), the account and partition replaced."]),
    case(fam("unil-torchrun-gpus-on-node-lightning", "slurm"),
         "DessimozLab/ESM3di", "slurm_train.sh",
         "University of Lausanne (DessimozLab; partition gpu, the cluster not named)", "unil-dessimoz",
         ["torchrun-standalone-from-slurm-gpus", "lightning-ddp-args", "one-task-four-gpus", "commented-env-activation", "nccl-exports",
          "echo-banner"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, nodes=1, gpus_per_node=4,
         program="esmretrain_lightning.py",
         args=["--config", '"$CONFIG_FILE"', "--devices", "$NUM_GPUS", "--num-nodes", "1", "--strategy", "ddp", "--precision", "bf16-mixed",
               "--num-workers", "$SLURM_CPUS_PER_TASK"],
         keep_text=["NUM_GPUS=${SLURM_GPUS_ON_NODE:-1}", "--nproc_per_node=$NUM_GPUS", 'CONFIG_FILE="config_example.json"'],
         topology_args=[T("--devices", "$NUM_GPUS", "gpus_per_node"), T("--num-nodes", "1", "nodes")],
         setup=[S("mkdir -p logs"), S("export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK"), S("export MKL_NUM_THREADS=$SLURM_CPUS_PER_TASK"),
                S("export NCCL_DEBUG=INFO"), S("export NCCL_IB_DISABLE=0"), S("export NCCL_NET_GDR_LEVEL=2")],
         source_only=["--partition=gpu"],
         strategy="ddp", strategy_in_script=True, framework="lightning",
         refuse_words=["SLURM_GPUS_ON_NODE", "NUM_GPUS", "environment", "venv"],
         assumptions=["esm3di_train, logs/ files, 1 node, 1 task, 8 CPUs, --gres=gpu:4, 48 h, 128G, partition gpu: echoes of Slurm variables, "
                      "mkdir -p logs, module and env activation lines all commented, OMP/MKL threads from SLURM_CPUS_PER_TASK, NCCL "
                      "exports, NUM_GPUS=${SLURM_GPUS_ON_NODE:-1}, `torchrun --standalone --nnodes=1 --nproc_per_node=$NUM_GPUS "
                      "esmretrain_lightning.py --config \"$CONFIG_FILE\" --devices $NUM_GPUS --num-nodes 1 --strategy ddp ...`. Right: 4 "
                      "workers on one node with 4 GPUs, SLURM_GPUS_ON_NODE and SLURM_CPUS_PER_TASK mapped on a PBS target (else NUM_GPUS "
                      "falls to 1), --devices kept equal to the workers, the env named (none activated)."]),
    case(fam("nersc-cori-gpu-srun-positional", "slurm"),
         "C3-ASV-Team/pytorch-cifar", "train_cgpu.sh",
         "NERSC Cori GPU (retired; -q regular -C gpu with the Cori-era pytorch/v1.5.0-gpu module, 2020 commit; the same words as Perlmutter's)", "nersc-cori-gpu",
         ["positional-passthrough", "srun-single-task", "site-pytorch-module", "three-minute-limit", "user-in-output-name", "disabled-mail-directive",
          "dataparallel-program"],
         launch_model="single", launcher="srun", total_ranks=1, nodes=1, gpus_per_node=1,
         program="main.py", args=["$1"],
         keep_text=["srun python main.py $1"],
         source_only=["module load pytorch/v1.5.0-gpu", "--constraint=gpu", "--qos=regular"],
         refuse_words=["$1", "pytorch/v1.5.0-gpu", "Cori", "positional"],
         assumptions=["-q regular, -C gpu, 1 node, --gpus=1, 3 min, 10 CPUs a task, 1 task, --output=%j-%x.%u.out, job name cifar (mail "
                      "disabled with ##): module pytorch/v1.5.0-gpu (a Cori GPU module, 2020; a conda line commented), `srun python "
                      "main.py $1` (the first sbatch argument passed on, e.g. --lr 0.01 or --resume). Right: 1 process on 1 GPU, $1 "
                      "kept as a submit-time input (PBS: -F or -v, or an ask), %u/%x/%j mapped or said, the old module replaced with "
                      "the target's PyTorch and a note; on Perlmutter the -q/-C words are the same but the module is gone."]),

]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
