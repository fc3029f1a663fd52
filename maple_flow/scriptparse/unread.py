"""Scripts with no Python launch maple reads: the commands that do the job's work instead
(``wandb agent``, a compiled binary, ``bash run.sh``), why each is not read as a launch, and
files that are not job scripts but write or submit one (``sbatch <<EOF``, ``echo ... >>
job.slurm; sbatch job.slurm``, a loop of ``sbatch ... train.sh`` lines)."""

from __future__ import annotations

import re
from contextvars import ContextVar

from maple_flow.knowledge.app_commands import is_python_command
from maple_flow.knowledge.site_commands import site_commands
from maple_flow.scriptparse.arg_loop import (
    ARG_LOOP_SAID,
    ArgSet,
    argument_loop_said,
    argument_sets,
)
from maple_flow.scriptparse.launch import (
    ENV_RUNNERS,
    LAUNCH_CMDS,
    PER_NODE_LAUNCHERS,
    REMOTE_SHELLS,
    runner_command,
)
from maple_flow.scriptparse.placeholder import placeholder_kind, program_placeholder
from maple_flow.scriptparse.shell import (
    Block,
    ShellCommand,
    is_positional,
    one_line,
    value_or_default,
)

#: Commands that prepare, log or report; never the job's work.
_HOUSEKEEPING = frozenset({
    "echo", "printf", "env", "printenv", "nvidia-smi", "rocm-smi", "xpu-smi", "hostname",
    "date", "sleep", "mkdir", "cd", "pushd", "popd", "source", ".", "module", "ml", "export",
    "set", "unset", "ulimit", "cat", "ls", "pwd", "rm", "cp", "mv", "ln", "tar", "unzip",
    "pip", "pip3", "true", "false", "exit", "wait", "deactivate", "which", "whoami", "uname",
    "touch", "chmod", "conda", "mamba", "micromamba", "eval", "trap", "umask", "scontrol",
    "squeue", "sacct", "df", "du", "free", "lscpu", "nproc", "time", "test", "[", "[[",
    "for", "while", "until", "if", "then", "else", "elif", "fi", "do", "done", "case", "esac",
    "function", "{", "}", "select", "return", "shift", "read", "local", "declare",
    "grep", ":", "sort", "head", "tail", "awk", "sed", "tee", "wc", "cut", "tr", "xargs",
    # shell arithmetic and job control: `let i++`, `kill $PID`, `jobs -p` (never the work)
    "let", "kill", "pkill", "killall", "disown", "jobs", "bg", "fg", "shopt", "typeset",
    "readonly", "getopts", "alias", "scancel", "qdel", "bkill",
})
#: ``(( i += 1 ))`` / ``((i++))``: shell arithmetic, whose words look like a command's.
_ARITHMETIC = re.compile(r"^\s*\(\(.*\)\)\s*(?:[;&|].*)?$", re.S)
#: ``wandb`` subcommands that only set the client up (``wandb online``, ``wandb login``).
_WANDB_SETUP = frozenset({"online", "offline", "login", "enabled", "disabled", "sync"})
_SUBMIT = frozenset({"sbatch", "qsub", "bsub"})
_SHELLS = frozenset({"bash", "sh", "zsh", "ksh"})
_JOB_FILES = (".sh", ".slurm", ".sbatch", ".pbs", ".job", ".qsub", ".lsf", ".bsub")
_DIRECTIVE_TEXT = re.compile(r"#(?:SBATCH|PBS|BSUB|\$)\s")
_WRITTEN_TO = re.compile(r">>?\s*([\w./${}-]+)\s*$")


def _head(words: tuple[str, ...]) -> str:
    return words[0].rsplit("/", 1)[-1] if words else ""


#: Arguments that make any command report on itself and exit (``gcc --version``, ``nvcc -V``,
#: ``tool --help``): a diagnostic of the job's set-up, never the job's work.
_REPORT_ARGS = frozenset({"--version", "-version", "-V", "--help", "-help", "-h", "version",
                          "--list-gpus", "-L"})
#: Output redirections a diagnostic may carry (``gcc --version 2>&1``, ``>> log``).
_REDIRECT = re.compile(r"^(?:\d?>>?|&>>?|\d?>&\d|<)\S*$")


def is_diagnostic(words: tuple[str, ...]) -> bool:
    """Whether ``words`` run a command only to report on it (``gcc --version``, ``nvcc -V``,
    ``nvidia-smi -L``, ``accelerate --help``): every argument a report option (output
    redirections aside). A program given no argument is not one (``./train`` is work)."""
    args = [w for w in words[1:] if not _REDIRECT.match(w)]
    return bool(args) and all(w in _REPORT_ARGS for w in args)


def is_work_command(cmd: ShellCommand) -> bool:
    """Whether ``cmd`` could be the job's work (not set-up, logging or a scheduler call)."""
    words, head = cmd.words, _head(cmd.words)
    if any(value.startswith("(") for _, value in cmd.assignments):
        return False  # `nodes=( $(scontrol ...) )`: an array assignment, not a command
    if len(words) > 1 and re.fullmatch(r"[A-Za-z_]\w*", words[0]) and words[1] == "=":
        return False  # `x = $(...)`: a spaced assignment (named as a slip), not the work
    if head in ENV_RUNNERS and words[1:2] == ("run",) and not cmd.is_condition:
        return True  # `conda run CMD`: the environment runs the command
    if head in _PREFIXES and _past_prefixes(words):  # `time inkid-train-and-predict ...`
        words = _past_prefixes(words)
        head = _head(words)
    if not words or cmd.is_condition or head in _HOUSEKEEPING or head in _SUBMIT:
        return False
    if is_diagnostic(words):
        return False  # `gcc --version`, `nvcc -V`: a report on the set-up, never the work
    if _is_shell_syntax(words) or _manages_images(words):
        return False  # `*)`, `]]`, `docker build`: shell syntax or a container set-up step
    if _ARITHMETIC.match(cmd.text) or re.search(r"\(\(\s*" + re.escape(words[0]) + r"\b",
                                                 cmd.text):
        return False  # `(( i += 1 ))`: arithmetic, not a program named `i`
    if head in ENV_RUNNERS:
        return False  # `pixi install`, `uv sync`: the environment set up
    return not (head == "wandb" and (len(words) < 2 or words[1] in _WANDB_SETUP))


