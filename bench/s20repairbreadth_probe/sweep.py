"""Diagnose candidate wordings against the knowledge base (a check of which families are covered).

    PYTHONPATH=$PWD python bench/s20repairbreadth_probe/sweep.py FILE.yaml
FILE.yaml: a list of {script, cluster, log, [directives]}.
"""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
from maple_flow.cli.repair import diagnose_log  # noqa: E402

for item in yaml.safe_load(Path(sys.argv[1]).read_text()):
    lines = (HERE / "scripts" / item["script"]).read_text().splitlines()
    lines[1:1] = item.get("directives", [])
    text = "\n".join(lines) + "\n"
    for old, new in item.get("replace", []):
        text = text.replace(old, new)
    d = diagnose_log(text, item["log"], item["cluster"], None, False)
    diags = [f"{x['record_id']}/{x['method'][:3]}/{x.get('verdict', '-')}"
             for x in d.get("diagnoses", [])][:3]
    p = d.get("proposed")
    print(f"--- {item.get('id', item['log'][:60])!r}\n  diags={diags}")
    print(f"  proposed={p['record_id'] if p else None}")
    if p:
        changed = [line for line in p.get("diff", "").splitlines()
                   if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))]
        print("  " + "\n  ".join(changed))
    else:
        print(f"  why_none={str(d.get('why_none'))[:200]}")
