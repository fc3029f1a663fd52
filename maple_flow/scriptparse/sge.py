"""Grid Engine batch scripts (SGE, UGE, Son of Grid Engine: ``#$`` lines) read as a source:
each directive as the Slurm option with the same meaning; one the port cannot map stays in the
port as a comment with a note (:func:`unmapped_lines`)."""

from __future__ import annotations

import re
import shlex
from functools import cache
from typing import Any

from maple_flow.knowledge.directives import Directive, slurm_file_pattern
from maple_flow.paths import templates_dir
from maple_flow.scriptparse.sge_gpu_pe import GpuPe, gpu_pe, gpu_pe_note
from maple_flow.yamlio import load_yaml

_LINE = re.compile(r"^\s*#\$\s*(.*)$")
#: A first line that is a shebang missing its ``#`` (``!/bin/bash``).
BROKEN_SHEBANG = re.compile(r"^!\s*/\S+")
#: Options that take no value.
_FLAGS = frozenset({"-cwd", "-V", "-notify"})
#: Option -> the Slurm option it means, where the values are written alike (``-P``: the
#: project the job is charged to, as sites such as BU SCC use it: the account).
_OPTIONS = {"-N": "job-name", "-o": "output", "-e": "error", "-wd": "chdir", "-q": "queue",
            "-t": "array", "-M": "mail-user", "-A": "account", "-P": "account"}


@cache
def _gpu_resources() -> dict[str, Any]:
    """``-l`` resources that request GPUs, as sites name them (templates/schedulers/
    grid_engine.yaml): counts, ``coproc_<model>=N`` prefixes, ``gpu=true`` yes/no requests."""
    path = templates_dir() / "schedulers" / "grid_engine.yaml"
    data: dict[str, Any] = load_yaml(path.read_text(encoding="utf-8"))["gpu_resources"]
    return data


@cache
def _node_types() -> dict[str, Any]:
    """Sites' ``-l NAME=N`` node types (ABCI's ``rt_F``, TSUBAME's ``f_node``): GPUs each, and
    whether each unit is a whole node (templates/schedulers/grid_engine.yaml)."""
    path = templates_dir() / "schedulers" / "grid_engine.yaml"
    data: dict[str, Any] = load_yaml(path.read_text(encoding="utf-8")).get("node_types", {})
    return data


def node_type_size(name: str, value: str) -> tuple[int, int] | None:
    """(nodes, GPUs each holds) a site's node type ``-l NAME=N`` asks, or None when ``NAME``
    is not one, or when N shares of a node may land on N hosts (the port cannot tell)."""
    kind = _node_types().get(name)
    if kind is None or not value.isdigit() or int(value) < 1:
        return None
    if kind["whole_node"]:
        return int(value), int(kind["gpus"])
    return (1, int(kind["gpus"])) if value == "1" else None


def node_type_notes(text: str) -> list[str]:
    """A note for each site node type the ``#$`` lines ask (``-l rt_G.small=1``): what it holds
    and the size the port reads from it."""
    notes: list[str] = []
    for _, _, words in _split_lines(text):
        for option, value in _options(words or []):
            if option != "-l":
                continue
            for item in value.split(","):
                name, _, val = item.partition("=")
                size = node_type_size(name.strip(), val.strip())
                if size is None:
                    continue
                kind = _node_types()[name.strip()]
                read = (f"{size[0]} whole node(s) (the GPUs a node the job uses are read from "
                        "its launch)" if kind["whole_node"] else
                        f"{size[0]} node x {size[1]} GPU(s)")
                unit = "a whole node" if kind["whole_node"] else "a share of one node"
                notes.append(
                    f"the source's Grid Engine resource `-l {item.strip()}` is the node type "
                    f"`{name.strip()}` of {kind['site']} ({unit} with {kind['gpus']} GPU(s)): "
                    f"read as {read}")
    pe = _gpu_pe(text)
    return notes + ([gpu_pe_note(pe)] if pe is not None else [])


