"""Mend the ``#PBS`` line qsub refused as ``qsub: directive error: WORDS`` (issue 17, helper
s39unrec). qsub splits a directive into words and echoes them all when its option parser fails
(openpbs src/cmds/qsub.c ``do_dir``), so the words find the line. Three shapes are decided by the
PBS grammar alone, never by a value the user must choose:

- ``comment``: words after the value start with ``#`` (an inline comment qsub reads as
  options): the line is cut before the comment;
- ``space``: the ``-l`` value is split by a space after ``=`` or ``:`` or before a size unit
  (``select= 2:ncpus=4``, ``mem=8 GB``): the words are joined, the unit written in lower case;
- ``no_l``: a lone ``resource=value`` of a PBS job resource without its ``-l``: ``-l`` is put
  in front.

Anything else (an option qsub does not have, an unrendered template) raises FixNotApplicable.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

#: Job-wide and chunk resources PBS takes after ``-l`` (PBS Professional Reference Guide,
#: "Resources Built Into PBS"; Torque's nodes/ppn form included).
_RESOURCES = frozenset({
    "select", "place", "walltime", "mem", "vmem", "pmem", "pvmem", "ncpus", "ngpus", "nodes",
    "cput", "pcput", "file", "filesystems", "software", "mpiprocs", "ompthreads",
})
_UNIT = re.compile(r"^(?:[kmgtp]?b|[kmgtp]?w)$", re.IGNORECASE)
_NO_L = re.compile(r"^(?P<name>[a-z_]+)=\S+$")


def _before_comment(words: list[str]) -> list[str]:
    """The words before the first one that starts a ``#`` comment."""
    for index, word in enumerate(words):
        if word.startswith("#"):
            return words[:index]
    return words


def _joined(value: list[str]) -> str | None:
    """The ``-l`` value words as one word, or None when a split is not a stray space."""
    out = value[0]
    for word in value[1:]:
        if out.endswith(("=", ":")) or word.startswith(":"):
            out += word
        elif re.search(r"=\d+(?:\.\d+)?$", out) and _UNIT.match(word):
            out += word.lower()
        else:
            return None
    return out


def _mended(words: list[str]) -> list[str]:
    """The directive's words mended, or FixNotApplicable when no shape applies."""
    bare = _before_comment(words)
    if bare and len(bare) < len(words):
        return bare
    if len(words) > 2 and words[0] == "-l":
        value = _joined(words[1:])
        if value is not None:
            return ["-l", value]
    match = _NO_L.match(words[0]) if len(words) == 1 else None
    if match and match["name"] in _RESOURCES:
        return ["-l", words[0]]
    raise FixNotApplicable(f"no stray comment, space or missing -l in {' '.join(words)!r}")


def mend_pbs_directive(text: str, words: str) -> str:
    """``text`` with the ``#PBS`` line whose words are ``words`` mended (module docstring)."""
    echoed = _before_comment(words.split())
    if not echoed:
        raise FixNotApplicable("qsub named no directive words")
    parts = text.split("\n")
    for index, line in enumerate(parts):
        if not line.startswith("#PBS"):
            continue
        own = line[4:].split()
        if own == words.split() or (own != echoed and _before_comment(own) == echoed):
            parts[index] = "#PBS " + " ".join(_mended(own))
            return "\n".join(parts)
    raise FixNotApplicable(f"no #PBS line reads {' '.join(echoed)!r}")
