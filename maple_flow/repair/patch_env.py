"""Edits of the set-up part of a script: module lines and environment variables."""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.repair.launch_wrapped import wrapped_launch_line
from maple_flow.repair.layout import (
    comment_block_start,
    find_launch,
    launch_or_last_line,
    module_line_indexes,
    scheduler_of,
    setup_anchor,
)
from maple_flow.repair.meaning import canonical_word
from maple_flow.repair.text import (
    FixNotApplicable,
    Word,
    delete_line,
    indent_of,
    insert_line,
    line_starts,
    lines,
    quote,
    remove_word,
    replace,
    words_of,
)
from maple_flow.scriptparse.wrapper_call import launcher_step_line, wrapper_call_line

_LOADS = frozenset({"load", "add", "try-load"})
_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=")
_SINGLE_EXPORT = re.compile(r"""^export [A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|'[^']*'|[^\s"'])*$""")


# --- modules -----------------------------------------------------------------------------

def _module_words(text: str, index: int) -> tuple[str, list[Word]]:
    """(sub-command, module-name words) of the module line at 0-based ``index``."""
    start = line_starts(text)[index]
    line = lines(text)[index]
    words = words_of(line, start)
    if not words:
        return "", []
    if words[0].value == "ml":
        sub = words[1].value if len(words) > 1 and words[1].value in _LOADS | {"swap"} else "load"
        rest = words[2:] if sub != "load" or (len(words) > 1 and words[1].value in _LOADS) \
            else words[1:]
    else:
        sub, rest = (words[1].value, words[2:]) if len(words) > 1 else ("", [])
    return sub, [w for w in rest if not w.value.startswith("-")]


def same_module(loaded: str, name: str) -> bool:
    """Whether module ``loaded`` is ``name`` (any version of it when ``name`` has none)."""
    if loaded == name:
        return True
    return "/" not in name and loaded.split("/", 1)[0] == name


def _loaded(text: str) -> list[tuple[int, Word]]:
    """(line index, word) of every module a load (or swap target) line loads."""
    found: list[tuple[int, Word]] = []
    for index in module_line_indexes(text):
        sub, names = _module_words(text, index)
        if sub in _LOADS:
            found += [(index, w) for w in names]
        elif sub in {"swap", "switch"} and names:
            found.append((index, names[-1]))
    return found


def loaded_module_names(text: str) -> list[str]:
    """The module names the script's load (and swap) lines load, in order."""
    return [word.value for _, word in _loaded(text)]


def _first_load_index(text: str, before: int) -> int | None:
    for index in module_line_indexes(text, before=before):
        if _module_words(text, index)[0] in _LOADS:
            return index
    return None


def add_module(text: str, name: str, first: bool = False, before: str | None = None) -> str:
    """Load ``name`` after the last module line above the launch (the Python program's line,
    else the script's last command), before the first load when ``first``, just before the
    first line that loads module ``before`` when that is given; no-op when it is loaded
    already."""
    if any(w.value == name for _, w in _loaded(text)):
        return text
    if before is not None:
        return _load_before(text, name, before)
    # a program that is not Python (``./juldate``, ``Rscript``): the script's last command
    launch_index = launch_or_last_line(text) - 1
    indexes = module_line_indexes(text, before=launch_index)
    first_load = _first_load_index(text, launch_index) if first else None
    if first_load is not None:
        at, pad = first_load, indent_of(lines(text)[first_load])
    elif indexes:
        at, pad = indexes[-1] + 1, indent_of(lines(text)[indexes[-1]])
    else:
        at, pad = setup_anchor(text), ""
    return insert_line(text, at, f"{pad}module load {quote(name)}")


def _load_before(text: str, name: str, before: str) -> str:
    """``module load name`` on a line of its own just above the first load of ``before``."""
    hits = [index for index, word in _loaded(text) if same_module(word.value, before)]
    if not hits:
        raise FixNotApplicable(f"the script loads no module {before}, so there is no line to "
                               f"load {name} before")
    at = hits[0]
    return insert_line(text, at, f"{indent_of(lines(text)[at])}module load {quote(name)}")


