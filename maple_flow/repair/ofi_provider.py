"""A libfabric provider the job script forces that the site's fabric cannot offer (issue 17,
helper s36rl39).

MPICH's and Intel MPI's OFI netmod take the provider ``FI_PROVIDER`` names; when that provider
has no device on the node, ``fi_getinfo`` returns no data and MPI_Init fails (``OFI addrinfo()
failed ... No data available``; Intel MPI Developer Guide, "Error Message: Fatal Error", case 1:
the provider cannot run on these nodes). Which hardware each core provider drives is
libfabric's own table (fi_provider(7), https://ofiwg.github.io/libfabric/main/man/fi_provider.7.html,
and each provider's page: fi_cxi(7) HPE Slingshot, fi_verbs(7) InfiniBand/RoCE/iWARP verbs
devices, fi_psm2(7) and fi_opx(7) Omni-Path, fi_efa(7) AWS EFA, fi_gni(7) Cray Aries); the
site's fabric is its profile's ``fabric.name``. Providers that run on any IP network (tcp,
sockets, udp, shm) are never judged absent.
"""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile

#: The fabrics each hardware provider drives (fabric kinds as :func:`fabric_kind` names them).
PROVIDER_FABRICS: dict[str, frozenset[str]] = {
    "cxi": frozenset({"slingshot"}),
    "verbs": frozenset({"infiniband"}),
    "mlx": frozenset({"infiniband"}),
    "psm2": frozenset({"omnipath"}),
    "opx": frozenset({"omnipath"}),
    "efa": frozenset({"efa"}),
    "gni": frozenset({"aries"}),
}
_FABRIC_KINDS = (("slingshot", "slingshot"), ("infiniband", "infiniband"),
                 ("omni-path", "omnipath"), ("omnipath", "omnipath"), ("aries", "aries"))
#: The last command-line assignment of FI_PROVIDER (exported or not, quoted or not).
_ASSIGN = re.compile(r"""(?m)^[ \t]*(?:export[ \t]+)?FI_PROVIDER=["']?(?P<value>[\w;+-]+)""")


def fabric_kind(profile: ClusterProfile | None) -> str | None:
    """The kind of the site's fabric (``slingshot``, ``infiniband``...), None when unknown."""
    fabric = getattr(profile, "fabric", None) if profile is not None else None
    name = (getattr(fabric, "name", "") or "").lower()
    return next((kind for word, kind in _FABRIC_KINDS if word in name), None)


def forced_provider(script: str) -> str | None:
    """The core provider the script's last FI_PROVIDER assignment names (``verbs`` of
    ``verbs;ofi_rxm``), None without one."""
    found = list(_ASSIGN.finditer(script))
    if not found:
        return None
    return found[-1].group("value").split(";")[0].lower()


def forced_provider_absent(script: str, profile: ClusterProfile | None) -> bool:
    """Whether the script forces a hardware provider the site's fabric does not have."""
    provider, kind = forced_provider(script), fabric_kind(profile)
    fabrics = PROVIDER_FABRICS.get(provider or "")
    return bool(fabrics and kind and kind not in fabrics)
