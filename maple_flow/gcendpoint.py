"""Globus Compute endpoint configurations for the clusters, generated from their profiles.

The endpoint's workers run maple_flow's verification app, which only submits a batch job
and waits for it, so each endpoint asks for one node of the default (smallest) queue with a
SimpleLauncher. ``worker_init`` repeats the profile's module set-up; maple_flow itself must
be installed in that environment. Pure: profile in, YAML text out.
"""

from __future__ import annotations

from typing import Any

import yaml

from maple_flow.models import ClusterProfile, format_walltime
from maple_flow.paths import endpoints_dir

ENDPOINT_WALLTIME_S = 3600


def worker_init(profile: ClusterProfile) -> str:
    """Shell lines a worker runs first: the profile's module set-up, then a maple_flow check."""
    sw = profile.software
    lines = [*(f"module use {p}" for p in sw.module_use)]
    lines += [sw.purge] if sw.purge else []
    lines += [f"module load {m}" for m in sw.modules]
    lines += sw.activate
    lines.append("python3 -c 'import maple_flow' || echo 'install maple_flow in this "
                 "environment: pip install maple_flow' >&2")
    return "; ".join(lines)


def _queue_options(profile: ClusterProfile) -> dict[str, Any]:
    queue = profile.queues.default_queue
    if profile.scheduler == "pbs":
        return {"queue": queue.name}
    if queue.kind == "qos":
        options: dict[str, Any] = {"qos": queue.name}
        if profile.queues.partition:
            options["partition"] = profile.queues.partition
        return options
    return {"partition": queue.name}


def _scheduler_options(profile: ClusterProfile) -> str:
    prefix = "#PBS" if profile.scheduler == "pbs" else "#SBATCH"
    return "\n".join(f"{prefix} {r.render}" for r in profile.directives.required if r.render
                     and r.option not in {"walltime", "select", "nodes", "time"})


def provider(profile: ClusterProfile) -> dict[str, Any]:
    """The Parsl provider section for ``profile``'s scheduler."""
    walltime = min(ENDPOINT_WALLTIME_S, profile.queues.default_queue.max_walltime_seconds)
    section: dict[str, Any] = {
        "type": "PBSProProvider" if profile.scheduler == "pbs" else "SlurmProvider",
        "account": profile.account.placeholder,
        **_queue_options(profile),
        "scheduler_options": _scheduler_options(profile),
        "worker_init": worker_init(profile),
        "walltime": format_walltime(walltime),
        "nodes_per_block": 1, "init_blocks": 0, "min_blocks": 0, "max_blocks": 1,
        "launcher": {"type": "SimpleLauncher"},
    }
    if profile.scheduler == "slurm" and profile.directives.exclusive:
        section["exclusive"] = True
    return section


def endpoint_config(profile: ClusterProfile) -> dict[str, Any]:
    """A complete endpoint ``config.yaml`` for ``profile`` as a dict."""
    return {
        "display_name": f"maple-flow-{profile.id}",
        "engine": {"type": "GlobusComputeEngine", "max_workers_per_node": 4,
                   "provider": provider(profile)},
    }


def endpoint_config_yaml(profile: ClusterProfile) -> str:
    """The endpoint configuration as the YAML file maple_flow ships."""
    header = (f"# Globus Compute endpoint for maple_flow verification on {profile.center} "
              f"{profile.name}.\n# Generated from templates/clusters/{profile.id}.yaml by "
              "`maple endpoints write-configs`; set `account` before deploying:\n"
              f"#   globus-compute-endpoint configure maple-{profile.id}  (then copy this "
              "file over its config.yaml)\n")
    return header + yaml.safe_dump(endpoint_config(profile), sort_keys=False, width=100)


def config_path(cluster: str) -> Any:
    """Where the shipped config of ``cluster`` lives."""
    return endpoints_dir() / "globus-compute" / cluster / "config.yaml"
