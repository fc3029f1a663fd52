"""`maple twin`: the local cluster twin (install, up, down, status, submit)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.twin import Twin

twin_app = typer.Typer(
    help="A real Slurm twin of each cluster on this machine (root, Debian).\n\n"
    "Examples:\n\n"
    "    maple twin up perlmutter polaris     # start two personalities\n\n"
    "    maple twin submit polaris job.sh     # qsub as a Polaris user, wait, print the state\n\n"
    "    maple twin status --json\n\n"
    "    maple twin down",
    no_args_is_help=True,
)

DirOpt = Annotated[
    Path | None, typer.Option("--state-dir", help="State folder (default $MAPLE_TWIN_DIR or "
                                                    "/tmp/maple-twin).")]


@twin_app.command("install")
def install_cmd() -> None:
    """Install the Debian packages (slurm, munge, lmod, mpich) if missing.

    Example: maple twin install
    """
    installed = Twin().install()
    typer.echo(f"installed: {' '.join(installed)}" if installed else "packages already present")


@twin_app.command("up")
def up_cmd(
    clusters: Annotated[list[str] | None, typer.Argument(help="Cluster ids or aliases; "
                                                              "default: all.")] = None,
    state_dir: DirOpt = None,
) -> None:
    """Start personalities (idempotent); install packages first if missing.

    Example: maple twin up perlmutter polaris
    """
    names = clusters or list(all_profiles())
    timings = Twin(state_dir).up(names)
    for cluster, seconds in timings.items():
        typer.echo(f"{cluster}: up ({seconds:.2f} s)")


@twin_app.command("down")
def down_cmd(
    clusters: Annotated[list[str] | None, typer.Argument(help="default: all")] = None,
    state_dir: DirOpt = None,
) -> None:
    """Stop personalities (only daemons the twin started, by PID file).

    Example: maple twin down polaris
    """
    stopped = Twin(state_dir).down(clusters or None)
    typer.echo("\n".join(f"stopped {s}" for s in stopped) or "nothing was running")


@twin_app.command("status")
def status_cmd(
    state_dir: DirOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Which personalities run, with their nodes, addresses and ports.

    Example: maple twin status --json
    """
    status = Twin(state_dir).status()
    if as_json:
        typer.echo(json.dumps(status, indent=1))
        return
    clusters = status["clusters"]
    assert isinstance(clusters, dict)
    if not clusters:
        typer.echo("no personality has been started")
    for cluster, info in clusters.items():
        state = "up" if info["running"] else "down"
        nodes = ", ".join(f"{n} {s}" for n, s in info["node_states"].items())
        typer.echo(f"{cluster:<11} {state:<5} {info['scheduler']:<5} ctl {info['controller']}"
                   + (f"  [{nodes}]" if nodes else ""))


@twin_app.command("submit")
def submit_cmd(
    cluster: Annotated[str, typer.Argument(help="Cluster id or alias")],
    script: Annotated[Path, typer.Argument(help="Job script", exists=True, dir_okay=False)],
    timeout: Annotated[float, typer.Option(help="Seconds to wait before cancelling.")] = 300,
    workdir: Annotated[Path | None, typer.Option(help="Submit from here (default: the "
                                                      "script's folder).")] = None,
    state_dir: DirOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Submit SCRIPT as a user of CLUSTER would, wait, print the final state.

    Exit status 0 only for COMPLETED (1 otherwise).

    Example: maple twin submit polaris job.sh
    """
    result = Twin(state_dir).submit(cluster, script, timeout, workdir)
    if as_json:
        typer.echo(json.dumps(result.as_dict(), indent=1))
    else:
        typer.echo(f"{result.cluster} job {result.job_id or '-'}: {result.state}"
                   + (f" (exit {result.exit_code})" if result.exit_code is not None else "")
                   + f" in {result.elapsed_s:.1f} s")
        if result.message:
            typer.echo(result.message)
        for label, path in (("stdout", result.stdout_path), ("stderr", result.stderr_path)):
            if path:
                typer.echo(f"{label}: {path}")
    if not result.ok:  # exit status 1 for anything but COMPLETED
        raise SystemExit(1)


@twin_app.command("describe")
def describe_cmd(
    clusters: Annotated[list[str] | None, typer.Argument(help="default: all")] = None,
) -> None:
    """What each personality reproduces of the real cluster, and what it does not (Markdown).

    Example: maple twin describe aurora
    """
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.twin.describe import describe

    for name in clusters or list(all_profiles()):
        profile = get_profile(name)
        typer.echo(f"### {profile.name} ({profile.center})\n")
        for heading, items in describe(profile).items():
            typer.echo(f"{heading.capitalize()}:\n")
            typer.echo("\n".join(f"- {item}" for item in items) + "\n")


def register(app: typer.Typer) -> None:
    """Add `maple twin ...` to the CLI."""
    app.add_typer(twin_app, name="twin")
