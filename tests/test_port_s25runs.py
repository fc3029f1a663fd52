"""Several runs in one job, each pinned to its own GPU by a VARIABLE, and the shell's job control
around them (s25runs, issue 14): a run started by a shell function called in the background
keeps its own ``CUDA_VISIBLE_DEVICES=${GPU_ID}`` and the ``wait $PID...`` after the calls; on
Intel GPUs each run's pin is written ``ZE_AFFINITY_MASK`` with the same value (never dropped);
a refusal for too few GPUs names N one-GPU runs on an M-GPU node; a run pinned by a chained
export on its own line is a copy kept as written. Every fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow import port

FUNCTION = ("#!/bin/bash\n#PBS -l select=1:ncpus=32:ngpus=4:mem=128gb\n#PBS -l walltime=10:00:00\n"
            "#PBS -j oe\nset -euo pipefail\ncd /scratch/me/proj\n"
            "LOG_ROOT=/scratch/me/proj/logs\nmkdir -p \"$LOG_ROOT\"\n"
            "run_one () {\n"
            "    GPU_ID=\"$1\"\n    SEED=\"$2\"\n"
            "    CUDA_VISIBLE_DEVICES=${GPU_ID} python train.py --seed \"${SEED}\" \\\n"
            "      --epochs 5 > \"${LOG_ROOT}/run_${SEED}.log\" 2>&1\n"
            "}\n"
            "run_one 0 11 &\nPID1=$!\nrun_one 1 12 &\nPID2=$!\nrun_one 2 13 &\nPID3=$!\n"
            "run_one 3 14 &\nPID4=$!\n"
            "wait $PID1 $PID2 $PID3 $PID4\necho done\n")

LOOP = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:4\n#SBATCH --time=04:00:00\n"
        "#SBATCH -p gpu\n"
        "pids=\"\"\nfor GPU in 0 1 2 3; do\n"
        "  CUDA_VISIBLE_DEVICES=$GPU python sweep.py --lr-index $GPU &\n"
        "  pids=\"$pids $!\"\ndone\nwait $pids\n")

CHAINED = ("#!/bin/bash\n#SBATCH --gres=gpu:2\n#SBATCH --time=10:00:00\n#SBATCH -p gpu\n"
           "idx=0; export CUDA_VISIBLE_DEVICES=$idx; python -u run.py --fold 3 > out_$idx.log &\n"
           "idx=1; export CUDA_VISIBLE_DEVICES=$idx; python -u run.py --fold 4 > out_$idx.log &\n"
           "wait\n")

LITERAL_OVER = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH -t 02:00:00\n"
                "CUDA_VISIBLE_DEVICES=0 python main.py --part 0 &\n"
                "CUDA_VISIBLE_DEVICES=1 python main.py --part 1 &\n"
                "CUDA_VISIBLE_DEVICES=2 python main.py --part 2 &\nwait\n")


@pytest.mark.parametrize("target", ["polaris", "perlmutter"])
def test_function_called_in_background_keeps_its_pin_and_the_wait_on_pids(target: str) -> None:
    r = port(FUNCTION, target, source="polaris", account="m1234")[target]
    assert r.status != "refused", r.notes
    assert "CUDA_VISIBLE_DEVICES=${GPU_ID} python train.py" in r.script
    assert '> "${LOG_ROOT}/run_${SEED}.log" 2>&1' in r.script  # the run's own log, as written
    assert "wait $PID1 $PID2 $PID3 $PID4" in r.script
    assert r.script.index("run_one 3 14 &") < r.script.index("wait $PID1") < r.script.index(
        "echo done")
    assert "mpiexec" not in r.script.split("run_one ()")[1].split("}")[0]
    assert "srun" not in r.script.split("run_one ()")[1].split("}")[0]
    assert any("inside your function `run_one`" in n for n in r.notes), r.notes
    assert not any("not copied" in n and "CUDA_VISIBLE_DEVICES=${GPU_ID}" in n
                   for n in r.notes), r.notes


def test_function_runs_on_intel_gpus_get_ze_affinity_mask_with_the_same_value() -> None:
    r = port(FUNCTION, "aurora", source="polaris")["aurora"]
    assert r.status != "refused", r.notes
    assert "ZE_AFFINITY_MASK=${GPU_ID} python train.py" in r.script
    assert "CUDA_VISIBLE_DEVICES=${GPU_ID}" not in r.script
    assert "wait $PID1 $PID2 $PID3 $PID4" in r.script
    assert any("`ZE_AFFINITY_MASK=${GPU_ID}`, the same value" in n for n in r.notes), r.notes


def test_too_few_gpus_names_the_one_gpu_runs_not_one_process() -> None:
    r = port(FUNCTION, "lonestar6", source="polaris")["lonestar6"]
    assert r.status == "refused"
    assert "4 one-GPU runs side by side" in r.notes[0], r.notes[0]
    assert "a Lonestar6 node has 3" in r.notes[0]
    assert "one process drives" not in r.notes[0]


def test_loop_copies_on_intel_gpus_with_a_stated_gpu_count_are_repinned() -> None:
    r = port(LOOP, "aurora", source="perlmutter")["aurora"]
    assert r.status != "refused", r.notes
    assert "ZE_AFFINITY_MASK=$GPU python sweep.py" in r.script
    assert "CUDA_VISIBLE_DEVICES=$GPU" not in r.script
    assert "wait $pids" in r.script


def test_chained_export_pins_are_copies_kept_as_written() -> None:
    r = port(CHAINED, "perlmutter", source="delta", account="m1234")["perlmutter"]
    assert r.status != "refused", r.notes
    for k in (0, 1):
        assert (f"idx={k}; export CUDA_VISIBLE_DEVICES=$idx; python -u run.py --fold {k + 3} > "
                "out_$idx.log &") in r.script, r.script
    assert "srun" not in r.script.split("idx=1;")[1].split("\n")[0]


def test_chained_export_pins_on_intel_gpus_keep_both_runs() -> None:
    r = port(CHAINED, "aurora", source="delta")["aurora"]
    assert r.status != "refused", r.notes
    assert r.script.count("export ZE_AFFINITY_MASK=$idx; python -u run.py") == 2, r.script
    assert "CUDA_VISIBLE_DEVICES" not in r.script


def test_literal_pins_past_the_jobs_gpus_are_refused_on_intel_too() -> None:
    r = port(LITERAL_OVER, "aurora", source="delta")["aurora"]
    assert r.status == "refused"
    assert "gpus_per_node=3" in r.notes[0], r.notes[0]


PROGRAM_IN_VAR = ("#!/bin/bash\n#PBS -l select=1:ngpus=4\n#PBS -l walltime=04:00:00\n"
                  "cmd=\"python3 main.py -p 15 --phases=3\"\n"
                  "for i in $(seq 0 3); do\n"
                  "    CUDA_VISIBLE_DEVICES=$i $cmd > log_${i}.txt 2>&1 &\n"
                  "    pids[${i}]=$!\ndone\n"
                  "for pid in ${pids[*]}; do\n    wait $pid\ndone\n")


def test_a_copy_running_a_program_held_in_a_variable_keeps_that_variable() -> None:
    r = port(PROGRAM_IN_VAR, "polaris", source="polaris")["polaris"]
    assert r.status != "refused", r.notes
    assigned = r.script.index('cmd="python3 main.py -p 15 --phases=3"')
    assert assigned < r.script.index("for i in $(seq 0 3)") < r.script.index(
        "CUDA_VISIBLE_DEVICES=$i $cmd > log_${i}.txt 2>&1 &")
    assert "    wait $pid" in r.script
    assert not any("reads but sets nowhere" in n for n in r.notes), r.notes


def test_a_top_level_copy_does_not_bring_back_the_sources_scheduler_lines() -> None:
    script = CHAINED.replace("#SBATCH -p gpu\n", "#SBATCH -p gpu\njob_id=$SLURM_JOB_ID\n").replace(
        "out_$idx.log", "out_${job_id}_$idx.log")
    r = port(script, "polaris", source="delta")["polaris"]
    assert r.status != "refused", r.notes
    assert "SLURM_JOB_ID" not in r.script, r.script
    assert r.script.count("job_id=$PBS_JOBID") == 1
