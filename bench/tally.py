"""Hand tallies of a judged first-run set (bench/unseenNN) over a session's runs.

usage: python bench/tally.py SET [SET ...] --start LABEL [--step PREV:STEP:LABEL ...]
       [--unjudged stop|keep]

Each SET's ports are judged by hand on the session's starting code (``hand_judged_start.yaml``,
the run LABEL, e.g. ``"start dee2d6e6"``); each later run STEP (``final1``, ``final2``...) lists
the ports whose text changed since run PREV (``changed_PREV_to_STEP.txt``) and their new hand
verdicts (``hand_judged_STEP.yaml``). A port whose text did not change keeps its previous
verdict. A step with neither file is skipped. A step with changed ports not judged yet: with
``--unjudged stop`` (the default) it has no tally and the later steps none either; with
``--unjudged keep`` (session s25's tally) it is tallied, the unjudged ports keeping their previous
verdict. One line a run: correct or rightly refused, and silently wrong, over the whole set and
its tune and held-out halves (``split`` in ``cases.yaml``).

The per-session scripts (bench/unseen25/tally_s25.py ... bench/unseen31/tally_s29.py) call this
with their sets, runs and commits: each prints the figures its session published."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent
Key = tuple[str, str]


def _verdicts(path: Path) -> dict[Key, str]:
    """The hand verdicts of a judged file (``overrides``: case, target, hand), {} when absent."""
    if not path.exists():
        return {}
    return {(o["case"], o["target"]): o["hand"]
            for o in (yaml.safe_load(path.read_text()) or {}).get("overrides") or []}


def _changed(path: Path) -> set[Key]:
    """The ports (``case__target`` a line) a changed list names, none when absent."""
    if not path.exists():
        return set()
    return {tuple(line.strip().split("__", 1)) for line in path.read_text().splitlines()
            if line.strip()}  # type: ignore[misc]


def _line(name: str, run: str, v: dict[Key, str], split: dict[str, str]) -> str:
    """One run's tally line over the whole set and its tune and held-out halves."""
    cells = []
    for part in ("all", "tune", "heldout"):
        keys = [k for k in v if part == "all" or split[k[0]] == part]
        c = Counter(v[k] for k in keys)
        good = c["correct"] + c["refused_right"]
        n = max(len(keys), 1)
        cells.append(f"{part} {good}/{len(keys)} ({100 * good / n:.1f} %), silent "
                     f"{c['wrong_silent']} ({100 * c['wrong_silent'] / n:.1f} %)")
    return f"{name} {run}: " + " | ".join(cells)


def tally(name: str, start: str, steps: list[tuple[str, str, str]], keep_unjudged: bool,
          bench: Path = BENCH) -> list[str]:
    """The lines of set ``name``: the messages for steps with unjudged ports, then one tally
    line a run (``start`` label, then each step's (previous, step, label))."""
    d = bench / name
    split = {c["id"]: c["split"] for c in yaml.safe_load((d / "cases.yaml").read_text())["cases"]}
    now = _verdicts(d / "hand_judged_start.yaml")
    runs, out = [(start, now)], []
    for previous, step, label in steps:
        changed = _changed(d / f"changed_{previous}_to_{step}.txt")
        again = _verdicts(d / f"hand_judged_{step}.yaml")
        if not changed and not again:
            continue
        missing = [k for k in changed if k not in again]
        if missing and not keep_unjudged:  # no tally for a run whose changed ports are unjudged
            out.append(f"{name} {step}: {len(missing)} changed ports not judged by hand: no tally")
            break
        now = {k: again.get(k, v) if k in changed else v for k, v in now.items()}
        runs.append((label, now))
        if missing:
            out.append(f"{name} {step}: {len(missing)} changed ports not judged yet")
    return out + [_line(name, run, v, split) for run, v in runs]


def _step(text: str) -> tuple[str, str, str]:
    """``PREV:STEP:LABEL`` (the label may hold colons)."""
    parts = text.split(":", 2)
    if len(parts) != 3 or not all(parts):
        raise argparse.ArgumentTypeError(f"a step is PREV:STEP:LABEL, not {text!r}")
    return parts[0], parts[1], parts[2]


def main(argv: list[str] | None = None) -> None:
    """Print the tallies of the sets ``argv`` names (module doc)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("sets", nargs="+", help="bench/<set> folders, e.g. unseen31")
    ap.add_argument("--start", required=True, help="the start run's label, e.g. 'start dee2d6e6'")
    ap.add_argument("--step", type=_step, action="append", default=[],
                    help="PREV:STEP:LABEL, e.g. 'start:final1:final1 f7aad9d0' (repeatable)")
    ap.add_argument("--unjudged", choices=("stop", "keep"), default="stop",
                    help="a step with unjudged changed ports: no tally (stop) or tallied (keep)")
    args = ap.parse_args(argv)
    for name in args.sets:
        for line in tally(name, args.start, args.step, args.unjudged == "keep"):
            print(line)


if __name__ == "__main__":
    main()
