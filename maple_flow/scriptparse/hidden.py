"""Jobs that start their program through a command the script does not show: a user shell
script (``bash train.sh``, ``./run.sh``), a sourced file, ``eval "$CMD"``, or a task runner
(``pixi run train``). No port can read the program; the refusal names the command."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from itertools import pairwise

from maple_flow.scriptparse.grammar import option_width
from maple_flow.scriptparse.launch import (
    CONTAINER_RUNTIMES,
    ENV_RUNNERS,
    LAUNCH_CMDS,
    runner_command,
    wrapper_end,
)
from maple_flow.scriptparse.shell import Block, ShellCommand, one_line, split_blocks
from maple_flow.scriptparse.values import which_name

_SHELLS = frozenset({"bash", "sh", "zsh", "ksh"})
#: Task runners whose ``run`` starts a command defined elsewhere; make/just run a target.
_RUNNERS = ENV_RUNNERS
_TARGET_RUNNERS = frozenset({"make", "just"})
_ALL_ARGS = frozenset({"$@", "${@}", "$*", "${*}"})
#: A command run from a bash array (``"${CMD[@]}"``).
_ARRAY_WORD = re.compile(r"^\$\{(\w+)\[[@*]\]\}$")
#: A launch inside a command substitution (``out=$(torchrun ... 2>&1)``).
_CAPTURED = re.compile(r"\$\(\s*(?:\w+=\S*\s+)*((?:\S*/)?(?:torchrun|srun|mpiexec|mpirun|"
                       r"deepspeed|accelerate|python[\d.]*)\b(?!\s+-c\b)[^)]*)")
#: Files sourced to set the environment up, not to run the job.
_ENV_FILE = re.compile(r"(?:activate|bashrc|bash_profile|profile|conda\.sh|env\.sh)[}\"']*$",
                       re.IGNORECASE)
#: The site's shell initialisation, sourced to set the shell up (the module command, the
#: scheduler's own environment): ``/etc/profile.d/modules.sh``, ``/etc/profile``,
#: ``/usr/share/Modules/init/bash``, ``$LMOD_PKG/init/bash``, ``spack/share/spack/setup-env.sh``.
SITE_INIT = re.compile(r"^/etc/|(?:^|/)(?:modules|lmod|z\d*_lmod|uge|sge|slurm)\.(?:sh|bash)$|"
                       r"/init/(?:bash|sh|zsh|profile\.sh)$|spack/setup-env\.sh$")
#: A command given by its path (``./run.sh``, ``~/bin/job``, ``$DIR/run``), not by a name.
_SCRIPT_PATH = re.compile(r"^(?:\.{1,2}/|/|~/|\$\{?\w+\}?/)\S*\w$")


#: PBS's per-node starter and its options that take a value (``pbsdsh -c 2 -- cmd``).
_PBSDSH_VALUED = frozenset({"-c", "-n", "-h", "-e"})


def _past_pbsdsh(words: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """``words`` past a leading ``pbsdsh [options] [--]`` (PBS starts the rest once per node,
    or once per slot) and the text saying so; ``words`` and ``""`` when there is none."""
    if not words or words[0].rsplit("/", 1)[-1] != "pbsdsh":
        return words, ""
    k = 1
    while k < len(words) and words[k].startswith("-") and words[k] != "--":
        k += 2 if words[k] in _PBSDSH_VALUED else 1
    k += 1 if words[k:k + 1] == ("--",) else 0
    return words[k:], " (started by pbsdsh on each node or slot of the job)"


def _runner(cmd: ShellCommand) -> str:
    """What ``cmd`` runs when it hands the job to a command the script does not show."""
    words, started = _past_pbsdsh(cmd.words)
    if words and words[0] in _RUN_PREFIXES:  # `exec "$@"`, `time bash x.sh`: the command after
        rest = words[1:]
        while rest and rest[0] in _RUN_PREFIXES | {"-p"}:
            rest = rest[1:]
        inner = _runner(replace(cmd, words=rest, raw=())) if rest else ""
        # only the command the job is given or a user's shell script: a program run so
        # (`time ~/julia/bin/julia x.jl`) is named by the reasons that read its program
        return inner if inner.startswith(("the command the script is given",
                                          "the shell script ")) else ""
    if not words:
        return ""
    if not started and words[0].rsplit("/", 1)[-1] in CONTAINER_RUNTIMES:
        inside = tuple(words[wrapper_end(list(words), 0, []):])
        started = " (run inside the container of the line)" if inside else ""
        if inside and re.fullmatch(r"[\w.+-]+\.sh", inside[0]):  # `IMG run.sh "$@"`
            return f"the shell script {inside[0]}{started}"
        words = inside
    if started:
        inner = _runner(replace(cmd, words=words, raw=()))
        return inner + started if inner else ""
    if not words:  # a bare runtime (``apptainer``) runs nothing
        return ""
    array = _ARRAY_WORD.match(words[0])
    if array:
        return f"the command held in the array ${{{array.group(1)}[@]}} (built in the script)"
    if words[0] in _ALL_ARGS:  # `$@ --gpu_id 0`: the program comes with the submission
        return f"the command the script is given as its arguments (`{words[0]}`)"
    head = words[0].rsplit("/", 1)[-1]
    body = _shell_c_body(words) if head in _SHELLS else None
    if body is not None:  # the body's last runner (`bash -c`, `bash -lc`, `sh -e -c`)
        found = [r for b in split_blocks(body) for c in b.commands if (r := _runner(c))]
        return found[-1] if found else ""
    if head in _SHELLS and len(words) > 1 and not words[1].startswith("-"):
        return f"the shell script {words[1]}"
    if (head in {"source", "."} and len(words) > 1 and not _ENV_FILE.search(words[1])
            and not SITE_INIT.search(words[1].strip("\"'"))):
        return f"the sourced file {words[1]}"
    if head == "eval" and _SHELL_HOOK.search(" ".join(words[1:])):
        return ""  # `eval "$(conda shell.bash hook)"` sets the shell up, it runs no job
    if head == "eval":
        return "the command `eval` builds from " + " ".join(words[1:])[:60]
    if head in _RUNNERS and words[1:2] == ("run",) and len(words) > 2:
        return _runner_task(head, words)
    if head in _TARGET_RUNNERS and len(words) > 1 and not words[1].startswith("-"):
        return f"the {head} target `{words[1]}`"
    if head in _FAN_OUT:
        return _fanned_out(head, words)
    if _SET_UP_TOOL.fullmatch(head):
        return ""  # `~/miniconda3/bin/python3 -m venv .venv`, `env/bin/pip install`: set-up
    # `.venv/bin/train`: a console script of the user's environment
    if _ENV_BIN.match(words[0]) and "." not in head and not _SYSTEM_BIN.match(words[0]):
        return f"the command {head} installed in your environment ({words[0]}) {_CONSOLE_SCRIPT}"
    if _SCRIPT_PATH.match(words[0]) and (head.endswith(".sh") or "." not in head):
        return f"the program or script {words[0]}"
    return ""


#: A shell's short options with ``c`` among them (``-c``, ``-lc``, ``-ec``, ``-xec``).
_C_OPTION = re.compile(r"^-[a-z]*c[a-z]*$")


def _shell_c_body(words: tuple[str, ...]) -> str | None:
    """The command text a shell runs with ``-c`` (``bash -c BODY``, ``bash -lc BODY``,
    ``bash --login -c BODY``), or None when ``words`` run no ``-c`` body."""
    for k, word in enumerate(words[1:], 1):
        if _C_OPTION.match(word):
            return words[k + 1] if k + 1 < len(words) else None
        if not word.startswith("-"):
            return None
    return None


#: Words that run the command after them as itself (``exec ./run.sh``, ``time bash x.sh``).
_RUN_PREFIXES = frozenset({"exec", "time", "nohup", "command", "stdbuf", "nice"})


def _holds_launch_words(cmd: ShellCommand) -> bool:
    """Whether ``cmd`` launches the job's ranks (``srun PROGRAM``, ``torchrun ...``)."""
    from maple_flow.scriptparse.unread import holds_launch  # unread imports this module's kin

    return holds_launch(cmd.words)


