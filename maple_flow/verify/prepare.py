"""Turn a script into what runs on the target: the mini-app swap, the files, the layout."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from functools import cache

from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.directives import parse_directives
from maple_flow.knowledge.policy import request_from_directives
from maple_flow.models import ClusterProfile, Framework, JobSpec, Strategy
from maple_flow.paths import miniapps_dir
from maple_flow.verify.report import Expected
from maple_flow.verify.substitute import (
    JOB_LAYOUT_FILE,
    MINIAPP_DIR,
    as_python_program,
    miniapp_for,
    miniapp_setup,
    swap_entrypoint,
)


@dataclass(frozen=True)
class Prepared:
    """A job ready to submit: script text, files to stage beside it, the expected layout."""

    cluster: str
    scheduler: str
    script: str
    files: dict[str, str]
    expected: Expected


@cache
def _miniapp_files() -> tuple[tuple[str, str], ...]:
    folder = miniapps_dir()
    return tuple(
        (f"{MINIAPP_DIR}/{p.relative_to(folder).as_posix()}", p.read_text(encoding="utf-8"))
        for p in sorted(folder.rglob("*.py"))
        if "__pycache__" not in p.parts
    )


def miniapp_files() -> dict[str, str]:
    """Every mini-app source file, keyed by its path relative to the job's directory."""
    return dict(_miniapp_files())


def expected_layout(script: str, profile: ClusterProfile, spec: JobSpec | None) -> Expected:
    """Nodes and ranks per node a correct run shows: from the spec, else the directives.

    One rank per GPU (or tile) is the device model: a script that asks for fewer GPUs per
    node expects that many ranks; one that asks for none (whole-node sites) expects all.
    """
    if spec is not None:
        return Expected(nodes=spec.nodes, ranks_per_node=spec.gpus_per_node)
    req = request_from_directives(parse_directives(script, profile.scheduler))
    return Expected(nodes=req.nodes or 1, ranks_per_node=req.gpus_per_node or profile.gpu.per_node)


LOOP_MARK = "# The job's own loop around the launch, as given."


def _at(lines: list[str], part: list[str], start: int) -> int:
    return next((i for i in range(start, len(lines) - len(part) + 1)
                 if lines[i:i + len(part)] == part), -1)


def without_loop(script: str, spec: JobSpec | None) -> str:
    """``script`` with the user's loop around the launch (``spec.loop_open``/``loop_close``)
    taken out, so a verification runs the mini-app once."""
    if spec is None or not spec.loop_open:
        return script
    lines = script.split("\n")
    opening = [LOOP_MARK, *spec.loop_open]
    start = _at(lines, opening, 0)
    end = _at(lines, spec.loop_close, start + len(opening)) if start >= 0 else -1
    if end < 0:
        return script
    return "\n".join(lines[:start] + lines[start + len(opening):end]
                     + lines[end + len(spec.loop_close):])


def with_site_interpreter(script: str, miniapp: str, python: str) -> str:
    """``script`` whose mini-app runs with the site's interpreter where the port kept the
    user's own (``/scratch/me/env/bin/python``): the mini-app needs the verifier's Python
    environment, not the user's, which need not exist where it is verified."""
    target = re.escape(shlex.quote(miniapp))
    own = re.compile(rf"""(?<![\w/.~$"'-])(?:"[^"\s]*/python[\d.]*"|'[^'\s]*/python[\d.]*'"""
                     rf"""|[^\s"']*/python[\d.]*)(?=\s+{target}(?:\s|$))""")
    return own.sub(lambda _m: shlex.quote(python), script)


#: The job's own output and error files (``#SBATCH --output=logs/%j.out``, ``#PBS -e DIR``).
_OUTPUT_FILES = re.compile(
    r"^#SBATCH[ \t]+(?:-[oe](?:[ \t]+|=?)|--(?:output|error)(?:=|[ \t]+))\S.*\n?"
    r"|^#PBS[ \t]+-[oe][ \t]+\S.*\n?", re.M)


def without_output_files(script: str) -> str:
    """``script`` without its own output and error file directives: a verification reads
    the job's output where the verifier puts it, and the user's folders (``logs/``, a path
    of the source) need not exist where it runs (the scheduler then fails the job)."""
    return _OUTPUT_FILES.sub("", script)


_SLURM_ARRAY = re.compile(r"^(#SBATCH --array=)(\d+)\S*$", re.M)


def one_array_job(script: str) -> str:
    """``script`` with a kept Slurm job array cut to its first index, so a verification
    submits one job (its index variable still set) rather than the whole array."""
    return _SLURM_ARRAY.sub(r"\1\2", script)


#: An install or removal of packages (pip, uv, conda, mamba), after any NAME=value.
_INSTALL_CMD = (
    r"(?:\w+=\S*\s+)*(?:(?:\S*/)?(?:python[\d.]*|\$\{?\w+\}?)\s+-m\s+pip|"
    r"(?:\S*/)?pip[\d.]*|uv\s+pip|(?:\S*/)?(?:conda|mamba|micromamba)(?:\s+env)?)"
    r"\s+(?:install|uninstall|create|update|upgrade|remove)\b")
