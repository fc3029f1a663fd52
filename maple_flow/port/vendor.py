"""GPU-vendor tools and variables (nvidia-smi, ZE_AFFINITY_MASK, rocprof, ...): why a text of
the source cannot run on a target with another vendor's GPUs."""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile

_VENDOR_TOKENS: dict[str, re.Pattern[str]] = {
    "nvidia": re.compile(r"\bnvidia-(?:smi|cuda-mps-control|cuda-mps-server)\b|"
                         r"\b(?:CUDA|NVIDIA)_VISIBLE_DEVICES\b|\bCUDA_MPS_\w+|"
                         r"(?<![\w-])(?:nsys|ncu|nvprof)(?![\w-])"),  # Nsight / CUDA profilers
    "intel": re.compile(r"\bxpu-smi\b|\bZE_AFFINITY_MASK\b|\bsycl-ls\b|"
                        r"\bONEAPI_DEVICE_SELECTOR\b|\bZE_FLAT_DEVICE_HIERARCHY\b|"
                        r"(?<![\w-])unitrace(?![\w-])|"
                        # Intel's PyTorch extension and its collectives: importing them on
                        # another vendor's GPUs fails (`python -c "import torch,
                        # intel_extension_for_pytorch"` as a set-up check)
                        r"\bintel_extension_for_pytorch\b|\boneccl_bindings_for_pytorch\b"),
    "amd": re.compile(r"\brocm-smi\b|\bROCR_VISIBLE_DEVICES\b|\bHIP_VISIBLE_DEVICES\b|"
                      r"\bPYTORCH_ROCM_ARCH\b|\bHCC_AMDGPU_TARGETS?\b|"
                      r"(?<![\w-])(?:rocprof|rocprofv2|rocprofv3)(?![\w-])"),
}


def vendor_reason(text: str, profile: ClusterProfile) -> str:
    """Why ``text`` cannot run on ``profile``'s GPUs (another vendor's tool or variable:
    nvidia-smi on Intel GPUs, ZE_AFFINITY_MASK on NVIDIA GPUs), or ``""``."""
    for vendor, pattern in _VENDOR_TOKENS.items():
        found = pattern.search(text)
        if found and vendor != profile.gpu.vendor:
            return (f"`{found.group(0)}` belongs to {vendor} GPUs and {profile.name} has "
                    f"{profile.gpu.vendor} GPUs")
    return ""


#: A read of a variable: ``$NAME``, ``${NAME}``, ``${NAME:-default}`` (group 1 or 2 the name,
#: group 3 a default operator ``-``/``:-``, whose word is printed when the variable is unset).
_VAR_READ = re.compile(r"\$\{(\w+)(?:(:?-)[^}]*)?\}|\$(\w+)")
#: ``set -u``/``set -euo pipefail``/``set -o nounset``: an unset variable's bare read fails.
_NOUNSET = re.compile(r"(?m)^\s*set\s+(?:-[a-zA-Z]*u[a-zA-Z]*\b|.*-o\s+nounset\b)")


def printed_vendor_variable(text: str, profile: ClusterProfile, script: str) -> str:
    """The other vendor's variable(s) that a print line (``echo``/``printf``) only reads
    (``echo "cuda=${CUDA_VISIBLE_DEVICES:-unset}"``), comma-joined, or ``""``: such a line runs
    on ``profile`` as written (the variable is unset there: it prints its default or nothing).
    ``""`` too when another vendor word is run as a command (``$(nvidia-smi ...)``) or a bare
    read would fail under the script's ``set -u``."""
    if not re.match(r"\s*(?:echo|printf)\s", text) or re.search(r"[|;&<>]", _strip(text)):
        return ""
    names: list[str] = []
    for found in _VAR_READ.finditer(text):
        name = found.group(1) or found.group(3)
        if vendor_reason(name, profile):
            if found.group(2) is None and _NOUNSET.search(script):
                return ""
            names.append(name)
    rest = _VAR_READ.sub("", text)
    if not names or vendor_reason(rest, profile):
        return ""
    return ", ".join(dict.fromkeys(names))


def _strip(text: str) -> str:
    """``text`` without its quoted strings and command substitutions' inner text."""
    return re.sub(r"\$\([^)]*\)|'[^']*'|\"(?:[^\"\\]|\\.)*\"", "", text)