#: Tools given by their path that set an environment up or report on it, never the job's
#: program: an interpreter (with no program of the job, or the port would read it as the
#: launch), the package managers, the GPU and compiler reports.
_SET_UP_TOOL = re.compile(r"python[\d.]*|pip[\d.]*|conda|mamba|micromamba|virtualenv|uv|"
                          r"nvidia-smi|nvcc|which|hostname|module")
#: A command in an environment's bin folder (``.venv/bin/train``, ``$VENV/bin/train``,
#: ``~/envs/x/bin/train``): what ``pip install`` put there, a project's console script.
_SYSTEM_BIN = re.compile(r"^/(?:usr/)?(?:local/)?s?bin/")
_ENV_BIN = re.compile(r"^(?:\.{1,2}/|/|~/|\$\{?\w+\}?/)?[\w.~${}/-]*\bbin/[\w.-]+$")


#: ``eval`` of a tool's shell set-up (``eval "$(conda shell.bash hook)"``, ``eval "$(pyenv
#: init -)"``, ``eval "$(micromamba shell hook -s bash)"``): it defines shell functions and
#: the environment, it starts no program.
_SHELL_HOOK = re.compile(
    r"^[\"']?\$\(\s*(?:\S*/)?(?:conda|mamba|micromamba|pyenv|direnv|ssh-agent|modulecmd|"
    r"spack|pixi|rbenv|luarocks|opam|brew)\b[^)]*\b(?:hook|init|activate|env|shellenv|"
    r"load|export)\b")


#: Commands that start another command many times over (GNU parallel, xargs).
_FAN_OUT = frozenset({"parallel", "xargs"})


def _fanned_out(head: str, words: tuple[str, ...]) -> str:
    """``parallel ./run.sh ::: 0 1 2 3``: the copies ``head`` starts of a command that is not
    a Python program the script shows; ``""`` for ``parallel python x.py ::: ...``."""
    inner = next((w for w in words[1:] if not w.startswith("-") and not w.isdigit()), "")
    if not inner or inner.startswith(":::") or re.match(r"python[\d.]*$", inner):
        return ""
    return (f"the copies {head} starts of {inner} (several at once, one for each value it "
            "is given)")


