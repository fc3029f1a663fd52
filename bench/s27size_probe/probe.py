"""Probe of s27size: port each cached script to a PBS, a Slurm and an Intel target and dump
each port (script and notes, or the refusal/ask) for judging, with one summary line each.

usage: PYTHONPATH=<worktree> python bench/s27size_probe/probe.py CACHE OUTDIR
"""

from __future__ import annotations

import sys
from pathlib import Path

from maple_flow.port.api import port

_TARGETS = ("polaris", "delta", "aurora")


def _one(text: str, target: str) -> tuple[str, str]:
    """(summary, dump) of one port."""
    try:
        result = port(text, [target])[target]
    except Exception as err:  # an ask (missing information) or a refusal raised
        msg = f"{type(err).__name__}: {err}"
        return f"raised ({msg[:160]})", msg
    notes = "\n".join(f"  note: {n}" for n in result.notes)
    if result.status == "refused":
        return f"refused ({' '.join(result.notes)[:160]})", notes
    spec = result.spec
    return (f"{spec.nodes}x{spec.gpus_per_node} ranks={spec.ranks}",
            f"{result.script}\n{notes}")


def main(cache: str, out: str) -> None:
    """Print one line per (script, target); write OUT/<case>__<target>.txt."""
    Path(out).mkdir(parents=True, exist_ok=True)
    for path in sorted(Path(cache).glob("*.sh")):
        text = path.read_text()
        for target in _TARGETS:
            summary, dump = _one(text, target)
            print(f"{path.stem} -> {target}: {summary}")
            Path(out, f"{path.stem}__{target}.txt").write_text(dump)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
