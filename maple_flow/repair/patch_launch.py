"""Edits of the launch command: options of one launcher stage, the program's arguments."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass

from maple_flow.errors import MapleError
from maple_flow.repair.layout import Launch, find_launch
from maple_flow.repair.text import FixNotApplicable, Word, quote, remove_word, replace, scan_words
from maple_flow.scriptparse.grammar import TWO_VALUES as _TWO_VALUES
from maple_flow.scriptparse.grammar import takes_value
from maple_flow.scriptparse.launch import _BOOLEANS, _is_program, same_launcher
from maple_flow.scriptparse.spellings import spellings, split_short

_SITE = frozenset({"srun", "mpiexec", "mpirun", "ibrun"})
#: Stages whose long options are written ``--name=value`` (argparse / Slurm style).
_EQUALS = frozenset({"srun", "torchrun", "deepspeed", "accelerate"})
_TORCH_RUN = frozenset({"torch.distributed.run", "torch.distributed.launch"})
_BODY_SAFE = re.compile(r"^(?:[A-Za-z0-9_@%+=:,./-]|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)*$")
_REDIRECT = re.compile(r"^(?:\d*[<>]|&>)")
BACKEND_ARGS = ("--backend", "--dist-backend", "--dist_backend", "--ddp-backend",
                "--ddp_backend", "--distributed-backend")


@dataclass(frozen=True)
class Option:
    """One option of a stage: its name, value, and the words it spans (first, last)."""

    name: str
    value: str | None
    first: int
    last: int
    attached: bool


def _base(word: Word) -> str:
    return os.path.basename(word.value)


def _walk(words: list[Word], i: int, stage: str = "") -> tuple[list[Option], int]:
    """Options from ``words[i]`` on (the rules of scriptparse.launch); the next index. With
    ``stage``, an option its grammar says takes a value takes the next word even where that
    word looks like a program (``deepspeed --hostfile /hostfile``, s37ask)."""
    found: list[Option] = []
    values = [w.value for w in words]
    while i < len(values) and ((values[i].startswith("-") and values[i] != "-")
                               or _option_list(values, i)):
        word = values[i]
        if _option_list(values, i):  # ${EXT_ENV} --np 8: options held in a variable
            i += 1
            continue
        if word in {"-m", "--module", "--no_python", "--no-python"}:
            break
        name, eq, value = word.partition("=")
        short = split_short(word)
        if eq:
            found.append(Option(name, value, i, i, True))
            i += 1
        elif short is not None:  # -n8: a one-letter option with its count attached
            found.append(Option(short[0], short[1], i, i, True))
            i += 1
        elif word in _TWO_VALUES and i + 2 < len(values):
            found.append(Option(word, f"{values[i + 1]} {values[i + 2]}", i, i + 2, False))
            i += 3
        elif (word not in _BOOLEANS and i + 1 < len(values)
              and not values[i + 1].startswith("-")
              and (not _is_program(values[i + 1]) or _valued(stage, word))):
            found.append(Option(word, values[i + 1], i, i + 1, False))
            i += 2
        else:
            found.append(Option(word, None, i, i, False))
            i += 1
    return found, i


_WHOLE_VARIABLE = re.compile(r"^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$")


def _option_list(values: list[str], i: int) -> bool:
    """Whether ``values[i]`` is a variable holding options: a whole ``$VAR`` word followed by
    an option of the same stage (``mpiexec ${EXT_ENV} --np 8``)."""
    return (_WHOLE_VARIABLE.match(values[i]) is not None and i + 1 < len(values)
            and values[i + 1].startswith("-") and values[i + 1] != "-")


def _in_body(word: Word, stage: str) -> bool:
    body = word.value
    return (stage == "accelerate" and "accelerate launch" in body) or (
        stage != "accelerate" and re.search(rf"(?:^|[\s/]){stage}(?:\s|$)", body) is not None)


def _shell_c_at(words: list[Word], i: int) -> bool:
    return _base(words[i]) in {"bash", "sh"} and i + 2 < len(words) \
        and words[i + 1].value == "-c"


def _passes_args(body: str) -> bool:
    """Whether a ``bash -c`` body runs its positional words (``exec "$@"``)."""
    return re.search(r'"\$[@*]"|\$[@*]', body) is not None


def stage_start(words: list[Word], stage: str) -> int | None:
    """Index of the first option word of ``stage`` in the launch words, or None."""
    for i, word in enumerate(words):
        base = _base(word)
        if stage in _SITE and same_launcher(base) == stage:  # orterun is mpirun
            return i + 1
        if stage in _SITE:
            continue
        if base == stage:
            skip = 1 if stage == "accelerate" and i + 1 < len(words) \
                and words[i + 1].value == "launch" else 0
            return i + 1 + skip
        if stage == "torchrun" and word.value == "-m" and i + 1 < len(words) \
                and words[i + 1].value in _TORCH_RUN:
            return i + 2
        if _shell_c_at(words, i) and _in_body(words[i + 2], stage) \
                and _passes_args(words[i + 2].value):
            return i + 4  # bash -c BODY NAME, then the stage's options as "$@"
    return None


def _body_launch(launch: Launch, stage: str) -> Launch | None:
    """The command of a quoted ``bash -c`` body that runs ``stage``, as a launch of its own
    (spans in the script's text), or None."""
    return _body_command(launch, lambda body: _in_body(body, stage),
                         lambda words: stage_start(words, stage) is not None)


def _body_command(launch: Launch, body_ok: Callable[[Word], bool],
                  runs: Callable[[list[Word]], bool]) -> Launch | None:
    """The first command of a quoted ``bash -c`` body (one that ``body_ok``) that ``runs``
    says is the one, as a launch of its own (spans in the script's text), or None."""
    for i, _ in enumerate(launch.words):
        if not (_shell_c_at(launch.words, i) and body_ok(launch.words[i + 2])):
            continue
        body = launch.words[i + 2]
        if len(body.raw) < 2 or body.raw[0] not in "\"'" or body.raw[-1] != body.raw[0]:
            return None
        inner, base, pos = body.raw[1:-1], body.start + 1, 0
        while pos < len(inner):
            words = scan_words(inner[pos:], base + pos)
            if not words:
                break
            if runs(words):
                return Launch(launch.line, words[0].start, words[-1].end, words)
            # the next command after the separator (``;``, ``&&``, ``||``, ``|``, a newline)
            nxt = re.search(r"[;&|\n]+", inner[words[-1].end - base:])
            if nxt is None:
                break
            pos = words[-1].end - base + nxt.end()
    return None


def program_launch(launch: Launch, entrypoint: str) -> Launch:
    """The launch whose words hold the program ``entrypoint``: the launch line itself, else
    the command of its quoted ``bash -c`` body that runs it (``srun bash -c "python -m X"``)."""
    if any(w.value == entrypoint for w in launch.words):
        return launch
    body = _body_command(launch, lambda body: entrypoint in body.value.split(),
                         lambda words: any(w.value == entrypoint for w in words))
    if body is None:
        raise FixNotApplicable(f"the program {entrypoint} is not a word of the launch line")
    return body


#: The variable a site launcher's task reads its node's index from.
NODE_INDEX = {"srun": "$SLURM_NODEID", "mpiexec": "$PALS_NODEID"}


def node_index_in_task(text: str, stage: str) -> str:
    """The variable of each node's index (``$SLURM_NODEID``), when ``stage`` runs inside a
    single-quoted ``bash -c`` body that the site launcher starts once per node's task (there
    each task expands it); FixNotApplicable otherwise (written on the launch line itself, the
    batch shell would expand it once, the same on every node)."""
    full = find_launch(text)
    site = [s for s in NODE_INDEX if stage_start(full.words, s) is not None]
    body = _body_launch(full, stage)
    if not site or body is None:
        raise FixNotApplicable(f"{stage} is not run by a per-node task's own shell "
                               "(srun/mpiexec bash -c '...'): a node index written on the launch "
                               "line would be the batch shell's, the same on every node")
    quoted = [w for w in full.words if w.start < body.start < w.end]
    if not quoted or not quoted[0].raw.startswith("'"):
        raise FixNotApplicable("the bash -c body is double-quoted: the batch shell would expand "
                               "a node index written in it")
    return NODE_INDEX[site[0]]


def _view(launch: Launch, stage: str) -> tuple[Launch, int]:
    """The launch (or ``bash -c`` body) that runs ``stage``, and its first option index."""
    start = stage_start(launch.words, stage)
    if start is not None:
        return launch, start
    body = _body_launch(launch, stage)
    if body is not None:
        start = stage_start(body.words, stage)
        if start is not None:
            return body, start
    raise FixNotApplicable(f"the launch line has no {stage} stage")


def stage_view(text: str, stage: str) -> tuple[Launch, int]:
    """The launch of ``text`` (or the ``bash -c`` body) that runs ``stage``, and the index of
    its first option word; FixNotApplicable when none does."""
    return _view(find_launch(text, stage), stage)


def _stage(launch: Launch, stage: str) -> tuple[list[Option], int]:
    view, start = _view(launch, stage)
    options, _ = _walk(view.words, start)
    return options, start


def _option_text(stage: str, name: str, value: str | None) -> str:
    if value is None:
        return name
    if name.startswith("--") and stage in _EQUALS:
        return f"{name}={quote(value)}"
    return f"{name} {quote(value)}"


def _insert_before(text: str, launch: Launch, index: int, words: str) -> str:
    if index < len(launch.words):
        at = launch.words[index].start
        return replace(text, at, at, f"{words} ")
    return replace(text, launch.end, launch.end, f" {words}")


def _attached(name: str, value: str) -> str:
    """``--a=v``, or ``-nV`` for a one-letter option."""
    return f"{name}{value}" if len(name) == 2 else f"{name}={value}"


def _replace_option(text: str, launch: Launch, opt: Option, stage: str, value: str | None,
                    name: str) -> str:
    first, last = launch.words[opt.first], launch.words[opt.last]
    if value is not None and opt.attached:
        new = _attached(name, quote(value))
    elif value is not None and opt.last > opt.first:  # --a v stays --a v
        new = f"{name} {quote(value)}"
    else:
        new = _option_text(stage, name, value)
    return replace(text, first.start, last.end, new)


def _valued(stage: str, word: str) -> bool:
    """Whether the grammar of launcher ``stage`` says option ``word`` takes a value."""
    return bool(stage) and takes_value(stage, word) is True


def set_launcher_arg(text: str, stage: str, name: str, value: str | None) -> str:
    """Set option ``name`` of ``stage`` to ``value`` (a flag when None), on the launch line
    or inside the quoted ``bash -c`` body that runs ``stage``."""
    full = find_launch(text, stage)
    launch, start = _view(full, stage)
    options, _ = _walk(launch.words, start, stage)
    names = spellings(stage, name)
    hits = [o for o in options if o.name in names]
    if hits and hits[-1].value == value:
        return text
    if hits:  # the option as the user spelled it (-n 8 for --ntasks)
        name = hits[-1].name
    if launch is not full:
        return _set_in_body(text, launch, stage, name, value, hits[-1] if hits else None, start)
    if not hits:
        return _insert_before(text, launch, start, _option_text(stage, name, value))
    return _replace_option(text, launch, hits[-1], stage, value, name)


def _set_in_body(text: str, body: Launch, stage: str, name: str, value: str | None,
                 opt: Option | None, start: int) -> str:
    """Set an option inside a quoted ``bash -c`` body: values are written bare, so only
    values that need no quoting there are taken."""
    if value is not None and not _BODY_SAFE.match(value):
        raise FixNotApplicable(f"the value {value!r} would need quoting inside the bash -c "
                               "body; edit the body by hand")
    bare = value.replace("${", "$").replace("}", "") if value else value
    joined = name.startswith("--") and stage in _EQUALS
    if bare is None:
        new = name
    elif (opt is not None and opt.attached) or (opt is None and joined):
        new = _attached(name, bare)
    else:
        new = f"{name} {bare}"
    if opt is None:
        return _insert_before(text, body, start, new)
    return replace(text, body.words[opt.first].start, body.words[opt.last].end, new)


def stage_options(text: str, stage: str) -> list[Option]:
    """The options of ``stage`` as written (values quote-removed, variables unexpanded)."""
    launch, start = _view(find_launch(text, stage), stage)
    return _walk(launch.words, start)[0]


def remove_launcher_arg(text: str, stage: str, name: str) -> str:
    """Remove option ``name`` in any spelling (with its value) from ``stage``; no-op when
    absent."""
    names = spellings(stage, name)
    while True:
        launch, start = _view(find_launch(text, stage), stage)
        options, _ = _walk(launch.words, start)
        hits = [o for o in options if o.name in names]
        if not hits:
            return text
        opt = hits[-1]
        for index in range(opt.last, opt.first - 1, -1):
            text = remove_word(text, launch.words[index])


#: A value of srun's ``-x``/``--exclude`` that is a variable assignment (``NCCL_DEBUG=ERROR``):
#: Open MPI's ``mpirun -x NAME=VALUE`` habit, which srun reads as a node named ``NAME=VALUE``.
_ASSIGNMENT_VALUE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)


