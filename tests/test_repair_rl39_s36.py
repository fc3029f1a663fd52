# ruff: noqa: E501
"""s36rl39 (issue 17): classes of the tune half of reallogs39 - an OpenFOAM-style ``cd ${0%/*}``
under Slurm (the spool copy's directory), Lightning's rank-0 line of a job whose python runs
bare, Lmod's wrapped "extension(s) exist but cannot be loaded", Accelerate's duplicated
DeepSpeed settings and an installed program's missing #! interpreter (advice only). Each test
fails without its rule."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_submit_dir import root_from_submit_dir

HEAD = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --time=01:00:00\n"
FOAM = HEAD + "module load openfoam/2306\ncd ${0%/*} || exit\ndecomposePar -force\nsrun simpleFoam -parallel\n"
CHDIR_LOG = "slurmstepd: error: couldn't chdir to `/var/spool/slurm/job1234': No such file or directory\n"


def test_strip_expansion_of_own_path_becomes_the_submit_dir() -> None:
    assert "cd ${SLURM_SUBMIT_DIR} || exit" in root_from_submit_dir(FOAM)
    quoted = HEAD + 'source "${BASH_SOURCE[0]%/*}/env.sh"\nsrun x\n'
    assert 'source "${SLURM_SUBMIT_DIR}/env.sh"' in root_from_submit_dir(quoted)


def test_spool_chdir_error_with_cd_to_own_dir_gets_the_fix() -> None:
    diff = _diff(diagnose_log(FOAM, CHDIR_LOG, "anvil", None, False))
    assert "+cd ${SLURM_SUBMIT_DIR} || exit" in diff


BARE = HEAD.replace("--nodes=2", "--nodes=1") + "source $PROJECT/venvs/fabric/bin/activate\npython train.py\n"


def test_lightning_rank0_line_of_several_with_bare_python_gets_srun() -> None:
    diff = _diff(diagnose_log(BARE, "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/4\n", "bridges2", None, False))
    assert "+srun python train.py" in diff


@pytest.mark.parametrize(("script", "log"), [
    (BARE.replace("python train.py", "srun python train.py"), "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/4\n"),
    (BARE, "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/1\n"),
])
def test_no_srun_fix_where_srun_is_used_or_the_world_is_one(script: str, log: str) -> None:
    assert "srun" not in _diff(diagnose_log(script, log, "bridges2", None, False))


def test_wrapped_lmod_prerequisite_message_is_read() -> None:
    script = HEAD + "module load samtools/1.17\nsamtools sort -o a.bam b.bam\n"
    log = 'extension(s) exist but cannot be loaded as requested: "samtools/1.17"\n   Try: "module spider samtools/1.17" to see how to load the module(s).\n'
    data = diagnose_log(script, log, "delta", None, False)
    assert data["diagnoses"][0]["record_id"] == "lmod-module-exists-not-loadable"


@pytest.mark.parametrize(("log", "record"), [
    ("ValueError: When using `deepspeed_config_file`, the following accelerate config variables will be ignored:\n['zero_stage'].\n", "accelerate-config-duplicates-deepspeed-json"),
    ("whatshap: /CSC_CONTAINER/miniconda/envs/env1/bin/python3.9: bad interpreter: No such file or directory\n", "installed-program-shebang-interpreter-missing"),
])
def test_not_script_classes_get_advice_only(log: str, record: str) -> None:
    script = HEAD + "accelerate launch --config_file ./acc.yaml test.py\n"
    data = diagnose_log(script, log, "delta", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == record


@pytest.mark.parametrize("log", [
    "-bash: ./run.sh: /bin/bash^M: bad interpreter: No such file or directory\n",
    "bash: /venv/bin/torchrun: /old/venv/bin/python: bad interpreter: No such file or directory\n",
    "/var/spool/slurmd/job1/slurm_script: /bin/bsh: bad interpreter: No such file or directory\n",
])
def test_bad_interpreter_lookalikes_are_left_to_their_records(log: str) -> None:
    data = diagnose_log(HEAD + "srun python train.py\n", log, "delta", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "installed-program-shebang-interpreter-missing" not in ids