#: Container tools' subcommands that fetch, build, list or remove images and containers: set-up
#: steps of a job (``enroot create``, ``apptainer pull``, ``docker build``), never its work.
_IMAGE_SETUP: dict[str, frozenset[str]] = {
    "enroot": frozenset({"import", "create", "remove", "list", "export", "bundle", "version"}),
    "singularity": frozenset({"pull", "build", "cache", "inspect", "remote", "key", "sign",
                              "verify", "push", "overlay", "version", "config", "search",
                              "delete", "plugin"}),
    "docker": frozenset({"build", "pull", "push", "images", "image", "login", "logout", "tag",
                         "rm", "rmi", "load", "save", "ps", "stop", "kill", "inspect",
                         "volume", "network", "system", "info", "version", "create", "logs",
                         "cp", "commit", "buildx", "compose"}),
    "shifterimg": frozenset({"pull", "images", "lookup", "login"}),
}
_IMAGE_SETUP["apptainer"] = _IMAGE_SETUP["singularity"]
_IMAGE_SETUP["podman"] = _IMAGE_SETUP["docker"]
_IMAGE_SETUP["podman-hpc"] = _IMAGE_SETUP["docker"] | {"migrate"}


def _manages_images(words: tuple[str, ...]) -> bool:
    """Whether ``words`` fetch, build, list or remove a container image (a set-up step)."""
    setup = _IMAGE_SETUP.get(_head(words))
    return setup is not None and len(words) > 1 and words[1] in setup


def _is_shell_syntax(words: tuple[str, ...]) -> bool:
    """Whether ``words`` are a piece of shell syntax read as a command: a ``case`` arm's
    label (``train|fit)``, ``*)``), a lone ``)``, a function's definition line (``usage() {``),
    or the end of a ``[[ ... ]]`` test."""
    first = words[0]
    label = first.endswith(")") and "(" not in first and "$" not in first
    defines = first.endswith("()") or words[1:2] in (("()",), ("(",))  # `usage() {`
    return label or defines or any(w in ("]]", "]") for w in words[-1:])


def _program_at(words: tuple[str, ...]) -> int:
    """Index of the program a launcher line starts (past its options and their values, read
    from the launcher's option grammar in :mod:`maple_flow.scriptparse.grammar`), or 0."""
    from maple_flow.scriptparse.grammar import launcher_program

    at = launcher_program(words, 0)
    return at or 0


#: Words that run the command after them (``time inkid-train ...``): the command is the work.
#: ``!`` is bash's negation of the pipeline after it (``if ! enroot list | grep ...``).
_PREFIXES = frozenset({"time", "nohup", "exec", "command", "stdbuf", "nice", "numactl", "!"})


