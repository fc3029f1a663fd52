"""The one way maple_flow writes an output file the user asked for (``-o``, batch folders).

``write_output(path, text)`` writes ``path`` whole or not at all: a temporary file in the
same folder (created exclusively, never through a symbolic link), fsynced, then renamed over
``path``, so a symlink already at ``path`` is replaced, not followed. ``root=`` confines the
write to a folder the user chose: every folder between ``root`` and ``path`` is opened
without following symbolic links (a link inside ``root`` is refused), and ``..`` or an
absolute path is refused. New files get mode 0644 less the umask.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path, PurePath

from maple_flow.errors import MapleError

FILE_MODE = 0o644
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class UnsafeOutput(MapleError):
    """An output path that would leave the chosen folder or go through a symbolic link."""


def inside(root: Path, relative: str | PurePath) -> PurePath:
    """``relative`` as a path inside ``root``; UnsafeOutput for an absolute path, ``..``,
    an empty name or a NUL byte."""
    rel = PurePath(relative)
    if (rel.is_absolute() or not rel.parts or ".." in rel.parts or "\x00" in str(rel)
            or rel.name in ("", ".")):
        raise UnsafeOutput(f"{str(relative)!r} is not a file name inside {root}; maple writes "
                           "only inside the output folder")
    return rel


def _open_dir(root: Path, folders: tuple[str, ...], create: bool) -> int:
    """A descriptor of ``root/folders...``: ``root`` is opened as the user named it, each
    folder below it without following a symbolic link (missing ones created)."""
    if create:
        root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    where = root
    try:
        for name in folders:
            where = where / name
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(name, 0o777, dir_fd=fd)
            try:
                child = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if os.path.islink(where):
                    raise UnsafeOutput(f"{where} is a symbolic link; maple writes only inside "
                                       f"{root}, never through a link: remove it or choose "
                                       "another output folder") from None
                raise OSError(exc.errno, exc.strerror, str(where)) from None
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextlib.contextmanager
def _folder(root: Path, folders: tuple[str, ...]) -> Iterator[int]:
    fd = _open_dir(root, folders, create=True)
    try:
        yield fd
    finally:
        os.close(fd)


def _write_tmp(dir_fd: int, name: str, data: bytes, mode: int) -> str:
    """A new temporary file in ``dir_fd`` holding ``data``, fsynced; its name."""
    tmp = f".{name[:64]}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                 mode, dir_fd=dir_fd)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    return tmp


def write_output(path: Path, text: str, *, root: Path | None = None,
                 tmp_dir: str | None = None, mode: int = FILE_MODE) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically, never through a symbolic link.

    Without ``root`` the folder of ``path`` is used as the user named it and only the file
    itself is protected. With ``root``, ``path`` must lie inside it (see the module).
    ``tmp_dir`` (a folder name inside ``root``) holds the temporary file instead of the
    target's own folder, so one cleanup removes what an interrupted run left.
    ``mode`` (less the umask) is the new file's mode.
    """
    if root is None:
        root, rel = path.parent, inside(path.parent, path.name)
    else:
        try:
            rel = inside(root, path.relative_to(root))
        except ValueError:
            raise UnsafeOutput(f"{path} is not inside {root}; maple writes only inside the "
                               "output folder") from None
    data = text.encode("utf-8", errors="surrogateescape")
    with _folder(root, rel.parts[:-1]) as target_fd:
        try:
            if tmp_dir is None:
                _replace(target_fd, target_fd, rel.name, data, mode)
                return
            with _folder(root, inside(root, tmp_dir).parts) as tmp_fd:
                _replace(tmp_fd, target_fd, rel.name, data, mode)
        except OSError as exc:  # named after the file asked for, not the temporary one
            if exc.errno is None:
                raise
            raise OSError(exc.errno, exc.strerror, str(root / rel)) from None


def _replace(tmp_fd: int, target_fd: int, name: str, data: bytes, mode: int) -> None:
    tmp = _write_tmp(tmp_fd, name, data, mode)
    try:
        os.replace(tmp, name, src_dir_fd=tmp_fd, dst_dir_fd=target_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=tmp_fd)
        raise
    os.fsync(target_fd)
