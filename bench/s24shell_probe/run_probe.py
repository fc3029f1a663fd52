"""Run the s24shell probe: port each script to its targets, write each port (notes + script)
and whether the port parses (``bash -n``) where its source does. Usage:
``python bench/s24shell_probe/run_probe.py CACHE OUT``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from maple_flow import port

CASES = {
    "osc-submit-again": ["delta", "polaris"],
    "kampta-vulcan-high": ["anvil", "polaris"],
    "usc-isi-pbs-cleanup-trap": ["delta", "polaris"],
    "pasero-trap-jobs": ["vista", "polaris"],
    "curiosity-source-startup": ["delta", "polaris"],
    "ctnvae-signal-interrupt": ["delta", "polaris"],
    "grokking-sigusr1-handler": ["delta", "polaris"],
    "trixie-requeue-keyword-function": ["delta", "polaris"],
    "trixie-accelerate-requeue-setup-env": ["delta", "polaris"],
}


def parses(text: str) -> bool:
    """Whether bash reads ``text`` without a syntax error."""
    return subprocess.run(["bash", "-n"], input=text, text=True,
                          capture_output=True).returncode == 0


def main(cache: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for case, targets in CASES.items():
        text = (cache / f"{case}.sh").read_text()
        for target in targets:
            try:
                result = port(text, [target])[target]
                status, script, notes = result.status, result.script, result.notes
            except Exception as exc:
                status, script, notes = f"error {type(exc).__name__}", "", [str(exc)]
            ok = "parses" if not script or parses(script) else "DOES NOT PARSE"
            body = "\n".join(f"- {n}" for n in notes)
            (out / f"{case}__{target}.txt").write_text(
                f"status: {status} ({ok})\nNOTES:\n{body}\nSCRIPT:\n{script}\n")
            print(case, target, status, ok)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
