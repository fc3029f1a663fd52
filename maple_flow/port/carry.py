"""What a port carries from the source besides the program: environment variables and the
user's set-up steps, each kept or dropped with its reason, and the scheduler variables the
program's words read (renamed for the target's scheduler)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

from maple_flow.knowledge.scheduler_vars import (
    equivalent_query,
    foreign_command,
    foreign_pattern,
    scheduler_vars,
)
from maple_flow.knowledge.site_commands import site_command, site_commands
from maple_flow.models import ClusterProfile
from maple_flow.models.job import ENV_NAME, TORCH_RANK_VARS
from maple_flow.models.shell_lines import setup_lines_problem
from maple_flow.port.comments import CommentRuns, is_comment
from maple_flow.port.device_index import device_index_note
from maple_flow.port.fit import SCRIPT_SET_VARS, script_var_setters
from maple_flow.port.gpu_steps import GPU_VAR, STEP_VAR
from maple_flow.port.jobcontrol import job_control_block
from maple_flow.port.packing import intel_repin_why, intel_repinned_run
from maple_flow.port.rules import (
    EnvVerdict,
    classify_env,
    container_env_name,
    network_not_carried,
    reads_scheduler_in_arithmetic,
    referenced,
    site_network,
    translate_scheduler_vars,
)
from maple_flow.port.spare_gpus import spare_gpus, spare_gpus_clause
from maple_flow.port.submit_inputs import required_inputs
from maple_flow.port.task_steps import same_scheduler_task_step
from maple_flow.port.vendor import printed_vendor_variable, vendor_reason
from maple_flow.port.words import short
from maple_flow.port.written_args import (
    LaunchArgs,
    emptied_args,
    launch_args,
    source_reads,
    written_words,
)
from maple_flow.scriptparse import ParsedScript, ScriptFacts
from maple_flow.scriptparse.env_file import EXPORTED_LINE
from maple_flow.scriptparse.facts import size_vars
from maple_flow.scriptparse.launch import launcher_pattern
from maple_flow.scriptparse.model import batch_shell_rank
from maple_flow.scriptparse.shell import split_commands
from maple_flow.scriptparse.steps import HEREDOC_SCHEDULER, Step, heredoc_file, past_prefixes
from maple_flow.scriptparse.values import COMMAND_SUBST, first_int
from maple_flow.shellquote import kept_as_text, shell_word, split_words

_ALWAYS_SET = frozenset({
    "HOME", "PWD", "USER", "PATH", "HOSTNAME", "SLURM_SUBMIT_DIR", "SLURM_JOB_ID",
    "SLURM_JOB_NAME", "SLURM_NNODES", "SLURM_JOB_NUM_NODES", "SLURM_NTASKS", "SLURM_PROCID",
    "SLURM_LOCALID", "SLURM_NODEID", "SLURM_JOB_NODELIST", "SLURM_NODELIST", "SLURM_JOBID",
    "PBS_O_WORKDIR", "PBS_JOBID", "PBS_JOBNAME",
    "PBS_NODEFILE", "PYTHONPATH", "LD_LIBRARY_PATH", "SECONDS", "RANDOM", "LINENO",
    "BASHPID", "PPID", "UID", "HOSTTYPE", "OSTYPE",
})
_NAME = re.compile(r"^[A-Za-z_]\w*$")
_BARE_REF = re.compile(r"\$\{(\w+)\}|\$(\w+)")  # a reference without a default value
#: ``if [ "$LOCAL_RANK" -eq 0 ]; then ... fi``: a block run by the first rank only.
_RANK0_GATE = re.compile(
    r'if \[\[? "?\$\{?(\w*RANK\w*|SLURM_PROCID|SLURM_NODEID|PMI_\w+)\}?"? (?:-eq|==?) "?0"? '
    r'\]\]?;? ?\n?\s*then\n(.*?)\n\s*fi', re.S)
_CUDA_ONLY = frozenset({"CUDA_HOME", "CUDA_PATH", "CUDA_LAUNCH_BLOCKING",
                        "CUDA_DEVICE_MAX_CONNECTIONS"})
#: ``$*`` / ``${*}`` / ``${@}`` as a whole word: passed on as ``"$@"`` (each argument a word).
_ALL_ARGS = re.compile(r"^\$(?:\{[@*]\}|[@*])$")

@dataclass
class Source:
    """A parsed source script with what porting needs from it."""

    parsed: ParsedScript
    facts: ScriptFacts
    cluster: str | None
    total: int | None
    steps: list[Step]
    notes: list[str] = field(default_factory=list)
    #: The source's shebang and directive lines (a stage of the job is ported under them).
    header: str = ""
    #: The source's text, line by line (the user's comments are carried from it).
    lines: list[str] = field(default_factory=list)
    #: For a launch ported on its own as part of a job: the variables the job's port sets
    #: before it (only those its arguments may read as written); None for a whole job.
    set_outside: set[str] | None = None
    #: Where the source's one-GPU srun steps were pinned to the node's GPUs (``gpu_steps``).
    pinned_steps: str = ""
    #: The source cluster was named by the user, or more than a queue name points at it
    #: (``spec.named_beyond_queue``): what its hardware was may be stated.
    cluster_sure: bool = False
    #: The user's own text line by line when ``lines`` is a stand-in for it (a command kept
    #: as is, ported through a stand-in launch); empty otherwise.
    original: list[str] = field(default_factory=list)
    #: The script does not state the job's size (the port asks it): the size is the user's
    #: answer (nodes=, gpus_per_node=, ranks=), so no source layout may be stated or compared.
    size_answered: bool = False
    #: Another framework than PyTorch the script shows, ``(name, word, where)``, and whether it
    #: shows PyTorch too (``setup.framework_reading``, read once for every target).
    framework: tuple[str, str, str] | None = None
    framework_mixed: bool = False


@dataclass
class Carried:
    """The user's environment and set-up steps for one target, with the notes about them."""

    env: dict[str, str] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    dropped_env: set[str] = field(default_factory=set)
    #: Variables whose value another centre's own command computed (not copied).
    site_computed: set[str] = field(default_factory=set)
    #: The user's loop around the launch line (see port_loop), and the variables it sets.
    loop_open: list[str] = field(default_factory=list)
    loop_close: list[str] = field(default_factory=list)
    loop_vars: list[str] = field(default_factory=list)
    #: Variables the target's scheduler sets for this job (a job array's index).
    job_vars: list[str] = field(default_factory=list)
    #: Exports of a launch prefix's variables whose values read variables the script's own
    #: lines set (``PYTHONPATH="$PROJECT_HOME/x" python ...``): after the set-up steps.
    late_exports: list[str] = field(default_factory=list)
    #: Export lines carried as written (``step`` verdicts), placed where the source has them.
    export_lines: dict[str, str] = field(default_factory=dict)
    #: Exported variables kept with the source's value: their own lines are carried verbatim,
    #: where the source has them (not re-quoted into the target's environment block).
    kept_exports: set[str] = field(default_factory=set)
    #: The target job's nodes, GPUs per node and processes (the launch's NRANKS: fewer than
    #: its GPUs when one process drives several); another launch of the job is sized on it.
    size: tuple[int, int, int] = (1, 1, 1)
    #: Why a part of the script cannot be ported (the port is refused).
    refusals: list[str] = field(default_factory=list)
    #: Set-up lines that are the target's launch of another program (its own words inside).
    stage_lines: set[str] = field(default_factory=set)
    #: The program's arguments for the launch line, written as in the source (see
    #: ``written_args``); None when they are rendered from their values.
    launch_args: LaunchArgs | None = None
    #: Multi-line blocks kept as written (a heredoc): the one-line set-up step standing for
    #: each, and its text (see ``with_raw_blocks``).
    raw_blocks: dict[str, str] = field(default_factory=dict)
    #: Variables that held the process id (``PID=$!``) of a background command the port does
    #: not copy: lines reading them (``kill $PID``) go with it.
    lost_pids: set[str] = field(default_factory=set)
    #: User variables computed from the scheduler's node list, kept as written on a target of
    #: the same scheduler (``nodes=$(scontrol show hostnames ...)``): not lost to their readers.
    same_scheduler_vars: set[str] = field(default_factory=set)


#: ``0,1``: a literal list of GPU indices.
_GPU_LIST = re.compile(r"^\d+(?:,\d+)*$")


def _own_gpu_list(name: str, value: str, profile: ClusterProfile, gpus_per_node: int) -> bool:
    """``CUDA_VISIBLE_DEVICES=0,1`` set once for the job (a part-node job naming its GPUs):
    the user's, kept when the target's GPUs are NVIDIA and every index is one of the port's
    job's GPUs on a node (the job asks part of a node; a whole-node target would otherwise
    show its processes every GPU)."""
    if name != "CUDA_VISIBLE_DEVICES" or profile.gpu.vendor != "nvidia":
        return False
    value = value.strip("'\"")
    if not _GPU_LIST.match(value):
        return False
    listed = [int(k) for k in value.split(",")]
    # a whole node's GPUs in the site's own order (Perlmutter's `3,2,1,0`) is the source's;
    # a list shorter than the GPUs the port's job uses on a node (a source node's 4 GPUs in a
    # job the target lays out 8 a node) would leave ranks without a GPU: not the job's own
    return (len(listed) < profile.gpu.per_node and len(set(listed)) >= gpus_per_node
            and all(k < gpus_per_node for k in listed))


#: A launcher's word in a variable's value (``LAUNCHER="accelerate launch ..."``).
_LAUNCHER_WORD = re.compile(
    r"(?:^|[\s\"'=(])(?:\S*/)?(?:torchrun|deepspeed|accelerate|srun|mpiexec(?:\.hydra)?|mpirun"
    r"|ibrun|aprun|jsrun|horovodrun|torch\.distributed\.(?:run|launch))(?=[\s\"')]|$)")
_HOLDS_LAUNCH = ("it holds the source's launch command (its launcher words, or the launch "
                 "built from them); the target's launch line replaces it, with the program and "
                 "its arguments as written")


def _held_launch(src: Source) -> set[str]:
    """The launch's variables that hold its launcher words (``LAUNCHER="accelerate launch
    ..."``, ``CMD="$LAUNCHER $SCRIPT"``): the target's launch replaces them."""
    values = {**src.parsed.arrays, **src.parsed.env, **src.parsed.variables}
    captured = {s.name for s in src.steps if s.inner}  # a program's output, not a launch word
    captured |= {n for n, v in values.items() if re.match(r"\s*(?:\$\((?!\()|`)", v)}
    launch = [v for v in src.parsed.launch_vars if v not in captured]
    held = {v for v in launch if _LAUNCHER_WORD.search(values.get(v, ""))}  # not a bare python
    # (`RUNPY=$(command -v python3)` is the program's, read by other lines too)
    return _with_readers(held, launch, values)


def _with_readers(held: set[str], names: list[str], values: dict[str, str]) -> set[str]:
    """``held`` and every one of ``names`` whose value reads one of them, transitively."""
    held = set(held)
    grown = True
    while grown:
        more = {v for v in names if v not in held and set(referenced(values.get(v, ""))) & held}
        held |= more
        grown = bool(more)
    return held


def _batch_value_in_text(value: str, var: str) -> str | None:
    """``value`` with Slurm's per-task ``var`` (``$SLURM_PROCID``) written as the batch step's
    0 when the value is more than a rank (a path or name around it: ``/x/cache_$SLURM_PROCID``);
    ``None`` for a rank fact itself (``$SLURM_PROCID``, ``$((SLURM_PROCID + 1))``)."""
    ref = re.compile(rf"\$\{{{var}(?::-[^}}]*)?\}}|\${var}\b")
    if not re.search(r"[A-Za-z/]", ref.sub("", value).replace(var, "").strip("'\"")):
        return None
    return ref.sub("0", value)


