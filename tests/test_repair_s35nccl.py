"""NCCL socket classes of helper s35nccl (templates/failures/nccl_s35.yaml): a connect to a peer
that has no route / times out / is refused in torch's Last-error copy is NCCL on an interface
the nodes do not share (the site's documented interface on Delta, a question elsewhere, advice
once the site's interface is already set), and a peer that reset or closed its socket is the
consequence of another rank's failure; NET/Socket's own 'no interface found' joins the
socket-interface records."""

from __future__ import annotations

from pathlib import Path

from repair_result import diagnose_first as _diagnose
from repair_result import family_of as _family

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s35nccl_probe" / "scripts"
SRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
HSN = SRUN.replace("export MASTER_PORT=29500",
                   "export MASTER_PORT=29500\nexport NCCL_SOCKET_IFNAME=hsn")
NO_ROUTE = ("node5:240:240 [6] misc/socket.cc:533 NCCL WARN socketPollConnect: Connect to "
            "10.0.0.4<56849> returned 113(No route to host) errno 115(Operation now in progress)\n"
            "node5:240:240 [6] NCCL INFO misc/socket.cc:570 -> 2\n")
LAST_REFUSED = ("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1269, "
                "unhandled system error, NCCL version 2.14.3\nncclSystemError: System call (e.g. "
                "socket, malloc) or external library call failed or device error.\nLast error:\n"
                "socketStartConnect: Connect to 172.17.0.1<47411> failed : Connection refused\n")
RETRY_LAST = ("h:1:2 [0] NCCL INFO socketPollConnect: connect returned No route to host, retrying "
              "(34/34) after sleep for 3400 msec\n")
RETRY_EARLY = ("h:1:2 [0] NCCL INFO socketPollConnect: connect returned No route to host, retrying "
               "(3/34) after sleep for 300 msec\n")


def test_no_route_to_a_peer_pins_the_sites_interface_on_delta() -> None:
    first, data = _diagnose(SRUN, NO_ROUTE, "delta")
    assert first == "nccl-peer-unreachable-site-interface"
    assert "+export NCCL_SOCKET_IFNAME=hsn" in data["proposed"]["diff"]


def test_refused_in_torchs_last_error_copy_pins_the_interface() -> None:
    first, data = _diagnose(SRUN, LAST_REFUSED, "deltaai")
    assert first == "nccl-peer-unreachable-site-interface"
    assert "+export NCCL_SOCKET_IFNAME=hsn" in data["proposed"]["diff"]


def test_the_retry_loop_run_to_its_end_is_the_same_class() -> None:
    first, _ = _diagnose(SRUN, RETRY_LAST, "delta")
    assert first == "nccl-peer-unreachable-site-interface"
    _, data = _diagnose(SRUN, RETRY_EARLY, "delta")  # a retry that may still succeed
    assert data.get("proposed") is None


def test_a_site_without_a_documented_interface_asks_for_it() -> None:
    for cluster in ("vista", "perlmutter", "polaris"):
        script = SRUN if cluster != "polaris" else (
            SCRIPTS.parent.parent / "reallogs28" / "scripts" / "pbs_polaris_torchrun.sh"
        ).read_text(encoding="utf-8")
        first, data = _diagnose(script, NO_ROUTE, cluster)
        assert first == "nccl-peer-unreachable-ask-interface", cluster
        assert data.get("proposed") is None and data.get("verdict") == "ask"
        assert data["question"]["record_id"] == "nccl-peer-unreachable-ask-interface"


def test_the_answer_fills_the_interface() -> None:
    data = diagnose_log(SRUN, NO_ROUTE, "vista", None, False,
                        answers={"nccl_socket_ifname": "ib0"})
    assert "+export NCCL_SOCKET_IFNAME=ib0" in data["proposed"]["diff"]


def test_no_route_on_the_sites_interface_is_not_the_script() -> None:
    first, data = _diagnose(HSN, NO_ROUTE, "delta")
    assert first == "nccl-peer-unreachable-on-site-interface"
    assert _family(first) in NOT_SCRIPT_FAMILIES and data.get("proposed") is None


def test_the_c10d_store_client_is_not_nccls_connect() -> None:
    log = ("[W socket.cpp:663] [c10d] The client socket has failed to connect to [gpu001]:29500 "
           "(errno: 113 - No route to host).\n")
    _, data = _diagnose(SRUN, log, "delta")
    assert not [d for d in data["diagnoses"] if d["record_id"].startswith("nccl-peer-")
                and d["method"] != "similarity"]
    assert data.get("proposed") is None


def test_a_peer_that_reset_or_closed_its_socket_is_not_the_script() -> None:
    for log in ("gpu-server320 [5] misc/socket.cc:46 NCCL WARN socketProgressOpt: Call to send to "
                "10.44.137.149<52905> failed : Connection reset by peer\n",
                "server1:6601:6625 [0] include/socket.h:385 NCCL WARN Net : Connection closed by "
                "remote peer\nNCCL failure common.cu:921 'unhandled system error'\n"):
        first, data = _diagnose(SRUN, log, "delta")
        assert first == "nccl-peer-went-away"
        assert _family(first) in NOT_SCRIPT_FAMILIES and data.get("proposed") is None


def test_a_peer_closing_ranks_below_the_cause_in_the_same_log() -> None:
    log = ("node0:1:2 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote "
           "peer node1<57557>\nnode1:3:4 [0] NCCL WARN Bootstrap : no socket interface found\n")
    first, _ = _diagnose(SRUN, log, "delta")
    assert first == "nccl-socket-interface"


