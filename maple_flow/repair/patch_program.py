"""The program's own copy of a launcher count, kept in step when a fix changes the launcher's.

A program that splits its batch or gathers its results by the number of processes per node
often takes that number as its own option, written with the launcher's name
(``torchrun --nproc_per_node=4 train.py --nproc_per_node 4``). When a fix sets the launcher's
count, the program's option with the same name and the same old value is set to the new one.
A fix of the job's nodes or GPUs per node also sets the program's ``key=N`` arguments that
name them (``trainer.nnodes=4 trainer.n_gpus_per_node=8``).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable

from maple_flow.errors import MapleError
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.layout import find_launch
from maple_flow.repair.patch_layout import PER_NODE_OPTIONS
from maple_flow.repair.text import FixNotApplicable, Word, replace
from maple_flow.scriptparse import parse_script

#: Launchers that start the workers per node and read a per-node count option.
_COUNTED = ("torchrun", "deepspeed")


def _key(name: str) -> str:
    """An option name with its dashes and underscores folded (``--nproc-per-node``)."""
    return name.lstrip("-").replace("-", "_")


def _count(text: str, stage: str) -> str | None:
    """The literal per-node count of ``stage`` on the launch line, else None."""
    try:
        options = pl.stage_options(text, stage)
    except MapleError:
        return None
    names = PER_NODE_OPTIONS[stage]
    hits = [o.value for o in options if o.name in names and o.value]
    value = hits[-1].strip("\"'") if hits else None
    return value if value is not None and value.isdigit() else None


def _program(text: str) -> tuple[str, list[Word]] | None:
    """(entrypoint, the words of its arguments) on the launch line or in its ``bash -c``
    body; None when the line starts no program."""
    try:
        entry = parse_script(text).launch.entrypoint
        if not entry:
            return None
        launch = pl.program_launch(find_launch(text), entry)
        first, end = pl.program_args(launch, entry)
    except MapleError:
        return None
    return entry, launch.words[first:end]


def _program_options(text: str) -> tuple[str, list[pl.Option]] | None:
    """(entrypoint, the program's options) of the launch line, None when it has none."""
    found = _program(text)
    if found is None:
        return None
    entry, words = found
    return entry, pl.walk_program_args(words, 0, len(words))


def follow_launcher_counts(before: str, after: str) -> str:
    """``after`` with the program's own per-node count option (same name as the launcher's,
    any spelling, same old value) set to the launcher's new count."""
    for stage in _COUNTED:
        old, new = _count(before, stage), _count(after, stage)
        if old is None or new is None or old == new:
            continue
        found = _program_options(after)
        if found is None:
            continue
        entry, options = found
        keys = {_key(name) for name in PER_NODE_OPTIONS[stage]}
        own = [o for o in options if _key(o.name) in keys and o.value == old]
        for opt in own[-1:]:
            with contextlib.suppress(MapleError):  # a body value needing quotes: left alone
                after = pl.add_argument(after, entry, opt.name, new)
    return after


#: ``key=value`` arguments (Hydra/OmegaConf style, ``trainer.n_gpus_per_node=8``) that tell
#: the program the job's GPUs per node, or its nodes: the last dotted part names the count.
PROGRAM_PER_NODE_KEYS = frozenset({"n_gpus_per_node", "gpus_per_node", "nproc_per_node",
                                   "num_gpus_per_node"})
PROGRAM_NODE_KEYS = frozenset({"nnodes", "num_nodes"})
_KEY_VALUE = re.compile(r"^(?P<key>[+~]{0,2}[A-Za-z_][\w.]*)=(?P<value>\d+)$")


def set_program_counts(text: str, keys: frozenset[str], value: int) -> str:
    """``text`` with the program's ``key=N`` arguments whose last dotted part is one of
    ``keys`` set to ``value`` (the launch line or its ``bash -c`` body); as is when none."""
    found = _program(text)
    if found is None:
        return text
    for word in reversed(found[1]):  # from the end: earlier spans stay valid
        m = _KEY_VALUE.match(word.value)
        if m and m.group("key").rsplit(".", 1)[-1] in keys and m.group("value") != str(value):
            text = replace(text, word.start, word.end, f"{m.group('key')}={value}")
    return text


def with_program_counts(apply: Callable[[], str], text: str, keys: frozenset[str],
                        value: int) -> str:
    """``apply()`` (an op that sets the job's count), then the program's own ``key=N``
    arguments set to ``value``; the op's refusal stands only when no such argument changed."""
    try:
        done = apply()
    except FixNotApplicable:
        counted = set_program_counts(text, keys, value)
        if counted == text:
            raise
        return counted
    return set_program_counts(done, keys, value)
