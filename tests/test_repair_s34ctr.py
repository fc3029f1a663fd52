"""Centre-documentation classes of helper s34ctr (templates/failures/ctr_s34.yaml): side-by-side
srun steps without --exact (patch_steps.py), the submit-limit advice naming a missing account,
Cray MPICH's thread-multiple assertion on GH200, the GTL library missing because the script
unloads the accelerator module, NVML's mismatch in a container without --nv, and ASAN's SEGV
under libfabric's memory hook."""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import diagnose_first as _diagnose
from repair_result import family_of as _family

from maple_flow.repair.models import NOT_SCRIPT_FAMILIES
from maple_flow.repair.patch_steps import exact_parallel_steps
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s34ctr_probe" / "scripts"
STEPS = (SCRIPTS / "perlmutter_concurrent_steps.sh").read_text(encoding="utf-8")
GPU = (SCRIPTS / "perlmutter_srun_gpu.sh").read_text(encoding="utf-8")
MPI_APP = (SCRIPTS / "perlmutter_gpu_mpi_app.sh").read_text(encoding="utf-8")
GH200 = (SCRIPTS / "deltaai_gh200_mpi_app.sh").read_text(encoding="utf-8")
POLARIS = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
NO_ACCOUNT = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
BUSY = "srun: Job 1479148 step creation temporarily disabled, retrying (Requested nodes are busy)\n"
LOOP = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
for i in 0 1 2 3; do
  srun -n 1 --gpus-per-task=1 \\
     python run.py --seed $i &
