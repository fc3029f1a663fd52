"""Calibration data for the acceptance of a similarity match (s18-abstain).

Run: PYTHONPATH=$PWD .venv/bin/python bench/s18abstain_probe/calib_dump.py OUT.jsonl
For every case of the calibration sets (the tune halves of every released log set, all of the
released bench/reallogs8 and reallogs9; never bench/reallogs10 nor unseen*) that no signature
recognises: the top similarity candidates with their cosine, fused score, the record's anchor
terms found in the log, and whether the record is of a right family for the case.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "bench" / "reallogs")]

from run import NOT_SCRIPT, script_text  # noqa: E402

from maple_flow.knowledge.clusters import get_profile  # noqa: E402
from maple_flow.repair import FailureEvidence, load_knowledge_base  # noqa: E402
from maple_flow.repair import evidence_gate as G  # noqa: E402
from maple_flow.repair.lognorm import normalised  # noqa: E402
from maple_flow.repair.logtext import bound_evidence  # noqa: E402
from maple_flow.repair.similarity import rank_documents  # noqa: E402

C = importlib.import_module("maple_flow.repair.classify")

SETS = ["reallogs", "reallogs2", "reallogs3", "reallogs4", "reallogs5", "reallogs6", "reallogs7",
        "reallogs8", "reallogs9", "entity_probe", "launchernf_probe", "notscript2_probe",
        "notscript3_probe", "repair10_probe", "repair11_probe", "repair7_probe", "repair8_probe",
        "repair9_probe", "repairapply_probe", "repaircal_probe", "repairfix_probe",
        "repairlaunch2_probe", "repairlaunch_probe", "repairnot_probe", "repairops_probe",
        "repairrec2_probe", "repairrec_probe", "repairsched_probe", "s18abstain_probe"]
RELEASED = {"reallogs8", "reallogs9"}


def main() -> None:
    kb = load_knowledge_base()
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        for line in _rows(kb):
            out.write(line + "\n")


def _rows(kb: Any) -> Iterator[str]:
    for name in SETS:
        path = ROOT / "bench" / name / "cases.yaml"
        dirs = (path.parent / "scripts", ROOT / "bench" / "reallogs" / "scripts")
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            if case["split"] != "tune" and name not in RELEASED:
                continue
            profile = get_profile(case["cluster"])
            text = script_text(case, dirs)
            log = case["log"]
            ev = FailureEvidence(cluster=profile.id, scheduler=profile.scheduler, stderr=log,
                                 submit_message=log if len(log) <= 4096 else "", script=text)
            ev = normalised(bound_evidence(ev))
            records = [r for r in kb.records if r.applies_to(profile.id)]
            plain = [r for r in records if not r.anchor]
            if C._by_signature(plain, ev, profile):
                continue
            cands = C._similar_candidates(plain, ev, profile)
            query = C.evidence_text(ev)
            if not query.strip() or not cands:
                continue
            _, ranked = rank_documents(query, [C.record_text(r) for r in cands])
            fams = set(case.get("expect", {}).get("families", []))
            rows = []
            for rank, (i, fused, cos) in enumerate(ranked[:5]):
                r = cands[i]
                right = (r.family in NOT_SCRIPT) if case["kind"] == "not_script" else (
                    r.family in fams and r.script_problem)
                keys = sorted(G.key_words(kb).get(r.id, frozenset())
                              & set(G._WORD.findall(query.lower())))
                rows.append({"rank": rank, "record": r.id, "family": r.family,
                             "script_problem": r.script_problem, "cos": round(cos, 3),
                             "fused": round(fused, 3), "keys": keys, "right": right})
            yield (json.dumps({"set": name, "id": case["id"], "split": case["split"],
                                  "kind": case["kind"], "query": query[-600:],
                                  "gpu_text": bool(C.GPU_RUNTIME_TEXT.search(query)),
                               "cands": rows}))


if __name__ == "__main__":
    main()
