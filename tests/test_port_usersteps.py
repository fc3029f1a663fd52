"""The user's own lines that a port used to drop under a false "site" reason (issue 14,
bench/usersteps_probe): echoes of the job's parameters, PyTorch/NCCL behaviour knobs, a
file variable read from the job id, a venv the job builds, CUDA_VISIBLE_DEVICES of a
part-node job, NODE_RANK=$SLURM_PROCID set once in the batch shell."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.port.rules import classify_env, family_site, is_cluster_specific
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.model import batch_shell_rank

SLURM = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n"
         "#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", r.refusals if hasattr(r, "refusals") else r
    return r


# --- 1. an echo of the job's parameters is the user's; an echo of the launch command is not ---

@pytest.mark.parametrize("target", ["perlmutter", "polaris"])
def test_echo_of_parameters_stays_and_echo_of_the_command_goes(target: str) -> None:
    script = (SLURM + "CONFIG=configs/base.yaml\nLR=0.001\n"
              'echo "CONFIG: $CONFIG"\necho "nodes=$SLURM_NNODES lr=$LR"\n'
              'CMD="python train.py --config $CONFIG --lr $LR"\necho $CMD\nsrun $CMD\n')
    r = _port(script, target)
    assert 'echo "CONFIG: $CONFIG"' in r.script
    assert "lr=$LR" in r.script
    assert "CONFIG=configs/base.yaml" in r.script and "LR=0.001" in r.script
    assert "echo $CMD" not in r.script
    assert any("`echo $CMD` prints the source's launch line" in n for n in r.notes)
    assert not any("CONFIG: $CONFIG" in n and "prints" in n for n in r.notes)


def test_an_echo_naming_the_launcher_stays_as_the_user_s_text() -> None:
    # issue 14 (s22-keeplines): kept verbatim with a note (was dropped as the launch's print)
    script = (SLURM + "ARGS='--lr 0.1'\necho \"Running: torchrun train.py $ARGS\"\n"
              "srun python train.py $ARGS\n")
    r = _port(script, "perlmutter")
    assert 'echo "Running: torchrun train.py $ARGS"' in r.script
    assert any("`torchrun`" in n and "kept as written" in n for n in r.notes)


# --- 2. NCCL/PyTorch behaviour knobs are the user's; the fabric's settings are the site's ---

@pytest.mark.parametrize("name", ["NCCL_TIMEOUT", "TORCH_NCCL_AVOID_RECORD_STREAMS",
                                  "TORCH_NCCL_BLOCKING_WAIT", "NCCL_BLOCKING_WAIT",
                                  "TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC", "NCCL_DEBUG"])
def test_a_library_behaviour_knob_is_kept(name: str) -> None:
    assert family_site(name) is False
    assert not is_cluster_specific(name, "1")
    assert classify_env(name, "1").kind == "keep"


@pytest.mark.parametrize("name", ["NCCL_SOCKET_IFNAME", "NCCL_IB_HCA", "NCCL_IB_DISABLE",
                                  "NCCL_NET_GDR_LEVEL", "NCCL_NET", "NCCL_CROSS_NIC",
                                  "NCCL_NET_PLUGIN", "NCCL_TOPO_FILE", "NCCL_P2P_DISABLE"])
def test_a_fabric_setting_is_the_site_s(name: str) -> None:
    assert family_site(name) is True and is_cluster_specific(name, "x")


def test_knobs_are_ported_and_fabric_settings_noted() -> None:
    script = (SLURM + "export NCCL_TIMEOUT=1800\nexport TORCH_NCCL_AVOID_RECORD_STREAMS=1\n"
              "export NCCL_IB_HCA=mlx5_0\nsrun python train.py\n")
    r = _port(script, "perlmutter")
    assert "NCCL_TIMEOUT=1800" in r.script.replace('"', "")
    assert "TORCH_NCCL_AVOID_RECORD_STREAMS=1" in r.script.replace('"', "")
    assert "mlx5_0" not in r.script
    assert any("NCCL_IB_HCA=mlx5_0" in n for n in r.notes)


# --- 3. a user's file variable read from the job id is mapped, its creation kept ----------

def test_a_file_named_by_the_job_id_is_mapped_and_created() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2:ngpus=4\n#PBS -l walltime=01:00:00\n"
              "export DIST_FILE=$WORK/dist_$PBS_JOBID\n: > $DIST_FILE\n"
              "mpiexec -n 8 --ppn 4 python train.py --dist-file $DIST_FILE\n")
    r = _port(script, "perlmutter")
    assert "export DIST_FILE=$WORK/dist_$SLURM_JOB_ID" in r.script
    assert ": > $DIST_FILE" in r.script
    assert r.script.index(": > $DIST_FILE") > r.script.index("export DIST_FILE")


# --- 4. the venv the job builds is put on PATH ---------------------------------------------

@pytest.mark.parametrize("line", ['export PATH="$VENV/bin:$PATH"', "export PATH=${VENV}/bin:$PATH",
                                  'export PATH="$PWD/.venv/bin:$PATH"',
                                  "export PATH=.venv/bin:$PATH"])
def test_the_job_s_own_venv_on_path_is_kept(line: str) -> None:
    script = (SLURM + "VENV=$PWD/.venv\npython -m venv $VENV\n"
              "$VENV/bin/pip install -r requirements.txt\n" + line + "\nsrun python train.py\n")
    r = _port(script, "perlmutter")
    assert line in r.script
    assert r.script.index(line) > r.script.index("python -m venv $VENV")


def test_a_site_directory_on_path_is_still_the_site_s() -> None:
    assert classify_env("PATH", "$SITE_TOOLS/bin:$PATH").kind == "site"
    # issue 14 (s22-keeplines): a relative directory of the job's own is the user's, kept
    assert classify_env("PATH", "bin:$PATH").kind == "step"


# --- 5. CUDA_VISIBLE_DEVICES of a part-node job ---------------------------------------------

PART = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=2\n#SBATCH --gres=gpu:2\n"
        "#SBATCH -t 01:00:00\nexport CUDA_VISIBLE_DEVICES=0,1\nsrun python train.py --ddp\n")


@pytest.mark.parametrize("target", ["polaris", "lonestar6", "delta"])
def test_a_part_node_job_keeps_the_gpus_it_names(target: str) -> None:
    r = _port(PART, target)
    assert "export CUDA_VISIBLE_DEVICES=0,1" in r.script
    assert any("CUDA_VISIBLE_DEVICES=0,1` is kept" in n for n in r.notes)


def test_gpus_the_target_job_lacks_are_not_named() -> None:
    r = _port(PART, "vista")  # one GPU a node: the two ranks go on two nodes
    assert "CUDA_VISIBLE_DEVICES=0,1" not in r.script
    assert any("names GPUs the port's job does not have" in n for n in r.notes)


def test_a_whole_node_in_the_site_s_order_is_the_site_s() -> None:
    script = SLURM.replace("--nodes=2", "--nodes=1") + (
        "export CUDA_VISIBLE_DEVICES=3,2,1,0\nsrun python train.py\n")
    r = _port(script, "polaris")
    assert "3,2,1,0" not in r.script


def test_a_source_node_s_list_shorter_than_the_target_node_s_ranks_is_not_kept() -> None:
    """A 4-GPU source node's ``0,1,2,3`` in a job Bridges-2 lays out 8 ranks a node: the
    list would leave ranks 4-7 of each node without a GPU, so it is not the job's own."""
    script = SLURM + "export CUDA_VISIBLE_DEVICES=0,1,2,3\nsrun python train.py\n"
    r = _port(script, "bridges2")
    assert "export CUDA_VISIBLE_DEVICES=0,1,2,3" not in r.script
    assert not any("CUDA_VISIBLE_DEVICES=0,1,2,3` is kept" in n for n in r.notes)


