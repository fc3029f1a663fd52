"""A new rendezvous port in the program's own ``tcp://HOST:PORT`` init URL (s38precB).

A program started with its rendezvous given as a URL on its launch line (detectron2's and the
PyTorch examples' ``--dist-url tcp://127.0.0.1:23456``, ``--init_method tcp://...``) binds the
URL's port through torch's tcp:// init method, which never reads ``MASTER_PORT``: an exported
MASTER_PORT changes nothing there (pytorch/examples#840, detectron2#91). The port is therefore
set where the URL gives it: a literal port in place, a user variable the URL reads at its
literal assignment. A URL that reads ``$MASTER_PORT`` is left to the export.
"""

from __future__ import annotations

import re

from maple_flow.repair.layout import find_launch
from maple_flow.repair.patch_layout import literal_int, set_literal
from maple_flow.repair.text import FixNotApplicable

#: A tcp:// URL with a literal port: the part up to the colon (group 1), the port (group 2).
URL_LITERAL_PORT = re.compile(r"(tcp://[^\s'\"/:$]*:)(\d{2,5})\b")
#: A tcp:// URL whose port is a variable (``tcp://127.0.0.1:${port}``).
URL_VARIABLE_PORT = re.compile(r"tcp://[^\s'\"/:]*:\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?")


def set_url_port(text: str, port: str) -> str | None:
    """``text`` with the port of the launch line's tcp:// URL set to ``port`` (digits): in
    place when the URL writes it, at its assignment when a variable the script sets to a
    number gives it. None when the launch line has no such URL or the URL reads MASTER_PORT
    or a variable whose value the script does not set (then the caller's export applies)."""
    if not port.isdigit():
        return None
    try:
        launch = find_launch(text)
    except FixNotApplicable:
        return None
    span = text[launch.start:launch.end]
    if URL_LITERAL_PORT.search(span):
        if {m.group(2) for m in URL_LITERAL_PORT.finditer(span)} == {port}:
            from maple_flow.repair.resolve import shifted_port

            port = str(shifted_port(int(port)))  # the URL already gives the new port
        new = URL_LITERAL_PORT.sub(lambda m: m.group(1) + port, span)
        return text[:launch.start] + new + text[launch.end:]
    m = URL_VARIABLE_PORT.search(span)
    if m and m.group(1) != "MASTER_PORT" and literal_int(text, m.group(1)) is not None:
        return set_literal(text, m.group(1), int(port))
    return None
