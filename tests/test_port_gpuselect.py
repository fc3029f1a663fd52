"""bench/gpuselect_probe: how a script chooses its GPUs and what kind it asks for (scripts
written here, not copied): one-GPU srun steps run side by side are ported (each step kept in
place, pinned to the node's GPUs in turn), a set-up `wait` after background runs is kept, and
the GPU model/memory the source asks is compared with the target's (data in
templates/sites/gpu_models.yaml)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.gpu_models import model_named, model_of_profile
from maple_flow.port.gpu_memory import asked_gpu, gpu_memory_note
from maple_flow.scriptparse import parse_script

_STEPS = """#!/bin/bash
#SBATCH -A m0000
#SBATCH -C gpu
#SBATCH -N 1
#SBATCH -t 00:30:00
#SBATCH --ntasks-per-node=4

OUT=runs
srun --exact -u -n 1 --gpus-per-task 1 -c 8 ./sweep.py --part 0 --out $OUT &
srun --exact -u -n 1 --gpus-per-task 1 -c 8 ./sweep.py --part 1 --out $OUT &
srun --exact -u -n 1 --gpus-per-task 1 -c 8 ./sweep.py --part 2 --out $OUT &
srun --exact -u -n 1 --gpus-per-task 1 -c 8 ./sweep.py --part 3 --out $OUT &
wait
"""

_LOOPS = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -t 02:00:00

for i in 1 2 3 4; do
    srun --exclusive -N1 -n1 --gpus=1 python warmup.py --seed $i &
done
wait
for r in 1 2 3; do
    for j in 1 2 3 4; do
        trial=$(( (r - 1) * 4 + j ))
        export trial
        srun --exclusive -N1 -n1 --gpus=1 python trial.py &
    done
    wait
done
"""


def test_one_gpu_srun_steps_side_by_side_are_ported_pinned_to_the_nodes_gpus() -> None:
    r = port(_STEPS, ["polaris"], source="perlmutter")["polaris"]  # a Perlmutter node: 4 GPUs
    assert r.status == "generated", r.notes
    steps = [x for x in r.script.split("\n") if x.startswith("CUDA_VISIBLE_DEVICES=$maple_gpu")]
    assert [s.split("--part ")[1][0] for s in steps] == ["0", "1", "2", "3"]
    assert all(s.rstrip().endswith("--out $OUT &") and "./sweep.py" in s for s in steps)
    assert r.script.count("maple_gpu=$(( ${maple_step:=0} % 4 ))") == 4
    assert "srun" not in r.script and "mpiexec" not in r.script
    assert r.script.rstrip().endswith("wait")
    assert any("one-GPU srun steps run side by side" in n and "`-c 8`" in n for n in r.notes)


def test_a_step_loop_keeps_its_gpu_turn_and_the_wait_between_phases() -> None:
    r = port(_LOOPS, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    lines = [x.strip() for x in r.script.split("\n")]
    warm = lines.index("CUDA_VISIBLE_DEVICES=$maple_gpu python warmup.py --seed $i &")
    trial = lines.index("CUDA_VISIBLE_DEVICES=$maple_gpu python trial.py &")
    turn = "maple_gpu=$(( ${maple_step:=0} % 4 )); maple_step=$(( maple_step + 1 ))"
    assert lines[warm - 1] == turn and lines[trial - 1] == turn  # each loop computes its own
    assert "wait" in lines[warm + 1: trial]  # the source waits for the warm-up runs first
    assert "#SBATCH --gpus-per-node=4" in r.script


def test_pinned_steps_on_an_intel_target_are_refused_with_its_device_variable() -> None:
    r = port(_STEPS, ["aurora"], source="perlmutter")["aurora"]
    assert r.status == "refused"
    assert "ZE_AFFINITY_MASK" in r.notes[0] and "one-GPU srun steps" in r.notes[0]


def test_steps_on_several_nodes_or_an_unknown_node_are_still_refused() -> None:
    several = _STEPS.replace("#SBATCH -N 1", "#SBATCH -N 2")
    with pytest.raises(ParseError, match="one-GPU srun steps side by side"):
        port(several, ["polaris"], source="perlmutter")
    with pytest.raises(ParseError, match="one-GPU srun steps side by side"):
        port(_STEPS, ["polaris"])  # no GPU count, no known source cluster: how many GPUs?


def test_a_setup_wait_after_background_runs_is_kept() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\n"
              "for k in 0 1; do\n    CUDA_VISIBLE_DEVICES=$k python prep.py --shard $k &\ndone\n"
              "wait\npython train.py\n")
    r = port(script, ["delta"])["delta"]
    lines = [x.strip() for x in r.script.split("\n")]
    prep = lines.index("CUDA_VISIBLE_DEVICES=$k python prep.py --shard $k &")
    assert "wait" in lines[prep + 1: prep + 4]


@pytest.mark.parametrize(("value", "model"), [
    ("gpu:a100:4", "a100"), ("a100_80", "a100"), ("v100l:1", "v100"), ("gpu:rtx3090:1", "rtx3090"),
    ("gpu:a10:1", "a10"), ("gpu:4", None), ("h100-96", "h100"), ("gpu-a100-q", "a100")])
def test_the_gpu_model_a_request_names_is_read(value: str, model: str | None) -> None:
    named = model_named(value)
    assert (named[0] if named else None) == model


