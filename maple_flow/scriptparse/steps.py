"""The user's own set-up steps: what a script runs before its launch line, kept or not.

Kept by default, verbatim and in order (``JobSpec.setup_steps``): ``cd`` to a relative
directory, ``git clone``, ``pip install``, other programs, a venv or conda of the user's own,
helper scripts of the user's. Dropped only when provably the source site's: module commands,
activations and paths on the source's filesystems, scheduler commands and values computed from
the scheduler, containers of the source. Each drop says why.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace

from maple_flow.models.shell_lines import (
    heredoc_block_end,
    heredoc_end,
    heredoc_opening,
    setup_lines_problem,
)
from maple_flow.scriptparse.env_file import exported_output
from maple_flow.scriptparse.inline_launch import command_launch, inline_code_launch
from maple_flow.scriptparse.launch import (
    CONTAINER_RUNTIMES,
    LAUNCH_CMDS,
    PER_NODE_LAUNCHERS,
    Stage,
    launcher_pattern,
    read_words,
    wrapper_end,
)
from maple_flow.scriptparse.loop import STOP_TAIL
from maple_flow.scriptparse.script import ParsedScript, is_declare_export
from maple_flow.scriptparse.shell import (
    BACKGROUND_END,
    COMPOUND_OPENER,
    Block,
    ShellCommand,
    bare_line,
    split_commands,
)

#: Each scheduler's own commands (queries and submission), by the profile's ``scheduler``.
SCHEDULER_QUERIES: dict[str, frozenset[str]] = {
    "slurm": frozenset({"scontrol", "squeue", "sinfo", "sacct", "sbatch", "salloc", "sstat"}),
    "pbs": frozenset({"qstat", "qsub", "qdel", "pbsnodes"}),
}
_SCHEDULER_CMDS = frozenset().union(*SCHEDULER_QUERIES.values()) | LAUNCH_CMDS
#: Commands that run the command after their own options (``timeout 11h srun ...``).
PREFIX_COMMANDS = frozenset({"timeout", "nice", "numactl", "stdbuf", "env", "nohup", "exec",
                             "command", "xargs", "parallel", "time", "taskset", "builtin"})
#: An option value or a duration between a prefix and its command (``11h``, ``0-3``, ``19``).
_PREFIX_VALUE = re.compile(r"^[\d.,:+-]+[smhd]?$|^\w+=")
_SKIP = frozenset({"exit", "wait", "true", ":"})
#: ``: > $FILE``, ``true >> log``: a no-op command whose output redirection creates (or
#: empties) a file: the job's own step (a rendezvous file its program reads, a log).
_MAKES_FILE = re.compile(r"^\s*(?::|true)\s*>>?\s*\S+\s*$")


def past_prefixes(words: tuple[str, ...]) -> int:
    """The index of the command ``words`` run past prefix commands and their options
    (``timeout 11h``, ``nice -n 5``, ``env X=1``, ``stdbuf -oL``); 0 when none."""
    i = 0
    while i < len(words) and words[i].rsplit("/", 1)[-1] in PREFIX_COMMANDS:
        i += 1
        while i < len(words) and (words[i].startswith("-") or _PREFIX_VALUE.match(words[i])):
            i += 1
    return i


def _prefixed_launch(cmd: ShellCommand, text: str) -> Step | None:
    """``timeout 11h srun python x.py``: a launch of its own behind a prefix command; the
    port gives its launch (``inner``) the target's launcher and keeps the prefix."""
    words = cmd.words
    k = past_prefixes(words)
    if not k or k >= len(words) or words[k] not in LAUNCH_CMDS or not _launches_program(
            words[k:]):
        return None
    at = re.search(rf"(?<![\w./-]){re.escape(words[k])}(?=\s)", text)
    if at is None:
        return None
    return Step(cmd.line, text, True, f"a launch of its own through the source's {words[k]}, "
                f"behind `{' '.join(words[:k])}`", launch=True, inner=text[at.start():])
_SUBMIT_DIRS = re.compile(r"^\$\{?(?:SLURM_SUBMIT_DIR|PBS_O_WORKDIR|LS_SUBCWD)\}?/?$")
_SCHED_VALUE = re.compile(
    r"\$\{?(?:SLURM_|PBS_|PALS_|PMI_|OMPI_)|scontrol|NODEFILE|qstat|squeue|hostname"
)
#: ``hostname`` (``/bin/hostname -s``, ``$(hostname -f)``): the name of the node the job
#: script runs on, the job's first node under every target's scheduler (Slurm and PBS run the
#: batch shell there), so a value built from it alone is the user's and means the same there.
_HOSTNAME = re.compile(r"(?:/usr)?(?:/bin/)?\bhostname\b(?:\s+-{1,2}[A-Za-z]+)*")
#: Variables the target's own launch sets (its rendezvous and size): a value the source
#: computed for one of them is the source's, not the user's, even from ``hostname``.
_LAUNCH_SET = frozenset({"MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "RANK", "LOCAL_RANK",
                         "NODE_RANK", "NNODES", "NRANKS", "GPUS_PER_NODE", "LOCAL_WORLD_SIZE"})


def _node_name(name: str, value: str) -> bool:
    """Whether ``value`` (assigned to ``name``) reads nothing of the source scheduler but the
    node's name (``MASTER=`/bin/hostname -s```): it works on any node of any target, and the
    port keeps it as the user's line (a rendezvous variable the target's launch sets aside)."""
    rest = _HOSTNAME.sub("", _JOB_IDENTITY.sub("", value))
    return (name not in _LAUNCH_SET and rest != value and not _SCHED_VALUE.search(rest)
            and not _ELSEWHERE.search(rest))


#: A command that runs its words on other nodes or as job steps (``$(srun -N1 hostname -I)``,
#: ``ssh node hostname``): its ``hostname`` is not the batch node's, and the launcher is the
#: source's.
#: mpirun/mpiexec and their other names (scriptparse.launch's one table: orterun).
_MPI = launcher_pattern("mpirun", "mpiexec")
_ELSEWHERE = re.compile(rf"(?<![\w-])(?:srun|{_MPI}|aprun|jsrun|ibrun|pbsdsh|ssh|pdsh|"
                        r"clush|blaunch|flux)(?![\w-])")


#: The job's identity (its id, name, submit directory): every scheduler sets it, under its
#: own name, so a value built from it (``OUT=runs/${SLURM_JOB_ID}``) is the user's, renamed.
#: So is an array job's index: a port keeps the array only on the same scheduler (port.array),
#: where the index has the same name (``CFG=${LIST[$SLURM_ARRAY_TASK_ID]}``).
JOB_IDENTITY_NAMES = ("SLURM_JOB_ID|SLURM_JOBID|SLURM_JOB_NAME|SLURM_SUBMIT_DIR|PBS_JOBID"
                      "|PBS_JOBNAME|PBS_O_WORKDIR|SLURM_ARRAY_TASK_ID|SLURM_ARRAY_JOB_ID"
                      "|PBS_ARRAY_INDEX")
