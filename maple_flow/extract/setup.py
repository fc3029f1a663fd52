"""Phrase rules for the cluster and the training setup (framework and strategy)."""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise

from maple_flow.extract.scan import Scan

_F = re.IGNORECASE
#: (pattern, framework or None, strategy or None), most specific first.
_SETUP_RULES: tuple[tuple[re.Pattern[str], str | None, str | None], ...] = tuple(
    (re.compile(p, _F), fw, st)
    for p, fw, st in (
        # "ZeRO stage 3", "zero3", and accelerate's YAML key "zero_stage: 3"
        (r"\bzero[\s_-]*(?:stage[\s_-]*(?:[:=]\s*)?)?(?:3|three|iii)\b|\bzero-?3\b"
         r"|\bdeepspeed_stage_3(?:_offload)?\b", "deepspeed", "zero3"),
        # Lightning's strategy classes: DeepSpeedStrategy, FSDPStrategy, DDPStrategy;
        # accelerate launch's own switches: --use_deepspeed, --use_fsdp
        (r"\bdeep[\s-]?speed(?:strategy)?\b|--use_deepspeed\b", "deepspeed", None),
        (r"\b(?:hf\s+|hugging\s?face\s+)?accelerate\b", "accelerate", None),
        (r"--use_fsdp\b|\bfsdp2?(?:strategy)?\b|\bfully[\s-]+sharded(?:[\s-]+data[\s-]+parallel)?\b",
         None, "fsdp"),
        (r"\bddp(?:strategy)?\b|\bdistributed[\s-]+data[\s-]+parallel\b|\bdata[\s-]+parallel\b",
         None, "ddp"),
        (r"\btorchrun\b|\btorch\.distributed\.(?:run|launch)\b|\bpytorch\s+distributed\b"
         r"|\btorch\s+distributed\b|\bpy[\s-]?torch\b", "pytorch", None),
    )
)
_CLUSTER_WORD = re.compile(r"[a-z0-9]+")
#: A queue word right after a name: "Anvil GPU partition" names Anvil and its gpu partition,
#: so a longer alias ("Anvil GPU") gives way to the shorter one.
_QUEUE_WORD = re.compile(r"\s?(?:queue|partition|qos)\b", _F)


def scan_setup(scan: Scan) -> None:
    """Record framework and strategy keywords ("ZeRO-3", "fully sharded", "HF Accelerate")."""
    for pattern, framework, strategy in _SETUP_RULES:
        for m in scan.matches(pattern):
            if framework:
                scan.add("framework", framework, m.group(0))
            if strategy:
                scan.add("strategy", strategy, m.group(0))


def setup_words(word: str) -> bool:
    """Whether ``word`` (a single word or phrase) names a framework or strategy."""
    return any(pattern.fullmatch(word) for pattern, _, _ in _SETUP_RULES)


def _words(text: str) -> list[tuple[str, int, int]]:
    low = re.sub(r"'s\b", "  ", text.lower())
    return [(m.group(0), m.start(), m.end()) for m in _CLUSTER_WORD.finditer(low)]


def _standalone(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is not part of a longer token ("abcd-dtai-gh", "m1234_pm")."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or before in "-_/." or after.isalnum() or after in "-_/")


#: What may stand between the words of one name: "Stampede 3", "Lonestar-6", "pm_gpu".
#: Not a comma or a spaced dash: "Bridges, 2 nodes" and "Lonestar -- 6 GPUs" name Bridges
#: and Lonestar, and the number is a size.
_NAME_GAP = re.compile(r"(?:'s)?[\s_-]?")


def _one_name(text: str, chunk: list[tuple[str, int, int]]) -> bool:
    """Whether the words of ``chunk`` are written as one name (see ``_NAME_GAP``)."""
    return all(_NAME_GAP.fullmatch(text[a[2]:b[1]]) for a, b in pairwise(chunk))


@cache
def _prefixes(names: tuple[str, ...]) -> frozenset[str]:
    """Every leading part of every name ("d", "de", ..., "deltaai")."""
    return frozenset(n[:i] for n in names for i in range(1, len(n) + 1))


def scan_cluster(scan: Scan, index: dict[str, str]) -> None:
    """Record every cluster named, longest alias first ("delta ai" before "delta"), unless
    the longer alias's last word is a queue's name ("Stampede3 pvc queue")."""
    words = _words(scan.text)
    prefixes = _prefixes(tuple(index))
    i = 0
    while i < len(words):
        if words[i][0] not in prefixes:  # no name starts with this word
            i += 1
            continue
        for size in (4, 3, 2, 1):
            chunk = words[i : i + size]
            if len(chunk) < size:
                continue
            key = "".join(w for w, _, _ in chunk)
            start, end = chunk[0][1], chunk[-1][2]
            if (key in index and not key.isdigit() and _standalone(scan.text, start, end)
                    and _one_name(scan.text, chunk)
                    and not (size > 1 and _QUEUE_WORD.match(scan.text, end))):
                scan.add("cluster", index[key], scan.text[start:end])
                scan.blank(start, end)
                i += size
                break
        else:
            i += 1