@pytest.mark.parametrize(("line", "gb"), [
    ("#SBATCH -C gmem48", 48), ("#SBATCH --constraint=gpu80", 80), ("#SBATCH -C gpu&hbm80g", 80),
    ("#SBATCH --constraint=a100_80", 80), ("#SBATCH --gres=gpu:a100:4", None),
    ("#SBATCH --gres=gpu:16", None)])
def test_the_gpu_memory_a_request_states_is_read(line: str, gb: int | None) -> None:
    asked = asked_gpu(parse_script(f"#!/bin/bash\n{line}\npython x.py\n").directives)
    assert (asked.memory_gb if asked else None) == gb


def _note(line: str, target: str, source: str | None = None) -> list[str]:
    directives = parse_script(f"#!/bin/bash\n{line}\npython x.py\n").directives
    return gpu_memory_note(directives, get_profile(target),
                           get_profile(source) if source else None)


def test_a_gpu_memory_request_larger_than_the_targets_is_noted() -> None:
    assert any("48 GB" in n and "LESS" in n for n in _note("#SBATCH -C gmem48", "perlmutter"))
    assert _note("#SBATCH -C gmem48", "deltaai") == []


def test_a_model_named_without_its_size_is_taken_at_its_smallest() -> None:
    notes = _note("#SBATCH --gpus=a100:1", "bridges2")
    assert notes and "LESS" in notes[0] and "40 GB" in notes[0]
    assert _note("#SBATCH --gpus=a100:1", "polaris") == []  # 40 GB A100s: same model, no less


def test_another_gpu_model_is_noted_even_with_more_memory() -> None:
    notes = _note("#SBATCH --gres=gpu:rtx3090:1", "delta")
    assert notes and notes[0].startswith("GPU model") and "RTX 3090" in notes[0]


def test_a_source_cluster_without_a_gpu_type_gives_its_own_gpu() -> None:
    notes = _note("#SBATCH -C gpu", "bridges2", source="perlmutter")
    assert notes and "LESS" in notes[0] and "Perlmutter" in notes[0]


def test_every_cluster_gpu_is_a_known_model_or_not_nvidia() -> None:
    for cid in ("anvil", "bridges2", "delta", "deltaai", "lonestar6", "perlmutter", "polaris",
                "vista"):
        assert model_of_profile(get_profile(cid).gpu.model) is not None, cid


def test_a_gpu_of_another_vendor_says_the_program_must_change() -> None:
    notes = _note("#SBATCH --gres=gpu:a100:4", "aurora")
    assert notes and "intel GPUs, not NVIDIA" in notes[0] and "xpu" in notes[0]


@pytest.mark.parametrize(("args", "ids"), [
    (["--gpus", "0,1,2,3,4,5,6,7,"], [0, 1, 2, 3, 4, 5, 6, 7]),
    (["--gpu_ids", "0,1,2,3"], [0, 1, 2, 3]), (["--gpus", "7", "3", "--lr", "1"], [7, 3]),
    (["--gpu_devices", "0", "1"], [0, 1]), (["--gpu_id", "5"], [5]),
    (["trainer.devices=[0,1]"], [0, 1]), (["--gpus", "4"], None), (["--batch", "0,1"], None)])
def test_the_gpu_ids_a_program_picks_are_read(args: list[str], ids: list[int] | None) -> None:
    from maple_flow.port.topology import gpu_id_args

    found = gpu_id_args(args)
    assert (found[0][1] if found else None) == ids


def test_a_program_gpu_id_list_beyond_the_targets_node_is_named() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:8\n"
              "#SBATCH -t 2:00:00\npython main.py --base cfg.yaml --gpus '0,1,2,3,4,5,6,7'\n")
    r = port(script, ["bridges2", "perlmutter"])
    assert not any("picks its GPUs itself" in n for n in r["bridges2"].notes)  # 8 a node there
    # one process on 8 GPUs does not fit a 4-GPU node: refused, naming the program's own list
    refused = r["perlmutter"]
    assert refused.status == "refused" and "--gpus 0,1,2,3,4,5,6,7" in refused.notes[0]
    ranks = script.replace("--ntasks-per-node=1", "--ntasks-per-node=8").replace(
        "python main.py", "srun python main.py")
    named = [n for n in port(ranks, ["perlmutter"])["perlmutter"].notes
             if "picks its GPUs itself" in n]
    assert named and "0, 1, 2, 3, 4, 5, 6, 7" in named[0] and "4 GPU(s)" in named[0]


def test_a_pinned_step_keeps_every_loop_line_that_builds_its_command() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\n"
              "BASE=7\nfor i in 1 2 3 4; do\n    SEED=\"${BASE}${i}\"\n"
              "    RUN=\"python fit.py --seed ${SEED}\"\n"
              "    srun --exact -n 1 --gpus-per-task 1 $RUN &\ndone\nwait\n")
    r = port(script, ["polaris"])["polaris"]
    lines = [x.strip() for x in r.script.split("\n")]
    step = lines.index("CUDA_VISIBLE_DEVICES=$maple_gpu $RUN &")
    assert 'SEED="${BASE}${i}"' in lines[step - 3: step]  # read by RUN, which the step reads
    assert not any("read but not set" in n and "maple_gpu" in n for n in r.notes)


def test_another_sites_script_does_not_take_a_guessed_clusters_gpu() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n"
              "#SBATCH --gpus-per-task=1\n#SBATCH --constraint=gpu\n#SBATCH -t 00:10:00\n"
              "#SBATCH --uenv=prgenv-gnu/24.11:v1\nsrun python ./bench.py\n")
    r = port(script, ["vista"])["vista"]
    assert not any(n.startswith(("GPU model", "GPU memory")) for n in r.notes)
