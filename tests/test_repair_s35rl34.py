"""Classes closed by s35rl34 (issue 17, reallogs34 tune half and reallogs33 held-out misses;
probe bench/s35rl34_probe):

- a tokenizer's decode handed ids it does not have (-100 label padding, generated ids beyond
  the vocabulary): the program's data, not the script; advice, no fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first

from maple_flow.cli.repair import diagnose_log

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")


@pytest.mark.parametrize("line", [
    "OverflowError: out of range integral type conversion attempted",
    "IndexError: Out of range: piece id is out of range.",
    "IndexError: piece id is out of range.",
    "ValueError: chr() arg not in range(0x110000)",
    "ValueError: bytes must be in range(0, 256)",
])
def test_decoding_ids_the_tokenizer_lacks_is_the_program(line: str) -> None:
    log = ("    preds = tokenizer.batch_decode(preds, skip_special_tokens=True)\n"
           f"{line}\n")
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    assert _first(result)["record_id"] == "tokenizer-decode-invalid-token-id"
    assert _first(result)["verdict"] == "not_script"
    assert result.get("proposed") is None


def test_an_embedding_index_error_keeps_its_own_record() -> None:
    result = diagnose_log(SRUN_PY, "IndexError: index out of range in self\n", "delta", None,
                          False)
    assert _first(result)["record_id"] == "embedding-index-out-of-range"