def _past_prefixes(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` without the leading ``time``/``nohup``/... (and their options)."""
    while words and _head(words) in _PREFIXES:
        words = words[1:]
        while words and words[0].startswith("-"):
            words = words[1:]
    return words


def _shell_body(words: tuple[str, ...]) -> str | None:
    """The BODY of ``zsh -l -c BODY`` (any of bash/sh/zsh/ksh, ``-lc`` too), else None."""
    if _head(words) not in _SHELLS:
        return None
    for k, word in enumerate(words[1:], 1):
        if not re.fullmatch(r"-[a-z]+", word):
            return None
        if "c" in word:
            return words[k + 1] if k + 1 < len(words) else None
    return None


def _body_reason(head: str, body: str) -> str:
    """Why the command line of a ``zsh -c BODY`` is not a launch: its own work commands."""
    from maple_flow.scriptparse.shell import split_commands

    work = [c for c in split_commands(body) if is_work_command(c)]
    if not work:
        return f"its `{head} -c` body runs no program"
    inner = "; ".join(f"`{_short(c)}`: {why_not_launch(c.words)}" for c in work[-2:])
    return f"it runs the command line of its `{head} -c` body, where {inner}"


#: Container runtimes whose command line runs a command inside an image, by subcommand;
#: each with its options that take a value (``-B SRC:DST``), so the image word is found.
_SIF_VALUED = frozenset({
    "-B", "--bind", "--pwd", "-H", "--home", "--env", "--env-file", "-W", "--workdir",
    "--overlay", "-o", "--mount", "--security", "--network", "--apply-cgroups", "--app", "-S",
    "--scratch"})
_OCI_VALUED = frozenset({
    "-v", "--volume", "-e", "--env", "-w", "--workdir", "--name", "--device", "--gpus",
    "--shm-size", "--ipc", "-u", "--user", "--network", "--net", "--mount", "--entrypoint",
    "--runtime", "--cpus", "-m", "--memory", "-p", "--publish", "--env-file", "-l", "--label",
    "-h", "--hostname", "--ulimit", "--pid", "--platform", "--cap-add", "--security-opt",
    "--tmpfs", "--add-host", "--group-add", "--cidfile", "--log-driver", "--restart"})
_CONTAINER_RUNTIMES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "singularity": (frozenset({"exec", "run", "shell", "instance"}), _SIF_VALUED),
    "apptainer": (frozenset({"exec", "run", "shell", "instance"}), _SIF_VALUED),
    "enroot": (frozenset({"start", "exec"}), frozenset({
        "-m", "--mount", "-e", "--env", "-c", "--conf"})),
    "podman": (frozenset({"run", "exec"}), _OCI_VALUED),
    "docker": (frozenset({"run", "exec"}), _OCI_VALUED),
    "podman-hpc": (frozenset({"run", "exec"}), _OCI_VALUED),
}

def container_command(words: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]] | None:
    """``(runtime subcommand, image or container, the command run inside it)`` of a
    container runtime's command line (``enroot start -m a:b NAME python x.py``,
    ``apptainer exec --nv -B a:b IMG bash -c ...``), or None for another command. The
    command is empty where the image's own entry (its runscript) runs."""
    head = _head(words)
    known = _CONTAINER_RUNTIMES.get(head)
    if known is None or len(words) < 2 or words[1] not in known[0]:
        return None
    valued = known[1]
    k = 2
    if words[1] == "instance":
        return None
    while k < len(words) and words[k].startswith("-"):
        option = words[k].split("=", 1)[0]
        k += 2 if option in valued and "=" not in words[k] else 1
    if k >= len(words):
        return None
    return f"{head} {words[1]}", words[k], tuple(words[k + 1:])


def _container_reason(words: tuple[str, ...]) -> str | None:
    """Why a container runtime's command line is not read as a launch: the container it
    starts, and what runs inside it (never "a compiled binary")."""
    found = container_command(words)
    if found is None:
        return None
    run, image, inside = found
    kind = _head(words)
    where = f"`{run}` starts the {kind} container {image}"
    if run.endswith(" shell") and inside and inside[0].endswith((".sh", ".bash")):
        return (f"{where} and hands `{one_line(' '.join(inside), 60)}` to the container's "
                f"shell: the job's program is in {inside[0]}, which this script does not show")
    if run.endswith(" shell"):
        return (f"`{run}` opens an interactive shell in the {kind} container {image}, for a "
                "person typing at a terminal: in a batch job it reads no commands, so it runs "
                "no program of the job")
    if not inside:
        return (f"{where} and runs the image's own entry (its runscript), so the program it "
                "starts is inside the image, not in the script")
    if run.endswith(" run") and kind in ("singularity", "apptainer"):
        shown = _shown(inside)
        return (f"{where} and hands `{shown}` to the image's own entry (its runscript), so "
                "what runs is decided inside the image, not in the script"
                + ("; the words come from the job's own arguments (given at submission)"
                   if any(w.startswith(("$1", "${1", "$@", "${@", '"$@', "$*")) for w in inside)
                   else ""))
    launch = _python_launch_in(inside)
    if launch:
        return (f"{where} and runs the launch `{launch}` inside it (in the container's "
                "command line, which the port does not rewrite): the ranks it starts and the "
                "container's mounts and paths are the container's")
    shown = _shown(inside)
    return f"{where} and runs `{shown}` inside it, where {why_not_launch(inside)}"


#: Heads of a Python launch (the interpreter or a launcher of Python ranks).
_PY_LAUNCH = re.compile(r"^(?:python[\d.]*|torchrun|deepspeed|accelerate|horovodrun)$")


def _shown(words: tuple[str, ...]) -> str:
    """The first four of ``words``, each on one line and cut (``...`` after them if more)."""
    return " ".join(one_line(w, 40) for w in words[:4]) + (" ..." if len(words) > 4 else "")


def _python_launch_in(words: tuple[str, ...]) -> str:
    """The Python launch (``python -m torch.distributed.launch ... x.py``, ``torchrun x.py``)
    that ``words`` run, directly or in their ``bash -c`` body, shortened; ``""`` if none."""
    from maple_flow.scriptparse.shell import split_commands

    body = _shell_body(words)
    commands = ([c.words for c in split_commands(body)] if body is not None else [words])
    for cmd in commands:
        cmd = _past_prefixes(cmd) or cmd
        if not cmd or not _PY_LAUNCH.match(_head(cmd)):
            continue
        program = next((w for w in cmd if w.endswith(".py")), "")
        if program or "-m" in cmd:
            head = " ".join(cmd[:3])
            return f"{head} ... {program}" if program and program not in cmd[:3] else head
    return ""


def _srun_container(words: tuple[str, ...]) -> str:
    """`` in the container ...`` where an srun line runs its program in a container (Pyxis
    ``--container-image``, the CSCS Container Engine's ``--environment`` EDF), else ``""``."""
    for k, word in enumerate(words):
        name, eq, value = word.partition("=")
        if name in ("--environment", "--container-image", "--container-name"):
            value = value if eq else (words[k + 1] if k + 1 < len(words) else "")
            kind = ("of its environment definition (EDF) " if name == "--environment"
                    else "of the image " if name == "--container-image" else "named ")
            return f" in the container {kind}{value}"
    return ""


def is_container_command(words: tuple[str, ...]) -> bool:
    """Whether ``words`` (past ``time``/``nohup``...) start a container runtime's command,
    or an srun that runs its program in a container."""
    words = _past_prefixes(words) or words
    if words and (default := _own_default(words[0])):  # `"$RUNTIME" exec ...`, its default
        words = (default, *words[1:])
    return container_command(words) is not None or (
        _head(words) == "srun" and bool(_srun_container(words)))


def why_not_launch(words: tuple[str, ...]) -> str:
    """Why ``words`` are not read as a Python launch, in words the user can act on."""
    words = _past_prefixes(words) or words
    placeholder = program_placeholder(words[0], alone=len(words) == 1)
    if placeholder:
        return f"`{words[0]}` is a placeholder ({placeholder}), not a program"
    head = _head(words)
    body = _shell_body(words)
    if body is not None:
        return _body_reason(head, body)
    if head in REMOTE_SHELLS:
        return _remote_reason(head, words)
    container = _container_reason(words)
    if container is not None:
        return container
    if head in LAUNCH_CMDS or head in PER_NODE_LAUNCHERS:
        at = _program_at(words)
        inner = why_not_launch(words[at:]) if at else "it names no program"
        if at and not words[at].strip(" #"):
            inner = (f"its program is `{words[at]}`, a blank escaped by a backslash (`\\ `): "
                     "it names no program")
        box = _srun_container(words) if head == "srun" else ""
        return f"{head} starts a program on the job's ranks{box}, and {inner}"
    if words[0].startswith("-") and len(words[0]) > 1:
        return (f"it starts with the option {words[0]}: the rest of a command whose line before "
                "it ended early (a broken `\\` continuation), run as a command of its own")
    if re.fullmatch(r"python[\d.]*", head) and "-m" in words[:-1]:
        module = words[words.index("-m") + 1]
        if module in ("venv", "virtualenv", "pip", "ensurepip"):
            return (f"`{head} -m {module}` builds or fills the job's Python environment: a "
                    "set-up step, not the job's program")
    if head == "wandb" and words[1:2] == ("agent",):
        return ("a W&B sweep agent: it starts the sweep's training runs itself, so the "
                "program it trains and its ranks are not in the script")
    if head in ENV_RUNNERS and words[1:2] == ("run",) and (j := runner_command(words, 0)):
        return (f"`{' '.join(words[:j])}` runs its command in the project's environment (a "
                f"prefix, not the program), and {why_not_launch(words[j:])}")
    if head in ENV_RUNNERS and words[1:2] == ("run",):
        return (f"`{head} run` starts a command of the project's environment, and the "
                f"command it runs ({' '.join(words[2:5])}) is not a Python program file")
    if head in _SHELLS and len(words) > 1 and not words[1].startswith("-"):
        return _shell_script(words[1])
    if head.endswith((".sh", ".bash")):
        return _shell_script(words[0])
    if head.startswith("python") and "-c" in words:
        return "it runs inline Python code (-c), not a program file"
    if re.fullmatch(r"python[\d.]*", head) and len(words) == 1:
        return ("python is given no program file (with none it reads its program from standard "
                "input, which a batch job does not give it)")
    if re.fullmatch(r"python[\d.]*", head) and next(
            (w for w in words[1:] if not w.startswith("-") or w == "-"), "") == "-":
        return ("it runs Python code read from its standard input (`-`: a heredoc or a pipe), "
                "not a program file")
    if head in {"make", "just", "cmake", "ninja"}:
        return f"`{head}` runs a build or task recipe, not a program"
    bare = re.fullmatch(r"\$\{?(\w+)\}?", words[0].strip("'\""))
    by_args = argument_loop_said(bare.group(1), _BY_ARGS.get() or {}) if bare else ""
    if by_args:
        return f"the program is {words[0]}: {by_args}"
    known = _KNOWN.get() or {}
    if bare and bare.group(1) in known:
        value = one_line(known[bare.group(1)], 70)
        return (f"the program is {words[0]}, which the script sets above to `{value}`"
                "; the port does not read a launch out of a variable's value: write the launch "
                "(launcher, program and arguments) on the line itself and port again")
    refs = re.findall(r"\$\{?(\w+)\}?", words[0].strip("'\""))
    if (len(refs) > 1 and re.fullmatch(r"(?:\$\{?\w+\}?)+", words[0].strip("'\""))
            and all(r in (assigned := _ASSIGNED.get() or {}) for r in refs)):
        values = "; ".join(f"{r} to `{one_line(assigned[r], 70)}`" for r in refs)
        return (f"the command is {words[0]}, built from variables the script sets above "
                f"({values}); the port does not read a launch out of variables' values: write "
                "the launch (launcher, program and arguments) on the line itself, the other "
                "commands on lines of their own, and port again")
    if words[0].strip("'\"") in _ALL_ARGS:
        return (f"it runs the command the job is submitted with ({words[0]}: the job script's own "
                "arguments, `sbatch job.sh python train.py ...`), which the script does not show, "
                "so the program and its launch are not in the script: write that command "
                "(python/torchrun/srun ... with the program) in place of it and port again")
    default = _own_default(words[0])
    if default:
        return (f"the program is {words[0]}, which the script sets to its default `{default}` "
                "(unless the job's environment names another): read so, "
                + why_not_launch((default, *words[1:])))
    assigned_value = (_ASSIGNED.get() or {}).get(bare.group(1), "") if bare else ""
    if assigned_value and _PYTHON_VALUE.match(assigned_value.strip().strip("'\"")):
        return (f"the program is {words[0]}, a variable the script sets to "
                f"`{one_line(assigned_value, 70)}` (a Python interpreter): read so, "
                + why_not_launch(("python", *words[1:])))
    if assigned_value and is_positional(assigned_value.strip().strip("'\"")):
        return (f"the program is {words[0]}, a variable the script sets to "
                f"`{one_line(assigned_value, 70)}`: the job script's own arguments (given at "
                "submission, `sbatch job.sh train.py ...`), so which program runs is not in the "
                "script: write the program into the launch line and port again")
    options = _options_value(assigned_value)
    if options and len(words) > 1:  # `LAUNCH=${LAUNCH:--n 4}` then `launcher $LAUNCH x.py`
        said = (f"{words[0]} is a variable the script sets to `{one_line(options, 60)}`, the "
                "launcher's options, not a program")
        if words[1].strip("'\"").endswith(".py"):
            return (f"{said}; the program is `{words[1]}`, but the options the launcher gets "
                    "(how many processes, on which machines) are held in that variable, which "
                    "the port does not carry: write them on the launch line and port again")
        return f"{said}: read so, " + why_not_launch(words[1:])
    if assigned_value:
        return (f"the program is {words[0]}, a variable the script sets to "
                f"`{one_line(assigned_value, 70)}`, a value known only when the job runs, so "
                "which program runs is not in the script: write the program into the launch "
                "line and port again")
    if words[0].strip("'\"").startswith("$") and "/" not in words[0]:
        return (f"the program is {words[0]}, a variable the launch line does not show the value "
                "of (set when the job runs, e.g. from the job's own arguments `sbatch job.sh "
                "train.py ...` or the environment), so which program runs is not in the script: "
                "write the program into the launch line and port again")
    if is_python_command(head):
        return (f"{words[0]} is an installed command (a Python package's console script), "
                "not a program file the script shows")
    if "/" in words[0] or head.endswith((".exe", ".x")) or "." not in head:
        return (f"{words[0]} is a program that is not Python (a compiled binary or an "
                "installed command)")
    return f"`{head}` is a command, not a Python program"


