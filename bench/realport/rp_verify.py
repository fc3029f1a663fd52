"""The --verify pass of the real-script benchmark: every port judged correct, run on the twin.

Each port goes through maple_flow's own verification (``VerifyTarget.from_spec`` and
``verify_many``, as ``maple port --verify`` does): the program is swapped for the mini-app,
the job runs on the target's twin personality, and the verdict is verify's own (verified,
failed, unverified with its reason). Failed ones get the debug classifier's best record.
Pure parts (launch chain, bookkeeping, tables) are tested in tests/test_realport_harness.py.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

#: Programs that start ranks or per-node workers, as they appear on a launch line.
LAUNCHERS = ("srun", "mpiexec", "mpirun", "ibrun", "torchrun", "deepspeed", "accelerate",
             "python", "python3", "bash")


@dataclass
class VerifyOutcome:
    """One correct port, run on the twin."""

    case: str
    target: str
    status: str  # verified | failed | unverified | not_verifiable (see NOT_VERIFIABLE)
    at: str = "port"  # "port": the size the harness judged; "twin size": fitted to the twin
    launch: str = ""  # the ported launch chain, e.g. "srun > bash -c > python"
    launch_model: str = ""  # the port's: per_rank | launcher
    reasons: list[str] = field(default_factory=list)
    cause: str = ""  # why it failed or could not run, one line
    diagnosis: str | None = None  # maple_flow.repair's best record for a failure
    expected: str = ""  # nodes x ranks per node
    seen: dict[str, int] = field(default_factory=dict)  # ranks per node the mini-app saw
    size_given: dict[str, int] = field(default_factory=dict)
    job_id: str | None = None
    elapsed_s: float = 0.0
    log_excerpt: list[str] = field(default_factory=list)
    warm_cause: str = ""  # a warm run's failure, when the cold rerun gave the verdict
    user_step_failed: str = ""  # a verified job whose user step failed without stopping it


def logical_lines(script: str) -> list[str]:
    """The script's lines with backslash continuations joined (comments kept as lines)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines():
        if line.rstrip().endswith("\\") and not line.lstrip().startswith("#"):
            buf += line.rstrip()[:-1] + " "
            continue
        out.append(buf + line)
        buf = ""
    if buf:
        out.append(buf)
    return out


def _words(line: str) -> list[str]:
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.split()


def _chain(words: list[str], name: str, chain: list[str]) -> bool:
    """Add the launchers of ``words`` to ``chain`` up to the program; True once it is found
    (a ``bash -c`` string is read as the words it runs)."""
    inline = False
    for word in words:
        base = word.rsplit("/", 1)[-1]
        if base == name:
            return True
        if inline:
            inline = False
            if _chain(_words(word), name, chain):
                return True
        elif base in LAUNCHERS and (not chain or chain[-1] != base):
            chain.append(base)
        elif word == "-c" and chain and chain[-1] == "bash":
            chain[-1], inline = "bash -c", True
    return False


def launch_chain(script: str, program: str) -> str:
    """The launchers on the line that runs ``program``, in order: 'srun > bash -c > python'.

    Empty when no command line names ``program``.
    """
    name = program.rsplit("/", 1)[-1]
    for line in logical_lines(script):
        if line.lstrip().startswith("#") or name not in line:
            continue
        chain: list[str] = []
        if _chain(_words(line), name, chain) and chain:
            return " > ".join(chain)
    return ""


def launch_kind(chain: str) -> str:
    """The launch model a chain stands for: per-rank srun / mpiexec / ..., or the per-node
    launcher (torchrun, deepspeed, accelerate) and what starts it."""
    parts = chain.split(" > ")
    for per_node in ("torchrun", "deepspeed", "accelerate"):
        if per_node in parts:
            outer = [p for p in parts[: parts.index(per_node)] if p in ("srun", "mpiexec",
                                                                        "mpirun", "ibrun")]
            return per_node + (f" (under {outer[0]})" if outer else "")
    first = parts[0] if parts and parts[0] else "?"
    shell = " via bash -c" if "bash -c" in parts else ""
    return f"per-rank {first}{shell}" if first in ("srun", "mpiexec", "mpirun", "ibrun") \
        else first