def _runner_task(head: str, words: tuple[str, ...]) -> str:
    """``the pixi task `train```: what ``head run`` starts when it is none of the programs a
    launch line shows (``uv run --locked python x.py`` shows one: ``""``)."""
    if runner_command(words, 0) is not None:
        return ""
    task = next((w for w in words[2:] if not w.startswith("-")), words[2])
    if _ASSIGNMENT.match(task):
        return f"{_ASSIGNED_TO_RUNNER} `{task}` that `{head} run` starts as its program"
    if head in _ENV_COMMAND_RUNNERS:  # no task table: `uv run NAME` runs an installed command
        return f"the {head} command `{task}` {_CONSOLE_SCRIPT}"
    return f"the {head} task `{task}`"


#: ``uv run X=1 python x.py``: a shell's environment assignment given to a runner that starts
#: its first word as the program (the shell reads ``X=1`` only in front of a command).
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
_ASSIGNED_TO_RUNNER = "the environment assignment"
#: Runners that start the command's first word as a program (``uv run`` spawns it, ``poetry
#: run`` execs it): an assignment there is a program name that does not exist.
_EXEC_RUNNERS = frozenset({"uv", "poetry"})


#: Runners whose ``run NAME`` runs a command installed in the project's environment (uv and
#: poetry have no task table of their own, unlike pixi, pdm and hatch): ``uv run
#: galaxy-classifier train`` runs the project's console script (a ``[project.scripts]`` entry).
_ENV_COMMAND_RUNNERS = frozenset({"uv", "poetry"})
_CONSOLE_SCRIPT = "(a command installed in your project's environment, e.g. its console script)"


def _captured(cmd: ShellCommand) -> tuple[str, str] | None:
    """The launch ``cmd`` runs inside a command substitution assigned to a variable; a
    site launcher that runs a helper there (``ip=$(srun -w "$n" hostname -i)``) is no launch."""
    for name, value in cmd.assignments:
        match = _CAPTURED.search(value)
        if match and (not _SITE_LAUNCHER.match(match.group(1).split()[0].rsplit("/", 1)[-1])
                      or _PYTHONISH.search(match.group(1))):
            return match.group(1).strip()[:80], name
    return None


#: A word (or text) that starts with a site launcher.
_SITE_LAUNCHER = re.compile(rf"^(?:{'|'.join(sorted(LAUNCH_CMDS))})(?:\s|$)")
#: Text that starts a Python program (a launcher of Python, a .py file, ``-m module``).
PYTHON_TEXT = _PYTHONISH = re.compile(
    r"\.py\b|\bpython[\d.]*\b|\btorchrun\b|\bdeepspeed\b|\baccelerate\b|\s-m\s+\w")
#: A word that is one variable's value (``$cmd``, ``${CMD}``).
_VAR_WORD = re.compile(r"^\$\{?(\w+)\}?$")


def _option_width(words: tuple[str, ...], k: int) -> int:
    """How many words the launcher option ``words[k]`` takes: 1 for ``--x=v`` and for a flag
    followed by another option (``mpiexec --no-vni -n $N``: ``-n`` is no value of
    ``--no-vni``), else 2 (the option and its value)."""
    if "=" in words[k] or (k + 1 < len(words) and words[k + 1].startswith("-")):
        return 1
    return 2


def _operand_variable(words: tuple[str, ...], command: str = "") -> tuple[str, int] | None:
    """(variable, index) of the first operand of ``words`` (the words after the launcher
    ``command``) past their options, when it is a variable; the options' widths come from
    the launcher's grammar (:mod:`maple_flow.scriptparse.grammar`) where it knows them."""
    k = 0
    while k < len(words) and words[k].startswith("-"):
        k += (option_width(command, words, k) if command else _option_width(words, k))
    match = _VAR_WORD.match(words[k]) if k < len(words) else None
    return (match.group(1), k) if match else None


def _past_path_lookups(words: tuple[str, ...], cmds: list[ShellCommand],
                       command: str = "") -> str | None:
    """The first operand variable of ``words`` that does not hold a command looked up on PATH
    (``TORCHRUN=$(which torchrun)``: that launcher, read; its own operand is the one that
    hides the program)."""
    found = _operand_variable(words, command)
    while found is not None:
        var, k = found
        value = next((v for c in reversed(cmds) for n, v in c.assignments if n == var), "")
        if not which_name(value):
            return var
        words = words[k + 1:]
        command = os.path.basename(which_name(value) or "")  # that launcher's own options
        found = _operand_variable(words, command)
    return None


