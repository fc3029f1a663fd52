"""Stage "notes": a package install the ported job keeps that pins a build for another GPU
vendor or CPU architecture than the target's (``pip install --user torch==2.1.2 --index-url
https://download.pytorch.org/whl/cu121`` kept on Aurora's Intel GPUs; a ``rocm6.0`` wheel on
NVIDIA GPUs; a ``linux_x86_64.whl`` on aarch64 nodes). The line is the user's: the port keeps
it and names it, since the build it installs cannot use the target's GPUs (or run on its
CPUs), and an install into ``~/.local`` or the active environment comes ahead of the site's
own framework."""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.models import ClusterProfile
from maple_flow.port.words import short

#: A package install (``pip3 install ...``, ``python -m pip install``, ``conda install ...``).
_INSTALL = re.compile(r"(?:^|[\s;&|'\"(])(?:\S*/)?(?:pip[\d.]*|python[\d.]*\s+-m\s+pip|uv\s+pip"
                      r"|conda|mamba|micromamba)\s+install\s[^\n;&|]*")
#: Words of an install that name a build for one GPU vendor: PyTorch's wheel indexes and
#: local versions (``whl/cu121``, ``+cu118``, ``whl/rocm6.0``, ``whl/xpu``), wheel pages laid
#: out by CUDA version (``data.dgl.ai/wheels/cu121/``), vendor-named packages.
_VENDOR_BUILD = (
    ("nvidia", "CUDA", re.compile(
        r"/cu\d{2,3}(?=[/\s.\"']|$)|\+cu\d{2,3}(?!\d)|\bjax\[cuda|\btensorflow\[and-cuda\]"
        # a package built for one CUDA (cupy-cuda12x, spconv-cu120, nvidia-cublas-cu12)
        r"|(?<![\w./-])[a-z][\w.]*(?:-[a-z][\w.]*)*-cu(?:da)?1\d{1,2}x?(?![\w.-])"
        r"|\bpytorch-cuda\b|\bcudatoolkit\b")),
    ("amd", "ROCm", re.compile(
        r"/rocm\d[\d.]*(?=[/\s\"']|$)|\+rocm\d|\bcupy-rocm|\bjax\[rocm|\btensorflow-rocm\b")),
    ("intel", "XPU (Intel GPU)", re.compile(r"/xpu(?=[/\s\"']|$)|\+xpu\b")))
_VENDOR_NAMES = {"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}
#: A wheel file named for one CPU architecture (``..._x86_64.whl``, ``..._aarch64.whl``).
_WHEEL_ARCH = re.compile(r"\S+[_-](x86_64|aarch64|amd64|arm64)\.whl\b")
_ARCH = {"amd64": "x86_64", "arm64": "aarch64"}
#: An install into the user's site (``~/.local``), which Python reads before the site's
#: framework module.
_USER = re.compile(r"\s--user\b")


def wheel_notes(lines: list[str], script: str, profile: ClusterProfile) -> list[str]:
    """A note for each install of the source (``lines``) that the ported ``script`` keeps and
    that installs a build for another GPU vendor or CPU architecture than ``profile``'s."""
    installs = _installs(tuple(lines))
    if not installs:
        return []
    kept = " ".join(script.split())
    notes: list[str] = []
    for n, line, matches in installs:
        # the install itself kept (its line may be rewritten around it: `srun pip install`)
        found = [m for m in matches if " ".join(m.split()) in kept]
        why = [w for install in found if (w := _mismatch(install, profile))]
        if why:
            notes.append(f"line {n} `{short(line.strip())}` {why[0]}")
    return notes


@lru_cache(maxsize=256)
def _installs(lines: tuple[str, ...]) -> tuple[tuple[int, str, tuple[str, ...]], ...]:
    """(line number, line, its package installs) of each source line with an install outside
    a comment, in order: read once a source, not once a target."""
    found = []
    for n, line in enumerate(lines, 1):
        text = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
        matches = tuple(m.group(0) for m in _INSTALL.finditer(text))
        if matches:
            found.append((n, line, matches))
    return tuple(found)


def _mismatch(install: str, profile: ClusterProfile) -> str:
    """Why ``install`` installs a build the target cannot use, or ``""``."""
    target = profile.gpu.vendor or ""
    for vendor, label, pattern in _VENDOR_BUILD:
        m = pattern.search(install)
        if m is None or not target or vendor == target:
            continue
        return (f"installs a {label} build (`{m.group(0).strip('/')}`), made for "
                f"{_VENDOR_NAMES[vendor]} GPUs; {profile.name}'s GPUs are "
                f"{_VENDOR_NAMES.get(target, target)} ones: that build cannot use them"
                + _shadow(install, profile)
                + f": drop the line (and use {profile.name}'s own framework) or install the "
                f"{_VENDOR_NAMES.get(target, target)} build of the same packages")
    m = _WHEEL_ARCH.search(install)
    arch = _ARCH.get(m.group(1), m.group(1)) if m is not None else ""
    if m is not None and profile.node.arch and arch != profile.node.arch:
        return (f"installs a wheel built for {arch} CPUs (`{m.group(0).rsplit('/', 1)[-1]}`); "
                f"{profile.name}'s nodes are {profile.node.arch}: pip refuses it there (or "
                f"it does not run): install the {profile.node.arch} build of that package, or "
                "build it on the target")
    return ""


def _shadow(install: str, profile: ClusterProfile) -> str:
    """What the install does to the target's own framework, where it goes to ``~/.local``."""
    return (f", and installed with --user it goes to ~/.local, which Python reads before "
            f"{profile.name}'s framework module: the program then imports it instead of the "
            "site's build") if _USER.search(install) else ""