def carry_env(src: Source, profile: ClusterProfile, o: dict[str, Any], out: Carried) -> None:
    """The source's exported variables into ``out.env`` (or steps), drops noted by reason."""
    domains = tuple(p.node.domain for p in _profiles() if p.node.domain)
    dropped: dict[str, list[str]] = {}
    exported = {**src.parsed.env, **src.parsed.rank_env}
    in_image = _set_in_kept_body(src, profile)
    # the variables it requires of its submitter (``${DATA:?}``) are the user's, not the site's
    own = (frozenset(src.parsed.variables) | frozenset(src.parsed.env)
           | required_inputs(src.lines))
    held = _held_launch(src)
    rewritten: dict[str, str] = {}
    for name, value in exported.items():
        if name in src.facts.rank_vars:
            continue  # set per rank on the target (see the launch model note)
        if name not in src.parsed.env and re.fullmatch(
                rf"\$(?:\{{{re.escape(name)}(?::?-)?\}}|{re.escape(name)}\b)", value):
            # `export WANDB_API_KEY=\${WANDB_API_KEY:-}` in a body: the value the job's
            # environment already gives it; written as '' it would blank the user's own
            out.notes.append(f"`export {name}={value}` passes on the value the job's environment "
                             f"gives {name} (none if unset): not written again in the batch "
                             "shell")
            continue
        once = batch_shell_rank(name, value, src.parsed)
        if once and (named := _batch_value_in_text(value, once)) is not None:
            # `TRITON_CACHE_DIR=/x/cache_$SLURM_PROCID`: a path (a name) that reads the batch
            # step's 0, not a rank fact: every rank of the source used that one path, kept so
            out.notes.append(
                f"`export {short(f'{name}={value}')}` is set once in the batch shell, before the "
                f"launch, where ${once} is the batch step's 0: every rank of the source used "
                f"that one value, so it is kept with ${once} written as that 0 "
                f"(`{short(f'{name}={named}')}`), not as a rank of its own")
            value = named
            once = ""
            rewritten[name] = named
        if once:
            out.dropped_env.add(name)
            out.notes.append(
                f"`export {short(f'{name}={value}')}` is not copied: it is set once in the batch "
                f"shell, before the launch, where ${once} is "
                + ("the batch step's 0" if once.startswith("SLURM_") else "not set")
                + f", so every rank of the source read that one value of {name}, not its own; "
                f"the target's script and launcher set the job's rank facts")
            continue
        if name in held:
            out.dropped_env.add(name)
            out.notes.append(f"`export {short(f'{name}={value}')}` is not copied: {_HOLDS_LAUNCH}")
            continue
        if (name == _CVD_NAME and profile.gpu.vendor == "intel"
                and (at := _pinned_copy(src, name))
                and (top := _highest_pinned_gpu(src, value)) >= out.size[1]):
            out.refusals.append(_pinned_gpus_refusal(name, at, value, top, out.size[1]))
            continue  # Intel GPUs: the runs' pins are written ZE_AFFINITY_MASK, same values
        site = substituted_site_command(value, profile)
        out.site_computed |= {name} if site else set()
        foreign = vendor_reason(f"{name}={value}", profile) or site
        if foreign:
            out.dropped_env.add(name)
            out.notes.append(f"`export {short(f'{name}={value}')}` is not copied: {foreign}")
            continue
        copies = _pinned_copy(src, name)
        if not copies and _own_gpu_list(name, value, profile, out.size[1]):
            out.export_lines[name] = f"export {name}={value}"
            out.kept_exports |= {name}
            out.notes.append(
                f"`export {name}={value}` is kept: the job names the GPUs its processes see, and "
                f"the port's job has {out.size[1]} GPU(s) a node on {profile.name}, these "
                "among them (without it they would see every GPU the node gives the job)")
            continue
        if (not copies and name == "CUDA_VISIBLE_DEVICES" and profile.gpu.vendor == "nvidia"
                and _GPU_LIST.match(value.strip("'\""))
                and max(int(k) for k in value.strip("'\"").split(",")) >= out.size[1]):
            out.dropped_env.add(name)
            listed = max(int(k) for k in value.strip("'\"").split(",")) + 1
            out.notes.append(
                f"`export {name}={value}` is not copied: "
                + (_spare_gpus_note(src, profile, listed, out.size[1]) or
                   f"it names GPUs the port's job does not have on {profile.name} "
                   f"({out.size[1]} a node); the target's launcher gives each process its GPU"))
            index_note = device_index_note(src.facts.args, out.size[1], profile.name)
            out.notes += [index_note] if index_note else []
            continue
        verdict = classify_env(name, value, domains, own)
        if (verdict.kind in ("keep", "step") and profile.scheduler != src.parsed.scheduler
                and reads_scheduler_in_arithmetic(value)):
            verdict = EnvVerdict("site", _FROM_SCHEDULER)
        if verdict.kind in ("keep", "step") and (
                other := foreign_command(profile.scheduler).search(value)):
            verdict = EnvVerdict("site", f"runs {other.group(1)}, a command of another "
                                 f"scheduler, which {profile.name} ({profile.scheduler}) "
                                 "does not have")
        pinned = _pinned_copy(src, name)
        if pinned and (top := _highest_pinned_gpu(src, value)) >= out.size[1]:
            out.refusals.append(_pinned_gpus_refusal(name, pinned, value, top, out.size[1]))
            continue
        if pinned and profile.gpu.vendor == "nvidia":
            out.export_lines[name] = f"export {name}={value}"
            out.kept_exports |= {name}
            out.notes.append(f"`{name}={value}` is kept: the job runs copies of its work side "
                             f"by side, each on the GPUs its own {name} names (line "
                             f"{pinned}); the launch keeps its GPU")
            continue
        if container_env_name(name) and _container_env(src, profile, name, value, out):
            continue
        if verdict.kind == "site" and name in container_reads(src, profile):
            out.export_lines[name] = f"export {name}={value}"
            out.kept_exports |= {name} if _NAME.match(name) else set()
            out.notes.append(
                f"`export {short(f'{name}={value}')}` is kept ({verdict.why.split(';')[0]}): "
                f"your container's own options, carried to {profile.name}, pass ${name} into "
                "the image by name (unset, it would reach the program empty, or stop the job "
                "under `set -u`); check its value suits the target")
            continue
        cpus = src.facts.cpus_per_task
        if (verdict.kind == "site" and cpus and profile.scheduler != "slurm"
                and (counted := _cpus_counted(value, cpus, own))):
            out.export_lines[name] = f"export {name}={counted}"
            out.notes.append(
                f"`export {short(f'{name}={value}')}` reads SLURM_CPUS_PER_TASK, which "
                f"{profile.name}'s {profile.scheduler} does not set (unset there: 0 in "
                "arithmetic, or an error under `set -u`): set as "
                f"`export {short(f'{name}={counted}')}`, the source's --cpus-per-task ({cpus}) "
                "written in")
        elif verdict.kind == "site" and cpus and (name == "OMP_NUM_THREADS" or (
                _THREADS.fullmatch(name) and _CPUS_PER_TASK.fullmatch(value.strip('"')))):
            out.env[name] = str(cpus)
            out.notes.append(f"{name}={value} is set to the job's --cpus-per-task, {cpus}")
        elif verdict.kind == "keep" and name in _CUDA_ONLY and profile.gpu.vendor != "nvidia":
            out.dropped_env.add(name)
            out.notes.append(f"{name}={value} is for CUDA; {profile.name} has "
                             f"{profile.gpu.vendor} GPUs: not copied")
        elif verdict.kind == "keep" and (late := _set_above_launch(name, value, src)):
            # `PYTHONPATH="$PROJECT_HOME/x" python ...`: its value reads a variable the
            # script's own lines set, so it cannot go in the environment block, above them
            out.late_exports.append(f"export {name}={_live(value)}")
            out.kept_exports |= {name} if _NAME.match(name) else set()
            out.notes.append(
                f"`{name}={value}` in front of the launch reads ${late}, which the script's "
                "own lines set: exported after those lines, right before the launch")
        elif verdict.kind == "keep":
            out.env[name] = value
            out.kept_exports |= {name} if _NAME.match(name) else set()
        elif verdict.why == _FROM_SCHEDULER and same_scheduler_verbatim(
                value, src.parsed.scheduler, profile.scheduler):
            out.export_lines[name] = f"export {name}={value}"
            out.kept_exports |= {name} if _NAME.match(name) else set()
            out.notes.append(
                f"`export {short(f'{name}={value}')}` is kept verbatim: it reads the job's own "
                f"nodes from the scheduler, and {profile.name} runs {profile.scheduler} too, "
                "so it gives the port's job its own values")
        elif verdict.why == _FROM_SCHEDULER and (mapped := other_scheduler_value(
                value, src.parsed.scheduler, profile.scheduler)):
            out.export_lines[name] = f"export {name}={mapped}"
            out.notes.append(
                f"`export {short(f'{name}={value}')}` reads the job's nodes from "
                f"{src.parsed.scheduler}; {profile.name} runs {profile.scheduler}: set as "
                f"`export {short(f'{name}={mapped}')}`, the same query there")
        elif verdict.kind == "step":
            out.export_lines[name] = f"export {name}={value}"
            out.kept_exports |= {name} if _NAME.match(name) else set()
            if "source's filesystem" in verdict.why:
                out.notes.append(f"`export {short(f'{name}={value}')}`: {verdict.why}")
        else:
            out.dropped_env.add(name)
            if name in in_image and name not in src.parsed.env:
                continue  # set in the body the port keeps in the image, as in the source
            line = f"export {name}={value}" if name in src.parsed.env else f"{name}={value}"
            _drop_note(name, line, verdict.kind, verdict.why, dropped, out)
    for why, lines in dropped.items():
        out.notes.append(f"not copied ({why}): {', '.join(sorted(lines))}")
    for name, named in rewritten.items():  # its line with the batch step's 0 written in
        if name not in out.dropped_env:
            out.kept_exports -= {name}
            out.env.pop(name, None)
            out.export_lines[name] = f"export {name}={named}"
    out.env.update(o.get("env") or {})
    out.kept_exports -= set(o.get("env") or {})  # your value for the target wins


_FROM_SCHEDULER = "computed from the source scheduler's variables"
#: Scheduler variables whose meaning a port keeps on a target of the same scheduler: the
#: job's nodes, their count and its identity (the port's header asks the target's own nodes;
#: task, GPU and rank counts change with the layout, so they are not among them).
_SAME_MEANING = {
    "slurm": re.compile(r"SLURM_(?:JOB_NODELIST|NODELIST|JOB_NUM_NODES|NNODES|JOB_ID|JOBID"
                        r"|SUBMIT_DIR|JOB_NAME)"),
    "pbs": re.compile(r"PBS_(?:NODEFILE|JOBID|O_WORKDIR|JOBNAME)"),
}
#: The scheduler's command a value may run on a target of the same scheduler (the node list).
_SAME_COMMAND = {"slurm": re.compile(r"scontrol\s+show\s+hostnames?\b")}


def same_scheduler_verbatim(value: str, source: str | None, target: str) -> bool:
    """Whether ``value`` (``$(scontrol show hostnames "$SLURM_JOB_NODELIST" | wc -l)``), read
    from the source scheduler, means the same for the port's job on ``target``: both run one
    scheduler and it reads only the job's nodes and identity."""
    if not source or source != target or source not in _SAME_MEANING:
        return False
    bare = re.sub(r"\$\{?(\w+)\}?", lambda m: "" if _SAME_MEANING[source].fullmatch(
        m.group(1)) else m.group(0), value)
    if source in _SAME_COMMAND:
        bare = _SAME_COMMAND[source].sub("", bare)
    return not _SCHEDULER_ANY.search(bare)


#: A command substitution whose body has no nested one (``$(scontrol ... | wc -l)``, backticks).
_SUBST = re.compile(r"\$\(([^()`]*)\)|`([^`]*)`")


def other_scheduler_value(value: str, source: str | None, target: str) -> str:
    """``value`` (``$(scontrol show hostnames "$SLURM_JOB_NODELIST" | wc -l)``) with each
    query of the source's scheduler in it written as the same query of ``target``'s (the
    ``queries`` of templates/schedulers/variables.yaml), when nothing else of the source
    scheduler is left in it; ``""`` otherwise."""
    if not source or source == target:
        return ""
    changed = False

    def one(found: re.Match[str]) -> str:
        nonlocal changed
        body = found.group(1) if found.group(1) is not None else found.group(2)
        head, bar, rest = body.partition("|")
        same = equivalent_query(head.strip(), source, target)
        if not same:
            return found.group(0)
        changed = True
        return "$(" + same + (" |" + rest if bar else "") + ")"

    mapped = _SUBST.sub(one, value)
    foreign = _NOT_ON.get(target)
    return mapped if changed and foreign is not None and not foreign.search(mapped) else ""


#: What of another scheduler a value may not read on a target of this one.
_NOT_ON = {"pbs": re.compile(r"SLURM_|scontrol|squeue|sinfo|LSB_"),
           "slurm": re.compile(r"PBS_|qstat|pbsnodes|LSB_")}


_SCHEDULER_ANY = re.compile(r"SLURM_|PBS_|PALS_|PMI_|OMPI_|scontrol|sinfo|squeue|qstat|NODEFILE")


#: A library's thread count (``MKL_NUM_THREADS``, ``OPENBLAS_NUM_THREADS``) and a value that is
#: the job's CPUs per task: the port sets the same count from its own --cpus-per-task.
_THREADS = re.compile(r"[A-Z][A-Z0-9]*_NUM_THREADS")
_CPUS_PER_TASK = re.compile(r"\$\{?SLURM_CPUS_PER_TASK\}?")
#: SLURM_CPUS_PER_TASK read by ``$`` or, in arithmetic, by its bare name.
_CPUS_READ = re.compile(r"\$\{SLURM_CPUS_PER_TASK\}|\$SLURM_CPUS_PER_TASK\b"
                        r"|(?<![\w$])SLURM_CPUS_PER_TASK\b")


#: Container runtimes with one command line under two names: Apptainer is Singularity
#: renamed (apptainer.org: "the Singularity project joined the Linux Foundation as Apptainer";
#: same subcommands and options). A site that has one may not have the other on PATH.
_SAME_RUNTIME = frozenset({"apptainer", "singularity"})
#: The runtime by name in command position, with a subcommand that gets or reads an image
#: (a program run in the image, ``exec``/``run``, is a launch: its own rules port it).
_RUNTIME_WORD = re.compile(r"(?:^|(?<=[\s;&|(`]))(apptainer|singularity)(?=\s+(?:pull|build|"
                           r"inspect|cache|--version|version)(?:\s|$))", re.M)


