"""Parameter expansion of the user's values: a default that holds another ``${...}``."""

from __future__ import annotations

from maple_flow.scriptparse.values import expand


def test_a_default_holding_a_braced_variable_expands_whole() -> None:
    word = "${CODE_ROOT:-/home/${USER}/projects/x}/slurm/run.sh"
    assert expand(word, {}) == "/home/${USER}/projects/x/slurm/run.sh"
    assert expand(word, {"USER": "me"}) == "/home/me/projects/x/slurm/run.sh"
    assert expand(word, {"CODE_ROOT": "/c"}) == "/c/slurm/run.sh"


def test_plain_forms_are_unchanged() -> None:
    assert expand("${A:-x}${B}", {"B": "b"}) == "xb"
    assert expand("${A:-$HOME/x}", {}) == "$HOME/x"
    assert expand("${A}", {}) == "${A}"
