"""Failures that are not the launch script's, in wordings no record read before
(bench/repair7_probe, second class): a checkpoint of another size, and two ranks on one GPU
in a job that starts one plain python process (the program's own workers). Advice, no fix."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log

JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node={tasks}
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
{launch}
"""
SIZE = ("\tsize mismatch for layer4.2.conv2.weight: copying a param with shape "
        "torch.Size([512, 512, 3, 3]) from checkpoint, the shape in current model is "
        "torch.Size([512, 512, 7, 7]).\n")
DUPLICATE = ("ncclInvalidUsage: This usually reflects invalid usage of NCCL library.\n"
             "Last error:\nDuplicate GPU detected : rank 1 and rank 0 both on CUDA device 10\n")


def _diagnose(launch: str, log: str, tasks: int = 1) -> dict[str, Any]:
    return diagnose_log(JOB.format(launch=launch, tasks=tasks), log, "delta", None, False)


def _first(data: dict[str, Any]) -> dict[str, Any]:
    return data["diagnoses"][0]


def test_a_checkpoint_of_another_size_is_the_programs() -> None:
    """Was a similarity hint only ("not recognised")."""
    data = _diagnose("srun python train.py", SIZE, tasks=4)
    assert _first(data)["record_id"] == "state-dict-key-mismatch"
    assert _first(data)["verdict"] == "not_script"
    assert data["proposed"] is None


def test_ranks_on_one_gpu_under_one_plain_python_process_are_the_programs() -> None:
    """Was duplicate-gpu (a script record whose srun fix cannot apply): no answer."""
    data = _diagnose("python3 -m verl.trainer.main_generation trainer.n_gpus_per_node=4",
                     DUPLICATE)
    assert _first(data)["record_id"] == "duplicate-gpu-program-workers"
    assert _first(data)["verdict"] == "not_script"
    assert data["proposed"] is None


def test_ranks_on_one_gpu_started_by_the_script_stay_a_script_problem() -> None:
    for launch, tasks in (("srun python train.py", 4),
                          ("export CUDA_VISIBLE_DEVICES=0\npython main.py", 1)):
        data = _diagnose(launch, DUPLICATE, tasks)
        assert all(d["record_id"] != "duplicate-gpu-program-workers"
                   for d in data["diagnoses"]), launch


def test_signature_only_records_take_no_key_word_from_the_others() -> None:
    """The records of this round share their wordings with records similarity can offer
    (KeyError 'RANK', Duplicate GPU); they are signature-only, and their words took the only
    key words of duplicate-gpu and python-exception-in-program before key words were counted
    over the records similarity can offer."""
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.evidence_gate import key_words
    from maple_flow.repair.models import KnowledgeBase

    kb = load_knowledge_base()
    offered = KnowledgeBase(records=[r for r in kb.records if not r.signature_only])
    with_all, without = key_words(kb), key_words(offered)
    assert {rid: with_all[rid] for rid in without} == without
    assert key_words(kb)["duplicate-gpu"]
