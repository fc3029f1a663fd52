"""The failure knowledge base is kept in maple_flow's disk cache between processes (s39): a
fresh `maple repair --log` unpickles the validated records instead of parsing ~1,150 of them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from maple_flow.repair import kb


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "failures"
    folder.mkdir()
    shutil.copy(kb.failures_dir() / "program_workers.yaml", folder / "a.yaml")
    return folder


def _ids(folder: Path) -> list[str]:
    kb._load.cache_clear()  # a new process: only the disk cache is left
    return [r.id for r in kb.load_knowledge_base(folder).records]


def test_a_second_process_reads_the_cached_records(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path / "cache"))
    folder = _folder(tmp_path)
    first = _ids(folder)
    assert list((tmp_path / "cache" / "maple_flow" / "data").glob("failures-*.pickle"))
    assert _ids(folder) == first


def test_an_edited_record_file_is_read_again(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path / "cache"))
    folder = _folder(tmp_path)
    first = _ids(folder)
    path = folder / "a.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"id: {first[0]}\n", f"id: {first[0]}-edited\n", 1),
                    encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000))
    assert _ids(folder)[0] == f"{first[0]}-edited"


def test_a_broken_file_is_an_error_every_time(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path / "cache"))
    folder = _folder(tmp_path)
    (folder / "b.yaml").write_text("records: [{id: x}]\n", encoding="utf-8")
    for _ in range(2):
        kb._load.cache_clear()
        with pytest.raises(kb.KnowledgeBaseError):
            kb.load_knowledge_base(folder)
    kb._load.cache_clear()


def test_the_prefilter_table_is_kept_with_the_records_and_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What each signature pattern needs (repair/prefilter.py) is stored with the records:
    a second process reads it from the cache; an edited pattern is read again."""
    from maple_flow.repair import prefilter

    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(prefilter, "_table", {})
    folder = tmp_path / "failures"
    folder.mkdir()
    record = """records:
  - id: zq-prefilter-record
    family: program
    signatures:
      - pattern: 'zqalpha (?:one|two) failed'
    cause: A made-up failure of the program, to test the prefilter's cache.
    advice: Nothing to do.
    examples: ['zqalpha one failed']
    negatives: ['zqalpha three failed']
    references:
      - {title: 'a made-up reference', url: 'https://example.org/zq', kind: doc}
"""
    path = folder / "a.yaml"
    path.write_text(record, encoding="utf-8")
    _ids(folder)
    needs = prefilter.read_needs("zqalpha (?:one|two) failed")
    assert needs[0] == (("zqalpha ", "zqalpha "),)
    assert prefilter._table["zqalpha (?:one|two) failed"] == needs
    # a new process: the table comes from the disk cache, not from parsing the pattern
    monkeypatch.setattr(prefilter, "_table", {})
    monkeypatch.setattr(prefilter, "read_needs", lambda pattern: pytest.fail(pattern))
    _ids(folder)
    assert "zqalpha (?:one|two) failed" in prefilter._table
    monkeypatch.undo()
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(prefilter, "_table", {})
    path.write_text(record.replace("zqalpha (?:one|two)", "zqbeta (?:one|two)")
                    .replace("'zqalpha one", "'zqbeta one"), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000))
    _ids(folder)
    assert list(prefilter._table) == ["zqbeta (?:one|two) failed"]
    pattern = "zqbeta (?:one|two) failed"
    assert prefilter._table[pattern] == prefilter.read_needs(pattern)
    assert (("zqbeta ", "zqbeta "),) in prefilter._table[pattern]
    kb._load.cache_clear()