def unload_before(text: str, name: str, before: str) -> str:
    """``module unload name`` just above the first load of ``before``: for a module the job
    inherits (no line of the script loads it) that Lmod says conflicts with ``before``."""
    loaded = _loaded(text)
    if any(same_module(word.value, name) for _, word in loaded):
        raise FixNotApplicable(f"the script loads {name} itself: that load line is the one "
                               f"to change, not an inherited module")
    hits = [index for index, word in loaded if same_module(word.value, before)]
    if not hits:
        raise FixNotApplicable(f"the script loads no module {before}, so there is no line to "
                               f"unload {name} before")
    earlier = "\n".join(lines(text)[:hits[0]])
    if re.search(rf"(?m)^\s*(?:module|ml)\s+(?:purge|(?:unload|rm|del|swap|switch)\s+"
                 rf"{re.escape(name)}\b)", earlier):
        raise FixNotApplicable(f"the script already purges or unloads {name} before loading "
                               f"{before}")
    at = hits[0]
    return insert_line(text, at, f"{indent_of(lines(text)[at])}module unload {quote(name)}")


_UNLOADS = frozenset({"unload", "rm", "del", "remove"})
_SWITCHES = frozenset({"swap", "switch"})


def _unloaded_at(text: str, index: int) -> list[str]:
    """The modules the module line at ``index`` unloads: the names of an unload line, the
    module a swap line switches away (its first of two names), ``ml -NAME``'s names."""
    line = lines(text)[index]
    words = [w.value for w in words_of(line, line_starts(text)[index])]
    if len(words) < 2:
        return []
    if words[0] == "ml" and words[1] not in _UNLOADS | _SWITCHES:
        return [w[1:] for w in words[1:] if w.startswith("-") and len(w) > 1
                and not w.startswith("--")]
    sub = words[1]
    names = [w for w in words[2:] if not w.startswith("-")]
    if sub in _UNLOADS:
        return names
    if sub in _SWITCHES and len(names) == 2:
        return names[:1]
    return []


def unload_dependent_first(text: str, name: str, unloading: str) -> str:
    """``module unload name`` just above the first line that unloads (or swaps away) module
    ``unloading`` (that module, or its family as the script names it): Environment Modules
    refuses that unload while ``name``, which requires it, is loaded, and names ``name`` in
    its HINT ("cannot be unloaded due to a prereq")."""
    hits = [index for index in module_line_indexes(text)
            if any(same_module(unloading, word) for word in _unloaded_at(text, index))]
    if not hits:
        raise FixNotApplicable(f"no line of the script unloads {unloading}: the unload that "
                               f"failed is not the script's own")
    at = hits[0]
    if any(same_module(name, word) or same_module(word, name)
           for index in module_line_indexes(text, before=at)
           for word in _unloaded_at(text, index)):
        raise FixNotApplicable(f"the script already unloads {name} before it unloads "
                               f"{unloading}")
    return insert_line(text, at, f"{indent_of(lines(text)[at])}module unload {quote(name)}")


def _drop(text: str, index: int, word: Word) -> str:
    _, names = _module_words(text, index)
    if len(names) == 1:
        return delete_line(text, index)
    return remove_word(text, word)


def remove_module(text: str, name: str) -> str:
    """Stop loading ``name`` (exact, or any version of the family ``name``); no-op if absent."""
    while True:
        hits = [(i, w) for i, w in _loaded(text) if same_module(w.value, name)]
        if not hits:
            return text
        text = _drop(text, *hits[-1])


def _loads_new(value: str, new: str) -> bool:
    """Whether a load of ``value`` loads ``new``: the same name, or ``new``'s module name
    without a version (``gcc`` for ``gcc/4.8.2``: the default Lmod named in its swap)."""
    return same_module(new, value)


