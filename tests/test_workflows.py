"""Batch porting, matrix targets and the matrix report (no jobs run here)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from maple_flow.cli import app, main
from maple_flow.errors import MapleError
from maple_flow.reports.matrix import Cell, html_page, markdown, write_matrix
from maple_flow.workflows.batchdir import MANIFEST, TMP_DIR, atomic_write, safe_stem, unique_names
from maple_flow.workflows.scale import batch_port, batch_to_dir, matrix_targets

ROOT = Path(__file__).resolve().parent.parent

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "perlmutter_vit_ddp.sbatch"


def test_batch_ports_every_script_and_reports_bad_ones() -> None:
    scripts = {"vit": EXAMPLE.read_text(), "broken": "#!/bin/bash\necho no launch here\n"}
    batch = batch_port(scripts, ["polaris", "vista"])
    assert set(batch.results) == {"vit"} and set(batch.results["vit"]) == {"polaris", "vista"}
    assert "broken" in batch.errors
    assert batch.results["vit"]["vista"].spec.gpus_per_node == 1
    assert all(r.status == "generated" for r in batch.results["vit"].values())


def test_matrix_targets_cover_every_template_with_full_nodes() -> None:
    targets = matrix_targets(["aurora", "ls6"], [("pytorch", "ddp"), ("deepspeed", "zero3")])
    assert [(t.cluster, t.strategy) for t in targets] == [
        ("aurora", "ddp"), ("aurora", "zero3"), ("lonestar6", "ddp"), ("lonestar6", "zero3")]
    assert [t.spec.ranks for t in targets if t.spec] == [24, 24, 6, 6]


CELLS = [Cell("delta", ("pytorch", "ddp"), "verified", 20.4, 8),
         Cell("delta", ("deepspeed", "zero3"), "failed", 31.0, 8, "rank 3 missing <x>")]


def test_matrix_report_renderings(tmp_path: Path) -> None:
    md = markdown(CELLS)
    assert "| delta | ✔ 20 s (8 ranks) | ✘ 31 s (8 ranks) |" in md
    assert "rank 3 missing" in md
    page = html_page(CELLS, "t")
    assert "&lt;x&gt;" in page and "<x>" not in page
    data = write_matrix(CELLS, tmp_path, 40.0)
    assert data["verified"] == 1 and json.loads((tmp_path / "matrix.json").read_text())
    assert (tmp_path / "matrix.html").is_file()


def test_batch_cli_json(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["batch", str(EXAMPLE), "--to", "delta", "--json",
                                      "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["results"]["perlmutter_vit_ddp"]["delta"]["status"] == "generated"
    assert (tmp_path / "perlmutter_vit_ddp" / "delta.sh").is_file()


# ---- batch: each pair its own result, safe unique names, atomic writes, resume -------------

def _variant(nodes: int = 2, extra: str = "") -> str:
    text = EXAMPLE.read_text().replace("#SBATCH -N 2", f"#SBATCH -N {nodes}")
    return text.replace("\nsrun ", f"\n{extra}srun ", 1) if extra else text


def test_one_bad_script_does_not_stop_the_batch() -> None:
    scripts = {"good": _variant(), "space-in-env": _variant(extra='export "MY VAR=1"\n'),
               "huge": _variant(nodes=9_999_999)}
    batch = batch_port(scripts, ["polaris", "delta"])
    assert set(batch.results) == {"good"} and set(batch.results["good"]) == {"polaris", "delta"}
    assert set(batch.errors["space-in-env"]) == {"polaris", "delta"}
    assert "env" in batch.errors["space-in-env"]["polaris"]
    assert "MY VAR" in batch.errors["space-in-env"]["polaris"]
    assert "node count" in batch.errors["huge"]["polaris"]
    assert "ValidationError" not in str(batch.errors)


def test_safe_unique_names() -> None:
    taken = {"/old/job.sbatch": "job"}
    names = unique_names([Path("/a/job.sbatch"), Path("/b/job.sbatch"), Path("/c/...sbatch"),
                          Path("/d/..sbatch"), Path("/e/x y;rm -rf.sbatch"),
                          Path("/f/maple-batch.json.sbatch"), Path("/old/job.sbatch")], taken)
    assert names["/old/job.sbatch"] == "job"
    assert names["/a/job.sbatch"].startswith("job-") and names["/b/job.sbatch"].startswith("job-")
    assert len(set(names.values())) == len(names)
    for name in names.values():
        assert name not in {"", ".", ".."} and "/" not in name and not name.startswith(".")
        assert name.lower() != "maple-batch.json"
    assert names["/e/x y;rm -rf.sbatch"] == "x_y_rm_-rf"
    assert safe_stem(Path("/c/...sbatch")) == "script"


def _sources(root: Path, count: int) -> list[Path]:
    """``count`` working scripts, two of them with one base name in different folders, one
    whose stem is '..'."""
    paths = []
    for i in range(count):
        folder = root / "jobs" / f"set{i % 3}"
        folder.mkdir(parents=True, exist_ok=True)
        name = "job.sbatch" if i < 2 else ("...sbatch" if i == 2 else f"train{i}.sbatch")
        path = folder / name if i != 1 else root / "jobs" / "other" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_variant(nodes=1 + i % 4))
        paths.append(path)
    return paths


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and TMP_DIR not in p.parts}


def test_batch_dir_names_stay_inside_and_resume(tmp_path: Path) -> None:
    paths = _sources(tmp_path, 4)
    out = tmp_path / "out"
    first = batch_to_dir(paths, ["polaris", "ls6"], out)
    assert not first.errors and not first.resumed
    files = _files(out)
    scripts = [f for f in files if f.endswith(".sh")]
    assert len(scripts) == 8  # 4 sources x 2 clusters, none overwritten
    for rel in files:
        assert (out / rel).resolve().is_relative_to(out.resolve())
    assert not (tmp_path / "jobs" / "set2" / "polaris.sh").exists()
    manifest = json.loads((out / MANIFEST).read_text())
    assert {p["status"] for s in manifest["scripts"].values() for p in s["pairs"].values()} == {
        "generated"}
    assert not (out / TMP_DIR).exists()

    again = batch_to_dir(paths, ["polaris", "lonestar6"], out)
    assert not again.results and sum(len(v) for v in again.resumed.values()) == 8
    assert _files(out) == files

    # the cut file is one of another source than the one changed below (the folder names
    # hash the sources' paths, so their order differs from one temporary folder to the next)
    changed = next(n for n, s in first.sources.items() if s == str(paths[3]))
    cut = next(f for f in scripts if f.split("/")[0] != changed)
    victim = out / cut
    victim.write_text(victim.read_text()[:100])  # a cut file is redone, nothing else
    paths[3].write_text(_variant(nodes=3, extra="export FOO=1\n"))  # a changed source too
    third = batch_to_dir(paths, ["polaris", "lonestar6", "delta"], out)
    redone = {(n, c) for n, per in third.results.items() for c in per}
    assert (cut.split("/")[0], cut.split("/")[1][:-3]) in redone
    name3 = third.sources and next(n for n, s in third.sources.items() if s == str(paths[3]))
    assert {c for n, c in redone if n == name3} == {"polaris", "lonestar6", "delta"}
    assert len(redone) == 1 + 3 + 3  # the cut file, the changed source, delta for the others
    assert victim.read_bytes() == files[cut]  # redone whole, as it was before the cut


def test_batch_dir_keeps_its_history_in_the_store(tmp_path: Path) -> None:
    from maple_flow.store import TemplateStore

    paths = _sources(tmp_path, 2)
    broken = tmp_path / "broken.sbatch"
    broken.write_text("#!/bin/bash\necho no launch here\n")
    out = tmp_path / "out"
    with TemplateStore.open(tmp_path / "store.db") as store:
        first = batch_to_dir([*paths, broken], ["polaris", "ls6"], out, store=store)
        items = store.batch_items(first.store_run or "")
        assert len(items) == 6 and "pending" not in {i.status for i in items}
        manifest = json.loads((out / MANIFEST).read_text())["scripts"]
        from_manifest = {(Path(e["source"]).name, c): p["status"]
                         for e in manifest.values() for c, p in e["pairs"].items()}
        assert from_manifest == {(Path(i.script_path).name, i.target): i.status for i in items}
        statuses = {(Path(i.script_path).name, i.target): i.status for i in items}
        assert statuses[("broken.sbatch", "polaris")] == "error"
        made = [i for i in items if i.status == "generated"]
        assert len(made) == 4 and all(Path(i.output_path or "").is_file() for i in made)
        again = batch_to_dir([*paths, broken], ["polaris", "lonestar6"], out, store=store)
        assert again.store_run != first.store_run and not again.results
        assert sorted(i.status for i in store.batch_items(again.store_run or "")) == sorted(
            i.status for i in items)  # the resumed pairs, as the manifest had them
    assert batch_to_dir(paths, ["polaris"], tmp_path / "out2").store_run is None


def test_unreadable_manifest_is_a_clear_error(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / MANIFEST).write_text("{not json")
    with pytest.raises(MapleError, match="not a maple batch manifest"):
        batch_to_dir([EXAMPLE], ["polaris"], out)


def test_batch_cli_reports_bad_script_by_path(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.sbatch"
    bad.write_text(_variant(extra='export "MY VAR=1"\n'))
    with pytest.raises(SystemExit) as exc:
        main(["batch", str(EXAMPLE), str(bad), "--to", "polaris,vista", "-o", str(tmp_path / "o")])
    out, err = capsys.readouterr()
    assert exc.value.code == 1
    assert f"error: {bad} (polaris, vista): the port cannot write this job" in err
    assert '`export "MY VAR=1"`' in err
    assert "perlmutter_vit_ddp" in out and "Traceback" not in err
    assert (tmp_path / "o" / "perlmutter_vit_ddp" / "vista.sh").is_file()


def _batch_cmd(paths: list[Path], out: Path) -> list[str]:
    return [sys.executable, "-m", "maple_flow.cli", "batch", *map(str, paths),
            "--to", "polaris,lonestar6,delta,vista", "-o", str(out)]


def _check_whole_or_absent(out: Path, ref: dict[str, bytes]) -> int:
    """Every file in ``out`` (but the temporary folder) is whole: byte-identical to the
    uninterrupted run's, or a manifest that parses. Returns how many scripts are there."""
    files = _files(out)
    for rel, data in files.items():
        if rel == MANIFEST:
            manifest = json.loads(data)
            for entry in manifest["scripts"].values():
                for pair in entry["pairs"].values():
                    assert pair["status"] == "generated"
                    assert files[pair["output"]] == ref[pair["output"]]
            continue
        assert rel in ref, f"unexpected file {rel}"
        assert data == ref[rel], f"{rel} is not whole"
    return sum(rel.endswith(".sh") for rel in files)


