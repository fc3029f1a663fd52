"""Render a launch template for a JobSpec on a cluster: pure and deterministic.

Templates are Jinja2 (StrictUndefined, no autoescape) and may include the shared pieces in
``templates/launch/_common/``. Every user value goes through the ``q`` filter (shlex.quote)
or, where ``$VAR``/``~/`` must stay live (program, arguments, environment values), the ``w``
filter (:func:`shell_word`); the user's own set-up lines are written verbatim after
:func:`~maple_flow.models.shell_lines.setup_line_problem` accepted them. Profile values
that must keep ``$VAR`` expansion go through ``dq``. The context a template sees is built by
:func:`render_context` and documented there.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jinja2

from maple_flow.diskcache import jinja_bytecode_cache
from maple_flow.errors import RenderError, api_boundary
from maple_flow.knowledge.policy import partial_node
from maple_flow.models import ClusterProfile, JobSpec, Queue, Template
from maple_flow.models.job import TORCH_RANK_VARS
from maple_flow.paths import templates_dir
from maple_flow.shellquote import comment, dquote, quote, shell_word
from maple_flow.version import __version__

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_PORT_SPAN = 1000
_SELECT = re.compile(r"select=\d+")
#: Options the shared headers write themselves from the spec; required rules for them are
#: satisfied by those lines, not by the rule's example rendering.
_HEADER_OPTIONS = frozenset({
    "time", "t", "nodes", "N", "account", "A", "partition", "p", "qos", "q", "job-name", "J",
    "gpus-per-node", "gpus", "ntasks", "n", "ntasks-per-node", "walltime", "select", "queue",
})


@cache
def _environment(folder: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=jinja_bytecode_cache(),
    )
    env.filters.update(q=quote, dq=dquote, w=shell_word, comment=comment)
    return env


def environment(folder: Path | None = None) -> jinja2.Environment:
    """The Jinja2 environment templates render in (loader rooted at ``templates/launch``)."""
    return _environment(folder or templates_dir() / "launch")


def queue_for(spec: JobSpec, profile: ClusterProfile) -> Queue:
    """The queue the script asks for: the spec's, else the profile's default."""
    if spec.queue is None:
        return profile.queues.default_queue
    found = profile.queues.get(spec.queue)
    if found is not None:
        return found
    # an unknown queue is a policy problem, reported elsewhere; render it as asked
    default = profile.queues.default_queue
    return Queue(name=spec.queue, kind=default.kind, max_walltime=default.max_walltime,
                 max_nodes=default.max_nodes)


def master_port_base(spec: JobSpec, profile: ClusterProfile) -> int:
    """The base port: the spec's when given, else the center's documented port."""
    if spec.origin("master_port") == "default":
        return profile.launch.master_port
    return spec.master_port


def program_argv(spec: JobSpec) -> list[str]:
    """What follows the interpreter (or torchrun/accelerate): script or ``-m module``, args."""
    head = ["-m", spec.entrypoint] if spec.module else [spec.entrypoint]
    return head + list(spec.args)


def required_directives(profile: ClusterProfile) -> list[str]:
    """Required directives the header does not already write (e.g. ``-C gpu``, filesystems)."""
    return [
        rule.render for rule in profile.directives.required
        if rule.render and rule.option not in _HEADER_OPTIONS and rule.short not in _HEADER_OPTIONS
    ]


def select_suffix(profile: ClusterProfile) -> str:
    """What follows the node count in PBS ``-l select=N...`` (e.g. ``:system=polaris``)."""
    for rule in profile.directives.required:
        match = _SELECT.search(rule.render) if rule.option == "select" else None
        if match:
            rest = rule.render[match.end():].split()
            return rest[0] if rest else ""
    return ""


def rank_per_gpu(spec: JobSpec, profile: ClusterProfile) -> bool:
    """Whether the site launcher starts one rank per GPU (per_rank jobs, rank-per-gpu sites)."""
    return spec.launch_model == "per_rank" or profile.launch.style == "rank-per-gpu"


def tasks_per_node(spec: JobSpec, profile: ClusterProfile) -> int:
    """Tasks the site launcher starts per node: one torchrun per node, or one rank per GPU."""
    return spec.gpus_per_node if rank_per_gpu(spec, profile) else 1


#: Variables every per-rank wrapper sets already (torch's own, NODE_RANK aside), by role.
_ALREADY_SET = {n: r for n, r in TORCH_RANK_VARS.items() if n != "NODE_RANK"}


def rank_exports(spec: JobSpec) -> list[str]:
    """``NAME="value"`` words that set the program's own rank variables inside each rank.

    They run inside the per-rank ``bash -c`` after ``MAPLE_RANK``/``MAPLE_LOCAL_RANK`` were
    read from the site launcher's variables (profile ``launch.rank_var``/``local_rank_var``).
    Values that read ``MASTER_ADDR``/``MASTER_PORT`` come first, so a program variable that
    shares a name with them cannot change what the others read. Ranks are placed in blocks of
    ``gpus_per_node`` (every site launcher here does so), which gives the node rank.
    """
    values = {
        "rank": '"$MAPLE_RANK"',
        "local_rank": '"$MAPLE_LOCAL_RANK"',
        "world_size": str(spec.ranks),
        "local_world_size": str(spec.gpus_per_node),
        "node_rank": f'"$(( MAPLE_RANK / {spec.gpus_per_node} ))"',
        "master_addr": '"$MASTER_ADDR"',
        "master_port": '"$MASTER_PORT"',
        # the Slurm job's node list (a srun step's SLURM_STEP_NODELIST re-created under ibrun or
        # mpirun on a Slurm target; never given on a PBS target)
        "node_list": '"$SLURM_JOB_NODELIST"',
    }
    wanted = {n: r for n, r in spec.rank_vars.items() if _ALREADY_SET.get(n) != r}
    first = [(n, r) for n, r in wanted.items() if r.startswith("master_")]
    rest = [(n, r) for n, r in wanted.items() if not r.startswith("master_")]
    return [f"{name}={values[role]}" for name, role in first + rest]


def whole_nodes(spec: JobSpec, profile: ClusterProfile) -> bool:
    """Whether the job uses every GPU of its nodes (else it takes a share of shared nodes)."""
    return not partial_node(spec.gpus_per_node, profile)


def launcher_cpus(spec: JobSpec, profile: ClusterProfile) -> int | None:
    """CPUs of one task of the site launcher: the spec's, else, where srun starts the tasks,
    the node's (or the job's per-GPU share of a shared node) split over the node's tasks.

    Without it srun gives each task one CPU, so every rank of a node (and its data loader
    workers) would share a single core.
    """
    if spec.cpus_per_task is not None:
        return spec.cpus_per_task
    if profile.launch.launcher != "srun":
        return None
    node_cpus = profile.node.cpus
    share = profile.directives.partial_share
    if whole_nodes(spec, profile):
        cpus = node_cpus
    elif share is not None:
        cpus = share.cpus_per_gpu * spec.gpus_per_node
    else:
        cpus = node_cpus * spec.gpus_per_node // profile.gpu.per_node
    return max(1, cpus // tasks_per_node(spec, profile))


def partial_memory_mb(spec: JobSpec, profile: ClusterProfile) -> int:
    """Memory (MiB) a job on part of a shared node asks for: its GPUs' share, or 0 (none)."""
    share = profile.directives.partial_share
    if whole_nodes(spec, profile) or share is None:
        return 0
    return share.memory_mb_per_gpu * spec.gpus_per_node