_JOB_IDENTITY = re.compile(rf"\$\{{?(?:{JOB_IDENTITY_NAMES})\b\}}?")
_CONDA_MODULE = re.compile(r"conda|python|pytorch|frameworks", re.I)


def without_job_identity(text: str) -> str:
    """``text`` with its references to the job's identity (id, name, submit directory)
    removed: what is left of the scheduler in it is the source's own."""
    return _JOB_IDENTITY.sub("", text)
_SITE_VARS = re.compile(r"^\$\{?(?:SCRATCH|PSCRATCH|WORK|CFS|PROJECT)")
_HEREDOC_CAT = re.compile(
    r"^cat\s+(?:<<-?\s*(['\"]?)(\w+)\1\s*>\s*(\S+)|>\s*(\S+)\s+<<-?\s*(['\"]?)(\w+)\5)\s*$"
)


@dataclass(frozen=True)
class Step:
    """One line of the source's set-up: ``keep`` True/False, or None for a variable
    assignment that is kept only when something kept uses it."""

    line: int
    text: str
    keep: bool | None
    why: str = ""
    name: str = ""  # the variable an assignment or export sets
    export: bool = False  # an ``export NAME=value`` line (the value goes to the spec's env)
    original: str = ""  # the source's line when ``text`` rewrote it for the target (``why``)
    #: A launch of its own (``srun python prep.py``): the port gives it the target's launcher.
    launch: bool = False
    #: The launch inside ``text`` when ``text`` captures its output (``R=$(srun python x.py)``).
    inner: str = ""
    #: Why the launch is not copied when the port cannot write it for the target (a command
    #: on the ranks, ``srun hostname``: named in a note then, as before such launches were
    #: ported); "" when a launch the port cannot write refuses the port.
    drop_note: str = ""


#: A script that switches on an environment: a venv's or conda's ``bin/activate``, conda's
#: or mamba's ``etc/profile.d/conda.sh`` / ``mamba.sh``.
_ENV_SCRIPT = re.compile(r"(?:^|/)(?:activate|profile\.d/(?:conda|mamba)\.sh)$")


def is_site_path(word: str) -> bool:
    """An absolute path outside the user's home: it lies on the source's filesystems."""
    return word.startswith("/") or bool(_SITE_VARS.match(word))


#: Where a site installs its own software stack (its modules' trees, its conda installs):
#: ``/apps``, ``/opt``, ``/sw``, ``/soft`` (ALCF), ``/usr``, ``/share/apps``, ``/cm/shared``
#: (Bright), ``/appl`` (CSC), ``/cvmfs``, NERSC's ``/global/common/software/nersc``. An env or
#: conda install there is the source site's, replaced by the target's stack; anywhere else
#: (home, work, scratch, project areas, ``/global/common/software/<project>``) the user built
#: it, so it is the user's own environment.
_SITE_SOFTWARE = re.compile(
    r"^/(?:apps?|opt|sw|soft|software|usr|pkgs?|packages|appl|cvmfs|sched|util|"
    r"share/apps|cm/shared|shared/(?:apps|software)|global/common/software/nersc)(?:/|$)")


def site_software_path(word: str) -> bool:
    """``word`` lies in the source site's own software tree (see ``_SITE_SOFTWARE``)."""
    return bool(_SITE_SOFTWARE.match(word))


#: The words that mark a kept step as the user's own environment (port notes read them).
OWN_ENV = "is your own environment"


def _own_env_kept(what: str, where: str) -> str:
    """Why the user's own environment at ``where`` (a path of the source's filesystem) is kept:
    the program needs what the user installed in it, so dropping it would run the program on
    the target's stack without those packages."""
    return (f"{what} {where} {OWN_ENV} (on the source's filesystem): kept, since the program "
            "needs what you installed in it; make it exist at that path on the target (copy it, "
            "or re-create it there: it was built against the source's Python, CUDA and CPU "
            "architecture) or change the path")


def _env_root(path: str) -> tuple[str, str]:
    """What an environment script switches on, and its root: ``/x/.venv/bin/activate`` ->
    ("your venv", "/x/.venv"); ``/u/me/miniconda3/etc/profile.d/conda.sh`` -> ("your conda
    install", "/u/me/miniconda3")."""
    if "/etc/profile.d/" in path:
        return "your conda install", path.split("/etc/profile.d/", 1)[0]
    if path.endswith("/bin/activate"):
        root = path[: -len("/bin/activate")]
        conda = re.search(r"(?i)(?:mini|ana)conda|miniforge|mambaforge", root.rsplit("/", 1)[-1])
        return ("your conda install" if conda else "your venv"), root
    return "your environment script", path


#: The ``|| source PATH`` / ``|| . PATH`` alternative of a line (``source A 2>/dev/null ||
#: source "${WORK}/repo/cfg.sh"``).
_OR_SOURCE = re.compile(r"\|\|\s*(?:source|\.)\s+(\"[^\"]+\"|'[^']+'|\S+)")


def own_source_fallback(text: str) -> str:
    """The fallback a ``source A || source B`` line gives when A is missing, where B is a
    file of the user's (not in a site's software tree: ``${WORK}/repo/cfg.sh``, a relative
    path, one under home): ``source B`` as written, or ``""``. Dropping such a line loses the
    variables the file sets (``set -u`` then stops the job at their first read); kept, the
    target runs B when A is not there."""
    for match in _OR_SOURCE.finditer(text):
        path = match.group(1).strip("\"'")
        if path and not site_software_path(path):
            return f"source {match.group(1)}"
    return ""


def _fallback_kept(line: int, text: str, path: str, fallback: str) -> Step:
    """The step of a ``source A || source B`` line whose fallback B is the user's own file:
    kept as written (see :func:`own_source_fallback`)."""
    return Step(line, text, True, (
        f"{path} is on the source's filesystem, and the line's `||` fallback `{fallback}` "
        "sources a file of yours (not a site's software): kept as written, since what it sets "
        "may be read later; make one of the two files exist on the target (same path) or "
        "change the line"))


def _activation(words: tuple[str, ...], conda_module: bool) -> tuple[bool, str] | None:
    head = words[0]
    if head in {"conda", "mamba", "micromamba"} and words[1:2] == ("activate",):
        target = words[2] if len(words) > 2 else "base"
        if site_software_path(target):
            return False, (f"the env {target} is the source site's own (in its software tree, "
                           "on the source's filesystem): the target's software stack replaces it")
        if is_site_path(target):
            return True, _own_env_kept("your conda env", target) + (
                " (conda from the target's module or your own install)")
        if conda_module and target == "base":
            return False, "conda's base env comes from the source site's module"
        return True, (f"your conda env {target}: create it on the target if it is not there "
                      "(conda from the target's module or your own install)")
    if head in {"source", "."} and words[1:2] == ("activate",) and len(words) > 2:
        # conda's old `source activate ENV`: the same as `conda activate ENV`
        return _activation(("conda", "activate", *words[2:]), conda_module)
    if head in {"source", "."} and len(words) > 1:
        path = words[1]
        if is_site_path(path) and not site_software_path(path) and _ENV_SCRIPT.search(path):
            # a venv's bin/activate, or a conda install's activate / profile.d/conda.sh
            return True, _own_env_kept(*_env_root(path))
        if is_site_path(path):
            return False, f"{path} is on the source's filesystem"
        if path == "activate" or path.endswith("/activate"):
            return True, "your virtual env: create it on the target (same path) before running"
        return True, f"your helper {path}: copy it next to the script on the target"
    if head == "eval" and "conda" in " ".join(words):
        if conda_module:
            return False, "conda comes from the source site's module"
        return True, "your conda set-up: make sure conda exists on the target"
    return None


