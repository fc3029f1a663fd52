"""A job script's submit-time inputs, named once on every port with how to give them there.

The class (issue 14): values a job takes when it is submitted, not written in it - the script's
own arguments (``$1``, ``"$@"``, ``${2:-x}``: ``sbatch job.sh a b``) and variables of the
submitting shell that it reads but never sets (``$CONFIG`` from ``qsub -v CONFIG=...`` or an
``export`` before ``sbatch``; ``${EPOCHS:-50}``, whose default runs when nothing is given).
Schedulers hand them over differently (``templates/schedulers/submit_inputs.yaml``, cited there):
sbatch passes arguments and the submitting environment; PBS Pro's qsub passes no arguments to a
job script and only the variables ``-v``/``-V`` name. The port keeps the user's lines as written
and says, once, which inputs the job takes and how to give them on the target.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict
from maple_flow.models.profile import ClusterProfile
from maple_flow.port.accounted import RUNTIME, set_names
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
    """The variables ``text`` sets, in any form."""
    body = "\n".join(_code_lines(text))
    return set_names(text) | {a or b for a, b in _MORE_SETS.findall(body)}


def submit_inputs(source: str) -> SubmitInputs:
    """The submit-time inputs of job script ``source``."""
    lines = _code_lines(source)
    body = "\n".join(lines)
    args: list[str] = []
    if not _SET_ARGS.search(body):
        for m in _POSITIONAL.finditer(body):
            ref = "$" + (m.group(1) or m.group(2))
            if ref not in args:
                args.append(ref)
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
    sourced = tuple(dict.fromkeys(m.group(1) for m in _SOURCES.finditer(body)))
    return SubmitInputs(tuple(args), tuple(plain),
                        tuple(n for n in defaulted if n not in plain), sourced)


def _reads(script: str) -> tuple[set[str], set[str]]:
    """The argument references and the variable names the code of ``script`` reads."""
    body = "\n".join(_code_lines(script))
    return ({"$" + (m.group(1) or m.group(2)) for m in _POSITIONAL.finditer(body)},
            {m.group(1) or m.group(3) for m in _READ.finditer(body)})


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
    return [_how_note(kept, source_scheduler, profile, passing) + (f"; {gone}" if gone else "")]


def _how_note(inputs: SubmitInputs, source_scheduler: str | None, profile: ClusterProfile,
              passing: _Passing) -> str:
    """The note on the inputs the port reads, and how the target's submit command gives them."""
    was = _passing().get(source_scheduler or "")
    parts, how = [], []
    if inputs.args:
        parts.append(f"its own arguments ({', '.join(inputs.args)})")
        same = " (as on the source)" if source_scheduler == profile.scheduler else ""
        how.append(f"arguments: {passing.give_args}{same}")
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
            if inputs.args and not passing.args and (was is None or was.args) else "")
    return (f"submit-time inputs: the job takes {' and '.join(parts)}; the port keeps the "
            f"lines that read them as written; to give them on {profile.name} "
            f"({profile.scheduler}): {'; '.join(how)}{lost}")
