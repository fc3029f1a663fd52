# ruff: noqa: E501
"""Aurora's Intel GPU stack from the libraries' own messages (s36xpu, templates/failures/xpu_s36.yaml
and xpu-out-of-memory): a oneAPI runtime library the job cannot find is the frameworks module's
when the script loads none and another oneAPI release's when it does; torch without XPU likewise;
oneCCL settings the script names are dropped; GPU program builds, host OOM and completion errors
are not the script's."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log

CCL = "2025:03:04-10:21:33:(123456) |CCL_ERROR| "


def _script(setup: str = "module load frameworks\n", exports: str = "") -> str:
    return ("#!/bin/bash\n#PBS -l select=2\n#PBS -l place=scatter\n#PBS -l walltime=01:00:00\n"
            "#PBS -l filesystems=home:flare\n#PBS -A MyProject\ncd ${PBS_O_WORKDIR}\n"
            f"{setup}export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n{exports}"
            "mpiexec -n 24 --ppn 12 --cpu-bind depth -d 8 python train.py\n")


def _first(script: str, log: str) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, "aurora", None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


def _diff(data: dict[str, Any]) -> str:
    return str((data.get("proposed") or {}).get("diff") or "")


@pytest.mark.parametrize("lib", ["libsycl.so.8", "libmkl_intel_lp64.so.2", "libmkl_sycl_blas.so.4", "libur_loader.so.0"])
def test_oneapi_library_without_any_module_loads_frameworks(lib: str) -> None:
    data, first = _first(_script("conda activate myenv\n"), f"ImportError: {lib}: cannot open shared object file: No such file or directory")
    assert first == "aurora-oneapi-runtime-library-no-module/script"
    assert "+module load frameworks" in _diff(data)


def test_oneapi_library_of_another_release_under_the_module_is_not_the_script() -> None:
    data, first = _first(_script("module load frameworks\nsource $HOME/venv/bin/activate\n"),
                         "    from torch._C import *\nImportError: libsycl.so.7: cannot open shared object file: No such file or directory")
    assert first == "aurora-oneapi-runtime-library-other-release/not_script"
    assert data["proposed"] is None


def test_libiomp5_is_left_to_its_own_record() -> None:
    _, first = _first(_script("conda activate myenv\n"), "ImportError: libiomp5.so: cannot open shared object file: No such file or directory")
    assert not first.startswith("aurora-oneapi-runtime-library")


def test_torch_without_xpu() -> None:
    log = "    torch.xpu.set_device(local_rank)\nRuntimeError: PyTorch is not linked with support for xpu devices"
    data, first = _first(_script(""), log)
    assert first == "xpu-torch-without-xpu-no-frameworks/script" and "+module load frameworks" in _diff(data)
    data, first = _first(_script(), log)
    assert first == "xpu-torch-without-xpu-in-loaded-env/not_script" and data["proposed"] is None


@pytest.mark.parametrize("exports,log,dropped", [
    ("export CCL_KVS_IFACE=ib0\n", CCL + "internal_kvs.cpp:325 fill_local_host_ip: can't find interface ib0 to get host IP", "CCL_KVS_IFACE"),
    ("export CCL_KVS_IP_EXCHANGE=env\n", CCL + "internal_kvs.cpp:195 init_main_server_by_env: specify CCL_KVS_IP_PORT", "CCL_KVS_IP_EXCHANGE"),
    ("export FI_PROVIDER=verbs\n", CCL + "atl_ofi_helper.cpp:890 atl_ofi_get_prov_list: fi_getinfo error, prov_name verbs\n" + CCL + "atl_ofi.cpp:243 init: can't find suitable provider", "FI_PROVIDER"),
    ("export CCL_ZE_IPC_EXCHANGE=sockets\n", "sockets ipc_exchange_mode is not supported for pt2pt operations, use drmfd or pidfd", "CCL_ZE_IPC_EXCHANGE"),
])
def test_oneccl_setting_the_script_names_is_dropped(exports: str, log: str, dropped: str) -> None:
    data, _ = _first(_script(exports=exports), log)
    assert f"-export {dropped}=" in _diff(data)
    assert "+export CCL_PROCESS_LAUNCHER" not in _diff(data)


@pytest.mark.parametrize("log,record", [
    (CCL + "atl_ofi.cpp:944 atl_ofi_prov_ep_handle_cq_err: fi_cq_readerr: err: 5, prov_err: Input/output error(5)", "oneccl-ofi-completion-error"),
    (CCL + "ccl_cpp_utils.cpp:52 operator(): CCL cannot allocate bytes: 4294967296, out of memory, sched_buffer", "oneccl-host-out-of-memory"),
    (CCL + "ze_primitives.cpp:106 load_file: failed to load file containing oneCCL SPIR-V kernels, file: /x/kernels.spv", "oneapi-gpu-program-build-failure"),
    ("RuntimeError: Native API failed. Native API returns: -11 (PI_ERROR_BUILD_PROGRAM_FAILURE) -11 (PI_ERROR_BUILD_PROGRAM_FAILURE)", "oneapi-gpu-program-build-failure"),
    (CCL + "ze_call.cpp:43 do_call: ze error at zeMemAllocDevice, code: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY", "xpu-out-of-memory"),
])
def test_not_the_scripts(log: str, record: str) -> None:
    data, first = _first(_script(), log)
    assert first == f"{record}/not_script" and data["proposed"] is None


def test_oversubscription_from_composite_mode_drops_it() -> None:
    log = (CCL + "selection.cpp:355 is_coll_supported: condition !param.comm->get_topo_manager().has_oversubscription() failed\n"
           "oversubscription case is detected: \n OneCCL expects max one rank per device,  but count of unique devices: 12, comm_size: 24\n specify comm_size to: 12")
    data, first = _first(_script(exports="export ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE\n"), log)
    assert first == "oneccl-oversubscription-composite-hierarchy/script"
    assert "-export ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE" in _diff(data)
    data, first = _first(_script(), log)
    assert data["proposed"] is None


def test_worker_affinity_of_the_script_is_dropped() -> None:
    log = (CCL + "base_thread.cpp:36 start: error while creating worker thread #0 pthread_create returns 22\n"
           + CCL + "exec.cpp:134 start_workers: condition workers.back()->start(cpu_affinity, mem_affinity) == ccl::status::success failed\nfailed to start worker # 0")
    data, first = _first(_script(exports='export CCL_WORKER_AFFINITY="5,13,21,29"\n'), log)
    assert first == "oneccl-worker-affinity-set-by-script/script"
    assert "-export CCL_WORKER_AFFINITY=" in _diff(data)


def test_selector_and_mask_together_drop_the_selector() -> None:
    log = "    torch.xpu.set_device(0)\nRuntimeError: No XPU devices are available."
    data, first = _first(_script(exports="export ONEAPI_DEVICE_SELECTOR=level_zero:1\nexport ZE_AFFINITY_MASK=1\n"), log)
    assert first == "xpu-devices-hidden-by-selector-and-mask/script"
    assert "-export ONEAPI_DEVICE_SELECTOR" in _diff(data) and "-export ZE_AFFINITY_MASK" not in _diff(data)
    data, _ = _first(_script(exports="export ZE_AFFINITY_MASK=1\n"), log)
    assert data["proposed"] is None
