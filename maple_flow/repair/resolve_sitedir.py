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

#: Scratch variables, most specific first (Perlmutter sets both; $PSCRATCH is its own).
SCRATCH_VARIABLES = ("PSCRATCH", "SCRATCH")


class SiteDirUnresolved(Exception):
    """No scratch variable at the site and no answer: ``need`` is the value to ask for."""

    def __init__(self, message: str, need: str) -> None:
        super().__init__(message)
        self.need = need


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
