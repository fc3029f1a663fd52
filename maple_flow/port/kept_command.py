"""A one-process job whose work is a command maple does not read as a Python launch
(``wandb agent ...``, ``./bin/app``, ``conda run ...``): the port edits what is the site's
(directives, modules, environment, scheduler variables) as for a one-process Python job and
keeps the command verbatim as that process.

How: the command's line is read as a stand-in one-process Python launch, the stand-in script
is ported as usual, then the target's launch statement of the stand-in is replaced by the
user's command as written (the other scheduler's job variables renamed), run in the job's
batch shell as the source ran it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.errors import MissingInformation, ParseError
from maple_flow.port.words import short
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.facts import directive_size, job_gpus
from maple_flow.scriptparse.hidden import PYTHON_TEXT
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES, LAUNCH_CMDS, PER_NODE_LAUNCHERS
from maple_flow.scriptparse.placeholder import program_placeholder
from maple_flow.scriptparse.self_launch import (
    SelfLauncher,
    one_task_directives,
    self_launcher,
    self_launching,
)
from maple_flow.scriptparse.shell import Block, ShellCommand, split_blocks
from maple_flow.scriptparse.tool_session import tool_session_reason
from maple_flow.scriptparse.unread import bare_python, why_not_launch, work_commands
from maple_flow.scriptparse.values import held_tool

STAND_IN = "maple_kept_command.py"
_ALL_ARGS = re.compile(r"\$\{?[@*]|\$\{?\d")


@dataclass(frozen=True)
class KeptCommand:
    """The command kept as the job's process, and the stand-in script ported for it."""

    line: int
    text: str
    why: str
    stand_in: str
    #: The job's other commands of the same kind (``(line, text)``), kept as they are.
    others: tuple[tuple[int, str], ...] = ()
    #: Whether the job's directives state how many GPUs its process gets.
    gpus_stated: bool = False
    #: The commands chained in front of it on its line (``chmod +x run.sh &&``), or "".
    chain: str = ""
    #: The command as written when it spans ``\\`` continuation lines (``text`` is then its
    #: one-line form, for notes); "" when it is one line.
    written: str = ""
    #: The command starts its own workers on the node (``tune run --nproc_per_node 4``), or None.
    launcher: SelfLauncher | None = None
    #: The tasks the source asked that no command of it started (a self-launcher's job), made
    #: one task with their CPUs; 1 when it asked one.
    tasks: int = 1

    @property
    def verbatim(self) -> str:
        """The command as the source wrote it (its continuation lines included)."""
        return self.written or self.text


