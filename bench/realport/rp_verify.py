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
    status: str  # verified | failed | unverified
    launch: str = ""  # the ported launch chain, e.g. "srun > bash -c > python"
    launch_model: str = ""  # the port's: per_rank | launcher
    reasons: list[str] = field(default_factory=list)
    cause: str = ""  # why it failed or could not run, one line
    diagnosis: str | None = None  # maple_flow.debug's best record for a failure
    expected: str = ""  # nodes x ranks per node
    seen: dict[str, int] = field(default_factory=dict)  # ranks per node the mini-app saw
    size_given: dict[str, int] = field(default_factory=dict)
    job_id: str | None = None
    elapsed_s: float = 0.0
    log_excerpt: list[str] = field(default_factory=list)


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


def launch_chain(script: str, program: str) -> str:
    """The launchers on the line that runs ``program``, in order: 'srun > bash -c > python'.

    Empty when no command line names ``program``.
    """
    name = program.rsplit("/", 1)[-1]
    for line in logical_lines(script):
        if line.lstrip().startswith("#") or name not in line:
            continue
        chain: list[str] = []
        for word in _words(line):
            base = word.rsplit("/", 1)[-1]
            if base.rsplit("/", 1)[-1] == name or base.endswith(f"{name}"):
                break
            if base in LAUNCHERS and (not chain or chain[-1] != base):
                chain.append(base)
            elif word == "-c" and chain and chain[-1] == "bash":
                chain[-1] = "bash -c"
        if chain:
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
_NETWORK = re.compile(r"(?i)temporary failure in name resolution|could not resolve host|"
                      r"failed to establish a new connection|network is unreachable|"
                      r"unable to resolve host address|No matching distribution found")


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
    return ""


def verify_tally(outcomes: list[VerifyOutcome]) -> dict[str, Any]:
    """Counts: status, unverified and failed by cause, launch kinds verified."""
    status = Counter(o.status for o in outcomes)
    by_cause = {s: dict(Counter(o.cause for o in outcomes if o.status == s).most_common())
                for s in ("failed", "unverified")}
    kinds: dict[str, Counter[str]] = {}
    for o in outcomes:
        kinds.setdefault(launch_kind(o.launch), Counter())[o.status] += 1
    return {"ports": len(outcomes), "status": dict(status), "by_cause": by_cause,
            "by_launch": {k: dict(v) for k, v in sorted(kinds.items())}}


def _cell(o: VerifyOutcome) -> str:
    if o.status == "verified":
        seen = ", ".join(f"{h}={n}" for h, n in o.seen.items())
        return f"verified ({seen}; {o.elapsed_s:.0f} s)"
    return f"{o.status}: {o.cause}".replace("|", "/")


def verify_markdown(outcomes: list[VerifyOutcome], summ: dict[str, Any]) -> str:
    """verify.md: totals, per launch model, per port, failure causes."""
    st = summ["status"]
    lines = [
        "# Real-script ports verified on the twin",
        "",
        f"{summ['ports']} correct ports run through maple_flow.verify on the twin: "
        f"**{st.get('verified', 0)} verified**, {st.get('failed', 0)} failed, "
        f"{st.get('unverified', 0)} unverified.",
    ]
    if summ.get("wall_s") is not None:
        lines.append(f"Wall time {summ['wall_s']:.0f} s ({summ.get('mode', '')}).")
    lines += ["", "## Per launch model", "", "| launch | verified | failed | unverified |",
              "|---|---|---|---|"]
    for kind, c in summ["by_launch"].items():
        lines.append(f"| {kind} | {c.get('verified', 0)} | {c.get('failed', 0)} | "
                     f"{c.get('unverified', 0)} |")
    for status in ("failed", "unverified"):
        if summ["by_cause"].get(status):
            lines += ["", f"## {status.capitalize()} by cause", ""]
            lines += [f"- {n} x {cause}" for cause, n in summ["by_cause"][status].items()]
    lines += ["", "## Per port", "", "| case | target | launch | expected | result |",
              "|---|---|---|---|---|"]
    lines += [f"| {o.case} | {o.target} | {o.launch} | {o.expected} | {_cell(o)} |"
              for o in outcomes]
    return "\n".join(lines) + "\n"


# -- I/O: the twin ---------------------------------------------------------------------------
def outcome_of(case: str, target: str, result: Any, report: Any, source: str,
               size_given: dict[str, int]) -> VerifyOutcome:
    """A VerifyOutcome from the port and verify's report; failures classified."""
    spec = result.spec
    out = VerifyOutcome(
        case, target, report.status, launch=launch_chain(result.script, spec.entrypoint),
        launch_model=str(getattr(spec, "launch_model", "")), reasons=list(report.reasons),
        expected=expected_text(spec.nodes, spec.gpus_per_node), seen=dict(report.ranks_per_node),
        size_given=size_given, job_id=report.job_id, elapsed_s=report.elapsed_s,
        log_excerpt=list(report.log_excerpt)[-8:])
    if report.status == "unverified":
        out.cause = report.reasons[0] if report.reasons else "unverified"
    elif report.status == "failed":
        out.diagnosis = diagnose(report)
        env = user_environment(report.stderr, report.stdout, source)
        if env:
            out.status, out.cause = "unverified", env
        else:
            out.cause = "; ".join(report.reasons[:2])
    return out


