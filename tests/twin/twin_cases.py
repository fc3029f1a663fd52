"""Known-bad variants of the known-good job scripts, derived from the profile's rules.

Each variant changes one thing a user gets wrong, in the cluster's own directive syntax.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.knowledge.directives import parse_directives
from maple_flow.models import ClusterProfile, format_walltime

SCRIPTS = Path(__file__).parent / "scripts"


@dataclass(frozen=True)
class BadCase:
    """A script that the cluster rejects at submission (``REJECTED``) or whose job fails."""

    cluster: str
    name: str
    text: str
    state: str  # REJECTED | FAILED
    expect: str  # text the scheduler message (or the job output) must contain

    @property
    def id(self) -> str:
        return f"{self.cluster}-{self.name}"


def good_script(cluster: str) -> str:
    return (SCRIPTS / f"{cluster}.sh").read_text()


def _prefix(profile: ClusterProfile) -> str:
    return "#PBS" if profile.scheduler == "pbs" else "#SBATCH"


def without_option(text: str, profile: ClusterProfile, option: str) -> str:
    """``text`` without the directive lines that set ``option``."""
    lines = {d.line for d in parse_directives(text, profile.scheduler) if d.option == option}
    return "".join(line for n, line in enumerate(text.splitlines(keepends=True), 1)
                   if n not in lines)


def with_directive(text: str, profile: ClusterProfile, option_text: str) -> str:
    """``text`` with one more directive line after the last one."""
    lines = text.splitlines(keepends=True)
    last = max(d.line for d in parse_directives(text, profile.scheduler))
    return "".join([*lines[:last], f"{_prefix(profile)} {option_text}\n", *lines[last:]])


def replace_option(text: str, profile: ClusterProfile, option: str, new_text: str) -> str:
    """``text`` with the directive lines of ``option`` replaced by ``new_text``."""
    return with_directive(without_option(text, profile, option), profile, new_text)


def _queue_option(profile: ClusterProfile) -> str:
    kind = profile.queues.items[0].kind
    return {"qos": "qos", "partition": "partition", "queue": "queue"}[kind]


def _queue_of(text: str, profile: ClusterProfile) -> str:
    ds = parse_directives(text, profile.scheduler)
    names = [d.value for d in ds if d.option == _queue_option(profile) and d.value]
    return names[-1] if names else profile.queues.default_queue.name


def over_walltime(profile: ClusterProfile, text: str) -> BadCase:
    queue = profile.queues.get(_queue_of(text, profile))
    assert queue is not None
    too_long = format_walltime(queue.max_walltime_seconds + 3600)
    if profile.scheduler == "pbs":
        new = replace_option(text, profile, "walltime", f"-l walltime={too_long}")
        expect = "exceeds queue"
    else:
        new = replace_option(text, profile, "time", f"--time={too_long}")
        expect = "time limit"
    return BadCase(profile.id, "walltime-over-queue-limit", new, "REJECTED", expect)


def unknown_queue(profile: ClusterProfile, text: str) -> BadCase:
    opt = _queue_option(profile)
    flag = {"qos": "-q", "partition": "-p", "queue": "-q"}[opt]
    new = replace_option(text, profile, opt, f"{flag} nosuchqueue")
    expect = {"qos": "Invalid qos", "partition": "invalid partition",
              "queue": "Unknown queue"}[opt]
    return BadCase(profile.id, "unknown-queue", new, "REJECTED", expect)


def too_many_gpus(profile: ClusterProfile, text: str) -> BadCase:
    more = profile.gpu.per_node + 1
    style = profile.directives.gpu_request
    if style == "pbs-select":
        select = next(d.value for d in parse_directives(text, "pbs") if d.option == "select")
        new = replace_option(text, profile, "select", f"-l select={select}:ngpus={more}")
        expect = "exceeds queue"
    elif style == "typed-gpus":
        new = replace_option(text, profile, "gpus", f"--gpus={profile.directives.gpu_type}:"
                                                    f"{2 * more}")
        expect = "node configuration is not available"
    else:
        new = replace_option(text, profile, "gpus-per-node", f"--gpus-per-node={more}")
        expect = "node configuration is not available"
    return BadCase(profile.id, "too-many-gpus-per-node", new, "REJECTED", expect)


def bad_account(profile: ClusterProfile, text: str) -> BadCase:
    pbs = profile.scheduler == "pbs"
    option = "-A 'not an account'" if pbs else "--account=not_an_account!"
    new = replace_option(text, profile, "account", option)
    expect = "qsub:" if pbs else "Invalid account"
    return BadCase(profile.id, "bad-account", new, "REJECTED", expect)


def foreign_module(profile: ClusterProfile, text: str) -> BadCase:
    """Load a module of another cluster that this one does not have; the job then fails."""
    mine = set(profile.software.available_modules) | set(profile.software.modules)
    foreign = next(m for p in all_profiles().values() for m in p.software.modules
                   if m not in mine and "/" in m)
    body_start = max(d.line for d in parse_directives(text, profile.scheduler))
    head = "".join(text.splitlines(keepends=True)[:body_start])
    body = (f"module load {foreign}\n"
            f"{profile.software.python} -c 'import torch; print(torch.__version__)'\n")
    return BadCase(profile.id, "unknown-module", head + body, "FAILED", "unknown")


def missing_required(profile: ClusterProfile, text: str) -> list[BadCase]:
    return [BadCase(profile.id, f"missing-{rule.option}",
                    without_option(text, profile, rule.option), "REJECTED", rule.message)
            for rule in profile.directives.required]


def forbidden(profile: ClusterProfile, text: str) -> list[BadCase]:
    values = {"gres": "gpu:1", "gpus-per-task": "1", "mem": "16G", "export": "NONE"}
    cases = []
    for rule in profile.directives.forbidden:
        option = f"--{rule.option}={values.get(rule.option, '1')}"
        cases.append(BadCase(profile.id, f"forbidden-{rule.option}",
                             with_directive(text, profile, option), "REJECTED", rule.message))
    return cases


def bad_cases() -> list[BadCase]:
    """Every known-bad case of every personality that has a known-good script."""
    cases: list[BadCase] = []
    for profile in all_profiles().values():
        if not (SCRIPTS / f"{profile.id}.sh").exists():
            continue
        text = good_script(profile.id)
        cases += [over_walltime(profile, text), unknown_queue(profile, text),
                  too_many_gpus(profile, text), bad_account(profile, text),
                  foreign_module(profile, text)]
        cases += missing_required(profile, text) + forbidden(profile, text)
    return cases


def expected_world(profile: ClusterProfile) -> tuple[int, int]:
    """(world size, ranks per node) of a 2-node job using every GPU of each node."""
    return 2 * profile.gpu.per_node, profile.gpu.per_node


REPORT = re.compile(r"^TWIN-REPORT (\{.*\})$", re.M)
