"""Every maple_flow module imports first, on its own, in a fresh interpreter: a circle of
imports through a package's ``__init__`` (``port.rules`` -> ``scriptparse`` -> ``port.rules``)
breaks only the import that enters it at the wrong end, which the AST check of
test_layout_imports.py does not see."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Run in a fresh interpreter: the third-party libraries most modules need are loaded once,
#: then each maple_flow module is imported in a forked child that has loaded no maple_flow
#: module yet; prints ``FAIL module`` and the error's last line for each that fails.
_CHECK = textwrap.dedent("""
    import os, sys, traceback
    import bashlex, jinja2, pydantic, yaml  # noqa: F401  (not maple_flow: shared for speed)
    assert not [m for m in sys.modules if m.split(".")[0] == "maple_flow"]
    for name in sys.argv[1:]:
        pid = os.fork()
        if pid == 0:
            try:
                __import__(name)
            except BaseException:
                print("FAIL", name, traceback.format_exc().strip().splitlines()[-1], flush=True)
                os._exit(1)
            os._exit(0)
        os.waitpid(pid, 0)
""")


def _modules() -> list[str]:
    names = []
    for path in sorted((ROOT / "maple_flow").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__main__":  # importing it runs the command line
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_module_imports_first_on_its_own() -> None:
    names = _modules()
    assert "maple_flow.port.rules" in names and len(names) > 100
    done = subprocess.run([sys.executable, "-c", _CHECK, *names], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "", done.stdout