def srun_exclude_assignments(text: str) -> list[tuple[str, str]]:
    """(NAME, VALUE) of each ``-x NAME=VALUE`` / ``--exclude=NAME=VALUE`` of the srun stage of
    the launch line, in order; empty when srun takes none (or runs no stage)."""
    try:
        launch, start = _view(find_launch(text, "srun"), "srun")
    except FixNotApplicable:
        return []
    found = []
    for opt in _walk(launch.words, start)[0]:
        m = _ASSIGNMENT_VALUE.match(opt.value or "") if opt.name in ("-x", "--exclude") else None
        if m:
            found.append((m.group(1), m.group(2)))
    return found


def drop_srun_exclude_assignment(text: str, name: str) -> str:
    """``text`` without the srun option ``-x NAME=...`` (or ``--exclude=NAME=...``)."""
    launch, start = _view(find_launch(text, "srun"), "srun")
    for opt in reversed(_walk(launch.words, start)[0]):
        m = _ASSIGNMENT_VALUE.match(opt.value or "") if opt.name in ("-x", "--exclude") else None
        if m and m.group(1) == name:
            for index in range(opt.last, opt.first - 1, -1):
                text = remove_word(text, launch.words[index])
            return text
    raise FixNotApplicable(f"srun passes no -x {name}=...")


