"""What of a ported script shellcheck needs to read: the lines that do not come from the
template (the user's carried lines, the launch's user part), with just enough of the
template's context that their findings are the whole script's (issue 14: shellcheck's cost
grows with every word it reads; a batch's ports share most of their text).

A port is compared with its template rendered alone (``template``: the same shape, HOLE as
the program, none of the user's words; ``maple_flow.port.template_alone``). A top-level block
(a logical line, or a whole if/for/while/case/{ } group) whose every line the template alone
renders too is the template's own and clean (every catalogue template alone is clean at every
severity: tests/test_lint_scope.py) and is left out; every other block is kept verbatim, in
order, its findings mapped back to the script's lines. In a kept launch the template's words
before the user's program are replaced by one stand-in launcher (``maple-launch``), so the
targets of one source share one reduced text. The context kept from the script's left-out
lines: its ``set`` lines (``set -e`` silences SC2164), one ``export`` naming each variable
both sides name (a variable the template sets is not "not assigned", one it reads is not
"unused"), before it the template's ``NAME=word`` line of such a variable it sets only to a
plain word (``$NNODES`` unquoted needs no quotes, as in the whole script), its commands
writing to files next to kept ones (SC2129 runs), file-wide
directives, and a ``:`` where left-out commands were (kept commands do not become adjacent; a
directive governs its own command only). Where that is not enough the whole script is
linted: the template defines a function, a kept line can end the script (exit, exec, return)
before left-out lines, a left-out line sets a variable nothing here reads or reads a
lower-case one nothing here sets (its clean text would have a finding in this script:
``reduce_for_lint`` gives None), the reduced text does not parse or
has a finding on a line it added (``findings_on_script`` gives None).
Nothing here depends on the template's layout: only on which lines it renders alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from maple_flow.findings import Finding
from maple_flow.scriptparse.launch import with_other_names
from maple_flow.scriptparse.shell import _depth_change as depth_change
from maple_flow.scriptparse.shell import bare_line, logical_lines, unclosed_quote

_DIRECTIVE = re.compile(r"^\s*#\s*shellcheck\s")
_REF = re.compile(r"\$\{?[#!]?([A-Za-z_]\w*)")
_ASSIGN = re.compile(r"(?:^|[\s;&|(`])([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=")
#: Commands whose words name variables (``export A B=1``, ``read -r x y``); and the one
#: variable of a loop (``for host in a b``: not ``a`` or ``b``).
_DECLARING = re.compile(r"(?:^|[;&|]\s*)(export|declare|typeset|local|readonly|read|mapfile"
                        r"|readarray|unset)\b([^;&|\n]*)", re.MULTILINE)
_LOOP_VAR = re.compile(r"(?:^|[;&|]\s*)(?:for|select)\s+([A-Za-z_]\w*)", re.MULTILINE)
_NAME = re.compile(r"^[A-Za-z_]\w*$")
_ARITHMETIC = re.compile(r"\(\((.*?)\)\)|\blet\s+([^;&|\n]*)|\[([^\]]*)\]", re.DOTALL)
_IDENT = re.compile(r"(?<![\w$])[A-Za-z_]\w*")
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


#: The program the template is rendered alone with: where the user's program goes.
HOLE = "maple-program-hole.py"
#: Launchers shellcheck knows nothing of: in a launch the template starts, one stands for all
#: (its words before the user's program are the template's, and are dropped).
_PLAIN_LAUNCHERS = with_other_names({"srun", "mpiexec", "mpirun", "ibrun", "aprun", "jsrun",
                                      "torchrun", "deepspeed", "accelerate"})
_STAND_IN = "maple-launch"
_COMMAND_NAME = re.compile(r"^[A-Za-z0-9_./+-]+$")


@dataclass
class _Unit:
    first: int  # 1-based line of the script
    lines: list[str]  # the physical lines, verbatim
    logical: str  # continuations joined


@dataclass
class _Block:
    units: list[_Unit]
    ours: bool = False  # every logical line is the template's own
    _comment: bool | None = field(default=None, repr=False, compare=False)
    _logical: tuple[str, ...] | None = field(default=None, repr=False, compare=False)

    @property
    def logical(self) -> tuple[str, ...]:
        """The units' logical lines (read once the block is complete, then kept: the lint asks
        it of every block several times)."""
        if self._logical is None:
            self._logical = tuple(u.logical for u in self.units)
        return self._logical

    @property
    def comment(self) -> bool:
        """Blank and comment lines only (read once the block is complete; kept then, without
        functools.cached_property's lock, as the lint asks it of every block several times)."""
        if self._comment is None:
            self._comment = all(not x.strip() or x.lstrip().startswith("#")
                                for x in self.logical)
        return self._comment


@dataclass(frozen=True)
class _Template:
    own: frozenset[str]  # its logical lines, stripped
    functions: bool  # it defines a shell function
    #: Per launch of the program: its physical lines before the program's, and the text
    #: before the program on the program's line.
    holes: tuple[tuple[tuple[str, ...], str], ...]


@lru_cache(maxsize=256)
def _template(text: str) -> _Template:
    holes = []
    units = _units(text)  # every block's units, in order: the blocks themselves are not needed
    for unit_lines, _ in units:
        if HOLE not in "\n".join(unit_lines):
            continue
        at = [k for k, line in enumerate(unit_lines) if HOLE in line]
        if len(at) == 1:
            line = unit_lines[at[0]]
            leading, before = tuple(unit_lines[:at[0]]), line[:line.index(HOLE)]
            if unclosed_quote("\n".join([*leading, before])) is None:  # not inside quotes
                holes.append((leading, before))
    own = frozenset(logical.strip() for _, logical in units)
    functions = any(_FUNCTION.search(bare_line(x)) for x in own if not x.startswith("#"))
    return _Template(own, functions, tuple(holes))


def _units(script: str) -> list[tuple[list[str], str]]:
    """The physical lines and the logical line of each of the script's logical lines, in
    order: the units of :func:`_blocks`, every block's, without grouping them."""
    physical = script.split("\n")
    found = logical_lines(script)
    ends = [start for start, _ in found[1:]] + [len(physical) + 1]
    return [(physical[start - 1:end - 1], text)
            for (start, text), end in zip(found, ends, strict=True)]


def _blocks(script: str) -> list[_Block]:
    """The script's top-level blocks, blank and comment lines each a block of their own."""
    physical = script.split("\n")
    found = logical_lines(script)
    ends = [start for start, _ in found[1:]] + [len(physical) + 1]
    blocks: list[_Block] = []
    units: list[_Unit] = []
    depth = 0
    for (start, text), end in zip(found, ends, strict=True):
        if depth == 0:
            units = []
            blocks.append(_Block(units))
        units.append(_Unit(start, physical[start - 1:end - 1], text))
        stripped = text.strip()
        if stripped and stripped[0] != "#":
            depth = max(0, depth + depth_change(stripped))
    return blocks


def _names(text: str, bare: str | None = None, refs: set[str] | None = None) -> set[str]:
    """Variables ``text`` reads or sets (a generous reading: words after export, read, ...);
    ``bare`` and ``refs``: its ``_bare`` text and ``_REF`` names, when already read."""
    bare = _bare(text) if bare is None else bare
    refs = set(_REF.findall(text)) if refs is None else refs
    return refs | set(_ASSIGN.findall(bare)) | set(_LOOP_VAR.findall(bare)) | _declared(bare)


def _declared(bare: str, exporting: bool = False) -> set[str]:
    """The names the declaring commands of ``bare`` (quotes emptied) name; with
    ``exporting``, only those of export, readonly and ``declare -x``."""
    names: set[str] = set()
    for match in _DECLARING.finditer(bare):
        command, words = match.group(1), match.group(2).split()
        if exporting and command != "export" and command != "readonly" and not any(
                w.startswith("-") and "x" in w for w in words):
            continue
        names.update(n for w in words if not w.startswith("-")
                     and _NAME.match(n := w.partition("=")[0]))
    return names


def reduce_for_lint(script: str, template: str) -> Reduction | None:
    """The part of ``script`` (a port) to lint, given ``template`` (its template rendered
    alone, the program being HOLE); None when only the whole script gives the right
    findings."""
    if len(script.splitlines()) != len(script.split("\n")) - script.endswith("\n"):
        return None  # a line break Python sees and the shell does not
    ours = _template(template)
    if ours.functions:
        return None  # calls and definitions of functions interact across lines
    blocks = _blocks(script)
    for block in blocks:
        block.ours = all(x.strip() in ours.own for x in block.logical)
    keep = _kept(blocks)
    if keep is None or _variables_left_dangling(script, blocks, keep):
        return None
    return _Layout(blocks, keep, ours).reduction()


def _variables_left_dangling(script: str, blocks: list[_Block], keep: list[bool]) -> bool:
    """Whether a left-out line (clean in the template alone) may have a finding in this
    script: a variable it sets that nothing here reads or exports (SC2034), or a lower-case
    one it reads that nothing here sets (SC2154; upper-case ones may come from outside)."""
    left_out = "\n".join(x for b, k in zip(blocks, keep, strict=True) if not k and not b.comment
                          for x in b.logical)
    bare_left, bare_all, refs = _bare(left_out), _bare(script), set(_REF.findall(script))
    unread = set(_ASSIGN.findall(bare_left)) - refs  # the readers, cheapest first
    unread = unread - _declared(bare_all, exporting=True) if unread else unread
    if unread and unread - _in_arithmetic(script):
        return True
    lower = {n for n in _REF.findall(left_out) if not n.isupper() and not n.isdigit()}
    return bool(lower and lower - _names(script, bare_all, refs))


def _bare(text: str) -> str:
    return "\n".join(bare_line(x) for x in text.split("\n"))


def _in_arithmetic(text: str) -> set[str]:
    """Names read bare in arithmetic: ``$(( a + b ))``, ``(( i++ ))``, ``let``, subscripts."""
    spans = (" ".join(g for g in m.groups() if g) for m in _ARITHMETIC.finditer(text))
    return {n for span in spans for n in _IDENT.findall(span)}




def _kept(blocks: list[_Block]) -> list[bool] | None:
    """Which blocks to lint; None when the template's context cannot be reduced."""
    keep = [_special_comment(b) if b.comment else not b.ours for b in blocks]
    code = [i for i, b in enumerate(blocks) if not b.comment]
    _keep_redirecting_neighbours(blocks, keep, code)
    last_dropped = max((i for i in code if not keep[i]), default=-1)
    for i in code:
        if keep[i] and i < last_dropped and _ENDS.search(
                " ".join(bare_line(x) for x in blocks[i].logical)):
            return None  # the template's code after a possible exit: unreachable-code findings
    return keep


def _keep_redirecting_neighbours(blocks: list[_Block], keep: list[bool], code: list[int]) -> None:
    """Keep the template's commands that write to a file next to kept ones (and theirs):
    consecutive redirects to one file are a finding (SC2129) that spans them."""
    changed = True
    while changed:
        changed = False
        for k, i in enumerate(code):
            near = [code[j] for j in (k - 1, k + 1) if 0 <= j < len(code)]
            if not keep[i] and any(keep[j] for j in near) and ">" in " ".join(
                    bare_line(x) for x in blocks[i].logical):
                keep[i] = changed = True


def _special_comment(block: _Block) -> bool:
    """A comment shellcheck reads: a directive, or a shebang after the first line."""
    return any(_DIRECTIVE.match(x) or (x.startswith("#!") and u.first > 1)
               for u in block.units for x in [u.logical])


class _Layout:
    """The reduced text: the shebang, file-wide directives, the template's ``set`` lines, one
    ``export`` of the variables both sides name, then the kept blocks in order (``:`` where
    the template's commands were, so kept commands do not become adjacent)."""

    def __init__(self, blocks: list[_Block], keep: list[bool], template: _Template) -> None:
        self.blocks, self.keep, self.template = blocks, keep, template
        self.lines: list[str] = []
        self.origin: list[int | None] = []
        self.dropped: list[str] = []  # the template's text left out
        self.kept: list[str] = []  # the logical lines linted

    def reduction(self) -> Reduction:
        blocks, keep = self.blocks, self.keep
        first = blocks[0].units[0] if blocks else None
        shebang = first is not None and first.lines[0].startswith("#!")
        self._put([first.lines[0]] if first and shebang else ["#!/bin/bash"],
                  1 if shebang else None)
        code = {i for i, b in enumerate(blocks) if not b.comment}
        first_code = min(code, default=len(blocks))
        for i in range(first_code):  # file-wide directives stay before every command
            if keep[i] and not (i == 0 and shebang):
                self._block(blocks[i])
            keep[i] = False
        body_at = len(self.lines)
        gap = False
        for i, block in enumerate(blocks):
            if i in code and not keep[i]:
                self.dropped += block.logical
            if not keep[i]:
                gap = gap or i in code
                continue
            if gap:
                self._put([":"], None)  # the template's commands in between
                gap = False
            self._block(block)
        self._prologue(body_at)
        return Reduction("\n".join(self.lines) + "\n", tuple(self.origin))

    def _prologue(self, at: int) -> None:
        """The template's ``set`` lines and the shared variables, before the kept blocks (a
        command there: a directive among them governs its own command only)."""
        sets = list(dict.fromkeys(x.strip() for x in self.dropped
                                  if _SET.match(x) and "\n" not in x))
        shared = _names("\n".join(self.dropped)) & _names("\n".join(self.kept))
        plain = _plain_values(self.dropped, shared)
        added = [*sets, *plain, "export " + " ".join(sorted(shared)) if shared else ":"]
        self.lines[at:at] = added
        self.origin[at:at] = [None] * len(added)

    def _put(self, lines: list[str], first: int | None) -> None:
        self.lines += lines
        self.origin += [None] * len(lines) if first is None else range(first, first + len(lines))

    def _block(self, block: _Block) -> None:
        for unit in block.units:
            cut = self._cut(unit)
            if cut is None:
                self._put(unit.lines, unit.first)
                self.kept.append(unit.logical)
            else:
                lines, first, prefix = cut
                self._put(lines, first)
                self.kept.append("\n".join(lines))
                self.dropped.append(prefix)

    def _cut(self, unit: _Unit) -> tuple[list[str], int, str] | None:
        """The unit without the template's words before the user's program (a stand-in
        command instead), its first line, and the words left out; None if it has none."""
        for leading, before in self.template.holes:
            m = len(leading)
            if len(unit.lines) <= m or tuple(unit.lines[:m]) != leading or not unit.lines[
                    m].startswith(before):
                continue
            words = unit.lines[0].split()
            name = words[0] if words else ""
            if not _COMMAND_NAME.match(name) or (m == 0 and not before.strip()):
                return None
            stand_in = _STAND_IN if name in _PLAIN_LAUNCHERS else name
            lines = [f"{stand_in} {unit.lines[m][len(before):]}", *unit.lines[m + 1:]]
            return lines, unit.first + m, "\n".join([*leading, before])
        return None


_PLAIN_VALUE = re.compile(r"^\s*([A-Za-z_]\w*)=([\w.:/-]*)\s*$")


def _plain_values(dropped: list[str], names: set[str]) -> list[str]:
    """``NAME=value`` lines of the left-out text for those of ``names`` it sets only to a
    plain word (``NNODES=2``): kept before their ``export``, shellcheck reads ``$NNODES``
    unquoted as the whole script gives it (an ``export`` alone is a value it cannot know)."""
    lines: dict[str, str] = {}
    for text in dropped:
        for line in text.split("\n"):
            for name in set(_ASSIGN.findall(bare_line(line))):
                if name not in names:
                    continue
                plain = _PLAIN_VALUE.match(line)
                if plain is None or lines.get(name, line.strip()) != line.strip():
                    names = names - {name}
                    lines.pop(name, None)
                else:
                    lines[name] = line.strip()
    return list(lines.values())


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
