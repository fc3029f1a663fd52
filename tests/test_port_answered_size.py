"""A size the user gave after the port asked it: the source's layout is unknown, so no note
states it or a rank-count change against it (one note says the size is the user's)."""

from __future__ import annotations

import pytest

from maple_flow.errors import MissingInformation
from maple_flow.port.api import port
from maple_flow.port.rules import place_ranks
from maple_flow.port.words import count

# a template left to fill in: every size directive empty
EMPTY = """#!/bin/bash
#SBATCH --job-name=finetune
#SBATCH --nodes=
#SBATCH --ntasks-per-node=
#SBATCH --gres=gpu:
#SBATCH --time=04:00:00

source "$HOME/envs/ft/bin/activate"
srun python finetune.py --config cfg.yaml
"""

# the node count given at submission (`sbatch -N K`): the script reads it from Slurm
SUBMITTED = """#!/bin/bash
#SBATCH --job-name=pretrain
#SBATCH --ntasks-per-node=1
#SBATCH --time=02:00:00
# submit: sbatch -N 4 pretrain.sbatch
echo "nodes: $SLURM_NNODES"
srun python pretrain.py --steps 1000
"""

FALSE = ("the source ran", "layout changed", "rank count changes")


def _size_notes(notes: list[str]) -> list[str]:
    return [n for n in notes if "as you said" in n or "the size you gave" in n]


@pytest.mark.parametrize("script", [EMPTY, SUBMITTED])
def test_size_is_asked(script: str) -> None:
    with pytest.raises(MissingInformation):
        port(script, ["aurora"])


@pytest.mark.parametrize("script", [EMPTY, SUBMITTED])
@pytest.mark.parametrize("target,size", [
    ("aurora", {"nodes": 2, "gpus_per_node": 12}),
    ("polaris", {"nodes": 3, "gpus_per_node": 4}),
    ("lonestar6", {"ranks": 6}),
])
def test_answered_size_states_no_source_layout(script: str, target: str,
                                               size: dict[str, int]) -> None:
    r = port(script, [target], **size)[target]
    assert not [n for n in r.notes if any(w in n for w in FALSE)], r.notes
    assert len(_size_notes(r.notes)) == 1, r.notes


def test_answered_size_note_names_the_size() -> None:
    r = port(EMPTY, ["polaris"], nodes=2, gpus_per_node=4)["polaris"]
    (note,) = _size_notes(r.notes)
    assert "2 nodes x 4 ranks a node (8 ranks)" in note
    assert r.spec.nodes == 2 and r.spec.gpus_per_node == 4


def test_stated_size_still_compared() -> None:
    """A script that states its size keeps the note on a rank-count change."""
    stated = EMPTY.replace("--nodes=", "--nodes=1").replace("--ntasks-per-node=",
                                                            "--ntasks-per-node=5").replace(
        "--gres=gpu:", "--gres=gpu:5")
    r = port(stated, ["polaris"])["polaris"]
    assert any(w in n for n in r.notes for w in FALSE), r.notes


def test_one_rank_grammar() -> None:
    assert count(1, "rank") == "1 rank" and count(24, "rank") == "24 ranks"
    note = place_ranks(1, 4, 2, 4)[2]
    assert note.startswith("the source ran 1 rank;") and "1 ranks" not in note


def test_answered_ranks_that_do_not_fit_are_named_as_yours() -> None:
    """ranks= answered, and the target cannot hold them exactly: the change is still noted,
    as the count you asked, not the source's."""
    r = port(EMPTY, ["lonestar6"], ranks=8)["lonestar6"]
    (note,) = [n for n in r.notes if "rank count changes" in n]
    assert note.startswith("you asked 8 ranks;") and "the source" not in note, note
    assert not [n for n in r.notes if "layout changed" in n or "the source ran" in n], r.notes
