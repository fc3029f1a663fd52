"""Classes of the reallogs35 tune-half misses (helper s35rl35, issue 17): the rendezvous port
line as guides lower-case it, CUDA's no-device error in any wording against the script's
CUDA_VISIBLE_DEVICES, Slurm's socket timeout without its client's prefix, a process stuck in
the kernel (not the script's), and NCCL's system error on Polaris without the site's Slingshot
settings (templates/failures/rl35_s35.yaml, maple_flow/repair/script_facts_env.py)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import script_facts_env as sfe

POLARIS = """#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n $((NNODES * 4)) --ppn 4 --cpu-bind none python train.py
"""
SLURM = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=02:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12802
srun python -u train.py
"""
SYSTEM_ERROR = "RuntimeError: NCCL error: unhandled system error, NCCL version 2.21.5\n"


def _answer(script: str, log: str, cluster: str) -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _fix(script: str, log: str, cluster: str) -> tuple[str | None, str]:
    proposed = _answer(script, log, cluster).get("proposed") or {}
    assert isinstance(proposed, dict)
    return proposed.get("record_id"), str(proposed.get("diff", ""))


def _first(script: str, log: str, cluster: str) -> tuple[str, str]:
    first = _answer(script, log, cluster)["diagnoses"][0]  # type: ignore[index]
    return first["record_id"], first["verdict"]


# -- the rendezvous port, lower-cased --------------------------------------------------------
def test_a_lower_cased_address_in_use_line_moves_the_scripts_port() -> None:
    record, diff = _fix(SLURM, "RuntimeError: address already in use\n", "delta")
    assert record == "port-in-use"
    assert "+export MASTER_PORT=" in diff and "-export MASTER_PORT=12802" in diff


def test_another_programs_os_error_98_gets_no_port_fix() -> None:
    record, _ = _fix(SLURM, "RuntimeError: Address already in use (os error 98)\n", "delta")
    assert record is None


# -- CUDA's no-device error against the script's CUDA_VISIBLE_DEVICES --------------------------
def test_a_pinned_index_beyond_the_jobs_gpus_is_unset() -> None:
    script = SLURM.replace("export MASTER_PORT=12802", "export MASTER_PORT=12802\n"
                           "export CUDA_VISIBLE_DEVICES=2")
    log = ("THCudaCheck FAIL file=torch/csrc/cuda/Module.cpp line=109 error=38 : "
           "no CUDA-capable device is detected\n")
    record, diff = _fix(script, log, "delta")
    assert record == "no-cuda-gpus-visible-devices"
    assert "CUDA_VISIBLE_DEVICES" in diff


def test_a_pinned_index_the_node_has_is_not_beyond_the_job() -> None:
    script = SLURM.replace("--gpus-per-node=1", "--gpus-per-node=4").replace(
        "export MASTER_PORT=12802", "export MASTER_PORT=12802\nexport CUDA_VISIBLE_DEVICES=2")
    assert not sfe.visible_devices_beyond_job(script, get_profile("delta"))
    assert sfe.visible_devices_beyond_job(script.replace("=2\n", "=0,4\n"), get_profile("delta"))


def test_an_empty_export_right_above_the_launch_is_taken_out() -> None:
    script = POLARIS.replace("mpiexec", "export CUDA_VISIBLE_DEVICES=\nmpiexec")
    record, diff = _fix(script, "NCCL WARN ... no CUDA-capable device\n", "polaris")
    assert record == "gpus-hidden-above-launch"
    assert "-export CUDA_VISIBLE_DEVICES=\n" in diff and "+unset" not in diff


# -- Slurm's socket timeout --------------------------------------------------------------------
@pytest.mark.parametrize("log", [
    "Socket timed out on send/recv operation\n",
    "slurm_load_partitions: Socket timed out on send/recv operation\n",
    "code 2: slurm_submit_batch_job error: Socket timed out on send/recv operation\n",
])
def test_slurms_socket_timeout_is_the_controllers(log: str) -> None:
    assert _first(SLURM, log, "delta") == ("slurm-controller-unreachable", "not_script")


# -- a process stuck in the kernel -------------------------------------------------------------
@pytest.mark.parametrize("log", [
    "INFO: task python:4242 blocked for more than 120 seconds.\n",
    "user1   280058  117  4.6 17517200480 24494736 ? Dl  00:36 291:14 python\n",
    "  4242 ?        D     12:01 python train.py\n",
])
def test_a_process_in_uninterruptible_sleep_is_not_the_script(log: str) -> None:
    answer = _answer(SLURM, log, "delta")
    assert answer["proposed"] is None
    assert _first(SLURM, log, "delta") == ("kernel-task-stuck-uninterruptible", "not_script")