def kept_command(text: str) -> KeptCommand | None:
    """The plan for a script with no Python launch whose work is one command run as one
    process on one node (no launcher in front of it, one task, one node); None otherwise."""
    lines, blocks = text.split("\n"), split_blocks(text)
    if tool_session_reason(blocks):
        return None  # `ddt --connect srun ...`: a debugging session, refused by its reason
    work = work_commands(blocks)
    if len(work) > 1:  # an inline check (`python -c "import torch; print(...)"`) is no work
        work = [c for c in work if not inline_probe(c.words)] or work
    if not work:
        return None
    cmd = _the_work(work, blocks)
    if program_placeholder(cmd.words[0], alone=len(cmd.words) == 1) or any(
            bare_python(c) for c in work):
        return None  # a placeholder where the work goes (`command`, `python #path/to/x`)
    launcher = self_launcher(cmd.words)
    held = held_launcher(blocks, cmd)
    if _is_own_function(blocks, cmd):
        return None  # a call of the script's own shell function: its body is the work
    simple = {b.line for b in blocks if "\n" not in b.text.strip() and (
        len(b.commands) == 1 or _piped_out(b, cmd, work))}
    line = lines[cmd.line - 1]
    last = _continued_to(lines, cmd)  # its last line (its `\\` continuation lines included)
    if last is None:
        return None
    written = "\n".join(lines[cmd.line - 1: last + 1]).strip() if last >= cmd.line else ""
    if written:
        line = " ".join(cmd.text.split())  # its one-line form (for the checks and notes)
    chain = "" if written else _chain_in_front(blocks, cmd, line, work)
    if ((_not_kept(cmd.words) and launcher is None and not held
         and not self_launching(cmd.words)) or _pins_devices(cmd)
            or (cmd.line not in simple and not chain)
            or (line.strip() != cmd.text.strip() and not written)):
        return None  # in a loop or branch, sharing its line, or with a prefix: not kept
    indent = line[: len(line) - len(line.lstrip())]
    live = " ".join(w for w in cmd.raw or cmd.words  # its variables stay set
                    if "$" in w and not _ALL_ARGS.search(w)
                    and not (held and w.strip("\"'") == cmd.words[0]))  # not a launch word
    head = f"{chain} " if chain else ""
    # run in the background (`cmd &` then `wait`): the stand-in too, so its port keeps the wait
    bg = " &" if re.search(r"(?<!&)&\s*$", line) else ""
    if written:  # its continuation lines stand blank (the lines below keep their numbers)
        indent = lines[cmd.line - 1][: len(lines[cmd.line - 1]) - len(lines[cmd.line - 1].lstrip())]
        bg = " &" if re.search(r"(?<!&)&\s*$", lines[last]) else ""
    stand_in = [*lines[: cmd.line - 1], f"{indent}{head}python {STAND_IN} {live}".rstrip() + bg,
                *([""] * (last - cmd.line + 1) if written else []),
                *lines[(last if written else cmd.line - 1) + 1:]]
    others = tuple((c.line, " ".join(c.text.split())) for c in work if c is not cmd)
    tasks = 1
    if launcher is not None:  # the batch shell runs it once: the job's tasks start nothing
        stand_in, tasks = one_task_directives(stand_in)
    try:
        parsed = parse_script("\n".join(stand_in))
    except ParseError:
        return None
    size = directive_size(parsed)
    if parsed.launch.entrypoint != STAND_IN or (size["nodes"] or 1) > 1 or (any(
            (size[k] or 1) > 1 for k in ("tpn", "tasks")) and not _runs_once(cmd.words)):
        return None  # not one task on one node (by its directives, or by asking none)
    stated = bool(size["gpus"] or size["gpus_per_task"] or job_gpus(parsed))
    why = (f"it runs {held} launch from the variable {cmd.words[0]} the script sets to it, "
           "not a launch written out" if held else why_not_launch(cmd.words))
    return KeptCommand(cmd.line, line.strip(), why,
                       "\n".join(stand_in), others, stated, chain, written, launcher, tasks)


def _the_work(work: list[ShellCommand], blocks: list[Block] | None = None) -> ShellCommand:
    """The command that is the job's work: its one self-launcher (``tune run ...``) when it
    has one and its other commands start no program on the job's ranks (``srun hostname``
    probes); else its one launch by a launcher held in a variable (``"$ACCELERATE_EXEC"
    launch x.py``, its ``config`` call aside); else its first."""
    from maple_flow.scriptparse.unread import holds_launch

    own = [c for c in work if self_launcher(c.words) is not None]
    if len(own) == 1 and not any(holds_launch(c.words) for c in work if c is not own[0]):
        return own[0]
    held = [c for c in work if blocks is not None and held_launcher(blocks, c)]
    if len(held) == 1:
        return held[0]
    return work[0]


#: A whole-variable word (``$X``, ``"${X}"``) as a command word.
_HELD_WORD = re.compile(r"^\$\{?(\w+)\}?$")
#: What a launcher held in a variable is asked to do for it to be the job's launch.
_LAUNCHING = {"accelerate": ("launch",), "torchrun": (), "deepspeed": ()}


