"""Container and fabric-environment classes of helper s33b3 (templates/failures/s33_b3.yaml):
enroot's whiteout conversion on a shared file system (the script's ENROOT_TEMP_PATH: ask for a
node-local one; else the site's), an Apptainer ext3 overlay locked by another process (advice),
and UCX transports asked for but absent (the script's UCX_TLS: drop it; else the site's)."""

from __future__ import annotations

from pathlib import Path

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s33b3_probe" / "scripts"
PYXIS = (SCRIPTS / "srun_pyxis.sh").read_text(encoding="utf-8")
APPTAINER = (SCRIPTS / "apptainer_srun_torchrun.sh").read_text(encoding="utf-8")
MPI_APP = (SCRIPTS / "srun_mpi_app.sh").read_text(encoding="utf-8")
WHITEOUT = "enroot-aufs2ovlfs: failed to create opaque ovlfs whiteout: /x/etc/: Not supported\n"
UCX = ("ucp_context.c:1345 UCX  ERROR no usable transports/devices (asked knem,dc_x,rc on all "
       "devices)\n")


def _diagnose(script: str, log: str, cluster: str = "delta") -> tuple[str | None, dict]:
    data = diagnose_log(script, log, cluster, None, False)
    found = data.get("diagnoses") or []
    return (found[0]["record_id"] if found else None), data


def _not_script(record_id: str | None) -> bool:
    return bool(record_id) and load_knowledge_base().get(record_id).family in NOT_SCRIPT_FAMILIES


def test_enroot_temp_path_on_shared_fs_set_by_script_asks_for_a_local_one() -> None:
    script = PYXIS.replace("export MASTER_ADDR", "export ENROOT_TEMP_PATH=/lustre/u/tmp\n"
                           "export MASTER_ADDR", 1)
    first, data = _diagnose(script, WHITEOUT)
    assert first == "s33-enroot-whiteout-temp-path-on-shared-fs"
    assert data.get("proposed") is None
    assert any(d.get("needs") for d in data["diagnoses"])


def test_enroot_whiteout_without_a_script_path_is_the_sites() -> None:
    first, data = _diagnose(PYXIS, WHITEOUT)
    assert first == "s33-enroot-whiteout-site-temp-path"
    assert _not_script(first) and data.get("proposed") is None


def test_enroot_capabilities_error_is_not_the_whiteout_class() -> None:
    _, data = _diagnose(PYXIS, "enroot-aufs2ovlfs: failed to set capabilities: Operation not "
                               "permitted\n")
    ids = [d["record_id"] for d in data.get("diagnoses") or []]
    assert not any(i.startswith("s33-enroot-whiteout") for i in ids)


def test_locked_overlay_image_is_advice() -> None:
    script = APPTAINER.replace("--bind /scratch", "--bind /scratch --overlay ov.ext3")
    log = ("FATAL:   while loading overlay images: failed to open overlay image ov.ext3: while "
           "locking ext3 partition from /gpfs/u/ov.ext3: can't open /gpfs/u/ov.ext3 for "
           "writing, currently in use by another process\n")
    first, data = _diagnose(script, log)
    assert first == "s33-apptainer-overlay-image-locked"
    assert _not_script(first) and data.get("proposed") is None


def test_script_ucx_tls_is_dropped() -> None:
    script = MPI_APP.replace("module load cray-mpich", "module load openmpi\nexport UCX_TLS=rc")
    first, data = _diagnose(script, UCX)
    assert first == "s33-ucx-tls-set-by-script-unavailable"
    assert "-export UCX_TLS=rc" in data["proposed"]["diff"]


def test_ucx_transports_without_a_script_setting_are_the_sites() -> None:
    first, data = _diagnose(MPI_APP, UCX)
    assert first == "s33-ucx-transports-unavailable-site"
    assert _not_script(first) and data.get("proposed") is None


def test_fakeroot_without_subuid_mapping_is_the_sites() -> None:
    first, data = _diagnose(APPTAINER, "FATAL:   could not use fakeroot: no mapping entry found "
                                       "in /etc/subuid for jdoe\n")
    assert first == "s33-apptainer-fakeroot-no-subuid-mapping"
    assert _not_script(first) and data.get("proposed") is None


RATE = ("FATAL:   While making image from oci registry: error fetching image to cache: failed to "
        "get checksum for docker://ubuntu:22.04: toomanyrequests: You have reached your pull rate "
        "limit. You may increase the limit by authenticating and upgrading\n")


def test_pull_rate_limit_without_per_task_pulls_is_not_the_script() -> None:
    first, data = _diagnose(APPTAINER, RATE)
    assert first == "s33-registry-pull-rate-limit"
    assert _not_script(first) and data.get("proposed") is None


def test_pull_rate_limit_with_docker_uri_in_the_launch_is_script_advice() -> None:
    script = APPTAINER.replace("pytorch_24.04.sif", "docker://nvcr.io/nvidia/pytorch:24.04-py3")
    first, data = _diagnose(script, RATE.replace("TOOMANY", "toomany"))
    assert first == "s33-registry-pull-rate-limit-launch-pulls"
    assert not _not_script(first) and data.get("proposed") is None


TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
NO_ALGO = ("ncclInvalidUsage: no algorithm/protocol available for function AllGather with "
           "datatype ncclInt8. NCCL_ALGO was set to Tree.\n")


def test_global_nccl_algo_in_the_script_is_dropped() -> None:
    script = TORCHRUN.replace("export MASTER_PORT=29500", "export MASTER_PORT=29500\n"
                              "export NCCL_ALGO=Tree")
    first, data = _diagnose(script, NO_ALGO)
    assert first == "s33-nccl-algo-forced-by-script"
    assert "-export NCCL_ALGO=Tree" in data["proposed"]["diff"]


def test_global_nccl_proto_in_the_script_is_dropped() -> None:
    script = TORCHRUN.replace("export MASTER_PORT=29500", "export MASTER_PORT=29500\n"
                              "export NCCL_PROTO=LL128")
    first, data = _diagnose(script, "No algorithm/protocol available for function AllReduce "
                                    "with datatype ncclBfloat16\n")
    assert first == "s33-nccl-proto-forced-by-script"
    assert "-export NCCL_PROTO=LL128" in data["proposed"]["diff"]


def test_nccl_algo_forced_outside_the_script_is_advice() -> None:
    first, data = _diagnose(TORCHRUN, NO_ALGO)
    assert first == "s33-nccl-algo-forced-outside-script"
    assert _not_script(first) and data.get("proposed") is None


def test_enroot_temp_path_is_a_data_folder_but_its_search_paths_stay_refused() -> None:
    from maple_flow.repair.safety import env_name_problem
    assert env_name_problem("ENROOT_TEMP_PATH") is None
    assert env_name_problem("ENROOT_LIBRARY_PATH") is not None
    assert env_name_problem("LD_LIBRARY_PATH") is not None


def test_enroot_user_namespace_refused_is_the_nodes() -> None:
    first, data = _diagnose(PYXIS, "error: pyxis:     enroot-nsenter: failed to create user "
                                   "namespace: Permission denied\nerror: pyxis: couldn't start "
                                   "container\n")
    assert first == "s33-enroot-user-namespace-refused"
    assert _not_script(first) and data.get("proposed") is None
