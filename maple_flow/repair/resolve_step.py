"""The CPUs a Slurm job step inherits from its job (issue 17).

srun reads the job's ``--cpus-per-task`` (SLURM_CPUS_PER_TASK) when its own line gives none, so a
step that names its task count (``srun -n 128 prog``) in a job of fewer, wider tasks
(``--ntasks-per-node=1 --cpus-per-task=128``) asks tasks x inherited CPUs and is refused ("More
processors requested than permitted"). Only when the step's tasks are exactly the CPUs the job
holds is one CPU a task the single reading in which the step uses the allocation as asked (128
tasks in a job of 128 CPUs); a step of fewer tasks than that (4 tasks in a job of 2 tasks x 8
CPUs) may as well want the job to ask more tasks of the same width, so it is left unresolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.repair.unresolved import Unresolved


class StepUnresolved(Unresolved):
    """The step's CPUs per task cannot be read from the script (the reason is the message)."""


@dataclass(frozen=True)
class StepShape:
    """A Slurm step's literal task count and the job's literal CPU request."""

    step_tasks: int
    step_cpus_given: bool
    job_tasks: int
    job_cpus_per_task: int


def _count(value: str | None, default: int) -> int | None:
    """A directive's whole-number value (``4``, ``4(x2)`` is not one); ``default`` when unset."""
    if value is None:
        return default
    m = re.fullmatch(r"\d+", value.strip())
    return int(m.group()) if m and int(m.group()) >= 1 else None


def job_tasks(script: str) -> int | None:
    """The tasks the job's directives ask: ``--ntasks``, else ``--ntasks-per-node`` x
    ``--nodes``, else one a node (Slurm's default); None when a value is not a literal."""
    ds = parse_directives(script, "slurm")
    nodes = _count(last_value(ds, "nodes"), 1)
    total = _count(last_value(ds, "ntasks"), 0)
    per_node = _count(last_value(ds, "ntasks-per-node"), 0)
    if nodes is None or total is None or per_node is None:
        return None
    if total:
        return total
    return per_node * nodes if per_node else nodes


def step_shape(script: str, step_tasks: str | None, step_cpus_given: bool) -> StepShape:
    """The shape of the script's step and job, or StepUnresolved with the reason."""
    if not step_tasks or not step_tasks.isdigit() or int(step_tasks) < 1:
        raise StepUnresolved("the srun step gives no literal task count")
    tasks = job_tasks(script)
    cpus = _count(last_value(parse_directives(script, "slurm"), "cpus-per-task"), 1)
    if tasks is None or cpus is None:
        raise StepUnresolved("the job's tasks or CPUs per task are not literal numbers")
    return StepShape(int(step_tasks), step_cpus_given, tasks, cpus)


def inherited_cpus_fit(shape: StepShape) -> bool:
    """Whether the step is refused only for the CPUs per task it inherits: it gives no CPUs
    per task of its own, the job's are above one, and its tasks are exactly the CPUs the job
    holds (one CPU each fills the allocation; with them it asks more than the job holds)."""
    held = shape.job_tasks * shape.job_cpus_per_task
    return (not shape.step_cpus_given and shape.job_cpus_per_task > 1
            and shape.step_tasks == held)


def step_cpus_per_task(shape: StepShape) -> str:
    """``{step_cpus:srun}``: the CPUs per task that make the step fit the job's CPUs (one: the
    step's tasks are the job's CPUs), when the step is refused only for the CPUs per task it
    inherits (inherited_cpus_fit); StepUnresolved otherwise."""
    if shape.step_cpus_given:
        raise StepUnresolved("the srun step sets its own CPUs per task")
    if not inherited_cpus_fit(shape):
        raise StepUnresolved("the step's tasks are not the job's CPUs: whether it wants fewer "
                             "CPUs a task or the job more tasks is the user's choice")
    return str(shape.job_tasks * shape.job_cpus_per_task // shape.step_tasks)
