"""s34rl33: oneCCL's bootstrap read with the script's shape - two launcher worlds in one XCCL
group get the OFI/TCP exports, one world whose KVS get timed out is the site's (no fix), and the
site-export record no longer answers either; NCCL refusing a data type or reduction of another
release, oneCCL's "not supported" exception wrapped over lines, the non-zero ranks' unique-id
wait as logs shorten it, and a launcher's SIGKILL under a --mem below the node (the --mem line
raised; no edit without a --mem line)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log

AURORA = ("#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -A P\n"
          "cd ${PBS_O_WORKDIR}\nmodule load frameworks\n"
          "mpiexec -n 24 --ppn 12 --cpu-bind depth -d 8 python train.py\n")
TWO_WORLDS = AURORA.replace(
    "mpiexec -n 24", "python -m vllm.entrypoints.openai.api_server --model m --port 8000 &\n"
    "sleep 60\nmpiexec -n 24")
KVS_TIMEOUT = ("|CCL_ERROR| pmi_resizable_simple_internal.cpp kvs_get_value: KVS get\n"
               "error: timeout\ncomm_create error\n")
COMM_CREATE = "|CCL_ERROR| atl_mpi_comm.cpp:94 init_transport: comm_create error\n"
SRUN = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --time=02:00:00\nsrun torchrun --nnodes=2 --nproc_per_node=4 train.py\n")
DS = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --mem=64G\n#SBATCH --gpus-per-node=4\n"
      "#SBATCH --time=04:00:00\ndeepspeed --num_gpus 4 train.py --deepspeed ds.json\n")
SIGKILL = ("[ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', "
           "'--local_rank=0'] exits with return code = -9\n")


def _first(script: str, log: str, cluster: str) -> tuple[str, str, object]:
    data = diagnose_log(script, log, cluster, None, False)
    first = data["diagnoses"][0]
    return first["record_id"], first["verdict"], data["proposed"]


@pytest.mark.parametrize("log", [KVS_TIMEOUT, COMM_CREATE])
def test_two_launcher_worlds_get_the_ofi_transport(log: str) -> None:
    data = diagnose_log(TWO_WORLDS, log, "aurora", None, False)
    assert data["proposed"]["record_id"] == "oneccl-group-across-launcher-worlds"
    assert "+export CCL_ATL_TRANSPORT=ofi" in data["proposed"]["diff"]


def test_one_world_kvs_timeout_is_the_sites() -> None:
    record, verdict, proposed = _first(AURORA, KVS_TIMEOUT, "aurora")
    assert (record, verdict, proposed) == ("oneccl-kvs-timeout-one-world", "not_script", None)


def test_one_world_bootstrap_error_keeps_the_site_exports() -> None:
    log = ("RuntimeError: oneCCL: atl_ofi_comm.cpp:232 init_transport: EXCEPTION: failed to "
           "initialize ATL\n")
    data = diagnose_log(AURORA, log, "aurora", None, False)
    assert data["proposed"]["record_id"] == "oneccl-environment-missing"
    # s37prec: libfabric finding no provider at all (providers 0) is the provider search
    # (FI_PROVIDER_PATH, FI_PROVIDER outside mpiexec: llm-d#2270), which the site's CCL
    # settings do not configure - no site export there
    none = "|CCL_ERROR| atl_ofi.cpp:1120 atl_ofi_init: fi_getinfo error: ret -61, providers 0\n"
    data = diagnose_log(AURORA, none, "aurora", None, False)
    assert data["proposed"] is None or data["proposed"]["record_id"] != "oneccl-environment-missing"


@pytest.mark.parametrize(("log", "record"), [
    ("NCCL WARN Reduce: invalid reduction operation 4\n", "nccl-two-libraries-installed"),
    ("UnknownError (see above for traceback): ncclAllReduce failed: invalid data type\n",
     "nccl-two-libraries-installed"),
    ("RuntimeError: Unconvertible NCCL type BFloat16\n", "nccl-two-libraries-installed"),
    ("RuntimeError: Input tensor data type is not supported for NCCL process group: BFloat16\n",
     "nccl-two-libraries-installed"),
    ("oneCCL: coll_param.cpp:458 validate: EXCEPTION:\n   average operation is not supported "
     "for the scheduler path\n", "collective-backend-op-not-implemented"),
    ("[rank8] is setting up NCCL communicator and retrieving ncclUniqueId from [0]\n"
     "... wait timeout after 600000ms\n", "nccl-unique-id-store-timeout"),
    ("torch.distributed.DistBackendError: [3] is setting up NCCL communicator and retrieving "
     "ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: "
     "failed to recv, got 0 bytes\n", "nccl-unique-id-store-timeout"),
])
def test_recognised_as_not_the_script(log: str, record: str) -> None:
    assert _first(SRUN, log, "delta") == (record, "not_script", None)


def test_launcher_sigkill_under_a_small_mem_raises_it() -> None:
    data = diagnose_log(DS, SIGKILL, "delta", None, False)
    assert data["proposed"]["record_id"] == "slurm-oom-kill-mem-request-too-small"
    assert "+#SBATCH --mem=128G" in data["proposed"]["diff"]


def test_launcher_sigkill_without_a_mem_line_is_no_edit() -> None:
    data = diagnose_log(DS.replace("#SBATCH --mem=64G\n", ""), SIGKILL, "delta", None, False)
    assert data["proposed"] is None


TACC = ("#!/bin/bash\n#SBATCH -p h100\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -t 01:00:00\n"
        "cd /work2/u/Pangu/v2.0\n"
        "torchrun --standalone --nproc_per_node=4 train.py --yaml_config=../config/e3.yaml "
        "--config=sfno\n")
ABS_LOG = ("FileNotFoundError: [Errno 2] No such file or directory: "
           "'/work2/u/Pangu/config/e3.yaml'\n")


def test_a_relative_config_argument_made_absolute_is_asked_for() -> None:
    data = diagnose_log(TACC, ABS_LOG, "stampede3", None, False)
    first = data["diagnoses"][0]
    assert first["record_id"] == "config-file-not-found" and first.get("needs")
    assert data["proposed"] is None


@pytest.mark.parametrize(("given", "logged", "same"), [
    ("../config/e3.yaml", "/work2/u/Pangu/config/e3.yaml", True),
    ("configs/small.yaml", "configs/small.yaml", True),
    ("./data/x.csv", "/scratch/run/data/x.csv", True),
    ("e3.yaml", "/work2/u/Pangu/config/e3.yaml", False),
    ("../other/e3.yaml", "/work2/u/Pangu/config/e3.yaml", False),
    ("/abs/config/e3.yaml", "/work2/u/Pangu/config/e3.yaml", False),
])
def test_names_logged_path(given: str, logged: str, same: bool) -> None:
    from maple_flow.repair.resolve import names_logged_path

    assert names_logged_path(given, logged) is same


PYXIS = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
         "#SBATCH --time=01:00:00\nsrun --container-image=/p/img.sqsh python /w/train.py\n")


def test_a_missing_submodule_is_no_propagation_on_deltaai() -> None:
    log = "ModuleNotFoundError: No module named 'megatron.core.tensor_parallel'\n"
    data = diagnose_log(PYXIS, log, "deltaai", None, False)
    assert data["proposed"] is None or data["proposed"]["record_id"] != "env-not-propagated-deltaai"


def test_a_missing_top_level_package_still_is_on_deltaai() -> None:
    data = diagnose_log(PYXIS, "ModuleNotFoundError: No module named 'torch'\n", "deltaai",
                        None, False)
    assert any(d["record_id"] == "env-not-propagated-deltaai" for d in data["diagnoses"])