_DEPTH = re.compile(r"--depth[= ]\d+")


def launcher_binding(spec: JobSpec, profile: ClusterProfile) -> str:
    """The site launcher's binding flags, with PALS ``--depth`` set to ``cpus_per_task``; its
    per-node flags for a job that keeps its own per-node launcher (``keep_launcher``)."""
    bind = profile.launch.cpu_bind
    if spec.keep_launcher and profile.launch.per_node_cpu_bind:
        return profile.launch.per_node_cpu_bind
    if spec.cpus_per_task is not None and _DEPTH.search(bind):
        bind = _DEPTH.sub(f"--depth={spec.cpus_per_task}", bind)
    return bind


def _check_profile_names(profile: ClusterProfile) -> None:
    launch = profile.launch
    names = [launch.node_rank_var, launch.local_rank_var, launch.rank_var]
    for name in [*names, *profile.network.env]:
        if not _IDENT.match(name):
            raise RenderError(f"{profile.id}: launch variable {name!r} is not a shell name")


def render_context(spec: JobSpec, profile: ClusterProfile, template: Template) -> dict[str, Any]:
    """The variables a template sees.

    ``spec``, ``profile``, ``template``: the models. ``version``: maple_flow's version.
    ``account``: the account or the profile's placeholder (None when the site needs none and
    none was given); ``account_placeholder``: whether it is the placeholder. ``queue``: the
    Queue model. ``nodes``, ``gpus_per_node``, ``ranks``: ints. ``port_base``, ``port_span``:
    MASTER_PORT is ``port_base + job id % port_span``. ``program``: argv after the interpreter.
    ``tasks_per_node``: tasks of the site launcher per node. ``required_directives``: the
    profile's required directives the header does not write itself. ``select_suffix``: PBS
    ``select`` chunk resources after the node count. ``rank_per_gpu``: the site launcher
    starts one rank per GPU (per_rank jobs and rank-per-gpu sites). ``rank_exports``: the
    program's own rank variables, per rank. ``cpus_per_task``: CPUs of one launcher task, or
    None. ``whole_nodes``: the job uses every GPU of its nodes (exclusive and whole-node
    directives apply); ``partial_memory_mb``: memory a job on part of a node asks for, or 0.
    ``cpu_bind``: the site launcher's binding flags. The spec's ``setup_steps`` are written
    verbatim before the launch.
    """
    _check_profile_names(profile)
    base = master_port_base(spec, profile)
    account: str | None = spec.account
    placeholder = False
    if account is None and profile.account.required:
        account, placeholder = profile.account.placeholder, True
    return {
        "spec": spec,
        "profile": profile,
        "template": template,
        "version": __version__,
        "account": account,
        "account_placeholder": placeholder,
        "queue": queue_for(spec, profile),
        "nodes": spec.nodes,
        "gpus_per_node": spec.gpus_per_node,
        "ranks": spec.ranks,
        "port_base": base,
        "port_span": min(_PORT_SPAN, 65536 - base),
        "program": program_argv(spec),
        "tasks_per_node": tasks_per_node(spec, profile),
        "rank_per_gpu": rank_per_gpu(spec, profile),
        "rank_exports": rank_exports(spec),
        "cpus_per_task": launcher_cpus(spec, profile),
        "whole_nodes": whole_nodes(spec, profile),
        "partial_memory_mb": partial_memory_mb(spec, profile),
        "cpu_bind": launcher_binding(spec, profile),
        "required_directives": required_directives(profile),
        "select_suffix": select_suffix(profile),
    }


