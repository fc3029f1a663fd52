"""Globus Compute endpoint configurations for the clusters, generated from their profiles.

The endpoint's workers run maple_flow's verification app, which only submits a batch job,
polls it and reads its files: no computation. So the workers run where the endpoint runs,
with a LocalProvider (no batch job of their own: a worker job would hold a GPU node for its
walltime just to call ``sbatch``, and on Aurora it would take the one ``debug`` job a user may
run and block the verification job behind it). Where a centre wants such a long-lived light
process is a profile fact (``verification.endpoint_host``, with sources): a login node, or
NERSC's workflow QOS. ``worker_init`` repeats the profile's module set-up (the batch job
inherits the submitting environment at some sites) and stops with a clear message when
maple_flow is not importable. Pure: profile in, YAML text out.
"""

from __future__ import annotations

import shlex
import textwrap
from pathlib import Path
from typing import Any

import yaml

from maple_flow.models import ClusterProfile
from maple_flow.paths import endpoints_dir

WORKERS = 4
MISSING_MAPLE = ("maple_flow is not importable in the endpoint environment: install it "
                 "there (pip install maple_flow) or fix worker_init")

WHERE = {
    "login": ("Run it on a login node: its workers only call sbatch/qsub and poll, and run "
              "there too (LocalProvider), so no worker job waits in a queue or holds a node."),
    "workflow-queue": ("Run it where {center} wants light long-running processes, not on a "
                       "login node; its workers run beside it (LocalProvider), so no worker "
                       "job waits in a queue or holds a node."),
}


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def worker_init(profile: ClusterProfile) -> str:
    """Shell lines a worker runs first, one per line: the profile's module set-up, then a
    check that maple_flow imports (exit 1 with a message when it does not)."""
    sw = profile.software
    lines = [f"module use {shlex.quote(p)}" for p in sw.module_use]
    lines += [sw.purge] if sw.purge else []
    lines += [f"module load {shlex.quote(m)}" for m in sw.modules]
    lines += [line for line in sw.activate if line.strip() and not _is_comment(line)]
    lines.append(f"{sw.python} -c 'import maple_flow' || "
                 f"{{ echo {shlex.quote(MISSING_MAPLE)} >&2; exit 1; }}")
    return "\n".join(lines) + "\n"


def provider(profile: ClusterProfile) -> dict[str, Any]:
    """The Parsl provider section: a LocalProvider (workers beside the endpoint)."""
    return {"type": "LocalProvider", "init_blocks": 1, "min_blocks": 0, "max_blocks": 1,
            "worker_init": worker_init(profile)}


def endpoint_config(profile: ClusterProfile) -> dict[str, Any]:
    """A complete endpoint ``config.yaml`` for ``profile`` as a dict."""
    return {
        "display_name": f"maple-flow-{profile.id}",
        "engine": {"type": "GlobusComputeEngine", "max_workers_per_node": WORKERS,
                   "provider": provider(profile)},
    }


def _where(profile: ClusterProfile) -> list[str]:
    """Comment lines: where to run the endpoint, the site's notes and their sources."""
    v = profile.verification
    text = WHERE[v.endpoint_host if v else "login"].format(center=profile.center)
    if v is not None:
        text += f" {v.notes} (sources: {', '.join(v.sources)}; `maple clusters show "
        text += f"{profile.id}`)"
    return textwrap.wrap(text, 96, break_on_hyphens=False)


def _block_style(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


class _Dumper(yaml.SafeDumper):
    """Multi-line strings (worker_init) as YAML block scalars, readable as shell."""


_Dumper.add_representer(str, _block_style)


def endpoint_config_yaml(profile: ClusterProfile) -> str:
    """The endpoint configuration as the YAML file maple_flow ships."""
    header = (f"# Globus Compute endpoint for maple_flow verification on {profile.center} "
              f"{profile.name}.\n# Generated from templates/clusters/{profile.id}.yaml by "
              "`maple endpoints write-configs`. Deploy:\n"
              f"#   globus-compute-endpoint configure maple-{profile.id}  (then copy this "
              "file over its config.yaml)\n"
              f"#   globus-compute-endpoint start maple-{profile.id}\n")
    header += "".join(f"# {line}\n" for line in _where(profile))
    body = yaml.dump(endpoint_config(profile), Dumper=_Dumper, sort_keys=False, width=100)
    return header + body


def config_path(cluster: str) -> Path:
    """Where the shipped config of ``cluster`` lives."""
    return endpoints_dir() / "globus-compute" / cluster / "config.yaml"
