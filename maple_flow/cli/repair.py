"""`maple repair`: diagnose a failed launch script, patch it with typed fixes, verify again."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from maple_flow.errors import MapleError
from maple_flow.safewrite import write_output

if TYPE_CHECKING:
    from maple_flow.repair.loop import Candidate, Loop, RepairResult, Reviewer

SETUPS = {"ddp": ("pytorch", "ddp"), "fsdp": ("pytorch", "fsdp"),
          "zero3": ("deepspeed", "zero3"), "accelerate": ("accelerate", "ddp")}
REVIEW_NEEDS_TERMINAL = (
    "--review asks y/n for each fix on a terminal, and standard input is not a terminal; "
    "run without --review (fixes are applied automatically), or use --log LOG to see the "
    "proposed fix without running anything")


def terminal_reviewer() -> Reviewer:
    """Ask y/n for each fix on the terminal (MapleError when stdin is not a terminal)."""
    if not sys.stdin.isatty():
        raise MapleError(REVIEW_NEEDS_TERMINAL)

    def ask(candidate: Candidate, diff: str) -> bool:
        typer.echo(f"\n{candidate.record_id} ({candidate.method}): {candidate.fix.cause}",
                   err=True)
        for why in candidate.review:
            typer.echo(f"  review: {why}", err=True)
        typer.echo(diff, err=True)
        return typer.confirm("apply this fix and verify again?", default=True, err=True)

    return ask


def open_store(path: Path | None) -> Any:
    """The template store (learned variants, attempt log), or None when it is not installed."""
    import importlib

    try:
        store = importlib.import_module("maple_flow.store")
    except ImportError:
        return None
    return store.TemplateStore.open(path)


def make_loop(*, timeout: float, max_attempts: int, review: bool, llm: str | None,
              llm_always: bool, store: Any) -> Loop:
    """The repair loop the commands use: the knowledge base, the endpoint registry."""
    from maple_flow.repair.llm import proposer_from_spec
    from maple_flow.repair.loop import Loop, default_classifier, default_verify

    return Loop(verify=default_verify(timeout), classify=default_classifier(), store=store,
                proposer=proposer_from_spec(llm) if llm else None,
                llm_mode="always" if llm_always else "fallback",
                review=terminal_reviewer() if review else None, max_attempts=max_attempts,
                progress=lambda job, what: typer.echo(f"{job.target.cluster}: {what}", err=True))


def diagnose_log(text: str, log: str, cluster: str, llm: str | None, llm_always: bool,
                 answers: dict[str, str] | None = None) -> dict[str, Any]:
    """Classify ``log`` for ``text`` on ``cluster`` and plan the fix; nothing runs."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.repair import FailureEvidence, load_knowledge_base
    from maple_flow.repair.classify import summary_log
    from maple_flow.repair.evidence_gate import SUMMARY_ADVICE
    from maple_flow.repair.logtext import SUBMIT_BYTES, is_cut
    from maple_flow.repair.loop import (
        Candidate,
        History,
        answer_needs,
        answered_first,
        default_classifier,
        plan,
    )
    from maple_flow.repair.repair_report import proposal_data
    from maple_flow.verify.report import VerifyReport

    profile = get_profile(cluster)
    # a log as short as a submission message may be one (sbatch/qsub); a long one is not
    submit = log if len(log) <= SUBMIT_BYTES and not is_cut(log) else ""
    ev = FailureEvidence(cluster=profile.id, scheduler=profile.scheduler, stderr=log,
                         submit_message=submit, script=text)
    candidates = [Candidate.of(d) for d in default_classifier()(ev, profile)]
    kb = load_knowledge_base()
    candidates = answered_first(candidates, [
        answer_needs(c, answers or {}, list(kb.get(c.record_id).fix), profile, text)
        if c.needs else c for c in candidates])
    rejected = None
    if llm and (llm_always or not candidates):
        from maple_flow.repair.llm import Rejected, proposer_from_spec  # only with --llm

        proposal = proposer_from_spec(llm).propose(ev, profile)
        if isinstance(proposal, Rejected):
            rejected = proposal.model_dump()
        else:
            candidates.insert(0, Candidate.proposed(proposal, profile))
    failed = VerifyReport(cluster=profile.id, endpoint="log", status="failed",
                          reasons=["the given log"])
    data = proposal_data(candidates, plan(text, failed, candidates, History(), profile),
                         profile.scheduler)
    data["llm_rejected"] = rejected
    if data["proposed"] is None and summary_log(ev):
        data["why_none"] = f"{data['why_none']}; {SUMMARY_ADVICE}"
    return data


def parse_answers(items: list[str]) -> dict[str, str]:
    """``NAME=VALUE`` options as a mapping (MapleError for anything else)."""
    answers: dict[str, str] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name.strip().isidentifier() or not value:
            raise MapleError(f"--answer wants NAME=VALUE (e.g. account=m1234), got {item!r}")
        answers[name.strip()] = value
    return answers


