"""The interconnect-software message catalogue of helper s36fabric as run.py cases
(catalogue_cases.yaml).

Each message is one a training or MPI job can meet on the sites' fabrics, read from its source
at the commit read:
  OFI   libfabric (github ofiwg/libfabric af8ddbe92f033b7deb9c4e4f47197d1fd4bcf150):
        src/fabric.c errstr[] / include/rdma/fi_errno.h (fi_strerror: FI_ENODATA "No data
        available", FI_ENOSYS "Function not implemented"), prov/cxi/src/cxip_if.c ("Interface %s
        link down.", "CXI retry handler not running for device: %s");
  NOFI  aws-ofi-nccl (github aws/aws-ofi-nccl 2daf7d303aa139a03140aa530957d10521e4478d):
        src/nccl_ofi_rdma.cpp:7305-7308 and src/nccl_ofi_sendrecv.cpp:2346 ("No eligible providers
        were found", "OFI fi_getinfo() call failed: %s"), src/nccl_ofi_net.cpp:334/573 ("Unable
        to find a protocol that worked", "Couldn't open a fabric provider. RC: %d, ERROR: %s");
  UCX   openucx/ucx 9466d104a317c8ffddd9734e72055d8bbda021b3: src/ucp/core/ucp_context.c:1508
        ("%s %s not available, please use one or more of: %s") and :1770 ("no usable
        transports/devices (asked %s)"), src/ucs/type/status.c (status strings),
        src/uct/ib/mlx5/ib_mlx5_log.c:132 ("Transport retry count exceeded");
  CRAY  Cray MPICH texts as the records already cite them (GTL not linked).
Classes: SCRIPT (a line of the script decides it: a provider/transport/device the site's fabric
lacks forced by the script, a plugin/module the site documents missing), ADVICE (only the
user or the site knows: no script line forces the provider), HW (link, NIC, fabric), PROG
(the peer process died first, the program).
Run: python bench/s36fabric_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s36fabric_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
OFI = "ofiwg/libfabric@af8ddbe92f03 "
NOFI = "aws/aws-ofi-nccl@2daf7d303aa1 "
UCX = "openucx/ucx@9466d104a317 "
CRAY = "Cray MPICH (templates/failures/modules_sites.yaml source) "

PM = {"cluster": "perlmutter", "script": "perlmutter_srun_gpu.sh"}
PMSH = {"cluster": "perlmutter", "script": "perlmutter_shifter.sh"}
PMMPI = {"cluster": "perlmutter", "script": "srun_mpi_app.sh"}
POL = {"cluster": "polaris", "script": "pbs_polaris_torchrun.sh"}
VISTA = {"cluster": "vista", "script": "tacc_ibrun.sh"}
B2 = {"cluster": "bridges2", "script": "srun_torchrun.sh"}
DELTA = {"cluster": "delta", "script": "srun_torchrun.sh"}

PM_ENV = "export MASTER_PORT=29500"
POL_ENV = "conda activate\n"


def add(after: str, line: str) -> dict:
    """Edits adding ``line`` after the base script's ``after``."""
    return {"replace": [[after, after + ("" if after.endswith("\n") else "\n") + line + ("\n" if after.endswith("\n") else "")]]}


H = "nid001234:81234:81301 [0] "
NCCL_TAIL = (H + "NCCL WARN NET/OFI Unable to find a protocol that worked.  Failing initialization.\n"
             "RuntimeError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, internal error - please report this issue to the NCCL developers, NCCL version 2.21.5\n")
GETINFO_NODATA = H + "NCCL WARN NET/OFI OFI fi_getinfo() call failed: No data available\n" + NCCL_TAIL
NOELIGIBLE = H + "NCCL INFO NET/OFI No eligible providers were found\n" + NCCL_TAIL
UCXTS = "[1732871234.551201] [v001:2291:0]     ucp_context.c:{line} UCX  {lvl} "
NOUSABLE = UCXTS.format(line=1770, lvl="ERROR") + "no usable transports/devices (asked {asked})\n"
UNSET = r"(?m)^(?:-\s*export {n}=|\+\s*unset {n}\b)"

