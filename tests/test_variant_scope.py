"""Learned variants are scoped site-level patches: they never change a value the user gave,
apply only where they were learned, fall back to the seed with a note, and a changed seed
invalidates them until they are revalidated (issue 16)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from maple_flow.generate import generate
from maple_flow.knowledge import library
from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import ClusterProfile
from maple_flow.port.api import port
from maple_flow.repair import Diagnosis, FailureEvidence, Fix
from maple_flow.repair.loop import Loop, RepairJob
from maple_flow.repair.scope import conditions_of, job_value_of, site_ops
from maple_flow.store import TemplateStore
from maple_flow.store.errors import StoreWarning
from maple_flow.verify.report import VerifyReport
from maple_flow.verify.run import VerifyTarget

ALICE = [{"op": "set_directive", "option": "account", "value": "alice_proj"},
         {"op": "set_walltime", "walltime": "00:30:00"},
         {"op": "export_env", "name": "NCCL_NET", "value": "Socket"}]
TORCHRUN_ARG = [{"op": "set_launcher_arg", "launcher": "torchrun", "name": "--rdzv-backend",
                 "value": "c10d"}]
PER_RANK = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
#SBATCH -A abc
export RANK=$SLURM_PROCID
export LOCAL_RANK=$SLURM_LOCALID
export WORLD_SIZE=$SLURM_NTASKS
srun python train.py --epochs 3
"""
REQUEST = "train.py on 4 nodes of Polaris for 6 hours, project bob_proj"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TemplateStore]:
    with TemplateStore.open(tmp_path / "store.db") as opened:
        yield opened


def _directives(script: str) -> list[str]:
    return [line for line in script.splitlines() if line.startswith(("#PBS", "#SBATCH"))]


def test_a_variant_never_overrides_the_account_and_walltime_the_user_said(
        store: TemplateStore) -> None:
    vid = store.add_variant("polaris-pytorch-ddp", ALICE, "Polaris DDP fixed for alice", "twin")
    result = generate(REQUEST, store=store)
    lines = _directives(result.script)
    assert "#PBS -A bob_proj" in lines and "#PBS -l walltime=06:00:00" in lines
    assert not any("alice_proj" in line or "00:30:00" in line for line in lines)
    assert result.explanation["account"].startswith("bob_proj (said)")
    # the site fix of the variant is applied, and the explanation names the variant for it
    assert "export NCCL_NET=Socket" in result.script
    assert result.explanation["env NCCL_NET"] == f"Socket (learned): learned variant {vid} " \
                                                 "(verified on twin)"
    assert result.template_id == vid
    assert any("account" in n and "not kept" in n for n in result.notes)


def test_a_variant_never_overrides_the_account_given_to_port(store: TemplateStore) -> None:
    store.add_variant("polaris-pytorch-ddp", ALICE, "Polaris DDP fixed for alice", "twin")
    ported = port(PER_RANK, "polaris", source="perlmutter", store=store, account="carol_proj")
    lines = _directives(ported["polaris"].script)
    assert "#PBS -A carol_proj" in lines and "#PBS -l walltime=01:00:00" in lines
    assert not any("alice_proj" in line for line in lines)


def test_a_variant_that_does_not_apply_falls_back_to_the_seed_for_that_target_only(
        store: TemplateStore) -> None:
    vid = store.add_variant("delta-pytorch-ddp", TORCHRUN_ARG, "Delta DDP with c10d", "twin")
    store.add_variant("polaris-pytorch-ddp", ALICE[2:], "Polaris DDP over sockets", "twin")
    ported = port(PER_RANK, "delta,polaris", source="perlmutter", store=store)
    assert [r.status for r in ported.values()] == ["generated", "generated"]
    assert ported["delta"].template_id == "delta-pytorch-ddp"
    assert any(n.startswith(f"learned variant {vid} not used: it does not apply") and
               "torchrun" in n for n in ported["delta"].notes)
    assert "export NCCL_NET=Socket" in ported["polaris"].script


def test_a_variant_is_offered_only_for_the_launch_model_it_was_learned_on(
        store: TemplateStore) -> None:
    seed = generate("train.py on 2 nodes of Delta with torchrun, account bbka-delta-gpu").script
    conditions = conditions_of(seed)
    assert conditions["launch_model"] == "launcher" and "torchrun" in conditions["stages"]
    store.add_variant("delta-pytorch-ddp", TORCHRUN_ARG, "Delta DDP with c10d", "twin",
                      conditions=conditions)
    ported = port(PER_RANK, "delta", source="perlmutter", store=store)
    assert ported["delta"].template_id == "delta-pytorch-ddp"
    assert not any("learned variant" in n for n in ported["delta"].notes)
    again = generate("train.py on 2 nodes of Delta with torchrun, account bbka-delta-gpu",
                     store=store)
    # the variant's option, in whichever spelling torchrun reads it (--rdzv_backend=c10d is
    # --rdzv-backend=c10d: the repair op finds the seed's own and changes nothing)
    assert re.search(r"--rdzv[-_]backend[= ]c10d", again.script)


