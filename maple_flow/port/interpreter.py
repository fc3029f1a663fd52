"""The user's own interpreter (``~/venvs/x/bin/python``, ``/scratch/me/env/bin/python``) kept.

A launch that names its interpreter by path runs the program with the user's environment; the
port keeps that path on the target's launch (flagged: it must exist there), where the target's
launch runs the program through an interpreter word. An interpreter of the source site's own
software tree (``/usr/bin/python3``, ``/soft/...``, ``/global/common/software/...``) is the
site's, and the target's interpreter replaces it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from maple_flow.port.stages import entry_pattern, fit_into_quotes, sub_in_launch
from maple_flow.scriptparse.launch import interpreter_variable_word
from maple_flow.shellquote import shell_word, written_word

if TYPE_CHECKING:
    from maple_flow.scriptparse import ParsedScript

#: Software trees of a system or a centre (not a user's environment).
_SITE_SOFTWARE = re.compile(r"^/(?:usr|opt|soft|sw|apps|software|cvmfs|bin)/|"
                            r"^/global/common/software/|^/lus/[^/]+/soft/")


def _interpreter_before(target_python: str, entry: str, module: bool) -> re.Pattern[str]:
    """The target's interpreter word of the launch, right before the program (``python3
    x.py``, ``python3 -m pkg``), with the text before it as group 1. The program is matched
    as the template quotes it or as the user wrote it: a program named by an expansion
    (``-m src.$1``, ``${MODEL_DIR}/train.py``) is passed unquoted, as in the source, so that
    it expands on the target as it did there (``port.dynamic_entry``)."""
    program = (r"-m\s+" if module else "") + entry_pattern(entry)
    return re.compile(rf"(^|\s){re.escape(shell_word(target_python))} (?={program}(\s|$))")


def user_interpreter(python: str) -> str:
    """``python`` when it is a path of the user's own environment, else ``""``."""
    if "/" not in python or _SITE_SOFTWARE.match(python):
        return ""
    return python


def keep_interpreter(script: str, target_python: str, user_python: str,
                     entry: str, module: bool = False, source: str = "") -> tuple[str, bool]:
    """``script`` whose launch runs ``entry`` with ``user_python`` instead of the target's
    ``target_python``; and whether the launch had such an interpreter word to replace. The
    word is written as ``source`` (the user's script) let its shell read it (``written_word``:
    ``/homes/$(whoami)/...`` expands on the target as it did on the source)."""
    word = _interpreter_before(target_python, entry, module)
    return sub_in_launch(script, word,
                         lambda m: f"{m.group(1)}{_user_word(m, user_python, source)} ")


#: The target's ``torchrun`` word on its launch (``srun ... torchrun``, ``bash -c 'exec torchrun``).
_TORCHRUN_WORD = re.compile(r"(^|\s|')((?:exec\s+)?)torchrun(?=\s)")


def keep_interpreter_under_torchrun(script: str, user_python: str,
                                    source: str = "") -> tuple[str, bool]:
    """``script`` whose launch starts its workers with ``user_python -m torch.distributed.run``
    (torchrun's own module, run by the user's interpreter, so the workers run the user's
    environment) in place of the target's ``torchrun`` word; and whether there was one. The
    word is written as ``source`` let its shell read it (``written_word``)."""
    return sub_in_launch(script, _TORCHRUN_WORD, lambda m: (
        f"{m.group(1)}{m.group(2)}{_user_word(m, user_python, source)} -m torch.distributed.run"))


def _user_word(found: re.Match[str], user_python: str, source: str) -> str:
    """The user's interpreter as the word at ``found``: as the source's shell read it
    (``written_word``), except inside a single-quoted string of the launch line (a ``bash -c
    '...'`` body), where it stays ``shell_word``'s."""
    inside = found.string[:found.start()].count("'") % 2
    return shell_word(user_python) if inside else written_word(user_python, source)


_VAR_WORD = re.compile(r"^\$\{?(\w+)\}?$")


def prefix_variable(stage_name: str, lines: list[str]) -> str:
    """The variable a ``$NAME`` word in front of the program names (``${PROFILE_CMD} python
    x.py``) when one of ``lines`` assigns it (``export PROFILE_CMD="nsys profile ..."``),
    else ``""``."""
    m = _VAR_WORD.match(stage_name)
    if m is None:
        return ""
    assign = re.compile(rf"(?:^|[\s;])(?:export\s+)?{m.group(1)}=")
    return m.group(1) if any(assign.search(x) for x in lines) else ""


def keep_prefix(script: str, target_python: str, prefix: str, entry: str,
                module: bool) -> tuple[str, bool]:
    """``script`` whose launch runs ``entry`` behind ``prefix`` (the user's command word set
    in the script, e.g. a profiler): put in front of the target's interpreter word."""
    word = _interpreter_before(target_python, entry, module)
    return sub_in_launch(script, word, lambda m: (
        f"{m.group(1)}{fit_into_quotes(prefix, m.string[:m.start()])} "
        f"{shell_word(target_python)} "))


#: A variable's value that is an interpreter alone: ``python3``, ``/env/bin/python``,
#: ``${PYTHON:-python}``, ``${PY:-.venv/bin/python}``, ``$(which python)``, and a path whose
#: directory a command substitution gives (``$(conda info --base)/envs/x/bin/python``).
_INTERPRETER_VALUE = re.compile(
    r"""["']?(?:\$\{\w+:-)?(?:\$\(\s*(?:which|command\s+-v)\s+)?"""
    r"""(?:(?:\$\([^()]*\)|\S)*/)?python[\d.]*(?:\s*\))?\}?["']?""")


