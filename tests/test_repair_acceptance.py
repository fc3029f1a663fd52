"""Calibrated acceptance of a diagnosis (issue 17, s18-abstain): a similarity match changes the
script only with a close meaning or the record's anchors; a not-script record whose anchors the
log holds is the answer (advice, no fix), also where CUDA/NCCL text or a weak cosine would make
it a hint; broad not-script records for a refused checkpoint write and a library's assert."""

from __future__ import annotations

from pathlib import Path

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.evidence_gate import (
    anchor_coverage,
    anchored_not_script,
    may_act,
    strong_for_script,
)

SCRIPT = (Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
          / "torchrun_single.sh").read_text(encoding="utf-8")


def _first(log: str, cluster: str = "delta") -> tuple[str, str, str]:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=SCRIPT))
    return found[0].record_id, found[0].method, found[0].verdict


def test_anchor_coverage_counts_one_signatures_literal_words() -> None:
    record = load_knowledge_base().get("no-space-left-on-device")
    share, held = anchor_coverage(record, "write failed: No space left on device")
    assert (share, held) == (1.0, 3)
    assert anchor_coverage(record, "the device was lost") == (1 / 3, 1)


def test_a_script_fix_by_similarity_needs_meaning_or_anchors() -> None:
    """A script record whose log holds one anchor word (a key word) at a middling cosine was
    acted on (the invented fixes of the calibration sets: 0.60-0.63, one anchor word); now a
    hint. The same record at a close cosine, or with its anchors, still acts."""
    kb = load_knowledge_base()
    record = kb.get("hdf5-file-locking-unsupported")
    log = ("MPI-IO file locking is not supported on this parallel filesystem; romio could "
           "not obtain the lock for the checkpoint output directory on scratch")
    assert not strong_for_script(record, log, 0.62)
    assert not may_act(record, log, log, kb, 0.62)
    assert may_act(record, log, log, kb, 0.75)
    anchored_log = "unable to lock file, errno = 38, error message = 'Function not implemented'"
    assert strong_for_script(record, anchored_log, 0.55)


def test_a_not_script_record_is_the_answer_by_its_anchors() -> None:
    """A disk-full message no signature reads ("No space left on device" without OSError's
    prefix): the hint of another record came first ("not recognised"); the record whose
    anchors the log holds is now the answer, advice and no fix."""
    assert _first("safetensors write failed while saving step 4000: No space left on device") \
        == ("no-space-left-on-device", "similarity", "not_script")


def test_anchors_do_not_make_a_script_record_not_script() -> None:
    kb = load_knowledge_base()
    assert not anchored_not_script(kb.get("nccl-shm-segment-too-small"),
                                   "NCCL WARN posix_fallocate: No space left on device /dev/shm",
                                   kb)


def test_a_refused_checkpoint_write_is_not_the_script() -> None:
    log = ("  File \"/venv/lib/python3.10/site-packages/torch/serialization.py\", line 668, in "
           "_save\n    zip_file.write_record(name, storage.data_ptr(), num_bytes)\n"
           "RuntimeError: [enforce fail at inline_container.cc:471] . PytorchStreamWriter "
           "failed writing file data/12: file write failed\n")
    assert _first(log) == ("checkpoint-write-refused", "signature", "not_script")


def test_a_library_assert_is_not_the_script_but_a_kernel_assert_reads_data() -> None:
    log = ("python3: /src/csrc/autograd/engine.cpp:311: void Engine::evaluate(): "
           "Assertion `pos < buffer.size()' failed.\nAborted (core dumped)\n")
    assert _first(log) == ("library-assertion-failed", "signature", "not_script")
    kernel = ("../aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d"
              ": block: [0,0,0], thread: [7,0,0] Assertion `t >= 0 && t < n_classes` failed.\n")
    assert _first(kernel)[0] != "library-assertion-failed"
