"""The twin's warm-mode hook: with MAPLE_TWIN_WARM=1, this Python start is run by the node's zygote.

This folder goes on PYTHONPATH of a warm job (``maple_flow.twin.warm.warm_env``), so every
start of the twin's Python (from PATH, a launcher's shebang, or ``sys.executable`` of torchrun
spawning its workers) passes here first. Without the switch, or in the zygote itself, nothing
happens but handing over to the next ``sitecustomize`` on sys.path, if there is one.
"""

import os
import sys


def _load(name: str, path: str) -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _warm() -> None:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    client = _load("_maple_twin_warm_client", os.path.join(here, "client.py"))
    client.run()  # type: ignore[attr-defined]  # returns only to run cold
    sys.modules.pop("_maple_twin_warm_client", None)


def _chain() -> None:
    """Run the sitecustomize this folder shadows (the next one on sys.path)."""
    import importlib.machinery
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.origin and spec.loader is not None:
        module = importlib.util.module_from_spec(spec)
        sys.modules["sitecustomize"] = module
        spec.loader.exec_module(module)


if os.environ.get("MAPLE_TWIN_WARM") == "1" and not os.environ.get("MAPLE_TWIN_WARM_ROLE"):
    _warm()
_chain()