def _pin_version(text: str, old: str, new: str) -> str | None:
    """``new`` (``cuda/12.4``) in place of each bare load of its own name ``old`` (``cuda``):
    a site that requires versions (Lmod e_RequireFullName); None when that is not the case."""
    if "/" in old or new.split("/", 1)[0] != old or new == old:
        return None
    hits = [word for _, word in _loaded(text) if word.value == old]
    for word in reversed(hits):
        text = replace(text, word.start, word.end, quote(new))
    return text if hits else None


def swap_module(text: str, old: str, new: str) -> str:
    """Load ``new`` in place of ``old``; no-op when ``old`` is gone and ``new`` loaded."""
    pinned = _pin_version(text, old, new)
    if pinned is not None:
        return pinned
    loaded = _loaded(text)
    hits = [(i, w) for i, w in loaded if same_module(w.value, old) and not _loads_new(w.value, new)]
    bare = not hits and "/" in old
    if bare:  # the message names the version a bare load of the script loaded (intel/20.0u3)
        hits = [(i, w) for i, w in loaded
                if w.value == old.split("/", 1)[0] and not _loads_new(w.value, new)]
    if not hits:
        if any(_loads_new(w.value, new) for _, w in loaded):
            return text
        raise FixNotApplicable(f"module {old} is not loaded, so it cannot be swapped for {new}")
    if any(_loads_new(w.value, new) for _, w in loaded):
        return remove_module(text, old) if "/" in old and not bare else _remove_exact(text, hits)
    _, word = hits[-1]
    text = replace(text, word.start, word.end, quote(new))
    return _remove_exact(text, [(i, w) for i, w in _loaded(text)
                                if same_module(w.value, old) and w.value != new])


def _remove_exact(text: str, hits: list[tuple[int, Word]]) -> str:
    for index, word in reversed(hits):
        text = _drop(text, index, word)
    return text


# --- environment ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Assignment:
    """``NAME=value`` on a set-up line: the word, and whether the line exports it."""

    index: int
    word: Word
    exported: bool
    alone: bool


def _assignments(text: str, name: str, before: int) -> list[Assignment]:
    found: list[Assignment] = []
    starts = line_starts(text)
    for index, line in enumerate(lines(text)[:before]):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or f"{name}=" not in line:
            continue
        words = words_of(line, starts[index])
        if not words:
            continue
        exported = words[0].value == "export"
        candidates = words[1:] if exported else words
        if not exported and not all(_ASSIGN.match(w.value) for w in words):
            continue  # NAME=x on a command: only for that command
        for word in candidates:
            m = _ASSIGN.match(word.raw)
            if m and m.group(1) == name:
                found.append(Assignment(index, word, exported, len(words) == (2 if exported
                                                                             else 1)))
    return found


#: A variable read in shell text: ``$NAME`` or ``${NAME...}``.
_READ = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")


def unexported_task_variable(text: str) -> tuple[str, str] | None:
    """A variable the launch line's single-quoted ``bash -c`` body reads (each task's own shell
    expands it, from the environment srun or mpiexec hands it) that the script sets without
    exporting: its name and value as set; None when there is none."""
    launch = find_launch(text)
    words = launch.words
    for i, word in enumerate(words[:-1]):
        if word.value != "-c" or not words[i + 1].raw.startswith("'"):
            continue
        for name in dict.fromkeys(_READ.findall(words[i + 1].value)):
            found = _assignments(text, name, launch.line - 1)
            if found and not found[-1].exported \
                    and not _exported_by_name(text, name, launch.line - 1):
                return name, found[-1].word.value.partition("=")[2]
    return None


def _exported_by_name(text: str, name: str, before: int) -> bool:
    for line in lines(text)[:before]:
        words = line.split()
        if words and words[0] == "export" and name in words[1:]:
            return True
    return False


def _first_ray_start(text: str, launch_line: int) -> int | None:
    """1-based line of the first ``ray start`` (also under srun/ssh) before the launch
    command, read by scriptparse; None when the script starts no Ray node before it."""
    from maple_flow.errors import MapleError
    from maple_flow.scriptparse.ray import ray_commands
    from maple_flow.scriptparse.shell import split_blocks

    try:
        found = [cmd.line for cmd in ray_commands(split_blocks(text))
                 if "start" in cmd.words and cmd.line < launch_line]
    except MapleError:  # an unparsable script keeps the plain anchor
        return None
    return min(found) if found else None


