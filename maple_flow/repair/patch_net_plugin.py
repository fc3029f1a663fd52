"""The site's NCCL network plugin in place of one the job puts on its own library path (pure;
issue 17, helper s36rl37).

A job that puts an aws-ofi-nccl build of its own first on ``LD_LIBRARY_PATH`` (a newer release
built in the home folder) makes NCCL load that plugin instead of the one the site builds for its
network; when that build cannot negotiate with the site's libfabric provider, NCCL logs
``NET/OFI No eligible providers were found`` / ``Unable to find a protocol that worked`` /
``aws-ofi-nccl initialization failed`` and has no network (a Polaris user's 1.21.1 build: its
fi_getinfo hints lack a bit the CXI provider requires, no FI_* variable can add it; the site's
/soft build runs). :func:`site_net_plugin_path` writes the plugin directory of the site's
profile (the aws-ofi-nccl entry of its activation lines' library path) in place of each such
entry of the script's own LD_LIBRARY_PATH lines; entries under the site's own aws-ofi-nccl
folder (another site build) are left alone.
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_container_lib import PLUGIN_WORD as _PLUGIN_WORD
from maple_flow.repair.patch_container_lib import site_plugin_dir
from maple_flow.repair.text import FixNotApplicable

#: A line of the script that sets LD_LIBRARY_PATH, and its value.
_LD_LINE = re.compile(r"^(?P<head>\s*(?:export\s+)?LD_LIBRARY_PATH=)(?P<value>\S+)(?P<tail>.*)$")


def _site_root(site_dir: str) -> str:
    """The folder that holds the site's plugin builds: the path up to its aws-ofi-nccl part."""
    parts = site_dir.split("/")
    index = next(i for i, part in enumerate(parts) if _PLUGIN_WORD.search(part))
    return "/".join(parts[:index + 1]) + "/"


def _mend_value(value: str, site_dir: str) -> str:
    """``value`` (an LD_LIBRARY_PATH word, quoted or not) with its own plugin entries replaced."""
    quote = value[0] if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1 else ""
    inner = value[1:-1] if quote else value
    root = _site_root(site_dir)
    entries = []
    for entry in inner.split(":"):
        own = _PLUGIN_WORD.search(entry) and not entry.rstrip("/").startswith(root.rstrip("/"))
        entries.append(site_dir if own else entry)
    return f"{quote}{':'.join(dict.fromkeys(entries))}{quote}"


def site_net_plugin_path(text: str, activate: list[str]) -> str:
    """``text`` whose LD_LIBRARY_PATH lines name the site's plugin directory in place of the
    job's own aws-ofi-nccl builds; FixNotApplicable when the site names no plugin directory or
    the script puts no plugin build of its own on the path."""
    site_dir = site_plugin_dir(activate)
    if site_dir is None:
        raise FixNotApplicable("the site's profile names no NCCL network plugin directory")
    out, changed = [], False
    for line in text.split("\n"):
        match = _LD_LINE.match(line)
        if match and not line.lstrip().startswith("#"):
            value = _mend_value(match.group("value"), site_dir)
            if value != match.group("value"):
                line, changed = f"{match.group('head')}{value}{match.group('tail')}", True
        out.append(line)
    if not changed:
        raise FixNotApplicable("the script puts no NCCL network plugin build of its own on "
                               "LD_LIBRARY_PATH")
    return "\n".join(out)