def test_a_changed_seed_invalidates_its_variant_until_revalidated(
        store: TemplateStore, monkeypatch: pytest.MonkeyPatch) -> None:
    vid = store.add_variant("polaris-pytorch-ddp", ALICE[2:], "Polaris DDP over sockets", "twin")
    assert generate(REQUEST, store=store).template_id == vid
    seed = library.get_template("polaris-pytorch-ddp")
    edited = seed.model_copy(update={"body": seed.body + "\n# edited by the site\n"})
    real_get, real_all = library.get_template, library.all_templates
    monkeypatch.setattr(library, "get_template",
                        lambda tid: edited if tid == seed.id else real_get(tid))
    monkeypatch.setattr(library, "all_templates", lambda: {**real_all(), seed.id: edited})
    stale = generate(REQUEST, store=store)
    assert stale.template_id == "polaris-pytorch-ddp" and "NCCL_NET=Socket" not in stale.script
    named = generate(REQUEST, vid, store=store)
    assert named.template_id == "polaris-pytorch-ddp"
    assert any("its seed template changed" in n for n in named.notes)
    store.seed()
    store.record_verification(vid, "twin", "verified", {}, {})
    assert generate(REQUEST, store=store).template_id == vid


@pytest.mark.parametrize(("op", "value"), [
    ({"op": "set_directive", "option": "A", "value": "x"}, "account"),
    ({"op": "set_directive", "option": "time", "value": "1:00:00"}, "time"),
    ({"op": "remove_directive", "option": "partition"}, "partition"),
    ({"op": "set_nodes", "nodes": 3}, "nodes"),
    ({"op": "set_queue", "name": "debug"}, "queue"),
    ({"op": "add_argument", "name": "--lr", "value": "1"}, "program arguments"),
    ({"op": "set_directive", "option": "constraint", "value": "gpu"}, None),
    ({"op": "add_module", "name": "cudatoolkit"}, None),
    ({"op": "set_launcher_arg", "launcher": "srun", "name": "--cpu-bind", "value": "none"},
     None),
])
def test_only_site_facts_are_kept(op: dict[str, Any], value: str | None) -> None:
    assert job_value_of(op, "slurm") == value
    assert bool(site_ops([op], "slurm")[0]) == (value is None)


def test_the_user_environment_is_not_a_site_fact() -> None:
    op = {"op": "export_env", "name": "DATA_DIR", "value": "/scratch"}
    assert job_value_of(op, "slurm") is None
    assert job_value_of(op, "slurm", frozenset({"DATA_DIR"})) is not None


def test_the_loop_learns_only_the_site_part_of_a_repair(store: TemplateStore) -> None:
    script = generate("train.py on 1 node of Perlmutter, account m1234").script
    broken = script.replace("#SBATCH -C gpu\n", "")
    fix = Fix(record_id="constraint-missing", cause="no -C gpu", ops=[
        {"op": "set_directive", "option": "constraint", "value": "gpu"},
        {"op": "set_walltime", "walltime": "00:10:00"}])

    def kb(ev: FailureEvidence, profile: ClusterProfile | None) -> list[Diagnosis]:
        return [Diagnosis(record_id="constraint-missing", score=30.0, method="signature",
                          evidence=["-C gpu missing"], fix=fix)]

    def site(targets: list[VerifyTarget]) -> list[VerifyReport]:
        return [VerifyReport(cluster="perlmutter", endpoint="twin",
                             status="verified" if "constraint=gpu" in t.script else "failed",
                             reasons=[] if "constraint=gpu" in t.script else ["rejected"])
                for t in targets]

    [result] = Loop(verify=site, classify=kb, store=store).run(
        [RepairJob(VerifyTarget("perlmutter", broken, "train.py"))])
    assert result.status == "verified" and result.variant_id is not None
    variant = store.get(result.variant_id)
    assert variant.fix_ops == [{"op": "set_directive", "option": "constraint", "value": "gpu"}]
    assert variant.conditions["stages"] and variant.conditions["seed_sha256"]
    assert get_profile("perlmutter").scheduler == "slurm"


def test_the_repair_checks_the_op_vocabulary_the_store_only_its_shape(
        store: TemplateStore) -> None:
    from maple_flow.errors import InvalidValue
    from maple_flow.repair.ops import validate_ops

    unsafe = [{"op": "export_env", "name": "LD_PRELOAD", "value": "/tmp/x.so"}]
    with pytest.raises(InvalidValue, match="safety policy"):
        validate_ops(unsafe)
    with pytest.raises(InvalidValue):
        validate_ops([{"op": "launch_rockets"}])
    assert validate_ops(ALICE[2:]) == ALICE[2:]
    # a row the repair would refuse (written by another tool) is never applied: the seed is
    vid = store.add_variant("polaris-pytorch-ddp", unsafe, "Polaris DDP with a preload", "twin")
    with pytest.warns(StoreWarning, match=f"{vid}.*safety policy"):
        result = generate(REQUEST, store=store)
    assert "LD_PRELOAD" not in result.script and result.template_id == "polaris-pytorch-ddp"
