"""The repair loop end to end on the twin: broken scripts are classified, patched with typed
fixes and verified again for real; the attempts and the learned variants land in the store.

Three faults: one rejected at submission (TACC's forbidden --mem), one failing at run time
(an unknown module version), one from a site behaviour (the DeltaAI-like personality option
where srun does not export the batch environment to its tasks).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maple_flow.generate import generate_from_spec
from maple_flow.models import JobSpec
from maple_flow.repair.loop import Loop, RepairJob, default_classifier, default_verify, template_of
from maple_flow.store import TemplateStore
from maple_flow.twin.options import marker
from maple_flow.verify import VerifyTarget

pytestmark = pytest.mark.twin
TIMEOUT_S = 300


def broken(cluster: str, per_node: int, pattern: str, replacement: str) -> RepairJob:
    spec = JobSpec(cluster=cluster, nodes=1, gpus_per_node=per_node, entrypoint="train.py",
                   args=["--epochs", "1"], walltime="00:10:00")
    good = generate_from_spec(spec).script
    bad, count = re.subn(pattern, replacement, good, count=1, flags=re.M)
    assert count == 1, f"{pattern!r} not in the {cluster} script"
    return RepairJob(VerifyTarget.from_spec(bad, spec), template_id=template_of(good),
                     run_id=f"twin-{cluster}")


def test_three_faults_are_repaired_on_the_twin(twin: object, tmp_path: Path) -> None:
    jobs = [
        broken("vista", 1, r"^(#SBATCH -p gh)$", r"\1\n#SBATCH --mem=64G"),
        broken("lonestar6", 3, r"^module load python3/3.9.7$", "module load python3/9.9.9"),
        broken("deltaai", 4, r"^(#!/bin/bash)$", r"\1\n" + marker("srun-export-none")),
    ]
    store = TemplateStore.open(tmp_path / "store.sqlite")
    loop = Loop(verify=default_verify(TIMEOUT_S), classify=default_classifier(), store=store)
    results = {r.cluster: r for r in loop.run(jobs)}
    try:
        for cluster, words in (("vista", "rejected at submission"),
                               ("lonestar6", "ended FAILED"), ("deltaai", "ended FAILED")):
            r = results[cluster]
            assert r.initial_status == "failed", cluster
            assert any(words in reason for reason in r.initial_reasons), r.initial_reasons
            assert r.status == "verified", (cluster, r.stop_reason, r.final_reasons)
            assert 1 <= len(r.attempts) <= 5 and r.attempts[-1].status == "verified"
            rows = store.repair_attempts(run_id=f"twin-{cluster}")
            assert [row.status for row in rows][-1] == "verified"
            if cluster == "vista":  # removing the user's --mem is a job value: not learned
                assert r.variant_id is None
            else:
                assert r.variant_id is not None
                assert store.get(r.variant_id).parent == r.template_id
        assert "--mem" not in results["vista"].final_script
        assert "module load python3/9.9.9" not in results["lonestar6"].final_script
        assert re.search(r"^srun --export=ALL", results["deltaai"].final_script, re.M)
    finally:
        store.close()
