"""Classes of the held-out misses of bench/reallogs31/32 (issue 17, helper s34held): a
container runtime that a site gives only behind a module (op container_runtime_setup on the
existing container-runtime-not-loaded record), and two not-script classes (advice only): a
node PALS reports dead (shepherd killed, ping RPC timeout) and backward() on a non-scalar.
Wordings are the probe's (bench/s34held_probe), not the cases'."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.patch_container_runtime import container_runtime_setup
from maple_flow.repair.text import FixNotApplicable

NEW = load_file(failures_dir() / "held_s34.yaml")

_SLURM = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
{setup}srun apptainer exec --nv image.sif python train.py
"""
_PBS = """#!/bin/bash
#PBS -l select=1:system=polaris
#PBS -l walltime=01:00:00
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
mpiexec -n 4 --ppn 4 apptainer exec --nv image.sif python train.py
"""


def _diagnose(script: str, log: str, cluster: str) -> dict:
    return diagnose_log(script, log, cluster, None, False)


def test_records_are_sourced_and_signature_only() -> None:
    assert {r.id for r in NEW} == {"backward-non-scalar-output"}
    assert all(r.references and r.signature_only and not r.fix for r in NEW)


def test_runtime_setup_writes_the_sites_module_path_before_its_loads() -> None:
    text = container_runtime_setup(_PBS, get_profile("polaris"), "apptainer")
    added = [line for line in text.splitlines() if line.startswith("module ")]
    assert added == ["module use /soft/modulefiles", "module load spack-pe-base/0.6.2",
                     "module load apptainer"]


def test_runtime_setup_keeps_what_the_script_has() -> None:
    script = _PBS.replace("cd ${", "module use /soft/modulefiles\nmodule load apptainer/1.3\ncd ${")
    text = container_runtime_setup(script, get_profile("polaris"), "apptainer")
    assert text.count("module use /soft/modulefiles") == 1
    assert "module load apptainer\n" not in text and "module load spack-pe-base/0.6.2" in text
    with pytest.raises(FixNotApplicable):
        container_runtime_setup(text, get_profile("polaris"), "singularity")


def test_runtime_on_path_at_the_site_is_not_a_module_line() -> None:
    with pytest.raises(FixNotApplicable, match="no module"):
        container_runtime_setup(_SLURM.format(setup=""), get_profile("delta"), "apptainer")
    data = _diagnose(_SLURM.format(setup=""), "apptainer: command not found\n", "delta")
    assert data["proposed"] is None


@pytest.mark.parametrize("log", [
    "apptainer: command not found\n",
    "failed on node1602 after one second with\n`apptainer: command not found`\n",
    "/var/spool/slurmd/job123/slurm_script: line 7: apptainer: command not found\n",
])
def test_container_runtime_not_loaded_loads_the_site_module(log: str) -> None:
    data = _diagnose(_SLURM.format(setup=""), log, "stampede3")
    assert data["proposed"]["record_id"] == "container-runtime-not-loaded"
    assert "+module load tacc-apptainer" in data["proposed"]["diff"]


def test_a_site_with_another_runtime_gets_no_module() -> None:
    with pytest.raises(FixNotApplicable, match="shifter"):
        container_runtime_setup(_SLURM.format(setup=""), get_profile("perlmutter"), "apptainer")
    data = _diagnose(_SLURM.format(setup=""), "apptainer: command not found\n", "perlmutter")
    assert data["proposed"] is None


def test_quoted_messages_become_lines() -> None:
    from maple_flow.repair.lognorm import quoted_messages

    text = ("| `apptainer: command not found` in job | forgot `module load apptainer/...` |\n"
            "NODE_FAIL (`shepherd died from signal 9` on `x4406c6s7b0n0`, exit -20)\n"
            "apptainer: command not found\n")
    assert quoted_messages(text) == ["shepherd died from signal 9"]


def test_other_command_not_found_is_not_the_container_runtime() -> None:
    data = _diagnose(_SLURM.format(setup=""), "bash: torchrun: command not found\n", "stampede3")
    assert (data["proposed"] or {}).get("record_id") != "container-runtime-not-loaded"


@pytest.mark.parametrize(("log", "record"), [
    ("x4117c0s6b0n0.hsn.cm.aurora.alcf.anl.gov: shepherd died from signal 9\n"
     "x4115c5s4b0n0.hsn.cm.aurora.alcf.anl.gov: rank 12 died from signal 15\n",
     "pals-node-down-during-job"),
    ("NODE_FAIL after step 364 (`shepherd died from signal 9` on `x4406c6s7b0n0`, exit -20)\n",
     "pals-node-down-during-job"),
    ("ping RPC timeout from x4504c5s1b0n0 after 120s\n", "pals-node-down-during-job"),
    (">>> yt.backward()\n\nRuntimeError: grad can be implicitly created only for scalar outputs\n",
     "backward-non-scalar-output"),
])
def test_not_script_classes_give_advice_only(log: str, record: str) -> None:
    data = _diagnose(_PBS, log, "aurora")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == record
    assert data["diagnoses"][0]["verdict"] == "not_script"


def test_collateral_rank_teardown_alone_is_not_a_node_failure() -> None:
    log = "x4001c5s4b0n0.hsn.cm.aurora.alcf.anl.gov: rank 0 died from signal 15\n"
    data = _diagnose(_PBS, log, "aurora")
    assert not [d for d in data["diagnoses"]
                if d["record_id"] == "pals-node-down-during-job" and d["method"] == "signature"]
