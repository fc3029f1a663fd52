"""The shared folder a verification job is staged in, on both sides of the endpoint.

A batch job runs on compute nodes, so its files (the script's mini-app, the reports the ranks
write back) must sit in a folder that the submitting side (a login node, a Globus Compute
worker) and every compute node see: never a node-local temporary folder. The folder comes
from the endpoint registry or the cluster profile; ``{account}`` is filled here from the
script, ``$VARS`` are expanded on the cluster, where they are set.
"""

from __future__ import annotations

import os
import re
import socket
from pathlib import Path

from maple_flow.endpoints import Endpoint, EndpointError
from maple_flow.errors import MapleError
from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.models import ClusterProfile

_UNSET_VAR = re.compile(r"\$\{?(\w+)")


class WorkdirError(MapleError):
    """The shared working folder cannot be worked out or used."""


def workdir_template(endpoint: Endpoint, profile: ClusterProfile) -> str | None:
    """The registry's workdir, else the profile's; None for the twin (it has its own)."""
    if endpoint.workdir:
        return endpoint.workdir
    if endpoint.type == "twin" or profile.verification is None:
        return None
    return profile.verification.workdir


def job_workdir(endpoint: Endpoint, profile: ClusterProfile, script: str) -> str | None:
    """The workdir for one job, ``{account}`` filled from the script (pure).

    Raises EndpointError when a login-node or Globus Compute endpoint has no shared folder,
    or the folder needs an account the script does not give.
    """
    template = workdir_template(endpoint, profile)
    if template is None:
        if endpoint.type == "twin":
            return None
        raise EndpointError(
            f"{profile.id}: no shared working folder for verification jobs; set `workdir:` "
            f"for {profile.id} in $MAPLE_ENDPOINTS (a folder every compute node sees)")
    if "{account}" not in template:
        return template
    account = last_value(parse_directives(script, profile.scheduler), "account")
    if not account or not re.fullmatch(profile.account.pattern, account):
        raise EndpointError(
            f"{profile.id}: the shared folder {template!r} needs the project, and the script "
            f"names {'none' if not account else repr(account)} (give it {profile.account.flag} "
            f"<project>, or set `workdir:` for {profile.id} in $MAPLE_ENDPOINTS)")
    return template.replace("{account}", account)


def expand_workdir(workdir: str) -> Path:
    """The folder on this machine (the cluster side): ``$VARS`` and ``~`` expanded.

    Raises WorkdirError naming the variable when one is not set here, or when the result is
    not an absolute path.
    """
    expanded = os.path.expanduser(os.path.expandvars(workdir))
    unset = _UNSET_VAR.search(expanded)
    host = socket.gethostname()
    if unset:
        raise WorkdirError(f"the shared folder {workdir!r} uses ${unset.group(1)}, which is "
                           f"not set on {host}")
    if not os.path.isabs(expanded):
        raise WorkdirError(f"the shared folder {workdir!r} is not an absolute path on {host}")
    return Path(expanded)
