"""``{only_module:NAME}``: the one module the script loads, for a module failure whose message
names no module (an Lmod error raised inside a modulefile, s38rl44).

When the script loads exactly one module (its load/swap lines, any count of the same name),
that module is the one whose load failed; otherwise only the user can say which, so the
placeholder becomes the question ``NAME`` (an answer given for NAME is used as it is).
"""

from __future__ import annotations

from collections.abc import Mapping

from maple_flow.repair.unresolved import Unresolved


class OnlyModuleUnresolved(Unresolved):
    """The script loads no module or several: ``need`` is the question to ask."""


def only_module(script: str, need: str, answers: Mapping[str, str]) -> str:
    """The single module ``script`` loads; the user's answer for ``need`` when given; else
    OnlyModuleUnresolved (no module or several: which one failed is not in the message)."""
    from maple_flow.repair.patch_env import loaded_module_names  # the patcher, on first use

    if need in answers:
        return answers[need]
    names = list(dict.fromkeys(loaded_module_names(script)))
    if len(names) == 1:
        return names[0]
    what = "no module" if not names else f"{len(names)} modules ({', '.join(names)})"
    raise OnlyModuleUnresolved(f"the script loads {what}: which one failed is not in the log",
                               need=need)
