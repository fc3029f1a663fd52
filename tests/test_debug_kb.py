"""The failure knowledge base: every record loads, validates, matches its examples and not its
negatives, cites references, and every fix operation kind is used by some record."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.repair import OP_KINDS, KnowledgeBaseError, load_knowledge_base
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.models import FailureRecord, KnowledgeBase
from maple_flow.repair.resolve import KINDS, placeholders

KB = load_knowledge_base()
RECORDS = {r.id: r for r in KB.records}
FAMILIES = {"scheduler", "modules", "environment", "rendezvous", "devices", "backend",
            "launcher", "resources", "user", "hardware", "network", "program", "library",
            "site", "containers"}


def test_at_least_forty_records_in_every_family() -> None:
    assert len(KB.records) >= 40
    assert {r.family for r in KB.records} == FAMILIES


def test_every_file_loads_and_validates() -> None:
    files = sorted(failures_dir().glob("*.yaml"))
    assert files
    assert sum(len(load_file(f)) for f in files) == len(KB.records)


def test_loading_is_cached() -> None:
    assert load_knowledge_base() is load_knowledge_base()


@pytest.mark.parametrize("record_id", sorted(RECORDS))
def test_examples_match_and_negatives_do_not(record_id: str) -> None:
    record = RECORDS[record_id]
    for line in record.examples:
        assert any(re.search(s.pattern, line, re.M) for s in record.signatures), line
    for line in record.negatives:
        # a catch-all pattern guarded by a job state never fires on a line alone
        live = [s for s in record.signatures if not s.job_states]
        assert not any(re.search(s.pattern, line, re.M) for s in live), line


@pytest.mark.parametrize("record_id", sorted(RECORDS))
def test_record_is_sourced_and_names_known_clusters(record_id: str) -> None:
    record = RECORDS[record_id]
    assert record.references
    assert all(r.url.startswith(("https://", "seed:")) for r in record.references)
    known = set(all_profiles()) | {"all"}
    assert set(record.clusters) <= known


def test_every_op_kind_is_used_by_a_record() -> None:
    used = {op["op"] for r in KB.records for op in r.fix}
    assert used == set(OP_KINDS)


def test_placeholders_are_known() -> None:
    for record in KB.records:
        for op in record.fix:
            for value in op.values():
                for text in value if isinstance(value, list) else [value]:
                    if isinstance(text, str):
                        kinds = {k for k, _ in placeholders(text.replace("{item}", "{item.x}"))}
                        assert kinds <= KINDS, (record.id, text)


def test_the_maple_paper_error_analysis_is_covered() -> None:
    for record_id in ("env-not-propagated-deltaai", "gcc-cuda-mismatch", "lmod-unknown-module",
                      "nccl-on-intel-gpu", "xccl-on-nvidia-gpu", "missing-required-argument",
                      "hf-authentication", "config-file-not-found", "cuda-torch-mismatch"):
        assert record_id in RECORDS


def _write(tmp: Path, text: str) -> Path:
    (tmp / "bad.yaml").write_text(text, encoding="utf-8")
    return tmp


def test_unknown_op_is_rejected(tmp_path: Path) -> None:
    text = """records:
  - id: x
    family: user
    signatures: [{pattern: 'boom'}]
    cause: Something went wrong in a way.
    fix: [{op: rm_rf, path: /}]
    examples: [boom]
    negatives: [bang]
    references: [{title: t, url: 'https://example.org', kind: doc}]
"""
    with pytest.raises(KnowledgeBaseError, match="unknown fix op"):
        load_knowledge_base(_write(tmp_path, text))


def test_bad_regex_and_unknown_placeholder_are_rejected(tmp_path: Path) -> None:
    base = """records:
  - id: x
    family: user
    signatures: [{pattern: '%s'}]
    cause: Something went wrong in a way.
    fix: [{op: export_env, name: A, value: '%s'}]
    examples: [boom]
    negatives: [bang]
    references: [{title: t, url: 'https://example.org', kind: doc}]
"""
    with pytest.raises(KnowledgeBaseError, match="bad regular expression"):
        load_knowledge_base(_write(tmp_path, base % ("(boom", "1")))
    other = tmp_path / "b"
    other.mkdir()
    with pytest.raises(KnowledgeBaseError, match="unknown placeholder"):
        load_knowledge_base(_write(other, base % ("boom", "{shell.rm}")))


def test_duplicate_ids_are_rejected() -> None:
    record = KB.records[0]
    with pytest.raises(ValueError, match="duplicate failure record id"):
        KnowledgeBase(records=[record, record])


def test_get_names_a_missing_record() -> None:
    assert KB.get("port-in-use").id == "port-in-use"
    with pytest.raises(KeyError, match="no failure record"):
        KB.get("nope")


def test_cause_is_one_sentence() -> None:
    data = RECORDS["port-in-use"].model_dump()
    data["cause"] = "first line\nsecond line of the cause"
    with pytest.raises(ValueError, match="one sentence"):
        FailureRecord.model_validate(data)


def test_knowledge_base_lives_in_the_packaged_templates_folder() -> None:
    from maple_flow.paths import templates_dir

    assert failures_dir().parent == templates_dir()


@pytest.mark.slow
def test_wheel_carries_the_knowledge_base(tmp_path: Path) -> None:
    import subprocess
    import sys
    import zipfile

    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", "wheel",
                    "--no-deps", "-w", str(tmp_path), str(root)], check=True, timeout=300,
                   capture_output=True)
    [wheel] = tmp_path.glob("maple_flow-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {n.rsplit("/", 1)[1] for n in names
               if n.startswith("maple_flow/_data/templates/failures/")}
    assert shipped == {p.name for p in failures_dir().glob("*.yaml")}
    assert "maple_flow/repair/classify.py" in names
