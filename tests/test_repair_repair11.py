"""The classes the released tune half of bench/reallogs9 and bench/repair11_probe's tune rows
missed (issue 17, s16-repair11): NaN losses, DataLoader unpickling, the site's Lmod failing in
Lua, an account the user is not a member of, a one-node store timeout, torch missing beside the
PyTorch module (not the script), and the script fixes - torchrun of another Python, JAX's one
GPU per Slurm process, Open MPI reading ``localhost:N`` as a host name. Each log is a public
thread's text (named in the test); the scripts are users' shapes with their own names."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_hostlist import mpi_host_loopback
from maple_flow.repair.patch_torchrun import torchrun_through_python
from maple_flow.repair.text import FixNotApplicable

ONE_NODE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=4\n"
            "#SBATCH --time=02:00:00\nNGPU=4\n"
            "torchrun --standalone --nproc_per_node=$NGPU finetune.py --cfg run.yaml\n")
SRUN_TASKS = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
              "#SBATCH -t 01:00:00\nmodule load pytorch/2.3.1\nsrun python main.py\n")


def _answer(log: str, cluster: str, script: str) -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _advice_only(log: str, record: str, cluster: str, script: str = SRUN_TASKS) -> None:
    data = _answer(log, cluster, script)
    assert data["proposed"] is None, data["proposed"]
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record, "not_script"), first


@pytest.mark.parametrize("log", [
    # swc-17/SparseDrive#27 (lr for 8 GPUs on 3)
    "lr: 1.819e-04, det_loss_cls_5: nan, det_loss_box_5: 0.0000, loss_dense_depth: 0.9466, "
    "loss: nan, grad_norm: nan\n",
    # AnswerDotAI/ModernBERT#233
    "{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 9.773696745450087e-06, 'epoch': 0.53}\n",
])
def test_a_nan_loss_is_not_the_script(log: str) -> None:
    _advice_only(log, "training-loss-nan-logged", "delta", ONE_NODE)


def test_a_finite_log_with_a_nan_counter_is_not_a_nan_loss() -> None:
    log = (" iteration 5426/ 250000 | loss scale: 1.0 | number of skipped iterations:   0 | "
           "number of nan iterations:   0 |\n")
    data = _answer(log, "delta", ONE_NODE)
    assert data["proposed"] is None
    assert all(d["record_id"] != "training-loss-nan-logged" or d["method"] != "signature"
               for d in data["diagnoses"]), data["diagnoses"]


@pytest.mark.parametrize("log", [
    "UnpicklingError: Caught UnpicklingError in DataLoader worker process 6.\n",  # DeepDeWedge#8
    "_pickle.UnpicklingError: pickle data was truncated\n",  # lshiwjx/2s-AGCN#52
])
def test_dataloader_unpickling_is_the_programs(log: str) -> None:
    _advice_only(log, "dataloader-unpickling-error", "perlmutter")


def test_a_full_disk_while_saving_is_not_the_script() -> None:
    # databrickslabs/dolly#139
    log = ("2023-04-29 06:01:12.977 [177/train/578 (pid 28936)] OSError: [Errno 28] "
           "No space left on device\n")
    _advice_only(log, "no-space-left-on-device", "delta", ONE_NODE)


def test_lua_failing_inside_the_sites_lmod_is_the_sites() -> None:
    # ComputationalRadiationPhysics/picongpu#3047
    log = ("lua: /trinity/shared/lmod/lmod/modulefiles/counter/count:15: attempt to perform "
           "arithmetic on local 'a' (a nil value)\n")
    script = SRUN_TASKS.replace("module load pytorch/2.3.1", "module load openmpi/2.1.2-cuda100")
    _advice_only(log, "lmod-internal-lua-error", "bridges2", script)


def test_not_a_member_of_the_account_the_partition_requires() -> None:
    # ai-dynamo/nixl#2196
    log = ("lua: You are not a member of account 'oberon-gb-ci'\n"
           "gb200nvl72_ci partition requires adding an account with '-A oberon-gb-ci'\n")
    _advice_only(log, "slurm-not-member-of-required-account", "delta")


def test_a_store_timeout_of_one_torchrun_on_one_node_is_not_the_launch() -> None:
    # FanqingM/MM-Eureka-V0#16, modelscope/DiffSynth-Studio#538
    log = ("torch.distributed.DistNetworkError: The client socket has timed out after 600000ms "
           "while trying to connect to (PRIVATE_IP, PORT)\n")
    _advice_only(log, "local-store-timeout-one-node", "deltaai", ONE_NODE)


def test_a_store_timeout_across_nodes_is_not_called_the_programs() -> None:
    log = ("torch.distributed.DistNetworkError: The client socket has timed out after 600000ms "
           "while trying to connect to (gpu01, 29500)\n")
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --gpus-per-node=4\nsrun torchrun --nnodes=2 --nproc_per_node=4 "
              "--rdzv_backend=c10d --rdzv_endpoint=gpu01:29500 train.py\n")
    data = _answer(log, "delta", script)
    assert data["diagnoses"][0]["record_id"] != "local-store-timeout-one-node"


def test_torch_missing_beside_the_pytorch_module_is_the_environment() -> None:
    # ecmwf/WeatherGenerator#1104
    log = "0:     import torch\n0: ModuleNotFoundError: No module named 'torch'\n"
    _advice_only(log, "torch-missing-with-pytorch-module", "perlmutter")


def test_torchrun_of_the_module_is_started_through_the_venv_python() -> None:
    # pytorch/pytorch#92132: torch from `module load`, packages in an activated venv
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -p gpu\n"
              "module load pytorch/1.12.0\nsource ~/envs/nlp/bin/activate\n"
              "torchrun --nnodes=1 --nproc_per_node=8 --max_restarts=0 test.py\n")
    data = _answer("ModuleNotFoundError: No module named 'datasets'\n", "lonestar6", script)
    assert data["proposed"]["record_id"] == "torchrun-entry-of-other-python", data["proposed"]
    assert "+python -m torch.distributed.run --nnodes=1" in data["proposed"]["diff"]


def test_a_user_site_torchrun_under_uv_run() -> None:
    # KempnerInstitute/KempnerForge#68
    log = ('  File "/n/home10/u/.local/bin/torchrun", line 8, in <module>\n'
           "ModuleNotFoundError: No module named 'kempnerforge'\n")
    script = ONE_NODE.replace("torchrun --standalone", "uv run torchrun --standalone")
    data = _answer(log, "delta", script)
    assert data["proposed"]["record_id"] == "torchrun-entry-of-other-python", data["proposed"]
    assert "+uv run python -m torch.distributed.run --standalone" in data["proposed"]["diff"]


def test_jax_one_task_per_node_gets_one_task_per_gpu() -> None:
    # jax-ml/jax#16788
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --tasks-per-node=1\n#SBATCH --exclusive\n"
              "#SBATCH --gpus-per-node=4\nsource $DATA/venv-jax/bin/activate\n"
              "srun python distributed.py\n")
    log = "[gpu(id=0), gpu(id=1)] [gpu(id=0)]\n[gpu(id=0), gpu(id=1)] [gpu(id=1)]\n"
    data = _answer(log, "perlmutter", script)
    assert data["proposed"]["record_id"] == "jax-one-device-per-slurm-process", data["proposed"]
    assert "+#SBATCH --tasks-per-node=4" in data["proposed"]["diff"] or \
        "+#SBATCH --ntasks-per-node=4" in data["proposed"]["diff"], data["proposed"]["diff"]


def test_torchpack_localhost_slots_named_by_loopback() -> None:
    # mit-han-lab/spvnas#30
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=1\n"
              "torchpack dist-run -np 1 python train.py configs/default.yaml\n")
    log = "ssh: Could not resolve hostname localhost:1: Temporary failure in name resolution\n"
    data = _answer(log, "anvil", script)
    assert data["proposed"]["record_id"] == "mpi-host-slots-read-as-hostname", data["proposed"]
    assert "+torchpack dist-run -H 127.0.0.1:1 -np 1" in data["proposed"]["diff"]


def test_horovodrun_with_an_old_openmpi_module_swaps_the_module() -> None:
    # athena-team/athena#139
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\nmodule load openmpi/3.0\n"
              "horovodrun -np 4 -H localhost:4 python horovod_main.py conf.json\n")
    log = "ssh: Could not resolve hostname localhost:4: Temporary failure in name resolution\n"
    data = _answer(log, "bridges2", script)
    assert data["proposed"]["record_id"] == "mpi-host-slots-old-openmpi-module", data["proposed"]
    assert "-module load openmpi/3.0" in data["proposed"]["diff"]


def test_torchrun_through_python_op() -> None:
    assert torchrun_through_python("#!/bin/bash\nsrun bash -c 'torchrun --nnodes=2 t.py'\n") \
        == "#!/bin/bash\nsrun bash -c 'python -m torch.distributed.run --nnodes=2 t.py'\n"
    with pytest.raises(FixNotApplicable):
        torchrun_through_python(
            "#!/bin/bash\npython -m torch.distributed.run --nproc_per_node=4 t.py\n")
    with pytest.raises(FixNotApplicable):
        torchrun_through_python("#!/bin/bash\nsrun python t.py\n")


def test_mpi_host_loopback_op() -> None:
    text = "#!/bin/bash\nmpirun -np 4 -H localhost:4 \\\n  -bind-to none python train.py -H x\n"
    assert mpi_host_loopback(text) == text.replace("-H localhost:4", "-H 127.0.0.1:4")
    with pytest.raises(FixNotApplicable, match="2-node"):
        mpi_host_loopback("#!/bin/bash\n#SBATCH -N 2\nmpirun -np 8 -H localhost:4 python t.py\n")
    with pytest.raises(FixNotApplicable, match="2-node"):
        mpi_host_loopback("#!/bin/bash\n#PBS -l select=2:ncpus=64\nhorovodrun -np 8 python t.py\n")
    with pytest.raises(FixNotApplicable):
        mpi_host_loopback("#!/bin/bash\nsrun python t.py\n")
