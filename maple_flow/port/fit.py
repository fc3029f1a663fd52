"""Values of a source script that must be fitted to the target before they are carried (pure).

Found by running correct-looking ports on the twin (bench/realport --verify): a carried
``--cpus-per-task`` the target's node cannot hold makes Slurm reject the job, and a kept step
that assigns a variable the target's script sets (``let NRANKS=...``) silently changes the
launch.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.port.words import short
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.steps import Step, heredoc_file

#: Variables every maple_flow script sets from the job's size and rendezvous before the
#: user's steps run (templates/launch/_common).
SCRIPT_SET_VARS = frozenset({"NNODES", "NRANKS", "GPUS_PER_NODE", "MASTER_ADDR", "MASTER_PORT"})
_ERREXIT = re.compile(r"^\s*set\s+(?:-[a-zA-Z]*e|-o\s+errexit\b)", re.M)
_SETS = re.compile(
    r"(?:^|[;&|]\s*|\b(?:let|export|readonly|declare(?:\s+-\w+)*)\s+)"
    rf"({'|'.join(sorted(SCRIPT_SET_VARS))})\+?=", re.M)


def fit_cpus_per_task(cpus: int | None, profile: ClusterProfile,
                      tasks_per_node: int) -> tuple[int | None, list[str]]:
    """The source's CPUs per task, capped so ``tasks_per_node`` tasks fit on one of the
    target's nodes (hardware threads counted, as its scheduler does), and the note."""
    node_cpus = profile.node.cpus
    if cpus is None or cpus * tasks_per_node <= node_cpus:
        return cpus, []
    fitted = max(1, node_cpus // max(1, tasks_per_node))
    return fitted, [f"--cpus-per-task {cpus} x {tasks_per_node} task(s) per node is more than "
                    f"a {profile.name} node's {node_cpus} CPUs (its scheduler would reject the "
                    f"job): {fitted} per task"]


def script_var_setters(steps: list[Step]) -> tuple[list[Step], list[str]]:
    """The steps without those that assign a variable the target's script sets from the
    job's size or rendezvous (kept, they would change the launch), and a note for each."""
    kept: list[Step] = []
    notes: list[str] = []
    for step in steps:
        # a heredoc's body is the file it writes, not lines this shell runs
        found = _SETS.search(step.text.split("\n", 1)[0] if heredoc_file(step.text) else step.text)
        name = step.name if step.name in SCRIPT_SET_VARS else (found.group(1) if found else "")
        if name and not step.export:
            notes.append(f"line {step.line} `{short(step.text)}` is not copied: it sets "
                         f"${name}, which the target's script sets from the job's size and "
                         "rendezvous")
            continue
        kept.append(step)
    return kept, notes


def source_errexit(parsed: ParsedScript) -> tuple[bool, list[str]]:
    """Whether the user's steps run with ``set -e`` on the target: only when the source set
    it. A source without it did not stop on a failing step (``printenv | grep CCL`` finding
    nothing), while the target's script runs with ``set -eo pipefail`` (JobSpec
    ``setup_errexit``, templates/launch/_common/preamble.j2). Returns it and a note."""
    if any(_ERREXIT.search(b.text) for b in parsed.before):
        return True, []
    return False, ["the source's set-up steps ran without `set -e`: on the target they run "
                   "so too (between `set +eo pipefail` and the target's `set -eo pipefail`)"]


def launch_shell_options(parsed: ParsedScript, first_line: str) -> tuple[bool, bool]:
    """``(errexit, pipefail)``: the shell options in force at the source's launch, from its
    shebang's options (``#!/bin/bash -e``) and its top-level ``set`` lines before the launch,
    in order (``set -euo pipefail``, ``set +e``, ``set -o pipefail``). A bash script starts
    with neither."""
    errexit = pipefail = False
    shebang = re.match(r"#!\s*(?:\S*/env\s+)?\S*sh\b(.*)", first_line)
    words = [[*shebang.group(1).split()]] if shebang else []
    words += [list(c.words[1:]) for b in parsed.before if "\n" not in b.text.strip()
              for c in b.commands if c.words[:1] == ("set",)]
    for args in words:
        i = 0
        while i < len(args):
            arg = args[i]
            if re.fullmatch(r"[-+][a-zA-Z]+", arg):
                on = arg[0] == "-"
                errexit = on if "e" in arg[1:] else errexit
                if "o" in arg[1:] and i + 1 < len(args):
                    i += 1
                    errexit = on if args[i] == "errexit" else errexit
                    pipefail = on if args[i] == "pipefail" else pipefail
            i += 1
    return errexit, pipefail