def _variable_launch(blocks: list[Block]) -> str:
    """The last site-launcher line whose program is a variable the port could not read
    (``srun ... $cmd`` with ``cmd="torchrun ${ARGS[@]} train.py"``), named with the line that
    sets it; ``""`` when there is none."""
    cmds = [c for block in blocks for c in block.commands]
    for k in range(len(cmds) - 1, -1, -1):
        cmd = cmds[k]
        if not cmd.words or not _SITE_LAUNCHER.match(cmd.words[0].rsplit("/", 1)[-1]):
            continue
        var = _past_path_lookups(cmd.words[1:], cmds[:k], cmd.words[0].rsplit("/", 1)[-1])
        if var is None or _PYTHONISH.search(" ".join(cmd.words[1:])):
            continue
        text = " ".join(cmd.text.split())[:120]
        setting = next(((c.line, v) for c in reversed(cmds[:k]) for n, v in c.settings()
                        if n == var), None)
        if setting is None:
            held = (f"${var}, which the script does not set (it comes from the caller or the "
                    "environment)")
        else:
            value = " ".join(setting[1].split())[:100]
            array = re.search(r"\$\{\w+\[[@*]\]\}", value)
            why = (f"it expands the bash array {array.group(0)}" if array
                   else "its value is not a launch the port reads")
            held = f"${var} (line {setting[0]}: `{value}`), which the port cannot read: {why}"
        return (f"line {cmd.line}: `{text}` runs the command held in {held}; write the launch "
                f"out on the {cmd.words[0]} line (the launcher, its options and the program "
                "with its arguments as words) and port that")
    return ""


def _held_launch(blocks: list[Block]) -> str:
    """The last command whose first word is a variable the script sets to a launch
    (``${LAUNCHER} --config x`` with ``LAUNCHER="srun ... torchrun ... train"``, one value a
    branch), named with the lines that set it; ``""`` when there is none."""
    cmds = [c for block in blocks for c in block.commands]
    for k in range(len(cmds) - 1, -1, -1):
        cmd = cmds[k]
        var = _VAR_WORD.match(cmd.words[0]) if cmd.words else None
        if var is None:
            continue
        settings = [(c.line, " ".join(v.split())) for c in cmds[:k] for n, v in c.settings()
                    if n == var.group(1)]
        launches = [(n, v) for n, v in settings
                    if _SITE_LAUNCHER.match(v) or _PYTHONISH.search(v)]
        if not launches:
            continue
        text = " ".join(cmd.text.split())[:120]
        values = "; ".join(f"line {n}: `{v[:100]}`" for n, v in launches[:3])
        several = (", one value chosen at run time by the script's branches"
                   if len(settings) > 1 else "")
        return (f"line {cmd.line}: `{text}` runs the command held in ${var.group(1)} "
                f"({values}{several}); the port reads a launch written as a command of its "
                "own, not one held in a variable: write the launch out on that line (the "
                "launcher, its options and the program with its arguments as words, in each "
                "branch where it differs) and port that")
    return ""


def _quoted_program(blocks: list[Block]) -> str:
    """The last command, not a shell or launcher the port reads, that is given a Python
    program as the text of one option (``startdocker ... -c "python train.py"``)."""
    hits = []
    for cmd in (c for block in blocks for c in block.commands):
        head = cmd.words[0].rsplit("/", 1)[-1] if cmd.words else ""
        if head in _SHELLS or _SITE_LAUNCHER.match(head):
            continue
        for opt, value in pairwise(cmd.words[1:]):
            if opt.startswith("-") and " " in value.strip() and _PYTHONISH.match(
                    value.strip().split()[0].rsplit("/", 1)[-1] + " "):
                hits.append((cmd, head, opt, " ".join(value.split())[:100]))
    if not hits:
        return ""
    cmd, head, opt, program = hits[-1]
    return (f"line {cmd.line}: `{head} ... {opt} \"{program}\" ...` runs the program inside "
            f"{head}, a wrapper or container launcher this port does not read (its options, "
            "image and mounts are the source site's and are not carried): run the program on a "
            "line of its own (python/torchrun/srun ... with the program, in the target's "
            "container if it needs one) and port that")


_SHELLS = frozenset({"bash", "sh", "zsh", "ksh"})


def _pbsdsh_command(words: tuple[str, ...]) -> str:
    """The script (or command) ``pbsdsh [opts] [--] [bash] SCRIPT ...`` runs on every node,
    or ``""`` when ``words`` is no pbsdsh line."""
    rest, started = _past_pbsdsh(words)
    if not started:
        return ""
    k = 0
    if rest[:1] and rest[0].rsplit("/", 1)[-1] in _SHELLS:
        k = 1
        while k < len(rest) and rest[k].startswith("-") and rest[k] != "-c":
            k += 1
    if rest[k:k + 1] == ("-c",):
        return "-c"
    return rest[k] if k < len(rest) else ""


