"""Mends of values the job script itself writes into the job's environment, read from the line.

Three classes of a script's own setting that the program's run rejects, each mended in the one
line that writes it (every other line of the user's script kept as written):

- :func:`show_hidden_devices`: a device-visibility variable (``CUDA_VISIBLE_DEVICES``,
  ``HIP_VISIBLE_DEVICES``, ``ROCR_VISIBLE_DEVICES``) that a line above the launch sets to a
  value that shows no device (empty, ``-1``: the usual way to run a CPU-only step) and that
  nothing sets again before the launch, so the launched program finds no GPU. The variable is
  unset on the line above the launch, the user's line kept (the steps it was written for still
  run without GPUs); when a later line or the launch itself sets it again, the GPUs are not
  hidden by that line and nothing is changed (refused).
- :func:`alloc_conf`: a PyTorch allocator setting (``PYTORCH_CUDA_ALLOC_CONF``,
  ``PYTORCH_ALLOC_CONF``, ``PYTORCH_HIP_ALLOC_CONF``) the allocator's parser rejects: items
  written ``key=value`` are written ``key:value`` (the allocator's syntax); an option the
  installed torch does not know is taken out of the value; a value with neither is dropped
  (torch's default allocator settings), as is a value left empty.
- :func:`bound_port_arithmetic`: a port variable the script computes as a constant plus a job
  number (``MASTER_PORT=$((20000 + SLURM_JOB_ID))``), which grows past 65535 on a site whose
  job ids are long: the number is taken modulo a range that keeps the port below 65536
  (``$((20000 + SLURM_JOB_ID % 10000))``). Any other arithmetic is refused, naming its line.
"""

from __future__ import annotations

import re

from maple_flow.repair import patch_env as pe
from maple_flow.repair.layout import comment_block_start, find_launch
from maple_flow.repair.text import (
    FixNotApplicable,
    delete_line,
    indent_of,
    insert_line,
    join,
    lines,
)

#: Variables that choose which GPUs a process sees (NVIDIA, AMD).
VISIBILITY_VARIABLES = ("CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES")
#: A shell value: double- or single-quoted, or a bare word.
_VALUE = r"""(?P<value>"[^"]*"|'[^']*'|[^\s;#'"]*)"""
#: A standalone assignment line (``[export] NAME=VALUE [# comment]``) of some variables.
_ASSIGN_LINE = (r"^(?P<head>\s*(?:export\s+)?)(?P<name>{names})=" + _VALUE
                + r"\s*(?:[;#].*)?$")
#: The value of a visibility variable that shows no device.
_NO_DEVICE = re.compile(r"^(?:|-1|none|NoDevFiles)$")
#: PyTorch's allocator setting variables (c10/core/AllocatorConfig.h reads all three).
ALLOC_CONF_VARIABLES = ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")
#: A port variable computed as one constant plus one variable (either order), no modulo.
_PORT_SUM = re.compile(
    r"^\$\(\(\s*(?:(?P<c1>\d+)\s*\+\s*(?P<v1>\$?\{?[A-Za-z_]\w*\}?)"
    r"|(?P<v2>\$?\{?[A-Za-z_]\w*\}?)\s*\+\s*(?P<c2>\d+))\s*\)\)$")
_PORT_NAME = re.compile(r"^\s*(?:export\s+)?(?P<name>(?:[A-Za-z_]\w*)?PORT\w*)=")
_HIGHEST_PORT = 65535


def _assignment_lines(text: str, names: tuple[str, ...],
                      before: int) -> list[tuple[int, re.Match[str]]]:
    """(0-based index, match) of each standalone assignment of ``names`` above line ``before``
    (1-based)."""
    pattern = re.compile(_ASSIGN_LINE.format(names="|".join(names)))
    found = []
    for index, line in enumerate(lines(text)[: before - 1]):
        match = pattern.match(line)
        if match:
            found.append((index, match))
    return found


def _unquoted(value: str) -> str:
    return value[1:-1] if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'" else value


