"""Print each probe script's port layout per target (s24multirun probe; scripts in
/work/cache/s24multirun_probe, not committed): the size lines, the device pins, the first notes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from maple_flow import port

TARGETS = ("perlmutter", "polaris", "aurora", "bridges2")
SHOWN = re.compile(r"SBATCH (-N|--nodes|--gpus|--gres)|PBS -l select|GPUS_PER_NODE=|"
                   r"CUDA_VISIBLE_DEVICES|ZE_AFFINITY_MASK|^wait|&\s*$")


def main(cache: str) -> None:
    """Port every script of ``cache`` to each target and print what decides its layout."""
    for path in sorted(Path(cache).glob("*.sh")):
        for target in TARGETS:
            print(f"=== {path.name} -> {target}")
            try:
                result = port(path.read_text(), target)[target]
            except Exception as exc:
                print(f"  REFUSED {type(exc).__name__}: {str(exc)[:400]}")
                continue
            print(f"  status {result.status}")
            for line in result.script.splitlines():
                if SHOWN.search(line):
                    print("  | " + line.strip()[:140])
            for note in result.notes:
                if re.search(r"GPU|copies|side by side|refused", note):
                    print("  - " + note[:300])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/work/cache/s24multirun_probe")