def _env_anchor(text: str, launch_line: int) -> int:
    """0-based index where a new ``export`` line goes: after the first run of single
    ``export X=`` lines (the set-up's environment block) before the launch command, else
    just above the launch command's comments. A job that starts its own Ray nodes first
    gets it above the first ``ray start``: Ray's workers take their environment from the
    raylet that command starts, not from the driver."""
    parts = lines(text)[: launch_line - 1]
    exports = [bool(_SINGLE_EXPORT.match(line)) for line in parts]
    if True not in exports:
        index = comment_block_start(text, launch_line)
    else:
        index = exports.index(True)
        while index < len(parts) and exports[index]:
            index += 1
    ray_line = _first_ray_start(text, launch_line)
    if ray_line is not None and index > ray_line - 1:
        index = comment_block_start(text, ray_line)
    return index


def _export_target(text: str) -> int:
    """1-based line the job's environment must be set before: the launch line, else the
    job's call of its own wrapper script (``bash run.sh``: an exported variable reaches the
    processes it starts), else its first launcher step of another command (``srun shifter
    bash -c ...``); FixNotApplicable naming the line that is missing when none is there."""
    try:
        return find_launch(text).line
    except FixNotApplicable as exc:
        wrapper = (wrapper_call_line(text) or wrapped_launch_line(text)
                   or launcher_step_line(text))
        if wrapper is None:
            raise FixNotApplicable(
                f"{exc}; nor does it call a wrapper script (`bash run.sh`) the export could "
                "go above: the line that starts the program is missing") from exc
        return wrapper


def export_env(text: str, name: str, value: str) -> str:
    """Set ``name`` to ``value``: rewrite its last assignment, else add an ``export`` line
    (above the launch line, or above the job's call of its wrapper script)."""
    target = _export_target(text)
    new = f"{name}={quote(value)}"
    found = _assignments(text, name, target - 1)
    if not found:
        return insert_line(text, _env_anchor(text, target), f"export {new}")
    last = found[-1]
    if last.word.raw != new and last.word.value != f"{name}={value}":
        text = replace(text, last.word.start, last.word.end, new)
    if not last.exported and not _exported_by_name(text, name, target - 1):
        start = line_starts(text)[last.index]
        text = replace(text, start, start, "export ") if last.alone else text
    return text


def _drop_launch_prefix(text: str, name: str) -> str:
    """``text`` without a ``NAME=value`` prefix of the launch command (``NAME=1 torchrun``)."""
    launch = find_launch(text)
    for word in launch.words:
        found = _ASSIGN.match(word.raw)
        if not found:
            break
        if found.group(1) == name:
            return remove_word(text, word)
    return text


def _drop_from_srun_export(text: str, name: str) -> str:
    """``text`` without ``NAME=value`` (and the bare numbers a comma-separated value spills
    into: ``CUDA_VISIBLE_DEVICES=0,1,2,3``) in srun's ``--export`` list; the option goes when
    nothing is left of it."""
    from maple_flow.repair.patch_launch import remove_launcher_arg, set_launcher_arg, stage_options

    try:
        given = [o for o in stage_options(text, "srun") if o.name == "--export" and o.value]
    except FixNotApplicable:
        return text
    if not given or given[-1].value is None:
        return text
    kept: list[str] = []
    dropping = False
    for item in given[-1].value.split(","):
        if item == name or item.startswith(f"{name}="):
            dropping = True
            continue
        if dropping and item.isdigit():
            continue
        dropping = False
        kept.append(item)
    if len(kept) == len(given[-1].value.split(",")):
        return text
    if not kept:
        return remove_launcher_arg(text, "srun", "--export")
    return set_launcher_arg(text, "srun", "--export", ",".join(kept))


