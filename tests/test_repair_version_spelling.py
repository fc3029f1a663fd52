"""A Slurm option renamed between Slurm versions (``--workdir`` -> ``--chdir`` in 17.11), refused
by the site's sbatch, is written as that Slurm spells it; an option not known to be renamed is
still asked about; the option's value stays (bench/s24logscript_probe)."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_entity import drop_option

SCRIPT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
{extra}
srun python -u train.py --lr 0.1
"""


def _diagnose(extra: str, log: str) -> dict[str, Any]:
    return diagnose_log(SCRIPT.format(extra=extra), log, "delta", None, False, None)


def _changed(data: dict[str, Any]) -> list[str]:
    diff = data["proposed"]["diff"] if data["proposed"] else ""
    return [line for line in diff.splitlines()
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def test_workdir_refused_is_written_as_chdir_with_its_value() -> None:
    data = _diagnose("#SBATCH --workdir=/scratch/run0",
                     "sbatch: unrecognized option '--workdir=/scratch/run0'\n")
    assert data["proposed"]["record_id"] == "sbatch-option-other-slurm-version"
    assert _changed(data) == ["-#SBATCH --workdir=/scratch/run0", "+#SBATCH --chdir=/scratch/run0"]


def test_workdir_with_a_blank_and_no_program_name_keeps_its_value() -> None:
    """Was entity-launch-option-unrecognized: `#SBATCH /work/pilot` (the value left alone)."""
    data = _diagnose("#SBATCH --workdir /work/pilot", "unrecognized option '--workdir'\n")
    assert _changed(data) == ["-#SBATCH --workdir /work/pilot", "+#SBATCH --chdir /work/pilot"]


def test_chdir_refused_by_an_older_slurm_is_written_as_short_d() -> None:
    data = _diagnose("#SBATCH --chdir=/somewhere/tmp",
                     "sbatch: unrecognized option '--chdir=/somewhere/tmp'\n")
    assert _changed(data) == ["-#SBATCH --chdir=/somewhere/tmp", "+#SBATCH -D /somewhere/tmp"]


def test_an_option_not_renamed_between_versions_is_still_asked() -> None:
    data = _diagnose("#SBATCH --gpu-bind=closest",
                     "sbatch: unrecognized option '--gpu-bind=closest'\n")
    assert not data["proposed"] or data["proposed"]["record_id"] != \
        "sbatch-option-other-slurm-version"


def test_another_programs_unrecognized_workdir_is_not_read_as_sbatch() -> None:
    data = _diagnose("#SBATCH --job-name=a",
                     "mpirun: unrecognized option '--workdir'\n")
    assert not data["proposed"] or data["proposed"]["record_id"] != \
        "sbatch-option-other-slurm-version"


def test_dropping_a_directive_option_takes_its_blank_separated_value() -> None:
    text = "#!/bin/bash\n#SBATCH --workdir /w --time=1:00:00\n"
    assert drop_option(text, 2, "--workdir") == "#!/bin/bash\n#SBATCH --time=1:00:00\n"
    flag = "#!/bin/bash\n#SBATCH --exclusive --time=1:00:00\n"
    assert drop_option(flag, 2, "--exclusive") == "#!/bin/bash\n#SBATCH --time=1:00:00\n"
