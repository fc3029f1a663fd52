"""An unknown module is dropped only when it is software-stack (conda/Python, CUDA, fabric,
Cray PE, a site patch) the site gives otherwise; an application's or tool's module is asked
for, never silently dropped (s34wrong)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n#SBATCH --time=01:00:00\n"
LMOD = 'Lmod has detected the following error:  The following module(s) are unknown: "{}"\n'
ENVMOD = "ERROR: Unable to locate a modulefile for '{}'\n"


@pytest.mark.parametrize("module, log, cluster", [
    ("bio", ENVMOD, "delta"),
    ("InterProScan/5.46-81.0-foss-2019b", ENVMOD, "delta"),
    ("blast/2.3.0", LMOD, "anvil"),
    ("git/2.39.2-GCCcore-10.3.0-nodocs", LMOD, "bridges2"),
    ("MODULENAME", LMOD, "anvil"),
])
def test_an_application_module_is_never_dropped(module: str, log: str, cluster: str) -> None:
    script = HEAD + f"module load {module}\nsrun python train.py\n"
    data = diagnose_log(script, log.format(module), cluster, None, False)
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert "absent" not in first["record_id"]


@pytest.mark.parametrize("module, log, cluster", [
    ("cuda100/toolkit", ENVMOD, "delta"),
    ("libfabric/1.20.1", LMOD, "anvil"),
    ("miniconda3-4.7.12.1-gcc-9.2.0-j2idqxp", LMOD, "anvil"),
])
def test_a_stack_module_the_site_lacks_is_still_dropped(module: str, log: str,
                                                       cluster: str) -> None:
    script = HEAD + f"module load {module}\nsrun python train.py\n"
    data = diagnose_log(script, log.format(module), cluster, None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert f"-module load {module}" in str(proposed["diff"])  # type: ignore[index]


def test_every_loaded_module_unknown_is_still_the_module_tree() -> None:
    script = HEAD + "module load fsl/5.0.10 ANTs\nsrun antsRegistrationSyN.sh -d 3\n"
    log = LMOD.format("fsl/5.0.10") + LMOD.format("ANTs")
    data = diagnose_log(script, log, "anvil", None, False)
    assert data["proposed"] is None
    first = data["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "lmod-module-tree-unreadable"


def test_every_module_unknown_beside_another_script_fault_is_the_script() -> None:
    # a `cd` into a folder that does not exist is the script's own fault, which missing
    # modules do not explain: the unknown names are the script's too (R.4Cker#17's shape)
    script = (HEAD + "module load bedtools\nmodule load kent\ncd folder_for_analysis\n"
              "srun ./run.sh\n")
    log = (LMOD.format("bedtools") + LMOD.format("kent")
           + "job.sh: line 7: cd: folder_for_analysis: No such file or directory\n")
    data = diagnose_log(script, log, "stampede3", None, False)
    assert data["proposed"] is None
    assert data["verdict"] == "ask", data.get("why_none")


def test_a_command_the_missing_modules_would_give_keeps_the_tree_reading() -> None:
    script = HEAD + "module load fsl/5.0.10 ANTs\nsrun antsRegistrationSyN.sh -d 3\n"
    log = (LMOD.format("fsl/5.0.10") + LMOD.format("ANTs")
           + "/var/spool/slurmd/job77/slurm_script: line 7: antsRegistrationSyN.sh: "
           "command not found\n")
    data = diagnose_log(script, log, "anvil", None, False)
    assert data["diagnoses"][0]["record_id"] == "lmod-module-tree-unreadable"  # type: ignore[index]