def diagnose(report: Any) -> str | None:
    """maple_flow.debug's best record for a failed verification (None when nothing fits)."""
    from maple_flow.clusters import get_profile
    from maple_flow.debug.classify import classify
    from maple_flow.debug.loop import evidence_of

    scheduler = get_profile(report.cluster).scheduler
    found = classify(evidence_of(report, report.script, scheduler))
    return found[0].record_id if found else None


def verify_ports(items: list[tuple[str, str, Any, str, dict[str, int]]], *, timeout_s: float,
                 chunk: int, warm: bool, done: dict[tuple[str, str], VerifyOutcome],
                 save: Any = None) -> list[VerifyOutcome]:
    """Verify (case, target, PortResult, source script, size given) items on the twin, in
    chunks of ``chunk`` (each one verify_many batch); ``done`` ones are kept, ``save`` is
    called with every outcome so far after each chunk."""
    from maple_flow.twin.warm import warm_mode
    from maple_flow.verify import VerifyTarget, verify_many
    from maple_flow.verify.progress import progress_printer

    outcomes = dict(done)
    todo = [it for it in items if (it[0], it[1]) not in done]
    printer = progress_printer(len(todo))
    for start in range(0, len(todo), chunk):
        part = todo[start:start + chunk]
        targets = [VerifyTarget.from_spec(r.script, r.spec) for _, _, r, _, _ in part]
        with warm_mode(warm):
            reports = verify_many(targets, timeout_s=timeout_s, progress=printer)
        for (case, target, result, source, size), report in zip(part, reports, strict=True):
            outcomes[(case, target)] = outcome_of(case, target, result, report, source, size)
        if save:
            save([outcomes[(c, t)] for c, t, *_ in items if (c, t) in outcomes])
    return [outcomes[(c, t)] for c, t, *_ in items]


def twin_size(target: str) -> dict[str, int]:
    """The size given to a port that asked for one its source does not say: two full nodes
    of the target (the user's answer; the twin has four nodes per personality)."""
    from maple_flow.clusters import get_profile

    return {"ranks": 2 * get_profile(target).gpu.per_node}


def verify_items(outcomes: list[Any], scripts: dict[str, str | None],
                 attempt: Callable[..., Any]) -> list[tuple[str, str, Any, str, dict[str, int]]]:
    """(case, target, port, source, size given) for every correct port, ported again with
    the overrides the harness used (``attempt`` is run.py's; a refusal there is skipped)."""
    items = []
    for o in outcomes:
        script = scripts[o.case]
        if o.status != "correct" or script is None:
            continue
        given = {} if o.rerun_with or not o.asked_for_size else twin_size(o.target)
        result = attempt(script, o.target, **(dict(o.rerun_with) or given))
        if not isinstance(result, str):
            items.append((o.case, o.target, result, script, given))
    return items


def run_verify(outcomes: list[Any], scripts: dict[str, str | None], args: argparse.Namespace,
               attempt: Callable[..., Any]) -> dict[str, Any]:
    """The --verify pass: verify.json and verify.md in --out (resumable with --resume)."""
    out = Path(args.out)
    done: dict[tuple[str, str], VerifyOutcome] = {}
    if args.resume and (out / "verify.json").is_file():
        old = json.loads((out / "verify.json").read_text(encoding="utf-8"))["outcomes"]
        done = {(o["case"], o["target"]): VerifyOutcome(**o) for o in old}
    start = time.monotonic()
    mode = "warm" if args.warm else "cold"

    def save(vos: list[VerifyOutcome], final: bool = False) -> dict[str, Any]:
        summ = verify_tally(vos) | {"mode": mode, "wall_s": round(time.monotonic() - start, 1),
                                    "complete": final, "timeout_s": args.timeout}
        payload = {"summary": summ, "outcomes": [asdict(v) for v in vos]}
        (out / "verify.json").write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        (out / "verify.md").write_text(verify_markdown(vos, summ), encoding="utf-8")
        return summ

    vos = verify_ports(verify_items(outcomes, scripts, attempt), timeout_s=args.timeout,
                       chunk=args.chunk, warm=args.warm, done=done, save=save)
    if args.warm:
        from maple_flow.twin import Twin
        from maple_flow.twin.warm import stop_zygotes

        stop_zygotes(Twin().state_dir)
    return save(vos, final=True)
