"""sbatch refuses a count directive whose value the script shows is no count (issue 17, s33vala):

- an empty or zero count directive (`--cpus-per-task=`, `--ntasks=0`) is asked for, never
  dropped (that would set an unknown size to Slurm's default); the user's count=N is set;
- a shell expansion with a default (`--ntasks=${SLURM_NTASKS:-4}`) gets its literal default;
- SGE's `-S /bin/bash` read by Slurm as --core-spec is dropped (core-spec is a CPU request).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resources import changed

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")


def _with(old: str, new: str) -> str:
    assert old in SRUN_PY
    return SRUN_PY.replace(old, new)


@pytest.mark.parametrize(("old", "new", "log"), [
    ("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task=",
     "Output: 'sbatch: error: Invalid numeric value \"\" for cpus-per-task.'\n"),
    ("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=",
     'sbatch: error: Invalid numeric value "" for --ntasks-per-node.\n'),
    ("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=0",
     'sbatch: error: Invalid numeric value "0" for --ntasks.\n'),
    ("#SBATCH --cpus-per-task=8", "#SBATCH -c 0",
     'sbatch: error: Invalid numeric value "0" for --cpus-per-task.\n'),
])
def test_an_empty_or_zero_count_directive_is_asked_never_dropped(old: str, new: str,
                                                                 log: str) -> None:
    result = diagnose_log(_with(old, new), log, "delta", None, False)
    assert result.get("proposed") is None
    assert _first(result)["needs"] == ["count"]


@pytest.mark.parametrize(("script", "log"), [
    # a placeholder: the count is the user's own
    (_with("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task=<CORES>"),
     'sbatch: error: Invalid numeric value "<CORES>" for --cpus-per-task.\n'),
    # the empty value came from the command line: the script's own count is not at fault
    (SRUN_PY, 'sbatch: error: Invalid numeric value "" for --ntasks.\n'),
    # the script's empty directive is another option than the one the log names
    (_with("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task="),
     'sbatch: error: Invalid numeric value "" for --ntasks-per-node.\n'),
])
def test_a_count_only_the_user_has_is_asked(script: str, log: str) -> None:
    result = diagnose_log(script, log, "delta", None, False)
    assert result.get("proposed") is None
    assert _first(result)["record_id"] == "sbatch-count-not-a-number"


def test_a_shell_default_in_a_directive_becomes_its_literal() -> None:
    script = _with("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=${SLURM_NTASKS:-4}")
    log = 'sbatch: error: Invalid numeric value "${SLURM_NTASKS:-4}" for --ntasks\n'
    result = diagnose_log(script, log, "delta", None, False)
    assert result["proposed"]["record_id"] == "s33-sbatch-directive-shell-default"
    assert "+#SBATCH --ntasks=4\n" in _diff(result)


def test_a_shell_variable_without_default_is_asked() -> None:
    script = _with("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=${NTASKS}")
    log = 'sbatch: error: Invalid numeric value "${NTASKS}" for --ntasks\n'
    result = diagnose_log(script, log, "delta", None, False)
    assert result.get("proposed") is None


def test_sge_shell_option_read_as_core_spec_is_dropped() -> None:
    script = _with("#SBATCH --time=02:00:00", "#SBATCH --time=02:00:00\n#SBATCH -S /bin/bash")
    log = 'sbatch: error: Invalid numeric value "/bin/bash" for --core-spec.\n'
    result = diagnose_log(script, log, "delta", None, False)
    assert result["proposed"]["record_id"] == "s33-sbatch-sge-shell-option-as-core-spec"
    assert "-#SBATCH -S /bin/bash\n" in _diff(result)


def test_core_spec_is_a_cpu_request() -> None:
    assert changed([{"op": "remove_directive", "option": "core-spec"}]) == {"cpus"}


# --- Open MPI "not enough slots" --------------------------------------------------------------
SLOTS = ("There are not enough slots available in the system to satisfy the {n} slots\n"
         "that were requested by the application:\n  python\n")
ONE_NODE = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks={tasks}\n#SBATCH --time=01:00:00\n"


@pytest.mark.parametrize(("line", "fixed"), [
    ("horovodrun -np 2 -H localhost python train.py", "horovodrun -np 2 -H localhost:2 python"),
    ("/usr/bin/mpiexec -n 4 -host localhost ./app", "mpiexec -n 4 -host localhost:4 ./app"),
])
def test_one_host_without_slots_gets_the_lines_count(line: str, fixed: str) -> None:
    n = fixed.split()[2]
    script = ONE_NODE.format(tasks=n) + line + "\n"
    result = diagnose_log(script, SLOTS.format(n=n), "anvil", None, False)
    assert result["proposed"]["record_id"] == "s33-mpi-one-host-without-slots"
    assert fixed in _diff(result)


@pytest.mark.parametrize(("script", "n"), [
    # a host list of several names, a count other than the refused one, several nodes
    (ONE_NODE.format(tasks=3) + "mpirun --host localhost,localhost,localhost /bin/echo foo\n", 3),
    (ONE_NODE.format(tasks=4) + "mpirun -np 4 -H localhost python t.py\n", 6),
    ("#!/bin/bash\n#SBATCH --nodes=2\nmpirun -np 8 -H localhost python t.py\n", 8),
])
def test_slots_look_alikes_get_no_host_fix(script: str, n: int) -> None:
    result = diagnose_log(script, SLOTS.format(n=n), "anvil", None, False)
    assert result.get("proposed") is None


def test_mpi_host_slots_op() -> None:
    from maple_flow.repair.patch_hostlist import mpi_host_slots
    from maple_flow.repair.text import FixNotApplicable

    text = "#!/bin/bash\nmpirun -np 4 --host node01 ./a.out\n"
    assert mpi_host_slots(text, 4) == text.replace("node01", "node01:4")
    for bad in ("#!/bin/bash\nmpirun -np 4 --host node01:2 ./a.out\n",
                "#!/bin/bash\n# mpirun -np 4 --host node01 ./a.out\n",
                "#!/bin/bash\n#SBATCH -N 2\nmpirun -np 4 --host node01 ./a.out\n"):
        with pytest.raises(FixNotApplicable):
            mpi_host_slots(bad, 4)


def test_ranks_beyond_a_one_node_jobs_tasks_raise_its_tasks() -> None:
    script = ONE_NODE.format(tasks=1) + "mpirun -np 2 python -m pytest tests\n"
    result = diagnose_log(script, SLOTS.format(n=2), "anvil", None, False)
    assert result["proposed"]["record_id"] == "s33-mpi-ranks-beyond-job-tasks"
    assert "-#SBATCH --ntasks=1\n+#SBATCH --ntasks=2\n" in _diff(result)


@pytest.mark.parametrize(("script", "asked", "arg", "want"), [
    ("#SBATCH --ntasks-per-node=1\ntorchpack dist-run -np 4 python t.py\n", "4", "option",
     "ntasks-per-node"),
    ("#SBATCH --ntasks-per-node=1\ntorchpack dist-run -np 4 python t.py\n", "4", "tasks", "4"),
    ("mpirun -np 2 ./a.out\n", "2", "option", "ntasks"),
])
def test_job_slots_resolves(script: str, asked: str, arg: str, want: str) -> None:
    from maple_flow.repair.resolve_slots import job_slots

    assert job_slots("#!/bin/bash\n" + script, asked, arg) == want


@pytest.mark.parametrize(("script", "asked"), [
    ("#SBATCH --ntasks=1\nmpirun -np 4 python t.py\n", "6"),  # the log's count is not the line's
    ("#SBATCH --ntasks=4\nmpirun -np 4 python t.py\n", "4"),  # the job has the tasks already
    ("#SBATCH --nodes=2\nmpirun -np 4 python t.py\n", "4"),  # several nodes
    ("#SBATCH --ntasks=1\nmpirun -np 4 --oversubscribe python t.py\n", "4"),
    ("#SBATCH --ntasks=1\nsrun -n1 horovodrun -np 4 -H localhost:4 python t.py\n", "4"),
    ("mpirun -np 2 ./a\nmpirun -np 2 ./b\n", "2"),  # which line was refused is not known
    ("#SBATCH --nodes=1-2\n#SBATCH --ntasks=1\nmpirun -np 4 python t.py\n", "4"),  # a range
    ("#SBATCH --ntasks=${N}\nmpirun -np 4 python t.py\n", "4"),  # sbatch expands no variable
])
def test_job_slots_unresolved(script: str, asked: str) -> None:
    from maple_flow.repair.resolve_slots import SlotsUnresolved, job_slots

    with pytest.raises(SlotsUnresolved):
        job_slots("#!/bin/bash\n" + script, asked, "tasks")


# --- an srun step of a compiled program asking more nodes than the job ------------------------
def test_step_nodes_above_a_job_without_python_launch_raise_the_job() -> None:
    script = ("#!/bin/bash\n#SBATCH --ntasks-per-node=1\n#SBATCH --time=00:10:00\n"
              "srun -N 2 hostname\n")
    result = diagnose_log(script, "srun: error: Only allocated 1 nodes asked for 2\n", "delta",
                          None, False)
    assert result["proposed"]["record_id"] == "s32-srun-step-nodes-above-allocation"
    assert "+#SBATCH --nodes=2\n" in _diff(result)
    assert "srun -N 2 hostname" in script


def test_set_launch_nodes_keeps_unmodelled_launch_lines() -> None:
    from maple_flow.repair.patch_layout import set_launch_nodes

    text = "#!/bin/bash\n#SBATCH -N 1\nsrun -N 1 hostname\n"
    assert set_launch_nodes(text, 1, 2) == text


def test_cpus_meant_for_the_ranks_become_tasks() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --cpus-per-task=32\n"
              "#SBATCH --time=01:00:00\nmpirun -np 32 ABYSS-P in=reads.fa\n")
    result = diagnose_log(script, SLOTS.format(n=32), "anvil", None, False)
    assert result["proposed"]["record_id"] == "s33-mpi-ranks-beyond-job-tasks"
    assert "+#SBATCH --cpus-per-task=1\n" in _diff(result)
    assert "+#SBATCH --ntasks=32\n" in _diff(result)


@pytest.mark.parametrize(("script", "asked", "gpus", "cpus"), [
    # a rank per GPU: 8 ranks for a node of 4 GPUs is the rank count's fault
    ("#SBATCH --ntasks=1\ntorchpack dist-run -np 8 python t.py\n", "8", 4, 128),
    ("#SBATCH --ntasks=1\n#SBATCH --gres=gpu:a100:2\nmpirun -np 4 python t.py\n", "4", 4, 128),
    # 32 tasks of 16 CPUs do not fit a node of 128
    ("#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=16\nmpirun -np 32 ./a.out\n", "32", 4, 128),
])
def test_job_slots_leave_gpu_and_cpu_misfits(script: str, asked: str, gpus: int,
                                             cpus: int) -> None:
    from maple_flow.repair.resolve_slots import SlotsUnresolved, job_slots

    with pytest.raises(SlotsUnresolved):
        job_slots("#!/bin/bash\n" + script, asked, "tasks", gpus, cpus)


def test_a_users_count_is_set_in_the_empty_directive() -> None:
    script = _with("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task=")
    log = 'sbatch: error: Invalid numeric value "" for --cpus-per-task.\n'
    result = diagnose_log(script, log, "delta", None, False, {"count": "16"})
    assert result["proposed"]["record_id"] == "sbatch-count-not-a-number"
    assert "+#SBATCH --cpus-per-task=16\n" in _diff(result)


def test_an_empty_directive_beside_a_valued_one_is_asked() -> None:
    script = _with("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task=\n#SBATCH -c 8")
    log = 'sbatch: error: Invalid numeric value "" for --cpus-per-task.\n'
    result = diagnose_log(script, log, "delta", None, False)
    assert result.get("proposed") is None
