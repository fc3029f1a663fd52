"""Fixes that do not touch the launch line apply to a script whose launch is no Python program
(a compiled binary, a program's own CLI): bench/repairgen script variants found them refused
with "the patched script no longer parses: no launch line found"."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.models import Fix
from maple_flow.repair.patch import apply_fix

BINARY = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
          "module load cuda100/toolkit\nsrun ./warpx.3d inputs_3d > output.txt\n")


def _fix(*ops: o.FixOp) -> Fix:
    return Fix(record_id="r", cause="c", ops=list(ops))


def test_a_module_is_removed_from_a_script_that_runs_a_binary() -> None:
    new = apply_fix(BINARY, _fix(o.RemoveModule(name="cuda100/toolkit")), get_profile("delta"))
    assert "module load cuda100" not in new and "srun ./warpx.3d" in new


def test_a_typed_gpu_directive_reads_the_node_count_from_the_directives() -> None:
    new = apply_fix(BINARY, _fix(o.SetDirective(option="gpus-per-node", value="4")),
                    get_profile("bridges2"))
    assert "#SBATCH --gpus=v100-32:8" in new and "--gpus-per-node" not in new

