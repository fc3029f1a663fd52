"""A batch's history in the template store: every script x target pair of a `maple batch`
run with its outcome (``batch_runs`` / ``batch_items``), across runs and output folders.

The output folder's manifest (``maple_flow.workflows.batchdir``) is the one resume mechanism;
these rows are derived from it (every pair's outcome, resumed ones included, is mirrored here
as the manifest records it), a history queryable with SQL or Datasette ("which pairs failed
last night"). The verifications and repair attempts of each pair are kept by the pipeline.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from maple_flow.store import TemplateStore
    from maple_flow.store.records import BatchStatus
    from maple_flow.workflows.batchdir import Pair


class BatchLog:
    """Mirrors the pairs of one batch into ``store`` (does nothing without a store)."""

    def __init__(self, store: TemplateStore | None, pairs: list[tuple[str, str, str]],
                 options: dict[str, Any]) -> None:
        self.store = store
        self.run_id = store.start_batch(pairs, options) if store is not None and pairs else None

    def mark(self, source: str, cluster: str, pair: Pair, out: Path) -> None:
        """Record one pair's status (generated, error, or its verification) and output."""
        if self.store is None or self.run_id is None:
            return
        output = str(out / pair.output) if pair.output else None
        self.store.mark_item(self.run_id, source, cluster, cast("BatchStatus", pair.status),
                             output)
