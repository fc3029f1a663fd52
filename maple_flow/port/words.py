"""How a port quotes the user's lines in its notes (shared by carry, fit, apply and loop)."""

from __future__ import annotations

from maple_flow.scriptparse.shell import one_line


def short(text: str, width: int = 240) -> str:
    """``text`` on one line (whitespace collapsed), at most ``width`` characters."""
    return one_line(text, width)


def gpus(count: int | str) -> str:
    """``1 GPU`` / ``4 GPUs``: a GPU count with its noun in the right number."""
    return f"{count} GPU" if str(count) == "1" else f"{count} GPUs"


def count(n: int | str, noun: str) -> str:
    """``1 rank`` / ``4 ranks``, ``1 node`` / ``2 nodes``: a count with its noun in the right
    number (a plain noun whose plural takes an ``s``)."""
    return f"{n} {noun}" if str(n) == "1" else f"{n} {noun}s"
