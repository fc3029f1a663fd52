"""A new MASTER_PORT reaches a launcher that was given a literal port (issue 17, point 4)."""

from __future__ import annotations

import pytest

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op

HEAD = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n"


@pytest.mark.parametrize("launch, expect", [
    ("srun torchrun --nnodes 2 --nproc_per_node 4 --master_port 29500 train.py",
     '--master_port "$MASTER_PORT"'),
    ("srun accelerate launch --num_machines 2 --main_process_port=29500 train.py",
     '--main_process_port="$MASTER_PORT"'),
])
def test_export_master_port_points_a_literal_launcher_port_at_it(launch: str,
                                                                   expect: str) -> None:
    fixed = apply_op(HEAD + launch + "\n", o.ExportEnv(name="MASTER_PORT", value="29631"),
                     get_profile("perlmutter"))
    assert "export MASTER_PORT=29631" in fixed
    assert expect in fixed.rstrip().splitlines()[-1]  # the launch line itself


@pytest.mark.parametrize("launch, expect", [
    # pytorch#126510 shape: a literal c10d endpoint's port is set where it is written
    ("srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d "
     "--rdzv_endpoint=localhost:29400 train.py",
     "--rdzv_endpoint=localhost:29631 "),
    ("srun torchrun --nnodes 2 --rdzv_endpoint=\"$MASTER_ADDR:29400\" train.py",
     '--rdzv_endpoint="$MASTER_ADDR:29631" '),
])
def test_export_master_port_sets_a_literal_endpoint_port_in_place(launch: str,
                                                                 expect: str) -> None:
    fixed = apply_op(HEAD + launch + "\n", o.ExportEnv(name="MASTER_PORT", value="29631"),
                     get_profile("perlmutter"))
    assert "MASTER_PORT" not in fixed  # no export beside it
    assert expect in fixed.rstrip().splitlines()[-1]  # the launch line itself


def test_a_literal_port_beside_the_scripts_own_master_port_reads_it() -> None:
    # the script sets MASTER_PORT too: the literal is a second, disagreeing port
    script = HEAD + "export MASTER_PORT=29500\nsrun torchrun --master_port 29400 train.py\n"
    fixed = apply_op(script, o.ExportEnv(name="MASTER_PORT", value="29631"),
                     get_profile("perlmutter"))
    assert "export MASTER_PORT=29631" in fixed
    assert '--master_port "$MASTER_PORT"' in fixed.rstrip().splitlines()[-1]


def test_a_port_default_from_the_environment_is_set() -> None:
    # mmpretrain#960 shape: PORT=${PORT:-29500} let the caller's PORT=22 reach --master_port
    script = (HEAD + "PORT=${PORT:-29500}\n"
              "python -m torch.distributed.launch --nproc_per_node=4 --master_port=$PORT "
              "train.py\n")
    fixed = apply_op(script, o.ExportEnv(name="MASTER_PORT", value="29631"),
                     get_profile("delta"))
    assert "\nPORT=29631\n" in fixed and "--master_port=$PORT" in fixed
    assert "MASTER_PORT" not in fixed


def test_a_port_already_from_the_variable_is_left_alone() -> None:
    script = HEAD + 'srun torchrun --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" train.py\n'
    fixed = apply_op(script, o.ExportEnv(name="MASTER_PORT", value="29631"),
                     get_profile("perlmutter"))
    assert fixed.count("$MASTER_PORT") == 1 and "export MASTER_PORT=29631" in fixed


def test_another_variable_does_not_touch_the_launch() -> None:
    script = HEAD + "srun torchrun --master_port 29500 train.py\n"
    fixed = apply_op(script, o.ExportEnv(name="NCCL_DEBUG", value="INFO"),
                     get_profile("perlmutter"))
    assert "--master_port 29500" in fixed


@pytest.mark.parametrize("launch, expect", [
    # llama-cookbook#186: torchrun's port is its --master_port (default 29500), not MASTER_PORT
    ("torchrun --nnodes 1 --nproc_per_node 4 finetuning.py --enable_fsdp",
     'torchrun --master_port="$MASTER_PORT" --nnodes 1'),
    ("torchrun --nnodes=1 --nproc-per-node=4 train.py", '--master-port="$MASTER_PORT"'),
    # wekws#93: torch 1.x's --standalone rendezvous is localhost:29400 on every job
    ("torchrun --standalone --nnodes=1 --nproc_per_node=$NGPU train.py",
     '--rdzv_backend=c10d --rdzv_endpoint="localhost:$MASTER_PORT" --nnodes=1'),
    ("deepspeed --num_gpus 4 train.py --deepspeed ds.json", '--master_port="$MASTER_PORT"'),
    ("accelerate launch --num_processes 4 train.py", '--main_process_port="$MASTER_PORT"'),
    ("srun bash -c 'torchrun --nnodes=1 --nproc_per_node=4 train.py'",
     "torchrun --master_port=$MASTER_PORT --nnodes=1"),
])
def test_a_launcher_given_no_port_gets_one_that_reads_master_port(launch: str,
                                                                  expect: str) -> None:
    fixed = apply_op(HEAD + launch + "\n", o.ExportEnv(name="MASTER_PORT", value="30001"),
                     get_profile("delta"))
    assert "export MASTER_PORT=30001" in fixed
    assert expect in fixed.rstrip().splitlines()[-1]
    assert "--standalone" not in fixed
    again = apply_op(fixed, o.ExportEnv(name="MASTER_PORT", value="30001"), get_profile("delta"))
    assert again == fixed


def test_a_port_held_in_a_user_variable_is_set_there() -> None:
    script = HEAD + "PORT=29500\nsrun torchrun --nnodes 2 --master_port $PORT train.py\n"
    fixed = apply_op(script, o.ExportEnv(name="MASTER_PORT", value="30001"),
                     get_profile("delta"))
    assert "PORT=30001\n" in fixed and "MASTER_PORT" not in fixed
    assert fixed.endswith("--master_port $PORT train.py\n")


def test_a_program_that_reads_master_port_itself_only_gets_the_export() -> None:
    script = HEAD + "srun python train.py\n"
    fixed = apply_op(script, o.ExportEnv(name="MASTER_PORT", value="30001"),
                     get_profile("delta"))
    assert fixed == HEAD + "export MASTER_PORT=30001\nsrun python train.py\n"


def test_a_literal_port_in_a_bash_c_body_reads_master_port() -> None:
    # bench/realport user-ls6-scbert-srun-torchrun.sh: the port is in srun bash -c "..."
    script = (HEAD + 'srun bash -c "torchrun --nproc_per_node=3 --nnodes=2 '
              '--master_addr=$MASTER_ADDR --master_port=29500 train.py"\n')
    fixed = apply_op(script, o.ExportEnv(name="MASTER_PORT", value="29631"),
                     get_profile("lonestar6"))
    assert "export MASTER_PORT=29631" in fixed
    assert "--master_port=$MASTER_PORT train.py" in fixed.rstrip().splitlines()[-1]


def test_a_literal_host_in_a_bash_c_body_reads_master_addr() -> None:
    script = (HEAD + "srun bash -c 'torchrun --nnodes=2 --rdzv_endpoint=node01:29400 "
              "--rdzv_backend=c10d train.py'\n")
    fixed = apply_op(script, o.SetMasterAddr(), get_profile("perlmutter"))
    assert "--rdzv_endpoint=$MASTER_ADDR:29400 " in fixed.rstrip().splitlines()[-1]
