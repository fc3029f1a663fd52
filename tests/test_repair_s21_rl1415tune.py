"""Records for classes the tune halves of bench/reallogs14 and bench/reallogs15 left
unrecognised or unfixed (issue 17): GPU engine hangs/resets of the kernel driver, Slurm SPANK
plugin set-up failures, enroot's pivot_root on rootfs nodes, an MPI library a conda env
carries (all advice, no fix); MODULEPATH undefined in a non-login batch shell (login shell);
Ray rewriting the ROCm visible devices (RAY_EXPERIMENTAL_NOSET_HIP_VISIBLE_DEVICES=1 above the
first ``ray start``). Wordings are other threads' than the measured ones."""

from __future__ import annotations

import re

import pytest

from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.patch_env import export_env

NEW = load_file(failures_dir() / "s21_rl1415tune.yaml")


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict:
    from maple_flow.cli.repair import diagnose_log

    return diagnose_log(script, log, cluster, None, False)


def test_new_records_are_sourced() -> None:
    assert {r.id for r in NEW} == {
        "gpu-driver-engine-hang-reset", "slurm-spank-plugin-setup-failed",
        "enroot-pivot-root-unsupported", "mpi-library-of-conda-env-crashed",
        "lmod-modulepath-undefined-batch-shell", "ray-rocm-visible-devices-rewritten",
        "wrapper-reads-slurm-nodelist-as-file", "accelerate-deepspeed-openmpi-num-gpus",
        "nccl-nvls-multicast-setup-refused", "entity-launch-relative-program-missing"}
    assert all(len(r.references) >= 2 for r in NEW)


@pytest.mark.parametrize(("record_id", "log", "cluster"), [
    ("gpu-driver-engine-hang-reset",
     "[Mon Jun  1 10:00:01 2026] xe 0000:18:00.0: [drm] Tile1: GT0: Timedout job: seqno=42, "
     "lrc_seqno=42, guc_id=7, flags=0x0 in python [12345]\n", "aurora"),
    ("gpu-driver-engine-hang-reset",
     "kernel: i915 0000:4d:00.0: [drm] GPU HANG: ecode 12:1:85dffffb, in python [2211]\n"
     "kernel: i915 0000:4d:00.0: [drm] Resetting chip for stopped heartbeat on ccs0\n", "aurora"),
    ("gpu-driver-engine-hang-reset",
     "amdgpu 0000:c1:00.0: amdgpu: ring comp_1.0.0 timeout, signaled seq=1, emitted seq=3\n"
     "amdgpu 0000:c1:00.0: amdgpu: GPU reset begin!\n", "perlmutter"),
    ("slurm-spank-plugin-setup-failed",
     "slurmstepd: error: spank: required plugin libspank_example.so: init() failed with "
     "rc=-1\nslurmstepd: error: Plugin stack initialization failed.\n", "delta"),
    ("enroot-pivot-root-unsupported",
     "slurmstepd: error: pyxis:     enroot-switchroot: failed to switch root: "
     "/tmp/enroot-data/user-1000/pyxis_12.0: Invalid argument\n", "delta"),
    ("nccl-nvls-multicast-setup-refused",
     "gpu-7:1200:1290 [3] transport/nvls.cc:598 NCCL WARN Cuda failure 800 'operation not "
     "permitted'\ngpu-7:1200:1290 [3] NCCL INFO init.cc:1138 -> 1\n", "delta"),
    ("mpi-library-of-conda-env-crashed",
     "[node7:22817] *** Process received signal ***\n"
     "[node7:22817] Signal: Segmentation fault (11)\n"
     "[node7:22817] [ 3] /home/u/miniconda3/envs/sim/lib/libmpi.so.40(ompi_mpi_init+0x9c1)"
     "[0x7f1c2a0b3c11]\n", "polaris"),
])
def test_not_script_wording_is_recognised_with_advice(record_id: str, log: str,
                                                      cluster: str) -> None:
    ev = FailureEvidence(cluster=cluster, scheduler="slurm", stderr=log)
    found = classify(ev)
    assert found and (found[0].record_id, found[0].method) == (record_id, "signature"), [
        (d.record_id, d.method) for d in found[:3]]
    assert found[0].verdict == "not_script"
    assert not found[0].fix.ops and found[0].fix.advice


