"""Job TEMPLATES: a file whose directives or commands hold placeholders that a generator fills
before submission (``#SBATCH --nodes={nodes}`` for ``str.format``, ``{{ gpus }}`` and
``{% if %}`` for Jinja or mustache, ``__NNODES__``/``@GPUS@``/``%%JOB%%`` for ``sed``,
``<ACCOUNT>`` in a size directive). Such a file is not a job yet: a port would carry the
placeholders as literal text (quoted, so the generator's text replacement may no longer
fit) or read them as programs and counts. The refusal names every placeholder and its lines,
so the user renders the template (or fills those values) and ports the job it gives.

Only text the shell would see is read: comments, quoted words (``python -c "print(f'{x}')"``,
``awk '{print}'``) and here-documents are skipped; ``${NAME}``, ``${{`` and brace expansion
(``{1..4}``, ``{a,b}``) are shell, not placeholders."""

from __future__ import annotations

import re

#: Jinja/mustache: ``{{ name }}``, ``{{S}}``, ``{% if x %}``, ``{# comment #}``.
_JINJA = re.compile(r"(?<![$\\])\{\{[^{}\n]*\}\}|\{%[^\n]*?%\}|\{#[^\n]*?#\}")
#: ``str.format``: ``{name}``, ``{cfg.nodes}``, ``{0}`` (not ``${name}``, not ``{a,b}``).
_FORMAT = re.compile(r"(?<![$\w{\\])\{(?:[A-Za-z_][\w.]*|\d+)(?:![rsa])?(?::[^{}\s]*)?\}(?!\})")
#: ``sed``/autoconf markers: ``__NNODES__``, ``@GPUS@``, ``%%JOB%%``.
_MARKER = re.compile(r"(?<![\w.])(?:__[A-Z][A-Z0-9_]*[A-Z0-9]__|@[A-Z][A-Z0-9_]*@|"
                     r"%%[A-Z][A-Z0-9_]*%%)(?![\w])")
#: An angle-bracket placeholder (``<NUM_NODES>``, ``<your_account>``).
_ANGLE = re.compile(r"<[A-Za-z][\w -]*>")
_DIRECTIVE = re.compile(r"^\s*#(?:SBATCH|PBS|BSUB|\$)\s+(.*)$")
#: Directives that size the job: a placeholder there leaves the job's size unknown.
_SIZE_OPTION = re.compile(
    r"^(?:-N|--nodes|-n|--ntasks\S*|--tasks-per-node|--gres|--gpus\S*|-G|-c|--cpus-per-\w+|"
    r"--mem\S*|-l|-nnodes|-gpu)\b")
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")
_QUOTED = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"")
_SINGLE_QUOTED = re.compile(r"'[^']*'")
_MAX_NAMED = 6


def _shell_lines(text: str) -> list[tuple[int, str, bool]]:
    """(line number, text, is a directive) of the lines the shell or scheduler reads, with
    here-document bodies and plain comments left out; a directive keeps only its value."""
    out: list[tuple[int, str, bool]] = []
    end = ""
    for n, line in enumerate(text.split("\n"), 1):
        if end:
            end = "" if line.strip() == end else end
            continue
        directive = _DIRECTIVE.match(line)
        if directive:
            out.append((n, directive.group(1).split(" #", 1)[0], True))
            continue
        if line.lstrip().startswith("#"):
            continue
        doc = _HEREDOC.search(line)
        if doc:
            end = doc.group(2)
        out.append((n, line, False))
    return out


#: A ``sed`` substitution's pattern (``sed -e "s/{{DATASET}}/$ds/g" tmpl.yaml``): the script
#: renders a template file of its own there, the braces are the text it replaces.
_SED_PATTERN = re.compile(r"(?:^|[\s'\"])s([/|#,:@])$")


def _sed_pattern(line: str, start: int) -> bool:
    return bool(_SED_PATTERN.search(line[:start]))


