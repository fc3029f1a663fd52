"""repair10 probe (issue 17): real failures of distributed launches the knowledge base did
not know (bench/repair10_probe, tune rows), and the evidence floor of similarity matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import load_knowledge_base
from maple_flow.repair.evidence_gate import MEANING_COSINE, STRONG_COSINE, may_act
from maple_flow.repair.patch_env import csh_setenv
from maple_flow.repair.text import FixNotApplicable

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _script(name: str) -> str:
    for folder in (BENCH / "repair10_probe" / "scripts", BENCH / "reallogs" / "scripts"):
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8")
    raise FileNotFoundError(name)


def _diagnose(script: str, log: str, cluster: str) -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def test_cuda_ipc_under_per_task_binding_gives_each_task_all_gpus() -> None:
    """CliMA/slurm-buildkite#54: --gpus-per-task=1 binds one GPU per task; CUDA IPC between
    the tasks fails. The binding goes, the GPUs are asked per node."""
    script = _script("srun_python.sh").replace("#SBATCH --gpus-per-node=4",
                                               "#SBATCH --gpus-per-task=1")
    data = _diagnose(script, "clima.gps.caltech.edu:3667226] Failed to register remote "
                     "memory, rc=-1\n", "delta")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "cuda-ipc-under-per-task-gpu-binding"
    assert "-#SBATCH --gpus-per-task=1" in proposed["diff"]
    assert "+#SBATCH --gpus-per-node=4" in proposed["diff"]


def test_cuda_ipc_without_a_binding_is_not_this_record() -> None:
    """The same message from a script with no per-task binding is not blamed on one."""
    data = _diagnose(_script("srun_python.sh"), "clima.gps.caltech.edu:3667226] Failed to "
                     "register remote memory, rc=-1\n", "delta")
    proposed = data["proposed"]
    assert not proposed or proposed["record_id"] != "cuda-ipc-under-per-task-gpu-binding"


def test_invalid_device_ordinal_in_the_cuda_failure_wording() -> None:
    """NVIDIA/nccl-tests#300: `--gpu-bind=per_task:1` and 'CUDA failure ... invalid device
    ordinal' (the wording of CUDA test programs): the binding is taken off the srun line."""
    script = _script("srun_python.sh").replace("srun python", "srun --gpu-bind=per_task:1 python")
    data = _diagnose(script, "Test CUDA failure common.cu:986 'invalid device ordinal'\n",
                     "delta")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "invalid-device-ordinal"
    assert "-srun --gpu-bind=per_task:1 python" in proposed["diff"]


@pytest.mark.parametrize(("log", "name"), [
    (" 135: libfabric:47445:1656625588:cxi:core:cxip_ux_onload_cb():2444<warn> RXC (0xe910:7:0)"
     ": Flow control triggered due to failure to append LE. Software endpoint mode required.\n",
     "FI_CXI_RX_MATCH_MODE=software"),
    ("PE 0: MPICH WARNING: OFI is failing to make progress on posting a receive. MPICH suspects"
     " a hang due to completion queue exhaustion. Setting environment variable "
     "FI_CXI_DEFAULT_CQ_SIZE to a higher number might circumvent this scenario. OFI retry "
     "continuing...\n", "FI_CXI_DEFAULT_CQ_SIZE=131072"),
])
def test_slingshot_cxi_settings_are_exported(log: str, name: str) -> None:
    """E3SM-Project/E3SM#5057, ofiwg/libfabric#9286 (Perlmutter)."""
    data = _diagnose(_script("srun_mpi_app.sh"), log, "perlmutter")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert f"+export {name}" in proposed["diff"]


def test_oneccl_names_its_ipc_exchange() -> None:
    """huggingface/accelerate#2340: oneCCL says which exchange to set; that, not the
    generic MPI launcher settings, is the fix."""
    log = ("2024:01:15-03:36:29:(1980058) |CCL_ERROR| global.cpp:150 getenv_local_coord: "
           "condition global_data::env().ze_ipc_exchange == ccl::ze::ipc_exchange_mode::sockets "
           "failed\nto get local_idx/count from ATL, set CCL_ZE_IPC_EXCHANGE=sockets explicitly\n")
    data = _diagnose(_script("pbs_aurora_mpiexec.sh"), log, "aurora")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "oneccl-ipc-exchange-sockets"
    assert "+export CCL_ZE_IPC_EXCHANGE=sockets" in proposed["diff"]


def test_pyxis_local_squashfs_gets_its_dot_slash() -> None:
    """NVIDIA/pyxis#127: a bare .sqsh name is pulled from a registry."""
    script = _script("pyxis_srun_torchrun.sh").replace(
        "--container-image=nvcr.io#nvidia/pytorch:24.04-py3", "--container-image=hello-world.sqsh")
    log = ("pyxis: importing docker image: hello-world.sqsh\n"
           "slurmstepd: error: pyxis: failed to import docker image\n")
    data = _diagnose(script, log, "delta")
    assert data["proposed"] is None  # container images are not on the safety allowlist
    assert data["diagnoses"][0]["record_id"] == "pyxis-squashfs-path-without-slash"


