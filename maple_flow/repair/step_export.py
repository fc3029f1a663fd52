"""What a Slurm job step's environment holds: the ``--export`` that applies to the job's srun
step, read from every place Slurm reads it, and the edits that keep or extend it.

Slurm's rules (SchedMD/slurm@284c3b95f08a: doc/man/man1/srun.1 and sbatch.1 "--export";
src/common/slurm_opt.c ``arg_set_export``; src/sbatch/opt.c; src/srun/opt.c):

- srun takes ``--export`` from its own command line, else from ``SRUN_EXPORT_ENV``, else from
  ``SLURM_EXPORT_ENV`` ("SRUN_EXPORT_ENV ... will override any setting for SLURM_EXPORT_ENV"),
  else ALL ("Default mode if --export is not specified");
- a later ``--export`` on one command line replaces an earlier one (``arg_set_export`` stores
  the new value): ``srun --export=ALL,A=1 --export=B=2`` exports B only;
- ``sbatch --export=X`` with X other than ALL sets ``SLURM_EXPORT_ENV=X`` in the job's
  environment, so the job's steps inherit it ("To avoid steps inheriting environment export
  settings (e.g. NONE) from sbatch command, ... SLURM_EXPORT_ENV should be set to ALL in the
  job script");
- ALL: the task gets the caller's (the batch shell's) whole environment, named variables added
  (the caller's own value wins); NONE/NIL: SLURM_* variables only ("User can not specify
  explicit environment variables with NONE"); a list without ALL: SLURM_* and the named
  variables only (PATH not among them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.knowledge.directives import directives_once, last_value
from maple_flow.repair.layout import find_launch
from maple_flow.repair.text import FixNotApplicable

#: ``--export`` words that are no variable.
_KEYWORDS = frozenset({"ALL", "NONE", "NIL"})
#: A top-level line that sets or unsets one of srun's export variables.
_SETTING = re.compile(
    r"^\s*(?:(?:export|declare\s+-x)\s+)?(?P<name>SRUN_EXPORT_ENV|SLURM_EXPORT_ENV)="
    r"(?P<value>\"[^\"]*\"|'[^']*'|[^\s;#]*)|^\s*unset\s+(?:-v\s+)?(?P<unset>\w+(?:\s+\w+)*)\s*(?:;|#|$)")
#: A variable the script sets before its launch (``export A=1``, ``A=1``, ``export A``).
_ASSIGNED = re.compile(r"^\s*(?:export\s+|declare\s+-x\s+)?([A-Za-z_]\w*)=")


@dataclass(frozen=True)
class StepExport:
    """The ``--export`` value that applies to a step, and where it comes from."""

    value: str
    #: "default" (nothing sets it), "sbatch" (the job's #SBATCH --export), "script" (a
    #: SLURM_EXPORT_ENV/SRUN_EXPORT_ENV line of the script) or "srun" (the step's own option).
    source: str

    @property
    def parts(self) -> list[str]:
        return [p for p in self.value.split(",") if p]

    @property
    def whole_env(self) -> bool:
        """The task gets the batch shell's whole environment (ALL, with or without names)."""
        return any(p.upper() == "ALL" for p in self.parts)

    @property
    def named(self) -> list[str]:
        """The list's items other than ALL/NONE/NIL (``A=1``, ``B``), in order."""
        return [p for p in self.parts if p.upper() not in _KEYWORDS]

    @property
    def names(self) -> set[str]:
        return {p.split("=", 1)[0] for p in self.named}


def _unquote(value: str) -> str:
    return value[1:-1] if len(value) > 1 and value[0] == value[-1] and value[0] in "\"'" else value


def job_step_default(text: str, before: int | None = None) -> StepExport:
    """The ``--export`` an srun step written on 1-based line ``before`` (the script's end when
    None) takes when it gives none itself: #SBATCH --export (as SLURM_EXPORT_ENV), then the
    script's own SLURM_EXPORT_ENV/SRUN_EXPORT_ENV lines above it, SRUN_EXPORT_ENV first."""
    env: dict[str, tuple[str, str]] = {}
    asked = last_value(directives_once(text, "slurm"), "export")
    if asked is not None and _unquote(asked).upper() != "ALL":
        env["SLURM_EXPORT_ENV"] = (_unquote(asked), "sbatch")
    lines = text.splitlines()[: (before - 1) if before else None]
    for line in lines:
        if line.lstrip().startswith("#"):
            continue
        found = _SETTING.match(line)
        if found is None:
            continue
        if found.group("name"):
            env[found.group("name")] = (_unquote(found.group("value")), "script")
        for name in (found.group("unset") or "").split():
            env.pop(name, None)
    for name in ("SRUN_EXPORT_ENV", "SLURM_EXPORT_ENV"):
        if name in env and env[name][0]:
            return StepExport(*env[name])
    return StepExport("ALL", "default")