def add_env_name(text: str, name: str) -> str:
    """mpirun: pass ``name`` to every rank with ``-x NAME``; no-op when already passed."""
    launch = find_launch(text)
    options, start = _stage(launch, "mpirun")
    if any(o.name == "-x" and (o.value or "").partition("=")[0] == name for o in options):
        return text
    return _insert_before(text, launch, start, f"-x {quote(name)}")


def _entrypoint_index(launch: Launch, entrypoint: str) -> int:
    for i in range(len(launch.words) - 1, -1, -1):
        if launch.words[i].value == entrypoint:
            return i
    raise FixNotApplicable(f"the program {entrypoint} is not a word of the launch line")


def program_args(launch: Launch, entrypoint: str) -> tuple[int, int]:
    """(first, end) indexes of the program's argument words (redirections excluded)."""
    first = _entrypoint_index(launch, entrypoint) + 1
    end = first
    while end < len(launch.words) and not _REDIRECT.match(launch.words[end].raw):
        end += 1
    return first, end


#: A one-dash option whose name is a letter then a dotted key (HPX ``-Ihpx.stacks.x``, Java
#: ``-Dkey.name``): its value goes in the same word after ``=``.
_DOTTED_KEY_OPTION = re.compile(r"-[A-Za-z][A-Za-z_]\w*(?:\.\w+)+")


