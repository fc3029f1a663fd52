"""Write bench/unseen19/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none (LSF and
SGE sources: any three are of another family). Same rules as bench/unseen12..unseen18
(bench/unseen6/make_common.py).
Usage: python bench/unseen19/make_cases.py /work/cache/unseen19 bench/unseen19/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("oxford-bmrc-a100-80gb-qos-24hr-positional-defaults-conda-sh-cd-gpfs-python-train-resume", "slurm"),
         "OHBA-analysis/MEG-Mamba", "slurm/train.slurm",
         "Oxford BMRC (partition gpu_a100_80gb, account gpu_woolrich.prj, qos gpu_bmrc_24hr, /gpfs3/well)", "oxford-bmrc",
         ["positional-defaults", "conda-sh-from-easybuild-tree", "abs-gpfs-cd", "nvidia-smi-query", "resume-flag",
          "set-eo-pipefail"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--manifest", "data/manifest.pt", "--output-dir", '"$OUTDIR"', "--session-features",
               "data/session_features.npz", "--holdout-sessions", "test", "--d-model", "256", "--n-layers", "4",
               "--batch-size", "512", "--seed", '"$SEED"', "--epochs", '"$EPOCHS"', "--snapshot-every", "1",
               "--resume"],
         setup=[S('EPOCHS="${1:-3}"', "required"), S('OUTDIR="${2:-model}"', "required"),
                S("source /apps/eb/el8/2023a/skylake/software/Miniforge3/24.1.2-0/etc/profile.d/conda.sh"),
                S("conda activate mamba3"), S('export PATH="$CONDA_PREFIX/bin:$PATH"'),
                S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
                S("cd /gpfs3/well/woolrich/users/wlo995/packages/MEG-Mamba")],
         source_only=["--partition=gpu_a100_80gb", "--qos=gpu_bmrc_24hr"], accounts=["gpu_woolrich.prj"],
         refuse_words=["gpu_a100_80gb", "/gpfs3", "gpu_bmrc_24hr", "Miniforge3", "/apps/eb"],
         assumptions=["BMRC: -p gpu_a100_80gb, -A gpu_woolrich.prj, qos gpu_bmrc_24hr, --gres=gpu:1, 24 h: set -eo "
                      "pipefail, three positional arguments with defaults (EPOCHS, OUTDIR, SEED), the site's "
                      "EasyBuild Miniforge conda.sh, env mamba3 prepended to PATH, cd to a /gpfs3 checkout, "
                      "nvidia-smi, then one `python train.py ... --seed \"$SEED\" --epochs \"$EPOCHS\" "
                      "--snapshot-every 1 --resume`. Right: 1 process on 1 GPU, the positional defaults and "
                      "every argument kept, the /apps/eb conda path and the /gpfs3 cd named as source paths."]),
    case(fam("generic-slurm-gres8-ntasks8-srun-uv-run-lightning-devices-num-nodes-from-slurm-vars-dollar-at", "slurm"),
         "alphaXiv/levljepa-d1818e3c", "slurm/train.slurm",
         "a generic Slurm cluster with 8-GPU nodes (no partition or account in the file)", "slurm-generic-8gpu",
         ["srun-one-task-per-gpu", "uv-run-python", "lightning-slurm-env", "topology-args-from-slurm-vars",
          "env-default-config", "dollar-at-overrides", "placeholder-path-default", "nccl-ib-vars"],
         launch_model="per_rank", launcher="srun", total_ranks=8, gpus_per_node=8,
         program="main.py",
         args=['devices="${SLURM_NTASKS_PER_NODE}"', 'num_nodes="${SLURM_NNODES}"', 'batch_size="${BATCH_SIZE}"',
               'total_steps="${TOTAL_STEPS}"', 'lance_path="${LANCE_PATH}"', 'output_dir="${OUTPUT_DIR}"', '"$@"'],
         topology_args=[T("devices", "${SLURM_NTASKS_PER_NODE}", "gpus_per_node"),
                        T("num_nodes", "${SLURM_NNODES}", "nodes")],
         keep_text=["srun uv run python main.py"],
         setup=[S("export NCCL_IB_DISABLE=${NCCL_IB_DISABLE:-0}"), S("RUN_NAME=${RUN_NAME:-levljepa_${SLURM_JOB_ID}}"),
                S("LANCE_PATH=${LANCE_PATH:-/path/to/cc12m/train.lance}")],
         source_only=["--gres=gpu:8"],
         refuse_words=["SLURM_NTASKS_PER_NODE", "SLURM_NNODES", "uv run", "/path/to/cc12m", "devices"],
         assumptions=["1 node, --gres=gpu:8, 8 tasks a node, 8 CPUs a task, 24 h, no partition: set -euo pipefail, "
                      "NCCL IB defaults, run settings from env defaults (the data path defaults to a /path/to "
                      "placeholder), then `srun uv run python main.py devices=\"${SLURM_NTASKS_PER_NODE}\" "
                      "num_nodes=\"${SLURM_NNODES}\" ... \"$@\"` (Lightning reads the Slurm ranks). Right: one rank "
                      "a GPU, and devices/num_nodes still equal the target's ranks a node and nodes (the Slurm "
                      "variables mapped or replaced on a PBS target, never left empty); uv run kept; the "
                      "placeholder data path named."]),
    case(fam("jean-zay-h100-2-nodes-singularity-vllm-server-background-curl-wait-srun-x-master-trl-wrapper", "slurm"),
         "thomasbtnfr/TranslatorRocqLean", "slurm/grpo_singularity_multi_node.slurm",
         "IDRIS Jean Zay (account wrx@h100, -C h100, qos qos_gpu_h100-t3, /lustre/fsn1 and /linkhome)", "jean-zay",
         ["two-srun-stages", "background-server-then-client", "curl-readiness-loop", "srun-w-and-x-node-pinning",
          "singularity-binds", "user-wrapper-in-container", "exclusive-nodes", "hint-nomultithread"],
         launch_model="per_rank", launcher="srun", total_ranks="unknown", nodes=2, gpus_per_node=4,
         program="slurm/singularity_multi_trl.sh", args=[], expect="refuse",
         other_runs=[R("slurm/singularity_multi_vllm.sh", [], launched=True)],
         container_image="/lustre/fsn1/singularity/images/uxp55sd/trl-rl-deepspeed.sif",
         keep_text=["srun -N1 -w $MASTER singularity exec --nv", "bash slurm/singularity_multi_vllm.sh &",
                    "srun -N $(( SLURM_NNODES-1 )) --ntasks-per-node 1 -x $MASTER singularity exec --nv",
                    'until curl -s -o /dev/null -w "%{http_code}" $OPENAI_BASE_URL'],
         setup=[S("cd ${SLURM_SUBMIT_DIR}"), S('export OPENAI_BASE_URL="http://$MASTER:$SERVER_PORT"', "required")],
         source_only=["--constraint=h100", "--qos=qos_gpu_h100-t3", "--hint=nomultithread",
                      "/lustre/fsn1/singularity/images/uxp55sd/trl-rl-deepspeed.sif"],
         accounts=["wrx@h100"],
         refuse_words=["singularity_multi_trl.sh", "singularity_multi_vllm.sh", "wrapper", "-x $MASTER", "/lustre"],
         assumptions=["Jean Zay: -A wrx@h100, -C h100, qos t3, 2 exclusive nodes x 1 task, --gres=gpu:4, 96 CPUs, 20 "
                      "h: MASTER from the node list, `srun -N1 -w $MASTER singularity exec --nv --bind ... <sif> "
                      "bash slurm/singularity_multi_vllm.sh &` (a vLLM server, in the background), a curl loop "
                      "until the server answers, then `srun -N $((SLURM_NNODES-1)) --ntasks-per-node 1 -x $MASTER "
                      "singularity exec ... bash slurm/singularity_multi_trl.sh` (the trainer on the other "
                      "node). Both programs are user wrappers not in the file: right is a refusal (or an ask) "
                      "naming the two wrappers, the node pinning (-w/-x) and the Jean Zay image and binds; never "
                      "a guessed python command."]),
    case(fam("jean-zay-h100-4x4-module-pytorch-gpu-pythonuserbase-srun-python-m-trl-llm-config-json", "slurm"),
         "thomasbtnfr/TranslatorRocqLean", "slurm/train.slurm",
         "IDRIS Jean Zay (account xyi@h100, -C h100, qos qos_gpu_h100-t3, module pytorch-gpu)", "jean-zay",
         ["srun-python-m", "site-pytorch-module", "pythonuserbase-on-lustre", "set-x", "exclusive-nodes",
          "no-final-newline", "inline-directive-comments"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=4, gpus_per_node=4,
         program="trl_llm", module=True,
         args=["train", "-c", "slurm/config.json", "--model_name", "starcoder2-15b", "--eval_steps", "100",
               "--seq-length", "4096", "--num_steps", "8000", "--lr", "1e-5", "--visual-prompt", "--track"],
         keep_text=["srun python -m trl_llm train -c slurm/config.json"],
         setup=[S("cd ${SLURM_SUBMIT_DIR}"),
                S("export PYTHONUSERBASE=/lustre/fswork/projects/rech/hir/uxp55sd/.local_trl")],
         source_only=["module load arch/h100", "module load pytorch-gpu/py3/2.7.0", "--constraint=h100",
                      "--qos=qos_gpu_h100-t3", "--hint=nomultithread"],
         accounts=["xyi@h100"],
         refuse_words=["pytorch-gpu/py3/2.7.0", "PYTHONUSERBASE", "/lustre/fswork", "arch/h100"],
         assumptions=["Jean Zay: -A xyi@h100, -C h100, 4 exclusive nodes x 4 tasks, --gres=gpu:4, 24 CPUs a task, "
                      "20 h: module purge, arch/h100 and pytorch-gpu/py3/2.7.0, PYTHONUSERBASE on /lustre/fswork, "
                      "set -x, then `srun python -m trl_llm train -c slurm/config.json --model_name starcoder2-15b "
                      "...` (file ends without a newline). Right: 16 ranks, one a GPU, on 4 nodes (or a fitting "
                      "layout, named), the module replaced by the target's PyTorch with the user packages under "
                      "PYTHONUSERBASE named as built for Jean Zay, every argument kept."]),
    case(fam("slurm-gpu-l4x4-requeue-signal-trap-python-heredoc-plan-srun-python-c-torch-distributed-run-subprocess", "slurm"),
         "hlxie22/codenames-lora", "slurm/train.slurm",
         "a university Slurm cluster (partition gpu, L4 GPUs, --requeue with a USR1 signal)", "slurm-l4",
         ["srun-python-c-inline-launcher", "torch-distributed-run-in-subprocess", "requeue-signal-trap",
          "python-heredoc-config", "slurm-nodeid-in-inline-code", "background-and-wait", "unset-slurm-mem-vars",
          "sourced-common-script"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="$TRAIN_MODULE", module=True, args=["--config"],
         keep_text=['"$VENV_PY" -c', 'node_rank = os.environ.get("SLURM_NODEID", "0")',
                    '"--rdzv_backend=c10d"', 'MAIN_PID=$!', 'wait "$MAIN_PID"', "trap _requeue_me USR1",
                    'scontrol requeue "${SLURM_JOB_ID}"'],
         setup=[S('cd "$SLURM_SUBMIT_DIR"'), S("source slurm/common.sh"),
                S('CONFIG="${CONFIG:-configs/default.yml}"', "required"),
                S("unset SLURM_MEM_PER_CPU SLURM_MEM_PER_GPU SLURM_MEM_PER_NODE")],
         source_only=["--partition=gpu", "--gres=gpu:l4:4", "--signal=B:USR1@900"],
         refuse_words=["SLURM_NODEID", "-c", "requeue", "inline", "SLURM_GPUS_ON_NODE"],
         assumptions=["1 node, 1 task, --gres=gpu:l4:4, 12 CPUs, 64G, 6 h, --requeue, --signal=B:USR1@900: set -euo "
                      "pipefail, traps that call `scontrol requeue` and kill the main process group, `source "
                      "slurm/common.sh`, a python heredoc that reads the training plan (module, data, out dir) "
                      "from the YAML config, checks, NNODES/GPUS_PER_NODE from SLURM_NNODES and "
                      "SLURM_GPUS_ON_NODE (:-4), MASTER_ADDR from scontrol, then `srun --export=ALL "
                      "--ntasks=\"$NNODES\" --ntasks-per-node=1 ... \"$VENV_PY\" -c '<python>' &` whose inline "
                      "code runs `python -m torch.distributed.run --nnodes ... --node_rank=$SLURM_NODEID "
                      "--rdzv_backend=c10d ... -m $TRAIN_MODULE --config $CONFIG` and `wait`. Right: one launcher a "
                      "node with 4 workers, the inline python kept verbatim with SLURM_NODEID/SLURM_JOB_ID given a "
                      "meaning on the target (or the port asks), the requeue traps mapped or named; a PBS target "
                      "has no scontrol."]),
    case(fam("perlmutter-m4789-g-single-dash-constraint-open-r1-option-loop-vllm-serve-srun-bash-c-accelerate-launch", "slurm"),
         "tjbai/wider", "slurm/train_perl-4xA100.slurm",
         "NERSC Perlmutter (account m4789_g, qos regular, 4xA100 nodes)", "perlmutter",
         ["open-r1-launcher", "accelerate-in-srun-bash-c", "option-parsing-loop", "conditional-vllm-server",
          "single-dash-long-option-typo", "grep-awk-config-values", "machine-rank-from-procid",
          "hard-coded-gpus-per-node", "elapsed-time-report"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, gpus_per_node=4,
         program="src/open_r1/$TASK.py", args=["--config", "$CONFIG_FILE", "$OPTIONAL_ARGS"],
         launcher_config=["recipes/accelerate/$ACCELERATOR.yaml"],
         other_runs=[R("trl", ["vllm-serve", "--model", "$MODEL", "--revision", "$REVISION",
                               "--tensor_parallel_size", "$TP", "--data_parallel_size", "$DP"], launched=True)],
         keep_text=['srun $SRUN_ARGS bash -c "$LAUNCHER $CMD"', "--machine_rank $SLURM_PROCID",
                    "--num_processes $WORLD_SIZE", "GPUS_PER_NODE=4"],
         setup=[S("source ~/.bashrc"), S("source .venv/bin/activate"),
                S("export HF_DATASETS_CACHE=/tmp/$USER/hf_dataset_cache"), S('MODEL="DeepSeek-R1-Distill-Qwen-1.5B"', "required")],
         source_only=["-constraint=gpu", "--qos=regular"], accounts=["m4789_g"],
         refuse_words=["-constraint", "m4789_g", "vllm", "SLURM_PROCID", "GPUS_PER_NODE=4"],
         assumptions=["Perlmutter: -A m4789_g, `#SBATCH -constraint=gpu` (one dash: sbatch reads it as -c with a "
                      "bad value, so the file as written is refused at submission), qos regular, 1 exclusive node, "
                      "4 tasks a node, --gres=gpu:4, 24 h: a --help text and an option loop (model, task, config, "
                      "accelerator, dp, tp, args), config values read with grep/awk, GPUS_PER_NODE=4 fixed, a "
                      "`trl vllm-serve` on the last node when the recipe sets use_vllm (then the trainer gets "
                      "one node less), NCCL variables, then `srun --nodes=$NUM_NODES --ntasks=$NUM_NODES "
                      "--nodelist=... bash -c \"$LAUNCHER $CMD\"` with LAUNCHER = accelerate launch "
                      "--config_file recipes/accelerate/$ACCELERATOR.yaml --num_machines ... --num_processes "
                      "$WORLD_SIZE --machine_rank $SLURM_PROCID --rdzv_backend=c10d. Right: one accelerate a "
                      "node with num_processes = the target's GPUs (GPUS_PER_NODE=4 named where the target has "
                      "another count), the option loop, the accelerate config file and the vllm branch kept; the "
                      "malformed constraint line named."]),
    case(fam("eth-itet-net-scratch-open-mode-append-conda-wandb-login-srun-python-abs-hydra-experiment-exit-0", "slurm"),
         "ardkastrati/eeg-foundation", "job_scripts/train_slurm/train.slurm",
         "ETH Zurich D-ITET Slurm cluster (/itet-stor net_scratch; no partition in the file)", "eth-itet",
         ["srun-one-task", "abs-program-path", "hydra-experiment-override", "wandb-login-in-job",
          "mkdir-before-errexit", "node-loop-echo", "exit-0-at-end", "no-final-newline", "output-under-jobid-dir"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="/home/maxihuber/eeg-foundation/src/train.py", args=["experiment=maxim.yaml"],
         keep_text=["srun python /home/maxihuber/eeg-foundation/src/train.py experiment=maxim.yaml", "exit 0"],
         setup=[S("mkdir -p /itet-stor/maxihuber/net_scratch/runs/$SLURM_JOB_ID"),
                S("source /itet-stor/maxihuber/net_scratch/conda/etc/profile.d/conda.sh"),
                S("conda activate fastenv"), S("cd /home/maxihuber/eeg-foundation/"), S("wandb login")],
         source_only=[],
         refuse_words=["/itet-stor", "wandb login", "fastenv", "/home/maxihuber"],
         assumptions=["1 node, 1 task, --gres=gpu:1, 2 CPUs, 50G, 3 h, output under "
                      "/itet-stor/.../runs/%j (the job makes that directory itself, too late for Slurm's own "
                      "log): mkdir, set -o errexit, conda from net_scratch, env fastenv, cd, a loop echoing node "
                      "facts, `wandb login` (interactive unless a key is set), `srun python "
                      "/home/maxihuber/eeg-foundation/src/train.py experiment=maxim.yaml`, echo, `exit 0`. Right: "
                      "1 process on 1 GPU with the Hydra override kept, the /itet-stor and /home paths named, "
                      "the wandb login kept or named."]),
    case(fam("ens-erc-dupoux-gres2-one-task-required-positional-step-gpus-count-uv-run-torchrun-module-port-from-jobid", "slurm"),
         "danieldager/SMBS", "slurm/train.slurm",
         "a Slurm cluster with a lab partition erc-dupoux (ENS CoML style)", "slurm-erc-dupoux",
         ["uv-run-torchrun", "gpu-count-from-slurm-step-gpus", "required-positional-arg", "port-from-job-id",
          "torchrun-module", "one-task-two-gpus"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="smbs.train.run", module=True, args=["--encoder", '"$ENCODER"', "--arch", '"$ARCH"'],
         keep_text=["uv run torchrun", "--nproc_per_node=$NUM_GPUS", "MASTER_PORT=$((29500 + ($SLURM_JOB_ID % 100)))"],
         setup=[S('ENCODER="${1:?Usage: sbatch slurm/train.slurm <encoder> [arch]}"', "required"),
                S('ARCH="${2:-gpt2}"', "required"),
                S('NUM_GPUS=$(echo $SLURM_STEP_GPUS | tr "," "\\n" | wc -l)', "required")],
         source_only=["--partition=erc-dupoux"],
         refuse_words=["SLURM_STEP_GPUS", "erc-dupoux", "uv run", "SLURM_JOB_ID"],
         assumptions=["-p erc-dupoux, 1 node, 1 task, --gres=gpu:2, 16 CPUs, 64G, 24 h: a required first argument "
                      "(${1:?...}) and a defaulted second, NUM_GPUS counted from SLURM_STEP_GPUS, the master port "
                      "from the job id, then `uv run torchrun --nproc_per_node=$NUM_GPUS --nnodes=1 "
                      "--master_port=$MASTER_PORT -m smbs.train.run --encoder \"$ENCODER\" --arch \"$ARCH\"`. "
                      "Right: one torchrun with 2 workers (or the target's GPU count, named), the required "
                      "argument kept, SLURM_STEP_GPUS and SLURM_JOB_ID replaced by the target's own variables "
                      "on a PBS target (never left to count 1 from an empty string)."]),
    case(fam("slurm-6000ada-zsh-shebang-git-reset-pull-venv-cuda-path-three-srun-python-stages-abs-n-paths", "slurm"),
         "ImFusionGmbH/ImplicitMeshNet", "train.slurm",
         "a company Slurm cluster (partition 6000Ada, /N shared storage)", "slurm-6000ada",
         ["zsh-shebang", "git-reset-and-pull-in-job", "three-srun-stages", "cuda-on-path", "abs-storage-paths",
          "four-day-walltime", "quoted-comma-args"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="implicitmeshnet_train.py",
         args=["--device=cuda", "--mesh2voxel_config_path=/N/laves/implicitmeshnet/configs_mesh2voxel/2025-03-25_22-41-12.json",
               "--data_dir=/N/laves/implicitmeshnet/mmwhs_train", "--num_epochs=2000", '--use_labels="2,"',
               '--target_spacing="1.3,1.3,1.3"', '--crop_size="128,128,128"', "--artifacts_dir=/N/laves/implicitmeshnet"],
         other_runs=[R("deep_representation_pretrain.py", ["--device=cuda", "--num_stages=4", "--num_epochs=1000"], launched=True),
                     R("implicitmeshnet_train.py", ['--use_labels="3,"', "--num_epochs=2000"], launched=True)],
         keep_text=["srun python deep_representation_pretrain.py", '--use_labels="3,"'],
         setup=[S("source $HOME/.zshrc"), S("cd /home/laves/implicitmeshnet"), S("git reset --hard HEAD"), S("git pull"),
                S("source env/bin/activate"),
                S("export PATH=/usr/local/cuda-12.8/bin:/usr/lib/gcc/x86_64-linux-gnu/11:$PATH")],
         source_only=["--partition=6000Ada"],
         refuse_words=["zsh", "git pull", "/N/laves", "6000Ada", "cuda-12.8"],
         assumptions=["#!/bin/zsh, 1 node, 1 task, --gres=gpu:1, 4 CPUs, 3-23:59:59, -p 6000Ada, logs under /N: set "
                      "-e, .zshrc, cd to a home checkout, `git reset --hard HEAD` and `git pull` (network, and "
                      "it discards local edits), a venv, CUDA 12.8 on PATH, then three `srun python` stages in "
                      "order: deep_representation_pretrain.py, implicitmeshnet_train.py with --use_labels=\"2,\", "
                      "the same with --use_labels=\"3,\". Right: all three stages kept in order, each launched "
                      "the same way on 1 GPU, the zsh shell, the git steps and the /N and /usr/local/cuda-12.8 "
                      "paths named; the walltime cut to the target's limit with a note."]),
    case(fam("perlmutter-c-gpu-q-regular-array-1-2-positional-shift-4-module-conda-srun-gpus-per-task-boltzgen-run", "slurm"),
         "Alirzeanoroozi/boltzgen", "slurm-example/run_job_array.slurm",
         "NERSC Perlmutter (-C gpu, -q regular; no account in the file)", "perlmutter",
         ["job-array", "positional-args-shift", "array-ids-in-output-path", "cli-entry-point-program",
          "srun-gpus-per-task", "module-conda-env-from-arg", "arg-count-check-mismatch", "set-x"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="boltzgen",
         args=["run", '"$design_spec"', "--output", '"${job_outdir}"', "--num_designs", '"$num_designs"',
               '"${extra_args[@]}"'],
         keep_text=["srun --ntasks=1 --gpus-per-task=1", "shift 4", 'extra_args=("$@")', "if [[ $# -lt 3 ]]"],
         setup=[S('conda activate "$conda_environment"'),
                S('job_outdir="${outdir}/task-${SLURM_ARRAY_JOB_ID}-${SLURM_ARRAY_TASK_ID}"', "required"),
                S('mkdir -p "${job_outdir}"')],
         source_only=["#SBATCH -C gpu", "#SBATCH -q regular", "module load conda"],
         refuse_words=["array", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_JOB_ID", "conda_environment", "shift 4"],
         assumptions=["Perlmutter: -C gpu, -q regular, 1 node, --gpus-per-node=1, --array=1-2, 64G, 3 h: set -euo "
                      "pipefail, set -x, array ids echoed, a usage check for fewer than 3 arguments although 4 "
                      "are read (design spec, outdir, count, conda env; `shift 4` then fails with 3 under set "
                      "-e), the rest kept as extra_args, `module load conda` and the env named by $4, an output "
                      "dir per array task, then `srun --ntasks=1 --gpus-per-task=1 boltzgen run \"$design_spec\" "
                      "--output ... --num_designs ... \"${extra_args[@]}\"`. Right: an array of 2 on a target "
                      "with arrays (PBS: -J with PBS_ARRAY_INDEX mapped into job_outdir), 1 GPU each, the "
                      "positional handling kept verbatim, the conda module replaced."]),
    case(fam("nyu-style-constraint-a100-h100-rtx8000-positional-overlay-image-if-else-singularity-bash-c-python-m-hydra", "slurm"),
         "cskokgibbs/GLM-Prior", "train_prior_network/finetune_nt.slurm",
         "NYU Greene style (singularity overlay with /ext3/env.sh; -C a100|h100|rtx8000)", "nyu-greene",
         ["singularity-overlay", "image-and-overlay-from-args", "if-else-two-launches", "bash-c-double-quoted",
          "dollar-at-inside-bash-c", "user-variable-overwritten", "hydra-overrides", "mail-user-percent-u"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_prior_network.finetune_nt", module=True,
         args=["training_args.output_dir=${OUTPUT_DIR}", "script_args.wandb_run_name=${RUN_NAME}"],
         other_runs=[R("train_prior_network.finetune_nt", ["$@"])],
         keep_text=["singularity exec --nv --overlay ${SINGULARITY_OVERLAY}:ro ${SINGULARITY_IMG} /bin/bash -c",
                    "source /ext3/env.sh", "conda deactivate && conda activate ${CONDA_ENV}"],
         setup=[S("USER=$1", "required"), S("SINGULARITY_OVERLAY=$2", "required"), S("SINGULARITY_IMG=$3", "required"),
                S("shift 3", "required"), S('export WANDB_LOG_MODEL="false"')],
         source_only=["--constraint=a100|h100|rtx8000"],
         refuse_words=["overlay", "USER=$1", "singularity", "/ext3/env.sh", "$@"],
         assumptions=["1 node, --gres=gpu:1, -C a100|h100|rtx8000, 1 CPU, 500GB, 47 h, mail to %u@nyu.edu: three "
                      "required arguments (USER -- overwriting the shell's USER --, overlay, image), shift 3, "
                      "then if no more arguments `singularity exec --nv --overlay $OVERLAY:ro $IMG /bin/bash -c "
                      "\"source /ext3/env.sh; conda ...; python -m train_prior_network.finetune_nt "
                      "training_args.output_dir=... script_args.wandb_run_name=...\"`, else the same with the "
                      "remaining arguments ($@ expanded by the outer shell into the string). Right: both "
                      "branches kept, 1 process on 1 GPU inside the user's image and overlay (an "
                      "Apptainer/Singularity target keeps them, named as NYU files), the positional arguments "
                      "kept."]),
    case(fam("unipd-allgroups-a40x4-one-task-gpu-count-autodetect-launcher-var-srun-uv-run-torchrun-standalone-which-train-hydra", "slurm"),
         "CSCPadova/lilybert", "scripts/slurm_train.sh",
         "University of Padova DEI cluster (partition allgroups, A40 GPUs)", "unipd-dei",
         ["launcher-in-variable", "if-else-single-or-torchrun", "gpu-count-autodetect", "srun-uv-run-torchrun",
          "which-entry-point", "hydra-overrides-dollar-at", "optional-venv"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="train", args=["--config-name", '"${HYDRA_CONFIG}"', "environment=slurm", '"$@"'],
         keep_text=['LAUNCHER="srun --cpu-bind=none uv run torchrun --standalone --nproc_per_node=${NGPUS} $(which train)"',
                    'LAUNCHER="srun --cpu-bind=none uv run train"', "${LAUNCHER}"],
         setup=[S('source "$VENV_ACTIVATE"'), S('NGPUS="${SLURM_GPUS_ON_NODE}"', "required"), S("mkdir -p logs")],
         source_only=["--partition=allgroups", "--gres=gpu:a40:4"],
         refuse_words=["LAUNCHER", "SLURM_GPUS_ON_NODE", "which train", "allgroups", "a40"],
         assumptions=["-p allgroups, 1 node, 1 task, 8 CPUs, 400G, --gres=gpu:a40:4, 24 h: an optional ./.venv, NGPUS "
                      "from SLURM_GPUS_ON_NODE (else counted from SLURM_JOB_GPUS, else NGPUS or 1), then LAUNCHER "
                      "set to `srun --cpu-bind=none uv run torchrun --standalone --nproc_per_node=${NGPUS} $(which "
                      "train)` when NGPUS > 1 (else `srun ... uv run train`) and `${LAUNCHER} --config-name "
                      "\"${HYDRA_CONFIG}\" environment=slurm \"$@\"`. Right: one torchrun with 4 workers (or the "
                      "target's GPU count) on one node, both branches and the Hydra overrides kept, the GPU-count "
                      "detection given the target's variable; not 4 separate launches."]),
    case(fam("byu-cs2-h100-4-nodes-one-task-deepspeed-launcher-in-batch-step-node-rank-from-slurm-nodeid", "slurm"),
         "caljoseph/Large-sentence-embedder", "scripts/slurm_train_multinode.sh",
         "BYU Office of Research Computing (partition cs2, qos cs, 8xH100 nodes)", "byu-orc",
         ["deepspeed-launcher-without-srun", "node-rank-from-slurm-nodeid", "multi-node-intent-one-node-run",
          "hard-coded-gpus-per-node", "commented-modules-and-venv", "omp-from-cpus-on-node"],
         launch_model="launcher", launcher="deepspeed", total_ranks=32, nodes=4, gpus_per_node=8,
         program="scripts/train.py",
         args=["--encoder_model_name", "$ENCODER_MODEL", "--decoder_model_name", "$DECODER_MODEL", "--corpus", "$CORPUS",
               "--subset", "$SUBSET", "--num_samples", "$NUM_SAMPLES", "--batch_size", "$BATCH_SIZE", "--num_epochs",
               "$NUM_EPOCHS", "--max_length", "$MAX_LENGTH", "--output_dir", "$OUTPUT_DIR", "--use_deepspeed", "--wandb",
               "--wandb_project", "$WANDB_PROJECT"],
         launcher_config=["configs/deepspeed_config_h100.json"],
         keep_text=["deepspeed --num_nodes=$SLURM_NNODES", "--num_gpus=$NUM_GPUS_PER_NODE", "--node_rank=$NODE_RANK",
                    "--deepspeed_config=$DEEPSPEED_CONFIG"],
         setup=[S("export OMP_NUM_THREADS=$SLURM_CPUS_ON_NODE"), S("export NUM_GPUS_PER_NODE=8", "required"),
                S("mkdir -p $OUTPUT_DIR")],
         source_only=["--partition=cs2", "--qos=cs"],
         refuse_words=["deepspeed", "SLURM_NODEID", "node_rank", "cs2", "one node"],
         assumptions=["BYU: -p cs2 (H100), qos cs, 4 nodes x 1 task, --gpus-per-node=8, 16G a CPU, 48 h: OMP from "
                      "SLURM_CPUS_ON_NODE, nvidia-smi, MASTER_ADDR from scontrol, NUM_GPUS_PER_NODE=8, NODE_RANK="
                      "$SLURM_NODEID (0 in the batch step), then ONE `deepspeed --num_nodes=$SLURM_NNODES "
                      "--num_gpus=8 --master_addr ... --node_rank=$NODE_RANK --deepspeed_config=... "
                      "scripts/train.py ...` in the batch step (no srun, no hostfile: only the first node runs, "
                      "the others wait). Right: a port that starts one deepspeed (or torchrun) per node with the "
                      "node rank from the target's launcher, or that asks/refuses naming the single-node "
                      "launch; never a silent one-node run of a 4-node request."]),
    case(fam("sugon-dcu-kshdnormal02-2x4-gres-dcu-rocm-dtk-modules-conda-srun-python-world-size-export-empty-resume", "slurm"),
         "Beilong-Tang/laura_gpt_se_dm", "train.slurm",
         "a Sugon/Hygon DCU cluster in China (partition kshdnormal02, --gres=dcu:4, ROCm DTK)", "sugon-dcu",
         ["dcu-accelerators", "rocm-dtk-modules", "srun-one-task-per-device", "world-size-exported-by-hand",
          "empty-variable-argument", "hpcx-mpi-module", "nccl-ib-vars"],
         launch_model="per_rank", launcher="srun", total_ranks=8, nodes=2, gpus_per_node=4, device="amd",
         program="train.py",
         args=["--config_path", "$config_path", "--log", "$log_path", "--ckpt_path", "$ckpt_path", "--resume", "$resume"],
         setup=[S("source ~/anaconda3/etc/profile.d/conda.sh"), S("conda activate bltang_new"),
                S("export MASTER_PORT=12340"), S("export WORLD_SIZE=8", "required"), S('resume=""', "required")],
         source_only=["#SBATCH -p kshdnormal02", "--gres=dcu:4", "module load compiler/rocm/dtk-23.10",
                      "module load mpi/hpcx/2.7.4/gcc-7.3.1", "export HSA_FORCE_FINE_GRAIN_PRICE=1",
                      "export MIOPEN_FIND_MODE=3"],
         refuse_words=["dcu", "dtk", "rocm", "WORLD_SIZE", "NCCL_IB_HCA", "--resume"],
         assumptions=["2 nodes x 4 tasks, 8 CPUs a task, --gres=dcu:4 (Hygon DCU, HIP/ROCm), -p kshdnormal02: MIOpen "
                      "and HSA variables, NCCL IB HCA/interface, conda, module purge and devtoolset, HPC-X MPI and "
                      "ROCm DTK 23.10, paths from the config name, MASTER_PORT and WORLD_SIZE=8 exported by hand, "
                      "MASTER_ADDR from scontrol, then `srun python train.py --config_path ... --resume $resume` "
                      "(resume is empty, so --resume ends the line with no value). Right: one rank a device; the "
                      "AMD/DCU stack replaced with a note (NVIDIA or Intel targets), WORLD_SIZE=8 kept consistent "
                      "with the target's ranks or named, the empty --resume kept verbatim."]),
    case(fam("ualbany-dgx-pyxis-container-directives-2x4-torchrun-in-batch-step-nnodes2-hostname-master-no-final-newline", "slurm"),
         "HarishBaki/Sparse_to_dense_meteorological_variables", "train.slurm",
         "University at Albany DGX cluster (pyxis/enroot container directives, /network/rit)", "ualbany-dgx",
         ["pyxis-container-directives", "ngc-physicsnemo-image", "torchrun-without-srun-multinode",
          "node-rank-from-slurm-nodeid", "hostname-as-master", "tasks-per-node-unused", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=2, gpus_per_node=4,
         program="train.py", args=["--variable", "i10fg", "--epochs", "20", "--resume"],
         container_image="docker://nvcr.io/nvidia/physicsnemo/physicsnemo:25.03",
         keep_text=["--nnodes=2", "--node_rank=$NODE_RANK", "--rdzv_id=$SLURM_JOB_ID", "--rdzv_endpoint=$MASTER_ADDR:29500"],
         setup=[S("MASTER_ADDR=$(hostname -s)"), S("NODE_RANK=$SLURM_NODEID")],
         source_only=["--container-image=docker://nvcr.io/nvidia/physicsnemo/physicsnemo:25.03",
                      "--container-mounts=/network/rit/dgx/dgx_basulab/Harish:/mnt/dgx_basulab/Harish",
                      "--container-workdir=/mnt/current_project"],
         refuse_words=["container", "physicsnemo", "srun", "nnodes", "/network/rit"],
         assumptions=["2 nodes x 4 tasks, --gpus-per-node=4, 640gb, 8 h, pyxis directives: image "
                      "nvcr.io/nvidia/physicsnemo 25.03, four mounts from /network/rit into /mnt, workdir "
                      "/mnt/current_project. Body: MASTER_ADDR=$(hostname -s), NODE_RANK=$SLURM_NODEID, then ONE "
                      "`torchrun --nproc_per_node=4 --nnodes=2 --node_rank=$NODE_RANK --rdzv_backend=c10d "
                      "--rdzv_endpoint=$MASTER_ADDR:29500 train.py --variable i10fg --epochs 20 --resume` in "
                      "the batch step (no srun: the second node never starts; file ends without a newline). "
                      "Right: one torchrun a node (8 workers) started by the target's per-node launch, the image "
                      "carried to the target's container runtime with the mounts and workdir named, or a "
                      "refusal naming the container directives; never a silent 1-node run."]),
    case(fam("cwru-gpu-account-module-cuda-singularity-exec-export-lines-then-python-twice-in-and-out-of-image", "slurm"),
         "KutayTasci/MPNN", "train.slurm",
         "Case Western Reserve HPC (account sxk1942, partition gpu)", "cwru-hpc",
         ["singularity-exec-per-line", "export-in-separate-container", "program-run-twice", "module-cuda-singularity",
          "relative-sif", "misspelt-image-name"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="main.py", args=[],
         other_runs=[R("main.py", [])],
         container_image="updated_enviorment.sif",
         keep_text=["singularity exec --nv updated_enviorment.sif python main.py", "python -u main.py",
                    "singularity exec --nv updated_enviorment.sif export TORCH_CUDA_ARCH_LIST='8.9'"],
         setup=[],
         source_only=["module load CUDA/12.6.0", "module load singularity/3.10.4", "--partition=gpu"],
         accounts=["sxk1942"],
         refuse_words=["export", "singularity", "twice", "updated_enviorment.sif", "CUDA/12.6.0"],
         assumptions=["-A sxk1942, -p gpu, --gres=gpu:1, 64G, 24 h: pwd, CUDA and singularity modules, three "
                      "`singularity exec --nv updated_enviorment.sif export ...` lines (each in its own "
                      "container: they set nothing for later lines), `singularity exec --nv "
                      "updated_enviorment.sif python main.py`, then `python -u main.py` again OUTSIDE the image "
                      "(a second, host run). Right: both runs kept in order (the first in the image, the second "
                      "on the host) on 1 GPU, the no-op export lines kept or named, the image carried to a "
                      "container runtime; never merged into one run."]),
    case(fam("nyu-torch-h100-account-unset-cvd-conda-positional-config-env-default-topology-accelerate-launch-tee-log", "slurm"),
         "Joni-z/ODE-FFN", "train.slurm",
         "NYU Torch (account torch_pr_63_tandon_advanced, --gres=gpu:h100:1, /scratch/<netid>)", "nyu-torch",
         ["accelerate-launch-env-topology", "env-default-world-size", "unset-cuda-visible-devices",
          "positional-config-name", "pipe-tee-log", "non-ascii-comments", "abs-scratch-cd"],
         launch_model="launcher", launcher="accelerate", total_ranks=1, gpus_per_node=1,
         program="src/main_jit.py", args=["--config", '"$CONFIG_PATH"'],
         keep_text=['2>&1 | tee "logs/${CONFIG_NAME}.log"', '--num_processes "$WORLD_SIZE"',
                    '--machine_rank "$NODE_RANK"', "--mixed_precision $PRECISION"],
         setup=[S("unset CUDA_VISIBLE_DEVICES"), S('source "$CONDA_SH"'), S("conda activate VLM"),
                S("cd /scratch/zz5070/ODE_FFN/jit-codebase"), S("CONFIG_NAME=${1:-swiglu}", "required"),
                S("GPUS_PER_NODE=${GPUS_PER_NODE:-1}", "required"), S("NNODES=${NNODES:-1}", "required")],
         source_only=["--gres=gpu:h100:1"], accounts=["torch_pr_63_tandon_advanced"],
         refuse_words=["/scratch/zz5070", "torch_pr_63", "GPUS_PER_NODE", "VLM", "WORLD_SIZE"],
         assumptions=["NYU Torch: -A torch_pr_63_tandon_advanced, 1 node, 1 task, 6 CPUs, 100G, --gres=gpu:h100:1, "
                      "48 h, logs under /scratch/zz5070: set -euo pipefail, Chinese comments, unset "
                      "CUDA_VISIBLE_DEVICES, conda from /scratch, env VLM, cd, config name from $1 (:-swiglu), "
                      "topology from env defaults (GPUS_PER_NODE 1, NNODES 1, NODE_RANK 0, MASTER_ADDR "
                      "localhost), then `accelerate launch --main_process_ip ... --num_processes \"$WORLD_SIZE\" "
                      "--num_machines \"$NNODES\" --mixed_precision $PRECISION src/main_jit.py --config "
                      "\"$CONFIG_PATH\" 2>&1 | tee logs/...`. Right: accelerate with 1 process on 1 GPU (or, if "
                      "the port gives more GPUs, GPUS_PER_NODE made consistent), the tee kept, the /scratch paths "
                      "named."]),
    case(fam("uw-hyak-gpu-a40-chdir-abs-mmfs1-container-wrapper-script-runs-start-train-script", "slurm"),
         "JackLowry/CSE517_final_project", "train.slurm",
         "UW Hyak klone (account sciencehub, partition gpu-a40, /mmfs1)", "uw-hyak",
         ["chdir-directive", "user-container-wrapper", "wrapper-runs-wrapper", "abs-mmfs1-paths", "export-all"],
         launch_model="single", launcher="none", total_ranks="unknown", gpus_per_node=1,
         program="/mmfs1/home/jrl712/launch-container-ro.sh",
         args=["/mmfs1/home/jrl712/amazon_home/nlp_final_project/start_train.sh"], expect="refuse",
         workdir="/mmfs1/home/jrl712/amazon_home/nlp_final_project",
         source_only=["--partition=gpu-a40", "--gpus=a40:1"], accounts=["sciencehub"],
         refuse_words=["launch-container-ro.sh", "start_train.sh", "wrapper", "chdir", "/mmfs1"],
         assumptions=["Hyak: -A sciencehub, -p gpu-a40, 1 node, 1 task, 64G, --gpus=a40:1, 48 h, --chdir to a "
                      "/mmfs1 project dir, output and error files there: only "
                      "`/mmfs1/home/jrl712/launch-container-ro.sh .../start_train.sh` (a container wrapper "
                      "running a second user script; neither is in the file). Right: a refusal or ask naming the "
                      "two wrappers (program and ranks unknown) and the --chdir (a cd if ported); never a "
                      "guessed python command."]),
    case(fam("pbs-gpuq1-select-ngpus2-200h-module-cd-abs-home-chmod-wrapper-runtrain-sh-no-final-newline", "pbs"),
         "amoskwok1101/DNA-Hashing", "train.pbs",
         "a PBS Pro cluster with queue gpuq1 (a university GPU cluster; /home/carloschau_prog2)", "pbs-gpuq1",
         ["user-wrapper-program", "chmod-in-job", "pbs-V-export", "placeholder-log-paths", "two-hundred-hour-walltime",
          "sh-shebang", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks="unknown", gpus_per_node=2,
         program="./runTrain.sh", args=[], expect="refuse",
         setup=[S("cd /home/carloschau_prog2/amos/DAAE/"), S("chmod +x runTrain.sh")],
         source_only=["#PBS -q gpuq1", "module load python3 cuda11.0/toolkit/11.0.3 cudnn8.0-cuda11.0/8.0.5.39"],
         refuse_words=["runTrain.sh", "wrapper", "gpuq1", "/path/to/log_directory", "200:00:00"],
         assumptions=["#!/bin/sh, PBS: -q gpuq1, select=1:ncpus=11:ngpus=2:mem=512gb, 200 h, -k oed, -V, -o/-e under "
                      "a /path/to placeholder: one module line (python3, CUDA 11.0, cuDNN 8.0), cd to a home dir, "
                      "chmod +x runTrain.sh, `./runTrain.sh` (the user's wrapper, not in the file; the file ends "
                      "without a newline). Right: a refusal or ask naming the wrapper (program, launch and rank "
                      "count unknown) and the placeholder log paths; never a guessed python command."]),
    case(fam("clemson-palmetto-pbs-select-a100x2-gpu-model-module-add-conda-init-python-run-clm-20b-redirect", "pbs"),
         "ashel65/LyricsGPT", "train.pbs",
         "Clemson Palmetto (PBS Pro, gpu_model=a100, module add)", "clemson-palmetto",
         ["one-process-two-gpus", "select-with-walltime-in-one-l", "conda-init-in-job", "module-add",
          "redirect-to-file", "bash-login-shebang", "hf-run-clm"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="run_clm.py",
         args=["--model_name_or_path", "EleutherAI/gpt-neox-20b", "--dataset_name", "wikitext", "--dataset_config_name",
               "wikitext-2-raw-v1", "--per_device_train_batch_size", "1", "--do_train", "--do_eval", "--output_dir",
               "/tmp/test-clm"],
         keep_text=["> output.txt 2>&1"],
         setup=[S("conda init bash"), S("conda activate alex"), S("cd /home/alshelt/freestyle_rap_generator")],
         source_only=["module add anaconda3/2022.05-gcc/9.5.0", "module add cuda/11.6.2-gcc/9.5.0", "gpu_model=a100"],
         refuse_words=["gpu_model", "/home/alshelt", "conda init", "anaconda3/2022.05", "one process"],
         assumptions=["Palmetto: #!/bin/bash -l, select=1:ncpus=24:mem=120gb:ngpus=2:gpu_model=a100 with "
                      "walltime=12:00:00 in the same -l, -j oe, -o under /home/alshelt: module add anaconda3 and "
                      "cuda, `conda init bash` (edits ~/.bashrc), conda env alex, cd, then one `python run_clm.py "
                      "--model_name_or_path EleutherAI/gpt-neox-20b ... --output_dir /tmp/test-clm > output.txt "
                      "2>&1` (one process that sees 2 GPUs). Right: 1 process with 2 GPUs on one node (not 2 "
                      "launched ranks), every argument and the redirect kept, the conda env and /home path "
                      "named."]),
    case(fam("nscc-aspire-pbs-normal-ngpus1-personal-project-pip-install-in-job-python-abs-scratch", "pbs"),
         "brinashong/ThoughtfulAI", "train.pbs",
         "NSCC Singapore ASPIRE (PBS Pro, queue normal, project Personal)", "nscc-aspire",
         ["pip-install-in-job", "no-env-activation", "abs-scratch-program", "personal-project", "sixty-hour-walltime",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/home/users/nus/e0008091/scratch/ThoughtfulAI/EffNetV2_train.py", args=[],
         setup=[S("pip install pytorch-lightning --quiet -U"), S("pip install wandb --quiet")],
         source_only=["#PBS -q normal", "#PBS -P Personal"],
         refuse_words=["pip install", "Personal", "/home/users/nus", "60:00:00"],
         assumptions=["ASPIRE: -q normal, select=1:ncpus=8:mem=64G:ngpus=1, 60 h, -P Personal: two `pip install` "
                      "lines (network from a compute node, into whatever python is first on PATH), then `python "
                      "/home/users/nus/.../EffNetV2_train.py` (no final newline). Right: 1 process on 1 GPU, the "
                      "pip steps kept with the network risk named, the absolute /home/users path named."]),
    case(fam("nci-gadi-pbs-gpuvolta-missing-space-directive-storage-gdata-ngpus1-miniconda-python3-abs-clam", "pbs"),
         "yanyiqiao1010RIGEL/CLAM_RA", "train.pbs",
         "NCI Gadi (PBS Pro, project au38, storage gdata/au38; queue line malformed)", "nci-gadi",
         ["malformed-directive-no-space", "storage-directive", "abs-gdata-paths", "miniconda-activate-path",
          "ncpus-ngpus-separate-l", "trailing-spaces-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="/g/data/au38/CLAM/main.py",
         args=["--task", "task_4_hpa", "--data_root_dir", "/g/data/au38/yy3740/hpa_train_full_feats/h5_files",
               "--exp_code", "task_4_hpa_clam_mb", "--k", "5", "--max_epochs", "200", "--model_type", "clam_mb",
               "--lr", "1e-4", "--label_frac", "0.80", "--weighted_sample", "--results_dir",
               "/g/data/au38/yy3740/results/task_4_hpa_clam_mb_k5_lr1e-4"],
         setup=[S("source /g/data/au38/yy3740/miniconda3/bin/activate clam_latest")],
         source_only=["#PBS -P au38", "#PBS-q gpuvolta", "#PBS -l storage=gdata/au38"], accounts=["au38"],
         refuse_words=["#PBS-q", "gpuvolta", "/g/data", "storage", "au38"],
         assumptions=["Gadi: -P au38, `#PBS-q gpuvolta` (no space: not read as a directive, so the job goes to the "
                      "default CPU queue with ngpus=1 and is refused), ncpus=12, mem=64GB, 48 h, "
                      "storage=gdata/au38, ngpus=1: a miniconda on /g/data, `python3 /g/data/au38/CLAM/main.py "
                      "--task task_4_hpa ...`. Right: 1 process on 1 GPU, every argument kept, the malformed "
                      "queue line and the /g/data paths and storage directive named."]),
    case(fam("nus-hpc-pbs-volta-gpu-singularity-exec-heredoc-redirect-jobid-logs-nodefile-count", "pbs"),
         "vigneshsankariyer1234567890/RMVPE", "train.pbs",
         "NUS HPC (PBS Pro, queue volta_gpu, /etc/profile.d/rec_modules.sh)", "nus-hpc",
         ["singularity-exec-heredoc", "heredoc-redirect-with-jobid", "singularity-without-nv", "nodefile-count",
          "home-sif", "home-data-arg"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["$HOME/e0552366/saraga1.5_carnatic"],
         container_image="$HOME/0.0.11_latest.sif",
         keep_text=["singularity exec $image bash << EOF > $LOG_FOLDER/stdout.$PBS_JOBID 2> $LOG_FOLDER/stderr.$PBS_JOBID",
                    "python3 train.py $HOME/e0552366/saraga1.5_carnatic"],
         setup=[S('LOG_FOLDER="$HOME/RMVPE/output"', "required"), S("cd $PBS_O_WORKDIR"),
                S('image="$HOME/0.0.11_latest.sif"', "required")],
         source_only=["#PBS -q volta_gpu", "source /etc/profile.d/rec_modules.sh", "#PBS -P RMVPE_Training"],
         refuse_words=["PBS_JOBID", "singularity", "--nv", "volta_gpu", "EOF"],
         assumptions=["NUS: -P RMVPE_Training, -q volta_gpu, select=1:ncpus=6:mem=160gb:ngpus=1, 24 h, -j oe: "
                      "LOG_FOLDER under $HOME, cd $PBS_O_WORKDIR, np counted from PBS_NODEFILE (unused), the "
                      "site's rec_modules.sh, then `singularity exec $image bash << EOF > "
                      "$LOG_FOLDER/stdout.$PBS_JOBID 2> .../stderr.$PBS_JOBID` with `python3 train.py "
                      "$HOME/e0552366/saraga1.5_carnatic` as the heredoc body (no --nv: the GPU is not passed "
                      "into the image). Right: 1 process on 1 GPU in the same image, the heredoc and its "
                      "redirect kept with PBS_JOBID mapped to the target's job id, the missing --nv named."]),
    case(fam("gatech-pace-torque-nodes-ppn-gpus-v100-inferno-1000h-walltime-anaconda2-python-train", "pbs"),
         "HemuManju/trinet", "train.pbs",
         "Georgia Tech PACE (Torque/Moab PBS, queue inferno, account GT-hmanjunatha6)", "gatech-pace",
         ["torque-nodes-ppn-gpus", "gpu-model-in-nodes-spec", "no-shebang", "pmem", "minutes-walltime",
          "source-activate-old-conda"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=[],
         setup=[S("cd $PBS_O_WORKDIR"), S("source activate carla")],
         source_only=["module load anaconda2/2019.10", "#PBS -q inferno", "nodes=1:ppn=4:gpus=1:TeslaV100-16GB",
                      "#PBS -l pmem=8gb"],
         accounts=["GT-hmanjunatha6"],
         refuse_words=["1000:00", "inferno", "anaconda2", "TeslaV100-16GB", "GT-hmanjunatha6"],
         assumptions=["PACE (Torque): no shebang (first line a comment), -A GT-hmanjunatha6, "
                      "nodes=1:ppn=4:gpus=1:TeslaV100-16GB, pmem=8gb, walltime=1000:00 (1000 minutes), -q inferno, "
                      "-j oe: cd $PBS_O_WORKDIR, module anaconda2, `source activate carla`, `python train.py`, date, "
                      "echo. Right: 1 process on 1 GPU, a bash shebang added with a note, the Torque "
                      "nodes/ppn/gpus read as 1 node with 1 GPU and 4 cores, the walltime read as 16 h 40 min, "
                      "the conda env named."]),
    case(fam("summit-lsf-nnodes-15-nested-loop-jsrun-g1-wrapper-per-gpu-background-no-wait-med106", "lsf"),
         "adpartin/docking-learning-curves", "bsub.sh",
         "OLCF Summit (LSF, project med106, jsrun, 6 V100 a node)", "summit",
         ["lsf-source", "jsrun-per-gpu-loop", "user-wrapper-per-task", "background-without-wait",
          "hard-coded-node-and-gpu-counts", "per-task-log-redirect", "commented-module-and-conda"],
         launch_model="per_rank", launcher="jsrun", total_ranks=90, nodes=15, gpus_per_node=6,
         program="./jsrun.sh", args=["$device", "$id", "$GLOBAL_SUFX", "exec"], expect="refuse",
         keep_text=['jsrun -n 1 -a 1 -c 4 -g 1 ./jsrun.sh $device $id $GLOBAL_SUFX exec >run"$id".log 2>&1 &',
                    "for node in $(seq 0 1 $(($NODES-1)) ); do", "for device in $(seq 0 1 5); do"],
         setup=[S("GPU_PER_NODE=6", "required"), S("NODES=15", "required")],
         source_only=["#BSUB -P med106", "#BSUB -nnodes 15"], accounts=["med106"],
         refuse_words=["jsrun.sh", "wrapper", "wait", "jsrun", "med106"],
         assumptions=["Summit LSF: -P med106, -W 02:00, -nnodes 15: NODES=15 and GPU_PER_NODE=6 by hand, then two "
                      "nested loops (node 0..14, device 0..5) each starting `jsrun -n 1 -a 1 -c 4 -g 1 ./jsrun.sh "
                      "$device $id $GLOBAL_SUFX exec >run$id.log 2>&1 &` (90 independent one-GPU tasks of a user "
                      "wrapper not in the file) and NO wait at the end (the batch script exits at once and LSF "
                      "ends the job). Right: a refusal or ask naming the wrapper (its program is not shown) and "
                      "the missing wait; a port, if any, keeps 90 one-GPU tasks with the loop and the per-task "
                      "logs, adds or asks for the wait, and maps 6 GPUs a node to the target's count."]),
    case(fam("bu-scc-sge-omp8-gpus1-k40m-module-miniconda-two-python-programs-chained-and-and", "sge"),
         "rayan-syed/Prodigy", "run.qsub",
         "Boston University SCC (SGE: -pe omp, -l gpus, gpu_type)", "bu-scc",
         ["sge-source", "two-programs-and-chain", "gpu-type-k40m", "module-miniconda", "bash-login-shebang",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="src/reproducibility_experiments.py", args=[],
         other_runs=[R("src/reproducibility_plots.py", [])],
         keep_text=["python src/reproducibility_experiments.py && python src/reproducibility_plots.py"],
         setup=[S("conda activate prodigy36")],
         source_only=["module load miniconda", "module load cuda/11.0", "#$ -l gpu_type=K40m", "#$ -pe omp 8"],
         refuse_words=["K40m", "omp", "prodigy36", "reproducibility_plots", "SGE"],
         assumptions=["SCC SGE: #!/bin/bash -l, -j y, -N anom, -o logs/anom.qlog, h_rt 12 h, -pe omp 8, gpus=1, "
                      "gpu_type=K40m: module miniconda, conda env prodigy36, module cuda/11.0, then `python "
                      "src/reproducibility_experiments.py && python src/reproducibility_plots.py` (no final "
                      "newline). Right: both programs kept, chained with && in order, on 1 GPU with 8 cores; the "
                      "SGE header mapped (or the port says it cannot read SGE), the K40 type dropped with a "
                      "note."]),
    case(fam("bonn-a40short-2-nodes-ntasks-conflict-array-3-module-conda-srun-torchrun-c10d-random-id-seven-positional-args", "slurm"),
         "gan-police/audiodeepfake-detection", "scripts/train_multinode.sh",
         "University of Bonn Bender/Marvin style (partition A40short)", "bonn-a40short",
         ["srun-torchrun-c10d", "ntasks-vs-ntasks-per-node-conflict", "single-element-array", "seven-positional-args",
          "random-rdzv-id", "hostname-ip-endpoint", "bashrc-conda", "module-cuda", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, nodes=2, gpus_per_node=4,
         program="src/train_classifier.py",
         args=["--batch-size", "128", "--learning-rate", "0.0001", "--epochs", "10", "--data-prefix",
               '"${HOME}/data/run6/fake_22050_22050_0.7_$2"', "--seed", "$SLURM_ARRAY_TASK_ID", "--model", "lcnn",
               "--transform", "$1", "--num-of-scales", "$3", "--wavelet", "$4", "--power", "$5", "--loss-less", "$6",
               "--flattend-size", "$7", "--calc-normalization", "--features", "none"],
         keep_text=["srun torchrun", "--nnodes 2", "--nproc_per_node 4", "--rdzv_id $RANDOM",
                    "--rdzv_endpoint $head_node_ip:29400"],
         setup=[S("source ${HOME}/.bashrc"), S("conda activate py310"), S("export LOGLEVEL=INFO"),
                S("head_node_ip=$(hostname --ip-address)")],
         source_only=["--partition=A40short", "module load CUDA/11.7.0"],
         refuse_words=["--ntasks=2", "ntasks-per-node", "array", "A40short", "$1", "SLURM_ARRAY_TASK_ID"],
         assumptions=["-p A40short, 2 nodes, --ntasks=2 and --ntasks-per-node=4 (conflicting: Slurm keeps 2 tasks, "
                      "one a node), --gres=gpu:4, 8 CPUs a task, --array=3, logs with %A_%a: .bashrc, the head "
                      "node's IP from the batch step, CUDA module, conda py310, then `srun torchrun --nnodes 2 "
                      "--nproc_per_node 4 --rdzv_id $RANDOM --rdzv_backend c10d --rdzv_endpoint "
                      "$head_node_ip:29400 src/train_classifier.py ... --seed $SLURM_ARRAY_TASK_ID --transform $1 "
                      "... --flattend-size $7 ...` (seven positional arguments). Right: one torchrun a node, 8 "
                      "workers, the array index mapped (PBS_ARRAY_INDEX on a PBS target), the positional "
                      "arguments kept verbatim, the task-count conflict named."]),
    case(fam("skoltech-style-gpu-2-nodes-gres2-vs-gpus-per-node1-env-prefix-srun-python-cmd-var-deepspeed-backend", "slurm"),
         "green-ai-team/deepspeed_experiments", "scripts/train_multinode.sh",
         "a Slurm cluster with /trinity/home and /beegfs (Skoltech Zhores style; partition gpu)", "skoltech-zhores",
         ["srun-one-task-per-node", "env-prefix-on-srun", "command-in-variable", "gres-vs-gpus-per-node-conflict",
          "deepspeed-backend-without-launcher", "abs-conda-env-path", "bash-login-shebang"],
         launch_model="per_rank", launcher="srun", total_ranks=2, nodes=2, gpus_per_node=1,
         program="train_multinode.py",
         args=["--epochs", "1", "--batch_size", "10", "--fp16", "--zero_stage", "2", "--dalle_output_file_name",
               "../models/dalle-birds", "--image_text_folder", "../data/birds-merged/", "--vae_path",
               "../models/vae-birds-final.pt", "--distributed_backend", "deepspeed"],
         keep_text=["WORLD_SIZE=2 GPUS_PER_NODE=1 COMM_PATH=/trinity/home/e.konyagin/comm.txt srun python $CMD"],
         setup=[S("conda activate /beegfs/home/e.konyagin/miniconda3/envs/gpt_train")],
         source_only=["#SBATCH --partition gpu", "module load gpu/cuda-11.1"],
         refuse_words=["--gres=gpu:2", "gpus-per-node", "/beegfs", "/trinity", "WORLD_SIZE=2"],
         assumptions=["#!/bin/bash -l, -p gpu, 2 nodes, --ntasks=2, 24G, --gres=gpu:2 and --gpus-per-node=1 "
                      "(conflicting GPU requests): CUDA module, a conda env by absolute /beegfs path, CMD holding "
                      "`train_multinode.py --epochs 1 ... --distributed_backend deepspeed`, then `WORLD_SIZE=2 "
                      "GPUS_PER_NODE=1 COMM_PATH=/trinity/home/... srun python $CMD` (2 ranks, one a node; the "
                      "env prefix sets the layout). Right: 2 ranks with WORLD_SIZE/GPUS_PER_NODE kept consistent "
                      "with the target layout (or the port says which to change), the env prefix and CMD "
                      "variable kept, the GPU-request conflict and the /beegfs, /trinity paths named."]),
    case(fam("perlmutter-m4287-4-tasks-module-conda-hostname-master-srun-l-bash-c-source-export-ddp-vars-cmd-var", "slurm"),
         "SupernovaNus/Conditional_DDPM_CIFAR10", "submit_ddp.sh",
         "NERSC Perlmutter (account m4287, -C gpu, qos regular)", "perlmutter",
         ["srun-bash-c-per-rank", "sourced-ddp-env-script", "command-in-variable", "hostname-master",
          "srun-label-output", "module-conda"],
         launch_model="per_rank", launcher="srun", total_ranks=4, gpus_per_node=4,
         program="train_ddp.py", args=[],
         keep_text=["srun -l", "source export_DDP_vars.sh", 'cmd="python3 train_ddp.py"'],
         setup=[S("conda activate fair"), S("export MASTER_ADDR=$(hostname)")],
         source_only=["#SBATCH -C gpu", "#SBATCH -q regular", "module load conda"], accounts=["m4287"],
         refuse_words=["export_DDP_vars.sh", "m4287", "fair", "bash -c", "SLURM_PROCID"],
         assumptions=["Perlmutter: -A m4287, -C gpu, -q regular, 1 node, --gpus-per-node=4, 4 tasks a node, 32 CPUs "
                      "a task, 3 h: `module load conda`, conda env fair, MASTER_ADDR=$(hostname), "
                      "cmd=\"python3 train_ddp.py\", set -x, then `srun -l bash -c \"source export_DDP_vars.sh; "
                      "$cmd\"` (a user file, not shown, that derives RANK/LOCAL_RANK/WORLD_SIZE, presumably from "
                      "SLURM_* variables). Right: 4 ranks one a GPU, the bash -c body and the sourced file kept "
                      "with a note that it reads Slurm variables (a PBS target must provide them or the port "
                      "asks), the conda module replaced."]),
    case(fam("polaris-preemptable-select4-system-eagle-cd-module-use-conda-mpiexec-depth-env-wrapper-launch-pytorch-sh", "pbs"),
         "engineer-scientist/diffusion-AI-for-MHD-simulation", "submit_ddp.sh",
         "ALCF Polaris (project DD_plasma_physics, queue preemptable, /eagle)", "polaris",
         ["mpiexec-per-rank", "affinity-wrapper-before-python", "env-flags-on-mpiexec", "preemptable-queue",
          "abs-eagle-cd", "crlf-line-ends", "no-final-newline", "world-size-computed"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=16, nodes=4, gpus_per_node=4,
         program="train_ddp.py", args=[],
         keep_text=["./launch_pytorch.sh python train_ddp.py", "--env MASTER_ADDR=$MASTER_ADDR",
                    "--env WORLD_SIZE=$WORLD_SIZE"],
         setup=[S("cd /eagle/DD_plasma_physics/CSE674_MHD_project"), S("conda activate base"),
                S("export MASTER_ADDR=$(cat $PBS_NODEFILE | head -1)"), S("export NGPU_PER_NODE=4", "required")],
         source_only=["#PBS -q preemptable", "#PBS -l filesystems=home:eagle", "select=4:system=polaris",
                      "module use /soft/modulefiles", "module load conda"],
         accounts=["DD_plasma_physics"],
         refuse_words=["launch_pytorch.sh", "/eagle", "preemptable", "CRLF", "NGPU_PER_NODE"],
         assumptions=["Polaris: -A DD_plasma_physics, -q preemptable, select=4:system=polaris, 4 h, "
                      "filesystems=home:eagle, saved with CRLF line ends: cd to /eagle, module use /soft, conda "
                      "base, MASTER_ADDR from PBS_NODEFILE, NNODES counted, NGPU_PER_NODE=4, WORLD_SIZE=16, then "
                      "`mpiexec -n $WORLD_SIZE --ppn 4 --depth=8 --cpu-bind depth --env MASTER_ADDR=... --env "
                      "WORLD_SIZE=... ./launch_pytorch.sh python train_ddp.py` (a user affinity wrapper, not "
                      "shown, before python). Right: one rank a GPU (16, or the target's count with "
                      "NGPU_PER_NODE made consistent), the wrapper kept before python and named, the /eagle path "
                      "and preemptable queue named; the CRLF line ends named."]),
    case(fam("isu-class-gpu-hash-space-sbatch-directives-inert-module-miniconda-python-ddp-g4-one-process", "slurm"),
         "ethanherron/DLRG_DDP", "submit_ddp.sh",
         "Iowa State class cluster (partition class-gpu-short, account class-faculty; directives written `# SBATCH`)", "isu-class",
         ["inert-directives-hash-space", "one-process-spawns-gpus", "program-gpu-count-arg", "source-activate",
          "reservation"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="ddp.py", args=["-g", "4"],
         topology_args=[T("-g", "4", "gpus_per_node")],
         setup=[S("source activate dlrg")],
         source_only=["module load miniconda3", "# SBATCH --partition=class-gpu-short", "# SBATCH --reservation=multGPU",
                      "# SBATCH --gres=gpu:a100:4"],
         accounts=["class-faculty"],
         refuse_words=["# SBATCH", "inert", "-g 4", "class-gpu-short", "multGPU"],
         assumptions=["Every directive is written `# SBATCH` (a space after #), so sbatch reads none of them: 15 min, "
                      "1 node, 8 tasks, --gres=gpu:a100:4, -p class-gpu-short, -A class-faculty, reservation "
                      "multGPU, all inert (the job gets the site defaults, likely no GPU). Body: module miniconda3, "
                      "`source activate dlrg`, `python ddp.py -g 4` (one process that spawns its 4 workers). "
                      "Right: the intended 1 node with 4 GPUs (the inert lines named and read as the user's "
                      "intent, or the port asks), one process with `-g 4` kept equal to the target's GPUs a node "
                      "or named."]),
    case(fam("perlmutter-m4443-g2-omp-places-srun-n2-c64-gpu-bind-none-python-abs-global-homes-no-final-newline", "slurm"),
         "DGenady/gw_torch", "jobscript.sh",
         "NERSC Perlmutter (account m4443, -C gpu, -q regular)", "perlmutter",
         ["srun-explicit-n-c-G", "gpu-bind-none", "omp-places-bind", "abs-global-homes-program", "no-env-activation",
          "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=2, gpus_per_node=2,
         program="/global/homes/t/tomerh/gw_torch/train_ast_nersc.py", args=[],
         keep_text=["srun -n 2 -c 64 --cpu_bind=cores -G 2 --gpu-bind=none"],
         setup=[S("export OMP_NUM_THREADS=1"), S("export OMP_PLACES=threads"), S("export OMP_PROC_BIND=spread")],
         source_only=["#SBATCH -C gpu", "#SBATCH -q regular"], accounts=["m4443"],
         refuse_words=["/global/homes", "m4443", "conda", "gpu-bind", "-G 2"],
         assumptions=["Perlmutter: -A m4443, -C gpu, -q regular, 1 node, -G 2, 4.5 h: OMP variables, no "
                      "environment set up in the script (a comment says to activate conda before sbatch), then "
                      "`srun -n 2 -c 64 --cpu_bind=cores -G 2 --gpu-bind=none python "
                      "/global/homes/t/tomerh/gw_torch/train_ast_nersc.py` (no final newline). Right: 2 ranks "
                      "on 2 GPUs of one node, the absolute /global/homes program path named, the missing "
                      "environment (inherited from the submit shell) named."]),
    case(fam("nsc-berzelius-gpus1-mambaforge-module-mamba-activate-for-loop-five-runs-python-gin", "slurm"),
         "Hope-Liang/SSL_Layer_MOS", "jobscript.sh",
         "NSC Berzelius (account berzelius-2024-88, Mambaforge module)", "nsc-berzelius",
         ["sequential-runs-loop", "brace-range-loop", "mamba-activate", "site-mambaforge-module", "gin-config",
          "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--gin_path", "configs/$DATASET.gin", "--save_path", "results_$DATASET/$MODEL/layer$LY/run$RUN",
               "--features_folder", "$MODEL/layer$LY"],
         keep_text=["for RUN in {0..4}"],
         setup=[S("mamba activate py310"), S("DATASET=tencent", "required"),
                S("MODEL=w2v2_base_tencent_finetuned_10epoch", "required"), S("LY=11", "required")],
         source_only=["module load Mambaforge/23.3.1-1-hpc1-bdist", "#SBATCH --gpus 1"],
         accounts=["berzelius-2024-88"],
         refuse_words=["Mambaforge", "berzelius", "mamba", "loop", "{0..4}"],
         assumptions=["Berzelius: -A berzelius-2024-88, --gpus 1, 3 h: the site's Mambaforge module, `mamba "
                      "activate py310`, three variables, then `for RUN in {0..4}; do python train.py --gin_path "
                      "configs/$DATASET.gin --save_path results_.../run$RUN --features_folder ...; done` (five "
                      "runs one after another). Right: the loop kept with each run on 1 GPU, the Mambaforge module "
                      "replaced and the env named."]),
    case(fam("dtu-lsf-gpua100-gpu-num2-exclusive-select-gpu80gb-module-cuda-tilde-venv-python3-datatest", "lsf"),
         "Broager/MedicalBias", "jobscript.sh",
         "DTU HPC (LSF, queue gpua100, -gpu num=2:mode=exclusive_process)", "dtu-lsf",
         ["lsf-source", "lsf-gpu-exclusive", "one-process-two-gpus", "tilde-user-venv-path", "select-gpu80gb",
          "mem-limit-lower-than-rusage", "sh-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="DataTest.py", args=[],
         setup=[S("source ~venv_1/bin/activate")],
         source_only=["#BSUB -q gpua100", '#BSUB -R "select[gpu80gb]"', "module load cuda/11.1"],
         refuse_words=["~venv_1", "gpua100", "gpu80gb", "-M 3GB", "num=2"],
         assumptions=["DTU LSF: #!/bin/sh, -q gpua100, -n 2 on one host, -gpu num=2:mode=exclusive_process, "
                      "rusage mem=12GB, select[gpu80gb], -M 3GB (below the 12GB asked), 72 h, mails, output under "
                      "jobs/: nvidia-smi, cuda/11.1 module, `source ~venv_1/bin/activate` (a tilde-user path: the "
                      "home of a user named venv_1, most likely a typo for ~/venv_1), then `python3 DataTest.py` "
                      "(one process seeing 2 GPUs). Right: 1 process with 2 GPUs on one node, the LSF header "
                      "mapped, the odd venv path kept and named, the memory limits named."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
