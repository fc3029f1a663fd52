"""GPU-vendor tools and variables (nvidia-smi, ZE_AFFINITY_MASK, rocprof, ...): why a text of
the source cannot run on a target with another vendor's GPUs."""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.models import ClusterProfile

_VENDOR_TOKENS: dict[str, re.Pattern[str]] = {
    "nvidia": re.compile(r"\bnvidia-(?:smi|cuda-mps-control|cuda-mps-server)\b|"
                         r"\b(?:CUDA|NVIDIA)_VISIBLE_DEVICES\b|\bCUDA_MPS_\w+|"
                         r"(?<![\w-])(?:nsys|ncu|nvprof)(?![\w-])|"  # Nsight / CUDA profilers
                         # the CUDA compiler's report of itself (a diagnostic of the set-up)
                         r"(?<![\w-])nvcc\s+(?:--version|-V)(?![\w-])"),
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
    return _vendor_reason(text, profile.gpu.vendor, profile.name)


@lru_cache(maxsize=8192)
def _vendor_reason(text: str, gpu_vendor: str, cluster_name: str) -> str:
    """:func:`vendor_reason` for a cluster named ``cluster_name`` with ``gpu_vendor`` GPUs
    (kept: a batch asks it of the same lines for every target)."""
    for vendor, pattern in _VENDOR_TOKENS.items():
        found = pattern.search(text)
        if found and vendor != gpu_vendor:
            return (f"`{found.group(0)}` belongs to {vendor} GPUs and {cluster_name} has "
                    f"{gpu_vendor} GPUs")
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


#: Calls of one vendor's PyTorch device API that raise where the GPUs are another vendor's
#: (torch built without that device: ``torch.cuda.get_device_name(0)`` on Intel GPUs raises
#: "Torch not compiled with CUDA enabled"); the queries that only answer
#: (``torch.cuda.is_available()``, ``device_count()``) do not, and are not named.
_RAISING_DEVICE_CALLS: dict[str, re.Pattern[str]] = {
    "cuda": re.compile(
        r"\btorch\.cuda\.(?:get_device_name|get_device_properties|get_device_capability|"
        r"set_device|current_device|synchronize|mem_get_info|init)\s*\(|"
        r"\bassert\s+torch\.cuda\.is_available\(\)|\.cuda\(\)|\.to\(\s*['\"]cuda|"
        r"[(,]\s*device\s*=\s*['\"]cuda|"  # a keyword argument: made or moved there
        r"\bpynvml\.nvmlInit\(\)"),
    "xpu": re.compile(
        r"\btorch\.xpu\.(?:get_device_name|get_device_properties|get_device_capability|"
        r"set_device|current_device|synchronize|mem_get_info|init)\s*\(|"
        r"\bassert\s+torch\.xpu\.is_available\(\)|\.xpu\(\)|\.to\(\s*['\"]xpu|"
        r"[(,]\s*device\s*=\s*['\"]xpu"),
}
#: The device API a vendor's GPUs lack (AMD's PyTorch answers torch.cuda with HIP).
_LACKS: dict[str, tuple[str, ...]] = {"intel": ("cuda",), "nvidia": ("xpu",),
                                      "amd": ("xpu",)}
#: Another vendor's tool run as the line's command (``nvidia-smi`` on Intel GPUs: not found).
_VENDOR_TOOL = re.compile(r"(nvidia-smi|xpu-smi|sycl-ls|rocm-smi)(?![\w-])")
_TOOL_VENDOR = {"nvidia-smi": "nvidia", "xpu-smi": "intel", "sycl-ls": "intel",
                "rocm-smi": "amd"}
_PY_C = re.compile(r"(?:^|[\s/])python[\d.]*\s+(?:-\w+\s+)*-c\s+(['\"])(.*)\1\s*$", re.S)
_OPENS = re.compile(r"^(?:if|for|while|until|case|select)\b|^(?:function\s+)?\w+\s*\(\)\s*\{?$"
                    r"|[{(]$|\bdo$|\bthen$")
_CLOSES = re.compile(r"^(?:(?:fi|done|esac)\b|[})])")
#: What every line ``_PY_C`` finds holds (a quick test of a whole script).
_PY_C_ANYWHERE = re.compile(r"python[\d.]*\s+(?:-\w+\s+)*-c\s")


def errexit_device_breaks(script: str, profile: ClusterProfile) -> list[str]:
    """What of ``script`` is known to stop the job on ``profile``'s GPUs before its work: a
    line at the script's top level, run under ``set -e`` (no ``||``/``&&``, no pipe, not in
    the background, not tested by ``if``), that runs another vendor's GPU tool as its command
    (``nvidia-smi`` on Intel GPUs) or a ``python -c`` whose shown code calls a device API that
    raises where the GPUs are another vendor's (``torch.cuda.get_device_name(0)`` on Intel
    GPUs, ``torch.xpu.set_device`` on NVIDIA GPUs). Each finding a sentence; empty when none
    (a script with a here-document is not read: its lines are not all commands)."""
    if "<<" in script:
        return []
    lacks = _LACKS.get(profile.gpu.vendor, ())
    joined = re.sub(r"\\\n", " ", script)
    if not _VENDOR_TOOL.search(joined) and not _PY_C_ANYWHERE.search(joined):
        return []  # no line can name a tool or a ``python -c``: none can break (quick path)
    errexit, depth, found = False, 0, []
    first = joined.split("\n", 1)[0]
    if first.startswith("#!") and re.search(r"\s-\w*e", first):
        errexit = True
    for raw in joined.split("\n"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        bare = _strip(line).split("#", 1)[0].strip()
        flag = re.match(r"set\s+([-+])(\w*)(?:\s+(.*))?$", bare)
        if flag and depth == 0:
            if "e" in flag.group(2) or re.search(r"-o\s+errexit|\+o\s+errexit",
                                                 flag.group(3) or ""):
                errexit = flag.group(1) == "-"
            elif re.search(r"\berrexit\b", flag.group(3) or ""):
                errexit = bare.startswith("set -o")
            continue
        if bare in ("then", "do", "else") or bare.startswith("elif "):
            continue
        if _CLOSES.match(bare):
            depth = max(0, depth - 1)
            continue
        if _OPENS.search(bare):
            depth += 1 if not re.search(r"\b(?:fi|done|esac)$|\}$", bare) else 0
            continue
        # ``NAME=$(cmd)``: a plain assignment's status is its substitution's (set -e stops)
        sub = re.fullmatch(r"\w+=(\"?)\$\((.*)\)\1", line)
        if sub and depth == 0 and errexit and "$(" not in sub.group(2):
            line = sub.group(2).strip()
            bare = _strip(line)
        if (depth or not errexit or re.search(r"\|\||&&|\||&\s*$|^!|;|\$\(", bare)
                or re.match(r"\w+=", bare)):
            continue
        why = _breaking_device_call(line, profile, lacks)
        if why:
            found.append(f"`{line if len(line) <= 100 else line[:97] + '...'}` {why}")
    return found


def _breaking_device_call(line: str, profile: ClusterProfile, lacks: tuple[str, ...]) -> str:
    """Why ``line`` (a command run under ``set -e``) fails on ``profile``'s GPUs, or ``""``."""
    tool = _VENDOR_TOOL.match(line)
    if tool and _TOOL_VENDOR[tool.group(1)] != profile.gpu.vendor:
        return (f"runs {tool.group(1)}, a tool of {_TOOL_VENDOR[tool.group(1)]} GPUs that "
                f"{profile.name} ({profile.gpu.vendor} GPUs) does not have")
    code = _PY_C.search(line)
    if not code:
        return ""
    for api in lacks:
        call = _RAISING_DEVICE_CALLS[api].search(code.group(2))
        # a call the code itself guards (``... if torch.cuda.is_available() else None``,
        # ``try:``) may not run: not known to raise; an assert of the device is
        if call and (call.group(0).startswith("assert")
                     or not re.search(r"\b(?:if|try|except)\b", code.group(2))):
            return (f"calls `{call.group(0).rstrip('(')}`, which raises where torch has no "
                    f"{api} device ({profile.name} has {profile.gpu.vendor} GPUs)")
    return ""
