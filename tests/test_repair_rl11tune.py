"""Records for classes bench/reallogs11's tune half left unrecognised (issue 17): the site's
enroot directories (advice, no fix), a pyxis container's read-only root filesystem
(``--container-writable`` on the srun line), Triton's cache gone stale on a shared home
(TRITON_CACHE_DIR node-local), Apptainer's build filling /tmp (asks for APPTAINER_TMPDIR),
OpenMM's CUDA platform errors (advice, no fix). Wordings are other threads' than the measured
ones."""

from __future__ import annotations

import re

import pytest

from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.kb import failures_dir, load_file

NEW = load_file(failures_dir() / "rl11tune.yaml")


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict:
    from maple_flow.cli.repair import diagnose_log

    return diagnose_log(script, log, cluster, None, False)


def test_new_records_are_sourced() -> None:
    assert {r.id for r in NEW} == {
        "enroot-site-path-not-writable", "pyxis-rootfs-read-only",
        "triton-cache-stale-on-shared-fs", "apptainer-build-tmp-full",
        "openmm-cuda-platform-error", "container-guest-mpi-under-slurm"}
    assert all(len(r.references) >= 2 for r in NEW)


@pytest.mark.parametrize(("record_id", "log"), [
    ("enroot-site-path-not-writable",
     "slurmstepd: error: pyxis: failed to import docker image\n"
     "slurmstepd: error: pyxis:     mkdir: cannot create directory ‘/run/user/1001’: "
     "Permission denied\nslurmstepd: error: pyxis: couldn't start container"),
    ("enroot-site-path-not-writable",
     "slurmstepd: error: pyxis:     [INFO] Extracting image layers...\n"
     "slurmstepd: error: pyxis:     tar (child): /var/lib/enroot-cache/group-100/0b08: "
     "Cannot open: Permission denied\nslurmstepd: error: pyxis:     tar (child): Error is "
     "not recoverable: exiting now"),
    ("openmm-cuda-platform-error",
     '  File "/opt/conda/lib/python3.9/site-packages/openmm/openmm.py", line 8051, in step\n'
     "    return _openmm.LangevinMiddleIntegrator_step(self, steps)\n"
     "openmm.OpenMMException: Error downloading array force: CUDA error (700)"),
])
def test_not_script_wording_is_recognised_with_advice(record_id: str, log: str) -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm", stderr=log)
    found = classify(ev)
    assert found and (found[0].record_id, found[0].method) == (record_id, "signature"), [
        (d.record_id, d.method) for d in found[:3]]
    assert found[0].verdict == "not_script"
    assert not found[0].fix.ops and found[0].fix.advice


_PYXIS = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=00:30:00
IMAGE=nvcr.io#nvidia/pytorch:23.10-py3
srun --container-image=$IMAGE \\
     --container-mounts=/scratch:/scratch python /opt/app/run.py --out /opt/app/out
"""
_READ_ONLY = "OSError: [Errno 30] Read-only file system: '/opt/app/out'\n"


def test_read_only_rootfs_gets_container_writable_on_the_srun_line() -> None:
    data = _diagnose(_PYXIS, _READ_ONLY)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == "pyxis-rootfs-read-only"
    assert load_knowledge_base().get("pyxis-rootfs-read-only").family == "containers"
    assert re.search(r"(?m)^\+srun .*--container-writable", proposed["diff"]), proposed["diff"]


@pytest.mark.parametrize("script", [
    _PYXIS.replace("srun --container-image", "srun --container-writable --container-image"),
    _PYXIS.replace("IMAGE=", "export ENROOT_ROOTFS_WRITABLE=1\nIMAGE="),
    # no pyxis container at all: a read-only path is not the image's root filesystem
    _PYXIS.replace("--container-image=$IMAGE \\\n     --container-mounts=/scratch:/scratch ", ""),
])
def test_read_only_without_a_non_writable_pyxis_container_is_not_this_fix(script: str) -> None:
    data = _diagnose(script, _READ_ONLY)
    proposed = data["proposed"]
    assert proposed is None or proposed["record_id"] != "pyxis-rootfs-read-only"


_TORCHRUN = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes 2 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint $head:29400 \\
    pretrain.py
"""
_STALE = ("OSError: [Errno 116] Stale file handle: "
          "'/home/jdoe/.triton/cache/7d1e0a/_fused_rmsnorm.cubin'\n")


def test_triton_cache_stale_on_shared_home_moves_the_cache_node_local() -> None:
    data = _diagnose(_TORCHRUN, _STALE)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == "triton-cache-stale-on-shared-fs"
    assert re.search(r'(?m)^\+export TRITON_CACHE_DIR="?/tmp/triton-cache-\$\{?USER',
                     proposed["diff"]), proposed["diff"]


