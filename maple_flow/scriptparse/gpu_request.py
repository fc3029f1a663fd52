"""What a script says about GPUs: a count in its directives, a GPU named without a count (a
``-q gpu`` queue, SGE's ``gpu=true``, a CUDA module), or nothing at all (a CPU job, such as a
Dask cluster or an mpi4py solver, or one whose GPUs were given at submission)."""

from __future__ import annotations

import re

from maple_flow.scriptparse.facts import directive_size, job_gpus
from maple_flow.scriptparse.script import ParsedScript
from maple_flow.scriptparse.values import gpu_count, gres_gpu_count

#: Words that say a job runs on GPUs even when no directive counts them: GPU, CUDA, NCCL and
#: ROCm names, GPU models and node kinds (Cray ``xk`` nodes), the GPU launchers of PyTorch
#: training and Summit's ``jsrun``, a container run with the host's GPUs (``--nv``, ``--rocm``).
#: None of them in the text: nothing says the job uses a GPU.
GPU_WORDS = re.compile(
    r"gpu|cuda|nvidia|nccl|rocm|\bhip_|\bxpu\b|ze_affinity|oneccl|torch_?ccl|torchrun"
    r"|torch\.distributed|deepspeed|accelerate\s+launch|horovod|lightning|jsrun|tesla|titan"
    r"|\brtx|\b[ahvpk]\d{2,3}\b|\bgh200\b|\bmi\d{3}x?\b|:xk\b|\s--(?:nv|rocm)\b"
    # NVIDIA GPU architectures, as queues are named for them (`#$ -q volta.q`)
    r"|\b(?:kepler|pascal|volta|turing|ampere|hopper|lovelace|blackwell)\b", re.I)
_DASK = re.compile(r"\bdask[-_ ](?:worker|scheduler|mpi)\b|\bdask_mpi\b|\bdask\.distributed\b")


#: A site launcher's options that count GPUs (``srun --gpus-per-node=4``, ``jsrun -g 6``).
_LAUNCH_GPU_OPTIONS = ("--gpus-per-node", "--gpus", "--gpus-per-task", "-G", "--gres", "-g",
                       "--gpu_per_rs")


def stated_gpu_count(p: ParsedScript) -> bool:
    """Whether the directives or the launch line count the job's GPUs (per node, per task
    or in all)."""
    size = directive_size(p)
    gres = p.directive("gres")
    on_launch = [s.get(*_LAUNCH_GPU_OPTIONS) for s in p.launch.stages
                 if s.name in {"srun", "jsrun"}]
    return bool(size["gpus"] is not None or job_gpus(p) or size["gpus_per_task"]
                or (gres and "gpu" in gres and gres_gpu_count(gres) is not None)
                or any(v and gpu_count(v) is not None for v in on_launch))


def gpu_named(p: ParsedScript, text: str) -> str:
    """Where the script names a GPU without counting it (``#PBS -q gpu``, line 9 ``module load
    cuda``), or ``""`` when nothing in it does."""
    for d in p.directives:
        if GPU_WORDS.search(d.raw):
            return f"`{' '.join(d.raw.split())}`"
    for number, line in enumerate(text.split("\n"), 1):
        if GPU_WORDS.search(line):
            return f"line {number} `{' '.join(line.split())[:80]}`"
    return ""


def dask_lines(text: str) -> list[str]:
    """The lines that start a Dask scheduler or workers, as ``line N `...```."""
    return [f"line {n} `{' '.join(line.split())[:70]}`"
            for n, line in enumerate(text.split("\n"), 1)
            if _DASK.search(line) and not line.lstrip().startswith("#")]


def cpu_request(p: ParsedScript) -> str:
    """The CPU resources the directives ask, in words (``4 node(s), 1 task(s) a node, 48
    CPU(s) a task``), or ``""`` when they ask none."""
    size = directive_size(p)
    parts = [f"{size['nodes']} node(s)" if size["nodes"] else "",
             f"{size['tpn']} task(s) a node" if size["tpn"] else "",
             f"{size['tasks']} task(s)" if size["tasks"] and not size["tpn"] else "",
             f"{p.directive('cpus-per-task')} CPU(s) a task" if p.directive("cpus-per-task")
             else ""]
    queue = p.directive("partition", "queue")
    parts.append(f"queue/partition {queue!r}" if queue else "")
    return ", ".join(x for x in parts if x)


__all__ = ["GPU_WORDS", "cpu_request", "dask_lines", "gpu_named", "stated_gpu_count"]
