"""Hostile files, folders and environments (issue 19, items 4 and 6-9): caches someone else
planted, symbolic links and edited manifests around output folders, odd source encodings,
stores that are not ours, and errors in --json mode. Every case ends in a clear result or a
clear error: no traceback, nothing written outside the folder the user chose."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import run

from maple_flow import diskcache

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "perlmutter_vit_ddp.sbatch"
RENDER = ["render", "--cluster", "polaris", "--framework", "pytorch", "--strategy", "ddp",
          "--nodes", "1", "--gpus-per-node", "4", "--entrypoint", "train.py"]
OTHER_UID = 4242


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAPLE")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def _maple(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "maple_flow.cli", *args], capture_output=True,
                          text=True, env=_env(**env), timeout=120, check=False)


def _no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("MAPLE_FLOW_NO_CACHE", raising=False)
    return tmp_path / "cache" / "maple_flow"


# -- 4. caches ------------------------------------------------------------------------------
def _plant_bytecode(marker: Path, owner: int | None, mode: int) -> Path:
    """A Jinja bytecode entry for the polaris DDP template's body that writes ``marker``
    when it runs, as another user (``owner``) or with ``mode`` would leave it."""
    import jinja2

    from maple_flow.knowledge.library import get_template

    cache = jinja2.FileSystemBytecodeCache(str(diskcache.cache_dir() / "jinja"))
    os.makedirs(cache.directory, exist_ok=True)
    body = get_template("polaris-pytorch-ddp").body
    bucket = cache.get_bucket(jinja2.Environment(), "maple_flow-body/polaris-pytorch-ddp",
                              None, body)
    bucket.code = compile(f"open({str(marker)!r}, 'w').write('ran')", "<planted>", "exec")
    cache.set_bucket(bucket)
    path = Path(cache._get_cache_filename(bucket))
    os.chmod(path, mode)
    if owner is not None:
        os.chown(path, owner, owner)
    return path


@pytest.mark.parametrize("owner, mode", [(OTHER_UID, 0o644), (None, 0o666)],
                         ids=["other-user", "world-writable"])
def test_render_never_runs_a_planted_jinja_cache(cache: Path, tmp_path: Path, owner: int | None,
                                                 mode: int) -> None:
    if owner is not None and os.getuid() != 0:
        pytest.skip("making a file owned by another user needs root")
    marker = tmp_path / "ran"
    _plant_bytecode(marker, owner, mode)
    done = _maple(RENDER, MAPLE_FLOW_CACHE=str(tmp_path / "cache"))
    assert done.returncode == 0, done.stderr
    assert "#PBS" in done.stdout
    assert not marker.exists()
    assert (cache / "jinja").stat().st_mode & 0o777 == 0o700


def test_cache_folders_are_private(cache: Path, tmp_path: Path) -> None:
    (cache / "jinja").mkdir(parents=True, mode=0o755)
    os.chmod(cache / "jinja", 0o755)
    assert diskcache.jinja_bytecode_cache() is not None
    assert (cache / "jinja").stat().st_mode & 0o777 == 0o700
    source = tmp_path / "a.yaml"
    source.write_text("x: 1\n")
    diskcache.load_cached("t", [source], lambda: 1)
    assert (cache / "data").stat().st_mode & 0o777 == 0o700


def test_a_cache_folder_of_another_user_is_not_used(cache: Path) -> None:
    if os.getuid() != 0:
        pytest.skip("making a folder owned by another user needs root")
    (cache / "jinja").mkdir(parents=True)
    os.chown(cache / "jinja", OTHER_UID, OTHER_UID)
    assert diskcache.jinja_bytecode_cache() is None


def test_pickle_cache_does_not_follow_a_link(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text("x: 1\n")
    diskcache.load_cached("t", [source], lambda: "mine")
    entry = next((cache / "data").glob("t-*.pickle"))
    elsewhere = tmp_path / "elsewhere.pickle"
    entry.rename(elsewhere)
    entry.symlink_to(elsewhere)
    calls: list[int] = []
    assert diskcache.load_cached("t", [source], lambda: calls.append(1) or "rebuilt") in (
        "rebuilt", None)
    assert calls == [1]


# -- 6. one safe writer ---------------------------------------------------------------------
def _outside(tmp_path: Path) -> Path:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    return victim


@pytest.mark.parametrize("argv", [
    [*RENDER, "-o", "{out}"],
    ["triples", "--on", "polaris", "--nodes", "1", "--ppn", "4", "-o", "{out}", "--",
     "python", "t.py", "{{task}}"],
], ids=["render", "triples"])
def test_o_replaces_a_symlink_instead_of_following_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    victim = _outside(tmp_path)
    out = tmp_path / "out" / "job.sh"
    out.parent.mkdir()
    out.symlink_to(victim)
    code, _, err = run([a.replace("{out}", str(out)).replace("{{task}}", "{task}")
                        for a in argv], capsys)
    assert code == 0, err
    assert victim.read_text() == "keep me\n"
    assert not out.is_symlink() and out.read_text().startswith("#!")
    assert not [p for p in out.parent.iterdir() if p.name.endswith(".tmp")]


def test_o_file_mode_follows_the_umask(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    old = os.umask(0o027)
    try:
        code, _, err = run(["port", str(EXAMPLE), "--to", "polaris", "-o", str(tmp_path / "p")],
                           capsys)
    finally:
        os.umask(old)
    assert code == 0, err
    assert (tmp_path / "p" / "polaris.sh").stat().st_mode & 0o777 == 0o640


def test_port_o_dir_does_not_write_through_a_link(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    victim = _outside(tmp_path)
    out = tmp_path / "ported"
    out.mkdir()
    (out / "polaris.sh").symlink_to(victim)
    code, _, err = run(["port", str(EXAMPLE), "--to", "polaris", "-o", str(out)], capsys)
    assert code == 0, err
    assert victim.read_text() == "keep me\n"
    assert "#PBS" in (out / "polaris.sh").read_text()


def _batch(out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return run(["batch", str(EXAMPLE), "--to", "polaris", "-o", str(out)], capsys)


def test_batch_refuses_an_edited_manifest_key_that_leaves_o(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a" / "b" / "out"
    code, _, err = _batch(out, capsys)
    assert code == 0, err
    manifest = out / "maple-batch.json"
    data = json.loads(manifest.read_text())
    data["scripts"] = {"../../escaped": next(iter(data["scripts"].values()))}
    data["scripts"]["../../escaped"]["pairs"] = {}
    manifest.write_text(json.dumps(data))
    code, out_text, err = _batch(out, capsys)
    assert code == 2 and "not a maple batch manifest" in err
    _no_traceback(out_text, err)
    assert not (tmp_path / "a" / "escaped").exists()


def test_batch_refuses_a_symlinked_folder_inside_o(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / EXAMPLE.stem).symlink_to(elsewhere)
    code, out_text, err = _batch(out, capsys)
    assert code == 2 and "symbolic link" in err
    _no_traceback(out_text, err)
    assert list(elsewhere.iterdir()) == []


def test_two_batches_into_one_o_do_not_race(tmp_path: Path) -> None:
    from maple_flow.errors import MapleError
    from maple_flow.workflows.batchdir import Manifest

    out = tmp_path / "out"
    out.mkdir()
    first = Manifest.open(out)
    first.write_output("job", "polaris", "#!/bin/bash\n")
    with pytest.raises(MapleError, match="another `maple batch` is writing"):
        Manifest.open(out)
    assert (out / "job" / "polaris.sh").read_text() == "#!/bin/bash\n"
    first.close()
    Manifest.open(out).close()  # released
