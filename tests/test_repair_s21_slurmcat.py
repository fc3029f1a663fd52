"""The Slurm message catalogue (issue 17, bench/s21slurmcat_probe): messages of Slurm's own
source a job script causes, each diagnosed through the directive or srun option at fault found
in the script (templates/failures/s21_slurmcat.yaml); a question where only the user knows the
value, advice where only the site (or the submit command) can change it."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.meaning import same_meaning
from maple_flow.repair.patch import apply_op
from maple_flow.repair.resolve import Context, Unresolved, fill
from maple_flow.repair.text import FixNotApplicable

BENCH = Path(__file__).resolve().parent.parent / "bench"
SRUN = (BENCH / "reallogs" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
TORCHRUN = (BENCH / "reallogs13" / "scripts" / "srun_torchrun.sh").read_text(encoding="utf-8")
NBSP = "\u00a0"


def _with(script: str, *lines: str) -> str:
    head, rest = script.split("\n", 1)
    return "\n".join([head, *lines, rest])


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _proposed(data: dict[str, object]) -> tuple[str, str]:
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["record_id"]), str(proposed["diff"])  # type: ignore[index]


def _first(data: dict[str, object]) -> dict[str, object]:
    return data["diagnoses"][0]  # type: ignore[index, no-any-return]


# --- the ops and placeholders the records need -------------------------------------------

def test_plain_spaces_writes_no_break_spaces_as_blanks() -> None:
    script = _with(SRUN, f"#SBATCH --partition{NBSP} {NBSP}gpuA100x4")
    fixed = apply_op(script, o.PlainSpaces(), get_profile("delta"))
    assert "#SBATCH --partition   gpuA100x4" in fixed and NBSP not in fixed
    with pytest.raises(FixNotApplicable):
        apply_op(SRUN, o.PlainSpaces(), get_profile("delta"))


def test_a_no_break_space_in_a_directive_changes_its_meaning() -> None:
    """str.split() takes U+00A0 for a blank; sbatch does not."""
    script = _with(SRUN, f"#SBATCH --partition{NBSP}gpuA100x4")
    assert not same_meaning(script, script.replace(NBSP, " "))
    assert same_meaning(_with(SRUN, "#SBATCH  --partition  gpuA100x4"),
                        _with(SRUN, "#SBATCH --partition gpuA100x4"))


@pytest.mark.parametrize(("line", "want"), [
    ("#SBATCH --mem-per-cpu=1.5G", "1536M"), ("#SBATCH --mem=64GB", "64G"),
    ("#SBATCH --mem=4gb", "4G"), ("#SBATCH --mem-per-gpu=0.5T", "524288M"),
])
def test_size_placeholder_writes_what_sbatch_reads(line: str, want: str) -> None:
    option = line.split("--", 1)[1].split("=", 1)[0]
    ctx = Context({"opt": option}, get_profile("delta"), _with(SRUN, line))
    assert fill("{size:opt}", ctx) == want


@pytest.mark.parametrize("line", ["#SBATCH --mem=64G", "#SBATCH --mem=", ""])
def test_size_placeholder_unresolved_without_a_bad_size(line: str) -> None:
    ctx = Context({"opt": "mem"}, get_profile("delta"), _with(SRUN, line) if line else SRUN)
    with pytest.raises(Unresolved):
        fill("{size:opt}", ctx)


# --- records: a fix of the directive at fault ---------------------------------------------

@pytest.mark.parametrize(("directive", "log", "record", "removed"), [
    ("#SBATCH --wckey=submitit", "sbatch: error: Batch job submission failed: Invalid wckey "
     "specification", "slurm-wckey-invalid", "#SBATCH --wckey"),
    ("#SBATCH -C v100", "sbatch: error: Batch job submission failed: Invalid feature "
     "specification", "slurm-feature-invalid", "#SBATCH -C v100"),
    ("#SBATCH --licenses=scratch", "sbatch: error: Batch job submission failed: Invalid license "
     "specification", "slurm-license-invalid", "#SBATCH --licenses"),
    ("#SBATCH -w gpub001", "sbatch: error: Batch job submission failed: Requested nodes not in "
     "this partition", "slurm-nodelist-not-in-partition", "#SBATCH -w gpub001"),
    ("#SBATCH --distribution=round-robin", "sbatch: error: Invalid --distribution "
     "specification", "slurm-distribution-invalid", "#SBATCH --distribution"),
    ("#SBATCH --time-min=05:00:00", "sbatch: error: Batch job submission failed: Invalid "
     "time-min specification (exceeds job's time or other limits)", "slurm-time-min-invalid",
     "#SBATCH --time-min"),
    ("#SBATCH --mail-type=FINISH", "sbatch: error: Invalid --mail-type specification",
     "slurm-notify-option-unparsed", "#SBATCH --mail-type"),
    ("#SBATCH --mem=", "sbatch: error: Invalid --mem specification",
     "slurm-memory-directive-empty", "#SBATCH --mem="),
])
def test_the_directive_at_fault_is_removed(directive: str, log: str, record: str,
                                           removed: str) -> None:
    rid, diff = _proposed(_diagnose(_with(SRUN, directive), log + "\n"))
    assert rid == record
    assert f"\n-{removed}" in diff


def test_a_fractional_memory_size_is_written_in_megabytes() -> None:
    data = _diagnose(_with(SRUN, "#SBATCH --mem-per-cpu=1.5G"),
                     "sbatch: error: Invalid --mem-per-cpu specification\n")
    assert _proposed(data) == ("slurm-memory-size-unparsed", _proposed(data)[1])
    assert "\n+#SBATCH --mem-per-cpu=1536M" in _proposed(data)[1]


def test_no_break_spaces_of_a_directive_are_mended() -> None:
    data = _diagnose(_with(SRUN, f"#SBATCH --partition {NBSP} {NBSP} gpuA100x4"),
                     "sbatch: error: Invalid directive found in batch script:  \n")
    rid, diff = _proposed(data)
    added = [ln for ln in diff.splitlines() if ln.startswith("+#SBATCH --partition")]
    assert rid == "sbatch-directive-unicode-space" and added and NBSP not in added[0]


def test_one_task_per_gpu_becomes_tasks_per_node() -> None:
    script = SRUN.replace("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-gpu=1")
    rid, diff = _proposed(_diagnose(script, "srun: fatal: SLURM_TRES_PER_TASK is mutually "
                                    "exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU\n"))
    assert rid == "slurm-ntasks-per-gpu-one-as-per-node"
    assert "\n-#SBATCH --ntasks-per-gpu=1" in diff and "\n+#SBATCH --ntasks-per-node=4" in diff


def test_gpus_asked_twice_keeps_gpus_per_node() -> None:
    rid, diff = _proposed(_diagnose(_with(TORCHRUN, "#SBATCH --gres=gpu:4"),
                                    "sbatch: fatal: --gpus-per-node and --gres=gpu are "
                                    "mutually exclusive.\n"))
    assert rid == "slurm-gpus-per-node-with-gres-gpu" and "\n-#SBATCH --gres=gpu:4" in diff


def test_a_step_asking_more_cpus_than_the_job_drops_its_count() -> None:
    script = TORCHRUN.replace("srun torchrun", "srun --cpus-per-task=64 torchrun")
    rid, diff = _proposed(_diagnose(script, "srun: error: Unable to create step for job 4012345: "
                                    "Requested node configuration is not available\n"))
    assert rid == "srun-step-cpus-above-job" and "--cpus-per-task=64" not in diff.split("+srun")[1]


# --- questions and advice ------------------------------------------------------------------

def test_a_dependency_on_an_unknown_job_asks_for_it() -> None:
    data = _diagnose(_with(SRUN, "#SBATCH --dependency=afterok:1:1:1"),
                     "sbatch: error: Batch job submission failed: Job dependency problem\n")
    assert data["proposed"] is None
    assert _first(data)["record_id"] == "slurm-dependency-job-unknown"
    assert _first(data)["needs"] == ["dependency"]


@pytest.mark.parametrize("log", [
    "sbatch: error: Batch job submission failed: Partition in DOWN state",
    "sbatch: error: Batch job submission failed: Required partition not available (inactive or "
    "drain)",
    "sbatch: error: Batch job submission failed: Requested account has breached requested QOS "
    "usage threshold",
    "sbatch: error: Batch job submission failed: MaxJobCount limit reached",
])
def test_site_states_get_advice_and_no_fix(log: str) -> None:
    data = _diagnose(SRUN, log + "\n")
    assert data["proposed"] is None and _first(data)["verdict"] == "not_script"


def test_a_distribution_the_script_does_not_hold_is_not_the_script() -> None:
    """snparcher#202 shape: a site wrapper stripped --wrap's quotes, sbatch read its -m."""
    data = _diagnose(SRUN, "SLURM job submission failed. The error message was sbatch: error: "
                     "Invalid --distribution specification\n")
    assert data["proposed"] is None
    assert _first(data)["record_id"] == "slurm-distribution-not-from-script"


