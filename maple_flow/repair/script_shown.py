"""A log a not-script record reads, whose script shows the cause itself (s37notprec).

A not-script record's signature may carry ``script_lacks``: the message is the program's or a
library's only where the script does not itself set what the message names (a DataLoader
refusing prefetch_factor with no workers is the program's, unless the launch line passes
``--num_workers 0``). When the log holds such a message and the script has that line, the
record rightly stays silent - and no other not-script record found by mere resemblance may say
"not the script" in its place: the script's own line is in play (a question or a hint, never a
false "look elsewhere").
"""

from __future__ import annotations

from maple_flow.repair.matching import found_in, log_views
from maple_flow.repair.models import FailureRecord


def script_shows_cause(records: list[FailureRecord], log_text: str, script: str) -> bool:
    """Whether a signature of a not-script record in ``records`` finds its message in
    ``log_text`` but is excluded by its ``script_lacks``, which ``script`` matches."""
    views = log_views(log_text)
    for record in records:
        if record.script_problem:
            continue
        for sig in record.signatures:
            if not sig.script_lacks or not found_in(sig.script_lacks, script):
                continue
            if any(found_in(sig.pattern, view) for view, _ in views):
                return True
    return False
