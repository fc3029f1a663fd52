"""Phrase rules for everything but the job size: walltime, account, queue, setup, env."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from maple_flow.errors import ParseError
from maple_flow.extract.scan import Scan
from maple_flow.extract.sizes import GPU_MODEL

_F = re.IGNORECASE
_HMS = r"(\d+-)?\d{1,3}:\d{2}(?::\d{2})?"
_WALL_FLAG = re.compile(
    rf"(?:--time|-t|--walltime|walltime|wall[\s-]?time|wall[\s-]?clock(?:\s+time)?|time[\s-]?limit"
    rf"|runtime|run[\s-]time|time)(?:\s+(?:of|limit|is|at|=|:|to|up\s+to))*(?:\s*[=:])?\s*"
    rf"({_HMS})(?!\d)",
    _F,
)
#: A Slurm/PBS walltime option with one-digit fields ("--time=8:0:0", "walltime=4:0:0").
_SLURM_TIME_FLAG = re.compile(
    r"(?<![\w-])(?:--time|-t|--walltime|walltime)(?:=|\s+)((\d+-)?\d{1,3}:\d{1,2}(?::\d{1,2})?)"
    r"(?![\d:])",
    _F,
)
#: Slurm reads a bare number as minutes; "--time 2 hours" says its own unit (read below).
_WALL_MINUTES_FLAG = re.compile(
    r"(?<![\w-])(?:--time|-t)(?:=|\s+)(\d+)(?![\w:.])(?!\s*(?:days?|hours?|hrs?|hr|h|minutes?"
    r"|mins?|min|m|seconds?|secs?|s)\b)", re.IGNORECASE
)
_HMS_ALONE = re.compile(rf"(?<![\w:.-])({_HMS})(?![\w:])")
_UNIT = (
    r"(weeks?|wks?|days?|d|hours?|hrs?|hr|h|minutes?|mins?|min|m|seconds?|secs?|s)(?![a-z0-9])"
)
#: Smaller units after the first, largest first: "5 days 19 hours", "2 hours and 30 minutes",
#: "1 day, 6 hours and 10 min" (hours only after days or weeks).
_THEN = r"(?:\s*(?:,\s*)?(?:and\s+)?(\d+)\s*({})(?![a-z0-9]))?"
_DURATION = re.compile(
    rf"(?<![\w.])(\d+(?:\.\d+)?)\s*{_UNIT}{_THEN.format('hours?|hrs?|hr|h')}"
    rf"{_THEN.format('minutes?|mins?|min|m')}",
    _F,
)
#: Two durations joined as a range ("3-4 days", "1~2 days", "4 to 5 hours", "between 1 and 2
#: days"): an estimate, not a time limit; asked for unless a walltime is said apart.
_DURATION_RANGE = re.compile(
    r"(?:\bbetween\s+\d+(?:\.\d+)?\s*(?:[a-z]+\s+)?and"
    r"|(?<![\w.])\d+(?:\.\d+)?\s*(?:-|\u2013|~|to|or))"
    rf"\s*\d+(?:\.\d+)?\s*{_UNIT}",
    _F,
)
#: "-2 hours", "for - 2 hours", "minus 2h"; not "... - 6 hours" (a dash between items).
_NEGATIVE_DURATION = re.compile(
    rf"(?:(?<![\w.-])-|(?<=\bfor\s)-\s+|\bminus\s+|\bnegative\s+)\d+(?:\.\d+)?\s*{_UNIT}", _F
)
_COMPACT = re.compile(r"(?<![\w.])(\d+)\s*h(?:rs?)?\s*(\d+)\s*m(?:ins?)?\b", _F)
_WORD_DURATION = re.compile(
    r"\b(half\s+an\s+hour|an\s+hour\s+and\s+a\s+half|an?\s+hour|a\s+day|quarter\s+of\s+an\s+hour"
    r"|a\s+week)\b",
    _F,
)
_WORD_SECONDS = {
    "half an hour": 1800, "an hour and a half": 5400, "an hour": 3600, "a hour": 3600,
    "a day": 86400, "quarter of an hour": 900, "a week": 604800,
}
#: A GPU model named by a number, in the plural ("3090s", "4090s"): not a duration.
_GPU_PLURAL = re.compile(rf"(?=\d+s$){GPU_MODEL}", _F)
_UNIT_SECONDS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}

_NOT_NAMES = frozenset({
    "my", "the", "a", "an", "our", "your", "their", "is", "called", "named", "id", "name",
    "for", "on", "in", "with", "to", "and", "of", "under", "using", "default", "this", "that",
    "which", "any", "same", "it", "be", "will", "should", "please", "number", "code", "it's",
    # verbs after the noun: "our project was run on ...", "the allocation has 2 nodes"
    "was", "were", "has", "have", "had", "ran", "runs", "run", "uses", "used", "needs", "need",
    "requires", "takes", "took", "can", "could", "would", "may", "might", "must", "does", "did",
    "do", "gets", "got", "gives", "trains", "trained",
})
_ACCOUNT = re.compile(
    r"(?:(?<![\w-])-A|--account|\bproject|\ballocation|\baccount|\bacct|\bcharged?\s+(?:it\s+)?to"
    r"|\bbill(?:ed)?\s+to|\bcharging)"
    r"((?:\s+(?:id|name|is|called|named|code|number|my|our|the|project|allocation|account)\b)*"
    r"(?:\s*[=:])?\s*)([A-Za-z0-9][\w.-]*)",
    _F,
)
#: "a project", "an ALCC allocation" right before the account word: the noun is used in
#: general, so the next word is not its name (unless "is", "=", "called" ... introduce one).
_GENERIC_NOUN = re.compile(r"(?<![\w-])(?:a|an)\s+(?:[\w-]+\s+)?$", _F)
_ACCOUNT_BEFORE = re.compile(
    r"(?<![\w-])([A-Za-z]*\d[\w-]*)\s+(?:project|allocation|account)\b", _F
)
_QUEUE_FLAG = re.compile(r"(?<![\w-])(?:-q|--qos|-p|--partition|--queue)(?:=|\s+)([\w.+-]+)")
_QUEUE_AFTER = re.compile(
    r"\b(?:queue|qos|partition)(?:\s+(?:is|named|called|name))*(?:\s*[=:])?\s+([\w.+-]+)", _F
)
_QUEUE_BEFORE = re.compile(r"(?<![\w.+-])([\w.+-]+)\s+(?:queue|qos|partition)\b", _F)
_ENV = re.compile(r"(?<![\w-])([A-Z_][A-Z0-9_]*)=(\"[^\"]*\"|'[^']*'|[^\s,;]+)")
_MODULE = re.compile(r"\bmodule\s+(?:load|add)\s+([\w./+@-]+)", _F)
_JOB_NAME = re.compile(
    r"(?:(?<![\w-])-J|--job-name|\bjob[\s-]name(?:\s+(?:is|of))?|\bname\s+(?:it|the\s+job))"
    r"(?:\s*[=:])?\s*[\"']?([A-Za-z0-9_.-]{1,64})",
    _F,
)


def _duration_seconds(match: re.Match[str]) -> int:
    amount = float(match.group(1)) if len(match.group(1)) <= 9 else 1e7
    seconds = amount * _UNIT_SECONDS[match.group(2)[0].lower()]
    for count, unit in ((match.group(3), match.group(4)), (match.group(5), match.group(6))):
        if count:
            seconds += int(count[:9]) * _UNIT_SECONDS[unit[0].lower()]
    return round(seconds)


def _not_positive(phrase: str) -> ParseError:
    return ParseError(f"a job's time limit must be positive: {phrase.strip()!r} "
                      "(say e.g. 'for 2 hours' or 'walltime 01:30:00')")


def _add_walltime(scan: Scan, seconds: int, phrase: str) -> None:
    if seconds <= 0:
        raise _not_positive(phrase)
    scan.add("walltime", seconds, phrase)


def _hms_seconds(text: str, phrase: str) -> int:
    from maple_flow.models.common import walltime_seconds

    try:
        return walltime_seconds(text)
    except ValueError:
        raise _not_positive(phrase) from None


def scan_walltime(scan: Scan) -> None:
    """Record the walltime in seconds, from flags, HH:MM:SS or durations in words.

    A negative or zero duration ("for -2 hours", "0 minutes") raises ParseError.
    """
    for m in scan.matches(_NEGATIVE_DURATION):
        raise _not_positive(m.group(0))
    for m in scan.matches(_DURATION_RANGE):
        scan.add("walltime_range", m.group(0), m.group(0))
    for m in scan.matches(_SLURM_TIME_FLAG):
        _add_walltime(scan, _hms_seconds(m.group(1), m.group(0)), m.group(0))
    for m in scan.matches(_WALL_FLAG):
        _add_walltime(scan, _hms_seconds(m.group(1), m.group(0)), m.group(0))
    for m in scan.matches(_WALL_MINUTES_FLAG):
        _add_walltime(scan, int(m.group(1)[:9]) * 60, m.group(0))
    for m in scan.matches(_HMS_ALONE):
        _add_walltime(scan, _hms_seconds(m.group(1), m.group(0)), m.group(0))
    for m in scan.matches(_COMPACT):
        seconds = int(m.group(1)[:9]) * 3600 + int(m.group(2)[:9]) * 60
        _add_walltime(scan, seconds, m.group(0))

    def on_duration(m: re.Match[str]) -> bool:
        if _GPU_PLURAL.fullmatch(m.group(0)):
            return False  # "2 3090s": two GPUs of a model named by a number, not seconds
        if m.group(3) and m.group(2)[0].lower() not in "wd":
            return False  # "2 hours 3 hours": no one duration; its numbers are asked about
        _add_walltime(scan, _duration_seconds(m), m.group(0))
        return True

    scan.apply(_DURATION, on_duration)
    for m in scan.matches(_WORD_DURATION):
        key = re.sub(r"\s+", " ", m.group(1).lower())
        scan.add("walltime", _WORD_SECONDS[key], m.group(0))


def scan_account(scan: Scan) -> None:
    """Record the account (project, allocation) to charge."""

    def on_account(m: re.Match[str]) -> bool:
        name = m.group(2)
        if name.lower() in _NOT_NAMES or name.lower() in {"project", "allocation", "account"}:
            return False
        if _GENERIC_NOUN.search(scan.text, 0, m.start()) and not m.group(1).strip():
            return False  # "an ALCC project training on ...": a project, not its name
        scan.add("account", name.rstrip("."), m.group(0))
        return True

    scan.apply(_ACCOUNT, on_account)
    for m in scan.matches(_ACCOUNT_BEFORE):
        scan.add("account", m.group(1), m.group(0))


def scan_queue(scan: Scan, known: list[str] | None) -> None:
    """Record the queue, partition or QOS; names are matched to the cluster's own spelling."""
    lookup = {q.lower(): q for q in known or []}

    def canonical(name: str, explicit: bool) -> str | None:
        name = name.rstrip(".,")
        if name.lower() in lookup:
            return lookup[name.lower()]
        if explicit and name.lower() not in _NOT_NAMES:
            return name
        return None

    def rule(explicit: bool) -> Callable[[re.Match[str]], bool]:
        def on_queue(m: re.Match[str]) -> bool:
            name = canonical(m.group(1), explicit)
            if name is not None:
                scan.add("queue", name, m.group(0))
            return name is not None

        return on_queue

    scan.apply(_QUEUE_FLAG, rule(True))
    scan.apply(_QUEUE_BEFORE, rule(not known))
    scan.apply(_QUEUE_AFTER, rule(not known))
    if "queue" not in scan.found:
        _bare_queue(scan, known or [])


