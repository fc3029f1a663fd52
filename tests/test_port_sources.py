"""Sources and shapes found on bench/portsrc_probe (h9-portsrc, issue 14): Grid Engine jobs
(``#$`` directives and ``$JOB_ID``), jobs that chain or requeue themselves, Ray clusters
started in the job, per-node loops with no per-node count, a backslash-blank that breaks a
launch. Each is ported as an edit or refused/asked with the reason, never silently wrong.
The scripts are written here (the probe's scripts are third-party, not in the repository)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError

SGE_2GPU = """#!/bin/bash -l
#$ -cwd
#$ -N vla-train
#$ -pe smp 16
#$ -l gpu=2
#$ -l h_rt=48:00:00
#$ -l tmem=64G
#$ -o logs/train_$JOB_ID.log
#$ -M someone@example.org
#$ -m bea

source ~/venvs/vla/bin/activate
OUT="outputs/run_${JOB_ID}"
mkdir -p "$OUT"
deepspeed --num_gpus=2 train.py --output_dir "$OUT"
echo "done $JOB_ID"
"""


def test_grid_engine_directives_are_read_as_the_options_they_mean() -> None:
    from maple_flow.scriptparse.sge import sge_directives, unmapped_lines, walltime

    found = {d.option: d.value for d in sge_directives(SGE_2GPU)}
    assert found["time"] == "48:00:00" and found["job-name"] == "vla-train"
    assert found["gpus-per-node"] == "2" and found["nodes"] == "1"
    assert found["output"] == "logs/train_%j.log" and found["mail-type"] == "BEGIN,END,FAIL"
    assert unmapped_lines(SGE_2GPU) == ["#$ -l tmem=64G"]
    assert walltime("3600") == "01:00:00" and walltime("1:0:0") == "01:00:00"
    assert walltime("2 days") is None


def test_a_grid_engine_job_keeps_its_walltime_name_gpus_and_job_id_on_slurm() -> None:
    r = port(SGE_2GPU, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "#SBATCH -t 48:00:00" in r.script and "#SBATCH -J vla-train" in r.script
    assert "#SBATCH --gpus-per-node=2" in r.script
    assert "#SBATCH --output=logs/train_%j.log" in r.script
    assert 'OUT="outputs/run_${SLURM_JOB_ID}"' in r.script
    assert 'echo "done $SLURM_JOB_ID"' in r.script
    assert "# source directive, not carried: #$ -l tmem=64G" in r.script
    assert any("Grid Engine directives `#$ -l tmem=64G`" in n for n in r.notes)


def test_a_grid_engine_job_id_becomes_pbs_jobid_on_pbs() -> None:
    r = port(SGE_2GPU, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert 'OUT="outputs/run_${PBS_JOBID}"' in r.script
    assert "#PBS -l walltime=48:00:00" in r.script and "#PBS -N vla-train" in r.script


def test_job_id_is_not_renamed_in_a_slurm_script_that_sets_its_own() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n"
              "JOB_ID=run7\nmkdir -p out/$JOB_ID\n"
              "torchrun --nproc_per_node=4 train.py --out out/$JOB_ID\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert "PBS_JOBID}" not in r.script.split("set -eo pipefail", 1)[-1].split("mpiexec")[0]
    assert "out/$JOB_ID" in r.script


def test_a_grid_engine_job_with_only_a_site_resource_type_is_asked_its_gpus() -> None:
    script = ("#! /bin/bash\n#$ -l rt_AF=1\n#$ -l h_rt=168:00:00\n#$ -j y\n#$-cwd\n"
              "source venv/bin/activate\ncd examples\npython3 train.py\n")
    with pytest.raises(MissingInformation, match="Grid Engine directives state no GPU count"):
        port(script, ["perlmutter"])


RESUBMIT = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00
python train.py --resume
if [ -f still_training.flag ]; then
    echo "resubmitting"
    sbatch --dependency=afterok:$SLURM_JOB_ID continue.sh
fi
"""


