"""Write bench/unseen20/cases.yaml from the facts below and the cached texts (no port is run).

The facts were written by hand from each script's text; this file only adds commit, sha256, targets
and split (parity of sha256(id)), so that they are computed, not typed.
Targets: 3 of the ten per case, rotated over the fixed list (case i starts at cluster 3i mod 10),
the source cluster skipped, and at least one target of the other scheduler family
(Slurm <-> PBS Pro: polaris, aurora) swapped in for the last one when the window has none. Same
rules as bench/unseen12..unseen18 (bench/unseen6/make_common.py).
Usage: python bench/unseen20/make_cases.py /work/cache/unseen20 bench/unseen20/sources.txt
(sources.txt: repo, path, commit, bytes of each text as saved)
"""
# ruff: noqa: E501  (hand-written facts: long quoted script text kept on one line)
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unseen6"))

from make_common import R, S, case, fam, write_cases

CASES = [
    case(fam("princeton-gpus-per-node1-anacondapy-module-conda-pip-install-e-python-dinoproof-no-final-newline", "slurm"),
         "Kev-Park/dino-proofreading", "job.slurm",
         "Princeton Research Computing (anacondapy module, no partition named)", "princeton-rc",
         ["pip-install-in-job", "anacondapy-module", "mail-directives", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="dinoproof/train.py",
         args=["--input_dir", '"./screenshots/TRAIN_DATASETS/raw_1_false_positive_augmented_512"', "--validate_dir",
               '"./screenshots/VALIDATE_DATASETS/validate_1_512"', "--lr", "0.0001", "--epochs", "20", "--save_rate", "5"],
         setup=[S("conda activate dino-proofreading"), S("pip install -e .")],
         source_only=["module load anacondapy/2024.02"],
         refuse_words=["anacondapy", "pip install -e", "dino-proofreading"],
         assumptions=["1 node, 1 task, 1 CPU, 4G a CPU, --gpus-per-node=1, 1 h, mail to a Princeton address: module "
                      "purge, anacondapy/2024.02, `conda activate dino-proofreading`, `pip install -e .`, then one "
                      "`python dinoproof/train.py --input_dir ... --validate_dir ... --lr 0.0001 --epochs 20 "
                      "--save_rate 5` (no final newline). Right: 1 process on 1 GPU with the arguments kept, the "
                      "anacondapy module replaced and the env named, the editable install kept (or named)."]),
    case(fam("ntnu-idun-gpuq-share-account-gres8-ntasks8-constraint-gpu40g-mem-per-cpu-40g-port-env-srun-python-five-days", "slurm"),
         "FlorianWintel/Openpilot-Deepdive", "job.slurm",
         "NTNU Idun (partition GPUQ, account share-ie-idi, constraint gpu40g)", "ntnu-idun",
         ["srun-one-rank-per-gpu", "env-assignment-before-srun", "easybuild-python-module", "abs-home-cd",
          "five-day-walltime", "huge-mem-per-cpu", "module-unload-after-run", "sh-shebang"],
         launch_model="per_rank", launcher="srun", total_ranks=8, gpus_per_node=8,
         program="main.py", args=[],
         keep_text=["PORT=23333 srun python main.py"],
         setup=[S("cd /cluster/home/floriwi/projects/openpilot-stuff/Openpilot-Deepdive_floriwi"),
                S("source op-dd-3.7/bin/activate")],
         source_only=["--partition=GPUQ", "--constraint=gpu40g", "module load Python/3.7.4-GCCcore-8.3.0"],
         accounts=["share-ie-idi"],
         refuse_words=["5-06:00:00", "/cluster/home", "gpu40g", "mem-per-cpu", "PORT"],
         assumptions=["#!/bin/sh, Idun: -p GPUQ, -A share-ie-idi, 1 node, 8 tasks a node, 4 CPUs a task, 40G a CPU "
                      "(1.28 TB a node), --gres=gpu:8, -C gpu40g, 5 days 6 h: the EasyBuild Python 3.7.4 module, cd "
                      "to an absolute /cluster/home path, a relative venv, `PORT=23333 srun python main.py` (8 ranks, "
                      "the port passed as an environment word), module unload after. Right: 8 ranks on one node "
                      "with PORT=23333 kept on the launch, the walltime cut to the target's limit with a note, the "
                      "memory request made sane or named, the /cluster/home cd named."]),
    case(fam("imperial-pbs-select-ncpus8-mem64gb-ngpus1-miniconda-conda-install-cudnn-in-job-tensorflow-escaped-ampersand", "pbs"),
         "Checui/Anomaly_detection_ICCV2019", "submit_job.pbs",
         "Imperial College London RCS (PBS Pro, select=1:ncpus=8:mem=64gb:ngpus=1)", "imperial-cx3",
         ["conda-install-in-job", "miniconda-home", "ld-library-path-conda", "multi-line-args", "escaped-ampersand-arg",
          "relative-data-paths"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="tensorflow",
         program="run_model_edes.py",
         args=["--dataset", "COMBINED", "--acdc_dir", "../Dataset_2", "--mm_dir", "../Dataset_1/Training", "--mm_csv",
               "../Dataset_1/211230_M\\&Ms_Dataset_information_diagnosis_opendataset.csv", "--epochs", "20"],
         setup=[S("cd $PBS_O_WORKDIR"), S("source ~/miniconda/bin/activate"), S("conda install -c conda-forge cudnn=8.6.0"),
                S("source activate mres_env"), S("export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH")],
         source_only=["module load CUDA/11.8.0", "#PBS -l select=1:ncpus=8:mem=64gb:ngpus=1"],
         refuse_words=["conda install", "CUDA/11.8.0", "../Dataset", "cudnn"],
         assumptions=["PBS: select=1:ncpus=8:mem=64gb:ngpus=1, 24 h, mail on end/abort: cd $PBS_O_WORKDIR, miniconda "
                      "from home, the CUDA/11.8.0 module, `conda install -c conda-forge cudnn=8.6.0` inside the job "
                      "(network from a compute node, into the base env), `source activate mres_env`, LD_LIBRARY_PATH "
                      "from the env, then `python run_model_edes.py --dataset COMBINED ... --mm_csv "
                      "../Dataset_1/211230_M\\&Ms_... --epochs 20` (TensorFlow). Right: 1 process on 1 GPU with the "
                      "arguments kept byte for byte (the escaped & included), the submit-dir cd mapped, the "
                      "in-job conda install kept with its network risk named, the CUDA module replaced."]),
    case(fam("perlmutter-m4259-exclusive-gpus4-no-tasks-one-python3-somaforward", "slurm"),
         "anl-ecucuzzella/TFNOTrainingSOMAData", "job_script.sh",
         "NERSC Perlmutter (account m4259, -C gpu, qos regular)", "perlmutter",
         ["one-process-four-gpus", "no-task-count", "exclusive-node", "no-env-setup", "double-space-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="SOMAforward.py", args=[],
         source_only=["--constraint=gpu", "--qos=regular"], accounts=["m4259"],
         refuse_words=["--gpus=4", "exclusive", "one process"],
         assumptions=["Perlmutter: -A m4259, 1 node, --exclusive, 12 h, qos regular, -C gpu, --gpus=4, no task "
                      "count, no module or env: only `python3 SOMAforward.py`. Right: one process that sees the 4 "
                      "GPUs of one node (not 4 ranks, not 1 GPU), with the missing environment named."]),
    case(fam("perlmutter-atlas-g-shifter-image-module-gpu-nccl-n32-tasks4-gpus-per-task-srun-mpi-pmi2-shifter-python-tf-echo-first", "slurm"),
         "alig146/OmniLearn", "scripts/job.sh",
         "NERSC Perlmutter (account atlas_g, -C gpu, qos regular, Shifter image)", "perlmutter",
         ["shifter-image-directive", "sbatch-module-directive", "srun-mpi-pmi2", "total-tasks-no-nodes",
          "echo-of-launch-line", "tensorflow-horovod-style", "sh-shebang", "gpu-bind-none"],
         launch_model="per_rank", launcher="srun", total_ranks=32, nodes=8, gpus_per_node=4, framework="tensorflow",
         program="train.py",
         args=["--dataset", "tau", "--folder", "tau", "--lr", "3e-5", "--layer_scale", "--local", "--mode", "classifier",
               "--warm_epoch", "3", "--epoch", "30", "--stop_epoch", "3", "--batch", "256"],
         setup=[S("export TF_CPP_MIN_LOG_LEVEL=2")],
         source_only=["#SBATCH --image=vmikuni/tensorflow:ngc-23.12-tf2-v1", "#SBATCH --module=gpu,nccl-2.18",
                      "#SBATCH -C gpu", "--gpu-bind=none"],
         accounts=["atlas_g"],
         refuse_words=["shifter", "vmikuni/tensorflow", "--mpi=pmi2", "echo srun"],
         assumptions=["#!/bin/sh, Perlmutter: -C gpu, qos regular, -n 32 with 4 tasks a node (8 nodes implied, no "
                      "-N), --gpus-per-task 1, --gpu-bind=none, 4 h, -A atlas_g, Shifter image "
                      "vmikuni/tensorflow:ngc-23.12-tf2-v1 and --module=gpu,nccl-2.18: TF_CPP_MIN_LOG_LEVEL, an "
                      "`echo srun ...` of the launch line, then `srun --mpi=pmi2 shifter python train.py --dataset "
                      "tau ... --batch 256` (TensorFlow, one rank a GPU). Right: 32 ranks, 4 a node on 8 nodes, in "
                      "the same image under the target's container runtime (or asked), the echo line left an echo "
                      "(not a second launch), the Shifter module directive replaced with a note."]),
    case(fam("perlmutter-m1727-g-array-0-9-module-tensorflow-2-6-cd-pscratch-python-abs-global-homes-array-index-arg", "slurm"),
         "LSSTDESC/DifferentiableHOS", "scripts/job.sh",
         "NERSC Perlmutter (account m1727_g, -C gpu, qos regular)", "perlmutter",
         ["job-array-index-in-arg", "site-tensorflow-module", "abs-program-path-home", "cd-pscratch",
          "gpus-per-task-no-srun", "trailing-commented-flags"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="tensorflow",
         program="/global/homes/d/dlan/DifferentiableHOS/scripts/compute_statistics.py",
         args=["--filename=res_maps_0_$SLURM_ARRAY_TASK_ID", "--Power_Spectrum=True", "--Aia=0."],
         setup=[S("cd /pscratch/sd/d/dlan/result_paper_IA_0/jac_ps_multiscale/")],
         source_only=["module load tensorflow/2.6.0", "--constraint=gpu", "--qos=regular", "#SBATCH --array=0-9"],
         accounts=["m1727_g"],
         refuse_words=["array", "/pscratch", "/global/homes", "tensorflow/2.6.0", "SLURM_ARRAY_TASK_ID"],
         assumptions=["Perlmutter: -A m1727_g, qos regular, -C gpu, --array=0-9, 6 h, 1 task a node with "
                      "--gpus-per-task=1: the NERSC tensorflow/2.6.0 module, cd to a /pscratch result directory, "
                      "then `python /global/homes/.../compute_statistics.py --filename=res_maps_0_$SLURM_ARRAY_TASK_ID "
                      "--Power_Spectrum=True --Aia=0.` (no srun), commented flags after. Right: an array of 10, each "
                      "1 process on 1 GPU, the array index mapped to the target's variable inside the argument, "
                      "the TF module replaced, the /pscratch and /global/homes paths named."]),
    case(fam("perlmutter-m4431-2x4-module-python-pscratch-venv-cd-srun-u-python-no-rendezvous-vars", "slurm"),
         "Troylyw/Gemma-12B-GoEmotions-Finetune", "run_job.slurm",
         "NERSC Perlmutter (account m4431, -C gpu, qos regular)", "perlmutter",
         ["srun-one-rank-per-gpu", "multi-node", "pscratch-venv", "no-master-addr", "duplicate-export"],
         launch_model="per_rank", launcher="srun", total_ranks=8, nodes=2, gpus_per_node=4,
         program="fine-tune-goem.py", args=[],
         setup=[S("source /pscratch/sd/t/troylyw/nanogpt-env/bin/activate"), S("cd /pscratch/sd/t/troylyw/gemma"),
                S("export OMP_NUM_THREADS=8"), S("export PYTHONFAULTHANDLER=1"), S("export TORCHAO_CPP_EXT_SKIP=1")],
         source_only=["module load python", "#SBATCH -C gpu", "#SBATCH -q regular"], accounts=["m4431"],
         refuse_words=["/pscratch", "nanogpt-env", "MASTER_ADDR", "module load python"],
         assumptions=["Perlmutter: 2 nodes, 4 tasks and 4 GPUs a node, 32 CPUs a task, 4 h, -A m4431: module python, "
                      "a venv and cd on /pscratch, OMP/faulthandler/torchao variables (one exported twice), then "
                      "`srun -u python fine-tune-goem.py` (8 ranks; no MASTER_ADDR/PORT set in the script). Right: "
                      "8 ranks, 4 a node on 2 nodes, the /pscratch venv and cd named, the rendezvous the program "
                      "expects named or provided."]),
    case(fam("ntnu-idun-a100m40-2x2-tasks-submit-dir-echoes-anaconda-module-one-python-yolov5-device-0-1-on-two-nodes", "slurm"),
         "henrfj/TDT17-Project", "multi_gpu.slurm",
         "NTNU Idun (partition GPUQ, account ie-idi, A100 40 GB)", "ntnu-idun",
         ["one-process-two-gpus", "multi-node-request-single-process", "device-list-arg", "slurm-var-echoes",
          "anaconda-base-no-env", "sh-shebang", "trailing-uname"],
         launch_model="single", launcher="none", total_ranks=1, nodes=2, gpus_per_node=2, gpus_per_rank=2,
         program="yolov5/train.py",
         args=["--img", "800", "--cfg", "yolov5s.yaml", "--hyp", "hyp.scratch-med.yaml", "--batch", "32", "--epochs", "50",
               "--data", "crddc2022.yaml", "--weights", "yolov5s.pt", "--workers", "24", "--name", "multi_gpu_50_2",
               "--device", "0,1"],
         setup=[S("WORKDIR=${SLURM_SUBMIT_DIR}"), S("cd ${WORKDIR}")],
         source_only=["--partition=GPUQ", "--gres=gpu:A100m40:2", "module load Anaconda/2020.07"], accounts=["ie-idi"],
         refuse_words=["--device 0,1", "--nodes=2", "60:00:00", "Anaconda/2020.07", "second node"],
         assumptions=["#!/bin/sh, Idun: -p GPUQ, -A ie-idi, 60 h, 2 nodes x 2 tasks, 64000 MB, --gres=gpu:A100m40:2: "
                      "cd to the submit dir, eight echoes of Slurm variables, module purge + Anaconda/2020.07 (no "
                      "env activated), then one plain `python yolov5/train.py ... --device 0,1` (runs once, on the "
                      "first node, 2 GPUs), then uname. Right: 1 process with 2 GPUs on one node (the second node "
                      "and the 4 tasks are unused: named), --device 0,1 kept consistent, the walltime cut with a "
                      "note, the Anaconda module replaced."]),
    case(fam("nhr-fau-tinygpu-rtx3080-export-none-proxy-bashrc-source-activate-tmpdir-staging-untar-hydra-python", "slurm"),
         "Dudnik-Ilia/Encodec", "HPC_task.sh",
         "NHR@FAU TinyGPU (partition rtx3080, http proxy, $WORK and node-local $TMPDIR)", "nhr-fau",
         ["export-none-unset-slurm-export-env", "http-proxy", "node-local-staging", "cuda-check-exit", "hydra-run-dir",
          "program-named-multi-gpu-one-gpu", "bash-login-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_multi_gpu.py",
         args=["--config-name=config_HPC", "hydra.run.dir=${WORK}/hydra_outputs/${SLURM_JOBID}/${ENCODEC_SET}_${DATASET}"],
         setup=[S("source ~/.bashrc"), S("export http_proxy=http://proxy:80"), S("source activate encodec_copy"),
                S("mkdir $TMPDIR/$SLURM_JOBID"), S("cp $WORK/$TRAIN_FILE ."),
                S("source $HOME/Encodec/datasets/generate_csv.sh"), S("cd $HOME/Encodec")],
         source_only=["--partition=rtx3080", "--export=NONE", "unset SLURM_EXPORT_ENV"],
         refuse_words=["proxy", "$WORK", "$TMPDIR", "rtx3080", "train_multi_gpu.py"],
         assumptions=["bash -l, TinyGPU: 1 task, --gres=gpu:1, -p rtx3080, 12 h, --export=NONE then unset "
                      "SLURM_EXPORT_ENV: .bashrc, the FAU http(s) proxy, `source activate encodec_copy`, a CUDA check "
                      "that exits, copy and untar LibriSpeech from $WORK to $TMPDIR/$SLURM_JOBID, a csv generator, "
                      "cd $HOME/Encodec, then `python train_multi_gpu.py --config-name=config_HPC "
                      "hydra.run.dir=${WORK}/hydra_outputs/${SLURM_JOBID}/...` (one process, one GPU despite the "
                      "name). Right: 1 process on 1 GPU, the staging steps kept with $WORK/$TMPDIR mapped or named, "
                      "the proxy dropped with a note, the job id variable mapped inside the hydra path."]),
    case(fam("mila-short-unkillable-gres-80gb-4-signal-usr1-venv-hf-home-accelerate-multi-gpu-num-processes-4-resume-auto", "slurm"),
         "ddidacus/moe-flavors", "scripts/run_deepseek_moe.sh",
         "Mila cluster (partition short-unkillable, --gres=gpu:80gb:4)", "mila",
         ["accelerate-launch-flags", "signal-before-timeout", "relative-venv", "abs-home-cache", "resume-auto",
          "job-id-in-cache-path"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, gpus_per_node=4,
         program="scripts/train_moe.py",
         args=["--moe-type", "deepseek", "--model", "Qwen/Qwen3-0.6B", "--num-experts", "64", "--num-shared-experts", "4",
               "--top-k", "8", "--expert-dim", "32", "--aux-loss-coeff", "0.01", "--seq-len", "8192", "--batch-size", "1",
               "--gradient-accumulation-steps", "16", "--dataset", "ddidacus/nemotron-moe-exam", "--num-epochs", "1",
               "--lr", "4e-5", "--weight-decay", "0.1", "--warmup-ratio", "0.05", "--lr-scheduler", "cosine",
               "--log-every", "1", "--eval-every", "50", "--seed", "42", "--wandb-project", "moe-chunking-poc",
               "--wandb-run-name", "deepseek-moe-qwen0.6b-64e-k8", "--save-dir", '"$SAVE_DIR"', "--save-every", "100",
               "--resume-from", "auto"],
         keep_text=["--resume-from auto"],
         setup=[S("source .venv/bin/activate"), S("export HF_HOME=/home/mila/d/diego.calanzone/scratch/cache"),
                S("export UV_CACHE_DIR=/home/mila/d/diego.calanzone/scratch/cache"),
                S("export TRITON_CACHE_DIR=/tmp/triton_cache_${SLURM_JOB_ID}"), S('SAVE_DIR="checkpoints/deepseek_moe_64e_k8"')],
         source_only=["--partition=short-unkillable", "--gres=gpu:80gb:4", "--signal=B:USR1@120"],
         refuse_words=["short-unkillable", "/home/mila", "USR1", "80gb", "TRITON_CACHE_DIR"],
         assumptions=["Mila: -p short-unkillable, --gres=gpu:80gb:4, 16 CPUs, 64G, 3 h, --signal=B:USR1@120: a "
                      "relative .venv, HF/uv caches under /home/mila/.../scratch, a Triton cache named by the job "
                      "id, SAVE_DIR, then `accelerate launch --multi_gpu --num_processes=4 scripts/train_moe.py "
                      "--moe-type deepseek ... --resume-from auto`. Right: accelerate with 4 processes on one node "
                      "with every program argument kept, the job id mapped in TRITON_CACHE_DIR, the USR1 signal "
                      "(nothing traps it) and the /home/mila caches named."]),
    case(fam("sjtu-a100-partition-n1-cpus32-gres2-source-activate-ulimit-pythonpath-pwd-torch-distributed-launch-nproc2-abs-dssg-data", "slurm"),
         "liwenxi/GigaTransformer", "jobscript.slurm",
         "SJTU HPC (partition a100, /dssg/home)", "sjtu-pi",
         ["torch-distributed-launch-legacy", "master-port-flag", "ulimit-in-job", "pythonpath-from-pwd", "abs-data-path"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="main.py",
         args=["--cfg", "configs/giga_patch16_stride6_window8_768.yaml", "--data-path",
               "/dssg/home/acct-eexdl/eexdl/liwenxi/Camelyon16-Zip/", "--batch-size", "256"],
         setup=[S("source activate swin"), S("ulimit -SHn 51200"), S("export PYTHONPATH=$(pwd)")],
         source_only=["-p a100"],
         refuse_words=["torch.distributed.launch", "/dssg/home", "a100", "ulimit"],
         assumptions=["-p a100, 1 node, 1 task, 32 CPUs, --gres=gpu:2: `source activate swin`, `ulimit -SHn 51200`, "
                      "PYTHONPATH=$(pwd), then `python -m torch.distributed.launch --nproc_per_node 2 --master_port "
                      "12121 main.py --cfg ... --data-path /dssg/home/... --batch-size 256`. Right: one launcher with "
                      "2 workers on one node (torch.distributed.launch kept or turned into torchrun with "
                      "--use_env/LOCAL_RANK named), the arguments kept, the /dssg data path named."]),
    case(fam("company-gpu2-partition-cpus-per-gpu-mem-per-gpu-144g-conda-hook-cd-homefs-srun-python-dollar-at-no-walltime", "slurm"),
         "amyxlu/plaid-dev-distributed", "slurm/train_vqvae.slrm",
         "a company Slurm cluster (partition gpu2, /homefs)", "slurm-gpu2",
         ["program-args-from-sbatch", "no-walltime", "conda-shell-hook", "abs-homefs-cd", "no-final-newline",
          "space-separated-directives"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="train_vqvae.py", args=["$@"],
         setup=[S("conda activate plaid"), S("export HYDRA_FULL_ERROR=1"), S("export TOKENIZERS_PARALLELISM=false"),
                S("cd /homefs/home/lux70/code/plaid/")],
         source_only=["--partition gpu2"],
         refuse_words=["$@", "/homefs", "walltime", "gpu2"],
         assumptions=["1 node, --gpus-per-node 1, -p gpu2, 8 CPUs and 144G a GPU, no walltime: the conda shell hook, "
                      "`conda activate plaid`, echoes of Slurm variables, HYDRA/tokenizer variables, cd to "
                      "/homefs/..., then `srun python train_vqvae.py $@` (no final newline). Right: 1 process on 1 "
                      "GPU with $@ kept (the hydra overrides come at submit time), a walltime added with a note, "
                      "the /homefs cd named."]),
    case(fam("aurora-datascience-collab-flare-select1-frameworks-set-u-toggle-pbs-nodefile-mpiexec-12-ppn-depth-python-m-benchmark-platform-arg", "pbs"),
         "avasyuuu/ALCFBenchmark", "scripts/submit_aurora.sh",
         "ALCF Aurora (account datascience_collab, queue debug, filesystems flare:home)", "aurora",
         ["mpiexec-one-rank-per-tile", "ranks-from-pbs-nodefile", "set-u-toggle-around-module", "platform-arg-names-site",
          "tmpdir-override", "ipex-import-check", "oneccl-env", "k-doe-log-dir"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=12, gpus_per_node=12, device="intel",
         program="benchmark.train", module=True,
         args=["--platform", "aurora", "--model", "resnet20", "--scaling", "strong", "--global-batch-size", "1536",
               "--epochs", "100", "--precision", "bf16", "--target-accuracy", "0.90", "--warmup-steps", "20",
               "--power-interval", "0.1", "--data-dir", "./data", "--results-dir", "./results", "--note",
               '"aurora ${NNODES}-node bf16 strong-scaling 100ep"'],
         setup=[S('cd "${PBS_O_WORKDIR}"'), S('export MASTER_ADDR=$(head -n 1 "${PBS_NODEFILE}")'),
                S("export MASTER_PORT=29500"), S('export WORLD_SIZE="${NTOTRANKS}"'), S("export OMP_NUM_THREADS=8"),
                S("export TMPDIR=/tmp")],
         source_only=["module load frameworks", "#PBS -l filesystems=flare:home", "export CCL_WORKER_COUNT=1",
                      "export FI_CXI_DEFAULT_CQ_SIZE=131072"],
         accounts=["datascience_collab"],
         refuse_words=["--platform aurora", "intel_extension_for_pytorch", "ZE_FLAT_DEVICE_HIERARCHY", "RANKS_PER_NODE=12",
                       "bf16"],
         assumptions=["Aurora PBS: -A datascience_collab, select=1, 30 min, filesystems=flare:home, scatter, queue "
                      "debug, -k doe with -o/-e logs/: set -euo pipefail, cd $PBS_O_WORKDIR with a benchmark/ check, "
                      "set +u around `module load frameworks`, NNODES from $PBS_NODEFILE, RANKS_PER_NODE=12 (one a "
                      "tile), MASTER_ADDR/PORT, WORLD_SIZE, oneCCL and CXI variables, OMP 8, TMPDIR=/tmp, an IPEX "
                      "import check, then `mpiexec -n $NTOTRANKS -ppn 12 --depth=8 --cpu-bind=depth python -m "
                      "benchmark.train --platform aurora ... --note \"aurora ${NNODES}-node ...\"`. Right: one rank "
                      "a GPU on the target (4 a node on NVIDIA, not 12), ranks from the target's node list, the "
                      "XPU-only variables and IPEX check dropped or named, and `--platform aurora` (and the note) "
                      "named as the program's own site argument to change; never kept silently."]),
    case(fam("polaris-datascience-collab-eagle-select1-system-polaris-conda-base-set-u-toggle-mpiexec-4-ppn-depth-python-m-benchmark-pynvml-check", "pbs"),
         "avasyuuu/ALCFBenchmark", "scripts/submit_polaris.sh",
         "ALCF Polaris (account datascience_collab, queue debug, filesystems home:eagle)", "polaris",
         ["mpiexec-one-rank-per-gpu", "ranks-from-pbs-nodefile", "set-u-toggle-around-module", "platform-arg-names-site",
          "pynvml-check-or-warn", "cuda-device-order", "k-doe-log-dir"],
         launch_model="per_rank", launcher="mpiexec", total_ranks=4, gpus_per_node=4,
         program="benchmark.train", module=True,
         args=["--platform", "polaris", "--model", "resnet20", "--scaling", "strong", "--global-batch-size", "1536",
               "--epochs", "100", "--precision", "bf16", "--target-accuracy", "0.90", "--warmup-steps", "20",
               "--power-interval", "0.1", "--data-dir", "./data", "--results-dir", "./results", "--note",
               '"polaris ${NNODES}-node bf16 strong-scaling 100ep"'],
         setup=[S('cd "${PBS_O_WORKDIR}"'), S('export MASTER_ADDR=$(head -n 1 "${PBS_NODEFILE}")'),
                S("export MASTER_PORT=29500"), S('export WORLD_SIZE="${NTOTRANKS}"'), S("export OMP_NUM_THREADS=8"),
                S("export TMPDIR=/tmp"), S("export CUDA_DEVICE_ORDER=PCI_BUS_ID")],
         source_only=["module use /soft/modulefiles", "module load conda", "conda activate base",
                      "#PBS -l filesystems=home:eagle", "#PBS -l select=1:system=polaris"],
         accounts=["datascience_collab"],
         refuse_words=["--platform polaris", "pynvml", "system=polaris", "eagle"],
         assumptions=["Polaris PBS: -A datascience_collab, select=1:system=polaris, 30 min, filesystems=home:eagle, "
                      "scatter, queue debug, -k doe with -o/-e logs/: set -euo pipefail, cd $PBS_O_WORKDIR with a "
                      "check, set +u around the conda module and `conda activate base`, NNODES from $PBS_NODEFILE, "
                      "RANKS_PER_NODE=4, MASTER_ADDR/PORT, WORLD_SIZE, OMP 8, TMPDIR=/tmp, CUDA_DEVICE_ORDER, a torch "
                      "check and a pynvml check (warns only), then `mpiexec -n $NTOTRANKS --ppn 4 --depth=8 "
                      "--cpu-bind depth python -m benchmark.train --platform polaris ...`. Right: one rank a GPU "
                      "on the target (12 a node on Aurora with the XPU stack), node list and submit dir mapped, "
                      "and `--platform polaris` named as the program's site argument to change."]),
    case(fam("perlmutter-m4439-g-hbm80g-requeue-signal-module-gpu-nccl-conda-pscratch-sed-templates-nested-loop-srun-acorn-infer-redirect", "slurm"),
         "alinutzal/Acorn_Extras", "scripts/submit_pipe_80g.sh",
         "NERSC Perlmutter (account m4439_g, -C gpu&hbm80g, qos regular)", "perlmutter",
         ["nested-loop-of-launches", "sed-generated-config", "cli-entry-point-program", "per-run-redirect",
          "log-subdir-not-created", "requeue-signal", "sbatch-module-directive", "conda-prefix-env"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="acorn", args=["infer", '"$tmp_yaml"'],
         keep_text=['sed -e "s/{{DATASET}}/$ds/g" "$gnn_template" > "$gnn_tmp_yaml"', 'for ds in "${data_set[@]}"'],
         setup=[S("conda activate /pscratch/sd/a/alazar/conda/acorn"), S("mkdir -p logs"),
                S('export SLURM_CPU_BIND="cores"'), S("export CUDA_LAUNCH_BLOCKING=1"), S("export NCCL_NET_GDR_LEVEL=PHB")],
         source_only=["#SBATCH -C gpu&hbm80g", "#SBATCH --module=gpu,nccl-2.18", "module load python",
                      "export FI_MR_CACHE_MONITOR=userfaultfd"],
         accounts=["m4439_g"],
         refuse_words=["hbm80g", "/global/homes", "/pscratch", "logs/${gpu}", "requeue"],
         assumptions=["Perlmutter: -A m4439_g, -C gpu&hbm80g, 1 node, qos regular, 32 CPUs, --gpu-bind=none, "
                      "--requeue, --signal=SIGUSR1@90, 5 h, 1 GPU and 1 task a node, --module=gpu,nccl-2.18: CPU bind, "
                      "CUDA_LAUNCH_BLOCKING, libfabric/NCCL variables, module python, a conda env by prefix on "
                      "/pscratch, mkdir logs, templates under /global/homes, then 2 x 4 loops that write two YAMLs "
                      "with sed and run `srun -u acorn infer \"$tmp_yaml\" > logs/${gpu}/${ds}_ignn2/...log 2>&1` "
                      "(that subdirectory is never created). Right: each of the 8 runs launched 1 process on 1 "
                      "GPU inside the loops, the sed steps and redirect kept, the 80 GB GPU constraint mapped or "
                      "asked, the /global/homes templates and the missing log subdirectory named."]),
    case(fam("osc-pls0144-gpus-per-node1-miniconda3-cuda-module-source-activate-srun-gpu-cmode-exclusive-env-word-after-srun", "slurm"),
         "alinutzal/fairTestbed", "scripts/submit.sh",
         "Ohio Supercomputer Center (account pls0144, --gpu_cmode srun option)", "osc",
         ["srun-site-option", "env-assignment-after-srun", "lightning-program", "sh-shebang", "commented-constraint"],
         launch_model="per_rank", launcher="srun", total_ranks=1, gpus_per_node=1,
         program="3_mnist_pl.py", args=[],
         setup=[S("source activate torch")],
         source_only=["module load miniconda3", "module load cuda/11.8.0", "--gpu_cmode=exclusive"],
         accounts=["pls0144"],
         refuse_words=["NCCL_P2P_LEVEL=NVL", "gpu_cmode", "pls0144", "miniconda3"],
         assumptions=["#!/bin/sh, OSC: -A pls0144, --gpus-per-node=1, 1 task, 20 CPUs, 5 h, mail: miniconda3 and "
                      "cuda/11.8.0 modules, `source activate torch`, then `srun --gpu_cmode=exclusive "
                      "NCCL_P2P_LEVEL=NVL python 3_mnist_pl.py` (srun would try to run `NCCL_P2P_LEVEL=NVL` as the "
                      "program: an environment word after srun's options is not an assignment). Right: 1 process on "
                      "1 GPU, the OSC-only --gpu_cmode dropped with a note, the variable set as an export (or the "
                      "mistake named), never a program named NCCL_P2P_LEVEL=NVL."]),
    case(fam("gpu2v100-partition-gres2-one-task-cudatoolkit-anaconda-modules-conda-create-pip-install-tmpdir-env-two-python-stages", "slurm"),
         "Otter2022/HPMLProject", "job_script.sh",
         "a university Slurm cluster (partition gpu2v100)", "slurm-gpu2v100",
         ["two-programs-in-one-job", "one-process-two-gpus", "conda-create-in-job", "pip-install-in-job",
          "slurm-tmpdir-default", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="pipeline.py", args=[],
         other_runs=[R("pipeline_plus_mixedpercision.py", [])],
         setup=[S('ENV_DIR="${SLURM_TMPDIR:-$HOME/tmp}/$ENV_NAME"'), S("conda create -p $ENV_DIR -y python=3.12"),
                S("source activate $ENV_DIR"), S("pip install torch torchvision fairscale scipy")],
         source_only=["--partition=gpu2v100", "module load cudatoolkit/12.5.0_555.42.02", "module load anaconda3/2024.10-1"],
         refuse_words=["pip install", "conda create", "gpu2v100", "SLURM_TMPDIR"],
         assumptions=["1 node, 1 task, --gres=gpu:2, 6 h, -p gpu2v100: echoes, cudatoolkit and anaconda3 modules, a "
                      "conda env created under ${SLURM_TMPDIR:-$HOME/tmp} (or reused and upgraded) with pip installs "
                      "of torch/fairscale, then two programs in turn: `python pipeline.py` and `python "
                      "pipeline_plus_mixedpercision.py` (fairscale pipeline: one process over 2 GPUs; no final "
                      "newline). Right: both programs kept, in order, each 1 process seeing 2 GPUs, the env "
                      "creation and installs kept with the network risk named, SLURM_TMPDIR mapped or named."]),
    case(fam("alliance-cedar-v100l-2-gpus-per-node-one-task-abs-venv-cd-projects-python3-train-abs-paths-output-under-home", "slurm"),
         "HosseinEbrahimiK/ChessGPT2", "scripts/train.sh",
         "Digital Research Alliance of Canada (Cedar, --gpus-per-node=v100l:2, def-ibirol project paths)", "alliance-cedar",
         ["one-process-two-gpus", "typed-gpus-per-node", "abs-venv", "abs-output-log", "abs-data-paths", "d-hh-mm-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="train.py",
         args=["--out", "/home/hebz/projects/def-ibirol/hebz/ChessGPT2/chkpnts", "--train",
               "/home/hebz/scratch/chessGPT/100000_games/train.txt", "--eval", "/home/hebz/scratch/chessGPT/100000_games/val.txt",
               "--block_size", "1024", "--batch_size", "8", "--epochs", "50"],
         setup=[S("source /home/hebz/envs/GPT2/bin/activate"), S("cd /home/hebz/projects/def-ibirol/hebz/ChessGPT2/src/")],
         source_only=["--gpus-per-node=v100l:2"],
         refuse_words=["v100l", "/home/hebz", "def-ibirol", "two GPUs"],
         assumptions=["Cedar: 1 node, 1 task, 8 CPUs, 10000M a CPU, --gpus-per-node=v100l:2, 25 h (0-25:00), output "
                      "to an absolute /home/hebz/projects log: an absolute venv, cd to the src directory, then "
                      "`python3 train.py --out ... --train ... --eval ... --block_size 1024 --batch_size 8 --epochs "
                      "50` (one process; 2 GPUs requested). Right: 1 process with 2 GPUs (or the unused second GPU "
                      "named), the arguments kept, the typed v100l request mapped, the /home/hebz paths named."]),
    case(fam("jean-zay-gpu-p2-qos-t3-hint-nomultithread-cpus1-anaconda-py3-conda-set-x-pl-backend-env-lightning-trainer-gpus4-ddp", "slurm"),
         "welgazil/DeDTW", "multi_gpu.slurm",
         "IDRIS Jean Zay (partition gpu_p2, qos qos_gpu-t3, French comments)", "jean-zay",
         ["lightning-spawns-ranks", "trainer-gpus-arg", "one-task-four-gpus", "one-cpu-for-four-gpus",
          "env-prefix-on-python", "hint-nomultithread", "double-hash-comments"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4,
         program="train.py", args=["trainer.gpus=4", "trainer.accelerator=ddp"],
         keep_text=["PL_TORCH_DISTRIBUTED_BACKEND=nccl"],
         setup=[S("conda activate dp"), S("set -x")],
         source_only=["--partition=gpu_p2", "--qos=qos_gpu-t3", "module load anaconda-py3/2020.11", "--hint=nomultithread"],
         refuse_words=["trainer.gpus=4", "gpu_p2", "qos_gpu-t3", "cpus-per-task=1"],
         assumptions=["Jean Zay: -p gpu_p2, 1 node, 1 task, --gres=gpu:4, 1 CPU a task, qos_gpu-t3, nomultithread, "
                      "20 h: module purge, anaconda-py3/2020.11, `conda activate dp`, set -x, then "
                      "`PL_TORCH_DISTRIBUTED_BACKEND=nccl python train.py trainer.gpus=4 trainer.accelerator=ddp` "
                      "(Lightning starts the 4 DDP processes itself). Right: one task with 4 GPUs on one node and "
                      "trainer.gpus kept equal to the target's GPUs a node (or named), the env prefix kept, the "
                      "1-CPU request named, Jean Zay's partition/qos/hint replaced."]),
    case(fam("gpu-v100-partition-gres2-comment-says-one-no-tasks-module-python-cuda-home-venv-one-python-eeg-unet", "slurm"),
         "reyanshBadhwar26/EEGPainDiffusionModel", "run_job.slurm",
         "a university Slurm cluster (partition gpu-v100, nodes fg*)", "slurm-gpu-v100",
         ["comment-directive-mismatch", "one-process-two-gpus", "home-venv", "site-modules"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=2, gpus_per_rank=2,
         program="eeg_model/eeg_UNET_deep_minimal.py", args=[],
         setup=[S("source ~/myenv/bin/activate")],
         source_only=["--partition=gpu-v100", "module load python/3.10 cuda/12.1.1"],
         refuse_words=["gpu-v100", "Request 1 GPU", "gres=gpu:2", "myenv"],
         assumptions=["-p gpu-v100, 1 node, --gres=gpu:2 (its comment says 1 GPU), 4 CPUs, 128G, 7 h: python/3.10 and "
                      "cuda/12.1.1 modules, ~/myenv, then `python eeg_model/eeg_UNET_deep_minimal.py`. Right: 1 process "
                      "with the GPUs asked (2, or the comment/directive mismatch named), the modules replaced, the "
                      "home venv named."]),
    case(fam("nyu-greene-course-account-c12m85-a100-1-requeue-singularity-overlay-rw-bash-c-cd-four-python-stages", "slurm"),
         "HuiyiNoeliaYang/moved-object-detection-detr", "run_job.slurm",
         "NYU HPC (course account ds_ga_1011_001-2025fa, partition c12m85-a100-1, Singularity overlays on /scratch)", "nyu-greene",
         ["four-programs-in-bash-c", "singularity-overlay-rw", "conda-inside-container", "cd-inside-container",
          "requeue", "append-open-mode", "blank-lines-between-directives"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train_detr_moved_objects.py",
         args=["--metadata-csv", "cv_data_hw2/metadata/pairs.csv", "--regime", "full", "--epochs", "30", "--batch-size", "8",
               "--learning-rate", "1e-5", "--weight-decay", "1e-4", "--train-only-moved", "--target-long-side", "800",
               "--run-name", "fullrun2"],
         other_runs=[R("train_detr_moved_objects.py", ["--regime", "backbone", "--run-name", "backbone_finetune"]),
                     R("train_detr_moved_objects.py", ["--learning-rate", "1e-4", "--run-name", "head_finetune"]),
                     R("train_detr_moved_objects.py", ["--learning-rate", "5e-5", "--run-name", "transformer_finetune"])],
         keep_text=["conda activate nlp_env"],
         setup=[S("cd /scratch/hy2902/CVHw3/moved-object-detection-detr")],
         source_only=["--partition=c12m85-a100-1"], accounts=["ds_ga_1011_001-2025fa"],
         refuse_words=["overlay", "/scratch/hy2902", ":rw", "requeue", "singularity"],
         assumptions=["NYU: -A ds_ga_1011_001-2025fa, -p c12m85-a100-1, open-mode append, --export=ALL, 1 h, "
                      "--gres=gpu:1, --requeue: one `singularity exec --bind /scratch --nv --overlay "
                      "/scratch/hy2902/overlay-25GB-500K.ext3:rw /scratch/hy2902/ubuntu-20.04.3.sif /bin/bash -c "
                      "\"...\"` whose body sources conda, activates nlp_env, cd's to the project and runs "
                      "train_detr_moved_objects.py four times (full, backbone, head, transformer fine-tunes). Right: "
                      "all four runs kept in order inside one container step, 1 process on 1 GPU each, the "
                      "read-write overlay and /scratch image paths named (a target may not have Singularity), the "
                      "requeue kept or named; 1 h for four 30-epoch runs may be short (not the port's business)."]),
    case(fam("alliance-narval-as-partition-def-account-a100-1-ntasks8-mail-placeholder-export-dcgm-branch-var-python-no-env", "slurm"),
         "Sophie-X31/FedGPT-flwr", "job_script.sh",
         "Digital Research Alliance of Canada (Narval; `--partition=Narval` written as a partition, def-qizhen)", "alliance-narval",
         ["cluster-name-as-partition", "program-name-from-variable", "ntasks-8-one-process", "export-list-directive",
          "no-env-activation", "mail-placeholder", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="${branch}.py",
         args=["--global_model", "chavinlo/alpaca-native", "--data_path", "./data", "--output_dir", "./lora-shepherd-7b/",
               "--num_communication_rounds", "10", "--num_clients", "10", "--train_on_inputs", "--group_by_length"],
         setup=[S("branch=main")],
         source_only=["--partition=Narval", "--gres=gpu:A100:1", "--export=ALL,DISABLE_DCGM=1"], accounts=["def-qizhen"],
         refuse_words=["Narval", "DISABLE_DCGM", "ntasks-per-node=8", "environment"],
         assumptions=["Narval: -A def-qizhen, `--partition=Narval` (the cluster's name, not a partition), "
                      "--gres=gpu:A100:1, 40G, 1 node, 8 tasks a node, 15 h, mail to an address in angle brackets, "
                      "--export=ALL,DISABLE_DCGM=1: `branch=main`, then `python ${branch}.py --global_model "
                      "'chavinlo/alpaca-native' ... --group_by_length` (no env activated; no final newline). Right: "
                      "1 process on 1 GPU with the ${branch} program name kept (not resolved or invented), the 8 "
                      "tasks not turned into 8 processes, DISABLE_DCGM and the missing env named."]),
    case(fam("kit-horeka-accelerated-gres4-bashrc-conda-master-port-from-jobid-slurm-job-gpus-count-batch-split-untar-tmpdir-if-accelerate-else-python", "slurm"),
         "intuitive-robots/lerobot-irl-models", "train.sh",
         "KIT HoreKa (partition accelerated, /hkfs workspaces, node-local $TMPDIR)", "kit-horeka",
         ["gpu-count-from-slurm-job-gpus", "if-multi-gpu-accelerate-else-python", "master-port-from-job-id",
          "batch-size-split-by-gpus", "untar-to-tmpdir", "hydra-overrides", "bashrc-conda"],
         launch_model="launcher", launcher="accelerate", total_ranks=4, gpus_per_node=4,
         program="src/train_flower.py", args=["dataset_path=$TMPDIR/$DATASET_ID", "train.batch_size=$BATCH_PER_GPU"],
         keep_text=["BATCH_PER_GPU=$(($GLOBAL_BATCH_SIZE / $NUM_GPUS))", 'if [ "$NUM_GPUS" -gt 1 ]; then'],
         setup=[S("source ~/.bashrc"), S("conda activate lerobot-irl-models"),
                S("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"), S("export HYDRA_FULL_ERROR=1"),
                S('tar -xf "$PATH_TO_COMPRESSED_DATA" -C "$TMPDIR"')],
         source_only=["#SBATCH -p accelerated"],
         refuse_words=["SLURM_JOB_GPUS", "/hkfs", "$TMPDIR", "accelerated", "SLURM_JOBID"],
         assumptions=["HoreKa: -p accelerated, 64G, --gres=gpu:4, 7.5 h, logs under logs/train_multi_gpu: .bashrc + "
                      "conda, allocator/tokenizer/hydra variables, MASTER_PORT from the last digits of $SLURM_JOBID, "
                      "NUM_GPUS counted from $SLURM_JOB_GPUS, a global batch of 64 split by NUM_GPUS, a dataset tar "
                      "from /hkfs/work/workspace extracted to $TMPDIR (exit if unset), then `accelerate launch "
                      "--multi_gpu --num_processes=$NUM_GPUS --main_process_port $MASTER_PORT src/train_flower.py "
                      "dataset_path=... train.batch_size=...` if NUM_GPUS > 1, else plain python. Right: both branches "
                      "kept, SLURM_JOB_GPUS and SLURM_JOBID mapped to the target's (a wrong count silently picks the "
                      "python branch with the whole batch), $TMPDIR and /hkfs named, 4 processes on one node."]),
    case(fam("nus-soc-gres-h100-47-2-time-600-conda-mt-env-nvidia-smi-query-gpu-count-from-python-heredoc-torchrun-multi-gpu-flag", "slurm"),
         "sang1583535/cs4248-project-mt", "train_multi_gpu.sh",
         "NUS School of Computing cluster (--gres=gpu:h100-47:2, MIG-style slices)", "nus-soc",
         ["gpu-count-from-python-heredoc", "torchrun-nproc-variable", "typed-mig-gres", "minutes-walltime",
          "multi-gpu-program-flag", "conda-env-variable"],
         launch_model="launcher", launcher="torchrun", total_ranks=2, gpus_per_node=2,
         program="train_mt.py", args=["--config", "./configs/training.yaml", "--multi-gpu"],
         keep_text=["print(torch.cuda.device_count())", "--nproc_per_node=$NUM_GPUS"],
         setup=[S("export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:512"), S("export OMP_NUM_THREADS=16"),
                S("mkdir -p models logs outputs"), S("source ~/miniconda3/bin/activate"), S("conda activate $ENV_NAME")],
         source_only=["--gres=gpu:h100-47:2"],
         refuse_words=["h100-47", "MIG", "--time=600", "NUM_GPUS"],
         assumptions=["--time=600 (minutes), --gres=gpu:h100-47:2 (a typed 47 GB slice; a commented --gpus=2), 1 task, "
                      "16 CPUs, 64G: allocator and OMP variables, ENV_NAME=mt_env, mkdir, miniconda + `conda activate "
                      "$ENV_NAME`, nvidia-smi query, NUM_GPUS counted by a python heredoc, then `torchrun "
                      "--nproc_per_node=$NUM_GPUS --master_port=29500 train_mt.py --config ./configs/training.yaml "
                      "--multi-gpu`. Right: torchrun with 2 workers (the count kept dynamic or made explicit with a "
                      "note), the typed slice mapped to 2 whole GPUs with a note, the heredoc kept intact."]),
    case(fam("ntnu-idun-gpuq-2x2-tasks-cd-submit-dir-easybuild-python-virtualenv-created-in-job-pip-install-srun-python-vit-ssl", "slurm"),
         "olavforland/TDT05-SSL", "train_self_supervised.slurm",
         "NTNU Idun (partition GPUQ, account ie-idi)", "ntnu-idun",
         ["srun-one-rank-per-gpu", "multi-node", "virtualenv-created-in-job", "pip-install-in-job", "sh-shebang",
          "easybuild-python-module"],
         launch_model="per_rank", launcher="srun", total_ranks=4, nodes=2, gpus_per_node=2,
         program="src/train_vit_self_supervised.py", args=[],
         setup=[S("cd ${SLURM_SUBMIT_DIR}"), S("python -m pip install --upgrade pip"), S("pip install virtualenv"),
                S("virtualenv venv3"), S("source venv3/bin/activate"), S("pip install -r requirements-cuda.txt")],
         source_only=["--partition=GPUQ", "module load Python/3.10.8-GCCcore-12.2.0"], accounts=["ie-idi"],
         refuse_words=["pip install", "virtualenv", "GPUQ", "Python/3.10.8"],
         assumptions=["#!/bin/sh, Idun: -p GPUQ, -A ie-idi, 20 h, 2 nodes x 2 tasks, --gres=gpu:2, 8 CPUs a task, "
                      "32G: cd to the submit dir, module purge, EasyBuild Python 3.10.8, pip upgrade, virtualenv "
                      "venv3 created in the job, pip install -r requirements-cuda.txt, then `srun python "
                      "src/train_vit_self_supervised.py` (4 ranks). Right: 4 ranks, 2 a node on 2 nodes (or the "
                      "target's GPUs a node with a note), the in-job env creation and installs kept with the "
                      "network risk named, the submit-dir cd mapped, the EasyBuild module replaced."]),
    case(fam("cscs-alps-gh200-a0091-exclusive-positional-agents-hyperqueue-server-srun-overlap-worker-per-gpu-hq-submit-wandb-agents", "slurm"),
         "ProjectNFM/Foundry", "jobs/cscs_sweep_hyperqueue.sh",
         "CSCS Alps (GH200, account a0091, partition normal, /capstor/scratch)", "cscs-alps",
         ["meta-scheduler-hyperqueue", "srun-overlap-background-workers", "cvd-per-worker", "positional-defaults",
          "aarch64-user-binary", "sweep-agents", "gpu-count-check"],
         launch_model="per_rank", launcher="srun", total_ranks="unknown", gpus_per_node=4,
         program="jobs/cscs_task_wandb_agent.sh", args=[], expect="refuse",
         keep_text=["hq worker start", "hq submit"],
         setup=[S('export PATH="${HQ_DIR}:${PATH}"'), S('cd "${PROJECT_DIR}" || exit 1')],
         source_only=["--partition=normal", "--cpus-per-task=288"], accounts=["a0091"],
         refuse_words=["HyperQueue", "hq", "aarch64", "/capstor", "overlap", "wandb agent"],
         assumptions=["Alps: -A a0091, -p normal, 1 node exclusive, 1 task, 4 GPUs, 288 CPUs, 450G, 12 h, output "
                      "under /capstor/scratch/cscs/%u: positional NUM_AGENTS/SWEEP_ID/EXPERIMENT with defaults, "
                      "HyperQueue from ~/.local/aarch64/bin, a server in the background, one `srun --overlap "
                      "--ntasks=1 --gpus-per-task=1 hq worker start &` per GPU with CUDA_VISIBLE_DEVICES set, `hq "
                      "submit --array 1-N jobs/cscs_task_wandb_agent.sh ...`, wait, stop, cleanup. Right: a refusal "
                      "or ask naming the HyperQueue meta-scheduler (the real program is the wandb agent wrapper, "
                      "not shown), the aarch64 hq binary and the /capstor paths; never a guessed python launch."]),
    case(fam("anvil-ai-partition-cis-account-bash-l-set-euo-env-defaults-env-prefix-or-conda-python-bin-m-hydra-overrides-dollar-at", "slurm"),
         "PascalJD/sticky-diffusion", "scripts/anvil_sudoku_train.sbatch",
         "Purdue Anvil (partition ai, account cis260242-ai, /anvil/scratch)", "anvil",
         ["python-bin-variable", "env-prefix-or-conda-fallback", "env-default-overrides", "hydra-overrides-quoted",
          "program-args-from-sbatch", "job-id-default-in-run-tag", "bash-login-shebang"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="sticky.cli.train", module=True,
         args=['"experiment=${EXPERIMENT}"', '"eval=${EVAL_CONFIG}"', '"wandb.enabled=${WANDB_ENABLED}"',
               '"hydra.run.dir=${RUN_DIR}"', '"$@"'],
         keep_text=['"${PYTHON_BIN}" -m sticky.cli.train', 'RUN_TAG="${RUN_TAG:-${EXPERIMENT}_${SLURM_JOB_ID:-manual}}"'],
         setup=[S('mkdir -p "${RUN_DIR}"'), S('cd "${REPO_ROOT}"'),
                S('export PYTHONPATH="${REPO_ROOT}/src${PYTHONPATH:+:${PYTHONPATH}}"')],
         source_only=["#SBATCH -p ai"], accounts=["cis260242-ai"],
         refuse_words=["/anvil/scratch", "x-pjutrasdube", "cis260242-ai", "$@", "PYTHON_BIN"],
         assumptions=["bash -l, Anvil: -A cis260242-ai, -p ai, 1 node, 1 task, --gpus-per-node=1, 16 CPUs, 16G, 24 h: "
                      "set -euo pipefail, defaults from the environment (EXPERIMENT, REPO_ROOT=$SLURM_SUBMIT_DIR, "
                      "ENV_PREFIX under /anvil/scratch/x-pjutrasdube, RUNS_BASE_DIR under /home/x-pjutrasdube, "
                      "RUN_TAG with ${SLURM_JOB_ID:-manual}), mkdir/cd, the env prefix on PATH or a conda fallback, "
                      "PYTHON_BIN resolution with errors, PYTHONPATH, then `\"${PYTHON_BIN}\" -m sticky.cli.train "
                      "experiment=... eval=... wandb.enabled=... hydra.run.dir=... \"$@\"`. Right: 1 process on 1 GPU "
                      "with the PYTHON_BIN logic and \"$@\" kept, SLURM_SUBMIT_DIR and SLURM_JOB_ID mapped inside "
                      "the defaults, the /anvil/scratch env prefix named."]),
    case(fam("polaris-login-node-submitter-env-defaults-mktemp-heredoc-pbs-select4-ngpus4-vllm-env-git-pull-bash-run-experiment-qsub", "pbs"),
         "yfan000/semantic-llm-router", "scripts/submit_polaris.sh",
         "ALCF Polaris (a login-node submitter: project UIC-HPC, queue prod, filesystems home:eagle)", "polaris",
         ["submitter-not-job", "pbs-in-heredoc", "qsub-from-script", "wrapper-program", "git-pull-in-job",
          "env-default-parameters"],
         launch_model="single", launcher="none", total_ranks="unknown", nodes=4, gpus_per_node=4,
         program="scripts/run_experiment_polaris.sh", args=[], expect="refuse",
         source_only=["#PBS -l filesystems=home:eagle"],
         refuse_words=["qsub", "heredoc", "submit", "run_experiment_polaris.sh", "not a job script"],
         assumptions=["Not a job script: run with bash on a login node, it sets defaults from the environment, "
                      "writes a PBS script to mktemp through an unquoted heredoc (select=4:ngpus=4:ncpus=32, "
                      "filesystems home:eagle, -A ${PROJECT}, -q ${QUEUE}) whose body puts a vLLM conda env on PATH, "
                      "sets HF_HOME on /eagle, cd ~/semantic-llm-router, git pull, and runs `bash "
                      "scripts/run_experiment_polaris.sh`; then qsub and rm. Right: a refusal that says this is a "
                      "submitter (the job is generated; its program is a wrapper not shown), never a port of the "
                      "outer script as a job."]),
    case(fam("perlmutter-submitter-three-modes-generated-sbatch-heredocs-shared-qos-env-overrides-background-transfers-wait", "slurm"),
         "JO5HO4/tabpfn_feature_encoder", "scripts/submit_perlmutter.sh",
         "NERSC Perlmutter (a login-node submitter: account atlas, qos shared, -C gpu by default)", "perlmutter",
         ["submitter-not-job", "sbatch-in-heredoc", "three-modes", "wrapper-programs", "background-per-gpu-runs",
          "env-default-parameters"],
         launch_model="single", launcher="none", total_ranks="unknown", gpus_per_node=4,
         program="scripts/run_full_workflow.sh", args=[], expect="refuse",
         refuse_words=["sbatch", "heredoc", "submit", "not a job script", "run_full_workflow.sh"],
         assumptions=["Not a job script: a bash program with usage text and three modes (full-workflow: one 4-GPU job "
                      "running scripts/run_full_workflow.sh; source-encoders: one 1-GPU job per config; "
                      "transfer-suite: one 3-GPU job running three wrapper scripts in the background on "
                      "CUDA_VISIBLE_DEVICES 0/1/2 and waiting), each writing an sbatch file from a heredoc with "
                      "NERSC_* overrides and submitting it. Right: a refusal that says this is a submitter that "
                      "generates jobs (and that the programs are wrappers not shown); never a port of the outer "
                      "script as a job."]),
    case(fam("rug-habrok-gpu-a100-1-thirty-min-venv-before-module-espeak-ng-python3-gpu-id-0-finetune-resume-scratch", "slurm"),
         "Annie-Zhou1997/Quenya-TTS", "job_script.sh",
         "University of Groningen Hábrók (partition gpu, --gpus-per-node=a100:1, /scratch/s<number>)", "rug-habrok",
         ["typed-gpus-per-node", "venv-before-module", "gpu-id-arg", "abs-scratch-checkpoint", "short-walltime"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="run_training_pipeline.py",
         args=["quenya", "--gpu_id", "0", "--finetune", "--resume_checkpoint", "/scratch/s5480698/Quenya-TTS/Models/English/80k.pt"],
         setup=[S("source $HOME/venvs/pf/bin/activate")],
         source_only=["--partition=gpu", "--gpus-per-node=a100:1", "module load eSpeak-NG/1.51-GCC-11.3.0"],
         refuse_words=["eSpeak-NG", "/scratch/s5480698", "--gpu_id 0", "a100"],
         assumptions=["Hábrók: -p gpu, --gpus-per-node=a100:1, 30 min: a home venv, then the eSpeak-NG EasyBuild "
                      "module, then `python3 run_training_pipeline.py quenya --gpu_id 0 --finetune "
                      "--resume_checkpoint /scratch/s5480698/.../80k.pt`. Right: 1 process on 1 GPU with --gpu_id 0 "
                      "kept, the eSpeak-NG dependency named (the target needs it), the /scratch checkpoint path named."]),
    case(fam("harvard-fasrc-iaifi-gpu-gres4-no-tasks-fasrc-modules-mamba-jax-cd-holystore-python-u-config-no-final-newline", "slurm"),
         "smsharma/point-cloud-galaxy-diffusion", "scripts/submit_train.sh",
         "Harvard FASRC Cannon (account iaifi_lab, partition iaifi_gpu, /n/holystore01)", "harvard-fasrc",
         ["jax-one-process-four-gpus", "fasrc-modules", "mamba-activate", "abs-lab-store-cd", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=4, gpus_per_rank=4, framework="jax",
         program="train.py", args=["--config", "./configs/nbody.py"],
         setup=[S('export TF_CPP_MIN_LOG_LEVEL="2"'), S("mamba activate jax"),
                S("cd /n/holystore01/LABS/iaifi_lab/Users/smsharma/set-diffuser/")],
         source_only=["-p iaifi_gpu", "module load python/3.10.9-fasrc01", "module load cuda/12.2.0-fasrc01",
                      "module load gcc/12.2.0-fasrc01", "module load openmpi/4.1.4-fasrc01"],
         accounts=["iaifi_lab"],
         refuse_words=["fasrc01", "/n/holystore01", "iaifi_gpu", "mamba"],
         assumptions=["FASRC: 1 node, 100GB, 48 h, --gres=gpu:4, -A iaifi_lab, -p iaifi_gpu, no task count: "
                      "TF_CPP_MIN_LOG_LEVEL, four fasrc01 modules (python, cuda, gcc, openmpi), `mamba activate jax`, "
                      "cd to /n/holystore01/..., then `python -u train.py --config ./configs/nbody.py` (one JAX "
                      "process that uses the 4 GPUs; no final newline). Right: one process seeing the 4 GPUs of one "
                      "node (not 4 ranks), the FASRC modules replaced, the mamba env and the /n/holystore01 cd named."]),
    case(fam("ncar-casper-pbs-naml0001-select-ngpus1-gpu-type-a100-bash-l-conda-module-tf-allocator-cd-parent-python-u-yaml", "pbs"),
         "NCAR/seals-ml", "scripts/submit_train.sh",
         "NCAR Casper (PBS Pro, queue casper, account naml0001, gpu_type=a100)", "ncar-casper",
         ["pbs-two-l-on-one-line", "gpu-type-resource", "conda-module", "cd-parent-relative", "tensorflow-allocator-env"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1, framework="tensorflow",
         program="./scripts/train.py", args=["-c", "./config/train_transformer.yaml"],
         setup=[S("conda activate seals_20240515"), S("export TF_GPU_ALLOCATOR=cuda_malloc_async"), S("cd ../")],
         source_only=["#PBS -q casper", "-l gpu_type=a100", "module load conda"], accounts=["naml0001"],
         refuse_words=["casper", "gpu_type", "cd ../", "PBS_O_WORKDIR"],
         assumptions=["PBS (bash -l): -A naml0001, 1 h, -q casper, `select=1:ncpus=8:ngpus=1:mem=200GB -l gpu_type=a100` "
                      "on one line, mail on abort: module conda, `conda activate seals_20240515`, "
                      "TF_GPU_ALLOCATOR, `cd ../` (relative to wherever the job starts: PBS starts in $HOME, not the "
                      "submit dir), then `python -u ./scripts/train.py -c ./config/train_transformer.yaml`. Right: "
                      "1 process on 1 GPU, the gpu_type request mapped, the `cd ../` kept with the start-directory "
                      "difference named (on Slurm it is relative to the submit dir), the conda module replaced."]),
    case(fam("delta-gpua100x4-bbjr-one-gpu-commented-accelerate-bashrc-conda-wandb-agent-sweep-id-from-env-count-1", "slurm"),
         "seyedparsa/let-me-think", "scripts/submit_train.sh",
         "NCSA Delta (account bbjr-delta-gpu, partition gpuA100x4)", "delta",
         ["wandb-agent-program", "sweep-id-from-submit-env", "commented-accelerate-line", "bashrc-conda",
          "no-final-newline", "one-cpu"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="wandb", args=["agent", '"seyedparsa/bepatient/$SWEEP_ID"', "--count", "1"],
         setup=[S("source ~/.bashrc"), S("conda activate nueva")],
         source_only=["--partition=gpuA100x4", "--account=bbjr-delta-gpu"], accounts=["bbjr-delta-gpu"],
         refuse_words=["wandb agent", "SWEEP_ID", "gpuA100x4", "bbjr-delta-gpu"],
         assumptions=["Delta: -p gpuA100x4, -A bbjr-delta-gpu, 1 node, 1 task, 1 CPU, 16G, --gpus=1, 4 h, logs/: a "
                      "commented `accelerate launch ...` line, an echo of $SWEEP_ID (given at submit time), .bashrc, "
                      "`conda activate nueva`, then `wandb agent \"seyedparsa/bepatient/$SWEEP_ID\" --count 1` (no "
                      "final newline). Right: one process on 1 GPU running the wandb agent (the training program is "
                      "chosen by the sweep, not shown: the port keeps the agent line and names that it cannot see the "
                      "launch), $SWEEP_ID named as a submit-time input, the commented line left a comment."]),
    case(fam("nyu-greene-array-list-gres-gpu-mail-singularity-ro-overlay-glob-sif-bash-c-env-sh-venv-two-python-array-index-arg", "slurm"),
         "cmhainje/lbc", "scripts/submit/train.sh",
         "NYU Greene (Singularity overlays, /scratch/work/public images)", "nyu-greene",
         ["array-list-of-values", "array-index-in-args", "singularity-overlay-ro", "glob-in-image-path",
          "two-programs-in-bash-c", "venv-function-from-env-sh", "commented-alternative-block"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="train.py", args=["100_000", "-c", "4", "-l", "$SLURM_ARRAY_TASK_ID", "--camera", "r"],
         other_runs=[R("train.py", ["100_000", "-c", "4", "-l", "$SLURM_ARRAY_TASK_ID", "--camera", "b"])],
         keep_text=["source /ext3/env.sh; venv lbc; cd /home/ch4407/lbc/scripts;"],
         source_only=["#SBATCH --array=1,2,4,8,16,32,64", "--overlay /home/ch4407/py/overlay-15GB-500K.ext3:ro",
                      "/scratch/work/public/singularity/cuda11.8.86-cudnn8.7-devel-ubuntu22.04.2.sif*"],
         refuse_words=["singularity", "overlay", "/scratch/work/public", "SLURM_ARRAY_TASK_ID", "array"],
         assumptions=["1 node, 1 task, 1 CPU, 10GB, --gres gpu, 1 h, mail, --array=1,2,4,8,16,32,64: module purge, then "
                      "`singularity exec --nv --overlay /home/.../overlay-15GB-500K.ext3:ro "
                      "/scratch/work/public/singularity/cuda11.8.86-...sif* /bin/bash -c \"source /ext3/env.sh; venv "
                      "lbc; cd ...; python train.py 100_000 -c 4 -l $SLURM_ARRAY_TASK_ID --camera r; python train.py "
                      "... --camera b;\"` (the array index expands before the container starts; a glob in the image "
                      "path), a commented alternative after. Right: an array of the same 7 values, each running both "
                      "programs in order, 1 process on 1 GPU, the array index mapped to the target's variable inside "
                      "the double-quoted body, the NYU image and overlay named (a target may lack Singularity)."]),
    case(fam("alliance-rrg-tasks1-gpus-per-node1-relative-venv-wandb-offline-yq-config-cd-wdir-uv-run-abs-scratch-paths-trailing-backslashes", "slurm"),
         "Ciela-Institute/CosmOrford", "shell/npe_run.sh",
         "Digital Research Alliance of Canada (account rrg-lplevass, /home/<user>/links/scratch)", "alliance",
         ["uv-run-program", "yq-config-lookup", "wandb-offline", "relative-venv", "hf-home-tilde-in-quotes",
          "abs-scratch-args", "empty-arg-value", "no-final-newline"],
         launch_model="single", launcher="none", total_ranks=1, gpus_per_node=1,
         program="scripts/run_npe_budget_scan.py",
         args=["--checkpoints_path=/home/noedia/links/scratch/wl_chall/budget_scan_nbody_final",
               "--npe_results_path=/home/noedia/links/scratch/wl_chall/npe", "--summaries_cache_path=",
               "--holdout_path=/home/noedia/links/projects/rrg-lplevass/shared/wl_chall_data/neurips-wl-challenge-holdout",
               "--config=configs/experiments/npe_budget_scan.yaml", "--budgets=100,500,1000,5000,10000,20200",
               "--offline=true"],
         keep_text=["uv run scripts/run_npe_budget_scan.py", "WDIR=$(yq -r '.wdir' ../global_config.yaml)"],
         setup=[S("source ../.venv/bin/activate"), S("wandb offline"), S('export HF_HOME="~/links/scratch/cache"'), S("cd $WDIR")],
         accounts=["rrg-lplevass"],
         refuse_words=["/home/noedia", "yq", "uv run", "links/scratch", "rrg-lplevass"],
         assumptions=["Alliance: --tasks=1, 8 h, -A rrg-lplevass, 80G, 1 CPU, --gpus-per-node=1, output to jobout/: a venv "
                      "one level up, `wandb offline`, WDIR and SAVE_DIR read with yq from ../global_config.yaml, "
                      "HF_HOME with a quoted ~ (not expanded), cd $WDIR, then `uv run scripts/run_npe_budget_scan.py "
                      "--checkpoints_path=/home/noedia/links/scratch/... --summaries_cache_path= ... --offline=true` "
                      "(arguments glued to trailing backslashes; no final newline). Right: 1 process on 1 GPU with "
                      "`uv run` and every argument kept (the empty one included), the yq lookups and relative "
                      "paths kept, the /home/noedia scratch paths named."]),
]


if __name__ == "__main__":
    write_cases(Path(__file__).parent, CASES, Path(sys.argv[1]), Path(sys.argv[2]))
