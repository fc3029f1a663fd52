"""A final, pure check of a port against its source (issue 14), launch by launch, as
``accounted`` is line by line: each launch of the source (a command that starts a program:
several programs, stages, loop bodies, ``&`` copies, ``bash -c`` bodies, ``{ } > log`` groups)
has its counterpart in the port, the same program with the same argument words. A source launch
with no counterpart (dropped, or merged into another launch of the same program), or whose
argument words the port changed, that no note names, is named in one note: never a silent loss.

Pure: it reads the two texts and the notes, and changes nothing but the notes it returns."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from maple_flow.port.topology import topology_args
from maple_flow.port.words import short
from maple_flow.scriptparse.launch import C_SHELLS, LaunchLine, Stage, read_words, shell_c
from maple_flow.scriptparse.shell import split_blocks, split_commands

#: A shell expansion as compared: an arithmetic ``$((...))``, a ``$(...)``, a variable (the
#: port renames scheduler variables: ``$SLURM_NTASKS`` -> ``$NRANKS``) or a positional
#: parameter (a container's ``bash -c`` body, read with the script's ``name=$1`` put in, names
#: ``src.${name}`` as ``src.$1``), and ``~/`` (``$HOME/``).
_VAR = re.compile(
    r"\$\(\(.*?\)\)|\$\([^()]*\)|\$\{?(?:[A-Za-z_]\w*|\d+)(?:\[[^\]]*\])?\}?|^~(?=/)")
_QUOTES = str.maketrans("", "", "'\"")


@dataclass(frozen=True)
class Launch:
    """One command of a script that starts a program: its line, text, program and arguments."""

    line: int
    text: str
    program: str
    args: tuple[str, ...]
    #: How many processes the launch starts, where the script's words tell (a launcher's
    #: literal counts, or its variables set once to a number), else None.
    procs: int | None = None
    #: Sent to the background (``&``), and the files its output goes to (``> log``, ``| tee``).
    background: bool = False
    outputs: tuple[str, ...] = ()


def _key(word: str) -> str:
    """A word as compared: quotes away, every variable the same (the port renames scheduler
    variables), a path reduced to its last part (the port may start it from another
    directory)."""
    word = _VAR.sub("$V", word.translate(_QUOTES))
    return word


#: The options that give how many processes one run of a launcher starts.
_COUNTS = {"srun": ("-n", "--ntasks"), "mpiexec": ("-n", "-np", "--np"),
           "mpirun": ("-n", "-np", "--np"), "ibrun": ("-n",), "horovodrun": ("-np",),
           "torchrun": ("--nproc_per_node", "--nproc-per-node"),
           "accelerate": ("--num_processes", "--num-processes")}
_NUMBER = re.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=[\"']?(\d{1,6})[\"']?\s*(?:#.*)?$")
_REF = re.compile(r"^\$\{?([A-Za-z_]\w*)\}?$")


_BACKGROUND = re.compile(r"(?<![&|>])&\s*(?:#.*)?$")
_REDIRECT = re.compile(r"(?:^|[\s;])(?:\d|&)?>>?\s*(?!&)([^\s;&|<>()]+)")
_TEE = re.compile(r"\|\s*tee\s+(?:-a\s+|--append\s+)?([^\s;&|<>()]+)")


#: A ``{ ...; } > log`` or ``( ... ) > log`` group's redirect, on its closing line.
_GROUP_OUT = re.compile(r"[})]\s*(?:\d|&)?>>?\s*([^\s;&|<>()]+)[^\n]*$")
_COMMENT = re.compile(r"(?:^|\s)#.*$", re.S)


def _outputs(text: str) -> tuple[str, ...]:
    """The files a command line sends its output to, as compared (not in its comment)."""
    text = _COMMENT.sub("", text)
    return tuple(_key(m.group(1)) for rx in (_REDIRECT, _TEE) for m in rx.finditer(text))


_SETS_NAME = re.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=")


def numbers(text: str) -> dict[str, int]:
    """The variables ``text`` sets once, to a whole number (``NNODES=2``)."""
    seen: dict[str, list[int]] = {}
    for line in text.splitlines():
        if "=" not in line:
            continue  # sets nothing (both patterns need its `=`)
        m = _NUMBER.match(line)
        if m:
            seen.setdefault(m.group(1), []).append(int(m.group(2)))
        else:
            for name in _SETS_NAME.findall(line):
                seen.setdefault(name, []).append(-1)
    return {k: v[0] for k, v in seen.items() if len(v) == 1 and v[0] >= 0}


def _value(word: str | None, known: dict[str, int]) -> int | None:
    if word is None:
        return None
    word = word.translate(_QUOTES)
    if word.isdigit():
        return int(word)
    ref = _REF.match(word)
    return known.get(ref.group(1)) if ref else None


def _procs(stages: list[Stage], known: dict[str, int]) -> int | None:
    """How many processes the launch starts: 1 with no launcher; the product of its
    launchers' counts (``srun --ntasks=2 torchrun --nproc_per_node=4``: 8); None where a
    launcher's count is not written as a number (the job's size, a computed value)."""
    total, outer = 1, False
    for stage in stages:
        names = _COUNTS.get(stage.name)
        if stage.name == "deepspeed":
            if stage.get("--num_nodes", "--num-nodes") not in (None, "1"):
                return None
            names = ("--num_gpus", "--num-gpus")
        if names is None:
            continue
        count = _value(stage.get(*names), known)
        if count is None and stage.name == "srun":  # `srun -N 2 --ntasks-per-node 4`
            nodes = _value(stage.get("-N", "--nodes"), known)
            per = _value(stage.get("--ntasks-per-node"), known)
            count = nodes * per if nodes is not None and per is not None else None
        if count is None:
            return None
        if stage.name == "torchrun" and not outer:  # started once a node by the user
            nodes = _value(stage.get("--nnodes"), known) if stage.has("--nnodes") else 1
            if nodes is None:
                return None
            count *= nodes
        total, outer = total * count, True
    return total


def _program(entry: str) -> str:
    return _key(entry).rstrip("/").rsplit("/", 1)[-1]


@lru_cache(maxsize=1024)
def launches(text: str) -> tuple[Launch, ...]:
    """The launches of ``text`` in order (every simple command, at any depth, that reads as a
    program run, through a launcher or not)."""
    found: list[Launch] = []
    known = numbers(text)
    for block in split_blocks(text):
        group = _GROUP_OUT.search(block.text) if block.text.lstrip()[:1] in "{(" else None
        around = (_key(group.group(1)),) if group else ()
        for cmd in block.commands:
            words = list(cmd.words)
            if not words:
                continue
            for line, said in _command_launches(words):
                found.append(Launch(cmd.line, said or cmd.text.split("\n", 1)[0],
                                    _program(line.entrypoint), tuple(line.args),
                                    _procs(line.stages, known),
                                    bool(_BACKGROUND.search(_COMMENT.sub("", cmd.text))),
                                    _outputs(cmd.text) + around))
    return tuple(found)


_ALL_ARGS = frozenset({"$@", "${@}", "$*", "${*}"})


def _read(words: list[str]) -> LaunchLine | None:
    try:
        return read_words(words)
    except (ValueError, IndexError):
        return None


def _shell_body(words: list[str]) -> tuple[list[str], str, list[str]] | None:
    """``... sh -c BODY [NAME ARGS...]``: the words in front of the shell, BODY and ARGS;
    None where no shell word with ``-c`` is in the program's place."""
    for k, word in enumerate(words):
        if word.rsplit("/", 1)[-1] not in C_SHELLS:
            continue
        body = shell_c(words, k)
        if body is None:
            return None
        front = _read(words[:k])
        if front is not None and front.entrypoint:  # the shell is an argument of a program
            return None
        return words[:k], body[0], body[1]
    return None