#: Why a heredoc is not a plain set-up step: its body reads the source scheduler's values,
#: expanded by the batch shell that writes it (the port keeps it where the target's scheduler
#: is the same).
HEREDOC_SCHEDULER = ("the heredoc expands the source scheduler's values when the batch shell "
                     "writes it")


def heredoc_file(text: str) -> str:
    """The file a ``cat > FILE <<EOF`` block writes, or ``""``."""
    match = _HEREDOC_CAT.match(text.split("\n", 1)[0].strip())
    return (match.group(3) or match.group(4)) if match else ""


def _heredoc_step(text: str) -> tuple[str | None, str]:
    """``cat > FILE <<EOF ... EOF`` as one ``printf`` line (a set-up step is one line)."""
    head, _, rest = text.partition("\n")
    match = _HEREDOC_CAT.match(head.strip())
    body = rest.split("\n")[:-1]
    if not match:
        return None, "a heredoc cannot be a one-line set-up step: put its body in a file"
    quoted = bool(match.group(1) or match.group(5))
    target = match.group(3) or match.group(4)
    if quoted or not any(re.search(r"[$`\\]", b) for b in body):
        lines = " ".join(shlex.quote(b) for b in body) or "''"
    elif any(re.search(r"[`\\]", b) for b in body):
        return None, "the heredoc expands shell values: put its body in a file on the target"
    elif any(_SCHED_VALUE.search(_JOB_IDENTITY.sub("", b)) for b in body):
        return None, HEREDOC_SCHEDULER
    else:
        lines = " ".join('"' + b.replace('"', '\\"') + '"' for b in body)
        return (f"printf '%s\\n' {lines} > {target}",
                f"the heredoc writing {target} from your own variables, as printf")
    return f"printf '%s\\n' {lines} > {target}", f"the heredoc writing {target}, as printf"


#: A line that starts a launch (the port writes the target's own): its heredoc is no set-up.
_LAUNCH_HEAD = re.compile(rf"\s*(?:\w+=\S*\s+)*(?:srun|{_MPI}|aprun|ibrun|jsrun|torchrun|"
                          r"deepspeed|accelerate|horovodrun)\b")


def _whole_heredoc(text: str) -> str:
    """Why the block ``text`` (a command that feeds a heredoc: ``python - <<'PY'`` ...
    ``PY``, ``mapfile -t X < <(python - <<'PY'`` ... ``PY`` ``)``) is kept verbatim, or ""
    when it cannot be: it must be written whole (its closing word on a line of its own), start
    no launch, and its body, when the shell expands it, must not read the source scheduler's
    values (those are not the target's)."""
    lines = text.split("\n")
    end = heredoc_end(lines, 0)
    opening = heredoc_opening(lines[0])
    if end < 0 or heredoc_block_end(lines, 0) < 0 or opening is None or \
            setup_lines_problem(lines) or _LAUNCH_HEAD.match(lines[0]):
        return ""
    body = lines[1:end]
    if not opening[2] and any(_SCHED_VALUE.search(_JOB_IDENTITY.sub("", b)) for b in body):
        return ""
    return (f"a heredoc (<<{opening[0]}) fed to your command: kept verbatim, its body is yours "
            "and runs the same on the target")


#: A shell default or check on a ``:`` line (``: "${LR:=0.1}"``, ``: "${DATA:?set DATA}"``).
_DEFAULTED = re.compile(r"\$\{(\w+)(:?[=?])[^}]*\}")


def _defaults_step(line: int, text: str, words: tuple[str, ...]) -> Step:
    """A ``:`` line that gives variables defaults (``: "${LR:=0.1}"``): an assignment of its
    one variable, kept when something kept reads it; one that checks a variable is set (or
    sets several) is the user's and kept."""
    found = [_DEFAULTED.fullmatch(w) for w in words]
    names = [m.group(1) for m in found if m and m.group(2).endswith("=")]
    if len(names) == 1 and len(words) == 1:
        return Step(line, text, None, name=names[0])
    return Step(line, text, True, "sets the job's defaults or checks that they are given")


