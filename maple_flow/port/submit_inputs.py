"""A job script's submit-time inputs, named once on every port with how to give them there.

The class (issue 14): values a job takes when it is submitted, not written in it - the script's
own arguments (``$1``, ``"$@"``, ``${2:-x}``: ``sbatch job.sh a b``) and variables of the
submitting shell that it reads but never sets (``$CONFIG`` from ``qsub -v CONFIG=...`` or an
``export`` before ``sbatch``; ``${EPOCHS:-50}``, whose default runs when nothing is given).
Schedulers hand them over differently (``templates/schedulers/submit_inputs.yaml``, cited there):
sbatch passes arguments and the submitting environment; PBS Pro's qsub passes no arguments to a
job script and only the variables ``-v``/``-V`` name. The port keeps the user's lines as written
and says, once, which inputs the job takes and how to give them on the target; where the target's
submit command passes no arguments, it restores them near the top from a variable given with
``qsub -v NAME`` (``with_arguments_restored``, the lines in ``script_args``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict
from maple_flow.models.profile import ClusterProfile
from maple_flow.port.accounted import RUNTIME, set_names
from maple_flow.port.script_args import (
    args_variable,
    defaults_said,
    restored_variable,
    restoring_lines,
    top_of,
    without_restoring,
)
from maple_flow.scriptparse.env_file import EXPORTED_LINE, exported_file
from maple_flow.scriptparse.shell import code_part

#: A reference to the script's own arguments: ``$1``, ``$@``, ``$*``, ``${2}``, ``${1:-x}``,
#: ``${@:2}`` (``$#`` counts them and ``$0`` is the script: neither is a value given).
_POSITIONAL = re.compile(r"(?<!\\)\$(?:([1-9@*])|\{([1-9]\d*|[@*])(?:[:#%/\[-][^}]*)?\})")
#: A variable read: ``$NAME`` or ``${NAME...}`` (group 2: what follows the name in braces).
_READ = re.compile(r"(?<!\\)\$(?:\{([A-Za-z_]\w*)([^}]*)\}|([A-Za-z_]\w*))")
#: ``${NAME:-default}`` / ``${NAME-default}``: a default stands for the missing value.
_DEFAULTED = re.compile(r"^:?-")
_SINGLE_QUOTED = re.compile(r"'[^'\n]*'")
#: A shell function's opening (``name() {``, ``function name {``): its $1 is the function's.
_FUNCTION = re.compile(r"^\s*(?:function\s+\w[\w-]*|\w[\w-]*\s*\(\s*\))\s*\{?\s*$")
#: ``set -- a b`` sets the positional parameters in the script itself.
_SET_ARGS = re.compile(r"(?:^|[;&|]\s*)set\s+--(?:\s|$)", re.M)
#: The other reads of the arguments: their count (``$#``, ``${#}``), ``shift``, a ``getopts``
#: loop and ``for x; do`` (both read ``"$@"``), with no word of their own.
_ARG_WORDS = re.compile(r"(?<!\\)\$(?:#|\{#\})"
                        r"|(?:^|[;&|({!]\s*|\b(?:then|do|else|while|until|if)\s+)(shift|getopts)\b"
                        r"|\bfor\s+[A-Za-z_]\w*\s*(?:;|\s+do\b)", re.M)
#: ``getopts SPEC NAME``: sets NAME and OPTARG (OPTIND too), from the arguments.
_GETOPTS = re.compile(r"\bgetopts\s+(?:\S+)\s+([A-Za-z_]\w*)")
#: Sets the shell's own forms ``accounted.set_names`` does not read: ``let N=...``,
#: ``(( N = ... ))``, ``read -r A B``, ``mapfile -t A``.
_MORE_SETS = re.compile(r"(?:\blet\s+|\(\(\s*)([A-Za-z_]\w*)\s*[-+*/]?=(?!=)"
                        r"|\b(?:mapfile|readarray)\s+(?:-\w+\s+)*([A-Za-z_]\w*)")
_SOURCES = re.compile(r"(?:^|[;&|]\s*)(?:source|\.)\s+(\S+)", re.M)
#: Variables a job's environment sets, not the submitter (besides ``accounted.RUNTIME``): a
#: launcher's rank variables (torchrun, mpiexec), a runtime's, a site's storage areas.
_JOB_SET = re.compile(r"(?:SLURMD|PJM|OAR|PALS|GPU|HIP|ZE|ROCR|SINGULARITY|APPTAINER|MAMBA|MAPLE"
                      r"|CUDA|NVHPC)_|EBROOT|EBVERSION|(?i:(?:https?|no|ftp|all)_proxy$)|"
                      r"(?:STORE|DATA|CFS|PSCRATCH|PS1|TERM|LANG|DISPLAY|HOSTTYPE|OSTYPE"
                      r"|RANK|LOCAL_RANK|WORLD_SIZE|LOCAL_WORLD_SIZE|GROUP_RANK|NODE_RANK"
                      r"|MASTER_ADDR|MASTER_PORT)$")


#: ``${NAME:?message}`` / ``${NAME?}``: the script stops unless its submitter gives NAME.
_REQUIRED = re.compile(r"(?<!\\)\$\{([A-Za-z_]\w*):?\?")


def required_inputs(lines: list[str]) -> frozenset[str]:
    """The variables the script requires of its submitting shell (``: "${DATA:?not set}"``):
    the user's own inputs, given at submission, not the source site's environment."""
    return _required_inputs(tuple(lines))


@lru_cache(maxsize=256)
def _required_inputs(lines: tuple[str, ...]) -> frozenset[str]:
    """:func:`required_inputs`, kept per text (asked again for every target)."""
    return frozenset(m.group(1) for line in lines for m in _REQUIRED.finditer(code_part(line)))


class _Passing(Strict):
    """How one scheduler's submit command passes arguments and variables (with its source)."""

    args: bool
    env: bool
    give_args: str
    give_env: str
    source: str
    #: Where the submit command's ``-v NAME`` (the value from the submitting shell) is said.
    source_v: str = ""