def _runtime_renamed(text: str, profile: ClusterProfile) -> tuple[str, str, str] | None:
    """(``text`` with the source's ``apptainer`` command written as the target's
    ``singularity``, or the other way, the source's name, the target's) for a kept set-up step
    that runs the container runtime by a name the target's profile does not give (``apptainer
    pull IMG docker://...`` on a Singularity site); None otherwise."""
    target = profile.container.command if profile.container is not None else ""
    if target not in _SAME_RUNTIME:
        return None
    found = {m.group(1) for m in _RUNTIME_WORD.finditer(text)} - {target}
    if not found:
        return None
    return _RUNTIME_WORD.sub(target, text), found.pop(), target


def _bare_scheduler_names(text: str) -> str:
    """The scheduler variables ``text`` reads by bare name in ``$(( ))``, as ``$NAME``s."""
    found = re.findall(r"(?<![\w$])(?:SLURM_|PBS_|PALS_|PMI_|OMPI_)\w+",
                       " ".join(re.findall(r"\$\(\((.*?)\)\)", text)))
    return ", ".join(dict.fromkeys("$" + n for n in found))


def _cpus_count_step(step: Step, cpus: int | None, own: frozenset[str],
                     profile: ClusterProfile) -> str:
    """``N_ENVS=$((16 - 4))`` for a plain assignment ``N_ENVS=$((SLURM_CPUS_PER_TASK - 4))``
    (by ``$`` or by bare name) on a target whose scheduler is not Slurm: the source's CPUs per
    task written in, as for an exported count; ``""`` for another step."""
    if not cpus or step.export or not step.name or profile.scheduler == "slurm" or (
            "\n" in step.text):
        return ""
    name, eq, value = step.text.strip().partition("=")
    if not eq or name != step.name:
        return ""
    counted = _cpus_counted(value, cpus, own)
    return f"{name}={counted}" if counted else ""


def _cpus_counted(value: str, cpus: int, own: frozenset[str]) -> str:
    """``value`` (``$((SLURM_CPUS_PER_TASK / NGPUS))``) with the source's CPUs per task
    written in, when it computes a count from them in arithmetic and reads nothing else of the
    source scheduler; ``""`` otherwise (a bare ``$SLURM_CPUS_PER_TASK`` is the job's count)."""
    if not value.lstrip('"').startswith("$((") or not _CPUS_READ.search(value):
        return ""
    counted = _CPUS_READ.sub(str(cpus), value)
    if reads_scheduler_in_arithmetic(counted):
        return ""
    return "" if classify_env("X", counted, (), own).kind == "site" else counted
_PINNED_COPY = re.compile(r"^\s*(?:\w+=\S*\s+)*CUDA_VISIBLE_DEVICES=\S+\s.*(?<![&|])&\s*$")


def _spare_gpus_note(src: Source, profile: ClusterProfile, listed: int, port_gpus: int) -> str:
    """The device list's note where it names the GPUs the source's job held beyond its
    launch's processes (:mod:`maple_flow.port.spare_gpus`); "" otherwise."""
    held, procs, where = spare_gpus(src.parsed, src.facts, src.lines)
    if not held or not procs < listed <= held:
        return ""
    return f"({where}) " + spare_gpus_clause(listed, procs, profile, port_gpus)


def _pinned_copy(src: Source, name: str) -> str:
    """The line (``N `text```) of a run the job starts in the background on the GPUs its own
    ``CUDA_VISIBLE_DEVICES=`` prefix names, when ``name`` is that variable; else ``""``."""
    if name != "CUDA_VISIBLE_DEVICES":
        return ""
    for number, line in enumerate(src.lines, 1):
        if _PINNED_COPY.match(line) and not line.lstrip().startswith("#"):
            return f"{number} `{short(line.strip())}`"
    return ""


_PINNED_GPUS = re.compile(r"CUDA_VISIBLE_DEVICES=(\S+)")


def _highest_pinned_gpu(src: Source, value: str) -> int:
    """The highest GPU index the launch's ``value`` or a copy's ``CUDA_VISIBLE_DEVICES=``
    prefix names; -1 when none is a number."""
    pinned = [m.group(1) for line in src.lines if not line.lstrip().startswith("#")
              and _PINNED_COPY.match(line) and (m := _PINNED_GPUS.search(line))]
    found = [n for text in (value, *pinned) if "$" not in text  # a variable's: not an index
             for n in re.findall(r"\d+", text)]
    return max((int(n) for n in found), default=-1)


#: Search paths a module sets on the host (libraries, programs, Python packages): one set in
#: a container's own environment names the image's directories, not the target's.
_SEARCH_PATH_VARS = frozenset({"LD_LIBRARY_PATH", "PATH", "LD_PRELOAD",
                               "PYTHONHOME", "LIBRARY_PATH", "CPATH", "PKG_CONFIG_PATH",
                               "CUDA_HOME", "CUDA_PATH"})


def container_reads(src: Source, profile: ClusterProfile) -> set[str]:
    """The variables the source's container options read (``--bind "$BINDS"``, ``--env
    "X=${X}"``) where the port carries that container to ``profile``, else none; the rank
    facts (WORLD_SIZE...) not among them: the target's launch sets those."""
    from maple_flow.port.container import plan_container

    plan = plan_container(src.parsed, profile)
    return set(referenced(plan.prefix)) - set(TORCH_RANK_VARS) if plan is not None else set()


def _container_env(src: Source, profile: ClusterProfile, name: str, value: str,
                   out: Carried) -> bool:
    """``SINGULARITYENV_PYTHONPATH=$(pwd)``: kept as written where the target runs the user's
    container (apptainer takes both prefixes); where it does not, the program runs on the
    target's stack, so the variable is set for it by its own name. False when the launch has
    no container (the line is for one the port does not see: the usual drop)."""
    from maple_flow.port.container import container_stage, plan_container

    if container_stage(src.parsed) is None:
        return False
    inner = container_env_name(name)
    if site_network(inner):
        out.notes.append(f"`export {short(f'{name}={value}')}` passed {inner} into your "
                         f"container: {network_not_carried(profile.name, [inner])}")
        return True
    if plan_container(src.parsed, profile) is not None:
        out.export_lines[name] = f"export {name}={_live(value)}"
        out.kept_exports |= {name}
        out.notes.append(f"`export {short(f'{name}={value}')}` passes {inner} into your "
                         f"container, which runs on {profile.name} too: kept")
        return True
    if inner in _SEARCH_PATH_VARS:
        out.notes.append(
            f"`export {short(f'{name}={value}')}` set {inner} inside your container only, "
            f"for the image's own libraries and programs; the container is not used on "
            f"{profile.name} (see the container note), and a host-wide `export {inner}=...` "
            f"would replace the search path {profile.name}'s modules set: not carried; add the "
            "directories the program needs to it (`export "
            f"{inner}=DIR:${inner}`) if it needs them")
        return True
    out.export_lines[name] = f"export {inner}={_live(value)}"
    out.notes.append(f"`export {short(f'{name}={value}')}` passed {inner} into your container, "
                     f"which is not used on {profile.name} (see the container note): set as "
                     f"`export {short(f'{inner}={value}')}` for the program on the target's stack")
    return True


def _set_in_kept_body(src: Source, profile: ClusterProfile) -> set[str]:
    """The variables the launch's ``bash -c`` body sets where the port keeps that body in the
    image (they are set there, as in the source); empty otherwise."""
    from maple_flow.port.container import body_in_image

    if not body_in_image(src.parsed, profile):
        return set()
    return {n for c in src.parsed.inner for n, _ in c.settings()}


def _live(value: str) -> str:
    """A value read from the source (its quotes gone) as one shell word that still expands
    (``$(pwd)`` -> ``"$(pwd)"``)."""
    if re.fullmatch(r"[\w./:=~+,@%-]+", value) or '"' in value:
        return value
    return f'"{value}"'


def _drop_note(name: str, line: str, kind: str, why: str, grouped: dict[str, list[str]],
               out: Carried) -> None:
    """A note for the dropped ``line`` (``export NAME=value``) of variable ``name``; drops
    of the same reason are grouped, each line quoted (its value is what the user set)."""
    value = line.partition("=")[2]
    if kind == "account":
        out.notes.append(f"{name}={value} carries the source's account/queue to its "
                         "scheduler: not copied")
    elif kind == "path":
        out.notes.append(f"{name}={value} points to the source cluster's filesystem: not "
                         "copied; set it to the matching path on the target")
    else:
        grouped.setdefault(why, []).append(f"`{short(line)}`")


def _profiles() -> list[ClusterProfile]:
    from maple_flow.knowledge.clusters import all_profiles

    return list(all_profiles().values())


def builds_launch(step: Step, launch_vars: list[str],
                  parsed: ParsedScript | None = None) -> bool:
    """Whether ``step`` is left out as the source's launch line: an assignment of a variable
    the launch reads (its fate is decided by ``replaced_value`` where nothing kept reads it),
    or an echo of a variable that holds the launch COMMAND (launcher words: ``echo $CMD``,
    ``echo "Running: $LAUNCH"``), whose line the port leaves out. Any other echo is the user's
    and stays verbatim, whatever it prints (``echo "GPUs: $NGPU"``, ``echo "Running: srun
    python x.py $CONFIG"``, ``echo $TOTAL_MPI_RANKS``): the lines that set what it reads stay
    with it (kept assignments are those a kept line reads)."""
    if step.keep is None:
        return step.name in launch_vars and step.name not in (
            option_vars(parsed) if parsed is not None else set()) and not (
            parsed is not None and _program_only(step.name, parsed))
    words = step.text.split()
    if _WRITES_FILE.search(step.text):  # ``printf ... > cfg.json`` writes a file, prints nothing
        return False
    if not words or words[0] not in {"echo", "printf"}:
        return False
    read = set(referenced(step.text)) & set(launch_vars)
    if not read:
        return False
    if parsed is None:
        return True
    # only an echo of a variable that holds the source's launch COMMAND (launcher words),
    # whose line the port leaves out: kept, it would print nothing. An echo of anything else
    # (the launch's values, launcher words in its own text) is the user's and stays verbatim
    return bool(read & (command_vars(launch_vars, parsed.variables) - _interpreter_vars(parsed)))


def _program_only(name: str, parsed: ParsedScript) -> bool:
    """Whether the variable ``name`` holds the program's file name alone (``setup_file=
    src/train.py``), no launcher word nor argument: a line that prints it prints the
    program's name, and its assignment stays with it (the target's launch names the file)."""
    entry = parsed.launch.entrypoint
    value = parsed.variables.get(name, "").strip().strip("'\"")
    return bool(entry) and value == entry and not parsed.launch.module


def _without_substitutions(text: str) -> str:
    """``text`` less its command substitutions (``$(which python)``, ``$(python -c '...')``,
    backticks): what they run is not printed."""
    out: list[str] = []
    depth, i = 0, 0
    while i < len(text):
        if text.startswith("$(", i) and not text.startswith("$((", i):
            depth += 1
            i += 2
            continue
        if depth and text[i] == "(":
            depth += 1
        elif depth and text[i] == ")":
            depth -= 1
        elif not depth:
            out.append(text[i])
        i += 1
    return re.sub(r"`[^`]*`", " ", "".join(out))


def _interpreter_vars(parsed: ParsedScript) -> set[str]:
    """The script's variables that hold only an interpreter (``PYTHON=/env/bin/python``,
    ``PYTHON="${PYTHON:-python}"``): printing one prints no launch command."""
    return {name for name, value in parsed.variables.items()
            if re.fullmatch(r"""["']?(?:\$\{\w+:-)?(?:\S*/)?python[\d.]*\}?["']?""",
                            value.strip())}


def option_vars(parsed: ParsedScript) -> set[str]:
    """The script's variables the user's own launcher options read (``--local-ranks-filter
    ${LOG_RANK}``, kept on the target's launch), and those they read: their lines stay."""
    from maple_flow.port.container import image_default
    from maple_flow.port.launcher_opts import user_launcher_options

    start = referenced(" ".join(user_launcher_options(parsed)[1]))
    # the container image's variable set to its own default (kept live on the launch)
    start += [name for name in image_default(parsed)[:1] if name]
    return _read_closure(start, parsed.variables, unset_too=True)


def _read_closure(start: list[str], values: dict[str, str], unset_too: bool) -> set[str]:
    """``start`` and every variable their values read, transitively (``unset_too``: also
    the names ``values`` does not hold)."""
    todo = list(start)
    found: set[str] = set()
    while todo:
        name = todo.pop()
        value = values.get(name)
        if name in found or (value is None and not unset_too):
            continue
        found.add(name)
        todo += referenced(value or "")
    return found


def _program_vars(parsed: ParsedScript) -> set[str]:
    """The script's variables the program's own arguments read (and those they read): the
    port passes the arguments as written and keeps the lines that set them."""
    launch = parsed.launch
    if launch.written_args is not None:
        todo = list(referenced(" ".join([launch.written_entry,
                                          *(word for word, _, _ in launch.written_args)])))
    else:  # a variable holds the program and its arguments (``CMD="python x.py --lr $LR"``)
        todo = [name for held in command_vars(parsed.launch_vars, parsed.variables)
                for name in referenced(parsed.variables.get(held, ""))]
    if launch.array_command:  # ``srun "${CMD[@]}"``, run as written: what the array reads
        todo += [name for held in referenced(launch.array_command)
                 for name in [held, *referenced(parsed.arrays.get(held, ""))]]
    # the user's launcher path (``$VENV/bin/torchrun``), kept on the target's launch
    todo += [name for stage in launch.stages if stage.path for name in referenced(stage.path)]
    return _read_closure(todo, {**parsed.arrays, **parsed.variables}, unset_too=False)


