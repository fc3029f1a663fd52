"""Checks of the facts a refusal states about the script before it is issued.

A refusal that quotes a word of the script and says what it is (``X is a program that is not
Python``, ``X is an installed command``, ``runs X, a program of yours that is not Python``,
``$X, which the script does not set``) is checked here against the parsed script: the
program position of each command line (from the launchers' option grammars,
:mod:`maple_flow.scriptparse.grammar`) and the variables the script sets. A reason whose
claim does not hold is not issued on that ground: a false "not set" clause is corrected to
the line that sets the variable; otherwise the reason is replaced by one that names what the
port really does not understand (the line, and its program as the launcher's grammar reads
it)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from maple_flow.errors import InvalidValue, MapleError, MissingInformation, ParseError
from maple_flow.scriptparse.grammar import option_value_of, program_position
from maple_flow.scriptparse.launch import C_SHELLS, launcher_pattern
from maple_flow.scriptparse.loop_facts import (
    BACKGROUND,
    UNWAITED,
    loop_launch_said,
    unwaited_said,
)
from maple_flow.scriptparse.shell import (
    Block,
    ShellCommand,
    one_line,
    split_blocks,
    split_commands,
    value_or_default,
)

T = TypeVar("T")
_REF = r"\$\{?([A-Za-z_]\w*)\}?"
#: Claims that the script does not set a variable.
_UNSET = (re.compile(rf"{_REF}, which the script does not set"),)
#: Claims that a word is the program a line starts.
_PROGRAM = (
    re.compile(r"(?:^|[\s(,:;])(\S+) is a program that is not Python"),
    re.compile(r"(?:^|[\s(,:;])(\S+) is an installed command"),
    re.compile(r"\bruns (\S+), a program of yours that is not Python"),
    re.compile(r"`\s*runs the command held in (\$\{?\w+\}?)"),
)


#: mpirun/mpiexec and their other names (scriptparse.launch's one table: orterun).
_MPI = launcher_pattern("mpirun", "mpiexec")


def _bodies(words: tuple[str, ...], line: int) -> Iterator[tuple[int, tuple[str, ...]]]:
    """``words`` and the command lines of the ``bash -c BODY`` bodies they run, each with
    the script line it is on."""
    yield line, words
    at, _ = program_position(words)
    if at is None or words[at].rsplit("/", 1)[-1] not in C_SHELLS:
        return
    for k in range(at + 1, len(words) - 1):
        if not re.fullmatch(r"-[a-z]*c[a-z]*", words[k]):
            if not words[k].startswith("-"):
                return
            continue
        for cmd in split_commands(words[k + 1]):
            yield from _bodies(cmd.words, line)
        return


def command_lines(blocks: list[Block]) -> Iterator[tuple[ShellCommand, tuple[str, ...]]]:
    """Every command line of the script (those of ``bash -c`` bodies too), with the script
    command it is on."""
    for block in blocks:
        for cmd in block.commands:
            for _, words in _bodies(cmd.words, cmd.line):
                yield cmd, words


def sets_variable(blocks: list[Block], name: str) -> int | None:
    """The first line where the script sets ``name`` (an assignment, ``export``/``declare``/
    ``local`` NAME=..., ``read NAME``, ``for NAME in``), or None."""
    for block in blocks:
        if re.search(rf"\bfor\s+{name}\s+in\b", block.text):
            return block.line
        for cmd in block.commands:
            if any(n == name for n, _ in cmd.settings()):
                return cmd.line
            head = cmd.words[0] if cmd.words else ""
            if head in ("read", "mapfile", "readarray") and name in cmd.words[1:]:
                return cmd.line
            if head == "getopts" and name in cmd.words[2:3]:
                return cmd.line
    return None


def _word_is_program(blocks: list[Block], word: str) -> tuple[bool, str]:
    """Whether ``word`` is the program of some command line of the script (True where the
    script never writes it as a word: a value the reason read elsewhere, not checked here),
    and, where it is not, what it is on the first line that writes it."""
    seen = ""
    for cmd, words in command_lines(blocks):
        if word not in (w.strip("'\"") for w in words):
            continue
        at, _ = program_position(words)
        if at is not None and words[at].strip("'\"") == word:
            return True, ""
        option = option_value_of(words, word)
        if option and not seen:
            real = words[at] if at is not None else ""
            seen = (f"line {cmd.line} `{one_line(cmd.text, 100)}`: `{word}` is the value of the "
                    f"launcher option {option}, not its program"
                    + (f"; the program it starts is `{real}`" if real else ""))
        elif not seen:
            seen = "-"  # an argument or operand: not checked further
    return (False, seen) if seen and seen != "-" else (True, "")


#: A scheduler directive line of the script's header (the comment lines before its first
#: command: sbatch, qsub and bsub stop reading directives there).
_DIRECTIVE = re.compile(r"#(?:SBATCH|PBS|BSUB|COBALT|PJM|MSUB|MOAB|JSUB|OAR|FLUX:?|\$|@)\s+\S")
#: A directive or launch option that counts GPUs (Slurm, PBS Pro, LSF, Grid Engine).
_GPU_COUNT = re.compile(
    r"(?:--gres[= ](?:\S*,)?gpu(?::[\w.-]+)?:[1-9]|--gpus(?:-per-(?:node|task|socket))?[= ]"
    r"(?:[\w.-]+:)?[1-9]|(?:^|\s)-G\s*[1-9]|\bngpus=[1-9]|(?:^|[\s:,])gpus?=(?:0*[1-9]|0?\.\d*[1-9])"
    r"|-gpu\s+[\"']?num=[1-9]|(?i:(?:^|[\s:,])gpus?=[1-9])|\bgpu_card=[1-9]|-gpgpu\s+[1-9]"
    r"|\bjsrun\b.*?\s(?:-g|--gpu_per_rs)[= ]?\s*[1-9])")
#: A directive that counts nodes.
_NODE_COUNT = re.compile(
    r"(?:(?:^|\s)(?:-N|--nodes)[= ]?\s*[1-9]|\bselect=[1-9]|\bnodes=[1-9]|-nnodes\s+[1-9])")
#: A directive that makes the job an array.
_ARRAY = re.compile(r"(?:--array[= ]|(?:^|\s)-a\s+\d|(?:^|\s)-J\s+\d|(?:^|\s)-t\s+\d|-J\s+\S*\[)")
#: Claims about the header: (pattern of the claim, what must not be in the header, its kind).
_HEADER_CLAIMS: tuple[tuple[re.Pattern[str], re.Pattern[str] | None, str], ...] = (
    (re.compile(r"has no scheduler directive"), None, "a scheduler directive"),
    (re.compile(r"requests no GPU anywhere|no GPU directive or count|states? no GPU count"
                r"|(?:script|it) does not say how many GPUs (?:a|each) node has"),
     _GPU_COUNT, "a GPU count"),
    (re.compile(r"no directive (?:or launch option )?states the node count|the node count is "
                r"computed at run time and no directive states it"), _NODE_COUNT,
     "a node count"),
)
_ARRAY_CLAIM = re.compile(r"the source is a job array")
#: A source node count a reason states (``is started once per node on 1 node(s)``, ``runs 4
#: node(s) x 4 rank(s) a node``).
_NODES_CLAIM = re.compile(r"(?:\bonce (?:per|a) node on|\bruns) (\d+) node\(s\)")
#: A header directive's node count, with the number it asks (no range: ``--nodes=2-4``).
_NODES_ASKED = re.compile(r"(?:(?:^|\s)(?:-N|--nodes)[= ]?\s*|\bselect=|\bnodes=|-nnodes\s+)"
                          r"(\d+)(?![\d-])")
#: ``line N `TEXT``` in a reason: a quotation of the script's line N.
_QUOTED_LINE = re.compile(r"\bline (\d+):? `([^`]{6,})`")
#: ``the source asks `--mem=512GB` ``: a quotation of one of the script's directives.
_SOURCE_ASKS = re.compile(r"the source asks ()`([^`]{6,})`")
#: Ends of a quotation shortened by :func:`one_line`.
_CUT = re.compile(r"(?:\.\.\.|…)\s*$")


def header_lines(text: str) -> list[tuple[int, str]]:
    """The scheduler directives of ``text``'s header (before its first command), each with
    its line number."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(text.split("\n"), 1):
        bare = line.strip()
        if not bare or (number == 1 and bare.startswith("#!")):
            continue
        if not bare.startswith("#"):
            break
        if _DIRECTIVE.match(line):
            found.append((number, line.strip()))
    return found


