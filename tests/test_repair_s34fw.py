"""Framework classes of helper s34fw (templates/failures/fw_s34.yaml and two folded signatures):
JAX's initialize-after-backend and PJRT plugin mismatch, Horovod used before hvd.init(), a
Horovod framework extension not built, and Lightning's fork-after-CUDA refusal are the
program's or environment's, never a script fix; look-alikes keep other answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s34fw_probe" / "scripts"
SRUN = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
LIGHTNING = (SCRIPTS / "lightning_srun.sh").read_text(encoding="utf-8")
AURORA = (SCRIPTS / "pbs_aurora_mpiexec.sh").read_text(encoding="utf-8")


def _first(script: str, log: str, cluster: str = "perlmutter") -> tuple[str | None, dict]:
    data = diagnose_log(script, log, cluster, None, False)
    found = data.get("diagnoses") or []
    return (found[0]["record_id"] if found else None), data


CLASSES = [
    (SRUN, "RuntimeError: jax.distributed.initialize() must be called before any JAX calls that "
     "might initialise the XLA backend\n", "perlmutter",
     "s34-jax-distributed-initialize-after-backend"),
    (SRUN, "RuntimeError: jax.distributed.initialize() must be called before any JAX computations "
     "are executed.\n", "perlmutter", "s34-jax-distributed-initialize-after-backend"),
    (SRUN, "RuntimeError: Unable to initialize backend 'cuda': INVALID_ARGUMENT: Mismatched PJRT "
     "plugin PJRT API version (0.54) and framework PJRT API version 0.51).\n", "perlmutter",
     "s34-jax-pjrt-plugin-api-mismatch"),
    (AURORA, "RuntimeError: Unable to initialize backend 'xpu': INVALID_ARGUMENT: Mismatched PJRT "
     "plugin PJRT API version (0.38) and framework PJRT API version 0.40).\n", "aurora",
     "s34-jax-pjrt-plugin-api-mismatch"),
    (SRUN, "ValueError: Horovod has not been initialized; use hvd.init().\n", "perlmutter",
     "s34-horovod-used-before-init"),
    (SRUN, "ImportError: Extension horovod.torch has not been built.  If this is not expected, "
     "reinstall Horovod with HOROVOD_WITH_PYTORCH=1 to debug the build error.\n", "perlmutter",
     "horovod-built-without-controller"),
    (LIGHTNING, "RuntimeError: Lightning can't create new processes if CUDA is already "
     "initialized. Did you manually call `torch.cuda.*` functions?\n", "delta",
     "cuda-reinit-in-forked-subprocess"),
    (SRUN, "RuntimeError: \n        An attempt has been made to start a new process before the\n"
     "        current process has finished its bootstrapping phase.\n", "perlmutter",
     "s34-spawn-without-main-guard"),
    (LIGHTNING, "RuntimeError: Launching multiple processes with the 'spawn' start method requires "
     "that your script guards the main\n", "delta", "s34-spawn-without-main-guard"),
]


@pytest.mark.parametrize(("script", "log", "cluster", "record"), CLASSES)
def test_framework_class_is_not_the_script(script: str, log: str, cluster: str,
                                           record: str) -> None:
    first, data = _first(script, log, cluster)
    assert first == record
    assert load_knowledge_base().get(record).family in NOT_SCRIPT_FAMILIES
    assert data.get("proposed") is None and data.get("verdict") == "not_script"


@pytest.mark.parametrize("log", [
    "RuntimeError: Horovod has been shut down. This was caused by an exception on one of the "
    "ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks "
    "finished execution.\n",
    "RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU "
    "devices.\n",
])
def test_look_alikes_are_not_taken(log: str) -> None:
    first, _ = _first(SRUN, log)
    assert first not in {"s34-horovod-used-before-init", "s34-jax-pjrt-plugin-api-mismatch"}


TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8").replace(
    "train.py --epochs 10", "pretrain_gpt.py --tensor-model-parallel-size 2")
TP_ASSERT = ("AssertionError: Using tensor model parallelism or context parallelism require "
             "setting the environment variable CUDA_DEVICE_MAX_CONNECTIONS to 1\n")


def test_megatron_tp_assert_exports_cuda_device_max_connections() -> None:
    first, data = _first(TORCHRUN, TP_ASSERT)
    assert first == "s34-megatron-needs-cuda-device-max-connections-1"
    assert "+export CUDA_DEVICE_MAX_CONNECTIONS=1" in (data.get("proposed") or {}).get("diff", "")


def test_megatron_tp_assert_with_the_export_already_there_proposes_nothing() -> None:
    script = TORCHRUN.replace("export MASTER_PORT=29500",
                              "export MASTER_PORT=29500\nexport CUDA_DEVICE_MAX_CONNECTIONS=1")
    _, data = _first(script, TP_ASSERT)
    assert data.get("proposed") is None


def test_megatron_fsdp_assert_drops_the_export() -> None:
    script = TORCHRUN.replace("export MASTER_PORT=29500",
                              "export MASTER_PORT=29500\nexport CUDA_DEVICE_MAX_CONNECTIONS=1")
    first, data = _first(script, "AssertionError: FSDP always requires "
                         "CUDA_DEVICE_MAX_CONNECTIONS value large than one\n")
    assert first == "s34-megatron-fsdp-forbids-cuda-device-max-connections-1"
    diff = (data.get("proposed") or {}).get("diff", "")
    assert "-export CUDA_DEVICE_MAX_CONNECTIONS=1" in diff
    assert "+unset CUDA_DEVICE_MAX_CONNECTIONS" in diff


def test_megatron_speed_warning_is_no_failure() -> None:
    _, data = _first(TORCHRUN, "UserWarning: When using sequence parallelism it is recommended "
                     "to set the environment variable CUDA_DEVICE_MAX_CONNECTIONS to 1 for "
                     "maximum speedup\n")
    assert data.get("proposed") is None
