"""One-line fallbacks a script writes for a value it set above (``[ "$G" -eq 0 ] && G=1``).

``GPUS=$(echo $SLURM_JOB_GPUS | tr ',' '\\n' | wc -l)`` then ``[ "$GPUS" -eq 0 ] && GPUS=1``:
the second line sets GPUS only when its test holds, which is decided when the job runs. Read as
a plain assignment it would replace the count with the fallback (one rank where the job asks
four); the value is instead the earlier one where the test is decided false by the script's
own values, the fallback where decided true, and unknown (no literal of the script) otherwise,
as for a variable an ``if`` block sets on one branch (``_forget_branch_values``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from maple_flow.scriptparse.values import branch_taken

#: ``[ test ] && NAME=value`` / ``[[ test ]] || NAME=value`` / ``test ... && NAME=value``.
_GUARDED = re.compile(
    r"^\s*(?P<open>\[\[?|test)\s+(?P<test>.+?)\s*(?P<close>\]\]?)?\s*(?P<op>&&|\|\|)\s*"
    r"(?P<name>[A-Za-z_]\w*)=(?P<value>\S*)\s*(?:#.*)?$")


def guarded_fallback(text: str) -> tuple[str, str, str, str] | None:
    """(name, test, operator, value) of a one-line guarded assignment, or None."""
    match = _GUARDED.match(text)
    if not match or (match.group("open") == "test") == bool(match.group("close")):
        return None
    return match.group("name"), match.group("test"), match.group("op"), match.group("value")


def fallback_value(text: str, earlier: str | None, assigned: str | None,
                   variables: Mapping[str, str]) -> tuple[bool, str | None]:
    """Whether ``text`` is a guarded fallback of a variable set above, and the value it
    leaves (``earlier`` when its test is decided not to run it, ``assigned`` when decided to,
    None when the script's values do not decide it)."""
    found = guarded_fallback(text)
    if found is None or earlier is None:
        return False, None
    name, test, op, _ = found
    if not re.search(rf"\$\{{?{re.escape(name)}(?!\w)", test):
        return False, None  # a guard on another value: an ordinary conditional assignment
    taken = branch_taken(f"if [ {test} ]; then\n{name}=\nfi", {**variables, name: earlier})
    if taken is None:
        return True, None
    runs = taken if op == "&&" else not taken
    return True, assigned if runs else earlier
