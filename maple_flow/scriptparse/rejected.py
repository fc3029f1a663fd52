"""Slurm directives sbatch rejects: a long option written with ONE dash.

sbatch reads its options with getopt: ``-nodes=1`` is the one-letter option ``-n`` with the
value ``odes=1``, ``-n_tasks_per_node 4`` is ``-n _tasks_per_node``, ``-gres=gpu:1`` is an
unknown ``-g``. sbatch then stops before submitting: an unknown option ends it ("Try "sbatch
--help" for more information", src/sbatch/opt.c), a count that is not a number ends it
("Invalid numeric value", parse_int in src/common/proc_args.c), and so does a time limit that
is not one. Such a script never ran as written, so what it asked is not known from it: the
port refuses, naming each line, how sbatch read it and the two-dash spelling to write.
"""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.knowledge.directives import SLURM_ALIASES, SLURM_SHORT, Directive

#: sbatch's one-letter options beyond those the directive reader names (``-h``, ``-u``,
#: ``-V``, ``-I``, ``-F``): sbatch(1).
_MORE_LETTERS = frozenset("hIuVF")
#: Long options a one-dash misspelling most often means, besides the one-letter ones' names.
_LONG = frozenset({
    "gres", "mem", "mem-per-cpu", "mem-per-gpu", "ntasks-per-node", "gpus-per-node",
    "gpus-per-task", "cpus-per-gpu", "ntasks-per-gpu", "mail-type", "mail-user", "exclusive",
    "time-min", "signal", "export", "requeue", "reservation", "tmp", "gpu-bind", "cpu-bind",
    "open-mode", "comment", "nice", "propagate", "threads-per-core", "hint", "mincpus",
    *SLURM_SHORT.values(), *SLURM_ALIASES})
_COUNT = {"n": re.compile(r"\d+"), "c": re.compile(r"\d+"), "N": re.compile(r"\d+(?:-\d+)?")}
_TIME = re.compile(r"(?:\d+-)?\d+(?::\d+){0,2}|\d+-\d+|(?i:unlimited|infinite)")


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


@lru_cache(maxsize=1024)
def _meant(word: str) -> str:
    """The long option a one-dash word spells (``-n_tasks_per_node`` -> ntasks-per-node;
    kept per word)."""
    stem = _norm(word.lstrip("-").split("=")[0])
    return next((name for name in sorted(_LONG) if _norm(name) == stem), "")


def _why(d: Directive) -> str:
    """How sbatch reads a glued one-dash word and why it stops; "" when it accepts it."""
    word = d.spelled
    if not re.match(r"^-[A-Za-z][A-Za-z_]", word):
        return ""  # -N1, -t1:00:00, -n=4 or a long option: not a long name with one dash
    letter, rest = word[1], word[2:]
    if letter not in SLURM_SHORT and letter not in _MORE_LETTERS:
        return f"sbatch has no option `-{letter}`, so it stops with an error"
    value = d.value or rest
    if letter in _COUNT and not _COUNT[letter].fullmatch(value):
        return (f"sbatch reads `-{letter} {value}` (--{SLURM_SHORT[letter]}), not a number, "
                "so it stops with an error")
    if letter == "t" and not _TIME.fullmatch(value):
        return f"sbatch reads `-t {value}` (--time), not a time, so it stops with an error"
    return ""


def rejected_directives(directives: list[Directive]) -> str:
    """Why sbatch rejects the script's directives (each line, how it reads, what to write);
    ``""`` when it reads them all. Once it rejects one, the other long names written with one
    dash (``-partition=a100``: the partition ``artition=a100``) are named with it."""
    found: list[str] = []
    rejects = False
    for d in directives:
        if d.scheduler != "slurm" or not d.raw.lstrip().startswith("#SBATCH"):
            continue  # a #BSUB/#$ line read as Slurm's: its own spelling
        why, meant = _why(d), _meant(d.spelled)
        if not why and not (meant and re.match(r"^-[A-Za-z][A-Za-z_]", d.spelled)):
            continue
        rejects = rejects or bool(why)
        value = d.spelled.split("=", 1)[1] if "=" in d.spelled else (
            d.raw.split(d.spelled, 1)[1].split("#")[0].split()[:1] or [""])[0]
        why = why or (f"sbatch reads `-{d.spelled[1]} {d.value}` "
                      f"(--{SLURM_SHORT.get(d.spelled[1], d.spelled[1])})")
        fix = (f"; write `--{meant}{'=' + value if value else ''}` (two dashes)" if meant
               else "; write the option's long name with two dashes")
        found.append(f"line {d.line} `{d.raw.strip()}`: {why}{fix}")
    if not rejects:
        return ""
    return ("the script's directives are not what sbatch accepts, so it never ran as written "
            "and what it asks is not known from it: " + "; ".join(found)
            + "; correct the directive(s) and port again")
