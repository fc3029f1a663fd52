"""s18-layout: Grid Engine sources read (sites' node types, a shebang missing its `#`, no
shebang), and several ranks that deliberately share a GPU asked as exactly that."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

ABCI_SHARE = ("#$ -l rt_G.small=1\n#$ -l h_rt=12:00:00\n#$ -cwd\n\n"
              "module load python/3.10/3.10.14 cuda/11.8/11.8.0\ncd ~/repo/x\n"
              "python train/train.py config.yaml 10")


def test_a_site_node_type_share_is_read_as_its_gpus_and_named() -> None:
    r = port(ABCI_SHARE, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "#SBATCH --gpus-per-node=1" in r.script and "#SBATCH -N 1" in r.script
    notes = "\n".join(r.notes)
    assert "node type `rt_G.small` of ABCI 2.0" in notes
    assert "the source has no shebang (its line 1 is `#$ -l rt_G.small=1`)" in notes


def test_a_whole_node_type_gives_the_nodes_and_the_launch_the_ranks() -> None:
    script = ("#!/bin/bash\n#$ -l rt_F=2\n#$ -l h_rt=01:00:00\n#$ -cwd\n"
              "mpirun -np 8 -npernode 4 python train.py\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated", r.notes
    assert "#SBATCH -N 2" in r.script
    assert "whole node(s)" in "\n".join(r.notes)


BROKEN = ("!/bin/bash\n#$ -N fit\n#$ -l cuda=1\n#$ -pe default 2\n\n"
          "source activate tf\npython /net/store/run.py --x=1\n")


def test_a_shebang_missing_its_hash_does_not_hide_the_grid_engine_directives() -> None:
    r = port(BROKEN, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "#SBATCH --gpus-per-node=1" in r.script
    assert "\n!/bin/bash" not in r.script
    assert any(n.startswith("line 1 `!/bin/bash` is a shebang missing its `#`")
               for n in r.notes)


SHARED = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=2
#SBATCH --gres=gpu:1
#SBATCH -p GPU-shared
#SBATCH -t 01:00:00
mpiexec -n 2 python base.py
"""


def test_ranks_that_share_a_gpu_as_the_counts_agree_are_asked_the_share_not_the_count() -> None:
    with pytest.raises(MissingInformation) as err:
        port(SHARED, ["anvil"])
    text = str(err.value)
    assert "is unknown" not in text
    assert "the source runs 2 rank(s) (`mpiexec -n 2`" in text and "2 ranks a GPU" in text
    assert "to keep the source's layout (2 ranks on 1 GPU(s) a node)" in text


def test_ranks_and_gpus_that_disagree_are_still_asked_the_count() -> None:
    with pytest.raises(MissingInformation, match="is unknown"):
        port(SHARED.replace("mpiexec -n 2 python", "mpiexec -n 3 python"), ["anvil"])