def add_argument(text: str, entrypoint: str, name: str, value: str | None) -> str:
    """Give the program ``name`` (= ``value``): replace its value, else append it (also
    inside a ``bash -c`` body, where only values needing no quoting are written); a
    one-dash dotted-key option is appended as one word ``NAME=VALUE``."""
    full = find_launch(text)
    launch = program_launch(full, entrypoint)
    if launch is not full and value is not None and not _BODY_SAFE.match(value):
        raise FixNotApplicable(f"the value {value!r} would need quoting inside the bash -c "
                               "body; edit the body by hand")
    first, end = program_args(launch, entrypoint)
    options, _ = _walk_args(launch.words, first, end)
    hits = [o for o in options if o.name == name]
    if hits:
        if hits[-1].value == value:
            return text
        return _replace_option(text, launch, hits[-1], "torchrun", value, name)
    new = (f"{name}={quote(value)}" if value is not None and _DOTTED_KEY_OPTION.fullmatch(name)
           else _option_text("torchrun", name, value))
    if end < len(launch.words):
        at = launch.words[end].start
        return replace(text, at, at, f"{new} ")
    return replace(text, launch.end, launch.end, f" {new}")


def _walk_args(words: list[Word], first: int, end: int) -> tuple[list[Option], int]:
    """Program arguments as options (``--a b``, ``--a=b``, flags), positional words skipped."""
    found: list[Option] = []
    i = first
    while i < end:
        value = words[i].value
        if not value.startswith("-"):
            i += 1
            continue
        name, eq, attached = value.partition("=")
        if eq:
            found.append(Option(name, attached, i, i, True))
            i += 1
        elif i + 1 < end and not words[i + 1].value.startswith("-"):
            found.append(Option(value, words[i + 1].value, i, i + 1, False))
            i += 2
        else:
            found.append(Option(value, None, i, i, False))
            i += 1
    return found, i


