"""Verifications of users' scripts (port, batch, verify, repair chains), step by step.

The ``verifications`` table is about templates (a pass there marks a template verified on
an endpoint); a user's ported script is not a template, so each of its verifications is
kept here: the chain it belongs to (``run_id``, shared with its repair attempts), the step
(0: as ported, n: after repair attempt n), the template it was rendered from, the outcome.
"""

from __future__ import annotations

import hashlib
from typing import Any

from maple_flow.store.base import Connected, now, to_json
from maple_flow.store.errors import StoreError
from maple_flow.store.records import ScriptVerification

_STATUSES = ("verified", "failed", "unverified")


class RunLog(Connected):
    """Record and read the verifications of scripts that are not templates."""

    def record_script_verification(self, run_id: str, step: int, cluster: str, endpoint: str,
                                   status: str, script: str, *, template_id: str | None = None,
                                   reasons: list[str] | None = None,
                                   report: dict[str, Any] | None = None,
                                   elapsed_s: float | None = None) -> None:
        """Keep one verification of ``script`` (step ``step`` of the chain ``run_id``)."""
        if status not in _STATUSES:
            raise StoreError(f"status {status!r} is not one of {', '.join(_STATUSES)}")
        if step < 0 or not run_id:
            raise StoreError("a script verification needs a run id and a step >= 0")
        with self._write() as db:
            db["script_verifications"].insert({
                "run_id": run_id, "step": step, "cluster": cluster,
                "template_id": template_id, "endpoint": endpoint, "status": status,
                "script_sha256": hashlib.sha256(script.encode()).hexdigest(),
                "reasons": to_json(list(reasons or [])), "report": to_json(report or {}),
                "elapsed_s": elapsed_s, "at": now()})

    def script_verifications(self, run_id: str | None = None, cluster: str | None = None
                             ) -> list[ScriptVerification]:
        """The kept verifications of one chain and/or one cluster, in order."""
        import json

        rows = self._rows("SELECT * FROM script_verifications WHERE (? IS NULL OR run_id = ?) "
                          "AND (? IS NULL OR cluster = ?) ORDER BY at, run_id, step",
                          (run_id, run_id, cluster, cluster))
        return [ScriptVerification.model_validate(
            {**{k: v for k, v in r.items() if k != "id"}, "reasons": json.loads(r["reasons"]),
             "report": json.loads(r["report"])}) for r in rows]
