"""Round-2 fixes of session s29 (s29r2port).

- A program for NVIDIA GPUs that names an NVIDIA model (``--gres=gpu:A100m40:1``) whose memory the
  target's default GPUs of another maker have (Stampede3's Intel pvc nodes) still lands on the
  node type the site gives that maker's programs (its h100 queue): the memory alone does not
  make the default nodes the right ones.
  The model is read from the type as from ``a100_40``.
"""

from __future__ import annotations

from maple_flow import port

CUDA_A100 = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:A100m40:1
#SBATCH --time=10:00:00
python train.py --device 0
"""


def _partition(script: str) -> str:
    return next((x for x in script.splitlines() if x.startswith("#SBATCH -p ")), "")


def test_a_cuda_program_naming_an_a100_lands_on_stampede3s_h100_queue() -> None:
    r = port(CUDA_A100, "stampede3")["stampede3"]
    assert _partition(r.script) == "#SBATCH -p h100", r.notes
    assert any(n.startswith("GPU nodes: the source asks for NVIDIA A100") for n in r.notes)