def walk_program_args(words: list[Word], first: int, end: int) -> list[Option]:
    """The program's arguments ``words[first:end]`` as options (positional words skipped)."""
    return _walk_args(words, first, end)[0]


def backend_argument(text: str, entrypoint: str) -> str | None:
    """The name of the program's backend argument, when it has one."""
    launch = program_launch(find_launch(text), entrypoint)
    first, end = program_args(launch, entrypoint)
    options, _ = _walk_args(launch.words, first, end)
    names = [o.name for o in options if o.name in BACKEND_ARGS]
    return names[-1] if names else None


def _stage_view(text: str, stage: str) -> tuple[Launch, int, bool] | None:
    """The launch (or ``bash -c`` body) that runs ``stage``, its first option index, and
    whether it is a body; None when no stage ``stage`` runs."""
    full = find_launch(text)
    try:
        view, start = _view(full, stage)
    except FixNotApplicable:
        return None
    return view, start, view is not full


def _written(name: str, value: str, attached: bool, in_body: bool) -> str:
    """An option maple writes with a value that expands variables: double-quoted on the
    launch line, bare inside a ``bash -c`` body (whose quotes are the body's)."""
    shown = value if in_body else f'"{value}"'
    return f"{name}={shown}" if attached else f"{name} {shown}"


def rendezvous_host_options(text: str) -> list[tuple[str, str, str]]:
    """(stage, option, value) of launcher options that name a rendezvous host literally
    (on the launch line or in the ``bash -c`` body that runs the launcher)."""
    found: list[tuple[str, str, str]] = []
    for stage, names in (("torchrun", ("--master_addr", "--master-addr", "--rdzv_endpoint",
                                       "--rdzv-endpoint")),
                         ("accelerate", ("--main_process_ip",)),
                         ("deepspeed", ("--master_addr",))):
        view = _stage_view(text, stage)
        if view is None:
            continue
        for opt in _walk(view[0].words, view[1])[0]:
            if opt.name in names and opt.value is not None and (
                    ("$MASTER_ADDR" not in opt.value and "${MASTER_ADDR}" not in opt.value)
                    or _unset_port(text, opt.value)):
                found.append((stage, opt.name, opt.value))
    return found


_PORT_VARIABLE = re.compile(r":\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")


def _unset_port(text: str, endpoint: str) -> bool:
    """Whether ``endpoint`` (HOST:PORT) reads its port from a variable the script never sets
    (a mistyped ``$MASTERPORT``): torchrun then gets an empty port."""
    m = _PORT_VARIABLE.search(endpoint)
    if m is None or m.group(1) == "MASTER_PORT":
        return False
    name = re.escape(m.group(1))
    return re.search(rf"(?m)^\s*(?:export\s+)?{name}=|^\s*export\s[^\n]*\b{name}\b",
                     text) is None


