"""A diagnosis imports only what it uses (s40, `maple repair --log` latency): the patcher, the
script parser, the verification runner and the LLM client load on first use, and the names the
packages export still resolve."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Modules a similarity diagnosis that proposes no edit must not import.
HEAVY = ("maple_flow.repair.patch", "maple_flow.scriptparse.script", "maple_flow.scriptparse.facts",
         "maple_flow.verify.run", "maple_flow.repair.llm")


def _loaded_after(code: str) -> set[str]:
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    env = dict(os.environ, PYTHONPATH=str(ROOT), MAPLE_FLOW_NO_CACHE="1")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def test_importing_the_diagnosis_path_loads_none_of_the_heavy_modules() -> None:
    loaded = _loaded_after(
        "import maple_flow.repair, maple_flow.repair.loop, maple_flow.repair.repair_report\n"
        "import maple_flow.verify.report, maple_flow.cli.repair")
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_the_lazy_names_still_resolve() -> None:
    from maple_flow import repair, scriptparse, verify
    from maple_flow.repair.patch import apply_fix, script_diff
    from maple_flow.scriptparse.script import parse_script
    from maple_flow.verify.run import VerifyTarget, verify_many

    assert repair.apply_fix is apply_fix and repair.script_diff is script_diff
    assert scriptparse.parse_script is parse_script
    assert verify.VerifyTarget is VerifyTarget and verify.verify_many is verify_many
    for module in (repair, scriptparse, verify):
        for name in getattr(module, "__all__", ()):
            assert getattr(module, name) is not None
    assert "parse_script" in dir(scriptparse)
