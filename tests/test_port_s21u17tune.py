"""s21-u17tune: classes behind the unseen17 tune ports that were not good (round 2)."""

from __future__ import annotations

import pytest

from maple_flow import port

LOCAL_SERVER = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00

cd $HOME/proj
{setup}
vllm serve ./models/small --port 8000 &
SERVER=$!
while ! curl -s {url}/v1/models > /dev/null; do
    sleep 5
done
python agent.py --base-url {url}/v1
kill $SERVER
"""


@pytest.mark.parametrize("target", ["polaris", "aurora"])
@pytest.mark.parametrize("url", ["http://localhost:8000", "http://127.0.0.1:8000",
                                 "http://$(hostname):8000"])
def test_polling_the_jobs_own_server_is_no_download(target: str, url: str) -> None:
    result = port(LOCAL_SERVER.format(setup="", url=url), [target])[target]
    assert "proxy.alcf" not in result.script
    assert not any("downloads" in n for n in result.notes), result.notes


@pytest.mark.parametrize("target", ["polaris", "aurora"])
def test_a_real_download_beside_a_local_server_keeps_the_node_out_of_the_proxy(
        target: str) -> None:
    result = port(LOCAL_SERVER.format(setup="pip install openai",
                                      url="http://localhost:8000"), [target])[target]
    lines = result.script.splitlines()
    assert "export https_proxy=http://proxy.alcf.anl.gov:3128" in lines
    # s39gaps: the site's documented no_proxy (profile network.no_proxy), the local address
    # it lacks added
    site = ("'admin,polaris-adminvm-01,localhost,*.cm.polaris.alcf.anl.gov,polaris-*,"
            "*.polaris.alcf.anl.gov,*.alcf.anl.gov,127.0.0.1'")
    assert f"export no_proxy={site}" in lines
    assert f"export NO_PROXY={site}" in lines
    assert any("no_proxy" in n and "localhost:8000" in n for n in result.notes), result.notes


def test_a_download_from_a_host_named_like_localhost_still_downloads() -> None:
    result = port(LOCAL_SERVER.format(setup="wget http://localhost.example.org/data.tar",
                                      url="http://127.0.0.1:8000"), ["polaris"])["polaris"]
    assert "export https_proxy=http://proxy.alcf.anl.gov:3128" in result.script.splitlines()


GPU_FEATURE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH -c 16
#SBATCH {gpus}
#SBATCH --constraint={feature}
#SBATCH -t 12:00:00

python train.py --epochs 5
"""


@pytest.mark.parametrize("gpus", ["-G A100:1", "--gres=gpu:a100:1", "--gpus-per-node=1"])
@pytest.mark.parametrize("feature", ["80gb", "80gb_vram", '"80gb&infiniband"'])
@pytest.mark.parametrize("target", ["polaris", "lonestar6"])
def test_a_bare_gpu_memory_feature_is_read_as_the_gpus_memory(
        gpus: str, feature: str, target: str) -> None:
    result = port(GPU_FEATURE.format(gpus=gpus, feature=feature), [target])[target]
    # Polaris: 40 GB A100s only (a note says LESS); Lonestar6: its 80 GB nodes (gpu-h100)
    assert any(n.startswith(("GPU memory", "GPU nodes")) and "80 GB" in n
               and ("40 GB: LESS" in n or "80 GB each" in n) for n in result.notes), result.notes


def test_a_bare_gpu_memory_feature_picks_perlmutters_80gb_nodes() -> None:
    result = port(GPU_FEATURE.format(gpus="-G A100:1", feature="80gb"),
                  ["perlmutter"])["perlmutter"]
    assert "#SBATCH -C gpu&hbm80g" in result.script.splitlines(), result.notes


def test_a_size_feature_of_a_job_without_gpus_is_not_gpu_memory() -> None:
    script = GPU_FEATURE.format(gpus="--mem=64G", feature="80gb")
    from maple_flow.knowledge.directives import parse_directives
    from maple_flow.port.gpu_memory import asked_gpu
    assert asked_gpu(parse_directives(script)) is None


def test_a_size_no_a100_has_is_not_read_as_its_memory() -> None:
    from maple_flow.knowledge.directives import parse_directives
    from maple_flow.port.gpu_memory import asked_gpu
    asked = asked_gpu(parse_directives(GPU_FEATURE.format(gpus="-G A100:1", feature="256gb")))
    assert asked is not None and asked.memory_gb is None


