"""The general classes behind unseen19's tune ports judged not good (s22-u19tune): every fixture
is our own script shape, each test fails without its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError
from maple_flow.scriptparse.steps import _raw_tail

SLURM = "#!/bin/bash\n#SBATCH -N 1 --ntasks-per-node=1 --gres=gpu:1\n#SBATCH -t 01:00:00\n"


def test_a_multi_line_bash_c_in_the_launch_branch_is_refused_with_a_clear_reason() -> None:
    script = SLURM + (
        'if [ -z "$1" ]; then\n'
        '    apptainer exec --nv img.sif /bin/bash -c "\n'
        "    source /ext3/env.sh\n"
        "    python -m pkg.train out=a\n"
        '    "\n'
        "else\n"
        '    apptainer exec --nv img.sif /bin/bash -c "\n'
        "    source /ext3/env.sh\n"
        "    python -m pkg.train $@\n"
        '    "\n'
        "fi\n")
    result = port(script, "perlmutter")["perlmutter"]
    assert result.status == "refused"
    text = " ".join(result.notes)
    assert "JobSpec" not in text and "set-up step is one line" not in text
    assert "written over 4 lines" in text and "line 5 " in text


def test_inert_hash_space_directives_are_named_in_the_ask() -> None:
    script = ("#!/bin/bash\n# SBATCH --nodes=1\n# SBATCH --gres=gpu:a100:4\n"
              "##SBATCH --time=00:15:00\nmodule load miniconda3\npython ddp.py -g 4\n")
    with pytest.raises(MissingInformation) as err:
        port(script, "polaris")
    text = str(err.value)
    assert "`# SBATCH` lines (lines 2-4" in text and "`--gres=gpu:a100:4`" in text
    assert "given at submission" not in text


def test_a_builtin_run_in_a_container_is_not_moved_to_the_host() -> None:
    script = SLURM + ("singularity exec --nv env.sif export CUDA_HOME=/usr/local/cuda\n"
                      "singularity exec --nv env.sif export PATH=$CUDA_HOME/bin:$PATH\n"
                      "singularity exec --nv env.sif python main.py\n")
    result = port(script, "vista")["vista"]
    assert "export 'PATH" not in result.script and "export CUDA_HOME" not in result.script
    assert any("shell builtin `export`" in n for n in result.notes)


def test_a_container_command_kept_on_the_host_keeps_its_quotes_and_variables() -> None:
    assert _raw_tail('singularity exec img.sif pip install "$PKG" \'a b\'', 4) == (
        'pip install "$PKG" \'a b\'')
    assert _raw_tail("singularity exec img.sif touch $OUT/x", 2) == "touch $OUT/x"


def test_a_launch_held_in_a_variable_is_named_not_the_sourced_venv() -> None:
    script = SLURM + ('ACT="./.venv/bin/activate"\n'
                      'if [[ -f "$ACT" ]]; then\n    source "$ACT"\nfi\n'
                      'if [[ "$N" -gt 1 ]]; then\n'
                      '    RUN="srun uv run torchrun --standalone'
                      ' --nproc_per_node=$N $(which train)"\n'
                      "else\n    RUN=\"srun uv run train\"\nfi\n"
                      '${RUN} --config-name x "$@"\n')
    with pytest.raises(ParseError) as err:
        port(script, "lonestar6")
    text = str(err.value)
    assert "sourced file" not in text
    assert "runs the command held in $RUN (line 9:" in text and "line 11:" in text


def test_a_zsh_script_names_the_shell_change_and_drops_its_zshrc() -> None:
    script = ("#!/bin/zsh\n#SBATCH -N 1 --ntasks=1 --gres=gpu:1\n#SBATCH -t 01:00:00\n"
              "set -e\nsource $HOME/.zshrc\nsource env/bin/activate\nsrun python train.py\n")
    result = port(script, "stampede3")["stampede3"]
    assert "source $HOME/.zshrc" not in result.script
    assert any(n.startswith("shell: the source is a zsh script") for n in result.notes)
    assert any("startup file of another shell" in n for n in result.notes)


def test_a_wrapper_under_pals_mpiexec_gets_the_pals_rank_names_under_srun() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n"
              "#PBS -q debug\n#PBS -A proj\n"
              "mpiexec -n 8 --ppn 4 --depth=8 --cpu-bind depth ./wrap.sh python train.py\n")
    result = port(script, "bridges2")["bridges2"]
    assert result.status != "refused"
    assert 'PALS_RANKID="$MAPLE_RANK"' in result.script
    assert 'PALS_LOCAL_RANKID="$MAPLE_LOCAL_RANK"' in result.script
    assert any("your wrapper ./wrap.sh ran under mpiexec" in n for n in result.notes)


def test_deepspeed_config_given_to_the_launcher_reaches_the_program() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2 --ntasks-per-node=1 --gpus-per-node=4\n"
              "#SBATCH -t 01:00:00\nCFG=configs/ds.json\n"
              "deepspeed --num_nodes=$SLURM_NNODES --num_gpus=4 --deepspeed_config=$CFG \\\n"
              "    train.py --use_deepspeed --epochs 3\n")
    result = port(script, "delta")["delta"]
    launch = [ln for ln in result.script.splitlines() if "train.py" in ln][-1]
    assert launch.rstrip().endswith('--epochs 3 --deepspeed_config "$CFG"')
    assert any("deepspeed.add_config_arguments" in n for n in result.notes)


def test_a_pyxis_workdir_on_a_mount_point_is_refused_not_dropped_to_comments() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1 --ntasks-per-node=1 --gpus-per-node=4\n"
              "#SBATCH -t 01:00:00\n#SBATCH --container-image=nvcr.io#nvidia/pytorch:24.01-py3\n"
              "#SBATCH --container-mounts=/lab/me/proj:/mnt/proj\n"
              "#SBATCH --container-workdir=/mnt/proj\n"
              "torchrun --nproc_per_node=4 train.py --epochs 2\n")
    result = port(script, "stampede3")["stampede3"]
    assert result.status == "refused"
    assert any("starts in the container's mount point /mnt/proj" in n for n in result.notes)


def test_srun_steps_pinned_to_shares_of_the_nodes_are_refused() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2 --ntasks-per-node=1 --gres=gpu:4\n"
              "#SBATCH -t 01:00:00\nNODES=($(scontrol show hostnames $SLURM_JOB_NODELIST))\n"
              "HEAD=${NODES[0]}\n"
              "srun -N1 -w $HEAD bash serve.sh &\nsleep 60\n"
              "srun -N1 -x $HEAD python train.py\n")
    result = port(script, "delta")["delta"]
    assert result.status == "refused"
    assert any("pinning them to chosen nodes" in n and "(-x $HEAD)" in n for n in result.notes)
