"""A launcher called by a name its package does not install (issue 17, s32cmd).

Class: ``cosmos_rl: command not found`` where the package installs ``cosmos-rl``;
``llama-model: command not found`` where the CLI is ``llama`` with a ``model`` subcommand. The
log names the word the shell could not find; the packages' own lists of command names
(maple_flow.knowledge.entry_points) say which one it misspells - only separators or case
differ, and only one known name is spelled so. :func:`respell_command` writes that name in
place of the word wherever a line of the script runs it (not inside a path, not as an
option's value, not in a comment). A name that is itself known, or that misspells none, is not
respelled (FixNotApplicable): it is not installed, which is the environment's matter.
:func:`command_line` finds the line that runs a command (for a question about it),
:func:`word_line` the line that holds a word. Pure text
functions.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.entry_points import respelling
from maple_flow.repair.text import FixNotApplicable, continued_from


def _word(command: str) -> re.Pattern[str]:
    """``command`` as a command word: not part of a path, a name or an assignment."""
    return re.compile(rf"(?<![\w./=:-]){re.escape(command)}(?![\w./=-])")


#: Commands whose words are names of other things (a module, an environment, a package, a
#: directory, text), never a command they run: a word there is not respelled.
_NAMING = frozenset({"module", "ml", "conda", "mamba", "micromamba", "pip", "pip3", "source",
                     ".", "echo", "printf", "export", "cd", "mkdir", "ls", "cat", "cp", "mv",
                     "rm", "git", "spack", "unset", "alias", "#SBATCH", "#PBS"})
#: Where a shell command starts within a line: after a separator, a subshell or the quote of
#: a ``bash -c`` body.
_STARTS = re.compile(r"""(?:;|&&|\|\||\||\(|`|\$\(|-c[ \t]+['"])""")


def _first_word(segment: str) -> str:
    """The command word of ``segment`` (assignments ``A=b`` before it skipped)."""
    for word in segment.split():
        if not re.match(r"^[A-Za-z_]\w*=", word):
            return word
    return ""


def _runs_at(lines: list[str], i: int, start: int) -> bool:
    """Whether the word at ``start`` of ``lines[i]`` may be a command the line runs: not an
    option's value (``--name x``; ``--mounts=a:b`` carries its own) and not a word of a
    command that only names things (``module load Python``, ``conda activate x``)."""
    line = lines[i]
    before = line[:start].split()
    if before and before[-1].startswith("-") and "=" not in before[-1]:
        return False
    first = continued_from(lines, i)
    text = "\n".join([*lines[first:i], line[:start]])
    cut = max((m.end() for m in _STARTS.finditer(text)), default=0)
    return _first_word(text[cut:].replace("\\\n", " ")) not in _NAMING


def command_line(text: str, command: str) -> int | None:
    """The 1-based number of the first line (not a comment) that runs ``command``, if any."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("#") and any(
                _runs_at(lines, i, m.start()) for m in _word(command).finditer(line)):
            return i + 1
    return None


def word_line(text: str, word: str) -> int | None:
    """The 1-based number of the first line (not a comment) that holds ``word`` as a word."""
    for number, line in enumerate(text.split("\n"), 1):
        if not line.lstrip().startswith("#") and _word(word).search(line):
            return number
    return None


def respell_command(text: str, command: str) -> str:
    """``text`` with the known command name ``command`` misspells in its place on every line
    that runs ``command``; FixNotApplicable when it misspells no known name or no line runs
    it."""
    right = respelling(command)
    if right is None:
        raise FixNotApplicable(f"{command} is no misspelling of a command a known package installs")
    lines, found = text.split("\n"), False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("#"):
            continue
        spans = [m.span() for m in _word(command).finditer(line) if _runs_at(lines, i, m.start())]
        for start, end in reversed(spans):
            line = line[:start] + right + line[end:]
            found = True
        lines[i] = line
    if not found:
        raise FixNotApplicable(f"no line of the script runs {command}")
    return "\n".join(lines)
