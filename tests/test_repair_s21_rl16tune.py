"""reallogs16 tune half (issue 17): Slurm submissions refused for a directive of the user's own
script (missing, unparsable, empty, a form the site refuses) and launch-line errors of srun
--multi-prog and gmx_mpi; each fix edits the line at fault, found in any spelling, or asks for a
value only the user has."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op
from maple_flow.repair.resolve import Context, Unresolved, fill
from maple_flow.repair.text import FixNotApplicable

BENCH = Path(__file__).resolve().parent.parent / "bench"
SRUN = (BENCH / "reallogs" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
MPI = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --time=06:00:00
module load openmpi
srun --cpu-bind=cores gmx_mpi mdrun -v -s topol.tpr -ntmpi 2 -ntomp 1
"""
PERLMUTTER = """#!/bin/bash
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 29:00:00
srun python train.py
"""


def _with_time(value: str) -> str:
    return SRUN.replace("#SBATCH --time=02:00:00", f"#SBATCH --time={value}")


def _mended(script: str, cluster: str = "delta") -> str:
    return fill("{walltime:mended}", Context({}, get_profile(cluster), script))


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _diff(data: dict[str, object]) -> str:
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["diff"])  # type: ignore[index]


@pytest.mark.parametrize(("value", "want"), [
    ("90.0", "01:30:00"),  # a float is minutes, as Slurm reads a bare number
    ("90m", "01:30:00"), ("2h", "02:00:00"), ("1.5h", "01:30:00"), ("3600s", "01:00:00"),
    ("1.5:00:00", "01:30:00"),  # a fraction in the hours field (CoBrALab/qbatch#246's table)
    ("3600.0", "48:00:00"),  # 60 hours: lowered to the queue's limit
])
def test_a_time_value_with_a_plain_length_is_mended(value: str, want: str) -> None:
    assert _mended(_with_time(value)) == want


def test_a_time_value_without_a_length_asks_and_a_valid_one_is_not_the_fault() -> None:
    with pytest.raises(Unresolved) as asked:
        _mended(SRUN.replace("#SBATCH --time=02:00:00", "#SBATCH -t :00"))
    assert asked.value.need == "walltime"
    with pytest.raises(Unresolved) as valid:
        _mended(SRUN)  # 02:00:00 parses: the bad value is on the submit line, not the script
    assert not valid.value.need


def test_invalid_time_specification_rewrites_the_time_directive() -> None:
    data = _diagnose(_with_time("3600.0"), "sbatch: error: Invalid --time specification\n")
    diff = _diff(data)
    assert "-#SBATCH --time=3600.0" in diff and "+#SBATCH --time=48:00:00" in diff


def test_an_empty_time_field_asks_for_the_length() -> None:
    script = SRUN.replace("#SBATCH --time=02:00:00", "#SBATCH -t :00")
    data = _diagnose(script, "sbatch: fatal: job.cmd: line 14: Unexpected `:` in [ :00]\n")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["needs"] == ["walltime"]  # type: ignore[index]


def test_a_required_time_limit_is_added() -> None:
    script = SRUN.replace("#SBATCH --time=02:00:00\n", "")
    data = _diagnose(script, "sbatch: error: Job not submitted: please specify runtime limit "
                             "with -t.\n")
    assert "+#SBATCH --time=" in _diff(data)


def test_tacc_queue_filter_adds_the_partition() -> None:
    script = SRUN.replace("#SBATCH --time=02:00:00\n", "#SBATCH -t 02:00:00\n")
    data = _diagnose(script, '--> Submission error: all jobs must have a queue name specified '
                             'with "-p"\n', "stampede3")
    assert "+#SBATCH --partition=" in _diff(data)


def test_a_missing_account_is_asked_for() -> None:
    data = _diagnose(SRUN, "sbatch: error: You must specify an account!\n")
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "slurm-account-must-be-specified"
    assert first["needs"] == ["account"]


def test_an_empty_directive_is_dropped_not_the_option_it_swallowed() -> None:
    script = SRUN.replace("#SBATCH --time=02:00:00\n",
                          "#SBATCH --time=02:00:00\n#SBATCH -p\n#SBATCH -A proj\n")
    data = _diagnose(script, "sbatch: error: Invalid argument: proj\n")
    diff = _diff(data)
    assert "-#SBATCH -p\n" in diff and "-#SBATCH -A proj" not in diff


