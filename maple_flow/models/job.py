"""JobSpec: what the user wants to run, independent of any template, with provenance."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import Field, field_validator, model_validator

from maple_flow.models.common import Framework, Launcher, Strategy, Strict, Walltime
from maple_flow.models.shell_lines import setup_lines_problem

Provenance = Literal["said", "parsed", "default", "derived"]
LaunchModel = Literal["launcher", "per_rank"]
RankRole = Literal[
    "rank", "local_rank", "world_size", "local_world_size", "node_rank", "master_addr",
    "master_port", "node_list",
]
#: torch.distributed's own environment variables and the role each holds.
TORCH_RANK_VARS: dict[str, RankRole] = {
    "RANK": "rank", "LOCAL_RANK": "local_rank", "WORLD_SIZE": "world_size",
    "LOCAL_WORLD_SIZE": "local_world_size", "NODE_RANK": "node_rank",
    "MASTER_ADDR": "master_addr", "MASTER_PORT": "master_port",
}

#: A job array's index specification as both schedulers take it (``1-100``, ``0,4,8``,
#: ``1-9:2``, ``1-100%10``).
ARRAY_SPEC = r"^\d{1,7}(?:[-,:%]\d{1,7}){0,31}$"

#: A name a shell can export (a JobSpec ``env`` or ``rank_vars`` key).
ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MODULE_NAME = re.compile(r"^[A-Za-z0-9_.+/@:-]+$")

DEFAULT_WALLTIME = "00:30:00"
DEFAULT_MASTER_PORT = 29500


def _check_names(names: Iterable[str], pattern: re.Pattern[str], what: str) -> None:
    """ValueError listing every name that does not match ``pattern``."""
    bad = [n for n in names if not pattern.match(n)]
    if bad:
        raise ValueError(f"invalid {what} names: {bad}")


def single_line(value: str, what: str) -> str:
    """``value`` when it is one line without NUL bytes (it becomes one shell word)."""
    if any(c in value for c in "\n\r\x00"):
        raise ValueError(f"{what} must be a single line without NUL bytes")
    return value


def args_without_nul(value: list[str]) -> list[str]:
    """``value`` when no argument holds a NUL byte (the shell cannot pass one)."""
    if any("\x00" in a for a in value):
        raise ValueError("arguments cannot contain NUL bytes")
    return value


class JobSpec(Strict):
    """A distributed training job, described by what it needs rather than how to launch it.

    ``gpus_per_node`` counts ranks per node: one per GPU, or per GPU tile on Intel GPUs in
    FLAT mode. ``provenance`` says where each field came from: ``said`` by the user,
    ``parsed`` from a script, ``derived`` from other fields or the profile, or ``default``.
    """

    cluster: str
    framework: Framework = "pytorch"
    strategy: Strategy = "ddp"
    nodes: int = Field(default=1, ge=1, le=100_000)
    gpus_per_node: int = Field(ge=1, le=64)
    entrypoint: str = Field(min_length=1, description="script path, or module with module=True")
    module: bool = Field(default=False, description="run the entry point as `python -m`")
    # Empty defaults rather than default_factory=list/dict: pydantic copies them for every
    # instance all the same, and building the model then does not have to read the builtins'
    # text signatures (tokenize's regexes, ~3 ms in every fresh process).
    args: list[str] = Field(default=[])
    walltime: Walltime = DEFAULT_WALLTIME
    # `+` with max_length, not `{1,64}`: the same strings, but a Unicode class repeated 64
    # times costs pydantic-core's regex engine ~9 ms per field to compile in every process.
    account: str | None = Field(default=None, pattern=r"^[\w.+@-]+$", max_length=64)
    queue: str | None = Field(default=None, pattern=r"^[\w.+@-]+$", max_length=64)
    env: dict[str, str] = Field(default={})
    modules: list[str] = Field(default=[], description="extra modules to load")
    master_port: int = Field(default=DEFAULT_MASTER_PORT, ge=1024, le=65535)
    launcher: Launcher | None = Field(default=None, description="preferred launcher, if any")
    job_name: str = Field(default="maple", pattern=r"^[A-Za-z0-9_.-]{1,64}$")
    launch_model: LaunchModel = Field(
        default="launcher",
        description="launcher: torchrun/deepspeed/accelerate start the workers on each node; "
        "per_rank: the site's parallel launcher starts one `python PROGRAM` per GPU",
    )
    local_rank_arg: bool = Field(
        default=False,
        description="the program takes its local rank as an argument (--local_rank=N), as "
        "python -m torch.distributed.launch gives it: the launch passes it too",
    )
    keep_launcher: Literal["accelerate"] | None = Field(
        default=None,
        description="accelerate: the job keeps `accelerate launch` (once per node, its own "
        "options such as --config_file carried) where the site's documented launch starts "
        "one rank per GPU without it",
    )
    rank_vars: dict[str, RankRole] = Field(
        default={},
        description="variables the program reads its rank facts from (per_rank sets each one)",
    )
    setup_steps: list[str] = Field(
        default=[],
        description="the user's own shell lines, run in order after the site set-up",
    )
    loop_open: list[str] = Field(
        default_factory=list,
        description="the user's loop lines before the launch (`for X in ...`, `do`): the launch "
        "runs inside them",
    )
    loop_close: list[str] = Field(
        default_factory=list, description="the user's loop lines after the launch (`done`)"
    )
    setup_errexit: bool = Field(
        default=True, description="False: the set-up steps run without set -e / pipefail, "
        "as on a source script that had neither (a failing diagnostic does not end the job)")
    cpus_per_task: int | None = Field(default=None, ge=1, le=1024)
    array: str | None = Field(
        default=None, pattern=ARRAY_SPEC,
        description="a job array's index specification, kept as the scheduler's own "
        "(#SBATCH --array= / #PBS -J); None: one job")
    provenance: dict[str, Provenance] = Field(default={})

    @field_validator("entrypoint")
    @classmethod
    def _entrypoint_one_line(cls, value: str) -> str:
        return single_line(value, "the entry point")

    @field_validator("args")
    @classmethod
    def _args_no_nul(cls, value: list[str]) -> list[str]:
        return args_without_nul(value)

    @field_validator("env")
    @classmethod
    def _env_names(cls, value: dict[str, str]) -> dict[str, str]:
        _check_names(value, ENV_NAME, "environment variable")
        if any("\x00" in v for v in value.values()):
            raise ValueError("environment values cannot contain NUL bytes")
        return value

    @field_validator("rank_vars")
    @classmethod
    def _rank_var_names(cls, value: dict[str, RankRole]) -> dict[str, RankRole]:
        _check_names(value, ENV_NAME, "rank variable")
        return value

    @field_validator("setup_steps", "loop_open", "loop_close")
    @classmethod
    def _setup_steps_whole(cls, value: list[str]) -> list[str]:
        problem = setup_lines_problem(value)
        if problem:
            raise ValueError(f"set-up line {problem}")
        return value

    @model_validator(mode="after")
    def _loop_both_ends(self) -> JobSpec:
        if bool(self.loop_open) != bool(self.loop_close):
            raise ValueError("loop_open and loop_close: give both (the loop around the launch) "
                             "or neither")
        return self

    @field_validator("modules")
    @classmethod
    def _module_names(cls, value: list[str]) -> list[str]:
        _check_names(value, _MODULE_NAME, "module")
        return value

    @property
    def ranks(self) -> int:
        """Total number of training processes."""
        return self.nodes * self.gpus_per_node

    @property
    def setup(self) -> tuple[Framework, Strategy]:
        return (self.framework, self.strategy)

    def origin(self, field: str) -> Provenance:
        """Where ``field`` came from (``default`` when nothing was recorded)."""
        return self.provenance.get(field, "default")
