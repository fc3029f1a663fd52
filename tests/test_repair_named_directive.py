"""A scheduler's rejection that names the directive at fault (helper s23logscript,
templates/failures/named_directive.yaml, maple_flow/repair/resolve_named.py), and salloc's and
srun's wordings of a refused allocation read in sbatch's form (repair/lognorm.py). Fixtures
written anew (other sites' phrasings than the probe's), each failing without its fix."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.lognorm import canonical_lines
from maple_flow.repair.resolve_named import long_option

GPU = ("#!/bin/bash\n#SBATCH --ntasks-per-node=2\n#SBATCH --gpus-per-node=2\n"
       "#SBATCH --cpus-per-task=4\n#SBATCH --time=04:00:00\nsrun python fit.py --epochs 3\n")


def _fix(script: str, log: str, cluster: str = "delta") -> tuple[str, str]:
    data = diagnose_log(script, log, cluster, None, False)
    assert data["proposed"] is not None, data.get("why_none")
    return data["proposed"]["record_id"], data["proposed"]["diff"]


def test_long_option_reads_every_spelling() -> None:
    assert long_option("-t") == "time"
    assert long_option("--nodes") == "nodes"
    assert long_option("ntasks") == "ntasks"
    assert long_option("--walltimez") is None


def test_a_required_node_count_is_the_one_the_job_runs_with() -> None:
    log = "sbatch: error: You need to specify --nodes when submitting to the gpu partitions\n"
    record, diff = _fix(GPU, log)
    assert record == "slurm-rejection-requires-directive"
    assert "+#SBATCH --nodes=1" in diff, diff


def test_a_required_task_count_is_slurms_default_for_the_job() -> None:
    log = "sbatch: error: --ntasks is now required for all jobs on this cluster\n"
    record, diff = _fix(GPU.replace("#SBATCH --ntasks-per-node=2\n", "#SBATCH -N 2\n"
                                    "#SBATCH --ntasks-per-node=2\n"), log)
    assert record == "slurm-rejection-requires-directive"
    assert "+#SBATCH --ntasks=4" in diff, diff


def test_a_required_run_time_is_asked_naming_the_directive() -> None:
    log = "sbatch: error: Job rejected: a time limit was not provided, please set --time\n"
    data = diagnose_log(GPU.replace("#SBATCH --time=04:00:00\n", ""), log, "delta", None, False)
    assert data["proposed"] is None, data["proposed"]
    asks = [d for d in data["diagnoses"] if d.get("needs")]
    assert asks and asks[0]["record_id"] == "slurm-rejection-requires-directive"
    assert asks[0]["needs"] == ["time"], asks[0]


def test_an_option_the_script_already_sets_is_not_this_reading() -> None:
    log = "sbatch: error: You need to specify --nodes when submitting to the gpu partitions\n"
    data = diagnose_log(GPU.replace("#SBATCH --ntasks", "#SBATCH -N 1\n#SBATCH --ntasks"), log,
                        "delta", None, False)
    assert (data.get("proposed") or {}).get("record_id") != "slurm-rejection-requires-directive"


def test_a_value_the_message_gives_is_written() -> None:
    log = ("sbatch: error: Jobs on the GPU nodes are single-node only; please resubmit with "
           "--nodes=1\n")
    record, diff = _fix(GPU.replace("#SBATCH --ntasks", "#SBATCH --nodes=3\n#SBATCH --ntasks"),
                        log)
    assert record == "slurm-rejection-names-directive-value"
    assert "-#SBATCH --nodes=3" in diff and "+#SBATCH --nodes=1" in diff, diff


def test_a_required_gres_respells_the_gpus_the_script_asks() -> None:
    log = "sbatch: error: GPU jobs must request --gres on this system\n"
    record, diff = _fix(GPU, log)
    assert record == "slurm-rejection-requires-gres"
    assert "-#SBATCH --gpus-per-node=2" in diff and "+#SBATCH --gres=gpu:2" in diff, diff


def test_a_run_time_limit_in_hours_lowers_a_longer_time() -> None:
    log = "sbatch: error: wall time for the debug QOS must not exceed 12 hours\n"
    record, diff = _fix(GPU.replace("04:00:00", "30:00:00"), log)
    assert record == "slurm-rejection-time-over-named-limit"
    assert "+#SBATCH --time=12:00:00" in diff, diff


def test_a_time_within_the_limit_is_not_lowered() -> None:
    log = "sbatch: error: wall time for the debug QOS must not exceed 12 hours\n"
    data = diagnose_log(GPU, log, "delta", None, False)
    assert (data.get("proposed") or {}).get("record_id") != "slurm-rejection-time-over-named-limit"


def test_salloc_and_srun_refusals_read_as_sbatchs() -> None:
    lines = canonical_lines("salloc: error: Job submit/allocate failed: Invalid qos specification\n"
                            "srun: error: Unable to allocate resources: Invalid account or "
                            "account/partition combination specified\n"
                            "salloc: error: invalid partition specified: big\n")
    assert lines == ["sbatch: error: Batch job submission failed: Invalid qos specification",
                     "sbatch: error: Batch job submission failed: Invalid account or "
                     "account/partition combination specified",
                     "sbatch: error: invalid partition specified: big"]
    # a step's own srun errors are not a refusal of the job's request
    assert canonical_lines("srun: error: task 3 launch failed: Unspecified error\n") == []


def test_salloc_invalid_partition_moves_the_job_to_a_partition_of_the_site() -> None:
    log = ("salloc: error: invalid partition specified: batch\n"
           "salloc: error: Job submit/allocate failed: Invalid partition name specified\n")
    record, diff = _fix(GPU.replace("#SBATCH --time", "#SBATCH --partition=batch\n#SBATCH --time"),
                        log)
    assert record == "slurm-invalid-partition"
    assert "-#SBATCH --partition=batch" in diff, diff


def test_an_option_no_longer_taken_is_replaced_by_the_one_named() -> None:
    log = ("sbatch: error: option --mem-per-gpu is no longer accepted on this cluster, please use "
           "--mem=120G\n")
    script = GPU.replace("#SBATCH --time", "#SBATCH --mem-per-gpu=60G\n#SBATCH --time")
    record, diff = _fix(script, log)
    assert record == "slurm-rejection-replaces-directive"
    assert "-#SBATCH --mem-per-gpu=60G" in diff and "+#SBATCH --mem=120G" in diff, diff


def test_getopts_short_option_words_name_the_directive_or_launch_option() -> None:
    script = GPU.replace("#SBATCH --time", "#SBATCH -l h_rt=02:00:00\n#SBATCH --time")
    data = diagnose_log(script, "sbatch: invalid option -- 'l'\n", "delta", None, False)
    # s39: the foreign-resource record is diagnosed first but refuses (h_rt contradicts the
    # script's own --time), so the question still names the directive's option
    assert data["verdict"] == "ask", data
    assert data["question"]["record_id"] == "entity-directive-option-unrecognized", data
    launch = GPU.replace("srun python", "srun -Z python")
    record, diff = _fix(launch, "srun: invalid option -- 'Z'\n")
    assert record == "entity-launch-option-unrecognized"
    assert "+srun python fit.py" in diff, diff


def test_an_empty_rendezvous_address_option_sets_the_address() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
              "#SBATCH -t 01:00:00\nsrun python -m torch.distributed.launch --nproc_per_node=4 "
              "--nnodes=2 --node_rank=$SLURM_NODEID --master_addr=\"$MASTER_ADDR\" "
              "--master_port=29400 train.py\n")
    log = ("usage: launch.py [-h] [--nnodes NNODES] [--master_addr MASTER_ADDR]\n"
           "launch.py: error: argument --master_addr/--master-addr: expected one argument\n")
    record, diff = _fix(script, log)
    assert record == "rendezvous-address-option-empty"
    assert "+export MASTER_ADDR=" in diff, diff
    # the script that sets the address is not this failure
    data = diagnose_log(script.replace("srun", "export MASTER_ADDR=node1\nsrun"), log, "delta",
                        None, False)
    assert (data.get("proposed") or {}).get("record_id") != "rendezvous-address-option-empty"


def test_an_srun_steps_own_error_sets_no_directive() -> None:
    log = "srun: error: PMI not found: please use --mpi=pmi2 with this MPI\n"
    data = diagnose_log(GPU, log, "delta", None, False)
    assert (data.get("proposed") or {}).get("record_id") != "slurm-rejection-names-directive-value"
