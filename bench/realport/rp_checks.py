"""Checks of one ported script against what its source case means (pure, except shellcheck).

Every check returns the list of its failures (empty = passed); ``run_checks`` runs them all.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

from rp_cases import Case, Run

from maple_flow.errors import MapleError
from maple_flow.scriptparse import ParsedScript, ScriptFacts, parse_script, read_facts

PER_NODE = frozenset({"torchrun", "deepspeed", "accelerate"})
PER_RANK = frozenset({"srun", "mpiexec", "mpirun", "ibrun"})
FAMILY_WORDS = {
    "nvidia": ("nccl", "cuda"),
    "intel": ("xccl", "xpu", "oneccl"),
    "amd": ("rccl", "rocm", "hip", "nccl", "cuda"),
}
#: The device API a program uses: ROCm builds of PyTorch keep torch.cuda and the 'nccl' name.
DEVICE_API = {"nvidia": "cuda", "amd": "cuda", "intel": "xpu"}
ACCOUNT_EXPORTS = ("SBATCH_ACCOUNT", "SRUN_ACCOUNT", "SALLOC_ACCOUNT", "PBS_ACCOUNT")
AUTO_SOURCE_ONLY = (".hsn.cm.", "APPTAINERENV_ZE_")
#: Commands and variables that only work on one GPU vendor's nodes.
VENDOR_ONLY = {
    "nvidia": ("nvidia-smi", "nvidia-cuda-mps", "CUDA_MPS_", "CUDA_VISIBLE_DEVICES", "nsys "),
    "intel": ("xpu-smi", "ZE_AFFINITY_MASK", "ONEAPI_DEVICE_SELECTOR"),
    "amd": ("rocm-smi", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "MIOPEN_"),
}
#: Scheduler variables with the same meaning under Slurm and PBS (a port may rename them).
SCHEDULER_SYNONYMS = {
    "SLURM_JOB_ID": "JOB_ID", "SLURM_JOBID": "JOB_ID", "PBS_JOBID": "JOB_ID",
    "SLURM_SUBMIT_DIR": "SUBMIT_DIR", "PBS_O_WORKDIR": "SUBMIT_DIR",
    "LSB_JOBID": "JOB_ID", "LS_SUBCWD": "SUBMIT_DIR",
}
#: Words that start processes under a launcher (a stage run by one of them is launched).
LAUNCH_WORDS = ("srun", "mpiexec", "mpirun", "ibrun", "jsrun", "aprun", "torchrun", "deepspeed",
                "accelerate", "torch.distributed.run", "torch.distributed.launch", "horovodrun")
_VAR = re.compile(r"\$\{([A-Za-z_]\w*|[@*#?]|\d)\}")


@dataclass(frozen=True)
class Ported:
    """One port's output, and what the checks need to know about its target."""

    target: str
    text: str
    notes: list[str]
    nodes: int
    gpus_per_node: int
    vendor: str
    strategy: str = ""
    #: The port passes --local_rank per rank (python -m torch.distributed.launch's contract).
    local_rank_arg: bool = False
    target_modules: tuple[str, ...] = ()
    target_knowledge: str = ""
    policy_problems: list[str] = field(default_factory=list)
    shellcheck_errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Parsed:
    """The ported script read back, or why it could not be."""

    script: ParsedScript | None
    facts: ScriptFacts | None
    error: str = ""


def read_back(text: str) -> Parsed:
    """The ported script parsed by maple_flow.scriptparse."""
    try:
        script = parse_script(text)
        return Parsed(script, read_facts(script))
    except MapleError as exc:
        return Parsed(None, None, str(exc))


def normalise(word: str, values: dict[str, str]) -> str:
    """Each known ``$X`` / ``${X}`` replaced by its value (three rounds), then ``${X}`` as
    ``$X`` and scheduler variables by their common name."""
    for _ in range(3):
        for name, value in values.items():
            # the braced form first: ``${PP}_TP`` is $PP then "_TP", not $PP_TP
            word = re.sub(rf"\$\{{{name}\}}|\${name}(?!\w)", lambda _m, v=value: v, word)
    word = _VAR.sub(r"$\1", word)
    word = re.sub(r"^~(?=/|$)", "$HOME", word)  # the shell's home, as a port may write it
    for name, common in SCHEDULER_SYNONYMS.items():
        word = re.sub(rf"\${name}(?!\w)", f"$<{common}>", word)
    return word


