"""Jobs whose work is not a Python launch maple reads (issue 14): one process on one node is
ported with its command kept verbatim; several ranks are refused naming each line; files that
write or submit a job are refused saying so."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError

_HEAD = "#!/bin/bash\n#SBATCH -p gpu-long\n#SBATCH -t 12:00:00\n"

SWEEP = _HEAD + """#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
module load cuda/11.8
SWEEP="lab/proj/abc123"
echo "job $SLURM_JOB_ID"
wandb agent --count 5 "$SWEEP"
"""


@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_one_process_sweep_agent_kept_verbatim(target: str) -> None:
    result = port(SWEEP, [target])[target]
    assert result.status == "generated"
    assert 'wandb agent --count 5 "$SWEEP"' in result.script
    assert 'SWEEP="lab/proj/abc123"' in result.script
    assert "module load cuda/11.8" not in result.script
    assert "maple_kept_command" not in result.script + " ".join(result.notes)
    kept = result.notes[0]
    assert "line 10 `wandb agent" in kept and "sweep agent" in kept and "1 GPU(s)" in kept


def test_conda_run_binary_one_gpu_kept() -> None:
    text = _HEAD + "#SBATCH --gpus=1\nconda run -n sim ./bin/solver --steps 10 > out.log\n"
    result = port(text, ["perlmutter"])["perlmutter"]
    assert "conda run -n sim ./bin/solver --steps 10 > out.log" in result.script


def test_one_process_without_gpu_count_is_asked() -> None:
    text = "#!/bin/bash\n#PBS -q gpu-debug\n#PBS -l select=1\n./hello\n"
    with pytest.raises(MissingInformation) as err:
        port(text, ["delta"])
    assert "gpus_per_node" in err.value.missing and "./hello" in str(err.value)


def test_several_ranks_of_a_binary_keep_their_layout() -> None:
    """A compiled program on 4 ranks (issue 14's MPI/GPU applications): 1 node x 4 ranks
    kept on the target's launcher, the program and its arguments verbatim."""
    text = _HEAD + "#SBATCH --ntasks=4\n#SBATCH --gres=gpu:4\nsrun -n 4 /opt/app/bin/md -in x\n"
    result = port(text, ["delta"])["delta"]
    assert result.status == "generated", result.notes
    assert result.spec is not None and (result.spec.nodes, result.spec.gpus_per_node) == (1, 4)
    assert "/opt/app/bin/md -in x" in result.script
    assert any("MPI/GPU application, not Python" in n for n in result.notes)


def test_sweep_agent_on_two_nodes_refused_naming_the_agent() -> None:
    text = _HEAD + "#SBATCH --nodes=2\n#SBATCH --gres=gpu:4\nwandb agent lab/p/x\n"
    with pytest.raises(ParseError) as err:
        port(text, ["delta"])
    assert "line 6 `wandb agent lab/p/x`: a W&B sweep agent" in str(err.value)


def test_heredoc_submitted_job_refused_as_not_a_job_script() -> None:
    text = "#!/bin/bash\nsbatch <<EOF\n#!/bin/bash\n#SBATCH --gres=gpu:2\npython t.py\nEOF\n"
    with pytest.raises(ParseError) as err:
        port(text, ["delta"])
    assert "not a job script: line 2 `sbatch <<EOF`" in str(err.value)
    assert "lines 3-5" in str(err.value)


def test_echo_written_job_refused_naming_the_file() -> None:
    text = ("#!/bin/bash\necho '#!/bin/bash' > job.sl\necho '#SBATCH -N 2' >> job.sl\n"
            "echo 'srun python t.py' >> job.sl\nsbatch job.sl\n")
    with pytest.raises(ParseError) as err:
        port(text, ["delta"])
    assert "it writes one, job.sl, with echo (lines 2-4)" in str(err.value)


def test_submitter_refused_naming_the_job_it_submits() -> None:
    text = "#!/bin/bash\nfor s in 1 2; do\n  sbatch -p gpu --gres=gpu:1 train_one.sh $s\ndone\n"
    with pytest.raises(ParseError) as err:
        port(text, ["delta"])
    why = str(err.value)
    assert "not a job script: line 3 `sbatch -p gpu" in why
    assert "submits train_one.sh with sbatch; port train_one.sh" in why
    assert "(-p gpu --gres=gpu:1)" in why


def test_a_users_shell_script_kept_says_the_launch_is_inside_it() -> None:
    text = "#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=01:00:00\n./run.sh\n"
    result = port(text, ["lonestar6"])["lonestar6"]
    assert "\n./run.sh\n" in result.script + "\n"
    assert "your shell script ./run.sh" in result.notes[0] and "inside it" in result.notes[0]


def test_a_command_holding_a_python_program_in_its_words_is_not_kept() -> None:
    text = _HEAD + '#SBATCH --gres=gpu:2\nrunimg -v /d:/d -c "python /w/train.py --lr 1" img:1\n'
    with pytest.raises(ParseError) as err:
        port(text, ["delta"])
    assert "python /w/train.py" in str(err.value)


def test_the_jobs_other_commands_are_named_as_kept() -> None:
    text = _HEAD + "#SBATCH --gres=gpu:1\n./a.gpux > a.log\n./a.cpux > b.log\n"
    result = port(text, ["lonestar6"])["lonestar6"]
    assert "./a.gpux > a.log\n" in result.script and "./a.cpux > b.log" in result.script
    assert "other commands are kept as they are, in order: line 6 `./a.cpux > b.log`" in (
        result.notes[0])


def test_a_command_in_a_loop_is_not_kept_but_named() -> None:
    text = _HEAD + "#SBATCH --gres=gpu:1\nfor i in 1 2; do\n  ./bin/app $i\ndone\n"
    with pytest.raises(ParseError) as err:
        port(text, ["delta"])
    assert "`./bin/app $i`" in str(err.value)
