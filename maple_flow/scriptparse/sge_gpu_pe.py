"""Grid Engine jobs whose GPU count is the slots of a parallel environment named for GPUs: a
site's yes/no GPU request (UCL CS's ``-l gpu=true``) asks GPUs without a number, and the
``-pe gpu N`` next to it says how many (templates/schedulers/grid_engine.yaml ``count_pe``).
Read only where the yes/no request is made and no ``-l`` resource counts GPUs itself: with a
count (``-l gpu=2``, Edinburgh's Eddie) the ``gpu`` parallel environment holds CPU cores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GpuPe:
    """The GPU count a parallel environment gives: ``gpus``, the ``-pe`` line it is read
    from (``line``, stripped), the yes/no request beside it (``request``) and the other
    ``-pe`` lines of the script (``others``: Grid Engine keeps one of them)."""

    gpus: int
    line: str
    request: str
    others: tuple[str, ...]


def gpu_pe(lines: Sequence[tuple[str, Sequence[tuple[str, str]]]],
           table: Mapping[str, Any]) -> GpuPe | None:
    """The GPU count of ``-pe NAME N`` where ``NAME`` is a site's GPU parallel environment
    (``table``: the ``gpu_resources`` of grid_engine.yaml) and the job makes that site's
    yes/no GPU request; ``lines`` are each ``#$`` line (stripped) with its (option, value)
    pairs. None where no yes/no request is made, a resource counts the GPUs, or no such
    parallel environment is asked."""
    request, found, pes = "", None, []
    for raw, options in lines:
        for option, value in options:
            if option == "-pe":
                pes.append(raw)
                name, _, slots = value.partition(" ")
                if slots.strip().isdigit() and int(slots) > 0 and any(
                        name in b.get("count_pe", ()) for b in table["booleans"].values()):
                    found = (int(slots), raw)
            elif option == "-l":
                for item in value.split(","):
                    key, _, val = (s.strip() for s in item.partition("="))
                    if key in table["counts"] and val.isdigit():
                        return None  # a count names the GPUs: the PE holds cores there
                    boolean = table["booleans"].get(key)
                    if boolean and boolean.get("count_pe") and val.lower() in {
                            "true", "yes", "y", "1"}:
                        request = f"-l {item.strip()}"
    if not request or found is None:
        return None
    return GpuPe(found[0], found[1], request, tuple(r for r in pes if r != found[1]))


def gpu_pe_note(pe: GpuPe) -> str:
    """What the port read from the GPU parallel environment, naming its line."""
    others = (f"; the script also asks {', '.join(f'`{o}`' for o in pe.others)}, and Grid "
              "Engine keeps only one parallel environment: check which the job got"
              if pe.others else "")
    return (f"the source's `{pe.line}` next to its yes/no GPU request `{pe.request}` is the "
            f"job's GPU count (the slots of that site's GPU parallel environment are GPUs): "
            f"read as {pe.gpus} GPU(s) on one host{others}")


__all__ = ["GpuPe", "gpu_pe", "gpu_pe_note"]