def _gpu_count(name: str, value: str) -> str | None:
    """The GPUs a ``-l NAME=VALUE`` resource asks, or None when it asks none the port reads."""
    table = _gpu_resources()
    counted = name in table["counts"] or any(
        name.startswith(p["prefix"]) and len(name) > len(p["prefix"])
        for p in table["prefixes"])
    if counted and value.isdigit():
        return value
    boolean = table["booleans"].get(name)
    if boolean and value.lower() in {"true", "yes", "y", "1"}:
        return str(boolean["gpus"])
    return None
#: ``-m`` letters -> Slurm mail types (``s``, suspend, has none).
_MAIL = {"b": "BEGIN", "e": "END", "a": "FAIL", "n": "NONE"}
#: Parallel environments whose slots all lie on one host (the common names sites give them).
#: ``mthread``: Smithsonian Hydra's, "CPU slots on the same node" (its GPU guide).
_ONE_HOST_PE = re.compile(r"^(?:smp|shm|openmp|omp|threads?|serial|multithread\w*|mthread)$",
                          re.I)


def has_sge(text: str) -> bool:
    """Whether a script has Grid Engine ``#$`` directive lines (before its first command)."""
    return bool(_directive_lines(text))


def _directive_lines(text: str) -> list[tuple[int, str, str]]:
    found: list[tuple[int, str, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        match = _LINE.match(raw)
        if match:
            found.append((number, raw, match.group(1)))
        elif number == 1 and BROKEN_SHEBANG.match(raw):
            continue  # `!/bin/bash`: a shebang that lost its `#` (named by the port's notes)
        elif stripped and not stripped.startswith("#"):
            break  # qsub reads directives up to the first command
    return found


def _split_lines(text: str) -> list[tuple[int, str, list[str] | None]]:
    """Each ``#$`` line qsub reads: its number, the raw line and its words (None when the
    shell could not split it: an unclosed quote)."""
    out: list[tuple[int, str, list[str] | None]] = []
    for number, raw, rest in _directive_lines(text):
        try:
            out.append((number, raw, shlex.split(rest, comments=True)))
        except ValueError:
            out.append((number, raw, None))
    return out


def directive_words(text: str) -> list[str]:
    """The words of the ``#$`` lines qsub reads (up to the first command), in order; a line
    whose quotes do not close is passed over."""
    words: list[str] = []
    for _, _, rest in _directive_lines(text):
        try:
            words += shlex.split(rest, comments=True)
        except ValueError:
            continue
    return words


def walltime(value: str) -> str | None:
    """``h_rt`` (``H:M:S`` or seconds) as ``HH:MM:SS``, or None when not understood."""
    parts = value.split(":")
    if not all(p.isdigit() for p in parts) or len(parts) not in (1, 3):
        return None
    seconds = int(parts[0]) if len(parts) == 1 else (
        int(parts[0]) * 3600 + int(parts[1]) * 60 + int(parts[2]))
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def _resources(value: str) -> list[tuple[str, str]]:
    """``-l`` resources: ``h_rt`` as the time limit, a GPU count as GPUs per node, a site's node
    type (ABCI's ``rt_F=2``) as nodes and GPUs a node."""
    found: list[tuple[str, str]] = []
    for item in value.split(","):
        name, _, val = item.partition("=")
        name = name.strip()
        if name in {"h_rt", "s_rt"} and (time := walltime(val.strip())):
            found.append(("time", time))
        elif (size := node_type_size(name, val.strip())) is not None:
            # a whole node holds its GPUs whatever the job uses of them: only its count is
            # read (the GPUs a node come from the launch, or are asked); a share is a request
            found.append(("nodes", str(size[0])))
            if not _node_types()[name]["whole_node"]:
                found.append(("gpus-per-node", str(size[1])))
        elif (gpus := _gpu_count(name, val.strip())) is not None:
            found.append(("gpus-per-node", gpus))
    return found


def _one(option: str, value: str) -> list[tuple[str, str]]:
    if option == "-l":
        return _resources(value)
    if option == "-pe":
        env, _, slots = value.partition(" ")
        return [("nodes", "1")] if _ONE_HOST_PE.match(env) and slots.strip().isdigit() else []
    if option == "-m":
        types = [_MAIL[c] for c in value if c in _MAIL]
        return [("mail-type", ",".join(types))] if types else []
    if option == "-V":  # the whole submission environment: Slurm's --export=ALL, PBS's -V
        return [("export", "ALL")]
    slurm = _OPTIONS.get(option)
    if slurm is None:
        return []
    return [(slurm, slurm_file_pattern(value, "sge") if slurm in {"output", "error"} else value)]


def _options(words: list[str]) -> list[tuple[str, str]]:
    """(option, value) pairs; ``-pe NAME SLOTS`` keeps both words as its value."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        option = words[i]
        if option in _FLAGS or not option.startswith("-"):
            out.append((option, ""))
            i += 1
            continue
        take = 2 if option == "-pe" else 1
        out.append((option, " ".join(words[i + 1:i + 1 + take])))
        i += 1 + take
    return out


def _gpu_pe(text: str) -> GpuPe | None:
    """The GPU count of a site's GPU parallel environment (``-pe gpu 2`` with ``-l gpu=true``),
    or None (:mod:`maple_flow.scriptparse.sge_gpu_pe`)."""
    return gpu_pe([(raw.strip(), _options(words or [])) for _, raw, words in _split_lines(text)],
                  _gpu_resources())


def sge_directives(text: str) -> list[Directive]:
    """The ``#$`` lines as Slurm-equivalent directives (``raw`` keeps the Grid Engine line);
    a GPU parallel environment's slots are the GPU count (:func:`_gpu_pe`)."""
    found: list[Directive] = []
    pe = _gpu_pe(text)
    for number, line, words in _split_lines(text):
        for option, value in _options(words or []):
            pairs = _one(option, value)
            if pe is not None and option == "-l":  # the yes/no request's 1 is the PE's count
                pairs = [(n, str(pe.gpus) if n == "gpus-per-node" else v) for n, v in pairs]
            elif pe is not None and line.strip() == pe.line and option == "-pe":
                pairs = [("nodes", "1")]  # a GPU parallel environment's slots are on one host
            found += [Directive("slurm", name, val, number, line, option)
                      for name, val in pairs]
    return found


def _understood(option: str, value: str) -> bool:
    """Whether the port carries all of one option (``-cwd``: every target job starts in the
    submit folder; ``-S``: the target's header names its shell)."""
    if option in {"-cwd", "-S"}:
        return True
    if option == "-l":
        return all(_resources(item) for item in value.split(","))
    return bool(_one(option, value))


#: ``-l`` resources that are memory, time or host choices: none of them holds a GPU.
_NO_GPU_RESOURCES = frozenset({
    "h_vmem", "s_vmem", "mem_free", "mem_req", "mem", "tmem", "h_rss", "s_rss", "h_data",
    "s_data", "virtual_free", "h_rt", "s_rt", "d_rt", "h_cpu", "s_cpu", "h_stack", "h_fsize",
    "hostname", "h", "arch", "exclusive", "scratch", "tmpfs", "local_disk"})


def may_hold_gpus(text: str) -> bool:
    """Whether a ``#$`` line asks a resource the port cannot read that may hold GPUs (a site's
    own resource, ``-l rt_X=1``); False when every ``-l`` resource is read or is memory,
    time or a host choice, so a job that names no GPU anywhere reads as a CPU job."""
    for _, _, words in _split_lines(text):
        if words is None:
            return True
        for option, value in _options(words):
            if option != "-l":
                continue
            for item in value.split(","):
                name = item.partition("=")[0].strip()
                if name in _node_types() or (
                        name not in _NO_GPU_RESOURCES and not _resources(item)):
                    return True  # a node type holds GPUs; an unread resource may
    return False


def unmapped_lines(text: str) -> list[str]:
    """The ``#$`` lines (stripped) with an option or resource the port does not map
    (``-l tmem=8G``, ``-j y``, a site's own resource type not in grid_engine.yaml)."""
    out: list[str] = []
    pe = _gpu_pe(text)
    for _, raw, words in _split_lines(text):
        if pe is not None and raw.strip() == pe.line:
            continue  # read as the job's GPU count (node_type_notes names it)
        if not words or not all(_understood(o, v) for o, v in _options(words)):
            out.append(raw.strip())
    return out


__all__ = ["BROKEN_SHEBANG", "directive_words", "has_sge", "may_hold_gpus", "node_type_notes",
           "node_type_size", "sge_directives", "unmapped_lines", "walltime"]
