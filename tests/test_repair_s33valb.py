"""s33valb: Lmod's load options decide the prerequisites of a module it refused; conda's
shell hook goes before a conda activate that conda refused for want of it."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.lmod_options import option_prerequisites
from maple_flow.repair.patch_conda import conda_shell_hook
from maple_flow.repair.patch_env import unload_before
from maple_flow.repair.patch_srun_ranks import PREFIX, srun_rank_env
from maple_flow.repair.text import FixNotApplicable

SCRIPT = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\nmodule load CUDA\n"
          "module load NCCL OpenMPI\nsrun python train.py\n")
# TACC/Lmod#828 (the record's example)
OPTIONS = ('Lmod has detected the following error:  These module(s) or extension(s) exist but '
           'cannot be loaded as requested: "NCCL", "OpenMPI"\n'
           '   Try: "module spider NCCL OpenMPI" to see how to load the module(s).\n'
           "   Or load any one of these options:\n"
           "      module load GCC/14.2.0 NCCL/2.26.6-CUDA-12.8.0 OpenMPI/5.0.7 CUDA/13.0.0\n"
           "      module load intel-compilers/2024.2.0 NCCL/2.22.3-CUDA-12.6.0 OpenMPI/5.0.3\n")


def test_prerequisites_leave_out_the_refused_and_the_loaded_families() -> None:
    found = option_prerequisites("GCC/14.2.0 NCCL/2.26.6 OpenMPI/5.0.7 CUDA/13.0.0",
                                 '"NCCL", "OpenMPI"', ["CUDA", "NCCL", "OpenMPI"])
    assert found == ["GCC/14.2.0"]
    assert option_prerequisites("gcc/13.4.0 cuda/12.8.2 openmpi/5.0.10", '"openmpi/5.0.10"',
                                []) == ["gcc/13.4.0", "cuda/12.8.2"]


def test_first_lmod_option_is_loaded_before_the_refused_module() -> None:
    data = diagnose_log(SCRIPT, OPTIONS, "delta", None, False)
    assert data["proposed"]["record_id"] == "lmod-load-options-listed"
    script = data["proposed"]["script"]
    assert script.index("module load GCC/14.2.0\n") < script.index("module load NCCL OpenMPI")
    assert "intel-compilers" not in script and "CUDA/13.0.0" not in script


def test_wrapped_message_with_options_is_read_whole() -> None:
    log = ('Lmod has detected the following error: These module(s) or extension(s)\n'
           'exist but cannot be loaded as requested: "openmpi/5.0.10"\n'
           '   Try: "module spider openmpi/5.0.10" to see how to load the module(s).\n'
           "   Or load any one of these options:\n      module load gcc/13.4.0 openmpi/5.0.10\n")
    script = SCRIPT.replace("module load NCCL OpenMPI", "module load openmpi/5.0.10")
    data = diagnose_log(script, log, "delta", None, False)
    assert data["proposed"]["record_id"] == "lmod-load-options-listed"
    assert "+module load gcc/13.4.0\n module load openmpi/5.0.10" in data["proposed"]["diff"]


def test_without_options_the_prerequisite_is_asked() -> None:
    log = OPTIONS.split("   Or load")[0]
    data = diagnose_log(SCRIPT, log, "delta", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "lmod-module-exists-not-loadable"


def test_script_that_loads_every_listed_module_gets_no_fix_from_the_options() -> None:
    script = SCRIPT.replace("module load CUDA", "module load GCC/14.2.0 CUDA")
    data = diagnose_log(script, OPTIONS, "delta", None, False)
    assert data["proposed"] is None or data["proposed"]["record_id"] != "lmod-load-options-listed"


# --- conda's shell hook before conda activate -------------------------------------------------
CONDA = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\nmodule load anaconda3\n"
         "conda activate myenv\nsrun python train.py\n")
CONDA_ERROR = "CondaError: Run 'conda init' before 'conda activate'\n"


def test_hook_goes_just_before_the_first_activation() -> None:
    after = conda_shell_hook(CONDA)
    assert 'module load anaconda3\neval "$(conda shell.bash hook)"\nconda activate myenv' in after


def test_hook_keeps_the_indent_and_the_shell_of_the_script() -> None:
    text = "#!/usr/bin/env zsh\nif true; then\n    conda activate env\nfi\n"
    assert '    eval "$(conda shell.zsh hook)"\n    conda activate env' in conda_shell_hook(text)
    text = "#!/bin/sh\ncd work && conda activate env\n"
    assert conda_shell_hook(text).split("\n")[1] == 'eval "$(conda shell.posix hook)"'


def test_no_hook_where_the_script_sets_conda_up_or_never_activates() -> None:
    for text in (CONDA.replace("conda activate", 'source "$B/etc/profile.d/conda.sh"\nconda '
                               "activate"),
                 CONDA.replace("conda activate myenv", "source activate myenv"),
                 CONDA.replace("#!/bin/bash", "#!/bin/tcsh")):
        with pytest.raises(FixNotApplicable):
            conda_shell_hook(text)


def test_conda_init_error_gets_the_hook_from_the_record() -> None:
    data = diagnose_log(CONDA, CONDA_ERROR, "delta", None, False)
    assert data["proposed"]["record_id"] == "conda-activate-without-shell-hook"
    assert '+eval "$(conda shell.bash hook)"' in data["proposed"]["diff"]


def test_script_with_the_hook_already_gets_no_hook_line() -> None:
    script = CONDA.replace("conda activate", 'eval "$(conda shell.bash hook)"\nconda activate')
    data = diagnose_log(script, CONDA_ERROR, "delta", None, False)
    assert data["proposed"] is None or "conda shell" not in data["proposed"]["diff"]


# --- torch's rank variables for srun-started tasks --------------------------------------------
SRUN = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
        'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n'
        "export MASTER_PORT=29500\nsrun --cpu-bind=none python -u train.py --deepspeed\n")


def test_srun_python_gets_the_rank_shell() -> None:
    after = srun_rank_env(SRUN)
    assert after.endswith("srun --cpu-bind=none " + PREFIX + "python -u train.py --deepspeed\n")
    assert "LOCAL_RANK=$SLURM_LOCALID" in PREFIX and "WORLD_SIZE=$SLURM_NTASKS" in PREFIX


def test_no_rank_shell_where_the_ranks_have_a_launcher_or_a_mapping() -> None:
    for text in (SRUN.replace("srun --cpu-bind=none python", "srun torchrun --nproc_per_node=4"),
                 SRUN.replace("export MASTER_PORT", "export LOCAL_RANK=$SLURM_LOCALID\nexport "
                              "MASTER_PORT"),
                 SRUN.replace("srun --cpu-bind=none python", "srun ./solver"),
                 SRUN.replace("srun --cpu-bind=none python", "srun deepspeed train.py python")):
        with pytest.raises(FixNotApplicable):
            srun_rank_env(text)


def test_keyerror_local_rank_under_srun_gets_the_mapping() -> None:
    log = "    raise KeyError(key) from None\nKeyError: 'LOCAL_RANK'\n"
    data = diagnose_log(SRUN, log, "delta", None, False)
    assert data["proposed"]["record_id"] == "srun-tasks-without-torch-rank-env"
    assert "RANK=$SLURM_PROCID" in data["proposed"]["diff"]
    plain = SRUN.replace("srun --cpu-bind=none python", "python")
    data = diagnose_log(plain, log, "delta", None, False)
    assert data["proposed"] is None or data["proposed"]["record_id"] != \
        "srun-tasks-without-torch-rank-env"


# --- Lmod conflict with an inherited module --------------------------------------------------
CONFLICT = ('Lmod has detected the following error:  Cannot load module "amd/5.0.2" because '
            "these module(s) are loaded:\n   rocm\n")
AMD = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -n 4\nmodule load amd/5.0.2\n"
       "srun ./solver input.dat\n")


def test_inherited_conflicting_module_is_unloaded_before_the_load() -> None:
    after = unload_before(AMD, "rocm", "amd/5.0.2")
    assert "module unload rocm\nmodule load amd/5.0.2" in after
    for text in (AMD.replace("module load amd", "module load rocm/5.0\nmodule load amd"),
                 AMD.replace("module load amd", "module purge\nmodule load amd"),
                 AMD.replace("module load amd/5.0.2", "module load gcc")):
        with pytest.raises(FixNotApplicable):
            unload_before(text, "rocm", "amd/5.0.2")


def test_conflict_record_unloads_only_what_the_script_does_not_load() -> None:
    data = diagnose_log(AMD, CONFLICT, "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "lmod-conflict-with-inherited-module"
    assert "+module unload rocm" in data["proposed"]["diff"]
    own = AMD.replace("module load amd", "module load rocm/5.0\nmodule load amd")
    data = diagnose_log(own, CONFLICT, "perlmutter", None, False)
    assert data["proposed"] is None or "module unload" not in data["proposed"]["diff"]
