"""Requests for many independent tasks sharing GPUs ("triples"), not one distributed job.

Such a request must not become a data-parallel training script: `extract` refuses it and
names `maple triples`, which writes that kind of job.
"""

from __future__ import annotations

import re
import shlex

from maple_flow.extract.command import Command

_F = re.IGNORECASE
#: Phrases that ask for independent tasks or for GPUs shared between tasks. "One rank per
#: GPU" is ordinary data parallelism; two or more per GPU is sharing.
_SHARING = re.compile(
    r"\btriples?\s+mode\b|\btriples\b"
    r"|\b(?:independent|separate)\s+(?:tasks?|copies|runs?|jobs?|trials?|processes|instances)\b"
    r"|\b\d+\s+(?:copies|instances)\s+of\b"
    r"|\b(?:share|sharing)\s+(?:the\s+|a\s+|each\s+|one\s+|\d+\s+)?gpus?\b"
    # "2 tasks per GPU"; not "8 samples per GPU", a batch (see ``_BATCH``)
    r"|\b(?:[2-9]|\d{2,})\s+(?!(?:samples?|images?|sequences?|tokens?|examples?|items?"
    r"|batch(?:es)?)\b)(?:[a-z]+\s+)?(?:per|on\s+each|each)\s+gpu\b"
    # "each job is assigned a different GPU": independent jobs, one a GPU
    r"|\beach\s+(?:job|run|experiment|simulation|trial|model|copy|instance)\s+(?:is\s+)?"
    r"(?:assigned(?:\s+to)?|gets|runs\s+on|uses|on|goes\s+to|with)\s+(?:a\s+)?(?:different"
    r"|separate|its\s+own)\s+gpu\b"
    r"|\b(?:1|one|a)\s+(?:job|run|experiment|simulation|trial)\s+(?:per|on\s+each|for\s+each)"
    r"\s+gpu\b"
    r"|\bmany\s+small\s+jobs\b"
    # "run 4 simulations in parallel on one node": independent runs side by side
    r"|\b(?:[2-9]|\d{2,})\s+(?:[a-z]+\s+)?(?:simulations|runs|jobs|experiments|trials|models"
    r"|trainings)\s+(?:at\s+once|in\s+parallel|concurrently|simultaneously)\b"
    # "multiple parallel runs for hyperparameter search"
    r"|\b(?:multiple|several|many)\s+parallel\s+(?:simulations|runs|jobs|experiments|trials"
    r"|trainings)\b",
    _F,
)
#: A Hydra override that sweeps values ("lr=0.1,0.01"): with ``--multirun`` each value is a
#: run of its own.
_SWEPT_OVERRIDE = re.compile(r"^\+{0,2}[A-Za-z_][\w.@/-]*=[^,=\s]+(?:,[^,=\s]+)+$")


#: The words before a count that make it a batch size ("a batch size of 8 per GPU").
_BATCH = re.compile(r"\b(?:batch(?:[\s_-]*size)?|bs)(?:\s+(?:of|is))?(?:\s*[=:])?\s*$", _F)


def sharing_phrase(text: str) -> str | None:
    """The phrase of ``text`` that asks for independent tasks sharing GPUs, if any."""
    for found in _SHARING.finditer(text):
        if not _BATCH.search(text, max(0, found.start() - 40), found.start()):
            return found.group(0)
    return None


def sweep_arguments(command: Command | None) -> str | None:
    """The program arguments that ask Hydra for a sweep of runs (``--multirun`` with an
    override of several values), if any: one launch that starts many runs, not one job."""
    if command is None or not {"--multirun", "-m"} & set(command.args):
        return None
    swept = [arg for arg in command.args if _SWEPT_OVERRIDE.match(arg)]
    return " ".join(["--multirun", *swept]) if swept else None


def triples_hint(cluster: str | None, command: Command | None) -> str:
    """The `maple triples` command line for such a request, unknown values left to fill."""
    program = ""
    if command is not None:
        words = (["python", "-m"] if command.module else ["python"]) + [command.entrypoint]
        program = " " + shlex.join(words + command.args)
    return (f"maple triples --on {shlex.quote(cluster) if cluster else 'CLUSTER'} --nodes N "
            f"--ppn TASKS_PER_NODE [--tpp THREADS] --{program or ' PROGRAM ARGS'}")
