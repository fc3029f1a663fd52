"""`maple batch` and `maple revalidate`: porting and verification at scale."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from maple_flow.verify.progress import progress_printer

SETUP_NAMES = ("ddp", "fsdp", "zero3", "accelerate")


def batch_command(
    scripts: Annotated[list[Path], typer.Argument(help="Working scripts to port.", exists=True,
                                                  dir_okay=False)],
    to: Annotated[str, typer.Option("--to", help="Target clusters, comma-separated.")],
    verify: Annotated[bool, typer.Option("--verify", help="Verify every ported script.")] = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output-dir", help="Write <script>/<cluster>.sh files here.")] = None,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each verify job.")] = 300.0,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object: script -> cluster -> "
                                          "result.")] = False,
) -> None:
    """Port many scripts to many clusters in one batch (verification runs concurrently).

    Example: maple batch jobs/*.sbatch --to polaris,aurora,vista --verify -o ported/
    """
    from maple_flow.workflows import batch_port

    texts = {p.stem: p.read_text(encoding="utf-8", errors="replace") for p in scripts}
    total = len(texts) * len([t for t in to.split(",") if t.strip()])
    batch = batch_port(texts, [t for t in to.split(",") if t.strip()], verify=verify,
                       timeout_s=timeout,
                       progress=progress_printer(total) if verify and not as_json else None)
    if output:
        for name, per in batch.results.items():
            (output / name).mkdir(parents=True, exist_ok=True)
            for cluster, result in per.items():
                (output / name / f"{cluster}.sh").write_text(result.script, encoding="utf-8")
    if as_json:
        data = {n: {c: r.to_dict() for c, r in per.items()} for n, per in batch.results.items()}
        typer.echo(json.dumps({"results": data, "errors": batch.errors,
                               "wall_s": round(batch.wall_s, 1)}, indent=2))
    else:
        for name, per in batch.results.items():
            typer.echo(f"{name}: " + ", ".join(f"{c} {r.status}" for c, r in per.items()))
        for name, error in batch.errors.items():
            typer.echo(f"{name}: error: {error}", err=True)
    if batch.errors or (verify and any(r.status != "verified" for per in batch.results.values()
                                       for r in per.values())):
        raise typer.Exit(1)


def revalidate_command(
    clusters: Annotated[str, typer.Option(help="Clusters, comma-separated (default: all).")] = "",
    setups: Annotated[str, typer.Option(
        help="Setups among ddp,fsdp,zero3,accelerate (default: all).")] = "",
    out: Annotated[Path, typer.Option(help="Folder for matrix.md/.html/.json.")] = Path(
        "maple-revalidation"),
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each job.")] = 600.0,
) -> None:
    """Verify every template on every cluster's endpoint; write the matrix as Markdown, HTML
    and JSON. workflows/nightly.sh runs this every night (see workflows/README.md).
    """
    import time

    from maple_flow.clusters import all_profiles, resolve_cluster
    from maple_flow.models import SETUPS
    from maple_flow.reports.matrix import write_matrix
    from maple_flow.workflows import revalidate

    names = [resolve_cluster(c) for c in clusters.split(",") if c.strip()] or list(all_profiles())
    chosen = [s.strip() for s in setups.split(",") if s.strip()] or list(SETUP_NAMES)
    bad = [s for s in chosen if s not in SETUP_NAMES]
    if bad:
        raise typer.BadParameter(f"unknown setups {bad}; choose from {', '.join(SETUP_NAMES)}")
    pairs = [SETUPS[SETUP_NAMES.index(s)] for s in chosen]
    start = time.monotonic()
    cells = revalidate(names, pairs, timeout_s=timeout,
                       progress=progress_printer(len(names) * len(pairs)))
    data = write_matrix(cells, out, time.monotonic() - start)
    typer.echo(f"{data['verified']}/{data['cells']} verified in {data['wall_s']} s; "
               f"wrote {out}/matrix.md, matrix.html, matrix.json")
    from maple_flow.cli.store import record_revalidation

    record_revalidation(cells)  # every verification into the template store, and the drift
    if data["verified"] != data["cells"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `maple batch` and `maple revalidate` to the root app."""
    app.command("batch")(batch_command)
    app.command("revalidate")(revalidate_command)