def _launch_lines(text: str) -> list[tuple[int, str]]:
    """The script's srun/mpirun/... lines (continuations joined), with their line numbers:
    where a GPU count may be stated outside the header."""
    out: list[tuple[int, str]] = []
    lines = text.split("\n")
    number = 0
    while number < len(lines):
        start, joined = number + 1, lines[number]
        while joined.rstrip().endswith("\\") and number + 1 < len(lines):
            number += 1
            joined = joined.rstrip()[:-1] + " " + lines[number]
        number += 1
        if re.search(rf"\b(?:srun|salloc|{_MPI}|jsrun)\b", joined.split("#", 1)[0]):
            out.append((start, joined.split("#", 1)[0]))
    return out


def _squash(text: str) -> str:
    return " ".join(text.replace("\\\n", " ").split())


def _written(word: str, words: set[str]) -> bool:
    """Whether the script writes ``word`` (or, for ``--opt=value``, each of its parts)."""
    def found(w: str) -> bool:
        return w in words or any(w in x for x in words)
    if found(word):
        return True
    parts = [x for x in word.split("=") if x]
    return len(parts) > 1 and all(found(x) for x in parts)


def header_false_claims(reason: str, text: str) -> list[str]:
    """The facts ``reason`` states about the script's header (it has no directive, no GPU or
    node count, it is a job array) and the lines it quotes (``line N `...```) that ``text``
    contradicts, each with what the script really says."""
    wrong: list[str] = []
    header = header_lines(text)
    for claim, fact, kind in _HEADER_CLAIMS:
        if not claim.search(reason):
            continue
        where = [(n, d) for n, d in header if fact is None or fact.search(d)]
        if fact is _GPU_COUNT and not where:
            where = [(n, d) for n, d in _launch_lines(text) if fact.search(d)]
        if where:
            number, line = where[0]
            wrong.append(f"line {number} `{one_line(line, 80)}` states {kind}, which the port "
                         "does not read")
    if _ARRAY_CLAIM.search(reason) and header and not any(_ARRAY.search(d) for _, d in header):
        wrong.append("no directive of the script's header makes it a job array")
    asked = next(((n, d, int(m.group(1))) for n, d in header
                  for m in [_NODES_ASKED.search(d.split("#", 2)[-1] if d.startswith("#") else d)]
                  if m), None)
    for match in _NODES_CLAIM.finditer(reason):
        if asked is not None and int(match.group(1)) != asked[2]:
            wrong.append(f"line {asked[0]} `{one_line(asked[1], 80)}` asks {asked[2]} node(s), "
                         f"not {match.group(1)}")
            break
    words = set(_squash(text).replace('"', " ").replace("'", " ").split())
    for match in [*_QUOTED_LINE.finditer(reason), *_SOURCE_ASKS.finditer(reason)]:
        # a quotation may be shortened or rebuilt from the line's words (`torchrun prog`):
        # it is false only where it holds a word the script never writes
        quoted = _squash(_CUT.sub("", match.group(2))).replace('"', " ").replace("'", " ")
        # an option may be quoted as `--mem=128gb` where the script writes `--mem 128gb`: a
        # word is the script's when it is, or each of its `=` parts is
        foreign = [w for w in (x.strip(".…") for x in quoted.split())
                   if len(w) >= 3 and not _written(w, words)]
        if foreign and len(quoted) >= 6:
            place = f"line {match.group(1)}" if match.group(1) else "header"
            wrong.append(f"the script's {place} has no `{foreign[0]}` (the reason quotes it as "
                         f"`{one_line(match.group(2), 60)}`)")
    return wrong


