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


PBS = "#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -A P\nmodule load frameworks\n{env}mpiexec -n 24 --ppn 12 python train.py\n"
ADDRINFO = "MPIDI_NM_mpi_init_hook(698): OFI addrinfo() failed\n(ofi_init.h:698:MPIDI_NM_mpi_init_hook:No data available)\n"


def test_forced_provider_the_fabric_lacks_is_dropped() -> None:
    diff = _diff(diagnose_log(PBS.format(env="export FI_PROVIDER=verbs\n"), ADDRINFO, "aurora", None, False))
    assert "-export FI_PROVIDER=verbs" in diff


@pytest.mark.parametrize(("env", "cluster"), [
    ("export FI_PROVIDER=cxi\n", "aurora"),       # the fabric's own provider: an installation fault
    ("export FI_PROVIDER='tcp;ofi_rxm'\n", "aurora"),  # tcp runs on any IP network
    ("export FI_PROVIDER=verbs\n", "lonestar6"),   # no fabric known for the site
    ("", "aurora"),                                # nothing forced
])
def test_no_provider_fix_where_the_fabric_may_have_it(env: str, cluster: str) -> None:
    assert "FI_PROVIDER" not in _diff(diagnose_log(PBS.format(env=env), ADDRINFO, cluster, None, False))


def test_tcp_provider_endpoint_not_connected_asks_for_the_interface() -> None:
    log = ("Abort(6337423) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init_thread:\nOther MPI error, error stack:\n"
           "MPIDI_OFI_send_handler(704)............: OFI tagged inject failed\n"
           "(ofi_impl.h:704:MPIDI_OFI_send_handler:Transport endpoint is not connected)\n")
    script = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH -n 256\nmodule load intel impi\n{env}ibrun ./wrf.exe\n"
    data = diagnose_log(script.format(env="export FI_PROVIDER=tcp\n"), log, "lonestar6", None, False)
    assert data["verdict"] == "ask" and data["question"]["record_id"] == "ofi-tcp-provider-interface-unreachable"
    other = diagnose_log(script.format(env=""), log, "lonestar6", None, False)
    assert "ofi-tcp-provider-interface-unreachable" not in [d["record_id"] for d in other["diagnoses"]]


VERL = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=16\n#SBATCH --gpus-per-node=4\n"
        "python3 -m verl.trainer.main_ppo data.train_files=$HOME/d.parquet trainer.n_gpus_per_node=4 trainer.nnodes=1\n")


def test_verl_trainer_gets_the_jobs_cpus_for_ray_init() -> None:
    diff = _diff(diagnose_log(VERL, "Unable to register worker with raylet\n", "delta", None, False))
    assert diff.rstrip().endswith("trainer.nnodes=1 ray_init.num_cpus=16")


@pytest.mark.parametrize("script", [
    VERL.replace("#SBATCH --cpus-per-task=16\n", ""),                    # no CPU request to take
    VERL.replace("trainer.nnodes=1", "trainer.nnodes=1 ray_init.num_cpus=8"),  # already set
    VERL.replace("#SBATCH --cpus-per-task=16\n", "#SBATCH --cpus-per-task=16\n#SBATCH --exclusive\n"),
    VERL.replace("-m verl.trainer.main_ppo", "-m levanter.main.train_lm"),  # not verl
])
def test_no_ray_cpus_override_where_the_class_does_not_hold(script: str) -> None:
    assert "ray_init.num_cpus=16" not in _diff(diagnose_log(script, "Unable to register worker with raylet\n", "delta", None, False))


def test_program_override_rewrites_or_appends_and_refuses_other_programs() -> None:
    from maple_flow.repair.patch_override import program_override
    from maple_flow.repair.text import FixNotApplicable

    assert "ray_init.num_cpus=16" in program_override(VERL, "ray_init.num_cpus", "16")
    again = program_override(VERL.replace("nnodes=1", "nnodes=1 ray_init.num_cpus=8"), "ray_init.num_cpus", "16")
    assert "num_cpus=8" not in again and again.count("ray_init.num_cpus=16") == 1
    with pytest.raises(FixNotApplicable):
        program_override(HEAD + "srun python train.py --epochs 3\n", "ray_init.num_cpus", "16")
    with pytest.raises(FixNotApplicable):
        program_override(VERL, "ray_init.num_cpus", "$(rm -rf ~)")


CPU_JOB = "#!/bin/bash\n#SBATCH -A m0000\n#SBATCH -q regular\n#SBATCH -C {c}\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=64\nsrun ./solver input.dat\n"
NODE_CONFIG = "sbatch: error: Batch job submission failed: Requested node configuration is not available\n"


def test_constraint_features_the_site_lacks_become_its_node_type() -> None:
    diff = _diff(diagnose_log(CPU_JOB.format(c="'CPU_MNF:INTEL&IB:HDR'"), NODE_CONFIG, "perlmutter", None, False))
    assert "-#SBATCH -C 'CPU_MNF:INTEL&IB:HDR'" in diff and "+#SBATCH --constraint=cpu" in diff


@pytest.mark.parametrize(("constraint", "cluster"), [
    ("cpu", "perlmutter"),             # the site's own node type: another cause
    ("'gpu&hbm80g'", "perlmutter"),
    ("'CPU_MNF:INTEL'", "delta"),      # a site that documents no feature set
])
def test_no_constraint_rewrite_where_the_site_has_the_features(constraint: str, cluster: str) -> None:
    data = diagnose_log(CPU_JOB.format(c=constraint), NODE_CONFIG, cluster, None, False)
    assert "slurm-constraint-feature-unknown-to-site" not in [d["record_id"] for d in data["diagnoses"]]