def _bare_queue(scan: Scan, known: list[str]) -> None:
    """A queue named without the word queue ("LS6 gpu-a100-dev, 1 node"): only names too
    distinctive to be ordinary words (with a digit or a hyphen), matched whole."""
    names = [q for q in known if re.search(r"[\d-]", q)]
    if not names:
        return
    alternatives = "|".join(re.escape(q) for q in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w.+/-])({alternatives})(?![\w+/-])", _F)
    lookup = {q.lower(): q for q in names}
    for m in scan.matches(pattern):
        scan.add("queue", lookup[m.group(1).lower()], m.group(0))


def scan_env(scan: Scan) -> None:
    """Record NAME=value environment settings and module loads the request asks for."""
    for m in scan.matches(_ENV):
        scan.add("env", (m.group(1), m.group(2).strip("\"'")), m.group(0))
    for m in scan.matches(_MODULE):
        scan.add("modules", m.group(1), m.group(0))
    for m in scan.matches(_JOB_NAME):
        scan.add("job_name", m.group(1), m.group(0))


#: One comma-, semicolon- or bracket-separated item of a list-like request ("PM, 8 GPUs,
#: m1234, regular"): a single word standing alone.
_LIST_ITEM = re.compile(r"(?:^|(?<=[,;(]))\s*([\w.+-]+)\s*(?=[,;)]|$)")
#: Single words that are not accounts though they look like one: GPU models, precisions.
_NOT_ACCOUNT = re.compile(r"(?:a|h|v|gh|l)\d{2,3}\w*|(?:bf|fp|tf|int)\d+|zero\d|fsdp\d", _F)


