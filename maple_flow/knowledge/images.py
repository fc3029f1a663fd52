"""Framework images a port will not replace by the target's own stack
(``templates/sites/framework_images.yaml``): an image pinned to an older framework generation
(NGC 19.06, pytorch1.4, tensorflow 1.15) holds a program written for it."""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field

from maple_flow.knowledge.data import template_data
from maple_flow.models.common import Strict


class _File(Strict):
    ngc_first_current: str = Field(pattern=r"^\d{2}\.\d{2}$")
    first_current: dict[str, str]
    sources: list[str] = Field(min_length=1)
    doubts: list[str] = Field(default_factory=list)


@cache
def _data() -> _File:
    return template_data(_File, "sites", "framework_images.yaml")


#: An NGC-style release in an image name: ``pytorch:19.06-py3``, ``pytorch-19.06-py3.simg``,
#: ``tensorflow_20.03-tf2-py3.sif``, ``ngc-22.02``, ``NGC-22-03``.
_NGC = re.compile(r"(?<![\d.])(\d{2})[.-](\d{2})(?=[-_.]|$)")
#: A version of something else right before the number (``ubuntu18.04``, ``cuda10.1``).
_OTHER_VERSION = re.compile(r"(?i)(?:ubuntu|cuda|cudnn|python|py|rocm|centos|rhel|gcc)[-_]?$")
_NGC_NAME = re.compile(r"(?i)pytorch|tensorflow|ngc|nvcr|nvidia")
_VERSION = {
    "pytorch": re.compile(r"(?i)(?:pytorch|torch|(?<![a-z])pt)[-_:/]?v?(\d+)\.(\d+)"),
    "tensorflow": re.compile(r"(?i)(?:tensorflow|(?<![a-z])tf)[-_:/]?v?(\d+)\.(\d+)"),
}


def _pair(text: str) -> tuple[int, int]:
    major, minor = text.split(".")[:2]
    return int(major), int(minor)


def older_generation(image: str) -> str:
    """Why ``image`` pins an older framework generation than a current stack's (``NGC release
    19.06, before 21.06 (PyTorch older than 1.9)``); "" when its name shows none."""
    name = image.rsplit("/", 1)[-1] if "/" in image and ":" not in image else image
    data = _data()
    if _NGC_NAME.search(image):
        for m in _NGC.finditer(name):
            year, month = int(m.group(1)), int(m.group(2))
            if _OTHER_VERSION.search(name[:m.start()]):
                continue  # ubuntu18.04, cuda10.1: not the framework's release
            if 17 <= year <= 40 and 1 <= month <= 12 and (year, month) < _pair(
                    data.ngc_first_current):
                what = ("a TensorFlow of that date" if re.search(r"(?i)tensorflow|tf\d", name)
                        else f"PyTorch before {data.first_current['pytorch']}: a program of that "
                        "generation, launched by torch.distributed.launch, often with apex, "
                        "Python 3.6, CUDA 10")
                return (f"its name pins the NGC release {m.group(1)}.{m.group(2)}, older than "
                        f"{data.ngc_first_current} ({what})")
    for framework, pattern in _VERSION.items():
        for m in pattern.finditer(name):
            version = (int(m.group(1)), int(m.group(2)))
            if version[0] < 10 and version < _pair(data.first_current[framework]):
                return (f"its name pins {framework} {m.group(1)}.{m.group(2)}, older than "
                        f"{data.first_current[framework]}")
    return ""


def _current(image: str) -> bool:
    """Whether the image's name shows a current framework generation (``latest``, an NGC
    release from the cut on, a framework version from the cut on)."""
    data = _data()
    if re.search(r"(?i)latest", image):
        return True
    for m in _NGC.finditer(image):
        if _NGC_NAME.search(image) and not _OTHER_VERSION.search(image[:m.start()]) and (
                int(m.group(1)), int(m.group(2))) >= _pair(data.ngc_first_current):
            return True
    return any(int(m.group(1)) < 10 and (int(m.group(1)), int(m.group(2))) >= _pair(
        data.first_current[fw]) for fw, pattern in _VERSION.items()
        for m in pattern.finditer(image))


#: An image file of the user's own: a relative path, or one under the home directory.
_USER_FILE = re.compile(r"^(?:\.{1,2}/|~|\$\{?HOME\b|/home/|[\w.-]+\.(?:sif|simg|img|sqsh)$|"
                        r"(?!/(?:appl|opt|soft|sw|apps|software|cvmfs|usr|global/common)/)"
                        r"/\S*/[\w.-]+\.(?:sif|simg|sqsh)$)")


def unknown_user_image(image: str) -> str:
    """Why a user's own image file names no framework generation (``../../torch.simg``, a
    ``.sif`` built into the user's project space: ``/mnt/work/me/sfno_packages8.sif``, not a
    site's own image in its software tree, ``/appl/local/containers/x.sif``):
    what it holds is not known, so no target stack can be said to stand in for it; "" when the
    image is not a user's file or its name shows a generation."""
    if not _USER_FILE.match(image) or "://" in image or _current(image) or older_generation(image):
        return ""
    return (f"{image} is an image file of your own whose name shows no framework version: what "
            "it holds (the framework and the version the program needs) is not known")


__all__ = ["older_generation", "unknown_user_image"]
