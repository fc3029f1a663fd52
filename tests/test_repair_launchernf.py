"""A launcher the job runs that is not found or is the wrong one (issue 17, s17-launchernf): the
answer depends on the script, read through scriptparse. With the user's own environment
activated (conda, a venv, ``uv run``) the site's module is not the fix: the launcher is started
by that environment's python (``python -m ...``) on the launch line; with no environment set up,
deepspeed/accelerate and (since s18) torchrun are asked for (the site's PyTorch module does not
vouch for them); a node-local environment on a multi-node job is asked for. Logs are
public threads' text (named in the test), the scripts users' shapes."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_torchrun import launcher_through_python
from maple_flow.repair.script_facts import holds
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=4\n"
DS_IN_ENV = HEAD + "conda activate py310\ndeepspeed --num_gpus 4 train.py --deepspeed\n"
DS_NO_ENV = HEAD + "deepspeed train.py --deepspeed --deepspeed_config ds_config.json\n"
TORCHRUN_NO_ENV = HEAD + "srun torchrun --nproc_per_node=4 train.py\n"
NODE_LOCAL_VENV = (
    "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
    "virtualenv --no-download $SLURM_TMPDIR/env\nsource $SLURM_TMPDIR/env/bin/activate\n"
    "srun accelerate launch --num_machines 2 --num_processes 8 train.py\n")


def _answer(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def test_launcher_through_python_each_launcher() -> None:
    assert launcher_through_python(
        "#!/bin/bash\nsrun accelerate launch --num_processes 2 x.py\n", "accelerate") \
        == "#!/bin/bash\nsrun python -m accelerate.commands.launch --num_processes 2 x.py\n"
    assert launcher_through_python("#!/bin/bash\ndeepspeed --num_gpus 4 x.py\n", "deepspeed") \
        == "#!/bin/bash\npython -m deepspeed.launcher.runner --num_gpus 4 x.py\n"
    assert launcher_through_python("#!/bin/bash\nsrun bash -c 'torchrun --nnodes=2 t.py'\n",
                                   "torchrun") \
        == "#!/bin/bash\nsrun bash -c 'python -m torch.distributed.run --nnodes=2 t.py'\n"


@pytest.mark.parametrize("script,launcher", [
    ("#!/bin/bash\npython -m torch.distributed.run --nproc_per_node=4 x.py\n", "torchrun"),
    ("#!/bin/bash\npython train.py\n", "deepspeed"),
])
def test_launcher_through_python_refuses(script: str, launcher: str) -> None:
    with pytest.raises(FixNotApplicable):
        launcher_through_python(script, launcher)


def test_environment_facts() -> None:
    assert holds("user_environment_for_launch", DS_IN_ENV)
    assert not holds("no_user_environment", DS_IN_ENV)
    assert holds("no_user_environment", DS_NO_ENV)
    assert holds("user_environment_for_launch", "#!/bin/bash\nuv run torchrun x.py\n")
    # a venv in node-local storage exists on the first node only
    assert not holds("user_environment_for_launch", NODE_LOCAL_VENV)
    assert not holds("no_user_environment", "#!/bin/bash\napptainer exec --nv a.sif torchrun x\n")


def test_activated_environment_starts_launcher_through_its_python() -> None:
    # deepspeedai/DeepSpeed#4254: the entry point names a python that is gone
    log = ("bash: /data/envs/py310/bin/deepspeed: /home/envs/py310/bin/python: bad interpreter: "
           "No such file or directory\n")
    data = _answer(DS_IN_ENV, log)
    assert data["proposed"]["record_id"] == "launcher-missing-from-user-environment"
    assert "+python -m deepspeed.launcher.runner --num_gpus 4" in data["proposed"]["diff"]
    assert "module load" not in data["proposed"]["diff"]
    # the same with "command not found" (the environment's bin holds no entry point), where
    # the activation holds in the batch shell (conda's hook sourced first; s38precA)
    hooked = DS_IN_ENV.replace("conda activate", "source ~/miniconda3/etc/profile.d/conda.sh\n"
                               "conda activate")
    data = _answer(hooked, "run.sh: line 18: deepspeed: command not found\n")
    assert "+python -m deepspeed.launcher.runner" in data["proposed"]["diff"]
    # without the hook the activation itself fails in a batch shell: python -m would run the
    # base environment's python, a guess (s38precA)
    data = _answer(DS_IN_ENV, "run.sh: line 18: deepspeed: command not found\n")
    assert data["proposed"] is None or "python -m" not in data["proposed"]["diff"]


@pytest.mark.parametrize("script,log", [
    # deepspeedai/DeepSpeed#1927: nothing activated; where deepspeed is only the user knows
    (DS_NO_ENV, "ds_report: command not found\ndeepspeed: command not found.\n"),
    # huggingface/accelerate#2192: the venv is in node-local $SLURM_TMPDIR of the first node
    (NODE_LOCAL_VENV, "slurmstepd: error: execve(): accelerate: No such file or directory\n"
                      "srun: error: cdr2601: task 1: Exited with exit code 2\n"),
])
def test_unknown_environment_is_asked_not_the_site_module(script: str, log: str) -> None:
    data = _answer(script, log)
    assert data["proposed"] is None, data["proposed"]
    asks = [d for d in data["diagnoses"] if d.get("needs")]
    assert asks and asks[0]["record_id"] == "entity-script-command-not-found", data["diagnoses"]


def test_torchrun_without_environment_is_asked() -> None:
    # awslabs/awsome-distributed-ai#245 shape: nothing set up (the thread's job had not
    # activated its conda env): where torchrun is, only the user knows (issue 17, s18: the
    # site's module only for a script already on the site's stack, as for deepspeed/accelerate)
    data = _answer(TORCHRUN_NO_ENV, "slurm_script: line 5: torchrun: command not found\n")
    assert data["proposed"] is None, data["proposed"]
    asks = [d for d in data["diagnoses"] if d.get("needs")]
    assert asks and asks[0]["record_id"] == "entity-script-command-not-found", data["diagnoses"]
