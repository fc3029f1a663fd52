"""The checks and judgements the unseen-script benchmark (bench/unseen, issue 14) adds to the
realport harness: each one can fail and pass. Scripts here are small reproductions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_realport_harness import RUN, case, check, ported, rp_cases

UNSEEN = Path(__file__).resolve().parent.parent / "bench" / "unseen" / "cases.yaml"

STAGES_SOURCE_PORT = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
srun python train.py --epochs 3 > train.log
srun python predict.py --ckpt best
"""


def test_unseen_case_file_loads_and_every_case_reads_its_script() -> None:
    cases = rp_cases.load_cases(UNSEEN)
    assert len(cases) >= 30
    assert sum(c.publisher == "user" for c in cases) >= 20
    realport = {(c.repo, c.path) for c in rp_cases.load_cases()}
    assert not [c.id for c in cases if (c.repo, c.path) in realport]


def test_other_runs_lost_stage_and_unlaunched_stage_fail() -> None:
    c = case(other_runs=[{"program": "predict.py", "args": ["--ckpt", "best"], "launched": True}])
    assert check("other_runs", c, ported(STAGES_SOURCE_PORT)) == []
    lost = STAGES_SOURCE_PORT.replace("srun python predict.py --ckpt best\n", "")
    assert "not run by the port" in check("other_runs", c, ported(lost))[0]
    unlaunched = STAGES_SOURCE_PORT.replace("srun python predict.py", "python predict.py")
    assert "under a launcher" in check("other_runs", c, ported(unlaunched))[0]


def test_topology_arg_must_follow_the_layout_or_be_noted() -> None:
    c = case(args=["--nodes=2"], topology_args=[{"flag": "--nodes", "value": "2",
                                                  "means": "nodes"}])
    text = "#!/bin/bash\nsrun python train.py --nodes=2\n"
    assert check("topology", c, ported(text, nodes=2)) == []
    assert "`--nodes` is 2" in check("topology", c, ported(text, nodes=1))[0]
    assert check("topology", c, ported(text, nodes=1, notes=["set --nodes to 1"])) == []
    changed = text.replace("--nodes=2", "--nodes=1")
    assert check("topology", c, ported(changed, nodes=1)) == []
    assert check("program", c, ported(changed, nodes=1)) == []  # consistent change is allowed
    assert check("program", c, ported(changed, nodes=2)) != []


def test_keep_text_and_scheduler_variable_synonyms() -> None:
    c = case(keep_text=["&> log.$LSB_JOBID"])
    assert check("keep_text", c, ported("srun python train.py &> log.$SLURM_JOB_ID\n")) == []
    assert check("keep_text", c, ported("srun python train.py\n")) != []


def test_workdir_becomes_cd_or_a_note() -> None:
    c = case(workdir="/home/u/run")
    assert check("workdir", c, ported("cd /home/u/run\nsrun python train.py\n")) == []
    assert check("workdir", c, ported('cd "/home/u/run"\nsrun python train.py\n')) == []
    assert check("workdir", c, ported("srun python train.py\n")) != []
    assert check("workdir", c, ported("srun python train.py\n",
                                      notes=["--chdir /home/u/run: path on the source"])) == []


def test_one_process_with_n_gpus_not_shrunk_nor_multiplied() -> None:
    c = case(total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4, launch_model="single")
    whole = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\npython train.py\n"
    assert check("gpus_per_rank", c, ported(whole, target="perlmutter", nodes=1,
                                            gpus_per_node=1)) == []
    one = whole.replace("--gpus-per-node=4", "--gpus-per-node=1")
    assert "gives it 1" in check("gpus_per_rank", c, ported(one, target="perlmutter", nodes=1,
                                                            gpus_per_node=1))[0]
    assert "starts 4 processes" in check("gpus_per_rank", c, ported(
        whole, target="perlmutter", nodes=1, gpus_per_node=4))[0]
    unrelated = ["GPU jobs need the account ending in -gpu"]  # says nothing of the process
    assert check("gpus_per_rank", c, ported(one, target="perlmutter", nodes=1, gpus_per_node=1,
                                            notes=unrelated)) != []
    said = ["the process drives 4 GPUs; a node here gives it 1"]
    assert check("gpus_per_rank", c, ported(one, target="perlmutter", nodes=1, gpus_per_node=1,
                                            notes=said)) == []


def test_ranks_of_a_one_process_port_are_the_processes_it_starts() -> None:
    """A source process driving 4 GPUs kept so: the spec says 1x4 (GPUs), the script starts
    1 process, which is the source's 1; a port starting 4 processes is still wrong."""
    c = case(total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4, launch_model="single")
    whole = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\npython train.py\n"
    assert check("ranks", c, ported(whole, target="perlmutter", nodes=1, gpus_per_node=4)) == []
    four = whole.replace("python train.py", "torchrun --nproc_per_node=4 train.py")
    assert check("ranks", c, ported(four, target="perlmutter", nodes=1, gpus_per_node=4))


