"""A directory the program cannot write that a variable of the job script names (issue 17, s30).

``PermissionError: [Errno 13] Permission denied: '/home/_shared/models/hub'`` is raised inside
the user's program, yet the path often comes from the launch script: a cache or output
variable (``export HF_HUB_CACHE=/home/_shared/models/hub``, ``SAVE_DIR=...``) points at a
folder the job cannot write (another user's, a read-only share, a path of another system).
Support staff look for the line that names that folder. This module finds it: the variable
whose literal value is the path the error names, a folder above it (the program writes
below), or a folder below it (the program creates the folder and fails on a parent).

- ``cache_fallback``: a library cache variable whose documented default lies under another
  variable the script also sets to a folder apart from the failing one
  (HF_HUB_CACHE -> $HF_HOME/hub): dropping the line lets the library use the folder the user
  chose for it. The one concrete fix.
- ``dir_variable``: the variable, for a question - which writable folder it should name is
  the user's to say.
- No variable of the script names the path: the path is the program's own (its defaults, its
  arguments, a user profile) and the reason says that no line of the script names it.

Pure functions of the script text and the path the log names.
"""

from __future__ import annotations

import re

from maple_flow.repair.resolve_env import EnvUnresolved, assignments

#: Library cache variables whose default is a folder under another variable (library docs:
#: huggingface_hub environment variables; XDG base directories for torch's hub).
FALLBACK_PARENT: dict[str, str] = {
    "HF_HUB_CACHE": "HF_HOME", "HUGGINGFACE_HUB_CACHE": "HF_HOME",
    "TRANSFORMERS_CACHE": "HF_HOME", "HF_DATASETS_CACHE": "HF_HOME",
    "HF_ASSETS_CACHE": "HF_HOME", "HF_XET_CACHE": "HF_HOME",
    "TORCH_HOME": "XDG_CACHE_HOME",
}


#: A folder value: an absolute path, or one under a variable (``$SCRATCH/hf``, ``${HOME}/x``).
_OWN_FOLDER = re.compile(r"^(?:/|\$\{?[A-Za-z_]\w*\}?/)")


def _norm(path: str) -> str:
    return path.strip().strip("'\"").rstrip("/") or "/"


def _related(value: str, path: str) -> bool:
    """Whether the folder ``value`` is ``path``, above it, or below it (literal absolute
    paths only: a value built from other variables is not read)."""
    v, p = _norm(value), _norm(path)
    if not v.startswith("/") or "$" in v or "`" in v or v == "/":
        return False
    return v == p or p.startswith(v + "/") or v.startswith(p + "/")


def dir_variable(script: str, path: str) -> str:
    """The variable of ``script`` whose literal folder is the failing ``path``, above or below
    it - the closest one (the longest such folder: ``HF_HOME=/s/u/hf`` before ``WORK=/s/u``);
    EnvUnresolved with the reason when none is, or two name that closest folder."""
    found = {n: _norm(v) for n, v in assignments(script).items() if _related(v, path)}
    if not found:
        raise EnvUnresolved(
            f"no line of the script sets a variable to {path} or to a folder above or below "
            f"it: the path is the program's own (its defaults, its arguments or a profile "
            f"the job inherits); the line that is missing is an export of the program's "
            f"cache or output variable to a folder the job can write")
    closest = max(len(v) for v in found.values())
    names = sorted(n for n, v in found.items() if len(v) == closest)
    if len(names) > 1:
        raise EnvUnresolved(f"several variables of the script name {path} ("
                            f"{', '.join(names)}): which one the program used is not known")
    return names[0]


def cache_fallback(script: str, path: str) -> str:
    """The cache variable to drop: the one that names ``path`` (``dir_variable``) when it is
    a library cache whose default lies under a parent variable the script sets to a folder
    that is not ``path`` nor related to it; else EnvUnresolved with the reason."""
    name = dir_variable(script, path)
    parent = FALLBACK_PARENT.get(name)
    if parent is None:
        raise EnvUnresolved(f"{name} names {path}, and no variable the script sets gives the "
                            f"library another folder: which writable folder it should name "
                            f"is yours to say")
    value = assignments(script).get(parent)
    if value is None or not _OWN_FOLDER.match(value.strip("'\"")) or _related(value, path):
        raise EnvUnresolved(f"{name} names {path}; without it the library writes under "
                            f"{parent}, which the script does not set to a folder of its own")
    return name
