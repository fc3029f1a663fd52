"""Fix operations as the store keeps them: JSON objects named by ``op``, as canonical JSON.

The vocabulary of operations (``maple_flow.repair.ops.FixOp``) and its safety rules are the
repair's: the repair validates every operation before it reaches the store
(``maple_flow.repair.ops.validate_ops``), and ``maple_flow.repair.scope.apply_variant``
validates them again where a variant is applied (an operation it does not know falls back to
the seed). The store checks only their shape, and imports no repair or retrieval code.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from maple_flow.store.errors import StoreError

Op = dict[str, Any]

_OP_NAME = re.compile(r"^[a-z][a-z_]{0,63}$")


def validate_ops(ops: object) -> list[Op]:
    """``ops`` as a non-empty list of JSON objects, each named by a lower-case ``op``, whose
    values are finite JSON; else StoreError. The kinds of operation are checked by the
    repair (``maple_flow.repair.ops.validate_ops``), not here."""
    if not isinstance(ops, list) or not ops:
        raise StoreError(f"fix operations must be a non-empty list, got {ops!r}")
    for op in ops:
        if not isinstance(op, dict) or not _OP_NAME.match(str(op.get("op", ""))):
            raise StoreError(f"invalid fix operation {op!r}: an object named by 'op' expected")
    try:
        return [dict(op) for op in json.loads(canonical(ops))]
    except (TypeError, ValueError) as exc:
        raise StoreError(f"invalid fix operations: {exc}") from exc


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
