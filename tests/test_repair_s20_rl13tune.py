"""reallogs13 tune half (issue 17): fixes that are right only under conditions the record
states, and records for the classes answered wrongly (never a rule keyed on one log)."""

from __future__ import annotations

from pathlib import Path

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.script_facts import holds

BENCH = Path(__file__).resolve().parent.parent / "bench"
SINGLE = (BENCH / "reallogs" / "scripts" / "torchrun_single.sh").read_text(encoding="utf-8")
SRUN = (BENCH / "reallogs" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
TORCHRUN = ("torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py "
            "--config configs/small.yaml")
AURORA = """#!/bin/bash
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module load frameworks
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py
"""


def _launch(nproc: int | None) -> str:
    option = f" --nproc_per_node={nproc}" if nproc is not None else ""
    return SINGLE.replace(TORCHRUN, f"python -m torch.distributed.launch{option} main.py --dist")


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def test_the_deprecated_launch_with_one_process_a_node_is_a_fact() -> None:
    assert holds("deprecated_launch_one_process_a_node", _launch(1))
    assert holds("deprecated_launch_one_process_a_node", _launch(None))  # its default is 1
    assert not holds("deprecated_launch_one_process_a_node", _launch(4))
    assert holds("deprecated_launch_several_processes_a_node", _launch(4))
    assert not holds("deprecated_launch_several_processes_a_node", SINGLE)


def test_hyphen_local_rank_with_several_processes_is_the_programs() -> None:
    """skycrapers/TecoGAN-PyTorch#31 class: torch 2's launcher passes --local-rank to 4
    processes and the program's parser defines only --local_rank; torchrun passes no argument,
    so changing the launch line would put every process on GPU 0: advice, no fix."""
    data = _diagnose(_launch(4), "main.py: error: unrecognized arguments: --local-rank=1\n")
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "program-rejects-launch-local-rank"
    assert first["verdict"] == "not_script"


def test_hyphen_local_rank_with_one_process_a_node_keeps_the_torchrun_fix() -> None:
    data = _diagnose(_launch(1), "main.py: error: unrecognized arguments: --local-rank=0\n")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "deprecated-launch-local-rank"
    assert "+torchrun" in proposed["diff"]


def test_underscore_local_rank_keeps_the_torchrun_fix_with_several_processes() -> None:
    """The underscore spelling rejected: the program defines no --local_rank of its own."""
    data = _diagnose(_launch(4), "train.py: error: unrecognized arguments: --local_rank=0\n")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "deprecated-launch-local-rank"


def test_a_bare_wandb_request_exception_gets_advice_not_offline_mode() -> None:
    """The exception does not say the run is online (wandb#2701, #10027: offline runs that
    still contact the server): WANDB_MODE=offline is no sure fix."""
    log = ("urllib3.exceptions.ConnectTimeoutError: (<urllib3.connection.HTTPSConnection object "
           "at 0x7f1>, 'Connection to api.wandb.ai timed out. (connect timeout=20)')\n")
    data = _diagnose(SRUN, log)
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "wandb-request-despite-offline"
    assert first["verdict"] == "not_script"


def test_an_offline_run_that_still_hits_the_network_gets_no_offline_fix() -> None:
    log = ("wandb: W&B syncing is set to `offline` in this directory.\n"
           "wandb: Run `wandb online` or set WANDB_MODE=online to enable cloud syncing.\n"
           "wandb: Network error (ConnectTimeout), entering retry loop.\n")
    data = _diagnose(SRUN, log)
    assert data["proposed"] is None


def test_the_online_retry_loop_keeps_the_offline_fix() -> None:
    data = _diagnose(SRUN, "wandb: Network error (ConnectTimeout), entering retry loop.\n")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "wandb-server-unreachable"
    assert "+export WANDB_MODE=offline" in proposed["diff"]


def test_oneccl_worker_thread_failure_has_its_own_record() -> None:
    log = ("2023:11:28-16:35:45:(35980) |CCL_WARN| did not find MPI-launcher specific variables, "
           "switch to ATL/OFI, to force enable ATL/MPI set CCL_ATL_TRANSPORT=mpi\n"
           "2023:11:28-16:35:45:(35980) |CCL_ERROR| base_thread.cpp:36 start: error while "
           "creating worker thread #0 pthread_create returns 22\n")
    data = _diagnose(AURORA, log, "aurora")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "oneccl-worker-thread-start-failed"
    assert "+export CCL_ATL_TRANSPORT=mpi" in proposed["diff"]
    assert load_knowledge_base().get("oneccl-worker-thread-start-failed").family == "environment"


def test_a_level_zero_error_of_a_ccl_worker_is_not_a_bootstrap_fault() -> None:
    """intel/ipex out-of-device-memory inside a oneCCL worker: the site's launcher variables
    are no fix for it."""
    log = ("2024:05:29-19:16:18:(202165) |CCL_ERROR| worker.cpp:338 ccl_worker_func: worker 0 "
           "caught internal exception: oneCCL: ze_call.cpp:28 do_call: EXCEPTION: ze error at "
           "zeCommandQueueExecuteCommandLists, code: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY\n")
    data = _diagnose(AURORA, log, "aurora")
    proposed = data["proposed"]
    assert proposed is None or proposed["record_id"] != "oneccl-environment-missing"  # type: ignore[index]


TWO_NODES = (BENCH / "reallogs" / "scripts" / "srun_torchrun.sh").read_text(encoding="utf-8")
ACCELERATE = (BENCH / "reallogs" / "scripts" / "accelerate.sh").read_text(encoding="utf-8")


def test_nccl_on_a_link_local_address_gets_the_sites_interface() -> None:
    """NVIDIA/nccl#529 (fe80:: on a tunnel), uccl#1034 (169.254.3.1): the fabric interface."""
    for log in ("NCCL WARN Connect to fe80::745d:60ff:fef9:e1dd%ip6tnl0<46681> failed : "
                "Connection timed out\n",
                "NCCL WARN socketStartConnect: Connect to 169.254.3.1<40117> failed : "
                "Connection refused\n"):
        data = _diagnose(TWO_NODES, log)
        proposed = data["proposed"]
        assert isinstance(proposed, dict)
        assert proposed["record_id"] == "nccl-link-local-interface"
        assert "+export NCCL_SOCKET_IFNAME=hsn" in proposed["diff"]


def test_a_routable_address_refused_is_not_the_link_local_record() -> None:
    data = _diagnose(TWO_NODES, "NCCL WARN Connect to 10.38.10.112<21724> failed : "
                     "Connection refused\n")
    assert all(d["record_id"] != "nccl-link-local-interface"
               for d in data["diagnoses"])  # type: ignore[attr-defined]


def test_accelerate_port_zero_is_dropped_when_setup_hangs() -> None:
    script = ACCELERATE.replace("accelerate launch --config_file",
                                "accelerate launch --main_process_port 0 --config_file")
    log = "[2023-11-14 08:13:19,132] [INFO] [comm.py:637:init_distributed] cdb=None\n"
    data = _diagnose(script, log)
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "accelerate-main-process-port-zero"
    assert "--main_process_port 0" not in proposed["script"]


def test_a_real_accelerate_port_is_not_blamed_for_a_hang() -> None:
    script = ACCELERATE.replace("accelerate launch --config_file",
                                "accelerate launch --main_process_port 29510 --config_file")
    log = "[2023-11-14 08:13:19,132] [INFO] [comm.py:637:init_distributed] cdb=None\n"
    data = _diagnose(script, log)
    assert all(d["record_id"] != "accelerate-main-process-port-zero"
               for d in data["diagnoses"])  # type: ignore[attr-defined]


def test_a_signal_handler_outside_the_main_thread_is_the_frameworks() -> None:
    """Lightning#10407 / #10336, ray#18920: no script fix, a not-script answer."""
    for log in ("(pid=8695) ValueError: signal only works in main thread\n",
                "ValueError('signal only works in main thread')\n"):
        data = _diagnose(_launch(1).replace("python -m torch.distributed.launch "
                                            "--nproc_per_node=1 main.py --dist",
                                            "python tune.py"), log)
        assert data["proposed"] is None
        first = data["diagnoses"][0]  # type: ignore[index]
        assert first["record_id"] == "signal-handler-outside-main-thread"
        assert first["verdict"] == "not_script"


def test_the_unified_runtimes_internal_die_is_a_runtime_bug() -> None:
    data = _diagnose(AURORA, "ur_die: urEventWait must not be called for an internal event\n",
                     "aurora")
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "unified-runtime-internal-die"
    assert first["verdict"] == "not_script"
