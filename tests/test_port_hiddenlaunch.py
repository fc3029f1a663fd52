"""Launch steps whose program is held in a variable the port cannot read, and csh/tcsh
sources (bench/unseen8 tune classes). Every fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

HEAD = "#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=4 --gpus-per-node=4\n#SBATCH -t 02:00:00\n"


def _refusal(script: str) -> str:
    with pytest.raises(ParseError) as err:
        port(script, "delta")
    return str(err.value)


def test_an_array_launch_step_before_a_plain_python_step_is_ported_not_dropped() -> None:
    # a Python command held in an array is read (s17-launchsyntax): the srun of it is the
    # launch, run as written on the target; the plain python step after it stays after it
    from maple_flow import port

    script = HEAD + ("FIT=(python fit.py --epochs 5)\nsrun --exclusive \"${FIT[@]}\"\n"
                     "python score.py --ckpt out/last.pt\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert r.status == "generated"
    body = r.script.split("FIT=(python fit.py --epochs 5)", 1)[1]
    assert '"${FIT[@]}"' in body and "python score.py --ckpt out/last.pt" in body.split(
        '"${FIT[@]}"', 1)[1]


def test_a_launch_step_from_a_caller_variable_is_refused_naming_it() -> None:
    script = HEAD + "mpiexec -n 8 $STEP_ONE\npython report.py\n"
    text = _refusal(script)
    assert "line 4:" in text and "variable $STEP_ONE (not set in the script)" in text


def test_a_shell_text_held_in_a_variable_under_srun_is_refused() -> None:
    script = HEAD + 'srun -n 8 bash -c "$STAGE"\npython plot.py\n'
    text = _refusal(script)
    assert "line 4:" in text and "$STAGE" in text and "bash -c" in text


def test_a_readable_variable_launch_still_ports() -> None:
    script = HEAD + 'CMD="python fit.py --epochs 5"\nmpiexec -n 8 $CMD\npython score.py\n'
    r = port(script, "delta")["delta"]
    assert "fit.py --epochs 5" in r.script and "score.py" in r.script


def test_a_tcsh_source_is_refused_with_the_bash_forms_of_its_lines() -> None:
    script = ("#!/bin/tcsh\n#PBS -l select=2:ngpus=4\n#PBS -l walltime=01:00:00\n"
              "cd $PBS_O_WORKDIR\nsetenv OMP_NUM_THREADS 8\nset NP = 8\n"
              "mpiexec -n $NP python fit.py\n")
    with pytest.raises(ParseError) as err:
        parse_script(script)
    text = str(err.value)
    assert "runs under tcsh (line 1: `#!/bin/tcsh`)" in text
    assert "line 5: `setenv OMP_NUM_THREADS 8` (in bash: `export OMP_NUM_THREADS=8`)" in text
    assert "line 6: `set NP = 8` (in bash: `NP=8`)" in text


@pytest.mark.parametrize("option", ["#PBS -S /bin/csh", "#$ -S /bin/tcsh"])
def test_a_scheduler_shell_option_of_csh_is_named(option: str) -> None:
    script = (f"#!/bin/bash\n{option}\nif ( -e ready ) then\n  echo go\nendif\n"
              "mpiexec -n 4 python fit.py\n")
    with pytest.raises(ParseError, match=r"\(line 2: `#.* -S /bin/t?csh`\).*line 3: `if \( -e"):
        parse_script(script)


def test_csh_syntax_without_a_csh_shebang_is_refused() -> None:
    script = "#SBATCH -N 1\nsource /opt/env/setup.csh\nsrun python fit.py\n"
    with pytest.raises(ParseError, match=r"only csh/tcsh reads.*line 2: `source /opt"):
        parse_script(script)


def test_a_csh_file_written_by_a_bash_heredoc_is_not_read_as_csh() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\ncat > env.csh <<END\nsetenv X 1\nEND\n"
              "set -e\nsrun python fit.py\n")
    assert parse_script(script).launch.entrypoint == "fit.py"


def test_a_native_program_launch_step_before_a_python_step_is_kept_in_order() -> None:
    """The MPI/GPU application is the launch (its 2 x 4 layout kept, issue 14); the Python step
    after it stays after it, one process, as the source ran it: nothing dropped."""
    r = port(HEAD + "mpiexec -n 8 ./bin/solver --steps 10\npython post.py\n", "perlmutter")
    result = r["perlmutter"]
    assert result.spec is not None and (result.spec.nodes, result.spec.gpus_per_node) == (2, 4)
    solver = result.script.index("./bin/solver --steps 10")
    assert result.script.index("\npython post.py", solver) > solver


def test_a_launcher_running_a_system_tool_stays_a_dropped_helper() -> None:
    script = HEAD + "srun -N2 --ntasks-per-node=1 /usr/bin/mkdir -p /tmp/s\nsrun python fit.py\n"
    r = port(script, "delta")["delta"]
    assert "fit.py" in r.script


def test_a_per_node_launcher_running_an_array_is_refused_naming_the_array() -> None:
    script = HEAD + ('FIT=(fit.py --epochs 5)\naccelerate launch --num_processes 4 "${FIT[@]}"\n'
                     "python post.py\n")
    text = _refusal(script)
    assert "through accelerate launch whose program is held in the bash array $FIT" in text
    assert "write the command out on the accelerate launch line" in text


def test_a_user_script_started_by_pbsdsh_on_each_node_is_refused_naming_it() -> None:
    script = ("#!/bin/bash\n#PBS -l select=4\n#PBS -l walltime=01:00:00\ncd $PBS_O_WORKDIR\n"
              "pbsdsh -v -- bash $PBS_O_WORKDIR/node_job.sh\n")
    text = _refusal(script)
    assert "line 5:" in text and "runs your script $PBS_O_WORKDIR/node_job.sh on every" in text
    assert "`pbsdsh`" in text and "port node_job.sh itself" in text


def test_a_user_script_run_once_inside_a_container_is_refused_naming_it() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1 --gpus-per-node=4\n#SBATCH -t 01:00:00\n"
              "singularity exec --nv img.sif ./launch.sh\n")
    text = _refusal(script)
    assert "line 4:" in text and "the program or script ./launch.sh" in text
    assert "inside the container" in text
