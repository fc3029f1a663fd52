"""Generic failure text whose other lines say whether it is the launch script, and the four
launch classes of bench/repair9_probe (issue 17, s15-repair7h): each log is a public thread's
text (named in the test), from the tune rows of bench/repair9_probe or released bench/reallogs7
rows; the scripts are users' shapes, with their own variable names."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.patch_env import unexported_task_variable

SRUN_ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
            "#SBATCH --gpus-per-node=1\n#SBATCH --time=01:00:00\n"
            "module load anaconda3\nsrun python train.py --epochs 3\n")
SRUN_TORCHRUN = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
                 "#SBATCH --gpus-per-node=4\n#SBATCH --time=04:00:00\n"
                 "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\""
                 " | head -n 1)\n"
                 "srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
                 "--rdzv_endpoint=$MASTER_ADDR:29500 train.py\n")
ROLES = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n"
         "#SBATCH --gpus-per-node=4\n#SBATCH --time=12:00:00\n"
         "LEADER_RANK=4\n"
         "srun bash -c '\nif [ \"$SLURM_PROCID\" -eq \"$LEADER_RANK\" ]; then\n"
         "  python -m orchestrator\nelse\n  python -m trainer\nfi\n'\n")


def _answer(log: str, cluster: str, script: str) -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _first(log: str, cluster: str, script: str) -> tuple[str, str]:
    d = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))[0]
    return d.record_id, d.verdict


def _advice_only(log: str, record: str, cluster: str, script: str = SRUN_ONE) -> None:
    data = _answer(log, cluster, script)
    assert data["proposed"] is None, data["proposed"]
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record, "not_script"), first


def test_a_timeout_in_a_named_parallel_group_is_the_programs() -> None:
    # NVIDIA-NeMo/Megatron-Bridge#943: PP>1 times out in its pipeline group, PP=1 trains
    log = ("[rank10]:[E1013 03:22:49.683087154 ProcessGroupNCCL.cpp:1923] [PG ID 6 PG GUID "
           "90(PIPELINE_MODEL_PARALLEL_GROUP) Rank 1] Process group watchdog thread terminated "
           "with exception: [Rank 1] Watchdog caught collective operation timeout: WorkNCCL("
           "SeqNum=1, OpType=COALESCED, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
           "600096 milliseconds before timing out.\n")
    _advice_only(log, "collective-hang-in-program-group", "perlmutter", SRUN_TORCHRUN)


def test_a_timeout_whose_stack_is_in_checkpoint_code_is_the_programs() -> None:
    # verl-project/verl#2238: dist_checkpointing all_reduce hangs while saving
    log = ("[rank5]:[E627 12:26:40.073493187 ProcessGroupNCCL.cpp:629] [Rank 5] Watchdog caught "
           "collective operation timeout: WorkNCCL(SeqNum=29, OpType=ALLREDUCE, NumelIn=1, "
           "NumelOut=1, Timeout(ms)=600000) ran for 600014 milliseconds before timing out.\n"
           "#2 sync_all_async_calls from /usr/local/lib/python3.10/dist-packages/megatron/core/"
           "dist_checkpointing/strategies/async_utils.py:149\n")
    _advice_only(log, "collective-hang-in-program-group", "delta", SRUN_TORCHRUN)


def test_an_early_timeout_in_the_default_group_keeps_the_transport_fix() -> None:
    log = ("[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, "
           "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600114 "
           "milliseconds before timing out.\n")
    assert _first(log, "polaris", SRUN_TORCHRUN) == ("collective-timeout", "script")


def test_ranks_racing_on_one_shared_path_is_the_programs() -> None:
    # hiyouga/LlamaFactory#3010 (two nodes), axolotl-ai-cloud/axolotl#948 (staging rename)
    _advice_only("FileExistsError: [Errno 17] File exists: '/mnt/afs/Output/Qwen1.5-14B/"
                 "trainer_log.jsonl'\n", "shared-path-race-between-ranks", "delta",
                 SRUN_TORCHRUN)
    log = ('  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 2395, '
           "in _save_checkpoint\n    os.rename(staging_output_dir, output_dir)\n"
           "FileNotFoundError: [Errno 2] No such file or directory: 'model/tmp-checkpoint-49' "
           "-> 'model/checkpoint-49'\n")
    _advice_only(log, "shared-path-race-between-ranks", "deltaai", SRUN_TORCHRUN)


def test_a_missing_data_path_on_deltaai_is_not_the_environment_record() -> None:
    log = "FileNotFoundError: [Errno 2] No such file or directory: 'data/train.json'\n"
    found = classify(FailureEvidence(cluster="deltaai", stderr=log, script=SRUN_ONE))
    assert "env-not-propagated-deltaai" not in [d.record_id for d in found
                                                if d.method == "signature"]


def test_a_cuda_runtime_the_site_has_no_module_of_is_not_the_script() -> None:
    # CortexFoundation/Cortex_Release#1 (9.0), LuxCoreRender/LuxCore#357 (10.1)
    _advice_only("./bin/miner: error while loading shared libraries: libcudart.so.9.0: cannot "
                 "open shared object file: No such file or directory\n",
                 "cuda-runtime-version-not-on-site", "delta")
    _advice_only("error while loading shared libraries: libnvrtc.so.10.1\n",
                 "cuda-runtime-version-not-on-site", "perlmutter")


def test_a_cuda_runtime_the_site_has_keeps_the_module_fix() -> None:
    # Bridges-2 lists cuda/11.7.1: loading a CUDA 11 module can provide libcudart.so.11.0
    log = ("python: error while loading shared libraries: libcudart.so.11.0: cannot open shared "
           "object file: No such file or directory\n")
    assert _first(log, "bridges2", SRUN_ONE) == ("shared-library-missing", "script")


def test_a_variable_the_tasks_read_unexported_is_exported() -> None:
    # PrimeIntellect-ai/prime-rl#3225 (its own name there: ORCH_PROCID)
    assert unexported_task_variable(ROLES) == ("LEADER_RANK", "4")
    data = _answer("bash: [: : integer expression expected\n", "delta", ROLES)
    assert data["proposed"]["record_id"] == "task-variable-not-exported"
    assert "+export LEADER_RANK=4" in data["proposed"]["diff"]


def test_an_exported_or_double_quoted_variable_is_no_such_variable() -> None:
    assert unexported_task_variable(ROLES.replace("LEADER_RANK=4", "export LEADER_RANK=4")) \
        is None
    double = ROLES.replace("srun bash -c '", 'srun bash -c "').replace("fi\n'", 'fi\n"')
    assert unexported_task_variable(double.replace('"$SLURM_PROCID"', "$SLURM_PROCID")
                                    .replace('"$LEADER_RANK"', "$LEADER_RANK")) is None


def test_an_empty_rendezvous_host_sets_the_first_node() -> None:
    # HarderThenHarder/transformers_tasks#34: the endpoint reads ':8080'
    script = SRUN_TORCHRUN.replace(
        'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n', "")
    log = ("The hostname of the rendezvous endpoint ':8080' must be a dot-separated list of "
           "labels, an IPv4 address, or an IPv6 address.\n")
    data = _answer(log, "delta", script)
    assert data["proposed"]["record_id"] == "rendezvous-endpoint-empty-host"
    assert "+export MASTER_ADDR=" in data["proposed"]["diff"]


def test_a_real_head_address_that_fails_is_not_the_empty_host_record() -> None:
    log = ("gcs_rpc_client.h:151: Failed to connect to GCS at address 192.168.2.40:6379 within "
           "5 seconds.\n")
    data = _answer(log, "delta", SRUN_ONE)  # at most a hint: the host is there
    assert data["proposed"] is None
    assert all(d["verdict"] == "hint" for d in data["diagnoses"]
               if d["record_id"] == "rendezvous-endpoint-empty-host")


def test_a_walltime_over_the_filters_cap_is_lowered_to_it() -> None:
    # E3SM-Project/E3SM#3099: jobs under 256 nodes are limited to 3 hours
    script = ("#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=24:00:00\n#PBS -q prod\n"
              "#PBS -A proj\nmpiexec -n 8 --ppn 4 python train.py\n")
    log = ('Job routed to queue "default".\nJobs smaller than 256 nodes are limited to 3 '
           "hours.\nFilter /usr/bin/reroute_jobs failed\n")
    data = _answer(log, "polaris", script)
    assert data["proposed"]["record_id"] == "walltime-over-limit-for-node-count"
    assert "+#PBS -l walltime=3:00:00" in data["proposed"]["diff"] \
        or "+#PBS -l walltime=03:00:00" in data["proposed"]["diff"]


def test_export_none_jobs_get_the_environment_back_for_their_steps() -> None:
    # rcgsheffield/sheffield_hpc#2115: mpirun's daemons lose PATH under --export=NONE
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=64\n"
              "#SBATCH --time=06:00:00\n#SBATCH --export=NONE\nmodule load openmpi\n"
              "mpirun -np $SLURM_NTASKS python pi_using_mpi.py\n")
    log = ("An ORTE daemon has unexpectedly failed after launch and before\n"
           "communicating back to mpirun. This could be caused by a number\n")
    data = _answer(log, "anvil", script)
    assert data["proposed"]["record_id"] == "export-none-steps-lose-environment"
    assert "+#SBATCH --export=ALL" in data["proposed"]["diff"]
    assert "-#SBATCH --export=NONE" in data["proposed"]["diff"]


RAY = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
       "#SBATCH --time=12:00:00\nhosts=($(scontrol show hostnames \"$SLURM_JOB_NODELIST\"))\n"
       "first=${hosts[0]}\n"
       "addr=$(srun --nodes=1 --ntasks=1 -w \"$first\" hostname --ip-address)\n"
       "srun --nodes=1 --ntasks=1 -w \"$first\" ray start --head --node-ip-address 0.0.0.0 "
       "--port=6379 --block &\nsleep 20\n"
       "srun --nodes=1 --ntasks=1 -w \"${hosts[1]}\" ray start --address=\"$addr:6379\" --block &\n"
       "sleep 20\npython3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2\n")


def test_a_ray_head_on_the_wildcard_advertises_the_scripts_own_address_variable() -> None:
    # OpenRLHF/OpenRLHF#339: actors unavailable until the head got its node's address
    data = _answer("Status message: Unexpected error occurred: The actor "
                   "2c5251641e72297b4e3f4d7f01000000 is unavailable\n", "delta", RAY)
    assert data["proposed"]["record_id"] == "ray-head-on-wildcard-address"
    assert '--node-ip-address "$addr" --port=6379' in data["proposed"]["diff"]


def test_a_ray_head_without_an_address_variable_gets_no_guess() -> None:
    from maple_flow.repair.patch_ray import ray_head_address
    from maple_flow.repair.text import FixNotApplicable

    no_var = RAY.replace("addr=$(srun --nodes=1 --ntasks=1 -w \"$first\" hostname "
                         "--ip-address)\n", "")
    try:
        ray_head_address(no_var)
    except FixNotApplicable as exc:
        assert "hostname --ip-address" in str(exc)
    else:
        raise AssertionError("a fix without the head's address")
    try:
        ray_head_address(RAY.replace("0.0.0.0", '"$addr"'))
    except FixNotApplicable:
        pass  # a head on a real address has nothing to change
    else:
        raise AssertionError("a head on a real address was changed")