#: The claim that the script has no scheduler directive, with what it says follows from it.
_NO_DIRECTIVE = re.compile(r"(?:the script|it) has no scheduler directives?"
                           r"(?: \(#SBATCH, #PBS, #BSUB\))?")
_GIVEN_AT_SUBMISSION = " (they were given at submission)"


def directives_unread(text: str) -> str:
    """What the script's header holds when the port read none of it: ``"the script's
    directives (#MSUB, lines 2-11) are of a scheduler the port does not read ..."``; ``""``
    when the header has no directive."""
    header = header_lines(text)
    if not header:
        return ""
    prefixes = list(dict.fromkeys(d.split()[0] for _, d in header))
    first, last = header[0][0], header[-1][0]
    lines = f"line {first}" if first == last else f"lines {first}-{last}"
    sized = next(((n, d) for n, d in header if _GPU_COUNT.search(d)), None) or next(
        ((n, d) for n, d in header if _NODE_COUNT.search(d)), None)
    return (f"the script's directives ({', '.join(prefixes)}, {lines}) are of a scheduler or "
            "in a form the port does not read (it reads Slurm, PBS and LSF)"
            + (f", among them line {sized[0]} `{one_line(sized[1], 80)}`, which states the "
               "job's size" if sized else ""))


def _directives_rewritten(reason: str, text: str, short: bool = False) -> str:
    """``reason`` with a false "the script has no scheduler directive" clause replaced by
    what the header holds (directives the port does not read); ``short``: only that they are
    not read (for a note)."""
    if not text or not _NO_DIRECTIVE.search(reason):
        return reason
    unread = directives_unread(text)
    if not unread:
        return reason
    if short:
        unread = unread.split(" (it reads", 1)[0]
    return _NO_DIRECTIVE.sub(unread, reason).replace(
        _GIVEN_AT_SUBMISSION, " (the port did not read them from those directives)")


