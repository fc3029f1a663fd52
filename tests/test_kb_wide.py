"""The breadth records (templates/failures/wide_*.yaml): each example line, taken from the text
of its source thread, is diagnosed as that record first, with the verdict its family gives
(advice and no fix for a failure that is not the script's), on a Slurm and a PBS site."""

from __future__ import annotations

import re

import pytest

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.kb import failures_dir, load_file

WIDE = [r for path in sorted(failures_dir().glob("wide_*.yaml")) for r in load_file(path)]
CASES = [(r.id, i, line) for r in WIDE for i, line in enumerate(r.examples)]


def _site(record_id: str) -> tuple[str, str]:
    """(scheduler, cluster) to diagnose a record's examples on: its own site, else a site of
    its scheduler that no site record of these files names (Polaris, Lonestar6)."""
    record = load_knowledge_base().get(record_id)
    named = {s.scheduler for s in record.signatures if s.scheduler}
    scheduler = "pbs" if named == {"pbs"} else "slurm"
    if "all" not in record.clusters:
        return scheduler, record.clusters[0]
    return scheduler, "polaris" if scheduler == "pbs" else "lonestar6"


def test_breadth_records_are_many_and_sourced() -> None:
    assert len(WIDE) >= 40
    assert all(r.references for r in WIDE)
    assert {r.family for r in WIDE} >= {"scheduler", "modules", "launcher", "program",
                                        "hardware"}


@pytest.mark.parametrize(("record_id", "index", "line"), CASES,
                         ids=[f"{r}-{i}" for r, i, _ in CASES])
def test_example_is_diagnosed_as_its_record_first(record_id: str, index: int, line: str) -> None:
    scheduler, cluster = _site(record_id)
    ev = FailureEvidence(cluster=cluster, scheduler=scheduler,  # type: ignore[arg-type]
                         stderr=line, submit_message=line)
    found = classify(ev)
    assert found, line
    first = found[0]
    assert (first.record_id, first.method) == (record_id, "signature"), [
        (d.record_id, d.method) for d in found[:3]]
    record = load_knowledge_base().get(record_id)
    assert first.verdict == ("script" if record.script_problem else "not_script")
    if not record.script_problem:
        assert not first.fix.ops and first.fix.advice


_SRUN = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
{extra}
srun torchrun --nnodes=2 --nproc_per_node=4 train.py
"""
_DEEPSPEED = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
deepspeed --include localhost:4,5,6,7 train.py --deepspeed_config ds.json
"""
_NO_NODES = """#!/bin/bash
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python train.py
"""
#: (cluster, script, log line of the record's source, record, what the diff must contain)
FIXES = [
    ("delta", _SRUN.format(extra=""), "wandb: ERROR api_key not configured (no-tty). "
     "call wandb.login(key=[your_api_key])", "wandb-api-key-missing",
     r"\+export WANDB_MODE=offline"),
    ("delta", _SRUN.format(extra=""), "RuntimeError: use_libuv was requested but PyTorch was "
     "build without libuv support", "torch-store-without-libuv", r"\+export USE_LIBUV=0"),
    # the script's memory request is the line the OOM kill is tied to (evidence_gate.untied;
    # without one the answer is a question, tests/test_repair_tied_fix.py)
    ("delta", _SRUN.replace("#SBATCH --time", "#SBATCH --mem=32G\n#SBATCH --time").format(
        extra=""), "srun: error: gpua001: task 4: Out Of Memory",
     "slurm-cgroup-oom-kill-site", r"\+#SBATCH --mem=0"),
    ("delta", _DEEPSPEED, "ValueError: No slot '4' specified on host 'localhost'",
     "deepspeed-include-slot-missing", r"-deepspeed --include localhost:4,5,6,7 train\.py"),
    ("delta", _NO_NODES, "sbatch: error:  No number of nodes specified.  \nsbatch: error: Please "
     "add  #SBATCH --nodes=NN  where NN is number of nodes for the job, in your submission script",
     "slurm-filter-nodes-count-required", r"\+#SBATCH --nodes=1"),
    ("delta", _SRUN.format(extra="module load cuda/11.7.0"), "RuntimeError: Unexpected error "
     "from cudaGetDeviceCount(). Error 804: forward compatibility was attempted on non "
     "supported HW", "cuda-compat-driver-mismatch", r"-module load cuda/11\.7\.0"),
    ("delta", _SRUN.format(extra="module load python/3.10\nmodule load anaconda3_gpu"),
     "Loading anaconda3_gpu\n  ERROR: anaconda3_gpu cannot be loaded due to a conflict.\n"
     "    HINT: Might try \"module unload python/3.10\" first.", "envmodules-load-conflict",
     r"-module load python/3\.10"),
]


@pytest.mark.parametrize(("cluster", "script", "log", "record_id", "diff"), FIXES,
                         ids=[f[3] for f in FIXES])
def test_fix_is_planned_on_a_users_script(cluster: str, script: str, log: str, record_id: str,
                                          diff: str) -> None:
    from maple_flow.cli.repair import diagnose_log

    data = diagnose_log(script, log, cluster, None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == record_id
    assert re.search(diff, proposed["diff"]), proposed["diff"]


def test_a_fix_that_changes_nothing_is_no_fix() -> None:
    from maple_flow.cli.repair import diagnose_log

    data = diagnose_log(_SRUN.format(extra=""), "ValueError: No slot '4' specified on host "
                        "'localhost'", "delta", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "deepspeed-include-slot-missing"
