"""s39gaps: another scheduler's -l resource list on an #SBATCH line, written as Slurm options."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_foreign_resources import foreign_resources
from maple_flow.repair.text import FixNotApplicable

ROOT = Path(__file__).resolve().parent.parent
PYTHON = (ROOT / "bench/reallogs/scripts/srun_python.sh").read_text(encoding="utf-8")
GETOPT = "sbatch: invalid option -- 'l'\nTry \"sbatch --help\" for more information\n"
TIME = "#SBATCH --time=02:00:00"


def _with(line: str, keep_time: bool = False) -> str:
    return PYTHON.replace(TIME, (TIME + "\n" + line) if keep_time else line)


@pytest.mark.parametrize(("line", "keep", "want"), [
    ("#SBATCH -l h_vmem=15G -S /bin/bash", True, "#SBATCH --mem-per-cpu=15G"),
    ("#SBATCH -l walltime=0:0:30", False, "#SBATCH --time=0:0:30"),
    ("#SBATCH -l h_rt=3600", False, "#SBATCH --time=1:00:00"),
    ("#SBATCH -l nodes=1,walltime=48:00:00", False, "#SBATCH --time=48:00:00"),
])
def test_one_to_one_resources_are_written_for_slurm(line: str, keep: bool, want: str) -> None:
    out = foreign_resources(_with(line, keep))
    assert want in out.splitlines() and "-l " not in out and "-S /bin/bash" not in out
    assert out.count("#SBATCH --nodes=1") == 1  # already asked: not written twice


@pytest.mark.parametrize("line", [
    "#SBATCH -l nodes=1:ppn=64,mem=256G,walltime=00:10:00",  # ppn, mem: no one-to-one option
    "#SBATCH -l nodes=1:ppn:1",
    "#SBATCH -l h_vmem=16g",  # Grid Engine's lower-case g is 10^9, not Slurm's G
    "#SBATCH -l h_vmem=1.5G",
    "#SBATCH -l mem_free=4G",
    "#SBATCH -l h_rt=1:00:00 -pe smp 4",
    "#SBATCH -l nodes=2",  # the script asks one node
])
def test_no_exact_mapping_is_refused(line: str) -> None:
    with pytest.raises(FixNotApplicable):
        foreign_resources(_with(line, keep_time=True))


def test_time_asked_otherwise_is_refused_not_overwritten() -> None:
    with pytest.raises(FixNotApplicable):
        foreign_resources(_with("#SBATCH -l walltime=1:00:00", keep_time=True))


def _first(script: str, log: str) -> tuple[str, str, list[str]]:
    data = diagnose_log(script, log, "delta", None, False)
    first = data["diagnoses"][0]["record_id"] if data["diagnoses"] else ""
    proposed = data["proposed"] or {}
    return first, proposed.get("diff", ""), list((data.get("question") or {}).get("needs") or [])


def _one_cpu(script: str) -> str:
    return script.replace("--ntasks-per-node=4", "--ntasks-per-node=1").replace(
        "--cpus-per-task=8", "--cpus-per-task=1")


def test_diagnosis_writes_the_slurm_options() -> None:
    script = _one_cpu(_with("#SBATCH -l h_vmem=15G -S /bin/bash", True))
    first, diff, _ = _first(script, GETOPT)
    assert first == "s39-sbatch-foreign-resource-list"
    assert "+#SBATCH --mem-per-cpu=15G" in diff and "-#SBATCH -l h_vmem=15G" in diff


def test_per_slot_size_beyond_the_node_is_asked_not_written() -> None:
    script = _with("#SBATCH -l h_vmem=15G", True)  # 4 tasks x 8 CPUs x 15G > Delta's 256 GB
    with pytest.raises(FixNotApplicable):
        foreign_resources(script, node_memory_gb=256)
    assert "--mem-per-cpu=15G" in foreign_resources(_one_cpu(script), node_memory_gb=256)
    _, diff, needs = _first(script, GETOPT)
    assert diff == "" and needs == ["option_spelling"]


def test_unmapped_list_still_asks_how_to_write_it() -> None:
    script = _with("#SBATCH -l nodes=1:ppn=64,mem=256G,walltime=00:10:00", True)
    _, diff, needs = _first(script, GETOPT)
    assert diff == "" and needs == ["option_spelling"]


def test_no_foreign_line_no_record() -> None:
    first, diff, _ = _first(PYTHON, GETOPT)
    assert first != "s39-sbatch-foreign-resource-list" and diff == ""


# --- module purge before TACC's ibrun ---------------------------------------------------------
IBRUN = (ROOT / "bench/reallogs28/scripts/tacc_ibrun.sh").read_text(encoding="utf-8")
PURGED = IBRUN.replace("module load cuda/12.2", "module purge\nmodule load cuda/12.2")
STACK = ("TACC: Starting up job\n/usr/local/bin/ibrun: line 161: getmode.sh: command not found\n"
         "TACC: Could not determine MPI stack. Exiting!\n")


def test_purge_before_ibrun_becomes_the_sites_reset() -> None:
    from maple_flow.repair.patch_module_reset import site_module_reset

    out = site_module_reset(PURGED, "stampede3")
    assert "module reset\nmodule load cuda/12.2" in out and "purge" not in out
    with pytest.raises(FixNotApplicable):
        site_module_reset(PURGED, "delta")  # no documented reset fact there
    with pytest.raises(FixNotApplicable):
        site_module_reset(IBRUN, "lonestar6")  # nothing purged


def test_ibrun_stack_message_after_purge_is_fixed_on_tacc_only() -> None:
    data = diagnose_log(PURGED, STACK, "lonestar6", None, False)
    assert data["diagnoses"][0]["record_id"] == "s39-tacc-ibrun-after-module-purge"
    assert "+module reset" in data["proposed"]["diff"]
    kept = diagnose_log(IBRUN, STACK, "lonestar6", None, False)
    assert all(d["record_id"] != "s39-tacc-ibrun-after-module-purge" for d in kept["diagnoses"])