def test_a_stopped_process_is_not_stuck_in_the_kernel() -> None:
    log = "20463 ?        Tsl   43:28 /opt/sygnal/env/bin/python -m sygnal.sygnal\n"
    assert all(d["record_id"] != "kernel-task-stuck-uninterruptible" or d["verdict"] == "hint"
               for d in _answer(SLURM, log, "delta")["diagnoses"])  # type: ignore[union-attr]


# -- NCCL's system error without Polaris' Slingshot settings -----------------------------------
def test_a_system_error_of_a_polaris_job_without_the_sites_settings_exports_them() -> None:
    record, diff = _fix(POLARIS, SYSTEM_ERROR, "polaris")
    assert record == "slingshot-nccl-site-settings-unset"
    assert '+export NCCL_NET="AWS Libfabric"' in diff or "+export NCCL_NET='AWS Libfabric'" in diff
    assert "+export FI_CXI_DISABLE_HOST_REGISTER=1" in diff


@pytest.mark.parametrize("script", [
    POLARIS.replace("select=2", "select=1"),  # one node: no inter-node transport
    POLARIS.replace("mpiexec", "export APPTAINERENV_NCCL_NET_GDR_LEVEL=PHB\nmpiexec"),
])
def test_one_node_or_a_script_with_the_settings_is_left_to_the_generic_record(script: str) -> None:
    record, _ = _fix(script, SYSTEM_ERROR, "polaris")
    assert record != "slingshot-nccl-site-settings-unset"


def test_a_log_that_names_infiniband_verbs_is_not_the_slingshot_settings() -> None:
    log = "x:1:2 [0] misc/ibvwrap.cc:190 NCCL WARN Call to ibv_create_qp failed\n" + SYSTEM_ERROR
    record, _ = _fix(POLARIS, log, "polaris")
    assert record != "slingshot-nccl-site-settings-unset"


def test_a_container_prefix_sets_the_variable() -> None:
    assert sfe.sets_variable("export SINGULARITYENV_NCCL_CROSS_NIC=1\n", "NCCL_CROSS_NIC")
    assert not sfe.sets_variable("# export NCCL_CROSS_NIC=1\n", "NCCL_CROSS_NIC")
    assert not sfe.sets_variable("export MY_NCCL_CROSS_NIC=1\n", "NCCL_CROSS_NIC")


def test_no_cuda_gpus_on_a_pbs_whole_node_job_asks_no_slurm_gpu_directive() -> None:
    record, diff = _fix(POLARIS, "RuntimeError: No CUDA GPUs are available\n", "polaris")
    assert record != "no-gpus-allocated"
    assert "gpus-per-node" not in diff


# -- the shared file system's client losing its server -------------------------------------
@pytest.mark.parametrize("log", [
    "Lustre: scratch-OST0003-osc-ffff8: Connection to scratch-OST0003 (at 10.0.0.7@o2ib) was "
    "lost; in progress operations using this service will wait for recovery to complete\n",
    "LustreError: 167-0: scratch-OST0003-osc-ffff8: This client was evicted by scratch-OST0003; "
    "in progress operations using this service will fail.\n",
    "LustreError: 11-0: scratch-MDT0000-mdc-ffff8: operation ldlm_enqueue to node "
    "10.0.0.8@o2ib failed: rc = -107\n",
])
def test_a_lustre_client_that_lost_its_server_is_not_the_script(log: str) -> None:
    assert _answer(SLURM, log, "delta")["proposed"] is None
    assert _first(SLURM, log, "delta") == ("shared-filesystem-client-lost-server", "not_script")


def test_a_missing_file_under_a_lustre_path_is_not_the_file_system() -> None:
    log = "FileNotFoundError: [Errno 2] No such file or directory: '/lustre/scratch/u/train.bin'\n"
    assert all(d["record_id"] != "shared-filesystem-client-lost-server"
               for d in _answer(SLURM, log, "delta")["diagnoses"])  # type: ignore[union-attr]


# -- a host library of the site's stack, missing in the job's container -----------------------
CONTAINER = POLARIS.replace(
    "mpiexec -n $((NNODES * 4)) --ppn 4 --cpu-bind none python train.py",
    'export APPTAINERENV_LD_LIBRARY_PATH="$CRAY_LD_LIBRARY_PATH:$LD_LIBRARY_PATH"\n'
    "mpiexec -n $((NNODES * 4)) --ppn 4 --cpu-bind none apptainer exec -B /opt --nv img.sif "
    "python train.py")
