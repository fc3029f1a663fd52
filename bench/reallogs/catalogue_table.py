"""Coverage table of a helper's message catalogue (``catalogue_cases.yaml`` in its probe folder):
the start code (``cat_first.json``) against the branch (``cat_after.json``), each message as
covered / not / WRONG. Prints markdown; each probe's ``table.py`` calls :func:`main` with its
own folder."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

WORD = {"right": "covered", "recognised": "covered", "no_fix": "not", "abstained": "not",
        "invented": "WRONG", "wrong_fix": "WRONG", "right_family_wrong_fix": "WRONG",
        "wrong_question": "WRONG (question)"}


def _rows(folder: Path, name: str) -> dict[str, dict]:
    return {r["id"]: r for r in json.loads((folder / f"{name}.json").read_text())["cases"]}


def table(folder: Path) -> list[str]:
    """The markdown lines of ``folder``'s coverage table."""
    cases = yaml.safe_load((folder / "catalogue_cases.yaml").read_text())["cases"]
    first, after = _rows(folder, "cat_first"), _rows(folder, "cat_after")
    out = ["| message | class | expected | start | after (record) |", "|---|---|---|---|---|"]
    for c in cases:
        exp = "not-script" if c["kind"] == "not_script" else (
            "ask" if c["expect"].get("ask") else "fix")
        a = after[c["id"]]
        rec = a["proposed"] or (a["diagnoses"][0].split("/")[0] if a["diagnoses"] else "-")
        out.append(f"| {c['id']} | {c['what']} | {exp} | {WORD[first[c['id']]['outcome']]} | "
                   f"{WORD[a['outcome']]} ({rec}) |")
    return out


def main(folder: Path) -> None:
    """Print ``folder``'s coverage table."""
    print("\n".join(table(folder)))