def test_net_sockets_own_interface_search_is_the_interface_class() -> None:
    first, data = _diagnose(SRUN, "n:1:1 [0] NCCL WARN NET/Socket : no interface found\n", "delta")
    assert first == "nccl-socket-interface"
    assert "+export NCCL_SOCKET_IFNAME=hsn" in data["proposed"]["diff"]


SINGLE = (SCRIPTS / "torchrun_single.sh").read_text(encoding="utf-8")


def test_store_timeout_in_seconds_on_one_node_is_the_programs() -> None:
    for log in ("[E socket.cpp:922] The client socket has timed out after 1800s while trying to "
                "connect to (127.0.0.1, 29500)\n",
                "torch.distributed.DistNetworkError: The client socket has timed out after 600s "
                "while trying to connect to (127.0.0.1, 52209)\n"):
        first, data = _diagnose(SINGLE, log, "delta")
        assert first == "local-store-timeout-one-node"
        assert data.get("proposed") is None


def test_store_timeout_in_seconds_across_nodes_is_the_rendezvous_address() -> None:
    log = ("torch.distributed.DistNetworkError: The client socket has timed out after 900s while "
           "trying to connect to (node01, 29500).\n")
    first, _ = _diagnose(SRUN, log, "delta")
    assert first == "rendezvous-timeout"


SAME_SUBNET = ("l:1:1 [0] NCCL INFO Bootstrap : Using [0]enp2s0:192.168.80.156<0>\n"
               "l:1:2 [0] include/socket.h:390 NCCL WARN Connect to 192.168.80.157<34630> failed : "
               "No route to host\n")


def test_a_peer_on_the_interfaces_own_subnet_is_a_firewall_not_the_interface() -> None:
    for cluster in ("delta", "vista"):
        first, data = _diagnose(SRUN, SAME_SUBNET, cluster)
        assert first == "nccl-peer-unreachable-same-subnet", cluster
        assert _family(first) in NOT_SCRIPT_FAMILIES and data.get("proposed") is None


def test_a_docker_bridge_on_the_same_subnet_is_still_the_interface_class() -> None:
    log = SAME_SUBNET.replace("enp2s0:192.168.80.156", "docker0:192.168.80.156")
    first, data = _diagnose(SRUN, log, "delta")
    assert first == "nccl-peer-unreachable-site-interface"
    assert "+export NCCL_SOCKET_IFNAME=hsn" in data["proposed"]["diff"]


BOOT_INTERNAL = ("n:1:1 [0] bootstrap.cc:45 NCCL WARN Bootstrap : no socket interface found\n"
                 "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1249, "
                 "internal error - please report this issue to the NCCL developers, NCCL version "
                 "2.18.5\n")


def test_a_missing_interface_the_script_names_is_dropped_where_the_site_names_none() -> None:
    script = SRUN.replace("export MASTER_PORT=29500",
                          "export MASTER_PORT=29500\nexport NCCL_SOCKET_IFNAME=eth0")
    first, data = _diagnose(script, BOOT_INTERNAL, "vista")
    assert first == "nccl-socket-ifname-unknown"
    assert "-export NCCL_SOCKET_IFNAME=eth0" in data["proposed"]["diff"]
    first, data = _diagnose(script, BOOT_INTERNAL, "delta")  # the site's interface instead
    assert first == "nccl-socket-interface"
    assert "+export NCCL_SOCKET_IFNAME=hsn" in data["proposed"]["diff"]


def test_a_missing_interface_set_outside_the_script_asks_for_it() -> None:
    first, data = _diagnose(SRUN, BOOT_INTERNAL, "vista")
    assert first == "nccl-bootstrap-no-interface-ask"
    assert data.get("verdict") == "ask" and data.get("proposed") is None


def test_master_addr_through_a_variable_that_names_the_first_node_is_kept() -> None:
    from maple_flow.repair.patch_env import set_master_addr

    script = ("#!/bin/bash\n#SBATCH --nodes=3\n"
              'addr=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n'
              "export MASTER_ADDR=$addr\ntorchrun --nnodes=3 train.py\n")
    assert set_master_addr(script, "slurm", "") == script
    wrong = script.replace("export MASTER_ADDR=$addr", "export MASTER_ADDR=$HOSTNAME")
    assert "scontrol show hostnames" in set_master_addr(wrong, "slurm", "").split("MASTER_ADDR=")[1]


LOOPBACK = ("g:1:1 [0] NCCL INFO Bootstrap : Using [0]lo:127.0.0.1<0>\n"
            "g:1:2 [0] NCCL INFO Call to connect returned Connection refused, retrying\n")


def test_loopback_across_nodes_pins_drops_or_asks() -> None:
    pinned = SRUN.replace("export MASTER_PORT=29500",
                          "export MASTER_PORT=29500\nexport NCCL_SOCKET_IFNAME=lo")
    first, data = _diagnose(pinned, LOOPBACK, "delta")
    assert first == "nccl-loopback-across-nodes-site-interface"
    assert "+export NCCL_SOCKET_IFNAME=hsn" in data["proposed"]["diff"]
    first, data = _diagnose(pinned, LOOPBACK, "vista")
    assert first == "nccl-loopback-across-nodes-drop-setting"
    assert "-export NCCL_SOCKET_IFNAME=lo" in data["proposed"]["diff"]
    first, data = _diagnose(SRUN, LOOPBACK, "vista")
    assert first == "nccl-loopback-across-nodes-ask" and data.get("verdict") == "ask"


def test_loopback_on_one_node_is_not_matched() -> None:
    for cluster in ("delta", "vista"):
        _, data = _diagnose(SINGLE, LOOPBACK, cluster)
        assert not [d for d in data["diagnoses"]
                    if d["record_id"].startswith("nccl-loopback") and d["method"] != "similarity"]