def _command_launches(words: list[str], depth: int = 0) -> tuple[tuple[LaunchLine, str], ...]:
    """The launches one command line makes, each with its text where it is not the line's
    own: the line itself, or, for ``[launcher] sh -c BODY ARGS``, each command of BODY that
    starts a program (``"$@"`` replaced by ARGS), run through the words in front of the
    shell: a body of several runs is several launches, each checked. Read only, never
    changed (shared: a batch's ports repeat their template's command lines)."""
    return _launches_of(tuple(words), depth)


@lru_cache(maxsize=4096)
def _launches_of(command: tuple[str, ...], depth: int) -> tuple[tuple[LaunchLine, str], ...]:
    """:func:`_command_launches`, memoised on the command's words."""
    words = list(command)
    shell = _shell_body(words) if depth < 4 else None
    if shell is not None:
        front, body, positional = shell
        found: list[tuple[LaunchLine, str]] = []
        for cmd in split_commands(body):
            inner = [w for word in cmd.words
                     for w in (positional if word in _ALL_ARGS else [word])]
            if not inner:
                continue
            for alone, text in _command_launches(inner, depth + 1):
                through = _read(front + inner) if front else None
                found.append((through if through is not None and not through.inline
                              and through.entrypoint == alone.entrypoint
                              and through.args == alone.args else alone,
                              text or " ".join(inner)))
        return tuple(found)
    line = _read(words)
    if line is None or not line.entrypoint or line.inline:
        return ()
    return ((line, ""),)