def test_no_record_without_its_directive_in_the_script() -> None:
    """The wckey record needs a --wckey line: without one it makes no fix."""
    data = _diagnose(SRUN, "sbatch: error: Batch job submission failed: Invalid wckey "
                     "specification\n")
    assert data["proposed"] is None or data["proposed"]["record_id"] != "slurm-wckey-invalid"  # type: ignore[index]


# --- a misspelt option, respelled from Slurm's own option table ----------------------------

@pytest.mark.parametrize(("name", "want"), [
    ("gpus-per-nod", "gpus-per-node"), ("gpus-per-nodes", "gpus-per-node"),
    ("cpus-per-tasks", "cpus-per-task"), ("partiton", "partition"),
    ("mem_per_cpu", "mem-per-cpu"),
])
def test_closest_option(name: str, want: str) -> None:
    from maple_flow.repair.resolve_slurm import closest_option
    assert closest_option(name) == want


@pytest.mark.parametrize("name", ["gpus", "chdir", "name", "ntask-per-node"])
def test_no_respelling_of_options_or_far_names(name: str) -> None:
    """--gpus is an option an older Slurm lacks; --name is far from any; ntask-per-node is as
    close to --ntasks-per-node as to --tasks-per-node."""
    from maple_flow.repair.resolve_slurm import RespellUnresolved, closest_option
    with pytest.raises(RespellUnresolved):
        closest_option(name)


@pytest.mark.parametrize("log", [
    "sbatch: unrecognized option '--gpus-per-nod=4'\nTry \"sbatch --help\" for more information",
    "sbatch: error: Invalid directive found in batch script: --gpus-per-nod=4",
])
def test_a_misspelt_directive_is_respelled_with_its_value(log: str) -> None:
    script = TORCHRUN.replace("--gpus-per-node=4", "--gpus-per-nod=4")
    rid, diff = _proposed(_diagnose(script, log + "\n"))
    assert rid == "sbatch-directive-misspelt"
    assert "\n-#SBATCH --gpus-per-nod=4" in diff and "\n+#SBATCH --gpus-per-node=4" in diff


def test_an_option_this_slurm_lacks_is_not_respelled() -> None:
    data = _diagnose(_with(SRUN, "#SBATCH --gpus=4"), "sbatch: unrecognized option '--gpus=4'\n")
    proposed = data["proposed"]
    assert proposed is None or proposed["record_id"] != "sbatch-directive-misspelt"  # type: ignore[index]