def _command_step(cmd: ShellCommand, text: str, conda_module: bool) -> Step | None:
    words = cmd.words
    if not words and not cmd.assignments and re.match(r"\s*(?:\d*>>?|&>|<)", text):
        # a redirect alone (``> "$OUT_FILE"``): it creates or empties that file: the user's
        return Step(cmd.line, text, True, "a redirect alone: it creates or empties its file")
    if not words:
        name, value = cmd.assignments[-1] if cmd.assignments else ("", "")
        captured = _captured_launch(value)
        if captured and len(cmd.assignments) == 1:
            return Step(cmd.line, text, True, "a launch of its own, its output captured", name,
                        launch=True, inner=captured)
        if _SCHED_VALUE.search(_JOB_IDENTITY.sub("", value)) and not _node_name(name, value):
            return Step(cmd.line, text, False, f"{name} is computed from the source scheduler",
                        name)
        image = _container_prefix(value)
        if image:
            return Step(cmd.line, f'{name}=""', None, (
                f"runs what follows it in the source's container image {image}: set empty on "
                "the target, so the lines that use it run without the container, on the "
                "target's software stack"), name, original=text)
        return Step(cmd.line, text, None, name=name)
    head = words[0]
    if head == "export" or is_declare_export(words):
        loaded = exported_output(words)
        if loaded:
            return Step(cmd.line, text, True, (
                f"it sets the job's variables from what `{loaded}` prints (an environment file "
                "of yours): the port cannot know which, so it keeps the line as written"))
        names = [w.partition("=")[0] for w in words[1:] if "=" in w]
        return Step(cmd.line, text, None, name=names[0], export=True) if len(names) == 1 else None
    if head == ":" and len(words) > 1 and all(_DEFAULTED.fullmatch(w) for w in words[1:]):
        return _defaults_step(cmd.line, text, words[1:])
    if head in {":", "true"} and _MAKES_FILE.search(text):
        return Step(cmd.line, text, True, "creates or empties a file the job uses")
    if head in _SKIP:
        return None
    if head in {"module", "ml"}:
        return Step(cmd.line, text, False, "modules belong to the source site")
    if head in {"source", "."} and len(words) > 1 and _OTHER_SHELL_RC.search(words[1]):
        return Step(cmd.line, text, False, "it is the startup file of another shell than bash "
                    "(its setopt, autoload, compinit, setenv ... fail under bash, and with "
                    "`set -e` end the job); the ported script runs under bash: put what the "
                    "job needs from it (PATH, an environment's activation) in the script")
    activation = _activation(words, conda_module)
    if activation is not None and not activation[0] and head in {"source", "."}:
        fallback = own_source_fallback(text)
        if fallback:
            return _fallback_kept(cmd.line, text, words[1], fallback)
    if activation is not None:
        return Step(cmd.line, text, *activation)
    if head == "cd" and len(words) > 1:
        return _cd(cmd.line, text, words[1])
    runtime_op = _runtime_operation(words)
    if runtime_op is not None:
        return runtime_op_step(cmd.line, words, *runtime_op)
    if head in LAUNCH_CMDS and _launches_program(words):
        return Step(cmd.line, text, True, f"a launch of its own through the source's {head}",
                    launch=True)
    if head in LAUNCH_CMDS and _alone(cmd, text) and inline_code_launch(text):
        return Step(cmd.line, text, True, f"a launch of its own through the source's {head}, "
                    "its program inline Python code (-c)", launch=True)
    if head in LAUNCH_CMDS and "--pty" not in words and _alone(cmd, text) and (
            ran := command_launch(text)):
        return Step(cmd.line, text, True, f"a launch of its own through the source's {head}, "
                    f"its program the command `{ran[1]}`", launch=True, drop_note=(
                        f"`{head}` is the source scheduler's command" if head == "srun" else
                        f"it runs on the job's tasks through the source's launcher ({head}): "
                        "run it with the target's launcher by hand (files it writes are not "
                        "written on the target)"))
    prefixed = _prefixed_launch(cmd, text)
    if prefixed is not None:
        return prefixed
    launcher = _per_node_launcher(words)
    if launcher:
        return Step(cmd.line, text, True, f"a launch of its own through {launcher}", launch=True)
    if head in _SCHEDULER_CMDS:
        if _shell_body_launches(words) and head in {"srun", "mpiexec", "mpirun"}:
            return Step(cmd.line, text, True, f"a launch of its own through the source's "
                        f"{head}, in a shell body", launch=True)
        if any(w in words for w in ("-c",)) and head in {"srun", "mpiexec", "mpirun"}:
            return Step(cmd.line, text, False, f"it runs on the nodes through the source's "
                        f"{head}: run `{words[-1].strip()}` on each node of the target by hand")
        if "--pty" in words:
            return Step(cmd.line, text, False, "an interactive shell step (`--pty`), left from "
                        "interactive use: a batch job has no terminal, so it does nothing there; "
                        f"`{head}` is the source scheduler's command")
        if head in LAUNCH_CMDS and head != "srun":  # an MPI launcher, not the scheduler
            return Step(cmd.line, text, False, f"it runs on the job's tasks through the "
                        f"source's launcher ({head}): run it with the target's launcher by "
                        "hand (files it writes are not written on the target)")
        return Step(cmd.line, text, False, f"`{head}` is the source scheduler's command")
    if head in CONTAINER_RUNTIMES:
        inner = container_inner(list(words))
        if inner and inner[0] in _SHELL_STATE_BUILTINS:
            return Step(cmd.line, text, False,
                        f"it runs the shell builtin `{inner[0]}` as the program of the source's "
                        f"container ({head}): what it sets ends with that one command (and "
                        "an image has no `" + inner[0] + "` program to run), so it changes nothing "
                        "for the job's later lines, in the container or on the host; not moved to "
                        "the target's host")
        if inner and runs_python_program(inner) and _alone(cmd, text):
            return Step(cmd.line, text, True, f"a launch of its own in the source's container "
                        f"({head})", launch=True)
        if inner:
            return Step(cmd.line, _raw_tail(text, len(inner)) or shlex.join(inner), True,
                        f"ran in the source's container ({head}); kept without it")
        return Step(cmd.line, text, False, "it runs in the source's container image")
    return Step(cmd.line, text, True)


#: The startup files of shells other than bash (zsh, csh/tcsh, ksh, fish).
_OTHER_SHELL_RC = re.compile(r"(?:^|/)\.(?:zshrc|zshenv|zprofile|zlogin|cshrc|tcshrc|login|kshrc)$"
                             r"|(?:^|/)config\.fish$")


#: Shell builtins that change only the running shell's own state: run as a container's program
#: (``singularity exec IMG export X=1``) they leave nothing behind for the lines after it.
_SHELL_STATE_BUILTINS = frozenset({
    "export", "cd", "source", ".", "set", "unset", "alias", "ulimit", "umask", "declare",
    "typeset", "pushd", "popd", "shopt", "readonly", "local"})


def _alone(cmd: ShellCommand, text: str) -> bool:
    """``text`` is the whole of its line: no other command shares it (``srun x || echo
    failed``, ``cd d && srun x``), so the line can be ported as one launch."""
    def flat(value: str) -> str:
        return " ".join(value.replace("\\\n", " ").split())
    return flat(text) == flat(cmd.text)


def runs_python_program(inner: list[str]) -> bool:
    """``inner`` (what a container runs) starts a Python program file or module
    (``python train.py``, ``python3 -u -m pkg.main``), not inline code."""
    if not inner or not _PYTHON_WORD.match(inner[0].rsplit("/", 1)[-1]):
        return False
    for word in inner[1:]:
        if word in ("-c", "-"):
            return False
        if word == "-m" or not word.startswith("-"):
            return True
    return False


def _raw_tail(text: str, count: int) -> str:
    """The last ``count`` words of ``text`` as written (quotes and ``$`` kept), or ``""`` when
    its words cannot be told apart so (a quoted word joined to another, a pipe). A trailing
    ``&`` (the command runs in the background) is no word of it: kept after the tail."""
    background = BACKGROUND_END.search(text)
    if background:
        tail = _raw_tail(text[:background.start()], count)
        return tail + " &" if tail else ""
    try:
        lexer = shlex.shlex(text, posix=False)
        lexer.whitespace_split = True
        lexer.commenters = ""
        raw = list(lexer)
    except ValueError:
        return ""
    try:
        words = shlex.split(text)
    except ValueError:
        return ""
    if len(raw) != len(words) or count > len(raw):
        return ""
    return " ".join(raw[len(raw) - count:])


#: What a container runtime does itself, with no program of an image run (``apptainer build
#: x.sif x.def``, ``singularity pull docker://...``).
_RUNTIME_OPS = frozenset({"build", "pull"})


def _runtime_operation(words: tuple[str, ...]) -> tuple[int, str] | None:
    """Where in ``words`` a container runtime's own operation starts, and the operation
    (``srun apptainer build ...`` -> (1, "build")), or None."""
    for i, word in enumerate(words[:-1]):
        if word in CONTAINER_RUNTIMES:
            return (i, words[i + 1]) if words[i + 1] in _RUNTIME_OPS else None
    return None


