"""The user's container carried to the target's runtime (issue 14: "the site's modules,
environment, container runtime: replaced by the target's, with notes")."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from maple_flow import port
from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import ClusterProfile

HEAD = """#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -A abc
#SBATCH -t 01:00:00
"""
SIF = HEAD + ("srun singularity exec --nv -B /scratch:/scratch /home/u/pt.sif "
             "python train.py --lr 1\n")
SHIFTER = HEAD + ("#SBATCH --image=nersc/pytorch:24.06.01\n#SBATCH --module=gpu,nccl-plugin\n"
                  "srun shifter python train.py --lr 1\n")


def _launch(script: str, target: str) -> tuple[str, str]:
    r = port(script, target)[target]
    line = next(x.strip() for x in r.script.splitlines() if "train.py" in x)
    return line, "\n".join(r.notes)


@pytest.mark.parametrize(("target", "runtime"), [
    ("delta", "apptainer"), ("deltaai", "apptainer"), ("bridges2", "singularity")])
def test_a_sif_runs_under_the_target_runtime(target: str, runtime: str) -> None:
    # the image's interpreter as the user named it (Delta's host stack calls it python3)
    line, notes = _launch(SIF, target)
    assert line == f"{runtime} exec --nv -B /scratch:/scratch /home/u/pt.sif python train.py --lr 1"
    assert "a file of the source's filesystem: copy it" in notes
    assert "bind mounts (-B/--bind) name paths of the source's filesystem" in notes
    assert "is not used on the target" not in notes
    assert ("aarch64" in notes) == (target == "deltaai")


def test_a_shifter_image_becomes_a_docker_uri_for_apptainer() -> None:
    line, notes = _launch(SHIFTER, "delta")
    assert line == "apptainer exec --nv docker://nersc/pytorch:24.06.01 python train.py --lr 1"
    assert "pulled by the runtime from its registry" in notes


@pytest.mark.parametrize("target", ["perlmutter", "polaris"])
def test_no_runtime_on_the_target_drops_the_container_with_what_to_do(target: str) -> None:
    line, notes = _launch(SIF, target)
    assert "pt.sif" not in line and "exec" not in line
    assert "container /home/u/pt.sif (singularity) is not used on the target" in notes
    assert "no Apptainer/Singularity runtime" in notes and "rebuild" in notes


@pytest.mark.parametrize("options", ["--cleanenv --nv", "--nv --overlay /tmp/o.img", "--rocm",
                                     "-B /scratch:/scratch"])
def test_an_option_not_understood_keeps_the_drop(options: str) -> None:
    line, notes = _launch(SIF.replace("--nv -B /scratch:/scratch", options), "delta")
    assert "apptainer" not in line and "singularity" not in line
    assert "container /home/u/pt.sif (singularity) is not used on the target" in notes


def test_singularity_run_keeps_the_drop() -> None:
    line, notes = _launch(SIF.replace("singularity exec", "singularity run"), "delta")
    assert "apptainer" not in line
    assert "container /home/u/pt.sif (singularity) is not used on the target" in notes


@pytest.mark.parametrize("image", ["docker:me/torch:24", "torch:24"])
def test_a_shifter_option_image_is_carried(image: str) -> None:
    script = HEAD + f"srun shifter --image={image} python train.py --lr 1\n"
    line, _ = _launch(script, "bridges2")
    bare = image.removeprefix("docker:")
    assert line == f"singularity exec --nv docker://{bare} python train.py --lr 1"


def test_the_image_path_is_quoted() -> None:
    script = SIF.replace("/home/u/pt.sif", "'/home/u/my pt;x.sif'")
    line, _ = _launch(script, "delta")
    assert line.startswith("apptainer exec --nv -B /scratch:/scratch '/home/u/my pt;x.sif' ")


def test_a_container_with_an_unknown_source_is_rejected() -> None:
    data = get_profile("delta").model_dump()
    data["container"]["sources"] = ["NO-SUCH-SOURCE"]
    with pytest.raises(ValidationError, match="container"):
        ClusterProfile.model_validate(data)
