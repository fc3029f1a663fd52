"""s19-portpaths: placeholder paths, paths of the source site's file systems (and the target's own
areas named), fallback paths of the submit environment kept as references in a `bash -c` body,
and container images a target's own stack cannot stand in for. Scripts written here (not
copied from any bench set); each test fails without its fix."""

from __future__ import annotations

import pytest

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.knowledge.filesystems import site_of_path, target_storage
from maple_flow.knowledge.images import older_generation, unknown_user_image
from maple_flow.port.api import port
from maple_flow.scriptparse import parse_script

PLACEHOLDERS = """#!/bin/bash
#SBATCH --job-name=t
#SBATCH --output="/path/to/logs/out.txt"
#SBATCH --gres=gpu:1
#SBATCH --time=02:00:00
DATA=/home/xxx/datasets/cifar
cd /scratch/YOUR_USERNAME/project
python train.py --data $DATA
"""


@pytest.mark.parametrize("target", ["anvil", "aurora", "lonestar6"])
def test_placeholder_paths_are_named_in_every_port(target: str) -> None:
    """`/path/to/...` in a directive, `/home/xxx/...` in an assignment and `YOUR_USERNAME` in a
    cd are values the user was meant to fill in: each line is named, in every port."""
    notes = "\n".join(port(PLACEHOLDERS, [target])[target].notes)
    assert "placeholder `/path/to/logs/out.txt`" in notes
    assert "placeholder `/home/xxx/datasets/cifar`" in notes
    assert "placeholder `/scratch/YOUR_USERNAME/project`" in notes


LEONARDO = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
cd /leonardo_work/IscrC_abc/proj
BASE="${CINECA_SCRATCH:-/leonardo_scratch/large/userexternal/me}"
torchrun --nproc_per_node=4 train.py --out "$BASE/run"
"""


def test_source_site_paths_are_named_with_the_targets_own_areas() -> None:
    """A Leonardo work path and CINECA's scratch variable stay as written, and one note names
    them as Leonardo's and names the target's own storage areas (from filesystems.yaml)."""
    result = port(LEONARDO, ["perlmutter"])["perlmutter"]
    assert "cd /leonardo_work/IscrC_abc/proj" in result.script
    note = next(n for n in result.notes if "places of the source site's file systems" in n)
    assert "`/leonardo_work/IscrC_abc/proj` (CINECA Leonardo's work area ($WORK))" in note
    assert "`$CINECA_SCRATCH` (CINECA Leonardo's scratch; Perlmutter does not set it" in note
    assert "scratch $PSCRATCH" in note and "$CFS/<project>" in note


def test_a_path_the_target_mounts_too_is_not_the_source_sites() -> None:
    script = LEONARDO.replace("/leonardo_work/IscrC_abc/proj", "/lus/eagle/projects/abc/proj")
    notes = "\n".join(port(script, ["polaris"])["polaris"].notes)
    assert "/lus/eagle/projects/abc/proj" not in notes.split("not among")[0].split(
        "places of the source site's file systems")[-1].split("they stay")[0]


def test_every_target_has_its_storage_areas() -> None:
    for cluster in all_profiles():
        assert target_storage(cluster) is not None, cluster
    assert site_of_path("/home/me/projects/def-pi/me/x") is not None
    assert site_of_path("/scratch/data") is None  # generic: no site's alone


FALLBACK_IN_BODY = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
BASE="${CINECA_SCRATCH:-${SCRATCH:-/leonardo_scratch/$USER}}"
RUN_DIR="$BASE/runs/${SLURM_JOB_ID}"
OUTPUT_DIR="$RUN_DIR/output"
srun --ntasks-per-node=1 bash -lc "
  torchrun --nproc_per_node=4 main.py --output_dir ${OUTPUT_DIR} --seed 1
"
"""