#: The job script's own arguments as one word (``$@``, ``${@}``, ``$*``).
_ALL_ARGS = frozenset({"$@", "${@}", "$*", "${*}"})
#: A value naming a Python interpreter: ``$(which python)``, ``$(command -v python3)``,
#: ``${ENV}/bin/python``, ``/usr/bin/python3.11``.
_PYTHON_VALUE = re.compile(
    r"^(?:\$\(\s*(?:which|command\s+-v|type\s+-p)\s+python[\d.]*\s*\)"
    r"|\S*/python[\d.]*|python[\d.]*)$")


def _own_default(word: str) -> str:
    """The default of ``$NAME`` where the script sets ``NAME=${NAME:-default}`` (a plain
    word: ``singularity``, ``python3``): what the command is unless the job is given another;
    ``""`` otherwise."""
    bare = re.fullmatch(r"\$\{?(\w+)\}?", word.strip("'\""))
    value = (_ASSIGNED.get() or {}).get(bare.group(1), "") if bare else ""
    found = re.fullmatch(r"\$\{(\w+):?-([\w./~+-]+)\}", value.strip().strip("'\""))
    return found.group(2) if found and bare and found.group(1) == bare.group(1) else ""


def _remote_reason(head: str, words: tuple[str, ...]) -> str:
    """``ssh HOST CMD`` / ``pdsh -w HOSTS CMD`` whose CMD is no Python launch: what it runs."""
    valued, j = REMOTE_SHELLS[head], 1
    while j < len(words) and words[j].startswith("-"):
        j += 2 if words[j] in valued else 1
    rest = words[j + 1:] if head == "ssh" else words[j:]
    if not rest or (_head(rest) in _SHELLS and not any(w.startswith("-c") for w in rest[1:])):
        return (f"`{head}` runs a shell on other hosts that reads its commands from its input "
                "(a heredoc `<< EOF` or a pipe): the per-node launch inside it is not read; "
                f"write it as `{head} HOST torchrun ... program.py` on a line of its own (the "
                "port turns a per-node loop into the target's per-node launch) and port again")
    if len(rest) == 1 and re.search(r"\s", rest[0]):  # `ssh HOST "cd $D && ./start.sh"`
        from maple_flow.scriptparse.shell import split_commands

        work = [c for c in split_commands(rest[0]) if is_work_command(c)]
        if work:
            return (f"`{head}` runs the command line `{one_line(rest[0], 60)}` on other hosts, "
                    f"where `{one_line(' '.join(work[-1].words), 60)}`: "
                    f"{why_not_launch(work[-1].words)}")
    return f"`{head}` runs `{' '.join(rest[:3])}` on other hosts, and {why_not_launch(rest)}"


