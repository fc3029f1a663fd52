"""Held-out port classes of bench/unseen16 (s21-u16held): a launcher flag followed by another
option (``mpiexec --no-vni -n $N``) is no option taking the next word; ..."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError

_PBS = "#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -q prod\n"

FLAG_THEN_COUNT = _PBS + """cd $PBS_O_WORKDIR
NNODES=`wc -l < $PBS_NODEFILE`
mpiexec --no-vni -n $NNODES --ppn 1 ./bin/stage_data /local/scratch
mpiexec --no-vni -n 8 --ppn 4 python train.py --epochs 3
"""


def test_launcher_flag_then_count_is_not_a_held_program() -> None:
    with pytest.raises(MapleError) as err:
        port(FLAG_THEN_COUNT, ["vista"])
    why = str(err.value)
    # `-n $NNODES` is the rank count, not a program held in $NNODES
    assert "held in the variable $NNODES" not in why
    assert "./bin/stage_data" in why


_SLURM = "#!/bin/bash\n#SBATCH --time=02:00:00\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n"


@pytest.mark.parametrize("line", [
    "srun xvfb-run -a python sim/render_eval.py --episodes 5",
    'xvfb-run -s "-screen 0 1024x768x24" python sim/render_eval.py --episodes 5',
])
@pytest.mark.parametrize("target", ["bridges2", "polaris"])
def test_xvfb_run_wraps_the_python_program(line: str, target: str) -> None:
    result = port(_SLURM + "module load ffmpeg\n" + line + "\n", [target])[target]
    assert result.status == "generated"
    wrapper = line.split(" python")[0].removeprefix("srun ")
    assert f"{wrapper} python sim/render_eval.py --episodes 5" in result.script
    note = next(n for n in result.notes if "xvfb-run" in n)
    assert "kept in front of it" in note and "command -v xvfb-run" in note


TEMPLATE_EVAL = _SLURM + """#SBATCH --ntasks=1
module purge
module load rhel8/default-amp
application="{app}"
options=""
workdir="$SLURM_SUBMIT_DIR"
CMD="$application {rest}"
cd $workdir
echo -e "Executing command: $CMD"
eval $CMD
"""


@pytest.mark.parametrize(("app", "rest", "why"), [
    ("~/proj/experiments/run.sh", "$@", "your shell script ~/proj/experiments/run.sh"),
    ("$HOME/solver/bin/lbm3d", "$options", "a program that is not Python"),
])
def test_eval_of_a_variable_the_script_sets_names_its_text(app: str, rest: str, why: str) -> None:
    with pytest.raises(MapleError) as err:
        port(TEMPLATE_EVAL.format(app=app, rest=rest), ["vista"])
    text = str(err.value)
    assert "does not show, so the program it trains" not in text  # CMD is set in the script
    assert "line 14: `eval $CMD` runs the text the script sets on line 11" in text
    assert f"$application (line 8: `{app}`)" in text and why in text
    assert ("$@: the arguments the job is submitted with" in text) == (rest == "$@")


EVAL_STRING = _SLURM + """#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
RAW='{{"tag": "eval set"}}'
{meta}
ARGS=(
  "run-$SLURM_JOB_ID"
  "data.meta=$META"
)
export LAUNCH="torchrun --nproc_per_node=4 train.py ${{ARGS[@]}}"
eval "$LAUNCH"
"""


def test_eval_of_values_quoted_for_its_second_parse_is_refused() -> None:
    with pytest.raises(MapleError) as err:
        port(EVAL_STRING.format(meta='META=$(printf %q "$RAW")'), ["perlmutter"])
    text = str(err.value)
    assert "line 14: `eval \"$LAUNCH\"` runs its launch through eval" in text
    assert "$META (line 8: `$(printf %q \"$RAW\")`) is quoted with printf %q" in text


def test_eval_of_plain_values_still_ports() -> None:
    result = port(EVAL_STRING.format(meta="META=plain"), ["perlmutter"])["perlmutter"]
    assert result.status == "generated" and "train.py" in result.script


CACHE_PER_BATCH = _SLURM + """#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
export TRITON_CACHE_DIR=$HOME/triton_cache_$SLURM_PROCID
export NODE_RANK=$SLURM_PROCID
mkdir -p $TRITON_CACHE_DIR
torchrun --nproc_per_node=4 train.py
"""


@pytest.mark.parametrize("target", ["polaris", "perlmutter"])
def test_path_reading_the_batch_steps_rank_is_kept_with_its_value(target: str) -> None:
    result = port(CACHE_PER_BATCH, [target])[target]
    assert result.status == "generated"
    # the source's every rank used triton_cache_0: kept so, with the step that makes it
    assert "export TRITON_CACHE_DIR=$HOME/triton_cache_0" in result.script
    assert "mkdir -p $TRITON_CACHE_DIR" in result.script
    note = next(n for n in result.notes if "TRITON_CACHE_DIR" in n)
    assert "written as that 0" in note
    # a rank fact itself is still not copied
    assert "export NODE_RANK=" not in result.script


KEPT_CUDA_TOOL = _SLURM + """#SBATCH --ntasks=1
module load cuda
futhark bench kernels.fut --backend=cuda
"""


def test_kept_program_gets_the_targets_cuda_toolkit_for_the_sources_cuda_module() -> None:
    result = port(KEPT_CUDA_TOOL, ["anvil"])["anvil"]
    assert result.status == "generated"
    assert "module load cuda/12.6.1" in result.script  # templates/clusters/anvil.yaml
    assert any("the port loads Anvil's CUDA toolkit module `cuda/12.6.1`" in n
               for n in result.notes)


def test_kept_cuda_program_on_intel_gpus_names_its_backend_not_a_cuda_build() -> None:
    result = port(KEPT_CUDA_TOOL, ["aurora"])["aurora"]
    assert result.status == "refused"
    why = result.notes[0]
    assert "the job's `--backend=cuda` chooses CUDA" in why
    assert "another GPU backend" in why and "built for" not in why


def test_eval_of_unset_program_and_computed_options_names_both() -> None:
    text = TEMPLATE_EVAL.replace('application="{app}"\n', "# application=python\n").replace(
        'options=""', 'options="$(sed -n ${{SLURM_ARRAY_TASK_ID}}p runs.txt)"').format(
        rest="$options")
    with pytest.raises(MapleError) as err:
        port(text, ["delta"])
    why = str(err.value)
    assert "the program it runs is $application" in why
    assert "$application is not set in the script" in why
    assert "$options is set on line 9 by a command the job runs" in why


IMAGE_CHECK = _SLURM + """#SBATCH --ntasks=1
CONTAINER="${CONTAINER:-/cluster/work/containers/pytorch_arm64.sif}"
if [ ! -f "$CONTAINER" ]; then
  echo "Missing container at $CONTAINER" >&2
  exit 1
