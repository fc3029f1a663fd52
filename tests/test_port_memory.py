"""The port re-chooses memory for the target: a note names the source's memory request per node
(all four schedulers' spellings) and what the target script gives, and says plainly when the
target gives less (port/memory.py). Script shapes written here, not copied."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.knowledge.directives import parse_directives
from maple_flow.port.memory import source_memory
from maple_flow.scriptparse.lsf import lsf_directives

ONE_GPU = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=1\n#SBATCH --mem=512G\n"
           "#SBATCH -t 1:00:00\nsrun python train.py\n")
PER_CPU = ONE_GPU.replace("--mem=512G", "--mem-per-cpu=8G\n#SBATCH --cpus-per-task=32\n"
                          "#SBATCH --ntasks-per-node=1")
PBS = ("#!/bin/bash\n#PBS -l select=1:ncpus=32:ngpus=4:mem=400gb\n#PBS -l walltime=1:00:00\n"
       "mpiexec -n 4 python train.py\n")


def _memory_notes(script: str, target: str) -> list[str]:
    r = port(script, [target])[target]
    assert r.status == "generated", r.notes[:3]
    return [n for n in r.notes if n.startswith("memory:")]


@pytest.mark.parametrize(("target", "gives"), [("deltaai", "`--mem=114440M`"),
                                               ("anvil", "`--mem=114440M`")])
def test_a_one_gpu_share_below_the_source_request_is_said_plainly(target: str,
                                                                  gives: str) -> None:
    """``--mem=512G`` on one GPU: the target's one-GPU share is named, and that it is less."""
    [note] = _memory_notes(ONE_GPU, target)
    assert "`--mem=512G`" in note and gives in note
    assert "LESS than the 512 GB per node" in note and "out of memory" in note


def test_deltaai_and_anvil_say_what_to_do() -> None:
    """Anvil's 512 GB node holds 512G (ask a whole node); DeltaAI's 480 GB node cannot."""
    assert "ask a whole node (4 GPUs per node, 512 GB)" in _memory_notes(ONE_GPU, "anvil")[0]
    assert "no DeltaAI node has that much (480 GB)" in _memory_notes(ONE_GPU, "deltaai")[0]


def test_a_site_default_share_is_not_claimed_enough() -> None:
    """Bridges-2 GPU-shared leaves memory to the partition default: named as unknown, the
    source's size and a whole node's memory given."""
    [note] = _memory_notes(ONE_GPU, "bridges2")
    assert "sets no memory" in note and "default for part of a node" in note
    assert "possibly less than the 512 GB" in note
    assert "enough" not in note and "(8 GPUs per node, 512 GB)" in note


def test_mem_per_cpu_counts_the_source_cpus_per_node() -> None:
    """8G per CPU x 32 CPUs = 256 GB per node, more than Anvil's one-GPU 114440M share."""
    [note] = _memory_notes(PER_CPU, "anvil")
    assert "`--mem-per-cpu=8G`, 256 GB per node (per CPU x 32 CPU(s) per node)" in note
    assert "LESS than the 256 GB" in note


def test_pbs_select_mem_to_slurm_whole_node() -> None:
    """``select=...:mem=400gb`` on four GPUs to Delta: its whole 256 GB node is still less."""
    [note] = _memory_notes(PBS, "delta")
    assert "`select ...:mem=400gb`" in note and "256 GB per node (the whole node)" in note
    assert "LESS than the 400 GB" in note and "no Delta node has that much" in note


def test_a_small_request_that_fits_gets_a_short_note() -> None:
    """16G on one GPU fits DeltaAI's share: one short note that names both, no warning."""
    [note] = _memory_notes(ONE_GPU.replace("512G", "16G"), "deltaai")
    assert note.endswith(": enough") and "`--mem=16G`" in note and "LESS" not in note


def test_no_memory_asked_no_note() -> None:
    assert _memory_notes(ONE_GPU.replace("#SBATCH --mem=512G\n", ""), "deltaai") == []


def test_lsf_and_grid_engine_spellings_per_node() -> None:
    """``rusage[mem=]`` x tasks per host, ``h_vmem`` x the parallel environment's slots."""
    lsf = ['#BSUB -n 4', '#BSUB -R "span[ptile=4] rusage[mem=64000]"', "#BSUB -gpu num=4"]
    sge = ["#$ -l h_rt=1:00:00,gpu=1,h_vmem=200G", "#$ -pe smp 4"]
    asked = source_memory(lsf, lsf_directives("\n".join(lsf)))
    assert asked is not None and asked.mb == 64000 * 4
    asked = source_memory(sge, [])
    assert asked is not None and asked.mb == 200 * 1024 * 4


def test_whole_node_forms_and_units() -> None:
    ds = parse_directives("#SBATCH --mem=0\n", "slurm")
    asked = source_memory([], ds)
    assert asked is not None and asked.mb is None and asked.basis == "the whole node"
    bare, kib = source_memory(["#$ -l h_vmem=4096"], []), source_memory(["#$ -l h_vmem=4k"], [])
    assert bare is not None and kib is not None and bare.mb == kib.mb == 4 / 1024  # SGE: bytes
    pbs = source_memory([], parse_directives("#PBS -l select=1:mem=1048576\n", "pbs"))
    assert pbs is not None and pbs.mb == 1.0  # PBS: a bare number is bytes


def test_more_than_a_node_with_no_memory_set_is_less_not_possibly() -> None:
    """Perlmutter's shared QOS sets no memory, but 512G is more than its 256 GB node."""
    [note] = _memory_notes(ONE_GPU, "perlmutter")
    assert "sets no memory" in note and "LESS than the 512 GB" in note
    assert "no Perlmutter node has that much (256 GB)" in note


def test_a_site_of_whole_nodes_gives_the_node_memory_not_a_share() -> None:
    """Polaris, Aurora, Lonestar6, Stampede3 hand out whole nodes: no 'part of a node' warning."""
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n#SBATCH --mem=64G\n"
              "#SBATCH -t 01:00:00\npython train.py\n")
    for target in ("polaris", "lonestar6", "stampede3"):
        r = port(script, [target])[target]
        notes = [n for n in r.notes if "--mem=64G" in n]
        assert notes, (target, r.notes)
        assert not any("part of a node" in n or "possibly less" in n for n in notes), notes


def test_grid_engine_memory_is_read_as_qsub_reads_directives() -> None:
    """Through scriptparse.sge: ``#$-l`` with no blank counts, a ``#$`` line after the first
    command does not (qsub stops there)."""
    asked = source_memory(["#!/bin/bash", "#$-l h_vmem=8G", "#$ -pe smp 2"], [])
    assert asked is not None and asked.mb == 8 * 1024 * 2
    late = ["#!/bin/bash", "#$ -pe smp 2", "cd work", "#$ -l h_vmem=8G"]
    assert source_memory(late, []) is None

