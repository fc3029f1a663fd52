"""Not-script readings of session s30 round 2 (templates/failures/s30_r2nb.yaml): a datasets
cache file gone under a running job, a data cache lacking a split, a library kernel's own
runtime check. NCCL's bare internal error at communicator set-up is not read as NCCL's: a launch
setting can end in the same line. Each is read first as its own
record, with advice and no fix; the script's own FileNotFoundError keeps its script reading."""

from __future__ import annotations

import pytest

from maple_flow.repair import FailureEvidence, classify

LINES = [
    ("dataset-cache-file-vanished",
     "FileNotFoundError: [Errno 2] No such file or directory: "
     "'/lustre/proj/u/data/math/train/cache-edf7937b847f91db.arrow'"),
    ("data-cache-missing-split",
     "FileNotFoundError: Cache ledger not found at /data/cache/validation/shard_ledger.json\n"
     "ValueError: No source and no cache found for component web split validation"),
    ("library-kernel-runtime-check",
     "RuntimeError: Runtime check failed at nvfp4_blockwise_moe.cuh:78: "
     "CUDA error: device-side assert triggered"),
]


@pytest.mark.parametrize(("record_id", "log"), LINES, ids=[r for r, _ in LINES])
def test_read_as_not_script_with_advice(record_id: str, log: str) -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm", stderr=log)
    found = {d.record_id: d for d in classify(ev) if d.method == "signature"}
    assert record_id in found, list(found)
    mine = found[record_id]
    assert mine.verdict == "not_script" and not mine.fix.ops and mine.fix.advice


def test_a_plain_missing_config_file_stays_the_scripts() -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm",
                         stderr="FileNotFoundError: [Errno 2] No such file or directory: "
                                "'configs/small.yaml'")
    assert classify(ev)[0].record_id == "config-file-not-found"


def test_a_bare_device_assert_is_not_read_as_a_library_kernel() -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm",
                         stderr="RuntimeError: CUDA error: device-side assert triggered")
    assert "library-kernel-runtime-check" not in {d.record_id for d in classify(ev)}


def test_a_bare_nccl_init_internal_error_is_not_claimed_as_the_librarys() -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm",
                         stderr="ncclCommInitRank failed with error: NCCL error: internal error")
    found = [d for d in classify(ev) if d.method == "signature"]
    assert all(d.verdict != "not_script" for d in found), [d.record_id for d in found]
