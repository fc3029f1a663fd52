"""Job steps run side by side, each limited to what it asks for (issue 17, helper s34ctr).

A batch script that starts several srun steps in the background (``srun ... &`` twice or more,
or once inside a loop) and then ``wait``s means them to share the allocation. Since Slurm 21.08
a step is given every CPU (and the memory) of its nodes unless it says ``--exact``, so the
second step cannot be created while the first runs: ``srun: Job N step creation temporarily
disabled, retrying (Requested nodes are busy)`` (OLCF Crusher quick-start, "Multiple
independent job steps simultaneously": ``--exact`` avoids it). Only steps that each ask their
own share (a task, CPU, GPU or memory count on the srun line) are meant to run side by side
within the allocation; steps that ask for nothing (``srun hostname &`` in a one-CPU job) can
only share, which is ``--overlap`` (launcher.yaml's srun-step-creation-wait).
:func:`exact_parallel_steps` writes ``--exact`` after the ``srun`` word of each such step that
says neither ``--exact`` nor ``--overlap`` (the user's own sharing choice).
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

#: A logical line that starts an srun step (after optional VAR=value words, a loop's ``do``,
#: or a subshell's ``(`` and a command before ``&&``/``;``: ``(cd "$d" && srun ...) &``),
#: its continuation lines joined.
_SRUN = re.compile(r"^(?P<lead>[ \t]*(?:do[ \t]+)?(?:\([ \t]*)?(?:[^\n&|;()#]*(?:&&|;)[ \t]*)?"
                  r"(?:[A-Za-z_]\w*=\S*[ \t]+)*)srun(?=[ \t])")
#: A command put in the background: one '&' (not '&&') at its end, a comment allowed after.
_BACKGROUND = re.compile(r"(?<![&|>])&[ \t]*(?:#[^\n]*)?$")
_LOOP_START = re.compile(r"^\s*(?:for|while|until)\b")
_LOOP_END = re.compile(r"(?:^|[;\s])done\b")
_OWN_CHOICE = re.compile(r"(?:^|\s)--(?:exact|overlap)(?:\s|=|$)")
#: An option of the step that asks for its own share of the allocation.
#: A service started in the background and never waited for (a Ray node): not a step that
#: runs beside others to its end.
_SERVICE = re.compile(r"--block\b|\bray\s+start\b")
_SHARE = re.compile(r"(?:^|\s)(?:-[ncG](?:\s*|=)\S|--(?:ntasks|cpus-per-task|gpus|gres|mem)\b)")


def _logical_lines(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) physical line index of each logical line (backslash continuations)."""
    spans, start = [], 0
    for index, line in enumerate(lines):
        if not line.rstrip().endswith("\\"):
            spans.append((start, index))
            start = index + 1
    if start < len(lines):
        spans.append((start, len(lines) - 1))
    return spans


def background_steps(text: str) -> list[tuple[int, bool]]:
    """(first physical line, inside a loop) of each srun step the script backgrounds that
    asks its own share of the allocation."""
    lines = text.splitlines()
    steps, depth = [], 0
    for first, last in _logical_lines(lines):
        head = lines[first]
        if head.lstrip().startswith("#"):
            continue
        if _LOOP_START.match(head):
            depth += 1
        body = " ".join(lines[first:last + 1])
        if _SRUN.match(head) and _BACKGROUND.search(lines[last]) and _SHARE.search(body) \
                and not _SERVICE.search(body):
            steps.append((first, depth > 0))
        if _LOOP_END.search(body) and depth:
            depth -= 1
    return steps


def exact_parallel_steps(text: str) -> str:
    """``--exact`` on each backgrounded srun step of a script that runs steps side by side;
    FixNotApplicable when it runs none side by side or each already chose."""
    steps = background_steps(text)
    if not (len(steps) >= 2 or any(in_loop for _, in_loop in steps)):
        raise FixNotApplicable("the script starts no srun steps side by side")
    lines = text.splitlines(keepends=True)
    spans = dict(_logical_lines([line.rstrip("\n") for line in lines]))
    changed = False
    for first, _ in steps:
        whole = "".join(lines[first:spans[first] + 1])
        if _OWN_CHOICE.search(whole):
            continue
        match = _SRUN.match(lines[first])
        assert match is not None
        at = match.end()
        lines[first] = f"{lines[first][:at]} --exact{lines[first][at:]}"
        changed = True
    if not changed:
        raise FixNotApplicable("every side-by-side srun step already says --exact or --overlap")
    return "".join(lines)
