"""Typed fix operations as the store keeps them: validated, as canonical JSON.

The operations are ``maple_flow.repair.ops.FixOp`` (a pydantic discriminated union on
``op``; a pure data model, the one vocabulary). Applying them is not the store's business:
``maple_flow.repair.scope.apply_variant`` does, where a variant is rendered.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from maple_flow.store.errors import StoreError

Op = dict[str, Any]


@cache
def _adapter() -> TypeAdapter[list[Any]]:
    from maple_flow.repair.ops import FixOp

    return TypeAdapter(list[FixOp])


def validate_ops(ops: object) -> list[Op]:
    """``ops`` as a non-empty list of typed fix operations in JSON form, else StoreError."""
    if not isinstance(ops, list) or not ops:
        raise StoreError(f"fix operations must be a non-empty list, got {ops!r}")
    try:
        typed = _adapter().validate_python(ops)
    except ValidationError as exc:
        raise StoreError(f"invalid fix operations: {exc}") from exc
    return [dict(op) for op in _adapter().dump_python(typed, mode="json")]


def canonical(ops: list[Op]) -> str:
    """The JSON text stored for ``ops`` (sorted keys, no spaces)."""
    return json.dumps(ops, sort_keys=True, separators=(",", ":"), allow_nan=False)


def ops_sha256(ops: list[Op]) -> str:
    """Identity of a list of operations (the same fix learned twice is one variant)."""
    return hashlib.sha256(canonical(ops).encode()).hexdigest()


def describe_op(op: Op) -> str:
    """One operation in a few words, e.g. ``export_env NCCL_NET=Socket``."""
    args = {k: v for k, v in op.items() if k != "op" and v not in (None, [], "")}
    if set(args) == {"name", "value"}:
        return f"{op['op']} {args['name']}={args['value']}"
    words = [str(v) if k in ("name", "option") else f"{k}={v}" for k, v in args.items()]
    return " ".join([str(op["op"]), *words])


def summary(ops: list[Op]) -> str:
    """Every operation in a few words, separated by '; '."""
    return "; ".join(describe_op(op) for op in ops)
