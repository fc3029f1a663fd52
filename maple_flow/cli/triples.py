"""`maple triples`: one job that runs NNODE x NPPN independent tasks sharing the GPUs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from maple_flow.triples.job import TriplesJob, job_assignment, render_triples

if TYPE_CHECKING:
    from maple_flow.triples.verify import TriplesVerifyReport


def triples_command(
    nodes: Annotated[int, typer.Option("--nodes", help="NNODE: nodes (required: a job size is "
                                       "never guessed).", show_default=False)],
    ppn: Annotated[int, typer.Option("--ppn", help="NPPN: tasks per node, required (may exceed "
                                     "the node's GPUs: they are shared).", show_default=False)],
    command: Annotated[list[str] | None, typer.Argument(
        help="The program each task runs and its arguments, after `--`; {task} in an "
        "argument becomes the task index.", show_default=False)] = None,
    cluster: Annotated[str, typer.Option("--cluster", "--on", help="Target cluster.")] = "",
    tpp: Annotated[int, typer.Option("--tpp", help="NTPP: threads per task "
                                                   "(OMP_NUM_THREADS).")] = 1,
    account: Annotated[str | None, typer.Option("-A", "--account", help="Project.")] = None,
    queue: Annotated[str | None, typer.Option("-q", "--queue", help="Queue/partition.")] = None,
    walltime: Annotated[str, typer.Option("-t", "--walltime", help="HH:MM:SS.")] = "00:30:00",
    verify: Annotated[bool, typer.Option(
        "--verify", help="Also run the job with the triples probe on the cluster's endpoint "
        "(the local twin by default) and check every task's node, slot, GPU and threads.")
    ] = False,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for the --verify job.")] = 300.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print script, assignment and "
                                                         "verification as JSON.")] = False,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the script "
                                                                       "here.")] = None,
) -> None:
    """Write one job script that runs NODES x PPN independent tasks of COMMAND, TPP threads
    each (MIT LLSC's "triples" mode). Each task sees one GPU, assigned round-robin by its
    slot on the node, through the site's visibility variable (CUDA_VISIBLE_DEVICES,
    ZE_AFFINITY_MASK), and gets MAPLE_TASK_ID, MAPLE_NUM_TASKS and OMP_NUM_THREADS.

    Example: maple triples --on delta --nodes 2 --ppn 8 --tpp 4 -A bbka-delta-gpu --verify
    -- python train.py --seed {task}
    """
    if not cluster:
        raise typer.BadParameter("give the target cluster with --on (or --cluster)")
    if not command:
        raise typer.BadParameter("give the command each task runs after `--`, e.g. "
                                 "`-- python train.py --seed {task}`")
    job = TriplesJob(cluster=cluster, nodes=nodes, ppn=ppn, tpp=tpp, program=command[0],
                     args=command[1:], walltime=walltime, account=account, queue=queue)
    script = render_triples(job)
    if output:
        from maple_flow.safewrite import write_output

        write_output(output, script)
    report = _verify(job, timeout) if verify else None
    if as_json:
        typer.echo(json.dumps(_as_data(job, script, report), indent=2))
    else:
        _print(job, script, output, report)
    if report is not None and report.status != "verified":
        raise typer.Exit(1)


def _verify(job: TriplesJob, timeout: float) -> TriplesVerifyReport:
    from maple_flow.triples.verify import verify_triples

    return verify_triples(job, timeout_s=timeout)


def _as_data(job: TriplesJob, script: str, report: TriplesVerifyReport | None) -> dict[str, Any]:
    return {
        "job": job.model_dump(), "tasks": job.tasks, "script": script,
        "assignment": [vars(s) for s in job_assignment(job)],
        "verify": report.model_dump(exclude={"script"}) if report else None,
    }


def _print(job: TriplesJob, script: str, output: Path | None,
           report: TriplesVerifyReport | None) -> None:
    if output:
        typer.echo(f"wrote {output}: {job.nodes} node(s) x {job.ppn} task(s) x {job.tpp} "
                   f"thread(s) = {job.tasks} tasks")
    elif report is None:
        typer.echo(script, nl=False)
    if report is not None:
        typer.echo(_render_report(report))


def _render_report(report: TriplesVerifyReport) -> str:
    lines = [f"{report.cluster}: {report.status} (endpoint {report.endpoint}, job "
             f"{report.job_id or '-'}, {report.state or 'not run'}, {report.elapsed_s:.1f} s)"]
    if report.assessment and report.assessment.devices_per_host:
        for host, devices in report.assessment.devices_per_host.items():
            spread = ", ".join(f"GPU {d}: {n}" for d, n in devices.items())
            lines.append(f"  {host}: {sum(devices.values())} tasks ({spread})")
    lines += [f"  - {reason}" for reason in report.reasons]
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add `maple triples` to the root app."""
    app.command("triples")(triples_command)
