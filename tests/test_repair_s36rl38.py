"""Classes of the reallogs38 tune-half misses (helper s36rl38, issue 17): libnccl.so.2
missing in a job that runs its own Python environment (the environment's package, not a
module line), Chapel's OFI heap registration out of memory (CHPL_RT_MAX_HEAP_SIZE), the cxi
memory-registration cache monitor of a CPU job (FI_MR_CACHE_MONITOR=userfaultfd), and an
export above a launcher run by a launch tool (templates/failures/rl38_s36.yaml,
maple_flow/repair/launch_wrapped.py)."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.launch_wrapped import wrapped_launch_line
from maple_flow.repair.patch_env import export_env

SLURM = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=02:00:00
{setup}
srun python -u train.py
"""
CPU = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --time=01:00:00
{setup}
{launch}
"""
NCCL = "ImportError: libnccl.so.2: cannot open shared object file\n"
MR = ("cxil_map: write error\nbackend_ofi.cpp register_memory_impl:394\n"
      "fi_mr_regattr \"Invalid argument\" / \"Bad address\"\n")
HEAP = "OFI error: fi_mr_reg(ofi_domain, ...): Cannot allocate memory\n"


def _answer(script: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _first(script: str, log: str, cluster: str = "delta") -> str:
    answer = _answer(script, log, cluster)
    return str(answer["diagnoses"][0]["record_id"])  # type: ignore[index]


def _fix(script: str, log: str, cluster: str = "delta") -> tuple[str | None, str]:
    proposed = _answer(script, log, cluster).get("proposed") or {}
    assert isinstance(proposed, dict)
    return proposed.get("record_id"), str(proposed.get("diff", ""))


# -- libnccl.so.2 in a Python environment of the job -----------------------------------------
def test_libnccl_missing_in_a_venv_job_is_the_environments_not_a_module_line() -> None:
    script = SLURM.format(setup="source .venv/bin/activate")
    assert _first(script, NCCL) == "nccl-library-missing-from-python-env"
    assert _answer(script, NCCL)["proposed"] is None


def test_libnccl_missing_in_a_conda_job_proposes_no_fix() -> None:
    script = SLURM.format(setup="module load anaconda\nconda activate lmvf")
    assert _answer(script, NCCL + "x\n")["proposed"] is None


def test_libnccl_missing_without_an_environment_keeps_the_module_fix() -> None:
    record, diff = _fix(SLURM.format(setup=""), NCCL)
    assert record == "nccl-library-missing"
    assert "module load" in diff


# -- Chapel's registered heap -------------------------------------------------------------------
def test_chapel_heap_registration_enomem_caps_the_heap() -> None:
    script = CPU.format(setup="export CHPL_LAUNCHER=none", launch="srun ./stream -nl 2")
    record, diff = _fix(script, HEAP, "perlmutter")
    assert record == "chapel-ofi-registration-heap-unbounded"
    assert "+export CHPL_RT_MAX_HEAP_SIZE=50%" in diff


def test_chapel_heap_already_set_is_left_alone() -> None:
    script = CPU.format(setup="export CHPL_RT_MAX_HEAP_SIZE=16g", launch="srun ./stream -nl 2")
    record, _ = _fix(script, HEAP, "perlmutter")
    assert record != "chapel-ofi-registration-heap-unbounded"


def test_heap_enomem_of_a_program_that_is_not_chapel_is_left_alone() -> None:
    record, _ = _fix(CPU.format(setup="", launch="srun ./solver"), HEAP, "perlmutter")
    assert record != "chapel-ofi-registration-heap-unbounded"


# -- the cxi MR cache monitor -------------------------------------------------------------------
def test_cpu_job_registration_efault_over_cxi_sets_the_userfaultfd_monitor() -> None:
    script = CPU.format(setup="export FI_PROVIDER=cxi", launch="srun --mpi=pmix ./ChaNGa x")
    record, diff = _fix(script, MR)
    assert record == "cxi-mr-cache-monitor-cpu-multiproc"
    assert "+export FI_MR_CACHE_MONITOR=userfaultfd" in diff


def test_gpu_job_or_mpi_send_path_registration_failure_is_left_alone() -> None:
    gpu = CPU.format(setup="export FI_PROVIDER=cxi",
                     launch="srun --gpus-per-task=1 ./fmm input.yaml")
    assert _fix(gpu, MR)[0] != "cxi-mr-cache-monitor-cpu-multiproc"
    cpu = CPU.format(setup="export FI_PROVIDER=cxi", launch="srun ./solver")
    send = "cxil_map: write error\nMPIDI_OFI_send_normal: Invalid argument\n"
    assert _fix(cpu, send)[0] != "cxi-mr-cache-monitor-cpu-multiproc"


# -- an export above a launcher run by a launch tool ----------------------------------------------
WRAPPED = """#!/bin/bash
#SBATCH --nodes=2
LOCALES=2
echo "srun starts $LOCALES"
e4s-cl launch --profile p srun --nodes=2 \\
  --export=ALL -- server -nl 2
