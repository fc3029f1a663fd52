"""Read a launch line: the launchers and wrappers in front, then the Python program."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache

from maple_flow.scriptparse.grammar import ENV_RUN_VALUED as _RUNNER_VALUED
from maple_flow.scriptparse.grammar import HOROVOD_VALUED as _HOROVOD_VALUED
from maple_flow.scriptparse.grammar import (
    MPI_VALUED_COMMON,
    OCI_VALUED_COMMON,
    TIMEOUT_VALUED,
    takes_value,
)
from maple_flow.scriptparse.grammar import PER_NODE_VALUED as _LAUNCHER_VALUED
from maple_flow.scriptparse.grammar import TWO_VALUES as _TWO_VALUES
from maple_flow.scriptparse.shell import split_commands
from maple_flow.scriptparse.values import ENV_RUNNERS as ENV_RUNNERS  # one definition, re-exported
from maple_flow.scriptparse.values import which_name

_PYTHON = re.compile(r"^i?python[\d.]*$")  # ipython runs a program file as python does


def launcher_of(base: str) -> str:
    """The launcher ``base`` is (``jsrun`` is read as mpiexec), a site's own launcher command
    included (IDRIS's ``idr_accelerate``: accelerate), or ``""``."""
    from maple_flow.knowledge.other_sites import site_launcher

    site = site_launcher(base)
    return _LAUNCHERS.get(base) or (site[1] if site else "")


@lru_cache(maxsize=4096)
def is_python(base: str) -> bool:
    """``python``, ``python3.11``, or a site's own command that stands for it (LUMI's
    ``conda-python-distributed``: templates/sites/other_sites.yaml; kept per word: every
    target's stages ask it of the same words)."""
    from maple_flow.knowledge.other_sites import site_python

    return bool(_PYTHON.match(base)) or site_python(base) is not None


#: Other names of a site launcher that are the same program with the same options: Open MPI's
#: ``orterun`` is its ``mpirun`` (``mpirun``, ``mpiexec`` and ``orterun`` are one program,
#: "synonyms for each other": Open MPI v4.1 mpirun(1), orte/tools/orterun), MPICH's
#: ``mpiexec.hydra`` its ``mpiexec``. The one table of launcher names: a reader of launch lines
#: asks it (``same_launcher``, ``launcher_names``) instead of spelling names again.
SAME_LAUNCHER = {"orterun": "mpirun", "mpiexec.hydra": "mpiexec"}
#: Launcher names as written -> the launcher they are read as (``jsrun``/``aprun`` are read as
#: mpiexec, with their own options translated; ``SAME_LAUNCHER`` names are that launcher).
_LAUNCHERS = {
    "srun": "srun", "mpiexec": "mpiexec", "mpirun": "mpirun", "ibrun": "ibrun",
    "torchrun": "torchrun", "deepspeed": "deepspeed", "accelerate": "accelerate",
    "aprun": "mpiexec", "jsrun": "mpiexec", "horovodrun": "horovodrun", **SAME_LAUNCHER,
}
#: The site launchers maple_flow edits (a stage's name: srun, mpiexec, mpirun, ibrun).
SITE_LAUNCHERS = frozenset({"srun", "mpiexec", "mpirun", "ibrun"})
#: Site launchers as written: they start the job's program on its nodes (a set-up line that
#: starts a Python program through one is a stage of the job).
LAUNCH_CMDS = frozenset(name for name, read in _LAUNCHERS.items()
                        if read in SITE_LAUNCHERS and "." not in name)


def same_launcher(base: str) -> str:
    """The site launcher ``base`` is under another name (``orterun``: ``mpirun``;
    ``mpiexec.hydra``, ``mpiexec.slurm``: ``mpiexec``; a distribution's ``mpirun.openmpi``:
    ``mpirun``), else ``base`` itself."""
    stem, dot, _ = base.partition(".")
    if dot and stem in {"mpiexec", "mpirun", "orterun"}:
        base = stem
    return SAME_LAUNCHER.get(base, base)


def launcher_names(launcher: str) -> tuple[str, ...]:
    """``launcher`` and the other names of the same program (``mpirun``: mpirun, orterun)."""
    return (launcher, *sorted(n for n, same in SAME_LAUNCHER.items() if same == launcher))


def with_other_names(names: frozenset[str] | set[str]) -> frozenset[str]:
    """``names`` (launcher words as written) with their launchers' other names (``mpirun``
    brings ``orterun``)."""
    return frozenset(n for name in names for n in launcher_names(name))


def launcher_pattern(*launchers: str) -> str:
    """A regex alternation of ``launchers`` and their other names (``mpirun|orterun``),
    longest first: for the readers that match a launch line's text."""
    names = {n for launcher in launchers for n in launcher_names(launcher)}
    return "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))


#: Launchers that start one process per rank (the program takes its rank from them).
PER_RANK_LAUNCHERS = frozenset({"srun", "mpiexec", "mpirun", "ibrun", "horovodrun"})
#: Launchers that start one agent per node, which starts the ranks (elastic style).
PER_NODE_LAUNCHERS = frozenset({"torchrun", "deepspeed", "accelerate"})
_VAR_WORD = re.compile(r"\$\{\w+\}|\$\w+")
#: A variable's value as one word, with a ``${VAR%?}``-style operator too.
_VAR_VALUE = re.compile(r"\$\{\w+[^{}]*\}|\$\w+")
_ENV_WORD = re.compile(r"^[A-Za-z_]\w*=")
#: Container runtimes a launch may run its program through.
CONTAINER_RUNTIMES = frozenset({"apptainer", "singularity", "shifter", "podman-hpc"})
#: Commands in front of a program that start it once, as itself (``xvfb-run``: in a virtual X
#: display it starts first, for a program that renders).
PLAIN_WRAPPERS = frozenset({"nohup", "time", "env", "numactl", "taskset", "stdbuf", "exec",
                            "nice", "timeout", "xvfb-run"})
_WRAPPERS = CONTAINER_RUNTIMES | PLAIN_WRAPPERS | {"nsys", "py-spy", "bash", "sh", "ezpz-launch"}
#: py-spy's verbs that run a command given after ``--`` (``py-spy record -o p.svg -- python x.py``).
_PYSPY_VERBS = frozenset({"record", "top"})
_ALL_ARGS = frozenset({"$@", "${@}"})
_TORCH_RUN = frozenset({"torch.distributed.run", "torch.distributed.launch"})
#: ``python -m accelerate.commands.launch ARGS`` is ``accelerate launch ARGS``.
_ACCELERATE_LAUNCH = "accelerate.commands.launch"
#: ``python -m deepspeed.launcher.runner ARGS`` is the ``deepspeed ARGS`` command (the
#: console script ``deepspeed`` calls ``deepspeed.launcher.runner:main``): without
#: ``--num_gpus``/``--include``/a hostfile it starts one worker per GPU the node shows.
_DEEPSPEED_RUNNER = "deepspeed.launcher.runner"
#: ``colossalai run``: ColossalAI's launcher, torchrun on each host of a list or hostfile
#: (read as torchrun, named as written).
COLOSSAL_RUN = "colossalai run"
#: The option of each per-node launcher that runs its program as itself instead of through
#: ``python`` (torchrun takes both spellings; deepspeed and accelerate launch the underscore
#: one): an installed command (a package's console script) needs it there.
NO_PYTHON_OPTION = {"torchrun": "--no-python", "deepspeed": "--no_python",
                    "accelerate": "--no_python"}
_NO_PYTHON = frozenset({"--no_python", "--no-python"})
_PY_VALUED = frozenset({"-W", "-X", "-c"})
#: Options that never take a value, where the next word could be mistaken for one.
_BOOLEANS = frozenset({
    "--nv", "--rocm", "--cleanenv", "--contain", "--containall",
    "--writable", "--fakeroot", "--no-home", "--nvccli", "--compat", "--standalone",
    "--multi_gpu", "--use_fsdp", "--use_deepspeed", "--envall", "--no_ssh", "--no-vni", "-l",
    "-u", "--unbuffered", "--label", "--exclusive", "--overlap", "--verbose",
})
#: Container runtime options that always take a value, even one that looks like a program
#: (``--bind /data``: a bare path).
_VALUED = frozenset({
    "-B", "--bind", "--mount", "--env", "--env-file", "-H", "--home", "-o", "--overlay",
    "-W", "--workdir", "--pwd", "--cwd", "-S", "--scratch", "--security", "--network",
    "--network-args", "--hostname", "--dns", "--volume", "-V", "--image",
})
MPI_VALUED = {name: MPI_VALUED_COMMON for name in ("mpirun", "mpiexec", "mpiexec.hydra",
                                                     "orterun", "prterun")}
#: A value that starts with ``-`` but is one: a negative number (``--num_nodes -1``).
_NEGATIVE = re.compile(r"-\d+")


#: ``apptainer/singularity exec`` flags that never take a value (the next word may be the
#: image: ``--writable-tmpfs img.sif python x.py``); podman-hpc's ``--pid host`` takes one.
_SIF_BOOLEANS = frozenset({
    "--writable-tmpfs", "--no-init", "--no-privs", "--keep-privs", "--no-umask", "--no-eval",
    "--disable-cache", "--no-https", "--allow-setuid", "--unsquash", "--no-setgroups",
    "--sharens", "--pid", "--ipc", "--uts", "--net", "--boot", "--oci", "--userns",
})
_SIF = frozenset({"apptainer", "singularity"})
#: Short flags that never take a value in a container runtime (``-c`` = ``--contain``) but do
#: in srun and others (``-c 40`` = ``--cpus-per-task``, ``-C gpu``, ``-e err.log``).
_CONTAINER_BOOLEANS = frozenset({"-e", "-c", "-C"})


@dataclass
class Stage:
    """One launcher or wrapper in front of the program, with its options in order."""

    name: str
    options: list[tuple[str, str | None]] = field(default_factory=list)
    operands: list[str] = field(default_factory=list)
    #: The module the launcher was run as (``python -m torch.distributed.launch``), the
    #: verb of a container runtime (``exec``, ``run``), the launcher as written where it is
    #: read as another (``jsrun`` read as ``mpiexec``), an environment runner's path as
    #: written (``~/.local/bin/uv`` of ``uv run``), or "".
    via: str = ""
    #: A per-node launcher told to run its program as itself (``torchrun --no-python``).
    no_python: bool = False
    #: The launcher word as written where it is a path (``.venv/bin/torchrun``,
    #: ``$VENV/bin/accelerate``: the user's environment's own launcher), else "".
    path: str = ""

    def get(self, *names: str) -> str | None:
        """The value of the last option among ``names`` (``--a=b`` and ``--a b`` alike)."""
        for key, value in reversed(self.options):
            if key in names:
                return value
        return None

    def has(self, *names: str) -> bool:
        return any(key in names for key, _ in self.options)

    def values(self, *names: str) -> list[str]:
        """Every value given to ``names``, in order (an option given more than once)."""
        return [value for key, value in self.options if key in names and value is not None]


@dataclass
class LaunchLine:
    """A parsed launch line: stages outermost first, then the program and its arguments."""

    stages: list[Stage]
    entrypoint: str
    module: bool
    args: list[str]
    python: str = "python"
    inline: str = ""
    #: A user's shell script the launcher runs in front of the program (``srun run.sh ...``).
    wrapper_script: str = ""
    #: The interpreter's own options before the program (``python -u -W ignore train.py``).
    python_opts: list[str] = field(default_factory=list)
    #: The arguments as the script writes them (quotes and ``$NAME`` kept): each written word
    #: with the slice of ``args`` it stands for; None when they cannot be told apart (a
    #: variable holding the program and its arguments, a ``bash -c`` body).
    written_args: list[tuple[str, int, int]] | None = None
    #: The program word as the script writes it when it expands when the job runs
    #: (``experiments.$1``, ``${MODELS[$SLURM_ARRAY_TASK_ID]}.py``, ``$SCRIPT``); "" when
    #: the program is written as plain text or cannot be told apart from other words.
    written_entry: str = ""
    #: The interpreter, program and arguments come from one bash array the script builds
    #: (``CMD=(python x.py ...)``, ``CMD+=(...)``, ``srun "${CMD[@]}"``): that word as
    #: written, and how many of the array's words come before the program (the
    #: interpreter and its options); "" when the launch names its program itself.
    array_command: str = ""
    array_lead: int = 0
    #: The user's wrapper script is handed the program file with no interpreter written
    #: between them (``srun ./nsys.sh train.py``): the wrapper starts it itself, so the port
    #: puts no interpreter word in front of the file (``port.user_wrapper``).
    handed: bool = False
    #: The program is an installed command (a package's console script, ``srun
    #: fairseq-train``, ``torchrun --no-python ethos``): the launcher runs it as itself.
    command: bool = False
    #: The interpreter word that runs a launcher given as a module (``"$CONDA_PREFIX/bin/python"
    #: -m torch.distributed.run``, ``~/env/bin/python -m torch.distributed.launch``): the
    #: workers run on it; "" where the launcher is a command of its own (``torchrun``).
    launcher_python: str = ""

    def stage(self, name: str) -> Stage | None:
        return next((s for s in self.stages if s.name == name), None)

    @property
    def launcher(self) -> str:
        names = [s.name for s in self.stages if s.name in _LAUNCHERS.values()]
        return names[-1] if names else "python"


def _base(word: str) -> str:
    """The command name of ``word``: its file name, also when PATH is asked for it."""
    return os.path.basename(which_name(word) or word)


def _path_program(word: str) -> bool:
    """``./run`` or ``/opt/x/bin/tool``: a path that can be a program (not ``a,b`` lists or
    data files such as container images)."""
    if not word.startswith(("./", "/")) or "," in word or ":" in word:
        return False
    stem, dot, ext = os.path.basename(word).rpartition(".")
    return not dot or not stem or ext in {"py", "sh", "x", "exe", "bin"}


def _is_program(word: str) -> bool:
    base = _base(word)
    return bool(
        is_python(base) or bool(launcher_of(base)) or base in _WRAPPERS
        or base.endswith((".py", ".sh")) or _path_program(word)
    )


def _starts_runner(words: list[str], i: int) -> bool:
    """``words[i]`` starts an environment runner's command (``uv run``, ``pixi run``), a
    program start after a plain wrapper (``exec uv run python x.py``), not its operand."""
    return _base(words[i]) in ENV_RUNNERS and words[i + 1:i + 2] == ["run"]


def _starts_program(word: str) -> bool:
    return _is_program(word) or bool(_VAR_WORD.fullmatch(word) or _ENV_WORD.match(word))


#: A one-letter count option of a parallel launcher with its value attached (``-n4``,
#: ``-N$NODES``, ``-c${CPUS}``); ``-np``/``-ppn`` are words of their own.
_STUCK = re.compile(r"^(-[nNcG])(\d+|\$\{?\w+\}?|\$\(\(.*\)\))$")
_STUCK_LAUNCHERS = frozenset({"srun", "mpiexec", "mpirun", "ibrun"})


def _options(words: list[str], i: int, stage: Stage) -> int:
    """Read ``-x v``/``--x=v``/``--flag`` options from ``words[i]``; returns the next index."""
    while (i < len(words) and words[i].startswith("-") and words[i] != "-") or (
            _options_variable(words, i, stage)):
        word = words[i]
        if not word.startswith("-"):  # ``${BINDS}``: options the job's environment gives
            stage.options.append((word, None))
            i += 1
            continue
        if word in _NO_PYTHON:
            stage.no_python = True  # a flag: the launcher's other options may follow it
            i += 1
            continue
        if word in {"-m", "--module"}:
            return i
        name, eq, value = word.partition("=")
        stuck = _STUCK.match(word) if stage.name in _STUCK_LAUNCHERS else None
        # the launcher's own option grammar first (scriptparse.grammar): a flag never takes
        # the next word (`srun --exact $CMD`), a valued option always does
        known = None if (eq or stuck) else takes_value(stage.name, word)
        if known is False:
            stage.options.append((word, None))
            i += 1
        elif stuck:  # ``srun -n4`` / ``-N${NODES}``: a one-letter option, its value attached
            stage.options.append((stuck.group(1), stuck.group(2)))
            i += 1
        elif eq:
            stage.options.append((name, value))
            i += 1
        elif (word in _TWO_VALUES and word.lstrip("-") in ("env", "genv") and i + 1 < len(words)
              and re.match(r"[A-Za-z_]\w*=", words[i + 1])):
            # `-env OMP_NUM_THREADS=4` (Cray PALS spells --env so): one NAME=VALUE word, not
            # hydra's two (`-env NAME VALUE`)
            stage.options.append((word, words[i + 1]))
            i += 2
        elif word in _TWO_VALUES and i + 2 < len(words):
            stage.options.append((word, f"{words[i + 1]} {words[i + 2]}"))
            i += 3
        elif ((known or word in _LAUNCHER_VALUED.get(stage.name, ())) and i + 1 < len(words) and (
            not words[i + 1].startswith("-") or _NEGATIVE.fullmatch(words[i + 1])
        )) or (
            word not in _BOOLEANS
            and not (stage.name in _SIF and word in _SIF_BOOLEANS)
            and not (stage.name in CONTAINER_RUNTIMES and word in _CONTAINER_BOOLEANS
                     and stage.name != "podman-hpc")
            and i + 1 < len(words)
            and not words[i + 1].startswith("-")
            and ((stage.name in CONTAINER_RUNTIMES and word in _VALUED)
                 or (stage.name == "podman-hpc" and word in OCI_VALUED_COMMON)
                 or (stage.name == "horovodrun" and word in _HOROVOD_VALUED)
                 or not _is_program(words[i + 1]))
        ):
            stage.options.append((word, words[i + 1]))
            i += 2
        else:
            stage.options.append((word, None))
            i += 1
    return i


def _options_variable(words: list[str], i: int, stage: Stage) -> bool:
    """``words[i]`` is a variable among a container runtime's options (``singularity exec --nv
    ${BINDS} --env A=1 img.sif``): options more follow it, so it is not the image (after the
    image comes the command, never an option); it expands to options, or to nothing."""
    return (stage.name in CONTAINER_RUNTIMES and i + 1 < len(words)
            and bool(_VAR_WORD.fullmatch(words[i])) and words[i + 1].startswith("-"))


def wrapper_end(words: list[str], i: int, stages: list[Stage]) -> int:
    """Index of the first word after the wrapper at ``words[i]`` and its operands."""
    return _wrapper(words, i, stages)


def _wrapper(words: list[str], i: int, stages: list[Stage]) -> int:
    """Skip a wrapper (container runtime, env, numactl...) and its own operands."""
    name = _base(words[i])
    stage = Stage(name)
    stages.append(stage)
    i += 1
    if name in {"apptainer", "singularity"} and i < len(words) and words[i] in {"exec", "run"}:
        stage.via = words[i]  # the verb: ``run`` starts the image's runscript, ``exec`` not
        i = _options(words, i + 1, stage)
        if i < len(words):
            stage.operands.append(words[i])  # the image
            i += 1
    elif name == "podman-hpc" and i < len(words) and words[i] == "run":
        stage.via = "run"
        i = _options(words, i + 1, stage)
        if i < len(words):
            stage.operands.append(words[i])  # the image
            i += 1
    elif name == "env":
        while i < len(words) and "=" in words[i] and not words[i].startswith("-"):
            stage.operands.append(words[i])
            i += 1
    elif name == "timeout":  # its options, then the duration, then the command
        while i < len(words) and words[i].startswith("-") and words[i] != "--":
            valued = words[i] in TIMEOUT_VALUED and i + 1 < len(words)
            stage.options.append((words[i], words[i + 1] if valued else None))
            i += 2 if valued else 1
        if i < len(words) and words[i] == "--":
            i += 1
        if i < len(words):
            stage.operands.append(words[i])  # the duration (10h, 3600)
            i += 1
    elif name == "nsys" and i < len(words) and words[i] == "profile":
        i = _options(words, i + 1, stage)
    elif name == "py-spy" and i < len(words) and words[i] in _PYSPY_VERBS and "--" in words[i:]:
        stage.via = words[i]
        end = words.index("--", i)
        stage.operands += words[i + 1:end]  # its own options, up to the `--` before the command
        i = end + 1
    else:
        i = _options(words, i, stage)
    return i


#: A variable named for a Python interpreter (``$PYTHON``, ``${PY3}``, ``$GROOT_PYTHON``,
#: ``$PYTHON_BIN``, ``$VENV_PYTHON``), not one of Python's own settings (``$PYTHONPATH``).
_INTERPRETER_NAME = re.compile(r"(?:[A-Za-z0-9]+_)*(?:PYTHON|PY)\d*(?:_[A-Za-z0-9]+)*", re.I)


def interpreter_variable_word(word: str) -> str:
    """The variable's name when ``word`` is a whole ``$NAME``/``${NAME}`` whose name says it
    holds a Python interpreter (``"$GROOT_PYTHON" train.py``: the user's interpreter, given
    by the script or by the environment it is submitted from), else ``""``."""
    if not _VAR_WORD.fullmatch(word):
        return ""
    name = word.strip("${}")
    return name if _INTERPRETER_NAME.fullmatch(name) else ""


def _python_program_follows(rest: list[str]) -> bool:
    """Whether ``rest`` is what an interpreter runs: a ``.py`` file or ``-m module``, after
    the interpreter's own options (``-u``, ``-W ignore``)."""
    i = 0
    while i < len(rest) and rest[i].startswith("-") and rest[i] != "-m":
        i += 2 if rest[i] in _PY_VALUED else 1
    return i < len(rest) and (rest[i] == "-m" or _base(rest[i]).endswith(".py"))


def _python(words: list[str], i: int, stages: list[Stage]) -> LaunchLine | None:
    """Read ``python [-u] (-m mod | script.py) args``; torch.distributed.run is a launcher."""
    python = words[i]
    i += 1
    opts: list[str] = []
    while i < len(words) and words[i].startswith("-") and words[i] != "-m":
        if words[i] in ("-c", "-"):
            return None  # inline code (`-c`, stdin `- <<PY`) is not a training program
        step = 2 if words[i] in _PY_VALUED else 1
        opts += words[i:i + step]
        i += step
    if i + 1 < len(words) and words[i] == "-m":
        module = words[i + 1]
        if module in _TORCH_RUN or launcher_of(module) == "torchrun":  # python -m torchrun_jsc
            return _run_by(_after_launcher(words, i + 2, stages, "torchrun", module), python)
        if module == _ACCELERATE_LAUNCH:  # `accelerate launch` as a module
            return _run_by(_after_launcher(words, i + 2, stages, "accelerate", module), python)
        if module == _DEEPSPEED_RUNNER:  # the `deepspeed` command as a module
            return _run_by(_after_launcher(words, i + 2, stages, "deepspeed", module), python)
        return LaunchLine(stages, module, True, list(words[i + 2:]), python, python_opts=opts)
    if i < len(words):
        if words[i].startswith("<"):
            return None  # the program read from a redirect or heredoc: inline code
        if "torchrun" in words[i] and not words[i].endswith(".py"):  # not a torchrun.py file
            return _after_launcher(words, i + 1, stages, "torchrun")
        found = which_name(words[i])
        if found and _command_word(found):  # `python3 $(which dask-worker)`
            return LaunchLine(stages, found, False, list(words[i + 1:]), python="",
                              command=True)
        return LaunchLine(stages, words[i], False, list(words[i + 1:]), python,
                          python_opts=opts)
    return None


def _run_by(line: LaunchLine | None, python: str) -> LaunchLine | None:
    """``line`` whose launcher module was run by the interpreter word ``python``."""
    if line is not None:
        line.launcher_python = python
    return line


def _after_launcher(
    words: list[str], i: int, stages: list[Stage], name: str, original: str = ""
) -> LaunchLine | None:
    stage = Stage(name, via=original if original in _TORCH_RUN | {COLOSSAL_RUN} else "")
    stages.append(stage)
    if name == "accelerate" and i < len(words) and words[i] == "launch":
        i += 1
    if original not in _LAUNCHERS and original:  # a site's own launcher command
        stage.via = original
    if original == "jsrun":
        i = _jsrun_options(words, i, stage)
        jsrun_as_mpiexec(stage)
        stage.via = original  # read as mpiexec, named as written in notes
    else:
        i = _options(words, i, stage)
    if i < len(words) and words[i] in {"-m", "--module"} and i + 1 < len(words):
        return LaunchLine(stages, words[i + 1], True, list(words[i + 2:]))
    if name == "torchrun" and i < len(words) and _DIRECTORY.fullmatch(words[i]):
        # `torchrun ... .`: its Python runs the directory's __main__.py, as `python .` does
        return LaunchLine(stages, words[i], False, list(words[i + 1:]))
    return read_words(words, i, stages)


#: A program operand that names a directory (``.``, ``..``, ``pkg/``): Python runs its
#: ``__main__.py``.
_DIRECTORY = re.compile(r"\.\.?|[^-\s]\S*/")


#: Shells whose ``-c BODY`` runs a command line (zsh/ksh as bash: the body is POSIX words).
#: Shells that run a command string (``bash -c BODY``).
C_SHELLS = frozenset({"bash", "sh", "zsh", "ksh", "dash"})


def shell_c(words: list[str], i: int) -> tuple[str, list[str]] | None:
    """``sh -c BODY [NAME ARGS...]`` at ``words[i]``: BODY and ARGS (``$1``...), else None."""
    j = i + 1
    while j < len(words) and re.fullmatch(r"-[a-z]*", words[j]) and "c" not in words[j]:
        j += 1
    if j + 1 >= len(words) or not re.fullmatch(r"-[a-z]*c[a-z]*", words[j]):
        return None
    return words[j + 1], list(words[j + 3:])


def _splice_args(body: str, positional: list[str]) -> list[str] | None:
    """The words of BODY's last command that runs ``"$@"``, with ``"$@"`` replaced by
    ``positional``; None when BODY never passes its arguments on."""
    for cmd in reversed(split_commands(body)):
        words = list(cmd.words)
        at = [k for k, w in enumerate(words) if w in _ALL_ARGS]
        if at:
            k = at[-1]
            return words[:k] + positional + words[k + 1:]
    return None


def _read_shell_c(words: list[str], i: int, stages: list[Stage]) -> LaunchLine | None:
    """``bash -c BODY NAME ARGS``: the launch line BODY runs with ARGS, or BODY inline."""
    body, positional = shell_c(words, i) or ("", [])
    spliced = _splice_args(body, positional)
    if spliced is not None:
        return read_words(spliced, 0, stages)
    return LaunchLine(stages, "", False, [], inline=body)


#: Commands that run a command line on other hosts (``ssh $node "torchrun ..."``), with
#: their options that take a value.
REMOTE_SHELLS = {"ssh": frozenset({"-o", "-p", "-l", "-i", "-F", "-J", "-E", "-b", "-c", "-D",
                                    "-L", "-R", "-W", "-S", "-m", "-O", "-Q", "-B", "-e"}),
                  "pdsh": frozenset({"-w", "-x", "-R", "-l", "-f", "-t", "-u", "-g", "-X"})}


def _read_remote(words: list[str], i: int, stages: list[Stage]) -> LaunchLine | None:
    """``ssh [opts] HOST "CMD"`` / ``pdsh -w HOSTS "CMD"``: the launch CMD runs on the hosts
    (a per-node launch written by hand); CMD read as a ``bash -c`` body is."""
    name, valued = _base(words[i]), REMOTE_SHELLS[_base(words[i])]
    stage = Stage(name)
    j = i + 1
    while j < len(words) and words[j].startswith("-"):
        has_value = words[j] in valued and j + 1 < len(words)
        stage.options.append((words[j], words[j + 1] if has_value else None))
        j += 2 if has_value else 1
    if name == "ssh" and j < len(words):
        stage.operands.append(words[j])  # the host
        j += 1
    stages.append(stage)
    rest = words[j:]
    if len(rest) == 1 and " " in rest[0].strip():
        return LaunchLine(stages, "", False, [], inline=rest[0])
    return read_words(rest, 0, stages) if rest else None


def read_words(
    words: list[str], i: int = 0, stages: list[Stage] | None = None
) -> LaunchLine | None:
    """The launch line in ``words`` (starting at ``i``), or None when it runs no program."""
    stages = [] if stages is None else stages
    if words[i:i + 1] == ["("] and ")" in words[i + 1:]:  # `( time srun ... ) 2>&1 | tee`
        words = words[:len(words) - words[::-1].index(")") - 1]
        i += 1
    while i < len(words):
        word = words[i]
        base = _base(word)
        if is_python(base):
            return _python(words, i, stages)
        if launcher_of(base):
            at = len(stages)
            line = _after_launcher(words, i + 1, stages, launcher_of(base), base)
            if "/" in word and at < len(stages) and stages[at].name == launcher_of(base):
                stages[at].path = word  # `.venv/bin/torchrun`: the user's environment's
            return line
        if base == "colossalai" and words[i + 1:i + 2] == ["run"]:
            return _after_launcher(words, i + 2, stages, "torchrun", COLOSSAL_RUN)
        if base in C_SHELLS and shell_c(words, i) is not None:
            return _read_shell_c(words, i, stages)
        if base in REMOTE_SHELLS:
            return _read_remote(words, i, stages)
        if base in _WRAPPERS:
            i = _wrapper(words, i, stages)
            while (i + 1 < len(words) and not _starts_program(words[i])
                   and not _starts_runner(words, i)  # `exec uv run python ...`
                   and not (_runs_as_command(words[i], stages)
                            and not _option_name(words[i - 1]))):  # not `--module gpu`
                stages[-1].operands.append(words[i])  # a wrapper option's value
                i += 1
            continue
        if base.endswith(".py"):
            return LaunchLine(stages, word, False, list(words[i + 1:]))
        if base in ENV_RUNNERS and words[i + 1:i + 2] == ["run"]:
            j = runner_command(words, i)
            if j is None:
                return None  # a task of the runner's own (`pixi run train`): not shown here
            # the runner as written where it is a path (`~/.local/bin/uv`): kept so
            stages.append(Stage(f"{base} run", operands=words[i + 2:j],
                                via=word if word != base else ""))
            if words[j] == "-m" and j + 1 < len(words):  # `uv run -m pkg.train`
                return LaunchLine(stages, words[j + 1], True, list(words[j + 2:]), "")
            if _base(words[j]).endswith(".py"):  # `uv run train.py`: its Python runs the file
                return LaunchLine(stages, words[j], False, list(words[j + 1:]), "")
            i = j
            continue
        if (word in _ALL_ARGS and i + 1 < len(words) and stages
                and stages[-1].name in PER_RANK_LAUNCHERS):
            stages[-1].options.append((word, None))  # `srun "$@" sh -c ...`: its options
            i += 1
            continue
        if interpreter_variable_word(word) and _python_program_follows(words[i + 1:]):
            return _python(words, i, stages)  # `"$GROOT_PYTHON" train.py`: the interpreter,
            # before a launcher's options variable: `srun $PYTHON -m pkg` runs pkg with it
        if (_VAR_VALUE.fullmatch(word) and words[i + 1:i + 2][:1] and words[i + 1][:1] == "-"
                and stages and stages[-1].name in PER_RANK_LAUNCHERS):
            stages[-1].options.append((word, None))  # `mpirun -np 4 $HOSTS -x A python ...`
            i = _options(words, i + 1, stages[-1])  # its options go on after the variable
            continue
        if _VAR_WORD.fullmatch(word) and i + 1 < len(words):
            stages.append(Stage(word))  # an unknown wrapper variable: `${WRAPPER} python ...`
            i += 1
            continue
        if _ENV_WORD.match(word):
            stages.append(Stage("env", operands=[word]))  # `... exec IMAGE OMP_NUM_THREADS=4 cmd`
            i += 1
            continue
        if base.endswith(".sh") and (i + 1 < len(words) or any(
                s.name in PER_RANK_LAUNCHERS for s in stages)):  # `srun fsdp.sh`: the program
            return _shell_wrapper(words, i, stages)
        if _user_command_path(word) and i + 1 < len(words) and (
                is_python(_base(words[i + 1])) or launcher_of(_base(words[i + 1]))):
            # `srun "$HOME/bin/site-exec" python -m pkg`: the user's wrapper command in front
            # of the Python launch (as a wrapper script is)
            return _shell_wrapper(words, i, stages)
        looked_up = which_name(word)
        if looked_up and _command_word(looked_up) and any(
                s.name in _LAUNCHERS.values() for s in stages):
            # `torchrun ... $(which swift) rlhf`: a per-node launcher runs the file PATH finds
            # with Python, a package's console script, which is the command itself (as
            # `python3 $(which dask-worker)` is); a per-rank one runs it as itself
            return LaunchLine(stages, looked_up, False, list(words[i + 1:]), python="",
                              command=True)
        if ((_runs_as_command(word, stages) or _binary_on_ranks(word, stages))
                and (_installs_packages(base, words[i + 1:])
                     or not _starts_launcher(words[i + 1:]))):
            return LaunchLine(stages, word, False, list(words[i + 1:]), python="", command=True)
        return None
    return None


#: A command given by its path (``./bin/run``, ``/opt/x/bin/exec``, ``~/bin/exec``,
#: ``$APP_HOME/bin/exec``), its file name without an extension.
_COMMAND_PATH = re.compile(r"^(?:\.{1,2}/|/|~/|\$\{?\w+\}?/)(?:[^\s/]+/)*[A-Za-z][\w+-]*$")


def _user_command_path(word: str) -> bool:
    """``word`` is a command given by its path (not a program file: no ``.py``), which may
    wrap the command after it (``srun "$APP_HOME/bin/app-exec" python -m pkg``)."""
    return bool(_COMMAND_PATH.match(word)) and _base(word) not in _WRAPPERS


def _binary_on_ranks(word: str, stages: list[Stage]) -> bool:
    """``word`` is the path of a compiled program (``./main``, ``/opt/vasp/bin/vasp_std``)
    that a per-rank launcher (the innermost one) starts on the job's ranks."""
    launcher = next((s for s in reversed(stages) if s.name in _LAUNCHERS.values()), None)
    # the directory may read the environment (`$HOME/bin/app`, `/proj/$USER/bin/julia`, a
    # script's exported path): the program is the file the path names, whatever the directory
    return (launcher is not None and launcher.name in PER_RANK_LAUNCHERS and "/" in word
            and "$" not in _base(word) and not word.endswith("/")
            and _command_word(_base(word)))


#: Runners that write their command into a shell script they run with bash (conda's
#: ``wrap_subprocess_call`` writes ``shlex.join(arguments)`` after ``conda activate``; mamba
#: 1.x hands ``run`` to conda): a leading ``NAME=value`` word is the shell's environment
#: assignment for the command after it, as on a line of its own. ``uv run`` and the others
#: start their first word as the program itself (not checked for a shell: not read so).
SHELL_RUNNERS = frozenset({"conda", "mamba"})


def runner_command(words: list[str] | tuple[str, ...], i: int) -> int | None:
    """Where the command of ``words[i]``'s ``run`` starts (``uv run --locked --python 3.11
    python x.py``: at ``python``), past the runner's own options and a ``--``; None when what
    follows is not a program the script shows (a task or console script of the project)."""
    j = i + 2
    while j < len(words) and words[j].startswith("-") and words[j] != "-m":
        if words[j] == "--":
            j += 1
            break
        j += 2 if words[j] in _RUNNER_VALUED else 1
    if _base(words[i]) in SHELL_RUNNERS:
        k = j
        while k < len(words) and _ENV_WORD.match(words[k]):
            k += 1  # `conda run -n env CUDA_VISIBLE_DEVICES=0 python x.py`: the env prefix
        if k > j and runner_command([*words[:i + 2], *words[k:]], i) is not None:
            return j  # its shell reads the assignments (read as an `env` stage)
    if j >= len(words):
        return None
    base = _base(words[j])
    shown = (is_python(base) or bool(launcher_of(base)) or base.endswith(".py")
             or (words[j] == "-m" and j + 1 < len(words)))
    return j if shown else None


def _launcher_named(stem: str) -> str:
    """The per-node launcher a wrapper script is named after (``accelerate``,
    ``torchrun-multinode``, ``deepspeed_launch``: a site's launcher wrapper), or ``""``."""
    first = re.split(r"[-_.]", stem, maxsplit=1)[0]
    return first if first in PER_NODE_LAUNCHERS else ""


def _shell_wrapper(words: list[str], i: int, stages: list[Stage]) -> LaunchLine | None:
    """``srun run.sh [options] train.py args``: a user's wrapper script in front of the
    program; a wrapper named after a launcher (``accelerate.sh``) is read as that launcher."""
    named = _launcher_named(_base(words[i]).removesuffix(".sh"))
    if named:
        line = _after_launcher(words, i + 1, stages, named)
    else:
        outer = [s for s in stages if s.name in PER_RANK_LAUNCHERS]
        before = len(stages)
        stage = Stage(words[i])
        stages.append(stage)
        start = _options(words, i + 1, stage)
        line = read_words(words, start, stages)
        if line is not None and _handed_program_file(words, start, line):
            # ``bash dist_train.sh cfg.py 8``: the wrapper is handed the .py file as its own
            # argument ($1), no interpreter written: it starts (or reads) the file itself,
            # so no interpreter word may go between them. Under a launcher (``srun
            # ./nsys.sh train.py``) the file stays the program, handed to the wrapper; with
            # none the line is the wrapper's own command (kept verbatim as one process)
            line.handed = True
            line = line if outer or not _batch_shell(stages[:before]) else None
        valued = bool(stage.options) and stage.options[-1][1] is None and stage.options[-1][
            0].startswith("--") and line is not None and not line.command
        if valued:
            # ``bash finetune.sh --base-model-path X --config-path cfg.py --out Y``: the .py
            # is the value of the wrapper's own option (a config), not a program the wrapper
            # is handed: read as a wrapper handed no Python program
            line = None
        if outer and (line is None or "=" in line.entrypoint or line.command):
            # nothing after it is a Python program (``srun run.sh key=prog.py $cfg``,
            # ``srun slurm2ddp.sh anemoi-training train``): the wrapper is the program the
            # launcher starts, its words verbatim
            del stages[before:]
            line = LaunchLine(stages, words[i], False, list(words[i + 1:]), python="")
    if line is not None:
        line.wrapper_script = words[i]
    return line


def _batch_shell(stages: list[Stage]) -> bool:
    """A shell and nothing else stands in front of the wrapper (``bash ./run.sh``, ``sh
    run.sh``): the batch shell itself runs it, once (no launcher, no container around it; a
    container's body is read on its own, so a bare ``./run.sh`` there is not taken for one)."""
    return bool(stages) and all(s.name in {"bash", "sh"} for s in stages)


def _handed_program_file(words: list[str], start: int, line: LaunchLine) -> bool:
    """The word right after a user's wrapper script (and its options) is the Python file the
    line reads as its program (``bash ./tools/dist_prune.sh cfg.py 5 1``): no interpreter
    stands between them, so the wrapper, not an interpreter, is handed the file."""
    return (start < len(words) and not line.command and not line.module
            and words[start] == line.entrypoint and _base(words[start]).endswith(".py"))


#: Commands a launcher runs that are never the training program (probes, shell tools).
_SYSTEM_TOOLS = frozenset({
    "hostname", "nvidia-smi", "rocm-smi", "xpu-smi", "echo", "printf", "env", "printenv",
    "true", "false", "sleep", "cat", "date", "ls", "pwd", "nvcc", "which", "uname", "id",
    "mkdir", "rm", "cp", "mv", "tar", "touch", "ulimit", "free", "df", "lscpu", "numastat",
    "rsync", "ln", "chmod", "chown", "find", "du", "tee", "gzip", "gunzip", "unzip", "zip",
    "dd", "nproc", "ps", "kill", "stat", "wc", "grep", "sed", "awk", "head", "tail", "lfs",
    "sbcast", "scontrol", "lspci", "ibstat", "ibv_devinfo", "ip", "ifconfig", "module",
})
_COMMAND_NAME = re.compile(r"^[A-Za-z][\w.+-]*$")


def _command_word(word: str) -> bool:
    """``word`` names an installed command (``fairseq-train``, ``tune``), not a Python
    program, a launcher, a wrapper or a shell tool."""
    return bool(_COMMAND_NAME.match(word)) and word not in _SYSTEM_TOOLS and not (
        _is_program(word) or word.endswith((".py", ".sh")))


def _runs_as_command(word: str, stages: list[Stage]) -> bool:
    """The innermost launcher of ``stages`` starts ``word``, an installed command, as itself:
    a per-rank launcher (srun, mpiexec, ibrun) runs any command; a per-node one only when
    told not to prepend ``python`` (``torchrun --no-python``)."""
    launcher = next((s for s in reversed(stages) if s.name in _LAUNCHERS.values()), None)
    return launcher is not None and _command_word(word) and (
        launcher.name in PER_RANK_LAUNCHERS or launcher.no_python)


def _option_name(word: str) -> bool:
    """``word`` is an option that takes the next word as its value (``--module``)."""
    return word.startswith("-") and "=" not in word


#: A package installer's install command: its operands are package names (``accelerate``,
#: ``deepspeed``), never a program it starts.
_INSTALLERS = re.compile(r"^(?:pip[\d.]*|conda|mamba|micromamba)$")


def _installs_packages(base: str, rest: list[str]) -> bool:
    """``pip3 install numpy accelerate``: ``base`` is a package installer and ``rest`` its
    ``install`` command, whose words name packages, not a launcher the line runs."""
    return bool(_INSTALLERS.match(base)) and rest[:1] == ["install"]


def _starts_launcher(words: list[str]) -> bool:
    """A launcher or interpreter among ``words`` (``my_wrapper exec deepspeed $*``): the
    command before them wraps another launch, it is not the program."""
    return any(launcher_of(_base(w)) or is_python(_base(w)) for w in words)


def glued_launcher(
    assignments: tuple[tuple[str, str], ...] | list[tuple[str, str]],
    words: tuple[str, ...] | list[str],
) -> tuple[str, str, str] | None:
    """``(assignment, launcher, first word)`` when a command's last assignment ends in a
    launcher's name and its first word is an option (``HOSTS=${HOSTS%?}horovodrun -np 4 ...``:
    a line break lost, bash runs ``-np`` as the command); None otherwise."""
    if not assignments or not words or not words[0].startswith("-"):
        return None
    name, value = assignments[-1]
    launcher = next((w for w in (*_LAUNCHERS, "python", "python3") if value.endswith(w)
                     and value[:-len(w)][-1:] in ("}", ")", "'", '"', "")), "")
    return (f"{name}={value}", launcher, words[0]) if launcher else None


def leading_launcher(words: list[str]) -> str | None:
    """The launcher (srun, mpiexec, ...) ``words`` start with, past ``NAME=value`` words;
    None when they start with none."""
    i = 0
    while i < len(words) and _ENV_WORD.match(words[i]):
        i += 1
    if i < len(words) and _base(words[i]) in _LAUNCHERS:
        return _base(words[i])
    return None


def installed_command(words: list[str]) -> tuple[str, str] | None:
    """``(launcher, command)`` when ``words`` start an installed command (a package's console
    script) under a per-node launcher that would run it through ``python`` (``torchrun
    fairseq-train ...`` without ``--no-python``): a launch no launcher can start as written."""
    i = 0
    while i < len(words) and _ENV_WORD.match(words[i]):
        i += 1
    if i >= len(words) or _base(words[i]) not in _LAUNCHERS:
        return None
    launcher = _base(words[i])
    if _LAUNCHERS[launcher] in PER_RANK_LAUNCHERS:
        return None  # srun, mpiexec, ibrun run any command as itself (no python in front)
    stage = Stage(_LAUNCHERS[launcher])
    i = _options(words, i + 1, stage)
    if launcher == "accelerate" and words[i:i + 1] == ["launch"]:
        i = _options(words, i + 1, stage)
    if i >= len(words) or not _command_word(words[i]):
        return None
    return launcher, words[i]


def _int(value: str | None, default: int) -> int | None:
    if value is None:
        return default
    return int(value) if value.isdigit() else None


_JSRUN_STUCK = re.compile(r"^(-[A-Za-z])(\S+)$")


def _jsrun_options(words: list[str], i: int, stage: Stage) -> int:
    """jsrun's options: every one takes a value (``-c 42``, ``-n1``, ``--bind=packed:7``)."""
    while i < len(words) and words[i].startswith("-") and words[i] != "-":
        name, eq, value = words[i].partition("=")
        stuck = _JSRUN_STUCK.match(words[i])
        if stuck:  # a one-letter option with its value attached: ``-n1`` is ``-n 1``
            stage.options.append((stuck.group(1), stuck.group(2)))
            i += 1
        elif eq:
            stage.options.append((name, value))
            i += 1
        elif i + 1 < len(words):
            stage.options.append((name, words[i + 1]))
            i += 2
        else:
            break
    return i


def jsrun_as_mpiexec(stage: Stage) -> None:
    """jsrun's resource sets (``-n`` sets, ``-r`` per host, ``-a`` tasks each) as the ranks
    (``-n``) and ranks per node (``--ppn``) an mpiexec stage gives."""
    sets = _int(stage.get("-n", "--nrs"), 0)
    per_host = _int(stage.get("-r", "--rs_per_host"), 0)
    tasks = _int(stage.get("-a", "--tasks_per_rs"), 1)
    gpus = _int(stage.get("-g", "--gpu_per_rs"), 0)
    if tasks is None:
        return
    options = [(k, v) for k, v in stage.options
               if k not in {"-n", "--nrs", "-r", "--rs_per_host", "-a", "--tasks_per_rs"}]
    if sets:
        options.append(("-n", str(sets * tasks)))
    if per_host:
        options.append(("--ppn", str(per_host * tasks)))
    if gpus and tasks and gpus % tasks == 0 and gpus > tasks:
        # each task of a resource set drives its share of the set's GPUs (-a1 -g6: one
        # process with 6 GPUs), as Slurm's --gpus-per-task says it
        options.append(("--gpus-per-task", str(gpus // tasks)))
    stage.options = options


#: Launcher options that set a variable for the ranks: ``--env K=V`` (PALS), ``-env K V`` /
#: ``-genv K V`` (MPICH hydra), ``-x K=V`` (Open MPI), ``-E K=V`` (jsrun), ``--export=ALL,K=V``
#: (srun).
_ENV_OPTIONS = frozenset({"--env", "-env", "--genv", "-genv", "-x", "-E"})


def launcher_env(stages: list[Stage]) -> dict[str, str]:
    """The variables the site launcher sets for the ranks (``mpiexec --env K=V``, ``jsrun -E
    K=V``, ``srun --export=ALL,K=V``): the same variables exported before a launch."""
    found: dict[str, str] = {}
    for stage in stages:
        if stage.name not in PER_RANK_LAUNCHERS | {"jsrun"}:
            continue
        for name, value in stage.options:
            if value is None:
                continue
            if name in _ENV_OPTIONS:
                text = value if "=" in value.split(" ", 1)[0] else value.replace(" ", "=", 1)
                key, sep, val = text.partition("=")
                if sep and re.fullmatch(r"[A-Za-z_]\w*", key):
                    found[key] = val
            elif name == "--export" and stage.name == "srun":
                for part in value.split(","):
                    key, sep, val = part.partition("=")
                    if sep and re.fullmatch(r"[A-Za-z_]\w*", key):
                        found[key] = val
    return found


def passes_local_rank(stages: list[Stage]) -> bool:
    """The source's launcher gives the program its local rank as an argument
    (``python -m torch.distributed.launch`` without ``--use_env``: ``--local_rank=N``, or
    ``--local-rank=N`` from torch 2.0 on), which the program's own parser then expects."""
    return any(s.name == "torchrun" and s.via == "torch.distributed.launch"
               and not s.has("--use_env", "--use-env") for s in stages)
