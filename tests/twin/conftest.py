"""Fixtures of the twin's integration tests: one twin for the whole session."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from maple_flow.knowledge.clusters import all_profiles

HERE = Path(__file__).parent


def _skip_reason() -> str | None:
    if os.geteuid() != 0:
        return "the twin needs root (it installs packages, edits /etc/hosts, starts daemons)"
    if not shutil.which("apt-get") and not shutil.which("slurmctld"):
        return "the twin needs Debian (apt-get) or the slurm packages installed"
    if shutil.which("unshare") is None:
        return "the twin needs unshare (util-linux)"
    return None


@pytest.fixture(scope="session")
def twin() -> Iterator[object]:
    """Every personality up; stops afterwards only the personalities this session started."""
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    from maple_flow.twin import Twin

    t = Twin()
    before = set(t.running())
    t.up(list(all_profiles()))
    yield t
    started = [c for c in t.running() if c not in before]
    if started:
        t.down(started)


@pytest.fixture
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A submission folder (on the filesystem every node shares) with the check program."""
    path = tmp_path_factory.mktemp("twinjob")
    shutil.copy(HERE / "dist_check.py", path / "dist_check.py")
    return path
