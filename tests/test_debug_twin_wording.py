"""Every rejection the cluster twin's submit filters print (maple_flow/knowledge/policy.py through
maple_flow/twin/frontend.py and maple_flow/twin/pbs.py) is recognised by a knowledge-base
signature, and the fix it gives makes the site accept the script (or asks the user for the one
value only they know). Pure: no daemon runs."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from debug_cases import rendered

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.knowledge.policy import check_script
from maple_flow.models import ClusterProfile
from maple_flow.repair import FailureEvidence, apply_fix, classify, load_knowledge_base
from maple_flow.repair import patch_directives as pd
from maple_flow.twin.frontend import rejection
from maple_flow.twin.pbs import pbs_message, syntax_problems

KB = load_knowledge_base()
Breakage = Callable[[str, ClusterProfile], str]


def _queue_option(profile: ClusterProfile) -> str:
    if profile.scheduler == "pbs":
        return "queue"
    return "qos" if profile.queues.default_queue.kind == "qos" else "partition"


def _bad_queue(text: str, p: ClusterProfile) -> str:
    return pd.set_directive(text, p.scheduler, _queue_option(p), "nosuchq")


def _long_walltime(text: str, p: ClusterProfile) -> str:
    option = "time" if p.scheduler == "slurm" else "walltime"
    return pd.set_directive(text, p.scheduler, option, "999:00:00")


def _too_many_gpus(text: str, p: ClusterProfile) -> str:
    return pd.set_directive(text, "slurm", "gpus-per-node", str(p.gpu.per_node * 4))


BREAKAGES: dict[str, Breakage] = {
    "queue": _bad_queue, "walltime": _long_walltime, "gpus": _too_many_gpus,
}


def _cases() -> list[tuple[str, str, Breakage]]:
    cases: list[tuple[str, str, Breakage]] = []
    for profile in all_profiles().values():
        for name, breakage in BREAKAGES.items():
            if name == "gpus" and profile.directives.gpu_request != "gpus-per-node":
                continue
            cases.append((profile.id, name, breakage))
        for rule in profile.directives.required:
            def drop(text: str, p: ClusterProfile, option: str = rule.option) -> str:
                return pd.remove_directive(text, p.scheduler, option)
            cases.append((profile.id, f"required-{rule.option}", drop))
        for rule in profile.directives.forbidden:
            def add(text: str, p: ClusterProfile, option: str = rule.option) -> str:
                return pd.set_directive(text, "slurm", option, "1")
            cases.append((profile.id, f"forbidden-{rule.option}", add))
        if profile.scheduler == "pbs":
            def gres(text: str, p: ClusterProfile) -> str:
                return pd.set_directive(text, "pbs", "gres", "gpu:4")
            cases.append((profile.id, "pbs-unknown-resource", gres))
    return cases


def _message(text: str, profile: ClusterProfile) -> str:
    problems = check_script(text, profile)
    if profile.scheduler == "slurm":
        return rejection(problems, "sbatch")
    ds = pd.parse_directives(text, "pbs")
    errors = syntax_problems(ds, profile) + [pbs_message(p) for p in problems]
    return "\n".join(dict.fromkeys(errors))


def _codes(text: str, profile: ClusterProfile) -> set[str]:
    codes = {p.code for p in check_script(text, profile)}
    if profile.scheduler == "pbs":
        ds = pd.parse_directives(text, "pbs")
        codes |= {"pbs.syntax"} if syntax_problems(ds, profile) else set()
    return codes - {"account.format"}  # the placeholder account is the user's to fill


CASES = _cases()


def _with_account(text: str, profile: ClusterProfile) -> str:
    """The script with the profile's example account instead of the placeholder."""
    has = any(d.option == "account" for d in pd.parse_directives(text, profile.scheduler))
    return pd.set_directive(text, profile.scheduler, "account", profile.account.example) \
        if has else text


@pytest.mark.parametrize(("cluster", "name", "breakage"), CASES,
                         ids=[f"{c}-{n}" for c, n, _ in CASES])
def test_twin_rejection_is_recognised_and_fixed(cluster: str, name: str,
                                                breakage: Breakage) -> None:
    profile = all_profiles()[cluster]
    good = _with_account(rendered(f"{cluster}-pytorch-ddp"), profile)
    assert not _codes(good, profile)
    broken = breakage(good, profile)
    assert _codes(broken, profile), "the breakage must make the site reject the script"
    message = _message(broken, profile)
    evidence = FailureEvidence(cluster=cluster, scheduler=profile.scheduler,
                               job_state="REJECTED", submit_message=message,
                               reasons=[f"rejected at submission: {message}"], script=broken)
    diagnoses = classify(evidence, KB)
    assert diagnoses and diagnoses[0].method == "signature", message
    top = diagnoses[0]
    assert top.fix.ops, (message, top)
    fixed = apply_fix(broken, top.fix, profile)
    assert not _codes(fixed, profile), (message, top.record_id, fixed)
