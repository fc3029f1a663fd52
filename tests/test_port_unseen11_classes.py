"""Classes behind unseen11 ports still wrong on main 4e47b28 (s20-port11): a thread count
computed in arithmetic from SLURM_CPUS_PER_TASK on a PBS target; a ``| tee`` inside an eval'd
launch text; an interactive ``singularity shell`` branch taken as the launch; eval of a mktemp
file written by a heredoc; and (unchanged, a guard) a memory request over a target node noted.
Every fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

FOUR_A_NODE = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
               "#SBATCH --mem=400G\n#SBATCH -t 2:00:00\nsrun python train.py --epochs 3\n")


def test_memory_over_a_node_with_fewer_ranks_a_node_is_noted_not_refused() -> None:
    """8 ranks a node on the source, 4 a node on Perlmutter: the need per node follows the
    layout (half the ranks: 4 x 62.5 GB = 250 GB), so the port runs, its note comparing that
    need with the whole 256 GB node (s20-portmem: was compared with the source's 500 GB)."""
    script = FOUR_A_NODE.replace("--ntasks-per-node=4", "--ntasks-per-node=8").replace(
        "gpu:4", "gpu:8").replace("--mem=400G", "--mem=500G")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated" and "--mem=500G" not in r.script
    [note] = [n for n in r.notes if n.startswith("memory:")]
    assert "250 GB per node" in note and note.endswith(": enough"), note


OMP = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:4\n"
       "#SBATCH --cpus-per-task=32\n#SBATCH -t 1:00:00\nNGPUS=4\n"
       "export OMP_NUM_THREADS=$((SLURM_CPUS_PER_TASK / NGPUS))\n"
       "torchrun --nproc_per_node=$NGPUS train.py\n")


@pytest.mark.parametrize("target", ["polaris", "aurora"])
def test_cpus_per_task_in_arithmetic_is_written_in_on_pbs(target: str) -> None:
    """PBS sets no SLURM_CPUS_PER_TASK (0 in arithmetic): the source's 32 is written in, the
    rest of the expression kept, with a note."""
    r = port(OMP, [target])[target]
    assert "export OMP_NUM_THREADS=$((32 / NGPUS))" in r.script
    assert "SLURM_CPUS_PER_TASK" not in r.script
    assert any("SLURM_CPUS_PER_TASK" in n and "32" in n for n in r.notes)


def test_cpus_per_task_in_arithmetic_is_kept_on_slurm() -> None:
    r = port(OMP, ["delta"])["delta"]
    assert "export OMP_NUM_THREADS=$((SLURM_CPUS_PER_TASK / NGPUS))" in r.script


def test_other_scheduler_names_in_arithmetic_are_not_copied_to_pbs() -> None:
    """``$((SLURM_NNODES * 4))`` reads a count PBS does not set: not copied there."""
    script = OMP.replace("export OMP_NUM_THREADS=$((SLURM_CPUS_PER_TASK / NGPUS))",
                         "export TOTAL_WORKERS=$((SLURM_NNODES * 4))")
    r = port(script, ["polaris"])["polaris"]
    assert "SLURM_NNODES" not in r.script
    assert any("TOTAL_WORKERS" in n for n in r.notes)


EVAL_TEE = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n"
            "#PBS -q debug-scaling\n#PBS -A Proj\n"
            'run_cmd="mpiexec -n 8 --ppn 4 python -u infer.py | tee run.out 2>&1"\n'
            "echo $run_cmd\neval $run_cmd\n")


def test_an_eval_launch_texts_tee_is_the_launchs_tail() -> None:
    parsed = parse_script(EVAL_TEE)
    assert parsed.launch_tail == "| tee run.out 2>&1"
    assert not any(b.text.strip().startswith("tee") for b in parsed.after)


def test_an_eval_launch_texts_tee_stays_on_the_ported_launch() -> None:
    r = port(EVAL_TEE, ["delta"])["delta"]
    launch = r.script.split("srun ", 1)[1]
    assert "infer.py | tee run.out 2>&1" in launch
    assert "\ntee run.out" not in r.script


SHELL_BRANCH = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-task=1\n#SBATCH -t 1:00:00\n"
                "IMG=/p/app/c/pytorch.sif\n"
                'if [ "$1" = "shell" ]; then\n'
                '  cmd="srun --pty singularity shell --nv $IMG"\n  eval $cmd\n  exit $?\nfi\n')


