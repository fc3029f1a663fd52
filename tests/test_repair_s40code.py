"""Session s40 (helper s40code, issue 17 point 3): fixes that find the line at fault.

1. Open MPI's ``orterun`` is its ``mpirun`` (one table of launcher names, scriptparse.launch).
2. What a Slurm step's environment holds (repair/step_export.py): the last ``--export`` wins,
   ``#SBATCH --export`` reaches the steps as SLURM_EXPORT_ENV; ops that add a variable keep and
   extend the user's list.
3. Perlmutter's interactive QOS (salloc only) is profile data and never a batch job's fix.
"""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import all_profiles
from maple_flow.repair import ops as o
from maple_flow.repair import patch_launch as pl
from maple_flow.repair import step_export as se
from maple_flow.repair.layout import find_launch
from maple_flow.repair.patch import apply_op
from maple_flow.repair.script_facts import holds
from maple_flow.repair.text import FixNotApplicable
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.launch import (
    LAUNCH_CMDS,
    launcher_names,
    launcher_pattern,
    same_launcher,
)
from maple_flow.scriptparse.script import launcher_command_line

# --- 1. orterun ------------------------------------------------------------------------------

ORTERUN_JOB = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
module load gcc/11.2.0 openmpi/4.1.2
orterun -np ${SLURM_NTASKS} python -u train.py --epochs 10
"""
MASTER_ADDR_LOG = ("ValueError: Error initializing torch.distributed using env:// rendezvous: "
                   "environment variable MASTER_ADDR expected, but not set\n")


def test_orterun_is_read_as_mpirun_from_the_one_table() -> None:
    assert same_launcher("orterun") == "mpirun"
    assert same_launcher("mpirun.openmpi") == "mpirun"
    assert same_launcher("mpiexec.hydra") == "mpiexec"
    assert launcher_names("mpirun") == ("mpirun", "orterun")
    assert "orterun" in LAUNCH_CMDS and "mpiexec.hydra" not in LAUNCH_CMDS
    assert launcher_pattern("mpirun") == "orterun|mpirun"


def test_an_orterun_launch_is_the_scripts_launch_line() -> None:
    parsed = parse_script(ORTERUN_JOB)
    assert [s.name for s in parsed.launch.stages] == ["mpirun"]
    assert parsed.launch.entrypoint == "train.py"
    assert launcher_command_line(ORTERUN_JOB, "mpirun") == 7
    assert find_launch(ORTERUN_JOB, "mpirun").line == 7


def test_mpirun_edits_land_on_the_orterun_line() -> None:
    assert pl.set_launcher_arg(ORTERUN_JOB, "mpirun", "-np", "4").splitlines()[-1] == \
        "orterun -np 4 python -u train.py --epochs 10"
    assert pl.add_env_name(ORTERUN_JOB, "PYTHONPATH").splitlines()[-1].startswith(
        "orterun -x PYTHONPATH -np")
    path = ORTERUN_JOB.replace("orterun -np", "/opt/ompi/bin/orterun -np")
    assert "/opt/ompi/bin/orterun -np 4" in pl.set_launcher_arg(path, "mpirun", "-np", "4")


def test_the_env_rendezvous_of_an_orterun_job_gets_its_master_addr() -> None:
    data = diagnose_log(ORTERUN_JOB, MASTER_ADDR_LOG, "delta", None, False)
    assert data["proposed"]["record_id"] == "master-addr-not-set"
    assert "+export MASTER_ADDR=" in data["proposed"]["diff"]


def test_the_openib_queue_message_is_the_sites_not_the_scripts() -> None:
    log = ("The OpenIB BTL failed to initialize while trying to create an internal\n"
           "queue.  This typically indicates a failed OpenFabrics installation or\n"
           "faulty hardware.  The failure occured here:\n")
    data = diagnose_log(ORTERUN_JOB, log, "delta", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "openmpi-openib-create-queue-failed"


# --- 2. what a step's environment holds ---------------------------------------------------------

SRUN_JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
module load pytorch
srun python -u train.py
"""


def _with(text: str, srun: str = "srun", directive: str = "", before: str = "") -> str:
    if directive:
        text = text.replace("#SBATCH --time", f"#SBATCH {directive}\n#SBATCH --time")
    if before:
        text = text.replace("srun python", f"{before}\nsrun python")
    return text.replace("srun python", f"{srun} python")


def _srun_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("srun"))


@pytest.mark.parametrize(("text", "value", "source", "whole"), [
    (SRUN_JOB, "ALL", "default", True),
    # the last --export on the command line wins (slurm_opt.c arg_set_export)
    (_with(SRUN_JOB, "srun --export=ALL,A=1 --export=B=2"), "B=2", "srun", False),
    (_with(SRUN_JOB, "srun --export=NONE --export=ALL"), "ALL", "srun", True),
    # #SBATCH --export reaches the steps as SLURM_EXPORT_ENV (sbatch opt.c)
    (_with(SRUN_JOB, directive="--export=NONE"), "NONE", "sbatch", False),
    (_with(SRUN_JOB, directive="--export=A=1,B"), "A=1,B", "sbatch", False),
    (_with(SRUN_JOB, directive="--export=ALL,A=1"), "ALL,A=1", "sbatch", True),
    (_with(SRUN_JOB, directive="--export=NONE", before="unset SLURM_EXPORT_ENV"),
     "ALL", "default", True),
    (_with(SRUN_JOB, directive="--export=NONE", before="export SLURM_EXPORT_ENV=ALL"),
     "ALL", "script", True),
    # SRUN_EXPORT_ENV overrides SLURM_EXPORT_ENV (srun opt.c); srun's own option both
    (_with(SRUN_JOB, directive="--export=NONE", before="export SRUN_EXPORT_ENV=ALL"),
     "ALL", "script", True),
    (_with(SRUN_JOB, "srun --export=ALL", directive="--export=NONE"), "ALL", "srun", True),
])
def test_the_export_a_step_gets(text: str, value: str, source: str, whole: bool) -> None:
    found = se.step_export(text)
    assert found is not None
    assert (found.value, found.source, found.whole_env) == (value, source, whole)
    assert se.srun_step_without_job_env(text) is not whole


