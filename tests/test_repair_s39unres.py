"""One shared Unresolved base for the placeholder resolvers (helper s39unres)."""

from __future__ import annotations

import importlib

import pytest

from maple_flow.repair import resolve
from maple_flow.repair.resolve_kept import KeptUnresolved
from maple_flow.repair.unresolved import Unresolved

_CLASSES = [("account", "AccountUnresolved"), ("bindpath", "BindUnresolved"),
            ("env", "EnvUnresolved"), ("hostfile", "HostfileUnresolved"),
            ("kept", "KeptUnresolved"), ("named", "NamedUnresolved"),
            ("only_module", "OnlyModuleUnresolved"), ("qos", "QosUnresolved"),
            ("rankcap", "RankCapUnresolved"), ("sitedir", "SiteDirUnresolved"),
            ("size", "SizeUnresolved"), ("slots", "SlotsUnresolved"),
            ("slurm", "RespellUnresolved"), ("step", "StepUnresolved"),
            ("taskshape", "TaskShapeUnresolved"), ("shifter", "ShifterUnresolved")]


@pytest.mark.parametrize(("module", "name"), _CLASSES)
def test_every_resolver_exception_is_the_shared_unresolved(module: str, name: str) -> None:
    cls = getattr(importlib.import_module(f"maple_flow.repair.resolve_{module}"), name)
    assert issubclass(cls, Unresolved)
    assert resolve.Unresolved is Unresolved


def test_kept_is_whole_and_keeps_its_question() -> None:
    exc = KeptUnresolved("no time", need="walltime")
    assert (str(exc), exc.need, exc.whole) == ("no time", "walltime", True)


def test_a_resolver_question_reaches_resolve_fix() -> None:
    script = "#!/bin/bash\n#SBATCH -N 1\nmodule load a\nmodule load b\nsrun python t.py\n"
    template = {"op": "add_module", "module": "{only_module:module_name}"}
    ops, needs, unresolved = resolve.resolve_fix([template], resolve.Context(script=script))
    assert (ops, needs) == ([], ["module_name"])
    assert unresolved and "which one failed" in unresolved[0]


def test_directives_parsed_once_per_script_and_never_shared_mutably() -> None:
    from maple_flow.knowledge import directives as d

    script = "#!/bin/bash\n#SBATCH --mem=4G\n#SBATCH -N 2\nsrun true\n"
    first = d.directives_once(script, "slurm")
    assert first == d.parse_directives(script, "slurm")
    first.clear()  # a caller's change to its list reaches no other caller
    hits = d._directives_cached.cache_info().hits
    assert d.last_value(d.directives_once(script, "slurm"), "nodes") == "2"
    assert d._directives_cached.cache_info().hits == hits + 1
