"""The s28speed2 cuts answer as the full reading does (issue 14: batch speed)."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.launches_kept import launches
from maple_flow.port.proxy import wandb_online
from maple_flow.port.vendor import errexit_device_breaks


def test_errexit_quick_path_still_reads_a_continued_python_c() -> None:
    script = ("#!/bin/bash\nset -e\npython3.11 -u \\\n  -c 'import torch; "
              "torch.cuda.get_device_name(0)'\n")
    assert errexit_device_breaks(script, get_profile("aurora"))


def test_errexit_quick_path_without_tool_or_python_c_finds_nothing() -> None:
    script = "#!/bin/bash\n#SBATCH --cpus-per-task=8\nset -e\npython train.py\n"
    assert errexit_device_breaks(script, get_profile("aurora")) == []


def test_wandb_memo_still_reads_the_arguments() -> None:
    script = "#!/bin/bash\nwandb login\npython train.py\n"
    assert wandb_online(script, []) == "`wandb login`"
    assert wandb_online(script, ["--wandb_mode", "offline"]) == ""
    assert wandb_online("python train.py\n", ["--report_to", "wandb"]) == "`--report_to wandb`"


def test_launches_of_a_repeated_line_are_the_same_in_every_text() -> None:
    line = "srun --ntasks=4 python train.py --epochs 3"
    first = launches(f"#!/bin/bash\n{line}\n")
    again = launches(f"#!/bin/bash\nexport A=1\n{line}\n")
    assert [(x.program, x.args, x.procs) for x in first] == [
        (x.program, x.args, x.procs) for x in again] == [("train.py", ("--epochs", "3"), 4)]
