"""Signatures that read the script through scriptparse (``script_fact``), on users' forms."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.classify import classify
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import FailureEvidence
from maple_flow.repair.patch import apply_fix
from maple_flow.repair.script_facts import holds

KB = load_knowledge_base()
#: A user's script: srun starts torchrun as 4 tasks on each node (options on the srun line
#: only, the directives ask one task per node), with a conda set-up that fails first.
SCRIPT = """#!/bin/bash
#SBATCH -A m1234
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=128
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
conda activate scbert
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun --nodes=2 --ntasks=8 --ntasks-per-node=4 --cpus-per-task=128 \\
    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\
    --rdzv_endpoint="$HEAD:29500" pretrain.py --data_path=./data/x.h5ad
"""
LOG = ("EnvironmentNameNotFound: Could not find conda environment: scbert\n"
       "srun: error: Unable to create step for job 800732: "
       "More processors requested than permitted\n")


def _ev(script: str, log: str = LOG) -> FailureEvidence:
    return FailureEvidence(cluster="perlmutter", scheduler="slurm", job_state="FAILED",
                           exit_code=1, stderr=log, script=script,
                           reasons=["the job ended FAILED with exit code 1"])


def test_launchers_per_node_on_the_srun_line_are_a_candidate() -> None:
    """Was conda-env-not-found alone (its fix changes nothing here, so the loop stopped): the
    directives say one task per node, the srun line four."""
    found = [d.record_id for d in classify(_ev(SCRIPT), KB)]
    assert "several-launchers-per-node" in found
    assert found[0] == "several-launchers-per-node" or found[0] == "conda-env-not-found"


def test_a_task_count_above_the_nodes_is_several_launchers() -> None:
    script = SCRIPT.replace(" --ntasks-per-node=4", "")
    assert holds("several_launchers_per_node", script)
    assert "several-launchers-per-node" in [d.record_id for d in classify(_ev(script), KB)]


def test_one_launcher_per_node_is_not_matched() -> None:
    one = SCRIPT.replace("--ntasks=8 --ntasks-per-node=4", "--ntasks=2 --ntasks-per-node=1")
    assert not holds("several_launchers_per_node", one)
    assert all(d.record_id != "several-launchers-per-node" for d in classify(_ev(one), KB))


def test_per_rank_srun_is_not_matched() -> None:
    per_rank = SCRIPT.replace("torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n"
                              "    --rdzv_endpoint=\"$HEAD:29500\" ", "python ")
    assert not holds("several_launchers_per_node", per_rank)


def test_the_fix_edits_the_srun_line() -> None:
    top = next(d for d in classify(_ev(SCRIPT), KB) if d.record_id == "several-launchers-per-node")
    after = apply_fix(SCRIPT, top.fix, get_profile("perlmutter"))
    srun = next(ln for ln in after.splitlines() if ln.startswith("srun"))
    assert "--ntasks-per-node=1" in srun and '--ntasks=2' in srun
    assert "--ntasks=8" not in srun
    assert not holds("several_launchers_per_node", after)
    assert after.splitlines()[:7] == SCRIPT.splitlines()[:7]  # the directives are the user's


def test_a_script_that_does_not_parse_has_no_fact() -> None:
    assert not holds("several_launchers_per_node", "")
    assert not holds("several_launchers_per_node", 'srun "unclosed\n')


NODE_CONFIG = ("sbatch: error: Batch job submission failed: "
               "Requested node configuration is not available\n")
DELTA = """#!/bin/bash
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition={partition}
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
srun python -u train.py
"""


def _submit(script: str, cluster: str = "delta") -> FailureEvidence:
    return FailureEvidence(cluster=cluster, scheduler="slurm", submit_message=NODE_CONFIG,
                           script=script, reasons=[f"rejected at submission: {NODE_CONFIG}"])


def test_gpus_in_a_cpu_partition_move_the_partition_not_the_gpus() -> None:
    """Was slurm-node-config-unavailable (GPUs per node set to what they already were)."""
    script = DELTA.format(partition="cpu")
    top = classify(_submit(script), KB)[0]
    assert top.record_id == "slurm-node-config-partition"
    after = apply_fix(script, top.fix, get_profile("delta"))
    assert "#SBATCH --partition=gpuA100x4" in after and "--gpus-per-node=4" in after


def test_a_gpu_partition_of_the_site_is_not_at_fault() -> None:
    script = DELTA.format(partition="gpuA100x4")
    assert not holds("gpu_job_off_the_gpu_partitions", script, get_profile("delta"))
    assert all(d.record_id != "slurm-node-config-partition" for d in classify(_submit(script), KB))


def test_a_cpu_job_in_a_cpu_partition_is_not_at_fault() -> None:
    script = DELTA.format(partition="cpu").replace("#SBATCH --gpus-per-node=4\n", "")
    assert not holds("gpu_job_off_the_gpu_partitions", script, get_profile("delta"))


def test_a_partition_on_the_srun_line_counts() -> None:
    script = DELTA.format(partition="gpuA100x4").replace("srun python", "srun -p cpu python")
    assert holds("gpu_job_off_the_gpu_partitions", script, get_profile("delta"))


def test_several_launchers_outrank_a_torchrun_restart_symptom() -> None:
    """Was torchrun-max-restarts first (a fix that leaves four launchers a node)."""
    log = "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
    assert classify(_ev(SCRIPT, log), KB)[0].record_id == "several-launchers-per-node"
