"""Slurm submission classes of helper s34ctr2 (templates/failures/ctr2_s34.yaml and two
extended records): a site partition given as the QOS (moved to --partition only when the
script's QOS value is one of the site's partitions), a submit filter's "no time
specification", and a quota filter refusing submissions at any Slurm site (not the script's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES
from maple_flow.repair.resolve_qos import QosUnresolved, qos_partition

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
HEAD = "#!/bin/bash\n#SBATCH --account=bbka-delta-gpu\n"
QOS_AS_PARTITION = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=gpuA100x4\n")


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict) -> str | None:
    found = data.get("diagnoses") or []
    return found[0]["record_id"] if found else None


def test_qos_partition_is_the_scripts_qos_when_it_names_a_partition() -> None:
    assert qos_partition(QOS_AS_PARTITION, get_profile("delta")) == "gpuA100x4"
    short = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH -q gpuA100x4\n")
    assert qos_partition(short, get_profile("delta")) == "gpuA100x4"


@pytest.mark.parametrize("script", [
    TORCHRUN,  # no QOS at all
    TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=normal\n"),  # a QOS, no partition
    QOS_AS_PARTITION.replace("#SBATCH --qos", "#SBATCH --partition=gpuA100x4-preempt\n"
                             "#SBATCH --qos"),  # another partition named too
])
def test_qos_partition_unresolved_otherwise(script: str) -> None:
    with pytest.raises(QosUnresolved):
        qos_partition(script, get_profile("delta"))


@pytest.mark.parametrize("log", [
    "Invalid qos specification\n",
    "sbatch: error: Batch job submission failed: Invalid qos specification\n",
])
def test_partition_named_as_qos_moves_to_the_partition_directive(log: str) -> None:
    data = _diagnose(QOS_AS_PARTITION, log)
    assert data["proposed"]["record_id"] == "slurm-partition-named-as-qos"
    diff = data["proposed"]["diff"]
    assert "-#SBATCH --qos=gpuA100x4" in diff
    assert "+#SBATCH --partition=gpuA100x4" in diff


def test_a_qos_that_names_no_partition_is_not_moved() -> None:
    script = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=premium\n")
    data = _diagnose(script, "sbatch: error: Batch job submission failed: Invalid qos "
                     "specification\n")
    ids = [d["record_id"] for d in data.get("diagnoses") or []]
    assert "slurm-partition-named-as-qos" not in ids


def test_no_qos_in_the_script_is_not_this_class() -> None:
    data = _diagnose(TORCHRUN.replace("#!/bin/bash\n", HEAD), "Invalid qos specification\n")
    assert data.get("proposed") is None


def test_no_time_specification_sets_a_walltime() -> None:
    script = HEAD + "#SBATCH --partition=gpuA100x4\n" + TORCHRUN.replace(
        "#!/bin/bash\n", "").replace("#SBATCH --time=01:00:00\n", "")
    data = _diagnose(script, "error: Your job has no time specification (--time=)...\n")
    assert data["proposed"]["record_id"] == "slurm-time-limit-required"
    assert "+#SBATCH --time=" in data["proposed"]["diff"]


def test_quota_filter_refusal_is_not_the_script_at_any_slurm_site() -> None:
    log = ("sbatch: error: Your account has exceeded a file system quota and is not permitted "
           "to submit batch jobs.  Please run `myquota` for more information.\n")
    data = _diagnose(TORCHRUN, log, "delta")
    assert data.get("proposed") is None
    first = _first(data)
    assert first == "nersc-quota-blocks-submit"
    assert load_knowledge_base().get(first).family in NOT_SCRIPT_FAMILIES


B2_RM = ("#!/bin/bash\n#SBATCH -p RM-shared\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=16\n"
         "#SBATCH --time=06:00:00\nmodule load openmpi\nsrun ./solver input.dat\n")


@pytest.mark.parametrize("log", [
    "Invalid qos specification\n",
    "sbatch: error: Batch job submission failed: Invalid qos specification\n",
])
def test_no_qos_named_asks_and_never_moves_the_partition(log: str) -> None:
    data = _diagnose(B2_RM, log, "bridges2")
    assert data.get("proposed") is None
    assert _first(data) == "slurm-qos-refused-none-named"
    assert data["diagnoses"][0]["needs"] == ["qos"]


def test_a_named_qos_that_is_no_partition_asks_for_the_qos() -> None:
    script = TORCHRUN.replace("#!/bin/bash\n", HEAD + "#SBATCH --qos=gpu-a100_default\n")
    data = _diagnose(script, "Invalid qos specification\n")
    assert data.get("proposed") is None
    assert _first(data) == "slurm-named-qos-refused-ask"


def test_sbatchs_invalid_qos_with_a_named_qos_keeps_its_record() -> None:
    script = TORCHRUN.replace("#!/bin/bash\n", "#!/bin/bash\n#SBATCH --qos=bsc_es\n")
    data = _diagnose(script, "sbatch: error: Batch job submission failed: Invalid qos "
                     "specification\n", "perlmutter")
    assert data["proposed"]["record_id"] == "slurm-invalid-qos"
