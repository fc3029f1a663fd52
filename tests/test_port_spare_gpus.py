"""Issue 14, bench/s24silent_probe: GPUs the source's job holds beyond the processes its
launcher starts (a one-task ``--gres=gpu:4`` job with ``accelerate launch --num_processes=3``:
TRL GRPO's vLLM on the spare GPU), and steps pinned to different GPUs one after another. The
port sizes the job by the processes and drops the pins; it now says so, naming the lines,
rather than shrink the job silently. Fixtures written here."""

from __future__ import annotations

from maple_flow import port

SPARE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:2\n"
         "#SBATCH --time=10:00:00\nsource venv/bin/activate\n"
         "srun accelerate launch --num_processes 1 --config_file zero3.yaml train_grpo.py "
         "--config grpo.yaml\n")
LISTED = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:4\n"
          "#SBATCH --time=10:00:00\nsource venv/bin/activate\nexport CUDA_VISIBLE_DEVICES=0,1,2,3\n"
          "accelerate launch --config_file zero2.yaml --num_processes=3 grpo.py --config c.yaml\n")
PINNED = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:2\n#SBATCH --time=10:00:00\n"
          "source venv/bin/activate\nexport CUDA_VISIBLE_DEVICES=0\n"
          "trl vllm-serve --model Qwen/Qwen3-1.7B &\nsleep 120\nexport CUDA_VISIBLE_DEVICES=1\n"
          "accelerate launch --config_file zero3.yaml --num_processes 1 grpo.py --config c.yaml\n")


def test_spare_gpu_of_a_launch_is_named_with_its_line() -> None:
    """2 GPUs held, 1 process: on Delta the port's job has 1 GPU (named, with what to do);
    on Polaris whole nodes keep every GPU visible (said so)."""
    r = port(SPARE, ["delta"])["delta"]
    assert r.status == "generated", r.notes[:2]
    said = [n for n in r.notes if "held 2 GPU(s) a node while its launch starts 1" in n]
    assert said and said[0].startswith("line 7 `srun accelerate launch --num_processes 1"), said
    assert "give the job 2 GPUs a node by hand" in said[0]
    r = port(SPARE, ["polaris"])["polaris"]
    assert any("on whole nodes of 4 GPUs with no device list set" in n for n in r.notes)


def test_device_list_note_names_the_spare_gpu_not_a_shortfall() -> None:
    """``CUDA_VISIBLE_DEVICES=0,1,2,3`` with 3 processes: the list's note says the fourth GPU
    was the program's own; on Lonestar6 (3 GPUs a node) that it cannot be kept there."""
    r = port(LISTED, ["lonestar6"])["lonestar6"]
    assert r.status == "generated", r.notes[:2]
    said = [n for n in r.notes if n.startswith("`export CUDA_VISIBLE_DEVICES=0,1,2,3` is not")]
    assert len(said) == 1 and "held 4 GPU(s) a node while its launch starts 3" in said[0]
    assert "a Lonestar6 node has only 3" in said[0]
    assert sum("held 4 GPU(s)" in n for n in r.notes) == 1  # said once, not twice


def test_no_spare_note_when_the_launch_uses_every_gpu() -> None:
    script = SPARE.replace("--num_processes 1", "--num_processes 2")
    r = port(script, ["delta"])["delta"]
    assert not any("left to the program's own use" in n for n in r.notes)


def test_steps_pinned_to_different_gpus_are_named() -> None:
    """A vLLM server pinned to GPU 0 in the background, the training pinned to GPU 1: the
    port drops both pins, so it names them and the background line."""
    r = port(PINNED, ["delta"])["delta"]
    assert r.status == "generated", r.notes[:2]
    said = [n for n in r.notes if n.startswith("the source gives its steps different GPUs")]
    assert said and "line 7 `trl vllm-serve --model Qwen/Qwen3-1.7B &`" in said[0], r.notes
