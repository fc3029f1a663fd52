"""Paths a job script names: placeholders the user was meant to fill in (``/path/to/data``,
``/home/xxx/...``, ``YOUR_USERNAME``), and places on the source site's file systems
(``/leonardo_work/...``, ``$CINECA_SCRATCH``, ``~/projects/def-pi``). A port keeps the user's
paths as written (they are the user's) and says so: a placeholder must be filled in, a source-site
path must be moved to one of the target's own storage areas, which the note names
(``templates/sites/filesystems.yaml``)."""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.knowledge.filesystems import (
    area_variables,
    site_of_path,
    site_variable,
    target_storage,
)
from maple_flow.models import ClusterProfile
from maple_flow.port.words import short

#: A path-like word: anything with a slash, up to a separator of the shell or of an option list.
_PATHISH = re.compile(r"""[^\s'"=,;:()|&<>`]*/[^\s'"=,;:()|&`]*""")
#: One component of a path that stands for a value to fill in: xxx, XXXX, your_dir, YOUR_USER,
#: <user>, username (``{name}`` is left alone: a program may format it itself).
_FILL_COMPONENT = re.compile(
    r"(?i)^(?:x{3,}|your(?:[_-]\w*)?|\w*username|<[A-Za-z_][\w -]*>)$")
#: ``path/to`` anywhere in a path (``/path/to/data``, ``PATH/TO/FILE``).
_PATH_TO = re.compile(r"(?i)(?:^|/)path/to(?:/|$)")
#: A placeholder word outside a path: ``YOUR_USERNAME``, ``your_account``.
_FILL_WORD = re.compile(r"(?<![\w$])(?:YOUR_[A-Z0-9_]+|your_(?:user(?:name)?|name|project|"
                        r"account|allocation|dir|path|env|email))\b")
#: Directive lines (their values are the user's too).
DIRECTIVE = re.compile(r"^\s*#\s*(?:SBATCH|PBS|\$|BSUB|COBALT|FLUX:?)\s")
#: Where an operating system or an image keeps its own files (not the user's).
_SYSTEM = re.compile(r"^/(?:usr|opt|etc|bin|sbin|lib|lib64|dev|proc|sys|tmp|var|run|"
                     r"workspace|ext3|root)(?:/|$)")
#: An absolute path, possibly built with variables (``/leonardo_scratch/$USER``).
_ABSOLUTE = re.compile(
    r"(?<![\w$}.~:/-])(/(?:[\w.+%@-]+|\$\{?\w+\}?)(?:/(?:[\w.+%@*-]+|\$\{?\w+\}?|\{[^}/]*\}))+/?)")
_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)")


def _fallback(text: str, name: str) -> str:
    """The fallback of ``${name:-fallback}`` in ``text`` (nested braces kept), or ""."""
    at = re.search(rf"\$\{{{name}:?[-=]", text)
    if at is None:
        return ""
    depth, out = 1, []
    for char in text[at.end():]:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            break
        out.append(char)
    return "".join(out)


def placeholder_paths(text: str) -> list[str]:
    """The placeholder paths and words of one line, in order (``/path/to/output``,
    ``/home/xxx/OpenRLHF``, ``YOUR_USERNAME``)."""
    found: list[str] = []
    for word in _PATHISH.findall(text):
        word = word.strip(".")
        parts = [p for p in word.split("/") if p]
        if _PATH_TO.search(word) or any(_FILL_COMPONENT.match(p) for p in parts):
            found.append(word)
    found += [m.group(0) for m in _FILL_WORD.finditer(text)
              if not any(m.group(0) in w for w in found)]
    return list(dict.fromkeys(found))


def _user_lines(lines: list[str]) -> list[tuple[int, str]]:
    """The script's command and directive lines (numbered from 1), comments and the shebang out."""
    out = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or (text.startswith("#") and not DIRECTIVE.match(text)):
            continue
        out.append((number, text))
    return out


def _assigned(lines: list[str]) -> set[str]:
    return {m.group(1) for line in lines
            for m in re.finditer(r"(?:^|[\s;])(?:export\s+)?([A-Za-z_]\w*)=", line)}


