"""s32wrong: a fix keeps the user's own request or asks for it - a Slurm time refusal of a
script without a time is a question, a time within the queue's limit gets no fix, and a GRES
rewrite never cuts the per-node GPUs the script asks (the whole fix is dropped then)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.resolve import Context, Unresolved, fill, resolve_fix

_JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
{gpus}
{time}
torchrun --standalone --nnodes=1 --nproc_per_node=8 train.py
"""
_TIME_LOG = ("sbatch: error: Batch job submission failed: Requested time limit is invalid "
             "(missing or exceeds some limit)\n")
_GRES_LOG = "sbatch: error: Invalid generic resource (gres) specification\n"


def _script(gpus: str = "#SBATCH --gpus-per-node=4", time: str = "#SBATCH --time=01:00:00") -> str:
    return _JOB.format(gpus=gpus, time=time)


def _ctx(script: str) -> Context:
    return Context(profile=get_profile("delta"), script=script)


def test_walltime_refused_lowers_only_a_time_over_the_limit() -> None:
    assert fill("{walltime:refused}", _ctx(_script(time="#SBATCH --time=96:00:00"))) == "48:00:00"


def test_walltime_refused_asks_when_the_script_sets_no_time() -> None:
    with pytest.raises(Unresolved) as exc:
        fill("{walltime:refused}", _ctx(_script(time="")))
    assert exc.value.need == "walltime"


def test_walltime_refused_is_unresolved_within_the_limit() -> None:
    with pytest.raises(Unresolved) as exc:
        fill("{walltime:refused}", _ctx(_script(time="#SBATCH --time=16:00:00")))
    assert not exc.value.need


def test_gpus_kept_keeps_or_refuses() -> None:
    assert fill("{gpus:kept}", _ctx(_script(gpus="#SBATCH --gres=gpu:2"))) == "2"
    assert fill("{gpus:kept}", _ctx(_script(gpus=""))) == "4"
    with pytest.raises(Unresolved):
        fill("{gpus:kept}", _ctx(_script(gpus="#SBATCH --gres=gpu:8")))


def test_a_whole_placeholder_drops_the_other_ops() -> None:
    fix = [{"op": "remove_directive", "option": "gres"},
           {"op": "set_directive", "option": "gpus-per-node", "value": "{gpus:kept}"}]
    ops, _needs, unresolved = resolve_fix(fix, _ctx(_script(gpus="#SBATCH --gres=gpu:8")))
    assert ops == [] and unresolved
    ops, _needs, unresolved = resolve_fix(fix, _ctx(_script(gpus="#SBATCH --gres=gpu:2")))
    assert len(ops) == 2 and not unresolved


def test_time_refusal_without_a_time_asks() -> None:
    data = diagnose_log(_script(time=""), _TIME_LOG, "delta", None, False)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["needs"] == ["walltime"]


def test_time_refusal_within_the_limit_proposes_nothing() -> None:
    data = diagnose_log(_script(time="#SBATCH --time=16:00:00"), _TIME_LOG, "delta", None, False)
    assert data["proposed"] is None


def test_time_refusal_over_the_limit_still_lowers_it() -> None:
    data = diagnose_log(_script(time="#SBATCH --time=96:00:00"), _TIME_LOG, "delta", None, False)
    assert data["proposed"] and "+#SBATCH --time=48:00:00" in data["proposed"]["diff"]


def test_gres_refusal_never_cuts_the_users_gpus() -> None:
    data = diagnose_log(_script(gpus="#SBATCH --gres=gpu:8"), _GRES_LOG, "delta", None, False)
    assert data["proposed"] is None


def test_gres_refusal_of_a_count_a_node_has_still_respells_it() -> None:
    data = diagnose_log(_script(gpus="#SBATCH --gres=gpu:2"), _GRES_LOG, "delta", None, False)
    assert data["proposed"] and "+#SBATCH --gpus-per-node=2" in data["proposed"]["diff"]


_PETSC_LOG = (
    "[3]PETSC ERROR: PETSc is configured with GPU support, but your MPI is not GPU-aware. "
    "For better performance, please use a GPU-aware MPI.\n"
    "[3]PETSC ERROR: For Cray-MPICH, you need to set MPICH_GPU_SUPPORT_ENABLED=1 "
    "(man mpi to see manual of cray-mpich)\n")


def test_prescribed_reads_only_prescriptive_wording() -> None:
    from maple_flow.repair.log_values import prescribed

    assert prescribed(_PETSC_LOG) == {"MPICH_GPU_SUPPORT_ENABLED": {"1"}}
    assert prescribed("try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid") \
        == {"PYTORCH_CUDA_ALLOC_CONF": {"expandable_segments:true"}}
    assert prescribed("NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0\n"
                      "+ export NCCL_SOCKET_IFNAME=eth0\n") == {}


def test_an_export_against_the_logs_own_value_is_dropped() -> None:
    from maple_flow.repair.evidence_gate import untied
    from maple_flow.repair.ops import ExportEnv

    wrong = ExportEnv(op="export_env", name="MPICH_GPU_SUPPORT_ENABLED", value="0")
    right = ExportEnv(op="export_env", name="MPICH_GPU_SUPPORT_ENABLED", value="1")
    ops, need, why = untied([wrong], _PETSC_LOG, "#!/bin/bash\nsrun ./ex1p\n")
    assert ops == [] and need is None and "MPICH_GPU_SUPPORT_ENABLED=1" in why
    assert untied([right], _PETSC_LOG, "#!/bin/bash\nsrun ./ex1p\n")[0] == [right]


def test_petsc_gpu_aware_log_gets_no_contrary_fix() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -C gpu\n#SBATCH --gpus-per-node=4\n"
              "#SBATCH -t 01:00:00\nmodule load PrgEnv-gnu cudatoolkit cray-mpich\n"
              "srun ./ex1p -m star.mesh --usepetsc --device cuda\n")
    data = diagnose_log(script, _PETSC_LOG, "perlmutter", None, False)
    proposed = data["proposed"]
    assert proposed is None or "MPICH_GPU_SUPPORT_ENABLED=0" not in proposed["diff"]


def test_srun_colossalai_run_per_gpu_task_is_several_launchers() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n"
              "#SBATCH --time=01:00:00\n"
              "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)\n"
              "export MASTER_PORT=29601\n"
              "srun colossalai run --nproc_per_node 8 --master_addr \"$MASTER_ADDR\" "
              "--master_port \"$MASTER_PORT\" pretrain.py\n")
    log = ("RuntimeError: The server socket has failed to listen on any local network address. "
           "The server socket has failed to bind to [::]:29601 (errno: 98 - Address already "
           "in use).\n")
    data = diagnose_log(script, log, "delta", None, False)
    assert data["proposed"]["record_id"] == "several-launchers-per-node"
    one = script.replace("--ntasks-per-node=8", "--ntasks-per-node=1")
    assert diagnose_log(one, log, "delta", None, False)["proposed"]["record_id"] == "port-in-use"