def runtime_op_step(line: int, words: tuple[str, ...], at: int, op: str) -> Step:
    """A container runtime's ``build``/``pull``: kept as the user wrote it, without the
    source's launcher in front (it runs once, where the job script runs)."""
    launcher = f", without the source's `{words[0]}` in front" if at else ""
    return Step(line, shlex.join(words[at:]), True,
                f"the container runtime's own `{words[at]} {op}` (no program of an image): "
                f"kept{launcher}; the target must have `{words[at]}` (see the port's "
                "container note)")


def _captured_launch(value: str) -> str:
    """The launch in ``value`` when it is only ``$(srun python x.py ...)``, else ``""``."""
    match = re.fullmatch(r"\$\((?!\()(.*)\)", value.strip(), re.S)
    cmds = split_commands(match.group(1)) if match else []
    if len(cmds) != 1 or not cmds[0].words:
        return ""
    words = cmds[0].words
    launched = words[0] in LAUNCH_CMDS and _launches_program(words)
    return match.group(1).strip() if match and (launched or _per_node_launcher(words)) else ""


def _shell_body_launches(words: tuple[str, ...]) -> bool:
    """``srun ... bash -c "torchrun ... train.py ..."``: the body handed to a shell under the
    source's launcher starts a program (through a per-node launcher or python)."""
    at = next((i for i, w in enumerate(words[:-2]) if w.rsplit("/", 1)[-1] in _SHELLS
               and words[i + 1] in {"-c", "-lc", "-l"}), -1)
    if at < 0:
        return False
    body = words[at + 3] if words[at + 1] == "-l" and len(words) > at + 3 else words[at + 2]
    return any(_per_node_launcher(c.words) or _launches_program(c.words)
               for c in split_commands(body.replace("\\\n", " ")))


_SHELLS = frozenset({"bash", "sh", "zsh"})


def _launches_program(words: tuple[str, ...]) -> bool:
    """Whether ``words`` start a Python program (a file or ``-m`` module) through a launcher."""
    line = read_words(list(words))
    return line is not None and bool(line.entrypoint) and not line.inline


_TORCH_RUN_MODULE = re.compile(r"^torch\.distributed\.(?:run|launch)$")
_PYTHON_WORD = re.compile(r"^python[\d.]*$")


def _per_node_launcher(words: tuple[str, ...]) -> str:
    """The per-node launcher (torchrun, ``python -m torch.distributed.launch``, deepspeed,
    accelerate launch) that ``words`` start, or ``""``: a launch even when its program is
    not readable here (``torchrun ... $PROG``; the port reads it with the script's values,
    or refuses)."""
    line = read_words(list(words))
    if line is not None and line.entrypoint and not line.inline:
        return next((s.name for s in line.stages if s.name in PER_NODE_LAUNCHERS), "")
    head = words[0].rsplit("/", 1)[-1] if words else ""
    if head in {"torchrun", "deepspeed"}:
        found, rest = head, words[1:]
    elif head == "accelerate" and words[1:2] == ("launch",):
        found, rest = "accelerate", words[2:]
    elif _PYTHON_WORD.match(head) and len(words) > 2 and words[1] == "-m" and (
            _TORCH_RUN_MODULE.match(words[2])):
        found, rest = "torchrun", words[3:]
    else:
        return ""
    # `deepspeed --version`, `torchrun --help`: only options, no program: not a launch
    return found if any(not w.startswith("-") for w in rest) else ""


def _container_prefix(value: str) -> str:
    """The image of a container command prefix held in a variable (``apptainer exec
    IMG``: what follows it runs in the container), or ``""``."""
    try:
        words = shlex.split(value)
    except ValueError:
        return ""
    if not words or words[0] not in CONTAINER_RUNTIMES or container_inner(words):
        return ""
    stages: list[Stage] = []
    wrapper_end(words, 0, stages)
    stage = stages[0] if stages else None
    return (stage.operands[0] if stage and stage.operands else stage.get("--image") or ""
            ) if stage else ""


def container_inner(words: list[str]) -> list[str]:
    """The command a container runtime runs (``singularity exec --nv IMG pip install x`` ->
    ``pip install x``), or [] when it cannot be told apart."""
    stages: list[Stage] = []
    i = wrapper_end(words, 0, stages)
    while i < len(words) and re.match(r"^[A-Za-z_]\w*=", words[i]):
        i += 1
    return words[i:]


#: Directories every Linux node has locally: a ``cd`` there is no path of the source's site.
_NODE_LOCAL = re.compile(r"^/(?:tmp|dev/shm|var/tmp)(?:/|$)")
#: Why a ``cd`` into the source's filesystem is kept: every relative path the job names
#: (the program, its arguments, its output) is read from where it leads.
_CD_KEPT = ("the job's relative paths (program, arguments, outputs) are read from there; "
            "{where} is on the source's filesystem: make it exist on the target or change "
            "the path")


def _cd(line: int, text: str, where: str) -> Step:
    if _SUBMIT_DIRS.match(where):
        return Step(line, text, False, "the target's script starts in the submit directory")
    if is_site_path(where) and not _NODE_LOCAL.match(where):
        return Step(line, text, True, _CD_KEPT.format(where=where))
    return Step(line, text, True)


def _block_step(block: Block, conda_module: bool) -> Step | None:
    if "\n" in block.text and "<<" in block.text.split("\n", 1)[0]:
        printf, why = _heredoc_step(block.text)
        if printf is None and why != HEREDOC_SCHEDULER and (whole := _whole_heredoc(block.text)):
            return Step(block.line, block.text, True, whole)
        return Step(block.line, printf or block.text, printf is not None, why,
                    original=block.text if printf else "")
    if len(block.commands) == 1 and "\n" not in block.text:
        return _command_step(block.commands[0], block.text, conda_module)
    stopped = _stopped_launch(block, conda_module)
    if stopped is not None:
        return stopped
    parts = [_command_step(c, _cmd_text(c), conda_module) for c in block.commands]
    dropped = [p for p in parts if p is not None and p.keep is False]
    first = block.commands[0].words
    if (dropped and first[:1] in {("source",), (".",)} and len(first) > 1
            and (fallback := own_source_fallback(block.text))):
        return _fallback_kept(block.line, block.text, first[1], fallback)
    if dropped and all(p is None or p.keep is False or _trivial(p) for p in parts):
        return Step(block.line, block.text, False, dropped[0].why)
    if "\n" in block.text:
        site = [s for c, s in zip(block.commands, parts, strict=True)
                if s is not None and s.keep is False and _site_setup(c)]
        text, why = _site_lines_off(block.text, site)
        return Step(block.line, text, True,
                    "a multi-line block, kept line by line" + why + remote_and_paths(block),
                    original=block.text if text != block.text else "")
    return Step(block.line, block.text, True)


#: Commands that log in to (or copy to) other hosts.
_REMOTE = frozenset({"ssh", "scp", "rsh", "pdsh", "clush", "rsync"})
#: ssh options that take a value (the word after them is no host).
_SSH_VALUED = frozenset({"-p", "-i", "-l", "-o", "-J", "-F", "-b", "-c", "-E", "-m", "-S", "-W"})
#: Paths every system has: no location of the source's site.
_SYSTEM_PATH = re.compile(r"^/(?:dev|proc|sys|tmp|var/tmp|bin|usr|etc)(?:/|$)")


