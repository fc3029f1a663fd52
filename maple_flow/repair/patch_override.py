"""A Hydra/OmegaConf ``key=value`` override on the program's command line (issue 17, helper
s36rl39).

Trainers configured by Hydra (verl's ``python3 -m verl.trainer.main_ppo data.train_files=...``)
take their settings as ``key=value`` words after the program. :func:`program_override` sets one
such key: its existing word rewritten, else a word appended to the program's arguments. Only a
program that already takes such overrides is changed, and only with a count (digits), so the
word needs no quoting.
"""

from __future__ import annotations

import re

from maple_flow.errors import MapleError
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.layout import find_launch
from maple_flow.repair.text import FixNotApplicable, Word, replace
from maple_flow.scriptparse import parse_script

#: A ``key=value`` override word (``+key=`` adds, ``++key=`` forces: Hydra's own prefixes).
_OVERRIDE = re.compile(r"^(?P<key>[+]{0,2}[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+)=")


def _program_words(text: str) -> list[Word]:
    """The words of the program's arguments on the launch line; FixNotApplicable when the
    script starts no program."""
    try:
        entry = parse_script(text).launch.entrypoint
        if not entry:
            raise FixNotApplicable("the script starts no program")
        launch = pl.program_launch(find_launch(text), entry)
        first, end = pl.program_args(launch, entry)
    except MapleError as exc:
        raise FixNotApplicable(f"the launch line cannot be read: {exc}") from None
    return launch.words[first:end]


def program_override(text: str, key: str, value: str) -> str:
    """``text`` whose program gets the override ``key=value`` (a count): its own word for
    ``key`` rewritten, else the word appended after its last argument."""
    if not value.isdigit():
        raise FixNotApplicable(f"the value {value!r} is not a count")
    words = _program_words(text)
    keys = [(w, m.group("key").lstrip("+")) for w in words for m in [_OVERRIDE.match(w.value)] if m]
    if not keys:
        raise FixNotApplicable("the program takes no key=value overrides on its command line")
    own = [w for w, k in keys if k == key]
    if own:
        if own[-1].value.split("=", 1)[1] == value:
            raise FixNotApplicable(f"the program already has {key}={value}")
        return replace(text, own[-1].start, own[-1].end, f"{key}={value}")
    last = words[-1]
    return replace(text, last.end, last.end, f" {key}={value}")
