"""Jobs whose program is not in the script: it comes from the job's own command line
(``srun python $*``) or the script is a submitter (``sbatch --wrap="python ..."``). A port
cannot carry what it cannot read: the refusal names the line and what to do."""

from __future__ import annotations

import re

from maple_flow.scriptparse.launch import PER_NODE_LAUNCHERS, PER_RANK_LAUNCHERS
from maple_flow.scriptparse.shell import Block, ShellCommand, is_positional


def command_line_program_reason(line: int, text: str, word: str) -> str:
    """The refusal for a launch whose program is the job's command-line argument ``word``."""
    return (f"line {line}: `{text.strip()}` takes its program from the job's command line "
            f"(`{word}`, given to sbatch/qsub at submission): the script does not say what it "
            "runs; write the program and its arguments into the script and port that")


def _launcher_word(word: str) -> bool:
    name = word.rsplit("/", 1)[-1]
    return (name in PER_RANK_LAUNCHERS or name in PER_NODE_LAUNCHERS
            or bool(re.match(r"^python[\d.]*$", name)))


def _launcher_options(words: tuple[str, ...], hit: str) -> bool:
    """Whether ``hit`` right after a site launcher is its options (``srun "$@" sh -c '...'``,
    a program named after it), not the program."""
    at = words.index(hit)
    after = words[at + 1:at + 2]
    return (at == 1 and words[0].rsplit("/", 1)[-1] in PER_RANK_LAUNCHERS
            and bool(after) and not after[0].startswith("-") and not is_positional(after[0]))


def _wrap_reason(cmd: ShellCommand) -> str:
    wrap = next((w for w in cmd.words if w.startswith("--wrap")), "")
    body = wrap.partition("=")[2] or "..."
    return (f"line {cmd.line}: the job is given on the sbatch command line (`sbatch ... "
            f"--wrap={body[:60]}`): this script submits a job, it is not one; write the "
            "wrapped commands as a job script (its #SBATCH lines from the sbatch options) "
            "and port that")


def not_in_script_reason(blocks: list[Block], text: str = "") -> str:
    """Why the job's program is not in the script (``$*`` launch, ``sbatch --wrap``), or
    ``""``. A ``"$@"`` inside the script's own shell function that the script calls is the
    function's arguments (``run_python x.py``), not the job's: not this reason (``text``: the
    script, to find its functions)."""
    from maple_flow.scriptparse.unread import called_function_lines

    own = called_function_lines(blocks, text) if text else set()
    for block in blocks:
        for cmd in block.commands:
            words = cmd.words
            if cmd.line in own:
                continue
            if words[:1] == ("sbatch",) and any(w.startswith("--wrap") for w in words):
                return _wrap_reason(cmd)
            hit = next((w for w in words[1:] if is_positional(w)), "")
            if hit and _launcher_word(words[0]) and not _launcher_options(words, hit):
                return command_line_program_reason(cmd.line, cmd.text, hit)
    return ""