#: Directives that name the account or project the job is charged to: a port never carries
#: the source's account (each target gets its own, or its placeholder and a note), so a
#: placeholder there (``#SBATCH -A {your_project_id}``) blocks nothing.
_ACCOUNT_OPTION = re.compile(r"^(?:-A|--account|-P|--project)(?:=|\s|$)")


def _placeholders(line: str, directive: bool) -> list[str]:
    if directive and _ACCOUNT_OPTION.match(line.strip()):
        return []  # the account: replaced by every port
    found = [m.group(0) for m in _JINJA.finditer(line)
             if directive or not _sed_pattern(line, m.start())]
    # a directive's single-quoted word is a literal value (``#SBATCH -A '{m.x}x'``, as a
    # user's answer is written), not a generator's placeholder
    quoted = _QUOTED if not directive else _SINGLE_QUOTED
    plain = quoted.sub(" ", _JINJA.sub(" ", line))
    found += [m.group(0) for m in _FORMAT.finditer(plain) if ".." not in m.group(0)]
    found += [m.group(0) for m in _MARKER.finditer(plain)]
    if directive and _SIZE_OPTION.match(line.strip()):
        found += [m.group(0) for m in _ANGLE.finditer(line)]
    return found


def _path_field(line: str, hit: str) -> bool:
    """Every ``hit`` of ``line`` is a path segment of a longer word (``$HOME/logdir/{timestamp}``,
    ``runs/{date}/ckpt``): after a ``/``, as a program's own format field is written."""
    at = [m.start() for m in re.finditer(re.escape(hit), line)]
    return bool(at) and all(k > 0 and line[k - 1] == "/" for k in at)


def program_fields(text: str) -> dict[str, list[int]]:
    """The ``str.format`` fields a program fills itself when it runs (DreamerV3's ``--logdir
    ~/logdir/{timestamp}``), with their lines: a file whose only braces are such fields, each
    a path segment in a command's words and none in a directive, is a job, not a template (a
    generator's template fills values, whole words and directives: ``--lr {lr}``,
    ``--nodes={nodes}``); {} when the file has any other placeholder."""
    fields: dict[str, list[int]] = {}
    for n, line, directive in _shell_lines(text):
        for hit in _placeholders(line, directive):
            plain = _QUOTED.sub(" ", line)
            if directive or not _FORMAT.fullmatch(hit) or not _path_field(plain, hit):
                return {}
            lines = fields.setdefault(hit, [])
            if n not in lines:
                lines.append(n)
    return fields


def template_placeholders(text: str) -> dict[str, list[int]]:
    """Each placeholder of a job template, with the lines it is on ({} for a job): those in
    the commands first (the program and its arguments), then those in the directives, then
    the template language's own tags (``{% if %}``)."""
    seen: dict[str, list[int]] = {}
    rank: dict[str, int] = {}
    for n, line, directive in _shell_lines(text):
        for hit in _placeholders(line, directive):
            lines = seen.setdefault(hit, [])
            if n not in lines:
                lines.append(n)
            order = 2 if hit.startswith(("{%", "{#")) else 1 if directive else 0
            rank[hit] = min(rank.get(hit, order), order)
    return {hit: seen[hit] for hit in sorted(seen, key=lambda h: rank[h])}


def _short(hit: str) -> str:
    return hit if len(hit) <= 40 else hit[:36] + " ...}"


def template_reason(text: str) -> str:
    """The refusal for a job template (see the module's doc), or ``""``."""
    seen = template_placeholders(text)
    if not seen or program_fields(text):
        return ""
    named = "; ".join(
        f"{_short(hit)} (line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines[:4]))})"
        for hit, lines in list(seen.items())[:_MAX_NAMED])
    more = f" and {len(seen) - _MAX_NAMED} more" if len(seen) > _MAX_NAMED else ""
    return (f"this file is a job template, not a job: its placeholders {named}{more} are "
            "filled by whatever renders it (str.format, Jinja, sed) before it is submitted, "
            "so the values the job runs with are not in it; render the template with your "
            "values (or write them in place of the placeholders) and port the job it gives")


__all__ = ["program_fields", "template_placeholders", "template_reason"]
