"""A fix for "Requested node configuration is not available" lowers a GPU count that does not
fit a node; it never raises one that fits (issue 17, point 4: uabrc/uabrc.github.io#985)."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

LOG = "sbatch: error: Batch job submission failed: Requested node configuration is not available\n"
HEAD = (
    "#!/bin/bash\n#SBATCH --account=bbka-delta-gpu\n#SBATCH --partition=gpuA100x4\n"
    "#SBATCH --nodes=1\n#SBATCH --ntasks=3\n")


def _proposed(script: str) -> dict[str, str] | None:
    return diagnose_log(script, LOG, "delta", None, False).get("proposed")


def test_a_gpu_count_that_fits_is_not_raised() -> None:
    script = HEAD + "#SBATCH --ntasks-per-socket=1\n#SBATCH --gres=gpu:3\nsrun python train.py\n"
    proposed = _proposed(script)
    assert proposed is None or "gpu:4" not in proposed["diff"]


def test_a_gpu_count_above_the_node_is_lowered() -> None:
    proposed = _proposed(HEAD + "#SBATCH --gres=gpu:8\nsrun python train.py\n")
    assert proposed is not None and "+#SBATCH --gres=gpu:4" in proposed["diff"]
