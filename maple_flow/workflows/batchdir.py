"""The output folder of `maple batch`: safe unique names, atomic writes, and a run manifest.

Layout of ``-o DIR``::

    DIR/maple-batch.json          the manifest (replaced atomically after every pair)
    DIR/<name>/<cluster>.sh       one ported script per source script and target
    DIR/.maple-batch.tmp/         files being written; removed by the next run

``<name>`` is the source file's stem made safe (never ``.``/``..``, no path separators, no
leading dot); when two sources would get the same name, each gets a short hash of its
absolute path appended. The manifest remembers each source's name, so a rerun writes to the
same place, and each pair's status and the SHA-256 of its source and output, so a rerun
skips the pairs already done and redoes the rest.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from maple_flow.errors import MapleError
from maple_flow.safewrite import write_output

MANIFEST = "maple-batch.json"
TMP_DIR = ".maple-batch.tmp"
MANIFEST_VERSION = 1
#: A name ``safe_stem`` can make (plus the ``-hash``/``_`` that ``unique_names`` appends).
_PLAIN = re.compile(r"[A-Za-z0-9_+-][A-Za-z0-9_.+-]{0,119}")
#: Statuses after which a pair is done when no verification is asked for. A pair that could
#: not be ported ("error") is never done: a rerun tries it again and reports it again.
DONE = frozenset({"generated", "verified", "failed"})
#: Statuses after which a pair is done when verification is asked for ("unverified", an
#: unreachable endpoint, is tried again).
DONE_VERIFIED = frozenset({"verified", "failed"})


def sha256_text(text: str) -> str:
    """Hex SHA-256 of ``text`` encoded as UTF-8."""
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()


def safe_stem(path: Path) -> str:
    """A file or folder name made from ``path``'s stem that cannot leave its parent folder."""
    stem = path.name[: -len(path.suffix)] if path.suffix else path.name
    name = re.sub(r"[^A-Za-z0-9_.+-]", "_", stem).lstrip(".")
    return name[:80] or "script"


def unique_names(sources: Iterable[Path], taken: dict[str, str]) -> dict[str, str]:
    """Output name per absolute source path: names already in ``taken`` (source -> name, from
    a manifest) are kept; a new source whose safe stem collides with another source or with
    a taken name gets ``-<hash of its path>`` appended (case-insensitively unique)."""
    names = dict(taken)
    new = [str(p) for p in sources if str(p) not in names]
    used = {n.lower() for n in names.values()} | {MANIFEST.lower()}
    counts: dict[str, int] = {}
    for src in new:
        key = safe_stem(Path(src)).lower()
        counts[key] = counts.get(key, 0) + 1
    for src in new:
        stem = safe_stem(Path(src))
        name = stem
        if counts[stem.lower()] > 1 or name.lower() in used:
            name = f"{stem}-{hashlib.sha256(src.encode()).hexdigest()[:8]}"
        while name.lower() in used:  # a hash collision with a taken name: lengthen it
            name += "_"
        names[src] = name
        used.add(name.lower())
    return names


def atomic_write(path: Path, text: str, tmp_dir: Path) -> None:
    """Write ``text`` to ``path`` so that ``path`` is either its old content or the whole new
    one, inside the folder that holds ``tmp_dir`` and never through a symbolic link there
    (``maple_flow.safewrite``): a file in ``tmp_dir`` is fsynced and renamed over ``path``."""
    write_output(path, text, root=tmp_dir.parent, tmp_dir=tmp_dir.name)


class BatchLocked(MapleError):
    """Another `maple batch` is writing into the same output folder."""


class FolderLock:
    """An exclusive ``flock`` on a folder, held until ``close`` (or until it is collected);
    BatchLocked when another process holds it."""

    def __init__(self, folder: Path) -> None:
        self.fd: int | None = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.close()
            raise BatchLocked(f"another `maple batch` is writing into {folder}; wait for it "
                              "to finish or choose another output folder (-o)") from None

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __del__(self) -> None:
        self.close()


@dataclass
class Pair:
    """One source script x target cluster in the manifest."""

    status: str
    output: str = ""
    output_sha256: str = ""
    error: str = ""

    def to_json(self) -> dict[str, str]:
        data = {"status": self.status, "output": self.output,
                "output_sha256": self.output_sha256}
        if self.error:
            data["error"] = self.error
        return data


@dataclass
class Entry:
    """A source script in the manifest: its output name, content hash and pairs."""

    source: str
    name: str
    sha256: str
    pairs: dict[str, Pair] = field(default_factory=dict)


