"""A kept line run under ``set -e`` that stops the job on the target's GPUs before its work (a
device API the target's torch lacks, another vendor's GPU tool) is a Breaking note: the port is
refused with it (maple_flow.port.vendor.errexit_device_breaks). Guarded, tested or harmless
lines (``|| echo``, ``if``, ``torch.cuda.device_count()``) stay."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.vendor import errexit_device_breaks

HEAD = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -t 01:00:00
set -euo pipefail
"""
CHECK = ('python -c "import torch; print(torch.__version__, torch.cuda.device_count(), '
         'torch.cuda.get_device_name(0))"\n')
JOB = HEAD + CHECK + "srun python train.py --epochs 3\n"


@pytest.mark.parametrize("target", ["aurora"])
def test_a_cuda_check_under_set_e_refuses_on_intel_gpus(target: str) -> None:
    r = port(JOB, target)[target]
    name = get_profile(target).name
    assert r.status == "refused" and r.script == ""
    reason = next(n for n in r.notes if n.startswith(f"refused for {name}"))
    assert "torch.cuda.get_device_name" in reason and "set -e" in reason
    assert "guard them (`|| true`)" in reason


def test_on_stampede3_the_cuda_job_lands_on_the_h100_queue_and_keeps_its_check() -> None:
    # the script's torch.cuda calls say its GPUs are NVIDIA ones: Stampede3 gives such
    # programs its h100 queue (stampede3.yaml node type h100, takes_vendor), not the pvc one
    r = port(JOB, "stampede3")["stampede3"]
    assert r.status == "generated" and "#SBATCH -p h100" in r.script
    assert "torch.cuda.get_device_name(0)" in r.script


def test_the_same_check_on_nvidia_gpus_is_kept() -> None:
    r = port(JOB, "perlmutter")["perlmutter"]
    assert r.status == "generated" and "torch.cuda.get_device_name(0)" in r.script


@pytest.mark.parametrize("line", [
    # guarded, tested, or only asking: the job goes on
    CHECK.strip() + " || echo no cuda",
    "if " + CHECK.strip() + "; then echo ok; fi",
    'python -c "import torch; print(torch.cuda.is_available(), torch.cuda.device_count())"',
    "set +e\n" + CHECK.strip(),
])
def test_a_guarded_or_harmless_check_is_no_break(line: str) -> None:
    script = "#!/bin/bash\nset -eo pipefail\n" + line + "\npython train.py\n"
    assert errexit_device_breaks(script, get_profile("aurora")) == []


def test_without_set_e_the_check_is_no_break() -> None:
    script = "#!/bin/bash\n" + CHECK + "python train.py\n"
    assert errexit_device_breaks(script, get_profile("aurora")) == []


def test_an_xpu_call_breaks_on_nvidia_and_a_tool_of_another_vendor_breaks() -> None:
    script = ("#!/bin/bash\nset -e\npython3 -c 'import torch; torch.xpu.set_device(0)'\n"
              "python train.py\n")
    assert "torch.xpu.set_device" in errexit_device_breaks(script, get_profile("polaris"))[0]
    assert errexit_device_breaks(script, get_profile("aurora")) == []
    tool = "#!/bin/bash\nset -e\nnvidia-smi -L\npython train.py\n"
    assert "nvidia-smi" in errexit_device_breaks(tool, get_profile("aurora"))[0]
    assert errexit_device_breaks(tool, get_profile("polaris")) == []


def test_a_check_in_a_function_or_a_background_subshell_is_no_break() -> None:
    for body in ("check() {\n    " + CHECK + "}\n", "(\n" + CHECK + ") &\n"):
        script = "#!/bin/bash\nset -e\n" + body + "python train.py\n"
        assert errexit_device_breaks(script, get_profile("aurora")) == []


def test_an_assignment_from_a_raising_check_breaks_but_a_guarded_one_does_not() -> None:
    line = "GPU=$(python3 -c \"import torch; print(torch.cuda.get_device_name(0))\")"
    script = "#!/bin/bash\nset -e\n" + line + "\npython train.py\n"
    assert "torch.cuda.get_device_name" in errexit_device_breaks(script, get_profile("aurora"))[0]
    guarded = "#!/bin/bash\nset -e\n" + line + " || GPU=none\npython train.py\n"
    assert errexit_device_breaks(guarded, get_profile("aurora")) == []
    local = "#!/bin/bash\nset -e\nexport " + line + "\npython train.py\n"
    assert errexit_device_breaks(local, get_profile("aurora")) == []


def test_a_call_the_code_guards_itself_is_no_break_but_an_assert_is() -> None:
    guarded = ('python -c "import torch; print(torch.cuda.get_device_name(0) if '
               'torch.cuda.is_available() else None)"')
    script = "#!/bin/bash\nset -e\n" + guarded + "\npython train.py\n"
    assert errexit_device_breaks(script, get_profile("aurora")) == []
    asserted = 'python -c "import torch; assert torch.cuda.is_available(), \'no gpu\'"'
    script = "#!/bin/bash\nset -e\n" + asserted + "\npython train.py\n"
    assert "assert torch.cuda.is_available()" in errexit_device_breaks(
        script, get_profile("aurora"))[0]


def test_a_tensor_made_on_the_missing_device_breaks() -> None:
    made = 'python -c "import torch; x = torch.ones(1, device=\'cuda\'); print(x.item())"'
    script = "#!/bin/bash\nset -e\n" + made + "\npython train.py\n"
    assert "device='cuda" in errexit_device_breaks(script, get_profile("aurora"))[0]
    assert errexit_device_breaks(script, get_profile("polaris")) == []
    named = 'python -c "import torch; device = \'cuda\'; print(device)"'
    script = "#!/bin/bash\nset -e\n" + named + "\npython train.py\n"
    assert errexit_device_breaks(script, get_profile("aurora")) == []
