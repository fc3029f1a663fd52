"""First-contact precision of the "something is missing" records (s38precA): a package missing
where the script sets up no environment asks for the python instead of loading the site's
module; srun's environment propagation is not offered where task 0 failed the same way; the
NCCL network-plugin settings are not offered on a job of one node."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resolve_launch_python import launch_python

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n#SBATCH --time=01:00:00\n"
TORCH = ("Traceback (most recent call last):\n  File \"gen.py\", line 3, in <module>\n"
         "    import torch\nModuleNotFoundError: No module named 'torch'\n")


def _answer(text: str, log: str, cluster: str = "delta",
            answers: dict[str, str] | None = None) -> dict[str, Any]:
    return diagnose_log(text, log, cluster, None, False, answers or {})


def _first(data: dict[str, Any]) -> str:
    first = data["diagnoses"][0]
    assert isinstance(first, dict)
    return str(first["record_id"])


@pytest.mark.parametrize(("text", "found"), [
    (HEAD + "cd run\nsrun --ntasks=1 python3 gen.py\n", (6, "python3")),
    (HEAD + "srun /opt/py/bin/python3.11 -u gen.py \\\n  --n 2\n", (5, "/opt/py/bin/python3.11")),
    (HEAD + "srun ./solver input.ini\n", None),
])
def test_launch_python_names_the_interpreter_and_its_line(
        text: str, found: tuple[int, str] | None) -> None:
    assert launch_python(text) == found


def test_package_missing_without_any_environment_asks_for_the_python() -> None:
    text = HEAD + "srun --ntasks=1 python3 gen.py\n"
    data = _answer(text, TORCH)
    assert data["proposed"] is None
    assert _first(data) == "python-package-missing-no-environment"
    answered = _answer(text, TORCH, answers={"python_path": "/u/me/bmenv/bin/python"})
    proposed = answered["proposed"]
    assert isinstance(proposed, dict)
    assert "+srun --ntasks=1 /u/me/bmenv/bin/python gen.py" in proposed["diff"]


def test_package_missing_beside_a_module_keeps_the_site_stack() -> None:
    # modules but no Python one: the site's Python stack is what the job lacks
    text = HEAD + "module load cuda\nsrun python gen.py\n"
    proposed = _answer(text, TORCH)["proposed"]
    assert isinstance(proposed, dict) and proposed["record_id"] == "python-package-missing"
    assert "+module load anaconda3_gpu" in proposed["diff"]
    # a Python module already loaded: the site's other modules do not give torch (s38precA)
    text = HEAD + "module load python/3.11\nsrun python gen.py\n"
    assert _answer(text, TORCH)["proposed"] is None


def test_srun_propagation_not_offered_where_task_zero_failed_too() -> None:
    text = HEAD.replace("--nodes=1", "--nodes=2") + "module load cuda\nsrun ./solver in.ini\n"
    log = ("./solver: error while loading shared libraries: libcudart.so.13: cannot open "
           "shared object file: No such file or directory\n"
           "srun: error: nid008213: tasks 0-3: Exited with exit code 127\n"
           "srun: error: nid008217: tasks 4-7: Exited with exit code 127\n")
    data = _answer(text, log, "perlmutter")
    assert data["proposed"] is None or data["proposed"]["record_id"] != "env-not-propagated-srun"
    other = log.replace("srun: error: nid008213: tasks 0-3: Exited with exit code 127\n", "")
    proposed = _answer(text, other, "perlmutter")["proposed"]
    assert isinstance(proposed, dict) and proposed["record_id"] == "env-not-propagated-srun"


@pytest.mark.parametrize(("nodes", "fixed"), [(1, False), (2, True)])
def test_net_plugin_settings_only_on_a_job_of_several_nodes(nodes: int, fixed: bool) -> None:
    text = ("#!/bin/bash\n#SBATCH -A m0000_g\n#SBATCH -C gpu\n#SBATCH -q regular\n"
            f"#SBATCH -N {nodes}\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
            "#SBATCH -t 01:00:00\nmodule load pytorch/2.3.1\nsrun python train.py\n")
    log = ("nid001234:12345:12345 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so).\n"
           "torch.distributed.DistBackendError: NCCL error: unhandled system error\n")
    proposed = _answer(text, log, "perlmutter")["proposed"]
    got = isinstance(proposed, dict) and proposed["record_id"] == "nccl-net-plugin-missing"
    assert got is fixed


@pytest.mark.parametrize(("cluster", "text", "log"), [
    # the site's PyTorch module is loaded: another version of it is a guess (CSC's module
    # lacked torchrun); pip --user's accelerate is not in it (bench/s38precA_probe fp8submit)
    ("perlmutter", HEAD + "module load pytorch/2.3.1\naccelerate launch train.py\n",
     "slurm_script: line 6: accelerate: command not found\n"),
    ("delta", HEAD + "module load anaconda3_gpu\nsrun torchrun --nproc_per_node=4 t.py\n",
     "slurmstepd: error: execve(): torchrun: No such file or directory\n"),
])
def test_launcher_missing_beside_the_site_python_module_loads_no_module(
        cluster: str, text: str, log: str) -> None:
    data = _answer(text, log, cluster)
    proposed = data["proposed"]
    assert proposed is None or "module load" not in proposed["diff"], proposed


def test_launcher_missing_where_the_site_python_module_is_not_loaded_loads_it() -> None:
    text = HEAD + "module load nccl\nsrun deepspeed train.py\n"
    proposed = _answer(text, "bash: deepspeed: command not found\n")["proposed"]
    assert isinstance(proposed, dict) and proposed["record_id"] == "launcher-command-not-found"
    assert "+module load anaconda3_gpu" in proposed["diff"]


def test_mamba_activation_without_its_hook_is_not_answered_with_python_m() -> None:
    text = HEAD + "module load anaconda3_gpu\nmamba activate env3\naccelerate launch t.py\n"
    data = _answer(text, "./run.sh: line 90: accelerate: command not found\n")
    assert data["proposed"] is None or "python -m" not in data["proposed"]["diff"]


_ENTRY_SCRIPT = (HEAD + "module load pytorch-conda\nsource ~/miniconda3/etc/profile.d/conda.sh\n"
                 "conda activate base\ntorchrun --standalone --nproc_per_node=4 train.py\n")
_ENTRY_LOG = ("    from mmengine.config import Config\n"
              "ModuleNotFoundError: No module named 'mmengine'\n"
              "E0630 api.py:874] failed (exitcode: 1) local_rank: 0 (pid: 19156) of binary: "
              "{binary}\nTraceback (most recent call last):\n"
              "  File \"{entry}\", line 8, in <module>\n    sys.exit(main())\n")


@pytest.mark.parametrize(("binary", "entry", "fixed"), [
    # torchrun and its worker are one Python: the package is missing from that environment
    ("/root/miniconda3/bin/python", "/root/miniconda3/bin/torchrun", False),
    # torchrun is another Python's (the module's) than the worker's: run it through python -m
    ("/u/me/miniconda3/bin/python3.11", "/sw/pytorch/2.1/bin/torchrun", True),
])
def test_torchrun_entry_of_other_python_only_where_the_log_shows_two_pythons(
        binary: str, entry: str, fixed: bool) -> None:
    proposed = _answer(_ENTRY_SCRIPT, _ENTRY_LOG.format(binary=binary, entry=entry))["proposed"]
    got = isinstance(proposed, dict) and proposed["record_id"] == "torchrun-entry-of-other-python"
    assert got is fixed, proposed
