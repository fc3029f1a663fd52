"""Held-out port classes of bench/unseen14 (s20-port14held): a kept one-process command written
over continuation lines, a Python console script named as such, one GPU under accelerate launch
without a count, a loop's launch ended by ` ;`."""

from __future__ import annotations

import pytest

from maple_flow import port

_HEAD = "#!/bin/bash\n#SBATCH --time=00:30:00\n"

CONTINUED = _HEAD + """#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
conda activate env1
mkdir -p out/logs
tune run lora_finetune_single_device \\
    --config conf/finetune.yaml \\
    epochs=1
echo done
"""


@pytest.mark.parametrize("target", ["bridges2", "polaris"])
def test_kept_command_over_continuation_lines(target: str) -> None:
    result = port(CONTINUED, [target])[target]
    assert result.status == "generated"
    assert ("tune run lora_finetune_single_device \\\n    --config conf/finetune.yaml \\\n"
            "    epochs=1\n# The job's own steps after the launch, as given.\necho done"
            ) in result.script
    assert "maple_kept_command" not in result.script + " ".join(result.notes)
    kept = result.notes[0]
    assert "line 8 `tune run lora_finetune_single_device --config conf/finetune.yaml epochs=1`" in kept
    # tune is a known Python console script, not called a compiled binary
    assert "console script" in kept and "compiled binary" not in kept