def pbsdsh_reason(blocks: list[Block]) -> str:
    """Why a job that runs a user's script on every node with ``pbsdsh`` (PBS's per-node
    runner) is not ported: the launch is inside that script, which the job does not show."""
    hits = [(cmd, script) for block in blocks for cmd in block.commands
            if (script := _pbsdsh_command(cmd.words))]
    if not hits:
        return ""
    cmd, script = hits[-1]
    if script == "-c":
        return (f"line {cmd.line}: `pbsdsh` (PBS's per-node runner) runs a `bash -c` command on "
                "every node; the port does not read pbsdsh as a launcher, so the processes a "
                "node starts are not known: write the per-node launch with the site's launcher "
                "(e.g. `mpiexec --ppn 1 ... torchrun ...`, one launcher per node) and port that")
    name = script.rsplit("/", 1)[-1]
    return (f"line {cmd.line}: `pbsdsh` (PBS's per-node runner) runs your script {script} on "
            f"every node of the job; the training launch (torchrun, deepspeed, python ...) is "
            f"inside {name}, which this script does not show, so the program and how many "
            f"processes each node starts are not known: put the launch that {name} runs into "
            "this script (one launcher per node, or one process per GPU) and port that, or "
            f"port {name} itself")


def hidden_program_reason(blocks: list[Block]) -> str:
    """Why the program is not readable: a launch captured in ``$( )``, a user's script run
    on every node by ``pbsdsh``, or the last command that runs a script, sourced file,
    ``eval`` or task the script does not show, named; ``""`` when there is none."""
    from maple_flow.scriptparse.ssh_fanout import ssh_fanout_reason

    named = (pbsdsh_reason(blocks) or ssh_fanout_reason(blocks) or _variable_launch(blocks)
             or _held_launch(blocks) or _quoted_program(blocks))
    if named:
        return named
    for cmd in (c for block in blocks for c in block.commands):
        captured = _captured(cmd)
        if captured:
            launch, name = captured
            return (f"line {cmd.line}: the launch `{launch}` runs inside a command "
                    f"substitution (its output captured in ${name}); the port ports a launch "
                    "that is a command of its own: run it on its own line (`... 2>&1 | tee "
                    "log`, then read the log) and port that")
    commands = [c for block in blocks for c in block.commands]
    hits = [(cmd, what) for cmd in commands if not cmd.is_condition and (what := _runner(cmd))]
    # a sourced file before a command that holds a launch (`source common.sh` ... `srun ...`)
    # sets the job up; the launch is that later command, named by the reasons after this one
    hits = [(cmd, what) for cmd, what in hits if not (
        what.startswith("the sourced file ")
        and any(c.line > cmd.line and _holds_launch_words(c) for c in commands))]
    if not hits:
        return ""
    cmd, what = hits[-1]
    text = " ".join(cmd.text.split())[:120]
    if what.startswith("the command held in the array"):
        return (f"line {cmd.line}: `{text}` starts the job through {what}: the port reads a "
                "launch written as a command of its own, not one assembled in an array; write "
                "the launch out (python/torchrun/srun ... with the program) and port that")
    if what.startswith(_ASSIGNED_TO_RUNNER):
        runner = what.split("`")[3]
        assigned = what.split("`")[1]
        how = (f"`{runner}` starts its first word as the program (it is not a shell, so it "
               "does not read the assignment) and this launch fails as written"
               if runner.split()[0] in _EXEC_RUNNERS else
               f"the port does not know whether `{runner}` reads it as a shell would (conda's "
               "does; uv's and poetry's start the first word as the program)")
        return (f"line {cmd.line}: `{text}` gives `{runner}` {what.split('`')[0].strip()} "
                f"`{assigned}` as its command: {how}; put the assignment in front "
                f"(`{assigned} {runner} ...`) or export it on a line before, and port that")
    generated = _eval_of_generated_file(blocks, cmd) or _eval_of_variable(blocks, cmd)
    if generated:
        return generated
    if _CONSOLE_SCRIPT in what and what.startswith("the command "):
        return (f"line {cmd.line}: `{text}` starts the job through {what}; the port reads this "
                "launch only as a Python launch (a .py file, `-m module`, torchrun ...), and a "
                "console script does not show which module it runs: write that launch as "
                "`python -m <module> ...` with your environment's python (the module its "
                "`[project.scripts]` entry in pyproject.toml names, where that module runs its "
                "entry function under `if __name__ == \"__main__\"`; the same arguments) and "
                "port that")
    if _CONSOLE_SCRIPT in what:
        runner = what.split()[1]
        return (f"line {cmd.line}: `{text}` starts the job through {what}; the port reads this "
                "launch only as a Python launch (a .py file, `-m module`, torchrun ...), and a "
                "console script does not show which module it runs: write that launch as "
                f"`{runner} run python -m <module> ...` (the module its `[project.scripts]` "
                "entry in pyproject.toml names, where that module runs its entry function "
                "under `if __name__ == \"__main__\"`; the same arguments) and port that")
    return (f"line {cmd.line}: `{text}` starts the job through {what}{_set_to(blocks, what)}, "
            "which this script does not show, so the program it trains and how it is launched "
            "are not known: "
            "write the launch (python/torchrun/srun ... with the program) into the script "
            "and port that, or port that file instead")


#: A variable a container's runtime passes in under its own prefix (``SINGULARITYENV_X``
#: is ``$X`` inside the container).
_RUNTIME_ENV = ("", "SINGULARITYENV_", "APPTAINERENV_")


