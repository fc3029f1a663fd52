"""Why the user's container is not carried to a target, and when that is a refusal: the
program's environment lives in the container (its overlay images, an environment its ``bash
-c`` body sets up in the image) or the target has no container runtime at all (issue 14).
A stock image the target's own stack may stand in for is dropped with a note instead; an image
pinned to an older framework generation (NGC 19.06, pytorch1.4: templates/sites/
framework_images.yaml) is not one."""

from __future__ import annotations

import re

from maple_flow.knowledge.images import older_generation, unknown_user_image
from maple_flow.models import ClusterProfile
from maple_flow.port.container import (
    OVERLAYS,
    container_refusal,
    container_stage,
    image_word,
    pyxis_mounts_used,
    read_source_image,
    unread_option,
)
from maple_flow.port.image_body import IMAGE_ENV, image_body
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import Stage


def _no_gpu_option(stage: Stage) -> str:
    """Why an Apptainer/Singularity image run with no GPU option is not carried ("" for
    another runtime): the port cannot tell a CUDA image from an AMD site's ROCm build."""
    if stage.name not in {"apptainer", "singularity"} or stage.has("--nv", "--nvccli", "--rocm"):
        return ""
    return (f"its {stage.name} line has no --nv and the script does not say its GPUs are "
            "NVIDIA ones, so the port cannot tell a CUDA image from a ROCm build (an AMD "
            f"site's): add --nv to the {stage.name} line if the image is a CUDA one, then port "
            "again")


def not_carried_why(stage: Stage, p: ParsedScript, profile: ClusterProfile) -> str:
    """Why the source's container (its runtime ``stage``) does not run on ``profile``, or ""
    when no reason is known."""
    read, unknown = read_source_image(p), unread_option(p)
    if profile.container is None:
        return (f"{profile.name} has no container runtime in maple_flow's facts (its profile "
                "names none)")
    why = container_refusal(read, profile.container, profile.name) if read is not None else ""
    return why or (f"its option {unknown} is not one the port carries: take it off the "
                   f"{stage.name} line if the program does not need it, then port again"
                   if unknown else _no_gpu_option(stage))


def lost_with_container(p: ParsedScript) -> str:
    """What of the user's environment lives only in the source's container (its overlay
    images, the set-up its ``bash -c`` body runs in the image), named; "" when nothing does
    (a stock image the target's own stack may stand in for)."""
    stage = container_stage(p)
    if stage is None:
        return ""
    read = read_source_image(p)
    overlays = (read.overlays if read is not None and read.overlays
                else [v for k, v in stage.options if k in OVERLAYS and v])
    body = image_body(p)
    inside = [m.group(0).strip() for m in IMAGE_ENV.finditer(body.steps)] if body else []
    return "; ".join(
        ([f"the overlay image(s) {', '.join(overlays)}"] if overlays else [])
        + ([f"the environment your `{body.shell} -c` body sets up in the image "
            f"(`{'`, `'.join(inside)}`)"] if body is not None and inside else []))


def container_lost_refusal(p: ParsedScript, profile: ClusterProfile) -> str:
    """The refusal when the source's container does not run on ``profile`` and the program's
    environment lives in it (or the target has no container runtime at all); "" otherwise."""
    stage = container_stage(p)
    if stage is None:
        return ""
    lost = lost_with_container(p)
    image = image_word(stage, p) or "?"
    older = older_generation(image) or unknown_user_image(image)
    if profile.container is not None and not lost and not older:
        return ""
    why = not_carried_why(stage, p, profile)
    if older and not lost:
        # the advice to drop the container does not hold for an image of an older generation
        why = re.sub(r"port the script without the \S+ line \(the target's own stack then runs "
                     r"the program\) or ", "", why)
        why = re.sub(r",? or port the script without the \S+ line", "", why)
        runtime = (f"{profile.name}'s runtime {profile.container.command}"
                   if profile.container is not None else
                   f"{profile.name} (no container runtime in maple_flow's facts)")
        return (f"your program runs in your {stage.name} container (image {image}), which "
                f"does not run on {runtime}" + (f": {why}" if why else "") + f"; and {older}, "
                f"so {profile.name}'s own stack (its current PyTorch) cannot be said to stand in "
                "for the image. Build an image the "
                f"target's runtime runs (or port the program to a current framework and write "
                "the launch without the container), then port again")
    return (f"your program runs in your {stage.name} container (image {image}"
            + (f", with {lost}" if lost else "") + f") and the container cannot run on "
            f"{profile.name}" + (f": {why}" if why else "") + f"; {profile.name}'s own stack "
            "does not hold what the container gives the program: rebuild the environment for "
            f"{profile.name} (or an image its runtime runs), then port the script without the "
            "container")


