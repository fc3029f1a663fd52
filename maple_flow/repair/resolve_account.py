"""The site's account for a GPU job charged to a sibling allocation (issue 17, helper s32sched).

Centres split one allocation into accounts per resource, told apart by a suffix: NCSA Delta's
``bbka-delta-cpu`` / ``bbka-delta-gpu``, Purdue Anvil's ``cis230270`` / ``cis230270-gpu``; the
scheduler refuses a GPU partition for the CPU one ("Invalid account or account/partition
combination specified"). The profile states the GPU account's form (``account.pattern`` and
``account.example``, with their sources). :func:`sibling_account` gives the script's account
with its suffix swapped for the example's (or the example's suffix added) when that, and only
that, has the site's form; it is unresolved for an account already of that form (the refusal
has another cause: an association, a partition, only the user can say), for a job that asks
no GPUs or names a partition the profile does not list, and for a script that names no account.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import parse_directives
from maple_flow.models import ClusterProfile
from maple_flow.repair.unresolved import Unresolved


class AccountUnresolved(Unresolved):
    """No sibling account: why."""


#: Slurm options that ask for GPUs (``--gres`` only with a gpu resource).
_GPU_OPTIONS = frozenset({"gpus", "gpus-per-node", "gpus-per-task", "gpus-per-socket", "G"})


def _asks_gpus(options: dict[str, str | None]) -> bool:
    gres = options.get("gres") or ""
    return any(o in options for o in _GPU_OPTIONS) or "gpu" in gres


def sibling_account(script: str, profile: ClusterProfile | None) -> str:
    """The script's account with the suffix of the site's GPU account form (see module)."""
    if profile is None or profile.scheduler != "slurm":
        raise AccountUnresolved("needs a Slurm profile with an account form")
    options = {d.option: d.value for d in parse_directives(script, "slurm")}
    account = options.get("account")
    if not account:
        raise AccountUnresolved("the script names no account")
    form = re.compile(profile.account.pattern)
    if form.fullmatch(account):
        raise AccountUnresolved(f"{account} has {profile.name}'s account form already")
    if not _asks_gpus(options):
        raise AccountUnresolved("the job asks for no GPUs")
    partition = options.get("partition")
    if partition and partition not in {q.name for q in profile.queues.items}:
        raise AccountUnresolved(f"{partition} is not a partition of the profile")
    suffix = profile.account.example.rsplit("-", 1)[-1]
    stem = account.rsplit("-", 1)[0] if "-" in account else account
    for candidate in (f"{stem}-{suffix}", f"{account}-{suffix}"):
        if candidate != account and form.fullmatch(candidate):
            return candidate
    raise AccountUnresolved(f"no sibling of {account} has {profile.name}'s account form")
