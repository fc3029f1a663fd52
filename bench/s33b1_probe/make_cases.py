"""Write bench/s33b1_probe/cases.yaml from cases_src.py (split by sha256(id) parity), with the
generator the log sets share (bench/reallogs/make_cases.py).

Run: /work/main/.venv/bin/python bench/s33b1_probe/make_cases.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "reallogs"))

from make_cases import write  # noqa: E402

if __name__ == "__main__":
    write(HERE, "s33b1 probe (Intel GPUs at ALCF, PBS)", format_of="reallogs29")