#: Claims that the launch's program is a variable whose value the script does not give.
_PROGRAM_VAR = re.compile(rf"the program is {_REF}, a variable the launch line does not show "
                          r"the value of \(set when the job runs")


def _program_var_set(blocks: list[Block], name: str) -> str:
    """What the script really does with ``$name`` where a reason says it is the launch's
    program, its value not given: the line that sets it, and, where that value is launcher
    options (``--num_processes ...``), the program the launch line really starts; ``""``
    where the script does not set it."""
    line = sets_variable(blocks, name)
    if line is None:
        return ""
    value = next((v for b in blocks for c in b.commands if c.line == line
                  for n, v in c.settings() if n == name), "")
    text = next((c.text for b in blocks for c in b.commands if c.line == line), "")
    said = f"${name} is set by the script (line {line} `{one_line(text, 80)}`)"
    shown = value_or_default(value, name)
    if not shown.startswith("-"):
        # a value the script writes out (no expansion) is shown; one it takes from its
        # arguments or the environment (``ARGS=${@}``) is indeed known only when it runs
        return said if shown and "$" not in shown and "`" not in shown else ""
    said += f": its value `{one_line(shown, 60)}` is the launcher's options, not a program"
    for cmd, words in command_lines(blocks):
        refs = {f"${name}", f"${{{name}}}", f'"${name}"', f'"${{{name}}}"'}
        at = next((i for i, w in enumerate(words) if w in refs), None)
        if at is None:
            continue
        real = next((w for w in words[at + 1:] if not w.startswith(("-", "$"))), "")
        if real:
            said += f"; the program line {cmd.line} starts is `{real}`"
        break
    return said


#: Claims that a program is started once per node (so once per node, as many copies as nodes).
_ONCE_PER_NODE = re.compile(r"(?:your script )?(\S+) is (?:started|what the source starts,) "
                            r"once (?:per|a) node")
#: A loop's header (the block it opens).
_LOOP_HEAD = re.compile(r"\s*(?:for|while|until|select)\b")
#: Words that place a command on a named host (a loop over the job's nodes).
_HOST_WORDS = frozenset({"-w", "--nodelist", "-host", "--host", "-H", "--hosts", "ssh", "pdsh",
                         "pbsdsh", "-hostfile", "--hostfile", "-machinefile"})


def _loop_starts(blocks: list[Block], word: str) -> str:
    """What the script really does where ``word`` is started inside a loop whose body names no
    host (each pass starts another copy, wherever the launcher puts it): the line, the loop
    and the copies; ``""`` where no such loop starts it."""
    for block in blocks:
        for cmd in block.commands:
            words = [w.strip("'\"") for w in cmd.words]
            if word not in words or any(w.split("=", 1)[0] in _HOST_WORDS for w in words):
                continue
            if not _LOOP_HEAD.match(block.text):  # a loop inside a function's body
                said = loop_launch_said(block, cmd, blocks, word)
                if said:
                    return said
                continue
            heads = [h.strip() for h in block.text.split("\n") if _LOOP_HEAD.match(h)]
            loops = " and ".join(f"`{one_line(h, 60)}`" for h in heads[:2])
            return (f"line {cmd.line} `{one_line(cmd.text, 80)}` runs inside the loop"
                    f"{'s' if len(heads) > 1 else ''} {loops} (line {block.line}), on no named "
                    f"host: it starts {word} once per pass of the loop, not once per node"
                    + unwaited_said(cmd, blocks))
    return ""


