"""Python-environment messages of batch jobs (s35pyenv, templates/failures/pyenv_s35.yaml): a
package missing from the environment the script activates is that environment's contents (no
site module is added over it); a pip --user copy in ~/.local shadowing the environment gets
PYTHONNOUSERSITE; a library of the wrong ELF class is the installation's; a conda environment
that does not exist is asked for, whether the script names it by path or by name."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.entity import script_entities
from maple_flow.repair.safety import env_name_problem

BASE = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
{setup}
srun torchrun --nnodes=2 --nproc_per_node=4 train.py
"""
OWN_ENV = "module load anaconda3_gpu\nconda activate myenv"
SRUN0 = "srun: error: gpua012: task 0: Exited with exit code 1\n"


def _first(setup: str, log: str, cluster: str = "delta") -> tuple[dict[str, Any], str]:
    data = diagnose_log(BASE.format(setup=setup), log, cluster, None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


@pytest.mark.parametrize("setup", [OWN_ENV, "source /projects/alice/venv/bin/activate"])
def test_package_missing_from_own_env_adds_no_site_module(setup: str) -> None:
    data, first = _first(setup, "ModuleNotFoundError: No module named 'wandb'\n" + SRUN0)
    assert data["proposed"] is None
    assert first.endswith("/not_script")
    # a package a site stack provides: no site module over the env, and no verdict either
    data, first = _first(setup, "ModuleNotFoundError: No module named 'deepspeed'\n" + SRUN0)
    assert data["proposed"] is None and not first.startswith("pyenv-package-missing")


def test_package_missing_without_env_still_loads_site_stack() -> None:
    data, _ = _first("", "ModuleNotFoundError: No module named 'torch'\n" + SRUN0)
    assert "+module load anaconda3_gpu" in data["proposed"]["diff"]


ENV_FRAME = '  File "/u/alice/.conda/envs/myenv/lib/python3.10/site-packages/bx/a.py", line 17\n'


@pytest.mark.parametrize("log", [
    ENV_FRAME + ".local/lib/python3.10/site-packages/slamdunk/contrib/ngm: No such file or "
    "directory\n",
    ENV_FRAME + "ImportError: /u/alice/.local/lib/python3.10/site-packages/torch/lib/"
    "libtorch_cuda.so: undefined symbol: ncclCommRegister\n",
])
def test_user_site_shadowing_an_env_sets_pythonnousersite(log: str) -> None:
    data, _ = _first(OWN_ENV, log)
    assert data["proposed"]["record_id"] == "pyenv-user-site-shadows-env"
    assert "+export PYTHONNOUSERSITE=1" in data["proposed"]["diff"]


def test_a_package_only_in_the_user_site_is_not_shadowing() -> None:
    log = ("ImportError: /home/u/.local/lib/python3.9/site-packages/flash_attn_2_cuda.cpython-39-"
           "x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationE\n")
    data, _ = _first(OWN_ENV, log)
    assert (data["proposed"] or {}).get("record_id") != "pyenv-user-site-shadows-env"


def test_user_site_already_off_is_left() -> None:
    data, _ = _first(OWN_ENV + "\nexport PYTHONNOUSERSITE=1",
                     ".local/lib/python3.10/site-packages/x/y.py: No such file or directory\n")
    assert (data["proposed"] or {}).get("record_id") != "pyenv-user-site-shadows-env"


def test_env_torch_missing_nccl_symbol_stays_the_environments() -> None:
    log = ("ImportError: /u/alice/.conda/envs/myenv/lib/python3.10/site-packages/torch/lib/"
           "libtorch_cuda.so: undefined symbol: ncclCommRegister\n")
    data, first = _first(OWN_ENV, log)
    assert data["proposed"] is None and first.endswith("/not_script")


def test_wrong_elf_class_is_the_installation() -> None:
    data, first = _first(OWN_ENV, "ImportError: /u/alice/lib/libfoo.so: wrong ELF class: "
                         "ELFCLASS32\n" + SRUN0)
    assert data["proposed"] is None and first == "pyenv-wrong-elf-class/not_script"


@pytest.mark.parametrize("env", ["myenv", "/lus/eagle/projects/P/alice/envs/train"])
def test_conda_env_not_found_asks_for_it(env: str) -> None:
    data, _ = _first(f"module load anaconda3_gpu\nconda activate {env}",
                     f"EnvironmentNameNotFound: Could not find conda environment: {env}\n")
    assert data["proposed"] is None and data["verdict"] == "ask"
    assert data["question"]["record_id"] == "pyenv-conda-env-name-not-found-ask"


def test_conda_activate_names_its_env_as_an_entity() -> None:
    found = script_entities("#!/bin/bash\nconda activate --stack myenv\nmamba activate $E\n")
    assert [(e.text, e.line) for e in found if e.kind == "path"] == [("myenv", 2)]


def test_safety_lets_the_user_site_switch_but_no_search_path() -> None:
    assert env_name_problem("PYTHONNOUSERSITE") is None
    for name in ("PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "LD_LIBRARY_PATH"):
        assert env_name_problem(name)


APPTAINER = "module load apptainer\nsrun apptainer exec --nv {opt}img.sif python train.py"
NUMPY_FRAME = ('  File "/opt/conda/envs/nf/lib/python3.6/site-packages/bx/b.py", line 17\n'
               '  File "/home/u/.local/lib/python3.6/site-packages/numpy/__init__.py", line 142\n')


def test_user_site_reaches_an_apptainer_image() -> None:
    data, _ = _first(APPTAINER.format(opt=""), NUMPY_FRAME)
    assert "+export PYTHONNOUSERSITE=1" in data["proposed"]["diff"]


@pytest.mark.parametrize("opt", ["--cleanenv ", "--no-home ", "-e "])
def test_user_site_not_set_where_the_export_cannot_reach(opt: str) -> None:
    data, _ = _first(APPTAINER.format(opt=opt), NUMPY_FRAME)
    assert (data["proposed"] or {}).get("record_id") != "pyenv-user-site-shadows-env"


def test_old_source_activate_names_its_env_and_is_asked() -> None:
    data, _ = _first("source activate unetCNN",
                     "EnvironmentNameNotFound: Could not find conda environment: unetCNN\n")
    assert data["verdict"] == "ask"
    assert data["question"]["record_id"] == "pyenv-conda-env-name-not-found-ask"


def test_package_missing_after_source_activate_adds_no_site_module() -> None:
    log = "ModuleNotFoundError: No module named 'torch'\n" + SRUN0
    data, _ = _first("source activate myenv", log)
    assert (data["proposed"] or {}).get("record_id") != "python-package-missing"


def test_a_log_only_like_user_site_shadowing_gets_no_switch() -> None:
    env = "/mnt/ngsnfs/tools/miniconda3/envs/wochenende"
    log = (f'File "basic_reporting.py", line 20, in <module>\n    import pysam\n  File '
           f'"{env}/lib/python3.6/site-packages/pysam/__init__.py", line 5, in <module>\n'
           f"    from pysam.libchtslib import *\nImportError: {env}/lib/././libk5crypto.so.3: "
           "undefined symbol: krb5int_utf8s_to_ucs2les, version krb5support_0_MIT\n")
    data, _ = _first("source /mnt/ngsnfs/tools/miniconda3/etc/profile.d/conda.sh\n"
                     "conda activate wochenende", log)
    assert (data["proposed"] or {}).get("record_id") != "pyenv-user-site-shadows-env"
