"""Edits of what a scheduler's submission refuses in the user's own script: a directive whose
option needs a value and has none (sbatch then takes the next option as that value), a task
count a site filter wants written per node, and a program option the build does not take."""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import SLURM_FLAGS, parse_directives
from maple_flow.repair import patch_directives as pd
from maple_flow.repair.layout import find_launch
from maple_flow.repair.patch_launch import program_args, program_launch, walk_program_args
from maple_flow.repair.text import FixNotApplicable, delete_line, lines, replace
from maple_flow.scriptparse import parse_script

#: Slurm options whose value is optional (``--nice``, ``--exclusive=user``): bare is valid.
_OPTIONAL_VALUE = SLURM_FLAGS | {"nice", "propagate", "x11", "exclusive", "mem-bind", "hint"}


def drop_empty_directive(text: str, scheduler: str) -> str:
    """``text`` without the directives whose option needs a value and has none (``#SBATCH -p``
    alone, ``#SBATCH --partition=``); the other options of their lines kept. FixNotApplicable
    when there is none."""
    if scheduler != "slurm":
        raise FixNotApplicable("only Slurm directives are read for empty values")
    ds = parse_directives(text, "slurm")
    empty = [d for d in ds if not d.value and d.option not in _OPTIONAL_VALUE]
    if not empty:
        raise FixNotApplicable("no directive of the script lacks its value")
    for number in sorted({d.line for d in empty}, reverse=True):
        keep = [d for d in ds if d.line == number and d not in empty]
        if keep:
            parts = lines(text)
            parts[number - 1] = pd.directive_block_line("slurm", keep)
            text = "\n".join(parts)
        else:
            text = delete_line(text, number - 1)
    return text


#: Slurm options whose value is optional and, when given, must follow ``=`` (sbatch's getopt
#: reads ``--nice 0`` as a bare ``--nice`` and a stray word ``0``).
_EQUALS_ONLY = frozenset({"nice", "exclusive", "propagate", "get-user-env"})


def join_optional_value(text: str, word: str) -> str:
    """``text`` whose header directive writes ``--OPTION WORD`` (OPTION one whose value is
    optional, WORD the stray word sbatch named) as ``--OPTION=WORD``. The line is found through
    the parsed directive block, so a line below the first command is never touched.
    FixNotApplicable when no header directive gives such an option that word."""
    found = sorted({d.line for d in parse_directives(text, "slurm")})
    spaced = re.compile(r"(\s--(?:" + "|".join(sorted(_EQUALS_ONLY)) + r"))[ \t]+"
                        + re.escape(word) + r"(?=\s|$)")
    parts = lines(text)
    hits = [n for n in found if spaced.search(parts[n - 1])]
    if not hits:
        raise FixNotApplicable(f"no header directive gives an optional-value option the word "
                               f"{word!r} after a space")
    for number in hits:
        parts[number - 1] = spaced.sub(lambda m: f"{m.group(1)}={word}", parts[number - 1])
    return "\n".join(parts)


def tasks_per_node(text: str) -> str:
    """``text`` whose ``--ntasks=N`` directive is written as ``--ntasks-per-node=N/K`` on the
    job's K nodes (its ``--nodes``, else one, written), for a site that refuses ``--ntasks``.
    FixNotApplicable without a numeric ``--ntasks``, when a per-node count is set already, or
    when N does not divide evenly over the nodes."""
    ds = parse_directives(text, "slurm")
    ntasks = [d for d in ds if d.option == "ntasks"]
    if not ntasks or not (ntasks[-1].value or "").isdigit():
        raise FixNotApplicable("the script asks no numeric --ntasks")
    if any(d.option == "ntasks-per-node" for d in ds):
        raise FixNotApplicable("the script sets --ntasks-per-node already: drop --ntasks by hand")
    nodes_value = next((d.value for d in reversed(ds) if d.option == "nodes"), None)
    if nodes_value is not None and not nodes_value.isdigit():
        raise FixNotApplicable(f"the node count {nodes_value!r} is not one number")
    nodes = int(nodes_value or 1)
    total = int(ntasks[-1].value or 0)
    if nodes < 1 or total % nodes:
        raise FixNotApplicable(f"{total} tasks do not divide evenly over {nodes} node(s)")
    new = [f"#SBATCH --ntasks-per-node={total // nodes}"]
    if nodes_value is None:
        new.insert(0, "#SBATCH --nodes=1")
    last = ntasks[-1]
    if len(ntasks) == 1 and [d for d in ds if d.line == last.line] == [last]:
        parts = lines(text)  # the directive has its own line: the new ones take its place
        parts[last.line - 1:last.line] = new
        return "\n".join(parts)
    text = pd.remove_directive(text, "slurm", "ntasks")
    for line in new:
        option, value = line.removeprefix("#SBATCH --").split("=", 1)
        text = pd.set_directive(text, "slurm", option, value)
    return text


def remove_argument(text: str, name: str) -> str:
    """``text`` whose launch line gives its program no ``name`` option (nor its value).
    FixNotApplicable when the program has no such option."""
    entry = parse_script(text).launch.entrypoint
    if not entry:
        raise FixNotApplicable("the launch line starts no program")
    launch = program_launch(find_launch(text), entry)
    first, end = program_args(launch, entry)
    hits = [o for o in walk_program_args(launch.words, first, end) if o.name == name]
    if not hits:
        raise FixNotApplicable(f"the program {entry} is not given {name}")
    for opt in reversed(hits):
        start = launch.words[opt.first].start
        stop = launch.words[opt.last].end
        after = stop
        while after < len(text) and text[after] in " \t":
            after += 1
        if after < len(text) and text[after] not in "\n\\;|&>":
            stop = after  # a word follows: the blank after the option goes with it
        else:
            while start > 0 and text[start - 1] in " \t":  # the last word: the blank before
                start -= 1
        text = replace(text, start, stop, "")
    return text
