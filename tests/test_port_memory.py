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


def _refusal(script: str, target: str) -> str:
    r = port(script, [target])[target]
    assert r.status == "refused", r.notes[:3]
    [why] = [n for n in r.notes if n.startswith("refused for ") and ": memory:" in n]
    return why


def test_a_node_that_holds_the_request_is_asked_it() -> None:
    """``--mem=400G`` on one GPU: Anvil's 512 GB node holds it, so the port asks it (not the
    one-GPU 114440M share, which a LESS note would only warn about) and says it may cost more.
    (512G, the node's nominal memory, is more than Slurm gives: test_port_header_limits.)"""
    r = port(ONE_GPU.replace("512G", "400G"), ["anvil"])["anvil"]
    assert "#SBATCH --mem=400G" in r.script and "--mem=114440M" not in r.script
    [note] = [n for n in r.notes if n.startswith("memory:")]
    assert "the port asks `--mem=400G` on Anvil (a node has 512 GB)" in note
    assert "charge" in note and "LESS" not in note


@pytest.mark.parametrize(("target", "node"), [("deltaai", 480), ("perlmutter", 256)])
def test_more_than_a_node_has_is_refused(target: str, node: int) -> None:
    """512G is more than a DeltaAI (480 GB) or Perlmutter (256 GB) node: refused, naming both."""
    why = _refusal(ONE_GPU, target)
    assert "`--mem=512G`" in why and f"({node} GB)" in why and "cannot hold" in why


def test_a_site_default_share_is_not_claimed_enough() -> None:
    """Bridges-2 GPU-shared leaves memory to the partition default: named as unknown, the
    source's size and a whole node's memory given."""
    [note] = _memory_notes(ONE_GPU, "bridges2")
    assert "sets no memory" in note and "default for part of a node" in note
    assert "possibly less than the 512 GB" in note
    assert "enough" not in note and "(8 GPUs per node, 512 GB)" in note


def test_mem_per_cpu_counts_the_source_cpus_per_node() -> None:
    """8G per CPU x 32 CPUs = 256 GB per node, more than Anvil's one-GPU 114440M share: asked."""
    r = port(PER_CPU, ["anvil"])["anvil"]
    [note] = [n for n in r.notes if n.startswith("memory:")]
    assert "`--mem-per-cpu=8G`, 256 GB per node (per CPU x 32 CPU(s) per node)" in note
    assert "#SBATCH --mem=256G" in r.script


def test_pbs_select_mem_to_slurm_whole_node() -> None:
    """``select=...:mem=400gb`` for four ranks a node to Delta: the ranks' need per node follows
    the layout, so its whole 256 GB node is named as less (not refused)."""
    note, layout = _memory_notes(PBS, "delta")
    assert "`select ...:mem=400gb`" in note and "256 GB per node (the whole node)" in note
    assert "LESS than the 400 GB" in note and "no Delta node has that much" in note
    assert "100 GB for each" in layout and "nodes=2 gpus_per_node=2" in layout


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



# A multi-rank job asking more per node than a target node has (s20-portmem): the request is
# never written (the target would reject it), the port refuses when one process's share is
# already above a whole target node, else names the layout whose nodes hold the need.
TWO_RANKS = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
             "#SBATCH --gpus-per-node=2\n#SBATCH --mem=625G\n#SBATCH -t 1:00:00\n"
             "torchrun --standalone --nproc_per_node=2 train.py\n")
EIGHT_RANKS = TWO_RANKS.replace("=2", "=8").replace("625G", "600G")


def test_one_process_share_above_a_whole_node_is_refused() -> None:
    """625 GB for 2 processes: 312 GB each, more than a Perlmutter node (256 GB): no layout
    holds one of them, refused (was: ported with a LESS note)."""
    why = _refusal(TWO_RANKS, "perlmutter")
    assert "312 GB for each" in why and "(256 GB)" in why and "no layout holds" in why


def test_a_layout_that_holds_the_need_is_named_and_no_request_above_the_node() -> None:
    """600 GB for 8 processes on Bridges-2's 512 GB nodes: ported on the whole node, the 600G
    not written, and the layout that holds 75 GB a process named (2 nodes x 4, even nodes)."""
    r = port(EIGHT_RANKS, ["bridges2"])["bridges2"]
    assert r.status == "generated" and "--mem=600G" not in r.script
    notes = [n for n in r.notes if n.startswith("memory:")]
    assert any("nodes=2 gpus_per_node=4" in n and "75 GB for each" in n for n in notes), notes


def test_the_named_layout_is_judged_by_the_need_per_target_node() -> None:
    """Ported again with the named layout (1 x 4 at 470 GB -> 2 x 2 on Perlmutter): the need
    per node is 2 x 118 GB = 235 GB, no longer above the node (no 'no node has that much')."""
    script = TWO_RANKS.replace("=2", "=4").replace("625G", "470G")
    r = port(script, ["perlmutter"], nodes=2, gpus_per_node=2)["perlmutter"]
    notes = [n for n in r.notes if n.startswith("memory:")]
    assert notes and "235 GB per node" in notes[0], notes
    assert not any("no Perlmutter node has that much" in n for n in notes), notes
