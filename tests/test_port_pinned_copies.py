"""Copies run side by side in a job WITH size directives that state no GPU count (s24multirun,
issue 14): the job's GPU need is the GPUs its background copies pin with their own
CUDA_VISIBLE_DEVICES, never the one GPU of "one process per node"; when their count is set only
at run time the source node's GPUs are kept (or asked, with no known source node); on Intel GPUs
the CUDA_VISIBLE_DEVICES pins do nothing, so the port refuses with the ZE_AFFINITY_MASK remedy.
Every fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

WAVES = ("#!/bin/bash\n#PBS -l select=1:system=polaris\n#PBS -l walltime=2:00:00\n#PBS -A proj\n"
         "mapfile -t SEEDS < <(python3 make_seeds.py)\n"
         "for i in \"${!SEEDS[@]}\"; do\n"
         "  CUDA_VISIBLE_DEVICES=$i python run.py --epochs 1 --seed \"${SEEDS[$i]}\" &\n"
         "done\nwait\n"
         "for i in \"${!SEEDS[@]}\"; do\n"
         "  CUDA_VISIBLE_DEVICES=$i python run.py --epochs 2 --seed \"${SEEDS[$i]}\" &\n"
         "done\nwait\n")

LITERAL = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 01:00:00\n#SBATCH -p gpu\n"
           "CUDA_VISIBLE_DEVICES=0 python run.py --seed 1 &\n"
           "CUDA_VISIBLE_DEVICES=1 python run.py --seed 2 &\n"
           "CUDA_VISIBLE_DEVICES=2 python run.py --seed 3 &\nwait\n")


@pytest.mark.parametrize("target", ["perlmutter", "bridges2"])
def test_copies_whose_count_is_set_at_run_time_keep_the_source_nodes_gpus(target: str) -> None:
    r = port(WAVES, target)["bridges2" if target == "bridges2" else target]
    assert r.status != "refused", r.notes
    assert r.spec.gpus_per_node == 4  # a Polaris node's 4 A100s, not 1
    assert any("set when the job runs" in n and "4 GPUs of the source node" in n
               for n in r.notes), r.notes
    assert not any("one process per node drives 1 GPU" in n for n in r.notes)
    assert r.script.count("wait") >= 2  # both waves, in order


def test_literal_pins_size_the_job_on_the_gpus_they_name() -> None:
    r = port(LITERAL, "perlmutter", account="m1234")["perlmutter"]
    assert r.status != "refused", r.notes
    assert r.spec.gpus_per_node == 3


def test_run_time_count_with_no_known_source_node_is_asked() -> None:
    script = WAVES.replace("#PBS -l select=1:system=polaris", "#PBS -l select=1:ncpus=32")
    with pytest.raises(MissingInformation) as exc:
        port(script, "perlmutter")
    assert "gpus_per_node" in exc.value.missing


def test_intel_target_writes_each_copys_cuda_pin_as_ze_affinity_mask() -> None:
    # s25runs: the copies' own pins are the user's; Intel GPUs read ZE_AFFINITY_MASK, so both
    # waves keep their runs, each pin written ZE_AFFINITY_MASK=$i (was: refused)
    r = port(WAVES, "aurora")["aurora"]
    assert r.status != "refused", r.notes
    assert r.script.count("ZE_AFFINITY_MASK=$i python run.py") == 2, r.script
    assert "CUDA_VISIBLE_DEVICES=$i" not in r.script
    assert any("ZE_AFFINITY_MASK" in n and "same value" in n for n in r.notes), r.notes


PER_NODE = ("#!/bin/bash\n#SBATCH -C gpu\n#SBATCH -A m1234\n#SBATCH --nodes 4\n#SBATCH --gpus 16\n"
            "#SBATCH --time=02:00:00\n"
            "srun python train.py --num_nodes 4 --devices 4 --strategy ddp\n")


@pytest.mark.parametrize("target", ["polaris", "aurora"])
def test_one_process_per_node_on_pals_gets_its_node_rank(target: str) -> None:
    r = port(PER_NODE, target, source="perlmutter")[target]
    assert r.status != "refused", r.notes
    launch = r.script[r.script.index("mpiexec"):]
    assert "--ppn 1" in launch.split("\n")[0]
    assert "bash -c 'export NODE_RANK=\"${PALS_NODEID}\"; exec \"$@\"' maple-node " in launch
    assert "train.py --num_nodes 4 --devices 4 --strategy ddp" in launch
    assert any("NODE_RANK" in n and "PALS_NODEID" in n for n in r.notes), r.notes


def test_one_process_per_node_under_srun_is_left_to_srun() -> None:
    r = port(PER_NODE, "delta", source="perlmutter")["delta"]
    assert "NODE_RANK" not in r.script


STAGED = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n#SBATCH --time=04:00:00\n"
          "#SBATCH --partition=ghx4\n"
          "cp /projects/me/codes.tar /tmp\ncd /tmp\ntar -xf codes.tar\ncd /projects/me/repo\n"
          "torchrun --nproc_per_node=4 train.py --data-path /tmp/codes\n")


def test_node_local_staging_on_a_port_spread_over_nodes_is_refused_naming_it() -> None:
    r = port(STAGED, "lonestar6", source="deltaai")["lonestar6"]  # 3 GPUs a node: 2 nodes
    assert r.status == "refused"
    assert any("cp /projects/me/codes.tar /tmp" in n and "/tmp/codes" in n and "ranks=3" in n
               for n in r.notes), r.notes


def test_node_local_staging_on_one_target_node_is_kept() -> None:
    r = port(STAGED, "perlmutter", source="deltaai", account="m1234")["perlmutter"]
    assert r.status != "refused", r.notes
    assert "cp /projects/me/codes.tar /tmp" in r.script