@pytest.mark.parametrize(("record_id", "log"), [
    # the user's container failing to start (its image, its entrypoint) is no site plugin fault
    ("slurm-spank-plugin-setup-failed",
     "error: pyxis: couldn't start container\n"
     "error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1\n"),
    # the site's own MPI crashing is not a conda environment's
    ("mpi-library-of-conda-env-crashed",
     "[n1:1234] [ 1] /opt/cray/pe/mpich/8.1.28/ofi/gnu/12.3/lib/libmpi_gnu_123.so.12(+0x1a2b3c)"
     "[0x7f0012]\n"),
    ("gpu-driver-engine-hang-reset",
     "i915 0000:00:02.0: [drm] GT0: GuC firmware i915/adlp_guc_70.bin version 70.5.1\n"),
])
def test_lookalikes_are_not_these_records(record_id: str, log: str) -> None:
    found = classify(FailureEvidence(cluster="delta", scheduler="slurm", stderr=log))
    assert not found or found[0].record_id != record_id


_PBS = """#!/bin/bash
#PBS -l select=2
#PBS -l walltime=01:00:00
#PBS -A myproj
module load frameworks
mpiexec -n 24 --ppn 12 python train.py
"""
_NO_MODULEPATH = ('Lmod Warning: MODULEPATH is undefined.\n'
                  'Lmod has detected the following error: The following module(s) are unknown: '
                  '"frameworks"\nModuleNotFoundError: No module named \'torch\'\n')


def test_modulepath_undefined_runs_the_script_in_a_login_shell() -> None:
    data = _diagnose(_PBS, _NO_MODULEPATH, "aurora")
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == "lmod-modulepath-undefined-batch-shell"
    assert re.search(r"(?m)^\+#!/bin/bash -l$", proposed["diff"]), proposed["diff"]


def test_modulepath_undefined_in_a_login_shell_is_not_this_fix() -> None:
    script = _PBS.replace("#!/bin/bash\n", "#!/bin/bash -l\n")
    proposed = _diagnose(script, _NO_MODULEPATH, "aurora")["proposed"]
    assert proposed is None or proposed["record_id"] != "lmod-modulepath-undefined-batch-shell"


_RAY = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
nodes=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))
head_ip=$(srun --nodes=1 --ntasks=1 -w "${nodes[0]}" hostname --ip-address)
srun --nodes=1 --ntasks=1 -w "${nodes[0]}" ray start --head --port=6379 --block &
sleep 30
srun --nodes=1 --ntasks=1 -w "${nodes[1]}" ray start --address="$head_ip:6379" --block &
sleep 30
python3 -m sglang_rl.train --tp 4 --nodes 2
"""
_ORDINAL = ("(SGLangEngine pid=4411) RuntimeError: HIP error: invalid device ordinal\n"
            "HIP kernel errors might be asynchronously reported at some other API call\n")


def test_ray_rocm_ordinal_exports_noset_above_the_first_ray_start() -> None:
    data = _diagnose(_RAY, _ORDINAL)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == "ray-rocm-visible-devices-rewritten"
    diff = proposed["diff"]
    assert re.search(r"(?m)^\+export RAY_EXPERIMENTAL_NOSET_HIP_VISIBLE_DEVICES=1$", diff), diff
    after = diff.split("+export RAY_EXPERIMENTAL_NOSET_HIP_VISIBLE_DEVICES=1", 1)[1]
    assert "ray start --head" in after, diff  # above the head's start, not between the two


def test_ordinal_errors_without_ray_or_on_cuda_are_not_this_fix() -> None:
    no_ray = "\n".join(line for line in _RAY.splitlines() if "ray start" not in line) + "\n"
    proposed = _diagnose(no_ray, _ORDINAL)["proposed"]
    assert proposed is None or proposed["record_id"] != "ray-rocm-visible-devices-rewritten"
    cuda = _ORDINAL.replace("HIP error", "CUDA error")
    proposed = _diagnose(_RAY, cuda)["proposed"]
    assert proposed is None or proposed["record_id"] != "ray-rocm-visible-devices-rewritten"


def test_export_goes_above_the_first_ray_start_of_any_variable() -> None:
    out = export_env(_RAY, "NCCL_DEBUG", "INFO")
    lines = out.splitlines()
    at = lines.index("export NCCL_DEBUG=INFO")
    first_start = next(i for i, line in enumerate(lines) if "ray start" in line)
    assert at < first_start, out


def test_export_without_ray_keeps_its_place_above_the_launch() -> None:
    out = export_env(_PBS, "NCCL_DEBUG", "INFO")
    lines = out.splitlines()
    assert lines.index("export NCCL_DEBUG=INFO") == lines.index(
        "mpiexec -n 24 --ppn 12 python train.py") - 1, out


_SRUN_APP = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=64
#SBATCH --time=01:00:00
module load openmpi
app-run -np 128 case.json
"""
_NODELIST_FILE = "cat: gpu-a[017,019-020]: No such file or directory\nNo nodes are available\n"


