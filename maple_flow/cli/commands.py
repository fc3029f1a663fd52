"""The commands of `maple` and the module that adds each (read by the package and by root)."""

from __future__ import annotations

#: Command name -> the module whose ``register(app)`` adds it, in the order help lists them.
COMMANDS: dict[str, str] = {
    "clusters": "maple_flow.cli.catalog",
    "templates": "maple_flow.cli.catalog",
    "render": "maple_flow.cli.catalog",
    "generate": "maple_flow.cli.generate",
    "port": "maple_flow.cli.generate",
    "verify": "maple_flow.cli.verify",
    "triples": "maple_flow.cli.triples",
    "batch": "maple_flow.cli.workflows",
    "revalidate": "maple_flow.cli.workflows",
    "endpoints": "maple_flow.cli.endpoints",
    "twin": "maple_flow.cli.twin",
    "repair": "maple_flow.cli.repair",
}
#: Kept for callers that listed the command modules.
COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(COMMANDS.values()))