def unset_env(text: str, name: str) -> str:
    """Remove every assignment of ``name`` before the launch (and one prefixed to the launch
    command, and one srun passes with ``--export=...,NAME=value``) and add ``unset NAME``."""
    text = _drop_from_srun_export(_drop_launch_prefix(text, name), name)
    launch = find_launch(text)
    if re.search(rf"(?<![\w$]){name}=", text[launch.start:launch.end]):
        # srun bash -c 'export NAME=...; prog': each task sets it again after any unset here
        raise FixNotApplicable(f"the launch line sets {name} again inside the command it "
                               "runs: an unset before it changes nothing")
    while True:
        launch = find_launch(text)
        found = _assignments(text, name, launch.line - 1)
        if not found:
            break
        last = found[-1]
        text = delete_line(text, last.index) if last.alone else remove_word(text, last.word)
    launch = find_launch(text)
    parts = lines(text)
    if any(re.match(rf"^\s*unset\s+(-v\s+)?{name}\s*$", p) for p in parts[: launch.line - 1]):
        return text
    return insert_line(text, _env_anchor(text, launch.line), f"unset {name}")


def master_addr_value(scheduler: str, domain: str) -> str:
    """The shell expression of rank 0's node (the first host of the job)."""
    if scheduler == "pbs":
        if domain:
            if not re.fullmatch(r"[A-Za-z0-9.-]+", domain):
                raise FixNotApplicable(f"node domain {domain!r} is not a host name suffix")
            return f'"$(head -n 1 "$PBS_NODEFILE" | cut -d . -f 1).{domain}"'
        return '$(head -n 1 "$PBS_NODEFILE")'
    return '$(scontrol show hostnames "$SLURM_JOB_NODELIST" | sed -n 1p)'


#: Forms of MASTER_ADDR that already name rank 0's node (maple_flow's templates).
_GOOD_SLURM = ('"${NODE_LIST%%$\'\\n\'*}"',)
#: Rank 0's node by its IP address: the batch script runs on the job's first node (Slurm and
#: PBS alike), and ``hostname -I`` lists its addresses without a name lookup.
ADDRESS_OF_FIRST_NODE = "$(hostname -I | awk '{print $1}')"
#: The first host of the job's node list, however spelled (quotes and braces removed).
_FIRST_HOST = re.compile(
    r"^\$\((?:scontrol show hostnames? \$SLURM(?:_JOB)?_NODELIST|"
    r"(?:cat \$PBS_NODEFILE )?)\s*(?:\|\s*)?head -n 1(?: \$PBS_NODEFILE)?"
    r"(?:\s*\|\s*cut -d \. -f 1\)\.[A-Za-z0-9.-]+|\))$")


def names_first_node(value: str, scheduler: str) -> bool:
    """Whether a MASTER_ADDR value already names the job's first node (rank 0's node) by its
    host name: the node list's first host in any of the usual spellings."""
    if scheduler == "slurm" and value in _GOOD_SLURM:
        return True
    plain = " ".join(canonical_word(value).replace('"', "").replace("'", "")
                     .replace("${", "$").replace("}", "").split())
    return _FIRST_HOST.match(plain) is not None


#: A value that only reads another variable: ``$NAME`` or ``${NAME}``, quoted or not.
_ONLY_VAR = re.compile(r'^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$')


def through_variable(text: str, value: str, before: int) -> str:
    """``value``, or when it only reads another variable, that variable's last value on the
    lines before ``before`` (one level: ``addr=$(scontrol ...)`` then ``MASTER_ADDR=$addr``)."""
    m = _ONLY_VAR.match(value)
    if not m or m.group(1) == "MASTER_ADDR":
        return value
    found = _assignments(text, m.group(1), before)
    return found[-1].word.raw.partition("=")[2] if found else value


