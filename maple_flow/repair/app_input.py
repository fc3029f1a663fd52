"""An application's own report that its INPUT is wrong, in the application's own frame (s30).

Simulation and numerical codes (molecular dynamics, electronic structure, CFD, Fortran models)
stop on a bad input file with a fixed frame around the message, the way the code's support
staff recognise it whatever the code: the message sits between the program's own markers, and
the markers name the program's source (a file and line of its code, a routine) or the input
line it read. Read here, each giving the message the frame holds:

- GROMACS: ``Fatal error:`` followed by the message, in a log that shows GROMACS's frame
  (``Program: gmx ...``, ``Source file: src/gromacs/...``, ``Source code file:``) or the input
  line it stopped on (``Last line read:``);
- Quantum ESPRESSO: ``Error in routine NAME (N):`` and its older ``from NAME : error # N``;
- OpenFOAM: ``--> FOAM FATAL [IO ]ERROR:`` with the message up to ``From function``/``file:``;
- gfortran's runtime library on a read of the input: ``At line N of file F (unit = U, file =
  'INPUT')`` then ``Fortran runtime error: MESSAGE`` (a namelist name, a bad number);
- LAMMPS: ``ERROR[ on proc N]: MESSAGE (FILE.cpp:N)`` of any source tree, or an ``ERROR:`` line
  followed by LAMMPS's ``Last command:``.

- NAMD (any Charm++ application): Charm++'s abort frame, ``Called CmiAbort`` then ``Reason:
  FATAL ERROR: MESSAGE`` or ``Charm++ fatal error:`` then ``FATAL ERROR: MESSAGE``.

Where a command line of the job script runs the program (``lmp``, ``gmx``, ``namd2``), its frame
is read bare too: LAMMPS's ``ERROR:`` line without its source location, GROMACS's ``Fatal
error:`` without its program lines, NAMD's ``FATAL ERROR:`` line (what support staff read from
the launch line: which program ran).

A frame is only the program's; the message decides whether it is the input's. Vetoed, where the
launch or the environment may be what the program complains of (:data:`LAUNCH_WORDS`): a file
it cannot open or find, processes, ranks, threads, nodes, cores, GPUs, devices or accelerators,
memory, MPI, the parallel set-up (OpenFOAM's Pstream, QE's pools and images), the command line
and its options, variables, environment, libraries, packages, modules, licences, time; and a
message that quotes a name the job script also names (the script's value may be the cause: a
``-var`` of LAMMPS's command line). Then the failure is the input's, and the job script needs no
change: advice, no fix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.scriptparse.launch import launcher_pattern

#: GROMACS's frame: the program and source location it prints above ``Fatal error:``, or the
#: input line it stopped on.
_GROMACS_FRAME = re.compile(
    r"(?m)^\s*(?:Program:?\s+gmx\b|Program\s+gmx\s|Source (?:code )?file:\s|Last line read:)")
#: GROMACS's ``Fatal error:`` on its own line; the message is the lines after it.
_GROMACS_FATAL = re.compile(r"(?m)^[ \t]*Fatal error:[ \t]*\n(?P<msg>(?:[ \t]*\S[^\n]*\n?){1,8})")
#: Quantum ESPRESSO's error frame (``errore``): the routine and code, the message below.
_QE_ERROR = re.compile(
    r"(?m)^\s*(?:Error in routine\s+(?P<routine>\w+)\s*\(\s*-?\d+\s*\):|"
    r"from\s+(?P<old>\w+)\s*:\s*error\s*#\s*-?\d+)[ \t]*\n(?P<msg>[ \t]*\S[^\n]*)")
#: OpenFOAM's fatal error; the message runs up to its ``From function``/``file:`` lines.
_FOAM_ERROR = re.compile(
    r"(?m)^--> FOAM FATAL (?:IO )?ERROR:[^\n]*\n(?P<msg>(?:[ \t]*"
    r"(?!(?:From function|in file|file:|FOAM (?:exiting|aborting|parallel run))\b)\S[^\n]*\n?)"
    r"{1,6})")
#: gfortran's runtime error on a read of a unit that names the file it reads.
_FORTRAN_READ = re.compile(
    r"(?m)^\s*At line \d+ of file \S+ \(unit = -?\d+, file = '[^'\n]*'\)\s*\n"
    r"\s*Fortran runtime error: (?P<msg>[^\n]+)")
#: What a Fortran read reports about the text it reads (a namelist name, a number, a list).
_FORTRAN_INPUT = re.compile(
    r"(?i)namelist|Bad (?:real|integer|logical|complex|value)|list input|Cannot match|"
    r"Expected \w+ for item|Repeat count|format")
#: LAMMPS's error line with the source file and line of any build tree (``src/``, ``../``).
_LAMMPS_SOURCE = re.compile(
    r"(?m)^(?:\S+: )?ERROR(?: on proc \d+)?: (?P<msg>[^\n]*?) \((?:[\w.-]*/)*[\w.-]+\.cpp:\d+\)")
#: An ``ERROR:`` line and LAMMPS's ``Last command:`` right after it.
_LAMMPS_LAST = re.compile(
    r"(?m)^(?:\S+: )?ERROR(?: on proc \d+)?: (?P<msg>[^\n]+)\n\s*Last command: [^\n]+")
#: Charm++'s abort frame around an application's fatal error (NAMD): ``Processor N Exiting:
#: Called CmiAbort`` then ``Reason: FATAL ERROR: MESSAGE``, or ``Charm++ fatal error:`` then the
#: ``FATAL ERROR:`` line.
_CHARM_ABORT = re.compile(
    r"(?m)(?:Exiting: Called CmiAbort -*[ \t]*\n[ \t]*Reason: |Charm\+\+ fatal error:[ \t]*\n"
    r"[ \t]*)FATAL ERROR: (?P<msg>[^\n]+)")
#: NAMD's bare ``FATAL ERROR:`` line: NAMD's only where the job script runs NAMD (:data:`_RUNS`).
_BARE_FATAL = re.compile(r"(?m)^FATAL ERROR: (?P<msg>[^\n]+)")
#: A bare ``ERROR:`` line (LAMMPS's frame without its source location, older releases or a
#: quoted excerpt): LAMMPS's only where the job script runs LAMMPS (:data:`_RUNS`).
_BARE_ERROR = re.compile(r"(?m)^(?:\S+: )?ERROR(?: on proc \d+)?: (?P<msg>[^\n]+)")
#: Where a command's program stands on a script line: first on the line (after ``time``,
#: ``exec`` or ``env``), after ``;``, ``&&`` or ``|``, or after an MPI or Slurm launcher and its
#: options.
_COMMAND_AT = (r"(?m)^(?:[ \t]*(?:(?:time|exec|env)[ \t]+)?|[^#\n]*?(?:[;&|][ \t]*|"
               rf"\b(?:srun|{launcher_pattern('mpirun', 'mpiexec')}|ibrun|aprun|jsrun|charmrun)\b"
               r"[^#\n]*?[ \t]))")
#: The programs a job script's command lines run, for the frames only they print bare.
_RUNS = {
    "LAMMPS": re.compile(_COMMAND_AT + r"(?:\S*/)?(?:lmp(?:_\w+)?|lammps)(?=[ \t]|$)"),
    "GROMACS": re.compile(_COMMAND_AT + r"(?:\S*/)?gmx(?:_\w+)?(?=[ \t])"),
    "NAMD": re.compile(_COMMAND_AT + r"(?:\S*/)?namd[23]?(?:\.\w+)?(?=[ \t])"),
}
#: Words of what the launch or the environment sets: a message with them may be the launch's.
LAUNCH_WORDS = re.compile(
    r"(?i)cannot open|can't open|could not (?:be )?open|unable to open|no such file|"
    r"no such director|permission|not accessible|(?:unable to|cannot|can't|could not) access|"
    r"file ?system|"
    # a file, directory or path that is not there (a name of the input that is not there - an
    # atom type, a group - is the input's)
    r"\b(?:file|director\w*|path|executable|binary)\b[^\n]{0,80}?\b(?:not found|"
    r"does(?: not|n't) exist|missing)\b|\b(?:cannot|can't|could not|unable to) find (?:the )?"
    r"(?:file|director)|"
    r"\bprocess\w*|\bprocessors?\b|\branks?\b|\btasks?\b|\bthreads?\b|"
    r"openmp|\bomp\b|\bnodes?\b|\bcores?\b|\bgpus?\b|\bcuda\b|\bhip\b|\bdevices?\b|"
    r"accelerat\w*|kokkos|\bsuffix|\bmemory\b|alloc\w*|\bmpi\w*|parallel|pstream|"
    r"decompos\w*|\bDD\b|\bdomains?\b|\bpools?\b|\bnpool\b|\bimages?\b|band ?groups?|"
    r"task ?groups?|\bndiag\b|"
    r"command[- ]line|\boptions?\b|\bvariables?\b|environment|\blibrar\w*|\.so\b|"
    r"\bpackages?\b|\bmodules?\b|\bplugins?\b|licen[cs]e|\bpartitions?\b|\bworld\b|"
    r"time ?limit|walltime|\bsignal\b|\bkilled\b|disk|quota|read-only|"
    # an installer's error lines (pip, conda) in the same log
    r"\bpip\b|\bconda\b|requirement|distribution")
#: Names a message may quote that the job script could also hold: dotted, underscored or
#: numbered words, and quoted values.
_NAME = re.compile(r"""['"]([^'"\n]{3,})['"]|(?<![\w.-])([A-Za-z][\w.-]*[_.\d][\w.-]*)""")


#: A path in a message (where the program read, not what it complains of): its directory
#: names are not words of the message (``.../processor1/../system/fvSchemes``).
_PATH = re.compile(r"""\S*/\S*""")


@dataclass(frozen=True)
class InputReport:
    """An application's report that its input is wrong: the program family and its lines."""

    program: str
    lines: tuple[str, ...]