HWLOC = ("python: error while loading shared libraries: libhwloc.so.15: cannot open shared "
         "object file: No such file or directory\n")


def test_the_sites_library_folder_is_bound_and_put_on_the_containers_path() -> None:
    record, diff = _fix(CONTAINER, HWLOC, "polaris")
    assert record == "container-misses-site-library"
    assert "apptainer exec -B /soft -B /opt" in diff
    assert ':$LD_LIBRARY_PATH:/soft/libraries/hwloc/lib"' in diff


def test_a_container_that_binds_the_folder_gets_only_the_library_path() -> None:
    from maple_flow.repair.patch_container_lib import container_site_library

    bound = CONTAINER.replace("-B /opt", "-B /opt,/soft")
    after = container_site_library(bound, "/soft/libraries/hwloc/lib")
    assert "-B /soft" not in after and "/soft/libraries/hwloc/lib\"" in after
    assert container_site_library(after, "/soft/libraries/hwloc/lib") == after


def test_an_export_is_written_when_the_script_sets_no_container_library_path() -> None:
    from maple_flow.repair.patch_container_lib import container_site_library

    bare = CONTAINER.replace(
        'export APPTAINERENV_LD_LIBRARY_PATH="$CRAY_LD_LIBRARY_PATH:$LD_LIBRARY_PATH"\n', "")
    after = container_site_library(bare, "/soft/libraries/hwloc/lib")
    assert ('export APPTAINERENV_LD_LIBRARY_PATH="/soft/libraries/hwloc/lib'
            '${APPTAINERENV_LD_LIBRARY_PATH:+:$APPTAINERENV_LD_LIBRARY_PATH}"\nmpiexec') in after


@pytest.mark.parametrize("script,log", [
    (POLARIS, HWLOC),  # no container: the host's own loader, another record's
    (CONTAINER, HWLOC.replace("libhwloc.so.15", "libpython3.11.so.1.0")),  # not the site's
])
def test_no_container_or_no_site_library_gets_no_bind(script: str, log: str) -> None:
    record, _ = _fix(script, log, "polaris")
    assert record != "container-misses-site-library"


def test_the_site_library_directory_comes_from_the_profile() -> None:
    activate = list(get_profile("polaris").software.activate)
    assert sfe is not None and get_profile("delta").software.activate is not None
    from maple_flow.repair.patch_container_lib import site_library_dir

    assert site_library_dir("libhwloc", activate) == "/soft/libraries/hwloc/lib"
    assert site_library_dir("libfoo", activate) is None


# -- the site's NCCL network plugin, not loaded in the job's container -------------------------
NO_NETWORK = "x3005c0s13b0n0:1:2 [0] net.cc:626 NCCL WARN Error: network AWS Libfabric not found.\n"


def test_the_sites_net_plugin_is_bound_and_preloaded_in_the_container() -> None:
    script = CONTAINER.replace("mpiexec", 'export APPTAINERENV_NCCL_NET="AWS Libfabric"\nmpiexec')
    record, diff = _fix(script, NO_NETWORK, "polaris")
    assert record == "container-site-net-plugin-not-loaded"
    assert ('+export APPTAINERENV_LD_PRELOAD='
            '"/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib/libnccl-net.so"') in diff
    assert "apptainer exec -B /soft -B /opt" in diff


@pytest.mark.parametrize("script,log", [
    (POLARIS, NO_NETWORK),  # a host job: the plugin's library path, another record's
    (CONTAINER, NO_NETWORK.replace("AWS Libfabric", "gIB")),  # not the site's network
    (CONTAINER.replace("mpiexec", "export APPTAINERENV_LD_PRELOAD=/p/libnccl-net.so\nmpiexec"),
     NO_NETWORK),  # a plugin preloaded already
])
def test_no_preload_without_a_container_the_sites_network_or_with_one(script: str,
                                                                      log: str) -> None:
    record, _ = _fix(script, log, "polaris")
    assert record != "container-site-net-plugin-not-loaded"


def test_a_log_whose_nccl_warning_names_another_call_is_not_the_slingshot_settings() -> None:
    log = ("x:1:2 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-x "
           "to 9637892 bytes\n" + SYSTEM_ERROR)
    record, _ = _fix(POLARIS, log, "polaris")
    assert record != "slingshot-nccl-site-settings-unset"
    ofi = "x:1:2 [0] NCCL WARN NET/OFI Unable to find a protocol that worked\n" + SYSTEM_ERROR
    assert _fix(POLARIS, ofi, "polaris")[0] in {"slingshot-nccl-site-settings-unset",
                                                 "nccl-net-plugin-missing"}
