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

from maple_flow.models import ClusterProfile


class Breaking(str):
    """A note that names what breaks the job as written on the target; ``todo``: what the user
    must choose or provide (a sentence, "" when the note already says it)."""

    todo: str

    def __new__(cls, text: str, todo: str = "") -> Breaking:
        obj = super().__new__(cls, text)
        obj.todo = todo
        return obj

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (Breaking, (str(self), self.todo))


def is_breaking(note: str) -> bool:
    """Whether the stage that wrote ``note`` knew the job does not run as written."""
    return isinstance(note, Breaking)


def refusal_of(notes: list[str]) -> tuple[str, list[str]]:
    """The refusal a port's breaking notes make (the first one's words and what to do; "" when
    none) and the notes less those it takes into the reason."""
    found = [n for n in notes if is_breaking(n)]
    if not found:
        return "", notes
    first = found[0]
    todo = first.todo if isinstance(first, Breaking) else ""
    reason = ("the job as written does not run there: " + str(first).rstrip(".")
              + (f"; {todo}" if todo else ""))
    if len(found) > 1:
        reason += "; also: " + "; ".join(str(n) for n in found[1:])
    return reason, [n for n in notes if not is_breaking(n)]


#: The name of a stock PyTorch image: its repository's last part is ``pytorch`` (NGC's
#: nvcr.io/nvidia/pytorch, Docker Hub's pytorch/pytorch) and it is no file of the user's.
_STOCK_PYTORCH = re.compile(r"^(?:docker://|library://)?(?:[\w.-]+(?::\d+)?[/#])*pytorch"
                            r"(?::[\w.+-]+)?$", re.IGNORECASE)


def stock_framework_image(image: str, profile: ClusterProfile) -> bool:
    """Whether the target's own stack stands in for ``image``: a stock PyTorch image, on a
    site that gives its jobs PyTorch (``software.system_frameworks``)."""
    bare = image.strip("'\"").strip()
    return (profile.software.system_frameworks and "$" not in bare
            and not bare.endswith((".sif", ".simg", ".img", ".sqsh", ".sqfs"))
            and bool(_STOCK_PYTORCH.match(bare)))


def container_todo(profile: ClusterProfile) -> str:
    """What the user of a dropped container must provide on ``profile``."""
    runtime = profile.container
    how = (f"an image {profile.name}'s {runtime.command} runs (built for its "
           f"{profile.gpu.vendor.upper() if profile.gpu.vendor == 'nvidia' else 'Intel'} GPUs and "
           f"{profile.node.arch} nodes)" if runtime is not None else
           "an environment that holds it")
    return (f"the image held the program's software, which {profile.name}'s own stack is not "
            f"known to have: provide {how} or an environment on {profile.name} with that "
            "software, then port again with the container line naming it (or without the "
            "container line, if the target's stack has all the program needs)")
