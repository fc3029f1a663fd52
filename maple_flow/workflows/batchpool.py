"""A batch's work in worker processes (``maple batch``, issue 14): consecutive chunks of the
work, each done whole by one worker, the results in order. The workers are forked once per
batch, so they start with the parent's loaded templates and profiles; a small batch, a
machine with one core, or a platform without ``fork`` works in this process.

The chunks shrink towards the end (guided scheduling): each worker takes the next chunk when
it is done with one, and the last chunks are small, so the workers finish at about the same
time instead of one waiting, idle, while the other ports a whole large chunk."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: Fewer units of work than this (ports) are done in this process: starting workers and
#: sending results back costs more than it saves.
MIN_PARALLEL_UNITS = 64
#: Guided chunks (``guided_chunks``): each takes 1/(this x workers) of what is left: large
#: chunks first (few, so each chunk's fixed cost, its shellcheck runs, stays small), small
#: ones last (so the workers end together).
GUIDED_SHARE = 2


def cores() -> int:
    """The CPU cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def pool_size(units: int, workers: int | None = None) -> int:
    """How many worker processes do ``units`` of work: ``workers`` when given (1: this
    process), else one per core, and 1 for a small batch or without ``fork``."""
    if workers is not None:
        return max(1, workers)
    if units < MIN_PARALLEL_UNITS or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return cores()


def guided_chunks(items: Sequence[T], workers: int) -> list[list[T]]:
    """``items`` in consecutive chunks that shrink: each is 1/(``GUIDED_SHARE`` x ``workers``)
    of what is left (at least one item), so the last chunks, done while the other workers
    finish theirs, are of one item each."""
    chunks, start, share = [], 0, GUIDED_SHARE * max(1, workers)
    while start < len(items):
        size = max(1, -(-(len(items) - start) // share))
        chunks.append(list(items[start:start + size]))
        start += size
    return chunks


def map_chunks(work: Callable[[list[T]], R], items: Sequence[T],
               workers: int) -> Iterator[tuple[list[T], R]]:
    """Each chunk of ``items`` with ``work(chunk)``, in order, done by ``workers`` forked
    processes (``work`` and its results must pickle); with one worker, here, in one chunk."""
    if workers <= 1 or len(items) < 2:
        chunk = list(items)
        yield chunk, work(chunk)
        return
    chunks = guided_chunks(items, workers)
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    try:
        yield from zip(chunks, pool.map(work, chunks), strict=True)
    finally:  # stopped early (an error, an interrupt): the chunks not started are dropped
        pool.shutdown(wait=True, cancel_futures=True)