def expected_text(nodes: int, per_node: int) -> str:
    return f"{nodes}x{per_node}"


_NO_SUCH = re.compile(r"(?:line \d+: )?(\S+): No such file or directory|can't open file "
                      r"'([^']+)'|Could not open requirements file: .*?'([^']+)'")
_NOT_FOUND = re.compile(r"(?:exec: )?([\w.+-]+): (?:command )?not found")
_NETWORK = re.compile(r"(?i)temporary failure in name resolution|could not resolve host|"
                      r"failed to establish a new connection|network is unreachable|"
                      r"unable to resolve host address|No matching distribution found")


#: A port the twin cannot run at all: its program runs in a container and the twin's nodes
#: have no container runtime (its own status, never "the user's file" or a failure).
NOT_VERIFIABLE = "not_verifiable"
_RUNTIME_MISSING = re.compile(
    r"\b(apptainer|singularity|shifter|podman-hpc)(?::\s*command not found|:\s*not found|"
    r":\s*No such file or directory)|execvp? error on file (apptainer|singularity|shifter|"
    r"podman-hpc)\b")


def container_runtime_missing(stderr: str, stdout: str) -> str:
    """Why the twin cannot verify a container port (its nodes have no runtime), or ''."""
    m = _RUNTIME_MISSING.search(f"{stdout}\n{stderr}")
    if m is None:
        return ""
    return (f"not verifiable on the twin: it has no container runtime ({m.group(0).strip()}); "
            "the port runs the program in the user's image")


def user_environment(stderr: str, stdout: str, source: str) -> str:
    """Why a failed job stopped in the user's own environment, or '' when it did not.

    A job stops there when a step copied from the source script needs a file of the user's
    project (``source helper.sh``, ``cd DIR``, ``-r requirements.txt``) that the job's folder
    does not hold, or the network (``pip install``, ``wget``, ``git clone``).
    """
    text = f"{stdout}\n{stderr}"
    if _NETWORK.search(text):
        return "the user's step needs the network (the twin has none): " + \
            _NETWORK.search(text).group(0)  # type: ignore[union-attr]
    for m in _NO_SUCH.finditer(text):
        path = next(g for g in m.groups() if g)
        name = path.rsplit("/", 1)[-1]
        if name and name in source and "maple_miniapps" not in path:
            return f"the user's file {path} is not in the job's folder (a step of the source)"
    for m in _NOT_FOUND.finditer(text):  # a tool the source runs (a profiler) the twin lacks
        if re.search(rf"(?<![\w.-]){re.escape(m.group(1))}(?![\w.-])", source):
            return (f"the source's own command {m.group(1)} is not installed on the twin "
                    f"({m.group(0)})")
    return ""


PASSES = ("port", "twin size")
#: Kinds of causes, by how a cause starts (the rest are named by their own text).
CAUSE_KINDS = (
    ("unverified (the twin is too small)", "twin too small: more nodes than a personality has"),
    ("the user's file", "needs the user's files (a step of the source)"),
    ("the user's step needs the network", "needs the network (a step of the source)"),
    ("the port asked for the size", "size left open by the source: run at twin size only"),
    ("the port is wrong at this size", "port wrong at twin size (the harness's checks)"),
    ("refused at this size", "port refused at twin size"),
    ("rejected at submission", "rejected at submission"),
)


def cause_kind(cause: str) -> str:
    """The kind of a failure or unverified cause (its own first words when none fits)."""
    for prefix, kind in CAUSE_KINDS:
        if cause.startswith(prefix):
            return kind
    return " ".join(cause.split())[:120]


