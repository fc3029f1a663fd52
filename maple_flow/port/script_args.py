"""The job script's own arguments on a target whose submit command passes none.

The class (issue 14, s26args): a script submitted as ``sbatch job.sh A B`` reads its arguments
(``$1``, ``${2:-x}``, ``${1:?usage}``, ``"$@"``, ``$*``, ``$#``, ``shift``, a ``getopts``
loop). PBS Pro's qsub passes no arguments to a job script (``templates/schedulers/
submit_inputs.yaml``, cited there), so a port kept verbatim runs with none: a usage check
exits, a default stands in, the program gets nothing. The port gives them a working way in:
one line near the top of the script restores them from a variable the user passes with
``qsub -v NAME`` (``set -- $NAME``, split at blanks with globbing off), and the submit-time
inputs note gives the exact submit line. Nothing given: the script runs with no arguments,
as ``sbatch job.sh`` would have.
"""

from __future__ import annotations

import re

#: The names the restoring variable may take, the first one the source does not use.
_NAMES = ("SCRIPT_ARGS", "JOB_SCRIPT_ARGS", "MAPLE_SCRIPT_ARGS")
#: The comment that marks the restoring lines (and finds them again for the note).
MARK = "# qsub passes no arguments to a job script: they are restored here from $"
#: A line that only sets the shell's options (the target's ``set -eo pipefail``).
_OPTIONS = re.compile(r"^set\s+[-+][a-z]+(?:\s+pipefail)?\s*$")
#: ``${N:-default}`` / ``${N-default}``: an argument with the value the script uses without it.
_DEFAULTED = re.compile(r"\$\{([1-9])(:?-)([^}]*)\}")


def args_variable(source: str) -> str:
    """The variable that carries the arguments: one the source never names."""
    return next((n for n in _NAMES if n not in source), _NAMES[-1] + "_")


def restoring_lines(name: str) -> list[str]:
    """The lines that set the script's arguments from ``$name`` (POSIX sh, so a kept ``sh``
    shebang runs them too): split at blanks, globbing off while splitting, nothing run."""
    return [f"{MARK}{name}",
            f"# (submit: {name}='ARG1 ARG2 ...' qsub -v {name} SCRIPT; split at blanks)",
            "# shellcheck disable=SC2086  # split into words on purpose, globbing off",
            f'if [ -n "${{{name}:-}}" ]; then set -f; set -- ${name}; set +f; fi']


def restored_variable(script: str) -> str | None:
    """The variable the port restores the arguments from, when it does."""
    at = script.find(MARK)
    found = re.match(r"\w+", script[at + len(MARK):]) if at >= 0 else None
    return found.group(0) if found else None


def without_restoring(script: str) -> str:
    """``script`` without the lines that restore its arguments (``restoring_lines``)."""
    name = restored_variable(script)
    if name is None:
        return script
    block = "\n".join(restoring_lines(name)) + "\n"
    return script.replace(block + "\n", "").replace(block, "")


def top_of(lines: list[str]) -> int:
    """Where the restoring lines go: before the script's first line of code (after the
    shebang, directives, comments and blank lines: the top, outside every block), or after
    it when that is the target's ``set -eo pipefail``. A shellcheck directive above a
    script's first command covers the whole script, so the restoring line's own directive
    must not stand there (it would hide the findings on the user's lines)."""
    at = next((k for k, line in enumerate(lines)
               if line.strip() and not line.lstrip().startswith("#")), len(lines))
    return at + 1 if at < len(lines) and _OPTIONS.match(lines[at]) else at


def defaults_said(script: str) -> str:
    """What the kept ``${N:-x}`` forms use when the argument is not given
    (``$2 -> bpe``), for the note; "" when there are none."""
    seen: dict[str, str] = {}
    for m in _DEFAULTED.finditer(script):
        seen.setdefault("$" + m.group(1), m.group(3) or "(empty)")
    return ", ".join(f"{k} -> {v}" for k, v in seen.items())
