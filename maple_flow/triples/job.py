"""GPU sharing by "triples" (MIT LLSC): NNODE nodes x NPPN tasks per node x NTPP threads each.

One scheduler job runs NNODE * NPPN independent tasks of the same command. The site's own
launcher starts NPPN tasks per node; each task sees one GPU, ``local_slot % gpus_per_node``
(round-robin when NPPN exceeds the node's GPUs), through the visibility variable of the
site's GPU vendor, with ``OMP_NUM_THREADS=NTPP``; ``{task}`` in an argument becomes the task
index. Pure: the model and its checks, the assignment, and the job script, rendered from the
cluster profile with the shared header and set-up pieces of ``templates/launch/_common``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import jinja2
from pydantic import Field, field_validator

from maple_flow.errors import PolicyViolation, Problem, RenderError, api_boundary
from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.policy import ResourceRequest, check_request, queue_to_name
from maple_flow.models import ClusterProfile, JobSpec, Template, walltime_seconds
from maple_flow.models.common import Strict, Walltime
from maple_flow.models.job import args_without_nul, single_line
from maple_flow.render import environment, render_context

#: The placeholder in an argument that becomes the task index inside each task.
TASK_PLACEHOLDER = "{task}"
TEMPLATE_FILE = "_common/triples.j2"
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class TriplesJob(Strict):
    """A triples job: ``nodes`` x ``ppn`` tasks of ``program args``, ``tpp`` threads each."""

    cluster: str
    nodes: int = Field(default=1, ge=1, le=100_000, description="NNODE")
    ppn: int = Field(ge=1, le=4096, description="NPPN: tasks per node")
    tpp: int = Field(default=1, ge=1, le=4096, description="NTPP: threads per task")
    program: str = Field(min_length=1, description="the program every task runs")
    args: list[str] = Field(default=[], description="its arguments; {task} = the task index")
    walltime: Walltime = "00:30:00"
    account: str | None = Field(default=None, pattern=r"^[\w.+@-]+$", max_length=64)
    queue: str | None = Field(default=None, pattern=r"^[\w.+@-]+$", max_length=64)
    job_name: str = Field(default="maple-triples", pattern=r"^[A-Za-z0-9_.-]{1,64}$")

    @field_validator("program")
    @classmethod
    def _program_one_line(cls, value: str) -> str:
        return single_line(value, "the program")

    @field_validator("args")
    @classmethod
    def _args_no_nul(cls, value: list[str]) -> list[str]:
        return args_without_nul(value)

    @property
    def tasks(self) -> int:
        """Total number of tasks (NNODE * NPPN)."""
        return self.nodes * self.ppn


@dataclass(frozen=True)
class TaskSlot:
    """Where one task runs: its node (0-based), its slot on that node, the GPU it sees."""

    task: int
    node: int
    slot: int
    device: int


def assign(nodes: int, ppn: int, gpus_per_node: int) -> list[TaskSlot]:
    """Tasks in blocks of ``ppn`` per node (as the site launchers place them); each task's
    GPU is its slot modulo the node's GPUs (round-robin)."""
    if min(nodes, ppn, gpus_per_node) < 1:
        raise ValueError("nodes, tasks per node and GPUs per node must be at least 1")
    return [TaskSlot(t, t // ppn, t % ppn, (t % ppn) % gpus_per_node)
            for t in range(nodes * ppn)]


def job_assignment(job: TriplesJob) -> list[TaskSlot]:
    """The assignment of ``job`` on its cluster's nodes."""
    return assign(job.nodes, job.ppn, get_profile(job.cluster).gpu.per_node)


def _request(job: TriplesJob, profile: ClusterProfile) -> ResourceRequest:
    """The scheduler request of ``job``: whole nodes, all their GPUs."""
    return ResourceRequest(nodes=job.nodes, gpus_per_node=profile.gpu.per_node,
                           walltime_s=walltime_seconds(job.walltime), queue=job.queue,
                           account=job.account)


def with_queue(job: TriplesJob, profile: ClusterProfile) -> TriplesJob:
    """``job`` with the queue maple_flow picks when it names none (``policy.choose_queue``:
    the default when it takes the job, else the tightest that does); unchanged otherwise."""
    if job.queue is not None:
        return job
    chosen = queue_to_name(_request(job, profile), profile)
    return job if chosen is None else job.model_copy(update={"queue": chosen.name})


def check_triples(job: TriplesJob, profile: ClusterProfile) -> list[Problem]:
    """Every rule ``job`` breaks on ``profile``: threads per node, then the queue policy
    (queue, node and walltime limits, account format) for whole nodes."""
    problems: list[Problem] = []
    cpus = profile.node.cpus
    if job.ppn * job.tpp > cpus:
        problems.append(Problem(
            "tpp", f"{job.ppn} tasks x {job.tpp} threads = {job.ppn * job.tpp} CPUs per node, "
            f"{profile.name} nodes have {cpus}",
            f"use --tpp {max(1, cpus // job.ppn)} or less" if job.ppn <= cpus
            else f"use --ppn {cpus} or less", "triples.cpus"))
    return problems + check_request(_request(job, profile), profile)


def enforce_triples(job: TriplesJob) -> tuple[TriplesJob, ClusterProfile]:
    """``job`` (with its queue chosen when it names none) and its profile, or
    PolicyViolation listing every problem of ``job`` on it."""
    profile = get_profile(job.cluster)
    job = with_queue(job, profile)
    problems = check_triples(job, profile)
    if problems:
        raise PolicyViolation(profile.id, problems)
    return job, profile


def _spec(job: TriplesJob, profile: ClusterProfile) -> JobSpec:
    """The JobSpec the shared header and set-up pieces read (whole nodes, all their GPUs)."""
    return JobSpec(cluster=profile.id, nodes=job.nodes, gpus_per_node=profile.gpu.per_node,
                   entrypoint=job.program, args=job.args, walltime=job.walltime,
                   account=job.account, queue=job.queue, job_name=job.job_name,
                   cpus_per_task=job.tpp)


def _template(profile: ClusterProfile) -> Template:
    return Template(id=f"{profile.id}-triples", cluster=profile.id, framework="pytorch",
                    strategy="ddp", launcher=profile.launch.launcher,
                    scheduler=profile.scheduler, body="",
                    description="triples: NNODE x NPPN independent tasks sharing GPUs")


def _check_names(profile: ClusterProfile) -> None:
    names = [profile.launch.rank_var, profile.launch.local_rank_var,
             profile.gpu.visible_devices_var]
    for name in names:
        if not _IDENT.match(name):
            raise RenderError(f"{profile.id}: variable {name!r} is not a shell name")


def triples_context(job: TriplesJob, profile: ClusterProfile) -> dict[str, Any]:
    """What ``_common/triples.j2`` sees: the shared pieces' context (``render_context``)
    with the launcher's tasks per node and CPUs per task set to NPPN and NTPP, and
    ``job``, ``tasks``, ``device_var``, ``program`` (argv), ``assignment``."""
    _check_names(profile)
    spec = _spec(job, profile)
    context = render_context(spec, profile, _template(profile))
    srun = profile.launch.launcher == "srun"
    context.update(
        job=job, tasks=job.tasks, tasks_per_node=job.ppn,
        cpus_per_task=job.tpp if srun else None,
        device_var=profile.gpu.visible_devices_var,
        program=[job.program, *job.args],
        assignment=assign(job.nodes, job.ppn, profile.gpu.per_node),
    )
    return context


@api_boundary
def render_triples(job: TriplesJob) -> str:
    """The job script of ``job`` on its cluster (checked first); same input, same bytes."""
    job, profile = enforce_triples(job)
    try:
        text = environment().get_template(TEMPLATE_FILE).render(triples_context(job, profile))
    except jinja2.TemplateError as exc:
        raise RenderError(f"the triples template failed to render: {exc}") from exc
    return text.rstrip("\n") + "\n"
