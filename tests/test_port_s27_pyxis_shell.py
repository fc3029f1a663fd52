"""A pyxis job whose srun runs a shell script through ``sh``/``bash`` (``srun
--container-image=IMG sh scripts/train.sh``): pyxis runs the whole command after srun in the
image, so on the target the container's runtime goes in front of the shell, not between the
shell and its script (``sh apptainer exec IMG scripts/train.sh`` ran the host's shell on the
runtime's binary as if it were a script). Written here (held-out s26 miss, unseen27)."""

from __future__ import annotations

import re

import pytest

from maple_flow import port

_PYXIS_SH = (
    "#!/bin/bash\n#SBATCH -J fit\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH --gres=gpu:1\n\n"
    "srun --container-image=nvcr.io#nvidia/pytorch:24.01-py3 --container-mounts=/data/me:/ws "
    "--container-workdir=/ws/proj {shell} scripts/train_a.sh\n"
    "srun --container-image=nvcr.io#nvidia/pytorch:24.01-py3 --container-mounts=/data/me:/ws "
    "--container-workdir=/ws/proj {shell} scripts/train_b.sh\n")


@pytest.mark.parametrize("shell", ["sh", "bash"])
@pytest.mark.parametrize("target", ["polaris", "stampede3", "vista"])
def test_the_users_shell_runs_inside_the_image(target: str, shell: str) -> None:
    result = port(_PYXIS_SH.format(shell=shell), [target])[target]
    assert result.status == "generated", result.notes[:1]
    runs = re.findall(r"apptainer exec .*?docker://nvcr\.io/nvidia/pytorch:24\.01-py3 (\S+ \S+)",
                      result.script)
    assert runs == [f"{shell} scripts/train_a.sh", f"{shell} scripts/train_b.sh"], runs
    assert f"{shell} apptainer" not in result.script
