"""The general classes behind unseen17's held-out ports judged not good (s21-u17heldA): every
fixture is our own script shape, each test fails without its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.node_type import choose_node_type
from maple_flow.port.rules import classify_env
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.launch import read_words

SLURM = "#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=1 --gres=gpu:4\n#SBATCH -t 01:00:00\n"
PBS = "#!/bin/sh\n#PBS -l select=1\n#PBS -l walltime=1:00:00\n#PBS -q debug\n"


def test_an_exported_launch_variable_is_named_with_its_line_not_as_unset() -> None:
    # `export RUNNER="$(cat runner.txt)"` sets RUNNER: a refusal never says the script does not
    script = PBS + ('export RUNNER="$(cat runner.txt)"\n'
                    "mpiexec -n 4 --ppn 4 $RUNNER --steps 10\n")
    with pytest.raises(ParseError) as err:
        port(script, "vista")
    text = str(err.value)
    assert "does not set" not in text
    assert "$RUNNER (line 5" in text


def test_a_binary_path_whose_directory_reads_the_environment_is_the_ranks_program() -> None:
    line = read_words(["mpiexec", "-n", "4", "/proj/$USER/juliaup/bin/julia", "--project=.",
                       "run.jl"])
    assert line is not None and line.command
    assert line.entrypoint == "/proj/$USER/juliaup/bin/julia"
    assert read_words(["mpiexec", "-n", "4", "/proj/bin/$APP", "x"]) is None  # the file unknown


def test_an_exported_binary_path_on_mpiexec_asks_its_gpus_not_refuses() -> None:
    script = PBS + ("NRANKS=1\nNTHREADS=4\n"
                    "export JULIA_BIN=/lus/proj/$USER/juliaup/bin/julia\n"
                    "mpiexec -n ${NRANKS} -ppn ${NRANKS} -env OMP_NUM_THREADS=${NTHREADS} "
                    "--env OMP_PLACES=cores ${JULIA_BIN} --project=. sim.jl\n")
    with pytest.raises(MissingInformation) as err:
        port(script, "vista")
    assert "gpus_per_node" in str(err.value)


def test_pals_env_option_takes_one_name_value_word() -> None:
    line = read_words(["mpiexec", "-n", "2", "-env", "OMP_NUM_THREADS=4", "--env",
                       "OMP_PLACES=cores", "python", "x.py"])
    assert line is not None and line.entrypoint == "x.py"
    assert ("-env", "OMP_NUM_THREADS=4") in line.stages[0].options
    hydra = read_words(["mpiexec", "-n", "2", "-genv", "OMP_NUM_THREADS", "4", "python", "x.py"])
    assert hydra is not None and ("-genv", "OMP_NUM_THREADS 4") in hydra.stages[0].options


def test_a_launcher_env_value_is_put_in_from_the_scripts_own_variable() -> None:
    script = PBS + ("NTHREADS=4\n"
                    "mpiexec -n 4 --ppn 4 -env OMP_NUM_THREADS=${NTHREADS} python train.py\n")
    assert parse_script(script).env["OMP_NUM_THREADS"] == "4"


def test_a_per_node_loop_whose_host_is_picked_in_the_body_is_refused_for_its_rank() -> None:
    script = SLURM + (
        'nodes_array=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))\n'
        "for ((i = 1; i < SLURM_JOB_NUM_NODES; i++)); do\n"
        "    node_i=${nodes_array[$i]}\n"
        '    srun --nodes=1 --ntasks=1 -w "$node_i" python3 -m srv.launch --node-rank $i &\n'
        "done\nwait\n")
    with pytest.raises(ParseError) as err:
        parse_script(script)
    assert "once per node" in str(err.value) and "$i" in str(err.value)


def test_a_single_quoted_bash_c_body_splits_a_multi_line_value_into_words() -> None:
    script = SLURM + (
        'export LAUNCHER="torchrun --nproc_per_node 4 --nnodes 2\n    "\n'
        'export CMD=" \\\n    train.py\n    --backend nccl \\\n    --deepspeed\n    "\n'
        "srun bash -c '$LAUNCHER --node_rank $SLURM_PROCID $CMD'\n")
    p = parse_script(script)
    assert p.launch.entrypoint == "train.py"
    assert p.launch.args == ["--backend", "nccl", "--deepspeed"]


def test_conda_settings_are_the_users_and_its_activation_state_the_sites() -> None:
    assert classify_env("CONDA_ENVS_PATH", "/scratch-ssd/$USER/conda_envs").kind != "site"
    assert classify_env("CONDA_PKGS_DIRS", "/scratch-ssd/$USER/conda_pkgs").kind != "site"
    assert classify_env("CONDA_PREFIX", "/opt/conda/envs/x").kind == "site"


def test_a_memory_request_above_the_default_node_takes_the_node_type_with_the_same_gpus() -> None:
    delta = get_profile("delta")
    choice = choose_node_type([], delta, 4, host=(350 * 1024.0, "--mem=350GB"))
    assert choice.type_id == "gpuA100x8"
    assert choose_node_type([], delta, 4, host=(200 * 1024.0, "--mem=200GB")).type_id is None


def test_one_process_asking_more_than_a_delta_a100x4_node_is_ported_to_its_a100x8_nodes() -> None:
    script = ("#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH --mem=350GB\n#SBATCH -t 01:00:00\n"
              "python train.py --epochs 3\n")
    r = port(script, "delta")["delta"]
    assert r.status == "generated"
    assert "#SBATCH -p gpuA100x8" in r.script or "#SBATCH --partition=gpuA100x8" in r.script
    assert any("gpuA100x8" in n and "350GB" in n for n in r.notes)


def test_a_container_programs_host_path_reads_the_targets_scheduler_variables() -> None:
    # the pyxis mount `$SLURM_SUBMIT_DIR:/workspace` is not carried: on a PBS target the
    # program's host path is under PBS's submit directory, not Slurm's (unset there); a stock
    # PyTorch image, which the target's stack stands in for (a user's own image is refused:
    # tests/test_port_severity.py)
    script = ("#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=4 --gres=gpu:4\n#SBATCH -t 01:00:00\n"
              'srun --container-image="$SLURM_SUBMIT_DIR/pytorch_24.01.sqsh" '
              '--container-mounts="$SLURM_SUBMIT_DIR:/workspace" python /workspace/train.py '
              "--epochs 2\n")
    r = port(script, "polaris")["polaris"]
    launch = [ln for ln in r.script.split("\n") if "train.py" in ln]
    assert any("$PBS_O_WORKDIR/train.py" in ln for ln in launch)
    assert not any("$SLURM_SUBMIT_DIR/train.py" in ln for ln in launch)


def test_an_activation_of_an_install_a_kept_step_runs_is_kept_with_it() -> None:
    script = ("#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH -t 01:00:00\n"
              "/scratch-ssd/grp/miniconda3/bin/conda-env update -f environment.yml\n"
              "source /scratch-ssd/grp/miniconda3/bin/activate myenv\n"
              "srun python train.py --epochs 2\n")
    r = port(script, "vista")["vista"]
    assert "source /scratch-ssd/grp/miniconda3/bin/activate myenv" in r.script
    lone = ("#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH -t 01:00:00\n"
            "source /scratch-ssd/grp/miniconda3/bin/activate myenv\n"
            "srun python train.py --epochs 2\n")
    # a conda the user (or the group) installed on scratch is the user's own environment:
    # kept alone too, flagged (issue 14, s22-siteenv); one in the site's software tree is not
    alone = port(lone, "vista")["vista"]
    assert "source /scratch-ssd/grp/miniconda3/bin/activate myenv" in alone.script
    assert any("is your own environment" in n for n in alone.notes)
    site = lone.replace("/scratch-ssd/grp/miniconda3", "/apps/miniconda3")
    assert "bin/activate myenv" not in port(site, "vista")["vista"].script