def _shell_script(name: str) -> str:
    return (f"it runs your shell script {name}, which this file does not show (the program "
            "and how it is launched are inside it)")


def _short(cmd: ShellCommand) -> str:
    return one_line(cmd.text.split("\n", 1)[0], 80)


def work_commands(blocks: list[Block]) -> list[ShellCommand]:
    """The commands that could be the job's work, in order."""
    return [c for b in blocks for c in b.commands if is_work_command(c)]


#: The script's own simple assignments (``TRAIN="./train.py --lr 1"``) while a reason is
#: written: a program given as one of them is named with its value, not called unknown.
_KNOWN: ContextVar[dict[str, str] | None] = ContextVar("_KNOWN", default=None)
#: Every variable the script assigns (command substitutions too), by name.
_ASSIGNED: ContextVar[dict[str, str] | None] = ContextVar("_ASSIGNED", default=None)
#: The variables the script's own argument loop sets (``case $1 in --gpus) N=$2``), by name.
_BY_ARGS: ContextVar[dict[str, ArgSet] | None] = ContextVar("_BY_ARGS", default=None)


def named_unread(blocks: list[Block]) -> str:
    """The last commands that could be the job's work, each with why it is not read as a
    launch (``line N `cmd`: why``), or ``""``."""
    return _named(work_commands(blocks)[-4:])


def _named(seen: list[ShellCommand]) -> str:
    return "; ".join(f"line {c.line} `{_short(c)}`: "
                     f"{_fed_container_reason(c) or why_not_launch(c.words)}" for c in seen)


def _fed_container_reason(cmd: ShellCommand) -> str:
    """``enroot start NAME << EOF`` ... ``EOF``: the container's shell runs the heredoc's
    lines (they are in the script); what they run, named; ``""`` for another command."""
    found = container_command(cmd.words)
    lines = cmd.text.split("\n")
    fed = _STDIN_FILE.search(lines[0]) if found is not None else None
    if found is not None and fed and fed.group(1) != "/dev/null" and found[0].endswith(" shell"):
        return _stdin_fed_reason(cmd, found[0], found[1], fed.group(1))
    if found is None or found[2] or len(lines) < 3 or "<<" not in lines[0]:
        return ""
    run, image, _ = found
    body = [(cmd.line + k, x.strip()) for k, x in enumerate(lines[1:-1], 1)
            if x.strip() and not x.strip().startswith("#")]
    if not body:
        return ""
    last_line, last = body[-1]
    words = tuple(last.split())
    what = why_not_launch(words) if words else ""
    return (f"`{run}` starts the {_head(cmd.words)} container {image} and its shell runs the "
            f"lines the script feeds it (the heredoc, lines {body[0][0]}-{last_line}): the last "
            f"is `{one_line(last, 60)}`" + (f", where {what}" if what else ""))


#: A file fed to a command on its standard input (``< classifier.sh``; not ``<<``, ``<(``,
#: ``<<<`` or a descriptor's ``2<``).
_STDIN_FILE = re.compile(r"(?:^|\s)0?<\s*([^\s<>(&|;]+)")


def stdin_fed_file(cmd: ShellCommand) -> str:
    """The file a container's shell runs the commands of (``singularity shell ... IMG <
    classifier.sh``, or ``IMG classifier.sh``), or ``""``."""
    found = container_command(cmd.words)
    fed = _STDIN_FILE.search(cmd.text.split("\n")[0]) if found is not None else None
    if found is None or not found[0].endswith(" shell"):
        return ""
    if fed and fed.group(1) != "/dev/null":
        return fed.group(1)
    inside = found[2]  # `singularity shell IMG run.sh`: the script handed to its shell
    return inside[0] if inside and inside[0].endswith((".sh", ".bash")) else ""


def _stdin_fed_reason(cmd: ShellCommand, run: str, image: str, fed: str) -> str:
    """``singularity shell --nv IMG < classifier.sh a b``: the container's shell reads the
    commands of the file on its standard input (it does run the job, not a terminal)."""
    after = [w for w in cmd.words[cmd.words.index(image) + 1:] if w != fed] if (
        image in cmd.words) else []
    extra = (f"; the words after the image (`{' '.join(after)}`) go to the container's shell "
             f"as its own arguments, not to {fed}" if after else "")
    return (f"`{run}` starts the {_head(cmd.words)} container {image} and its shell reads the "
            f"commands of {fed} on its standard input (`< {fed}`): the job's program is in "
            f"{fed}, which this script does not show{extra}")


#: A word that starts a Python program or a launcher of one.
_LAUNCH_WORD = re.compile(r"^(?:\S*/)?(?:python[\d.]*|torchrun|deepspeed|accelerate|srun|mpiexec|"
                          r"mpirun|ibrun|jsrun|aprun|horovodrun)$")