def _reset_later(text: str, name: str, after: int, before: int) -> bool:
    """Whether a line between 0-based ``after`` and 1-based ``before`` sets or unsets ``name``."""
    again = re.compile(rf"(?:^|[\s;]){name}=|\bunset\s+(?:-v\s+)?{name}\b")
    return any(again.search(line) for line in lines(text)[after + 1: before - 1])


def hidden_devices(text: str) -> list[str]:
    """The visibility variables a line above the launch sets to a value that shows no device,
    with no later line (nor the launch command itself) setting or unsetting them again."""
    launch = find_launch(text)
    hidden = []
    for name in VISIBILITY_VARIABLES:
        found = _assignment_lines(text, (name,), launch.line)
        if not found or re.search(rf"(?<![\w$]){name}=", text[launch.start:launch.end]):
            continue
        index, match = found[-1]
        if _NO_DEVICE.match(_unquoted(match.group("value")).strip()) \
                and not _reset_later(text, name, index, launch.line):
            hidden.append(name)
    return hidden


#: A line that runs no program: blank, a comment, or a variable assignment (``[export] N=V``).
_NO_STEP = re.compile(r"^\s*(?:#.*|(?:export\s+)?[A-Za-z_]\w*=\S*(?:\s+#.*)?)?$")


def _hiding_lines_serve_no_step(text: str, names: list[str], launch: int) -> list[int] | None:
    """The 0-based indices of the lines that hide ``names``, when no line between any of them
    and the launch (1-based ``launch``) runs a program: those lines then serve no step and go;
    None when a step runs in between (the lines stay, the variables are unset instead)."""
    indices = []
    for name in names:
        index, _ = _assignment_lines(text, (name,), launch)[-1]
        if not all(_NO_STEP.match(line) for line in lines(text)[index + 1: launch - 1]):
            return None
        indices.append(index)
    return indices


def show_hidden_devices(text: str) -> str:
    """``text`` with each variable of :func:`hidden_devices` unset on the line above the
    launch: the user's own line stays, so the steps between it and the launch (a CPU-only
    preparation) still run without GPUs. When no step runs between the hiding line and the
    launch (only assignments, comments, blank lines), that line serves nothing and is taken
    out instead (s35rl35: an empty export kept from an earlier CPU test)."""
    names = hidden_devices(text)
    if not names and _unset_above_launch(text):
        return text  # applied already
    if not names:
        raise FixNotApplicable("no line above the launch hides the GPUs (an empty or -1 "
                               "CUDA_VISIBLE_DEVICES/HIP_VISIBLE_DEVICES/ROCR_VISIBLE_DEVICES)")
    launch = find_launch(text).line
    idle = _hiding_lines_serve_no_step(text, names, launch)
    if idle is not None:
        kept = text
        for index in sorted(idle, reverse=True):
            kept = delete_line(kept, index)
        if not hidden_devices(kept):  # no earlier line hides them as well
            return kept
    anchor = comment_block_start(text, launch)
    indent = indent_of(lines(text)[launch - 1])
    return insert_line(text, anchor, f"{indent}unset {' '.join(names)}")


def _unset_above_launch(text: str) -> bool:
    """Whether the line above the launch (or its comment block) unsets a visibility variable."""
    launch = find_launch(text).line
    above = lines(text)[comment_block_start(text, launch) - 1] if launch > 1 else ""
    return bool(re.match(r"^\s*unset\s+(?:(?:CUDA|HIP|ROCR)_VISIBLE_DEVICES\s*)+$", above))


def _alloc_conf_line(text: str) -> tuple[int, re.Match[str]]:
    launch = find_launch(text).line
    found = _assignment_lines(text, ALLOC_CONF_VARIABLES, launch)
    if not found:
        raise FixNotApplicable("no line above the launch sets PYTORCH_CUDA_ALLOC_CONF "
                               "(or PYTORCH_ALLOC_CONF, PYTORCH_HIP_ALLOC_CONF)")
    if len({m.group("name") for _, m in found}) > 1:
        raise FixNotApplicable("the script sets more than one allocator variable: "
                               + ", ".join(sorted({m.group("name") for _, m in found})))
    return found[-1]