def held_launcher(blocks: list[Block], cmd: ShellCommand) -> str:
    """The per-node launcher (accelerate, torchrun, deepspeed) ``cmd`` runs from a variable
    the script sets to its path, before ``cmd`` (``ACCELERATE_EXEC="$VENV_DIR/bin/accelerate"``
    ... ``"$ACCELERATE_EXEC" launch x.py``; ``X="${X:-accelerate}"``), when ``cmd`` is its
    launch (accelerate's ``launch``, not ``config``); ``""`` otherwise."""
    word = _HELD_WORD.match(cmd.words[0]) if cmd.words else None
    if word is None:
        return ""
    values = {n: v for b in blocks for c in b.commands if c.line < cmd.line
              for n, v in c.settings()}
    tool = held_tool(word, values) if word.group(1) in values else ""
    name = tool.rsplit("/", 1)[-1]
    if name not in _LAUNCHING or (_LAUNCHING[name] and cmd.words[1:2] != _LAUNCHING[name]):
        return ""
    return name


def _piped_out(block: Block, cmd: ShellCommand, work: list[ShellCommand]) -> bool:
    """``block`` is ``cmd`` with its output piped on to commands that are not the job's work
    (``bash ./tools/dist_prune.sh cfg.py 5 1 | tee train.log``): kept whole, as written, the
    pipe with it (the stand-in's port never sees it, so drops nothing)."""
    own, text = " ".join(cmd.raw or cmd.words), " ".join(cmd.text.split())  # blanks made one
    rest = _FD_COPIES.sub("", text[len(own):].lstrip())
    return (block.commands[0] is cmd and text.startswith(own)
            and rest.startswith("|")
            and not any(c is not cmd and c in work for c in block.commands))


#: Copies of one output stream onto another in front of a pipe (``2>&1 | tee log``).
_FD_COPIES = re.compile(r"^(?:\d*>&\d+\s*)+")


#: Variables that choose the GPUs a process sees: a command prefixed with one of them is not
#: kept as written (the target's GPUs are numbered by its own allocation).
_DEVICE_PINS = frozenset({"CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
                          "ZE_AFFINITY_MASK", "NVIDIA_VISIBLE_DEVICES"})


def _pins_devices(cmd: ShellCommand) -> bool:
    """Whether ``cmd``'s own environment prefix (``A=1 B=2 prog ...``) sets which GPUs it sees;
    other prefixes (``nnUNet_n_proc_DA=10 nnUNet_train ...``) are the user's settings of that
    one command and are kept with it as written."""
    return any(name in _DEVICE_PINS for name, _ in cmd.assignments)


def _runs_once(words: tuple[str, ...]) -> bool:
    """Whether a command with no launcher in front of it, asked on one node with several tasks
    (``#BSUB -n 4``, ``#SBATCH -n 4``), is still one process: the batch shell runs it once and
    the tasks only reserve CPUs (``facts._idle_tasks`` gives them to it), unless it is a shell
    script of the user's (``./run.sh``, ``bash x.sh``), which may start the tasks itself with
    srun or mpirun, where the port cannot see."""
    head = words[0].rsplit("/", 1)[-1] if words else ""
    return bool(head) and head not in {"bash", "sh", "zsh", "ksh", "source", "."} and not (
        head.endswith((".sh", ".bash", ".csh")))


#: ``import x``, ``from x import y`` or ``print(...)``: the statements of an inline check.
_PROBE_STATEMENT = re.compile(
    r"^(?:import\s+[\w., ]+|from\s+[\w.]+\s+import\s+[\w., ]+|print\(.*\))$")


def inline_probe(words: tuple[str, ...]) -> bool:
    """Whether ``words`` run inline Python code that only imports and prints (``python -c
    "import torch; print(torch.cuda.is_available())"``): a check of the environment, not the
    job's work."""
    if len(words) != 3 or not words[0].rsplit("/", 1)[-1].startswith("python") or (
            words[1] != "-c"):
        return False
    parts = [x.strip() for x in re.split(r"[;\n]", words[2].strip("\"'")) if x.strip()]
    return bool(parts) and all(_PROBE_STATEMENT.match(x) for x in parts)