def test_less_memory_on_another_vendor_names_both() -> None:
    result = port(GPU_FEATURE.format(gpus="-G A100:1", feature="80gb"), ["aurora"])["aurora"]
    note = next((n for n in result.notes if n.startswith("GPU memory")), "")
    assert "LESS" in note and "CUDA" in note, result.notes


LOOP_OVER_PROGRAMS_AFTER_A_PYTHON_M_STEP = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=8
#SBATCH -G A100:1
#SBATCH -t 2:00:00

python -m torch.utils.collect_env 2> /dev/null
files=("a_detect.py" "b_generate.py")
for file in "${files[@]}"
do
    echo "Running $file"
    python -u "$file" --use_gpu
done
"""


@pytest.mark.parametrize("target", ["perlmutter", "delta", "polaris"])
def test_a_looped_launch_after_a_python_m_step_is_rewritten_one_process(target: str) -> None:
    result = port(LOOP_OVER_PROGRAMS_AFTER_A_PYTHON_M_STEP, [target])[target]
    assert result.status != "refused", result.notes
    body = result.script.split('for file in "${files[@]}"', 1)[1]
    assert '"$file" --use_gpu' in body
    assert "torchrun" not in body


FUNCTION_OF_ITS_ARGUMENTS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH -t 2:00:00

run_python() {{
    if [ "$USE_CONTAINER" = true ]; then
        $RUNTIME exec --nv "$IMAGE" python "$@"
    else
        python "$@"
    fi
}}

{call}
"""


@pytest.mark.parametrize("call", ['run_python "${CODE_DIR}/train.py"',
                                  "run_python train.py --lr 1e-4"])
def test_dollar_at_in_a_called_shell_function_is_its_arguments_not_the_jobs(call: str) -> None:
    from maple_flow.errors import MapleError
    with pytest.raises(MapleError) as err:
        port(FUNCTION_OF_ITS_ARGUMENTS.format(call=call), ["polaris"])
    text = str(err.value)
    assert "given to sbatch/qsub" not in text
    assert "`run_python`" in text and "shell function" in text and call in text


def test_dollar_at_at_the_top_level_is_still_the_jobs_command_line() -> None:
    from maple_flow.errors import MapleError
    script = "#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\npython \"$@\"\n"
    with pytest.raises(MapleError, match="given to sbatch/qsub"):
        port(script, ["polaris"])


CONTAINER_READS_VARIABLES = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=8
#SBATCH --gres=gpu:1
#SBATCH --time=24:00:00

set -euo pipefail

REPO=/scratch/$USER/proj
OVERLAY=$REPO/overlay-15GB-500K.ext3
IMAGE=/share/apps/images/cuda12.sif
CONFIG=configs/small.yaml

singularity exec --nv \\
  --overlay "$OVERLAY:ro" \\
  "$IMAGE" bash -c "
    source /ext3/env.sh
    conda activate jepa
    cd $REPO
    export WANDB_API_KEY=\\${WANDB_API_KEY:-}
    torchrun --standalone --nproc_per_node=1 -m pkg.train $CONFIG out_path=$REPO/ckpt
  "
"""


@pytest.mark.parametrize("target", ["delta", "vista"])
def test_variables_a_kept_container_line_reads_are_kept(target: str) -> None:
    result = port(CONTAINER_READS_VARIABLES, [target])[target]
    lines = result.script.splitlines()
    assert "REPO=/scratch/$USER/proj" in lines
    assert "OVERLAY=$REPO/overlay-15GB-500K.ext3" in lines
    at = next(i for i, x in enumerate(lines) if "--overlay" in x)
    assert lines.index("OVERLAY=$REPO/overlay-15GB-500K.ext3") < at
    assert not any("`REPO=" in n and "only builds" in n for n in result.notes), result.notes


@pytest.mark.parametrize("target", ["delta", "vista"])
def test_a_body_export_of_its_own_value_is_not_blanked_in_the_batch_shell(target: str) -> None:
    result = port(CONTAINER_READS_VARIABLES, [target])[target]
    assert "export WANDB_API_KEY=''" not in result.script
    assert not any(x.startswith("export WANDB_API_KEY=") for x in result.script.splitlines())


SCRIPT_BY_VARIABLE_IN_A_CONTAINER = """#!/bin/bash -l
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --time=10:00:00