def _quotes_script(message: str, script: str | None) -> bool:
    """Whether the message names a value the job script also names (as a whole word)."""
    if not script:
        return False
    for quoted, name in _NAME.findall(message):
        value = (quoted or name).strip().rstrip(".,:;")
        if len(value) >= 3 and re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-])", script):
            return True
    return False


#: A rank's ``[N]`` prefix of each line (OpenFOAM's parallel output, MPI's tagged output).
_RANK_PREFIX = re.compile(r"(?m)^\[\d+\] ?")


def _runs(program: str, script: str | None) -> bool:
    """Whether a command line of the job script runs ``program`` (:data:`_RUNS`)."""
    return bool(script) and bool(_RUNS[program].search(script or ""))


def _candidates(text: str, script: str | None = None) -> list[tuple[str, str, str]]:
    """``(program, message, first line of the frame)`` of every frame in ``text``; the bare
    frames (a GROMACS ``Fatal error:`` without its program lines, LAMMPS's ``ERROR:`` line
    without its source location) where the job script runs that program."""
    text = _RANK_PREFIX.sub("", text)
    found: list[tuple[str, str, str]] = []
    if _GROMACS_FRAME.search(text) or _runs("GROMACS", script):
        found += [("GROMACS", m.group("msg"), "Fatal error:")
                  for m in _GROMACS_FATAL.finditer(text)]
    found += [("Quantum ESPRESSO", m.group("msg"), m.group(0).splitlines()[0].strip())
              for m in _QE_ERROR.finditer(text)]
    found += [("OpenFOAM", m.group("msg"), m.group(0).splitlines()[0].strip())
              for m in _FOAM_ERROR.finditer(text)]
    found += [("Fortran", m.group("msg"), m.group(0).splitlines()[0].strip())
              for m in _FORTRAN_READ.finditer(text) if _FORTRAN_INPUT.search(m.group("msg"))]
    lammps = (_LAMMPS_SOURCE, _LAMMPS_LAST, _BARE_ERROR) if _runs("LAMMPS", script) else (
        _LAMMPS_SOURCE, _LAMMPS_LAST)
    for pattern in lammps:
        found += [("LAMMPS", m.group("msg"), m.group(0).splitlines()[0].strip())
                  for m in pattern.finditer(text)]
    namd = (_CHARM_ABORT, _BARE_FATAL) if _runs("NAMD", script) else (_CHARM_ABORT,)
    for pattern in namd:
        found += [("NAMD", m.group("msg"), f"FATAL ERROR: {m.group('msg').strip()}")
                  for m in pattern.finditer(text)]
    return found