def test_a_resubmission_is_written_for_pbs() -> None:
    r = port(RESUBMIT, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert "    qsub -W depend=afterok:$PBS_JOBID continue.sh" in r.script
    assert "sbatch" not in r.script
    assert any("chains or requeues the job" in n for n in r.notes)


def test_a_resubmission_is_kept_on_slurm_with_a_note() -> None:
    r = port(RESUBMIT, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "    sbatch --dependency=afterok:$SLURM_JOB_ID continue.sh" in r.script
    assert any("the target's scheduler too: kept" in n for n in r.notes)


def test_a_resubmission_with_an_option_pbs_lacks_is_not_carried_and_said() -> None:
    script = RESUBMIT.replace("--dependency=afterok:$SLURM_JOB_ID", "--qos=long")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    code = [x for x in r.script.splitlines() if not x.lstrip().startswith("#")]
    assert not [x for x in code if "sbatch" in x]
    assert any("sbatch" in n and "not copied" in n for n in r.notes)


def test_a_requeue_in_a_trap_is_written_for_pbs() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -t 04:00:00\n"
              "#SBATCH --signal=B:USR1@90\n"
              "requeue() {\n    echo requeueing\n    scontrol requeue $SLURM_JOB_ID\n}\n"
              "trap requeue USR1\n"
              "torchrun --nproc_per_node=4 train.py &\nwait\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert "    qrerun $PBS_JOBID" in r.script and "scontrol" not in r.script


def test_ntasks_per_gpu_gives_a_rank_per_gpu() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH --ntasks-per-gpu=1\n"
              "#SBATCH -t 01:00:00\nsrun python train.py\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert "NRANKS=4" in r.script


RAY = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
nodes_array=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))
srun --nodes=1 --ntasks=1 -w "${nodes_array[0]}" ray start --head --port=6379 --block &
sleep 10
HEAD="${nodes_array[0]}:6379"
srun --nodes=1 --ntasks=1 -w "${nodes_array[1]}" ray start --address "$HEAD" --block &
sleep 5
python -u driver.py
"""


def test_a_ray_cluster_started_in_the_job_is_refused_naming_ray_and_the_driver() -> None:
    with pytest.raises(ParseError, match=r"starts a Ray cluster .*driver `driver.py`"):
        port(RAY, ["polaris"])


def test_a_job_that_only_starts_ray_workers_is_refused_naming_ray() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gpus-per-task=8\n"
              "ray start --address 10.0.0.1:6379 --block\nsleep infinity\n")
    with pytest.raises(ParseError, match=r"runs Ray .* no training program"):
        port(script, ["perlmutter"])


def test_a_backslash_followed_by_a_blank_in_the_launch_is_refused_naming_the_line() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n"
              "torchrun --nproc_per_node=4 \\ \n    train.py --lr 1e-3\n")
    with pytest.raises(ParseError, match=r"line 4: .* ends with a backslash and a blank"):
        port(script, ["polaris"])


def test_an_ssh_loop_with_no_per_node_count_is_asked() -> None:
    script = """#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
mapfile -t NODES < $PBS_NODEFILE
for((rank=0;rank<${#NODES[*]};rank++));
do
    ssh ${NODES[rank]} "torchrun --nnodes=${#NODES[*]} --node_rank=$rank \\
        --master_addr=${NODES[0]} train.py" &
done
wait
"""
    with pytest.raises(MissingInformation, match="once per node by hand"):
        port(script, ["perlmutter"])


def test_a_resubmission_with_script_arguments_is_not_written_as_qsub() -> None:
    """PBS Pro's qsub passes no arguments to a job script: `qsub FILE ARGS` would be wrong."""
    script = RESUBMIT.replace("continue.sh", "continue.sh $1 stage2")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    code = [x for x in r.script.splitlines() if not x.lstrip().startswith("#")]
    assert not [x for x in code if "qsub" in x or "sbatch" in x]
    assert any("sbatch" in n and "not copied" in n for n in r.notes)
    kept = port(script, ["delta"])["delta"]
    assert "sbatch --dependency=afterok:$SLURM_JOB_ID continue.sh $1 stage2" in kept.script