def false_claims(reason: str, blocks: list[Block], text: str = "") -> list[str]:
    """The facts ``reason`` states about the script that the parsed script contradicts, each
    with what the script really says; ``[]`` when every checked claim holds. With the script's
    ``text``, the facts about its header and quoted lines are checked too
    (:func:`header_false_claims`)."""
    wrong: list[str] = header_false_claims(reason, text) if text else []
    for pattern in _UNSET:
        for match in pattern.finditer(reason):
            name = match.group(1)
            line = sets_variable(blocks, name)
            if line is not None:
                wrong.append(f"${name} is set by the script (line {line})")
    for pattern in _PROGRAM:
        for match in pattern.finditer(reason):
            word = match.group(1).strip("`'\",;")
            holds, what = _word_is_program(blocks, word)
            if not holds:
                wrong.append(what)
    for match in _PROGRAM_VAR.finditer(reason):
        really = _program_var_set(blocks, match.group(1))
        if really:
            wrong.append(really)
    for match in _ONCE_PER_NODE.finditer(reason):
        looped = _loop_starts(blocks, match.group(1).strip("`'\",;"))
        if looped:
            wrong.append(looped)
    return list(dict.fromkeys(wrong))


#: The clause of a reason that says a variable is not set by the script, and what follows it
#: up to the end of its parenthesis (the caller or the job's environment named as its source).
_UNSET_CLAUSE = re.compile(
    rf"({_REF}), which the script does not set \(it comes from the caller or the environment\)")


def _set_at_run_time(blocks: list[Block], reason: str) -> str:
    """``reason`` with each false "the script does not set $X" clause replaced by what the
    script does: it sets $X on a line (``read``, ``for``, ``mapfile``...) whose value the
    port does not read."""
    def fix(match: re.Match[str]) -> str:
        name = match.group(2)
        line = sets_variable(blocks, name)
        if line is None:
            return match.group(0)
        where = next((one_line(c.text, 80) for b in blocks for c in b.commands
                      if c.line == line), "")
        return (f"${name}, which the script sets on line {line} (`{where}`), a value the port "
                "does not read")
    return _UNSET_CLAUSE.sub(fix, reason)


def checked_reason(reason: str, blocks: list[Block], text: str = "") -> str:
    """``reason`` when every fact it states about the script holds, else the reason with a
    false "not set" clause corrected, or one that says what the port does not understand,
    with the facts corrected."""
    wrong = false_claims(reason, blocks, text)
    if not wrong:
        return reason
    fixed = _directives_rewritten(_set_at_run_time(blocks, reason), text)
    if not false_claims(fixed, blocks, text):
        return fixed
    if text and header_false_claims(reason, text) and not false_claims(reason, blocks):
        return ("the port does not read this script's header and launch as one job it can "
                "rewrite, and cannot say more than this for sure: " + "; ".join(wrong)
                + ", which the port did not read. Write the job's size as directives "
                "(nodes, tasks a node, GPUs a node) and its launch on a line of its own, and "
                "port again")
    if any(BACKGROUND in w for w in wrong):
        unwaited = any(UNWAITED in w for w in wrong)
        return ("the port does not read this script's launch as one it can rewrite, and cannot "
                "say more than this for sure: " + "; ".join(wrong) + ". The port does not "
                "rewrite runs a loop starts in the background: write them as separate jobs (a job "
                "array, one run each, its arguments from the array index) and port again"
                + ("; kept as one job, the script needs a `wait` after the loop (so the job "
                   "lasts until its runs end)" if unwaited else ""))
    if any("once per pass of the loop" in w for w in wrong):
        return ("the port does not read this script's launch as one it can rewrite, and cannot "
                "say more than this for sure: " + "; ".join(wrong) + ". The port does not "
                "rewrite a launch repeated by a loop: write its copies as one launch line (one "
                "launcher starting them as ranks, each on its own GPU) or as separate jobs, "
                "and port again")
    return ("the port does not read this script's launch as one it can rewrite, and cannot "
            "say more than this for sure: " + "; ".join(wrong) + ". Write the launch out on a "
            "line of its own (the launcher, its options, then the program and its arguments "
            "as words, with the variables it reads set in the script) and port again")


