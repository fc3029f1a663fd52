"""`maple verify`: run a script's mini-app on a target cluster and say whether it works."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from maple_flow.endpoints import load_registry
from maple_flow.verify import VerifyReport, VerifyTarget
from maple_flow.verify.decide import strict_verdict
from maple_flow.verify.progress import progress_printer, render_report
from maple_flow.verify.report import unverified
from maple_flow.verify.run import Progress

SETUPS = {"ddp": ("pytorch", "ddp"), "fsdp": ("pytorch", "fsdp"),
          "zero3": ("deepspeed", "zero3"), "accelerate": ("accelerate", "ddp")}


def verify_command(
    script: Annotated[Path, typer.Argument(help="Batch script to verify.", exists=True,
                                           dir_okay=False, readable=True)],
    on: Annotated[str, typer.Option("--on", help="Target cluster(s), comma-separated.")],
    setup: Annotated[str | None, typer.Option(
        help="ddp | fsdp | zero3 | accelerate (default: read from the launch line).")] = None,
    entrypoint: Annotated[str | None, typer.Option(
        help="The program to swap for the mini-app (default: read from the launch line).")] = None,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each job.")] = 300.0,
    unfinished: Annotated[str | None, typer.Option(
        "--unfinished", help="cancel | keep: what to do with a job still queued or running "
        "when the wait ends (default: each endpoint's on_timeout, cancel). It is reported "
        "unverified with its job id either way.")] = None,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Fail a target whose run has performance findings (a slow node or "
        "rank, ranks sharing cores, a slow link); without it they are shown beside "
        "the verdict.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the reports as JSON.")] = False,
) -> None:
    """Run SCRIPT with its program swapped for a tiny distributed mini-app, on each target.

    Everything else in the script is kept (directives, modules, environment, launcher). The
    job goes to the cluster's endpoint (`maple endpoints list`; the local twin by default).
    The mini-app also times each rank's steps and the all-reduce, and reads the cores each
    rank may use: a slow node or rank, ranks bound to the same cores or a link far below the
    site's fabric are shown as performance findings (failures with --strict).
    Exit code 0 only when every target is verified.

    Example: maple verify job.pbs --on polaris
    """
    text = script.read_text(encoding="utf-8", errors="replace")
    if setup and setup not in SETUPS:
        raise typer.BadParameter(f"--setup must be one of {', '.join(SETUPS)}")
    if unfinished not in (None, "cancel", "keep"):
        raise typer.BadParameter("--unfinished must be cancel or keep")
    framework, strategy = SETUPS[setup] if setup else (None, None)
    targets = [VerifyTarget.from_script(text, c.strip(), entrypoint=entrypoint,
                                        framework=framework, strategy=strategy)  # type: ignore[arg-type]
               for c in on.split(",") if c.strip()]
    registry = load_registry()
    if unfinished:
        registry = {c: e.model_copy(update={"on_timeout": unfinished})
                    for c, e in registry.items()}
    reports = _run(targets, timeout, registry, None if as_json else progress_printer(len(targets)))
    if strict:
        reports = [strict_verdict(r) for r in reports]
    emit(reports, as_json)
    if any(r.status != "verified" for r in reports):
        raise typer.Exit(1)


def _run(targets: list[VerifyTarget], timeout: float, registry: dict[str, Any],
         progress: Progress | None) -> list[VerifyReport]:
    """Each target as a chain of the pipeline (verify only); kept in the store when one
    exists ($MAPLE_STORE), so `maple templates history` and the store see every run."""
    from maple_flow.repair.loop import template_of
    from maple_flow.store import open_existing
    from maple_flow.workflows.pipeline import Chain, Pipeline

    chains = [Chain(t, template_of(t.script)) for t in targets]
    store = open_existing()
    try:
        Pipeline(None, store, timeout, progress, registry=registry).run(chains)
    finally:
        if store is not None:
            store.close()
    return [c.report or unverified(c.target.cluster, "unknown", "not run") for c in chains]


def emit(reports: list[VerifyReport], as_json: bool) -> None:
    """Print reports as JSON keyed by cluster, or as readable text."""
    if as_json:
        typer.echo(json.dumps({r.cluster: r.model_dump(exclude={"script"}) for r in reports},
                              indent=2))
        return
    for report in reports:
        typer.echo(render_report(report))


def register(app: typer.Typer) -> None:
    """Add `maple verify` to the root app."""
    app.command("verify")(verify_command)
