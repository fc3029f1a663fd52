"""Job scripts kept in a Markdown code fence. A script copied with its fence from a README or
notes (a ```` ``` ```` or ```` ```bash ```` line above it, one below) is not a shell script:
bash reads the fence's backquotes as a command substitution, a scheduler reads directives only
above the first command line (and sbatch takes a file only when its line 1 is a ``#!``), so
the job as written never runs with its directives. The port cannot tell which lines the user
meant as the script; it refuses, naming the fence lines and what to do (remove them)."""

from __future__ import annotations

import re

from maple_flow.scriptparse.shell import logical_lines

#: A Markdown fence line: three or more backquotes or tildes, an optional info word
#: (```` ```bash ````, ```` ```sh ````, ```` ```{bash} ````), nothing else.
_FENCE = re.compile(r"(`{3,}|~{3,})\s*\{?[\w+#.-]*\}?\s*")
_SHEBANG = re.compile(r"#!")
_DIRECTIVE = re.compile(r"#(?:SBATCH|PBS|BSUB|\$)\s")


def fence_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) of each Markdown fence line the shell would read (heredoc bodies,
    which the shell writes out as text, and quoted strings are not read)."""
    found = []
    for number, logical in logical_lines(text):
        first = logical.split("\n", 1)[0].strip()
        if _FENCE.fullmatch(first):
            found.append((number, first))
    return found


def fence_reason(text: str) -> str:
    """Why a script kept in a Markdown fence is refused (its fence lines named, the shebang
    and directives below the first, what to do), or ``""`` when it has no fence line."""
    fences = fence_lines(text)
    if not fences:
        return ""
    lines = text.splitlines()
    shown = " and ".join(f"line {n} ({f})" for n, f in fences[:3])
    more = f" (and {len(fences) - 3} more)" if len(fences) > 3 else ""
    first = fences[0][0]
    below = [n for n, line in enumerate(lines, 1) if n > first and _DIRECTIVE.match(line)]
    shebang = next((n for n, line in enumerate(lines, 1)
                    if n > first and _SHEBANG.match(line)), None)
    effects = ["bash reads a fence's backquotes as a command substitution, not as text to skip"]
    if below:
        span = f"line {below[0]}" if len(below) == 1 else f"lines {below[0]}-{below[-1]}"
        effects.append(f"the scheduler reads directives only above the first command line, "
                       f"so the directives on {span} below the fence are not read")
    if shebang is not None and not any(line.strip() for line in lines[:first - 1]):
        effects.append(f"sbatch takes a file only when its line 1 is a `#!` shebang, and here "
                       f"the shebang is line {shebang}")
    return (f"the script is kept in a Markdown code fence: {shown}{more} are "
            f"Markdown, not shell; {'; '.join(effects)}. Remove the fence lines (the script "
            "starts with its `#!` line) and port the script again")
