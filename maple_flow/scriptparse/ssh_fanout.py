"""Jobs that start their work by ssh on each host of the job (``ssh -p 2222 $HOST0 "cd $D &&
singularity exec ... bash run.sh 0" &`` per host, or ``while read node; do ssh $node bash
run.sh ... & done``), where what each host runs is not a Python launch (a user's script, a
container wrapper): the refusal names that shape, the ssh lines with their hosts and the
per-host command, not a set-up line (the site's module init) read as the launch."""

from __future__ import annotations

import re

from maple_flow.scriptparse.launch import REMOTE_SHELLS
from maple_flow.scriptparse.shell import Block, ShellCommand, one_line, split_commands

#: The head of a loop (``for n in ...``, ``while read node``, ``... | while read node``).
_LOOP = re.compile(r"(?m)^\s*(?:for|while|until)\b|\|\s*while\b")


def _remote(cmd: ShellCommand) -> tuple[str, str] | None:
    """(host word, remote command line) of an ``ssh [options] HOST COMMAND...`` line; None for
    another command or an ssh with no command (a shell reading its input)."""
    words = cmd.words
    if not words or words[0].rsplit("/", 1)[-1] != "ssh":
        return None
    valued, j = REMOTE_SHELLS["ssh"], 1
    while j < len(words) and words[j].startswith("-"):
        j += 2 if words[j] in valued else 1
    if j + 1 >= len(words):
        return None
    return words[j], " ".join(words[j + 1:])  # ssh joins its command's words with spaces


def _reads_input(words: tuple[str, ...]) -> bool:
    """Whether ``words`` start a shell that reads its commands from its input (``/bin/bash``
    fed a heredoc or a pipe: ``ssh $n /bin/bash << EOF``), not a script or ``-c`` text."""
    head = words[0].rsplit("/", 1)[-1] if words else ""
    return head in {"bash", "sh", "zsh", "ksh"} and all(
        w.startswith("-") and w != "-c" for w in words[1:])


def _remote_work(line: str) -> ShellCommand | None:
    """The last command of a remote command line that could be the job's work."""
    from maple_flow.scriptparse.unread import is_work_command

    work = [c for c in split_commands(line) if c.words and is_work_command(c)]
    return work[-1] if work else None


def ssh_fanout_reason(blocks: list[Block]) -> str:
    """Why a job that runs its work on its hosts by ssh is not ported, naming the ssh lines,
    their hosts and the command each host runs; ``""`` when the job has no such line or what
    ssh runs is a launch the port reads (``ssh $node torchrun ... x.py``: a per-node loop)."""
    from maple_flow.scriptparse.unread import holds_launch, why_not_launch

    hits, looped = [], False
    for block, cmd in ((b, c) for b in blocks for c in b.commands):
        found = _remote(cmd)
        work = _remote_work(found[1]) if found else None
        if found is None or work is None:
            continue
        if holds_launch(work.words) or _reads_input(work.words):
            return ""  # a per-node launch over ssh, or a shell fed a heredoc: read elsewhere
        hits.append((cmd, found[0], work))
        looped = looped or bool(_LOOP.search(block.text))
    if not hits:
        return ""
    work = hits[0][2]
    lines = ", ".join(str(c.line) for c, _, _ in hits[:6])
    hosts = ", ".join(dict.fromkeys(h for _, h, _ in hits)) + (
        ", one a pass of the loop over the hosts" if looped else "")
    background = sum(1 for c, _, _ in hits if c.text.rstrip().endswith("&"))
    runs = why_not_launch(work.words)
    shown = one_line(" ".join(work.words), 90)
    return (f"line{'s' if len(hits) > 1 else ''} {lines}: the job starts its work by ssh on "
            f"each of its hosts ({hosts}{f'; {background} in the background' if background else ''}"
            f"), each running `{shown}`, where {runs}; the port does not carry ssh to each host "
            "(the target's launcher starts the per-node work) and the program and how many "
            "processes each host starts are inside that command: put the per-node launch it "
            "runs into this script (one launcher per node, e.g. torchrun with the node's rank, "
            "under the target's srun/mpiexec) and port that, or port that script itself")