fi
srun apptainer exec --nv "$CONTAINER" python train.py --config run.yml
"""


STOCK_CHECK = IMAGE_CHECK.replace("pytorch_arm64.sif", "pytorch_24.06_arm64.sif")


@pytest.mark.parametrize("target", ["aurora"])
def test_check_of_a_dropped_containers_image_does_not_end_the_job(target: str) -> None:
    # a stock PyTorch image, which Aurora's stack stands in for; Lonestar6 has no PyTorch of
    # its own, so there the port is refused (below)
    result = port(STOCK_CHECK, [target])[target]
    assert result.status == "generated"
    assert "apptainer" not in result.script.split("# The job's own set-up steps")[-1].split(
        "python")[-1]
    assert ":  # not run on the target (the port does not use the image): exit 1" in result.script
    assert '  echo "Missing container at $CONTAINER" >&2' in result.script
    assert any("the check's `exit` is made a no-op" in n for n in result.notes)


def test_dropped_container_names_an_image_of_another_architecture() -> None:
    note = next(n for n in port(STOCK_CHECK, ["aurora"])["aurora"].notes
                if "is not used on the target" in n)
    assert "its image's name says arm64" in note
    assert "does not run on Aurora's x86_64 nodes" in note
    assert "build the image for x86_64" in note


def test_an_image_lonestar6_cannot_stand_in_for_refuses_naming_its_architecture() -> None:
    r = port(IMAGE_CHECK, ["lonestar6"])["lonestar6"]
    assert r.status == "refused"
    reason = next(n for n in r.notes if n.startswith("refused for Lonestar6"))
    assert "its image's name says arm64" in reason and "x86_64" in reason
    assert "provide an image Lonestar6's apptainer runs" in reason
