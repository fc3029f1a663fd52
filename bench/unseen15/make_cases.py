# ruff: noqa: E501  (hand-written case facts: long prose strings)
"""Write bench/unseen15/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF,
SGE and PJM sources: any three are of another family). Same rules as bench/unseen12..unseen14
(bench/unseen6/make_common.py).
Usage: python bench/unseen15/make_cases.py /work/cache/unseen15 bench/unseen15/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

#: Fujitsu PJM is of neither family: any three targets, as for LSF and SGE sources.
PJM = "sge"

CASES = [
    case(fam("abci3-pbs-rt-hf-select5-mpirun-hostfile-dist-run-wrapper-lightning", "pbs"),
         "AtsushiMiyashita317/3dshapes", "run_multinode.sh",
         "AIST ABCI 3.0 (PBS Pro, queue rt_HF: a whole 8-GPU H200 node per chunk; group gah51684)",
         "abci3",
         ["mpirun-one-per-node", "user-wrapper-torchrun", "nodefile-master", "select-count-only",
          "lightning-strategy-args", "module-hpcx", "venv-relative", "vars-for-args"],
         launch_model="launcher", launcher="mpirun", total_ranks=40, nodes=5, gpus_per_node=8,
         program="clnf.py",
         args=["${ckpt_predictor}", "--batch_size", "${batch_size}", "--num_workers",
               "${num_workers}", "--strategy", "${strategy}", "--backend", "${backend}",
               "--num_nodes", "${nnodes}", "--devices", "${gpus_per_node}", "--lr", "${lr}",
               "--resume", "${resume}"],
         strategy="ddp", strategy_in_script=True,
         vars={"gpus_per_node": "8", "strategy": '"ddp"', "backend": '"nccl"', "batch_size": "10000"},
         setup=[S("cd $PBS_O_WORKDIR", "required"), S("source venv/bin/activate")],
         keep_text=["./dist_run.sh ${gpus_per_node} ${master_addr}"],
         source_only=["rt_HF", "module load hpcx/2.20", "mpirun --hostfile $PBS_NODEFILE -np $nnodes"],
         accounts=["gah51684"],
         refuse_words=["dist_run.sh", "wrapper", "torchrun", "OMPI_COMM_WORLD_RANK", "rt_HF", "8 GPUs"],
         assumptions=["ABCI 3.0 PBS (-l select=5, -q rt_HF: 5 whole nodes of 8 GPUs, -P gah51684, "
                      "24 h): cd $PBS_O_WORKDIR, shell variables for the arguments, a relative venv, "
                      "module hpcx, the master from `sort -u $PBS_NODEFILE`, then `mpirun --hostfile "
                      "$PBS_NODEFILE -np $nnodes ./dist_run.sh 8 $master_addr clnf.py ...` (one "
                      "rank a node; the user's dist_run.sh runs torchrun with the node rank from "
                      "OMPI_COMM_WORLD_RANK and 8 processes a node: 40 Lightning DDP ranks). Right: "
                      "40 ranks as 5x8 (or the target's nodes of 4 with the same total, with a "
                      "note) keeping the wrapper or naming it (ask), every argument kept; never "
                      "-np 5 read as 5 ranks."]),
    case(fam("nus-soc-titanrtx-2-nodes-srun-accelerate-launcher-var-c10d", "slurm"),
         "albertxwz/CS5242_project", "run_multinode.sh",
         "National University of Singapore School of Computing cluster (partition long, gres "
         "titanrtx)", "nus-soc",
         ["accelerate-multi-node", "launch-cmd-in-var", "srun-one-per-node", "c10d-rendezvous",
          "no-machine-rank", "walltime-5-days", "source-bashrc", "commented-alternative",
          "no-final-newline"],
         launch_model="launcher", launcher="accelerate", total_ranks=2, nodes=2, gpus_per_node=1,
         program="src/train.py",
         args=["--dataset_name", "all", "--save_dir", "models/all_2", "--batch_size", "4",
               "--image_height", "64", "--image_width", "320", "--color_mode", "grayscale"],
         strategy="ddp", strategy_in_script=False,
         vars={"GPUS_PER_NODE": "1"},
         setup=[S("source ~/.bashrc"), S("conda activate CS5242"), S("cd ~/codes/markup2im"),
                S("export NCCL_BLOCKING_WAIT=1")],
         keep_text=["--mixed_precision fp16"],
         source_only=["gpu:titanrtx:1", "-p long"],
         refuse_words=["machine_rank", "LAUNCHER", "5 days", "5-00:00:00", "rendezvous"],
         assumptions=["2 nodes, 1 task a node, 16 CPUs, --gres=gpu:titanrtx:1, 5 days: bashrc, "
                      "conda, cd ~/codes/markup2im, NCCL exports, head node from scontrol, LAUNCHER "
                      "holds `accelerate launch --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) "
                      "--num_machines $SLURM_NNODES --rdzv_backend c10d --main_process_ip ... "
                      "--main_process_port 29500 --mixed_precision fp16` (expanded in the batch "
                      "shell), then `srun $LAUNCHER src/train.py ...` (one accelerate a node, the "
                      "c10d rendezvous giving node ranks). Right: 2 ranks as 2x1 with one launcher "
                      "a node and a rendezvous endpoint, every argument kept, the 5-day walltime "
                      "cut to the target's limit with a note."]),
    case(fam("cmu-flame-4-nodes-gres8-ray-head-workers-srun-block-then-bash-grpo", "slurm"),
         "j1mk1m/e3", "run_multinode.sh",
         "a CMU lab cluster (partition preempt, /project/flame, /home/gyeongwk)", "cmu-flame",
         ["ray-cluster-in-job", "user-wrapper", "srun-background-block", "srun-cd-ampersand-bug",
          "unset-status-var", "abs-conda-bin", "mail-placeholder"],
         launch_model="single", launcher="unknown", total_ranks="unknown", nodes=4, gpus_per_node=8,
         program="$JOB_SCRIPT_NAME", args=[], expect="refuse",
         vars={"JOB_WORKING_DIR": '"/home/gyeongwk/e3"',
               "JOB_SCRIPT_NAME": '"$JOB_WORKING_DIR/scripts/grpo/grpo.sh"'},
         setup=[S("export EPOCHS=20"), S("export NNODES=4")],
         source_only=["/home/gyeongwk/miniconda3/envs/verl/bin/ray", "preempt",
                      "--gres=gpu:8"],
         refuse_words=["ray", "Ray", "grpo.sh", "JOB_SCRIPT_NAME", "wrapper", "bash"],
         assumptions=["4 nodes, 1 task a node, 96 CPUs, --gres=gpu:8, 1024G, 48 h: experiment "
                      "exports, a Ray head started with `srun ... -w $head_node .../ray start "
                      "--head ... --block &`, workers started the same way in a loop, sleeps, "
                      "`ray status`, then `srun ... -w \"$head_node\" cd $JOB_WORKING_DIR & bash "
                      "$JOB_SCRIPT_NAME` (the `&` backgrounds an srun of `cd`; the user's "
                      "grpo.sh runs in the batch shell) and `wait`. The training program is in "
                      "scripts/grpo/grpo.sh, not in the job. Right: a refusal naming the Ray "
                      "cluster and the wrapper (or a port that keeps the Ray bring-up and the "
                      "wrapper verbatim with a note); never an invented launch."]),
    case(fam("pbs-pascalq-select-ngpus2-source-activate-make-target-config-env", "pbs"),
         "ss15859/AutoSTPP", "pbs_job.sh",
         "a PBS Pro cluster (queue pascalq: Pascal GPUs)", "pbs-pascalq",
         ["make-target-wrapper", "config-from-qsub-env", "source-activate", "cd-pbs-workdir",
          "echo-cvd"],
         launch_model="single", launcher="unknown", total_ranks="unknown", gpus_per_node=2,
         program="run_stpp_earthquakeNPP", args=["config=$CONFIG"], expect="refuse",
         setup=[S("cd $PBS_O_WORKDIR", "required"), S("source activate earthquakeNPP")],
         source_only=["pascalq", "select=1:ncpus=8:ngpus=2"],
         refuse_words=["make", "Makefile", "CONFIG", "run_stpp_earthquakeNPP"],
         assumptions=["PBS Pro (-q pascalq, select=1:ncpus=8:ngpus=2, 12 h): cd $PBS_O_WORKDIR, "
                      "module list, echo CUDA_VISIBLE_DEVICES, source activate earthquakeNPP, "
                      "`make run_stpp_earthquakeNPP config=$CONFIG` (the program is in the "
                      "Makefile; CONFIG comes from qsub -v). Right: a refusal or a kept make line "
                      "naming the Makefile and CONFIG as a submit-time variable."]),
    case(fam("idaho-gpu-8-etc-profile-modules-home-venv-set-e-python3-train", "slurm"),
         "bertybaums/mnist-pytorch", "submit.slurm",
         "a university Slurm cluster (partition gpu-8; modules python/3.11.11, cuda/12.8; the "
         "owner is at the University of Idaho)", "uidaho",
         ["env-shebang", "source-etc-profile", "set-e", "venv-home", "cd-submit-dir", "echo-banners"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         setup=[S("source /etc/profile"), S('source "$HOME/venvs/mnist/bin/activate"'),
                S("mkdir -p logs"), S('cd "$SLURM_SUBMIT_DIR"')],
         source_only=["gpu-8", "module load python/3.11.11", "module load cuda/12.8"],
         refuse_words=["gpu-8", "python/3.11.11"],
         assumptions=["1 GPU (--gres=gpu:1), 4 CPUs, 16G, 1 h, partition gpu-8: source "
                      "/etc/profile, set -e, python and cuda modules, a venv under $HOME, mkdir "
                      "logs, echo banners, cd $SLURM_SUBMIT_DIR, `python3 train.py`. Right: 1 "
                      "process on 1 GPU, the venv and cd kept (SLURM_SUBMIT_DIR mapped on a PBS "
                      "target), the modules replaced."]),
    case(fam("reu-two-tasks-one-gpu-enforce-binding-anaconda-cvd0-prefix-python3-u", "slurm"),
         "ian19-8-1/UCF101-I3D", "submit.slurm",
         "a university Slurm cluster (REU program; modules gcc-8.3.0, anaconda3, cuda-10.2)",
         "reu-lab",
         ["env-prefix-cvd", "ntasks-2-one-process", "gres-flags-enforce-binding",
          "misleading-comments", "source-activate", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="Main.py", args=[],
         setup=[S("source activate reu2021")],
         keep_text=["CUDA_VISIBLE_DEVICES=0 python3 -u Main.py"],
         source_only=["module load gcc/gcc-8.3.0", "module load anaconda/anaconda3",
                      "module load cuda/cuda-10.2", "--gres-flags=enforce-binding"],
         refuse_words=["ntasks=2", "CUDA_VISIBLE_DEVICES", "two tasks", "2 tasks"],
         assumptions=["1 node, --ntasks=2 with 2 CPUs each but one process started in the batch "
                      "shell, --gres=gpu:1 with enforce-binding, 1 day: three modules, nvidia-smi "
                      "topo, source activate reu2021, `CUDA_VISIBLE_DEVICES=0 python3 -u Main.py` "
                      "(no final newline). Right: 1 process on 1 GPU with the env prefix kept, the "
                      "modules replaced; the unused second task dropped or noted."]),
    case(fam("four-nodes-a10x4-heredoc-gpustat-srun-bash-c-torch-distributed-run-deepspeed", "slurm"),
         "sizzflair97/AutocompleteLM", "launch.slurm",
         "a Slurm cluster (partition gpu2, gres a10:4, CUDA/11.3.0 module, ~/miniconda3)",
         "lab-a10",
         ["empty-nodes-directive", "empty-job-name", "heredoc-in-var", "srun-bash-c",
          "torch-distributed-run", "node-rank-procid", "deepspeed-config-arg",
          "dollar-paren-typo", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks="unknown", nodes=None,
         gpus_per_node=4, program="train.py", args=["--deepspeed", "ds_config.json"],
         strategy="deepspeed", strategy_in_script=True,
         vars={"GPUS_PER_NODE": "4", "MASTER_PORT": "1479"},
         setup=[S("source ~/miniconda3/bin/activate ~/miniconda3/envs/torch")],
         source_only=["gpu:a10:4", "module load CUDA/11.3.0", "module rm CUDA", "gpu2"],
         refuse_words=["--nodes", "node count", "nodes", "bash -c", "gpustat", "SLURM_PROCID"],
         assumptions=["--nodes= and --job-name= are empty (sbatch rejects or the node count is "
                      "unknown), 1 task a node, 56 CPUs, --gres=gpu:a10:4: module rm/load CUDA, a "
                      "miniconda activate, MASTER_ADDR from scontrol, MONITOR_GPU_SCRIPT from an "
                      "unquoted heredoc (gpustat to a per-host file, backgrounded), SRUN_SCRIPT in "
                      "single quotes = `python -m torch.distributed.run --nproc_per_node "
                      "$GPUS_PER_NODE --nnodes $SLURM_NNODES --node_rank $SLURM_PROCID ... train.py "
                      "--deepspeed ds_config.json`, then `srun --jobid $SLURM_JOBID bash -c "
                      "\"${MONITOR_GPU_SCRIPT}${SRUN_SCRIPT}\"` (one launcher a node, the node "
                      "rank expanded per task). Right: ask for the node count (or refuse naming "
                      "it); a port must keep 4 processes a node with one launcher a node and a "
                      "per-node rank, the bash -c body understood or named."]),
    case(fam("ufal-charles-g1-gpuram-constraint-two-partitions-positional-model-name", "slurm"),
         "chbridges/malach-ner", "sbatch_train.sh",
         "UFAL, Charles University Prague (partitions gpu-ms,gpu-troja; -C gpuram24G|gpuram48G)",
         "ufal-cuni",
         ["positional-arg", "usage-guard", "gpu-memory-constraint", "two-partitions", "-G-total-gpus",
          "set-e"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_ner.py", args=["--model_name", '"$1"'],
         setup=[],
         source_only=["gpu-ms,gpu-troja", "gpuram24G|gpuram48G"],
         refuse_words=["$1", "positional", "gpuram", "model_name"],
         assumptions=["-N 1, -c 1, -G 1, -C \"gpuram24G|gpuram48G\", 16G: set -e, a guard that "
                      "exits unless a positional argument is given, `python train_ner.py "
                      "--model_name \"$1\"` ($1 from `sbatch script ARG`). Right: 1 process on 1 "
                      "GPU with \"$1\" kept and named (qsub passes no positional arguments: -v or "
                      "-F on PBS), the GPU-memory constraint named as source-only."]),
    case(fam("clemson-palmetto-gpus-per-task-v100s-anaconda-cd-scratch-run-sh-wrapper", "slurm"),
         "grbagwe/radarize_ae", "sbatch_train.sh",
         "Clemson Palmetto (--gpus-per-task v100s:1, /scratch)", "clemson-palmetto",
         ["user-wrapper", "gpus-per-task-typed", "source-activate", "cd-scratch", "job-builder-url"],
         launch_model="single", launcher="unknown", total_ranks="unknown", gpus_per_node=1,
         program="./run.sh", args=[], expect="refuse",
         setup=[S("source activate radarize_ae"),
                S("cd /scratch/gbagwe/Projects/radar_slam/radarize_ae")],
         source_only=["v100s:1", "module load anaconda3"],
         refuse_words=["run.sh", "wrapper"],
         assumptions=["1 node, 1 task, 32 CPUs, 128gb, --gpus-per-task v100s:1, 8 h: anaconda3 "
                      "module, source activate, cd /scratch/gbagwe/..., then `./run.sh` (the "
                      "program is in the user's run.sh). Right: a refusal naming run.sh, or the "
                      "wrapper kept verbatim with the GPU request mapped and a note."]),
    case(fam("ucsb-cs-gres1-absolute-output-cd-student-dir-python-train", "slurm"),
         "simony05/cs190i_prog1", "sbatch_train.sh",
         "UCSB Computer Science (a course cluster; /cs/student paths)", "ucsb-cs",
         ["chdir-dot", "absolute-output-paths", "cd-absolute", "course-project"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         setup=[S("cd /cs/student/simonryan/cs190i/cs190i_prog1/split7_box2")],
         source_only=["/cs/student/simonryan/cs190i/cs190i_prog1/sbatch/O-%x.%j"],
         refuse_words=["/cs/student"],
         assumptions=["1 node, 1 task, 4 CPUs, --gres=gpu:1, 2 h, -D ., output/error under "
                      "/cs/student/...: cd to an absolute course directory, `python train.py`. "
                      "Right: 1 process on 1 GPU, the cd kept with the /cs/student paths flagged "
                      "(not on the target)."]),
    case(fam("illinois-torque-nano-node-ppn2-gpus1-source-activate-tf-python-path", "pbs"),
         "Chen-Yifan/DEM_segmentation", "job.pbs",
         "University of Illinois (Torque: nodes=nano2:ppn=2:gpus=1, the NCSA nano cluster)",
         "illinois-nano",
         ["torque-source", "node-name-in-nodes", "no-cd-workdir", "relative-program-from-home",
          "mail-directives", "tensorflow-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="segmentation/DEM_segmentation/cv_multi_main.py", args=[], framework="tensorflow",
         setup=[S("source activate tf3.6-v2")],
         source_only=["nodes=nano2:ppn=2:gpus=1"],
         refuse_words=["nano2", "Torque", "PBS_O_WORKDIR", "home directory", "$HOME"],
         assumptions=["Torque (-l nodes=nano2:ppn=2:gpus=1: a named node, 8 h, -k o, mail): "
                      "source activate tf3.6-v2, `python segmentation/DEM_segmentation/"
                      "cv_multi_main.py` with no cd (Torque starts the job in $HOME, so the path is "
                      "relative to home). Right: 1 process on 1 GPU, the node pin dropped with a "
                      "note, the start directory named (Slurm starts in the submit directory)."]),
    case(fam("nus-volta-gpu-singularity-exec-bash-heredoc-redirect-jobid", "pbs"),
         "ChewKinWhye/ML_Fairness", "job.pbs",
         "NUS HPC (PBS Pro, queue volta_gpu, /app1 Singularity images)", "nus-hpc",
         ["singularity-exec-bash-heredoc", "six-runs-in-container", "redirect-pbs-jobid",
          "cd-pbs-workdir-semicolon", "unused-np", "project-name-as-account"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="experiment_increasing_model_size_Percy.py",
         args=["--results_file", "experiment_increasing_model_size_percy.csv"],
         other_runs=[R("experiment_increasing_imbalance_Percy.py",
                       ["--results_file", "experiment_increasing_imbalance_percy.csv"]),
                     R("experiment_increasing_model_size_LinJun.py",
                       ["--results_file", "experiment_increasing_model_size_linjun_both_group.csv"]),
                     R("experiment_increasing_imbalance_LinJun.py",
                       ["--results_file", "experiment_increasing_imbalance_linjun_both_group.csv"]),
                     R("experiment_increasing_model_size_LinJun.py",
                       ["--mode_grouping", "color", "--results_file",
                        "experiment_increasing_model_size_linjun_color_group.csv"]),
                     R("experiment_increasing_imbalance_Linjun.py",
                       ["--mode_grouping", "color", "--results_file",
                        "experiment_increasing_imbalance_linjun_color_group.csv"])],
         container_image="/app1/common/singularity-img/3.0.0/"
                         "pytorch_1.9_cuda_11.3.0-ubuntu20.04-py38-ngc_21.04.simg",
         setup=[S("cd $PBS_O_WORKDIR", "required")],
         keep_text=["> stdout.$PBS_JOBID 2> stderr.$PBS_JOBID"],
         source_only=["volta_gpu", "/app1/common/singularity-img/3.0.0/"
                      "pytorch_1.9_cuda_11.3.0-ubuntu20.04-py38-ngc_21.04.simg"],
         accounts=["Effect_of_increasing_model_size"],
         refuse_words=["singularity", "heredoc", "container", "<< EOF", "PBS_JOBID"],
         assumptions=["PBS Pro (-P Effect_of_increasing_model_size, -q volta_gpu, "
                      "select=1:ncpus=10:mem=80gb:ngpus=1, 24 h): cd $PBS_O_WORKDIR;, np from the "
                      "node file (unused), then `singularity exec $image bash << EOF > "
                      "stdout.$PBS_JOBID 2> stderr.$PBS_JOBID` whose heredoc runs six python "
                      "experiments in turn inside the NUS image. Right: the six runs kept in order "
                      "inside the container (image flagged: /app1 is NUS's), the redirects mapped "
                      "to the target's job id, or a refusal naming the heredoc body (ask); never "
                      "one run only, never the runs moved outside the container silently."]),
    case(fam("pbs-gpu-a40-project-code-source-activate-cd-twice-python-train", "pbs"),
         "Devininthelab/assignment_kaist_diffusion", "job.pbs",
         "a PBS Pro cluster (queue gpu_a40, project code gs_slab_h100)", "pbs-a40",
         ["double-hash-comments", "source-activate", "cd-pbs-workdir", "cd-relative-subdir",
          "walltime-72h", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["--use_cfg"],
         setup=[S("source activate ddpm"), S("cd $PBS_O_WORKDIR", "required"),
                S("cd image_diffusion_todo", "required")],
         source_only=["gpu_a40", "select=1:ncpus=8:ngpus=1:mem=100GB"],
         accounts=["gs_slab_h100"],
         refuse_words=["72:00:00", "72 h", "gpu_a40", "walltime"],
         assumptions=["PBS Pro (-P gs_slab_h100, -q gpu_a40, select=1:ncpus=8:ngpus=1:mem=100GB, "
                      "72 h): source activate ddpm, cd $PBS_O_WORKDIR then cd "
                      "image_diffusion_todo, `python train.py --use_cfg` (no final newline). "
                      "Right: 1 process on 1 GPU with both cds in order, the project replaced, "
                      "72 h cut to the target's limit with a note."]),
    case(fam("nci-gadi-gpuvolta-storage-wd-software-no-bang-shebang-long-args", "pbs"),
         "EricBoittier/graph-neural-networks-for-drug-discovery", "job.pbs",
         "NCI Gadi (PBS Pro, queue gpuvolta, project ho87, -l storage and -l wd)", "nci-gadi",
         ["not-a-shebang", "pbs-l-wd", "pbs-storage", "pbs-software", "ncpus-per-gpu-rule",
          "long-arg-list", "repeated-flag"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["ENNS2V", "--train-set", "data/train.csv.gz", "--valid-set",
               "data/validate.csv.gz", "--test-set", "data/test.csv.gz", "--loss",
               "MaskedMultiTaskCrossEntropy", "--score", "roc-auc", "--s2v-lstm-computations", "9",
               "--out-hidden-dim", "150", "--logging", "more", "--epochs", "20", "--learn-rate",
               "0.0001", "--savemodel", "--savemodel"],
         setup=[S("source activate my-rdkit-env")],
         source_only=["gpuvolta", "storage=scratch/ho87", "software=PyTorch"],
         accounts=["ho87"],
         refuse_words=["-l wd", "storage", "gpuvolta", "Gadi", "ncpus=12"],
         assumptions=["`#/bin/bash` (not a shebang), Gadi PBS (-P ho87, -q gpuvolta, ncpus=12, "
                      "ngpus=1, 100GB, 48 h, -l software=PyTorch, -l wd, -l storage=scratch/ho87): "
                      "source activate my-rdkit-env, `python train.py ENNS2V ... --savemodel "
                      "--savemodel` (one line). Right: 1 process on 1 GPU with every argument in "
                      "order (the repeated flag too), -l wd read as 'start in the submit "
                      "directory', storage/software named as Gadi-only."]),
    case(fam("nscc-aspire1-ngpus4-miniconda-scratch-cd-train-sh-wrapper", "pbs"),
         "adnan-azmat/Blind-Face-Super-Resolution", "job.pbs",
         "NSCC Singapore ASPIRE 1 (PBS Pro, queue normal, project Personal; NTU home paths)",
         "nscc-aspire1",
         ["user-wrapper", "miniconda-activate-path", "cd-absolute-scratch", "no-final-newline"],
         launch_model="single", launcher="unknown", total_ranks="unknown", gpus_per_node=4,
         program="./train.sh", args=[], expect="refuse",
         setup=[S("source /home/users/ntu/adnan002/scratch/miniconda3/bin/activate srgan"),
                S("cd /home/users/ntu/adnan002/scratch/repos/proacv2/Real-ESRGAN")],
         source_only=["select=1:ncpus=16:mem=25gb:ngpus=4"],
         accounts=["Personal"],
         refuse_words=["train.sh", "wrapper"],
         assumptions=["PBS Pro (-q normal, select=1:ncpus=16:mem=25gb:ngpus=4, ~21 h, -P "
                      "Personal): a miniconda activate by absolute path, cd into Real-ESRGAN, "
                      "`./train.sh` (no final newline; the launch is in the user's train.sh). "
                      "Right: a refusal naming train.sh, or the wrapper kept verbatim on 4 GPUs "
                      "with a note."]),
    case(fam("lsf-gpu-queue-hname-pin-n40-anaconda-module-python-backgrounded-no-wait", "lsf"),
         "Zzzz-Jonathan/cavity_flow", "run.lsf",
         "SUSTech Taiyi (LSF, queue gpu, host gpu02; /work/mae-zhangds)", "sustech-taiyi",
         ["lsf-source", "no-shebang", "host-pin", "no-gpu-count", "background-without-wait",
          "abs-program-path", "slots-40"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/work/mae-zhangds/taiyi_cavity_flow/train.py", args=[],
         setup=[S("source activate my_env")],
         source_only=["select[hname='gpu02']", "module load python/anaconda3/5.2.0", "-q gpu"],
         refuse_words=["&", "background", "wait", "gpu02", "LSF", "GPU count"],
         assumptions=["LSF, no shebang (-q gpu, -n 40, -R select[hname='gpu02'], no -gpu "
                      "request: the GPU comes from the queue): anaconda module, source activate, "
                      "`python /work/.../train.py &` as the last line with no wait (the job ends "
                      "at once and the run is killed). Right: 1 process on 1 GPU run in the "
                      "foreground (or with a wait) with a note on the '&', the host pin dropped, "
                      "the GPU count asked or assumed with a note, the /work path flagged."]),
    case(fam("kyushu-ito-pjm-vnode4-mpirun-ppr-pjrsh-chainer-multi-node", PJM),
         "t4bt/typhoon", "train_multi_node.sh",
         "Kyushu University ITO subsystem B (Fujitsu PJM, rscgrp ito-g-16: 4 GPUs a node)",
         "kyushu-ito",
         ["pjm-source", "mpirun-per-rank", "conflicting-n-np", "ppr-map-by", "pjrsh-agent",
          "module-unload-after", "chainermn"],
         launch_model="per_rank", launcher="mpirun", total_ranks=16, nodes=4, gpus_per_node=4,
         program="train_multi_node.py",
         args=["-b", "64", "-e", "200", "-o", "cnn3_multi_node", "--communicator",
               "'non_cuda_aware'"],
         framework="chainer",
         source_only=["rscgrp=ito-g-16", "--mca plm_rsh_agent /bin/pjrsh",
                      "-machinefile ${PJM_O_NODEINF}", "module load openmpi/1.10.7",
                      "module load cuda/8.0 hdf5/1.10.1-threads"],
         refuse_words=["PJM", "pjrsh", "PJM_O_NODEINF", "-np 16", "Chainer"],
         assumptions=["Fujitsu PJM (rscunit ito-b, rscgrp ito-g-16, vnode=4, vnode-core=36, 4 h, "
                      "-j, -X): cuda/hdf5/openmpi modules, `mpirun -n 4 -np 16 --map-by "
                      "ppr:4:node --mca plm_rsh_agent /bin/pjrsh -machinefile ${PJM_O_NODEINF} "
                      "python train_multi_node.py ...` (16 ChainerMN ranks, 4 a node; -n and -np "
                      "conflict, the last wins), modules swapped back. Right: 16 ranks as 4x4 "
                      "with the target's MPI launcher, the PJM header read (or a refusal naming "
                      "it), pjrsh and PJM_O_NODEINF dropped with a note, every argument kept."]),
    case(fam("two-nodes-srun-ntasks-world-size-torchrun-node-rank-procid-modules", "slurm"),
         "katiekeegan/PDFParameterInference", "slurm_ddp.sh",
         "a Slurm cluster (partition gpu; modules cuda/11.3.1, python, pytorch/1.10)", "lab-gpu",
         ["srun-torchrun-per-task", "node-rank-procid-batch-expanded", "ntasks-world-size",
          "gpus-per-node-var", "static-master"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=2, gpus_per_node=4,
         program="train.py", args=[], strategy="ddp", strategy_in_script=False,
         vars={"MASTER_PORT": "12355"},
         source_only=["module load cuda/11.3.1", "module load pytorch/1.10"],
         refuse_words=["SLURM_PROCID", "node_rank", "ntasks", "one torchrun per node", "32"],
         assumptions=["2 nodes, 4 tasks a node, --gpus-per-node=4, 6 CPUs a task, 4 h: modules, "
                      "MASTER_ADDR from scontrol, WORLD_SIZE=8, then `srun --nodes=2 --ntasks=8 "
                      "torchrun --nnodes=2 --nproc_per_node=$SLURM_GPUS_PER_NODE "
                      "--node_rank=$SLURM_PROCID --master_addr=... train.py` (8 torchruns of 4 "
                      "processes, and $SLURM_PROCID expanded once in the batch shell: every node "
                      "rank 0). Right: 8 ranks as 2x4 with one torchrun a node and a per-node "
                      "rank (or per-rank srun), with a note on the defect; or a refusal naming it; "
                      "never a copy that starts 32 processes."]),
    case(fam("reu-priority-gpus-per-task-a40-anaconda-module-venv-source-deactivate", "slurm"),
         "NewbieTed/cse-493s-hw2", "job.sbatch",
         "a university Slurm cluster (account priority-reu, partition gpupriority, A40; "
         "EasyBuild modules)", "reu-priority",
         ["gpus-per-task", "double-hash-comments", "module-anaconda-and-venv", "source-deactivate",
          "course-project"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         setup=[S("source venv/bin/activate"), S("source deactivate")],
         source_only=["module load Anaconda3/2020.07", "module load CUDA/11.1.1-GCC-10.2.0",
                      "gpupriority"],
         accounts=["priority-reu"],
         refuse_words=["priority-reu", "gpupriority"],
         assumptions=["1 node, 1 task, 8 CPUs, --gpus-per-task=1 (A40), 60000 MB, 16 h, account "
                      "priority-reu: Anaconda3 and CUDA modules, a relative venv, `python3 "
                      "train.py`, `source deactivate`. Right: 1 process on 1 GPU, the venv kept, "
                      "the modules and account replaced."]),
    case(fam("snellius-h100-gres4-miniforge-env-scripts-display-torchrun-standalone", "slurm"),
         "Ricvalp/icil-rlbench", "job.sbatch",
         "SURF Snellius (partition gpu_h100, /gpfs/home1)", "surf-snellius",
         ["torchrun-standalone", "site-env-scripts", "display-from-job-id", "abs-program-path",
          "config-flags", "generated-job-name", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="/gpfs/home1/rvalperga/icil-rlbench/icil/pretrain_perceiver_encoder_decoder_ddp.py",
         args=["--config=configs/pretrain_perceiver_encoder_decoder.py",
               "--config.model.encoder_name=traj_perceiver_v2",
               "--config.model.policy.context_attention_mode=two_ctx",
               "--config.train.batch_size=32",
               "--config.model.traj_perceiver_v2.tokenize_frames_chunked=False",
               "--config.wandb.enable=True", "--config.wandb.n_sample_steps=10000"],
         strategy="ddp", strategy_in_script=True,
         setup=[S("source ~/miniforge3/bin/activate"), S("conda activate icil-rlbench"),
                S("cd /gpfs/home1/rvalperga/icil-rlbench"), S("source env_snellius.sh"),
                S("source env_snellius_coppeliasim.sh"),
                S("export PYTHONPATH=/gpfs/home1/rvalperga/icil-rlbench"),
                S("export DISPLAY=:$((100 + SLURM_JOB_ID % 5000))")],
         source_only=["gpu_h100", "--gres=gpu:4"],
         refuse_words=["env_snellius", "SLURM_JOB_ID", "DISPLAY", "/gpfs/home1"],
         assumptions=["--partition=gpu_h100, --gres=gpu:4, 48 h (no task or CPU count): "
                      "miniforge + conda, cd /gpfs/home1/..., two user env scripts named for "
                      "Snellius, WANDB/PYTHONPATH exports, DISPLAY computed from SLURM_JOB_ID, "
                      "then `torchrun --standalone --nproc_per_node=4 /gpfs/.../"
                      "pretrain_perceiver_encoder_decoder_ddp.py --config=...` (no final newline). "
                      "Right: 4 ranks on 1 node, the env scripts kept and flagged as "
                      "Snellius-specific, SLURM_JOB_ID mapped on a PBS target, /gpfs paths "
                      "flagged."]),
    case(fam("tudelft-daic-gres-gpu-no-count-module-use-conda-prefix-srun-python", "slurm"),
         "mehulbhuradia/Enzymix", "job.sbatch",
         "TU Delft DAIC (partitions general,insy, qos long, /tudelft.net)", "tudelft-daic",
         ["sh-shebang", "gres-gpu-no-count", "module-use", "conda-prefix-env", "srun-one-task",
          "walltime-7-days"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["--wandb", "--tag", "500", "--num_steps", "500"],
         setup=[S("conda activate /tudelft.net/staff-umbrella/Enzymix/Enzymix/thesis")],
         source_only=["module use /opt/insy/modulefiles",
                      "module load cuda/12.2 cudnn/12-8.9.1.23 miniconda/3.10", "general,insy"],
         refuse_words=["168:00:00", "7 days", "/tudelft.net", "qos"],
         assumptions=["#!/bin/sh, 1 task, 8 CPUs, 64G a CPU, --gres=gpu (one GPU), qos long, "
                      "168 h: module use /opt/insy/modulefiles, cuda/cudnn/miniconda modules, a "
                      "conda env by prefix on /tudelft.net, `srun python train.py --wandb --tag "
                      "500 --num_steps 500`. Right: 1 process on 1 GPU, the env prefix flagged as "
                      "a DAIC path, the modules replaced, 7 days cut to the target's limit with a "
                      "note."]),
    case(fam("gatech-pace-combined-directive-a100-pip-install-srun-python", "slurm"),
         "Mayaaa311/LLMBugScanner", "job.sbatch",
         "Georgia Tech PACE (combined #SBATCH line, gres gpu:A100:1, no account)", "gatech-pace",
         ["several-options-one-directive", "no-space-short-options", "pip-install-in-job",
          "conda-deactivate-activate", "srun-one-task"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="src/main.py", args=[],
         setup=[S("conda deactivate"), S("conda activate BugScanner"),
                S("pip install langchain_core")],
         source_only=["module load anaconda3", "gpu:A100:1"],
         refuse_words=["pip install", "account", "-N1"],
         assumptions=["`#SBATCH -N1 --gres=gpu:A100:1 --ntasks-per-node=1 --mem-per-gpu=32G` "
                      "(several options on one line), -JBugScanner, -t1:00:00, -ojob_result.out "
                      "(no space after the short options), no account: anaconda3 module, conda "
                      "deactivate/activate, `pip install langchain_core` in the job, echo "
                      "CONDA_PREFIX, `srun python src/main.py`. Right: 1 process on 1 GPU with "
                      "every option of the combined line read, the pip install kept (or noted: "
                      "compute nodes may have no network), the account asked for."]),
    case(fam("utah-chpc-array-gres-gpu-source-activate-prefix-array-index-arg", "slurm"),
         "ZifanWu/drqv2_pytorch", "job.sbatch",
         "University of Utah CHPC (partition and account soc-gpu-np)", "utah-chpc",
         ["job-array", "array-index-arg", "gres-gpu-no-count", "duplicate-output-directives",
          "source-activate-prefix"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["index=${SLURM_ARRAY_TASK_ID}"],
         setup=[S("source activate /uufs/chpc.utah.edu/common/home/u1520755/miniconda3/envs/drqv2")],
         source_only=["soc-gpu-np"],
         accounts=["soc-gpu-np"],
         refuse_words=["array", "SLURM_ARRAY_TASK_ID", "/uufs"],
         assumptions=["--array=0-4, 1 node, 1 task, 4 CPUs, 64g, --gres=gpu (one GPU), 12 h, "
                      "partition/account soc-gpu-np, -o/-e given twice (the later --output/--error "
                      "win): source activate by prefix under /uufs, `python train.py "
                      "index=${SLURM_ARRAY_TASK_ID}` (one task of 5). Right: 1 process on 1 GPU a "
                      "task with the array kept and the index mapped (PBS_ARRAY_INDEX with -J 0-4 "
                      "on PBS), the account replaced, /uufs flagged."]),
    case(fam("uw-hyak-ckpt-12-nodes-gpus-per-task-4-srun-torchrun-rdzv-head-ip", "slurm"),
         "JacobB33/CSE453FinalProject", "job.slurm",
         "University of Washington Hyak Klone (account weirdlab, partition ckpt, /gscratch)",
         "uw-hyak",
         ["srun-torchrun-per-node", "rdzv-c10d-head-ip", "gpus-per-task", "chdir-directive",
          "conda-prefix-env", "export-all", "twelve-nodes"],
         launch_model="launcher", launcher="torchrun", total_ranks=48, nodes=12, gpus_per_node=4,
         program="run_training.py", args=[], strategy="ddp", strategy_in_script=False,
         workdir="/gscratch/weirdlab/jacob33/CSE453FinalProject",
         setup=[S("source /mmfs1/home/jacob33/miniconda3/bin/activate"),
                S("conda activate /gscratch/weirdlab/jacob33/envs"),
                S("export WANDB_MODE=online"), S("export WANDB_PROJECT=CSE-453-project")],
         source_only=["ckpt", "--gpus-per-task=4", "--mem-per-gpu=40G"],
         accounts=["weirdlab"],
         refuse_words=["/gscratch", "ckpt", "48", "rdzv", "12 nodes"],
         assumptions=["12 nodes, 12 tasks, --gpus-per-task=4, 40G a GPU, 24 h, --chdir "
                      "/gscratch/..., --export=all: a miniconda activate and a conda env by "
                      "prefix, WANDB exports, the head node's IP from `srun -w $head_node hostname "
                      "--ip-address`, then `srun torchrun --nnodes 12 --nproc_per_node 4 "
                      "--rdzv_id $RANDOM --rdzv_backend c10d --rdzv_endpoint $head_node_ip:29510 "
                      "run_training.py` (one torchrun a node). Right: 48 ranks as 12x4 with one "
                      "torchrun a node and the endpoint kept, the chdir and /gscratch paths "
                      "flagged, the account replaced."]),
    case(fam("gpu-v100-partition-home-venv-abs-python-train-config-mail", "slurm"),
         "AllisonOge/moco_mod_class", "job.slurm",
         "a university Slurm cluster (partition gpu-v100)", "lab-v100",
         ["venv-home", "tilde-program-path", "tilde-config-arg", "banner-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="~/research/moco_mod_class/train.py",
         args=["-c", "~/research/moco_mod_class/config.yaml"],
         setup=[S("source ~/research/moco_mod_class/venv/bin/activate")],
         source_only=["gpu-v100"],
         refuse_words=["gpu-v100", "~/research"],
         assumptions=["1 node, 1 task, 16 CPUs, --gres=gpu:1, 16G, 5 h, partition gpu-v100: a "
                      "venv under ~/research, `python ~/research/moco_mod_class/train.py -c "
                      "~/research/moco_mod_class/config.yaml`. Right: 1 process on 1 GPU with the "
                      "~ paths kept verbatim, the partition replaced."]),
    case(fam("ufl-hipergator-broken-p-directive-gpus-a100-qos-venv-time-env-arg", "slurm"),
         "Eric-Fowler/TeamPip-PyTorch", "job.slurm",
         "University of Florida HiPerGator (account and qos eee4773: a course allocation; "
         "--gpus=a100:1)", "ufl-hipergator",
         ["split-directive", "option-without-value", "gpus-typed", "qos-course", "env-var-arg",
          "venv-relative", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="Script.py", args=["$TIME"],
         setup=[S("source env/bin/activate")],
         source_only=["module load python", "module load cuda/11.1.0", "--gpus=a100:1",
                      "--qos=eee4773"],
         accounts=["eee4773"],
         refuse_words=["-p", "partition", "TIME", "directive"],
         assumptions=["`#SBATCH -p` with no value followed by `#SBATCH gpu` (the partition split "
                      "over two lines: sbatch rejects the first, ignores the second), "
                      "--gpus=a100:1, account/qos eee4773, 16gb a GPU, 30 min: python and cuda "
                      "modules, a relative venv, nvidia-smi, `python Script.py $TIME` (TIME from "
                      "the submitter's environment; no final newline). Right: 1 process on 1 GPU "
                      "with the broken directive named (the intended partition gpu), $TIME kept "
                      "and named as a submit-time variable, the account replaced."]),
    case(fam("princeton-mig-partition-name-placeholder-vars-mkdir-touch-python-u-redirect", "slurm"),
         "Mahsa-Bastankhah/Transformers_polar_code", "job.slurm",
         "Princeton Research Computing (Della, partition mig: one MIG slice of an A100)",
         "princeton-della",
         ["mig-partition", "job-name-placeholder", "shell-vars-in-args", "twenty-sequential-runs",
          "mkdir-results-dir", "module-anaconda", "comment-blocks"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run_models.py",
         args=["--code_table", "--model_iters", "1000", "--embed_dim", "${embed_dim}", "--N",
               "${N}", "--K", "${K}", "--max_len", "${N}", "--dec_train_snr", "${snr}",
               "--n_head", "${n_head}", "--n_layers", "${n_layers}", "--target_K", "${K}",
               "--run", "${run}"],
         other_runs=[R("Bool_expr.py", ["${N}", "${K}", "${run}", "1000", "--n_head", "${n_head}",
                                        "--n_layers", "${n_layers}"])],
         vars={"run": "14", "n_head": "1", "n_layers": "3", "N": "16", "K": "8", "snr": "3",
               "embed_dim": "64"},
         setup=[S("source activate mlenv"),
                S("mkdir ./Supervised_Xformer_decoder_Polar_Results/Polar_${K}_${N}/Scheme_polar/"
                  "encoder/${n_head}_depth_${n_layers}/${run}/code_tables/")],
         source_only=["--partition=mig", "module load anaconda3/2023.3"],
         refuse_words=["<name>", "mig", "MIG", "placeholder"],
         assumptions=["--job-name=<name> (a template placeholder), 1 node, 1 task, 1 CPU, 8G a "
                      "CPU, --gres=gpu:1, 30 h, partition mig: module purge, anaconda3, source "
                      "activate mlenv, shell variables, mkdir of a results dir, then ten `python "
                      "-u run_models.py --code_table --model_iters N ...` runs and ten `python -u "
                      "Bool_expr.py ...` runs in turn. Right: one process at a time on 1 GPU with "
                      "all twenty runs in order, the variables kept, the placeholder job name "
                      "replaced or named, the MIG partition replaced with a note (a whole GPU on "
                      "the target)."]),
    case(fam("a40-gres-positional-config-path-check-venv-relative-deactivate", "slurm"),
         "JaLnYn/talkinghead", "job.slurm",
         "a Slurm cluster (gres gpu:a40:1, no partition)", "lab-a40",
         ["positional-arg", "usage-guard", "venv-relative", "deactivate", "gres-typed"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/trainer.py", args=['--config_path="$1"'],
         setup=[S("source ./venv/bin/activate"), S("deactivate")],
         source_only=["gpu:a40:1"],
         refuse_words=["$1", "config_path", "positional"],
         assumptions=["1 task, 4 CPUs, 4G a CPU, --gres=gpu:a40:1, 16 h: a guard that exits "
                      "unless $1 is given, a relative venv, `python src/trainer.py "
                      "--config_path=\"$1\"`, deactivate. Right: 1 process on 1 GPU with \"$1\" "
                      "kept and named (qsub passes no positional arguments), the typed gres "
                      "mapped."]),
    case(fam("freiburg-dlc-rtx2080-venv-create-if-missing-bash-run-pipeline-wrapper", "slurm"),
         "KARTIK-N-NAYAK/MLE-STAR-Open", "job.slurm",
         "University of Freiburg ML cluster (partition mlhiwidlc_gpu-rtx2080, /work/dlclarge1)",
         "freiburg-dlc",
         ["user-wrapper", "venv-create-if-missing", "pip-install-in-job", "cd-absolute",
          "export-vars-in-comment"],
         launch_model="single", launcher="unknown", total_ranks="unknown", gpus_per_node=1,
         program="run_pipeline.sh", args=[], expect="refuse",
         setup=[S("cd /work/dlclarge1/nayakk-kartik/MLE-STAR-Open")],
         source_only=["mlhiwidlc_gpu-rtx2080"],
         refuse_words=["run_pipeline.sh", "wrapper", "bash"],
         assumptions=["-p mlhiwidlc_gpu-rtx2080, --gres=gpu:1, 1 CPU, 24 h: echo banners, cd "
                      "/work/dlclarge1/..., a venv created and pip-installed if missing, then "
                      "`bash run_pipeline.sh` (the program is in the user's script; a comment "
                      "shows DATASET/TARGET passed with --export). Right: a refusal naming "
                      "run_pipeline.sh, or the wrapper kept verbatim with a note."]),
    case(fam("surrey-3090-apptainer-pull-if-missing-exec-nv-bind-pwd-python-train", "slurm"),
         "Alpasyon007/lumigauss", "slurm_train.sh",
         "University of Surrey AI cluster (partition 3090, constraint fs_weka, Surrey container "
         "registry)", "surrey",
         ["apptainer-pull-if-missing", "apptainer-exec-nv", "bind-pwd", "container-registry",
          "walltime-3-days", "long-args"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="./train.py",
         args=["-s=./data/st_colmap/undistorted",
               "--sun_json_path=./data/st_colmap/sun_directions_blender.json",
               "-m=./output/st_sun_shadow_pbr_sun_cal_optimize_casts_shadow", "--use_sun",
               "--use_residual_sh", "--shadow_method", "shadow_map", "--shadow_map_resolution=2048",
               "--sky_mask_path=./data/st_colmap/dynamic_masks/sky", "--use_sun_cal",
               "--sky_sh_degree=3", "--optimize_casts_shadow"],
         container_image="/mnt/fast/nobackup/users/${USER}/containers/lumigauss_sun2.sif",
         setup=[S('mkdir -p "$(dirname ${SIF_FILE})"'),
                S('apptainer pull "${SIF_FILE}" "docker://${CONTAINER_IMAGE}"')],
         source_only=["fs_weka", "/mnt/fast/nobackup/users/${USER}/containers/lumigauss_sun2.sif",
                      "container-registry.surrey.ac.uk/shared-containers/lumigauss_sun2:latest"],
         refuse_words=["apptainer", "container", "3 days", "3-00:00:00", "/mnt/fast", "fs_weka"],
         assumptions=["partition 3090, --gpus-per-node=1, 8 CPUs, 64G, 3 days, constraint "
                      "fs_weka: paths under /mnt/fast/nobackup/users/$USER, `apptainer pull` of an "
                      "image from Surrey's registry if the .sif is missing, then `apptainer exec "
                      "--nv --bind ... --pwd /workspace $SIF python ./train.py -s=... "
                      "--optimize_casts_shadow`. Right: 1 process on 1 GPU inside the container "
                      "(the target's apptainer), the pull kept (the registry may be unreachable: "
                      "note), binds kept with /mnt/fast flagged, 3 days cut with a note."]),
    case(fam("fifteen-nodes-h200x8-requeue-usr1-trap-srun-torchrun-background-wait", "slurm"),
         "ChristianLin0420/Drifting-Actor-Policy", "slurm_train.sh",
         "a Taiwanese H200 cluster, likely NCHC (account MST113264, partition normal: 8 H200 a node, /work)",
         "nchc-h200",
         ["srun-apptainer-torchrun", "requeue-signal-trap", "background-wait", "resume-logic",
          "apptainer-pull-if-missing", "env-through-apptainer", "fifteen-nodes", "extra-args-from-sbatch"],
         launch_model="launcher", launcher="torchrun", total_ranks=120, nodes=15, gpus_per_node=8,
         program="scripts/train.py",
         args=["--config", "configs/training/pretrain_available_datasets.yaml", "--checkpoint-dir",
               '"$CONTAINER_CKPT_DIR"', "--gradient-checkpointing", "--use-flash-attn",
               "$RESUME_ARG", "$EXTRA_ARGS"],
         container_image="/work/$USER/.apptainer/cache/drifting-vla-pretrain.sif",
         setup=[S('apptainer pull "$CONTAINER_IMAGE" docker://christianlin0420/drifting-vla:pretrain'),
                S("trap handle_preempt USR1 TERM")],
         keep_text=["wait $!"],
         source_only=["/work/$USER/.apptainer/cache/drifting-vla-pretrain.sif",
                      "--signal=B:USR1@120", "--partition=normal"],
         accounts=["MST113264"],
         refuse_words=["requeue", "USR1", "trap", "apptainer", "120", "8 GPUs", "H200"],
         assumptions=["15 nodes, 1 task a node, --gpus-per-node=8, 96 CPUs, --mem=0, 23:59, "
                      "--signal=B:USR1@120, --requeue, account MST113264: NCCL/HF/apptainer "
                      "exports, an apptainer pull if the .sif is missing, binds, resume logic, a "
                      "trap that runs `scontrol requeue` on USR1/TERM, then `srun "
                      "--kill-on-bad-exit=1 apptainer exec --nv --cleanenv ... torchrun --nnodes="
                      "$SLURM_NNODES --nproc_per_node=8 --rdzv_backend=c10d ... scripts/train.py "
                      "...` in the background and `wait $!`. Right: 120 ranks as 15x8 (or the "
                      "target's 4-GPU nodes: 30x4 with --nproc_per_node changed and a note) with "
                      "one torchrun a node inside the container, the requeue trap and signal "
                      "mapped or named (no equivalent on PBS: note), the account replaced."]),
    case(fam("alliance-sbatch-heredoc-submitter-t4x4-srun-bash-c-env-command-stylegan", "slurm"),
         "IanMaquignaz/SkyGAN", "slurm_train.sh",
         "Digital Research Alliance of Canada (account def-jlalonde, gres t4:4: Graham)",
         "alliance-graham",
         ["sbatch-heredoc-submitter", "escaped-vars-in-heredoc", "srun-bash-c", "env-built-in-job",
          "module-restore", "requeue-signal", "walltime-7-days", "one-process-four-gpus"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, program="src/stylegan3/train_FID.py", args=[], expect="refuse",
         source_only=["gpu:t4:4", "def-jlalonde"],
         accounts=["def-jlalonde"],
         refuse_words=["sbatch <<", "sbatch", "heredoc", "EOT", "submitter", "bash -c"],
         assumptions=["Not a job script but a submitter: it sets shell variables and runs "
                      "`sbatch << EOT ... EOT`, whose body (with \\$-escaped variables) is the job: "
                      "account def-jlalonde, 7 days, --requeue, --signal=SIGUSR1@360, 1 node, 1 "
                      "task, 16 CPUs, --gres=gpu:t4:4, exclusive; a local env built by "
                      ".drac/build_env_local.sh and `module restore`, then `srun bash -c \"$ENV_COMMAND "
                      "&& ... python -u src/stylegan3/train_FID.py ... --gpus=4 ...\"` (one process "
                      "driving 4 GPUs). Right: a refusal naming the submitter/heredoc (or a port "
                      "of the heredoc body with one process on 4 GPUs, noted); never the outer "
                      "file ported as if its sbatch line were the program."]),
    case(fam("desy-maxwell-v100-gpux4-constraint-export-none-bashrc-conda-python-u", "slurm"),
         "Ivo-B/CXRdecomposition", "slurm_train.sh",
         "DESY Maxwell (partitions maxgpu,hzg,mdlma; constraint V100&GPUx4; /beegfs/desy)",
         "desy-maxwell",
         ["gpu-by-constraint", "no-gres", "export-none-twice", "source-bashrc", "positional-arg",
          "walltime-7-days", "tensorflow-env", "ld-library-path-cupti"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="./main_aritra.py", args=["$1"], framework="tensorflow",
         setup=[S("source /home/ibaltrus/.bashrc"),
                S("export LD_LIBRARY_PATH=/software/cuda/cuda-11.1/extras/CUPTI/lib64:$LD_LIBRARY_PATH"),
                S("source activate py36-Tensorflow2"),
                S("cd /beegfs/desy/user/ibaltrus/repos/cxrDecomp")],
         source_only=["V100&GPUx4", "maxgpu,hzg,mdlma", "module load maxwell cuda/11.1",
                      "source /etc/profile.d/modules.sh"],
         refuse_words=["$1", "--export=NONE", "7 days", "/beegfs", "constraint", "V100&GPUx4"],
         assumptions=["partitions maxgpu,hzg,mdlma, 1 node, 7 days, -C \"V100&GPUx4\" (the GPUs "
                      "come with the whole node, no gres), --export=NONE then "
                      "--export=LD_PRELOAD=\"\": the modules init, ~/.bashrc, maxwell/cuda modules, "
                      "CUPTI on LD_LIBRARY_PATH, source activate py36-Tensorflow2, cd /beegfs/..., "
                      "`python -u ./main_aritra.py $1` (one TensorFlow process that sees the "
                      "node's 4 GPUs). Right: one process with 4 GPUs (or 1 with a note), $1 kept "
                      "and named, the export directives read, /beegfs and the modules flagged, 7 "
                      "days cut."]),
    case(fam("rice-nots-l40s-4-ntasks4-torchrun-nproc4-env-path-prefix", "slurm"),
         "Kymi808/D2k_RiceNots", "slurm_train.sh",
         "Rice University NOTS (partition commons, gres lovelace:4: L40S)", "rice-nots",
         ["torchrun-in-batch-shell", "ntasks-4-unused", "conda-env-by-path", "job-id-dirs",
          "python-c-check"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="train.py",
         args=["--data", "data/apollo_cfd_database.csv", "--save_dir", "$RUN_DIR",
               "--checkpoint_dir", "$CKPT_DIR", "--no_compile"],
         strategy="ddp", strategy_in_script=False,
         vars={"RUN_DIR": "results/run_${SLURM_JOB_ID}", "CKPT_DIR": "checkpoints/run_${SLURM_JOB_ID}",
               "PROJECT_DIR": "/projects/dsci435/NASA_REENTRY_SP26"},
         setup=[S("mkdir -p logs $RUN_DIR $CKPT_DIR"), S("export PATH=$ENV_DIR/bin:$PATH"),
                S("export PYTHONPATH=$ENV_DIR/lib/python3.11/site-packages:$PYTHONPATH"),
                S("export OMP_NUM_THREADS=1")],
         source_only=["gpu:lovelace:4", "module load Miniforge3/24.1.2-0", "commons"],
         refuse_words=["SLURM_JOB_ID", "/projects/dsci435", "ntasks"],
         assumptions=["1 node, --ntasks=4 (unused: torchrun runs once in the batch shell), 8 "
                      "CPUs a task, 192G, --gres=gpu:lovelace:4, 24 h: run/checkpoint dirs named "
                      "by SLURM_JOB_ID, module purge + Miniforge3, PATH and PYTHONPATH from a "
                      "project conda env, a python -c GPU check, `torchrun --nproc_per_node=4 "
                      "train.py ...`, a results summary. Right: 4 ranks on 1 node with one "
                      "torchrun, SLURM_JOB_ID mapped on a PBS target, /projects flagged."]),
    case(fam("tuebingen-galvani-a100-singularity-exec-nv-bind-env-python-abs", "slurm"),
         "Slusny/Modulated-Spherical-Fourier-Neural-Operator", "slurm_train.sh",
         "University of Tuebingen ML Cloud Galvani (partition a100-galvani with a '#'-joined "
         "list; /mnt/qb)", "tuebingen-galvani",
         ["singularity-exec-nv", "python-inside-image-by-path", "hash-joined-partition",
          "job-id-arg", "long-args", "abs-output-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/home/goswami/gkd965/MasterML/main.py",
         args=["--model", "sfno", "--model-version", "film", "--train", "--validation-interval",
               "2", "--validation-epochs", "5", "--training-workers", "6", "--batch-size", "1",
               "--scheduler", "CosineAnnealingLR", "--scheduler-horizon", "500",
               "--learning-rate", "0.001", "--multi-step-training", "0", "--training-step-skip",
               "0", "--film-gen", "gcn", "--accumulation-steps", "1",
               "--save-checkpoint-interval", "1", "--advanced-logging", "--jobID", "$SLURM_JOB_ID"],
         container_image="/mnt/qb/work2/goswami0/gkd965/sfno_packages8.sif",
         keep_text=["/opt/conda/envs/model/bin/python"],
         source_only=["/mnt/qb/work2/goswami0/gkd965/sfno_packages8.sif", "a100-galvani",
                      "--bind /mnt/qb/goswami/data/era5,/mnt/qb/work2/goswami0/gkd965,"
                      "/scratch_local:/scratch_local"],
         refuse_words=["singularity", "container", "/mnt/qb", "SLURM_JOB_ID", "partition"],
         assumptions=["1 task, 8 CPUs, 15G a CPU, --gres=gpu:1, 22 h, "
                      "--partition=a100-galvani#a100-galvani#cpu-galvani#... (the user's "
                      "alternatives joined by '#'), output under /home/goswami: `singularity exec "
                      "--nv --bind /mnt/qb/...,/scratch_local:/scratch_local <sif> "
                      "/opt/conda/envs/model/bin/python /home/.../main.py --model sfno ... "
                      "--jobID $SLURM_JOB_ID`. Right: 1 process on 1 GPU inside the image with "
                      "the image's python kept, binds and /mnt/qb flagged, SLURM_JOB_ID mapped on "
                      "a PBS target, the partition read as a100-galvani (replaced)."]),
    case(fam("eth-tik-array-nodelist-positional-args-optional-singularity-branch", "slurm"),
         "aplesner/difflogic-tonic", "slurm_train.sh",
         "ETH Zurich D-ITET TIK cluster (nodes tikgpu06/07/09, /itet-stor)", "eth-tik",
         ["job-array-unused-index", "nodelist-pin", "positional-args", "usage-guard",
          "optional-singularity-branch", "extra-args-slice", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=["$CONFIG_FILE", "--job_id", "$JOB_ID", "$EXTRA_ARGS"],
         vars={"CONFIG_FILE": "$1", "JOB_ID": "$2", "EXTRA_ARGS": "${@:3}"},
         source_only=["tikgpu06,tikgpu07,tikgpu09",
                      "/itet-stor/davjenny/net_scratch/jobs/difflogic-tonic/train_%A_%a.out"],
         refuse_words=["$1", "positional", "array", "SINGULARITY_CONTAINER", "nodelist"],
         assumptions=["--array=1-2 (the index is never used: both tasks run the same), 1 node, "
                      "8 CPUs, 32G, --gres=gpu:1, 24 h, --nodelist=tikgpu06,tikgpu07,tikgpu09, "
                      "logs under /itet-stor: a guard needing 2 positional arguments, then either "
                      "`singularity exec --nv --bind ... $SINGULARITY_CONTAINER python3 main.py "
                      "...` (if SINGULARITY_CONTAINER is set by the submitter) or PYTHONPATH and "
                      "`python3 main.py $CONFIG_FILE --job_id $JOB_ID $EXTRA_ARGS`. Right: 1 "
                      "process on 1 GPU a task with both branches kept, $1/$2 named as "
                      "positional, the node pin dropped, the unused array named."]),
    case(fam("nyu-greene-singularity-overlay-bash-c-conda-two-gpus-typo-directive", "slurm"),
         "harsh-sutariya/CityWalker", "slurm_train.sh",
         "NYU Greene (account pr_117_tandon_advanced; public Singularity images, ext3 overlay)",
         "nyu-greene",
         ["singularity-overlay", "bash-c-multiline", "conda-inside-container", "typo-directive",
          "one-process-two-gpus", "cd-scratch"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="train.py", args=["--config", "${CONFIG}"],
         vars={"CONFIG": "config/slurm_sunny.yaml"},
         container_image="/scratch/work/public/singularity/cuda12.1.1-cudnn8.9.0-devel-ubuntu22.04.2.sif",
         setup=[S("cd $SCRATCH/UrbanNav"), S("mkdir -p logs")],
         source_only=["/scratch/work/public/singularity/cuda12.1.1-cudnn8.9.0-devel-ubuntu22.04.2.sif",
                      "--overlay $SCRATCH/environments/nav.ext3:ro"],
         accounts=["pr_117_tandon_advanced"],
         refuse_words=["singularity", "overlay", "bash -c", "/ext3/env.sh", "2 GPUs"],
         assumptions=["1 task, 48 CPUs, 256G, 48 h, --gres=gpu:2, account "
                      "pr_117_tandon_advanced, `#SBTCH --constraint=h100` (a typo: inert): cd "
                      "$SCRATCH/UrbanNav, CONFIG, mkdir logs, `singularity exec --nv --overlay "
                      "$SCRATCH/environments/nav.ext3:ro <public image> /bin/bash -c \"source "
                      "/ext3/env.sh; conda activate UrbanNav; python train.py --config "
                      "${CONFIG}\"` (one process that sees 2 GPUs). Right: one process with 2 "
                      "GPUs inside the container with the overlay and bash -c body kept (or "
                      "named: ask), the Greene image and overlay flagged, the account replaced."]),
    case(fam("perlmutter-two-nodes-srun-python-m-torch-distributed-run-ntasks4-per-node-cfs-paths", "slurm"),
         "wadud-abbasi/ece534-finance-project", "run_perlmutter.slurm",
         "NERSC Perlmutter (account m4431_g, -C gpu, qos regular)", "perlmutter",
         ["srun-launcher-per-task", "ntasks-per-node-4-with-launcher", "python-m-torch-distributed-run",
          "rdzv-c10d", "cfs-paths", "module-python-conda", "omp-from-slurm"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=2, gpus_per_node=4,
         program="train.py",
         args=["--labeled_path", "/global/cfs/cdirs/m4431/sp2160/Data/FNSPID/labeled_headlines.parquet",
               "--prices_path", "/global/cfs/cdirs/m4431/sp2160/Data/FNSPID/processed_stock_prices.csv",
               "--epochs", "3", "--batch_size", "32", "--seq_len", "10", "--freeze_finbert",
               "--output_dir", "/global/cfs/cdirs/m4431/sp2160/Checkpoints/finbert_hybrid"],
         strategy="ddp", strategy_in_script=True,
         vars={"MASTER_PORT": "29500", "GPUS_PER_NODE": "4"},
         setup=[S("export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK}")],
         source_only=["module load python", "conda activate nersc-python", "-C gpu",
                      "/global/cfs/cdirs/m4431"],
         accounts=["m4431_g"],
         refuse_words=["ntasks-per-node", "32", "one launcher per node", "/global/cfs", "m4431_g"],
         assumptions=["Perlmutter, 2 nodes, --gpus-per-node=4, --ntasks-per-node=4, 8 CPUs a "
                      "task, 4 h: module python + conda nersc-python, OMP_NUM_THREADS from "
                      "SLURM_CPUS_PER_TASK, MASTER_ADDR from scontrol, then `srun python -m "
                      "torch.distributed.run --nproc_per_node=4 --nnodes=2 --rdzv_backend=c10d "
                      "--rdzv_endpoint=... train.py ...` (srun starts 8 launchers of 4 processes: "
                      "32 for 8 GPUs). Right: 8 ranks as 2x4 with one launcher a node (or "
                      "per-rank srun), the defect noted (or a refusal naming it), /global/cfs "
                      "paths flagged, the account and -C gpu replaced."]),
    case(fam("brno-fit-sge-gpu1-gpu-ram-path-sh-stage-blocks-evolution", "sge"),
         "MarekSarvas/vut-fit-bin", "run_sge.sh",
         "Brno University of Technology FIT (SGE, long.q, -l gpu=1,gpu_ram=8G; /mnt/matylda4)",
         "but-fit",
         ["sge-source", "gpu-resource-list", "kaldi-style-path-sh", "stage-blocks", "only-stage-2",
          "continuation-into-comment", "abs-output-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="evolution.py",
         args=["--generations", "${generations}", "--population_size", "${population_size}",
               "--epochs", "${epochs}", "--exp_path", "${EXP_PATH}/${tag}.json", "--pm", "${p_m}",
               "--qm", "${q_m}", "--pc", "${p_c}", "--qc", "${q_c}", "--cnn_stages", "${stages}",
               "--cnn_nodes", "${nodes}", "--gpu", "1", "--dataset", "${dataset}", "--verbose",
               "True"],
         vars={"stage": "2", "stop_stage": "2", "generations": "20", "population_size": "20"},
         setup=[S("cd /mnt/matylda4/xsarva00/fit_bin/vut-fit-bin"), S(". ./path.sh || exit 1;"),
                S("cd src/"), S("mkdir -pv ${EXP_PATH}")],
         source_only=["long.q@*", "gpu=1,gpu_ram=8G,ram_free=8G,mem_free=8G", "/mnt/matylda4"],
         refuse_words=["SGE", "path.sh", "gpu_ram", "stage", "/mnt/matylda4"],
         assumptions=["SGE (-q long.q@*, -l gpu=1,gpu_ram=8G,ram_free=8G,mem_free=8G, -o/-e "
                      "under /mnt/matylda4): cd to the project, `. ./path.sh`, cd src/, variables, "
                      "mkdir the experiment dir, then Kaldi-style stage blocks of which only stage "
                      "2 runs (stage=2, stop_stage=2): `python3 evolution.py --generations ... "
                      "--gpu 1 ...` (its last continuation runs into a commented redirect). Right: "
                      "1 process on 1 GPU with the stage logic kept, path.sh kept, the SGE header "
                      "read (or a refusal naming it), /mnt/matylda4 flagged."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