def verify_tally(outcomes: list[VerifyOutcome]) -> dict[str, Any]:
    """Per pass ("port": at the harness's size; "twin size"): counts of each status, the
    causes of failed and unverified ones, and the statuses per launch model."""
    summ: dict[str, Any] = {}
    for at in PASSES:
        mine = [o for o in outcomes if o.at == at]
        kinds: dict[str, Counter[str]] = {}
        for o in mine:
            if o.launch:
                kinds.setdefault(launch_kind(o.launch), Counter())[o.status] += 1
        summ[at] = {
            "ports": len(mine), "status": dict(Counter(o.status for o in mine)),
            "by_cause": {s: dict(Counter(cause_kind(o.cause) for o in mine
                                         if o.status == s).most_common())
                         for s in ("failed", "unverified", NOT_VERIFIABLE)},
            "by_launch": {k: dict(v) for k, v in sorted(kinds.items())},
            "warm_failed_then_cold": dict(Counter(o.status for o in mine if o.warm_cause)),
            "verified_with_user_step_failing": sum(1 for o in mine if o.user_step_failed),
        }
    return summ


def _cell(o: VerifyOutcome) -> str:
    warm = f" (warm run failed: {o.warm_cause}; cold rerun)" if o.warm_cause else ""
    if o.status == "verified":
        seen = ", ".join(f"{h}={n}" for h, n in o.seen.items())
        user = (f" (a user's step failed and the job went on, as on the source: "
                f"{o.user_step_failed})") if o.user_step_failed else ""
        text = f"verified ({seen}; {o.elapsed_s:.0f} s){warm}{user}"
    else:
        text = f"{o.status}: {o.cause}{warm}"
    return " ".join(text.replace("|", "/").split())


def _pass_section(title: str, part: dict[str, Any]) -> list[str]:
    st = part["status"]
    lines = ["", f"## {title}", "",
             f"{part['ports']} ports: **{st.get('verified', 0)} verified**, "
             f"{st.get('failed', 0)} failed, {st.get('unverified', 0)} unverified"
             + (f", {st[NOT_VERIFIABLE]} not verifiable on the twin (no container runtime)"
                if st.get(NOT_VERIFIABLE) else "") + ".", "",
             "| launch | verified | failed | unverified |", "|---|---|---|---|"]
    for kind, c in part["by_launch"].items():
        lines.append(f"| {kind} | {c.get('verified', 0)} | {c.get('failed', 0)} | "
                     f"{c.get('unverified', 0)} |")
    if part.get("verified_with_user_step_failing"):
        lines += ["", f"{part['verified_with_user_step_failing']} of the verified jobs ran a "
                  "user's step that failed (a file of the user's project, the network) and went "
                  "on, as the source did without `set -e`: the launch was verified, the step "
                  "was not."]
    if part.get("warm_failed_then_cold"):
        lines += ["", "Failed warm, then run cold (the cold verdict counts): " + ", ".join(
            f"{n} {s}" for s, n in part["warm_failed_then_cold"].items())]
    for status in ("failed", "unverified", NOT_VERIFIABLE):
        if part["by_cause"].get(status):
            lines += ["", f"{status.capitalize()} by cause:", ""]
            lines += [f"- {n} x {' '.join(c.split())}" for c, n in
                      part["by_cause"][status].items()]
    return lines


def verify_markdown(outcomes: list[VerifyOutcome], summ: dict[str, Any]) -> str:
    """verify.md: per pass totals, launch models and causes; then every port."""
    lines = ["# Real-script ports verified on the twin", "",
             "Every port the harness judged correct, run through maple_flow.verify on the twin "
             "(program swapped for the mini-app). `port`: at the size the harness judged; "
             "`twin size`: the same script ported at a size the twin can run, where it "
             "cannot run the first (judged by the same checks before it runs)."]
    if summ.get("wall_s") is not None:
        lines.append(f"Wall time {summ['wall_s']:.0f} s ({summ.get('mode', '')} twin).")
    lines += _pass_section("At the harness's size", summ["port"])
    lines += _pass_section("At twin size", summ["twin size"])
    lines += ["", "## Per port", "", "| case | target | at | launch | expected | result |",
              "|---|---|---|---|---|---|"]
    lines += [f"| {o.case} | {o.target} | {o.at} | {o.launch} | {o.expected} | {_cell(o)} |"
              for o in outcomes]
    return "\n".join(lines) + "\n"


