# ruff: noqa: E501
"""s28r2logs (issue 17, round 2): a Slurm batch script whose paths hang off its own location
(BASH_SOURCE, $0: under sbatch slurmd's spool copy) or off a working directory that is the
spool; the first write fails under /var/spool, and the fix takes the paths from
SLURM_SUBMIT_DIR (maple_flow.repair.patch_submit_dir). Each test fails without its rule."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_submit_dir import root_from_submit_dir
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --time=01:00:00\n"
OWN_ROOT = HEAD + 'ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)\nmkdir -p "$ROOT/out"\nsrun python train.py --out "$ROOT/out"\n'
CD_OWN = HEAD + 'cd "$(dirname "$0")/.."\nmkdir logs\nsrun python train.py\n'
RELATIVE = HEAD + "mkdir -p results\nsrun python train.py > results/log\n"
SPOOL_LOG = "mkdir: cannot create directory '/var/spool/slurmd/out': Permission denied\n"


def test_root_from_own_location_is_taken_from_the_submit_dir() -> None:
    diff = _diff(diagnose_log(OWN_ROOT, SPOOL_LOG, "delta", None, False))
    assert "+ROOT=${SLURM_SUBMIT_DIR}" in diff


def test_relative_mkdir_denied_after_cd_to_own_location() -> None:
    log = "mkdir: cannot create directory 'logs': Permission denied\n"
    diff = _diff(diagnose_log(CD_OWN, log, "delta", None, False))
    assert '+cd "${SLURM_SUBMIT_DIR}"' in diff


def test_job_starting_in_the_spool_moves_to_the_submit_dir() -> None:
    log = "mkdir: cannot create directory '/var/spool/slurm/slurmd/results': Permission denied\n"
    diff = _diff(diagnose_log(RELATIVE, log, "delta", None, False))
    assert '+cd "${SLURM_SUBMIT_DIR}"' in diff


@pytest.mark.parametrize(("script", "log"), [
    # a relative mkdir refused where the script never moved to its own location
    (RELATIVE, "mkdir: cannot create directory 'logs': Permission denied\n"),
    # an absolute path outside the spool
    (OWN_ROOT, "mkdir: cannot create directory '/scratch/proj/out': Permission denied\n"),
    # enroot's own directory under the spool (the site's container set-up)
    (OWN_ROOT, "slurmstepd: error: pyxis:     mkdir: cannot create directory '/var/spool/enroot/u1': Permission denied\n"),
    # a shell error naming the spool copy's own line, wrapped onto an unrelated file error
    (RELATIVE, "cp: cannot stat 'triton-5': No such file or directory\n"
               "/var/spool/slurm/slurmd/job03639/slurm_script: line 23: triton-5: No such file or directory\n"),
    # a script that already sets its working directory and derives nothing from its location
    (HEAD + "#SBATCH --chdir=/scratch/u/run\nmkdir -p results\nsrun python train.py\n", SPOOL_LOG),
])
def test_no_submit_dir_fix_where_the_script_or_log_does_not_show_it(script: str, log: str) -> None:
    assert "SLURM_SUBMIT_DIR" not in _diff(diagnose_log(script, log, "delta", None, False))


def test_cd_goes_after_the_whole_header_an_indented_comment_too() -> None:
    """s30review: the cd goes before the first command (repair.layout), not above an indented
    comment and the directives after it (sbatch would no longer read them)."""
    text = HEAD + "  # scratch layout\n#SBATCH --mem=8G\n\nmkdir -p results\n"
    assert root_from_submit_dir(text) == text.replace("\n\nmkdir", '\ncd "${SLURM_SUBMIT_DIR}"\n\nmkdir')


@pytest.mark.parametrize(("line", "want"), [
    ('SCRIPT_DIR="$( cd -- "$( dirname -- "${BASH_SOURCE[0]}" )" &> /dev/null && pwd )"', 'SCRIPT_DIR="${SLURM_SUBMIT_DIR}"'),
    ('DIR=$(dirname "$(readlink -f "$0")")', "DIR=${SLURM_SUBMIT_DIR}"),
    ("HERE=$(realpath $(dirname $0)/..)", "HERE=${SLURM_SUBMIT_DIR}"),
    ("D=`dirname $0`/helpers", "D=${SLURM_SUBMIT_DIR}/helpers"),
])
def test_own_location_forms_rewritten(line: str, want: str) -> None:
    assert root_from_submit_dir(HEAD + line + "\n").endswith(want + "\n")


@pytest.mark.parametrize("body", [
    "X=${BASH_SOURCE[0]}\nD=$(dirname $X)\n",  # the own path through a variable: not rewritten
    "cd /scratch/u/run\nmkdir -p results\n",  # moves elsewhere itself
    # two depths from its own location: no one submit directory stands for both
    'export PYTHONPATH="$(dirname $0)/..":$PYTHONPATH\npython $(dirname "$0")/train.py\n',
])
def test_forms_not_rewritten_are_refused_with_a_reason(body: str) -> None:
    with pytest.raises(FixNotApplicable):
        root_from_submit_dir(HEAD + body)


# -- a launcher's entry point not on the container's PATH ---------------------------------------
PYXIS = HEAD + ('CONT=nvcr.io#nvidia/pytorch:24.12-py3\n'
                'srun --container-image="$CONT" --container-mounts=/home:/home bash -c "pip install -q trl && torchrun --nproc-per-node=1 /home/u/train.py"\n')
APPTAINER = HEAD + "srun apptainer exec --nv img.sif deepspeed --num_gpus 1 train.py\n"
HOST = HEAD + "source ~/venv/bin/activate\ntorchrun --nproc-per-node=1 train.py\n"


def test_torchrun_after_and_and_in_container_body_goes_through_python() -> None:
    diff = _diff(diagnose_log(PYXIS, "torchrun: command not found\n", "delta", None, False))
    assert "&& python -m torch.distributed.run --nproc-per-node=1 /home/u/train.py" in diff


def test_deepspeed_in_apptainer_goes_through_python() -> None:
    result = diagnose_log(APPTAINER, "/bin/bash: deepspeed: command not found\n", "delta", None, False)
    assert "python -m deepspeed.launcher.runner --num_gpus 1 train.py" in _diff(result)


def test_launcher_on_the_host_is_not_read_as_a_container_path() -> None:
    result = diagnose_log(HOST, "torchrun: command not found\n", "delta", None, False)
    assert "launcher-entry-point-not-on-container-path" not in str(result.get("diagnoses"))


def test_fact_reads_the_container_in_front_of_the_launcher() -> None:
    from maple_flow.repair.script_facts import launcher_in_container
    from maple_flow.scriptparse import parse_script
    assert launcher_in_container(parse_script(PYXIS))
    assert launcher_in_container(parse_script(APPTAINER))
    assert not launcher_in_container(parse_script(HOST))
    assert not launcher_in_container(parse_script(APPTAINER.replace("deepspeed --num_gpus", "python -m deepspeed.launcher.runner --num_gpus")))


# -- a small host allocation failing in a job that asks no memory -------------------------------
SMALL = "RuntimeError: [enforce fail at alloc_cpu.cpp:117] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 2359296 bytes. Error code 12 (Cannot allocate memory)\n"
ONE_GPU = HEAD + "python prune.py --model llama-7b\n"


def test_small_allocation_without_memory_request_asks_the_gpus_share() -> None:
    diff = _diff(diagnose_log(ONE_GPU, SMALL, "delta", None, False))
    assert "+#SBATCH --mem=59604M" in diff


@pytest.mark.parametrize(("script", "log"), [
    (ONE_GPU.replace("#SBATCH --time", "#SBATCH --mem=16G\n#SBATCH --time"), SMALL),  # asks memory already
    (ONE_GPU, SMALL.replace("2359296", "800000000000")),  # the program asks an impossible size
])
def test_no_memory_share_where_it_is_not_the_jobs_default(script: str, log: str) -> None:
    assert "--mem=" not in _diff(diagnose_log(script, log, "delta", None, False))


# -- expandable segments the node's driver cannot back --------------------------------------------
DRIVER_OOM = "RuntimeError: CUDA driver error: out of memory\n"
EXPANDABLE = HEAD + "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\npython train.py\n"


def test_driver_oom_with_expandable_segments_drops_the_setting() -> None:
    diff = _diff(diagnose_log(EXPANDABLE, DRIVER_OOM, "delta", None, False))
    assert "-export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True" in diff


@pytest.mark.parametrize(("script", "log"), [
    (HEAD + "python train.py\n", DRIVER_OOM),  # no expandable segments: the GPU may be full
    # other allocator settings with it: dropping the variable would lose them
    (EXPANDABLE.replace("expandable_segments:True", "expandable_segments:True,max_split_size_mb:128"), DRIVER_OOM),
    (EXPANDABLE, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"),  # the allocator's own OOM
])
def test_no_expandable_segments_fix_where_it_is_not_shown(script: str, log: str) -> None:
    assert "PYTORCH_CUDA_ALLOC_CONF" not in _diff(diagnose_log(script, log, "delta", None, False))


# -- srun's two CPUs-per-task variables disagree --------------------------------------------------
CPUS_LOG = "srun: fatal: cpus-per-task set by two different environment variables\nSLURM_CPUS_PER_TASK=20 != SLURM_TRES_PER_TASK=cpu=16\n"
ASKS_16 = HEAD + "#SBATCH --cpus-per-task=16\nsrun python train.py\n"


def test_step_gets_the_jobs_own_cpus_per_task_not_the_inherited_one() -> None:
    diff = _diff(diagnose_log(ASKS_16, CPUS_LOG, "delta", None, False))
    assert "+srun --exact --cpus-per-task=16 python train.py" in diff


def test_bare_variable_pair_is_read_too() -> None:
    log = "SLURM_CPUS_PER_TASK=9 != SLURM_TRES_PER_TASK=cpu=4\n"
    diff = _diff(diagnose_log(ASKS_16.replace("=16", "=4"), log, "perlmutter", None, False))
    assert "--cpus-per-task=4" in diff and "--exact" in diff


def test_no_own_cpus_request_leaves_the_step_alone() -> None:
    diff = _diff(diagnose_log(HEAD + "srun python train.py\n", CPUS_LOG, "delta", None, False))
    assert "--cpus-per-task=16" not in diff and "--exact" not in diff


def test_cpu_job_is_asked_for_its_memory() -> None:
    cpu_job = ONE_GPU.replace("#SBATCH --gpus-per-node=1\n", "")
    result = diagnose_log(cpu_job, SMALL, "delta", None, False)
    assert result.get("proposed") is None
    assert "mem" in str(result["diagnoses"][0].get("needs"))
    answered = _diff(diagnose_log(cpu_job, SMALL, "delta", None, False, {"mem": "64G"}))
    assert "+#SBATCH --mem=64G" in answered
