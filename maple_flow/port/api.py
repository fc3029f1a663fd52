"""port(): a script that works on one cluster, rewritten for others.

Kept: the program (entry point, arguments verbatim and in order, ``$VAR`` references live),
framework and strategy, the launch model (torchrun-style launcher, or one process per GPU
from the site launcher with the program's own rank variables), the total number of ranks,
the walltime where the target queue allows it, ``--cpus-per-task``, the job name, the user's
environment variables and set-up steps in order. Everything that provably belongs to the
source cluster (account, queue, modules, its filesystems' paths, network and launcher
variables, containers, scheduler commands) is not copied: each drop is a note with its reason
and the target's equivalent where its profile knows one. A port that breaks the target's
rules is ``refused`` with the policy's message and hint.

The pipeline, a file per stage: read (``maple_flow.scriptparse``; :func:`_source` here);
plan the edits for one target (``carry``, ``loop``, ``array``, ``fit``, ``topology``,
``oneproc``, ``stages``: the job's other launches, ``header``, ``launcher_opts``); render the
target's site set-up and launch from its template and apply the edits to it (``apply``); the
notes, and the diff source -> port with each hunk's reasons (``diff``). Last, a safety net
(``foreign``): another site's launcher left on an executable line refuses the port; its
scheduler commands and variables left there are notes; and every source line the port neither
keeps nor uses nor names in a note is named in one note (``accounted``). A one-process job
whose work is a command that is not a Python launch (``wandb agent``, a binary) is ported
through a stand-in launch and keeps the command verbatim (``kept_command``)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from maple_flow.errors import (
    Contradiction,
    CpuOnlyJob,
    InvalidValue,
    MapleError,
    MissingInformation,
    ParseError,
    UnknownCluster,
    api_boundary,
)
from maple_flow.knowledge.app_commands import is_python_command
from maple_flow.knowledge.clusters import no_target_message
from maple_flow.knowledge.directives import INERT_DIRECTIVE, Directive
from maple_flow.knowledge.frameworks import framework_named, frameworks
from maple_flow.knowledge.other_sites import (
    OtherSite,
    other_site_of,
    site_launcher,
    site_python,
)
from maple_flow.models import ClusterProfile, JobSpec, format_walltime, walltime_seconds
from maple_flow.port.accel_config import accelerate_setup
from maple_flow.port.accounted import (
    source_launch_line,
    unaccounted_directives,
    unaccounted_lines,
    unaccounted_note,
    unaccounted_stages,
    unset_reads,
    unset_reads_note,
)
from maple_flow.port.apply import (
    apply_edits,
    container_program_host,
    shell_script_program,
    wrapper_from_job_dir,
    wrapper_is_program,
    wrapper_shell,
)
from maple_flow.port.arch import directive_arch
from maple_flow.port.array import port_array
from maple_flow.port.array_command import keep_array_command, restore_array_lines
from maple_flow.port.carry import (
    Carried,
    Source,
    carry_env,
    carry_steps,
    container_reads,
    foreign_reason,
    live_refs_note,
    reads_script_args,
    script_args_note,
    translate,
    with_raw_blocks,
)
from maple_flow.port.container import (
    body_in_image,
    inner_after_notes,
    inner_step_notes,
    plan_container,
    read_source_image,
    source_arch,
)
from maple_flow.port.container_lost import not_carried_why
from maple_flow.port.coupled import scheduler_option_notes
from maple_flow.port.cuda_toolkit import cuda_app_refusal, plan_toolkit
from maple_flow.port.dependency import foreign_dependency_note
from maple_flow.port.dropped_defs import dropped_definitions_note
from maple_flow.port.dynamic_entry import drop_literal_note, keep_written_entry
from maple_flow.port.fit import fit_cpus_per_task, source_errexit
from maple_flow.port.foreign import Leftovers, leftovers
from maple_flow.port.gpu_share import (
    limit_visible_gpus,
    mig_note,
    whole_node_rank_gpus,
    whole_node_rank_note,
    whole_node_shared_gpus,
)
from maple_flow.port.gpu_steps import PinnedSteps, pin_one_gpu_steps, pinned_steps_refusal
from maple_flow.port.gpus_of_one import (
    ask_gpus_of_whole_node,
    gpu_argument_note,
    read_gpus_of_one_process,
    srun_gpus_size,
    visible_devices_size,
)
from maple_flow.port.image_body import image_body
from maple_flow.port.interpreter import prefix_variable
from maple_flow.port.job_kind import (
    ask_if_no_gpu_named,
    note_gpu_count_assumed,
    parse_naming_cpu_jobs,
)
from maple_flow.port.kept_command import (
    STAND_IN,
    KeptCommand,
    ask_gpus,
    is_stand_in_note,
    kept_command,
    kept_note,
    not_kept_reason,
    put_back,
)
from maple_flow.port.launcher_opts import user_launcher_options
from maple_flow.port.launches_kept import (
    doubled_launch,
    invented_launch,
    unkept_launch_note,
    unkept_launches,
)
from maple_flow.port.line_order import moved_above_setter_note
from maple_flow.port.local_rank import local_rank_note
from maple_flow.port.loop import carry_loop
from maple_flow.port.memory import source_memory
from maple_flow.port.mpi_app import app_layout, app_name, runs_an_app
from maple_flow.port.netreach import hub_account, inline_fetch, source_proxy, step_words
from maple_flow.port.node_local import node_local_data_refusal, node_local_env_refusal
from maple_flow.port.node_type import choose_node_type
from maple_flow.port.oneproc import one_process_size
from maple_flow.port.packing import (
    copy_reads_unset,
    function_run_in_background,
    intel_pin_note,
    no_wait_note,
    packed_gpus,
    pinned_launch,
    pinned_note,
    pins_are_runs_own,
    put_back_pinned_launch,
    refuse_unkept_packing,
)
from maple_flow.port.pernode_script import (
    per_node_script_refusal,
    wrapper_node_gpus,
    wrapper_task_gpus_refusal,
    wrapper_workers_refusal,
)
from maple_flow.port.pinned_copies import (
    FROM_SOURCE_NODE,
    intel_pins_refusal,
    pinned_runs_refusal,
    size_pinned_copies,
)
from maple_flow.port.proxy import drop_replaced, hub_models, proxy_edit, wandb_online
from maple_flow.port.pyopts import python_option_env
from maple_flow.port.rank_names import source_rank_names
from maple_flow.port.refusal_check import checked_refusal, submit_time_rendezvous
from maple_flow.port.remote_hosts import remote_hosts_note
from maple_flow.port.rules import (
    choose_queue,
    device_family_note,
    is_path,
    place_ranks,
    site_network,
)
from maple_flow.port.severity import (
    Breaking,
    container_reason,
    container_todo,
    refusal_of,
    stands_in,
)
from maple_flow.port.shell_check import broken_shell
from maple_flow.port.side_runs import side_runs
from maple_flow.port.spare_gpus import repinned_note, spare_gpus_note
from maple_flow.port.stages import as_command, header_of, launch_command_span
from maple_flow.port.start_dir import home_start_note
from maple_flow.port.storage import DIRECTIVE as STORAGE_DIRECTIVE
from maple_flow.port.storage import placeholder_paths, storage_note
from maple_flow.port.submit_inputs import (
    submit_inputs,
    submit_inputs_note,
    with_arguments_restored,
)
from maple_flow.port.tool_prefix import bash_timed, chain_prefix
from maple_flow.port.topology import (
    disagreements,
    gpu_id_notes,
    repack_note,
    source_layout_args,
    wanted_layout,
)
from maple_flow.port.user_wrapper import srun_task_vars_note
from maple_flow.port.vendor import errexit_device_breaks
from maple_flow.port.walltime_read import NO_LIMIT_SECONDS, ask_unread_walltime, no_limit_note
from maple_flow.port.words import count, short
from maple_flow.port.words import gpus as gpus_word
from maple_flow.port.written_args import put_written_args
from maple_flow.scriptparse import (
    ParsedScript,
    ScriptFacts,
    decode_script,
    guess_cluster,
)
from maple_flow.scriptparse import read_facts as _read_facts
from maple_flow.scriptparse.claims import refusals_checked
from maple_flow.scriptparse.facts import (
    GRES_DEFAULT_COUNT,
    SHARED_GPUS,
    directive_size,
    job_gpus,
    node_gpu_count_note,
)
from maple_flow.scriptparse.gpu_request import gpu_named
from maple_flow.scriptparse.launch import (
    CONTAINER_RUNTIMES,
    LAUNCH_CMDS,
    NO_PYTHON_OPTION,
    PER_NODE_LAUNCHERS,
    PER_RANK_LAUNCHERS,
    PLAIN_WRAPPERS,
    Stage,
    passes_local_rank,
)
from maple_flow.scriptparse.launcher_array import expand_launcher_arrays
from maple_flow.scriptparse.rejected import rejected_directives
from maple_flow.scriptparse.script import launch_command_line
from maple_flow.scriptparse.setup import framework_reading, setup_of
from maple_flow.scriptparse.shell import Block
from maple_flow.scriptparse.spec import named_beyond_queue
from maple_flow.scriptparse.steps import OWN_ENV, setup_steps
from maple_flow.scriptparse.template import program_fields
from maple_flow.scriptparse.unread import ONE_TASK_REMEDY
from maple_flow.scriptparse.values import expand, simple_values
from maple_flow.scriptparse.vendor import vendor_of_script
from maple_flow.shellquote import shell_word

if TYPE_CHECKING:
    from maple_flow.store import TemplateStore
    from maple_flow.verify.report import VerifyReport
    from maple_flow.verify.run import Progress

_PORTABLE_OVERRIDES = frozenset(
    {
        "nodes",
        "gpus_per_node",
        "ranks",
        "account",
        "queue",
        "walltime",
        "job_name",
        "master_port",
        "framework",
        "strategy",
        "env",
        "modules",
    }
)
_COMPOUND = re.compile(r"\s*(?:if|for|while|until|case|select)\b|\s*\w+\s*\(\)|\s*\{")
_HARDWARE_DIRECTIVES = frozenset({"partition", "constraint", "gres", "queue"})
_JOB_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


@dataclass
class PortResult:
    """The script for one target cluster, the spec behind it, and what to check there.

    ``status``: generated, refused (breaks the target's rules: ``notes`` say which, and
    ``script`` is empty), or after verification verified / failed / unverified.
    """

    cluster: str
    script: str
    spec: JobSpec
    template_id: str
    status: str = "generated"
    notes: list[str] = field(default_factory=list)
    explanation: dict[str, str] = field(default_factory=dict)
    report: VerifyReport | None = None
    #: The source script's text (the diff is taken against it).
    source: str = ""

    @property
    def diff(self) -> str:
        """The unified diff source -> port, each hunk headed by its reasons (``# why:``);
        empty for a refused port."""
        from maple_flow.port.diff import port_diff

        return port_diff(self.source, self.script, self.notes, self.cluster) if self.script else ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``maple port --json``."""
        data: dict[str, Any] = {
            "status": self.status,
            "script": self.script,
            "notes": self.notes,
            "template_id": self.template_id,
            "explanation": self.explanation,
        }
        if self.report is not None:
            data["report"] = self.report.model_dump(exclude={"script"})
        return data


def _total(facts: ScriptFacts, cluster: str | None, o: dict[str, Any],
           site: OtherSite | None = None) -> tuple[int | None, str]:
    """Total ranks of the source and a note when it was not read from the script (``site``:
    the centre outside the ten the script names, whose GPU count a node may be known)."""
    from maple_flow.knowledge.clusters import get_profile

    if o.get("ranks"):
        return int(o["ranks"]), f"{o['ranks']} ranks in total, as you said"
    if facts.ranks:
        return facts.ranks, ""
    if facts.nodes and o.get("gpus_per_node"):  # the nodes read, the GPUs as you said
        total = facts.nodes * int(o["gpus_per_node"])
        return total, f"{total} ranks: {facts.nodes} node(s) x {o['gpus_per_node']}, as you said"
    if facts.size_conflict and not o.get("nodes"):  # the script disagrees with itself: asked
        if facts.size_from.startswith(SHARED_GPUS):  # its ranks share GPUs: the share asked
            raise MissingInformation({"ranks": facts.size_from})
        raise MissingInformation(
            {"ranks": f"how many ranks the job starts in total is unknown ({facts.size_from}); "
                      "pass ranks=N (or --ranks N), or nodes= and gpus_per_node="})
    if facts.nodes and cluster:
        per_node = get_profile(cluster).gpu.per_node
        return facts.nodes * per_node, (
            f"the script does not say how many ranks it starts per node; read as one per GPU "
            f"of a {cluster} node ({per_node}), {facts.nodes * per_node} ranks in total: "
            "pass ranks=N (--ranks N) if that is wrong"
        )
    if facts.nodes and site is not None and site.gpus_per_node:
        per_node = site.gpus_per_node
        return facts.nodes * per_node, (
            f"the script does not say how many ranks it starts per node; read as one per GPU "
            f"of a {site.name} node ({per_node}), {facts.nodes * per_node} ranks in total: "
            "pass ranks=N (--ranks N) if that is wrong"
        )
    if o.get("nodes"):
        return None, ""
    why = facts.size_from or "the script does not state it"
    raise MissingInformation(
        {"ranks": f"how many ranks the job starts in total is unknown ({why}); "
                  "pass ranks=N (or --ranks N), or nodes= and gpus_per_node="}
    )


#: Directive options that give a job's size: its nodes, and its GPUs.
_NODE_OPTIONS = frozenset({"nodes"})
_GPU_OPTIONS = frozenset({"gres", "gpus", "gpus-per-node", "gpus-per-task", "gpus-per-socket"})
#: A gres value that names no count: empty, or a type and a colon with nothing after
#: (``--gres=gpu:``, ``--gres=gpu:a100:``), which sbatch rejects.
_EMPTY_GRES = re.compile(r"^(?:gpu(?::[\w.-]+)?:)?$")


_TRAILING_COMMENT = re.compile(r"\s+#.*$")


#: A Slurm size directive left empty (``#SBATCH --nodes=``, ``#SBATCH --gres=gpu:``).
_EMPTY_SIZE_LINE = re.compile(r"^\s*#SBATCH\s+--(?:nodes|gres=gpu(?::[\w.-]+)?:|gpus(?:-per-\w+)?)="
                              r"?\s*(?:#.*)?$")


def _empty_size_directive(d: Directive) -> bool:
    """Whether ``d`` is a size directive left empty (``#SBATCH --nodes=``, ``--gres=gpu:``)."""
    if d.value is None or d.option not in _NODE_OPTIONS | _GPU_OPTIONS:
        return False
    value = d.value.strip()
    return bool(_EMPTY_GRES.match(value)) if d.option == "gres" else value == ""


def _ask_size_of_empty_directives(p: ParsedScript, o: dict[str, Any]) -> None:
    """A script whose node or GPU directives are left empty (``#SBATCH --nodes=``,
    ``#SBATCH --gres=gpu:``, a template to fill in) with no other directive stating that count:
    the sizes are asked, never guessed as 1 node x 1 GPU."""
    empty = [d for d in p.directives if _empty_size_directive(d)]
    if not empty or o.get("ranks"):
        return
    stated = {d.option for d in p.directives if d.option in _NODE_OPTIONS | _GPU_OPTIONS
              and not _empty_size_directive(d) and d.value is not None}
    gpus = any(d.option in _GPU_OPTIONS for d in empty) and not (
        stated & _GPU_OPTIONS or o.get("gpus_per_node"))
    nodes = any(d.option in _NODE_OPTIONS for d in empty) and not (
        stated & _NODE_OPTIONS or o.get("nodes"))
    if not (gpus or nodes):
        return
    named = ", ".join(f"`{_TRAILING_COMMENT.sub('', d.raw.strip())}`" for d in empty)
    what = " and ".join(w for w, asked in (("nodes", nodes), ("GPUs", gpus)) if asked)
    raise MissingInformation({"gpus_per_node" if gpus else "nodes": (
        f"the script's size directives are empty ({named}): how many {what} the job has is "
        "not in it, and maple_flow does not guess 1 node x 1 GPU; pass nodes=N (--nodes N) "
        "and gpus_per_node=N (--gpus-per-node N), or ranks=N (--ranks N), or fill in the "
        "directives")})


def _ask_size_without_directives(p: ParsedScript, facts: ScriptFacts, o: dict[str, Any],
                                 text: str = "") -> None:
    """A script with no scheduler directive (or Grid Engine directives that state no GPU
    count) whose launch states no size (``python train.py``, the resources given on the submit
    command line or by a site's resource type): its GPUs are asked, never set to 1."""
    stated = p.grid_engine and directive_size(p)["gpus"]
    if (p.directives and not p.grid_engine) or stated or any(
            s.name in PER_NODE_LAUNCHERS for s in p.launch.stages) or (
            facts.ranks != 1):  # ranks not read: asked as ranks
        return
    if o.get("gpus_per_node") and not p.launch.stages:  # the GPUs of its one process
        facts.nodes, facts.gpus_per_process = o.get("nodes") or 1, o["gpus_per_node"]
    if any(o.get(k) for k in ("ranks", "nodes", "gpus_per_node")):
        return
    note = (_packed_size(facts, text) or _visible_devices_size(p, facts)
            or srun_gpus_size(p, facts))
    if note:
        facts.notes.append(note)
        return
    why = ("its Grid Engine directives state no GPU count (a queue, or a site's whole-node "
           "type such as ABCI's rt_F=1, gives the job GPUs without saying how many it uses)"
           if p.grid_engine else
           "the script has no scheduler directive (#SBATCH, #PBS, #BSUB)")
    inert = _inert_directives(text)
    if text and not gpu_named(p, text):
        why += (", and nothing in it names a GPU (it may be a CPU job, which maple_flow does "
                "not port)")
    # Grid Engine directives that name a queue: the queue gave the GPUs (the why says so),
    # not the submission
    given = "" if inert or p.grid_engine else " (they were given at submission)"
    raise MissingInformation({"gpus_per_node": (
        f"{why}, so how many GPUs (and nodes) the job has is unknown{given}; pass "
        "gpus_per_node=N (--gpus-per-node N), with nodes= (--nodes) for more than one node"
        + inert)})


def _inert_directives(text: str) -> str:
    """The clause naming the script's directives written so that the scheduler skips them
    (``# SBATCH --gres=gpu:4``), or ``""`` when it has none."""
    found = [(n, m.group(1), m.group(2).split("#")[0].strip())
             for n, raw in enumerate((text or "").splitlines(), 1)
             if (m := INERT_DIRECTIVE.match(raw.strip()))]
    if not found:
        return ""
    first, last = found[0][0], found[-1][0]
    lines = f"line {first}" if first == last else f"lines {first}-{last}"
    kind = found[0][1]
    shown = ", ".join(f"`{d}`" for _, _, d in found[:6]) + (", ..." if len(found) > 6 else "")
    return (f"; its `# {kind}` lines ({lines}: {shown}) are comments to the scheduler (a "
            f"space or a second `#` after the first `#`), so they set nothing at submission "
            f"either: if they state the job's intended size, pass that size, or write them as "
            f"`#{kind}` and port again")


#: A per-rank launcher's own options that give the size of what it starts.
_LAUNCH_SIZE_OPTIONS = frozenset({
    "-n", "-N", "--ntasks", "--nodes", "--ntasks-per-node", "-np", "--np", "-ppn", "--ppn",
    "--gres", "--gpus", "-G", "--gpus-per-node", "--gpus-per-task", "-c", "--cpus-per-task"})


def _ask_size_of_sizeless_rank_launch(p: ParsedScript, o: dict[str, Any]) -> None:
    """A script whose directives state no size at all (no nodes, tasks or GPUs: all given at
    submission, ``sbatch --nodes=2 --gres=gpu:8 job.sh``) and whose per-rank launcher
    (``srun ...``) states none either: it starts a task on every slot of an allocation the
    script does not show, so the size is asked, never read as 1 process on 1 GPU."""
    if not p.directives or p.grid_engine or any(
            o.get(k) for k in ("ranks", "nodes", "gpus_per_node")):
        return
    if (p.directive("nodes", "select", "ntasks", "ntasks-per-node", "gres", "gpus",
                    "gpus-per-node", "gpus-per-task", "ntasks-per-gpu", "constraint")
            or job_gpus(p)):
        return
    launcher = next((s for s in p.launch.stages if s.name in PER_RANK_LAUNCHERS), None)
    if launcher is None or launcher.has(*_LAUNCH_SIZE_OPTIONS - {"-c", "--cpus-per-task"}):
        return
    raise MissingInformation({"ranks": (
        f"the script's directives state no size (no nodes, tasks or GPUs: they were given at "
        f"submission) and its `{launcher.name}` starts a task on every slot of that "
        "allocation, so how many ranks, nodes and GPUs the job has is not in the script; pass "
        "nodes=N (--nodes N) and gpus_per_node=N (--gpus-per-node N), or ranks=N (--ranks N)")})


def _ask_ranks_per_node_of_loop(p: ParsedScript, facts: ScriptFacts, o: dict[str, Any]) -> None:
    """A launch started once per node by hand (an ssh or ``srun -w`` loop, ``pdsh``) that does
    not say how many ranks each node starts: asked, never read as the source's GPUs."""
    by_hand = p.per_node_loop is not None or any(s.name in {"pdsh", "ssh", "clush"}
                                                  for s in p.launch.stages)
    if not by_hand or facts.ranks or facts.gpus_per_node or any(
            o.get(k) for k in ("ranks", "gpus_per_node")):
        return
    where = f"line {p.per_node_loop.line}" if p.per_node_loop is not None else "the launch"
    raise MissingInformation({"gpus_per_node": (
        f"the job starts its launch once per node by hand ({where}) and does not say how many "
        f"ranks each node starts (`{p.launch.entrypoint}` with no per-node count, e.g. "
        "torchrun's --nproc_per_node); pass gpus_per_node=N (--gpus-per-node N: N ranks a "
        "node) or ranks=N")})


def _ask_gpus_of_one_process(p: ParsedScript, facts: ScriptFacts, o: dict[str, Any]) -> None:
    """A job asking several task slots (``-n 3``) and no GPUs by directive that starts one
    plain process (``python main.py``, no launcher): the GPUs that process drives came from
    the source partition, so they are asked, never set to 1."""
    size = directive_size(p)
    if (not p.directives or facts.ranks != 1 or facts.gpus_per_process
            or any(s.name not in PLAIN_WRAPPERS for s in p.launch.stages)
            or max(size["tasks"] or 0, size["tpn"] or 0) <= 1
            or size["gpus"] or size["gpus_per_task"] or job_gpus(p) or o.get("ranks")):
        return
    if o.get("gpus_per_node"):
        return  # the user's target layout: one rank per GPU
    tasks = max(size["tasks"] or 0, size["tpn"] or 0)
    raise MissingInformation({"gpus_per_node": (
        f"the job asks {tasks} tasks and no GPUs by directive, and starts one process "
        f"(`{p.launch.entrypoint}` with no launcher): how many GPUs that process drives "
        "(the source partition's) is unknown; state them in the script "
        "(`#SBATCH --gpus-per-node=N`: ported as one process on N GPUs), or pass ranks=N "
        "(--ranks N) to start one rank per GPU")})


def _packed_size(facts: ScriptFacts, text: str) -> str:
    """One node with the GPUs the job's side-by-side copies pin (``CUDA_VISIBLE_DEVICES=0``
    ... ``=3``, a loop's indices, GNU parallel's slot modulo N), for a script with no
    directive; the note saying so, or ``""``."""
    packed = packed_gpus(text)
    if packed is None:
        return ""
    facts.nodes, facts.gpus_per_process = 1, packed.gpus
    facts.packed_copies = packed.where
    return (f"the script has no scheduler directive; its copies run side by side, each on the "
            f"GPU its own CUDA_VISIBLE_DEVICES names, up to GPU {packed.gpus - 1} "
            f"({packed.where}): ported as one node with {packed.gpus} GPUs, the copies kept as "
            "written; pass gpus_per_node=N (--gpus-per-node N) if the job had others")


def _visible_devices_size(p: ParsedScript, facts: ScriptFacts) -> str:
    """One process on one node driving the GPUs the script's own ``CUDA_VISIBLE_DEVICES=0,1``
    lists, for a script with no directive; the note saying so, or ``""``."""
    if any(s.name not in PLAIN_WRAPPERS for s in p.launch.stages):
        return ""
    return visible_devices_size(p, facts, "the script has no scheduler directive",
                                " on one node")


def _pin_steps(p: ParsedScript, text: str, cluster: str | None) -> PinnedSteps | None:
    """The source with its one-GPU srun steps run side by side made plain runs pinned to the
    node's GPUs in turn (``gpu_steps``), sized on the GPUs of the source node: its directives',
    else its cluster's (a Perlmutter ``-C gpu`` node has 4)."""
    size = directive_size(p)
    gpus = size["gpus"] or (job_gpus(p) if (size["nodes"] or 1) == 1 else None)
    if not gpus and cluster:
        from maple_flow.knowledge.clusters import get_profile

        gpus = get_profile(cluster).gpu.per_node
    return pin_one_gpu_steps(text, gpus, size["nodes"])


_SIZE_KEYS = ("nodes", "gpus_per_node", "ranks")


def _source_node_gpus(cluster: str | None) -> int | None:
    """The GPUs of one node of the source cluster (None when the source is not known)."""
    if not cluster:
        return None
    from maple_flow.knowledge.clusters import get_profile

    return get_profile(cluster).gpu.per_node


def _size_answered(script: str | bytes, source: str | None, o: dict[str, Any]) -> bool:
    """Whether the job's size is the user's answer to the port's question: without the size
    given (nodes=, gpus_per_node=, ranks=) the port asks it (empty size directives, a node count
    left to submission), so the source's own layout is unknown."""
    if not any(o.get(k) for k in _SIZE_KEYS):
        return False
    try:
        _read_source(script, source, {k: v for k, v in o.items() if k not in _SIZE_KEYS})
    except MissingInformation as exc:
        return bool(set(exc.missing) & set(_SIZE_KEYS))
    except MapleError:
        return False
    return False


def _source(script: str | bytes, source: str | None, o: dict[str, Any]) -> Source:
    src = _read_source(script, source, o)
    src.size_answered = _size_answered(script, source, o)
    return src


def _read_source(script: str | bytes, source: str | None, o: dict[str, Any]) -> Source:
    from maple_flow.knowledge.clusters import resolve_cluster

    text = script if isinstance(script, str) else script.decode("utf-8")
    arrays = expand_launcher_arrays(text)
    if arrays is not None:  # "${MPIEXEC[@]}" python stepN.py: each line the launch it is
        text = script = arrays.text
    try:
        parsed = parse_naming_cpu_jobs(script, text)
    except ParseError as exc:
        empty = [x.strip() for x in text.splitlines() if _EMPTY_SIZE_LINE.match(x)]
        if not empty or type(exc) is not ParseError:
            raise
        raise ParseError(
            f"{exc}; and its size directives are empty ({', '.join(f'`{x}`' for x in empty)}): "
            "fill them in (how many nodes and GPUs the job has) too") from None
    rejected = rejected_directives(parsed.directives)
    if rejected:  # `#SBATCH -nodes=1`: sbatch stops at it, the job never ran as written
        raise Contradiction(rejected)
    cluster = resolve_cluster(source) if source else guess_cluster(parsed, text)
    pinned = _pin_steps(parsed, text, cluster)
    if pinned is not None:
        text = pinned.text
        parsed = parse_naming_cpu_jobs(text, text)
    refuse_unkept_packing(text)
    facts = _read_facts(parsed)
    if o.get("ranks") or o.get("gpus_per_node"):  # the size as you said, not the count read
        counted = node_gpu_count_note(parsed)
        facts.notes = [n for n in facts.notes
                       if n != counted and not n.startswith(GRES_DEFAULT_COUNT)]
    facts.side_runs = side_runs(parsed)
    if pinned is not None:  # one node, its GPUs shared out to the pinned steps in turn
        facts.nodes, facts.gpus_per_process = 1, pinned.gpus
        facts.packed_copies = pinned.where
    size_pinned_copies(parsed, facts, text, _source_node_gpus(cluster), o)
    site = None if cluster else other_site_of(parsed.directives)
    ask_if_no_gpu_named(parsed, text, facts, o, known_site=bool(cluster or site))
    _ask_size_of_empty_directives(parsed, o)
    _ask_size_without_directives(parsed, facts, o, text)
    _ask_size_of_sizeless_rank_launch(parsed, o)
    _ask_gpus_of_one_process(parsed, facts, o)
    ask_gpus_of_whole_node(parsed, facts, o)
    read_gpus_of_one_process(parsed, facts, o)
    _ask_ranks_per_node_of_loop(parsed, facts, o)
    ask_unread_walltime(facts, o)
    total, note = _total(facts, cluster, o, site)
    assumed = note_gpu_count_assumed(parsed, text, facts, o, known_site=bool(cluster or site))
    notes = [n for n in (assumed, note, no_wait_note(text, launch_command_line(text))) if n]
    notes += [pinned.note] if pinned is not None else []
    notes += [arrays.note] if arrays is not None else []
    shown, conflict = framework_reading(parsed)
    return Source(parsed, facts, cluster, total, setup_steps(parsed), notes,
                  header_of(text), text.split("\n"),
                  pinned_steps=pinned.where if pinned is not None else "",
                  cluster_sure=bool(source) or bool(
                      cluster and named_beyond_queue(parsed, text, cluster)),
                  framework=shown, framework_mixed=conflict is not None)


def port_launch_only(script: str, source: str | None, target: str,
                     set_before: set[str] | None = None, **overrides: Any) -> PortResult:
    """A port of ``script`` (a header and one launch line) without lint: another launch of a
    job is ported with it (``overrides``: its size, when the line does not state it;
    ``set_before``: the variables the job's port sets before it, see ``Source``)."""
    src = _source(script, source, overrides)
    src.set_outside = set_before if set_before is not None else set()
    return _port_one(src, target, overrides, lint=False)


def _remote_shell_notes(p: ParsedScript) -> list[str]:
    """``ssh $host torchrun ...`` / ``pdsh -w HOSTS ...``: the source reached its hosts by
    hand; named, with what replaces it."""
    remote = [s for s in p.launch.stages if s.name in {"ssh", "pdsh"}]
    if not remote:
        return []
    words = " ".join([remote[0].name, *(k if v is None else f"{k} {v}"
                                        for k, v in remote[0].options), *remote[0].operands])
    return [f"`{words}` in front of the launch started it on the source's hosts over "
            f"{remote[0].name} (each host named by the script, not by the scheduler): not "
            "carried; the target's launch starts it on the nodes the scheduler gives the job, "
            "so host names or addresses the script lists for it are not used"]


def _launch_block_notes(p: ParsedScript) -> list[str]:
    return _remote_shell_notes(p) + _launch_block_notes_of(p)


def _launch_block_notes_of(p: ParsedScript) -> list[str]:
    block, loop = p.launch_block, p.per_node_loop
    if loop is not None:
        body = [" ".join(x.split()) for x in loop.before[1:] + loop.after
                if x.strip() and x.strip() not in {"do", "done"}]
        return [f"the loop `{loop.head}` (line {loop.line}) starts the launch once per node in "
                "the background: the target's launch starts it on every node itself"
                + (f"; its other lines are not carried: {'; '.join(body)}" if body else "")]
    if block is None or p.launch_loop is not None or not _COMPOUND.match(block.text):
        return []
    if p.launch_tail and block.text.lstrip().startswith("{") and "\n" not in block.text:
        return []  # a `{ ...; } > log` group: its redirection is kept on the launch
    head = " ".join(block.text.strip().split("\n", 1)[0].split())
    return [f"the launch line runs inside `{head}` (line {block.line}); the port runs the "
            "program once: repeat the loop or branch on the target if you need it"]


def _shared_line_note(p: ParsedScript, profile: ClusterProfile) -> list[str]:
    """A note when the launch shares its line with other commands that are not carried (a
    chain in front of it is kept by ``tool_prefix.keep_chain_prefix``, which notes it)."""
    if not p.launch_shared:
        return []
    kept, why = chain_prefix(p, profile, foreign_reason)
    if kept:
        return []
    line = p.launch_block.line if p.launch_block is not None else "?"
    return [f"the launch line (line {line}) also runs `{p.launch_shared}`: not carried"
            + (f" ({why})" if why else "") + ", the target's launch runs without it; if the job "
            "needs it, put it on a line of its own (a test as an `if` block around the launch)"]


def _with_value(word: str, variables: dict[str, str]) -> str:
    """``$MODULE (conda/2022-09-08)``: a module named through the script's variable, with
    the value it has (the assignment the user may keep in the port)."""
    value = expand(word, simple_values(variables)) if "$" in word else word
    return f"{word} ({value})" if value != word and "$" not in value else word


def _live_positionals(args: list[str]) -> list[str]:
    """The job script's own arguments inside a word (``--rank=$4``, expanded by the source's
    shell, a ``bash -c "..."`` body's too) kept live on the target as ``${4}`` (a bare ``$4``
    inside a word would be written as text)."""
    return [re.sub(r"(?<=.)\$([1-9])(?![0-9])", r"${\1}", a) for a in args]


def _stage_image(stage: Stage, p: ParsedScript) -> str:
    """The image a container stage runs, as the source writes it (``?`` where it names none)."""
    return stage.operands[0] if stage.operands else stage.get("--image") or p.directive(
        "image") or "?"


def _dropped_container_note(stage: Stage, p: ParsedScript, profile: ClusterProfile) -> str:
    """The note on the source's container not carried: breaking (the port is refused with it)
    unless the target's own stack stands in for a stock framework image."""
    raw = _stage_image(stage, p)
    note = _dropped_container(stage, p, profile)
    image = expand(raw, simple_values(p.variables)) if "$" in raw else raw
    if stands_in(image, profile):
        return note
    why = not_carried_why(stage, p, profile)
    arch = _image_arch_clause(raw, p, profile).lstrip("; ")
    return Breaking(note, container_todo(profile), container_reason(
        f"your program runs in your {stage.name} container (image {image})", image,
        "; ".join(x for x in (why, arch) if x), profile))


def _dropped_container(stage: Stage, p: ParsedScript, profile: ClusterProfile) -> str:
    """Why the source's container is not carried to ``profile``, and what to do."""
    image = _stage_image(stage, p)
    read, why = read_source_image(p), not_carried_why(stage, p, profile)
    arch = _image_arch_clause(image, p, profile)
    todo = ("rebuild your environment (or the image for the target's GPUs), or check"
            if read is not None and read.rocm else
            f"build the image for {profile.node.arch} (or take one built for it) and run it "
            f"with {profile.name}'s {profile.container.command} by hand, or check"
            if arch and profile.container is not None else
            f"run your image with {profile.name}'s {profile.container.command} by hand"
            + (" (see the reason)" if why else "") + ", or check"
            if profile.container is not None else
            f"{profile.name} has no Apptainer/Singularity runtime in maple_flow's facts: "
            "rebuild the environment (or the image for the target's runtime), or check")
    return (f"container {image} ({stage.name}) is not used on the target"
            + (f" ({why})" if why else "") + arch + f"; the program runs on {profile.name}'s own "
            f"stack instead: {todo} that {profile.name}'s software stack has what it provided"
            + _bound_program_clause(stage, p) + _workdir_clause(stage) + _env_clause(stage)
            + _binds_clause(stage) + _image_check_clause(image, p))


#: An image's name that says its CPU architecture.
_IMAGE_ARCH = ((re.compile(r"(?i)(?<![a-z])(?:arm64|aarch64)(?![a-z])"), "aarch64"),
               (re.compile(r"(?i)(?<![a-z])(?:amd64|x86_64)(?![a-z])"), "x86_64"))


def _image_arch_clause(image: str, p: ParsedScript, profile: ClusterProfile) -> str:
    """The dropped container's image named for another CPU architecture than the target's
    nodes (``pytorch_arm64.sif`` on x86_64): it could not run there in any case."""
    name = re.fullmatch(r'"?\$\{?(\w+)\}?"?', image)
    value = p.variables.get(name.group(1), "") if name else image
    target = profile.node.arch
    for pattern, arch in _IMAGE_ARCH:
        if (said := pattern.search(value)) and target and arch != target:
            return (f"; its image's name says {said.group(0)} (`{value.strip(chr(34))}`): an "
                    f"{arch} image does not run on {profile.name}'s {target} nodes in any case")
    return ""


def _binds_clause(stage: Stage) -> str:
    """Every bind of the dropped container (``-B host:inside``): the program no longer sees
    its files under the inside path; on the host they are at the host path."""
    binds = [b for k, v in stage.options if k in ("-B", "--bind", "--mount", "-v", "--volume")
             and v for b in v.split(",") if ":" in b]
    moved = [b for b in binds if b.split(":")[0].rstrip("/") != b.split(":")[1].rstrip("/")]
    if not moved:
        return ""
    shown = ", ".join(f"{b.split(':')[1]} (host: {b.split(':')[0]})" for b in moved)
    return (f"; its binds are gone, so a path the program or its scripts read inside the "
            f"container is not there on the host: {shown}: change such paths to the host's")


def _image_check(image: str, p: ParsedScript) -> tuple[str, Block] | None:
    """(variable, block) of a kept set-up block that stops the job when the container's image
    file ``image`` (``$IMAGE``) is missing (``[[ ! -f "$IMAGE" ]] && exit 1``), or None."""
    name = re.fullmatch(r'"?\$\{?(\w+)\}?"?', image)
    if name is None:
        return None
    var = name.group(1)
    for block in p.before:
        text = block.text
        if re.search(rf"\$\{{?{var}\b", text) and re.search(r"\bexit\b", text) \
                and re.search(r"-[fes]\s", text):
            return var, block
    return None


#: A line of a kept block that only ends the job (``exit 1``, ``exit``).
_EXIT_LINE = re.compile(r"^(\s*)(exit(?:\s+\d+)?)\s*;?\s*$")


def _image_check_clause(image: str, p: ParsedScript) -> str:
    """A kept set-up block that stops the job when the dropped container's image file is
    missing: named; its ``exit`` lines are made no-ops by ``_image_check_off`` (the port does
    not use the image), else the user is told to drop the check."""
    found = _image_check(image, p)
    if found is None:
        return ""
    var, block = found
    if any(_EXIT_LINE.match(x) for x in block.text.split("\n")):
        return (f"; line {block.line} checks that the image file ${var} exists and ends the "
                "job if not: the port does not use the image, so the check's `exit` is made a "
                "no-op on the target (its message still prints when the file is missing)")
    return (f"; line {block.line} checks that the image file ${var} exists and ends the "
            "job if not: the port does not use the image, so that check stops the job "
            f"unless the file is there: drop the check (or copy the image)")


def _image_check_off(script: str, p: ParsedScript, profile: ClusterProfile) -> str:
    """``script`` with the ``exit`` lines of the dropped container's image-file check (kept as
    the user's set-up block) made no-ops: the target's job does not use the image."""
    stage = next((s for s in p.launch.stages if s.name in CONTAINER_RUNTIMES), None)
    if stage is None or plan_container(p, profile):
        return script
    image = (stage.operands[0] if stage.operands else stage.get("--image")
             or p.directive("image") or "")
    found = _image_check(image, p)
    if found is None:
        return script
    body = found[1].text.split("\n")
    lines = script.split("\n")
    for k in range(len(lines) - len(body) + 1):
        if [x.strip() for x in lines[k:k + len(body)]] != [x.strip() for x in body]:
            continue
        for j in range(k, k + len(body)):
            if (m := _EXIT_LINE.match(lines[j])):
                lines[j] = (f"{m.group(1)}:  # not run on the target (the port does not use "
                            f"the image): {m.group(2)}")
        break
    return "\n".join(lines)


def _env_clause(stage: Stage) -> str:
    """The dropped container's own environment settings (``--env PYTHONPATH=$(pwd)``,
    ``-e K=V``), which no longer reach the program."""
    keys = ("--env", "-e") if stage.name == "podman-hpc" else ("--env",)
    envs = [v for k, v in stage.options if k in keys and v and "=" in v]
    network = [v for v in envs if site_network(v.strip("'\"").partition("=")[0])]
    envs = [v for v in envs if v not in network]
    return (f"; its environment settings ({', '.join(envs)}) no longer reach the program: "
            "export them before the launch if it needs them" if envs else "") + (
        f"; its option(s) {', '.join(f'--env {v}' for v in network)} set the source site's "
        "network (its interfaces or fabric): not to be set on the target, whose own apply"
        if network else "")


_SAME_DIR = re.compile(r'^"?(?:\$\{?PWD\}?|\$\(\s*pwd\s*\)|`\s*pwd\s*`|\.)/?"?$')


def _workdir_clause(stage: Stage) -> str:
    """Where the dropped container started the program (``--pwd DIR``, apptainer's ``--cwd``):
    the port starts it in the job's directory instead; name DIR and, through a bind, its
    host path (``-B $HOME/proj:/code --pwd /code/run``: ``$HOME/proj/run``)."""
    where = stage.get("--pwd") or stage.get("--cwd")
    if not where or _SAME_DIR.match(where):
        return ""
    binds = [v for k, v in stage.options if k in ("-B", "--bind") and v]
    for bind in (b for v in binds for b in v.split(",")):
        host, _, inside = bind.partition(":")
        inside = inside.split(":")[0].rstrip("/")
        if inside and host and (where == inside or where.startswith(inside + "/")):
            host_dir = host.rstrip("/") + where[len(inside):]
            if _SAME_DIR.match(host_dir):
                return ""
            return (f"; the container started the program in {where} (--pwd), {host_dir} on "
                    f"the host (the bind {bind}): the port starts it in the job's directory: "
                    f"put `cd {host_dir}` before the launch if it reads or writes relative paths")
    return (f"; the container started the program in {where} (--pwd), a directory of the "
            "image or the source's filesystem: the port starts it in the job's directory: "
            "change to the matching directory before the launch if it reads or writes "
            "relative paths")


def _bound_program_clause(stage: Stage, p: ParsedScript) -> str:
    """Where the program's path exists only through one of the dropped container's binds
    (``-B $PBS_O_WORKDIR:/fme`` and ``python /fme/train.py``): say so and name the host path."""
    binds = [v for k, v in stage.options if k in ("-B", "--bind", "-V", "--volume", "-v") and v]
    for bind in (b for v in binds for b in v.split(",")):
        host, _, inside = bind.partition(":")
        inside = inside.split(":")[0].rstrip("/")
        program = p.launch.entrypoint
        if inside and host and program.startswith(inside + "/"):
            return (f"; the program {program} is a path inside the container (the bind "
                    f"{bind}): on the host it is {host}{program[len(inside):]}, the path the "
                    "port starts it from")
    return ""


def _unaccounted(src: Source, script: str, notes: list[str]) -> list[tuple[int, str]]:
    """What the port dropped from the source with no note: lines, directives, launch tools."""
    text = "\n".join(src.lines)
    line = launch_command_line(text) or 0
    stages = unaccounted_stages(src.parsed.launch, line, script, notes) if line else []
    return sorted(unaccounted_lines(text, script, notes)
                  + unaccounted_directives(src.parsed.directives, script, notes) + stages)


#: Modules whose tool is called by another name: conda distributions give ``conda`` and the
#: ``activate`` that ``source activate ENV`` runs.
_MODULE_TOOLS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"(?:mini|ana)conda|miniforge|mambaforge|micromamba|(?:^|/)conda"),
     ("conda", "mamba", "source activate", ". activate", "activate")),
    # juliaup installs and selects Julia versions: its module puts `julia` on PATH
    # (https://github.com/JuliaLang/juliaup: "julia" is the launcher juliaup installs)
    (re.compile(r"(?:^|/)juliaup"), ("julia", "juliaup")),
)
_LOAD_LINE = re.compile(r"^\s*(?:module\s+(?:load|add)|ml)\s+(.+?)\s*(?:#.*)?$")


