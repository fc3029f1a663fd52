"""When loading the site's modules cannot give a missing Python launcher (s38precA).

A launcher (torchrun, deepspeed, accelerate) or python that is not found, or a core package
(torch) that does not import, is given by the site's Python module only where the script does
not load one: a script that already loads the site's Python stack (``anaconda3_gpu``,
``pytorch/2.3.1``, ``conda``) runs the stack it chose, and what that stack lacks is not given
by loading the site's other modules (``nccl``) or another version of it (a guess: CSC's
pytorch module lacked torchrun, CSCfi/pytorch-ddp-examples#1). A fix that adds no Python
module at all cannot give them either. Pure functions of the resolved ops, the log and the
script text.
"""

from __future__ import annotations

import re

from maple_flow.repair.models import FailureRecord

#: The log's report that a Python launcher or interpreter is not found, or that a core package
#: of the site's Python stack does not import.
MISSING_PYTHON_PROGRAM = re.compile(
    r"(?:^|[\s:/])(?:torchrun|deepspeed|accelerate|python3?): command not found|"
    r"execve\(\): (?:torchrun|deepspeed|accelerate|python3?): No such file or directory|"
    r"ModuleNotFoundError: No module named '(?:torch|deepspeed|accelerate|transformers|numpy)'")
#: A module that gives a Python interpreter (and, at the ten sites, PyTorch): the profiles'
#: python, python3, cray-python, conda, anaconda3_gpu, miniforge, pytorch, frameworks,
#: AI/pytorch_*, learning/conda-*, ml-toolkit-gpu/pytorch names.
PYTHON_MODULE = re.compile(r"(?i)python|conda|miniforge|mamba|torch|frameworks")
#: A module load of the script (the module names after the verb).
_MODULE_LOAD = re.compile(r"(?m)^[^#\n]*\b(?:module|ml)\s+(?:load|add)\s+([^\n;&|#]+)")


def loaded_python_modules(script: str) -> list[str]:
    """The Python-giving modules (PYTHON_MODULE) the script loads."""
    return [name for line in _MODULE_LOAD.findall(script) for name in line.split()
            if not name.startswith("-") and PYTHON_MODULE.search(name)]


def python_stack_untied(ops: list[object], log_text: str,
                        script: str) -> tuple[list[object], str]:
    """(ops kept, why) for a fix made only of module loads on a log that reports a Python
    launcher, interpreter or core package missing: no ops when the script loads a Python
    module already, or when no op loads one; ``(ops, "")`` otherwise."""
    names = [str(getattr(op, "name", "") or "") for op in ops
             if getattr(op, "op", "") == "add_module"]
    if not names or len(names) != len(ops) or not MISSING_PYTHON_PROGRAM.search(log_text):
        return ops, ""
    loaded = loaded_python_modules(script)
    if loaded:
        return [], (f"the script already loads the Python module {loaded[0]}: what it lacks "
                    "is not given by loading other modules or another version of it (run the "
                    "launcher as python -m, install it into that stack, or name the python "
                    "that has it)")
    if not any(PYTHON_MODULE.search(name) for name in names):
        return [], ("the modules the fix would load (" + ", ".join(names) + ") give no "
                    "Python launcher or interpreter")
    return ops, ""


def refused_by_signature(record: FailureRecord, log_text: str) -> bool:
    """Whether one of ``record``'s signatures matches ``log_text`` but refuses it through its
    ``log_lacks`` (the log shows what rules the cause out): similarity must not offer the
    record for that log, which its own signature read and turned down."""
    from maple_flow.repair.matching import found_in

    return any(sig.log_lacks and found_in(sig.pattern, log_text)
               and found_in(sig.log_lacks, log_text) for sig in record.signatures)
