"""How a port quotes the user's lines in its notes (shared by carry, fit, apply and loop)."""

from __future__ import annotations


def short(text: str) -> str:
    """``text`` on one line (whitespace collapsed), at most 240 characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= 240 else flat[:237] + "..."
