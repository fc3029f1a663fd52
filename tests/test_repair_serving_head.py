"""The head node's address given to a multi-node vLLM serving line (patch_serving_head.py,
s31r3a)."""

from __future__ import annotations

import pytest

from maple_flow.repair.patch_serving_head import serving_head_address
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH -N 2\n"
FIRST = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)\n'


def test_script_master_addr_used_inside_bash_c() -> None:
    text = (HEAD + FIRST
            + "srun bash -c 'HL=\"\"; [ \"$SLURM_NODEID\" -gt 0 ] && HL=--headless; \\\n"
            "    vllm serve /m --tensor-parallel-size 4 \\\n"
            "    --nnodes 2 --node-rank \"$SLURM_NODEID\" $HL'\n")
    out = serving_head_address(text, "vllm", "slurm")
    assert ("    --nnodes 2 --master-addr \"$MASTER_ADDR\" --node-rank \"$SLURM_NODEID\" $HL'\n"
            in out)
    assert out.count("MASTER_ADDR=") == 1


def test_first_node_exported_when_script_has_none() -> None:
    out = serving_head_address(HEAD + "srun vllm serve /m --nnodes=2 --node-rank $SLURM_NODEID\n",
                               "vllm", "slurm")
    assert 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | sed -n 1p)\n' \
        'srun vllm serve /m --nnodes=2 --master-addr "$MASTER_ADDR" --node-rank' in out


def test_headless_data_parallel_rank_gets_data_parallel_address() -> None:
    text = HEAD + FIRST + ("srun vllm serve /m --headless --data-parallel-size 4 "
                           "--data-parallel-start-rank 2 --data-parallel-size-local 2\n")
    out = serving_head_address(text, "vllm", "slurm")
    assert '--data-parallel-start-rank 2 --data-parallel-address "$MASTER_ADDR"' in out


@pytest.mark.parametrize("text", [
    HEAD + "srun vllm serve /m --nnodes 1\n",                                   # one node
    HEAD + "srun vllm serve /m --tensor-parallel-size 8\n",                     # not multi-node
    HEAD + "srun vllm serve /m --nnodes 2 --master-addr 10.0.0.1\n",            # given already
    HEAD + "srun vllm serve /m --headless --data-parallel-size 2 --data-parallel-address \"$F\"\n",
    HEAD + "export VLLM_DP_MASTER_IP=1.2.3.4\n"
    "srun vllm serve /m --headless --data-parallel-size 1 --data-parallel-address \"$F\"\n",
    HEAD + "export MASTER_ADDR=localhost\nsrun vllm serve /m --nnodes 2\n",      # not first node
    HEAD + "MASTER_ADDR=$(scontrol show hostnames | head -n 1)\nsrun vllm serve /m --nnodes 2\n",
    HEAD + "srun bash -c \"vllm serve /m --nnodes 2\"\n",                        # double quotes
])
def test_refused_with_reason(text: str) -> None:
    with pytest.raises(FixNotApplicable):
        serving_head_address(text, "vllm", "slurm")


def test_record_fires_only_on_loopback_head() -> None:
    import re
    from pathlib import Path

    import yaml
    path = Path(__file__).resolve().parents[1] / "templates/failures/s31_r3a.yaml"
    record = yaml.safe_load(path.read_text())["records"][0]
    pattern = re.compile(record["signatures"][0]["pattern"])
    assert all(pattern.search(e) for e in record["examples"])
    assert not any(pattern.search(n) for n in record["negatives"])


def test_data_parallel_one_address_exported_as_dp_master_ip() -> None:
    text = HEAD + ("export F=10.0.0.5\nsrun vllm serve /m --headless --data-parallel-size 1 "
                   "--data-parallel-size-local 1 --data-parallel-address \"$F\"\n")
    out = serving_head_address(text, "vllm", "slurm")
    assert 'export VLLM_DP_MASTER_IP="$F"\nsrun vllm serve' in out
