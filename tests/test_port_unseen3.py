"""Classes of input found on bench/unseen3's tune half (issue 14), each with its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script, read_facts

LSF_HEAD = "#!/bin/bash\n#BSUB -P ABC123\n#BSUB -W 1:00\n#BSUB -nnodes 4\n"


def test_jsrun_options_with_their_value_attached_are_read() -> None:
    facts = read_facts(parse_script(LSF_HEAD + "jsrun -n1 -r1 -a1 -c1 -g1 python3 run.py --x 1\n"))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (1, 1, 1)
    assert facts.entrypoint == "run.py" and facts.args == ["--x", "1"]


def test_jsrun_gpus_of_a_one_task_resource_set_are_one_process_driving_them() -> None:
    script = LSF_HEAD + "jsrun --nrs 1 --tasks_per_rs 1 --gpu_per_rs 4 -r 1 python -u fit.py\n"
    facts = read_facts(parse_script(script))
    assert facts.gpus_per_process == 4 and facts.ranks == 1
    r = port(script, ["delta"])["delta"]
    assert r.spec.nodes == 1 and r.spec.gpus_per_node == 4
    assert "one process per node drives 4 GPUs" in "\n".join(r.notes)


def test_jsrun_one_gpu_per_task_stays_one_rank_per_gpu() -> None:
    facts = read_facts(parse_script(LSF_HEAD + "jsrun -n 8 -r 2 -a 3 -g 3 python fit.py\n"))
    assert facts.gpus_per_process is None and facts.ranks == 24


SLURM_HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n"


def test_a_shell_script_of_one_task_with_its_own_env_prefix_is_kept_as_without_it() -> None:
    """``MODE=fast ./tools/go.sh``: kept with its prefix, as ``./tools/go.sh`` alone is (s26)."""
    r = port(SLURM_HEAD + "cd work\nMODE=fast ./tools/go.sh\n", ["delta"])["delta"]
    assert r.status == "generated" and "MODE=fast ./tools/go.sh" in r.script
    assert "./tools/go.sh" in r.notes[0] and "which this file does not show" in r.notes[0]


@pytest.mark.parametrize(("body", "named"), [
    ("source venv/bin/activate\nsource jobs/common.sh\n", "the sourced file jobs/common.sh"),
    ('eval "$TASK --seed 3"\n', "`eval` builds from $TASK --seed 3"),
    ("out=$(torchrun --nproc_per_node 2 fit.py 2>&1)\necho \"$out\"\n",
     "`torchrun --nproc_per_node 2 fit.py 2>&1` runs inside a command substitution"),
])
def test_a_program_started_through_a_command_the_script_does_not_show_is_named(
    body: str, named: str
) -> None:
    with pytest.raises(ParseError) as err:
        port(SLURM_HEAD + body, ["delta"])
    assert named in str(err.value)


@pytest.mark.parametrize(("body", "kept", "named"), [
    ("source ~/.bashrc\nbash run_job.sh\n", "bash run_job.sh",
     "it runs your shell script run_job.sh"),
    ("pixi install\npixi run fit --epochs 3\n", "pixi run fit --epochs 3", "`pixi run` starts"),
])
def test_one_process_job_through_a_command_the_script_does_not_show_keeps_it(
    body: str, kept: str, named: str
) -> None:
    """One task on one node (issue 14, s15-nolaunch): the command is kept verbatim as the
    job's process and named in a note, not refused (several ranks still are)."""
    r = port(SLURM_HEAD + body, ["delta"])["delta"]
    assert kept in r.script
    assert named in r.notes[0] and "1 GPU(s) of 1 node" in r.notes[0]
    with pytest.raises(ParseError) as err:
        port(SLURM_HEAD.replace("--nodes=1", "--nodes=2") + body, ["delta"])
    assert ("run_job.sh" if "bash" in kept else "pixi task `fit`") in str(err.value)


def test_set_up_files_and_environment_tools_are_not_taken_for_the_job() -> None:
    with pytest.raises(ParseError) as err:
        port(SLURM_HEAD + "source ~/.bashrc\nconda activate ./env\nsource venv/bin/activate\n",
             ["delta"])
    text = str(err.value)
    # s23: the refusal says the script runs no program and names its set-up lines
    assert "starts the job through" not in text and "runs no program" in text
    assert "`source venv/bin/activate`" in text


def test_nproc_per_node_gpu_counts_the_devices_the_script_makes_visible() -> None:
    script = ("export CUDA_VISIBLE_DEVICES=1,3,5\n"
              "torchrun --standalone --nnodes=1 --nproc_per_node=gpu fit.py\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (1, 3, 3)
    r = port(script, ["delta"])["delta"]
    assert (r.spec.nodes, r.spec.gpus_per_node) == (1, 3)


def test_nproc_per_node_gpu_without_a_device_list_is_still_asked() -> None:
    facts = read_facts(parse_script("torchrun --standalone --nnodes=1 --nproc_per_node=gpu x.py\n"))
    assert facts.gpus_per_node is None and facts.ranks is None


ONE_TASK = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
            "#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\nexport NP=8\n")


def test_a_launch_starting_more_ranks_than_the_task_directive_is_read_as_the_launch() -> None:
    facts = read_facts(parse_script(ONE_TASK + "mpirun -np $NP python fit.py\n"))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (2, 4, 8)
    assert facts.gpus_per_process is None
    assert any("starts 8 ranks" in n and "1 task(s) per node" in n for n in facts.notes)


def test_a_launch_asking_fewer_ranks_than_the_directives_is_unchanged() -> None:
    facts = read_facts(parse_script(ONE_TASK.replace("per-node=1", "per-node=4")
                                    + "mpirun -np 2 python fit.py\n"))
    assert (facts.nodes, facts.gpus_per_node) == (1, 2)
    assert not any("task(s) per node" in n for n in facts.notes)


def test_nodes_the_launch_does_not_use_are_named() -> None:
    facts = read_facts(parse_script(LSF_HEAD + "jsrun -n1 -a1 -g1 python run.py\n"))
    assert (facts.nodes, facts.ranks) == (1, 1)
    assert any("ask 4 node(s)" in n and "1 rank(s) on 1 node(s)" in n for n in facts.notes)
    full = read_facts(parse_script(LSF_HEAD + "jsrun -n 4 -r 1 -a 1 -g 1 python run.py\n"))
    assert not any("node(s) but" in n for n in full.notes)
