"""Records that had no fix, or a fix that did not apply to a user's script, now carry typed
operations that find the line at fault (or ask for the value only the user has): Cray MPICH's
GTL, Lmod prerequisites, CUDA_HOME, MPI launchers given another MPI's options, older torch
launchers, sbatch counts that are no number (bench/repairfix_probe, tune half)."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op
from maple_flow.repair.text import FixNotApplicable
from maple_flow.scriptparse.spellings import spellings

SLURM = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
{setup}export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
{launch}
"""
SRUN = "srun python -u train.py --lr 0.1"


def _script(launch: str = SRUN, setup: str = "") -> str:
    return SLURM.format(setup=setup, launch=launch)


def _diagnose(script: str, log: str, cluster: str = "delta",
              answers: dict[str, str] | None = None) -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False, answers)


def _changed(data: dict[str, Any]) -> list[str]:
    """The lines the proposed fix removes (-) and adds (+)."""
    diff = data["proposed"]["diff"] if data["proposed"] else ""
    return [line for line in diff.splitlines()
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


GTL = "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked\n"


def test_gtl_not_linked_turns_gpu_aware_mpi_off_where_the_script_turns_it_on() -> None:
    """Was cray-mpich-gtl-not-linked with advice and no fix."""
    script = _script(setup="export MPICH_GPU_SUPPORT_ENABLED=1\n")
    data = _diagnose(script, GTL, "perlmutter")
    assert data["proposed"]["record_id"] == "cray-mpich-gtl-not-linked"
    assert _changed(data) == ["-export MPICH_GPU_SUPPORT_ENABLED=1",
                              "+export MPICH_GPU_SUPPORT_ENABLED=0"]


def test_gtl_not_linked_exports_it_off_when_a_module_turned_it_on() -> None:
    data = _diagnose(_script(), GTL, "polaris")
    assert _changed(data) == ["+export MPICH_GPU_SUPPORT_ENABLED=0"]


PREREQ = ('Lmod has detected the following error: Cannot load module\n'
          '"hpc-intel/18.0.5.274" without these module(s) loaded:\n   intel/18.0.5.274\n')


def test_lmod_prerequisite_is_loaded_as_named_just_before_the_module_that_needs_it() -> None:
    """Was `module load intel` (the profile's version, not the one Lmod names) before the
    first module line; a module the profile does not list gave no fix at all."""
    script = _script(setup="module load python\nmodule load hpc-intel/18.0.5.274\n")
    data = _diagnose(script, PREREQ, "stampede3")
    assert _changed(data) == ["+module load intel/18.0.5.274"]
    after = data["proposed"]["script"]
    assert after.index("module load python") < after.index("module load intel/18.0.5.274") \
        < after.index("module load hpc-intel/18.0.5.274")


def test_lmod_prerequisites_named_in_a_list_are_all_loaded() -> None:
    log = ('Lmod has detected the following error: Cannot load module "upp/10.0.8" without\n'
           'these module(s) loaded:\n   bacio w3nco\n')
    script = _script(setup="module load upp/10.0.8\n")
    after = apply_op(apply_op(script, o.AddModule(name="bacio", before="upp/10.0.8"),
                              get_profile("lonestar6")),
                     o.AddModule(name="w3nco", before="upp"), get_profile("lonestar6"))
    assert after.index("bacio") < after.index("w3nco") < after.index("upp/10.0.8")
    data = _diagnose(script, log, "lonestar6")
    assert any(line.startswith("+module load ") and ("bacio" in line or "w3nco" in line)
               for line in _changed(data))


def test_add_module_before_a_module_the_script_does_not_load_is_not_applicable() -> None:
    with pytest.raises(FixNotApplicable):
        apply_op(_script(), o.AddModule(name="intel", before="hpc-intel"),
                 get_profile("stampede3"))


EXISTS = ('Lmod has detected the following error: These module(s) exist but cannot be\n'
          'loaded as requested: "python/2.7.12"\n'
          '   Try: "module spider python/2.7.12" to see how to load the module(s).\n')


def test_lmod_module_that_exists_but_cannot_load_asks_which_module_first() -> None:
    """Was advice only (no fix): the log names no prerequisite, so the user is asked."""
    script = _script(setup="module load python/2.7.12\n")
    data = _diagnose(script, EXISTS, "lonestar6")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["needs"] == ["prerequisite_module"]
    answered = _diagnose(script, EXISTS, "lonestar6", {"prerequisite_module": "gcc/13.2.0"})
    after = answered["proposed"]["script"]
    assert after.index("module load gcc/13.2.0") < after.index("module load python/2.7.12")


@pytest.mark.parametrize("log", [
    "deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable "
    "to compile CUDA op(s)\n",
    '    assert cuda_home is not None, "CUDA_HOME does not exist, unable to compile CUDA op(s)"\n'
    "AssertionError: CUDA_HOME does not exist, unable to compile CUDA op(s)\n",
])
def test_cuda_home_in_deepspeeds_wordings_loads_the_cuda_module(log: str) -> None:
    """Was a similarity hint only (no fix proposed)."""
    data = _diagnose(_script(), log)
    assert data["proposed"]["record_id"] == "cuda-home-unset"
    assert _changed(data) == ["+module load cuda"]


HYDRA = ("[mpiexec@node7] match_arg (utils/args/args.c:163): unrecognized argument {opt}\n"
         "[mpiexec@node7] HYDU_parse_array (utils/args/args.c:178): argument matching returned "
         "error\n")


@pytest.mark.parametrize(("launch", "opt", "kept"), [
    ("mpirun -np 4 --oversubscribe python train.py", "oversubscribe",
     "mpirun -np 4 python train.py"),
    ("mpiexec -am tbg/openib.conf -np 4 python train.py", "am", "mpiexec -np 4 python train.py"),
    ("mpirun -x NCCL_DEBUG -np 4 python train.py", "x", "mpirun -np 4 python train.py"),
])
def test_hydra_drops_the_other_mpis_option_at_the_launcher_the_script_runs(
        launch: str, opt: str, kept: str) -> None:
    """Hydra names the option without its dashes and always as mpiexec, whichever name the
    script runs it by (was: no record, similarity hints only)."""
    data = _diagnose(_script(launch), HYDRA.format(opt=opt))
    assert data["proposed"]["record_id"] == "hydra-unrecognized-argument"
    assert kept in data["proposed"]["script"]


def test_mpt_drops_the_open_mpi_option() -> None:
    script = _script("mpirun -map-by core -np 4 python train.py")
    data = _diagnose(script, "MPT ERROR: invalid option: -map-by\n")
    assert data["proposed"]["record_id"] == "mpt-invalid-option"
    assert "mpirun -np 4 python train.py" in data["proposed"]["script"]


def test_mpi_long_options_are_one_option_with_one_or_two_dashes() -> None:
    assert {"-map-by", "--map-by"} <= spellings("mpirun", "-map-by")
    assert {"-ppn", "--ppn", "-npernode", "--npernode"} <= spellings("mpiexec", "--ppn")
    assert spellings("mpirun", "-x") == frozenset({"-x"})
    assert spellings("srun", "-n") == frozenset({"-n", "--ntasks"})


OLD_TORCHRUN = "torchrun: error: unrecognized arguments: --nproc-per-node=1 --master-port 29511\n"


@pytest.mark.parametrize(("launch", "expected"), [
    ("torchrun --nproc-per-node=1 --master-port 29511 train.py --log-every 5",
     "torchrun --nproc_per_node=1 --master_port 29511 train.py --log-every 5"),
    ("srun bash -c 'torchrun --nnodes 1 --nproc-per-node=4 train.py --log-every 5'",
     "srun bash -c 'torchrun --nnodes 1 --nproc_per_node=4 train.py --log-every 5'"),
])
def test_older_torchrun_gets_the_underscore_spellings_and_the_program_keeps_its_own(
        launch: str, expected: str) -> None:
    """Was local-rank-argument (a wrong fix) from similarity."""
    one_per_node = _script(launch).replace("--ntasks-per-node=4", "--ntasks-per-node=1")
    data = _diagnose(one_per_node, OLD_TORCHRUN)
    assert data["proposed"]["record_id"] == "torch-launcher-hyphen-option"
    assert expected in data["proposed"]["script"]


def test_older_launch_without_the_option_loses_it() -> None:
    launch = ("python -m torch.distributed.launch --nproc_per_node=4 "
              "--rdzv_endpoint=localhost:29511 train.py --cfg a.yaml")
    data = _diagnose(_script(launch),
                     "launch.py: error: unrecognized arguments: --rdzv_endpoint=localhost:29511\n")
    assert data["proposed"]["record_id"] == "torch-launcher-option-unknown"
    assert ("python -m torch.distributed.launch --nproc_per_node=4 train.py --cfg a.yaml"
            in data["proposed"]["script"])


def test_a_programs_own_unrecognized_argument_is_not_the_launchers() -> None:
    data = _diagnose(_script("torchrun --nproc_per_node=4 train.py"),
                     "train.py: error: unrecognized arguments: --local-rank=0\n")
    assert not data["proposed"] or not data["proposed"]["record_id"].startswith("torch-launcher")


def test_a_node_count_that_is_no_number_is_asked_for_never_set_to_one() -> None:
    """Was slurm-filter-nodes-count-required by similarity: --nodes=None became --nodes=1."""
    script = _script().replace("#SBATCH --nodes=1", "#SBATCH --nodes=None")
    log = ('sbatch: error: "None" is not a valid node count\n'
           "sbatch: error: invalid node count `None'\n")
    data = _diagnose(script, log, "anvil")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "sbatch-node-count-not-a-number"
    assert data["diagnoses"][0]["needs"] == ["nodes"]
    answered = _diagnose(script, log, "anvil", {"nodes": "2"})
    assert "#SBATCH --nodes=2" in answered["proposed"]["script"]


def test_an_empty_or_zero_count_is_asked_for() -> None:
    script = _script().replace("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=0")
    log = 'sbatch: error: Invalid numeric value "0" for --ntasks.\n'
    data = _diagnose(script, log, "stampede3")
    assert data["proposed"] is None and data["diagnoses"][0]["needs"] == ["count"]
    answered = _diagnose(script, log, "stampede3", {"count": "4"})
    assert _changed(answered) == ["-#SBATCH --ntasks=0", "+#SBATCH --ntasks=4"]


ORDINAL = "RuntimeError: CUDA error: invalid device ordinal\n"


def test_gpus_per_task_becomes_the_same_gpus_per_node() -> None:
    """Was: --gpus-per-task removed and nothing asked instead (a job with no GPU at all)."""
    script = _script().replace("#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-task=1")
    data = _diagnose(script, ORDINAL)
    assert data["proposed"]["record_id"] == "invalid-device-ordinal"
    assert sorted(_changed(data)) == ["+#SBATCH --gpus-per-node=4", "-#SBATCH --gpus-per-task=1"]
    two_nodes = script.replace("#SBATCH --nodes=1", "#SBATCH --nodes=2").replace(
        "#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=6")
    assert "+#SBATCH --gpus-per-node=3" in _changed(_diagnose(two_nodes, ORDINAL))


def test_gpus_per_task_on_the_srun_line_alone_leaves_the_directives() -> None:
    script = _script("srun --gpus-per-task=1 python -u train.py")
    data = _diagnose(script, ORDINAL)
    assert _changed(data) == ["-srun --gpus-per-task=1 python -u train.py",
                              "+srun python -u train.py"]


def test_unset_visible_devices_also_leaves_sruns_export_list() -> None:
    """Was: `unset CUDA_VISIBLE_DEVICES` above an srun that exported it again to each task."""
    profile = get_profile("delta")
    for launch, kept in (
            ("srun --export=ALL,CUDA_VISIBLE_DEVICES=0,1,2,3 python train.py",
             "srun --export=ALL python train.py"),
            ("srun --export=CUDA_VISIBLE_DEVICES=0 python train.py", "srun python train.py"),
            ("srun --export=ALL,NCCL_DEBUG=INFO python train.py",
             "srun --export=ALL,NCCL_DEBUG=INFO python train.py")):
        after = apply_op(_script(launch), o.UnsetEnv(name="CUDA_VISIBLE_DEVICES"), profile)
        assert kept in after and "unset CUDA_VISIBLE_DEVICES" in after


@pytest.mark.parametrize(("launch", "log", "kept"), [
    ("mpirun -np 8 -npernode 4 python train.py", HYDRA.format(opt="npernode"),
     "mpirun -np 8 -ppn 4 python train.py"),
    ("mpiexec -n 8 --npernode 4 python train.py", "mpiexec: unrecognized option '--npernode'\n",
     "mpiexec -n 8 -ppn 4 python train.py"),
])
def test_ranks_per_node_given_as_npernode_become_ppn_not_dropped(
        launch: str, log: str, kept: str) -> None:
    """Dropping -npernode (the generic unknown-option fix) would lose the ranks per node."""
    data = _diagnose(_script(launch), log, "polaris" if "mpiexec:" in log else "delta")
    assert data["proposed"]["record_id"] == "mpi-npernode-is-ppn"
    assert kept in data["proposed"]["script"]


def test_respelling_is_held_to_the_launcher_option_policy() -> None:
    from maple_flow.repair.review import review_reasons

    with pytest.raises(ValueError, match="safety policy"):
        o.RespellLauncherArg(launcher="srun", name="--export", spelling="--wrap")
    respell = o.RespellLauncherArg(launcher="mpiexec", name="-npernode", spelling="-ppn")
    assert review_reasons([respell]) == []
    odd = o.RespellLauncherArg(launcher="mpiexec", name="-npernode", spelling="--nodes")
    assert review_reasons([odd])
