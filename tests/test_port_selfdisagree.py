"""Issue 14, bench/selfdisagree_probe: a source that disagrees with itself about its layout is
asked, naming both sides (never one picked silently), and a user's wrapper script is named in
a refusal and kept once per node. Fixtures written here, not copied from any script."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation
from maple_flow.models.shell_lines import setup_line_problem
from maple_flow.scriptparse import parse_script, read_facts

SL = "#!/bin/bash\n#SBATCH -t 01:00:00\n"


def _asked(script: str, target: str = "delta") -> str:
    with pytest.raises(MissingInformation) as err:
        port(script, [target])
    return str(err.value)


def _size_line(script: str, target: str = "delta", **o: object) -> str:
    r = port(script, [target], **o)[target]
    assert r.status == "generated", r.notes[:2]
    return next(line for line in r.script.splitlines() if "GPU(s)" in line)


def test_one_gpu_job_with_a_four_process_torchrun_is_asked_naming_both() -> None:
    script = SL + ("#SBATCH --nodes=1 --ntasks=1\n#SBATCH --gres=gpu:1\n"
                   'srun --ntasks=1 bash -lc "torchrun --standalone --nnodes=1 '
                   '--nproc_per_node=4 scripts/train.py --config c.yaml"\n')
    why = _asked(script)
    assert "--gres=gpu:1" in why and "--nproc_per_node=4" in why
    assert "disagrees with itself" in why and "ranks=4" in why and "ranks=1" in why
    assert "= 4 ranks" in _size_line(script, ranks=4)  # the answer is taken
    assert "= 1 ranks" in _size_line(script, ranks=1)


def test_pbs_one_gpu_chunk_with_torchrun_four_is_asked() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1:ncpus=16:ngpus=1\n#PBS -l walltime=01:00:00\n"
              "cd $PBS_O_WORKDIR\ntorchrun --nproc_per_node=4 train.py\n")
    assert "-l select=1:ncpus=16:ngpus=1" in _asked(script)


def test_more_srun_tasks_a_node_than_gpus_is_asked_for_a_python_program() -> None:
    script = SL + "#SBATCH -N 1 --ntasks-per-node=8\n#SBATCH --gres=gpu:4\nsrun python train.py\n"
    why = _asked(script)
    assert "4 GPU(s) a node (--gres=gpu:4)" in why and "8 tasks a node" in why


def test_fewer_tasks_than_nodes_is_asked_not_guessed() -> None:
    script = SL + ("#SBATCH --nodes=2\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:4\n"
                   "srun python -u run.py nodes=2\n")
    facts = read_facts(parse_script(script))
    assert facts.ranks is None and facts.size_conflict
    assert "2 nodes (--nodes=2) but 1 task(s)" in _asked(script)


def test_srun_copies_of_a_one_node_torchrun_are_asked() -> None:
    script = SL + ("#SBATCH -N 2 --ntasks-per-node=1\n#SBATCH --gres=gpu:4\n"
                   "srun torchrun --nnodes 1 --nproc_per_node 4 train.py\n")
    assert "starts 2 copies of torchrun" in _asked(script)


def test_deliberate_agents_a_node_are_one_layout() -> None:
    """``srun`` starts 4 torchrun agents on one node, told 4 "nodes": 4 ranks on its 4 GPUs."""
    script = SL + ("#SBATCH --nodes=1 --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
                   "srun torchrun --nnodes 4 --nproc_per_node 1 --rdzv_backend c10d "
                   "--rdzv_endpoint $head:29500 multinode.py 50 10\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (1, 4, 4)
    r = port(script, ["delta"])["delta"]
    assert r.status == "generated" and "1 node(s) x 4 GPU(s) = 4 ranks" in r.script
    assert any("started 4 launcher agents a node" in n for n in r.notes)
    assert not any("common mistake" in n for n in r.notes)


def test_a_layout_that_agrees_is_not_asked() -> None:
    script = SL + ("#SBATCH --nodes=2 --ntasks-per-node=1\n#SBATCH --gres=gpu:2\n"
                   "srun torchrun --nnodes=${SLURM_JOB_NUM_NODES} --nproc_per_node=2 train.py\n")
    assert "= 4 ranks" in _size_line(script)
    narrowed = SL + ("#SBATCH --nodes=1\n#SBATCH --gres=gpu:4\nexport CUDA_VISIBLE_DEVICES=0,1\n"
                     "torchrun --nproc_per_node=2 train.py\n")
    assert read_facts(parse_script(narrowed)).ranks == 2  # uses 2 of its 4 GPUs, as it says
    # fewer processes than GPUs is a choice (a whole-node partition, half of it used)
    half = SL + "#SBATCH -N 1\n#SBATCH --gpus=v100-32:8\ntorchrun --nproc_per_node=4 train.py\n"
    assert read_facts(parse_script(half)).ranks == 4
    # a job-wide --gpus=4 on 2 nodes is often meant a node: the launch line's count stands
    wide = SL + ("#SBATCH --nodes=2 --ntasks-per-node=4\n#SBATCH --gpus=4\n"
                 "mpirun -n 8 -npernode 4 python3 train.py\n")
    assert read_facts(parse_script(wide)).ranks == 8


def test_a_wrapper_program_on_too_few_target_gpus_is_refused_naming_it() -> None:
    script = SL + ("#SBATCH --nodes=16\n#SBATCH --gres=gpu:8\n#SBATCH --ntasks-per-node=1\n"
                   "#SBATCH --exclusive\nsrun ./scripts/train.sh\n")
    r = port(script, ["delta"])["delta"]
    assert r.status == "refused"
    assert "your script ./scripts/train.sh is what the source starts, once a node with 8 GPUs" \
        in r.notes[0] and "port the launch inside ./scripts/train.sh" in r.notes[0]


def test_a_per_node_wrapper_given_its_gpus_stays_once_per_node() -> None:
    script = SL + ("#SBATCH --partition=gpu-h100\n#SBATCH --nodes 1\n#SBATCH --ntasks-per-node=1\n"
                   "srun bash run_ds.sh\n")
    assert port(script, ["delta"])["delta"].status == "refused"  # no GPU count: asked
    r = port(script, ["delta"], gpus_per_node=4)["delta"]
    assert r.status == "generated", r.notes[:2]
    assert '--ntasks="$NNODES" --ntasks-per-node=1' in r.script, r.script
    assert "#SBATCH --gpus-per-node=4" in r.script
    assert any("your script run_ds.sh was started once a task in the source" in n for n in r.notes)


def test_a_wrapper_started_once_a_task_of_several_gpus_is_refused_naming_it() -> None:
    script = SL + ("#SBATCH --gpus-per-task=4\n#SBATCH --ntasks=2\n#SBATCH --exclusive\n"
                   "mpirun bash launch.sh $SLURM_JOB_NUM_NODES\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "refused"
    assert "mpirun starts your script launch.sh" in r.notes[0]
    assert "2 task(s) of 4 GPUs each" in r.notes[0]


def test_nested_parentheses_inside_arithmetic_are_one_line() -> None:
    assert setup_line_problem("export MPORT=$(( ((RANDOM<<15)|RANDOM) % 63001 + 2000 ))") == ""
    assert setup_line_problem("x=$(( (a+(b*c)) * 16#ff ))") == ""
    assert setup_line_problem("x=$((a+b)") == "unbalanced arithmetic (( ))"
    assert "heredoc" in setup_line_problem("cat <<EOF")


def test_a_per_task_wrapper_given_its_nodes_runs_once_a_node_not_once_a_gpu() -> None:
    script = SL + ("#SBATCH --gpus-per-task=4\n#SBATCH --ntasks=2\n#SBATCH --exclusive\n"
                   "mpirun bash launch.sh $SLURM_JOB_NUM_NODES\n")
    r = port(script, ["delta"], nodes=2, gpus_per_node=4)["delta"]
    assert r.status == "generated", r.notes[:2]
    assert "NRANKS=2" in r.script and '--ntasks="$NNODES" --ntasks-per-node=1' in r.script


# --- made after the held-out half was read (disclosed in bench/selfdisagree_probe/README.md) ---

def test_fewer_launcher_processes_than_gpus_is_named_with_the_one_taken() -> None:
    script = SL + ("#SBATCH --nodes=1\n#SBATCH --gres=gpu:8\n#SBATCH --exclusive\n"
                   "srun python -m torch.distributed.launch --nproc_per_node=1 train.py --run 9\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated"
    assert any("asks 8 GPU(s) a node (--gres=gpu:8) but `torch.distributed.launch "
               "--nproc_per_node=1` starts 1 process(es) a node" in n for n in r.notes)


def test_torchrun_default_on_a_one_task_job_wide_gpus_request_is_asked() -> None:
    script = "#!/bin/bash\n#SBATCH -c4 --mem=32g\n#SBATCH --gpus 2\ntorchrun train.py --x 1\n"
    why = _asked(script, "perlmutter")
    assert "torchrun without --nproc_per_node starts one process a node" in why


def test_a_program_held_in_a_variable_is_named_as_such() -> None:
    script = SL + ("#SBATCH --nodes=1 --gpus-per-node=8\nARGS=${@}\n"
                   "torchrun --nproc_per_node=8 $ARGS\n")
    with pytest.raises(Exception) as err:
        port(script, ["delta"])
    assert "the program is $ARGS, a variable" in str(err.value)
