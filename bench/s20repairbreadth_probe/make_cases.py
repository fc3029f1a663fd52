# ruff: noqa: E501  (the cases are data: one excerpt, one description a line)
"""Write cases.yaml of the s20repairbreadth probe and cache each excerpt (run once, before any run).

Each excerpt is the error text a user posted in the public thread of `source`, read with the
search tool (corpus issues) on 2026-11-27, checked against bench/ (main), templates/failures/ and
/work/wt/claimed_threads.txt (none cited), and claimed as s20repairbreadth. The split is fixed
here by sha256(id) parity: even -> tune, odd -> heldout.

    /work/main/.venv/bin/python bench/s20repairbreadth_probe/make_cases.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CACHE = Path("/work/cache/s20repairbreadth")

UNREACHABLE = """--------------------------------------------------------------------------
At least one pair of MPI processes are unable to reach each other for
MPI communications.  This means that no Open MPI device has indicated
that it can be used to communicate between these processes.  This is
an error; Open MPI requires that all MPI processes be able to reach
each other.  This error can sometimes be the result of forgetting to
specify the "self" BTL.

  Process 1 ({p1}) is on host: {h1}
  Process 2 ({p2}) is on host: {h2}
  BTLs attempted: {btls}

Your MPI job is now going to abort; sorry.
--------------------------------------------------------------------------
"""

PSEC = """--------------------------------------------------------------------------
A requested component was not found, or was unable to be opened.  This
means that this component is either not installed or is unable to be
used on your system (e.g., sometimes this means that shared libraries
that the component requires are unable to be found/loaded).  Note that
PMIX stopped checking at the first component that it did not find.

Host:      {host}
Framework: psec
Component: munge
--------------------------------------------------------------------------
"""

PSEC_INIT = """It looks like pmix_init failed for some reason; your parallel process is
likely to abort.  There are many reasons that a parallel process can
fail during pmix_init; some of which are due to configuration or
environment problems.  This failure appears to be an internal failure;
here's some additional information (which may only be relevant to an
PMIX developer):

  pmix_psec_base_open failed
  --> Returned value -46 instead of PMIX_SUCCESS
"""

PML = """--------------------------------------------------------------------------
No components were able to be opened in the pml framework.

This typically means that either no components of this type were
installed, or none of the installed components can be loaded.
Sometimes this means that shared libraries required by these
components are unable to be found/loaded.

  Host:      {host}
  Framework: pml
