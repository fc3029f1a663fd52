"""What a port carries from the source besides the program: environment variables and the
user's set-up steps, each kept or dropped with its reason, and the scheduler variables the
program's words read (renamed for the target's scheduler)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from maple_flow.models import ClusterProfile
from maple_flow.models.shell_lines import setup_line_problem
from maple_flow.port_fit import script_var_setters
from maple_flow.port_rules import classify_env, referenced, translate_scheduler_vars
from maple_flow.scriptparse import ParsedScript, ScriptFacts
from maple_flow.scriptparse.steps import Step, after_steps
from maple_flow.shellquote import shell_word

#: Variables every maple_flow script sets before the launch line.
_SCRIPT_VARS = frozenset({"NNODES", "NRANKS", "GPUS_PER_NODE", "MASTER_ADDR", "MASTER_PORT"})
_ALWAYS_SET = frozenset({
    "HOME", "PWD", "USER", "PATH", "HOSTNAME", "SLURM_SUBMIT_DIR", "SLURM_JOB_ID",
    "SLURM_JOB_NAME", "SLURM_NNODES", "SLURM_JOB_NUM_NODES", "SLURM_NTASKS", "SLURM_PROCID",
    "SLURM_LOCALID", "SLURM_NODEID", "PBS_O_WORKDIR", "PBS_JOBID", "PBS_JOBNAME",
    "PBS_NODEFILE", "PYTHONPATH", "LD_LIBRARY_PATH", "SECONDS", "RANDOM", "LINENO",
    "BASHPID", "PPID", "UID", "HOSTTYPE", "OSTYPE",
})
_BARE_REF = re.compile(r"\$\{(\w+)\}|\$(\w+)")  # a reference without a default value
#: ``if [ "$LOCAL_RANK" -eq 0 ]; then ... fi``: a block run by the first rank only.
_RANK0_GATE = re.compile(
    r'if \[\[? "?\$\{?(\w*RANK\w*|SLURM_PROCID|SLURM_NODEID|PMI_\w+)\}?"? (?:-eq|==?) "?0"? '
    r'\]\]?;? ?\n?\s*then\n(.*?)\n\s*fi', re.S)
_CUDA_ONLY = frozenset({"CUDA_HOME", "CUDA_PATH", "CUDA_LAUNCH_BLOCKING",
                        "CUDA_DEVICE_MAX_CONNECTIONS"})
_POSITIONAL = re.compile(r"\$\{?[@*\d]\}?")

@dataclass
class Source:
    """A parsed source script with what porting needs from it."""

    parsed: ParsedScript
    facts: ScriptFacts
    cluster: str | None
    total: int | None
    steps: list[Step]
    notes: list[str] = field(default_factory=list)


@dataclass
class Carried:
    """The user's environment and set-up steps for one target, with the notes about them."""

    env: dict[str, str] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    dropped_env: set[str] = field(default_factory=set)


def carry_env(src: Source, profile: ClusterProfile, o: dict[str, Any], out: Carried) -> None:
    """The source's exported variables into ``out.env`` (or steps), drops noted by reason."""
    domains = tuple(p.node.domain for p in _profiles() if p.node.domain)
    dropped: dict[str, list[str]] = {}
    exported = {**src.parsed.env, **src.parsed.rank_env}
    for name, value in exported.items():
        if name in src.facts.rank_vars:
            continue  # set per rank on the target (see the launch model note)
        verdict = classify_env(name, value, domains)
        cpus = src.facts.cpus_per_task
        if name == "OMP_NUM_THREADS" and verdict.kind == "site" and cpus:
            out.env[name] = str(cpus)
            out.notes.append(f"OMP_NUM_THREADS={value} is set to the job's --cpus-per-task, "
                             f"{cpus}")
        elif verdict.kind == "keep" and name in _CUDA_ONLY and profile.gpu.vendor != "nvidia":
            out.dropped_env.add(name)
            out.notes.append(f"{name}={value} is for CUDA; {profile.name} has "
                             f"{profile.gpu.vendor} GPUs: not copied")
        elif verdict.kind == "keep":
            out.env[name] = value
        elif verdict.kind == "step":
            out.steps.append(f"export {name}={value}")
        else:
            out.dropped_env.add(name)
            _drop_note(name, value, verdict.kind, verdict.why, dropped, out)
    for why, names in dropped.items():
        out.notes.append(f"not copied ({why}): {', '.join(sorted(names))}")
    out.env.update(o.get("env") or {})


