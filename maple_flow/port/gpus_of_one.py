"""The GPUs of one plain process (``python train.py``, no launcher) when no directive counts
them: the script's own ``CUDA_VISIBLE_DEVICES=0,1`` says how many it drives; a GPU list or count
in the program's arguments (``--gpu_ids 0,1``, ``--gpus 2``) says it drives several but not
that the job had them, so the port asks. Never one GPU by default when the script says more.
Where a directive does count them, a program argument that lists another number is named."""

from __future__ import annotations

import re
from typing import Any

from maple_flow.errors import MissingInformation
from maple_flow.port.topology import topology_args
from maple_flow.scriptparse import ParsedScript, ScriptFacts
from maple_flow.scriptparse.facts import directive_size, job_gpus, visible_devices
from maple_flow.scriptparse.launch import PLAIN_WRAPPERS

#: Options whose value lists device ids (``--gpu_ids 0,1,2,3``; ``--gpu_devices 0 1 2 3``).
_ID_OPTIONS = frozenset({"gpu_ids", "gpu-ids", "gpuids", "gpuid", "gpu_id", "gpu-id",
                         "gpu_devices", "gpu-devices", "gpus", "devices", "device_ids",
                         "device-ids", "cuda_devices"})
_IDS = re.compile(r"^\d{1,3}(?:,\d{1,3})*$")


def program_gpus(args: list[str]) -> tuple[str, int] | None:
    """The program's own statement of how many GPUs it drives (as written, and the count):
    a device id list of two or more, or a GPU count argument above one; None if none."""
    for i, word in enumerate(args):
        key, eq, value = word.partition("=")
        if not key.startswith("-") or key.lstrip("-") not in _ID_OPTIONS:
            continue
        values = [value] if eq else []
        for nxt in [] if eq else args[i + 1:]:
            if not _IDS.match(nxt):
                break
            values.append(nxt)
        count = (len(values[0].split(",")) if len(values) == 1
                 else len(values) if all(v.isdigit() for v in values) else 0)
        if count > 1:
            return (word if eq else " ".join([word, *values])), count
    counts = [a for a in topology_args(args) if a.role == "gpus" and a.value > 1]
    return (counts[0].text, counts[0].value) if counts else None


def _one_plain_process(p: ParsedScript, facts: ScriptFacts) -> bool:
    """One process started by the job's shell (no launcher; ``uv run``-style runners and
    plain wrappers start it once)."""
    return facts.ranks == 1 and all(
        s.name in PLAIN_WRAPPERS or s.name.endswith(" run") for s in p.launch.stages)


def _counted_by_directive(p: ParsedScript) -> bool:
    size = directive_size(p)
    gres = p.directive("gres")
    return bool(size["gpus"] or size["gpus_per_task"] or job_gpus(p)
                or (gres and "gpu" in gres))


def read_gpus_of_one_process(p: ParsedScript, facts: ScriptFacts, o: dict[str, Any]) -> None:
    """A job with directives that count no GPU (``#PBS -q gpu`` alone) and one plain process:
    its GPUs from the script's ``CUDA_VISIBLE_DEVICES`` list (with a note), else asked when
    the program's arguments say it drives several."""
    if (not p.directives or facts.gpus_per_process or not _one_plain_process(p, facts)
            or _counted_by_directive(p) or any(o.get(k) for k in ("ranks", "gpus_per_node"))):
        return
    note = visible_devices_size(p, facts, "no directive counts the job's GPUs")
    if note:
        facts.notes.append(note)
        return
    stated = program_gpus(p.launch.args)
    if stated is None:
        return
    raise MissingInformation({"gpus_per_node": (
        f"no directive counts the job's GPUs, and the program's own `{stated[0]}` says it "
        f"drives {stated[1]}: how many GPUs the job had (given at submission or by the "
        "source's partition) is unknown; state them in the script (`#SBATCH "
        "--gpus-per-node=N`, `#PBS -l select=1:ngpus=N`) or pass gpus_per_node=N "
        "(--gpus-per-node N): ported as one process on N GPUs")})


def visible_devices_size(p: ParsedScript, facts: ScriptFacts, situation: str,
                         placed: str = "") -> str:
    """One process driving the GPUs the script's own ``CUDA_VISIBLE_DEVICES=0,1`` lists (on
    one node where the facts say no other): ``facts`` set so, and the note saying it after
    ``situation`` (why no directive gave the count); ``""`` where the script sets no list."""
    seen = visible_devices({**p.variables, **p.env})
    default = default_visible_devices(p) if not seen else None
    if not (seen or default):
        return ""
    count = seen or (default[1] if default else 1)
    facts.nodes = facts.nodes or 1
    facts.gpus_per_process = count if count > 1 else None
    own = ("its own CUDA_VISIBLE_DEVICES list" if seen else
           f"its own `{default[0] if default else ''}`, the list it uses where the scheduler "
           "sets none, as no GPU request in the script makes it set one")
    return (f"{situation}; its one process sees {count} GPU(s) ({own}): ported as one "
            f"process{placed} with that many GPUs; pass gpus_per_node=N (--gpus-per-node N) "
            "if the job had others")


#: ``CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0}"``: the script's own list, used where the
#: scheduler exported none (the name given to itself as default, ``:-`` or ``-``).
_SELF_DEFAULT = re.compile(
    r"""^["']?\$\{(?P<name>CUDA_VISIBLE_DEVICES|HIP_VISIBLE_DEVICES|ROCR_VISIBLE_DEVICES)"""
    r""":?-(?P<ids>\d{1,3}(?:,\d{1,3})*)\}["']?$""")