@dataclass
class Manifest:
    """What a batch output folder holds; saved atomically as ``DIR/maple-batch.json``."""

    folder: Path
    entries: dict[str, Entry] = field(default_factory=dict)  # by absolute source path
    lock: FolderLock | None = field(default=None, repr=False)

    @property
    def path(self) -> Path:
        return self.folder / MANIFEST

    @property
    def tmp_dir(self) -> Path:
        return self.folder / TMP_DIR

    @classmethod
    def open(cls, folder: Path) -> Manifest:
        """The folder's manifest (empty for a new folder), locked against a second batch
        (BatchLocked) until ``close``; stale temporary files are removed.

        A manifest that cannot be read, or whose names would lead outside ``folder``,
        raises ValueError naming it (never silently reset).
        """
        manifest = cls(folder, lock=FolderLock(folder))
        try:
            if manifest.tmp_dir.is_symlink():
                manifest.tmp_dir.unlink()
            with contextlib.suppress(FileNotFoundError):
                shutil.rmtree(manifest.tmp_dir)
            if manifest.path.is_file():
                manifest.entries = _read_entries(manifest.path)
        except BaseException:
            manifest.close()
            raise
        return manifest

    def close(self) -> None:
        """Remove the (then empty) folder of temporary files; release the lock."""
        with contextlib.suppress(OSError):
            self.tmp_dir.rmdir()
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    def names(self) -> dict[str, str]:
        return {src: e.name for src, e in self.entries.items()}

    def is_done(self, source: str, sha: str, cluster: str, verify: bool) -> bool:
        """Whether the pair was finished by an earlier run with this very source text and
        its output file is still there, whole (its SHA-256 matches)."""
        entry = self.entries.get(source)
        pair = entry.pairs.get(cluster) if entry and entry.sha256 == sha else None
        if pair is None or pair.status not in (DONE_VERIFIED if verify else DONE):
            return False
        if entry is not None and (self.folder / entry.name).is_symlink():
            return False  # never trusted through a link: the write refuses it
        out = self.folder / pair.output
        try:
            return sha256_text(out.read_text(encoding="utf-8")) == pair.output_sha256
        except (OSError, UnicodeDecodeError):
            return False

    def record(self, source: str, name: str, sha: str, cluster: str, pair: Pair) -> None:
        """Set one pair's outcome and save the manifest atomically."""
        entry = self.entries.get(source)
        if entry is None or entry.sha256 != sha:
            entry = self.entries[source] = Entry(source, name, sha)
        entry.pairs[cluster] = pair
        self.save()

    def write_output(self, name: str, cluster: str, script: str) -> Pair:
        """Write one ported script atomically; the Pair that records it (status generated)."""
        relative = output_name(name, cluster)
        atomic_write(self.folder / relative, script, self.tmp_dir)
        return Pair("generated", relative, sha256_text(script))

    def save(self) -> None:
        data = {"version": MANIFEST_VERSION, "scripts": {
            e.name: {"source": e.source, "sha256": e.sha256,
                     "pairs": {c: p.to_json() for c, p in sorted(e.pairs.items())}}
            for e in self.entries.values()}}
        atomic_write(self.path, json.dumps(data, indent=1, sort_keys=True) + "\n",
                     self.tmp_dir)


def output_name(name: str, cluster: str) -> str:
    """Where the pair's script goes, relative to the output folder: ``name/cluster.sh``."""
    return f"{name}/{cluster}.sh"


def _plain_name(name: str, what: str) -> str:
    """``name`` when it is one plain file name (what ``safe_stem`` makes), else ValueError."""
    if not _PLAIN.fullmatch(name):
        raise ValueError(f"{what} {name!r} is not a plain name inside the output folder")
    return name


def _pair(name: str, cluster: str, p: dict[str, Any]) -> Pair:
    pair = Pair(str(p["status"]), str(p.get("output", "")), str(p.get("output_sha256", "")),
                str(p.get("error", "")))
    if pair.output not in ("", output_name(name, cluster)):
        raise ValueError(f"output {pair.output!r} is not {output_name(name, cluster)!r}")
    return pair


def _read_entries(path: Path) -> dict[str, Entry]:
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        entries = {}
        for name, item in data["scripts"].items():
            _plain_name(name, "script name")
            pairs = {_plain_name(c, "cluster"): _pair(name, c, p)
                     for c, p in item["pairs"].items()}
            entries[str(item["source"])] = Entry(str(item["source"]), str(name),
                                                 str(item["sha256"]), pairs)
        return entries
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{path} is not a maple batch manifest ({exc}); move it away or "
                         "choose another output folder") from None