#: Where an ask's request begins (what to pass), kept when its stated facts are corrected.
_PASS = re.compile(r"(?:^|[;:,(]\s*|\s)(pass \S+=N.*)$", re.S)


def checked_ask(ask: str, blocks: list[Block], text: str = "") -> str:
    """An ask (a MissingInformation text) whose stated facts hold, else one that says what
    the script states and the port did not read, with the ask's own request (``pass
    gpus_per_node=N ...``): still an ask, its words true."""
    wrong = false_claims(ask, blocks, text)
    if not wrong:
        return ask
    fixed = _directives_rewritten(ask, text)
    if fixed != ask and not false_claims(fixed, blocks, text):
        return fixed
    if not header_false_claims(ask, text):
        return checked_reason(ask, blocks, text)
    request = _PASS.search(ask)
    return ("the script states this in a form the port does not read (" + "; ".join(wrong)
            + "), so the value is asked rather than guessed"
            + (f": {request.group(1)}" if request else ""))


def _refused_notes_checked(results: T, script: str | bytes) -> T:
    """``results`` (the port's target -> PortResult) with each target-rule refusal ("refused
    for Target: ...") whose stated facts about the script do not hold reworded to what the
    port does not understand: a refusal is never issued on a false ground."""
    if not isinstance(results, dict):
        return results
    text = (script.decode("utf-8", "replace") if isinstance(script, bytes)
            else script).replace("\r\n", "\n")
    try:
        blocks = split_blocks(text)
    except (ParseError, ValueError):
        return results
    for result in results.values():
        notes = list(getattr(result, "notes", None) or [])
        for i, note in enumerate(notes):
            head = re.match(r"refused for [^:]+: ", note)
            if head and getattr(result, "status", "") == "refused":
                notes[i] = head.group(0) + checked_reason(note[head.end():], blocks, text)
            elif not head:  # a note states facts too: a false "no directive" is corrected
                notes[i] = _directives_rewritten(note, text, short=True)
        if notes != list(getattr(result, "notes", None) or []):
            result.notes = notes
    return results


#: What each field of a job the port writes holds, in the user's words (an invalid value's
#: refusal names the script's line and this, never the field's internal name).
_FIELD_WORDS = {
    "setup_steps": "a set-up line the port carries to the target",
    "loop_open": "a line of the loop or block around the launch",
    "loop_close": "a line of the loop or block around the launch",
    "entrypoint": "the program the launch runs",
    "args": "the program's arguments",
    "env": "a variable the job sets for its processes",
    "rank_vars": "a variable the program reads its rank from",
    "modules": "a module the job loads",
    "account": "the account the job is charged to",
    "queue": "the queue (partition)",
    "job_name": "the job's name",
    "array": "the job array's index range",
    "walltime": "the job's time limit",
    "nodes": "the job's node count",
    "gpus_per_node": "the job's GPUs a node",
    "cpus_per_task": "the CPUs a task",
    "master_port": "the rendezvous port",
}
#: Problems of a value, as the validators word them -> (what it is, what to do).
_PROBLEM_WORDS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"one set-up step is one line|a single line"),
     "it is one command written over several lines (a quoted body or a block that spans lines, "
     "such as a multi-line `bash -c \"...\"`), which the port cannot carry there",
     "put that body in a script of its own (run it as `bash body.sh`, in the image where it "
     "runs in one) or write the command on one line"),
    (re.compile(r"unbalanced (?:double|single) quote|unbalanced"),
     "a quote or bracket it opens does not close on that line",
     "close it on the same line, or put the command in a script of its own"),
    (re.compile(r"heredoc"), "it opens a here-document the port cannot carry whole",
     "put the here-document's command in a script of its own"),
    (re.compile(r"NUL|carriage return"), "it holds a NUL byte or a carriage return",
     "save the script as plain text (no NUL bytes, Unix line ends)"),
)


def _script_line(value: str, lines: list[str]) -> tuple[int, str] | None:
    """The script's line (number, text) that ``value``'s first line is written on."""
    first = next((x.strip() for x in value.split("\n") if x.strip()), "")
    if len(first) < 3:
        return None
    for number, line in enumerate(lines, 1):
        if line.strip() == first:
            return number, line
    for number, line in enumerate(lines, 1):
        if first in line or (len(line.strip()) >= 6 and line.strip() in first):
            return number, line
    return None


