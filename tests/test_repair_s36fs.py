"""File-system and OS errno messages (s36fs, templates/failures/fs_s36.yaml and the records it
extends): the Apptainer temp-dir fix takes the site's scratch variable (a question where the
site has none), NCCL's shared-memory WARN is read as PyTorch quotes it, a remote I/O error on a
storage path, the NFS client's "not responding" and ENFILE are the site's (advice, no fix), and
look-alikes (EMFILE, a device node's remote I/O error) keep their own answers."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resolve_sitedir import SiteDirUnresolved, site_scratch

SLURM = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun torchrun --nnodes=2 --nproc_per_node=4 train.py
"""
APPTAINER = SLURM.replace("srun torchrun", "module load apptainer\nsrun apptainer exec "
                          "docker://quay.io/org/tool:1.0 torchrun")
BUILD_DIR = ("FATAL:   Unable to handle docker://quay.io/org/tool:1.0 uri: while building SIF "
             "from layers: unable to create new build: failed to create build parent dir: "
             "mkdir /tmp/build-temp-1234567: no space left on device\n")


def _diag(script: str, log: str, cluster: str = "delta") -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, cluster, None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


def test_site_scratch_prefers_the_sites_own_variable() -> None:
    assert site_scratch(["HOME", "PSCRATCH", "SCRATCH"], "d") == "${PSCRATCH}"
    assert site_scratch(["HOME", "WORK", "SCRATCH"], "d") == "${SCRATCH}"
    assert site_scratch(["HOME"], "d", {"d": "/projects/x/tmp"}) == "/projects/x/tmp"
    with pytest.raises(SiteDirUnresolved) as exc:
        site_scratch(["HOME"], "apptainer_tmpdir")
    assert exc.value.need == "apptainer_tmpdir"


@pytest.mark.parametrize(("cluster", "var"), [("vista", "SCRATCH"), ("perlmutter", "PSCRATCH"),
                                              ("anvil", "SCRATCH")])
def test_apptainer_build_dir_on_full_tmp_moves_to_scratch(cluster: str, var: str) -> None:
    data, first = _diag(APPTAINER, BUILD_DIR, cluster)
    assert first == "apptainer-build-tmp-full/script"
    assert data["proposed"] is not None
    assert f'+export APPTAINER_TMPDIR="${{{var}}}"' in data["proposed"]["diff"]


def test_apptainer_build_dir_asks_where_the_site_has_no_scratch_variable() -> None:
    data, first = _diag(APPTAINER, BUILD_DIR, "delta")
    assert first == "apptainer-build-tmp-full/script"
    assert data["proposed"] is None
    assert "apptainer_tmpdir" in (data.get("why_none") or "")


@pytest.mark.parametrize("log", [
    "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or "
    "device error.\nLast error:\nError while creating shared memory segment /dev/shm/nccl-AbC123"
    " (size 10617216), error: No space left on device (28)\n",
    "ncclSystemError: Error while creating shared memory segment\n/dev/shm/nccl-XyZ987 (size "
    "33030528), error: No space left on device (28)\n",
])
def test_nccl_shm_segment_as_pytorch_quotes_it(log: str) -> None:
    data, first = _diag(SLURM, log, "perlmutter")
    assert first == "nccl-shm-segment-too-small/script"
    assert "+export NCCL_SHM_DISABLE=1" in data["proposed"]["diff"]


@pytest.mark.parametrize(("log", "record"), [
    ("OSError: [Errno 121] Remote I/O error: '/home/u/.conda/envs/e/lib/python3.11/site-packages"
     "/scipy'\n", "filesystem-io-error"),
    ("nfs: server nfs02.hpc.example.org not responding, still trying\n",
     "shared-filesystem-client-lost-server"),
    ("OSError: [Errno 23] Too many open files in system: '/tmp/pymp-x1'\n",
     "open-files-system-table-full"),
    ("cp: error writing '/home/u/ckpt/model.pt': Disk quota exceeded\n", "disk-quota-exceeded"),
])
def test_storage_and_node_faults_are_the_sites(log: str, record: str) -> None:
    data, first = _diag(SLURM, log)
    assert data["proposed"] is None
    assert first == f"{record}/not_script"


