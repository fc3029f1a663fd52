"""The typer application behind the `maple` command. Each command group lives in its own
module of this package and is imported only when one of its commands runs (or help lists
them), so `maple generate` does not pay for Parsl, the twin or the endpoint code."""

from __future__ import annotations

import importlib
from typing import Any

import typer
from typer.core import TyperGroup

from maple_flow.cli.commands import COMMANDS


class LazyGroup(TyperGroup):
    """A typer group that imports a command's module the first time the command is asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*COMMANDS, *self.commands]))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            self._load(COMMANDS[cmd_name])
        return self.commands.get(cmd_name)

    def _load(self, module_name: str) -> None:
        holder = typer.Typer(add_completion=False)
        importlib.import_module(module_name).register(holder)
        group = typer.main.get_group(holder)
        for name, command in group.commands.items():
            self.add_command(command, name)


app = typer.Typer(
    name="maple",
    cls=LazyGroup,
    help=(
        "Write, check, run and repair launch scripts for distributed training on HPC GPU "
        "clusters.\n\nStart with `maple clusters` to see the ten clusters, "
        "`maple render --help` to write a script from a job description.\n\n"
        'Example: maple generate "train.py on 8 GPUs across 2 nodes on Polaris"'
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Write, check, run and repair launch scripts for distributed training on HPC clusters."""
