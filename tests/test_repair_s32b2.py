"""The job's software environment and runtime (issue 17, round 3, s32b2;
templates/failures/s32_b2.yaml, bench/s32b2_probe):

- an MPI library no MPI module of the job provides: the answer asks for the module (never a
  guessed one); a script that loads an MPI, activates conda or runs mpirun is another record's;
- the activated conda environment's libstdc++/libmpi not found first: advice only (a repair
  never sets a loader variable); the environment's own libstdc++ older than a system library's
  need, a torch that needs a newer NCCL, an OFI transfer completed with an error, a registry
  that answers with an unreadable manifest, a module's own dependency the site no longer has:
  not the script (recognised, no fix);
- the pyxis image import killed for memory: --mem=0, without the confirm_memory question.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.matching import named_in_script

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
SINGLE = (SCRIPTS / "torchrun_single.sh").read_text(encoding="utf-8")
PORT = "export MASTER_PORT=12802"
CONDA = SRUN_PY.replace(PORT, PORT + "\nsource ~/miniconda3/etc/profile.d/conda.sh\n"
                        "conda activate sim")
PYXIS = SRUN_PY.replace("srun python -u", 'srun --container-image="$CONT" python -u')
LIBMPI = "ImportError: libmpi.so.40: cannot open shared object file: No such file or directory\n"


def _run(script: str, log: str) -> dict[str, object]:
    return diagnose_log(script, log, "delta", None, False)


def test_mpi_library_without_mpi_module_asks_for_the_module() -> None:
    result = _run(SRUN_PY, LIBMPI)
    first = _first(result)
    assert first["record_id"] == "mpi-library-missing-no-mpi-module"
    assert "mpi_module" in (first.get("needs") or [])
    assert result.get("proposed") is None


@pytest.mark.parametrize("extra", ["module load openmpi/4.1.6", "mpirun -np 1 true",
                                   "apptainer exec img.sif true"])
def test_mpi_library_record_leaves_other_shapes(extra: str) -> None:
    result = _run(SRUN_PY.replace(PORT, PORT + "\n" + extra), LIBMPI)
    ids = [d["record_id"] for d in result["diagnoses"]]  # type: ignore[union-attr]
    assert "mpi-library-missing-no-mpi-module" not in ids


def test_conda_env_library_not_first_is_advice_only() -> None:
    for log in (LIBMPI, "ImportError: /lib64/libstdc++.so.6: version `GLIBCXX_3.4.30' not found\n"):
        result = _run(CONDA, log)
        first = _first(result)
        assert first["record_id"] == "conda-env-runtime-library-not-first"
        assert result.get("proposed") is None
        assert "LD_LIBRARY_PATH" not in _diff(result)


def test_conda_env_libstdcxx_older_than_system_library_is_not_script() -> None:
    log = ("ImportError: /home/u/conda3/envs/x/lib/libstdc++.so.6: version `GLIBCXX_3.4.30' "
           "not found (required by /opt/xilinx/xrt/lib/libxrt_coreutil.so.2)\n")
    result = _run(CONDA, log)
    assert _first(result)["record_id"] == "conda-env-libstdcxx-older-than-system-library"
    assert _first(result)["verdict"] == "not_script"
    assert result.get("proposed") is None


def test_pyxis_import_killed_for_memory_asks_the_whole_node_memory() -> None:
    log = ("slurmstepd: error: pyxis: child 12455 failed with error code: 137\n"
           "slurmstepd: error: pyxis: failed to import docker image\n"
           "slurmstepd: error: Detected 1 oom_kill event in StepId=1054.0. Some of the step "
           "tasks have been OOM Killed.\nsrun: error: ana: task 0: Out Of Memory\n")
    result = _run(PYXIS, log)
    assert _first(result)["record_id"] == "pyxis-image-import-killed-for-memory"
    assert "+#SBATCH --mem=0" in _diff(result)


@pytest.mark.parametrize("log, record", [
    ("error: pyxis:     [INFO] Fetching image manifest list\n"
     "error: pyxis:     [ERROR] Could not process JSON input\n", "registry-manifest-unreadable"),
    ("x:1:2 [0] NCCL WARN NET/OFI Request 0x7f00 completed with error. RC: 103. Error: 4126\n",
     "nccl-ofi-request-completed-with-error"),
    ("ImportError: /v/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined "
     "symbol: ncclCommRegister\n", "torch-needs-newer-nccl-than-installed"),
])
def test_not_script_runtime_failures_are_recognised(log: str, record: str) -> None:
    script = PYXIS if "pyxis" in log else SINGLE
    result = _run(script, log)
    assert _first(result)["record_id"] == record
    assert _first(result)["verdict"] == "not_script"
    assert result.get("proposed") is None


def test_torch_nccl_symbol_with_an_nccl_module_is_not_the_install() -> None:
    script = SINGLE.replace("torchrun --", "module load nccl/2.18\ntorchrun --", 1)
    log = ("ImportError: /v/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined "
           "symbol: ncclCommRegister\n")
    ids = [d["record_id"] for d in _run(script, log)["diagnoses"]]  # type: ignore[union-attr]
    assert "torch-needs-newer-nccl-than-installed" not in ids


def test_module_dependency_unknown_to_site_only_when_the_script_never_names_it() -> None:
    script = SRUN_PY.replace(PORT, PORT + "\nmodule load conda/2025-09-25")
    log = 'The following module(s) are unknown: "gcc-native/14.2"\n'
    first = _first(_run(script, log))
    assert (first["record_id"], first["verdict"]) == ("module-dependency-unknown-to-site",
                                                      "not_script")
    own = SRUN_PY.replace(PORT, PORT + "\nmodule load gcc-native/14.2")
    lmod = "Lmod has detected the following error: " + log
    ids = [d["record_id"] for d in _run(own, lmod)["diagnoses"]]  # type: ignore[union-attr]
    assert "module-dependency-unknown-to-site" not in ids


def test_named_in_script_reads_code_not_comments() -> None:
    script = "module load conda/2025 # gcc-native\n"
    assert not named_in_script("gcc-native/14.2", script)
    assert named_in_script("conda/2024", script)
    assert named_in_script(None, script)


APPT = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n"
        "srun apptainer exec --nv {opts}--bind /scratch img.sif \\\n    python train.py --cpus 3\n")
CGROUP = ("FATAL:   container creation failed: while applying cgroups config: while setting "
          "cgroup limits: openat2 /sys/fs/cgroup/user.slice/apptainer-1.scope/cpu.max: no such "
          "file or directory\n")


def test_cgroup_limits_come_off_the_apptainer_command_only() -> None:
    result = _run(APPT.format(opts="--cpus 8 --memory=64G "), CGROUP)
    assert _first(result)["record_id"] == "apptainer-cgroup-limits-not-applicable"
    diff = _diff(result)
    assert "+srun apptainer exec --nv --bind /scratch img.sif \\" in diff
    assert "python train.py --cpus 3" in diff and "+    python" not in diff


def test_cgroup_error_without_limit_options_is_not_this_record() -> None:
    ids = [d["record_id"] for d in _run(APPT.format(opts=""), CGROUP)["diagnoses"]]  # type: ignore[union-attr]
    assert "apptainer-cgroup-limits-not-applicable" not in ids


def test_container_drop_limits_refuses_a_script_without_them() -> None:
    from maple_flow.repair.patch_container_limits import container_drop_limits
    from maple_flow.repair.text import FixNotApplicable

    with pytest.raises(FixNotApplicable):
        container_drop_limits(APPT.format(opts=""))
    assert "--cpus" not in container_drop_limits('singularity run --cpus="2" x.sif python a.py\n')
