"""Long and adversarial requests shared by tests/test_fuzz.py (hypothesis) and the worst-case
latency benchmark (bench/latency/extract_worst.py): every one must give a result or a typed
error, and quickly (the benchmark measures it; the tests assert no time)."""

from __future__ import annotations

import random
from collections.abc import Iterator

#: Words that start a phrase rule (a count, a flag, a keyword).
HEADS: tuple[str, ...] = (
    "1 gpus", "2 nodes", "time", "--time", "-t", "queue", "account", "project", "train.py",
    "python -m a", "1 x", "all gpus of", "1", "a", "1 gpus per", "module load", "A=",
    "job name", "walltime", "half", "an hour", "1 h", "charged to", "2 x 4", "`train.py", "'",
    "on delta", "nvidia", "a100", "1 a100", "cluster", "on Frontier", "-N", "--nodes=",
    "8 GPUs across", "for -", "~/", "$SCRATCH/",
)
#: What is repeated after a head to make a long request.
FILLS: tuple[str, ...] = (
    " ", "\t", " ,", ", ", "\n", " -", "  x", ". ", " of", " and", " 1", "1", "x", "-",
    " 1 x", "1-", "a100-", "1h", "1x", "1:", "1.1.1", " nodes", " gpus", " per node",
    " is", " =", " :", "/", "a/", "$", "~", "`", "\"", " on polaris", " delta ai", " two",
)
#: Whole words repeated (the request-like vocabulary of the fuzz tests).
WORDS: tuple[str, ...] = (
    "2", "two", "nodes", "GPUs", "per", "node", "across", "on", "polaris", "Perlmutter",
    "delta ai", "FSDP", "ZeRO-3", "accelerate", "train.py", "python -m x.y", "--epochs", "3",
    "for", "hours", "30 min", "-A", "m1234", "queue", "debug", "`", '"', "'", "--nodes", "-N",
    "x", "4xA100", "all GPUs of", "a dozen", "walltime", "01:00:00", "=", ":", ",",
)
LIMIT = 8192


def adversarial(head: str, fill: str, length: int = LIMIT, tail: str = "") -> str:
    """``head`` followed by ``fill`` repeated, then ``tail``, cut to ``length`` characters."""
    body = head + fill * (length // max(len(fill), 1) + 1)
    return body[: max(length - len(tail), 0)] + tail


def corpus(seed: int = 10, random_cases: int = 200) -> Iterator[str]:
    """The benchmark corpus: every head x fill at the length limit (with and without a
    valid request after it), every word repeated, and seeded random long strings."""
    for head in HEADS:
        for fill in FILLS:
            yield adversarial(head, fill)
            yield adversarial(head, fill, tail=" train.py on 2 nodes of polaris")
    for word in WORDS:
        yield adversarial("", word + " ")
    rng = random.Random(seed)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 -_.:/=,;`'\"$~\n\tXAGN"
    for _ in range(random_cases):
        size = rng.randint(1000, LIMIT)
        if rng.random() < 0.5:
            yield "".join(rng.choice(alphabet) for _ in range(size))
        else:
            yield " ".join(rng.choice(WORDS) for _ in range(size // 4))[:LIMIT]
