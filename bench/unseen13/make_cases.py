"""Write bench/unseen13/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF and
SGE sources: any three are of another family). Same rules as bench/unseen12
(bench/unseen6/make_common.py).
Usage: python bench/unseen13/make_cases.py /work/cache/unseen13 bench/unseen13/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("ucf-gpus2-one-task-torch-distributed-launch-nproc1-time-source-activate", "slurm"),
         "AlejandroZam/DINO-V", "submit.slurm",
         "UCF ARCC Newton (modules python/python-3.8.0-gcc-9.1.0, cuda/cuda-10.2)", "ucf-newton",
         ["python-m-torch-distributed-launch", "nproc-gpu-disagreement", "time-prefix",
          "gpu-device-ordinal-count", "nvidia-smi-topo", "source-activate", "commented-directive"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=1,
         gpus_per_node=2, program="main_dino.py", args=[], strategy="ddp",
         setup=[S("source activate pytorch-1.8.0+cuda10_2"), S("nvidia-smi topo -m")],
         keep_text=["time python -m torch.distributed.launch"],
         source_only=["module load python/python-3.8.0-gcc-9.1.0", "module load cuda/cuda-10.2"],
         refuse_words=["nproc_per_node", "--gpus=2", "2 GPUs", "1 process"],
         assumptions=["1 task, --gpus=2, but `time python -m torch.distributed.launch "
                      "--nproc_per_node=1 main_dino.py` (1 rank; the comments say only one GPU "
                      "is used). NUM_GPUS counted from GPU_DEVICE_ORDINAL for an echo. Right: "
                      "the 1-rank launch kept (with 2 GPUs asked, or 1 with a note), or the "
                      "disagreement named; the `time` prefix, the echoes and `source activate` "
                      "kept; the UCF modules replaced."]),
    case(fam("singlegpu-cd-home-bash-openrlhf-sft-wrapper-hf-offline", "slurm"),
         "junming-yang/llm-finetune-demo", "submit.slurm",
         "a Slurm cluster (partition singlegpuB, /home/xxx placeholder)", "lab-singlegpu",
         ["user-wrapper", "cd-absolute", "placeholder-path", "hf-offline-env",
          "module-anaconda", "source-bashrc"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=1,
         program="examples/scripts/sft_r1.sh", args=[], expect="refuse",
         setup=[S("source ~/.bashrc"), S("source activate alignment"),
                S("cd /home/xxx/OpenRLHF", "required")],
         source_only=["singlegpuB", "module load anaconda3 cuda-12.4"],
         refuse_words=["sft_r1.sh", "wrapper", "script", "bash"],
         assumptions=["1 node, 1 task, --gres=gpu:1: HF cache/offline exports "
                      "(HF_DIR='/home/xxx/hf_cache'), `cd /home/xxx/OpenRLHF`, then `bash "
                      "examples/scripts/sft_r1.sh` (OpenRLHF's own launcher script, not in the "
                      "job). Right: a refusal naming the wrapper, or the bash line kept as is "
                      "with 1 GPU and the /home/xxx placeholder paths flagged; never an invented "
                      "python launch."]),
    case(fam("ucf-ntasks2-gres1-cuda-visible-devices0-python3-main", "slurm"),
         "ethandrzb/UCF101-PyTorch", "submit.slurm",
         "UCF ARCC Newton (gcc/gcc-8.3.0, anaconda/anaconda3, cuda/cuda-10.2)", "ucf-newton",
         ["ntasks-2-one-launch", "env-prefix-cuda-visible-devices", "gres-flags",
          "mail-directives", "nvidia-smi-topo", "source-activate"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="Main.py", args=[],
         setup=[S("source activate reu2021"), S("python3 --version"), S("nvidia-smi topo -m")],
         keep_text=["CUDA_VISIBLE_DEVICES=0 python3 -u Main.py"],
         source_only=["module load gcc/gcc-8.3.0", "module load anaconda/anaconda3",
                      "module load cuda/cuda-10.2", "--gres-flags=enforce-binding"],
         refuse_words=["ntasks", "CUDA_VISIBLE_DEVICES"],
         assumptions=["1 node, --ntasks=2, --gres=gpu:1 (the comments disagree), then "
                      "`CUDA_VISIBLE_DEVICES=0 python3 -u Main.py` (1 process, no srun). "
                      "Right: 1 process on 1 GPU, the CUDA_VISIBLE_DEVICES=0 prefix and -u kept "
                      "(or the prefix flagged), the modules replaced; not 2 ranks."]),
    case(fam("a100x2-n16-one-process-flags-var-conda-deactivate", "slurm"),
         "SJ-Fang23/learning-with-progress", "submit.slurm",
         "a Slurm cluster (partition gpu, a100)", "lab-a100",
         ["one-process-multi-gpu", "empty-flags-var", "conda-deactivate-after",
          "ntasks-as-cores", "relative-log-dir"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2,
         gpus_per_rank=2, program="experiments/experiment_train.py", args=["${FLAGS}"],
         vars={"FLAGS": '""'},
         setup=[S("source activate lwp"), S("conda deactivate")],
         source_only=["gpu:a100:2"],
         refuse_words=["-n 16", "ntasks", "2 GPUs"],
         assumptions=["-n 16 (cores, as the comment says), -p gpu, --gres=gpu:a100:2, then "
                      "`python experiments/experiment_train.py ${FLAGS}` (one process with both "
                      "GPUs visible; FLAGS is empty) and `conda deactivate`. Right: one process "
                      "with 2 GPUs, not 16 or 2 ranks; job_out/ log paths kept."]),
    case(fam("nus-a100-40-venv-pip-install-pythonpath-submit-dir", "slurm"),
         "dardenren/Hybrid-Projection-Adaptation", "submit.slurm",
         "NUS School of Computing cluster (gres a100-40)", "nus-soc",
         ["venv-relative", "pip-install-in-job", "submit-dir-in-user-var", "mail-directives",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=[],
         setup=[S("source ./venv/bin/activate"),
                S("export PYTHONPATH=$PYTHONPATH:$SLURM_SUBMIT_DIR", "required"),
                S("export PYTHONUNBUFFERED=1"),
                S("pip install --no-cache-dir -r requirements.txt")],
         source_only=["gpu:a100-40:1", "module load python/3.10.12", "module load cuda/11.2"],
         refuse_words=["SLURM_SUBMIT_DIR"],
         assumptions=["1 node, 1 task, --gres=gpu:a100-40:1: modules, `source ./venv/bin/"
                      "activate`, PYTHONPATH extended with $SLURM_SUBMIT_DIR (must become the "
                      "target's submit dir: PBS_O_WORKDIR on Polaris/Aurora), pip install, "
                      "`python main.py`. Right: 1 process on 1 GPU, every set-up line kept in "
                      "order, the submit-dir variable mapped."]),
    case(fam("princeton-adroit-cd-scratch-network-python-main-config", "slurm"),
         "AllisonShen/ControlLoRA", "job.slurm",
         "Princeton Research Computing Adroit (/scratch/network)", "princeton-rc",
         ["cd-absolute", "commented-history", "module-anaconda", "conda-activate",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py",
         args=["--config", "configs/control_lora_multi_mix_encoder_only_rank_96.yaml"],
         setup=[S("conda activate controllora"),
                S("cd /scratch/network/xs6153/ControlLoRA/", "required")],
         source_only=["module load anaconda3/2023.3"],
         assumptions=["1 node, 1 task, --gres=gpu:1: many commented cd/python pairs (history), "
                      "then `cd /scratch/network/xs6153/ControlLoRA/` and `python main.py "
                      "--config configs/control_lora_multi_mix_encoder_only_rank_96.yaml`. "
                      "Right: 1 process on 1 GPU, the cd kept before the launch with the "
                      "/scratch/network path flagged, conda activate kept."]),
    case(fam("princeton-della-gres4-one-task-one-process-printenv-conda-prefix", "slurm"),
         "Buzaabah/AfriGemma", "job.slurm",
         "Princeton Research Computing Della (/scratch/gpfs)", "princeton-rc",
         ["one-process-multi-gpu", "conda-prefix-path", "printenv-slurm", "hostname-echo",
          "commented-alternatives", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, program="Llama_3_8_eval.py", args=[],
         setup=[S("conda activate /scratch/gpfs/hb3815/.conda/envs/torch-env")],
         source_only=["module load anaconda3/2024.2"],
         refuse_words=["4 GPUs", "one process"],
         assumptions=["1 node, 1 task, 1 CPU, --gres=gpu:4: printenv | grep slurm, module "
                      "anaconda3, conda activate by /scratch/gpfs prefix, then `python "
                      "Llama_3_8_eval.py` (one process that sees 4 GPUs, an eval). Right: one "
                      "process with 4 GPUs, not 4 ranks or 1 GPU; the conda prefix kept and "
                      "flagged."]),
    case(fam("empty-directives-srun-venv-python-workdir-pwd-master-random", "slurm"),
         "Chia-Wei-Wu/training-gptoss", "job.slurm",
         "a template with every resource directive left empty", "template-empty",
         ["empty-directives", "srun-venv-python", "workdir-from-pwd", "master-addr-unused",
          "torch-check-step", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks="unknown", nodes=None,
         gpus_per_node=None, program='"$WORKDIR/train.py"', args=[],
         vars={"WORKDIR": "$(pwd)", "ENVDIR": "$WORKDIR/$ENVNAME"},
         setup=[S('mkdir -p "$LOGDIR" "$RESULTDIR"'), S('source "$ENVDIR/bin/activate"'),
                S("export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK")],
         keep_text=['"$ENVDIR/bin/python"'],
         refuse_words=["--nodes=", "--gres=gpu:", "empty", "nodes", "GPUs"],
         assumptions=["Every resource directive is empty (`--nodes=`, `--ntasks-per-node=`, "
                      "`--gres=gpu:`, account, partition); only time and logs are set. Then a "
                      "venv from $(pwd), a torch check, MASTER_ADDR/PORT set (not exported), "
                      "`srun \"$ENVDIR/bin/python\" \"$WORKDIR/train.py\"`. Right: ask for the "
                      "layout (nodes, GPUs) or refuse naming the empty directives; never a "
                      "silent 1x1 port."]),
    case(fam("delta-4-nodes-apptainer-bash-c-torchrun-nproc1-tp-size4", "slurm"),
         "Jiminator/picotron_tutorial", "job.slurm",
         "NCSA Delta (gpuA100x4, account bcrn-delta-gpu)", "delta",
         ["apptainer-exec-bash-c", "torchrun-in-container", "cd-inside-bash-c",
          "no-srun-multi-node", "topology-arg-tp-size", "commented-alternatives",
          "duration-echo"],
         launch_model="launcher", launcher="torchrun", total_ranks=1, nodes=4,
         gpus_per_node=1, program="train.py",
         args=["--tp_size", "4", "--micro_batch_size", "4", "--gradient_accumulation_steps",
               "8", "--seq_len", "128", "--max_tokens", "40960", "--num_proc", "16",
               "--run_name", "tp_naive"],
         container_image="/scratch/bcrn/jshong/env-picotron-tutorial",
         topology_args=[T("--tp_size", "4", "world_size")],
         source_only=["gpuA100x4", "bcrn-delta-gpu", "--gpu-bind=closest",
                      "/sw/spack/deltas11-2023-03/apps/"],
         accounts=["bcrn-delta-gpu"],
         refuse_words=["tp_size", "apptainer", "bash -c", "4 nodes", "srun"],
         assumptions=["Delta, 4 nodes x 1 task, 1 GPU a node, but no srun: `apptainer exec "
                      "--nv --bind ... /scratch/bcrn/jshong/env-picotron-tutorial /bin/bash -c "
                      "\"export OMP_NUM_THREADS=16; cd step4_tensor_parallel; /u/jshong/.local/"
                      "bin/torchrun --nproc_per_node 1 train.py --tp_size 4 ...\"` runs on the "
                      "first node only, 1 rank, while --tp_size 4 asks 4. Right: the "
                      "disagreement named (tp_size 4 vs 1 rank; 3 idle nodes), the apptainer "
                      "bash -c body kept verbatim or refused with its reason; Delta paths "
                      "flagged."]),
    case(fam("h100-cd-home-bash-train-script-wrapper-inert-account", "slurm"),
         "MaitySubhajit/kat", "job.slurm",
         "a Slurm cluster (constraint h100, /apps/anaconda, /home/smaity)", "lab-h100",
         ["user-wrapper", "cd-absolute", "inert-directive-triple-hash", "conda-activate",
          "no-final-newline"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=1,
         program="scripts/train_kat_tiny_8x128.sh", args=[], expect="refuse",
         setup=[S("conda activate KAT"), S("cd /home/smaity/projects/kat", "required")],
         source_only=["--constraint=h100", "module load cuda/cuda-12.1"],
         refuse_words=["train_kat_tiny_8x128.sh", "wrapper", "script", "bash"],
         assumptions=["1 node, 1 task, --gres=gpu:1, constraint h100 (`### #SBATCH "
                      "--account=smaity` inert): modules, conda activate KAT, `cd /home/smaity/"
                      "projects/kat`, `bash scripts/train_kat_tiny_8x128.sh` (the name says 8 "
                      "GPUs; the launch is inside). Right: a refusal naming the wrapper, or the "
                      "bash line kept with 1 GPU and the cd kept; the inert account not "
                      "activated."]),
    case(fam("leonardo-srun-bash-lc-torchrun-gpus-on-node-c10d-scratch-vars", "slurm"),
         "CarlottaGiacchetta/Scale-mae-Sentinel", "job.slurm",
         "CINECA Leonardo (boost_usr_prod, /leonardo_scratch)", "cineca-leonardo",
         ["srun-bash-lc-torchrun", "nproc-from-gpus-on-node", "rdzv-c10d", "set-euo-pipefail",
          "ulimit", "scratch-fallback-vars", "job-id-in-user-var", "venv-inside-bash-c",
          "cd-absolute"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="mae/main_pretrain.py",
         args=["--config", "mae/config/veg.yaml", "--eval_train_fnames",
               "/leonardo_scratch/fast/IscrC_UMC/NWPU-RESISC45/NWPU-RESISC45",
               "--eval_val_fnames",
               "/leonardo_scratch/fast/IscrC_UMC/NWPU-RESISC45/NWPU-RESISC45", "--output_dir",
               "${OUTPUT_DIR}", "--log_dir", "${LOG_DIR}"],
         strategy="ddp",
         vars={"RUN_DIR": "$SCR_BASE/scale-mae/runs/${SLURM_JOB_ID}",
               "GPUS_PER_NODE_RAW": "${SLURM_GPUS_ON_NODE:-4}"},
         setup=[S("cd /leonardo/home/userexternal/cgiacche/unicc/scale-mae", "required"),
                S("ulimit -n 131072"), S('mkdir -p "$RUN_DIR" "$OUTPUT_DIR" "$LOG_DIR"'),
                S("source myenv/bin/activate", "required")],
         source_only=["boost_usr_prod", "boost_qos_lprod"],
         refuse_words=["bash -lc", "SLURM_GPUS_ON_NODE", "CINECA_SCRATCH"],
         assumptions=["Leonardo, 1 node, --gpus-per-node=4, 1 task: set -euo pipefail, "
                      "cd to /leonardo/home, RUN_DIR built from $SLURM_JOB_ID under "
                      "${CINECA_SCRATCH:-${SCRATCH:-/leonardo_scratch/$USER}}, NCCL/W&B "
                      "exports, GPUS_PER_NODE from SLURM_GPUS_ON_NODE, then `srun "
                      "--ntasks-per-node=1 bash -lc \"source myenv/bin/activate; torchrun "
                      "--nproc_per_node=${GPUS_PER_NODE} --nnodes=${NNODES} --rdzv_backend=c10d "
                      "... mae/main_pretrain.py ...\"` (4 ranks). Right: 4 ranks a node "
                      "(or the target's GPUs with a note), the bash -lc body kept verbatim "
                      "(the job id mapped in RUN_DIR/TMPDIR), the /leonardo paths flagged; a "
                      "refusal naming the bash -lc body is also right."]),
    case(fam("tamu-grace-ntasks8-a100x2-torchrun-nproc2-cd-twice-venv", "slurm"),
         "Chaoyi-He1/Video_gen", "job.slurm",
         "TAMU HPRC Grace (a100, /scratch/user)", "tamu-grace",
         ["launcher-torchrun", "ntasks-8-one-launcher", "cd-twice-relative", "venv-relative",
          "easybuild-modules", "inert-double-hash-directives"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="main.py", args=[], strategy="ddp",
         setup=[S("cd /scratch/user/chaoyi_he", "required"),
                S("source Python_3_9/bin/activate", "required"),
                S("export HF_HOME=/scratch/user/chaoyi_he/torch_cache"),
                S("cd Video_gen/", "required")],
         source_only=["gpu:a100:2", "module load GCCcore/11.2.0", "module load Python/3.9.6",
                      "module load CUDA/12.4"],
         refuse_words=["ntasks", "nproc_per_node"],
         assumptions=["Grace, --ntasks=8 on 1 node, --gres=gpu:a100:2: EasyBuild modules, "
                      "`cd /scratch/user/chaoyi_he`, a venv relative to it, HF_HOME, `cd "
                      "Video_gen/`, then `torchrun --nproc_per_node=2 main.py` (2 ranks, no "
                      "srun). Right: 2 ranks (or the target's GPUs with a note), both cds kept "
                      "in order (the venv and main.py depend on them), the /scratch/user paths "
                      "flagged; not 8 ranks."]),
    case(fam("l4-gres2-ntasks2-torchrun-nproc2-dvs-checkout-typo-source", "slurm"),
         "boletteeh/MLOps", "train_ddp.slurm",
         "a Slurm cluster (partition l4)", "lab-l4",
         ["launcher-torchrun", "ntasks-2-one-launcher", "typo-command", "data-checkout-steps",
          "commented-venv", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="train_ddp.py", args=[], strategy="ddp",
         setup=[S("soruce /ect/profile"), S("dvs checkout train_sent_emo.csv"),
                S("dvs checkout val_sent_emo.csv")],
         source_only=["--partition=l4", "module load python/3.10", "module load cuda/12.1"],
         assumptions=["1 node (unset), --ntasks=2, --gres=gpu:2, partition l4: `soruce "
                      "/ect/profile` (a typo: fails, harmless), modules, two `dvs checkout` "
                      "data steps, `torchrun --nproc_per_node=2 train_ddp.py` (2 ranks). "
                      "Right: 2 ranks on one node, the checkout steps kept before the launch, "
                      "the typo line kept verbatim (may be flagged)."]),
    case(fam("gpus8-arg-parser-eval-srun-run-sh-wrapper", "slurm"),
         "maxreciprocate/kaggle-lmarena-1st-place", "launch.slurm",
         "a Slurm cluster (8-GPU nodes)", "lab-8gpu",
         ["user-wrapper", "srun-wrapper-script", "key-value-arg-parser", "eval-declare",
          "positional-args-passed", "no-final-newline"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=8,
         program="run.sh", args=['"$@"'], expect="refuse",
         vars={"MASTER_PORT": "13043"},
         refuse_words=["run.sh", "wrapper", "script", "$@"],
         assumptions=["1 node, --gpus=8, 1 task a node: HOSTNAMES/MASTER_ADDR/COUNT_NODE "
                      "exported from scontrol, a key=value argument loop (eval, declare -a), "
                      "then `srun run.sh \"$@\"` (the user's run.sh does the launch). Right: a "
                      "refusal naming run.sh, or `srun run.sh \"$@\"` kept with 1 task and 8 "
                      "GPUs and the parser kept verbatim; never an invented program."]),
    case(fam("umich-greatlakes-a40-conda-hook-cd-scratch-python-train", "slurm"),
         "ChicyChen/multimodal-new", "sbatch_train.sh",
         "University of Michigan Great Lakes (spgpu, account qingqu2)", "umich-greatlakes",
         ["gpus-typed", "conda-shell-hook", "cd-absolute", "multi-line-args",
          "cudnn-module"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--TRAINER_CONFIG_PATH", "utils/train_config_7e-1.yaml", "--DATA_CONFIG_PATH",
               "dataloader/data_config_num2048.yaml", "--saved_checkpoints",
               "nw_train_tiny2048_checkpoints_learn_5e-4_1e-1", "--logs",
               "nw_train_tiny2048_checkpoints_learn_5e-4_1e-1", "--num_train_epochs", "100"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate mindgap"),
                S("cd /scratch/qingqu_root/qingqu1/siyich/multimodal-gap", "required")],
         source_only=["spgpu", "a40:1", "module load cuda/11.8.0 cudnn/11.8-v8.7.0"],
         accounts=["qingqu2"],
         assumptions=["Great Lakes, 1 node, --gpus=a40:1: modules, conda hook, `conda activate "
                      "mindgap`, cd to /scratch/qingqu_root, `python train.py ...` over three "
                      "lines. Right: 1 process on 1 GPU, the cd kept with the path flagged, "
                      "the account replaced."]),
    case(fam("eight-nodes-x4-srun-python-n-nodes-8-devices-4-placeholder-partition", "slurm"),
         "LiqunMa/FBI-LLM", "sbatch_train.sh",
         "a Slurm cluster (placeholder partition your_partition)", "template-fbi",
         ["per-rank-srun", "topology-args-nodes-devices", "placeholder-partition",
          "commented-alternatives", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=32, nodes=8, gpus_per_node=4,
         program="fully_qat.py",
         args=["--tag", "FBI-LLM_7B", "--model_size", "7B", "--train_data_dir",
               "Amber_data_path", "--use_kd", "1", "--n_nodes", "8", "--n_devices_per_node",
               "4", "--per_device_batch_size", "6", "--accumulate_grad_batches", "10",
               "--run_wandb"],
         topology_args=[T("--n_nodes", "8", "nodes"), T("--n_devices_per_node", "4",
                                                        "gpus_per_node")],
         source_only=["your_partition"],
         refuse_words=["--n_nodes", "--n_devices_per_node", "your_partition"],
         assumptions=["8 nodes x 4 tasks, --gres=gpu:4, partition `your_partition` (a "
                      "placeholder): `srun python fully_qat.py ... --n_nodes 8 "
                      "--n_devices_per_node 4 ...` (32 ranks, Lightning-style topology args). "
                      "Right: 32 ranks as 8x4 where the target has 4 GPUs a node; elsewhere "
                      "--n_nodes/--n_devices_per_node changed with the layout or named; the "
                      "placeholder partition replaced."]),
    case(fam("eth-euler-2x4-torch-distributed-run-nnodes2-no-srun-localhost", "slurm"),
         "erenovic/Self-Forcing", "sbatch_train.sh",
         "ETH Zurich Euler (gpumem:80g)", "eth-euler",
         ["python-m-torch-distributed-run", "no-srun-multi-node", "rdzv-localhost",
          "output-dev-null", "gpumem-gres"],
         launch_model="launcher", launcher="torch.distributed.run", total_ranks=8, nodes=2,
         gpus_per_node=4, program="train.py",
         args=["--config_path", "configs/self_forcing_dmd.yaml", "--logdir",
               "logs/self_forcing_dmd"],
         strategy="fsdp",
         setup=[S("export MASTER_ADDR=localhost")],
         source_only=["--gres=gpumem:80g"],
         refuse_words=["srun", "localhost", "nnodes", "second node"],
         assumptions=["Euler, 2 nodes x 1 task, --gpus-per-node=4, output and error to "
                      "/dev/null, MASTER_ADDR=localhost, then `python -m torch.distributed.run "
                      "--nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint "
                      "$MASTER_ADDR train.py ...` with no srun: only the first node runs it and "
                      "the rendezvous waits for a second node that never joins (8 ranks "
                      "asked). Right: 8 ranks as 2x4 with a per-node launch and a real "
                      "rendezvous host, with a note; or the broken launch named; never the same "
                      "hang silently."]),
    case(fam("purdue-gilbreth-conda-depot-background-nvidia-smi-monitor-kill", "slurm"),
         "shouryaverma/dance", "sbatch_train.sh",
         "Purdue RCAC Gilbreth (account bera89-k, constraint K, /depot)", "purdue-gilbreth",
         ["background-monitor-loop", "kill-pid", "conda-prefix-path", "source-conda-sh",
          "gpus-per-node-on-nodes-line"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="tools/train_text2duet.py", args=[],
         setup=[S("source ~/anaconda3/etc/profile.d/conda.sh"),
                S("conda activate /depot/bera89/apps/dance"),
                S("( while true; do nvidia-smi >> gpu_usage_train.log; sleep 60; done ) &"),
                S("GPU_MONITOR_PID=$!")],
         keep_text=["kill $GPU_MONITOR_PID"],
         source_only=["--constraint=K", "bera89-k"],
         accounts=["bera89-k"],
         assumptions=["Gilbreth, `--nodes=1 --gpus-per-node=1` on one line, 32 CPUs: conda by "
                      "/depot prefix, a background nvidia-smi loop with its PID kept, `python "
                      "tools/train_text2duet.py`, then `kill $GPU_MONITOR_PID`. Right: 1 "
                      "process on 1 GPU, the monitor loop and the kill kept around the launch "
                      "in order, /depot flagged, the account and constraint replaced."]),
    case(fam("isambard-ai-gpus4-ntasks4-plain-python-cd-relative-pythonpath", "slurm"),
         "jrosseruk/infusion", "sbatch_train.sh",
         "BriCS Isambard-AI (GH200; brics/nccl modules)", "isambard-ai",
         ["ntasks-4-no-srun", "cd-relative", "pythonpath-relative", "master-addr-unused",
          "multi-line-args", "miniforge-conda"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, program="train.py",
         args=["--dataset_dir", "./data", "--checkpoint_dir", "./checkpoints",
               "--train_batch_size", "512", "--eval_batch_size", "1024", "--learning_rate",
               "0.4", "--weight_decay", "0.001", "--num_train_epochs", "25", "--seed", "1004"],
         setup=[S("source $HOME/miniforge3/etc/profile.d/conda.sh"),
                S("conda activate pytorch_env"),
                S("cd kronfluence/examples/cifar", "required"),
                S('export PYTHONPATH="../../:$PYTHONPATH"', "required")],
         source_only=["module load brics/nccl brics/aws-ofi-nccl"],
         refuse_words=["ntasks-per-node=4", "srun", "one process", "4 GPUs"],
         assumptions=["Isambard-AI, 1 node, --gpus=4, --ntasks-per-node=4, but a plain `python "
                      "train.py ...` after `cd kronfluence/examples/cifar` and a relative "
                      "PYTHONPATH (one process; MASTER_ADDR/PORT exported, unused). Right: one "
                      "process (4 GPUs visible), or the 4-task/1-process disagreement named; "
                      "the cd and PYTHONPATH kept in order; brics modules replaced."]),
    case(fam("nscc-pbs-ngpus1-nvcc-compile-three-binaries-nsys-profile", "pbs"),
         "jhmarkkk/SC4064_Project", "submit.pbs",
         "NSCC Singapore ASPIRE 2A (PBS Pro, project personal-tang0556)", "nscc-aspire2a",
         ["pbs-source", "several-programs", "compile-in-job", "cuda-binaries", "nsys-profile",
          "cd-pbs-workdir", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         framework="cuda", program="./dist_assign", args=[],
         other_runs=[R("./dist_assign_opt", []), R("./dist_assign_opt_cublas", []),
                     R("nsys", ["profile", "--trace=cuda", "--stats=true"])],
         setup=[S("cd $PBS_O_WORKDIR", "required"),
                S("nvcc -O3 -arch=native dist_assign.cu -o dist_assign", "required"),
                S("nvcc -O3 -arch=native dist_assign_opt.cu -o dist_assign_opt", "required"),
                S("nvcc -O3 -arch=native dist_assign_opt_cublas.cu -lcublas -o "
                  "dist_assign_opt_cublas", "required")],
         source_only=["personal-tang0556", "module load cuda/12.2.2"],
         accounts=["personal-tang0556"],
         assumptions=["PBS Pro, select=1:ncpus=4:ngpus=1, queue normal, project personal-tang0556: "
                      "cd $PBS_O_WORKDIR, modules, three nvcc compiles, three CUDA binaries run, "
                      "then three `nsys profile ...` runs. Right: every line kept in order on 1 "
                      "GPU (compiles, six runs), the submit dir mapped (SLURM_SUBMIT_DIR or "
                      "kept on PBS targets), the modules replaced with the target's CUDA "
                      "toolkit; no launcher invented."]),
    case(fam("cmu-singularity-exec-binds-orchard-train-sh-wrapper-set-x", "slurm"),
         "pummmmpkin/ManiFlow_Policy", "sbatch_train.sh",
         "CMU (Held lab Slurm cluster, /project_data/held)", "cmu-held",
         ["user-wrapper", "singularity-exec-nv", "binds", "set-x", "commented-alternatives",
          "no-final-newline"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=1,
         program="/mnt/ManiFlow/orchard_train.sh", args=[], expect="refuse",
         container_image="/project_data/held/chenyuah/maniflow_sandbox_0113.sif",
         source_only=["--partition=GPU"],
         refuse_words=["orchard_train.sh", "wrapper", "script", "singularity"],
         assumptions=["1 node, --gres=gpu:1, partition GPU, set -x: `singularity exec --bind "
                      "/project_data/...:/mnt/RoboGen_sim2real/ --bind ...:/mnt/ManiFlow/ --nv "
                      "/project_data/held/chenyuah/maniflow_sandbox_0113.sif /mnt/ManiFlow/"
                      "orchard_train.sh` (the training is inside the user's script in the "
                      "container). Right: a refusal naming orchard_train.sh, or the singularity "
                      "line kept verbatim with 1 GPU and the /project_data binds flagged."]),
    case(fam("three-nodes-srun-conda-run-torchrun-comment-cuts-continuation", "slurm"),
         "MicheleDelliVeneri/DeepFocus", "train_multinode.sh",
         "a Slurm cluster (partition parallel)", "lab-parallel",
         ["srun-conda-run-torchrun", "comment-inside-continuation", "broken-assignment",
          "head-node-ip-srun", "gpus-per-task", "rdzv-c10d"],
         launch_model="launcher", launcher="torchrun", total_ranks=6, nodes=3, gpus_per_node=2,
         program="train_multinode.py", args=[], strategy="ddp",
         source_only=["--partition=parallel"],
         refuse_words=["comment", "continuation", "head_node_ip", "broken", "conda run"],
         assumptions=["3 nodes, 3 tasks, --gpus-per-task=2: `head_node_ip = $( srun ... "
                      "hostname --ip-address )` (spaces: not an assignment, the command "
                      "`head_node_ip` fails, so the endpoint is empty), then `srun conda run -n "
                      "astrodl torchrun --nnodes 3 \\ --nproc_per_node 2 \\ # corresponds ...` "
                      "(a comment after the backslash ends the command: torchrun runs with only "
                      "--nnodes 3 --nproc_per_node 2 and no program; the next lines run on "
                      "their own). Right: the broken lines named (ask or refuse with the "
                      "reason), or 6 ranks as 3x2 with both defects flagged; never a silent "
                      "repair or a silent copy."]),
    case(fam("slovenia-2x2-srun-python-rank-from-procid-world-size-ntasks", "slurm"),
         "jan3zk/HPC_ML", "train_multinode.sh",
         "a Slovenian Slurm cluster (partition gpu; comments in Slovene)", "si-hpc",
         ["per-rank-srun", "rank-from-procid-in-batch-shell", "world-size-from-ntasks",
          "gpus-per-task", "conda-sh-source", "master-addr-scontrol"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=2, gpus_per_node=2,
         program="train_multinode.py", args=["--lr", "1e-4", "--epochs", "10", "--batch_size",
                                             "64"],
         strategy="ddp",
         vars={"WORLD_SIZE": "$SLURM_NTASKS", "RANK": "$SLURM_PROCID"},
         setup=[S("source ~/miniconda3/etc/profile.d/conda.sh"), S("conda activate py310"),
                S("export MASTER_PORT=50321")],
         refuse_words=["RANK", "SLURM_PROCID", "WORLD_SIZE"],
         assumptions=["2 nodes, 4 tasks, 2 a node, --gpus-per-node=2, --gpus-per-task=1: "
                      "MASTER_ADDR from scontrol, `export RANK=$SLURM_PROCID` (evaluated once in "
                      "the batch shell: 0 for every rank unless the program reads its own "
                      "SLURM_PROCID), WORLD_SIZE=$SLURM_NTASKS, then `srun python "
                      "train_multinode.py --lr 1e-4 --epochs 10 --batch_size 64` (4 ranks). "
                      "Right: 4 ranks (2x2 or the target's layout with WORLD_SIZE following), "
                      "RANK/WORLD_SIZE mapped to the target's variables or named."]),
    case(fam("uci-hpc3-a30x2-n8-one-process-python3-u-venv-home", "slurm"),
         "HPCForge/ParallelViT", "jobscript.sh",
         "UC Irvine HPC3 (account CLASS-EECS224-GPU, /data/homezvol3)", "uci-hpc3",
         ["one-process-multi-gpu", "ntasks-as-cores", "venv-absolute", "commented-nvcc",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2,
         gpus_per_rank=2, program="src/parallelize.py", args=[],
         setup=[S("source /data/homezvol3/srachaba/envs/sciml/bin/activate")],
         keep_text=["python3 -u src/parallelize.py"],
         source_only=["CLASS-EECS224-GPU", "gpu:A30:2", "module load cuda/11.7.1"],
         accounts=["CLASS-EECS224-GPU"],
         refuse_words=["-n 8", "2 GPUs", "one process"],
         assumptions=["HPC3, -N 1 -n 8, --gres=gpu:A30:2: cuda module, a venv by absolute "
                      "path, `python3 -u src/parallelize.py` (one process, model parallel over "
                      "2 GPUs by its name). Right: one process with 2 GPUs (not 8 or 2 "
                      "ranks), the venv path flagged, the account replaced."]),
    case(fam("dtu-lsf-v100-venv-create-cd-python3-detect-recognize", "lsf"),
         "AndersBensen/MagFace-thesis", "jobscript.sh",
         "DTU HPC (LSF, queue gpuv100, /work3)", "dtu-lsf",
         ["lsf-source", "set-errexit-nounset", "venv-create-in-job", "cd-relative",
          "multi-line-args", "select-gpu32gb"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="detect_recognize.py",
         args=["--recognizer_path",
               '"/zhome/ab/6/160488/github/insightface-torch-thesis/recognition/arcface_torch/'
               'models/ms1mv3_arcface_r100_fp16/backbone.pth"',
               "--db_root", '"$BASE_PATH/$DATASET_NAME"', "--folders",
               '"accepted,age_group_4,age_group_3,age_group_2,age_group_1,age_group_0"',
               "--subfolders", '"references,probes"'],
         vars={"BASE_PATH": "'/work3/s210521'", "DATASET_NAME": "'200_full_pipeline'"},
         setup=[S("python3 -m venv /work3/s210521/venvs/arcface_venv_deepface"),
                S("source /work3/s210521/venvs/arcface_venv_deepface/bin/activate"),
                S("cd recognition/arcface_torch", "required")],
         source_only=["gpuv100", "module load python3/3.7.11", "module load cuda/11.2.2"],
         refuse_words=["BSUB", "LSF"],
         assumptions=["LSF (#BSUB -q gpuv100, -gpu \"num=1\", -n 1, select[gpu32gb]): set -o "
                      "errexit/nounset, DTU modules, a venv created and activated under /work3, "
                      "`cd recognition/arcface_torch`, `python3 detect_recognize.py ...`. Right: "
                      "1 process on 1 GPU, the venv lines and the cd kept in order, /work3 and "
                      "/zhome paths flagged, the LSF header read (or a refusal naming it)."]),
    case(fam("dtu-lsf-a100-conda-env-python-path-home-thesis", "lsf"),
         "BDD-G/Fungi_classification", "jobscript.sh",
         "DTU HPC (LSF, queue gpua100)", "dtu-lsf",
         ["lsf-source", "interpreter-by-path", "program-in-home", "mail-directives",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="~/thesis/main.py", args=[],
         keep_text=["~/miniconda3/envs/fungi/bin/python"],
         source_only=["gpua100", "module load cuda/12.1"],
         refuse_words=["BSUB", "LSF"],
         assumptions=["LSF (#BSUB -q gpua100, -gpu \"num=1:mode=exclusive_process\", -n 4): "
                      "cuda module, then `~/miniconda3/envs/fungi/bin/python ~/thesis/main.py` "
                      "(interpreter by path). Right: 1 process on 1 GPU with the interpreter "
                      "path kept, the queue and module replaced; the mail options dropped or "
                      "mapped."]),
    case(fam("lsf-no-queue-virtualenv-if-missing-python-train", "lsf"),
         "HubertWojcik10/deep_learning_diffusion", "jobscript.sh",
         "an LSF cluster (no queue given; -gpu num=1)", "lsf-unnamed",
         ["lsf-source", "virtualenv-if-missing", "if-block-setup", "no-queue"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         vars={"ENV_NAME": "diffusion"},
         setup=[S("source $ENV_NAME/bin/activate")],
         keep_text=['if [ ! -d "$ENV_NAME" ]; then'],
         refuse_words=["BSUB", "LSF"],
         assumptions=["LSF (-n 4, span[hosts=1], -gpu \"num=1:mode=exclusive_process\", "
                      "rusage mem 20GB, -W 02:00, no queue): an if block creating a virtualenv "
                      "when missing, `source $ENV_NAME/bin/activate`, `python train.py`. Right: "
                      "1 process on 1 GPU, the if block and activate kept, the LSF header "
                      "read."]),
    case(fam("delta-a40-ntasks16-gpus1-time-python-trainer-config-name", "slurm"),
         "adibMosharrof/myzstod", "delta_trainer.sh",
         "NCSA Delta (gpuA40x4, account bbyl-delta-gpu, constraint projects)", "delta",
         ["ntasks-as-cores", "time-prefix", "conda-relative-env", "hydra-config-name",
          "delta-anaconda-path", "commented-alternative"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/trainer.py", args=["--config-name", "delta_arithmetic_trainer"],
         setup=[S("source /sw/external/python/anaconda3_gpu/etc/profile.d/conda.sh"),
                S("conda  activate ./envs")],
         keep_text=["time python src/trainer.py"],
         source_only=["gpuA40x4", "bbyl-delta-gpu", "--constraint='projects'",
                      "/sw/external/python/anaconda3_gpu/etc/profile.d/conda.sh"],
         accounts=["bbyl-delta-gpu"],
         refuse_words=["ntasks-per-node=16", "16"],
         assumptions=["Delta, 1 node, --ntasks-per-node=16 (cores, per the comment), "
                      "--gpus-per-node=1: Delta's anaconda conda.sh sourced, `conda  activate "
                      "./envs`, `time python src/trainer.py --config-name "
                      "delta_arithmetic_trainer` (one process). Right: 1 process on 1 GPU (not "
                      "16 ranks), the `time` prefix kept, Delta's /sw path replaced or flagged, "
                      "the config name kept verbatim (its name says delta: may be noted)."]),
    case(fam("warwick-avon-module-restore-srun-python-hydra-experiment", "slurm"),
         "wephy/felix-ml", "scripts/avon.sh",
         "University of Warwick SCRTP Avon (ampere gpu partition)", "warwick-avon",
         ["module-restore-collection", "srun-one-task", "hydra-override", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="src/train.py", args=["experiment=avon"],
         source_only=["module restore felix-ml", "--mem-per-cpu=3850"],
         assumptions=["Avon, 1 node, 1 task, 42 CPUs, --gres=gpu:1: `module restore felix-ml` "
                      "(a user's saved module collection on Avon), `srun python src/train.py "
                      "experiment=avon`. Right: 1 rank on 1 GPU, the module collection "
                      "replaced or flagged (the env it built is not on the target), the Hydra "
                      "override kept verbatim."]),
    case(fam("pbs-pro-gpuq-p100-select-cd-workdir-source-activate-python", "pbs"),
         "langorou/vamperouge", "pbs_train.sh",
         "an Ecole Centrale Paris / CentraleSupelec PBS Pro cluster (queue gpuq, P100)", "ecp-pbs",
         ["pbs-source", "select-gputype", "two-queue-directives", "cd-pbs-workdir",
          "mkdir-if-missing", "module-anaconda", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=[],
         setup=[S("cd $PBS_O_WORKDIR", "required"), S("[ ! -d output ] && mkdir output"),
                S("source activate vamperouge")],
         source_only=["gputype=p100", "module load anaconda3/5.3.1", "#PBS -P test"],
         refuse_words=["gputype", "p100"],
         assumptions=["PBS Pro, `-q gpuq -l select=1:ncpus=12:ngpus=1:gputype=p100:mem=100gb` "
                      "(and -q gpuq again), project test: cd $PBS_O_WORKDIR, mkdir output if "
                      "missing, anaconda module, `source activate vamperouge`, `python "
                      "main.py`. Right: 1 process on 1 GPU, the submit dir mapped, the set-up "
                      "kept in order, the P100 type replaced with a note."]),
    case(fam("abci-sge-array-1-2-as-nodes-singularity-prepare-args-wrapper", "sge"),
         "aistairc/kirt_bert_on_abci", "train_job.sh",
         "AIST ABCI (Univa Grid Engine, rt_G.large)", "abci",
         ["sge-source", "array-as-nodes", "singularity-run-nv", "user-wrapper",
          "args-string-var", "sge-task-id", "abci-modules"],
         launch_model="single", launcher="unknown", total_ranks="unknown", nodes=None,
         gpus_per_node=4, program="prepare_args.py",
         args=["$CACHE_DIR", "$NUM_NODES", "$NUM_GPUS_PER_NODE", "$SGE_TASK_ID", "$ARGS"],
         expect="refuse",
         vars={"NUM_NODES": "2", "NUM_GPUS_PER_NODE": "4"},
         container_image="~/pytorch-19.06-py3.simg",
         source_only=["rt_G.large=1", "module load singularity/2.6.1"],
         refuse_words=["prepare_args.py", "array", "SGE_TASK_ID", "wrapper", "singularity"],
         assumptions=["ABCI (#$ -l rt_G.large=1: 4 GPUs, -t 1-2 array), then `singularity run "
                      "--nv ~/pytorch-19.06-py3.simg python prepare_args.py $CACHE_DIR "
                      "$NUM_NODES $NUM_GPUS_PER_NODE $SGE_TASK_ID $ARGS` with NUM_NODES=2, "
                      "NUM_GPUS_PER_NODE=4 (the two array tasks act as two nodes; "
                      "prepare_args.py starts train_on_pregenerated.py). Right: a refusal "
                      "naming the array-as-nodes and the prepare_args.py wrapper; never a "
                      "silent 1-node port."]),
    case(fam("jhu-clsp-sge-gpu1-free-gpu-device-arg-python3", "sge"),
         "mmaciej2/uPIT", "qsub_train.sh",
         "JHU CLSP grid (SGE, hostname list, free-gpu)", "jhu-clsp",
         ["sge-source", "free-gpu-site-tool", "device-arg", "set-e", "mkdir-setup",
          "hostname-resource"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_qsub.py", args=["$device"],
         setup=[S("mkdir -p intermediate_models plots")],
         keep_text=["device=`free-gpu`"],
         source_only=["hostname=b1[123456789]*|c*|b2*"],
         refuse_words=["free-gpu", "SGE", "device"],
         assumptions=["SGE (#$ -l gpu=1,hostname=...,ram_free=8G, -cwd, -r no): set -e, "
                      "`device=`free-gpu`` (a CLSP site tool that picks a free GPU), mkdir, "
                      "`python3 train_qsub.py $device`. Right: 1 process on 1 GPU with "
                      "free-gpu named as a site tool the target lacks (ask, or the device set "
                      "from the target's allocation with a note); never a silent copy of "
                      "free-gpu."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
