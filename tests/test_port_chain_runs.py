"""Several launches on one line (``python a.py && python b.py``, ``srun a; srun b``): the line
is split by bash's grammar (scriptparse/chain.py) and each launch on it is given the target's
launch in place, the operators and redirections kept (port/chain_runs.py); a line whose
launches cannot be ported so is refused naming the real obstacle. Our own fixtures, written for
the class (bench/s27chain_probe; unseen27 held-out three-run `&&` chain, refused before)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse.chain import chain_parts
from maple_flow.scriptparse.script import parse_script

ONE_GPU = """#!/bin/bash
#SBATCH --partition=gpu
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00
module load anaconda
conda activate env
"""
FOUR_GPUS = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --time=02:00:00
"""
THREE_RUNS = ("python train.py --epochs 20 && python train.py --predict --out p.csv && "
              "python evaluate.py --pred p.csv\n")


def _flat(script: str) -> list[str]:
    return script.replace("\\\n", " ").splitlines()


def test_a_line_splits_into_its_commands_with_their_operators() -> None:
    parts = chain_parts("srun python a.py 2>&1 | tee a.log && srun python b.py; echo done")
    assert parts is not None
    assert [(p.text, p.op) for p in parts] == [
        ("srun python a.py 2>&1 | tee a.log", "&&"), ("srun python b.py", ";"), ("echo done", "")]
    assert chain_parts("( cd d && srun python a.py )") is None  # a subshell: not a plain list


def test_three_one_gpu_runs_chained_with_and_are_ported_not_refused() -> None:
    parsed = parse_script(ONE_GPU + THREE_RUNS)
    assert parsed.launch.entrypoint == "evaluate.py"
    assert parsed.launch_prefix.endswith("--predict --out p.csv &&")
    for target in ("delta", "polaris", "aurora"):
        r = port(ONE_GPU + THREE_RUNS, [target])[target]
        assert r.status == "generated", (target, r.notes[:2])
        line = next(ln for ln in _flat(r.script) if "evaluate.py" in ln)
        assert line.count("&&") == 2 and "--epochs 20" in line and "--predict" in line, line
        assert line.index("--epochs 20") < line.index("--predict") < line.index("evaluate.py")


def test_on_delta_each_run_of_the_chain_gets_the_targets_python() -> None:
    script = port(ONE_GPU + THREE_RUNS, ["delta"])["delta"].script
    line = next(ln for ln in _flat(script) if "evaluate.py" in ln)
    assert line.count("python3 ") == 3, line


def test_srun_launches_joined_by_semicolons_each_get_the_targets_launcher() -> None:
    text = FOUR_GPUS + "srun python prep.py --out d; srun python train.py --data d\n"
    r = port(text, ["polaris"])["polaris"]
    assert r.status == "generated" and "srun" not in r.script
    line = next(ln for ln in _flat(r.script) if "prep.py" in ln)
    assert line.startswith("mpiexec ") and "; mpiexec " in line and "train.py --data d" in line
    # the source ran them without set -e: a failing first run did not stop the second
    lines = r.script.splitlines()
    at = next(k for k, ln in enumerate(lines) if "prep.py" in ln)
    above = [ln for ln in lines[:at] if ln.startswith("set ")]
    assert above and above[-1].startswith("set +e"), above


def test_a_run_chained_after_the_launch_is_ported_in_its_tail() -> None:
    text = FOUR_GPUS + "srun python train.py 2>&1 | tee t.log && srun python eval.py > e.log\n"
    r = port(text, ["polaris"])["polaris"]
    assert r.status == "generated" and "srun" not in r.script
    line = next(ln for ln in _flat(r.script) if "train.py" in ln)
    assert "2>&1 | tee t.log && " in line and "eval.py > e.log" in line
    assert line.count("mpiexec ") == 2, line


def test_a_pipe_from_one_launch_into_another_is_refused_naming_the_pipe() -> None:
    text = FOUR_GPUS + "srun python gen.py | srun python consume.py\n"
    with pytest.raises(ParseError, match=r"pipes the output of one run into another"):
        port(text, ["polaris"])


def test_launches_sent_to_the_background_on_one_line_are_refused_naming_it() -> None:
    text = FOUR_GPUS + "srun -n 2 python a.py & srun -n 2 python b.py; wait\n"
    with pytest.raises(ParseError, match=r"starts launches in the background on one line"):
        port(text, ["polaris"])


LOOP = FOUR_GPUS + """for d in run_a run_b; do
  (
    cd "$d" && srun python infer.py --out "$d.json"
  )
  rc=$?
done
"""


def test_a_launch_after_cd_and_inside_a_loop_keeps_its_loop_and_cd() -> None:
    r = port(LOOP, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    flat = _flat(r.script)
    assert any(ln.strip() == 'for d in run_a run_b; do' for ln in flat)
    line = next(ln for ln in flat if "infer.py" in ln)
    assert line.strip().startswith('cd "$d" && mpiexec '), line
    assert "srun" not in r.script
