"""Learned variants as scoped site-level patches (pure).

A repair may change anything in a script to make it run, but what is learned from it for the
next user is only what belongs to the site: modules, environment, launcher options, the
backend, directives that are not job values. The job's own values (account, walltime, nodes,
GPUs, queue, the program and its arguments) are the user's and never part of a variant.

A variant also records where it applies (its ``conditions``): the launch model and the
launcher stages of the script it was learned on, and the content hash of its seed. Applying
one checks those, applies its operations, and falls back to the seed (with a note, never an
error) when it does not apply or when it would change a value of the job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maple_flow.errors import MapleError
from maple_flow.knowledge.directives import PBS_SHORT, SLURM_SHORT, parse_directives

if TYPE_CHECKING:
    from maple_flow.models import ClusterProfile

Op = dict[str, Any]

#: Operations that always change a value of the job, never a fact of the site.
JOB_OPS: dict[str, str] = {
    "set_queue": "queue", "set_walltime": "walltime", "set_nodes": "nodes",
    "set_gpus_per_node": "gpus per node", "add_argument": "program arguments",
    "lower_loader_workers": "program arguments",
}
#: Scheduler options (long names, PBS ``-l`` resources) that hold a value of the job.
JOB_DIRECTIVES: frozenset[str] = frozenset({
    "account", "time", "time-min", "walltime", "nodes", "ntasks", "ntasks-per-node",
    "ntasks-per-gpu", "gpus", "gpus-per-node", "gpus-per-task", "gres", "partition", "qos",
    "queue", "select", "job-name", "array", "cpus-per-task", "mem", "dependency", "begin",
    "output", "error",
})


def directive_long_name(option: str, scheduler: str) -> str:
    """``option`` under its long name (``A`` -> ``account``, ``t`` -> ``time`` on Slurm)."""
    short = SLURM_SHORT if scheduler == "slurm" else PBS_SHORT
    return short.get(option, option)


def job_value_of(op: Op, scheduler: str, user_env: frozenset[str] = frozenset()) -> str | None:
    """The value of the job ``op`` would change (``account``, ``walltime``...), None when it
    changes only the site's part of the script. ``user_env``: variables the user set."""
    kind = str(op.get("op", ""))
    if kind in JOB_OPS:
        return JOB_OPS[kind]
    if kind in ("set_directive", "remove_directive"):
        name = directive_long_name(str(op.get("option", "")), scheduler)
        return name if name in JOB_DIRECTIVES else None
    if kind in ("export_env", "unset_env") and op.get("name") in user_env:
        return f"the environment variable {op['name']} you set"
    return None


def site_ops(ops: list[Op], scheduler: str, user_env: frozenset[str] = frozenset()
             ) -> tuple[list[Op], list[str]]:
    """The operations of ``ops`` that are site facts, and a note per one left out."""
    from maple_flow.store.fixops import describe_op

    kept: list[Op] = []
    left: list[str] = []
    for op in ops:
        value = job_value_of(op, scheduler, user_env)
        if value is None:
            kept.append(op)
        else:
            left.append(f"{describe_op(op)} not kept: it changes the job's {value}, "
                        "which is the user's, not the site's")
    return kept, left


def launcher_stages(script: str) -> list[str]:
    """The launcher stages of ``script``'s launch line, outermost first ([] when unreadable)."""
    from maple_flow.scriptparse import parse_script

    try:
        return [s.name for s in parse_script(script).launch.stages]
    except MapleError:
        return []


def conditions_of(script: str, launch_model_given: str | None = None) -> dict[str, Any]:
    """Where a variant learned on ``script`` applies: its launch model (the job's, when
    known, else as read from the script) and launcher stages (the store adds the seed's
    content hash); {} when the script cannot be read."""
    from maple_flow.scriptparse import parse_script
    from maple_flow.scriptparse.model import launch_model

    model = launch_model_given
    try:
        parsed = parse_script(script)
    except MapleError:
        return {}
    return {"launch_model": model or launch_model(parsed).model,
            "stages": [s.name for s in parsed.launch.stages]}


def mismatch(conditions: dict[str, Any], script: str, launch_model: str,
             seed_sha256: str | None) -> str | None:
    """Why a variant with ``conditions`` does not apply to ``script`` (rendered from its seed,
    whose content hash is now ``seed_sha256``), or None when it does."""
    if conditions.get("seed_sha256") != seed_sha256:
        return "its seed template changed since it was verified (revalidate it)"
    model = conditions.get("launch_model")
    if model and model != launch_model:
        return f"it was learned for the {model} launch model, this job is {launch_model}"
    stages = conditions.get("stages")
    if stages and stages != launcher_stages(script):
        return (f"it was learned on a {' -> '.join(stages)} launch line, this one is "
                f"{' -> '.join(launcher_stages(script)) or 'unreadable'}")
    return None


def _job_values(script: str, scheduler: str) -> dict[str, Any]:
    from maple_flow.scriptparse import parse_script

    values: dict[str, Any] = {
        d.option: d.value for d in parse_directives(script, scheduler)  # type: ignore[arg-type]
        if d.option in JOB_DIRECTIVES}
    try:
        launch = parse_script(script).launch
        values["program"] = (launch.entrypoint, tuple(launch.args))
    except MapleError:
        pass
    return values


def changed_job_values(before: str, after: str, scheduler: str) -> list[str]:
    """The job values (directives, program, arguments) that differ between two scripts."""
    old, new = _job_values(before, scheduler), _job_values(after, scheduler)
    return sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))


@dataclass(frozen=True)
class Applied:
    """The script a variant gave (or the seed's, with ``note`` saying why not) and the
    operations that changed it."""

    script: str
    ops: tuple[Op, ...] = ()
    note: str = ""
    left_out: list[str] = field(default_factory=list)

    @property
    def used(self) -> bool:
        return not self.note


def apply_variant(script: str, variant_id: str, ops: list[Op], profile: ClusterProfile, *,
                  reason: str | None = None, cause: str = "",
                  user_env: frozenset[str] = frozenset()) -> Applied:
    """``script`` (rendered from the variant's seed) with the variant's site operations
    applied; the seed's script with a note when ``reason`` (a :func:`mismatch`) is given,
    when an operation cannot apply, or when the result would change a value of the job."""
    from pydantic import ValidationError

    from maple_flow.repair import Fix, apply_fix

    def fallback(why: str, left: list[str]) -> Applied:
        return Applied(script, (), f"learned variant {variant_id} not used: {why}; the seed "
                                   "template is used as it is", left)

    if reason:
        return fallback(reason, [])
    kept, left = site_ops(ops, profile.scheduler, user_env)
    if not kept:
        return fallback("it holds no site fix, only job values", left)
    try:
        fix = Fix.model_validate({"record_id": variant_id, "cause": cause or variant_id,
                                  "ops": kept})
        patched = apply_fix(script, fix, profile)
    except (MapleError, ValidationError) as exc:
        return fallback(f"it does not apply to this script ({exc})", left)
    changed = changed_job_values(script, patched, profile.scheduler)
    if changed:
        return fallback(f"it would change the job's {', '.join(changed)}", left)
    return Applied(patched, tuple(kept), "", left)
