"""Stage "notes": the GPU the source asks for against the target's GPUs: its memory
(``--constraint=a100_80gb``, ``-C gmem48``, ``--gres=gpu:v100-32g:1``, ``gpu&hbm80g``, a
partition named for it) and its model (``--gres=gpu:a100:4``, ``--gpus=rtx3090:1``; a source on
one of the ten clusters: that cluster's GPU). A model or batch sized for 80 GB GPUs may not fit
on 40 GB ones, and another model runs the program differently: the port says so, never
silently. The models' memory sizes are data (``templates/sites/gpu_models.yaml``), the target's
GPU its profile's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from maple_flow.knowledge.directives import Directive
from maple_flow.knowledge.gpu_models import GpuModel, gpu_models, model_named, model_of_profile
from maple_flow.models import ClusterProfile
from maple_flow.scriptparse.values import gres_gpu_types

#: Options whose value may name the GPU type (and with it the memory of one GPU).
_GPU_TYPE_OPTIONS = frozenset({"constraint", "gres", "gpus", "gpus-per-node", "gpus-per-task",
                               "partition", "queue", "select"})
#: Options that name the GPU model only (a partition or queue name says little else).
_MODEL_OPTIONS = _GPU_TYPE_OPTIONS - {"queue"}
#: A value that names a GPU: a model or the word gpu.
_NAMES_GPU = re.compile(
    r"(?i)gpu|a100|h100|h200|gh200|v100|p100|a40|a30|a10|l40|l4\b|a6000|a5000|rtx|quadro|tesla")
#: A memory size written in a GPU type: ``_80gb``, ``-32g``, ``80GB``, ``:80g:``.
_GPU_MEMORY = re.compile(r"(?i)(?<![\d.])(\d{2,3})\s?g(?:b|ib)?(?![a-z0-9])")
#: A GPU memory feature: ``gmem48``, ``gpumem:20g``, ``GPU_MEM:80GB``, ``vram40``, ``hbm80g``.
_MEMORY_WORD = re.compile(
    r"(?i)(?<![a-z])(?:g(?:pu)?_?mem|vram|hbm)[_:=-]?(\d{2,3})\s?(?:g(?:b|ib)?)?(?![\d])")
#: A size that says it is the GPUs' own: ``80gb_vram``, ``48GB-VRAM`` (GWDG's features).
_VRAM_SUFFIX = re.compile(r"(?i)(?<![\d.])(\d{2,3})\s?g(?:b|ib)?[_-]?(?:vram|gpu)(?![a-z0-9])")
#: A bare size as a whole node feature (``--constraint=80gb``, ``-C "80gb&infiniband"``).
_BARE_SIZE = re.compile(r"(?i)^(\d{2,3})\s?g(?:b|ib)?$")
#: ``gpu80`` (a constraint naming the GPUs' memory), never ``gpu:16`` (a count).
_GPU_SIZE = re.compile(r"(?i)(?<![a-z])gpu(\d{2,3})(?:g(?:b|ib)?)?(?![\d])")
#: A host memory resource in a PBS chunk (``mem=96G``): not the GPUs'.
_HOST_MEMORY = re.compile(r"(?i)\b[pv]?mem=[^:,\s]*")


@dataclass(frozen=True)
class AskedGpu:
    """The GPU a source asks for: its model (if named), its memory (if stated), and where."""

    model: GpuModel | None
    model_id: str | None
    memory_gb: int | None
    raw: str
    #: The directive stating the memory ("" where none does).
    memory_raw: str = ""
    #: Read from the source cluster's profile (no directive names the GPU).
    from_cluster: bool = False

    @property
    def least_memory(self) -> int | None:
        """The memory the source's GPUs had at least: as stated, else the model's smallest."""
        if self.memory_gb:
            return self.memory_gb
        return min(self.model.memory_gb) if self.model else None


def _memory_of(value: str, model_id: str | None) -> int | None:
    for pattern in (_MEMORY_WORD, _VRAM_SUFFIX, _GPU_SIZE):
        match = pattern.search(value)
        if match:
            return int(match.group(1))
    if _NAMES_GPU.search(value):
        match = _GPU_MEMORY.search(value)
        if match:
            return int(match.group(1))
        if model_id:  # ``a100_80``, ``v100-32``: the size after the model's name
            for token in gpu_models()[model_id].tokens:
                after = re.search(rf"(?i){re.escape(token)}[_.-](\d{{2,3}})(?![\d])", value)
                if after and int(after.group(1)) in gpu_models()[model_id].memory_gb:
                    return int(after.group(1))
    return None


#: LSF names the GPU model in ``-gpu "num=4:gmodel=NVIDIAA100_SXM4_80GB"`` or
#: ``-R "select[gpu_model0=='TeslaV100_SXM2_32GB']"`` (its value, without the maker's prefix).
_LSF_MODEL = re.compile(r"(?i)\b(?:gmodel|gpu_model\d*)\s*==?\s*['\"]?([\w.-]+)")


def _lsf_model(d: Directive) -> str | None:
    """The GPU model an LSF ``-gpu``/``-R`` line names, as a typed request (``gpu:A100_80GB``)."""
    match = _LSF_MODEL.search(d.raw) if d.spelled in ("-gpu", "-R") else None
    return "gpu:" + re.sub(r"(?i)^(?:nvidia|tesla)[_-]?", "", match.group(1)) if match else None


#: LSF's GPU memory asked of each GPU: ``-gpu "num=4:gmem=80G"`` (IBM Spectrum LSF, bsub -gpu:
#: "gmem=mem_value: the GPU memory on each GPU required by the job"). Read only with its unit
#: written (a bare number is in the site's LSF_UNIT_FOR_LIMITS, which the script does not say).
_LSF_GMEM = re.compile(r"(?i)\bgmem\s*=\s*(\d+(?:\.\d+)?)\s*([KMGT])B?\b")
_LSF_UNIT_GB = {"K": 1 / 1024 ** 2, "M": 1 / 1024, "G": 1, "T": 1024}


def _lsf_gmem(d: Directive) -> int | None:
    """The memory of one GPU (GB, rounded up) an LSF ``-gpu`` line asks with ``gmem=``."""
    match = _LSF_GMEM.search(d.raw) if d.spelled == "-gpu" else None
    if not match:
        return None
    size = float(match.group(1)) * _LSF_UNIT_GB[match.group(2).upper()]
    return max(1, -int(-size // 1))


def _major_gres_type(d: Directive) -> str | None:
    """For a GRES list of GPUs of several types (``gpu:a40-48:4,gpu:3090:1``), the entry of
    the most GPUs (``gpu:a40-48``; the first where they tie): the model most ranks ran on, not
    whichever type's name is longest; None for one type or another option."""
    typed = gres_gpu_types(d.value) if d.option == "gres" else []
    if len({t.lower() for t, _ in typed}) < 2:
        return None
    return "gpu:" + max(typed, key=lambda e: e[1])[0]