def input_error(text: str, script: str | None = None) -> InputReport | None:
    """The application's own report that its input is wrong (see the module docstring), or
    None when there is none, or when any such report's message speaks of the launch or the
    environment (:data:`LAUNCH_WORDS`) or quotes a name of the job script."""
    found = _candidates(text, script)
    if not found:
        return None
    for _program, message, _head in found:
        words = " ".join(ln.strip() for ln in message.splitlines())
        if LAUNCH_WORDS.search(_PATH.sub(" ", words)) or _quotes_script(words, script):
            return None  # the launch may be what the program complains of
    program, message, head = found[0]
    first = next((ln.strip() for ln in message.splitlines() if ln.strip()), "")
    return InputReport(program, tuple(line for line in (head, first) if line))


def report_removed(text: str, script: str | None = None) -> str:
    """``text`` (less its ranks' ``[N]`` prefixes) without the lines of the applications'
    frames (for the launch veto of the rest)."""
    text = _RANK_PREFIX.sub("", text)
    spans = []
    bare = ((_BARE_ERROR,) if _runs("LAMMPS", script) else ()) + (
        (_BARE_FATAL,) if _runs("NAMD", script) else ())
    for pattern in (_GROMACS_FATAL, _QE_ERROR, _FOAM_ERROR, _FORTRAN_READ, _LAMMPS_SOURCE,
                    _LAMMPS_LAST, _GROMACS_FRAME, _CHARM_ABORT, *bare):
        spans += [m.span() for m in pattern.finditer(text)]
    kept, at = [], 0
    for start, end in sorted(spans):
        if start >= at:
            kept.append(text[at:start])
        at = max(at, end)
    kept.append(text[at:])
    return "".join(kept)
