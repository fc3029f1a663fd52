"""A fix must follow from evidence that ties the log to a line of this script (issue 17,
s22-nofabricate; ``evidence_gate.untied``): a symptom-only message (an OOM kill, a missing
CUDA library, a collective timeout, a refusal that names another resource) with nothing in
the log or the script that the fix's edit is about gives advice and a question, not an edit.
The fixtures are shapes of real logs (bench/s22nofabricate_probe, reallogs5/12/16,
repairsched_probe) written anew; each would get an edit without the rule."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.evidence_gate import (
    CONFIRM_MEMORY,
    CONFIRM_MODULE,
    node_count,
    untied,
)
from maple_flow.repair.ops import ExportEnv, SetDirective
from maple_flow.repair.resources import named, submit_lines

SRUN = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00\n"
        "srun python -u train.py --epochs 3\n")
OOM = ("slurmstepd: error: Detected 1 oom_kill event in StepId=9001.0. Some of the step tasks "
       "have been OOM Killed.\nsrun: error: nid000123: tasks 0-3: Out Of Memory\n")
LIBCUDNN = "OSError: libcudnn.so.8: cannot open shared object file: No such file or directory\n"
TIMEOUT = ("[rank0]:[E ProcessGroupNCCL.cpp:1182] [Rank 0] Watchdog caught collective operation "
           "timeout: WorkNCCL(SeqNum=17, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
           "Timeout(ms)=600000) ran for 600021 milliseconds before timing out.\n")
REFUSAL = ("sbatch: error: Memory specification can not be satisfied\n"
           "sbatch: error: Batch job submission failed: Requested node configuration is not "
           "available\n")


def _with(script: str, line: str) -> str:
    head, rest = script.split("\n", 1)
    return f"{head}\n{line}\n{rest}"


def test_oom_kill_without_a_memory_line_asks_not_edits() -> None:
    data = diagnose_log(SRUN, OOM, "delta", None, False)
    assert data["proposed"] is None, data.get("proposed")
    assert data["verdict"] == "ask" and CONFIRM_MEMORY in data["question"]["needs"]


def test_oom_kill_with_the_scripts_memory_line_still_fixes_it() -> None:
    data = diagnose_log(_with(SRUN, "#SBATCH --mem=64G"), OOM, "delta", None, False)
    assert data["proposed"] is not None, data.get("why_none")
    assert "--mem" in data["proposed"]["diff"]


def test_confirming_the_memory_question_makes_the_records_edit() -> None:
    data = diagnose_log(SRUN, OOM, "delta", None, False, {CONFIRM_MEMORY: "yes"})
    assert data["proposed"] is not None and "--mem" in data["proposed"]["diff"]


def test_a_log_that_states_the_limit_ties_the_memory_fix() -> None:
    ops = [SetDirective(option="mem", value="0")]
    log = "slurmstepd: error: Job 7 exceeded memory limit (626359956 > 512000000), being killed"
    assert untied(list(ops), log, SRUN) == (ops, None, "")


def test_missing_cuda_library_without_a_cuda_module_asks() -> None:
    data = diagnose_log(SRUN, LIBCUDNN, "delta", None, False)
    assert data["proposed"] is None
    assert data["verdict"] == "ask" and CONFIRM_MODULE in data["question"]["needs"]


def test_collective_timeout_on_one_node_is_no_inter_node_fix() -> None:
    ops = [ExportEnv(name="NCCL_SOCKET_IFNAME", value="hsn"),
           ExportEnv(name="NCCL_DEBUG", value="WARN")]
    kept, need, why = untied(list(ops), TIMEOUT, SRUN, frozenset({"NCCL_SOCKET_IFNAME"}))
    assert kept == [] and need is None and "one node" in why
    two = SRUN.replace("--nodes=1", "--nodes=2")
    kept, need, _ = untied(list(ops), TIMEOUT, two, frozenset({"NCCL_SOCKET_IFNAME"}))
    assert [op.name for op in kept] == ["NCCL_SOCKET_IFNAME"] and need is None  # type: ignore[attr-defined]
    assert node_count(two) == 2 and node_count("#!/bin/bash\nsrun x\n") is None


def test_diagnostic_settings_alone_are_no_fix() -> None:
    data = diagnose_log(SRUN, TIMEOUT, "anvil", None, False)
    assert data["proposed"] is None, data["proposed"] and data["proposed"]["diff"]


def test_a_refusal_names_memory_in_its_other_line_so_no_partition_fix() -> None:
    assert named(submit_lines(REFUSAL)) == {"memory"}
    data = diagnose_log(SRUN, REFUSAL, "delta", None, False)
    assert data["proposed"] is None, data["proposed"] and data["proposed"]["diff"]


def test_qos_reason_codes_name_their_resource() -> None:
    assert named(["salloc: error: QOSMinCpuNotSatisfied"]) == {"cpus"}
    assert named(["sbatch: error: QOSMaxGRESPerJob"]) == {"gpus"}
    assert named(["sbatch: error: QOSMaxMemoryPerJob"]) == {"memory"}


def test_the_refusals_outcome_line_and_the_scripts_values_name_nothing() -> None:
    # the outcome line's generic reason is not the cause; a partition's name is not a GPU count
    bank = ("sbatch: error: bank_limit plugin: The requested time can not exceed the available "
            "balance.\nsbatch: error: Batch job submission failed: Requested time limit is "
            "invalid (missing or exceeds some limit)\n")
    assert named(submit_lines(bank)) == frozenset()
    part = "sbatch: error: invalid partition specified: gpu-v100-32GB\n"
    script = "#!/bin/bash\n#SBATCH --partition=gpu-v100-32GB\nsrun x\n"
    assert named(submit_lines(part, script)) == {"queue"}


def test_a_socket_interface_fix_on_one_node_is_kept() -> None:
    # the one-node rule is about a collective timeout only (bootstrap needs an interface)
    ops = [ExportEnv(name="NCCL_SOCKET_IFNAME", value="hsn")]
    log = "ncclInternalError: Internal check failed.\nBootstrap : no socket interface found\n"
    assert untied(list(ops), log, SRUN, frozenset({"NCCL_SOCKET_IFNAME"})) == (ops, None, "")


def test_oom_kill_on_a_shared_node_without_a_memory_line_fixes_it() -> None:
    """A job on a shared partition/QOS that asks no memory gets the site's small per-core
    default: that is the tie (OSC/Anvil shared nodes); a whole-node job still asks."""
    ops = [SetDirective(option="mem", value="0")]
    for line in ("#SBATCH -p shared", "#SBATCH --partition=RM-shared", "#SBATCH -q shared",
                 "#SBATCH --qos=shared"):
        assert untied(list(ops), OOM, _with(SRUN, line)) == (ops, None, ""), line
    assert untied(list(ops), OOM, _with(SRUN, "#SBATCH -q regular"))[1] == CONFIRM_MEMORY
    assert untied(list(ops), OOM, _with(SRUN, "#SBATCH -p wholenode"))[1] == CONFIRM_MEMORY