class _PassingFile(Strict):
    schedulers: dict[str, _Passing]


@cache
def _passing() -> dict[str, _Passing]:
    return template_data(_PassingFile, "schedulers", "submit_inputs.yaml").schedulers


@dataclass(frozen=True)
class SubmitInputs:
    """What a job script takes at submit time (empty tuples: nothing)."""

    #: The argument references as written, in order of first use (``$1``, ``"$@"`` as ``$@``).
    args: tuple[str, ...] = ()
    #: Variables read with no default and set nowhere in the script.
    env: tuple[str, ...] = ()
    #: Variables read only with a default (``${X:-v}``) and set nowhere.
    defaulted: tuple[str, ...] = ()
    #: Files the script sources (they may set some of ``env``).
    sourced: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.args or self.env or self.defaulted)


def _code_lines(text: str) -> list[str]:
    """The script's lines that run in its own shell: no comments or directives, no shell
    function bodies (their ``$1`` is the function's), single-quoted text blanked."""
    out, depth = [], 0
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if depth or _FUNCTION.match(raw):
            depth += raw.count("{") - raw.count("}")
            if _FUNCTION.match(raw) and "{" not in raw:
                depth += 1  # `f()` with its brace on the next line
            depth = max(depth, 0)
            continue
        out.append(_SINGLE_QUOTED.sub("''", code_part(raw)))  # a trailing comment is not read
    return out


def _sets(text: str) -> set[str]:
    """The variables ``text`` sets, in any form (``getopts`` sets its name and OPTARG)."""
    body = "\n".join(_code_lines(text))
    opts = set(_GETOPTS.findall(body))
    return (set_names(text) | {a or b for a, b in _MORE_SETS.findall(body)} | opts
            | ({"OPTARG", "OPTIND"} if opts else set()))


def arg_reads(text: str) -> tuple[str, ...]:
    """How the code of ``text`` reads the job script's own arguments, in order of first use:
    ``$1``, ``$@`` (for ``"$@"``, ``${@:2}``), ``$#``, ``shift``, ``getopts``, ``for``. Reads
    after the script sets them itself (``set -- a b``) are its own values, not inputs."""
    lines = _code_lines(text)
    cut = next((k for k, line in enumerate(lines) if _SET_ARGS.search(line)), None)
    body = "\n".join(lines if cut is None else lines[:cut + 1])
    found: list[tuple[int, str]] = []
    for m in _POSITIONAL.finditer(body):
        found.append((m.start(), "$" + (m.group(1) or m.group(2))))
    for m in _ARG_WORDS.finditer(body):
        word = m.group(1) or ("for" if m.group(0).lstrip().startswith("for") else "$#")
        found.append((m.start(), word))
    return tuple(dict.fromkeys(ref for _, ref in sorted(found)))


