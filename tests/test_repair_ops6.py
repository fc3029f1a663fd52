"""Ops on users' script shapes (issue 17, reallogs6 tune misses): maple's own variables never
go into a user's script; the program's own per-node count follows the launcher's."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest
from pydantic import ValidationError

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import Fix, FixNotApplicable, apply_fix
from maple_flow.repair import ops as o

APPTAINER = """#!/bin/bash
#SBATCH -A abc123
#SBATCH -p gh
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH -t 00:30:00
module load tacc-apptainer
srun apptainer exec --bind "$SCRATCH" img.sif python3 fit.py --steps 10
"""

BODY = """#!/bin/bash
#SBATCH --account=a1
#SBATCH --nodes=1
#SBATCH --gpus-per-node=2
#SBATCH --time=00:20:00
srun --ntasks-per-node=1 bash -c "torchrun --nproc-per-node=4 seg/run.py --nproc-per-node=4 -c x"
"""

DEEPSPEED = """#!/bin/bash
#SBATCH --account=a1
#SBATCH --nodes=1
#SBATCH --gpus-per-node=2
#SBATCH --time=00:20:00
deepspeed --num_gpus 4 pretrain.py --num_gpus 4 --world 4 --lr 1e-4
"""


def _fix(*ops: Any) -> Fix:
    return Fix(record_id="test", cause="a test of the patcher", ops=list(ops))


def _parses(text: str) -> bool:
    return subprocess.run(["bash", "-n"], input=text, text=True).returncode == 0


def test_set_backend_without_program_argument_writes_no_maple_variable() -> None:
    with pytest.raises(FixNotApplicable, match="no backend argument"):
        apply_fix(APPTAINER, _fix(o.SetBackend(backend="nccl")), get_profile("vista"))


@pytest.mark.parametrize("name", ["MAPLE_MINIAPP_BACKEND", "MAPLE_ANYTHING", "maple_x"])
def test_maple_variables_are_refused_by_every_env_op(name: str) -> None:
    with pytest.raises(ValidationError, match="maple's own variable"):
        o.ExportEnv(name=name, value="nccl")
    with pytest.raises(ValidationError, match="maple's own variable"):
        o.PropagateEnv(launcher="mpirun", names=[name])


def test_program_count_follows_torchrun_in_a_bash_c_body() -> None:
    patched = apply_fix(BODY, _fix(o.SetLauncherArg(
        launcher="torchrun", name="--nproc_per_node", value="2")), get_profile("anvil"))
    assert "torchrun --nproc-per-node=2 seg/run.py --nproc-per-node=2 -c x" in patched
    assert _parses(patched)


def test_program_count_follows_deepspeed_and_other_values_stay() -> None:
    patched = apply_fix(DEEPSPEED, _fix(o.SetGpusPerNode(gpus_per_node=2)),
                        get_profile("delta"))
    assert "deepspeed --num_gpus 2 pretrain.py --num_gpus 2 --world 4 --lr 1e-4" in patched
    assert _parses(patched)


def test_program_count_with_another_value_is_not_touched() -> None:
    script = DEEPSPEED.replace("pretrain.py --num_gpus 4", "pretrain.py --num_gpus 8")
    patched = apply_fix(script, _fix(o.SetLauncherArg(
        launcher="deepspeed", name="--num_gpus", value="2")), get_profile("delta"))
    assert "deepspeed --num_gpus 2 pretrain.py --num_gpus 8 --world 4" in patched


OLD_SLURM = """#!/bin/bash
#SBATCH --job-name=seg
#SBATCH --nodes=2
#SBATCH --gpus=8
#SBATCH --time=01:00:00
srun --ntasks-per-node=4 --gpus-per-node=4 python seg.py --bs 8
"""


def test_gres_gpus_rewrites_directive_and_srun_per_node() -> None:
    patched = apply_fix(OLD_SLURM, _fix(o.GresGpus()), get_profile("anvil"))
    assert "#SBATCH --gres=gpu:4\n" in patched and "--gpus=" not in patched
    srun = next(line for line in patched.splitlines() if line.startswith("srun "))
    assert "--gres=gpu:4" in srun and srun.endswith("--ntasks-per-node=4 python seg.py --bs 8")
    assert "--gpus-per-node" not in patched and _parses(patched)
    assert apply_fix(patched, _fix(), get_profile("anvil")) == patched


def test_gres_gpus_keeps_type_and_refuses_what_it_cannot_split() -> None:
    typed = OLD_SLURM.replace("--gpus=8", "--gpus-per-node=a100:2").replace(
        " --gpus-per-node=4", "")
    assert "#SBATCH --gres=gpu:a100:2\n" in apply_fix(typed, _fix(o.GresGpus()),
                                                      get_profile("delta"))
    with pytest.raises(FixNotApplicable, match="does not split evenly"):
        apply_fix(OLD_SLURM.replace("--gpus=8", "--gpus=7"), _fix(o.GresGpus()),
                  get_profile("anvil"))
    with pytest.raises(FixNotApplicable, match="asks no GPUs"):
        apply_fix(APPTAINER, _fix(o.GresGpus()), get_profile("vista"))


def test_unknown_gpus_option_is_answered_with_gres() -> None:
    from maple_flow.repair import FailureEvidence, classify

    evidence = FailureEvidence(cluster="anvil", job_state="REJECTED", script=OLD_SLURM,
                               submit_message="sbatch: unrecognized option '--gpus=8'")
    first = classify(evidence)[0]
    assert first.record_id == "slurm-gpus-option-unknown"
    assert first.fix is not None and [op.op for op in first.fix.ops] == ["gres_gpus"]


def test_container_gpu_flag_goes_after_the_verb_once() -> None:
    patched = apply_fix(APPTAINER, _fix(o.ContainerGpuFlag()), get_profile("vista"))
    assert 'srun apptainer exec --nv --bind "$SCRATCH" img.sif python3 fit.py' in patched
    assert apply_fix(patched, _fix(o.ContainerGpuFlag()), get_profile("vista")) == patched
    with pytest.raises(FixNotApplicable, match="no container"):
        apply_fix(DEEPSPEED, _fix(o.ContainerGpuFlag()), get_profile("delta"))


def test_no_gpu_in_a_container_without_nv_is_answered_with_nv() -> None:
    from maple_flow.repair import FailureEvidence, classify

    log = "RuntimeError: No CUDA GPUs are available\n"
    first = classify(FailureEvidence(cluster="vista", job_state="FAILED", script=APPTAINER,
                                     stdout=log))[0]
    assert first.record_id == "container-without-nv"
    with_nv = APPTAINER.replace("exec --bind", "exec --nv --bind")
    others = classify(FailureEvidence(cluster="vista", job_state="FAILED", script=with_nv,
                                      stdout=log))
    assert all(d.record_id != "container-without-nv" for d in others)


HYDRA = """#!/bin/bash
#SBATCH --account=a1
#SBATCH --nodes=1
#SBATCH --gpus-per-node=2
#SBATCH --time=00:20:00
srun bash -c "python3 -m rl data.bs=8 trainer.nnodes=2 +trainer.n_gpus_per_node=4 x.nnodes_hint=2"
"""


def test_program_key_value_counts_follow_the_job_size() -> None:
    fix = _fix(o.SetNodes(nodes=1), o.SetGpusPerNode(gpus_per_node=2))
    patched = apply_fix(HYDRA, fix, get_profile("delta"))
    assert ("python3 -m rl data.bs=8 trainer.nnodes=1 +trainer.n_gpus_per_node=2 "
            "x.nnodes_hint=2") in patched
    assert _parses(patched) and apply_fix(patched, fix, get_profile("delta")) == patched


def test_program_asking_more_gpus_than_the_job_is_answered_with_the_job_size() -> None:
    from maple_flow.repair import FailureEvidence, classify

    log = "ValueError: Total available GPUs 2.0 is less than total desired GPUs 8.\n"
    first = classify(FailureEvidence(cluster="delta", job_state="FAILED", script=HYDRA,
                                     stderr=log))[0]
    assert first.record_id == "program-asks-more-gpus-than-job" and first.fix is not None
    patched = apply_fix(HYDRA, first.fix, get_profile("delta"))
    assert "trainer.nnodes=1 +trainer.n_gpus_per_node=2" in patched


NO_GPUS = """#!/bin/bash
#SBATCH --account=bcde-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --time=00:20:00
srun --cpu-bind=cores bash -c 'python3 fit.py --steps 10'
"""


def test_job_asking_no_gpus_gets_its_ranks_worth() -> None:
    from maple_flow.repair import FailureEvidence, classify

    log = "torch.cuda.is_available() returned False\nCUDA_ERROR_NO_DEVICE\n"
    first = classify(FailureEvidence(cluster="delta", job_state="FAILED", script=NO_GPUS,
                                     stderr=log))[0]
    assert first.record_id == "gpu-job-asks-no-gpus" and first.fix is not None
    patched = apply_fix(NO_GPUS, first.fix, get_profile("delta"))
    assert "#SBATCH --gpus-per-node=2\n" in patched and _parses(patched)
    asked = NO_GPUS.replace("--nodes=2\n", "--nodes=2\n#SBATCH --gpus-per-node=2\n")
    others = classify(FailureEvidence(cluster="delta", job_state="FAILED", script=asked,
                                      stderr=log))
    assert all(d.record_id != "gpu-job-asks-no-gpus" for d in others)
    whole_node_site = classify(FailureEvidence(cluster="vista", job_state="FAILED",
                                               script=NO_GPUS, stderr=log))
    assert all(d.record_id != "gpu-job-asks-no-gpus" for d in whole_node_site)