"""


def test_wrapped_launch_line_is_the_launch_tools_command() -> None:
    assert wrapped_launch_line(WRAPPED) == 5
    assert wrapped_launch_line("#!/bin/bash\nwhich srun\n") is None


def test_export_goes_above_a_wrapped_launcher() -> None:
    out = export_env(WRAPPED, "CHPL_RT_MAX_HEAP_SIZE", "50%")
    lines = out.splitlines()
    assert lines.index("export CHPL_RT_MAX_HEAP_SIZE=50%") < lines.index(
        "e4s-cl launch --profile p srun --nodes=2 \\")


# -- srun --mpi=pmi2 starting each rank as a job of one ------------------------------------------
PMI2 = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --time=00:25:00
srun --mpi=pmi2 -N 2 --ntasks-per-node=1 ./jacobi3d +pe 2
"""
ONE = "Reconverse> Starting Reconverse with 1 process\n"


def test_a_banner_of_one_process_under_a_multi_node_pmi2_step_sets_pmix() -> None:
    record, diff = _fix(PMI2, ONE)
    assert record == "srun-pmi2-ranks-start-as-singletons"
    assert "+srun --mpi=pmix -N 2" in diff


def test_a_banner_of_one_process_in_a_one_task_step_is_left_alone() -> None:
    one_task = PMI2.replace("-N 2 --ntasks-per-node=1", "-n 1")
    assert _fix(one_task, ONE)[0] != "srun-pmi2-ranks-start-as-singletons"
    many = "Reconverse> Starting Reconverse with 2 processes, 16 PEs\n"
    assert _fix(PMI2, many)[0] != "srun-pmi2-ranks-start-as-singletons"


# -- NVSHMEM's libfabric transport in libfabric's old-ABI shim ------------------------------------
NVSHMEM = "fi_control <- fi_dupinfo_ <- fi_getinfo_1_7 <- nvshmemi_libfabric_init_state\n"


def test_nvshmem_crash_in_the_libfabric_abi_shim_asks_for_the_libfabric_module() -> None:
    script = SLURM.format(setup="module load nvshmem/3.2.5-1 nccl/2.24.3")
    answer = _answer(script, NVSHMEM, "perlmutter")
    assert answer["verdict"] == "ask"
    assert answer["diagnoses"][0]["record_id"] == "nvshmem-libfabric-abi-shim-crash"  # type: ignore[index]


def test_nvshmem_crash_with_a_libfabric_module_loaded_is_left_alone() -> None:
    script = SLURM.format(setup="module load libfabric/1.20.1 nvshmem/3.2.5-1")
    assert _first(script, NVSHMEM, "perlmutter") != "nvshmem-libfabric-abi-shim-crash"
