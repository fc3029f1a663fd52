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
                        r"(?<![\w-])unitrace(?![\w-])"),
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
