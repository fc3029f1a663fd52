"""s38: a policy/limit refusal from a job that names no account on a site that requires one asks
for the account (not a QOS): templates/failures/account_s38.yaml, script_facts_account.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.script_facts_account import account_required_unnamed

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = (ROOT / "bench/reallogs/scripts/srun_python.sh").read_text(encoding="utf-8")
POLICY = ("sbatch: error: Batch job submission failed: Job violates accounting/QOS policy "
          "(job submit limit, user's size and/or time limits)\n")
ASSOC = "sbatch: error: AssocMaxSubmitJobLimit\n" + POLICY


def _without_account(script: str) -> str:
    return "\n".join(line for line in script.splitlines()
                     if not line.startswith(("#SBATCH -A", "#SBATCH --account")))


@pytest.mark.parametrize("log", [POLICY, ASSOC])
def test_no_account_on_a_site_that_requires_one_asks_for_it(log: str) -> None:
    data = diagnose_log(_without_account(SCRIPT), log, "delta", None, False)
    assert data["verdict"] == "ask"
    assert data["question"]["record_id"] == "slurm-policy-refusal-account-unnamed"
    assert data["question"]["needs"] == ["account"]


def test_a_named_account_leaves_the_limit_records() -> None:
    script = _without_account(SCRIPT).replace("#!/bin/bash",
                                              "#!/bin/bash\n#SBATCH -A bbka-delta-gpu", 1)
    data = diagnose_log(script, ASSOC, "delta", None, False)
    assert all(d["record_id"] != "slurm-policy-refusal-account-unnamed" for d in data["diagnoses"])


def test_fact_reads_profile_and_script() -> None:
    bare = _without_account(SCRIPT)
    assert account_required_unnamed(bare, get_profile("delta"))
    assert not account_required_unnamed(bare, get_profile("bridges2"))  # account not required
    assert not account_required_unnamed("export SBATCH_ACCOUNT=abcd\n" + bare, get_profile("delta"))
    assert not account_required_unnamed(bare, None)


def test_a_named_qos_limit_stays_the_users_job_count() -> None:
    log = ("salloc: error: QOSMaxSubmitJobPerUserLimit\nsalloc: error: Job submit/allocate "
           "failed: Job violates accounting/QOS policy (job submit limit, user's size and/or "
           "time limits)\n")
    data = diagnose_log(_without_account(SCRIPT), log, "delta", None, False)
    assert data["question"]["record_id"] == "slurm-qos-submit-limit"


def test_a_walltime_above_every_queue_is_fixed_first() -> None:
    script = _without_account(SCRIPT)
    script = script.replace("#!/bin/bash", "#!/bin/bash\n#SBATCH --time=96:00:00", 1)
    data = diagnose_log(script, POLICY, "anvil", None, False)
    assert data["proposed"] and data["proposed"]["record_id"] == "slurm-qos-policy-violation"
