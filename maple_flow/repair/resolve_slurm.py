"""``{respell:X}``: a misspelt Slurm option of the job header, respelled from Slurm's own table.

sbatch refuses a header option it does not have (``sbatch: unrecognized option
'--gpus-per-nod=4'`` from getopt, ``sbatch: error: Invalid directive found in batch script:
--gpus-per-nodes=4``, src/sbatch/opt.c). templates/schedulers/slurm_options.yaml lists every long
option of Slurm's option table (src/common/slurm_opt.c). ``{respell:X}`` is the one option whose
name is closest to the name in group X (no dashes) - unresolved when that name is itself a Slurm
option (an older Slurm at the site does not know it: respelling cannot help), when no option is
close enough, or when two are about as close. ``{respell:X.old}`` is the misspelt name itself,
resolved only when ``{respell:X}`` is (a fix that drops it then writes its respelling, never
drops it alone). ``{respell:X.value}`` is the value the script's
directive of the misspelt name gives (unresolved when the script has no such directive or it has
no value).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from functools import cache

import yaml

from maple_flow.knowledge.directives import last_value, parse_directives
from maple_flow.paths import templates_dir
from maple_flow.repair.unresolved import Unresolved

#: How alike a name must be to an option to be taken for its misspelling (difflib ratio).
CUTOFF = 0.85
#: How far ahead of the second the closest option must be.
MARGIN = 0.04


class RespellUnresolved(Unresolved):
    """No single option the name is a misspelling of."""


@cache
def slurm_options() -> frozenset[str]:
    """Slurm's long option names (sbatch, salloc and srun share the table)."""
    data = yaml.safe_load((templates_dir() / "schedulers" / "slurm_options.yaml")
                          .read_text(encoding="utf-8"))
    return frozenset(data["options"])


def closest_option(name: str) -> str:
    """The Slurm option ``name`` misspells."""
    name = name.lstrip("-").split("=", 1)[0].lower()
    options = slurm_options()
    if "_" in name and name.replace("_", "-") in options:
        return name.replace("_", "-")  # mem_per_cpu: an option written with underscores
    if name in options:
        raise RespellUnresolved(f"--{name} is a Slurm option: this site's Slurm may not know it")
    scored = sorted(((difflib.SequenceMatcher(None, name, o).ratio(), o) for o in options),
                    reverse=True)
    best = scored[0] if scored else (0.0, "")
    if best[0] < CUTOFF:
        raise RespellUnresolved(f"no Slurm option is close to --{name}")
    if len(scored) > 1 and best[0] - scored[1][0] < MARGIN:
        raise RespellUnresolved(f"--{name} is as close to --{best[1]} as to --{scored[1][1]}")
    return best[1]


def respelled(groups: Mapping[str, str | None], script: str, arg: str) -> str:
    """``{respell:X}`` and ``{respell:X.value}`` (see the module doc)."""
    group, _, part = arg.partition(".")
    name = (groups.get(group) or "").lstrip("-").split("=", 1)[0]
    if not name:
        raise RespellUnresolved(f"the log gave no option in {group}")
    if part == "old":
        closest_option(name)  # only a name there is a respelling for
        return name
    if part == "value":
        closest_option(name)
        value = last_value(parse_directives(script, "slurm"), name)
        if not value:
            raise RespellUnresolved(f"the script has no --{name} with a value")
        return value
    return closest_option(name)


@cache
def _version_spellings() -> dict[str, str]:
    """Slurm options renamed between versions: name -> what to write instead
    (templates/schedulers/slurm_option_versions.yaml)."""
    data = yaml.safe_load((templates_dir() / "schedulers" / "slurm_option_versions.yaml")
                          .read_text(encoding="utf-8"))
    return {name: str(entry["spelling"]) for name, entry in data["options"].items()}


def version_spelling(groups: Mapping[str, str | None], arg: str) -> str:
    """``{version_spelling:X}``: how to write the Slurm option in group X (``--workdir``,
    ``--chdir=/d``) that a Slurm of another version refuses - the spelling every version at
    hand takes (slurm_option_versions.yaml); unresolved for an option not listed there."""
    name = (groups.get(arg) or "").split("=", 1)[0]
    if not name.startswith("--"):
        raise RespellUnresolved(f"{name!r} is no long Slurm option")
    spelling = _version_spellings().get(name[2:].lower())
    if spelling is None:
        raise RespellUnresolved(f"--{name[2:]} was not renamed between Slurm versions")
    return spelling
