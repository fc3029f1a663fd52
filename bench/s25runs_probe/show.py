"""Print each probe script's port per target (s25runs probe: several runs in one job, each pinned
to its own GPU by a variable; scripts in /work/cache/s25runs_probe, not committed): the size
lines, the device pins, the job-control lines (``&``, ``wait``), and the notes on GPUs and pins."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from maple_flow import port

TARGETS = ("perlmutter", "polaris", "aurora", "lonestar6")
SHOWN = re.compile(r"SBATCH (-N|--nodes|--gpus|--gres)|PBS -l select|GPUS_PER_NODE=|"
                   r"CUDA_VISIBLE_DEVICES|ZE_AFFINITY_MASK|^\s*wait|&\s*$|\bPID|\$!")
NOTED = re.compile(r"GPU|copies|side by side|wait|ZE_AFFINITY|CUDA_VISIBLE|not in the port|pinn")


def show(path: Path, targets: tuple[str, ...]) -> None:
    """Port ``path`` to each target and print what decides its layout and job control."""
    for target in targets:
        print(f"=== {path.name} -> {target}")
        try:
            result = port(path.read_text(), target)[target]
        except Exception as exc:
            print(f"  REFUSED {type(exc).__name__}: {str(exc)[:700]}")
            continue
        print(f"  status {result.status}")
        for line in result.script.splitlines():
            if SHOWN.search(line):
                print("  | " + line.rstrip()[:150])
        for note in result.notes:
            if NOTED.search(note) and not note.startswith("shellcheck"):
                print("  - " + note[:400])


def main(argv: list[str]) -> None:
    """Show every script of the cache folder (or the files named) on the probe's targets."""
    paths = [Path(a) for a in argv] or sorted(Path("/work/cache/s25runs_probe").glob("*.sh"))
    for path in paths:
        show(path, TARGETS)


if __name__ == "__main__":
    main(sys.argv[1:])
