"""The name an LLM server serves its model under, as its client asks it (issue 17, s32cmd).

Class: the client of a vLLM server started by the job asks for a model the server does not
list (vLLM's 404 ``The model `X` does not exist.``, a harness's readiness probe ``does not
list expected model 'X'``), because the serving line names the served model otherwise: with
``--served-model-name Y`` the server answers only to Y; without it, to the ``--model`` value
as written (a path, not its last folder). The script decides it only in two shapes, and
:func:`serving_model_name` acts only then:

- the line serves model X under another ``--served-model-name``: the client asks for the
  model the line loads, so the served name becomes X;
- the line has no ``--served-model-name`` and loads a path whose last folder is X: the client
  asks for the model by that folder's name, so ``--served-model-name X`` is given.

Any other asked name (a path or model the line does not load) is the client's choice or the
user's to say: FixNotApplicable. Pure text functions over ``vllm serve`` / vLLM's OpenAI
server module lines (patch_serving.serving_commands).
"""

from __future__ import annotations

import re
import shlex

from maple_flow.repair.patch_serving import serving_commands
from maple_flow.repair.text import FixNotApplicable

#: Blanks between words of one command, across backslash-continued lines.
_SEP = r"(?:[ \t]|\\\n)+"
#: One shell word that is not an option, a redirection or a control operator.
_WORD = r"""(?:"[^"\n]+"|'[^'\n]+'|(?![-\\&|;<>#])[^\s;&|<>'"]+)"""
_MODEL = re.compile(rf"(?:(?<![\w.-])vllm[ \t]+serve|--model(?:=|{_SEP}))(?:{_SEP})?"
                    rf"(?P<model>{_WORD})")
_SERVED = re.compile(rf"--served-model-name(?:=|{_SEP})(?P<names>{_WORD}(?:{_SEP}{_WORD})*)")


def _plain(word: str) -> str:
    """A word without its quotes and a trailing slash (``'/m/x/'`` -> ``/m/x``)."""
    return word.strip("\"'").rstrip("/") or word


def _served_block(block: str, asked: str) -> str | None:
    """``block`` (one serving command) serving its model as ``asked``, or None when the
    command's own words do not say that ``asked`` is the model it loads."""
    model = _MODEL.search(block)
    if model is None or "$" in model.group("model"):
        return None
    loaded, want = _plain(model.group("model")), _plain(asked)
    served = _SERVED.search(block)
    new = shlex.quote(want)
    if served is not None:
        names = [_plain(n) for n in re.split(_SEP, served.group("names"))]
        if want in names or want != loaded:
            return None
        return block[:served.start("names")] + new + block[served.end("names"):]
    if want == loaded or loaded.rsplit("/", 1)[-1] != want or "/" not in loaded:
        return None
    end = model.end("model")
    return f"{block[:end]} --served-model-name {new}{block[end:]}"


def serving_model_name(text: str, server: str, asked: str) -> str:
    """``text`` with each ``server`` command that loads the model ``asked`` names serving it
    under that name (see the module docstring); FixNotApplicable otherwise."""
    if not asked or asked != asked.strip() or "\n" in asked:
        raise FixNotApplicable("the log names no model the client asked for")
    lines = text.split("\n")
    spans = list(serving_commands(lines, server))
    if not spans:
        raise FixNotApplicable(f"the script runs no {server} server")
    changed = False
    for first, last in reversed(spans):
        block = _served_block("\n".join(lines[first:last + 1]), asked)
        if block is not None:
            lines[first:last + 1] = block.split("\n")
            changed = True
    if not changed:
        raise FixNotApplicable(
            f"no {server} line of the script loads {asked!r} under another served name or "
            "from a folder of that name: which name is meant is the user's to say")
    return "\n".join(lines)