def test_an_interactive_container_shell_is_never_the_launch() -> None:
    script = SHELL_BRANCH + "srun singularity exec --nv $IMG python train.py --lr 0.1\n"
    parsed = parse_script(script)
    assert parsed.launch.entrypoint == "train.py"


def test_eval_of_a_heredoc_written_temp_file_is_refused_naming_it() -> None:
    script = SHELL_BRANCH + (
        'mod=$1\nshift\njobcmd="python -m pkg.$mod $@"\nTMP=$(mktemp)\nchmod +x $TMP\n'
        "cat >$TMP <<EOF\n#!/bin/bash\n$jobcmd\nEOF\n"
        'cmd="srun singularity exec --nv $IMG $TMP"\neval $cmd\n')
    with pytest.raises(ParseError) as err:
        parse_script(script)
    why = str(err.value)
    assert "$TMP" in why and "mktemp" in why and "heredoc" in why
    assert "python -m pkg.$mod $@" in why and "$1" in why


def test_an_interactive_shell_alone_is_refused_as_no_program() -> None:
    """``srun --pty singularity shell IMG`` runs no program in a batch job: not ported as one
    (main read it as an MPI application named ``shell``)."""
    script = SHELL_BRANCH.split("if [", 1)[0] + "srun --pty singularity shell --nv $IMG\n"
    with pytest.raises(ParseError) as err:
        parse_script(script)
    assert "interactive shell" in str(err.value)


VENV_TMP = ("#!/bin/bash\n#SBATCH --nodes 1\n#SBATCH --gres=gpu:2\n#SBATCH --tasks-per-node=2\n"
            "#SBATCH -t 01:00:00\nvirtualenv --no-download $SLURM_TMPDIR/env\n"
            "source $SLURM_TMPDIR/env/bin/activate\npip install -r requirements.txt\n"
            "srun python fit.py --epochs 2\n")
# (pip from the index: a venv filled only with --no-index wheels is another refusal,
# tests/test_port_tune16.py)


def test_a_node_local_venv_on_a_port_that_adds_nodes_is_refused() -> None:
    """One node x 2 GPUs, the venv in the node's $SLURM_TMPDIR: Vista (1 GPU a node) needs 2
    nodes, whose second has no venv: refused, naming it and the choices."""
    r = port(VENV_TMP, ["vista"])["vista"]
    assert r.status == "refused"
    [why] = [n for n in r.notes if n.startswith("refused for Vista")]
    assert "$SLURM_TMPDIR/env" in why and "2 nodes" in why and "shared directory" in why


def test_a_node_local_venv_on_one_node_is_ported() -> None:
    r = port(VENV_TMP, ["delta"])["delta"]
    assert r.status == "generated"


def test_a_uv_sync_into_var_tmp_through_a_variable_is_refused_on_more_nodes() -> None:
    script = VENV_TMP.replace(
        "virtualenv --no-download $SLURM_TMPDIR/env\nsource $SLURM_TMPDIR/env/bin/activate\n"
        "pip install -r requirements.txt\n",
        'export VENV=/var/tmp/me/venv\nexport PATH="$VENV/bin:$PATH"\n'
        'UV_PROJECT_ENVIRONMENT="$VENV" uv sync\n')
    r = port(script, ["vista"])["vista"]
    assert r.status == "refused"
    assert any("/var/tmp/me/venv" in n for n in r.notes if n.startswith("refused"))


def test_a_path_under_the_jobs_directory_or_inside_a_container_is_no_site_path() -> None:
    """``"$(pwd)"/data/KITTI`` is under the job's directory and ``target=/app/data`` is inside
    the image: neither is named as a place of the source site's file systems (unseen11
    ulaval); a real site path on the same line still is."""
    from maple_flow.port.storage import _source_places

    line = ('docker run --mount type=bind,source="$(pwd)"/data/KITTI,target=/app/data/KITTI '
            "img python3 /home/u/proj/train.py")
    assert [p[1] for p in _source_places((line,))] == ["/home/u/proj/train.py"]
    assert [p[1] for p in _source_places(("cd /leonardo_scratch/$USER/x/y",))] == [
        "/leonardo_scratch/$USER/x/y"]
