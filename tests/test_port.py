"""Porting a working script: what is kept, what is changed, what is reported."""

from __future__ import annotations

import json

import pytest

from maple_flow import port
from maple_flow.cli import main
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.rules import choose_queue, is_cluster_specific, place_ranks

SCRIPT = """#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l walltime=06:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A datascience
module use /soft/modulefiles
module load conda
conda activate base
export NCCL_NET_GDR_LEVEL=PHB
export WANDB_PROJECT=vit
export HF_HOME=/lus/eagle/projects/datascience/hf
mpiexec -n 8 --ppn 4 --depth=8 --cpu-bind depth python3 train.py --epochs 5 --data /lus/x
"""


def test_port_keeps_program_ranks_and_user_env() -> None:
    results = port(SCRIPT, ["perlmutter", "aurora", "lonestar6"])
    assert set(results) == {"perlmutter", "aurora", "lonestar6"}
    for r in results.values():
        assert r.status == "generated"
        assert r.spec.entrypoint == "train.py"
        assert r.spec.args == ["--epochs", "5", "--data", "/lus/x"]
        assert r.spec.env == {}  # the user's export line is carried verbatim, in order
        assert "export WANDB_PROJECT=vit" in r.spec.setup_steps
        assert r.spec.account is None
        assert "train.py" in r.script
    assert results["aurora"].spec.ranks == 8 and results["aurora"].spec.nodes == 1
    assert results["perlmutter"].spec.walltime == "06:00:00"
    assert results["perlmutter"].spec.queue == "regular"


def test_notes_say_what_to_check() -> None:
    notes = " ".join(port(SCRIPT, "perlmutter")["perlmutter"].notes)
    for needle in ("datascience", "NCCL_NET_GDR_LEVEL", "HF_HOME", "conda activate base",
                   "pytorch/2.6.0", "/lus/x", "prod"):
        assert needle in notes


def test_uneven_ranks_are_reported() -> None:
    r = port(SCRIPT, ["lonestar6"])["lonestar6"]
    assert (r.spec.nodes, r.spec.gpus_per_node) == (3, 3)
    assert any("8 ranks" in n for n in r.notes)


def test_overrides() -> None:
    r = port(SCRIPT, ["delta"], nodes=4, gpus_per_node=2, account="bbka-delta-gpu")["delta"]
    assert (r.spec.nodes, r.spec.gpus_per_node, r.spec.account) == (4, 2, "bbka-delta-gpu")
    assert r.spec.origin("account") == "said"
    with pytest.raises(TypeError):
        port(SCRIPT, ["delta"], bogus=1)


def test_walltime_clamped_to_queue() -> None:
    long_job = SCRIPT.replace("06:00:00", "100:00:00")
    r = port(long_job, ["vista"])["vista"]
    assert r.spec.walltime == "48:00:00"
    assert any("clamped" in n for n in r.notes)


def test_rules() -> None:
    assert place_ranks(8, 3) == (3, 3, place_ranks(8, 3)[2]) and place_ranks(8, 3)[2]
    assert place_ranks(2, 4) == (1, 2, "")
    # NCCL_DEBUG is the user's debug output, not the site's fabric (templates/env/site_env.yaml)
    assert not is_cluster_specific("NCCL_DEBUG", "INFO")
    assert is_cluster_specific("NCCL_SOCKET_IFNAME", "hsn0")
    assert is_cluster_specific("FOO", "$(hostname)")
    assert not is_cluster_specific("WANDB_MODE", "offline")
    assert not is_cluster_specific("HYDRA_FULL_ERROR", "1")  # Hydra the config framework
    assert is_cluster_specific("HYDRA_IFACE", "hsn0")  # MPICH's Hydra process manager
    queue, seconds, note = choose_queue(get_profile("perlmutter"), 2, 1800)
    assert (queue, seconds, note) == ("debug", 1800, "")


def test_cli_port_json(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "job.sh"
    path.write_text(SCRIPT)
    main(["port", str(path), "--to", "polaris,vista", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"polaris", "vista"}
    assert {"status", "script", "notes"} <= set(data["vista"])


def test_cli_generate_missing_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["generate", "train on polaris", "--json"])
    assert exit_info.value.code == 2
    assert "entrypoint" in capsys.readouterr().err
