"""Write ask_for.py's lists into the released sets (run once from the tree root).

Hand-written sets: cases.yaml; generated ones (a cases_src.py / make_cases.py holding the case):
the generator's source (then regenerate cases.yaml with the set's own generator). The entry is
put right after the case's `ask: true` / `'ask': True`, in the file's own style.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ask_for import ASK_FOR

BENCH = Path(__file__).resolve().parent.parent
ASK = re.compile(r"""(\bask: true(?=[,}\s])|(['"])ask\2: True)""")
ID = r"""(?m)(^\s*-?\s*id: |\bid=|['"]id['"]: |\b(?:case|add)\()['"]?{}['"]?(?=[,\s)])"""
NEXT_ID = re.compile(ID.format(r"[\w.-]+"))


def source_of(name: str, case_id: str) -> Path:
    """The file that holds the case's label."""
    for src in ("cases_src.py", "make_cases.py"):
        path = BENCH / name / src
        if path.is_file() and case_id in path.read_text(encoding="utf-8"):
            return path
    return BENCH / name / "cases.yaml"


def insert(text: str, case_id: str, names: list[str], python: bool) -> str:
    """`text` with ask_for after the first ask label that follows the case's id."""
    found_id = re.search(ID.format(re.escape(case_id)), text)
    if found_id is None:
        raise SystemExit(f"{case_id}: no id line")
    following = NEXT_ID.search(text, found_id.end())
    found = ASK.search(text, found_id.end(), following.start() if following else len(text))
    if found is None:
        raise SystemExit(f"{case_id}: no ask label in its entry")
    end = found.end()
    if python:
        q = found.group(2)
        add = f", {q}ask_for{q}: [" + ", ".join(f"{q}{n}{q}" for n in names) + "]"
    elif text[end] in ",}":  # flow style
        add = ", ask_for: [" + ", ".join(names) + "]"
    else:  # block style: a line of the same indent
        line_start = text.rindex("\n", 0, found.start()) + 1
        indent = text[line_start:found.start()]
        add = f"\n{indent}ask_for: [" + ", ".join(names) + "]"
    return text[:end] + add + text[end:]


def main() -> None:
    for key, names in ASK_FOR.items():
        name, case_id = key.split("/", 1)
        path = source_of(name, case_id)
        text = path.read_text(encoding="utf-8")
        path.write_text(insert(text, case_id, names, path.suffix == ".py"), encoding="utf-8")


if __name__ == "__main__":
    main()
