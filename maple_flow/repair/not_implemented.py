"""An installed library's ``NotImplementedError`` about its own API (s37rl3639).

A library raises ``NotImplementedError`` when the code calling it uses a feature its installed
release does not have (TensorDict's ``in`` check, a datasets release reading a cache with a newer
fsspec, TensorFlow's symbolic tensors handed to a newer numpy, torch's module without a
``forward`` when a newer library builds a container where the code expects a layer): the
packages of the environment disagree with each other or with the code, and no launch line
changes that. The log must show the
exception alone (the final line) or with a traceback whose innermost frame is an installed
package's; the message must name nothing the job's launch or environment sets up (devices, a
backend, the locale, the platform, a build, a version or an installation, a path, a value the job
script names) - those stay with the records or "not recognised".
"""

from __future__ import annotations

import re

from maple_flow.repair.code_exception import ENVIRONMENT_WORDS
from maple_flow.repair.frames import traceback_frames
from maple_flow.repair.program_error import final_exception_at

#: Words of a message about what the job's environment or launch sets up: the devices and their
#: numeric formats, the platform and locale, a build, parallelism, an environment variable.
#: ``support`` itself is no veto here (every such message says "not supported").
_VETO = re.compile(
    r"(?i)\blocale\b|\bencoding|utf-?8|\bascii\b|\bplatform|\bwindows\b|\bdarwin|\bmac ?os|"
    r"\baarch64|\barm64|\bx86|\barch|\bos\b|\boperating|\boperator|\bkernel|\bextension|"
    r"\bcompiled?\b|\bbuild|\bbuilt\b|\bdtype|\bbf16|\bbfloat|\bfp(?:16|8)|float16|\bhalf\b|"
    r"precision|parallel|shard|\bzero\b|offload|quantiz|\bmps\b|\bxla\b|\btpu|\brocm|\bxpu|\bhpu|"
    r"\bcuda|\bgpus?\b|\bdevices?\b|\bbackend|\benv\b|environment|variable|\bplease set\b|"
    r"\bprocess|\blaunch|\bworkers?\b|\bnodes?\b|\brank|\bserver|\bport\b|\bimport|\bmodule|"
    r"\bpackage|\blibrar|\bworld|\bnccl|\bgloo|\bmpi\b|distributed|\bsm_?\d{2,3}\b|"
    r"compute capability|\bampere|\bhopper|\bvolta|\bturing")
#: torch's report that a module called as a layer has no ``forward`` (a container such as
#: ModuleList, or a class of another release of the library that built it): the code and the
#: installed library disagree, or the code is wrong; it names a module class, not the module
#: system, so the ``module`` word does not veto it.
_MISSING_FORWARD = re.compile(r'^Module \[\w+\] is missing the required "forward" function$')
#: A frame of an installed package (not the user's project).
_INSTALLED = re.compile(r"(?:site-packages|dist-packages)/")
#: A value a message names (a number of two digits or more, a dotted or underscored name).
_VALUE = re.compile(r"\b\d{2,}\b|\b[A-Za-z]\w*(?:[._]\w+)+\b")


def _support_free(message: str) -> str:
    """The message without its "(not) supported" words, read by the environment veto."""
    return re.sub(r"(?i)\b(?:un)?support(?:s|ed)?\b", "", message)


def _names_script_value(message: str, script: str | None) -> bool:
    """Whether a value the message names is in the job script's text (the launch gave it)."""
    return bool(script) and any(
        re.search(rf"(?<![\w.]){re.escape(v)}(?![\w])", script or "")
        for v in _VALUE.findall(message))


def library_not_implemented(text: str, script: str | None) -> tuple[str, ...] | None:
    """The exception line when the log ends in an installed library's ``NotImplementedError``
    about its own API (module doc), or None."""
    found = final_exception_at(text)
    if found is None:
        return None
    kind, message, at = found
    if kind != "NotImplementedError" or len(message) < 20:
        return None  # a bare one: an abstract method of whose code, the log does not say
    if not _MISSING_FORWARD.match(message) and (
            _VETO.search(message) or ENVIRONMENT_WORDS.search(_support_free(message))
            or _names_script_value(message, script)):
        return None
    frames = [f for f in traceback_frames(text, at) if not (f.cut or f.faulthandler)]
    if frames and not _INSTALLED.search(frames[-1].path.replace("\\", "/")):
        return None  # raised by the user's own code (its own check, maybe of an argument)
    start = len(text) - len(text[at:].lstrip())
    end = text.find("\n", start)
    return (text[start:end if end >= 0 else len(text)].strip(),)
