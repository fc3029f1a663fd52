"""The Aurora Intel GPU stack message catalogue of helper s36xpu as run.py cases
(catalogue_cases.yaml).

Each message is one an Aurora job can print, read from the libraries' own sources:
  oneCCL   uxlfoundation/oneCCL@b382bf76073d40134ef273da3b992f8d03ade556 (src/atl/ofi/atl_ofi_helper.cpp,
           src/atl/ofi/atl_ofi.cpp, src/atl/util/pm/pmi_resizable_rt/pmi_resizable/kvs/internal_kvs.cpp,
           src/atl/util/pm/pmi_resizable_rt/pmi_resizable_simple_internal.cpp, src/sched/entry/ze/ze_call.cpp,
           src/sched/entry/ze/ze_primitives.cpp, src/sched/entry/ze/ze_handle_exchange_entry.cpp,
           src/common/utils/utils.hpp, src/exec/exec.cpp); printed as
           "YYYY:MM:DD-HH:MM:SS:(PID) |CCL_ERROR| FILE:LINE FUNC: MSG" (src/common/log/log.hpp);
  Level Zero result names (ZE_RESULT_ERROR_*) as oneCCL's ze_call and PyTorch's XPU allocator print them;
  torch.xpu / IPEX / oneCCL bindings import texts; the dynamic loader's "cannot open shared object file"
  for oneAPI runtime libraries; PALS mpiexec and PBS (qsub) texts of the ALCF docs.
Printed into the Aurora base script (PBS + PALS mpiexec, `module load frameworks`) with the edits the
message needs, and labelled by class: SCRIPT (fix regex, or ask) or NOT (device, library, program).
Run: python bench/s36xpu_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s36xpu_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CCL = "uxlfoundation/oneCCL@b382bf76 "
T = "2025:03:04-10:21:33:(123456) |CCL_ERROR| "
TW = "2025:03:04-10:21:33:(123456) |CCL_WARN| "
AUR = {"cluster": "aurora", "script": "pbs_aurora_mpiexec.sh"}
MODLINE = "module load frameworks\n"
LAUNCH = "mpiexec -n ${NTOTRANKS}"
SCRIPT, NOT = "SCRIPT", "NOT"
SCRIPT_FAMILIES = ["backend", "environment", "modules", "launcher", "scheduler", "devices", "rendezvous", "containers"]


def env(*pairs: str) -> dict:
    """Edits putting `export` lines before the mpiexec line."""
    lines = "".join(f"export {p}\n" for p in pairs)
    return {"replace": [[LAUNCH, lines + LAUNCH]]}


NOMOD = {"replace": [[MODLINE, ""]]}
TB = "Traceback (most recent call last):\n  File \"/lus/flare/projects/MyProject/train.py\", line 12, in <module>\n"

# (id, class, log, source, edits, expect: fix regex / 'ask' / None)
ENTRIES: list[tuple[str, str, str, str, dict, str | None]] = [
    # ---- oneCCL transport / KVS ----
    ("ccl-kvs-iface-missing", SCRIPT,
     T + "internal_kvs.cpp:325 fill_local_host_ip: can't find interface ib0 to get host IP\n"
     + T + "internal_kvs.cpp:535 kvs_init: init main server address error\n",
     CCL + "internal_kvs.cpp:325", env("CCL_KVS_IFACE=ib0"), r"(?m)^-export CCL_KVS_IFACE=ib0"),
    ("ccl-kvs-ip-port-unset", SCRIPT,
     T + "internal_kvs.cpp:195 init_main_server_by_env: specify CCL_KVS_IP_PORT\n",
     CCL + "internal_kvs.cpp:195", env("CCL_KVS_IP_EXCHANGE=env"), r"(?m)^-export CCL_KVS_IP_EXCHANGE=env"),
    ("ccl-kvs-ip-port-format", SCRIPT,
     T + "internal_kvs.cpp:240 init_main_server_by_env: set CCL_KVS_IP_PORT in format <ip>_<port>\n",
     CCL + "internal_kvs.cpp:240", env("CCL_KVS_IP_EXCHANGE=env", "CCL_KVS_IP_PORT=$MASTER_ADDR:$MASTER_PORT"), "ask"),
    ("ccl-kvs-timeout", NOT,
     T + "pmi_resizable_simple_internal.cpp:343 kvs_get_value: KVS get error: timeout limit: 60 > 60, prefix: CCL_POD_ADDR, key 1, get_value: \n"
     "terminate called after throwing an instance of 'ccl::v1::exception'\n",
     CCL + "pmi_resizable_simple_internal.cpp:343", {}, None),
    ("ccl-ofi-getinfo-provider-forced", SCRIPT,
     T + "atl_ofi_helper.cpp:890 atl_ofi_get_prov_list: fi_getinfo error, prov_name verbs\n"
     + T + "atl_ofi_helper.cpp:907 atl_ofi_get_prov_list: can't create providers for name verbs\n"
     + T + "atl_ofi.cpp:243 init: can't find suitable provider\n",
     CCL + "atl_ofi_helper.cpp:890,907; atl_ofi.cpp:243", env("FI_PROVIDER=verbs"), r"(?m)^-export FI_PROVIDER=verbs"),
    ("ccl-ofi-open-nw-provs", SCRIPT,
     T + "atl_ofi_helper.cpp:1384 atl_ofi_open_nw_provs: can not open network providers\n"
     + T + "atl_ofi.cpp:1036 open_providers_per_nic: atl_ofi_open_nw_provs failed with status: 1\n",
     CCL + "atl_ofi_helper.cpp:1384 (ATL/OFI bootstrap; Aurora's documented CCL_ATL_TRANSPORT=mpi unset)", {}, r"(?m)^\+export CCL_ATL_TRANSPORT=mpi"),
    ("ccl-cq-readerr", NOT,
     T + "atl_ofi.cpp:944 atl_ofi_prov_ep_handle_cq_err: fi_cq_readerr: err: 5, prov_err: Input/output error(5)\n",
     CCL + "atl_ofi.cpp:944", {}, None),
    ("ccl-host-oom", NOT,
     T + "ccl_cpp_utils.cpp:52 operator(): CCL cannot allocate bytes: 4294967296, out of memory, sched_buffer\n",
     CCL + "src/common/utils/utils.hpp:115", {}, None),
    ("ccl-spirv-kernels-missing", NOT,
     T + "ze_primitives.cpp:106 load_file: failed to load file containing oneCCL SPIR-V kernels, file: /opt/aurora/24.180.3/oneapi/ccl/lib/ccl/kernels/kernels.spv\n",
     CCL + "ze_primitives.cpp:106", {}, None),
    ("ccl-ze-device-lost", NOT,
     T + "ze_call.cpp:43 do_call: ze error at zeCommandQueueSynchronize, code: ZE_RESULT_ERROR_DEVICE_LOST\n",
     CCL + "ze_call.cpp:43", {}, None),
    ("ccl-ze-oom", NOT,
     T + "ze_call.cpp:43 do_call: ze error at zeMemAllocDevice, code: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY\n",
     CCL + "ze_call.cpp:43", {}, None),
    ("ccl-ze-module-build", NOT,
     T + "ze_primitives.cpp:125 load_module: failed to create module: ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, log: \n",
     CCL + "ze_primitives.cpp:125", {}, None),
    ("ccl-sockets-pt2pt", SCRIPT,
     T + "ze_handle_exchange_entry.cpp:547 ze_handle_exchange_entry: condition !(ccl::global_data::env().ze_ipc_exchange == ccl::ze::ipc_exchange_mode::sockets) failed\nsockets ipc_exchange_mode is not supported for pt2pt operations, use drmfd or pidfd\n",
     CCL + "ze_handle_exchange_entry.cpp:547", env("CCL_ZE_IPC_EXCHANGE=sockets"), r"(?m)^-export CCL_ZE_IPC_EXCHANGE=sockets"),
    ("ccl-worker-start-failed", SCRIPT,
     T + "base_thread.cpp:36 start: error while creating worker thread #0 pthread_create returns 22\n"
     + T + "exec.cpp:136 start_workers: condition workers.back()->start(cpu_affinity, mem_affinity) == ccl::status::success failed\nfailed to start worker # 0\n",
     CCL + "exec.cpp:136; base_thread.cpp", env("CCL_WORKER_AFFINITY=200"), r"(?m)^-export CCL_WORKER_AFFINITY"),
    ("ccl-oversubscription-composite", SCRIPT,
     T + "selection.cpp:355 is_coll_supported: condition !param.comm->get_topo_manager().has_oversubscription() failed\n"
     "oversubscription case is detected: \n OneCCL expects max one rank per device,  but count of unique devices: 12, comm_size: 24\n specify comm_size to: 12\n",
     CCL + "src/coll/selection/selection.cpp:355", env("ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE"), r"(?m)^-export ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE"),
    ("ccl-oversubscription-ppn", SCRIPT,
     T + "selection.cpp:355 is_coll_supported: condition !param.comm->get_topo_manager().has_oversubscription() failed\n"
     "oversubscription case is detected: \n OneCCL expects max one rank per device,  but count of unique devices: 24, comm_size: 48\n specify comm_size to: 24\n",
     CCL + "src/coll/selection/selection.cpp:355 (24 ranks a node on 12 tiles)", {"replace": [["NRANKS_PER_NODE=12", "NRANKS_PER_NODE=24"]]}, r"NRANKS_PER_NODE=12"),
    ("ccl-mpi-external-warn-then-oom", NOT,
     TW + "atl_mpi_ctx.cpp:581 set_mpi_env: MPI was initialized externally, CCL-MPI specific environment is ignored\n"
     "RuntimeError: XPU out of memory. Tried to allocate 2.00 GiB (GPU 0; 64.00 GiB total capacity; 61.50 GiB already allocated; 1.20 GiB free; 62.10 GiB reserved in total by PyTorch)\n",
     CCL + "atl_mpi_ctx.cpp:581 (look-alike)", {}, None),
    # ---- Level Zero / Unified Runtime through PyTorch ----
    ("ze-device-lost-ur", NOT,
     TB + "    loss.backward()\nRuntimeError: level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)\n",
     "Level Zero ZE_RESULT_ERROR_DEVICE_LOST via Unified Runtime", {}, None),
    ("ze-oom-xpu", NOT,
     TB + "torch.OutOfMemoryError: XPU out of memory. Tried to allocate 1024.00 MiB. GPU 0 has a total capacity of 63.98 GiB. Of the allocated memory 62.11 GiB is allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated.\n",
     "PyTorch XPU caching allocator", {}, None),
    ("ze-uninit-affinity-mask", SCRIPT,
     "terminate called after throwing an instance of 'sycl::_V1::exception'\n  what():  No device of requested type available. Please check https://software.intel.com/content/www/us/en/develop/articles/intel-oneapi-dpcpp-system-requirements.html -1 (PI_ERROR_DEVICE_NOT_FOUND)\n",
     "SYCL runtime: no device (ZE_AFFINITY_MASK naming tiles the node lacks)", env("ZE_AFFINITY_MASK=12,13"), "ask"),
    ("ze-module-build-failure", NOT,
     TB + "RuntimeError: Native API failed. Native API returns: -11 (PI_ERROR_BUILD_PROGRAM_FAILURE) -11 (PI_ERROR_BUILD_PROGRAM_FAILURE)\n",
     "SYCL program build failure (ZE_RESULT_ERROR_MODULE_BUILD_FAILURE)", {}, None),
    # ---- torch.xpu / IPEX / bindings ----
    ("xpu-not-linked-no-module", SCRIPT,
     TB + "    torch.xpu.set_device(local_rank)\nRuntimeError: PyTorch is not linked with support for xpu devices\n",
     "PyTorch c10 DeviceType registry (torch built without XPU)", NOMOD, r"(?m)^\+module load frameworks"),
    ("xpu-not-linked-with-module", NOT,
     TB + "    torch.xpu.set_device(local_rank)\nRuntimeError: PyTorch is not linked with support for xpu devices\n",
     "PyTorch c10 DeviceType registry, frameworks loaded: the user's own torch", {"replace": [[MODLINE, MODLINE + "source $HOME/venvs/mytorch/bin/activate\n"]]}, None),
    ("oneccl-bindings-missing", SCRIPT,
     TB + "    import oneccl_bindings_for_pytorch\nModuleNotFoundError: No module named 'oneccl_bindings_for_pytorch'\n",
     "frameworks/2025.3.1 removed oneccl_bindings_for_pytorch (ALCF PyTorch page)", {}, r"xccl|frameworks"),
    ("torch-ccl-import-undefined", NOT,
     TB + "    import oneccl_bindings_for_pytorch\n  File \".../oneccl_bindings_for_pytorch/__init__.py\", line 44, in <module>\n    import oneccl_bindings_for_pytorch._C\nImportError: /home/u/venv/lib/python3.10/site-packages/oneccl_bindings_for_pytorch/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c1010Dispatcher17runRecordFunctionERN2at14RecordFunctionESt17reference_wrapperIKNS_14FunctionSchemaEENS_11DispatchKeyE\n",
     "torch-ccl built against another torch", {"replace": [[MODLINE, MODLINE + "source $HOME/venv/bin/activate\n"]]}, None),
    ("ipex-version-mismatch", NOT,
     TB + "    import intel_extension_for_pytorch as ipex\nERROR! Intel® Extension for PyTorch* needs to work with PyTorch 2.3.*, but PyTorch 2.5.1+cxx11.abi is found. Please switch to the matching version and run again.\n",
     "intel/intel-extension-for-pytorch __init__.py version check", {"replace": [[MODLINE, MODLINE + "source $HOME/venv/bin/activate\n"]]}, None),
    ("xpu-selector-and-mask", SCRIPT,
     TB + "    torch.xpu.set_device(0)\nRuntimeError: No XPU devices are available.\n",
     "c10/xpu/XPUFunctions.cpp device_count_ensure_non_zero; ONEAPI_DEVICE_SELECTOR and ZE_AFFINITY_MASK both set",
     env("ONEAPI_DEVICE_SELECTOR=level_zero:1", "ZE_AFFINITY_MASK=1"), r"(?m)^-export ONEAPI_DEVICE_SELECTOR"),
    # ---- oneAPI runtime libraries ----
    ("lib-sycl-missing", SCRIPT,
     TB + "    import torch\nImportError: libsycl.so.8: cannot open shared object file: No such file or directory\n",
     "dynamic loader; libsycl ships with the oneapi/frameworks modules", NOMOD, r"(?m)^\+module load frameworks"),
    ("lib-mkl-missing", SCRIPT,
     TB + "    import torch\nOSError: libmkl_intel_lp64.so.2: cannot open shared object file: No such file or directory\n",
     "dynamic loader; MKL ships with the oneapi/frameworks modules", NOMOD, r"(?m)^\+module load frameworks"),
    ("lib-ze-loader-missing", SCRIPT,
     TB + "    import torch\nImportError: libze_loader.so.1: cannot open shared object file: No such file or directory\n",
     "dynamic loader; Level Zero loader", NOMOD, r"(?m)^\+module load frameworks"),
    ("lib-mkl-missing-with-module", NOT,
     TB + "    import mylib\nImportError: libmkl_core.so.1: cannot open shared object file: No such file or directory\n",
     "dynamic loader; an old MKL soname a user's own build needs, frameworks loaded", {}, None),
    # ---- PALS mpiexec ----
    ("pals-rank-signal-9", NOT,
     "x4102c5s0b0n0.hsn.cm.aurora.alcf.anl.gov: rank 7 died from signal 9\n",
     "PALS mpiexec rank exit report", {}, None),
    ("pbs-filesystems-missing", SCRIPT,
     "qsub: Resource: filesystems is required to be set.\n",
     "ALCF running jobs page", {"replace": [["#PBS -l filesystems=home:flare\n", ""]]}, r"filesystems="),
    ("pbs-rejected-all-destinations", SCRIPT,
     "qsub: Job rejected by all possible destinations (check syntax, queue resources, …)\n",
     "OpenPBS qsub routing queue", {"replace": [["#PBS -l select=2", "#PBS -q prod\n#PBS -l select=2"]]}, "ask"),
]


def main() -> None:
    cases = []
    for cid, cls, log, src, edits, exp in ENTRIES:
        expect: dict = {}
        if cls == SCRIPT:
            expect = {"families": SCRIPT_FAMILIES, **({"ask": True} if exp == "ask" else {"fix": exp})}
        cases.append({"id": cid, "split": "tune", "kind": "script" if cls == SCRIPT else "not_script",
                      "source": src, "what": cls, **AUR, **edits, "log": log, "expect": expect})
    text = "# Generated by make_catalogue.py (edit there).\n" + yaml.safe_dump(
        {"schema": 1, "cases": cases}, sort_keys=False, allow_unicode=True, width=100)
    (HERE / "catalogue_cases.yaml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
