"""A job that chains or requeues itself (``sbatch $0``, ``sbatch --dependency=afterok:$ID
next.sh``, ``qsub -W depend=...``, ``scontrol requeue $ID`` in a trap): each such command is
written for the target's scheduler, or the port says why it cannot be; never left in the
other scheduler's syntax silently."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass

from maple_flow.knowledge.scheduler_vars import scheduler_vars
from maple_flow.models import ClusterProfile
from maple_flow.port.rules import translate_scheduler_vars
from maple_flow.scriptparse.launch import LAUNCH_CMDS

#: A job-control command in command position (a line's start, after ``;``, ``&&``, ``||``,
#: ``then``, ``else``, ``do``, or first in a trap's action: ``trap 'scontrol requeue $ID' USR1``):
#: the command and its words up to the end of that command (or of the trap's quoted action).
_COMMAND = re.compile(r"(?:^|(?<=[;&|({])|(?<=\bthen)|(?<=\belse)|(?<=\bdo)|(?<=\btrap ')"
                      r"|(?<=\btrap \"))(\s*)"
                      r"(sbatch|qsub|scontrol\s+requeue|qrerun|scancel|qdel)\b([^;&|\n']*)",
                      re.M)
_KINDS = frozenset({"after", "afterok", "afternotok", "afterany"})
_OWNER = {"sbatch": "slurm", "scontrol requeue": "slurm", "qsub": "pbs", "qrerun": "pbs",
          "scancel": "slurm", "qdel": "pbs"}
_ONE_ID = frozenset({"scontrol requeue", "qrerun", "scancel", "qdel"})


@dataclass(frozen=True)
class JobControlEdit:
    """A block's text with its job-control commands written for the target, and notes."""

    text: str
    notes: list[str]


def has_job_control(text: str) -> bool:
    """Whether ``text`` runs a command that submits or requeues a job."""
    return bool(_COMMAND.search(text))


def _parse(command: str, words: list[str]) -> dict[str, str] | None:
    """The submitted file (with its arguments) and dependency of a submit command, or the id
    of a requeue; None for a form the port does not write for another scheduler."""
    if command in _ONE_ID:
        return {"id": words[0]} if len(words) == 1 else None
    found: dict[str, str] = {}
    i = 0
    while i < len(words) and words[i].startswith("-"):
        word = words[i]
        if command == "sbatch" and word.startswith(("--dependency=", "-d")):
            value = word.split("=", 1)[1] if "=" in word else (
                word[2:] or (words[i + 1] if i + 1 < len(words) else ""))
            i += 1 if ("=" in word or word[2:]) else 2
        elif command == "qsub" and word == "-W" and i + 1 < len(words) and words[
                i + 1].startswith("depend="):
            value = words[i + 1].split("=", 1)[1]
            i += 2
        else:
            return None  # another option: its meaning on the target is not known
        kind, _, job = value.partition(":")
        if kind not in _KINDS or not job or ":" in job:
            return None
        found.update(kind=kind, id=job)
    if i >= len(words):
        return None
    return {**found, "file": " ".join(words[i:]), "args": "yes" if words[i + 1:] else ""}


def port_job_control(text: str, source: str | None, profile: ClusterProfile,
                     grid_engine: bool = False) -> JobControlEdit | None:
    """``text`` with each job-control command written for ``profile``'s scheduler and a note
    for each, or None when one cannot be (a form or option without a known counterpart)."""
    target = profile.scheduler
    forms = scheduler_vars().job_control.get(target)
    notes: list[str] = []
    failed = False

    def one(match: re.Match[str]) -> str:
        nonlocal failed
        lead, command, rest = match.group(1), re.sub(r"\s+", " ", match.group(2)), match.group(3)
        original = (match.group(2) + rest).strip()
        owner = _OWNER[command]
        if owner == target and source != "sge" and command in {"scancel", "qdel"}:
            notes.append(f"`{original}` cancels the job on {target}, the target's scheduler "
                         "too: kept")
            return match.group(0)
        if owner == target and source != "sge":
            notes.append(f"`{original}` chains or requeues the job on {target}, the target's "
                         "scheduler too: kept; a script it submits is the source's (submit "
                         "the ported one: save this port under that name or change the path)")
            return match.group(0)
        try:
            words = shlex.split(rest, comments=False)
        except ValueError:
            words = []
        parsed = _parse(command, words) if forms is not None and words else None
        if parsed is None or forms is None:
            failed = True
            return match.group(0)
        if parsed.get("args") and not forms.script_args:
            failed = True  # the target's submit would drop the script's arguments
            return match.group(0)
        cancel = command in {"scancel", "qdel"}
        if cancel and not forms.cancel:
            failed = True
            return match.group(0)
        form = forms.cancel if cancel else forms.requeue if "file" not in parsed else (
            forms.depend if "kind" in parsed else forms.submit)
        new = translate_scheduler_vars(form.format(**parsed), target, grid_engine)[0]
        notes.append(f"`{original}` cancels the job on the source's scheduler: written for "
                     f"{profile.name} ({target}) as `{new}`" if cancel else
                     f"`{original}` chains or requeues the job on the source's scheduler: "
                     f"written for {profile.name} ({target}) as `{new}`; a script it submits "
                     "is the source's (port it too, or point it at this port)")
        return lead + new

    new_text = _COMMAND.sub(one, text)
    return None if failed or not notes else JobControlEdit(new_text, notes)


_LAUNCHER = re.compile(
    r"(?:^|[;&|({]|\bthen|\bdo|\belse)\s*(?:" + "|".join(sorted(LAUNCH_CMDS)) + r")\b", re.M)


def job_control_block(text: str, source: str | None, profile: ClusterProfile,
                      grid_engine: bool, foreign_reason: Callable[[str, ClusterProfile], str]
                      ) -> JobControlEdit | None:
    """A block (a line, an ``if``, a trap function) that chains or requeues the job, written
    for ``profile``'s scheduler when nothing else in it keeps it off the target (nothing
    ``foreign_reason`` finds, no launcher); else None."""
    if not has_job_control(text):
        return None
    edit = port_job_control(text, source, profile, grid_engine)
    if edit is None or _LAUNCHER.search(edit.text) or foreign_reason(edit.text, profile):
        return None
    return edit


__all__ = ["JobControlEdit", "has_job_control", "job_control_block", "port_job_control"]
