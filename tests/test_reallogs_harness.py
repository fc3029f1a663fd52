"""The real-log benchmark's scoring (bench/reallogs/run.py): what counts as recognised."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

RUN = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "run.py"


@pytest.fixture(scope="module")
def run() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reallogs_run", RUN)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _not_script_record(run: ModuleType) -> str:
    kb = run.load_knowledge_base()
    return next(r.id for r in kb.records if r.family in run.NOT_SCRIPT)


def test_not_script_answer_is_recognised(run: ModuleType) -> None:
    record = _not_script_record(run)
    data = {"proposed": None, "diagnoses": [{"record_id": record, "verdict": "not_script"}]}
    assert run.judge({"kind": "not_script"}, data) == "recognised"


def test_hint_of_a_not_recognised_answer_is_not_recognised(run: ModuleType) -> None:
    record = _not_script_record(run)
    data = {"proposed": None, "diagnoses": [{"record_id": record, "verdict": "hint"}]}
    assert run.judge({"kind": "not_script"}, data) == "abstained"


def test_any_fix_on_a_not_script_case_is_invented(run: ModuleType) -> None:
    data = {"proposed": {"record_id": "x", "diff": ""}, "diagnoses": []}
    assert run.judge({"kind": "not_script"}, data) == "invented"


def _script_record(run: ModuleType) -> tuple[str, str]:
    kb = run.load_knowledge_base()
    record = next(r for r in kb.records if r.family not in run.NOT_SCRIPT)
    return record.id, str(record.family)


def test_a_question_the_answer_asks_is_right_for_an_ask_case(run: ModuleType) -> None:
    record, family = _script_record(run)
    data = {"proposed": None, "verdict": "ask", "question": {"record_id": record},
            "diagnoses": [{"record_id": record, "verdict": "script", "needs": ["account"]}]}
    assert run.judge({"kind": "script", "expect": {"ask": True, "families": [family]}},
                     data) == "right"


def test_a_hint_carrying_needs_is_no_question(run: ModuleType) -> None:
    # "not recognised" with hints: the user is asked nothing, whatever the hints would need
    record, family = _script_record(run)
    data = {"proposed": None, "verdict": "not_recognised", "hints": [record],
            "diagnoses": [{"record_id": record, "verdict": "hint", "needs": ["account"]}]}
    assert run.judge({"kind": "script", "expect": {"ask": True, "families": [family]}},
                     data) == "no_fix"
