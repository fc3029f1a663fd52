"""Helper s36rl37's classes (issue 17): the site's NCCL plugin in place of the job's own build,
a one-process job's env:// world, Slurm QOS minimums (ask), ranks in different collectives,
the Intel OpenMP runtime (templates/failures/rl37_s36.yaml, repair/patch_net_plugin.py)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_net_plugin import site_net_plugin_path
from maple_flow.repair.text import FixNotApplicable

SITE = ['export LD_LIBRARY_PATH="/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:${LD_LIBRARY_PATH:-}"']

PBS = """#!/bin/bash -l
#PBS -l select=4:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
export LD_LIBRARY_PATH=$HOME/aws-ofi-nccl-1.21.1/lib:$NCCL_HOME/lib:$LD_LIBRARY_PATH
export NCCL_NET="AWS Libfabric"
mpiexec -n 16 --ppn 4 python train.py
"""


def test_own_plugin_build_gives_way_to_the_site_plugin() -> None:
    fixed = site_net_plugin_path(PBS, SITE)
    assert ("export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:"
            "$NCCL_HOME/lib:$LD_LIBRARY_PATH") in fixed


def test_site_builds_and_scripts_without_an_own_build_are_left_alone() -> None:
    other_site = PBS.replace("$HOME/aws-ofi-nccl-1.21.1/lib",
                             "/soft/libraries/aws-ofi-nccl/v1.6.0-libfabric-1.22.0/lib")
    with pytest.raises(FixNotApplicable):
        site_net_plugin_path(other_site, SITE)
    with pytest.raises(FixNotApplicable):
        site_net_plugin_path(PBS, [])


def test_polaris_own_plugin_log_gets_the_site_plugin() -> None:
    data = diagnose_log(PBS, "NCCL INFO NET/OFI No eligible providers were found\n",
                        "polaris", None, False)
    assert data["proposed"]["record_id"] == "s36-own-net-plugin-fails-use-site-plugin"
    assert "+export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib" in \
        data["proposed"]["diff"]


SRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
srun python -u train.py
"""


def test_one_process_srun_job_gets_a_one_rank_world() -> None:
    log = ("ValueError: Error initializing torch.distributed using env:// rendezvous: "
           "environment variable WORLD_SIZE expected, but not set\n")
    data = diagnose_log(SRUN, log, "delta", None, False)
    assert data["proposed"]["record_id"] == "s36-one-process-env-rendezvous"
    assert "+export WORLD_SIZE=1" in data["proposed"]["diff"]


@pytest.mark.parametrize(("reason", "record"), [
    ("QOSMinCpuNotSatisfied", "s36-slurm-qos-min-cpu"), ("QOSMinGRES", "s36-slurm-qos-min-gres"),
    ("QOSMinMemory", "s36-slurm-qos-min-memory"), ("QOSMinNode", "s36-slurm-qos-min-node")])
def test_qos_minimum_asks(reason: str, record: str) -> None:
    log = f"   4012345 gpuA100x4    train    alice PD       0:00      1 ({reason})\n"
    data = diagnose_log(SRUN, log, "delta", None, False)
    assert data["proposed"] is None and data["verdict"] == "ask"
    assert data["question"]["record_id"] == record


def test_ranks_in_different_collectives_are_not_the_script() -> None:
    log = ("[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=880, "
           "OpType=ALLREDUCE, NumelIn=4323388, NumelOut=4323388, Timeout(ms)=600000)\n"
           "[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=880, "
           "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000)\n")
    data = diagnose_log(SRUN, log, "delta", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "s36-ranks-in-different-collectives"
    same = log.replace("NumelIn=1, NumelOut=1", "NumelIn=4323388, NumelOut=4323388")
    data = diagnose_log(SRUN, same, "delta", None, False)
    assert all(d["record_id"] != "s36-ranks-in-different-collectives"
               for d in data["diagnoses"])


def test_intel_openmp_runtime_loads_the_oneapi_module() -> None:
    script = """#!/bin/bash
#PBS -l select=1
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -A MyProject
source $HOME/venv/bin/activate
mpiexec -n 1 --ppn 1 python bench.py
"""
    log = "ImportError: libiomp5.so: cannot open shared object file: No such file or directory\n"
    data = diagnose_log(script, log, "aurora", None, False)
    assert data["proposed"]["record_id"] == "s36-intel-openmp-runtime-missing"
    assert "+module load oneapi" in data["proposed"]["diff"]


def test_subshell_steps_in_a_loop_get_exact() -> None:
    from maple_flow.repair.patch_steps import exact_parallel_steps

    script = """#!/bin/bash
#SBATCH -N 4
#SBATCH -t 02:00:00
for d in a b c d; do
  (cd "$d" && srun -N 1 -n 4 -c 32 --gpus-per-node=4 vasp_std > vasp.out 2>&1) &
done
wait
"""
    assert '(cd "$d" && srun --exact -N 1 -n 4' in exact_parallel_steps(script)
    data = diagnose_log(script, "srun: Job step creation temporarily disabled, retrying\n",
                        "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "s34-parallel-steps-without-exact"


def test_one_process_job_of_a_container_tool_gets_a_one_rank_world() -> None:
    script = """#!/bin/bash
#SBATCH -C gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH -t 02:00:00
#SBATCH --image=nersc/pytorch:24.06.01
srun shifter bash -c "uv sync && uv run mytool-train train"
"""
    data = diagnose_log(script, "WORLD_SIZE expected, but not set\n", "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "s36-one-process-env-rendezvous"
    assert "+export WORLD_SIZE=1" in data["proposed"]["diff"]
    several = script.replace("--ntasks-per-node=1", "--ntasks-per-node=4")
    data = diagnose_log(several, "WORLD_SIZE expected, but not set\n", "perlmutter", None, False)
    assert data["proposed"] is None or \
        data["proposed"]["record_id"] != "s36-one-process-env-rendezvous"


def test_xpu_count_zero_is_the_node_unless_the_script_hides_devices() -> None:
    script = """#!/bin/bash
#PBS -l select=1
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -A MyProject
module load frameworks
mpiexec -n 1 --ppn 1 python test_xpu.py
"""
    log = ("UserWarning: XPU device count is zero! (Triggered internally at "
           "c10/xpu/XPUFunctions.cpp:60.)\n")
    data = diagnose_log(script, log, "aurora", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "s36-xpu-no-device-enumerated"
    hidden = script.replace("module load frameworks",
                            "module load frameworks\nexport ZE_AFFINITY_MASK=7")
    data = diagnose_log(hidden, log, "aurora", None, False)
    assert all(d["record_id"] != "s36-xpu-no-device-enumerated"
               for d in data["diagnoses"])


def test_accelerate_single_process_gets_a_one_rank_world() -> None:
    script = SRUN.replace("srun python -u train.py",
                          "accelerate launch --num_processes 1 -m lmms_eval --tasks mme")
    log = "ValueError: environment variable WORLD_SIZE expected, but not set\n"
    data = diagnose_log(script, log, "delta", None, False)
    assert data["proposed"]["record_id"] == "s36-one-process-env-rendezvous"
    multi = script.replace("--num_processes 1", "--multi_gpu --num_processes 1")
    data = diagnose_log(multi, log, "delta", None, False)
    assert data["proposed"] is None or \
        data["proposed"]["record_id"] != "s36-one-process-env-rendezvous"