def _module_tools(module: str) -> tuple[str, ...]:
    """The commands a module puts on the job's PATH, by its name (``poetry/1.7.1`` gives
    ``poetry``; ``python/anaconda3`` gives ``conda`` and ``activate``)."""
    name = module.lower()
    tools = [t for pattern, names in _MODULE_TOOLS if pattern.search(name) for t in names]
    base = name.split("/", 1)[0]
    return tuple(tools) or ((base,) if re.fullmatch(r"[a-z][a-z0-9_-]*", base) else ())


#: Words bash runs itself: no module provides them.
_SHELL_BUILTINS = frozenset({"source", ".", "eval", "export", "cd", "echo", "set", "exec",
                             "time", "unset", "alias", "ulimit", "umask", "type", "hash"})
#: The source line a module-tool note speaks of (``... later (line N `...`)``).
_TOOL_USE = re.compile(r"provided `[^`]+`, which the job runs later \(line (\d+) ")


def _kept_tool_notes(notes: list[str], src: Source, script: str) -> list[str]:
    """``notes`` less the module-tool notes about a source line the port does not keep (the
    note would speak of a line that is not there)."""
    def kept(note: str) -> bool:
        found = _TOOL_USE.search(note)
        if found is None:
            return True
        number = int(found.group(1))
        line = src.lines[number - 1].strip()
        # a command kept as the job's work is read through a stand-in on its line: it is
        # put back in place of the target's launch
        return line in script or (bool(src.original) and STAND_IN in line)

    return [n for n in notes if kept(n)]


