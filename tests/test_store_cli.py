"""`maple templates history`, `maple templates list --learned`, the revalidation record and
`maple generate` with a store, through typer's CliRunner on a real store file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from maple_flow.cli import catalog
from maple_flow.cli import generate as generate_cli
from maple_flow.cli import store as store_cli
from maple_flow.reports.matrix import Cell
from maple_flow.store import TemplateStore

SOCKETS = [{"op": "export_env", "name": "NCCL_SOCKET_IFNAME", "value": "hsn0"}]


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    root = typer.Typer()
    catalog.register(root)
    generate_cli.register(root)
    return root


@pytest.fixture
def store_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "store.db"
    monkeypatch.setenv("MAPLE_STORE", str(path))
    return path


def run(app: typer.Typer, *argv: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(argv))
    return result.exit_code, result.stdout, result.stderr


def test_history_and_learned_list(app: typer.Typer, store_path: Path) -> None:
    code, out, _ = run(app, "templates", "list", "--learned")
    assert code == 0 and out.startswith("no learned variants yet")
    with TemplateStore.open(store_path) as store:
        vid = store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0",
                                "twin", timings={"elapsed_s": 41.5})
    code, out, _ = run(app, "templates", "list", "--learned", "--cluster", "polaris")
    assert code == 0 and vid in out and "export_env NCCL_SOCKET_IFNAME=hsn0" in out
    code, out, _ = run(app, "templates", "list", "--learned", "--json", "--cluster", "vista")
    assert json.loads(out) == []
    code, out, _ = run(app, "templates", "history", "polaris-pytorch-ddp")
    assert code == 0 and "seeded" in out and "variant learned" in out
    code, out, _ = run(app, "templates", "history", vid, "--json")
    events = json.loads(out)
    assert [(e["event"], e["endpoint"], e["status"]) for e in events] == [
        ("learned", "", ""), ("verification", "twin", "verified")]


def test_history_of_an_unknown_id_is_a_user_error(app: typer.Typer, store_path: Path) -> None:
    code, _, err = run(app, "templates", "history", "polaris-pytorch-dd")
    assert code == 2 and "no template 'polaris-pytorch-dd'" in err
    assert "polaris-pytorch-ddp" in err


def test_revalidation_record_prints_the_drift(store_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    cells = [Cell("delta", ("pytorch", "ddp"), "verified", 20.0, 8),
             Cell("delta", ("pytorch", "fsdp"), "verified", 20.0, 8)]
    store_cli.record_revalidation(cells)
    assert "(the first: no drift to show)" in capsys.readouterr().out
    cells[1] = Cell("delta", ("pytorch", "fsdp"), "failed", 20.0, 8, "NCCL timeout")
    store_cli.record_revalidation(cells)
    out = capsys.readouterr().out
    assert "1 cell(s) changed" in out and "delta pytorch/fsdp: verified -> failed" in out
    with TemplateStore.open(store_path) as store:
        assert [v.status for v in store.verifications("delta-pytorch-fsdp")] == [
            "verified", "failed"]


def test_maple_generate_uses_an_existing_store(app: typer.Typer, store_path: Path) -> None:
    request = "train.py on 2 nodes of Polaris, project datascience"
    code, out, _ = run(app, "generate", request, "--json")
    assert code == 0 and json.loads(out)["template_id"] == "polaris-pytorch-ddp"
    assert not store_path.exists()  # generate never creates a store
    with TemplateStore.open(store_path) as store:
        vid = store.add_variant("polaris-pytorch-ddp", SOCKETS, "Polaris DDP bound to hsn0",
                                "twin")
    code, out, _ = run(app, "generate", request, "--json")
    data = json.loads(out)
    assert code == 0 and data["template_id"] == vid
    assert "NCCL_SOCKET_IFNAME=hsn0" in data["script"]
    assert "learned variant of polaris-pytorch-ddp" in data["explanation"]["template"]
