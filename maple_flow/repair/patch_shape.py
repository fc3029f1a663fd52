"""Fixes of the shape of a user's script that find the line at fault themselves (pure, text
level; each raises FixNotApplicable with the reason when the script has no such line):

- :func:`join_continuation`: a multi-line command whose continuation is broken (no backslash at
  the end of a line, or blanks after it), so the shell runs the next line, an option, as a
  command (``--deepspeed: command not found``);
- :func:`container_bind_spec`: an Apptainer/Singularity bind whose fields the runtime cannot read
  (``SRC:rw`` read as a relative destination; ``:rw`` refused as an option by older runtimes);
- :func:`container_writable_tmpfs`: ``--writable``, with which the runtime cannot create a missing
  bind destination, written as ``--writable-tmpfs`` (an in-memory overlay: binds are made, the
  program can still write);
- :func:`raise_open_files`: the job's soft open-files limit raised to its hard limit before the
  launch (srun and the launchers pass the batch shell's limits on to the tasks);
- :func:`set_rank_count`: an MPI-based launcher (mpirun/mpiexec, horovodrun, torchpack dist-run)
  that starts more ranks than the job has slots/GPUs given that count (``-np`` and a
  ``-H host:N`` slot count);
- :func:`container_python3`: a container command that runs ``python`` in an image that has only
  ``python3``;
- :func:`container_host_mpi`: a container command that starts the MPI launcher inside the image
  (``ch-run IMG -- mpiexec -n 2 PROG``), whose Open MPI then needs the allocation's ``srun``,
  written as a host launch (``srun --ntasks=2 ch-run IMG -- PROG``): Slurm starts one container
  per rank.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from maple_flow.repair.text import FixNotApplicable, is_code

_OPTION_LINE = re.compile(r"^\s*(-{1,2}[A-Za-z0-9][\w.-]*)(?=[\s=]|$)")
_RUNTIME = re.compile(r"(?<![\w/.-])(?:\S*/)?(apptainer|singularity)\s+"
                      r"(exec|run|shell|instance\s+start)\b")
_BIND = re.compile(r"(?<![\w-])(-B|--bind)([ =])(\"[^\"]*\"|'[^']*'|\S+)")
_OPTIONS = frozenset({"rw", "ro"})
_WRITABLE = re.compile(r"(?<![\w-])(-w|--writable)(?![\w-])")
_ULIMIT_N = re.compile(r"^\s*ulimit\s+(?:-S\s+)?-n\b")
_RAISE_LINE = 'ulimit -n "$(ulimit -Hn)"'
_MPI_LAUNCHER = re.compile(r"(?<![\w/.-])(?:\S*/)?"
                           r"(torchpack\s+dist-run|horovodrun|mpirun|mpiexec|orterun)(?![\w-])")
_NP = re.compile(r"(?<![\w-])(-np|-n|--np|--num-proc)([ =])(\d+)(?![\w])")
_HOST_SLOTS = re.compile(r"(?<![\w-])(-H|--host|-host|--hosts)([ =])([\w.-]+):(\d+)(?![\w,])")
_PROGRAM = re.compile(r"\s(?:\S*/)?(?:python[0-9.]*|julia|Rscript)(?=\s|$)")
_CONTAINER_CMD = re.compile(
    r"(?<![\w/.-])(?:\S*/)?(?:apptainer|singularity|podman-hpc|podman|docker|shifter|enroot)\b"
    r"|--container-image[ =]")
_PYTHON = re.compile(r"(?<=\s)python(?=\s)")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _logical(text: str) -> list[tuple[int, int]]:
    """(first, last) 0-based line indexes of each logical line (backslash continuations)."""
    parts = _lines(text)
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(parts):
        j = i
        while parts[j].endswith("\\") and j + 1 < len(parts):
            j += 1
        spans.append((i, j))
        i = j + 1
    return spans


def join_continuation(text: str, option: str) -> str:
    """``text`` whose command line before the line that starts with ``option`` ends with a
    continuation backslash (one added, or the blanks after it removed), so the option is read
    as part of that command again. FixNotApplicable when no such line follows a command that
    was meant to go on (one whose line is an option line or the start of a command)."""
    parts = _lines(text)
    edits: list[int] = []
    for index, line in enumerate(parts):
        m = _OPTION_LINE.match(line)
        if m is None or m.group(1) != option or index == 0:
            continue
        prev = index - 1
        while prev >= 0 and not parts[prev].strip():
            prev -= 1
        if prev < 0 or not is_code(parts[prev]):
            continue
        before = parts[prev].rstrip()
        if parts[prev].endswith("\\"):
            continue  # a sound continuation: this option is already part of the command
        edits.append(prev)
        parts[prev] = before if before.endswith("\\") else before + " \\"
        _mend_blank_continuations(parts, index)
    if not edits:
        raise FixNotApplicable(f"no line starting with {option} follows a command whose "
                               "continuation is broken")
    return "\n".join(parts)


def _mend_blank_continuations(parts: list[str], start: int) -> None:
    """Drop the blanks after an end-of-line backslash on the lines of the command that goes on
    at ``start`` (a backslash then a blank escapes the blank and ends the command there), so
    the option lines after the one a log named are read as part of the command too."""
    index = start
    while index < len(parts) and is_code(parts[index]):
        stripped = parts[index].rstrip()
        if not stripped.endswith("\\"):
            return
        parts[index] = stripped
        index += 1


def _fixed_spec(spec: str, mode: str) -> str:
    fields = spec.split(":")
    if mode == "drop_options":
        if len(fields) == 3 and fields[2] in _OPTIONS:
            return ":".join(fields[:2])
        if len(fields) == 2 and fields[1] in _OPTIONS:
            return fields[0]
        return spec
    # absolute_destination: SRC:OPT reads OPT as the destination; SRC:rel is not absolute
    if len(fields) == 2 and fields[1] in _OPTIONS and fields[0].startswith("/"):
        return f"{fields[0]}:{fields[0]}:{fields[1]}"
    if len(fields) in (2, 3) and fields[0].startswith("/") \
            and not fields[1].startswith(("/", "$")) and fields[1] not in _OPTIONS:
        return ":".join([fields[0], fields[0], *fields[2:]])
    return spec


def container_bind_spec(text: str, mode: str) -> str:
    """``text`` whose apptainer/singularity bind specs the runtime can read: ``mode``
    ``absolute_destination`` writes ``SRC:OPT`` (rw/ro taken for a destination) as
    ``SRC:SRC:OPT`` and a relative destination as the source path; ``drop_options`` drops a
    ``:rw``/``:ro`` an older runtime refuses (read-write is the default)."""
    parts = _lines(text)
    changed = False
    for first, last in _logical(text):
        block = "\n".join(parts[first:last + 1])
        if not is_code(parts[first]) or _RUNTIME.search(block) is None:
            continue

        def fix(m: re.Match[str]) -> str:
            raw = m.group(3)
            quote = raw[0] if raw[:1] in "\"'" else ""
            inner = raw[1:-1] if quote else raw
            specs = [_fixed_spec(s, mode) for s in inner.split(",")]
            return f"{m.group(1)}{m.group(2)}{quote}{','.join(specs)}{quote}"

        new = _BIND.sub(fix, block)
        if new != block:
            changed = True
            parts[first:last + 1] = new.split("\n")
    if not changed:
        raise FixNotApplicable("no apptainer/singularity bind of the script has "
                               + ("an option the runtime refuses" if mode == "drop_options"
                                  else "a destination that is not an absolute path"))
    return "\n".join(parts)


def runtime_options_edited(text: str, edit: Callable[[str], str],
                           image: re.Pattern[str]) -> str | None:
    """``text`` with ``edit`` applied to the options of each apptainer/singularity command (what
    follows the runtime's verb up to its image, found by ``image``); None when nothing changed."""
    parts = _lines(text)
    changed = False
    for first, last in _logical(text):
        block = "\n".join(parts[first:last + 1])
        runtime = _RUNTIME.search(block)
        if not is_code(parts[first]) or runtime is None:
            continue
        head, tail = block[:runtime.end()], block[runtime.end():]
        found = image.search(tail)
        stop = found.start() if found else len(tail)
        new_tail = edit(tail[:stop]) + tail[stop:]
        if new_tail != tail:
            changed = True
            parts[first:last + 1] = (head + new_tail).split("\n")
    return "\n".join(parts) if changed else None


#: Where a writable command's runtime options end: its image.
_WRITABLE_IMAGE = re.compile(r"\s(?!-)\S+\.(?:sif|simg|img)\b|\s(?!-)(?:docker|library|oras)://\S+")


def container_writable_tmpfs(text: str) -> str:
    """``text`` whose apptainer/singularity commands run with ``--writable-tmpfs`` instead of
    ``--writable``."""
    edited = runtime_options_edited(
        text, lambda options: _WRITABLE.sub("--writable-tmpfs", options), _WRITABLE_IMAGE)
    if edited is None:
        raise FixNotApplicable("no apptainer/singularity command of the script runs with "
                               "--writable")
    return edited


def raise_open_files(text: str, launch_line: int) -> str:
    """``text`` with ``ulimit -n "$(ulimit -Hn)"`` before its launch (1-based ``launch_line``),
    or its ``ulimit -n`` lines written so; unchanged when it already raises the limit so."""
    parts = _lines(text)
    existing = [i for i, line in enumerate(parts) if _ULIMIT_N.match(line)]
    if existing:
        for i in existing:
            indent = parts[i][:len(parts[i]) - len(parts[i].lstrip())]
            parts[i] = indent + _RAISE_LINE
        return "\n".join(parts)
    index = max(0, launch_line - 1)
    if index > len(parts):
        raise FixNotApplicable("the launch line is not in the script")
    while index > 0 and parts[index - 1].endswith("\\"):
        index -= 1
    indent = parts[index][:len(parts[index]) - len(parts[index].lstrip())] \
        if index < len(parts) else ""
    parts.insert(index, indent + _RAISE_LINE)
    return "\n".join(parts)


def _edit_commands(text: str, edit: Callable[[str], str | None], none: str) -> str:
    """``text`` with each command (its ``\\``-continued lines together) that ``edit`` changes
    replaced by what it returns (None: unchanged); FixNotApplicable(``none``) when none is."""
    parts = _lines(text)
    changed = False
    for first, last in reversed(_logical(text)):
        if not is_code(parts[first]):
            continue
        block = "\n".join(parts[first:last + 1])
        new = edit(block)
        if new is not None and new != block:
            parts[first:last + 1] = new.split("\n")
            changed = True
    if not changed:
        raise FixNotApplicable(none)
    return "\n".join(parts)


def set_rank_count(text: str, count: int) -> str:
    """``text`` whose MPI-based launcher lines that start more ranks than ``count`` start
    ``count`` (``-np``; a single ``-H host:N`` gets ``count`` slots). FixNotApplicable when no
    launcher line starts more."""
    def fewer(block: str) -> str | None:
        launcher = _MPI_LAUNCHER.search(block)
        if launcher is None:
            return None
        program = _PROGRAM.search(block, launcher.end())
        stop = program.start() if program else len(block)
        head, opts, tail = block[:launcher.end()], block[launcher.end():stop], block[stop:]
        np = _NP.search(opts)
        if np is None or int(np.group(3)) <= count:
            return None
        opts = opts[:np.start(3)] + str(count) + opts[np.end(3):]
        hosts = list(_HOST_SLOTS.finditer(opts))
        if len(hosts) == 1 and int(hosts[0].group(4)) > count:
            h = hosts[0]
            opts = opts[:h.start(4)] + str(count) + opts[h.end(4):]
        return head + opts + tail

    return _edit_commands(text, fewer, f"no mpirun/mpiexec/horovodrun/torchpack line starts "
                                       f"more than {count} ranks with -np")


def container_python3(text: str) -> str:
    """``text`` whose container commands run ``python3`` where they ran ``python``."""
    def python3(block: str) -> str | None:
        runtime = _CONTAINER_CMD.search(block)
        if runtime is None:
            return None
        head, tail = block[:runtime.end()], block[runtime.end():]
        return head + (_PYTHON.sub("python3", tail + " ")[:-1] if tail else tail)

    return _edit_commands(text, python3, "no container command of the script runs python")


#: A container runtime command that runs the rest of the line in an image.
_GUEST_RUNTIME = re.compile(r"(?<![\w/.-])(?:\S*/)?(?:ch-run\b|(?:apptainer|singularity)\s+"
                            r"(?:exec|run)\b)")
#: A launcher already on the host before the container command.
_HOST_LAUNCHER = re.compile(r"(?<![\w/.-])(?:\S*/)?(?:srun|mpirun|mpiexec|orterun|ibrun|aprun)"
                            r"(?![\w-])")
_GUEST_MPI = re.compile(r"(?<![\w/.-])(?:\S*/)?(?:mpirun|mpiexec|orterun)(?![\w-])")
#: The guest launcher's options a host launch keeps: its rank count (the only ones taken).
_GUEST_COUNT = re.compile(r"[ \t]+(?:\\\n[ \t]*)?(?:-n|-np|--np|--n)(?:[ =]|[ \t]+)"
                          r"(\d+|\$\{?[A-Za-z_]\w*\}?)(?=\s)")


def container_host_mpi(text: str) -> str:
    """``text`` whose container commands that start mpirun/mpiexec inside the image are started
    by srun from the host instead (the rank count of ``-n``/``-np`` as ``--ntasks``); only a
    guest launcher whose options are a rank count at most (other options have no srun meaning
    this op knows)."""
    def host(block: str) -> str | None:
        runtime = _GUEST_RUNTIME.search(block)
        if runtime is None or _HOST_LAUNCHER.search(block, 0, runtime.start()):
            return None
        mpi = _GUEST_MPI.search(block, runtime.end())
        if mpi is None:
            return None
        rest, count = block[mpi.end():], None
        found = _GUEST_COUNT.match(rest)
        if found:
            count, rest = found.group(1), rest[found.end():]
        if re.match(r"[ \t]+(?:\\\n[ \t]*)?-", rest):
            raise FixNotApplicable("the launcher inside the container has options other than "
                                   "a rank count; start the ranks from the host by hand "
                                   "(srun ... <container command> PROGRAM)")
        head = block[:runtime.start()]
        middle = re.sub(r"(?:\s|\\\n)+$", "", block[runtime.start():mpi.start()])
        ntasks = f" --ntasks={count}" if count else ""
        return f"{head}srun{ntasks} {middle}{rest}"

    return _edit_commands(text, host, "no container command of the script starts mpirun/mpiexec "
                                      "inside the image")
