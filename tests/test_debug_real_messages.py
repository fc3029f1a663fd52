"""Signatures against messages produced here by the real programs (not copied text): Lmod,
bash, Python's argparse and open(), the installed torch.distributed, Slurm's srun. Each one is
produced, classified, and must land on the record written for it."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base

KB = load_knowledge_base()
LMOD_INIT = Path("/usr/share/lmod/lmod/init/bash")


def _top(stderr: str, cluster: str = "delta", **extra: object) -> list[str]:
    evidence = FailureEvidence(cluster=cluster, job_state="FAILED", exit_code=1, stderr=stderr,
                               **extra)  # type: ignore[arg-type]
    return [d.record_id for d in classify(evidence, KB) if d.method == "signature"]


def _run(*argv: str, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(list(argv), capture_output=True, text=True, timeout=60, env=env,
                          check=False)
    return proc.stdout + proc.stderr


@pytest.mark.skipif(not LMOD_INIT.exists(), reason="Lmod is not installed here")
def test_lmod_unknown_module(tmp_path: Path) -> None:
    (tmp_path / "cuda").mkdir()
    (tmp_path / "cuda" / "12.4.lua").write_text('whatis("cuda")\n')
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "MODULEPATH": str(tmp_path)}
    out = _run("bash", "-c", f"source {LMOD_INIT}; module load cudatoolkit/12.4", env=env)
    assert "unknown" in out
    diagnoses = classify(FailureEvidence(cluster="delta", stderr=out), KB)
    assert diagnoses[0].record_id == "lmod-unknown-module"
    assert diagnoses[0].captures["module"] == "cudatoolkit/12.4"


def test_bash_without_module_command(tmp_path: Path) -> None:
    script = tmp_path / "job.sh"
    script.write_text("#!/bin/bash\nmodule load cuda\n")
    out = _run("bash", str(script), env={"PATH": "/usr/bin:/bin"})
    assert _top(out)[0] == "module-command-not-found", out


def test_argparse_and_open(tmp_path: Path) -> None:
    prog = tmp_path / "train.py"
    prog.write_text("import argparse\np = argparse.ArgumentParser()\n"
                    "p.add_argument('--data-path', required=True)\np.parse_args()\n")
    assert _top(_run(sys.executable, str(prog)))[0] == "missing-required-argument"
    missing = _run(sys.executable, "-c", "open('configs/vit.yaml')")
    assert _top(missing)[0] == "config-file-not-found"
    nofile = _run(sys.executable, str(tmp_path / "nope.py"))
    assert _top(nofile)[0] == "program-not-found"


def test_python_without_site_packages() -> None:
    out = _run(sys.executable, "-I", "-S", "-c", "import torch")
    assert _top(out, cluster="polaris")[0] == "python-package-missing", out


@pytest.mark.skipif(not shutil.which("srun"), reason="Slurm is not installed here")
def test_srun_unrecognized_option() -> None:
    conf = next(iter(sorted(Path("/tmp/maple-twin").glob("*/etc/slurm.conf"))), None)
    if conf is None:
        pytest.skip("no twin Slurm configuration to read")
    out = _run("srun", "--ppn", "4", "true", env={**os.environ, "SLURM_CONF": str(conf)})
    assert "unrecognized option" in out, out
    diagnoses = classify(FailureEvidence(cluster="perlmutter", stderr=out), KB)
    assert diagnoses[0].record_id == "srun-unknown-option"
    assert diagnoses[0].fix.ops[0].model_dump()["name"] == "--ppn"


@pytest.fixture(scope="module")
def dist() -> object:
    return pytest.importorskip("torch.distributed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_torch_distributed_messages(dist: object, monkeypatch: pytest.MonkeyPatch) -> None:
    import torch
    import torch.distributed as td

    messages: dict[str, str] = {}
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(Exception) as in_use:
            td.TCPStore("127.0.0.1", port, 1, True, timeout=timedelta(seconds=2))
        messages["port-in-use"] = str(in_use.value)
    with pytest.raises(Exception) as waiting:
        td.TCPStore("127.0.0.1", 0, 2, True, timeout=timedelta(seconds=1),
                    wait_for_workers=True)
    messages["rendezvous-timeout"] = f"{type(waiting.value).__name__}: {waiting.value}"
    monkeypatch.delenv("MASTER_ADDR", raising=False)
    with pytest.raises(ValueError) as no_addr:
        td.init_process_group("gloo", init_method="env://", rank=0, world_size=1)
    messages["master-addr-not-set"] = str(no_addr.value)
    with pytest.raises(AssertionError) as no_cuda:
        torch.zeros(1).cuda()
    messages["torch-cpu-only-build"] = f"AssertionError: {no_cuda.value}"
    monkeypatch.setenv("MASTER_ADDR", "127.0.0.1")
    monkeypatch.setenv("MASTER_PORT", str(_free_port()))
    for backend, record in (("nccl", "nccl-on-intel-gpu"), ("xccl", "xccl-on-nvidia-gpu")):
        with pytest.raises(Exception) as missing:
            td.init_process_group(backend, init_method="env://", rank=0, world_size=1)
        messages[record] = f"{type(missing.value).__name__}: {missing.value}"
    clusters = {"nccl-on-intel-gpu": "aurora", "xccl-on-nvidia-gpu": "polaris",
                "torch-cpu-only-build": "vista"}
    for record, text in messages.items():
        got = _top(text, cluster=clusters.get(record, "delta"))
        assert got and got[0] == record, (record, text, got)


@pytest.mark.twin
@pytest.mark.skipif(not shutil.which("sbatch"), reason="Slurm is not installed here")
def test_real_slurmctld_rejections() -> None:
    """The twin's real slurmctld refuses these at submission (no job is created)."""
    conf = Path("/tmp/maple-twin/anvil/etc/slurm.conf")
    if not conf.exists():
        pytest.skip("the anvil twin is not set up")
    env = {**os.environ, "SLURM_CONF": str(conf)}
    cases = {
        "slurm-invalid-partition": ["--partition=nosuch"],
        "slurm-time-limit-invalid": ["-p", "gpu", "-N", "1", "-t", "999:00:00"],
    }
    for record, options in cases.items():
        out = _run("sbatch", *options, "--wrap=true", env=env)
        if "Unable to contact slurm controller" in out or "fetch_config" in out:
            pytest.skip("the anvil twin controller is not running")
        diagnoses = classify(FailureEvidence(cluster="anvil", job_state="REJECTED",
                                             submit_message=out), KB)
        assert diagnoses[0].record_id == record, out