def _bare_ssh(words: tuple[str, ...]) -> bool:
    """``ssh HOST`` with no remote command: it runs nothing on HOST (in a batch job it reads
    no commands and returns), so the lines after it run where they stand."""
    rest = [w for i, w in enumerate(words[1:], 1)
            if not w.startswith("-") and words[i - 1] not in _SSH_VALUED]
    return words[0] == "ssh" and len(rest) == 1


def remote_and_paths(block: Block) -> str:
    """What a kept multi-line block does beyond its own node, for its note: the hosts it logs
    in to (``ssh $node`` in a staging loop) and the source filesystem's paths it names
    (``cp -r /scratch/gpfs/u/data /scratch/x``); ``""`` when neither."""
    parts = []
    for cmd in block.commands:
        at = past_prefixes(cmd.words)
        if at < len(cmd.words) and cmd.words[at] in _REMOTE:
            words = cmd.words[at:]
            shown = " ".join(words[:3]) + (" ..." if len(words) > 3 else "")
            parts.append(
                f"; line {cmd.line} `{shown}` logs in to another host (on the target, compute "
                "nodes may refuse ssh, and the job's nodes are reached with its own launcher"
                + ("; with no command it runs nothing there: the lines after it run on the "
                   "batch node, as on the source" if _bare_ssh(words) else "") + ")")
            break
    paths = list(dict.fromkeys(
        w.rstrip("*").rstrip("/") or "/" for c in block.commands for w in c.words
        if w.startswith("/") and len(w) > 1 and not _SYSTEM_PATH.match(w)))
    if parts and paths:  # the paths of a block that reaches other hosts: named with it
        parts.append(f"; it names the source's filesystem ({', '.join(paths[:3])}"
                     f"{', ...' if len(paths) > 3 else ''}): make those paths exist on the "
                     "target or change them")
    return "".join(parts)


def _site_setup(cmd: ShellCommand) -> bool:
    """A module command or an environment activation (what belongs to the source site and
    does nothing the job needs on the target); the source scheduler's commands are not: the
    port writes those for the target (``scontrol requeue`` as ``qrerun``)."""
    at = past_prefixes(cmd.words)
    head = cmd.words[at] if at < len(cmd.words) else ""
    return head in {"module", "ml", "conda", "source", ".", "mamba", "micromamba"}


#: What may follow a command on its line without doing more (``|| true``, ``;``, a redirect).
_HARMLESS_TAIL = re.compile(r"(?:\|\|\s*(?:true|:)|;|[0-9]*>+\s*/dev/null|2>&1|\s)*")


def _alone_on(raw: str, command: str) -> bool:
    """Whether line ``raw`` holds ``command`` and nothing else that runs."""
    stripped = raw.strip()
    return stripped.startswith(command) and bool(
        _HARMLESS_TAIL.fullmatch(stripped[len(command):]))


def _site_lines_off(text: str, dropped: list[Step]) -> tuple[str, str]:
    """A kept multi-line block (``if command -v module ...; then module load X; fi``) with
    each line that belongs to the source site (what the port drops when it stands alone)
    made a no-op ``:`` that says so, and the text naming them; a line that shares its line
    with other commands cannot be taken out alone and is named as still running."""
    lines = text.split("\n")
    off: list[str] = []
    left: list[str] = []
    for step in dropped:
        line = step.text.strip()
        at = next((i for i, raw in enumerate(lines) if _alone_on(raw, line)), None)
        if "\n" in line or at is None:
            left.append(line)
            continue
        indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
        lines[at] = f"{indent}:  # not run on the target ({step.why}): {lines[at].strip()}"
        off.append(line)
    why = (f"; its lines {', '.join(f'`{x}`' for x in off)} belong to the source site "
           f"({dropped[0].why}): made no-ops" if off else "")
    why += (f"; it still runs {', '.join(f'`{x}`' for x in left)}, which belong(s) to the "
            "source site: check them on the target" if left else "")
    return "\n".join(lines), why


def _stopped_launch(block: Block, conda_module: bool) -> Step | None:
    """``srun python train.py || exit 1``: a launch of its own whose failure stops the job;
    the port gives it the target's launcher and keeps the ``|| exit 1`` after it."""
    if "\n" in block.text or not STOP_TAIL.search(bare_line(block.text)):
        return None
    first, *rest = block.commands
    if [c.words[:1] for c in rest] not in ([("exit",)], [("break",)], [("return",)]):
        return None
    step = _command_step(first, block.text, conda_module)
    return step if step is not None and step.launch else None


def command_text(cmd: ShellCommand) -> str:
    """A command as its set-up step's text (assignments quoted, words as written)."""
    assigns = [f"{k}={shlex.quote(v)}" for k, v in cmd.assignments]
    return " ".join(assigns + list(cmd.raw or cmd.words))


_cmd_text = command_text


def _trivial(step: Step) -> bool:
    """An assignment, a test or a message: nothing that sets up the user's run by itself."""
    head = step.text.split()[:1]
    return step.keep is None or (bool(head) and head[0] in {"[", "[[", "test", "echo", "printf"})


#: The options by which a launch stage mounts a host directory into its container:
#: Pyxis ``srun --container-mounts=SRC:DST[,...]``, Apptainer/Singularity ``--bind/-B``,
#: enroot ``--mount/-m``, podman/docker ``-v/--volume``.
_MOUNT_OPTIONS = ("--container-mounts", "--bind", "-B", "--mount", "-m", "-v", "--volume")
_CONTAINER_STAGES = frozenset({"srun", "apptainer", "singularity", "enroot", "podman",
                               "docker", "podman-hpc"})


def container_mounts(p: ParsedScript) -> list[tuple[str, str]]:
    """``(host path, path inside the container)`` of every mount the launch's container
    stages give (``--container-mounts=$HOME/x/:/workspace``, ``-B /data:/mnt``); a mount of a
    path onto itself is left out (the path is the same on the host)."""
    found: list[tuple[str, str]] = []
    for stage in p.launch.stages:
        if stage.name not in _CONTAINER_STAGES:
            continue
        opts = [o for o in _MOUNT_OPTIONS
                if stage.name != "srun" or o == "--container-mounts"]
        for value in stage.values(*opts):
            for mount in value.split(","):
                host, _, rest = mount.strip().partition(":")
                inside = rest.split(":", 1)[0]
                if host and inside.startswith("/") and host.rstrip("/") != inside.rstrip("/"):
                    found.append((host.rstrip("/") or "/", inside.rstrip("/") or "/"))
    return found


def host_path_of(path: str, mounts: list[tuple[str, str]]) -> tuple[str, str] | None:
    """``(host path, the mount "host:inside")`` of ``path``, a path inside the container
    under one of ``mounts`` (see :func:`container_mounts`); None when it is under none."""
    where = path.strip("'\"").rstrip("/") or "/"
    for host, inside in mounts:
        if where == inside or where.startswith(inside + "/"):
            return host + where[len(inside):], f"{host}:{inside}"
    return None


