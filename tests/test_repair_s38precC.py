"""Issue 17, s38precC: first-contact precision of the MASTER_ADDR fix of rendezvous timeouts.

- A store's "waiting for clients" timeout on a one-node job whose store is the node's own
  (``torchrun --standalone``, or no rendezvous host named) is the program's: local ranks that
  never reached init (advice, no MASTER_ADDR export).
- set_master_addr does not insert MASTER_ADDR into a script that neither sets nor reads it: the
  launcher (torchrun's own default, Lightning's first Slurm host) picks the host itself.
- Multi-node scripts whose MASTER_ADDR is wrong keep their fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import diagnose_first
from repair_result import proposed_diff as _diff

from maple_flow.repair.patch_env import set_master_addr
from maple_flow.repair.script_facts import holds
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs28" / "scripts"
SINGLE = (SCRIPTS / "torchrun_single.sh").read_text(encoding="utf-8")
SRUN_TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
LIGHTNING = (SCRIPTS / "lightning_srun.sh").read_text(encoding="utf-8")
ACCELERATE = (SCRIPTS / "accelerate.sh").read_text(encoding="utf-8")
STORE_WAIT = ("torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for "
              "clients. 1/2 clients joined.\n")


def test_local_store_fact() -> None:
    assert holds("local_store_on_one_node", SINGLE)
    assert holds("local_store_on_one_node", ACCELERATE)
    assert not holds("local_store_on_one_node", SRUN_TORCHRUN)
    assert not holds("local_store_on_one_node", LIGHTNING)
    one_node_named = SINGLE.replace(
        "torchrun --standalone --nnodes=1", "export MASTER_ADDR=login01\ntorchrun --nnodes=1")
    assert not holds("local_store_on_one_node", one_node_named)
    no_node_count = SINGLE.replace("#SBATCH --nodes=1\n", "")
    assert not holds("local_store_on_one_node", no_node_count)


@pytest.mark.parametrize("script", [SINGLE, ACCELERATE])
def test_store_wait_on_one_node_is_the_programs(script: str) -> None:
    record, data = diagnose_first(script, STORE_WAIT, "delta")
    assert record == "local-store-timeout-one-node"
    assert _diff(data) == ""


def test_one_node_with_a_named_host_keeps_the_address_fix() -> None:
    script = SINGLE.replace("torchrun --standalone --nnodes=1",
                            "export MASTER_ADDR=login01\ntorchrun --nnodes=1 "
                            "--rdzv_endpoint=$MASTER_ADDR:29500")
    record, data = diagnose_first(script, STORE_WAIT, "delta")
    assert record == "rendezvous-timeout"
    assert "scontrol show hostnames" in _diff(data)


def test_no_export_into_a_script_that_never_reads_master_addr() -> None:
    with pytest.raises(FixNotApplicable):
        set_master_addr(LIGHTNING, "slurm", "", only_where_named=True)
    _record, data = diagnose_first(LIGHTNING, STORE_WAIT, "delta")
    assert _diff(data) == ""


def test_script_that_reads_an_unset_master_addr_gets_it() -> None:
    script = SRUN_TORCHRUN.replace(
        'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)\n', "")
    assert "MASTER_ADDR=" not in script
    changed = set_master_addr(script, "slurm", "", only_where_named=True)
    assert "export MASTER_ADDR=$(scontrol show hostnames" in changed


def test_wrong_master_addr_on_several_nodes_keeps_its_fix() -> None:
    script = SRUN_TORCHRUN.replace(
        'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)',
        "export MASTER_ADDR=$SLURM_SUBMIT_HOST")
    record, data = diagnose_first(script, STORE_WAIT, "delta")
    assert record == "rendezvous-timeout"
    assert "+export MASTER_ADDR=$(scontrol show hostnames" in _diff(data)


BATCH_MULTI = (SCRIPTS / "torchrun_batch_multinode.sh").read_text(encoding="utf-8")
RANK_ERROR = (
    "[rank0]:   File \"/home/u/proj/train.py\", line 180, in main\n"
    "[rank0]: ValueError: Expected input batch_size (16) to match target batch_size (8).\n"
    "E0102 10:11:12.123000 1234 torch/distributed/elastic/multiprocessing/api.py:869] failed "
    "(exitcode: 1) local_rank: 0 (pid: 4321) of binary: /usr/bin/python\n"
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
    "============================================================\ntrain.py FAILED\n")


def test_rank_exception_is_not_answered_with_fewer_restarts() -> None:
    assert "--max_restarts=1" in BATCH_MULTI
    record, data = diagnose_first(BATCH_MULTI, RANK_ERROR, "delta")
    assert record != "torchrun-max-restarts"
    assert "--max_restarts=0" not in _diff(data) and "--max-restarts" not in _diff(data)


GAI = "socket.gaierror: [Errno -2] Name or service not known\n"
HTTP_GAI = (
    '  File "/u/env/lib/python3.10/site-packages/urllib3/util/connection.py", line 72, in '
    "create_connection\n"
    '  File "/usr/lib/python3.10/socket.py", line 955, in getaddrinfo\n' + GAI)
DIST_GAI = (
    '  File "/u/env/lib/python3.10/site-packages/torch/distributed/rendezvous.py", line 176, '
    "in _create_c10d_store\n"
    '  File "/usr/lib/python3.10/socket.py", line 955, in getaddrinfo\n' + GAI)


@pytest.mark.parametrize("log", [GAI, HTTP_GAI])
def test_lookup_error_of_no_store_host_keeps_master_addr(log: str) -> None:
    _record, data = diagnose_first(SRUN_TORCHRUN, log, "delta")
    assert "MASTER_ADDR" not in _diff(data)


def test_lookup_error_under_a_torch_distributed_frame_is_the_store_host() -> None:
    script = SRUN_TORCHRUN.replace(
        'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)',
        "export MASTER_ADDR=gpu-node-001-ib")
    record, data = diagnose_first(script, DIST_GAI, "delta")
    assert record == "master-addr-unresolvable"
    assert "+export MASTER_ADDR=$(scontrol show hostnames" in _diff(data)
