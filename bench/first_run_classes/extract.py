# ruff: noqa: SIM115, E402  (a one-off analysis script of session s21: /tmp hand-offs)
import glob
import json
import os
import pathlib

import yaml

B = str(pathlib.Path(__file__).resolve().parents[1])
sets = ["unseen"] + [f"unseen{i}" for i in range(2, 18)]


def verdict(o):
    if o["status"] == "refused":
        return "refused_right" if o.get("right_refusal") else "refused_other"
    if o["status"] == "wrong":
        return "wrong_silent" if o.get("silent") else "wrong_noted"
    return o["status"]


recs = []
for s in sets:
    d = f"{B}/{s}"
    outs = json.load(open(f"{d}/first_run.json"))["outcomes"]
    cases = {c["id"]: c for c in yaml.safe_load(open(f"{d}/cases.yaml"))["cases"]}
    rules = {}
    hj = f"{d}/hand_judged.yaml"
    if os.path.exists(hj):
        y = yaml.safe_load(open(hj)) or {}
        for r in y.get("overrides") or []:
            rules[(r["case"], r["target"])] = r
    # md lines
    mdlines = []
    for f in sorted(glob.glob(f"{d}/first_run_judged*.md")):
        cur = None
        for L in open(f):
            if L.startswith("- ") and " / " in L:
                if cur:
                    mdlines.append(cur)
                cur = L.strip()
            elif cur is not None and L.startswith(("  ", "\t")) and L.strip():
                cur += " " + L.strip()
            else:
                if cur:
                    mdlines.append(cur)
                cur = None
        if cur:
            mdlines.append(cur)
    for o in outs:
        auto = verdict(o)
        r = rules.get((o["case"], o["target"]))
        said = "\n".join([o.get("reason") or "", *o.get("notes", [])])
        if r is not None and r.get("evidence", "") not in said:
            r = None
        hand = r["hand"] if (r is not None and r["harness"] == auto) else auto
        c = cases.get(o["case"], {})
        split = c.get("split", "?")
        # md text
        mt = ""
        short = o["case"][:20]
        for L in mdlines:
            head = L[2:].split(":")[0]
            if head.startswith(o["case"]) or (
                head.startswith(o["case"].split("-")[0])
                and o["case"].startswith(head.split(" / ")[0].rstrip(".").rstrip("…"))
            ):
                tg = head.split(" / ")[1] if " / " in head else ""
                if o["target"] in tg and not mt:
                    mt = L
        fails = "; ".join(
            f"{k}: " + " | ".join(v)[:300] for k, v in (o.get("failures") or {}).items()
        )
        recs.append(
            dict(
                set=s,
                case=o["case"],
                target=o["target"],
                split=split,
                harness=auto,
                verdict=hand,
                why=(r or {}).get("why", "") if r and r["harness"] == auto else "",
                md=mt,
                reason=o.get("reason") or "",
                fails=fails,
                patterns=c.get("patterns", []),
            )
        )
json.dump(recs, open("/tmp/anap_recs.json", "w"), indent=0)
from collections import Counter

bad = [r for r in recs if r["verdict"] in ("refused_other", "wrong_noted", "wrong_silent")]
print(len(recs), len(bad))
print(Counter((r["set"], r["verdict"]) for r in bad))
print("with md", sum(1 for r in bad if r["md"]), "with why", sum(1 for r in bad if r["why"]))