def sets_master_port(text: str) -> bool:
    """Whether the script sets MASTER_PORT itself (then a literal port on the launch line
    is a second, disagreeing port)."""
    from maple_flow.scriptparse import parse_script

    try:
        parsed = parse_script(text)
    except MapleError:
        return False
    return "MASTER_PORT" in parsed.env or "MASTER_PORT" in parsed.variables


def point_at_master_addr(text: str) -> str:
    """Rewrite literal rendezvous hosts on the launch line (or its ``bash -c`` body) to
    ``$MASTER_ADDR``."""
    for stage, name, value in rendezvous_host_options(text):
        view = _stage_view(text, stage)
        if view is None:
            continue
        launch, start, in_body = view
        opt = [o for o in _walk(launch.words, start)[0] if o.name == name][-1]
        if "endpoint" in name:
            port = value.rpartition(":")[2] if ":" in value else ""
            port = port if port.isdigit() and not _unset_port(text, value) \
                and not sets_master_port(text) else "$MASTER_PORT"
            new = _written(name, f"$MASTER_ADDR:{port}", True, in_body)
        else:
            new = _written(name, "$MASTER_ADDR", True, in_body)
        text = replace(text, launch.words[opt.first].start, launch.words[opt.last].end, new)
    return text


#: Launcher options that give the rendezvous port: a literal there is what the launcher uses,
#: whatever MASTER_PORT says.
#: Rendezvous port options of each launcher stage; the first is the one written when adding.
PORT_OPTIONS: dict[str, tuple[str, ...]] = {
    "torchrun": ("--master_port", "--master-port", "--rdzv_endpoint", "--rdzv-endpoint"),
    "deepspeed": ("--master_port", "--master-port"),
    "accelerate": ("--main_process_port", "--main-process-port"),
}


#: A port the script draws at random on the launch line (``$((29400 + RANDOM % 1000))``,
#: ``$(shuf -i 20000-30000 -n 1)``): like a literal, a port no variable of the script holds,
#: and one a new MASTER_PORT cannot reach unless the option reads it (s30r2script).
RANDOM_PORT = re.compile(r"\$\(\(.*\bRANDOM\b.*\)\)|\$\{?RANDOM\b|\$\(\s*shuf\b")


def point_at_master_port(text: str, port: str | None = None) -> str:
    """Rewrite literal rendezvous ports on the launch line or in its ``bash -c`` body
    (``--master_port=29500``, ``--rdzv_endpoint=localhost:29400``), and ports drawn there at
    random (RANDOM_PORT), to ``$MASTER_PORT``, so a
    new MASTER_PORT is the port the launcher uses; given ``port`` (digits), each literal
    rendezvous *endpoint* port is set to ``port`` in place instead and the rest left as is (a
    c10d endpoint's port is the rendezvous store's, not MASTER_PORT: the agents choose the
    workers' MASTER_PORT themselves, so the endpoint is edited where it is written)."""
    for stage, names in PORT_OPTIONS.items():
        view = _stage_view(text, stage)
        if view is None:
            continue
        for opt in reversed(_walk(view[0].words, view[1])[0]):
            if opt.name not in names or opt.value is None:
                continue
            host, colon, old = opt.value.rpartition(":")
            literal = old if "endpoint" in opt.name else opt.value
            if "endpoint" in opt.name and not colon:
                continue
            if not literal.isdigit() and not RANDOM_PORT.search(literal):
                continue
            if port is not None and "endpoint" not in opt.name:
                continue
            if port is not None:
                value = f"{host}:{port}" if "endpoint" in opt.name else port
                new = (_written(opt.name, value, opt.attached, view[2]) if "$" in value
                       else f"{opt.name}={value}" if opt.attached else f"{opt.name} {value}")
            else:
                value = f"{host}:$MASTER_PORT" if "endpoint" in opt.name else "$MASTER_PORT"
                new = _written(opt.name, value, opt.attached, view[2])
            text = replace(text, view[0].words[opt.first].start, view[0].words[opt.last].end,
                           new)
    return text