def _module_tool_notes(src: Source, profile: ClusterProfile) -> list[str]:
    """A note for each source module that provided a command the job runs later
    (``ml poetry/1.7.1`` then ``poetry install``; ``module load miniconda`` then ``conda
    activate env``): the target does not load it, so that line needs the tool from the
    target's own module or an install of the user's."""
    notes: list[str] = []
    lines = src.lines
    launch = source_launch_line("\n".join(lines)) or 0
    if src.original and _own_program(src):
        # the job's work is a command kept as written (`julia x.jl`, read through a Python
        # stand-in): its program still comes from the module; a Python launch is the
        # target's own (its launcher, its Python)
        lines, launch = src.original, 0
    # the tools the target's own modules (or its activation) give
    theirs = {t for m in profile.software.modules for t in _module_tools(m)} | {
        w for line in profile.software.activate for w in re.findall(r"[\w.-]+", line)}
    for at, line in enumerate(lines):
        found = _LOAD_LINE.match(line)
        if not found:
            continue
        for module in found.group(1).split():
            if module.startswith("-"):
                continue
            # a container runtime's line is the launch the container notes speak of
            starts = [(tool, re.compile(rf"\s*(?:time\s+|\(\s*)?{re.escape(tool)}(?:\s|$)"))
                      for tool in _module_tools(module)
                      if tool not in CONTAINER_RUNTIMES and tool not in _SHELL_BUILTINS]
            uses = [(k + 1, text.strip(), tool)
                    for k, text in enumerate(lines[at + 1:], at + 1)
                    for tool, start in starts
                    if k + 1 != launch and start.match(text)]
            if not uses or theirs & set(_module_tools(module)):
                continue  # the target gives the tool too
            first = uses[0]
            notes.append(
                # the tool, not the line's first word (`source activate env`: conda's
                # `activate`, not the shell's `source`)
                f"`{line.strip()}` (line {at + 1}) provided `{first[2].split()[-1]}`, which the "
                f"job runs later (line {first[0]} `{short(first[1], 60)}`): "
                f"{profile.name} does not load {module}: load {profile.name}'s own module "
                f"for it (`module avail {_module_tools(module)[0]}`) or install it before "
                "the job, or that line "
                "finds no such command")
    return notes


