"""Issue 17, s31r2: whose a missing srun MPI plugin is, and whose a taken port is.

- srun's "Couldn't find the specified plugin name for mpi/pmix": the log cannot tell a site
  whose Slurm lacks the plugin (the script's --mpi choice) from one node whose Slurm install
  lacks it (the site's): the record gives advice (check ``srun --mpi=list``) and no edit;
- a bind failure (EADDRINUSE) gets the port fix only when the port the log names is one the
  script sets, derives or its launcher defaults to, or when the log names no port.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.script_port import port_in_log, port_is_the_scripts

BENCH = Path(__file__).resolve().parent.parent / "bench"
MPI_APP = (BENCH / "s22mpistart_probe" / "scripts" / "srun_mpi_app.sh").read_text(
    encoding="utf-8")
SINGLE = (BENCH / "reallogs" / "scripts" / "torchrun_single.sh").read_text(encoding="utf-8")
PLUGIN = ("srun: error: Couldn't find the specified plugin name for mpi/pmix\n"
          "srun: error: invalid MPI type 'pmix'\n")


def _ids(result: dict[str, object]) -> list[str]:
    diagnoses = result["diagnoses"]
    assert isinstance(diagnoses, list)
    return [str(d["record_id"] if "record_id" in d else d.get("id")) for d in diagnoses]


def test_missing_srun_mpi_plugin_gets_advice_not_an_edit() -> None:
    script = MPI_APP.replace("srun --cpu-bind=cores", "srun --mpi=pmix --cpu-bind=cores")
    assert "--mpi=pmix" in script
    result = diagnose_log(script, PLUGIN, "anvil", None, False)
    assert _diff(result) == ""
    first = result["diagnoses"][0]  # type: ignore[index]
    assert "srun --mpi=list" in str(first)


def _port_script(line: str) -> str:
    return SINGLE.replace("torchrun --standalone --nnodes=1", line)


def _bind(port: int) -> str:
    return ("torch.distributed.DistNetworkError: The server socket has failed to listen on any "
            f"local network address. port: {port}, useIpv6: false, code: -98, name: EADDRINUSE, "
            "message: address already in use\n")


@pytest.mark.parametrize("port", [29500, 12345])
def test_port_the_script_uses_gets_the_port_fix(port: int) -> None:
    script = _port_script(f"torchrun --nnodes=1 --master_port={port}")
    assert "MASTER_PORT" in _diff(diagnose_log(script, _bind(port), "delta", None, False))


def test_launcher_default_port_gets_the_port_fix() -> None:
    script = _port_script("torchrun --nnodes=1")
    assert "MASTER_PORT" in _diff(diagnose_log(script, _bind(29500), "delta", None, False))


def test_port_the_script_has_nothing_to_do_with_gets_no_port_fix() -> None:
    script = _port_script("torchrun --nnodes=1 --master_port=29500")
    result = diagnose_log(script, _bind(8000), "delta", None, False)
    assert "MASTER_PORT" not in _diff(result)


def test_log_without_port_keeps_the_port_fix() -> None:
    script = _port_script("torchrun --nnodes=1 --master_port=29500")
    log = "[W socket.cpp:401] RuntimeError: Address already in use\n"
    assert port_in_log(log) is None
    assert port_is_the_scripts(None, script)


@pytest.mark.parametrize(("port", "script", "holds"), [
    ("29500", "export MASTER_PORT=29500\nsrun python train.py\n", True),
    ("41234", "export MASTER_PORT=$((10000 + SLURM_JOB_ID % 50000))\npython t.py\n", True),
    ("29400", "torchrun --rdzv_backend c10d --nnodes 2 t.py\n", True),
    ("29500", "deepspeed train.py\n", True),
    ("8000", "export MASTER_PORT=29500\ntorchrun t.py\n", False),
    ("8265", "python serve.py\n", False),
    ("29500", "# torchrun --master_port 29500\npython serve.py\n", False),
    ("8000", "vllm serve m --port 8000\n", False),  # the server's own port, not a rendezvous
    ("22", "PORT=${PORT:-29500}\ntorchrun --master_port=$PORT t.py\n", True),  # from outside
    ("12345", "PORT=12345\ntorchrun --master_port=$PORT t.py\n", True),
    ("23456", "python t.py --dist-url tcp://127.0.0.1:23456\n", True),
])
def test_port_is_the_scripts(port: str, script: str, holds: bool) -> None:
    assert port_is_the_scripts(port, script) is holds


def test_port_in_log_forms() -> None:
    bind = "failed to bind to [::]:29500 (errno: 98 - Address already in use)"
    assert port_in_log(bind) == "29500"
    assert port_in_log("error while attempting to bind on address ('0.0.0.0', 8000): address "
                       "already in use") == "8000"