--------------------------------------------------------------------------
"""

BIND_FIX = r"(?m)^\+.*\bmpirun\b.*(--bind-to[ =]none\b|overload-allowed)"

CASES: list[dict] = [
    # ============================================ Open MPI's binding protection (script)
    dict(id="baselines325-ompi-bind-more-procs-than-cpus", kind="script",
         source="https://github.com/openai/baselines/issues/325",
         thread_site="mpirun started by the HER trainer binds each rank to a core; with 5+ ranks on a quad-core machine Open MPI refuses (Bind to: CORE, 2 processes, 1 cpu) and asks for overload-allowed",
         what="more ranks than cores with --bind-to core; the fix lifts the per-core binding on the mpirun line (--bind-to none, or overload-allowed); assumed shape - an Open MPI mpirun job under Slurm with 8 ranks bound to cores, diagnosed as on Delta",
         cluster="delta", script="mpirun_openmpi_slurm.sh",
         log=("--------------------------------------------------------------------------\n"
              "A request was made to bind to that would result in binding more\n"
              "processes than cpus on a resource:\n\n"
              "   Bind to:     CORE\n   Node:        titan\n   #processes:  2\n   #cpus:       1\n\n"
              "You can override this protection by adding the \"overload-allowed\"\n"
              "option to your binding directive.\n"
              "--------------------------------------------------------------------------\n"),
         expect={"families": ["launcher"], "fix": BIND_FIX}),
    dict(id="ompi12463-bind-singleton-pe32", kind="script",
         source="https://github.com/open-mpi/ompi/issues/12463",
         thread_site="Open MPI 5.0.2 in a Slurm script: mpirun --np 1 --report-binding --map-by package:PE=32 refuses to bind the one rank to 32 cores (v5 wording: more processes than cpus available in your allocation)",
         what="the binding mpirun asks (32 cores per rank) exceeds the CPUs it can bind in the allocation; the fix lifts the binding on the mpirun line (--bind-to none, or overload-allowed); assumed shape - the Open MPI mpirun job with that line, diagnosed as on Anvil",
         cluster="anvil", script="mpirun_openmpi_slurm.sh",
         replace=[["mpirun -np 8 --map-by ppr:4:node --bind-to core python train.py --epochs 10",
                   "mpirun --np 1 --report-binding --map-by package:PE=32 ./testGhosts 111"]],
         log=("19: A request was made to bind to that would result in binding more\n"
              "19: processes than cpus available in your allocation:\n19:\n"
              "19:    Application:     ./testGhosts\n19:    #processes:      1\n"
              "19:    Binding policy:  CORE\n19:\n"
              "19: You can override this protection by adding the \"overload-allowed\"\n"
              "19: option to your binding directive.\n"),
         expect={"families": ["launcher"], "fix": BIND_FIX}),
    dict(id="caput323-bind-l3cache-one-task", kind="script",
         source="https://github.com/radiocosmology/caput/issues/323",
         thread_site="a pipeline run with one MPI task per node and 192 OpenMP threads; the mpirun line binds by L3 cache, which no single cache satisfies, and the job exits at once; srun worked",
         what="mpirun's binding (an L3-cache map) cannot place the one rank; the fix lifts the binding on the mpirun line (--bind-to none, or overload-allowed); assumed shape - the Open MPI mpirun job binding by l3cache, diagnosed as on Bridges-2",
         cluster="bridges2", script="mpirun_openmpi_slurm.sh",
         replace=[["mpirun -np 8 --map-by ppr:4:node --bind-to core python train.py --epochs 10",
                   "mpirun -np 1 --map-by ppr:1:node:PE=192 --bind-to l3cache python pipeline.py config.yaml"]],
         log=("--------------------------------------------------------------------------\n"
              "A request was made to bind to that would result in binding more\n"
              "processes than cpus available in your allocation:\n\n"
              "   Application:     python\n   #processes:      1\n   Binding policy:  CORE\n\n"
              "You can override this protection by adding the \"overload-allowed\"\n"
              "option to your binding directive.\n"
              "--------------------------------------------------------------------------\n"),
         expect={"families": ["launcher"], "fix": BIND_FIX}),
    # ============================== an MPI/PMIx component the installation cannot load (not the script)
    dict(id="ucx5284-pml-no-components", kind="not_script",
         source="https://github.com/openucx/ucx/issues/5284",
         thread_site="Open MPI 4.0.3 built against UCX 1.8 in a container; mpirun --mca pml ucx finds no loadable pml component (the UCX libraries of the build are not found/loaded)",
         what="the installation's pml components (UCX) cannot be loaded: a build/library problem of the MPI installation, not the script; assumed shape - the Open MPI mpirun job asking pml ucx, diagnosed as on Delta",
         cluster="delta", script="mpirun_openmpi_slurm.sh",
         replace=[["mpirun -np 8 --map-by ppr:4:node", "mpirun -np 8 --mca pml ucx --map-by ppr:4:node"]],
         log=("[1592210x7.87xxx28] [xxxxx :0]         parser.c:1600 UCX  WARN  unused env variable: UCX_DIR (set UCX_WARN_UNUSED_ENV_VARS=n to suppress this warning)\n"
              + PML.format(host="xxxxx"))),
    dict(id="ompi11669-pml-ucx-cannot-be-selected", kind="not_script",
         source="https://github.com/open-mpi/ompi/issues/11669",
         thread_site="OpenFOAM under Open MPI on a cluster: without --mca pml ^ucx every run stops with no loadable pml component and 'PML ucx cannot be selected', plus a PMIX UNREACHABLE error",
         what="the installation's UCX pml cannot be loaded or selected on these nodes: the MPI installation (or its UCX), not the script; assumed shape - the Open MPI mpirun job, diagnosed as on Anvil",
         cluster="anvil", script="mpirun_openmpi_slurm.sh",
         log=(PML.format(host="cn557") + "[cn557:1724353] PML ucx cannot be selected\n")),
    dict(id="pmixstd363-psec-munge-mpirun", kind="not_script",
         source="https://github.com/pmix/pmix-standard/issues/363",
         thread_site="Slurm 20.11.7 built with PMIx 3.2.3; inside an srun shell, mpirun -c 2 /bin/hostname fails: PMIx cannot open its munge security component and pmix_init fails (-46)",
         what="the PMIx library the MPI uses has no loadable munge component (built without munge, or libmunge not found): an installation mismatch, not the script; assumed shape - the Open MPI mpirun job, diagnosed as on Delta",
         cluster="delta", script="mpirun_openmpi_slurm.sh",
         log=(PSEC.format(host="cnode9") + "\n--------------------------------------------------------------------------\n" + PSEC_INIT
              + "--------------------------------------------------------------------------\n[cnode9:2708617] PMIX ERROR: NOT-FOUND in file server/pmix_server.c at line 237\n")),
    dict(id="pyxis88-psec-munge-enroot", kind="not_script",
         source="https://github.com/NVIDIA/pyxis/issues/88",
         thread_site="an NVIDIA HPC benchmark in an enroot image started by srun with pyxis on several nodes; the PMIx inside the image cannot open the munge component and pmix_init fails",
         what="the PMIx in the container image has no munge component while the host's Slurm PMIx uses munge: an image/installation mismatch, not the script; assumed shape - the pyxis srun job, diagnosed as on Perlmutter",
         cluster="perlmutter", script="srun_pyxis.sh",
         log=(PSEC.format(host="pgp0202").replace("--------------------------------------------------------------------------\n", "") + "\n" + PSEC_INIT
              + "\n[pgp0202:12255] PMIX ERROR: NOT-FOUND in file server/pmix_server.c at line 229\n")),
    dict(id="ompi12571-psec-munge-container-name", kind="not_script",
         source="https://github.com/open-mpi/ompi/issues/12571",
         thread_site="Slurm 23.11.5, Open MPI 5.0.3, PMIx 5.0.2, enroot; srun --container-name=... bash -c 'all_reduce_perf_mpi ...' fails to find the munge component (runs without the container work)",
         what="the PMIx inside the container cannot open munge: an image/installation mismatch with the host PMIx, not the script; assumed shape - the pyxis srun job, diagnosed as on Perlmutter",
         cluster="perlmutter", script="srun_pyxis.sh",
         log=(PSEC.format(host="gpu1") + "\n--------------------------------------------------------------------------\n"
              + PSEC_INIT.split("\n\n")[0] + "\n")),
    # ============================== no Open MPI transport reaches a peer (not the script)
    dict(id="ompi10955-btl-unreachable-self-lsf", kind="not_script",
         source="https://github.com/open-mpi/ompi/issues/10955",
         thread_site="Open MPI 4.1 on an LSF cluster with InfiniBand: two ranks on one host cannot reach each other; only the self BTL was attempted (the installation offers no usable shared-memory/IB transport)",
         what="no transport of the installation can connect the ranks (only self attempted): the MPI build/fabric, not the script; assumed shape - the Open MPI mpirun job, diagnosed as on Delta",
         cluster="delta", script="mpirun_openmpi_slurm.sh",
         log=(UNREACHABLE.format(p1="[[15333,1],1]", h1="cauchy01", p2="[[15333,1],0]", h2="cauchy01", btls="self")
              + "[cauchy01:50092] pmix:log non-blocking\n")),
    dict(id="ompi3573-btl-unreachable-self-two-nodes", kind="not_script",
         source="https://github.com/open-mpi/ompi/issues/3573",
         thread_site="osu_latency across two GPU nodes: the openib BTL closes and only self remains, so the two ranks cannot reach each other and MPI_Barrier fails",
         what="the fabric transport (openib) was not usable on the nodes, leaving only self: the installation/fabric, not the script; assumed shape - the Open MPI mpirun job, diagnosed as on Bridges-2",
         cluster="bridges2", script="mpirun_openmpi_slurm.sh",
         log=("[opusgpu25-wbu2:23686] mca: base: close: unloading component openib\n"
              + UNREACHABLE.format(p1="[[18551,1],1]", h1="opusgpu34-wbu2", p2="[[18551,1],0]", h2="opusgpu25-wbu2", btls="self")
              + "[opusgpu34-wbu2:20880] *** An error occurred in MPI_Barrier\n[opusgpu34-wbu2:20880] *** reported by process [1215758337,1]\n"
              "[opusgpu34-wbu2:20880] *** on communicator MPI_COMM_WORLD\n[opusgpu34-wbu2:20880] *** MPI_ERR_INTERN: internal error\n")),
    dict(id="ompi5478-btl-unreachable-openib-endpoint", kind="not_script",
         source="https://github.com/open-mpi/ompi/issues/5478",
         thread_site="Open MPI 3.0.1 started by srun --mpi=pmi2 on a Slurm cluster (Sherlock); the openib BTL's UD connection manager cannot find the peer endpoint and the ranks are unreachable",
         what="the InfiniBand transport cannot find the peer's endpoint (the fabric/openib connection manager): not the script; assumed shape - an srun MPI job, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh",
         log=("[sh-114-04][[45240,0],61][../../../../../opal/mca/btl/openib/connect/btl_openib_connect_udcm.c:1521:udcm_find_endpoint] could not find endpoint with port: 1, lid: 322, msg_type: 100\n"
              "[sh-114-04][[45240,0],61][../../../../../opal/mca/btl/openib/connect/btl_openib_connect_udcm.c:2009:udcm_process_messages] could not find associated endpoint.\n"
              + UNREACHABLE.format(p1="[[45240,0],61]", h1="sh-114-04", p2="[[45240,0],13]", h2="unknown!", btls="self tcp openib smcuda vader"))),
    dict(id="ucx4742-no-am-transport-mpi-init", kind="not_script",
         source="https://github.com/openucx/ucx/issues/4742",
         thread_site="an MPI application (ior) over UCX: every rank finds no active-message transport to its peers (posix, sysv, self all unreachable) and MPI_Init aborts",
         what="UCX finds no transport between the ranks (its shared-memory and network transports all unreachable): the UCX installation or fabric, not the script; assumed shape - an srun MPI job, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh",
         log=("[1581060992.288391] [daishan:9817 :0]         select.c:438  UCX  ERROR no active messages transport to <no debug data>: posix/memory - Destination is unreachable, sysv/memory - Destination is unreachable, self/memory - Destination is unreachable, sockcm/sockaddr - no am bcopy, rdmacm/sockaddr - no am bcopy, cma/memory - no am bcopy\n"
              "Abort(1091471) on node 11 (rank 11 in comm 0): Fatal error in PMPI_Init: Other MPI error, error stack:\n"
              "MPIR_Init_thread(703)........:\nMPID_Init(958)...............:\n"
              "MPIDI_OFI_mpi_init_hook(1382): OFI get address vector map failed\n")),
    dict(id="ucx10738-no-am-transport-bond", kind="not_script",
         source="https://github.com/openucx/ucx/issues/10738",
         thread_site="UCX on servers with a bonded RoCE device: endpoint creation finds the rc transports of the bond unreachable (a UCX/device issue, reported to UCX)",
         what="UCX finds no active-message transport to the peer over the bonded device: UCX/fabric, not the script; assumed shape - the Open MPI mpirun job, diagnosed as on Delta",
         cluster="delta", script="mpirun_openmpi_slurm.sh",
         log=("[1750835683.514002] [TENCENT64:1392 :0]          select.c:649  UCX  ERROR   no active messages transport to <no debug data>: rc_verbs/mlx5_bond_1:1 - Destination is unreachable, rc_mlx5/mlx5_bond_1:1 - Destination is unreachable\n"
              "[1750835683.514020] [TENCENT64:1392 :0]         libperf.c:1183 UCX  ERROR ucp_ep_create() failed: Destination is unreachable\n")),
]


# ===================== batch 2 (added after batch 1 was fixed; written before any run on them):
# MPICH Hydra's proxies cannot connect back to mpiexec (not the script)
HYDRA_SRUN = [["module load cray-mpich", "module load mpich"],
              ["srun --cpu-bind=cores ./solver input.dat", "mpiexec -n 512 -ppn 64 ./solver input.dat"]]
CASES += [
    dict(id="mcdc148-hydra-proxy-no-route", kind="not_script", batch=2,
         source="https://github.com/mcdc-project/mcdc/issues/148",
         thread_site="LLNL Quartz (Slurm): every batch job submitted from one machine fails, Hydra's proxies on the compute nodes cannot connect to the mpiexec node (No route to host); it went away the next day without a change",
         what="Hydra's proxy cannot reach the node of mpiexec over the network: the nodes' network or name resolution, not the script; assumed shape - an MPICH mpiexec job under Slurm, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh", replace=HYDRA_SRUN,
         log=('[proxy:0:23@quartz2664] HYDU_sock_connect (lib/utils/sock.c:140): unable to connect from "quartz2664" to "quartz79" (No route to host)\n'
              "[proxy:0:23@quartz2664] main (proxy/pmip.c:105): unable to connect to server quartz79 at port 43377 (check for firewalls!)\n"
              "srun: error: quartz2664: task 23: Exited with exit code 5\n")),
    dict(id="mpich4599-hydra-connection-refused-local", kind="not_script", batch=2,
         source="https://github.com/pmodels/mpich/issues/4599",
         thread_site="MPICH 3.3.2 Hydra under Slurm on RHEL6: the proxy on node009 is refused by node008.local (the OS-added .local host names); the job hangs",
         what="Hydra's proxy is refused connecting back to mpiexec's node (host naming/network of the site), not the script; assumed shape - an MPICH mpiexec job under Slurm, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh", replace=HYDRA_SRUN,
         log=('[proxy:0:1@node009.local] HYDU_sock_connect (utils/sock/sock.c:145): unable to connect from "node009.local" to "node008.local" (Connection refused)\n'
              "[proxy:0:1@node009.local] main (pm/pmiserv/pmip.c:183): unable to connect to server node008.local at port 39565 (check for firewalls!)\n"
              "srun: error: node009: task 1: Exited with exit code 5\n")),
    dict(id="mpich3777-hydra-connection-timed-out", kind="not_script", batch=2,
         source="https://github.com/pmodels/mpich/issues/3777",
         thread_site="MPICH on an Ubuntu cluster: the proxy on node2 times out connecting to node1 (the maintainers ask about firewalls)",
         what="Hydra's proxy times out connecting back to mpiexec's node: a firewall or network between the nodes, not the script; assumed shape - an MPICH mpiexec job under Slurm, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh", replace=HYDRA_SRUN,
         log=('HYDU_sock_connect (utils/sock/sock.c:180): unable to connect from "node2" to "node1" (Connection timed out)\n'
              "[proxy:0:1@node2] main (pm/pmiserv/pmip.c:185): unable to connect to server node1 at port 35322 (check for firewalls!)\n")),
    dict(id="ompi7187-hydra-no-host-address", kind="not_script", batch=2,
         source="https://github.com/open-mpi/ompi/issues/7187",
         thread_site="MPICH 3.3 Hydra on a small cluster: the proxy on Slave1 cannot resolve the host name of the mpiexec node (Master) and cannot connect back (the maintainers point out it is MPICH's message)",
         what="Hydra's proxy cannot resolve the mpiexec node's host name: the nodes' name resolution, not the script; assumed shape - an MPICH mpiexec job under Slurm, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh", replace=HYDRA_SRUN,
         log=("HYDU_sock_connect (/opt/mpi-dl/mpich-3.3/src/pm/hydra/utils/sock/sock.c:145): unable to get host address for Master (4)\n"
              "[proxy:0:0@Slave1] main (/opt/mpi-dl/mpich-3.3/src/pm/hydra/pm/pmiserv/pmip.c:183): unable to connect to server Master at port 40677 (check for firewalls!)\n")),
]


def split_of(case_id: str) -> str:
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def main() -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    out, index = [], []
    for case in CASES:
        row = {"id": case["id"], "split": split_of(case["id"]), "kind": case["kind"]}
        row.update({k: v for k, v in case.items() if k not in row})
        out.append(row)
        text = case["log"]
        path = CACHE / f"{case['id']}.txt"
        path.write_text(text, encoding="utf-8")
        index.append({"id": case["id"], "source": case["source"],
                      "sha256": hashlib.sha256(text.encode()).hexdigest()})
    (CACHE / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    header = (HERE / "cases_header.txt").read_text(encoding="utf-8")
    body = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True,
                          width=200)
    (HERE / "cases.yaml").write_text(header + body, encoding="utf-8")
    print(len(out), "cases;", sum(r["split"] == "tune" for r in out), "tune")
    for r in out:
        print(r["split"], r["kind"], r["id"])


if __name__ == "__main__":
    main()
