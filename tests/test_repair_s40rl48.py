"""An OOM kill of a whole-node job that asks no memory (issue 17, s40rl48: bench/reallogs48's
tune case tetonnek-one-task-exclusive-no-mem and the new bench/s40rl48_probe case foxberry):
Slurm gives a bare --exclusive job every CPU of its nodes but "only as much memory as it
requested" (sbatch --exclusive), so the per-CPU default times its tasks is its limit; the tie
to the script is stated and --mem=0 asks the node's memory without inventing a size. Slurm's
OOM lines are matched as users quote them, cut short."""

from __future__ import annotations

from pathlib import Path

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.evidence_gate import CONFIRM_MEMORY, untied
from maple_flow.repair.matching import compiled
from maple_flow.repair.ops import SetDirective

SCRIPT = (Path(__file__).resolve().parent.parent / "bench" / "s40rl48_probe" / "scripts"
          / "srun_mpi_app.sh").read_text(encoding="utf-8")


def _script(header: str) -> str:
    return SCRIPT.replace("#SBATCH --nodes=8", "#SBATCH --nodes=1\n" + header).replace(
        "#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=24")


OPS = [SetDirective(option="exclusive", value=None), SetDirective(option="mem", value="0")]
FRAGMENT = "Detected 2 oom_kill events\n"


def test_a_bare_exclusive_job_without_memory_is_tied() -> None:
    ops, need, _ = untied(list(OPS), FRAGMENT, _script("#SBATCH --exclusive"))
    assert need is None and len(ops) == 2


def test_a_job_without_exclusive_or_memory_still_asks() -> None:
    """Look-alike: the same words on a job that does not ask for the whole node: the tool does
    not know the job needs more memory (a leak only takes longer), so it asks."""
    ops, need, _ = untied(list(OPS), FRAGMENT, _script("#SBATCH --job-name=sim"))
    assert need == CONFIRM_MEMORY and not ops


def test_exclusive_for_a_user_only_is_not_the_whole_node_tie() -> None:
    ops, need, _ = untied(list(OPS), FRAGMENT, _script("#SBATCH --exclusive=user"))
    assert need == CONFIRM_MEMORY and not ops


def test_slurm_oom_lines_quoted_cut_short_match() -> None:
    oom_kill = compiled(r"(?:Detected \d+ )?\boom_kill events?\b(?: in (?:StepId=)?\S+)?")
    srun = compiled(r"(?:srun: error: \S+: )?\btasks? \d[\d,-]*: Out Of Memory\b")
    assert oom_kill.search("Detected 2 oom_kill events")
    assert oom_kill.search("oom_kill event ... task 0: Out Of Memory")
    assert oom_kill.search("slurmstepd: error: Detected 1 oom_kill event in StepId=12.0.")
    assert not oom_kill.search("[ 12.3] oom_kill_process+0x20/0x40")
    assert srun.search("oom_kill event ... task 0: Out Of Memory")
    assert srun.search("srun: error: c1: tasks 0-3: Out Of Memory")
    assert not srun.search("torch.OutOfMemoryError: CUDA out of memory.")


def test_the_fragment_on_an_exclusive_anvil_job_gets_mem_zero() -> None:
    data = diagnose_log(_script("#SBATCH --exclusive"), FRAGMENT, "anvil", None, False)
    assert data["proposed"] and "+#SBATCH --mem=0" in data["proposed"]["diff"]


def test_the_fragment_on_a_job_asking_no_node_asks() -> None:
    data = diagnose_log(_script("#SBATCH --job-name=sim"), FRAGMENT, "anvil", None, False)
    assert not data["proposed"]
    assert CONFIRM_MEMORY in ((data.get("question") or {}).get("needs") or [])
