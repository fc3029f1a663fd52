"""The numpy MiniLM encoder and the knowledge base's vector cache."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from maple_flow.repair import kb_vectors
from maple_flow.retrieve import rank

HAVE_MODEL = rank.embedding_available()
TEXTS = ["NCCL error: unhandled system error", "module: command not found",
         "sbatch: error: Batch job submission failed: Invalid qos specification"]


@pytest.mark.skipif(not HAVE_MODEL, reason="embed extra not installed")
def test_numpy_encoder_is_unit_length_and_deterministic() -> None:
    from maple_flow.retrieve.minilm import encode

    a = encode(rank._model_dir(), TEXTS[:2])
    b = encode(rank._model_dir(), TEXTS[:2])
    assert a.shape == (2, 384)
    assert abs(float((a[0] * a[0]).sum()) - 1.0) < 1e-5
    assert (a == b).all()
    assert float(a[0] @ a[1]) < 0.9  # different texts, different vectors


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("MAPLE_SLOW") != "1" or not HAVE_MODEL,
                    reason="set MAPLE_SLOW=1 (loads torch and sentence-transformers)")
def test_numpy_encoder_matches_sentence_transformers() -> None:
    from maple_flow.retrieve.minilm import encode

    ours = encode(rank._model_dir(), TEXTS)
    theirs = rank._model().encode(TEXTS, normalize_embeddings=True)
    assert ((ours * theirs).sum(axis=1) > 0.9999).all()


def _fake_encode(calls: list[int]):  # type: ignore[no-untyped-def]
    import numpy as np

    def encode(model_dir: str, texts: list[str]):  # type: ignore[no-untyped-def]
        calls.append(len(texts))
        return np.ones((len(texts), 4), dtype=np.float32) / 2
    return encode


@pytest.mark.skipif(not HAVE_MODEL, reason="embed extra not installed")
def test_record_vectors_are_computed_once_and_kept_owner_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maple_flow.retrieve import minilm

    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path))
    monkeypatch.delenv("MAPLE_FLOW_NO_CACHE", raising=False)
    calls: list[int] = []
    monkeypatch.setattr(minilm, "encode", _fake_encode(calls))
    kb_vectors.record_vectors(TEXTS)
    kb_vectors.record_vectors(TEXTS)
    assert calls == [3]  # the second call read the file
    path = kb_vectors.cache_path(TEXTS)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


@pytest.mark.skipif(not HAVE_MODEL, reason="embed extra not installed")
def test_an_edited_or_added_record_encodes_only_its_own_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maple_flow.retrieve import minilm

    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path))
    monkeypatch.delenv("MAPLE_FLOW_NO_CACHE", raising=False)
    calls: list[int] = []
    monkeypatch.setattr(minilm, "encode", _fake_encode(calls))
    edited = [TEXTS[0] + " (edited)", *TEXTS[1:]]
    added = [*TEXTS, "NCCL WARN Error: failed to extend /dev/shm/nccl-abc to 9637892 bytes"]
    kb_vectors.record_vectors(TEXTS)
    kb_vectors.record_vectors(edited)
    kb_vectors.record_vectors(added)
    kb_vectors.record_vectors(TEXTS)
    assert calls == [3, 1, 1]  # only the edited and the added text encoded; the rest read back


@pytest.mark.skipif(not HAVE_MODEL, reason="embed extra not installed")
def test_a_subset_of_the_records_encodes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Similarity ranks the records of one scheduler and script shape: each such subset reads
    the vectors its texts already have (it once encoded the whole knowledge base again)."""
    import numpy as np

    from maple_flow.retrieve import minilm

    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path))
    monkeypatch.delenv("MAPLE_FLOW_NO_CACHE", raising=False)
    calls: list[int] = []
    fake = _fake_encode(calls)
    monkeypatch.setattr(minilm, "encode", lambda d, texts: fake(d, texts) * np.arange(
        1, len(texts) + 1, dtype=np.float32)[:, None])
    whole = kb_vectors.record_vectors(TEXTS)
    part = kb_vectors.record_vectors([TEXTS[2], TEXTS[0]])
    assert calls == [3]
    assert (part == whole[[2, 0]]).all()


@pytest.mark.skipif(not HAVE_MODEL, reason="embed extra not installed")
def test_a_cache_file_others_can_write_is_not_trusted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maple_flow.retrieve import minilm

    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path))
    calls: list[int] = []
    monkeypatch.setattr(minilm, "encode", _fake_encode(calls))
    kb_vectors.record_vectors(TEXTS)
    path = kb_vectors.cache_path(TEXTS)
    path.chmod(0o666)
    kb_vectors.record_vectors(TEXTS)
    assert calls == [3, 3]  # rebuilt, not read
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_owner_only() -> None:
    st = os.stat(__file__)
    fake = os.stat_result((st.st_mode | 0o044, *list(st)[1:]))
    assert not kb_vectors.owner_only(fake)