def test_single_launch_model_is_one_process() -> None:
    c = case(total_ranks=1, nodes=1, gpus_per_node=1, launch_model="single", launcher="none")
    torchrun = "srun torchrun --nnodes=1 --nproc_per_node=4 train.py --epochs 3\n"
    assert check("launch_model", c, ported(torchrun, nodes=1, gpus_per_node=1)) == []
    assert check("launch_model", c, ported(torchrun, nodes=1, gpus_per_node=4)) != []


def test_right_refusal_and_silent_wrong() -> None:
    c = case(expect="refuse", refuse_words=["$*"])
    assert RUN.right_refusal(c, "delta", "the program comes from $* on the command line")
    assert not RUN.right_refusal(c, "delta", "ranks: how many ranks is unknown")
    plain = case()
    array = "#!/bin/bash\n#SBATCH --array=0-3\nsrun python train.py\n"
    assert RUN.right_refusal(plain, "polaris", "refused: the source is a job array", array)
    assert not RUN.right_refusal(plain, "polaris", "refused: the source is a job array", "")
    big = case(total_ranks=1, gpus_per_rank=4, launch_model="single")
    assert RUN.right_refusal(big, "vista", "a Vista node has 1 GPU; the process needs 4")
    failures = {"setup": ["setup: `conda deactivate` is neither kept nor named in a note"]}
    assert RUN.is_silent(failures, ["nothing relevant"])
    assert not RUN.is_silent(failures, ["`conda deactivate` runs after the training"])
    assert not RUN.is_silent({"crash": ["port() crashed"]}, [])


def test_judged_classes() -> None:
    o: Any = RUN.Outcome("t", "delta", "wrong", silent=True)
    assert RUN.judged(o) == "wrong_silent"
    assert RUN.judged(RUN.Outcome("t", "delta", "refused", right_refusal=True)) == "refused_right"
    assert RUN.judged(RUN.Outcome("t", "delta", "refused")) == "refused_other"


def test_shellcheck_error_inherited_from_the_source_is_not_the_ports() -> None:
    source = "#!/bin/bash\n!#SBATCH --signal=SIGUSR1@90\nsrun python train.py\n"
    own = RUN._error_kinds(source)
    assert own  # the user's own line is a shellcheck error
    assert RUN._error_kinds("#!/bin/bash\necho ok\n") == set()


def test_program_check_takes_any_launch_of_several_as_the_main_one() -> None:
    """Several launches of the job: the read-back's main launch (the last) may be a further
    launched program; the case's program must then still run under a launcher."""
    c = case(program="train.py", args=["--epochs", "3"],
             other_runs=[{"program": "predict.py", "args": ["--ckpt", "best"], "launched": True}])
    assert check("program", c, ported(STAGES_SOURCE_PORT)) == []
    unlaunched = STAGES_SOURCE_PORT.replace("srun python train.py", "python train.py")
    assert "under a launcher" in " ".join(check("program", c, ported(unlaunched)))
    lost = STAGES_SOURCE_PORT.replace("srun python train.py --epochs 3 > train.log\n", "")
    assert "not run by the port" in " ".join(check("program", c, ported(lost)))
    wrong_args = STAGES_SOURCE_PORT.replace("--ckpt best", "--ckpt last")
    assert check("program", c, ported(wrong_args))


def test_a_typed_gpu_count_is_read() -> None:
    """``--gpus=v100-32:1`` gives the process 1 GPU (the typed form of Bridges-2)."""
    c = case(total_ranks=1, nodes=1, gpus_per_node=4, gpus_per_rank=4, launch_model="single")
    typed = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus=v100-32:{n}\npython train.py\n"
    assert "gives it 1" in check("gpus_per_rank", c, ported(
        typed.format(n=1), target="bridges2", nodes=1, gpus_per_node=1))[0]
    assert check("gpus_per_rank", c, ported(typed.format(n=4), target="bridges2", nodes=1,
                                            gpus_per_node=1)) == []


def test_an_unlaunched_further_program_of_a_one_rank_job_may_run_under_a_one_rank_launch() -> None:
    """python train.py; python eval.py on one GPU: the port's `srun -n 1 python eval.py` runs
    it once, as the source did; in a job of 8 ranks a launch runs it 8 times."""
    c = case(total_ranks=1, nodes=1, gpus_per_node=1, launch_model="single",
             other_runs=[{"program": "eval.py", "args": [], "launched": False}])
    one = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -n 1\n"
           "srun -n 1 python eval.py\nsrun -n 1 python t.py\n")
    assert check("other_runs", c, ported(one, nodes=1, gpus_per_node=1)) == []
    c = c.model_copy(update={"program": "t.py", "args": []})  # main: eval.py, the last
    last = one.replace("eval.py", "x").replace("t.py", "eval.py").replace("x", "t.py")
    assert check("program", c, ported(last, nodes=1, gpus_per_node=1)) == []
    eight = case(other_runs=[{"program": "eval.py", "args": [], "launched": False}])
    assert check("other_runs", eight, ported(STAGES_SOURCE_PORT.replace("predict.py", "eval.py")))
