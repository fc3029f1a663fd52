"""How a port quotes the user's lines in its notes (shared by carry, fit, apply and loop)."""

from __future__ import annotations


def short(text: str, width: int = 240) -> str:
    """``text`` on one line (whitespace collapsed), at most ``width`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[:width - 3] + "..."
