"""Probe of s26r2vars: port each cached script to a PBS, a Slurm and an Intel target and
print what the class is about: the ranks a node, and source-scheduler variables left in
the port's lines (neither renamed nor named in a note).

usage: PYTHONPATH=<worktree> python bench/s26r2vars_probe/probe.py /work/cache/s26r2vars_probe
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from maple_flow.port.api import port

_TARGETS = ("polaris", "delta", "aurora")
_SLURM_REF = re.compile(r"\$\{?(SLURM_\w+)")


def main(cache: str) -> None:
    """Print one line per (script, target)."""
    for path in sorted(Path(cache).glob("*.sh")):
        text = path.read_text()
        for target in _TARGETS:
            try:
                result = port(text, [target], source="delta")[target]
            except Exception as err:
                print(f"{path.stem} -> {target}: refused ({type(err).__name__}: "
                      f"{str(err)[:120]})")
                continue
            if result.status == "refused":
                print(f"{path.stem} -> {target}: refused ({' '.join(result.notes)[:120]})")
                continue
            spec = result.spec
            left = sorted({m for line in result.script.splitlines()
                           if not line.lstrip().startswith("#")
                           for m in _SLURM_REF.findall(line)}) if target != "delta" else []
            print(f"{path.stem} -> {target}: {spec.nodes}x{spec.gpus_per_node}"
                  f"{' slurm vars left: ' + ','.join(left) if left else ''}")


if __name__ == "__main__":
    main(sys.argv[1])
