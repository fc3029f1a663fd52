"""Revalidation runs: the verification matrix recorded cell by cell, and its drift."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from maple_flow.store.base import Connected, now
from maple_flow.store.errors import StoreError
from maple_flow.store.records import Drift, Revalidation

Key = tuple[str, str, str]  # cluster, framework, strategy


class MatrixCell(Protocol):
    """What the store reads from a matrix cell (maple_flow.reports.matrix.Cell fits)."""

    @property
    def cluster(self) -> str: ...
    @property
    def setup(self) -> tuple[str, str]: ...
    @property
    def status(self) -> str: ...
    @property
    def seconds(self) -> float: ...
    @property
    def reason(self) -> str: ...


def registry_endpoint(cluster: str) -> str:
    """The endpoint a cluster is verified on, as a name: ``twin``, ``local`` or
    ``globus-compute:<endpoint id>``."""
    from maple_flow.endpoints import load_registry

    endpoint = load_registry()[cluster]
    return f"{endpoint.type}:{endpoint.endpoint_id}" if endpoint.endpoint_id else endpoint.type


def _key(cell: MatrixCell) -> Key:
    return (cell.cluster, *cell.setup)


def changes(before: dict[Key, str], cells: Iterable[MatrixCell]) -> list[Drift]:
    """Cells whose status differs from ``before`` (pure); cells new to the matrix count."""
    return [Drift(cluster=c.cluster, framework=c.setup[0], strategy=c.setup[1],
                  before=before.get(_key(c)), after=c.status)
            for c in cells if before.get(_key(c)) != c.status]


class MatrixLog(Connected):
    """The ``revalidations`` table and the verifications that belong to each run."""

    def _seed_id(self, key: Key) -> str:
        rows = self._rows("SELECT id FROM templates WHERE origin = 'seed' AND cluster = ? AND "
                          "framework = ? AND strategy = ? ORDER BY id LIMIT 1", key)
        if not rows:
            raise StoreError(f"no seed template for {'/'.join(key)} in the store {self.path}")
        return str(rows[0]["id"])

    def record_matrix(self, cells: list[MatrixCell],
                      endpoint_of: Callable[[str], str] = registry_endpoint) -> int:
        """Record a revalidation: one verification of each cell's seed template, all in
        one transaction; the run's id."""
        at = now()
        endpoints = {c.cluster: endpoint_of(c.cluster) for c in cells}
        with self._write() as db:
            run = db["revalidations"].insert({"at": at, "cells": len(cells)}).last_pk
            for cell in cells:
                template_id = self._seed_id(_key(cell))
                self._insert_verification(
                    db, template_id, endpoints[cell.cluster], cell.status,
                    {"seconds": cell.seconds}, {"reason": cell.reason}, run, at)
        return int(run)

    def last_revalidation(self) -> Revalidation | None:
        """The latest recorded revalidation with the status of each of its cells."""
        runs = self._rows("SELECT id, at FROM revalidations ORDER BY id DESC LIMIT 1")
        if not runs:
            return None
        rows = self._rows(
            "SELECT t.cluster, t.framework, t.strategy, v.status FROM verifications v JOIN "
            "templates t ON t.id = v.template_id WHERE v.revalidation_id = ?", (runs[0]["id"],))
        cells = {(r["cluster"], r["framework"], r["strategy"]): r["status"] for r in rows}
        return Revalidation(id=runs[0]["id"], at=runs[0]["at"], cells=cells)

    def drift(self, current_matrix: Iterable[MatrixCell]) -> list[Drift]:
        """Cells of ``current_matrix`` whose status changed since the last revalidation
        (empty when none was recorded before)."""
        last = self.last_revalidation()
        return [] if last is None else changes(last.cells, current_matrix)
