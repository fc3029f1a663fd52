"""Records for classes bench/reallogs10's tune half left unrecognised (issue 17): each wording
(from source threads other than the measured ones) is diagnosed as its record first, by
signature; the script classes give a fix on a user's script, the others advice and no fix."""

from __future__ import annotations

import re

import pytest

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.kb import failures_dir, load_file

NEW = load_file(failures_dir() / "rl10tune.yaml")

#: (record, a log wording of it that was unrecognised before)
WORDINGS = [
    ("wandb-server-unreachable", "wandb: Network error (ReadTimeout), entering retry loop."),
    ("horovod-built-without-controller",
     "ValueError: Neither MPI nor Gloo support has been built. Try reinstalling Horovod"),
    ("cuda-unknown-error-runtime", "  what():  CUDA error: unknown error\nCUDA kernel errors "
     "might be asynchronously reported at some other API call"),
    ("ddp-variable-ready-twice", "Parameter at index 55 with name base_model.lora_B.weight has "
     "been marked as ready twice. This means that multiple autograd engine  hooks have fired"),
    ("hf-hub-unreachable", "An error happened while trying to locate the file on the Hub and "
     "we cannot find the requested files in the local cache. Please check your connection"),
]


def test_new_records_are_sourced() -> None:
    assert {r.id for r in NEW} >= {"wandb-server-unreachable", "horovod-built-without-controller",
                                   "cuda-unknown-error-runtime"}
    assert all(len(r.references) >= 2 for r in NEW)


@pytest.mark.parametrize(("record_id", "log"), WORDINGS, ids=[w[0] for w in WORDINGS])
def test_wording_is_diagnosed_as_its_record(record_id: str, log: str) -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm", stderr=log)
    found = classify(ev)
    assert found and (found[0].record_id, found[0].method) == (record_id, "signature"), [
        (d.record_id, d.method) for d in found[:3]]
    record = load_knowledge_base().get(record_id)
    assert found[0].verdict == ("script" if record.script_problem else "not_script")
    if not record.script_problem:
        assert not found[0].fix.ops and found[0].fix.advice


_SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
srun python train.py
"""


@pytest.mark.parametrize(("log", "record_id", "family", "diff"), [
    ("wandb: ERROR Network error (ConnectionError), entering retry loop.",
     "wandb-server-unreachable", "environment", r"\+export WANDB_MODE=offline"),
    ("ValueError: Connection error, and we cannot find the requested files in the cached path.",
     "hf-hub-unreachable", "environment", r"\+export (HF_HUB|TRANSFORMERS)_OFFLINE=1"),
])
def test_offline_fix_on_a_users_script(log: str, record_id: str, family: str, diff: str) -> None:
    from maple_flow.cli.repair import diagnose_log

    data = diagnose_log(_SCRIPT, log, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == record_id
    assert load_knowledge_base().get(record_id).family == family
    assert re.search(diff, proposed["diff"]), proposed["diff"]


def test_offline_already_set_is_no_fix() -> None:
    from maple_flow.cli.repair import diagnose_log

    script = _SCRIPT.replace("srun python", "export WANDB_MODE=offline\nsrun python")
    data = diagnose_log(script, "wandb: Network error (ConnectTimeout), entering retry loop.",
                        "delta", None, False)
    assert data["proposed"] is None


def test_undefined_path_variable_is_recognised_with_advice_and_no_edit() -> None:
    from maple_flow.cli.repair import diagnose_log

    log = ("RESULTS_FOLDER is not defined and nnU-Net cannot be used for training or inference."
           " If this is not intended behavior, please read nnunet/paths.md\n")
    data = diagnose_log(_SCRIPT, log, "delta", None, False)
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert (first["record_id"], first["method"]) == ("program-path-variable-undefined",
                                                     "signature")
    assert "export" in first["advice"]


def test_a_python_name_error_is_not_an_undefined_path_variable() -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm",
                         stderr="NameError: name 'nnUNet_raw' is not defined")
    assert all(d.record_id != "program-path-variable-undefined" or d.method != "signature"
               for d in classify(ev))
