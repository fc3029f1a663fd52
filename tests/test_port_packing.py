"""Job packing (issue 14, bench/packing_probe tune half): several independent programs run
side by side on the GPUs of one node. The GPUs a directive-less job's copies pin are read from
the script, a copy is kept as written (a loop's index on its own CUDA_VISIBLE_DEVICES, the
loop lines that build it, the wait after the loop), and the shapes the port cannot carry yet
are refused with the reason. Every fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.port.packing import packed_gpus


def _code(script: str) -> list[str]:
    return [x.strip() for x in script.split("\n") if x.strip() and not x.lstrip().startswith("#")]


LOOP = ("#!/bin/bash\nmkdir -p out\nfor g in 0 1 2 3; do\n"
        "  CUDA_VISIBLE_DEVICES=$g python infer.py --part $g > out/$g.log 2>&1 &\ndone\nwait\n")


def test_a_directive_less_loop_of_pinned_copies_is_read_as_its_gpus_and_kept_as_written() -> None:
    r = port(LOOP, "perlmutter")["perlmutter"]
    assert r.status != "refused", r.notes
    code = _code(r.script)
    assert "CUDA_VISIBLE_DEVICES=$g python infer.py --part $g > out/$g.log 2>&1 &" in code
    assert "export CUDA_VISIBLE_DEVICES=$g" not in code  # never read outside its loop
    assert not any(x.startswith("srun") for x in code)
    after = [x for x in code[code.index("done") + 1:] if not x.startswith("set ")]
    assert after[0].startswith("wait")  # where the source waits (s19: kept in place)
    assert r.spec.gpus_per_node == 4
    assert any("up to GPU 3" in n for n in r.notes)


def test_pinned_copies_past_the_targets_gpus_are_refused_naming_the_copies() -> None:
    r = port(LOOP, "lonestar6")["lonestar6"]
    assert r.status == "refused"
    assert any("copies of its work side by side" in n and "up to GPU 3" in n
               and "has 3" in n for n in r.notes), r.notes


@pytest.mark.parametrize(("line", "gpus"), [
    ("CUDA_VISIBLE_DEVICES=2 python a.py &", 3),
    ("G=$((k % 8))\nCUDA_VISIBLE_DEVICES=$G python a.py &", 8),
    ("parallel -j4 'CUDA_VISIBLE_DEVICES=$(({%} - 1)) python a.py {}' ::: 1 2 3 4", 4),
    ("for k in {0..5}; do CUDA_VISIBLE_DEVICES=$k python a.py &\ndone", 6),
])
def test_the_gpus_copies_pin_are_read(line: str, gpus: int) -> None:
    found = packed_gpus("#!/bin/bash\nCUDA_VISIBLE_DEVICES=0 python b.py &\n" + line + "\n")
    assert found is not None and found.gpus == gpus


def test_a_copy_pinned_by_loop_arithmetic_is_kept_whole_and_its_missing_wait_noted() -> None:
    script = ("#!/bin/bash\ncd ..\nfor i in {0..9}\ndo\n"
              "    CUDA_VISIBLE_DEVICES=$(($i % 4)) python fit.py --split $i &\ndone\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert r.status != "refused", r.notes
    assert "CUDA_VISIBLE_DEVICES=$(($i % 4)) python fit.py --split $i &" in _code(r.script)
    assert r.spec.gpus_per_node == 4
    assert any("CUDA_VISIBLE_DEVICES=$(($i % 4)) names" in n for n in r.notes)
    assert any("waits" in n for n in r.notes)
    assert port(script, "lonestar6")["lonestar6"].status == "refused"


def test_a_lone_pinned_run_is_not_a_packed_job() -> None:
    assert packed_gpus("#!/bin/bash\nCUDA_VISIBLE_DEVICES=3 python a.py\n") is None


def test_a_plain_copy_in_a_loop_keeps_the_loop_lines_that_build_it_and_the_wait() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1 -n 1 --gres=gpu:1\n#SBATCH -t 02:00:00\n"
              "for s in 1 2 3; do\n    ARGS=\"$BASE --seed $s\"\n"
              "    python fit.py $ARGS & # run them in parallel\n"
              "    sleep 10\ndone\nwait\necho done\n")
    r = port(script, "delta")["delta"]
    code = _code(r.script)
    at = code.index("python fit.py $ARGS & # run them in parallel")
    assert code[at - 1] == 'ARGS="$BASE --seed $s"'
    assert not any("torchrun" in x for x in code)
    assert any(x.startswith("wait") for x in code[code.index("done"):])


@pytest.mark.parametrize(("body", "words"), [
    ("export CUDA_VISIBLE_DEVICES=0\npython a.py &\nexport CUDA_VISIBLE_DEVICES=1\npython a.py\n",
     "exported just before it"),
    ("for i in 0 1; do\n  export CUDA_VISIBLE_DEVICES=$i\n  python a.py --i $i &\ndone\nwait\n",
     "exported just before it"),
    ("CUDA_VISIBLE_DEVICES=0 python a.py & CUDA_VISIBLE_DEVICES=1 python a.py\n",
     "on ONE line"),
    ("run() {\n  CUDA_VISIBLE_DEVICES=$2 python a.py --k $1\n}\nexport -f run\n"
     "parallel -j2 run {} '$(({%} - 1))' ::: 0 1\n", "shell function"),
])
def test_packing_shapes_the_port_cannot_carry_are_refused_with_the_reason(body: str,
                                                                         words: str) -> None:
    script = "#!/bin/bash\n#SBATCH -N 1 --gres=gpu:4\n#SBATCH -t 01:00:00\n" + body
    with pytest.raises(ParseError) as err:
        port(script, "perlmutter")
    assert words in str(err.value)


@pytest.mark.parametrize("body", [
    "srun -n 1 --gres=gpu:1 python a.py 0 &\nsrun -n 1 --gres=gpu:1 python a.py 1 &\nwait\n",
    "for i in 0 1 2 3; do\n  srun --exact -N 1 -n 1 --gpus-per-task 1 python a.py $i &\n"
    "done\nwait\n"])
def test_one_gpu_srun_steps_on_one_node_are_now_ported_pinned(body: str) -> None:
    """Were refused (s16); gpuselect ports them: each step a plain run on the node's next GPU."""
    script = "#!/bin/bash\n#SBATCH -N 1 --gres=gpu:4\n#SBATCH -t 01:00:00\n" + body
    r = port(script, "perlmutter")["perlmutter"]
    assert r.status == "generated", r.notes
    assert "CUDA_VISIBLE_DEVICES=$maple_gpu python a.py" in r.script
    assert "maple_gpu=$(( ${maple_step:=0} % 4 ))" in r.script


def test_background_copies_with_no_wait_are_noted() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1 --gres=gpu:2\n#SBATCH -t 01:00:00\n"
              "CUDA_VISIBLE_DEVICES=0 python a.py &\nCUDA_VISIBLE_DEVICES=1 python b.py &\n"
              "echo started\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert any("never waits" in n or "nothing after it waits" in n for n in r.notes), r.notes


@pytest.mark.parametrize("line", [
    'ssh $n "cd $PWD; python -m torch.distributed.launch --nproc_per_node 4 t.py" &',
    "nohup torchrun --nproc_per_node 4 t.py --k $n &",
])
def test_a_launcher_or_remote_run_in_a_loop_is_not_taken_for_a_copy(line: str) -> None:
    from maple_flow.port.packing import pinned_launch

    text = f"#!/bin/bash\nfor n in a b; do\n  {line}\ndone\nwait\n"
    assert pinned_launch(text, 3) is None