def interpreter_variable(parsed: ParsedScript, lines: list[str]) -> str:
    """The variable the source's launch names its interpreter by (``srun "$PYTHON" x.py``,
    ``$PY -m pkg``) when a line of the script assigns it an interpreter
    (``PYTHON="${PYTHON:-.venv/bin/python}"``, ``PYTHON=/env/bin/python``): the user's own
    choice of interpreter, which the port keeps on its launch. ``""`` when there is none, or
    when it names the source site's own software tree."""
    block = parsed.launch_block
    if block is None or parsed.launch.command or not parsed.launch.python:
        return ""
    for name in parsed.launch_vars:
        value = parsed.variables.get(name, "")
        if not _INTERPRETER_VALUE.fullmatch(value.strip()) or _SITE_SOFTWARE.search(
                value.strip("\"'${}").split(":-")[-1]):
            continue
        word = re.compile(rf"""(?:^|[\s'"]){re.escape('$')}\{{?{name}\}}?["']?\s+\S""")
        if word.search(block.text) and prefix_variable(f"${name}", lines):
            return name
    return ""


def variable_interpreter(parsed: ParsedScript) -> str:
    """The variable the source's launch names its interpreter by (``exec "$GROOT_PYTHON"
    train.py``, ``"${PYTHON_BIN}" -m pkg``) when the script gives it no one value the port
    reads (never set in the script: it comes from the submitting environment or a sourced
    file; or set only by the script's branches and fallbacks, one chosen when the job runs):
    the user's choice of interpreter, which the port keeps on its launch; ``""`` otherwise."""
    launch = parsed.launch
    name = interpreter_variable_word(launch.python) if launch.python else ""
    if not name or launch.command or name in parsed.variables or name in parsed.env:
        return ""
    return name


def keep_interpreter_variable(script: str, target_python: str, name: str, entry: str,
                              module: bool) -> tuple[str, bool]:
    """``script`` whose launch runs ``entry`` with ``"$NAME"`` (the user's interpreter
    variable) in place of the target's interpreter word, or, where the target starts its
    workers with torchrun (which runs the Python it was installed with), with ``"$NAME" -m
    torch.distributed.run``, the same launcher run by the user's interpreter."""
    word = _interpreter_before(target_python, entry, module)
    var = f'"${name}"'
    out, kept = sub_in_launch(script, word, lambda m: (
        m.group(1) + fit_into_quotes(var, m.string[:m.start()]) + " "))
    if kept:
        return out, True
    runner = re.compile(r"(^|\s)torchrun(?=\s)")
    return sub_in_launch(script, runner, lambda m: (
        m.group(1) + fit_into_quotes(var, m.string[:m.start()]) + " -m torch.distributed.run"))


#: A launcher path whose words the port can write as they stand: plain path characters and
#: ``$NAME``/``${NAME}`` references (``.venv/bin/torchrun``, ``$VENV/bin/accelerate``).
_PLAIN_PATH = re.compile(r"(?:[\w./~+-]|\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\})+")
#: The per-node launchers whose word the port can give the user's path.
_OWN_LAUNCHERS = ("torchrun", "accelerate", "deepspeed")


def user_launcher(p: ParsedScript) -> tuple[str, str]:
    """``(name, path)`` of the source launch's per-node launcher where the user ran it from
    their own environment by path (``.venv/bin/torchrun``, ``$VENV/bin/accelerate``), else
    ``("", "")``. A launcher of the source site's software tree is the site's."""
    for stage in p.launch.stages:
        if stage.name in _OWN_LAUNCHERS and stage.path and user_interpreter(stage.path):
            return stage.name, stage.path
    return "", ""


def launcher_path_names(path: str) -> list[str]:
    """The variables ``path`` reads (``$VENV/bin/torchrun`` -> ``["VENV"]``)."""
    return re.findall(r"\$\{?([A-Za-z_]\w*)\}?", path)


def sibling_python(name: str, path: str) -> str:
    """The python of the environment ``path`` (a launcher in its ``bin/``) belongs to:
    ``.venv/bin/torchrun`` -> ``.venv/bin/python`` (a venv or conda env installs its console
    scripts beside its own python); ``""`` when ``path`` is not ``.../bin/NAME``."""
    head, _, base = path.rpartition("/")
    return f"{head}/python" if base == name and head.endswith("bin") else ""


def keep_launcher_path(script: str, name: str, path: str) -> tuple[str, bool]:
    """``script`` whose launch starts its workers with the user's ``path`` in place of the
    target's ``name`` word (``torchrun`` -> ``.venv/bin/torchrun``, also inside the target's
    ``bash -c '...'`` wrapper, where a ``$NAME`` it reads is expanded by the job's shell);
    and whether there was such a word. A path with other characters is not written."""
    if not _PLAIN_PATH.fullmatch(path):
        return script, False
    word = re.compile(rf"(^|\s|')((?:exec\s+)?){name}(?=\s)")

    def put(m: re.Match[str]) -> str:
        before = m.string[:m.start()] + m.group(1)
        inside = before.count("'") % 2
        text = fit_into_quotes(path, before) if inside else _outside(path)
        return f"{m.group(1)}{m.group(2)}{text}"

    return sub_in_launch(script, word, put)


def _outside(path: str) -> str:
    """``path`` as a word of the launch line outside quotes: ``$NAME`` references in double
    quotes (so a value with spaces stays one word), a leading ``~/`` as written."""
    if "$" not in path:
        return path if re.fullmatch(r"[\w./~+-]+", path) else shell_word(path)
    return '"' + path + '"' if not path.startswith("~") else path
