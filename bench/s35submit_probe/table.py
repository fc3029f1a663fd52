"""Coverage table of the TACC filter catalogue (catalogue_cases.yaml): start code
(cat_first.json) against this branch (cat_after.json), each message as covered / not / wrong.
Prints markdown."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "reallogs"))

from catalogue_table import main  # noqa: E402

if __name__ == "__main__":
    main(HERE)