def _set_to(blocks: list[Block], what: str) -> str:
    """`` ($NAME is set on line N to `value`)`` for the variable ``what`` names, where the
    script sets it (directly or as ``SINGULARITYENV_NAME``/``APPTAINERENV_NAME`` for a
    container), else ``""``."""
    named = re.search(r"\$\{?(\w+)\}?", what)
    if named is None:
        return ""
    name = named.group(1)
    for cmd in (c for block in blocks for c in block.commands):
        words = cmd.words[1:] if cmd.words[:1] == ("export",) else ()
        pairs = [*cmd.assignments, *(tuple(w.split("=", 1)) for w in words if "=" in w)]
        for key, value in pairs:
            if any(key == prefix + name for prefix in _RUNTIME_ENV) and value:
                return f" (${name} is set on line {cmd.line} to `{value.strip(chr(34))}`)"
    return ""


#: ``cat > FILE <<EOF`` (FILE a word or ``$NAME``): the file a heredoc writes.
_HEREDOC_INTO = re.compile(r"^\s*cat\s+>\s*\"?\$\{?(\w+)\}?\"?\s*<<")
_MKTEMP = re.compile(r"^\$\(\s*mktemp\b")


def _eval_of_generated_file(blocks: list[Block], cmd: ShellCommand) -> str:
    """Why ``eval $CMD`` is not read when CMD's text (set in the script) runs a file the job
    writes itself with a heredoc (``TMP=$(mktemp)``; ``cat > $TMP <<EOF ... EOF``;
    ``CMD="srun ... $TMP"``): the program is in that file's text, written when the job runs;
    ``""`` otherwise."""
    held = _VAR_WORD.match(cmd.words[1]) if cmd.words[:1] == ("eval",) and len(
        cmd.words) == 2 else None
    if held is None:
        return ""
    earlier = [c for b in blocks for c in b.commands if c.line < cmd.line]
    value = next((v for c in reversed(earlier) if not c.words
                  for n, v in c.assignments if n == held.group(1)), "")
    temps = {n for c in earlier if not c.words for n, v in c.assignments if _MKTEMP.match(v)}
    written = {m.group(1): b.line
               for b in blocks if (m := _HEREDOC_INTO.match(b.text)) and m.group(1) in temps}
    run = [w for w in re.findall(r"\$\{?(\w+)\}?", value) if w in written]
    if not run:
        return ""
    name = run[-1]
    values = {n: v for c in earlier if not c.words for n, v in c.assignments}
    body = next(b.text for b in blocks if (m := _HEREDOC_INTO.match(b.text)) and m.group(1) == name)
    runs = [values[w] for w in re.findall(r"\$\{?(\w+)\}?", body)
            if _PYTHONISH.search(" " + values.get(w, ""))]
    given = sorted({p for v in runs for p in re.findall(r"\$(?:[1-9@*])", v)} | {
        f"${w} (= {values[w]})" for v in runs for w in re.findall(r"\$\{?(\w+)\}?", v)
        if re.fullmatch(r"\$\{?[1-9@*]\}?", values.get(w, ""))})
    what = (f" (it runs `{' '.join(runs[-1].split())}`" + (
        f", from the job's own arguments: {', '.join(given)}" if given else "") + ")"
            if runs else "")
    return (f"line {cmd.line}: `eval ${held.group(1)}` runs `{' '.join(value.split())}`, "
            f"whose program is ${name}: a temporary file (mktemp) the job writes itself with the "
            f"heredoc on line {written[name]}{what}, so the program and how it is launched are "
            "text made when the job runs, not a launch the port can read: write the command "
            "that file runs (python/torchrun ... with the program, its arguments written in) "
            "as the launcher's program in the script and port that")


#: A simple value's reference (``$app``, ``${app}``), not ``$@``/``$1``/``${X:-d}``.
_PLAIN_REF = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")


def _eval_of_variable(blocks: list[Block], cmd: ShellCommand) -> str:
    """Why ``eval $CMD`` is not read when the script sets CMD itself (``application=./run.sh``;
    ``CMD="$application $options"``): the text it runs, its variables filled in from the
    script's own values, and why that text is no Python launch; ``""`` otherwise."""
    from maple_flow.scriptparse.unread import why_not_launch  # unread imports this module's kin

    held = _VAR_WORD.match(cmd.words[1].strip('"')) if cmd.words[:1] == ("eval",) and len(
        cmd.words) == 2 else None
    if held is None:
        return ""
    earlier = [c for b in blocks for c in b.commands if c.line < cmd.line and not c.words]
    values = {n: (c.line, v) for c in earlier for n, v in c.assignments}
    if held.group(1) not in values:
        return ""
    line, value = values[held.group(1)]
    text, filled = " ".join(value.split()), []
    for _ in range(4):  # `CMD="$app $opts"`, `app="$DIR/run.sh"`: a few levels
        def fill(m: re.Match[str]) -> str:
            got = values.get(m.group(1))
            if got is None or "$(" in got[1] or "`" in got[1]:
                return m.group(0)
            filled.append(f"${m.group(1)} (line {got[0]}: `{one_line(got[1], 70)}`)")
            return " ".join(got[1].split())
        again = _PLAIN_REF.sub(fill, text)
        if again == text:
            break
        text = again
    words = tuple(w.strip("'\"") for w in text.split())
    if not words or _PYTHONISH.search(" " + text + " "):
        return ""  # a Python launch in the text: the port's own reasons say why it is unread
    args = sorted({w for w in words if w in _ALL_ARGS or re.fullmatch(r"\$\{?[1-9]\}?", w)})
    given = (f"; {', '.join(args)}: the arguments the job is submitted with (`sbatch job.sh "
             "ARGS`), which the script does not show" if args else "")
    left = [_unfilled(name, values) for name in dict.fromkeys(_PLAIN_REF.findall(text))]
    head = _PLAIN_REF.fullmatch(words[0])
    why = (f"the program it runs is {words[0]}, and {'; '.join(left)}: so which program runs "
           "is not in the script" if head else why_not_launch(words)
           + (f" ({'; '.join(left)})" if left else ""))
    return (f"line {cmd.line}: `eval ${held.group(1)}` runs the text the script sets on line "
            f"{line} (`{one_line(value, 70)}`)"
            + (f", with {'; '.join(dict.fromkeys(filled))}" if filled else "")
            + f", that is `{one_line(text, 100)}`: {why}{given}. Port the "
            "launch that runs (write it, python/torchrun/srun ... with the program and its "
            "arguments, in place of the eval, or port the script it runs with this job's "
            "directives in front) and port again")