def repair_command(
    script: Annotated[Path, typer.Argument(help="The launch script that fails.", exists=True,
                                           dir_okay=False, readable=True)],
    on: Annotated[str, typer.Option("--on", help="The cluster it fails on.")],
    log: Annotated[Path | None, typer.Option(
        "--log", help="Only diagnose this job log (or sbatch/qsub message): print the "
        "diagnosis and the proposed fix, run nothing.", exists=True, dir_okay=False)] = None,
    max_attempts: Annotated[int, typer.Option(min=1, max=20, help="Fixes to try.")] = 5,
    review: Annotated[bool, typer.Option(
        "--review", help="Ask y/n before each fix (needs a terminal).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the repaired (or proposed) script here.")] = None,
    setup: Annotated[str | None, typer.Option(
        help="ddp | fsdp | zero3 | accelerate (default: read from the launch line).")] = None,
    entrypoint: Annotated[str | None, typer.Option(
        help="The program to swap for the mini-app (default: from the launch line).")] = None,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each job.")] = 300.0,
    llm: Annotated[str | None, typer.Option(
        help="LLM fallback: smollm2, transformers:PATH or openai:URL#MODEL.")] = None,
    llm_always: Annotated[bool, typer.Option(
        help="Ask the LLM even when a knowledge-base record matches.")] = False,
    answer: Annotated[list[str] | None, typer.Option(
        "--answer", help="NAME=VALUE for a value a fix needs from you (e.g. account=m1234).")
    ] = None,
    store: Annotated[Path | None, typer.Option(help="Template store database.")] = None,
    no_store: Annotated[bool, typer.Option(
        "--no-store", help="Do not record attempts or learn variants.")] = False,
) -> None:
    """Repair SCRIPT on a cluster: classify the failure, apply a typed fix, verify again.

    Each failure is matched against the failure knowledge base (signatures, then MiniLM
    similarity); the fix is a list of typed operations applied to the script (never free
    text), then the script is verified again on the cluster's endpoint, at most
    --max-attempts times. Stops when verified, when the endpoint cannot be reached
    (unverified), when the same failure comes back, or when no fix applies. Every attempt
    is recorded in the template store; a repaired script becomes a learned variant.
    Exit 0 only when verified (with --log: when a fix is proposed).

    Examples:

        maple repair job.sbatch --on perlmutter

        maple repair job.sbatch --on delta --log slurm-1234.out
    """
    from maple_flow.knowledge.clusters import resolve_cluster

    answers = parse_answers(answer or [])
    # bytes decoded as they are: universal newlines would hide a script's CRLF line endings
    text = script.read_bytes().decode("utf-8", errors="replace")
    cluster = resolve_cluster(on.strip())
    if log is not None:
        from maple_flow.repair.logtext import read_log

        data = diagnose_log(text, read_log(log), cluster, llm, llm_always, answers)
        _emit_proposal(data, script.name, cluster, as_json, output)
        if data["proposed"] is None:
            raise typer.Exit(1)
        return
    if setup and setup not in SETUPS:
        raise typer.BadParameter(f"--setup must be one of {', '.join(SETUPS)}")
    from maple_flow.repair.loop import RepairJob
    from maple_flow.verify.run import VerifyTarget

    framework, strategy = SETUPS[setup] if setup else (None, None)
    target = VerifyTarget.from_script(text, cluster, entrypoint=entrypoint,
                                      framework=framework, strategy=strategy)  # type: ignore[arg-type]
    loop = make_loop(timeout=timeout, max_attempts=max_attempts, review=review, llm=llm,
                     llm_always=llm_always, store=None if no_store else open_store(store))
    loop.answers = answers
    result = loop.run([RepairJob(target)])[0]
    if output is not None:
        write_output(output, result.final_script)
    _emit_result(result, script.name, as_json)
    if result.status != "verified":
        raise typer.Exit(1)


def _emit_proposal(data: dict[str, Any], name: str, cluster: str, as_json: bool,
                   output: Path | None) -> None:
    from maple_flow.repair.repair_report import proposal_markdown

    if output is not None and data["proposed"] is not None:
        if data["proposed"]["review"]:
            typer.echo(f"not written to {output}: the proposed fix needs your review "
                       "(see 'review' above)", err=True)
        else:
            write_output(output, data["proposed"]["script"])
    if as_json:
        typer.echo(json.dumps(data, indent=2))
    else:
        typer.echo(proposal_markdown(data, name, cluster))


def _emit_result(result: RepairResult, name: str, as_json: bool) -> None:
    from maple_flow.repair.repair_report import result_markdown

    if as_json:
        typer.echo(json.dumps(result.model_dump(exclude={"final_report"}), indent=2))
    else:
        typer.echo(result_markdown(result, f"Repair of {name}"))


def register(app: typer.Typer) -> None:
    """Add `maple repair` to the root app."""
    app.command("repair")(repair_command)
