"""A job that reads its own output file (``#SBATCH --output=train_%j.out`` and, after the run,
``cat train_$SLURM_JOB_ID.out | grep Loss``), ported to a PBS target: PBS writes the job's
output where its own ``-o`` says (``NAME.oJOBID`` by default, a Slurm ``%j`` pattern cannot be
carried) and, unless ``qsub -k`` says otherwise, spools it on the job's node and delivers it
there only when the job ends, so while the job runs the line finds no such file. The
port keeps such a line as written (it is the user's) and names it in a note with the remedy."""

from __future__ import annotations

import re
from collections.abc import Sequence

from maple_flow.knowledge.directives import Directive
from maple_flow.models import ClusterProfile
from maple_flow.scriptparse.shell import code_part, one_line

#: A Slurm filename pattern's symbols and the job variables a script spells them with.
_SYMBOL = {
    "j": r"\$\{?SLURM_JOB_?ID\}?",
    "A": r"\$\{?SLURM_ARRAY_JOB_ID\}?",
    "a": r"\$\{?SLURM_ARRAY_TASK_ID\}?",
    "x": r"\$\{?SLURM_JOB_NAME\}?",
}


def _file_pattern(value: str) -> re.Pattern[str] | None:
    """A regex of the shell words naming the file a Slurm ``--output`` value writes, or None
    where the value holds a symbol a script cannot spell (``%N``) or names no file of its own
    (no ``%j``/``%A``: a fixed name could be any file the job writes itself)."""
    parts, at = [], 0
    for m in re.finditer(r"%(.)", value):
        if m.group(1) not in _SYMBOL:
            return None
        parts += [re.escape(value[at:m.start()]), _SYMBOL[m.group(1)]]
        at = m.end()
    if not parts or not any(s in value for s in ("%j", "%A")):
        return None
    name = "".join([*parts, re.escape(value[at:])])
    return re.compile(rf"(?<![\w/.-])(?:\./)?{name}(?![\w.-])")


#: Commands that only print their words: a line naming the file in a message reads nothing.
_MESSAGE = re.compile(r"^\s*(?:echo|printf|:)(?:\s|$)")


def _reads(code: str, pattern: re.Pattern[str]) -> bool:
    """Whether the shell ``code`` of a line names the file (a message about it aside)."""
    return bool(code.strip()) and not _MESSAGE.match(code) and bool(pattern.search(code))


def _log_files(directives: Sequence[Directive]) -> list[tuple[str, str, str, int]]:
    """(option, value, how the source named it, its line) of the files a Slurm job's output and
    error go to: its ``--output``/``--error`` directives, else sbatch's default
    ``slurm-%j.out`` (``slurm-%A_%a.out`` for an array job) for both."""
    slurm = [d for d in directives if d.scheduler == "slurm"]
    named = [(d.option, d.value, f"`{d.raw.strip()}`", d.line) for d in slurm
             if d.option in {"output", "error"} and d.value]
    if named or not slurm or any(d.option == "output" for d in slurm):
        return named
    array = any(d.option == "array" for d in slurm)
    default = "slurm-%A_%a.out" if array else "slurm-%j.out"
    return [("output", default, f"sbatch's default {default}, no --output given", 0)]


def own_log_notes(directives: Sequence[Directive], lines: Sequence[str],
                  profile: ClusterProfile) -> list[str]:
    """Notes naming the script's lines that read the file its own Slurm output or error goes
    to, on a PBS ``profile``; [] elsewhere or when none does."""
    if profile.scheduler != "pbs":
        return []
    notes = []
    for option, value, how, line in _log_files(directives):
        pattern = _file_pattern(value)
        if pattern is None:
            continue
        read = [(n, text) for n, text in enumerate(lines, 1)
                if n != line and _reads(code_part(text), pattern)]
        if not read:
            continue
        shown = "; ".join(f"line {n} `{one_line(t.strip(), 80)}`" for n, t in read[:3])
        more = f" (and {len(read) - 3} more)" if len(read) > 3 else ""
        notes.append(
            f"{shown}{more} read the job's own {option} file ({how}), kept as "
            f"written: on {profile.name} (PBS) the job's {option} goes where PBS's own "
            "-o/-e says (NAME.oJOBID by default; a %j pattern cannot be carried) and reaches "
            "it only when the job ends, so while the job runs no such file exists and these "
            "lines find nothing: have the script write that file itself (end the launch line "
            "with `2>&1 | tee` and the file's name as these lines spell it), or run them "
            "after the job")
    return notes
