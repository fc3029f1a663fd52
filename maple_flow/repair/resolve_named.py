"""Values for a scheduler rejection that names a directive (``{named:...}``).

A site's submit filter (a job_submit plugin) or Slurm itself often says plainly which option
is at fault: ``Users must specify --nodes for all GPU partitions``, ``Time has not been
specified (i.e. the Slurm directive --time)``, ``Please reschedule your job using
--nodes=1``, ``The requested runtime of the normal QoS cannot exceed 24 hour(s)``. The
records of templates/failures/named_directive.yaml hold only those generic phrasings, the
option in group ``opt`` (and a value or limit the message gives); these placeholders pair
what the message names with the script's own directives:

- ``{named:option}``: the Slurm long option group ``opt`` names (``-t`` and ``--time`` are
  ``time``), only when Slurm has such an option (its option table,
  templates/schedulers/slurm_options.yaml).
- ``{named:required}``: the value to write for an option the message says is required, only
  when the script does not set it (else the refusal is about something else): the value
  Slurm takes when the option is left out, which the job ran with elsewhere - ``nodes``: the
  job's node count (``{nodes:job}``); ``ntasks``: its nodes x its tasks per node (one a node
  when it sets none, Slurm's default); ``gres``/``gpus``: the GPUs the script already asks in
  another spelling (``gpu:4``). Any other option (a run time, a memory size, an account) has
  no such value: a question for that option (``--answer time=...``).
- ``{named:old}``: the Slurm long option group ``old`` names (one the message says is no
  longer taken, to be replaced by ``opt``), only when the script sets it and it is not ``opt``.
- ``{named:time_cap}``: the run-time limit the message gives (group ``h``, in hours) as
  ``HH:00:00``, only when the script's time directive asks more than that.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.models.common import walltime_seconds
from maple_flow.repair.unresolved import Unresolved

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping


class NamedUnresolved(Unresolved):
    """A ``{named:...}`` placeholder without a value; ``need`` names an option to ask for
    (an Unresolved: resolve.py lets it through as it is)."""


@dataclass(frozen=True)
class Named:
    """What a ``{named:...}`` placeholder is filled from: the pattern's groups, the user's
    answers, the script and, lazily, the job's node count (resolve.py's reading)."""

    groups: Mapping[str, str | None]
    answers: Mapping[str, str]
    script: str
    job_nodes: Callable[[], str]

_OPTIONS_FILE = Path(__file__).resolve().parents[2] / "templates" / "schedulers" / \
    "slurm_options.yaml"


@cache
def _slurm_options() -> frozenset[str]:
    data = yaml.safe_load(_OPTIONS_FILE.read_text(encoding="utf-8"))
    return frozenset(data.get("options", {}))


def long_option(named: str) -> str | None:
    """The Slurm long option ``named`` (``-t``, ``--time``, ``time``) is, through the
    directive parser's spellings; None when Slurm has no such option."""
    word = named.strip("'\"`.,;:()")
    if not word:
        return None
    spelled = word if word.startswith("-") else ("-" if len(word) == 1 else "--") + word
    parsed = parse_directives(f"#!/bin/bash\n#SBATCH {spelled}=1\n", "slurm")
    option = parsed[0].option if parsed else None
    return option if option in _slurm_options() else None


def _unresolved(message: str, need: str = "") -> Exception:
    return NamedUnresolved(message, need=need)


def _option(ctx: Named, group: str = "opt") -> str:
    option = long_option(ctx.groups.get(group) or "")
    if option is None:
        raise _unresolved(f"Slurm has no option {ctx.groups.get(group)!r}")
    return option


def _required(ctx: Named, option: str) -> str:
    if option in ctx.answers:
        return ctx.answers[option]
    ds = parse_directives(ctx.script, "slurm")
    if last_value(ds, option) is not None:
        raise _unresolved(f"the script already sets --{option}: the refusal is about another "
                          "thing")
    request = request_from_directives(ds)
    if option == "nodes":
        return ctx.job_nodes()
    if option == "ntasks":
        per_node = last_value(ds, "ntasks-per-node") or "1"
        if not per_node.isdigit():
            raise _unresolved("the script's tasks per node is not a number", need=option)
        return str(int(ctx.job_nodes()) * int(per_node))
    if option in ("gres", "gpus") and request.gpus_per_node:
        if option == "gres":
            return f"gpu:{request.gpus_per_node}"
        return str(request.gpus_per_node * (request.nodes or 1))
    raise _unresolved(f"needs {option} from the user (the job's own value)", need=option)


def _time_cap(ctx: Named) -> str:
    hours = ctx.groups.get("h") or ""
    if not hours.isdigit() or int(hours) < 1:
        raise _unresolved("the message gives no limit in hours")
    asked = last_value(parse_directives(ctx.script, "slurm"), "time")
    try:
        seconds = walltime_seconds(asked) if asked else None
    except ValueError:
        seconds = None
    if seconds is None or seconds <= int(hours) * 3600:
        raise _unresolved("the script's time does not exceed the limit the message gives")
    return f"{int(hours):02d}:00:00"


def named(ctx: Named, arg: str) -> str:
    """``{named:option}``, ``{named:required}``, ``{named:old}``, ``{named:time_cap}``
    (module doc)."""
    if arg == "option":
        return _option(ctx)
    if arg == "required":
        return _required(ctx, _option(ctx))
    if arg == "old":
        old = _option(ctx, "old")
        if last_value(parse_directives(ctx.script, "slurm"), old) is None:
            raise _unresolved(f"the script sets no --{old}: the refusal is about another line")
        if old == _option(ctx):
            raise _unresolved("the message names the same option twice")
        return old
    if arg == "time_cap":
        return _time_cap(ctx)
    raise _unresolved(f"unknown named placeholder {arg!r}")
