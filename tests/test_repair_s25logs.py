"""s25logs (issue 17): script-side refusals the reallogs22 set missed - NERSC's "No architecture
specified" (sbatch, srun allocating by itself, #SBATCH lines sbatch never read), a misspelt GRES
name, PBS's job-wide ``place`` inside ``select`` in qsub's single-quoted wording, ``Account_Name``
without qsub's prefix, and a launcher count read from a variable before the program Hydra cannot
exec (bench/s25logs_probe, bench/reallogs22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.entity import script_entities
from maple_flow.repair.meaning import same_meaning
from maple_flow.repair.patch_constraint import allocation_constraint
from maple_flow.repair.patch_gres import gres_gpu_name
from maple_flow.repair.patch_pbs import pbs_select_mend
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs22" / "scripts"
PM = (SCRIPTS / "perlmutter_srun_gpu.sh").read_text(encoding="utf-8")
PBS = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
NO_ARCH = "sbatch: error: No architecture specified, cannot estimate job costs.\n"


def _proposed(data: dict[str, object]) -> tuple[str, str]:
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["record_id"]), str(proposed["diff"])  # type: ignore[index]


def _asks(data: dict[str, object]) -> list[str]:
    return [n for d in data["diagnoses"] for n in d.get("needs", [])]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ node type (NERSC filter)


def test_gpu_batch_job_without_constraint_gets_the_gpu_constraint() -> None:
    script = PM.replace("#SBATCH -C gpu\n", "")
    record, diff = _proposed(diagnose_log(script, NO_ARCH, "perlmutter", None, False))
    assert record == "nersc-no-architecture-specified"
    assert "+#SBATCH --constraint=gpu" in diff


def test_srun_allocating_by_itself_gets_the_cpu_constraint_on_its_line() -> None:
    script = "#!/bin/bash\nmodule load python\nsrun -A m0000 -q debug -N 1 -n 1 python run.py\n"
    log = ("srun: error: No architecture specified, cannot estimate job costs.\n"
           "srun: error: Unable to allocate resources: Unspecified error\n")
    _, diff = _proposed(diagnose_log(script, log, "perlmutter", None, False))
    assert "+srun --constraint=cpu -A m0000" in diff


def test_indented_directives_are_written_at_line_start_and_nothing_added() -> None:
    script = "#!/bin/bash\n    #SBATCH -q debug\n    #SBATCH -C cpu\npython x.py\n"
    out = allocation_constraint(script, "cpu")
    assert out == "#!/bin/bash\n#SBATCH -q debug\n#SBATCH -C cpu\npython x.py\n"
    assert not same_meaning(script, out)  # sbatch reads the un-indented lines only


def test_a_constraint_sbatch_reads_is_not_added_twice() -> None:
    with pytest.raises(FixNotApplicable, match="names a constraint already"):
        allocation_constraint(PM, "gpu")


def test_no_architecture_outside_perlmutter_is_not_this_record() -> None:
    script = PM.replace("#SBATCH -C gpu\n", "")
    data = diagnose_log(script, NO_ARCH, "delta", None, False)
    assert all(d["record_id"] != "nersc-no-architecture-specified"
               for d in data["diagnoses"])  # type: ignore[attr-defined]


# ------------------------------------------------------------------ GRES name


def test_misspelt_gres_name_is_respelled_keeping_type_and_count() -> None:
    script = "#!/bin/bash\n#SBATCH --gres=GPU:a100:4\nsrun --gres=gpus:4 python x.py\n"
    out = gres_gpu_name(script, "slurm")
    assert "#SBATCH --gres=gpu:a100:4" in out and "srun --gres=gpu:4" in out


def test_gres_spelt_right_is_left_alone() -> None:
    with pytest.raises(FixNotApplicable):
        gres_gpu_name("#!/bin/bash\n#SBATCH --gres=gpu:8\n", "slurm")


def test_site_filter_gres_message_proposes_the_respelling() -> None:
    script = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpus:4\nsrun python x.py\n"
    record, diff = _proposed(diagnose_log(script, "An invalid --gres input was provided.\n",
                                          "delta", None, False))
    assert record == "slurm-gres-gpu-name-misspelt" and "+#SBATCH --gres=gpu:4" in diff


def test_controller_gres_refusal_with_right_name_is_not_a_respelling() -> None:
    script = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:8\nsrun python x.py\n"
    data = diagnose_log(script, "salloc: error: Invalid generic resource (gres) specification\n",
                        "delta", None, False)
    assert all(d["record_id"] != "slurm-gres-gpu-name-misspelt"
               for d in data["diagnoses"])  # type: ignore[attr-defined]


# ------------------------------------------------------------------ PBS, entities


def test_place_inside_select_in_single_quoted_wording_moves_out() -> None:
    script = PBS.replace("#PBS -l select=2:system=polaris\n#PBS -l place=scatter",
                         "#PBS -l select=2:system=polaris:place=scatter")
    record, diff = _proposed(diagnose_log(
        script, "Resource invalid in 'select' specification: place\n", "polaris", None, False))
    assert record == "pbs-job-resource-inside-select"
    assert "+#PBS -l select=2:system=polaris\n" in diff and "+#PBS -l place=scatter" in diff


def test_place_is_never_moved_into_a_chunk() -> None:
    with pytest.raises(FixNotApplicable):
        pbs_select_mend("#!/bin/bash\n#PBS -l select=2\n#PBS -l place=scatter\n", "into", "place")


def test_account_name_without_qsub_prefix_asks_the_project() -> None:
    data = diagnose_log(PBS.replace("#PBS -A MyProject\n", ""),
                        "Account_Name is required to be set.\n", "polaris", None, False)
    assert data["proposed"] is None and "account" in _asks(data)


def test_program_after_a_variable_count_is_a_command_entity() -> None:
    found = script_entities("#!/bin/bash\nmpirun -np $SLURM_NTASKS wrf.exe\n")
    assert any(e.kind == "command" and e.text == "wrf.exe" for e in found)
