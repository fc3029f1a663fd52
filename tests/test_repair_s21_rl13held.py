"""reallogs13 held-out half, released (issue 17): a framework's wording of a GPU index beyond
the one GPU that per-task binding leaves each task (fixed only where the script binds per task),
libibverbs without a userspace provider and the container runtime losing a container (not the
script's). Records: templates/failures/s21_rl13held.yaml; probe: bench/s21rl13held_probe."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log

BENCH = Path(__file__).resolve().parent.parent / "bench"
SRUN = (BENCH / "reallogs" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
PER_TASK = SRUN.replace("#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-task=1")
SRUN_BIND = SRUN.replace("srun python", "srun --gpu-bind=single:1 python")
PODMAN = "srun podman-hpc run --rm --gpu img python3 train.py"
APPTAINER = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
module load apptainer
srun apptainer exec --nv image.sif torchrun --nnodes=2 --nproc_per_node=4 train.py
"""

TF_INDEX = ("  File \"train.py\", line 30, in <module>\n"
            "    tf.config.experimental.set_visible_devices(gpus[hvd.local_rank()], 'GPU')\n"
            "IndexError: list index out of range\n")
TF1 = ("tensorflow.python.framework.errors_impl.InvalidArgumentError: 'visible_device_list' "
       "listed an invalid GPU id '3' but visible device count is 1\n")
MXNET = ("mxnet.base.MXNetError: [10:02:11] src/engine/threaded_engine.cc:330: Check failed: "
         "exec_ctx.dev_id < device_count_ (2 vs. 1) Invalid GPU Id: 2, Valid device id should "
         "be less than device_count: 1\n")


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


@pytest.mark.parametrize("log", [TF_INDEX, TF1, MXNET])
def test_device_index_under_per_task_binding_gives_every_task_the_node_gpus(log: str) -> None:
    data = _diagnose(PER_TASK, log)
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "framework-device-index-under-per-task-gpu-binding"
    diff = str(proposed["diff"])
    assert "-#SBATCH --gpus-per-task=1" in diff
    assert "+#SBATCH --gpus-per-node=4" in diff


def test_device_index_under_an_srun_gpu_bind_drops_the_binding() -> None:
    data = _diagnose(SRUN_BIND, TF1)
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "framework-device-index-under-per-task-gpu-binding"
    assert "--gpu-bind" not in "".join(
        line for line in str(proposed["diff"]).splitlines() if line.startswith("+"))


@pytest.mark.parametrize("log", [TF_INDEX, TF1, MXNET])
def test_without_per_task_binding_no_binding_fix(log: str) -> None:
    """The same words in a job whose tasks see all the node's GPUs: the binding is not the
    cause, so this record does not hold."""
    data = _diagnose(SRUN, log)
    ids = [d["record_id"] for d in data["diagnoses"]]  # type: ignore[union-attr]
    assert "framework-device-index-under-per-task-gpu-binding" not in ids
    proposed = data["proposed"]
    assert proposed is None or proposed["record_id"] != (  # type: ignore[index]
        "framework-device-index-under-per-task-gpu-binding")


def test_a_bare_index_error_stays_the_programs() -> None:
    data = _diagnose(PER_TASK, "IndexError: list index out of range\n")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "python-exception-in-program"  # type: ignore[index]


@pytest.mark.parametrize("log", [
    "libibverbs: Warning: no userspace device-specific driver found for "
    "/sys/class/infiniband_verbs/uverbs0\n"
    "node1: Test NCCL failure common.cu:775 'internal error'\n",
    "libibverbs: Warning: couldn't load driver 'mlx5': libmlx5-rdmav34.so: cannot open shared "
    "object file: No such file or directory\n",
])
def test_ibverbs_without_a_provider_is_not_the_script(log: str) -> None:
    data = _diagnose(APPTAINER, log)
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "ibverbs-no-userspace-provider"
    assert first["verdict"] == "not_script"


@pytest.mark.parametrize("log", [
    "Error: no container with ID c788431eb058741b5bdab05bc5b20fd8c1bce5594326681c1a396a157441b366"
    " found in database: no such container\n",
    "Error: container 85ea779d81e95632061a2b3c not found in DB: no such container\n",
])
def test_a_container_lost_by_the_runtime_is_not_the_script(log: str) -> None:
    script = SRUN.replace("srun python -u train.py", PODMAN)
    data = _diagnose(script, log, "perlmutter")
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "container-runtime-state-lost-container"
    assert first["verdict"] == "not_script"


def test_a_container_name_the_script_misspells_is_not_the_runtimes() -> None:
    """podman's "no container with name or ID <name>": a name the user gave, not a lost one."""
    script = SRUN.replace("srun python -u train.py", PODMAN)
    log = 'Error: no container with name or ID "trainer" found: no such container\n'
    data = _diagnose(script, log, "perlmutter")
    ids = [d["record_id"] for d in data["diagnoses"]]  # type: ignore[union-attr]
    assert "container-runtime-state-lost-container" not in ids


# colossalai run over a host list in a Slurm job: one torchrun a node started by srun
COLOSSAL = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
{setup}colossalai run --nproc_per_node 4 {hosts} \\
    train.py --strategy colossalai_zero2
