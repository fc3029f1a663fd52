"""The user's container carried to the target's runtime: ``singularity exec --nv IMG`` (or
``shifter --image=IMG``) in front of the program becomes the target's ``apptainer exec --nv
IMG`` in front of the target's interpreter word. Only what is fully understood is carried;
anything else keeps the old behaviour (the container is dropped, with a note)."""

from __future__ import annotations

from dataclasses import dataclass

from maple_flow.models import ClusterProfile
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES, Stage
from maple_flow.shellquote import shell_word

_GPU_FLAGS = frozenset({"--nv", "--nvccli", "--rocm"})
_NVIDIA = frozenset({"--nv", "--nvccli"})
#: Options of ``apptainer/singularity exec`` kept verbatim (bind mounts, working dir...).
_KEPT = frozenset({"-B", "--bind", "--pwd", "--no-home", "--writable-tmpfs"})
#: Shifter options dropped with a note: NERSC's own modules (gpu, nccl-plugin) and the image.
_SHIFTER_DROPPED = frozenset({"--module", "--image"})
_REMOTE = ("docker://", "library://", "oras://", "shub://")


@dataclass(frozen=True)
class ContainerCarry:
    """The target's container words for the program, and what the port says about them."""

    prefix: str
    note: str


def container_stage(p: ParsedScript) -> Stage | None:
    """The launch's container runtime stage, or None."""
    return next((s for s in p.launch.stages if s.name in CONTAINER_RUNTIMES), None)


def _image(stage: Stage, p: ParsedScript) -> str:
    if stage.name == "shifter":
        return stage.get("--image") or p.directive("image") or ""
    return stage.operands[0] if stage.operands else ""


def _options(stage: Stage, gpu_flag: str) -> list[str] | None:
    """The runtime options for the target: the target's GPU flag, kept options verbatim;
    None when an option is not understood (``--cleanenv`` would hide the ranks' variables) or
    the source gave the image no GPUs of the target's vendor (a ROCm or CPU image)."""
    words = [gpu_flag]
    gpus = stage.name == "shifter"  # NERSC's GPU images are CUDA ones
    for key, value in stage.options:
        if stage.name == "shifter" and key in _SHIFTER_DROPPED:
            continue
        if key in _GPU_FLAGS and value is None:
            gpus = gpus or (key in _NVIDIA and gpu_flag in _NVIDIA)
            continue
        if stage.name == "shifter" or key not in _KEPT:
            return None
        words += [key] if value is None else [key, shell_word(value)]
    return words if gpus else None


def plan_container(p: ParsedScript, profile: ClusterProfile) -> ContainerCarry | None:
    """How the source's container runs on ``profile``'s runtime, or None where it cannot be
    carried (no runtime on the target, an image or option not understood)."""
    stage, runtime = container_stage(p), profile.container
    if stage is None or runtime is None or stage.name == "podman-hpc":
        return None
    if stage.name != "shifter" and stage.via != "exec":
        return None  # ``run`` starts the image's own runscript: not the program as written
    image = _image(stage, p)
    if stage.name == "shifter":
        if image.startswith("docker:"):
            image = image[len("docker:"):]
        if image.startswith("custom:"):
            return None
        image = "docker://" + image
    if not image or "$" in image or "`" in image:
        return None
    options = _options(stage, runtime.gpu_flag)
    if options is None:
        return None
    prefix = " ".join([runtime.command, "exec", *options, shell_word(image)])
    where = ("pulled by the runtime from its registry" if image.startswith(_REMOTE) else
             f"a file of the source's filesystem: copy it to {profile.name} (same path, or "
             "change the path)")
    was = f"{stage.name} image {_image(stage, p)}"
    return ContainerCarry(prefix, (
        f"your container ({was}) runs the program on {profile.name} as `{prefix}` "
        f"({runtime.command}, the target's runtime); the image is {where}; the target's "
        "modules are still loaded outside it and their environment reaches it: drop them "
        "if they clash with the image"
        + ("; the bind mounts (-B/--bind) name paths of the source's filesystem: make them "
           f"exist on {profile.name} or change them" if stage.has("-B", "--bind") else "")
        + (f"; {profile.name}'s nodes are aarch64: the image must be built for aarch64 (an "
           "x86_64 image does not run there)" if profile.node.arch == "aarch64" else "")
        + ("; shifter's --module options (NERSC's own) are not carried"
           if stage.name == "shifter" and stage.has("--module") else "")))
