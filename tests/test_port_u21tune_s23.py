"""General classes found on unseen21's tune half (session s23), each with its fix."""

from __future__ import annotations

from maple_flow import port

PBS_JOB = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=01:00:00\n"
           "{lines}cd $PBS_O_WORKDIR\npython train.py\n")


def test_a_pbs_output_folder_becomes_a_slurm_file_pattern_in_it() -> None:
    script = PBS_JOB.format(lines="#PBS -j oe\n#PBS -o logs/\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --output=logs/%x.o%j" in r.script
    assert "#SBATCH --output=logs/\n" not in r.script
    assert any("`logs/` is a folder" in n and "make sure `logs/` exists" in n for n in r.notes)


def test_a_pbs_error_folder_and_the_current_folder() -> None:
    script = PBS_JOB.format(lines="#PBS -e errs/\n#PBS -o .\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --error=errs/%x.e%j" in r.script
    assert "#SBATCH --output=./%x.o%j" in r.script


def test_a_pbs_output_file_stays_a_file() -> None:
    script = PBS_JOB.format(lines="#PBS -o logs/run.log\n")
    assert "#SBATCH --output=logs/run.log\n" in port(script, ["delta"])["delta"].script


SLURM_IF = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:1
#SBATCH -t 01:00:00
MODE=${1:-a}
if [ "$MODE" = "a" ]; then
    python train.py --mode a
else
    python train.py --mode b
fi
EXIT_CODE=$?
echo "done with $EXIT_CODE"
exit $EXIT_CODE
"""


def _code(script: str) -> list[str]:
    return [x.strip() for x in script.split("\n") if x.strip() and not x.lstrip().startswith("#")]


def test_a_status_read_after_the_launch_block_is_not_behind_a_set_line() -> None:
    r = port(SLURM_IF, ["perlmutter"])["perlmutter"]
    code = _code(r.script)
    read = code.index("EXIT_CODE=$?")
    assert code[read - 1] == "fi", code[read - 3:read + 2]


def test_keep_status_reads_moves_a_one_line_read_and_keeps_a_block_read() -> None:
    from maple_flow.port.apply import keep_status_reads

    script = "python a.py\nset +e  # port\nRC=$?\n"
    assert keep_status_reads(script, ["python a.py", "RC=$?"]) == (
        "python a.py\nRC=$?\nset +e  # port\n")
    script = "python a.py\nset +eo pipefail  # port\nif [ $? -ne 0 ]; then\n  echo bad\nfi\n"
    kept = keep_status_reads(script, []).split("\n")
    assert kept[1].startswith("port_status=$?")
    assert kept[3] == '(exit "$port_status")' and kept[4].startswith("if [ $?")
    # the user's own `set +e` stays where the user put it
    script = "python a.py\nset +e\nRC=$?\n"
    assert keep_status_reads(script, script.split("\n")) == script


VENV_BOOTSTRAP = """#!/bin/bash
#PBS -l select=1:ncpus=8:ngpus=1
#PBS -l walltime=01:00:00
cd $PBS_O_WORKDIR
if [ ! -f ".venv/bin/train" ]; then
    ~/miniconda3/bin/python3 -m venv .venv
    .venv/bin/pip install -r requirements.txt
fi
.venv/bin/train Task-One --iterations 100
"""


def test_a_venv_bootstrap_is_no_launch_and_the_console_script_is_named() -> None:
    import pytest

    from maple_flow.errors import ParseError

    with pytest.raises(ParseError) as err:
        port(VENV_BOOTSTRAP, ["perlmutter"])
    said = str(err.value)
    assert "python3 -m venv" not in said and "pip install" not in said
    assert "line 9" in said and "console script" in said and "python -m <module>" in said


def test_a_double_bracket_test_with_and_or_is_one_condition() -> None:
    from maple_flow.scriptparse.shell import split_blocks

    text = ('if [[ "$f" != *.safetensors && "$f" != "config.json" ]]; then\n'
            '    ln -s "$f" "$d"\nfi\n[[ $a < $b || -z "$c" ]] && python train.py\n')
    cmds = [c for b in split_blocks(text) for c in b.commands]
    assert [c.words[0] for c in cmds] == ["[[", "ln", "[[", "python"]
    assert cmds[0].words[-1] == "]]" and "&&" in cmds[0].words and cmds[0].is_condition
    assert cmds[2].words == ("[[", "$a", "<", "$b", "||", "-z", "$c", "]]")


CPUS_JOB = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
{cpus}#SBATCH --gres=gpu:1
#SBATCH -t 01:00:00
N_ENVS=$((SLURM_CPUS_PER_TASK - 4))
python train.py --n-envs "$N_ENVS"
"""


def test_a_plain_count_from_slurm_cpus_gets_the_source_count_on_pbs() -> None:
    r = port(CPUS_JOB.format(cpus="#SBATCH --cpus-per-task=16\n"), ["polaris"])["polaris"]
    assert "N_ENVS=$((16 - 4))" in r.script
    assert "SLURM_CPUS_PER_TASK" not in r.script.split("set -e", 1)[-1]
    assert any("--cpus-per-task (16) written in" in n for n in r.notes)
    # on another Slurm cluster the variable is set: kept as written
    r = port(CPUS_JOB.format(cpus="#SBATCH --cpus-per-task=16\n"), ["delta"])["delta"]
    assert "N_ENVS=$((SLURM_CPUS_PER_TASK - 4))" in r.script


def test_a_bare_scheduler_name_in_arithmetic_is_not_carried_silently() -> None:
    r = port(CPUS_JOB.format(cpus=""), ["polaris"])["polaris"]
    assert "SLURM_CPUS_PER_TASK" not in r.script.split("set -e", 1)[-1]
    assert any("$SLURM_CPUS_PER_TASK by name in arithmetic" in n for n in r.notes)


CONTAINER_BODY = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:4
#SBATCH -t 01:00:00
apptainer exec --nv jax.sif bash -c '
  curl -LsSf https://example.org/install.sh | sh
  uv sync
  uv run python main.py --config a.toml
'
"""


def test_a_pipe_in_a_container_body_stays_one_line() -> None:
    # a body that builds no environment: its steps run in the batch shell, each line whole
    body = CONTAINER_BODY.replace("  curl -LsSf https://example.org/install.sh | sh\n  uv sync\n",
                                  "  cat /etc/os-release | head -n 2\n")
    r = port(body, ["bridges2"])["bridges2"]
    before = r.script[:r.script.index("singularity exec")]
    assert "cat /etc/os-release | head -n 2" in before
    assert "\nhead -n 2\n" not in r.script


def test_a_runner_inside_the_image_stays_inside_the_container() -> None:
    body = CONTAINER_BODY.replace("  curl -LsSf https://example.org/install.sh | sh\n  uv sync\n",
                                  '  echo "in the image"\n')
    r = port(body, ["bridges2"])["bridges2"]
    assert "singularity exec --nv jax.sif uv run python main.py" in r.script
    assert "uv run singularity" not in r.script


def test_a_download_by_a_quoted_tool_path_is_a_download() -> None:
    from maple_flow.port.proxy import downloads

    steps = ['"$VENV/bin/pip" install -q -r requirements.txt',
             "'/opt/env/bin/python' -m pip install x", '"$C/bin/conda" create -n x',
             'echo "pip" done']
    assert downloads(steps) == steps[:3]


def test_a_body_that_builds_the_environment_stays_in_the_image() -> None:
    r = port(CONTAINER_BODY, ["bridges2"])["bridges2"]
    launch = r.script[r.script.index("singularity exec"):]
    assert "uv sync" in launch and "curl -LsSf https://example.org/install.sh | sh" in launch
    assert "' bash uv run python main.py --config a.toml" in launch
    before = r.script[:r.script.index("singularity exec")]
    assert "uv sync" not in before and "install.sh" not in before


def test_a_body_step_kept_in_the_image_has_no_batch_shell_note() -> None:
    job = CONTAINER_BODY.replace("apptainer exec", "git rev-parse --short HEAD\napptainer exec")
    r = port(job, ["bridges2"])["bridges2"]
    assert not any(n.startswith("`sh` ran in the launch's") for n in r.notes)


def test_a_runtime_step_is_written_with_the_target_runtime_name() -> None:
    job = CONTAINER_BODY.replace(
        "apptainer exec",
        'if [ ! -f jax.sif ]; then\n  apptainer pull jax.sif docker://nvcr.io/nvidia/jax:25.10-py3\n'
        "fi\napptainer exec")
    r = port(job, ["bridges2"])["bridges2"]  # Bridges-2 runs singularity
    assert "  singularity pull jax.sif docker://nvcr.io/nvidia/jax:25.10-py3" in r.script
    assert "apptainer pull" not in r.script
    assert any("which Bridges-2 has as `singularity`" in n for n in r.notes)
    r = port(job, ["polaris"])["polaris"]  # Polaris runs apptainer: as written
    assert "  apptainer pull jax.sif docker://" in r.script