def _notes_say(notes: list[str], *words: str) -> bool:
    return any(all(w.lower() in n.lower() for w in words) for n in notes)


def _on_target(args: list[str], ported: Ported, back: Parsed) -> list[str]:
    """The source's arguments as they must read on the target: the other scheduler's job
    variables renamed (``$SLURM_NTASKS_PER_NODE`` -> ``$GPUS_PER_NODE`` on PBS), and the
    names the ported script itself sets to a literal replaced by it, as the read-back does."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.port.rules import translate_scheduler_vars

    scheduler = get_profile(ported.target).scheduler
    renamed = [translate_scheduler_vars(a, scheduler)[0] for a in args]
    if back.script is None or renamed == list(args):
        return renamed
    own = {k: v for k, v in back.script.variables.items()
           if "$" not in v and "`" not in v and any(k in a for a in renamed)}
    return [normalise(a, own) for a in renamed]


def _other_launch_read_as_main(case: Case, got: str, back: Parsed) -> Run | None:
    """The job's further launched program (``other_runs``) the port's read-back takes as its
    main launch (the last one), when it is not ``case.program``: with several launches of
    equal rank which one the parser calls main is not the port's choice (in a one-rank job
    an un-launched program run under a one-rank launch too)."""
    if normalise(case.program, case.vars) == got:
        return None
    return next((r for r in case.other_runs if (r.launched or _one_rank(case, back))
                 and normalise(r.program, case.vars) == got), None)


def _installed_command(case: Case) -> bool:
    """The case's program is an installed command (``fairseq-train``, ``tune``), run as itself."""
    return not case.module and bool(re.fullmatch(r"[A-Za-z][\w.+-]*", case.program)) and (
        not case.program.endswith((".py", ".sh")))


