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


def _ask_case(family: str, ask_for: list[str] | None) -> dict:
    expect: dict = {"ask": True, "families": [family]}
    if ask_for is not None:
        expect["ask_for"] = ask_for
    return {"kind": "script", "expect": expect}


def _question(record: str, needs: list[str]) -> dict:
    return {"proposed": None, "verdict": "ask", "question": {"record_id": record, "needs": needs},
            "diagnoses": [{"record_id": record, "verdict": "script", "needs": needs}]}


def test_a_question_for_the_missing_value_is_right(run: ModuleType) -> None:
    record, family = _script_record(run)
    case = _ask_case(family, ["walltime", "time_limit"])
    assert run.judge(case, _question(record, ["time_limit"])) == "right"


def test_a_question_for_another_value_is_a_wrong_question(run: ModuleType) -> None:
    # s38: a question for the account on a log whose missing value is the walltime was right
    record, family = _script_record(run)
    case = _ask_case(family, ["walltime"])
    assert run.judge(case, _question(record, ["account"])) == "wrong_question"


def test_no_question_on_an_ask_for_case_is_no_fix(run: ModuleType) -> None:
    record, family = _script_record(run)
    data = {"proposed": None, "verdict": "not_recognised", "hints": [record],
            "diagnoses": [{"record_id": record, "verdict": "hint", "needs": ["walltime"]}]}
    assert run.judge(_ask_case(family, ["walltime"]), data) == "no_fix"


def test_wrong_question_is_counted_apart(run: ModuleType) -> None:
    rows = [{"kind": "script", "outcome": o, "seconds": 0.0}
            for o in ("right", "wrong_question", "no_fix")]
    s = run.summary(rows)
    assert s["script_right"] == 1 and s["wrong_questions_on_script_cases"] == 1


def test_every_ask_label_of_the_released_sets_has_ask_for() -> None:
    import yaml

    bench = RUN.parent.parent
    spec = importlib.util.spec_from_file_location("check_scripts", RUN.parent / "check_scripts.py")
    assert spec and spec.loader
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    sealed = {line.strip() for line in (RUN.parent / "sealed.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    bad = []
    for path in sorted(bench.glob("*/cases.yaml")):
        if path.parent.name in sealed:  # labelled before ask_for; filled when released
            continue
        text = path.read_text(encoding="utf-8")
        if "ask: true" not in text:
            continue
        for case in yaml.safe_load(text)["cases"]:
            bad += [f"{path.parent.name}/{case['id']}: {p}" for p in check.ask_problems(case)]
    assert not bad, bad


def test_script_labels_of_the_released_sets_name_a_knowledge_base_family(run: ModuleType) -> None:
    """A label whose families are all unknown (or misspelt: `container` for `containers`) can
    never score right; s39 found four such labels."""
    import difflib

    import yaml

    bench = RUN.parent.parent
    kb_families = {str(r.family) for r in run.load_knowledge_base().records}
    sealed = {line.strip() for line in (RUN.parent / "sealed.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    bad = []
    for path in sorted(bench.glob("*/cases.yaml")):
        if path.parent.name in sealed:
            continue
        try:
            cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
        except (yaml.YAMLError, TypeError, KeyError):
            continue  # not a real-log case file
        for case in cases or []:
            expect = case.get("expect") if isinstance(case, dict) else None
            families = set(expect.get("families") or ()) if isinstance(expect, dict) else set()
            if case.get("kind") != "script" or not families:
                continue
            misspelt = {f for f in families - kb_families
                        if difflib.get_close_matches(f, kb_families, n=1, cutoff=0.85)}
            if misspelt or not families & kb_families:
                bad.append(f"{path.parent.name}/{case['id']}: {sorted(families)}")
    assert not bad, bad