def _shown_value(match: re.Match[str]) -> str:
    """A quoted value of a validator's message: a short plain one in backticks (``MY VAR``),
    one with escapes or longer than a line's worth dropped (the model's repr, not the user's)."""
    value = match.group(1)
    if "\\" in value or len(value) > 60:
        return ""
    return f"`{value}`{match.group(2)}"


def invalid_value_reason(error: ValueError, text: str) -> str:
    """A refusal, in the user's words, for a value the port took from the script that a job
    it writes cannot hold (a validation error of its own job model): the script's line, what
    that line is to the job, what is wrong with it and what to do; never the model's field
    names or its internal message. Any other ValueError is a defect of the port: said so."""
    errors = getattr(error, "errors", None)
    if not callable(errors):
        return ("the port could not write this script: one of its own checks failed on it (a "
                "defect of the port, not of your script); please report it with the script")
    lines = text.split("\n")
    found: list[str] = []
    for err in errors()[:3]:
        field = str((err.get("loc") or ("",))[0])
        what = _FIELD_WORDS.get(field, "a value the port read from the script")
        message = str(err.get("msg", "")).removeprefix("Value error, ")
        value = err.get("input")
        values = value if isinstance(value, (list, tuple)) else (
            list(value) if isinstance(value, dict) else [value])
        items = [v if isinstance(v, str) else str(v) for v in values
                 if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
        bad = next((v for v in items if v and repr(v)[:40] in message), None) or next(
            (v for v in items if "\n" in v or "\x00" in v), None) or (items[0] if items else "")
        problem, todo = next(((p_, t_) for pattern, p_, t_ in _PROBLEM_WORDS
                              if pattern.search(message)), ("", ""))
        if not problem:  # an unforeseen problem: its own words, without the value's repr
            problem = re.sub(r"'((?:[^'\\]|\\.)*)'(\s*:?\s*)", _shown_value, message).strip(
                " :") or "invalid"
            todo = ("write it plainly (one command a line, quotes closed on their line)"
                    if isinstance(value, (str, list, tuple, dict)) else
                    "change it in the script to a value the job can have")
        where = _script_line(bad, lines) if bad else None
        place = (f"line {where[0]} `{one_line(where[1], 100)}`" if where
                 else (f"`{one_line(bad, 100)}`" if bad else "a value of the script"))
        found.append(f"{place} ({what}): {problem}; {todo}")
    return ("the port cannot write this job for the target as the script stands: "
            + "; ".join(dict.fromkeys(found)) + ", then port again")


def refusals_checked(func: Callable[..., T]) -> Callable[..., T]:
    """``func(script, ...)`` (the port's entry) with the facts of every refusal it raises
    checked against ``script`` before it leaves: a ParseError's text through
    :func:`checked_reason`, and each answer a MissingInformation asks for whose text states
    a false fact about the script (the ask stays an ask, its words corrected)."""
    @functools.wraps(func)
    def wrapper(script: str | bytes, *args: Any, **kwargs: Any) -> T:
        try:
            return _refused_notes_checked(func(script, *args, **kwargs), script)
        except (ParseError, MissingInformation) as error:
            try:
                text = script.decode("utf-8", "replace") if isinstance(script, bytes) else script
                text = text.replace("\r\n", "\n")
                blocks = split_blocks(text)
            except (ParseError, ValueError):
                raise error from None
            if isinstance(error, MissingInformation):
                asks = {k: checked_ask(v, blocks, text) for k, v in error.missing.items()}
                if asks == error.missing:
                    raise
                raise MissingInformation(asks) from None
            fixed = checked_reason(str(error), blocks, text)
            if fixed == str(error):
                raise
            raise type(error)(fixed) from None
        except ValueError as error:  # not a refusal of the port's own: never shown as it is
            if isinstance(error, MapleError):
                raise
            text = script.decode("utf-8", "replace") if isinstance(script, bytes) else script
            raise InvalidValue(invalid_value_reason(error, text.replace("\r\n", "\n"))) from error
    return wrapper


__all__ = [
    "checked_ask",
    "checked_reason",
    "command_lines",
    "directives_unread",
    "false_claims",
    "header_false_claims",
    "header_lines",
    "invalid_value_reason",
    "refusals_checked",
    "sets_variable",
]
