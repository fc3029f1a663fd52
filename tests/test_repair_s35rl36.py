"""Classes of the reallogs36 tune misses (issue 17, helper s35rl36; records in
templates/failures/rl36_s35.yaml): a venv on a module Python activated without the module
(libpython missing), tensor-parallel comm overlap hanging the first collectives, profiler
counters held by the node's monitor (not the script), and MASTER_PORT read as 'None' by the
env:// rendezvous (record master-addr-not-set). Wordings are the probe's
(bench/s35rl36_probe), not the cases'."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.resolve_python import python_module

NEW = load_file(failures_dir() / "rl36_s35.yaml")

VENV = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n"
        "#SBATCH --time=02:00:00\n{setup}source $HOME/proj/venv/bin/activate\n"
        "srun python -u train.py\n")
LIBPY = ("python3: error while loading shared libraries: libpython3.7m.so.1.0: cannot open "
         "shared object file: No such file or directory.\n")


def _first(script: str, log: str, cluster: str = "delta") -> tuple[str, str]:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    return (found[0].record_id, found[0].verdict) if found else ("", "")


def test_records_are_sourced_and_signature_only() -> None:
    assert {r.id for r in NEW} == {"venv-python-module-not-loaded", "model-input-over-token-limit",
                                   "tp-comm-overlap-collective-hang",
                                   "profiler-counters-held-by-node-monitor"}
    assert all(r.references and r.signature_only for r in NEW)


def test_venv_python_gets_the_python_module_before_its_activation() -> None:
    libpy = LIBPY.replace("3.7m", "3.11")
    data = diagnose_log(VENV.format(setup=""), libpy, "vista", None, False)
    assert data["proposed"]["record_id"] == "venv-python-module-not-loaded"
    after = [line[1:] for line in data["proposed"]["diff"].splitlines()
             if line.startswith("+") and not line.startswith("+++")]
    assert after == ["module load python3/3.11.8"]


@pytest.mark.parametrize("cluster", ["delta", "stampede3"])
def test_venv_python_module_without_a_version_is_not_guessed(cluster: str) -> None:
    """The site's python module has no version in the profile: its default may not be the
    venv's 3.7, so no module is loaded and the answer names the version needed."""
    data = diagnose_log(VENV.format(setup=""), LIBPY, cluster, None, False)
    assert data["proposed"] is None
    assert "Python 3.7" in str(data)


@pytest.mark.parametrize(("setup", "log"), [
    ("module load python/3.11\n", LIBPY),  # the module is loaded: something else
    ("", "python: error while loading shared libraries: libcudart.so.12: cannot open shared "
         "object file: No such file or directory\n"),  # a CUDA library, not libpython
])
def test_venv_python_record_keeps_off(setup: str, log: str) -> None:
    assert _first(VENV.format(setup=setup), log)[0] != "venv-python-module-not-loaded"


def test_no_venv_no_module_guess() -> None:
    script = VENV.replace("source $HOME/proj/venv/bin/activate\n", "")
    assert _first(script, LIBPY)[0] != "venv-python-module-not-loaded"


PYXIS = ("#!/bin/bash\n#SBATCH --nodes=4\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
         "#SBATCH --time=01:00:00\nCONT=nvcr.io#nvidia/nemo:25.04\n{env}"
         "srun --container-image=\"$CONT\" python /workspace/pretrain.py\n")
WATCHDOG = ("[rank12]:[E ProcessGroupNCCL.cpp:655] [Rank 12] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=3, OpType=ALLGATHER, NumelIn=8, NumelOut=64, "
            "Timeout(ms)=600000) ran for 600012 milliseconds before timing out.\n")


def test_tp_comm_overlap_turned_off_when_the_script_turns_it_on() -> None:
    data = diagnose_log(PYXIS.format(env="export TP_COMM_OVERLAP=true\n"), WATCHDOG, "deltaai",
                        None, False)
    assert data["proposed"]["record_id"] == "tp-comm-overlap-collective-hang"
    assert "+export TP_COMM_OVERLAP=False" in data["proposed"]["diff"]


def test_watchdog_without_tp_overlap_is_not_that_record() -> None:
    assert _first(PYXIS.format(env=""), WATCHDOG, "deltaai")[0] != \
        "tp-comm-overlap-collective-hang"