def asked_gpu(directives: list[Directive]) -> AskedGpu | None:
    """The GPU the source's directives ask for (model and/or memory); None where they name
    neither."""
    return _asked_gpu(tuple(directives))


@lru_cache(maxsize=256)
def _asked_gpu(directives: tuple[Directive, ...]) -> AskedGpu | None:
    """:func:`asked_gpu`, kept per source's directives (asked again for every target)."""
    memory: tuple[int, str] | None = None
    model: tuple[str, GpuModel, str] | None = None
    for d in directives:
        gmem = _lsf_gmem(d)
        if gmem and memory is None:
            memory = (gmem, d.raw.strip())
        lsf = _lsf_model(d)
        value = lsf or _major_gres_type(d) or _HOST_MEMORY.sub("", d.value or "")
        if (not lsf and d.option not in _GPU_TYPE_OPTIONS) or not value:
            continue
        named = model_named(value) if lsf or d.option in _MODEL_OPTIONS else None
        if named and model is None:
            model = (named[0], named[1], d.raw.strip())
        size = _memory_of(value, named[0] if named else None)
        if size and memory is None:
            memory = (size, d.raw.strip())
    if memory is None:
        memory = _bare_size_feature(list(directives), model[1] if model else None)
    if memory is None and model is None:
        return None
    raws = [r for r in (memory[1] if memory else "", model[2] if model else "") if r]
    raw = "`, `".join(dict.fromkeys(raws))
    return AskedGpu(model[1] if model else None, model[0] if model else None,
                    memory[0] if memory else None, raw, memory[1] if memory else "")


