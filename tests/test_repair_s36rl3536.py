"""Classes of the reallogs35/36 tune misses and s35's gaps (issue 17, helper s36rl3536;
records in templates/failures/rl3536_s36.yaml and extended records): c10d errno 99
(EADDRNOTAVAIL) is never a busy port, a Slurm group or per-user cap quoted alone is a wait,
a venv's libpython whose version the site's modules do not name is asked for, and vLLM's
engine start-up poll is a progress line, not a cause. Wordings are
the probe's (bench/s36rl3536_probe), not the cases'."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import failures_dir, load_file

NEW = load_file(failures_dir() / "rl3536_s36.yaml")

TORCHRUN = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
            "#SBATCH --time=01:00:00\n"
            "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)\n"
            "export MASTER_PORT=29500\n"
            "srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n"
            "    --rdzv_endpoint=\"$MASTER_ADDR:$MASTER_PORT\" train.py\n")


def _answer(script: str, log: str, cluster: str = "delta",
            answers: dict[str, str] | None = None) -> tuple[str | None, dict]:
    data = diagnose_log(script, log, cluster, None, False, answers)
    found = data.get("diagnoses") or []
    return (found[0]["record_id"] if found else None), data


def test_records_are_sourced_and_signature_only() -> None:
    assert {r.id for r in NEW} == {"c10d-store-address-not-available",
                                   "vllm-engine-core-startup-wait"}
    assert all(r.references and r.signature_only and not r.fix for r in NEW)


@pytest.mark.parametrize("log", [
    "torch.distributed.DistNetworkError: The server socket has failed to listen on any local "
    "network address. The server socket has failed to bind to [::]:29500 (errno: 99 - Cannot "
    "assign requested address).",
    "[W socket.cpp:436] [c10d] The server socket has failed to bind to [::]:29500 (errno: 99 - "
    "Cannot assign requested address).\n[E socket.cpp:472] [c10d] The server socket has failed "
    "to listen on any local network address.",
    "RuntimeError: The server socket has failed to listen on any local network address. port: "
    "29500, useIpv6: false, code: -99, name: EADDRNOTAVAIL, message: cannot assign requested "
    "address",
])
def test_store_listen_errno_99_is_the_node_not_the_port(log: str) -> None:
    first, data = _answer(TORCHRUN, log)
    assert first == "c10d-store-address-not-available"
    assert data["proposed"] is None and data["verdict"] == "not_script"


@pytest.mark.parametrize("log", [
    "[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:18630 "
    "(errno: 99 - Cannot assign requested address).",
    "[W socket.cpp:663] [c10d] The client socket has failed to connect to "
    "[gpub002.delta.internal.ncsa.edu]:29500 (errno: 99 - Cannot assign requested address).",
])
def test_errno_99_connect_warning_gets_no_port_change(log: str) -> None:
    first, data = _answer(TORCHRUN, log)
    assert first == "c10d-ipv6-client-socket-warning"
    assert data["proposed"] is None


def test_a_real_error_outranks_the_errno_99_warning() -> None:
    log = ("[W socket.cpp:663] [c10d] The client socket has failed to connect to [gpub002]:29500 "
           "(errno: 99 - Cannot assign requested address).\ntorch.distributed.DistNetworkError: "
           "The client socket has timed out after 1800000ms while trying to connect to "
           "(gpub002, 29500).\n")
    assert _answer(TORCHRUN, log)[0] != "c10d-ipv6-client-socket-warning"


def test_a_busy_port_still_moves_the_port() -> None:
    log = ("torch.distributed.DistNetworkError: The server socket has failed to listen on any "
           "local network address. The server socket has failed to bind to [::]:29500 (errno: 98 "
           "- Address already in use). The server socket has failed to bind to 0.0.0.0:29500 "
           "(errno: 98 - Address already in use).")
    first, data = _answer(TORCHRUN, log)
    assert first == "port-in-use" and "MASTER_PORT" in data["proposed"]["diff"]


SRUN = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n"
        "#SBATCH --time=02:00:00\nsrun python -u train.py\n")


@pytest.mark.parametrize("log", ["QOSGrpGRES\n", "(AssocGrpGRES)\n", "QOSGrpCpuLimit\n",
                                 "QOSGrpGRES (pending)\n", "`QOSMaxGRESPerUser`\n",
                                 'Job pending with reason "QOSGrpCpuLimit"\n',
                                 "  4012345  gpuA100x4  train  alice  PD  0:00  2  QOSGrpGRES\n"])
def test_a_cap_quoted_alone_is_a_wait(log: str) -> None:
    first, data = _answer(SRUN, log)
    assert first == "slurm-pending-reason-wait"
    assert data["proposed"] is None and data["verdict"] == "not_script"


@pytest.mark.parametrize(("log", "record"), [
    ("sbatch: error: QOSMaxGRESPerUser\n", "slurm-qos-per-job-size-limit"),
    ("QOSGrpGRES\nTraceback (most recent call last):\nRuntimeError: boom\n", None),
])
def test_refusals_and_later_failures_are_not_a_wait(log: str, record: str | None) -> None:
    first = _answer(SRUN, log)[0]
    assert first != "slurm-pending-reason-wait"
    if record:
        assert first == record


VENV = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n"
        "#SBATCH --time=02:00:00\nsource $HOME/envs/proj/bin/activate\nsrun python -u train.py\n")
LIBPY = ("python: error while loading shared libraries: libpython3.12.so.1.0: cannot open shared "
         "object file: No such file or directory\n")


def test_venv_python_of_an_unknown_site_version_is_asked_for() -> None:
    first, data = _answer(VENV, LIBPY)
    assert first == "venv-python-module-not-loaded"
    assert data["verdict"] == "ask" and data["proposed"] is None
    assert data["question"]["record_id"] == "venv-python-module-not-loaded"
    assert "python_module" in str(data["why_none"]) and "3.12" in str(data)


def test_venv_python_answer_loads_that_module_first() -> None:
    _, data = _answer(VENV, LIBPY, answers={"python_module": "python/3.12.4"})
    added = [line[1:] for line in data["proposed"]["diff"].splitlines()
             if line.startswith("+") and not line.startswith("+++")]
    assert added == ["module load python/3.12.4"]


VLLM = SRUN.replace("srun python -u train.py", "srun vllm serve $MODEL --tensor-parallel-size 4")


def test_vllm_engine_startup_poll_alone_is_no_script_change() -> None:
    log = ("(APIServer pid=1) DEBUG 08-09 20:55:10 [v1/engine/utils.py:1262] Waiting for 1 local, "
           "0 remote core engine proc(s) to start.\n")
    first, data = _answer(VLLM, log)
    assert first == "vllm-engine-core-startup-wait"
    assert data["proposed"] is None and data["verdict"] == "not_script"


def test_the_engine_own_error_outranks_the_startup_poll() -> None:
    log = ("(EngineCore_0 pid=12) ERROR [core.py:700] EngineCore failed to start.\n"
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
           "(APIServer pid=1) INFO Waiting for 1 local, 0 remote core engine proc(s) to start.\n")
    assert _answer(VLLM, log)[0] != "vllm-engine-core-startup-wait"
