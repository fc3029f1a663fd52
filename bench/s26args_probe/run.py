"""Port every case of bench/s26args_probe to its targets and write each port for judging by hand.

    PYTHONPATH=$PWD python bench/s26args_probe/run.py --cache /work/cache/s26args_probe \
        --out bench/s26args_probe/first_run.json [--dump DIR]

The same run as bench/portsilent_probe/run.py (whose ``main`` this calls), on this set's cases.yaml.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location(
    "portsilent_probe_run", HERE.parent / "portsilent_probe" / "run.py")
assert _SPEC is not None and _SPEC.loader is not None
_PROBE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_PROBE)

if __name__ == "__main__":
    raise SystemExit(_PROBE.main(HERE))