#: A value quoted for a second parse by the shell (``printf %q``, ``${X@Q}``): what ``eval``
#: reads back as the words it was made from.
_QUOTED_FOR_EVAL = re.compile(r"printf\s+(?:-v\s+\w+\s+)?['\"]?%q|@Q\}")


def eval_reparse_reason(blocks: list[Block], arrays: dict[str, str], cmd: ShellCommand) -> str:
    """Why a launch read from ``eval``'s text is not ported when a value it reads (through
    the launch's variables and arrays) is quoted for eval's second parse (``METADATA=$(printf
    %q "$RAW")``): eval reads those backslashes and quotes away, a launch line of the port's,
    parsed once, passes them on to the program; ``""`` otherwise."""
    if cmd.words[:1] != ("eval",):
        return ""
    sets: dict[str, list[tuple[int, str]]] = {}
    for block in blocks:
        for c in block.commands:
            exported = [w.partition("=")[::2] for w in c.words[1:] if "=" in w] if (
                c.words[:1] in (("export",), ("declare",), ("local",), ("readonly",))) else []
            for name, value in [*c.assignments, *exported]:
                sets.setdefault(name.rstrip("+"), []).append((c.line, value))
    todo = re.findall(r"\$\{?([A-Za-z_]\w*)", " ".join(cmd.words[1:]))
    seen: set[str] = set()
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.add(name)
        values = [*sets.get(name, []), *([(0, arrays[k])] if (k := f"{name}[@]") in arrays
                                         else [])]
        for line, value in values:
            quoted = _QUOTED_FOR_EVAL.search(value)
            if quoted and line:
                how = "printf %q" if "%q" in quoted.group(0) else "${...@Q}"
                return (
                    f"line {cmd.line}: `{one_line(cmd.text, 80)}` runs its launch through "
                    "eval, which parses the launch's text a second time: "
                    f"${name} (line {line}: `{one_line(value, 60)}`) is quoted with {how} for "
                    "that second parse (eval reads its backslashes and quotes away), and the "
                    "port writes the launch as a line of its own, which the shell parses once, "
                    "so the program would get those backslashes and quotes as text (a value "
                    "with spaces in several pieces): write the launch as a command of its own, "
                    "its arguments as the program must get them (the value unquoted, an array "
                    "of arguments as \"${ARGS[@]}\"), and port again")
            todo += re.findall(r"\$\{?([A-Za-z_]\w*)", value)
    return ""


def _unfilled(name: str, values: dict[str, tuple[int, str]]) -> str:
    """Why ``$name`` in an eval'd text has no value the script shows: set by a command the
    job runs, or not set in the script at all."""
    if name not in values:
        return (f"${name} is not set in the script (it comes from the environment the job is "
                "submitted with, or is empty)")
    line, value = values[name]
    return (f"${name} is set on line {line} by a command the job runs (`{one_line(value, 60)}`), "
            "so its text is known only then")


#: A word that is a bash array's expansion (``${CMD[@]}``), or one variable's value.
_HELD = re.compile(r"^\$\{(\w+)\[[@*]\]\}$|^\$\{?(\w+)\}?$")


def _held_program(words: tuple[str, ...]) -> tuple[str, str] | None:
    """(variable, how) when the program a site launcher starts is held in a variable: its
    first operand is ``$CMD`` or ``${CMD[@]}``, or a shell whose ``-c`` text is ``$CMD``; an
    option written without ``=`` is taken to hold the next word, unless that word is an
    array's expansion (an option's value is never one)."""
    k = 0
    while k < len(words) and words[k].startswith("-"):
        skip = _option_width(words, k)
        if skip == 2 and k + 1 < len(words) and words[k + 1].endswith("[@]}"):
            skip = 1
        k += skip
    if k >= len(words):
        return None
    held = _HELD.match(words[k])
    if held:
        return (held.group(1), "the bash array") if held.group(1) else (
            held.group(2), "the variable")
    if words[k].rsplit("/", 1)[-1] in _SHELLS and words[k + 1:k + 2] in (("-c",), ("-lc",)):
        body = words[k + 2].split() if len(words) > k + 2 else []
        inner = _HELD.match(body[0]) if body else None
        if inner:
            return inner.group(1) or inner.group(2), f"the text {words[k]} -c runs, the variable"
    return None