def _is_own_function(blocks: list[Block], cmd: ShellCommand) -> bool:
    """Whether ``cmd`` calls a shell function the script defines (``run a --size 1``)."""
    head = cmd.words[0] if cmd.words else ""
    return any(re.match(rf"\s*(?:function\s+)?{re.escape(head)}\s*(?:\(\s*\))?\s*\{{?\s*$",
                        b.text.split("\n", 1)[0])
               and ("()" in b.text.split("\n", 1)[0] or b.text.lstrip().startswith("function"))
               for b in blocks) if head else False


def _continued_to(lines: list[str], cmd: ShellCommand) -> int | None:
    """The index of the last line of ``cmd`` (``cmd.line - 1`` when it is one line): a
    command continued by ``\\`` line ends runs to the first line that does not end so; None
    when its lines are not the command alone (a comment or another command among them)."""
    last = cmd.line - 1
    while last < len(lines) and lines[last].rstrip().endswith("\\"):
        last += 1
    if last >= len(lines):
        return None
    if last == cmd.line - 1:
        return last
    joined = " ".join(re.sub(r"\\\s*$", " ", x) for x in lines[cmd.line - 1: last + 1])
    return last if joined.split() == cmd.text.split() else None


#: A chain's end in front of a command on its line (``chmod +x run.sh &&``, ``cd run;``).
_CHAIN_END = re.compile(r"(?:&&|;)$")


def _chain_in_front(blocks: list[Block], cmd: ShellCommand, line: str,
                    work: list[ShellCommand]) -> str:
    """The commands chained in front of ``cmd`` on its one-line block (``chmod +x run.sh
    &&``), none of them the job's work, when ``cmd`` ends the line; ``""`` otherwise (the
    stand-in port keeps the chain in front of the target's launch, and the command is put
    back with it, as written)."""
    block = next((b for b in blocks if b.line == cmd.line), None)
    if (block is None or "\n" in block.text.strip() or len(block.commands) < 2
            or block.commands[-1] is not cmd or any(c is not cmd and c in work
                                                  for c in block.commands)):
        return ""
    text, own = line.strip(), " ".join(cmd.raw or cmd.words)
    if not own or not text.endswith(own):
        return ""
    chain = text[: len(text) - len(own)].rstrip()
    return chain if _CHAIN_END.search(chain) else ""


def _not_kept(words: tuple[str, ...]) -> bool:
    """Commands never kept as a job's process: a launcher, a Python interpreter (its program
    unread), a container runtime (ported by the container stage), a program held in a
    variable, an array or the job's arguments, a command with a Python program in its words."""
    head = words[0].rsplit("/", 1)[-1]
    if PYTHON_TEXT.search(" " + " ".join(_not_handed_files(words)[1:]) + " "):
        return True  # a Python program inside it (`startdocker -c "python t.py"`): not kept
    return (head in LAUNCH_CMDS or head in PER_NODE_LAUNCHERS or head in CONTAINER_RUNTIMES
            or head.startswith("python") or words[0].startswith("$") or "$" in head)


#: A plain file path ending in ``.py`` (``local_configs/a.b.py``, ``$CFG_DIR/x.py``).
_PY_FILE = re.compile(r"^[\w./${}:+-]+\.py$")


