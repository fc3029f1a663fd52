"""Submission front ends of the twin: the site's submit filter in front of the real sbatch.

``sbatch`` (Slurm personalities) checks the script with ``maple_flow.knowledge.policy.check_script``
(the profile's rules: required/forbidden directives, account format, queue/QOS names and
limits, GPUs per node) and answers a broken rule with the site's own error message and exit
status 1, as a site's job_submit filter does; otherwise it runs the real sbatch. QOS limits
are enforced here (the twin has no accounting database); partitions, time limits and GPU
counts are enforced again by the real slurmctld.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from maple_flow.errors import Problem
from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.directives import SLURM_FLAGS, SLURM_SHORT, last_value, parse_directives
from maple_flow.knowledge.policy import check_script
from maple_flow.models import ClusterProfile, format_walltime

REAL_SBATCH = "/usr/bin/sbatch"


def split_cli(argv: list[str], flags: frozenset[str] | set[str],
              short_values: set[str] | None = None) -> tuple[list[str], str | None, list[str]]:
    """(options, script, script arguments) of an sbatch/qsub command line."""
    opts: list[str] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        if not word.startswith("-") or word == "-":
            return opts, word, argv[i + 1:]
        opts.append(word)
        i += 1
        takes_value = False
        if word.startswith("--"):
            takes_value = "=" not in word and word[2:] not in flags
        elif len(word) == 2:
            letter = word[1]
            takes_value = (letter in short_values) if short_values is not None else (
                SLURM_SHORT.get(letter, letter) not in flags)
        if takes_value and i < len(argv):
            opts.append(argv[i])
            i += 1
    return opts, None, []


def with_cli_directives(text: str, prefix: str, opts: list[str]) -> str:
    """``text`` with command-line options as a directive line after the shebang (so the
    submit filter sees them; command-line options override the script's, as in sbatch)."""
    if not opts:
        return text
    lines = text.splitlines(keepends=True)
    head = lines[:1] if lines and lines[0].startswith("#!") else []
    rest = lines[len(head):]
    # The CLI line goes last among the directives, so it wins like sbatch's precedence.
    n = 0
    for n, line in enumerate(rest):  # noqa: B007
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            break
    else:
        n = len(rest)
    cli = f"{prefix} {shlex.join(opts)}\n"
    return "".join(head + rest[:n] + [cli] + rest[n:])


def rejection(problems: list[Problem], prefix: str) -> str:
    """The site's error text for the problems (each distinct message once)."""
    lines = [p.scheduler_message or f"{prefix}: error: {p.message}" for p in problems]
    return "\n".join(dict.fromkeys(lines))


def qos_time_option(profile: ClusterProfile, text: str) -> list[str]:
    """``--time`` of the job's QOS when the script names no time (QOS personalities only)."""
    if profile.queues.items[0].kind != "qos":
        return []
    ds = parse_directives(text, "slurm")
    if last_value(ds, "time"):
        return []
    name = last_value(ds, "qos")
    queue = profile.queues.get(name) if name else profile.queues.default_queue
    if queue is None:
        return []
    return [f"--time={format_walltime(queue.max_walltime_seconds)}"]


def sbatch_main(argv: list[str] | None = None) -> int:
    """The personality's ``sbatch``: submit filter, then the real sbatch."""
    args = sys.argv[1:] if argv is None else argv
    profile = get_profile(os.environ["MAPLE_TWIN_CLUSTER"])
    opts, script, _ = split_cli(args, SLURM_FLAGS)
    if script is None or "--wrap" in " ".join(opts):
        text = "#!/bin/bash\n"
    else:
        try:
            text = Path(script).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            print(f"sbatch: error: Unable to open file {script}: {exc.strerror}", file=sys.stderr)
            return 1
    full = with_cli_directives(text, "#SBATCH", opts)
    problems = check_script(full, profile)
    if problems:
        print(rejection(problems, "sbatch"), file=sys.stderr)
        return 1
    extra = qos_time_option(profile, full)
    os.execv(REAL_SBATCH, [REAL_SBATCH, *extra, *args])
    return 1  # not reached
