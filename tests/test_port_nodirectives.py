"""A script with no scheduler directive (resources given at submission, e.g. an LSF job whose
`bsub -n 4 -R ...` line is only in a comment): its GPUs are asked, never assumed to be 1;
the user's own interpreter path is named when the port replaces it."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

SCRIPT = ("#!/bin/bash\n# bsub -n 4 -W 24:00 -R \"rusage[ngpus_excl_p=2]\" < job.sh\n"
          "cd ~/proj\n~/anaconda3/bin/python train.py --epochs 10\n")


def test_no_directive_and_a_plain_python_launch_asks_for_the_gpus() -> None:
    with pytest.raises(MissingInformation) as err:
        port(SCRIPT, "delta", account="bbka-delta-gpu")
    assert "gpus_per_node" in str(err.value) and "no scheduler directive" in str(err.value)


def test_the_gpus_given_are_those_of_its_one_process() -> None:
    r = port(SCRIPT, "delta", account="bbka-delta-gpu", gpus_per_node=2)["delta"]
    assert r.status == "generated"
    assert (r.spec.nodes, r.spec.gpus_per_node) == (1, 2)
    assert "torchrun" not in r.script and r.script.rstrip().endswith("train.py --epochs 10")


def test_the_users_interpreter_path_is_named_when_replaced() -> None:
    r = port(SCRIPT, "delta", account="bbka-delta-gpu", gpus_per_node=1)["delta"]
    assert any("~/anaconda3/bin/python" in n for n in r.notes)
