"""A host library the site documents, made visible inside the job's container (pure; s35rl35).

A program in an Apptainer/Singularity image that loads a library of the host's stack (Cray
MPICH's hwloc on Polaris, from ``/soft/libraries/hwloc/lib``) fails with "error while loading
shared libraries" when the container neither binds that directory nor has it on its library
path. :func:`container_site_library` binds the directory's top folder (``-B /soft``) on each
container command of the launch line that does not bind it yet, and appends the directory to
the ``APPTAINERENV_LD_LIBRARY_PATH`` (``SINGULARITYENV_``) line the script exports, or exports
one above the launch. The directory comes from the site's profile
(:func:`site_library_dir`), never from the log.

:func:`container_net_plugin` does the same for the site's NCCL network plugin
(``libnccl-net.so`` of the aws-ofi-nccl directory the profile's library path names,
:func:`site_net_plugin`) and preloads it in the container (``APPTAINERENV_LD_PRELOAD``): an
image's NCCL that is told to use the site's network (``NCCL_NET="AWS Libfabric"``) does not
find the plugin on the library path alone (ALCF's Polaris container guide preloads it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from maple_flow.repair.layout import find_launch
from maple_flow.repair.text import FixNotApplicable, insert_line, join, lines, replace

#: Runtimes that start a container from a launch line, and the verbs that start one.
_RUNTIMES = frozenset({"apptainer", "singularity"})
_VERBS = frozenset({"exec", "run"})
_BIND_FLAGS = frozenset({"-B", "--bind"})
#: A directory a fix may write: absolute, plain path characters only.
_SAFE_DIR = re.compile(r"^/[A-Za-z0-9_.+/-]+$")
#: An LD_LIBRARY_PATH assignment in a profile's activation line, and its value.
_LD_PATH = re.compile(r"""\bLD_LIBRARY_PATH=["']?([^"'\s]+)""")


def _library_path(activate: list[str]) -> Iterator[str]:
    """The literal absolute directories of the LD_LIBRARY_PATH values the profile's activation
    lines set, in order (entries holding a variable are left out)."""
    for line in activate:
        for value in _LD_PATH.findall(line):
            for entry in str(value).split(":"):
                path: str = entry.rstrip("/")
                if path.startswith("/") and "$" not in path:
                    yield path


def site_library_dir(library: str, activate: list[str]) -> str | None:
    """The directory of the site's library path (the LD_LIBRARY_PATH entries of the profile's
    activation lines) named after ``library`` (``libhwloc`` -> ``.../hwloc/lib``), or None."""
    stem = library.removeprefix("lib").lower()
    if not stem:
        return None
    return next((path for path in _library_path(activate)
                 if stem in (part.lower() for part in path.split("/"))), None)


def _root(directory: str) -> str:
    return "/" + directory.strip("/").split("/")[0]


def _bound(spec: str, directory: str) -> bool:
    """Whether a bind spec (``SRC[:DST[:OPTS]][,...]``) makes ``directory`` visible as itself."""
    for item in spec.split(","):
        source, _, rest = item.partition(":")
        target = rest.partition(":")[0] or source
        source = source.rstrip("/") or "/"
        if target.rstrip("/") != source:
            continue  # bound elsewhere in the image: not at its own path
        if directory == source or directory.startswith(source.rstrip("/") + "/"):
            return True
    return False


def _bind_insertions(text: str, directory: str) -> list[int]:
    """The offsets after each container verb of the launch line that binds ``directory``
    nowhere (on its line or in APPTAINER_BIND/SINGULARITY_BIND); FixNotApplicable when the
    launch line runs no container."""
    launch = find_launch(text)
    words = launch.words
    verbs = [words[i + 1] for i in range(len(words) - 1)
             if os.path.basename(words[i].value) in _RUNTIMES and words[i + 1].value in _VERBS]
    if not verbs:
        raise FixNotApplicable("the launch line runs no apptainer/singularity exec or run: no "
                               "container to give the site's library")
    specs = [words[i + 1].value for i in range(len(words) - 1) if words[i].value in _BIND_FLAGS]
    specs += [w.value.split("=", 1)[1] for w in words if re.match(r"--bind=", w.value)]
    specs += re.findall(r"""(?m)^\s*(?:export\s+)?(?:APPTAINER|SINGULARITY)_BIND=["']?([^"'\s]+)""",
                        text)
    if any(_bound(spec, directory) for spec in specs):
        return []
    return [verb.end for verb in verbs]


def _bind_root(text: str, directory: str) -> str:
    """``text`` with ``-B ROOT`` (the top folder of ``directory``) after each container verb of
    the launch line that does not bind ``directory`` yet."""
    for offset in reversed(_bind_insertions(text, directory)):
        text = replace(text, offset, offset, f" -B {_root(directory)}")
    return text


def _runtime_prefix(text: str) -> str:
    words = find_launch(text).words
    names = {os.path.basename(w.value) for w in words}
    return "SINGULARITYENV_" if "singularity" in names and "apptainer" not in names \
        else "APPTAINERENV_"


def _with_library_path(text: str, directory: str, first: bool = False) -> str:
    """``text`` with ``directory`` on the container's library path (see the module docstring);
    ``first``: before the entries an existing export names, else after them."""
    launch_line = find_launch(text).line
    pattern = re.compile(
        r"""^(?P<head>\s*export\s+(?:APPTAINERENV|SINGULARITYENV)_LD_LIBRARY_PATH=)"""
        r"""(?P<q>["']?)(?P<value>[^"'\n]*)(?P=q)\s*$""")
    found = [(i, m) for i, line in enumerate(lines(text)[: launch_line - 1])
             if (m := pattern.match(line))]
    if found:
        index, match = found[-1]
        entries = [e.rstrip("/") for e in match.group("value").split(":")]
        if directory in entries:
            return text
        quote = match.group("q") or '"'
        value = (f"{directory}:{match.group('value')}" if first else
                 f"{match.group('value')}:{directory}") if match.group("value") else directory
        parts = lines(text)
        parts[index] = f"{match.group('head')}{quote}{value}{quote}"
        return join(parts)
    name = f"{_runtime_prefix(text)}LD_LIBRARY_PATH"
    line = f'export {name}="{directory}${{{name}:+:${name}}}"'
    return insert_line(text, launch_line - 1, line)


def container_site_library(text: str, directory: str, bind: bool = True) -> str:
    """``text`` with the site's library ``directory`` bound into the launch line's container
    and on its library path (see the module docstring); ``bind`` false: a directory of the
    image itself, only put on the container's library path (nothing of the host bound)."""
    directory = directory.rstrip("/")
    if not _SAFE_DIR.match(directory):
        raise FixNotApplicable(f"not a plain absolute directory: {directory!r}")
    if not bind:
        _bind_insertions(text, directory)  # the launch line must run a container
        return _with_library_path(text, directory, first=True)
    return _with_library_path(_bind_root(text, directory), directory)


#: The file name NCCL loads a network plugin from.
NET_PLUGIN = "libnccl-net.so"


#: A path part that names an aws-ofi-nccl build (aws-ofi-nccl, ofi_nccl, nccl-ofi).
PLUGIN_WORD = re.compile(r"ofi[-_]?nccl|nccl[-_]ofi", re.IGNORECASE)


def site_plugin_dir(activate: list[str]) -> str | None:
    """The aws-ofi-nccl directory of the site profile's library path (its activation lines),
    or None."""
    return next((path for path in _library_path(activate) if PLUGIN_WORD.search(path)), None)


def site_net_plugin(activate: list[str]) -> str | None:
    """The site's NCCL network plugin: ``libnccl-net.so`` in :func:`site_plugin_dir`, or None."""
    folder = site_plugin_dir(activate)
    return f"{folder}/{NET_PLUGIN}" if folder else None


def container_net_plugin(text: str, plugin: str) -> str:
    """``text`` with the site's NCCL network ``plugin`` (a library path of the profile) bound
    into the launch line's container and preloaded there (``APPTAINERENV_LD_PRELOAD``, or
    ``SINGULARITYENV_``); unchanged when the script preloads a network plugin already."""
    if not _SAFE_DIR.match(plugin):
        raise FixNotApplicable(f"not a plain absolute path: {plugin!r}")
    if re.search(r"(?m)^[^#\n]*LD_PRELOAD=[^\n]*libnccl-net", text):
        return text
    text = _bind_root(text, plugin.rsplit("/", 1)[0])
    name = f"{_runtime_prefix(text)}LD_PRELOAD"
    return insert_line(text, find_launch(text).line - 1, f'export {name}="{plugin}"')
