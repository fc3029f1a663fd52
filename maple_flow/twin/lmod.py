"""The personality's Lmod module tree: every module name the profile lists, as real modulefiles.

Modules of the Python stack (the profile's own modules, their families, and the usual Python
stack names) put the twin's Python (with torch) on PATH and define a ``conda`` shell function;
every other module loads and does nothing else. A name the profile does not list does not
exist, so ``module load`` fails the way Lmod fails on the real cluster.
"""

from __future__ import annotations

import re
from pathlib import Path

from maple_flow.models import ClusterProfile
from maple_flow.twin.userenv import SITE_DEFAULT_MODULE, conda_envs

#: Module families that carry a Python stack on HPC sites (generic naming, not cluster facts).
PYTHON_FAMILIES = re.compile(
    r"^(python\d*|pytorch|conda|anaconda\w*|miniforge\w*|miniconda\w*|frameworks|ai|"
    r"ml-toolkit\w*|learning|py-torch|torch)$", re.I)


def family(module: str) -> str:
    """The family of a module name: 'pytorch/2.6.0' -> 'pytorch'."""
    return module.split("/", 1)[0]


def provides_python(module: str, profile: ClusterProfile) -> bool:
    """True when loading ``module`` puts a Python stack on PATH in this personality."""
    own = {family(m) for m in profile.software.modules}
    return module in profile.software.modules or family(module) in own or bool(
        PYTHON_FAMILIES.match(family(module)))


def conda_function(python_bin: Path, envs: list[str]) -> str:
    """Body of the bash ``conda`` function: ``activate`` knows base and ``envs``."""
    prefix = python_bin.parent
    names = "|".join(["base", str(prefix), *envs])
    return (
        'case "$1" in '
        'activate) case "${2:-base}" in '
        f'{names}) export CONDA_DEFAULT_ENV="${{2:-base}}" CONDA_PREFIX="{prefix}" '
        f'PATH="{python_bin}:$PATH"; hash -r;; '
        '*) echo "EnvironmentNameNotFound: Could not find conda environment: $2" >&2; '
        'return 1;; esac;; '
        'deactivate) unset CONDA_DEFAULT_ENV CONDA_PREFIX;; '
        '*) echo "conda (maple_flow twin): only activate and deactivate exist here" >&2; '
        'return 1;; esac'
    )


def modulefile(module: str, profile: ClusterProfile, python_bin: Path, conda_bin: Path) -> str:
    """Lua modulefile text of ``module``."""
    lines = [
        f'help([[maple_flow twin stand-in for {module} on {profile.name}]])',
        f'whatis("Name: {module}")',
        f'prepend_path("MAPLE_TWIN_LOADED", "{module}")',
    ]
    if provides_python(module, profile):
        lines.append(f'prepend_path("PATH", "{conda_bin}")')
        lines.append(f'prepend_path("PATH", "{python_bin}")')
        body = conda_function(python_bin, conda_envs(profile)).replace("]]", "] ]")
        lines.append(f'set_shell_function("conda", [[{body}]], "")')
    return "\n".join(lines) + "\n"


SITE_DEFAULT_TEXT = '-- maple_flow twin: the site default environment `module reset` restores\n'


def module_files(profile: ClusterProfile, python_bin: Path, conda_bin: Path) -> dict[str, str]:
    """Relative path -> modulefile text for every module the profile lists.

    A bare name that is also a family with versions ('conda' next to 'conda/2024-04-29')
    becomes the family's default version, as on Lmod sites.
    """
    names = list(dict.fromkeys([*profile.software.available_modules, *profile.software.modules]))
    versioned = {family(n) for n in names if "/" in n}
    files: dict[str, str] = {}
    for name in names:
        if "/" not in name and name in versioned:
            continue  # loading the bare family name picks its default version
        files[f"{name}.lua"] = modulefile(name, profile, python_bin, conda_bin)
    for fam in versioned:
        if fam in names:
            files[f"{fam}/default"] = ""  # marker: see write_module_tree
    files.setdefault(f"{SITE_DEFAULT_MODULE}.lua", SITE_DEFAULT_TEXT)
    return files


def write_module_tree(
    root: Path, profile: ClusterProfile, python_bin: Path, conda_bin: Path
) -> None:
    """Write the module tree under ``root`` (replacing an older one)."""
    for path in sorted(root.rglob("*"), reverse=True) if root.exists() else []:
        if path.is_file() or path.is_symlink():
            path.unlink()
        else:
            path.rmdir()
    root.mkdir(parents=True, exist_ok=True)
    files = module_files(profile, python_bin, conda_bin)
    for rel, text in files.items():
        if rel.endswith("/default"):
            continue
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for rel in files:
        if rel.endswith("/default"):
            fam = rel[: -len("/default")]
            versions = sorted(p.name for p in (root / fam).glob("*.lua"))
            if versions:
                (root / fam / "default").symlink_to(versions[-1])
