"""s37ask: a question says where its answer is found (templates/asks/how_to_find.yaml)."""

from __future__ import annotations

import re
from pathlib import Path

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.ask_hints import how_to_find, load_hints, question_advice
from maple_flow.repair.repair_report import _no_fix_lines

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = (ROOT / "bench/reallogs/scripts/srun_python.sh").read_text(encoding="utf-8")
#: values too generic for one hint (what they are depends on the record that asks)
GENERIC = {"value"}


def test_every_hint_has_text_and_source() -> None:
    for name, hint in load_hints().items():
        assert len(hint["how"]) > 30, name
        assert hint["source"].startswith("https://"), name


def test_every_asked_value_of_the_records_has_a_hint() -> None:
    asked = set()
    for path in (ROOT / "templates/failures").glob("*.yaml"):
        asked |= set(re.findall(r"\{ask:([a-z_]+)\}", path.read_text(encoding="utf-8")))
    assert asked - GENERIC - set(load_hints()) == set()


def test_how_to_find_keeps_order_and_skips_unknown() -> None:
    found = how_to_find(["qos", "nosuch", "account"])
    assert [h["need"] for h in found] == ["qos", "account"]
    assert question_advice("own advice", found) == "own advice"
    assert "sacctmgr" in (question_advice(None, found) or "")
    assert question_advice(None, []) is None


def test_question_of_a_record_without_advice_says_where_to_look() -> None:
    data = diagnose_log(SCRIPT, "sbatch: error: You must specify an account!\n", "delta",
                        None, False)
    assert data["verdict"] == "ask"
    q = data["question"]
    assert q["needs"] == ["account"]
    assert "sacctmgr show associations" in q["advice"]
    assert q["how_to_find"][0]["source"].startswith("https://slurm.schedmd.com/")
    text = "\n".join(_no_fix_lines(data))
    assert "sacctmgr show associations" in text


def test_record_advice_stays_first_and_the_hint_is_listed() -> None:
    log = 'sbatch: error: Invalid numeric value "" for --ntasks-per-node.\n'
    data = diagnose_log(SCRIPT, log, "delta", None, False)
    q = data["question"]
    assert q["advice"].startswith("Give the option the count")
    text = "\n".join(_no_fix_lines(data))
    assert "Where to find it:" in text and "- count:" in text


def test_account_question_on_a_pbs_site_names_no_slurm_command() -> None:
    """s38: PBS sites have no sacctmgr; the account hint has a PBS variant (ALCF's sbank)."""
    script = (ROOT / "bench/reallogs22/scripts/pbs_polaris_torchrun.sh").read_text(encoding="utf-8")
    script = re.sub(r"(?m)^#PBS -A .*\n", "", script)
    data = diagnose_log(script, "Account_Name is required to be set.\n", "polaris", None, False)
    assert data["verdict"] == "ask" and "account" in data["question"]["needs"]
    hint = next(h for h in data["question"]["how_to_find"] if h["need"] == "account")
    assert "sbank-list-allocations" in hint["how"] and "sacctmgr" not in hint["how"]
    assert "argonne-lcf/user-guides" in hint["source"]
    assert "sacctmgr" in how_to_find(["account"], scheduler="slurm")[0]["how"]
