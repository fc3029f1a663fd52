"""A launch line inside a loop: the loop's own lines around it, so a port can keep the loop.

``for BUF in 1 2 4; do date; mpiexec ... python app.py $BUF; done`` runs the program once per
value; a port that ran it once would change the job. :func:`launch_loop` returns the lines of
the enclosing ``for``/``while``/``until``/``select`` loops before and after the launch line,
verbatim, or why they cannot be kept around another launch line (the launch shares its line
with other commands). ``if``/``case`` branches around the launch are kept the same way (a
``branch`` wrapper when no loop encloses it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maple_flow.scriptparse.chain import chain_parts, runs_program
from maple_flow.scriptparse.shell import (
    BACKGROUND_END,
    COMPOUND_CLOSER,
    COMPOUND_OPENER,
    Block,
    ShellCommand,
    bare_line,
    logical_lines,
    split_commands,
)

_LOOPS = frozenset({"for", "while", "until", "select"})
_LOOP_VAR = re.compile(r"^\s*(?:for|select)\s+([A-Za-z_]\w*)\s+in\b|^\s*for\s+([A-Za-z_]\w*)\s*$")
_READ_VARS = re.compile(r"\bwhile\s+(?:IFS=\S*\s+)?read\s+((?:-\w+\s+)*)([A-Za-z_][\w\s]*?)"
                        r"\s*(?:;|$|<)")
_ARITH_VAR = re.compile(r"^\s*for\s*\(\(\s*([A-Za-z_]\w*)\s*=")
_REDIRECTION = re.compile(r"\d?>&\d|&>")
#: A ``{ ...; }`` group's braces, where the shell reads them as such.
_BRACE = re.compile(r"(?:^|[;&|]\s*|\)\s*)([{}])(?=\s|$|;|>|<|\|)")
#: A line that is only loop syntax: ``do``, ``done``, ``done < file``.
_KEYWORD_LINE = re.compile(r"^\s*(?:do|done|then|else|fi)\b")


@dataclass(frozen=True)
class LaunchLoop:
    """The loops around the launch line: their lines before and after it, verbatim."""

    line: int
    head: str
    before: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    #: Variables the loops set (``for NAME in``, ``while read A B``, ``for ((i=0; ...))``).
    variables: list[str] = field(default_factory=list)
    #: Why the loop cannot be kept around another launch line ("" when it can).
    problem: str = ""
    #: The loop starts the launch once per node, in the background (``for n in $nodes; do
    #: srun -N1 -w $n ... & done; wait``): a per-node launch written by hand.
    per_node: bool = False
    #: Only ``if``/``case`` branches around the launch, no loop: it runs at most once.
    branch: bool = False


def _stack_after(lines: list[str]) -> list[str]:
    """The compound commands still open after ``lines`` (outermost first)."""
    stack: list[str] = []
    for line in lines:
        bare = bare_line(line.split("\n", 1)[0]).strip()
        events = sorted([(m.start(1), m.group(1)) for m in COMPOUND_OPENER.finditer(bare)]
                        + [(m.start(1), m.group(1)) for m in COMPOUND_CLOSER.finditer(bare)]
                        + [(m.start(1), m.group(1)) for m in _BRACE.finditer(bare)])
        for _, word in events:
            if word in {"fi", "esac", "done", "}"}:
                if stack:
                    stack.pop()
            else:
                stack.append(word)
    return stack


def _loop_variables(lines: list[str]) -> list[str]:
    names: list[str] = []
    for line in lines:
        bare = bare_line(line)
        for pattern in (_LOOP_VAR, _ARITH_VAR):
            match = pattern.search(bare)
            if match:
                names.append(next(g for g in match.groups() if g))
        read = _READ_VARS.search(bare)
        if read:
            names += read.group(2).split()
    return list(dict.fromkeys(names))


def _alone(text: str, cmd: ShellCommand, commands: tuple[ShellCommand, ...]) -> bool:
    """Whether the logical line ``text`` holds only the launch command (and redirections),
    after the commands chained in front of it (``cd "$d" && srun ...``: kept in front of the
    target's launch as on a line of its own, :func:`chain_front`)."""
    front = chain_front(text, cmd)
    same_line = [c for c in commands if c.text == cmd.text]
    if front:
        text = text.strip()[len(front):].lstrip()
        same_line = [c for c in same_line if c.words == cmd.words]
    # a lone `;` ending the line only ends the launch (`python run.py -k $i ;`)
    bare = BACKGROUND_END.sub("", _REDIRECTION.sub("", _TERMINATOR_TAIL.sub("", bare_line(text))))
    if _TEE_TAIL.search(bare):  # `launch 2>&1 | tee log`: its output logged, kept with it
        bare = _TEE_TAIL.sub("", bare)
        same_line = [c for c in same_line if c.words[:1] != ("tee",)]
    if STOP_TAIL.search(bare):  # `launch || exit`: stop the loop at a failure, carried
        bare = STOP_TAIL.sub("", bare)
        same_line = [c for c in same_line if c.words[:1] not in _STOP_WORDS]
    return len(same_line) == 1 and not _KEYWORD_LINE.match(bare) and not re.search(
        r"[;|&]|\b(?:do|done|then|fi)\s*$", bare)


def chain_front(text: str, cmd: ShellCommand) -> str:
    """The commands chained by ``&&`` in front of the launch ``cmd`` on its line ``text``
    (``cd "$MAIN_DIR/$sol" &&``), when none of them starts a program; ``""`` otherwise."""
    parts = chain_parts(text.strip())
    if not parts or len(parts) < 2:
        return ""
    last = parts[-1]
    if any(p.op != "&&" for p in parts[:-1]) or not any(
            c.words == cmd.words for c in split_commands(last.text)):
        return ""
    front = [c for p in parts[:-1] for c in split_commands(p.text)]
    if len(front) != len(parts) - 1 or any(runs_program(c.words) for c in front):
        return ""
    return text.strip()[:last.start].rstrip()


#: ``launch 2>&1 | tee [-a] FILE``: the launch's output also written to a log (one file).
_TEE_TAIL = re.compile(r"\s*\|&?\s*tee(?:\s+-a|\s+--append)?\s+"
                       r"(?:\"[^\"]*\"|'[^']*'|[^\s;&|]+)\s*$")
#: ``launch ;``: a command terminator with nothing after it on the line.
_TERMINATOR_TAIL = re.compile(r"(?<![;&|])\s*;\s*$")
#: ``launch || exit 1``: stop at a failure (carried with the launch).
STOP_TAIL = re.compile(r"\s*\|\|\s*(?:exit|break|return)(?:\s+\d{1,3})?\s*;?\s*$")
_STOP_WORDS = {("exit",), ("break",), ("return",)}


def launch_loop(block: Block, cmd: ShellCommand) -> LaunchLoop | None:
    """The loops of ``block`` around the launch command ``cmd``, or None when the launch is
    not inside a loop (a plain line, or only ``if``/``case`` branches around it)."""
    lines = [text for _, text in logical_lines(block.text)]
    at = max((i for i, text in enumerate(lines) if text.strip() == cmd.text), default=-1)
    if at < 0:
        return None
    head = " ".join(lines[0].split())
    stack = _stack_after(lines[:at])
    before, after = lines[:at], lines[at + 1:]
    if not set(stack) & _LOOPS:
        if set(_stack_after(lines[at:at + 1])) & _LOOPS or re.search(
                r"\b(?:for|while|until|select)\b.*\bdo\b", bare_line(lines[at])):
            return LaunchLoop(block.line, head, problem=(
                "the launch shares one line with its loop; write the loop on several lines "
                "(the launch on a line of its own)"))
        condition = _launch_condition(lines[at], cmd, block.commands)
        if condition is not None:  # `if srun python x.py; then ... else ... fi`
            return LaunchLoop(block.line, head, [*before, condition[0]],
                              [condition[1], *after], branch=True)
        if not stack or not _alone(lines[at], cmd, block.commands):
            return None
        return LaunchLoop(block.line, head, before, after, branch=True)
    problem = ""
    if not _alone(lines[at], cmd, block.commands):
        problem = ("the launch shares its line with other commands inside the loop; put it on "
                   "a line of its own")
    names = _loop_variables(before)
    per_node = _per_node(cmd.text, _derived(names, before))
    return LaunchLoop(block.line, head, before, after, names, "" if per_node else problem,
                      per_node)


_CONDITION = re.compile(r"^(\s*)(if(?:\s+!)?)\s+(.*?)\s*;\s*then\s*$", re.S)
#: ``if LAUNCH; then A; else B; fi`` written on one line: the words after ``then``.
_CONDITION_LINE = re.compile(r"^(\s*)(if(?:\s+!)?)\s+(.*?)\s*;\s*then\s+(.*\S)\s*$", re.S)
#: The branch text ends the ``if`` on the same line (``...; fi``).
_CLOSED = re.compile(r"(?:^|[;\s])fi$")


def _launch_condition(text: str, cmd: ShellCommand,
                      commands: tuple[ShellCommand, ...]) -> tuple[str, str] | None:
    """``if LAUNCH; then`` (the launch alone as the test): the lines to keep around the
    target's launch in its place, ``if`` and ``then`` (indented as written); else None."""
    match, rest = _CONDITION.match(text), ""
    if match is None:  # `if LAUNCH; then A; else B; fi` on one line: its branches kept after
        match = _CONDITION_LINE.match(text)
        if match is None or not _CLOSED.search(bare_line(match.group(4))):
            return None
        rest = " " + match.group(4).strip()
    same = [c for c in commands if c.text == cmd.text]  # one line: its branches' commands too
    if (len(same) if not rest else sum(c.words == cmd.words for c in same)) != 1:
        return None
    indent, keyword, test = match.groups()[:3]
    if re.search(r"[;|&]", bare_line(test)):
        return None  # the test is more than the launch
    return indent + keyword, indent + "then" + rest


def _derived(names: list[str], before: list[str]) -> list[str]:
    """``names`` and the names the loop's body sets from them before the launch
    (``node_i=${nodes_array[$i]}``: the host a pass runs on, picked by the loop variable)."""
    names = list(names)
    if not names:
        return names
    for line in before[1:]:
        match = _ASSIGNED.match(line.split(" #", 1)[0])
        if match and any(_reads(n, match.group(2)) for n in names):
            names.append(match.group(1))
    return names


def _per_node(text: str, names: list[str]) -> bool:
    """The launch runs in the background on the host the loop variable names, itself or as
    the index of a host array (``for i in "${!NODES[@]}"; do ssh "${NODES[$i]}" ... &``)."""
    if not names or not re.search(r"&\s*$", bare_line(text)):
        return False
    var = "|".join(re.escape(n) for n in names)
    host = rf"(?:\$\{{?(?:{var})\b|\$\{{\w+\[\$?\{{?(?:{var})\}}?\]\}})"
    return bool(re.search(rf"(?:-w|--nodelist=?|--host=?|-host|--hosts=?|ssh)\s*['\"]?"
                          rf"{host}", text))


#: The host selector of a one-node launch: ``-w HOST``, ``--nodelist=HOST``, ``--host(s) HOST``,
#: ``-host HOST``, ``ssh [-opts] HOST`` (the loop variable naming the node is expected there).
_HOST_SELECTOR = re.compile(
    r"(?:(?<!\S)(?:-w|--nodelist|--hosts?|-hosts?)(?:=|\s+)|(?<!\S)ssh(?:\s+-[oplijFJ]\s+\S+|\s+-\w+)*\s+)"
    r"(?:\"[^\"]*\"|'[^']*'|\S+)")
_ASSIGNED = re.compile(r"^\s*(?:local\s+|export\s+)?([A-Za-z_]\w*)=(.*)$")


def per_node_values(loop: LaunchLoop, text: str) -> list[str]:
    """The loop variables (and the names the loop body sets from them, ``node_rank=$i``) that
    the launch ``text`` of a per-node loop reads besides the host it runs on: each node gets
    its own value (``srun -w ${var[$i]} -N1 -n1 bash run.sh $i``), which one launch on every
    node cannot give. Empty when only the host selector reads them."""
    names = list(loop.variables)
    for line in loop.before[1:]:
        match = _ASSIGNED.match(line.split(" #", 1)[0])
        if match and any(_reads(n, match.group(2)) for n in names):
            names.append(match.group(1))
    rest = _HOST_SELECTOR.sub(" ", text)
    return [n for n in dict.fromkeys(names) if _reads(n, rest)]


def _reads(name: str, text: str) -> bool:
    """Whether ``text`` reads the variable ``name`` (``$i``, ``${i}``, ``${a[$i]}``)."""
    return re.search(rf"\$\{{?{re.escape(name)}\b|\[\$?\{{?{re.escape(name)}\b", text) is not None

