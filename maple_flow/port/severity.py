"""How sure a port's note is that the job breaks: made where the note is made, never read
back from its words.

A note is a plain ``str`` ("check this on the target": a hedge, it stays a note) unless the stage
that writes it knows the job, as written, does not run on the target: then it writes a
:class:`Breaking` note (a ``str`` too, so every list of notes carries it unchanged), with what the
user must choose or provide. A port with a breaking note is no script with an alibi: it is
returned refused, its reason the note and what to do (``refusal_of``). A stage that can make the
job right from a documented fact of the target does so and writes no breaking note.

The image stand-in rule (``stock_framework_image``): the source's container is dropped with a
plain note only where the target's own stack is known to hold what the image gave the program,
i.e. the image is a stock PyTorch image (``nvcr.io/nvidia/pytorch:24.01-py3``,
``pytorch/pytorch:2.3.0-cuda12.1``) and the target's site gives a job PyTorch of its own
(``software.system_frameworks``). Any other image (the user's own build, a file, an image named
by a variable, another framework's) held software the target's stack is not known to have: the
program would run without it."""

from __future__ import annotations

import re

from maple_flow.knowledge.images import current_generation
from maple_flow.models import ClusterProfile


class Breaking(str):
    """A note that names what breaks the job as written on the target; ``todo``: what the user
    must choose or provide (a sentence, "" when the note already says it); ``reason``: the
    finding as a refusal says it ("" for the note's own words), without what the note says the
    port did (a refused port writes no script)."""

    todo: str
    reason: str

    def __new__(cls, text: str, todo: str = "", reason: str = "") -> Breaking:
        obj = super().__new__(cls, text)
        obj.todo, obj.reason = todo, reason
        return obj

    def __reduce__(self) -> tuple[object, tuple[str, str, str]]:
        return (Breaking, (str(self), self.todo, self.reason))


def is_breaking(note: str) -> bool:
    """Whether the stage that wrote ``note`` knew the job does not run as written."""
    return isinstance(note, Breaking)


def refusal_of(notes: list[str]) -> tuple[str, list[str]]:
    """The refusal a port's breaking notes make (the first one's words and what to do; "" when
    none) and the notes less those it takes into the reason."""
    found = [n for n in notes if is_breaking(n)]
    if not found:
        return "", notes

    def said(note: str) -> str:
        text = note.reason if isinstance(note, Breaking) and note.reason else str(note)
        return text.rstrip(".")

    first = found[0]
    todo = first.todo if isinstance(first, Breaking) else ""
    reason = said(first) + (f"; {todo}" if todo else "")
    if len(found) > 1:
        reason += "; also: " + "; ".join(said(n) for n in found[1:])
    return reason, [n for n in notes if not is_breaking(n)]


#: The name of a stock PyTorch image (its repository's last part or its file's name, less the
#: tag and the extension): ``pytorch`` with a release (NGC's nvcr.io/nvidia/pytorch:24.01-py3,
#: Docker Hub's pytorch/pytorch, NERSC's nersc/pytorch:ngc-22.02-v0, a pulled
#: ``pytorch_24.01.sif``, enroot's import ``nvidia+pytorch+24.11-py3.sqsh``).
_STOCK_PYTORCH = re.compile(r"^(?:nvidia[+_-])?pytorch(?:$|[-_+.])", re.IGNORECASE)
_IMAGE_FILE = re.compile(r"\.(?:sif|simg|img|sqsh|sqfs)$", re.IGNORECASE)


def stock_framework_image(image: str, profile: ClusterProfile) -> bool:
    """Whether the target's own stack stands in for ``image``: a stock PyTorch image (its name
    says so and nothing else, with a current release or ``latest``), on a site that gives its
    jobs PyTorch (``software.system_frameworks``). An image of an older generation is refused
    before this (``knowledge.images.older_generation``)."""
    bare = image.strip("'\"").strip()
    default = re.fullmatch(r"\$\{\w+:?-([^}]*)\}", bare)  # ${IMAGE:-/path/x.sif}: its default
    bare = default.group(1).strip("'\"") if default else bare
    name = re.split(r"[/#]", bare.removeprefix("docker://"))[-1]
    if not profile.software.system_frameworks or not name or "$" in name:
        return False
    name = _IMAGE_FILE.sub("", name.split(":", 1)[0] if not _IMAGE_FILE.search(name) else name)
    return bool(_STOCK_PYTORCH.match(name)) and current_generation(bare)


def image_kind(image: str) -> str:
    """What the port knows of an image that is no stock framework image, in a few words."""
    bare = image.strip("'\"").strip()
    default = re.fullmatch(r"\$\{\w+:?-([^}]*)\}", bare)  # ${IMAGE:-/path/x.sif}: its default
    bare = default.group(1).strip("'\"") if default else bare
    if not bare or bare == "?" or "$" in bare:
        return "an image the script names through a variable the port cannot read"
    if bare.startswith(("/", ".", "~")) or bare.endswith(
            (".sif", ".simg", ".img", ".sqsh", ".sqfs")):
        return "an image file (its contents are not known to the port)"
    return "not a stock PyTorch image (its contents are not known to the port)"


def container_reason(what: str, image: str, cannot: str, profile: ClusterProfile) -> str:
    """The refusal's words for a container the port cannot carry: ``what`` ran the program in it,
    ``cannot`` says why it does not run on ``profile`` ("" when no reason is known)."""
    return (f"{what}, and {profile.name} cannot run that container as written"
            + (f" ({cannot})" if cannot else "")
            + f"; without it the program would run on {profile.name}'s own stack, which is not "
            f"known to hold what the image gives the program ({image_kind(image)})")


def container_todo(profile: ClusterProfile) -> str:
    """What the user of a dropped container must provide on ``profile``."""
    runtime = profile.container
    how = (f"an image {profile.name}'s {runtime.command} runs (built for its "
           f"{profile.gpu.vendor.upper() if profile.gpu.vendor == 'nvidia' else 'Intel'} GPUs and "
           f"{profile.node.arch} nodes)" if runtime is not None else
           "an environment that holds it")
    return (f"provide {how} or an environment on {profile.name} with the program's software, "
            "then port again with the container line naming it (or without the container line, "
            "if the target's stack has all the program needs)")
