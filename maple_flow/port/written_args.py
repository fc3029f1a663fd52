"""The program's arguments on the target's launch line as the user wrote them (``--config
$CFG``, ``$EXE_ARGS``, ``"${ARGS[@]}"``), not the values the parser read for them.

A written word stays when every variable it reads that the script sets is set by the port
too (its assignment carried above the launch). A word is written as its value instead (what
the port did before) when the port does not carry what it reads (a line of the source site,
a value read from a dropped one), when its value is a count read from the job size the port
rewrites for the target (the topology notes speak of that count), when it runs a command
substitution or arithmetic. The batch script's own arguments (``$1``, ``$@``, ``$*``,
``"${@:2}"``) stay exactly as written, quoted or not: splitting them into words is the
user's choice."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from maple_flow.models.job import TORCH_RANK_VARS
from maple_flow.port.accounted import RUNTIME, read_names, set_names
from maple_flow.port.fit import SCRIPT_SET_VARS
from maple_flow.port.rules import referenced
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.facts import size_vars
from maple_flow.shellquote import shell_word

#: Names the target's script sets itself before its launch (job size, rendezvous, ranks).
_TARGET_SETS = SCRIPT_SET_VARS | set(TORCH_RANK_VARS) | {"JOB_NUM"}
#: A bare reference to one variable (``$ARGS``, ``${ARGS}``).
_BARE_REF = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")
#: Variables a scheduler or launcher sets when the job runs (never empty there).
_RUNTIME_VAR = re.compile(r"(?:SLURM|PBS|LSB|SGE|COBALT|FLUX|PMI|PALS|OMPI|MPI)_")
_NOT_VERBATIM = re.compile(r"\$\(|`|\$\{?[@*#?!$0-9-]")
#: A command substitution that runs one command of the system's own (the same on every
#: Linux node, reading nothing of the source site): ``$(date +%Y%m%d)``, ``$(basename "$D")``.
#: Nothing nested, no pipe, no second command.
_PORTABLE_SUBST = re.compile(
    r"\$\(\s*(?:date|basename|dirname|whoami|pwd|printf|echo|realpath)(?:\s[^()`;|&<>]*)?\)")
#: A reference with a default the submit environment may override (``${ARGS:-}``).
_DEFAULTED_REF = re.compile(r"\$\{[A-Za-z_]\w*:?[-=]")
#: A reference to the batch script's own arguments (``$1``, ``${2}``, ``$@``, ``${@:2}``).
_POSITIONAL_REF = re.compile(r"\$(?:[@*1-9]|\{(?:[@*]|[1-9]\d*)(?::\d+(?::\d+)?)?\})")


@dataclass
class LaunchArgs:
    """The words the target's launch line passes after the program, with why some of the
    written words are passed as their values."""

    words: list[str]
    written: list[str]
    notes: list[str]
    #: Each argument for the notes: the written word, or the value passed instead.
    plain: list[str]


def written_words(p: ParsedScript) -> list[str]:
    """The argument words as the script writes them ([] when not known)."""
    return [w for w, _, _ in p.launch.written_args or []]


def source_reads(steps: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Each variable set by the source's ``(name, text)`` set-up steps, with what they read."""
    reads: dict[str, set[str]] = {}
    for name, text in steps:
        if name:
            reads.setdefault(name, set()).update(referenced(text))
    return reads


def _read_through(names: set[str], reads: dict[str, set[str]]) -> set[str]:
    """``names`` and every variable their assignments read, and theirs in turn."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += reads.get(name, set())
    return seen


def _source_sets(p: ParsedScript) -> set[str]:
    """Every name the source's own lines set, in any form (loops, ``read``, ``${X:=v}``)."""
    texts = [b.text for b in [*p.before, *([p.launch_block] if p.launch_block else []),
                              *p.after]]
    loops = [x for x in (p.launch_loop, p.per_node_loop) if x is not None]
    texts += [x.head for x in loops] + [t for x in loops for t in [*x.before, *x.after]]
    return set_names("\n".join(texts)) | {v for x in loops for v in x.variables}


