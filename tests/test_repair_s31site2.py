"""s31site2 (issue 17): a site's generic submit-policy refusal (NERSC's "Job request does not
match any supported policy") read against the header and templates/clusters/perlmutter.yaml -
node type by whether the job asks GPUs, a QOS word the site lists, a queue whose limits take the
request - and refused when no rule shows a directive at fault (bench/reallogs28,
bench/s31site2_probe)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import ClusterProfile
from maple_flow.repair.patch_policy import policy_mend
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs28" / "scripts"
PM = (SCRIPTS / "perlmutter_srun_gpu.sh").read_text(encoding="utf-8")
POLICY = ("sbatch: error: Job request does not match any supported policy.\n"
          "sbatch: error: Batch job submission failed: Unspecified error\n")
CPU = (PM.replace("#SBATCH -C gpu\n", "").replace("#SBATCH --gpus-per-node=4\n", "")
       .replace("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=128"))


def _pm() -> ClusterProfile:
    return get_profile("perlmutter")


def _proposed(data: dict[str, object]) -> tuple[str, str]:
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["record_id"]), str(proposed["diff"])  # type: ignore[index]


def test_cpu_job_without_constraint_gets_the_cpu_constraint_never_gpu() -> None:
    _, diff = _proposed(diagnose_log(CPU, POLICY, "perlmutter", None, False))
    assert "+#SBATCH --constraint=cpu" in diff
    assert "gpu" not in "".join(x for x in diff.splitlines() if x.startswith("+"))


def test_gpu_job_without_constraint_gets_the_gpu_constraint() -> None:
    _, diff = _proposed(diagnose_log(PM.replace("#SBATCH -C gpu\n", ""), POLICY, "perlmutter",
                                     None, False))
    assert "+#SBATCH --constraint=gpu" in diff


def test_qos_holding_one_listed_qos_word_is_written_as_that_qos() -> None:
    script = PM.replace("#SBATCH -q regular", "#SBATCH -q gpu_regular")
    _, diff = _proposed(diagnose_log(script, POLICY, "perlmutter", None, False))
    assert "-#SBATCH -q gpu_regular\n+#SBATCH -q regular" in diff


def test_qos_whose_limit_refuses_the_time_moves_to_the_one_queue_that_takes_it() -> None:
    out = policy_mend(PM.replace("#SBATCH -q regular", "#SBATCH -q debug"), _pm())
    assert "#SBATCH -q regular\n" in out and "-t 02:00:00" in out


def test_unlisted_qos_with_no_listed_word_is_refused_with_the_list() -> None:
    with pytest.raises(FixNotApplicable, match="only you can say"):
        policy_mend(PM.replace("#SBATCH -q regular", "#SBATCH -q special"), _pm())


def test_header_breaking_no_known_rule_gets_no_fix() -> None:
    script = PM.replace("--gpus-per-node=4", "--gpus-per-node=3")
    data = diagnose_log(script, POLICY, "perlmutter", None, False)
    assert data["proposed"] is None
    assert "changes nothing" in str(data["why_none"])


def test_srun_allocating_by_itself_gets_the_node_type_on_its_own_line() -> None:
    script = "#!/bin/bash\ncd $WORK_DIR/tests\nsrun -n 1 ./standalone\n"
    log = "srun: error: Job request does not match any supported policy.\n"
    _, diff = _proposed(diagnose_log(script, log, "perlmutter", None, False))
    assert "+srun --constraint=cpu -n 1 ./standalone" in diff
    assert "#SBATCH" not in diff


def test_the_mend_applied_twice_is_the_mend_applied_once() -> None:
    once = policy_mend(CPU.replace("#SBATCH -q regular", "#SBATCH -q cpu_regular"), _pm())
    assert "#SBATCH -q regular\n" in once and "--constraint=cpu" in once
    assert policy_mend(once, _pm()) == once
