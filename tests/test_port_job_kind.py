"""What the port must not assume (bench/portguess_probe): a GPU count the source never states,
a GPU job when nothing names a GPU, idle nodes when other launches used them, independent
array tasks when the tasks are the ranks of one run."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.facts import read_facts

#: A Torque job on a GPU queue with no GPU count (shape of unseen9's IIT Kharagpur job).
TORQUE_GPU_QUEUE = """#!/bin/bash
#PBS -l nodes=1:ppn=20
#PBS -l walltime=02:00:00
#PBS -q gpu
cd $PBS_O_WORKDIR
python src/train.py task=walk
"""
#: A CPU MPI job: nothing names a GPU.
CPU_MPI = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks=32
#SBATCH --partition=compute
mpirun python3 solver.py > out
"""
#: A CPU Dask job: the scheduler's workers started by srun, then the client.
CPU_DASK = """#!/bin/bash
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --partition=long
srun --nodes=3 --ntasks=3 dask-worker head:8786 --nprocs=32 &
sleep 10
python client.py --scheduler head:8786
"""
#: An SGE array whose two tasks are the two ranks of one DDP run.
SGE_ARRAY_RANKS = """#!/bin/bash -l
#$ -l h_rt=01:00:00
#$ -t 1-2
#$ -l gpus=1
IP_FILE=ip.txt
if [ $SGE_TASK_ID -eq 1 ]; then
  python head_ip.py $IP_FILE
fi
while [ ! -f $IP_FILE ]; do sleep 3; done
python main.py --rank $SGE_TASK_ID --world_size 2
"""


def test_a_gpu_queue_with_no_count_is_ported_with_the_assumed_gpu_named() -> None:
    """`-q gpu` and no count: the one GPU the port gives is an assumption, said so."""
    r = port(TORQUE_GPU_QUEUE, "delta")["delta"]
    assert r.status == "generated"
    said = [n for n in r.notes if "states no GPU count" in n]
    assert len(said) == 1 and "`#PBS -q gpu`" in said[0] and "--gpus-per-node" in said[0]


def test_a_stated_gpu_count_gets_no_assumption_note() -> None:
    script = TORQUE_GPU_QUEUE.replace("ppn=20", "ppn=20:gpus=1")
    r = port(script, "delta")["delta"]
    assert not any("states no GPU count" in n for n in r.notes)


@pytest.mark.parametrize("script", [CPU_MPI, CPU_DASK])
def test_a_source_naming_no_gpu_is_asked_whether_it_is_a_gpu_job(script: str) -> None:
    with pytest.raises(MissingInformation) as err:
        port(script, "delta")
    why = err.value.missing["gpus_per_node"]
    assert "requests no GPU anywhere" in why and "CPU job" in why and "gpus_per_node=N" in why


def test_the_cpu_question_names_the_dask_cluster() -> None:
    with pytest.raises(MissingInformation) as err:
        port(CPU_DASK, "delta")
    assert "Dask" in err.value.missing["gpus_per_node"]


def test_the_answer_to_the_cpu_question_ports_the_job() -> None:
    """--gpus-per-node answers the question (the user says it is a GPU job)."""
    r = port(CPU_MPI, "delta", gpus_per_node=4)["delta"]
    assert r.status == "generated" and "--gpus-per-node=4" in r.script


def test_a_script_naming_a_gpu_module_is_not_asked_whether_it_is_a_gpu_job() -> None:
    script = CPU_MPI.replace("mpirun", "module load cuda\nmpirun")
    r = port(script, "delta")["delta"]
    assert any("states no GPU count" in n and "module load cuda" in n for n in r.notes)


def test_a_source_from_one_of_the_ten_is_not_asked() -> None:
    """A Polaris job states no GPU directive: its nodes' GPUs are the profile's."""
    script = ("#!/bin/bash\n#PBS -A datascience\n#PBS -l select=2\n#PBS -q prod\n"
              "#PBS -l filesystems=home:eagle\nmpiexec -n 8 --ppn 4 python train.py\n")
    r = port(script, "delta", source="polaris")["delta"]
    assert not any("states no GPU count" in n for n in r.notes)


def test_nodes_used_by_other_launches_are_not_called_idle() -> None:
    script = CPU_DASK.replace("--partition=long", "--partition=long\n#SBATCH --gres=gpu:1")
    notes = read_facts(parse_script(script)).notes
    said = [n for n in notes if "directives ask 3 node(s)" in n]
    assert said and "idle" not in said[0] and "line 7 `srun`" in said[0]
    assert "--nodes 3" in said[0]


def test_nodes_no_launch_uses_are_still_called_idle() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=4\n#SBATCH --gres=gpu:1\n"
              "srun -n 1 python train.py\n")
    notes = read_facts(parse_script(script)).notes
    assert any("the other nodes were idle" in n for n in notes)


