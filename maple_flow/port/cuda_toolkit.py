"""A job that runs CUDA toolkit programs (``nvcc``, ``nsys``, ``ncu``, ``nvprof``, ``cuda-gdb``):
the target's CUDA toolkit module is loaded for it (``software.cuda_toolkit`` of the profile,
data with its sources), never the PyTorch stack alone; on a target with no CUDA (Intel GPUs)
the port refuses, naming the line. ``nvprof`` on a GPU it cannot profile (compute capability
8.0 and later: A100, H100, GH200) is named."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from maple_flow.models import ClusterProfile
from maple_flow.port.stages import launch_command_span
from maple_flow.scriptparse.launch import launcher_pattern
from maple_flow.scriptparse.unread import is_diagnostic

#: Programs of the CUDA toolkit (a module or install puts them on PATH), as a command word.
TOOLKIT_PROGRAMS = ("nvcc", "nsys", "ncu", "nvprof", "cuda-gdb", "cuda-memcheck",
                    "compute-sanitizer", "cuobjdump", "nvdisasm", "nv-nsight-cu-cli")
_COMMAND = re.compile(
    r"(?:^|[;&|(`]\s*|\$\(\s*|\b(?:srun|" + launcher_pattern("mpirun", "mpiexec")
    + r"|time|exec|then|do|else)\s+(?:-\S+\s+"
    r"(?:\d+\s+)?)*)(?:[\w./-]*/)?(" + "|".join(re.escape(p) for p in TOOLKIT_PROGRAMS)
    + r")(?=\s|$|;|\))")
#: GPU models ``nvprof`` does not profile (it stops at compute capability 7.x).
_NO_NVPROF = re.compile(r"A100|H100|H200|GH200|B200|L40|A40|A30", re.I)
_LOAD = re.compile(r"^\s*(?:module\s+(?:load|add)|ml)\s+(.+)$")


@dataclass
class Toolkit:
    """What the port does for the toolkit programs a job runs."""

    modules: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    refusal: str = ""


def toolkit_uses(lines: list[str], reports: bool = True) -> list[tuple[int, str]]:
    """Each (line number, program) where the job runs a CUDA toolkit program, first use each;
    with ``reports=False`` a use that only asks it to report on itself (``nvcc --version``: a
    diagnostic of the set-up) is not counted."""
    return list(_toolkit_uses(tuple(lines), reports))


@lru_cache(maxsize=512)
def _toolkit_uses(lines: tuple[str, ...], reports: bool) -> tuple[tuple[int, str], ...]:
    """:func:`toolkit_uses`, memoised (a batch reads each source once a target)."""
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        for found in _COMMAND.finditer(text):
            if reports or not _reports_only(found.group(1), text[found.end():]):
                seen.setdefault(found.group(1), number)
    return tuple(sorted(((n, p) for p, n in seen.items()), key=lambda x: x[0]))


def _reports_only(program: str, after: str) -> bool:
    """Whether the toolkit program's use (``after``: the text after its word, to the end of
    its line) only asks it to report on itself (``nvcc --version``, ``$(nvcc -V | tail -1)``):
    a diagnostic of the set-up, no program the job runs on its GPUs."""
    own = re.split(r"[;&|)`]", after, maxsplit=1)[0]
    return is_diagnostic((program, *(w.strip("\"'") for w in own.split())))


def _source_modules(lines: list[str]) -> list[str]:
    """The source's CUDA/NVHPC modules (``cuda/10.0.130``, ``nvidia/nvhpc/24.5``)."""
    names = [w for line in lines if (m := _LOAD.match(line.split("#")[0]))
             for w in m.group(1).split() if not w.startswith("-")]
    return [n for n in names if re.search(r"cuda|nvhpc|nvidia-hpc", n, re.I)]


def _launch_span(lines: list[str]) -> set[int]:
    """The source's launch line and its ``\\`` continuation lines (numbers from 1)."""
    span = launch_command_span("\n".join(lines))
    return set() if span is None else set(range(span[1] + 1, span[2] + 2))


def plan_toolkit(lines: list[str], profile: ClusterProfile, program: str = "") -> Toolkit:
    """The modules to add, the notes and the refusal (if any) for the toolkit programs the
    job (``lines``, the source script) runs on ``profile``'s cluster; ``program``: the job's
    own program when it is not Python (a command kept as the job's process, an application),
    for which the source's CUDA module is loaded too."""
    # where the GPUs have no CUDA a version report is no use of it (its line is left out as
    # the other vendor's, by port.vendor); where they do, it is one (the module is loaded)
    uses = toolkit_uses(lines, reports=profile.gpu.device_api == "cuda")
    if not uses:
        return _for_program(lines, profile, program)
    named = ", ".join(f"`{p}` (line {n})" for n, p in uses)
    theirs = _source_modules(lines)
    given = f", which the source's {', '.join(f'`{m}`' for m in theirs)} provided" if theirs else ""
    if profile.gpu.device_api != "cuda":
        launch = _launch_span(lines)
        if all(n in launch for n, _ in uses):
            return Toolkit()  # a profiler in front of the launch: the tool-prefix edit's
        return Toolkit(refusal=(
            f"the job runs CUDA toolkit programs ({named}){given}: {profile.name} has "
            f"{profile.gpu.vendor.capitalize()} GPUs ({profile.gpu.model}) and no CUDA toolkit, so "
            "they cannot run there; port it to a site with NVIDIA GPUs, or rewrite the job for "
            "its GPUs"))
    out = Toolkit()
    loaded = [m for m in profile.software.cuda_toolkit if m not in profile.software.modules]
    if loaded:
        out.modules = loaded
        out.notes.append(
            f"the job runs CUDA toolkit programs ({named}){given}: the port loads "
            f"{profile.name}'s CUDA toolkit module {', '.join(f'`{m}`' for m in loaded)} after "
            "its software stack, so they are on PATH (check the toolkit version suits your code)")
    else:
        stack = ", ".join(f"`{m}`" for m in profile.software.modules)
        out.notes.append(
            f"the job runs CUDA toolkit programs ({named}){given}: {profile.name}'s modules "
            f"({stack}) give the CUDA toolkit")
    if any(p == "nvprof" for _, p in uses) and _NO_NVPROF.search(profile.gpu.model):
        out.notes.append(
            f"`nvprof` does not profile {profile.gpu.model} GPUs (compute capability 8.0 and "
            "later): on the target it stops with an error; use `nsys profile` (timeline) or "
            "`ncu` (kernels) instead")
    return out


