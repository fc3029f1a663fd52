"""Fixes of a PBS Pro / OpenPBS ``-l select=`` request that qsub refused (issue 17, helper
s21-pbscat; the messages are OpenPBS's own, src/lib/Liblog/pbs_messages.c):

- ``into``: a chunk resource (ncpus, ngpus, mem, mpiprocs, ...) given job-wide next to the
  select (``"-lresource=" cannot be used with "select" or "place", resource is: ngpus``) is
  moved into every chunk of the select that does not name it;
- ``out_of``: a job-wide resource (walltime, place, filesystems, ...) written inside a chunk
  (``Resource invalid in "select" specification: walltime``) is moved to its own ``-l``;
- ``dedupe``: a resource a chunk names twice with the same value (``duplicated resource within a
  section of a select specification``) is kept once; with two values the user's choice is not
  known and nothing is changed;
- ``empty_fields``: empty fields of the select (``select=2::ncpus=64``, a trailing ``:``, the
  ``qsub: illegal -l value`` parse error) are dropped.

Each raises FixNotApplicable with the reason when the script has nothing of the kind.
"""

from __future__ import annotations

import re

from maple_flow.repair import patch_directives as pd
from maple_flow.repair.text import FixNotApplicable

_RESOURCE = re.compile(r"^[A-Za-z_][\w.-]*$")


def _fields(chunk: str) -> list[str]:
    """The ``:``-separated fields of one chunk; a value that holds colons itself
    (``walltime=01:00:00``) stays one field; an empty field stays empty."""
    out: list[str] = []
    for token in chunk.split(":"):
        if out and token and "=" not in token and "=" in out[-1]:
            out[-1] += ":" + token
        else:
            out.append(token)
    return out


def _chunks(select: str) -> list[list[str]]:
    return [_fields(chunk) for chunk in select.split("+")]


def _join(chunks: list[list[str]]) -> str:
    return "+".join(":".join(fields) for fields in chunks)


def _name(field: str) -> str:
    return field.split("=", 1)[0]


def _select(text: str) -> str:
    select = pd.directive_value(text, "pbs", "select")
    if not select:
        raise FixNotApplicable("the script has no PBS select request")
    return select


def _into(text: str, resource: str) -> str:
    value = pd.directive_value(text, "pbs", resource)
    if value is None:
        raise FixNotApplicable(f"the script gives no job-wide -l {resource}")
    chunks = _chunks(_select(text))
    missing = [c for c in chunks if not any(_name(f) == resource for f in c[1:])]
    for chunk in missing:
        chunk.append(f"{resource}={value}")
    text = pd._drop(text, "pbs", resource)[0]  # the job-wide line only, not the chunk's
    return pd.set_directive(text, "pbs", "select", _join(chunks))


def _out_of(text: str, resource: str) -> str:
    chunks = _chunks(_select(text))
    values = {f.split("=", 1)[1] for c in chunks for f in c[1:]
              if _name(f) == resource and "=" in f}
    if not values:
        raise FixNotApplicable(f"no chunk of the select names {resource}")
    if len(values) > 1:
        raise FixNotApplicable(f"the chunks give {resource} several values: which is meant "
                               "is the user's choice")
    kept = [[c[0], *[f for f in c[1:] if _name(f) != resource]] for c in chunks]
    text = pd.set_directive(text, "pbs", "select", _join(kept))
    if pd.directive_value(text, "pbs", resource) is None:
        text = pd.set_directive(text, "pbs", resource, values.pop())
    return text


def _dedupe(text: str, resource: str) -> str:
    chunks = _chunks(_select(text))
    changed = False
    for i, chunk in enumerate(chunks):
        named = [f for f in chunk[1:] if _name(f) == resource]
        if len(named) < 2:
            continue
        if len(set(named)) > 1:
            raise FixNotApplicable(f"a chunk gives {resource} two values ({', '.join(named)}): "
                                   "which is meant is the user's choice")
        first = chunk.index(named[0])
        chunks[i] = [f for j, f in enumerate(chunk) if j <= first or _name(f) != resource]
        changed = True
    if not changed:
        raise FixNotApplicable(f"no chunk of the select names {resource} twice")
    return pd.set_directive(text, "pbs", "select", _join(chunks))


def _empty_fields(text: str) -> str:
    select = _select(text)
    chunks = [[f.strip() for f in c if f.strip()] for c in _chunks(select.replace(" ", ""))]
    chunks = [c for c in chunks if c]
    mended = _join(chunks)
    if not chunks or mended == select:
        raise FixNotApplicable("the select has no empty field")
    return pd.set_directive(text, "pbs", "select", mended)


MODES = ("into", "out_of", "dedupe", "empty_fields")


def pbs_select_mend(text: str, mode: str, resource: str | None) -> str:
    """``text`` with its PBS select request mended as ``mode`` says (module docstring)."""
    if mode == "empty_fields":
        return _empty_fields(text)
    if not resource or not _RESOURCE.match(resource) or resource == "select":
        raise FixNotApplicable(f"no resource name to move ({resource!r})")
    if resource == "place" and mode != "out_of":  # place is job-wide only: never into a chunk
        raise FixNotApplicable("place is a job-wide request, never a chunk resource")
    if mode == "into":
        return _into(text, resource)
    if mode == "out_of":
        return _out_of(text, resource)
    if mode == "dedupe":
        return _dedupe(text, resource)
    raise FixNotApplicable(f"unknown select mend {mode!r}")


def drop_pbs_directive(text: str, words: str) -> str:
    """``text`` without the ``#PBS`` lines whose words are ``words`` (what qsub echoes after
    ``qsub: directive error:``); FixNotApplicable when no line has exactly those words."""
    wanted = words.split()
    if not wanted:
        raise FixNotApplicable("qsub named no directive words")
    parts = text.split("\n")
    kept = [line for line in parts
            if not (line.startswith("#PBS") and line[4:].split() == wanted)]
    if len(kept) == len(parts):
        raise FixNotApplicable(f"no #PBS line reads {' '.join(wanted)!r}")
    return "\n".join(kept)
