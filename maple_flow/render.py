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
import shlex
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

import maple_flow
from maple_flow.errors import RenderError
from maple_flow.models import ClusterProfile, JobSpec, Queue, Template
from maple_flow.paths import templates_dir

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_VAR_REF = re.compile(r"\$(?:\{[A-Za-z_][A-Za-z0-9_]*(?::?-[^}]*)?\}|[A-Za-z_][A-Za-z0-9_]*)")
_PORT_SPAN = 1000
_SELECT = re.compile(r"select=\d+")
#: Options the shared headers write themselves from the spec; required rules for them are
#: satisfied by those lines, not by the rule's example rendering.
_HEADER_OPTIONS = frozenset({
    "time", "t", "nodes", "N", "account", "A", "partition", "p", "qos", "q", "job-name", "J",
    "gpus-per-node", "gpus", "ntasks", "n", "ntasks-per-node", "walltime", "select", "queue",
})


def quote(value: object) -> str:
    """Shell-quote any value (the ``q`` filter)."""
    return shlex.quote(str(value))


_USER_REF = re.compile(r"\$(?:\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)")


def shell_word(value: object) -> str:
    """A user value as one shell word, keeping only its variable and home references live.

    Without ``$NAME``, ``${NAME}`` or a leading ``~/`` the value is single-quoted (nothing
    expands). Otherwise it is double-quoted with those references left to expand (a leading
    ``~/`` becomes ``"$HOME"/``) and every other ``$``, backtick, ``"`` and backslash escaped,
    so no command substitution, arithmetic or other parameter expansion runs.
    """
    text = str(value)
    home = text == "~" or text.startswith("~/")
    if not home and not _USER_REF.search(text):
        return shlex.quote(text)
    return _expanding("$HOME" + text[1:] if home else text)


def _expanding(text: str) -> str:
    out: list[str] = []
    pos = 0
    for m in _USER_REF.finditer(text):
        out.append(_escape_dq(text[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(_escape_dq(text[pos:]))
    return '"' + "".join(out) + '"'


def dquote(value: object) -> str:
    """Double-quote a profile value, keeping ``$VAR``/``${VAR:-x}`` references expandable."""
    text = str(value)
    out: list[str] = []
    pos = 0
    for m in _VAR_REF.finditer(text):
        out.append(_escape_dq(text[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(_escape_dq(text[pos:]))
    return '"' + "".join(out) + '"'


def _escape_dq(text: str) -> str:
    return re.sub(r'([\\"$`])', r"\\\1", text)


def comment(value: object) -> str:
    """Text made safe for a single ``#`` comment line (newlines become spaces)."""
    return " ".join(str(value).split())


@cache
def _environment(folder: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
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
    }
    first = [(n, r) for n, r in spec.rank_vars.items() if r.startswith("master_")]
    rest = [(n, r) for n, r in spec.rank_vars.items() if not r.startswith("master_")]
    return [f"{name}={values[role]}" for name, role in first + rest]


_DEPTH = re.compile(r"--depth[= ]\d+")


def launcher_binding(spec: JobSpec, profile: ClusterProfile) -> str:
    """The site launcher's binding flags, with PALS ``--depth`` set to ``cpus_per_task``."""
    bind = profile.launch.cpu_bind
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
    None. ``cpu_bind``: the site launcher's binding flags. The spec's ``setup_steps`` are
    written verbatim before the launch.
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
        "version": maple_flow.__version__,
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
        "cpus_per_task": spec.cpus_per_task,
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


def render(spec: JobSpec, profile: ClusterProfile, template: Template) -> str:
    """The launch script for ``spec`` on ``profile`` from ``template``; same input, same bytes."""
    _check_match(spec, profile, template)
    try:
        body = environment().from_string(template.body)
        text = body.render(render_context(spec, profile, template))
    except jinja2.TemplateError as exc:
        raise RenderError(f"template {template.id} failed to render: {exc}") from exc
    return text.rstrip("\n") + "\n"
