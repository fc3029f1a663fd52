"""Split a shell script into simple commands with a real shell parser (bashlex).

Each logical line (continuations joined) is parsed on its own, so one construct bashlex
does not support (arithmetic expansion, ``case``) costs only that line, which then falls
back to POSIX word splitting (shlex). Compound commands (``if``/``for``/``&&`` lists) are
walked down to their simple commands; command substitutions are not.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

#: ``... &`` (not ``&&``, not ``|&``) at the end of a command: it runs in the background.
BACKGROUND_END = re.compile(r"(?<![&|])&\s*$")
_ARITH = re.compile(r"\$\(\((.*?)\)\)")
#: The keyword that opens a condition, and a negation (``if ! cmd``, ``while ! cmd``).
_CONDITION = re.compile(r"^\s*(?:if|elif|while|until)\s+(?:!\s+)?")
_KEYWORDS = frozenset({"then", "do", "else", "elif", "fi", "done", "{", "}", "if", "while"})


#: Builtins whose ``NAME=value`` words set variables.
_SETTER_WORDS = (("export",), ("declare",), ("typeset",), ("readonly",), ("local",))


@dataclass(frozen=True)
class ShellCommand:
    """One simple command: its words (quotes removed), leading assignments, line number,
    the logical line it came from, and each word as written (``raw``, quotes kept)."""

    words: tuple[str, ...]
    assignments: tuple[tuple[str, str], ...]
    line: int
    text: str
    raw: tuple[str, ...] = ()

    @property
    def is_condition(self) -> bool:
        """The command is the test of an ``if``/``elif``/``while``/``until`` (``elif
        /usr/bin/time -l true; then``): a probe deciding a branch is never named as a hidden
        launch (a Python launch tested for its status, ``if srun python x.py; then``, still is
        the launch)."""
        match = _CONDITION.match(self.text)
        first = (self.raw or self.words)[:1]
        return bool(match and first and self.text[match.end():].startswith(first[0]))

    def settings(self) -> list[tuple[str, str]]:
        """The variables the command sets: its assignments, and the ``NAME=value`` words of
        an ``export``/``declare``/``typeset``/``readonly``/``local`` line (``export
        JULIA_BIN=/x/bin/julia``; ``export NAME`` alone sets nothing: its value is the
        caller's)."""
        declared = [w.partition("=")[::2] for w in self.words[1:] if "=" in w
                    and not w.startswith("-")] if self.words[:1] in _SETTER_WORDS else []
        return [*self.assignments, *((n, v) for n, v in declared)]

    def unquoted(self, k: int) -> bool:
        """Whether word ``k`` was written without quotes (the shell splits its expansions)."""
        raw = self.raw[k] if k < len(self.raw) else self.words[k]
        return not any(q in raw for q in "'\"\\")


#: A heredoc's start: ``<<``, ``-`` (tabs stripped), the delimiter as quoted (groups 1-3).
HEREDOC = re.compile(r"<<(-?)\s*(['\"]?)([A-Za-z_][\w.-]*)\2")


def _open_state(line: str, quote: str) -> tuple[str, list[tuple[bool, str]]]:
    """The quote still open after ``line`` (starting inside ``quote``), and the heredocs
    (strip tabs?, delimiter) it opens outside quotes; a ``#`` comment ends the scan."""
    still, heredocs = _scanned(line, quote)
    return still, list(heredocs)


@lru_cache(maxsize=16384)
def _scanned(line: str, quote: str) -> tuple[str, tuple[tuple[bool, str], ...]]:
    """``_open_state``, memoised (a batch scans the same template lines in every port)."""
    heredocs: list[tuple[bool, str]] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if quote == "'":
            quote = "" if ch == "'" else quote
        elif ch == "\\":
            i += 1
        elif quote == '"':
            quote = "" if ch == '"' else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t;&|("):
            break
        elif line.startswith("<<", i) and not line.startswith("<<<", i):
            match = HEREDOC.match(line, i)
            if match:
                heredocs.append((match.group(1) == "-", match.group(3)))
                i = match.end() - 1
        i += 1
    return quote, tuple(heredocs)


def logical_lines(text: str) -> list[tuple[int, str]]:
    """(first line number, text) of each logical command line: backslash continuations
    joined with a space, quoted strings that span lines and heredoc bodies kept whole.
    A quote that never closes ends at its own line (as the old line-by-line reading did)."""
    return list(_logical_lines(text))


@lru_cache(maxsize=1024)
def _logical_lines(text: str) -> tuple[tuple[int, str], ...]:
    """``logical_lines``, memoised (a port's stages read its source and its port again)."""
    out: list[tuple[int, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        end, buffer, heredocs = _join(lines, i)
        depth = _open_parens(buffer.split("\n", 1)[0]) if heredocs else 0
        for strip, delimiter in heredocs:
            while end < len(lines):
                body = lines[end]
                buffer += "\n" + body
                end += 1
                line = body.lstrip("\t") if strip else body
                if line == delimiter:
                    break
                if depth > 0 and line.startswith(delimiter + ")"):
                    # bash ends a heredoc inside `$( ... )` at `PY)` (with a warning)
                    depth += _open_parens(line[len(delimiter):])
                    break
        while depth > 0 and end < len(lines):  # `X=$(python - <<'PY'` ... `PY` then `)`
            buffer += "\n" + lines[end]
            depth += _open_parens(lines[end])
            end += 1
        out.append((i + 1, buffer))
        i = end
    return tuple(out)


def _open_parens(line: str) -> int:
    """``(`` less ``)`` outside quotes and comments in ``line``: a command substitution a
    heredoc's first line opens and a later line closes."""
    depth, quote, i = 0, "", 0
    while i < len(line):
        ch = line[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch == "\\":
            i += 1
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t;&|("):
            break
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        i += 1
    return depth


#: A line that opens a bash array assignment it does not close (``CMD=(``, one item a line).
_OPEN_ARRAY = re.compile(r"^\s*(?:(?:export|local|declare\s+-a|readonly)\s+)?\w+\+?=\((?!.*\))")


def _array_end(lines: list[str], i: int) -> int | None:
    """The line closing the array assignment ``lines[i]`` opens, or None."""
    line = lines[i]
    if "=(" not in line or not _OPEN_ARRAY.match(line) or "'" in line or '"' in line.split(
            "(", 1)[0]:  # "=(": the only lines the pattern can match
        return None
    for j in range(i + 1, min(len(lines), i + 200)):
        if lines[j].strip().endswith(")") and not lines[j].lstrip().startswith("#"):
            return j
    return None


def _join(lines: list[str], i: int) -> tuple[int, str, list[tuple[bool, str]]]:
    """Lines from ``i`` joined while a quote is open or a line ends in a backslash; a
    multi-line array assignment (``CMD=(`` ... ``)``) is one line, its items space-joined."""
    end = _array_end(lines, i)
    if end is not None:
        items = [x.strip().rstrip("\\").strip() for x in lines[i:end + 1]]
        return end + 1, " ".join(x for x in items if x and not x.startswith("#")), []
    buffer = lines[i]
    quote, heredocs = _open_state(buffer, "")
    j = i + 1
    while j < len(lines) and (quote or _continued(lines[j - 1])):
        if quote == '"' and _continued(lines[j - 1]):
            buffer = buffer.rstrip()[:-1] + " " + lines[j]  # "...\<newline>" joins lines
        elif quote:
            buffer += "\n" + lines[j]
        else:
            buffer = buffer.rstrip()[:-1] + " " + lines[j]
        quote, more = _open_state(lines[j], quote)
        heredocs += more
        j += 1
    if quote:  # never closed: read the first line alone
        return i + 1, lines[i], _open_state(lines[i], "")[1]
    if j == len(lines) and _continued(lines[j - 1]):
        buffer = buffer.rstrip()[:-1].rstrip()  # continued onto the end of the script
    return j, buffer, heredocs


def unclosed_quote(text: str) -> tuple[int, str] | None:
    """(line number, quote character) of the first quote that never closes, outside
    comments and heredoc bodies; None when every quote closes. Bash would stop there with
    "unexpected EOF while looking for matching quote"."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        end, _, heredocs = _join(lines, i)
        quote = _open_state(lines[i], "")[0]
        if end == i + 1 and quote:
            return i + 1, quote
        for strip, delimiter in heredocs:
            while end < len(lines):
                body = lines[end]
                end += 1
                if (body.lstrip("\t") if strip else body) == delimiter:
                    break
        i = end
    return None


def short_text(text: str, width: int = 60) -> str:
    """``text`` cut to ``width`` characters (``...`` when cut)."""
    return text if len(text) <= width else text[:width - 3] + "..."


def one_line(text: str, width: int = 240) -> str:
    """``text`` on one line (whitespace collapsed), at most ``width`` characters."""
    return short_text(" ".join(text.split()), width)


def _continued(line: str) -> bool:
    """Whether ``line`` goes on on the next one: a trailing backslash outside a comment (bash
    ends a comment at the newline, a backslash in it included: ``--a \\<nl># b \\<nl>c``
    runs ``c`` as a command of its own)."""
    return line.rstrip().endswith("\\") and not _in_comment_end(line)


def comment_cuts(lines: list[str]) -> list[str]:
    """A note for each comment that ends a backslash-continued command (``--a \\`` then
    ``# --b \\`` then ``2>&1 | tee log``): bash ends the command at the comment, so the line
    after it runs as a command of its own; the port keeps that, as the source ran it."""
    return list(_comment_cuts(tuple(lines)))


@lru_cache(maxsize=256)
def _comment_cuts(lines: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`comment_cuts`, kept per text (a batch asks it of the source for every target)."""
    notes = []
    for i in range(1, len(lines) - 1):
        line = lines[i]
        if (_continued(lines[i - 1]) and line.rstrip().endswith("\\")
                and _in_comment_end(line) and lines[i + 1].strip()):
            notes.append(
                f"line {i + 1} `{line.strip()}` is a comment inside a continued command: bash "
                "ends the command there (a comment's backslash continues nothing), so line "
                f"{i + 2} `{lines[i + 1].strip()}` runs as a command of its own, not as part of "
                "the command above; the port keeps it so, as the source ran it: join the lines "
                "(drop the comment) if they were meant as one command")
    return tuple(notes)


def _in_comment_end(line: str) -> bool:
    """Whether the end of ``line`` lies in a comment: an unquoted ``#`` at the line's start
    or after a blank (not ``$#``, ``${#x}``, ``a#b``)."""
    return comment_start(line) is not None


def code_part(line: str) -> str:
    """``line`` without its trailing comment (``python x.py  # --lr $LR``: ``python x.py  ``)."""
    at = comment_start(line)
    return line if at is None else line[:at]


def comment_start(line: str) -> int | None:
    """Where the comment of ``line`` starts (its unquoted ``#`` at the line's start or after a
    blank, ``;``, ``&``, ``|`` or ``(``), or None when it has none."""
    if "#" not in line:
        return None
    quote = ""
    prev = " "
    i = 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 2
                prev = "x"
                continue
            if c == quote:
                quote = ""
        elif c == "\\":
            i += 2
            prev = "x"
            continue
        elif c in "'\"":
            quote = c
        elif c == "#" and prev in " \t;&|(":
            return i
        prev = c
        i += 1
    return None


def _protect_arith(line: str) -> tuple[str, dict[str, str]]:
    saved: dict[str, str] = {}

    def keep(match: re.Match[str]) -> str:
        key = f"__MAPLE_ARITH_{len(saved)}__"
        saved[key] = match.group(0)
        return key

    return _ARITH.sub(keep, line), saved


#: A ``[[ ... ]]`` test (its quoted strings skipped): its ``&&``, ``||``, ``<`` and ``>`` are
#: the test's own operators, not a list or a redirection.
_TEST = re.compile(r"\[\[\s(?:'[^']*'|\"(?:\\.|[^\"\\])*\"|[^'\"\]]|\](?!\]))*?\s\]\]")
_TEST_OPS = re.compile(r"&&|\|\||<|>")


def _protect_tests(line: str, saved: dict[str, str]) -> str:
    """``line`` with the operators inside each ``[[ ... ]]`` replaced by keys (restored in the
    words): ``[[ "$f" != *.x && "$f" != y ]]`` is one test, not two commands."""
    if "[[" not in line:
        return line

    def ops(match: re.Match[str]) -> str:
        def key(op: re.Match[str]) -> str:
            name = f"__MAPLE_TESTOP_{len(saved)}__"
            saved[name] = op.group(0)
            return name

        text = match.group(0)
        out, last = [], 0
        for quoted in _QUOTED.finditer(text):  # operators in quotes are text already
            out.append(_TEST_OPS.sub(key, text[last:quoted.start()]))
            out.append(quoted.group(0))
            last = quoted.end()
        out.append(_TEST_OPS.sub(key, text[last:]))
        return "".join(out)

    return _TEST.sub(ops, line)


def _restore(word: str, saved: dict[str, str]) -> str:
    for key, value in saved.items():
        word = word.replace(key, value)
    return word


@cache
def _bashlex() -> Any:
    """bashlex, imported on first use (building its parser tables takes about 0.2 s)."""
    import bashlex

    return bashlex


@cache
def _collector_class() -> Any:
    base = _bashlex().ast.nodevisitor

    class Collector(base):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            self.commands: list[list[Any]] = []

        def visitcommand(self, node: Any, parts: list[Any]) -> bool:
            self.commands.append(parts)
            return False  # do not descend into command substitutions

        def visitfunction(self, node: Any, name: Any, body: Any, parts: list[Any]) -> bool:
            self.visit(body)
            return False

    return Collector


def dequote(raw: str) -> str:
    """Bash quote removal on one word: '...', "..." (\\ escapes $ ` " \\) and bare \\x."""
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(raw):
        ch = raw[i]
        if quote == "'":
            quote, keep = ("", "") if ch == "'" else (quote, ch)
        elif ch == "\\" and i + 1 < len(raw) and (not quote or raw[i + 1] in '$`"\\'):
            i, keep = i + 1, raw[i + 1]
        elif ch == '"' or (ch == "'" and not quote):
            quote, keep = ("" if quote else ch), ""
        else:
            keep = ch
        out.append(keep)
        i += 1
    return "".join(out)


def _word(part: Any, line: str, saved: dict[str, str]) -> str:
    """A word's text after quote removal; bashlex's own is wrong on 'a'"'"'b' words and
    drops the single quotes a double-quoted value holds (``CMD="x --d='a b'"``: bash keeps
    them, for the ``eval`` that reads the value)."""
    raw = line[part.pos[0]:part.pos[1]]
    simple = "'" in raw and not re.search(r"\$[(\']|`", raw)
    return _restore(dequote(raw) if simple else part.word, saved)


Parsed = list[tuple[list[str], list[tuple[str, str]], list[str]]]


#: ``time`` in front of a command: a reserved word bashlex does not parse (a plain word of
#: the same length stands for it, so positions in the line are kept).
_TIME_WORD = re.compile(r"(^|[;&|(]\s*|\b(?:then|do|else)\s+)time(?=\s)")
_TIME_STANDIN = "t1me"


def _bashlex_commands(line: str) -> Parsed | None:
    protected, saved = _protect_arith(line)
    protected = _protect_tests(protected, saved)
    protected = _TIME_WORD.sub(lambda m: m.group(1) + _TIME_STANDIN, protected)
    try:
        trees = _bashlex().parse(protected)
        collector = _collector_class()()
        for tree in trees:
            collector.visit(tree)
    except Exception:  # bashlex raises many types on shell it does not support
        return None
    result = []
    for parts in collector.commands:
        words = [_untimed(_word(p, protected, saved)) for p in parts if p.kind == "word"]
        raw = [_untimed(_restore(protected[p.pos[0]:p.pos[1]], saved))
               for p in parts if p.kind == "word"]
        assigns = [_word(p, protected, saved) for p in parts if p.kind == "assignment"]
        pairs = [tuple(a.split("=", 1)) for a in assigns]
        result.append((words, [(k, v) for k, v in pairs], raw))
    return result


def _untimed(word: str) -> str:
    return "time" if word == _TIME_STANDIN else word


def _protect_subst(line: str) -> tuple[str, dict[str, str]]:
    """``line`` with each balanced ``$(...)`` replaced by a key (a fallback reading: the
    operators and quotes inside a substitution do not split the command around it)."""
    saved: dict[str, str] = {}
    out: list[str] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if line.startswith("$(", i):
            end = _closing(line, i + 1)
            if end > 0:
                key = f"__MAPLE_SUBST_{len(saved)}__"
                saved[key] = line[i:end + 1]
                out.append(key)
                i = end + 1
                continue
        out.append(ch)
        i += 1
    return "".join(out), saved


def _closing(line: str, open_at: int) -> int:
    """Index of the parenthesis closing the one at ``open_at``, or -1."""
    depth = 0
    for j in range(open_at, len(line)):
        depth += {"(": 1, ")": -1}.get(line[j], 0)
        if depth == 0:
            return j
    return -1


def _shlex_commands(line: str) -> Parsed:
    result = []
    line, saved = _protect_subst(line)
    line = _protect_tests(line, saved)
    for chunk in re.split(r"\s(?:&&|\|\||;|\|)\s|;\s*", line):
        try:
            words = shlex.split(chunk, comments=True)
        except ValueError:
            words = chunk.split()
        words = [_restore(w, saved) for w in words if w not in _KEYWORDS]
        assigns: list[tuple[str, str]] = []
        while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
            name, _, value = words.pop(0).partition("=")
            assigns.append((name, value))
        if words or assigns:
            result.append((words, assigns, list(words)))
    return result


def split_commands(text: str) -> list[ShellCommand]:
    """Every simple command of ``text`` in order; comments and directives are skipped."""
    return [cmd for block in split_blocks(text) for cmd in block.commands]


#: The keyword that opens a compound command, and the one that closes it (group 1).
COMPOUND_OPENER = re.compile(
    r"(?:^|[;&|(]\s*|\b(?:then|do|else)\s+)(if|case|for|while|until|select)\b")
COMPOUND_CLOSER = re.compile(r"(?:^|[;&|]\s*)(fi|esac|done)\b")
_QUOTED = re.compile(r"'[^']*'|\"(?:\\.|[^\"\\])*\"")
#: A ``{`` that opens a group: a lone one, after ``;``/``&``/``|``, after ``name()``, and after
#: ``function name`` (bash's keyword form ``function name {``, whose body is the function's too).
_GROUP_OPENER = re.compile(
    r"(?:^|[;&|]\s*|\)\s*|^\s*function\s+[\w.:@+-]+\s+)\{(?=\s|$)")


@lru_cache(maxsize=16384)
def bare_line(line: str) -> str:
    """``line`` with its quoted strings emptied and a trailing comment dropped, so keyword
    scans see only the shell's own words."""
    return re.sub(r"(?:^|\s)#.*$", "", _QUOTED.sub("''", line))


@lru_cache(maxsize=16384)
def _depth_change(text: str) -> int:
    """How many compound commands (if/for/while/case/{ }) ``text`` opens minus closes."""
    first = text.split("\n", 1)[0]  # heredoc bodies and quoted lines do not count
    bare = bare_line(first)
    opened = len(COMPOUND_OPENER.findall(bare)) + len(_GROUP_OPENER.findall(bare))
    closed = len(COMPOUND_CLOSER.findall(bare)) + len(re.findall(r"(?:^|[;&|]\s*)\}", bare))
    return opened - closed


@dataclass(frozen=True)
class Block:
    """A top-level piece of a script, verbatim: one logical line, or a whole if/for/while/
    case/function group spanning several, with its simple commands."""

    line: int
    text: str
    commands: tuple[ShellCommand, ...]


def _commands_of(number: int, line: str) -> list[ShellCommand]:
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return []
    return [ShellCommand(words, assigns, number, stripped, raw)
            for words, assigns, raw in _parsed_line(stripped)]


Words = tuple[str, ...]


#: A whole line that assigns or appends to an array (``HOSTS=("a" "b-c")``, ``nodes+=($x)``),
#: which bashlex does not read: one assignment, never a command.
_ARRAY_ASSIGN = re.compile(
    r"([A-Za-z_]\w*\+?)=\(((?:[^()'\"]|'[^']*'|\"(?:\\.|[^\"\\])*\")*)\)\s*;?\s*(?:#.*)?", re.S)
#: An arithmetic ``for ((i = 0; i < N; i++)); do [first command]`` header.
_ARITH_FOR = re.compile(r"for\s*\(\((.*?)\)\)\s*;?\s*(?:do\b\s*(.*))?", re.S)


@lru_cache(maxsize=8192)
def _parsed_line(stripped: str) -> tuple[tuple[Words, tuple[tuple[str, str], ...], Words], ...]:
    """The simple commands of one logical line (words, assignments, raw words), memoised:
    a batch re-reads the same template lines in every port (bashlex is most of a port's CPU)."""
    array = _ARRAY_ASSIGN.fullmatch(stripped)
    if array and "$(" not in array.group(2) and "`" not in array.group(2):
        return (((), ((array.group(1), f"({array.group(2)})"),), ()),)
    arith = _ARITH_FOR.fullmatch(stripped)
    if arith:  # the header as one ``for`` command, then what follows ``do`` on the line
        head = ("for", f"(({arith.group(1)}))")
        rest = (arith.group(2) or "").strip()
        return ((head, (), head),) + (_parsed_line(rest) if rest else ())
    plain = _plain_command(stripped)
    if plain is not None:
        return plain
    parsed = _bashlex_commands(stripped)
    if parsed is None:
        parsed = _shlex_commands(stripped)
    return tuple((tuple(words), tuple(assigns), tuple(raw)) for words, assigns, raw in parsed)


#: The pieces of a plain word: safe characters, ``$NAME``/``${NAME}``, a double-quoted string
#: of plain text and such references, a single-quoted string (atomic, so a line that is not
#: plain fails at once). A line of such words is one simple command, read without bashlex.
_PLAIN_VAR = r"\$(?:[A-Za-z_]\w*+|\{[A-Za-z_]\w*+\})"
_PLAIN_WORD = re.compile(
    rf"(?:[A-Za-z0-9_./:=,@%+\-]++|{_PLAIN_VAR}|\"(?:[^\"\\$`]++|{_PLAIN_VAR})*+\"|'[^']*+')++")
_PLAIN_LINE = re.compile(rf"{_PLAIN_WORD.pattern}(?:[ \t]++{_PLAIN_WORD.pattern})*+")
_PLAIN_ASSIGN = re.compile(r"[A-Za-z_]\w*\+?=")
#: Words that make a line more than a simple command (bashlex reads those).
_RESERVED = frozenset({"if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
                       "while", "until", "do", "done", "in", "function", "time", "coproc"})


def _plain_command(stripped: str) -> tuple[tuple[Words, tuple[tuple[str, str], ...], Words],
                                            ...] | None:
    """The one simple command of a plain line (words of ``_PLAIN_WORD`` only: no operator,
    redirection, substitution, glob, escape or reserved word), as bashlex reads it, without
    its parser; None for any other line. Checked equal to bashlex on the 5,134 plain lines of
    the released scripts and ports."""
    if "\n" in stripped or not _PLAIN_LINE.fullmatch(stripped):
        return None
    raw = [m.group(0) for m in _PLAIN_WORD.finditer(stripped)]
    assigns = []
    while raw and _PLAIN_ASSIGN.match(raw[0]):
        name, _, value = dequote(raw.pop(0)).partition("=")
        assigns.append((name, value))
    if raw and raw[0] in _RESERVED:
        return None
    return ((tuple(dequote(w) for w in raw), tuple(assigns), tuple(raw)),)


def split_blocks(text: str) -> list[Block]:
    """The top-level blocks of ``text`` in order (comment and blank lines are left out)."""
    return list(_split_blocks(text))


@lru_cache(maxsize=1024)
def _split_blocks(text: str) -> tuple[Block, ...]:
    """``split_blocks``, memoised (a port's stages read its source and its port again)."""
    blocks: list[Block] = []
    depth, start, lines, commands = 0, 0, [], []  # type: ignore[var-annotated]
    for number, line in logical_lines(text):
        found = _commands_of(number, line)
        if not found and depth == 0 and _depth_change(line.strip()) <= 0:
            continue  # a comment or blank line (a lone `{` opens a group: kept)
        if depth == 0:
            start, lines, commands = number, [], []
        lines.append(line)
        commands.extend(found)
        depth = max(0, depth + _depth_change(line.strip()))
        if depth == 0:
            blocks.append(Block(start, "\n".join(lines), tuple(commands)))
    if lines and depth:
        blocks.append(Block(start, "\n".join(lines), tuple(commands)))
    return tuple(blocks)


#: The job script's own arguments as a whole word (``$*``, ``"$@"``, ``${1}``, ``"${@:1}"``).
_POSITIONAL = re.compile(r"^\$(?:[*@1-9]|\{(?:[*@1-9]|[*@]:\d+(?::\d+)?)\})$")


def value_or_default(value: str, name: str = "") -> str:
    """An assignment's value as it stands unless the job's environment says otherwise: the
    default of ``${NAME:-default}`` / ``${NAME:=default}`` (of ``name`` only, where given),
    else the value itself; unquoted."""
    pattern = re.escape(name) if name else r"\w+"
    default = re.match(rf"\$\{{{pattern}:?[-=](.*)\}}$", value.strip(), re.S)
    return (default.group(1) if default else value).strip().strip("'\"")


def is_positional(word: str) -> bool:
    """Whether ``word`` is the job script's own arguments (``$*``, ``$@``, ``$1``, a slice
    ``${@:2}``)."""
    return bool(_POSITIONAL.match(word.strip('"')))