done
wait
"""
MONITOR = "#!/bin/bash\n#SBATCH -N 1\nsrun -n 1 nvidia-smi dmon &\nsrun python train.py\n"
HOSTNAMES = ("#!/bin/bash\n#SBATCH -p shared\nsrun --label hostname &\n"
             "srun --label hostname &\nwait\n")
RAY = ("#!/bin/bash\n#SBATCH --nodes=2\nsrun --nodes=1 --ntasks=1 -w a ray start --head --block &\n"
       "srun --nodes=1 --ntasks=1 -w b ray start --address=a:6379 --block &\n"
       "srun --nodes=1 --ntasks=1 -w a python3 driver.py\nwait\n")
GTL = "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked\n"
ASSERT = ("Assertion failed in file ../src/mpi/init/init_thread_cs.c at line 102: "
          "MPIR_THREAD_GLOBAL_ALLFUNC_MUTEX.count == 0\n")


def test_exact_on_every_side_by_side_step() -> None:
    fixed = exact_parallel_steps(STEPS)
    assert fixed.count("srun --exact -N1") == 4


def test_exact_on_a_step_backgrounded_in_a_loop() -> None:
    assert "  srun --exact -n 1 --gpus-per-task=1 \\\n" in exact_parallel_steps(LOOP)


def test_no_side_by_side_steps_is_not_applicable() -> None:
    with pytest.raises(FixNotApplicable):
        exact_parallel_steps(MONITOR)
    with pytest.raises(FixNotApplicable):
        exact_parallel_steps(STEPS.replace("srun -N1", "srun --overlap -N1"))


def test_step_creation_wait_of_side_by_side_steps_gets_exact() -> None:
    first, data = _diagnose(STEPS, BUSY, "perlmutter")
    assert first == "s34-parallel-steps-without-exact"
    assert "+srun --exact -N1 -n1 -c32" in data["proposed"]["diff"]


def test_step_creation_wait_of_a_monitor_step_keeps_overlap() -> None:
    first, data = _diagnose(MONITOR, BUSY, "perlmutter")
    assert first == "srun-step-creation-wait"
    assert "--overlap" in data["proposed"]["diff"]


def test_steps_asking_no_share_or_ray_services_keep_overlap() -> None:
    for script in (HOSTNAMES, RAY):
        first, data = _diagnose(script, BUSY, "anvil")
        assert first == "srun-step-creation-wait"
        assert "--exact" not in data["proposed"]["diff"]


def test_submit_limit_advice_names_the_missing_account() -> None:
    # s38: on a site whose profile requires an account, a job naming none is asked for it first
    # (slurm-policy-refusal-account-unnamed); the submit-limit record's advice still says so
    _, data = _diagnose(NO_ACCOUNT, "sbatch: error: AssocMaxSubmitJobLimit\n", "delta")
    asks = [d for d in data["diagnoses"] if d.get("needs")]
    assert asks[0]["record_id"] == "slurm-policy-refusal-account-unnamed"
    assert asks[0]["needs"] == ["account"]
    limit = next(d for d in asks if d["record_id"] == "slurm-qos-submit-limit")
    assert "names none" in (limit["advice"] or "")


def test_gh200_thread_sync_assertion_on_deltaai_only() -> None:
    first, data = _diagnose(GH200, ASSERT, "deltaai")
    assert first == "s34-cray-mpich-gh200-thread-sync-assert"
    assert "+export MPICH_OPT_THREAD_SYNC=0" in data["proposed"]["diff"]
    first, data = _diagnose(MPI_APP, ASSERT, "perlmutter")
    assert _family(first) in NOT_SCRIPT_FAMILIES and data.get("proposed") is None


def test_gtl_with_accel_module_unloaded_loads_it_again() -> None:
    script = POLARIS.replace("module use /soft/modulefiles\nmodule load conda\nconda activate\n",
                             "module unload craype-accel-nvidia80\n"
                             "export MPICH_GPU_SUPPORT_ENABLED=1\n")
    first, data = _diagnose(script, GTL, "polaris")
    assert first == "s34-gtl-accel-module-unloaded"
    assert "+module load craype-accel-nvidia80" in data["proposed"]["diff"]
    kept = GPU.replace("export MASTER_PORT=29500", "export MASTER_PORT=29500\n"
                       "export MPICH_GPU_SUPPORT_ENABLED=1")
    first, data = _diagnose(kept, GTL, "perlmutter")
    assert first == "cray-mpich-gtl-not-linked"
    assert "+export MPICH_GPU_SUPPORT_ENABLED=0" in data["proposed"]["diff"]


NVML = "Failed to initialize NVML: Driver/library version mismatch\n"


def test_nvml_mismatch_in_a_container_without_nv_adds_the_flag() -> None:
    script = POLARIS.replace("python train.py",
                             "singularity exec --cleanenv ./cuda.sif python train.py")
    first, data = _diagnose(script, NVML, "polaris")
    assert first == "s34-container-without-nv-nvml-mismatch"
    assert "singularity exec --nv --cleanenv ./cuda.sif" in data["proposed"]["diff"]


def test_nvml_mismatch_with_nv_or_no_container_stays_a_node_fault() -> None:
    for script in (POLARIS, POLARIS.replace("python train.py",
                                            "singularity exec --nv ./cuda.sif python train.py")):
        first, data = _diagnose(script, NVML, "polaris")
        assert first == "nvml-driver-library-mismatch"
        assert data.get("proposed") is None


AURORA = (SCRIPTS / "pbs_aurora_mpiexec.sh").read_text(encoding="utf-8")


def test_asan_segv_at_its_own_pc_switches_libfabric_monitor() -> None:
    log = ("==111900==ERROR: AddressSanitizer: SEGV on unknown address 0x0000000898ce "
           "(pc 0x0000000898ce bp 0x000000000000 sp 0x7ffc1a1e1f38 T0)\n")
    first, data = _diagnose(AURORA, log, "aurora")
    assert first == "s34-asan-libfabric-memhook-segv"
    assert "+export FI_MR_CACHE_MONITOR=userfaultfd" in data["proposed"]["diff"]
    null_read = log.replace("(pc 0x0000000898ce", "(pc 0x55d1c2a3b4c5")
    first, data = _diagnose(AURORA, null_read, "aurora")
    assert first != "s34-asan-libfabric-memhook-segv"