#: A launcher or interpreter word: a variable whose value holds one holds the launch command.
_COMMAND_WORD = re.compile(
    r"(?:^|[\s\"'=(])(?:\S*/)?(?:python[\d.]*|torchrun|deepspeed|accelerate|srun|"
    + launcher_pattern("mpiexec", "mpirun") + r"|ibrun|aprun|jsrun|horovodrun)(?=[\s\"')]|$)")


def command_vars(launch_vars: list[str], variables: dict[str, str]) -> set[str]:
    """The launch's variables that hold (part of) its command (``CMD="torchrun ..."``,
    ``LAUNCHER``, and ``RUN="$LAUNCHER $SCRIPT"`` that reads one), not its parameters."""
    held = {v for v in launch_vars if _COMMAND_WORD.search(variables.get(v, ""))
            and not _OUTPUT_OF.fullmatch(variables.get(v, "").strip())}
    return _with_readers(held, launch_vars, variables)


#: A value that is wholly one command's output (``$(srun -w "$head" hostname --ip-address)``,
#: a backtick pair), or the user's value with such an output as its default (``${STEPS:-$(python3
#: -c "print(...)")}``): the variable holds what the command prints (an address, a host name, a
#: number), not a command, whatever launcher word the command runs.
_OUTPUT_OF = re.compile(r"""["']?(?:\$\((?!\().*\)|`[^`]*`"""
                        r"""|\$\{\w+:?[-=](?:\$\((?!\().*\)|`[^`]*`)\})["']?""", re.S)


_WRITES_FILE = re.compile(r"(?<![>&0-9])>>?\s*[^\s&|;>]+\s*$")


#: The target script's variable for each job size a launcher option reads.
_SIZE_VARS = {"gpus_per_node": "GPUS_PER_NODE", "nodes": "NNODES", "ranks": "NRANKS"}


def target_size(step: Step, role: str) -> Step:
    """``name=<the source's count>`` as ``name="$GPUS_PER_NODE"`` (or NNODES / NRANKS): the
    target's script sets its own job size before the set-up steps."""
    return Step(step.line, f'{step.name}="${_SIZE_VARS[role]}"', None,
                "counts the source job's size for its launcher; on the target it is the "
                "job's own", step.name, original=step.text)


def _world_size_from_scheduler(step: Step) -> bool:
    """A shell variable named as torch's world size (``WORLD_SIZE=$SLURM_NTASKS``) computed
    from the source scheduler: on the target it is the job's own rank count."""
    return (step.keep is False and not step.export
            and TORCH_RANK_VARS.get(step.name) == "world_size"
            and step.why.endswith("computed from the source scheduler"))


#: A user variable that is only a job size the source's scheduler gives
#: (``NUM_NODES=${SLURM_JOB_NUM_NODES:-8}``, ``NNODES=$(wc -l < $PBS_NODEFILE)``): the role of
#: the target script's own variable for it.
_SCHEDULER_SIZES = (
    (re.compile(r"^\$\{?(?:SLURM_JOB_NUM_NODES|SLURM_NNODES)(?::-\d+)?\}?$"), "nodes"),
    (re.compile(r"^\$\{?(?:SLURM_GPUS_ON_NODE|SLURM_GPUS_PER_NODE)(?::-\d+)?\}?$"),
     "gpus_per_node"),
    (re.compile(r"^\$\((?:wc -l\s*<\s*\"?\$\{?PBS_NODEFILE\}?\"?|cat \"?\$\{?PBS_NODEFILE\}?\"?"
                r"\s*\|\s*wc -l|sort -u \"?\$\{?PBS_NODEFILE\}?\"?\s*\|\s*wc -l)\)$"), "nodes"),
)


def scheduler_size_role(step: Step) -> str:
    """The job size (nodes, gpus_per_node) a user variable computed from the source
    scheduler holds, or ``""``: on the target it is the job's own."""
    if step.export or not step.name or not step.why.endswith("computed from the source scheduler"):
        return ""
    value = step.text.partition("=")[2].strip().strip('"')
    return next((role for pattern, role in _SCHEDULER_SIZES if pattern.match(value)), "")


_FUNCTION_HEAD = re.compile(r"^\s*(?:function\s+[\w.:-]+(?:\s*\(\))?|[\w.:-]+\s*\(\))\s*$")


def _headless(kept: list[Step], step: Step) -> str:
    """When ``step`` (not copied) is a function's ``{ ... }`` body written on the lines after
    its ``name()`` line, that kept header goes too (a header alone does not parse: the port
    would not run at all); the words to add to the note, else ``""``."""
    if not step.text.lstrip().startswith("{") or not kept or not _FUNCTION_HEAD.match(
            kept[-1].text) or kept[-1].line >= step.line:
        return ""
    head = kept.pop()
    return (f"; its function header `{head.text.strip()}` (line {head.line}) is left out with "
            "it, and a trap or call of that function finds none on the target: write it for "
            "the target if the job needs it")


_SLURM_WORDS = re.compile(r"\$\{?SLURM_\w+|\bscontrol\b|\bsrun\b")
_PBS_WORDS = re.compile(r"\$\{?PBS_\w+|\bqstat\b|\bpbsdsh\b")


def _scheduler_of_source(src: Source) -> str | None:
    """The source's scheduler: its directives', else, for a script with none (run inside an
    allocation), the one whose variables and commands it uses, when it uses only one's."""
    if src.parsed.scheduler is not None:
        return src.parsed.scheduler
    text = "\n".join(src.lines)
    slurm, pbs = bool(_SLURM_WORDS.search(text)), bool(_PBS_WORDS.search(text))
    return "slurm" if slurm and not pbs else "pbs" if pbs and not slurm else None


def _classify(src: Source, profile: ClusterProfile, out: Carried) -> tuple[list[Step], set[str]]:
    """The steps that may be kept (assignments still to be filtered by use), and the names
    of assignments left out as foreign; every drop is a note."""
    kept: list[Step] = []
    sizes = size_vars(src.parsed)
    captured = {s.name for s in src.steps if s.inner}  # a program's output, not a launch word
    foreign_names: set[str] = set()
    own = frozenset(src.parsed.variables) | frozenset(src.parsed.env)
    cpus = src.facts.cpus_per_task
    for step in src.steps:
        if step.drop_note and same_scheduler_task_step(step, src, profile):
            # `srun hostname` to another Slurm cluster: srun is its launcher too, kept as written
            step = Step(step.line, step.text, False, step.drop_note)
        if step.keep is not False and not step.launch and (
                repinned := intel_repinned_run(step.text, profile.gpu.vendor)) is not None:
            kept.append(Step(step.line, repinned, True, intel_repin_why(
                step.text, profile.name), step.name, step.export, original=step.text))
            continue
        foreign = foreign_reason(step.text, profile) if step.keep is not False else ""
        if (not foreign and step.keep is not False and src.parsed.scheduler
                and profile.scheduler != src.parsed.scheduler
                and reads_scheduler_in_arithmetic(step.text)):
            foreign = (f"it reads {_bare_scheduler_names(step.text)} by name in arithmetic, "
                       f"which {profile.name}'s scheduler ({profile.scheduler}) does not set "
                       "(0 there)")
        if not foreign and step.keep is not False and not step.launch and not step.inner and (
                runtime := _runtime_renamed(step.text, profile)):
            kept.append(Step(step.line, runtime[0], step.keep, (
                f"runs {runtime[1]}, which {profile.name} has as `{runtime[2]}` (the same "
                "command line; the port's launch uses it too): written so"), step.name,
                step.export, original=step.text))
            continue
        if (counted := _cpus_count_step(step, cpus, own, profile)):
            kept.append(Step(step.line, counted, None, (
                f"reads SLURM_CPUS_PER_TASK, which {profile.name}'s {profile.scheduler} does "
                "not set (unset there: 0 in arithmetic, or an error under `set -u`): set with "
                f"the source's --cpus-per-task ({cpus}) written in"), step.name,
                original=step.text))
        elif step.keep is None and step.name in sizes and step.name not in SCRIPT_SET_VARS:
            kept.append(target_size(step, sizes[step.name]))
        elif _world_size_from_scheduler(step):
            kept.append(target_size(step, "ranks"))
        elif step.keep is False and (role := scheduler_size_role(step)):
            kept.append(target_size(step, role))
        elif (step.keep is False and step.name in sizes and step.name not in SCRIPT_SET_VARS
              and not step.export):
            # `GPU_COUNT=$(scontrol show job ... | awk ...)` that the launch reads as a size
            # (`--nproc_per_node=${GPU_COUNT}`): the source's query is not the target's, the
            # count is the port's job's own (the program's `trainer.devices=${GPU_COUNT}` too)
            kept.append(target_size(step, sizes[step.name]))
        elif (step.keep is False and step.name and not step.export
              and step.why.endswith("computed from the source scheduler")
              and step.name not in SCRIPT_SET_VARS and same_scheduler_verbatim(
                  step.text.partition("=")[2], _scheduler_of_source(src), profile.scheduler)
              and step.name in referenced("\n".join(
                  x for x in src.lines[step.line:] if not _SETS_RANK_FACT.match(x)))):
            # `nodes=$(scontrol show hostnames "$SLURM_JOB_NODELIST")` on another Slurm
            # cluster: the same query there, kept as written when a kept line reads it
            kept.append(Step(step.line, step.text, None, name=step.name))
            out.same_scheduler_vars.add(step.name)
        elif step.keep is not None and (moved := job_control_block(
                step.text, "sge" if src.parsed.grid_engine else src.parsed.scheduler,
                profile, src.parsed.grid_engine, foreign_reason)) is not None:
            kept.append(Step(step.line, moved.text, True, "; ".join(moved.notes),
                             original=step.text))
        elif foreign and (looped := _loop_over_query(step, src, profile)):
            kept.append(looped)  # `for n in $(scontrol show hostnames)`: the target's query
        elif foreign and not step.export and (fitted := _without_target_set(step, profile)):
            kept.append(fitted)  # noted as a set-up step kept, with its why
        elif foreign and (picked := _site_gpu_pick(step, profile)) is not None:
            kept.append(picked)  # the site's GPU picker: the GPU the target gives the job
        elif foreign and not step.export and (wrapper := _launched_file(step, src)):
            out.refusals.append(
                f"the launch runs {wrapper}, which line {step.line} writes (a heredoc) with "
                f"text that cannot run on {profile.name}: {foreign}; write {wrapper} for the "
                "target (its launcher's rank variables) and port the job again")
        elif foreign and not step.export and (printed := printed_vendor_variable(
                step.text, profile, "\n".join(src.lines[:step.line]))) and not foreign_reason(
                    re.sub(rf"\$\{{?(?:{printed.replace(', ', '|')})\b[^}}\s\"]*\}}?", "",
                           step.text), profile):
            kept.append(Step(step.line, step.text, True,
                             f"prints {printed}, which {profile.name}'s "
                             f"{profile.gpu.vendor} GPUs do not use: unset there, the line "
                             "prints its default (or nothing)"))
        elif foreign and not step.export:
            out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: {foreign}"
                             + _headless(kept, step))
            named = step.name or (m.group(1) if (m := _ARRAY_SET.match(step.text)) else "")
            if named:  # `nodes=( $(scontrol ...) )` too: a line reading $nodes goes with it
                foreign_names.add(named)
        elif step.keep is False and _same_scheduler_query(step, src, profile):
            kept.append(Step(step.line, step.text, True, f"a query of {profile.scheduler}, "
                             "the target's scheduler too: it runs there as written"))
        elif step.keep is False and same_scheduler_task_step(step, src, profile):
            kept.append(Step(step.line, step.text, True, f"a command run on the job's tasks "
                             f"through srun, {profile.name}'s launcher too (no program, no "
                             "site option): it runs there as written"))
        elif step.keep is False and (same := _other_scheduler_query(step, src, profile)):
            kept.append(Step(step.line, same, True, "queries the source's scheduler; on "
                             f"{profile.name} the same query of {profile.scheduler}",
                             original=step.text))
        elif step.keep is False and step.why == HEREDOC_SCHEDULER:
            kept += _scheduler_heredoc(step, src, profile, out)
        elif step.keep is False:
            out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: {step.why}"
                             + _headless(kept, step))
        elif step.keep and builds_launch(step, [v for v in src.parsed.launch_vars
                                                if v not in captured], src.parsed):
            out.notes.append(f"line {step.line} `{short(step.text)}` prints the source's "
                             "launch line (a variable holding its launch command, which is not "
                             "copied: the target's launch line replaces it): not copied")
        elif step.keep and (wheelhouse := _wheelhouse_pip(
                step, profile, _made_env([x for k in kept for x in k.text.split("\n")]))):
            kept.append(step)
            if wheelhouse.startswith(_EMPTY_ENV):  # the job's own environment left empty
                # one refusal, naming the last such line (the packages, not `--upgrade pip`)
                out.refusals[:] = [r for r in out.refusals if not r.startswith(_EMPTY_ENV)]
                out.refusals.append(wheelhouse)
            else:
                out.notes.append(wheelhouse)
        else:
            if step.keep and (printed := _printed_launcher(step.text)):
                out.notes.append(f"line {step.line} `{short(step.text)}` is kept as written: it "
                                 f"prints the source's launcher word `{printed}`, which is "
                                 f"text only; the job on {profile.name} runs the launch line "
                                 "the port writes")
            kept.append(step)
    return kept, foreign_names


