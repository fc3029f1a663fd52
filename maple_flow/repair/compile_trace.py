"""The graph compiler's report that it could not trace the program's code (s38).

``torch.compile`` runs TorchDynamo over the program's Python code; where the code does what
Dynamo cannot capture (data-dependent control flow, an object it cannot model, a call on fake
tensors that fails), Dynamo raises one of its own tracing exceptions and appends the user's
frames under ``from user code:`` (``augment_exc_message``). Those name the program's (or an
installed library's) code under compilation; no launch line, resource request or environment
variable of the job script causes them, and the cure is in the code (``torch.cond``, a graph
break allowed, the model fixed) or in the library's release.

The classes are those of ``torch/_dynamo/exc.py`` (pytorch/pytorch at
00f993df1f1942125aa11c95383c58d22e7d8d77) that report tracing the code: ``Unsupported``,
``UserError``, ``TorchRuntimeError``, ``InternalTorchDynamoError``, ``RecompileError``,
``FailOnRecompileLimitHit``, ``InfiniteGeneratorError``, ``CondOpArgsMismatchError``,
``UncapturedHigherOrderOpError``, ``UnsafeScriptObjectError``, ``ResumePrologueTracingError``
and the ``Observed*`` exceptions. Not ``BackendCompilerFailed`` nor any Inductor or Triton
error: the backend compiles the traced graph with a C++ compiler, Triton and the GPU the job
runs on - the job's environment and node, which the script may set up - so a log that names the
backend is left to the records.
"""

from __future__ import annotations

import re

#: Dynamo's own exception of tracing the program's code, wherever it stands in a line (a
#: logger's prefix before it).
_TRACE_ERROR = re.compile(
    r"\btorch\._dynamo\.exc\.(?:Unsupported|UserError|TorchRuntimeError|"
    r"InternalTorchDynamoError|RecompileError|FailOnRecompileLimitHit|InfiniteGeneratorError|"
    r"CondOpArgsMismatchError|UncapturedHigherOrderOpError|UnsafeScriptObjectError|"
    r"ResumePrologueTracingError|Observed\w*)\b")
#: The block Dynamo appends to a tracing error: the user's frames it was tracing.
_FROM_USER_CODE = re.compile(r"(?m)^[ \t]*from user code:[ \t]*$")
#: The backend that compiles the traced graph (Inductor, Triton, a C/C++ compiler): the job's
#: environment and node, not the code's tracing.
_BACKEND = re.compile(
    r"(?i)BackendCompilerFailed|torch\._inductor\b|InductorError|CppCompileError|"
    r"InvalidCxxCompiler|\btriton\b|\bC\+\+ compiler\b|\bC compiler\b|\bnvcc\b|\bptxas\b")

#: Words of the installation (a build without a device's support, a driver, a shared library,
#: a release): a traced call that fails on those is the environment's, left to the records.
_INSTALLATION = re.compile(
    r"(?i)not compiled with|\bdriver\b|\.so\b|\bversion\b|No module named|cannot import|"
    r"undefined symbol|no kernel image")


def _line_at(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return text[start:end if end >= 0 else len(text)].strip()


def compile_trace_failed(text: str) -> tuple[str, ...] | None:
    """The line of Dynamo's report that it could not trace the program's code (module doc),
    or None; None wherever the log names the compiling backend, or the report names the
    installation (a build without a device's support, a driver, a library, a release)."""
    if _BACKEND.search(text):
        return None
    found = list(_TRACE_ERROR.finditer(text))
    if found:
        at = found[-1].start()
        lines: tuple[str, ...] = (_line_at(text, at),)
    else:
        block = _FROM_USER_CODE.search(text)
        before = [] if block is None else [
            line.strip() for line in text[:block.start()].splitlines() if line.strip()]
        if not before:
            return None
        at, lines = text.rfind(before[-1]), (before[-1], "from user code:")
    # the report's message, up to the user's frames (it may run over several lines)
    block = _FROM_USER_CODE.search(text, at)
    message = text[at:block.start() if block else at + 600]
    return None if _INSTALLATION.search(message) else lines
