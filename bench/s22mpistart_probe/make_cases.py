"""Writes cases.yaml from cases_src.yaml (split by sha256(id) parity: even tune, odd heldout)
and the source list /work/cache/s22mpistart/sources.tsv (id, thread, sha256 of the excerpt)."""
import hashlib
from pathlib import Path

import yaml

H = Path(__file__).parent
cases = yaml.safe_load((H / "cases_src.yaml").read_text())
out = []
for c in cases:
    split = "tune" if int(hashlib.sha256(c["id"].encode()).hexdigest(), 16) % 2 == 0 else "heldout"
    out.append({"id": c["id"], "split": split, **{k: v for k, v in c.items() if k != "id"}})
body = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, width=110)
(H / "cases.yaml").write_text((H / "cases_header.txt").read_text() + body)
Path("/work/cache/s22mpistart/sources.tsv").write_text("".join(
    f"{c['id']}\t{c['source']}\t{hashlib.sha256(c['log'].encode()).hexdigest()}\n" for c in out))
