"""A new MASTER_PORT reaches a launcher that was given a literal port (issue 17, point 4)."""

from __future__ import annotations

import pytest

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op

HEAD = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n"


@pytest.mark.parametrize("launch, expect", [
    ("srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d "
     "--rdzv_endpoint=localhost:29400 train.py",
     '--rdzv_endpoint="localhost:$MASTER_PORT"'),
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
