"""Container runtimes (s36ctr, templates/failures/ctr_s36.yaml and the records it extends):
Apptainer's mount errors from its own message table - a bind destination the configured runtime
cannot create and a node without FUSE / user namespaces / overlay capabilities are the site's
(advice, no fix); a bind source, an image path (also NAME:TAG.sif) or an enroot path that one
script line gives is asked for; an image built for another CPU is not the script's; look-alikes
keep their answers."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.entity import same_thing

APPTAINER = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
module load apptainer
srun apptainer exec --nv --bind /home/u/.aws:/root/.aws /lus/x/pytorch:24.04.sif \\
    torchrun --nnodes=2 --nproc_per_node=4 train.py
"""
PYXIS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --time=01:00:00
srun --container-image=nvcr.io#nvidia/pytorch:24.01-py3 --container-save=/home/u/img/nv:24.3.sqsh \\
    python train.py
"""


def _diag(script: str, log: str) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, "delta", None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


@pytest.mark.parametrize("log", [
    "FATAL:   container creation failed: mount hook function failure: mount /opt/cray->/opt/cray"
    " error: while mounting /opt/cray: destination /opt/cray doesn't exist in container\n",
    "FATAL:   container creation failed: mount /appl->/appl error: while mounting /appl: "
    "destination /appl doesn't exist in container\n",
])
def test_bind_destination_the_runtime_cannot_create_is_the_sites(log: str) -> None:
    data, first = _diag(APPTAINER, log)
    assert first == "apptainer-bind-destination-not-creatable/not_script"
    assert data["proposed"] is None


@pytest.mark.parametrize("log", [
    "error: while mounting image /proc/self/fd/3: squashfuse_ll exited with status 1: fuse: "
    "device not found, try 'modprobe fuse' first\n",
    "FATAL:   while extracting /u/a.sif: root filesystem extraction failed: extract command "
    "failed: ERROR  : Failed to create user namespace: user namespace disabled\n",
])
def test_node_without_mount_support_is_the_sites(log: str) -> None:
    data, first = _diag(APPTAINER, log)
    assert first == "apptainer-node-lacks-mount-support/not_script"
    assert data["proposed"] is None


def test_bind_source_a_script_line_gives_is_asked_for() -> None:
    log = ("FATAL:   container creation failed: mount hook function failure: mount /home/u/.aws->"
           "/root/.aws error: while mounting /home/u/.aws: mount source /home/u/.aws "
           "doesn't exist\n")
    data, _ = _diag(APPTAINER, log)
    assert data["verdict"] == "ask"
    assert "entity-container-bind-source-missing" in (data.get("why_none") or "")


def test_bind_source_from_the_sites_configuration_is_not_asked_for() -> None:
    log = ("FATAL:   container creation failed: mount /askap->/askap error: while mounting "
           "/askap: mount source /askap doesn't exist\n")
    data, _ = _diag(APPTAINER, log)
    assert data["verdict"] != "ask" and data["proposed"] is None


def test_image_path_with_a_tag_colon_is_asked_for() -> None:
    img = "/lus/x/pytorch:24.04.sif"
    log = (f"FATAL:   could not open image {img}: failed to retrieve path for {img}: lstat "
           f"{img}: no such file or directory\n")
    data, _ = _diag(APPTAINER, log)
    assert data["verdict"] == "ask"
    assert img in (data.get("why_none") or "")


def test_enroot_path_a_script_option_gives_is_asked_for() -> None:
    log = "slurmstepd: error: pyxis: [ERROR] No such file or directory: /home/u/img/nv:24.3.sqsh\n"
    data, _ = _diag(PYXIS, log)
    assert data["verdict"] == "ask"
    assert "entity-enroot-image-path-missing" in (data.get("why_none") or "")


def test_image_for_another_architecture_is_not_the_script() -> None:
    log = ("FATAL:   could not open image /u/test.sif: the image's architecture (arm64) could "
           "not run on the host's (amd64)\n")
    data, first = _diag(APPTAINER, log)
    assert first == "apptainer-image-architecture-mismatch/not_script"
    assert data["proposed"] is None


def test_skipped_mount_warning_is_no_destination_failure() -> None:
    log = ("WARNING: Skipping mount /var/lib/apptainer/mnt/session/etc/resolv.conf [files]: "
           "/etc/resolv.conf doesn't exist in container\n")
    _, first = _diag(APPTAINER, log)
    assert not first.startswith("apptainer-bind-destination-not-creatable")


def test_bind_spec_source_is_the_same_path() -> None:
    assert same_thing("/home/u/.aws", "/home/u/.aws:/root/.aws", "path")
    assert not same_thing("/home/u", "/home/u/.aws:/root/.aws", "path")
    assert not same_thing("/lus/x/pytorch", "/lus/x/pytorch:24.04.sif", "path")


@pytest.mark.parametrize("why", ["image format not recognized", "unknown image format/type"])
def test_image_file_the_runtime_cannot_read_is_not_the_script(why: str) -> None:
    data, first = _diag(APPTAINER, f"FATAL:   could not open image /u/c.sif: {why}\n")
    assert first == "container-image-unmountable/not_script"
    assert data["proposed"] is None


SHIFTER = """#!/bin/bash
#SBATCH -C gpu
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
#SBATCH --image=nersc/pytorch:24.06.01
srun shifter python train.py
"""


def test_shifter_image_the_gateway_lacks_is_asked_then_written() -> None:
    log = "srun: error: Failed to lookup image. Aborting.\n"
    data = diagnose_log(SHIFTER, log, "perlmutter", None, False)
    assert data["verdict"] == "ask" and "image" in (data.get("why_none") or "")
    done = diagnose_log(SHIFTER, log, "perlmutter", None, False,
                        answers={"image": "docker:nersc/pytorch:24.07.01"})
    assert done["proposed"] is not None
    assert "+#SBATCH --image=docker:nersc/pytorch:24.07.01" in done["proposed"]["diff"]
