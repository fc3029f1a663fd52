"""Make a record's fix concrete: fill placeholders from the log match, the profile, the script.

Placeholders (a closed set; anything else is an error found when the knowledge base loads):

- ``{m.NAME}``: the named group NAME of the signature's match.
- ``{profile.PATH}``: a profile fact by dotted path (``profile.network.backend``).
- ``{module:X}``: the profile's available module of the family of group X (or of the literal
  family X when the match has no such group), preferring the modules the profile loads.
- ``{queue:time}`` / ``{queue:nodes}``: a queue of the profile that takes the script's
  walltime / node count; ``{queue:size}``: as ``{queue:time}`` (unresolved when the script's
  own queue takes its nodes and walltime), for a message about the job's size (nodes);
  ``{queue:default}``: the default queue; ``{queue:partition}``: the default queue when it is
  a partition.
- ``{walltime:max}``: the longest walltime the script's queue allows; ``{walltime:cap}``: the
  script's walltime, lowered to that limit when it exceeds it (``{walltime:over}``: the same,
  unresolved when it does not exceed it); ``{walltime:raised}`` / ``{queue:longer}``: see
  resolve_longer (a walltime kill at the queue's limit moves the job); ``{walltime:mended}``: the
  script's Slurm time directive that Slurm cannot parse, written as ``HH:MM:SS`` when its length
  is plain (a float, ``3600.0``, read as minutes as Slurm reads a bare number; a unit suffix,
  ``2h``, ``90m``, ``1d``; a fraction in a field, ``1.5:00:00``), lowered to the queue's
  limit; unresolved when the directive is valid (the bad value is elsewhere) and a question for
  ``walltime`` when it says no length (``:00``). ``{walltime:refused}`` and ``{gpus:kept}``:
  see resolve_kept (the user's request kept, or a question, never a site default instead).
- ``{one_node:VALUE}``: VALUE, only when the job runs on one node (``{nodes:job}`` is 1);
  unresolved for a job of several nodes.
- ``{job_count:X}``: the job's whole-number directive for the srun option in group X, only
  when the srun line gives that option a shell variable; unresolved otherwise.
- ``{nodes:max}``: the most nodes the script's queue allows; ``{nodes:job}``: the script's
  node count (its directives, else its launch line read by scriptparse: ``torchrun
  --nnodes 2``, ``srun -N 2``; one when neither says, as the scheduler takes it).
- ``{gpus:job}``: every GPU of the script's nodes (node count x the profile's GPUs per node).
- ``{gpus:asked}``: the GPUs per node the script asks, when a node has that many; else the
  profile's GPUs per node (a fix of the GPU request's spelling keeps the user's count);
  ``{gpus:asked_job}``: that per node count x the script's nodes; ``{gpus:fit}``: a node's
  GPUs, only when the script asks more per node than that (unresolved otherwise);
  ``{gpus:ranks}``: the ranks per node the script starts, when a node has that many GPUs,
  else a node's GPUs (a job that asks for none).
- ``{site_module:X}``: the module named by group X (or ``item``, of an ``each``) as the
  profile lists it: that exact name, else (for a name without a version) the profile's module
  of that family; unresolved when the profile lists none (a module nobody vouches for).
- ``{named_module:X}``: a module an Lmod message names (group X or ``item``): the profile's
  module as ``{site_module:X}`` finds it, else the name as Lmod wrote it.
- ``{mem:all}``: ``0`` (Slurm: all of each node's memory), only when the script's ``--mem``
  asks more than a node of the profile has; unresolved otherwise. ``{mem:node}``: ``0`` when
  the script asks less memory per node than a node has (``--mem``, ``--mem-per-cpu`` x its
  CPUs per node, ``--mem-per-gpu`` x its GPUs per node) or none; unresolved when it already
  asks a whole node's memory. ``{mem:per_cpu}``: the memory per node the script asks (as
  ``{mem:node}`` reads it) over its CPUs per node (``--cpus-per-task`` x
  ``--ntasks-per-node``), in whole megabytes (``384M``): the same request written per CPU, for a
  site that refuses memory per node; unresolved when the script asks no memory.
  ``{mem:double}``: twice the script's ``--mem`` (``0`` when that is a whole node or more);
  unresolved when it asks no ``--mem`` size or already a whole node. ``{mem:share}``: the
  memory the job's GPUs come with on a shared node (the profile's ``partial_share``), for a
  Slurm job that asks no memory; unresolved otherwise.
- ``{port_shift:X}``: another port than the one in group X (deterministic), below the Linux
  ephemeral range (32768-60999) from which outgoing connections take their ports.
- ``{size:X}``: the Slurm memory directive named by group X (``mem``, ``mem-per-cpu``, ...)
  written as sbatch reads a size (``1.5G`` -> ``1536M``, ``64GB`` -> ``64G``).
- ``{version_spelling:X}``: what to write for the Slurm option in group X that another Slurm
  version names otherwise (templates/schedulers/slurm_option_versions.yaml).
- ``{respell:X}``: the Slurm option the name in group X misspells (Slurm's option table,
  templates/schedulers/slurm_options.yaml); ``{respell:X.value}``: the script's value for it.
- ``{ask:NAME}``: a value only the user knows: taken from ``Context.answers``, else the op
  is left out and NAME is reported.
- ``{account:sibling}``: the script's account with the suffix of the profile's GPU account
  form (``bbka-delta-cpu`` -> ``bbka-delta-gpu``), else unresolved (resolve_account).
- ``{script.NAME}``: the number a ``NAME=<digits>`` line of the script sets.
- ``{select:nodes}``: a PBS select for the script's node count, in the profile's form.
- ``{directive.OPTION}``: the value the profile's rule for a required directive writes.
- ``{gcc_upto.X}``: the newest gcc module of the profile whose major version is <= group X.
- ``{cuda_like.X}``: the profile's CUDA module matching version group X (major.minor, else
  major).
- ``{arg_with.X}``: the program argument whose value is group X (a path in an error).
- ``{python_like.X}``: the profile's Python module of the version in group X (major.minor),
  or its unversioned Python module when it lists no versioned one (resolve_python).
- ``{node_index:STAGE}``: the variable a per-node task reads its node's index from
  (``$SLURM_NODEID``, ``$PALS_NODEID``), only when the script runs launcher STAGE
  (``accelerate``) in a single-quoted ``srun``/``mpiexec`` ``bash -c`` body (each task
  expands it there).
- ``{master_addr:named}``: ``true`` when the script's MASTER_ADDR already names rank 0's node
  by its host name (the name is then what does not resolve), else ``false``.
- ``{gpus:per_task_node}``: the GPUs per node a ``--gpus-per-task`` directive gives the
  node's tasks (x ``--ntasks-per-node``, or ``--ntasks`` over ``--nodes``), at most a node's
  GPUs; unresolved when the script asks no GPUs per task or already asks GPUs per node.
- ``{task_shape:nodes}`` / ``{task_shape:per_node}`` / ``{task_shape:gpus}`` /
  ``{task_shape:total_option}``: the uniform per-node shape (N nodes x k tasks x k*g GPUs) of a
  Slurm job that asks GPUs per task, or a job total over a node range; nodes and tasks per
  node only where the script lacks them, ``gpus`` in ``gpus`` for a job total to remove
  (maple_flow.repair.resolve_taskshape).
- ``{site_no_proxy:script}``: the profile's ``network.no_proxy`` (the hosts its proxy settings
  keep out of the proxy), unresolved when the script sets its own (resolve_proxy).
- ``{off_script:X}``: the word in group X, only when no line of the script holds it (a command
  the job's program starts, which no script line runs).
- ``{launch:mpi}``: the MPI launcher the script's launch line runs (``mpiexec``, else
  ``mpirun``): a launcher's own complaint (Hydra, MPT) names its options, not its name.
- ``{launch:python}`` / ``{launch:python_line}``: the Python interpreter word the launch line
  starts (``python3``) and its line number (maple_flow.repair.resolve_launch_python).
- ``{task_var:name}`` / ``{task_var:value}``: a variable the launch line's single-quoted
  ``bash -c`` body reads (each task expands it) that the script sets without ``export``.
- ``{job_name:valid}``: a job name every PBS version takes (at most 15 characters, letters,
  digits and ``_``, a letter first), made from the script's job-name directive (``#PBS -N``,
  ``#SBATCH --job-name``) or ``job`` when it has none; unresolved when that name is already such
  a name (then the name is not what the scheduler refused).
- ``{ppr:ranks}``: the ranks a ``--map-by ppr:N:node`` mapping places on the job's nodes (group
  ``ppr`` of the match, N, times ``{nodes:job}``), only when the launch asks more processes
  (group ``procs``) than that; unresolved otherwise (the request fits: the mapper refused it).
- ``{slots:option}`` / ``{slots:tasks}``: the task directive (``ntasks``, or
  ``ntasks-per-node`` where the script states that) and count that give a one-node job's one
  Open MPI launch line the slots it asked (group ``asked``, its -np) from the allocation, when
  the job asks fewer (maple_flow.repair.resolve_slots).
- ``{named:option}`` / ``{named:required}`` / ``{named:time_cap}``: the Slurm option a
  scheduler's rejection names (group ``opt``), the value to write for it when the script lacks
  it (Slurm's own default for the job, else a question), and the run-time limit in hours it
  gives (group ``h``) when the script asks more (maple_flow.repair.resolve_named).
- ``{cpus:per_task}``: the most CPUs per task the node has for the script's tasks per node,
  only when the script asks more CPUs per node than the node has. ``{cpus:asked}``: the CPUs
  per task the script's own directive asks (a number); unresolved when it asks none.
- ``{per_device:tasks}`` / ``{per_device:cpus}``: for a program that wants one Slurm task per
  device and names its devices per node in group ``devices`` (Lightning's Slurm check): that
  count as the job's tasks per node, only when it equals the GPUs per node the script's
  directives ask (and a node has them) and no srun step sets its own task count; the CPUs per
  task that many tasks can have (the script's ``--cpus-per-task``, lowered to the node's CPUs
  over the tasks when it would exceed them). Unresolved otherwise: the program's devices or the
  GPU request is then what differs, a choice of the user's.

- ``{respelled:X}``: the command name a package installs that the command in group X only
  misspells, when a line of the script runs it (maple_flow.repair.patch_command).
- ``{command_line:X}``: the number of the first script line that runs the command in group X.
- ``{word_line:W}``: the number of the first script line that holds the literal word W.
- ``{serving_image:line}`` / ``{serving_image:word}``: the line and the word of the container
  image the script's vLLM serving line runs in (maple_flow.repair.serving_image).
- ``{site_libdir:X}``: the directory of the profile's library path (its activation lines'
  LD_LIBRARY_PATH) named after the library in group X (``libhwloc`` -> ``/soft/libraries/
  hwloc/lib``); unresolved when the profile names none (patch_container_lib.site_library_dir).
  ``{site_net_plugin:X}``: the site's NCCL network plugin (``libnccl-net.so`` of the profile's
  aws-ofi-nccl library directory), only when group X is the network the site's NCCL_NET names.
- ``{site_scratch:NAME}``: the site's scratch variable (``$PSCRATCH``, ``$SCRATCH``) from
  templates/sites/filesystems.yaml; else the user's answer to NAME, else a question for it
  (maple_flow.repair.resolve_sitedir).
- ``{unset_storage:name}`` / ``{unset_storage:value}``: a storage variable of another site
  (``$SCRATCH``, ``$WORK``) the script reads and the target does not set (the match's group
  ``var``, or the one its group ``path`` shows expanded empty), and what it should name there
  (maple_flow.repair.resolve_sitedir).
- ``{shifter_module:NAME}``: the script's Shifter ``#SBATCH --module`` list with the site
  module NAME (``_`` written for ``-``: ``nccl_plugin``) added, on a Shifter site, when the
  list has no module of NAME's kind (maple_flow.repair.resolve_shifter).
- ``{served_name:X}``: the model name in group X, when a vLLM serving line of the script loads
  that model under another served name or from a folder of that name
  (maple_flow.repair.patch_served_name).

An op with ``each: profile.PATH`` is repeated for every item of that list or mapping, with
``{item}`` (list) or ``{item.key}``/``{item.value}`` (mapping); ``each: m.NAME`` repeats it for
every word of the match's group NAME (the modules an Lmod message lists); ``each:
lmod:prerequisites`` repeats it for the modules of the first combination Lmod printed (group
``option``) that the refused modules (group ``refused``) need (maple_flow.repair.lmod_options).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from maple_flow.knowledge.directives import (
    INERT_DIRECTIVE,
    cpus_per_node,
    last_value,
    parse_directives,
)
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.models import ClusterProfile, Queue, format_walltime, walltime_seconds
from maple_flow.repair.lmod_options import option_prerequisites
from maple_flow.repair.models import OpTemplate
from maple_flow.repair.ops import FixOp
from maple_flow.repair.queue_request import queue_takes, script_request
from maple_flow.repair.resolve_account import sibling_account
from maple_flow.repair.resolve_bindpath import bind_list_without
from maple_flow.repair.resolve_conda import site_conda_module
from maple_flow.repair.resolve_dirvar import cache_fallback, dir_variable
from maple_flow.repair.resolve_env import forced_by_script
from maple_flow.repair.resolve_hostfile import written_hostfile
from maple_flow.repair.resolve_kept import gpus_kept, walltime_refused
from maple_flow.repair.resolve_longer import longer_queue, raised_walltime
from maple_flow.repair.resolve_named import Named, named
from maple_flow.repair.resolve_only_module import only_module
from maple_flow.repair.resolve_python import PYTHON_MODULE, python_module
from maple_flow.repair.resolve_qos import qos_partition
from maple_flow.repair.resolve_rankcap import rank_cap
from maple_flow.repair.resolve_sitedir import (
    site_scratch,
    storage_value,
    unset_storage_variable,
)
from maple_flow.repair.resolve_size import size_mended
from maple_flow.repair.resolve_slots import job_slots
from maple_flow.repair.resolve_slurm import respelled, version_spelling
from maple_flow.repair.resolve_step import (
    StepUnresolved,
    inherited_cpus_fit,
    step_cpus_per_task,
    step_shape,
)
from maple_flow.repair.resolve_taskshape import shape_value, task_shape
from maple_flow.repair.script_facts_ccl import mpi_launch_ccl_settings
from maple_flow.repair.unresolved import Unresolved as Unresolved
from maple_flow.units import size_mb

if TYPE_CHECKING:
    from maple_flow.repair.patch_launch import Option

_PLACEHOLDER = re.compile(r"\{([a-z_]+)([.:])([A-Za-z0-9_.]+)\}")


@cache
def _op_adapter() -> TypeAdapter[FixOp]:
    """The validator of one concrete op, built on first use (tens of ms: a diagnosis that
    makes no op, as a similarity hint, does not pay for it; s40)."""
    return TypeAdapter(FixOp)


KINDS = frozenset({"m", "m_opt", "profile", "module", "site_module", "mem", "queue", "walltime",
                   "nodes", "port_shift", "ask",
                   "item", "script", "select", "directive", "gcc_upto", "cuda_like",
                   "arg_with", "gpus", "cpus", "node_index", "master_addr", "launch",
                   "named_module", "task_var", "job_name", "bind", "ppr", "size",
                   "respell", "version_spelling", "step_tasks", "step_cpus", "gpu_request",
                   "disabled",
                   "node_type", "named", "one_node", "job_count", "per_device", "forced_env",
                   "conda_module", "dir_var", "cache_fallback", "account", "respelled",
                   "served_name", "command_line", "word_line", "serving_image", "slots",
                   "python_like", "site_libdir", "site_net_plugin", "task_shape",
                   "off_script", "site_scratch", "unset_storage", "shifter_module",
                   "bind_list", "hostfile", "site_no_proxy", "only_module"})
#: Module families that name the same thing at different sites.
_ALIASES = {"cuda": ("cuda", "cudatoolkit"), "cudatoolkit": ("cuda", "cudatoolkit"),
            "python": ("python", "python3"), "python3": ("python3", "python"),
            # Intel's compilers and runtime: the classic ``intel`` modules and oneAPI's (s36rl37)
            "oneapi": ("oneapi", "intel"), "intel": ("intel", "oneapi")}


@dataclass
class Context:
    """What placeholders are filled from."""

    groups: Mapping[str, str | None] = field(default_factory=dict)
    profile: ClusterProfile | None = None
    script: str = ""
    item: Any = None
    #: The user's values for ``{ask:NAME}`` placeholders (used as data, never re-parsed).
    answers: Mapping[str, str] = field(default_factory=dict)


def placeholders(text: str) -> list[tuple[str, str]]:
    """(kind, argument) of every placeholder in ``text``."""
    return [(m.group(1), m.group(3)) for m in _PLACEHOLDER.finditer(text)]


def _need_profile(ctx: Context) -> ClusterProfile:
    if ctx.profile is None:
        raise Unresolved("needs the cluster profile")
    return ctx.profile


def _profile_path(ctx: Context, path: str) -> Any:
    value: Any = _need_profile(ctx)
    for part in path.split("."):
        if isinstance(value, list | tuple):
            value = value[int(part)] if part.isdigit() and int(part) < len(value) else None
        elif isinstance(value, Mapping):
            value = value.get(part)
        else:
            value = getattr(value, part, None)
        if value is None:
            raise Unresolved(f"the profile has no {path}")
    return value


def _family(name: str) -> str:
    return name.split("/", 1)[0].lower()


def _family_modules(profile: ClusterProfile, family: str) -> tuple[list[str], list[str]]:
    """(loaded, available) modules of ``family`` (or its aliases) on ``profile``."""
    names = _ALIASES.get(family, (family,))
    loaded = [m for m in profile.software.modules if _family(m) in names]
    available = [m for m in profile.software.available_modules if _family(m) in names]
    return loaded, available


def _module(ctx: Context, arg: str) -> str:
    profile = _need_profile(ctx)
    wanted = ctx.groups.get(arg) or (arg if arg not in ctx.groups else None)
    if not wanted:
        raise Unresolved(f"no module name captured in {arg}")
    family = _family(wanted)
    loaded, available = _family_modules(profile, family)
    exact = [m for m in available if m.lower() == wanted.lower()]
    choices = exact or loaded or sorted(available, key=_version_key, reverse=True)
    if not choices:
        raise Unresolved(f"{profile.name} has no module of the {family} family")
    return choices[0]


def _site_module(ctx: Context, arg: str) -> str:
    profile = _need_profile(ctx)
    item = ctx.item.get("self") if arg == "item" and isinstance(ctx.item, Mapping) else None
    wanted = str(item or ctx.groups.get(arg) or "")
    if not wanted:
        raise Unresolved(f"no module name captured in {arg}")
    exact = [m for m in profile.software.available_modules if m.lower() == wanted.lower()]
    loaded, available = _family_modules(profile, _family(wanted))
    choices = exact or ([] if "/" in wanted else loaded or sorted(
        available, key=_version_key, reverse=True))
    if not choices:
        raise Unresolved(f"{profile.name}'s profile lists no module {wanted}")
    return choices[0]


def _named_module(ctx: Context, arg: str) -> str:
    """A module Lmod names as a prerequisite: the profile's module as ``{site_module:X}``
    finds it, else the name as Lmod wrote it (the site's modulefile declares it)."""
    try:
        return _site_module(ctx, arg)
    except Unresolved:
        item = ctx.item.get("self") if arg == "item" and isinstance(ctx.item, Mapping) else None
        wanted = str(item or ctx.groups.get(arg) or "")
        if not wanted:
            raise
        return wanted


def _version_key(name: str) -> tuple[int, tuple[int, ...], str]:
    version = name.split("/", 1)[1] if "/" in name else ""
    numbers = tuple(int(n) for n in re.findall(r"\d+", version))
    return (1 if version else 0, numbers, name)


def _script_request(ctx: Context) -> tuple[int, int | None, Queue]:
    nodes, seconds, _, queue = script_request(_need_profile(ctx), ctx.script)
    return nodes, seconds, queue


def _queue(ctx: Context, arg: str) -> str:
    profile = _need_profile(ctx)
    if arg == "default":
        return _default_taking(ctx)
    if arg == "qos_partition":  # a partition the script names as its QOS (s34ctr2)
        return qos_partition(ctx.script, profile)
    if arg == "partition":
        default = profile.queues.default_queue
        if default.kind != "partition":
            raise Unresolved(f"{profile.name}'s jobs name no partition (its queues are "
                             f"{default.kind}s)")
        return default.name
    nodes, seconds, current = _script_request(ctx)
    named = request_from_directives(parse_directives(ctx.script, profile.scheduler)).queue
    if arg in ("time", "size") and queue_takes(current, nodes, seconds) and (
            not named or profile.queues.get(named) is not None):
        # the job's own queue takes its walltime and nodes: another queue fixes no limit
        # of size or time (the limit hit is one the script does not set: ask, do not move)
        raise Unresolved(f"{current.name} takes {nodes} node(s) for that long already")
    gpus = _job_gpus(ctx)
    takes = [q for q in profile.queues.items if queue_takes(q, nodes, seconds, gpus)]
    # a queue the site does not have is replaced too, by the default when that one fits;
    # queues by request only (``auto: false``: preemptible, premium, on demand) never unasked
    others = [q for q in takes if q.auto and q.name != (named or current.name)]
    if not others:
        held = [q.name for q in takes if not q.auto and q.batch  # salloc-only: never a fix
                and q.name != (named or current.name)]
        also = f" (only {', '.join(held)}, which is by request only)" if held else ""
        raise Unresolved(f"no {profile.name} queue takes {nodes} node(s) for that long{also}")
    return min(others, key=lambda q: (q.max_walltime_seconds, q.max_nodes)).name


def _default_taking(ctx: Context) -> str:
    """The site's default queue, or where it does not take the script's nodes, walltime and
    GPUs, the smallest queue chosen unasked that does (a replaced queue must not break another
    line of the script: Perlmutter's debug QOS for a 2-hour job, s38precD)."""
    profile = _need_profile(ctx)
    default = profile.queues.default_queue
    nodes, seconds, _current = _script_request(ctx)
    gpus = _job_gpus(ctx)
    if queue_takes(default, nodes, seconds, gpus):
        return default.name
    takes = [q for q in profile.queues.items if q.auto and queue_takes(q, nodes, seconds, gpus)]
    if not takes:
        raise Unresolved(f"no {profile.name} queue chosen unasked takes {nodes} node(s) for "
                         "that long")
    return min(takes, key=lambda q: (q.max_walltime_seconds, q.max_nodes)).name


def _job_gpus(ctx: Context) -> int | None:
    """The GPUs a node the script's directives ask (None when they ask none)."""
    return script_request(_need_profile(ctx), ctx.script).gpus


#: A time value with a plain length that Slurm does not parse: a number (a float too), with an
#: optional unit; a bare number is minutes, as Slurm reads one.
_LOOSE_TIME = re.compile(
    r"^(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)?$",
    re.IGNORECASE)
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _walltime_mended(ctx: Context) -> str:
    """The script's unparsable Slurm time directive as ``HH:MM:SS`` (see the module doc)."""
    profile = _need_profile(ctx)
    if profile.scheduler != "slurm":
        raise Unresolved(f"{profile.name} does not run Slurm")
    value = last_value(parse_directives(ctx.script, "slurm"), "time")
    if value is None:
        raise Unresolved("the script sets no time directive: the bad value is not in it")
    try:
        walltime_seconds(value)
    except ValueError:
        pass
    else:
        raise Unresolved(f"the script's time {value!r} is valid: the bad value is elsewhere")
    plain = value.strip().strip("'\"")
    m = _LOOSE_TIME.match(plain)
    fields = plain.split(":")
    seconds = 0
    if m:
        unit = (m.group("unit") or "m").lower()[0]
        seconds = math.ceil(float(m.group("num")) * _UNIT_SECONDS[unit] / 60) * 60
    elif len(fields) in (2, 3) and all(re.fullmatch(r"\d+(?:\.\d+)?", f) for f in fields):
        # a fraction in a field (1.5:00:00): hours:minutes:seconds, or minutes:seconds
        weights = (3600, 60, 1) if len(fields) == 3 else (60, 1)
        total = sum(float(f) * w for f, w in zip(fields, weights, strict=True))
        seconds = math.ceil(total / 60) * 60
    if seconds <= 0:
        raise Unresolved(f"the time directive {value!r} gives no length", need="walltime")
    return format_walltime(min(seconds, _script_request(ctx)[2].max_walltime_seconds))


def _kept(ctx: Context, arg: str) -> str:
    """``{walltime:refused}`` / ``{gpus:kept}`` (resolve_kept)."""
    profile = _need_profile(ctx)
    if arg == "refused":
        return walltime_refused(profile, ctx.script)
    return str(gpus_kept(profile, ctx.script))


def _longer(ctx: Context, arg: str) -> str:
    """``{walltime:raised}`` / ``{queue:longer}`` (resolve_longer, s39rl47)."""
    limit = ctx.groups.get("limit")
    if arg == "raised":
        return raised_walltime(_need_profile(ctx), ctx.script, limit)
    return longer_queue(_need_profile(ctx), ctx.script, limit).name


def _walltime_cap(ctx: Context) -> str:
    """The script's walltime, cut to its queue's limit - unresolved when another queue the
    site gives unasked takes the job's nodes for its whole walltime: the record's queue move
    fixes the limit then, and a cut would end the moved job early."""
    nodes, seconds, queue = _script_request(ctx)
    limit = queue.max_walltime_seconds
    if seconds and seconds > limit:
        gpus = _job_gpus(ctx)
        others = [q.name for q in _need_profile(ctx).queues.items
                  if q.auto and q.name != queue.name and queue_takes(q, nodes, seconds, gpus)]
        if others:
            raise Unresolved(f"{', '.join(others)} takes {nodes} node(s) for "
                             f"{format_walltime(seconds)}: the job moves, its walltime stays")
    return format_walltime(min(seconds or limit, limit))


def _walltime_over(ctx: Context) -> str:
    """``{walltime:cap}``, only when the script's walltime is over its queue's limit: a refusal
    that names the queue's hours and size both is about the time only then (s35submit)."""
    _, seconds, queue = _script_request(ctx)
    if not seconds or seconds <= queue.max_walltime_seconds:
        raise Unresolved("the script's walltime is within its queue's limit")
    return _walltime_cap(ctx)


def _gpus_asked(ctx: Context) -> int:
    """The GPUs per node the script asks (kept when a node has them), else a node's GPUs."""
    profile = _need_profile(ctx)
    asked = request_from_directives(parse_directives(ctx.script, profile.scheduler))
    per_node = asked.gpus_per_node
    return per_node if per_node and per_node <= profile.gpu.per_node else profile.gpu.per_node


def _gpus_per_task_node(ctx: Context) -> int:
    """The GPUs per node a ``--gpus-per-task`` request gives a node's tasks (GPUs per task x
    tasks per node, at most a node's GPUs), when the script asks GPUs per task and none per
    node; unresolved otherwise."""
    profile = _need_profile(ctx)
    ds = parse_directives(ctx.script, profile.scheduler)
    per_task = re.findall(r"\d+", last_value(ds, "gpus-per-task") or "")
    if not per_task or request_from_directives(ds).gpus_per_node:
        raise Unresolved("the script asks no GPUs per task, or asks GPUs per node already")
    tasks = re.match(r"\d+", last_value(ds, "ntasks-per-node") or "")
    nodes = re.match(r"\d+", last_value(ds, "nodes") or "1")
    total = re.match(r"\d+", last_value(ds, "ntasks") or "")
    per_node = int(tasks.group()) if tasks else (
        -(-int(total.group()) // int(nodes.group())) if total and nodes else 0)
    if not per_node:
        raise Unresolved("the script says no task count to multiply its GPUs per task by")
    return min(int(per_task[-1]) * per_node, profile.gpu.per_node)


def _gpus_requested(ctx: Context) -> int:
    """How many GPUs the program asked for in the log's list (group ``asked``, e.g.
    Lightning's ``You requested gpu: [0, 1, 2, 3]``), when that is more than the GPUs per node
    the script asks and a node has that many; unresolved otherwise (the job has the GPUs)."""
    profile = _need_profile(ctx)
    listed = re.findall(r"\d+", ctx.groups.get("asked") or "")
    if not listed:
        raise Unresolved("the log lists no requested GPUs")
    wanted = len(listed)
    asked = request_from_directives(
        parse_directives(ctx.script, profile.scheduler)).gpus_per_node or 0
    if wanted <= asked:
        raise Unresolved(f"the script asks {asked} GPU(s) per node already")
    if wanted > profile.gpu.per_node:
        raise Unresolved(f"{profile.name}'s nodes have {profile.gpu.per_node} GPUs, "
                         f"fewer than the {wanted} the program asks")
    return wanted


def _gpus_fit(ctx: Context) -> int:
    """A node's GPUs, only when the script asks more GPUs per node than a node has (its
    directives, else the ranks its launch line starts on a node, read by scriptparse)."""
    profile = _need_profile(ctx)
    per_node = request_from_directives(
        parse_directives(ctx.script, profile.scheduler)).gpus_per_node or _launch_per_node(ctx)
    if not per_node or per_node <= profile.gpu.per_node:
        raise Unresolved(f"the script's GPUs per node fit {profile.name}'s nodes")
    return profile.gpu.per_node


def _launch_per_node(ctx: Context) -> int | None:
    """The ranks per node the script's launch line starts (scriptparse), or None."""
    from maple_flow.errors import MapleError
    from maple_flow.scriptparse import parse_script
    from maple_flow.scriptparse.facts import job_size

    try:
        return job_size(parse_script(ctx.script))[1]
    except MapleError:
        return None


def _gpus_ranks(ctx: Context) -> int:
    """The ranks per node the script starts (scriptparse: directives, then the launch line)
    when a node has that many GPUs; else a node's GPUs."""
    per_node, limit = _launch_per_node(ctx), _need_profile(ctx).gpu.per_node
    return per_node if per_node and per_node <= limit else limit


def _gpus_asked_job(ctx: Context) -> int:
    """The job's GPUs: a plain ``--gpus=N`` as written, else nodes x GPUs asked per node."""
    total = [d.value for d in parse_directives(ctx.script, _need_profile(ctx).scheduler)
             if d.option == "gpus" and d.value and re.fullmatch(r"\d+", d.value)]
    return int(total[-1]) if total else _script_request(ctx)[0] * _gpus_asked(ctx)


def _per_device(ctx: Context, arg: str) -> str:
    """``{per_device:tasks}`` / ``{per_device:cpus}`` (module docstring)."""
    profile = _need_profile(ctx)
    devices = int(ctx.groups.get("devices") or 0)
    ds = parse_directives(ctx.script, profile.scheduler)
    per_node = request_from_directives(ds).gpus_per_node or 0
    if not devices or devices != per_node or devices > profile.gpu.per_node:
        raise Unresolved(f"the program's {devices} device(s) per node are not the "
                         f"{per_node} GPU(s) per node the script asks")
    step = _step_options(ctx.script, "srun") or []
    if any(o.name in ("-n", "--ntasks", "--ntasks-per-node", "--tasks-per-node") for o in step):
        raise Unresolved("the srun step sets its own task count")
    if arg == "tasks":
        return str(devices)
    cpus = re.fullmatch(r"\d+", last_value(ds, "cpus-per-task") or "")
    if arg != "cpus" or not cpus:
        raise Unresolved("the script asks no CPUs per task")
    return str(min(int(cpus.group()), profile.node.cpus // devices))


def _mem_all(ctx: Context, arg: str) -> str:
    if arg == "node":
        return _mem_node(ctx)
    if arg == "per_cpu":
        return _mem_per_cpu(ctx)
    if arg == "double":
        return _mem_double(ctx)
    if arg == "share":
        return _mem_share(ctx)
    profile = _need_profile(ctx)
    values = [d.value for d in parse_directives(ctx.script, profile.scheduler)
              if d.option == "mem" and d.value]
    asked_mb = size_mb(values[-1], "slurm") if values else None
    if asked_mb is None:
        raise Unresolved("the script asks no memory per node as a size")
    if asked_mb <= profile.node.memory_gb * 1024:
        raise Unresolved(f"{values[-1]} fits {profile.name}'s {profile.node.memory_gb} GB nodes")
    return "0"


def _asked_mb_per_node(ctx: Context) -> float | None:
    """The memory per node the script's directives ask (``--mem``, or ``--mem-per-cpu`` x its
    CPUs per node, or ``--mem-per-gpu`` x its GPUs per node); None when they ask none."""
    profile = _need_profile(ctx)
    ds = parse_directives(ctx.script, profile.scheduler)
    asked = {d.option: d.value for d in ds}
    per_unit = {"mem": 1, "mem-per-gpu": request_from_directives(ds).gpus_per_node or 1,
                "mem-per-cpu": cpus_per_node(ds) or 1}
    for option, units in per_unit.items():
        size = size_mb(asked.get(option), "slurm") if option in asked else None
        if size is not None:
            return size * units
    return None


def _mem_double(ctx: Context) -> str:
    """Twice the memory per node the script's ``--mem`` asks, at most a node of the profile's
    memory (written ``0``, the whole node, when twice is more), in whole megabytes or
    gigabytes; unresolved when the script asks no ``--mem`` size or already a whole node."""
    profile = _need_profile(ctx)
    values = [d.value for d in parse_directives(ctx.script, profile.scheduler)
              if d.option == "mem" and d.value]
    asked = size_mb(values[-1], "slurm") if values else None
    if not asked:
        raise Unresolved("the script asks no memory per node (--mem) as a size")
    node_mb = profile.node.memory_gb * 1024
    if asked >= node_mb:
        raise Unresolved(f"the script already asks all of a {profile.name} node's memory")
    doubled = 2 * asked
    if doubled >= node_mb:
        return "0"
    if doubled >= 1024 and doubled % 1024 == 0:
        return f"{int(doubled // 1024)}G"
    return f"{int(doubled)}M"


def _mem_per_cpu(ctx: Context) -> str:
    """The script's memory per node written per CPU, in whole megabytes."""
    asked = _asked_mb_per_node(ctx)
    if not asked:
        raise Unresolved("the script asks no memory per node as a size")
    cpus = cpus_per_node(parse_directives(ctx.script, _need_profile(ctx).scheduler)) or 1
    return f"{max(1, int(asked // cpus))}M"


def _mem_share(ctx: Context) -> str:
    """The memory the job's GPUs come with on a shared node of the profile
    (``partial_share.memory_mb_per_gpu`` x its GPUs per node, in megabytes: ``59604M``), for
    a Slurm job that asks no memory (so it runs on the site's small per-CPU default);
    unresolved when the site documents no such share, the job asks memory or no GPUs."""
    profile = _need_profile(ctx)
    share = profile.directives.partial_share
    if profile.scheduler != "slurm" or share is None or not share.memory_mb_per_gpu:
        raise Unresolved(f"{profile.name} documents no memory share per GPU")
    if _asked_mb_per_node(ctx) is not None:
        raise Unresolved("the script already asks memory")
    gpus = request_from_directives(parse_directives(ctx.script, profile.scheduler)).gpus_per_node
    if not gpus:
        raise Unresolved("the job asks no GPUs a node: its share of the node is not known")
    return f"{share.memory_mb_per_gpu * gpus}M"


def _mem_node(ctx: Context) -> str:
    """``0`` (each node's whole memory) when the script asks less memory per node than a node
    of the profile has, or none (the site's per-CPU default); unresolved when it already asks
    a whole node's memory (more is not there to give)."""
    profile = _need_profile(ctx)
    asked = _asked_mb_per_node(ctx)
    if asked is not None and (asked == 0 or asked >= profile.node.memory_gb * 1024):
        raise Unresolved(f"the script already asks all of a {profile.name} node's memory")
    return "0"


def _script_int(ctx: Context, name: str) -> str:
    m = re.search(rf"^\s*(?:export\s+)?{re.escape(name)}=(\d+)\s*$", ctx.script, re.M)
    if not m:
        raise Unresolved(f"the script sets no {name}=<number>")
    return m.group(1)


def _required_value(ctx: Context, option: str) -> str:
    profile = _need_profile(ctx)
    prefix = "#PBS" if profile.scheduler == "pbs" else "#SBATCH"
    for rule in profile.directives.required:
        if rule.option == option and rule.render:
            found = parse_directives(f"{prefix} {rule.render}\n", profile.scheduler)
            values = [d.value for d in found if d.option == option and d.value]
            if values:
                return values[-1]
    raise Unresolved(f"{profile.name} has no rule that writes {option}")


def _job_nodes(ctx: Context) -> str:
    """The job's node count: its directive, else what its launch line starts (scriptparse),
    else one (the scheduler's default for a script that says neither)."""
    if ctx.answers.get("nodes"):
        return str(ctx.answers["nodes"])
    profile = _need_profile(ctx)
    nodes = request_from_directives(parse_directives(ctx.script, profile.scheduler)).nodes
    if not nodes:
        from maple_flow.errors import MapleError
        from maple_flow.scriptparse import parse_script
        from maple_flow.scriptparse.facts import job_size

        try:
            nodes = job_size(parse_script(ctx.script))[0]
        except MapleError:
            nodes = None
    return str(nodes or 1)


def _one_node(ctx: Context, value: str) -> str:
    """``value`` when the job runs on one node (``{nodes:job}`` reads 1), else unresolved: a
    fix that only a one-node job lacks (Slingshot's single-node network VNI) is never offered
    to a job of several nodes, whose same message has another cause."""
    nodes = _job_nodes(ctx)
    if nodes != "1":
        raise Unresolved(f"the job runs on {nodes} nodes; {value} is what a one-node job lacks")
    return value


def _job_count(ctx: Context, arg: str) -> str:
    """``{job_count:X}``: the job's own whole-number directive for the srun option in group X
    (``#SBATCH --cpus-per-task=64`` for ``--cpus-per-task``), only when the script's srun line
    gives that option a shell variable (one that expanded empty: ``Invalid numeric value ""``);
    unresolved otherwise (the user must say which count was meant)."""
    from maple_flow.scriptparse.spellings import spellings

    option = (ctx.groups.get(arg) or "").lstrip("-")
    value = last_value(parse_directives(ctx.script, "slurm"), option) if option else None
    if not value or not value.isdigit():
        raise Unresolved(f"the job gives no whole-number --{option} of its own")
    names = spellings("srun", f"--{option}")
    if not any(o.name in names and o.value and "$" in o.value
               for o in _step_options(ctx.script, "srun") or []):
        raise Unresolved(f"the script's srun line gives --{option} no shell variable")
    return value


def _script_nodes(ctx: Context) -> str:
    """The script's node count: its select chunk count, a Torque ``nodes=N``, or NNODES=."""
    directives = parse_directives(ctx.script, "pbs")
    nodes = request_from_directives(directives).nodes
    torque = [m.group(1) for d in directives if d.option == "nodes"
              if (m := re.match(r"(\d+)(?::|$)", d.value or ""))]
    if nodes:
        return str(nodes)
    if torque:
        return torque[-1]
    if "NNODES=" in ctx.script:
        return _script_int(ctx, "NNODES")
    raise Unresolved("the script gives no node count", need="nodes")


def _select(ctx: Context) -> str:
    nodes = ctx.answers.get("nodes") or _script_nodes(ctx)
    try:
        suffix = re.sub(r"^\d+", "", _required_value(ctx, "select"))
    except Unresolved:
        suffix = ""
    return f"{nodes}{suffix}"


def _numbers(name: str) -> list[int]:
    version = name.split("/", 1)[1] if "/" in name else ""
    return [int(n) for n in re.findall(r"\d+", version)]


def _gcc_upto(ctx: Context, arg: str) -> str:
    limit = int(ctx.groups.get(arg) or 0)
    _, available = _family_modules(_need_profile(ctx), "gcc")
    fits = [m for m in available if _numbers(m) and _numbers(m)[0] <= limit]
    if not fits:
        raise Unresolved(f"no gcc module of version {limit} or older")
    return max(fits, key=_version_key)


def _python_like(ctx: Context, arg: str) -> str:
    """The site's module of the venv's Python version; where the site lists none of that
    version, the user's answer ``python_module`` (asked for, naming the version: s36rl3536)."""
    profile = _need_profile(ctx)
    try:
        return python_module(list(profile.software.available_modules),
                             list(profile.software.modules), ctx.groups.get(arg) or "")
    except ValueError as exc:
        if ctx.answers.get(PYTHON_MODULE):
            return str(ctx.answers[PYTHON_MODULE])
        need = PYTHON_MODULE if ctx.groups.get(arg) else ""
        raise Unresolved(str(exc), need=need) from None


def _cuda_like(ctx: Context, arg: str) -> str:
    wanted = [int(n) for n in re.findall(r"\d+", ctx.groups.get(arg) or "")]
    if not wanted:
        raise Unresolved(f"the log gave no CUDA version in {arg}")
    _, available = _family_modules(_need_profile(ctx), "cuda")
    for size in (2, 1):
        hits = [m for m in available if _numbers(m)[:size] == wanted[:size]]
        if hits:
            return max(hits, key=_version_key)
    raise Unresolved(f"no CUDA module of version {'.'.join(map(str, wanted))}")


def _arg_with(ctx: Context, arg: str) -> str:
    from maple_flow.errors import MapleError
    from maple_flow.scriptparse import parse_script

    value = ctx.groups.get(arg)
    try:
        args = parse_script(ctx.script).launch.args if value else []
    except MapleError:
        args = []
    for i, word in enumerate(args):
        name, eq, attached = word.partition("=")
        given = attached if eq else (args[i + 1] if i + 1 < len(args) else "")
        if word.startswith("-") and given and names_logged_path(given, value or ""):
            return name
    raise Unresolved(f"no program argument has the value {value!r}")


def names_logged_path(given: str, logged: str) -> bool:
    """Whether an argument's value ``given`` is the path an error names: the same text, or a
    relative path (``../config/a.yaml``) the program made absolute against its working
    directory - the logged absolute path ends with its part below the ``./``/``../`` steps,
    a folder and a file at least (s34rl33)."""
    if given == logged:
        return True
    if given.startswith("/") or not logged.startswith("/"):
        return False
    rest = re.sub(r"^(?:\.\.?/)+", "", given)
    return "/" in rest and ".." not in rest.split("/") and logged.endswith("/" + rest)


def _task_var(ctx: Context, arg: str) -> str:
    """The name (``name``) or value (``value``) of a variable the launch line's single-quoted
    ``bash -c`` body reads that the script sets without exporting (patch_env)."""
    from maple_flow.errors import MapleError
    from maple_flow.repair.patch_env import unexported_task_variable

    try:
        found = unexported_task_variable(ctx.script)
    except MapleError:
        found = None
    if found is None:
        raise Unresolved("no variable the tasks read is set without export")
    return found[0] if arg == "name" else found[1]


def _cpus_asked(ctx: Context) -> str:
    """The CPUs per task the script's own directive asks (``--cpus-per-task``/``-c``, a
    number); unresolved when it asks none."""
    profile = _need_profile(ctx)
    values = [d.value for d in parse_directives(ctx.script, profile.scheduler)
              if d.option == "cpus-per-task" and d.value]
    if not values or not values[-1].isdigit():
        raise Unresolved("the script asks no number of CPUs per task")
    return values[-1]


def _cpus_per_task(ctx: Context, arg: str) -> str:
    profile = _need_profile(ctx)
    if arg == "asked":
        return _cpus_asked(ctx)
    if arg != "per_task":
        raise Unresolved(f"unknown cpus placeholder {arg}")
    asked = {d.option: d.value for d in parse_directives(ctx.script, profile.scheduler)}
    try:
        tasks = int(asked.get("ntasks-per-node") or 1)
        cpus = int(asked.get("cpus-per-task") or 1)
    except ValueError as exc:
        raise Unresolved(f"the script's tasks or CPUs are not numbers: {exc}") from None
    node = profile.node.cpus  # as Slurm counts them: hardware threads
    if tasks * cpus <= node:
        raise Unresolved(f"{tasks} task(s) x {cpus} CPU(s) fit {profile.name}'s {node} CPUs")
    if tasks > node:
        raise Unresolved(f"{tasks} tasks per node exceed {profile.name}'s {node} CPUs")
    return str(node // tasks)


def _node_index(ctx: Context, stage: str) -> str:
    from maple_flow.repair.patch_launch import node_index_in_task
    from maple_flow.repair.text import FixNotApplicable

    try:
        return node_index_in_task(ctx.script, stage)
    except FixNotApplicable as exc:
        raise Unresolved(str(exc)) from None


def _master_addr(ctx: Context, arg: str) -> str:
    """``true`` when the script's MASTER_ADDR names the job's first node by host name."""
    from maple_flow.repair.patch_env import master_addr_named
    from maple_flow.repair.text import FixNotApplicable

    if arg != "named":
        raise Unresolved(f"unknown master_addr placeholder {arg}")
    try:
        named = master_addr_named(ctx.script, ctx.profile.scheduler if ctx.profile else None)
    except FixNotApplicable as exc:
        raise Unresolved(str(exc)) from None
    return "true" if named else "false"


def _launch(ctx: Context, arg: str) -> str:
    """``mpiexec`` or ``mpirun``: the MPI launcher the script's launch line runs; ``python``
    / ``python_line``: the Python interpreter it starts and its line."""
    from maple_flow.errors import MapleError
    from maple_flow.repair.layout import find_launch
    from maple_flow.repair.patch_launch import stage_start

    if arg in ("python", "python_line"):
        from maple_flow.repair.resolve_launch_python import launch_python
        found = launch_python(ctx.script)
        if found is None:
            raise Unresolved("the launch line starts no Python interpreter")
        return found[1] if arg == "python" else str(found[0])
    if arg != "mpi":
        raise Unresolved(f"unknown launch placeholder {arg}")
    try:
        words = find_launch(ctx.script).words
    except MapleError as exc:
        raise Unresolved(str(exc)) from None
    for stage in ("mpiexec", "mpirun"):
        if stage_start(words, stage) is not None:
            return stage
    raise Unresolved("the launch line runs neither mpiexec nor mpirun")


def _bind_overload(ctx: Context, arg: str) -> str:
    """The MPI launch line's ``--bind-to`` unit with Open MPI's ``overload-allowed``
    qualifier (``core`` when the line binds by default): unresolved when the line binds to
    nothing or allows overloading already."""
    from maple_flow.errors import MapleError
    from maple_flow.repair.patch_launch import stage_options

    if arg != "overload":
        raise Unresolved(f"unknown bind placeholder {arg}")
    stage = _launch(ctx, "mpi")
    try:
        options = stage_options(ctx.script, stage)
    except MapleError as exc:
        raise Unresolved(str(exc)) from None
    bound = [o.value for o in options if o.name.lstrip("-") == "bind-to" and o.value]
    unit, _, qualifiers = (bound[-1] if bound else "core").partition(":")
    if unit == "none" or "overload-allowed" in qualifiers:
        raise Unresolved(f"the {stage} line binds to {bound[-1]!r}: overloading is not refused")
    return f"{unit}:{qualifiers},overload-allowed" if qualifiers else f"{unit}:overload-allowed"


#: The longest job name PBS versions before 13 take (``qsub -N``: "up to 15 alphanumeric
#: characters ... where the first character is alphabetic", POSIX qsub).
_PBS_NAME_MAX = 15


def _valid_job_name(ctx: Context, arg: str) -> str:
    """``{job_name:valid}``: the job's name as every PBS takes it (letters, digits, '_', at
    most 15, a letter first); ``{job_name:plain}``: the script's -J name with every character
    but letters, digits, '_', '.' and '-' respelled '_' (a Slurm submit filter's rule)."""
    if arg not in ("valid", "plain"):
        raise Unresolved(f"unknown job_name placeholder {arg}")
    scheduler = ctx.profile.scheduler if ctx.profile is not None else (
        "pbs" if re.search(r"(?m)^#PBS\b", ctx.script) else "slurm")
    names = [d.value for d in parse_directives(ctx.script, scheduler)
             if d.option == "job-name" and d.value]
    current = names[-1] if names else None
    if arg == "plain":
        return _plain_job_name(current)
    word = re.sub(r"[^A-Za-z0-9_]+", "_", current or "job").strip("_")
    word = re.sub(r"^[^A-Za-z]+", "", word)[:_PBS_NAME_MAX].rstrip("_") or "job"
    if current is not None and word == current:
        raise Unresolved(f"the job name {current!r} is already one every PBS takes")
    return word


def _plain_job_name(current: str | None) -> str:
    if current is None:
        raise Unresolved("the script names no job (-J): the job takes the script file's name, "
                         "which only the user can rename")
    word = re.sub(r"[^A-Za-z0-9_.-]+", "_", current).strip("_") or "job"
    if word == current:
        raise Unresolved(f"the job name {current!r} has no character to respell")
    return word


def _ppr_ranks(ctx: Context, arg: str) -> str:
    """The ranks a ppr:N:node mapping places on the job's nodes, when fewer than asked."""
    per_node, procs = ctx.groups.get("ppr"), ctx.groups.get("procs")
    if arg != "ranks" or not per_node or not procs:
        raise Unresolved("the log gave no ppr and process count")
    total = int(per_node) * int(_job_nodes(ctx))
    if int(procs) <= total:
        raise Unresolved(f"{procs} processes fit {total} ppr slots: the mapper refused, "
                         "not the count")
    return str(total)


def _named(ctx: Context, arg: str) -> str:
    """``{named:X}``: a value a scheduler's rejection names (maple_flow.repair.resolve_named)."""
    return named(Named(ctx.groups, ctx.answers, ctx.script, lambda: _job_nodes(ctx)), arg)


def _size_mended(ctx: Context, arg: str) -> str:
    """``{size:X}``: the memory directive group X names, as sbatch reads a size
    (maple_flow.repair.resolve_size)."""
    return size_mended(dict(ctx.groups), ctx.script, arg)


def _respell(ctx: Context, arg: str) -> str:
    """``{respell:X}``: the Slurm option group X misspells; ``{respell:X.value}``: the value
    of the script's directive of that name (maple_flow.repair.resolve_slurm)."""
    return respelled(ctx.groups, ctx.script, arg)


def _version_spelling(ctx: Context, arg: str) -> str:
    """``{version_spelling:X}``: how to write a Slurm option that another Slurm version
    spells otherwise (maple_flow.repair.resolve_slurm.version_spelling)."""
    return version_spelling(ctx.groups, arg)


def _step_tasks(ctx: Context, arg: str) -> str:
    """``{step_tasks:srun}``: the task count the script's srun step asks (``-n``/``--ntasks``,
    a literal, found through the launch line) when the job's directives give fewer tasks
    (``--ntasks``, else one a node: Slurm's default); unresolved when the step fits, when it
    reads its count from a variable, or when the job sets tasks per node (then the count is
    the user's choice of layout)."""
    options = _step_options(ctx.script, arg or "srun")
    if options is None:
        raise Unresolved("the script has no srun step")
    asked = [o.value for o in options if o.name in ("-n", "--ntasks") and o.value]
    if not asked or not asked[-1].isdigit():
        raise Unresolved("the srun step gives no literal task count")
    ds = parse_directives(ctx.script, "slurm")
    if last_value(ds, "ntasks-per-node"):
        raise Unresolved("the job sets its tasks per node")
    total = re.fullmatch(r"\d+", last_value(ds, "ntasks") or "")
    nodes = re.match(r"\d+", last_value(ds, "nodes") or "1")
    job = int(total.group()) if total else int(nodes.group()) if nodes else 1
    if int(asked[-1]) <= job:
        raise Unresolved("the srun step's tasks fit the job's")
    if _inherits_cpus(ctx.script, options, asked[-1]):
        raise Unresolved("the step's tasks fit the job's CPUs: it inherits the job's CPUs "
                         "per task (step_cpus)")
    return asked[-1]


def _inherits_cpus(script: str, options: list[Option], asked: str) -> bool:
    """Whether the srun step is refused only for the job's CPUs per task it inherits
    (maple_flow.repair.resolve_step)."""
    given = any(o.name in ("-c", "--cpus-per-task") for o in options)
    try:
        return inherited_cpus_fit(step_shape(script, asked, given))
    except StepUnresolved:
        return False


def _step_cpus(ctx: Context, arg: str) -> str:
    """``{step_cpus:srun}``: the CPUs per task that make the script's srun step (a literal
    ``-n``) fit the job's CPUs when it is refused only for the ``--cpus-per-task`` it inherits
    from the job (maple_flow.repair.resolve_step.step_cpus_per_task)."""
    options = _step_options(ctx.script, arg or "srun")
    if options is None:
        raise Unresolved("the script has no srun step")
    asked = [o.value for o in options if o.name in ("-n", "--ntasks") and o.value]
    given = any(o.name in ("-c", "--cpus-per-task") for o in options)
    return step_cpus_per_task(step_shape(ctx.script, asked[-1] if asked else None, given))


def _node_type(ctx: Context, arg: str) -> str:
    """``{node_type:job}``: the node type (constraint) the job runs on, for a site whose submit
    filter refuses a job that names none: the GPU nodes' required constraint when the job asks
    GPUs (directives or its srun line), else the profile's CPU-node constraint; unresolved (the
    user says which) when the profile gives none."""
    profile = _need_profile(ctx)
    if profile.scheduler != "slurm":
        raise Unresolved(f"{profile.name} does not run Slurm")
    srun_gpus = [o for o in _step_options(ctx.script, "srun") or []
                 if o.name.lstrip("-") in ("gres", "gpus", "gpus-per-node", "gpus-per-task", "G")]
    if _job_gpus(ctx) or srun_gpus:
        return _required_value(ctx, "constraint")
    if profile.directives.cpu_constraint:
        return profile.directives.cpu_constraint
    raise Unresolved(f"{profile.name}'s profile names no CPU-node constraint", need="constraint")


def _disabled_directive(ctx: Context, arg: str) -> str:
    """``{disabled:ntasks}``: the value of the script's directive ``arg`` that is written as a
    comment (``# SBATCH --ntasks=16``, ``# SBATCH -n 16``), when no live directive gives it;
    unresolved otherwise (an answer given with ``--answer OPT=VALUE`` is used)."""
    if last_value(parse_directives(ctx.script, "slurm"), arg):
        raise Unresolved(f"the script already sets --{arg}")
    values = []
    for m in INERT_DIRECTIVE.finditer(ctx.script):
        if m.group(1) != "SBATCH":
            continue
        for d in parse_directives("#SBATCH " + m.group(2), "slurm"):
            if d.option == arg and d.value:
                values.append(d.value)
    if len(set(values)) != 1:
        if arg in ctx.answers:
            return ctx.answers[arg]
        # no question: another record of the same refusal may apply without the user (TACC's
        # filter asks -N and -n together; the node count is fixed first)
        raise Unresolved(f"the script gives no --{arg}, live or commented out")
    return values[0]


#: Slurm directives that ask GPUs; ``gpu`` is sbatch's abbreviation of ``--gpus``.
_GPU_REQUESTS = ("gres", "gpus", "gpu", "gpus-per-node", "gpus-per-task", "gpus-per-socket")


def _gpu_typed(option: str, value: str) -> bool | None:
    """Whether a GPU request names a GPU type (``gpu:a100:4``, ``a100:4``); None when the
    directive asks no GPUs (``--gres=nvme:1``)."""
    parts = [p for p in value.split(",") if p]
    if option == "gres":
        gpus = [p.split(":") for p in parts if p.split(":")[0] == "gpu"]
        return None if not gpus else any(len(g) > 2 or (len(g) == 2 and not g[1].isdigit())
                                         for g in gpus)
    return any(":" in p for p in parts)


def _gpu_request(ctx: Context, arg: str) -> str:
    """``{gpu_request:untyped}``: the directive of the job's GPU request that names no type
    when another of its GPU requests names one (Slurm: "with and without type
    identification"); unresolved unless exactly one such untyped directive is written.

    A script whose GPU requests are all untyped (one option) got the typed one from outside
    it - the submit command or an SBATCH_* variable (s37empty) - and Slurm says the job had
    both: the script's untyped request is the one to drop (the typed one carries type and
    count). A script with a typed request of a kind Slurm cannot mix and no untyped one (the
    site's submit plugin adds it) is left alone."""
    requests = [(d.option, d.value) for d in parse_directives(ctx.script, "slurm")
                if d.option in _GPU_REQUESTS and d.value]
    requests += _srun_gpu_requests(ctx.script)
    kinds: dict[str, set[bool | None]] = {}
    for option, value in requests:
        kinds.setdefault(option, set()).add(_gpu_typed(option, value))
    typed = [o for o, t in kinds.items() if True in t]
    untyped = [o for o, t in kinds.items() if t == {False}]
    if arg != "untyped" or len(untyped) != 1 or (not typed and len(kinds) != 1):
        raise Unresolved("the job's GPU requests are not one typed and one untyped")
    return untyped[0]


def _srun_gpu_requests(script: str) -> list[tuple[str, str]]:
    """The GPU requests of the script's srun step (``srun --gres=gpu:4 ...``) as (option,
    value): removing the option removes it there too (patch ``_STEP_OPTIONS``)."""
    return [(o.name.lstrip("-"), o.value) for o in _step_options(script, "srun") or []
            if o.name.lstrip("-") in ("gres", "gpus", "gpus-per-node") and o.value]


def _step_options(script: str, launcher: str) -> list[Option] | None:
    """The options of the script's ``launcher`` step (patch_launch.stage_options), or None
    when the script has no such step."""
    from maple_flow.errors import MapleError
    from maple_flow.repair import patch_launch as pl

    try:
        return pl.stage_options(script, launcher)
    except (MapleError, ValueError):
        return None


def _bind_list(ctx: Context, arg: str) -> str:
    """``{bind_list:line|old|new}``: the line of the bind list the script exports with the
    source the log's ``src`` group names, that list, or the list without it
    (resolve_bindpath, s37rl43)."""
    source = ctx.groups.get("src")
    if not source:
        raise Unresolved("the log gave no bind source")
    line, old, new = bind_list_without(ctx.script, source)
    return {"line": str(line), "old": old}.get(arg, new)


def _forced_env(ctx: Context, arg: str) -> str:
    """``{forced_env:NAME.group}``: NAME when a line of the script sets it to the value the
    log captured in ``group`` and the site does not document that value
    (maple_flow.repair.resolve_env.forced_by_script); else unresolved with the reason."""
    name, _, group = arg.partition(".")
    value = ctx.groups.get(group or "value")
    if not value:
        raise Unresolved(f"the log gave no value of {name}")
    profile = ctx.profile
    site_env = dict(profile.network.env) if profile is not None else {}
    site = profile.name if profile is not None else "the site"
    return forced_by_script(ctx.script, name, value, site_env, site)


def _conda_module(ctx: Context, arg: str) -> str:
    """``{conda_module:site}``: the site's module that gives conda, for a script whose own line
    runs it (maple_flow.repair.resolve_conda.site_conda_module); else unresolved with the
    reason."""
    profile = _need_profile(ctx)
    return site_conda_module(ctx.script, profile.software.modules,
                             profile.software.available_modules, profile.name)


def _dir_var(ctx: Context, arg: str) -> str:
    """``{dir_var:group}``: the variable of the script that names the folder the log captured
    in ``group`` (maple_flow.repair.resolve_dirvar.dir_variable); else unresolved."""
    return _path_var(ctx, arg, dir_variable)


def _cache_fallback(ctx: Context, arg: str) -> str:
    """``{cache_fallback:group}``: the library cache variable naming that folder whose default
    lies under a folder the script sets (resolve_dirvar.cache_fallback); else unresolved."""
    return _path_var(ctx, arg, cache_fallback)


def _path_var(ctx: Context, arg: str, find: Callable[[str, str], str]) -> str:
    path = ctx.groups.get(arg or "path")
    if not path:
        raise Unresolved("the log gave no path")
    return find(ctx.script, path)


def _account(ctx: Context, arg: str) -> str:
    """``{account:sibling}``: the script's account with the suffix of the profile's GPU
    account form (resolve_account.sibling_account); else unresolved."""
    if arg != "sibling":
        raise Unresolved(f"unknown account placeholder {arg}")
    return sibling_account(ctx.script, ctx.profile)


def _hostfile(ctx: Context, arg: str) -> str:
    """``{hostfile:NAME}``: the file the script writes its node list into, where the launch
    line names another; else the answer to NAME, else a question (resolve_hostfile)."""
    return written_hostfile(ctx.script, arg, dict(ctx.answers))


def _site_scratch(ctx: Context, arg: str) -> str:
    """``{site_scratch:NAME}``: the site's scratch variable (``$SCRATCH``), else the user's
    answer to NAME, else a question for it (maple_flow.repair.resolve_sitedir)."""
    from maple_flow.knowledge.filesystems import target_storage

    storage = target_storage(ctx.profile.id) if ctx.profile is not None else None
    site = ctx.profile.name if ctx.profile is not None else "the site"
    return site_scratch(storage.variables if storage else [], arg, dict(ctx.answers), site)


def _unset_storage(ctx: Context, arg: str) -> str:
    """``{unset_storage:name}``: the storage variable the site does not set that the script
    reads (the match's group ``var``, or the one its group ``path`` shows expanded empty);
    ``{unset_storage:value}``: what it should name there (the site's scratch variable for a
    scratch area, else a question for ``storage_dir``; maple_flow.repair.resolve_sitedir)."""
    from maple_flow.knowledge.filesystems import storage_variable_names, target_storage

    profile = _need_profile(ctx)
    storage = target_storage(profile.id)
    site_vars = storage.variables if storage else []
    logged = ctx.groups.get("var") or ctx.groups.get("path") or ""
    var = unset_storage_variable(ctx.script, logged, storage_variable_names(), site_vars,
                                 profile.name)
    if arg == "name":
        return var
    return storage_value(var, site_vars, "storage_dir", dict(ctx.answers), profile.name)


def _off_script(ctx: Context, arg: str) -> str:
    """``{off_script:X}``: the word in group X, only when no line of the script holds it nor
    any command the log (group ``rest``, after the match) also reports not found (a command
    the job's program starts, not one the script runs); unresolved otherwise."""
    from maple_flow.repair.patch_command import word_line

    word = ctx.groups.get(arg) or ""
    later = re.findall(r"(?:^|[\s:])([A-Za-z][\w.+-]*): command not found",
                       ctx.groups.get("rest") or "", re.M)
    held = [w for w in [word, *later] if w and word_line(ctx.script, w) is not None]
    if not word or held:
        raise Unresolved(f"a line of the script holds {held[0] if held else arg}")
    return word


def _task_shape(ctx: Context, arg: str) -> str:
    """``{task_shape:ARG}``: the uniform per-node shape of a job whose GPUs are asked per task
    or as a job total over a node range (resolve_taskshape); else unresolved."""
    return shape_value(task_shape(ctx.script, _need_profile(ctx)), arg)


def _respelled(ctx: Context, arg: str) -> str:
    """``{respelled:X}``: the known command name that the command in group X misspells, only
    when a line of the script runs it (maple_flow.repair.patch_command)."""
    from maple_flow.knowledge.entry_points import respelling
    from maple_flow.repair.patch_command import respell_command
    from maple_flow.repair.text import FixNotApplicable

    word = ctx.groups.get(arg) or ""
    try:
        respell_command(ctx.script, word)
    except FixNotApplicable as exc:
        raise Unresolved(str(exc)) from None
    return respelling(word) or word


def _command_line(ctx: Context, arg: str) -> str:
    """``{command_line:X}``: the number of the first script line that runs the command in
    group X (maple_flow.repair.patch_command)."""
    from maple_flow.repair.patch_command import command_line

    word = ctx.groups.get(arg) or ""
    number = command_line(ctx.script, word) if word else None
    if number is None:
        raise Unresolved(f"no line of the script runs {word or arg}")
    return str(number)


def _word_line(ctx: Context, arg: str) -> str:
    """``{word_line:W}``: the number of the first script line that holds the word W (a module
    or option the record names)."""
    from maple_flow.repair.patch_command import word_line

    number = word_line(ctx.script, arg)
    if number is None:
        raise Unresolved(f"no line of the script holds {arg}")
    return str(number)


def _site_libdir(ctx: Context, arg: str) -> str:
    """``{site_libdir:X}``: the directory of the profile's library path named after the library
    in group X (patch_container_lib.site_library_dir); else unresolved."""
    from maple_flow.repair.patch_container_lib import site_library_dir

    library = ctx.groups.get(arg or "lib")
    if not library:
        raise Unresolved("the log names no library")
    found = site_library_dir(library, list(_need_profile(ctx).software.activate))
    if found is None:
        raise Unresolved(f"the site's profile names no library directory for {library}")
    return found


def _site_net_plugin(ctx: Context, arg: str) -> str:
    """``{site_net_plugin:X}``: the site's NCCL network plugin (patch_container_lib.
    site_net_plugin), only when the network in group X is the one the site's NCCL_NET names;
    else unresolved."""
    from maple_flow.repair.patch_container_lib import site_net_plugin

    profile = _need_profile(ctx)
    network = (ctx.groups.get(arg or "net") or "").strip()
    if not network or network != str(profile.network.env.get("NCCL_NET", "")).strip():
        raise Unresolved(f"{network or 'the network'} is not the one the site's NCCL_NET names")
    found = site_net_plugin(list(profile.software.activate))
    if found is None:
        raise Unresolved("the site's profile names no NCCL network plugin directory")
    return found


def _site_no_proxy(ctx: Context, arg: str) -> str:
    """``{site_no_proxy:script}``: the site's documented no_proxy, unless the script sets its
    own (maple_flow.repair.resolve_proxy); else unresolved."""
    from maple_flow.repair.resolve_proxy import site_no_proxy

    try:
        return site_no_proxy(ctx.script, _need_profile(ctx))
    except ValueError as exc:
        raise Unresolved(str(exc)) from None


def _shifter_module(ctx: Context, arg: str) -> str:
    """``{shifter_module:NAME}``: the script's Shifter ``--module`` list with NAME added, on a
    site whose container runtime is Shifter (maple_flow.repair.resolve_shifter); else
    unresolved."""
    from maple_flow.repair.resolve_shifter import shifter_modules_with

    container = _need_profile(ctx).container
    if container is None or container.command != "shifter":
        raise Unresolved("the site's container runtime is not Shifter")
    return shifter_modules_with(ctx.script, arg.replace("_", "-"))


def _serving_image(ctx: Context, arg: str) -> str:
    """``{serving_image:line}`` / ``{serving_image:word}``: the line and the word of the
    container image the script's vLLM serving line runs in (maple_flow.repair.serving_image)."""
    from maple_flow.repair.serving_image import serving_image

    found = serving_image(ctx.script)
    if found is None:
        raise Unresolved("the script's serving line runs in no container image it names")
    return str(found[0]) if arg == "line" else found[1]


def _served_name(ctx: Context, arg: str) -> str:
    """``{served_name:X}``: the model name in group X, only when a vLLM serving line of the
    script loads that model under another served name or from a folder of that name
    (maple_flow.repair.patch_served_name)."""
    from maple_flow.repair.patch_served_name import serving_model_name
    from maple_flow.repair.text import FixNotApplicable

    asked = ctx.groups.get(arg) or ""
    try:
        serving_model_name(ctx.script, "vllm", asked)
    except FixNotApplicable as exc:
        raise Unresolved(str(exc)) from None
    return asked


def _slots(ctx: Context, arg: str) -> str:
    """``{slots:option|tasks}``: the job's task request that gives its one Open MPI launch line
    the slots the log says it asked (maple_flow.repair.resolve_slots)."""
    site_gpus = ctx.profile.gpu.per_node if ctx.profile else None
    node_cpus = ctx.profile.node.cpus if ctx.profile else None
    return job_slots(ctx.script, ctx.groups.get("asked"), arg, site_gpus, node_cpus)


def _only_module(ctx: Context, arg: str) -> str:
    """``{only_module:NAME}``: the one module the script loads, else the question NAME
    (maple_flow.repair.resolve_only_module)."""
    return only_module(ctx.script, arg, ctx.answers)

_FUNCTIONS = {"script": _script_int, "slots": _slots, "ppr": _ppr_ranks,
              "job_name": _valid_job_name,
              "launch": _launch, "bind": _bind_overload,
              "node_index": _node_index,
              "master_addr": _master_addr,
              "cpus": _cpus_per_task, "mem": _mem_all,
              "directive": _required_value,
              "gcc_upto": _gcc_upto,
              "cuda_like": _cuda_like, "arg_with": _arg_with, "task_var": _task_var,
              "python_like": _python_like,
              "size": _size_mended, "respell": _respell,
              "version_spelling": _version_spelling,
              "step_tasks": _step_tasks, "step_cpus": _step_cpus,
              "gpu_request": _gpu_request,
              "disabled": _disabled_directive, "named": _named,
              "node_type": _node_type, "one_node": _one_node,
              "job_count": _job_count, "per_device": _per_device,
              "forced_env": _forced_env, "conda_module": _conda_module,
              "dir_var": _dir_var, "cache_fallback": _cache_fallback,
              "account": _account, "task_shape": _task_shape, "off_script": _off_script,
              "respelled": _respelled, "served_name": _served_name,
              "command_line": _command_line, "word_line": _word_line,
              "serving_image": _serving_image, "site_libdir": _site_libdir,
              "site_net_plugin": _site_net_plugin, "site_scratch": _site_scratch,
              "unset_storage": _unset_storage, "shifter_module": _shifter_module,
              "bind_list": _bind_list, "hostfile": _hostfile,
              "site_no_proxy": _site_no_proxy, "only_module": _only_module}


#: Ports a rendezvous may take: above the well-known ones, below the ephemeral range.
_PORTS = range(10000, 32768)


def shifted_port(port: int) -> int:
    """Another port than ``port`` in ``_PORTS`` (deterministic: 29500 gives 30509)."""
    shifted = _PORTS.start + (port + 1009 - _PORTS.start) % len(_PORTS)
    return shifted if shifted != port else _PORTS.start + (shifted + 1 - _PORTS.start) % len(_PORTS)


def _resolve_one(kind: str, arg: str, ctx: Context) -> str:
    if kind in _FUNCTIONS:
        return _FUNCTIONS[kind](ctx, arg)
    if kind == "select":
        return _select(ctx)
    if kind == "m":
        value = ctx.groups.get(arg)
        if not value:
            raise Unresolved(f"the log gave no {arg}")
        return value
    if kind == "m_opt":  # a group the log may leave out (an option's separate value)
        return ctx.groups.get(arg) or ""
    if kind == "profile":
        return str(_profile_path(ctx, arg))
    if kind == "module":
        return _module(ctx, arg)
    if kind == "site_module":
        return _site_module(ctx, arg)
    if kind == "named_module":
        return _named_module(ctx, arg)
    if (kind, arg) in (("walltime", "raised"), ("queue", "longer")):
        return _longer(ctx, arg)
    if kind == "queue":
        return _queue(ctx, arg)
    if kind == "walltime" and arg == "cap":
        return _walltime_cap(ctx)
    if kind == "walltime" and arg == "mended":
        return _walltime_mended(ctx)
    if kind == "walltime" and arg == "over":
        return _walltime_over(ctx)
    if (kind, arg) in (("walltime", "refused"), ("gpus", "kept")):
        return _kept(ctx, arg)
    if kind == "walltime":
        return format_walltime(_script_request(ctx)[2].max_walltime_seconds)
    if kind == "nodes" and arg == "job":
        return _job_nodes(ctx)
    if kind == "nodes":
        return str(_script_request(ctx)[2].max_nodes)
    if kind == "gpus" and arg == "fit":
        return str(_gpus_fit(ctx))
    if kind == "gpus" and arg == "rank_cap":  # s34ctr2: ranks a node beyond its GPUs
        return str(rank_cap(_launch_per_node(ctx), ctx.script, _need_profile(ctx)))
    if kind == "gpus" and arg == "asked":
        return str(_gpus_asked(ctx))
    if kind == "gpus" and arg == "ranks":
        return str(_gpus_ranks(ctx))
    if kind == "gpus" and arg == "per_task_node":
        return str(_gpus_per_task_node(ctx))
    if kind == "gpus" and arg == "requested":
        return str(_gpus_requested(ctx))
    if kind == "gpus" and arg == "asked_job":
        return str(_gpus_asked_job(ctx))
    if kind == "gpus":
        return str(_script_request(ctx)[0] * _need_profile(ctx).gpu.per_node)
    if kind == "port_shift":
        return str(shifted_port(int(ctx.groups.get(arg) or 29500)))
    if kind == "ask":
        return _answer(ctx, arg)
    if kind == "item":
        return str(ctx.item.get(arg) if isinstance(ctx.item, Mapping) else ctx.item)
    raise Unresolved(f"unknown placeholder kind {kind}")


def _answer(ctx: Context, arg: str) -> str:
    """The user's value for ``{ask:arg}``; a ``..._file`` answer must be an absolute path (it is
    written quoted, so ``~`` and ``$HOME`` would reach the program unexpanded)."""
    if arg not in ctx.answers:
        raise Unresolved(f"needs {arg} from the user", need=arg)
    value = ctx.answers[arg]
    if arg.endswith("_file") and not value.startswith("/"):
        raise Unresolved(f"{arg} must be an absolute path (it is written quoted: ~ and $HOME "
                         f"would not be expanded), not {value!r}", need=arg)
    return value


def fill(text: str, ctx: Context) -> str:
    """``text`` with every placeholder replaced; Unresolved when one has no value."""
    text = text.replace("{item}", "{item.self}") if "{item}" in text else text
    return _PLACEHOLDER.sub(lambda m: _resolve_one(m.group(1), m.group(3), ctx), text)


def _fill_value(value: Any, ctx: Context) -> Any:
    if isinstance(value, str):
        return fill(value, ctx)
    if isinstance(value, list):
        return [fill(v, ctx) if isinstance(v, str) else v for v in value]
    return value


def _items(template: OpTemplate, ctx: Context) -> list[Any]:
    each = template.get("each")
    if not isinstance(each, str):
        return [None]
    if each == "lmod:prerequisites":
        return [{"self": w} for w in _lmod_prerequisites(ctx)]
    if each == "script:mpi_launch_ccl_settings":
        # oneCCL's MPI-launch settings the script sets (script_facts_ccl.py, s37prec)
        names = mpi_launch_ccl_settings(ctx.script)
        if not names:
            raise Unresolved("the script sets none of oneCCL's MPI-launch settings")
        return [{"self": n} for n in names]
    if each.startswith("m."):
        words = (ctx.groups.get(each[2:]) or "").split()
        if not words:
            raise Unresolved(f"the log gave no {each[2:]}")
        return [{"self": w} for w in words]
    value = _profile_path(ctx, each.removeprefix("profile."))
    if isinstance(value, Mapping):
        return [{"key": k, "value": v} for k, v in value.items()]
    return [{"self": v} for v in value]


def _lmod_prerequisites(ctx: Context) -> list[str]:
    """The modules of the first combination Lmod printed (group ``option``) that the modules
    it refused (group ``refused``) need and the script does not load (lmod_options)."""
    from maple_flow.repair.patch_env import loaded_module_names  # the patcher, on first use

    found = option_prerequisites(ctx.groups.get("option") or "", ctx.groups.get("refused") or "",
                                 loaded_module_names(ctx.script))
    if not found:
        raise Unresolved("Lmod's first combination adds no module the script does not load")
    return found


def resolve_op(template: OpTemplate, ctx: Context) -> list[FixOp]:
    """The concrete ops of one op template; Unresolved or ValidationError when it cannot be."""
    ops: list[FixOp] = []
    for item in _items(template, ctx):
        local = Context(ctx.groups, ctx.profile, ctx.script, item, ctx.answers)
        data = {k: _fill_value(v, local) for k, v in template.items() if k != "each"}
        for key in ("nodes", "gpus_per_node", "nproc_per_node"):
            if isinstance(data.get(key), str):
                data[key] = int(data[key])
        if data.get("by_address") in ("true", "false"):
            data["by_address"] = data["by_address"] == "true"
        ops.append(_op_adapter().validate_python(data))
    return ops


@dataclass(frozen=True)
class Resolution:
    """A record's fix made concrete: its ops, the values only the user can give (``needs``),
    why ops could not be made (``unresolved``), and, of those, the reasons an answer the user
    DID give was not used (``refused``: a ``..._file`` that is not an absolute path)."""

    ops: list[FixOp]
    needs: list[str]
    unresolved: list[str]
    refused: list[str]


def resolve_fix(
    templates: list[OpTemplate], ctx: Context
) -> tuple[list[FixOp], list[str], list[str]]:
    """(ops, needs, unresolved) for a record's fix in ``ctx``."""
    done = resolve_fix_detail(templates, ctx)
    return done.ops, done.needs, done.unresolved


def resolve_fix_detail(templates: list[OpTemplate], ctx: Context) -> Resolution:
    """``resolve_fix`` with the reasons the user's own answers were refused kept apart."""
    ops: list[FixOp] = []
    needs: list[str] = []
    unresolved: list[str] = []
    refused: list[str] = []
    whole = False
    for template in templates:
        try:
            ops += resolve_op(template, ctx)
        except Unresolved as exc:
            if exc.need:
                needs.append(exc.need)
            whole = whole or exc.whole
            unresolved.append(f"{template.get('op')}: {exc}")
            if exc.need and exc.need in ctx.answers:
                refused.append(unresolved[-1])
        except ValidationError as exc:
            unresolved.append(f"{template.get('op')}: "
                              + "; ".join(e["msg"] for e in exc.errors()[:2]))
        except ValueError as exc:
            unresolved.append(f"{template.get('op')}: {str(exc).splitlines()[0]}")
    return Resolution([] if whole else ops, list(dict.fromkeys(needs)), unresolved, refused)