#: An array assignment on a line of its own (``nodes=( $(scontrol show hostnames) )``).
_ARRAY_SET = re.compile(r"^\s*([A-Za-z_]\w*)=\(")


def _printed_launcher(text: str) -> str:
    """The launcher word an ``echo``/``printf`` line prints (its own text, not a command it
    runs), or ``""``."""
    words = text.split()
    if not words or words[0] not in {"echo", "printf"} or _WRITES_FILE.search(text):
        return ""
    found = _LAUNCHER_WORD.search(_without_substitutions(" ".join(words[1:])))
    return found.group(0).lstrip(" \t\"'=(").rsplit("/", 1)[-1] if found else ""


#: ``pip install --no-index ...`` with no ``--find-links``/``-f``: pip installs only from the
#: wheel directories its own configuration names. That is the form the Digital Research
#: Alliance of Canada documents for its clusters, whose Python modules point pip at the
#: site's wheelhouse (/cvmfs/soft.computecanada.ca/custom/python/wheelhouse; "pip install
#: --no-index", https://docs.alliancecan.ca/wiki/Python#Installing_packages and
#: https://docs.alliancecan.ca/wiki/Available_Python_wheels). Elsewhere no such configuration
#: exists, and the line finds no package ("No matching distribution found").
_PIP_NO_INDEX = re.compile(
    r"^(?P<head>[^#\n]*?(?:^|[\s;&|(])(?:\S*/)?(?:pip[\d.]*|python[\d.]*\s+-m\s+pip)\s+install\b"
    r"[^#\n]*?)\s--no-index\b(?P<tail>[^\n]*)$", re.M)
_FIND_LINKS = re.compile(r"(?:^|\s)(?:--find-links\b|-f\s|-f\S)")


#: The start of the reason a port is refused when the job fills the environment it makes
#: itself only from the source site's wheelhouse (it stays empty on the target).
_EMPTY_ENV = "the job's own environment would be empty on the target: "


def _wheelhouse_pip(step: Step, profile: ClusterProfile, made: str = "") -> str:
    """The note on a set-up step ``pip install --no-index ...`` with no --find-links: kept as
    written (without the source's wheelhouse it installs nothing, under the set-up's ``set
    +e``; dropping --no-index would install from the package index over the target's own
    stack, e.g. a CUDA torch over Aurora's XPU one), named so the user decides; ``""`` for any
    other step."""
    lines = [x for x in step.text.split("\n")
             if _PIP_NO_INDEX.search(x) and not _FIND_LINKS.search(x.split(" #", 1)[0])]
    if not lines:
        return ""
    if made:  # the job's own new environment, filled only from the wheelhouse: left empty
        return (f"{_EMPTY_ENV}line {step.line} `{short(lines[0].strip())}` installs with "
                "--no-index and no --find-links, so only from the wheel directories pip's own "
                "configuration names (on the source, the site's wheelhouse: the Digital Research "
                "Alliance of Canada's Python modules point pip at theirs, "
                f"https://docs.alliancecan.ca/wiki/Python#Installing_packages), which "
                f"{profile.name} does not have: there it installs nothing into the environment "
                f"the job makes itself (`{short(made, 60)}`), which then holds none of the "
                "program's packages, so the program fails at import; install them from the "
                "package index (drop --no-index), give --find-links DIR of your wheels, or make "
                "the environment with --system-site-packages over the target's own stack, then "
                "port again")
    return (f"line {step.line} `{short(lines[0].strip())}` is kept as written: it installs with "
            "--no-index and no --find-links, so only from the wheel directories pip's own "
            "configuration names; on the source that is the site's wheelhouse (the Digital "
            "Research Alliance of Canada's Python modules point pip at theirs, "
            f"https://docs.alliancecan.ca/wiki/Python#Installing_packages), which {profile.name} "
            "does not have, so there it installs nothing (\"No matching distribution found\") and "
            f"the job runs with {profile.name}'s own Python stack (its modules); if the program "
            "needs a package that stack lacks, install it from the package index (drop "
            "--no-index) in your own environment, or give --find-links DIR of your wheels")


_PICKED = re.compile(r"^\s*(?:export\s+)?(\w+)=(?:`\s*([\w./+-]+)\s*`|\$\(\s*([\w./+-]+)\s*\))\s*$")


def _site_gpu_pick(step: Step, profile: ClusterProfile) -> Step | None:
    """``device=`free-gpu```: a variable set from another centre's own GPU picker (a
    command with no arguments that prints the ids of the GPUs the job may use, ``prints:
    gpu_ids`` in templates/sites/commands.yaml) set to ``0`` instead, the first GPU the
    job's processes see on the target, whose scheduler gives the job its GPUs; else None."""
    match = _PICKED.match(step.text)
    if match is None:
        return None
    word = (match.group(2) or match.group(3)).rsplit("/", 1)[-1]
    found = site_command(word, profile.id)
    if found is None or found.prints != "gpu_ids":
        return None
    name = match.group(1)
    export = "export " if step.text.lstrip().startswith("export ") else ""
    return Step(step.line, f"{export}{name}=0", True,
                f"runs `{word}`, {found.centre}'s own GPU picker ({found.does}), which "
                f"{profile.name} does not have; there the scheduler gives the job its GPUs "
                f"and its processes see them numbered from 0, so ${name} is set to 0, the "
                "first of them", step.name, export=step.export, original=step.text)


def _launched_file(step: Step, src: Source) -> str:
    """The file a heredoc step writes (as ``printf ... > FILE``) when the launch runs it."""
    match = re.search(r">\s*(\S+)\s*$", step.text) if step.why.startswith(
        "the heredoc writing") else None
    launch = src.parsed.launch_block.text if src.parsed.launch_block is not None else ""
    return match.group(1) if match and re.search(
        rf"(?:^|[\s/]){re.escape(match.group(1))}(?:\s|$)", launch) else ""


def _without_target_set(step: Step, profile: ClusterProfile) -> Step | None:
    """A multi-line block (a function, an ``if``) whose only lines that cannot run on the
    target set what the target's script sets itself (``MASTER_ADDR=$(scontrol ...)``): kept
    without those lines, so the rest of it (and the calls of a function) still run; else None."""
    lines = step.text.split("\n")
    if len(lines) < 2 or heredoc_file(step.text):
        return None
    dropped = [x for x in lines if foreign_reason(x, profile)]
    if not dropped or not all(_SETS_SCRIPT_VAR.match(x) for x in dropped):
        return None
    kept = [x for x in lines if x not in dropped]
    if foreign_reason("\n".join(kept), profile):
        return None
    names = ", ".join(sorted({m.group(1) for x in dropped if (m := _SETS_SCRIPT_VAR.match(x))}))
    return Step(step.line, "\n".join(kept), True,
                f"kept without the line(s) setting {names} from the source's scheduler "
                f"({'; '.join(x.strip() for x in dropped)}): the target's script sets "
                f"{'them' if ',' in names else 'it'} before the set-up steps")


#: An assignment of a job size or rendezvous fact the target's script sets itself.
_SETS_RANK_FACT = re.compile(
    rf"^\s*(?:export\s+)?(?:{'|'.join(sorted(SCRIPT_SET_VARS | set(TORCH_RANK_VARS)))})=")
_SETS_SCRIPT_VAR = re.compile(
    rf"^\s*(?:export\s+)?({'|'.join(sorted(SCRIPT_SET_VARS))})=")


def _scheduler_heredoc(step: Step, src: Source, profile: ClusterProfile,
                       out: Carried) -> list[Step]:
    """A ``cat > FILE <<EOF`` whose body reads the source scheduler's values: kept verbatim
    under the same scheduler; on another, refused when the launch runs FILE (a wrapper the
    script writes), else left out with a note."""
    if src.parsed.scheduler == profile.scheduler:
        marker = f"# maple_flow: the heredoc of line {step.line}, kept as written"
        out.raw_blocks[marker] = step.text
        out.notes.append(f"line {step.line} `{short(step.text)}`: {step.why}; "
                         f"{profile.name}'s scheduler ({profile.scheduler}) sets the same "
                         "values: kept as written")
        return [Step(step.line, marker, True)]
    written = heredoc_file(step.text)
    reads = sorted({n for n in referenced(step.text) if _SCHEDULER_VAR.match(n)})
    launch = src.parsed.launch_block.text if src.parsed.launch_block is not None else ""
    if written and written in launch:
        out.refusals.append(
            f"the launch runs {written}, which line {step.line} writes with a heredoc whose "
            f"body reads {', '.join('$' + n for n in reads)} when the batch shell writes it; "
            f"{profile.name}'s scheduler ({profile.scheduler}) sets none of them: write the "
            "wrapper for the target (its launcher's rank variables, read by each rank: quote "
            "the delimiter, <<'EOF') and port that script")
    else:
        out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: {step.why}")
    return []


def with_raw_blocks(script: str, carried: Carried) -> str:
    """``script`` with each kept multi-line block (a heredoc) written in place of the one-line
    set-up step standing for it."""
    for marker, text in carried.raw_blocks.items():
        script = script.replace(marker, text, 1)
    return script


_SCHEDULER_VAR = re.compile(r"^(?:SLURM|PBS|PALS|PMI|OMPI|LSB|LSF)_")


#: Scheduler commands that only read the job's facts (they run under the same scheduler).
_QUERIES = {"slurm": ("scontrol show", "squeue", "sinfo", "sacct", "sstat"),
            "pbs": ("qstat", "pbsnodes")}


def _same_scheduler_query(step: Step, src: Source, profile: ClusterProfile) -> bool:
    """A line that runs a query of the source's scheduler (``scontrol show hostnames ... >
    hostfile``), not an assignment, ported to a target with the same scheduler."""
    return (src.parsed.scheduler == profile.scheduler and not step.name
            and step.why.endswith("is the source scheduler's command")
            and step.text.lstrip().startswith(_QUERIES.get(profile.scheduler, ())))


#: ``for VAR in $(QUERY)`` (or backticks) on a loop's first line.
_FOR_QUERY = re.compile(r"^(\s*for\s+\w+\s+in\s+)(?:\$\(([^()]*)\)|`([^`]*)`)(\s*(?:;\s*do)?\s*)$")


def _loop_over_query(step: Step, src: Source, profile: ClusterProfile) -> Step | None:
    """A loop over the job's hosts as the source's scheduler lists them (``for node in
    $(scontrol show hostnames $SLURM_JOB_NODELIST)``) with the target scheduler's query of
    the same (``uniq "$PBS_NODEFILE"``): the loop only iterates the words, one host a line in
    both, so the body is kept; None when the header is no such query or the body has other
    text that cannot run on the target."""
    source = "sge" if src.parsed.grid_engine else src.parsed.scheduler
    first, _, body = step.text.partition("\n")
    found = _FOR_QUERY.match(first)
    if not (found and body and source) or source == profile.scheduler:
        return None
    query = found.group(2) if found.group(2) is not None else found.group(3)
    same = equivalent_query(query.strip(), source, profile.scheduler)
    if not same or foreign_reason(body, profile):
        return None
    text = f"{found.group(1)}$({same}){found.group(4)}\n{body}"
    return Step(step.line, translate_scheduler_vars(text, profile.scheduler,
                                                    src.parsed.grid_engine)[0], True,
                f"a loop over the job's hosts: `{query.strip()}` lists them on "
                f"{src.parsed.scheduler}, on {profile.name} `{same}` does (one host a line "
                "in both)" + step.why.partition("kept line by line")[2], original=step.text)


def _other_scheduler_query(step: Step, src: Source, profile: ClusterProfile) -> str:
    """A line that only runs a query of the source's scheduler (``scontrol show job``,
    maybe into a file) as the target's scheduler's query of the same, or ``""``."""
    source = src.parsed.scheduler
    if not source or source == profile.scheduler or step.name or not step.why.endswith(
            "is the source scheduler's command"):
        return ""
    return equivalent_query(step.text, source, profile.scheduler)


def _entry_read_live(parsed: ParsedScript) -> str:
    """The program word as written (``$TRAIN``) when the value it reads runs a command
    (``TRAIN=`pwd`/train.py``): the port cannot write that value, so the line setting it is
    kept; ``""`` otherwise (the program is written as its value)."""
    written = parsed.launch.written_entry
    values = [parsed.variables.get(name, "") for name in referenced(written)]
    return written if any(COMMAND_SUBST.search(v) for v in values) else ""


def _container_words(src: Source, profile: ClusterProfile) -> str:
    """The words the port keeps as the user wrote them around the program where it carries
    the source's container to ``profile``: the runtime's options (``--overlay "$OVERLAY:ro"``)
    and the ``bash -c`` body (a double-quoted one reads the batch shell's ``$REPO``)."""
    from maple_flow.port.container import plan_container

    plan = plan_container(src.parsed, profile)
    return plan.prefix if plan is not None else ""