@pytest.mark.parametrize("log", [
    "NVIDIA GeForce RTX 5090 - Already under profiling\n",
    "==ERROR== An error was reported by the driver:\n==ERROR== Profiling failed because a driver "
    "resource was unavailable.\nEnsure that no other tool (like DCGM) is concurrently collecting\n"
    "profiling data.\n",
])
def test_profiler_counters_held_is_not_the_script(log: str) -> None:
    script = VENV.format(setup="").replace("python -u train.py", "ncu --set basic ./a.out")
    assert _first(script, log) == ("profiler-counters-held-by-node-monitor", "not_script")
    assert diagnose_log(script, log, "delta", None, False)["proposed"] is None


def test_profiler_permission_is_another_class() -> None:
    log = ("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU "
           "Performance Counters on the target device 0.\n")
    assert _first(VENV.format(setup=""), log)[0] != "profiler-counters-held-by-node-monitor"


PBS = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n"
       "#PBS -A MyProject\ncd ${{PBS_O_WORKDIR}}\nmodule use /soft/modulefiles\n"
       "module load conda\nconda activate\n"
       "{port}mpiexec -n 8 --ppn 4 --depth=16 --cpu-bind depth python3 -m ezpz.examples.test\n")
PORT_NONE = ("    master_port = int(_get_env_or_raise(\"MASTER_PORT\"))\n"
             "ValueError: invalid literal for int() with base 10: 'None'\n")


def test_master_port_none_exports_a_port() -> None:
    data = diagnose_log(PBS.format(port=""), PORT_NONE, "polaris", None, False)
    assert data["proposed"]["record_id"] == "master-addr-not-set"
    assert "+export MASTER_PORT=" in data["proposed"]["diff"]


@pytest.mark.parametrize(("port", "log"), [
    ("export MASTER_PORT=29500\n", PORT_NONE),  # the script sets one: another cause
    ("", "ValueError: invalid literal for int() with base 10: 'None'\n"),  # not the port
])
def test_master_port_none_keeps_off(port: str, log: str) -> None:
    assert _first(PBS.format(port=port), log, "polaris")[0] != "master-addr-not-set"


@pytest.mark.parametrize(("available", "wanted", "module"), [
    (["gcc", "python3", "python3/3.11.8", "python3/3.12.4"], "3.12", "python3/3.12.4"),
    (["cray-python/3.11.7", "cray-python/3.9.13.1"], "3.9", "cray-python/3.9.13.1"),
])
def test_python_module_of_the_venvs_version(available: list[str], wanted: str,
                                            module: str) -> None:
    assert python_module(available, [], wanted) == module


def test_python_module_of_another_version_is_never_loaded() -> None:
    with pytest.raises(ValueError, match=r"no Python 3\.12"):
        python_module(["python3", "python3/3.11.8"], ["python3"], "3.12")
    with pytest.raises(ValueError, match=r"needs Python 3\.6.*no version"):
        python_module(["gcc", "python", "cuda"], ["python"], "3.6")
    libpy = LIBPY.replace("3.7m", "3.12")
    data = diagnose_log(VENV.format(setup=""), libpy, "vista", None, False)
    assert data["proposed"] is None


@pytest.mark.parametrize("log", [
    "AssertionError: venusfold scaled model does not support n_token > 2560.\n",
    "chai_lab.chai1.UnsupportedInputError: Too many tokens in input: 4775 > 2048. Please limit "
    "the length of the input sequence.\n",
])
def test_model_input_over_its_token_limit_is_not_the_script(log: str) -> None:
    assert _first(VENV.format(setup=""), log) == ("model-input-over-token-limit", "not_script")


def test_a_serving_length_the_script_may_set_is_not_that_record() -> None:
    log = ("ValueError: The decoder prompt (length 9000) is longer than the maximum model "
           "length of 8192.\n")
    assert _first(VENV.format(setup=""), log)[0] != "model-input-over-token-limit"


def test_libpython_missing_on_other_tasks_only_is_propagation() -> None:
    script = VENV.format(setup="").replace("--nodes=1", "--nodes=2")
    log = (LIBPY + "srun: error: nid001236: tasks 1-3: Exited with exit code 127\n")
    assert _first(script, log)[0] == "env-not-propagated-srun"