def _for_program(lines: list[str], profile: ClusterProfile, program: str) -> Toolkit:
    """The target's CUDA toolkit module for the job's own program that is not Python when the
    source loads a CUDA module for it (``module load cuda``; ``futhark --backend=cuda``, a
    CUDA build): the target's PyTorch stack is no CUDA toolkit of the program's."""
    theirs = [m for m in _source_modules(lines) if re.search(r"cuda", m, re.I)]
    if not program or not theirs or not _binary_name(program) or profile.gpu.device_api != "cuda":
        return Toolkit()
    loaded = [m for m in profile.software.cuda_toolkit if m not in profile.software.modules]
    if not loaded:
        return Toolkit()
    given = ", ".join(f"`{m}`" for m in theirs)
    return Toolkit(modules=loaded, notes=[
        f"the source loads {given} for the job's program {program} (not Python), which may "
        f"use the CUDA toolkit (its compiler, libraries or runtime): the port loads "
        f"{profile.name}'s CUDA toolkit module {', '.join(f'`{m}`' for m in loaded)} in its "
        "place, after its software stack (check the version suits the program)"])


#: Modules that build or run CUDA programs: the CUDA toolkit, NVIDIA's HPC SDK, Cray's CUDA
#: targets (``craype-accel-nvidia80``, ``cpe-cuda``).
_CUDA_MODULE = re.compile(r"cuda|nvhpc|nvidia-hpc|craype-accel-nvidia", re.I)


def cuda_app_refusal(lines: list[str], app: str, profile: ClusterProfile) -> str:
    """The refusal for a compiled GPU application (``app``, not Python) that the source job
    builds or runs with CUDA (its CUDA modules, or ``cuda`` in its name) on a target whose
    GPUs have no CUDA (Intel: ``device_api`` xpu); ``""`` otherwise. A CUDA binary does not
    run on those GPUs, and rebuilding it needs its code ported (SYCL/oneAPI), not a module."""
    if profile.gpu.device_api == "cuda" or not _binary_name(app):
        return ""
    names = [w for line in lines if (m := _LOAD.match(line.split("#")[0]))
             for w in m.group(1).split() if not w.startswith("-")]
    cuda = [n for n in names if _CUDA_MODULE.search(n)]
    named = re.search(r"(?:^|[/_.-])cuda(?:[_.-]|$)", app.rsplit("/", 1)[-1], re.I)
    if not cuda and not named:
        return ""
    why = (f"the job loads {', '.join(f'`{m}`' for m in cuda)}" if cuda
           else "its name says it is a CUDA program")
    chosen = [w for line in lines for w in line.split()
              if re.search(r"(?:^-{1,2}[\w-]*=|^)cuda$", w, re.I) and w.lower() != "cuda"]
    said = f", and the job's `{chosen[0]}` chooses CUDA" if chosen else ""
    return (f"{app} is a program that is not Python and the job runs it with NVIDIA's CUDA "
            f"({why}{said}): {profile.name} has {profile.gpu.vendor.capitalize()} GPUs "
            f"({profile.gpu.model}) and no CUDA, so it cannot run there as written; the port "
            f"cannot tell whether {app} has another GPU backend: if it does (OpenCL, SYCL or "
            "Level Zero, by an option or another build of it), write the job with that backend "
            "and port again; if it is a CUDA build only, its GPU code needs porting "
            "(SYCL/oneAPI), not another module; or port the job to a site with NVIDIA GPUs")


#: Commands that are no compiled GPU program of the user's (shells, interpreters, environment
#: runners, containers, build tools): a CUDA module beside them says nothing of what they run.
_NOT_BINARY = frozenset({
    "bash", "sh", "zsh", "ksh", "dash", "csh", "tcsh", "env", "time", "nohup", "exec", "eval",
    "conda", "mamba", "micromamba", "uv", "pixi", "poetry", "pipenv", "apptainer",
    "singularity", "docker", "podman", "enroot", "shifter", "make", "cmake", "ninja", "julia",
    "Rscript", "R", "matlab", "java", "perl", "ruby", "node", "lua", "octave"})


def _binary_name(app: str) -> bool:
    """Whether ``app`` (the launch's program word) may name a compiled program: a plain name
    or path, not a script (.sh, .py, ...), not a shell, interpreter or runner, no variable."""
    name = app.rsplit("/", 1)[-1]
    return (bool(re.fullmatch(r"(?:~|\.{1,2})?/?[\w.+-]+(?:/[\w.+-]+)*", app))
            and name not in _NOT_BINARY and not name.startswith("python")
            and not name.endswith((".sh", ".bash", ".py", ".pl", ".rb", ".jl", ".R", ".lua")))