def _read_later(src: Source, profile: ClusterProfile, kept: list[Step], out: Carried,
                verbatim: str = "") -> list[Step]:
    """``kept`` less the assignments nothing after them reads (the program, the environment,
    the loop around the launch, a tool kept in front of it, a later kept step, a step after
    the launch, or ``verbatim``: the container words kept around the program)."""
    from maple_flow.port.interpreter import interpreter_variable
    from maple_flow.port.tool_prefix import tool_prefixes

    loop = src.parsed.launch_loop
    last = " ".join([src.facts.entrypoint, _entry_read_live(src.parsed), *src.facts.args,
                     *sorted(f"${n}" for n in container_reads(src, profile)),
                     *written_words(src.parsed), src.parsed.launch.array_command,
                     *out.env.values(), *out.steps,
                     src.parsed.launch_tail, *(b.text for b in src.parsed.after), verbatim,
                     *(t.text for t in tool_prefixes(src.parsed, "\n".join(src.lines)))]
                    + (loop.before + loop.after if loop else []))
    needed = set(referenced(last)) | option_vars(src.parsed)  # the user's launcher options
    needed |= {interpreter_variable(src.parsed, src.lines)} - {""}  # kept on the launch
    site_readers = _site_readers(src, profile)
    commands = launch_command_vars(src.parsed)
    launcher_only = launcher_only_vars(src.parsed)
    block = src.parsed.launch_block
    launch_reads = set(referenced(block.text)) if block is not None else set()
    dropped_here: dict[str, int] = {}  # a name -> the line left out here that read it
    program_reads = _program_vars(src.parsed)  # the program's arguments stay as written
    result: list[Step] = []
    for step in reversed(kept):
        if step.keep is None and not step.export and step.name not in needed:
            # nothing kept reads it: left out only when it is positively the source's (a
            # value of its launch that the target's own replaces, or one only the source
            # site's lines read); any other line is the user's and stays, as written
            why = replaced_value(step, commands, {**dropped_here, **site_readers},
                                 launcher_only)
            if why:
                out.notes.append(f"line {step.line} `{short(step.original or step.text)}` is "
                                 f"not copied: {why}")
                for name in referenced(step.text):  # `nodes_array=($nodes)` for `head_node=`
                    if name not in launch_reads and name not in program_reads:
                        dropped_here.setdefault(name, step.line)
                continue
        if step.keep is not False:
            needed |= set(referenced(step.text))
        result.append(step)
    return result[::-1]


#: Variables the target's script or launcher sets itself (job size, rendezvous, rank facts):
#: a user's line that sets one only for the source's launch is replaced, not copied.
_LAUNCH_SET = SCRIPT_SET_VARS | set(TORCH_RANK_VARS) | {
    "NUM_NODES", "NGPUS", "NGPU_PER_NODE", "NTOTRANKS", "NRANKS_PER_NODE", "NPROC_PER_NODE",
    "GROUP_RANK", "HEAD_NODE", "HEAD_NODE_IP", "RDZV_ID", "RDZV_ENDPOINT", "RDZV_PORT"}


def launch_command_vars(parsed: ParsedScript) -> set[str]:
    """The variables and arrays that hold (part of) the source's launch COMMAND: launcher
    words in their value (``CMD="torchrun ..."``, ``MPIEXEC=(mpiexec -n 4)``), a value reading
    one, or a word of an ``eval``'d launch line (``eval "$PRELOAD $CMD"``)."""
    found = command_vars(parsed.launch_vars, parsed.variables) - _interpreter_vars(parsed)
    found |= {name for name, value in parsed.arrays.items()
              if _COMMAND_WORD.search(value) and not _OUTPUT_OF.fullmatch(value.strip())}
    block = parsed.launch_block
    if block is not None and block.commands and block.commands[0].words[:1] == ("eval",):
        # the eval'd line's words, less those of the program's arguments as written
        # (`eval "srun python x.py $OPTS"`: OPTS holds arguments, passed as `$OPTS`)
        written = parsed.launch.written_args or []
        found |= set(referenced(block.text)) - {
            name for word, _, _ in written for name in referenced(word)}
    return found


def _site_readers(src: Source, profile: ClusterProfile) -> dict[str, int]:
    """The variables read by a source line the port leaves out as the source site's (a module
    or env activation, a scheduler command, a foreign tool), each with that line's number."""
    found: dict[str, int] = {}
    for step in src.steps:
        if step.keep is False or (not step.launch and foreign_reason(step.text, profile)):
            for name in referenced(step.text):
                found.setdefault(name, step.line)
    return found


def launcher_only_vars(parsed: ParsedScript) -> set[str]:
    """The launch's variables that only its launcher or container part reads (``--cpu-bind
    $CPU_BIND``, ``--main_process_ip $MASTER_IP``, the image of a container the port does
    not carry), not the program, its arguments, nor the user's launcher options the port
    keeps: the target's launch line writes its own in their place."""
    block, entry = parsed.launch_block, parsed.launch.entrypoint
    at = block.text.find(entry) if block is not None and entry else -1
    if block is not None and at < 0:  # the program held in a variable (`bash -c "$cmd"`)
        held = [m.start() for name in launch_command_vars(parsed)
                for m in re.finditer(rf"\$\{{?{re.escape(name)}\b", block.text)]
        at = min(held, default=-1)
    if block is None or at < 0:
        return set()  # where the program's words start is not known: nothing is launcher-only
    # read before the program's word on the launch line, and not after it
    before = set(referenced(block.text[:at])) - set(referenced(block.text[at:]))
    return before & (set(parsed.launch_vars) - _program_vars(parsed) - option_vars(parsed)
                     - {name for name in parsed.launch_vars if _program_only(name, parsed)})


def replaced_value(step: Step, commands: set[str], site_readers: dict[str, int],
                   launcher_only: set[str] | frozenset[str] = frozenset()) -> str:
    """Why an assignment nothing kept reads is the source's and not copied, or ``""`` (the
    user's line: kept as written)."""
    name = step.name.rstrip("+")  # ``CMD+=" x.py"`` adds to CMD
    if name in _LAUNCH_SET:
        return (f"it sets {name}, a job size or rendezvous value of the source's launch; "
                "the target's script and launcher set their own")
    if name in commands:
        return ("it holds the source's launch command (launcher words), which the target's "
                "launch line replaces")
    if name in site_readers:
        return (f"only line {site_readers[name]} reads it, and that line is not copied (see "
                "its note)")
    if name in launcher_only:
        return ("only the source's launch line reads it, in its launcher or container words "
                "(not the program's arguments); the target's launch line writes its own")
    return ""


def _in_image(src: Source, profile: ClusterProfile) -> Source:
    """``src`` without the steps of the ``bash -c`` body its container runs, where the port
    carries that container and body to ``profile`` (they run in the image, see
    ``port.image_body``), else ``src``."""
    from maple_flow.port.container import body_in_image
    from maple_flow.port.image_body import inner_step_keys

    if not body_in_image(src.parsed, profile):
        return src
    keys = inner_step_keys(src.parsed)  # a step rewritten for the host (a cd) by its own text
    return replace(src, steps=[s for s in src.steps if (s.line, s.text) not in keys
                               and (s.line, s.original) not in keys])


def carry_steps(src: Source, profile: ClusterProfile, out: Carried) -> None:
    """The source's set-up steps into ``out.steps`` in order; every drop is a note."""
    src = _in_image(src, profile)
    kept, foreign_names = _classify(src, profile, out)
    kept = _without_lost_background(src, kept, out)
    kept = _read_later(src, profile, kept, out, _container_words(src, profile))
    for step in kept:
        if step.original:  # a line rewritten for the target
            out.notes.append(f"line {step.line} `{short(step.original)}` {step.why}: "
                             f"`{step.text}`")
    out.dropped_env |= foreign_names
    kept = _without_dropped_refs(src, kept, out)
    kept, clobbers = script_var_setters(kept)
    out.notes += clobbers
    _note_dropped_args(src, out)
    started = False
    first_reader: Step | None = None
    comments = CommentRuns(src.lines)
    comments.skip_to(_first_body_line(src))
    for step in kept:
        above = comments.above(step.line) if step.line > 0 else []
        above = above[1:] if not out.steps and above[:1] == [""] else above
        if step.export:
            line = _export_line(step, started, out) or _world_size_in_place(step, kept, out)
            out.steps += [*above, line] if line else []
            continue
        out.steps += above
        if step.launch:
            _add_stage(step, src, profile, out)
            continue
        if "\n" in step.text and step.keep:
            from maple_flow.port.stages import port_inner_launches

            text, notes, refusal = port_inner_launches(step, src, profile, out.size)
            out.notes += notes
            out.refusals += [refusal] if refusal else []
            step = replace(step, text=text)
        added = _add_step(step, profile, out)
        started = started or (added and step.keep is True)
        if first_reader is None and added and reads_script_args(step.text):
            first_reader = step
    if first_reader is not None:
        out.notes.append(_step_args_note(first_reader, profile))
    block = src.parsed.launch_block
    out.steps += comments.above(block.line) if block is not None else []
    out.steps[:0] = list(out.export_lines.values())  # exports no kept step places: first
    out.export_lines.clear()
    out.steps += out.late_exports  # a launch prefix reading what the steps set: after them
    out.late_exports.clear()


def _set_above_launch(name: str, value: str, src: Source) -> str:
    """The first variable ``value`` reads that a line of the script assigns, when ``name`` is
    set only in front of the launch (no line of its own: ``NAME=value python ...``), else
    ``""``: written in the target's environment block, above the script's own lines, it
    would read that variable before it is set (order: a kept word never moves above the
    line that sets what it reads)."""
    text = "\n".join(src.lines)
    own = re.compile(rf"^\s*(?:export\s+)?{re.escape(name)}=")
    if any(own.match(line) and all(w == "export" or _ASSIGNED.match(w)
                                   for w in split_words(line)) for line in src.lines):
        return ""  # a line of its own: carried where the source has it
    for read in re.findall(r"\$\{?([A-Za-z_]\w*)", value):
        if read != name and re.search(
                rf"(?m)(?:^|[\s;(&|])(?:export\s+|local\s+|readonly\s+|declare\s+)?"
                rf"{re.escape(read)}=", text):
            return str(read)
    return ""


#: One word that assigns a variable (``NAME=value``).
_ASSIGNED = re.compile(r"[A-Za-z_]\w*=")


#: ``PID=$!`` (or ``export PID="$!"``): the process id of the command just put in the background.
_PID_OF_LAST = re.compile(r"(?:export\s+)?([A-Za-z_]\w*)=\"?\$!\"?")
#: A command run in the background (ends in a lone ``&``).
_BACKGROUND = re.compile(r"(?<![&>|])&\s*(?:#.*)?$")


def _without_lost_background(src: Source, kept: list[Step], out: Carried) -> list[Step]:
    """``kept`` less each ``PID=$!`` whose background command (the source's step just above
    it) is not copied: ``$!`` would be empty, or another command's, on the target, and a
    ``kill $PID`` of it fails (a bare ``kill`` exits 2); its readers go with it (see
    ``_without_dropped_refs`` and the lines after the launch), each a note."""
    kept_lines = {s.line for s in kept}
    result = []
    for step in kept:
        found = _PID_OF_LAST.fullmatch(step.text.strip())
        before = [s for s in src.steps if s.line < step.line] if found else []
        if found and before and _BACKGROUND.search(before[-1].text.strip()) and (
                before[-1].line not in kept_lines):
            name = found.group(1)
            out.lost_pids.add(name)
            out.dropped_env.add(name)
            out.notes.append(
                f"line {step.line} `{short(step.text)}` is not copied: it records the process "
                f"of line {before[-1].line} `{short(before[-1].text)}`, which is not copied "
                f"(see above); the lines that read ${name} go with it")
            continue
        result.append(step)
    return result


def _world_size_in_place(step: Step, kept: list[Step], out: Carried) -> str:
    """The source's export of the job's world size (``export WORLD_SIZE=$SLURM_NTASKS``), not
    copied as written, set where the source sets it to the target's rank count when a kept
    step after it reads it before the launch (``echo $WORLD_SIZE``): the target's launch sets
    it only later, so that step would read it empty. ``""`` otherwise."""
    if TORCH_RANK_VARS.get(step.name) != "world_size":
        return ""
    readers = [s for s in kept if s.line > step.line and s.keep is not False and not (
        s.export and s.name == step.name) and step.name in referenced(s.text)]
    if not readers:
        return ""
    out.notes.append(
        f"line {step.line} `{short(step.text)}` is set where the source sets it, as the "
        f"port's rank count: `export {step.name}=\"$NRANKS\"` (line {readers[0].line} "
        f"`{short(readers[0].text)}` reads it before the launch)")
    return f'export {step.name}="$NRANKS"'


def _export_line(step: Step, started: bool, out: Carried) -> str:
    """The line carried for the source's export ``step`` where the source has it: the user's
    own line as written (its value kept), an export computed at run time, a value placed
    after a kept step; ``""`` when the target's environment block sets it instead."""
    if step.name in out.kept_exports:
        out.env.pop(step.name, None)
        out.export_lines.pop(step.name, None)
        return step.text
    if step.name in out.export_lines:
        return out.export_lines.pop(step.name)
    if started and step.name in out.env and ENV_NAME.match(step.name):
        return f"export {step.name}={shell_word(out.env.pop(step.name))}"
    return ""  # a name no shell exports (``export "MY VAR=1"``) stays for the JobSpec to refuse