def test_a_wrapper_reading_the_node_list_as_a_file_is_not_the_scripts() -> None:
    data = _diagnose(_SRUN_APP, _NODELIST_FILE)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "wrapper-reads-slurm-nodelist-as-file"
    assert data["diagnoses"][0]["verdict"] == "not_script"


def test_the_scripts_own_cat_of_the_node_list_is_not_the_wrappers() -> None:
    script = _SRUN_APP.replace("app-run", 'cat $SLURM_JOB_NODELIST > hosts\napp-run')
    data = _diagnose(script, _NODELIST_FILE)
    assert not data["diagnoses"] or \
        data["diagnoses"][0]["record_id"] != "wrapper-reads-slurm-nodelist-as-file"


_ACCEL = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
accelerate launch --use_deepspeed --deepspeed_multinode_launcher openmpi \\
    --deepspeed_hostfile hosts --num_machines 2 --num_processes 8 sft.py
"""
_OPENMPI_LIMIT = ("  File \"/u/env/lib/python3.11/site-packages/deepspeed/launcher/"
                  "multinode_runner.py\", line 141, in validate_args\n"
                  "ValueError: openmpi backend does not support limiting num nodes/gpus\n")


def test_accelerate_building_num_gpus_for_the_openmpi_runner_is_accelerates() -> None:
    data = _diagnose(_ACCEL, _OPENMPI_LIMIT)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "accelerate-deepspeed-openmpi-num-gpus"
    assert data["diagnoses"][0]["verdict"] == "not_script"


def test_deepspeed_run_directly_is_not_accelerates_bug() -> None:
    script = _ACCEL.replace("accelerate launch --use_deepspeed --deepspeed_multinode_launcher "
                            "openmpi", "deepspeed --launcher openmpi --num_gpus 4")
    data = _diagnose(script, _OPENMPI_LIMIT)
    assert not data["diagnoses"] or \
        data["diagnoses"][0]["record_id"] != "accelerate-deepspeed-openmpi-num-gpus"


_MPIRUN = """#!/bin/bash
#PBS -l select=1:ncpus=32
#PBS -l walltime=01:00:00
cd $PBS_O_WORKDIR
mpirun -np 4 build/bin/solver --input case.yaml
"""


def test_a_relative_program_path_not_found_asks_for_the_path_at_its_line() -> None:
    log = ("./job.sh: 5: ./job.sh: build/bin/solver: not found\n"
           "mpirun was unable to launch the specified application as it could not find an "
           "executable\n")
    data = _diagnose(_MPIRUN, log, "polaris")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "entity-launch-relative-program-missing"
    assert "path" in (data.get("why_none") or "") and "line 5" in data["why_none"]
