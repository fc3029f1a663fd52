"""The safety policy applied to typed fix operations: the hard-rule violations of ops and the
reasons a proposal needs a person's review (the rules themselves are in ``safety.py``, which the
op models also call)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from maple_flow.repair import ops as o
from maple_flow.repair.ops import FixOp
from maple_flow.repair.safety import (
    ALLOWED_DIRECTIVES,
    ALWAYS_ALLOWED,
    KNOWN_PROGRAM_OPTIONS,
    WORLD_SIZE_ARGUMENTS,
    directive_problem,
    env_allowed,
    env_name_problem,
    launcher_off_list,
    launcher_option_problem,
    module_known,
    module_problem,
    passed_on_problem,
)

if TYPE_CHECKING:
    from maple_flow.models import ClusterProfile


def _violation_of(op: FixOp) -> str | None:
    if isinstance(op, o.ExportEnv | o.ExportEnvBeforeRead
                      | o.ExportEnvBeforeDownload):
        return env_name_problem(op.name)
    if isinstance(op, o.PropagateEnv):
        return next(filter(None, map(passed_on_problem, op.names)), None)
    if isinstance(op, o.SetDirective):
        return directive_problem(op.option, op.value)
    if isinstance(op, o.SetLauncherArg):
        return launcher_option_problem(op.launcher, op.name, op.value)
    if isinstance(op, o.AddModule | o.RemoveModule | o.UnloadModule
                  | o.UnloadDependentFirst):
        return module_problem(op.name)
    if isinstance(op, o.SwapModule):
        return module_problem(op.new)
    return None


def violations(ops: Iterable[FixOp]) -> list[str]:
    """The hard-rule violations of ``ops`` (empty: every op may be applied)."""
    return [f"{op.op}: {why}" for op in ops if (why := _violation_of(op))]


def _off_allowlist(op: FixOp, profile: ClusterProfile | None) -> str | None:
    if op.op in ALWAYS_ALLOWED:
        return None
    if isinstance(op, o.ExportEnv | o.ExportEnvBeforeRead
                      | o.ExportEnvBeforeDownload) and not env_allowed(op.name):
        return f"sets {op.name}, which is not on the allowlist"
    if isinstance(op, o.PropagateEnv):
        names = [n for n in op.names if not env_allowed(n)]
        return f"passes on {', '.join(names)}, not on the allowlist" if names else None
    if isinstance(op, o.SetDirective) and op.option not in ALLOWED_DIRECTIVES \
            and not (op.option == "export" and op.value == "ALL"):  # Slurm's own default
        return f"sets the {op.option} directive, which is not on the allowlist"
    if isinstance(op, o.SetLauncherArg):
        return launcher_off_list(op.launcher, op.name, op.value)
    if isinstance(op, o.RespellLauncherArg):
        return launcher_off_list(op.launcher, op.spelling, None)
    module = op.name if isinstance(op, o.AddModule) else (
        op.new if isinstance(op, o.SwapModule) else None)
    if module is not None and not module_known(module, profile):
        return f"loads {module}, which the cluster profile does not list"
    if isinstance(op, o.ReplaceWord):
        return f"writes {op.new!r} in place of {op.old!r} on line {op.line} (a person checks it)"
    if isinstance(op, o.DropOption):
        return f"takes {op.option} off line {op.line} (a person checks it)"
    if isinstance(op, o.AddArgument) and not (
            op.name in WORLD_SIZE_ARGUMENTS and (op.value or "").isdigit()) \
            and op.value not in KNOWN_PROGRAM_OPTIONS.get(op.name, frozenset()):
        return "changes the program's own arguments (unknown to maple_flow)"
    return None


def review_reasons(ops: Iterable[FixOp], profile: ClusterProfile | None = None) -> list[str]:
    """Why a proposal needs a person's review: hard-rule violations and ops off the
    allowlist (empty: it may be applied unreviewed)."""
    ops = list(ops)
    return violations(ops) + [f"{op.op}: {why}" for op in ops
                              if (why := _off_allowlist(op, profile))]