def _first_body_line(src: Source) -> int:
    """The last line of the source's header (shebang, directives and the comments among
    them): the user's comments are carried from below it."""
    last = 0
    for number, line in enumerate(src.lines, 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            break
        if stripped.startswith("#") and not is_comment(line):
            last = number
    return last


#: A quoted string: its words are text (``echo "cd <repo> && qsub x.sh"`` runs no qsub) unless
#: it holds a command substitution (``"$(qsub x.sh)"``).
_QUOTED_TEXT = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"")


def _blank_quoted(found: re.Match[str]) -> str:
    text = found.group(0)
    return text if text.startswith('"') and ("$(" in text or "`" in text) else " " * len(text)


_CVD_NAME = "CUDA_VISIBLE_DEVICES"


def _pinned_gpus_refusal(name: str, at: str, value: str, top: int, gpus: int) -> str:
    """Why copies pinned up to GPU ``top`` do not fit the port's ``gpus`` GPUs a node."""
    return (f"the job runs copies of its work side by side, each on the GPUs its own "
            f"{name} names (line {at}; the launch's `{name}={value}`), up to GPU {top}, and "
            f"the port's job has {gpus} GPU(s) per node: give gpus_per_node={top + 1} "
            f"(--gpus-per-node {top + 1})")


#: :func:`foreign_reason`'s answers, per text and profile (the profile held with its answer:
#: its id is that object's while it is kept); emptied when full.
_FOREIGN: dict[tuple[str, int], tuple[ClusterProfile, str]] = {}
_FOREIGN_MAX = 8192


def foreign_reason(text: str, profile: ClusterProfile) -> str:
    """Why ``text`` cannot run on ``profile``'s cluster as written (another GPU vendor's
    tools or variables, the other scheduler's variables without an equivalent), or ``""``.
    Kept per text and profile (a port's stages ask it of the same lines several times; a
    profile is immutable)."""
    key = (text, id(profile))
    hit = _FOREIGN.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1]
    if len(_FOREIGN) >= _FOREIGN_MAX:
        _FOREIGN.clear()
    reason = _foreign_reason(text, profile)
    _FOREIGN[key] = (profile, reason)
    return reason


def _foreign_reason(text: str, profile: ClusterProfile) -> str:
    """:func:`foreign_reason`, worked out."""
    vendor = vendor_reason(text, profile)
    if vendor:
        return vendor
    renamed, _ = translate_scheduler_vars(text, profile.scheduler)
    other = foreign_pattern(profile.scheduler).search(renamed)
    if other:
        return f"${other.group(1)} is not set by {profile.name}'s scheduler ({profile.scheduler})"
    command = foreign_command(profile.scheduler).search(_QUOTED_TEXT.sub(_blank_quoted, text))
    if command:
        return (f"`{command.group(1)}` is another scheduler's command; {profile.name} runs "
                f"{profile.scheduler}")
    return other_site_file(text, profile) or site_command_reason(text, profile)


@cache
def _site_command_words() -> re.Pattern[str]:
    names = "|".join(re.escape(n) for n in sorted(site_commands().commands))
    return re.compile(rf"(?<![\w.-])(?:{names})(?![\w.-])")


def site_command_reason(text: str, profile: ClusterProfile) -> str:
    """Why ``text`` runs a command only another centre has (``ncar_pylib``, ``jutil``), which
    ``profile``'s cluster does not: what it did there and what to do instead; or ``""``."""
    if not _site_command_words().search(text):
        return ""
    for cmd in split_commands(text):
        at = past_prefixes(cmd.words)
        found = site_command(cmd.words[at], profile.id) if at < len(cmd.words) else None
        if found is not None:
            return (f"`{cmd.words[at].rsplit('/', 1)[-1]}` is {found.centre}'s own command "
                    f"({found.does}); {profile.name} does not have it: {found.instead}")
        for _, value in cmd.assignments:  # `device=`free-gpu``: the value is its output
            inner = substituted_site_command(value, profile)
            if inner:
                return inner
    return ""


#: The body of a command substitution: ``$(...)`` (no nesting) or backticks.
_SUBSTITUTION = re.compile(r"\$\(([^()]*)\)|`([^`]*)`")


def substituted_site_command(value: str, profile: ClusterProfile) -> str:
    """Why a value computed by another centre's own command (``CUDA_VISIBLE_DEVICES=`free-gpu```
    on the JHU CLSP grid) cannot be carried, or ``""`` (issue 14: it was exported as written,
    the command absent on the target)."""
    for match in _SUBSTITUTION.finditer(value):
        reason = site_command_reason(match.group(1) or match.group(2) or "", profile)
        if reason:
            return reason
    return ""


_SOURCED = re.compile(r"^\s*(?:source|\.)\s+(\S+)")


def other_site_file(text: str, profile: ClusterProfile) -> str:
    """Why a ``source FILE`` line belongs to another cluster (the file is named for it, e.g.
    ``~/http_proxy_polaris`` or ``envs/perlmutter.sh`` ported elsewhere), or ``""``."""
    from maple_flow.knowledge.clusters import all_profiles

    sourced = _SOURCED.match(text)
    if sourced is None:
        return ""
    profiles = all_profiles()
    words = set(re.split(r"[^a-z0-9]+", sourced.group(1).lower()))
    named = sorted((words & set(profiles)) - {profile.id})
    if not named:
        return ""
    return (f"the file is named for {profiles[named[0]].name} (that site's settings); "
            f"make {profile.name}'s own if the job needs one")


def _note_dropped_args(src: Source, out: Carried) -> None:
    """Program arguments that read a variable which is not copied."""
    lost = sorted({n for a in [src.facts.entrypoint, *src.facts.args] for n in referenced(a)}
                  & out.dropped_env)
    if lost:
        out.notes.append(f"the program's arguments read {', '.join('$' + n for n in lost)}, "
                         "which is not copied (see above): set it on the target")


#: ``source activate`` with no env: the ``activate`` found on $PATH.
_BARE_ACTIVATE = re.compile(r"(?:source|\.)\s+activate")


def _without_dropped_refs(src: Source, kept: list[Step], out: Carried) -> list[Step]:
    """Kept steps minus those that read a variable which is not copied (the line would run
    with an empty value on the target: ``mkdir -p "$SOURCE_ONLY_DIR"``); each is a note."""
    dropped = {s.text.split("=", 1)[0].strip() for s in src.steps
               if s.keep is False and re.match(r"^\w+=", s.text)}
    dropped = (dropped | out.dropped_env) - SCRIPT_SET_VARS  # the target's script sets these
    dropped -= {s.name for s in kept if s.original}  # rewritten for the target, so kept
    dropped -= out.same_scheduler_vars
    result = []
    held = _held_launch(src)
    for step in kept:
        lost = sorted(set(referenced(step.text)) & dropped)
        assigned = re.match(r"(?:export\s+)?([A-Za-z_]\w*)=", step.text.strip())
        if (step.export and assigned and assigned.group(1) in lost
                and assigned.group(1) in out.dropped_env):
            # `export PATH=/site/bin:$PATH` left out by the environment pass, its note given
            # there: it reads its own old value, not a second line that is not copied
            lost.remove(assigned.group(1))
            if not lost:
                if assigned.group(1) not in out.export_lines:  # left out: named by its line
                    out.notes.append(f"line {step.line} `{short(step.text)}` is not copied "
                                     f"(see the note on {assigned.group(1)} above)")
                result.append(step)
                continue
        if assigned and assigned.group(1) in held:  # `export LAUNCHER="accelerate launch ..."`
            if not any(n.startswith(f"`export {assigned.group(1)}=") for n in out.notes):
                out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: "
                                 f"{_HOLDS_LAUNCH}")
            dropped.add(assigned.group(1))
            out.dropped_env.add(assigned.group(1))
            continue
        if "PATH" in dropped and _BARE_ACTIVATE.fullmatch(step.text.strip()):
            out.notes.append(f"line {step.line} `{step.text.strip()}` is not copied: it "
                             "activates the env whose `activate` comes first on $PATH, which "
                             "the PATH export it follows put there, and that export is not "
                             "copied (see above): activate your env on the target by its path")
            continue
        if lost and step.keep is None:  # an assignment from a dropped value: dropped too
            out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: it reads "
                             f"{', '.join('$' + n for n in lost)}, which is not copied")
            if step.name not in SCRIPT_SET_VARS:  # MASTER_ADDR: the target's script sets it,
                dropped.add(step.name)  # so a later `echo $MASTER_ADDR` reads its value
                out.dropped_env.add(step.name)
            continue
        gated = _RANK0_GATE.fullmatch(step.text.strip())
        if gated and lost == [gated.group(1)] and step.keep is True:
            body = "\n".join(line.strip() for line in gated.group(2).strip().split("\n"))
            out.notes.append(f"line {step.line} `{short(step.text)}` ran only where "
                             f"${gated.group(1)} is 0; set-up steps run once on the target, so "
                             "its body is kept without the test")
            result.append(Step(step.line, body, True))
        elif lost and step.keep is True:
            out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: it reads "
                             f"{', '.join('$' + n for n in lost)}, which is not copied (see "
                             "above); add it on the target with the target's values")
        else:
            result.append(step)
    return result


def _add_stage(step: Step, src: Source, profile: ClusterProfile, out: Carried) -> None:
    """A launch of the job's before its main one, with the target's launcher."""
    from maple_flow.port.stages import dropped, port_stage

    lines, note = port_stage(step, src, profile, out.size, set_by_port(out))
    out.steps.extend(lines)
    out.stage_lines.update(lines)
    (out.notes if lines or dropped(step, lines) else out.refusals).append(note)


def _add_step(step: Step, profile: ClusterProfile, out: Carried) -> bool:
    """Append ``step`` to the set-up lines; False (with a note) when it cannot be."""
    lines = step.text.split("\n")
    problem = setup_lines_problem(lines)
    if problem:
        out.notes.append(f"line {step.line} `{short(step.text)}` cannot be carried as set-up "
                         f"lines ({problem}): add it on the target by hand")
        return False
    if re.match(r"\s*(?:nvidia-smi|xpu-smi|rocm-smi)\b", step.text) and not _same_vendor(
        step.text, profile
    ):
        out.notes.append(f"`{step.text}` queries another vendor's GPUs: not copied")
        return False
    made = _made_env(out.steps)
    out.steps.extend(lines)
    why = step.why
    if made and why.startswith("your virtual env: create it on the target"):
        why = f"your virtual env, which the job makes itself above (`{short(made, 60)}`)"
    if step.keep and why and not step.original:  # a rewritten line has its own note
        out.notes.append(f"set-up kept: `{short(step.text)}` ({why})")
    return True


#: A set-up line that makes a Python environment in the job (``virtualenv DIR``,
#: ``python -m venv DIR``, ``uv venv``, ``conda create``).
_MAKES_ENV = re.compile(
    r"(?:^|[\s;&|])(?:virtualenv\b|\S*python[\d.]*\s+-m\s+(?:venv|virtualenv)\b|uv\s+venv\b"
    r"|(?:conda|mamba|micromamba)\s+create\b)")


def _made_env(steps: list[str]) -> str:
    """The last of ``steps`` that makes a Python environment in the job, or ``""``."""
    return next((x.strip() for x in reversed(steps)
                 if _MAKES_ENV.search(x) and not x.lstrip().startswith("#")), "")


def _same_vendor(text: str, profile: ClusterProfile) -> bool:
    return ("nvidia" in text) == (profile.gpu.vendor == "nvidia")


#: On Slurm, PBS's node file written from the job's node list.
_NODEFILE_STEPS = ['MAPLE_NODEFILE="$(mktemp)"',
                   'scontrol show hostnames "$SLURM_JOB_NODELIST" > "$MAPLE_NODEFILE"']


