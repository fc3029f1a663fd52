"""Fixes of how a script sets up the runtime its program runs in (pure, text level; each finds
the line at fault itself and raises FixNotApplicable with the reason when the script has none):

- :func:`registry_host_hash`: a pyxis/enroot image reference written ``HOST/PATH``, which
  enroot reads as a Docker Hub repository named after the host; enroot's own syntax separates
  the registry host from the path with ``#`` (``HOST#PATH``);
- :func:`mpi_single_copy_off`: Open MPI's vader single-copy (CMA) transfers turned off for the
  run (``OMPI_MCA_btl_vader_single_copy_mechanism=none``) where the ranks may not read each
  other's memory (a container without ptrace permission);
- :func:`job_dir_cache`: a library's cache directory (``NUMBA_CACHE_DIR``) set to a directory
  under the job's working directory, where the default (beside the installed package, in a
  read-only image or a system site) is not writable.
"""

from __future__ import annotations

import re

from maple_flow.repair.layout import launch_or_last_line
from maple_flow.repair.patch_env import _env_anchor
from maple_flow.repair.text import FixNotApplicable, insert_line, is_code

#: A word that hands an image to pyxis or enroot: ``--container-image[= ]VALUE`` or an
#: ``enroot import docker://VALUE``.
_IMAGE_USE = re.compile(r"--container-image[= ]|enroot\s+import\b[^\n]*docker://")
_ASSIGN = re.compile(r"^(\s*(?:export\s+)?)([A-Za-z_][A-Za-z0-9_]*)=")
#: The variable that Open MPI's vader BTL reads for its single-copy mechanism.
SINGLE_COPY_VAR = "OMPI_MCA_btl_vader_single_copy_mechanism"
_MPI_RUN = re.compile(r"(?<![\w/.-])(?:\S*/)?(?:mpirun|mpiexec|orterun|srun)(?![\w-])")


def _image_variables(parts: list[str]) -> set[str]:
    """The variables whose value a pyxis/enroot image word of the script reads."""
    names: set[str] = set()
    for line in parts:
        if not is_code(line):
            continue
        for use in _IMAGE_USE.finditer(line):
            rest = line[use.end():]
            word = rest.split()[0] if rest.split() else ""
            names.update(re.findall(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", word))
    return names


def registry_host_hash(text: str, host: str) -> str:
    """``text`` whose image references ``HOST/PATH`` that pyxis or enroot reads (the value of
    ``--container-image``, of ``enroot import docker://``, or of the variable one of them
    reads) are written ``HOST#PATH``. FixNotApplicable when no such reference names ``host``."""
    if not re.fullmatch(r"[A-Za-z0-9](?:[\w-]*\.)+[\w-]+(?::\d+)?|[\w-]+:\d+", host):
        raise FixNotApplicable(f"{host!r} is not a registry host name")
    parts = text.split("\n")
    variables = _image_variables(parts)
    # the host as a word of its own, after docker:// or a user@ (enroot's [USER@][REGISTRY#])
    ref = re.compile(r"(?:(?<=docker://)|(?<=@)|(?<![\w#@/.:-]))" + re.escape(host)
                     + r"/(?=[\w.-])")
    changed = False
    for i, line in enumerate(parts):
        if not is_code(line):
            continue
        assign = _ASSIGN.match(line)
        if _IMAGE_USE.search(line) or (assign and assign.group(2) in variables):
            new = ref.sub(host + "#", line)
            if new != line:
                parts[i] = new
                changed = True
    if not changed:
        raise FixNotApplicable(f"no image reference of the script names the registry {host} "
                               "followed by '/'")
    return "\n".join(parts)


def mpi_single_copy_off(text: str) -> str:
    """``text`` that exports ``OMPI_MCA_btl_vader_single_copy_mechanism=none`` before its
    launch (its existing assignment set to ``none``); FixNotApplicable for a script that
    starts no MPI launcher (mpirun, mpiexec, srun)."""
    parts = text.split("\n")
    if not any(is_code(line) and _MPI_RUN.search(line) for line in parts):
        raise FixNotApplicable("the script starts no MPI launcher (mpirun, mpiexec, srun)")
    line_re = re.compile(r"^(\s*(?:export\s+)?)" + SINGLE_COPY_VAR + r"=\S*")
    found = [i for i, line in enumerate(parts) if line_re.match(line)]
    if found:
        for i in found:
            parts[i] = line_re.sub(lambda m: m.group(1) + SINGLE_COPY_VAR + "=none", parts[i])
        new = "\n".join(parts)
        if new == text:
            raise FixNotApplicable(f"the script already sets {SINGLE_COPY_VAR}=none")
        return new
    return insert_line(text, _env_anchor(text, launch_or_last_line(text)),
                       f"export {SINGLE_COPY_VAR}=none")


#: Cache variables :func:`job_dir_cache` may set, and the folder it gives each.
CACHE_DIRS = {"NUMBA_CACHE_DIR": ".numba_cache"}


def job_dir_cache(text: str, name: str) -> str:
    """``text`` that exports ``name`` as a folder under the job's working directory
    (``"$PWD/.numba_cache"``; the working directory is the user's and a container binds it)
    before its launch; FixNotApplicable when the script sets ``name`` already (its value is
    the user's: that folder is what to check)."""
    folder = CACHE_DIRS.get(name)
    if folder is None:
        raise FixNotApplicable(f"{name} is not a cache variable this fix sets")
    parts = text.split("\n")
    if any(is_code(line) and re.match(r"^\s*(?:export\s+)?" + name + r"=", line)
           for line in parts):
        raise FixNotApplicable(f"the script sets {name} already; check that its folder is "
                               "writable from the job (and bound into the container)")
    return insert_line(text, _env_anchor(text, launch_or_last_line(text)),
                       f'export {name}="$PWD/{folder}"')
