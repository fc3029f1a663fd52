"""A program named when the job runs (``python -m experiments.$1``, ``python
${MODELS[$SLURM_ARRAY_TASK_ID]}.py``, ``python $SCRIPT`` with ``SCRIPT=train_$2.py``): the
port writes the program word as the user wrote it, unquoted where it was unquoted, instead of
its parsed value as one quoted word (``'experiments.$1'``: the expansion dead, another
program run). It can stay as written when everything it reads is there on the target: the
batch script's own arguments, a variable whose line the port keeps, the target scheduler's
job variables (renamed from the source's); otherwise its value is written when that reads
only such things (``$SCRIPT`` -> ``train_$2.py``), and the port is refused, naming the word
and what it reads, when neither can run as it did."""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.port.carry import Carried, set_by_port
from maple_flow.port.fit import SCRIPT_SET_VARS
from maple_flow.port.rules import translate_scheduler_vars
from maple_flow.port.stages import launch_command_span
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.values import expand, simple_values
from maple_flow.shellquote import kept_as_text, shell_word

_NAMES = re.compile(r"\$\{?#?!?([A-Za-z_]\w*)")
_POSITIONAL = re.compile(r"\$(?:[1-9]|\{[1-9]\d*\})")
_ENV = frozenset({"HOME", "PWD", "USER", "PATH", "HOSTNAME", "SCRATCH", "TMPDIR", "WORK"})
_JOB_PREFIX = {"slurm": "SLURM_", "pbs": "PBS_", "lsf": "LSB_"}


def _unset(word: str, available: set[str], prefix: str) -> list[str]:
    """The variables ``word`` reads that the ported script does not have."""
    return sorted({n for n in _NAMES.findall(word)
                   if n not in available and not (prefix and n.startswith(prefix))})


#: A reference with a default (``${SCRIPT:-train.py}``, ``${SCRIPT-x}``, ``${SCRIPT:=x}``).
_DEFAULTED = re.compile(r"\$\{([A-Za-z_]\w*):?[-=]")


def _overridden(written: str, p: ParsedScript) -> set[str]:
    """The variables ``written`` falls back to a default for and the script never sets
    (``python ${SCRIPT:-train.py}``): the environment the job is submitted with names the
    program, so the word stays as written (its value is only the default)."""
    return {n for n in _DEFAULTED.findall(written or "")
            if n not in p.variables and n not in p.env}


def _gives(written: str, entry: str, p: ParsedScript) -> bool:
    """Whether ``written`` (``$SCRIPT``, ``"${DIR}/run.py"``) expands, with the script's own
    values, to ``entry``, a plain word with no expansion left in it (the port rendered the
    variable's value in its place)."""
    if "$" in entry or not entry:
        return False
    text = p.launch_block.text if p.launch_block is not None else ""
    at = text.find(written)  # -1: the word is inside a variable the launch line runs
    values = {**p.env, **p.variables}  # exported (`export SCRIPT=...`) or not
    if any(values.get(n) == "" for n in _NAMES.findall(text[:at] if at >= 0 else text)):
        return False  # a word before it expands to nothing: the program word is not known
    word = written[1:-1] if len(written) > 1 and written[0] == written[-1] == '"' else written
    return expand(word, simple_values(values)) == entry


def _scheduler_read(written: str) -> bool:
    """Whether ``written`` reads a job variable of a scheduler (``$SLURM_...``, ``$PBS_...``):
    its value is the source job's, which the port renders for the target itself."""
    return any(n.startswith(tuple(_JOB_PREFIX.values())) for n in _NAMES.findall(written))


def _args_note(word: str, profile: ClusterProfile) -> str:
    if not _POSITIONAL.search(word):
        return ""
    if profile.scheduler == "pbs":
        return (f"; it reads the batch script's own arguments, which {profile.name}'s qsub "
                "(PBS) does not pass to a job script: write the value in, or pass it in a "
                "variable (`qsub -v NAME=value`) and read that")
    return ("; it reads the batch script's own arguments: give the ported script the same "
            "arguments (`sbatch SCRIPT ARGS...`)")


