"""Odd source files on real scripts (issue 19, item 7): does the parser read a script with a
UTF-8 byte order mark, CRLF or CR-only line endings exactly as the plain script (directives,
launch line, modules, environment), and does the unterminated-quote check refuse any real
script (a false refusal)?

The scripts are not in this repository: ``sources.json`` names each (repository, commit,
path); fill a cache folder with ``git -C <clone> show <commit>:<path>`` saved as
``<cache_prefix><path with / as _>``, or with the session tool ``read_file``.

    PYTHONPATH=$PWD python bench/odd_sources/run.py --cache DIR [--out bench/out/odd_sources.json]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from maple_flow.errors import MapleError
from maple_flow.scriptparse import parse_script

HERE = Path(__file__).resolve().parent
VARIANTS: dict[str, Callable[[str], str]] = {
    "bom": lambda t: "\ufeff" + t,
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "cr": lambda t: t.replace("\n", "\r"),
}


def _view(data: str) -> tuple[Any, ...]:
    """What the parser reads from ``data``, or why it refused."""
    try:
        p = parse_script(data)
    except MapleError as exc:
        return ("refused", str(exc))
    except Exception as exc:  # a crash is a finding, counted
        return ("crash", type(exc).__name__)
    return (repr(p.directives), repr(p.launch), p.modules, sorted(p.env.items()))


def _files(cache: Path) -> list[Path]:
    data = json.loads((HERE / "sources.json").read_text())
    return [cache / (s["cache_prefix"] + p.replace("/", "_"))
            for s in data["sources"] for p in s["paths"]]


def measure(cache: Path) -> dict[str, Any]:
    """Counts over every cached script of ``sources.json``."""
    files = [f for f in _files(cache) if f.is_file()]
    result: dict[str, Any] = {"scripts": len(files), "parsed": 0, "quote_refusals": [],
                              "other_refusals": 0, "crashes": 0,
                              "same_as_plain": dict.fromkeys(VARIANTS, 0)}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        plain = _view(text)
        if plain[0] == "refused":
            if "never closes" in plain[1]:
                result["quote_refusals"].append(path.name)
            else:
                result["other_refusals"] += 1
            continue
        if plain[0] == "crash":
            result["crashes"] += 1
            continue
        result["parsed"] += 1
        for name, make in VARIANTS.items():
            result["same_as_plain"][name] += _view(make(text)) == plain
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    result = measure(args.cache)
    text = json.dumps(result, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