def check_program(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """Program and its arguments kept verbatim and in order."""
    if back.facts is None:
        return [f"the ported script does not parse back: {back.error}"]
    f, values = back.facts, case.vars
    fails, args = [], case.args
    want, got = normalise(case.program, values), normalise(f.entrypoint, values)
    other = _other_launch_read_as_main(case, got, back)
    if other is not None:  # several launches: the read-back's main one is another of them
        want, args = got, other.args
        fails += check_other_runs(case.model_copy(update={"other_runs": [
            Run(program=case.program, args=case.args, launched=True)]}), ported, back)
    if want != got:
        fails.append(f"program: expected {want!r}, the port runs {got!r}")
    if case.module != f.module:
        fails.append(f"program: expected module={case.module}, got module={f.module}")
    if _installed_command(case) and back.script is not None and back.script.launch.python:
        fails.append(f"program: {case.program} is an installed command (a console script), "
                     f"the port runs it through {back.script.launch.python}")
    want_args = [normalise(a, values) for a in _on_target(args, ported, back)]
    got_args = [normalise(a, values) for a in f.args]
    if ported.local_rank_arg and got_args[-1:] == ["--local_rank=$LOCAL_RANK"]:
        got_args = got_args[:-1]  # the local rank torch.distributed.launch gave, kept per rank
    if want_args != got_args and got_args == _topology_on_target(case, ported, want_args):
        want_args = got_args  # the program's layout arguments changed to the port's layout
    if want_args != got_args and _written_as_in_source(args, ported, back, values):
        want_args = got_args  # the port writes the words as the script does ($CFG, $ARGS)
    if want_args != got_args:
        fails.append(f"args: expected {want_args}, the port passes {got_args}")
    return fails


def _written_as_in_source(args: list[str], ported: Ported, back: Parsed,
                          values: dict[str, str]) -> bool:
    """Whether the port's launch writes the program's arguments word for word as the case
    says the source writes them (``--config "$CFG"``, ``$EXE_ARGS``; the other scheduler's
    job variables renamed): the read-back's values then come from the port's own lines."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.port.rules import translate_scheduler_vars

    groups = getattr(back.script.launch, "written_args", None) if back.script else None
    if not groups:
        return False
    scheduler = get_profile(ported.target).scheduler
    want = [normalise(translate_scheduler_vars(a, scheduler)[0], values) for a in args]
    return want == [normalise(raw, values) for raw, _, _ in groups]


def _layout_value(means: str, ported: Ported) -> str:
    return str({"nodes": ported.nodes, "gpus_per_node": ported.gpus_per_node,
                "world_size": ported.nodes * ported.gpus_per_node}[means])


def _topology_on_target(case: Case, ported: Ported, args: list[str]) -> list[str]:
    """``args`` with each topology argument (``--flag=value``) set to the port's layout."""
    out = list(args)
    for t in case.topology_args:
        out = [f"{t.flag}={_layout_value(t.means, ported)}" if a == f"{t.flag}={t.value}" else a
               for a in out]
    return out


def check_topology(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """The program's own layout arguments agree with the port's layout, or a note names them."""
    args = back.facts.args if back.facts is not None else []
    fails = []
    for t in case.topology_args:
        want = _layout_value(t.means, ported)
        got = [a.split("=", 1)[1] for a in args if a.startswith(t.flag + "=")]
        got += [b for a, b in pairwise(args) if a == t.flag]
        if got and got[0] != want and not _notes_say(ported.notes, t.flag):
            fails.append(f"topology: the program's `{t.flag}` is {got[0]} while the port runs "
                         f"{t.means}={want}, and no note names it")
    return fails


def _joined_code(text: str) -> list[str]:
    """The code lines of ``text`` with backslash continuations joined."""
    return _code_lines(text.replace("\\\n", " ")).splitlines()


def check_other_runs(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """Every further program of the job is still run, with its arguments, launched as before."""
    fails, lines = [], [normalise(ln, case.vars) for ln in _joined_code(ported.text)]
    for run in case.other_runs:
        words = [normalise(w, case.vars) for w in (run.program, *run.args)]
        hits = [ln for ln in lines if all(re.search(rf"(?<![\w./-]){re.escape(w)}(?![\w.-])", ln)
                                          for w in words)]
        if not hits:
            fails.append(f"stage: `{' '.join((run.program, *run.args))}` is not run by the port")
            continue
        launched = any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", ln)
                       for ln in hits for w in LAUNCH_WORDS)
        if launched and not run.launched and _one_rank(case, back):
            continue  # a launch of one rank runs the program once, as the source did
        if launched != run.launched:
            how = "under a launcher" if run.launched else "once, without a launcher"
            fails.append(f"stage: the source runs `{run.program}` {how}, the port does not")
    return fails


def _one_rank(case: Case, back: Parsed) -> bool:
    """The job is one process and the port's read-back starts one rank."""
    return case.total_ranks == 1 and back.facts is not None and back.facts.ranks == 1


def check_keep_text(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """User text around the launch (redirects, env prefixes) kept verbatim."""
    text = _squash(normalise(ported.text, case.vars))
    return [f"kept text: `{t}` is not in the port" for t in case.keep_text
            if _squash(normalise(t, case.vars)) not in text]


def check_workdir(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """A --chdir/-D directory becomes a `cd` (or a directive) of the port, or a note names it."""
    if not case.workdir:
        return []
    path = re.escape(case.workdir.rstrip("/"))
    if re.search(rf"(?:\bcd\s+|--chdir[= ]|-D\s+)[\"']?{path}/?[\"']?(?:\s|$)", ported.text):
        return []
    if _notes_say(ported.notes, case.workdir.rstrip("/")):
        return []
    return [f"workdir: the job runs in `{case.workdir}` (--chdir); the port neither changes "
            "there nor names it in a note"]


_GPU_COUNT = re.compile(
    r"^#(?:SBATCH|PBS).*?(?:--gpus-per-task|--gpus-per-node|--gpus|-G|--gres=gpu(?::[\w-]+)?"
    r"|ngpus)[= :](?:[a-z][\w-]*:)?(\d+)", re.M)  # a typed count too: --gpus=v100-32:4


def check_gpus_per_rank(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """One process driving N GPUs stays one process with N GPUs (not N processes, not 1 GPU)."""
    if case.gpus_per_rank <= 1 or not isinstance(case.total_ranks, int):
        return []
    from maple_flow.knowledge.clusters import get_profile

    procs = ported.nodes * ported.gpus_per_node
    # a note that says so names the process, the GPUs and their number
    noted = _notes_say(ported.notes, "process", "gpu", str(case.gpus_per_rank))
    if procs > case.total_ranks and not noted:
        return [f"gpus: the source runs {case.total_ranks} process(es) driving "
                f"{case.gpus_per_rank} GPUs each; the port starts {procs} processes"]
    counts = [int(m) for m in _GPU_COUNT.findall(ported.text)]
    per_node = get_profile(ported.target).gpu.per_node
    given = min(counts) if counts else per_node
    if min(given, per_node) < case.gpus_per_rank and not noted:
        return [f"gpus: the source's process drives {case.gpus_per_rank} GPUs; the port gives "
                f"it {min(given, per_node)} and no note says so"]
    return []


def expected_total(case: Case) -> int | None:
    """The rank count the port must keep: the script's, else the one its source page gives."""
    if isinstance(case.total_ranks, int):
        return case.total_ranks
    return case.known_ranks.total if case.known_ranks else None


def check_ranks(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """Total ranks kept, or a note with the rank arithmetic when the target cannot fit them."""
    want = expected_total(case)
    got = ported.nodes * ported.gpus_per_node
    fails = []
    f = back.facts
    if case.gpus_per_rank > 1 and f is not None and f.nodes and f.gpus_per_node:
        got = f.nodes * f.gpus_per_node  # the spec counts the GPUs each process drives
    elif f is not None and f.nodes and f.gpus_per_node and f.nodes * f.gpus_per_node != got:
        fails.append(
            f"ranks: the script starts {f.nodes}x{f.gpus_per_node}, the spec says "
            f"{ported.nodes}x{ported.gpus_per_node}"
        )
    if want is not None and got != want and not _notes_say(ported.notes, str(want), "rank"):
        fails.append(f"ranks: the source runs {want}, the port {got}, and no note says why")
    return fails


def check_strategy(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """The training setup kept: ddp, fsdp and zero3 by name; a ZeRO stage maple_flow has no
    template for (zero2) named in a note. DeepSpeed configs read from a file, and strategies
    only the program knows (strategy_in_script false), are not judged."""
    if not case.strategy_in_script:
        return []
    if case.strategy in {"ddp", "fsdp", "zero3"} and ported.strategy not in {"", case.strategy}:
        return [f"strategy: the source is {case.strategy}, the port {ported.strategy}"]
    if case.strategy == "zero2" and ported.strategy != "zero2" and not (
        _notes_say(ported.notes, "zero") or _notes_say(ported.notes, "stage")
    ):
        return [f"strategy: the source is ZeRO-2, the port {ported.strategy} and no note says so"]
    return []


def _stage_names(back: Parsed) -> set[str]:
    return {s.name for s in back.script.launch.stages} if back.script else set()


def check_launch_model(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """per_rank/horovod stay one process per GPU under the target's launcher; launcher stays
    a per-node launcher; else a note must say why the launch model changed."""
    names = _stage_names(back)
    if case.launch_model == "launcher":
        kept = bool(names & PER_NODE)
    elif case.launch_model == "single":  # one process, under a launcher or not
        kept = not names & PER_NODE or ported.nodes * ported.gpus_per_node == 1
    else:
        kept = bool(names & PER_RANK) and not names & PER_NODE
    if kept or _notes_say(ported.notes, "launch"):
        return []
    how = "a per-node launcher" if case.launch_model == "launcher" else "one process per GPU"
    return [
        f"launch model: the source starts {how} ({case.launcher}), the port runs "
        f"{sorted(names) or 'no launcher'} and no note says why"
    ]


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _shell_words(line: str) -> list[str] | None:
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return None


def _requoted_at(raw: str, step: str, pos: int) -> tuple[int, int]:
    """Where (in the squashed text, from ``pos`` on) a line of ``raw`` is ``step`` re-quoted
    (the same shell words: ``export X="a"`` and ``export X=a``), and its squashed length;
    (-1, 0) when none is."""
    want = _shell_words(step)
    offset = 0
    for line in raw.splitlines(keepends=True):
        at = len(_squash(raw[:offset]))
        if want and at >= pos and _shell_words(line) == want:
            return at, len(_squash(line.rstrip("\n")))
        offset += len(line)
    return -1, 0


def check_setup(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """User setup steps present, in order (or, for keep=or_note, named in a note); a step
    the port re-quoted into the same shell words counts as kept."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.port.rules import translate_scheduler_vars

    text, pos, fails = _squash(ported.text), 0, []
    scheduler = get_profile(ported.target).scheduler
    for step in case.setup:
        want = _squash(step.step)
        at, length = text.find(want, pos), len(want)
        if at < 0:  # kept with the source scheduler's job variables renamed (issue 14)
            renamed = _squash(translate_scheduler_vars(step.step, scheduler)[0])
            at, length = text.find(renamed, pos), len(renamed)
        if at < 0:
            at, length = _requoted_at(ported.text, step.step, pos)
        if at >= 0:
            pos = at + length
            continue
        if text.find(want) >= 0 or _requoted_at(ported.text, step.step, 0)[0] >= 0:
            fails.append(f"setup: `{step.step}` is out of order")
        elif step.keep == "required" or not _notes_say(ported.notes, _key_token(step.step)):
            fails.append(f"setup: `{step.step}` is neither kept nor named in a note")
    return fails


def _key_token(step: str) -> str:
    """The word of ``step`` a note would quote: its longest path or file name, else the step."""
    words = step.split()
    paths = [w for w in words if "/" in w or "." in w]
    return max(paths, key=len) if paths else step


def _without_target_comments(ported: Ported) -> str:
    """The ported text less comment lines quoted from the target's own profile (its hints)."""
    keep = []
    for line in ported.text.splitlines():
        body = line.strip().lstrip("#").strip()
        if line.lstrip().startswith("#") and body and body in ported.target_knowledge:
            continue
        keep.append(line)
    return "\n".join(keep)


def check_account(case: Case, ported: Ported, back: Parsed, source: str = "") -> list[str]:
    """No source account anywhere (a directory of that name in a kept path is not the account),
    nor an account export carried over from the source."""
    fails, text = [], _without_target_comments(ported)
    for account in case.source_accounts:
        if re.search(rf"(?<![\w/-]){re.escape(account)}(?![\w/-])", text):
            fails.append(f"account: the source account {account!r} is in the port")
    for name in ACCOUNT_EXPORTS:
        if re.search(rf"\b{name}=", source) and re.search(rf"\b{name}=", ported.text):
            fails.append(f"account: the source's {name} export is carried over")
    return fails


def check_launcher_config(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """Configuration files the user hands the launcher (accelerate --config_file, ...) are
    kept in the ported script or named in a note."""
    fails = []
    for value in case.launcher_config:
        want = normalise(value, case.vars)
        if want not in normalise(ported.text, case.vars) and not _notes_say(ported.notes, want):
            fails.append(f"launcher config: {want!r} is neither passed nor named in a note")
    return fails


_ASSIGN = r"(?:^|[\s;(])(?:export\s+|declare\s+-\w+\s+|local\s+)?{name}="


def check_rendezvous(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """The rendezvous the target's script sets is not overwritten by a step kept from the
    source (MASTER_ADDR / MASTER_PORT assigned once)."""
    lines = [ln for ln in ported.text.splitlines() if not ln.lstrip().startswith("#")]
    code = "\n".join(lines)
    return [
        f"rendezvous: {name} is assigned {n} times (a kept source step overrides the target's)"
        for name in ("MASTER_ADDR", "MASTER_PORT")
        if (n := len(re.findall(_ASSIGN.format(name=name), code, flags=re.M))) > 1
    ]


def _single_quoted(text: str) -> list[str]:
    """Single-quoted strings of ``text`` outside comments and double quotes."""
    found, i, in_double = [], 0, False
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            i += 2
            continue
        if c == '"':
            in_double = not in_double
        elif c == "#" and not in_double and (i == 0 or text[i - 1] in " \t\n;"):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif c == "'" and not in_double and not (i > 0 and text[i - 1] == "$"):
            end = text.find("'", i + 1)
            if end < 0:
                break
            found.append(text[i + 1:end])
            i = end
        i += 1
    return found


def user_variables(case: Case, source: str) -> set[str]:
    """Variables the user wrote in the source script (and the case's own)."""
    names = set(case.vars)
    try:
        p = parse_script(source)
        names |= set(p.variables) | set(p.env)
    except MapleError:
        pass
    return {n for n in names if not n.startswith(("SLURM_", "PBS_"))}


def check_frozen(case: Case, ported: Ported, back: Parsed, source: str = "") -> list[str]:
    """No ``$VAR`` the user wrote frozen inside single quotes (where no shell expands it)."""
    users = user_variables(case, source)
    exported = set(re.findall(r"\bexport\s+(?:[A-Za-z_]\w*=\S*\s+)*([A-Za-z_]\w*)", ported.text))
    exported |= set(re.findall(r"\bexport\s+([A-Za-z_]\w*)=", ported.text))
    fails = []
    for chunk in _single_quoted(ported.text):
        for name in re.findall(r"\$\{?([A-Za-z_]\w*)", chunk):
            if name in users and name not in exported:
                fails.append(f"quoting: ${name} is frozen inside '{chunk[:60]}'")
    return sorted(set(fails))


def check_device_note(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """A change of device API (cuda <-> xpu) comes with a note on the backend (nccl/cuda vs
    xccl/xpu). AMD -> NVIDIA keeps torch.cuda and 'nccl', so it needs none."""
    if DEVICE_API[case.device] == DEVICE_API.get(ported.vendor, ported.vendor):
        return []
    src, dst = FAMILY_WORDS[case.device], FAMILY_WORDS[ported.vendor]
    for note in ported.notes:
        low = note.lower()
        if any(w in low for w in src) and any(w in low for w in dst):
            return []
    return [
        f"device: {case.device} -> {ported.vendor} and no note names "
        f"{'/'.join(src)} vs {'/'.join(dst)}"
    ]


def _module_tokens(text: str) -> set[str]:
    tokens: set[str] = set()
    for line in text.splitlines():
        words = line.split()
        if len(words) > 2 and words[0] in {"module", "ml"} and words[1] in {"load", "add"}:
            tokens |= set(words[2:])
    return tokens


def _container_carried(image: str, ported: Ported, text: str) -> bool:
    """The user's image runs the program under the target's runtime (issue 14), noted."""
    launch = re.compile(rf"(?:\b(?:apptainer|singularity) (?:exec|run) \S.*(?:docker://)?|"
                        rf"^#SBATCH --image=){re.escape(image)}", re.M)
    return bool(launch.search(text)) and any(image in n for n in ported.notes)


def _bind_flagged(value: str, ported: Ported) -> bool:
    """A source path kept as a bind mount or an overlay image of the carried container, named
    in a note as a path of the source's filesystem to make exist or change (issue 14: the
    container's binds and overlays are the user's, kept and flagged)."""
    return any(value in n and ("bind mounts" in n or "overlay(s)" in n)
               and "source's filesystem" in n for n in ported.notes)


def check_source_only(case: Case, ported: Ported, back: Parsed, source: str = "") -> list[str]:
    """Source-only values (affinity lists, module names, site paths) are not copied."""
    fails = []
    auto = [s for s in AUTO_SOURCE_ONLY if s in source]
    # a source directive the port keeps as a comment (issue 14: never dropped) is not in effect
    text = "\n".join(ln for ln in ported.text.splitlines()
                     if not ln.startswith("# source directive, not carried:"))
    for value in [*case.source_only, *auto]:
        if value == case.container_image and _container_carried(value, ported, text):
            continue
        if _bind_flagged(value, ported):
            continue
        if value in text and value not in ported.target_knowledge:
            fails.append(f"source-only: {value!r} is copied to the port")
    try:
        modules = set(parse_script(source).modules)
    except MapleError:
        modules = set()
    for name in sorted(modules & _module_tokens(ported.text)):
        if name not in ported.target_modules:
            fails.append(f"source-only: source module {name!r} is loaded by the port")
    return fails


def _code_lines(text: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#"))


def check_vendor_tools(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """No command or variable of another GPU vendor in the port's code (nvidia-smi on an Intel
    node fails; CUDA_VISIBLE_DEVICES does nothing there), unless the target itself uses it;
    unsetting one is harmless."""
    code = "\n".join(ln for ln in _code_lines(ported.text).splitlines()
                     if not ln.lstrip().startswith("unset "))
    return [
        f"vendor: {word.strip()!r} belongs to {vendor} GPUs, the target has {ported.vendor}"
        for vendor, words in VENDOR_ONLY.items() if vendor != ported.vendor
        for word in words
        if word in code and word.strip() not in ported.target_knowledge
    ]


def _source_loop_head(source: str) -> str:
    try:
        loop = parse_script(source).launch_loop
    except MapleError:
        return ""
    return loop.head if loop is not None else ""


def check_loop(case: Case, ported: Ported, back: Parsed, source: str = "") -> list[str]:
    """A launch inside a loop of the source runs inside the same loop in the port (a port
    that runs the program once changes the job)."""
    head = _source_loop_head(source)
    if not head:
        return []
    loop = back.script.launch_loop if back.script is not None else None
    if loop is None or loop.head.split()[:2] != head.split()[:2]:
        got = f"`{loop.head}`" if loop is not None else "no loop"
        return [f"loop: the source runs its launch inside `{head}`, the port's launch is in {got}"]
    return []


_ARRAY = re.compile(r"^#(?:SBATCH\s+(?:--array[= ]|-a\s*)|PBS\s+-J\s*)(\S+)", re.M)


def check_array(case: Case, ported: Ported, back: Parsed, source: str = "") -> list[str]:
    """A job array stays an array of the same indices (a port that reached the checks was
    not refused): one job in its place runs the program once, with an empty index."""
    wanted = _ARRAY.search(source)
    if wanted is None:
        return []
    got = _ARRAY.search(ported.text)
    if got is None:
        return [f"array: the source is a job array ({wanted.group(1)}), the port one job"]
    if got.group(1) != wanted.group(1):
        return [f"array: the source's indices are {wanted.group(1)}, the port's {got.group(1)}"]
    return []


def check_policy(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """The target's policy passes (ported.policy_problems, computed by the caller)."""
    return [f"policy: {p}" for p in ported.policy_problems]


def check_shellcheck(case: Case, ported: Ported, back: Parsed) -> list[str]:
    """Shellcheck finds nothing at error level (ported.shellcheck_errors)."""
    return [f"shellcheck: {e}" for e in ported.shellcheck_errors]


Check = Callable[[Case, Ported, Parsed], list[str]]
SourceCheck = Callable[[Case, Ported, Parsed, str], list[str]]
CHECKS: dict[str, Check] = {
    "program": check_program,
    "ranks": check_ranks,
    "launch_model": check_launch_model,
    "strategy": check_strategy,
    "launcher_config": check_launcher_config,
    "rendezvous": check_rendezvous,
    "vendor_tools": check_vendor_tools,
    "setup": check_setup,
    "device_note": check_device_note,
    "policy": check_policy,
    "shellcheck": check_shellcheck,
    "other_runs": check_other_runs,
    "topology": check_topology,
    "keep_text": check_keep_text,
    "workdir": check_workdir,
    "gpus_per_rank": check_gpus_per_rank,
}
SOURCE_CHECKS: dict[str, SourceCheck] = {
    "account": check_account,
    "frozen_quotes": check_frozen,
    "source_only": check_source_only,
    "loop": check_loop,
    "array": check_array,
}


def run_checks(case: Case, ported: Ported, source: str) -> dict[str, list[str]]:
    """Every check's failures for one port (a check that passed maps to [])."""
    back = read_back(ported.text)
    results = {name: check(case, ported, back) for name, check in CHECKS.items()}
    results |= {name: check(case, ported, back, source) for name, check in SOURCE_CHECKS.items()}
    return results