def _bare_size_feature(directives: list[Directive], model: GpuModel | None
                       ) -> tuple[int, str] | None:
    """A GPU job's node feature that is a bare size (GWDG Grete's ``--constraint=80gb``, Mila's
    ``-C 80gb``): the memory of the GPUs asked where it is one of the sizes of the model the job
    names (an A100: 40 or 80), or of a GPU model at all where it names none. A job that asks no
    GPU reads no GPU memory in it."""
    if model is None and not any(d.option in ("gres", "gpus", "gpus-per-node", "gpus-per-task")
                                 and _NAMES_GPU.search(f"{d.option} {d.value or ''}")
                                 for d in directives):
        return None
    sizes = set(model.memory_gb) if model else {
        m for g in gpu_models().values() for m in g.memory_gb}
    for d in directives:
        if d.option != "constraint" or not d.value:
            continue
        for token in re.split(r"[\s&|,\[\]()*:\"']+", d.value):
            match = _BARE_SIZE.match(token)
            if match and int(match.group(1)) in sizes:
                return int(match.group(1)), d.raw.strip()
    return None


def asked_gpu_memory(directives: list[Directive]) -> tuple[int, str] | None:
    """The memory of one GPU (GB) the source's directives state, with the directive that
    says it; None where none states one."""
    asked = asked_gpu(directives)
    return (asked.memory_gb, asked.memory_raw) if asked and asked.memory_gb else None


def _source_cluster_gpu(source: ClusterProfile | None) -> AskedGpu | None:
    if source is None or source.gpu is None:
        return None
    model_id = model_of_profile(source.gpu.model)
    model = gpu_models()[model_id] if model_id else None
    return AskedGpu(model, model_id, source.gpu.memory_gb,
                    f"{source.name}'s {source.gpu.model}", from_cluster=True)


def gpu_memory_note(directives: list[Directive], profile: ClusterProfile,
                    source: ClusterProfile | None = None) -> list[str]:
    """A note when the target's GPUs have less memory than the GPUs the source asks for (or
    its cluster has), or are another model."""
    asked = asked_gpu(directives) or _source_cluster_gpu(source)
    if asked is None or profile.gpu is None:
        return []
    target_model = model_of_profile(profile.gpu.model)
    have = profile.gpu.memory_gb
    least = asked.least_memory
    if asked.memory_gb:
        what = f"{asked.memory_gb} GB GPUs" + (f" ({asked.model.name})" if asked.model else "")
    else:
        sizes = " or ".join(str(m) for m in asked.model.memory_gb) if asked.model else "?"
        what = f"{asked.model.name if asked.model else ''} GPUs ({sizes} GB)".strip()
    asks = "ran on" if asked.from_cluster else "asks"
    vendor = profile.gpu.vendor
    other_vendor = asked.model is not None and vendor.lower() not in asked.model.name.lower()
    if least and least > have:
        maker = (f"; and they are {vendor} GPUs, not {asked.model.name.split()[0]} ones: a "
                 f"program written for {asked.model.name.split()[0]} GPUs (CUDA) does not run "
                 f"there unchanged (port it to {profile.gpu.device_api})"
                 if other_vendor and asked.model else "")
        return [f"GPU memory: the source {asks} {what} (`{asked.raw}`); {profile.name}'s "
                f"{profile.gpu.model} have {have} GB: LESS; a model or batch sized "
                f"for {least} GB may run out of GPU memory there (shrink the batch, shard the "
                f"model, or port to a site with larger GPUs){maker}"]
    if other_vendor and asked.model:
        return [f"GPU model: the source {asks} {what} (`{asked.raw}`); {profile.name} has "
                f"{profile.gpu.model} ({have} GB): {vendor} GPUs, not {asked.model.name.split()[0]}"
                f" ones: a program written for {asked.model.name.split()[0]} GPUs (CUDA) does "
                f"not run there unchanged (port it to {profile.gpu.device_api}); the request is "
                "not copied"]
    if asked.model_id and asked.model_id != target_model:
        exact = bool(asked.memory_gb) or bool(asked.model and len(asked.model.memory_gb) == 1)
        more = f", {have} GB each" + (
            f" (the source's: {least} GB{'' if exact else ' or more'})" if least else "")
        return [f"GPU model: the source {asks} {what} (`{asked.raw}`); {profile.name} has "
                f"{profile.gpu.model}{more}: another GPU model (speed, numeric formats and "
                "memory differ); the request is not copied, check the settings the program ties "
                "to its GPU (batch size, precision)"]
    return []
