"""What of a ported script shellcheck needs to read: the lines that do not come from the
template (the user's carried lines, the launch with the user's program and arguments),
with just enough of the template's context that their findings are the ones the whole
script gives (issue 14: shellcheck's cost grows with every word it reads).

A port is compared with the same template rendered alone (``template``: no user program,
arguments, environment or steps). A top-level block (one logical line, or a whole
if/for/while/case/{ } group) whose every line the template alone renders too is the
template's own, clean (the catalogue's templates are shellcheck-clean, tests/test_lint.py);
every other block is kept verbatim, in order. The template's context that changes the kept
lines' findings is kept too: its ``set`` lines (``set -e`` silences SC2164), a ``# shellcheck``
directive with the command it governs, and one ``export`` naming each variable that both the
template's lines and the kept lines name (so a variable the template assigns is not "not
assigned", one it reads is not "unused"). Where that is not enough the reduction is refused
(None) and the whole script is linted: the template defines a function, or a kept line can end
the script (exit, exec, return) with template lines after it. ``findings_on_script`` refuses
too when the reduced text does not parse, or a finding falls on a line the reduction added.
Depends on no layout of the template: only on which lines it renders alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.lint import Finding
from maple_flow.scriptparse.shell import _depth_change as depth_change
from maple_flow.scriptparse.shell import bare_line, logical_lines

_DIRECTIVE = re.compile(r"^\s*#\s*shellcheck\s")
_REF = re.compile(r"\$\{?[#!]?([A-Za-z_]\w*)")
_ASSIGN = re.compile(r"(?:^|[\s;&|(`])([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=")
_DECLARED = re.compile(
    r"(?:^|[;&|]\s*)(?:export|declare|typeset|local|readonly|read|mapfile|readarray|unset"
    r"|for|select)\s+((?:-\w+\s+)*)([A-Za-z_]\w*(?:[ \t]+[A-Za-z_]\w*)*)", re.MULTILINE)
_FUNCTION = re.compile(r"(?:^|[;&|]\s*)(?:function\s+[\w.:-]+|[\w.:-]+\s*\(\s*\))",
                       re.MULTILINE)
_ENDS = re.compile(r"(?:^|[\s;&|(])(?:exit|exec|return)\b")
_SET = re.compile(r"^\s*set\s")
#: Shellcheck's parser errors (SC1xxx at level error): a reduction that does not parse.
_PARSE_ERROR = re.compile(r"^SC1\d{3}$")


@dataclass(frozen=True)
class Reduction:
    """The text to lint, and for each of its lines the script's line (None: added)."""

    text: str
    origin: tuple[int | None, ...]


@dataclass
class _Block:
    first: int  # 1-based line of the script
    lines: list[str]  # the physical lines, verbatim
    logical: list[str]  # the logical lines (continuations joined)
    ours: bool = False  # every logical line is the template's own

    @property
    def comment(self) -> bool:
        return all(not x.strip() or x.lstrip().startswith("#") for x in self.logical)


def _blocks(script: str) -> list[_Block]:
    """The script's top-level blocks, blank and comment lines each a block of their own."""
    physical = script.split("\n")
    units = logical_lines(script)
    blocks: list[_Block] = []
    depth = 0
    for k, (start, text) in enumerate(units):
        end = units[k + 1][0] if k + 1 < len(units) else len(physical) + 1
        lines = physical[start - 1:end - 1]
        if depth == 0:
            blocks.append(_Block(start, [], []))
        blocks[-1].lines += lines
        blocks[-1].logical.append(text)
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            depth = max(0, depth + depth_change(stripped))
    return blocks


def _names(text: str) -> set[str]:
    """Variables ``text`` reads or sets (a generous reading: words after export, read, ...)."""
    bare = "\n".join(bare_line(x) for x in text.split("\n"))
    names = set(_REF.findall(text)) | set(_ASSIGN.findall(bare))
    for _, declared in _DECLARED.findall(bare):
        names.update(declared.split())
    return names


