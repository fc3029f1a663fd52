"""`maple triples`: one job that runs NNODE x NPPN independent tasks sharing the GPUs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from maple_flow.triples.job import TriplesJob, job_assignment, render_triples
from maple_flow.triples.packing import NodeCapacity

#: ``--on local``: this machine, no scheduler.
LOCAL = "local"

if TYPE_CHECKING:
    from maple_flow.triples.verify import TriplesVerifyReport


def triples_command(
    nodes: Annotated[int | None, typer.Option(
        "--nodes", help="NNODE: nodes (required on a cluster: a job size is never guessed; "
        "1 with --on local).", show_default=False)] = None,
    ppn: Annotated[int | None, typer.Option(
        "--ppn", help="NPPN: tasks per node, required unless --measure (may exceed the "
        "node's GPUs: they are shared).", show_default=False)] = None,
    command: Annotated[list[str] | None, typer.Argument(
        help="The program each task runs and its arguments, after `--`; {task} in an "
        "argument becomes the task index.", show_default=False)] = None,
    cluster: Annotated[str, typer.Option(
        "--cluster", "--on", help="Target cluster, or `local`: run the tasks on this machine "
        "without a scheduler.")] = "",
    tpp: Annotated[int | None, typer.Option(
        "--tpp", help="NTPP: threads per task (OMP_NUM_THREADS); default 1, and left to the "
        "task while --measure runs it.", show_default=False)] = None,
    account: Annotated[str | None, typer.Option("-A", "--account", help="Project.")] = None,
    queue: Annotated[str | None, typer.Option("-q", "--queue", help="Queue/partition.")] = None,
    walltime: Annotated[str, typer.Option("-t", "--walltime", help="HH:MM:SS.")] = "00:30:00",
    verify: Annotated[bool, typer.Option(
        "--verify", help="Also run the job with the triples probe on the cluster's endpoint "
        "(the local twin by default) and check every task's node, slot, GPU and threads.")
    ] = False,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for the --verify job.")] = 300.0,
    measure: Annotated[bool, typer.Option(
        "--measure", help="Run one task ({task}=0) on this machine for at most "
        "--measure-seconds, measure its CPU, memory, GPU memory and GPU load, and propose "
        "--ppn and --tpp for the target's nodes with the reasoning.")] = False,
    measure_seconds: Annotated[float, typer.Option(
        help="How long --measure lets the task run.")] = 60.0,
    gpus: Annotated[int | None, typer.Option(
        "--gpus", help="With --on local: GPUs to share (default: the NVIDIA GPUs "
        "nvidia-smi lists).", show_default=False)] = None,
    logs: Annotated[Path | None, typer.Option(
        "--logs", help="With --on local: folder for the tasks' logs (default "
        "./maple-triples-TIME).", show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print script, assignment and "
                                                         "verification as JSON.")] = False,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the script "
                                                                       "here.")] = None,
) -> None:
    """Write one job script that runs NODES x PPN independent tasks of COMMAND, TPP threads
    each (MIT LLSC's "triples" mode). Each task sees one GPU, assigned round-robin by its
    slot on the node, through the site's visibility variable (CUDA_VISIBLE_DEVICES,
    ZE_AFFINITY_MASK), and gets MAPLE_TASK_ID, MAPLE_NUM_TASKS and OMP_NUM_THREADS.

    With --on local the tasks run here, at once, sharing this machine's GPUs the same way.
    With --measure one task runs here first and --ppn/--tpp are proposed from its use.

    Example: maple triples --on delta --nodes 2 --ppn 8 --tpp 4 -A bbka-delta-gpu --verify
    -- python train.py --seed {task}

    Example: maple triples --on delta --measure -- python train.py --seed {task}

    Example: maple triples --on local --ppn 12 -- python train.py --seed {task}
    """
    if not cluster:
        raise typer.BadParameter("give the target cluster with --on (or --cluster)")
    if not command:
        raise typer.BadParameter("give the command each task runs after `--`, e.g. "
                                 "`-- python train.py --seed {task}`")
    local = cluster == LOCAL
    if measure:
        _measure(cluster, command, tpp, gpus, measure_seconds, as_json)
        return
    tpp = tpp or 1
    if ppn is None:
        raise typer.BadParameter("give --ppn (tasks per node), or --measure to have it "
                                 "proposed from one task's measured use")
    if local:
        _run_local(command, ppn, tpp, nodes, gpus, logs, timeout, as_json)
        return
    if nodes is None:
        raise typer.BadParameter("give --nodes: a job size is never guessed")
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


def _measure(cluster: str, command: list[str], tpp: int | None, gpus: int | None,
             seconds: float, as_json: bool) -> None:
    import os

    from maple_flow.triples.local import task_argv, task_env
    from maple_flow.triples.measure import local_capacity, local_gpus, measure_task
    from maple_flow.triples.packing import propose

    job = TriplesJob(cluster=cluster, ppn=1, tpp=tpp or 1, program=command[0],
                     args=command[1:])
    env = task_env(os.environ, job, 0, 0)
    if tpp is None:  # the task's own thread count is what is measured
        env.pop("OMP_NUM_THREADS")
    found = local_gpus()
    use = measure_task(task_argv(job, 0), env, seconds, 0 if found else None)
    node = local_capacity(gpus) if cluster == LOCAL else _cluster_capacity(cluster)
    proposal = propose(use, node)
    if as_json:
        typer.echo(json.dumps({"measured": vars(use), "node": vars(node),
                               "proposal": vars(proposal)}, indent=2))
        return
    end = (f"finished, exit {use.exit_code}" if use.finished
           else f"stopped after {use.seconds:.0f} s")
    gpu = (f"GPU memory peak {use.peak_gpu_mem_mb:.0f} MB, GPU load {use.gpu_util_pct} %"
           if use.peak_gpu_mem_mb is not None else "GPU not measured (no nvidia-smi here)")
    typer.echo(f"measured task 0 on this machine for {use.seconds:.1f} s ({end}): "
               f"{use.cpu_cores:.2f} cores, RSS peak {use.peak_rss_mb:.0f} MB, {gpu}")
    where = "this machine" if cluster == LOCAL else f"a {cluster} node"
    typer.echo(f"packing for {where} ({node.gpus} GPUs, {node.cores} cores):")
    typer.echo("\n".join(f"  - {reason}" for reason in proposal.reasons))
    if proposal.ppn is not None:
        size = "" if cluster == LOCAL else " --nodes N"
        typer.echo(f"suggested: maple triples --on {cluster}{size} --ppn {proposal.ppn} "
                   f"--tpp {proposal.tpp} -- {' '.join(command)}")


def _cluster_capacity(cluster: str) -> NodeCapacity:
    from maple_flow.knowledge.clusters import get_profile

    profile = get_profile(cluster)
    return NodeCapacity(gpus=profile.gpu.per_node, gpu_mem_mb=profile.gpu.memory_gb * 1024.0,
                        cores=profile.node.cpus, mem_mb=profile.node.memory_gb * 1024.0)


def _run_local(command: list[str], ppn: int, tpp: int, nodes: int | None, gpus: int | None,
               logs: Path | None, timeout: float, as_json: bool) -> None:
    import time

    from maple_flow.triples.local import run_local
    from maple_flow.triples.measure import local_gpus

    if nodes not in (None, 1):
        raise typer.BadParameter("--on local is this one machine: --nodes must be 1")
    count = gpus if gpus is not None else len(local_gpus())
    if count < 1:
        raise typer.BadParameter("no NVIDIA GPU found on this machine (nvidia-smi); give "
                                 "--gpus N to set CUDA_VISIBLE_DEVICES round-robin over N")
    job = TriplesJob(cluster=LOCAL, nodes=1, ppn=ppn, tpp=tpp, program=command[0],
                     args=command[1:])
    folder = logs or Path(f"maple-triples-{time.strftime('%Y%m%d-%H%M%S')}")
    run = run_local(job, count, folder, timeout)
    if as_json:
        typer.echo(json.dumps({"ok": run.ok, "wall_s": run.wall_s, "gpus": run.gpus,
                               "ppn": run.ppn, "tpp": run.tpp,
                               "tasks": [vars(t) for t in run.tasks]}, indent=2))
    else:
        good = sum(t.exit_code == 0 for t in run.tasks)
        typer.echo(f"local: {good}/{len(run.tasks)} tasks ok on {run.gpus} GPU(s), "
                   f"{run.ppn} at once, {run.tpp} thread(s) each, {run.wall_s:.1f} s "
                   f"({len(run.tasks) / run.wall_s * 3600:.0f} tasks/h); logs in {folder}")
        for t in run.tasks:
            if t.exit_code != 0:
                state = "stopped at the timeout" if t.exit_code is None else f"exit {t.exit_code}"
                typer.echo(f"  - task {t.task} (GPU {t.device}): {state}, see {t.log}")
    if not run.ok:
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
