"""The cluster x setup verification matrix as Markdown and as an HTML picture (pure)."""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from maple_flow.verify.budget import TWIN_MAX_RANKS

SETUP_LABELS = {
    ("pytorch", "ddp"): "PyTorch DDP",
    ("pytorch", "fsdp"): "PyTorch FSDP",
    ("deepspeed", "zero3"): "DeepSpeed ZeRO-3",
    ("accelerate", "ddp"): "Accelerate DDP",
}
COLOURS = {"verified": "#2e7d32", "failed": "#c62828", "unverified": "#9e9e9e"}
SYMBOLS = {"verified": "✔", "failed": "✘", "unverified": "?"}


@dataclass(frozen=True)
class Cell:
    """One cluster x setup result."""

    cluster: str
    setup: tuple[str, str]
    status: str
    seconds: float
    ranks: int
    reason: str = ""


Grid = dict[tuple[str, tuple[str, str]], Cell]


def _grid(cells: list[Cell]) -> tuple[list[str], list[tuple[str, str]], Grid]:
    clusters = list(dict.fromkeys(c.cluster for c in cells))
    setups = [s for s in SETUP_LABELS if any(c.setup == s for c in cells)]
    return clusters, setups, {(c.cluster, c.setup): c for c in cells}


def markdown(cells: list[Cell]) -> str:
    """A Markdown table: one row per cluster, one column per setup, status and seconds."""
    clusters, setups, grid = _grid(cells)
    head = "| cluster | " + " | ".join(SETUP_LABELS[s] for s in setups) + " |"
    rows = [head, "|" + "---|" * (len(setups) + 1)]
    for cluster in clusters:
        parts = []
        for s in setups:
            c = grid.get((cluster, s))
            parts.append(f"{SYMBOLS[c.status]} {c.seconds:.0f} s ({c.ranks} ranks)" if c else "")
        rows.append(f"| {cluster} | " + " | ".join(parts) + " |")
    notes = [f"- {c.cluster} / {SETUP_LABELS[c.setup]}: {c.reason}" for c in cells if c.reason]
    return "\n".join(rows + (["", *notes] if notes else [])) + "\n"


def html_page(cells: list[Cell], title: str, footer: str = "") -> str:
    """A self-contained HTML page with the matrix as coloured cells."""
    clusters, setups, grid = _grid(cells)
    th = "".join(f"<th>{html.escape(SETUP_LABELS[s])}</th>" for s in setups)
    body = []
    for cluster in clusters:
        tds = []
        for s in setups:
            c = grid.get((cluster, s))
            if c is None:
                tds.append("<td></td>")
                continue
            tip = html.escape(c.reason or c.status)
            tds.append(f'<td style="background:{COLOURS[c.status]}" title="{tip}">'
                       f"{SYMBOLS[c.status]}<br><small>{c.seconds:.0f} s · {c.ranks} ranks"
                       "</small></td>")
        body.append(f"<tr><th>{html.escape(cluster)}</th>{''.join(tds)}</tr>")
    style = ("body{font-family:sans-serif}table{border-collapse:collapse}"
             "td,th{border:1px solid #fff;padding:8px 14px;text-align:center}"
             "td{color:#fff;font-size:20px}th{background:#eceff1}small{font-size:12px}")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title><style>{style}</style></head><body><h2>{html.escape(title)}</h2>"
            f"<table><tr><th>cluster</th>{th}</tr>{''.join(body)}</table>"
            f"<p>{html.escape(footer)}</p></body></html>\n")


def write_matrix(cells: list[Cell], out: Path, wall_s: float) -> dict[str, Any]:
    """Write matrix.md, matrix.html and matrix.json into ``out``; return the JSON data."""
    verified = sum(c.status == "verified" for c in cells)
    footer = (f"{verified}/{len(cells)} verified; wall time {wall_s:.0f} s on "
              f"{os.cpu_count()} cores, at most {TWIN_MAX_RANKS} "
              "twin ranks at a time")
    from maple_flow.safewrite import write_output

    write_output(out / "matrix.md", markdown(cells) + f"\n{footer}\n", root=out)
    write_output(out / "matrix.html", html_page(cells, "maple_flow verification matrix", footer),
                 root=out)
    data: dict[str, Any] = {
        "wall_s": round(wall_s, 1), "cores": os.cpu_count(), "verified": verified,
        "cells": len(cells),
        "per_cell": [{"cluster": c.cluster, "setup": "/".join(c.setup), "status": c.status,
                      "seconds": round(c.seconds, 1), "ranks": c.ranks, "reason": c.reason}
                     for c in cells],
    }
    write_output(out / "matrix.json", json.dumps(data, indent=2), root=out)
    return data