def keep_written_entry(script: str, p: ParsedScript, profile: ClusterProfile, entry: str,
                       module: bool, carried: Carried,
                       plain: bool = False) -> tuple[str, list[str], str]:
    """``script`` with its program word as written (see the module's doc), the notes on it
    and the refusal (``""`` when none). ``plain``: only a program word whose value is plain
    text (``$SCRIPT`` with ``SCRIPT=train.py`` kept above the launch), which the port's other
    edits of the launch read as its value, so it is put back after them; else only the
    others."""
    written = p.launch.written_entry
    overridden = _overridden(written, p)
    if not written or p.launch.command or plain == bool(kept_as_text(entry) or overridden):
        return script, [], ""  # a program written as plain text, or not this call's kind
    if plain and not _gives(written, entry, p):
        return script, [], ""  # the rendering keeps its expansion, or another word
    prefix = _JOB_PREFIX.get(profile.scheduler, "")
    available = set_by_port(carried) | SCRIPT_SET_VARS | _ENV | overridden
    word, _ = translate_scheduler_vars(written, profile.scheduler, p.grid_engine)
    lost = _unset(word, available, prefix)
    if not (kept_as_text(entry) or overridden) and (lost or _scheduler_read(written)):
        # a plain value whose variable the port does not keep (or a job variable of the
        # source's scheduler): its value, as rendered
        return script, [], ""
    how = "as written"
    if lost:
        if _unset(entry, available, prefix) or re.search(r"\s|[`*?]|\$\(", entry):
            line = p.launch_block.line if p.launch_block else 0
            return script, [], (
                f"line {line}: the program is named when the job runs (`{written}`), and "
                f"{', '.join('$' + n for n in lost)} it reads is not set in the ported script "
                "(the port does not copy the line that sets it: see that line's note): "
                "write the program's name into the script, or set the variable "
                "before the launch line, and port again")
        quoted = written.startswith('"') and not re.search(r'["\\]', entry)
        word = f'"{entry}"' if quoted else entry
        how = (f"as the value of `{written}` ({', '.join('$' + n for n in lost)} is not set "
               "in the ported script: the port does not copy the line that sets it, see "
               "that line's note)")
    head = shell_word(entry)
    span = launch_command_span(script)
    unplaced = (f"line {p.launch_block.line if p.launch_block else 0}: the program is named "
                f"when the job runs (`{written}`: the environment it is submitted with can "
                f"name another), and {profile.name}'s launch could not be written to keep "
                "that word: write the program's name into the script, and port again"
                ) if overridden else ""
    if span is None:
        return script, [], unplaced
    lines, first, last = span
    pattern = re.compile(("-m " if module else "") + re.escape(head) + r"(?=\s|$)")
    hits = [k for k in range(first, last + 1) if pattern.search(lines[k])]
    if len(hits) != 1:
        return script, [], unplaced
    k = hits[0]
    lines[k] = pattern.sub(lambda m: ("-m " if module else "") + word, lines[k], count=1)
    shown = f"{'-m ' if module else ''}{word}"
    note = (f"the program is named when the job runs: `{shown}` is "
            f"passed {how}, {'quoted' if word.startswith(chr(34)) else 'unquoted'} as in the "
            f"source, so it expands on {profile.name} as it did there"
            f"{_args_note(word, profile)}") if kept_as_text(entry) or overridden else (
        f"your variable names the program: `{shown}` is passed as written (its line is kept "
        f"above the launch; its value there is `{entry}`), so the program is what that line "
        "says, as in the source")
    return "\n".join(lines), [note], ""


def drop_literal_note(notes: list[str], entry: str) -> list[str]:
    """The notes without the claim that the program word is passed as literal text."""
    return [n for n in notes if not (n.startswith("passed as literal text")
                                     and f"): {entry!r};" in n)]


__all__ = ["drop_literal_note", "keep_written_entry"]
