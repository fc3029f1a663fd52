"""The Python interpreter the script's launch line starts, and that line (s38precA).

A package import that fails in a job that sets up no environment names neither the python
that ran nor where the user's environment is: a record that asks for the interpreter's path
(``{ask:python_path}``) writes the answer in place of the launch line's interpreter word.
Pure functions of the script text.
"""

from __future__ import annotations

import re

from maple_flow.errors import MapleError
from maple_flow.repair.layout import find_launch

#: A Python interpreter's command name (``python``, ``python3``, ``python3.11``), any path.
_PYTHON = re.compile(r"(?:^|/)python(?:\d(?:\.\d+)?)?$")


def launch_python(script: str) -> tuple[int, str] | None:
    """(1-based line, word) of the Python interpreter the launch line starts (the first word
    of the launch that names one); None when the launch runs none or there is no launch."""
    try:
        launch = find_launch(script)
    except MapleError:
        return None
    for word in launch.words:
        if _PYTHON.search(word.value):
            return script.count("\n", 0, word.start) + 1, word.value
    return None