def holds_launch(words: tuple[str, ...]) -> bool:
    """Whether ``words`` are a launch of the job's ranks: a per-node launcher (``torchrun``,
    ``deepspeed``, ``accelerate``, ``horovodrun``) or ``srun``/``mpiexec``/... of a program
    that is not a probe (``srun hostname``, ``mpirun nvidia-smi`` are not), directly or in a
    ``bash -c`` body. A bare ``python -c``/``python -m pip`` is a probe or set-up, not one."""
    from maple_flow.scriptparse.shell import split_commands

    words = _past_prefixes(words) or words
    body = _shell_body(words)
    if body is not None:
        return any(holds_launch(c.words) for c in split_commands(body) if c.words)
    head = _head(words)
    if head in PER_NODE_LAUNCHERS or head == "horovodrun":
        return True
    if head in LAUNCH_CMDS:
        at = _program_at(words)
        program = words[at:] if at else ()
        return bool(program) and _head(program) not in _HOUSEKEEPING | _PROBES
    return False


#: Programs a launcher runs to look at the allocation, not the job's work.
_PROBES = frozenset({"hostname", "nvidia-smi", "rocm-smi", "xpu-smi", "echo", "env", "date",
                     "true", "sleep", "uname", "lscpu", "numactl", "taskset", "pwd", "ls"})


def _launch_candidates(work: list[ShellCommand], blocks: list[Block]) -> list[ShellCommand]:
    """The work commands that launch the job's ranks (``srun PROGRAM``, ``torchrun``, a
    ``bash -c`` body running one), or, when none does, those that are not calls of the
    script's own shell functions (``usage``, ``_kill_main``: helpers), or all of them: where
    the job's launch is, never its helpers when a launch is among them."""
    held = [c for c in work if holds_launch(c.words)]
    if held:
        return held
    defined = {m.group(2) or m.group(3) for b in blocks
               if (m := _FUNCTION_DEF.match(b.text.split("\n", 1)[0]))}
    return [c for c in work if _head(c.words) not in defined] or work


#: A here-document's opener: ``cmd <<EOF``, ``<<-'EOF'``, ``<< "END"`` (not ``<<<``).
_HEREDOC_OPEN = re.compile(r"(?<!<)<<-?\s*(['\"]?)(\w+)\1")


def _heredocs(lines: list[str]) -> list[tuple[int, int, int]]:
    """The here-documents of ``lines``: (opener line, first body line, last body line), 1-based."""
    found: list[tuple[int, int, int]] = []
    k = 0
    while k < len(lines):
        m = _HEREDOC_OPEN.search(lines[k]) if not lines[k].lstrip().startswith("#") else None
        if m:
            end = next((j for j in range(k + 1, len(lines)) if lines[j].strip() == m.group(2)),
                       len(lines))
            found.append((k + 1, k + 2, end))
            k = end
        k += 1
    return found


def no_work_reason(blocks: list[Block], text: str) -> str:
    """Why no launch is found where no command of the script is the job's work: the lines
    whose text holds a launch (in a here-document, a variable's value, printed text), each with
    the shape that holds it; else what the script's commands do (set-up only), or that it has
    none. ``""`` when a command could be the work (another reason names it)."""
    if work_commands(blocks):
        return ""
    lines = text.splitlines()
    docs = _heredocs(lines)
    commands = [c for b in blocks for c in b.commands if c.words or c.assignments]
    held: list[str] = []
    for number, raw in enumerate(lines, 1):
        body = raw.strip()
        if not body or body.startswith("#") or not any(
                _LAUNCH_WORD.match(w) for w in re.split(r"[\s=\"'();`{}|&]+", body)):
            continue
        doc = next((d for d in docs if d[1] <= number <= d[2]), None)
        owner = next((c for c in reversed(commands) if c.line <= number), None)
        if doc:
            opener = one_line(lines[doc[0] - 1].strip(), 60)
            where = (f"in the here-document of line {doc[0]} (`{opener}`), which the script "
                     "writes to a file or feeds to a command")
        elif owner is not None and not owner.words and owner.assignments:
            where = (f"in the value the script assigns to {owner.assignments[-1][0]} (line "
                     f"{owner.line}), which no command of the script runs")
        elif owner is not None and _head(owner.words) in {"echo", "printf", "cat"}:
            where = f"in the text `{_head(owner.words)}` prints (line {owner.line})"
        else:
            continue
        held.append(f"line {number} `{one_line(body, 70)}` ({where})")
    if held:
        return ("no command of the script starts a program; its launch words are in text it "
                "does not run as a command: " + "; ".join(held[:4]) + ". Write the launch "
                "(python/torchrun/srun ... with the program) as a command of the script and "
                "port again")
    steps = [c for c in commands if c.words and not c.is_condition
             and _head(c.words) not in {"echo", "printf"}]
    if steps:
        shown = "; ".join(f"line {c.line} `{_short(c)}`" for c in steps[:4])
        more = f" and {len(steps) - 4} more" if len(steps) > 4 else ""
        return (f"the script runs no program: its commands only set the job up or report "
                f"({shown}{more}), and none starts the job's work: write the launch "
                "(python/torchrun/srun ... with the program) into the script and port again")
    return ("the script runs no command after its directives (no program, no set-up): there "
            "is no launch to port; write the launch (python/torchrun/srun ... with the "
            "program) into the script and port again")


def unread_commands_reason(blocks: list[Block]) -> str:
    """Each command that could be the job's work, with why it is not read as a launch;
    ``""`` when the script runs none."""
    seen = _launch_candidates(work_commands(blocks), blocks)[-4:]
    if not seen:
        return ""
    known = {name: value for b in blocks for c in b.commands if not c.words
             for name, value in c.assignments
             if value and "$(" not in value and not value.strip("'\"").startswith("$")}
    assigned = {name: value for b in blocks for c in b.commands if not c.words
                for name, value in c.assignments if value}
    token, every = _KNOWN.set(known), _ASSIGNED.set(assigned)
    by_args = _BY_ARGS.set(argument_sets(blocks))
    try:
        return _unread_reason(seen)
    finally:
        _KNOWN.reset(token)
        _ASSIGNED.reset(every)
        _BY_ARGS.reset(by_args)


def _engine_nowhere(cmd: ShellCommand) -> str:
    """``; `docker` ...: <what to do>`` when the container's engine is one no cluster of
    maple's runs (templates/sites/commands.yaml with no sites), else ``""``."""
    found = site_commands().commands.get(_head(cmd.words).rsplit("/", 1)[-1])
    if found is None or found.sites:
        return ""
    return f". `{_head(cmd.words)}` {found.does}: {found.instead}"


def _options_value(value: str) -> str:
    """``value`` (its default, for ``${X:-default}``) where it is a launcher's options (it
    starts with ``-``), else ``""``."""
    shown = value_or_default(value)
    return shown if shown.startswith("-") else ""