def test_drop_empty_directive_keeps_the_other_options_and_refuses_without_one() -> None:
    delta = get_profile("delta")
    after = apply_op("#!/bin/bash\n#SBATCH -J x --partition= -N 1\nsrun hostname\n",
                     o.DropEmptyDirective(), delta)
    assert "--partition" not in after and "--job-name=x" in after and "--nodes=1" in after
    with pytest.raises(FixNotApplicable):
        apply_op(SRUN, o.DropEmptyDirective(), delta)
    # a flag (--exclusive) takes no value: not empty
    with pytest.raises(FixNotApplicable):
        apply_op(SRUN.replace("#SBATCH --nodes=1", "#SBATCH --nodes=1\n#SBATCH --exclusive"),
                 o.DropEmptyDirective(), delta)


def test_tasks_per_node_writes_ntasks_over_the_nodes() -> None:
    delta = get_profile("delta")
    script = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks=8\nsrun hostname\n"
    after = apply_op(script, o.TasksPerNode(), delta)
    assert "--ntasks=8" not in after and "#SBATCH --ntasks-per-node=4" in after
    alone = apply_op("#!/bin/bash\n#SBATCH -n 3\nsrun hostname\n", o.TasksPerNode(), delta)
    assert "#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=3" in alone
    with pytest.raises(FixNotApplicable):  # 9 tasks do not divide over 2 nodes
        apply_op(script.replace("=8", "=9"), o.TasksPerNode(), delta)
    with pytest.raises(FixNotApplicable):  # no --ntasks at all
        apply_op(SRUN, o.TasksPerNode(), delta)


def test_filter_refusing_ntasks_rewrites_the_directive() -> None:
    script = SRUN.replace("#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n",
                          "#SBATCH --ntasks=4\n")
    data = _diagnose(script, "sbatch: error: Plase do not specify --ntasks on prince cluster, "
                             "try to use --nodes and --tasks-per-node together\n")
    diff = _diff(data)
    assert "-#SBATCH --ntasks=4" in diff and "+#SBATCH --ntasks-per-node=4" in diff


def test_gmx_mpi_loses_the_thread_mpi_option() -> None:
    data = _diagnose(MPI, "Setting the number of thread-MPI ranks is only supported with "
                          "thread-MPI and GROMACS was compiled without thread-MPI.\n", "anvil")
    diff = _diff(data)
    assert "+srun --cpu-bind=cores gmx_mpi mdrun -v -s topol.tpr -ntomp 1\n" in diff
    last = MPI.replace("-ntmpi 2 -ntomp 1", "-ntomp 1 -ntmpi 2")
    after = apply_op(last, o.RemoveArgument(name="-ntmpi"), get_profile("anvil"))
    assert "mdrun -v -s topol.tpr -ntomp 1\n" in after  # no blank left at the line's end
    with pytest.raises(FixNotApplicable):
        apply_op(MPI, o.RemoveArgument(name="-nt"), get_profile("anvil"))


def test_multiprog_step_gets_the_task_count_of_its_file() -> None:
    script = MPI.replace("srun --cpu-bind=cores gmx_mpi mdrun -v -s topol.tpr -ntmpi 2 -ntomp 1",
                         "srun --multi-prog tasks.conf")
    data = _diagnose(script, "srun: no record for task id 2\n", "anvil")
    assert "+srun --ntasks=2 --multi-prog tasks.conf" in _diff(data)


def test_a_queue_for_part_of_a_node_never_takes_a_whole_node_gpu_job() -> None:
    """Perlmutter's shared QOS takes at most 2 GPUs: a 4-GPU job over debug's 30 minutes has
    no auto QOS for 29 hours (regular stops at 24), so its time is cut, never moved to shared."""
    data = _diagnose(PERLMUTTER, "ERROR: Command: 'sbatch   --time 29:00:00 -q debug case.run ' "
                                 "failed with error 'None'\n", "perlmutter")
    diff = _diff(data)
    assert "shared" not in diff and "-#SBATCH -t 29:00:00" in diff


def test_the_reason_lost_record_needs_a_script_over_its_queue() -> None:
    fine = PERLMUTTER.replace("-t 29:00:00", "-t 00:20:00")
    data = _diagnose(fine, "ERROR: Command: 'sbatch case.run ' failed with error 'None'\n",
                     "perlmutter")
    assert data["proposed"] is None
