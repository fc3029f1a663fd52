"""Interconnect messages of libfabric, aws-ofi-nccl and UCX (s36fabric,
templates/failures/fabric_s36.yaml): a provider (FI_PROVIDER) or UCX device the script forces
and the site's fabric lacks is unset; aws-ofi-nccl finding no provider with nothing in the
script to blame is advice (it used to export the site's network variables); a CXI NIC link
down is the node's. Look-alikes keep their own records or stay untouched."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log

PM = """#!/bin/bash
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
module load pytorch/2.3.1
export MASTER_PORT=29500
srun python train.py
"""
VISTA = """#!/bin/bash
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
#SBATCH -A MyProject
export MASTER_PORT=29500
ibrun ./solver input.dat
"""
NODATA = "x:1:2 [0] NCCL WARN NET/OFI OFI fi_getinfo() call failed: No data available\n"
ADDRINFO = ("MPIDI_OFI_mpi_init_hook(1542): OFI addrinfo() failed "
            "(ofi_init.c:1542:MPIDI_OFI_mpi_init_hook:No data available)\n")


def _run(script: str, log: str, site: str) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, site, None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


def _with(script: str, line: str) -> str:
    return script.replace("export MASTER_PORT=29500", f"export MASTER_PORT=29500\n{line}")


def test_a_non_cxi_provider_forced_on_slingshot_is_unset() -> None:
    data, first = _run(_with(PM, "export FI_PROVIDER=efa"), NODATA, "perlmutter")
    assert first == "ofi-forced-provider-absent-on-fabric/script"
    assert "+unset FI_PROVIDER" in data["proposed"]["diff"]


def test_cxi_forced_on_infiniband_is_unset() -> None:
    data, first = _run(_with(VISTA, "export FI_PROVIDER=cxi"), ADDRINFO, "vista")
    assert first == "ofi-forced-provider-absent-on-fabric/script"
    assert "+unset FI_PROVIDER" in data["proposed"]["diff"]


def test_cxi_on_slingshot_is_not_blamed() -> None:
    data, first = _run(_with(PM, "export FI_PROVIDER=cxi"), NODATA, "perlmutter")
    assert data["proposed"] is None
    assert first == "aws-ofi-nccl-no-provider/not_script"


def test_no_provider_without_a_script_line_is_advice() -> None:
    for log in (NODATA, "x:1:2 [0] NCCL INFO NET/OFI No eligible providers were found\n"
                "x:1:2 [0] NCCL WARN NET/OFI Unable to find a protocol that worked.  Failing "
                "initialization.\n"):
        data, first = _run(PM, log, "perlmutter")
        assert data["proposed"] is None
        assert first == "aws-ofi-nccl-no-provider/not_script"


def test_cxi_link_down_is_the_node() -> None:
    log = ("libfabric:81234:1732871234::cxi:core:cxip_query_if_list():554<warn> CXI retry "
           "handler not running for device: cxi0\n")
    data, first = _run(PM, log, "perlmutter")
    assert data["proposed"] is None
    assert first == "cxi-nic-link-down/not_script"


def test_ucx_net_devices_set_by_the_script_is_unset() -> None:
    log = ("ucp_context.c:1508 UCX  WARN  network device 'mlx5_2:1' is not available, please "
           "use one or more of: 'ib0'(tcp), 'mlx5_0:1'(ib)\nucp_context.c:1770 UCX  ERROR no "
           "usable transports/devices (asked all on network:mlx5_2:1, shared memory:all)\n")
    data, first = _run(_with(VISTA, "export UCX_NET_DEVICES=mlx5_2:1"), log, "vista")
    assert first == "ucx-net-devices-set-by-script-unavailable/script"
    assert "+unset UCX_NET_DEVICES" in data["proposed"]["diff"]
    _, plain = _run(VISTA, log, "vista")
    assert plain != "ucx-net-devices-set-by-script-unavailable/script"


def test_a_healthy_provider_line_stays_untouched() -> None:
    log = ("x:1:2 [0] NCCL INFO NET/OFI Selected provider is cxi, fabric is cxi (found 4 nics)\n"
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    data, first = _run(_with(PM, "export FI_PROVIDER=cxi"), log, "perlmutter")
    assert data["proposed"] is None
    assert not first.startswith(("ofi-provider", "aws-ofi-nccl"))


SHIFTER = PM.replace("module load pytorch/2.3.1\n", "").replace(
    "#SBATCH -t 02:00:00\n", "#SBATCH -t 02:00:00\n#SBATCH --image=nersc/pytorch:24.06.01\n"
    "#SBATCH --module=gpu\n").replace("srun python", "srun shifter python")
NOT_FOUND = ("nid006352:34157:34217 [1] net.cc:626 NCCL WARN Error: network AWS Libfabric "
             "not found.\n")


def test_a_shifter_job_without_the_nccl_plugin_module_gets_it() -> None:
    data, first = _run(SHIFTER, NOT_FOUND, "perlmutter")
    assert first == "shifter-nccl-plugin-module-missing/script"
    assert "+#SBATCH --module=gpu,nccl-plugin" in data["proposed"]["diff"]


def test_a_shifter_job_with_an_nccl_module_or_no_shifter_is_left() -> None:
    with_module = SHIFTER.replace("--module=gpu\n", "--module=gpu,nccl-2.18\n")
    for script in (with_module, PM):
        _, first = _run(script, NOT_FOUND, "perlmutter")
        assert first != "shifter-nccl-plugin-module-missing/script"


def test_shifter_modules_with() -> None:
    import pytest

    from maple_flow.repair.resolve_shifter import ShifterUnresolved, shifter_modules_with

    assert shifter_modules_with(SHIFTER, "nccl-plugin") == "gpu,nccl-plugin"
    for script in (PM, SHIFTER.replace("#SBATCH --module=gpu\n", ""),
                   SHIFTER.replace("--module=gpu", "--module=gpu,nccl-plugin")):
        with pytest.raises(ShifterUnresolved):
            shifter_modules_with(script, "nccl-plugin")
    with pytest.raises(ShifterUnresolved):
        shifter_modules_with(SHIFTER, "nccl;rm")