def _cd_out_of_container(step: Step, mounts: list[tuple[str, str]]) -> Step:
    """A ``cd DIR`` of the launch's container body, where DIR lies under a mount's path
    inside the container: the port runs it in the batch shell, on the host, so it goes to
    the host directory that mount shows there (``cd /workspace`` with
    ``$HOME/x/:/workspace`` becomes ``cd $HOME/x``); said in the step's reason."""
    words = step.text.split()
    if not (step.keep and len(words) == 2 and words[0] == "cd"):
        return step
    found = host_path_of(words[1], mounts)
    if found is None:
        return step
    target, mount = found
    where = words[1].strip("'\"").rstrip("/") or "/"
    return replace(step, text=f"cd {target}", original=step.text, why=(
        f"ran in the launch's container body, where {where} is a path inside the container "
        f"(its mount `{mount}`); the port runs the cd on the host, in the batch shell, so it "
        f"goes to {target}, the host directory that mount shows there"))


def _uses_conda_module(p: ParsedScript) -> bool:
    return any(_CONDA_MODULE.search(m) for m in p.modules)


def _exports_set_above(block: Block, p: ParsedScript) -> bool:
    """``block`` is a bare ``export NAME ...`` (no values) of variables the script sets above
    it and the job's environment does not carry (``scriptparse.script``: their values are the
    ones its branches choose when the job runs): kept where the user wrote it."""
    words = block.commands[0].words if len(block.commands) == 1 else ()
    names = words[1:] if words[:1] == ("export",) else ()
    if not names or any("=" in n or n.startswith("-") or n in p.env for n in names):
        return False
    above = [c for b in p.before if b.line < block.line for c in b.commands]
    return all(any(c.settings() and n in dict(c.settings()) for c in above) for n in names)


def setup_steps(p: ParsedScript) -> list[Step]:
    """The source's steps before its launch line (and beside it in a ``bash -c`` body)."""
    conda_module = _uses_conda_module(p)
    steps: list[Step] = []
    for b in p.before:
        step = _block_step(b, conda_module)
        if step is None and _waits_for_kept_runs(b, steps):
            step = Step(b.line, b.text.strip(), True,
                        "waits for the runs the set-up above started in the background")
        if step is None and _exports_set_above(b, p):
            step = Step(b.line, b.text.strip(), True,
                        "exports these variables where your script exports them: their values "
                        "are the ones the lines above give them when the job runs")
        if step is not None:
            steps.append(step)
    mounts = container_mounts(p)
    done: set[int] = set()
    for k, cmd in enumerate(p.inner):
        if k in done:
            continue
        whole = _whole_line(p.inner, k, conda_module, mounts)
        if whole is not None:
            done.update(whole[0])
            steps.append(whole[1])
            continue
        step = _command_step(cmd, _cmd_text(cmd), conda_module)
        if step is not None:
            steps.append(_cd_out_of_container(step, mounts))
    steps = _workdir_steps(p) + _keep_program_dirs(_programs_as_launches(steps, p), p)
    return [_runs_the_program(s, p) for s in _keep_activation_of_kept_install(
        _drop_inherited_deactivation(_drop_source_conda_init(steps)))]


def _whole_line(inner: list[ShellCommand], k: int, conda_module: bool,
                mounts: list[tuple[str, str]]) -> tuple[set[int], Step] | None:
    """One step for a line of a launch's ``bash -c`` body that holds several commands joined
    by the shell (``curl -LsSf URL | sh``, ``cd d && make``), when the port keeps each of them
    as written: the line as the body has it, so a pipe or a list is not cut into commands of
    their own (``curl URL`` printing the installer, ``sh`` reading nothing); None otherwise."""
    cmd = inner[k]
    same = [j for j in range(k, len(inner))
            if inner[j].line == cmd.line and inner[j].text == cmd.text]
    if len(same) < 2 or COMPOUND_OPENER.search(bare_line(cmd.text)) or re.search(
            r"(?:^|[;&|]\s*)(?:fi|done|esac|then|do|else)\b|[{}]", bare_line(cmd.text)):
        return None
    parts = [_command_step(inner[j], _cmd_text(inner[j]), conda_module) for j in same]
    if any(s is None or s.keep is not True or s.original or s.launch
           or _cd_out_of_container(s, mounts) != s for s in parts):
        return None
    if not _joined_only(cmd.text, [inner[j] for j in same]):
        return None
    first = parts[0]
    assert first is not None
    return set(same), Step(cmd.line, cmd.text.strip(), True, first.why)


def _joined_only(text: str, cmds: list[ShellCommand]) -> bool:
    """Whether ``text`` is just ``cmds`` joined by ``|``, ``&&``, ``||`` or ``;`` (no
    redirection or substitution the commands' own words would not show)."""
    pieces = [x.strip() for x in re.split(r"\s(?:&&|\|\||\|)\s|;\s*", text) if x.strip()]
    return len(pieces) == len(cmds) and all(
        x.split()[:1] == list((c.raw or c.words)[:1]) for x, c in zip(pieces, cmds, strict=True))


#: ``source /x/miniconda3/bin/activate [ENV]`` / ``. /x/venv/bin/activate``: the install's root.
_ACTIVATE_SCRIPT = re.compile(r"^(?:source|\.)\s+(\S+?)/bin/activate(?:\s+\S+)?\s*$")


def _keep_activation_of_kept_install(steps: list[Step]) -> list[Step]:
    """An activation dropped as the source site's (``source /scratch/grp/miniconda3/bin/activate
    env``) is kept when a kept step runs that same install (``/scratch/grp/miniconda3/bin/conda-env
    update -f environment.yml``): the job maintains the install itself, so the activation is the
    user's as much as that step; both keep the path, named as the source site's."""
    kept = [s for s in steps if s.keep is True]
    out = []
    for s in steps:
        found = _ACTIVATE_SCRIPT.match(s.text.strip()) if s.keep is False or (
            s.keep and OWN_ENV in s.why) else None
        root = found.group(1).rstrip("/") if found else ""
        user = next((k for k in kept if root and k is not s and re.search(
            rf"(?<![\w.-]){re.escape(root)}/", k.text)), None) if root.startswith("/") else None
        if user is not None:
            s = replace(s, keep=True, why=(
                f"the activation of {root}, the install your kept step at line {user.line} "
                f"runs too: {root} {OWN_ENV} (on the source's filesystem): make it exist on "
                "the target (same path) or change both lines"))
        out.append(s)
    return out


_SENT_BACK = re.compile(r"(?<![&|>])&\s*(?:#.*)?$", re.M)


def _waits_for_kept_runs(block: Block, kept: list[Step]) -> bool:
    """Whether ``block`` is a lone ``wait`` after a kept set-up step that starts runs in the
    background (``... &`` in a loop): the job waits for them there, before what follows."""
    return ([c.words for c in block.commands] == [("wait",)]
            and any(k.keep and _SENT_BACK.search(k.text) for k in kept))


