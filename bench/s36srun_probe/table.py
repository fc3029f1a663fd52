"""Coverage table of the step/task catalogue (catalogue_cases.yaml): the start code
(cat_first.json, 296f5bdc) against this branch (cat_after.json), each message covered / not /
WRONG. Prints markdown."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
WORD = {"right": "covered", "recognised": "covered", "no_fix": "not", "abstained": "not",
        "invented": "WRONG", "wrong_fix": "WRONG", "right_family_wrong_fix": "WRONG",
        "wrong_question": "WRONG (question)"}


def rows(name: str) -> dict[str, dict]:
    return {r["id"]: r for r in json.loads((HERE / f"{name}.json").read_text())["cases"]}


def main() -> None:
    cases = yaml.safe_load((HERE / "catalogue_cases.yaml").read_text())["cases"]
    first, after = rows("cat_first"), rows("cat_after")
    print("| message | class | expected | start | after (first record) |\n|---|---|---|---|---|")
    for c in cases:
        exp = "not-script" if c["kind"] == "not_script" else (
            "ask/advice" if c["expect"].get("ask") else "fix")
        a = after[c["id"]]
        rec = a["diagnoses"][0].split("/")[0] if a["diagnoses"] else "-"
        print(f"| {c['id']} | {c['what']} | {exp} | {WORD[first[c['id']]['outcome']]} | "
              f"{WORD[a['outcome']]} ({rec}) |")


if __name__ == "__main__":
    main()
