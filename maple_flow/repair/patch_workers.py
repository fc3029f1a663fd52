"""Data-loader worker counts a launch line gives the program (pure).

A training program's data loader starts ``num_workers`` processes for each rank; each holds a
copy of the dataset's state and its prefetched batches in host memory, so eight workers for
each of four GPU ranks a node are 32 extra processes. When a job that already has all of its
nodes' memory (``--mem=0`` or ``--exclusive``) is OOM-killed, the one value its script
controls is that count. :func:`loader_worker_counts` reads the counts written as digits on the
script's command lines, in the spellings programs take (``--num_workers 8``,
``--num-workers=8``, ``--dataloader_num_workers 8``, Hydra's ``dataloader.params.num_workers=8``,
``num_workers=8``); :func:`lower_loader_workers` writes a smaller count in their place.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.repair.text import FixNotApplicable

#: A worker-count word of a command line: its name, the separator, the digits.
_WORKERS = re.compile(
    r"(?<![^\s'\"])(?P<name>--?(?:[A-Za-z0-9.]*[._-])?num[_-]workers|(?:[A-Za-z0-9_]+\.)*num_workers)"
    r"(?P<sep>=|[ \t]+)(?P<n>\d+)(?=[\s'\"\\;]|$)")


def _command_lines(text: str) -> list[tuple[int, str]]:
    """The script's lines (0-based index, text) that are not comments or directives."""
    return [(i, line) for i, line in enumerate(text.splitlines())
            if line.strip() and not line.lstrip().startswith("#")]


def loader_worker_counts(text: str) -> list[int]:
    """Each data-loader worker count the script's command lines give as digits."""
    return [int(m["n"]) for _, line in _command_lines(text) for m in _WORKERS.finditer(line)]


def whole_node_memory(text: str) -> bool:
    """Whether the Slurm header already gives the job all of its nodes' memory (``--mem=0``
    or ``--exclusive``): more memory cannot be asked there."""
    directives = parse_directives(text, "slurm")
    return last_value(directives, "mem") == "0" or any(
        d.option == "exclusive" for d in directives)


def loader_workers_above_two_on_whole_node(text: str) -> bool:
    """Whether the script gives its program more than two loader workers a rank while its
    job already holds its nodes' whole memory."""
    return any(n > 2 for n in loader_worker_counts(text)) and whole_node_memory(text)


def lower_loader_workers(text: str, workers: int) -> str:
    """``text`` with each worker count above ``workers`` on its command lines written as
    ``workers``; FixNotApplicable when there is none."""
    lines = text.split("\n")
    changed = False
    for i, line in _command_lines(text):
        def _lower(m: re.Match[str]) -> str:
            nonlocal changed
            if int(m["n"]) <= workers:
                return m.group(0)
            changed = True
            return f"{m['name']}{m['sep']}{workers}"
        lines[i] = _WORKERS.sub(_lower, line)
    if not changed:
        raise FixNotApplicable(f"no data-loader worker count above {workers} on a command line")
    return "\n".join(lines)