def default_visible_devices(p: ParsedScript) -> tuple[str, int] | None:
    """The script's own default device list (``CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0}"``,
    as written, and its count): the GPUs its process sees when no GPU request made the
    scheduler set the variable; None where the script gives no such default."""
    for name, value in {**p.variables, **p.env}.items():
        match = _SELF_DEFAULT.match(value.strip())
        if match and match.group("name") == name:
            return f"{name}={value.strip()}", len(match.group("ids").split(","))
    return None


def gpu_argument_note(p: ParsedScript, facts: ScriptFacts, gpus: int) -> list[str]:
    """A note when one plain process is given ``gpus`` GPUs and the program's own argument
    lists another number (``-gpuid=0,1,2,3`` on a one-GPU job): named, never silent."""
    if not _one_plain_process(p, facts):
        return []
    stated = program_gpus(p.launch.args)
    if stated is None or stated[1] == gpus:
        return []
    return [f"the program's own `{stated[0]}` names {stated[1]} GPU(s), but the job gives its "
            f"one process {gpus} (as the source's directives did): check that argument (or "
            "pass gpus_per_node=N for another count)"]


def srun_gpus_size(p: ParsedScript, facts: ScriptFacts) -> str:
    """One task whose ``srun`` asks its GPUs itself (``srun --gpus=1 ... python x.py``, no
    directive, one task): ``facts`` set to one process on one node with that many GPUs, and
    the note saying so; ``""`` where srun states no GPU count (or more than one task)."""
    from maple_flow.scriptparse.values import gpu_count

    stage = p.launch.stage("srun")
    if stage is None or facts.ranks != 1 or stage.get("-N", "--nodes") not in (None, "1"):
        return ""
    gres = stage.get("--gres") or ""
    asked = stage.get(*_SRUN_GPU_COUNTS) or (
        gres if "gpu" in gres else None)
    count = gpu_count(asked) if asked else None
    if not count:
        return ""
    facts.nodes = 1
    facts.gpus_per_process = count if count > 1 else None
    return (f"the script has no scheduler directive; its srun asks {count} GPU(s) for its one "
            f"task (`{asked}`): ported as one process on one node with that many GPUs")


def launch_gpus_per_node(p: ParsedScript, nodes: int, ranks_per_node: int) -> int | None:
    """The GPUs a node that the launch's own srun options ask (``srun --gres=gpu:1 ...``,
    ``--gpus-per-node``, ``--gpus`` over its nodes, ``--gpus-per-task`` times its tasks a
    node), or None where the launch line counts none."""
    from maple_flow.scriptparse.values import gpu_count

    stage = p.launch.stage("srun")
    if stage is None:
        return None
    gres = stage.get("--gres") or ""
    per_node = stage.get("--gpus-per-node") or (gres if "gpu" in gres else None)
    if per_node and (count := gpu_count(per_node)):
        return count
    total = stage.get("--gpus", "-G")
    if total and (count := gpu_count(total)) and nodes and count % nodes == 0:
        return count // nodes
    per_task = stage.get("--gpus-per-task")
    if per_task and (count := gpu_count(per_task)):
        return count * ranks_per_node
    return None


#: srun's options that count GPUs (``--gres`` names them among other resources).
_SRUN_GPU_COUNTS = ("--gpus", "-G", "--gpus-per-node", "--gpus-per-task")
#: Launch options by which a site launcher asks GPUs for its tasks itself.
_LAUNCH_GPU_OPTIONS = (*_SRUN_GPU_COUNTS, "--gres")


def _whole_node(p: ParsedScript) -> str:
    """The directive by which the job takes its node whole (``--exclusive``, ``--mem=0``,
    PBS ``place=excl``), as written; ``""`` where none does."""
    for d in p.directives:
        if (d.option == "exclusive" or (d.option == "mem" and d.value in {"0", "0G", "0M"})
                or (d.option == "place" and "excl" in (d.value or ""))):
            return d.raw.strip()
    return ""


def ask_gpus_of_whole_node(p: ParsedScript, facts: ScriptFacts, o: dict[str, Any]) -> None:
    """A one-process job that takes its node whole and counts no GPU anywhere (no directive,
    no launch option, no ``CUDA_VISIBLE_DEVICES`` list): its process saw every GPU of the
    source's node, so how many it drives is unknown: asked, never set to 1."""
    whole = _whole_node(p)
    if (not whole or facts.ranks != 1 or facts.gpus_per_process or _counted_by_directive(p)
            or directive_size(p)["gpus"] or any(o.get(k) for k in ("ranks", "gpus_per_node"))
            or visible_devices({**p.variables, **p.env}) or default_visible_devices(p)
            or any(s.get(*_LAUNCH_GPU_OPTIONS) for s in p.launch.stages)):
        return
    raise MissingInformation({"gpus_per_node": (
        f"the job takes its node whole (`{whole}`) and nothing in it counts its GPUs (no "
        "--gpus/--gres directive or launch option): its one process saw every GPU of the "
        "source's node, so how many GPUs it drives is unknown; state them in the script "
        "(`#SBATCH --gpus-per-node=N`: ported as one process on N GPUs), or pass "
        "gpus_per_node=N (--gpus-per-node N) to start one rank per GPU")})
