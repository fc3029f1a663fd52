"""Launcher classes of helper s33b2 (issue 17): horovodrun's Open MPI check in the 0.18/0.19
wording (the message offers --gloo: add it) and in the older one (no Gloo controller: advice,
never --gloo); torchrun's agent losing the c10d store while the job of several nodes runs, and
a rank's heartbeat monitor finding the TCPStore server gone (symptoms: not the script)."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --time=02:00:00\n")
HVD = "horovodrun -np 4 -H localhost:4 python keras_mnist.py\n"
NEW = ("Open MPI not found in output of mpirun --version.\n"
       "Exception: horovodrun convenience script does not find an installed OpenMPI.\n\n"
       "Choose one of:\n3. Use built-in gloo option (horovodrun --gloo ...).\n")
OLD = ("Open MPI not found in output of mpirun --version.\n"
       "Exception: horovodrun convenience script currently only supports Open MPI.\n")
TWO = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
       "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)\n"
       "srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
       "--rdzv_endpoint=\"$MASTER_ADDR:29500\" --rdzv_id=\"$SLURM_JOB_ID\" train.py\n")
STORE = ("    num_nodes_waiting = rdzv_handler.num_nodes_waiting()\n"
         "  File \"/x/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\", line 119,"
         " in _call_store\n    raise RendezvousConnectionError(\n"
         "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to "
         "the C10d store has failed. See inner exception for details.\n")
DUMP = ("[rank3]:[W825 07:38:02.806977494 ProcessGroupNCCL.cpp:1662] [PG ID 0 PG GUID 0(default_pg)"
        " Rank 3] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has "
        "shut down too early), with error: failed to recv, got 0 bytes\n")


def _data(script: str, log: str) -> dict:
    return diagnose_log(script, log, "perlmutter", None, False)


def test_horovodrun_that_offers_gloo_gets_it() -> None:
    data = _data(HEAD + HVD, NEW)
    assert data["proposed"]["record_id"] == "horovodrun-open-mpi-not-found"
    assert "+horovodrun --gloo -np 4" in data["proposed"]["diff"]


def test_horovodrun_already_on_gloo_is_not_edited() -> None:
    proposed = _data(HEAD + "horovodrun --gloo -np 4 python t.py\n", NEW)["proposed"]
    assert proposed is None or proposed["record_id"] != "horovodrun-open-mpi-not-found"


def test_old_horovodrun_without_gloo_gets_advice_not_gloo() -> None:
    data = _data(HEAD + HVD, OLD)
    assert data["diagnoses"][0]["record_id"] == "horovodrun-open-mpi-only-old-release"
    assert data["proposed"] is None or "--gloo" not in data["proposed"].get("diff", "")


def test_store_lost_in_monitor_loop_of_several_nodes_is_not_the_script() -> None:
    data = _data(TWO, STORE)
    assert data["verdict"] == "not_script"
    assert data["not_script"]["record_id"] == "c10d-store-lost-during-run"


def test_store_lost_on_one_node_is_left_to_other_records() -> None:
    one = TWO.replace("-N 2", "-N 1").replace("--nnodes=2", "--nnodes=1")
    data = _data(one, STORE)
    assert all(d["record_id"] != "c10d-store-lost-during-run" for d in data["diagnoses"])


def test_should_dump_warning_is_a_symptom_not_the_script() -> None:
    data = _data(TWO, DUMP)
    assert data["verdict"] == "not_script"
    assert data["not_script"]["record_id"] == "tcpstore-server-gone-heartbeat-check"
    assert data["proposed"] is None


def test_a_script_cause_in_the_same_log_outranks_the_store_symptoms() -> None:
    script = TWO.replace("--nproc_per_node=4", "--nproc-per-node=4")
    log = "torchrun: error: unrecognized arguments: --nproc-per-node=4\n" + DUMP + STORE
    data = _data(script, log)
    assert data["verdict"] != "not_script"
    assert data["proposed"] is not None
    assert data["proposed"]["record_id"] not in ("tcpstore-server-gone-heartbeat-check",
                                                "c10d-store-lost-during-run")


RAY = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
       "nodes=($(scontrol show hostnames \"$SLURM_JOB_NODELIST\"))\n"
       "srun --nodes=1 --ntasks=1 -w \"${nodes[0]}\" ray start --head --port=6379 --block &\n"
       "sleep 20\n"
       "srun --nodes=1 --ntasks=1 -w \"${nodes[1]}\" ray start --address=\"${nodes[0]}:6379\" "
       "--block &\nsleep 20\npython3 driver.py\n")
DASH = ("Exception: Failed to find a valid port for dashboard after 0 retries: [Errno 98] error "
        "while attempting to bind on address ('0.0.0.0', 8265): address already in use\n")


def test_ray_port_held_on_a_shared_node_is_named_not_guessed() -> None:
    data = _data(RAY, DASH)
    assert data["diagnoses"][0]["record_id"] == "ray-port-held-by-another-ray-on-node"
    assert data["proposed"] is None


def test_ray_port_record_needs_a_script_that_starts_ray() -> None:
    data = _data(HEAD + "srun python train.py\n", DASH)
    assert all(d["record_id"] != "ray-port-held-by-another-ray-on-node"
               for d in data["diagnoses"])