# (id, class, log, source, base, edits, expect)
ENTRIES: list[tuple[str, str, str, str, dict, dict, str | None]] = [
    # ---- script: the script forces a provider / transport / device the fabric lacks ----
    ("nofi-getinfo-nodata-fiprov-efa-perlmutter", "SCRIPT", GETINFO_NODATA, NOFI + "src/nccl_ofi_sendrecv.cpp:2346 + OFI src/fabric.c FI_ENODATA", PM, add(PM_ENV, "export FI_PROVIDER=efa"), UNSET.format(n="FI_PROVIDER")),
    ("nofi-getinfo-nodata-fiprov-verbs-polaris", "SCRIPT", GETINFO_NODATA, NOFI + "src/nccl_ofi_sendrecv.cpp:2346", POL, add(POL_ENV, "export FI_PROVIDER=verbs"), UNSET.format(n="FI_PROVIDER")),
    ("nofi-noeligible-fiprov-tcp-perlmutter", "SCRIPT", NOELIGIBLE.replace("No eligible", "No eligible"), NOFI + "src/nccl_ofi_rdma.cpp:7305", PM, add(PM_ENV, 'export FI_PROVIDER="sockets"'), UNSET.format(n="FI_PROVIDER")),
    ("mpich-addrinfo-nodata-fiprov-cxi-vista", "SCRIPT", "Abort(1091727) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init_thread: Other MPI error, error stack:\nMPIR_Init_thread(175)........:\nMPID_Init(597)...............:\nMPIDI_OFI_init_local(658)....:\nMPIDI_OFI_mpi_init_hook(1542): OFI addrinfo() failed (ofi_init.c:1542:MPIDI_OFI_mpi_init_hook:No data available)\n", OFI + "FI_ENODATA; MPICH ch4 ofi_init.c", VISTA, add("export MASTER_PORT=29500", "export FI_PROVIDER=cxi"), UNSET.format(n="FI_PROVIDER")),
    ("ucx-netdev-unavailable-bridges2", "SCRIPT", UCXTS.format(line=1508, lvl="WARN") + "network device 'mlx5_2:1' is not available, please use one or more of: 'ib0'(tcp), 'lo'(tcp), 'mlx5_0:1'(ib)\n" + NOUSABLE.format(asked="all on network:mlx5_2:1, shared memory:all, accelerated:all"), UCX + "src/ucp/core/ucp_context.c:1508,1770", B2, add("export MASTER_PORT=29500", "export UCX_NET_DEVICES=mlx5_2:1"), UNSET.format(n="UCX_NET_DEVICES")),
    ("ucx-tls-unavailable-vista", "SCRIPT", UCXTS.format(line=1508, lvl="WARN") + "transport 'dc_x' is not available, please use one or more of: cma, cuda_copy, cuda_ipc, gdr_copy, rc_mlx5, rc_verbs, self, sm, sysv, tcp, ud_mlx5, ud_verbs, xpmem\n" + NOUSABLE.format(asked="dc_x on network:all, shared memory:all, accelerated:all"), UCX + "src/ucp/core/ucp_context.c:1508,1770", VISTA, add("export MASTER_PORT=29500", "export UCX_TLS=dc_x"), UNSET.format(n="UCX_TLS")),
    ("cray-gtl-not-linked-perlmutter", "SCRIPT", "MPICH ERROR [Rank 0] [job id 31415926.0] [Fri Nov 28 10:11:12 2026] [nid001234] - Abort(-1) (rank 0 in comm 0): MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked\n (Other MPI error)\n", CRAY, PMMPI, add("module load cray-mpich", "export MPICH_GPU_SUPPORT_ENABLED=1"), r"(?m)^(?:\+.*(?:craype-accel|GTL|gtl|MPICH_GPU_SUPPORT_ENABLED=0)|-export MPICH_GPU_SUPPORT_ENABLED=1|\+\s*unset MPICH_GPU_SUPPORT_ENABLED)"),
    ("nccl-net-awslibfabric-forced-perlmutter", "SCRIPT", H + "NCCL WARN Error: network AWS Libfabric not found.\n", NOFI + "(NCCL net.cc: NCCL_NET names the plugin's network)", PM, add(PM_ENV, 'export NCCL_NET="AWS Libfabric"'), UNSET.format(n="NCCL_NET")),
    ("shifter-noplugin-could-not-find-perlmutter", "SCRIPT", H + "NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.\n" + H + "NCCL INFO NET/IB : No device found.\n" + H + "NCCL INFO NET/Socket : Using [0]hsn0:10.100.1.23<0> [1]hsn1:10.100.1.24<0>\n" + "[rank0]:[E1128 10:42:01.123456 81234 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600005 milliseconds before timing out.\n", NOFI + "(NCCL plugin loader; NERSC shifter --module=nccl-plugin)", PMSH, {"replace": [["#SBATCH --module=gpu,nccl-plugin", "#SBATCH --module=gpu"]]}, r"(?m)^\+#SBATCH --module=.*nccl"),
    ("polaris-noplugin-no-ldpath", "SCRIPT", H + "NCCL INFO NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory\n" + H + "NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation\n" + H + "NCCL WARN Error: network AWS Libfabric not found.\n", NOFI + "(NCCL plugin loader; ALCF NCCL page)", POL, add(POL_ENV, 'export NCCL_NET="AWS Libfabric"'), r"(?m)^\+.*(?:aws-ofi-nccl|unset NCCL_NET)|^-export NCCL_NET="),
    # ---- advice: nothing in the script forces the provider (the image's libfabric, the site) ----
    ("nofi-getinfo-nodata-noenv-perlmutter", "ADVICE", GETINFO_NODATA, NOFI + "src/nccl_ofi_sendrecv.cpp:2346", PM, {}, None),
    ("nofi-getinfo-nodata-shifter-perlmutter", "ADVICE", GETINFO_NODATA, NOFI + "src/nccl_ofi_sendrecv.cpp:2346", PMSH, {}, None),
    ("nofi-noeligible-noenv-polaris", "ADVICE", NOELIGIBLE, NOFI + "src/nccl_ofi_rdma.cpp:7305", POL, {}, None),
    ("nofi-getinfo-nodata-fiprov-cxi-perlmutter", "ADVICE", GETINFO_NODATA, NOFI + "src/nccl_ofi_sendrecv.cpp:2346", PM, add(PM_ENV, "export FI_PROVIDER=cxi"), None),
    ("nofi-open-fabric-enosys-perlmutter", "ADVICE", H + "NCCL WARN NET/OFI Couldn't open a fabric provider. RC: -38, ERROR: Function not implemented\n" + NCCL_TAIL, NOFI + "src/nccl_ofi_net.cpp:573 + OFI FI_ENOSYS", PM, {}, None),
    # ---- not script: the link, the NIC, the fabric ----
    ("cxi-link-down", "HW", "libfabric:81234:1732871234::cxi:core:cxip_if_enable():143<info> Interface cxi2 link down.\n" + H + "NCCL WARN NET/OFI Couldn't open a fabric provider. RC: -19, ERROR: No such device\n", OFI + "prov/cxi/src/cxip_if.c:143", PM, {}, None),
    ("cxi-retry-handler", "HW", "libfabric:81234:1732871234::cxi:core:cxip_query_if_list():554<warn> CXI retry handler not running for device: cxi0\n", OFI + "prov/cxi/src/cxip_if.c:554", PM, {}, None),
    ("ucx-retry-exceeded", "HW", "[v001:2291:0:2291] ib_mlx5_log.c:177  Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)\n[v001:2291:0:2291] ib_mlx5_log.c:177  RC QP 0x1a2b wqe[102]: SEND s-e [inl len 18]\n==== backtrace (tid:   2291) ====\n", UCX + "src/uct/ib/mlx5/ib_mlx5_log.c:132", VISTA, {}, None),
    ("ucx-conn-reset", "PROG", "[1732871234.551201] [v002:3301:0]           sock.c:470  UCX  ERROR recv(fd=41) failed: Connection reset by peer\n[1732871234.551299] [v002:3301:0]     ucp_worker.c:1744 UCX  ERROR error 'Connection reset by remote peer' will not be handled for ep 0x7f12 - ucp_ep_create() was not called with UCP_ERR_HANDLING_MODE_PEER\n", UCX + "src/ucs/type/status.c:74", VISTA, {}, None),
    ("ucx-endpoint-timeout", "HW", "[1732871234.551201] [v002:3301:0]     ucp_worker.c:1744 UCX  ERROR error 'Endpoint timeout' will not be handled for ep 0x7f12 - ucp_ep_create() was not called with UCP_ERR_HANDLING_MODE_PEER\n", UCX + "src/ucs/type/status.c:76", B2, {}, None),
    ("mpich-ofi-poll-undeliverable", "SCRIPT", "MPICH ERROR [Rank 12] [job id 31415926.0] [Fri Nov 28 10:11:12 2026] [nid004321] - Abort(405419535) (rank 12 in comm 0): Fatal error in PMPI_Waitall: Other MPI error, error stack:\nMPIDI_OFI_handle_cq_error(1062): OFI poll failed (ofi_events.c:1064:MPIDI_OFI_handle_cq_error:Input/output error - UNDELIVERABLE)\n", OFI + "cxi UNDELIVERABLE (released Frontier cases: FI_CXI_RX_MATCH_MODE)", PMMPI, {}, r"(?m)^\+export FI_CXI_RX_MATCH_MODE=(software|hybrid)"),
    ("nofi-request-error", "HW", H + "NCCL WARN NET/OFI Request 0x7f3a completed with error. RC: 5. Error: 5 (Input/output error). Completed length: 0, Request: { dev: 1, size: 0, state: CREATED, type: RECV }\n", NOFI + "src/nccl_ofi_rdma.cpp (completion error)", PM, {}, None),
    # ---- look-alike: healthy fabric lines, the failure is elsewhere ----
    ("lookalike-ofi-selected-then-oom", "PROG", H + "NCCL INFO NET/OFI Selected provider is cxi, fabric is cxi (found 4 nics)\n" + H + "NCCL INFO Using network AWS Libfabric\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 39.39 GiB of which 1.05 GiB is free.\n", NOFI + "src/nccl_ofi_net.cpp:644", PM, add(PM_ENV, "export FI_PROVIDER=cxi"), None),
    ("lookalike-ucx-warn-then-oom", "PROG", UCXTS.format(line=1508, lvl="WARN") + "transport 'cuda_ipc' is not available, please use one or more of: cma, self, sm, sysv, tcp\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n", UCX + "src/ucp/core/ucp_context.c:1508", B2, add("export MASTER_PORT=29500", "export UCX_TLS=sm,self,cuda_ipc"), None),
]

FAMS = ["environment", "network", "backend", "modules", "containers", "launcher"]


def case(entry: tuple) -> dict:
    cid, cls, log, source, base, edits, expect = entry
    out: dict = {"id": cid, "split": "tune", "kind": "script" if cls == "SCRIPT" else "not_script",
                 "source": source, "what": cls, **base, **edits, "log": log}
    out["expect"] = {} if cls != "SCRIPT" else {"families": list(FAMS), "fix": expect}
    return out


def main() -> None:
    head = "# Generated by make_catalogue.py (edit there).\n"
    body = yaml.safe_dump({"schema": 1, "cases": [case(e) for e in ENTRIES]}, sort_keys=False,
                          allow_unicode=True, width=100)
    (HERE / "catalogue_cases.yaml").write_text(head + body, encoding="utf-8")
    print(len(ENTRIES), "messages")


if __name__ == "__main__":
    main()
