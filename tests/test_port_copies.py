"""Jobs whose work is several program runs (issue 14 pattern 1; bench/stages_probe tune half):
copies started in the background, stages backgrounded under the source's launcher, a `wait`
after a foreground launch, copies pinned to GPUs. Every fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError

ONE_GPU = "#!/bin/bash\n#SBATCH -N 1 -n 1 --gres=gpu:1\n#SBATCH -t 02:00:00\n"


def _code(script: str) -> list[str]:
    return [x.strip() for x in script.split("\n") if x.strip() and not x.lstrip().startswith("#")]


def test_a_plain_background_copy_stays_a_plain_run_not_the_targets_launcher() -> None:
    script = ONE_GPU + ("python fit.py $1 > $1.log 2>&1 &\n"
                        "python fit.py $2 > $2.log 2>&1 &\nwait\n")
    r = port(script, "delta")["delta"]
    assert "python fit.py $1 > $1.log 2>&1 &" in _code(r.script)
    assert not any("torchrun" in x and "$1" in x for x in _code(r.script))
    assert any("kept as written, one process" in n for n in r.notes)


def test_a_background_stage_under_the_sources_launcher_stays_in_the_background() -> None:
    script = ONE_GPU + ("srun --exclusive -n 1 python sweep.py --lr 0.1 &\n"
                        "srun --exclusive -n 1 python sweep.py --lr 0.2\nwait\n")
    r = port(script, "polaris")["polaris"]
    stage = [x for x in _code(r.script) if "--lr 0.1" in x]
    assert stage and stage[0].endswith(" &"), stage


def test_the_wait_after_a_foreground_launch_is_kept_when_runs_went_to_the_background() -> None:
    script = ONE_GPU + ("srun -n 1 python sweep.py --lr 0.1 &\n"
                        "srun -n 1 python sweep.py --lr 0.2\nwait\n")
    r = port(script, "delta")["delta"]
    assert _code(r.script)[-1].startswith("wait")
    assert any("source's `wait` after the launch is kept" in n for n in r.notes)


def test_the_launchs_own_gpu_is_kept_beside_a_copy_pinned_to_another() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1 --ntasks=2 --gres=gpu:2\n#SBATCH -t 01:00:00\n"
              "CUDA_VISIBLE_DEVICES=0 python run.py --name a &\n"
              "CUDA_VISIBLE_DEVICES=1 python run.py --name b\n")
    r = port(script, "perlmutter")["perlmutter"]
    code = _code(r.script)
    assert "export CUDA_VISIBLE_DEVICES=1" in code
    assert code.index("export CUDA_VISIBLE_DEVICES=1") < next(
        i for i, x in enumerate(code) if "--name b" in x)
    assert "CUDA_VISIBLE_DEVICES=0 python run.py --name a &" in code


def test_a_gnu_parallel_of_a_user_script_is_kept_on_one_task_and_refused_on_several() -> None:
    """One task on one GPU: the job's command is kept verbatim (kept_command), with a note;
    on two nodes its copies cannot be laid out, so it is refused naming them."""
    script = ONE_GPU + "module load cuda\nparallel ./job.sh ::: 0 1 2 3\n"
    result = port(script, "delta")["delta"]
    assert "\nparallel ./job.sh ::: 0 1 2 3\n" in result.script
    assert any("`parallel ./job.sh ::: 0 1 2 3`" in n for n in result.notes)
    with pytest.raises(ParseError) as err:
        port(script.replace("-N 1 -n 1", "-N 2 -n 2"), "delta")
    text = str(err.value)
    assert "line 5: `parallel ./job.sh ::: 0 1 2 3`" in text
    assert "the copies parallel starts of ./job.sh" in text


def test_copies_pinned_past_the_jobs_gpus_are_asked_not_ported_onto_missing_gpus() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1 -n 1 --gres=gpu:2\n#SBATCH -t 01:00:00\n"
              "CUDA_VISIBLE_DEVICES=0,1 python run.py --name a &\n"
              "CUDA_VISIBLE_DEVICES=2,3 python run.py --name b &\nwait\n")
    r = port(script, "delta")["delta"]
    assert r.status == "refused"
    assert any("up to GPU 3" in n and "gpus_per_node=4" in n for n in r.notes)
    fixed = port(script, "delta", gpus_per_node=4)["delta"]
    # the launch is one of the copies: kept as written, its own GPUs on its own line
    assert "\nCUDA_VISIBLE_DEVICES=2,3 python run.py --name b &\n" in fixed.script
    assert "export CUDA_VISIBLE_DEVICES=2,3" not in fixed.script
