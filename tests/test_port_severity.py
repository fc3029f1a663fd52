"""Notes carry a severity made where the note is made (maple_flow.port.severity): a note that
knows the job breaks as written (a ``Breaking`` note) refuses the port with the finding and what
to do; a hedge ("check X") stays a note. First producer: the source's container not carried."""

from __future__ import annotations

import copy
import pickle

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.severity import Breaking, is_breaking, refusal_of, stands_in

HEAD = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -t 01:00:00
"""


def _reason(result: object, name: str) -> str:
    return next(n for n in result.notes if n.startswith(f"refused for {name}"))  # type: ignore[attr-defined]


def test_a_breaking_note_survives_lists_copies_and_pickles() -> None:
    note = Breaking("the image is gone", "provide one", "your image X does not run")
    notes = [n for n in ["a hedge", note] if n] + ["another"]
    assert is_breaking(notes[1]) and not is_breaking(notes[0])
    for same in (copy.deepcopy(note), pickle.loads(pickle.dumps(note))):
        assert is_breaking(same) and same.todo == "provide one" and same == note
    assert list(dict.fromkeys(notes)) == notes and is_breaking(list(dict.fromkeys(notes))[1])


def test_refusal_of_takes_the_breaking_notes_and_leaves_the_hedges() -> None:
    reason, rest = refusal_of(["check $WORK is set", Breaking("n1", "do A", "r1."), "x",
                               Breaking("n2")])
    assert reason == "r1; do A; also: n2"
    assert rest == ["check $WORK is set", "x"]
    assert refusal_of(["only a hedge"]) == ("", ["only a hedge"])


@pytest.mark.parametrize(("image", "aurora", "perlmutter"), [
    ("nvcr.io/nvidia/pytorch:24.01-py3", True, True),
    ("nvcr.io#nvidia/pytorch:24.01-py3", True, True),
    ("docker://pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime", True, True),
    ("/home/u/pytorch_24.01.sif", True, True),
    ("/apps/enroot/nvidia+pytorch+24.11-py3.sqsh", True, True),
    ("${IMG:-/c/pytorch_24.06_arm64.sif}", True, True),
    ("/ocean/containers/horovod/horovod_latest.sif", True, True),
    # a TensorFlow image: Aurora's frameworks module has TensorFlow, Perlmutter's pytorch none
    ("vmikuni/tensorflow:ngc-23.12-tf2-v1", True, False),
    # the user's own builds: nothing is known of what they hold
    ("fmsys.sif", False, False), ("myteam/trainer:3", False, False),
    # a registry image is read by its repository's name, not its tag
    ("rradev/minkowski:torch1.12_final", False, False),
    ("harbor.example.org#research/me:pytorch18_cuda102_detectron204", False, False),
    ("../docker_images/nanotron_v2.sqsh", False, False),
    ("/scratch/me/env-picotron-tutorial", False, False),
    # named by a variable the port cannot read: a hedge, not a finding
    ("$CONTAINER", True, True)])
def test_the_target_stack_stands_in_for_a_framework_image_it_gives(image: str, aurora: bool,
                                                                    perlmutter: bool) -> None:
    assert stands_in(image, get_profile("aurora")) is aurora
    assert stands_in(image, get_profile("perlmutter")) is perlmutter
    # Lonestar6 gives no framework of its own: no image is stood in for there
    assert stands_in(image, get_profile("lonestar6")) is False


USER_SIF = HEAD + (
    "srun singularity exec --nv -B /data:/data docker://myteam/trainer:3 python train.py --e 3\n")


@pytest.mark.parametrize("target", ["aurora", "stampede3"])
def test_a_users_own_image_dropped_refuses_the_port_with_what_to_provide(target: str) -> None:
    r = port(USER_SIF, target)[target]
    assert r.status == "refused" and r.script == ""
    name = get_profile(target).name
    reason = _reason(r, name)
    assert ("your program runs in your singularity container (image docker://myteam/trainer:3)"
            in reason)
    assert "GPUs are not NVIDIA ones" in reason
    assert "not known to hold what the image gives the program" in reason
    assert "its repository's name (trainer) shows no framework" in reason
    assert f"provide an image {name}'s apptainer runs (built for its Intel GPUs" in reason
    # the finding is the reason, not a note left beside it
    assert not any("is not used on the target" in n for n in r.notes)


def test_a_stock_image_dropped_stays_a_note_on_a_generated_port() -> None:
    stock = USER_SIF.replace("myteam/trainer:3", "nvcr.io/nvidia/pytorch:24.01-py3")
    r = port(stock, "aurora")["aurora"]
    assert r.status == "generated" and "python" in r.script
    assert any("is not used on the target" in n and not is_breaking(n) for n in r.notes)


PYXIS = HEAD + "srun --container-image=/scratch/me/trainer.sqsh python train.py --e 3\n"


def test_a_pyxis_container_of_the_users_refuses_the_port() -> None:
    r = port(PYXIS, "polaris")["polaris"]
    assert r.status == "refused"
    reason = _reason(r, "Polaris")
    assert "pyxis/enroot container (`--container-image=/scratch/me/trainer.sqsh`)" in reason
    assert "it has no pyxis; the image is an enroot squashfs file" in reason
    assert "provide an image Polaris's apptainer runs" in reason


def test_a_pyxis_stock_image_stays_a_note() -> None:
    r = port(PYXIS.replace("/scratch/me/trainer.sqsh", "/apps/nvidia+pytorch+24.11-py3.sqsh"),
             "polaris")["polaris"]
    assert r.status == "generated"
    assert any("pyxis/enroot container" in n for n in r.notes)


def test_a_batch_script_in_a_pyxis_container_of_the_users_runs_its_launch_in_apptainer() -> None:
    """A whole-job Docker Hub image of the user's own: the target's apptainer runs the launch
    in it (s26refuse; it used to be refused asking for the image the source already gives)."""
    script = HEAD + "#SBATCH --container-image=myteam/trainer:3\npython train.py --e 3\n"
    r = port(script, "delta")["delta"]
    assert r.status == "generated"
    assert "docker://myteam/trainer:3" in r.script
    private = port(script.replace("myteam/trainer:3", "registry.lab.example:5000/me/t:3"),
                   "delta")["delta"]
    assert private.status == "refused"
    assert "the whole batch script in its pyxis container" in _reason(private, "Delta")
    stock = port(script.replace("myteam/trainer:3", "nvcr.io#nvidia/pytorch:24.01-py3"),
                 "delta")["delta"]
    assert stock.status == "generated"


DOCKER = """#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH -t 02:00:00
docker build -t mybev .
docker run --gpus all --rm -v "$(pwd)":/app mybev python3 /app/train.py
"""


@pytest.mark.parametrize("target", ["polaris", "perlmutter", "stampede3"])
def test_docker_as_the_jobs_work_refuses_naming_the_missing_engine(target: str) -> None:
    # kept verbatim as the job's one process before; no target runs a Docker daemon: the
    # refusal names the `docker run` line (not the image build) and how to convert the image
    with pytest.raises(ParseError) as err:
        port(DOCKER, target)
    reason = str(err.value)
    assert "line 5 `docker run --gpus all" in reason and "`docker build" not in reason
    assert "Docker daemon" in reason and "apptainer pull docker://IMAGE" in reason




def test_a_download_inside_the_kept_image_body_gets_the_proxy() -> None:
    # the body stays in the image (it builds the environment there) and its `curl ... | sh`,
    # `uv sync` and the image pull download on the compute node: Polaris reaches out only
    # through the proxy
    script = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gres=gpu:4
#SBATCH -t 01:00:00
apptainer exec --nv jax.sif bash -c '
curl -LsSf https://astral.sh/uv/install.sh | sh
uv sync --group cuda
uv run python train.py --config c.toml
'
"""
    r = port(script, "polaris")["polaris"]
    assert r.status == "generated" and "HTTPS_PROXY" in r.script
    assert any("uv sync --group cuda" in n and "proxy" in n for n in r.notes)
    pulled = port(script.replace("apptainer exec", "apptainer pull jax.sif docker://nvcr.io/"
                                 "nvidia/jax:25.10-py3\napptainer exec", 1), "polaris")["polaris"]
    assert any("apptainer pull jax.sif" in n for n in pulled.notes if "proxy" in n)