def _srun_exports(text: str) -> list[str] | None:
    """The values of the launch's srun ``--export`` options, in order (None: no srun step)."""
    from maple_flow.repair.patch_launch import stage_options

    try:
        options = stage_options(text, "srun")
    except FixNotApplicable:
        return None
    return [o.value or "" for o in options if o.name == "--export"]


def _srun_line(text: str) -> int | None:
    try:
        return find_launch(text, "srun").line
    except FixNotApplicable:
        return None


def step_export(text: str) -> StepExport | None:
    """The ``--export`` that applies to the job's srun launch step (its own last one, else the
    one it inherits); None when the job's launch has no srun step."""
    own = _srun_exports(text)
    if own is None:
        return None
    if own:
        return StepExport(own[-1], "srun")
    return job_step_default(text, _srun_line(text))


def srun_step_without_job_env(text: str) -> bool:
    """The job's srun step starts its tasks without the batch shell's environment (its export
    is NONE, NIL or a list without ALL, its own or inherited from the job)."""
    found = step_export(text)
    return found is not None and not found.whole_env


def _export_option(text: str, value: str) -> str:
    """``text`` whose launch srun's ``--export`` is ``value`` (its last one rewritten)."""
    from maple_flow.repair.patch_launch import set_launcher_arg

    return set_launcher_arg(text, "srun", "--export", value)


def export_all(text: str) -> str:
    """``text`` whose srun step gets the batch shell's whole environment, the variables the
    user's list names kept: NONE/NIL become ALL, a list without ALL becomes ``ALL,<list>``, an
    inherited list is written on srun as ``ALL,<list>``; an srun that already gets ALL
    explicitly is left as it is."""
    found = step_export(text)
    if found is None:
        raise FixNotApplicable("the launch line has no srun stage")
    if found.whole_env and found.source != "default":
        return text
    return _export_option(text, ",".join(["ALL", *found.named]))


def _new_variables(before: str, after: str) -> list[str]:
    """The variables ``after`` sets (or exports) above its launch that ``before`` does not."""
    def assigned(text: str) -> list[str]:
        try:
            end = find_launch(text).line - 1
        except FixNotApplicable:
            return []
        names: list[str] = []
        for line in text.splitlines()[:end]:
            found = _ASSIGNED.match(line)
            if found and found.group(1) not in names:
                names.append(found.group(1))
        return names

    old = set(assigned(before))
    return [n for n in assigned(after) if n not in old and not n.endswith("_EXPORT_ENV")]


def reach_step(before: str, after: str, named: tuple[str, ...] = ()) -> str:
    """``after`` (an op's result that sets new variables above the launch) whose srun step
    also hands them (and ``named``, the variables the op set) to its tasks where its export
    would drop them: the names are added to the
    step's list (a list of its own extended, NONE/NIL replaced by the names - NONE takes none -
    an inherited list written on srun with them); a step that gets the whole environment, or
    no srun step, is left as it is."""
    found = step_export(after)
    if found is None or found.whole_env:
        return after
    wanted = [*named, *(n for n in _new_variables(before, after) if n not in named)]
    names = [n for n in wanted if n not in found.names]
    if not names:
        return after
    return _export_option(after, ",".join([*found.named, *names]))


def inherited_export_without_srun_step(text: str) -> bool:
    """The job's steps inherit an export that drops the batch shell's environment and its
    launch is no srun of its own (mpirun starting its daemons with srun, a step of another
    command): the job's #SBATCH --export (NONE, NIL or a list without ALL) that no
    SLURM_EXPORT_ENV line sets back is the line a fix edits there."""
    if _srun_exports(text) is not None:
        return False
    found = job_step_default(text, _srun_line(text))
    return found.source == "sbatch" and not found.whole_env
