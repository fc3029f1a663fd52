"""Held-out port classes of bench/unseen14 (s20-port14held): a kept one-process command written
over continuation lines, a Python console script named as such, one GPU under accelerate launch
without a count, a loop's launch ended by ` ;`."""

from __future__ import annotations

import pytest

from maple_flow import port

_HEAD = "#!/bin/bash\n#SBATCH --time=00:30:00\n"

CONTINUED = _HEAD + """#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
conda activate env1
mkdir -p out/logs
tune run lora_finetune_single_device \\
    --config conf/finetune.yaml \\
    epochs=1
echo done
"""


@pytest.mark.parametrize("target", ["bridges2", "polaris"])
def test_kept_command_over_continuation_lines(target: str) -> None:
    result = port(CONTINUED, [target])[target]
    assert result.status == "generated"
    assert ("tune run lora_finetune_single_device \\\n    --config conf/finetune.yaml \\\n"
            "    epochs=1\n# The job's own steps after the launch, as given.\necho done"
            ) in result.script
    assert "maple_kept_command" not in result.script + " ".join(result.notes)
    kept = result.notes[0]
    one_line = "tune run lora_finetune_single_device --config conf/finetune.yaml epochs=1"
    assert f"line 8 `{one_line}`" in kept
    # tune is a known Python console script, not called a compiled binary
    assert "console script" in kept and "compiled binary" not in kept


ACCEL_ONE = _HEAD + """#SBATCH --gres=gpu:a100:{gpus}
#SBATCH --cpus-per-task=16
source env/bin/activate
accelerate launch --mixed_precision="bf16" train.py
"""


@pytest.mark.parametrize("target", ["anvil", "aurora"])
def test_accelerate_without_count_on_one_gpu_is_one_process(target: str) -> None:
    result = port(ACCEL_ONE.format(gpus=1), [target])[target]
    assert result.spec is not None and result.spec.ranks == 1
    assert "--mixed_precision bf16 train.py" in result.script


def test_accelerate_without_count_on_four_gpus_still_asks() -> None:
    from maple_flow.errors import MissingInformation

    with pytest.raises(MissingInformation, match="default config"):
        port(ACCEL_ONE.format(gpus=4), ["anvil"])


LOOP_SEMI = _HEAD + """#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
for i in a b c ;
do
    python run.py -k base -cho $i ;
done
"""


def test_loop_launch_ended_by_a_lone_semicolon_is_kept() -> None:
    result = port(LOOP_SEMI, ["delta"])["delta"]
    assert result.status == "generated", result.notes
    assert "for i in a b c ;" in result.script and "-cho $i" in result.script
    assert not any("shares its line" in n for n in result.notes)


WHEELHOUSE = _HEAD + """#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
module load python/3.10
pip install --no-index --upgrade pip
pip install --no-index -f ./wheels -r requirements.txt
export MAIN_NODE=$(hostname)
srun python train.py --init_method tcp://$MAIN_NODE:3456 --world_size 8
"""


def test_pip_no_index_without_find_links_is_named() -> None:
    result = port(WHEELHOUSE, ["delta"])["delta"]
    assert "\npip install --no-index --upgrade pip\n" in result.script  # kept as written
    assert "pip install --no-index -f ./wheels -r requirements.txt" in result.script
    named = [n for n in result.notes if "--no-index and no --find-links" in n]
    assert len(named) == 1 and named[0].startswith("line 7 `pip install --no-index --upgrade pip`")
    assert "installs nothing" in named[0]


def test_a_tcp_url_argument_is_no_path() -> None:
    result = port(WHEELHOUSE, ["delta"])["delta"]
    assert not any("names a path" in n for n in result.notes)


QUOTED_LAUNCH = _HEAD + """#SBATCH --nodes=2
#SBATCH --gres=gpu:4
#SBATCH --ntasks-per-node=1
module load torchvision
GPUS_PER_NODE=4
export LAUNCH_CMD="
    accelerate launch \\
        --multi_gpu \\
        --num_machines=${SLURM_NNODES} \\
        --num_processes=$(expr ${SLURM_NNODES} \\* ${GPUS_PER_NODE}) \\
        --machine_rank=\\${SLURM_NODEID} \\
        main.py \\
    "
echo ${LAUNCH_CMD}
srun bash -c "${LAUNCH_CMD}"
"""