def alloc_conf(text: str, option: str = "") -> str:
    """``text`` with its allocator setting mended (see the module docstring): ``option`` is
    the option the log says torch does not know (empty: the parser rejected the syntax)."""
    if re.search(r"(?m)^\s*unset\s+PYTORCH_(?:CUDA_|HIP_)?ALLOC_CONF\s*$", text) and not \
            _assignment_lines(text, ALLOC_CONF_VARIABLES, find_launch(text).line):
        return text  # dropped already
    index, match = _alloc_conf_line(text)
    raw = match.group("value")
    value = _unquoted(raw)
    items = [item.strip() for item in value.split(",") if item.strip()]
    if option:
        kept = [item for item in items if re.split(r"[:=]", item, maxsplit=1)[0] != option]
        if len(kept) == len(items):
            return text  # the option is not set (taken out already): nothing to change
    else:
        kept = [re.sub(r"^(\w+)=", r"\1:", item) for item in items]
        if kept == items and _well_formed(value):
            return text  # nothing this tool can read as malformed (mended already)
        if kept == items:
            kept = []  # a key with no value, a stray separator: torch's default instead
    if not kept:
        return _drop_line(text, index, match.group("name"))
    quote = raw[0] if raw[:1] in ("'", '"') else ""
    parts = lines(text)
    parts[index] = (f"{match.group('head')}{match.group('name')}="
                    f"{quote}{','.join(kept)}{quote}" + parts[index][match.end("value"):])
    return join(parts)


def _well_formed(value: str) -> bool:
    """Whether an allocator value is ``key:value`` items separated by commas (a list value in
    brackets taken as one value)."""
    item = r"\w+:(?:\[[^\[\]]*\]|[^,:\[\]\s]+)"
    return bool(re.fullmatch(rf"{item}(?:,{item})*", value))


def _drop_line(text: str, index: int, name: str) -> str:
    """``text`` without the assignment line ``index`` (0-based) and any other of ``name``."""
    text = delete_line(text, index)
    try:
        return pe.unset_env(text, name)
    except FixNotApplicable:
        return text


def bound_port_arithmetic(text: str) -> str:
    """``text`` with the one port variable it computes as constant + variable taken modulo a
    range that keeps it below 65536 (see the module docstring)."""
    launch = find_launch(text).line
    parts = lines(text)
    found = []
    for index, line in enumerate(parts[: launch - 1]):
        named = _PORT_NAME.match(line)
        if named and "$((" in line:
            found.append((index, named.group("name")))
    if len(found) != 1:
        raise FixNotApplicable("the port the log names is not computed on one line above the "
                               "launch (" + (", ".join(f"line {i + 1}" for i, _ in found)
                                             or "no such line") + ")")
    index, name = found[0]
    match = _ASSIGN_LINE_ANY.match(parts[index])
    if match and "%" in match.group("value"):
        return text  # the job number is taken modulo a range already
    summed = _PORT_SUM.match(_unquoted(match.group("value"))) if match else None
    if match is None or summed is None:
        raise FixNotApplicable(f"line {index + 1} computes {name} in a way this tool does not "
                               "rewrite; write it so it stays below 65536 (a job number modulo "
                               "a range, added to a base)")
    base = int(summed.group("c1") or summed.group("c2"))
    variable = summed.group("v1") or summed.group("v2")
    span = next((r for r in (10000, 1000) if base + r - 1 <= _HIGHEST_PORT), 0)
    if not span or base < 1024:
        raise FixNotApplicable(f"line {index + 1} adds the job number to {base}: no range "
                               "above it keeps the port between 1024 and 65535")
    start, end = match.span("value")
    parts[index] = (parts[index][:start] + f"$(({base} + {variable} % {span}))"
                    + parts[index][end:])
    return join(parts)


#: Any standalone assignment (its value a ``$((...))`` with blanks inside is one shell word).
_ASSIGN_LINE_ANY = re.compile(
    r"^(?P<head>\s*(?:export\s+)?)(?P<name>[A-Za-z_]\w*)=(?P<value>\"[^\"]*\"|'[^']*'"
    r"|\$\(\([^()]*\)\)|[^\s;#]*)\s*(?:[;#].*)?$")
