"""Scheduler refusals of helper s32b1 (templates/failures/s32_b1.yaml, repair/refusal.py): a
dependency on a job Slurm no longer holds (advice when the script has no --dependency, a
question when it has), a step asking more nodes than the job holds, and no similarity fix for
a refusal whose reason the matched record does not read."""

from __future__ import annotations

from pathlib import Path

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.refusal import answers_refusal, refusal_reasons

SCRIPT = (Path(__file__).resolve().parent.parent / "bench" / "s32b1_probe" / "scripts"
          / "srun_python.sh").read_text(encoding="utf-8")


def _first(script: str, log: str) -> tuple[str | None, dict]:
    data = diagnose_log(script, log, "delta", None, False)
    found = data.get("diagnoses") or []
    return (found[0]["record_id"] if found else None), data


def test_dependency_given_on_the_command_line_gets_advice_not_a_fix() -> None:
    first, data = _first(SCRIPT, "allocation failure: Job dependency problem\n")
    assert first == "s32-slurm-dependency-on-command-line"
    assert data.get("proposed") is None
    assert data["diagnoses"][0]["verdict"] == "script"


def test_dependency_directive_asks_for_the_job() -> None:
    script = SCRIPT.replace("#SBATCH --nodes=1",
                            "#SBATCH --nodes=1\n#SBATCH --dependency=afterok:12")
    first, data = _first(script, "Job dependency problem\n")
    assert first == "s32-slurm-dependency-directive-unknown-job"
    assert data.get("proposed") is None and data["diagnoses"][0].get("needs")


def test_step_asking_more_nodes_than_the_job_raises_the_job() -> None:
    script = SCRIPT.replace("srun python", "srun -N 2 python")
    first, data = _first(script, "srun: error: Only allocated 1 nodes asked for 2\n")
    assert first == "s32-srun-step-nodes-above-allocation"
    assert "+#SBATCH --nodes=2" in data["proposed"]["diff"]


def test_same_line_without_srun_node_count_is_not_a_node_fix() -> None:
    script = SCRIPT.replace("srun python -u train.py --batch-size 256 --epochs 32",
                            "export I_MPI_HYDRA_BOOTSTRAP=slurm\nmpirun -np 2 python3 -u train.py")
    _, data = _first(script, "srun: error: Only allocated 1 nodes asked for 2\n")
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "s32-srun-step-nodes-above-allocation" not in ids
    assert data.get("proposed") is None


def test_refusal_for_an_unread_reason_gets_no_similarity_fix() -> None:
    log = ("sbatch: error: Batch job submission failed: Pathname of a file, directory or other "
           "parameter too long\n")
    _, data = _first(SCRIPT, log)
    assert data.get("proposed") is None, data["proposed"]["record_id"]


def test_answers_refusal_reads_the_reason() -> None:
    kb = load_knowledge_base()
    qos = kb.get("slurm-invalid-qos")
    log = "sbatch: error: Batch job submission failed: Job dependency problem"
    assert refusal_reasons(log) == ["job dependency problem"]
    assert not answers_refusal(qos, log)
    assert answers_refusal(qos, "sbatch: error: Batch job submission failed: "
                                "Invalid qos specification")
    assert answers_refusal(qos, "RuntimeError: something else")


ONE_NODE = SCRIPT.replace("srun python -u train.py --batch-size 256 --epochs 32",
                          "torchrun --nproc_per_node=4 --master_port=$MASTER_PORT train.py")


def test_empty_master_port_gets_the_sites_port() -> None:
    script = ONE_NODE.replace("export MASTER_PORT=12802\n", "")
    first, data = _first(script, "torchrun: error: argument --master-port/--master_port: "
                                 "invalid int value: ''\n")
    assert first == "s32-torch-launcher-master-port-empty"
    assert "--master_port=29500" in data["proposed"]["diff"]


def test_empty_node_rank_on_one_node_is_zero_and_a_literal_variable_is_not_matched() -> None:
    script = ONE_NODE.replace("--master_port=$MASTER_PORT", "--node_rank=$RANK")
    first, data = _first(script, "launch.py: error: argument --node_rank: invalid int value: ''\n")
    assert first == "s32-torch-launcher-node-rank-empty"
    assert "--node_rank=0" in data["proposed"]["diff"]
    _, other = _first(script, "torchrun: error: argument --node-rank/--node_rank: invalid int "
                              "value: '$AWS_BATCH_JOB_NODE_INDEX'\n")
    assert "s32-torch-launcher-node-rank-empty" not in [d["record_id"] for d in other["diagnoses"]]


def test_empty_node_rank_on_several_nodes_is_not_guessed() -> None:
    script = ONE_NODE.replace("--master_port=$MASTER_PORT", "--nnodes=2 --node_rank=$RANK")
    script = script.replace("#SBATCH --nodes=1", "#SBATCH --nodes=2")
    _, data = _first(script, "launch.py: error: argument --node_rank: invalid int value: ''\n")
    assert data.get("proposed") is None


def test_pbs_project_the_user_may_not_charge_asks_for_the_project() -> None:
    script = (Path(__file__).resolve().parent.parent / "bench" / "s32b1_probe" / "scripts"
              / "pbs_mpiexec.sh").read_text(encoding="utf-8")
    data = diagnose_log(script, "qsub: error: [PBSInvalidProject] 'jmmp' is not valid for "
                                "collaboration trustzone on XCS\n", "polaris", None, False)
    first = data["diagnoses"][0]
    assert first["record_id"] == "s32-pbs-project-not-the-users" and first.get("needs")
    assert data.get("proposed") is None


def test_a_silent_reason_or_a_record_that_reads_the_reason_may_still_answer() -> None:
    kb = load_knowledge_base()
    wait = kb.get("srun-step-creation-wait")
    assert answers_refusal(wait, "srun: error: Unable to create step for job 1135: Requested "
                                 "nodes are busy")
    qos = kb.get("slurm-invalid-qos")
    assert answers_refusal(qos, "sbatch: error: Batch job submission failed: Unspecified error")