def _arg_keys(args: tuple[str, ...]) -> list[str]:
    return [_key(a) for a in args]


def _named(launch: Launch, words: list[str], notes: str) -> bool:
    """A note names the launch (its line, its program) or every word in question. For words,
    a note that only quotes the source's launch line whole does not count: it says nothing of
    what the port changed in it."""
    if not words:
        return (f"line {launch.line} " in notes or f"line {launch.line}:" in notes
                or launch.program in notes)
    said = notes.replace(launch.text, "")
    named = [w for w in words if w.startswith("-")] or words
    return all(_said(w.translate(_QUOTES), said, launch.line) for w in named)


def _said(word: str, notes: str, line: int) -> bool:
    """``word`` stands in the notes as a word of its own (not inside a longer one: ``r`` is in
    every note, ``4`` in most); a word of one or two characters (but a two-digit number) only
    where a note also names the launch's line."""
    if not word:
        return True
    if not re.search(rf"(?<![\w./-]){re.escape(word)}(?![\w/-])", notes):
        return False
    # a number of two digits (`18` workers) is specific enough; a letter or digit alone is not
    return len(word) > 2 or (len(word) == 2 and word.isdigit()) or f"line {line}" in notes


#: Notes that already say the port changed the job's rank count or layout.
_LAYOUT_SAID = ("layout changed", "rank(s) a node", "ranks on", "process(es)", "one process")


def _counterpart(launch: Launch, ported: list[Launch], used: set[int]) -> int | None:
    """The port's launch that stands for ``launch``: the same program (a program written as a
    variable: the same arguments), the same argument words first."""
    want = _arg_keys(launch.args)
    same = [i for i, p in enumerate(ported) if i not in used and (
        p.program == launch.program or ("$V" in launch.program and _arg_keys(p.args) == want))]
    exact = next((i for i in same if _arg_keys(ported[i].args) == want), None)
    return exact if exact is not None else (same[0] if same else None)


def _changed_args(launch: Launch, port: Launch) -> tuple[list[str], list[str]]:
    want, have = _arg_keys(launch.args), _arg_keys(port.args)
    return ([a for a, k in zip(launch.args, want, strict=True) if k not in have],
            [a for a, k in zip(port.args, have, strict=True) if k not in want])