def passes_args(scheduler: str | None) -> bool:
    """Whether ``scheduler``'s submit command passes arguments to a job script (an unknown
    scheduler: taken as passing them, so nothing is changed for it)."""
    passing = _passing().get(scheduler or "")
    return passing is None or passing.args


def submit_inputs(source: str) -> SubmitInputs:
    """The submit-time inputs of job script ``source``."""
    lines = _code_lines(source)
    body = "\n".join(lines)
    args = list(arg_reads(source))
    # a name it requires before setting it (``: "${LOGDIR:?}"``, then ``export LOGDIR=...``)
    given = _sets(source) - required_inputs(lines)
    plain: list[str] = []
    defaulted: list[str] = []
    for m in _READ.finditer(body):
        name = m.group(1) or m.group(3)
        if name in given or RUNTIME.match(name) or _JOB_SET.match(name):
            continue
        bucket = defaulted if m.group(1) and _DEFAULTED.match(m.group(2)) else plain
        if name not in bucket:
            bucket.append(name)
    loaded = [exported_file(c) or f"`{c}`" for m in EXPORTED_LINE.finditer(body)
              for c in [m.group(1) or m.group(2)]]
    sourced = tuple(dict.fromkeys([*(m.group(1) for m in _SOURCES.finditer(body)), *loaded]))
    return SubmitInputs(tuple(args), tuple(plain),
                        tuple(n for n in defaulted if n not in plain), sourced)


def _reads(script: str) -> tuple[set[str], set[str]]:
    """The argument references and the variable names the code of ``script`` reads (the
    lines that restore its arguments from a variable are the port's, not a read)."""
    script = without_restoring(script)
    body = "\n".join(_code_lines(script))
    return (set(arg_reads(script)), {m.group(1) or m.group(3) for m in _READ.finditer(body)})


def _kept_part(inputs: SubmitInputs, script: str) -> tuple[SubmitInputs, list[str]]:
    """``inputs`` the ported ``script`` still reads, and the ones it no longer reads (the
    source read them only in lines the port replaced: its launch, or the size it set)."""
    args, names = _reads(script)
    # a name the port sets itself (NNODES) is no input there, unless it requires it first
    ported = _sets(script) - required_inputs(_code_lines(script))
    kept = SubmitInputs(tuple(a for a in inputs.args if a in args),
                        tuple(n for n in inputs.env if n in names and n not in ported),
                        tuple(n for n in inputs.defaulted if n in names and n not in ported),
                        inputs.sourced)
    dropped = [a for a in inputs.args if a not in args] + [
        "$" + n for n in (*inputs.env, *inputs.defaulted) if n not in names]
    return kept, dropped


def submit_inputs_note(inputs: SubmitInputs, source_scheduler: str | None,
                       profile: ClusterProfile, script: str | None) -> list[str]:
    """One note naming ``inputs`` and how the target's submit command gives them, for the
    ported ``script``: the inputs it still reads, and the ones it no longer reads; ``None``
    for a refused port (the inputs then are for the port the user writes)."""
    passing = _passing().get(profile.scheduler)
    if not inputs or passing is None:
        return []
    if script is None:
        return [_how_note(inputs, source_scheduler, profile, passing).replace(
            "; the port keeps the lines that read them as written;",
            " (for a port written by hand: the port refused);")]
    kept, dropped = _kept_part(inputs, script)
    also = "also " if kept else ""
    unless = (f" (unless {', '.join(inputs.sourced)}, which it sources, sets them)"
              if inputs.sourced else "")
    gone = (f"the source {also}read {', '.join(dropped)}{unless} in lines the port does not "
            "keep (its "
            f"launch or size lines, written for {profile.name} from the job's directives): if "
            "the value given at submit time set the job's size or program, write it into the "
            "port by hand - the port does not read it") if dropped else ""
    if not kept:
        return [f"submit-time inputs: {gone}"] if gone else []
    return [_how_note(kept, source_scheduler, profile, passing, script)
            + (f"; {gone}" if gone else "")]


