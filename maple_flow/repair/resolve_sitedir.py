"""The site's scratch directory for a path a fix moves off a small or full file system (s36fs).

A record whose fix points a temporary or cache directory somewhere larger (``APPTAINER_TMPDIR``
when the node's /tmp is full) writes ``{site_scratch:NAME}``: the scratch variable the
cluster's login environment sets, braced so that the quoted value still expands
(``${PSCRATCH}`` on Perlmutter, ``${SCRATCH}`` at TACC and on Anvil; templates/sites/
filesystems.yaml, each target sourced from the centre's page). Where the
site sets none (its project areas are per project: Polaris, Aurora, Delta), which folder is
the user's to say: the answer to NAME, else a question.

Pure: the storage variables are given.
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_storage import first_read, sets
from maple_flow.repair.unresolved import Unresolved

#: Scratch variables, most specific first (Perlmutter sets both; $PSCRATCH is its own).
SCRATCH_VARIABLES = ("PSCRATCH", "SCRATCH")


class SiteDirUnresolved(Unresolved):
    """No scratch variable at the site and no answer: ``need`` is the value to ask for."""


def site_scratch(variables: list[str] | tuple[str, ...], need: str,
                 answers: dict[str, str] | None = None, site: str = "the site") -> str:
    """``${VAR}`` of the site's scratch variable among ``variables``; else the user's answer to
    ``need``; else SiteDirUnresolved asking for it."""
    for name in SCRATCH_VARIABLES:
        if name in variables:
            return "${" + name + "}"
    if answers and answers.get(need):
        return answers[need]
    raise SiteDirUnresolved(f"{site} sets no scratch variable: which large directory to use "
                            f"is yours to say ({need})", need)


# -- a storage variable the site does not set ---------------------------------------------------
# A script written for another site reads its storage variable (``$SCRATCH/run1``, ``$WORK``)
# where the target sets none: the shell expands it empty (``mkdir: cannot create directory
# '/run1'``) or, under ``set -u``, stops (``SCRATCH: unbound variable``). The log and the
# script together decide it: the variable is a storage variable of some site, the target's
# login environment does not set it (templates/sites/filesystems.yaml), the script reads it and
# never sets it, and the path the log names is the script's path with the variable left out.


def _empty_expansions(script: str, names: frozenset[str]) -> list[tuple[str, str]]:
    """(variable, the path after it) of every ``$VAR/rest`` or ``${VAR}/rest`` the script
    writes with a storage variable VAR."""
    found = re.finditer(r"\$\{?([A-Z][A-Z0-9_]*)\}?(/[A-Za-z0-9_.@%+=:,/-]*)", script)
    return [(m.group(1), m.group(2).rstrip("/")) for m in found
            if m.group(1) in names and m.group(2).rstrip("/")]


def unset_storage_variable(script: str, logged: str, names: frozenset[str],
                           site_vars: list[str] | tuple[str, ...], site: str) -> str:
    """The storage variable the failure comes from: ``logged`` is the variable the shell
    found unbound, or the path it wrote with the variable expanded empty (``/run1/ckpt``
    from ``$SCRATCH/run1/ckpt``). It must be a storage variable (``names``) that the site does
    not set (``site_vars``), that the script reads and never sets; SiteDirUnresolved (no
    need) else."""
    if logged.startswith("/"):
        path = logged.rstrip("/")
        hits = {var for var, rest in _empty_expansions(script, names)
                if path == rest or path.startswith(rest + "/") or rest.startswith(path + "/")}
        if len(hits) != 1:
            raise SiteDirUnresolved(f"no one storage variable of the script, left empty, "
                                    f"gives {logged}", "")
        var = hits.pop()
    else:
        var = logged
    if var not in names:
        raise SiteDirUnresolved(f"{var} is not a storage variable", "")
    if var in site_vars:
        raise SiteDirUnresolved(f"{site} sets {var} itself: the job lost its environment", "")
    if first_read(script, var) is None or sets(script, var):
        raise SiteDirUnresolved(f"the script does not read {var} or sets it itself", "")
    return var


def storage_value(var: str, site_vars: list[str] | tuple[str, ...], need: str,
                  answers: dict[str, str] | None = None, site: str = "the site") -> str:
    """What the unset storage variable ``var`` should name at the site: its scratch variable
    for a scratch area (``SCRATCH`` -> ``${PSCRATCH}``); else (a work or project area: which
    of the user's folders is the user's to say) the answer to ``need``, else a question."""
    if "SCRATCH" in var:
        return site_scratch(site_vars, need, answers, site)
    if answers and answers.get(need):
        return answers[need]
    raise SiteDirUnresolved(f"{site} sets no {var}: which of your folders it names is yours "
                            f"to say ({need})", need)
