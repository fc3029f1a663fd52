"""verify_many: a target whose program the mini-app cannot stand in for is 'unverified' with
the reason, and the others still run (was: the ParseError of one faulted script stopped the
whole users'-faults benchmark)."""

from __future__ import annotations

from typing import Any

from maple_flow.verify import run as vrun
from maple_flow.verify.run import VerifyTarget


def test_one_unpreparable_target_is_unverified_not_raised(monkeypatch: Any) -> None:
    target = VerifyTarget("delta", "#!/bin/bash\n#SBATCH -N 1\necho hi\n", "train.py")
    prepared, refused = vrun._prepare_all([target], {})
    assert not prepared
    report = refused[0]
    assert report.status == "unverified"
    assert "the mini-app cannot stand in for the program" in report.reasons[0]
    assert "train.py" in report.reasons[0]