def unkept_launches(source: str, script: str, notes: list[str]) -> list[tuple[int, str, str]]:
    """(source line, launch text, what happened) for each launch of the source whose
    counterpart in the port is missing, has other argument words or starts another number of
    processes, that no note names."""
    said = "\n".join(notes)
    ported = list(launches(script))
    used: set[int] = set()
    found: list[tuple[int, str, str]] = []
    for launch in launches(source):
        pick = _counterpart(launch, ported, used)
        if pick is None:
            if not _named(launch, [], said):
                others = sum(1 for i in used if ported[i].program == launch.program)
                what = ("merged into the port's other launch of it" if others
                        else "not launched in the port")
                found.append((launch.line, launch.text, what))
            continue
        used.add(pick)
        port = ported[pick]
        lost, added = _changed_args(launch, port)
        if (lost or added) and not _named(launch, lost + added, said):
            parts = ([f"without {' '.join(lost)}"] if lost else []) + (
                [f"with {' '.join(added)} added"] if added else [])
            found.append((launch.line, launch.text, "launched " + " and ".join(parts)))
        if (launch.procs is not None and port.procs is not None and launch.procs != port.procs
                and not any(w in said.replace(launch.text, "") for w in _LAYOUT_SAID)):
            found.append((launch.line, launch.text,
                          f"started as {port.procs} process(es), the source starts "
                          f"{launch.procs}"))
        for arg in topology_args(list(port.args)):  # `--world_size 8` the source's count
            if (arg.role == "world" and arg.value == launch.procs and port.procs is not None
                    and port.procs != arg.value and arg.text not in said.replace(launch.text, "")):
                found.append((launch.line, launch.text,
                              f"its `{arg.text}` kept while the port starts {port.procs} "
                              "process(es): set it to the port's count"))
        if launch.background and not port.background and not _named(launch, ["&"], said):
            found.append((launch.line, launch.text, "run in the foreground, where the source "
                          "runs it in the background (`&`)"))
        gone = [o for o in launch.outputs if o not in port.outputs and o not in said]
        if gone and not _named(launch, gone, said):
            found.append((launch.line, launch.text,
                          f"its output no longer sent to {' '.join(gone)}"))
    return found


def invented_launch(source: str, script: str,
                    found: list[tuple[int, str, str]]) -> str:
    """A refusal, or "": a source launch the port does not launch while the port launches a
    program the source never names (``python $script_path ...`` with ``script_path=`` empty
    ported as ``python 0``): the port made its program up, which no note can explain."""
    lost = [(n, text) for n, text, what in found if what == "not launched in the port"]
    if not lost:
        return ""
    named = {launch.program for launch in launches(source)}
    made = [p for p in launches(script) if p.program not in named
            and (p.program not in source or not re.search(r"[A-Za-z]", p.program))]
    if not made:
        return ""
    n, text = lost[0]
    return (f"line {n} `{short(text, 70)}` is not launched in the port, which launches "
            f"`{made[0].program}` instead, a program the source does not name: the port cannot "
            "tell what the launch runs (a program word that is empty or built when the job "
            "runs?): write the program and its arguments on the launch line, or give the "
            "variable its value, and port again")


def doubled_launch(source: str, script: str) -> str:
    """A refusal, or "": a run of the source the port does not make while it makes another run
    of the same program more times than the source does (a ``bash -c`` body of four runs whose
    last run took the first one's place): the port lost a run and doubled another, which no
    note can explain."""
    want, have = launches(source), launches(script)

    def count(among: tuple[Launch, ...], launch: Launch) -> int:
        key = _arg_keys(launch.args)
        return sum(1 for x in among if x.program == launch.program and _arg_keys(x.args) == key)

    for launch in want:
        if count(have, launch) >= count(want, launch):
            continue
        extra = next((p for p in have if p.program == launch.program
                      and count(have, p) > count(want, p) >= 1), None)
        if extra is None:
            continue
        return (f"line {launch.line} `{short(launch.text, 70)}` is not run in the port, which "
                f"runs `{short(extra.text, 70)}` {count(have, extra)} time(s) where the source "
                f"runs it {count(want, extra)} time(s): the port did not keep the source's runs "
                f"of {launch.program} apart; write each run as a command line of its own (not "
                "several in one string), or port the runs one at a time")
    return ""


def unkept_launch_note(found: list[tuple[int, str, str]], target: str) -> list[str]:
    """One note naming the source launches the port lost or changed without a word."""
    if not found:
        return []
    said = "; ".join(f"line {n} `{short(text, 70)}`: {what}" for n, text, what in found)
    return [f"launches of the source the port does not keep as written, and no other note says "
            f"why: {said}; check on {target} that the port still runs each of them with its "
            "arguments, and put them back by hand if not"]
