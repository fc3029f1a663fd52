"""Write bench/unseen11/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro:
polaris, aurora) swapped in for the last one when the window has none.
Usage: python bench/unseen11/make_cases.py /work/cache/unseen11 bench/unseen11/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, T, case, fam, write_cases

CASES = [
    case(fam("delta-a40-one-gpu-python3-cd-project-hf-cache", "slurm"),
         "AI-Interpretability-Illinois/dagformer", "scripts/slurm_train.sh",
         "NCSA Delta (gpuA40x4, account bfqt-delta-gpu)", "delta",
         ["ten-cluster-source", "cd-absolute-project-dir", "site-paths-in-exports",
          "one-gpu-python3"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/train.py", args=["--config", "configs/sanity_check.yaml"],
         setup=[S("export PYTHONPATH="
                  "/projects/bfqt/users/yurenh2/ml-projects/DAGFormer:$PYTHONPATH"),
                S("cd /projects/bfqt/users/yurenh2/ml-projects/DAGFormer", "required"),
                S("mkdir -p logs checkpoints")],
         source_only=["gpuA40x4", "/projects/bfqt/users/yurenh2/hf_cache"],
         accounts=["bfqt-delta-gpu"],
         assumptions=["Delta, 1 node, --gpus-per-node=1, no task count: `cd` to an absolute "
                      "/projects/bfqt path, then `python3 scripts/train.py --config "
                      "configs/sanity_check.yaml` (program relative to that directory). Right: "
                      "1 process on 1 GPU, the cd kept before the program (a note that the "
                      "/projects path and the HF cache exports are Delta paths), the Delta "
                      "account and partition replaced."]),
    case(fam("gres8-one-task-torchrun-nproc-from-gpus-on-node-if-else-positional", "slurm"),
         "JayOrten/llm-jepa", "scripts/slurm_train.sh",
         "unnamed Slurm cluster (gres gpu:8, template for any cluster)", "generic-slurm",
         ["positional-args-required", "if-else-two-launches", "nproc-from-slurm-var",
          "random-master-port", "offline-env"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="train.py",
         args=["--config", "$CONFIG", "--set", "strategy.name=$STRATEGY", "$EXTRA_ARGS"],
         strategy="ddp",
         vars={"NGPUS": "${SLURM_GPUS_ON_NODE:-$(nvidia-smi -L 2>/dev/null | wc -l)}"},
         other_runs=[R("train.py", ["--config", "$CONFIG"], launched=False)],
         refuse_words=["$1", "positional", "SLURM_GPUS_ON_NODE", "NGPUS"],
         assumptions=["1 node, 1 task, --gres=gpu:8: `CONFIG=${1:?...}`, `STRATEGY=${2:?...}` "
                      "(the job fails without two positional arguments); NGPUS from "
                      "$SLURM_GPUS_ON_NODE (or nvidia-smi); `if NGPUS>1: torchrun "
                      "--nproc_per_node=$NGPUS --master_port=$((RANDOM...)) train.py ...; else "
                      "python train.py ...`. Right: both branches kept with torchrun's "
                      "nproc still following the GPU count (SLURM_GPUS_ON_NODE mapped or the "
                      "count written for the target), the positional arguments kept and named "
                      "in a note. A port that drops the else branch or fixes nproc at 8 on a "
                      "4-GPU target without a note is wrong."]),
    case(fam("uzh-a100x4-one-process-sft-positional-args-tee-log", "slurm"),
         "ZurichNLP/multilingual-instruction-tuning", "scripts/slurm_train.sh",
         "University of Zurich ScienceCluster (Slurm, lowprio, A100)", "uzh-sciencecluster",
         ["one-process-multi-gpu", "positional-args", "tee-log", "module-chain",
          "conda-hook", "cd-or-exit", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, program="sft_training.py",
         args=["--model_name_or_path", "${model_name_or_path}", "--train_dataset",
               "${train_dataset}", "--eval_dataset", "${eval_dataset}", "--output_dir",
               "${output_dir}", "--max_steps", "2000", "--per_device_train_batch_size", "2",
               "--gradient_accumulation_steps", "8", "--log_with", "wandb"],
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate vllm"),
                S('cd "${BASE}" && echo $(pwd) || exit 1', "required")],
         keep_text=['2>&1 | tee "${log_file}"'],
         source_only=["module load anaconda3 multigpu a100", "lowprio"],
         assumptions=["1 task, --gres=gpu:A100:4: one `python sft_training.py ...` process "
                      "sees all 4 GPUs (Llama-2-70B SFT with a device map). Five positional "
                      "arguments (model, datasets, output dir, log file) come from sbatch's "
                      "command line. Right: one process with 4 GPUs kept (not 4 ranks, not 1 "
                      "GPU), the `2>&1 | tee \"${log_file}\"` kept, the cd into BASE kept, the "
                      "UZH modules replaced with a note. No final newline."]),
    case(fam("princeton-pli-gres4-torchrun-nnodes1-nproc4-abs-program-hydra", "slurm"),
         "christinaz21/mem-consistency-oasis", "submit.slurm",
         "Princeton Language and Intelligence cluster (Della pli partition)", "princeton-pli",
         ["launcher-torchrun-nproc", "nnodes-arg", "absolute-program-path",
          "hydra-config-name", "module-conda-module", "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="/home/tc0786/Project/train-oasis/train_oasis/main.py",
         args=["--config-name=rnn_mamba_maze"], strategy="unknown",
         setup=[S("conda activate oasis")],
         source_only=["module load anaconda3/2024.6", "module load cudatoolkit/11.8", "pli"],
         accounts=["oasis"],
         assumptions=["1 node, 1 task, --gres=gpu:4: `torchrun --nnodes=1 --nproc_per_node=4 "
                      "/home/.../main.py --config-name=rnn_mamba_maze` (the program by an "
                      "absolute Princeton home path; three commented python lines around it). "
                      "Right: 4 ranks on 1 node kept (or the change noted), the absolute path "
                      "kept with a note that it is a source path, the modules replaced."]),
    case(fam("miyabi-pbs-8-nodes-mpirun-uv-run-python-redirect-distfile", "pbs"),
         "minotake-match-life/VideoCrafter", "launch.pbs",
         "JCAHPC Miyabi (PBS, regular-g, GH200)", "miyabi",
         ["pbs-source", "mpirun-per-node", "uv-run-prefix", "mpirun-x-exports",
          "redirect-to-log", "user-var-from-pbs-jobid", "non-ascii-comments"],
         launch_model="per_rank", launcher="mpirun", total_ranks=8, nodes=8, gpus_per_node=1,
         program="train.py",
         args=["--local_batch_size", "4", "--dataset_root",
               "/work/xg25g011/x10574/ShowHowData/data/ShowHowToTrain", "--ft_mode",
               "freeze_spatial"],
         vars={"DIST_FILE": "$PBS_O_WORKDIR/distfiles/distfile.$PBS_JOBID"},
         setup=[S('cd "$PBS_O_WORKDIR"', "required"),
                S('export DIST_FILE="$PBS_O_WORKDIR/distfiles/distfile.$PBS_JOBID"',
                  "required"),
                S(': > "$DIST_FILE"', "required")],
         keep_text=["> /work/xg25g011/x10574/VideoCrafter/logs/freeze_spatial.log 2>&1",
                    "uv run python train.py"],
         source_only=["regular-g", "group_list=xg25g011"],
         device="nvidia",
         assumptions=["PBS select=8:mpiprocs=1 (Miyabi GH200, one GPU a node): `mpirun -n 8 "
                      "--map-by ppr:1:node -x ... uv run python train.py ... > log 2>&1`, the "
                      "program rendezvousing by a shared file named from $PBS_JOBID. Right: 8 "
                      "processes, one a node, on 8 nodes of the target (or the GPUs per node "
                      "change noted), `uv run` and the redirect kept, DIST_FILE kept with "
                      "$PBS_JOBID/$PBS_O_WORKDIR mapped to the target's variables."]),
    case(fam("aws-efa-srun-user-train-script-from-positional", "slurm"),
         "CarperAI/trlx", "scripts/slurm_train.sh",
         "Stability AI / CarperAI AWS cluster (Slurm, g40, EFA)", "stability-aws",
         ["user-wrapper", "program-from-positional", "pushd", "efa-env", "set-euxo"],
         launch_model="single", launcher="srun", total_ranks=1, gpus_per_node=None,
         program="$TRAIN_SCRIPT", args=["$CONFIG_FILE", "$CONDA_DIR", "$CONDA_ENV_NAME"],
         expect="refuse", refuse_words=["TRAIN_SCRIPT", "wrapper", "accelerate_train_example.sh",
                                        "GPU"],
         source_only=["FI_PROVIDER=efa", "g40"],
         assumptions=["1 node, 1 task, no GPU directive (--exclusive on a g40 node): `srun "
                      "--comment carperai $TRAIN_SCRIPT $CONFIG_FILE ...` where TRAIN_SCRIPT "
                      "defaults to scripts/accelerate_train_example.sh (a user wrapper that "
                      "calls accelerate). The program and GPU count are not in the script: "
                      "right is a refusal naming the wrapper / unknown GPU count, or the line "
                      "kept under the target's srun with a note."]),
    case(fam("euler-srun-8-tasks-python-m-cli-gpus-8-gpumem", "slurm"),
         "SysCV/vis4d", "scripts/slurm_train.sh", "ETH Zurich Euler (Slurm)", "euler",
         ["per-rank-srun", "python-m-module", "program-gpus-arg", "gpumem-gres",
          "venv-activate", "module-chain"],
         launch_model="per_rank", launcher="srun", total_ranks=8, gpus_per_node=8,
         program="vis4d.engine.run", module=True,
         args=["fit", "--config", "configs/faster_rcnn/faster_rcnn_coco.py", "--gpus", "8",
               "--slurm", "True"],
         topology_args=[T("--gpus", "8", "gpus_per_node")],
         setup=[S("source /cluster/home/$USER/vis4d/bin/activate")],
         source_only=["--gres=gpumem:20G", "module load gcc/8.2.0"],
         assumptions=["1 node, 8 tasks, 8 GPUs: `srun --cpus-per-task=4 --gres=gpumem:20G "
                      "--kill-on-bad-exit=1 python -m vis4d.engine.run fit ... --gpus 8 "
                      "--slurm True` (Lightning under srun: one rank a GPU). Right: 8 ranks "
                      "per node where the target has 8 GPUs, else the layout changed with "
                      "`--gpus 8` changed to the GPUs per node or named; gpumem (Euler) "
                      "dropped with a note; `python -m` kept."]),
    case(fam("array-0-9-pct2-gres1-time-entrypoint-array-index", "slurm"),
         "educelab/ink-id", "scripts/slurm_train.sh",
         "University of Kentucky (Lipscomb/LCC, Slurm; by the repository)", "uky-lcc",
         ["array-job", "array-throttle", "time-prefix", "console-entry-point",
          "array-index-arg", "positional-output-dir"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="inkid-train-and-predict",
         args=["-d", "~/data/lunate-sigma/grid-2x5.json", "-o", "$1", "-k",
               "$SLURM_ARRAY_TASK_ID"],
         refuse_words=["$1", "positional"],
         assumptions=["Array 0-9%2, each task 1 GPU (--gres=gpu:1), no node or task count: "
                      "`time inkid-train-and-predict -d ... -o $1 -k $SLURM_ARRAY_TASK_ID`. "
                      "Right: the array (10 tasks, 2 at a time) kept or mapped (PBS -J 0-9 "
                      "has no %2 throttle: noted), SLURM_ARRAY_TASK_ID mapped "
                      "(PBS_ARRAY_INDEX), `time` and the positional $1 kept with a note."]),
    case(fam("bridges2-rm-cpu-only-conda-python-no-gpu", "slurm"),
         "leap-stc/ClimSim", "sbatch_train.sh", "PSC Bridges-2 (RM partition, CPU)", "bridges2",
         ["ten-cluster-source", "cpu-only", "no-gpu-request", "conda-profile-source"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=None,
         program="make_train.py", args=[], expect="refuse",
         refuse_words=["GPU", "gpu", "CPU"],
         setup=[S("conda activate preprocessing")],
         source_only=["RM", "/opt/packages/anaconda3/etc/profile.d/conda.sh"],
         accounts=["atm200007p"],
         assumptions=["Bridges-2 RM (CPU) partition, 1 task, no GPU: `python make_train.py` "
                      "(data preparation). No GPU request: right is a refusal naming the "
                      "missing GPU request (a CPU job), never a GPU port with a count "
                      "invented."]),
    case(fam("hci-h200-nodelist-srun-torchrun-c10d-nproc4-one-task", "slurm"),
         "WenhanGuo/edm-1", "sbatch_train.sh",
         "a lab Slurm cluster (h200 partition, node hci-06)", "hci-lab",
         ["srun-torchrun", "rdzv-c10d-hostname", "nodelist", "nnodes-from-slurm",
          "no-final-newline"],
         launch_model="launcher", launcher="torchrun", total_ranks=4, gpus_per_node=4,
         program="train.py",
         args=["--outdir", "training-runs", "--data-name", "ffhq128", "--data",
               "/home/share/normal_share/ffhq256", "--batch", "256", "--batch-gpu", "64"],
         source_only=["--nodelist=hci-06", "h200"],
         assumptions=["1 node, 1 task, --gres=gpu:4: `srun torchrun --nnodes "
                      "$SLURM_JOB_NUM_NODES --nproc-per-node 4 --rdzv_backend=c10d "
                      "--rdzv_endpoint=$RDZV_HOST:$RDZV_PORT train.py ...`. Right: 4 ranks "
                      "kept (nproc follows the target's GPUs with --batch/--batch-gpu noted, "
                      "or 4 kept), the nodelist dropped with a note, SLURM_JOB_NUM_NODES "
                      "mapped on PBS. No final newline."]),
    case(fam("stanford-iris-chdir-exclude-one-gpu-hydra-python", "slurm"),
         "Jubayer-Hamid/DP_validation", "sbatch_train.sh",
         "Stanford IRIS lab cluster (Slurm)", "stanford-iris",
         ["chdir-directive", "exclude-list", "hydra-overrides", "quoted-hydra-interp",
          "tabs-in-directives", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py",
         args=["--config-dir=.", "--config-name=${CFGNAME}", "training.seed=42",
               "training.device=cuda:0"],
         workdir="/iris/u/yuejliu/research/dp_validation",
         setup=[S("source /sailhome/yuejliu/.bashrc"), S("conda activate bid"),
                S("cd /iris/u/yuejliu/research/dp_validation", "required")],
         keep_text=["hydra.run.dir='outputs/${now:%Y.%m.%d}/${now:%H.%M.%S}_${name}_${task_name}'"],
         source_only=["iris-hi", "--exclude=iris1"], accounts=["iris"],
         assumptions=["1 node, --gres=gpu:1, `--chdir /iris/...` and a cd to it: `python "
                      "train.py --config-dir=. --config-name=${CFGNAME} training.seed=42 "
                      "training.device=cuda:0 hydra.run.dir='outputs/${now:...}'` (single "
                      "quotes keep Hydra's interpolation). Right: the chdir becomes a cd "
                      "(or the existing cd kept), the single-quoted override kept verbatim, 1 "
                      "GPU; the exclude list dropped with a note."]),
    case(fam("juwels-booster-4-nodes-srun-bash-c-torchrun-jsc-rdzv-ib-host", "slurm"),
         "embed2scale/LEPA", "submit.slurm", "JSC JUWELS Booster (Slurm, booster)",
         "juwels-booster",
         ["srun-bash-c-body", "site-launcher-torchrun-jsc", "ib-hostname-suffix",
          "nslookup-master", "multi-line-args-var", "escaped-dollar-in-body"],
         launch_model="launcher", launcher="torchrun", total_ranks=16, nodes=4,
         gpus_per_node=4, program="./src/train.py",
         args=["--fname", "configs/hls_vitb16.yaml", "--jobid", "$SLURM_JOB_ID",
               "$data_configs", "--logging__write_tag", "$write_tag"],
         strategy="ddp",
         setup=[S("source venv/activate.sh")],
         source_only=["torchrun_jsc", "booster", 'MASTER_ADDRi="${MASTER_ADDRi}i"'],
         accounts=["youraccount"],
         refuse_words=["torchrun_jsc", "bash -c"],
         assumptions=["4 nodes, 1 task a node, --gres=gpu:4: `srun -l bash -c \"torchrun_jsc "
                      "--nproc_per_node=$GPUS_PER_NODE --nnodes=$SLURM_JOB_NUM_NODES "
                      "--rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDRi:$MASTER_PORT "
                      "--rdzv_conf=is_host=... ./src/train.py ...\"` (JSC's torchrun wrapper; "
                      "master address is the InfiniBand name `<host>i` resolved by nslookup). "
                      "Right: 16 ranks kept (4x4) or the layout change noted; torchrun_jsc and "
                      "the `i` suffix are JSC-only: replaced by torchrun and the target's "
                      "address with a note; the long $data_configs string kept."]),
    case(fam("hpcmp-singularity-positional-module-temp-script-eval", "slurm"),
         "cmu-sei/hspn_surrogate_models", "submit.slurm",
         "DoD HPCMP (Penguin 'general' partition, mla constraint; by the account)",
         "dod-hpcmp",
         ["python-m-from-positional", "singularity-exec-heredoc-temp-script", "eval-cmd",
          "trap-cleanup", "bc-env-vars", "interactive-shell-branch"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="$TEMP_SCRIPT", args=[], expect="refuse",
         refuse_words=["$1", "pymod", "positional", "TEMP_SCRIPT", "singularity"],
         container_image="/p/app/containers/pytorch/pytorch-22.03-py3.sif",
         source_only=["/p/app/containers/pytorch/pytorch-22.03-py3.sif", "--constraint=mla",
                      "module load penguin/openmpi/4.1.4/gcc"],
         accounts=["ARLAP44862YFR"],
         assumptions=["1 node, 1 task, --gpus-per-task=1: the module to run is `$1` "
                      "(`python -m hspn.$pymod $@`), written into a mktemp script by a "
                      "heredoc and run as `eval \"srun --ntasks=$SLURM_NTASKS singularity "
                      "exec --bind ... --nv $CONTAINER $TEMP_SCRIPT\"`; `shell` as $1 opens an "
                      "interactive shell. The program comes from the submit line: right is a "
                      "refusal naming the positional module / generated script, or the whole "
                      "text kept with only the header and srun mapped and a note."]),
    case(fam("cscs-alps-8-nodes-srun-environment-bash-c-torchrun-module", "slurm"),
         "EPFLiGHT/MultiMeditron", "sbatch_train.sh",
         "CSCS Alps (Clariden, GH200, account a127)", "cscs-alps",
         ["srun-bash-c-body", "torchrun-python-m", "edf-environment-container",
          "background-monitors", "required-secrets-env", "node-rank-escaped-procid",
          "positional-config"],
         launch_model="launcher", launcher="torchrun", total_ranks=32, nodes=8,
         gpus_per_node=4, program="multimeditron", module=True,
         args=["train", "--config", "$CONFIG"], strategy="unknown",
         vars={"GPUS_PER_NODE": "${MULTIMEDITRON_NUM_GPUS:-4}"},
         source_only=["--environment /users/surech/.edf/multimeditron.toml",
                      "/capstor/store/cscs/swissai/a127/meditron/hf_cache"],
         accounts=["a127"],
         keep_text=['nvidia-smi dmon -s pumt -d 5 > "$GPU_LOG_DIR/node-0.log" 2>&1 &'],
         refuse_words=["--environment", "container", "$1"],
         assumptions=["8 nodes, 1 task a node, --gres gpu:4: torchrun words in $LAUNCHER "
                      "(`--nproc_per_node $GPUS_PER_NODE --nnodes $SLURM_NNODES --node_rank "
                      "\\$SLURM_PROCID --rdzv_endpoint $MASTER_ADDR:6200 --rdzv_backend c10d`) "
                      "run as `srun $SRUN_ARGS bash -c \"$CMD\"` with `-m multimeditron train "
                      "--config $CONFIG`; SRUN_ARGS holds CSCS's `--environment` EDF "
                      "container. Right: 32 ranks (8x4) kept or the change noted, the "
                      "--environment container named as CSCS-only (replaced or refused with "
                      "the reason), the background nvidia-smi monitors and the positional "
                      "config kept. Fetched with read_file (no snapshot holds the path)."]),
    case(fam("perlmutter-shifter-image-srun-4-tasks-python3", "slurm"),
         "radiradev/contrastive-neutrino", "gpu_job.sh", "NERSC Perlmutter (dune_g)",
         "perlmutter",
         ["ten-cluster-source", "shifter-image-directive", "per-rank-srun",
          "program-gpus-arg", "slurm-cpu-bind-env", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=4, gpus_per_node=4,
         program="train.py",
         args=["--batch_size", "128", "--num_of_gpus", "4", "--dataset_type", "contrastive",
               "--checkpoint",
               "/global/homes/r/rradev/contrastive-neutrino/artifacts/contrastive/model.ckpt"],
         topology_args=[T("--num_of_gpus", "4", "world_size")],
         container_image="rradev/minkowski:torch1.12_final",
         source_only=["--image=rradev/minkowski:torch1.12_final", "shifter"],
         accounts=["dune_g"],
         assumptions=["Perlmutter, 1 node, 4 tasks, --gpus-per-task=1, `#SBATCH "
                      "--image=rradev/minkowski:torch1.12_final`: `srun shifter python3 "
                      "train.py --batch_size 128 --num_of_gpus 4 ...`. Right: 4 ranks a GPU "
                      "each, the Shifter image carried to the target's Apptainer/Singularity "
                      "(docker:// of the same image) or named as not available, "
                      "--num_of_gpus kept equal to the ranks or named; the /global/homes "
                      "checkpoint path flagged. No final newline."]),
    case(fam("perlmutter-shared-one-gpu-conda-prefix-cd-python-resume-var", "slurm"),
         "JHPark9090/QuantumFlow", "jobs/run_qlcfm_v10c.sh",
         "NERSC Perlmutter (shared QOS, gpu&hbm80g)", "perlmutter",
         ["ten-cluster-source", "shared-qos", "hbm80g-constraint", "conda-prefix-env",
          "cd-pscratch", "user-var-from-jobid", "resume-env-var"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="models/QuantumLatentCFM_v10.py",
         args=["--phase=2", "--dataset=cifar10", "--vae-ckpt=$VAE_CKPT", "--epochs=200",
               "$RESUME_FLAG", "--job-id=v10c_cifar_${JOB_SUFFIX}"],
         vars={"JOB_SUFFIX": "${SLURM_JOB_ID}"},
         setup=[S('eval "$(conda shell.bash hook 2>/dev/null)"'),
                S("conda activate /pscratch/sd/j/junghoon/conda-envs/qml_eeg"),
                S("cd /pscratch/sd/j/junghoon/QuantumFlow", "required")],
         source_only=["gpu&hbm80g", "shared"], accounts=["m4807_g"],
         assumptions=["Perlmutter shared QOS, 1 task, --gpus-per-task=1, -c 32: `python -u "
                      "models/QuantumLatentCFM_v10.py ... $RESUME_FLAG "
                      "--job-id=v10c_cifar_${JOB_SUFFIX}` with JOB_SUFFIX=${SLURM_JOB_ID} "
                      "(or PREV_JOB_ID to resume). Right: 1 GPU, the cd into $PSCRATCH kept "
                      "with a note (source path), JOB_SUFFIX's SLURM_JOB_ID mapped on PBS, the "
                      "resume logic kept; hbm80g constraint and shared QOS replaced."]),
    case(fam("ncar-casper-pbs-a100x4-accelerate-launch-no-config", "pbs"),
         "WillyChap/denoising-diffusion-pytorch", "launch.sh",
         "NCAR Casper (PBS Pro, casper queue, A100)", "ncar-casper",
         ["pbs-source", "accelerate-launch-no-config", "gpu-type-resource",
          "module-conda"],
         launch_model="launcher", launcher="accelerate", total_ranks="unknown",
         gpus_per_node=4, program="Train_CESM_Conditioned_Continue.py", args=[],
         setup=[S("conda activate LuRain")],
         source_only=["gpu_type=a100", "casper", "module load conda"],
         accounts=["P03010039"],
         refuse_words=["accelerate config", "num_processes", "config"],
         assumptions=["PBS select=1:ncpus=64:ngpus=4, gpu_type=a100: `accelerate launch "
                      "Train_CESM_Conditioned_Continue.py` with no flags: the process count "
                      "comes from the user's default accelerate config (`#accelerate config` "
                      "comment), unknown here. Right: accelerate kept with the GPU count of "
                      "the target written (--num_processes) and a note that the user's "
                      "default config is not read, or a refusal/question naming the unknown "
                      "config; never silently 1 process."]),
    case(fam("derecho-pbs-one-gpu-echo-run-entrypoint-pbs-jobid", "pbs"),
         "mariajmolina/s2sml", "results_week3_SH_515/launch_pbs.sh",
         "NCAR Derecho (PBS Pro, main queue, A100)", "ncar-derecho",
         ["pbs-source", "console-entry-point", "pbs-jobid-as-arg", "semicolon-setup",
          "gpu-type-resource"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="echo-run",
         args=["hyper_week3_SH_515.yml", "unet_week3_SH_515.yml", "-n", "$PBS_JOBID"],
         setup=[S("source ~/.bashrc; conda activate s2sml-env")],
         source_only=["gpu_type=a100", "/glade/work/kdagon/s2sml/results_week3_SH_515/out"],
         accounts=["ACGD0007"],
         assumptions=["PBS select=1:ncpus=4:ngpus=1:mem=20GB: `echo-run hyper....yml "
                      "unet....yml -n $PBS_JOBID` (an installed entry point of the ECHO "
                      "hyperparameter tool, one GPU). Right: 1 GPU, the entry point kept "
                      "verbatim, $PBS_JOBID mapped to the target's job id (SLURM_JOB_ID) on "
                      "Slurm targets, the /glade log paths flagged."]),
    case(fam("vista-gh-srun-bash-c-apptainer-user-launch-sh", "slurm"),
         "cvoelcker/openpi", "scripts/slurm_train.sh", "TACC Vista (gh partition, GH200)",
         "vista",
         ["ten-cluster-source", "srun-bash-c-body", "apptainer-exec-nv", "user-wrapper",
          "positional-passthrough", "jax"],
         launch_model="per_rank", launcher="srun", total_ranks=8, nodes=8, gpus_per_node=1,
         program='bash "$@"', args=[], framework="jax", expect="refuse",
         container_image="tensorflow_2502.sif",
         source_only=["module load tacc-apptainer", "ASC24079", "gh"],
         accounts=["ASC24079"],
         refuse_words=["$@", "positional", "wrapper", "bash"],
         assumptions=["Vista, 8 nodes, 8 tasks (one a node, GH200 one GPU a node): `srun "
                      "--export=ALL bash -c '... module load tacc-apptainer; apptainer exec "
                      "--nv tensorflow_2502.sif bash \"$@\"' _ \"$@\"`: the program is a "
                      "user script passed on the sbatch line (JAX multi-node). Right: a "
                      "refusal naming the positional script, or the srun body kept verbatim "
                      "with the TACC module replaced and a note; never an invented program."]),
    case(fam("gres4-one-process-lightning-gpus-4-num-nodes-1", "slurm"),
         "marjanstoimchev/DinoV3LightningTraining", "scripts/slurm_train.sh",
         "unnamed Slurm cluster (gpu partition, gres gpu:4)", "generic-slurm",
         ["one-process-multi-gpu", "lightning-spawn", "program-gpus-arg",
          "program-num-nodes-arg", "args-array", "sed-config-edit"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4,
         gpus_per_rank=4, program="src/training/train_dinov3_lightning.py",
         args=['"${TRAINING_ARGS[@]}"'],
         topology_args=[T("--gpus", "$GPUS", "gpus_per_node"),
                        T("--num-nodes", "1", "nodes")],
         vars={"GPUS": "4"},
         keep_text=['TRAINING_ARGS+=(--fast-dev-run)'],
         assumptions=["1 node, 1 task, --gres=gpu:4: one `python "
                      "src/training/train_dinov3_lightning.py \"${TRAINING_ARGS[@]}\"` with "
                      "`--gpus \"$GPUS\"` (GPUS=4) and `--num-nodes 1` in a bash array: "
                      "Lightning spawns its 4 DDP processes itself. Right: one process with "
                      "all the target's GPUs, GPUS=4 changed to the target's count or named, "
                      "the array and its conditional additions kept verbatim."]),
    case(fam("ulaval-docker-run-gpus-visible-devices-env-config", "slurm"),
         "norlab-ulaval/mask_bev", "scripts/slurm_train.sh",
         "Universite Laval Norlab cluster (Slurm with Docker)", "ulaval-norlab",
         ["docker-build-run", "gpus-from-visible-devices", "env-var-inputs",
          "job-name-from-env", "cd-home"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_mask_bev.py", args=["--config", "$CONFIG"], expect="refuse",
         container_image="mask_bev",
         source_only=["docker build -t mask_bev .", "docker run --gpus $CUDA_VISIBLE_DEVICES"],
         refuse_words=["docker", "Docker", "container"],
         assumptions=["--gres=gpu:1: `cd ~/mask_bev; docker build -t mask_bev .; docker run "
                      "--gpus $CUDA_VISIBLE_DEVICES --rm --mount ... mask_bev python3.10 "
                      "train_mask_bev.py --config $CONFIG` (CONFIG and NAME from the "
                      "environment; `--job-name=$NAME` is not expanded by Slurm). None of the "
                      "ten runs Docker: right is a refusal naming Docker (or a podman-hpc / "
                      "apptainer build step the user must do, with a note)."]),
    case(fam("preempt-a100x2-bash-run-sh-wrapper-visible-devices-0-1", "slurm"),
         "XuhuiZhou/TinyZero", "submit.slurm", "CMU Babel cluster (preempt partition; likely)",
         "cmu-babel",
         ["user-wrapper", "visible-devices-set", "tabs-in-directives", "module-purge"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=2,
         program="run.sh", args=[], expect="refuse",
         source_only=["gpu:A100_80GB:2", "preempt", "module load cuda/11.8"],
         refuse_words=["run.sh", "wrapper", "script"],
         assumptions=["1 task, --gres=gpu:A100_80GB:2, `export CUDA_VISIBLE_DEVICES=0,1` then "
                      "`bash run.sh` (the veRL/TinyZero training is in the user's run.sh). "
                      "Right: a refusal naming run.sh, or `bash run.sh` kept with 2 GPUs and "
                      "a note that CUDA_VISIBLE_DEVICES is set by hand."]),
    case(fam("unl-8-nodes-srun-singularity-lightning-cli-num-nodes-8", "slurm"),
         "AlexOSAdventurer/DashcamVAEGANDiffusion", "submit.slurm",
         "University of Nebraska HCC (Swan/Crane, /work/cseos2g)", "unl-hcc",
         ["per-rank-srun", "singularity-exec-nv", "lightning-cli-fit",
          "program-num-nodes-arg", "program-gpus-arg", "placeholder-conda-env"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=8, gpus_per_node=2,
         program="train.py", args=["fit", "--trainer.num_nodes", "8", "--trainer.gpus", "2"],
         topology_args=[T("--trainer.num_nodes", "8", "nodes"),
                        T("--trainer.gpus", "2", "gpus_per_node")],
         container_image="$WORK/torchgan_container_old_new_latest.sif",
         setup=[S("conda activate your_env_name")],
         source_only=["--constraint=gpu_32gb"],
         assumptions=["8 nodes, 2 tasks a node, --gres=gpu:2: `srun singularity exec --nv "
                      "$WORK/torchgan_container_old_new_latest.sif python3 train.py fit "
                      "--trainer.num_nodes 8 --trainer.gpus 2` (Lightning CLI, 16 ranks). "
                      "Right: 16 ranks kept (8x2) or the layout changed with "
                      "--trainer.num_nodes/--trainer.gpus changed or named; the Singularity "
                      "image kept under the target's apptainer with $WORK flagged; the "
                      "placeholder `conda activate your_env_name` kept."]),
    case(fam("ucf-newton-three-time-torch-distributed-run-stages", "slurm"),
         "Ommos92/LAVIS", "submit.slurm", "UCF ARCC Newton (Slurm, gpu32 constraint)",
         "ucf-newton",
         ["several-programs", "time-prefix", "python-m-torch-distributed-run",
          "path-prepend-env", "gpu-device-ordinal", "no-final-newline"],
         launch_model="launcher", launcher="torch.distributed.run", total_ranks=1,
         gpus_per_node=1, program="evaluate.py",
         args=["--cfg-path", "lavis/projects/blip2/eval/ret_coco_eval.yaml"],
         other_runs=[R("evaluate.py", ["--cfg-path",
                                       "lavis/projects/blip2/eval/caption_coco_opt6.7b_eval.yaml"],
                       launched=True),
                     R("evaluate.py", ["--cfg-path",
                                       "lavis/projects/blip2/eval/vqav2_zeroshot_opt_eval.yaml"],
                       launched=True)],
         setup=[S("export PATH=/home/aelkommos/.conda/envs/lavis_dev/bin:$PATH")],
         source_only=["--constraint=gpu32", "module load gasp/gasp-miniconda-4.3.30"],
         assumptions=["1 GPU (--gres=gpu:1, -c 4, no node count): three stages, each `time "
                      "python -m torch.distributed.run --nproc_per_node=1 evaluate.py "
                      "--cfg-path <yaml>` (BLIP-2 evaluation, inference). Right: all three "
                      "launches ported in order with `time` kept and 1 process each; the "
                      "PATH prepend kept; the UCF module replaced."]),
    case(fam("stanford-arm-nodelist-srun-python3-lightning-positional", "slurm"),
         "peasant98/DenseTact-Model", "scripts/slurm_train.sh",
         "Stanford ARM lab Slurm (arm-interactive, node arm2)", "stanford-arm",
         ["per-rank-srun", "positional-args", "nodelist", "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train_ViT_lightning.py", args=["--config", "$CONFIG", "--exp_name",
                                                 "$EXP_NAME"],
         source_only=["--nodelist=arm2", "arm-interactive"], accounts=["arm"],
         assumptions=["1 GPU, no task count: CONFIG=$1, EXP_NAME=$2, `srun python3 "
                      "train_ViT_lightning.py --config $CONFIG --exp_name $EXP_NAME`. Right: "
                      "1 rank on 1 GPU, the positional arguments kept with a note, the "
                      "nodelist dropped with a note. No final newline."]),
    case(fam("polaris-pbs-4-nodes-mpiexec-8-of-16-affinity-wrapper-eval-tee-inference", "pbs"),
         "axonn-ai/yalis", "scripts/run_polaris.sh",
         "ALCF Polaris (debug-scaling, DemocAI)", "polaris",
         ["ten-cluster-source", "pbs-source", "mpiexec-ppn-depth", "affinity-wrapper",
          "eval-run-cmd", "tee-inside-eval", "inference", "ranks-fewer-than-gpus",
          "absolute-python-path"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=8, nodes=4, gpus_per_node=4,
         program="$SCRIPT", args=[],
         vars={"SCRIPT": "examples/infer_speculative.py"},
         setup=[S(". activate /lus/eagle/projects/DemocAI/prajwal/conda_envs/yalisenv-torch26"),
                S('cd ${YALIS_DIR}', "required"), S("chmod +x scripts/get_rank_polaris.sh")],
         keep_text=["./scripts/get_rank_polaris.sh", "| tee yalis.out 2>&1"],
         source_only=["filesystems=home:eagle", "module load conda/2024-04-29-aws-nccl",
                      "http://proxy.alcf.anl.gov:3128"],
         accounts=["DemocAI"],
         refuse_words=["get_rank_polaris.sh", "eval", "run_cmd"],
         assumptions=["Polaris select=4 (16 GPUs) but `mpiexec -n 8 --ppn 4 --depth=4 "
                      "--cpu-bind depth ... ./scripts/get_rank_polaris.sh <abs python> -u "
                      "$SCRIPT | tee yalis.out 2>&1` in a string run by `eval` (8 ranks on 2 "
                      "of the 4 nodes; speculative-decoding inference). Right: 8 ranks kept, 4 "
                      "a node (or the change noted), the user's affinity wrapper kept or "
                      "replaced with a note, the tee kept, ALCF proxy/modules replaced; a "
                      "refusal naming the eval'd command string is also right."]),
    case(fam("ucl-gatsby-nodelist-gres8-pkill-uv-sync-torchrun-nproc8", "slurm"),
         "ceselder/cot-oracle", "scripts/slurm_train.sh",
         "UCL Gatsby/SWC cluster (gpu_lowp, node gpu-xd670-30)", "ucl-swc",
         ["launcher-torchrun-nproc", "pkill-before-launch", "uv-sync-in-job", "nodelist",
          "venv-on-path", "cd-absolute"],
         launch_model="launcher", launcher="torchrun", total_ranks=8, gpus_per_node=8,
         program="src/train.py",
         args=["--config", "configs/train.yaml", "--precomputed-dir", "data/precomputed",
               "--task-order", "sequential", "--save-dir",
               "/ceph/scratch/jbauer/checkpoints/cot_oracle_seq", "--wandb-run",
               "sequential_v2"],
         strategy="ddp",
         setup=[S('export PATH="$VENV/bin:$PATH"'), S("cd /nfs/nhome/live/jbauer/cot-oracle",
                                                     "required"),
                S('UV_PROJECT_ENVIRONMENT="$VENV" uv sync')],
         keep_text=['pkill -f "torchrun.*train" 2>/dev/null || true'],
         source_only=["--nodelist=gpu-xd670-30", "gpu_lowp"],
         assumptions=["1 node, 1 task, --gres=gpu:8: pkill of stale torchruns, `uv sync` into "
                      "a /var/tmp venv, then `torchrun --nproc_per_node=8 --master_port=29500 "
                      "src/train.py ...`. Right: 8 ranks where the target has 8 GPUs a node, "
                      "else the change noted (2 nodes x 4, or nproc 4); uv sync and pkill kept "
                      "in order; the /ceph, /nfs paths flagged; nodelist dropped."]),
    case(fam("nhr-fau-alex-clusters-export-none-srun-python-positional", "slurm"),
         "rauschecker-sugrue-labs/dimis", "scripts/slurm_train.sh",
         "NHR@FAU Alex (Slurm --clusters=alex, a100)", "nhr-fau-alex",
         ["clusters-directive", "export-none", "unset-slurm-export-env", "per-rank-srun",
          "positional-passthrough"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="src/train.py", args=['"$@"'],
         setup=[S("conda activate dimis"), S("unset SLURM_EXPORT_ENV")],
         source_only=["--clusters=alex", "module load cuda/12.3.0"],
         refuse_words=["$@", "positional"],
         assumptions=["1 node, --gres=gpu:a100:1, --export=NONE with `unset "
                      "SLURM_EXPORT_ENV` (NHR@FAU's pattern): `srun --unbuffered python "
                      "src/train.py \"$@\"`. Right: 1 rank, \"$@\" kept with a note, "
                      "--clusters=alex dropped; --export=NONE/unset handled (kept on Slurm "
                      "targets or noted) -- the unset is harmless on PBS."]),
    case(fam("dgx-2-nodes-srun-python-lightning-num-nodes-gpus-list-export-continuations",
             "slurm"),
         "litwellchi/videocrafter-training-pytorch", "scripts/slurm_train.sh",
         "HKUST(GZ)/DGX cluster (debug partition, dgx-124/125; by the paths)", "dgx-lab",
         ["per-rank-srun", "lightning-hydra-style-override", "program-num-nodes-arg",
          "gpus-list-arg", "broken-export-continuations", "head-node-ip-srun", "nodelist",
          "no-final-newline"],
         launch_model="per_rank", launcher="srun", total_ranks=16, nodes=2, gpus_per_node=8,
         program="train_main.py",
         args=["--base", "$CONFIG", "-t", "--gpus", "0,1,2,3,4,5,6,7,", "--name", "$EXPNAME",
               "lightning.trainer.num_nodes=2", "--load_from_checkpoint", "$CKPT_RESUME"],
         topology_args=[T("lightning.trainer.num_nodes", "2", "nodes"),
                        T("--gpus", "0,1,2,3,4,5,6,7,", "gpus_per_node")],
         source_only=["--nodelist=dgx-124,dgx-125", "NCCL_SOCKET_IFNAME=ibp"],
         refuse_words=["continuation", "export"],
         assumptions=["2 nodes, 8 tasks a node, --gres=gpu:8: `srun python train_main.py "
                      "--base $CONFIG -t --gpus '0,1,2,3,4,5,6,7', ... "
                      "lightning.trainer.num_nodes=2 ...` (16 ranks). The exports end in `\\` "
                      "so they run as one long `export` line (a comment line cuts it). Right: "
                      "16 ranks kept or the layout changed with the --gpus list and "
                      "num_nodes changed or named; the export block kept as written (or "
                      "flagged); nodelist and ibp interface dropped with notes."]),
    case(fam("a100x1-conda-cd-placeholder-bash-finetune-wrapper", "slurm"),
         "Minyoung1005/motif", "scripts/slurm_train.sh",
         "a university Slurm cluster (general partition, A100)", "generic-slurm",
         ["user-wrapper", "cd-placeholder-path", "conda-hook", "no-final-newline"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=1,
         program="./scripts/v1_5/finetune_task_lora_cotrain.sh", args=[], expect="refuse",
         setup=[S('eval "$(conda shell.bash hook)"'), S("conda activate motif")],
         refuse_words=["finetune_task_lora_cotrain.sh", "wrapper", "script", "placeholder"],
         assumptions=["1 node, --gres=gpu:A100:1: `cd <absolute path to your workspace>/LLaVA` "
                      "(a placeholder: a syntax error in bash) then `bash "
                      "./scripts/v1_5/finetune_task_lora_cotrain.sh` (LLaVA's deepspeed "
                      "wrapper). Right: a refusal naming the wrapper or the placeholder, or "
                      "the lines kept verbatim with a note; never an invented launcher."]),
    case(fam("duke-a6000x4-zsh-c-env-bash-train-wrapper", "slurm"),
         "jchy20/how-much-backtrack", "scripts/slurm_train.sh",
         "Duke CS cluster (compsci-gpu, A6000)", "duke-cs",
         ["zsh-c-body", "user-wrapper", "env-in-body", "program-n-gpus-env",
          "no-final-newline"],
         launch_model="single", launcher="unknown", total_ranks=1, gpus_per_node=4,
         program="train_tiny_zero.sh", args=[], expect="refuse",
         setup=[S("conda activate zero")],
         keep_text=["export N_GPUS=4", "export ROLLOUT_TP_SIZE=2"],
         refuse_words=["train_tiny_zero.sh", "zsh", "wrapper", "script"],
         assumptions=["1 node, --gres=gpu:a6000:4: `zsh -l -c '... export N_GPUS=4 ... bash "
                      "train_tiny_zero.sh'` (veRL/TinyZero launched by the user's script, "
                      "N_GPUS the program's GPU count). Right: a refusal naming the wrapper, "
                      "or the zsh body kept verbatim with N_GPUS named against the target's "
                      "GPUs."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
