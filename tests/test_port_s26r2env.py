"""Issue 14, s26r2env: what the target's environment gives a program that the port assumed.

- A program that reads srun's per-task variables itself (Lightning's SLURMEnvironment) on a
  target whose launcher is another: the rank wrapper also re-creates SLURM_NTASKS_PER_NODE
  (Lightning's ``_validate_srun_variables`` raises when SLURM_NTASKS > 1 and it is unset), and on
  a PBS target the note says Lightning takes its rendezvous host from SLURM_NODELIST.
- A program for NVIDIA GPUs ported to Stampede3 (Intel pvc nodes by default) lands on the h100
  queue the site gives such programs (``takes_vendor`` in templates/clusters/stampede3.yaml),
  where it fits; else it stays, and the note says why.
"""

from __future__ import annotations

from maple_flow import port

LIGHTNING = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --time=01:00:00
srun python train.py --num_nodes 2 --devices 4
"""


def _wrapper(script: str) -> str:
    return next(x for x in script.splitlines() if "maple-rank" in x)


def test_the_pbs_rank_wrapper_sets_srun_tasks_per_node_for_lightning() -> None:
    for target in ("polaris", "aurora"):
        r = port(LIGHTNING, target, source="perlmutter")[target]
        assert r.status == "generated", r.notes
        line = _wrapper(r.script)
        assert "SLURM_NTASKS=" in line and "SLURM_NTASKS_PER_NODE=" in line, line
        assert any("SLURM_NODELIST (127.0.0.1 when unset)" in n for n in r.notes)


def test_the_ibrun_rank_wrapper_sets_srun_tasks_per_node_too() -> None:
    r = port(LIGHTNING, "stampede3", source="perlmutter")["stampede3"]
    assert "SLURM_NTASKS_PER_NODE=4" in _wrapper(r.script)
    assert not any("SLURM_NODELIST (127.0.0.1" in n for n in r.notes)  # Slurm sets it there


CUDA_ONE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:1
#SBATCH --time=02:00:00
module load cuda
python train.py --device cuda
"""


def _partition(script: str) -> str:
    return next((x for x in script.splitlines() if x.startswith("#SBATCH -p ")), "")


def test_a_cuda_program_lands_on_stampede3s_h100_queue() -> None:
    r = port(CUDA_ONE, "stampede3", source="perlmutter")["stampede3"]
    assert r.status == "generated", r.notes
    assert _partition(r.script) == "#SBATCH -p h100"
    assert any(n.startswith("GPU nodes: the source runs on NVIDIA GPUs") for n in r.notes)
    assert not any(n.startswith("device family changes") for n in r.notes)


def test_a_cuda_job_too_big_for_the_h100_queue_stays_on_pvc_and_says_why() -> None:
    big = CUDA_ONE.replace("--nodes=1", "--nodes=8").replace("gpu:1", "gpu:4").replace(
        "python train.py", "srun --ntasks-per-node=4 python train.py")
    r = port(big, "stampede3", source="perlmutter")["stampede3"]
    assert _partition(r.script) == "#SBATCH -p pvc"
    assert any("runs programs for NVIDIA GPUs on its h100 nodes" in n for n in r.notes)


def test_a_job_of_unknown_gpus_stays_on_stampede3s_default_queue() -> None:
    r = port(CUDA_ONE.replace("module load cuda\n", "").replace(" --device cuda", ""),
             "stampede3")["stampede3"]
    assert _partition(r.script) == "#SBATCH -p pvc"


def test_a_named_queue_is_kept() -> None:
    r = port(CUDA_ONE, "stampede3", source="perlmutter", queue="pvc")["stampede3"]
    assert _partition(r.script) == "#SBATCH -p pvc"


UV_WANDB = """#!/bin/bash
#SBATCH --partition=gpu
#SBATCH --gres=gpu:1
#SBATCH --time=08:00:00
set -e
uv run train --epochs 30 \\
    --wandb \\
    --save_path checkpoints/model.pt
"""


def test_a_kept_commands_wandb_option_gets_the_sites_proxy() -> None:
    r = port(UV_WANDB, "polaris")["polaris"]
    assert r.status == "generated", r.notes
    assert "export https_proxy=http://proxy.alcf.anl.gov:3128" in r.script
    assert any("Weights & Biases online (`--wandb`)" in n for n in r.notes)
    assert "uv run train --epochs 30" in r.script


def test_a_kept_command_without_an_online_logger_gets_no_proxy() -> None:
    r = port(UV_WANDB.replace("    --wandb \\\n", ""), "polaris")["polaris"]
    assert "proxy.alcf.anl.gov" not in r.script


LOG_VAR = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gres=gpu:1
#SBATCH -t 02:00:00
#SBATCH -o $SCRATCH/logs/train_%j.out
#SBATCH -e logs/train_%j.err
module load cuda
python train.py --device cuda
"""


def test_a_kept_log_directive_naming_a_variable_says_sbatch_reads_it_as_written() -> None:
    r = port(LOG_VAR, "vista", source="perlmutter")["vista"]
    out = next(n for n in r.notes if "#SBATCH -o $SCRATCH" in n)
    assert "sbatch expands no shell variable in a directive: `$SCRATCH`" in out
    assert 'sbatch -o "$SCRATCH/logs/train_%j.out" SCRIPT' in out
    err = next(n for n in r.notes if "#SBATCH -e logs/train" in n)
    assert "expands no shell variable" not in err


def test_gpus_a_node_given_beyond_the_h100_nodes_keep_the_job_on_pvc() -> None:
    r = port(CUDA_ONE, "stampede3", source="perlmutter", nodes=2, gpus_per_node=8)["stampede3"]
    assert r.status == "generated", r.notes
    assert _partition(r.script) == "#SBATCH -p pvc"
    assert any("you gave 8 GPUs a node and these nodes have 4" in n for n in r.notes)