def _drop_note(name: str, value: str, kind: str, why: str, grouped: dict[str, list[str]],
               out: Carried) -> None:
    if kind == "account":
        out.notes.append(f"{name}={value} carries the source's account/queue to its "
                         "scheduler: not copied")
    elif kind == "path":
        out.notes.append(f"{name}={value} points to the source cluster's filesystem: not "
                         "copied; set it to the matching path on the target")
    else:
        grouped.setdefault(why, []).append(name)


def _profiles() -> list[ClusterProfile]:
    from maple_flow.clusters import all_profiles

    return list(all_profiles().values())


def _builds_launch(step: Step, launch_vars: list[str]) -> bool:
    if step.keep is None:
        return step.name in launch_vars
    words = step.text.split()
    return bool(words) and words[0] in {"echo", "printf"} and bool(
        set(referenced(step.text)) & set(launch_vars))


def carry_steps(src: Source, profile: ClusterProfile, out: Carried) -> None:
    """The source's set-up steps into ``out.steps`` in order; every drop is a note."""
    kept: list[Step] = []
    launch_vars = src.parsed.launch_vars
    foreign_names: set[str] = set()
    for step in src.steps:
        foreign = foreign_reason(step.text, profile) if step.keep is not False else ""
        if foreign and not step.export:
            out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: {foreign}")
            if step.name:
                foreign_names.add(step.name)
        elif step.keep is False:
            out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: {step.why}")
        elif step.keep and _builds_launch(step, launch_vars):
            out.notes.append(f"line {step.line} `{short(step.text)}` prints the source's "
                             "launch line; the target's script writes its own")
        else:
            kept.append(step)
    uses = " ".join([src.facts.entrypoint, *src.facts.args, *out.env.values(), *out.steps]
                    + [s.text for s in kept if s.keep])
    needed = set(referenced(uses))
    for step in reversed(kept):  # an assignment is kept when something kept reads it
        if step.keep is None and step.name in needed:
            needed |= set(referenced(step.text))
    kept = [s for s in kept if s.keep is not None or s.export or s.name in needed]
    for step in src.steps:
        if step.keep is None and step not in kept and step.name in launch_vars:
            out.notes.append(f"line {step.line} `{short(step.text)}` only builds the source's "
                             "launch line; the target's script writes its own")
    out.dropped_env |= foreign_names
    kept = _without_dropped_refs(src, kept, out)
    kept, clobbers = script_var_setters(kept)
    out.notes += clobbers
    _note_dropped_args(src, out)
    started = False
    for step in kept:
        if step.export:
            if started and step.name in out.env:  # after a kept step: keep the order
                out.steps.append(f"export {step.name}={shell_word(out.env.pop(step.name))}")
            continue
        added = _add_step(step, profile, out)
        started = started or (added and step.keep is True)
    for text in after_steps(src.parsed):
        out.notes.append(f"`{short(text)}` runs after the training on the source; set-up "
                         "steps run before the launch, so it is not carried: add it after the "
                         "launch line on the target")


#: Tools and variables of one GPU vendor (a line using them fails on another's GPUs).
_VENDOR_TOKENS: dict[str, re.Pattern[str]] = {
    "nvidia": re.compile(r"\bnvidia-smi\b|\bCUDA_VISIBLE_DEVICES\b|\bNVIDIA_VISIBLE_DEVICES\b"),
    "intel": re.compile(r"\bxpu-smi\b|\bZE_AFFINITY_MASK\b|\bsycl-ls\b"),
    "amd": re.compile(r"\brocm-smi\b|\bROCR_VISIBLE_DEVICES\b|\bHIP_VISIBLE_DEVICES\b"),
}
_FOREIGN_SCHEDULER = {"slurm": re.compile(r"\$\{?(PBS_\w+)"),
                      "pbs": re.compile(r"\$\{?(SLURM_\w+)")}


def foreign_reason(text: str, profile: ClusterProfile) -> str:
    """Why ``text`` cannot run on ``profile``'s cluster as written (another GPU vendor's
    tools or variables, the other scheduler's variables without an equivalent), or ``""``."""
    for vendor, pattern in _VENDOR_TOKENS.items():
        found = pattern.search(text)
        if found and vendor != profile.gpu.vendor:
            return (f"`{found.group(0)}` belongs to {vendor} GPUs and {profile.name} has "
                    f"{profile.gpu.vendor} GPUs")
    renamed, _ = translate_scheduler_vars(text, profile.scheduler)
    other = _FOREIGN_SCHEDULER[profile.scheduler].search(renamed)
    if other:
        return f"${other.group(1)} is not set by {profile.name}'s scheduler ({profile.scheduler})"
    return ""