def test_array_tasks_that_are_the_ranks_of_one_run_are_refused() -> None:
    r = port(SGE_ARRAY_RANKS, "lonestar6")["lonestar6"]
    assert r.status == "refused"
    why = " ".join(r.notes)
    assert "whose tasks are the ranks of one run" in why and "--rank $SGE_TASK_ID" in why


def test_array_tasks_with_a_head_task_and_a_polled_file_are_refused() -> None:
    script = SGE_ARRAY_RANKS.replace("--rank $SGE_TASK_ID --world_size 2", "--ip-file $IP_FILE")
    r = port(script, "lonestar6")["lonestar6"]
    assert r.status == "refused" and "makes one task the head" in " ".join(r.notes)


def test_independent_array_tasks_are_still_kept() -> None:
    script = ("#!/bin/bash\n#SBATCH --array=0-9\n#SBATCH --gres=gpu:1\n"
              "python sweep.py --seed $SLURM_ARRAY_TASK_ID\n")
    r = port(script, "delta")["delta"]
    assert r.status != "refused" and "#SBATCH --array=0-9" in r.script


def test_a_script_with_no_directive_is_noted_not_asked() -> None:
    """No directive: its resources were given at submission; the port's one GPU a rank is an
    assumption, said so (a question would stop every such script)."""
    script = "#!/bin/bash\nmpiexec -np 2 -ppn 1 -f $PBS_NODEFILE python dlrm.py\n"
    r = port(script, "delta")["delta"]
    assert r.status == "generated"
    assert any("no scheduler directive and names no GPU" in n and "2 process(es)" in n
               for n in r.notes)


def test_a_dask_worker_script_with_no_launch_is_refused_as_a_cpu_dask_job() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --array=0-4\nsource activate dask\n"
              "dask-worker --nthreads 4 --scheduler-file $HOME/sched.json\n")
    with pytest.raises(ParseError, match="a CPU Dask cluster"):
        port(script, "delta")


def test_a_dask_worker_on_gpus_is_not_called_a_cpu_job() -> None:
    """A GPU Dask worker on one node is a kept command (its GPUs counted), never the CPU
    refusal; on two nodes it is refused for its unread launch, not as a CPU job."""
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:4\n"
              "dask-cuda-worker --scheduler-file s.json\ndask-worker --scheduler-file s.json\n")
    result = port(script, "delta")["delta"]
    assert "\ndask-cuda-worker --scheduler-file s.json\n" in result.script
    with pytest.raises(ParseError) as err:
        port(script.replace("-N 1", "-N 2"), "delta")
    assert "CPU Dask" not in str(err.value)


def test_a_gpu_count_on_the_srun_line_is_a_stated_count() -> None:
    script = ("#!/bin/bash\nmodule load cudatoolkit\n"
              "srun -n 4 --ntasks-per-node=4 --gpus-per-node=4 python train.py\n")
    r = port(script, "delta")["delta"]
    assert not any("states no GPU count" in n for n in r.notes)


@pytest.mark.parametrize("launch", [
    "torchrun --nnodes=4 --node_rank=$SLURM_ARRAY_TASK_ID --nproc_per_node=4 train.py",
    'accelerate launch --num_machines 4 --machine_rank "${SLURM_ARRAY_TASK_ID}" train.py',
    "python main.py --rank=$((SLURM_ARRAY_TASK_ID-1)) --world-size 4",
])
def test_a_slurm_array_index_given_as_a_rank_is_refused(launch: str) -> None:
    script = f"#!/bin/bash\n#SBATCH --array=0-3\n#SBATCH --gres=gpu:4\n{launch}\n"
    r = port(script, "delta")["delta"]
    assert r.status == "refused" and "SLURM_ARRAY_TASK_ID" in " ".join(r.notes)


def test_a_grid_engine_job_naming_no_gpu_is_asked_its_gpus_saying_it_may_be_a_cpu_job() -> None:
    script = "#!/bin/bash\n#$ -t 1-380\n#$ -q corei7b\npython run.py $SGE_TASK_ID\n"
    with pytest.raises(MissingInformation) as err:
        port(script, "delta")
    # s18-layout: its #$ lines ask no resource that may hold GPUs (a queue is no GPU request),
    # so it gets the CPU-job question Slurm and PBS jobs naming no GPU get
    assert "reads as a CPU job" in err.value.missing["gpus_per_node"]


def test_a_grid_engine_job_naming_a_gpu_is_asked_without_the_cpu_remark() -> None:
    # gpu=true is read as one GPU (UCL CS, templates/schedulers/grid_engine.yaml): a model only
    script = "#!/bin/bash\n#$ -l gpu_type=v100\n#$ -l h_rt=1:0:0\npython train.py\n"
    with pytest.raises(MissingInformation) as err:
        port(script, "delta")
    assert "CPU job" not in err.value.missing["gpus_per_node"]