def reduce_for_lint(script: str, template: str) -> Reduction | None:
    """The part of ``script`` (a port) to lint, given ``template`` (its template rendered
    alone); None when only the whole script gives the right findings."""
    if len(script.splitlines()) != len(script.split("\n")) - script.endswith("\n"):
        return None  # a line break Python sees and the shell does not
    own = {x.strip() for _, x in logical_lines(template)}
    blocks = _blocks(script)
    for block in blocks:
        block.ours = all(x.strip() in own for x in block.logical)
    keep = _kept(blocks)
    if keep is None:
        return None
    return _layout(blocks, keep)


def _kept(blocks: list[_Block]) -> list[bool] | None:
    """Which blocks to lint; None when the template's context cannot be reduced."""
    keep = [not b.ours for b in blocks]
    for i, block in enumerate(blocks):
        if any(_DIRECTIVE.match(x) for x in block.logical):
            keep[i] = True
            nxt = next((j for j in range(i + 1, len(blocks)) if not blocks[j].comment), None)
            if nxt is not None:
                keep[nxt] = True
    code = [i for i, b in enumerate(blocks) if not b.comment]
    for i in code:
        text = "\n".join(blocks[i].logical)
        if not keep[i] and _FUNCTION.search(bare_line(text)):
            return None  # a function of the template: calls and definitions interact
        if keep[i] and _ENDS.search(" ".join(bare_line(x) for x in blocks[i].logical)) and any(
                not keep[j] for j in code if j > i):
            return None  # code after a possible exit: unreachable-code findings
    return keep


def _layout(blocks: list[_Block], keep: list[bool]) -> Reduction:
    shebang = blocks[0].lines[0] if blocks and blocks[0].lines[0].startswith("#!") else ""
    lines: list[str] = [shebang or "#!/bin/bash"]
    origin: list[int | None] = [1 if shebang else None]
    code = {i for i, b in enumerate(blocks) if not b.comment}
    first_code = min(code, default=len(blocks))
    for i in range(first_code):  # the shebang and file-wide directives stay on top
        if keep[i] and not (i == 0 and shebang):
            _add(lines, origin, blocks[i])
        keep[i] = False
    dropped = [blocks[i] for i in sorted(code) if not keep[i]]
    for block in dropped:
        if _SET.match(block.logical[0]) and len(block.logical) == 1:
            _add(lines, origin, block)
    kept_text = "\n".join(x for i, b in enumerate(blocks) if keep[i] for x in b.logical)
    shared = _names("\n".join(x for b in dropped for x in b.logical)) & _names(kept_text)
    # a command before the kept lines: a directive among them governs its own command only
    lines.append("export " + " ".join(sorted(shared)) if shared else ":")
    origin.append(None)
    gap = False
    for i, block in enumerate(blocks):
        if not keep[i]:
            gap = gap or i in code
            continue
        if gap:
            lines.append(":")  # the template's commands in between: no longer adjacent
            origin.append(None)
            gap = False
        _add(lines, origin, block)
    return Reduction("\n".join(lines) + "\n", tuple(origin))


def _add(lines: list[str], origin: list[int | None], block: _Block) -> None:
    lines += block.lines
    origin += range(block.first, block.first + len(block.lines))


def findings_on_script(found: list[Finding], reduction: Reduction) -> list[Finding] | None:
    """The reduced text's findings on the script's own lines; None when they cannot be
    trusted (a parse error in the reduced text, or a finding on a line it added)."""
    out: list[Finding] = []
    for finding in found:
        if finding.severity == "error" and _PARSE_ERROR.match(finding.code):
            return None
        line = finding.line
        at = reduction.origin[line - 1] if line is not None and 0 < line <= len(
            reduction.origin) else None
        if line is not None and at is None:
            return None
        out.append(finding.model_copy(update={"line": at}) if line is not None else finding)
    return sorted(out, key=lambda f: (f.line or 0, f.code))
