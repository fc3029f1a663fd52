# ruff: noqa: E501
"""s40slurmjobs (issue 17): failures from the structure of Slurm batch jobs
(templates/failures/slurmjobs_s40.yaml; cases in bench/s40slurmjobs_probe/). Each test fails
without its record or op: an array index read in a job that is no array asks for --array; a
signal-53 launch failure is the script's (asks the output path) only when the header names an
output/working path with a directory, the node's otherwise; DependencyNeverSatisfied is advice;
template placeholders and the word ``hetjob`` in a header ask; an optional value after a space
is joined with ``=`` on the header line only."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_submit import join_optional_value
from maple_flow.repair.text import FixNotApplicable

BASE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
{extra}srun python -u train.py --epochs 10
"""


def _script(*directives: str, body: str = "") -> str:
    head = BASE.replace("#SBATCH --time=02:00:00\n", "#SBATCH --time=02:00:00\n"
                        + "".join(d + "\n" for d in directives))
    return head.replace("{extra}", body)


def _first(data: dict) -> str:
    return data["diagnoses"][0]["record_id"] if data["diagnoses"] else ""


def test_array_index_read_without_array_asks_for_the_range() -> None:
    script = _script(body='set -u\nROW=$SLURM_ARRAY_TASK_ID\n')
    log = "/var/spool/slurmd/job1/slurm_script: line 8: SLURM_ARRAY_TASK_ID: unbound variable\n"
    data = diagnose_log(script, log, "delta", None, False)
    assert data["verdict"] == "ask" and "array" in data["question"]["needs"]
    assert data["question"]["record_id"] == "slurm-array-index-read-outside-array"
    # with --array in the header the index was set: not this record
    data = diagnose_log(_script("#SBATCH --array=0-9", body='set -u\nROW=$SLURM_ARRAY_TASK_ID\n'),
                        log, "delta", None, False)
    assert all(d["record_id"] != "slurm-array-index-read-outside-array" for d in data["diagnoses"])


@pytest.mark.parametrize("log", ["RaisedSignal:53\n", "JobState=FAILED Reason=RaisedSignal:53\n",
                                 "FAILED 0:53\n"])
def test_signal_53_with_a_header_path_asks_for_the_output(log: str) -> None:
    script = _script("#SBATCH --chdir=/src", "#SBATCH --output=/src/logs/smoke-%j.out")
    data = diagnose_log(script, log, "delta", None, False)
    assert data["verdict"] == "ask" and "output" in data["question"]["needs"]
    assert data["question"]["record_id"] == "slurm-batch-output-path-unopenable"


@pytest.mark.parametrize("directives", [(), ("#SBATCH --output=train-%j.out",)])
def test_signal_53_without_a_directory_is_the_nodes(directives: tuple[str, ...]) -> None:
    data = diagnose_log(_script(*directives), "RaisedSignal:53(Real-time_signal_19)\n", "delta",
                        None, False)
    assert data["proposed"] is None and data["verdict"] == "not_script"
    assert _first(data) == "slurm-batch-step-failed-before-script"


def test_a_time_of_53_seconds_is_not_signal_53() -> None:
    data = diagnose_log(_script("#SBATCH --output=/scratch/u/logs/x-%j.out"),
                        "Elapsed 00:00:53 COMPLETED 0:0\n", "delta", None, False)
    assert all(d["record_id"] not in ("slurm-batch-output-path-unopenable",
                                      "slurm-batch-step-failed-before-script")
               for d in data["diagnoses"])


def test_dependency_never_satisfied_is_advice() -> None:
    data = diagnose_log(_script("#SBATCH --dependency=afterok:3722524"),
                        "DependencyNeverSatisfied\n", "perlmutter", None, False)
    assert data["proposed"] is None and data["verdict"] == "not_script"
    assert _first(data) == "slurm-dependency-never-satisfied"


@pytest.mark.parametrize(("line", "need"), [
    ("#SBATCH --account=<reach your contact person>", "account"),
    ("#SBATCH --mail-user=<your e-mail>", "mail_user"),
])
def test_placeholder_in_the_header_asks(line: str, need: str) -> None:
    data = diagnose_log(_script(line), "Invalid directive found in batch script\n", "delta", None,
                        False)
    assert data["verdict"] == "ask" and need in data["question"]["needs"]


def test_hetjob_word_in_an_output_path_asks_for_the_path() -> None:
    script = _script("#SBATCH --output=/work/run/exp-hetjob/log/run_%j.log")
    data = diagnose_log(script, "sbatch: error: Invalid directive found in batch script: /log/run_\n",
                        "delta", None, False)
    assert data["verdict"] == "ask" and "output" in data["question"]["needs"]
    assert data["question"]["record_id"] == "sbatch-hetjob-word-in-output-path"


def test_optional_value_after_a_space_is_joined() -> None:
    data = diagnose_log(_script("#SBATCH --nice   0"),
                        "sbatch: error: Invalid directive found in batch script: 0\n", "delta",
                        None, False)
    assert data["proposed"]["record_id"] == "sbatch-optional-value-after-space"
    assert "+#SBATCH --nice=0" in data["proposed"]["diff"]


def test_join_optional_value_reads_the_header_only() -> None:
    text = "#!/bin/bash\n#SBATCH --exclusive user\n#SBATCH --nodes=1\nsrun x\n#SBATCH --nice 5\n"
    assert join_optional_value(text, "user").splitlines()[1] == "#SBATCH --exclusive=user"
    with pytest.raises(FixNotApplicable):
        join_optional_value(text, "5")  # below the first command: sbatch never reads it
    with pytest.raises(FixNotApplicable):
        join_optional_value("#!/bin/bash\n#SBATCH --partition gpu\nsrun x\n", "gpu")
