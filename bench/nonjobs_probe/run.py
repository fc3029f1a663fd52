"""Probe of job scripts whose work is not a Python launch maple reads (s16-nonjobs, issue 14).

    PYTHONPATH=$PWD python bench/nonjobs_probe/run.py --name first_run
    PYTHONPATH=$PWD python bench/nonjobs_probe/run.py --name after --dump /tmp/nonjobs_ports

Ports every case of cases.yaml (scripts in /work/cache/nonjobs/<id>.sh) to its targets and
checks each port against the expectations written before the first run (see cases.yaml's
head): a right port keeps the user's lines verbatim, leaves no source-site word on an
executable line and says what it kept; a right refusal is not the generic "should start a
Python program" message and names what the user must act on. Writes <name>.json and <name>.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

import yaml

from maple_flow import port
from maple_flow.errors import MapleError, MissingInformation

HERE = Path(__file__).resolve().parent
CACHE = Path("/work/cache/nonjobs")
GENERIC = "the script should start a Python program"


def _executable(script: str) -> list[str]:
    return [ln for ln in script.split("\n") if ln.strip() and not ln.lstrip().startswith("#")]


def _judge_port(case: dict[str, Any], script: str, notes: list[str]) -> list[str]:
    fails = [f"kept: {k!r} is not in the port" for k in case.get("keep", []) if k not in script]
    lines = _executable(script)
    fails += [f"gone: {g!r} left on an executable line" for g in case.get("gone", [])
              if any(g in ln for ln in lines)]
    text = [n.lower() for n in notes]
    fails += [f"note: no note names {' + '.join(words)}" for words in case.get("note", [])
              if not any(all(w.lower() in n for w in words) for n in text)]
    return fails


def _judge_refusal(case: dict[str, Any], reason: str) -> list[str]:
    fails = ["refusal: the generic no-launch message"] if GENERIC in reason else []
    fails += [f"refusal: does not name {w!r}" for w in case.get("refuse_words", [])
              if w.lower() not in reason.lower()]
    return fails


def split(case_id: str) -> str:
    """Even sha256(id): tune; odd: held-out."""
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "held"


def run_one(case: dict[str, Any], target: str) -> dict[str, Any]:
    """One case x target: what the port did and the failed expectations."""
    text = (CACHE / f"{case['id']}.sh").read_text()
    expect = case["expect"]
    out: dict[str, Any] = {"case": case["id"], "target": target, "expect": expect,
                           "split": split(case["id"])}
    try:
        result = port(text, [target])[target]
    except MissingInformation as exc:
        out.update(kind="ask", reason=str(exc))
    except MapleError as exc:
        out.update(kind="refuse", reason=f"{type(exc).__name__}: {exc}")
    else:
        if result.status == "refused":
            out.update(kind="refuse", reason="; ".join(result.notes))
        else:
            out.update(kind="port", script=result.script, notes=result.notes)
    kind = out["kind"]
    if kind == "port":
        fails = _judge_port(case, out["script"], out["notes"])
        if expect in {"refuse", "ask"}:
            fails.insert(0, f"expected {expect}, got a port")
    else:
        fails = _judge_refusal(case, out["reason"])
        if expect == "port":
            fails.insert(0, f"expected a port, got {kind}")
        elif expect == "ask" and kind != "ask":
            fails.insert(0, "expected the size asked, got a refusal")
    out["fails"] = fails
    out["verdict"] = "right" if not fails else "wrong"
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--dump", help="write each port/refusal to this folder")
    args = ap.parse_args()
    cases = yaml.safe_load((HERE / "cases.yaml").read_text())["cases"]
    rows = [run_one(c, t) for c in cases for t in c["targets"]]
    right = sum(r["verdict"] == "right" for r in rows)
    by = {k: (sum(r["verdict"] == "right" for r in rows if r["split"] == k),
              sum(r["split"] == k for r in rows)) for k in ("tune", "held")}
    (HERE / f"{args.name}.json").write_text(json.dumps(rows, indent=1) + "\n")
    md = [f"# nonjobs probe: {args.name}", "",
          f"{len(cases)} scripts, {len(rows)} ports: **{right} right** (port or refusal as "
          f"expected), {len(rows) - right} not; tune {by['tune'][0]}/{by['tune'][1]}, "
          f"held-out {by['held'][0]}/{by['held'][1]}", "",
          "| case | split | target | expect | got | verdict | why |",
          "|---|---|---|---|---|---|---|"]
    for r in rows:
        why = "; ".join(r["fails"]) or (r.get("reason", "")[:140] if r["kind"] != "port" else "")
        md.append(f"| {r['case']} | {r['split']} | {r['target']} | {r['expect']} | {r['kind']} | "
                  f"{r['verdict']} | {why.replace('|', '/')[:300]} |")
    (HERE / f"{args.name}.md").write_text("\n".join(md) + "\n")
    if args.dump:
        dump = Path(args.dump)
        dump.mkdir(parents=True, exist_ok=True)
        for r in rows:
            body = (r["script"] + "\n# NOTES\n# " + "\n# ".join(r["notes"])
                    if r["kind"] == "port" else r["reason"])
            (dump / f"{r['case']}.{r['target']}.txt").write_text(body + "\n")
    print(f"{right}/{len(rows)} right; tune {by['tune'][0]}/{by['tune'][1]}, "
          f"held {by['held'][0]}/{by['held'][1]}")


if __name__ == "__main__":
    main()
