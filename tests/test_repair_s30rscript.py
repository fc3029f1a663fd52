"""s30rscript (issue 17): a log line that names the value an environment variable forces
("Error: network X not found." for NCCL_NET=X) changes the script only where one of its lines
sets that value and the site does not document it (maple_flow/repair/resolve_env.py); else no
fix, with the reason naming the site's value or the line that is missing. ``conda: command not
found`` loads the site's conda module above the script's own conda line, or says why not
(maple_flow/repair/resolve_conda.py). A PermissionError on a folder a variable of the
script names drops a library cache variable whose default is a folder the script sets, or asks
for a writable folder (maple_flow/repair/resolve_dirvar.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resolve_conda import site_conda_module
from maple_flow.repair.resolve_dirvar import cache_fallback, dir_variable
from maple_flow.repair.resolve_env import EnvUnresolved, forced_by_script

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
PBS = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")


def _with(script: str, anchor: str, lines: str) -> str:
    assert anchor in script
    return script.replace(anchor, f"{anchor}\n{lines}", 1)


def test_forced_by_script_names_the_variable_the_script_sets() -> None:
    script = _with(SRUN, "export MASTER_PORT=12802", "export NCCL_NET=IB")
    assert forced_by_script(script, "NCCL_NET", "IB") == "NCCL_NET"
    quoted = _with(SRUN, "export MASTER_PORT=12802", "NCCL_NET='gIB'")
    assert forced_by_script(quoted, "NCCL_NET", "gIB", {}) == "NCCL_NET"


def test_forced_by_script_refuses_the_sites_own_value() -> None:
    script = _with(SRUN, "export MASTER_PORT=12802", 'export NCCL_NET="AWS Libfabric"')
    with pytest.raises(EnvUnresolved, match="documents NCCL_NET"):
        forced_by_script(script, "NCCL_NET", "AWS Libfabric", {"NCCL_NET": "AWS Libfabric"})


def test_forced_by_script_names_the_missing_line() -> None:
    with pytest.raises(EnvUnresolved, match="no line of the script sets NCCL_NET"):
        forced_by_script(SRUN, "NCCL_NET", "IB")
    other = _with(SRUN, "export MASTER_PORT=12802", "export NCCL_NET=Socket")
    with pytest.raises(EnvUnresolved, match="not the IB the log names"):
        forced_by_script(other, "NCCL_NET", "IB")


def test_log_network_not_found_drops_the_scripts_nccl_net() -> None:
    script = _with(SRUN, "export MASTER_PORT=12802",
                   "source /usr/local/gib/scripts/set_nccl_env.sh\nexport NCCL_NET=gIB")
    data = diagnose_log(script, "Error: network gIB not found.\n", "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == "nccl-net-names-absent-network"  # type: ignore[index]
    diff = str(proposed["diff"])  # type: ignore[index]
    assert "-export NCCL_NET=gIB" in diff and "+unset NCCL_NET" in diff
    assert "-source" not in diff  # the user's own line is kept


def test_site_documented_network_gets_no_fix_and_the_reason() -> None:
    script = _with(PBS, "export MASTER_PORT=29500", 'export NCCL_NET="AWS Libfabric"')
    data = diagnose_log(script, "NCCL WARN Error: network AWS Libfabric not found.\n",
                        "polaris", None, False)
    assert data["proposed"] is None
    assert "documents NCCL_NET" in str(data.get("why_none"))


def test_value_from_outside_the_script_gets_no_fix_and_the_missing_line() -> None:
    data = diagnose_log(SRUN, "Error: network AWS Libfabric not found.\n", "delta", None, False)
    assert data["proposed"] is None
    assert "no line of the script sets NCCL_NET" in str(data.get("why_none"))


# --- conda: command not found (maple_flow/repair/resolve_conda.py) ---------------------------


CONDA = _with(SRUN, "#SBATCH --time=02:00:00", "conda activate myenv")


def test_site_conda_module_from_the_profiles_modules() -> None:
    assert site_conda_module(CONDA, ["cuda", "python/miniforge3_pytorch"], []) \
        == "python/miniforge3_pytorch"
    assert site_conda_module(CONDA, ["gcc"], ["AI/anaconda3-tf2", "anaconda3"]) == "anaconda3"


def test_site_without_a_conda_module_names_the_users_line() -> None:
    with pytest.raises(EnvUnresolved, match=r"names no module that gives conda: line \d+ "
                                            r"\(`conda activate myenv`\)"):
        site_conda_module(CONDA, ["gcc", "cuda", "python3"], ["python3"], "Vista")


def test_no_conda_line_own_conda_or_loaded_module_give_no_module() -> None:
    with pytest.raises(EnvUnresolved, match="no line of the script runs conda"):
        site_conda_module(SRUN, ["conda"], [])
    own = _with(SRUN, "#SBATCH --time=02:00:00",
                "source ~/miniconda3/etc/profile.d/conda.sh\nconda activate myenv")
    with pytest.raises(EnvUnresolved, match="conda install of your own"):
        site_conda_module(own, ["conda"], [])
    loaded = _with(SRUN, "#SBATCH --time=02:00:00", "module load miniforge3\nconda activate x")
    with pytest.raises(EnvUnresolved, match="already loads a conda module"):
        site_conda_module(loaded, ["miniforge3"], [])


def test_conda_line_above_the_module_lines_is_refused() -> None:
    script = _with(SRUN, "#SBATCH --time=02:00:00", "conda activate myenv\nmodule load cuda")
    with pytest.raises(EnvUnresolved, match="before the script's module lines"):
        site_conda_module(script, ["conda"], [])


def test_conda_not_found_on_deltaai_loads_the_sites_conda_module() -> None:
    data = diagnose_log(CONDA, "-bash: conda: command not found\n", "deltaai", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == "conda-not-found-site-conda-module"  # type: ignore[index]
    assert "+module load python/miniforge3_pytorch" in str(proposed["diff"])  # type: ignore[index]


def test_conda_not_found_on_vista_gives_the_reason() -> None:
    data = diagnose_log(CONDA, "conda: command not found\n", "vista", None, False)
    assert data["proposed"] is None
    assert "names no module that gives conda" in str(data.get("why_none"))


# --- a folder variable the program cannot write (maple_flow/repair/resolve_dirvar.py) ---------

HF = _with(SRUN, "export MASTER_PORT=12802", "export HF_HOME=/home/u/.cache/huggingface\n"
           "export HF_HUB_CACHE=/home/_shared/models/hub")


def test_dir_variable_finds_the_folder_the_path_is_in_or_above() -> None:
    assert dir_variable(HF, "/home/_shared/models/hub") == "HF_HUB_CACHE"
    assert dir_variable(HF, "/home/_shared/models/hub/models--x/blobs") == "HF_HUB_CACHE"
    save = _with(SRUN, "export MASTER_PORT=12802", 'SAVE_DIR="/home/uid/sharedscratch/"')
    assert dir_variable(save, "/home/uid") == "SAVE_DIR"
    nested = _with(SRUN, "export MASTER_PORT=12802", "WORK=/s/u\nexport HF_HOME=/s/u/hf")
    assert dir_variable(nested, "/s/u/hf/hub") == "HF_HOME"  # the closest folder


def test_dir_variable_names_no_line_for_the_programs_own_path() -> None:
    jax = _with(SRUN, "export MASTER_PORT=12802", "export JAX_COMPILATION_CACHE_DIR=/scratch/a/c")
    with pytest.raises(EnvUnresolved, match="no line of the script sets a variable to"):
        dir_variable(jax, "/home/a/.cache/sella")


def test_cache_fallback_only_where_the_parent_is_the_scripts_own_folder() -> None:
    assert cache_fallback(HF, "/home/_shared/models/hub") == "HF_HUB_CACHE"
    alone = _with(SRUN, "export MASTER_PORT=12802", "export HF_HUB_CACHE=/home/_shared/hub")
    with pytest.raises(EnvUnresolved, match="does not set to a folder of its own"):
        cache_fallback(alone, "/home/_shared/hub")
    under = _with(SRUN, "export MASTER_PORT=12802",
                  "export HF_HOME=/home/_shared\nexport HF_HUB_CACHE=/home/_shared/hub")
    with pytest.raises(EnvUnresolved, match="does not set to a folder of its own"):
        cache_fallback(under, "/home/_shared/hub")


def test_unwritable_hub_cache_is_dropped_for_the_scripts_hf_home() -> None:
    data = diagnose_log(HF, "PermissionError: /home/_shared/models/hub\n", "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    diff = str(proposed["diff"])  # type: ignore[index]
    assert "-export HF_HUB_CACHE=/home/_shared/models/hub" in diff
    assert "+unset HF_HUB_CACHE" in diff and "-export HF_HOME" not in diff


def test_other_folder_variable_is_a_question() -> None:
    save = _with(SRUN, "export MASTER_PORT=12802", 'SAVE_DIR="/home/uid/sharedscratch/"')
    data = diagnose_log(save, "PermissionError: [Errno 13] Permission denied: '/home/uid'\n",
                        "delta", None, False)
    assert data["proposed"] is None
    asks = [d for d in data["diagnoses"] if d.get("needs")]
    assert asks and asks[0]["record_id"] == "dir-variable-unwritable-ask"


def test_a_script_without_a_launch_is_a_reason_not_a_crash() -> None:
    bare = "#!/bin/bash\nNNODES=2\n"
    with pytest.raises(EnvUnresolved, match="cannot be parsed"):
        forced_by_script(bare, "NCCL_NET", "IB")
    with pytest.raises(EnvUnresolved, match="cannot be parsed"):
        dir_variable(bare, "/home/x")