# --- 6. NODE_RANK=$SLURM_PROCID set once in the batch shell ---------------------------------

def test_a_rank_variable_set_in_the_batch_shell_is_no_per_rank_mapping() -> None:
    script = SLURM + "export NODE_RANK=$SLURM_PROCID\nsrun python train.py\n"
    p = parse_script(script)
    assert batch_shell_rank("NODE_RANK", "$SLURM_PROCID", p) == "SLURM_PROCID"
    r = _port(script, "polaris")
    assert 'NODE_RANK="$MAPLE_RANK"' not in r.script
    assert not any("sets NODE_RANK" in n for n in r.notes)
    assert any("set once in the batch shell" in n and "batch step's 0" in n for n in r.notes)


def test_a_rank_variable_set_inside_the_launch_is_still_per_rank() -> None:
    script = SLURM + "srun bash -c 'export NODE_RANK=$SLURM_PROCID; python train.py'\n"
    r = _port(script, "polaris")
    assert 'NODE_RANK="$MAPLE_RANK"' in r.script


@pytest.mark.parametrize("target", ["anvil", "polaris"])
def test_echoes_of_exported_and_array_fed_values_stay(target: str) -> None:
    """``echo "Data: $DATA_PATH"`` of an exported value the program reads, and ``echo "Seed:
    $SEED"`` of a value that reaches the program through an argument array, print the user's
    settings (bench/unseen10, unseen11 re-judges): kept."""
    script = (SLURM + "export DATA_PATH=/data/set\nSEED=7\nARGS=(--data \"$DATA_PATH\" "
              "--seed \"$SEED\")\necho \"Data: $DATA_PATH\"\necho \"Seed: $SEED\"\n"
              "srun python train.py \"${ARGS[@]}\"\n")
    r = _port(script, target)
    assert 'echo "Data: $DATA_PATH"' in r.script and 'echo "Seed: $SEED"' in r.script
    assert not any("prints the source's launch line" in n for n in r.notes)
