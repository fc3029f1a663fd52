"""apply_fix on scripts written in 14 site styles (the extraction benchmark's 110 scripts, not
maple_flow's templates): every operation either applies (idempotent, bash -n clean, the program
and its arguments' order kept) or says why it cannot; nothing else escapes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import Fix, FixNotApplicable, apply_fix
from maple_flow.repair import ops as o
from maple_flow.scriptparse import parse_script

CASES = Path(__file__).resolve().parent.parent / "bench" / "extraction" / "cases.jsonl"
SCRIPTS = [row for row in map(json.loads, CASES.read_text(encoding="utf-8").splitlines())
           if row["kind"] == "script"]
OPS = [
    o.AddModule(name="cuda/12.4"), o.ExportEnv(name="NCCL_DEBUG", value="INFO x'y"),
    o.UnsetEnv(name="CUDA_VISIBLE_DEVICES"), o.SetWalltime(walltime="00:20:00"),
    o.SetMasterAddr(), o.AddArgument(name="--data-path", value="/d x"),
    o.SetBackend(backend="gloo"), o.PropagateEnv(launcher="srun"),
    o.PropagateEnv(launcher="mpiexec"),
    o.SetLauncherArg(launcher="torchrun", name="--max-restarts", value="0"), o.SetNodes(nodes=3),
    o.SetGpusPerNode(gpus_per_node=2), o.RemoveModule(name="cuda"), o.SetShell(login=True),
    o.SetDirective(option="comment", value="x y"), o.CshSetenv(),
]


@pytest.mark.parametrize("row", SCRIPTS, ids=[r["id"] for r in SCRIPTS])
def test_ops_on_site_style_scripts(row: dict[str, object]) -> None:
    text = str(row["input"])
    expected = row["expected"]
    assert isinstance(expected, dict)
    profile = get_profile(str(expected.get("cluster") or "perlmutter"))
    before = parse_script(text).launch
    patched: list[str] = []
    for op in OPS:
        fix = Fix(record_id="sweep", cause="operations on site-style scripts", ops=[op])
        try:
            once = apply_fix(text, fix, profile)
        except FixNotApplicable:
            continue
        assert apply_fix(once, fix, profile) == once, op
        after = parse_script(once).launch
        kept = after.args[: len(before.args)] if op.op != "set_backend" else before.args
        assert (after.entrypoint, kept) == (before.entrypoint, before.args), op
        patched.append(once)
    assert patched
    for once in set(patched):
        proc = subprocess.run(["bash", "-n"], input=once, text=True, capture_output=True,
                              check=False)
        assert proc.returncode == 0, proc.stderr
