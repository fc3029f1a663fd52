"""Porting launches of an installed command (a package's console script: ``srun fairseq-train``,
``torchrun --no-python ethos train``) as themselves (bench/portcmd_probe).

Every fixture is our own reproduction of a pattern seen in public job scripts; none is copied.
Each test fails when the old behaviour comes back (a refusal of a command the target's launcher
can start, ``python`` put in front of it, a 4-GPU process spread over 4 ranks, a value
expanded into itself).
"""

from __future__ import annotations

import shlex

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script, read_facts
from maple_flow.scriptparse.launch import read_words

SLURM = """#!/bin/bash
#SBATCH -A m1234 -C gpu -q regular
#SBATCH --nodes=2 --ntasks-per-node=4 --gpus-per-node=4
#SBATCH --time=01:00:00
"""
ONE_NODE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:8
#SBATCH --time=02:00:00
"""


def _launch(script: str) -> str:
    """The ported script from its launch on (the target's preamble left out)."""
    at = max(script.rfind("\nsrun "), script.rfind("\nmpiexec "), script.rfind("\ntorchrun "))
    return script[at:]


def test_srun_of_an_installed_command_runs_it_as_itself_under_the_targets_launcher() -> None:
    script = SLURM + ("source ~/venv/bin/activate\n"
                      "srun fairseq-train data-bin/wiki --arch tr --max-update 100\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    launch = _launch(r.script)
    assert "fairseq-train data-bin/wiki --arch tr --max-update 100" in launch
    assert "python fairseq-train" not in r.script and "python3 fairseq-train" not in r.script
    assert launch.lstrip().startswith("mpiexec")
    assert any("installed command" in n and "on PATH" in n for n in r.notes)
    back = parse_script(r.script)
    assert back.launch.command and back.launch.entrypoint == "fairseq-train"


def test_torchrun_no_python_console_script_keeps_no_python_on_a_torchrun_target() -> None:
    script = ONE_NODE + ("torchrun --no_python --standalone --nproc_per_node=8 ethos train "
                         "--data d.h5 --lr 0.1\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node) == (1, 8)
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated", r.notes[:2]
    assert "torchrun" in r.script and "--no-python ethos train --data d.h5 --lr 0.1" in r.script
    back = parse_script(r.script)
    assert back.launch.command and back.launch.entrypoint == "ethos"
    per_rank = port(script, ["polaris"])["polaris"]  # one rank per GPU: no torchrun at all
    assert per_rank.status == "generated", per_rank.notes[:2]
    assert "python ethos" not in per_rank.script and "ethos train --data d.h5" in per_rank.script


@pytest.mark.parametrize(("line", "entry", "launcher"), [
    ("deepspeed --no_python --num_gpus 4 lm-eval --model hf", "lm-eval", "deepspeed"),
    ("accelerate launch --no_python --num_processes=4 mtdetect a", "mtdetect", "accelerate"),
    ("python -m torch.distributed.run --no-python --nproc_per_node 4 tool x", "tool", "torchrun"),
    ("mpiexec -n 8 --ppn 4 mace_run_train --config c", "mace_run_train", "mpiexec"),
    ("srun --ntasks 2 apptainer exec --nv img.sif fairseq-train x", "fairseq-train", "srun"),
])
def test_launchers_that_start_an_installed_command(line: str, entry: str, launcher: str) -> None:
    read = read_words(shlex.split(line))
    assert read is not None and read.command and read.entrypoint == entry
    assert read.python == "" and read.launcher == launcher


def test_no_python_does_not_end_the_launchers_options() -> None:
    """``torchrun --no-python --nnodes=1 --nproc_per_node=2 python train.py``: the options
    after --no-python are torchrun's too (they used to end the read: no launch found)."""
    read = read_words(shlex.split(
        "torchrun --no-python --nnodes=1 --nproc_per_node=2 python src/train.py --x=1"))
    assert read is not None and read.entrypoint == "src/train.py" and not read.command
    assert read.stages[0].get("--nproc_per_node") == "2" and read.stages[0].no_python


def test_torchrun_module_and_torch_distributed_run_keep_working() -> None:
    read = read_words(shlex.split("torchrun --nproc_per_node 4 -m pkg.train --a 1"))
    assert read is not None and read.module and read.entrypoint == "pkg.train"
    assert not read.command
    read = read_words(shlex.split("python -m torch.distributed.run --nproc_per_node 4 t.py"))
    assert read is not None and read.entrypoint == "t.py" and read.launcher == "torchrun"


def test_torchrun_without_no_python_of_a_console_script_is_refused_naming_the_option() -> None:
    with pytest.raises(ParseError) as err:
        port(ONE_NODE + "torchrun --nproc_per_node=8 fairseq-train data\n", ["perlmutter"])
    text = str(err.value)
    assert "fairseq-train" in text and "--no-python" in text and "installed command" in text


def test_shell_tools_under_srun_are_not_launches() -> None:
    for tool in ("hostname", "rsync -a /a /b", "nvidia-smi"):
        assert read_words(shlex.split(f"srun {tool}")) is None


def test_an_option_value_of_a_wrapper_is_not_taken_for_a_command() -> None:
    """``shifter --module gpu --image=... bash -c "python t.py"``: ``gpu`` is --module's
    value, not an installed command the launcher starts."""
    read = read_words(shlex.split('srun -u --ntasks-per-node 4 shifter --module gpu '
                                  '--image=nersc/pytorch:x --env A=1 bash -c "python t.py"'))
    assert read is not None and not read.command and read.entrypoint != "gpu"


def test_a_command_that_starts_another_launcher_is_not_the_program() -> None:
    """``srun my_wrapper exec deepspeed $*``: my_wrapper wraps another launch (the program
    comes from the job's command line); it is not taken for an installed command."""
    assert read_words(shlex.split("srun my_wrapper exec ~/.local/bin/deepspeed $*")) is None
    assert read_words(shlex.split("srun mytool python train.py")) is None


def test_a_service_started_in_the_background_is_not_the_jobs_program() -> None:
    """``srun vllm serve ... &`` then ``python client.py``: the client is the program."""
    script = SLURM + ("srun vllm serve m --port 8000 > vllm.log 2>&1 &\n"
                      "sleep 60\npython client.py --n 3\n")
    assert parse_script(script).launch.entrypoint == "client.py"
    script = SLURM + "python prep.py\nsrun fairseq-train data --x 1\n"
    p = parse_script(script)
    assert p.launch.entrypoint == "fairseq-train" and p.launch.command


def test_one_process_driving_its_nodes_gpus_stays_one_process_without_python() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes 1\n#SBATCH --ntasks-per-node 1\n"
              "#SBATCH --gpus-per-task 4\n#SBATCH --time 02:00:00\n"
              "srun fairseq-train bin --distributed-world-size 4 --arch t\n")
    for target in ("perlmutter", "polaris"):
        r = port(script, [target])[target]
        assert r.status == "generated", r.notes[:2]
        launch = _launch(r.script)
        assert "fairseq-train bin --distributed-world-size 4 --arch t" in launch
        assert "python" not in launch and "--no-python" not in launch and "torchrun" not in launch
        assert any("one process per node drives 4 GPUs" in n for n in r.notes)


def test_tasks_per_node_is_sbatchs_spelling_of_ntasks_per_node() -> None:
    """``--tasks-per-node=1 --gpus-per-node=4``: one task a node seeing 4 GPUs, not 4 ranks."""
    script = ("#!/bin/bash\n#SBATCH --nodes=8\n#SBATCH --tasks-per-node=1\n"
              "#SBATCH --gpus-per-node=4\n#SBATCH -t 3:00:00\n"
              "srun eagle-tools inference inference.yaml\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.gpus_per_process) == (8, 1, 4)
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    assert 'mpiexec -n "$NNODES" --ppn 1' in r.script


def test_an_assignment_built_from_its_own_unknown_value_is_not_expanded_into_itself() -> None:
    """``data_path=${dir}/${data_path}`` after a ``case`` sets data_path on one branch: the
    value is not known; it used to expand into itself five times over."""
    script = ONE_NODE + (
        'case $1 in\na) data_path=a.h5 ;;\n*) exit 1 ;;\nesac\ndir=/data\n'
        'data_path=${dir}/${data_path}\n'
        'body="torchrun --no_python --nproc_per_node=8 ethos train --data $data_path"\n'
        'bash -c "${body}"\n')
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated", r.notes[:2]
    assert "/data/data" not in r.script and "${dir}/${dir}" not in r.script
    assert "ethos train --data $data_path" in r.script


def test_pip_user_command_directory_on_path_is_kept() -> None:
    """``export PATH=$HOME/.local/bin:$PATH``: where ``pip install --user`` puts a package's
    console scripts, the user's own environment: kept (the command is looked up there)."""
    script = SLURM + ("export PATH=$HOME/.local/bin:$PATH\n"
                      "srun litgpt pretrain --config c.yaml\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    assert "export PATH=$HOME/.local/bin:$PATH" in r.script


def test_a_users_wrapper_in_home_starting_a_console_script_is_the_program() -> None:
    """``srun ~/bin/slurm2ddp.sh anemoi-training train``: the wrapper (rendered
    ``"$HOME/..."`` by the template) is started as itself; named for Slurm, noted on PBS."""
    script = SLURM + "srun ~/bin/slurm2ddp.sh anemoi-training train --config-name=c\n"
    for target in ("delta", "polaris"):
        r = port(script, [target])[target]
        assert r.status == "generated", r.notes[:2]
        assert '"$HOME/bin/slurm2ddp.sh" anemoi-training train --config-name=c' in r.script
        assert "python" not in _launch(r.script).split("maple-rank")[-1]
    notes = "\n".join(port(script, ["polaris"])["polaris"].notes)
    assert "made for slurm" in notes and "SLURM_*" in notes


def test_a_value_built_from_the_array_index_is_kept_where_the_array_is() -> None:
    """``CONFIG_FILE=${DIR}/${FILES[$SLURM_ARRAY_TASK_ID]}`` in a Slurm array job: kept on a
    Slurm target (the array and its index are kept) and passed as ``$CONFIG_FILE``; it used
    to be dropped and its value written as literal text ``\\${FILES[...]}``."""
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=1\n#SBATCH --array=0-2\n"
              "#SBATCH -t 0:30:00\nDIR=/cfgs\nFILES=(\n  a.yaml\n  b.yaml\n)\n"
              'CONFIG_FILE="${DIR}/${FILES[$SLURM_ARRAY_TASK_ID]}"\n'
              "srun tune run eleuther_eval --config $CONFIG_FILE\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated", r.notes[:2]
    assert 'CONFIG_FILE="${DIR}/${FILES[$SLURM_ARRAY_TASK_ID]}"' in r.script
    assert "tune run eleuther_eval --config $CONFIG_FILE" in r.script
    assert "\\${FILES" not in r.script


def test_python_of_which_command_runs_the_command_itself() -> None:
    """``srun python3 $(which dask-worker) ...``: the port used to freeze the substitution in
    single quotes (``python '$(which dask-worker)'``); the command runs as itself."""
    script = SLURM + "srun python3 $(which dask-worker) --nthreads 4\n"
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    assert "dask-worker --nthreads 4" in r.script and "$(which" not in r.script
    assert "python dask-worker" not in r.script
