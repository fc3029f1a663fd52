# ruff: noqa: E501
"""Module-system messages from the module systems' own tables (s35lmod,
templates/failures/lmod_s35.yaml and the module records it extends): a fix where the message
names the module to load or drop, a question where it lists a choice, "not the script" where
the site's module tree or access rules fail."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_env import swap_module

HEAD = "Lmod has detected the following error:  "


def _script(*mods: str) -> str:
    loads = "".join(f"module load {m}\n" for m in mods)
    return ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
            f"#SBATCH --time=01:00:00\n{loads}"
            "srun torchrun --nnodes=2 --nproc_per_node=4 train.py\n")


def _first(script: str, log: str, cluster: str = "delta") -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, cluster, None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


def _diff(data: dict[str, Any]) -> str:
    return str((data.get("proposed") or {}).get("diff") or "")


def test_swap_pins_a_bare_name_to_its_version() -> None:
    text = "#!/bin/bash\nmodule load gcc cuda\nsrun x\n"
    assert swap_module(text, "cuda", "cuda/12.4") == "#!/bin/bash\nmodule load gcc cuda/12.4\nsrun x\n"


def test_version_required_loads_the_version_lmod_names() -> None:
    log = (HEAD + 'Module "cuda" must be loaded with the version specified, e.g. "module load '
           'cuda/12.4". Use\n\n   $ module spider cuda\n\nfor available versions.')
    data, first = _first(_script("cuda"), log)
    assert first == "lmod-version-required/script"
    assert "-module load cuda\n" in _diff(data) and "+module load cuda/12.4" in _diff(data)


@pytest.mark.parametrize("mods,log", [
    (("hdf5/1.14.3",), HEAD + 'Cannot load module "hdf5/1.14.3". At least one of these module(s) '
     "must be loaded:\n   gcc/11.4.0 intel/2023.2\n"),
    (("hdf5/1.14.3",), "Loading hdf5/1.14.3\n  ERROR: Module cannot be loaded due to missing prereq."
     "\n    HINT: at least one of the following modules must be loaded first: gcc intel\n"),
    (("openmpi/1.8.4",), "openmpi/1.8.4(20):ERROR:151: Module 'openmpi/1.8.4' depends on one of the "
     "module(s) 'PrgEnv/GCC/2015'\nopenmpi/1.8.4(20):ERROR:102: Tcl command execution failed: "
     "prereq PrgEnv/PGI PrgEnv/Intel PrgEnv/GCC\n"),
])
def test_a_choice_of_prerequisites_is_asked(mods: tuple[str, ...], log: str) -> None:
    data, first = _first(_script(*mods), log)
    assert first == "module-prereq-one-of-ask/script"
    assert data["proposed"] is None and data["verdict"] == "ask"


def test_a_single_modules3_prerequisite_is_loaded() -> None:
    log = ("my-mod(33):ERROR:151: Module 'my-mod' depends on one of the module(s) 'a/1.0.0'\n"
           "my-mod(33):ERROR:102: Tcl command execution failed: prereq a/1.0.0\n")
    data, first = _first(_script("my-mod"), log)
    assert first == "envmodules-missing-prereq/script"
    assert "+module load a/1.0.0" in _diff(data)


@pytest.mark.parametrize("log", [
    'Loading openmpi/4.1.6\n  ERROR: Module cannot be loaded due to a conflict.\n'
    '    HINT: Might try "module unload mpich/4.1.2" first.\n',
    HEAD + 'Cannot load module "openmpi/4.1.6" because this module set a conflict: "mpich/4.1.2"\n',
])
def test_conflicts_drop_the_earlier_module(log: str) -> None:
    data, _ = _first(_script("mpich/4.1.2", "openmpi/4.1.6"), log)
    assert "-module load mpich/4.1.2" in _diff(data)
    assert "+module load Module" not in _diff(data)


def test_modulepath_not_set_starts_a_login_shell() -> None:
    log = HEAD + "module load is not possible. MODULEPATH is not set or not set with valid paths.\n"
    data, first = _first(_script("cuda"), log)
    assert first == "lmod-modulepath-undefined-batch-shell/script"
    assert "+#!/bin/bash -l" in _diff(data)


@pytest.mark.parametrize("mods,log,record", [
    (("vasp/6.4.2",), HEAD + "Access to vasp/6.4.2 is denied\n", "module-access-denied"),
    (("vasp/6.4.2",), "Loading vasp/6.4.2\n  ERROR: Access to module vasp/6.4.2 is denied\n",
     "module-access-denied"),
    (("cuda/12.4",), HEAD + 'A load storm (possibly an infinite loop) detected for module: '
     '"cuda/12.4" file: "/sw/cuda/12.4.lua". It was loaded more than 500 times.\n',
     "module-site-modulefile-fault"),
    (("py-torch/2.3.1",), "Loading py-torch/2.3.1\n  ERROR: Unable to locate a modulefile for "
     "'cuda/12.9'\n  ERROR: Load of requirement cuda/12.9 failed\n", "module-site-modulefile-fault"),
    (("tc",), "Loading ta\n  Module ERROR: invalid command name \"bad\"\n    In '/mf/ta'\n"
     "    Please contact <root@localhost>\n\nLoading tc\n  ERROR: tc cannot be loaded due to "
     "missing prereq.\n    HINT: the following module must be loaded first: tb\n",
     "module-site-modulefile-fault"),
    (("foo",), "Loading foo\n  ERROR: Unable to locate a modulefile for 'unk'\n"
     "  Loading requirement: bar\n", "module-requirement-alternative-loaded"),
])
def test_site_module_tree_faults_are_not_the_script(mods: tuple[str, ...], log: str,
                                                    record: str) -> None:
    data, first = _first(_script(*mods), log)
    assert data["proposed"] is None
    assert first == f"{record}/not_script"


def test_one_listed_prerequisite_stays_a_fix() -> None:
    log = (HEAD + 'Cannot load module "plexos/7.400.2". At least one of these module(s) must be '
           "loaded:\n   mono/4.6.2.7\n")
    data, first = _first(_script("plexos/7.400.2"), log, "anvil")
    assert first == "lmod-prerequisite-any-one-named/script"
    assert "+module load mono/4.6.2.7" in _diff(data)


def test_modules3_prereq_line_names_the_module_to_load() -> None:
    log = ("trinity/2.2.0(5):ERROR:151: Module 'trinity/2.2.0' depends on one of the module(s) "
           "'rsem/1.3.0 rsem/1.2.23'\ntrinity/2.2.0(5):ERROR:102: Tcl command execution failed: "
           "prereq rsem\n")
    data, first = _first(_script("trinity"), log)
    assert first == "envmodules-missing-prereq/script"
    assert "+module load rsem\n" in _diff(data)


def test_conflict_naming_the_version_of_a_bare_load_drops_that_load() -> None:
    text = "#!/bin/bash\nmodule add intel\nmodule add pgi\nsrun x\n"
    assert swap_module(text, "intel/20.0u3", "pgi/19.4") == "#!/bin/bash\nmodule add pgi\nsrun x\n"


def test_a_conflict_wrapped_by_lmod_is_still_a_swap() -> None:
    log = (HEAD + 'Cannot load module "hdf5-C/1.14.0"\n  because these module(s) are loaded:\n'
           "     hdf5\n")
    data, first = _first(_script("hdf5", "hdf5-C/1.14.0"), log)
    assert first == "lmod-module-conflict/script"
    assert "-module load hdf5\n" in _diff(data)