def _unread_reason(seen: list[ShellCommand]) -> str:
    named = _named(seen)
    scripts = [m.group(1) for c in seen
               if (m := re.search(r"runs your shell script (\S+),", why_not_launch(c.words)))]
    commented = [(c, m.group(0).strip()) for c in seen if bare_python(c)
                 and (m := re.search(r"#.*$", c.text)) and placeholder_kind(
                     m.group(0).lstrip("#").strip().split()[0] if m.group(0).strip("# ") else "")]
    if commented:  # `python #path/to/file`: the program's place holds a comment
        cmd, comment = commented[-1]
        return (f"{named}. Line {cmd.line} gives python no program: `{comment}` after it is a "
                "comment, which the shell drops, and a placeholder for the program file; write "
                "the program (and its arguments) in its place and port again")
    filled = [c for c in seen if program_placeholder(c.words[0], alone=len(c.words) == 1)]
    if filled:  # the work is a word someone fills in: no command to keep, no size to ask
        return (f"{named}. Line {filled[-1].line} holds a placeholder where the job's work "
                "goes (filled in by the script that renders or submits this one, e.g. a "
                "`sed ... | bsub`/`sbatch` step, or left for you to write): write the training "
                "launch (python/torchrun/srun ... with the program) in its place and port again")
    boxed = [c for c in seen if is_container_command(c.words)]
    fed = stdin_fed_file(boxed[-1]) if boxed else ""
    if fed:  # `singularity shell IMG < run.sh`: the launch is in the file the shell reads
        return (f"{named}. The job's launch is inside your script {fed}, which the "
                f"container's shell runs on line {boxed[-1].line}: port {fed} (with this "
                "job's directives and set-up in front of its launch, and the container around "
                f"that launch: `apptainer exec --nv IMAGE python ...`), or write its launch "
                "into this script, and port again" + _engine_nowhere(boxed[-1]))
    if boxed:  # the work runs inside a container: one task or not, its launch is in there
        return (f"{named}. The job's work runs inside your container (line {boxed[-1].line}): "
                "maple carries a container only around a launch it reads on the job's launch "
                "line (`apptainer exec IMAGE python x.py`, `srun --container-image=IMAGE "
                "torchrun ... x.py`); write the launch that way (or without the container) "
                "and port again" + _engine_nowhere(boxed[-1]))
    if scripts:  # the launch is in the user's own script: asking one task changes nothing
        return (f"{named}. The job's launch is inside your script {scripts[-1]}: port that "
                f"script (with this job's directives and set-up in front of its launch), or "
                "write its launch into this script, and port again")
    inline = [c for c in seen if holds_launch(c.words) and re.search(
        r"inline Python code|read from its standard input", why_not_launch(c.words))]
    if inline:  # the Python it runs is code in the script, which starts the training itself
        return (f"{named}. The job's Python runs as code written in the script (line "
                f"{inline[-1].line}), not as a program file: that code starts the training "
                "itself (its program, ranks and launcher are inside it), which the port does not "
                "read; write the launch it makes (python/torchrun/srun ... with the program file "
                "or -m module) as a command of the script and port again")
    if ARG_LOOP_SAID in named:  # its own remedy: the run's values in place of the loop
        return named
    return (f"{named}. {ONE_TASK_REMEDY}")


def bare_python(cmd: ShellCommand) -> bool:
    """Whether ``cmd`` runs a Python interpreter given no program (``python``, ``python3``
    alone, or followed only by a comment)."""
    words = _past_prefixes(cmd.words) or cmd.words
    return len(words) == 1 and bool(re.fullmatch(r"python[\d.]*", _head(words)))


#: The reason's end for a job whose work is a command maple does not read: its remedy, which
#: ``port.kept_command.not_kept_reason`` replaces where the source already is one task on one
#: node (a remedy that already holds in the source helps no one).
ONE_TASK_REMEDY = ("maple ports the launch of a Python program (python, torchrun, "
                   "deepspeed, accelerate launch, or srun/mpiexec/ibrun of one); it ports a job "
                   "whose work is another command only when the job is one process on one node "
                   "(one task: it then keeps the command as is). Write the training launch into "
                   "the script, or ask the job one task on one node, and port again")


def generator_reason(blocks: list[Block]) -> str:
    """Why a file that writes or submits a job script is not one; ``""`` otherwise."""
    for block in blocks:
        for cmd in block.commands:
            if _head(cmd.words) in _SUBMIT and "<<" in block.text.split("\n", 1)[0]:
                body = block.text.count("\n")
                return (f"this file is not a job script: line {cmd.line} `{_short(cmd)}` "
                        f"submits the job written in the here-document below it (lines "
                        f"{cmd.line + 1}-{cmd.line + body - 1}); port that job: save the "
                        "here-document's text as a script of its own (its $1/$VAR filled "
                        "in as the submission fills them) and port it")
    written = _written_scripts(blocks)
    for block in blocks:
        for cmd in block.commands:
            if _head(cmd.words) not in _SUBMIT or len(cmd.words) < 2:
                continue
            job = next((w for w in reversed(cmd.words[1:]) if w.endswith(_JOB_FILES)),
                       cmd.words[-1])
            if job in written:
                first, last = written[job]
                return (f"this file is not a job script: it writes one, {job}, with echo "
                        f"(lines {first}-{last}) and submits it (line {cmd.line} "
                        f"`{_short(cmd)}`); port that job: run the part that writes {job} "
                        "(or copy its lines with the values filled in) and port the file "
                        "it writes")
            if not any(is_work_command(c) for b in blocks for c in b.commands):
                options = " ".join(w for w in cmd.words[1:cmd.words.index(job)])
                return (f"this file is not a job script: line {cmd.line} `{_short(cmd)}` "
                        f"submits {job} with {cmd.words[0]}; port {job} (the job), with the "
                        f"options this line gives it ({options or 'none'}) written as "
                        "directives in it")
    return ""


#: A here-document written to a file: ``cat > "$F" << EOF`` or ``cat <<'EOF' > job.sh``.
_HEREDOC_TO_FILE = re.compile(r"^\s*cat\b[^\n]*(?:>\s*(\S+)[^\n]*<<|<<-?\s*\S+\s*>\s*(\S+))")
#: A submission (``sbatch "$f"``, ``JOBID=$(qsub "$PBSSCRIPT")``), not ``command -v sbatch``.
_SUBMIT_CALL = re.compile(r"(?:^|[\s;(&|]|\$\()(?:\S*/)?(sbatch|qsub|bsub)\s+[^\s>|&;)]")


