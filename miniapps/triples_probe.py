"""Triples probe: one task of a triples job (maple_flow.triples.job) says where it ran and exits.

Run by the triples wrapper as ``python triples_probe.py [--task {task}] [--torch] [...]``
(other arguments are ignored). Prints one ``MAPLE_TRIPLES_REPORT {json}`` line and writes the
same JSON to ``reports/triples-task-<id>.json`` beside this file, with: ``task`` (the
wrapper's MAPLE_TASK_ID), ``num_tasks`` (MAPLE_NUM_TASKS), ``slot`` (MAPLE_LOCAL_SLOT),
``host``, ``device_var`` and ``device`` (the first device-visibility variable set and its
value), ``threads`` (OMP_NUM_THREADS), ``arg_task`` (the value after ``--task``: the
``{task}`` placeholder as substituted), ``torch_devices`` (with ``--torch`` and a GPU runtime:
devices torch sees, which must be 1), ``errors`` and ``ok``. Standard library only unless
``--torch``. Exit 0 when ok, 1 otherwise. Judged by ``maple_flow.triples.report``.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import REPORTS_DIR, VISIBILITY_VARS

REPORT_PREFIX = "MAPLE_TRIPLES_REPORT "


def _int(env: Mapping[str, str], name: str, errors: list[str]) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        errors.append(f"{name} is not set")
        return None
    try:
        return int(raw)
    except ValueError:
        errors.append(f"{name}={raw!r} is not an integer")
        return None


def _arg_after(argv: list[str], flag: str) -> str | None:
    if flag in argv[:-1]:
        return argv[argv.index(flag) + 1]
    return None


def _device(env: Mapping[str, str]) -> tuple[str | None, str | None]:
    for name in VISIBILITY_VARS:
        if name in env:
            return name, env[name]
    return None, None


def _torch_devices(errors: list[str]) -> int | None:
    try:
        import torch
    except ImportError:
        errors.append("--torch: torch is not installed")
        return None
    if torch.cuda.is_available():
        return int(torch.cuda.device_count())
    xpu = getattr(torch, "xpu", None)
    if xpu is not None and xpu.is_available():
        return int(xpu.device_count())
    return None  # CPU only (the twin): nothing to count


def probe(env: Mapping[str, str], argv: list[str], host: str) -> dict[str, Any]:
    """The report of this task (pure but for the optional torch query)."""
    errors: list[str] = []
    device_var, device = _device(env)
    if device_var is None:
        errors.append(f"no device-visibility variable is set ({', '.join(VISIBILITY_VARS)})")
    elif not device or "," in device:
        errors.append(f"{device_var}={device!r}: a task must see exactly one device")
    report: dict[str, Any] = {
        "task": _int(env, "MAPLE_TASK_ID", errors),
        "num_tasks": _int(env, "MAPLE_NUM_TASKS", errors),
        "slot": _int(env, "MAPLE_LOCAL_SLOT", errors),
        "host": host.split(".")[0],
        "device_var": device_var,
        "device": device,
        "threads": _int(env, "OMP_NUM_THREADS", errors),
        "arg_task": _arg_after(argv, "--task"),
        "torch_devices": _torch_devices(errors) if "--torch" in argv else None,
    }
    if report["torch_devices"] not in (None, 1):
        errors.append(f"torch sees {report['torch_devices']} devices, expected 1")
    report["errors"] = errors
    report["ok"] = not errors
    return report


def _write(report: dict[str, Any]) -> None:
    text = json.dumps(report, sort_keys=True, separators=(",", ":"))
    sys.stdout.write(REPORT_PREFIX + text + "\n")
    sys.stdout.flush()
    folder = Path(__file__).resolve().parent / REPORTS_DIR
    try:
        folder.mkdir(exist_ok=True)
        name = report["task"] if report["task"] is not None else f"pid{os.getpid()}"
        (folder / f"triples-task-{name}.json").write_text(text + "\n", encoding="utf-8")
    except OSError as exc:  # the stdout line still carries the report
        sys.stderr.write(f"triples probe: cannot write the report file: {exc}\n")


def main(argv: list[str]) -> int:
    """Probe this task, print and write its report; 0 when ok."""
    report = probe(os.environ, argv, socket.gethostname())
    _write(report)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