@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_launch_held_in_a_multi_line_quoted_variable(target: str) -> None:
    result = port(QUOTED_LAUNCH, [target])[target]
    assert result.status == "generated", result.notes
    assert result.spec is not None and result.spec.ranks == 8
    assert "echo ${LAUNCH_CMD}" not in result.script  # its value is not carried: it would be empty
    assert any("`echo ${LAUNCH_CMD}` is not copied" in n for n in result.notes)
    assert not any("never closes" in n or "read but not set" in n for n in result.notes)


PROGRAM_VAR = """#!/bin/bash
#SBATCH --time=01:00:00
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
setup_file=src/train.py
echo "RUNNING: " $setup_file
python $setup_file -cfg $CFG
"""


def test_echo_of_a_variable_holding_only_the_program_is_kept() -> None:
    result = port(PROGRAM_VAR, ["delta"])["delta"]
    assert 'echo "RUNNING: " $setup_file' in result.script
    assert "setup_file=src/train.py" in result.script
    assert not any("prints the source's launch line" in n for n in result.notes)


CUDA_APP = """#!/bin/bash
#SBATCH -t 0:30:00
#SBATCH -n 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
module load cudatoolkit/11.5
module load craype-accel-nvidia80
srun --ntasks=4 -G 4 ./halo_exchange
"""


def test_cuda_built_app_goes_to_stampede3s_h100_queue() -> None:
    # Stampede3 gives programs for NVIDIA GPUs its h100 queue (stampede3.yaml, takes_vendor)
    result = port(CUDA_APP, ["stampede3"])["stampede3"]
    assert result.status == "generated" and "#SBATCH -p h100" in result.script
    assert any("build or load it for Stampede3" in n for n in result.notes)


@pytest.mark.parametrize("target", ["aurora"])
def test_cuda_built_app_refused_on_intel_gpus(target: str) -> None:
    result = port(CUDA_APP, [target])[target]
    assert result.status == "refused"
    assert any("runs it with NVIDIA's CUDA" in n and "`cudatoolkit/11.5`" in n
               for n in result.notes)


def test_cuda_built_app_kept_on_nvidia_gpus() -> None:
    result = port(CUDA_APP, ["perlmutter"])["perlmutter"]
    assert result.status != "refused" and "./halo_exchange" in result.script


def test_kept_cuda_binary_refused_on_intel_gpus_not_a_shell_wrapper() -> None:
    text = ("#!/bin/bash\n#SBATCH -t 1:00:00\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n"
            "module load cuda/12.2\n{cmd}\n")
    binary = port(text.format(cmd="./stream_triad_cuda"), ["aurora"])["aurora"]
    assert binary.status == "refused"
    assert any("runs it with NVIDIA's CUDA" in n for n in binary.notes)
    assert port(text.format(cmd="./stream_triad_cuda"), ["delta"])["delta"].status != "refused"
    wrapper = port(text.format(cmd="bash run_all.sh"), ["aurora"])["aurora"]
    assert not any("runs it with NVIDIA's CUDA" in n for n in wrapper.notes)


def test_python_ellipsis_placeholder_is_no_program() -> None:
    from maple_flow.errors import ParseError

    text = "#!/bin/bash\n#SBATCH -t 1:00:00\n#SBATCH --gres=gpu:1\npip install x\npython ...\n"
    with pytest.raises(ParseError, match="names no program"):
        port(text, ["delta"])


def test_logical_lines_join_a_quoted_value_not_a_heredoc_body() -> None:
    from maple_flow.port.stages import _logical_lines

    block = "if true; then\n  cat > a.txt <<EOF\nit's here\nEOF\n  srun python x.py\nfi"
    assert "  srun python x.py" in _logical_lines(block)  # the body's apostrophe opens nothing
    value = 'export L="\n  accelerate launch \\\n  main.py\n"\necho ok'
    assert _logical_lines(value) == ['export L="\n  accelerate launch \\\n  main.py\n"', "echo ok"]
