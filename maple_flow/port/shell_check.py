"""The end-of-port shell check: a port is an edit of the user's script, so it must parse
wherever the source parses. A port whose text bash cannot read (a function's closing ``}``
lost, an ``if`` without ``fi``, an open quote or heredoc) would never start on the target:
it is never returned; the port is refused naming the construct bash stops at.

The check reads each text with bash's own parser, never running it: ``bash -n`` at the edge,
the way ``maple_flow.lint`` runs shellcheck. In a batch (``parsing_session``) one bash reads
every port in turn - each text parsed under ``set -n`` (nothing of it is run) in a function
that made the shell's options its own (``local -``: bash restores them, ``-n`` included, when
the function returns), in a subshell forked for a run of texts bash says nothing about, not
for each text; the same verdicts and messages as a subshell forked a text, the reader of
session s25, on 7,422 texts (bench/batch_speed/shell_check_equiv.py) - instead of one bash
started per port. Where no bash is found, or the source is written for another shell (csh,
zsh...), it says nothing."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

#: A first line naming a shell other than sh/bash: its grammar is not bash's.
_OTHER_SHELL = re.compile(r"^#!\s*\S*(?:/env\s+)?\S*\b(?:csh|tcsh|zsh|ksh|fish)\b")
#: bash -n's message: ``bash: line N: syntax error ...``.
_AT_LINE = re.compile(r"line (\d+): (.*)")
#: Seconds a parse may take before the check gives up (says nothing).
_TIMEOUT_S = 20.0
#: The reader. A subshell reads texts (each: its byte count on a line, then its bytes) and
#: answers, for each, bash's messages on parsing it under ``set -n`` and the status, as
#: ``MESSAGES\0STATUS\0``. A text is read in ``_maple_parse``, whose ``local -`` gives the
#: options back when it returns: ``-n`` holds while that text is read (nothing of it is run),
#: not for the next text. Told ``-1`` (after a text bash said something about: an error, a
#: warning), the subshell ends (97) and the loop forks a new one from the bash that has read
#: nothing, so no text is read in a parser state another text's error left behind; a subshell
#: that bash ended on an error of the text it read (as it ends a ``$(...)`` subshell) is
#: answered for by the loop with its exit status. At the end of the input it ends (98), and the
#: loop. On one line, so eval's line numbers are the text's own (as ``bash -n`` counts them);
#: in the C locale, so ``read -N`` counts bytes (no shell syntax character is part of a UTF-8
#: sequence).
_READER = ("_maple_parse() { local -; eval \"set -n; $1\"; }; "
           "while :; do ( while IFS= read -r n; do [ \"$n\" = -1 ] && exit 97; "
           "IFS= read -r -d '' -N \"$n\" text; _maple_parse \"$text\" 2>&1; "
           "printf '\\0%d\\0' \"$?\"; done; exit 98 ); s=$?; [ \"$s\" = 98 ] && break; "
           "[ \"$s\" = 97 ] || printf '\\0%d\\0' \"$s\"; done")


class _Reader:
    """One bash that parses the texts it is sent (``_READER``), for a batch of ports."""

    def __init__(self, bash: str) -> None:
        self.proc = subprocess.Popen([bash, "-c", _READER, bash], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env={**os.environ, "LC_ALL": "C"},
                                     start_new_session=True)  # its subshells end with it
        self.buffer = b""
        #: bash's name for the function's eval (``environment``, its source) or for itself
        #: (``$0``) in its messages; ``bash -n`` says ``$0: line N: ...``.
        self.prefix = re.compile(rf"^(?:environment|{re.escape(bash)}): (?:eval: )?line ", re.M)
        self.name = bash
        self.fresh = b""  # b"-1\n" when the next text is to be read by a new subshell

    def error(self, text: str) -> str | None:
        """bash's first complaint about ``text`` ("" when it parses; None when it cannot say)."""
        data = text.encode("utf-8", "surrogateescape")
        if b"\0" in data or data.endswith(b"\\"):
            return None  # bash -n reads these its own way (a NUL; a line continued at the end)
        if self.proc.stdin is None or self.proc.poll() is not None:
            return None
        try:
            self.proc.stdin.write(self.fresh + b"%d\n" % len(data) + data)
            self.proc.stdin.flush()
            reply = self._read_until(lambda b: b.count(b"\0") >= 2)
        except OSError:
            return None
        if reply is None:
            return None
        said, _, rest = reply.partition(b"\0")
        status, _, self.buffer = rest.partition(b"\0")
        self.fresh = b"-1\n" if said or status != b"0" else b""
        if not status.isdigit():
            return None
        messages = self.prefix.sub(f"{self.name}: line ", said.decode("utf-8", "replace"))
        return _first_complaint(int(status), messages)

    def _read_until(self, done: Callable[[bytes], bool]) -> bytes | None:
        """The bytes read so far once ``done(bytes)`` holds; None on timeout or end."""
        if self.proc.stdout is None:
            return None
        fd = self.proc.stdout.fileno()
        while not done(self.buffer):
            ready, _, _ = select.select([fd], [], [], _TIMEOUT_S)
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                self.close()
                return None
            self.buffer += chunk
        return self.buffer

    def close(self) -> None:
        """End the reader and reap it (its CPU is then the caller's children's)."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with suppress(OSError):
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # stuck (a parse that never ends): it and its subshell
            with suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


_SESSION: _Reader | None = None


@contextmanager
def parsing_session() -> Iterator[None]:
    """While open, the shell check parses every text in one bash (a batch of ports), not one
    bash per text; the bash ends with the session."""
    global _SESSION
    bash, previous = shutil.which("bash"), _SESSION
    reader = _Reader(bash) if bash is not None else None
    _SESSION = reader
    try:
        yield
    finally:
        _SESSION = previous
        if reader is not None:
            reader.close()


def _first_complaint(status: int, messages: str) -> str:
    """"" for a text that parses, else the first line of what bash said."""
    if status == 0:
        return ""
    lines = messages.strip().splitlines()
    return lines[0] if lines else "syntax error"


def _bash_error(text: str) -> str | None:
    """bash -n's first complaint about ``text`` ("" when it parses; None when no bash)."""
    if _SESSION is not None:
        found = _SESSION.error(text)
        if found is not None:
            return found
    bash = shutil.which("bash")
    if bash is None:
        return None
    try:
        proc = subprocess.run([bash, "-n"], input=text, text=True, capture_output=True,
                              timeout=_TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return _first_complaint(proc.returncode, proc.stderr)


def _named(error: str, script: str) -> str:
    """``error`` with the port's line it names shown (``line 178 `function f {```)."""
    found = _AT_LINE.search(error)
    if not found:
        return error
    number, what = int(found.group(1)), found.group(2)
    lines = script.split("\n")
    shown = lines[number - 1].strip() if 0 < number <= len(lines) else ""
    return f"line {number}{f' `{shown}`' if shown else ''}: {what}"


def broken_shell(source: str, script: str) -> str:
    """A refusal's words when ``script`` (the port) does not parse though ``source`` does;
    ``""`` when it parses, when the source itself does not, or when the check cannot run."""
    if _OTHER_SHELL.match(source.lstrip()):
        return ""
    port_error = _bash_error(script)
    if not port_error:
        return ""
    if _bash_error(source) != "":
        return ""  # the source does not parse either (or no bash): nothing to compare
    return ("the ported script does not parse as bash though your script does ("
            f"{_named(port_error, script)}): the port's edit broke the script's structure (a "
            "function, if/fi, case/esac, loop, heredoc or quote left open or closed twice), so "
            "the job would not start; port the script by hand, keeping its structure")


__all__ = ["broken_shell", "parsing_session"]
