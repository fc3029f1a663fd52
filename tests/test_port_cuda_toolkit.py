"""A job that runs CUDA toolkit programs (nvcc, nsys, nvprof) under a source CUDA/NVHPC module:
the target's CUDA toolkit module (profile ``software.cuda_toolkit``, data) is loaded, not the
PyTorch stack alone; a site with Intel GPUs refuses; nvprof on an A100/GH200 is named
(port/cuda_toolkit.py). Script shapes written here."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.cuda_toolkit import toolkit_uses

NVCC = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n#SBATCH -t 00:10:00\n"
        "module load gcc/9.4.0 cuda/11.8.0\nnvcc main.cu -o main\n./main 1024\n"
        "nsys profile --stats=true ./main 2048\n")


@pytest.mark.parametrize(("target", "module"), [("anvil", "cuda/12.6.1"), ("bridges2", "cuda"),
                                                ("perlmutter", "cudatoolkit/12.4"),
                                                ("polaris", "cudatoolkit-standalone/12.4.1")])
def test_the_target_toolkit_module_is_loaded(target: str, module: str) -> None:
    r = port(NVCC, [target])[target]
    assert r.status == "generated", r.notes[:3]
    assert f"module load {module}" in r.script
    assert module in get_profile(target).software.available_modules
    [note] = [n for n in r.notes if n.startswith("the job runs CUDA toolkit programs")]
    assert "`nvcc` (line 6)" in note and "`nsys` (line 8)" in note and "`cuda/11.8.0`" in note


def test_a_stack_with_cuda_loads_nothing_more() -> None:
    r = port(NVCC, ["vista"])["vista"]
    assert r.script.count("module load cuda") == 1
    assert any("Vista's modules" in n and "give the CUDA toolkit" in n for n in r.notes)


def test_intel_gpu_sites_refuse_the_toolkit_programs() -> None:
    r = port(NVCC, ["aurora"])["aurora"]
    assert r.status == "refused"
    assert any("CUDA toolkit programs" in n and "Intel GPUs" in n for n in r.notes)


def test_nvprof_on_an_a100_is_named() -> None:
    script = NVCC.replace("nsys profile --stats=true", "nvprof")
    notes = port(script, ["delta"])["delta"].notes
    assert any("`nvprof` does not profile A100" in n for n in notes)


def test_toolkit_uses_reads_commands_not_comments_or_words() -> None:
    lines = ["# nvcc -O2 old.cu", "echo nsys done", "srun -n 1 nsys profile ./a",
             "make && nvcc x.cu", "nvidia-smi", "/usr/local/cuda/bin/ncu --set full ./a"]
    assert toolkit_uses(lines) == [(3, "nsys"), (4, "nvcc"), (6, "ncu")]


def test_a_profiler_in_front_of_a_compiled_program_stays_in_front_of_it() -> None:
    """``srun -n 1 nsys profile -o rep ./bin/app``: the program is not Python, so the profiler
    goes right before it on the target's launch (was: not carried, "add it by hand")."""
    script = ("#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH -t 00:05:00\n"
              "module load nvhpc/24.5\nsrun -n 1 nsys profile -o rep-${SLURM_JOB_ID} ./bin/app\n")
    for target, job in (("polaris", "PBS_JOBID"), ("delta", "SLURM_JOB_ID")):
        r = port(script, [target])[target]
        assert f"nsys profile -o rep-${{{job}}} ./bin/app" in r.script, target
        assert not any("NOT carried" in n for n in r.notes)
