"""Small shared types: walltimes, identifiers, the strict base model."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict

Framework = Literal["pytorch", "deepspeed", "accelerate"]
Strategy = Literal["ddp", "fsdp", "zero3"]
Launcher = Literal["torchrun", "deepspeed", "accelerate", "srun", "mpiexec", "ibrun", "mpirun"]
Scheduler = Literal["slurm", "pbs"]
Backend = Literal["nccl", "xccl"]

FRAMEWORKS: tuple[Framework, ...] = ("pytorch", "deepspeed", "accelerate")
STRATEGIES: tuple[Strategy, ...] = ("ddp", "fsdp", "zero3")
#: The four training setups maple_flow ships a template for on every cluster.
SETUPS: tuple[tuple[Framework, Strategy], ...] = (
    ("pytorch", "ddp"),
    ("pytorch", "fsdp"),
    ("deepspeed", "zero3"),
    ("accelerate", "ddp"),
)


class Strict(BaseModel):
    """Base of every data model: unknown keys are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


_WALLTIME_RE = re.compile(r"^(?:(\d+)-)?(\d+)(?::(\d{1,2}))?(?::(\d{1,2}))?$")


def walltime_seconds(text: str | int) -> int:
    """Parse a scheduler walltime into seconds.

    Accepts ``HH:MM:SS``, ``H:MM``, ``D-HH:MM:SS`` (Slurm), ``MM`` (Slurm minutes) and ints
    (seconds). Raises ``ValueError`` with the accepted forms on anything else.
    """
    if isinstance(text, int):
        if text <= 0:
            raise ValueError("walltime must be positive")
        return text
    m = _WALLTIME_RE.match(text.strip())
    if not m:
        raise ValueError(f"walltime {text!r} is not HH:MM:SS, H:MM, D-HH:MM:SS or minutes")
    days, first, second, third = m.groups()
    if second is None:  # "MM": Slurm reads a bare number as minutes
        seconds = int(first) * 60
    elif third is None:  # "HH:MM"
        seconds = int(first) * 3600 + int(second) * 60
    else:
        seconds = int(first) * 3600 + int(second) * 60 + int(third)
    seconds += int(days or 0) * 86400
    if seconds <= 0:
        raise ValueError("walltime must be positive")
    return seconds


_SLURM_TIME = re.compile(r"^(?:(\d+)-)?(\d+)(?::(\d+))?(?::(\d+))?$")
#: Slurm's ``D-`` (days, the hours left out: ``--time=1-`` is one day).
_SLURM_DAYS = re.compile(r"^(\d+)-$")
#: The values Slurm reads as no time limit (``--time=UNLIMITED``, ``INFINITE``, ``-1``).
_SLURM_NO_LIMIT = frozenset({"unlimited", "infinite", "-1"})
_PBS_TIME = re.compile(r"^(?:(?:(\d+):)?(\d+):)?(\d+)(?:\.\d+)?$")
#: Torque's ``DD:HH:MM:SS`` walltime (days first), which PBS Pro does not take.
_TORQUE_DAYS = re.compile(r"^(\d+):(\d+):(\d+):(\d+)$")


def no_time_limit(text: str, scheduler: str) -> bool:
    """Whether ``text`` is a Slurm time limit that asks for none (``UNLIMITED``,
    ``INFINITE``, ``-1``): the job runs as long as its partition lets it."""
    return scheduler != "pbs" and text.strip().lower() in _SLURM_NO_LIMIT


def scheduler_walltime_seconds(text: str, scheduler: str) -> int:
    """A time limit as the scheduler itself reads it, in seconds.

    Slurm (``--time``): ``M``, ``M:S``, ``H:M:S``, ``D-``, ``D-H``, ``D-H:M``, ``D-H:M:S`` —
    so ``30:00`` is thirty minutes and ``1-`` one day. PBS (``walltime``): ``S``, ``M:S``,
    ``H:M:S``, and Torque's ``D:H:M:S``. Raises ValueError on anything else (a limit of
    none, ``UNLIMITED``, included: see :func:`no_time_limit`).
    """
    text = text.strip()
    if scheduler == "pbs":
        if torque := _TORQUE_DAYS.match(text):
            d, h, mi, sec = (int(g) for g in torque.groups())
            return d * 86400 + h * 3600 + mi * 60 + sec
        m = _PBS_TIME.match(text)
        if not m:
            raise ValueError(f"PBS walltime {text!r} is not [[hours:]minutes:]seconds")
        h, mi, sec = (int(g or 0) for g in m.groups())
        return h * 3600 + mi * 60 + sec
    if days_only := _SLURM_DAYS.match(text):
        return int(days_only.group(1)) * 86400
    m = _SLURM_TIME.match(text)
    if not m:
        raise ValueError(f"Slurm time {text!r} is not minutes, M:S, H:M:S or D-[H[:M[:S]]]")
    days, a, b, c = m.group(1), int(m.group(2)), m.group(3), m.group(4)
    if days is not None:  # D-H, D-H:M, D-H:M:S
        return int(days) * 86400 + a * 3600 + int(b or 0) * 60 + int(c or 0)
    if b is None:
        return a * 60
    if c is None:
        return a * 60 + int(b)
    return a * 3600 + int(b) * 60 + int(c)


def format_walltime(seconds: int) -> str:
    """Seconds as ``HH:MM:SS`` (hours may exceed 24), the form every scheduler here accepts."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}"


def _normalise_walltime(value: object) -> object:
    if isinstance(value, str | int) and not isinstance(value, bool):
        return format_walltime(walltime_seconds(value))
    return value


#: A walltime, normalised to ``HH:MM:SS`` on validation.
Walltime = Annotated[str, BeforeValidator(_normalise_walltime)]