def test_pyxis_registry_host_is_separated_by_a_hash() -> None:
    """NVIDIA/pyxis#168: `host/path:tag` is looked up on Docker Hub (401)."""
    image = "myreg.azurecr.io/team/img:v1"
    script = _script("pyxis_srun_torchrun.sh").replace(
        "--container-image=nvcr.io#nvidia/pytorch:24.04-py3", f"--container-image={image}")
    log = (f"pyxis: importing docker image: {image}\nslurmstepd: error: pyxis:     [ERROR] URL "
           "https://registry-1.docker.io/v2/myreg.azurecr.io/team/img/manifests/v1 returned "
           "error code: 401 Unauthorized\n")
    data = _diagnose(script, log, "delta")
    # s19: the typed registry_host_hash op writes the '#' in the image reference the script has
    assert data["proposed"]["record_id"] == "pyxis-docker-hub-path-with-registry-host"
    assert "--container-image=myreg.azurecr.io#team/img:v1" in data["proposed"]["diff"]
    assert "pyxis-registry-host-without-hash" in [d["record_id"] for d in data["diagnoses"]]


def test_a_gpu_filter_that_misreads_a_gpu_request_is_the_sites() -> None:
    """cBio/cbio-cluster#200: the script asks gpus=1 (procs form); the filter says none."""
    script = _script("pbs_mpiexec.sh").replace("#PBS -l select=2:system=polaris",
                                               "#PBS -l procs=60,gpus=1:shared")
    log = ('Must request at least one GPU to use the "gpu" queue!\n'
           "qsub: submit filter returned an error code, aborting job submission.\n")
    data = _diagnose(script, log, "polaris")
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert first["record_id"] == "submit-filter-gpu-request-misread"
    assert first["verdict"] == "not_script"


def test_launch_failed_requeued_held_is_not_the_script() -> None:
    """A job held after its batch launch failed on a node (burrmill/burrmill#15 wording)."""
    data = _diagnose(_script("srun_python.sh"), "   JobState=PENDING "
                     "Reason=launch_failed_requeued_held Dependency=(null)\n", "delta")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["verdict"] == "not_script"


def test_csh_setenv_is_written_as_export() -> None:
    """Mouse-Imaging-Centre/pydpiper#289: `setenv` in a bash job script."""
    text = "#!/bin/bash\nsetenv OMP_NUM_THREADS 8\n  setenv TAG \"a b\"\nsrun python x.py\n"
    assert csh_setenv(text) == ("#!/bin/bash\nexport OMP_NUM_THREADS=8\n  export TAG=\"a b\"\n"
                                "srun python x.py\n")
    with pytest.raises(FixNotApplicable):
        csh_setenv("#!/bin/tcsh\nsetenv A 1\n")
    with pytest.raises(FixNotApplicable):
        csh_setenv("#!/bin/bash\nexport A=1\n")


def test_setenv_not_found_in_a_bash_job_rewrites_the_line() -> None:
    script = _script("srun_python.sh").replace("export MASTER_PORT=12802",
                                               "export MASTER_PORT=12802\nsetenv NCCL_DEBUG INFO")
    data = _diagnose(script, "/var/spool/slurmd/job1/slurm_script: line 10: setenv: command "
                     "not found\n", "delta")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert "+export NCCL_DEBUG=INFO" in proposed["diff"]


def test_the_evidence_floor_keeps_a_far_meaning_match_a_hint() -> None:
    """A similarity match with none of its record's key words changes the script only when
    close in meaning: MEANING_COSINE, and since s18-abstain STRONG_COSINE for a script record
    without anchors (evidence_gate.strong_for_script); a not-script record only advises, so it
    may act."""
    kb = load_knowledge_base()
    script_record = kb.get("several-launchers-per-node")
    log = ("slurmstepd: error: the launch of the application failed on node gpu042 because "
           "the daemon there did not answer the controller in time\n")
    assert not may_act(script_record, log, log, kb, MEANING_COSINE - 0.01)
    assert not may_act(script_record, log, log, kb, STRONG_COSINE - 0.01)
    assert may_act(script_record, log, log, kb, max(MEANING_COSINE, STRONG_COSINE))
    advice = kb.get("slurm-node-failure")
    assert may_act(advice, log, log, kb, MEANING_COSINE - 0.2)


def test_a_gpu_filter_on_a_job_without_gpus_adds_them() -> None:
    """The same filter message on a Slurm job that asks no GPU: the script's fault."""
    script = _script("srun_python.sh").replace("#SBATCH --gpus-per-node=4\n", "")
    data = _diagnose(script, 'sbatch: error: Must request at least one GPU to use the "gpu" '
                     "partition!\n", "delta")
    proposed = data["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "submit-filter-gpu-required"
    assert "+#SBATCH --gpus-per-node=4" in proposed["diff"]