# -- I/O: the twin ---------------------------------------------------------------------------
def diagnose(report: Any) -> str | None:
    """maple_flow.repair's best record for a failed verification (None when nothing fits)."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.repair.classify import classify
    from maple_flow.repair.loop import evidence_of

    scheduler = get_profile(report.cluster).scheduler
    found = [d for d in classify(evidence_of(report, report.script, scheduler))
             if d.verdict != "hint"]  # a hint is not a diagnosis: below the acceptance floor
    return found[0].record_id if found else None


Key = tuple[str, str, str]


@dataclass
class Item:
    """One port to verify: at the harness's size, or fitted to the twin."""

    case: str
    target: str
    at: str
    port: Any  # PortResult, or why there is none (refused / wrong at this size)
    source: str
    size: dict[str, int] = field(default_factory=dict)

    @property
    def key(self) -> Key:
        return (self.case, self.target, self.at)


def _run(items: list[Item], timeout_s: float, warm: bool, printer: Any) -> list[Any]:
    from maple_flow.twin.warm import warm_mode
    from maple_flow.verify import VerifyTarget, verify_many

    targets = [VerifyTarget.from_spec(it.port.script, it.port.spec) for it in items]
    with warm_mode(warm):
        return verify_many(targets, timeout_s=timeout_s, progress=printer)


def ran_and_failed(o: VerifyOutcome) -> bool:
    """A failure of a job that ran (not rejected at submission): warm mode may be the cause."""
    return o.status == "failed" and o.job_id is not None and not o.cause.startswith("rejected")


def verify_ports(items: list[Item], *, timeout_s: float, chunk: int, warm: bool,
                 done: dict[Key, VerifyOutcome], save: Any = None) -> list[VerifyOutcome]:
    """Verify items on the twin in chunks of ``chunk`` (each one verify_many batch); ``done``
    ones are kept; ``save`` gets every outcome so far after each chunk. An item whose port
    is a reason (refused or wrong at that size) is unverified with it, not run. In warm mode
    a job that ran and failed is run again cold, and the cold verdict counts (the warm
    one is kept in ``warm_cause``): warm mode is an emulated process start."""
    from maple_flow.verify.progress import progress_printer

    outcomes = dict(done)
    for it in items:
        if isinstance(it.port, str) and it.key not in outcomes:
            outcomes[it.key] = VerifyOutcome(it.case, it.target, "unverified", at=it.at,
                                             cause=it.port, size_given=it.size)
    todo = [it for it in items if it.key not in outcomes]
    printer = progress_printer(len(todo))
    for start in range(0, len(todo), chunk):
        part = todo[start:start + chunk]
        for it, report in zip(part, _run(part, timeout_s, warm, printer), strict=True):
            outcomes[it.key] = outcome_of(it, report)
        if save:
            save([outcomes[it.key] for it in items if it.key in outcomes])
    again = [it for it in items if warm and ran_and_failed(outcomes[it.key])
             and not outcomes[it.key].warm_cause]
    for start in range(0, len(again), chunk):
        part = again[start:start + chunk]
        for it, report in zip(part, _run(part, timeout_s, False, None), strict=True):
            cold = outcome_of(it, report)
            cold.warm_cause = outcomes[it.key].cause or "failed"
            outcomes[it.key] = cold
        if save:
            save([outcomes[it.key] for it in items if it.key in outcomes])
    return [outcomes[it.key] for it in items]


def outcome_of(it: Item, report: Any) -> VerifyOutcome:
    """A VerifyOutcome from the port and verify's report; failures classified."""
    spec = it.port.spec
    out = VerifyOutcome(
        it.case, it.target, report.status, at=it.at,
        launch=launch_chain(it.port.script, spec.entrypoint),
        launch_model=str(getattr(spec, "launch_model", "")), reasons=list(report.reasons),
        expected=expected_text(spec.nodes, spec.gpus_per_node), seen=dict(report.ranks_per_node),
        size_given=it.size, job_id=report.job_id, elapsed_s=report.elapsed_s,
        log_excerpt=list(report.log_excerpt)[-8:])
    if report.status == "verified":  # e.g. a missing helper under the source's `set +e`
        out.user_step_failed = user_environment(report.stderr, report.stdout, it.source)
    elif report.status == "unverified":
        out.cause = report.reasons[0] if report.reasons else "unverified"
    elif report.status == "failed":
        runtime = container_runtime_missing(report.stderr, report.stdout)
        if runtime:
            out.status, out.cause = NOT_VERIFIABLE, runtime
            return out
        out.diagnosis = diagnose(report)
        env = user_environment(report.stderr, report.stdout, it.source)
        if env:
            out.status, out.cause = "unverified", env
        else:
            out.cause = "; ".join(report.reasons[:2])
    return out


