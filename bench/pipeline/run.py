"""The pipeline on the twin: broken scripts x targets as chained futures, vs each chain alone.

    .venv/bin/python bench/pipeline/run.py --only ID,ID,... [--ranks 12] [--timeout 600]
        [--alone] [--out bench/out/pipeline]

Each fault of bench/faults/catalog.py is a known-good script with one injected fault. All
are run at once through ``maple_flow.workflows.pipeline`` (the code under ``maple batch
--verify --repair`` and ``port(verify=True, repair=True)``): one DataFlowKernel, one
executor per cluster, each chain verify -> repair -> verify ... -> learn. With --alone,
each chain is then run by itself, for the slowest single chain's time. Writes
pipeline.json to --out: wall time, per-chain time and steps, the ratio wall / slowest
alone, and the store's rows (every verification step and every repair attempt).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "faults"))


def _args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--only", required=True, help="comma-separated fault ids")
    p.add_argument("--ranks", type=int, default=12, help="twin ranks running at once")
    p.add_argument("--timeout", type=float, default=600.0)
    p.add_argument("--alone", action="store_true", help="also run each chain by itself")
    p.add_argument("--out", default=str(HERE.parent / "out" / "pipeline"))
    return p.parse_args()


def _chains(faults: list[Any]) -> list[Any]:
    from maple_flow.repair.loop import template_of
    from maple_flow.verify.run import VerifyTarget
    from maple_flow.workflows.pipeline import Chain

    chains = []
    for f in faults:
        script = f.script()
        chains.append(Chain(VerifyTarget.from_spec(script, f.base.spec()), template_of(script)))
    return chains


def _run(faults: list[Any], store: Any, timeout: float) -> tuple[float, list[Any]]:
    from maple_flow.workflows.pipeline import Pipeline, default_loop

    chains = _chains(faults)
    loop = default_loop(store)
    start = time.monotonic()
    Pipeline(loop, store, timeout,
             progress=lambda c, r: print(f"[{time.monotonic() - start:6.0f}s] {c}: {r.status}",
                                         file=sys.stderr, flush=True)).run(chains)
    return time.monotonic() - start, chains


def _row(fault: Any, chain: Any, store: Any) -> dict[str, Any]:
    rep = chain.repair
    return {"fault": fault.id, "cluster": fault.base.cluster, "status": chain.status,
            "elapsed_s": chain.elapsed_s, "verifications": len(chain.reports),
            "attempts": len(rep.attempts) if rep else 0,
            "records": [a.record_id for a in rep.attempts] if rep else [],
            "variant_id": rep.variant_id if rep else None,
            "stored_verifications": len(store.script_verifications(run_id=chain.run_id)),
            "stored_attempts": len(store.repair_attempts(run_id=chain.run_id))}


def main() -> None:
    a = _args()
    os.environ["MAPLE_TWIN_MAX_RANKS"] = str(a.ranks)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    from catalog import catalogue

    from maple_flow.store import TemplateStore

    wanted = a.only.split(",")
    faults = [f for f in catalogue() if f.id in wanted]
    store_path = out / "store.sqlite"
    store_path.unlink(missing_ok=True)
    store = TemplateStore.open(store_path)
    wall, chains = _run(faults, store, a.timeout)
    rows = [_row(f, c, store) for f, c in zip(faults, chains, strict=True)]
    result: dict[str, Any] = {"command": "python bench/pipeline/run.py " + " ".join(sys.argv[1:]),
                              "wall_s": round(wall, 1), "rows": rows,
                              "slowest_chain_in_run_s": max(r["elapsed_s"] for r in rows)}
    if a.alone:
        alone = {}
        for f in faults:
            single, [chain] = _run([f], store, a.timeout)
            alone[f.id] = {"wall_s": round(single, 1), "status": chain.status,
                           "verifications": len(chain.reports)}
        slowest = max(v["wall_s"] for v in alone.values())
        result |= {"alone": alone, "slowest_alone_s": slowest,
                   "ratio_wall_to_slowest_alone": round(wall / slowest, 2)}
    (out / "pipeline.json").write_text(json.dumps(result, indent=1))
    json.dump({k: v for k, v in result.items() if k != "rows"}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
