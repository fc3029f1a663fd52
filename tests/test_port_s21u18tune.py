"""s21-u18tune: classes behind the unseen18 tune ports that were not good (round 2)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.port.gpu_memory import asked_gpu
from maple_flow.scriptparse.lsf import lsf_directives as parse_directives

LSF_GMEM = """#!/bin/bash
#BSUB -J run
#BSUB -q gpuq
#BSUB -n 8
#BSUB -W 4:00
#BSUB -R "span[hosts=1]"
#BSUB -gpu "num=4:mode=exclusive_process:{gmem}"
set -euo pipefail
GPUS=${{GPUS:-4}}
EPOCHS=${{EPOCHS:-2}}
NREC=$(cat data/*.jsonl | wc -l)
STEPS=${{STEPS:-$(python3 -c "print(int($EPOCHS * $NREC / $GPUS))")}}
echo "gpus=$GPUS epochs=$EPOCHS steps=$STEPS"
torchrun --standalone --nproc-per-node="$GPUS" train.py --num_steps "$STEPS"
"""


@pytest.mark.parametrize(("gmem", "size"), [("gmem=80G", 80), ("gmem=80GB", 80),
                                            ("gmem=40960M", 40), ("gmem=1T", 1024)])
def test_lsf_gmem_is_the_memory_of_each_gpu(gmem: str, size: int) -> None:
    directives = parse_directives(LSF_GMEM.format(gmem=gmem))
    asked = asked_gpu(directives)
    assert asked is not None and asked.memory_gb == size


def test_lsf_gmem_without_a_unit_is_not_guessed() -> None:
    assert asked_gpu(parse_directives(LSF_GMEM.format(gmem="gmem=80000"))) is None


@pytest.mark.parametrize("target", ["delta", "anvil"])
def test_lsf_gmem_80g_is_not_put_on_40_gb_gpus(target: str) -> None:
    result = port(LSF_GMEM.format(gmem="gmem=80G"), [target])[target]
    assert any("80 GB GPUs" in n for n in result.notes), result.notes
    assert "#SBATCH -p gpuA100x4" not in result.script
    assert "#SBATCH -p gpu\n" not in result.script


@pytest.mark.parametrize("target", ["delta", "deltaai", "polaris"])
def test_echo_of_a_default_computed_by_a_command_is_the_users(target: str) -> None:
    result = port(LSF_GMEM.format(gmem="gmem=80G"), [target])[target]
    assert 'echo "gpus=$GPUS epochs=$EPOCHS steps=$STEPS"' in result.script
    assert not any("prints the source's launch line" in n for n in result.notes), result.notes


SYSTEM_LIB = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:1
#SBATCH -t 04:00:00
{line}
python infer.py --device cuda:0
"""


@pytest.mark.parametrize("target", ["bridges2", "perlmutter", "polaris"])
@pytest.mark.parametrize("line", ["export LD_LIBRARY_PATH=/usr/lib64:$LD_LIBRARY_PATH",
                                  "export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu",
                                  'export PATH="/usr/bin:$PATH"'])
def test_system_directories_on_a_search_path_are_kept(target: str, line: str) -> None:
    result = port(SYSTEM_LIB.format(line=line), [target])[target]
    assert line in result.script
    assert not any("source cluster's filesystem" in n for n in result.notes), result.notes


def test_a_site_directory_on_a_search_path_is_still_dropped() -> None:
    line = "export LD_LIBRARY_PATH=/opt/apps/cuda/lib64:$LD_LIBRARY_PATH"
    result = port(SYSTEM_LIB.format(line=line), ["polaris"])["polaris"]
    assert line not in result.script
    assert any("source cluster's filesystem" in n for n in result.notes), result.notes


UNUSED = """#!/bin/bash
#SBATCH --gpus=4
#SBATCH --time=04:00:00
dataset=docvqa
use_lora=1
batch_size=6
job_name="${dataset}_no_lora"
if [ $use_lora -eq 1 ]; then
    batch_size=10
    job_name="${dataset}_lora"
fi
python train.py --dataset $dataset --batch-size $batch_size
"""


@pytest.mark.parametrize("target", ["aurora", "polaris"])
def test_an_unread_assignment_set_again_in_a_kept_block_is_named(target: str) -> None:
    result = port(UNUSED, [target])[target]
    kept = 'job_name="${dataset}_no_lora"' in result.script
    assert kept or any('job_name="${dataset}_no_lora"' in n for n in result.notes), result.notes


CONTAINER_UV = """#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --time=12:00:00
IMG=/scratch/$USER/jax.sif
apptainer exec --nv --bind "${PWD}:/workspace" "$IMG" bash -c '
    cd /workspace
    uv sync --locked
    uv run galaxy-classifier train --config configs/vit.toml
'
"""


def test_uv_run_of_a_console_script_in_a_container_is_named_truly() -> None:
    from maple_flow.errors import ParseError

    with pytest.raises(ParseError) as err:
        port(CONTAINER_UV, ["delta"])
    text = str(err.value)
    assert "uv task" not in text
    assert "the uv command `galaxy-classifier`" in text
    assert "uv run python -m <module>" in text
