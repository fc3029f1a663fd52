"""How sure a port's note is that the job breaks: made where the note is made, never read
back from its words.

A note is a plain ``str`` ("check this on the target": a hedge, it stays a note) unless the stage
that writes it knows the job, as written, does not run on the target: then it writes a
:class:`Breaking` note (a ``str`` too, so every list of notes carries it unchanged), with what the
user must choose or provide. A port with a breaking note is no script with an alibi: it is
returned refused, its reason the note and what to do (``refusal_of``). A stage that can make the
job right from a documented fact of the target does so and writes no breaking note.

The image stand-in rule (``stands_in``): the source's container is dropped with a plain note
only where the target's own stack may stand in for it: the image's name shows a framework the
target's stack gives (``nvcr.io/nvidia/pytorch:24.01-py3``, a site's PyTorch ``.sif``, a
TensorFlow image where the loaded stack has TensorFlow), or a variable the port cannot read
names it (nothing is known of it: the note is a hedge). An image whose name shows no framework
(the user's own build: ``myteam/trainer:3``, ``nanotron_v2.sqsh``), one of a framework the
target's stack lacks, and any image on a site that gives no framework of its own held software
the target does not have: the program would run without it, so the port is refused."""

from __future__ import annotations

import re

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


#: The frameworks an image's name shows (``nvcr.io/nvidia/pytorch:24.01-py3``,
#: ``lumi-multitorch-full.sif``, ``rradev/minkowski:torch1.12``, ``vmikuni/tensorflow:ngc-23.12``,
#: ``horovod_latest.sif``): the framework, or the frameworks it rides on (Horovod).
_FRAMEWORK_WORDS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"(?i)torch"), ("PyTorch",)),
    (re.compile(r"(?i)tensorflow|(?<![a-z])tf(?:\d|[-_.]|$)"), ("TensorFlow",)),
    (re.compile(r"(?i)(?<![a-z])jax"), ("JAX",)),
    (re.compile(r"(?i)horovod"), ("PyTorch", "TensorFlow")),
)
_IMAGE_FILE = re.compile(r"\.(?:sif|simg|img|sqsh|sqfs)$", re.IGNORECASE)


def image_name(image: str) -> str:
    """The image's own name: its repository's last part with the tag, or its file's name
    (``${IMG:-/p/x.sif}``: the default's), or "" when a variable the port cannot read names it."""
    bare = image.strip("'\"").strip()
    default = re.fullmatch(r"\$\{\w+:?-([^}]*)\}", bare)  # ${IMAGE:-/path/x.sif}: its default
    bare = default.group(1).strip("'\"") if default else bare
    name = re.split(r"[/#]", bare.removeprefix("docker://"))[-1]
    return "" if not name or name == "?" or "$" in name else name


def image_frameworks(image: str) -> set[str]:
    """The frameworks ``image``'s name shows (a framework image: the target's own stack may
    stand in for it); empty for a name that shows none (the user's own build). A registry
    image is read by its repository's name, not its tag: ``me/minkowski:torch1.12`` is the
    user's MinkowskiEngine build on a PyTorch base, ``nvcr.io/nvidia/pytorch:24.01-py3`` a
    PyTorch image."""
    name = image_name(image)
    if not _IMAGE_FILE.search(name):
        name = name.split(":", 1)[0]
    return {fw for pattern, fws in _FRAMEWORK_WORDS if pattern.search(name) for fw in fws}


def stands_in(image: str, profile: ClusterProfile) -> bool:
    """Whether the port may drop the source's ``image`` with a note, the target's own stack
    standing in for it: the image's name shows a framework the target's stack gives
    (``software.frameworks``), or a variable the port cannot read names it (a hedge: nothing
    is known of it). An image whose name shows no framework (the user's own build) or only
    ones the target's stack lacks (a TensorFlow image on a PyTorch-only site), and any image on
    a site that gives no framework of its own (Lonestar6), is not stood in for: the job is
    known not to run without it. An image of an older generation is refused before this
    (``knowledge.images.older_generation``)."""
    if not profile.software.system_frameworks:
        return False
    if not image_name(image):
        return True
    return bool(image_frameworks(image) & set(profile.software.frameworks))


def image_kind(image: str) -> str:
    """What the port knows of an image that is no stock framework image, in a few words."""
    shown, name = image_frameworks(image), image_name(image)
    if shown:
        return (f"its name shows {', '.join(sorted(shown))}, which the target's stack does not "
                "give")
    if not _IMAGE_FILE.search(name) and ":" in name:
        return (f"its repository's name ({name.split(':', 1)[0]}) shows no framework the "
                "target gives: a project's or your own image, whose contents the port cannot see")
    return ("its name shows no framework the target gives: an image whose contents the port "
            "cannot see")


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
