"""Script-shape failures whose fix finds the line at fault in a user's script (issue 17,
s18-repairscript): a broken line continuation (bash, dash and localized messages), Apptainer/
Singularity bind specs and ``--writable`` binds, the open-files limit, an MPI-based launcher that
starts more ranks than the job has GPUs, a container image without ``python``. Logs are public
threads' text (named in the test), the scripts users' shapes; each test fails without its fix."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import patch_shape as ps
from maple_flow.repair.lognorm import canonical_lines
from maple_flow.repair.meaning import same_meaning
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=4\n"
APPT = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
        "module load apptainer\n"
        "srun apptainer exec --nv {binds} pytorch.sif \\\n    torchrun --nnodes=2 train.py\n")
MISSING_BACKSLASH = (HEAD + "deepspeed --num_gpus 4 train.py \\\n    --stage sft \\\n"
                     "    --output_dir out\n    --deepspeed ds_config.json \\\n    --fp16\n")
BLANK_AFTER_BACKSLASH = (HEAD + "accelerate launch \\\n\t--num_processes 4 \\\n"
                         "\t--machine_rank 0 \\ \n        --deepspeed_multinode_launcher standard "
                         "finetune.py\n")


def _answer(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _proposed(script: str, log: str, cluster: str = "delta") -> tuple[str, str]:
    data = _answer(script, log, cluster)
    assert data["proposed"], data.get("why_none")
    return data["proposed"]["record_id"], data["proposed"]["diff"]


# -- broken continuations ------------------------------------------------------------------
def test_join_continuation_adds_or_mends_the_backslash() -> None:
    assert "    --output_dir out \\\n    --deepspeed" in ps.join_continuation(
        MISSING_BACKSLASH, "--deepspeed")
    assert "\t--machine_rank 0 \\\n        --deepspeed_multinode" in ps.join_continuation(
        BLANK_AFTER_BACKSLASH, "--deepspeed_multinode_launcher")
    with pytest.raises(FixNotApplicable):  # the option already continues its command
        ps.join_continuation(MISSING_BACKSLASH, "--fp16")


def test_localized_command_not_found_is_read_in_english() -> None:
    # OpenMOSS/MOSS#147 (zh_CN), FlagAI-style full-width colon, de/fr/ja catalogues
    assert canonical_lines("--deepspeed_multinode_launcher: 未找到命令") == [
        "--deepspeed_multinode_launcher: command not found"]
    assert canonical_lines("torchrun：未找到命令") == ["torchrun: command not found"]
    assert canonical_lines("bash: torchrun: Befehl nicht gefunden") == [
        "torchrun: command not found"]
    assert canonical_lines("bash: python : commande introuvable") == [
        "python: command not found"]
    assert canonical_lines("bash: mpirun: コマンドが見つかりません") == [
        "mpirun: command not found"]


def test_a_mended_continuation_is_a_change_of_meaning() -> None:
    assert not same_meaning("a \\ \n --x\n", "a \\\n --x\n")


@pytest.mark.parametrize(("script", "log", "line"), [
    # hiyouga/LlamaFactory#468 (bash)
    (MISSING_BACKSLASH, "finetune.sh: line 19: --deepspeed: command not found",
     "+    --output_dir out \\"),
    # shibing624/MedicalGPT#66 (dash)
    (MISSING_BACKSLASH, "run_pt.sh: 42: run_pt.sh: --deepspeed: not found",
     "+    --output_dir out \\"),
    # OpenMOSS/MOSS#147 (zh_CN bash, a blank after the backslash)
    (BLANK_AFTER_BACKSLASH, "--deepspeed_multinode_launcher: 未找到命令",
     "+\t--machine_rank 0 \\"),
])
def test_option_run_as_command_mends_the_line_before(script: str, log: str, line: str) -> None:
    record, diff = _proposed(script, log)
    assert record == "option-line-run-as-command"
    assert line in diff.splitlines()


# -- container binds ------------------------------------------------------------------------
def test_bind_specs() -> None:
    text = APPT.format(binds="-B /N/scratch/u:rw,/data:data")
    fixed = ps.container_bind_spec(text, "absolute_destination")
    assert "-B /N/scratch/u:/N/scratch/u:rw,/data:/data pytorch.sif" in fixed
    old = APPT.format(binds="--bind /scratch/u/tmp:/tmp:rw")
    assert "--bind /scratch/u/tmp:/tmp pytorch.sif" in ps.container_bind_spec(old, "drop_options")
    with pytest.raises(FixNotApplicable):
        ps.container_bind_spec(APPT.format(binds="--bind /scratch"), "absolute_destination")


def test_bind_errors_fix_the_bind() -> None:
    # mspass-team/mspass#995: -B SRC:rw reads rw as the destination
    record, diff = _proposed(
        APPT.format(binds="-B /N/scratch/pavlis:rw"),
        "FATAL:   container creation failed: unable to add /N/scratch/pavlis to mount list: "
        "destination must be an absolute path")
    assert record == "apptainer-bind-destination-not-absolute"
    assert "-B /N/scratch/pavlis:/N/scratch/pavlis:rw" in diff
    # apptainer/singularity#5416: Singularity 3.5 refuses :rw as an option
    record, diff = _proposed(
        APPT.format(binds="--bind /scratch/u/tmp:/tmp:rw").replace("apptainer exec",
                                                                    "singularity exec"),
        "FATAL:   while parsing bind path: while getting bind path: rw is not a valid bind option")
    assert record == "apptainer-bind-option-refused"
    assert "+srun singularity exec --nv --bind /scratch/u/tmp:/tmp pytorch.sif \\" in diff


def test_writable_bind_destination_gets_an_overlay() -> None:
    # apptainer/apptainer#1895
    text = APPT.format(binds="--writable --bind /storage")
    assert "--writable-tmpfs --bind /storage" in ps.container_writable_tmpfs(text)
    record, diff = _proposed(
        text, "WARNING: By using --writable, Apptainer can't create /storage destination "
        "automatically without overlay or underlay")
    assert record == "apptainer-writable-bind-destination"
    assert "+srun apptainer exec --nv --writable-tmpfs --bind /storage pytorch.sif \\" in diff
    with pytest.raises(FixNotApplicable):
        ps.container_writable_tmpfs(APPT.format(binds="--bind /storage"))


# -- open files -----------------------------------------------------------------------------
def test_open_files_limit_raised_before_the_launch() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 4\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
              "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
              "srun torchrun --nnodes=4 --nproc_per_node=4 train.py\n")
    # goodfire-ai/spd#957
    record, diff = _proposed(script, "ncclOsSocketTryAccept: Accept failed: Too many open files")
    assert record == "open-files-soft-limit"
    lines = diff.splitlines()
    assert '+ulimit -n "$(ulimit -Hn)"' in lines
    assert lines.index('+ulimit -n "$(ulimit -Hn)"') < lines.index(
        " srun torchrun --nnodes=4 --nproc_per_node=4 train.py")
    assert 'ulimit -n "$(ulimit -Hn)"' in ps.raise_open_files(
        "#!/bin/bash\nulimit -n 4096\nsrun ./a\n", 3)


# -- ranks beyond the job's GPUs --------------------------------------------------------------
def test_set_rank_count() -> None:
    assert "horovodrun -np 4 -H localhost:4 python t.py" in ps.set_rank_count(
        HEAD + "horovodrun -np 8 -H localhost:8 python t.py\n", 4)
    with pytest.raises(FixNotApplicable):
        ps.set_rank_count(HEAD + "horovodrun -np 4 python t.py\n", 4)


@pytest.mark.parametrize("launch", [
    "torchpack dist-run -np 8 -v python train.py cfg.yaml",  # mit-han-lab/spvnas#10
    "horovodrun -np 8 -H localhost:8 python train.py",
])
def test_mpi_launcher_asking_more_ranks_than_gpus(launch: str) -> None:
    record, diff = _proposed(
        HEAD + launch + "\n",
        "There are not enough slots available in the system to satisfy the 8 slots")
    assert record == "mpi-launcher-ranks-beyond-gpus"
    assert "-np 4 " in diff.splitlines()[-1]


def test_cpu_mpi_job_gets_no_rank_count_from_gpus() -> None:
    data = _answer("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --cpus-per-task=32\n"
                   "mpirun -np 32 ABYSS-P in=reads.fa\n",
                   "There are not enough slots available in the system to satisfy the 32 slots")
    assert not data["proposed"] or data["proposed"]["record_id"] != "mpi-launcher-ranks-beyond-gpus"


# -- a container image without python --------------------------------------------------------
def test_container_python3() -> None:
    text = HEAD + "srun podman-hpc run --rm --gpu img:1 python train.py --epochs 2\n"
    assert "img:1 python3 train.py" in ps.container_python3(text)
    record, diff = _proposed(
        text, 'Error: OCI runtime error: exec: "python": executable file not found in $PATH',
        "perlmutter")
    assert record == "container-image-without-python"
    assert "python3 train.py" in diff
    with pytest.raises(FixNotApplicable):
        ps.container_python3(HEAD + "srun python train.py\n")


# -- GPU requests per task, memory per CPU ---------------------------------------------------
def test_tasks_without_gpu_under_a_per_task_request() -> None:
    # NVIDIA/deepops#1102 (Slurm 21.08): only one task of four sees a GPU
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=4\n#SBATCH --gpus-per-task=1\n"
              "srun nvidia-smi -L\nsrun python train.py\n")
    record, diff = _proposed(script, '"PROCID=2: No devices found."\n"PROCID=3: No devices found."')
    assert record == "tasks-see-no-gpu-under-per-task-request"
    assert "-#SBATCH --gpus-per-task=1" in diff.splitlines()
    assert "+#SBATCH --gpus-per-node=4" in diff.splitlines()


def test_ntasks_per_gpu_dropped_under_gpus_per_task() -> None:
    # ComputationalRadiationPhysics/picongpu#4215
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-task=1\n#SBATCH --ntasks-per-node=4\n"
              "srun --ntasks-per-gpu=1 --cpu-bind=cores python train.py\n")
    record, diff = _proposed(script, "srun: fatal: SLURM_GPUS_PER_TASK is mutually exclusive with "
                             "--ntasks-per-gpu and SLURM_NTASKS_PER_GPU", "perlmutter")
    assert record == "srun-ntasks-per-gpu-with-gpus-per-task"
    assert "+srun --cpu-bind=cores python train.py" in diff.splitlines()


def test_memory_per_cpu_too_small_gets_the_node() -> None:
    # spine-generic/spine-generic#108
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=8\n#SBATCH --mem-per-cpu=1024M\n"
              "srun ./process.sh\n")
    record, diff = _proposed(script, "OSError: [Errno 12] Cannot allocate memory", "anvil")
    assert record == "job-memory-per-cpu-too-small"
    assert "+#SBATCH --mem=0" in diff.splitlines()


def test_localized_launcher_not_found_is_asked_without_environment() -> None:
    # FlagAI-Open/FlagAI#553 shape (zh_CN bash): read as `torchrun: command not found`; the job
    # sets up no environment, so where torchrun is is asked, not the site's module
    data = _answer(HEAD + "torchrun --standalone --nproc_per_node=4 train.py\n",
                   "bmtrain_mgpu.sh: 行 84: torchrun：未找到命令")
    assert data["proposed"] is None, data["proposed"]
    asks = [d for d in data["diagnoses"] if d.get("needs")]
    assert asks and asks[0]["record_id"] == "entity-script-command-not-found", data["diagnoses"]