def heredoc_submitter_reason(blocks: list[Block]) -> str:
    """Why a file that writes job scripts from here-documents (scheduler directives in their
    text) and submits them, a submitter run on a login node, is not a job; ``""`` otherwise."""
    written: list[tuple[int, int, str]] = []
    submits: list[tuple[int, str]] = []
    for block in blocks:
        for cmd in block.commands:
            first = cmd.text.split("\n", 1)[0]
            target = _HEREDOC_TO_FILE.match(first)
            if target and _DIRECTIVE_TEXT.search(cmd.text):
                written.append((cmd.line, cmd.line + cmd.text.count("\n"),
                                target.group(1) or target.group(2)))
                continue
            if _head(cmd.words) in {"echo", "printf"}:
                continue
            call = _SUBMIT_CALL.search(first)
            if call:
                submits.append((cmd.line, call.group(1)))
    if not written or not submits:
        return ""
    docs = ", ".join(f"lines {a}-{b} into {f}" for a, b, f in written[:4])
    more = f" and {len(written) - 4} more" if len(written) > 4 else ""
    tools = sorted({t for _, t in submits})
    at = ", ".join(str(n) for n, _ in submits[:4])
    lines = "lines" if len(submits) > 1 else "line"
    return (f"this file is not a job script but a submitter run on a login node: it writes "
            f"{len(written)} job script(s) from here-documents with scheduler directives "
            f"({docs}{more}) and submits them with {'/'.join(tools)} ({lines} {at}); "
            "port the job it writes: save a here-document's text as a script of its own "
            "(its $VAR filled in as the submitter fills them) and port that script")


def _written_scripts(blocks: list[Block]) -> dict[str, tuple[int, int]]:
    """Files the script writes scheduler directives into (``echo "#SBATCH ..." >> f``):
    name -> (first line, last line) of the writes."""
    writes: dict[str, list[ShellCommand]] = {}
    for block in blocks:
        for cmd in block.commands:
            target = _WRITTEN_TO.search(cmd.text)
            if target and _head(cmd.words) in {"echo", "printf", "cat"}:
                writes.setdefault(target.group(1), []).append(cmd)
    return {name: (cmds[0].line, cmds[-1].line) for name, cmds in writes.items()
            if any(_DIRECTIVE_TEXT.search(c.text) for c in cmds)}


#: A shell function's definition line: ``run() {``, ``function run {``, ``function run() {``.
_FUNCTION_DEF = re.compile(
    r"^(\s*)(?:function\s+([A-Za-z_][\w-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w-]*)\s*\(\s*\))\s*\{?\s*$")


def _functions(text: str) -> dict[str, tuple[int, int]]:
    """The script's own shell functions: name -> (first line, last line), each closed by a
    ``}`` line at the indentation it opened with."""
    lines = text.splitlines()
    found: dict[str, tuple[int, int]] = {}
    for k, line in enumerate(lines):
        match = _FUNCTION_DEF.match(line)
        if not match:
            continue
        indent = match.group(1)
        for j in range(k + 1, len(lines)):
            if re.fullmatch(re.escape(indent) + r"\}\s*(?:[;#].*)?", lines[j]):
                found[match.group(2) or match.group(3)] = (k + 1, j + 1)
                break
    return found


def _program_word(words: tuple[str, ...]) -> bool:
    """Whether ``words`` start a Python program file or module (``uv run x.py``,
    ``python -u -m pkg``), not Python fed from stdin or ``-c``."""
    words = tuple(w for w in words if w != "!")
    return any(w.endswith(".py") for w in words) or (
        bool(words) and bool(_PY_LAUNCH.match(_head(words))) and "-m" in words)


def called_function_lines(blocks: list[Block], text: str) -> set[int]:
    """The lines of the bodies of the script's own shell functions that the script calls
    (their ``$@``/``$1`` are the call's arguments)."""
    commands = [c for b in blocks for c in b.commands]
    lines: set[int] = set()
    for name, (first, last) in _functions(text).items():
        if any(c.words[:1] == (name,) and not first <= c.line <= last for c in commands):
            lines |= set(range(first, last + 1))
    return lines


def _runs_its_arguments(words: tuple[str, ...]) -> bool:
    """Whether ``words`` start Python on the function's own arguments (``python "$@"``,
    ``$RUNTIME exec ... python "$@"``)."""
    at = next((i for i, w in enumerate(words) if _PY_LAUNCH.match(w.rsplit("/", 1)[-1])), None)
    return at is not None and any(is_positional(w) for w in words[at + 1:])


def function_launch_reason(blocks: list[Block], text: str) -> str:
    """Why no launch is read where the job's work runs in the script's own shell function
    (``run() { ...; uv run bench.py "$@"; }`` called below): the function, its calls and
    the launch in it, named; ``""`` for another script."""
    functions = _functions(text)
    if not functions:
        return ""
    commands = [c for b in blocks for c in b.commands]
    for name, (first, last) in functions.items():
        calls = [c for c in commands if c.words[:1] == (name,) and not first <= c.line <= last]
        inside = [c for c in commands if first < c.line < last
                  and (_program_word(c.words) or _runs_its_arguments(c.words))]
        if not calls or not inside:
            continue
        where = ", ".join(str(c.line) for c in calls[:4]) + (" ..." if len(calls) > 4 else "")
        shown = "; ".join(f"line {c.line} `{_short(c).lstrip('! ')}`" for c in inside[:2])
        if any(_runs_its_arguments(c.words) for c in inside):
            passed = "; ".join(f"`{_short(c)}`" for c in calls[:2])
            shown += (f" (its `\"$@\"` is the function's own arguments, what each call passes: "
                      f"{passed}; not the job's command line)")
        return (f"line{'s' if len(calls) > 1 else ''} {where} call `{name}`, the script's own "
                f"shell function (lines {first}-{last}), which runs the job's work: {shown}. "
                "The port reads no launch inside a shell function, so it cannot tell what each "
                f"call runs (its program, arguments and ranks): write the launch at the top "
                f"level of the script (the function's lines in place of each call, with that "
                "call's arguments) and port again")
    return ""