#: One place a script names: ("path", the path, the site whose prefix it has or None) or
#: ("variable", the name, the fallback of ``${name:-fallback}``).
_Place = tuple[str, str, "tuple[str, str, tuple[str, ...]] | str | None"]


#: A container mount's inside end (``--mount ...,target=/app/data``): a path in the image.
_MOUNT_TARGET = re.compile(r"(?<=[,\s])(?:target|dst|destination)=[^\s,]*")
#: An expansion a path is glued to (``"$(pwd)"/data``, ``$HOME/x``): the path is under it.
_GLUED = re.compile(r"(?<![\w/.$}-])[\"']?(\$\([^()]*\)|\$\{?\w+\}?)[\"']?(?=/)")


def _host_side(text: str) -> str:
    """``text`` without what is no absolute path of the host: a container mount's inside end,
    and a path glued to an expansion (``"$(pwd)"/data/x`` is ``data/x`` under the job's
    directory, not ``/data/x``)."""
    return _GLUED.sub("X", _MOUNT_TARGET.sub("", text))


@lru_cache(maxsize=64)
def _source_places(lines: tuple[str, ...]) -> tuple[_Place, ...]:
    """What the script names, whatever the target, in order, each once: its absolute paths
    (with the site whose prefix each has) and the storage variables it reads but does not set
    (with their fallback)."""
    assigned = _assigned(list(lines))
    places: dict[tuple[str, str], _Place] = {}
    for _, text in _user_lines(list(lines)):
        holes = placeholder_paths(text)
        for m in _ABSOLUTE.finditer(re.sub(r":?[-=+?](?=/)", " ", _host_side(text))):
            path = m.group(1)
            while path.endswith("}") and path.count("{") < path.count("}"):
                path = path[:-1]
            if _SYSTEM.match(path) or any(path in h or h in path for h in holes):
                continue
            places.setdefault(("path", path), ("path", path, site_of_path(path)))
        for m in _VARIABLE.finditer(text):
            name = m.group(1)
            if name not in assigned and (site_variable(name) is not None
                                         or name in area_variables()):
                places.setdefault(("variable", name), ("variable", name, _fallback(text, name)))
    return tuple(places.values())


def storage_note(lines: list[str], profile: ClusterProfile) -> str:
    """One note naming the places on the source site's file systems the script uses (paths
    under a site's own prefixes or not, site storage variables, area variables the target does
    not set) and the target's own storage areas; "" when the script names none."""
    theirs = target_storage(profile.id)
    if theirs is None:
        return ""
    named: dict[str, str] = {}
    for kind, name, about in _source_places(tuple(lines)):
        if kind == "path":
            site = about if isinstance(about, tuple) else None
            if site is not None and profile.id in site[2]:
                continue  # the target mounts it too
            key = name if len(name) <= 70 else short(name, 70)
            named.setdefault(key, f"{site[0]}'s {site[1]}" if site else "")
            continue
        default = about if isinstance(about, str) else ""
        own = site_variable(name)
        if own is None and name in theirs.variables:
            continue
        documented = ", ".join(f"${v}" for v in theirs.variables)
        what = (f"{own[0]}'s {own[1]}; {profile.name} does not set it" if own else
                f"a storage variable not among {profile.name}'s documented ones "
                f"({documented}): check it is set there")
        if default and "/" in default:
            what += (f"; where it is unset, `${{{name}:-...}}` takes its fallback "
                     f"{short(default, 50)}")
        named.setdefault(f"${name}", what)
    if not named:
        return ""
    listed = ", ".join(f"`{k}`" + (f" ({v})" if v else "") for k, v in list(named.items())[:8])
    more = f" and {len(named) - 8} more" if len(named) > 8 else ""
    areas = "; ".join(f"{a.name} {a.where}" for a in theirs.areas)
    return (f"your script names places of the source site's file systems: {listed}{more}; "
            "they stay as you wrote them where the port keeps them (your paths); unless "
            f"{profile.name} mounts the same file systems, make them exist there: put the files "
            f"in {profile.name}'s own areas ({areas}) and change the paths (see "
            f"{theirs.source.split(' ')[0]})")


__all__ = ["DIRECTIVE", "placeholder_paths", "storage_note"]