"""
FAILED_REMOTE = ("Error: failed to run torchrun --nproc_per_node=4 --nnodes=2 --node_rank=1 "
                 "--rdzv_backend=c10d --rdzv_endpoint=10.0.0.1:29500 --rdzv_id=colossalai-default"
                 "-job train.py on gpu-2, is localhost: False, exception: No authentication methods"
                 " available\n")


def _colossal(setup: str = "", hosts: str = "--hostfile hostfile") -> str:
    return COLOSSAL.format(setup=setup, hosts=hosts)


def test_colossalai_run_over_ssh_becomes_one_torchrun_a_node() -> None:
    from maple_flow.repair.patch_colossal import colossalai_run_per_node

    after = colossalai_run_per_node(_colossal(), "slurm")
    assert "colossalai run" not in after
    assert ('srun --ntasks-per-node=1 torchrun --nnodes="$SLURM_JOB_NUM_NODES" '
            '--nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$(scontrol show hostnames '
            '"$SLURM_JOB_NODELIST" | head -n 1):29500" --rdzv_id="$SLURM_JOB_ID" train.py '
            '--strategy colossalai_zero2') in after


def test_the_scripts_master_variables_are_the_rendezvous() -> None:
    from maple_flow.repair.patch_colossal import colossalai_run_per_node

    setup = ('export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)\n'
             "export MASTER_PORT=29511\n")
    after = colossalai_run_per_node(_colossal(setup), "slurm")
    assert '--rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT"' in after
    # a host written into the line need not be a node of this job: the script's variable wins
    after = colossalai_run_per_node(
        _colossal(setup, "--host gpu-1,gpu-2 --master_addr gpu-1 --master_port 29600"), "slurm")
    assert '--rdzv_endpoint="$MASTER_ADDR:29600"' in after


@pytest.mark.parametrize("hosts, scheduler, why", [
    ("", "slurm", "no host list"),
    ("--hostfile hostfile --include gpu-1", "slurm", "--include"),
    ("--hostfile hostfile", "pbs", "Slurm"),
])
def test_colossalai_run_that_cannot_be_rewritten_says_why(hosts: str, scheduler: str,
                                                          why: str) -> None:
    from maple_flow.repair.patch_colossal import colossalai_run_per_node
    from maple_flow.repair.text import FixNotApplicable

    with pytest.raises(FixNotApplicable, match=why):
        colossalai_run_per_node(_colossal(hosts=hosts), scheduler)


def test_a_remote_torchrun_start_failure_of_colossalai_run_gets_the_srun_launch() -> None:
    data = _diagnose(_colossal(), FAILED_REMOTE)
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "colossalai-run-ssh-hosts-in-slurm-job"
    assert "+srun --ntasks-per-node=1 torchrun" in str(proposed["diff"])


def test_a_one_node_colossalai_run_failure_is_not_rewritten() -> None:
    """--nnodes=1 on 127.0.0.1: the program's own exit code, not the SSH start."""
    log = ("Error: failed to run torchrun --nproc_per_node=4 --nnodes=1 --node_rank=0 "
           "--rdzv_backend=c10d --rdzv_endpoint=127.0.0.1:29500 --rdzv_id=colossalai-default-job"
           " train.py on 127.0.0.1, is localhost: True, exception: Encountered a bad command "
           "exit code!\n")
    data = _diagnose(_colossal(), log)
    ids = [d["record_id"] for d in data["diagnoses"]]  # type: ignore[union-attr]
    assert "colossalai-run-ssh-hosts-in-slurm-job" not in ids


# a bash script run with sh (dash): its bash-only lines fail; the fix runs it with bash
@pytest.mark.parametrize("log", [
    "[INFO] Activating environment on node\nrun.sh: 18: source: not found\n",
    "run.sh: 3: run.sh: [[: not found\n",
    'run.sh: 5: Syntax error: "(" unexpected\n',
])
def test_a_bash_script_run_with_sh_is_run_with_bash(log: str) -> None:
    script = SRUN.replace("srun python -u train.py --batch-size 256 --epochs 32", "srun sh run.sh")
    data = _diagnose(script, log)
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "entity-bash-script-run-with-sh"
    assert "+srun bash run.sh" in str(proposed["diff"])


def test_a_script_whose_own_shebang_is_sh_gets_no_line_fix() -> None:
    """`srun ./run.sh`: the file's first line names sh; the job script's line is not at fault."""
    script = SRUN.replace("srun python -u train.py --batch-size 256 --epochs 32", "srun ./run.sh")
    data = _diagnose(script, "run.sh: 18: source: not found\n")
    proposed = data["proposed"]
    assert proposed is None or proposed["record_id"] != (  # type: ignore[index]
        "entity-bash-script-run-with-sh")


def test_bash_wording_is_not_dash() -> None:
    script = SRUN.replace("srun python -u train.py --batch-size 256 --epochs 32", "srun sh run.sh")
    data = _diagnose(script, "run.sh: line 18: source: filename argument required\n")
    ids = [d["record_id"] for d in data["diagnoses"]]  # type: ignore[union-attr]
    assert "entity-bash-script-run-with-sh" not in ids