#: An assignment of an interpreter alone (``PYTHON=/env/bin/python``, ``PY=${PY:-python3}``).
_INTERPRETER = re.compile(r"""=["']?(?:\$\{\w+:-)?(?:\S*/)?python[\d.]*\}?["']?\s*$""")


def _launcher_operands(words: tuple[str, ...]) -> int:
    """Where the options of the parallel launcher ``words`` start (``srun``, ``mpiexec``...,
    ``torchrun``, ``deepspeed``, ``accelerate launch``); 0 when ``words`` run none."""
    head = words[0].rsplit("/", 1)[-1] if words else ""
    if _SITE_LAUNCHER.match(head) or head in {"torchrun", "deepspeed"}:
        return 1
    return 2 if head == "accelerate" and words[1:2] == ("launch",) else 0


def hidden_launcher_step(blocks: list[Block], launch_line: int) -> str:
    """Why the port refuses a job whose site-launcher line (``srun "${TRAIN[@]}"``, ``mpiexec
    $CMD``, ``srun bash -c "$RUN"``) other than the launch it found starts a program held in a
    variable it cannot read: that step would be dropped, or a later step taken for the launch;
    ``""`` when there is none."""
    cmds = [c for block in blocks for c in block.commands]
    for k, cmd in enumerate(cmds):
        start = _launcher_operands(cmd.words) if cmd.line != launch_line else 0
        held = _held_program(cmd.words[start:]) if start else None
        if held is None:
            continue
        var, how = held
        setting = next((c for c in reversed(cmds[:k]) if any(n == var for n, _ in c.assignments)
                        or re.match(rf"^\s*(?:export\s+|declare\s+-\w+\s+)?{var}\+?=",
                                    c.text)), None)
        if not _SITE_LAUNCHER.match(cmd.words[0].rsplit("/", 1)[-1]) and setting is not None \
                and "array" not in how:
            continue  # a per-node launcher's $PROG set in the script: the port reads it
        if setting is not None and how == "the variable" and _INTERPRETER.search(
                setting.text) and len(cmd.words) > start + 1:
            continue  # ``PYTHON=/env/bin/python`` then ``srun $PYTHON x.py``: an interpreter
        where = (f"set on line {setting.line}: `{' '.join(setting.text.split())[:80]}`"
                 if setting is not None else "not set in the script")
        launcher = " ".join(cmd.words[:start])
        return (f"line {cmd.line}: `{' '.join(cmd.text.split())[:120]}` runs a launch step "
                f"through {launcher} whose program is held in {how} ${var} ({where}), "
                "which the port does not read: the port would drop this step or take another "
                f"step for the job's launch; write the command out on the {launcher} line "
                "(the launcher, its options, then the program and its arguments as words) and "
                "port that")
    return ""


#: Where the system's own tools live: a launcher running one runs a helper, not the job.
_SYSTEM_DIRS = ("/bin/", "/usr/bin/", "/sbin/", "/usr/sbin/", "/usr/local/bin/")


def _native_program(words: tuple[str, ...], command: str = "") -> str:
    """The user's own non-Python program a site launcher (``command``) starts, given by its
    path (``srun -n 8 ./bin/fit``, ``mpiexec $HOME/app/run``), or ``""``."""
    k = 0
    while k < len(words) and words[k].startswith("-"):
        k += (option_width(command, words, k) if command else _option_width(words, k))
    program = words[k] if k < len(words) else ""
    if "/" not in program or program.startswith(_SYSTEM_DIRS) or _PYTHONISH.search(
            " ".join(words[k:]) + " "):
        return ""
    return program


def native_launcher_step(blocks: list[Block], launch_line: int) -> str:
    """Why the port refuses a job with a site-launcher line, other than the launch it found,
    that starts the user's own non-Python program: the port would drop that step (and, when
    it comes first, take a later step for the job's launch); ``""`` when there is none."""
    for cmd in (c for block in blocks for c in block.commands):
        if cmd.line == launch_line or not cmd.words or not _SITE_LAUNCHER.match(
                cmd.words[0].rsplit("/", 1)[-1]):
            continue
        program = _native_program(cmd.words[1:], cmd.words[0].rsplit("/", 1)[-1])
        if program:
            return (f"line {cmd.line}: `{' '.join(cmd.text.split())[:120]}` runs {program}, a "
                    f"program of yours that is not Python, through {cmd.words[0]}: a launch "
                    f"step of the job beside the one the port reads (line {launch_line}); the "
                    "port ports Python launches and would drop this one: port the job without "
                    "this step and add it back by hand with the target's launcher, or split it "
                    "into a job of its own")
    return ""