#: A line that is such a command.
_INSTALL = re.compile(rf"^(\s*){_INSTALL_CMD}")
#: Options of a launcher or container before the command it runs (``-n 1``, ``--nv``).
_OPTS = r"(?:\s+-(?!m\s)\S+(?:\s+[^-\s;&|]\S*)?)*"
#: Such a command inside a line: after ``;``, ``&&``, ``||``, ``(``, ``$(``, a backquote, ``if``,
#: ``bash -c "``, a launcher (``srun -n 1``) or a container (``apptainer exec --nv IMG``).
_INLINE_INSTALL = re.compile(
    rf"(?P<lead>(?:(?:^|[;&|(`]|\$\()\s*|\b(?:if|while|until|then|do|else)\s+)(?:!\s+)?|"
    rf"(?:\bba|\b)sh\s+-c\s+[\"']|"
    rf"\b(?:srun|mpiexec|mpirun|ibrun|aprun|env|time|nohup){_OPTS}\s+|"
    rf"\b(?:singularity|apptainer)\s+exec{_OPTS}\s+\S+\s+)"
    rf"(?P<cmd>{_INSTALL_CMD}(?:>&|&>|[^;&|)`\"'\n])*)")
SKIPPED_MARK = "# maple verification: not run (it installs packages; the mini-app needs none):"
INLINE_MARK = "# maple verification: package install replaced by true"


def _without_inline_install(line: str) -> str:
    """``line`` with each install inside it replaced by ``true`` (and a note after it)."""
    if line.lstrip().startswith("#"):
        return line
    swapped, count = _INLINE_INSTALL.subn(lambda m: f"{m['lead']}true ", line)
    if not count:
        return line
    return swapped if swapped.endswith("\\") else f"{swapped}  {INLINE_MARK}"


def without_installs(script: str) -> str:
    """``script`` with its package installs (``pip install``, ``conda install``, ...) made
    no-ops: a verification runs the mini-app, not the user's program, and must not change
    the Python environment the job finds (on the twin, the verifier's own)."""
    lines, out, skipping = script.split("\n"), [], False
    for line in lines:
        if skipping:  # a continuation line of a skipped install
            skipping = line.endswith("\\")
            out.append(f"{SKIPPED_MARK[:1]} {line}")
            continue
        found = _INSTALL.match(line)
        if found is None:
            out.append(_without_inline_install(line))
            continue
        out.append(f"{found.group(1)}: {SKIPPED_MARK} {line.strip()}")
        skipping = line.endswith("\\")
    return "\n".join(out)


def prepare(script: str, cluster: str, *, entrypoint: str, module: bool = False,
            framework: Framework = "pytorch", strategy: Strategy = "ddp",
            spec: JobSpec | None = None) -> Prepared:
    """Swap the program for the setup's mini-app and work out the expected layout."""
    profile = get_profile(cluster)
    miniapp = miniapp_for(framework, strategy)
    plain = without_installs(without_loop(one_array_job(without_output_files(script)), spec))
    if _runs_a_command(script):  # an installed command: swapped where it is launched only
        swapped = _swap_command(plain, entrypoint, miniapp, profile.software.python)
    else:
        swapped = swap_entrypoint(plain, entrypoint, miniapp, module=module)
    swapped = with_site_interpreter(swapped, miniapp, profile.software.python)
    layout = expected_layout(script, profile, spec)
    expected = layout.model_copy(update={"setup": miniapp_setup(framework, strategy)})
    return Prepared(profile.id, profile.scheduler, swapped,
                    miniapp_files() | job_layout_file(expected, profile), expected)


def _swap_command(script: str, command: str, miniapp: str, python: str) -> str:
    """``script`` whose launches of the installed ``command`` start ``miniapp`` instead, run
    through ``python`` (the word may occur elsewhere: ``conda activate ethos``)."""
    from maple_flow.scriptparse.launch import read_words

    lines = script.split("\n")
    start = 0
    for end, line in enumerate(lines):
        if line.rstrip().endswith("\\"):
            continue
        text = "\n".join(lines[start:end + 1])
        try:
            read = read_words(shlex.split(text.replace("\\\n", " "), comments=True))
        except ValueError:
            read = None
        if read is not None and read.command and read.entrypoint == command:
            part = swap_entrypoint(text, command, miniapp)
            lines[start:end + 1] = as_python_program(part, miniapp, python).split("\n")
        start = end + 1
    return "\n".join(lines)


def _runs_a_command(script: str) -> bool:
    """The script's launch starts an installed command, not a Python program."""
    from maple_flow.errors import MapleError
    from maple_flow.scriptparse import parse_script

    try:
        return parse_script(script).launch.command
    except MapleError:
        return False


def job_layout_file(expected: Expected, profile: ClusterProfile) -> dict[str, str]:
    """The mini-apps' JOB_LAYOUT_FILE when the job means to use fewer GPUs per node than a
    node has: the ranks then check they run that many per node (on whole-node sites every
    node shows all its GPUs, as on the real machine), else nothing."""
    wanted = expected.ranks_per_node
    if wanted >= profile.gpu.per_node:
        return {}
    return {f"{MINIAPP_DIR}/{JOB_LAYOUT_FILE}": json.dumps({"ranks_per_node": wanted}) + "\n"}
