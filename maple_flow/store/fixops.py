"""Typed fix operations as the store keeps them, and the seam to the debug loop's patcher.

The operations are defined by ``maple_flow.debug.ops`` (a pydantic discriminated union on
``op``); the store keeps them as canonical JSON. Rendering a learned variant applies them to
the parent's script with ``maple_flow.debug.apply_fix``: that call lives only in
``apply_ops`` below.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from maple_flow.store.errors import StoreError

Op = dict[str, Any]
_OP_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def _typed(ops: list[Any]) -> list[Op] | None:
    """``ops`` validated by the debug loop's models, or None where they are not installed."""
    try:
        from pydantic import TypeAdapter, ValidationError

        from maple_flow.debug.ops import FixOp  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    try:
        adapter: TypeAdapter[list[Any]] = TypeAdapter(list[FixOp])
        return [dict(op) for op in adapter.dump_python(adapter.validate_python(ops),
                                                       mode="json")]
    except ValidationError as exc:
        raise StoreError(f"invalid fix operations: {exc}") from exc


def _shape(ops: list[Any]) -> list[Op]:
    for i, op in enumerate(ops):
        if not isinstance(op, dict) or not _OP_NAME.fullmatch(str(op.get("op", ""))):
            raise StoreError(f"fix operation {i} must be an object with an 'op' name, "
                             f"got {op!r}")
    return [dict(op) for op in ops]


def validate_ops(ops: object) -> list[Op]:
    """``ops`` as a non-empty, JSON-ready list of typed fix operations, else StoreError."""
    if not isinstance(ops, list) or not ops:
        raise StoreError(f"fix operations must be a non-empty list, got {ops!r}")
    checked = _typed(ops)
    if checked is None:
        checked = _shape(ops)
    try:
        json.dumps(checked, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"fix operations are not plain JSON: {exc}") from exc
    return checked


def canonical(ops: list[Op]) -> str:
    """The JSON text stored for ``ops`` (sorted keys, no spaces)."""
    return json.dumps(ops, sort_keys=True, separators=(",", ":"), allow_nan=False)


def ops_sha256(ops: list[Op]) -> str:
    """Identity of a list of operations (the same fix learned twice is one variant)."""
    return hashlib.sha256(canonical(ops).encode()).hexdigest()


def describe_op(op: Op) -> str:
    """One operation in a few words, e.g. ``export_env NCCL_NET=Socket``."""
    args = {k: v for k, v in op.items() if k not in ("op", "cause", "reason") and v not in
            (None, [], "")}
    if set(args) == {"name", "value"}:
        return f"{op['op']} {args['name']}={args['value']}"
    words = [str(v) if k in ("name", "option") else f"{k}={v}" for k, v in args.items()]
    return " ".join([str(op["op"]), *words])


def summary(ops: list[Op]) -> str:
    """Every operation in a few words, separated by '; '."""
    return "; ".join(describe_op(op) for op in ops)


def apply_ops(script: str, ops: list[Op]) -> str:
    """``script`` with ``ops`` applied by the debug loop's patcher."""
    try:
        from maple_flow.debug import apply_fix  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as exc:
        raise StoreError("rendering a learned variant needs maple_flow.debug (the debug "
                         "loop's patcher), which is not installed") from exc
    return str(apply_fix(script, ops))