def _args_how(inputs: SubmitInputs, source_scheduler: str | None, profile: ClusterProfile,
              passing: _Passing, script: str | None) -> str:
    """How the target's submit command gives the script's own arguments to the port."""
    name = restored_variable(script) if script else None
    if name is None:
        was = _passing().get(source_scheduler or "")
        same = " (as on the source)" if source_scheduler == profile.scheduler else ""
        unlike = (f"; the source's submit command ({source_scheduler}) passed none, so there "
                  "the script read them only where given another way (Torque's `qsub -F`)"
                  if was is not None and not was.args and passing.args else "")
        return f"arguments: {passing.give_args}{same}{unlike}"
    said = defaults_said(script or "")
    return (f"arguments: {profile.name}'s qsub passes no arguments to a job script, so the port "
            f"restores them at the top of the script from ${name} (`set -- ${name}`, split at "
            f"blanks, globbing off): submit with `{name}='ARG1 ARG2 ...' qsub -v {name} SCRIPT` "
            "where the source ran `sbatch SCRIPT ARG1 ARG2 ...` (`-v NAME` with no value passes "
            "NAME's value from the submitting shell); an argument that "
            "itself holds a blank cannot be given this way (write it into the script); with "
            f"no ${name} the script gets no arguments, as `sbatch SCRIPT` alone would give it"
            + (f" (not given, the script's own defaults stand: {said})" if said else ""))


def _how_note(inputs: SubmitInputs, source_scheduler: str | None, profile: ClusterProfile,
              passing: _Passing, script: str | None = None) -> str:
    """The note on the inputs the port reads, and how the target's submit command gives them."""
    was = _passing().get(source_scheduler or "")
    parts, how = [], []
    restored = bool(inputs.args and script and restored_variable(script) is not None)
    if inputs.args:
        parts.append(f"its own arguments ({', '.join(inputs.args)})")
        how.append(_args_how(inputs, source_scheduler, profile, passing, script))
    names = [*inputs.env, *inputs.defaulted]
    if names:
        said = ", ".join("$" + n for n in names)
        parts.append(f"variables of the submitting shell that it reads and never sets ({said}"
                     + (f"; unless {', '.join(inputs.sourced)}, which it sources, sets them)"
                        if inputs.sourced else ")"))
        how.append(f"variables: {passing.give_env}")
        if inputs.defaulted:
            how.append("a variable not given takes the script's own default ("
                       + ", ".join("$" + n for n in inputs.defaulted) + ") with no error"
                       + ("; the source's submit command passed the environment as is, "
                          f"{profile.name}'s does not" if was and was.env and not passing.env
                          else ""))
    lost = ("; the source's submit command passed the arguments, "
            f"{profile.name}'s cannot: without a change the program gets none there"
            if inputs.args and not passing.args and not restored and (was is None or was.args)
            else "")
    return (f"submit-time inputs: the job takes {' and '.join(parts)}; the port keeps the "
            f"lines that read them as written; to give them on {profile.name} "
            f"({profile.scheduler}): {'; '.join(how)}{lost}")


def with_arguments_restored(script: str, source: str, scheduler: str,
                            notes: list[str]) -> tuple[str, list[str]]:
    """``script`` with its arguments restored near the top from a variable the user gives
    at submit time, when ``scheduler``'s submit command passes none to a job script and both
    the source and the ported ``script`` read them; the port's ``notes`` that name its lines
    by number renumbered past the lines added. Else both unchanged."""
    if (passes_args(scheduler) or restored_variable(script) is not None
            or not arg_reads(source) or not arg_reads(script)):
        return script, notes
    lines = script.split("\n")
    at = top_of(lines)
    before = [""] if at and lines[at - 1].strip() else []  # a blank line on each side
    after = [""] if at < len(lines) and lines[at].strip() else []
    added = [*before, *restoring_lines(args_variable(source)), *after]
    lines[at:at] = added
    return "\n".join(lines), [renumbered(n, at, len(added)) for n in notes]


#: A port line named by number in a note: shellcheck's finding, a leftover's place.
_PORT_LINE = re.compile(r"^(shellcheck: line )(\d+)|(\(line )(\d+)( of the port\))")


def renumbered(note: str, at: int, count: int) -> str:
    """``note`` with the port line numbers it names past index ``at`` moved by ``count``
    (``count`` lines were put in before the line numbered ``at + 1``)."""
    def move(m: re.Match[str]) -> str:
        head, num, tail = ((m.group(1), m.group(2), "") if m.group(1)
                           else (m.group(3), m.group(4), m.group(5)))
        n = int(num)
        return f"{head}{n + count if n > at else n}{tail}"
    return _PORT_LINE.sub(move, note)
