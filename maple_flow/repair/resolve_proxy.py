"""``{site_no_proxy:script}``: the hosts the site's proxy settings keep out of the proxy
(profile ``network.no_proxy``: ALCF's getting-started pages write ``no_proxy`` beside
``http(s)_proxy``), for a fix that sets the site's proxy in a job (s38facts).

Pure: the script's text and the profile in, the value or the reason it is left out.
"""

from __future__ import annotations

import re

from maple_flow.models.profile import ClusterProfile

#: A line of code (not a comment) that sets no_proxy or NO_PROXY itself.
_SETS_NO_PROXY = re.compile(r"(?mi)^[^#\n]*\bno_proxy=")


def site_no_proxy(script: str, profile: ClusterProfile) -> str:
    """The site's documented ``no_proxy`` value; ``ValueError`` (the reason) when the site
    documents no proxy or no ``no_proxy``, or the script sets its own (the user's list is
    kept: it may name hosts the site's does not)."""
    if not profile.network.proxy_env or not profile.network.no_proxy:
        raise ValueError(f"{profile.name}'s profile documents no no_proxy for its proxy")
    if _SETS_NO_PROXY.search(script):
        raise ValueError("the script sets its own no_proxy")
    return profile.network.no_proxy