def _note_dropped_args(src: Source, out: Carried) -> None:
    """Program arguments that read a variable which is not copied."""
    lost = sorted({n for a in [src.facts.entrypoint, *src.facts.args] for n in referenced(a)}
                  & out.dropped_env)
    if lost:
        out.notes.append(f"the program's arguments read {', '.join('$' + n for n in lost)}, "
                         "which is not copied (see above): set it on the target")


def _without_dropped_refs(src: Source, kept: list[Step], out: Carried) -> list[Step]:
    """Kept steps minus those that read a variable which is not copied (the line would run
    with an empty value on the target: ``mkdir -p "$SOURCE_ONLY_DIR"``); each is a note."""
    dropped = {s.text.split("=", 1)[0].strip() for s in src.steps
               if s.keep is False and re.match(r"^\w+=", s.text)}
    dropped = (dropped | out.dropped_env) - _SCRIPT_VARS  # the target's script sets these
    result = []
    for step in kept:
        lost = sorted(set(referenced(step.text)) & dropped)
        if lost and step.keep is None:  # an assignment from a dropped value: dropped too
            out.notes.append(f"line {step.line} `{short(step.text)}` is not copied: it reads "
                             f"{', '.join('$' + n for n in lost)}, which is not copied")
            dropped.add(step.name)
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


def _add_step(step: Step, profile: ClusterProfile, out: Carried) -> bool:
    """Append ``step`` to the set-up lines; False (with a note) when it cannot be."""
    lines = step.text.split("\n")
    bad = [problem for line in lines if (problem := setup_line_problem(line))]
    if bad:
        out.notes.append(f"line {step.line} `{short(step.text)}` cannot be carried as set-up "
                         f"lines ({bad[0]}): add it on the target by hand")
        return False
    if re.match(r"\s*(?:nvidia-smi|xpu-smi|rocm-smi)\b", step.text) and not _same_vendor(
        step.text, profile
    ):
        out.notes.append(f"`{step.text}` queries another vendor's GPUs: not copied")
        return False
    out.steps.extend(lines)
    if step.keep and step.why:
        out.notes.append(f"set-up kept: `{short(step.text)}` ({step.why})")
    return True


def _same_vendor(text: str, profile: ClusterProfile) -> bool:
    return ("nvidia" in text) == (profile.gpu.vendor == "nvidia")


def short(text: str) -> str:
    """``text`` on one line (whitespace collapsed), at most 240 characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= 240 else flat[:237] + "..."


def translate(src: Source, profile: ClusterProfile, carried: Carried) -> tuple[str, list[str]]:
    """Entry point, arguments, env values and steps with the other scheduler's job
    variables renamed for ``profile``'s scheduler; notes what was renamed."""
    renamed: list[str] = []

    def tr(text: str) -> str:
        new, done = translate_scheduler_vars(text, profile.scheduler)
        renamed.extend(done)
        return new

    entry = tr(src.facts.entrypoint)
    args = [tr(a) for a in src.facts.args if not _POSITIONAL.fullmatch(a)]
    passed_on = [a for a in src.facts.args if _POSITIONAL.fullmatch(a)]
    if passed_on:
        carried.notes.append(
            f"the program got the batch script's own arguments ({' '.join(passed_on)}); "
            "they are not carried: add them to the program's arguments")
    carried.env = {k: tr(v) for k, v in carried.env.items()}
    carried.steps = [tr(s) for s in carried.steps]
    if renamed:
        carried.notes.append(f"scheduler variables renamed for {profile.scheduler}: "
                             f"{', '.join(sorted(set(renamed)))}")
    return entry, args


def live_refs_note(entry: str, args: list[str], carried: Carried) -> list[str]:
    """What the program's words read from the shell at run time (passed as written), and
    the variables nothing in the ported script sets."""
    words = [w for w in [entry, *args, *carried.env.values()] if "$" in w or w.startswith("~")]
    set_here = {n for s in carried.steps
                for n in re.findall(r"^\s*(?:export\s+)?(\w+)\+?=", s)} | set(carried.env)
    read = {a or b for w in words + carried.steps for a, b in _BARE_REF.findall(w)
            if not (a or b).isdigit()}
    unset = sorted(read - set_here - _SCRIPT_VARS - _ALWAYS_SET)
    notes = []
    if words:
        notes.append(f"passed as written, expanded on the target when the job runs: "
                     f"{', '.join(repr(w) for w in words)}")
    if unset:
        notes.append(f"read but not set by the script (set them in the environment on the "
                     f"target): {', '.join('$' + n for n in unset)}")
    return notes