def _not_handed_files(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` less the ``.py`` files handed as plain arguments to the user's own shell
    script (``bash ./tools/dist_prune.sh cfg.py 5 1``, ``./run.sh train.py``): the script,
    which the port keeps verbatim, starts or reads them itself; no interpreter of the line's
    own runs them. Other commands' words are returned whole."""
    k = 1 if words[0].rsplit("/", 1)[-1] in {"bash", "sh"} else 0
    while k and k < len(words) and words[k].startswith("-"):
        k += 1  # the shell's own flags (`bash -l run.sh`)
    if k >= len(words) or not words[k].endswith((".sh", ".bash")):
        return words
    return tuple(w for i, w in enumerate(words) if i <= k or not _PY_FILE.match(w))


def ask_gpus(plan: KeptCommand) -> MissingInformation:
    """The question for a kept-command job whose directives state no GPU count."""
    return MissingInformation({"gpus_per_node": (
        f"the job's work is line {plan.line} `{plan.text}` ({plan.why}), one process on one "
        "node, and its directives state no GPU count (the source's queue or node type gave "
        "them), so how many GPUs it drives is unknown; pass gpus_per_node=N (--gpus-per-node "
        "N)")})


def put_back(script: str, plan: KeptCommand, renamed: str) -> str | None:
    """The ported ``script`` with the target's launch of the stand-in (its whole statement,
    continuation lines and the rank set-up just above it included) replaced by the user's
    command as the source ran it, in the batch shell (``renamed``: its text with the target's
    scheduler variables); None when the stand-in is not found exactly once."""
    lines = script.split("\n")
    hits = [k for k, line in enumerate(lines) if STAND_IN in line]
    if len(hits) != 1:
        return None
    end = start = hits[0]
    while start > 0 and lines[start - 1].rstrip().endswith("\\"):
        start -= 1
    while start > 0 and (_RANK_SETUP.match(lines[start - 1]) or (
            plan.chain and lines[start - 1].strip() == plan.chain)):
        start -= 1  # the chain the stand-in's port put above the launch is the command's
    indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
    blank = plan.written.count("\n")  # the blank lines that stood for its continuation lines
    while blank and end + 1 < len(lines) and not lines[end + 1].strip():
        end, blank = end + 1, blank - 1
    return "\n".join([*lines[:start], indent + renamed, *lines[end + 1:]])


#: Lines the target's template writes just above a launch for its ranks.
_RANK_SETUP = re.compile(r"\s*(?:# shellcheck disable=SC2016\b|export WORLD_SIZE=)")


def kept_note(plan: KeptCommand, gpus: int, cluster: str) -> str:
    """The note naming the command kept as is and the GPUs it gets."""
    if plan.launcher is not None:
        return _self_launcher_note(plan, plan.launcher, gpus, cluster) + _others_clause(plan)
    return (f"line {plan.line} `{plan.text}` is not a Python launch maple reads "
            f"({plan.why}); the job is one process on one node, so the port keeps that "
            "command verbatim as its one process, run in the job's batch shell as the source "
            f"ran it, with {gpus} GPU(s) of 1 node: check on {cluster} that it runs there "
            "(installed or built for its GPUs and software stack; if it starts several "
            "processes itself, e.g. torchrun in a script, that they match these GPUs)"
            + _others_clause(plan))


def _self_launcher_note(plan: KeptCommand, launcher: SelfLauncher, gpus: int,
                        cluster: str) -> str:
    """The note on a self-launcher kept as the job's one process: the workers it starts, by its
    own count, against the GPUs the port gives; and the source's unused tasks made one."""
    count = launcher.count.strip("'\"")
    if count.isdigit() and int(count) != gpus:
        workers = (f"{count} workers (`{launcher.option} {count}`) while the port gives the job "
                   f"{gpus} GPU(s): MISMATCH, set `{launcher.option}` to {gpus} or ask "
                   f"gpus_per_node={count}")
    elif count.isdigit():
        workers = f"{count} workers (`{launcher.option} {count}`), one per GPU the port gives"
    else:
        workers = (f"the workers its `{launcher.option} {launcher.count}` gives, expanded when "
                   f"the job runs on {cluster} (the port gives {gpus} GPU(s))")
    tasks = (f"; the source asked {plan.tasks} tasks, which no command of it started (the "
             f"command runs once in the batch shell): the port asks one task with their CPUs"
             if plan.tasks > 1 else "")
    return (f"line {plan.line} `{plan.text}`: `{launcher.name}` starts its own worker processes "
            f"on the node it runs on, {workers}; the port keeps the line verbatim as the job's "
            f"one process, run in the job's batch shell as the source ran it, on 1 node with "
            f"{gpus} GPU(s){tasks}: check on {cluster} that `{launcher.name}` is installed in the "
            "environment the job activates")


def _others_clause(plan: KeptCommand) -> str:
    if not plan.others:
        return ""
    named = "; ".join(f"line {line} `{text}`" for line, text in plan.others[:4])
    return f"; the job's other commands are kept as they are, in order: {named}"


def is_stand_in_note(note: str) -> bool:
    """A note of the stand-in port that speaks of the stand-in program, not the user's."""
    return STAND_IN in note or note.startswith("setup ")


#: A tool's installer fetched and run (``curl -LsSf https://astral.sh/uv/install.sh | sh``):
#: a set-up step (run under ``if ! command -v uv``), never the job's work.
_INSTALLER = re.compile(r"\b(?:curl|wget)\b[^|;&]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b")


def not_kept_reason(text: str) -> str:
    """Where the job already is one task on one node (so the remedy "ask the job one task on
    one node" holds in the source) and its work command is one the port keeps verbatim when it
    is a statement of its own, but it runs inside a loop or branch: the obstacle named on the
    user's lines, with what to do; ``""`` otherwise (the generic reason stands)."""
    lines, blocks = text.split("\n"), split_blocks(text)
    work = [c for c in work_commands(blocks) if not _INSTALLER.search(c.text)]
    if not work:
        return ""
    cmd = _the_work(work)
    launcher = self_launcher(cmd.words)
    if (_not_kept(cmd.words) and launcher is None) or _is_own_function(blocks, cmd):
        return ""
    opener = next((b for b in reversed(blocks) if b.line <= cmd.line and "\n" in b.text.strip()
                   and b.line + b.text.strip().count("\n") >= cmd.line), None)
    if opener is None or opener.line == cmd.line:
        return ""
    head = lines[opener.line - 1].strip()
    if not re.match(r"(?:for|while|until|if|case|select)\b", head):
        return ""
    stand_in = [*lines[: cmd.line - 1], "python " + STAND_IN, *lines[cmd.line:]]
    stand_in, _ = one_task_directives(stand_in) if launcher is not None else (stand_in, 1)
    try:
        size = directive_size(parse_script("\n".join(stand_in)))
    except ParseError:
        return ""
    if any((size[k] or 1) > 1 for k in ("nodes", "tpn", "tasks")):
        return ""  # not one task on one node: the generic remedy holds
    own = (f"`{launcher.name}` starts its own workers on the node, so the job is one process "
           "on one node, as maple keeps such a command; " if launcher is not None else
           "the job already is one task on one node; ")
    kind = "loop" if re.match(r"(?:for|while|until|select)\b", head) else "branch"
    inner = [k for k in range(opener.line + 1, cmd.line)
             if re.match(r"\s*(?:for|while|until|select)\b", lines[k - 1])
             and _indent(lines[k - 1]) < _indent(lines[cmd.line - 1])]
    nested = (f", and inside {'the loops' if len(inner) > 1 else 'the loop'} of line"
              f"{'s' if len(inner) > 1 else ''} {', '.join(map(str, inner))} "
              f"(`{short(lines[inner[-1] - 1].strip(), 40)}`)" if inner else "")
    whose = "loops'" if inner else f"{kind}'s"
    return (f"{own}but line {cmd.line} runs inside the {kind} of line {opener.line} "
            f"(`{short(head, 60)}`){nested}, and maple keeps such a command verbatim only as a "
            "statement of its own, run once, not repeated or chosen by the script's shell. "
            f"Port one run: write line {cmd.line} with one set of the {whose} values as a "
            "command of its own (a job array or one job per value runs the rest), and port "
            "again")


def _indent(line: str) -> int:
    """How far ``line`` is indented (a tab counted as one)."""
    return len(line) - len(line.lstrip())
