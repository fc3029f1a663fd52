"""A new rendezvous port where the launcher reads it, found through the launch line.

torchrun, deepspeed and accelerate take their port from their own options (defaults 29500, or
torch 1.x's ``--standalone`` endpoint ``localhost:29400``), never from ``MASTER_PORT``: an
exported MASTER_PORT alone changes nothing for them. The port is therefore given where the
launcher reads it: a literal ``--master_port`` is pointed at ``$MASTER_PORT``, a literal c10d
endpoint (``localhost:29400``) has its port set in place (patch_launch), a user variable the
option reads (``--master_port $PORT``, also ``PORT=${PORT:-29500}``) has its assignment set,
and a launcher given no port at all gets an option that reads ``$MASTER_PORT``.
"""

from __future__ import annotations

import re

from maple_flow.repair import patch_launch as pl
from maple_flow.repair.patch_layout import literal_int, set_literal
from maple_flow.repair.text import FixNotApplicable

_STANDALONE = ("--standalone",)
_PORT_VARIABLE = re.compile(r"(?:^|:)\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")


def _stages(text: str) -> list[tuple[str, list[pl.Option]]]:
    """(stage, options) of each port-taking launcher stage of the launch line."""
    found = []
    for stage in pl.PORT_OPTIONS:
        try:
            found.append((stage, pl.stage_options(text, stage)))
        except FixNotApplicable:
            continue
    return found


def _dashed(options: list[pl.Option]) -> bool:
    """Whether the stage's options are spelled with dashes (``--nproc-per-node``)."""
    return any("-" in o.name[2:] for o in options if o.name.startswith("--"))


def _spelled(name: str, options: list[pl.Option]) -> str:
    return "--" + name[2:].replace("_", "-") if _dashed(options) else name


def _port_variable(value: str) -> str | None:
    """The variable a port option's value ends with (``$MASTER_ADDR:$PORT`` -> PORT)."""
    m = _PORT_VARIABLE.search(value.strip("\"'"))
    return m.group(1) if m else None


def _set_user_variable(text: str, options: list[pl.Option], names: tuple[str, ...],
                       port: str) -> str | None:
    """The script with the literal assignment of the user variable a port option reads set to
    ``port``; None when no port option reads such a variable."""
    for opt in reversed([o for o in options if o.name in names and o.value]):
        name = _port_variable(str(opt.value))
        if name and name != "MASTER_PORT" and literal_int(text, name) is not None:
            return set_literal(text, name, int(port))
        if name and name != "MASTER_PORT":
            changed = _set_defaulted(text, name, port)
            if changed is not None:
                return changed
    return None


def _set_defaulted(text: str, name: str, port: str) -> str | None:
    """The script with ``NAME=${NAME:-29500}`` (a port the caller's environment may override,
    e.g. a ``PORT`` set on the login node) set to ``port``; None when there is no such line."""
    pattern = re.compile(rf"^(\s*(?:export\s+)?{re.escape(name)}=)([\"']?)"
                         rf"\$\{{{re.escape(name)}:?-\d*\}}\2(\s*(?:#.*)?)$", re.M)
    changed, count = pattern.subn(lambda m: f"{m.group(1)}{port}{m.group(3)}", text)
    return changed if count else None


def _give_port(text: str, stage: str, options: list[pl.Option]) -> str:
    """A launcher stage given no port: one that reads ``$MASTER_PORT``."""
    if stage == "torchrun" and any(o.name in _STANDALONE for o in options):
        text = pl.remove_launcher_arg(text, stage, "--standalone")
        text = pl.add_variable_option(text, stage, _spelled("--rdzv_endpoint", options),
                                      "localhost:$MASTER_PORT")
        return pl.set_launcher_arg(text, stage, _spelled("--rdzv_backend", options), "c10d")
    return pl.add_variable_option(text, stage, _spelled(pl.PORT_OPTIONS[stage][0], options),
                                  "$MASTER_PORT")


def launcher_port(text: str, port: str) -> str | None:
    """The script with ``port`` given where its launcher reads the rendezvous port, when that
    is not MASTER_PORT's assignment: a user variable's assignment (the script returned as is
    otherwise), or a new option reading ``$MASTER_PORT`` (to be exported by the caller).
    None when the launch line has no launcher stage that takes a port option."""
    stages = _stages(text)
    if not stages:
        return None
    for stage, options in stages:
        names = pl.PORT_OPTIONS[stage]
        changed = _set_user_variable(text, options, names, port)
        if changed is not None:
            return changed
        if not any(o.name in names for o in options):
            text = _give_port(text, stage, options)
    return text


def reads_master_port(text: str) -> bool:
    """Whether the launch line's launcher options read ``$MASTER_PORT``."""
    return any("MASTER_PORT" in str(o.value) for _, options in _stages(text) for o in options
               if o.value)