def translate(src: Source, profile: ClusterProfile, carried: Carried) -> tuple[str, list[str]]:
    """Entry point, arguments, env values and steps with the other scheduler's job
    variables renamed for ``profile``'s scheduler; notes what was renamed."""
    renamed: list[str] = []

    def tr(text: str) -> str:
        new, done = translate_scheduler_vars(text, profile.scheduler, src.parsed.grid_engine)
        renamed.extend(done)
        return new

    pins = source_size_pins(src, profile)
    pinned: list[str] = []

    def tr_arg(text: str) -> str:
        return tr(_pin_size_vars(text, pins, pinned))

    entry = tr(src.facts.entrypoint)
    args = [_ALL_ARGS.sub("$@", tr_arg(a)) for a in src.facts.args]
    carried.env = {k: tr(v) for k, v in carried.env.items()}
    carried.steps = [tr(s) for s in carried.steps]
    reads = source_reads([(s.name, s.original or s.text) for s in src.steps])
    set_here = set_by_port(carried)
    if src.set_outside is not None:  # its own set-up lines are not carried with it
        set_here &= src.set_outside
    carried.launch_args = launch_args(src.parsed, args, tr_arg, set_here, reads)
    for name in dict.fromkeys(pinned):
        value, why = pins[name]
        carried.notes.append(
            f"the program's arguments read ${name}, {why}: written as {value}, the value "
            f"the program got on the source (check it suits {profile.name}'s job)")
    assigned: dict[str, int] = {}
    for step in src.steps:
        for name in assigned_names([step.original or step.text]):
            assigned.setdefault(name, step.line)
    passed = carried.launch_args.words if carried.launch_args else args
    # an exported one the environment pass leaves out is named there already ("the program's
    # arguments read $X, which is not copied (see above): set it on the target")
    emptied = [(arg, name, line) for arg, name, line
               in emptied_args(src.parsed, passed, set_here, assigned)
               if name not in carried.dropped_env]
    for arg, name, line in emptied[:1]:
        carried.refusals.append(
            f"the program's argument `{arg}` reads ${name}, which line {line} of the source "
            f"sets and the port does not copy (see its note): on {profile.name} it would be "
            f"empty, so the program would run with other arguments than you gave it; set "
            f"{name} on {profile.name} (its value from the target's own job or node) and "
            "port again")
    written = carried.launch_args.words if carried.launch_args else []
    words = [entry, *args, *written, *carried.env.values(), *carried.steps,
             *carried.loop_open, *carried.loop_close]
    _add_helpers(words, renamed, profile, carried)
    if renamed:
        carried.notes.append(f"scheduler variables renamed for {profile.scheduler}: "
                             f"{', '.join(sorted(set(renamed)))}")
    return entry, args


def source_size_pins(src: Source, profile: ClusterProfile) -> dict[str, tuple[str, str]]:
    """The source scheduler's job-size variables whose value the program's arguments must
    keep as the source's (``--num_workers $SLURM_CPUS_PER_TASK``): each with that value and
    why the target's would differ. Slurm's CPUs per task on a target whose scheduler does not
    set it (unset there: an empty word, or 0 in arithmetic); Slurm's task count where the
    source's tasks are not its program's processes (``--ntasks=18`` for data-loader CPUs
    under one torchrun process): the port's job has a task a process, so the count changes.
    A task count equal to the processes is the world size, which the port's job keeps."""
    p, f = src.parsed, src.facts
    if p.scheduler != "slurm":
        return {}
    pins: dict[str, tuple[str, str]] = {}
    if f.cpus_per_task and profile.scheduler != "slurm":
        pins["SLURM_CPUS_PER_TASK"] = (str(f.cpus_per_task), (
            f"the source's --cpus-per-task ({f.cpus_per_task}), which {profile.name}'s "
            f"scheduler ({profile.scheduler}) does not set (unset there: empty, or 0 in "
            "arithmetic)"))
    tasks = first_int(p.directive("ntasks"))
    if tasks and f.ranks and tasks != f.ranks:
        why = (f"the source's --ntasks ({tasks}), while its program ran {f.ranks} "
               f"process(es): the port's job has a task a process, so on {profile.name} it "
               f"would be {f.ranks}" + ("" if profile.scheduler == "slurm" else
                                        " or unset"))
        pins["SLURM_NTASKS"] = (str(tasks), why)
        pins["SLURM_NPROCS"] = (str(tasks), why)
    return pins


def _pin_size_vars(text: str, pins: dict[str, tuple[str, str]], pinned: list[str]) -> str:
    """``text`` with each pinned variable's reference (``$N``, ``${N}``, a bare ``N`` in
    ``$(( ))``) replaced by its value; the names replaced added to ``pinned``."""
    for name, (value, _) in pins.items():
        ref = re.compile(rf"\$\{{{name}\}}|\${name}\b")
        bare = re.compile(rf"(?<![\w$]){name}\b")
        new = ref.sub(value, text)

        def in_arith(m: re.Match[str], bare: re.Pattern[str] = bare, value: str = value) -> str:
            return bare.sub(value, m.group(0))

        new = _ARITH_SPAN.sub(in_arith, new)
        if new != text:
            pinned.append(name)
            text = new
    return text


_ARITH_SPAN = re.compile(r"\$\(\((?:[^()]|\([^()]*\))*\)\)")


def _add_helpers(words: list[str], renamed: list[str], profile: ClusterProfile,
                 carried: Carried) -> None:
    """The helper variables (``$MAPLE_NODEFILE`` on Slurm for PBS's node file) that ``words``
    read after renaming (``renamed``: ``$A -> $B``): their lines first among the set-up
    steps, each with its note."""
    from maple_flow.knowledge.filesystems import target_storage

    storage = target_storage(profile.id)
    local = storage.node_local if storage else "/tmp"
    lines: list[str] = []
    for name, helper in scheduler_vars().helpers.items():
        if helper.scheduler in (profile.scheduler, "any") and any(name in w for w in words):
            lines += [x.replace("{node_local}", local) for x in helper.lines]
            source = sorted({r.split(" -> ")[0] for r in renamed if r.endswith(f"${name}")})
            carried.notes.append(helper.note.replace("{source}", ", ".join(source) or name)
                                 .replace("{node_local}", local))
    carried.steps[:0] = lines


#: A set-up line that reads the job script's own arguments (``X=$1``, ``"${2}"``, ``$#``).
_STEP_POSITIONAL = re.compile(r"\$(?:[@*#1-9]|\{(?:[@*#]|[1-9]\d*)(?=[}:?+=#%/\[-]))")


def _expanded_text(text: str) -> str:
    """``text`` without its single-quoted parts (outside double quotes), where the shell
    expands nothing: ``awk '{print $1}'`` reads awk's field, not the script's argument."""
    out, quote = [], ""
    for ch in text:
        if quote == "'":
            quote = "" if ch == "'" else quote
            continue
        if ch == "'" and not quote:
            quote = "'"
            continue
        if ch == '"':
            quote = "" if quote == '"' else '"'
        out.append(ch)
    return "".join(out)


def reads_script_args(text: str) -> bool:
    """Whether a line the port keeps reads the job script's own arguments (``X=$1``,
    ``"${2}"``, ``${1:?usage}``, ``$#``), outside single quotes."""
    return bool(_STEP_POSITIONAL.search(_expanded_text(text)))


def _step_args_note(step: Step, profile: ClusterProfile) -> str:
    """A kept set-up line reads the job script's own arguments: how to give them on the
    target (PBS's qsub passes none, so a test on them can stop the job)."""
    return script_args_note(step.line, step.text, profile)


def script_args_note(line: int, text: str, profile: ClusterProfile) -> str:
    """The note for kept line ``line`` (``text``) that reads the job script's arguments: it
    names the line; how to give them on the target is the one submit-time inputs note
    (``submit_inputs.submit_inputs_note``)."""
    head = (f"line {line} `{short(text)}` reads the job script's own arguments "
            "($1, ...), kept")
    if profile.scheduler == "pbs":
        return (f"{head}; {profile.name}'s qsub passes no arguments to a job script, so they "
                "are empty there unless given the way the submit-time inputs note says (a check "
                "such as `[ -z \"$X\" ] && exit 1` stops the job before the launch)")
    return f"{head}: see the submit-time inputs note for how to give them"


#: A launch of another program whose output the line assigns (``R=$(srun python x.py)``).
_CAPTURE = re.compile(r"^\s*\w+=\$\((?!\()")


def _carried_lines(carried: Carried) -> list[str]:
    """The set-up and loop lines the port carries (not the launches of other programs)."""
    steps = [s for s in carried.steps if (s not in carried.stage_lines or _CAPTURE.match(s))
             and not is_comment(s)]
    return steps + [x for x in carried.loop_open + carried.loop_close
                    if x not in carried.stage_lines]


#: The names ``assigned_names`` reads (compiled once: it is asked many times a port).
_GETOPTS_NAME = re.compile(r"\bgetopts\s+\S+\s+(\w+)")
_ASSIGNED = re.compile(r"^\s*(?:export\s+|declare\s+-\w+\s+)?(\w+)\+?=", re.M)
_ASSIGNED_IN_LIST = re.compile(
    r"(?:[;{]|&&|\|\||\b(?:then|else|do))\s*(?:export\s+)?([A-Za-z_]\w*)\+?=(?!=)")
_DEFAULT_ASSIGNED = re.compile(r"^\s*:\s.*?\$\{(\w+):?=")
_LOOP_NAME = re.compile(r"^\s*for\s+(\w+)\s+in\b", re.M)


def assigned_names(lines: list[str]) -> set[str]:
    """The variables ``lines`` assign (``NAME=``, ``export NAME=``, ``declare -x NAME=``,
    ``: "${NAME:=default}"``, a kept loop's ``for NAME in``, an assignment inside a one-line
    ``if``/``&&`` list, a ``getopts`` loop's name and the OPTARG/OPTIND it sets)."""
    found = [_line_names(s) for s in lines]  # each line's, in the order the sets are built
    opts = {n for f in found for n in f[0]}
    return opts | ({"OPTARG", "OPTIND"} if opts else set()) | {
        n for f in found for n in f[1]} | {
        # in a one-line compound command (`if [ -n "$1" ]; then CFG=$1; else CFG=x; fi`)
        n for f in found for n in f[2]} | {
        n for f in found for n in f[3]} | {
        n for f in found for n in f[4]}


@lru_cache(maxsize=8192)
def _line_names(line: str) -> tuple[tuple[str, ...], ...]:
    """What each of :func:`assigned_names`'s patterns finds in ``line``, in order, memoised (a
    batch's ports share their template's and their source's lines)."""
    return tuple(tuple(rx.findall(line)) for rx in (
        _GETOPTS_NAME, _ASSIGNED, _ASSIGNED_IN_LIST, _DEFAULT_ASSIGNED, _LOOP_NAME))


def set_by_port(carried: Carried) -> set[str]:
    """The variables the ported script sets before its launch."""
    set_here = assigned_names(_carried_lines(carried)) | set(carried.env)
    return set_here | set(carried.loop_vars) | set(carried.job_vars)


def live_refs_note(entry: str, args: list[str], carried: Carried,
                   container: frozenset[str] = frozenset(), how: str = "") -> list[str]:
    """What the program's words read from the shell at run time (passed as written), and
    the variables nothing in the ported script sets; ``container``: the names the carried
    container's own options read (``--env "X=${X}"``), which count as read too; ``how``:
    how the target's submit command passes them (``submit_env_how``)."""
    if carried.launch_args is not None:  # the program's arguments as the user wrote them
        args = carried.launch_args.plain
    written = set(carried.launch_args.written if carried.launch_args else [])
    program = [w for w in [entry, *args] if "$" in w or "`" in w or w.startswith("~")]
    as_text = [w for w in program if kept_as_text(w) and w not in written]
    words = [w for w in [*program, *carried.env.values()]
             if w not in as_text and ("$" in w or w.startswith("~"))]
    lines = _carried_lines(carried)
    set_here = set_by_port(carried)
    read = {a or b for w in words + lines for a, b in _BARE_REF.findall(w)
            if not (a or b).isdigit()} | container
    unset = sorted(read - set_here - SCRIPT_SET_VARS - _ALWAYS_SET - {GPU_VAR, STEP_VAR})
    notes = []
    if words:
        notes.append(f"passed as written, expanded on the target when the job runs: "
                     f"{', '.join(repr(w) for w in words)}")
    if as_text:
        notes.append("passed as literal text (quoted: the command substitution or expansion "
                     "in it does not run on the target; only $NAME references expand): "
                     f"{', '.join(repr(w) for w in as_text)}; if the program needs the "
                     "value, set a variable to it before the launch line and pass $NAME")
    if unset:
        # the submit command passes the user's own variables, not a scheduler's or a device's
        user = [n for n in unset if not _RUNTIME_NAME.match(n)]
        loads = [f"`export $({m.group(1) or m.group(2)})`" for s in lines
                 for m in EXPORTED_LINE.finditer(s)]
        unless = (f"; unless {', '.join(loads)}, kept above, sets them from your file"
                  if loads and user else "")
        notes.append(f"read but not set by the script (set them in the environment on the "
                     f"target{how if user else ''}{unless}): "
                     f"{', '.join('$' + n for n in unset)}")
    return notes


#: A variable the job's own environment sets, not the submitter's: a scheduler's, a
#: launcher's or a GPU runtime's, an activated environment's, a site's storage areas.
_RUNTIME_NAME = re.compile(
    r"(?:SLURM|PBS|LSB|SGE|PMI|PALS|OMPI|CUDA|ROCR|HIP|ZE|GPU|CONDA|MAMBA|SINGULARITY|"
    r"APPTAINER)_|"
    r"(?:VIRTUAL_ENV|WORK|SCRATCH|PSCRATCH|PROJECT|STORE|DATA|TMPDIR|CFS|HOME)$")


def submit_env_how(source_scheduler: str | None, profile: ClusterProfile) -> str:
    """How the target's submit command passes the submitting shell's variables into the job,
    where it differs from the source's: Slurm's sbatch and LSF's bsub pass them all, PBS's
    qsub none unless told (``qsub -v NAME=value`` or ``qsub -V``, qsub(1B)); "" where nothing
    changes."""
    if profile.scheduler == "pbs" and source_scheduler in ("slurm", "lsf"):
        return (f"; {profile.name}'s qsub passes the submitting shell's variables into the job "
                "only when told: `qsub -v NAME=value` or `qsub -V`, where the source's sbatch "
                "or bsub passed them all; a wrapper that sets them and submits the job needs "
                "that change too")
    return ""