def test_fallback_path_in_a_bash_c_body_stays_a_reference() -> None:
    """`--output_dir ${OUTPUT_DIR}` in a double-quoted body: OUTPUT_DIR falls back to the source
    site's path only where CINECA_SCRATCH and SCRATCH are unset; the reference is kept (its
    lines are kept above the launch), never replaced by the fallback path."""
    assert parse_script(FALLBACK_IN_BODY).launch.args == [
        "--output_dir", "${OUTPUT_DIR}", "--seed", "1"]
    result = port(FALLBACK_IN_BODY, ["perlmutter"])["perlmutter"]
    assert "--output_dir ${OUTPUT_DIR}" in result.script
    assert "/leonardo_scratch/$USER/runs" not in result.script


def test_a_plain_default_in_a_body_is_still_read() -> None:
    """Sizes with a numeric default keep being read as before (no path fallback)."""
    script = FALLBACK_IN_BODY.replace("${OUTPUT_DIR}", "out").replace(
        "--seed 1", "--seed ${SEED}").replace('OUTPUT_DIR="$RUN_DIR/output"',
                                               'SEED="${SEED0:-7}"')
    assert parse_script(script).launch.args == ["--output_dir", "out", "--seed", "7"]


OLD_IMAGE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --time=01:00:00
srun singularity exec --nv ~/images/pytorch-19.06-py3.simg python train.py --fp16
"""


@pytest.mark.parametrize("target", ["perlmutter", "aurora"])
def test_an_old_framework_image_is_not_replaced_by_the_targets_stack(target: str) -> None:
    """A 2019 NGC image does not run on the target's runtime (a SIF file under Shifter, a CUDA
    image on Intel GPUs): the port refuses, naming the image and the runtime, instead of running
    the program on the target's current PyTorch with only a note."""
    result = port(OLD_IMAGE, [target])[target]
    assert result.status == "refused"
    refusal = next(n for n in result.notes if n.startswith("refused"))
    assert "pytorch-19.06-py3.simg" in refusal and "19.06" in refusal
    assert ("shifter" if target == "perlmutter" else "apptainer") in refusal


def test_an_old_framework_image_is_still_carried_where_the_runtime_runs_it() -> None:
    result = port(OLD_IMAGE, ["polaris"])["polaris"]
    assert result.status != "refused"
    assert "apptainer exec --nv" in result.script and "pytorch-19.06-py3.simg" in result.script


def test_a_versionless_image_of_the_users_own_is_not_dropped() -> None:
    script = OLD_IMAGE.replace("~/images/pytorch-19.06-py3.simg", "../../torch.simg")
    result = port(script, ["aurora"])["aurora"]
    assert result.status == "refused"
    assert any("../../torch.simg" in n and "no framework version" in n for n in result.notes)


def test_a_current_stock_image_is_still_dropped_with_a_note() -> None:
    script = OLD_IMAGE.replace("~/images/pytorch-19.06-py3.simg",
                               "/site/containers/ngc/pytorch/pytorch_latest.sif")
    result = port(script, ["aurora"])["aurora"]
    assert result.status != "refused"
    assert any("is not used on the target" in n for n in result.notes)


def test_image_generations_read_from_names() -> None:
    assert "19.06" in older_generation("nvcr.io/nvidia/pytorch:19.06-py3")
    assert "1.4" in older_generation("pytorch1.4.0-py3-cuda10.1-ubuntu18.04.simg")
    assert "1.15" in older_generation("tensorflow_1.15_gpu.sif")
    assert older_generation("nersc/pytorch:ngc-22.02-v0") == ""
    assert older_generation("nvidia/cuda:11.6.2-base-ubuntu20.04") == ""
    assert unknown_user_image("../apptainer/pytorch-latest.sif") == ""
    assert unknown_user_image("$CONTAINER") == ""


SCRATCH_VAR = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
cd $SCRATCH/proj
python train.py --out "$SCRATCH/run"
"""


@pytest.mark.parametrize(("target", "flagged"), [("perlmutter", False), ("polaris", True)])
def test_scratch_is_a_documented_variable_on_perlmutter(target: str, flagged: bool) -> None:
    """NERSC documents Perlmutter scratch as `$SCRATCH or $PSCRATCH`: a script reading $SCRATCH
    gets no "not among the documented variables" note there; on Polaris (no scratch variable)
    it does."""
    notes = "\n".join(port(SCRATCH_VAR, [target])[target].notes)
    assert ("`$SCRATCH` (a storage variable not among" in notes) is flagged