#: Names people give models, datasets and runs. An account pattern that takes any of them
#: cannot tell a bare account from such a name on its own ("PM, gpt2, 8 GPUs").
_ACCOUNT_LOOKALIKES = ("gpt2", "llama-7b", "llama2", "resnet50", "cifar10", "t5-small",
                       "bert-base", "vit-b16", "opt-125m", "mistral-7b", "run1", "exp-01")


def _shape(word: str) -> list[tuple[str, int]]:
    """Runs of letters, digits and other characters, with their lengths (m1234: a1, 9x4)."""
    runs = re.findall(r"[A-Za-z]+|\d+|[^A-Za-z\d]+", word)
    return [("a" if r[0].isalpha() else "9" if r[0].isdigit() else r, len(r)) for r in runs]


@cache
def bare_account_rule(pattern: str | None, example: str | None
                      ) -> Callable[[str], bool] | None:
    """Whether a bare word is the cluster's account: it fits the pattern and, where the
    pattern also takes model or run names (``_ACCOUNT_LOOKALIKES``), has the shape of the
    profile's example (m1234 yes, gpt2 no). None: no pattern, no bare accounts."""
    if not pattern:
        return None
    account = re.compile(pattern)
    loose = any(account.fullmatch(name) for name in _ACCOUNT_LOOKALIKES)
    shape = _shape(example) if example else None

    def is_account(word: str) -> bool:
        if not account.fullmatch(word) or not re.search(r"[\d-]", word):
            return False
        if _NOT_ACCOUNT.fullmatch(word):
            return False
        return not loose or (shape is not None and _shape(word) == shape)

    return is_account


def scan_list_items(scan: Scan, is_account: Callable[[str], bool] | None,
                    queues: list[str]) -> None:
    """Account and queue written bare, as items of a list ("PM, 8 GPUs, m1234, regular"),
    read last and only when no rule found them: an item that is exactly one of the
    cluster's queues, or that ``is_account`` (``bare_account_rule``) takes."""
    lookup = {q.lower(): q for q in queues}

    def on_item(m: re.Match[str]) -> bool:
        word = m.group(1)
        if "queue" not in scan.found and word.lower() in lookup:
            scan.add("queue", lookup[word.lower()], word)
            return True
        if "account" not in scan.found and is_account is not None and is_account(word):
            scan.add("account", word, word)
            return True
        return False

    scan.apply(_LIST_ITEM, on_item)
