"""Batch porting, matrix targets and the matrix report (no jobs run here)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from maple_flow.cli import _register_all, app
from maple_flow.reports.matrix import Cell, html_page, markdown, write_matrix
from maple_flow.workflows import batch_port, matrix_targets

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
    _register_all()
    result = CliRunner().invoke(app, ["batch", str(EXAMPLE), "--to", "delta", "--json",
                                      "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["results"]["perlmutter_vit_ddp"]["delta"]["status"] == "generated"
    assert (tmp_path / "perlmutter_vit_ddp" / "delta.sh").is_file()
