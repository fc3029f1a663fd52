"""Measure the twin's bring-up: packages (when missing), first personality, each further one.

    .venv/bin/python bench/twin_setup.py [--restart] [CLUSTER ...]

Prints JSON. With --restart, the listed personalities (default: all) are stopped first, so the
figures are cold starts of the daemons (this interrupts jobs running on them). Needs root.
"""

from __future__ import annotations

import argparse
import json
import time

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.twin import Twin
from maple_flow.twin.install import install_packages, installed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("clusters", nargs="*", default=list(all_profiles()))
    parser.add_argument("--restart", action="store_true")
    args = parser.parse_args()
    twin = Twin()
    result: dict[str, object] = {"packages_present": installed()}
    start = time.monotonic()
    result["packages_installed"] = install_packages()
    result["install_s"] = round(time.monotonic() - start, 3)
    if args.restart:
        twin.down(args.clusters)
    per: dict[str, float] = {}
    for cluster in args.clusters:
        t0 = time.monotonic()
        twin.up([cluster])
        per[cluster] = round(time.monotonic() - t0, 3)
    result["up_s"] = per
    first = per[args.clusters[0]]
    rest = [v for k, v in per.items() if k != args.clusters[0]]
    result["first_personality_s"] = round(first + float(result["install_s"]), 3)  # type: ignore[arg-type]
    result["further_personality_max_s"] = max(rest) if rest else None
    result["further_personality_mean_s"] = round(sum(rest) / len(rest), 3) if rest else None
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