def twin_fit(nodes: int, target: str) -> dict[str, int] | None:
    """The size at which the twin can verify a port it cannot run at its own (None when it
    can): full nodes of the target (its device model), the port's nodes when the twin has
    that many, else two (enough for a multi-node rendezvous)."""
    from maple_flow.twin.layout import DEFAULT_NODES
    from maple_flow.verify.budget import twin_capacity

    if twin_capacity(target, nodes) is None:
        return None
    return full_nodes(nodes if nodes <= DEFAULT_NODES else 2, target)


def full_nodes(nodes: int, target: str) -> dict[str, int]:
    """``nodes`` whole nodes of the target: a size the twin can always run."""
    from maple_flow.knowledge.clusters import get_profile

    return {"nodes": nodes, "gpus_per_node": get_profile(target).gpu.per_node}


def verify_items(outcomes: list[Any], scripts: dict[str, str | None],
                 judged: Callable[..., Any]) -> list[Item]:
    """Every correct port at the size the harness judged, and, where the twin cannot run
    that size (or the port asked for a size its source does not give), the same script
    ported at a size the twin can run. ``judged(case, target, script, **overrides)`` is
    run.py's port-and-check: a PortResult, or why not (refused, wrong at that size)."""
    items = []
    for o in outcomes:
        script = scripts[o.case]
        if o.status != "correct" or script is None:
            continue
        open_size = bool(o.asked_for_size and not o.rerun_with)
        first: Any = ("the port asked for the size and the source gives none: verified "
                      "only at twin size") if open_size else judged(
            o.case, o.target, script, **o.rerun_with)
        items.append(Item(o.case, o.target, "port", first, script))
        fit = (twin_fit(first.spec.nodes, o.target)
               if not isinstance(first, str) else full_nodes(2, o.target) if open_size
               else None)
        if fit:
            items.append(Item(o.case, o.target, "twin size",
                              judged(o.case, o.target, script, **fit), script, fit))
    return items


def run_verify(outcomes: list[Any], scripts: dict[str, str | None], args: argparse.Namespace,
               judged: Callable[..., Any]) -> dict[str, Any]:
    """The --verify pass: verify.json and verify.md in --out (resumable with --resume)."""
    out = Path(args.out)
    done: dict[Key, VerifyOutcome] = {}
    if args.resume and (out / "verify.json").is_file():
        old = json.loads((out / "verify.json").read_text(encoding="utf-8"))["outcomes"]
        done = {(o["case"], o["target"], o.get("at", "port")): VerifyOutcome(**o) for o in old}
    start = time.monotonic()
    mode = "warm" if args.warm else "cold"

    def save(vos: list[VerifyOutcome], final: bool = False) -> dict[str, Any]:
        summ = verify_tally(vos) | {"mode": mode, "wall_s": round(time.monotonic() - start, 1),
                                    "complete": final, "timeout_s": args.timeout}
        payload = {"summary": summ, "outcomes": [asdict(v) for v in vos]}
        (out / "verify.json").write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        (out / "verify.md").write_text(verify_markdown(vos, summ), encoding="utf-8")
        return summ

    vos = verify_ports(verify_items(outcomes, scripts, judged), timeout_s=args.timeout,
                       chunk=args.chunk, warm=args.warm, done=done, save=save)
    if args.warm:
        from maple_flow.twin import Twin
        from maple_flow.twin.warm import stop_zygotes

        stop_zygotes(Twin().state_dir)
    return save(vos, final=True)