def _scripts_in(folder: Path) -> int:
    """The .sh files under ``folder`` while a batch writes it: os.walk skips a folder that
    goes away between listing and reading it (the batch's temporary folder), where
    Path.rglob raises."""
    return sum(name.endswith(".sh") for _, _, names in os.walk(folder) for name in names)


@pytest.mark.slow
def test_batch_survives_kill_9_at_random_points(tmp_path: Path) -> None:
    """Real `maple batch` processes killed with SIGKILL at random moments (after a random
    number of outputs, plus a random few milliseconds): every file in -o is whole or absent,
    and a rerun finishes exactly the unfinished pairs."""
    paths = _sources(tmp_path, 10)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(_batch_cmd(paths, tmp_path / "ref"), env=env, check=True, timeout=300,
                   capture_output=True, stdin=subprocess.DEVNULL)
    ref = _files(tmp_path / "ref")
    assert sum(rel.endswith(".sh") for rel in ref) == 40
    out, rng, seen, killed = tmp_path / "out", random.Random(20261123), [], 0
    for i in range(6):
        if i % 2 == 0:  # a fresh run, then a resumed one, each killed at a random moment
            shutil.rmtree(out, ignore_errors=True)
        present = _scripts_in(out)
        goal = rng.randint(min(present + 1, 39), 39)
        proc = subprocess.Popen(_batch_cmd(paths, out), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and (
                _scripts_in(out) < goal):
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.01))
        killed += proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        seen.append(_check_whole_or_absent(out, ref))
    done = 0
    if (out / MANIFEST).exists():
        manifest = json.loads((out / MANIFEST).read_text())
        done = sum(len(e["pairs"]) for e in manifest["scripts"].values())
    final = subprocess.run([*_batch_cmd(paths, out), "--json"], env=env, timeout=300,
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert final.returncode == 0, final.stderr
    data = json.loads(final.stdout)
    resumed = sum(bool(r.get("resumed")) for per in data["results"].values()
                  for r in per.values())
    assert resumed == done  # only unfinished pairs were redone
    assert _files(out).keys() - {MANIFEST} == ref.keys() - {MANIFEST}
    assert all(_files(out)[k] == v for k, v in ref.items() if k != MANIFEST)
    assert killed >= 3 and min(seen) < 40  # kills landed while runs were writing


def test_atomic_write_leaves_old_content_when_interrupted(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that dies before its rename (here: fsync fails) leaves the target as it was."""
    target = tmp_path / "a" / "polaris.sh"
    atomic_write(target, "old\n", tmp_path / TMP_DIR)

    def die(fd: int) -> None:
        raise OSError(5, "simulated crash")

    monkeypatch.setattr(os, "fsync", die)
    with pytest.raises(OSError):
        atomic_write(target, "new " * 100_000, tmp_path / TMP_DIR)
    assert target.read_text() == "old\n"
    monkeypatch.undo()
    atomic_write(tmp_path / "b.sh", "x", tmp_path / TMP_DIR)
    assert (tmp_path / "b.sh").read_text() == "x"


def test_api_functions_raise_only_maple_errors() -> None:
    """generate, port, extract, verify, batch_port, render: a bad value is a MapleError that
    names the field, never a pydantic ValidationError or a bare ValueError."""
    import maple_flow
    from maple_flow.errors import InvalidValue, UnknownCluster
    from maple_flow.verify import verify
    from maple_flow.workflows.scale import batch_port as batch

    for function in (maple_flow.generate, maple_flow.generate_from_spec, maple_flow.port,
                     maple_flow.extract, maple_flow.render, verify, batch):
        assert hasattr(function, "__wrapped__"), f"{function.__name__} is not at the boundary"
    with pytest.raises(InvalidValue, match=r"line \d+ `export \"MY VAR=1\"`.*invalid environment "
                       "variable names"):
        maple_flow.port(_variant(extra='export "MY VAR=1"\n'), ["polaris"])
    with pytest.raises(InvalidValue, match=r"`#SBATCH -N 9999999` \(the job's node count\)"):
        maple_flow.port(_variant(nodes=9_999_999), ["polaris"])
    with pytest.raises(InvalidValue, match="nodes"):
        maple_flow.port(EXAMPLE.read_text(), ["polaris"], nodes=0)
    with pytest.raises(UnknownCluster, match="no target cluster given"):
        maple_flow.port(EXAMPLE.read_text(), "")
    with pytest.raises(UnknownCluster, match="known clusters"):
        batch({"x": EXAMPLE.read_text()}, ["frontier"])
    with pytest.raises(MapleError, match="time limit must be positive"):
        maple_flow.generate("train.py on 2 nodes of polaris, walltime 00:00:00")
    with pytest.raises(UnknownCluster):
        verify("#!/bin/bash\n", "frontier", entrypoint="train.py")