def test_triton_cache_already_set_is_not_this_fix() -> None:
    script = _TORCHRUN.replace("srun torchrun", "export TRITON_CACHE_DIR=$HOME/tc\nsrun torchrun")
    proposed = _diagnose(script, _STALE)["proposed"]
    assert proposed is None or proposed["record_id"] != "triton-cache-stale-on-shared-fs"


def test_a_stale_handle_elsewhere_stays_the_file_systems() -> None:
    ev = FailureEvidence(cluster="delta", scheduler="slurm",
                         stderr="OSError: [Errno 116] Stale file handle: '/home/u/data/x.lmdb'")
    found = classify(ev)
    assert found and found[0].record_id != "triton-cache-stale-on-shared-fs"


_APPTAINER = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
module load apptainer
apptainer pull app.sif docker://ghcr.io/example/app:latest
srun apptainer exec --nv app.sif python run.py
"""
_TMP_FULL = ("FATAL:   While making image from oci registry: error fetching image to cache: "
             "while building SIF from layers: conveyor failed to get: writing blob: write "
             "/tmp/bundle-temp-99/oci-put-blob42: no space left on device\n")


def test_apptainer_tmp_full_asks_for_the_temporary_directory() -> None:
    data = _diagnose(_APPTAINER, _TMP_FULL)
    first = data["diagnoses"][0]
    assert first["record_id"] == "apptainer-build-tmp-full"
    assert data["proposed"] is None
    assert any("apptainer_tmpdir" in str(d.get("needs")) for d in data["diagnoses"]), data


def test_apptainer_tmp_full_with_the_answer_exports_it() -> None:
    from maple_flow.knowledge.clusters import all_profiles
    from maple_flow.repair.resolve import Context, resolve_fix

    record = load_knowledge_base().get("apptainer-build-tmp-full")
    ctx = Context({}, all_profiles()["delta"], _APPTAINER,
                  answers={"apptainer_tmpdir": "/scratch/me/apptainer-tmp"})
    ops, _, unresolved = resolve_fix(record.fix, ctx)
    assert not unresolved
    assert [(o.op, getattr(o, "name", None), getattr(o, "value", None)) for o in ops] == [
        ("export_env", "APPTAINER_TMPDIR", "/scratch/me/apptainer-tmp")]


_GUEST_MPI = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --time=02:00:00
module load charliecloud
cd $SLURM_SUBMIT_DIR
ch-run --bind=$PWD ./solver_image -- mpirun -np 8 /opt/solver/bin/run input.nml
"""
_NO_SRUN = ("The SLURM process starter for OpenMPI was unable to locate a\n"
            "usable \"srun\" command in its path. Please check your path\n"
            "and try again.\n")


def test_guest_mpi_launch_is_started_from_the_host() -> None:
    data = _diagnose(_GUEST_MPI, _NO_SRUN, "stampede3")
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert proposed["record_id"] == "container-guest-mpi-under-slurm"
    assert re.search(r"(?m)^\+srun --ntasks=8 ch-run --bind=\$PWD \./solver_image -- "
                     r"/opt/solver/bin/run input\.nml$", proposed["diff"]), proposed["diff"]
    assert re.search(r"(?m)^-ch-run .*mpirun -np 8", proposed["diff"])


@pytest.mark.parametrize(("script", "why"), [
    ("apptainer exec --nv app.sif \\\n    mpiexec -n $NP python x.py --a 1\n",
     "srun --ntasks=$NP apptainer exec --nv app.sif python x.py --a 1\n"),
    ("  OMP_NUM_THREADS=2 singularity run img.sif mpirun ./a.out\n",
     "  OMP_NUM_THREADS=2 srun singularity run img.sif ./a.out\n"),
])
def test_container_host_mpi_shapes(script: str, why: str) -> None:
    from maple_flow.repair.patch_shape import container_host_mpi

    assert container_host_mpi(script) == why


@pytest.mark.parametrize("script", [
    "srun ch-run img -- mpirun -n 2 ./a\n",                 # already started from the host
    "ch-run img -- mpirun --map-by node -n 2 ./a\n",        # options srun has no meaning for
    "mpirun -n 2 ch-run img -- ./a\n",                      # host launch already
])
def test_container_host_mpi_refuses_what_it_does_not_know(script: str) -> None:
    from maple_flow.repair.patch_shape import container_host_mpi
    from maple_flow.repair.text import FixNotApplicable

    with pytest.raises(FixNotApplicable):
        container_host_mpi(script)


def test_no_srun_without_a_guest_launch_is_not_this_record() -> None:
    script = _GUEST_MPI.replace(
        "ch-run --bind=$PWD ./solver_image -- mpirun -np 8", "mpirun -np 8")
    data = _diagnose(script, _NO_SRUN, "stampede3")
    assert not data["diagnoses"] or data["diagnoses"][0]["record_id"] != \
        "container-guest-mpi-under-slurm"
