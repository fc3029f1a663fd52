# ruff: noqa: E501  (the cases are data: one excerpt, one description a line)
"""Write cases.yaml of the s21rl12held probe and cache each excerpt (run once, before any run).

Each excerpt is the error text a user posted in the public thread of `source`, read with the
search tool (corpus issues) on 2026-11-27, checked against bench/ (sealed sets not read),
templates/failures/ and /work/wt/claimed_threads.txt (none cited), and claimed as s21-rl12held.
The split is fixed here by sha256(id) parity: even -> tune, odd -> heldout.

    /work/main/.venv/bin/python bench/s21rl12held_probe/make_cases.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CACHE = Path("/work/cache/s21rl12held")
SRUN_PY = "srun python -u train.py --batch-size 256 --epochs 32"
ONE_TASK = [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"],
            ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"]]
CPU_TASK = [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"],
            ["#SBATCH --gpus-per-node=4\n", ""]]

CASES: list[dict] = [
    # ============================================================ broken line continuations
    dict(id="diffusers43-option-with-path-value-run-as-command", kind="script",
         source="https://github.com/ShivamShrirao/diffusers/issues/43",
         thread_site="a DreamBooth training shell script (accelerate launch train_dreambooth.py \\ with one option a line) run from a terminal; bash runs the option line as a command (its value holds a slash, so bash reports a missing file)",
         what="a line of the multi-line accelerate command lost its continuation (a blank after the backslash, or a CR of a file saved with Windows line ends), so bash ran the next line, an option, as a command; the fix is a clean backslash at the end of the line before; DOUBTFUL - the thread does not say which of the two; assumed shape - one Delta GPU node, the accelerate launch line of the thread with a blank after its first backslash, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[*ONE_TASK, [SRUN_PY, "accelerate launch train_dreambooth.py \\ \n  --pretrained_model_name_or_path=\"CompVis/stable-diffusion-v1-4\" \\\n  --instance_data_dir=\"PATH\" \\\n  --output_dir=\"PATH\" \\\n  --resolution=512"]],
         log="train_booth.sh: line 5: --pretrained_model_name_or_path=CompVis/stable-diffusion-v1-4: No such file or directory\n",
         expect={"families": ["launcher", "program"], "fix": r"(?m)^\+accelerate launch train_dreambooth\.py \\$"}),
    dict(id="robertslab512-blastn-task-option-run-as-command", kind="script",
         source="https://github.com/RobertsLab/resources/issues/512",
         thread_site="a Slurm batch script runs blastn with one option a line; the line `-num_threads 28` has no backslash, so `-task blastn` runs as a command; the maintainer points at the missing continuation",
         what="a missing line continuation in the job script: the fix is a backslash at the end of `-num_threads 28`; assumed shape - one Delta CPU task, the blastn command of the thread (paths shortened), diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[*CPU_TASK, [SRUN_PY, "blastn \\\n-query query.fa \\\n-db nt \\\n-out hits.tab \\\n-max_target_seqs 1 \\\n-evalue 1e-20 \\\n-num_threads 28\n-task blastn"]],
         log="/var/spool/slurm/d/job501367/slurm_script: line 30: -task: command not found\n",
         expect={"families": ["launcher", "program"], "fix": r"(?m)^\+-num_threads 28 \\$"}),
    dict(id="trinotate19-blastx-options-after-blank-backslash", kind="script",
         source="https://github.com/Trinotate/Trinotate.github.io/issues/19",
         thread_site="a Slurm batch script runs blastx with one option a line; bash runs several option lines as commands; the maintainer: the backslash must be directly before the newline",
         what="the continuations of the blastx command are broken by blanks after the backslashes; the fix removes them so the options are part of the command; assumed shape - one Delta CPU task, blastx with trailing blanks after the backslashes of the lines before -db, -num_threads, -max_target_seqs and -evalue, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[*CPU_TASK, [SRUN_PY, "blastx -query Trinity.fasta \\ \n-db uniprot_sprot.pep \\ \n-num_threads 8 \\ \n-max_target_seqs 1 \\\n-outfmt 6 \\ \n-evalue 1e-3 > blastx.outfmt6"]],
         log=("Error: Too many positional arguments (1), the offending value:  \n"
              "/var/spool/slurm/d/job102720/slurm_script: line 22: -db: command not found\n"
              "/var/spool/slurm/d/job102720/slurm_script: line 23: -num_threads: command not found\n"
              "/var/spool/slurm/d/job102720/slurm_script: line 24: -max_target_seqs: command not found\n"
              "/var/spool/slurm/d/job102720/slurm_script: line 26: -evalue: command not found\n"),
         expect={"families": ["launcher", "program"], "fix": r"(?m)^\+blastx -query Trinity\.fasta \\$"}),
    dict(id="chatglm450-train-sh-options-run-as-commands", kind="script",
         source="https://github.com/zai-org/ChatGLM-6B/issues/450",
         thread_site="bash train.sh of the ChatGLM-6B P-tuning example: the program gets none of its options and bash runs every option line as a command",
         what="the first line of the multi-line python command lost its continuation, so every following option line ran as a command; the fix is the backslash at the end of that line; assumed shape - one Delta GPU node, torchrun of the program with the first line ending without a backslash, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh", replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml", "torchrun --standalone --nnodes=1 --nproc_per_node=4 main.py\n    --do_train \\\n    --train_file AdvertiseGen/train.json \\\n    --model_name_or_path THUDM/chatglm-6b \\\n    --output_dir output/adgen-chatglm-6b-pt"]],
         log=("main.py: error: the following arguments are required: --model_name_or_path, --output_dir\n"
              "train.sh: line 4: --do_train: command not found\n"
              "train.sh: line 5: --train_file: command not found\n"
              "train.sh: line 10: --model_name_or_path: command not found\n"
              "train.sh: line 11: --output_dir: command not found\n"),
         expect={"families": ["launcher", "program"], "fix": r"(?m)^\+torchrun .*main\.py \\$"}),
    # ============================================================ step / job memory limit
    dict(id="chaosslurm54-step-memory-limit-small-mem", kind="script",
         source="https://github.com/chaos/slurm/issues/54",
         thread_site="a Slurm job asking --mem 50M writes a 50 MB file; slurmstepd reports the step exceeded its memory limit (page cache counts); asking 100M removes it",
         what="the job asks less memory than its step uses (with the page cache of its writes); the fix is a larger --mem; DOUBTFUL - the reporter saw it as a spurious warning; assumed shape - one Anvil CPU task with --mem=50M, diagnosed as on Anvil",
         cluster="anvil", script="srun_python.sh", replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --mem=50M"], [SRUN_PY, "srun dd if=/dev/zero of=file.50MB.txt count=51200 bs=1024"]],
         log=("51200+0 records in\n51200+0 records out\n52428800 bytes (52 MB) copied, 0.459204 s, 114 MB/s\n"
              "slurmstepd: Exceeded step memory limit at some point.\n"),
         expect={"families": ["resources"], "fix": r"(?m)^[-+]#SBATCH --mem"}),
    dict(id="galaxy2309-step-memory-limit-swapped-out", kind="script",
         source="https://github.com/galaxyproject/galaxy/pull/2309",
         thread_site="a Galaxy tool job on a Slurm cluster reports in its stderr that the step exceeded its memory limit and may have been partially swapped out",
         what="the step used more memory than the job asked; the fix in a job script is a larger --mem; DOUBTFUL - Galaxy treats the line as a warning when the tool succeeded; assumed shape - one Delta CPU task with --mem=4G, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --mem=4G"], [SRUN_PY, "srun python tool.py --input data.tsv"]],
         log="slurmstepd: error: Exceeded step memory limit at some point. Step may have been partially swapped out to disk.\n",
         expect={"families": ["resources"], "fix": r"(?m)^[-+]#SBATCH --mem"}),
    dict(id="geofetch13-job-memory-limit-task-out-of-memory", kind="script",
         source="https://github.com/pepkit/geofetch/issues/13",
         thread_site="sra_convert steps of a pipeline submitted to Slurm end with the job memory limit exceeded and the srun task out of memory",
         what="the step needs more memory than the job asks; the fix is a larger memory request; assumed shape - one Bridges-2 CPU task with --mem=8G, diagnosed as on Bridges-2",
         cluster="bridges2", script="srun_python.sh", replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --mem=8G"], [SRUN_PY, "srun sra_convert --srr SRR1234567"]],
         log=("Pypiper terminating spawned child process 107099...(tee)\n"
              "slurmstepd: error: Exceeded job memory limit at some point.\n"
              "srun: error: udc-ba26-19: task 0: Out Of Memory\n"
              "srun: Terminating job step 2750598.0\n"
              "slurmstepd: error: Exceeded job memory limit at some point.\n"),
         expect={"families": ["resources"], "fix": r"(?m)^[-+]#SBATCH --mem"}),
    # ============================================================ GPUs hidden from the Trainer
    dict(id="nemocompat16-script-pins-visible-gpu", kind="script",
         source="https://github.com/bene-ges/nemo_compatible/issues/16",
         thread_site="NeMo training (Lightning Trainer) asks GPU index [1] on a machine where only [0] is visible; setting the devices in the run script fixes it",
         what="the GPUs the Trainer asks are not among those visible to the process; DOUBTFUL - in the thread the run script's trainer.devices was the line at fault; assumed shape - a Delta job with 2 GPUs whose script pins CUDA_VISIBLE_DEVICES=0, so the second GPU the Trainer asks is hidden; the fix drops the pin; diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=2"], ["export MASTER_PORT=12802", "export MASTER_PORT=12802\nexport CUDA_VISIBLE_DEVICES=0"], [SRUN_PY, "srun python run_training.py trainer.devices=[1]"]],
         log="lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [1]\n But your machine only has: [0]\n",
         expect={"families": ["devices", "environment"], "fix": r"(?m)^-.*CUDA_VISIBLE_DEVICES"}),
    dict(id="nemocompat16-trainer-devices-config-one-gpu", kind="not_script",
         source="https://github.com/bene-ges/nemo_compatible/issues/16",
         thread_site="NeMo training (Lightning Trainer) asks GPU index [1] on a machine where only [0] is visible; setting trainer.devices=[0] fixes it",
         what="the Trainer's device list (trainer.devices=[1]) is the program's configuration, not a launch-script setting: the job has one GPU and pins nothing; the fix is the program's devices argument; assumed shape - one Delta GPU task, no CUDA_VISIBLE_DEVICES in the script, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[*ONE_TASK, [SRUN_PY, "srun python run_training.py"]],
         log="lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [1]\n But your machine only has: [0]\n",
         expect={}),
    # ============================================================ an MPI-built tool bare under Slurm (not the script)
    dict(id="cutruntools7-mpi-built-meme-under-slurm", kind="not_script",
         source="https://github.com/fl-yu/CUT-RUNTools-2.0/issues/7",
         thread_site="a CUT&RUN pipeline run in a Slurm job fails in Open MPI's PMIx client; the cause found was a prebuilt MEME suite built with MPI; building MEME without MPI fixed it",
         what="the tool was built with an MPI it does not need and fails to initialise it under Slurm - a software build problem, not a line of the job script; assumed shape - one Delta CPU task, the pipeline script started bare, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[*CPU_TASK, [SRUN_PY, "bash run_pipeline.sh config.json"]],
         log="OPAL ERROR: Not initialized in file pmix2x_client.c at line 112\n",
         expect={}),
    # ============================================================ batch 2 (added after the first run of batch 1,
    # committed before its own first run): not-script failures of reallogs12's abstained classes
    dict(id="pytorch70099-ddp-parameter-indices-no-grad", kind="not_script",
         source="https://github.com/pytorch/pytorch/issues/70099",
         thread_site="DDP training stops with the list of parameter indices that received no gradient on rank 7; the user knows some variables do not contribute to the loss",
         what="parameters of the model take no part in the loss, so DDP's reducer fails - the model code or the DDP wrapper's find_unused_parameters, not the launch script; assumed shape - one Delta node, torchrun of 4 ranks, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log="Parameter indices which did not receive grad for rank 7: 1360 1361 1362 1363 1364 1365 1366 1367 1368 1369 1370\n",
         expect={}),
    dict(id="unidet3d8-ddp-parameters-no-grad-names", kind="not_script",
         source="https://github.com/filaPro/unidet3d/issues/8",
         thread_site="mmengine training started with tools/dist_train.sh on 8 GPUs stops half-way naming parameters that received no gradient on rank 1",
         what="a model-code property (parameters not used in the loss at some step) surfaced by DDP - fixed in the model or the wrapper's find_unused_parameters, not the launch script; assumed shape - one Delta node, torchrun of 4 ranks, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log="Parameters which did not receive grad for rank 1: decoder.out_bboxes.linear.bias, decoder.out_bboxes.linear.weight\n",
         expect={}),
    dict(id="cscsreframe224-srun-cannot-find-address-for-host", kind="not_script",
         source="https://github.com/eth-cscs/cscs-reframe-tests/pull/224",
         thread_site="a ReFrame test on Alps/Daint in the cpe_production mode gets srun's message that it cannot find the address of a node and should check slurm.conf",
         what="Slurm cannot resolve a node's address (its slurm.conf / name service) - a site configuration fault, not the job script; assumed shape - 2 Delta nodes, srun of an MPI program, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --nodes=1", "#SBATCH --nodes=2"], [SRUN_PY, "srun ./osu_bw"]],
         log="srun: error: _fwd_tree_get_addr: can't find address for host nid006677, check slurm.conf\n",
         expect={}),
    dict(id="globalworkflow4210-srun-failed-distribute-tasks", kind="not_script",
         source="https://github.com/NOAA-EMC/global-workflow/pull/4210",
         thread_site="a CI forecast job on Orion: srun fails to lay out the step's tasks (this should never happen); the maintainers rerun it",
         what="slurmstepd/srun fails to distribute tasks over CPUs it allocated - a Slurm fault, intermittent, fixed by resubmitting, not by a line of the job script; assumed shape - 2 Anvil nodes, srun of an MPI program, diagnosed as on Anvil",
         cluster="anvil", script="srun_python.sh", replace=[["#SBATCH --nodes=1", "#SBATCH --nodes=2"], ["#SBATCH --gpus-per-node=4\n", ""], [SRUN_PY, "srun ./ww3_prnc"]],
         log=("srun: error: JobId=21249880 failed to distribute tasks (bind_type:threads,mask_cpu,one_thread) - this should never happen\n"
              "srun: error: Task launch for StepId=21249880.0 failed on node orion-24-42: Unable to layout tasks on given cpus\n"
              "srun: error: Application launch failed: Unable to layout tasks on given cpus\n"
              "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"),
         expect={}),
    # ============================================================ batch 3 (added after batch 2 was fixed, committed
    # before its own first run): HPX thread stacks exhausting the mmap count
    dict(id="hpx609-thread-stack-mmap-max-map-count", kind="script",
         source="https://github.com/TheHPXProject/hpx/issues/609",
         thread_site="an HPX benchmark (future_overhead -t 12) on a 12-core machine aborts: HPX cannot mmap more thread stacks (max_map_count may be too low)",
         what="every HPX thread stack with guard pages takes memory maps, and the per-process map count (vm.max_map_count) is not the user's to raise; HPX's documented runtime option hpx.stacks.use_guard_pages=0 on the program's command line halves the maps; DOUBTFUL - the thread (2012) predates the message that names the option; assumed shape - 2 Stampede3 nodes, ibrun of the HPX program with 12 threads, diagnosed as on Stampede3",
         cluster="stampede3", script="tacc_ibrun.sh", replace=[["#SBATCH -n 6", "#SBATCH -n 2"], ["ibrun python train.py --epochs 10", "ibrun ./future_overhead --hpx:threads=12"]],
         log=("{what}: mmap() failed to allocate thread stack due to insufficient resources, /proc/sys/vm/max_map_count may be too low: HPX(unhandled_exception)\n"
              "{version}: V0.9.5-trunk (AGAS: V2.1), Git: 64fc1daef0ec4902b45c7274af964022ad59df7f\n"),
         expect={"families": ["program", "launcher"], "fix": r"(?m)^\+.*hpx\.stacks\.use_guard_pages=0"}),
    # ============================================================ batch 4 (added after batch 3 was fixed, committed
    # before its own first run): MPICH's Level Zero GPU layer failing (not the script)
    dict(id="mpich7443-level-zero-call-failed-device-memory", kind="not_script",
         source="https://github.com/pmodels/mpich/pull/7443",
         thread_site="MPICH on Aurora with GPU buffers: a Level Zero call inside MPICH fails and MPICH now prints the Level Zero error (0x70000003, out of device memory, forced by the developer)",
         what="MPICH's Level Zero GPU layer fails (device memory, IPC) - the MPI library or the program's GPU memory use, not a line of the job script; assumed shape - one Aurora node, mpiexec of 2 ranks on GPU tiles, diagnosed as on Aurora",
         cluster="aurora", script="pbs_aurora_mpiexec.sh", replace=[["#PBS -l select=2", "#PBS -l select=1"], ["mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py", "mpiexec -n 2 --ppn 2 gpu_tile_compact.sh ./gpu_oom_test"]],
         log="level zero call failed: 0x70000003:\n",
         expect={}),
]


def main() -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    index = {}
    out = []
    for case in CASES:
        digest = hashlib.sha256(case["id"].encode()).hexdigest()
        split = "tune" if int(digest, 16) % 2 == 0 else "heldout"
        row = {"id": case["id"], "split": split, **{k: v for k, v in case.items() if k != "id"}}
        out.append(row)
        (CACHE / f"{case['id']}.log").write_text(case["log"], encoding="utf-8")
        index[case["id"]] = {"source": case["source"],
                             "sha256": hashlib.sha256(case["log"].encode()).hexdigest()}
    (CACHE / "index.json").write_text(json.dumps(index, indent=1), encoding="utf-8")
    header = (HERE / "cases_header.txt").read_text(encoding="utf-8")
    body = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True, width=200)
    (HERE / "cases.yaml").write_text(header + body, encoding="utf-8")


if __name__ == "__main__":
    main()