def test_remote_io_error_of_a_device_node_is_not_storage() -> None:
    log = "OSError: [Errno 121] Remote I/O error: '/dev/i2c-1'\n"
    data = diagnose_log(SLURM, log, "delta", None, False)
    assert not any(d["record_id"] == "filesystem-io-error" and d["method"] == "signature"
                   for d in data["diagnoses"])


def test_per_process_open_files_keeps_its_ulimit_record() -> None:
    _, first = _diag(SLURM, "OSError: [Errno 24] Too many open files: '/tmp/pymp-abc'\n")
    assert first == "python-open-files-limit-workers/script"


# -- a storage variable of another site (storage-variable-not-set-at-site) ----------------------

PORTED = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
set -euo pipefail
# where the run writes
OUT=$CINECA_SCRATCH/runs/exp1
mkdir -p $OUT
srun torchrun --nproc_per_node=4 train.py \\
    --output_dir $OUT --data $WORK/data/train.json
"""


def test_export_before_read_goes_above_the_first_reading_command() -> None:
    from maple_flow.repair.patch_storage import export_before_read

    out = export_before_read(PORTED, "WORK", "${PSCRATCH}")
    assert out.splitlines()[7] == 'export WORK="${PSCRATCH}"'  # above the continued srun
    assert out.splitlines()[8].startswith("srun torchrun")
    out = export_before_read(PORTED, "CINECA_SCRATCH", "${PSCRATCH}")
    assert out.splitlines()[4] == 'export CINECA_SCRATCH="${PSCRATCH}"'  # above its comment


@pytest.mark.parametrize("log", [
    "/var/spool/slurmd/job1/slurm_script: line 6: CINECA_SCRATCH: unbound variable\n",
    "mkdir: cannot create directory '/runs': Permission denied\n",
    "ERROR: $CINECA_SCRATCH is not set. Add it to your ~/.bashrc\n",
])
def test_scratch_variable_of_another_site_becomes_the_sites_scratch(log: str) -> None:
    data, first = _diag(PORTED, log, "perlmutter")
    assert first == "storage-variable-not-set-at-site/script"
    assert '+export CINECA_SCRATCH="${PSCRATCH}"' in data["proposed"]["diff"]


def test_work_area_of_another_site_is_asked_for() -> None:
    log = "FileNotFoundError: [Errno 2] No such file or directory: '/data/train.json'\n"
    data, first = _diag(PORTED, log, "perlmutter")
    assert first == "storage-variable-not-set-at-site/script"
    assert data["proposed"] is None and data["verdict"] == "ask"
    answered = diagnose_log(PORTED, log, "polaris", None, False,
                            {"storage_dir": "/lus/eagle/projects/P/u"})
    assert "+export WORK=/lus/eagle/projects/P/u" in answered["proposed"]["diff"]


@pytest.mark.parametrize(("cluster", "log"), [
    # the site sets SCRATCH itself: the job lost its environment, not a variable to define
    ("vista", "/var/spool/slurmd/job1/slurm_script: line 5: SCRATCH: unbound variable\n"),
    # a lowercase local of the user's own helper, and a variable that is no storage area
    ("delta", "ops/check: line 1: work: unbound variable\n"),
    ("delta", "bash: line 2: ROLE_RANK: unbound variable\n"),
])
def test_unbound_variables_that_are_not_another_sites_storage(cluster: str, log: str) -> None:
    script = SLURM.replace("srun torchrun", "set -u\nexport HF_HOME=$SCRATCH/hf\nsrun torchrun")
    data = diagnose_log(script, log, cluster, None, False)
    assert all(d["record_id"] != "storage-variable-not-set-at-site" for d in data["diagnoses"])


def test_a_path_the_script_does_not_build_from_a_storage_variable_is_left() -> None:
    log = "mkdir: cannot create directory '/scratch': Permission denied\n"
    data = diagnose_log(PORTED, log, "polaris", None, False)
    assert all(d["record_id"] != "storage-variable-not-set-at-site" for d in data["diagnoses"])