#: A placeholder the user was meant to fill in (``git checkout "<your_training_branch>"``,
#: ``--data <PATH>``): ``<`` and ``>`` around a name, no redirect.
_PLACEHOLDER = re.compile(r"(?<![<\w$])<([A-Za-z_][\w .:/-]{0,60})>(?![>\w])")


#: The message of ``${1:?usage: job.sh <config>}``: printed when the value is missing, not a
#: value to fill in.
_MESSAGES = re.compile(r"\$\{\w+:?\?[^}]*\}")


def _placeholder_notes(src: Source) -> list[str]:
    """A note for each command or directive line of the source that holds a placeholder the
    user was meant to fill in (``<your_dir>``, ``/path/to/data``, ``/home/xxx/...``,
    ``YOUR_USERNAME``): kept as written, and it does not run as intended until it is filled in."""
    return list(_placeholder_notes_of(tuple(src.lines)))


@lru_cache(maxsize=256)
def _placeholder_notes_of(lines: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`_placeholder_notes` of the source's lines, once for all of its targets."""
    notes = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        directive = bool(STORAGE_DIRECTIVE.match(text))
        if not text or (text.startswith("#") and not directive) or "<<" in text:
            continue
        if re.match(r"(?:echo|printf)\b", text):
            continue  # a message the job prints (`echo "usage: job.sh <config>"`)
        bare = _MESSAGES.sub("", text)
        found = ([] if directive else [m.group(0) for m in _PLACEHOLDER.finditer(bare)])
        found += [w for w in placeholder_paths(bare) if not any(w in f for f in found)]
        if found:
            notes.append(f"line {number} `{short(text, 80)}` holds the placeholder "
                         f"{', '.join(f'`{w}`' for w in found)}: kept as written; fill it in "
                         "before you submit the job")
    for field_, at in program_fields("\n".join(lines)).items():
        notes.append(f"line{'s' if len(at) > 1 else ''} {', '.join(map(str, at))}: "
                     f"`{field_}` in the program's arguments is passed as written, read as "
                     "the program's own format field (it fills it when it runs); if a "
                     "generator fills it before the job is submitted, render the file first")
    return tuple(notes)


def _framework_module_note(modules: list[str], src: Source, profile: ClusterProfile,
                           target: str) -> list[str]:
    """A source module that gave the program another framework than PyTorch (``ml
    TensorFlow/2.5.0``), not loaded on the target, whose modules are the PyTorch template's:
    named, with what to load instead."""
    if src.framework is None:
        return []
    given = [(m, found[0].name) for m in modules if (found := framework_named(m)) is not None]
    return [f"module {module} gave the program {name}; {profile.name}'s modules here ({target}) "
            f"are the PyTorch template's and may not have it: load {profile.name}'s {name} "
            f"(`module avail {name.lower()}`) or an environment of your own with it before the "
            "launch" for module, name in given[:1]]


#: A module that gives the job a deep-learning framework (``pytorch-gpu/py3/2.3.0``,
#: ``PyTorch/2.1.2-foss-2023a``, ``tensorflow-gpu/2.4``, ``jax/0.4``) or a site's ML Python
#: stack (``python/3.8-cuda-ml``, ``ml-toolkit-gpu/pytorch``).
_FRAMEWORK_MODULE = re.compile(r"(?i)torch|tensorflow|\bjax\b|keras|(?:^|[/_-])ml(?:$|[/_-])")
#: The job's own Python environment switched on in the script (a venv, conda, a runner).
_OWN_ENV = re.compile(
    r"(?:^|[\s;&|])(?:(?:source|\.)\s+\S*activate\b|(?:conda|mamba|micromamba|pyenv)\s+activate\b"
    r"|(?:uv|poetry|pixi|conda|mamba|micromamba)\s+run\b|\S*/bin/python[\d.]*\b"
    r"|export\s+(?:PATH|VIRTUAL_ENV|CONDA_PREFIX)=)")


def no_framework_note(modules: list[str], lines: list[str], profile: ClusterProfile,
                      o: dict[str, Any]) -> str:
    """Where the source gets its framework only from a site module (``module load
    pytorch-gpu/py3/2.3.0``), activates no environment of its own, and the target gives a job
    no framework (``software.system_frameworks: false``): the program fails at import there
    unless the user adds an activation, said plainly; "" otherwise. (A refusal here would
    turn ports the realport set judges correct into refusals: a note, for the lead to weigh.)"""
    given = [m for m in modules if _FRAMEWORK_MODULE.search(m)]
    if profile.software.system_frameworks or not given or o.get("modules"):
        return ""
    code = "\n".join(x for x in lines if not x.lstrip().startswith("#"))
    if _OWN_ENV.search(code):
        return ""
    return (f"NOT READY TO RUN: the program gets its framework only from the source's site "
            f"module {', '.join(given[:2])}, which {profile.name} does not have, and the script "
            f"activates no environment of its own; {profile.name} gives a job no framework "
            f"({', '.join(profile.software.modules) or 'its modules'} alone has none), so the "
            "program fails at import: add the line that activates your environment with the "
            "framework (`source <venv>/bin/activate` or `conda activate <env>`) before the "
            "launch")


def _remote_hosts_note(src: Source, profile: ClusterProfile) -> str:
    """The note naming the lines of the user's script that reach another machine (scp, rsync,
    ssh from a host of the source site: :mod:`maple_flow.port.remote_hosts`); "" when none."""
    from maple_flow.knowledge.clusters import all_profiles
    source = all_profiles().get(src.cluster or "")
    return remote_hosts_note(src.original or src.lines, profile,
                             source if source is not None and source.id != profile.id else None)


def _software_notes(src: Source, profile: ClusterProfile,
                    toolkit: list[str] | None = None) -> list[str]:
    p, notes = src.parsed, (_launch_block_notes(src.parsed)
                          + _shared_line_note(src.parsed, profile))
    target = ", ".join([*profile.software.modules, *(toolkit or [])]) or "no modules"
    if p.modules or p.module_use:
        named = [_with_value(m, p.variables) for m in p.module_use + p.modules]
        notes.append(
            f"modules {', '.join(named)} belong to the source cluster "
            f"and are not loaded; {profile.name} loads: {target}"
        )
        notes += _framework_module_note(named, src, profile, target)
        notes += _module_tool_notes(src, profile)
    notes += _placeholder_notes(src)
    where = storage_note(src.lines, profile)
    notes += [where] if where else []
    reach = _remote_hosts_note(src, profile)
    notes += [reach] if reach else []
    for stage in p.launch.stages:
        if stage.name in CONTAINER_RUNTIMES:
            notes += [] if plan_container(p, profile) else [
                _dropped_container_note(stage, p, profile)]
        elif stage.name.endswith(" run"):
            continue  # the user's environment runner: kept or named by port.runner
        elif stage.name == "time" and stage is p.launch.stages[0] and bash_timed(
                p, "\n".join(src.lines)):
            notes.append("the source timed its launch (`time` in front of it): the target's "
                         "launch is timed the same way")
        elif (stage.name.startswith("$") and not prefix_variable(stage.name, src.lines)
              and stage.name != p.launch.wrapper_script):  # a wrapper: port.user_wrapper's
            notes.append(
                f"`{stage.name}` in front of the program is not set in the script; it is not "
                "carried (if it wrapped the program, e.g. in a profiler, add it on the target)"
            )
    notes += _interpreter_notes(src, profile) + _command_line_options_notes(p)
    redirects = [r for r in p.launch_redirects if r not in {"2>&1", ">&2", "1>&2"}]
    if redirects and not p.launch_tail:
        notes.append(f"the source sends the program's output elsewhere ({' '.join(redirects)}); "
                     "the port writes it to the scheduler's output file: add the redirection "
                     "if you need it")
    moved = (container_program_host(p)
             if not any(st.name in CONTAINER_RUNTIMES and plan_container(p, profile)
                        for st in p.launch.stages) else None)
    if wrapper_is_program(p) and moved is not None:
        notes.append(
            f"your script {p.launch.wrapper_script} is the program the launcher starts (no "
            "Python program follows it), a path inside your container (its mount "
            f"`{moved[2]}`), which {profile.name} does not use: started from its host path "
            f"{moved[1]}, its other words verbatim; check on the target what it runs (paths "
            "inside the container, modules, launchers inside it)"
            + _scheduler_named_note(p.launch.wrapper_script, p.scheduler, profile))
    elif wrapper_is_program(p):
        notes.append(
            f"your script {p.launch.wrapper_script} is the program the launcher starts (no "
            "Python program follows it): started as the source did, with its words verbatim; "
            "check on the target what it runs (paths, modules, launchers inside it)"
            + (f"; written ./{p.launch.wrapper_script}: srun found it in the job's directory "
               f"(it looks there after $PATH), {profile.launch.launcher} looks on $PATH only"
               if wrapper_from_job_dir(p, profile) else
               "; the target's launcher finds it on $PATH: write ./"
               f"{p.launch.wrapper_script} if it lies in the job's directory"
               if "/" not in p.launch.wrapper_script and not wrapper_shell(p)
               and profile.launch.launcher != "srun" else "")
            + _scheduler_named_note(p.launch.wrapper_script, p.scheduler, profile)
            + srun_task_vars_note(p, profile))
    if p.launch.command:
        notes.append(_command_note(p, profile))
    if shell_script_program(p) and not wrapper_is_program(p):
        notes.append(f"the program {p.launch.entrypoint} is a shell script of yours: the "
                     "target's launcher starts it as itself, as the source did; check on the "
                     "target what it runs (paths, modules, launchers inside it)")
    return notes


def _scheduler_named_note(script: str, source: str | None, profile: ClusterProfile) -> str:
    """A wrapper named after the source's scheduler (``slurm2ddp.sh``) on a target with
    another one: it likely reads variables the target's launcher does not set."""
    name = os.path.basename(script).lower()
    if not source or source == profile.scheduler or source not in name:
        return ""
    return (f"; its name says it is made for {source} (it likely reads {source.upper()}_* "
            f"variables), and {profile.name} runs {profile.scheduler}: make it read what "
            f"{profile.launch.launcher} sets there")


def _command_note(p: ParsedScript, profile: ClusterProfile) -> str:
    """The note on an installed command the launch starts (``srun fairseq-train``)."""
    entry = p.launch.entrypoint
    if runs_an_app(p):
        return (f"{entry} is a program that is not Python (an MPI/GPU application or a "
                f"compiled binary): {profile.name}'s {profile.launch.launcher} starts it on each "
                f"rank as itself; build or load it for {profile.name} (its modules and MPI) so "
                f"that {entry} runs there")
    return (f"{entry} is an installed command (a package's console script), not a Python file: "
            f"the source's {p.launch.launcher} started it, and the target's launch starts it "
            "as itself (no python in front of it; a per-node launcher given its option for that: "
            f"{', '.join(f'{k} {v}' for k, v in NO_PYTHON_OPTION.items())}); install its "
            f"package in {profile.name}'s environment so that {entry} is on PATH there")


def _command_line_options_notes(p: ParsedScript) -> list[str]:
    """A note on a site launcher's options taken from the job's command line (``srun "$@"
    sh -c ...``): the port cannot read them, so they are not carried."""
    return [f"the source's {s.name} took options from the script's command line (`{k}`, "
            "e.g. `--jobid` of an allocation): not carried; add them to the target's launch "
            "if the job needs them" for s in p.launch.stages for k, _ in s.options
            if k in {"$@", "${@}"}]


def _site_command_notes(p: ParsedScript, profile: ClusterProfile) -> list[str]:
    """Notes on a source site's own launcher or python command the port replaces
    (templates/sites/other_sites.yaml)."""
    notes = [f"`{s.via}` is {site[0].name}'s own launcher command ({site[2]}): the port runs "
             f"{profile.name}'s {site[1]} in its place, with the options it was given"
             for s in p.launch.stages if (site := site_launcher(s.via))]
    python = site_python(p.launch.python)
    if python is not None:
        notes.append(f"`{p.launch.python}` is {python[0].name}'s own command for python (it "
                     f"{python[1]}): the port runs {profile.name}'s "
                     f"`{profile.software.python}` instead; install the program's packages there")
    return notes


#: An interpreter named with its minor version (``python3.10``), no path.
_VERSIONED_PYTHON = re.compile(r"i?python(\d\.\d+)")


def _interpreter_notes(src: Source, profile: ClusterProfile) -> list[str]:
    """The note on a source interpreter given by path that the port does not run."""
    python = src.parsed.launch.python
    notes = _site_command_notes(src.parsed, profile)
    version = _VERSIONED_PYTHON.fullmatch(python)
    if not notes and version and python != profile.software.python:
        return [f"the source ran the program with `{python}` (Python {version.group(1)}); the "
                f"port runs {profile.name}'s `{profile.software.python}` (its module's Python "
                f"version): if the program needs Python {version.group(1)}, run it with an "
                "interpreter of that version on the target (your own environment's)"]
    if not notes and python.startswith("ipython"):
        return [f"the source ran the program with `{python}`; the port runs {profile.name}'s "
                f"`{profile.software.python}` (the program file runs the same way; IPython's "
                f"own features, e.g. `%` magics in the program, need `{python}` back on the "
                "launch)"]
    if notes or "/" not in python:  # the user's own interpreter (~/anaconda3/bin/python)
        return notes
    return [f"the source ran the program with the interpreter {python}, a path of the source's "
            f"filesystem; the port runs {profile.name}'s `{profile.software.python}`: install "
            "the program's packages there, or put your interpreter's path back if it exists on "
            "the target"]


def _arg_notes(args: list[str]) -> list[str]:
    return [
        f"argument {a!r} names a path: make sure it exists on the target"
        for a in args
        if is_path(a) and not re.match(r"[A-Za-z][\w+.-]*://", a)  # tcp://host:port: no path
    ]


def _account(src: Source, profile: ClusterProfile, given: str | None) -> list[str]:
    if given:
        return []
    was = f"the source account {src.facts.account!r} is not copied; " if src.facts.account else ""
    need = "required" if profile.account.required else "optional"
    return [
        f"{was}set the {profile.name} account ({need}; {profile.account.hint}), e.g. "
        f"account='{profile.account.example}' or --account"
    ]


def _size(src: Source, profile: ClusterProfile, o: dict[str, Any]) -> tuple[int, int, list[str]]:
    if src.total is None:  # only with nodes= given: the target size is what was said
        gpn = o.get("gpus_per_node") or profile.gpu.per_node
        return o["nodes"], gpn, [f"{o['nodes'] * gpn} ranks: {o['nodes']} node(s) as you said"]
    f = src.facts
    found = source_layout_args(f.args, f.nodes, f.gpus_per_node, src.total)
    want_nodes, want_gpn = (None, None) if o.get("nodes") or o.get("gpus_per_node") else (
        wanted_layout(found, src.total, profile.gpu.per_node))
    nodes, gpn, note = place_ranks(
        src.total, profile.gpu.per_node, o.get("nodes") or want_nodes,
        o.get("gpus_per_node") or want_gpn,
    )
    if src.size_answered and note and o.get("ranks"):  # the total is yours, not the source's
        note = note.replace("the source ran ", "you asked ", 1).replace(
            "the source's ", "your ", 1)
    elif src.size_answered and note:  # the source's layout is unknown: nothing compared with it
        note = (f"the script does not state the job's size: the port runs {count(nodes, 'node')}"
                f" x {count(gpn, 'rank')} a node ({count(nodes * gpn, 'rank')}), the size you "
                "gave")
    notes = [note] if note else []
    notes += disagreements(found, nodes, gpn, profile.name)
    notes += gpu_id_notes(f.args, profile.gpu.per_node, profile.name)
    changed = (f.nodes, f.gpus_per_node) != (nodes, gpn) and bool(
        f.nodes and f.gpus_per_node) and not src.size_answered
    if changed and not disagreements(found, nodes, gpn, profile.name):
        notes.append(repack_note((f.nodes or 0, f.gpus_per_node or 0), (nodes, gpn),
                                 profile.name))
    if gpn > profile.gpu.per_node:
        notes.append(
            f"{gpn} ranks per node exceed the {profile.gpu.per_node} devices of a "
            f"{profile.name} node"
        )
    return nodes, gpn, notes


def _timing(
    src: Source, profile: ClusterProfile, size: tuple[int, int], o: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    from maple_flow.knowledge.directives import pjm_walltime

    wanted = o.get("walltime")
    unread = None if wanted or src.facts.walltime else pjm_walltime(src.lines)
    unlimited = not wanted and bool(src.facts.walltime_unlimited)
    seconds = walltime_seconds(wanted) if wanted else (
        src.facts.walltime or (unread[0] if unread else
                               NO_LIMIT_SECONDS if unlimited else 1800))
    if o.get("queue"):
        if unlimited:  # the queue you named: its longest limit
            seconds = next((q.walltime_limit_seconds(size[0]) for q in profile.queues.items
                            if q.name == o["queue"]), 1800)
        return {"queue": o["queue"], "walltime": format_walltime(seconds)}, []
    nodes = size[0]
    queue, seconds, note = choose_queue(profile, nodes, seconds, size[1])
    if unlimited:
        note = no_limit_note(src.facts, profile, queue, seconds, note)
    notes = [note] if note else []
    queue, why = _queue_that_takes(profile, queue, size, seconds)
    notes += [why] if why else []
    if src.facts.queue:
        notes.append(
            f"source queue {src.facts.queue!r} is not copied; {profile.name} uses "
            f"{queue!r} for {nodes} node(s) and {format_walltime(seconds)}"
        )
    if unread:
        notes.append(f"the source's time limit is read from its PJM directive `{unread[1]}` "
                     f"({format_walltime(unread[0])})")
    if not wanted and not src.facts.walltime and not unread and not unlimited:
        ran = ("it ran with its site's default limit" if src.parsed.directives
               else "it has no scheduler directives")
        notes.append(
            f"the source sets no time limit ({ran}); the port asks {profile.name} for "
            f"{format_walltime(seconds)} in {queue!r}: give the time the job needs with "
            "--walltime HH:MM:SS (walltime= in the API)"
        )
    return {"queue": queue, "walltime": format_walltime(seconds)}, notes


def _queue_that_takes(
    profile: ClusterProfile, queue: str, size: tuple[int, int], seconds: int
) -> tuple[str, str]:
    """``queue``, or, when its rules refuse the job (a whole-node partition for a job on part
    of one node), the queue the policy picks for it, as ``maple generate`` would; and why."""
    from maple_flow.knowledge.policy import ResourceRequest, queue_misfits
    from maple_flow.knowledge.policy import choose_queue as policy_queue

    req = ResourceRequest(nodes=size[0], gpus_per_node=size[1], walltime_s=seconds)
    chosen = next((q for q in profile.queues.items if q.name == queue), None)
    if chosen is None or not queue_misfits(req, chosen, profile):
        return queue, ""
    picked = policy_queue(req, profile)
    if picked.queue is None:
        return queue, ""
    name = picked.queue.name
    return name, f"{queue!r} does not take the job; {name!r}: {picked.reason}"


def _model_fields(src: Source, profile: ClusterProfile) -> tuple[dict[str, Any], list[str]]:
    f = src.facts
    if f.launch_model != "per_rank":
        launcher = next((s.name for s in reversed(src.parsed.launch.stages)
                         if s.name in {"torchrun", "deepspeed", "accelerate"}), "")
        kept = user_launcher_options(src.parsed)[1] if launcher == "accelerate" else []
        if kept:  # accelerate runs under any site launcher, once per node, as torchrun does
            instead = (f", instead of {profile.name}'s documented one rank per GPU without "
                       "accelerate" if profile.launch.style == "rank-per-gpu" else "")
            return {"launch_model": "launcher", "keep_launcher": "accelerate"}, [
                f"the source gives accelerate its own options ({' '.join(kept)}): kept, so "
                f"accelerate launch starts the workers on each node, once per node by "
                f"{profile.launch.launcher} (the node rank from ${profile.launch.node_rank_var})"
                + instead]
        if launcher and profile.launch.style == "rank-per-gpu":
            return {"launch_model": "launcher"}, [
                f"the source starts its workers with {launcher}; {profile.name}'s documented "
                f"launch is {profile.launch.launcher} with one rank per GPU, each rank given "
                "RANK/LOCAL_RANK/WORLD_SIZE/MASTER_ADDR/MASTER_PORT (torch.distributed env://), "
                f"so the program runs unchanged without {launcher}"]
        return {"launch_model": "launcher"}, []
    launcher = profile.launch.launcher
    note = (f"launch model kept: one process per GPU ({f.model_why}); on {profile.name} "
            f"{launcher} starts them")
    names = source_rank_names(src.parsed, "\n".join(src.lines), profile, f.rank_vars)
    if f.rank_vars:
        note += f" and sets {', '.join(f'{k} ({v})' for k, v in f.rank_vars.items())} per rank"
        note += _own_rank_read_hedge(src, profile)
    elif names.note:
        note += f" with its own rank variables and MPI; {names.note}"
    else:
        note += (" with its own rank variables and MPI; if the program reads the source "
                 "launcher's variables (SLURM_PROCID, PMI_RANK, PALS_RANKID...) itself, "
                 "check it reads what the target's launcher sets")
    if f.horovod:
        note += "; Horovod must be installed on the target and built with its MPI"
    return {"launch_model": "per_rank", "rank_vars": {**f.rank_vars, **names.rank_vars}}, [note]


_SOURCE_RANK_READ = re.compile(r"\$\{?(SLURM_PROCID|SLURM_LOCALID|SLURM_NODEID)\b")


def _own_rank_read_hedge(src: Source, profile: ClusterProfile) -> str:
    """A hedge for the launch-model note when the program's rank comes from nothing the
    script sets per rank (no rank among its rank variables) and the script reads the source
    launcher's own rank variables (``export RANK=$SLURM_PROCID`` in the batch shell): the
    program likely reads them itself, and the target's launcher sets other names."""
    if any(role == "rank" for role in src.facts.rank_vars.values()) or (
            profile.launch.launcher == "srun"):
        return ""
    seen = [(k, line.strip(), m.group(1)) for k, line in enumerate(src.lines, 1)
            if not line.lstrip().startswith("#") and (m := _SOURCE_RANK_READ.search(line))]
    if not seen:
        return ""
    k, line, name = seen[0]
    return (f"; but the script reads ${name} (line {k} `{short(line)}`), and no per-rank "
            "RANK of its own reaches the program: if the program takes its rank or GPU from "
            f"SLURM_PROCID/SLURM_LOCALID itself, {profile.launch.launcher} on {profile.name} "
            "does not set them (it would run every process as the same rank): make it read "
            "RANK/LOCAL_RANK, which the port's launch sets per rank, or add "
            "`SLURM_PROCID=\"$RANK\" SLURM_LOCALID=\"$LOCAL_RANK\"` to the launch's per-rank "
            "exports")


_VENDOR_NAMES = {"nvidia": "NVIDIA", "intel": "Intel", "amd": "AMD"}


def _device_notes(src: Source, profile: ClusterProfile, args: list[str]) -> list[str]:
    note = device_family_note(_source_vendor(src) or "", profile.gpu.vendor, profile.name, args)
    return [note] if note else []


def _source_vendor(src: Source) -> str | None:
    """The source's GPU vendor: what the script shows (its program, arguments, set-up lines
    and hardware directives), else its cluster's, else the other site its directives name;
    None when not known."""
    from maple_flow.knowledge.clusters import get_profile

    p = src.parsed
    words = [p.launch.entrypoint, *p.launch.args, *(s.text for s in src.steps),
             *(d.value or "" for d in p.directives if d.option in _HARDWARE_DIRECTIVES)]
    vendor = vendor_of_script(p.env, p.modules, words)
    if src.cluster and vendor is None:
        vendor = get_profile(src.cluster).gpu.vendor
    site = other_site_of(p.directives) if vendor is None else None
    return site.gpu_vendor if site is not None else vendor


def _own_envs_on(src: Source, profile: ClusterProfile) -> Source:
    """The user's own environments the source activates (a venv, conda env or conda install
    of the user's, on the source's filesystem; ``scriptparse.steps`` keeps them), for
    ``profile``: where the source's GPU vendor or CPU architecture is known and is not the
    target's, the environment cannot run there (its packages are built for the source's GPUs
    or CPUs), so it is not carried, and the note says to re-create it on the target; else
    kept, flagged."""
    own = [s for s in src.steps if s.keep and OWN_ENV in s.why]
    if not own:
        return src
    p = src.parsed
    vendor = _source_vendor(src)
    named = directive_arch(p.directives)
    arch = named[0] if named else source_arch(src.cluster)
    if vendor and profile.gpu.vendor and vendor != profile.gpu.vendor:
        built = (f"the source's {_VENDOR_NAMES.get(vendor, vendor)} GPUs, and {profile.name} has "
                 f"{_VENDOR_NAMES.get(profile.gpu.vendor, profile.gpu.vendor)} GPUs")
    elif arch and profile.node.arch and arch != profile.node.arch:
        built = f"the source's {arch} CPUs, and {profile.name}'s nodes are {profile.node.arch}"
    else:
        return src
    why = (f"your own environment, built for {built}: it cannot run there, so it is not "
           f"carried; re-create it on {profile.name} (over its own framework module, e.g. a "
           "venv with --system-site-packages) and activate it here")
    return replace(src, steps=[replace(s, keep=False, why=why, text=s.original or s.text,
                                       original="") if s in own else s for s in src.steps])


def _job_name(src: Source, o: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    if o.get("job_name"):
        return {"job_name": o["job_name"]}, []
    name = src.facts.job_name
    if not name:
        return {}, []
    if _JOB_NAME.match(name):
        return {"job_name": name}, []
    return {}, [f"job name {name!r} has characters a job name here cannot: not copied"]


def _nodes_answered(f: ScriptFacts, o: dict[str, Any]) -> bool:
    """Whether ``o`` only answers the node count a script with one process a node driving
    its GPUs leaves to submission (``sbatch -N 32 job.sh``; nodes=, with no GPUs a node or
    the source's own): the job stays one process a node, on that many nodes."""
    gpn = o.get("gpus_per_node")
    return (bool(f.gpus_per_process) and (f.nodes is None or f.nodes_defaulted)
            and bool(o.get("nodes"))
            and not o.get("ranks") and (gpn is None or int(gpn) == f.gpus_per_process))


def _port_one(src: Source, target: str, o: dict[str, Any],
              store: TemplateStore | None = None, lint: bool = True) -> PortResult:
    """The port to ``target``, on the node type that has the GPUs the source asks for
    (:mod:`maple_flow.port.node_type`): every stage sees the target as on those nodes."""
    from maple_flow.knowledge.clusters import get_profile, on_node_type

    profile = get_profile(target)
    ranks = src.total or (src.facts.nodes or 1) * (src.facts.gpus_per_node or 1)
    # one process a source node (or a count not known) needs the whole request on one node,
    # which no layout splits (``memory.fit_memory`` refuses it): a node type that holds it is
    # taken; ranks that share a node's request are spread by the memory stage instead
    asked_mem = source_memory(src.lines, src.parsed.directives)
    one_per_node = (src.total or 0) / (src.facts.nodes or 1) <= 1
    host = (asked_mem.mb, asked_mem.written) if (
        asked_mem is not None and asked_mem.mb and one_per_node) else None
    given_gpn = o.get("gpus_per_node")
    choice = choose_node_type(src.parsed.directives, profile, ranks, o.get("queue"), host,
                              _source_vendor(src), int(given_gpn) if given_gpn else None)
    # the user's own environment is judged against the GPUs of the nodes the port runs on
    # (Stampede3's h100 nodes are NVIDIA, its default nodes Intel)
    src = _own_envs_on(src, profile if choice.type_id is None
                       else profile.on_node_type(choice.type_id))
    if choice.type_id is None:
        result = _port_on(src, target, o, store, lint)
    else:
        with on_node_type(profile.on_node_type(choice.type_id)):
            result = _port_on(src, target, o, store, lint)
    if choice.notes:
        at = sum(1 for n in result.notes if n.startswith("refused for "))
        result.notes[at:at] = list(choice.notes)
    return result


def _port_on(src: Source, target: str, o: dict[str, Any],
             store: TemplateStore | None = None, lint: bool = True) -> PortResult:
    from maple_flow.generate import generate_from_spec
    from maple_flow.knowledge.clusters import get_profile

    profile = get_profile(target)
    text = "\n".join(src.lines)  # the source, as the checks below read it
    f = src.facts
    node_gpus = wrapper_node_gpus(src.parsed, f, o)  # your script, once per node, your GPUs
    if node_gpus:
        f = replace(f, gpus_per_process=node_gpus, nodes=int(o.get("nodes") or f.nodes or 1))
    whole_rank = 0 if (node_gpus or f.gpus_per_process or o.get("gpus_per_node")
                       or o.get("ranks") or f.horovod  # Horovod pins one GPU a rank itself
                       or runs_an_app(src.parsed)) else whole_node_rank_gpus(
        get_profile(src.cluster) if src.cluster else None, f.gpus_per_node, f.nodes, f.ranks,
        f.launch_model == "per_rank", text)
    if _nodes_answered(f, o):  # the node count the script left to submission, given
        f = replace(f, nodes=int(o["nodes"]))
    if _plain_single_run(src, f, o):  # `python3 work.py`, one process on one node
        f = replace(f, gpus_per_process=f.gpus_per_node or 1)  # one process, never torchrun
    one_process = bool(node_gpus) or (bool(f.gpus_per_process) and not (
        src.parsed.directives and (o.get("nodes") or o.get("gpus_per_node"))
        and not _nodes_answered(src.facts, o)))
    if one_process:
        nodes, gpn, one_refusal = one_process_size(f, profile)
        if not src.pinned_steps and not _launch_repinned(src):  # one-GPU srun steps have
            one_refusal = one_refusal or intel_pins_refusal(f, profile)  # their own (gpu_steps)
        notes = [f"your script {f.entrypoint} was started once a task in the source, not once a "
                 f"GPU: started once per node "
                 f"on {profile.name} ({nodes} node(s)), with the {gpus_word(gpn)} a node "
                 "you gave (it starts its own processes on them, as on the source)"
                 if node_gpus else
                 f"one process per node drives {gpus_word(gpn)} in the source: kept so on "
                 f"{profile.name} ({nodes} node(s) x {gpn} GPU(s), the program started once "
                 "per node)" if not f.packed_copies else
                 f"the job's copies share its {gpus_word(gpn)} on {profile.name} "
                 f"({nodes} node(s) x {gpn} GPU(s)), each a plain run on the GPU it names, "
                 "as in the source" + (f" ({f.packed_copies})" if FROM_SOURCE_NODE in
                                       f.packed_copies else "")]
    elif runs_an_app(src.parsed) and not (o.get("nodes") or o.get("gpus_per_node")):
        nodes, gpn, notes, one_refusal = app_layout(
            src.parsed, (f.nodes, f.gpus_per_node, src.total), profile)
        one_refusal = cuda_app_refusal(src.original or src.lines, src.parsed.launch.entrypoint,
                                       profile) or one_refusal
    else:
        (nodes, gpn, notes), one_refusal = _size(src, profile, o), ""
        one_refusal = "" if (o.get("ranks") or o.get("nodes") or o.get("gpus_per_node")) else (
            whole_node_shared_gpus(get_profile(src.cluster) if src.cluster else None,
                                   f.gpus_per_node, f.nodes, f.ranks,
                                   f.launch_model == "per_rank", text))
        if whole_rank and src.cluster and gpn * nodes == f.ranks:  # one GPU a rank, said
            notes.append(whole_node_rank_note(get_profile(src.cluster), whole_rank,
                                              f.nodes or nodes, (nodes, gpn), profile.name))
    timing, time_notes = _timing(src, profile, (nodes, gpn), o)
    size = (nodes, gpn, nodes if one_process else nodes * gpn)
    carried = Carried(size=size)
    array = port_array(src.parsed, profile)
    carried.job_vars += [array.index_var] if array.index_var else []
    carry_env(src, profile, o, carried)
    py_env, py_notes = python_option_env(src.parsed.launch.python_opts)
    carried.env.update({k: v for k, v in py_env.items() if k not in carried.env})
    carried.notes += py_notes
    carry_steps(src, profile, carried)
    loop_problem = carry_loop(src, profile, carried)
    in_image = image_body(src.parsed)  # a `bash -c` body kept in the image runs there too
    job_steps = (carried.steps + carried.loop_open + carried.loop_close
                 + ([in_image.steps] if in_image is not None else []))
    program_words = list(src.facts.args) + step_words(job_steps) + _kept_command_words(src)
    proxy_env, proxy_notes = proxy_edit(
        job_steps, carried.env, text, profile,
        hub_models(program_words, src.parsed.variables), wandb_online(text, program_words),
        (source_proxy(text), inline_fetch(text), hub_account(text)))
    carried.env.update(proxy_env)
    carried.notes = drop_replaced(carried.notes, proxy_env) + proxy_notes
    errexit, errexit_notes = source_errexit(src.parsed)
    entry, args = translate(src, profile, carried)
    args = _live_positionals(args)
    model, model_notes = ({"launch_model": "launcher"}, []) if one_process else _model_fields(
        src, profile)
    name, name_notes = _job_name(src, o)
    local_rank = not one_process and passes_local_rank(src.parsed.launch.stages)
    model_notes += [local_rank_note(profile, model)] if local_rank else []
    cpus, cpu_notes = fit_cpus_per_task(
        f.cpus_per_task, profile, gpn if model["launch_model"] == "per_rank" else 1)
    framework, strategy, setup_notes = accelerate_setup(
        src.parsed, o.get("framework", f.framework), o.get("strategy", f.strategy), o)
    model_notes += setup_notes
    one_per_node = one_process or size[2] == 1
    # a visibility setting the port did not copy (`CUDA_VISIBLE_DEVICES=`free-gpu``) is none
    dropped = profile.gpu.visible_devices_var in carried.site_computed
    share_env, share_notes = limit_visible_gpus(
        profile, gpn, set(carried.env), "" if dropped else text
    ) if one_per_node else ({}, [])
    carried.env.update(share_env)
    fields: dict[str, Any] = {
        "cluster": profile.id,
        "framework": framework,
        "strategy": strategy,
        "nodes": nodes,
        "gpus_per_node": gpn,
        "entrypoint": entry,
        "module": f.module,
        "args": args,
        "env": carried.env,
        "setup_steps": carried.steps,
        "loop_open": carried.loop_open,
        "loop_close": carried.loop_close,
        "setup_errexit": errexit,
        "cpus_per_task": cpus,
        "local_rank_arg": local_rank,
        "array": array.spec,
        "account": o.get("account"),
        **timing,
        **model,
        **name,
    }
    toolkit = plan_toolkit(src.original or src.lines, profile, _own_program(src))
    fields["modules"] = [*toolkit.modules, *o.get("modules", [])]
    fields.update({k: v for k, v in o.items() if k == "master_port"})
    fields["provenance"] = _provenance(fields, o, src)
    spec = JobSpec.model_validate(fields)
    result = generate_from_spec(spec, strict=False, store=store)
    notes = src.notes + _setup_notes(src) + notes + time_notes + model_notes + name_notes
    notes += _framework_cluster_note(src, profile, size[2])
    notes += _shell_changed_note(src, result.script)
    notes += cpu_notes
    notes += result.notes  # a learned variant not used, or fixes of it left out
    notes += [array.note or f"job array kept: {array.spec}, one job per index, each given its "
              f"index in ${array.index_var}"] if array.spec else []
    notes += errexit_notes if carried.steps else []
    notes += _account(src, profile, o.get("account")) + carried.notes
    notes += _helper_scheduler_notes(carried.notes, src, profile)
    notes += ([] if body_in_image(src.parsed, profile)  # the body's steps run there, as written
              else inner_step_notes(src.parsed, carried.steps)) + inner_after_notes(
                  src.parsed, profile)
    notes += _software_notes(src, profile, toolkit.modules) + toolkit.notes + _arg_notes(args)
    notes += scheduler_option_notes(src.parsed, text, profile)
    notes += home_start_note(src.parsed, src.steps, profile)
    # how the target's submit command passes the submitting shell's variables: submit_inputs_note
    notes += live_refs_note(entry, args, carried, frozenset(container_reads(src, profile)))
    notes += _device_notes(src, profile, args)
    notes += gpu_argument_note(src.parsed, f, gpn) if one_process or size[2] == 1 else []
    notes += mig_note(src.parsed, profile) + share_notes
    stack = no_framework_note(src.parsed.modules, src.lines, profile, o)
    notes += [stack] if stack else []
    refusals = [x.message for x in result.findings if x.severity == "error"]
    refusals += [loop_problem] if loop_problem else []
    refusals += [toolkit.refusal] if toolkit.refusal else []
    refusals += [array.refusal] if array.refusal else []
    per_node = (per_node_script_refusal(src.parsed, f, o)
                or wrapper_workers_refusal(src.parsed, f, o)
                or wrapper_task_gpus_refusal(src.parsed, o))
    refusals += [per_node] if per_node else []
    refusals += [pinned_steps_refusal(src.pinned_steps, profile)] if (
        src.pinned_steps and pinned_steps_refusal(src.pinned_steps, profile)) else []
    # a wrapper that starts its own workers is no one-process job: its refusal comes first
    refusals = ([one_refusal] if one_refusal and not per_node
                else refusals + carried.refusals)
    rendered, problem = (as_command(result.script, profile.software.python, entry)
                         if src.parsed.launch.command else (result.script, ""))
    refusals += [problem] if problem and not refusals else []
    rendered, written_notes = (_written_launch_args(rendered, entry, args, f.module, carried)
                               if not src.parsed.launch.array_command else (rendered, []))
    notes += written_notes
    rendered, entry_notes, entry_refusal = keep_written_entry(
        rendered, src.parsed, profile, entry, f.module, carried)
    notes = drop_literal_note(notes, entry) + entry_notes if entry_notes else notes
    refusals += [entry_refusal] if entry_refusal and not refusals else []
    deferred = _deferred_args_refusal(src.parsed, profile)
    refusals += [deferred] if deferred and not refusals else []
    local_env = (node_local_env_refusal(src, profile, size)
                 or node_local_data_refusal(src, profile, size))
    refusals += [local_env] if local_env and not refusals else []
    applied = apply_edits(rendered, src, profile, one_process=one_process,
                          size=size, entry=entry, errexit=errexit,
                          lost_pids=frozenset(carried.lost_pids))
    applied.script, array_notes, array_refusal = keep_array_command(
        applied.script, src.parsed, profile, entry, args, f.module)
    if not applied.refusals and not array_notes:  # `$SCRIPT` (a variable kept above)
        applied.script, entry_notes, _ = keep_written_entry(
            applied.script, src.parsed, profile, entry, f.module, carried, plain=True)
        notes += entry_notes
    if array_notes:  # the array's own interpreter runs, with its options; its words are
        # kept in the array as written (none is quoted as literal text)
        notes = [n for n in notes if not n.startswith(("the interpreter option",
                                                       "passed as literal text"))]
    notes += array_notes
    refusals += [array_refusal] if array_refusal and not refusals else []
    if applied.interpreter_kept:  # the note on the interpreter replaced is not true then
        notes = [n for n in notes if n not in _interpreter_notes(src, profile)]
    applied.script = restore_array_lines(with_raw_blocks(applied.script, carried), src.lines)
    script, notes, refusals = applied.script, notes + applied.notes, refusals + (
        applied.refusals if not refusals else [])
    script = _image_check_off(script, src.parsed, profile)
    notes = _kept_tool_notes(notes, src, script)
    refusals += _torchrun_for_other_framework(src, script, profile) if not refusals else []
    left = leftovers(script, profile, text) if not refusals else Leftovers()
    refusals, notes = refusals + left.refusals, notes + left.notes
    if not refusals:  # a kept line under set -e that stops the job on the target's GPUs
        notes += _device_break_notes(script, profile)
    if not refusals:  # a note that knows the job breaks as written: refused with it
        broken, notes = refusal_of(notes)
        refusals += [broken] if broken else []
    if not refusals:
        notes += unaccounted_note(_unaccounted(src, script, notes), profile.name)
        notes += spare_gpus_note(src.parsed, src.facts, src.lines, profile, size[1], notes)
        notes += repinned_note(src.lines, script)
    if refusals:
        notes = [f"refused for {profile.name}: {m}" for m in refusals] + notes
        return PortResult(profile.id, "", result.spec, result.template_id, "refused", notes,
                          result.explanation)
    # the script's own arguments restored before the lint reads the port (port() does it
    # again, a no-op then, for a port whose command is put back after this)
    script, notes = with_arguments_restored(script, text, profile.scheduler, notes)
    notes += _shellcheck_notes(script, result.spec, result.template_id) if lint else []
    return PortResult(profile.id, script, result.spec, result.template_id, "generated",
                      notes, result.explanation)


def _device_break_notes(script: str, profile: ClusterProfile) -> list[str]:
    """Breaking notes for the lines of ``script`` known to stop the job on ``profile``'s GPUs
    before its work (``vendor.errexit_device_breaks``)."""
    found = errexit_device_breaks(script, profile)
    if not found:
        return []
    what = "; ".join(found)
    return [Breaking(
        f"the port keeps lines that stop the job on {profile.name} before its work: {what}; "
        "they run under `set -e`, so the job exits there",
        "change them to the target's counterpart, guard them (`|| true`) or drop them, then "
        "port again",
        f"the job, as written, stops on {profile.name} before its work: {what}, under "
        "`set -e`")]


#: Files that set a shell or a package manager up (conda's profile script, a login profile,
#: Intel's setvars): not the user's job helpers.
_SHELL_SETUP_FILE = re.compile(r"profile\.d/|(?:^|/)\.(?:bashrc|bash_profile|profile|zshrc)$|"
                               r"(?:conda|mamba|setvars|modules|lmod)\.sh$")
_HELPER_KEPT = re.compile(r"^set-up kept: `(?:source|\.) [^`]*` \(your helper (\S+): copy it")


def _helper_scheduler_notes(notes: list[str], src: Source, profile: ClusterProfile) -> list[str]:
    """A user file the job sources, kept, when the target's scheduler is not the source's: the
    port cannot see inside it; what it may read of the source's scheduler, and what it may set
    over the port's own values, named with the target's rank variable."""
    if src.parsed.scheduler is None or src.parsed.scheduler == profile.scheduler:
        return []
    helpers = [m.group(1) for n in notes if (m := _HELPER_KEPT.match(n))
               and not _SHELL_SETUP_FILE.search(m.group(1))]
    source = src.parsed.scheduler
    own = {"slurm": "SLURM_PROCID, SLURM_NTASKS, SLURM_JOB_NODELIST, scontrol",
           "pbs": "PBS_NODEFILE, PBS_JOBID, qstat"}.get(source, "its variables and commands")
    return [f"your helper {path} ran in a {source} job on the source and the port cannot see "
            f"inside it: if it reads the source scheduler's variables or commands ({own}), they "
            f"are not there on {profile.name} ({profile.scheduler}; its launcher's rank is "
            f"${profile.launch.rank_var}), and if it sets MASTER_ADDR or MASTER_PORT it "
            "overrides the port's, which are set before it: drop those lines of it"
            for path in helpers]


def _torchrun_for_other_framework(src: Source, script: str, profile: ClusterProfile) -> list[str]:
    """A refusal when the port would start a program of another framework than PyTorch (the
    script shows TensorFlow, JAX, RAPIDS...) with torchrun, which the source did not use:
    torchrun starts torch.distributed workers, and the program's environment may not have it."""
    shown = src.framework
    if shown is None or not re.search(r"(?m)^\s*(?:[^#\n]*\s)?torchrun\s", script):
        return []
    return [f"the script shows {shown[0]} ({shown[1]!r} in {shown[2]}) and starts "
            f"`{src.parsed.launch.entrypoint}` without torchrun, and {profile.name}'s template "
            "would start it with torchrun (torch.distributed workers, a PyTorch tool its "
            f"environment may not have): launch it by hand on {profile.name} as the source did"]


def _plain_single_run(src: Source, f: ScriptFacts, o: dict[str, Any]) -> bool:
    """The source runs its program once, with no launcher, on one node (``python x.py`` on a
    one-GPU job; or one process of TensorFlow, JAX, RAPIDS...): ported as that one plain
    process, never in the target's torchrun, which would run it with the site module's
    Python (not the environment the job activates; a non-PyTorch one may have no torchrun)
    and add a rendezvous the program never had."""
    return (not f.gpus_per_process and f.ranks == 1 and (f.nodes or 1) == 1
            and not any(o.get(k) for k in ("ranks", "nodes", "gpus_per_node"))
            and not any(s.name in LAUNCH_CMDS or s.name in PER_NODE_LAUNCHERS
                        for s in src.parsed.launch.stages))


#: A shebang's shell other than bash/sh (``#!/bin/zsh``, ``#!/usr/bin/env ksh``).
_OTHER_SHELL = re.compile(r"^#!\s*\S*?(?:/env\s+)?(?:\S*/)?(zsh|ksh|mksh|csh|tcsh|fish)\b")


def _shell_changed_note(src: Source, script: str) -> list[str]:
    """The source's shell named when the port runs under another (a ``#!/bin/zsh`` script
    ported into the target's bash template): its lines run under bash there."""
    lines = src.original or src.lines
    shell = _OTHER_SHELL.match(lines[0].strip()) if lines else None
    port_first = script.splitlines()[0] if script else ""
    if shell is None or shell.group(1) in port_first:
        return []
    return [f"shell: the source is a {shell.group(1)} script (`{lines[0].strip()}`) and the port "
            f"is a bash script (`{port_first.strip()}`, the target's template): its lines run "
            f"under bash there, where {shell.group(1)}'s own syntax and startup files "
            f"(~/.{shell.group(1)}rc) do not work: check each kept line under bash"]


def _framework_cluster_note(src: Source, profile: ClusterProfile, ranks: int) -> list[str]:
    """Several processes of a framework other than PyTorch (TensorFlow multi-worker, JAX
    multi-process) moved from a Slurm job to another scheduler: the framework found its peers
    from Slurm's variables under srun (templates/sites/frameworks.yaml), which the target's
    launcher does not set; named, with the target's own rank variable."""
    shown = src.framework
    if shown is None or ranks <= 1 or src.parsed.scheduler != "slurm" or (
            profile.scheduler == "slurm") or src.facts.horovod:
        return []  # Horovod (MPI) finds its peers from the launcher's MPI, on any scheduler
    fw = next(f for f in frameworks().frameworks if f.name == shown[0])
    if not fw.cluster:
        return []
    launch = profile.launch
    where = ", the node names are in $PBS_NODEFILE" if profile.scheduler == "pbs" else ""
    return [f"the script shows {fw.name} and starts {ranks} processes: {fw.cluster} ({fw.source})"
            f"; under {profile.name}'s {launch.launcher} ({profile.scheduler}) no SLURM_* "
            "variable is set, so if the program finds its peers that way (not through MPI, as "
            "Horovod does), give it its cluster itself: its rank is "
            f"${launch.rank_var} (${launch.local_rank_var} on its node){where}"]


def _setup_notes(src: Source) -> list[str]:
    """The source's notes; for an MPI/GPU application, not the guess that it is PyTorch DDP."""
    if not runs_an_app(src.parsed):
        return src.facts.notes
    guess = f"setup pytorch ddp: {setup_of(src.parsed)[2]}"
    name = app_name(src.parsed)
    shown = name == src.parsed.launch.entrypoint  # else words not read (`$SCRIPT cfg.yaml`)
    return [n if n != guess else (
        f"{name} {'is not' if shown else 'is not read as'} a PyTorch job: the target's launch "
        "template gives its launcher, modules and directives; the PyTorch variables it exports "
        "(MASTER_ADDR, WORLD_SIZE, RANK) are "
        f"{'unused by it' if shown else 'there if it reads them'}") for n in src.facts.notes]


def _deferred_args_refusal(p: ParsedScript, profile: ClusterProfile) -> str:
    """Why the port cannot pass the program's arguments as the source did, when the source
    escaped a variable they read from the batch shell inside a ``bash -c`` body (``--page
    \\$SLURM_PROCID``: each task reads its own value); ``""`` when none does. The target's
    launch passes the arguments from the batch shell, where every task would get one value."""
    if not p.deferred_args:
        return ""
    names = ", ".join("$" + n for n in sorted(p.deferred_args))
    line = p.launch_block.line if p.launch_block else 0
    return (f"line {line}: the program's arguments read {names} escaped inside the `bash -c` "
            "body (or single-quoted there) that the launcher runs in each task, so each task's "
            "shell gives its own value (its rank); the port passes the "
            f"arguments from {profile.name}'s batch shell, where every task would get the same "
            "one: read the rank in the program (RANK/LOCAL_RANK, which the port's launch sets "
            "for each rank) instead of an argument, or put the per-task command in a script of "
            "its own that the launch runs, and port again")


def _written_launch_args(script: str, entry: str, args: list[str], module: bool,
                         carried: Carried) -> tuple[str, list[str]]:
    """The rendered port with the program's arguments as the source writes them (see
    ``written_args``), and the notes on it."""
    if carried.launch_args is None:
        return script, []
    head = " ".join(shell_word(w) for w in (["-m", entry] if module else [entry]))
    new, done = put_written_args(script, head, args, carried.launch_args,
                                 launch_command_span(script))
    return (new, carried.launch_args.notes) if done else (script, [])


def _shellcheck_notes(script: str, spec: JobSpec | None = None,
                      template_id: str | None = None) -> list[str]:
    """ShellCheck's findings on a ported script (the templates are clean: these come from
    what was carried over). In a batch, the template rendered alone (from ``spec`` and
    ``template_id``) lets the lint read only what the port does not share with it."""
    from maple_flow.lint import LintError, linting_in_batch, shellcheck
    from maple_flow.port.template_alone import template_alone

    template = None
    if spec is not None and template_id and linting_in_batch():
        template = template_alone(spec, template_id)
    try:
        findings = shellcheck(script, template=template)
    except LintError as exc:
        return [f"shellcheck did not run: {exc}"]
    return [f"shellcheck: {x}" for x in findings if x.at_least("info")]


def _provenance(fields: dict[str, Any], o: dict[str, Any], src: Source) -> dict[str, str]:
    prov = dict.fromkeys(fields, "derived")
    prov["cluster"] = "said"
    for name in ("framework", "strategy", "entrypoint", "module", "args", "env",
                 "setup_steps", "loop_open", "loop_close", "launch_model", "rank_vars",
                 "cpus_per_task", "job_name", "array"):
        if name in fields:
            prov[name] = "parsed"
    if src.facts.walltime and "walltime" not in o:
        prov["walltime"] = "parsed"
    prov.update(dict.fromkeys((k for k in o if k in fields), "said"))
    if not fields.get("account"):
        prov["account"] = "default"
    return prov


def verify_results(results: dict[str, PortResult], *, timeout_s: float = 300.0,
                   progress: Progress | None = None, repair: bool = False,
                   store: TemplateStore | None = None) -> None:
    """Verify (with ``repair``: and repair) every ported script on its target, each as its
    own chain of the pipeline (``maple_flow.workflows.pipeline``); fills ``.status`` and
    ``.report``. Refused targets are not run; with a ``store`` every step is kept there."""
    from maple_flow.workflows.pipeline import check_results

    check_results(list(results.values()), repair=repair, store=store, timeout_s=timeout_s,
                  progress=progress)


def _kept_command_words(src: Source) -> list[str]:
    """The words of the command kept verbatim as the job's process (``uv run train ...
    --wandb``, ``conda run -n env app --report_to wandb``), where the port reads a stand-in
    in its place: what the program reaches online while it runs (W&B, the Hugging Face Hub)
    is read from them as from a Python launch's arguments; [] for any other job."""
    if not (src.parsed.launch.entrypoint or "").endswith(STAND_IN) or not src.original:
        return []
    plan = kept_command("\n".join(src.original))
    return plan.text.split() if plan else []


def _own_program(src: Source) -> str:
    """The job's own program when it is not Python: the command kept as the job's process
    (the stand-in's first argument) or the application a launcher runs; ``""`` otherwise."""
    launch = src.parsed.launch
    if (launch.entrypoint or "").endswith(STAND_IN):
        plan = kept_command("\n".join(src.original)) if src.original else None
        word = next((w for w in plan.text.split() if "=" not in w), "") if plan else ""
        return "" if is_python_command(word) else word
    return launch.entrypoint or "" if runs_an_app(src.parsed) else ""


def _kept_script_refusal(note: str, plan: KeptCommand, cluster: str) -> str:
    """``note`` (a refusal of the stand-in ported for the kept command) in the words of the
    command kept: a script of yours (``./train.sh``, ``bash run.sh``) is not "one process"
    whose GPU count the program sets; what it starts is in that script."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.port.oneproc import ONE_PROCESS_GPUS, wrapper_gpus_refusal

    words = [w for w in plan.text.split() if "=" not in w.split("/")[0]]
    if words and words[0].rsplit("/", 1)[-1] in ("bash", "sh", "zsh", "ksh"):
        words = [w for w in words[1:] if not w.startswith("-")]
    script = words[0] if words else ""
    match = ONE_PROCESS_GPUS.search(note)
    if not match or not script.endswith((".sh", ".bash")):
        return note
    why = (f"line {plan.line} `{plan.text}`: "
           + wrapper_gpus_refusal(script, int(match.group(1)), get_profile(cluster), kept=True))
    return note[:match.start()] + why + note[match.end():]


def _put_back_command(result: PortResult, plan: KeptCommand) -> None:
    """The user's command in place of the stand-in program of a kept-command port, with the
    note saying so (a refused port keeps its reasons, less the stand-in's)."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.port.rules import translate_scheduler_vars

    notes = [n for n in result.notes if not is_stand_in_note(n)]
    if result.status == "refused" or not result.script:
        result.notes = [_kept_script_refusal(n, plan, result.cluster) for n in notes]
        return
    app = next((w for w in plan.text.split() if "=" not in w), "")
    cuda = "" if is_python_command(app) else cuda_app_refusal(
        [*plan.stand_in.split("\n"), plan.text], app, get_profile(result.cluster))
    if cuda:  # a CUDA binary kept as the job's process cannot run on the target's GPUs
        result.status, result.script = "refused", ""
        result.notes = [f"refused for {get_profile(result.cluster).name}: line {plan.line} "
                        f"`{plan.text}`: {cuda}"]
        return
    renamed, _ = translate_scheduler_vars(plan.verbatim, get_profile(result.cluster).scheduler)
    script = put_back(result.script, plan, renamed)
    if script is None:
        result.status, result.script = "refused", ""
        result.notes = [f"line {plan.line} `{plan.text}`: {plan.why}; the port could not put "
                        "it in place of the target's launch: port a script that launches the "
                        "Python program itself"]
        return
    result.script = script
    _storage_with_command(notes, plan, result.cluster)
    kept = tuple(o for o in plan.others if _in_script(o[1], script))  # named only if kept
    result.notes = [_kept_command_note(replace(plan, others=kept), result.spec.gpus_per_node,
                                       result.cluster), *notes]
    if reads_script_args(plan.text) and not any("own arguments" in n for n in notes):
        result.notes.append(script_args_note(plan.line, plan.text, get_profile(result.cluster)))
    broken, rest = refusal_of(result.notes)
    if broken:  # the command kept as the job's work is one the target does not have
        result.status, result.script = "refused", ""
        result.notes = [f"refused for {get_profile(result.cluster).name}: {broken}", *rest]


def _storage_with_command(notes: list[str], plan: KeptCommand, cluster: str) -> None:
    """The note on the source site's places read again with the kept command's own text (the
    stand-in port read the job without it: ``"$ACC" launch x.py /home/u/cfg.yaml``)."""
    from maple_flow.knowledge.clusters import get_profile

    profile = get_profile(cluster)
    before = storage_note(plan.stand_in.split("\n"), profile)
    after = storage_note([*plan.stand_in.split("\n"), plan.verbatim], profile)
    if not after or after == before:
        return
    if before in notes:
        notes[notes.index(before)] = after
    else:
        notes.append(after)


def _remedy_that_holds(err: ParseError, text: str) -> None:
    """Raises ``err`` with its generic remedy ("ask the job one task on one node") replaced by
    the obstacle on the user's lines where that remedy already holds in the source
    (``kept_command.not_kept_reason``), and with the launch's rendezvous taken from submit-time
    inputs named (``refusal_check.submit_time_rendezvous``); returns when neither applies."""
    message = str(err)
    why = not_kept_reason(text) if ONE_TASK_REMEDY in message else ""
    if why:
        message = message.replace(ONE_TASK_REMEDY, why)
    parts = submit_time_rendezvous(text)
    if parts and "never sets" not in message:  # an obstacle only the whole job's shape shows
        message = f"{message}; besides, {parts}"
    if message != str(err):
        raise type(err)(message) from None


def _in_script(text: str, script: str) -> bool:
    """Whether the command ``text`` (one line, blanks made single) is a line of ``script``."""
    return any(" ".join(line.split()) == text for line in script.split("\n"))


def _kept_command_note(plan: KeptCommand, gpus: int, cluster: str) -> str:
    """The note on the command kept as the job's work: breaking when that command, or one of
    the job's other commands of its kind, is a centre's own command the target does not have
    (``docker run``: templates/sites/commands.yaml)."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.knowledge.site_commands import site_command

    note = kept_note(plan, gpus, cluster)
    for line, text in [(plan.line, plan.text), *plan.others]:
        word = next((w for w in text.split() if "=" not in w), "")
        missing = site_command(word, cluster) if word else None
        if missing is not None:
            name = get_profile(cluster).name
            return Breaking(note, missing.instead, (
                f"line {line} `{short(text, 80)}` is the job's work, and {name} does not have "
                f"`{word}`: it {missing.does}"))
    return note


def _launch_repinned(src: Source) -> bool:
    """Whether the source's launch is one of its runs side by side pinned by its own
    ``CUDA_VISIBLE_DEVICES=VALUE`` (kept as written; on Intel GPUs its pin is written
    ``ZE_AFFINITY_MASK=VALUE``, see ``_put_back_pinned``), with every other pinned run a line
    the port keeps too (``packing.intel_repinned_run``)."""
    work = "\n".join(src.lines)
    pinned = pinned_launch(work, launch_command_line(work))
    return pinned is not None and bool(pinned[2]) and pins_are_runs_own(work)


_ONE_PER_NODE = re.compile(r"^one process per node drives (\d+) GPUs? in the source: kept so on "
                           r".+? \((\d+) node\(s\) x (\d+) GPU\(s\), the program started once "
                           r"per node\)$")


def _shared_gpus(note: str, name: str) -> str:
    """The "one process per node drives N GPUs" note said of a job whose runs each pin one GPU
    of the node (kept as written): the node's GPUs are shared out to the runs."""
    match = _ONE_PER_NODE.match(note)
    if not match:
        return note
    return (f"the job's {match.group(1)} GPU(s) a node are kept on {name} ({match.group(2)} "
            f"node(s) x {match.group(3)} GPU(s)): its runs share them, each on the GPU its own "
            "pin names, as in the source")


def _put_back_pinned(result: PortResult, text: str,
                     pinned: tuple[int, list[str], str]) -> None:
    """The source's copy pinned by ``CUDA_VISIBLE_DEVICES=$var`` in place of the target's
    launch (see ``packing.pinned_launch``), with the note saying so."""
    if result.status == "refused" or not result.script:
        return
    from maple_flow.knowledge.clusters import get_profile

    profile = get_profile(result.cluster)
    intel = profile.gpu.vendor == "intel" and bool(pinned[2])
    pinned, renamed = _pinned_renamed(pinned, profile.scheduler)
    port_lines = result.script.split("\n")
    restored = [f"`{short(x.strip(), 80)}`"
                for x in copy_reads_unset(text, port_lines, pinned[1])]
    script = put_back_pinned_launch(result.script, text, *pinned, intel=intel)
    if script is None:
        result.status, result.script = "refused", ""
        result.notes = [f"line {pinned[0]}: a copy pinned by its own CUDA_VISIBLE_DEVICES="
                        f"{pinned[2]}; the port could not keep it in place of the target's "
                        "launch: write the copies on the target by hand", *result.notes]
        return
    result.script = script
    result.notes = [
        pinned_note(*pinned, function_run_in_background(text, pinned[0])),
        *([f"scheduler variables renamed in that copy for {profile.scheduler}: "
           f"{', '.join(sorted(set(renamed)))}"] if renamed else []),
        *([intel_pin_note(pinned[2], profile.name)] if intel else []),
        *([f"set-up kept above the copies, as in the source: {', '.join(restored)} (the copy "
           "kept as written runs what it holds)"] if restored else []),
        *_pinned_kept_notes(result.notes, pinned, profile.name)]


def _pinned_renamed(pinned: tuple[int, list[str], str],
                    scheduler: str) -> tuple[tuple[int, list[str], str], list[str]]:
    """The pinned copy kept as written (``pinned``: line, its lines, its pin) with the source
    scheduler's job variables renamed for the target's ``scheduler``, as in every other kept
    line (``> "half1_${SLURM_JOB_ID}.log"`` on PBS reads ``${PBS_JOBID}``: unset there, and
    fatal under ``set -u``), and the renamings made."""
    from maple_flow.port.rules import translate_scheduler_vars

    renamed: list[str] = []
    lines: list[str] = []
    for line in pinned[1]:
        new, done = translate_scheduler_vars(line, scheduler)
        lines.append(new)
        renamed.extend(done)
    return (pinned[0], lines, pinned[2]), renamed


def _pinned_kept_notes(notes: list[str], pinned: tuple[int, list[str], str],
                       name: str) -> list[str]:
    """``notes`` less the ones a copy kept as written with its own pin makes stale (its pin
    "not copied", its output "sent elsewhere", the launch's prefix or tail "kept"), and the
    "one process per node" note said of the node's GPUs shared out to the runs."""
    value = pinned[2]
    stale = (f"`CUDA_VISIBLE_DEVICES={value}` is kept", "your `nohup` in front of",
             "kept after the launch, as in the source")
    dropped = (f"`export CUDA_VISIBLE_DEVICES={value}`",
               f"`export CUDA_VISIBLE_DEVICES={value}` is not copied")
    redirect = any(re.search(r"(?<![<>&])>", b) for b in pinned[1])
    built = "in the loop around the launch is not copied: it "
    chained = (f"the launch line (line {pinned[0]}) also runs `", "chained in front of the launch")
    return [_shared_gpus(n, name) for n in notes
            if not n.startswith(stale) and built not in n
            and not (n.startswith(chained[0]) or (n.startswith("your `") and chained[1] in n))
            and not (value and (n.endswith(dropped[0]) or n.startswith(dropped[1])))
            and not (redirect and n.startswith("the source sends the program's output"))]


@api_boundary
@refusals_checked
def port(
    script: str | bytes, targets: list[str] | str, *, source: str | None = None,
    verify: bool = False, timeout_s: float = 300.0, progress: Progress | None = None,
    store: TemplateStore | None = None, repair: bool = False, **overrides: Any,
) -> dict[str, PortResult]:
    """Rewrite ``script`` for each target cluster (ids or aliases; a comma-separated string works).

    ``overrides`` are JobSpec fields for the targets: nodes, gpus_per_node, account, queue,
    walltime, job_name, master_port, env, modules, framework, strategy; and ``ranks``, the
    source's total ranks when the script does not say (MissingInformation asks for it, never
    a guess). A target whose rules the port breaks gets status ``refused``. With
    ``verify=True`` every other target's script is run with a mini-app on its endpoint
    (concurrently) and ``.status`` becomes verified, failed or unverified, with ``.report``.
    With ``repair=True`` too, a target that fails is repaired (at most 5 attempts) as soon
    as its own verification is back, and a repaired script's site fixes are learned into
    ``store``. With a template ``store``, a target whose setup has a verified learned
    variant (a script repaired and verified there before) gets that variant: its seed, then
    its site fixes; every verification and repair attempt is kept there.
    Raises ParseError, MissingInformation, UnknownCluster (all MapleError) on unusable input.
    """
    unknown = sorted(set(overrides) - _PORTABLE_OVERRIDES)
    if unknown:
        raise TypeError(
            f"port() got unknown overrides {unknown}; known: {sorted(_PORTABLE_OVERRIDES)}"
        )
    for key in ("nodes", "gpus_per_node"):
        value = overrides.get(key)
        if value is not None and (not isinstance(value, int) or value < 1):
            raise InvalidValue(f"{key}: must be a whole number of at least 1 (got {value!r})")
    names = [t.strip() for t in (targets.split(",") if isinstance(targets, str) else targets)]
    if not any(names):
        raise UnknownCluster(no_target_message())
    text = decode_script(script)  # BOM, CRLF/CR made plain
    plan = None
    try:
        src = _source(text, source, overrides)
    except CpuOnlyJob:
        raise  # no GPU anywhere: not a job to keep on a GPU node as it is
    except ParseError as err:
        plan = kept_command(text)  # one process whose work is a command kept as is
        if plan is None:
            _remedy_that_holds(err, text)
            raise
        if not overrides.get("gpus_per_node") and not plan.gpus_stated:
            raise ask_gpus(plan) from None
        src = _source(plan.stand_in, source, overrides)
        src.original = text.split("\n")
    results = {r.cluster: r for r in (_port_one(src, name, overrides, store)
                                     for name in names if name)}
    for result in results.values():
        if plan is not None:
            _put_back_command(result, plan)
    from maple_flow.knowledge.clusters import get_profile

    inputs = submit_inputs(text)  # what the job takes at submit time, named once a port
    work = "\n".join(src.lines)  # the text ported (its one-GPU srun steps pinned, if any)
    pinned = pinned_launch(work, launch_command_line(work)) if plan is None else None
    for result in results.values():
        if pinned is not None:
            _put_back_pinned(result, work, pinned)
        if any("nothing after it waits" in n for n in result.notes):
            result.notes = [n for n in result.notes if "and never waits for them" not in n]
        if result.status == "refused" and result.notes:  # the obstacles only the whole shows
            result.notes[0] = checked_refusal(result.notes[0], src.parsed.directives, text)
            if pinned is not None and pinned[2]:
                profile = get_profile(result.cluster)
                first = pinned_runs_refusal(result.notes[0], pinned,
                                            function_run_in_background(work, pinned[0]),
                                            profile)
                result.notes = [first, *_pinned_kept_notes(result.notes[1:], pinned,
                                                           profile.name)]
        if result.status != "refused" and result.script:  # the final port against its source
            # the script's own arguments, which the target's submit command may not pass:
            # restored from a variable given at submit time (the submit-time inputs note)
            result.script, result.notes = with_arguments_restored(
                result.script, text, get_profile(result.cluster).scheduler, result.notes)
            unkept = unkept_launches(text, result.script, result.notes)
            name = get_profile(result.cluster).name
            invented = (invented_launch(text, result.script, unkept)
                        or doubled_launch(text, result.script)
                        or broken_shell(text, result.script))
            if invented:
                result.status, result.script = "refused", ""
                result.notes = [f"refused for {name}: {invented}", *result.notes]
            else:
                _before_lint(result, [
                    *unkept_launch_note(unkept, name),
                    *unset_reads_note(unset_reads(text, result.script), name),
                    *dropped_definitions_note(text, result.script),
                    *moved_above_setter_note(text, result.script),
                    *submit_inputs_note(inputs, src.parsed.scheduler,
                                        get_profile(result.cluster), result.script),
                    *foreign_dependency_note(result.script,
                                             get_profile(result.cluster).scheduler, name)])
        elif result.status == "refused":  # the inputs the hand-written port must take too
            result.notes += submit_inputs_note(inputs, src.parsed.scheduler,
                                               get_profile(result.cluster), None)
        result.source = text
    if repair and not verify:
        raise InvalidValue("repair=True needs verify=True (repair starts from the failure)")
    if verify:
        verify_results(results, timeout_s=timeout_s, progress=progress, repair=repair,
                       store=store)
    return results


def _before_lint(result: PortResult, notes: list[str]) -> None:
    """Add the whole-port checks' ``notes`` before the port's shellcheck findings, which come
    last in a port's notes (in a batch they are added after the port, in one run; both orders
    must agree)."""
    at = next((k for k, n in enumerate(result.notes) if n.startswith("shellcheck:")),
              len(result.notes))
    result.notes[at:at] = notes


__all__ = ["PortResult", "port"]