CONFIG_NAME=main.yaml
RUN_SCRIPT=$(pwd -P)/run_pytorch.sh
CONFIG_DIR=$(pwd -P)/training/
CONTAINER=/scratch/proj/container/ocean.sif
srun singularity exec -B /pfs:/pfs $CONTAINER $RUN_SCRIPT $CONFIG_DIR $CONFIG_NAME
"""


@pytest.mark.parametrize("target", ["anvil", "polaris"])
def test_a_refusal_names_the_words_that_run_not_their_last_argument(target: str) -> None:
    result = port(SCRIPT_BY_VARIABLE_IN_A_CONTAINER, [target])[target]
    assert result.status == "refused"
    refusal = next(n for n in result.notes if n.startswith("refused"))
    assert "$RUN_SCRIPT $CONFIG_DIR main.yaml" in refusal
    assert "run_pytorch.sh" in refusal and "singularity" in refusal
    assert "main.yaml's own" not in refusal
    assert "not Python" not in refusal


TWO_RANKS_A_GPU_ON_POLARIS = """#!/bin/bash
#PBS -l select=2
#PBS -A proj
#PBS -q debug-scaling
#PBS -l walltime=0:15:00
#PBS -l filesystems=eagle:home

NODES=`cat $PBS_NODEFILE | wc -l`
export GPUS_PER_NODE=4
export RANKS_PER_GPU={per_gpu}
RANKS_PER_NODE=$(( GPUS_PER_NODE * RANKS_PER_GPU ))
RANKS=$((NODES * RANKS_PER_NODE))
mpiexec -n $RANKS -ppn $RANKS_PER_NODE ./run_everything.sh $GPUS_PER_NODE $RANKS_PER_GPU
"""


@pytest.mark.parametrize("target", ["bridges2", "deltaai", "anvil"])
def test_ranks_sharing_a_whole_nodes_gpus_are_not_re_laid_silently(target: str) -> None:
    result = port(TWO_RANKS_A_GPU_ON_POLARIS.format(per_gpu=2), [target], source="polaris")[target]
    assert result.status == "refused"
    refusal = next(n for n in result.notes if n.startswith("refused"))
    assert "2 ranks a GPU" in refusal and "ranks=8" in refusal


def test_one_rank_a_gpu_on_polaris_still_ports() -> None:
    result = port(TWO_RANKS_A_GPU_ON_POLARIS.format(per_gpu=1), ["bridges2"],
                  source="polaris")["bridges2"]
    assert result.status != "refused", result.notes


def test_ranks_given_by_the_user_are_their_answer() -> None:
    result = port(TWO_RANKS_A_GPU_ON_POLARIS.format(per_gpu=2), ["bridges2"], source="polaris",
                  ranks=8)["bridges2"]
    assert not any("ranks a GPU" in n for n in result.notes if n.startswith("refused"))


HUB_MODEL = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00
{setup}
init_model_path={model}
python ./src/do_train.py --epochs=10 --init_model_path=$init_model_path
"""


@pytest.mark.parametrize("target", ["aurora", "polaris"])
def test_a_hub_model_the_program_loads_gets_the_proxy(target: str) -> None:
    result = port(HUB_MODEL.format(setup="", model="klue/bert-base"), [target])[target]
    assert "export https_proxy=http://proxy.alcf.anl.gov:3128" in result.script.splitlines()
    assert any("klue/bert-base" in n and "Hugging Face Hub" in n for n in result.notes)


@pytest.mark.parametrize("setup,model", [
    ("export HF_HUB_OFFLINE=1", "klue/bert-base"),   # the job says it runs offline
    ("", "models/bert-base"),                        # a folder of the job's
    ("", "./ckpt/bert"),                             # a path
    ("", "klue/bert-base/config.json"),              # a file
])
def test_no_hub_download_read_where_there_is_none(setup: str, model: str) -> None:
    result = port(HUB_MODEL.format(setup=setup, model=model), ["aurora"])["aurora"]
    assert "proxy.alcf" not in result.script


def test_local_no_proxy_without_a_documented_list_is_the_node_itself() -> None:
    from maple_flow.knowledge.clusters import all_profiles
    from maple_flow.port.proxy import local_no_proxy

    assert local_no_proxy(all_profiles()["delta"])[0] == "localhost,127.0.0.1"
    value, note = local_no_proxy(all_profiles()["polaris"])
    assert value.startswith("admin,polaris-adminvm-01,localhost,") and "127.0.0.1 added" in note