def add_variable_option(text: str, stage: str, name: str, value: str) -> str:
    """Add ``name=value`` to ``stage``, ``value`` being maple's own text that expands a
    variable (``localhost:$MASTER_PORT``): double-quoted on the launch line, bare inside a
    ``bash -c`` body (whose quotes are the body's)."""
    if not _BODY_SAFE.match(value):
        raise FixNotApplicable(f"{value!r} is not a plain word with variables")
    full = find_launch(text)
    launch, start = _view(full, stage)
    word = f'{name}="{value}"' if launch is full else f"{name}={value}"
    return _insert_before(text, launch, start, word)


def _respell(text: str, launch: Launch, opts: list[Option],
             spelling: Callable[[str], str]) -> str:
    """``text`` with the name of each of ``opts`` (options of ``launch``) written as
    ``spelling(name)``, each value kept; from the last, so the earlier spans still hold."""
    for opt in reversed(opts):
        word = launch.words[opt.first]
        at = word.raw.find(opt.name)
        if at >= 0:
            begin = word.start + at
            text = replace(text, begin, begin + len(opt.name), spelling(opt.name))
    return text


def underscore_options(text: str, stage: str) -> str:
    """Write every ``--a-b`` option of ``stage`` (on the launch line or in the ``bash -c``
    body that runs it) as ``--a_b``, value untouched: the spelling older argparse launchers
    (torchrun before torch 2.0, ``torch.distributed.launch``) know."""
    launch, start = _view(find_launch(text, stage), stage)
    hyphened = [o for o in _walk(launch.words, start)[0]
                if o.name.startswith("--") and "-" in o.name[2:]]
    return _respell(text, launch, hyphened, lambda n: "--" + n[2:].replace("-", "_"))


def respell_launcher_arg(text: str, stage: str, name: str, spelling: str) -> str:
    """Write option ``name`` of ``stage`` (any of its spellings, every time it is given) as
    ``spelling``, its value kept; FixNotApplicable when the stage has no such option. The
    switch that ends the stage's options (``-m``: the program is a module) counts as one of
    its options here (``deepspeed -m pkg.mod`` -> ``deepspeed --module pkg.mod``)."""
    launch, start = _view(find_launch(text, stage), stage)
    names = spellings(stage, name)
    options, stop = _walk(launch.words, start)
    hits = [o for o in options if o.name in names]
    if not hits and stop < len(launch.words) and launch.words[stop].value in names:
        hits = [Option(launch.words[stop].value, None, stop, stop, False)]
    if not hits:
        raise FixNotApplicable(f"{stage} has no option {name} to write as {spelling}")
    return _respell(text, launch, hits, lambda _: spelling)


#: Rendezvous backends that read their host from --rdzv_endpoint, never from --master_addr.
_DYNAMIC_BACKENDS = frozenset({"c10d", "etcd", "etcd-v2"})
#: torchrun's port for a dynamic rendezvous endpoint given without one.
_C10D_PORT = "29400"


def endpoint_at_master_addr(text: str) -> str:
    """A torchrun stage with a dynamic rendezvous backend (``--rdzv_backend c10d``) and no
    endpoint ignores its ``--master_addr``: give it ``--rdzv_endpoint=$MASTER_ADDR:PORT``,
    the port being its own ``--master_port`` (a number or one variable), else torchrun's 29400.
    The script as is otherwise."""
    view = _stage_view(text, "torchrun")
    if view is None:
        return text
    launch, start, _ = view
    options = _walk(launch.words, start)[0]
    named = {o.name.replace("-", "_"): o.value for o in options}
    backend = (named.get("__rdzv_backend") or "").strip("\"'")
    if backend not in _DYNAMIC_BACKENDS or "__rdzv_endpoint" in named:
        return text
    port = (named.get("__master_port") or "").strip("\"'")
    if not (port.isdigit() or _WHOLE_VARIABLE.match(port)):
        port = _C10D_PORT
    dashed = any("-" in o.name[2:] for o in options if o.name.startswith("--"))
    name = "--rdzv-endpoint" if dashed else "--rdzv_endpoint"
    return add_variable_option(text, "torchrun", name, f"$MASTER_ADDR:{port}")
