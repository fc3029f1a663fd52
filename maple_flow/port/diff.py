"""Stage "notes" for a reader: the unified diff from the source script to a port, each hunk
headed by the reasons for it (the port's notes about the lines it changes)."""

from __future__ import annotations

import difflib
import re

from maple_flow.knowledge.directives import is_directive_line

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")
_LINE_REF = re.compile(r"\bline (\d+)\b")


def _quoted(note: str) -> list[str]:
    """The source text a note quotes: `...` spans, and the ``$OLD`` of ``$OLD -> $NEW``."""
    spans = [q for q in re.findall(r"`([^`]+)`", note) if len(q) > 3]
    return spans + re.findall(r"(\$\w+) -> \$\w+", note)


def hunk_reasons(removed: list[tuple[int, str]], added: list[str], notes: list[str]) -> list[str]:
    """Why one hunk changes what it does: the notes that name its source lines or quote its
    text, and the kind of change where no note does."""
    numbers = {n for n, _ in removed}
    texts = [" ".join(t.split()) for _, t in removed] + [" ".join(t.split()) for t in added]
    reasons = [
        note for note in notes
        if {int(n) for n in _LINE_REF.findall(note)} & numbers
        or any(q in t or (t and t in q) for q in _quoted(note) for t in texts if t)
    ]
    if any(is_directive_line(t) for _, t in removed) or any(is_directive_line(t) for t in added):
        reasons.insert(0, "the scheduler header: the source site's directives are replaced by "
                          "the target's (size, account, queue, walltime re-chosen for it)")
    if not reasons and added and not removed:
        reasons.append("the target's own set-up and launch (its modules, environment, "
                       "rendezvous and launcher)")
    if not reasons and removed:
        reasons.append("the source site's lines (scheduler, modules, launcher): replaced by the "
                       "target's; see the notes")
    return list(dict.fromkeys(reasons))


def port_diff(source: str, ported: str, notes: list[str], target: str) -> str:
    """The unified diff ``source`` -> ``ported`` with a ``# why:`` line before each hunk."""
    src_lines = source.splitlines()
    lines = list(difflib.unified_diff(src_lines, ported.splitlines(), "source",
                                      f"port for {target}", lineterm="", n=1))
    out: list[str] = []
    i = 0
    while i < len(lines):
        match = _HUNK.match(lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        start = int(match.group(1))
        end = i + 1
        while end < len(lines) and not _HUNK.match(lines[end]):
            end += 1
        body = lines[i + 1:end]
        removed, added, at = [], [], start
        for line in body:
            if line.startswith("-"):
                removed.append((at, line[1:]))
            elif line.startswith("+"):
                added.append(line[1:])
            if not line.startswith("+"):
                at += 1
        out += [f"# why: {r}" for r in hunk_reasons(removed, added, notes)]
        out += lines[i:end]
        i = end
    return "\n".join(out) + ("\n" if out else "")
