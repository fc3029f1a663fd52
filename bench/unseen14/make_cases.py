# ruff: noqa: E501  (hand-written case facts: long prose strings)
"""Write bench/unseen14/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF and
SGE sources: any three are of another family). Same rules as bench/unseen12 and unseen13
(bench/unseen6/make_common.py).
Usage: python bench/unseen14/make_cases.py /work/cache/unseen14 bench/unseen14/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("warwick-a100x3-one-task-srun-python-sft-trainer-lora-placeholder-account", "slurm"),
         "Xingwei-Warwick/llama_exp", "finetune.slurm",
         "a Warwick-hosted Slurm cluster (gres ampere_a100, partition gpu, as on Sulis; account "
         "placeholder)", "warwick-sulis",
         ["one-task-multi-gpu", "srun-one-task", "backslash-without-space", "placeholder-account",
          "module-purge", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=3,
         gpus_per_rank=3, program="sft_trainer.py",
         args=["--model_name", "'hf_llama_weights_7B'", "--dataset_name",
               "'data/formatted_train_data.json'", "--output_dir",
               "'./lora_llama_nyt_temporal_graph'", "--batch_size", "32", "--num_train_epochs",
               "5", "--seq_length", "4096", "--use_peft", "True", "--peft_lora_r", "8",
               "--peft_lora_alpha", "16"],
         source_only=["gpu:ampere_a100:3", "module load GCCcore/11.3.0 CUDA/11.6.0",
                      "--mem-per-cpu=10000"],
         accounts=["placeholder"],
         refuse_words=["3 GPUs", "one process", "placeholder", "one task"],
         assumptions=["1 node, 1 task, 12 CPUs, --gres=gpu:ampere_a100:3, account `placeholder`: "
                      "module purge, GCCcore/CUDA modules, `srun  python sft_trainer.py ...` (one "
                      "process that sees 3 GPUs; `32\\` and `4096\\` end lines with a backslash and "
                      "no space, which still joins correctly). Right: one rank with 3 GPUs (not 3 "
                      "ranks, not 1 GPU silently), every argument kept, the modules replaced, the "
                      "placeholder account replaced or asked for."]),
    case(fam("sulis-a100x2-home-venv-srun-python-m-main-train-toml", "slurm"),
         "ZixiBenZhang/lora_global_synergies", "finetune.slurm",
         "Sulis (HPC Midlands+, hosted at Warwick; account su114, gres ampere_a100)",
         "warwick-sulis",
         ["one-task-multi-gpu", "srun-python-m", "venv-home", "continuation-line"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=2,
         gpus_per_rank=2, program="main", module=True,
         args=["train", "--config", "./configs/gemma_plain_mrpc.toml", "--learning-rate", "1e-5"],
         setup=[S("source ~/torch/bin/activate")],
         source_only=["gpu:ampere_a100:2", "--mem-per-cpu=3850"],
         accounts=["su114"],
         refuse_words=["2 GPUs", "one process", "one task"],
         assumptions=["1 node, 1 task, 42 CPUs, --gres=gpu:ampere_a100:2: `source ~/torch/bin/"
                      "activate`, then `srun python -m main train --config ./configs/"
                      "gemma_plain_mrpc.toml --learning-rate 1e-5` (one process that sees 2 GPUs). "
                      "Right: one rank with 2 GPUs, `-m main` kept as a module run, the venv kept, "
                      "the account replaced."]),
    case(fam("two-nodes-torchrun-nnodes-from-slurm-no-srun-no-rendezvous", "slurm"),
         "jruokola/llm-granite-ft", "finetune.slurm",
         "a Kubernetes-hosted Slurm cluster (comment: cuda module from the GPU-Operator)",
         "k8s-slurm",
         ["torchrun-without-srun", "multi-node-no-rendezvous", "nnodes-from-slurm-var",
          "no-ntasks", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, nodes=2, gpus_per_node=1,
         program="finetune.py", args=[], strategy="ddp",
         source_only=["module load cuda/12.3"],
         refuse_words=["srun", "rendezvous", "rdzv", "node_rank", "one node", "master"],
         assumptions=["2 nodes, --gpus-per-node=1, no task count: `torchrun --nnodes="
                      "${SLURM_JOB_NUM_NODES} --nproc_per_node=1 finetune.py` run once in the batch "
                      "shell (no srun), with no rendezvous endpoint or node rank: the second node "
                      "never starts an agent, so the job waits. Right: the missing per-node launch "
                      "and rendezvous named (ask or refuse), or 2 ranks as 2x1 with a torchrun per "
                      "node and an endpoint, with a note; never a silent copy of the one-node "
                      "launch for 2 nodes."]),
    case(fam("princeton-della-torchtune-tune-run-lora-single-device-placeholders", "slurm"),
         "niznik-dev/2025-04-llm-collective", "finetune.slurm",
         "Princeton Research Computing (/scratch/gpfs: Della, Stellar or Tiger; netid "
         "placeholder)", "princeton-rc",
         ["torchtune-tune-run", "inert-double-hash-directives", "placeholder-mail",
          "mkdir-absolute", "config-override-arg", "module-anaconda"],
         launch_model="launcher", launcher="tune", total_ranks=1, gpus_per_node=1,
         program="lora_finetune_single_device",
         args=["--config", "/scratch/gpfs/CSES/niznik/GitHub/2025-04-llm-collective/finetune.yaml",
               "epochs=1"],
         setup=[S("conda activate 202504_llm"),
                S("mkdir -p /scratch/gpfs/CSES/niznik/demo_test_run_1/logs/wandb")],
         keep_text=["tune run lora_finetune_single_device"],
         source_only=["module load anaconda3/2025.6"],
         refuse_words=["/scratch/gpfs", "tune run", "<netid>"],
         assumptions=["1 node, 1 task, 1 CPU, 8G, --gres=gpu:1; `##SBATCH --account=<account>` "
                      "and `##SBATCH --partition=<partition>` are inert; module purge, anaconda3, "
                      "conda activate, mkdir under /scratch/gpfs, then torchtune's `tune run "
                      "lora_finetune_single_device --config /scratch/gpfs/.../finetune.yaml "
                      "epochs=1` (one process, a single-device recipe). Right: 1 process on 1 GPU "
                      "with the tune line kept verbatim, the /scratch/gpfs paths flagged, the "
                      "module replaced."]),
    case(fam("perlmutter-jax-16-tasks-4-per-node-srun-python-gpu-bind-map", "slurm"),
         "EiffL/jax-gpu-cluster-demo", "slurm_job.sh",
         "NERSC Perlmutter (account m1727_g, -C gpu, qos debug)", "perlmutter",
         ["per-rank-srun", "nodes-implied-by-ntasks", "gpu-bind-map", "slurm-cpu-bind-export",
          "jax-distributed", "one-minute-walltime", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=4, gpus_per_node=4,
         program="demo.py", args=[], framework="jax",
         setup=[S('export SLURM_CPU_BIND="cores"')],
         source_only=["m1727_g", "-C gpu", "--gpu-bind=map_gpu:0,1,2,3"],
         accounts=["m1727_g"],
         refuse_words=["16", "SLURM_CPU_BIND", "gpu-bind"],
         assumptions=["Perlmutter, -n 16, --ntasks-per-node=4 (so 4 nodes, no -N), -c 32, "
                      "--gpus-per-task=1, --gpu-bind=map_gpu:0,1,2,3, 1 minute: `export "
                      "SLURM_CPU_BIND=\"cores\"`, `srun python demo.py` (16 JAX processes, one per "
                      "GPU; the program joins a JAX cluster from the Slurm environment). Right: 16 "
                      "ranks as 4x4 (or the target's layout with 16 ranks), the account and -C gpu "
                      "replaced, the SLURM_CPU_BIND export kept or dropped with a note; the "
                      "program's Slurm-variable rank discovery named on a PBS target."]),
    case(fam("imperial-doc-git-reset-checkout-commit-token-remote-venv-python", "slurm"),
         "KuSi833/search-and-learn", "slurm_job.sh",
         "Imperial College London Department of Computing GPU cluster (partition AMD7-A100-T, "
         "/vol/bitbucket, /vol/cuda)", "imperial-doc",
         ["git-checkout-in-job", "env-from-submitter", "token-in-remote-url", "set-e",
          "if-block-setup", "site-cuda-setup-script", "vllm-env", "commented-alternative"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="experiments/expand.py", args=[],
         setup=[S("source .venv/bin/activate"), S("git reset --hard HEAD"),
                S("git checkout $COMMIT_HASH"), S("export VLLM_ALLOW_LONG_MAX_MODEL_LEN=1"),
                S("export NCCL_P2P_DISABLE=1")],
         source_only=["AMD7-A100-T", "source /vol/cuda/12.0.0/setup.sh",
                      'export UV_PYTHON_INSTALL_DIR="/vol/bitbucket/km1124/.cache/python"'],
         refuse_words=["COMMIT_HASH", "GITHUB_TOKEN", "git", "/vol"],
         assumptions=["1 node, 1 task, 1 CPU, --gres=gpu:1, set -e: the site's CUDA setup "
                      "script, a relative .venv, then `git reset --hard HEAD`, `git remote set-url "
                      "origin https://$GITHUB_TOKEN@github.com/...`, `git fetch` and `git checkout "
                      "$COMMIT_HASH` in if blocks (COMMIT_HASH and GITHUB_TOKEN come from the "
                      "submitter's environment), cache exports under /vol/bitbucket, VLLM/NCCL "
                      "exports, `python experiments/expand.py`. Right: 1 process on 1 GPU with the "
                      "git steps kept in order (they need the network from the compute node and the "
                      "two variables at submission: named), the /vol paths flagged; never the git "
                      "steps dropped silently."]),
    case(fam("template-gpu1-uv-run-python-env-defaults-output-from-job-id", "slurm"),
         "ZedRover/dpo_demo", "slurm_job.sh",
         "a generic Slurm cluster (partition gpu; module lines commented 'modify based on your "
         "cluster setup')", "template-gpu",
         ["uv-run", "env-default-expansions", "output-dir-from-job-id",
          "omp-threads-from-slurm", "commented-modules", "echo-banners", "nvidia-smi"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["--model_name", '"$MODEL_NAME"', "--beta", '"$BETA"', "--learning_rate",
               '"$LEARNING_RATE"', "--batch_size", '"$BATCH_SIZE"', "--max_steps",
               '"$MAX_STEPS"', "--eval_steps", "500", "--save_steps", "1000", "--output_dir",
               '"$OUTPUT_DIR"', "--use_wandb", "--num_workers", "4"],
         vars={"MODEL_NAME": '${MODEL_NAME:-"gpt2"}', "BETA": "${BETA:-0.1}",
               "OUTPUT_DIR": '${OUTPUT_DIR:-"./outputs/${SLURM_JOB_ID}"}'},
         setup=[S("mkdir -p logs"), S("export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK"),
                S("nvidia-smi")],
         keep_text=["uv run python main.py"],
         refuse_words=["SLURM_JOB_ID", "SLURM_CPUS_PER_TASK"],
         assumptions=["1 node, 1 task, 8 CPUs, --gres=gpu:1, partition gpu: echo banners, mkdir "
                      "logs, OMP_NUM_THREADS from SLURM_CPUS_PER_TASK, nvidia-smi, variables with "
                      "${VAR:-default} (OUTPUT_DIR defaults to ./outputs/${SLURM_JOB_ID}), then "
                      "`uv run python main.py ...`. Right: 1 process on 1 GPU with `uv run` kept, "
                      "the defaults kept, SLURM_JOB_ID and SLURM_CPUS_PER_TASK mapped to the "
                      "target's variables (PBS_JOBID, NCPUS or a number) on a PBS target."]),
    case(fam("blue-waters-torque-xk-aprun-python36-pip-install-user-bwpy", "pbs"),
         "herbherbherb/CS547_UDA", "run.pbs",
         "NCSA Blue Waters (Torque/Moab PBS, XK node: one K20X; bwpy)", "bluewaters",
         ["pbs-source", "torque-nodes-ppn-xk", "aprun", "pip-install-user-in-job",
          "epython-prefix", "cd-absolute", "pbs-var-in-directive", "module-init-sourced"],
         launch_model="per_rank", launcher="aprun", total_ranks=1, gpus_per_node=1,
         program="main.py", args=['--cfg="config/uda.json"', '--model_cfg="config/bert_base.json"'],
         setup=[S("cd /u/training/tra265/bin/UDA_pytorch", "required"),
                S('EPYTHON="python3.6" pip3 install --user fire'),
                S('EPYTHON="python3.6" pip3 install --user torch==0.4.1.post2 --yes'),
                S('EPYTHON="python3.6" pip3 install --user tensorflow tqdm tensorboardX')],
         keep_text=["python3.6 main.py"],
         source_only=["nodes=01:ppn=16:xk", "module load bwpy", "module load python/2.0.1",
                      ". /opt/modules/default/init/bash"],
         refuse_words=["bwpy", "aprun", "xk", "torch==0.4.1"],
         assumptions=["Torque `-l nodes=01:ppn=16:xk` (one XK node, one K20X GPU), 3 h, output "
                      "files named with $PBS_JOBID in the directive (not expanded there): cd to an "
                      "absolute /u path, the Cray module init, python/bwpy modules, four `EPYTHON="
                      "\"python3.6\" pip3 install --user ...` lines (torch 0.4.1), then `aprun -n 1 "
                      "-N 1 python3.6 main.py --cfg=... --model_cfg=...`. Right: 1 process on 1 GPU "
                      "(aprun replaced by the target's launch or none), the bwpy/Blue Waters modules "
                      "and the EPYTHON prefix named, the pip lines kept or flagged (torch 0.4.1 on "
                      "a current GPU: noted)."]),
    case(fam("dtu-lsf-a100-venv-nested-loop-three-models-two-datasets", "lsf"),
         "simonamtoft/generative-convergence", "bsub.sh",
         "DTU HPC (LSF, queue gpua100)", "dtu-lsf",
         ["lsf-source", "nested-loop-sequential-runs", "venv-relative", "inert-double-hash-bsub",
          "cuda-cudnn-modules", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_model.py",
         args=["-m", "$MODEL", "-d", "$DATASET", "-e", "2000", "-mute", "-n", "10"],
         setup=[S("source venv/bin/activate")],
         keep_text=["for MODEL in lvae vae flow; do", "for DATASET in checkerboard 8gaussians; do"],
         source_only=["gpua100", "module load cuda/11.1",
                      "module load cudnn/v8.0.4.30-prod-cuda-11.1"],
         refuse_words=["BSUB", "LSF", "loop"],
         assumptions=["LSF (-q gpua100, -n 4, -gpu \"num=1:mode=exclusive_process\", -W 23:59, "
                      "8GB; `##BSUB -B` and `##BSUB -N` inert): cuda and cudnn modules, `source "
                      "venv/bin/activate`, then two nested for loops running `python "
                      "train_model.py -m $MODEL -d $DATASET -e 2000 -mute -n 10` six times in a "
                      "row. Right: 1 process at a time on 1 GPU with both loops kept around the "
                      "launch, the LSF header read (or a refusal naming it), the modules "
                      "replaced."]),
    case(fam("abci-sge-rt-g-large-modules-venv-home-python-pydir-autoencoder", "sge"),
         "dddogwang/Generation-Cell", "qsub.sh",
         "AIST ABCI (Univa Grid Engine, rt_G.large; group given on the qsub line)", "abci",
         ["sge-source", "abci-resource-type", "group-on-command-line", "module-init-sourced",
          "venv-home", "program-from-var", "japanese-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, program="$PYDIR/conv_autoencoder.py", args=[],
         vars={"PYDIR": "$HOME/DDDog/GenerarionCell"},
         setup=[S("source /etc/profile.d/modules.sh"), S("source ~/jupyter_env/bin/activate")],
         source_only=["rt_G.large=1",
                      "module load python/3.6/3.6.12 cuda/11.0/11.0.3 cudnn/8.1/8.1.1 gcc/7.4.0"],
         refuse_words=["rt_G.large", "SGE", "ABCI", "4 GPUs", "one process"],
         assumptions=["ABCI (#$ -cwd, -l rt_G.large=1: 4 GPUs of a node, h_rt 24 h; the group "
                      "`-g gac50426` is given on the qsub command line, per the comments): the "
                      "module init sourced, module purge, ABCI python/cuda/cudnn/gcc modules, a "
                      "venv under ~, PYDIR=$HOME/DDDog/GenerarionCell, `python "
                      "$PYDIR/conv_autoencoder.py` (one process that sees 4 GPUs). Right: one "
                      "process (with the node's 4 GPUs, or 1 GPU with a note), the SGE header read "
                      "(or a refusal naming it), the ABCI modules replaced, the venv kept."]),
    case(fam("nqsv-pbs-gen-s-uv-run-torch-check-make-notebook-wrapper", "pbs"),
         "phvv-me/frame-representation-hypothesis", "qsub.sh",
         "a NEC NQSV cluster (#PBS with -b nodes and elapstim_req; queue gen_S, as on the "
         "University of Tsukuba's Pegasus)", "nqsv-gen",
         ["nqsv-pbs-source", "make-target-wrapper", "uv-run-check", "en-dash-directive",
          "nqsv-mpi-ver-module", "cd-pbs-workdir", "exit-0", "no-gpu-count"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=1,
         program="run_notebook", args=["N=08_guided_generation_model_comparison.ipynb"],
         expect="refuse",
         setup=[S("cd $PBS_O_WORKDIR", "required")],
         keep_text=["make run_notebook N=08_guided_generation_model_comparison.ipynb"],
         source_only=["gen_S", "module load cuda/12.3.2", "module load openmpi/$NQSV_MPI_VER",
                      "elapstim_req=4:00:00"],
         accounts=["CVLABPJ"],
         refuse_words=["make", "Makefile", "notebook", "NQSV", "elapstim_req", "-b 1"],
         assumptions=["NQSV (#PBS -A CVLABPJ, -q gen_S, -b 1 = one node, elapstim_req=4:00:00; "
                      "the -M/-m lines use an en dash `–`, not an option; no GPU count: the node's "
                      "GPU comes with the queue): cuda and openmpi/$NQSV_MPI_VER modules, cd "
                      "$PBS_O_WORKDIR, `uv run python -c \"import torch; ...\"` (a check), then "
                      "`make run_notebook N=08_...ipynb` (the work is a Makefile target running a "
                      "notebook). Right: a refusal naming the make target, or the make line kept "
                      "verbatim on 1 node with 1 GPU and the NQSV header read with a note; never an "
                      "invented python launch."]),
    case(fam("perlmutter-cuda-aware-mpi-srun-g4-gpu-bind-single-binary-ucx-modules", "slurm"),
         "zhangchonglin/cuda_aware_mpi", "run_perlmutter.sh",
         "NERSC Perlmutter (account m499_g, -C gpu; 2022-era module set)", "perlmutter",
         ["per-rank-srun", "compiled-binary", "gpu-bind-single", "cray-module-swaps",
          "mpich-gpu-support", "srun-repeats-directives"],
         launch_model="per_rank", launcher="srun", total_ranks=4, gpus_per_node=4,
         program="cuda_aware_mpi", args=[], framework="cuda-mpi",
         setup=[S('export SLURM_CPU_BIND="cores"'), S("export MPICH_GPU_SUPPORT_ENABLED=1")],
         source_only=["m499_g", "module load PrgEnv-gnu", "module load cudatoolkit/11.5",
                      "module load cpe-cuda", "module load craype-accel-nvidia80",
                      "module load cray-mpich-ucx/8.1.13", "--gpu-bind=single:2"],
         accounts=["m499_g"],
         refuse_words=["cray-mpich-ucx", "craype-network-ucx", "module", "gpu-bind"],
         assumptions=["Perlmutter, -n 4, --ntasks-per-node=4, -c 32, --gpus-per-task=1, "
                      "--gpu-bind=single:2: PrgEnv-gnu, cudatoolkit/11.5, cpe-cuda, "
                      "craype-accel-nvidia80, unload craype-network-ofi, load craype-network-ucx "
                      "and cray-mpich-ucx/8.1.13, unload darshan; SLURM_CPU_BIND and "
                      "MPICH_GPU_SUPPORT_ENABLED=1 exported; `srun --ntasks=4 --ntasks-per-node=4 "
                      "-G 4 --gpu-bind=single:2 cuda_aware_mpi` (a CUDA-aware MPI test binary). "
                      "Right: 4 ranks on 1 node with 4 GPUs, the Cray module swaps named as "
                      "Perlmutter-only (the binary must be rebuilt with the target's MPI: ask or "
                      "note), MPICH_GPU_SUPPORT_ENABLED kept where the target's MPI is MPICH."]),
    case(fam("two-nodes-a40x4-srun-bash-c-accelerate-escaped-nodeid-hostname-i", "slurm"),
         "ntat/Lightweight_CLIP_model", "multi_node.sh",
         "a Slurm cluster (gres A40, account placeholder account_billing_group, /dsk paths)",
         "lab-a40",
         ["srun-bash-c", "accelerate-multi-node", "escaped-var-per-node", "launch-cmd-in-var",
          "master-addr-hostname-i", "placeholder-account", "module-torchvision"],
         launch_model="launcher", launcher="accelerate", total_ranks=8, nodes=2, gpus_per_node=4,
         program="main.py", args=[], strategy="ddp", strategy_in_script=True,
         vars={"GPUS_PER_NODE": "4", "MASTER_ADDR": "$(hostname -i)", "MASTER_PORT": "42069"},
         setup=[S("source /dsk/nikos/flashattention/bin/activate")],
         source_only=["module load torchvision", "gpu:A40:4"],
         accounts=["account_billing_group"],
         refuse_words=["bash -c", "LAUNCH_CMD", "SLURM_NODEID", "machine_rank"],
         assumptions=["2 nodes, 1 task a node, 64 CPUs, --gres=gpu:A40:4: torchvision module, a "
                      "venv under /dsk, GPUS_PER_NODE=4, MASTER_ADDR=$(hostname -i) on the batch "
                      "host, LAUNCH_CMD exported as `accelerate launch --multi_gpu --mixed_precision "
                      "no --num_machines=${SLURM_NNODES} --num_processes=$(expr ...) "
                      "--machine_rank=\\${SLURM_NODEID} ... main.py` (the escaped NODEID expands per "
                      "node), then `srun bash -c \"${LAUNCH_CMD}\"`. Right: 8 processes as 2x4 with "
                      "one accelerate per node and the machine rank per node (the bash -c body "
                      "understood or named: ask), the account replaced."]),
    case(fam("nus-hpc-pbs-volta-gpu-singularity-exec-bash-then-python-outside", "pbs"),
         "ccheemeng/HPC-MNIST-VAE", "train.pbs",
         "NUS HPC (PBS Pro, queue volta_gpu, /app1 Singularity images)", "nus-hpc",
         ["pbs-source", "singularity-exec-bash-no-command", "program-outside-container",
          "pbs-jobid-typo", "redirect-fd3", "cd-pbs-workdir-semicolon", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["-w", "4", "-l", "1E-5", "-b", "100", "-e", "300", "-z", "64", "--hidden-dim",
               "256"],
         container_image="/app1/common/singularity-img/3.0.0/"
                         "pytorch_2.0_cuda_12.0_cudnn8-devel_u22.04.sif",
         setup=[S("cd $PBS_O_WORKDIR", "required")],
         source_only=["volta_gpu", "module load singularity",
                      "/app1/common/singularity-img/3.0.0/"
                      "pytorch_2.0_cuda_12.0_cudnn8-devel_u22.04.sif"],
         accounts=["MNIST-VAE"],
         refuse_words=["singularity exec", "bash", "container", "PBS_JOB_ID", "outside"],
         assumptions=["PBS Pro (-P MNIST-VAE, -q volta_gpu, select=1:ncpus=10:mem=96gb:ngpus=1, "
                      "12 h): cd $PBS_O_WORKDIR, singularity module, `singularity exec <NUS image> "
                      "bash` (an interactive shell with no command: in a batch job it reads no "
                      "input and exits), then `python train.py -w 4 ... > stdout.$PBS_JOB_ID 2> "
                      "stderr.$PBS_JOBID 3> job_name.o$PBS_JOBID` on the host, outside the "
                      "container ($PBS_JOB_ID is not a PBS variable). Right: the container/launch "
                      "split named (ask), or 1 process on 1 GPU with the image flagged and the "
                      "redirects mapped; never a silent move of python into the container."]),
    case(fam("nersc-cori-gpu-4-nodes-g32-srun-n32-c10-python3-tensorflow", "slurm"),
         "NU-CUCIS/async-io-cosmoflow", "sbatch.sh",
         "NERSC GPU nodes (account m844, --constraint=gpu, -G 32 on 4 nodes: 8 GPUs a node, the "
         "shape of Cori GPU)", "nersc-cori-gpu",
         ["per-rank-srun", "total-gpus-directive", "eight-gpus-a-node", "ulimit-core",
          "mpich-thread-safety", "exclusive", "five-minute-walltime"],
         launch_model="per_rank", launcher="srun", total_ranks=32, nodes=4, gpus_per_node=8,
         program="main.py", framework="tensorflow",
         args=["--epochs=3", "--batch_size=8", "--overlap=1", "--checkpoint=0",
               "--buffer_size=128", "--file_shuffle=1", "--record_acc=0", '--config="test.yaml"',
               "--evaluate=0", "--async_io=0"],
         setup=[S("ulimit -c unlimited"), S("export MPICH_MAX_THREAD_SAFETY=multiple")],
         source_only=["m844", "--constraint=gpu", "-G 32"],
         accounts=["m844"],
         refuse_words=["8 GPUs", "-G 32", "32 ranks", "8 nodes"],
         assumptions=["4 nodes, -G 32 (8 GPUs a node), --exclusive, qos regular, 5 minutes: "
                      "ulimit -c unlimited, MPICH_MAX_THREAD_SAFETY=multiple, `srun -n 32 -c 10 "
                      "python3 main.py --epochs=3 ...` (32 TensorFlow ranks). Right: 32 ranks kept "
                      "(8 nodes of 4 GPUs on a 4-GPU target, with a note), or the layout change "
                      "named (ask); never 16 ranks on 4 nodes silently."]),
    case(fam("purdue-v100-32gb-conda-cd-home-mlflow-env-prefix-python-m-src-train", "slurm"),
         "ML-Purdue/hpc-workshop", "sbatch.sh",
         "Purdue RCAC (--account=gpu, constraint V100_32GB)", "purdue-rcac",
         ["python-m-module", "env-prefix-assignments", "secret-from-env", "arg-from-env",
          "cd-home", "source-activate", "no-partition"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src.train", module=True, args=["$MODEL_NAME"],
         setup=[S("source activate cnn-workshop"), S("cd ~/git/cnn-workshop", "required")],
         keep_text=["MLFLOW_TRACKING_USERNAME=jinensetpal",
                    "MLFLOW_TRACKING_PASSWORD=$MLFLOW_TOKEN"],
         source_only=["module load cuda cudnn anaconda", "--constraint=V100_32GB"],
         accounts=["gpu"],
         refuse_words=["MODEL_NAME", "MLFLOW_TOKEN"],
         assumptions=["--account=gpu, --gres=gpu:1, constraint V100_32GB, 2 h: cuda/cudnn/"
                      "anaconda modules, `source activate cnn-workshop`, cd ~/git/cnn-workshop, "
                      "then `MLFLOW_TRACKING_USERNAME=jinensetpal \\ MLFLOW_TRACKING_PASSWORD="
                      "$MLFLOW_TOKEN \\ python -m src.train $MODEL_NAME` (env prefixes on the "
                      "launch; MODEL_NAME and MLFLOW_TOKEN from the submitter's environment). "
                      "Right: 1 process on 1 GPU with both prefixes kept on the python line, -m "
                      "kept, the constraint and modules replaced, the two outside variables "
                      "named."]),
    case(fam("cornell-g2-a6000-cd-share-source-activate-app-server-2000h", "slurm"),
         "Owen-Oertell/LLaVA-server", "sbatch.sh",
         "Cornell G2 cluster (partition sun, /share/cuvl)", "cornell-g2",
         ["server-job", "ntasks-as-cores", "gpus-typed", "get-user-env", "walltime-2000h",
          "cd-absolute", "mail-trailing-dot", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="app.py", args=["8086"],
         setup=[S("cd /share/cuvl/ojo2/LLaVA-server", "required"), S("source activate llava")],
         source_only=["--partition=sun", "a6000:1", "--get-user-env"],
         refuse_words=["2000:00:00", "walltime", "8086", "server"],
         assumptions=["1 node, -n 4 (cores), --gpus=a6000:1, 150G, --get-user-env, -t 2000:00:00 "
                      "(far beyond any target's limit): cd /share/cuvl/..., `source activate "
                      "llava`, `python app.py 8086` (a LLaVA web server on port 8086, not a "
                      "training). Right: 1 process on 1 GPU with the port argument kept, the "
                      "walltime capped to the target's limit with a note (or asked), the /share "
                      "path flagged; not 4 ranks."]),
    case(fam("polaris-two-nodes-mpiexec-array-affinity-wrapper-four-stage-pipeline", "pbs"),
         "nikitinvv/model_mosaic", "polaris_run.sh",
         "ALCF Polaris (PBS Pro, project 14238, filesystems home:grand:eagle)", "polaris",
         ["pbs-source", "mpiexec-in-bash-array", "gpu-affinity-wrapper", "several-stages",
          "serial-stage-then-mpi", "ranks-from-nodefile", "user-knobs-env-defaults",
          "lfs-setstripe", "function-in-args", "commented-alternatives"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=8, nodes=2, gpus_per_node=4,
         program="step1_upsample.py",
         args=["--ups", '"$UPS"', "--path", '"$PATH_DATA"', "--nbanks", '"$NBANKS"',
               '$(vcarg big "$BIG_VCHUNKS")'],
         vars={"UPS": "2", "PATH_DATA": "${PATH_DATA:-/eagle/APS_IRI/vnikitin/mosaic_brain}",
               "NRANKS": "4", "NBANKS": "${NBANKS:-8}"},
         setup=[S('cd "${SCRIPT_DIR}"', "required"),
                S('lfs setstripe -c -1 -S 4M "$d"')],
         other_runs=[R("step0_schematic.py", ["--ups", '"$UPS"', "--path", '"$PATH_DATA"']),
                     R("step2_radon.py", ["--ups", '"$UPS"', "--path", '"$PATH_DATA"', "--nzchunk",
                                          '"$NZCHUNK"', "--nbanks", '"$NBANKS"'], True),
                     R("step3_fresnel.py", ["--ups", '"$UPS"', "--path", '"$PATH_DATA"',
                                            "--npropchunk", '"$NPROPCHUNK"', "--nbanks",
                                            '"$NBANKS"'], True),
                     R("step4_extract.py", ["--ups", '"$UPS"', "--path", '"$PATH_DATA"'], True)],
         source_only=["filesystems=home:grand:eagle", "set_affinity_gpu_polaris.sh",
                      "module use /soft/modulefiles", "module load conda", "conda activate base"],
         accounts=["14238"],
         refuse_words=["set_affinity_gpu_polaris.sh", "affinity", "/eagle", "MPIEXEC", "array"],
         assumptions=["Polaris, select=2, debug queue, 15 min: NNODES from $PBS_NODEFILE, NRANKS=4, "
                      "NTOTRANKS=8; SCRIPT_DIR from PBS_O_WORKDIR; ALCF conda module and base env; "
                      "user knobs with defaults (PATH_DATA under /eagle); mkdir and `lfs "
                      "setstripe` on the data dirs; MPIEXEC kept in a bash array (`mpiexec -n 8 "
                      "--ppn 4 --depth=8 --cpu-bind depth --env OMP_NUM_THREADS=4 "
                      "set_affinity_gpu_polaris.sh`), then step0 serial and steps 1-4 each under "
                      "\"${MPIEXEC[@]}\" python ... (8 ranks, one per GPU). Right: 8 ranks as 2x4 "
                      "for steps 1-4 and step0 once, in order; the Polaris affinity wrapper, conda "
                      "module and /eagle paths replaced or flagged; or a refusal naming the "
                      "several stages / the array launcher."]),
    case(fam("anvil-3-nodes-make-build-mpirun-map-by-node-pe-binary-project-paths", "slurm"),
         "dreaming-panda/Mithril_MultiGPU", "run_anvil.sh",
         "Purdue Anvil (partition gpu, account cis220117-gpu, $PROJECT)", "anvil",
         ["mpirun-under-slurm", "build-in-job", "compiled-binary", "program-from-var",
          "project-env-var", "many-shell-vars", "cd-relative", "commented-alternatives"],
         launch_model="per_rank", launcher="mpirun", total_ranks=3, nodes=3, gpus_per_node=1,
         program="./applications/async_multi_gpus/$model", framework="cuda-mpi",
         args=["--graph", "$PROJECT/gnn_datasets/partitioned_graphs/$graph", "--layers",
               "$num_layers", "--hunits", "$hunits", "--epoch", "$epoch", "--lr", "$lr",
               "--decay", "$decay", "--part", "model", "--chunks", "$chunks", "--weight_file",
               "$PROJECT/saved_weights_pipe", "--dropout", "$dropout", "--seed", "$seed",
               "--eval_freq", "$eval_freq", "--exact_inference", "$exact_inference",
               "--num_dp_ways", "$num_dp_ways", "--enable_compression", "$enable_compression"],
         vars={"model": "gcnii", "graph": "ogbn_products", "num_layers": "3", "hunits": "128",
               "chunks": "16"},
         setup=[S("hostname"), S("nvidia-smi"), S("module list"), S("cd build", "required"),
                S("make -j")],
         source_only=["-p gpu"],
         accounts=["cis220117-gpu"],
         refuse_words=["$PROJECT", "PROJECT", "mpirun", "map-by", "make"],
         assumptions=["Anvil, 3 nodes, 1 GPU and 1 task a node, 32 CPUs a task, 15 min: hostname, "
                      "nvidia-smi, module list, `cd build`, `make -j` (builds the C++/CUDA code in "
                      "the job), fifteen shell variables, then `mpirun --map-by "
                      "node:PE=$SLURM_CPUS_PER_TASK ./applications/async_multi_gpus/$model --graph "
                      "$PROJECT/...` (3 ranks, one per node; $PROJECT is Anvil's project "
                      "directory). Right: 3 ranks as 3x1, the build kept before the launch, "
                      "$PROJECT named as a source path (ask or note), SLURM_CPUS_PER_TASK mapped; "
                      "mpirun kept or replaced by the target's launcher with a note."]),
    case(fam("alliance-canada-t4x4-4-nodes-srun-tcp-init-pip-no-index-abs-paths", "slurm"),
         "BaderLab/RETINA", "pretrain.slurm",
         "Digital Research Alliance of Canada (StdEnv/2020, --no-index wheels; T4 nodes: Graham)",
         "alliance-graham",
         ["per-rank-srun", "tcp-init-method", "world-size-from-slurm-arith", "pip-no-index",
          "absolute-root-paths", "master-addr-unset-echo", "redirect-output", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=4, gpus_per_node=4,
         program="/RETINA/pretrain.py", strategy="ddp",
         args=["--init_method", "tcp://$MAIN_NODE:3456", "--world_size",
               "$((SLURM_NTASKS_PER_NODE * SLURM_JOB_NUM_NODES))", "--batch_size", "$batch_size",
               "--trained_step", "$trained_step"],
         vars={"MAIN_NODE": "$(hostname)", "log_dir": '"/RETINA/checkpoint"',
               "batch_size": "256", "trained_step": "0"},
         setup=[S("pip install --no-index --upgrade pip"),
                S("pip install --no-index -r /RETINA/requirements.txt"),
                S("export NCCL_BLOCKING_WAIT=1"), S("mkdir -p `pwd`/$log_dir")],
         keep_text=["> $log_dir/pretrain"],
         source_only=["module load StdEnv/2020", "module load python/3.10", "module load cuda/11.4",
                      "gpu:t4:4"],
         refuse_words=["--no-index", "SLURM_NTASKS_PER_NODE", "world_size", "init_method"],
         assumptions=["4 nodes, 4 tasks a node, --gres=gpu:t4:4: StdEnv/2020 and python modules, "
                      "`pip install --no-index` (the Alliance wheelhouse: no such index on the "
                      "targets) of /RETINA/requirements.txt, NCCL_BLOCKING_WAIT=1, MAIN_NODE="
                      "$(hostname), cuda module, mkdir, then `srun python /RETINA/pretrain.py "
                      "--init_method tcp://$MAIN_NODE:3456 --world_size $((SLURM_NTASKS_PER_NODE * "
                      "SLURM_JOB_NUM_NODES)) ... > $log_dir/pretrain` (16 ranks). Right: 16 ranks "
                      "as 4x4, the world-size arithmetic mapped to the target's counts (or 16), "
                      "--no-index named, the redirect kept, the modules replaced."]),
    case(fam("ntnu-idun-gpuq-80g-constraint-submit-dir-pip-user-uv-run", "slurm"),
         "CogitoNTNU/geoguessr-ai", "pretrain.slurm",
         "NTNU IDUN (partition GPUQ, account studiegrupper-cogito)", "ntnu-idun",
         ["uv-run", "pip-install-user-in-job", "workdir-from-submit-dir", "constraint-expression",
          "walltime-5-days", "mail-list", "echo-slurm-vars"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="pretrain_idun.py", args=[],
         vars={"WORKDIR": "${SLURM_SUBMIT_DIR}"},
         setup=[S("cd ${WORKDIR}", "required"), S("pip install uv --user")],
         keep_text=["uv run python pretrain_idun.py"],
         source_only=["GPUQ", "module load Anaconda3/2024.02-1",
                      '--constraint="(a100|h100|h200)&(gpu80g)"'],
         accounts=["studiegrupper-cogito"],
         refuse_words=["SLURM_SUBMIT_DIR", "constraint", "gpu80g", "05-00:00:00"],
         assumptions=["1 node, --gres=gpu:1, 128GB, constraint (a100|h100|h200)&(gpu80g), 5 days "
                      "(over most targets' limits): WORKDIR=${SLURM_SUBMIT_DIR}, cd, echoes of "
                      "SLURM variables, module purge, Anaconda3 module, `pip install uv --user`, "
                      "`uv run python pretrain_idun.py`. Right: 1 process on one 80 GB GPU, the "
                      "submit-dir variable mapped (PBS_O_WORKDIR on a PBS target), `uv run` kept, "
                      "the walltime capped with a note."]),
    case(fam("nyu-torch-gpu1-positional-config-arg-unset-cvd-conda-sh-tee-log", "slurm"),
         "Joni-z/PAC-former", "pretrain.slurm",
         "NYU Torch HPC (account torch_pr_63_tandon_advanced, /scratch)", "nyu-torch",
         ["positional-arg-from-sbatch", "set-euo-pipefail", "unset-cuda-visible-devices",
          "conda-sh-var", "path-from-conda-prefix", "tee-log-with-job-id", "cd-absolute"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="pretrain.py", args=["--config", '"$CONFIG_PATH"'],
         vars={"CFG_NAME": '"$1"', "CONFIG_PATH": '"configs/${CFG_NAME}.yaml"'},
         setup=[S("unset CUDA_VISIBLE_DEVICES"), S('export TMPDIR="${TMPDIR:-/scratch/zz5070/tmp}"'),
                S('source "$CONDA_SH"'), S("conda activate pacformer"),
                S('export PATH="$CONDA_PREFIX/bin:$PATH"'),
                S("cd /scratch/zz5070/PACLock", "required"), S("mkdir -p logs")],
         keep_text=["python -u pretrain.py"],
         accounts=["torch_pr_63_tandon_advanced"],
         refuse_words=["$1", "SLURM_JOB_ID", "argument", "/scratch"],
         assumptions=["1 node, 1 task, 16 CPUs, 32GB, --gres=gpu:1, 12 h; usage `sbatch "
                      "pretrain.slurm <config>`: set -euo pipefail, unset CUDA_VISIBLE_DEVICES, "
                      "TMPDIR under /scratch, conda.sh from CONDA_SH, conda activate, PATH from "
                      "CONDA_PREFIX, cd /scratch/zz5070/PACLock, CFG_NAME=\"$1\", mkdir logs, `python "
                      "-u pretrain.py --config \"$CONFIG_PATH\" 2>&1 | tee \"logs/${CFG_NAME}-"
                      "${SLURM_JOB_ID}.log\"`. Right: 1 process on 1 GPU with the set-up in order, "
                      "the positional argument named (qsub passes none: -v or -F on PBS), "
                      "SLURM_JOB_ID in the tee path mapped, the /scratch paths flagged."]),
    case(fam("uva-rivanna-a100x4-gpupod-source-env-bash-run-sh-wrapper", "slurm"),
         "wonkyoc/data-curation", "pretrain.slurm",
         "University of Virginia Rivanna (partition gpu, account xsel, constraint gpupod)",
         "uva-rivanna",
         ["user-wrapper", "source-env-script", "constraint-gpupod", "inert-double-hash-mail",
          "commented-prep-step"],
         launch_model="single", launcher="unknown", total_ranks="unknown", gpus_per_node=4,
         program="run.sh", args=[], expect="refuse",
         setup=[S("source env-xzl.sh")],
         keep_text=["bash run.sh"],
         source_only=["--constraint=gpupod", "gpu:a100:4"],
         accounts=["xsel"],
         refuse_words=["run.sh", "wrapper", "bash", "env-xzl.sh"],
         assumptions=["Rivanna, partition gpu, --gres=gpu:a100:4, constraint gpupod, account xsel, "
                      "128G (no node or task count): `source env-xzl.sh` (the user's environment "
                      "script), an echo, then `bash run.sh` (the RWKV training is inside run.sh, "
                      "not in the job). Right: a refusal naming run.sh, or the bash line kept "
                      "verbatim with 4 GPUs on 1 node and the env script kept; never an invented "
                      "launch."]),
    case(fam("tamu-grace-export-none-a100-scratch-venv-cd-python3", "slurm"),
         "Jucedous/RL-Project", "sft.slurm",
         "TAMU HPRC Grace (--export=NONE, $SCRATCH, GCCcore/Python/CUDA modules)", "tamu-grace",
         ["export-none", "scratch-var-paths", "venv-scratch", "cd-scratch", "module-chain",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="ins_train.py", args=[],
         setup=[S("source $SCRATCH/venv/bin/activate"), S("cd $SCRATCH/pdtb", "required")],
         keep_text=["python3 ins_train.py"],
         source_only=["--export=NONE", "module load GCCcore/12.2.0 Python/3.10.8 CUDA/12.1"],
         refuse_words=["$SCRATCH", "SCRATCH", "export=NONE"],
         assumptions=["Grace, --export=NONE, 1 node, 1 task, --gres=gpu:a100:1, 100G, 1 h: "
                      "GCCcore/Python/CUDA modules, `source $SCRATCH/venv/bin/activate`, `cd "
                      "$SCRATCH/pdtb`, `python3 ins_train.py`. Right: 1 process on 1 GPU, the venv "
                      "and cd kept in order with $SCRATCH named (set on Perlmutter/TACC, not on "
                      "Polaris: note), --export=NONE dropped or mapped with a note, the modules "
                      "replaced."]),
    case(fam("template-empty-partition-qos-invalid-gres-path-placeholder-bash-sft-wrapper",
             "slurm"),
         "youpengl/OpenVul", "sft.slurm",
         "a template (empty partition and qos, --gres=[4 A100 80g], a path placeholder)",
         "template-empty",
         ["user-wrapper", "empty-directives", "invalid-gres", "placeholder-cd", "source-bashrc",
          "venv-relative", "walltime-5-days", "no-final-newline"],
         launch_model="single", launcher="unknown", total_ranks="unknown", gpus_per_node=4,
         program="sft.sh", args=[], expect="refuse",
         setup=[S("source ~/.bashrc"), S('cd "please input your local path here"', "required"),
                S("source .venv/bin/activate")],
         keep_text=["bash sft.sh"],
         refuse_words=["sft.sh", "placeholder", "gres", "partition", "wrapper"],
         assumptions=["1 node, 1 task, 64 CPUs, 480gb, 5 days, `--partition=` and `--qos=` empty, "
                      "`--gres=[4 A100 80g]` (not a gres: 4 A100 80 GB meant): source ~/.bashrc, "
                      "`cd \"please input your local path here\"`, a relative .venv, then `bash "
                      "sft.sh` (the training is in sft.sh). Right: a refusal naming sft.sh and the "
                      "placeholders, or the bash line kept verbatim with 4 GPUs and every "
                      "placeholder asked for; never a silent guess at the path."]),
    case(fam("gwdg-scc-gpu-a100-mamba-modules-xla-flags-sw-path-srun-python", "slurm"),
         "AmirAsgary/TCRtyper", "run_train.sbatch",
         "GWDG Goettingen SCC (partition scc-gpu, /sw/rev Spack tree)", "gwdg-scc",
         ["srun-one-task", "xla-flags-site-path", "mamba-activate", "module-after-env",
          "gpus-typed", "source-bashrc"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train_model.py", args=[], framework="tensorflow",
         setup=[S("source ~/.bashrc"), S("mamba activate TCRtyper")],
         source_only=["scc-gpu", "module load gcc/13.2.0", "module load cuda/11.8.0",
                      "module load cudnn/8.9.7.29-11",
                      "--xla_gpu_cuda_data_dir=/sw/rev/25.04/rome_mofed_cuda80_rocky8/"
                      "linux-rocky8-zen2/gcc-13.2.0/cuda-11.8.0-4oekvl532gamzsqnoiwlgjlpqqhhin6j"],
         refuse_words=["XLA_FLAGS", "/sw/rev", "cuda_data_dir"],
         assumptions=["-p scc-gpu, -G A100:1, -c 24, 64G, 1 day: source ~/.bashrc, `mamba activate "
                      "TCRtyper`, gcc/cuda/cudnn modules, `export XLA_FLAGS=--xla_gpu_cuda_data_dir="
                      "/sw/rev/25.04/...` (a GWDG Spack path), `srun python train_model.py` (one "
                      "TensorFlow process). Right: 1 rank on 1 GPU, the XLA_FLAGS path replaced by "
                      "the target's CUDA root or flagged, the modules replaced, the mamba env "
                      "kept."]),
    case(fam("gres3-one-task-one-cpu-conda-create-if-missing-pip-srun-mmdet-train", "slurm"),
         "EstebanDARIZ/GCC-Net", "run_train.sbatch",
         "a French lab Slurm cluster (partition gpu-2080ti, qos normal, EasyBuild /opt/easybuild)",
         "lab-2080ti",
         ["one-task-multi-gpu", "conda-create-if-missing", "pip-install-in-job", "cd-home",
          "easybuild-conda-sh", "french-comments", "srun-one-task"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=3,
         gpus_per_rank=3, program="tools/train.py",
         args=["configs/autoassign/autoassign_custom_dataset.py"],
         vars={"PYTHON_VERSION": "3.8.18", "ENVIRONMENT_NAME": '"gccnet_env"'},
         setup=[S("cd ~/gccnet", "required"), S("conda activate ${ENVIRONMENT_NAME}"),
                S("pip install -r requirements.txt")],
         keep_text=['if ! conda info --envs | grep -q "^${ENVIRONMENT_NAME}"; then'],
         source_only=["gpu-2080ti", "module load Anaconda3",
                      "source /opt/easybuild/software/Anaconda3/2024.02-1/etc/profile.d/conda.sh"],
         refuse_words=["3 GPUs", "gpu:3", "one task", "1 CPU"],
         assumptions=["1 node, 1 task, 1 CPU, 4096 MB, --gres=gpu:3, 24 h: cd ~/gccnet, Anaconda3 "
                      "module and its EasyBuild conda.sh, an if block creating the conda env when "
                      "missing, conda activate, `pip install -r requirements.txt`, then `srun python "
                      "tools/train.py configs/autoassign/autoassign_custom_dataset.py` (one MMDetection "
                      "process that sees 3 GPUs; its plain train.py uses one). Right: 1 rank (with 3 "
                      "GPUs as asked, or 1 with a note), the if block, activate and pip kept in "
                      "order; never 3 ranks silently."]),
    case(fam("cmu-babel-l40s-conda-sh-cd-data-cuda-visible-devices0-hydra-name", "slurm"),
         "amburger66/mctd", "run_train.sbatch",
         "CMU LTI Babel (partition general, /data/user_data)", "cmu-babel",
         ["env-prefix-cuda-visible-devices", "hydra-plus-override", "conda-sh-home",
          "cd-absolute", "log-paths-absolute"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=["+name=my_run_long_no_obstacle_dataset"],
         setup=[S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate mctd"),
                S("cd /data/user_data/mbronars/packages/mctd_updated", "required")],
         keep_text=["CUDA_VISIBLE_DEVICES=0 python main.py"],
         source_only=["gpu:L40S:1", "--partition=general"],
         refuse_words=["CUDA_VISIBLE_DEVICES", "/data/user_data", "L40S"],
         assumptions=["1 node, 1 task, 8 CPUs, --gres=gpu:L40S:1, 64G, 48 h, logs under "
                      "/data/user_data: conda.sh from ~/miniconda3, conda activate mctd, cd "
                      "/data/user_data/..., `CUDA_VISIBLE_DEVICES=0 python main.py "
                      "+name=my_run_long_no_obstacle_dataset`. Right: 1 process on 1 GPU with the "
                      "Hydra `+name=` override kept verbatim, the CUDA_VISIBLE_DEVICES prefix kept "
                      "or flagged, the /data paths flagged, the walltime capped with a note."]),
    case(fam("gatech-kira-a40x8-one-task-required-env-exports-bash-finetune-wrapper", "slurm"),
         "polinazhang/gr00t-n1.6", "run_train.sbatch",
         "Georgia Tech (partition kira-lab, qos long, /coc paths)", "gatech-kira",
         ["user-wrapper", "required-env-colon-check", "many-env-defaults", "set-euo-pipefail",
          "master-port-from-job-id", "ld-library-path-cuda", "exclude-nodes", "mem-per-gpu"],
         launch_model="single", launcher="unknown", total_ranks="unknown", gpus_per_node=8,
         program="examples/finetune.sh",
         args=["--base-model-path", '"${CHECKPOINT_DIR}"', "--dataset-path", '"${DATASET_DIR}"',
               "--embodiment-tag", "ROBOCASA_PANDA_OMRON", "--output-dir", '"${OUTPUT_DIR}"',
               "--wandb-project", '"${WANDB_PROJECT}"'],
         expect="refuse",
         vars={"NUM_GPUS": '"${NUM_GPUS:-8}"',
               "MASTER_PORT": '"${MASTER_PORT:-$((29500 + (${SLURM_JOB_ID:-0} % 1000)))}"'},
         setup=[S("source ~/.bashrc"), S('cd "${GR00T_ROOT}"', "required"),
                S('source "${GR00T_ROOT}/.venv/bin/activate"'),
                S('mkdir -p "${OUTPUT_DIR}" "${WANDB_DIR}"')],
         keep_text=["bash examples/finetune.sh"],
         source_only=["kira-lab", "a40:8", '--exclude="clippy,spd-13"',
                      "/usr/local/cuda-12.4/lib64"],
         refuse_words=["finetune.sh", "wrapper", "CHECKPOINT_DIR", "NUM_GPUS"],
         assumptions=["1 node, 1 task, 64 CPUs, --gpus-per-node=a40:8, 45G a GPU, qos long, ~7 "
                      "days, two nodes excluded: source ~/.bashrc, set -euo pipefail, paths under "
                      "/coc, mkdir, cd, a .venv, `: \"${CHECKPOINT_DIR:?...}\"` checks (three "
                      "variables the submitter must set), many exports with defaults (NUM_GPUS=8, "
                      "MASTER_PORT from SLURM_JOB_ID), LD_LIBRARY_PATH with /usr/local/cuda-12.4, "
                      "then `bash examples/finetune.sh --base-model-path ...` (GR00T's own launcher "
                      "script starts the 8 processes). Right: a refusal naming finetune.sh, or the "
                      "bash line kept verbatim with 8 GPUs on 1 node and the required variables "
                      "named; never an invented torchrun."]),
    case(fam("a100-80g-one-gpu-accelerate-launch-bf16-venv-cores-50", "slurm"),
         "KevinOliver99/ImprovMusicGen", "run_train.sbatch",
         "a Slurm cluster (partition gpu-a100-80g; 120 h)", "lab-a100-80g",
         ["accelerate-launch-single-gpu", "mixed-precision-flag", "venv-relative",
          "nvidia-smi-query-echo", "walltime-120h"],
         launch_model="launcher", launcher="accelerate", total_ranks=1, gpus_per_node=1,
         program="train_jam.py", args=[],
         setup=[S("source env/bin/activate")],
         keep_text=['accelerate launch --mixed_precision="bf16"'],
         source_only=["gpu-a100-80g", "gpu:a100:1"],
         refuse_words=["120:00:00", "walltime"],
         assumptions=["--gres=gpu:a100:1, 50 CPUs, 80G, 120 h (over most targets' limits), no "
                      "node or task count: `source env/bin/activate`, echoes (hostname, nvidia-smi "
                      "query), `accelerate launch --mixed_precision=\"bf16\" train_jam.py` (one "
                      "process). Right: 1 process on one 80 GB A100-class GPU with the accelerate "
                      "line and its bf16 flag kept, the walltime capped with a note."]),
    case(fam("nodelist-pinned-gpus1-account-member-venv-python-tensorboard-args", "slurm"),
         "wqlevi/moco_abdonimal", "run_train.sbatch",
         "a lab Slurm cluster (partition day, account member, node-gpu-03)", "lab-day",
         ["nodelist-pin", "venv-relative", "quoted-arg", "commented-module"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["--log-writer", '"tensorboard"', "--batch-size", "16"],
         setup=[S("source .venv/bin/activate")],
         source_only=["--nodelist=node-gpu-03", "--partition=day"],
         accounts=["member"],
         refuse_words=["nodelist", "node-gpu-03"],
         assumptions=["1 task, --gpus=1, 10 CPUs, 32G, 6 h, --nodelist=node-gpu-03 (a node of the "
                      "source cluster), account member: a relative .venv, `python train.py "
                      "--log-writer \"tensorboard\" --batch-size 16`. Right: 1 process on 1 GPU, the "
                      "nodelist dropped with a note (no such node on the target), the account "
                      "replaced, the arguments kept."]),
    case(fam("lsf-gpuq-ngpus-shared-4-cd-gpfsdata-python-then-loop-15-actions", "lsf"),
         "BiEchi/Pose3dDirectionalTraining", "lsf.sh",
         "an LSF cluster (queue gpuq, /gpfsdata; ngpus_shared rusage)", "lsf-gpuq",
         ["lsf-source", "ngpus-shared-rusage", "slurm-pattern-in-lsf-output", "cd-absolute",
          "run-then-loop", "commented-alternatives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, program="run.py",
         args=["-e", "80", "-k", "cpn_ft_h36m_dbb", "-arc", "3,3,3,3,3", "-cho", "all"],
         other_runs=[R("run.py", ["-e", "100", "-k", "cpn_ft_h36m_dbb", "-arc", "3,3,3,3,3",
                                  "-cho", "$i"])],
         setup=[S("cd /gpfsdata/home/zeduoyu/jackfiles/Pose3dDirectionalTraining/VideoPose3D/",
                  "required")],
         keep_text=["for i in Directions Discussion Eating Greeting Phoning Photo Posing Purchases "
                    "Sitting SittingDown Smoking Waiting WalkDog Walking WalkTogether"],
         source_only=["gpuq", "ngpus_shared=4"],
         refuse_words=["ngpus_shared", "BSUB", "LSF"],
         assumptions=["LSF (#BSUB -n 1, -R \"select[ngpus>0] rusage [ngpus_shared=4]\", -q gpuq; "
                      "-e ./Temp/%j.err uses a Slurm pattern, %J in -o): cd to an absolute "
                      "/gpfsdata path, `python run.py -e 80 ... -cho all`, then a loop over 15 "
                      "action names running `python run.py -e 100 ... -cho $i` in turn. Right: one "
                      "process at a time (with the 4 shared GPUs, or 1 with a note), the first run "
                      "and the loop kept in order, the LSF header read (or a refusal naming it)."]),
    case(fam("bosch-lsf-v100-mandatory-profile-set-e-conda-run-okvqa-wrapper", "lsf"),
         "thuyduongtt/benchmark_llava", "lsf.sh",
         "Bosch Center for AI LSF cluster (queue batch_v100, /fs/applications)", "bosch-lsf",
         ["lsf-source", "user-wrapper", "no-shebang", "site-profile-sourced", "set-e-then-plus-e",
          "slurm-pattern-in-lsf-output", "mail-directive", "commented-proxy"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=1,
         program="./scripts/run_OKVQA.sh", args=[], expect="refuse",
         setup=[S("set -e"), S("source activate llava")],
         keep_text=["./scripts/run_OKVQA.sh"],
         source_only=[". /fs/applications/lsf/latest/conf/profile.lsf",
                      ". /fs/applications/modules/current/init/bash", "batch_v100",
                      "module load conda"],
         refuse_words=["run_OKVQA.sh", "wrapper", "LSF", "BSUB"],
         assumptions=["LSF (no shebang; -W 168:00, -n 2, -M 8000, -gpu \"num=1\", span[hosts=1], "
                      "-q batch_v100, %x.%j in -o/-e are Slurm patterns): the site's LSF profile and "
                      "module init (marked mandatory), set -e, conda module, `source activate "
                      "llava`, then `./scripts/run_OKVQA.sh` (the evaluation is in the user's "
                      "script), set +e. Right: a refusal naming run_OKVQA.sh, or the line kept "
                      "verbatim with 1 GPU and the /fs/applications lines named as source-only; the "
                      "168 h walltime capped with a note."]),
    case(fam("summit-lsf-jsrun-n1-a1-g6-c42-smpiargs-gpu-python-printenv", "lsf"),
         "jiayongzhang/pred_CBED_PyTorch", "lsf.sh",
         "OLCF Summit (LSF, project CHP107, jsrun, 6 V100 a node)", "summit",
         ["lsf-source", "jsrun-resource-set", "one-rank-six-gpus", "alloc-flags-smt",
          "ls-subcwd", "printenv-banner", "path-to-home-anaconda", "commented-alternatives"],
         launch_model="per_rank", launcher="jsrun", total_ranks=1, gpus_per_node=6,
         gpus_per_rank=6, program="mpirun.py", args=[],
         setup=[S("export OMP_NUM_THREADS=42"), S("cd $LS_SUBCWD", "required")],
         source_only=["-alloc_flags smt1",
                      'export PATH="/ccs/home/z8j/summit/pytorch-1.0-p3/anaconda3/bin:$PATH"',
                      "source ~/summit/pytorch-1.0-p3/source_to_run_pytorch1.0-p3",
                      '--smpiargs "-gpu"'],
         accounts=["CHP107"],
         refuse_words=["jsrun", "Summit", "LS_SUBCWD", "6 GPUs", "-g6"],
         assumptions=["Summit LSF (-P CHP107, -W 2:00, -nnodes 1, -alloc_flags smt1): printenv "
                      "banners, OMP_NUM_THREADS=42, PATH and LD_LIBRARY_PATH to a Power9 PyTorch 1.0 "
                      "under /ccs/home, a source script, `cd $LS_SUBCWD`, then `jsrun -n1 -a1 -g6 "
                      "-c42 --bind none --latency_priority cpu-memory --smpiargs \"-gpu\" python "
                      "mpirun.py` (one rank with all 6 GPUs). Right: one process with the node's "
                      "GPUs (4 on a target, with a note, or asked), the Summit paths and jsrun "
                      "options named as source-only, LS_SUBCWD mapped to the submit dir."]),
    case(fam("osnabrueck-sge-cuda1-program-var-cfg-from-env-miniconda-scratch", "sge"),
         "SvenGroen/On-the-Potential-of-Recurrent-Structures-for-Semantic-Video-Segmentation-"
         "with-Deep-Networks", "train.sge",
         "University of Osnabrueck IKW grid (SGE, -l cuda=1, /net/projects/scratch)",
         "osnabrueck-ikw",
         ["sge-source", "cuda-resource", "program-from-var", "cfg-from-qsub-env",
          "pythonpath-scratch", "miniconda-activate-path", "output-dev-null", "echo-banners"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/train.py", args=["-cfg", "$CFG"],
         vars={"setup_file": "src/train.py", "env_name": "torch"},
         setup=[S('export SCRATCH_WD_21="/net/projects/scratch/summer/valid_until_31_January_2021/'
                  'sgroen"'),
                S("export PYTHONPATH=$SCRATCH_WD_21:$PYTHONPATH"),
                S("source $SCRATCH_WD_21/miniconda/bin/activate $env_name")],
         keep_text=["python $setup_file -cfg $CFG"],
         source_only=["cuda=1", "hostname=!*cippy*"],
         refuse_words=["CFG", "SGE", "cuda=1"],
         assumptions=["SGE (-l mem=4G, -cwd, -l cuda=1, hostname=!*cippy*, h_rt 1:29, -o /dev/null, "
                      "-pe default 1): echo banners, setup_file=src/train.py, env_name=torch, "
                      "SCRATCH_WD_21 under /net/projects/scratch (valid until January 2021), "
                      "PYTHONPATH, a miniconda activate by path, `python $setup_file -cfg $CFG` "
                      "(CFG comes from `qsub -v`). Right: 1 process on 1 GPU with the variables "
                      "kept, CFG named as a submit-time variable, the SGE header read (or a refusal "
                      "naming it)."]),
    case(fam("leeds-arc-sge-coproc-v100-bashrc-conda-path-prefix-python-compile", "sge"),
         "rbonazzola/scFoundationModel", "train.sge",
         "University of Leeds ARC (SGE, coproc_v100, ~/nobackup)", "leeds-arc",
         ["sge-source", "coproc-resource", "source-bashrc", "path-from-conda-prefix",
          "multi-line-args", "home-nobackup-data"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--data_path", "${HOME}/nobackup/data/scrna/root", "--compile", "--depth", "4",
               "--batch_size", "32", "--lr", "1e-4", "--num_workers", "8",
               "--mask_probability", "0.20"],
         setup=[S("source ~/.bashrc"), S("conda activate scrna"),
                S("PATH=${CONDA_PREFIX}/bin:$PATH")],
         source_only=["coproc_v100=1"],
         refuse_words=["SGE", "coproc_v100", "nobackup"],
         assumptions=["SGE (-N scbert, -cwd, -l coproc_v100=1: one V100, h_rt 48 h, -j y): source "
                      "~/.bashrc, conda activate scrna, PATH from CONDA_PREFIX, `python train.py "
                      "--data_path ${HOME}/nobackup/data/scrna/root --compile ...`. Right: 1 process "
                      "on 1 GPU with every argument kept, ~/nobackup flagged as a Leeds path, the "
                      "SGE header read (or a refusal naming it)."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