def _check_match(spec: JobSpec, profile: ClusterProfile, template: Template) -> None:
    if template.cluster != profile.id:
        raise RenderError(
            f"template {template.id} is for {template.cluster}, not {profile.id}; "
            f"pick one of `maple templates list --cluster {profile.id}`"
        )
    if (template.framework, template.strategy) != spec.setup:
        raise RenderError(
            f"template {template.id} runs {template.framework}/{template.strategy}, the job asks "
            f"for {spec.framework}/{spec.strategy}"
        )


def _body(env: jinja2.Environment, template: Template) -> jinja2.Template:
    """``env.from_string(template.body)``, with the compiled code kept in the environment's
    bytecode cache (keyed by the template id, checked against the body's digest) so a fresh
    process does not lex, parse and compile the body again; and in this process, so a batch
    does not load it again for every script."""
    return _loaded_body(env, template.id, template.body)


@lru_cache(maxsize=512)
def _loaded_body(env: jinja2.Environment, template_id: str, body: str) -> jinja2.Template:
    cache = env.bytecode_cache
    if cache is None:
        return env.from_string(body)
    bucket = cache.get_bucket(env, f"maple_flow-body/{template_id}", None, body)
    if bucket.code is None:
        bucket.code = env.compile(body)
        cache.set_bucket(bucket)
    return env.template_class.from_code(env, bucket.code, env.make_globals(None), None)


@api_boundary
def render(spec: JobSpec, profile: ClusterProfile, template: Template) -> str:
    """The launch script for ``spec`` on ``profile`` from ``template``; same input, same bytes."""
    _check_match(spec, profile, template)
    try:
        body = _body(environment(), template)
        text = body.render(render_context(spec, profile, template))
    except jinja2.TemplateError as exc:
        raise RenderError(f"template {template.id} failed to render: {exc}") from exc
    return text.rstrip("\n") + "\n"