#: The image a scheduler runs the whole batch script in: Slurm's pyxis directive
#: (``#SBATCH --container-image=I``), LSF's container application profile given its image
#: (``#BSUB -env LSB_CONTAINER_IMAGE=I``, the site's ``-app`` then starts the job in it).
_JOB_IMAGE = re.compile(
    r"(?m)^#SBATCH\s+(?:.*\s)?--container-image[= ]['\"]?([^\s'\"]+)"
    r"|^#BSUB\s+-env\s+['\"]?(?:[^\n]*[,\s])?LSB_CONTAINER_IMAGE=([^\s,'\"]+)")


def job_image(text: str) -> tuple[str, str]:
    """(the image, its directive line) the scheduler runs the whole job in, or ("", "")."""
    found = _JOB_IMAGE.search(text)
    if found is None:
        return "", ""
    line = text[found.start():].split("\n", 1)[0].strip()
    return (found.group(1) or found.group(2)).removeprefix("docker://"), line


def job_image_refusal(text: str, profile: ClusterProfile) -> str:
    """The refusal when the scheduler ran the whole job in a container image (``job_image``)
    whose name pins an older framework generation (NGC 19.09) or is a file of the user's own
    that names none: the port drops the directive, so the program would run on the target's
    own stack, which cannot be said to stand in for the image; "" otherwise (a current stock
    image is dropped with a note, as a launch's container is)."""
    image, line = job_image(text)
    if not image:
        return ""
    older = older_generation(image) or unknown_user_image(image)
    if not older:
        return ""
    runtime = (f"run the program in the image with {profile.container.command} on "
               f"{profile.name}" if profile.container is not None else
               f"build the environment on {profile.name} (no container runtime in "
               "maple_flow's facts)")
    return (f"the source's scheduler ran the whole job in the container image {image} "
            f"(`{line}`), the job's software stack, and {older}; the port cannot carry that "
            f"directive to {profile.name}, and {profile.name}'s own stack (its current "
            f"PyTorch) cannot be said to stand in for the image: {runtime} (a launch written "
            "with the container), or port the program to a current framework and drop the "
            "directive, then port again")


def pyxis_mounts_refusal(p: ParsedScript, text: str, profile: ClusterProfile) -> str:
    """The refusal when the source ran its whole batch script in a pyxis container
    (``#SBATCH --container-image`` with ``--container-mounts=SRC:DST``) and its lines use the
    container's mount points (DST), which exist only inside it: no target has pyxis, so the
    port cannot keep the script's paths; "" otherwise."""
    images = [d for d in p.directives if d.scheduler == "slurm" and d.option == "container-image"]
    what = pyxis_mounts_used(p.directives, text)
    if not images or not what:
        return ""
    image = (images[0].value or "").strip("'\"")
    runtime = profile.container.command if profile.container is not None else ""
    how = (f"run the program in the image with {runtime} (binding each mount, `-B SRC:DST`)"
           if runtime else "build the environment on the target")
    return (f"the source ran the whole batch script in its pyxis container (`#SBATCH "
            f"--container-image={image}`), and {what}; "
            f"{profile.name} has no pyxis, so the port cannot run those lines as they ran: "
            f"{how}, or write the host paths in place of the mount points, then port again")
