"""Python's own venv for a script line that creates an environment with ``virtualenv``.

A cluster (or a Python module) without the separate ``virtualenv`` package leaves the line
``virtualenv DIR`` with "command not found"; ``python3 -m venv DIR`` makes the same folder from
the standard library. :func:`venv_for_virtualenv` rewrites only lines that give virtualenv a
folder and at most ``--system-site-packages`` (an option venv has too): any other virtualenv
option (``-p``, ``--python``, ...) has no venv spelling, so such a line is left alone.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

#: ``virtualenv [--system-site-packages] DIR`` alone on its line (indentation kept).
_VIRTUALENV = re.compile(
    r"^(?P<indent>[ \t]*)virtualenv(?P<rest>(?:[ \t]+--system-site-packages)?[ \t]+"
    r"[^\s;&|<>#-][^\s;&|<>#]*[ \t]*)$")


def venv_for_virtualenv(text: str) -> str:
    """``text`` with each ``virtualenv [--system-site-packages] DIR`` line written as
    ``python3 -m venv [--system-site-packages] DIR``; FixNotApplicable when it has none."""
    parts = text.split("\n")
    changed = False
    for index, line in enumerate(parts):
        found = _VIRTUALENV.match(line)
        if found:
            parts[index] = f"{found['indent']}python3 -m venv{found['rest']}"
            changed = True
    if not changed:
        if re.search(r"(?m)^[ \t]*python3 -m venv\b", text):
            return text  # applied already
        raise FixNotApplicable("no line creates an environment with plain `virtualenv DIR`")
    return "\n".join(parts)