def test_a_job_without_an_srun_step_has_no_step_export() -> None:
    assert se.step_export(ORTERUN_JOB) is None
    none = ORTERUN_JOB.replace("#SBATCH --time", "#SBATCH --export=NONE\n#SBATCH --time")
    assert se.inherited_export_without_srun_step(none)
    assert not se.inherited_export_without_srun_step(
        none.replace("module load", "unset SLURM_EXPORT_ENV\nmodule load"))


@pytest.mark.parametrize(("srun", "directive", "line"), [
    ("srun --export=NONE", "", "srun --export=ALL python -u train.py"),
    # the user's list kept, ALL added to the list that applies (the last one)
    ("srun --export=ALL,A=1 --export=B=2", "", "srun --export=ALL,A=1 --export=ALL,B=2 python"),
    ("srun", "--export=A=1,B", "srun --export=ALL,A=1,B python -u train.py"),
    ("srun", "--export=NONE", "srun --export=ALL python -u train.py"),
])
def test_propagate_keeps_the_users_list(srun: str, directive: str, line: str) -> None:
    text = _with(SRUN_JOB, srun, directive)
    after = apply_op(text, o.PropagateEnv(launcher="srun"), all_profiles()["perlmutter"])
    assert _srun_line(after).startswith(line)


def test_propagate_leaves_an_explicit_all_alone() -> None:
    text = _with(SRUN_JOB, "srun --export=ALL,MASTER_ADDR=$MASTER_ADDR")
    assert apply_op(text, o.PropagateEnv(launcher="srun"), all_profiles()["perlmutter"]) == text


@pytest.mark.parametrize(("srun", "directive", "line"), [
    # a list of the step's own is extended; NONE (which takes no names) becomes the names
    ("srun --export=ALL,A=1 --export=B=2", "", "srun --export=ALL,A=1 --export=B=2,NCCL_DEBUG "),
    ("srun --export=NONE", "", "srun --export=NCCL_DEBUG python"),
    ("srun", "--export=A=1,B", "srun --export=A=1,B,NCCL_DEBUG python"),
    ("srun", "--export=NONE", "srun --export=NCCL_DEBUG python"),
    # a step with the whole environment needs nothing
    ("srun", "", "srun python"),
    ("srun --export=ALL,A=1", "", "srun --export=ALL,A=1 python"),
])
def test_an_added_variable_reaches_the_step(srun: str, directive: str, line: str) -> None:
    text = _with(SRUN_JOB, srun, directive)
    after = apply_op(text, o.ExportEnv(name="NCCL_DEBUG", value="INFO"),
                     all_profiles()["perlmutter"])
    assert "export NCCL_DEBUG=INFO" in after
    assert _srun_line(after).startswith(line)


def test_the_facts_read_the_step_not_the_words() -> None:
    inherited = _with(SRUN_JOB, directive="--export=NONE")
    assert holds("srun_step_without_job_env", inherited)
    assert not holds("inherited_export_without_srun_step", inherited)  # srun's own step
    split = _with(SRUN_JOB, "srun --export=NONE --export=ALL")
    assert not holds("srun_step_without_job_env", split)  # the words hold NONE, the step ALL


def test_an_inherited_none_is_fixed_on_the_step_not_the_jobs_directive() -> None:
    text = _with(SRUN_JOB, directive="--export=NONE")
    data = diagnose_log(text, "slurmstepd: error: execve(): python: No such file or directory\n",
                        "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "srun-export-none"
    diff = data["proposed"]["diff"]
    assert "+srun --export=ALL python -u train.py" in diff
    assert "-#SBATCH --export=NONE" not in diff  # the job keeps its own NONE


# --- 3. Perlmutter's interactive QOS ------------------------------------------------------------

BATCH_IN_INTERACTIVE = """#!/bin/bash
#SBATCH -A m0000
#SBATCH -C cpu
#SBATCH -q interactive
#SBATCH --nodes=1
#SBATCH -t 00:30:00
srun python -m sim run.py
"""


def test_the_interactive_qos_is_profile_data_of_salloc_only() -> None:
    queue = all_profiles()["perlmutter"].queues.get("interactive")
    assert queue is not None and queue.kind == "qos"
    assert (queue.auto, queue.batch, queue.max_walltime, queue.max_nodes) == (
        False, False, "04:00:00", 4)


def test_no_op_moves_a_batch_job_to_the_interactive_qos() -> None:
    profile = all_profiles()["perlmutter"]
    with pytest.raises(FixNotApplicable, match="interactive allocations only"):
        apply_op(SRUN_JOB, o.SetQueue(name="interactive"), profile)


def test_a_batch_job_in_the_interactive_qos_moves_to_a_batch_qos() -> None:
    data = diagnose_log(BATCH_IN_INTERACTIVE,
                        "sbatch: error: Cannot submit batch jobs to interactive.\n",
                        "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "batch-job-in-interactive-only-qos"
    diff = data["proposed"]["diff"]
    assert "+#SBATCH -q debug" in diff or "+#SBATCH --qos=debug" in diff
    assert "+#SBATCH -q interactive" not in diff