def master_addr_named(text: str, fallback: str | None = None) -> bool:
    """Whether the MASTER_ADDR the launch reads names the job's first node by host name."""
    launch = find_launch(text)
    found = _assignments(text, "MASTER_ADDR", launch.line - 1)
    current = found[-1].word.raw.partition("=")[2] if found else ""
    current = through_variable(text, current, found[-1].index) if found else current
    return bool(found) and names_first_node(current, scheduler_of(text, fallback))


#: A line that reads MASTER_ADDR (``$MASTER_ADDR``, ``${MASTER_ADDR}``, ``${MASTER_ADDR:-x}``).
_READS_MASTER_ADDR = re.compile(r"\$\{?MASTER_ADDR\b")


def set_master_addr(text: str, scheduler: str, domain: str, by_address: bool = False,
                    only_where_named: bool = False) -> str:
    """Make MASTER_ADDR the first node of the job (rank 0's node): by its host name (on a PBS
    site with a node domain, the name in that domain: the high-speed network's), or
    ``by_address`` by its IP address."""
    launch = find_launch(text)
    expr = ADDRESS_OF_FIRST_NODE if by_address else master_addr_value(scheduler, domain)
    found = _assignments(text, "MASTER_ADDR", launch.line - 1)
    if only_where_named and not found and not _READS_MASTER_ADDR.search(text):
        # s38precC: the launcher or program picks the store's host itself (torchrun's own
        # --master_addr default, Lightning's first Slurm host): a new export changes nothing
        # any line of the script reads, so it cannot be the cure of a store timeout
        raise FixNotApplicable("the script neither sets nor reads MASTER_ADDR: its launcher "
                               "picks the rendezvous host itself")
    if not found:
        at = comment_block_start(text, launch.line)
        return insert_line(text, at, f"export MASTER_ADDR={expr}")
    last = found[-1]
    current = last.word.raw.partition("=")[2]
    site_name = scheduler == "slurm" or not domain or domain in current
    named = names_first_node(through_variable(text, current, last.index), scheduler)
    if current == expr or (not by_address and site_name and named):
        return text
    text = replace(text, last.word.start, last.word.end, f"MASTER_ADDR={expr}")
    if not last.exported and not _exported_by_name(text, "MASTER_ADDR", launch.line - 1):
        start = line_starts(text)[last.index]
        text = replace(text, start, start, "export ") if last.alone else text
    return text


#: A C-shell ``setenv NAME [VALUE]`` command alone on its line (VALUE one shell word).
_SETENV = re.compile(r"^(?P<indent>[ \t]*)setenv[ \t]+(?P<name>[A-Za-z_]\w*)"
                     r"(?:[ \t]+(?P<value>\"[^\"\n]*\"|'[^'\n]*'|[^\s;&|#]+))?[ \t]*$", re.M)


def csh_setenv(text: str) -> str:
    """Each ``setenv NAME VALUE`` line written ``export NAME=VALUE`` (FixNotApplicable when
    the script is not a bash/sh script or has no such line)."""
    first = lines(text)[0] if text else ""
    if first.startswith("#!") and not re.match(r"^#!\s*(/usr)?/bin/(env\s+)?(ba)?sh\b", first):
        raise FixNotApplicable(f"the script runs under {first[2:].strip()}, where setenv is valid")
    if not _SETENV.search(text):
        raise FixNotApplicable("the script has no `setenv NAME VALUE` line to rewrite")
    return _SETENV.sub(lambda m: f"{m['indent']}export {m['name']}={m['value'] or ''}", text)


def set_shell(text: str, login: bool) -> str:
    """Make the shebang ``#!/bin/bash -l`` (login) or ``#!/bin/bash``."""
    wanted = "#!/bin/bash -l" if login else "#!/bin/bash"
    parts = lines(text)
    if parts and parts[0].startswith("#!"):
        if parts[0].strip() == wanted:
            return text
        if not re.match(r"^#!\s*(/usr)?/bin/(env\s+)?(ba)?sh\b", parts[0]):
            raise FixNotApplicable(f"the script runs under {parts[0][2:].strip()}, not bash")
        parts[0] = wanted
        return "\n".join(parts)
    return insert_line(text, 0, wanted)
