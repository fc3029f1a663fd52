"""An installed package's own import failing inside the installation (s29): not the launch's.

A Python ``ImportError``/``ModuleNotFoundError`` is mostly the launch's: the script activated
no environment, another one, or a module reset it, and the program's first import fails. Some
import failures show by their structure that the environment the script chose was found and
ran, and that what failed is the installation inside it:

- ``cannot import name 'N' from 'pkg' (.../site-packages/pkg/__init__.py)``, or with the
  traceback's innermost frame in an installed package: the package is installed and lacks the
  name - two installed versions disagree (a library and its dependency, the user's code and a
  library);
- ``No module named 'pkg.sub'`` raised in a frame of ``pkg`` itself: an installed release that
  misses its own submodule (a broken release);
- a package's own ``raise ImportError(...)`` saying that another package must be installed.

Each needs a single installation in the frames (one ``site-packages`` root and one Python
version: frames of two roots, such as ``~/.local`` beside a conda env, show the launch mixing
environments) and nothing else in the log that speaks of the launch
(:func:`maple_flow.repair.structure.launch_symptom`, less the import line itself). A shared
library that cannot be loaded, a circular or namespace import (``partially initialized``,
``unknown location``), NumPy's C-extension mismatch and a private extension module
(``torch._C``) are left to the records: a library path or a second Python may be the launch's.
"""

from __future__ import annotations

import re

from maple_flow.repair.frames import (
    LAUNCHER_FRAME,
    TRACEBACK_HEAD,
    frame_line,
    read_frames,
    traceback_start,
)
from maple_flow.repair.program_error import final_exception_at

#: The exception types read here.
IMPORT_TYPES = frozenset({"ImportError", "ModuleNotFoundError"})
#: ``cannot import name 'N' from 'pkg.mod' (/path/to/pkg/mod.py)``; the quotes and path optional.
_NAME_FROM = re.compile(
    r"^cannot import name '?(?P<name>[\w.]+)'?(?: from '?(?P<module>[\w.]+)'?)?"
    r"(?: \((?P<path>[^)]*)\))?\s*$")
#: ``No module named 'pkg.sub'``.
_NO_MODULE = re.compile(r"^No module named '?(?P<module>[\w.]+)'?\s*$")
#: A package's own statement that another package must be installed.
_REQUIRES = re.compile(r"(?i)\brequires?\b[^\n]*\binstall|\bpip install\b|to be installed")
#: Import failures the launch may cause (a library path, a second Python, a shadowing file).
_NOT_READ = re.compile(
    r"(?i)\.so\b|shared object|undefined symbol|GLIBC|\.dll\b|partially initialized|"
    r"circular import|unknown location|_multiarray|C-extension|python version")
#: An installed package's file: site-/dist-packages, an egg, a wheel's build folder.
INSTALLED_PATH = re.compile(r"(?:site-packages|dist-packages)/|\.eggs?/")
#: The installation root of a frame's path and the Python version in it.
_ROOT = re.compile(r"^(?P<root>.*?)(?:/lib/python(?P<version>\d\.\d+))?/(?:site|dist)-packages/")


def _frames_and_source(text: str, at: int) -> tuple[list[str], str]:
    """The frame paths of the traceback ending at offset ``at`` (a frame whose ``File "`` the
    excerpt cut off too) and the source line Python printed under its innermost frame ('' when
    none)."""
    start = traceback_start(text, at)
    block = text[start:at]
    frames = [f for f in read_frames(block) if not f.faulthandler]
    if not frames:
        return [], ""
    rest = block[frames[-1].end:].lstrip("\n").splitlines()
    return [f.path for f in frames], rest[0].strip() if rest else ""


def _installations(frames: list[str]) -> set[tuple[str, str]]:
    """The installation roots (and Python versions) the frames' installed files come from."""
    found = set()
    for path in frames:
        match = _ROOT.match(path)
        if match:
            found.add((match.group("root"), match.group("version") or ""))
    return found


def _package_of(path: str) -> str:
    """The top-level package an installed file belongs to (``.../site-packages/git/x.py``:
    ``git``; ``.eggs/setuptools_scm-10.3.4-py3.12.egg/setuptools_scm/x.py``: ``setuptools_scm``)."""
    tail = re.split(r"(?:site-packages|dist-packages)/|\.egg/", path)[-1]
    return tail.split("/")[0].removesuffix(".py")


def _shows_installation(message: str, frames: list[str], source: str) -> bool:
    """Whether the import failure shows an installed package failing inside itself."""
    innermost = frames[-1] if frames else ""
    installed = bool(INSTALLED_PATH.search(innermost))
    name_from = _NAME_FROM.match(message)
    if name_from:
        module, path = name_from.group("module") or "", name_from.group("path") or ""
        if any(part.startswith("_") for part in module.split(".")):
            return False  # a private extension module: the build or a second Python
        return (bool(INSTALLED_PATH.search(path)) or installed
                or (not frames and module.count(".") >= 2))
    no_module = _NO_MODULE.match(message)
    if no_module:
        module = no_module.group("module")
        return installed and "." in module and module.split(".")[0] == _package_of(innermost)
    return (source.startswith(("raise ImportError", "raise ModuleNotFoundError"))
            and bool(_REQUIRES.search(message)))


def traceback_removed(text: str, at: int) -> str:
    """``text`` without the traceback that ends at offset ``at``: its frame lines, the source
    lines under them and its exception line (what remains is checked for the launch)."""
    end = text.find("\n", at)
    end = end if end >= 0 else len(text)
    kept, skip_next = [], False
    for line in text[:at].splitlines():
        frame = frame_line(line)
        if frame is not None and not frame.faulthandler:
            skip_next = True
        elif skip_next:
            skip_next = False
        elif not line.startswith(TRACEBACK_HEAD):
            kept.append(line)
    return "\n".join(kept) + text[end:]


def final_import_error(text: str) -> tuple[str, int] | None:
    """The message of ``text``'s last exception and the offset where its line's text starts
    (past the blank lines the exception pattern may take in), when it is an import failure."""
    found = final_exception_at(text)
    if found is None or found[0] not in IMPORT_TYPES:
        return None
    at = found[2]
    return found[1], at + len(text[at:]) - len(text[at:].lstrip())


def broken_installation(text: str) -> str | None:
    """The exception line when ``text`` (cleaned, without a launcher's summaries) ends in an
    import failure inside an installed package (module docstring), else None. The caller
    checks that nothing else in the log speaks of the launch."""
    found = final_import_error(text)
    if found is None:
        return None
    message, at = found
    if _NOT_READ.search(message):
        return None
    frames, source = _frames_and_source(text, at)
    if len(_installations(frames)) > 1 or any(LAUNCHER_FRAME.search(p) for p in frames):
        return None
    if not _shows_installation(message, frames, source):
        return None
    end = text.find("\n", at)
    return text[at:end if end >= 0 else len(text)].strip()
