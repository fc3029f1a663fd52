"""A site's generic submit-policy refusal read against the script's directives and the site's
facts (issue 17, helper s31site: maple_flow/repair/patch_site_policy.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.patch_site_policy import fit_site_policy, public_qos
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs22" / "scripts"
PM = (SCRIPTS / "perlmutter_srun_gpu.sh").read_text(encoding="utf-8")
POLICY = "sbatch: error: Job request does not match any supported policy.\n"
CPU = ("#!/bin/bash\n#SBATCH -A m342\n#SBATCH -q debug\n#SBATCH -N 1\n"
       "#SBATCH --ntasks-per-node=32\n#SBATCH -t 00:29:00\nsrun ./compute step.in\n")


def _diagnosis(script: str) -> dict[str, object]:
    return diagnose_log(script, POLICY, "perlmutter", None, False)


def _diff(data: dict[str, object]) -> str:
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["diff"])  # type: ignore[index]


def test_cpu_job_without_node_type_gets_the_cpu_constraint_never_gpu() -> None:
    diff = _diff(_diagnosis(CPU))
    assert "+#SBATCH --constraint=cpu" in diff
    assert "gpu" not in diff


def test_gpu_job_without_node_type_gets_the_gpu_constraint() -> None:
    script = PM.replace("#SBATCH -C gpu\n", "")
    assert "+#SBATCH --constraint=gpu" in _diff(_diagnosis(script))


def test_internal_qos_name_is_written_as_the_listed_qos_it_holds() -> None:
    script = PM.replace("#SBATCH -q regular", "#SBATCH -q gpu_regular")
    diff = _diff(_diagnosis(script))
    assert "-#SBATCH -q gpu_regular" in diff and "+#SBATCH -q regular" in diff


def test_unknown_qos_without_a_listed_word_is_refused_with_the_line() -> None:
    profile = get_profile("perlmutter")
    script = PM.replace("#SBATCH -q regular", "#SBATCH -q special")
    with pytest.raises(FixNotApplicable, match=r"names a QOS .* yours to say"):
        fit_site_policy(script, "gpu", profile)


def test_a_script_the_facts_show_no_misfit_in_gets_no_fix() -> None:
    profile = get_profile("perlmutter")
    with pytest.raises(FixNotApplicable, match="no other misfit"):
        fit_site_policy(PM, "gpu", profile)
    assert _diagnosis(PM)["proposed"] is None


def test_cpu_job_with_its_constraint_is_not_given_a_gpu_one() -> None:
    script = CPU.replace("#SBATCH -q debug\n", "#SBATCH -q debug\n#SBATCH -C cpu\n")
    assert _diagnosis(script)["proposed"] is None


def test_public_qos_needs_exactly_one_listed_word() -> None:
    profile = get_profile("perlmutter")
    assert public_qos("gpu_debug", profile) == "debug"
    assert public_qos("regular_debug", profile) is None
    assert public_qos("gpuregular", profile) is None
