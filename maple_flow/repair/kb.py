"""Load the failure knowledge base from ``templates/failures/*.yaml`` (validated, cached)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import ValidationError

from maple_flow.diskcache import load_cached
from maple_flow.errors import ProfileError
from maple_flow.paths import templates_dir
from maple_flow.repair import prefilter
from maple_flow.repair.models import FailureRecord, KnowledgeBase
from maple_flow.repair.resolve import KINDS, placeholders
from maple_flow.yamlio import load_yaml


class KnowledgeBaseError(ProfileError):
    """A knowledge-base file does not validate; the message names the file and the field."""


def failures_dir() -> Path:
    """The folder holding the failure records."""
    return templates_dir() / "failures"


def _check_placeholders(record: FailureRecord, path: Path) -> None:
    for op in record.fix:
        for value in op.values():
            texts = value if isinstance(value, list) else [value]
            for text in texts:
                if not isinstance(text, str):
                    continue
                for kind, _ in placeholders(text.replace("{item}", "{item.self}")):
                    if kind not in KINDS:
                        raise KnowledgeBaseError(
                            f"{path}: record {record.id}: unknown placeholder kind {kind!r}"
                        )


def load_file(path: Path) -> list[FailureRecord]:
    """The records of one YAML file (a mapping with a ``records`` list)."""
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "records" not in data:
            raise KnowledgeBaseError(f"{path}: expected a mapping with a 'records' list")
        records = [FailureRecord.model_validate(r) for r in data["records"]]
    except (yaml.YAMLError, ValidationError, OSError) as exc:
        raise KnowledgeBaseError(f"{path}: {exc}") from exc
    for record in records:
        _check_placeholders(record, path)
    return records


#: The code a loaded knowledge base depends on besides its YAML files (its disk-cache key).
_CODE = tuple(Path(__file__).parent / name
              for name in ("models.py", "kb.py", "resolve.py", "prefilter.py"))


@cache
def _load(folder: Path) -> KnowledgeBase:
    paths = sorted(folder.glob("*.yaml"))
    cached = load_cached("failures", [*paths, *_CODE], lambda: _build(folder, paths))
    if not (isinstance(cached, tuple) and len(cached) == 2):  # pragma: no cover - an old entry
        cached = _build(folder, paths)
    kb, needs = cached
    prefilter.remember(needs)
    return kb


def _build(folder: Path, paths: list[Path]) -> tuple[KnowledgeBase, dict[str, prefilter.Needs]]:
    """The validated records, with what each pattern of their signatures needs in a text
    (``prefilter``: read once here, kept in the disk cache with the records)."""
    records: list[FailureRecord] = []
    for path in paths:
        records += load_file(path)
    try:
        kb = KnowledgeBase(records=records)
    except ValidationError as exc:
        raise KnowledgeBaseError(f"{folder}: {exc}") from exc
    patterns = [p for r in kb.records for sig in r.signatures
                for p in (sig.pattern, sig.script, sig.script_lacks, sig.log_lacks) if p]
    return kb, prefilter.table(patterns)


def load_knowledge_base(folder: Path | None = None) -> KnowledgeBase:
    """Every failure record under ``folder`` (default: the shipped ``templates/failures``)."""
    return _load(folder or failures_dir())