def launch_args(p: ParsedScript, args: list[str], tr: Callable[[str], str],
                set_here: set[str], reads: dict[str, set[str]]) -> LaunchArgs | None:
    """The target's words for the program's arguments (``args``: their values, as the spec
    renders them), the written words where they can stay; None when none can. ``reads``:
    each variable the source sets, with the variables its assignments read."""
    groups = p.launch.written_args
    set_in_source = set(reads) | set(p.variables) | set(p.env) | set(p.rank_env)
    if groups is None and args and p.launch_vars and args == p.launch.args and any(
            (m := _BARE_REF.fullmatch(a)) and m.group(1) not in set_in_source for a in args):
        # `CMD="$LAUNCHER $SCRIPT $ARGS"; srun $CMD`: an unset $ARGS in the command variable's
        # value reached the launch unquoted (split into words; empty, it is no argument): it
        # stays bare, not `"$ARGS"` (one empty argument)
        groups = [(a if _BARE_REF.fullmatch(a) else shell_word(a), k, k + 1)
                  for k, a in enumerate(args)]
    if not groups or groups[-1][2] != len(args) or not (args or any(
            _DEFAULTED_REF.search(raw) or _empty_user_value(raw, lo, hi, p)
            for raw, lo, hi in groups)):
        return None
    sized = set(size_vars(p)) | (_TARGET_SETS & set_in_source)
    words: list[str] = []
    written: list[str] = []
    valued: list[str] = []
    plain: list[str] = []
    positional: list[str] = []
    bare_unset: list[str] = []
    written_raw: list[str] = []
    written_text = p.launch_block.text if p.launch_block else ""
    for raw, lo, hi in groups:
        refs = set(referenced(raw))
        lost = sorted(n for n in refs if n in set_in_source and n not in set_here)
        sized_value = bool(_read_through(refs, reads) & sized) and not any(
            "$" in a for a in args[lo:hi])  # a count the topology notes speak of
        if _positional_as_written(raw, written_text) and not lost:
            words.append(raw)
            plain += [raw.strip('"')] if hi - lo == 1 else args[lo:hi]
            positional.append(raw)
            continue
        if _NOT_VERBATIM.search(_PORTABLE_SUBST.sub("", raw)) or sized_value or lost:
            # `-flag $v` with v=$unset (set nowhere, no scheduler's): written unquoted as
            # `$unset`, as the source split it (empty, it is no argument there; never one
            # empty argument `""`)
            bare = bool(lost) and bool(_BARE_REF.fullmatch(raw)) and hi - lo == 1
            unset = [a for a in args[lo:hi] if bare and (m := _BARE_REF.fullmatch(a))
                     and m.group(1) not in set_in_source and not _RUNTIME_VAR.match(m.group(1))]
            words += [a if a in unset else shell_word(a) for a in args[lo:hi]]
            bare_unset += unset
            plain += args[lo:hi]
            valued += [f"{raw} (not set on the target: ${', $'.join(lost)})"] if lost else []
            continue
        words.append(tr(raw))
        plain.append(tr(raw))
        written += [tr(raw)] if "$" in raw else []
        written_raw += [raw] if "$" in raw else []  # the source's words, before renaming
    if not written and not positional and not bare_unset:
        return None
    # the claim "the lines that set them are kept" only where the script sets every name they
    # read (or the scheduler does); a name set nowhere comes from the job's environment
    outside = sorted({n for w in written_raw for n in read_names(w)
                      if n not in set_in_source and not _RUNTIME_VAR.match(n)
                      and not RUNTIME.match(n)} - _source_sets(p))
    names = ", ".join("$" + n for n in outside)
    sourced = ", ".join(f"`{s}`" for s in p.sourced[:3])
    notes = [f"the program's arguments are passed as written ({', '.join(written)}): "
             + ("the lines that set what they read are kept above the launch" if not outside
                else f"the script's own lines do not set {names}; the file it sources "
                f"({sourced}) may: if it does not, the job's environment must give them their "
                "values on the target" if sourced
                else f"the script sets {names} nowhere: the job's environment must give them "
                "their values on the target")
             ] if written else []
    notes += [f"the batch script's own arguments are passed exactly as written "
              f"({', '.join(positional)}): quoted or not as in the source, so they split into "
              "words as they did there"] if positional else []
    notes += [f"written as its value on the target: {v}" for v in valued]
    kept = written + [a for a in plain if _POSITIONAL_REF.search(a)]
    return LaunchArgs(words, kept, notes, plain)


def emptied_args(p: ParsedScript, args: list[str], set_here: set[str],
                 assigned: dict[str, int]) -> list[tuple[str, str, int]]:
    """The program's arguments that would be empty on the target: a word still reading a
    variable (``trainer.devices=${GPU_COUNT}``, ``$PRECISION_FLAG``) that the source's script
    sets (``assigned``: each such name with the line that sets it) and the port does not
    (its line left out as the source site's): ``(argument, name, line)``. The port must keep
    the variable or refuse naming it, never pass an empty argument."""
    sized = set(size_vars(p)) | _TARGET_SETS
    found: list[tuple[str, str, int]] = []
    for arg in args:
        for name in referenced(arg):
            if (name in assigned and name not in set_here and name not in sized
                    and not _RUNTIME_VAR.match(name)):
                found.append((arg, name, assigned[name]))
    return found


def _empty_user_value(raw: str, lo: int, hi: int, p: ParsedScript) -> bool:
    """Whether ``raw`` is a bare reference to a variable the script sets to an empty value
    (``FLAGS=""`` ... ``python x.py ${FLAGS}``): it passes no word today, but it is the
    user's hook for arguments, so it stays on the launch line as written."""
    found = _BARE_REF.fullmatch(raw)
    return lo == hi and found is not None and p.variables.get(found.group(1)) == ""


def _positional_as_written(raw: str, written_text: str) -> bool:
    """Whether ``raw`` reads the batch script's own arguments and nothing else that would
    not run as written on the target (no command substitution, ``$#``, ``$$``...), and the
    user wrote it so on the launch line (``written_text``), not a variable's value put in
    (``bash -c "... ${args}"`` with ``args="${@}"``: that word is passed as ``"$@"``)."""
    return (bool(_POSITIONAL_REF.search(raw)) and raw in written_text
            and not _NOT_VERBATIM.search(_POSITIONAL_REF.sub("", raw)))


def put_written_args(script: str, head: str, args: list[str], new: LaunchArgs,
                     span: tuple[list[str], int, int] | None) -> tuple[str, bool]:
    """``script`` with its launch command's rendered arguments (``head``, the rendered
    program, then ``args`` each as a shell word) replaced by ``new.words``; False (the script
    unchanged) when the launch command does not hold them once."""
    if span is None:
        return script, False
    lines, first, last = span
    old = " ".join([head, *(shell_word(a) for a in args)])
    at = [k for k in range(first, last + 1) if lines[k].count(old) == 1]
    hit = [k for k in at if re.search(re.escape(old) + r"(?=\s|$)", lines[k])]
    if len(hit) != 1:
        return script, False
    lines[hit[0]] = lines[hit[0]].replace(old, " ".join([head, *new.words]), 1)
    return "\n".join(lines), True
