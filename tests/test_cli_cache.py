"""The on-disk cache that keeps a fresh `maple` fast: values come back only for the very same
source files, a torn or unwritable cache only costs a rebuild, and it can be turned off."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow import diskcache
from maple_flow.knowledge.clusters import _read_profiles
from maple_flow.paths import templates_dir


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("MAPLE_FLOW_NO_CACHE", raising=False)
    return tmp_path / "cache" / "maple_flow"


def _counting(value: object) -> tuple[list[int], object]:
    calls: list[int] = []

    def build() -> object:
        calls.append(1)
        return value

    return calls, build


def test_value_comes_back_for_the_same_files_only(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text("x: 1\n")
    calls, build = _counting({"x": 1})
    assert diskcache.load_cached("t", [source], build) == {"x": 1}
    assert diskcache.load_cached("t", [source], build) == {"x": 1}
    assert len(calls) == 1
    source.write_text("x: 22\n")  # another size: rebuilt
    assert diskcache.load_cached("t", [source], build) == {"x": 1}
    assert len(calls) == 2
    assert len(list((cache / "data").glob("t-*.pickle"))) == 1  # the stale entry is gone


def test_torn_entry_is_rebuilt(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text("x: 1\n")
    calls, build = _counting([1, 2, 3])
    diskcache.load_cached("t", [source], build)
    entry = next((cache / "data").glob("t-*.pickle"))
    entry.write_bytes(entry.read_bytes()[:5])
    assert diskcache.load_cached("t", [source], build) == [1, 2, 3]
    assert len(calls) == 2


def test_off_and_unwritable(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "a.yaml"
    source.write_text("x: 1\n")
    calls, build = _counting("v")
    monkeypatch.setenv("MAPLE_FLOW_NO_CACHE", "1")
    diskcache.load_cached("t", [source], build)
    diskcache.load_cached("t", [source], build)
    assert len(calls) == 2 and not cache.exists()
    assert diskcache.jinja_bytecode_cache() is None
    monkeypatch.delenv("MAPLE_FLOW_NO_CACHE")
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MAPLE_FLOW_CACHE", str(blocker))  # a file: nothing can be written
    assert diskcache.load_cached("t", [source], build) == "v"
    assert diskcache.jinja_bytecode_cache() is None


def test_cached_profiles_equal_freshly_read_ones(cache: Path) -> None:
    paths = sorted((templates_dir() / "clusters").glob("*.yaml"))
    fresh = _read_profiles(paths)
    diskcache.load_cached("profiles", paths, lambda: _read_profiles(paths))
    cached = diskcache.load_cached("profiles", paths, lambda: {})
    assert cached == fresh and len(cached) == 10


def test_a_bad_file_is_not_cached(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text("x: 1\n")

    def fail() -> object:
        raise ValueError("bad file")

    with pytest.raises(ValueError):
        diskcache.load_cached("t", [source], fail)
    assert not list(cache.rglob("t-*.pickle"))


def test_entry_others_can_write_is_not_trusted(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text("x: 1\n")
    calls, build = _counting("v")
    diskcache.load_cached("t", [source], build)
    entry = next((cache / "data").glob("t-*.pickle"))
    entry.chmod(0o666)
    diskcache.load_cached("t", [source], build)
    assert len(calls) == 2  # rebuilt (and rewritten private) instead of unpickled
    assert not next((cache / "data").glob("t-*.pickle")).stat().st_mode & 0o022


def test_template_bodies_are_compiled_once_and_render_the_same(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A template body's compiled code is kept in the Jinja cache: a fresh environment (a new
    process) renders the same bytes without compiling it again; without the cache too."""
    import jinja2
    from launch_cases import case, spec_for

    from maple_flow.render import _environment, render

    template, profile = case("perlmutter-pytorch-ddp")
    spec = spec_for(template, profile)
    compiled: list[str] = []
    real_compile = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: str, *args: object, **kw: object) -> object:
        compiled.append(source)
        return real_compile(self, source, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    texts = []
    for _ in range(2):
        _environment.cache_clear()  # a fresh environment, as in a new process
        texts.append(render(spec, profile, template))
    assert compiled.count(template.body) == 1
    monkeypatch.setenv("MAPLE_FLOW_NO_CACHE", "1")
    _environment.cache_clear()
    texts.append(render(spec, profile, template))
    _environment.cache_clear()
    assert texts[0] == texts[1] == texts[2]
    assert compiled.count(template.body) == 2
