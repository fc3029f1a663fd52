"""`maple generate` and `maple port`: plain words or a working script in, launch scripts out."""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from maple_flow.cli.generate_spec import GENERATE
from maple_flow.cli.spec import CommandSpec
from maple_flow.errors import MapleError, MissingInformation


def typer_command(spec: CommandSpec) -> Callable[..., None]:
    """The typer command function of ``spec``: its signature says what typer reads."""

    def command(**values: Any) -> None:
        spec.run(values, typer.echo, typer.prompt)

    params = []
    for param in spec.params:
        info: Any = (typer.Option(*param.names, help=param.help) if param.names
                     else typer.Argument(help=param.help))
        default = inspect.Parameter.empty if param.required else param.default
        params.append(inspect.Parameter(param.dest, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                        default=default,
                                        annotation=Annotated[param.annotation, info]))
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__doc__ = spec.help
    command.__name__ = command.__qualname__ = f"{spec.name}_cmd"
    return command


#: `maple generate`, built from its one description (maple_flow.cli.generate_spec).
generate_cmd = typer_command(GENERATE)


def port_cmd(
    script: Annotated[Path, typer.Argument(
        help="A Slurm, PBS or LSF script that works somewhere.")],
    to: Annotated[str, typer.Option("--to", help="Target clusters, comma-separated.")],
    output: Annotated[
        Path | None, typer.Option("-o", "--output-dir", help="Write <cluster>.sh files here.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object keyed by cluster.")
    ] = False,
    source: Annotated[str | None, typer.Option("--from", help="The script's cluster.")] = None,
    ranks: Annotated[int | None, typer.Option(
        "--ranks", min=1, help="Total ranks of the source job, when the script does not "
        "say (asked on a terminal).")] = None,
    nodes: Annotated[int | None, typer.Option("--nodes", min=1)] = None,
    gpus_per_node: Annotated[int | None, typer.Option("--gpus-per-node", min=1)] = None,
    account: Annotated[str | None, typer.Option("--account", "-A")] = None,
    queue: Annotated[str | None, typer.Option("--queue", "-q")] = None,
    walltime: Annotated[str | None, typer.Option("--walltime", "-t")] = None,
    verify: Annotated[bool, typer.Option(
        "--verify", help="Run each ported script with a mini-app on its target's endpoint "
        "(the local twin by default) and report verified / failed / unverified.")] = False,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each verify job.")] = 300.0,
    repair: Annotated[bool, typer.Option(
        "--repair", help="With --verify: repair each failed target (maple repair).")] = False,
    review: Annotated[bool, typer.Option(
        "--review", help="With --repair: ask y/n before each fix (needs a terminal).")] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help="Print the unified diff source -> port for each target, each hunk "
        "with its reasons (# why:), instead of the whole script.")] = False,
) -> None:
    """Rewrite a working script for other clusters; notes say what to check there.

    Example: maple port train_polaris.sh --to perlmutter,vista -o ported/ --verify
    """
    from maple_flow.cli.workflows import target_list
    from maple_flow.workflows.scale import resolve_targets

    targets = target_list(to, resolve_targets)
    try:
        data = script.read_bytes()
    except OSError as exc:
        raise MapleError(f"cannot read {script}: {exc.strerror}") from None
    given = {
        "ranks": ranks,
        "nodes": nodes,
        "gpus_per_node": gpus_per_node,
        "account": account,
        "queue": queue,
        "walltime": walltime,
    }
    progress = None
    if verify and not as_json:
        from maple_flow.verify.progress import progress_printer

        progress = progress_printer(len(targets))
    if (repair or review) and not verify:
        raise MapleError("--repair and --review need --verify (repair starts from the failure)")
    loop = _repair_loop(timeout, review) if repair or review else None  # --review: before runs
    overrides = {k: v for k, v in given.items() if v is not None}
    interactive = sys.stdin.isatty() and not as_json
    from maple_flow.store import open_existing

    store = loop.store if loop is not None else open_existing(readonly=not verify)
    results = _port_asking(data, targets, interactive, source=source, verify=False,
                           store=store, **overrides)
    if verify:  # the pipeline: each target verified (and repaired) as its own chain
        from maple_flow.workflows.pipeline import check_results

        check_results(list(results.values()), repair=loop is not None, loop=loop,
                      store=store, timeout_s=timeout, progress=progress)
    if output:
        from maple_flow.safewrite import write_output

        for cluster, result in results.items():
            if result.status != "refused":
                write_output(output / f"{cluster}.sh", result.script, root=output)
    if as_json:
        typer.echo(json.dumps({k: r.to_dict() for k, r in results.items()}, indent=2))
    else:
        _print_port(results, output, diff)
    code = port_exit_code(results, verify)
    if code:
        raise typer.Exit(code)


def port_exit_code(results: dict[str, Any], verified: bool) -> int:
    """2 when a target refused the port (its rules, as `generate` exits 2), 1 when a
    verification did not pass, else 0."""
    if any(r.status == "refused" for r in results.values()):
        return 2
    if verified and any(r.status != "verified" for r in results.values()):
        return 1
    return 0


def _port_asking(data: bytes, to: str | list[str], interactive: bool, **kwargs: Any) -> Any:
    """port(), asking on a terminal for the total ranks when the script does not say."""
    from maple_flow.port.api import port

    try:
        return port(data, to, **kwargs)
    except MissingInformation as missing:
        if not interactive or set(missing.missing) != {"ranks"}:
            raise
        answer = typer.prompt(f"ranks ({missing.missing['ranks']})", type=int)
        if answer < 1:
            raise MapleError("ranks must be at least 1") from None
        return port(data, to, **{**kwargs, "ranks": answer})


def _repair_loop(timeout: float, review: bool) -> Any:
    from maple_flow.cli.repair import make_loop, open_store

    return make_loop(timeout=timeout, max_attempts=5, review=review, llm=None,
                     llm_always=False, store=open_store(None))


def _print_port(results: dict[str, Any], output: Path | None, diff: bool = False) -> None:
    from maple_flow.verify.progress import render_report

    for cluster, result in results.items():
        if result.status == "refused":
            typer.echo(f"{cluster}: refused (breaks {cluster}'s rules; nothing written)")
        elif diff:
            typer.echo(f"# ===== {cluster} ({result.status}): diff source -> port =====")
            typer.echo(result.diff, nl=False)
        elif output:
            typer.echo(f"{cluster}: wrote {output / (cluster + '.sh')} ({result.status})")
        else:
            typer.echo(f"# ===== {cluster} ({result.status}) =====")
            typer.echo(result.script)
        for note in result.notes:
            typer.echo(f"  check on {cluster}: {note}")
        if result.report is not None:
            typer.echo(render_report(result.report))


def register(app: typer.Typer) -> None:
    """Add `generate` and `port` to the `maple` command."""
    app.command("generate")(generate_cmd)
    app.command("port")(port_cmd)
