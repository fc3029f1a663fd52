"""Memory kill of a job whose --mem is too small (issue 17, s28-s28rscript): Slurm's cgroup
OOM report on a script that asks a --mem size below a node is answered on that line, with a
larger size (twice it, the whole node when twice is more); a script without --mem keeps the
question (the tool does not invent a size); without a profile the fact does not hold."""

from __future__ import annotations

from pathlib import Path

from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.script_facts import holds

BENCH = Path(__file__).resolve().parent.parent / "bench"
SRUN = (BENCH / "reallogs" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
OOM = ("slurmstepd: error: Detected 1 oom_kill event in StepId=4242.batch. "
       "Some of the step tasks have been OOM Killed.\n")
OLD_OOM = ("slurmstepd: error: Detected 3 oom-kill event(s) in StepId=4242.batch cgroup. "
           "Some of your processes may have been killed by the cgroup out-of-memory handler.\n")


def _with_mem(value: str, work: str | None = None) -> str:
    script = SRUN.replace("#SBATCH --ntasks-per-node=4",
                          f"#SBATCH --ntasks-per-node=4\n#SBATCH --mem={value}")
    if work is not None:
        script = script.replace("srun python -u train.py --batch-size 256 --epochs 32", work)
    return script


def _first(result: dict[str, object]) -> str:
    return str(result["diagnoses"][0]["record_id"])  # type: ignore[index]


def test_mem_below_node_reads_the_directive_block() -> None:
    from maple_flow.knowledge.clusters import get_profile

    anvil = get_profile("anvil")
    assert holds("mem_below_node", _with_mem("16G"), anvil)
    assert holds("mem_below_node", _with_mem("1GB", "nextflow run main.nf -resume"), anvil)
    assert not holds("mem_below_node", _with_mem("0"), anvil)  # the whole node already
    assert not holds("mem_below_node", _with_mem("4096G"), anvil)  # above a node
    assert not holds("mem_below_node", SRUN, anvil)  # no --mem: no line to raise
    assert not holds("mem_below_node", _with_mem("16G"), None)  # no site, no node size


def test_oom_kill_with_small_mem_doubles_the_request() -> None:
    result = diagnose_log(_with_mem("16G"), OOM, "anvil", None, False)
    assert _first(result) == "slurm-oom-kill-mem-request-too-small"
    diff = _diff(result)
    assert "+#SBATCH --mem=32G" in diff
    assert "--exclusive" not in diff


def test_old_wording_and_a_command_job_are_the_same_class() -> None:
    script = _with_mem("1GB", "nextflow run main.nf -profile slurm -resume")
    assert "+#SBATCH --mem=2G" in _diff(diagnose_log(script, OLD_OOM, "anvil", None, False))


def test_twice_above_a_node_asks_the_whole_node() -> None:
    """Anvil nodes have 512 GB: twice 300G is more, so the edit asks the whole node."""
    assert "+#SBATCH --mem=0" in _diff(diagnose_log(_with_mem("300G"), OOM, "anvil", None,
                                                    False))


def test_no_mem_request_keeps_the_previous_answer() -> None:
    result = diagnose_log(SRUN, OOM, "anvil", None, False)
    assert _first(result) != "slurm-oom-kill-mem-request-too-small"
    assert "--mem=32G" not in _diff(result)
