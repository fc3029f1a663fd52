"""Issue 14, bench/s24silent_probe: a setting of the source site's network (its NIC names,
InfiniBand HCAs, NCCL fabric knobs) names hardware another cluster need not have. A plain
``export NCCL_SOCKET_IFNAME=ib0`` was already not carried; the same value passed through a
container's ``--env``, a ``SINGULARITYENV_``/``APPTAINERENV_`` export (kept, or rewritten to a
plain export when the image is dropped) or an ``env X=V`` in front of the program reached the
target's job silently (NCCL stops at init when no interface matches). Fixtures written here."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.rules import site_network

HEAD = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gpus-per-node=4\n#SBATCH --ntasks-per-node=4\n"
        "#SBATCH --time=02:00:00\nsource venv/bin/activate\n")


def test_site_network_names() -> None:
    """NIC, HCA, fabric and NCCL transport names are the site's; debug and behaviour knobs
    and device lists are not this check's."""
    for name in ("NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME", "NCCL_IB_HCA", "TP_SOCKET_IFNAME",
                 "NCCL_NET_GDR_LEVEL", "NCCL_P2P_DISABLE", "FI_PROVIDER", "UCX_NET_DEVICES"):
        assert site_network(name), name
    for name in ("NCCL_DEBUG", "NCCL_BUFFSIZE", "TORCH_NCCL_ASYNC_ERROR_HANDLING",
                 "OMP_NUM_THREADS", "CUDA_VISIBLE_DEVICES", "PYTHONPATH", "HF_HOME"):
        assert not site_network(name), name


def test_container_env_option_naming_the_source_nic_is_not_carried() -> None:
    """``apptainer exec --env NCCL_SOCKET_IFNAME=eno2np0`` (SURF Snellius's NIC): the image
    still runs on the target, without that option, and the container note names it; the
    user's own --env settings stay."""
    src = HEAD + ("srun apptainer exec --nv --env NCCL_SOCKET_IFNAME=eno2np0 "
                  "--env NCCL_IB_HCA=mlx5_2 --env HF_HOME=.hf img.sif python train.py\n")
    for target in ("polaris", "lonestar6"):
        r = port(src, [target])[target]
        assert r.status == "generated", r.notes[:2]
        assert "eno2np0" not in r.script and "mlx5_2" not in r.script, target
        assert "--env HF_HOME=.hf" in r.script
        assert any("--env NCCL_SOCKET_IFNAME=eno2np0, --env NCCL_IB_HCA=mlx5_2 are a network "
                   "setting of the source site" in n for n in r.notes), target


def test_singularityenv_network_export_is_not_carried_with_or_without_the_image() -> None:
    """``export SINGULARITYENV_NCCL_SOCKET_IFNAME=ib0``: kept verbatim where the image runs
    (Polaris has no ib0), rewritten ``export NCCL_SOCKET_IFNAME=hsn0`` where a ROCm image is
    dropped (Bridges-2 has no hsn0); neither now, each named. Other variables keep their way."""
    kept = HEAD + ("export SINGULARITYENV_NCCL_SOCKET_IFNAME=ib0\n"
                   "export SINGULARITYENV_OMP_NUM_THREADS=1\n"
                   "srun singularity exec --nv img.sif python train.py\n")
    r = port(kept, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    assert "IFNAME=ib0" not in r.script
    assert "export SINGULARITYENV_OMP_NUM_THREADS=1" in r.script
    assert any(n.startswith("`export SINGULARITYENV_NCCL_SOCKET_IFNAME=ib0` passed "
                            "NCCL_SOCKET_IFNAME into your container: a network setting")
               for n in r.notes)
    dropped = HEAD + ("export SINGULARITYENV_NCCL_SOCKET_IFNAME=hsn0\n"
                      "export SINGULARITYENV_NCCL_DEBUG=INFO\n"
                      "srun singularity exec --rocm $SINGULARITY_CONTAINER python train.py\n")
    r = port(dropped, ["bridges2"])["bridges2"]
    assert r.status == "generated", r.notes[:2]
    assert "hsn0" not in r.script
    assert "export NCCL_DEBUG=INFO" in r.script  # the user's debug knob, set for the program


def test_env_prefix_network_setting_is_not_carried() -> None:
    """``srun env NCCL_SOCKET_IFNAME=ib0 python train.py``: the wrapper's network word goes,
    the rest of the launch stays."""
    src = HEAD + "srun env NCCL_SOCKET_IFNAME=ib0 python train.py --lr 0.1\n"
    r = port(src, ["perlmutter"])["perlmutter"]
    assert r.status == "generated", r.notes[:2]
    assert "ib0" not in r.script and "train.py --lr 0.1" in r.script
    assert any(n.startswith("your `NCCL_SOCKET_IFNAME=ib0` in front of the program is a network "
                            "setting") for n in r.notes)


def test_one_env_option_listing_several_pairs_keeps_the_others() -> None:
    """``--env "NCCL_SOCKET_IFNAME=ib0,TOKEN=${HF_TOKEN}"``: apptainer reads a comma list;
    only the network pair goes."""
    src = HEAD + ('srun apptainer exec --nv --env "NCCL_SOCKET_IFNAME=ib0,TOKEN=${HF_TOKEN}" '
                  "img.sif python train.py\n")
    r = port(src, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    assert '--env "TOKEN=${HF_TOKEN}"' in r.script and "ib0" not in r.script
    assert any("--env NCCL_SOCKET_IFNAME=ib0 are a network setting" in n for n in r.notes)
