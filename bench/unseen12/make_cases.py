"""Write bench/unseen12/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro:
polaris, aurora) swapped in for the last one when the window has none (LSF and SGE
sources: any three are of another family).
Usage: python bench/unseen12/make_cases.py /work/cache/unseen12 bench/unseen12/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("rtx4090-gres8-one-task-torch-distributed-launch-nproc8-cd-home", "slurm"),
         "LuckySJTU/VideoMAEv2", "train.slurm",
         "a lab Slurm cluster (RTX4090 partition, /home/yxwang)", "lab-rtx4090",
         ["python-m-torch-distributed-launch", "env-prefix-on-launch", "cd-absolute",
          "commented-conda", "launcher-nnodes-node-rank"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=8,
         gpus_per_node=8, program="run_mae_pretraining.py",
         args=["--batch_size", "12", "--model", "pretrain_videomae_giant_patch14_224",
               "--data_path", '"/home/yxwang/Dataset/LRS2/videoMAE.csv"', "--with_checkpoint",
               "--save_ckpt_freq", "5"],
         strategy="ddp",
         setup=[S("cd /home/yxwang/videoMAE", "required"), S("export NCCL_P2P_DISABLE=1")],
         keep_text=["OMP_NUM_THREADS=1"],
         source_only=["RTX4090"],
         assumptions=["1 node, 1 task, --gres=gpu:8: `cd /home/yxwang/videoMAE`, then "
                      "`OMP_NUM_THREADS=1 python -m torch.distributed.launch --nproc_per_node=8 "
                      "--nnodes=1 --node_rank=0 run_mae_pretraining.py ...` (VideoMAE "
                      "pretraining, 8 ranks). Right: 8 ranks where the target has 8 GPUs a "
                      "node, else the change noted (2 nodes x 4 with nnodes/node_rank made "
                      "right, or nproc 4); the cd kept before the launch with the /home path "
                      "flagged; the OMP_NUM_THREADS prefix and NCCL_P2P_DISABLE kept."]),
    case(fam("azure-ndv5-srun-pyxis-container-torchrun-c10d-gpus-per-task8-export-chain",
             "slurm"),
         "OccasionallyNLP/Nanotron", "train.slurm",
         "an Azure NDv5 (H100) Slurm cluster (/opt/microsoft/ndv5-topo.xml, HPC-X)",
         "azure-ndv5",
         ["srun-torchrun", "pyxis-container-image", "gpus-per-task", "rdzv-c10d-head-ip",
          "head-node-ip-srun", "broken-export-continuations", "hpcx-init-source",
          "srun-output-options"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="./run_train_ok.py",
         args=["--config-file", "examples/config_smollm_qwen_1b.yaml"],
         container_image="../docker_images/nanotron_v2.sqsh",
         setup=[S("mkdir -p logs"), S('export HF_HOME="/anf/tmp"'),
                S('export LM_WORK="/nfsdata/languageAI"')],
         source_only=["/opt/microsoft/ndv5-topo.xml",
                      "source /opt/hpcx-v2.18-gcc-mlnx_ofed-ubuntu22.04-cuda12-x86_64/hpcx-init.sh",
                      '--container-image="../docker_images/nanotron_v2.sqsh"'],
         refuse_words=["container-image", "pyxis", "container", "squashfs", "sqsh"],
         assumptions=["1 node, 1 task, --gpus-per-task=8: head-node IP by `srun hostname "
                      "--ip-address`, a block of NCCL/UCX exports joined by `\\` into one "
                      "`export` line, HPC-X init sourced, then `srun -l --container-image=... "
                      "--container-mounts=... torchrun --nnodes=$NUM_NODES --nproc_per_node=8 "
                      "--rdzv_backend=c10d ... ./run_train_ok.py --config-file ...` (Nanotron, "
                      "8 ranks in a Pyxis/enroot squashfs image). Right: 8 ranks (or the "
                      "change noted), the .sqsh image carried to the target's container "
                      "runtime with a note or a refusal naming the Pyxis image; Azure "
                      "NCCL topology / HPC-X lines replaced or flagged; /anf, /nfsdata flagged."]),
    case(fam("enroot-start-bash-c-torch-distributed-launch-nproc4-tee", "slurm"),
         "JVrabel/LLM_KD", "train.slurm",
         "an unnamed Slurm cluster with enroot (/scratch/vrabel)", "generic-slurm",
         ["enroot-start-bash-c", "python-m-torch-distributed-launch", "env-prefix-on-launch",
          "tee-log", "random-master-port", "set-x", "ntasks-4-one-launcher"],
         launch_model="launcher", launcher="torch.distributed.launch", total_ranks=4,
         gpus_per_node=4, program="src/train_distr.py", args=["--config", "src/config.yaml"],
         strategy="ddp",
         container_image="pytorch_LLM_v1",
         keep_text=["| tee /workspace/logs/training_detailed.log", "WORLD_SIZE=4"],
         source_only=["--mount=/scratch/vrabel/LLM_KD:/workspace"],
         refuse_words=["enroot", "bash -c", "container"],
         assumptions=["1 node, --ntasks=4, --gres=gpu:4, but one launcher: `enroot start "
                      "--root --mount=... pytorch_LLM_v1 bash -c \"... WORLD_SIZE=4 ... python "
                      "-m torch.distributed.launch --nproc_per_node=4 ... src/train_distr.py "
                      "--config src/config.yaml 2>&1 | tee ...\"` (4 ranks inside an enroot "
                      "container). Right: a refusal naming the enroot container / bash -c "
                      "body, or the body kept with the launcher made the target's, 4 ranks "
                      "(WORLD_SIZE=4 kept consistent), the tee kept, the enroot container "
                      "named in a note."]),
    case(fam("two-nodes-srun-accelerate-multi-gpu-machine-rank-nodeid-module", "slurm"),
         "DavidTokar12/citation-sft", "train.slurm",
         "an unnamed Slurm cluster (batch_gpu partition)", "generic-slurm",
         ["srun-accelerate", "accelerate-no-config", "machine-rank-from-slurm",
          "python-module-program", "cd-placeholder-path", "venv-activate",
          "no-final-newline"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, nodes=2,
         gpus_per_node=2, program="citation_sft.train", module=True, args=[],
         setup=[S("cd /path/to/citation-sft", "required"), S("source ./.venv/bin/activate")],
         source_only=["batch_gpu"],
         topology_args=[T("--num_processes", "4", "world_size"),
                        T("--num_machines", "2", "nodes")],
         assumptions=["2 nodes, 1 task a node, --gpus-per-node=2: `cd /path/to/citation-sft` "
                      "(a placeholder path), venv, MASTER_ADDR from scontrol, then `srun "
                      "accelerate launch --multi_gpu --num_processes=4 --num_machines=2 "
                      "--machine_rank=$SLURM_NODEID ... -m citation_sft.train` (4 ranks). "
                      "Right: 4 ranks (2x2) or the layout changed with --num_processes / "
                      "--num_machines made right; machine_rank still per node (SLURM_NODEID "
                      "mapped on PBS); the placeholder cd kept and flagged. No final newline."]),
    case(fam("bridges2-h100-one-gpu-if-torchrun-else-python-positional", "slurm"),
         "May-Haps/open-oasis", "train.slurm",
         "PSC Bridges-2 (GPU partition, h100-80, /ocean/projects/cis250234p)", "bridges2",
         ["ten-cluster-source", "if-else-two-launches", "nproc-from-slurm-var",
          "absolute-python-path", "positional-passthrough", "cd-var"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_coinrun.py", args=['"$@"'],
         vars={"NGPU": "${SLURM_GPUS_ON_NODE:-1}",
               "PYTHON": "/ocean/projects/cis250234p/jyang45/conda/envs/open-oasis/bin/python"},
         other_runs=[R("train_coinrun.py", ['"$@"'], launched=True)],
         setup=[S('cd "$WORKDIR"', "required")],
         source_only=["gpu:h100-80:1"],
         refuse_words=["$@", "positional", "SLURM_GPUS_ON_NODE", "NGPU"],
         assumptions=["Bridges-2, 1 task, --gres=gpu:h100-80:1: NGPU from "
                      "$SLURM_GPUS_ON_NODE; `if NGPU>1: $TORCHRUN --nproc_per_node=$NGPU "
                      "train_coinrun.py \"$@\"; else $PYTHON train_coinrun.py \"$@\"` (the "
                      "python branch runs: 1 GPU). Right: both branches kept with NGPU still "
                      "following the target's GPU count (SLURM_GPUS_ON_NODE mapped or "
                      "written), the absolute /ocean interpreter paths flagged, \"$@\" kept "
                      "with a note."]),
    case(fam("lsf-cpu-only-mpirun-machinefile-64-of-80-intel-modules", "lsf"),
         "TianyiLi-92/channel_flow", "job.lsf",
         "an LSF cluster (queue short, ptile 40; CPU)", "generic-lsf",
         ["lsf-source", "cpu-only", "no-gpu-request", "mpirun-machinefile",
          "ls-subcwd", "ranks-fewer-than-slots", "no-final-newline"],
         launch_model="per_rank", launcher="mpirun", total_ranks=64, nodes=2,
         gpus_per_node=None, framework="mpi-fortran", program="./poiseuille", args=[],
         expect="refuse",
         setup=[S("cd $LS_SUBCWD")],
         source_only=["module load intel/2018.4", "module load mpi/intel/2018.4",
                      "span[ptile=40]"],
         refuse_words=["GPU", "gpu", "CPU"],
         assumptions=["LSF, -n 80 with ptile 40 (2 hosts), no GPU: `cd $LS_SUBCWD`, Intel "
                      "MPI modules, `mpirun -machinefile $LSB_DJOB_HOSTFILE -np 64 "
                      "./poiseuille` (a CFD code, CPU only). The CPU-only control: right is a "
                      "refusal naming the missing GPU request; an LSF source that is not read "
                      "at all (an unknown scheduler) is a refusal with another reason."]),
    case(fam("imperial-cx1-pbs-no-shebang-jax-one-process-4-gpus-home-program", "pbs"),
         "epignatelli/cardiax", "train.pbs",
         "Imperial College CX1 (PBS Pro, RTX6000, $EPHEMERAL)", "imperial-cx1",
         ["pbs-source", "no-shebang", "one-process-multi-gpu", "jax", "site-cuda-paths",
          "program-under-home", "echo-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, framework="jax", program="$HOME/repos/cardiax/train.py",
         args=["--batch_size=96", "--depth=20", "--lr=0.001",
               "--root=$EPHEMERAL/data/paramset_3/"],
         setup=[S("source activate cardiax"),
                S("export LD_LIBRARY_PATH=$LOCAL_CUDNN_PATH:$LOCAL_CUDNN_PATH/lib64:"
                  "$LD_LIBRARY_PATH")],
         source_only=["gpu_type=RTX6000", "module load anaconda3/personal",
                      "module load cuda/$CUDA_VERSION", "/apps/cuda/$CUDA_VERSION"],
         assumptions=["PBS Pro select=1:ngpus=4, no shebang (first line `#PBS`): CUDA 10.1 "
                      "module, XLA_FLAGS pointing at /apps/cuda, a local cuDNN on "
                      "LD_LIBRARY_PATH, `python $HOME/repos/cardiax/train.py ... "
                      "--root=$EPHEMERAL/...` (JAX, one process on 4 GPUs). Right: one "
                      "process with 4 GPUs (or the change noted), XLA_FLAGS' CX1 CUDA path "
                      "replaced or flagged, $EPHEMERAL flagged, a shebang added with a note."]),
    case(fam("aalto-triton-srun-python-2-ranks-time-extract-step", "slurm"),
         "AaltoRSE/pytorch-ddp-imagenet", "run.slurm",
         "Aalto Triton (gpu-debug partition)", "aalto-triton",
         ["per-rank-srun", "time-prefix-setup-step", "local-disk-staging", "module-chain",
          "var-from-setup"],
         launch_model="per_rank", launcher="srun", total_ranks=2, gpus_per_node=2,
         program="ddp_imagenet.py",
         args=["--data_dir", "$DATA_DIR", "--batch_size", "512", "--epochs", "2"],
         strategy="ddp", publisher="staff",
         vars={"DATA_DIR": "/tmp/ILSVRC2012_extracted"},
         setup=[S("time ./extract_images.sh", "required")],
         source_only=["gpu-debug", "module load scicomp-python-env", "module load parallel"],
         assumptions=["Aalto Triton, 1 node, --ntasks=2, --gres=gpu:2: `time "
                      "./extract_images.sh` (ImageNet staged to /tmp), then `srun python "
                      "ddp_imagenet.py --data_dir $DATA_DIR ...` (2 ranks). Right: 2 ranks "
                      "on 2 GPUs, the extraction step kept (un-launched, before the launch), "
                      "the Triton modules replaced. Published by Aalto RSE (centre staff)."]),
    case(fam("princeton-gres8-one-task-ten-elk-cli-stages-exit0", "slurm"),
         "EleutherAI/elk", "run.slurm",
         "Princeton CS Slurm cluster (by the mail address)", "princeton-cs",
         ["several-programs", "console-script-program", "one-process-multi-gpu",
          "exit-0", "bash-l-shebang", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=8,
         gpus_per_rank=8, program="elk",
         args=["elicit", "huggyllama/llama-13b", "sethapun/imdb_misspelled_0"],
         other_runs=[R("elk", ["elicit", "huggyllama/llama-13b", "sethapun/imdb_misspelled_0",
                               "--net", "ccs"], launched=False)],
         setup=[S("mkdir ${OUT_DIRECTORY};")],
         keep_text=["exit 0"],
         assumptions=["1 node, 1 task, --gres=gpu:8: ten sequential `elk elicit "
                      "huggyllama/llama-13b sethapun/imdb_misspelled_0 [--net ccs]` (elk's "
                      "console script, one process using the node's GPUs). Right: all ten "
                      "commands kept in order as one process each with 8 GPUs (or the GPU "
                      "count change noted); never one of them put under a launcher while "
                      "the rest become set-up. No final newline."]),
    case(fam("bridges2-gpu-shared-mpiexec-2-ranks-one-gpu-cuda-home", "slurm"),
         "ArtificialRicky/MHA2MLA", "run.slurm",
         "PSC Bridges-2 (GPU-shared, account cis240126p)", "bridges2",
         ["ten-cluster-source", "mpiexec-n", "ranks-more-than-gpus", "cuda-home-export",
          "module-purge"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=2, gpus_per_node=1,
         program="base.py", args=[],
         setup=[S("conda activate mla")],
         source_only=["GPU-shared", "module load cuda/12.4",
                      "export CUDA_HOME=/opt/packages/cuda/v12.4.0"],
         accounts=["cis240126p"],
         assumptions=["Bridges-2 GPU-shared, --ntasks=2, --gres=gpu:1: CUDA 12.4 module and "
                      "CUDA_HOME=/opt/packages/..., `mpiexec -n 2 python base.py` (2 MPI "
                      "ranks sharing 1 GPU; job name mpi_test). Right: 2 ranks kept (on 1 "
                      "GPU, or one each with a note), the Bridges-2 CUDA paths replaced, "
                      "account replaced."]),
    case(fam("osc-torchrun-nproc4-python-module-venv-trailing-backslash", "slurm"),
         "Imageomics/bioclip", "slurm/train.sh",
         "Ohio Supercomputer Center (account PAS1576, gpu partition)", "osc",
         ["launcher-torchrun-nproc", "python-module-program", "venv-torchrun-path",
          "visible-devices-set", "trailing-backslash-last-line", "ntasks-4-one-launcher"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="src.training.main", module=True,
         args=["--train-data", "'./data/train/shard-{000000..000159}.tar'", "--batch-size",
               "4096", "--model", "ViT-B-16", "--local-loss", "--gather-with-grad",
               "--logs", "'../storage/log/'"],
         strategy="ddp",
         setup=[S("source $HOME/projects/open_clip/.venv/bin/activate")],
         keep_text=["export CUDA_VISIBLE_DEVICES=0,1,2,3"],
         accounts=["PAS1576"],
         assumptions=["OSC, 1 node, --gpus-per-node=4, --ntasks-per-node=4 but one "
                      "launcher: `.venv/bin/torchrun --nproc_per_node 4 -m "
                      "src.training.main ... --logs '../storage/log/' \\` (open_clip, 4 "
                      "ranks; the last line ends in a backslash). Right: 4 ranks (or the "
                      "change noted, CUDA_VISIBLE_DEVICES then named), -m module kept, the "
                      ".venv torchrun kept or replaced with a note."]),
    case(fam("kempner-h100-cmd-string-torchrun-nproc-gpus-on-node-fasrc-modules", "slurm"),
         "KempnerInstitute/vine-denoising-copula", "slurm/train.sh",
         "Harvard Kempner Institute cluster (kempner_h100, FASRC)", "harvard-kempner",
         ["cmd-string-then-run", "nproc-from-slurm-var", "positional-default",
          "cd-absolute", "conda-if-present", "free-port-python", "ntasks-4-one-launcher"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="scripts/train.py",
         args=["--config", "$CONFIG_FILE", "--model-type", "$MODEL_TYPE"],
         vars={"CONFIG_FILE": "${1:-${CONFIG:-configs/train/default.yaml}}"},
         setup=[S("cd /n/holylabs/kempner_dev/Users/hsafaai/Code/vine_diffusion_copula",
                  "required"), S("mkdir -p slurm_logs"), S("conda activate vdc")],
         source_only=["kempner_h100", "module load python/3.10.13-fasrc01",
                      "module load cuda/12.2.0-fasrc01"],
         accounts=["kempner_dev"],
         refuse_words=["$CMD", "CMD", "string"],
         assumptions=["1 node, 4 tasks, --gres=gpu:4: CONFIG_FILE from ${1:-...}, cd to a "
                      "/n/holylabs path, `CMD=\"torchrun --nproc_per_node="
                      "${SLURM_GPUS_ON_NODE:-4} ... scripts/train.py --config $CONFIG_FILE "
                      "--model-type $MODEL_TYPE\"`, an optional `--resume` appended, then "
                      "`$CMD`. Right: the launch inside the CMD string ported (nproc "
                      "following the target's GPUs) or a refusal naming the command string; "
                      "the cd kept, FASRC modules replaced."]),
    case(fam("ucsd-gres4-cd-submit-dir-bash-start-sh-wrapper", "slurm"),
         "Zhi0467/pretrain-zero-rl", "slurm/train.sh",
         "a UCSD Slurm cluster (by the mail address)", "generic-slurm",
         ["user-wrapper", "positional-passthrough", "cd-submit-dir-or-exit",
          "no-final-newline"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=4,
         program="start.sh", args=['"$@"'], expect="refuse",
         setup=[S('cd "$SLURM_SUBMIT_DIR" || exit')],
         refuse_words=["start.sh", "wrapper", "script"],
         assumptions=["1 node, --gres=gpu:4: `cd \"$SLURM_SUBMIT_DIR\" || exit`, `bash "
                      "start.sh \"$@\"` (the zero-RL training is in the user's start.sh). "
                      "Right: a refusal naming start.sh, or `bash start.sh \"$@\"` kept with "
                      "4 GPUs and SLURM_SUBMIT_DIR mapped. No final newline."]),
    case(fam("bridges2-v100x2-one-process-ray-env-prefix-hydra-num-nodes", "slurm"),
         "cs-mshah/RLinf", "slurm/train.sh",
         "PSC Bridges-2 (GPU-shared, v100-32, account cis260009p)", "bridges2",
         ["ten-cluster-source", "one-process-multi-gpu", "env-prefix-on-launch",
          "hydra-overrides", "program-num-nodes-arg", "job-id-in-user-var",
          "mv-logs-after", "placeholder-path", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2,
         gpus_per_rank=2, program="examples/embodiment/train_embodied_agent.py",
         args=["--config-name", "roboeval_liftpot_ppo_mlp", "cluster.num_nodes=1",
               'runner.logger.log_path="${RESULTS_DIR}"'],
         topology_args=[T("cluster.num_nodes", "1", "nodes")],
         vars={"EXPERIMENT_NAME": "${SLURM_JOB_NAME}_${SLURM_JOB_ID}"},
         setup=[S("source /jet/home/mshah10/miniconda3/etc/profile.d/conda.sh"),
                S("conda activate roboeval")],
         keep_text=["MUJOCO_GL=egl", "mv ${OUTPUT_FILE} ${LOG_DIR}/"],
         source_only=["v100-32:2", "GPU-shared", "module load anaconda3"],
         accounts=["cis260009p"],
         assumptions=["Bridges-2 GPU-shared, 1 node, --gpus=v100-32:2: `MUJOCO_GL=egl "
                      "EMBODIED_PATH=/path/to/... python examples/embodiment/"
                      "train_embodied_agent.py --config-name ... cluster.num_nodes=1 "
                      "runner.logger.log_path=\"${RESULTS_DIR}\"` (RLinf: one Ray driver "
                      "using the 2 GPUs), RESULTS_DIR built from the job name and id, then "
                      "`mv` of the Slurm logs. Right: one process with 2 GPUs, the env "
                      "prefix kept, EXPERIMENT_NAME with the job id mapped, "
                      "cluster.num_nodes consistent, the mv lines kept (their Slurm log "
                      "names noted on PBS)."]),
    case(fam("sge-volta-queue-home-work-git-pull-python-train", "sge"),
         "andrecharneca/Vessel-Segmentation-pytorch", "job.sge",
         "an SGE cluster (volta.q; EPFL user)", "generic-sge",
         ["sge-source", "git-pull-in-job", "home-redefined", "cd-relative",
          "no-gpu-count", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         setup=[S("export HOME=$WORK"), S("conda activate saiad-pytorch"),
                S("cd Vessel-Segmentation-pytorch", "required"), S("git pull")],
         source_only=["volta.q", "module load anaconda"],
         refuse_words=["SGE", "Grid Engine", "#$", "scheduler"],
         assumptions=["SGE (`#$` directives), queue volta.q (a V100 queue; no GPU count "
                      "asked): HOME set to $WORK, conda, `cd Vessel-Segmentation-pytorch`, "
                      "`git pull`, `python train.py`. Right: a port with 1 GPU, the set-up "
                      "kept in order (git pull included), or a refusal naming the SGE "
                      "source. No final newline."]),
    case(fam("sge-broken-shebang-cuda1-pe-tensorflow-bert-unset-vars", "sge"),
         "moorugi98/hackathon-climate-team0", "job.sge",
         "an SGE cluster (Osnabrueck /net/store/ai, -l cuda=1)", "generic-sge",
         ["sge-source", "broken-shebang", "job-name-with-space", "tensorflow",
          "unset-env-vars", "absolute-program-path", "conda-deactivate-after"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         framework="tensorflow",
         program="/net/store/ai/projects/bert/repo/bert/"
                 "run_classifier_jo_ddc_low_verbose_no_maxstep_continous.py",
         args=["--task_name=categories", "--do_train=true", "--max_seq_length=32",
               "--init_checkpoint=$CHECKPOINT_PATH/new_output/model.ckpt-$MODEL_INDEX"],
         setup=[S('export PATH="/net/store/ai/projects/bert/miniconda/bin/bin:$PATH"'),
                S("source activate tensorflow")],
         keep_text=["conda deactivate"],
         source_only=["cuda=1", "cuda_cores=3584", "-pe default 2"],
         refuse_words=["SGE", "Grid Engine", "#$", "shebang", "scheduler"],
         assumptions=["SGE, `-l cuda=1`, `-pe default 2`; the first line is `!/bin/bash` "
                      "(no `#`), the job name has a space; `python /net/store/.../"
                      "run_classifier_...py --task_name=categories ...` (TF1 BERT, 1 GPU), "
                      "$BERT_BASE_DIR and $MODEL_INDEX never set in the script. Right: a "
                      "refusal naming the SGE source or the broken shebang, or a 1-GPU port "
                      "that flags the broken first line and the unset variables."]),
    case(fam("nasa-nas-pbs-gh200-two-stage-python-m-gen-train-monitor-heredocs", "pbs"),
         "imalsky/gcmulator", "run.pbs",
         "NASA NAS (PBS Pro, gpu_long, GH200, group s2458)", "nasa-nas",
         ["pbs-source", "several-programs", "python-module-program", "heredoc-python",
          "background-gpu-monitor", "trap-cleanup", "job-id-in-user-var", "tee-log",
          "cd-pbs-o-workdir", "set-euo-pipefail", "arm-gh200"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         framework="pytorch+jax", program='"${MAIN_MODULE}"', module=True,
         args=["--train", "--config", '"${CONFIG_PATH}"'],
         vars={"MAIN_MODULE": "${MAIN_MODULE:-gcmulator}",
               "TRAIN_LOG": "${TRAIN_LOG:-${PROJECT_ROOT}/training_${PBS_JOBID:-manual}.log}"},
         other_runs=[R('"${MAIN_MODULE}"', ["--gen", "--config", '"${CONFIG_PATH}"'],
                       launched=False)],
         setup=[S('cd -P "${PROJECT_ROOT}"', "required"),
                S('conda activate "${CONDA_ENV}"')],
         keep_text=['2>&1 | tee -a "${TRAIN_LOG}"', "trap cleanup EXIT"],
         source_only=["model=gh200", "gpu_long",
                      "module use -a /swbuild/analytix/tools/modulefiles",
                      "module load miniconda3/gh2"],
         accounts=["s2458"],
         assumptions=["PBS select=1:ngpus=1:model=gh200 (ARM Grace Hopper): "
                      "PROJECT_ROOT from $PBS_O_WORKDIR, NAS modules, conda, python heredoc "
                      "preflights, a background nvidia-smi monitor with a trap, an optional "
                      "`python -u -m \"${MAIN_MODULE}\" --gen ...` stage, then `python -u -m "
                      "\"${MAIN_MODULE}\" --train ... 2>&1 | tee -a \"${TRAIN_LOG}\"` "
                      "(TRAIN_LOG built from $PBS_JOBID). Right: both stages kept in order "
                      "as one process on 1 GPU, PBS_O_WORKDIR and PBS_JOBID inside the "
                      "user's variables mapped, the heredocs, monitor and trap kept; an "
                      "ARM conda env (gh2) flagged for x86 targets."]),
    case(fam("palmetto-pbs-ngpus2-one-process-cd-scratch", "pbs"),
         "bradford415/low-power-segmentation", "run.pbs",
         "Clemson Palmetto (PBS Pro, viprgs queue, A100)", "clemson-palmetto",
         ["pbs-source", "one-process-multi-gpu", "select-and-walltime-one-line",
          "cd-absolute"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2,
         gpus_per_rank=2, program="train.py",
         args=["--cfg", "configs/deeplabv3/deeplabv3_lpcvc_palmetto.yaml"],
         setup=[S("source activate low-power"),
                S("cd /scratch1/bselee/low-power-segmentation", "required")],
         source_only=["viprgs", "gpu_model=a100"],
         assumptions=["PBS `-q viprgs -l select=1:ncpus=20:ngpus=2:...,walltime=6:00:00` "
                      "on one line: conda, cd to /scratch1, `python train.py --cfg ...` "
                      "(one process on 2 GPUs). Right: one process with 2 GPUs, the cd kept "
                      "with the /scratch1 path flagged, the queue and GPU model replaced."]),
    case(fam("array-0-15-as-ranks-squeue-master-srun-singularity-placeholders", "slurm"),
         "jramapuram/BYOL", "slurm/run.sh",
         "an EasyBuild Slurm cluster (Singularity 3.4; placeholders for partition)",
         "generic-slurm",
         ["array-as-ranks", "master-from-squeue", "per-rank-srun", "singularity-exec-nv",
          "placeholder-partition", "placeholder-bind", "program-world-size-arg",
          "bash-l-shebang"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=None,
         gpus_per_node=1, program="../main.py",
         args=["--epochs=100", "--batch-size=1024", "--num-replicas=16",
               "--distributed-master=$MASTER", "--distributed-rank=${SLURM_ARRAY_TASK_ID}"],
         topology_args=[T("--num-replicas", "16", "world_size")],
         container_image="$HOME/docker/pytorch1.5.0_cuda10.1.simg",
         vars={"MASTER": "$(squeue | grep ${SLURM_ARRAY_JOB_ID}_0 | awk {'print $8'})"},
         source_only=["<MY_PARTITIONS_HERE>",
                      "module load GCCcore/8.2.0 Singularity/3.4.0-Go-1.12 CUDA/10.1.243",
                      "COMPUTE_CAPABILITY_6_0"],
         refuse_words=["array", "squeue", "SLURM_ARRAY", "placeholder", "<DATA_DIR>"],
         assumptions=["--array=0-15, each element 1 task and 1 GPU: the master is array "
                      "element 0's node found by `squeue | grep`, and each element runs "
                      "`srun singularity exec -B <DATA_DIR>:/datasets --nv ... python "
                      "../main.py ... --num-replicas=16 --distributed-rank="
                      "${SLURM_ARRAY_TASK_ID}` (16 ranks made of 16 array jobs). Right: a "
                      "refusal naming the array-as-ranks / squeue master, or the array kept "
                      "(PBS -J with PBS_ARRAY_INDEX) with the squeue line named as Slurm-only; "
                      "the placeholders named."]),
    case(fam("inert-space-sbatch-directives-conda-env-update-two-srun-loops-inference",
             "slurm"),
         "Yaawar-Askari/SEP_Llama-3", "slurm/run.sh",
         "a Slurm cluster (directives written `# SBATCH`, so inert)", "generic-slurm",
         ["inert-directives", "for-loop-launches", "several-programs", "per-rank-srun",
          "conda-env-update-in-job", "inference", "relative-program-path"],
         launch_model="per_rank", launcher="srun", total_ranks=1, nodes=None,
         gpus_per_node=None, program="../semantic_uncertainty/generate_answers.py",
         args=["--model_name=Llama-2-7b-chat", "--dataset=$dataset", "--num_samples=2000"],
         other_runs=[R("../semantic_uncertainty/generate_answers.py",
                       ["--model_name=Llama-2-70b-chat", "--dataset=$dataset",
                        "--num_samples=1000", "--num_generations=10"], launched=True)],
         setup=[S("~/miniconda3/bin/conda-env update -f ../sep_environment.yaml"),
                S("source ~/miniconda3/bin/activate se_probes")],
         refuse_words=["# SBATCH", "directive", "comment", "GPU"],
         assumptions=["The directives are `# SBATCH ...` (a space: comments, so no GPU, "
                      "partition or CPU count is asked; the intent was --gres=gpu:a100:2). "
                      "Two loops over 4 datasets, each `srun python ../semantic_uncertainty/"
                      "generate_answers.py --model_name=... --dataset=$dataset ...` (Llama-2 "
                      "7B then 70B generation). Right: both loops kept with every srun "
                      "ported, and the inert `# SBATCH` lines named (the GPU request is not "
                      "there) -- or a refusal saying so; never a silent 1-GPU or 2-GPU guess."]),
    case(fam("two-nodes-srun-apptainer-bash-run-sh-deepspeed-wrapper-image-fallback",
             "slurm"),
         "boris-gans/deepseek-hpc", "slurm/submit.sbatch",
         "a teaching Slurm cluster (gpu-node partition, /home/user49/scratch/group1)",
         "generic-slurm",
         ["user-wrapper", "srun-apptainer-exec", "apptainer-opts-array", "module-force-purge",
          "config-staging-cp", "set-euo-pipefail", "env-default-chain"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=2, gpus_per_node=1,
         program="/app/slurm/run.sh", args=[], expect="refuse",
         container_image="${APPAINTER_IMAGE}",
         source_only=["gpu-node", "module load apptainer"],
         refuse_words=["run.sh", "wrapper", "script", "apptainer"],
         assumptions=["2 nodes, 1 task a node, --gres=gpu:1: image path with a fallback, "
                      "configs copied into the project root, then `srun apptainer exec "
                      "\"${APPTAINER_OPTS[@]}\" \"${APPAINTER_IMAGE}\" bash /app/slurm/run.sh` "
                      "(run.sh maps SLURM_PROCID to RANK and starts DeepSpeed pipeline "
                      "inference). Right: a refusal naming run.sh, or the srun line kept "
                      "with the target's per-node launch and a note that run.sh reads "
                      "SLURM_* variables."]),
    case(fam("cscs-alps-srun-environment-edf-bash-c-deepspeed-no-ssh-hostfile", "slurm"),
         "calvofl0/alps-llm-fine-tuning", "deepspeed.sbatch",
         "CSCS Alps (EDF container environments, cray modules)", "cscs-alps",
         ["srun-environment-edf", "bash-c-body", "deepspeed-launcher", "hostfile-built",
          "venv-build-srun-step", "export-none", "placeholder-account",
          "program-in-string-var", "gpus-per-task"],
         launch_model="launcher", launcher="deepspeed", total_ranks=8, nodes=2,
         gpus_per_node=4, program="./train_sft_mistral.py", args=["--model_id", "--output_dir"],
         vars={"TRAIN_SCRIPT": "./train_sft_mistral.py --model_id \\\"${MODEL_ID}\\\" "
                               "--output_dir \\\"${OUTPUT_DIR}\\\""},
         setup=[S("export SLURM_EXPORT_ENV=ALL"), S("mkdir -p ${TRITON_CACHE_DIR}/autotune")],
         keep_text=["echo THE END"],
         source_only=["module load cray/23.12", "module load cray-python/3.11.5",
                      "--environment ${EDF_FILE}"],
         accounts=["<YOUR_ACCOUNT>"],
         refuse_words=["--environment", "EDF", "bash -c", "TRAIN_SCRIPT", "hostfile"],
         assumptions=["CSCS Alps, 2 nodes, 1 task a node, --gpus-per-task 4, --export "
                      "NONE: a hostfile built from the node list, a venv built once by `srun "
                      "-n 1 -N 1 --environment ${EDF_FILE} /bin/bash -c '...pip install...'`, "
                      "then `srun --environment ${EDF_FILE} /bin/bash -c '.../deepspeed "
                      "--no_ssh --node_rank ${SLURM_NODEID} ... --num_gpus "
                      "${SLURM_GPUS_ON_NODE} --hostfile hostfile ... ${TRAIN_SCRIPT}'` (8 "
                      "ranks). Right: a refusal naming the EDF --environment container or "
                      "the bash -c body, or both srun steps kept with the EDF replaced by "
                      "the target's container with a note, 8 ranks, SLURM_NODEID mapped."]),
    case(fam("sixteen-nodes-exclusive-srun-scripts-train-sh-wrapper", "slurm"),
         "foundation-model-stack/fms-fsdp", "scripts/train.slurm",
         "an unnamed Slurm cluster (16 nodes x 8 GPUs, exclusive)", "generic-slurm",
         ["user-wrapper", "per-node-srun-wrapper", "wait-all-nodes", "exclusive",
          "commented-directive"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=16, gpus_per_node=8,
         program="./scripts/train.sh", args=[], expect="refuse",
         refuse_words=["train.sh", "wrapper", "script"],
         assumptions=["16 nodes, 1 task a node, --gres=gpu:8, --exclusive, "
                      "--wait-all-nodes=1: `srun ./scripts/train.sh` (the torchrun FSDP "
                      "launch is in the repository's train.sh). Right: a refusal naming "
                      "train.sh, or `srun ./scripts/train.sh` kept per node with a note that "
                      "the wrapper holds the launch."]),
    case(fam("jean-zay-h100-srun-bash-c-composer-world-size-node-rank-positional", "slurm"),
         "doctolib-lab/ModernBERT", "scripts/train.slurm",
         "IDRIS Jean Zay (gpu_p6 H100, account ilr@h100)", "jean-zay",
         ["bash-c-body", "composer-launcher", "escaped-node-rank", "positional-args-required",
          "world-size-from-nnodes", "set-x-e", "module-chain", "hint-nomultithread"],
         launch_model="launcher", launcher="composer", total_ranks=16, nodes=4,
         gpus_per_node=4, program="main.py", args=["$CONFIG", "$*"],
         topology_args=[T("--world_size", "$((SLURM_NNODES * 4))", "world_size"),
                        T("-n", "4", "gpus_per_node")],
         setup=[S("conda activate bert24")],
         source_only=["gpu_p6", "qos_gpu_h100-t4", "module load arch/h100",
                      "module load anaconda-py3/2024.06", "module load cuda/12.4.1"],
         accounts=["ilr@h100"],
         refuse_words=["composer", "bash -c", "positional", "$1", "CONFIG"],
         assumptions=["Jean Zay H100, 4 nodes, 1 task a node, --gres=gpu:4: CONFIG=$1 "
                      "(required), then `srun bash -c \"composer --world_size "
                      "$((SLURM_NNODES * 4)) --node_rank \\$SLURM_NODEID --master_addr ... "
                      "-n 4 main.py $CONFIG $*\"` (MosaicML composer, 16 ranks). Right: 16 "
                      "ranks (or -n and the *4 changed to the target's GPUs a node), the "
                      "escaped per-task SLURM_NODEID mapped, the positional arguments kept "
                      "and named; or a refusal naming composer / the bash -c body."]),
    case(fam("gres8-accelerate-launch-root-cache-config-file-sh", "slurm"),
         "WowCZ/InternEmbedding", "scripts/train.slurm",
         "an unnamed Slurm cluster (running as root; Shanghai AI Lab user)", "generic-slurm",
         ["accelerate-config-file", "bin-sh-shebang", "array-log-names",
          "no-final-newline"],
         launch_model="launcher", launcher="accelerate", total_ranks="unknown",
         gpus_per_node=8, program="run.py", args=["train"],
         launcher_config=["/root/.cache/huggingface/accelerate/default_config.yaml"],
         setup=[S("export OMP_NUM_THREADS=8")],
         refuse_words=["config_file", "default_config.yaml", "accelerate config"],
         assumptions=["1 node, 1 task, --gres=gpu:8, `#!/bin/sh`: `accelerate launch "
                      "--config_file /root/.cache/huggingface/accelerate/default_config.yaml "
                      "run.py train` (the process count is in that config, not in the "
                      "script). Right: the config file kept with a note (its num_processes "
                      "checked against the target's GPUs) or a question; never a silent "
                      "static layout replacing it. No final newline."]),
    case(fam("jean-zay-h100-gres1-srun-ntasks1-bash-lc-torchrun-nproc4-mismatch", "slurm"),
         "NassimaOULDOUALI/wavlm-vocoder-french", "scripts/train.slurm",
         "IDRIS Jean Zay (gpu_p6 H100, account lsq@h100)", "jean-zay",
         ["bash-lc-body", "srun-torchrun", "nproc-exceeds-gpus", "cd-home-var",
          "path-prepend-env", "set-euo-pipefail", "echo-gpus-4"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=1,
         program="scripts/train.py", args=["--config", "$CONFIG_FILE"],
         vars={"WORK_DIR": "$HOME/wavlm-vocoder-french", "CONFIG_FILE": "configs/base.yaml"},
         setup=[S('cd "$WORK_DIR"', "required"), S('export PATH="$ENV_PREFIX/bin:$PATH"')],
         source_only=["gpu_p6", "qos_gpu_h100-t3", "/lustre/fsn1/projects/rech/lsq"],
         accounts=["lsq@h100"],
         refuse_words=["nproc_per_node", "gres", "1 GPU", "bash -lc"],
         assumptions=["Jean Zay H100, 1 node, 1 task, --gres=gpu:1, but `srun --ntasks=1 "
                      "bash -lc \"torchrun --standalone --nnodes=1 --nproc_per_node=4 "
                      "scripts/train.py --config $CONFIG_FILE\"` (4 processes asked on the "
                      "1 GPU the job holds; the echo says GPUs: 4). Right: the disagreement "
                      "named (ask, or 4 GPUs requested with a note, or nproc 1 with a "
                      "note); never 4 processes on 1 GPU or a silent change. The Jean Zay "
                      "conda prefix on /lustre/fsn1 flagged."]),
    case(fam("uw-hyak-h200x4-apptainer-exec-bash-main-sh-wrapper-ray", "slurm"),
         "HuNtErJ1324/R-Zero", "scripts/train.slurm",
         "University of Washington Hyak (ckpt-all, h200, account stf)", "uw-hyak",
         ["user-wrapper", "apptainer-exec-nv", "cd-absolute", "brace-expansion-mkdir",
          "placeholder-token", "ray-in-container"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=4,
         program="scripts/main.sh", args=['"$BASE_MODEL"', '"$MODEL_ABBR"'], expect="refuse",
         container_image="/mmfs1/gscratch/scrubbed/jchae3/r-zero.sif",
         setup=[S("cd /mmfs1/gscratch/scrubbed/jchae3/R-Zero", "required")],
         source_only=["ckpt-all", "h200:4", "module load apptainer"],
         accounts=["stf"],
         refuse_words=["main.sh", "wrapper", "script", "apptainer"],
         assumptions=["Hyak, 1 node, 1 task, --gpus-per-node=h200:4: cd to /mmfs1, exports "
                      "(an `hf_...` token placeholder), mkdir with brace expansion, then "
                      "`apptainer exec --nv --bind /mmfs1:/mmfs1 ... \"$CONTAINER\" bash "
                      "scripts/main.sh \"$BASE_MODEL\" \"$MODEL_ABBR\"` (R-Zero's Ray/veRL "
                      "pipeline in the user's main.sh). Right: a refusal naming main.sh, or "
                      "the apptainer line kept with 4 GPUs and the /mmfs1 binds flagged."]),
    case(fam("gres6-ntasks6-torchrun-standalone-nproc-from-visible-devices-positional",
             "slurm"),
         "danieldager/AMELA", "scripts/train.slurm",
         "ENS CoML cluster (partitions gpu,erc-dupoux,erc-cristia)", "ens-coml",
         ["launcher-torchrun-standalone", "nproc-from-visible-devices",
          "positional-args-required", "resume-flag-optional", "precision-by-gpu-name",
          "multi-partition", "ntasks-6-one-launcher"],
         launch_model="launcher", launcher="torchrun", total_ranks=6, gpus_per_node=6,
         program="scripts/train.py",
         args=["--manifest", '"$MANIFEST_PATH"', "--tokens_dir", '"$TOKENS_DIR"', "--seed",
               "42", "$RESUME_ARG", "$PRECISION_FLAG"],
         strategy="ddp",
         vars={"NUM_GPUS": "$(echo $CUDA_VISIBLE_DEVICES | tr ',' '\\n' | wc -l)"},
         setup=[S("conda activate amela_train"), S("mkdir -p logs")],
         source_only=["gpu,erc-dupoux,erc-cristia"],
         refuse_words=["$1", "positional", "NUM_GPUS", "CUDA_VISIBLE_DEVICES"],
         assumptions=["1 node, 6 tasks, --gres=gpu:6: two positional arguments required, "
                      "NUM_GPUS counted from CUDA_VISIBLE_DEVICES, precision picked from the "
                      "GPU name, then `torchrun --standalone --nnodes=1 --nproc_per_node="
                      "$NUM_GPUS scripts/train.py ...` (6 ranks). Right: the rank count "
                      "following the target's GPUs (NUM_GPUS still counted, or written with "
                      "a note), the positional arguments kept and named, the partition "
                      "list replaced."]),
    case(fam("princeton-8x2-srun-python-world-size-16-ssh-copy-loop", "slurm"),
         "inspire-group/proxy-distributions", "scripts/train.slurm",
         "Princeton Research Computing (Della/Tiger: /tigress, /scratch/gpfs)",
         "princeton-rc",
         ["per-rank-srun", "world-size-export", "ssh-per-node-loop", "local-scratch-copy",
          "module-anaconda", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=8, gpus_per_node=2,
         program="train.py",
         args=["--dataset", "cifar10", "--arch", "resnest152", "--batch-size", "256",
               "--syn-data-dir", "/scratch/serialized/", "--exp-name",
               "cifar10_resnest152_pgd_advtrain_ddpm_cifar10_serialized"],
         strategy="ddp",
         topology_args=[T("WORLD_SIZE", "16", "world_size")],
         setup=[S("source activate py37")],
         source_only=["module load anaconda3/2020.11"],
         refuse_words=["ssh", "WORLD_SIZE"],
         assumptions=["8 nodes, 2 tasks a node, --gpus-per-node=2: `export WORLD_SIZE=16`, "
                      "MASTER_ADDR from scontrol, a `for node in ...; do ssh $node; mkdir ...; "
                      "cp ...; done` loop (the ssh opens a shell; the copies run on the batch "
                      "node), then `srun python train.py ...` (16 ranks). Right: 16 ranks "
                      "(8x2) or the layout changed with WORLD_SIZE=16 changed or named; the "
                      "ssh loop kept verbatim and flagged; /tigress and /scratch/gpfs "
                      "paths flagged. No final newline."]),
    case(fam("jean-zay-v100-2x4-srun-python3-stage-loop-arg-parser-comment-cuts-tee",
             "slurm"),
         "Gogonemnem/sct-net", "scripts/train.slurm",
         "IDRIS Jean Zay (V100, account uio@v100)", "jean-zay",
         ["per-rank-srun", "stage-loop", "several-programs", "option-parser-loop",
          "comment-inside-continuation", "tee-log", "cd-absolute", "set-x",
          "idris-module", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=8, nodes=2, gpus_per_node=4,
         program="train_net.py",
         args=["--config-file", '"$dataset_config"', "--resume", "--additional-configs",
               "$pretraining_config", "SOLVER.IMS_PER_BATCH", "$batch_size"],
         other_runs=[R("train_net.py", ["--additional-configs", "$training_config"],
                       launched=True),
                     R("train_net.py", ["--additional-configs", "$finetuning_config",
                                        "FEWSHOT.SUPPORT_SHOT", "$support_shot"],
                       launched=True)],
         setup=[S("cd /gpfswork/rech/uio/urr97zp/fsod-fct", "required")],
         keep_text=['2>&1 | tee "logs/pretraining-${base_config_name}.txt"'],
         source_only=["qos_gpu-t3", "module load pytorch-gpu/py3/2.2.0"],
         accounts=["uio@v100"],
         assumptions=["Jean Zay V100, 2 nodes, 4 tasks a node, --gres=gpu:4: options parsed "
                      "from the command line (--num-gpus is parsed but unused), cd to "
                      "/gpfswork, then a loop over stages, each `srun python3 train_net.py "
                      "--config-file ... -- SOLVER.IMS_PER_BATCH $batch_size OUTPUT_DIR ...` "
                      "(8 ranks; a `# SOLVER.ACCUMULATION_STEPS ... \\` comment line ends "
                      "each command, so the `2>&1 | tee` line runs on its own). Right: all "
                      "three srun stages ported in the loop, 8 ranks (or the change noted), "
                      "the IDRIS module replaced, the lines kept verbatim (the comment cut "
                      "may be flagged)."]),
    case(fam("ugent-vsc-torque-pbs-gpus1-venv-rebuild-poetry-git-checkout-placeholder",
             "pbs"),
         "lbarraga/SEL3-2025-Groep-6", "train.pbs",
         "HPC-UGent / VSC (Torque-style PBS: nodes=1:ppn=1, gpus=1)", "ugent-vsc",
         ["pbs-source", "torque-nodes-ppn", "gpus-resource", "ml-module-alias",
          "venv-rebuild-in-job", "poetry-install", "git-checkout-placeholder",
          "secrets-file-sourced", "vsc-data-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         framework="unknown", program="train_es.py", args=[],
         setup=[S('cd "$VSC_DATA"/Bio-Robot-CPG/', "required"),
                S('git checkout "<your_training_branch>"'), S("rm -rf venv"),
                S("python -m venv venv"), S("source venv/bin/activate"),
                S("poetry install --no-root"), S('source "$VSC_HOME"/secrets.sh')],
         source_only=["ml poetry/1.7.1-GCCcore-12.3.0"],
         refuse_words=["nodes=1:ppn=1", "gpus=1", "Torque", "placeholder"],
         assumptions=["Torque-style PBS (`-l nodes=1:ppn=1`, `-l gpus=1`, no select): "
                      "`ml poetry/...`, cd to $VSC_DATA, `git checkout \"<your_training_"
                      "branch>\"` (a placeholder), the venv rebuilt, poetry install, a "
                      "secrets file sourced, `python train_es.py` (1 GPU). Right: 1 process "
                      "on 1 GPU with every set-up line kept in order, $VSC_DATA/$VSC_HOME "
                      "flagged as site variables, the placeholder named; a refusal naming "
                      "the Torque resource syntax is also right."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
