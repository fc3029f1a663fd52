"""A Slurm batch script's paths taken from the submit directory (issue 17, helper s28r2logs).

sbatch does not run the file the user gave it: slurmd writes a copy of the script into its spool
(``/var/spool/slurmd/job<ID>/slurm_script``) and runs that, so inside the job ``${BASH_SOURCE[0]}``
and ``$0`` name the spool copy, and a directory derived from them (``$(cd "$(dirname
"${BASH_SOURCE[0]}")/.." && pwd)``, ``$(dirname "$(realpath "$0")")``, ``${0%/*}``) lies under
the spool, where the user cannot write. Slurm hands the job the directory sbatch was run from as
``SLURM_SUBMIT_DIR`` (sbatch(1), "OUTPUT ENVIRONMENT VARIABLES"). On sites whose jobs do not
start in the submit directory, a relative path of a script that never moves there resolves
under the spool too.

:func:`root_from_submit_dir` writes each directory the script derives from its own location as
``${SLURM_SUBMIT_DIR}`` (a climb with ``..``/``.`` components goes with it: the fix assumes the
user submits from the directory the climb meant, which the record's advice says; a script that
climbs to different depths is refused, as no one submit directory stands for all); a script
that derives none and moves nowhere first gets ``cd "${SLURM_SUBMIT_DIR}"`` after its header.
"""

from __future__ import annotations

import re

from maple_flow.repair.layout import first_command_index
from maple_flow.repair.text import FixNotApplicable

#: The script's own path: ``${BASH_SOURCE[0]}``, ``$BASH_SOURCE``, ``$0``, quoted or not.
_OWN = (r'(?:"\$\{?BASH_SOURCE(?:\[0\])?\}?"|\$\{?BASH_SOURCE(?:\[0\])?\}?'
        r'|"\$\{?0\}?"|\$\{?0\}?(?![\w}]))')
#: The own path resolved first (``"$(realpath "$0")"``, ``$(readlink -f "${BASH_SOURCE[0]}")``).
_RESOLVE = r"(?:realpath(?:\s+-\w+)*|readlink\s+-[efm]+)\s+(?:--\s+)?"
_OWN_PATH = rf'(?:{_OWN}|"\$\(\s*{_RESOLVE}{_OWN}\s*\)"|\$\(\s*{_RESOLVE}{_OWN}\s*\))'
#: The parameter expansion that strips the file name: ``${0%/*}``, ``${BASH_SOURCE[0]%/*}``
#: (OpenFOAM's tutorial scripts start with ``cd ${0%/*} || exit``; s36rl39).
_STRIP = r"\$\{(?:0|BASH_SOURCE(?:\[0\])?)%/\*\}"
#: ``$(dirname OWN)``, a backquoted ``dirname OWN``, or the expansion above.
_DIRNAME = (rf"(?:\$\(\s*dirname\s+(?:--\s+)?{_OWN_PATH}\s*\)"
            rf"|`\s*dirname\s+(?:--\s+)?{_OWN_PATH}\s*`|{_STRIP})")
#: A climb of ``..``/``.`` components after it (``/../..``); a named component stays.
_UP = r'(?:/\.\.?(?=[/"\s)`;]|$))*/?(?=[/"\s)`;]|$)'
_DIR = rf'(?:"{_DIRNAME}{_UP}"|{_DIRNAME}{_UP})'
#: ``$(cd DIR [>/dev/null] && pwd [-P])`` and ``$(realpath DIR)``: the directory made absolute.
_CD_PWD = (rf"\$\(\s*(?:builtin\s+)?cd\s+(?:-P\s+)?(?:--\s+)?{_DIR}\s*"
           r"(?:(?:&>|>|2>|1>)\s*/dev/null\s*(?:2>&1\s*)?)?&&\s*pwd(?:\s+-[PL])?\s*\)")
_REAL_DIR = rf"\$\(\s*{_RESOLVE}{_DIR}\s*\)"
_DERIVED = re.compile(rf"{_CD_PWD}|{_REAL_DIR}|{_DIRNAME}{_UP}")

#: A line that still names the script's own path in a form the rewrite does not read.
_OWN_LEFT = re.compile(r"\$\{?BASH_SOURCE|dirname\s+(?:--\s+)?[\"']?\$\{?0\b|"
                       r"(?:realpath|readlink)\s+(?:-\w+\s+)*[\"']?\$\{?0\b")
_SUBMIT_DIR = "${SLURM_SUBMIT_DIR}"
_MOVES = re.compile(r"(?m)^[^#\n]*(?:^|[;&|({]\s*|\s)(?:cd|pushd)\s+\S")
_CHDIR = re.compile(r"(?m)^#SBATCH\s+(?:--chdir|-D|--workdir)\b")


def _body_line(line: str) -> bool:
    """Whether ``line`` is a command line (not a comment or a directive)."""
    return not line.lstrip().startswith("#")


def _rewrite_own_paths(text: str) -> tuple[str, set[int]]:
    """``text`` with each command line's directory derived from its own location written as
    the submit directory, and the climbs (``..`` components) those derivations made."""
    climbs: set[int] = set()

    def _submit_dir(found: re.Match[str]) -> str:
        climbs.add(len(re.findall(r"/\.\.(?![^/\s\"')`])", found.group(0))))
        return _SUBMIT_DIR

    out = [_DERIVED.sub(_submit_dir, line) if _body_line(line) else line
           for line in text.split("\n")]
    return "\n".join(out), climbs


def _cd_after_header(text: str) -> str:
    """``text`` with ``cd "${SLURM_SUBMIT_DIR}"`` after its shebang, comments and directives
    (an indented comment among them too: sbatch reads directives up to the first command)."""
    lines = text.split("\n")
    at = first_command_index(text)
    while at > 0 and not lines[at - 1].strip():  # before the blank lines that end the header
        at -= 1
    lines.insert(at, f'cd "{_SUBMIT_DIR}"')
    return "\n".join(lines)


def root_from_submit_dir(text: str) -> str:
    """``text`` whose paths come from the submit directory: every directory it derives from its
    own location (BASH_SOURCE, ``$0``) written as ``${SLURM_SUBMIT_DIR}``; with none, a script
    that moves nowhere first changes to that directory. FixNotApplicable with the reason when
    the script names its own path in a form not rewritten, or already moves somewhere."""
    after, climbs = _rewrite_own_paths(text)
    left = [line for line in after.split("\n") if _body_line(line) and _OWN_LEFT.search(line)]
    if left:
        raise FixNotApplicable("the script derives a path from its own location in a form this "
                               f"fix does not rewrite: {left[0].strip()!r}")
    if len(climbs) > 1:
        raise FixNotApplicable("the script takes paths at different depths from its own location "
                               f"({', '.join(str(c) for c in sorted(climbs))} levels up): one "
                               "submit directory cannot stand for all of them")
    if climbs:
        return after
    if _CHDIR.search(text):
        raise FixNotApplicable("the script sets the job's working directory (#SBATCH --chdir) "
                               "and derives no path from its own location")
    if _MOVES.search(text):
        raise FixNotApplicable("the script changes directory itself and derives no path from "
                               "its own location")
    return _cd_after_header(text)