def _runs_the_program(step: Step, p: ParsedScript) -> Step:
    """A kept multi-line block that itself ends the job in the program (``if ...; then exec
    "$PY" -m pkg.main; fi`` before the launch): kept as the source wrote it, and said so."""
    entry = p.launch.entrypoint
    program = f"-m {entry}" if p.launch.module else entry
    if not (step.keep and entry and "\n" in step.text and program in step.text
            and re.search(r"\bexec\s", step.text)):
        return step
    return replace(step, why=(
        f"{step.why}; it execs the program {entry} itself, as the source did, before the "
        "target's launch: where that branch runs, the target's launch below is not reached "
        "(one process, started the source's way)"))


_NOT_PROGRAMS = frozenset({"pip", "venv", "ensurepip", "site", "json.tool", "http.server"})


def _programs_as_launches(steps: list[Step], p: ParsedScript) -> list[Step]:
    """A job whose launch is a plain ``python prog.py`` (no launcher) and which runs another
    Python program the same way before it (``python3 runtrain.py`` then ``python3
    runeval.py``): that program is a launch of the job too, ported as the main one is."""
    if p.launch.stages or not p.launch.python:
        return steps
    out = []
    for s in steps:
        try:
            words = shlex.split(s.text)
        except ValueError:
            words = []
        line = read_words(words) if s.keep is True and not s.launch and words else None
        if (line is not None and not line.stages and not line.inline and line.entrypoint
                and not line.wrapper_script and _PYTHON_WORD.match(_base_name(words[0]))
                and (line.entrypoint.endswith(".py") if not line.module
                     else line.entrypoint not in _NOT_PROGRAMS)):
            s = replace(s, launch=True, why="a Python program the job runs as it runs its "
                        "main one (one process): given the target's launch too")
        out.append(s)
    return out


def _base_name(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def _relative_program(p: ParsedScript) -> bool:
    """The program is a file named relative to the working directory (``train.py``), or a
    module ``python -m`` looks up there first (``python -m pkg.train`` run in the checkout)."""
    entry = p.launch.entrypoint
    return bool(entry) and (p.launch.module or not entry.startswith(("/", "~", "$")))


def _workdir_steps(p: ParsedScript) -> list[Step]:
    """``#SBATCH --chdir=DIR`` / ``-D DIR``: the job runs in DIR, so the port starts with a
    ``cd`` there (the target's scheduler may not take the directive the same way)."""
    where = p.directive("chdir")
    if not where:
        return []
    why = "#SBATCH --chdir: the job's working directory, as a cd"
    if is_site_path(where):
        why += f"; {where} is on the source's filesystem: make it exist on the target"
    return [Step(0, f"cd {shlex.quote(where)}", True, why)]


def _program_kind(p: ParsedScript) -> str:
    return "module (python -m looks in the working directory first)" if p.launch.module \
        else "program"


def _keep_program_dirs(steps: list[Step], p: ParsedScript) -> list[Step]:
    """``cd /abs/dir`` on the source's filesystem (kept, flagged: see :func:`_cd`) says so
    when the program's path is relative to it: without it the program is not found."""
    if not _relative_program(p):
        return steps
    return [
        replace(s, why=f"the {_program_kind(p)} {p.launch.entrypoint} is relative to it; "
                + s.why.split("; ", 1)[1])
        if s.keep and s.text.startswith("cd ") and s.why.startswith(_CD_KEPT[:40])
        else s
        for s in steps
    ]


#: The hook line of the block ``conda init`` writes: ``__conda_setup="$('/x/bin/conda' ...``.
_CONDA_HOOK = re.compile(r"""^__conda_setup=["']?\$\(\s*['"]?([^'"\s)]+/conda)['"]?\s""")


def _drop_source_conda_init(steps: list[Step]) -> list[Step]:
    """The block ``conda init`` writes (the ``__conda_setup`` hook, the ``if`` that evals it,
    ``unset __conda_setup``), for a conda installed on the source's filesystem, sets up the
    source's conda: its three parts are dropped, saying where that conda is."""
    hook = next((m for s in steps if (m := _CONDA_HOOK.match(s.text))), None)
    if hook is None or not is_site_path(hook.group(1)):
        return steps
    if not site_software_path(hook.group(1)):  # a conda the user installed: the user's own
        root = hook.group(1).removesuffix("/conda").removesuffix("/bin")
        return [replace(s, keep=True, why=_own_env_kept("your conda install", root))
                if "__conda_setup" in s.text else s for s in steps]
    why = (f"conda's init block for {hook.group(1)}, the source site's conda (in its software "
           "tree, on the source's filesystem): use the target's conda (its module or your own "
           "install) instead")
    return [
        replace(s, keep=False, why=why, text=s.original or s.text, original="")
        if "__conda_setup" in s.text else s
        for s in steps
    ]


_DEACTIVATE = re.compile(r"^\s*(?:(?:conda|mamba|micromamba|source|\.)\s+)?deactivate\s*;?\s*$")


def _activates(step: Step) -> bool:
    """A kept step that activates an environment (conda/mamba activate, a venv's activate)."""
    try:
        words = tuple(shlex.split(step.text))
    except ValueError:
        return False
    return step.keep is True and bool(words) and _activation(words, False) is not None and (
        "activate" in words or any(w.endswith("/activate") for w in words))


def _drop_inherited_deactivation(steps: list[Step]) -> list[Step]:
    """``conda deactivate`` (or a venv's ``deactivate``) before any environment the job
    activates itself only clears what the job inherited from the submitting shell (IDRIS's
    ``module purge; conda deactivate; module load pytorch-gpu/...``): on the target it runs
    after the target's own environment set-up and would undo it, so it is not copied."""
    out: list[Step] = []
    for s in steps:
        if s.keep is True and _DEACTIVATE.match(s.text) and not any(map(_activates, out)):
            s = replace(s, keep=False, why=(
                "it clears the environment the job inherited on the source, before the "
                "source site's modules; on the target it would run after the target's own "
                "environment set-up (its modules, conda env) and undo it"))
        out.append(s)
    return out


def block_step(block: Block, p: ParsedScript) -> Step | None:
    """One top-level block of ``p`` (before or after its launch) as a step."""
    return _block_step(block, _uses_conda_module(p))


def chained_steps(text: str, p: ParsedScript) -> list[Step]:
    """The steps of one command chained with the launch on its line (``python a.py &&`` in
    front of it), classified as a line of its own before the launch is (:func:`setup_steps`):
    a plain ``python prog.py`` beside a plain ``python`` launch is a launch of the job too."""
    return _programs_as_launches(line_steps(text, p), p)


def line_steps(text: str, p: ParsedScript) -> list[Step]:
    """The steps of one line of the source that is not a top-level block (a loop body line),
    classified as :func:`setup_steps` classifies a line of its own."""
    conda_module = _uses_conda_module(p)
    cmds = split_commands(text)
    if len(cmds) == 1:
        step = _command_step(cmds[0], text.strip(), conda_module)
        return [step] if step is not None else []
    return [s for c in cmds if (s := _command_step(c, _cmd_text(c), conda_module)) is not None]
